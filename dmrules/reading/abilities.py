"""Replacement abilities as data.

A replacement ability (置換効果を生成する能力) says what event it watches,
what happens instead, whether it is optional and which affected cards it
needs. The same schema serves the bundled card database, cards defined inline
in a scenario, and replacement effects that a spell or ability created
(``replacement_effects`` in a scenario). docs/scenario-format.md describes it
field by field.
"""

from __future__ import annotations

from dataclasses import dataclass

from .reader import Node

ZONES = ("battle", "hand", "mana", "graveyard", "shields", "deck", "hyperspatial")
# A cast spell waiting to go to the graveyard is in no zone (409.1b).
EVENT_ZONES = ZONES + ("pending",)

EVENT_KINDS = (
    "destroy", "return_to_hand", "discard", "put_into_mana", "mill", "break", "move", "draw",
    "lose", "spell_to_graveyard", "put_into_battle", "battle", "pay_cost",
)
# Classes a replacement can watch: every kind, and the words texts use for
# zone changes whatever their kind (see asp/common/match.lp).
WATCH_EVENTS = EVENT_KINDS + (
    "leave", "put_into_graveyard", "put_into_hand", "put_into_deck", "enter",
    "leave_shields", "leave_mana", "leave_graveyard", "leave_hand", "flip", "choose", "power_change",
)
CONDITIONS = ("opponent_turn", "own_turn", "by_opponent", "by_self", "by_spell", "by_ability", "by_attack", "by_this",
              "by_creature", "by_effect", "first_this_turn")
CAUSES = ("deck_out", "no_shields", "opponent_wins", "effect")
WHOSE = ("own", "opponent", "any")
SUBJECTS = ("this", "equipped", "fortified")
VERBS = ("discard", "destroy", "put", "return", "add_to_hand")
CARD_TYPES = (
    "creature", "spell", "tamaseed", "cross_gear", "castle", "field", "aura",
    "dragheart", "weapon", "fortress", "psychic", "evolution",
)
CIVILIZATIONS = ("light", "water", "darkness", "fire", "nature", "zero")


@dataclass(frozen=True)
class Filter:
    """Which cards (or players) a text refers to: 「自分の他のアビス・クリーチャー」."""

    whose: str = "any"
    types: tuple[str, ...] = ()
    races: tuple[str, ...] = ()
    civilizations: tuple[str, ...] = ()
    cost_max: int | None = None
    cost_min: int | None = None
    cost_not: int | None = None
    other: bool = False
    names: tuple[str, ...] = ()
    evolution: bool = False
    flags: tuple[str, ...] = ()
    cost_exceeds_mana: bool = False
    ids: tuple[str, ...] = ()
    without_flags: tuple[str, ...] = ()


FILTER_FIELDS = ("whose", "type", "race", "civilization", "cost_max", "cost_min", "cost_not", "other", "name",
                 "evolution", "flag", "without_flag", "cost_exceeds_mana", "id")


@dataclass(frozen=True)
class Watch:
    """The event a replacement waits for: 「〜する時」."""

    events: tuple[str, ...]
    subject: str | None = None
    filter: Filter | None = None
    from_zone: str | None = None
    to_zone: str | None = None
    from_not: tuple[str, ...] = ()
    cause: str | None = None
    conditions: tuple[str, ...] = ()
    cast_from: str | None = None
    once: bool = False


@dataclass(frozen=True)
class Slot:
    """Affected cards the replacement's controller chooses (609.9a)."""

    count: int
    from_zone: str
    to_zone: str
    verb: str
    filter: Filter


@dataclass(frozen=True)
class Action:
    """One thing that happens instead: 「かわりに〜」."""

    kind: str  # stay, move, move_under, move_top, choose, move_source, flip_source, mill, draw, win,
    #            destroy_partner, power, choose_instead
    zone: str | None = None
    verb: str | None = None
    slot: Slot | None = None
    count: int | None = None
    whose: str | None = None


