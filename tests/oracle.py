"""A brute-force oracle for one replacement window under the Duel Masters rules.

This is a second implementation of docs/semantics.md, written from that page
and from docs/scenario-format.md, not from the ASP encodings nor from
dmrules' loaders: it reads the scenario file's YAML itself (and, for printed
card names, the bundled card files' YAML), so a loader that misreads a field
is a disagreement. It enumerates every candidate resolution as a product of
choices: for each event of the effect, either no replacement, or one
replacement that watches it together with one choice of its affected cards.
It then keeps the candidates that pass the rules of the page, numbered as
there:

    1  one per event                    5  source present
    2  affected cards                   6  unreplaceable events
    3  cards that cannot be moved       7  no chaining
    4  each affected card once          8  no card in two places
                                        9  priority and mandatory replacements

Only part of the format is supported; any other field raises
NotImplementedError instead of guessing.

An effect may have later steps (``then``), and a replacement 「そうしたら」
sentences (its ``then``): each step is a window of its own, realized against
the state the earlier windows left, in the order "Window after window" below
gives; each window is solved as above.

``legal_resolutions(text)`` returns the legal resolutions of a scenario (YAML
text) in a canonical, comparable form: a frozenset of ``(windows, final,
lost)`` triples where ``windows`` is the sequence of windows that opened, each
a pair of the frozenset of its event ids and the frozenset of its
applications ``(event id, replacement id, frozenset(chosen card ids))``;
``final`` is a sorted tuple of ``(card id, zone)`` for every card after the
last window, and ``lost`` the players who lose (a deck the effect emptied).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import combinations
from pathlib import Path

import yaml

# libyaml's loader when the machine has it: the same YAML, read many times faster.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

Window = tuple[frozenset[str], frozenset[tuple[str, str, frozenset[str]]]]
Canonical = frozenset[tuple[tuple[Window, ...], tuple[tuple[str, str], ...], tuple[str, ...]]]

CARDS_DIR = Path(__file__).resolve().parent.parent / "dmrules" / "cards"

# Event kinds the oracle knows: each moves one card from its zone to another.
# Where each kind sends its card ("The effect and its events"), and the zone it needs.
EVENT_TO = {
    "destroy": "graveyard",
    "return_to_hand": "hand",
    "discard": "graveyard",
    "put_into_mana": "mana",
    "break": "hand",
    "spell_to_graveyard": "graveyard",
}
EVENT_FROM = {"destroy": "battle", "discard": "hand", "break": "shields"}
SUPPORTED_EVENT_KINDS = tuple(EVENT_TO) + ("move",)
# The kind of event each verb of a choice makes ("instead actions").
VERB_KINDS = {
    "discard": "discard",
    "destroy": "destroy",
    "put": "move",
    "return": "return_to_hand",
    "add_to_hand": "move",
}


def same_event(e, kind: str, to_zone: str | None) -> bool:
    """Whether moving E's card by an event of ``kind`` to ``to_zone`` is E itself (docs/semantics.md,
    "Affected cards": a replacement makes another event happen instead)."""
    return e.kind == kind and e.to_zone == to_zone


ZONES = ("battle", "hand", "mana", "graveyard", "shields", "deck", "hyperspatial")


# -- the oracle's own reading of a scenario file --------------------------------------


def _unsupported(where: str, what) -> NotImplementedError:
    return NotImplementedError(f"{where}: {what}")


def _keys(mapping: dict, where: str, known: tuple[str, ...]) -> None:
    for key in mapping:
        if key not in known:
            raise _unsupported(where, f"field {key}")


def _list(value) -> list:
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


@dataclass(frozen=True)
class Filter:
    whose: str = "any"
    types: tuple[str, ...] = ()
    races: tuple[str, ...] = ()
    other: bool = False
    ids: tuple[str, ...] = ()


FILTER_KEYS = ("whose", "type", "race", "other", "id")


def read_filter(
    raw: dict, where: str, whose: str = "any", types: tuple[str, ...] = (), extra: tuple[str, ...] = ()
) -> Filter:
    _keys(raw, where, FILTER_KEYS + extra)
    return Filter(
        whose=raw.get("whose", whose),
        types=tuple(_list(raw.get("type"))) or types,
        races=tuple(_list(raw.get("race"))),
        other=bool(raw.get("other", False)),
        ids=tuple(str(x) for x in _list(raw.get("id"))),
    )


@dataclass(frozen=True)
class Slot:
    count: int
    from_zone: str
    to_zone: str
    verb: str
    filter: Filter


@dataclass(frozen=True)
class Action:
    kind: str  # stay, move, choose, move_source
    zone: str | None = None
    verb: str | None = None
    slot: Slot | None = None


# The choices of affected cards, as the "instead actions" table of docs/scenario-format.md gives them:
# key -> (from, to, verb, whose by default, types by default).
CHOICE_ACTIONS = {
    "discard": ("hand", "graveyard", "discard", "own", ()),  # 「自分の手札を N 枚捨てる」
    "graveyard_to_deck": ("graveyard", "deck", "put", "own", ()),  # its controller's graveyard
    "destroy": ("battle", "graveyard", "destroy", "any", ("creature",)),  # creatures matching the filter
    "shield_to_hand": ("shields", "hand", "add_to_hand", "own", ()),  # its controller's shields
}


def read_action(raw, where: str) -> Action:
    if isinstance(raw, str):
        if raw == "stay":
            return Action("stay")
        if raw == "destroy_this":
            return Action("move_source", zone="graveyard", verb="destroy")
        raise _unsupported(where, f"action {raw}")
    ((key, arg),) = raw.items()
    if key == "move_to":
        if arg not in ZONES:
            raise _unsupported(where, f"move_to {arg}")
        return Action("move", zone=arg)
    if key == "this_to":
        return Action("move_source", zone=arg, verb="put")
    if key in CHOICE_ACTIONS:
        from_zone, to_zone, verb, whose, types = CHOICE_ACTIONS[key]
        if isinstance(arg, dict):
            count = int(arg.get("count", 1))
            flt = read_filter(arg, where, whose, types, extra=("count",))
        else:
            count, flt = int(arg), Filter(whose=whose, types=types)
        return Action("choose", slot=Slot(count, from_zone, to_zone, verb, flt))
    if key == "mill":  # the top N cards of that player's deck go to the graveyard
        _keys(arg, where, ("player", "count"))
        return Action("mill", zone=arg.get("player", "own"), slot=None, verb=str(int(arg["count"])))
    if key == "choose":
        _keys(arg, where, FILTER_KEYS + ("count", "from", "to", "verb"))
        flt = read_filter(arg, where, "own", extra=("count", "from", "to", "verb"))
        return Action(
            "choose", slot=Slot(int(arg.get("count", 1)), arg["from"], arg["to"], arg.get("verb", "put"), flt)
        )
    raise _unsupported(where, f"action {key}")


@dataclass(frozen=True)
class Watch:
    events: tuple[str, ...]
    subject: str | None
    filter: Filter | None
    conditions: tuple[str, ...]


@dataclass(frozen=True)
class Ability:
    watch: Watch
    instead: tuple[Action, ...]
    optional: bool
    works_in: str
    own_movement: bool = False
    then: tuple[StepSpec, ...] = ()  # its 「そうしたら」 sentences: steps that follow when it applied (101.5a)

    def slots(self) -> list[Slot]:
        return [a.slot for a in self.instead if a.slot is not None]


def read_ability(raw: dict, where: str) -> Ability:
    _keys(raw, where, ("watch", "instead", "optional", "works_in", "text", "note", "spell_own_movement", "then"))
    w = raw["watch"]
    _keys(w, where, ("event", "card", "when"))
    events = tuple(_list(w["event"]))
    if any(ev not in WATCH_CLASSES for ev in events):
        raise _unsupported(where, f"watched events {events}")
    card = w.get("card")
    if card in ("this",):
        subject, flt = "this", None
    elif isinstance(card, dict):
        subject, flt = None, read_filter(card, where)
    else:
        raise _unsupported(where, f"watched card {card}")
    conditions = tuple(_list(w.get("when")))
    if any(c not in CONDITIONS for c in conditions):
        raise _unsupported(where, f"conditions {conditions}")
    own_movement = bool(raw.get("spell_own_movement", False))
    # works_in: as written; else anywhere for a spell's own movement, the zone a `card: this`
    # discard moves the card from (the hand, マッドネス), the battle zone otherwise.
    if "works_in" in raw:
        works_in = raw["works_in"]
    elif own_movement:
        works_in = "any"
    elif subject == "this" and events == ("discard",):
        works_in = "hand"
    else:
        works_in = "battle"
    then = read_steps(raw.get("then"), f"{where}: then", follow_up=True)
    return Ability(
        Watch(events, subject, flt, conditions),
        tuple(read_action(a, where) for a in raw["instead"]),
        bool(raw.get("optional", False)),
        works_in,
        own_movement,
        then,
    )


def _normal(name: str) -> str:
    text = unicodedata.normalize("NFKC", name)
    return "".join(ch for ch in text if not ch.isspace() and ch not in "《》")


@lru_cache(maxsize=1)
def bundled_cards() -> dict[str, dict]:
    """The bundled card files, read as YAML: normalized printed name -> definition."""
    out = {}
    for path in sorted(CARDS_DIR.glob("*.yaml")):
        for card in yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)["cards"]:
            out[_normal(card["name"])] = card
    return out


@dataclass(frozen=True)
class Card:
    id: str
    zone: str
    controller: str
    types: tuple[str, ...] = ()
    races: tuple[str, ...] = ()
    markers: frozenset[str] = frozenset()
    replacements: tuple[Ability, ...] = ()
    under: str | None = None  # the card it is stacked under: it has no abilities, and goes where that card goes
    deck_pos: int | None = None  # 1 for the top card of its owner's deck


CARD_KEYS = ("id", "card", "cannot_be_destroyed", "cannot_leave", "untouchable", "under")
# Printed types as the filters read them: an evolution creature is a creature.
TYPE_WORDS = {"creature": ("creature",), "evolution_creature": ("creature", "evolution"), "spell": ("spell",)}
DEFINITION_KEYS = (
    "name",
    "type",
    "races",
    "civilizations",
    "cost",
    "power",
    "text",
    "replacements",
    "text_verified",
    "source",
    "text_source",
    "hand_written",
    "compiled",
    "note",
    "flips_to",
)


def read_card(raw, zone: str, player: str) -> Card:
    if not isinstance(raw, dict):
        return Card(str(raw), zone, player)
    where = f"card {raw.get('id')}"
    _keys(raw, where, CARD_KEYS)
    definition = raw.get("card")
    if isinstance(definition, str):
        found = bundled_cards().get(_normal(definition))
        if found is None:
            raise _unsupported(where, f"card name {definition}")
        definition = found
    definition = definition or {}
    _keys(definition, where, DEFINITION_KEYS + ("triggers",))
    if definition.get("text") and "replacements" not in definition:
        raise _unsupported(where, "abilities given by printed text alone (the card-text compiler reads them)")
    if definition.get("triggers"):
        raise _unsupported(where, "triggered abilities")
    printed = tuple(_list(definition.get("type")))
    if any(t not in TYPE_WORDS for t in printed):
        raise _unsupported(where, f"card type {printed}")
    types = tuple(word for t in printed for word in TYPE_WORDS[t])
    markers = frozenset(m for m in ("cannot_be_destroyed", "cannot_leave", "untouchable") if raw.get(m))
    return Card(
        str(raw["id"]),
        zone,
        player,
        types,
        tuple(_list(definition.get("races"))),
        markers,
        tuple(read_ability(a, where) for a in definition.get("replacements") or ()),
        str(raw["under"]) if raw.get("under") is not None else None,
    )


@dataclass(frozen=True)
class Event:
    id: str
    kind: str
    card: str
    from_zone: str
    to_zone: str
    controller: str
    unreplaceable: bool = False


EVENT_KEYS = ("id", "kind", "card", "to", "controller", "by", "source", "unreplaceable", "note", "position")


@dataclass(frozen=True)
class EventSpec:
    """An event as written: realized against the state when its window opens."""

    id: str
    kind: str
    card: str  # a card id; in a follow-up also `this` (the replacement's card) or `event_card`
    to: str | None
    controller: str | None
    unreplaceable: bool


@dataclass(frozen=True)
class Count:
    """A count of a self-replacement's condition: at least N cards of a zone pass a filter,
    read from the effect's controller ("Later steps and windows")."""

    zone: str
    at_least: int
    filter: Filter


