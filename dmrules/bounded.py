"""The public API's memory bound: ``solve``, ``stream`` and ``count`` run in the bounded worker
(dmrules/worker.py, the forked process with a capped address space that the command line uses)
when they are given ``max_memory=`` (MiB), or when a default is set: ``set_max_memory(mib)``
or the environment variable ``DMRULES_MAX_MEMORY``. Without either they run in the caller's
process, as they always did. ``max_memory=0`` runs in process whatever the default.

In the worker, a solve that needs more memory than the cap ends the worker, not the caller:
the call raises ``SolveError``. Each call forks once; its resolutions come back pickled (the
solver's atoms of each window as text, parsed again here), and ``on_resolution`` is called in
the caller's process as they come.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

import clingo

from .game.errors import SolveError
from .game.outcome import Resolution, Solution, Streamed
from .game.scenario import Scenario
from .solving import run
from .worker import DEFAULT_MAX_MEMORY, WorkerOutOfMemory, WorkerTooLate, available, call_in_worker

__all__ = ["DEFAULT_MAX_MEMORY", "max_memory_for", "set_max_memory", "solve", "stream", "count"]

_default: int | None = None
T = TypeVar("T")


def set_max_memory(mib: int | None) -> None:
    """Every later ``solve``, ``stream`` and ``count`` without ``max_memory=`` runs in the bounded
    worker capped at ``mib`` MiB (``DEFAULT_MAX_MEMORY``, 4,096, is the command line's); None
    goes back to the environment's ``DMRULES_MAX_MEMORY``, or to solving in process."""
    global _default
    if mib is not None and (not isinstance(mib, int) or mib < 0):
        raise ValueError(f"max_memory is a number of MiB (0 or more), not {mib!r}")
    _default = mib


def max_memory_for(given: int | None) -> int | None:
    """The cap a call runs under (MiB), or None to run in process."""
    if given is None:
        given = _default
    if given is None:
        text = os.environ.get("DMRULES_MAX_MEMORY", "").strip()
        if text:
            try:
                given = int(text)
            except ValueError:
                raise ValueError(f"DMRULES_MAX_MEMORY is a number of MiB, not {text!r}") from None
    if given is not None and (not isinstance(given, int) or given < 0):
        raise ValueError(f"max_memory is a number of MiB (0 or more), not {given!r}")
    return given or None


def portable(resolution: Resolution) -> Resolution:
    """The resolution as it can be pickled: each window's atoms as text."""
    return replace(resolution, windows=tuple(replace(w, atoms=tuple(map(str, w.atoms))) for w in resolution.windows))


def restored(resolution: Resolution) -> Resolution:
    """A ``portable`` resolution with its atoms as symbols again (of this process's solver)."""
    return replace(
        resolution,
        windows=tuple(replace(w, atoms=tuple(map(clingo.parse_term, w.atoms))) for w in resolution.windows),
    )


def _bounded(scenario: Scenario, mib: int, timeout: float | None, fn: Callable[..., T], on_item=None) -> T:
    try:
        return call_in_worker(fn, mib, timeout, on_item)
    except WorkerOutOfMemory:
        raise SolveError(
            f"{scenario.path}: the solver stopped: it needed more memory than max_memory allows ({mib:,} MiB); "
            "raise the limit, or make the scenario smaller (max_resolutions, group=True, fewer cards)"
        ) from None
    except WorkerTooLate:
        raise SolveError(
            f"{scenario.path}: no answer within the timeout of {timeout:g} s: the solver was still grounding "
            "(building the program), which cannot be cut short; make the scenario smaller"
        ) from None


def solve(
    scenario: Scenario, mib: int, on_resolution: Callable[[Resolution], None] | None = None, **limits: Any
) -> Solution:
    """``run.solve`` in the bounded worker."""

    def work(send: Callable[[Resolution], None]) -> Solution:
        found = None if on_resolution is None else (lambda r: send(portable(r)))
        solution = run.solve(scenario, on_resolution=found, **limits)
        return replace(solution, resolutions=tuple(map(portable, solution.resolutions)))

    back = None if on_resolution is None else (lambda r: on_resolution(restored(r)))
    solution = _bounded(scenario, mib, limits.get("timeout"), work, back)
    return replace(solution, resolutions=tuple(map(restored, solution.resolutions)))


def stream(scenario: Scenario, on_resolution: Callable[[Resolution], None], mib: int, **limits: Any) -> Streamed:
    """``run.stream`` in the bounded worker: each resolution comes back as it is found."""
    return _bounded(
        scenario,
        mib,
        limits.get("timeout"),
        lambda send: run.stream(scenario, lambda r: send(portable(r)), **limits),
        lambda r: on_resolution(restored(r)),
    )


def count(scenario: Scenario, mib: int, group: bool = False) -> int:
    """``run.count`` in the bounded worker."""
    return _bounded(scenario, mib, None, lambda send: run.count(scenario, group=group))


def usable(mib: int | None) -> bool:
    """Whether a call capped at ``mib`` goes to the worker (a system without fork solves in process)."""
    return mib is not None and available()
