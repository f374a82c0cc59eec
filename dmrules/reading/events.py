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

from dataclasses import dataclass, field, replace

from ..errors import InputError
from .abilities import EVENT_KINDS, FILTER_FIELDS, ZONES, Condition, Filter, parse_condition, parse_filter
from .grants import card_passes, count_holds
from .reader import Node

EFFECT_BY = ("spell", "ability", "attack", "battle", "rule", "cost", "summon")
# The card whose casting or summoning is the effect is pending until it resolves (409.1b, 409.1c).
PENDING_BY = ("spell", "summon")
CONDITIONS = ("attempted", "happened", "replaced")
CARD_KINDS = (
    "destroy",
    "return_to_hand",
    "discard",
    "put_into_mana",
    "mill",
    "break",
    "move",
    "spell_to_graveyard",
    "put_into_battle",
    "power_change",
    "swap",
    "untap",
)
PLAYER_KINDS = ("draw", "lose", "pay_cost")
ALL_KINDS = EVENT_KINDS + ("power_change", "swap", "swap_zones", "untap")

# Where each kind of event takes its card from, and where it sends it.
EVENT_FROM = {
    "destroy": ("battle",),
    "discard": ("hand",),
    "mill": ("deck",),
    "break": ("shields",),
    "power_change": ("battle",),
    "untap": ("battle",),
    "put_into_battle": ("hand", "mana", "graveyard", "shields", "deck", "hyperspatial"),
}
EVENT_TO = {
    "destroy": "graveyard",
    "return_to_hand": "hand",
    "discard": "graveyard",
    "put_into_mana": "mana",
    "mill": "graveyard",
    "break": "hand",
    "spell_to_graveyard": "graveyard",
    "put_into_battle": "battle",
    "draw": "hand",
}
CHOICE_FROM = {
    "destroy": "battle",
    "return_to_hand": "battle",
    "discard": "hand",
    "put_into_mana": "battle",
    "break": "shields",
    "move": "battle",
    "put_into_battle": "hand",
    "power_change": "battle",
}

# Kinds that take the top N cards of a player's deck: ``{mill: P, count: N}``, ``{put_into_mana: P, count: N}``
# (「自分の山札の上から3枚を自分のマナゾーンに置く」), one event each.
DECK_TOP_KINDS = ("mill", "draw", "reveal", "put_into_mana")
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
    "choose",
    "zones",
    "note",
    "position",
    "under",
) + ALL_KINDS
# Card references of a card's follow-up steps: the ability's card, and the card of the event it replaced.
CARD_REFERENCES = ("this", "event_card")
CHOOSE_FIELDS = (
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
) + (
    "whose",
    "type",
    "race",
    "civilization",
    "cost_max",
    "cost_min",
    "cost_not",
    "other",
    "name",
    "evolution",
    "flag",
    "without_flag",
    "cost_exceeds_mana",
    "id",
)
STEP_FIELDS = ("events", "if", "instead", "source", "controller", "by", "note")
# 「〜をすべて」: every card of a zone that passes a filter, one event each.
EVERY_KINDS = ("destroy", "return_to_hand", "discard", "put_into_mana", "move")
INSTEAD_FIELDS = ("if", "events", "note")


@dataclass(frozen=True)
class Event:
    """An event of one window, realized against the state of that window."""

    id: str
    kind: str
    order: int
    controller: str
    by: str
    cards: tuple[str, ...] = ()
    player: str | None = None
    from_zone: str | None = None
    to_zone: str | None = None
    source: str | None = None
    cause: str | None = None
    unreplaceable: bool = False
    # 「この効果は「離れない」効果を無視する」 (鬼タイム): 「離れない」 does not keep the
    # card, and no 「離れる時」/「破壊される時」 replacement can apply (A21).
    ignores_cannot_leave: bool = False
    last_draw: bool = False
    cast_from: str | None = None
    amount: int | None = None
    position: str | None = None  # top, bottom, shuffle: where in the deck a card put there goes
    group: str | None = None  # a break of several shields: the whole break
    swap: str | None = None  # a swap of single cards (701.26b): its two halves
    is_group: bool = False

    @property
    def card(self) -> str | None:
        return self.cards[0] if self.cards else None


