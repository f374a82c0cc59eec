"""Counting without building resolutions: the solver's statistics of one window, or the
canonical resolutions of a grouped window and their multiplicities."""

from __future__ import annotations

import clingo

from ..game.scenario import Scenario
from .encodings import encoding_files
from .facts import situation_facts
from .ground import control_arguments, grounded, make_control
from .grouping import GROUPED_SEARCH, group_facts, interchangeable_classes, interchangeable_units, multiplicity
from .progress import set_solve, wait


def fast_path(scenario: Scenario) -> bool:
    """Whether the scenario is one window of fixed events, which ``count`` may read from the
    solver's statistics alone."""
    if scenario.templates or len(scenario.program.steps) > 1 or scenario.deferred or scenario.ruleset != "dm":
        return False
    if any(e.kind in ("battle", "draw", "power_change") or e.swap or e.is_group for e in scenario.events):
        return False
    return not any(a.then for c in scenario.cards.values() for a in c.replacements)


def solved(ctl: clingo.Control, assumptions=()) -> clingo.SolveResult:
    """``ctl.solve(assumptions=...)``, waited on so that Ctrl-C stops it."""
    with ctl.solve(assumptions=list(assumptions), async_=True) as handle:
        wait(handle, None)
        return handle.get()


def uncounted_atom(ctl: clingo.Control) -> int | None:
    """A literal true in the answer sets a count cannot stand for, if any can: those that lead to a later window, and
    those dmrules refuses (``unmodelled``: the full path names why)."""
    signatures = (("sba", 1), ("unmodelled", 1))
    atoms = [a.literal for name, arity in signatures for a in ctl.symbolic_atoms.by_signature(name, arity)]
    if not atoms:
        return None
    with ctl.backend() as backend:
        more = backend.add_atom()
        for literal in atoms:
            backend.add_rule([more], [literal])
    return more


def beyond_one_window(scenario: Scenario) -> bool:
    """Whether some legal resolution of the first window leads to state-based checks (a later window), or is one
    dmrules refuses (the full path names why)."""
    ctl = make_control(scenario)
    more = uncounted_atom(ctl)
    set_solve(ctl, models=1)
    return more is not None and bool(solved(ctl, assumptions=[more]).satisfiable)


def count_first_window(
    scenario: Scenario, *, group: bool = False, fold_units: bool = True, only_window: bool = False
) -> int | None:
    """The number of legal resolutions of the scenario's FIRST WINDOW only, whatever windows follow
    (``count`` is the number for the whole effect).

    Without grouping it is read from the solver's statistics (no model is
    converted). With ``group``, only the canonical resolutions are enumerated
    (up to interchangeable cards and units) and each counts for its
    multiplicity: the exact labelled number, without enumerating the labelled
    resolutions. With ``only_window`` (and ``group``), None when some
    resolution of the window leads to a later window (or is one dmrules refuses):
    every resolution has a canonical one, which then does too.
    """
    if not group:
        ctl = make_control(scenario)
        with ctl.solve(async_=True) as handle:
            wait(handle, None)
            handle.get()
        return int(ctl.statistics["summary"]["models"]["enumerated"])
    classes = interchangeable_classes(scenario)
    situation = situation_facts(scenario)
    units = interchangeable_units(scenario, situation, classes) if fold_units else []
    ctl = grounded(
        control_arguments(scenario, ("0", *GROUPED_SEARCH)),
        tuple(encoding_files(scenario.ruleset, "solve", True)),
        "",
        [*situation, *group_facts(classes, units)],
    )
    if only_window:
        more = uncounted_atom(ctl)
        if more is not None:
            set_solve(ctl, models=1)
            if solved(ctl, assumptions=[more]).satisfiable:
                return None
            set_solve(ctl, models=0)
    total = _labelled(ctl, classes, units)
    if total is None:
        return count_first_window(scenario, group=True, fold_units=False, only_window=only_window)
    return total


def _labelled(ctl: clingo.Control, classes: list[list[str]], units: list) -> int | None:
    """The labelled resolutions the canonical ones of a grouped window stand for, summed; None
    when a resolution joins units in a way their profiles cannot tell (``unit_breach``)."""
    total = 0
    breach = False

    def on_model(model: clingo.Model) -> bool:
        nonlocal total, breach
        if units and model.contains(BREACH):
            breach = True
            return False
        roles: dict[str, list] = {}
        profiles: dict[str, list] = {}
        for sym in model.symbols(shown=True):
            if sym.name == "pick":
                roles.setdefault(sym.arguments[3].string, []).append(sym.arguments[:3])
            elif sym.name == "target":
                roles.setdefault(sym.arguments[1].string, []).append(sym.arguments[0])
            elif sym.name == "unit_profile":
                profiles.setdefault(sym.arguments[0].string, []).append(sym.arguments[1])
        total += multiplicity(classes, roles, units, profiles)
        return True

    with ctl.solve(on_model=on_model, async_=True) as handle:
        wait(handle, None)
        handle.get()
    return None if breach else total


BREACH = clingo.Function("unit_breach")
