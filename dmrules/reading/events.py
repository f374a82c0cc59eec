"""Events: what an effect makes happen, step by step.

A scenario's effect is a list of *steps*: its first events (the first
window), then the parts that follow (``then``: 「そうした場合」 sentences,
later parts of a spell, which see the result of the earlier ones, 101.4d).
A replacement ability may also have follow-up steps. Steps are read from the
file as ``EventSpec``s and *realized* against the state when their window
opens: cards are looked up where they are then, the top of a deck is the top
then, and choices (「1体選び」) become templates the solver enumerates.
"""

from __future__ import annotations

from typing import Any

from ..game.events import ChoiceSpec, EventSpec, MovedCount, SelfReplacement, Step
from ..game.filters import Filter
from ..game.vocabulary import (
    CHOICE_FROM,
    DECK_TOP_KINDS,
    DECK_TOP_MOVES,
    EFFECT_BY,
    EVENT_FROM,
    EVENT_TO,
    EVERY_KINDS,
    PLAYER_KINDS,
    WRITTEN_KINDS,
    ZONES,
)
from .filters import FILTER_FIELDS, parse_condition, parse_filter
from .reader import Node

CONDITIONS = ("attempted", "happened", "replaced", "moved")
MOVED_FIELDS = ("events", "to", "at_least")


EVENT_FIELDS = (
    "id",
    "kind",
    "card",
    "cards",
    "player",
    "to",
    "count",
    "amount",
    "source",
    "controller",
    "by",
    "cause",
    "unreplaceable",
    "ignores_cannot_leave",
    "cast_from",
    "cast_by",
    "choose",
    "zones",
    "note",
    "position",
    "under",
) + WRITTEN_KINDS
# Card references of a card's follow-up steps: the ability's card, the card of the event it replaced, and the
# card whose effect or attack made that event (「そのシールドをブレイクしたクリーチャー」).
CARD_REFERENCES = ("this", "event_card", "event_source")
EVENT_CHOICE_FIELDS = (
    "count",
    "from",
    "chooser",
    "optional",
    "cost_max_of",
    "cost_below_of",
    "cost_max_of_result",
    "cost_below_of_result",
    "count_attempted",
    "among_revealed",
) + FILTER_FIELDS
STEP_FIELDS = ("events", "if", "instead", "source", "controller", "by", "note", "afterwards")
INSTEAD_FIELDS = ("if", "events", "note")


# -- reading -----------------------------------------------------------------------


# What a loss is by (「クリーチャーによる攻撃以外の方法で」 reads it): no shields left under an attack, an attack,
# the last card drawn, an effect, the opponent's win, or not an attack (unsaid which)
LOSS_CAUSES = ("no_shields", "attack", "deck_out", "effect", "opponent_wins", "not_attack")


def read_event(node: Node, default_id: str, *, relative: bool = False) -> EventSpec:
    """An event as written. With ``relative`` (card data), players are ``own``/``opponent``."""
    node.keys(EVENT_FIELDS)
    value = node.value
    kind, target = _event_kind(node)
    _check_kind_fields(node, kind, target)
    spec = _event_fields(node, default_id, kind)
    choose = node.child("choose") if node.has("choose") else None
    if target is not None and isinstance(target.value, dict) and "choose" not in value:
        if target.has("all") and len(target.value) == 1:
            return _read_every(node, target.child("all"), kind, spec)
        choose = target.child("choose") if target.has("choose") else None
        if choose is None:
            raise target.error(
                "write the card's id, 'choose: {...}' for a card chosen when the event happens, "
                "or 'all: {...}' for every card that passes a filter then"
            )
    if choose is not None:
        spec["choose"] = read_choice(choose, kind, relative=relative)
        return EventSpec(**spec)
    if kind == "swap_zones":
        zones_node = node.child("zones")
        zones = tuple(zones_node.texts(ZONES))
        if len(zones) != 2 or zones[0] == zones[1]:
            raise zones_node.error("a swap of whole zones names two different zones")
        spec["zones"] = zones
        spec["player"] = (target if target is not None else node.child("player")).text()
        return EventSpec(**spec)
    if kind in PLAYER_KINDS or kind == "reveal" or (kind in DECK_TOP_MOVES and node.has("count")):
        who = target if target is not None else node.child("player")
        spec["player"] = "@" + who.text(("own", "opponent")) if relative else who.text()
        if kind in DECK_TOP_KINDS:
            spec["count"] = node.opt_int("count", 1, 1)
        if node.has("card"):
            spec["cards"] = (node.child("card").text(),)
            spec["cards_node"] = node.child("card")
        return EventSpec(**spec)
    return _card_event(node, target, kind, spec)


