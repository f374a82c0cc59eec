"""Running clingo on a scenario: encodings + facts → answer sets → resolutions."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from pathlib import Path

import clingo
from clingo import Symbol

from .errors import SolveError
from .facts import situation_facts
from .outcome import Builder, Resolution, Solution
from .scenario import Scenario

RULESET_ENTRY = {"dm": "dm.lp", "sequential": "sequential.lp"}


@lru_cache(maxsize=1)
def encodings_dir() -> Path:
    """Where the ASP encodings are: shipped as the package ``dmrules.asp``."""
    try:
        from importlib import resources

        import dmrules.asp  # noqa: F401  (the asp/ folder, mapped into the package)

        folder = Path(str(resources.files("dmrules.asp")))
        if (folder / "dm.lp").is_file():
            return folder
    except ImportError:
        pass
    folder = Path(__file__).resolve().parent.parent / "asp"
    if (folder / "dm.lp").is_file():
        return folder
    raise SolveError("the ASP encodings (asp/*.lp) are not installed with dmrules")


def encoding_files(ruleset: str, mode: str = "solve") -> list[str]:
    """The files to load: the ruleset's entry file, then forbid or explain, then show."""
    folder = encodings_dir()
    names = [RULESET_ENTRY[ruleset], "forbid.lp" if mode == "solve" else "explain.lp", "show.lp"]
    return [str(folder / name) for name in names]


def _silent(code, message) -> None:  # clingo's informational messages are not for our users
    return None


def make_control(scenario: Scenario, mode: str = "solve", arguments: Sequence[str] = ("0",),
                 extra: Iterable[Symbol] = ()) -> clingo.Control:
    """A grounded Control for the scenario; facts go in through the backend as symbols."""
    ctl = clingo.Control(list(arguments), logger=_silent, message_limit=0)
    for path in encoding_files(scenario.ruleset, mode):
        ctl.load(path)
    with ctl.backend() as backend:
        for sym in [*situation_facts(scenario), *extra]:
            backend.add_rule([backend.add_atom(sym)])
    ctl.ground([("base", [])])
    return ctl


def solve(scenario: Scenario, *, max_resolutions: int | None = None, timeout: float | None = None,
          on_resolution: Callable[[Resolution], None] | None = None) -> Solution:
    """Every legal resolution of the scenario, in a deterministic order.

    ``max_resolutions`` and ``timeout`` (seconds) cut a huge enumeration
    short; the solution then says so (``complete`` is false).
    """
    ctl = make_control(scenario)
    builder = Builder(scenario)
    found: list[Resolution] = []
    stopped: list[str] = []

    def on_model(model: clingo.Model) -> bool:
        resolution = builder.build(model.symbols(shown=True))
        found.append(resolution)
        if on_resolution is not None:
            on_resolution(resolution)
        if max_resolutions is not None and len(found) >= max_resolutions:
            stopped.append(f"max_resolutions={max_resolutions}")
            return False
        return True

    start = time.monotonic()
    with ctl.solve(on_model=on_model, async_=True) as handle:
        finished = handle.wait(timeout) if timeout is not None else handle.wait()
        if not finished:
            handle.cancel()
            stopped.append(f"timeout={timeout}s")
        handle.get()
    del start
    resolutions = tuple(sorted(found, key=lambda r: r.key))
    return Solution(ruleset=scenario.ruleset, resolutions=resolutions, complete=not stopped,
                    stopped_by=stopped[0] if stopped else None)


def count(scenario: Scenario) -> int:
    """The number of legal resolutions, read from the solver's statistics (no model is converted)."""
    ctl = make_control(scenario)
    ctl.solve()
    return int(ctl.statistics["summary"]["models"]["enumerated"])
