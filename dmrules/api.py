"""The public API: ``solve``, ``stream``, ``count``, ``why``, ``why_not`` and ``check``.

Each takes a scenario in any form a caller has it: a ``Scenario``, the path of a scenario file
(``str`` or ``os.PathLike``), the YAML text of one (a ``str`` with a line break in it), or the
scenario as a ``dict`` (what ``yaml.safe_load`` of a file gives). ``ruleset=`` solves it under
another ruleset than its own. Bad input raises ``InputError``, naming the file, the place and
the problem; docs/api.md lists every public name.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Union

import yaml

from . import bounded
from .checking.explain import OutcomeCondition, WhyNot, WhyStep, parse_conditions
from .checking.explain import why as _why
from .checking.explain import why_not as _why_not
from .game import compact
from .game.errors import InputError, SolveError
from .game.limits import under_ruleset
from .game.outcome import Resolution, Solution, Streamed
from .game.scenario import Scenario
from .game.vocabulary import RULESETS
from .reading.scenario import load_scenario, scenario_from_text
from .solving import run

ScenarioLike = Union[Scenario, str, "os.PathLike[str]", Mapping[str, Any]]
# What ``why_not`` and ``check`` take as the outcome asked about: ``"J1=battle,J2=battle"``,
# a mapping ``{"J1": "battle", "e1": "replaced", "me": "lost"}``, or parsed conditions.
OutcomeLike = str | Mapping[str, str] | Sequence[OutcomeCondition]


def as_scenario(scenario: ScenarioLike, ruleset: str | None = None) -> Scenario:
    """A ``Scenario`` from any form ``solve`` takes, under ``ruleset`` if given."""
    if isinstance(scenario, str) and ("\n" in scenario or scenario.lstrip().startswith("{")):
        scenario = scenario_from_text(scenario)
    elif isinstance(scenario, Mapping):
        scenario = scenario_from_text(yaml.safe_dump(dict(scenario), allow_unicode=True), "<dict>")
    elif isinstance(scenario, (str, os.PathLike)):
        scenario = _load_path(scenario)
    elif not isinstance(scenario, Scenario):
        raise TypeError(
            f"expected a Scenario, the path of a scenario file, its YAML text or a dict, not {type(scenario).__name__}"
        )
    if ruleset is not None and ruleset != scenario.ruleset:
        if ruleset not in RULESETS:
            raise InputError(scenario.path, "ruleset", f"unknown ruleset '{ruleset}' (rulesets: {', '.join(RULESETS)})")
        scenario = under_ruleset(scenario, ruleset)
    return scenario


def _load_path(path: str | os.PathLike[str]) -> Scenario:
    path = os.fspath(path)
    try:
        return load_scenario(path)
    except InputError as exc:
        if isinstance(path, str) and ":" in path and not os.path.exists(path):
            raise InputError(
                exc.path,
                exc.place,
                exc.problem + " (a scenario's YAML text has a line break; or pass it to dmrules.scenario_from_text)",
                exc.line,
            ) from None
        raise


def solve(
    scenario: ScenarioLike,
    *,
    ruleset: str | None = None,
    max_resolutions: int | None = None,
    timeout: float | None = None,
    max_windows: int | None = None,
    on_resolution: Callable[[Resolution], None] | None = None,
    group: bool = False,
    max_memory: int | None = None,
) -> Solution:
    """Every legal resolution of the scenario's effect, window after window, in a deterministic order.

    ``max_resolutions`` and ``timeout`` (seconds) cut a huge enumeration short, ``max_windows``
    bounds how many windows one resolution may open; the solution then says so (``complete`` is
    false, ``stopped_by`` why). A list cut by ``max_resolutions=N`` is the first N of the whole list; one cut by
    ``timeout`` holds those found in time, not necessarily the first ones. ``on_resolution`` is called with each
    resolution as it is found; with ``group``, resolutions are listed up to interchangeable cards and
    ``Solution.total`` is still the exact number of resolutions. Ctrl-C raises ``Interrupted``, whose ``solution``
    holds the resolutions found so far.

    ``max_memory`` (MiB) solves in the bounded worker (dmrules/bounded.py): a solve that needs
    more raises ``SolveError`` and leaves this process as it was. Without it, the default set by
    ``set_max_memory`` or ``DMRULES_MAX_MEMORY`` applies, and without those the solve runs in
    this process."""
    state = as_scenario(scenario, ruleset)
    limits: dict[str, Any] = dict(
        max_resolutions=max_resolutions, timeout=timeout, max_windows=max_windows, group=group
    )
    mib = bounded.max_memory_for(max_memory)
    if bounded.usable(mib):
        assert mib is not None
        return bounded.solve(state, mib, on_resolution, **limits)
    return run.solve(state, on_resolution=on_resolution, **limits)


def stream(
    scenario: ScenarioLike,
    on_resolution: Callable[[Resolution], None],
    *,
    ruleset: str | None = None,
    max_resolutions: int | None = None,
    timeout: float | None = None,
    max_windows: int | None = None,
    group: bool = False,
    max_memory: int | None = None,
) -> Streamed:
    """Like ``solve``, but each resolution goes to ``on_resolution`` as soon as its windows are
    solved, and none is kept: memory stays flat however many there are. The order is
    ``solve``'s (window after window, each window's sorted by the decisions, except in a window
    with more than ``engine.SORTED_UP_TO`` resolutions, which come in the order clingo finds
    them, deterministic for a given input). Returns the counts. ``max_memory`` as for ``solve``:
    in the bounded worker, each resolution comes back to ``on_resolution`` as it is found."""
    state = as_scenario(scenario, ruleset)
    limits: dict[str, Any] = dict(
        max_resolutions=max_resolutions, timeout=timeout, max_windows=max_windows, group=group
    )
    mib = bounded.max_memory_for(max_memory)
    if bounded.usable(mib):
        assert mib is not None
        return bounded.stream(state, on_resolution, mib, **limits)
    return run.stream(state, on_resolution, **limits)


def stream_compact(
    scenario: ScenarioLike,
    on_resolution: Callable[[dict[str, Any]], None],
    *,
    on_window: Callable[[str, dict[str, Any]], None] | None = None,
    ruleset: str | None = None,
    max_resolutions: int | None = None,
    timeout: float | None = None,
    max_windows: int | None = None,
    group: bool = False,
    verbose: bool = False,
) -> Streamed:
    """Like ``stream``, with each resolution as its compact dict (the JSON output's schema 2,
    docs/json.md: ``dmrules.game.compact.header(scenario)`` gives what they share). Each window
    they go through is handed to ``on_window`` (its name, ``w1``, ``w2``, ..., and definition)
    before the first resolution that names it.

    The order is ``solve``'s (and ``stream``'s). An effect of one window that ends every
    resolution goes straight from the solver's atoms to the dicts (solving/brief.py), at the
    speed of clingo's own printer; the dicts' lists may be shared between resolutions (copy one
    before changing it). ``verbose`` adds each resolution's events as they happened
    (``happened``, as event objects) and the ids of those replaced (``replaced``)."""
    state = as_scenario(scenario, ruleset)
    table = compact.WindowTable(state)
    if not verbose:
        first = (lambda: on_window("w1", compact.first_window_definition(state))) if on_window else None
        fast = run.stream_brief(
            state, on_resolution, max_resolutions=max_resolutions, timeout=timeout, group=group, on_start=first
        )
        if fast is not None:
            return fast

    def each(resolution: Resolution) -> None:
        item = compact.compact_resolution(resolution, state, table.of)
        if verbose:
            item["happened"] = [compact.event_json(e) for e in resolution.happened]
            item["replaced"] = [e.id for e in resolution.replaced]
        if on_window is not None:
            for name, definition in table.take_new():
                on_window(name, definition)
        on_resolution(item)

    return run.stream(
        state, each, max_resolutions=max_resolutions, timeout=timeout, max_windows=max_windows, group=group
    )


def count(
    scenario: ScenarioLike, *, ruleset: str | None = None, group: bool = False, max_memory: int | None = None
) -> int:
    """The number of legal resolutions of the whole effect: always ``solve(scenario).total``,
    read from the solver's statistics where the effect is one window of fixed events.
    ``max_memory`` as for ``solve``."""
    state = as_scenario(scenario, ruleset)
    mib = bounded.max_memory_for(max_memory)
    if bounded.usable(mib):
        assert mib is not None
        return bounded.count(state, mib, group=group)
    return run.count(state, group=group)


@dataclass(frozen=True)
class Why:
    """How resolution ``number`` (as ``solve`` numbers them, from 1) is legal: for each
    replacement that watched one of its events, window by window, in decision order, whether
    it applied, or what kept it out when its player decided."""

    number: int
    resolution: Resolution
    steps: tuple[WhyStep, ...]


def why(scenario: ScenarioLike, resolution: int, *, ruleset: str | None = None, timeout: float | None = None) -> Why:
    """Why resolution number ``resolution`` (from 1, in ``solve``'s order) is legal."""
    state = as_scenario(scenario, ruleset)
    deadline = None if timeout is None else time.monotonic() + timeout
    # Every resolution is gone through, none kept but the one asked for: a limit would change
    # which come first.
    kept: list[Resolution] = []
    seen = 0

    def keep(found: Resolution) -> None:
        nonlocal seen
        seen += 1
        if seen == resolution:
            kept.append(found)

    streamed = run.stream(state, keep, timeout=timeout)
    if not streamed.complete and (streamed.stopped_by or "").startswith("timeout"):
        raise SolveError(
            f"{state.path}: no answer within the time limit of {timeout:g} s (--timeout): resolutions are numbered "
            "once every one is found; raise the limit"
        )
    if not streamed.complete:
        raise SolveError(
            f"{state.path}: stopped ({streamed.stopped_by}) before every resolution was found, "
            "so resolution numbers are not settled"
        )
    if not 1 <= resolution <= streamed.resolutions:
        raise InputError(
            state.path, "--resolution", f"there are {streamed.resolutions} resolutions; {resolution} is not one"
        )
    chosen = kept[0]
    return Why(resolution, chosen, tuple(_why(state, chosen, deadline=deadline)))


def _conditions(scenario: Scenario, outcome: OutcomeLike) -> list[OutcomeCondition]:
    if isinstance(outcome, str):
        return parse_conditions(scenario, [outcome])
    if isinstance(outcome, Mapping):
        return parse_conditions(scenario, [f"{k}={v}" for k, v in outcome.items()])
    conditions = list(outcome)
    if not all(isinstance(c, OutcomeCondition) for c in conditions):
        raise TypeError("an outcome is 'J1=battle,...', a mapping of subjects to values, or OutcomeConditions")
    return conditions


def why_not(scenario: ScenarioLike, outcome: OutcomeLike, *, ruleset: str | None = None) -> WhyNot:
    """Whether some legal resolution has ``outcome``; if none has, the rules the closest
    outcomes break, in the window where they break them (``WhyNot.legal`` is a resolution
    that has it, or None)."""
    state = as_scenario(scenario, ruleset)
    return _why_not(state, _conditions(state, outcome))


@dataclass(frozen=True)
class Check:
    """An observed outcome checked: ``legal``, and when it is not, ``why_not`` (the rules in
    the way, with their numbers in ``rules``)."""

    legal: bool
    why_not: WhyNot

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(sorted({v.rule for v in self.why_not.options[0][1]})) if self.why_not.options else ()


def check(scenario: ScenarioLike, observed: OutcomeLike, *, ruleset: str | None = None) -> Check:
    """Whether an outcome a simulator observed is one of the legal resolutions, and if not, why."""
    result = why_not(scenario, observed, ruleset=ruleset)
    return Check(result.legal is not None, result)
