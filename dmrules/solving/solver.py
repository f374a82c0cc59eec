"""Running clingo on a scenario: encodings + facts → answer sets → resolutions."""

from __future__ import annotations

import atexit
import os
import re
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Union

import clingo
from clingo import Function, Symbol, SymbolType

from ..errors import SolveError
from ..reading.scenario import CardInstance, Scenario
from .facts import situation_facts
from .grouping import group_facts, interchangeable_classes, interchangeable_units, multiplicity
from .outcome import Builder, Resolution, Solution, Streamed, Window, symbol_key

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


@lru_cache(maxsize=16)
def _statements(files: tuple[str, ...], extra: str = "") -> tuple:
    """The encodings, parsed once per process (``#include`` resolved) and kept as syntax trees."""
    from clingo import ast

    out: list = []
    ast.parse_files(list(files), out.append, logger=_silent, message_limit=0)
    if extra:
        ast.parse_string(extra, out.append, logger=_silent, message_limit=0)
    return tuple(out)


# -- only the rules the facts can reach ----------------------------------------------------
# The grounder spends some microseconds on every rule, even one whose body can never hold;
# over a thousand statements, that is most of a small window's time. A rule with a positive
# body atom that no fact and no reachable rule can produce never fires: it is left out before
# grounding. This changes nothing the grounder would produce. What a body atom needs is its
# predicate and the constants it names at top level (``does(R,_,mill(own,N))`` needs a
# ``does/3`` whose third argument is a ``mill/2``); a rule's head makes its predicate with
# the constants it names, any value where it has a variable or anything else.
class _Opaque(Exception):
    """A statement the pruning does not read: nothing is pruned."""


def _argument_key(term, constants: frozenset) -> str | None:
    """What an argument of an atom in the encodings is at top level: a constant, a number, a
    string (as clingo writes them) or ``name/arity`` of a function term; None when it may be
    anything (a variable, arithmetic, an interval, a pool, a ``#const``)."""
    from clingo import ast

    kind = term.ast_type
    if kind == ast.ASTType.SymbolicTerm:
        return _value_key(term.symbol, constants)
    if kind == ast.ASTType.Function and not term.external:
        if term.arguments:
            return f"{term.name}/{len(term.arguments)}"
        return None if term.name in constants else term.name
    return None


def _value_key(sym: Symbol, constants: frozenset = frozenset()) -> str | None:
    """``_argument_key`` of a value (a fact's argument)."""
    kind = sym.type
    if kind == SymbolType.Number:
        return str(sym.number)
    if kind == SymbolType.String:
        return str(sym)
    if kind == SymbolType.Function:
        name = sym.name if sym.positive else "-" + sym.name
        if sym.arguments:
            return f"{name}/{len(sym.arguments)}"
        return None if name in constants else name
    return None  # #inf, #sup


def _atom_pattern(term, constants: frozenset) -> tuple | None:
    """An atom's predicate and the key of each argument (None: any value)."""
    from clingo import ast

    if term.ast_type == ast.ASTType.Function and not term.external:
        return (term.name, len(term.arguments)), tuple(_argument_key(a, constants) for a in term.arguments)
    if term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == SymbolType.Function:
        sym = term.symbol
        return (sym.name, len(sym.arguments)), tuple(_value_key(a, constants) for a in sym.arguments)
    if term.ast_type == ast.ASTType.UnaryOperation and term.operator_type == ast.UnaryOperator.Minus:
        inner = _atom_pattern(term.argument, constants)
        return None if inner is None else (("-" + inner[0][0], inner[0][1]), inner[1])
    raise _Opaque(term)


def _literal_pattern(literal, constants: frozenset) -> tuple | None:
    from clingo import ast

    atom = literal.atom
    if atom.ast_type == ast.ASTType.SymbolicAtom:
        return _atom_pattern(atom.symbol, constants)
    if atom.ast_type in (
        ast.ASTType.Comparison,
        ast.ASTType.BooleanConstant,
        ast.ASTType.BodyAggregate,
        ast.ASTType.Aggregate,
    ):
        return None  # needs no atom (an aggregate may hold over no element)
    raise _Opaque(atom)


def _needs(body, constants: frozenset = frozenset()) -> set:
    """What a body's positive literals need: (predicate, ((position, key), ...)) each."""
    from clingo import ast

    out = set()
    for lit in body:
        if lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign:
            found = _literal_pattern(lit, constants)
            if found is not None:
                sig, keys = found
                out.add((sig, tuple((i, k) for i, k in enumerate(keys) if k is not None)))
        elif lit.ast_type not in (
            ast.ASTType.Literal,
            ast.ASTType.ConditionalLiteral,
            ast.ASTType.BodyAggregate,
            ast.ASTType.Aggregate,
        ):
            raise _Opaque(lit)
    return out


