"""Interchangeable cards: counting resolutions without enumerating them all.

Cards with the same name, zone and properties that nothing in the scenario
names (typically an unknown hand) are interchangeable: a resolution that
discards h1 and h2 and one that discards h3 and h4 differ only by a
permutation of such cards. With grouping on, the solver enumerates one
canonical resolution per set of permutations (asp/group.lp) and dmrules
computes how many labelled resolutions each stands for, as a product of
multinomial coefficients over the classes of interchangeable cards.

Replacement sources can be interchangeable too. n identical アビスベル＝ジャシン帝
J1..Jn, each destroyed by an event of its own (e_i destroys J_i), are
interchangeable *units*: a unit is a card with the events that name it alone,
and exchanging two units (J1 with J2 and e1 with e2) maps the scenario onto
itself. The solver then lists the units in a canonical order too (what each
unit did, its *profile*, in nonincreasing order along the units) and each
canonical resolution also stands for the n! / (a1! a2! ...) ways to hand the
profiles to the units (a_i units share a profile). Two units with the same
profile that took different interchangeable cards (J1 discards h1, h2 and J2
discards h3, h4) exchanged give what a permutation of the cards gives: that
arrangement is counted once, by the cards' multinomial, never twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from math import factorial
from typing import Any

from clingo import Function, Number, String, Symbol, SymbolType

from ..game.cards import CardInstance
from ..game.scenario import Scenario
from .facts import every_filter, situation_facts


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
    for step in scenario.program.steps:
        for spec in step.events:
            named.update(spec.cards)
            if spec.source:
                named.add(spec.source)
            if spec.choose is not None:
                named.update(spec.choose.filter.ids)
    if scenario.program.source:
        named.add(scenario.program.source)
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
    # a card a text names by id (「h1 を捨てる」 as 'id: [h1]'): its abilities', triggers', restrictions' and choices'
    # filters, and the choices of their follow-up steps
    for flt in every_filter(scenario):
        named.update(flt.ids)
    abilities = scenario.replacement_abilities()
    for ability in abilities:
        for step in ability.then:
            for spec in step.events:
                named.update(spec.cards)
                if spec.choose is not None:
                    named.update(spec.choose.filter.ids)
    return named


def _signature(card: CardInstance) -> tuple:
    return (
        card.name,
        card.zone,
        card.owner,
        card.controller,
        card.types,
        card.civilizations,
        card.cost,
        card.power,
        tuple(sorted(card.races)),
        card.tapped,
        card.face_up,
        card.face_down,
        tuple(sorted(card.markers)),
        tuple(sorted(card.flags)),
        tuple(sorted(card.spent)),
    )


def _shared_zones(scenario: Scenario) -> set[str]:
    """Zones from which one card may be taken twice in a window: by an effect's choice and by
    something else that chooses there (another choice, or a replacement's affected cards: a
    replacement may take a card the effect also acts on, A08), or under Duel Masters Play's
    board order by two replacements. The canonical order of asp/group.lp compares one role
    per card; a card with two roles would make it drop whole classes of resolutions, so the
    cards of such a zone are not folded."""
    choosers: dict[str, int] = {}
    templates: dict[str, int] = {}
    for template in scenario.templates:
        choosers[template.from_zone] = choosers.get(template.from_zone, 0) + 1
        templates[template.from_zone] = templates.get(template.from_zone, 0) + 1
    abilities = scenario.replacement_abilities()
    for ability in abilities:
        for slot in ability.slots():
            choosers[slot.from_zone] = choosers.get(slot.from_zone, 0) + 1
    return {zone for zone, n in choosers.items() if n > 1 and (templates.get(zone) or scenario.ruleset == "dmps")}


def interchangeable_classes(scenario: Scenario) -> list[list[str]]:
    """Classes (of two cards or more) of interchangeable cards, each in scenario order."""
    named = _named_cards(scenario)
    shared = _shared_zones(scenario)
    classes: dict[tuple, list[str]] = {}
    for card in scenario.cards.values():
        if card.id in named or card.zone == "deck" or card.replacements or card.triggers or card.zone in shared:
            continue
        classes.setdefault(_signature(card), []).append(card.id)
    return [ids for ids in classes.values() if len(ids) > 1]


def group_facts(classes: list[list[str]], units: Sequence[Sequence[Unit]] = ()) -> list[Symbol]:
    """interchangeable(C), interchangeable_class(C,K) and next_interchangeable(C1,C2), and for
    interchangeable units unit_card(C,U), unit_event(E,U,I), next_unit(U1,U2), for asp/group.lp."""
    out: list[Symbol] = []
    for k, ids in enumerate(classes, start=1):
        out.extend(Function("interchangeable", [String(c)]) for c in ids)
        out.extend(Function("interchangeable_class", [String(c), Number(k)]) for c in ids)
        out.extend(Function("next_interchangeable", [String(a), String(b)]) for a, b in zip(ids, ids[1:]))
    for members in units:
        for unit in members:
            u = String(unit.card)
            out.append(Function("unit_card", [u, u]))
            out.extend(Function("unit_event", [String(e), u, Number(i)]) for i, e in enumerate(unit.events, start=1))
        out.extend(Function("next_unit", [String(a.card), String(b.card)]) for a, b in zip(members, members[1:]))
    return out


def multiplicity(
    classes: list[list[str]],
    roles: Mapping[str, Iterable[Any]],
    units: Sequence[Sequence[Unit]] = (),
    profiles: Mapping[str, Iterable[Any]] | None = None,
) -> int:
    """How many labelled resolutions a canonical one stands for.

    ``roles`` maps a card id to what took it (an application's choice, an
    effect's choice); the cards of a class can take those roles in
    n! / (k1! k2! ... k_rest!) ways. ``profiles`` maps a unit's card to what
    the unit did (asp/group.lp's unit_profile); the units of a class can take
    those profiles in n! / (a1! a2! ...) ways.
    """
    total = unit_ways(units, profiles or {})
    for ids in classes:
        total *= _arrangements([tuple(sorted(map(str, roles.get(card, ())))) for card in ids])
    return total


def unit_ways(units: Sequence[Sequence[Unit]], profiles: Mapping[str, Iterable[Any]]) -> int:
    """In how many ways the units of each class can take the profiles the canonical resolution
    gives them (``profiles``: a unit's card → its unit_profile items; no item: it did nothing)."""
    total = 1
    for members in units:
        total *= _arrangements([frozenset(map(str, profiles.get(unit.card, ()))) for unit in members])
    return total


def _arrangements(keys: list) -> int:
    """n! / (k1! k2! ...): the ways to hand n members the keys, k_i of them alike."""
    counts: dict = {}
    for key in keys:
        counts[key] = counts.get(key, 0) + 1
    ways = factorial(len(keys))
    for k in counts.values():
        ways //= factorial(k)
    return ways


# The canonical resolutions of a grouped window are few (one per way to share out each class),
# and between two of them the solver proves much of the search space empty: it keeps each one
# found as a nogood (clasp's solution recording) instead of backtracking from it, and learns from
# those proofs. On 40 alike creatures with 40 unknown hand cards (bench/run.py --units), 21
# canonical resolutions take a third of the time. The memory is a nogood per canonical
# resolution, which grouping keeps few.
GROUPED_SEARCH = ("--enum-mode=record",)


# -- interchangeable units ---------------------------------------------------------------


@dataclass(frozen=True)
class Unit:
    """A card and the scenario's events that name it alone (in scenario order)."""

    card: str
    events: tuple[str, ...]


# Facts whose number is a position (scenario order of the events, board order): read only by
# the dmps ruleset and by deck actions, whose order depends on the events' order.
_ORDER_FACTS = {"event_order": 1, "board_pos": 1}
_DECK_ACTIONS = {"mill", "draw", "reveal"}


def _strings(sym: Symbol, out: set[str]) -> set[str]:
    if sym.type == SymbolType.String:
        out.add(sym.string)
    elif sym.type == SymbolType.Function:
        for arg in sym.arguments:
            _strings(arg, out)
    return out


def _rename(sym: Symbol, names: dict[str, str]) -> Symbol:
    if sym.type == SymbolType.String:
        return String(names.get(sym.string, sym.string))
    if sym.type == SymbolType.Function and sym.arguments:
        return Function(sym.name, [_rename(a, names) for a in sym.arguments], sym.positive)
    return sym


def _order_blind(facts: list[Symbol], ruleset: str) -> bool:
    """Whether the positions of events and cards cannot change any answer: no ruleset that ranks
    by them (dmps), no deck action (mill, draw, reveal) whose place in the deck they decide."""
    if ruleset == "dmps":
        return False
    for sym in facts:
        if sym.name == "deck_pos":
            return False
        if (
            sym.name == "does"
            and len(sym.arguments) == 3
            and sym.arguments[2].type == SymbolType.Function
            and sym.arguments[2].name in _DECK_ACTIONS
        ):
            return False
    return True


def can_group(scenario: Scenario) -> bool:
    """Whether grouped counting folds anything in the scenario's first window."""
    classes = interchangeable_classes(scenario)
    return bool(classes) or bool(interchangeable_units(scenario, situation_facts(scenario), classes))


def interchangeable_units(
    scenario: Scenario, facts: list[Symbol], classes: list[list[str]] | None = None
) -> list[list[Unit]]:
    """Classes (of two units or more) of interchangeable units, each in scenario order.

    A unit is a card (not an interchangeable card, not in the deck) and the events
    that name it alone. Two units are interchangeable when exchanging their ids (the
    card's, and the events' in scenario order) maps the scenario's facts onto
    themselves, the events' and cards' positions aside when nothing reads them
    (``_order_blind``), and nothing after the first window (later steps) names
    them. Exchanges of the first unit of a class with each other generate every
    permutation of the class, so the whole class is interchangeable.
    """
    if classes is None:
        classes = interchangeable_classes(scenario)
    candidates = _unit_candidates(scenario, classes)
    if not candidates:
        return []
    mentioning = _mentioning(facts, candidates, _order_blind(facts, scenario.ruleset))
    out: list[list[Unit]] = []
    for units in candidates.values():
        found: list[list[Unit]] = []
        for unit in units:
            for members in found:
                if _exchangeable(members[0], unit, mentioning):
                    members.append(unit)
                    break
            else:
                found.append([unit])
        out.extend(members for members in found if len(members) > 1)
    out.sort(key=lambda members: list(scenario.cards).index(members[0].card))
    return out


def _unit_candidates(scenario: Scenario, classes: list[list[str]]) -> dict[tuple, list[Unit]]:
    """The units that may be interchangeable, by what their cards look like and how many events
    name them (two units or more each): cards neither folded already, in the deck or in a
    zone shared by both players, and named by no later step."""
    folded = {c for ids in classes for c in ids}
    shared = _shared_zones(scenario)
    own: dict[str, list[str]] = {}
    for event in scenario.events:
        if len(set(event.cards)) == 1:
            own.setdefault(event.cards[0], []).append(event.id)
    later = repr((scenario.program.steps[1:], scenario.deferred, scenario.program.source))
    candidates: dict[tuple, list[Unit]] = {}
    for card in scenario.cards.values():
        if card.id in folded or card.zone == "deck" or card.zone in shared:
            continue
        unit = Unit(card.id, tuple(own.get(card.id, ())))
        if any(repr(x) in later for x in (unit.card, *unit.events)):
            continue
        candidates.setdefault((_signature(card), len(unit.events)), []).append(unit)
    return {k: v for k, v in candidates.items() if len(v) > 1}


def _mentioning(facts: list[Symbol], candidates: dict[tuple, list[Unit]], blind: bool) -> dict[str, set[Symbol]]:
    """The facts naming each id of the candidates' cards and events (their positions set to 0
    when nothing reads them: ``blind``)."""

    def normal(sym: Symbol) -> Symbol:
        if blind and sym.name in _ORDER_FACTS:
            args = list(sym.arguments)
            args[_ORDER_FACTS[sym.name]] = Number(0)
            return Function(sym.name, args)
        return sym

    ids = {x for units in candidates.values() for u in units for x in (u.card, *u.events)}
    mentioning: dict[str, set[Symbol]] = {}
    for sym in facts:
        for x in _strings(sym, set()) & ids:
            mentioning.setdefault(x, set()).add(normal(sym))
    return mentioning


def _exchangeable(a: Unit, b: Unit, mentioning: dict[str, set[Symbol]]) -> bool:
    """Whether exchanging the ids of ``a`` and ``b`` maps the facts naming them onto themselves."""
    names = {a.card: b.card, b.card: a.card}
    for x, y in zip(a.events, b.events):
        names[x], names[y] = y, x
    if len(names) != 2 * (1 + len(a.events)):
        return False
    moved = set().union(*(mentioning.get(x, set()) for x in names))
    return {_rename(sym, names) for sym in moved} == moved
