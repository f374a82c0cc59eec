"""Explanations in words: why an outcome is illegal (why-not), how a resolution is legal (why)."""

from __future__ import annotations

from ..checking.explain import RANK_WORDS, WhyNot, WhyStep, rule_catalogue
from ..game.outcome import Resolution
from ..game.scenario import Scenario
from .render import event_line, resolution_lines
from .safe import visible


def why_not_text(scenario: Scenario, result: WhyNot, causes=()) -> str:
    """Why-not in words; ``causes`` (``checking.cause``) are the smallest changes of the situation
    that would make the outcome legal."""
    wanted = ", ".join(c.text() for c in result.conditions)
    lines = []
    if result.legal is not None:
        lines.append(f"A legal resolution has {wanted}:")
        lines.extend(resolution_lines(scenario, 1, result.legal)[1:])
        return visible("\n".join(lines), lines=True) + "\n"
    if result.elsewhere:
        lines.append(
            f"No legal resolution has {wanted}, although no single window forbids its part: "
            "the windows' legal outcomes never combine into it."
        )
        lines.extend(cause_lines(causes))
        return visible("\n".join(lines), lines=True) + "\n"
    if result.impossible:
        lines.append(
            f"No outcome at all, legal or not, has {', '.join(c.text() for c in result.impossible)}: "
            "nothing in the situation can bring it about."
        )
        lines.extend(cause_lines(causes))
        return visible("\n".join(lines), lines=True) + "\n"
    lines.append(f"No legal resolution has {wanted}.")
    if result.window:
        lines.append(f"In {result.window}:")
    best = result.options[0][1]
    rules = sorted({v.rule for v in best})
    lines.append(
        f"The closest outcomes break {len(rules)} rule{'s' if len(rules) != 1 else ''} "
        f"({len(best)} violation{'s' if len(best) != 1 else ''}):"
    )
    for rule in rules:
        entry = rule_catalogue().get(rule, {})
        lines.append(f"  {rule}  {entry.get('paraphrase', '')}  ({entry.get('heading', '')})")
        for v in best:
            if v.rule == rule:
                lines.append(f"        {v.text}")
    if len(result.options) > 1:
        lines.append(
            f"  ({len(result.options) - 1} other way{'s' if len(result.options) > 2 else ''} "
            "to get there break as many rules; --json lists them)"
        )
    lines.extend(cause_lines(causes))
    return visible("\n".join(lines), lines=True) + "\n"


def cause_lines(causes) -> list[str]:
    if not causes:
        return []
    return ["The smallest change of the situation that makes it legal:"] + [f"  {c.text()}" for c in causes]


def why_text(scenario: Scenario, number: int, resolution: Resolution, steps: list[WhyStep]) -> str:
    """A resolution replayed in decision order: window by window, rank by rank (609.8a, 609.8, 609.9a)."""
    chained = scenario.ruleset == "sequential"
    lines = [
        f"Resolution {number}: how it is legal, in decision order (609.9a: the spell's own movement "
        "first, then the turn player, then the non-turn player; then everything applies at once)"
        if not chained
        else f"Resolution {number}: how it is legal (D0-6: the replacements apply one after another, each to what "
        "the one before made)"
    ]
    several = len(resolution.windows) > 1
    for window in resolution.windows:
        state = window.state if window.state is not None else scenario
        events = {e.id: e for e in (*window.events, *window.happened, *window.replaced)}
        mine_here = [s for s in steps if s.window == window.index]
        indent = "  " if several else ""
        if several:
            lines.append(f"Window {window.index} ({window.label}):")
        ranks = [0, 1, 2] if any(s.rank == 0 for s in mine_here) else [1, 2]
        for position, rank in enumerate(ranks if not chained else [r for r in ranks if r < 2]):
            who = RANK_WORDS[rank] if not (chained and rank) else "the replacements, in turn (D0-6)"
            if rank and not chained:
                who += f" ({state.turn_player if rank == 1 else state.opponent(state.turn_player)})"
            lines.append(f"{indent}{'First' if position == 0 else 'Then'}, {who}:")
            mine = [s for s in mine_here if s.rank == rank]
            if not mine:
                lines.append(f"{indent}    no replacement of theirs watches an event of the window")
            for step in mine:
                ev = events.get(step.event)
                lines.append(f"{indent}  " + (event_line(state, ev) if ev else step.event))
                if step.applied:
                    chosen = f"; affected cards: {', '.join(step.chosen)}" if step.chosen else ""
                    lines.append(f"{indent}    applies {step.replacement}{chosen}")
                elif step.violations:
                    ways = " (each way to apply it breaks a rule; those that break the fewest break)" * bool(
                        step.alternatives
                    )
                    lines.append(f"{indent}    not {step.replacement}: blocked when its player decided{ways}:")
                    lines.extend(f"{indent}      {v.rule}: {v.text}" for v in step.violations)
                    for way in step.alternatives:
                        lines.extend(
                            f"{indent}      {'or ' if i == 0 else ''}{v.rule}: {v.text}" for i, v in enumerate(way)
                        )
                else:
                    lines.append(f"{indent}    not {step.replacement}: {step.reason}")
    if scenario.ruleset == "dmps":
        lines.append(
            "Then the replacements apply one after another in board order, each seeing the last one's result (DMPS-2):"
        )
    elif not chained:
        lines.append("Then everything is applied at once (609.9):")
    lines.extend(resolution_lines(scenario, number, resolution)[1:])
    return visible("\n".join(lines), lines=True) + "\n"