@dataclass(frozen=True)
class SelfReplacement:
    """A step's own 「〜のかわりに〜する」 (609.7): when every count holds as the step's window
    opens, its window has these events rather than its own, and none of them can be replaced
    (docs/semantics.md, "Self-replacements")."""

    counts: tuple[Count, ...]
    events: tuple[EventSpec, ...]


@dataclass(frozen=True)
class StepSpec:
    """One step: the events of one window, and the condition under which it opens."""

    events: tuple[EventSpec, ...]
    condition: tuple[str, str] | None = None  # (attempted | happened | replaced, event id)
    instead: SelfReplacement | None = None


def read_self_replacement(raw, where: str) -> SelfReplacement | None:
    if raw is None:
        return None
    _keys(raw, where, ("if", "events"))
    counts = []
    for i, cond in enumerate(_list(raw.get("if")), start=1):
        at = f"{where} if {i}"
        if not isinstance(cond, dict) or "zone" not in cond or cond["zone"] not in ZONES:
            raise _unsupported(at, f"count {cond!r}")
        rest = {k: v for k, v in cond.items() if k not in ("zone", "at_least")}
        counts.append(Count(cond["zone"], int(cond.get("at_least", 1)), read_filter(rest, at)))
    events = tuple(read_event_spec(ev, f"{where} event {j}", None) for j, ev in enumerate(_list(raw["events"]), 1))
    return SelfReplacement(tuple(counts), events)


