"""The card database: cards by printed name, with their replacement abilities.

Bundled cards live in ``dmrules/cards/*.yaml``; a scenario can define more
cards inline with the same schema. Names stay as printed (Japanese); lookup
ignores width (NFKC), hiragana/katakana, case, spacing, 《》 brackets and
separators such as ＝ and ・, and a miss suggests the closest printed names.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import lru_cache, partial
from importlib import resources
from pathlib import Path

from ..cache import cache_root, code_key, forget_stale, load, reading_key, store
from ..game.abilities import ReplacementAbility, Restriction, TriggeredAbility
from ..game.cards import CardDef, CardSide
from ..game.errors import InputError
from ..game.vocabulary import CIVILIZATIONS, TYPE_EXPANSION
from .abilities import parse_ability, parse_restriction, parse_trigger
from .classic import card as classic_card
from .classic import classic_entries
from .keywords import printed_keywords
from .names import loose, name_key
from .reader import Node
from .textforms import TextReading, read_text
from .yamlsrc import load_located, load_located_text

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
    "sides",
)
SIDE_FIELDS = ("name", "type", "civilizations", "cost", "power", "races", "text")
# Where a card's text comes from: as printed (the default), or a paraphrase of a ruling.
TEXT_SOURCES = ("printed", "paraphrase")
LISTED_CHARACTERISTICS = ("races", "civilizations", "cost", "power")


def parse_card(node: Node, *, from_text: bool = False) -> CardDef:
    """Read one card definition (bundled or inline).

    With ``from_text`` (a scenario's inline card), a card that gives its
    printed ``text`` and no ``replacements`` gets the replacement abilities
    the card-text compiler reads from the text; its ``type`` then defaults to
    ``creature``.
    """
    if node.has("sides"):
        return _twinpact(node, from_text=from_text)
    by_text = from_text and node.has("text") and not node.has("replacements")
    node.keys(CARD_FIELDS, required=("name",) if by_text else ("name", "type"))
    types = _card_types(node)
    replacements, triggers, restrictions = _card_abilities(node, types, by_text=by_text)
    _check_form_marks(node, bool(replacements or triggers or restrictions))
    printed = printed_keywords(node.opt_text("text"))
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
        unknown=tuple(node.opt_texts("unknown", LISTED_CHARACTERISTICS)),
        partial=node.opt_text("partial"),
        keywords=printed.own,
        crossed_keywords=printed.crossed,
        keyword_grants=printed.grants,
    )


def _card_types(node: Node) -> list[str]:
    """The card's types, its printed ones expanded (``creature`` when none is given)."""
    types: list[str] = []
    printed_types = node.child("type").elements() if node.has("type") else ()
    for element in printed_types:
        for t in TYPE_EXPANSION[element.text(TYPE_EXPANSION)]:
            if t not in types:
                types.append(t)
    return types or ["creature"]


def _card_abilities(
    node: Node, types: list[str], *, by_text: bool
) -> tuple[tuple[ReplacementAbility, ...], tuple[TriggeredAbility, ...], tuple[Restriction, ...]]:
    """The card's replacement abilities, triggered abilities and restrictions: as written, or
    (``by_text``) as the card-text compiler reads them from its text."""
    replacements: tuple[ReplacementAbility, ...] = ()
    reading = TextReading()
    if node.has("replacements"):
        replacements = tuple(parse_ability(require_counts(a)) for a in node.child("replacements").elements())
    elif by_text:
        # the card's type: a castle's abilities work where it is; a card that is no spell casts no spell of its own
        reading = _compiled(
            node.child("text"), "castle" if "castle" in types else "/".join(types), node.child("name").text()
        )
        replacements = reading.abilities
    triggers = reading.triggers
    if node.has("triggers"):
        triggers = tuple(parse_trigger(t) for t in node.child("triggers").elements())
    restrictions = reading.restrictions
    if node.has("restrictions"):
        restrictions = tuple(parse_restriction(r) for r in node.child("restrictions").elements())
    return replacements, triggers, restrictions


def _check_form_marks(node: Node, has_form: bool) -> None:
    """What ``hand_written``, ``partial`` and ``text_source`` say must hold of the card."""
    if node.has("hand_written") and not has_form:
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


def _side(node: Node) -> CardSide:
    node.keys(SIDE_FIELDS, required=("name", "type", "cost"))
    types: list[str] = []
    for element in node.child("type").elements():
        for t in TYPE_EXPANSION[element.text(TYPE_EXPANSION)]:
            if t not in types:
                types.append(t)
    power = node.opt_int("power", None, 0, 10_000_000)
    if "creature" in types and power is None:
        raise node.error("a creature side states its power", "power")
    if "creature" not in types and power is not None:
        raise node.error("only a creature side has a power", "power")
    return CardSide(
        name=node.child("name").text(),
        types=tuple(types),
        civilizations=tuple(node.opt_texts("civilizations", CIVILIZATIONS)),
        races=tuple(node.opt_texts("races")),
        cost=node.child("cost").integer(0, 999),
        power=power,
        text=node.opt_text("text"),
    )


def _twinpact(node: Node, *, from_text: bool) -> CardDef:
    """A twinpact (ツインパクト): one card of two sides, each with its own characteristics. The
    card's own fields are their union; which of them count where is ``game.cards.faces``. Its
    replacement abilities are its ``replacements``, or (inline) what the compiler reads from the
    sides' texts."""
    for key in ("type", "civilizations", "cost", "power", "races", "text"):
        if node.has(key):
            raise node.error(f"a twinpact states '{key}' on each of its sides, not on the card", key)
    elements = list(node.child("sides").elements())
    if len(elements) != 2:
        raise node.error("a twinpact has two sides", "sides")
    sides = tuple(_side(e) for e in elements)
    by_text = from_text and not node.has("replacements") and any(side.text for side in sides)
    rest = {k: v for k, v in node.value.items() if k != "sides"}
    text = " / ".join(side.text for side in sides if side.text) or None
    base = parse_card(Node(node.located, node.place, {**rest, "type": "creature"}), from_text=False)
    replacements = base.replacements
    if by_text:
        replacements = tuple(
            r
            for e, side in zip(elements, sides)
            if side.text
            for r in _compiled(e.child("text"), None, side.name).abilities
        )
    creature = next((side for side in sides if "creature" in side.types), sides[0])
    return replace(
        base,
        types=tuple(dict.fromkeys(t for side in sides for t in side.types)),
        civilizations=tuple(dict.fromkeys(c for side in sides for c in side.civilizations)),
        races=tuple(dict.fromkeys(r for side in sides for r in side.races)),
        cost=creature.cost,
        power=creature.power,
        text=text,
        replacements=replacements,
        sides=sides,
    )


def _compiled(node: Node, card_type: str | None, name: str) -> TextReading:
    """The replacement abilities (and restrictions and triggers) the card-text compiler reads from a
    printed text."""
    try:
        reading = read_text(node.text(), card_type, node.located.path, name)
    except InputError as exc:  # pragma: no cover - the compiler writes only forms the loader reads
        raise node.error(f"the card text compiled to a form the loader refuses: {exc.problem}") from None
    if reading.unread is not None:
        raise node.error(
            f"the text of {name} cannot be read: "
            + reading.unread
            + " (give the card's 'replacements' by hand, see docs/card-text.md)"
        )
    return reading


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
                    "「1枚」, 「2体」; 'any' for 「好きな数」, 'all' for 「すべて」)"
                )
            _require_counts(child)
    elif isinstance(node.value, list):
        for child in node.elements():
            _require_counts(child)


