"""Solving ahead what a list of scenarios will need: their windows, grounded in batches
(``batch.py``) level by level, into the window cache, so that each scenario's own solve
finds them there (``dmrules verify``)."""

from __future__ import annotations

from ..game.outcome import Window
from ..game.scenario import Scenario
from .batch import solve_pending, wanted
from .engine import DEFAULT_MAX_WINDOWS, Engine
from .window import solve_window


def prefetch(scenarios: list[Scenario], max_windows: int = DEFAULT_MAX_WINDOWS) -> int:
    """Solve the windows that solving ``scenarios`` will open into the window cache, grounded
    in batches (``solve`` then finds them there), level by level: the search is walked with
    the windows solved so far, the windows it meets unsolved are solved together, and the walk
    goes on until it meets none. Grouped and over-long windows are left to ``solve``. How many
    windows were solved."""
    solved = 0
    tried: set = set()  # a window solved but not kept (too long) is not solved again here
    for _ in range(max_windows):
        pending: dict = {}

        def peek(
            state: Scenario,
            index: int = 1,
            label: str = "effect",
            kind: str = "effect",
            *,
            group: bool = False,
            spill: int | None = None,
            pending: dict = pending,
            **_,
        ) -> tuple[list[Window], str | None]:
            if group or not wanted(state, index, label, kind, pending):
                return [], "unwalked"  # not walked further now
            return solve_window(state, index, label, kind, spill=spill)

        for scenario in scenarios:
            walk = Engine(scenario, max_windows=max_windows, keep=False)
            walk.solve_window = peek
            walk.stream_window = lambda *args, **kwargs: None  # a window too long to list: left to solve
            try:
                walk.run()
            except Exception:  # noqa: BLE001 - the scenario's own solve reports it
                continue
        for windows in pending.values():
            for key in [key for key in windows if key in tried]:
                del windows[key]
            tried.update(windows)
        if not any(pending.values()):
            break
        found = solve_pending(pending)
        if not found:
            break
        solved += found
    return solved
