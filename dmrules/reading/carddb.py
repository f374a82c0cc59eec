"""The card database: cards by printed name, with their replacement abilities.

Bundled cards live in ``dmrules/cards/*.yaml``; a scenario can define more
cards inline with the same schema. Names stay as printed (Japanese); lookup
ignores width, spacing and 《》 brackets (NFKC), and a miss suggests the
closest printed names.
"""

from __future__ import annotations

import difflib
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from .abilities import CIVILIZATIONS, ReplacementAbility, TriggeredAbility, parse_ability, parse_trigger
from ..errors import InputError
from .reader import Node
from .yamlsrc import load_located, load_located_text

# Printed card types and what they mean for the rules.
TYPE_EXPANSION: dict[str, tuple[str, ...]] = {
    "creature": ("creature",),
    "evolution_creature": ("creature", "evolution"),
    "psychic_creature": ("creature", "psychic"),
    "dragheart_creature": ("creature", "dragheart"),
    "dragheart_weapon": ("dragheart", "weapon"),
    "dragheart_fortress": ("dragheart", "fortress"),
    "spell": ("spell",),
    "castle": ("castle",),
    "tamaseed": ("tamaseed",),
    "cross_gear": ("cross_gear",),
    "field": ("field",),
    "aura": ("aura",),
}

CARD_FIELDS = ("name", "type", "civilizations", "cost", "power", "races", "text", "text_verified",
               "note", "replacements", "triggers", "flips_to", "source", "compiled", "unread", "unknown")
CHARACTERISTICS = ("races", "civilizations", "cost", "power")


@dataclass(frozen=True)
class CardDef:
    """A card as printed, with the structured form of its replacement abilities."""

    name: str
    types: tuple[str, ...]
    civilizations: tuple[str, ...] = ()
    cost: int | None = None
    power: int | None = None
    races: tuple[str, ...] = ()
    text: str | None = None
    replacements: tuple[ReplacementAbility, ...] = ()
    triggers: tuple[TriggeredAbility, ...] = ()
    text_verified: bool = True
    note: str | None = None
    flips_to: str | None = None
    source: str | None = None
    compiled: bool = False              # the replacements are what the compiler reads from ``text``
    unread: str | None = None           # why the compiler cannot read ``text`` yet
    unknown: tuple[str, ...] = ()       # characteristics the source does not give

    @property
    def evolution(self) -> bool:
        return "evolution" in self.types

    @property
    def hyperspatial(self) -> bool:
        """Psychic and dragheart cards return to the hyperspatial zone."""
        return "psychic" in self.types or "dragheart" in self.types


def parse_card(node: Node, *, from_text: bool = False) -> CardDef:
    """Read one card definition (bundled or inline).

    With ``from_text`` (a scenario's inline card), a card that gives its
    printed ``text`` and no ``replacements`` gets the replacement abilities
    the card-text compiler reads from the text; its ``type`` then defaults to
    ``creature``.
    """
    by_text = from_text and node.has("text") and not node.has("replacements")
    node.keys(CARD_FIELDS, required=("name",) if by_text else ("name", "type"))
    types: list[str] = []
    printed_types = node.child("type").elements() if node.has("type") else ()
    for element in printed_types:
        for t in TYPE_EXPANSION[element.text(TYPE_EXPANSION)]:
            if t not in types:
                types.append(t)
    if not types:
        types = ["creature"]
    replacements = ()
    if node.has("replacements"):
        replacements = tuple(parse_ability(a) for a in node.child("replacements").elements())
    elif by_text:
        replacements = _compiled(node.child("text"), "castle" if "castle" in types else None, node.child("name").text())
    triggers = ()
    if node.has("triggers"):
        triggers = tuple(parse_trigger(t) for t in node.child("triggers").elements())
    return CardDef(
        name=node.child("name").text(),
        types=tuple(types),
        civilizations=tuple(node.opt_texts("civilizations", CIVILIZATIONS)),
        cost=node.opt_int("cost", None, 0, 999),
        power=node.opt_int("power", None, 0, 10_000_000),
        races=tuple(node.opt_texts("races")),
        text=node.opt_text("text"),
        replacements=replacements,
        triggers=triggers,
        text_verified=node.opt_bool("text_verified", True),
        note=node.opt_text("note"),
        flips_to=node.opt_text("flips_to"),
        source=node.opt_text("source"),
        compiled=node.opt_bool("compiled"),
        unread=node.opt_text("unread"),
        unknown=tuple(node.opt_texts("unknown", CHARACTERISTICS)),
    )


