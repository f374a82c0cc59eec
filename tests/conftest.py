from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


def fixture_files():
    return sorted(FIXTURES.rglob("*.yaml"))


@pytest.fixture
def fixtures_dir() -> Path:
    return FIXTURES


def run_cli(*args: str, timeout: float | None = None, process: bool = False):
    """The dmrules command's exit status, standard output and standard error for ``args``.

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
            timeout=timeout or 300,
        )
    import io
    import os
    from contextlib import redirect_stderr, redirect_stdout

    from dmrules.cli import main

    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as exc:  # argparse's usage errors
                code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
    finally:
        os.chdir(here)
    return subprocess.CompletedProcess(["dmrules", *args], code, out.getvalue(), err.getvalue())


def scenario(text: str, name: str = "test.yaml"):
    """A scenario from YAML text (dedented)."""
    import textwrap

    import dmrules

    return dmrules.scenario_from_text(textwrap.dedent(text), name)
