"""The compact form of a solution (the JSON output's schema 2, docs/json.md): what is shared
once, and each resolution as only what differs.

Shared, once: the cards with their zones at the start (``cards``), the replacement abilities
and triggered abilities with their printed text (``replacements``, ``triggers``), and each
window met, with its events (``window_definition``), named ``w1``, ``w2``, ... in the order
first met. A resolution is then a plain dict of JSON values (``compact_resolution``): the
windows it went through, the decisions (``applied``: window number, event, replacement, the
chosen cards), the final zones that differ from the start, and what else happened (lost
players, triggers, broken shields, ...), each key only when it has something.

solving/brief.py builds the same dicts from the solver's atoms directly, for a window that
ends every resolution it has (tests/test_schema.py holds the two to each other).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .outcome import EventInfo, ReplacementRef, Resolution, Trigger, Window
from .scenario import Scenario

SCHEMA = 2


def replacement_id(card_id: str, index: int, abilities: int) -> str:
    """``J1`` for a card's only ability of its kind, ``J1#2`` for its second one."""
    return card_id if abilities == 1 else f"{card_id}#{index}"


def cards_table(scenario: Scenario) -> dict[str, dict[str, Any]]:
    """Every card at the start: its name (if it has one), zone, owner and controller."""
    out: dict[str, dict[str, Any]] = {}
    for card_id, card in scenario.cards.items():
        entry: dict[str, Any] = {"zone": card.zone, "owner": card.owner}
        if card.name is not None:
            entry["name"] = card.name
        if card.controller != card.owner:
            entry["controller"] = card.controller
        out[card_id] = entry
    return out


def replacements_table(scenario: Scenario) -> dict[str, dict[str, Any]]:
    """Every replacement ability of the cards, and every replacement effect in play, by id."""
    out: dict[str, dict[str, Any]] = {}
    for card_id, card in scenario.cards.items():
        for index, ability in enumerate(card.replacements, start=1):
            out[replacement_id(card_id, index, len(card.replacements))] = _ability(
                card_id, index, card.name, card.controller, ability.text
            )
    for effect in scenario.effects:
        source = scenario.cards.get(effect.source) if effect.source else None
        out[effect.id] = _ability(
            effect.source, 0, source.name if source else None, effect.controller, effect.ability.text
        )
    return out


def triggers_table(scenario: Scenario) -> dict[str, dict[str, Any]]:
    """Every triggered ability of the cards, by id (as replacements are named)."""
    out: dict[str, dict[str, Any]] = {}
    for card_id, card in scenario.cards.items():
        for index, ability in enumerate(card.triggers, start=1):
            out[replacement_id(card_id, index, len(card.triggers))] = _ability(
                card_id, index, card.name, card.controller, ability.text
            )
    return out


