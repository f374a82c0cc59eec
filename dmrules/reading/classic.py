"""The classic card list as the base of the bundled pool (``dmrules/cards/classic.json``).

``tests/cards/classic.tsv`` holds every card of the sets DM-01 to DM-39 that two public,
fan-made card lists give (``super-pylori/duel-masters-cardlist`` and
``t1k2a/duelmasters-classic08-database``): name, printed type, civilizations, races, cost, power,
the printed text, the sets and the list each row comes from. ``classic_build.py`` turns it into
the database dmrules reads at start-up: each card with its characteristics in the model's words
(the types of ``TYPE_EXPANSION``, the civilizations light, water, darkness, fire, nature, zero),
its text, and what the card-text compiler reads from that text: its replacement abilities (typed
forms, ``formdata.py``), or the phrase it cannot read (``unread``), so that a scenario naming the
card is refused rather than solved without its ability. No text is compiled at start-up.
"""

from __future__ import annotations

import json
import re
from functools import cache, lru_cache
from importlib import resources

from ..game.cards import CardDef
from ..game.errors import InputError
from ..game.vocabulary import TYPE_EXPANSION
from .formdata import from_data

CLASSIC_SCHEMA = 1
FILE = "classic.json"
CIVILIZATION_WORDS = {"光": "light", "水": "water", "闇": "darkness", "火": "fire", "自然": "nature", "ゼロ": "zero"}
# Printed card types (without the kind of evolution in brackets, 「進化クリーチャー(究極進化)」),
# as the scenario format writes them (TYPE_EXPANSION).
TYPE_WORDS = {
    "クリーチャー": "creature",
    "呪文": "spell",
    "クロスギア": "cross_gear",
    "城": "castle",
    "サイキック・クリーチャー": "psychic_creature",
    "ドラグハート・クリーチャー": "dragheart_creature",
    "ドラグハート・ウエポン": "dragheart_weapon",
    "ドラグハート・フォートレス": "dragheart_fortress",
    "タマシード": "tamaseed",
    "フィールド": "field",
    "オーラ": "aura",
}
_TRAILING_BRACKETS = re.compile(r"\(.*\)$")
_POWER = re.compile(r"(\d+)([+-]?)")


@cache
def card_types(printed: str) -> tuple[str, ...]:
    """The model's types of a printed type: 「進化クリーチャー(究極進化)」 → creature, evolution;
    「進化クロスギア」 → cross_gear, evolution. A type outside the table is an error."""
    word = _TRAILING_BRACKETS.sub("", printed.strip())
    evolution = word.startswith("進化") and word[2:] in TYPE_WORDS
    base = TYPE_WORDS.get(word[2:] if evolution else word)
    if base is None:
        raise ValueError(f"unknown printed type 「{printed}」")
    types = TYPE_EXPANSION[base]
    return types + ("evolution",) if evolution and "evolution" not in types else types


def civilizations(printed: str) -> list[str]:
    """「光/闇」 → [light, darkness]."""
    out = []
    for word in filter(None, printed.split("/")):
        if word not in CIVILIZATION_WORDS:
            raise ValueError(f"unknown civilization 「{word}」")
        out.append(CIVILIZATION_WORDS[word])
    return out


def power(printed: str) -> tuple[int | None, str | None]:
    """「3000+」 → (3000, "+"): the printed power, and the sign that says an ability changes it."""
    if not printed:
        return None, None
    m = _POWER.fullmatch(printed.strip())
    if m is None:
        raise ValueError(f"unreadable power 「{printed}」")
    return int(m.group(1)), m.group(2) or None


def card(data: dict) -> CardDef:
    """A card of the database."""
    replacements = tuple(from_data(a) for a in data.get("replacements", ()))
    restrictions = tuple(from_data(a) for a in data.get("restrictions", ()))
    triggers = tuple(from_data(a) for a in data.get("triggers", ()))
    text = data.get("text")
    return CardDef(
        name=data["name"],
        types=card_types(data["type"]),
        civilizations=tuple(data.get("civilizations", ())),
        cost=data.get("cost"),
        power=data.get("power"),
        races=tuple(data.get("races", ())),
        text=text,
        replacements=replacements,
        restrictions=restrictions,
        triggers=triggers,
        source=data.get("source"),
        compiled=text is not None and "unread" not in data,
        unread=data.get("unread"),
        printed_type=data["type"],
        power_sign=data.get("power_sign"),
        sets=tuple(data.get("sets", ())),
        keywords=tuple(data.get("keywords", ())),
        crossed_keywords=tuple(data.get("crossed_keywords", ())),
        keyword_grants=tuple(tuple(g) for g in data.get("keyword_grants", ())),
    )


@lru_cache(maxsize=1)
def classic_entries() -> tuple[dict, ...]:
    """The entries of the classic list's database, as the file holds them (``card`` makes each a card)."""
    raw = (resources.files("dmrules") / "cards" / FILE).read_text(encoding="utf-8")
    data = json.loads(raw)
    if data.get("schema") != CLASSIC_SCHEMA:
        raise InputError(f"dmrules/cards/{FILE}", "schema", f"schema {data.get('schema')!r}, expected {CLASSIC_SCHEMA}")
    return tuple(data["cards"])


@lru_cache(maxsize=1)
def classic_cards() -> tuple[CardDef, ...]:
    """Every card of the classic list, as the bundled database holds it."""
    return tuple(card(item) for item in classic_entries())
