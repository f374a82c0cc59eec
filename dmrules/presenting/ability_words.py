"""Replacement abilities in words: what `dmrules cards parse` shows for a compiled text."""

from __future__ import annotations

from dataclasses import replace

from ..game.abilities import Action, ReplacementAbility, Slot
from ..game.filters import Condition, Filter
from ..game.vocabulary import WATCHED_WORDS, ZONE_WORDS

WHOSE_WORDS = {"own": "of yours", "opponent": "of your opponent's", "any": ""}
ZONE_OR_ANY_WORDS = {**ZONE_WORDS, "any": "any zone"}
POSITION_WORDS = {
    "top": "on top of the deck",
    "bottom": "at the bottom of the deck",
    "shuffle": "into the deck, shuffled",
}


def filter_words(flt: Filter | None, noun: str = "card") -> str:
    """「自分の他のドラゴン」 → "another ドラゴン of yours"."""
    if flt is None:
        return noun
    parts = []
    if flt.civilizations:
        parts.append(" or ".join(flt.civilizations))
    if "multicolor" in flt.properties:
        parts.append("multicolored")
    if "colorless" in flt.properties:
        parts.append("colorless")
    if "tapped" in flt.properties:
        parts.append("tapped")
    if "untapped" in flt.properties:
        parts.append("untapped")
    if "face_up" in flt.properties:
        parts.append("face-up")
    if "face_down" in flt.properties:
        parts.append("face-down")
    if flt.evolution:
        parts.append("evolution")
    # a race and a type both hold (「デーモン・コマンド」 creature); the races, the types or names, each either
    kinds = [t for t in flt.types if t != "evolution"] + [f"《{n}》" for n in flt.names]
    kinds += [filter_words(alt, noun) for alt in flt.any_of]  # 「進化クリーチャーまたはタマシード」
    if flt.races:
        parts.append(" or ".join(flt.races))
    if kinds or not flt.races:
        parts.append(" or ".join(kinds) if kinds else noun)
    text = " ".join(parts)
    if flt.other:
        text = "another " + text
    extras = []
    if flt.name_parts:
        extras.append("with " + " or ".join(f"《{p}》" for p in flt.name_parts) + " in its name")
    if flt.keywords:
        extras.append("with " + " or ".join(f"「{k}」" for k in flt.keywords))
    if flt.power_min is not None:
        extras.append(f"of power {flt.power_min} or more")
    if flt.power_max is not None:
        extras.append(f"of power {flt.power_max} or less")
    if flt.cost_max is not None:
        extras.append(f"of cost {flt.cost_max} or less")
    if flt.cost_min is not None:
        extras.append(f"of cost {flt.cost_min} or more")
    if flt.cost_exceeds_mana:
        extras.append("of cost above the number of cards in its controller's mana zone")
    if flt.not_types:
        extras.append("that is not a " + " or ".join(flt.not_types))
    extras += [f"that is not {'multicolored' if p == 'multicolor' else 'colorless'}" for p in flt.not_properties]
    if flt.not_races:
        extras.append("that is not a " + " or ".join(flt.not_races))
    if flt.chosen_race:
        extras.append("of the race chosen before")
    if WHOSE_WORDS.get(flt.whose):
        extras.append(WHOSE_WORDS[flt.whose])
    return " ".join([text] + extras)


