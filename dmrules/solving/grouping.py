"""Interchangeable cards: counting resolutions without enumerating them all.

Cards with the same name, zone and properties that nothing in the scenario
names (typically an unknown hand) are interchangeable: a resolution that
discards h1 and h2 and one that discards h3 and h4 differ only by a
permutation of such cards. With grouping on, the solver enumerates one
canonical resolution per set of permutations (asp/group.lp) and dmrules
computes how many labelled resolutions each stands for, as a product of
multinomial coefficients over the classes of interchangeable cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import factorial

from clingo import Function, String, Symbol

from ..reading.scenario import CardInstance, Scenario


def _named_cards(scenario: Scenario) -> set[str]:
    """Cards the scenario refers to by id outside the zone lists."""
    named: set[str] = set()
    for event in scenario.events:
        named.update(event.cards)
        if event.source:
            named.add(event.source)
    for template in scenario.templates:
        if template.source:
            named.add(template.source)
        named.update(template.filter.ids)
    for step in scenario.steps:
        for spec in step.events:
            named.update(spec.cards)
            if spec.source:
                named.add(spec.source)
            if spec.choose is not None:
                named.update(spec.choose.filter.ids)
    if scenario.effect_source:
        named.add(scenario.effect_source)
    for effect in scenario.effects:
        if effect.source:
            named.add(effect.source)
        watch = effect.ability.watch
        if watch.filter is not None:
            named.update(watch.filter.ids)
        for slot in effect.ability.slots():
            named.update(slot.filter.ids)
    for card in scenario.cards.values():
        for link in (card.under, card.equipped_to, card.fortifies):
            if link:
                named.update((link, card.id))
    return named


def _signature(card: CardInstance) -> tuple:
    return (card.name, card.zone, card.owner, card.controller, card.types, card.civilizations, card.cost,
            card.power, tuple(sorted(card.races)), card.tapped, card.face_up, tuple(sorted(card.markers)),
            tuple(sorted(card.flags)))


def interchangeable_classes(scenario: Scenario) -> list[list[str]]:
    """Classes (of two cards or more) of interchangeable cards, each in scenario order."""
    named = _named_cards(scenario)
    classes: dict[tuple, list[str]] = {}
    for card in scenario.cards.values():
        if card.id in named or card.zone == "deck" or card.replacements or card.triggers:
            continue
        classes.setdefault(_signature(card), []).append(card.id)
    return [ids for ids in classes.values() if len(ids) > 1]


def group_facts(classes: list[list[str]]) -> list[Symbol]:
    """interchangeable(C) and next_interchangeable(C1,C2) for asp/group.lp."""
    out: list[Symbol] = []
    for ids in classes:
        out.extend(Function("interchangeable", [String(c)]) for c in ids)
        out.extend(Function("next_interchangeable", [String(a), String(b)]) for a, b in zip(ids, ids[1:]))
    return out


def multiplicity(classes: list[list[str]], roles: dict[str, Iterable]) -> int:
    """How many labelled resolutions a canonical one stands for.

    ``roles`` maps a card id to what took it (an application's choice, an
    effect's choice); the cards of a class can take those roles in
    n! / (k1! k2! ... k_rest!) ways.
    """
    total = 1
    for ids in classes:
        counts: dict = {}
        for card in ids:
            key = tuple(sorted(map(str, roles.get(card, ()))))
            counts[key] = counts.get(key, 0) + 1
        ways = factorial(len(ids))
        for k in counts.values():
            ways //= factorial(k)
        total *= ways
    return total
