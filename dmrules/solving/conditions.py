"""State conditions of abilities (``if``: 「〜あれば」「〜なら」), checked in the state before a window.

A replacement ability whose condition does not hold when its window opens
does not exist for that window: it can neither apply nor oblige. The
conditions read only the state before the window (609.9a: replacements are
decided against it), so they are evaluated here rather than in the encodings.
"""

from __future__ import annotations

from ..reading.abilities import CIVILIZATIONS, Condition, Filter, ReplacementAbility
from ..reading.scenario import CardInstance, Scenario


def _within(value: int | None, low: int | None, high: int | None) -> bool:
    """A value within the bounds a filter gives; no value passes no bound."""
    if low is None and high is None:
        return True
    return value is not None and (low is None or value >= low) and (high is None or value <= high)


def card_passes(flt: Filter, card: CardInstance, controller: str, source: str | None) -> bool:
    """Whether ``card`` passes the filter, read from an ability of ``controller`` on card ``source``."""
    if flt.whose == "own" and card.controller != controller:
        return False
    if flt.whose == "opponent" and card.controller == controller:
        return False
    if flt.other and card.id == source:
        return False
    kinds = set(card.types)
    if flt.types and not any(t in kinds for t in flt.types):
        return False
    if flt.evolution and "evolution" not in kinds:
        return False
    if any(t in kinds for t in flt.not_types):
        return False
    if flt.races and not any(word in race for word in flt.races for race in card.races):
        return False
    if flt.civilizations and not set(flt.civilizations) & set(card.civilizations):
        return False
    if flt.names and card.name not in flt.names:
        return False
    if flt.name_parts and not any(part in (card.name or "") for part in flt.name_parts):
        return False
    if not _within(card.cost, flt.cost_min, flt.cost_max) or not _within(card.power, flt.power_min, flt.power_max):
        return False
    if flt.cost_not is not None and card.cost in (None, flt.cost_not):
        return False
    if any(flag not in card.flags for flag in flt.flags) or any(flag in card.flags for flag in flt.without_flags):
        return False
    if flt.ids and card.id not in flt.ids:
        return False
    if "tapped" in flt.properties and not card.tapped:
        return False
    if "face_up" in flt.properties and not (card.zone == "shields" and card.face_up):
        return False
    if "face_down" in flt.properties and not (card.zone == "shields" and not card.face_up):
        return False
    if "multicolor" in flt.properties and len(card.civilizations) < 2:
        return False
    return True


def holds(condition: Condition, state: Scenario, card: CardInstance) -> bool:
    """Whether one condition of ``card``'s ability holds in ``state``."""
    controller = card.controller
    if condition.word == "this_tapped":
        return card.tapped
    if condition.word == "this_face_up":  # 「表向きで」: a shield put face up
        return card.zone == "shields" and card.face_up
    if condition.word == "not_fortified_by_other_castle":
        # 「この城を付けて要塞化したシールドが他の城によって要塞化されていなければ」
        return card.fortifies is not None and not any(
            other.fortifies == card.fortifies and other.id != card.id for other in state.cards.values())
    if condition.word in ("summoned_just_before_cast", "summoned_before_cast"):
        # What the spell's caster did this turn, as the scenario states it; summoning just
        # before casting is summoning before it.
        done = state.this_turn.get(controller, frozenset())
        return condition.word in done or (condition.word == "summoned_before_cast"
                                          and "summoned_just_before_cast" in done)
    if condition.word == "this_power_positive":
        return card.power is not None and card.power > 0
    if condition.word == "shields_at_least_opponent":
        mine = sum(1 for c in state.cards.values() if c.zone == "shields" and c.owner == controller)
        theirs = sum(1 for c in state.cards.values() if c.zone == "shields" and c.owner != controller)
        return mine >= theirs
    if condition.word == "five_civilizations_in_battle":
        present = {civ for c in state.cards.values() if c.zone == "battle" for civ in c.civilizations}
        return all(civ in present for civ in CIVILIZATIONS if civ != "zero")
    if condition.word is not None:  # pragma: no cover - the scenario reader refuses unsolved words
        raise ValueError(f"condition '{condition.word}' is not solved")
    counted = sum(1 for c in state.cards.values()
                  if c.zone == condition.zone and card_passes(condition.filter, c, controller, card.id))
    return counted >= condition.at_least


def ability_holds(ability: ReplacementAbility, state: Scenario, card: CardInstance) -> bool:
    """Whether every state condition of ``card``'s ability holds."""
    return all(holds(condition, state, card) for condition in ability.conditions)