def _makes(head, constants: frozenset = frozenset()) -> set:
    """What a head makes: (predicate, (key or None, ...)) each."""
    from clingo import ast

    kind = head.ast_type
    if kind == ast.ASTType.Literal:
        literals = [head]
    elif kind in (ast.ASTType.Aggregate, ast.ASTType.Disjunction):  # a choice, a disjunction
        literals = [e.literal for e in head.elements]
    elif kind == ast.ASTType.HeadAggregate:
        literals = [e.condition.literal for e in head.elements]
    else:
        raise _Opaque(head)
    return {found for lit in literals for found in [_literal_pattern(lit, constants)] if found is not None}


def _satisfies(keys: tuple, need: tuple) -> bool:
    """Whether an atom whose arguments are ``keys`` (None: any value) can be one that ``need``s."""
    return all(keys[i] is None or keys[i] == key for i, key in need)


@lru_cache(maxsize=16)
def _rule_graph(files: tuple[str, ...], extra: str) -> tuple | None:
    """The statements, what their bodies need and their heads can meet (``_read_rule_graph``),
    and a memo of what each fact meets; None when a statement is not understood. Kept
    between runs (``reading/cache.py``): reading it from the syntax trees takes a tenth of a
    second."""
    from ..reading.cache import load, store
    from ..reading.keepable import decode, encode

    path = _kept_file("needs", files, extra)
    kept = load(path)
    try:
        kept = decode(kept) if kept is not None else None
    except ValueError:  # of the wrong shape: read again
        kept = None
    if not (isinstance(kept, tuple) and len(kept) == 3 and _graph_shape(kept, len(_statements(files, extra)))):
        kept = _read_rule_graph(files, extra)
        store(path, encode(kept))
    if kept[0] is None:
        return None
    return (_statements(files, extra), *kept, {})  # and the needs each fact meets, as met


def _graph_shape(kept: tuple, statements: int) -> bool:
    """Whether a kept rule graph has the shape ``_read_rule_graph`` gives the encodings."""
    needs, rules, waiting = kept
    if needs is None:
        return rules is None and waiting is None
    try:
        return (
            isinstance(needs, dict)
            and isinstance(rules, list)
            and isinstance(waiting, dict)
            and all(isinstance(i, int) and 0 <= i < statements for i, _, _ in rules)
            and all(isinstance(k, int) and all(0 <= r < len(rules) for r in v) for k, v in waiting.items())
        )
    except (TypeError, ValueError):
        return False


def _kept_file(what: str, files: tuple[str, ...], extra: str = "") -> Path | None:
    """Where ``what`` is kept that is made from these encodings (their rule graph, their
    windowed form): under the code's key, by the encodings' files (every one under the
    encodings' folder, as ``#include`` may name any)."""
    from ..reading.cache import cache_root, code_key, content_key

    root, key = cache_root(), code_key()
    if root is None or key is None:
        return None
    parts: list[str | bytes] = [what, str(files), extra]
    try:
        for path in sorted(encodings_dir().rglob("*.lp")):
            parts += [str(path.relative_to(encodings_dir())), path.read_bytes()]
    except OSError:
        return None
    return root / f"graphs-{key}" / f"{content_key(*parts)}.json"


def _read_rule_graph(files: tuple[str, ...], extra: str) -> tuple:
    """``_rule_graph``'s data, read from the syntax trees: what each body needs, by predicate
    (``needs``: predicate -> [(need id, ((position, key), ...))]); the rules (statement index,
    the needs of its body, the needs its head can meet); what waits on each need. (None, None,
    None) when a statement is not understood."""
    from clingo import ast

    statements = _statements(files, extra)
    constants = frozenset(stm.name for stm in statements if stm.ast_type == ast.ASTType.Definition)
    index: dict[tuple, int] = {}  # (predicate, ((position, key), ...)) -> need id

    def ids(needs) -> tuple[int, ...]:
        return tuple(index.setdefault(need, len(index)) for need in needs)

    read = []  # (statement index, needs, what the head makes)
    try:
        for i, stm in enumerate(statements):
            if stm.ast_type == ast.ASTType.Rule:
                read.append((i, ids(_needs(stm.body, constants)), _makes(stm.head, constants)))
            elif stm.ast_type in (ast.ASTType.ShowTerm, ast.ASTType.Minimize):
                read.append((i, ids(_needs(stm.body, constants)), set()))
            elif stm.ast_type == ast.ASTType.External:
                read.append((i, ids(_needs(stm.body, constants)), {_atom_pattern(stm.atom.symbol, constants)}))
            elif stm.ast_type not in (
                ast.ASTType.Program,
                ast.ASTType.Comment,
                ast.ASTType.Definition,
                ast.ASTType.ShowSignature,
                ast.ASTType.Defined,
            ):
                raise _Opaque(stm)
    except _Opaque:
        return None, None, None
    needs: dict[tuple[str, int], list] = {}
    for (sig, need), k in index.items():
        needs.setdefault(sig, []).append((k, need))
    rules = []
    for i, body, made in read:
        meets = {k for sig, keys in made for k, need in needs.get(sig, ()) if _satisfies(keys, need)}
        rules.append((i, body, tuple(sorted(meets))))
    waiting: dict[int, list[int]] = {}  # need -> the rules (positions in ``rules``) that wait on it
    for k, (_, body, _) in enumerate(rules):
        for need in set(body):
            waiting.setdefault(need, []).append(k)
    return needs, rules, waiting


