"""The shape of the code (issue 23's limits), read with ``ast``:

- no function over 60 lines and no class over 250 lines (from its first decorator or its
  ``def``/``class`` line to its last line), unless a comment line ``# long: <why>`` stands
  directly above it;
- no top-level name defined in two modules of the package with different meanings. The names
  defined in several modules on purpose are listed in ``SHARED``: the same function in the
  parallel writers (Japanese and English), one operation at its floors, entry points.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "dmrules"
MAX_FUNCTION = 60
MAX_CLASS = 250

# name -> the modules that define it, each meaning the same thing.
_WRITERS_JA_EN = ("dmrules/presenting/ja.py", "dmrules/presenting/render.py")
_EXPLAIN_JA_EN = ("dmrules/presenting/explain_ja.py", "dmrules/presenting/explain_text.py")
_ABILITY_JA_EN = ("dmrules/presenting/ability_ja.py", "dmrules/presenting/ability_words.py")
_FLOORS = ("dmrules/api.py", "dmrules/bounded.py", "dmrules/solving/run.py")
SHARED: dict[str, frozenset[str]] = {
    **{
        name: frozenset(_WRITERS_JA_EN)
        for name in (
            "_cards",
            "_owner",
            "_window_lines",
            "application_line",
            "broken_line",
            "card_label",
            "event_label",
            "event_line",
            "event_words",
            "journey_text",
            "replacement_label",
            "resolution_lines",
            "trigger_line",
            "untrigger_line",
            "_changed_by",
            "window_title",
            "zones_text",
        )
    },
    **{name: frozenset(_EXPLAIN_JA_EN) for name in ("cause_lines", "why_not_text", "why_text")},
    **{name: frozenset(_ABILITY_JA_EN) for name in ("ability_words", "action_words", "filter_words")},
    **{name: frozenset(_FLOORS) for name in ("solve", "stream", "count")},
    **{name: frozenset(("dmrules/api.py", "dmrules/checking/explain.py")) for name in ("why", "why_not")},
    "serve": frozenset(("dmrules/presenting/web/__init__.py", "dmrules/presenting/web/forker.py")),
}
ENTRY_POINTS = {"main"}  # a module's command-line entry point


@cache  # parsed once for both checks
def _modules() -> list[tuple[str, str, ast.Module]]:
    return [
        (path.relative_to(ROOT).as_posix(), text, ast.parse(text))
        for path in sorted(PACKAGE.rglob("*.py"))
        for text in [path.read_text(encoding="utf-8")]
    ]


def oversized(name: str, text: str, tree: ast.Module) -> list[str]:
    """The functions and classes of one module over their limit without a ``# long:`` line."""
    lines = text.splitlines()
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        start = min([node.lineno] + [d.lineno for d in node.decorator_list])
        size = (node.end_lineno or node.lineno) - start + 1
        limit = MAX_CLASS if isinstance(node, ast.ClassDef) else MAX_FUNCTION
        above = lines[start - 2].strip() if start >= 2 else ""
        if size > limit and not above.startswith("# long:"):
            found.append(f"{name}:{node.lineno} {node.name}: {size} lines (at most {limit})")
    return found


def defined_names(tree: ast.Module) -> set[str]:
    """The names a module defines at its top level (not those it imports)."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return {n for n in names if not (n.startswith("__") and n.endswith("__"))}


def clashes(modules: list[tuple[str, str, ast.Module]]) -> dict[str, list[str]]:
    where: dict[str, list[str]] = defaultdict(list)
    for name, _, tree in modules:
        for defined in defined_names(tree):
            where[defined].append(name)
    return {
        n: sorted(m)
        for n, m in where.items()
        if len(m) > 1 and n not in ENTRY_POINTS and not set(m) <= SHARED.get(n, frozenset())
    }


def test_no_function_or_class_over_its_limit_without_a_reason():
    found = [line for name, text, tree in _modules() for line in oversized(name, text, tree)]
    assert found == []


def test_no_name_means_two_things():
    assert clashes(_modules()) == {}


def test_the_checks_see_what_they_look_for():
    long_body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION))
    tree = ast.parse(f"def f():\n{long_body}\n")
    assert oversized("m.py", f"def f():\n{long_body}\n", tree) == [f"m.py:1 f: {MAX_FUNCTION + 1} lines (at most 60)"]
    text = f"# long: a table\ndef f():\n{long_body}\n"
    assert oversized("m.py", text, ast.parse(text)) == []
    one = ("a.py", "", ast.parse("X = 1\ndef f(): pass\nfrom b import Y\n"))
    two = ("b.py", "", ast.parse("X: int = 2\nY = 3\nclass f: pass\n"))
    assert clashes([one, two]) == {"X": ["a.py", "b.py"], "f": ["a.py", "b.py"]}
    shared = ("dmrules/api.py", "", ast.parse("def solve(): pass\n"))
    floor = ("dmrules/solving/run.py", "", ast.parse("def solve(): pass\n"))
    assert clashes([shared, floor]) == {}
