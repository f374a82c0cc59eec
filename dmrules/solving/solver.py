"""Running clingo on a scenario: encodings + facts → answer sets → resolutions."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Union

import clingo
from clingo import Symbol

from ..errors import SolveError
from .facts import situation_facts
from .grouping import group_facts, interchangeable_classes, multiplicity
from .outcome import Builder, Resolution, Solution, Window
from ..reading.scenario import Scenario

RULESET_ENTRY = {"dm": "dm.lp", "sequential": "sequential.lp", "dmps": "dmps.lp"}


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
    folder = Path(__file__).resolve().parents[2] / "asp"
    if (folder / "dm.lp").is_file():
        return folder
    raise SolveError("the ASP encodings (asp/*.lp) are not installed with dmrules")


def encoding_files(ruleset: str, mode: str = "solve", group: bool = False, show: bool = True) -> list[str]:
    """The files to load: the ruleset's entry file, then forbid or explain, then show (and group)."""
    folder = encodings_dir()
    names = [RULESET_ENTRY[ruleset], "forbid.lp" if mode == "solve" else "explain.lp"]
    if show:
        names.append("show.lp")
    if group:
        names.append("group.lp")
    return [str(folder / name) for name in names]


def _silent(code, message) -> None:  # clingo's informational messages are not for our users
    return None


def make_control(scenario: Scenario, mode: str = "solve", arguments: Sequence[str] = ("0",),
                 extra: Iterable[Symbol] = (), group: bool = False, show: bool = True) -> clingo.Control:
    """A grounded Control for the scenario; facts go in through the backend as symbols."""
    arguments = list(arguments)
    if scenario.ruleset == "sequential":
        # A chain applies each replacement at most once: it is at most as long as there are replacements.
        n = sum(len(c.replacements) for c in scenario.cards.values()) + len(scenario.effects)
        arguments += ["-c", f"max_depth={n + 1}"]
    ctl = clingo.Control(arguments, logger=_silent, message_limit=0)
    for path in encoding_files(scenario.ruleset, mode, group, show):
        ctl.load(path)
    if not show:
        from .stream import STREAM_SHOW

        ctl.add("base", [], STREAM_SHOW)
    with ctl.backend() as backend:
        for sym in [*situation_facts(scenario), *extra]:
            backend.add_rule([backend.add_atom(sym)])
    ctl.ground([("base", [])])
    return ctl


def solve_window(scenario: Scenario, index: int = 1, label: str = "effect", kind: str = "effect", *,
                 timeout: float | None = None, max_models: int | None = None,
                 group: bool = False) -> tuple[list[Window], str | None]:
    """The legal resolutions of one window, in a deterministic order, and what cut the list
    short: ``"timeout"``, ``"max_models"`` or None when it is complete.

    With ``group``, one resolution per permutation class of interchangeable
    cards, each with its ``multiplicity`` (dmrules/grouping.py).
    """
    classes = interchangeable_classes(scenario) if group else []
    ctl = make_control(scenario, extra=group_facts(classes), group=group)
    builder = Builder(scenario, index, label, kind, classes)
    found: list[Window] = []
    cut: list[str] = []

    def on_model(model: clingo.Model) -> bool:
        found.append(builder.build(model.symbols(shown=True)))
        if max_models is not None and len(found) >= max_models:
            cut.append("max_models")
            return False
        return True

    with ctl.solve(on_model=on_model, async_=True) as handle:
        finished = handle.wait(timeout) if timeout is not None else handle.wait()
        if not finished:
            handle.cancel()
            cut.append("timeout")
        handle.get()
    return sorted(found, key=lambda w: w.key), (cut[0] if cut else None)


ScenarioLike = Union[Scenario, str, "os.PathLike[str]"]


def as_scenario(scenario: ScenarioLike, ruleset: str | None = None) -> Scenario:
    """A Scenario from a Scenario or the path of a scenario file, under ``ruleset`` if given."""
    from dataclasses import replace

    from ..errors import InputError
    from ..reading.scenario import RULESETS, load_scenario

    if isinstance(scenario, (str, os.PathLike)):
        scenario = load_scenario(scenario)
    elif not isinstance(scenario, Scenario):
        raise TypeError(f"expected a Scenario or the path of a scenario file, not {type(scenario).__name__}")
    if ruleset is not None and ruleset != scenario.ruleset:
        if ruleset not in RULESETS:
            raise InputError(scenario.path, "ruleset", f"unknown ruleset '{ruleset}' (rulesets: {', '.join(RULESETS)})")
        scenario = replace(scenario, ruleset=ruleset)
    return scenario


