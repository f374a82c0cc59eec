import compileall
import sys
from functools import cache
from pathlib import Path

import pytest

from .browser import browser  # noqa: F401  (a module's Chromium, for the browser tests)

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


def pytest_configure(config: pytest.Config) -> None:
    """Bytecode for the package and the tests, even where the environment turns it off
    (PYTHONDONTWRITEBYTECODE): the suite starts about ninety Python processes (the command line,
    the bounded workers, the batch pools, the web server's fork server), and without bytecode each
    one compiles the whole package from source again (a tenth of a second of CPU each), and each
    test worker rewrites every test module's assertions again. The controller compiles the package
    once before the workers start; every process then reads it."""
    if not hasattr(config, "workerinput"):
        compileall.compile_dir(ROOT / "dmrules", quiet=1)
    sys.dont_write_bytecode = False


# The test files that take longest (seconds of two idle workers, measured with ``--durations``),
# started first: the two workers take whole files (``--dist loadfile``), so a long file started
# last keeps one worker busy while the other has nothing left to do. The order changes no result.
LONGEST_FIRST = (
    "test_batch.py",  # 16 s: pools, a Dask cluster, memory caps, time limits
    "test_web_browser.py",  # 14 s: a browser and a server
    "test_cli.py",
    "test_perf.py",
    "test_every_situation.py",
    "test_fixtures.py",
    "test_hostile.py",
    "test_web_burst.py",
    "test_web.py",
    "test_oracle.py",
    "test_grouping.py",
    "test_invariants.py",
    "test_report_browser.py",
    "test_cache.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest files first (``LONGEST_FIRST``), then the others as collected; each file's
    tests keep their order (``--no-loadscope-reorder`` in pyproject.toml keeps this order)."""
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


def fixture_files():
    return sorted(FIXTURES.rglob("*.yaml"))


# Fixtures every sample holds, whatever features they share with others: the README's examples, the
# largest solves (many windows, many resolutions), and a player who loses in the first window (the
# compact resolutions built from the solver's atoms write the loser there: most losses come later).
KNOWN_TO_MATTER = (
    "A01-two-jashintei",
    "B03-baiken-setsudan",
    "B10-stratobag-tech-dan-shinsekai",
    "A14-crymax-loss",
)


def _features(path: Path) -> frozenset[str]:
    """What a fixture exercises, as far as a sample must cover it: its ruling's prefix, its ruleset,
    the keys of its scenario, of its effect, of each of its events (the kinds of event) and of its
    expectation, what its expected resolutions hold (losers, triggers, flips, broken shields, the
    zones cards end in, a later window), and the parts of a card it writes (follow-ups, sides,
    cards under, keywords, triggers, restrictions, printed text)."""
    import re

    import yaml

    text = path.read_text(encoding="utf-8")
    data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    found = {f"prefix:{path.name[0]}", f"ruleset:{data.get('ruleset', 'dm')}"}
    found |= {f"scenario:{key}" for key in data}
    effect = data.get("effect") or {}
    found |= {f"effect:{key}" for key in effect}
    for event in effect.get("events") or ():
        found |= {f"event:{key}" for key in event if key != "id"}
    expect = data.get("expect") or {}
    found |= {f"expect:{key}" for key in expect}
    for kind in ("resolutions", "some", "none", "groups"):
        for item in expect.get(kind) or ():
            if isinstance(item, dict):  # what a resolution holds: losers, triggers, flips, the zones cards end in
                found |= {f"outcome:{kind}.{key}" for key, value in item.items() if value not in (None, [], {})}
                found |= {f"zone:{zone}" for zone in (item.get("final") or {}).values()}
                if any("/" in str(a.get("event", "")) for a in item.get("applied") or () if isinstance(a, dict)):
                    found.add("outcome:a later window")
    for word in ("then", "sides", "under", "keywords", "triggers", "restrictions", "text"):
        if re.search(rf"\b{word}:", text):
            found.add(f"card:{word}")
    return frozenset(found)


def fixture_sample() -> list[Path]:
    """A fixed sample of the fixtures for the tests that run each through a costly path which
    tests/test_fixtures.py already runs every fixture through: the fixtures known to matter, then
    greedily the fixture that adds the most features not covered yet (``_features``; ties by name)
    until every feature of every fixture is covered. Deterministic: the same files give the same
    sample. ``DMRULES_SWEEP=all`` gives every fixture (``python bench/sweep.py`` runs those tests so)."""
    import os

    files = fixture_files()
    if os.environ.get("DMRULES_SWEEP") == "all":
        return files
    return list(_sample(tuple(files)))


@cache
def _sample(files: tuple[Path, ...]) -> tuple[Path, ...]:
    features = {path: _features(path) for path in files}
    chosen = [path for path in files if path.stem in KNOWN_TO_MATTER]
    left = set().union(*features.values()) - set().union(*(features[path] for path in chosen))
    while left:
        best = max(files, key=lambda path: len(features[path] & left))  # the first of the best
        chosen.append(best)
        left -= features[best]
    return tuple(sorted(chosen))


@pytest.fixture
def fixtures_dir() -> Path:
    return FIXTURES


def run_cli(*args: str, timeout: float | None = None, process: bool = False, input: str | None = None):
    """The dmrules command's exit status, standard output and standard error for ``args``, with
    ``input`` (text) as its standard input.

    By default its entry point (``dmrules.cli.main``) runs in this process with both outputs
    captured: what a user's run gives, without starting Python again for each call. With
    ``process``, it runs as a user runs it, in a new process (signals, pipes, the worker that
    caps memory, start-up), as it does when a ``timeout`` (seconds) must hold."""
    import subprocess
    import sys

    if process or timeout is not None:
        return subprocess.run(
            [sys.executable, "-m", "dmrules.cli", *args],
            capture_output=True,
            text=True,
            cwd=ROOT,
            input=input,
            timeout=timeout or 300,
        )
    import io
    import os
    from contextlib import redirect_stderr, redirect_stdout

    from dmrules.cli import main

    out, err = io.StringIO(), io.StringIO()
    here, stdin = os.getcwd(), sys.stdin
    os.chdir(ROOT)
    sys.stdin = io.TextIOWrapper(io.BytesIO((input or "").encode("utf-8")), encoding="utf-8")
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as exc:  # argparse's usage errors
                code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
    finally:
        os.chdir(here)
        sys.stdin = stdin
    return subprocess.CompletedProcess(["dmrules", *args], code, out.getvalue(), err.getvalue())


def scenario(text: str, name: str = "test.yaml"):
    """A scenario from YAML text (dedented)."""
    import textwrap

    import dmrules

    return dmrules.scenario_from_text(textwrap.dedent(text), name)