# The fields only some kinds of events use, and those kinds: on another kind, such a field would mean nothing
KIND_FIELDS = {
    "cause": ("lose", "put_into_battle"),
    "amount": ("power_change",),
    "zones": ("swap_zones",),
    "cast_from": ("spell_to_graveyard",),
    "cast_by": ("spell_to_graveyard",),
}


def _check_kind_fields(node: Node, kind: str, target: Node | None) -> None:
    """Refuse a field the event's kind does not use, and a card named twice (``{destroy: J1, cards: [...]}``)."""
    for key, kinds in KIND_FIELDS.items():
        if node.has(key) and kind not in kinds:
            raise node.error(f"a '{kind}' event takes no '{key}' (only {', '.join(kinds)} events do)", key)
    player_event = kind in PLAYER_KINDS or kind == "swap_zones"
    for key in ("card", "cards"):
        if not node.has(key):
            continue
        if player_event and not (kind == "pay_cost" and key == "card"):
            raise node.error(f"a '{kind}' event is a player's and takes no '{key}'", key)
        if not player_event and (target is not None or (key == "card" and node.has("cards"))):
            named = f"'{kind}'" if target is not None else "'cards'"
            raise node.error(f"the event's card is named by {named} already; '{key}' would name it again", key)


def _event_kind(node: Node) -> tuple[str, Node | None]:
    """The event's kind, from ``kind: K`` or the short form ``K: TARGET`` (then with its target)."""
    shorthand = [k for k in WRITTEN_KINDS if k in node.value]
    if node.has("kind"):
        if shorthand:
            raise node.error(f"give the kind once: 'kind' or '{shorthand[0]}', not both")
        return node.child("kind").text(WRITTEN_KINDS), None
    if len(shorthand) != 1:
        raise node.error("an event needs a kind: 'kind: destroy, card: X' or 'destroy: X'")
    return shorthand[0], node.child(shorthand[0])


def _event_fields(node: Node, default_id: str, kind: str) -> dict[str, Any]:
    """The fields every kind of event may have: its id, source, cause, amount, destination, ..."""
    spec: dict[str, Any] = dict(
        id=node.opt_identifier("id", default_id),
        kind=kind,
        node=node,
        source=node.opt_text("source"),
        controller=node.opt_text("controller"),
        by=node.opt_text("by", None, EFFECT_BY),
        cause=node.opt_text("cause", None, LOSS_CAUSES) if kind == "lose" else node.opt_text("cause"),
        unreplaceable=node.opt_bool("unreplaceable"),
        ignores_cannot_leave=node.opt_bool("ignores_cannot_leave"),
        cast_from=node.opt_text("cast_from", None, ZONES),
        cast_by=node.opt_text("cast_by"),
    )
    if node.has("amount"):
        spec["amount"] = node.child("amount").integer(-1_000_000, 1_000_000)
    if node.has("count") and kind not in DECK_TOP_KINDS:
        raise node.error(
            "'count' belongs in 'choose' (or a mill, draw, reveal or put into mana of the deck's top cards)", "count"
        )
    if node.has("to"):
        spec["to_zone"] = node.child("to").text(ZONES)
    if node.has("position"):
        if spec.get("to_zone") != "deck":
            raise node.error(
                "a position (top, bottom, shuffle) is for a card put into the deck: 'to: deck'", "position"
            )
        spec["position"] = node.child("position").text(("top", "bottom", "shuffle"))
    if node.has("under"):
        under = node.child("under").keys(("choose",), required=("choose",))
        spec["under"] = _effect_filter(under.child("choose"))
    return spec


