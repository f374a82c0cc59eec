"""Readable text for scenarios and resolutions.

Events are told in words with the cards' names (``J1 (アビスベル＝ジャシン帝) is
destroyed: battle zone → graveyard [e1]``); internal ids come last, in
brackets. The text output, the HTML report and ``why`` use these functions.
"""

from __future__ import annotations

from typing import IO

from ..game.errors import DmrulesError, InputError
from ..game.events import Event
from ..game.outcome import EventInfo, Resolution, Solution, Streamed, Trigger, Window
from ..game.scenario import Scenario
from ..game.vocabulary import HAPPENS_WORDS, ZONE_WORDS
from ..text import plural
from .json import Batched, stream_batched
from .safe import visible


def card_label(scenario: Scenario, card_id: str | None) -> str:
    if card_id is None:
        return "-"
    card = scenario.cards.get(card_id)
    return visible(card.label if card else card_id)


def _cards(scenario: Scenario, ids) -> str:
    labels = [card_label(scenario, c) for c in ids]
    if len(labels) <= 2:
        return " and ".join(labels)
    return ", ".join(labels[:-1]) + " and " + labels[-1]


def _owner(scenario: Scenario, card_id: str) -> str | None:
    card = scenario.cards.get(card_id)
    return card.owner if card else None


def event_words(scenario: Scenario, event: Event | EventInfo) -> str:
    """What the event does, in words, without its id."""
    kind = event.kind
    if kind == "break" and (getattr(event, "is_group", False) or len(event.cards) > 1):
        owners = {_owner(scenario, c) for c in event.cards}
        whose = f" of {owners.pop()}" if len(owners) == 1 and None not in owners else ""
        return f"breaks shields {', '.join(event.cards)}{whose} at once"
    if kind == "discard" and (getattr(event, "is_group", False) or len(event.cards) > 1):
        return f"{_cards(scenario, event.cards)} are discarded at once"
    if kind == "draw" and not event.cards:
        return f"{event.player or 'a player'} draws a card"
    if kind == "reveal":
        count = getattr(event, "amount", None) or next((e.amount for e in scenario.events if e.id == event.id), None)
        what = {None: "cards from the top", 1: "the top card"}.get(count, f"the top {count} cards")
        return f"{event.player or 'a player'} reveals {what} of the deck"
    template = HAPPENS_WORDS.get(kind)
    if kind == "move" and event.to_zone:
        template = "{c} is put into the " + ZONE_WORDS.get(event.to_zone, event.to_zone)
    cards = _cards(scenario, event.cards) if event.cards else ""
    if template is None:
        text = f"{kind.replace('_', ' ')} {cards}".strip()
        if event.player is not None and not event.cards:
            text += f" ({event.player})"
    else:
        text = template.format(c=cards or "a card", p=event.player or "a player")
    if kind == "break" and event.cards:
        owner = _owner(scenario, event.cards[0])
        if owner:
            text = f"{text} (a shield of {owner})"
    return text


def zones_text(event: Event | EventInfo) -> str:
    if event.from_zone and event.to_zone:
        return f"{ZONE_WORDS.get(event.from_zone, event.from_zone)} → {ZONE_WORDS.get(event.to_zone, event.to_zone)}"
    return ""


def event_line(scenario: Scenario, event: Event | EventInfo) -> str:
    """``J1 (アビスベル＝ジャシン帝) is destroyed: battle zone → graveyard [e1]``."""
    text = event_words(scenario, event)
    zones = zones_text(event)
    if zones:
        text += f": {zones}"
    return f"{text} [{event.id}]"


def event_label(scenario: Scenario, event_id: str, events=()) -> str:
    """An event named by its id, in words when it is known: ``the destruction of ...``."""
    for event in events:
        if event.id == event_id:
            return f"{event_words(scenario, event)} [{event_id}]"
    for event in scenario.events:
        if event.id == event_id:
            return f"{event_words(scenario, event)} [{event_id}]"
    return f"[{event_id}]"


