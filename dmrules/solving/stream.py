"""Writing resolutions as the solver finds them: `dmrules solve --jsonl` and `--json`.

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
from collections.abc import Callable
from typing import IO

from ..reading.scenario import Scenario
from .outcome import Batched, JsonDocument, Resolution, Streamed


def stream_batched(scenario: Scenario, batched: Batched, emit: Callable[[Resolution], None], **limits) -> Streamed:
    """``solver.stream`` with ``emit`` writing to ``batched``, flushed at the end however it ends."""
    from .solver import stream

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
        lambda r: batched.add(dumps(r.to_json()) + "\n"),
        max_resolutions=max_resolutions,
        timeout=timeout,
        max_windows=max_windows,
        group=group,
    )
    out.write(dumps(streamed.to_json()) + "\n")
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
    document.close(streamed.summary())
    return streamed
