"""Only the rules the facts can reach: the encodings' rule graph, and the statements left
out before grounding because no fact and no reachable rule can make their bodies hold."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from clingo import Symbol, SymbolType, ast

from ..cache import cache_root, code_key, content_key, load, store
from ..keepable import PLAIN
from .decode import symbol_key
from .encodings import encodings_dir, parsed_statements


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
def rule_graph(files: tuple[str, ...], extra: str) -> tuple | None:
    """The statements, what their bodies need and their heads can meet (``read_rule_graph``),
    and a memo of what each fact meets; None when a statement is not understood. Kept
    between runs (``dmrules/cache.py``): reading it from the syntax trees takes a tenth of a
    second."""

    path = kept_file("needs", files, extra)
    try:
        kept = PLAIN.decode(load(path))
    except ValueError:  # of the wrong shape: read again
        kept = None
    if not (isinstance(kept, tuple) and len(kept) == 3 and _graph_shape(kept, len(parsed_statements(files, extra)))):
        kept = read_rule_graph(files, extra)
        try:
            store(path, PLAIN.encode(kept))
        except ValueError:  # something that is not kept
            pass
    if kept[0] is None:
        return None
    return (parsed_statements(files, extra), *kept, {})  # and the needs each fact meets, as met


def _graph_shape(kept: tuple, statements: int) -> bool:
    """Whether a kept rule graph has the shape ``read_rule_graph`` gives the encodings."""
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


def kept_file(what: str, files: tuple[str, ...], extra: str = "") -> Path | None:
    """Where ``what`` is kept that is made from these encodings (their rule graph, their
    windowed form): under the code's key, by the encodings' files (every one under the
    encodings' folder, as ``#include`` may name any)."""
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


def read_rule_graph(files: tuple[str, ...], extra: str) -> tuple:
    """``rule_graph``'s data, read from the syntax trees: what each body needs, by predicate
    (``needs``: predicate -> [(need id, ((position, key), ...))]); the rules (statement index,
    the needs of its body, the needs its head can meet); what waits on each need. (None, None,
    None) when a statement is not understood."""
    statements = parsed_statements(files, extra)
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


def needs_met(files: tuple[str, ...], extra: str, facts: Iterable[Symbol]) -> frozenset:
    """The needs of the encodings' bodies that ``facts`` meet (``dead``'s input)."""
    graph = rule_graph(files, extra)
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
def live_statements(files: tuple[str, ...], extra: str, given: frozenset) -> tuple:
    """The statements of the encodings that can fire when the facts meet the needs ``given``."""
    dead = dead_statements(files, extra, given)
    return tuple(stm for i, stm in enumerate(parsed_statements(files, extra)) if i not in dead)


@lru_cache(maxsize=16)
def idle_statements(files: tuple[str, ...], extra: str) -> frozenset[int]:
    """The positions of the comments and ``#defined`` statements: the grounder makes nothing of
    them (``#defined`` only quiets messages that are not shown anyway)."""
    return frozenset(
        i
        for i, stm in enumerate(parsed_statements(files, extra))
        if stm.ast_type in (ast.ASTType.Comment, ast.ASTType.Defined)
    )


@lru_cache(maxsize=1024)
def dead_statements(files: tuple[str, ...], extra: str, given: frozenset) -> frozenset[int]:
    """The positions of the statements that cannot fire when the facts meet the needs ``given``
    (``given``): a reachability pass over the needs, each rule waiting for its body's; and of
    those that never make anything (``idle``)."""
    graph = rule_graph(files, extra)
    if graph is None:
        return idle_statements(files, extra)
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
    return frozenset(rules[k][0] for k in range(len(rules)) if missing[k] > 0) | idle_statements(files, extra)
