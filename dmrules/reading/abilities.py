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
    "destroy",
    "return_to_hand",
    "discard",
    "put_into_mana",
    "mill",
    "break",
    "move",
    "draw",
    "lose",
    "spell_to_graveyard",
    "put_into_battle",
    "battle",
    "pay_cost",
    "reveal",
)
# Classes a replacement can watch: every kind, and the words texts use for
# zone changes whatever their kind (see asp/common/match.lp).
WATCH_EVENTS = EVENT_KINDS + (
    "leave",
    "put_into_graveyard",
    "put_into_hand",
    "put_into_deck",
    "enter",
    "leave_shields",
    "leave_mana",
    "leave_graveyard",
    "leave_hand",
    "flip",
    "choose",
    "power_change",
    "untap",
    "summon",
)
CONDITIONS = (
    "opponent_turn",
    "own_turn",
    "by_opponent",
    "by_self",
    "by_spell",
    "by_ability",
    "by_attack",
    "by_this",
    "by_creature",
    "by_effect",
    "first_this_turn",
)
CAUSES = ("deck_out", "no_shields", "opponent_wins", "effect", "attack", "not_attack")
POSITIONS = ("top", "bottom", "shuffle")
# Card properties a filter may require (docs/card-text.md).
PROPERTIES = ("face_up", "face_down", "tapped", "multicolor")
# State conditions of an ability (``if``) that are a word.
CONDITION_WORDS = (
    "this_face_up",
    "this_tapped",
    "this_linked",
    "this_power_positive",
    "not_fortified_by_other_castle",
    "shields_at_least_opponent",
    "five_civilizations_in_battle",
    "summoned_just_before_cast",
    "summoned_before_cast",
)
DURATIONS = ("this_turn",)
WHOSE = ("own", "opponent", "any")
SUBJECTS = ("this", "equipped", "fortified")
VERBS = ("discard", "destroy", "put", "return", "add_to_hand")
CARD_TYPES = (
    "creature",
    "spell",
    "tamaseed",
    "cross_gear",
    "castle",
    "field",
    "aura",
    "dragheart",
    "weapon",
    "fortress",
    "psychic",
    "evolution",
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
    name_parts: tuple[str, ...] = ()  # 「名前に《X》とある」
    power_min: int | None = None
    power_max: int | None = None
    not_types: tuple[str, ...] = ()  # 「クリーチャーではない」
    keywords: tuple[str, ...] = ()  # 「「ブロッカー」を持つ」
    properties: tuple[str, ...] = ()  # face_up, face_down, tapped, multicolor


# A list in race, civilization, type or name means any of them (「AまたはB」).
FILTER_FIELDS = (
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
    "name_contains",
    "power_min",
    "power_max",
    "not_type",
    "keyword",
) + PROPERTIES


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
    to_position: str | None = None
    chooser: str | None = None  # a watched 'choose' that names both who chooses and what is chosen


@dataclass(frozen=True)
class Slot:
    """Affected cards the replacement's controller chooses (609.9a)."""

    count: int | None  # None: 「好きな数」
    from_zone: str
    to_zone: str
    verb: str
    filter: Filter
    up_to: bool = False  # 「〜枚まで」
    position: str | None = None  # where in the deck the chosen cards go
    tapped: bool = False
    no_trigger: bool = False  # 「その「S・トリガー」は使えない」


@dataclass(frozen=True)
class Condition:
    """A state condition of an ability (``if``): a word, or a count of cards in a zone."""

    word: str | None = None
    zone: str | None = None
    filter: Filter | None = None
    at_least: int = 1


@dataclass(frozen=True)
class Action:
    """One thing that happens instead: 「かわりに〜」."""

    kind: str  # stay, move, move_under, move_top, choose, move_source, flip_source, mill, draw, win,
    #            destroy_partner, power, choose_instead, use_ability, tap_source, battle_instead, reveal
    zone: str | None = None
    verb: str | None = None
    slot: Slot | None = None
    count: int | None = None
    whose: str | None = None
    position: str | None = None  # top, bottom, shuffle: where in the deck
    tapped: bool = False
    face_up: bool = False
    filter: Filter | None = None  # battle_instead: the creature that battles instead (None: this card)
    options: tuple = ()  # one_of: the lists of actions its player chooses between


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
    conditions: tuple[Condition, ...] = ()  # ``if``: state conditions, all of which must hold
    once_per_turn: bool = False
    duration: str | None = None  # this_turn: an effect a spell or ability creates
    granted_to: Filter | None = None
    keyword: str | None = None

    def slots(self) -> list[Slot]:
        return [a.slot for a in self.instead if a.slot is not None]


ABILITY_FIELDS = (
    "text",
    "watch",
    "instead",
    "optional",
    "works_in",
    "spell_own_movement",
    "requires_flag",
    "note",
    "then",
    "needs_room",
    "if",
    "once_per_turn",
    "duration",
    "granted_to",
    "keyword",
)
TRIGGER_FIELDS = ("text", "watch", "works_in", "requires_flag", "note")
WATCH_FIELDS = (
    "event",
    "card",
    "player",
    "from",
    "to",
    "from_not",
    "cause",
    "when",
    "cast_from",
    "once",
    "to_position",
)
ACTION_WORDS = (
    "stay",
    "flip_this",
    "destroy_this",
    "win",
    "destroy_battle_partner",
    "top_card_only",
    "choose_instead",
    "use_ability",
    "tap_this",
    "discard_this",
)
ACTION_KEYS = (
    "move_to",
    "this_to",
    "discard",
    "graveyard_to_deck",
    "destroy",
    "shield_to_hand",
    "choose",
    "mill",
    "draw",
    "power",
    "battle_instead",
    "one_of",
    "choose_instead",
    "reveal",
)
SLOT_FIELDS = ("count", "up_to", "position", "tapped", "no_trigger")
CHOOSE_FIELDS = ("from", "to", "verb") + SLOT_FIELDS + FILTER_FIELDS
MOVE_FIELDS = ("zone", "position", "tapped", "face_up")
# Zones a choice of affected cards can take from or put into, besides the zones.
CHOICE_FROM = ZONES + ("under_this", "crossed_to_this")
CHOICE_TO = ZONES + ("under_this",)


def parse_filter(node: Node, extra: tuple[str, ...] = (), default_whose: str = "any") -> Filter:
    node.keys(FILTER_FIELDS + extra)
    types = tuple(node.opt_texts("type", CARD_TYPES))
    return Filter(
        whose=node.opt_text("whose", default_whose, WHOSE),
        types=types,
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
        name_parts=tuple(node.opt_texts("name_contains")),
        power_min=node.opt_int("power_min", None, 0, 1_000_000),
        power_max=node.opt_int("power_max", None, 0, 1_000_000),
        not_types=tuple(node.opt_texts("not_type", CARD_TYPES)),
        keywords=tuple(node.opt_texts("keyword")),
        properties=tuple(word for word in PROPERTIES if node.opt_bool(word)),
    )


def parse_watch(node: Node) -> Watch:
    node.keys(WATCH_FIELDS, required=("event",))
    events = tuple(node.child("event").texts(WATCH_EVENTS))
    if not events:
        raise node.error("names no event to watch", "event")
    subject = None
    flt = None
    chooser = None
    if node.has("card") and node.has("player"):
        if events != ("choose",):
            raise node.error(
                "give either 'card' or 'player', not both (both only for a watched 'choose': "
                "'player' chooses, 'card' is what is chosen)"
            )
        chooser = node.child("player").text(WHOSE)
    if node.has("card"):
        card = node.child("card")
        if isinstance(card.value, dict):
            flt = parse_filter(card)
        else:
            subject = card.text(SUBJECTS)
    elif node.has("player"):
        flt = Filter(whose=node.child("player").text(WHOSE))
    return Watch(
        chooser=chooser,
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
        to_position=node.opt_text("to_position", None, ("top", "bottom")),
    )


def _slot_options(node: Node) -> dict:
    """``up_to``, ``position``, ``tapped``, ``no_trigger`` of a choice written as a mapping."""
    if not isinstance(node.value, dict):
        return {}
    return dict(
        up_to=node.opt_bool("up_to"),
        position=node.opt_text("position", None, POSITIONS),
        tapped=node.opt_bool("tapped"),
        no_trigger=node.opt_bool("no_trigger"),
    )


def _count(node: Node) -> int | None:
    """A count of affected cards: a whole number, or ``any`` (「好きな数」)."""
    if node.value == "any":
        return None
    return node.integer(1)


def _count_or_filter(node: Node, default_whose: str, default_types: tuple[str, ...]) -> tuple[int | None, Filter]:
    """``destroy: 1`` or ``destroy: {count: 1, whose: opponent, ...}``."""
    if isinstance(node.value, dict):
        count = _count(node.child("count")) if node.has("count") else 1
        flt = parse_filter(node, extra=SLOT_FIELDS, default_whose=default_whose)
        if not flt.types and default_types:
            flt = Filter(**{**flt.__dict__, "types": default_types})
        return count, flt
    return _count(node), Filter(whose=default_whose, types=default_types)


# The choices with a name of their own: key → (from, to, verb, default whose, default types).
NAMED_CHOICES = {
    "discard": ("hand", "graveyard", "discard", "own", ()),
    "graveyard_to_deck": ("graveyard", "deck", "put", "own", ()),
    "destroy": ("battle", "graveyard", "destroy", "any", ("creature",)),
    "shield_to_hand": ("shields", "hand", "add_to_hand", "own", ()),
}


def _move(arg: Node, zones: tuple[str, ...]) -> dict:
    """``ZONE`` or ``{zone: ZONE, position: P, tapped: true, face_up: true}``."""
    if not isinstance(arg.value, dict):
        return dict(zone=arg.text(zones))
    arg.keys(MOVE_FIELDS, required=("zone",))
    zone = arg.child("zone").text(zones)
    position = arg.opt_text("position", None, POSITIONS)
    if position and zone != "deck":
        raise arg.error("a position (top, bottom, shuffle) is for the deck", "position")
    return dict(zone=zone, position=position, tapped=arg.opt_bool("tapped"), face_up=arg.opt_bool("face_up"))


def parse_action(node: Node) -> Action:
    value = node.value
    if isinstance(value, str):
        word = node.text(ACTION_WORDS + ACTION_KEYS)
        simple = {
            "stay": Action("stay"),
            "flip_this": Action("flip_source"),
            "destroy_this": Action("move_source", zone="graveyard", verb="destroy"),
            "win": Action("win"),
            "destroy_battle_partner": Action("destroy_partner"),
            "top_card_only": Action("move_top"),
            "choose_instead": Action("choose_instead"),
            "use_ability": Action("use_ability"),
            "tap_this": Action("tap_source"),
            "discard_this": Action("move_source", zone="graveyard", verb="discard"),
        }
        if word in simple:
            return simple[word]
        raise node.error(f"'{word}' needs a value, for example '{word}: 1'")
    if not isinstance(value, dict) or len(value) != 1:
        raise node.error(
            "an action is a word (" + ", ".join(ACTION_WORDS) + ") "
            "or a mapping with one key (" + ", ".join(ACTION_KEYS) + ")"
        )
    node.keys(ACTION_KEYS)
    key = next(iter(value))
    arg = node.child(key)
    if key == "move_to":
        move = _move(arg, ZONES + ("under_this",))
        if move["zone"] == "under_this":
            return Action("move_under")
        return Action("move", **move)
    if key == "power":
        return Action("power", count=arg.integer(-1_000_000, 1_000_000))
    if key == "this_to":
        return Action("move_source", verb="put", **_move(arg, ZONES))
    if key in NAMED_CHOICES:
        from_zone, to_zone, verb, whose, types = NAMED_CHOICES[key]
        count, flt = _count_or_filter(arg, whose, types)
        return Action("choose", slot=Slot(count, from_zone, to_zone, verb, flt, **_slot_options(arg)))
    if key == "choose":
        arg.keys(CHOOSE_FIELDS, required=("from", "to"))
        flt = parse_filter(arg, extra=("from", "to", "verb") + SLOT_FIELDS, default_whose="own")
        count = _count(arg.child("count")) if arg.has("count") else 1
        slot = Slot(
            count,
            arg.child("from").text(CHOICE_FROM),
            arg.child("to").text(CHOICE_TO),
            arg.opt_text("verb", "put", VERBS),
            flt,
            **_slot_options(arg),
        )
        if slot.position and slot.to_zone != "deck":
            raise arg.error("a position (top, bottom, shuffle) is for the deck", "position")
        return Action("choose", slot=slot)
    if key == "mill":
        arg.keys(("player", "count"), required=("count",))
        return Action(
            "mill", count=arg.child("count").integer(1), whose=arg.opt_text("player", "own", ("own", "opponent"))
        )
    if key == "draw":
        return Action("draw", count=arg.integer(1))
    if key == "reveal":
        # 「かわりに1枚表向きにする」: the watched reveal's player reveals this many instead.
        return Action("reveal", count=arg.integer(1, 99))
    if key == "choose_instead":
        return Action("choose_instead", whose=arg.text(("own", "opponent")))
    if key == "one_of":
        options = tuple(tuple(parse_action(a) for a in option.elements()) for option in arg.elements())
        if len(options) < 2 or not all(options):
            raise arg.error("'one_of' lists at least two non-empty lists of actions")
        return Action("one_of", options=options)
    if key == "battle_instead":
        if arg.value == "this":
            return Action("battle_instead")
        return Action("battle_instead", filter=parse_filter(arg, default_whose="own"))
    raise node.error(f"unknown action '{key}'")  # pragma: no cover - keys() has checked


def parse_condition(node: Node) -> Condition:
    """One state condition of ``if``: a word, or ``{zone: Z, at_least: N, ...filter}``."""
    if isinstance(node.value, str):
        return Condition(word=node.text(CONDITION_WORDS))
    node.keys(FILTER_FIELDS + ("zone", "at_least"), required=("zone",))
    return Condition(
        zone=node.child("zone").text(ZONES),
        filter=parse_filter(node, extra=("zone", "at_least")),
        at_least=node.opt_int("at_least", 1, 1),
    )


def default_works_in(watch: Watch, own_movement: bool) -> str:
    """Where the source must be for the ability to work (609.2)."""
    if own_movement:
        return "any"
    if watch.subject == "fortified":
        return "shields"  # a castle works where it is: attached to its shield
    if watch.subject == "this":
        if watch.from_zone in ZONES:
            return watch.from_zone
        if "discard" in watch.events or "leave_hand" in watch.events:
            return "hand"
        for event, zone in (
            ("leave_shields", "shields"),
            ("break", "shields"),
            ("leave_mana", "mana"),
            ("leave_graveyard", "graveyard"),
        ):
            if event in watch.events:
                return zone
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
        raise node.error(
            "a spell's own-movement replacement (609.8a) must watch 'spell_to_graveyard' of 'this' card",
            "spell_own_movement",
        )
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
        conditions=tuple(parse_condition(c) for c in node.child("if").elements()) if node.has("if") else (),
        once_per_turn=node.opt_bool("once_per_turn"),
        duration=node.opt_text("duration", None, DURATIONS),
        granted_to=parse_filter(node.child("granted_to")) if node.has("granted_to") else None,
        keyword=node.opt_text("keyword"),
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
RESTRICTION_EVENTS = (
    "destroy",
    "discard",
    "leave",
    "leave_graveyard",
    "leave_mana",
    "leave_shields",
    "leave_hand",
    "put_into_deck",
    "put_into_graveyard",
    "put_into_hand",
    "put_into_mana",
    "return_to_hand",
)
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
            raise where.error(
                f"a restriction cannot forbid '{event}' (it can forbid: {', '.join(RESTRICTION_EVENTS)})", "event"
            )
    for condition in forbid.conditions:
        if condition not in RESTRICTION_CONDITIONS:
            raise where.error(
                f"a restriction cannot depend on '{condition}' (it can: {', '.join(RESTRICTION_CONDITIONS)})", "when"
            )
    return Restriction(
        forbid=forbid,
        works_in=node.opt_text("works_in", "battle", ZONES + ("any",)),
        text=node.opt_text("text"),
        note=node.opt_text("note"),
    )


# Condition words the solver evaluates; the others are read but not yet solved.
SOLVED_CONDITIONS = (
    "this_tapped",
    "this_face_up",
    "not_fortified_by_other_castle",
    "summoned_just_before_cast",
    "summoned_before_cast",
    "this_power_positive",
    "shields_at_least_opponent",
    "five_civilizations_in_battle",
)


def _filter_gaps(flt: Filter | None, where: str) -> list[str]:
    if flt is None:
        return []
    gaps = [f"{where} 'keyword: {k}'" for k in flt.keywords]
    return gaps


def unsolved(ability: ReplacementAbility) -> list[str]:
    """The parts of an ability that dmrules reads but its solver does not model yet.

    A scenario whose cards use one of them is refused with this list, rather
    than solved as if the part were not there.
    """
    gaps = _filter_gaps(ability.watch.filter, "a watched card with")
    if ability.watch.to_position:
        gaps.append("a watched deck position ('to_position')")
    if ability.watch.chooser:
        gaps.append("a watched choice that names both who chooses and what is chosen")
    for action in ability.instead:
        if action.kind == "use_ability" and not ability.then:
            gaps.append(
                "'use_ability' (サイレントスキル) without the events of the ability it uses (give them as "
                "the replacement's 'then')"
            )
        if action.kind == "battle_instead" and action.filter is not None:
            gaps.append("'battle_instead' with a chosen creature (another creature battles instead)")
        if action.kind == "battle_instead" and "battle" not in ability.watch.events:
            gaps.append("'battle_instead' for an event that is not a battle")
        if action.kind == "one_of":
            gaps.append("'one_of' (a choice between actions)")
        if action.kind == "choose_instead" and action.whose == "opponent":
            gaps.append("'choose_instead: opponent'")
        if action.face_up:
            gaps.append("'face_up' placement")
        slot = action.slot
        if slot is not None:
            if slot.count is None or slot.up_to:
                gaps.append("a choice of any number of cards ('count: any' or 'up_to')")
            if slot.from_zone in ("under_this", "crossed_to_this") or slot.to_zone == "under_this":
                gaps.append(
                    f"a choice from or to '{slot.from_zone if slot.from_zone in ('under_this', 'crossed_to_this') else slot.to_zone}'"
                )
            gaps += _filter_gaps(slot.filter, "a chosen card with")
            if {"face_up", "face_down"} & set(slot.filter.properties) and slot.from_zone not in ("battle", "shields"):
                gaps.append(f"a face-up or face-down card chosen from the {slot.from_zone} zone")
    for condition in ability.conditions:
        if condition.word is not None and condition.word not in SOLVED_CONDITIONS:
            gaps.append(f"the condition '{condition.word}'")
        gaps += _filter_gaps(condition.filter, "a counted card with")
    for step in ability.then:
        for event in step.events:
            if event.under is not None:
                gaps.append("a follow-up that puts a card under a chosen card")
    return gaps