def _slot_words(slot: Slot) -> str:
    count = (
        "every one of"
        if slot.every
        else "any number of"
        if slot.count is None
        else (f"up to {slot.count}" if slot.up_to else str(slot.count))
    )
    zone_from = {
        "under_this": "the cards under this card",
        "crossed_to_this": "the cross gears crossed to it",
        "under_watched": "the cards under the event's card",
        "crossed_to_watched": "the cross gears crossed to the event's card",
        "ex_life_of_this": "the shields this card's EX life made",
    }.get(slot.from_zone, f"the {ZONE_OR_ANY_WORDS.get(slot.from_zone, slot.from_zone)}")
    where = (
        POSITION_WORDS.get(slot.position or "", "the deck")
        if slot.to_zone == "deck"
        else f"the {ZONE_OR_ANY_WORDS.get(slot.to_zone, slot.to_zone)}"
    )
    noun = filter_words(slot.filter)
    if slot.verb == "destroy":
        return f"destroy {count} {noun}"
    if slot.verb == "discard":
        return f"discard {count} {noun}"
    if slot.verb == "turn_face_up":
        return f"turn {count} {noun} of {zone_from} face up"
    if slot.verb == "break":
        return f"this card breaks {count} {noun}"
    if slot.verb == "tap":
        return f"tap {count} untapped {noun} of {zone_from} where they are"
    verb = {"return": "return", "add_to_hand": "put", "put": "put"}[slot.verb]
    return f"{verb} {count} {noun} from {zone_from} to {where}"


# Actions said in the same words whatever their fields.
_FIXED_WORDS = {
    "stay": "the card stays where it is",
    "move_under": "the card goes under this card instead",
    "turn_face_up": "the card is turned face up where it is instead",
    "move_top": "only the top card of its stack goes",
    "under_leave": "every card under this card leaves instead, where the event would send it (none: it cannot)",
    "use_ability": "use the next ability instead",
    "untap_source": "this card untaps",
    "tap_event": "the card is tapped",
    "untap_event": "the card untaps",
    "tap_source": "tap this card",
    "flip_source": "this card flips",
    "destroy_partner": "the other creature of the battle is destroyed",
    "win": "you win the game",
}


def action_words(action: Action) -> str:
    kind = action.kind
    if kind in _FIXED_WORDS:
        return _FIXED_WORDS[kind]
    if kind == "move" and action.on_shield:
        return "the card goes face up onto one of its player's shields instead (the stack counts as one shield)"
    if kind == "move":
        where = POSITION_WORDS.get(action.position or "", "") if action.zone == "deck" else ""
        extra = (
            (" tapped" if action.tapped else "")
            + (" face down" if action.face_down else "")
            + (" face up" if action.face_up else "")
        )
        return f"the card goes to the {ZONE_OR_ANY_WORDS.get(action.zone or '', action.zone)}{extra} instead" + (
            f" ({where})" if where else ""
        )
    if kind == "move_under_chosen":
        return f"the card goes under a chosen {filter_words(action.filter)} instead"
    zone = ZONE_OR_ANY_WORDS.get(action.zone or "", action.zone or "")
    if kind == "under_to":
        return f"every card under this card goes to the {zone} (none: it cannot)"
    if kind == "under_watched_to":
        where = POSITION_WORDS.get(action.position or "", "") if action.zone == "deck" else ""
        return f"the cards under the card go to the {zone} instead of with it" + (f" ({where})" if where else "")
    if kind == "ex_life_to":
        return f"every shield this card's EX life made goes to the {zone} (none: it cannot)"
    if kind == "move_source":
        verb = {"destroy": "is destroyed", "discard": "is discarded", "put": f"goes to the {action.zone}"}[
            action.verb or "put"
        ]
        return f"this card {verb}"
    if kind == "choose" and action.slot is not None:
        return _slot_words(action.slot)
    if kind == "draw":
        return f"draw {action.count} card{'s' if action.count != 1 else ''}"
    if kind == "mill":
        to = {None: "the graveyard", "mana": "the mana zone", "shields": "the shield zone"}[action.zone]
        return f"the top {action.count} of the {action.whose} deck go to {to}"
    if kind == "reveal":
        return f"reveal only the top {action.count} card{'s' if action.count != 1 else ''} instead"
    if kind == "power":
        return f"power changes by {action.count:+} instead"
    if kind == "choose_instead":
        return "your opponent chooses instead" if action.whose == "opponent" else "you choose instead"
    if kind == "battle_instead":
        return (
            "this creature battles instead"
            if action.filter is None
            else f"{filter_words(action.filter, 'creature')} battles instead"
        )
    if kind == "one_of":
        return " or ".join("(" + "; ".join(action_words(a) for a in option) + ")" for option in action.options)
    if kind == "trigger":
        return "it triggers twice" if action.count == 2 else "it does not trigger"
    if kind == "partner_to":
        return f"the other creature of the battle goes to the {zone} too"
    return kind


