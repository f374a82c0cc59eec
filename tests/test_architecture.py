"""The package's floors: no import circle anywhere in dmrules (the contracts between floors are
import-linter's, run by .ci/run: `lint-imports`)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected sets of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in sorted(graph.find_modules_directly_imported_by(module)):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                component.append(other)
                if other == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_no_import_circle_in_the_package():
    graph = grimp.build_graph("dmrules")
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_circle():
    graph = grimp.ImportGraph()
    for name in ("p", "p.a", "p.b", "p.c"):
        graph.add_module(name)
    graph.add_import(importer="p.a", imported="p.b")
    graph.add_import(importer="p.b", imported="p.a")
    graph.add_import(importer="p.c", imported="p.a")
    assert _cycles(graph) == [["p.a", "p.b"]]


def test_every_package_of_the_tree_is_installed():
    """A package missing from pyproject.toml's list works in an editable install and is absent from a wheel."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "dmrules").rglob("__init__.py")}
    assert found <= listed, sorted(found - listed)


def test_a_solve_of_bundled_cards_does_not_load_the_card_text_compiler():
    """The compiler (lark and the grammar, a sixth of the command's start) loads when a text is
    read, not when a scenario of bundled cards, compiled ahead, is solved from the command line."""
    import subprocess
    import sys

    probe = (
        "import sys, dmrules, dmrules.cli; n = len(dmrules.solve(dmrules.load_scenario(sys.argv[1])).resolutions); "
        "print(n, sorted(m for m in ('lark', 'dmrules.reading.cardtext.compiler') if m in sys.modules))"
    )
    path = str(ROOT / "fixtures" / "A01-two-jashintei.yaml")
    out = subprocess.run([sys.executable, "-c", probe, path], capture_output=True, text=True, timeout=120)
    assert out.stdout.splitlines()[-1:] == ["3 []"], out.stdout[-500:] + out.stderr


def test_the_longest_files_started_first_are_test_files():
    """tests/conftest.py's LONGEST_FIRST names test files that exist (a renamed file would drop out
    of the order and start wherever it falls)."""
    from .conftest import LONGEST_FIRST

    here = Path(__file__).parent
    assert [name for name in LONGEST_FIRST if not (here / name).is_file()] == []