CONDITION_WORDS = ("attempted", "happened", "replaced")


def read_event_spec(ev, where: str, default_id: str | None) -> EventSpec:
    if not isinstance(ev, dict):
        raise _unsupported(where, f"event {ev!r}")
    kinds = [k for k in ev if k in SUPPORTED_EVENT_KINDS]
    _keys(ev, where, EVENT_KEYS + SUPPORTED_EVENT_KINDS)
    if ("kind" in ev) == bool(kinds) or len(kinds) > 1:
        raise _unsupported(where, "an event's kind")
    kind = ev["kind"] if "kind" in ev else kinds[0]
    if kind not in SUPPORTED_EVENT_KINDS:
        raise _unsupported(where, f"event kind {kind}")
    target = ev.get("card", ev.get(kind) if kind in ev else None)
    if not isinstance(target, str):
        raise _unsupported(where, f"card {target!r}")
    to = ev.get("to")
    if (to is not None) != (kind == "move") or (to is not None and to not in ZONES):
        raise _unsupported(where, f"destination {to!r}")
    # A card put into a deck goes to its bottom; the top or a shuffle is beyond the oracle.
    if ev.get("position", "bottom") != "bottom" or ("position" in ev and to != "deck"):
        raise _unsupported(where, f"position {ev.get('position')}")
    if "id" not in ev and default_id is None:
        raise _unsupported(where, "an event of a later step without an id")
    controller = ev.get("controller")
    return EventSpec(
        str(ev.get("id", default_id)),
        kind,
        target,
        to,
        str(controller) if controller is not None else None,
        bool(ev.get("unreplaceable", False)),
    )


def read_steps(raw, where: str, follow_up: bool = False) -> tuple[StepSpec, ...]:
    """A ``then`` list: an effect's later steps, or a replacement's 「そうしたら」 sentences."""
    steps = []
    for i, step in enumerate(_list(raw), start=1):
        _keys(step, f"{where} {i}", ("events",) if follow_up else ("events", "if", "instead"))
        condition = None
        if "if" in step:
            cond = step["if"]
            if not isinstance(cond, dict) or len(cond) != 1 or next(iter(cond)) not in CONDITION_WORDS:
                raise _unsupported(f"{where} {i}", f"condition {cond!r}")
            ((word, ref),) = cond.items()
            condition = (word, str(ref))
        events = []
        for j, ev in enumerate(_list(step["events"]), start=1):
            spec = read_event_spec(ev, f"{where} {i} event {j}", f"then{i}.{j}" if follow_up else None)
            if follow_up and spec.controller is not None:
                raise _unsupported(f"{where} {i}", "a follow-up event's own controller")
            events.append(spec)
        steps.append(StepSpec(tuple(events), condition, read_self_replacement(step.get("instead"), f"{where} {i}")))
    return tuple(steps)


class Unsettled(NotImplementedError):
    """A scenario whose answer the rules the oracle follows do not settle (or one it will not
    wait for): the order of two 「そうしたら」 sentences of one window, the order of cards put
    into a deck together when a later mill takes some of them, an endless chain of windows."""


@dataclass
class Situation:
    """One window as the oracle reads it: the state before it, and its events, each moving one card."""

    turn_player: str
    players: tuple[str, ...]
    cards: dict[str, Card]
    events: list[Event]
    player_cannot: dict[str, frozenset[str]] = field(default_factory=dict)
    pending: str | None = None  # the spell being cast: in its zone, but never chosen there (409.1c)


@dataclass
class Scenario:
    """A whole scenario: the state before the effect, its steps, and who controls it."""

    turn_player: str
    players: tuple[str, ...]
    cards: dict[str, Card]
    steps: tuple[StepSpec, ...]
    controller: str
    player_cannot: dict[str, frozenset[str]]
    pending: str | None