# What happened this turn, as a condition counts it (「このターン、…が破壊されていれば」)
_HAPPENED_WORDS = {
    "destroy": "destroyed",
    "enter": "put into the battle zone",
    "summon": "summoned",
    "put_into_graveyard": "put into the graveyard",
    "put_into_mana": "put into the mana zone",
    "return_to_hand": "returned to the hand",
    "leave": "taken out of the battle zone",
}


def condition_words(condition: Condition) -> str:
    if condition.word:
        return condition.word.replace("_", " ")
    if condition.this_in:
        places = " or ".join(
            "face up in the shield zone" if p == "face_up_shields" else f"in the {ZONE_WORDS.get(p, p)}"
            for p in condition.this_in
        )
        return f"this card is {places}"
    if condition.happened is not None:
        what, done = filter_words(condition.filter), _HAPPENED_WORDS[condition.happened]
        if condition.at_most is not None:
            return f"at most {condition.at_most} {what} were {done} earlier this turn"
        return f"at least {condition.at_least} {what} were {done} earlier this turn"
    if condition.earlier is not None:
        what = filter_words(condition.filter)
        if condition.earlier == 1:
            return f"the card the sentence before names is {what}"
        if condition.at_most == 0:
            return f"none of the {condition.earlier} cards the sentence before names is {what}"
        bound = f"at most {condition.at_most}" if condition.at_most is not None else f"at least {condition.at_least}"
        return f"{bound} of the {condition.earlier} cards the sentence before names are {what}"
    if condition.than_other is not None:
        than = {"more": "more than", "at_least": "at least", "fewer": "fewer than", "at_most": "at most"}
        return (
            f"the number of {filter_words(condition.filter)} in the {condition.zone} is {than[condition.than_other]} "
            "the other player's"
        )
    if condition.at_most is not None:
        return f"there are at most {condition.at_most} {filter_words(condition.filter)} in the {condition.zone}"
    at_least = f"at least {condition.at_least}" if condition.at_least != 1 else "a"
    return f"there is {at_least} {filter_words(condition.filter)} in the {condition.zone}"


def _trigger_or_whole(ability: ReplacementAbility, who: str, when: str) -> str:
    """A triggered ability's triggering (whose ability, on which event); an event of several cards watched whole."""
    watch = ability.watch
    if watch.on is not None:
        on = ability_words(replace(ability, watch=watch.on, conditions=(), instead=()))[0].removeprefix("when ")
        when = f"when an ability of {who} would trigger because {on}"
    return when + (" (one event however many cards)" if watch.once else "")


_DURATION_WORDS = {
    "this_turn": ", an effect for this turn",
    "until_next_turn": ", an effect until its player's next turn",
    "until_opponent_turn_end": ", an effect until the end of the opponent's next turn",
}


