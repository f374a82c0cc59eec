from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


def fixture_files():
    return sorted(FIXTURES.rglob("*.yaml"))


@pytest.fixture
def fixtures_dir() -> Path:
    return FIXTURES


def run_cli(*args: str, timeout: float = 300):
    """The dmrules command, run as a user would."""
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "dmrules.cli", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=timeout)


def scenario(text: str, name: str = "test.yaml"):
    """A scenario from YAML text (dedented)."""
    import textwrap

    import dmrules

    return dmrules.scenario_from_text(textwrap.dedent(text), name)
