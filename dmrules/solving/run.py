"""A whole effect solved: the window engine driven with a progress line, its resolutions listed
(``solve``), streamed (``stream``) or counted (``count``). The public API (``dmrules/api.py``)
takes scenarios in every form a caller has them and calls these."""

from __future__ import annotations

import time
from collections.abc import Callable

from ..game.errors import SolveError
from ..game.outcome import Resolution, Solution, Streamed
from ..game.scenario import Scenario
from . import engine as engines
from .brief import briefs_of, each_brief
from .count import count_first_window, fast_path, solved, uncounted_atom
from .engine import DEFAULT_MAX_WINDOWS, Engine, no_resolution
from .ground import make_control
from .progress import RUNNING, Progress, set_solve


def _run(
    scenario: Scenario,
    *,
    max_resolutions: int | None,
    timeout: float | None,
    max_windows: int | None,
    on_resolution: Callable[[Resolution], None] | None,
    group: bool,
    keep: bool,
) -> tuple[Solution, Engine]:
    progress = Progress()

    def found(resolution: Resolution) -> None:
        progress.resolutions += 1
        progress.tick()
        if on_resolution is not None:
            on_resolution(resolution)

    engine = Engine(
        scenario,
        max_windows=max_windows or DEFAULT_MAX_WINDOWS,
        max_resolutions=max_resolutions,
        timeout=timeout,
        on_resolution=found,
        group=group,
        keep=keep,
    )
    RUNNING.append(progress)
    try:
        solution = engine.run()
    finally:
        RUNNING.remove(progress)
        progress.close()
    _found_in_time(scenario, engine.count, solution.stopped_by, timeout)
    return solution, engine


def _found_in_time(scenario: Scenario, found: int, stopped_by: str | None, timeout: float | None) -> None:
    """A time limit that ran out before the first resolution was found leaves no answer at all: a ``SolveError``."""
    if found == 0 and stopped_by is not None and stopped_by.startswith("timeout"):
        raise SolveError(
            f"{scenario.path}: no resolution was found within the time limit of {timeout:g} s (--timeout); "
            "raise the limit, or make the scenario smaller"
        )


def solve(
    scenario: Scenario,
    *,
    max_resolutions: int | None = None,
    timeout: float | None = None,
    max_windows: int | None = None,
    on_resolution: Callable[[Resolution], None] | None = None,
    group: bool = False,
) -> Solution:
    """Every legal resolution of the scenario's effect (``dmrules.solve`` says more)."""
    solution, _ = _run(
        scenario,
        max_resolutions=max_resolutions,
        timeout=timeout,
        max_windows=max_windows,
        on_resolution=on_resolution,
        group=group,
        keep=True,
    )
    return solution


def stream(
    scenario: Scenario,
    on_resolution: Callable[[Resolution], None],
    *,
    max_resolutions: int | None = None,
    timeout: float | None = None,
    max_windows: int | None = None,
    group: bool = False,
) -> Streamed:
    """Each resolution handed to ``on_resolution`` as soon as its windows are solved, none kept
    (``dmrules.stream`` says more); the counts."""
    solution, engine = _run(
        scenario,
        max_resolutions=max_resolutions,
        timeout=timeout,
        max_windows=max_windows,
        on_resolution=on_resolution,
        group=group,
        keep=False,
    )
    return Streamed(
        ruleset=scenario.ruleset,
        resolutions=engine.count,
        total=engine.total,
        states=len(engine.states),
        complete=solution.complete,
        stopped_by=solution.stopped_by,
        grouped=group,
        units_folded=engine.units_folded,
    )


def stream_brief(
    scenario: Scenario,
    on_brief: Callable[[dict], None],
    *,
    max_resolutions: int | None = None,
    timeout: float | None = None,
    group: bool = False,
    on_start: Callable[[], None] | None = None,
) -> Streamed | None:
    """Each resolution handed to ``on_brief`` as its compact dict (game/compact.py), straight
    from the solver's atoms, in clingo's order, when the effect is one window that ends every
    resolution (solving/brief.py); None, having handed nothing, for any other effect.
    ``on_start`` is called once it is settled, before the first resolution."""
    started = time.monotonic()
    briefs = briefs_of(scenario, group)
    if briefs is None:
        return None
    if on_start is not None:
        on_start()
    progress = Progress()
    RUNNING.append(progress)
    try:
        count, states, stopped = each_brief(
            briefs,
            on_brief,
            max_resolutions=max_resolutions,
            timeout=timeout,
            deadline=None if timeout is None else started + timeout,
            sorted_up_to=engines.SORTED_UP_TO,
        )
    finally:
        RUNNING.remove(progress)
        progress.close()
    _found_in_time(scenario, count, stopped, timeout)
    return Streamed(
        ruleset=scenario.ruleset,
        resolutions=count,
        total=count,
        states=states,
        complete=stopped is None,
        stopped_by=stopped,
    )


def count(scenario: Scenario, *, group: bool = False) -> int:
    """The number of legal resolutions of the whole effect: always ``solve(scenario).total``.

    When the effect is one window of fixed events that opens no other window, the number is
    read from the solver's statistics without converting a single answer set (or, with
    ``group``, from the canonical resolutions and their multiplicities)."""
    if fast_path(scenario):
        if group:
            total = count_first_window(scenario, group=True, only_window=True)
            if total is not None:
                return total
        else:
            ctl = make_control(scenario)
            more = uncounted_atom(ctl)  # a later window, or a refusal: the full path
            set_solve(ctl, models=1)
            if more is None or not solved(ctl, assumptions=[more]).satisfiable:
                set_solve(ctl, models=0)
                solved(ctl)
                total = int(ctl.statistics["summary"]["models"]["enumerated"])
                if total == 0:
                    raise no_resolution(scenario, 1, "effect")
                return total
    return solve(scenario, group=group).total
