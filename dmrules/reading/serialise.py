"""Typed abilities written back as the scenario format (docs/scenario-format.md): YAML-able dicts.

``serialise(ability)`` is the one place a ``ReplacementAbility`` (and its ``Watch``,
``Action``, ``Slot``, ``Filter``, ``Condition`` and follow-up ``Step``) becomes the mapping a
card file or a scenario holds. ``read(serialise(ability)) == ability`` for every ability the
card-text compiler makes (``read_back``; tests/test_serialise.py): the card files of
``dmrules/cards/printed.yaml`` and the golden forms stay YAML, and the loader reads them back
as the same objects.

The mapping is written in the short forms of the format where they say exactly the same
(``destroy_this``, ``{discard: 1}``, ``player: own``), and in full otherwise.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from ..game.abilities import Action, ReplacementAbility, Slot, Watch, default_works_in
from ..game.errors import InputError
from ..game.events import ChoiceSpec, EventSpec, Step
from ..game.filters import Condition, Filter
from .abilities import NAMED_CHOICES, parse_ability
from .reader import Node
from .yamlsrc import Located

# Filter attribute → (field of the format, whether it is a list).
_FILTER_FIELDS = (
    ("types", "type"),
    ("races", "race"),
    ("civilizations", "civilization"),
    ("cost_max", "cost_max"),
    ("cost_min", "cost_min"),
    ("cost_not", "cost_not"),
    ("other", "other"),
    ("names", "name"),
    ("evolution", "evolution"),
    ("flags", "flag"),
    ("without_flags", "without_flag"),
    ("cost_exceeds_mana", "cost_exceeds_mana"),
    ("ids", "id"),
    ("name_parts", "name_contains"),
    ("power_min", "power_min"),
    ("power_max", "power_max"),
    ("not_types", "not_type"),
    ("not_races", "not_race"),
    ("keywords", "keyword"),
    ("not_properties", "not_property"),
    ("chosen_race", "chosen_race"),
    ("component_of_this", "component_of_this"),
)


def _one_or_list(values: tuple) -> Any:
    return values[0] if len(values) == 1 else list(values)


def filter_dict(flt: Filter, default_whose: str = "any") -> dict:
    """A filter as a mapping; ``whose`` is written when it is not the reading's default."""
    out: dict = {}
    if flt.whose != default_whose:
        out["whose"] = flt.whose
    for attr, key in _FILTER_FIELDS:
        value = getattr(flt, attr)
        if isinstance(value, tuple):
            if value:
                out[key] = _one_or_list(value)
        elif isinstance(value, bool):
            if value:
                out[key] = True
        elif value is not None:
            out[key] = value
    for word in flt.properties:
        out[word] = True
    if flt.any_of:
        out["any_of"] = [filter_dict(alt) for alt in flt.any_of]
    return out


_PLAYER_EVENTS = {"draw", "lose"}


def watch_dict(watch: Watch) -> dict:
    out: dict = {"event": _one_or_list(watch.events)}
    if watch.subject is not None:
        out["card"] = watch.subject
        if watch.filter is not None:
            out["card_filter"] = filter_dict(watch.filter)
    elif watch.filter is not None:
        flt = watch.filter
        whose_only = flt == Filter(whose=flt.whose)
        if watch.chooser is not None:
            out["card"] = filter_dict(flt)
            out["player"] = watch.chooser
        elif whose_only and flt.whose != "any" and set(watch.events) <= _PLAYER_EVENTS | {"choose"}:
            out["player"] = flt.whose
        else:
            out["card"] = filter_dict(flt)
    for key, value in (
        ("from", watch.from_zone),
        ("to", watch.to_zone),
        ("cause", watch.cause),
        ("cast_from", watch.cast_from),
        ("to_position", watch.to_position),
    ):
        if value is not None:
            out[key] = value
    if watch.from_not:
        out["from_not"] = _one_or_list(watch.from_not)
    if watch.to_not:
        out["to_not"] = _one_or_list(watch.to_not)
    if watch.conditions:
        out["when"] = list(watch.conditions)
    if watch.once:
        out["once"] = True
    if watch.partner is not None:
        out["partner"] = filter_dict(watch.partner)
    if watch.by_card is not None:
        out["by_card"] = filter_dict(watch.by_card)
    if watch.on is not None:
        out["on"] = watch_dict(watch.on)
    return out