def _given(files: tuple[str, ...], extra: str, facts: Iterable[Symbol]) -> frozenset:
    """The needs of the encodings' bodies that ``facts`` meet (``_dead``'s input)."""
    graph = _rule_graph(files, extra)
    if graph is None:
        return frozenset()
    needs, memo = graph[1], graph[4]
    if len(memo) > 200_000:
        memo.clear()
    names = memo.setdefault(None, {name for name, _ in needs})
    out: set[int] = set()
    for sym in facts:
        handle = symbol_key(sym)
        met = memo.get(handle)
        if met is None:
            met = ()
            if sym.name in names or ("-" + sym.name) in names:
                args = sym.arguments
                wanted = needs.get((sym.name if sym.positive else "-" + sym.name, len(args)), ())
                if wanted:
                    # Only the arguments some need names a constant at are read.
                    keys = {i: _value_key(args[i]) for i in {i for _, need in wanted for i, _ in need}}
                    met = tuple(k for k, need in wanted if all(keys[i] == key for i, key in need))
            memo[handle] = met
        out.update(met)
    return frozenset(out)


@lru_cache(maxsize=1024)
def _pruned(files: tuple[str, ...], extra: str, given: frozenset) -> tuple:
    """The statements of the encodings that can fire when the facts meet the needs ``given``."""
    dead = _dead(files, extra, given)
    return tuple(stm for i, stm in enumerate(_statements(files, extra)) if i not in dead)


@lru_cache(maxsize=16)
def _idle(files: tuple[str, ...], extra: str) -> frozenset[int]:
    """The positions of the comments and ``#defined`` statements: the grounder makes nothing of
    them (``#defined`` only quiets messages that are not shown anyway)."""
    from clingo import ast

    return frozenset(
        i
        for i, stm in enumerate(_statements(files, extra))
        if stm.ast_type in (ast.ASTType.Comment, ast.ASTType.Defined)
    )


@lru_cache(maxsize=1024)
def _dead(files: tuple[str, ...], extra: str, given: frozenset) -> frozenset[int]:
    """The positions of the statements that cannot fire when the facts meet the needs ``given``
    (``_given``): a reachability pass over the needs, each rule waiting for its body's; and of
    those that never make anything (``_idle``)."""
    graph = _rule_graph(files, extra)
    if graph is None:
        return _idle(files, extra)
    _, _, rules, waiting, _ = graph
    missing = [len(set(needs)) for _, needs, _ in rules]
    reached: set[int] = set()
    todo = list(given)
    todo += [need for k, (_, needs, meets) in enumerate(rules) if not needs for need in meets]
    while todo:
        need = todo.pop()
        if need in reached:
            continue
        reached.add(need)
        for k in waiting.get(need, ()):
            missing[k] -= 1
            if missing[k] == 0:
                todo.extend(rules[k][2])
    return frozenset(rules[k][0] for k in range(len(rules)) if missing[k] > 0) | _idle(files, extra)


def _control_arguments(scenario: Scenario, arguments: Sequence[str]) -> list[str]:
    arguments = list(arguments)
    if scenario.ruleset == "sequential":
        # A chain applies each replacement at most once: it is at most as long as there are replacements.
        n = sum(len(c.replacements) for c in scenario.cards.values()) + len(scenario.effects)
        if n + 1 > MAX_ORDERED_DEPTH and _takes_from_deck(scenario):
            from ..errors import InputError

            raise InputError(
                scenario.path,
                "ruleset",
                f"the sequential ruleset orders the cards taken from a deck along chains of at most "
                f"{MAX_ORDERED_DEPTH - 1} replacements, and this scenario has {n} replacement abilities and effects "
                "with one that mills or draws",
            )
        arguments += ["-c", f"max_depth={n + 1}"]
    return arguments


# A deck action's place along a chain is a number in base 8 with a digit per depth
# (asp/common/actions.lp): 8 ** 10 is past clingo's 32-bit integers.
MAX_ORDERED_DEPTH = 10


def _takes_from_deck(scenario: Scenario) -> bool:
    abilities = [a for c in scenario.cards.values() for a in c.replacements] + [e.ability for e in scenario.effects]
    return any(action.kind in ("mill", "draw") for a in abilities for action in a.instead)


# Below this many facts the encodings ground in milliseconds (their ground size is linear in
# the facts): no thread is worth starting for Ctrl-C's sake.
INLINE_FACTS = 5000