def read_scenario(text: str) -> Scenario:
    raw = yaml.load(text, Loader=_LOADER)
    _keys(
        raw, "scenario", ("ruleset", "title", "source", "note", "turn", "players", "effect", "expect", "expect_under")
    )
    if raw.get("ruleset", "dm") != "dm":
        raise _unsupported("scenario", f"ruleset {raw['ruleset']}")
    players = tuple(str(p) for p in raw["players"])
    cards: dict[str, Card] = {}
    cannot: dict[str, frozenset[str]] = {}
    for player, body in raw["players"].items():
        body = body or {}
        _keys(body, f"player {player}", ("battle", "hand", "graveyard", "shields", "mana", "deck", "cannot"))
        cannot[str(player)] = frozenset(_list(body.get("cannot")))
        for zone in ("battle", "hand", "graveyard", "shields", "mana", "deck"):
            for position, entry in enumerate(_list(body.get(zone)), start=1):
                card = read_card(entry, zone, str(player))
                if zone == "deck":
                    card = replace(card, deck_pos=position)
                cards[card.id] = card
    effect = raw["effect"]
    _keys(effect, "effect", ("controller", "by", "source", "events", "cast_from", "then", "instead"))
    if effect.get("by", "ability") not in ("ability", "spell"):
        raise _unsupported("effect", f"by {effect.get('by')}")
    pending = str(effect["source"]) if effect.get("by") == "spell" and effect.get("source") is not None else None
    if pending is not None and effect.get("cast_from", cards[pending].zone) != cards[pending].zone:
        raise _unsupported("effect", "cast_from another zone than the spell's")
    first = StepSpec(
        tuple(read_event_spec(ev, f"event {i}", f"e{i}") for i, ev in enumerate(effect["events"], 1)),
        instead=read_self_replacement(effect.get("instead"), "effect: instead"),
    )
    steps = (first,) + read_steps(effect.get("then"), "effect: then")
    scenario = Scenario(str(raw["turn"]), players, cards, steps, str(effect["controller"]), cannot, pending)
    # The first step is checked as written: a card not where its event needs it is an error in the
    # file there (later steps skip such an event: 101.3, do what can be done).
    for i, spec in enumerate(step_events(first, cards, scenario.controller, pending), start=1):
        if cards[spec.card].zone == "deck":  # a deck emptied this way: beyond the oracle's first window
            raise _unsupported(f"event {i}", "an event on a deck card")
        if realize(spec, scenario, cards, scenario.controller, f"event {i}", strict=True) is None:
            raise _unsupported(f"event {i}", "an event that cannot happen")  # pragma: no cover - strict raises
    return scenario


def realize(
    spec: EventSpec,
    scenario: Scenario,
    cards: dict[str, Card],
    controller: str,
    where: str,
    strict: bool = False,
    refs: dict[str, str] | None = None,
) -> Event | None:
    """The event ``spec`` makes in the state ``cards``: None when its card is not where the
    event needs it, or already where it goes (it does nothing then, 101.3)."""
    target = (refs or {}).get(spec.card, spec.card)
    if target not in cards:
        raise _unsupported(where, f"card {target}")
    card = cards[target]
    if card.under is not None:
        raise _unsupported(where, "an event on a card stacked under another")
    kind = spec.kind
    pending = scenario.pending
    if (kind == "spell_to_graveyard") != (target == pending) or (target == pending and "spell" not in card.types):
        raise _unsupported(where, "a spell's movement other than the cast spell's")
    to_zone = spec.to if kind == "move" else EVENT_TO[kind]

    def cannot(problem: str) -> None:
        if strict:
            raise _unsupported(where, problem)
        return None

    if kind in EVENT_FROM and card.zone != EVENT_FROM[kind]:
        return cannot("card not in the zone its event needs")
    if to_zone == card.zone and kind != "spell_to_graveyard":
        return cannot("a move to the zone it is in")
    # The cast spell moves from where it waits while it resolves (pending), not from its zone.
    from_zone = "pending" if kind == "spell_to_graveyard" else card.zone
    return Event(spec.id, kind, target, from_zone, to_zone, spec.controller or controller, spec.unreplaceable)


def read_situation(text: str) -> Situation:
    """The scenario's first window (its effect's own events)."""
    scenario = read_scenario(text)
    events = [
        realize(spec, scenario, scenario.cards, scenario.controller, spec.id, strict=True)
        for spec in scenario.steps[0].events
    ]
    return Situation(
        scenario.turn_player, scenario.players, scenario.cards, events, scenario.player_cannot, scenario.pending
    )


def _is_move(e: Event) -> bool:
    return e.from_zone is not None and e.to_zone is not None and e.from_zone != e.to_zone


def _discards(kind: str | None, from_zone: str | None, to_zone: str | None) -> bool:
    """捨てる: a discard, or a card an effect moves from the hand into the graveyard (「手札を…墓地に置く」); a card
    that would come into the battle zone from the hand and goes to the graveyard instead is not (R29)."""
    return kind == "discard" or (kind in ("move", "put") and from_zone == "hand" and to_zone == "graveyard")


def _destroys(kind: str | None, from_zone: str | None, to_zone: str | None) -> bool:
    """破壊: a destruction, or any move from the battle zone into the graveyard (「墓地に置く」 included)."""
    return kind == "destroy" or (from_zone == "battle" and to_zone == "graveyard")


# The classes of event a replacement can watch ("Which replacement watches
# which event"): a kind-named class matches events of that kind; the words for
# zone changes match any event that makes that zone change, whatever its kind.
WATCH_CLASSES = {
    "destroy": lambda e: _destroys(e.kind, e.from_zone, e.to_zone),
    "discard": lambda e: _discards(e.kind, e.from_zone, e.to_zone),
    "return_to_hand": lambda e: e.kind == "return_to_hand",
    "put_into_mana": lambda e: e.kind == "put_into_mana",
    "break": lambda e: e.kind == "break",
    "spell_to_graveyard": lambda e: e.kind == "spell_to_graveyard",
    "leave": lambda e: _is_move(e) and e.from_zone == "battle",
    "put_into_graveyard": lambda e: _is_move(e) and e.to_zone == "graveyard",
    "put_into_hand": lambda e: _is_move(e) and e.to_zone == "hand",
}

CONDITIONS = ("opponent_turn", "own_turn", "by_opponent", "by_self")


