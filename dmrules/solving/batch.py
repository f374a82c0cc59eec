"""Many windows in one grounding: every atom of the encodings gets the window as its first
argument, so a batch of first windows (and of later ones, level by level) is grounded at once
and each window solved with its own switch on."""

from __future__ import annotations

import atexit
from functools import lru_cache

import clingo
from clingo import Function, Number, Symbol, SymbolType, ast

from ..cache import load, store
from ..game.scenario import Scenario
from . import windowcache
from .decode import symbol_key
from .encodings import encoding_files, parsed_statements, silent
from .facts import situation_facts
from .ground import control_arguments, ground
from .progress import wait
from .prune import dead_statements, idle_statements, kept_file, live_statements, needs_met, rule_graph
from .windowcache import canonical_facts, state_definitions, state_key

# -- many first windows in one grounding -------------------------------------------------
# Grounding costs a fixed time per rule of the encodings (tens of milliseconds), whatever
# the facts. A batch of windows is grounded at once: every atom of the encodings gets the
# window as its first argument and every rule the body atom window__(W) (a fact), so the
# grounder still settles what the facts decide; choices, constraints and what is shown also
# need active__(W), an external made true for the window being solved, then released.
# Without its choices and constraints, a window that is not active has exactly one answer.
_W = "W__"


BATCH = 16


# The rulesets whose first windows are batched (the sequential ruleset gains nothing: its
# windows are few and its grounding is dominated by the chains' depth).
BATCHED = {"dm"}


def _switch(loc, name: str):
    """The body literal ``name(W__)``: a window's own switch."""
    atom = ast.Function(loc, name, [ast.Variable(loc, _W)], False)
    return ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(atom))


class _Windowed(ast.Transformer):
    """Every atom given the window as its first argument."""

    def visit_SymbolicAtom(self, node):
        sym = node.symbol
        var = ast.Variable(sym.location, _W)
        if sym.ast_type == ast.ASTType.Function:
            return node.update(symbol=sym.update(arguments=[var, *sym.arguments]))
        if sym.ast_type == ast.ASTType.UnaryOperation and sym.argument.ast_type == ast.ASTType.Function:
            inner = sym.argument
            return node.update(symbol=sym.update(argument=inner.update(arguments=[var, *inner.arguments])))
        if sym.ast_type == ast.ASTType.SymbolicTerm and sym.symbol.type == SymbolType.Function:
            return node.update(symbol=ast.Function(sym.location, sym.symbol.name, [var], False))
        raise ValueError(f"cannot put {sym} in a window")


def _decides(rule) -> bool:
    """A choice, or a constraint: what only the active window may do."""
    head = rule.head
    if head.ast_type != ast.ASTType.Literal:
        return True  # choice, head aggregate, disjunction
    return head.atom.ast_type == ast.ASTType.BooleanConstant


def _shown_signature(stm, loc):
    """``#show p/n.`` in windows: the active window's ``p`` atoms, shown without the window."""
    args = [ast.Variable(loc, f"X{i}__") for i in range(stm.arity)]
    atom = ast.Function(loc, stm.name, [ast.Variable(loc, _W), *args], False)
    return ast.ShowTerm(
        loc,
        ast.Function(loc, stm.name, args, False),
        [_switch(loc, "window__"), _switch(loc, "active__"), ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(atom))],
    )


def windowed_statements(files: tuple[str, ...]) -> tuple:
    """Each statement of the encodings put in windows, by position (None: kept as it is), and
    the statements added after them."""
    windowed = _Windowed()
    out: list = []
    for stm in parsed_statements(files):
        kind = stm.ast_type
        loc = stm.location
        if kind == ast.ASTType.Rule:
            gate = [_switch(loc, "window__"), _switch(loc, "active__")] if _decides(stm) else [_switch(loc, "window__")]
            stm = windowed(stm)
            out.append(stm.update(body=[*gate, *stm.body]))
        elif kind == ast.ASTType.ShowTerm:
            stm = windowed(stm)
            out.append(stm.update(body=[_switch(loc, "window__"), _switch(loc, "active__"), *stm.body]))
        elif kind == ast.ASTType.ShowSignature and not stm.name:
            out.append(stm)  # #show.
        elif kind == ast.ASTType.ShowSignature:
            out.append(_shown_signature(stm, loc))
        elif kind == ast.ASTType.Defined:
            out.append(stm.update(arity=stm.arity + 1))
        elif kind in (ast.ASTType.Program, ast.ASTType.Comment, ast.ASTType.Definition):
            out.append(stm)
        else:
            raise ValueError(f"cannot put {stm} in a window")
    return tuple(out), parsed_statements((), "window__(W) :- win__(W). #external active__(W) : win__(W).")


@lru_cache(maxsize=8)
def windowed(files: tuple[str, ...]) -> tuple:
    """``windowed_statements``, kept between runs as program text (reading it back takes
    milliseconds; putting the syntax trees in windows, a tenth of a second or more). The text
    is kept only if it reads back as the same statements."""

    path = kept_file("windowed", files)
    kept = load(path)
    if isinstance(kept, list) and all(isinstance(t, str) for t in kept):
        read = statements_read_back(kept)
        if read is not None:
            return read, parsed_statements((), "window__(W) :- win__(W). #external active__(W) : win__(W).")
    each, added = windowed_statements(files)
    texts = [str(stm) for stm in each]
    read = statements_read_back(texts)
    if read is not None and [str(stm) for stm in read] == texts:
        store(path, texts)
    return each, added


