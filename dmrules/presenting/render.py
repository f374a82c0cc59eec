"""Readable text for scenarios and resolutions."""

from __future__ import annotations

from ..reading.events import Event
from ..solving.outcome import EventInfo, Resolution, Solution
from ..reading.scenario import Scenario
from ..text import plural

ZONE_WORDS = {"battle": "battle zone", "hand": "hand", "mana": "mana zone", "graveyard": "graveyard",
              "shields": "shield zone", "deck": "deck", "hyperspatial": "hyperspatial zone", "pending": "pending"}


def card_label(scenario: Scenario, card_id: str | None) -> str:
    if card_id is None:
        return "-"
    card = scenario.cards.get(card_id)
    return card.label if card else card_id


def event_line(scenario: Scenario, event: Event | EventInfo) -> str:
    """``e1 destroy J1 (アビスベル＝ジャシン帝): battle → graveyard``."""
    parts = [event.id, event.kind]
    if event.kind == "battle":
        parts.append(" vs ".join(card_label(scenario, c) for c in event.cards))
    elif event.card is not None:
        parts.append(card_label(scenario, event.card))
    if event.player is not None and (event.card is None or event.kind == "draw"):
        parts.append(f"[{event.player}]")
    text = " ".join(parts)
    if event.from_zone and event.to_zone:
        text += f": {event.from_zone} → {event.to_zone}"
    return text


def scenario_header(scenario: Scenario) -> list[str]:
    lines = []
    title = scenario.title or scenario.path
    if scenario.ruling:
        title = f"{scenario.ruling}  {title}"
    lines.append(title)
    facts = [f"ruleset {scenario.ruleset}", f"turn player: {scenario.turn_player}"]
    if scenario.rules:
        facts.append("rules " + ", ".join(scenario.rules))
    lines.append("  " + " · ".join(facts))
    source = card_label(scenario, scenario.effect_source) if scenario.effect_source else "(no card)"
    lines.append(f"  effect: {scenario.effect_by} of {source}, controlled by {scenario.effect_controller}")
    for event in scenario.events:
        lines.append("    " + event_line(scenario, event))
    return lines


def _application_line(scenario: Scenario, app) -> str:
    ref = app.replacement
    who = ref.id + (f" ({ref.name})" if ref.name else "")
    text = f"{app.event} replaced by {who}, decided by {app.player}"
    if app.chosen:
        text += "; affected cards: " + ", ".join(card_label(scenario, c) for c in app.chosen)
    if app.void:
        text += " (the swap fails: neither this nor the swap happens, 701.26b)"
    return text


def resolution_lines(scenario: Scenario, number: int, resolution: Resolution) -> list[str]:
    lines = [f"Resolution {number}"]
    if resolution.multiplicity != 1:
        lines[0] += (f" (×{resolution.multiplicity:,}: the same with the interchangeable cards "
                     "in any other arrangement)")
    several = len(resolution.windows) > 1
    for window in resolution.windows:
        indent = "  "
        if several:
            lines.append(f"  window {window.index} ({window.label}):")
            indent = "    "
            chosen = [e for e in window.events if ":" in e.id and "/" not in e.id.split(":", 1)[1]]
            if window.index > 1 or chosen:
                for event in window.events:
                    lines.append(f"{indent}{event_line(scenario, event)}")
                if not window.events:
                    lines.append(f"{indent}no card chosen: nothing happens")
        if not window.applied:
            lines.append(f"{indent}no replacement applies")
        for app in window.applied:
            lines.append(indent + _application_line(scenario, app))
        for note in window.skipped:
            lines.append(f"{indent}{note}")
    moved = resolution.moved(scenario)
    if several:
        lines.append("  result:")
    for card_id, (old, new) in moved.items():
        lines.append(f"    {card_label(scenario, card_id)}: {old} → {new}")
    for card_id in resolution.flipped:
        lines.append(f"    {card_label(scenario, card_id)}: flipped")
    for player in resolution.lost:
        lines.append(f"    {player} loses the game")
    if not moved and not resolution.flipped and not resolution.lost:
        lines.append("    no card moves")
    if resolution.broken:
        lines.append("    broken: " + ", ".join(resolution.broken))
    for trigger in resolution.triggered:
        lines.append(f"    triggers: {card_label(scenario, trigger.card)} on {trigger.event}")
    if resolution.stopped:
        lines.append(f"    {resolution.stopped}")
    for rule, what in resolution.violations:
        lines.append(f"    breaks {rule}: {what}")
    return lines


def solution_text(scenario: Scenario, solution: Solution) -> str:
    lines = scenario_header(scenario)
    for number, resolution in enumerate(solution.resolutions, start=1):
        lines.append("")
        lines.extend(resolution_lines(scenario, number, resolution))
    lines.append("")
    n = len(solution.resolutions)
    total = f"{n} resolution{'s' if n != 1 else ''}, {solution.states} final state{'s' if solution.states != 1 else ''}"
    if solution.grouped:
        total = (f"{n} resolution{'s' if n != 1 else ''} up to interchangeable cards, standing for "
                 f"{plural(solution.total, 'resolution')}; {solution.states} final state{'s' if solution.states != 1 else ''}"
                 " up to interchangeable cards")
    if not solution.complete:
        total += f" (cut short by {solution.stopped_by}: there may be more)"
    lines.append(total)
    return "\n".join(lines) + "\n"