@dataclass(frozen=True)
class Replacement:
    """One replacement ability of one card, with its output id and its rank (rule 9)."""

    id: str
    card: str
    controller: str
    ability: Ability
    rank: int

    @property
    def optional(self) -> bool:
        return self.ability.optional

    @property
    def slots(self) -> list[Slot]:
        return self.ability.slots()

    def moves_own_card(self) -> bool:
        return any(a.kind == "move_source" for a in self.ability.instead)

    def own_destination(self) -> str | None:
        """Where R sends its own card (``destroy_this`` / ``this_to``)."""
        return next((a.zone for a in self.ability.instead if a.kind == "move_source"), None)


@dataclass(frozen=True)
class Application:
    """R applied to E, with the cards chosen for each of R's choices (in slot order)."""

    replacement: Replacement
    event: Event
    chosen: tuple[tuple[str, ...], ...]
    players: tuple[str, ...] = ()

    @property
    def chosen_cards(self) -> frozenset[str]:
        return frozenset(c for group in self.chosen for c in group)

    @property
    def affected(self) -> frozenset[str]:
        """Rule 4: the chosen cards, and R's own card when R destroys or moves it."""
        own = {self.replacement.card} if self.replacement.moves_own_card() else set()
        return self.chosen_cards | own

    def made_moves(self, take=None) -> list[tuple[str, str]]:
        """The (card, zone) moves of the events this application makes happen instead.
        ``take(player, n)`` gives the next n cards from the top of that player's deck
        (without it, deck actions move nothing: rule 9 reads only chosen cards)."""
        moves: list[tuple[str, str]] = []
        slot_index = 0
        for action in self.replacement.ability.instead:
            if action.kind == "stay":
                continue
            if action.kind == "move":  # the event's card goes elsewhere
                moves.append((self.event.card, action.zone))
            elif action.kind == "choose":  # chosen cards are discarded / destroyed / moved
                moves.extend((c, action.slot.to_zone) for c in self.chosen[slot_index])
                slot_index += 1
            elif action.kind == "move_source":  # R's own card is destroyed or moved
                moves.append((self.replacement.card, action.zone))
            elif action.kind == "mill":  # the top cards of a deck go to the graveyard
                me = self.replacement.controller
                player = me if action.zone == "own" else next(p for p in self.players if p != me)
                if take is not None:
                    moves.extend((c, "graveyard") for c in take(player, int(action.verb)))
            else:  # pragma: no cover - read_action makes only these
                raise NotImplementedError(f"action {action.kind}")
        return moves

    def key(self) -> tuple[str, str, frozenset[str]]:
        return (self.event.id, self.replacement.id, self.chosen_cards)