@dataclass(frozen=True)
class Template:
    """A choice the effect makes when its window opens: 「クリーチャーを1体選び、破壊する」."""

    id: str
    kind: str
    order: int
    count: int
    optional: bool
    from_zone: str
    to_zone: str | None
    filter: Filter
    chooser: str
    controller: str
    by: str
    source: str | None = None
    amount: int | None = None
    unreplaceable: bool = False  # the choosing and each chosen card's event cannot be replaced


@dataclass(frozen=True)
class ChoiceSpec:
    count: int
    from_zone: str
    filter: Filter
    chooser: str | None  # a player's name; in card data "@own" or "@opponent"; None: the controller
    optional: bool
    # 「そのクリーチャーのコスト以下」/「より小さい」: the cost of the card an earlier
    # event acted on, as it was before any replacement (the wiki page 「置換効果」: the information
    # from before the replacement is not lost).
    cost_max_of: str | None = None
    cost_below_of: str | None = None
    # 「こうして墓地に置いたカードのコスト以下」: the cost of the card an earlier event
    # actually moved (it happened: not replaced, superseded or forbidden); with
    # no such card there is nothing to compare with and the part does nothing
    # (the wiki page 「置換効果」, E03, E04).
    cost_max_of_result: str | None = None
    cost_below_of_result: str | None = None
    # 「捨てた枚数だけ選ぶ」 read as 101.3a does: one card for each listed earlier event
    # that was attempted, replaced or not (B08: the キャロル that stayed in hand count).
    count_attempted: tuple[str, ...] = ()
    # 「その中から」 after 「山札の上からN枚を表向きにする」: the cards an earlier reveal
    # event turned face up, by itself or by what a replacement revealed instead (E09).
    among_revealed: str | None = None


@dataclass(frozen=True)
class EventSpec:
    """An event as the scenario (or a card's follow-up) writes it."""

    id: str
    kind: str
    node: Node | None = field(default=None, compare=False, repr=False)
    cards_node: Node | None = field(default=None, compare=False, repr=False)
    cards: tuple[str, ...] = ()
    player: str | None = None
    to_zone: str | None = None
    count: int | None = None
    amount: int | None = None
    source: str | None = None
    controller: str | None = None
    by: str | None = None
    cause: str | None = None
    unreplaceable: bool = False
    ignores_cannot_leave: bool = False
    cast_from: str | None = None
    choose: ChoiceSpec | None = None
    zones: tuple[str, ...] = ()
    position: str | None = None  # top, bottom, shuffle: where a card put into the deck goes
    under: Filter | None = None  # 「〜の下に重ねて置く」: put under a card chosen by this filter
    # 「…をすべて破壊する」: every card of ``every_from`` that passes the filter when the window
    # opens (read from the event's controller), one event each (``e1.CARD``).
    every: Filter | None = None
    every_from: str | None = None


@dataclass(frozen=True)
class SelfReplacement:
    """The effect's own 「〜のかわりに〜する」 (自己置換効果, 609.7) of one step: when every
    condition holds as the step's window opens, its events happen instead of the step's."""

    conditions: tuple[Condition, ...]
    events: tuple[EventSpec, ...]


@dataclass(frozen=True)
class Step:
    """The events of one window, under one effect."""

    events: tuple[EventSpec, ...]
    source: str | None = None
    controller: str | None = None  # a player's name; None: the effect's controller
    by: str = "ability"
    condition: tuple[str, str] | None = None
    label: str = ""
    instead: SelfReplacement | None = None


# -- reading -----------------------------------------------------------------------


