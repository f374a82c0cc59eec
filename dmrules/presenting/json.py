"""The JSON output: `dmrules solve --json` and `--jsonl` (schema 2, docs/json.md and the JSON
Schema beside this file, ``schema/solve.json``), and the JSON form of every outcome type.

Schema 2 is compact and normalised (game/compact.py): what every resolution shares is written
once (the cards, the replacement and triggered abilities with their text, each window with its
events), and each resolution is only what differs: the windows it went through, the decisions,
the final zones that differ from the start, and what else happened.

`--jsonl`: a header line (``"header": true``: the schema, the ruleset, the tables), a line
defining each window (``"window": "w1"``) before the first resolution that names it, one line
per resolution (``"windows": [...]``), and a trailer line (``"trailer": true``, the counts).

`--json`: one document, the header's fields, then ``resolutions`` (one per line), then
``windows`` (the definitions of those named), the counts and whether the list is complete.

Both are written as the resolutions are found and keep none (the ``--json`` document keeps the
window definitions, one per window met), so memory stays flat however many there are. They come
in the order clingo finds them (deterministic for a given input); ``--sort`` gives `solve`'s.
Lines are encoded by orjson, each from dicts whose parts are built once per atom of the solver
(solving/brief.py) or per resolution object.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any

import orjson

from ..api import stream, stream_compact
from ..checking.cause import Cause
from ..checking.explain import Violation, WhyNot, WhyStep
from ..checking.verify import VerifyResult
from ..game import compact
from ..game.compact import SCHEMA, event_json
from ..game.errors import InputError
from ..game.outcome import Application, ReplacementRef, Resolution, Solution, Streamed, Trigger, Window
from ..game.scenario import Scenario

if TYPE_CHECKING:  # only named here: `solve --json` need not load the checking floor
    from ..checking.explain import Violation, WhyNot, WhyStep
    from ..checking.verify import VerifyResult

LINE = orjson.OPT_APPEND_NEWLINE


def dumps(value: Any, option: int = 0) -> bytes:
    """``value`` as compact UTF-8 JSON: by orjson, or, for an integer beyond 64 bits (a grouped
    count), by the standard library."""
    try:
        return orjson.dumps(value, option=option)
    except TypeError:
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        return (text + "\n" if option & LINE else text).encode("utf-8")


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


class Bytes:
    """UTF-8 bytes written in batches to a text stream's binary buffer (decoded into one that has
    none), and at least every tenth of a second."""

    def __init__(self, out: IO[str]):
        out.flush()
        self.out = out
        self.raw = getattr(out, "buffer", None)
        self.pending: list[bytes] = []
        self.last = time.monotonic()

    def add(self, piece: bytes) -> None:
        self.pending.append(piece)
        if len(self.pending) >= 256 or time.monotonic() - self.last >= 0.1:
            self.flush()

    def flush(self) -> None:
        if self.pending:
            data = b"".join(self.pending)
            self.pending.clear()
            if self.raw is not None:
                self.raw.write(data)
            else:
                self.out.write(data.decode("utf-8"))
        (self.raw or self.out).flush()
        self.last = time.monotonic()


def header_json(scenario: Scenario) -> dict[str, Any]:
    """What the resolutions of ``scenario`` share: ``schema``, ``ruleset``, ``cards``,
    ``replacements``, ``triggers``."""
    return compact.header(scenario)


class JsonDocument:
    """The ``--json`` document written piece by piece: the header's fields, ``resolutions`` one
    per line, then ``windows`` and the summary's fields."""

    def __init__(self, stream: IO[str], scenario: Scenario):
        self.written = 0
        self.windows: dict[str, Any] = {}
        self.out = Bytes(stream)
        self.out.add(dumps(header_json(scenario))[:-1] + b',\n"resolutions":[')

    def window(self, name: str, definition: dict[str, Any]) -> None:
        self.windows[name] = definition

    def add(self, item: dict[str, Any]) -> None:
        self.out.add((b"\n" if not self.written else b",\n") + dumps(item))
        self.written += 1

    def close(self, summary: dict[str, Any]) -> None:
        tail = dumps({"windows": self.windows, **summary})
        self.out.add(("\n]," if self.written else "],").encode() + b"\n" + tail[1:] + b"\n")
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
        "times": trigger.times,
        "changed_by": trigger.changed_by.id if trigger.changed_by else None,
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
    out: dict[str, Any] = {
        "applied": [application_json(a) for a in resolution.applied],
        "final": dict(resolution.final),
        "happened": [event_json(e) for e in resolution.happened],
        "replaced": [event_json(e) for e in resolution.replaced],
        "lost": list(resolution.lost),
        "flipped": list(resolution.flipped),
        "triggered": [trigger_json(t) for t in resolution.triggered],
        "untriggered": [trigger_json(t) for t in resolution.untriggered],
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
    if resolution.face_up:
        out["face_up"] = list(resolution.face_up)
    if resolution.face_down:
        out["face_down"] = list(resolution.face_down)
    if resolution.stopped:
        out["stopped"] = resolution.stopped
    if resolution.multiplicity != 1:
        out["multiplicity"] = resolution.multiplicity
    if resolution.violations:
        out["violations"] = [{"rule": r, "what": w} for r, w in resolution.violations]
    return out


def summary_json(streamed: Streamed) -> dict:
    """The fields of a ``--json`` document after its resolutions."""
    out: dict[str, Any] = {
        "counts": {"resolutions": streamed.total, "states": streamed.states},
        "complete": streamed.complete,
    }
    if streamed.stopped_by:
        out["stopped_by"] = streamed.stopped_by
    if streamed.grouped:
        # the final states counted are those up to interchangeable cards, not the labelled ones
        out["counts"] = {
            "resolutions": streamed.total,
            "grouped": streamed.resolutions,
            "grouped_states": streamed.states,
        }
        out["grouped"] = True
        if streamed.units_folded:
            out["grouped_units"] = True
    return out


def trailer_json(streamed: Streamed) -> dict:
    return {"trailer": True, "schema": SCHEMA, "ruleset": streamed.ruleset, **summary_json(streamed)}


class CompactResolutions:
    """Resolutions in the form ``solve --json`` writes them (schema 2, docs/json.md), gathered one by one, and the
    windows they name: the ``resolutions`` and ``windows`` of a ``--json`` document and of a ``check`` line."""

    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.table = compact.WindowTable(scenario)
        self.resolutions: list[dict[str, Any]] = []

    def add(self, resolution: Resolution) -> None:
        self.resolutions.append(compact.compact_resolution(resolution, self.scenario, self.table.of))

    def json(self) -> dict[str, Any]:
        return {"resolutions": self.resolutions, "windows": self.table.definitions}


def solution_json(solution: Solution, scenario: Scenario) -> dict:
    """The ``--json`` document of a solution already held, as a dict."""
    listed = CompactResolutions(scenario)
    for resolution in solution.resolutions:
        listed.add(resolution)
    return {**header_json(scenario), **listed.json(), **summary_json(solution.counted())}


def write_solution_json(solution: Solution, stream: IO[str], scenario: Scenario) -> None:
    """``solution_json(solution, scenario)``, as the JSON document ``--json`` writes (``JsonDocument``)."""
    document = JsonDocument(stream, scenario)
    table = compact.WindowTable(scenario)
    for resolution in solution.resolutions:
        document.add(compact.compact_resolution(resolution, scenario, table.of))
    document.windows = table.definitions
    document.close(summary_json(solution.counted()))


def stream_batched(scenario: Scenario, batched: Batched, emit: Callable[[Resolution], None], **limits) -> Streamed:
    """``api.stream`` with ``emit`` writing to ``batched``, flushed at the end however it ends."""
    try:
        return stream(scenario, emit, **limits)
    finally:
        batched.flush()


def _stream(scenario: Scenario, out: Bytes, on_resolution, on_window, limits: dict[str, Any]) -> Streamed:
    """``api.stream_compact`` into ``out``, flushed at the end however it ends."""
    try:
        return stream_compact(scenario, on_resolution, on_window=on_window, **limits)
    finally:
        out.flush()


def stream_jsonl(scenario: Scenario, out: IO[str], **limits: Any) -> Streamed:
    """Write the header line, every window and resolution of ``scenario`` as a JSON line as it
    is found, then the trailer; return the counts. ``limits``: ``stream_compact``'s options."""
    sink = Bytes(out)
    add = sink.add
    add(dumps({"header": True, **header_json(scenario)}, option=LINE))
    try:
        streamed = _stream(
            scenario,
            sink,
            lambda item: add(dumps(item, option=LINE)),
            lambda name, definition: add(dumps({"window": name, **definition}, option=LINE)),
            limits,
        )
    except InputError as error:  # refused as it was solved: the lines written are not every resolution
        add(dumps({"refused": error.problem}, option=LINE))
        sink.flush()
        raise
    add(dumps(trailer_json(streamed), option=LINE))
    sink.flush()
    return streamed


def stream_json(scenario: Scenario, out: IO[str], **limits: Any) -> Streamed:
    """Write the ``--json`` document of ``scenario``, each resolution as it is found; return the counts."""
    document = JsonDocument(out, scenario)
    streamed = _stream(scenario, document.out, document.add, document.window, limits)
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
        # other ways to apply it that break as few rules
        "alternatives": [[violation_json(v) for v in way] for way in step.alternatives],
    }


def verify_json(result: VerifyResult) -> dict:
    return result.as_dict()


def cause_json(cause: Cause) -> dict:
    out: dict[str, Any] = {"kind": cause.kind, "text": cause.text()}
    for key in ("player", "zone", "card", "detail"):
        if getattr(cause, key) is not None:
            out[key] = getattr(cause, key)
    if cause.kind in ("add", "remove"):
        out.update(count=cause.count, have=cause.have)
    return out
