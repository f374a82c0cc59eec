from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


def fixture_files():
    return sorted(FIXTURES.rglob("*.yaml"))


@pytest.fixture
def fixtures_dir() -> Path:
    return FIXTURES
