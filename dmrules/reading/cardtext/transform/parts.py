"""The pieces a sentence is read into before they make an ability.

Each part of the language (a card phrase, a watched event, a clause of what is done) is read
into one of these frozen values; the sentence rules put them together into the typed ability
objects of ``dmrules/reading/abilities.py``. A part the vocabulary cannot state raises
``ReadError`` with the reason: the sentence is then refused, never approximated.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib import resources
from typing import Any, TypeVar

import yaml

from ....game.abilities import Watch
from ....game.filters import Condition, Filter

_Value = TypeVar("_Value")


def word(value: _Value) -> Callable[[Any, list], _Value]:
    """The transformer method of a rule that is one word of the vocabulary and stands for ``value``."""

    def method(self: Any, items: list) -> _Value:
        return value

    return method


CIVS = {"光": "light", "水": "water", "闇": "darkness", "火": "fire", "自然": "nature", "ゼロ": "zero"}
WHOSE_BY_WORD = {"自分": "own", "相手": "opponent"}


@lru_cache(maxsize=1)
def keyword_table() -> dict:
    """keywords.yaml: the keywords with a replacement and their reminders, and the other keyword names."""
    text = (resources.files("dmrules.reading.cardtext") / "keywords.yaml").read_text(encoding="utf-8")
    return yaml.safe_load(text)


# 「自分自身の」: the cards of the player who does what a clause says, until the clause is read (its actor's, or
# one's own when it names none); nothing outside a clause of what is done keeps it (transform.read_tree).
ACTOR = "actor"
ZONE_BY_WORD = {
    "バトルゾーン": "battle",
    "墓地": "graveyard",
    "手札": "hand",
    "マナゾーン": "mana",
    "シールドゾーン": "shields",
    "山札": "deck",
    "超次元ゾーン": "hyperspatial",
    "超GRゾーン": "gr",
    "超GR": "gr",  # the super GR, the GR creatures' deck in the super GR zone
}
# The watched class of a card leaving each zone (「離れる」 of that zone; the battle zone's is plain 「離れる」).
LEAVE_EVENT = {
    "battle": "leave",
    "shields": "leave_shields",
    "mana": "leave_mana",
    "graveyard": "leave_graveyard",
    "hand": "leave_hand",
    "deck": "leave_deck",
}
TYPE_BY_WORD = {
    "クリーチャー": "creature",
    "呪文": "spell",
    "クロスギア": "cross_gear",
    "タマシード": "tamaseed",
    "ドラグハート": "dragheart",
    "ドラグハート・クリーチャー": "dragheart",
    "ドラグハート・ウエポン": "weapon",
    "ドラグハート・フォートレス": "fortress",
    "サイキック・クリーチャー": "psychic",
    "GRクリーチャー": "gr",
    "NEOクリーチャー": "neo",
    "フィールド": "field",
    "D2フィールド": "field",
    "城": "castle",
    "オーラ": "aura",
}


# The kinds of cards that are in the battle zone when named with no zone, and the events that may take a card
# from any zone (a destruction, a leaving, a battle are of the battle zone anyway).
_BATTLE_KINDS = {"creature", "tamaseed", "cross_gear", "psychic", "gr", "neo", "dragheart"}
_MOVED_FROM_ANY_ZONE = {
    "put_into_graveyard",
    "put_into_mana",
    "put_into_hand",
    "return_to_hand",
    "put_into_deck",
    "put_into_shields",
}
_OF_THE_BATTLE_ZONE = {"destroy", "leave", "battle"}


def _names_battle_kinds(flt: Filter) -> bool | None:
    """True when the filter names creatures (or タマシード, cross gears) by kind, race or evolution and no other
    kind; False when it names none of them; None when its alternatives name both."""
    if flt.any_of:
        kinds = {_names_battle_kinds(replace(alt, any_of=())) for alt in flt.any_of}
        return kinds.pop() if len(kinds) == 1 else None
    if flt.types:
        battle = set(flt.types) & _BATTLE_KINDS
        return bool(battle) if not battle or battle == set(flt.types) else None
    return bool(flt.races or flt.evolution) and not flt.not_types


def of_the_battle_zone(watch: Watch) -> Watch:
    """The watch with the battle zone said where a creature's event is of it anyway (「破壊される」), so that it
    merges with one of the same creature's events from there (「破壊されるか手札に戻される時」)."""
    if watch.from_zone is None and watch.filter is not None and set(watch.events) <= _OF_THE_BATTLE_ZONE:
        if _names_battle_kinds(watch.filter):
            return replace(watch, from_zone="battle")
    return watch