def ground(ctl: clingo.Control, parts=(("base", ()),), inline: bool = False) -> None:
    """``ctl.ground(parts)`` in a worker thread, waited on in slices from the main thread, so
    that Ctrl-C (KeyboardInterrupt) reaches Python during a long grounding too; the grounding
    itself cannot be stopped: it is left to finish in its (daemon) thread, which the process
    does not wait for at exit. ``inline``: a short grounding, in this thread."""
    if inline or threading.current_thread() is not threading.main_thread() or os.environ.get("DMRULES_GROUND_INLINE"):
        ctl.ground(list(parts))
        return
    failed: list[BaseException] = []

    def run() -> None:
        try:
            ctl.ground(list(parts))
        except BaseException as exc:  # handed to the caller
            failed.append(exc)

    worker = threading.Thread(target=run, name="dmrules-ground", daemon=True)
    worker.start()
    while worker.is_alive():
        worker.join(0.1)
        _tick()
    if failed:
        raise failed[0]


def _grounded(
    arguments: list[str], files: tuple[str, ...], extra_program: str, facts: Iterable[Symbol]
) -> clingo.Control:
    ctl = clingo.Control(arguments, logger=_silent, message_limit=0)
    from clingo import ast

    facts = list(facts)
    given = _given(files, extra_program, facts)
    with ast.ProgramBuilder(ctl) as builder:
        for statement in _pruned(files, extra_program, given):
            builder.add(statement)
    with ctl.backend() as backend:
        for sym in facts:
            backend.add_rule([backend.add_atom(sym)])
    ground(ctl, inline=len(facts) < INLINE_FACTS)
    return ctl


def make_control(
    scenario: Scenario,
    mode: str = "solve",
    arguments: Sequence[str] = ("0",),
    extra: Iterable[Symbol] = (),
    group: bool = False,
) -> clingo.Control:
    """A grounded Control for the scenario; facts go in through the backend as symbols.

    The encodings are parsed once per process; each Control receives their syntax trees.
    """
    files = tuple(encoding_files(scenario.ruleset, mode, group))
    return _grounded(_control_arguments(scenario, arguments), files, "", [*situation_facts(scenario), *extra])


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


_progress: list[Progress] = []  # the progress line of the run under way, if any


def _tick(models: int = 0) -> None:
    if _progress:
        _progress[-1].models += models
        _progress[-1].tick()


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
            _tick()
            if deadline is not None and time.monotonic() >= deadline:
                return False
    except BaseException:
        handle.cancel()
        raise


class WindowCache:
    """Windows already solved in this process, by the solver's whole input.

    Two windows whose facts (and options) are equal have the same answer
    sets; a chain of windows meets the same state along many paths. Only
    complete enumerations are kept, as the shown symbols of each model in
    the solver's order: windows of at most ``per_window`` models, at most
    ``max_models`` models in all (a model holds some sixty symbols: about
    3.5 KB, so 40,000 models are about 140 MB at most).
    """

    def __init__(self, max_models: int = 40_000, per_window: int = 5_000):
        self.max_models = max_models
        self.per_window = min(per_window, max_models)
        self.held = 0
        self.entries: dict[tuple, tuple] = {}
        self.renamed: dict[tuple, dict] = {}  # an entry's models under each renaming met
        # Windows met again in exactly the same state (the same cards, events and options):
        # their resolutions as built, with the state they were built from (which keeps the
        # card definitions its key names by identity alive as long as the entry).
        self.built: dict[tuple, tuple[Scenario, list[Window]]] = {}
        self.built_held = 0
        # A state's key in ``entries`` and its renaming (the canonical facts), by its exact key.
        self.keys: dict[tuple, tuple[tuple, dict]] = {}
        self.hits = 0

    def get(self, key: tuple):
        models = self.entries.get(key)
        if models is not None:
            self.hits += 1
        return models

    def put(self, key: tuple, entry: tuple[list[tuple[Symbol, ...]], dict]) -> None:
        models, names = entry
        if self.max_models <= 0 or len(models) > self.per_window or key in self.entries:
            return
        while self.entries and self.held + len(models) > self.max_models:
            old = next(iter(self.entries))
            self.held -= len(self.entries.pop(old)[0]) * (1 + len(self.renamed.pop(old, ())))
        self.entries[key] = (tuple(models), names)
        self.held += len(models)

    def get_built(self, key: tuple) -> list[Window] | None:
        found = self.built.get(key)
        if found is None:
            return None
        self.hits += 1
        return found[1]

    def put_built(self, key: tuple, state: Scenario, windows: list[Window]) -> None:
        if self.max_models <= 0 or len(windows) > self.per_window or key in self.built:
            return
        while self.built and self.built_held + len(windows) > self.max_models:
            self.built_held -= len(self.built.pop(next(iter(self.built)))[1])
        self.built[key] = (state, windows)
        self.built_held += len(windows)

    # States whose canonical key is remembered, at most (each holds its facts' text: some KB).
    MAX_KEYS = 2_000

    def remember_key(self, exact: tuple, known: tuple[tuple, dict]) -> None:
        if self.max_models <= 0:
            return
        if len(self.keys) >= self.MAX_KEYS:  # the oldest is forgotten: it is only a shortcut
            self.keys.pop(next(iter(self.keys)))
        self.keys[exact] = known

    def clear(self) -> None:
        self.entries.clear()
        self.renamed.clear()
        self.built.clear()
        self.keys.clear()
        self.held = self.built_held = 0