def solve(scenario: ScenarioLike, *, ruleset: str | None = None, max_resolutions: int | None = None,
          timeout: float | None = None, max_windows: int | None = None,
          on_resolution: Callable[[Resolution], None] | None = None, group: bool = False) -> Solution:
    """Every legal resolution of the scenario's effect, window after window, in a deterministic order.

    ``scenario`` is a ``Scenario`` or the path of a scenario file (``str`` or
    ``os.PathLike``); ``ruleset`` (``"dm"`` or ``"sequential"``) solves it under
    another ruleset than its own, as ``dmrules solve --ruleset`` does.
    ``max_resolutions`` and ``timeout`` (seconds) cut a huge enumeration
    short, ``max_windows`` bounds how many windows one resolution may open;
    the solution then says so (``complete`` is false, ``stopped_by`` why).
    ``on_resolution`` is called with each resolution as it is found; with
    ``group``, resolutions are listed up to interchangeable cards and
    ``Solution.total`` is still the exact number of resolutions.
    Raises ``InputError`` on bad input.
    """
    from .engine import DEFAULT_MAX_WINDOWS, Engine

    scenario = as_scenario(scenario, ruleset)
    engine = Engine(scenario, max_windows=max_windows or DEFAULT_MAX_WINDOWS, max_resolutions=max_resolutions,
                    timeout=timeout, on_resolution=on_resolution, group=group)
    return engine.run()


def count(scenario: ScenarioLike, *, ruleset: str | None = None, group: bool = False) -> int:
    """The number of legal resolutions of the whole effect: always ``solve(scenario).total``.

    When the effect is one window of fixed events that opens no other window,
    the number is read from the solver's statistics without converting a
    single answer set (or, with ``group``, from the canonical resolutions and
    their multiplicities); otherwise it is ``solve(...).total``.
    """
    from .stream import fast_path

    scenario = as_scenario(scenario, ruleset)
    if fast_path(scenario):
        if group:
            if not _may_open_windows(scenario):
                return count_first_window(scenario, group=True)
        else:
            ctl = make_control(scenario)
            more = _more_windows_atom(ctl)
            ctl.configuration.solve.models = 1
            if more is None or not ctl.solve(assumptions=[more]).satisfiable:
                ctl.configuration.solve.models = 0
                ctl.solve()
                return int(ctl.statistics["summary"]["models"]["enumerated"])
    return solve(scenario, group=group).total


def _more_windows_atom(ctl: clingo.Control) -> int | None:
    """A literal true in the answer sets that lead to state-based checks (a later window), if any can."""
    atoms = [a.literal for a in ctl.symbolic_atoms.by_signature("sba", 1)]
    if not atoms:
        return None
    with ctl.backend() as backend:
        more = backend.add_atom()
        for literal in atoms:
            backend.add_rule([more], [literal])
    return more


def _may_open_windows(scenario: Scenario) -> bool:
    """Whether some legal resolution of the first window leads to state-based checks (a later window)."""
    ctl = make_control(scenario)
    more = _more_windows_atom(ctl)
    ctl.configuration.solve.models = 1
    return more is not None and ctl.solve(assumptions=[more]).satisfiable


def count_first_window(scenario: Scenario, *, group: bool = False) -> int:
    """The number of legal resolutions of the scenario's FIRST WINDOW only, whatever windows follow
    (``count`` is the number for the whole effect).

    Without grouping it is read from the solver's statistics (no model is
    converted). With ``group``, only the canonical resolutions are enumerated
    and each counts for its multiplicity: the exact labelled number, without
    enumerating the labelled resolutions.
    """
    if not group:
        ctl = make_control(scenario)
        ctl.solve()
        return int(ctl.statistics["summary"]["models"]["enumerated"])
    classes = interchangeable_classes(scenario)
    ctl = make_control(scenario, extra=group_facts(classes), group=True)
    total = 0

    def on_model(model: clingo.Model) -> None:
        nonlocal total
        roles: dict[str, list] = {}
        for sym in model.symbols(shown=True):
            if sym.name == "pick":
                roles.setdefault(sym.arguments[3].string, []).append(sym.arguments[:3])
            elif sym.name == "target":
                roles.setdefault(sym.arguments[1].string, []).append(sym.arguments[0])
        total += multiplicity(classes, roles)

    ctl.solve(on_model=on_model)
    return total
