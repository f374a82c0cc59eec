"""State conditions of abilities (``if``: 「〜あれば」「〜なら」), checked in the state before a window.

A replacement ability whose condition does not hold when its window opens
does not exist for that window: it can neither apply nor oblige. The
conditions read only the state before the window (609.9a: replacements are
decided against it), so they are evaluated here rather than in the encodings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .abilities import ReplacementAbility
from .cards import CardInstance, faces
from .errors import InputError
from .filters import Condition, Filter
from .grants import board_of, card_passes, count_holds, count_within, counts_alone, is_evolution, is_neo_evolved
from .scenario import PastEvent, Scenario
from .vocabulary import CIVILIZATIONS

# A card's flag: it is linked to another god (G・リンク), as the scenario states.
LINKED = "linked"
# A card's flag: it is attacking (「このクリーチャーが攻撃中に」, 「攻撃している間」), as the scenario states.
ATTACKING = "attacking"
# A card's flag: it is blocking (「このクリーチャーがブロックしていれば」), as the scenario states.
BLOCKING = "blocking"
# A card's flag: what an earlier sentence of its text named (the cards it revealed, the card it drew) passes
# the condition its ability puts on them (「それが光のカードであれば」, 「3枚ともドラゴンでない場合」), as the
# scenario states: the solver does not play that sentence.
EARLIER_HOLDS = "earlier_holds"
# A card's flag: its player won the ガチンコ・ジャッジ an earlier sentence of its text makes (「自分が勝ったら」),
# as the scenario states: the solver does not play the judge.
WON_JUDGE = "won_judge"

# The conditions a card's flag says: 「このクリーチャーがリンクしていて」, 「攻撃中に」, 「ブロックしていれば」, and
# 「自分が勝ったら」 of the judge an earlier sentence makes
_FLAGGED = {"this_linked": LINKED, "this_attacking": ATTACKING, "this_blocking": BLOCKING, "won_judge": WON_JUDGE}


def holds(condition: Condition, state: Scenario, card: CardInstance, controller: str | None = None) -> bool:
    """Whether one condition of ``card``'s ability holds in ``state``, read from ``controller``: the ability's
    controller, the card's unless given (an effect in play's is the effect's, whatever card it came from)."""
    controller = controller or card.controller
    if condition.word == "this_tapped":
        return card.tapped
    if condition.word == "this_untapped":  # 「このクリーチャーがアンタップしていれば」: in the battle zone, untapped
        return card.zone == "battle" and not card.tapped
    if condition.word == "cards_under_this":  # 「カードが下にあれば」「下にカードが3枚以上あれば」: under this one
        return count_within(condition, sum(other.under == card.id for other in state.cards.values()))
    if condition.word == "this_face_up":  # 「表向きで」: a shield put face up
        return card.zone == "shields" and card.face_up
    if condition.word == "not_fortified_by_other_castle":
        # 「この城を付けて要塞化したシールドが他の城によって要塞化されていなければ」
        return card.fortifies is not None and not any(
            other.fortifies == card.fortifies and other.id != card.id for other in state.cards.values()
        )
    if condition.word in ("summoned_just_before_cast", "summoned_before_cast"):
        # What the spell's caster did this turn, as the scenario states it; summoning just
        # before casting is summoning before it.
        done = state.this_turn.get(controller, frozenset())
        return condition.word in done or (
            condition.word == "summoned_before_cast" and "summoned_just_before_cast" in done
        )
    if condition.word in _FLAGGED:  # what the scenario says of the card: its flag
        return _FLAGGED[condition.word] in card.flags
    # 「これが進化クリーチャーなら」: an evolution card, or a NEO creature evolved
    if condition.word == "this_evolution":
        return is_evolution(card, board_of(state.cards.values()))
    if condition.word == "this_neo_evolved":  # 「これがNEO進化クリーチャーなら」
        return is_neo_evolved(card, board_of(state.cards.values()))
    if condition.word == "this_power_positive":
        return card.power is not None and card.power > 0
    if condition.word == "shields_at_least_opponent":
        return _shields_at_least_opponent(state, controller)
    if condition.word == "five_civilizations_in_battle":
        present = _civilizations_in_battle(state)
        return all(civ in present for civ in CIVILIZATIONS if civ != "zero")
    if condition.this_in:  # 「このクリーチャーがバトルゾーンまたは表向きで自分のシールドゾーンにあれば」
        face_up_shield = card.zone == "shields" and card.face_up
        return card.zone in condition.this_in or (face_up_shield and "face_up_shields" in condition.this_in)
    if condition.happened is not None:
        return _happened_holds(condition, state, card, controller)
    if condition.word is not None:  # pragma: no cover - the scenario reader refuses unsolved words
        raise ValueError(f"condition '{condition.word}' is not solved")
    if condition.earlier is not None:
        return EARLIER_HOLDS in card.flags
    # The spell being cast, the creature being summoned, is in no zone's count (409.1c: E07)
    pending = state.program.pending
    return count_holds(condition, (c for c in state.cards.values() if c.id != pending), controller, card.id)