_CARD_FIELDS = tuple(f for f in CardInstance.__dataclass_fields__ if f != "definition")


def state_key(scenario: Scenario, *options) -> tuple:
    """Everything of ``scenario`` a window's solving reads, as a hashable value, with ``options``.
    A card's definition enters by identity (the pool's definitions are shared objects): two
    states with equal keys have the same windows. Cheaper than the facts, which it precedes."""
    cards = tuple(
        (card_id, id(c.definition), *[getattr(c, f) for f in _CARD_FIELDS]) for card_id, c in scenario.cards.items()
    )
    return (
        options,
        scenario.ruleset,
        scenario.players,
        scenario.turn_player,
        cards,
        scenario.events,
        scenario.effects,
        scenario.templates,
        scenario.steps,
        scenario.deferred,
        tuple(sorted(scenario.player_cannot.items())),
        tuple(sorted(scenario.this_turn.items())),
        tuple((p, tuple(sorted(z.items()))) for p, z in sorted(scenario.limits.items())),
        scenario.shuffled,
        scenario.effect_source,
        scenario.effect_controller,
        scenario.effect_by,
    )


WINDOWS = WindowCache()

_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')  # a string term in clingo's text of a symbol


def _rename(sym: Symbol, names: dict[Symbol, Symbol], memo: dict | None = None) -> Symbol:
    """The symbol with the strings of ``names`` replaced, at any depth."""
    if sym.type == SymbolType.String:
        return names.get(sym, sym)
    if sym.type != SymbolType.Function or not sym.arguments:
        return sym
    if memo is not None:
        done = memo.get(sym)
        if done is not None:
            return done
    out = Function(sym.name, [_rename(a, names, memo) for a in sym.arguments], sym.positive)
    if memo is not None:
        memo[sym] = out
    return out


def canonical(facts: list[Symbol]) -> tuple[frozenset[str], dict[Symbol, Symbol]]:
    """The facts (as text) with the cards renamed into a canonical order, and that renaming.

    A card whose facts name no other card can trade its id with any card
    whose facts read the same but for the id: two states that differ only by
    such a permutation (h1, h2 discarded or h3, h4) have the same canonical
    facts. The encodings compare card ids only for equality (asp/group.lp,
    which orders them, is not renamed), so the answer sets of one are the
    answer sets of the other, renamed.
    """
    texts = [str(f) for f in facts]
    cards = {t[5:-1] for t in texts if t.startswith('card("') and t.endswith('")') and _QUOTED.fullmatch(t[5:-1])}
    mentions: dict[str, list[str]] = {}
    fixed: set[str] = set()
    for text in texts:
        found = {q for q in _QUOTED.findall(text) if q in cards}
        if len(found) == 1:
            mentions.setdefault(found.pop(), []).append(text)
        elif found:
            fixed |= found
    movable = sorted(cards - fixed)
    hole = '"\\x00"'

    def signature(card: str) -> tuple[str, ...]:
        return tuple(
            sorted(_QUOTED.sub(lambda m: hole if m.group(0) == card else m.group(0), t) for t in mentions.get(card, ()))
        )

    order = sorted(movable, key=lambda c: (signature(c), c))
    names = {c: n for c, n in zip(order, movable) if c != n}
    if not names:
        return frozenset(texts), {}
    canon = frozenset(_QUOTED.sub(lambda m: names.get(m.group(0), m.group(0)), t) for t in texts)
    return canon, {clingo.parse_term(a): clingo.parse_term(b) for a, b in names.items()}


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


def _windowed_statements(files: tuple[str, ...]) -> tuple:
    """Each statement of the encodings put in windows, by position (None: kept as it is), and
    the statements added after them."""
    from clingo import ast

    def switch(loc, name):
        atom = ast.Function(loc, name, [ast.Variable(loc, _W)], False)
        return ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(atom))

    class Windowed(ast.Transformer):
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

    def decides(rule) -> bool:
        """A choice, or a constraint: what only the active window may do."""
        head = rule.head
        if head.ast_type != ast.ASTType.Literal:
            return True  # choice, head aggregate, disjunction
        return head.atom.ast_type == ast.ASTType.BooleanConstant

    windowed = Windowed()
    out: list = []
    for stm in _statements(files):
        kind = stm.ast_type
        loc = stm.location
        if kind == ast.ASTType.Rule:
            gate = [switch(loc, "window__"), switch(loc, "active__")] if decides(stm) else [switch(loc, "window__")]
            stm = windowed(stm)
            out.append(stm.update(body=[*gate, *stm.body]))
        elif kind == ast.ASTType.ShowTerm:
            stm = windowed(stm)
            out.append(stm.update(body=[switch(loc, "window__"), switch(loc, "active__"), *stm.body]))
        elif kind == ast.ASTType.ShowSignature and not stm.name:
            out.append(stm)  # #show.
        elif kind == ast.ASTType.ShowSignature:
            args = [ast.Variable(loc, f"X{i}__") for i in range(stm.arity)]
            atom = ast.Function(loc, stm.name, [ast.Variable(loc, _W), *args], False)
            out.append(
                ast.ShowTerm(
                    loc,
                    ast.Function(loc, stm.name, args, False),
                    [
                        switch(loc, "window__"),
                        switch(loc, "active__"),
                        ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(atom)),
                    ],
                )
            )
        elif kind == ast.ASTType.Defined:
            out.append(stm.update(arity=stm.arity + 1))
        elif kind in (ast.ASTType.Program, ast.ASTType.Comment, ast.ASTType.Definition):
            out.append(stm)
        else:
            raise ValueError(f"cannot put {stm} in a window")
    return tuple(out), _statements((), "window__(W) :- win__(W). #external active__(W) : win__(W).")