@dataclass(frozen=True)
class ReplacementAbility:
    """A replacement ability of a card, or a replacement effect in play."""

    watch: Watch
    instead: tuple[Action, ...]
    optional: bool
    works_in: str
    spell_own_movement: bool = False
    requires_flag: str | None = None
    text: str | None = None
    note: str | None = None
    then: tuple = ()  # follow-up steps (「そうした場合」), events.Step
    needs_room: bool = False  # cannot apply when the zone it sends a card to is full (B32)

    def slots(self) -> list[Slot]:
        return [a.slot for a in self.instead if a.slot is not None]


ABILITY_FIELDS = ("text", "watch", "instead", "optional", "works_in", "spell_own_movement", "requires_flag", "note",
                  "then", "needs_room")
TRIGGER_FIELDS = ("text", "watch", "works_in", "requires_flag", "note")
WATCH_FIELDS = ("event", "card", "player", "from", "to", "from_not", "cause", "when", "cast_from", "once")
ACTION_WORDS = ("stay", "flip_this", "destroy_this", "win", "destroy_battle_partner", "top_card_only",
                "choose_instead")
ACTION_KEYS = ("move_to", "this_to", "discard", "graveyard_to_deck", "destroy", "shield_to_hand",
               "choose", "mill", "draw", "power")
CHOOSE_FIELDS = ("count", "from", "to", "verb") + FILTER_FIELDS


def parse_filter(node: Node, extra: tuple[str, ...] = (), default_whose: str = "any") -> Filter:
    node.keys(FILTER_FIELDS + extra)
    return Filter(
        whose=node.opt_text("whose", default_whose, WHOSE),
        types=tuple(node.opt_texts("type", CARD_TYPES)),
        races=tuple(node.opt_texts("race")),
        civilizations=tuple(node.opt_texts("civilization", CIVILIZATIONS)),
        cost_max=node.opt_int("cost_max", None, 0, 99),
        cost_min=node.opt_int("cost_min", None, 0, 99),
        cost_not=node.opt_int("cost_not", None, 0, 99),
        other=node.opt_bool("other"),
        names=tuple(node.opt_texts("name")),
        evolution=node.opt_bool("evolution"),
        flags=tuple(node.opt_texts("flag")),
        cost_exceeds_mana=node.opt_bool("cost_exceeds_mana"),
        ids=tuple(node.opt_texts("id")),
        without_flags=tuple(node.opt_texts("without_flag")),
    )


def parse_watch(node: Node) -> Watch:
    node.keys(WATCH_FIELDS, required=("event",))
    events = tuple(node.child("event").texts(WATCH_EVENTS))
    if not events:
        raise node.error("names no event to watch", "event")
    subject = None
    flt = None
    if node.has("card") and node.has("player"):
        raise node.error("give either 'card' or 'player', not both")
    if node.has("card"):
        card = node.child("card")
        if isinstance(card.value, dict):
            flt = parse_filter(card)
        else:
            subject = card.text(SUBJECTS)
    elif node.has("player"):
        flt = Filter(whose=node.child("player").text(WHOSE))
    return Watch(
        events=events,
        subject=subject,
        filter=flt,
        from_zone=node.opt_text("from", None, EVENT_ZONES),
        to_zone=node.opt_text("to", None, EVENT_ZONES),
        from_not=tuple(node.opt_texts("from_not", EVENT_ZONES)),
        cause=node.opt_text("cause", None, CAUSES),
        conditions=tuple(node.opt_texts("when", CONDITIONS)),
        cast_from=node.opt_text("cast_from", None, ZONES),
        once=node.opt_bool("once"),
    )


def _chosen(count: int, from_zone: str, to_zone: str, verb: str, flt: Filter) -> Action:
    return Action("choose", slot=Slot(count, from_zone, to_zone, verb, flt))