def _move_form(action: Action) -> Any:
    """``ZONE`` or ``{zone: ZONE, position: P, tapped: true, face_up: true}``."""
    extra = {
        k: v
        for k, v in (
            ("position", action.position),
            ("tapped", action.tapped),
            ("face_up", action.face_up),
            ("face_down", action.face_down),
            ("on_shield", action.on_shield),
        )
        if v
    }
    return {"zone": action.zone, **extra} if extra else action.zone


def _slot_form(slot: Slot) -> dict:
    """A choice of affected cards: the named short form (``{discard: 1}``) when it says the same."""
    options = {
        k: v
        for k, v in (
            ("up_to", slot.up_to),
            ("position", slot.position),
            ("put_tapped", slot.tapped),
            ("no_trigger", slot.no_trigger),
            ("blind", slot.blind),
        )
        if v
    }
    count: Any = slot.count_form
    for key, (from_zone, to_zone, verb, whose, types) in NAMED_CHOICES.items():
        if (slot.from_zone, slot.to_zone, slot.verb) != (from_zone, to_zone, verb):
            continue
        default = Filter(whose=whose, types=types)
        if slot.filter == default and not options:
            return {key: count}
        rest = filter_dict(slot.filter, default_whose=whose)
        if types and slot.filter.types == types:
            rest.pop("type", None)
        elif types and not slot.filter.types:
            continue  # the short form would add the default type
        return {key: {"count": count, **rest, **options}}
    choice = {"count": count, "from": slot.from_zone, "to": slot.to_zone, "verb": slot.verb}
    return {"choose": {**choice, **options, **filter_dict(slot.filter, default_whose="own")}}


_WORD_FORMS = {
    "stay": "stay",
    "flip_source": "flip_this",
    "win": "win",
    "destroy_partner": "destroy_battle_partner",
    "move_top": "top_card_only",
    "use_ability": "use_ability",
    "tap_source": "tap_this",
    "turn_face_up": "turn_face_up",
    "under_leave": "under_leave",
    "untap_source": "untap_this",
    "tap_event": "tap_it",
    "untap_event": "untap_it",
}


def action_dict(action: Action) -> Any:
    kind = action.kind
    if kind in _WORD_FORMS:
        return _WORD_FORMS[kind]
    if kind == "move_source":
        if action.verb == "destroy" and action.zone == "graveyard":
            return "destroy_this"
        if action.verb == "discard" and action.zone == "graveyard":
            return "discard_this"
        return {"this_to": _move_form(action)}
    if kind == "move":
        return {"move_to": _move_form(action)}
    if kind == "move_under":
        return {"move_to": "under_this"}
    if kind == "move_under_chosen":
        return {"under_chosen": filter_dict(action.filter or Filter(), "own")}
    if kind == "under_to":
        return {"under_to": action.zone}
    if kind == "under_watched_to":
        return {"under_watched_to": _move_form(action)}
    if kind == "ex_life_to":
        return {"ex_life_to": action.zone}
    if kind == "choose":
        assert action.slot is not None  # a choice always has its slot (reading/abilities.py)
        return _slot_form(action.slot)
    if kind == "mill":
        to = {"to": action.zone} if action.zone is not None else {}
        tapped = {"tapped": True} if action.tapped else {}
        return {"mill": {"player": action.whose, "count": action.count, **to, **tapped}}
    if kind == "draw":
        return {"draw": action.count}
    if kind == "reveal":
        return {"reveal": action.count}
    if kind == "power":
        return {"power": action.count}
    if kind == "trigger":
        return {"trigger": action.count}
    if kind == "partner_to":
        return {"partner_to": action.zone}
    if kind == "choose_instead":
        return "choose_instead" if action.whose is None else {"choose_instead": action.whose}
    if kind == "battle_instead":
        return {"battle_instead": "this" if action.filter is None else filter_dict(action.filter, "own")}
    if kind == "one_of":
        return {"one_of": [[action_dict(a) for a in option] for option in action.options]}
    raise ValueError(f"an action of kind '{kind}' has no written form")


