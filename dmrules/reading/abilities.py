"""Reading abilities as a file writes them: replacement abilities, triggered abilities and
restrictions (the types are in ``game/abilities.py``).

The same schema serves the bundled card database, cards defined inline in a scenario, and
replacement effects that a spell or ability created (``replacement_effects`` in a scenario).
docs/scenario-format.md describes it field by field.
"""

from __future__ import annotations

from ..game.abilities import (
    ABILITY_DURATIONS,
    CAUSES,
    RESTRICTION_CONDITIONS,
    SLOT_FROM,
    SLOT_TO,
    SUBJECTS,
    VERBS,
    WATCH_CONDITIONS,
    Action,
    ReplacementAbility,
    Restriction,
    Slot,
    TriggeredAbility,
    Watch,
    default_works_in,
)
from ..game.events import Step
from ..game.filters import Filter
from ..game.vocabulary import (
    EVENT_ZONES,
    POSITIONS,
    RESTRICTION_EVENTS,
    WATCH_EVENTS,
    WHOSE,
    ZONES,
)
from .events import read_steps
from .filters import FILTER_FIELDS, parse_condition, parse_filter
from .reader import Node

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
    "card_filter",
    "player",
    "from",
    "to",
    "from_not",
    "to_not",
    "cause",
    "when",
    "cast_from",
    "once",
    "to_position",
    "partner",
    "by_card",
    "on",
)
ONE_WORD_ACTIONS = (
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
    "turn_face_up",
    "under_leave",
    "untap_this",
    "tap_it",
    "untap_it",
)
ACTION_KEYS = (
    "move_to",
    "under_to",
    "under_watched_to",
    "ex_life_to",
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
    "under_chosen",
    "trigger",
    "partner_to",
)
SLOT_FIELDS = ("count", "up_to", "position", "put_tapped", "no_trigger", "blind")
CHOOSE_FIELDS = ("from", "to", "verb") + SLOT_FIELDS + FILTER_FIELDS
MOVE_FIELDS = ("zone", "position", "tapped", "face_up", "face_down", "on_shield")


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
    # 「これをクロスした自分のサムライ・クリーチャー」: the named card, when it passes a filter
    if node.has("card_filter"):
        if subject is None or subject == "cast_by_this":
            raise node.error(
                "a filter of the watched card given with no card named ('card: equipped', ...)", "card_filter"
            )
        flt = parse_filter(node.child("card_filter"))
    partner = None
    if node.has("partner"):  # 「…とバトルする時」「…とのバトルで破壊される時」: the battle's other creature
        by_battle = events == ("destroy",) and "by_battle" in node.opt_texts("when", WATCH_CONDITIONS)
        if events != ("battle",) and not by_battle:
            raise node.error("a battle partner of an event that is no battle nor a destruction by one", "partner")
        partner = parse_filter(node.child("partner"))
    by_card = None
    if node.has("by_card"):  # 「自分のドラゴンがシールドをブレイクする時」: the creature breaking
        if events != ("break",):
            raise node.error("the card an event is by, on an event that is no break of shields", "by_card")
        by_card = parse_filter(node.child("by_card"))
    return Watch(
        by_card=by_card,
        on=_trigger_on(node, events, subject),
        partner=partner,
        chooser=chooser,
        events=events,
        subject=subject,
        filter=flt,
        from_zone=node.opt_text("from", None, EVENT_ZONES),
        to_zone=node.opt_text("to", None, EVENT_ZONES),
        from_not=tuple(node.opt_texts("from_not", EVENT_ZONES)),
        to_not=tuple(node.opt_texts("to_not", ZONES)),
        cause=node.opt_text("cause", None, CAUSES),
        conditions=tuple(node.opt_texts("when", WATCH_CONDITIONS)),
        cast_from=node.opt_text("cast_from", None, ZONES),
        once=node.opt_bool("once"),
        to_position=node.opt_text("to_position", None, ("top", "bottom")),
    )