def _count_or_filter(node: Node, default_whose: str, default_types: tuple[str, ...]) -> tuple[int, Filter]:
    """``destroy: 1`` or ``destroy: {count: 1, whose: opponent, ...}``."""
    if isinstance(node.value, dict):
        count = node.opt_int("count", 1, 1)
        flt = parse_filter(node, extra=("count",), default_whose=default_whose)
        if not flt.types and default_types:
            flt = Filter(**{**flt.__dict__, "types": default_types})
        return count, flt
    return node.integer(1), Filter(whose=default_whose, types=default_types)


def parse_action(node: Node) -> Action:
    value = node.value
    if isinstance(value, str):
        word = node.text(ACTION_WORDS + ACTION_KEYS)
        if word == "stay":
            return Action("stay")
        if word == "flip_this":
            return Action("flip_source")
        if word == "destroy_this":
            return Action("move_source", zone="graveyard", verb="destroy")
        if word == "win":
            return Action("win")
        if word == "destroy_battle_partner":
            return Action("destroy_partner")
        if word == "top_card_only":
            return Action("move_top")
        if word == "choose_instead":
            return Action("choose_instead")
        raise node.error(f"'{word}' needs a value, for example '{word}: 1'")
    if not isinstance(value, dict) or len(value) != 1:
        raise node.error("an action is a word (stay, flip_this, destroy_this, win, destroy_battle_partner) "
                         "or a mapping with one key (" + ", ".join(ACTION_KEYS) + ")")
    node.keys(ACTION_KEYS)
    key = next(iter(value))
    arg = node.child(key)
    if key == "move_to":
        zone = arg.text(ZONES + ("under_this",))
        return Action("move_under") if zone == "under_this" else Action("move", zone=zone)
    if key == "power":
        return Action("power", count=arg.integer(-1_000_000, 1_000_000))
    if key == "this_to":
        return Action("move_source", zone=arg.text(ZONES), verb="put")
    if key == "discard":
        count, flt = _count_or_filter(arg, "own", ())
        return _chosen(count, "hand", "graveyard", "discard", flt)
    if key == "graveyard_to_deck":
        count, flt = _count_or_filter(arg, "own", ())
        return _chosen(count, "graveyard", "deck", "put", flt)
    if key == "destroy":
        count, flt = _count_or_filter(arg, "any", ("creature",))
        return _chosen(count, "battle", "graveyard", "destroy", flt)
    if key == "shield_to_hand":
        count, flt = _count_or_filter(arg, "own", ())
        return _chosen(count, "shields", "hand", "add_to_hand", flt)
    if key == "choose":
        arg.keys(CHOOSE_FIELDS, required=("from", "to"))
        flt = parse_filter(arg, extra=("count", "from", "to", "verb"), default_whose="own")
        return _chosen(arg.opt_int("count", 1, 1), arg.child("from").text(ZONES), arg.child("to").text(ZONES),
                       arg.opt_text("verb", "put", VERBS), flt)
    if key == "mill":
        arg.keys(("player", "count"), required=("count",))
        return Action("mill", count=arg.child("count").integer(1), whose=arg.opt_text("player", "own", ("own", "opponent")))
    if key == "draw":
        return Action("draw", count=arg.integer(1))
    raise node.error(f"unknown action '{key}'")  # pragma: no cover - keys() has checked


def default_works_in(watch: Watch, own_movement: bool) -> str:
    """Where the source must be for the ability to work (609.2)."""
    if own_movement:
        return "any"
    if watch.subject == "this":
        if watch.from_zone in ZONES:
            return watch.from_zone
        if "discard" in watch.events or "leave_hand" in watch.events:
            return "hand"
    return "battle"


