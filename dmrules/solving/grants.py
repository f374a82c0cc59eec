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

from dataclasses import replace

from ..reading.scenario import Scenario
from .conditions import card_passes


def with_grants(state: Scenario) -> Scenario:
    """``state`` with each card's granted abilities (``CardInstance.granted``) as its givers
    in the battle zone make them; the same object when nothing changes."""
    givers = [(card, ability) for card in state.cards.values() if card.definition is not None
              for ability in card.definition.replacements if ability.granted_to is not None]
    if not givers and not any(card.granted for card in state.cards.values()):
        return state
    casting = state.effect_source if state.effect_by == "spell" else None
    changed = {}
    for card in state.cards.values():
        receives = card.zone == "battle" or card.id == casting
        granted = tuple(replace(ability, granted_to=None) for giver, ability in givers
                        if receives and giver.zone == "battle"
                        and card_passes(ability.granted_to, card, giver.controller, giver.id))
        if granted != card.granted:
            changed[card.id] = replace(card, granted=granted)
    if not changed:
        return state
    return replace(state, cards={card_id: changed.get(card_id, card) for card_id, card in state.cards.items()})