def _compiled(node: Node, card_type: str | None, name: str) -> tuple[ReplacementAbility, ...]:
    """The replacement abilities the card-text compiler reads from a printed text."""
    from .cardtext import compile_text, read_forms

    compiled = compile_text(node.text(), card_type)
    if compiled.problems:
        raise node.error(f"the text of {name} cannot be read: " + compiled.problems[0].problem
                         + " (give the card's 'replacements' by hand, see docs/card-text.md)")
    try:
        return read_forms(compiled.abilities, node.located.path)
    except InputError as exc:  # pragma: no cover - the compiler writes only forms the loader reads
        raise node.error(f"the card text compiled to a form the loader refuses: {exc.problem}") from None


def normalize(name: str) -> str:
    """The lookup key of a name: NFKC, no spaces, no 《》 brackets."""
    text = unicodedata.normalize("NFKC", name)
    for mark in "《》<>「」 \u3000\t":
        text = text.replace(mark, "")
    return text


def loose(name: str) -> str:
    """A looser key that also forgets separators (・, =, -, ー-like marks)."""
    text = normalize(name)
    for mark in "・･=＝-‐―ー〜~.":
        text = text.replace(mark, "")
    return text.lower()


class CardDatabase:
    """Cards by name."""

    def __init__(self, cards: list[CardDef] | None = None):
        self._cards: dict[str, CardDef] = {}
        self._loose: dict[str, list[str]] = {}
        for card in cards or []:
            self.add(card)

    def add(self, card: CardDef) -> None:
        key = normalize(card.name)
        self._cards[key] = card
        self._loose.setdefault(loose(card.name), []).append(key)

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self):
        return iter(sorted(self._cards.values(), key=lambda c: c.name))

    def find(self, name: str) -> CardDef | None:
        """The card printed ``name``, allowing width, spacing and bracket differences."""
        card = self._cards.get(normalize(name))
        if card is not None:
            return card
        keys = self._loose.get(loose(name), [])
        if len(keys) == 1:
            return self._cards[keys[0]]
        return None

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """The printed names closest to ``name``."""
        keys = list(self._cards)
        found = difflib.get_close_matches(normalize(name), keys, n=n, cutoff=0.5)
        if not found:
            by_loose = {loose(self._cards[k].name): k for k in keys}
            found = [by_loose[k] for k in difflib.get_close_matches(loose(name), list(by_loose), n=n, cutoff=0.5)]
        return [self._cards[k].name for k in found]

    def search(self, query: str) -> list[CardDef]:
        """Cards whose name contains the query (loosely), or the closest ones."""
        q = loose(query)
        hits = [c for c in self if q in loose(c.name)]
        if hits:
            return hits
        return [self.find(n) for n in self.suggest(query, 5)]


def load_card_file(path: str | Path, text: str | None = None) -> list[CardDef]:
    located = load_located(path) if text is None else load_located_text(text, str(path))
    root = Node.root(located).keys(("cards",), required=("cards",))
    return [parse_card(element) for element in root.child("cards").elements()]


@lru_cache(maxsize=1)
def bundled() -> CardDatabase:
    """The card database shipped with dmrules."""
    db = CardDatabase()
    folder = resources.files("dmrules") / "cards"
    seen: dict[str, str] = {}
    for entry in sorted(folder.iterdir(), key=lambda p: p.name):
        if not entry.name.endswith(".yaml"):
            continue
        for card in load_card_file(f"dmrules/cards/{entry.name}", entry.read_text(encoding="utf-8")):
            key = normalize(card.name)
            if key in seen:
                raise InputError(f"dmrules/cards/{entry.name}", card.name, f"defined twice (also in {seen[key]})")
            seen[key] = entry.name
            db.add(card)
    return db