def parse_ability(node: Node, *, effect: bool = False) -> ReplacementAbility:
    """Read one replacement ability (or, with ``effect``, an effect in play)."""
    node.keys(ABILITY_FIELDS, required=("watch", "instead"))
    watch = parse_watch(node.child("watch"))
    instead = tuple(parse_action(a) for a in node.child("instead").elements())
    if not instead:
        raise node.error("says nothing about what happens instead", "instead")
    own = node.opt_bool("spell_own_movement")
    if own and not ({"spell_to_graveyard"} & set(watch.events) and watch.subject == "this"):
        raise node.error("a spell's own-movement replacement (609.8a) must watch "
                         "'spell_to_graveyard' of 'this' card", "spell_own_movement")
    if any(a.kind == "destroy_partner" for a in instead) and "battle" not in watch.events:
        raise node.error("destroy_battle_partner needs a watched 'battle' event", "instead")
    default = "any" if effect else default_works_in(watch, own)
    works_in = node.opt_text("works_in", default, ZONES + ("any",))
    then = ()
    if node.has("then"):
        from .events import read_steps

        then = read_steps(node.child("then"), "then", relative=True)
    return ReplacementAbility(
        watch=watch,
        instead=instead,
        optional=node.opt_bool("optional"),
        works_in=works_in,
        spell_own_movement=own,
        requires_flag=node.opt_text("requires_flag"),
        text=node.opt_text("text"),
        note=node.opt_text("note"),
        then=then,
        needs_room=node.opt_bool("needs_room"),
    )


@dataclass(frozen=True)
class TriggeredAbility:
    """A triggered ability (「〜した時」): dmrules reports whether it triggers."""

    watch: Watch
    works_in: str
    requires_flag: str | None = None
    text: str | None = None
    note: str | None = None


def parse_trigger(node: Node) -> TriggeredAbility:
    node.keys(TRIGGER_FIELDS, required=("watch",))
    watch = parse_watch(node.child("watch"))
    return TriggeredAbility(
        watch=watch,
        works_in=node.opt_text("works_in", default_works_in(watch, False), ZONES + ("any",)),
        requires_flag=node.opt_text("requires_flag"),
        text=node.opt_text("text"),
        note=node.opt_text("note"),
    )


# --- restrictions (「離れない」, 「移動しない」, 「捨てられない」, 「破壊されない」) ---------
# A restriction forbids an event: it does not replace it. The event it
# describes does not happen, and a replacement whose new event it describes
# cannot be applied (609.4). The events a restriction can describe: the
# classes of a card's move (asp/common/restrictions.lp reads the same words).
RESTRICTION_EVENTS = ("destroy", "discard", "leave", "leave_graveyard", "leave_mana", "leave_shields",
                      "leave_hand", "put_into_deck", "put_into_graveyard", "put_into_hand", "put_into_mana",
                      "return_to_hand")
RESTRICTION_CONDITIONS = ("by_opponent", "by_self")
RESTRICTION_FIELDS = ("text", "forbid", "works_in", "note")


@dataclass(frozen=True)
class Restriction:
    """A static ability that forbids an event (「相手のカードは、墓地を離れない」)."""

    forbid: Watch
    works_in: str
    text: str | None = None
    note: str | None = None


def parse_restriction(node: Node) -> Restriction:
    node.keys(RESTRICTION_FIELDS, required=("forbid",))
    forbid = parse_watch(node.child("forbid"))
    where = node.child("forbid")
    for event in forbid.events:
        if event not in RESTRICTION_EVENTS:
            raise where.error(f"a restriction cannot forbid '{event}' (it can forbid: "
                              f"{', '.join(RESTRICTION_EVENTS)})", "event")
    for condition in forbid.conditions:
        if condition not in RESTRICTION_CONDITIONS:
            raise where.error(f"a restriction cannot depend on '{condition}' (it can: "
                              f"{', '.join(RESTRICTION_CONDITIONS)})", "when")
    return Restriction(
        forbid=forbid,
        works_in=node.opt_text("works_in", "battle", ZONES + ("any",)),
        text=node.opt_text("text"),
        note=node.opt_text("note"),
    )
