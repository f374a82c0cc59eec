"""Abilities one card gives others (「…はすべて「エターナル・Ω」を得る」: ``granted_to``).

A card in the battle zone whose replacement ability has ``granted_to`` gives a copy of
that ability to every card the filter names, read from the giver's side: the creatures
in the battle zone, and the spell being cast (「自分が唱える呪文はすべて「サイクロン」を
得る」). The copy is the receiving card's own ability for as long as the giver is there:
its 「このクリーチャー」 is the receiving card, and its controller decides it. Grants are
worked out from the state before each window (609.9a), so a giver that leaves in that
window still gives for it; from the next window on, it no longer does.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from .cards import CardSide, faces
from .filters import Condition, Filter

if TYPE_CHECKING:
    from .cards import CardInstance
    from .scenario import Scenario


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
    sides = faces(card)
    kinds = {t for side in sides for t in side.types}
    if flt.evolution and "evolution" not in kinds:
        return False
    if any(t in kinds for t in flt.not_types):
        return False
    if not any(_side_passes(flt, side) for side in sides):
        return False
    if any(flag not in card.flags for flag in flt.flags) or any(flag in card.flags for flag in flt.without_flags):
        return False
    if flt.ids and card.id not in flt.ids:
        return False
    if flt.component_of_this and (source is None or card.component_of != source):
        return False
    if "tapped" in flt.properties and not card.tapped:
        return False
    if "face_up" in flt.properties and not (card.zone == "battle" or card.zone == "shields" and card.face_up):
        return False
    if "face_down" in flt.properties and not (card.zone == "shields" and not card.face_up):
        return False
    if "multicolor" in flt.properties and len({c for side in sides for c in side.civilizations}) < 2:
        return False
    return True


def _side_passes(flt: Filter, side: CardSide) -> bool:
    """The parts of a filter that read one face (a twinpact's side outside the battle zone):
    one face must pass all of them (asp/common/faces.lp)."""
    if flt.types and not any(t in side.types for t in flt.types):
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
    """Whether at least ``condition.at_least`` of ``cards`` are in its zone and pass its filter
    (「自分のマナゾーンに7枚以上」), read from ``controller``'s card ``source``."""
    flt = condition.filter or Filter()
    return sum(1 for c in cards if c.zone == condition.zone and card_passes(flt, c, controller, source)) >= (
        condition.at_least
    )


def with_grants(state: Scenario) -> Scenario:
    """``state`` with each card's granted abilities (``CardInstance.granted``) as its givers
    in the battle zone make them; the same object when nothing changes. Every state is made
    with them: the scenario as read, and each state after a window (``engine.advance``)."""
    givers = [
        (card, ability)
        for card in state.cards.values()
        if card.definition is not None
        for ability in card.definition.replacements
        if ability.granted_to is not None
    ]
    if not givers and not any(card.granted for card in state.cards.values()):
        return state
    casting = state.program.source if state.program.by == "spell" else None
    changed = {}
    for card in state.cards.values():
        receives = card.zone == "battle" or card.id == casting
        granted = tuple(
            replace(ability, granted_to=None)
            for giver, ability in givers
            if receives
            and giver.zone == "battle"
            and ability.granted_to is not None
            and card_passes(ability.granted_to, card, giver.controller, giver.id)
        )
        if granted != card.granted:
            changed[card.id] = replace(card, granted=granted)
    if not changed:
        return state
    return replace(state, cards={card_id: changed.get(card_id, card) for card_id, card in state.cards.items()})