def _trigger_on(node: Node, events: tuple[str, ...], subject: str | None) -> Watch | None:
    """「自分のクリーチャーが破壊された時にトリガーする自分のクリーチャーの能力は」: a watched 'trigger' is a triggered
    ability's; ``on`` watches the event it triggers on, ``card`` (a filter) the card whose ability it is."""
    if "trigger" not in events:
        if node.has("on"):
            raise node.error("'on' says what a watched 'trigger' triggers on: this watch watches no trigger", "on")
        return None
    if events != ("trigger",):
        raise node.error("a watched 'trigger' is watched alone", "event")
    if not node.has("on"):
        raise node.error("a watched 'trigger' needs 'on': the event the ability triggers on", "event")
    extra = [k for k in node.value if k not in ("event", "card", "on")]
    if extra or subject is not None:
        field = extra[0] if extra else "card"
        raise node.error(
            "a watched 'trigger' says only 'card' (a filter: the card whose ability triggers) and 'on'", field
        )
    on = parse_watch(node.child("on"))
    if on.on is not None:
        raise node.child("on").error("a trigger's trigger", "event")
    return on


def _slot_options(node: Node) -> dict:
    """``up_to``, ``position``, ``put_tapped``, ``no_trigger``, ``blind`` of a choice written as a mapping
    (``tapped`` is the filter's: the chosen cards are tapped ones; ``put_tapped``: they are put into their zone
    tapped)."""
    if not isinstance(node.value, dict):
        return {"every": True} if node.value == "all" else {}
    every = node.has("count") and node.child("count").value == "all"
    if every and node.opt_bool("up_to"):
        raise node.error("'all' is every card, never up to a number", "up_to")
    return dict(
        every=every,
        up_to=node.opt_bool("up_to"),
        position=node.opt_text("position", None, POSITIONS),
        tapped=node.opt_bool("put_tapped"),
        no_trigger=node.opt_bool("no_trigger"),
        blind=node.opt_bool("blind"),
    )


def _read_count(node: Node) -> int | None:
    """A count of affected cards: a whole number, ``any`` (「好きな数」) or ``all`` (「すべて」: ``Slot.every``)."""
    if node.value in ("any", "all"):
        return None
    return node.integer(1)


def _count_or_filter(node: Node, default_whose: str, default_types: tuple[str, ...]) -> tuple[int | None, Filter]:
    """``destroy: 1`` or ``destroy: {count: 1, whose: opponent, ...}``."""
    if isinstance(node.value, dict):
        count = _read_count(node.child("count")) if node.has("count") else 1
        flt = parse_filter(node, extra=SLOT_FIELDS, default_whose=default_whose)
        if not flt.types and not flt.any_of and default_types:
            flt = Filter(**{**flt.__dict__, "types": default_types})
        return count, flt
    return _read_count(node), Filter(whose=default_whose, types=default_types)


# The choices with a name of their own: key → (from, to, verb, default whose, default types).
NAMED_CHOICES = {
    "discard": ("hand", "graveyard", "discard", "own", ()),
    "graveyard_to_deck": ("graveyard", "deck", "put", "own", ()),
    "destroy": ("battle", "graveyard", "destroy", "any", ("creature",)),
    "shield_to_hand": ("shields", "hand", "add_to_hand", "own", ()),
}


def _read_move(arg: Node, zones: tuple[str, ...]) -> dict:
    """``ZONE`` or ``{zone: ZONE, position: P, tapped: true, face_up: true}``."""
    if not isinstance(arg.value, dict):
        return dict(zone=arg.text(zones))
    arg.keys(MOVE_FIELDS, required=("zone",))
    zone = arg.child("zone").text(zones)
    position = arg.opt_text("position", None, POSITIONS)
    if position and zone != "deck":
        raise arg.error("a position (top, bottom, shuffle) is for the deck", "position")
    face_down = arg.opt_bool("face_down")
    if face_down and (zone != "mana" or arg.opt_bool("face_up")):
        raise arg.error("'face_down' is a card put face down into the mana zone", "face_down")
    on_shield = arg.opt_bool("on_shield")
    if on_shield and (zone != "shields" or not arg.opt_bool("face_up")):
        raise arg.error("'on_shield' is a card put face up onto a shield: zone shields, face_up", "on_shield")
    return dict(
        zone=zone,
        position=position,
        tapped=arg.opt_bool("tapped"),
        face_up=arg.opt_bool("face_up"),
        face_down=face_down,
        on_shield=on_shield,
    )