def read_event(node: Node, default_id: str, *, relative: bool = False) -> EventSpec:
    """An event as written. With ``relative`` (card data), players are ``own``/``opponent``."""
    node.keys(EVENT_FIELDS)
    value = node.value
    shorthand = [k for k in ALL_KINDS if k in value]
    if node.has("kind"):
        if shorthand:
            raise node.error(f"give the kind once: 'kind' or '{shorthand[0]}', not both")
        kind = node.child("kind").text(ALL_KINDS)
        target = None
    else:
        if len(shorthand) != 1:
            raise node.error("an event needs a kind: 'kind: destroy, card: X' or 'destroy: X'")
        kind = shorthand[0]
        target = node.child(kind)
    spec = dict(
        id=node.opt_identifier("id", default_id),
        kind=kind,
        node=node,
        source=node.opt_text("source"),
        controller=node.opt_text("controller"),
        by=node.opt_text("by", None, EFFECT_BY),
        cause=node.opt_text("cause"),
        unreplaceable=node.opt_bool("unreplaceable"),
        ignores_cannot_leave=node.opt_bool("ignores_cannot_leave"),
        cast_from=node.opt_text("cast_from", None, ZONES),
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
        spec["under"] = parse_filter(under.child("choose"))
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
    if kind in PLAYER_KINDS or kind == "reveal" or (kind in ("mill", "put_into_mana") and node.has("count")):
        who = target if target is not None else node.child("player")
        spec["player"] = "@" + who.text(("own", "opponent")) if relative else who.text()
        if kind in DECK_TOP_KINDS:
            spec["count"] = node.opt_int("count", 1, 1)
        if node.has("card"):
            spec["cards"] = (node.child("card").text(),)
            spec["cards_node"] = node.child("card")
        return EventSpec(**spec)
    who = target if target is not None else (node.child("cards") if node.has("cards") else node.child("card"))
    cards = tuple(who.texts())
    if not cards:
        raise who.error("names no card")
    if kind == "battle" and (len(cards) != 2 or cards[0] == cards[1]):
        raise who.error("a battle is between two different creatures")
    if kind == "swap" and (len(cards) != 2 or cards[0] == cards[1]):
        raise who.error("a swap exchanges two different cards")
    if len(cards) > 1 and kind not in ("battle", "swap", "break"):
        raise who.error(f"a '{kind}' event acts on one card; list one event per card")
    if kind == "move" and "to_zone" not in spec:
        raise node.error("a 'move' event says where the card goes: 'to: ZONE'")
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
    spec["every"] = parse_filter(every, extra=("from",))
    spec["every_from"] = every.opt_text("from", CHOICE_FROM[kind], ZONES)
    return EventSpec(**spec)


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


def read_choice(node: Node, kind: str, *, relative: bool = False) -> ChoiceSpec:
    node.keys(CHOOSE_FIELDS)
    flt = parse_filter(
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
        from_zone=node.opt_text("from", CHOICE_FROM.get(kind, "battle"), ZONES),
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


def read_steps(node: Node, prefix: str, *, relative: bool = False) -> tuple[Step, ...]:
    """The ``then`` list: later steps, each with its events and an optional condition."""
    steps = []
    for i, element in enumerate(node.elements(), start=1):
        element.keys(STEP_FIELDS, required=("events",))
        events = tuple(
            read_event(e, f"{prefix}{i}.{j}", relative=relative)
            for j, e in enumerate(element.child("events").elements(), start=1)
        )
        if not events:
            raise element.error("the step makes no event happen", "events")
        condition = None
        if element.has("if"):
            cond = element.child("if").keys(CONDITIONS)
            if len(cond.value) != 1:
                raise cond.error("a condition is one of: attempted: EVENT, happened: EVENT, replaced: EVENT")
            word = next(iter(cond.value))
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
                by=element.opt_text("by", "ability", EFFECT_BY),
                condition=condition,
                label=f"{prefix}{i}",
                instead=instead,
            )
        )
    return tuple(steps)


# -- realizing against a state ---------------------------------------------------------


def _next_id(event_id: str) -> str:
    """``e2`` → ``e2.2``, ``e2.2`` → ``e2.3``: the ids of the cards of a multi-card draw."""
    head, _, tail = event_id.rpartition(".")
    return f"{head}.{int(tail) + 1}" if head and tail.isdigit() else f"{event_id}.2"


@dataclass
class Realized:
    events: list[Event] = field(default_factory=list)
    templates: list[Template] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    deferred: list[EventSpec] = field(default_factory=list)  # the later draws of a multi-card draw (609.6a)


