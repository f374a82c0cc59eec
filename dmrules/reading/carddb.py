"""The card database: cards by printed name, with their replacement abilities.

Bundled cards live in ``dmrules/cards/*.yaml``; a scenario can define more
cards inline with the same schema. Names stay as printed (Japanese); lookup
ignores width (NFKC), hiragana/katakana, case, spacing, 《》 brackets and
separators such as ＝ and ・, and a miss suggests the closest printed names.
"""

from __future__ import annotations

import difflib
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ..errors import InputError
from .abilities import (
    CIVILIZATIONS,
    ReplacementAbility,
    Restriction,
    TriggeredAbility,
    parse_ability,
    parse_restriction,
    parse_trigger,
)
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

CARD_FIELDS = (
    "name",
    "type",
    "civilizations",
    "cost",
    "power",
    "races",
    "text",
    "text_source",
    "hand_written",
    "note",
    "replacements",
    "triggers",
    "flips_to",
    "source",
    "compiled",
    "unread",
    "unknown",
    "restrictions",
    "partial",
)
# Where a card's text comes from: as printed (the default), or a paraphrase of a ruling.
TEXT_SOURCES = ("printed", "paraphrase")
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
    restrictions: tuple[Restriction, ...] = ()
    text_source: str = "printed"  # printed, or paraphrase: written from a ruling's paraphrase
    hand_written: bool = False  # the structured form was written by hand, not compiled from the text
    note: str | None = None
    flips_to: str | None = None
    source: str | None = None  # where the printed text was found (a public name)
    compiled: bool = False  # the replacements are what the compiler reads from ``text``
    unread: str | None = None  # why the compiler cannot read ``text`` yet
    unknown: tuple[str, ...] = ()  # characteristics the source does not give
    partial: str | None = None  # what the structured form leaves out of the printed text, or states otherwise

    @property
    def caveat(self) -> str | None:
        """Why answers that turn on this card's abilities may not hold for the real card, if they may not."""
        if self.partial:
            return f"its structured form is partial: {self.partial}"
        if self.text_source == "paraphrase" and (self.replacements or self.triggers or self.restrictions):
            return (
                "its text is a ruling's paraphrase (its printed text was not found): its structured form "
                "states only what that ruling needs"
            )
        return None

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
        replacements = tuple(parse_ability(require_counts(a)) for a in node.child("replacements").elements())
    elif by_text:
        replacements = _compiled(node.child("text"), "castle" if "castle" in types else None, node.child("name").text())
    triggers = ()
    if node.has("triggers"):
        triggers = tuple(parse_trigger(t) for t in node.child("triggers").elements())
    restrictions = ()
    if node.has("restrictions"):
        restrictions = tuple(parse_restriction(r) for r in node.child("restrictions").elements())
    if node.has("hand_written") and not (replacements or triggers or restrictions):
        raise node.error(
            "'hand_written' marks a structured form: this card has no replacements, triggers or restrictions",
            "hand_written",
        )
    if node.has("partial") and node.opt_bool("compiled"):
        raise node.error(
            "'partial' says what a structured form written by hand leaves out: a compiled form leaves nothing out",
            "partial",
        )
    if node.opt_text("text_source", "printed", TEXT_SOURCES) == "paraphrase" and not node.has("note"):
        raise node.error("a paraphrased text needs a 'note' saying what it paraphrases", "text_source")
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
        restrictions=restrictions,
        text_source=node.opt_text("text_source", "printed", TEXT_SOURCES),
        hand_written=node.opt_bool("hand_written"),
        note=node.opt_text("note"),
        flips_to=node.opt_text("flips_to"),
        source=node.opt_text("source"),
        compiled=node.opt_bool("compiled"),
        unread=node.opt_text("unread"),
        unknown=tuple(node.opt_texts("unknown", CHARACTERISTICS)),
        partial=node.opt_text("partial"),
    )


def _compiled(node: Node, card_type: str | None, name: str) -> tuple[ReplacementAbility, ...]:
    """The replacement abilities the card-text compiler reads from a printed text."""
    from .cardtext import compile_text, read_forms

    compiled = compile_text(node.text(), card_type)
    if compiled.problems:
        raise node.error(
            f"the text of {name} cannot be read: "
            + compiled.problems[0].problem
            + " (give the card's 'replacements' by hand, see docs/card-text.md)"
        )
    try:
        return read_forms(compiled.abilities, node.located.path)
    except InputError as exc:  # pragma: no cover - the compiler writes only forms the loader reads
        raise node.error(f"the card text compiled to a form the loader refuses: {exc.problem}") from None


def require_counts(ability: Node) -> Node:
    """A choice of affected cards (a ``choose`` in what happens ``instead``) says how many it takes:
    with no ``count`` it is an error (「1枚」, 「2体」 are part of the printed text, never a default).
    Returns the ability's node."""
    if isinstance(ability.value, dict) and "instead" in ability.value:
        _require_counts(ability.child("instead"))
    return ability


