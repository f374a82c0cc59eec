"""The progress line of a long run, and waiting on clingo in slices so that Ctrl-C reaches
Python within a fraction of a second."""

from __future__ import annotations

import os
import sys
import time

import clingo


def set_solve(ctl: clingo.Control, **options: object) -> None:
    """Set clingo's solve options (``models=0``, ``opt_mode=\"optN\"``): its configuration is typed
    loosely, as a tree of unions."""
    solve = ctl.configuration.solve
    assert isinstance(solve, clingo.Configuration)
    for name, value in options.items():
        setattr(solve, name, value)


class Progress:
    """Resolutions so far and their rate, on a terminal's stderr, once a run has lasted ``delay``
    seconds; never on a pipe or a file. The line is cleared when the run ends."""

    def __init__(self, stream=None, delay: float = 2.0, every: float = 0.5):
        self.stream = stream if stream is not None else sys.stderr
        try:
            # DMRULES_PROGRESS=on: a worker whose standard error reaches a terminal through a pipe.
            self.active = bool(self.stream.isatty()) or (stream is None and os.environ.get("DMRULES_PROGRESS") == "on")
        except (AttributeError, ValueError):
            self.active = False
        self.delay, self.every = delay, every
        self.start = time.monotonic()
        self.last = 0.0
        self.models = 0
        self.resolutions = 0
        self.shown = False

    def tick(self) -> None:
        if not self.active:
            return
        now = time.monotonic()
        elapsed = now - self.start
        if elapsed < self.delay or now - self.last < self.every:
            return
        self.last = now
        done = max(self.resolutions, self.models)
        self.stream.write(f"\r\x1b[K  {done:,} resolutions so far, {done / elapsed:,.0f}/s, {elapsed:.0f} s")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


RUNNING: list[Progress] = []  # the progress line of the run under way, if any


def tick(models: int = 0) -> None:
    if RUNNING:
        RUNNING[-1].models += models
        RUNNING[-1].tick()


def wait(handle: clingo.SolveHandle, timeout: float | None) -> bool:
    """Wait for a solve call in short slices, so that Ctrl-C (KeyboardInterrupt) reaches Python
    within a fraction of a second; the search is cancelled before the interrupt goes on.
    Whether the search finished before ``timeout`` (seconds; None: no limit)."""
    deadline = None if timeout is None else time.monotonic() + timeout
    try:
        while True:
            step = 0.1 if deadline is None else min(0.1, max(deadline - time.monotonic(), 0.0))
            if handle.wait(step):
                return True
            tick()
            if deadline is not None and time.monotonic() >= deadline:
                return False
    except BaseException:
        handle.cancel()
        raise
