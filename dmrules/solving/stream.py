"""Streaming resolutions as JSON lines (`dmrules solve --jsonl`).

Each line is one resolution, with the same fields as a resolution of
`--json`, written as soon as the solver finds it (in the solver's order,
which is deterministic for a given input); nothing is kept, so memory stays
flat however many there are. Every option of `solve` applies (ruleset,
limits, grouping). The last line is a trailer:
``{"trailer": true, "schema": 1, "ruleset": ..., "counts": {...}, "complete": ..., "stopped_by": ...}``.
One process, clingo's public API, no temporary file.
"""

from __future__ import annotations

import json
import time
from typing import IO

from ..reading.scenario import Scenario
from .outcome import Resolution, Streamed


def stream_jsonl(scenario: Scenario, out: IO[str], *, max_resolutions: int | None = None,
                 timeout: float | None = None, max_windows: int | None = None, group: bool = False) -> Streamed:
    """Write every resolution of ``scenario`` as a JSON line, then the trailer; return the counts."""
    from .solver import stream

    dumps = json.JSONEncoder(ensure_ascii=False).encode
    pending: list[str] = []
    last = [time.monotonic()]

    # Lines go out in small batches (an unbuffered stream would otherwise take a system call
    # per line), and at least every tenth of a second, so that a reader sees them come.
    def emit(resolution: Resolution) -> None:
        pending.append(dumps(resolution.to_json()))
        if len(pending) >= 64 or time.monotonic() - last[0] >= 0.1:
            flush()

    def flush() -> None:
        if pending:
            out.write("\n".join(pending) + "\n")
            pending.clear()
        out.flush()
        last[0] = time.monotonic()

    try:
        streamed = stream(scenario, emit, max_resolutions=max_resolutions, timeout=timeout,
                          max_windows=max_windows, group=group)
    finally:
        flush()
    out.write(dumps(streamed.to_json()) + "\n")
    return streamed