def window_title(scenario: Scenario, window: Window) -> str:
    """What opened a window, in words: ``what follows BK (斬隠蒼頭龍バイケン)'s replacement [e1/BK.then1]``."""
    if window.kind == "effect":
        words = "the effect" if window.label == "effect" else "the effect's next step"
    elif window.kind == "follow-up":
        event, _, rest = window.label.rpartition("/")
        source = rest.split(".then", 1)[0]
        words = f"what follows the replacement by {card_label(scenario, source)}"
        if event:
            words += f" of {event}"
    elif window.kind == "battle":
        words = "the result of the battle"
    elif window.kind == "state":
        words = "the state-based checks"
    else:
        words = window.kind
    return words if window.label == "effect" else f"{words} [{window.label}]"


def trigger_line(scenario: Scenario, trigger: Trigger, events=()) -> str:
    """``BL (墓守の鐘ベルリン) triggers when PW (貝獣 パウアー) is discarded [e1/RK.2:PW]``."""
    twice = " twice" if trigger.times == 2 else ""
    line = f"{card_label(scenario, trigger.card)} triggers{twice} when {event_label(scenario, trigger.event, events)}"
    return line + _changed_by(scenario, trigger)


def untrigger_line(scenario: Scenario, trigger: Trigger, events=()) -> str:
    """``AH (アクア・ハルカス) does not trigger when AH (…) is put into the battle zone [e1], as BR (…) has it``."""
    event = event_label(scenario, trigger.event, events)
    return f"{card_label(scenario, trigger.card)} does not trigger when {event}" + _changed_by(scenario, trigger)


def _changed_by(scenario: Scenario, trigger: Trigger) -> str:
    return f", as {replacement_label(scenario, trigger.changed_by)} has it" if trigger.changed_by else ""


def broken_line(scenario: Scenario, shields) -> str:
    owners = {_owner(scenario, s) for s in shields}
    whose = f" of {owners.pop()}" if len(owners) == 1 and None not in owners else ""
    return f"broken shields{whose}: {', '.join(card_label(scenario, s) for s in shields)}"


def journeys(scenario: Scenario, resolution: Resolution) -> dict[str, list[str]]:
    """Cards that went somewhere, window by window: id → zones from the start to the end
    (``[hand, battle, hand]`` for a card that entered and came back)."""
    out = {}
    for card_id, card in scenario.cards.items():
        path = [card.zone]
        for window in resolution.windows:
            zone = window.final.get(card_id, path[-1])
            if zone != path[-1]:
                path.append(zone)
        if len(path) > 1:
            out[card_id] = path
    return out


def journey_text(path) -> str:
    return " → ".join(ZONE_WORDS.get(z, z) for z in path)


def scenario_header(scenario: Scenario) -> list[str]:
    lines = []
    title = scenario.about.title or scenario.path
    if scenario.about.ruling:
        title = f"{scenario.about.ruling}  {title}"
    lines.append(visible(title))
    facts = [f"ruleset {scenario.ruleset}", f"turn player: {scenario.turn_player}"]
    if scenario.about.rules:
        facts.append("rules " + ", ".join(scenario.about.rules))
    lines.append("  " + " · ".join(facts))
    if scenario.happened_this_turn:  # what the conditions 「このターン、…ていれば」 count
        past = [
            f"{card_label(scenario, e.card)} {e.kind} ({journey_text([e.from_zone or 'any zone', e.to_zone])})"
            for e in scenario.happened_this_turn
        ]
        lines.append("  earlier this turn: " + "; ".join(past))
    source = card_label(scenario, scenario.program.source) if scenario.program.source else "(no card)"
    lines.append(f"  effect: {scenario.program.by} of {source}, controlled by {scenario.program.controller}")
    for event in scenario.events:
        lines.append("    " + event_line(scenario, event))
    return lines