def condition_dict(condition: Condition) -> Any:
    if condition.word == "cards_under_this" and condition.at_least != 1:
        return {"cards_under_this": condition.at_least}
    if condition.word is not None:
        return condition.word
    if condition.this_in:
        return {"this_in": list(condition.this_in)}
    if condition.happened is not None:
        where: dict = {"happened": condition.happened}
    else:
        where = {"zone": condition.zone} if condition.earlier is None else {"earlier": condition.earlier}
    out: dict = {**where, **filter_dict(condition.filter or Filter())}
    if condition.than_other is not None:
        return {**out, "than_other": condition.than_other}
    if condition.at_most is not None:
        out["at_most"] = condition.at_most
    if condition.at_least != (1 if condition.at_most is None else 0):
        out["at_least"] = condition.at_least
    return out


def _player(name: str | None) -> str | None:
    return name[1:] if name and name.startswith("@") else name


def _choice(choice: ChoiceSpec) -> dict:
    out: dict = {"count": choice.count, "from": choice.from_zone}
    if choice.chooser not in (None, "@own"):
        out["chooser"] = _player(choice.chooser)
    if choice.optional:
        out["optional"] = True
    out.update(filter_dict(choice.filter))
    return {"choose": out}


def event_dict(event: EventSpec) -> dict:
    """A follow-up event of card data (players relative: ``own``, ``opponent``)."""
    if event.choose is not None:
        target: Any = _choice(event.choose)
    elif event.cards:
        target = _one_or_list(event.cards)
    else:
        target = _player(event.player)
    out: dict = {event.kind: target}
    if event.to_zone is not None:
        out["to"] = event.to_zone
    if event.position is not None:
        out["position"] = event.position
    if event.count is not None and event.choose is None:
        out["count"] = event.count
    if event.under is not None:
        out["under"] = {"choose": filter_dict(event.under)}
    return out


def step_dict(step: Step) -> dict:
    out: dict = {"events": [event_dict(e) for e in step.events]}
    if step.afterwards:
        out["afterwards"] = True
    return out


def serialise(ability: ReplacementAbility) -> dict:
    """A replacement ability as a card's ``replacements`` entry."""
    out: dict = {}
    if ability.text is not None:
        out["text"] = ability.text
    if ability.keyword is not None:
        out["keyword"] = ability.keyword
    if ability.granted_to is not None:
        out["granted_to"] = filter_dict(ability.granted_to)
    out["watch"] = watch_dict(ability.watch)
    if ability.conditions:
        out["if"] = [condition_dict(c) for c in ability.conditions]
    out["instead"] = [action_dict(a) for a in ability.instead]
    for key in ("optional", "spell_own_movement", "needs_room", "once_per_turn"):
        if getattr(ability, key):
            out[key] = True
    if ability.works_in != default_works_in(ability.watch, ability.spell_own_movement):
        out["works_in"] = ability.works_in
    for key in ("requires_flag", "duration", "note"):
        if getattr(ability, key) is not None:
            out[key] = getattr(ability, key)
    if ability.then:
        out["then"] = [step_dict(s) for s in ability.then]
    return out


def read(form: dict, name: str = "<compiled>") -> ReplacementAbility:
    """A written ability read as the card loader reads it (no YAML text in between)."""
    return parse_ability(Node.root(Located(name, {"replacement": form})).child("replacement"))


def read_back(ability: ReplacementAbility) -> str | None:
    """Why the loader would not read ``serialise(ability)`` back as ``ability``; None when it does."""
    try:
        again = read(serialise(ability))
    except (InputError, ValueError) as exc:
        return f"the card loader refuses its written form: {getattr(exc, 'problem', exc)}"
    if again != ability:
        differ = [f.name for f in fields(ReplacementAbility) if getattr(again, f.name) != getattr(ability, f.name)]
        return f"its written form reads back otherwise ({', '.join(differ)})"
    return None
