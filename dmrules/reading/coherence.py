"""What a scenario says of one thing in two places agrees.

A scenario can state a thing that cannot be: a spell's effect whose source card is a creature, an
attack by a card in the hand, a summon of a creature already in the battle zone, an effect in play
that watches 「このカード」 with no card, a step whose condition or choice reads an event that has not
happened yet, a civilization stated on a face-down card of the mana zone (which has none there).
Each is refused (``InputError``) naming the place, or, where a real card can do it, warned of.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ..game.abilities import Action, ReplacementAbility
from ..game.cards import CardInstance
from ..game.events import ChoiceSpec, EventSpec, Step
from ..game.scenario import Scenario
from .reader import Node

# -- the effect's source and kind -------------------------------------------------------------


def _source_problem(card: CardInstance, by: str, zone_known: bool = True) -> str | None:
    """Why ``card`` cannot be the source of an effect of the kind ``by``; None when it can. ``zone_known``: the
    card's zone as the scenario states it is where it is then (not so in a later step, after the steps before)."""
    if by == "spell" and card.types and "spell" not in card.types:
        return (
            f"{card.label} is a {'/'.join(card.types)} card, not a spell: the source of a spell's effect "
            "(by: spell) is the spell cast (a twinpact with a spell side, or a card of no stated type, may be)"
        )
    if by == "attack" and card.zone != "battle" and zone_known:
        return (
            f"{card.label} is in the {card.zone} zone: the source of an attack (by: attack) is the attacking "
            "creature, in the battle zone"
        )
    if by == "summon" and card.zone == "battle" and card.under is None and zone_known:
        return (
            f"{card.label} is in the battle zone already: the source of a summon (by: summon) is the creature "
            "being summoned, from the hand or another zone"
        )
    return None


def step_node(spec: EventSpec) -> Node:
    """The step an event as written belongs to (``effect.then[0]`` of ``effect.then[0].events[1]``)."""
    assert isinstance(spec.node, Node)
    place = spec.node.place[:-2]
    if place and place[-1] == "instead":
        place = place[:-1]
    return Node(spec.node.located, place, None)


def _stated_sources(effect: Node, scenario: Scenario) -> Iterator[tuple[Node, str, str, str, bool]]:
    """Each (node, key, source, by) the effect states: the effect's own, then a later step's that differs, then
    an event's that says its own source or kind; ``key`` is the field to name, the one said the latest."""
    program = scenario.program
    if program.source is not None:
        yield effect, "by", program.source, program.by, True
    for index, step in enumerate(program.steps):
        specs = step.events + (step.instead.events if step.instead is not None else ())
        step_said = index > 0 and (step.source, step.by) != (program.source, program.by)
        for spec in specs:
            source, by = spec.source or step.source, spec.by or step.by
            if source is None:
                continue
            if spec.source is not None or spec.by is not None:
                assert isinstance(spec.node, Node)
                yield spec.node, "by" if spec.by is not None else "source", source, by, index == 0
            elif step_said:
                yield step_node(spec), "by" if step.by != program.by else "source", source, by, index == 0


def check_effect_sources(effect: Node, scenario: Scenario) -> list[str]:
    """Refuse an effect whose source card cannot make an effect of its kind (``by``); the warnings of an effect
    that may be, but seldom is: a spell cast by another player than the one whose zone holds it."""
    for node, key, source, by, zone_known in _stated_sources(effect, scenario):
        card = scenario.cards.get(source)
        problem = _source_problem(card, by, zone_known) if card is not None else None
        if problem is not None:
            raise node.error(problem, key)
    program = scenario.program
    card = scenario.cards.get(program.source) if program.source is not None else None
    if card is None or program.by != "spell" or card.controller == program.controller or effect.has("cast_from"):
        return []
    return [
        str(
            effect.error(
                f"the effect is controlled by '{program.controller}', but its source {card.label} is in the "
                f"{card.zone} zone of '{card.controller}': a spell is its caster's, and only a few cards cast another "
                "player's spell (say where it was cast from, 'cast_from', when one does)",
                "controller",
            )
        )
    ]


# -- an effect in play names its source card ------------------------------------------------------

# What of an effect in play names the card that created it (「このクリーチャー」, 「このカードの下」)
_SOURCE_SUBJECTS = ("this", "equipped", "fortified", "cast_by_this")
_SOURCE_CONDITIONS = ("by_this", "by_equipped", "battle_with_this")
_SOURCE_ZONES = ("under_this", "crossed_to_this", "ex_life_of_this")


def _actions(actions: tuple[Action, ...]) -> Iterator[Action]:
    for action in actions:
        yield action
        for option in action.options:
            yield from _actions(option)


