"""One headless Chromium for each module of browser tests (tests/test_web_browser.py, the
workbench; tests/test_report_browser.py, the HTML report), driven by Playwright through the system
Chromium's headless shell (no browser download; Debian's chromium-headless-shell, the same engine
as the full browser without its window machinery, which starts faster and renders with a third of
the processor time). Not one for the whole run: Playwright's synchronous API keeps an
event loop running in the thread while it is open, and other tests run their own
(``asyncio.run``). Without Chromium (or Playwright) the tests are skipped on a
developer's machine, and fail when the environment variable CI is set (.ci/run installs Chromium
and Japanese fonts)."""

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium-headless-shell") or "/usr/bin/chromium-headless-shell"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
]


def missing(what: str):
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing: CI must run the browser tests")
    pytest.skip(f"{what} is not installed")


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        missing("chromium-headless-shell")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("playwright")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()