def in_the_battle_zone(flt: Filter | None, events: tuple[str, ...]) -> bool:
    """A watched card named with no zone is of the battle zone: the filter names creatures (or タマシード, cross
    gears) by kind, race or evolution (「自分のクリーチャーが墓地に置かれる時」; a creature card of the hand or the
    mana zone is said with its zone), and an event may take a card from any zone. A creature named beside another
    kind of card (「自分のクリーチャーまたは呪文が墓地に置かれる時」: the creature of the battle zone, the spell of any)
    is no filter of one zone: unreadable."""
    moved = set(events) & _MOVED_FROM_ANY_ZONE
    if flt is None or not moved or not set(events) <= _MOVED_FROM_ANY_ZONE | _OF_THE_BATTLE_ZONE:
        return False
    kinds = _names_battle_kinds(flt)
    if kinds is None:
        raise ReadError("a creature named beside another kind of card, of an event from any zone: of which zone")
    return kinds


class ReadError(ValueError):
    """A part the structured form cannot state, with the reason."""


class Unstated(ReadError):
    """A part the grammar reads whole that no word of the vocabulary states (「バトルに負ける時」): named when the
    sentence around it does not parse either."""


@dataclass(frozen=True)
class Phrase:
    """A card phrase: its filter and what else it says of the cards."""

    filter: Filter = Filter()
    count: int | None = None  # 「1体」 inside the phrase (「自分のドラゴン1体が」)
    any_one: bool = False  # 「1体でも」
    zone: str | None = None  # where the cards are: 「バトルゾーンにある」「自分のマナゾーンの」
    zone_whose: str | None = None
    shield: bool = False  # the head 「シールド」: cards of the shield zone
    card: bool = False  # the head 「カード」: any kind
    creature_word: bool = False  # 「クリーチャー」 or 「・クリーチャー」 printed after a race
    named: bool = False  # the head is a card's name (《X》): no type is implied
    both: bool = (
        False  # heads joined by 「と」「および」 (「ドラゴンとエンジェル・コマンド」): in a condition, each of them
    )


@dataclass(frozen=True)
class Amount:
    """How many: 「1体」, 「2枚まで」, 「好きな数」, 「すべて」."""

    count: int | None  # None: 「好きな数」
    up_to: bool = False
    every: bool = False


@dataclass(frozen=True)
class Target:
    """What a clause acts on."""

    kind: str  # this, that (the event's card), phrase, zone_cards, deck_top, amount, this_in_hand, either, ex_life,
    #          breaker (the creature whose break is the replaced event), battling_both (both creatures of the battle
    #          the watched destruction ends)
    phrase: Phrase | None = None
    amount: Amount | None = None
    zone: str | None = None  # zone_cards: 「自分の手札を」; deck_top: the deck
    whose: str | None = None
    ref: str | None = None  # the word of 「その〜」
    chosen: bool = False  # 「選び」
    blind: bool = False  # 「見ないで選び」: a zone's cards chosen without seeing them (the opponent's hand)
    either: tuple[int, int] | None = None  # either: (the count of either, the count of each)

    def the_phrase(self) -> Phrase:
        """The card phrase of a target that is read from one (``phrase``, ``either``)."""
        if self.phrase is None:
            raise ReadError(f"a target ({self.kind}) that names no cards")
        return self.phrase

    def the_amount(self) -> Amount:
        """The number of a target that prints one (「カードを2枚」, 「山札の上から2枚を」)."""
        if self.amount is None:
            raise ReadError(f"a target ({self.kind}) that prints no number")
        return self.amount


@dataclass(frozen=True)
class PutPlace:
    """Where a clause puts a card."""

    zone: str  # a zone, or under_this / under (a chosen card's stack)
    position: str | None = None  # top, bottom (the deck)
    owner: str | None = None  # 「自分の」「持ち主の」「相手の」 printed before the zone
    under: Phrase | None = None  # 「バトルゾーンにある自分の進化クリーチャー1体の下に」
    new_shield: bool = False