def _require_counts(node: Node) -> None:
    if isinstance(node.value, dict):
        for key, child in node.items():
            if key == "choose" and isinstance(child.value, dict) and "count" not in child.value:
                raise child.error(
                    "a choice says how many cards it takes: 'count: N' (as the printed text says, "
                    "「1枚」, 「2体」; 'any' for 「好きな数」)"
                )
            _require_counts(child)
    elif isinstance(node.value, list):
        for child in node.elements():
            _require_counts(child)


def normalize(name: str) -> str:
    """The lookup key of a name: NFKC, no spaces, no 《》 brackets."""
    text = unicodedata.normalize("NFKC", name)
    for mark in "《》<>「」 \u3000\t":
        text = text.replace(mark, "")
    return text


def _katakana(text: str) -> str:
    """Hiragana as katakana (じゃしん → ジャシン)."""
    return "".join(
        chr(ord(ch) + 0x60) if "\u3041" <= ch <= "\u3096" or "\u309d" <= ch <= "\u309e" else ch for ch in text
    )


def loose(name: str) -> str:
    """A looser key that also forgets separators (・, =, -, ー-like marks, quotes), case and
    the difference between hiragana and katakana."""
    text = _katakana(normalize(name))
    for mark in "・･=＝-‐―ー〜~.,、。!！?？'\"“”‘’/／♪":
        text = text.replace(mark, "")
    return text.lower()


def _similarity(query: str, key: str) -> float:
    """How close a query is to a name key: the whole name, or the best stretch of it as long as the query."""
    if not query or not key:
        return 0.0
    best = difflib.SequenceMatcher(None, query, key).ratio()
    if len(key) > len(query):
        for start in range(len(key) - len(query) + 1):
            window = key[start : start + len(query)]
            best = max(best, difflib.SequenceMatcher(None, query, window).ratio())
    return best


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

    def __contains__(self, name: str) -> bool:
        return self.find(name) is not None

    def find(self, name: str) -> CardDef | None:
        """The card printed ``name``, allowing differences of width, kana, case, spacing,
        brackets and separators (＝, ・, -)."""
        card = self._cards.get(normalize(name))
        if card is not None:
            return card
        keys = self._loose.get(loose(name), [])
        if len(keys) == 1:
            return self._cards[keys[0]]
        return None

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """The printed names closest to ``name``, closest first (at most ``n``)."""
        return [c.name for c in self.near(name, n)]

    def near(self, query: str, n: int = 5, cutoff: float = 0.5) -> list[CardDef]:
        """Near misses: the cards whose name is closest to the query, closest first."""
        q = loose(query)
        scored = sorted(((-_similarity(q, loose(c.name)), c.name, c) for c in self), key=lambda t: t[:2])
        if not scored:
            return []
        best = -scored[0][0]
        # Far behind the best match is no near miss.
        return [c for score, _, c in scored if -score >= max(cutoff, best - 0.25)][:n]

    def search(self, query: str) -> list[CardDef]:
        """Cards whose name matches the query, best first: the name itself, then names that
        begin with it, then names that contain it, then names holding each of its words.
        Empty when nothing matches (``near`` gives the near misses)."""
        q = loose(query)
        if not q:
            return []
        words = [loose(w) for w in unicodedata.normalize("NFKC", query).split() if loose(w)]
        ranked = []
        for card in self:
            key = loose(card.name)
            if key == q:
                rank = 0
            elif key.startswith(q):
                rank = 1
            elif q in key:
                rank = 2
            elif len(words) > 1 and all(w in key for w in words):
                rank = 3
            else:
                continue
            ranked.append((rank, len(key), card.name, card))
        return [card for *_, card in sorted(ranked, key=lambda t: t[:3])]


def load_card_file(path: str | Path, text: str | None = None) -> list[CardDef]:
    located = load_located(path) if text is None else load_located_text(text, str(path))
    root = Node.root(located).keys(("cards",), required=("cards",))
    return [parse_card(element) for element in root.child("cards").elements()]


def _cache_file() -> Path | None:
    """Where the bundled database is kept compiled between runs (``cache.py``)."""
    from .cache import cache_root, code_key

    root, key = cache_root(), code_key()
    return None if root is None or key is None else root / f"cards-{key}.json"


@lru_cache(maxsize=1)
def bundled() -> CardDatabase:
    """The card database shipped with dmrules, compiled once and kept (``_cache_file``)."""
    from .cache import cache_root, code_key, forget_stale, load, store
    from .keepable import decode, encode

    cache = _cache_file()
    kept = load(cache)
    if kept is not None:
        try:
            cards = decode(kept)
            if isinstance(cards, list) and all(isinstance(c, CardDef) for c in cards):
                return CardDatabase(cards)
        except ValueError:  # of the wrong shape: read again
            pass
    db = _read_bundled()
    store(cache, encode(list(db)))
    forget_stale(cache_root(), code_key())
    return db


def _read_bundled() -> CardDatabase:
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