def _similarity(query: str, key: str, chars: Counter | None = None, cutoff: float = 0.0) -> float:
    """How close a query is to a name key: the whole name, or the best stretch of it as long as the query.
    With the query's ``chars``, 0 for a key that shares too few characters with it to reach ``cutoff``
    (no ratio can be higher than the characters the two have in common allow)."""
    if not query or not key:
        return 0.0
    if chars is not None:
        common = sum((chars & Counter(key)).values())
        bound = max(2 * common / (len(query) + len(key)), min(common, len(query)) / len(query))
        if bound < cutoff:
            return 0.0
    best = difflib.SequenceMatcher(None, query, key).ratio()
    if len(key) > len(query):
        for start in range(len(key) - len(query) + 1):
            window = key[start : start + len(query)]
            best = max(best, difflib.SequenceMatcher(None, query, window).ratio())
    return best


class CardDatabase:
    """Cards by name. A card may be added as the way to make it (``add_lazy``): it is made the first
    time it is looked up, once, so that a database of thousands of cards is read in milliseconds."""

    def __init__(self, cards: list[CardDef] | None = None):
        self._cards: dict[str, CardDef | Callable[[], CardDef]] = {}
        self._names: dict[str, str] = {}  # key -> printed name
        self._loose: dict[str, list[str]] = {}
        for card in cards or []:
            self.add(card)

    def add(self, card: CardDef) -> None:
        self._put(card.name, card)

    def add_lazy(self, name: str, make: Callable[[], CardDef]) -> None:
        """The card printed ``name``, made by ``make`` when it is first looked up."""
        self._put(name, make)

    def _put(self, name: str, card: CardDef | Callable[[], CardDef]) -> None:
        key = name_key(name)
        keys = self._loose.setdefault(loose(name), [])
        if key not in self._cards:
            keys.append(key)
        self._cards[key] = card
        self._names[key] = name

    def _get(self, key: str) -> CardDef:
        card = self._cards[key]
        if not isinstance(card, CardDef):
            card = self._cards[key] = card()
        return card

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[CardDef]:
        return (self._get(key) for key in self._sorted_keys())

    def _sorted_keys(self) -> list[str]:
        return sorted(self._cards, key=lambda key: self._names[key])

    def __contains__(self, name: str) -> bool:
        return self.find(name) is not None

    def find(self, name: str) -> CardDef | None:
        """The card printed ``name``, allowing differences of width, kana, case, spacing,
        brackets and separators (＝, ・, -)."""
        key = name_key(name)
        if key in self._cards:
            return self._get(key)
        keys = self._loose.get(loose(name), [])
        if len(keys) == 1:
            return self._get(keys[0])
        return None

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """The printed names closest to ``name``, closest first (at most ``n``)."""
        return [c.name for c in self.near(name, n)]

    def near(self, query: str, n: int = 5, cutoff: float = 0.55) -> list[CardDef]:
        """Near misses: the cards whose name is closest to the query, closest first."""
        q = loose(query)
        chars = Counter(q)
        scored = sorted(
            (-_similarity(q, loose(self._names[key]), chars, cutoff), self._names[key], key) for key in self._cards
        )
        if not scored:
            return []
        best = -scored[0][0]
        # Far behind the best match is no near miss.
        return [self._get(key) for score, _, key in scored if -score >= max(cutoff, best - 0.25)][:n]

    def search(self, query: str) -> list[CardDef]:
        """Cards whose name matches the query, best first: the name itself, then names that
        begin with it, then names that contain it, then names holding each of its words.
        Empty when nothing matches (``near`` gives the near misses)."""
        q = loose(query)
        if not q:
            return []
        words = [loose(w) for w in unicodedata.normalize("NFKC", query).split() if loose(w)]
        ranked = []
        for key in self._cards:
            name = self._names[key]
            looser = loose(name)
            if looser == q:
                rank = 0
            elif looser.startswith(q):
                rank = 1
            elif q in looser:
                rank = 2
            elif len(words) > 1 and all(w in looser for w in words):
                rank = 3
            else:
                continue
            ranked.append((rank, len(looser), name, key))
        return [self._get(key) for *_, key in sorted(ranked)]