def _ability(card: str | None, index: int, name: str | None, player: str, text: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {"player": player}
    if card is not None:
        out["card"] = card
        out["ability"] = index
    for key, value in (("name", name), ("text", text)):
        if value is not None:
            out[key] = value
    return out


def header(scenario: Scenario) -> dict[str, Any]:
    """What every resolution of ``scenario`` shares: the schema, the ruleset and the tables."""
    return {
        "schema": SCHEMA,
        "ruleset": scenario.ruleset,
        "cards": cards_table(scenario),
        "replacements": replacements_table(scenario),
        "triggers": triggers_table(scenario),
    }


def event_json(event: EventInfo) -> dict[str, Any]:
    """An event as JSON: its id and kind, and each of its other fields that it has."""
    out: dict[str, Any] = {"id": event.id, "kind": event.kind}
    if len(event.cards) == 1:
        out["card"] = event.cards[0]
    elif event.cards:
        out["cards"] = list(event.cards)
    for key, value in (
        ("player", event.player),
        ("from", event.from_zone),
        ("to", event.to_zone),
        ("source", event.source),
        ("instead_of", event.instead_of),
        ("by", event.made_by),
        ("chosen_by", event.chosen_by),
        ("position", event.position),
    ):
        if value is not None:
            out[key] = value
    return out


def window_definition(window: Window, templates: frozenset[str] = frozenset()) -> dict[str, Any]:
    """What a window is whatever was decided in it: its label, kind and events (those the
    effect's choices made, ``T:card``, are the resolution's ``targets``), what was skipped."""
    out: dict[str, Any] = {
        "label": window.label,
        "kind": window.kind,
        "events": [event_json(e) for e in window.events if not _chosen(e, templates)],
    }
    if window.skipped:
        out["skipped"] = list(window.skipped)
    return out


def first_window_definition(scenario: Scenario) -> dict[str, Any]:
    """The definition of the effect's first window, from the scenario alone (as the solver's
    first window has it: solving/decode.py)."""
    out: dict[str, Any] = {
        "label": "effect",
        "kind": "effect",
        "events": [event_json(EventInfo.given(e)) for e in scenario.events],
    }
    if scenario.first_notes:
        out["skipped"] = list(scenario.first_notes)
    return out


def _chosen(event: EventInfo, templates: frozenset[str]) -> bool:
    return ":" in event.id and event.id.split(":", 1)[0] in templates


def application_item(
    app_window: int, event: str, ref: ReplacementRef, chosen: tuple[str, ...], void: bool
) -> list[Any]:
    item: list[Any] = [app_window, event, ref.id, list(chosen)]
    if void:
        item.append(True)
    return item


def trigger_item(trigger: Trigger, ids: dict[tuple[str, int], str]) -> list[Any]:
    item: list[Any] = [trigger.window, ids.get((trigger.card, trigger.ability), trigger.card), trigger.event]
    return item + [trigger.times] if trigger.times != 1 else item


def compact_resolution(
    resolution: Resolution, scenario: Scenario, window_id: Callable[[Window], str]
) -> dict[str, Any]:
    """A resolution as only what differs: see the module's text and docs/json.md."""
    start = scenario.cards
    final = {c: z for c, z in resolution.final.items() if c not in start or start[c].zone != z}
    out: dict[str, Any] = {
        "windows": [window_id(w) for w in resolution.windows],
        "applied": [application_item(a.window, a.event, a.replacement, a.chosen, a.void) for a in resolution.applied],
        "final": final,
    }
    templates = _template_ids(scenario, resolution)
    targets = [
        [w.index, e.id.split(":", 1)[0], e.cards[0]] + ([e.chosen_by] if e.chosen_by else [])
        for w in resolution.windows
        for e in w.events
        if _chosen(e, templates) and e.cards
    ]
    if targets:
        out["targets"] = targets
    _extras(out, resolution, scenario)
    return out


def _template_ids(scenario: Scenario, resolution: Resolution) -> frozenset[str]:
    ids = {t.id for t in scenario.templates}
    for window in resolution.windows:
        if window.state is not None:
            ids.update(t.id for t in window.state.templates)
    return frozenset(ids)


def _extras(out: dict[str, Any], resolution: Resolution, scenario: Scenario) -> None:
    if resolution.lost:
        out["lost"] = list(resolution.lost)
    if resolution.triggered or resolution.untriggered:
        ids = {
            (card_id, index): replacement_id(card_id, index, len(card.triggers))
            for card_id, card in scenario.cards.items()
            for index in range(1, len(card.triggers) + 1)
        }
        if resolution.triggered:
            out["triggered"] = [trigger_item(t, ids) for t in resolution.triggered]
        if resolution.untriggered:
            out["untriggered"] = [trigger_item(t, ids)[:3] for t in resolution.untriggered]
    for key, values in (
        ("broken", resolution.broken),
        ("flipped", resolution.flipped),
        ("tapped", resolution.tapped),
        ("untapped", resolution.untapped),
        ("face_up", resolution.face_up),
        ("face_down", resolution.face_down),
    ):
        if values:
            out[key] = list(values)
    under = resolution.put_under(scenario)
    if under:
        out["under"] = under
    if resolution.stopped:
        out["stopped"] = resolution.stopped
    if resolution.multiplicity != 1:
        out["multiplicity"] = resolution.multiplicity
    if resolution.violations:
        out["violations"] = [[r, w] for r, w in resolution.violations]


class WindowTable:
    """The windows met, each named once (``w1``, ``w2``, ...) by what it is; ``new`` holds the
    definitions not handed out yet (a ``--jsonl`` stream writes each before its first use)."""

    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.ids: dict[Any, str] = {}
        self.definitions: dict[str, dict[str, Any]] = {}
        self.new: list[str] = []
        self._templates = frozenset(t.id for t in scenario.templates)

    def name(self, definition: dict[str, Any], key: Any) -> str:
        found = self.ids.get(key)
        if found is None:
            found = self.ids[key] = f"w{len(self.ids) + 1}"
            self.definitions[found] = definition
            self.new.append(found)
        return found

    def of(self, window: Window) -> str:
        templates = self._templates
        if window.state is not None and window.state.templates:
            templates = templates | {t.id for t in window.state.templates}
        definition = window_definition(window, templates)
        return self.name(definition, _frozen(definition))

    def take_new(self) -> list[tuple[str, dict[str, Any]]]:
        out = [(name, self.definitions[name]) for name in self.new]
        self.new.clear()
        return out


def _frozen(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple((k, _frozen(v)) for k, v in value.items())
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value