def _card_event(node: Node, target: Node | None, kind: str, spec: dict[str, Any]) -> EventSpec:
    """An event on the cards it names (one, or two for a battle or a swap, or several broken or discarded at once)."""
    who = target if target is not None else (node.child("cards") if node.has("cards") else node.child("card"))
    cards = tuple(who.texts())
    if not cards:
        raise who.error("names no card")
    if kind == "battle" and (len(cards) != 2 or cards[0] == cards[1]):
        raise who.error("a battle is between two different creatures")
    if kind == "swap" and (len(cards) != 2 or cards[0] == cards[1]):
        raise who.error("a swap exchanges two different cards")
    if len(cards) > 1 and kind not in ("battle", "swap", "break", "discard"):
        raise who.error(f"a '{kind}' event acts on one card; list one event per card")
    if kind == "move" and "to_zone" not in spec:
        raise node.error("a 'move' event says where the card goes: 'to: ZONE'")
    if kind == "put_into_battle" and spec.get("cause") not in (None, "free", "paid"):
        raise node.error("the cause of a 'put_into_battle' is 'free' or 'paid' (a summon's cost paid or not)", "cause")
    if kind in EVENT_TO and "to_zone" in spec:
        raise node.error(
            f"a '{kind}' event always goes to the {EVENT_TO[kind]} zone; use 'move' to say otherwise", "to"
        )
    if kind == "power_change" and "amount" not in spec:
        raise node.error("a 'power_change' event says by how much: 'amount: -2000'")
    spec["cards"] = cards
    spec["cards_node"] = who
    return EventSpec(**spec)


def _read_every(node: Node, every: Node, kind: str, spec: dict) -> EventSpec:
    """``{destroy: {all: {whose: opponent, type: creature, power_max: 2000}}}``: every card that
    passes the filter (「相手のパワー2000以下のクリーチャーをすべて破壊する」), with ``from``."""
    if kind not in EVERY_KINDS:
        raise every.error(
            f"a '{kind}' event cannot take every card of a filter (kinds that can: {', '.join(EVERY_KINDS)})"
        )
    every.keys(FILTER_FIELDS + ("from",))
    if kind == "move" and "to_zone" not in spec:
        raise node.error("a 'move' event says where the cards go: 'to: ZONE'")
    spec["every"] = _effect_filter(every, extra=("from",))
    spec["every_from"] = _from_zone(every, kind)
    return EventSpec(**spec)


def _from_zone(node: Node, kind: str) -> str:
    """The zone a choice or an ``all:`` takes its cards from (``from``), one the event's kind can take a card from."""
    zone = node.opt_text("from", CHOICE_FROM.get(kind, "battle"), ZONES)
    allowed = EVENT_FROM.get(kind)
    if allowed and zone not in allowed:
        raise node.error(
            f"a '{kind}' event needs a card in the {' or '.join(allowed)} zone, not the {zone} zone", "from"
        )
    return zone


def read_instead(node: Node, prefix: str, *, relative: bool = False) -> SelfReplacement:
    """A step's ``instead``: ``{if: [CONDITIONS], events: [...]}`` (自己置換効果). The events
    take the ids of the step's own (only one of the two lists happens)."""
    node.keys(INSTEAD_FIELDS, required=("if", "events"))
    conditions = tuple(parse_condition(c) for c in node.child("if").listed())
    if not conditions:
        raise node.error("a self-replacement says when it applies: 'if: [{zone: Z, at_least: N, ...}]'", "if")
    for condition in conditions:
        if condition.word is not None:
            raise node.child("if").error(
                f"a self-replacement's condition is a count of cards in a zone, not '{condition.word}'"
            )
    events = tuple(
        read_event(e, f"{prefix}{j}", relative=relative) for j, e in enumerate(node.child("events").listed(), start=1)
    )
    if not events:
        raise node.error("the self-replacement makes no event happen", "events")
    return SelfReplacement(conditions=conditions, events=events)


def _effect_filter(node: Node, extra: tuple[str, ...] = ()) -> Filter:
    """A filter of an effect's events: 「その種族の」 (``chosen_race``) names a race the scenario never states."""
    flt = parse_filter(node, extra=extra)
    if flt.chosen_race:
        raise node.error(
            "'chosen_race' (「その種族の」): the race an earlier sentence of the text chose, which an effect's events "
            "cannot name: give the race ('race: …')",
            "chosen_race",
        )
    return flt