def parse_action(node: Node) -> Action:
    value = node.value
    if isinstance(value, str):
        return _word_action(node)
    if not isinstance(value, dict) or len(value) != 1:
        raise node.error(
            "an action is a word (" + ", ".join(ONE_WORD_ACTIONS) + ") "
            "or a mapping with one key (" + ", ".join(ACTION_KEYS) + ")"
        )
    node.keys(ACTION_KEYS)
    key = next(iter(value))
    arg = node.child(key)
    if key in NAMED_CHOICES or key == "choose":
        return _choice_action(key, arg)
    return _keyed_action(node, key, arg)


def _word_action(node: Node) -> Action:
    """An action written as one word (``stay``, ``destroy_this``, ...)."""
    word = node.text(ONE_WORD_ACTIONS + ACTION_KEYS)
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
        "turn_face_up": Action("turn_face_up"),
        # 「かわりに下のカードすべてが離れる」 (G-NEO進化): every card under this one leaves, where the event sends it
        "under_leave": Action("under_leave"),
        "untap_this": Action("untap_source"),
        # 「破壊するかわりにタップする」: the event's card stays, tapped
        "tap_it": Action("tap_event"),
        # 「破壊されるかわりにアンタップする」: the event's card stays, untapped
        "untap_it": Action("untap_event"),
    }
    if word in simple:
        return simple[word]
    raise node.error(f"'{word}' needs a value, for example '{word}: 1'")


def _choice_action(key: str, arg: Node) -> Action:
    """A choice of affected cards: a named one (``discard: 2``) or ``choose: {from, to, ...}``."""
    if key in NAMED_CHOICES:
        from_zone, to_zone, verb, whose, types = NAMED_CHOICES[key]
        count, flt = _count_or_filter(arg, whose, types)
        return Action("choose", slot=Slot(count, from_zone, to_zone, verb, flt, **_slot_options(arg)))
    arg.keys(CHOOSE_FIELDS, required=("from", "to"))
    flt = parse_filter(arg, extra=("from", "to", "verb") + SLOT_FIELDS, default_whose="own")
    count = _read_count(arg.child("count")) if arg.has("count") else 1
    slot = Slot(
        count,
        arg.child("from").text(SLOT_FROM),
        arg.child("to").text(SLOT_TO),
        arg.opt_text("verb", "put", VERBS),
        flt,
        **_slot_options(arg),
    )
    if slot.position and slot.to_zone != "deck":
        raise arg.error("a position (top, bottom, shuffle) is for the deck", "position")
    if slot.verb == "tap" and (slot.from_zone not in ("mana", "battle") or slot.to_zone != slot.from_zone):
        raise arg.error("cards are tapped where they are, in the mana or the battle zone: 'to' is 'from'", "verb")
    return Action("choose", slot=slot)


# Actions written with the zone they send cards to alone: 「かわりにこのクリーチャーの下にあるカードをすべて墓地に
# 置き」 (under_to: every card under this one, however many; none: it cannot be done, the ruling change of
# 2025-04-08); 「このクリーチャーが離れる時、かわりにそのシールドを墓地に置く」 (ex_life_to: every shield this
# card's 「EXライフ」 made); 「そのバトルをしているクリーチャーを2体とも持ち主のマナゾーンに置く」 (partner_to: the
# battle's other creature too).
_TO_ZONE = ("under_to", "ex_life_to", "partner_to")