@lru_cache(maxsize=8)
def _windowed(files: tuple[str, ...]) -> tuple:
    """``_windowed_statements``, kept between runs as program text (reading it back takes
    milliseconds; putting the syntax trees in windows, a tenth of a second or more). The text
    is kept only if it reads back as the same statements."""

    from ..reading.cache import load, store

    path = _kept_file("windowed", files)
    kept = load(path)
    if isinstance(kept, list) and all(isinstance(t, str) for t in kept):
        read = _read_back(kept)
        if read is not None:
            return read, _statements((), "window__(W) :- win__(W). #external active__(W) : win__(W).")
    each, added = _windowed_statements(files)
    texts = [str(stm) for stm in each]
    read = _read_back(texts)
    if read is not None and [str(stm) for stm in read] == texts:
        store(path, texts)
    return each, added


def _read_back(texts: list[str]) -> tuple | None:
    """The statements of ``texts`` (one each), or None when they do not read back one for one."""
    from clingo import ast

    out: list = []
    try:
        ast.parse_string("\n".join(texts), out.append, logger=_silent, message_limit=0)
    except RuntimeError:
        return None
    # The parser opens with the base program's statement of its own.
    if len(out) != len(texts) + 1 or str(out[0]) != "#program base.":
        return None
    return tuple(out[1:])


def _windowed_pruned(files: tuple[str, ...], given: frozenset) -> list:
    """The windowed statements that can fire when the facts meet the needs ``given``."""
    each, added = _windowed(files)
    dead = _dead(files, "", given)
    return [stm for i, stm in enumerate(each) if i not in dead] + list(added)


@atexit.register
def _release() -> None:
    """Syntax trees kept to the end would be freed after clingo's library, noisily."""
    _statements.cache_clear()
    _pruned.cache_clear()
    _dead.cache_clear()
    _idle.cache_clear()
    _rule_graph.cache_clear()
    _windowed.cache_clear()


def wanted(scenario: Scenario, index: int, label: str, kind: str, pending: dict) -> bool:
    """Whether ``solve_window`` (ungrouped) finds this window solved already in this process.
    If not, and its ruleset is grounded in batches, its facts go into ``pending`` for
    ``solve_pending``."""
    exact = state_key(scenario, index, label, kind, False, True)
    if WINDOWS.get_built(exact) is not None:
        return True
    key, names, facts = _window_key(scenario, exact)
    if key in WINDOWS.entries:
        return True
    if scenario.ruleset in BATCHED:
        pending.setdefault(key[:2], {}).setdefault(key, (facts or situation_facts(scenario), names))
    return False


def _window_key(scenario: Scenario, exact: tuple) -> tuple[tuple, dict, list[Symbol] | None]:
    """An ungrouped window's key in ``WINDOWS.entries`` (its control arguments, encodings and
    canonical facts) and its renaming, remembered by its exact key (``state_key``); and its
    facts when they had to be made (None when the key was remembered)."""
    known = WINDOWS.keys.get(exact)
    if known is not None:
        return known[0], known[1], None
    facts = situation_facts(scenario)
    canon, names = canonical(facts)
    key = (
        tuple(_control_arguments(scenario, ("0",))),
        tuple(encoding_files(scenario.ruleset, "solve", False, True)),
        canon,
    )
    WINDOWS.remember_key(exact, (key, names))
    return key, names, facts