class Realizer:
    """Turns a step into the events and templates of a window, given the state then.

    With ``strict`` (the scenario's first step), a card that is not where its
    event needs it is an error in the file; later, the event does nothing.
    """

    def __init__(self, state, strict: bool, refer=None, attempted=None, revealed=None):
        self.state = state
        self.strict = strict
        self.refer = refer  # event id → the cost of the card it acted on (earlier windows)
        self.attempted = attempted  # event id → whether an earlier window attempted it (101.3a)
        self.revealed = revealed  # reveal event id → the cards it (or a replacement instead) turned face up

    def player(self, name: str | None, controller: str, node: Node | None) -> str:
        """A player's name as written; ``@own``/``@opponent`` (card data) are read from ``controller``."""
        players = self.state.players
        if name is None or name == "@own":
            return controller
        if name == "@opponent":
            return self.state.opponent(controller)
        if name in players:
            return name
        raise self._error(node, f"unknown player '{name}' (players: {', '.join(players)})")

    def _error(self, node: Node | None, problem: str) -> InputError:
        if node is not None:
            return node.error(problem)
        return InputError(self.state.path, "", problem)

    def _skip_or_raise(self, out: Realized, spec: EventSpec, problem: str) -> None:
        if self.strict:
            raise self._error(spec.cards_node or spec.node, problem)
        out.skipped.append(f"{spec.id} does nothing: {problem}")

    def _card(self, spec: EventSpec, card_id: str):
        card = self.state.cards.get(card_id)
        if card is None:
            raise self._error(spec.cards_node or spec.node, f"no card with id '{card_id}' is in any zone")
        return card

    def pending(self, card) -> bool:
        """The spell being cast is in no zone's count until it has resolved (409.1c)."""
        return self.state.effect_by in PENDING_BY and card.id == self.state.effect_source

    def deck(self, player: str) -> list:
        if player in self.state.shuffled:
            raise InputError(
                self.state.path,
                "effect",
                f"{player}'s deck was shuffled by an earlier part of the "
                "effect, so which cards are on top is unknown: dmrules cannot list what a later draw, "
                "mill or reveal from it takes",
            )
        return sorted(
            (c for c in self.state.cards.values() if c.zone == "deck" and c.owner == player), key=lambda c: c.deck_pos
        )

    def self_replaced(self, step: Step, controller: str, source: str | None) -> bool:
        """Whether the step's self-replacement applies: each of its counts holds in the state as
        the window opens, read from the effect's controller (「自分の」 is that player's)."""
        if step.instead is None:
            return False
        cards = [c for c in self.state.cards.values() if not self.pending(c)]
        return all(count_holds(cond, cards, controller, source) for cond in step.instead.conditions)

    def realize(self, step: Step, controller: str, source: str | None, by: str) -> Realized:
        out = Realized()
        specs = step.events
        if step.instead is not None:
            if self.self_replaced(step, controller, source):
                specs = step.instead.events
                out.skipped.append(
                    "the effect's own 「かわりに」 (self-replacement, 609.7) applies: its condition "
                    "holds as the window opens"
                )
            else:
                out.skipped.append(
                    "the effect's own 「かわりに」 (self-replacement, 609.7) does not apply: its "
                    "condition does not hold as the window opens"
                )
        for spec in specs:
            self._one(spec, out, controller, source, by, len(out.events) + len(out.templates) + 1)
        out.events = [replace(e, order=i) for i, e in enumerate(out.events, start=1)]
        n = len(out.events)
        out.templates = [replace(t, order=n + i) for i, t in enumerate(out.templates, start=1)]
        return out

    def _one(self, spec: EventSpec, out: Realized, controller: str, source: str | None, by: str, order: int) -> None:
        ctrl = self.player(spec.controller, controller, spec.node) if spec.controller else controller
        src = spec.source if spec.source is not None else source
        if src is not None and src not in self.state.cards:
            raise self._error(spec.node, f"no card with id '{src}' is in any zone")
        common = dict(
            kind=spec.kind,
            controller=ctrl,
            by=spec.by or by,
            source=src,
            unreplaceable=spec.unreplaceable,
            ignores_cannot_leave=spec.ignores_cannot_leave,
        )

        kind = spec.kind
        if spec.every is not None:
            matched = [
                c
                for c in self.state.cards.values()
                if c.zone == spec.every_from
                and c.under is None
                and not self.pending(c)
                and card_passes(spec.every, c, ctrl, src)
            ]
            if not matched:
                out.skipped.append(f"{spec.id} does nothing: no card in the {spec.every_from} zone passes its filter")
            for i, card in enumerate(matched):
                to_zone = spec.to_zone if kind == "move" else EVENT_TO.get(kind)
                out.events.append(
                    Event(
                        id=f"{spec.id}.{card.id}",
                        order=order + i,
                        cards=(card.id,),
                        from_zone=card.zone,
                        to_zone=to_zone,
                        position=spec.position if to_zone == "deck" else None,
                        **common,
                    )
                )
            return None
        if spec.choose is not None:
            choice = spec.choose
            flt = choice.filter
            for ref, below, result in (
                (choice.cost_max_of, 0, False),
                (choice.cost_below_of, 1, False),
                (choice.cost_max_of_result, 0, True),
                (choice.cost_below_of_result, 1, True),
            ):
                if ref is None:
                    continue
                cost = self.refer(ref, result) if self.refer else None
                if cost is None and result:
                    # 「こうして…したカード」 names the result: no card was moved that way.
                    out.skipped.append(
                        f"{spec.id} does nothing: no card is one '{ref}' moved (the text names the result)"
                    )
                    return None
                if cost is None:
                    return self._skip_or_raise(out, spec, f"no earlier event '{ref}' acted on a card with a cost")
                flt = replace(flt, cost_max=cost - below)
            if choice.among_revealed is not None:
                revealed = self.revealed(choice.among_revealed) if self.revealed else ()
                if not revealed:
                    out.skipped.append(f"{spec.id} does nothing: no card was revealed by '{choice.among_revealed}'")
                    return None
                flt = replace(flt, ids=tuple(revealed))
            count = choice.count
            if choice.count_attempted:
                count = sum(1 for ref in choice.count_attempted if self.attempted and self.attempted(ref))
                if count == 0:
                    out.skipped.append(
                        f"{spec.id} does nothing: none of {', '.join(choice.count_attempted)} was attempted"
                    )
                    return None
            out.templates.append(
                Template(
                    id=spec.id,
                    kind=kind,
                    order=order,
                    count=count,
                    optional=choice.optional,
                    from_zone=choice.from_zone,
                    to_zone=spec.to_zone or EVENT_TO.get(kind),
                    filter=flt,
                    chooser=self.player(choice.chooser, ctrl, spec.node),
                    controller=ctrl,
                    by=common["by"],
                    source=src,
                    amount=spec.amount,
                    unreplaceable=spec.unreplaceable,
                )
            )
            return
        if kind == "reveal":
            # 「山札の上からN枚を表向きにする」: the reveal as a whole (what a replacement watches,
            # its player the subject), and one event for each card turned face up; the cards
            # stay where they are. A deck with fewer cards reveals what it has.
            player = self.player(spec.player, ctrl, spec.node)
            out.events.append(Event(id=spec.id, order=order, player=player, amount=spec.count, **common))
            for i, card in enumerate(self.deck(player)[: spec.count], start=1):
                out.events.append(
                    Event(
                        id=f"{spec.id}.{i}",
                        order=order + i,
                        cards=(card.id,),
                        from_zone="deck",
                        group=spec.id,
                        **{**common, "kind": "reveal_card"},
                    )
                )
            return
        if kind in PLAYER_KINDS or (kind in ("mill", "put_into_mana") and spec.count is not None and spec.player):
            player = self.player(spec.player, ctrl, spec.node)
            if kind == "draw":
                if spec.count and spec.count > 1:
                    # Each card drawn is its own event, finished before the next (609.6a).
                    out.deferred.append(replace(spec, id=_next_id(spec.id), count=spec.count - 1))
                deck = self.deck(player)
                out.events.append(
                    Event(
                        id=spec.id,
                        order=order,
                        cards=(deck[0].id,) if deck else (),
                        player=player,
                        from_zone="deck",
                        to_zone="hand",
                        last_draw=len(deck) == 1,
                        **common,
                    )
                )
                return
            if kind == "lose":
                out.events.append(Event(id=spec.id, order=order, player=player, cause=spec.cause or "effect", **common))
                return
            if kind in ("mill", "put_into_mana"):
                deck = self.deck(player)
                if spec.count > len(deck):
                    verb = "mills" if kind == "mill" else "puts into mana"
                    self._skip_or_raise(out, spec, f"{verb} {spec.count} cards but {player}'s deck holds {len(deck)}")
                for i, card in enumerate(deck[: spec.count], start=1):
                    out.events.append(
                        Event(
                            id=f"{spec.id}.{i}" if spec.count > 1 else spec.id,
                            order=order + i - 1,
                            cards=(card.id,),
                            from_zone="deck",
                            to_zone=EVENT_TO[kind],
                            **common,
                        )
                    )
                return
            cards = tuple(c for c in spec.cards if self._card(spec, c))
            out.events.append(Event(id=spec.id, order=order, player=player, cards=cards, **common))
            return
        if kind == "swap_zones":
            player = self.player(spec.player, ctrl, spec.node)
            a, b = spec.zones
            i = 0
            for zone, other in ((a, b), (b, a)):
                for card in self.state.cards.values():
                    if card.zone == zone and card.owner == player and card.under is None and not self.pending(card):
                        i += 1
                        out.events.append(
                            Event(
                                id=f"{spec.id}.{card.id}",
                                order=order + i - 1,
                                cards=(card.id,),
                                from_zone=zone,
                                to_zone=other,
                                **{**common, "kind": "move"},
                            )
                        )
            if not i:
                out.skipped.append(f"{spec.id}: both zones are empty")
            return
        cards = [self._card(spec, c) for c in spec.cards]
        if kind == "battle":
            for card in cards:
                if card.zone != "battle":
                    return self._skip_or_raise(
                        out,
                        spec,
                        f"a battle needs creatures in the battle zone, but '{card.id}' is in the {card.zone} zone",
                    )
            out.events.append(Event(id=spec.id, order=order, cards=tuple(c.id for c in cards), **common))
            return
        if kind == "swap":
            a, b = cards
            if a.zone == b.zone:
                return self._skip_or_raise(out, spec, "a swap exchanges cards in two different zones")
            for half, (card, other) in enumerate(((a, b), (b, a)), start=1):
                kind = "put_into_battle" if other.zone == "battle" else "move"  # not summoned: 「召喚以外の方法で出る」
                out.events.append(
                    Event(
                        id=f"{spec.id}.{half}",
                        order=order + half - 1,
                        cards=(card.id,),
                        from_zone=card.zone,
                        to_zone=other.zone,
                        swap=spec.id,
                        **{**common, "kind": kind},
                    )
                )
            return
        if kind == "break" and len(cards) > 1:
            for card in cards:
                if card.zone != "shields":
                    return self._skip_or_raise(
                        out,
                        spec,
                        f"a 'break' event needs cards in the shields zone, but '{card.id}' is in the {card.zone} zone",
                    )
            out.events.append(Event(id=spec.id, order=order, cards=tuple(c.id for c in cards), is_group=True, **common))
            for i, card in enumerate(cards, start=1):
                out.events.append(
                    Event(
                        id=f"{spec.id}.{i}",
                        order=order + i,
                        cards=(card.id,),
                        from_zone="shields",
                        to_zone="hand",
                        group=spec.id,
                        **common,
                    )
                )
            return
        card = cards[0]
        if kind == "spell_to_graveyard":
            if "spell" not in card.types and card.definition is not None:
                raise self._error(spec.node, f"'{card.id}' is not a spell")
            out.events.append(
                Event(
                    id=spec.id,
                    order=order,
                    cards=(card.id,),
                    from_zone="pending",
                    to_zone="graveyard",
                    cast_from=spec.cast_from or card.zone,
                    **common,
                )
            )
            return
        allowed = EVENT_FROM.get(kind)
        if allowed and card.zone not in allowed:
            return self._skip_or_raise(
                out,
                spec,
                f"a '{kind}' event needs a card in the {' or '.join(allowed)} zone, "
                f"but '{card.id}' is in the {card.zone} zone",
            )
        if kind == "power_change":
            out.events.append(Event(id=spec.id, order=order, cards=(card.id,), amount=spec.amount, **common))
            return
        if kind == "untap":
            # The untap step (「自分のターンのはじめに」): a tapped card is untapped; it does not move.
            if not card.tapped:
                return self._skip_or_raise(
                    out, spec, f"'{card.id}' is not tapped: there is nothing to untap (write 'tapped: true' on it)"
                )
            out.events.append(Event(id=spec.id, order=order, cards=(card.id,), **common))
            return
        to_zone = spec.to_zone if kind == "move" else EVENT_TO[kind]
        if to_zone == card.zone:
            return self._skip_or_raise(out, spec, f"'{card.id}' is already in the {to_zone} zone")
        out.events.append(
            Event(
                id=spec.id,
                order=order,
                cards=(card.id,),
                from_zone=card.zone,
                to_zone=to_zone,
                position=spec.position if to_zone == "deck" else None,
                **common,
            )
        )