def load_card_file(path: str | Path, text: str | None = None) -> list[CardDef]:
    located = load_located(path) if text is None else load_located_text(text, str(path))
    root = Node.root(located).keys(("cards",), required=("cards",))
    return [parse_card(element) for element in root.child("cards").elements()]


def _cache_file() -> Path | None:
    """Where the bundled database is kept compiled between runs (``cache.py``)."""

    root, key = cache_root(), reading_key()
    return None if root is None or key is None else root / f"cards-{key}.json"


@lru_cache(maxsize=1)
def bundled() -> CardDatabase:
    """The card database shipped with dmrules: the classic card list (``classic.json``, read as it
    is), and the cards of the other files, read once and kept (``_cache_file``, as JSON:
    ``keepable.py``): a card of the rulings (written by hand where the compiler does not read
    its text, or where a ruling needs more than the list gives) or of the later sets
    (``printed.yaml``). A card of those files that the list holds too is the file's, with the
    list's characteristics where the file gives none."""
    from .keepable import decode, encode

    cache = _cache_file()
    kept = load(cache)
    files = None
    if kept is not None:
        try:
            files = decode(kept)
        except ValueError:  # of the wrong shape: read again
            files = None
    if not (isinstance(files, list) and all(isinstance(card, CardDef) for card in files)):
        files = _read_card_files()
        try:
            store(cache, encode(files))
        except ValueError:  # something that is not kept
            pass
        forget_stale(cache_root(), code_key(), reading_key())
    db = CardDatabase()
    for entry in classic_entries():
        db.add_lazy(entry["name"], partial(classic_card, entry))
    for card in files:
        listed = db.find(card.name)
        db.add(with_listed(card, listed) if listed is not None else card)
    return db


def _read_card_files() -> list[CardDef]:
    """The cards of the files ``dmrules/cards/*.yaml``; one defined twice is an error."""
    folder = resources.files("dmrules") / "cards"
    seen: dict[str, str] = {}
    out = []
    for entry in sorted(folder.iterdir(), key=lambda p: p.name):
        if not entry.name.endswith(".yaml"):
            continue
        for card in load_card_file(f"dmrules/cards/{entry.name}", entry.read_text(encoding="utf-8")):
            key = name_key(card.name)
            if key in seen:
                raise InputError(f"dmrules/cards/{entry.name}", card.name, f"defined twice (also in {seen[key]})")
            seen[key] = entry.name
            out.append(card)
    return out


def with_listed(card: CardDef, listed: CardDef) -> CardDef:
    """A card of the rulings' files with what the card list gives and the file leaves out: its
    characteristics, its printed type and power sign, and its sets."""
    changes: dict = {"printed_type": card.printed_type or listed.printed_type, "sets": card.sets or listed.sets}
    for field in LISTED_CHARACTERISTICS:
        if getattr(card, field) in (None, ()) and getattr(listed, field) not in (None, ()):
            changes[field] = getattr(listed, field)
    if card.power is None and "power" in changes:
        changes["power_sign"] = listed.power_sign
    if card.unknown:
        changes["unknown"] = tuple(f for f in card.unknown if f not in changes)
    return replace(card, **changes)
