"""The JSON output: `dmrules solve --json` and `--jsonl`, and the JSON form of every outcome type.

`--jsonl`: each line is one resolution, with the same fields as a resolution of
`--json`; the last line is a trailer:
``{"trailer": true, "schema": 1, "ruleset": ..., "counts": {...}, "complete": ..., "stopped_by": ...}``.

`--json`: one document, ``{"schema", "ruleset", "resolutions": [...], "counts", "complete", ...}``,
one resolution per line of its list.

Both are written as the resolutions are found and keep none, so memory stays flat however
many there are. The order is `solve`'s (window after window, each window's sorted by the
decisions, except in a window with more than 5,000 resolutions, which come in the order
clingo finds them, deterministic for a given input). Every option of `solve` applies (ruleset, limits,
grouping). One process, clingo's public API, no temporary file.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import IO

from ..api import stream
from ..checking.cause import Cause
from ..checking.explain import Violation, WhyNot, WhyStep
from ..checking.verify import VerifyResult
from ..game.outcome import Application, EventInfo, ReplacementRef, Resolution, Solution, Streamed, Trigger, Window
from ..game.scenario import Scenario

# The version of the JSON output's shape (``--json`` documents, ``--jsonl`` trailers).
SCHEMA = 1


class Batched:
    """Text written in batches (an unbuffered stream would otherwise take a system call per
    piece), and at least every tenth of a second, so that a reader sees it come."""

    def __init__(self, out: IO[str]):
        self.out = out
        self.pending: list[str] = []
        self.last = time.monotonic()

    def add(self, piece: str) -> None:
        self.pending.append(piece)
        if len(self.pending) >= 64 or time.monotonic() - self.last >= 0.1:
            self.flush()

    def flush(self) -> None:
        if self.pending:
            self.out.write("".join(self.pending))
            self.pending.clear()
        self.out.flush()
        self.last = time.monotonic()


class JsonDocument:
    """The ``--json`` document written piece by piece (``Batched``): ``schema`` and ``ruleset``,
    then ``resolutions``, one per line (indented, the resolution itself on one line), then the
    summary's fields."""

    def __init__(self, stream: IO[str], ruleset: str):
        self.dumps = json.JSONEncoder(ensure_ascii=False).encode
        self.written = 0
        self.out = Batched(stream)
        self.out.add(f'{{\n  "schema": {SCHEMA},\n  "ruleset": {self.dumps(ruleset)},\n  "resolutions": [')

    def add(self, resolution: Resolution) -> None:
        self.out.add(("\n    " if not self.written else ",\n    ") + self.dumps(resolution_json(resolution)))
        self.written += 1

    def close(self, summary: dict) -> None:
        tail = json.dumps(summary, ensure_ascii=False, indent=2)  # {\n  "counts": ...\n}
        self.out.add(("\n  ]," if self.written else "],") + tail[1:] + "\n")
        self.out.flush()


def replacement_json(ref: ReplacementRef) -> dict:
    return {
        "id": ref.id,
        "card": ref.card,
        "ability": ref.ability,
        "name": ref.name,
        "player": ref.player,
        "text": ref.text,
    }


def event_json(event: EventInfo) -> dict:
    out: dict = {"id": event.id, "kind": event.kind}
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


def application_json(app: Application) -> dict:
    out = {
        "event": app.event,
        "replacement": replacement_json(app.replacement),
        "player": app.player,
        "chosen": list(app.chosen),
        "window": app.window,
    }
    if app.void:
        out["void"] = True
    return out


def trigger_json(trigger: Trigger) -> dict:
    return {
        "card": trigger.card,
        "ability": trigger.ability,
        "name": trigger.name,
        "text": trigger.text,
        "event": trigger.event,
        "window": trigger.window,
    }


def window_json(window: Window) -> dict:
    out = {
        "window": window.index,
        "label": window.label,
        "kind": window.kind,
        "events": [event_json(e) for e in window.events],
        "applied": [application_json(a) for a in window.applied],
    }
    if window.skipped:
        out["skipped"] = list(window.skipped)
    return out


def resolution_json(resolution: Resolution) -> dict:
    out = {
        "applied": [application_json(a) for a in resolution.applied],
        "final": dict(resolution.final),
        "happened": [event_json(e) for e in resolution.happened],
        "replaced": [event_json(e) for e in resolution.replaced],
        "lost": list(resolution.lost),
        "flipped": list(resolution.flipped),
        "triggered": [trigger_json(t) for t in resolution.triggered],
        "trigger_counts": [{"card": c, "ability": a, "count": n} for c, a, n in resolution.trigger_counts],
        "broken": list(resolution.broken),
        "attempted": list(resolution.attempted),
        "windows": [window_json(w) for w in resolution.windows],
        "order": resolution.order,
    }
    if resolution.untapped:
        out["untapped"] = list(resolution.untapped)
    if resolution.tapped:
        out["tapped"] = list(resolution.tapped)
    if resolution.stopped:
        out["stopped"] = resolution.stopped
    if resolution.multiplicity != 1:
        out["multiplicity"] = resolution.multiplicity
    if resolution.violations:
        out["violations"] = [{"rule": r, "what": w} for r, w in resolution.violations]
    return out


