"""Writing resolutions as the solver finds them: `dmrules solve --jsonl` and `--json`.

`--jsonl`: each line is one resolution, with the same fields as a resolution of
`--json`; the last line is a trailer:
``{"trailer": true, "schema": 1, "ruleset": ..., "counts": {...}, "complete": ..., "stopped_by": ...}``.

`--json`: one document, ``{"schema", "ruleset", "resolutions": [...], "counts", "complete", ...}``,
one resolution per line of its list.

Both are written as the resolutions are found and keep none, so memory stays flat however
many there are. The order is `solve`'s (sorted by the decisions, window after window),
except in a window with more than 5,000 resolutions, which come in the order clingo finds
them (deterministic for a given input). Every option of `solve` applies (ruleset, limits,
grouping). One process, clingo's public API, no temporary file.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import IO

from ..reading.scenario import Scenario
from .outcome import JsonDocument, Resolution, Streamed


class _Batched:
    """Text pieces written in batches (an unbuffered stream would otherwise take a system
    call per piece), and at least every tenth of a second, so that a reader sees them come."""

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


def _run(scenario: Scenario, batched: _Batched, emit: Callable[[Resolution], None], **limits) -> Streamed:
    from .solver import stream

    try:
        return stream(scenario, emit, **limits)
    finally:
        batched.flush()


def stream_jsonl(scenario: Scenario, out: IO[str], *, max_resolutions: int | None = None,
                 timeout: float | None = None, max_windows: int | None = None, group: bool = False) -> Streamed:
    """Write every resolution of ``scenario`` as a JSON line, then the trailer; return the counts."""
    dumps = json.JSONEncoder(ensure_ascii=False).encode
    batched = _Batched(out)
    streamed = _run(scenario, batched, lambda r: batched.add(dumps(r.to_json()) + "\n"),
                    max_resolutions=max_resolutions, timeout=timeout, max_windows=max_windows, group=group)
    out.write(dumps(streamed.to_json()) + "\n")
    return streamed


def stream_json(scenario: Scenario, out: IO[str], *, max_resolutions: int | None = None,
                timeout: float | None = None, max_windows: int | None = None, group: bool = False) -> Streamed:
    """Write the ``--json`` document of ``scenario``, each resolution as it is found; return the counts."""
    document = JsonDocument(out, scenario.ruleset)
    batched = _Batched(out)
    document.flush()
    streamed = _run(scenario, batched, lambda r: batched.add(document.piece(r)),
                    max_resolutions=max_resolutions, timeout=timeout, max_windows=max_windows, group=group)
    document.close(streamed.summary())
    return streamed
