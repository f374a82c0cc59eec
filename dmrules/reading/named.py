"""Cards named by id in a scenario's texts must be where the text looks for them.

A choice of affected cards, an effect's choice, or a condition may name the cards it takes
(``id: [...]``). A name that is in no zone, or in another zone than the one the text takes
from, or stacked under another card (which no choice of a zone takes: the cards under a
creature are ``from: under_this``), would make the text choose nothing, silently: the
replacement could never apply and the answer would lose resolutions without a word. So it
is refused, with the file, the line and the field. A watched event's or a restriction's
named card must exist. Later steps (``then``) are left alone: a card may have moved there by
the time they resolve.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .abilities import NAMED_CHOICES
from .events import CHOICE_FROM
from .yamlsrc import Located, Place

if TYPE_CHECKING:
    from ..game.scenario import Scenario

_ABILITY_LISTS = ("replacements", "triggers", "restrictions")


def check_named_cards(located: Located, scenario: Scenario) -> None:
    """Raise InputError at the first card id of a filter that is not where its text looks."""
    for place, ids, zone in _name_filters(located.data):
        for index, card_id in enumerate(ids):
            problem = _problem(scenario, str(card_id), zone)
            if problem is not None:
                where = place + ("id",) + ((index,) if isinstance(_at(located.data, place + ("id",)), list) else ())
                raise located.error(where, problem)


def _problem(scenario: Scenario, card_id: str, zone: str | None) -> str | None:
    card = scenario.cards.get(card_id)
    if card is None:
        return f"names card '{card_id}', which is in no zone of the scenario"
    if zone is None:
        return None
    if card.under is not None:
        return (
            f"names card '{card_id}', which is stacked under '{card.under}': a choice from the {zone} zone "
            "cannot take a card stacked under another (the cards under this card are 'from: under_this')"
        )
    if card.fortifies is not None:
        return f"names card '{card_id}', a castle fortifying '{card.fortifies}': no choice takes it on its own"
    if card.zone != zone:
        return f"names card '{card_id}', which is in the {card.zone} zone, not the {zone} zone this takes from"
    return None


def _at(data: Any, place: Place) -> Any:
    for part in place:
        data = data[part]
    return data


def _name_filters(data: Any) -> Iterator[tuple[Place, list, str | None]]:
    """(the filter's place, the ids it names, the zone it takes them from or None) of every
    filter of the scenario that names cards."""
    if not isinstance(data, dict):
        return
    for player, zones in (data.get("players") or {}).items():
        if not isinstance(zones, dict):
            continue
        for zone, cards in zones.items():
            if not isinstance(cards, list):
                continue
            for i, card in enumerate(cards):
                definition = card.get("card") if isinstance(card, dict) else None
                if isinstance(definition, dict):
                    base = ("players", player, zone, i, "card")
                    for kind in _ABILITY_LISTS:
                        for k, ability in _listed(definition.get(kind)):
                            yield from _in_ability(ability, base + (kind, k))
    for k, effect in _listed(data.get("replacement_effects")):
        yield from _in_ability(effect, ("replacement_effects", k))
    effect = data.get("effect")
    if isinstance(effect, dict):
        for i, event in _listed(effect.get("events")):
            yield from _in_event(event, ("effect", "events", i))


def _listed(value: Any) -> Iterator[tuple[int, Any]]:
    if isinstance(value, list):
        yield from enumerate(value)


def _ids(mapping: Any) -> list | None:
    if not isinstance(mapping, dict) or "id" not in mapping:
        return None
    ids = mapping["id"]
    return ids if isinstance(ids, list) else [ids]


def _in_ability(ability: Any, place: Place) -> Iterator[tuple[Place, list, str | None]]:
    if not isinstance(ability, dict):
        return
    for key in ("watch", "forbid"):
        watched = ability.get(key)
        if isinstance(watched, dict) and (ids := _ids(watched.get("card"))) is not None:
            yield place + (key, "card"), ids, None
    if (ids := _ids(ability.get("granted_to"))) is not None:
        yield place + ("granted_to",), ids, None
    for j, condition in _listed(ability.get("if")):
        if (ids := _ids(condition)) is not None:
            yield place + ("if", j), ids, condition.get("zone")
    for j, action in _listed(ability.get("instead")):
        if not isinstance(action, dict) or len(action) != 1:
            continue
        key, arg = next(iter(action.items()))
        if (ids := _ids(arg)) is None:
            continue
        if key == "choose":
            zone = arg.get("from")
            yield (
                place + ("instead", j, key),
                ids,
                zone if zone not in ("under_this", "crossed_to_this", "under_watched", "crossed_to_watched") else None,
            )
        elif key in NAMED_CHOICES:
            yield place + ("instead", j, key), ids, NAMED_CHOICES[key][0]
        else:
            yield place + ("instead", j, key), ids, None


def _in_event(event: Any, place: Place) -> Iterator[tuple[Place, list, str | None]]:
    if not isinstance(event, dict):
        return
    kind: Any = event.get("kind")  # as written: any YAML value
    for key, value in event.items():
        if not isinstance(value, dict):
            continue
        for word in ("choose", "all"):
            spec = value.get(word)
            if isinstance(spec, dict) and (ids := _ids(spec)) is not None:
                zone = spec.get("from") or CHOICE_FROM.get(kind if key == "card" else key, "battle")
                yield place + (key, word), ids, zone