def solve_pending(pending: dict) -> int:
    """Solve the windows ``wanted`` left in ``pending``, grounded in batches, into the window
    cache (``solve_window`` then finds them there). How many windows were solved."""
    solved = 0
    for (arguments, files), windows in pending.items():
        try:
            _windowed(files)
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
    from clingo import Number, ast

    ctl = clingo.Control(arguments, logger=_silent, message_limit=0)
    given = _given(files, "", (f for _, (facts, _) in items for f in facts))
    with ast.ProgramBuilder(ctl) as builder:
        for statement in _windowed_pruned(files, given):
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
            return len(raw) <= WINDOWS.per_window  # a window with more is not kept

        with ctl.solve(on_model=on_model, async_=True) as handle:
            wait(handle, None)
            handle.get()
        ctl.release_external(switch)
        WINDOWS.put(key, (raw, names))
    return len(items)


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
    built = WINDOWS.get_built(exact)
    if built is not None and spill is not None and len(built) > spill:
        return [], "spill"
    if built is not None and (max_models is None or len(built) <= max_models):
        return list(built), None
    arguments = _control_arguments(scenario, ("0",))
    files = tuple(encoding_files(scenario.ruleset, "solve", group, True))
    if not group:
        classes, units = [], []
        key, names, facts = _window_key(scenario, exact)
    else:  # group.lp orders card ids: no renaming
        classes = interchangeable_classes(scenario)
        situation = situation_facts(scenario)
        units = interchangeable_units(scenario, situation, classes) if fold_units else []
        facts = [*situation, *group_facts(classes, units)]
        key, names = (tuple(arguments), files, frozenset(map(str, facts))), {}
    builder = Builder(scenario, index, label, kind, classes, units)
    cached = WINDOWS.get(key)
    if cached is not None and spill is not None and len(cached[0]) > spill:
        return [], "spill"
    if cached is not None and (max_models is None or len(cached[0]) <= max_models):
        models, solved_names = cached
        # solved card -> canonical -> this window's card
        back = {v: k for k, v in names.items()}
        moved = {}
        for card in {*solved_names, *names.values()}:
            mine = back.get(solved_names.get(card, card), solved_names.get(card, card))
            if mine != card:
                moved[card] = mine
        if moved:
            # The same renaming comes back along other paths: its models are kept with the entry.
            renamed = WINDOWS.renamed.setdefault(key, {})
            moved_key = frozenset(moved.items())
            if moved_key not in renamed:
                memo: dict = {}
                renamed[moved_key] = [[_rename(sym, moved, memo) for sym in symbols] for symbols in models]
                WINDOWS.held += len(models)
            models = renamed[moved_key]
        windows = sorted((builder.build(symbols) for symbols in models), key=lambda w: w.key)
        WINDOWS.put_built(exact, scenario, windows)
        return list(windows), None
    ctl = _grounded(arguments, files, "", facts if facts is not None else situation_facts(scenario))
    found: list[Window] = []
    unbuilt: list = []
    raw: list[tuple[Symbol, ...]] = []
    cut: list[str] = []

    def on_model(model: clingo.Model) -> bool:
        if units and model.contains(_BREACH):
            cut.append("breach")
            return False
        symbols = model.symbols(shown=True)
        if len(raw) <= WINDOWS.per_window:  # more than that are not kept
            raw.append(tuple(symbols))
        if _progress:
            _progress[-1].models += 1
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
    found.extend(builder.build(symbols) for symbols in unbuilt)
    windows = sorted(found, key=lambda w: w.key)
    if not cut:
        WINDOWS.put(key, (raw, names))
        WINDOWS.put_built(exact, scenario, windows)
    return list(windows), (cut[0] if cut else None)


_BREACH = clingo.Function("unit_breach")


def _breach_possible(ctl: clingo.Control) -> bool:
    """Whether some answer set shows ``unit_breach`` (asp/group.lp): then the units cannot be folded."""
    if ctl.symbolic_atoms[_BREACH] is None:
        return False
    ctl.configuration.solve.models = 1
    try:
        return _solved(ctl, assumptions=[(_BREACH, True)]).satisfiable
    finally:
        ctl.configuration.solve.models = 0


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
    ctl = _grounded(_control_arguments(scenario, ("0",)), files, "", [*situation, *group_facts(classes, units)])
    if units and _breach_possible(ctl):  # nothing handed out can be taken back: decided before the first
        units = []
        ctl = _grounded(_control_arguments(scenario, ("0",)), files, "", [*situation, *group_facts(classes)])
    builder = Builder(scenario, index, label, kind, classes, units)
    count = 0

    def each(symbols) -> str | None:
        nonlocal count
        window = builder.build(symbols)
        count += 1
        if _progress:
            _progress[-1].models += 1
        if on_window(window):
            return "stopped"
        if max_models is not None and count >= max_models:
            return "max_models"
        return None

    return _each_model(ctl, each, timeout)


# Models go from clingo's search (its own thread) to the caller in batches: handing each
# model over alone costs a thread switch (about a tenth of a millisecond) per model.
HANDOVER = 256


def _each_model(
    ctl: clingo.Control, each: Callable[[Sequence[Symbol]], str | None], timeout: float | None
) -> str | None:
    """``each(shown symbols)`` for every model in clingo's order, in this thread (it may solve
    other windows), until it returns a reason to stop, which is returned; "timeout", or None
    once every model went. The search runs ahead by at most a few batches."""
    import queue

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
        batch.append(model.symbols(shown=True))
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
            while True:
                try:
                    items = handed.get(timeout=0.1)
                except queue.Empty:
                    _tick()
                    if handle.wait(0) and handed.empty():
                        # Over without its last word (the search failed: ``get`` below says why).
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
        finally:
            stop.set()
            while not handed.empty():  # a search waiting to hand a batch over is let go
                handed.get_nowait()
            handle.cancel()
            handle.get()


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