class Oracle:
    """Enumerates the legal resolutions of one scenario by brute force."""

    def __init__(self, situation: Situation):
        self.s = situation
        self.replacements: list[Replacement] = []
        for card in situation.cards.values():
            abilities = card.replacements
            for index, ability in enumerate(abilities, start=1):
                rid = card.id if len(abilities) == 1 else f"{card.id}#{index}"
                # Rule 9: rank 0 for a spell's own movement, rank 1 for the turn
                # player's, rank 2 for the non-turn player's.
                rank = 0 if ability.own_movement else 1 if card.controller == situation.turn_player else 2
                self.replacements.append(Replacement(rid, card.id, card.controller, ability, rank))

    # -- reading the state before the window ---------------------------------------
    def card(self, card_id: str) -> Card:
        return self.s.cards[card_id]

    def passes(self, f: Filter, card: Card, r: Replacement) -> bool:
        """A filter, with own/opponent read from R's controller."""
        if f.whose == "own" and card.controller != r.controller:
            return False
        if f.whose == "opponent" and card.controller == r.controller:
            return False
        if f.types and not any(t in card.types for t in f.types):
            return False
        if f.races and not any(word in race for word in f.races for race in card.races):
            return False
        if f.other and card.id == r.card:
            return False
        if f.ids and card.id not in f.ids:
            return False
        return True

    # -- which replacement watches which event -------------------------------------
    def watches(self, r: Replacement, e: Event) -> bool:
        w = r.ability.watch
        # E is of a class R's text names.
        if not any(WATCH_CLASSES[cls](e) for cls in w.events):
            return False
        # E acts on the card R's text names.
        if w.subject == "this":
            if e.card != r.card:
                return False
        elif not self.passes(w.filter, self.card(e.card), r):
            return False
        # R's conditions hold.
        for cond in w.conditions:
            if cond == "opponent_turn" and self.s.turn_player == r.controller:
                return False
            if cond == "own_turn" and self.s.turn_player != r.controller:
                return False
            if cond == "by_opponent" and e.controller == r.controller:
                return False
            if cond == "by_self" and e.controller != r.controller:
                return False
        return True

    # -- conditions on one application, independent of the others -------------------
    def redirect_allowed(self, r: Replacement, e: Event) -> bool:
        """Rule 3 for the event's card sent elsewhere: from the battle zone into the graveyard it is destroyed, which
        a card that cannot be destroyed cannot be (609.4)."""
        card = self.s.cards.get(e.card) if e.card is not None else None
        return card is None or not any(
            a.kind == "move" and _destroys(None, card.zone, a.zone) and "cannot_be_destroyed" in card.markers
            for a in r.ability.instead
        )

    def source_present(self, r: Replacement) -> bool:
        """Rule 5: R's card is in the zone where R works, not stacked under another card."""
        card = self.card(r.card)
        works_in = r.ability.works_in
        return (works_in == "any" or card.zone == works_in) and card.under is None

    @staticmethod
    def not_itself(r: Replacement, e: Event) -> bool:
        """Rule 2: R cannot move its own card, the card E acts on, by the same event as E."""
        return not any(
            a.kind == "move_source" and e.card == r.card and same_event(e, VERB_KINDS[a.verb], a.zone)
            for a in r.ability.instead
        )

    def own_card_movable(self, r: Replacement) -> bool:
        """Rule 3 (second part): R cannot destroy / move its own card if that card cannot be."""
        card = self.card(r.card)
        for action in r.ability.instead:
            if action.kind != "move_source":
                continue
            if _destroys(action.verb, card.zone, action.zone) and "cannot_be_destroyed" in card.markers:
                return False
            if card.zone == "battle" and action.zone != "battle" and "cannot_leave" in card.markers:
                return False
        return True

    def choosable(self, r: Replacement, e: Event, slot: Slot) -> list[str]:
        """Rules 2 and 3: the cards one choice of R may take when R replaces E."""
        found = []
        for card in self.s.cards.values():
            # Rule 2: from the named zone, passing the filter, in the state
            # before the window; the card E itself acts on only for another event than E.
            if card.zone != slot.from_zone or card.under is not None:
                continue
            if card.id == e.card and same_event(e, VERB_KINDS[slot.verb], slot.to_zone):
                continue
            if card.id == self.s.pending:  # the spell being cast is chosen nowhere (409.1c)
                continue
            if not self.passes(slot.filter, card, r):
                continue
            # Rule 3: a card that cannot be moved that way cannot be chosen.
            if _destroys(slot.verb, slot.from_zone, slot.to_zone) and "cannot_be_destroyed" in card.markers:
                continue
            if slot.from_zone == "battle" and slot.to_zone != "battle" and "cannot_leave" in card.markers:
                continue
            if "untouchable" in card.markers and card.controller != r.controller:
                continue
            discards = _discards(slot.verb, slot.from_zone, slot.to_zone)
            if discards and "discard" in self.s.player_cannot.get(card.controller, frozenset()):
                continue
            found.append(card.id)
        return found

    def choices(self, r: Replacement, e: Event, excluded: list[frozenset[str]] | None = None):
        """Every way to fill R's choices with exactly N cards each (rules 2 and 3),
        no card twice and never R's own card when R moves it (rule 4 within one
        application). ``excluded`` sets cards aside, choice by choice (rule 9)."""
        slots = r.slots
        own = {r.card} if r.moves_own_card() else set()
        pools = [
            [c for c in self.choosable(r, e, slot) if c not in own and (excluded is None or c not in excluded[i])]
            for i, slot in enumerate(slots)
        ]

        def fill(i: int, used: frozenset[str]):
            if i == len(slots):
                yield ()
                return
            for group in combinations([c for c in pools[i] if c not in used], slots[i].count):
                for rest in fill(i + 1, used | set(group)):
                    yield (tuple(group),) + rest

        yield from fill(0, frozenset())

    def forbidden(self, e: Event) -> bool:
        """Rule 3 and "What a resolution leads to": a restriction forbids the
        effect's event itself, which then does not happen (nor can it be replaced, 609.5)."""
        card = self.card(e.card)
        if _destroys(e.kind, e.from_zone, e.to_zone) and "cannot_be_destroyed" in card.markers:
            return True
        if e.from_zone == "battle" and e.to_zone != "battle" and "cannot_leave" in card.markers:
            return True
        discards = _discards(e.kind, e.from_zone, e.to_zone)
        return discards and "discard" in self.s.player_cannot.get(card.controller, frozenset())

    def options(self, e: Event) -> list[Application]:
        """The applications that could replace E, each judged on its own."""
        if e.unreplaceable or self.forbidden(e):  # Rule 6; a forbidden event does not occur (609.5).
            return []
        found = []
        for r in self.replacements:
            if not self.watches(r, e):
                continue
            if not self.source_present(r):  # Rule 5
                continue
            if not self.own_card_movable(r) or not self.not_itself(r, e):  # Rules 3 and 2
                continue
            if not self.redirect_allowed(r, e):  # Rule 3
                continue
            for chosen in self.choices(r, e):  # Rules 2, 3 and 4 within one application
                found.append(Application(r, e, chosen, self.s.players))
        return found

    # -- what happens --------------------------------------------------------------
    @staticmethod
    def made_moves(apps: list[Application]) -> list[tuple[str, str]]:
        """The (card, zone) moves of the events the applications make (deck actions aside)."""
        return [move for a in apps for move in a.made_moves()]

    def deck_cards(self, player: str) -> list[Card]:
        """That player's deck, top first; cards put into it together share a position."""
        cards = [c for c in self.s.cards.values() if c.zone == "deck" and c.controller == player]
        return sorted(cards, key=lambda c: c.deck_pos)

    def deck(self, player: str) -> list[str]:
        return [c.id for c in self.deck_cards(player)]

    def all_made_moves(self, apps: list[Application]) -> list[tuple[str, str]] | None:
        """Every move the applications make, deck actions included: cards come from the
        top of a deck in the order the actions happen (by event, then in the order of
        the text); None when a deck holds fewer cards than they take (609.4)."""
        taken = {p: 0 for p in self.s.players}
        short = []

        def take(player: str, n: int) -> list[str]:
            deck = self.deck_cards(player)
            if taken[player] + n > len(deck):
                short.append(player)
            end = taken[player] + n
            if 0 < end < len(deck) and deck[end - 1].deck_pos == deck[end].deck_pos:
                # Cards put at the bottom together, in an order their player chooses: which of them is
                # taken is beyond the oracle (dmrules takes them in the order of the scenario file).
                raise Unsettled("a deck action takes some of the cards put into the deck together")
            cards = [c.id for c in deck[taken[player] : end]]
            taken[player] += n
            return cards

        order = {e.id: i for i, e in enumerate(self.s.events)}
        moves = [m for a in sorted(apps, key=lambda a: order[a.event.id]) for m in a.made_moves(take)]
        return None if short else moves

    def happening_moves(self, apps: list[Application]) -> list[tuple[str, str]]:
        """The (card, zone) moves of the events that happen: the events the
        applications make, and the effect's events that were neither replaced
        (609.4) nor superseded (rule 8: an application's event moves their card)."""
        replaced = {a.event.id for a in apps}
        made = self.all_made_moves(apps) or []
        taken = {card for card, _ in made}
        effect = [
            (e.card, e.to_zone)
            for e in self.s.events
            if e.id not in replaced and e.card not in taken and not self.forbidden(e)
        ]
        return effect + made

    def no_card_in_two_places(self, apps: list[Application]) -> bool:
        """Rule 8: the events that happen never send one card to two different zones.
        An effect's event on a card that an application moves is superseded, so
        only the events made by applications can conflict."""
        dest: dict[str, str] = {}
        for card, zone in self.happening_moves(apps):
            if dest.setdefault(card, zone) != zone:
                return False
        return True

    def final(self, apps: list[Application]) -> dict[str, str]:
        """Where every card is after the window: its destination if it moves, else where it
        was; a card stacked under a card that moves goes with it."""
        dest = dict(self.happening_moves(apps))
        final = {}
        for c in self.s.cards.values():
            if c.id in dest:
                final[c.id] = dest[c.id]
            elif c.under is not None and c.under in dest:
                final[c.id] = dest[c.under]
            else:
                final[c.id] = c.zone
        return final

    # -- rule 9 --------------------------------------------------------------------
    def could_apply(self, r: Replacement, e: Event, apps: list[Application]) -> bool:
        """Rule 9: whether the mandatory R of rank k could apply to E, given the
        other applications of the candidate resolution."""
        if not self.watches(r, e):
            return False
        # Conditions 2-7 would hold for R: 5, 6, 3 for its own card ...
        if not self.source_present(r) or e.unreplaceable or self.forbidden(e) or not self.own_card_movable(r):
            return False
        if not self.not_itself(r, e) or not self.redirect_allowed(r, e):
            return False
        # ... and, with the cards affected by the applications on other events
        # of rank <= k set aside (rule 4 towards them), enough usable cards remain.
        others = [a for a in apps if a.event.id != e.id and a.replacement.rank <= r.rank]
        set_aside: set[str] = set()
        for a in others:
            set_aside |= a.affected
        if r.moves_own_card() and r.card in set_aside:
            return False
        # Also set aside: the cards that those same applications' events send
        # elsewhere, i.e. to another zone than this choice would send them to;
        # and R cannot move or flip its own card if they send it elsewhere.
        going: dict[str, set[str]] = {}
        for card, zone in self.made_moves(others):
            going.setdefault(card, set()).add(zone)
        if r.moves_own_card() and going.get(r.card, set()) - {r.own_destination()}:
            return False
        excluded_per_slot = []
        for slot in r.slots:
            elsewhere = {c for c, zones in going.items() if zones - {slot.to_zone}}
            excluded_per_slot.append(frozenset(set_aside | elsewhere))
        return next(self.choices(r, e, excluded_per_slot), None) is not None

    def priority_respected(self, apps: list[Application]) -> bool:
        """Rule 9: a mandatory replacement that could apply forces a replacement of
        E, and forbids replacements of a later rank on E; a superseded event
        (rule 8) obliges nothing."""
        by_event = {a.event.id: a for a in apps}
        # The earliest rank at which an application decided to move each card (rule 8).
        moved_at: dict[str, int] = {}
        for a in apps:
            for card, _ in a.made_moves():
                moved_at[card] = min(moved_at.get(card, a.replacement.rank), a.replacement.rank)
        for e in self.s.events:
            applied = by_event.get(e.id)
            for r in self.replacements:
                if r.optional or not self.could_apply(r, e, apps):
                    continue
                if applied is None:  # some replacement must apply to E ...
                    if e.card in moved_at and moved_at[e.card] <= r.rank:
                        # ... unless E is superseded (rule 8) by a decision made no
                        # later than R's: it will not happen (609.5).
                        continue
                    return False
                if applied.replacement.rank > r.rank:  # no replacement of a later rank
                    return False
        return True

    # -- the enumeration -------------------------------------------------------------
    def resolutions(self) -> list[list[Application]]:
        events = list(self.s.events)
        options = [self.options(e) for e in events]
        legal: list[list[Application]] = []

        def walk(i: int, apps: list[Application], used: frozenset[str]) -> None:
            if i == len(events):
                # Rule 7 holds by construction: only the effect's events are
                # ever replaced, never the events an application makes.
                if self.all_made_moves(apps) is None:  # Rule 3: a deck holds too few cards
                    return
                if self.no_card_in_two_places(apps) and self.priority_respected(apps):  # Rules 8, 9
                    legal.append(list(apps))
                return
            walk(i + 1, apps, used)  # Rule 1: E gets no replacement ...
            for a in options[i]:  # ... or exactly one.
                if a.affected & used:  # Rule 4: each affected card once in the whole window.
                    continue
                walk(i + 1, apps + [a], used | a.affected)

        walk(0, [], frozenset())
        return legal

    def happened(self, apps: list[Application]) -> list[str]:
        """The effect's events of the window that happened: neither replaced (609.4), superseded
        (rule 8) nor forbidden (rule 3)."""
        replaced = {a.event.id for a in apps}
        taken = {card for card, _ in self.all_made_moves(apps) or []}
        return [e.id for e in self.s.events if e.id not in replaced and e.card not in taken and not self.forbidden(e)]