def replacement_label(scenario: Scenario, ref) -> str:
    """The replacement's card (``J1 (アビスベル＝ジャシン帝)``), or the effect in play by its id."""
    if ref.card and ref.card in scenario.cards:
        label = card_label(scenario, ref.card)
        return label + (f" (ability {ref.ability})" if ref.ability > 1 else "")
    return f"the effect {ref.id}" + (f" ({visible(ref.name)})" if ref.name else "")


def application_line(scenario: Scenario, app, events=()) -> str:
    """``J1 (…) is destroyed [e1]: replaced by J1 (…), decided by me; affected cards: h1, h2``."""
    text = (
        f"{event_label(scenario, app.event, events)}: replaced by {replacement_label(scenario, app.replacement)}, "
        f"decided by {app.player}"
    )
    if app.chosen:
        text += "; affected cards: " + ", ".join(card_label(scenario, c) for c in app.chosen)
    if app.void:
        text += " (the swap fails: neither this nor the swap happens, 701.26b)"
    return text


def resolution_lines(scenario: Scenario, number: int, resolution: Resolution) -> list[str]:
    lines = [f"Resolution {number}{_multiplicity_words(resolution)}"]
    several = len(resolution.windows) > 1
    for window in resolution.windows:
        lines += _window_lines(scenario, window, several)
    if several:
        lines.append("  result:")
    return lines + _result_lines(scenario, resolution)


def _multiplicity_words(resolution: Resolution) -> str:
    """How many arrangements of interchangeable cards (and units) the resolution stands for."""
    if resolution.multiplicity != 1 and resolution.units_folded:
        return (
            f" (×{resolution.multiplicity:,}: the same with the interchangeable cards and units in any "
            f"other arrangement; units: {', '.join(resolution.units_folded)}, alike, each with alike events "
            "of its own)"
        )
    if resolution.multiplicity != 1:
        return f" (×{resolution.multiplicity:,}: the same with the interchangeable cards in any other arrangement)"
    return ""


def _window_lines(scenario: Scenario, window: Window, several: bool) -> list[str]:
    """One window: its title and events when there are several, then what applies in it."""
    lines: list[str] = []
    indent = "  "
    if several:
        lines.append(f"  window {window.index}: {window_title(scenario, window)}")
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
        lines.append(indent + application_line(scenario, app, (*window.events, *window.happened, *window.replaced)))
        # What happens instead without moving a card (a card revealed instead) is not in the result.
        for made in window.happened:
            if made.instead_of == app.event and made.kind == "reveal_card":
                lines.append(f"{indent}  instead: {event_words(scenario, made)}")
    for note in window.skipped:
        lines.append(f"{indent}{note}")
    return lines


def _result_lines(scenario: Scenario, resolution: Resolution) -> list[str]:
    """The final board: where each card went, flipped, tapped, lost, broken, triggered, stopped."""
    lines: list[str] = []
    moved = resolution.moved(scenario)
    paths = journeys(scenario, resolution)
    put_under = resolution.put_under(scenario)
    for card_id, path in paths.items():
        back = " (back where it was)" if card_id not in moved else ""
        if card_id in put_under:
            back += f", under {card_label(scenario, put_under[card_id])}"
        lines.append(f"    {card_label(scenario, card_id)}: {journey_text(path)}{back}")
    for event in resolution.happened:  # a card of a deck put into it again: a place in it, not a zone
        if event.card and event.from_zone == "deck" and event.to_zone == "deck" and event.card not in paths:
            lines.append(f"    {card_label(scenario, event.card)}: deck → deck ({event.position or 'bottom'})")
    for card_id, host in put_under.items():  # a card that stays where it is, with a card put on top of it
        if card_id not in paths:
            lines.append(f"    {card_label(scenario, card_id)}: now under {card_label(scenario, host)}")
    for card_id in resolution.flipped:
        lines.append(f"    {card_label(scenario, card_id)}: flipped")
    for card_id in resolution.untapped:
        lines.append(f"    {card_label(scenario, card_id)}: untapped")
    for card_id in resolution.tapped:
        lines.append(f"    {card_label(scenario, card_id)}: tapped")
    for card_id in resolution.face_up:
        lines.append(f"    {card_label(scenario, card_id)}: face up")
    for card_id in resolution.face_down:
        lines.append(f"    {card_label(scenario, card_id)}: face down")
    for player in resolution.lost:
        lines.append(f"    {player} loses the game")
    if (
        not paths
        and not any(e.from_zone == e.to_zone == "deck" for e in resolution.happened)
        and not resolution.flipped
        and not resolution.lost
        and not resolution.untapped
        and not resolution.tapped
        and not resolution.face_up
        and not resolution.face_down
    ):
        lines.append("    no card moves")
    if resolution.broken:
        lines.append("    " + broken_line(scenario, resolution.broken))
    events = (*resolution.happened, *resolution.replaced)
    for trigger in resolution.triggered:
        lines.append("    " + trigger_line(scenario, trigger, events))
    for trigger in resolution.untriggered:
        lines.append("    " + untrigger_line(scenario, trigger, events))
    for card, ability, n in resolution.trigger_counts:
        which = f" (ability {ability})" if ability > 1 else ""
        lines.append(f"    {card_label(scenario, card)}{which} triggers {n} time{'s' if n != 1 else ''}")
    if resolution.stopped:
        lines.append(f"    {resolution.stopped}")
    for rule, what in resolution.violations:
        lines.append(f"    breaks {rule}: {what}")
    return lines


