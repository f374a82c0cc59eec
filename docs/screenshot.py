"""The README's screenshot of the workbench (docs/workbench.png), taken with Playwright.

    .venv/bin/python docs/screenshot.py

It builds the three-savers situation by clicking, in Japanese, as a judge would (three
アビスベル＝ジャシン帝 placed with one count field, five unknown hand cards, the opponent's effect
destroying all of my creatures), solves it and asks why all three cannot stay.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.test_web_browser import ARGS, CHROMIUM, JASHIN, add_event, new_page, open_app, place, solve  # noqa: E402
from tests.webserver import running  # noqa: E402


def main() -> None:
    from playwright.sync_api import sync_playwright

    from dmrules.presenting.web import RequestLimits

    with running(RequestLimits()) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = new_page(browser, width=1360)
        page.set_viewport_size({"width": 1360, "height": 1250})
        open_app(page, url)
        page.select_option("#turn", "opponent")
        place(page, name=JASHIN, player="me", zone="battle", card_id="J1", count=3)
        place(page, player="me", zone="hand", card_id="h1", count=5)
        add_event(page, "destroy", "all:me")
        page.fill("#card-query", "")
        solve(page)
        page.click("#whynot-panel summary")
        for card in ("J1", "J2", "J3"):
            page.select_option(f'#whynot-marks select[data-subject="{card}"]', "battle")
        page.click("#whynot-button")
        page.wait_for_selector("text=合法にする最小の変更")
        page.screenshot(path=str(ROOT / "docs" / "workbench.png"))
        assert page.problems == [], page.problems
        browser.close()


if __name__ == "__main__":
    main()
