"""One replacement window: its legal resolutions, listed (``solve_window``, sorted by their
decisions and kept in the window cache) or handed over one by one as clingo finds them
(``stream_window``)."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Sequence

import clingo
from clingo import Symbol

from ..game.outcome import Window
from ..game.scenario import Scenario
from . import windowcache
from .batch import window_key
from .count import BREACH, solved
from .decode import Builder
from .encodings import encoding_files
from .facts import situation_facts
from .ground import control_arguments, grounded
from .grouping import GROUPED_SEARCH, group_facts, interchangeable_classes, interchangeable_units
from .progress import RUNNING, set_solve, tick, wait
from .windowcache import rename_strings, state_key


def solve_window(
    scenario: Scenario,
    index: int = 1,
    label: str = "effect",
    kind: str = "effect",
    *,
    timeout: float | None = None,
    max_models: int | None = None,
    group: bool = False,
    fold_units: bool = True,
    spill: int | None = None,
) -> tuple[list[Window], str | None]:
    """The legal resolutions of one window, in a deterministic order, and what cut the list
    short: ``"timeout"``, ``"max_models"`` or None when it is complete; with ``spill``,
    ``"spill"`` (and no resolutions) when the window has more than that many.

    With ``group``, one resolution per permutation class of interchangeable
    cards and units, each with its ``multiplicity`` (dmrules/grouping.py);
    when a resolution joins units in a way their profiles cannot tell
    (``unit_breach`` in asp/group.lp), the window is solved again with the
    interchangeable cards alone (``fold_units`` false).
    A window equal to one already solved in this process is not solved again.
    """
    exact = state_key(scenario, index, label, kind, group, fold_units)
    built = windowcache.WINDOWS.get_built(exact)
    if built is not None and spill is not None and len(built) > spill:
        return [], "spill"
    if built is not None and (max_models is None or len(built) <= max_models):
        return list(built), None
    arguments = control_arguments(scenario, ("0", *GROUPED_SEARCH) if group else ("0",))
    files = tuple(encoding_files(scenario.ruleset, "solve", group, True))
    classes, units, key, names, facts = _window_facts(scenario, exact, arguments, files, group, fold_units)
    builder = Builder(scenario, index, label, kind, classes, units)
    cached = windowcache.WINDOWS.get(key)
    if cached is not None and spill is not None and len(cached[0]) > spill:
        return [], "spill"
    if cached is not None and (max_models is None or len(cached[0]) <= max_models):
        return _built(exact, scenario, builder, _renamed(key, cached, names)), None
    ctl = grounded(arguments, files, "", facts if facts is not None else situation_facts(scenario))
    found, raw, cut = _solved(ctl, builder, bool(units), timeout, max_models, spill)
    if "breach" in cut:
        return solve_window(
            scenario,
            index,
            label,
            kind,
            timeout=timeout,
            max_models=max_models,
            group=group,
            fold_units=False,
            spill=spill,
        )
    if "spill" in cut:
        return [], "spill"
    windows = sorted(found, key=lambda w: w.key)
    if not cut:
        windowcache.WINDOWS.put(key, (raw, names))
        windowcache.WINDOWS.put_built(exact, scenario, windows)
    return list(windows), (cut[0] if cut else None)


def _window_facts(
    scenario: Scenario, exact: tuple, arguments: list[str], files: tuple[str, ...], group: bool, fold_units: bool
) -> tuple[list[list[str]], list, tuple, dict, list[Symbol] | None]:
    """A window's interchangeable cards' classes and units (grouped), its key in the window
    cache and the renaming of its cards under that key, and its facts (None when the key was
    remembered: made only when the window is solved)."""
    if not group:
        key, names, facts = window_key(scenario, exact)
        return [], [], key, names, facts
    # group.lp orders card ids: no renaming
    classes = interchangeable_classes(scenario)
    situation = situation_facts(scenario)
    units = interchangeable_units(scenario, situation, classes) if fold_units else []
    grouped = [*situation, *group_facts(classes, units)]
    return classes, units, (tuple(arguments), files, frozenset(map(str, grouped))), {}, grouped


def _built(exact: tuple, scenario: Scenario, builder: Builder, models: Sequence[Sequence[Symbol]]) -> list[Window]:
    """The windows of a cached window's models, sorted, and kept built by the state's exact key."""
    windows = sorted((builder.build(symbols) for symbols in models), key=lambda w: w.key)
    windowcache.WINDOWS.put_built(exact, scenario, windows)
    return list(windows)


def _renamed(key: tuple, cached: tuple, names: dict) -> Sequence[Sequence[Symbol]]:
    """The models of a cached window (``cached``: its models and the renaming they were solved
    under) with the cards renamed into this window's (``names``)."""
    models, solved_names = cached
    # solved card -> canonical -> this window's card
    back = {v: k for k, v in names.items()}
    moved = {}
    for card in {*solved_names, *names.values()}:
        mine = back.get(solved_names.get(card, card), solved_names.get(card, card))
        if mine != card:
            moved[card] = mine
    if not moved:
        return models
    # The same renaming comes back along other paths: its models are kept with the entry.
    renamed = windowcache.WINDOWS.renamed.setdefault(key, {})
    moved_key = frozenset(moved.items())
    if moved_key not in renamed:
        memo: dict = {}
        renamed[moved_key] = [[rename_strings(sym, moved, memo) for sym in symbols] for symbols in models]
        windowcache.WINDOWS.held += len(models)
    return renamed[moved_key]


