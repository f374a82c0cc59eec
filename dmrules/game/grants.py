"""Abilities one card gives others (「…はすべて「エターナル・Ω」を得る」: ``granted_to``), and the
keywords it gives with them or as a cross gear (「これをクロスしたクリーチャーは「ブロッカー」を得る」).

A card in the battle zone whose replacement ability has ``granted_to`` gives a copy of
that ability to every card the filter names, read from the giver's side: the creatures
in the battle zone, and the spell being cast (「自分が唱える呪文はすべて「サイクロン」を
得る」). The copy is the receiving card's own ability for as long as the giver is there:
its 「このクリーチャー」 is the receiving card, and its controller decides it. Grants are
worked out from the state before each window (609.9a), so a giver that leaves in that
window still gives for it; from the next window on, it no longer does.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .abilities import ReplacementAbility
from .cards import CardSide, faces, properties
from .filters import Condition, Filter, alternatives

if TYPE_CHECKING:
    from .cards import CardInstance
    from .scenario import EffectInPlay, Scenario


def _within(value: int | None, low: int | None, high: int | None) -> bool:
    """A value within the bounds a filter gives; no value passes no bound."""
    if low is None and high is None:
        return True
    return value is not None and (low is None or value >= low) and (high is None or value <= high)


@dataclass(frozen=True)
class Board:
    """What a filter reads beyond the card itself: the cards with a card under them (an evolution creature, a NEO
    creature evolved), and each player's count of the mana zone's cards (「…マナゾーンにあるカードの枚数より大きい
    コスト」, asp/common/state.lp)."""

    stacked: frozenset[str] = frozenset()
    mana: tuple[tuple[str, int], ...] = ()

    def mana_of(self, player: str) -> int:
        return dict(self.mana).get(player, 0)


def board_of(cards: Iterable[CardInstance]) -> Board:
    """The board ``cards`` make (``Board``)."""
    every = list(cards)
    mana: dict[str, int] = {}
    for card in every:
        if card.zone == "mana":
            mana[card.owner] = mana.get(card.owner, 0) + 1
    return Board(frozenset(c.under for c in every if c.under is not None), tuple(sorted(mana.items())))


def is_neo_evolved(card: CardInstance, board: Board) -> bool:
    """A NEO evolution creature: a NEO creature with a card under it (NEO進化)."""
    return "neo" in card.types and card.id in board.stacked


def is_evolution(card: CardInstance, board: Board) -> bool:
    """An evolution creature: a card printed as one, or a NEO evolution creature (``is_neo_evolved``)."""
    return any("evolution" in side.types for side in faces(card)) or is_neo_evolved(card, board)


def card_passes(flt: Filter, card: CardInstance, controller: str, source: str | None, board: Board) -> bool:
    """Whether ``card`` passes the filter, read from an ability of ``controller`` on card ``source``, on ``board``
    (``board_of``: for 「進化クリーチャー」, 「進化ではない」 and a cost above the mana)."""
    common, alts = alternatives(flt)
    if alts:  # 「進化クリーチャーまたはタマシード」: the common parts, and one alternative (asp/common/filters.lp)
        return _passes(common, card, controller, source, board) and any(
            _passes(alt, card, controller, source, board) for alt in alts
        )
    return _passes(flt, card, controller, source, board)


def _passes(flt: Filter, card: CardInstance, controller: str, source: str | None, board: Board) -> bool:
    if flt.whose == "own" and card.controller != controller:
        return False
    if flt.whose == "opponent" and card.controller == controller:
        return False
    if flt.other and card.id == source:
        return False
    sides = faces(card)
    kinds = {t for side in sides for t in side.types}
    if is_evolution(card, board):
        kinds.add("evolution")
    if flt.evolution and "evolution" not in kinds:
        return False
    if any(t in kinds for t in flt.not_types):
        return False
    if any(word in race for word in flt.not_races for side in sides for race in side.races):
        return False
    if not any(_side_passes(flt, side, "evolution" in kinds) for side in sides):
        return False
    if flt.cost_exceeds_mana and not any((side.cost or 0) > board.mana_of(card.controller) for side in sides):
        return False  # 「…マナゾーンにあるカードの枚数より大きいコスト」: its controller's mana (asp/common/state.lp)
    if any(flag not in card.flags for flag in flt.flags) or any(flag in card.flags for flag in flt.without_flags):
        return False
    if flt.ids and card.id not in flt.ids:
        return False
    if flt.component_of_this and (source is None or card.component_of != source):
        return False
    if not set(flt.properties) <= properties(card) or set(flt.not_properties) & properties(card):
        return False
    if flt.keywords and not any(card.has_keyword(k) for k in flt.keywords):
        return False
    return True


def _side_passes(flt: Filter, side: CardSide, evolved: bool = False) -> bool:
    """The parts of a filter that read one face (a twinpact's side outside the battle zone):
    one face must pass all of them (asp/common/faces.lp); ``evolved``: the card is an evolution creature, which
    a NEO creature with a card under it is without the printed type."""
    if flt.types and not any(t in side.types or (t == "evolution" and evolved) for t in flt.types):
        return False
    if flt.races and not any(word in race for word in flt.races for race in side.races):
        return False
    if flt.civilizations and not set(flt.civilizations) & set(side.civilizations):
        return False
    if flt.names and side.name not in flt.names:
        return False
    if flt.name_parts and not any(part in side.name for part in flt.name_parts):
        return False
    if not _within(side.cost, flt.cost_min, flt.cost_max) or not _within(side.power, flt.power_min, flt.power_max):
        return False
    return not (flt.cost_not is not None and side.cost in (None, flt.cost_not))


def count_holds(condition: Condition, cards: Iterable[CardInstance], controller: str, source: str | None) -> bool:
    """Whether at least ``condition.at_least`` (and at most ``condition.at_most``) of ``cards`` are in its
    zone and pass its filter (「自分のマナゾーンに7枚以上」), read from ``controller``'s card ``source``."""
    flt = condition.filter or Filter()
    every = list(cards)
    board = board_of(every)
    cards = [c for c in every if c.zone == condition.zone and counts_alone(c)]
    count = sum(1 for c in cards if card_passes(flt, c, controller, source, board))
    if condition.than_other is not None:  # 「自分のマナゾーンのカードが相手のより多ければ」
        other = replace(flt, whose="opponent" if flt.whose == "own" else "own")
        theirs = sum(1 for c in cards if card_passes(other, c, controller, source, board))
        return _COMPARISON_OPS[condition.than_other](count, theirs)
    return count_within(condition, count)


def count_within(condition: Condition, count: int) -> bool:
    """Whether a count is within the condition's bounds: at least ``at_least``, at most ``at_most`` if given."""
    return count >= condition.at_least and (condition.at_most is None or count <= condition.at_most)


def counts_alone(card: CardInstance) -> bool:
    """Whether a card counts on its own in its zone: not a card stacked under another (an evolution
    source, a card of a shield's stack: 「そのシールドの束は1つと数える」), not a castle fortifying a shield."""
    return card.under is None and card.fortifies is None


# The comparisons of ``than_other`` (COMPARISONS): one player's count against the other's.
_COMPARISON_OPS: dict[str, Callable[[int, int], bool]] = {
    "more": operator.gt,
    "at_least": operator.ge,
    "fewer": operator.lt,
    "at_most": operator.le,
}


_Giver = tuple[str, str | None, ReplacementAbility, str, frozenset[str] | None]


def _givers(state: Scenario) -> list[_Giver]:
    """(controller, giving card, ability, giver's key, the only cards it may reach) for every grant that works
    now: a card's ability while the card is where its abilities work (the battle zone; a castle fortifying a
    shield), and an effect in play's for as long as it lasts (「このターン、自分のクリーチャーはすべて…を得る」),
    to the cards it reached as the scenario began (``_fixed``). The key names the giving ability
    (``CardInstance.granted_by``): the card, its side and the ability's place, or the effect."""
    out: list[_Giver] = [
        (card.controller, card.id, ability, f"given:{card.id}:{card.name}#{index}", None)
        for card in state.cards.values()
        if card.definition is not None and _works(card)
        for index, ability in enumerate(card.definition.replacements, start=1)
        if ability.granted_to is not None and ability.duration is None  # a lasting one is created: in `effects`
    ]
    out += [
        (e.controller, e.source, e.ability, f"given:effect:{e.id}", e.receivers)
        for e in state.effects
        if e.ability.granted_to is not None
    ]
    return out


def _fixed(state: Scenario, casting: str | None) -> Scenario:
    """``state`` with the receivers of each grant an effect made fixed: the cards it reaches as the scenario
    begins, each for as long as it stays in play. An effect that gives the cards in play an ability changes their
    characteristics as it resolves: a card put into the battle zone after it gets none (公式Q&A, 《罪無 スピンナ極》:
    a creature put into the battle zone after the effect resolved does not get its -3000), nor does one that
    left and came back (a new card then), while one whose characteristics change keeps it. A grant to the spells
    a player casts (「このターン、自分が唱える呪文はすべて…」) names spells to come, and is never fixed."""
    board = board_of(state.cards.values())

    def reached(e: EffectInPlay, flt: Filter) -> frozenset[str]:
        if e.receivers is not None:
            return frozenset(i for i in e.receivers if _receives(state.cards[i], e.ability, casting))
        return frozenset(
            card.id
            for card in state.cards.values()
            if _receives(card, e.ability, casting) and card_passes(flt, card, e.controller, e.source, board)
        )

    effects = tuple(
        replace(e, receivers=reached(e, e.ability.granted_to))
        if e.ability.granted_to is not None and "spell" not in e.ability.granted_to.types
        else e
        for e in state.effects
    )
    return state if effects == state.effects else replace(state, effects=effects)


def _works(card: CardInstance) -> bool:
    """Whether a card's abilities work: in the battle zone, not stacked under another card (200.3a); a castle while
    it fortifies a shield."""
    if "castle" in card.types:
        return card.zone == "shields" and card.fortifies is not None
    return card.zone == "battle" and card.under is None


def _receives(card: CardInstance, ability: ReplacementAbility, casting: str | None) -> bool:
    """Whether a card can hold a granted ability now: in the battle zone (「自分のクリーチャー」 are the creatures
    there: a card in the hand or a shield is none, whatever zone the given keyword works in), or the spell being
    cast when the grant names spells (「自分が唱える呪文はすべて…」; a twinpact cast is no creature then)."""
    names_spells = ability.granted_to is not None and "spell" in ability.granted_to.types
    return card.zone == "battle" or (card.id == casting and names_spells)


def with_grants(state: Scenario) -> Scenario:
    """``state`` with each card's granted abilities (``CardInstance.granted``) as its givers make
    them (``_givers``), and the keywords they and cross gears give (``given_keywords``); the same
    object when nothing changes. Every state is made with them: the scenario as read, and each
    state after a window (``engine.advance``)."""
    casting = state.program.source if state.program.by == "spell" else None
    state = _fixed(state, casting)
    givers = _givers(state)
    crossed = _crossed_keywords(state)
    if not givers and not crossed and not any(card.granted or card.given_keywords for card in state.cards.values()):
        return state
    board = board_of(state.cards.values())
    changed = {}
    for card in state.cards.values():
        # A grant to the cards with a keyword reaches one a cross gear gives it (「ブロッカー」 of
        # クイーン・オブ・プロテクション, then ペングカイザー's 「セイバー: フェニックス」 to the blockers).
        receiver = replace(card, given_keywords=crossed.get(card.id, frozenset()))
        received = [
            (replace(ability, granted_to=None), key)
            for controller, giver, ability, key, only in givers
            if ability.granted_to is not None
            and _receives(card, ability, casting)
            and (
                card.id in only
                if only is not None
                else card_passes(ability.granted_to, receiver, controller, giver, board)
            )
        ]
        granted = tuple(ability for ability, _ in received)
        granted_by = tuple(key for _, key in received)
        given = frozenset(k for a in granted if a.keyword for k in _given_names(a))
        keywords = given | crossed.get(card.id, frozenset())
        if granted != card.granted or granted_by != card.granted_by or keywords != card.given_keywords:
            changed[card.id] = replace(card, granted=granted, granted_by=granted_by, given_keywords=keywords)
    if not changed:
        return state
    return replace(state, cards={card_id: changed.get(card_id, card) for card_id, card in state.cards.items()})


def _given_names(ability: ReplacementAbility) -> tuple[str, ...]:
    """The keyword a given ability is, by its whole name and by its name alone (「セイバー:ドラゴン」, 「セイバー」)."""
    name = ability.keyword or ""
    return tuple(dict.fromkeys((name, name.split(":")[0])))


def _crossed_keywords(state: Scenario) -> dict[str, frozenset[str]]:
    """The keywords cross gears in the battle zone give the creatures they are crossed to
    (「これをクロスしたクリーチャーは「ブロッカー」を得る」)."""
    out: dict[str, frozenset[str]] = {}
    for gear in state.cards.values():
        words = gear.definition.crossed_keywords if gear.definition is not None else ()
        creature = gear.equipped_to
        if words and gear.zone == "battle" and creature is not None and creature in state.cards:
            out[creature] = out.get(creature, frozenset()) | frozenset(words)
    return out