def write_solution_text(scenario: Scenario, solution: Solution, out: IO[str]) -> None:
    out.write(solution_text(scenario, solution))


def solution_text(scenario: Scenario, solution: Solution) -> str:
    lines = scenario_header(scenario)
    for number, resolution in enumerate(solution.resolutions, start=1):
        lines.append("")
        lines.extend(resolution_lines(scenario, number, resolution))
    lines.append("")
    lines.append(
        total_line(
            len(solution.resolutions),
            solution.states,
            solution.total,
            solution.grouped,
            solution.folded,
            solution.stopped_by if not solution.complete else None,
        )
    )
    return visible("\n".join(lines), lines=True) + "\n"


def total_line(n: int, states: int, total: int, grouped: bool, folded: str, stopped_by: str | None) -> str:
    """The last line of a solution: how many resolutions and final states, and what cut the list short."""
    line = f"{n} resolution{'s' if n != 1 else ''}, {states} final state{'s' if states != 1 else ''}"
    if grouped:
        line = (
            f"{n} resolution{'s' if n != 1 else ''} up to {folded}, standing for "
            f"{plural(total, 'resolution')}; {states} final state{'s' if states != 1 else ''} up to {folded}"
        )
    if stopped_by is not None:
        line += f" (cut short by {stopped_by}: there may be more)"
    return line


def stream_text(scenario: Scenario, out: IO[str], **limits) -> Streamed:
    """What ``solution_text`` writes, each resolution as it is found (``api.stream``:
    none is kept); ``limits`` are ``stream``'s. Returns the counts."""
    out.write(visible("\n".join(scenario_header(scenario)), lines=True))
    batched = Batched(out)
    count = [0]

    def emit(resolution: Resolution) -> None:
        count[0] += 1
        batched.add(visible("\n\n" + "\n".join(resolution_lines(scenario, count[0], resolution)), lines=True))

    try:
        streamed = stream_batched(scenario, batched, emit, **limits)
    except DmrulesError as error:  # what was written ends as whole lines; the error follows on standard error
        out.write("\n")
        if isinstance(error, InputError):  # a scenario refused as it was solved: the list written is not whole
            listed = "the resolutions above are not every legal one" if count[0] else "no resolution is listed"
            out.write(f"\nrefused: {listed}: {error.problem}\n")
            out.flush()
        raise
    out.write(
        "\n\n"
        + visible(
            total_line(
                streamed.resolutions,
                streamed.states,
                streamed.total,
                streamed.grouped,
                streamed.folded,
                None if streamed.complete else streamed.stopped_by,
            )
        )
        + "\n"
    )
    return streamed