def _keyed_action(node: Node, key: str, arg: Node) -> Action:
    """An action written as a mapping with one key, other than a choice."""
    if key == "move_to":
        move = _read_move(arg, ZONES + ("under_this",))
        if move["zone"] == "under_this":
            return Action("move_under")
        return Action("move", **move)
    if key == "power":
        return Action("power", count=arg.integer(-1_000_000, 1_000_000))
    if key in _TO_ZONE:
        return Action(key, zone=arg.text(ZONES))
    if key == "under_watched_to":
        # 「そのクリーチャーの下にあるカードは、墓地に置くかわりに…に置く」: the cards under the event's card
        move = _read_move(arg, ZONES)
        if any(move.get(k) for k in ("tapped", "face_up", "face_down", "on_shield")):
            raise arg.error("the cards under the event's card go to a zone, at a position of the deck, no more")
        return Action("under_watched_to", zone=move["zone"], position=move.get("position"))
    if key == "this_to":
        return Action("move_source", verb="put", **_read_move(arg, ZONES))
    if key == "mill":
        # 「自分の山札の上から2枚を墓地に置く」; `to: mana` 「…をマナゾーンに置く」, `to: shields` 「…をシールド化する」
        arg.keys(("player", "count", "to", "tapped"), required=("count",))
        to = arg.opt_text("to", "graveyard", ("graveyard", "mana", "shields"))
        tapped = arg.opt_bool("tapped")
        if tapped and to != "mana":
            raise arg.error("'tapped' is of the cards put into the mana zone ('to: mana')")
        return Action(
            "mill",
            count=arg.child("count").integer(1),
            whose=arg.opt_text("player", "own", ("own", "opponent")),
            zone=None if to == "graveyard" else to,
            tapped=tapped,
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
    if key == "under_chosen":
        # 「墓地に置くかわりに自分のNEOクリーチャー1体の下に置く」: under one card its player chooses
        return Action("move_under_chosen", filter=parse_filter(arg, default_whose="own"))
    if key == "trigger":
        # 「かわりにその能力はトリガーしない」 (0), 「1度のかわりに2度トリガーする」 (2)
        count = arg.integer(0, 2)
        if count == 1:
            raise arg.error("a triggered ability triggers 0 or 2 times instead of once (1 changes nothing)")
        return Action("trigger", count=count)
    if key == "battle_instead":
        if arg.value == "this":
            return Action("battle_instead")
        return Action("battle_instead", filter=parse_filter(arg, default_whose="own"))
    raise node.error(f"unknown action '{key}'")  # pragma: no cover - keys() has checked


def parse_ability(node: Node, *, effect: bool = False) -> ReplacementAbility:
    """Read one replacement ability (or, with ``effect``, an effect in play)."""
    node.keys(ABILITY_FIELDS, required=("watch", "instead"))
    watch = parse_watch(node.child("watch"))
    instead = tuple(parse_action(a) for a in node.child("instead").elements())
    if not instead:
        raise node.error("says nothing about what happens instead", "instead")
    own = node.opt_bool("spell_own_movement")
    if own and not ({"spell_to_graveyard"} & set(watch.events) and watch.subject in ("this", "cast_by_this")):
        raise node.error(
            "a spell's own-movement replacement (609.8a) must watch 'spell_to_graveyard' of 'this' card (or "
            "'cast_by_this': this spell cast by its own permission, リサイクル)",
            "spell_own_movement",
        )
    under = [a.zone for a in instead if a.kind == "under_watched_to"]
    if under and ([a.kind for a in instead] != ["move_top", "under_watched_to"] or under[0] in ("battle", "graveyard")):
        raise node.error(
            "'under_watched_to' follows 'top_card_only' alone, to a zone other than the battle zone or the graveyard "
            "(「…の下にあるカードは、墓地に置くかわりに…」)",
            "instead",
        )
    if any(a.kind == "destroy_partner" for a in instead) and "battle" not in watch.events:
        raise node.error("destroy_battle_partner needs a watched 'battle' event", "instead")
    by_battle = watch.events == ("destroy",) and "by_battle" in watch.conditions
    if any(a.kind == "partner_to" for a in instead) and not by_battle:
        raise node.error("'partner_to' needs a watched destruction by a battle ('when: [by_battle]')", "instead")
    _check_trigger_change(node, watch, instead)
    default = "any" if effect else default_works_in(watch, own)
    works_in = node.opt_text("works_in", default, ZONES + ("any",))
    then: tuple[Step, ...] = ()
    if node.has("then"):
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
        duration=node.opt_text("duration", None, ABILITY_DURATIONS),
        granted_to=parse_filter(node.child("granted_to")) if node.has("granted_to") else None,
        keyword=node.opt_text("keyword"),
    )


def _check_trigger_change(node: Node, watch: Watch, instead: tuple[Action, ...]) -> None:
    """A watched 'trigger' is changed by one ``trigger`` action alone, which changes nothing else."""
    changes = [a for a in instead if a.kind == "trigger"]
    if watch.on is None:
        if changes:
            raise node.error("'trigger' changes how often a watched 'trigger' triggers: this watches none", "instead")
        return
    if len(instead) != 1 or not changes:
        raise node.error("a watched 'trigger' has one thing done instead: 'trigger: 0' or 'trigger: 2'", "instead")
    for key in ("then", "once_per_turn", "if", "needs_room", "spell_own_movement"):
        if node.has(key):
            raise node.error(f"'{key}' with a watched 'trigger' is not modelled", key)


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


RESTRICTION_FIELDS = ("text", "forbid", "works_in", "note")


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