def read_choice(node: Node, kind: str, *, relative: bool = False) -> ChoiceSpec:
    node.keys(EVENT_CHOICE_FIELDS)
    flt = _effect_filter(
        node,
        extra=(
            "count",
            "from",
            "chooser",
            "optional",
            "cost_max_of",
            "cost_below_of",
            "cost_max_of_result",
            "cost_below_of_result",
            "count_attempted",
            "among_revealed",
        ),
    )
    if node.has("count") and node.has("count_attempted"):
        raise node.error("give either 'count' or 'count_attempted', not both")
    if kind in ("battle", "swap", "swap_zones", "spell_to_graveyard", "reveal") + PLAYER_KINDS:
        raise node.error(f"a '{kind}' event cannot choose its card")
    if not node.has("count") and not node.has("count_attempted"):
        raise node.error(
            "a choice says how many cards it takes: 'count: N' (with 'optional: true' for 「N枚まで」), "
            "or 'count_attempted: [EVENTS]'"
        )
    return ChoiceSpec(
        count=node.child("count").integer(1) if node.has("count") else 1,  # count_attempted: counted when realized
        from_zone=_from_zone(node, kind),
        filter=flt,
        chooser=("@" + node.opt_text("chooser", "own", ("own", "opponent"))) if relative else node.opt_text("chooser"),
        optional=node.opt_bool("optional"),
        cost_max_of=node.opt_text("cost_max_of"),
        cost_below_of=node.opt_text("cost_below_of"),
        cost_max_of_result=node.opt_text("cost_max_of_result"),
        cost_below_of_result=node.opt_text("cost_below_of_result"),
        count_attempted=tuple(node.opt_texts("count_attempted")),
        among_revealed=node.opt_text("among_revealed"),
    )


def read_steps(node: Node, prefix: str, *, relative: bool = False, by: str = "ability") -> tuple[Step, ...]:
    """The ``then`` list: later steps, each with its events and an optional condition; a step that states no
    ``by`` is of the kind ``by`` (its effect's)."""
    steps = []
    for i, element in enumerate(node.elements(), start=1):
        element.keys(STEP_FIELDS, required=("events",))
        events = tuple(
            read_event(e, f"{prefix}{i}.{j}", relative=relative)
            for j, e in enumerate(element.child("events").elements(), start=1)
        )
        if not events and not relative:
            # A card's follow-up may make none: an ability used instead whose effect lasts for the
            # turn (「このターン、…」) makes no event now.
            raise element.error("the step makes no event happen", "events")
        condition = None
        moved = None
        if element.has("if"):
            cond = element.child("if").keys(CONDITIONS)
            if len(cond.value) != 1:
                raise cond.error(
                    "a condition is one of: attempted: EVENT, happened: EVENT, replaced: EVENT, "
                    "moved: {events: [EVENT, ...], at_least: N, to: ZONE, ...filter}"
                )
            word = next(iter(cond.value))
            if word == "moved":
                moved = read_moved(cond.child("moved"))
            else:
                condition = (word, cond.child(word).text())
        instead = (
            read_instead(element.child("instead"), f"{prefix}{i}.", relative=relative)
            if element.has("instead")
            else None
        )
        steps.append(
            Step(
                events=events,
                source=element.opt_text("source"),
                controller=element.opt_text("controller"),
                by=element.opt_text("by", by, EFFECT_BY) or by,
                condition=condition,
                label=f"{prefix}{i}",
                instead=instead,
                moved=moved,
                afterwards=_afterwards(element, relative),
            )
        )
    return tuple(steps)


def read_moved(node: Node) -> MovedCount:
    """``moved: {events: [e1], to: hand, at_least: 6, type: creature}``: a count of the cards the
    earlier events actually moved (「こうして手札に戻されたクリーチャーが6体以上なら」)."""
    node.keys(MOVED_FIELDS + FILTER_FIELDS, required=("events", "at_least"))
    events = tuple(e.text() for e in node.child("events").elements())
    if not events:
        raise node.error("names no event", "events")
    return MovedCount(
        events=events,
        at_least=node.child("at_least").integer(1),
        to_zone=node.opt_text("to", None, ZONES),
        filter=_effect_filter(node, extra=MOVED_FIELDS),
    )


# -- realizing against a state ---------------------------------------------------------


def _afterwards(element: Node, relative: bool) -> bool:
    """``afterwards``: a card's follow-up after 「。その後、」 (part of what its replacement makes happen); an
    effect's own steps are new events, replaceable as any (B17)."""
    if element.has("afterwards") and not relative:
        raise element.error("only a replacement's follow-up step (a card's 'then') is 'afterwards'", "afterwards")
    return element.opt_bool("afterwards")