def ability_words(ability: ReplacementAbility) -> list[str]:
    """An ability as a few lines of English."""
    watch = ability.watch
    events = " or ".join(WATCHED_WORDS.get(e, e) for e in watch.events)
    if watch.subject == "this":
        who = "this card"
    elif watch.subject == "equipped":
        who = "the creature this card is crossed or equipped to"
    elif watch.subject == "fortified":
        who = "the shield this castle fortifies"
    elif watch.subject == "cast_by_this":
        who = "the spell an ability of this card cast"
    elif (
        watch.filter is not None
        and watch.events
        and watch.events[0] in ("draw", "lose", "choose", "reveal")
        and not (watch.filter.types or watch.filter.races)
    ):
        who = {"own": "you", "opponent": "your opponent", "any": "a player"}[watch.filter.whose]
    else:
        words = filter_words(watch.filter)
        who = words if words.startswith("another ") else "a " + words
    when = _trigger_or_whole(ability, who, f"when {who} would {events}")
    for label, value in (("from the", watch.from_zone), ("to the", watch.to_zone), ("from the", watch.cast_from)):
        if value:  # a spell's 「…から唱えた後」: "after being cast from the hand"
            when += f" {label} {value}"
    if watch.to_not:
        when += " for any zone but the " + " or the ".join(ZONE_WORDS.get(z, z) for z in watch.to_not)
    if watch.from_not:
        when += " from any zone but the " + " or the ".join(ZONE_WORDS.get(z, z) for z in watch.from_not)
    if watch.partner is not None:
        partner = filter_words(watch.partner)
        when += " with " + (partner if partner.startswith("another ") else "a " + partner)
    if watch.conditions:
        when += " (" + ", ".join(c.replace("_", " ") for c in watch.conditions) + ")"
    lines = [when]
    if ability.conditions:
        lines.append("if " + " and ".join(condition_words(c) for c in ability.conditions))
    lines.append("instead: " + "; ".join(action_words(a) for a in ability.instead))
    kind = "optional (てもよい)" if ability.optional else "mandatory"
    if ability.spell_own_movement:
        kind += ", the spell's own movement (609.8a)"
    if ability.duration:
        kind += _DURATION_WORDS[ability.duration]
    if ability.once_per_turn:
        kind += ", once each turn"
    if ability.requires_flag:
        kind += f", only while the card has the flag {ability.requires_flag}"
    if ability.granted_to is not None:
        kind += f", granted to each {filter_words(ability.granted_to)}"
    zone = ZONE_OR_ANY_WORDS.get(ability.works_in, ability.works_in)
    lines.append(kind + f"; works in the {zone}" if ability.works_in != "any" else kind)
    for step in ability.then:
        lines.append(
            ("afterwards, as part of it (never replaced): " if step.afterwards else "then: ") + then_words(step)
        )
    return lines


def then_words(step) -> str:
    """A follow-up step in words; one that makes no event (an ability used instead whose effect
    lasts for the turn, 「このターン、…」) says so."""
    if not step.events:
        return "no event now (an effect that lasts for the turn)"
    return ", ".join(_event_words(e) for e in step.events)


def _event_words(spec) -> str:
    """A follow-up step's event: 「このクリーチャーを山札の一番下に置く」 → "this card goes to the
    bottom of the deck"."""
    who = " and ".join(
        {
            "this": "this card",
            "event_card": "the replaced event's card",
            "event_source": "the replaced event's source",
        }.get(c, c)
        for c in spec.cards
    )
    if spec.player is not None:
        player = {"@own": "you", "@opponent": "your opponent"}.get(spec.player, spec.player)
        count = f" {spec.count}" if spec.count is not None else ""
        return f"{spec.kind.replace('_', ' ')}{count} ({player})"
    if spec.every is not None:
        who = f"every {filter_words(spec.every)} in the {ZONE_OR_ANY_WORDS.get(spec.every_from, spec.every_from)}"
    if spec.choose is not None:
        count = spec.choose.count
        who = (
            f"{'up to ' if spec.choose.optional else ''}{count} {filter_words(spec.choose.filter)} "
            f"from the {ZONE_OR_ANY_WORDS.get(spec.choose.from_zone, spec.choose.from_zone)}"
        )
        if spec.choose.chooser == "@opponent":
            who += " (your opponent chooses, and 'yours' means theirs)"
    verb = {
        "discard": "is discarded",
        "destroy": "is destroyed",
        "return_to_hand": "returns to the hand",
        "put_into_mana": "goes to the mana zone",
        "break": "is broken",
        "put_into_battle": "is put into the battle zone",
        "put_into_shields": "goes to the shield zone",
    }.get(spec.kind)
    if verb is None:
        zone = spec.to_zone or "?"
        into = {
            "top": "on top of the deck",
            "bottom": "to the bottom of the deck",
            "shuffle": "into the deck, shuffled",
        }
        verb = "goes " + (
            into.get(spec.position, "into the deck")
            if zone == "deck"
            else f"to the {ZONE_OR_ANY_WORDS.get(zone, zone)}"
        )
    if spec.under is not None:
        verb += f", under a chosen {filter_words(spec.under)}"
    return f"{who} {verb}".strip()