def _solved(
    ctl: clingo.Control,
    builder: Builder,
    units: bool,
    timeout: float | None,
    max_models: int | None,
    spill: int | None,
) -> tuple[list[Window], list[tuple[Symbol, ...]], list[str]]:
    """The window's resolutions as clingo finds them, its models' shown symbols (as many as the
    cache keeps), and what cut the search short (``"breach"``: units joined in a way their
    profiles cannot tell, ``"max_models"``, ``"spill"``, ``"timeout"``; empty when complete)."""
    found: list[Window] = []
    unbuilt: list = []
    raw: list[tuple[Symbol, ...]] = []
    cut: list[str] = []

    def on_model(model: clingo.Model) -> bool:
        if units and model.contains(BREACH):
            cut.append("breach")
            return False
        symbols = model.symbols(shown=True)
        if len(raw) <= windowcache.WINDOWS.per_window:  # more than that are not kept
            raw.append(tuple(symbols))
        if RUNNING:
            RUNNING[-1].models += 1
        if spill is not None:  # built once the list is known to be short enough
            unbuilt.append(symbols)
        else:
            found.append(builder.build(symbols))
        count = len(unbuilt) + len(found)
        if max_models is not None and count >= max_models:
            cut.append("max_models")
            return False
        if spill is not None and count > spill:
            cut.append("spill")
            return False
        return True

    with ctl.solve(on_model=on_model, async_=True) as handle:
        if not wait(handle, timeout):
            handle.cancel()
            cut.append("timeout")
        handle.get()
    if "breach" not in cut and "spill" not in cut:
        found.extend(builder.build(symbols) for symbols in unbuilt)
    return found, raw, cut


def _breach_possible(ctl: clingo.Control) -> bool:
    """Whether some answer set shows ``unit_breach`` (asp/group.lp): then the units cannot be folded."""
    if ctl.symbolic_atoms[BREACH] is None:
        return False
    set_solve(ctl, models=1)
    try:
        return bool(solved(ctl, assumptions=[(BREACH, True)]).satisfiable)
    finally:
        set_solve(ctl, models=0)