def summary_json(streamed: Streamed) -> dict:
    """The fields of a ``--json`` document after its resolutions."""
    out = {"counts": {"resolutions": streamed.total, "states": streamed.states}, "complete": streamed.complete}
    if streamed.stopped_by:
        out["stopped_by"] = streamed.stopped_by
    if streamed.grouped:
        out["counts"]["grouped"] = streamed.resolutions
        out["grouped"] = True
        if streamed.units_folded:
            out["grouped_units"] = True
    return out


def trailer_json(streamed: Streamed) -> dict:
    return {"trailer": True, "schema": SCHEMA, "ruleset": streamed.ruleset, **summary_json(streamed)}


def solution_json(solution: Solution) -> dict:
    return {
        "schema": SCHEMA,
        "ruleset": solution.ruleset,
        "resolutions": [resolution_json(r) for r in solution.resolutions],
        **summary_json(solution.counted()),
    }


def write_solution_json(solution: Solution, stream: IO[str]) -> None:
    """``solution_json(solution)``, as the JSON document ``--json`` writes (``JsonDocument``)."""
    document = JsonDocument(stream, solution.ruleset)
    for resolution in solution.resolutions:
        document.add(resolution)
    document.close(summary_json(solution.counted()))


def stream_batched(scenario: Scenario, batched: Batched, emit: Callable[[Resolution], None], **limits) -> Streamed:
    """``api.stream`` with ``emit`` writing to ``batched``, flushed at the end however it ends."""
    try:
        return stream(scenario, emit, **limits)
    finally:
        batched.flush()


def stream_jsonl(
    scenario: Scenario,
    out: IO[str],
    *,
    max_resolutions: int | None = None,
    timeout: float | None = None,
    max_windows: int | None = None,
    group: bool = False,
) -> Streamed:
    """Write every resolution of ``scenario`` as a JSON line, then the trailer; return the counts."""
    dumps = json.JSONEncoder(ensure_ascii=False).encode
    batched = Batched(out)
    streamed = stream_batched(
        scenario,
        batched,
        lambda r: batched.add(dumps(resolution_json(r)) + "\n"),
        max_resolutions=max_resolutions,
        timeout=timeout,
        max_windows=max_windows,
        group=group,
    )
    out.write(dumps(trailer_json(streamed)) + "\n")
    return streamed


def stream_json(
    scenario: Scenario,
    out: IO[str],
    *,
    max_resolutions: int | None = None,
    timeout: float | None = None,
    max_windows: int | None = None,
    group: bool = False,
) -> Streamed:
    """Write the ``--json`` document of ``scenario``, each resolution as it is found; return the counts."""
    document = JsonDocument(out, scenario.ruleset)
    streamed = stream_batched(
        scenario,
        document.out,
        document.add,
        max_resolutions=max_resolutions,
        timeout=timeout,
        max_windows=max_windows,
        group=group,
    )
    document.close(summary_json(streamed))
    return streamed


def violation_json(violation: Violation) -> dict:
    return {
        "rule": violation.rule,
        "heading": violation.heading,
        "paraphrase": violation.paraphrase,
        "violation": violation.kind,
        "text": violation.text,
        "cards": violation.cards,
        "events": violation.events,
    }


def why_not_json(result: WhyNot) -> dict:
    out: dict = {"expect": [c.text() for c in result.conditions], "legal": result.legal is not None}
    if result.window:
        out["window"] = result.window
    if result.elsewhere:
        out["no_single_window"] = True
    if result.legal is not None:
        out["resolution"] = resolution_json(result.legal)
    if result.impossible:
        out["impossible"] = [c.text() for c in result.impossible]
    if result.options:
        out["violations"] = [violation_json(v) for v in result.options[0][1]]
        out["rules"] = sorted({v.rule for v in result.options[0][1]})
        out["alternatives"] = [
            {"resolution": resolution_json(r), "violations": [violation_json(v) for v in vs]}
            for r, vs in result.options[1:]
        ]
    return out


def why_step_json(step: WhyStep) -> dict:
    return {
        "window": step.window,
        "window_label": step.window_label,
        "event": step.event,
        "replacement": step.replacement,
        "player": step.player,
        "rank": step.rank,
        "applied": step.applied,
        "chosen": list(step.chosen),
        "kind": step.kind,
        "reason": step.reason,
        "violations": [violation_json(v) for v in step.violations],
    }


def verify_json(result: VerifyResult) -> dict:
    return {
        "path": result.path,
        "status": result.status,
        "ruling": result.ruling,
        "rules": list(result.rules),
        "resolutions": result.resolutions,
        "problems": result.problems,
    }


def cause_json(cause: Cause) -> dict:
    out = {"kind": cause.kind, "text": cause.text()}
    for key in ("player", "zone", "card", "detail"):
        if getattr(cause, key) is not None:
            out[key] = getattr(cause, key)
    if cause.kind in ("add", "remove"):
        out.update(count=cause.count, have=cause.have)
    return out