# -- window after window ---------------------------------------------------------------
#
# The first window holds the effect's own events. After each window come, in this order:
# the 「そうしたら」 sentences of the replacements applied in it (101.5a: a separate event, open
# to replacement; the seeds' バイケン (000): 「置換効果と一連の能力であるためマッドネス部分に続けて
# 他の効果に割り込んで処理される」, so before anything else of the effect), each step a window
# of its own, and their own follow-ups before what comes after them; then the effect's next step
# (101.4d: realized against the state the earlier windows left, an event whose card is no longer
# where it needs it doing nothing, 101.3), if its condition holds (101.3a: attempting is enough
# for 「そうした場合」). Once nothing is left, the state-based check: a player whose deck became
# empty during the effect loses (it held a card before some window, and none after the last).

MAX_WINDOWS = 8


@dataclass(frozen=True)
class Pending:
    step: StepSpec
    controller: str
    refs: tuple[tuple[str, str], ...] = ()  # `this` / `event_card` in a follow-up


@dataclass
class History:
    attempted: frozenset[str] = frozenset()
    happened: frozenset[str] = frozenset()
    replaced: frozenset[str] = frozenset()

    def holds(self, condition: tuple[str, str] | None) -> bool:
        if condition is None:
            return True
        word, event = condition
        return event in getattr(self, word)