def stream_window(
    scenario: Scenario,
    index: int = 1,
    label: str = "effect",
    kind: str = "effect",
    *,
    on_window: Callable[[Window], bool],
    timeout: float | None = None,
    max_models: int | None = None,
    group: bool = False,
) -> str | None:
    """Each legal resolution of one window handed to ``on_window`` as clingo finds it, in
    clingo's (deterministic) order, nothing kept; ``on_window`` may solve later windows
    before the next model is searched for, and returns True to stop the enumeration (a limit
    of the whole search was reached). Returns what cut the list short, as
    ``solve_window`` does: ``"timeout"``, ``"max_models"`` or None."""
    classes = interchangeable_classes(scenario) if group else []
    situation = situation_facts(scenario)
    units = interchangeable_units(scenario, situation, classes) if group else []
    files = tuple(encoding_files(scenario.ruleset, "solve", group, True))
    ctl = grounded(control_arguments(scenario, ("0",)), files, "", [*situation, *group_facts(classes, units)])
    if units and _breach_possible(ctl):  # nothing handed out can be taken back: decided before the first
        units = []
        ctl = grounded(control_arguments(scenario, ("0",)), files, "", [*situation, *group_facts(classes)])
    builder = Builder(scenario, index, label, kind, classes, units)
    count = 0

    def each(symbols) -> str | None:
        nonlocal count
        window = builder.build(symbols)
        count += 1
        if RUNNING:
            RUNNING[-1].models += 1
        if on_window(window):
            return "stopped"
        if max_models is not None and count >= max_models:
            return "max_models"
        return None

    return _each_model(ctl, each, timeout)


# Models go from clingo's search (its own thread) to the caller in batches: handing each
# model over alone costs a thread switch (about a tenth of a millisecond) per model.
HANDOVER = 256


def _shown(model: clingo.Model) -> Sequence[Symbol]:
    return model.symbols(shown=True)


def _each_model(
    ctl: clingo.Control,
    each: Callable[[Sequence[Symbol]], str | None],
    timeout: float | None,
    read: Callable[[clingo.Model], Sequence] = _shown,
) -> str | None:
    """``each(read(model))`` (its shown symbols) for every model in clingo's order, in this thread (it may solve
    other windows), until it returns a reason to stop, which is returned; "timeout", or None
    once every model went. The search runs ahead by at most a few batches."""
    handed: queue.Queue = queue.Queue(maxsize=4)
    stop = threading.Event()
    batch: list = []
    deadline = None if timeout is None else time.monotonic() + timeout

    handed_at = [time.monotonic()]
    done = object()  # put after the last batch once the search is over

    def hand(items) -> None:
        while not stop.is_set():
            try:
                handed.put(items, timeout=0.05)
                return
            except queue.Full:
                continue

    def on_model(model: clingo.Model) -> bool:
        batch.append(read(model))
        # A full batch goes over, and so does what a slow search found in a twentieth of a second.
        if len(batch) >= HANDOVER or time.monotonic() - handed_at[0] >= 0.05:
            handed_at[0] = time.monotonic()
            items = batch[:]
            batch.clear()
            hand(items)
        return not stop.is_set()

    def on_finish(result) -> None:
        if batch:
            hand(batch[:])
        hand(done)

    with ctl.solve(on_model=on_model, on_finish=on_finish, async_=True) as handle:
        try:
            return _take(handle, handed, done, each, deadline)
        finally:
            stop.set()
            while not handed.empty():  # a search waiting to hand a batch over is let go
                handed.get_nowait()
            handle.cancel()
            handle.get()


def _take(
    handle: clingo.SolveHandle,
    handed: queue.Queue,
    done: object,
    each: Callable[[Sequence[Symbol]], str | None],
    deadline: float | None,
) -> str | None:
    """``each`` of the models ``handed`` over, batch after batch, until it returns a reason to
    stop (returned), the deadline passes ("timeout"), or ``done`` comes (None)."""
    while True:
        try:
            items = handed.get(timeout=0.1)
        except queue.Empty:
            tick()
            if handle.wait(0) and handed.empty():
                # Over without its last word (the search failed: ``get`` then says why).
                try:
                    items = handed.get(timeout=0.2)
                except queue.Empty:
                    return None
            elif deadline is not None and time.monotonic() >= deadline:
                return "timeout"
            else:
                continue
        if items is done:
            return None
        for symbols in items:
            reason = each(symbols)
            if reason is not None:
                return reason
        if deadline is not None and time.monotonic() >= deadline:
            return "timeout"