def _shields_at_least_opponent(state: Scenario, controller: str) -> bool:
    """「自分のシールドの数が相手以上であれば」 (ホーリー・フィールド)."""
    shields = [c for c in state.cards.values() if c.zone == "shields" and counts_alone(c)]
    mine = sum(1 for c in shields if c.owner == controller)
    return mine >= len(shields) - mine


def ability_holds(
    ability: ReplacementAbility, state: Scenario, card: CardInstance, controller: str | None = None
) -> bool:
    """Whether every state condition of ``card``'s ability holds, read from ``controller`` (``holds``)."""
    return all(holds(condition, state, card, controller) for condition in ability.conditions)


# Which past events a condition's kind takes (「破壊されていれば」: destroyed; 「出ていれば」: put into the battle zone
# in any way; 「離れていれば」: out of the battle zone in any way).
_TAKES: dict[str, Callable[[PastEvent], bool]] = {
    "destroy": lambda e: e.kind == "destroy" or (e.from_zone, e.to_zone) == ("battle", "graveyard"),
    "summon": lambda e: e.kind == "summon",
    "return_to_hand": lambda e: e.kind == "return_to_hand",
    "enter": lambda e: e.to_zone == "battle",
    "put_into_graveyard": lambda e: e.to_zone == "graveyard",
    "put_into_mana": lambda e: e.to_zone == "mana",
    "leave": lambda e: e.from_zone == "battle",
}


def _happened_holds(condition: Condition, state: Scenario, card: CardInstance, controller: str) -> bool:
    """「このターン、相手の他のクリーチャーが2体以上出ていれば」: the cards passing the filter that an event of the
    condition's kind happened to this turn, before the window, counted once each. 「他の」 leaves out the ability's
    own card, and the card of the event watched: a card of this window's events that the count takes, with the
    answer turning on it, is refused (which event is watched is the window's, not the condition's)."""
    takes = _TAKES[condition.happened or ""]
    flt = condition.filter or Filter()
    # each card as it was when the event happened to it: its controller then (「相手のクリーチャーが破壊されていれば」
    # of a card the opponent controlled, whoever owns it)
    then = {e.card: e.controller for e in state.happened_this_turn if takes(e)}
    board = board_of(state.cards.values())
    counted = {
        i
        for i, ctl in then.items()
        if card_passes(
            flt, replace(state.cards[i], controller=ctl or state.cards[i].controller), controller, card.id, board
        )
    }
    holds = count_within(condition, len(counted))
    in_window = counted & {c for e in state.events for c in e.cards}
    if flt.other and in_window and count_within(condition, len(counted - in_window)) != holds:
        raise InputError(
            state.path,
            "happened_this_turn",
            f"{', '.join(sorted(in_window))} had the event 「{condition.happened}」 this turn and has an event in "
            "this window: whether 「他の」 of a condition of "
            f"{card.label} leaves it out turns on which event is watched, which dmrules does not decide",
        )
    return holds


def _civilizations_in_battle(state: Scenario) -> set[str]:
    """The civilizations of the cards' faces in the battle zone (a twinpact's creature side), not a card stacked under
    another (200.3a)."""
    return {
        civ
        for c in state.cards.values()
        if c.zone == "battle" and counts_alone(c)
        for side in faces(c)
        for civ in side.civilizations
    }