def _source_word(ability: ReplacementAbility) -> tuple[str, str] | None:
    """(the field, what names the card) of the first part of an effect in play that names its source card; None if
    none does."""
    watch = ability.watch
    if watch.subject in _SOURCE_SUBJECTS:
        return "watch.card", f"'card: {watch.subject}'"
    for condition in watch.conditions:
        if condition in _SOURCE_CONDITIONS:
            return "watch.when", f"'{condition}'"
    for action in _actions(ability.instead):
        if action.kind.endswith("_source"):
            return "instead", "what it does to 'this' card"
        slot = action.slot
        for zone in (slot.from_zone, slot.to_zone) if slot is not None else ():
            if zone in _SOURCE_ZONES:
                return "instead", f"'{zone}'"
    for step in ability.then:
        if any("this" in spec.cards for spec in step.events):
            return "then", "its follow-up's card 'this'"
    return None


def check_effect_has_source(element: Node, ability: ReplacementAbility) -> None:
    """Refuse an effect in play with no ``source`` that names its source card: it would name nothing."""
    if element.has("source"):
        return
    found = _source_word(ability)
    if found is None:
        return
    field, word = found
    parts = field.split(".")
    node = element
    for part in parts[:-1]:
        node = node.child(part)
    raise node.error(
        f"{word} names the card that created the effect, and this effect has no 'source': give it "
        "('source: CARD'), or the effect names nothing and is never applied",
        parts[-1],
    )


# -- what a step reads comes earlier ------------------------------------------------------------


def _choice_refs(choice: ChoiceSpec) -> Iterator[tuple[str, str]]:
    """(field, event id) of each earlier event a choice reads: what it counts, a cost, what was revealed."""
    for ref in choice.count_attempted:
        yield "count_attempted", ref
    for field in ("cost_max_of", "cost_below_of", "cost_max_of_result", "cost_below_of_result", "among_revealed"):
        ref = getattr(choice, field)
        if ref is not None:
            yield field, ref


def _choose_node(spec: EventSpec) -> Node:
    """Where the event's choice is written: ``choose`` of the event, or of its kind (``destroy: {choose: ...}``)."""
    assert isinstance(spec.node, Node)
    node = spec.node
    return node.child("choose") if node.has("choose") else node.child(spec.kind).child("choose")


def _written_event(ref: str, earlier: Mapping[str, str]) -> str | None:
    """The event as written that ``ref`` names (``e1``, or one made from it: ``e1.2``, ``e1:C``); None if none."""
    if ref in earlier:
        return ref
    return next((i for i in earlier if ref.startswith((i + ".", i + ":", i + "/"))), None)


def check_choice_references(steps: tuple[Step, ...]) -> None:
    """Refuse a choice that reads an event of its own step or a later one (what it counts, the cost it reads, the
    cards revealed): the events of one window do not see each other (609.9a), nor a later one's; and an
    ``among_revealed`` that names an event revealing no card."""
    earlier: dict[str, str] = {}  # the events of the earlier steps as written: id → kind
    for step in steps:
        specs = step.events + (step.instead.events if step.instead is not None else ())
        for spec in specs:
            if spec.choose is None:
                continue
            for field, ref in _choice_refs(spec.choose):
                written = _written_event(ref, earlier)
                if written is None:
                    raise _choose_node(spec).error(
                        f"'{field}' names event '{ref}', which comes in no earlier step (a choice reads the events "
                        "of the steps before its own)",
                        field,
                    )
                if field == "among_revealed" and earlier[written] != "reveal":
                    raise _choose_node(spec).error(
                        f"'among_revealed' names event '{ref}', a '{earlier[written]}', which reveals no card "
                        "(the cards 「その中から」 takes are those a 'reveal' turned face up)",
                        field,
                    )
        earlier.update((spec.id, spec.kind) for spec in specs)


# -- a face-down card of the mana zone ------------------------------------------------------------


def face_down_warnings(cards: Mapping[str, CardInstance], card_nodes: Mapping[str, Node]) -> list[str]:
    """A warning for each face-down card of the mana zone whose entry states its civilizations: it has none there
    (水晶マナ, docs/semantics.md), so what is stated counts only once the card has left the mana zone."""
    return [
        str(
            card_nodes[card_id].error(
                f"{card.label}: a face-down card of the mana zone has no civilization there (a colorless card: "
                "「マナゾーンにある裏向きのカードは、…無色カードとして扱う」); the civilizations stated count only "
                "once it leaves the mana zone",
                "civilizations",
            )
        )
        for card_id, card in cards.items()
        if card.zone == "mana" and card.face_down and card_nodes[card_id].has("civilizations")
    ]