def advance(cards: dict[str, Card], final: dict[str, str]) -> dict[str, Card]:
    """The cards after a window: each in its final zone; a stacked card stays stacked only while
    both it and the card over it stay in the battle zone; a card put into a deck goes to its
    bottom, the cards put into one deck together sharing a position (their order is their
    player's choice)."""
    bottom = {
        p: max((c.deck_pos for c in cards.values() if c.zone == "deck" and c.controller == p), default=0) + 1
        for p in {c.controller for c in cards.values()}
    }
    out = {}
    for c in cards.values():
        zone = final[c.id]
        under = c.under if c.under is not None and zone == "battle" and final[c.under] == "battle" else None
        if zone == "deck":
            pos = c.deck_pos if c.zone == "deck" else bottom[c.controller]
        else:
            pos = None
        out[c.id] = replace(c, zone=zone, under=under, deck_pos=pos)
    return out


def _count_holds(count: Count, cards: dict[str, Card], controller: str, pending: str | None) -> bool:
    f = count.filter
    n = 0
    for card in cards.values():
        if card.zone != count.zone or card.id == pending:  # the card being cast is not counted
            continue
        if card.under is not None:  # a stacked card is no creature of its own (200.3a), nor a shield
            continue
        if (f.whose == "own" and card.controller != controller) or (
            f.whose == "opponent" and card.controller == controller
        ):
            continue
        if f.types and not any(t in card.types for t in f.types):
            continue
        if f.races and not any(word in race for word in f.races for race in card.races):
            continue
        if f.ids and card.id not in f.ids:
            continue
        n += 1
    return n >= count.at_least


def step_events(step: StepSpec, cards: dict[str, Card], controller: str, pending: str | None):
    """The events of a step: its self-replacement's when every count holds as its window opens
    (unreplaceable: a sentence with 「〜のかわりに〜する」 is not replaced further, E15), else its own."""
    sr = step.instead
    if sr is not None and all(_count_holds(c, cards, controller, pending) for c in sr.counts):
        return tuple(replace(spec, unreplaceable=True) for spec in sr.events)
    return step.events


def _with_deck(cards: dict[str, Card]) -> frozenset[str]:
    return frozenset(c.controller for c in cards.values() if c.zone == "deck")


def resolve(scenario: Scenario) -> Canonical:
    """Every legal resolution of the whole effect, window after window."""
    found = set()

    def finish(cards: dict[str, Card], path: tuple, had: frozenset[str]) -> None:
        # A player whose deck became empty during the effect loses (a player whose deck holds
        # no card before the effect has none in the scenario: nothing became empty).
        lost = tuple(sorted(had - _with_deck(cards)))
        found.add((path, tuple(sorted((c.id, c.zone) for c in cards.values())), lost))

    def run(
        cards: dict[str, Card],
        queue: tuple[Pending, ...],
        path: tuple,
        history: History,
        had: frozenset[str] = frozenset(),
    ) -> None:
        had = had | _with_deck(cards)
        if not queue:
            return finish(cards, path, had)
        item, rest = queue[0], queue[1:]
        if not history.holds(item.step.condition):
            return run(cards, rest, path, history, had)
        refs = dict(item.refs)
        events = [
            e
            for e in (
                realize(spec, scenario, cards, item.controller, spec.id, refs=refs)
                for spec in step_events(item.step, cards, item.controller, scenario.pending)
            )
            if e is not None
        ]
        if not events:
            return run(cards, rest, path, history, had)
        if len(path) >= MAX_WINDOWS:
            raise Unsettled(f"more than {MAX_WINDOWS} windows")
        oracle = Oracle(
            Situation(scenario.turn_player, scenario.players, cards, events, scenario.player_cannot, scenario.pending)
        )
        attempted = history.attempted | {e.id for e in events}
        for apps in oracle.resolutions():
            final = oracle.final(apps)
            window = (frozenset(e.id for e in events), frozenset(a.key() for a in apps))
            order = {e.id: i for i, e in enumerate(events)}
            follow = []
            with_sentences = [a for a in sorted(apps, key=lambda a: order[a.event.id]) if a.replacement.ability.then]
            if len(with_sentences) > 1:
                raise Unsettled("two replacements with 「そうしたら」 sentences applied in one window")
            for a in with_sentences:
                r = a.replacement
                refs = {"this": r.card, "event_card": a.event.card}
                # A card another event of the window moved is a new card in its new zone: the sentence's
                # 「このクリーチャー」「そのクリーチャー」 no longer names it, and what it would do to it does nothing.
                own = {card for card, _ in a.made_moves()}
                gone = {c for c in cards if final[c] != cards[c].zone and c not in own}
                for k, step in enumerate(r.ability.then, start=1):
                    label = f"{a.event.id}/{r.id}.then{k}"
                    specs = tuple(
                        replace(spec, id=f"{label}.{j}")
                        for j, spec in enumerate(step.events, start=1)
                        if not (spec.card in refs and refs[spec.card] in gone)
                    )
                    follow.append(
                        Pending(StepSpec(specs), r.controller, (("this", r.card), ("event_card", a.event.card)))
                    )
            after = History(
                attempted, history.happened | set(oracle.happened(apps)), history.replaced | {a.event.id for a in apps}
            )
            run(advance(cards, final), tuple(follow) + rest, path + (window,), after, had)

    first = Pending(scenario.steps[0], scenario.controller)
    run(
        scenario.cards,
        (first,) + tuple(Pending(step, scenario.controller) for step in scenario.steps[1:]),
        (),
        History(),
    )
    return frozenset(found)


@lru_cache(maxsize=64)
def legal_resolutions(text: str) -> Canonical:
    """The legal resolutions of the scenario written in ``text`` (YAML), in canonical form."""
    return resolve(read_scenario(text))