@dataclass(frozen=True)
class Clause:
    """One clause of what is done: 「カードを2枚、自分の墓地から好きな順序で山札の一番下に置き、」."""

    verb: str  # destroy, put, return, add, enter, discard, draw, tap, untap, shuffle, stay, not_lose, battle, use,
    #            flip, face_up, shieldify, choose_instead, top_card_only, trigger_twice, no_trigger
    mode: str = "plain"  # plain, may (「てもよい」), cont (「し、」), te (「して」)
    target: Target | None = None
    sources: tuple[str, ...] = ()
    source_whose: str | None = None
    place: PutPlace | None = None
    manners: frozenset[str] = frozenset()
    shuffle: bool = False
    actor: str | None = None  # 「相手は」
    whose: str | None = None  # choose_instead: who chooses instead; top_card_to_graveyard: this or that card's

    @property
    def optional(self) -> bool:
        return self.mode == "may"

    def the_target(self) -> Target:
        """What the clause acts on, for a clause whose verb acts on cards the text names."""
        if self.target is None:
            raise ReadError(f"「{self.verb}」 of no card the text names")
        return self.target


@dataclass(frozen=True)
class WatchPart:
    """One watched event as the sentence names it."""

    watch: Watch
    ability: tuple[tuple[str, object], ...] = ()  # fields of the ability the watch implies (spell_own_movement)
    conditions: tuple[str, ...] = ()  # state conditions the watch implies (this_face_up)
    win: bool = False  # 「相手がゲームに勝つ」: watched as the loss of its opponent
    same_subject: bool = False  # 「…時、または手札に戻される時」: the subject of the watch before


@dataclass(frozen=True)
class Original:
    """What is replaced, said again before 「かわりに」 (「墓地に置く」「そのクリーチャーは手札に戻される」)."""

    verb: str  # the verb as printed, or card / count / chooser / shield
    count: int | None = None
    whose: str | None = None  # the chooser said again: 「相手が選ぶかわりに」「相手のかわりに」
    # the word of 「その〜を墓地に置くかわりに」: the watched card named again (two readings that differ in it alone are
    # one: each is checked against the watch)
    ref: str | None = field(default=None, compare=False)
    under: bool = False  # 「そのクリーチャーの下にあるカードは、墓地に置くかわりに」: the cards under the watched one


@dataclass(frozen=True)
class Prefix:
    kind: str  # duration, turn, once, next, while, start_of_turn, condition
    value: str | Condition | None = None  # turn: own_turn / opponent_turn; condition: the state condition


@dataclass(frozen=True)
class Instead:
    """What happens instead: the clauses, and what was said of the replaced event."""

    clauses: tuple[Clause, ...]
    original: Original | None = None
    one_of: bool = False


@dataclass(frozen=True)
class Followup:
    """A sentence after a replacement: 「そうした場合、…」, 「その後、…」, 「ただし、…」."""

    kind: str  # then (「そうした場合」), afterwards (「その後」), shuffle, shuffle_own, no_trigger, stays, no_win
    clauses: tuple[Clause, ...] = ()
    card: str | None = None  # stays: the card said to stay, as printed (「このクリーチャー」, 「そのハンター」)


@dataclass(frozen=True)
class Grant:
    """「…はすべて「X」を得る」, 「…すべてに「X」を与える」: X given to the cards the filter names."""

    granted_to: Filter | None  # None: 「このクリーチャーは「X」を得る」, this card's own ability
    keyword: str
    # 「自分のマナゾーンに光のカードが5枚以上あれば、…はすべて「X」を得る」 (マナ武装): while these hold
    conditions: tuple[Condition, ...] = ()
    # 「…はすべて「このクリーチャーが破壊される時、かわりに…」を得る」: the ability printed in the quotes, no keyword
    quoted: bool = False
    duration: str | None = None  # 「このターン、…を得る」: the given ability lasts that long (a lasting effect)
    turns: tuple[str, ...] = ()  # 「相手のターン中、…を得る」: had in those turns, its event watched in them


@dataclass(frozen=True)
class EventCause:
    conditions: tuple[str, ...] = ()
    cause: str | None = None  # for a watched loss: attack, not_attack
    either: tuple[tuple[str, ...], ...] = ()  # 「相手の呪文または相手のクリーチャーの能力によって」
    partner: Filter | None = None  # 「相手のクリーチャーとのバトルで」: the other creature of the battle