def statements_read_back(texts: list[str]) -> tuple | None:
    """The statements of ``texts`` (one each), or None when they do not read back one for one."""
    out: list = []
    try:
        ast.parse_string("\n".join(texts), out.append, logger=silent, message_limit=0)
    except RuntimeError:
        return None
    # The parser opens with the base program's statement of its own.
    if len(out) != len(texts) + 1 or str(out[0]) != "#program base.":
        return None
    return tuple(out[1:])


def windowed_pruned(files: tuple[str, ...], given: frozenset) -> list:
    """The windowed statements that can fire when the facts meet the needs ``given``."""
    each, added = windowed(files)
    dead = dead_statements(files, "", given)
    return [stm for i, stm in enumerate(each) if i not in dead] + list(added)


@atexit.register
def _release() -> None:
    """Syntax trees kept to the end would be freed after clingo's library, noisily."""
    parsed_statements.cache_clear()
    live_statements.cache_clear()
    dead_statements.cache_clear()
    idle_statements.cache_clear()
    rule_graph.cache_clear()
    windowed.cache_clear()


def wanted(scenario: Scenario, index: int, label: str, kind: str, pending: dict) -> bool:
    """Whether ``solve_window`` (ungrouped) finds this window solved already in this process.
    If not, and its ruleset is grounded in batches, its facts go into ``pending`` for
    ``solve_pending``."""
    exact = state_key(scenario, index, label, kind, False, True)
    if windowcache.WINDOWS.get_built(exact) is not None:
        return True
    key, names, facts = window_key(scenario, exact)
    if key in windowcache.WINDOWS.entries:
        return True
    if scenario.ruleset in BATCHED:
        pending.setdefault(key[:2], {}).setdefault(key, (facts or situation_facts(scenario), names))
    return False


def window_key(scenario: Scenario, exact: tuple) -> tuple[tuple, dict, list[Symbol] | None]:
    """An ungrouped window's key in ``windowcache.WINDOWS.entries`` (its control arguments, encodings and
    canonical facts) and its renaming, remembered by its exact key (``state_key``); and its
    facts when they had to be made (None when the key was remembered)."""
    definitions = state_definitions(scenario)
    known = windowcache.WINDOWS.known_key(exact, definitions)
    if known is not None:
        return known[0], known[1], None
    facts = situation_facts(scenario)
    canon, names = canonical_facts(facts)
    key = (
        tuple(control_arguments(scenario, ("0",))),
        tuple(encoding_files(scenario.ruleset, "solve", False, True)),
        canon,
    )
    windowcache.WINDOWS.remember_key(exact, (key, names), definitions)
    return key, names, facts


def solve_pending(pending: dict) -> int:
    """Solve the windows ``wanted`` left in ``pending``, grounded in batches, into the window
    cache (``solve_window`` then finds them there). How many windows were solved."""
    solved = 0
    for (arguments, files), windows in pending.items():
        try:
            windowed(files)
        except ValueError:  # a statement the batching does not know: these windows are solved one by one
            continue
        items = list(windows.items())
        for start in range(0, len(items), BATCH):
            solved += _solve_batch(list(arguments), files, items[start : start + BATCH])
    pending.clear()
    return solved


# A fact's name, arguments and sign by its handle: facts come back window after window, and
# taking a symbol apart calls into clingo three times.
_PARTS: dict = {}


def _parts(handle, sym: Symbol) -> tuple:
    if len(_PARTS) > 200_000:
        _PARTS.clear()
    found = _PARTS[handle] = (sym.name, sym.arguments, sym.positive)
    return found


def _solve_batch(arguments: list[str], files: tuple[str, ...], items: list) -> int:
    ctl = clingo.Control(arguments, logger=silent, message_limit=0)
    given = needs_met(files, "", (f for _, (facts, _) in items for f in facts))
    with ast.ProgramBuilder(ctl) as builder:
        for statement in windowed_pruned(files, given):
            builder.add(statement)
    with ctl.backend() as backend:
        for k, (_, (facts, _)) in enumerate(items, start=1):
            n = Number(k)
            backend.add_rule([backend.add_atom(Function("win__", [n]))])
            for f in facts:
                handle = symbol_key(f)
                name, args, positive = _PARTS.get(handle) or _parts(handle, f)
                backend.add_rule([backend.add_atom(Function(name, [n, *args], positive))])
    ground(ctl)
    for k, (key, (_, names)) in enumerate(items, start=1):
        switch = Function("active__", [Number(k)])
        ctl.assign_external(switch, True)
        raw: list[tuple[Symbol, ...]] = []

        def on_model(model: clingo.Model, raw: list = raw) -> bool:
            raw.append(tuple(model.symbols(shown=True)))
            return len(raw) <= windowcache.WINDOWS.per_window  # a window with more is not kept

        with ctl.solve(on_model=on_model, async_=True) as handle:
            wait(handle, None)
            handle.get()
        ctl.release_external(switch)
        windowcache.WINDOWS.put(key, (raw, names))
    return len(items)