def solve(
    scenario: ScenarioLike,
    *,
    ruleset: str | None = None,
    max_resolutions: int | None = None,
    timeout: float | None = None,
    max_windows: int | None = None,
    on_resolution: Callable[[Resolution], None] | None = None,
    group: bool = False,
) -> Solution:
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
    return _solve(
        as_scenario(scenario, ruleset),
        max_resolutions=max_resolutions,
        timeout=timeout,
        max_windows=max_windows,
        on_resolution=on_resolution,
        group=group,
    )


def _solve(
    scenario: Scenario,
    *,
    max_resolutions: int | None,
    timeout: float | None,
    max_windows: int | None,
    on_resolution: Callable[[Resolution], None] | None,
    group: bool,
    keep: bool = True,
    engine_out: list | None = None,
) -> Solution:
    from .engine import DEFAULT_MAX_WINDOWS, Engine

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
    if engine_out is not None:
        engine_out.append(engine)
    _progress.append(progress)
    try:
        return engine.run()
    finally:
        _progress.remove(progress)
        progress.close()


def stream(
    scenario: ScenarioLike,
    on_resolution: Callable[[Resolution], None],
    *,
    ruleset: str | None = None,
    max_resolutions: int | None = None,
    timeout: float | None = None,
    max_windows: int | None = None,
    group: bool = False,
) -> Streamed:
    """Like ``solve``, but each resolution goes to ``on_resolution`` as soon as its windows are
    solved, and none is kept: memory stays flat however many there are. The order is
    ``solve``'s (window after window, each window's sorted by the decisions, except in a
    window with more than ``engine.SORTED_UP_TO`` resolutions, which come in the order clingo
    finds them, deterministic for a given input). Returns the counts. Raises ``InputError`` on bad
    input; Ctrl-C raises ``Interrupted`` after the resolutions found so far went out."""
    scenario = as_scenario(scenario, ruleset)
    holder: list = []

    solution = _solve(
        scenario,
        max_resolutions=max_resolutions,
        timeout=timeout,
        max_windows=max_windows,
        on_resolution=on_resolution,
        group=group,
        keep=False,
        engine_out=holder,
    )
    engine = holder[0]
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


def fast_path(scenario: Scenario) -> bool:
    """Whether the scenario is one window of fixed events, which ``count`` may read from the
    solver's statistics alone."""
    if scenario.templates or len(scenario.steps) > 1 or scenario.deferred or scenario.ruleset != "dm":
        return False
    if any(e.kind in ("battle", "draw", "power_change") or e.swap or e.is_group for e in scenario.events):
        return False
    return not any(a.then for c in scenario.cards.values() for a in c.replacements)


def count(scenario: ScenarioLike, *, ruleset: str | None = None, group: bool = False) -> int:
    """The number of legal resolutions of the whole effect: always ``solve(scenario).total``.

    When the effect is one window of fixed events that opens no other window,
    the number is read from the solver's statistics without converting a
    single answer set (or, with ``group``, from the canonical resolutions and
    their multiplicities); otherwise it is ``solve(...).total``.
    """
    scenario = as_scenario(scenario, ruleset)
    if fast_path(scenario):
        if group:
            total = count_first_window(scenario, group=True, only_window=True)
            if total is not None:
                return total
        else:
            ctl = make_control(scenario)
            more = _more_windows_atom(ctl)
            ctl.configuration.solve.models = 1
            if more is None or not _solved(ctl, assumptions=[more]).satisfiable:
                ctl.configuration.solve.models = 0
                _solved(ctl)
                total = int(ctl.statistics["summary"]["models"]["enumerated"])
                if total == 0:
                    from .engine import no_resolution

                    raise no_resolution(scenario, 1, "effect")
                return total
    return solve(scenario, group=group).total


def _solved(ctl: clingo.Control, assumptions=()) -> clingo.SolveResult:
    """``ctl.solve(assumptions=...)``, waited on so that Ctrl-C stops it."""
    with ctl.solve(assumptions=list(assumptions), async_=True) as handle:
        wait(handle, None)
        return handle.get()


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
    return more is not None and _solved(ctl, assumptions=[more]).satisfiable


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
    resolution of the window leads to a later window: every resolution has a
    canonical one, which then does too.
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
    ctl = _grounded(
        _control_arguments(scenario, ("0",)),
        tuple(encoding_files(scenario.ruleset, "solve", True)),
        "",
        [*situation, *group_facts(classes, units)],
    )
    if only_window:
        more = _more_windows_atom(ctl)
        if more is not None:
            ctl.configuration.solve.models = 1
            if _solved(ctl, assumptions=[more]).satisfiable:
                return None
            ctl.configuration.solve.models = 0
    total = 0
    breach = False

    def on_model(model: clingo.Model) -> bool:
        nonlocal total, breach
        if units and model.contains(_BREACH):
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
    if breach:
        return count_first_window(scenario, group=True, fold_units=False, only_window=only_window)
    return total
