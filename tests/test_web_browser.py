"""The workbench in a real browser: Playwright drives the system Chromium (no browser download).

The server runs on a free loopback port inside the tests and stops after them.
Without Chromium (or Playwright) the tests are skipped on a developer's
machine, and fail when the environment variable CI is set (.ci/run installs
Chromium).
"""

import base64
import json
import os
import shutil
from pathlib import Path

import pytest
import yaml

import dmrules
from dmrules.presenting.report import render_html
from dmrules.presenting.web.routes import Limits

from .webserver import running

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
EVIL_NAME = "<img src=x onerror=alert(1)>"


def _missing(what: str):
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing: CI must run the browser tests")
    pytest.skip(f"{what} is not installed")


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        _missing("chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def url():
    with running(Limits(timeout=20, max_resolutions=2000)) as base:
        yield base


@pytest.fixture
def page(browser, url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    problems = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.on("dialog", lambda dialog: (problems.append("dialog: " + dialog.message), dialog.dismiss()))
    page.problems = problems
    yield page
    context.close()
    assert problems == []


def expect(locator):
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


def open_app(page, url, fragment=""):
    page.goto(url + "/" + fragment)
    page.wait_for_selector("body[data-ready]")


def place(page, *, name=None, player, zone, card_id):
    if name is None:
        page.click("#unnamed")
    else:
        page.fill("#card-query", name)
        page.click(f'#card-results button[data-name="{name}"]')
    page.select_option("#place-player", player)
    page.select_option("#place-zone", zone)
    page.fill("#place-id", card_id)
    page.click("#place-button")
    page.wait_for_selector(f'#board [data-player="{player}"] [data-zone="{zone}"] [data-card="{card_id}"]')


def solve(page):
    page.click("#solve")
    page.wait_for_selector("#result .totals")
    return page.locator("#result .totals")


def test_ruling_a01_built_by_clicking(page, url):
    open_app(page, url)
    page.select_option("#turn", "opponent")
    # Width, spacing and 《》 do not matter to the search.
    for card_id in ("J1", "J2"):
        place(page, name="アビスベル＝ジャシン帝", player="me", zone="battle", card_id=card_id)
    for card_id in ("h1", "h2"):
        place(page, player="me", zone="hand", card_id=card_id)
    # The opponent's effect destroys both at once.
    page.select_option("#effect-controller", "opponent")
    for target in ("J1", "J2"):
        page.select_option("#event-kind", "destroy")
        page.select_option("#event-target", target)
        page.click("#event-add")
    assert page.locator("#events li").count() == 2
    totals = solve(page)
    assert (totals.get_attribute("data-resolutions"), totals.get_attribute("data-states")) == ("3", "3")
    assert page.locator("#result section.state").count() == 3
    assert page.locator("#result .totals").inner_text().startswith("3 resolutions, 3 final states")
    assert "J1 (アビスベル＝ジャシン帝) is destroyed: battle zone → graveyard [e1]" in page.inner_text("#result")
    # Why resolution 2 is legal, decision by decision.
    page.click('#result button.why-button[data-resolution="2"]')
    expect(page.locator("#why-text")).to_contain_text("applies J1; affected cards: h1, h2")
    # Why can both not stay? Mark both in the battle zone.
    page.click("#whynot-panel summary")
    page.select_option('#whynot-marks select[data-subject="J1"]', "battle")
    page.select_option('#whynot-marks select[data-subject="J2"]', "battle")
    assert page.input_value("#whynot-expect") == "J1=battle,J2=battle"
    page.click("#whynot-button")
    expect(page.locator("#whynot-text")).to_contain_text("609.9b")
    assert "No legal resolution has J1=battle, J2=battle." in page.inner_text("#whynot-text")
    # The situation is shared as a link that reproduces it.
    page.click("#share")
    link = page.input_value("#share-link")
    other = page.context.new_page()
    open_app(other, url, link[len(url) + 1 :])
    assert other.locator("#board [data-card]").count() == 4
    assert (solve(other).get_attribute("data-resolutions")) == "3"
    other.close()


def test_b03_every_window_of_each_resolution(page, url):
    open_app(page, url)
    page.select_option("#fixture-select", "B03-baiken-setsudan.yaml")
    page.click("#fixture-load")
    page.wait_for_selector('#board [data-card="BK"]')
    totals = solve(page)
    assert (totals.get_attribute("data-resolutions"), totals.get_attribute("data-states")) == ("4", "3")
    ways = page.locator("#result .way")
    told = [
        [w.get_attribute("data-window") for w in ways.nth(i).locator("li.window").all()] for i in range(ways.count())
    ]
    # Resolution 1: no replacement (one window). Resolutions 2, 3, 4: the discard replaced, then the bounce.
    assert sorted(told) == [[], ["1", "2"], ["1", "2"], ["1", "2"]]
    text = page.inner_text("#result")
    assert "BK (斬隠蒼頭龍バイケン) returns to the hand: battle zone → hand [e1/BK.then1.1:BK]" in text
    assert (
        "ST (巨人の覚醒者セツダン) returns to the hand [e1/BK.then1.1:ST]: replaced by ST (巨人の覚醒者セツダン)"
        in text
    )
    assert "手札 → バトルゾーン → 手札" in text  # バイケン entered, then returned
    # The situation downloads as a scenario file that reads as the fixture does.
    with page.expect_download() as download:
        page.click("#download")
    saved = yaml.safe_load(Path(download.value.path()).read_text(encoding="utf-8"))
    fixture = yaml.safe_load(
        (Path(__file__).parent.parent / "fixtures" / "B03-baiken-setsudan.yaml").read_text("utf-8")
    )
    assert download.value.suggested_filename == "scenario.yaml" and saved == fixture
    # English labels on the toggle.
    page.click("#lang-en")
    assert page.locator('#board [data-zone="battle"] h5').first.inner_text() == "Battle zone"
    expect(page.locator('#result section.state [data-zone="hand"] h5').first).to_have_text("Hand")


EVIL = {
    "title": "escaping",
    "turn": "me",
    "players": {
        "me": {
            "battle": [
                {"id": "X", "card": {"name": EVIL_NAME, "type": "creature", "text": "<script>alert(2)</script>"}}
            ]
        },
        "opponent": {},
    },
    "effect": {"controller": "opponent", "events": [{"id": "e1", "destroy": "X"}]},
}


def test_a_card_named_like_html_is_text_in_the_app_and_the_report(page, url):
    link = base64.urlsafe_b64encode(json.dumps(EVIL).encode()).decode().rstrip("=")
    open_app(page, url, "#s=" + link)
    assert EVIL_NAME in page.inner_text("#board")
    solve(page)
    assert EVIL_NAME in page.inner_text("#result")
    assert page.locator("img").count() == 0 and page.locator("#result script").count() == 0
    # The report file.
    scenario = dmrules.scenario_from_text(yaml.safe_dump(EVIL, allow_unicode=True), "evil.yaml")
    page.set_content(render_html(scenario, dmrules.solve(scenario)))
    assert EVIL_NAME in page.inner_text("body")
    assert page.locator("img").count() == 0 and page.locator("script").count() == 0


def test_bad_input_is_shown_next_to_its_field(page, url):
    open_app(page, url)
    page.select_option("#turn", "opponent")
    place(page, player="me", zone="hand", card_id="h1")
    solve_button = page.locator("#solve")
    solve_button.click()  # no event yet
    page.wait_for_selector("#solve-error:not([hidden])")
    error = page.inner_text("#solve-error")
    assert error.startswith("scenario.yaml:") and "effect.events" in error
    assert page.locator("#events + .field-error, #events ~ .inline-error").count() >= 1


MELISSA = "このクリーチャーが破壊される時、墓地に置くかわりに自分のマナゾーンに置く。"  # 雪溶妖精シャーマン・メリッサ, as printed


def test_a_pasted_printed_text_is_compiled_and_placed(page, url):
    open_app(page, url)
    page.click("#paste summary")
    page.fill("#paste-name", "雪溶妖精シャーマン・メリッサ")
    page.fill("#paste-text", "このクリーチャーが破壊される時、かわりにふしぎなことが起こる。")
    page.click("#paste-compile")
    expect(page.locator("#paste-result")).to_contain_text("ふしぎなことが起こる")  # what cannot be read, said
    assert page.locator("#place-form").is_hidden()
    page.fill("#paste-text", MELISSA)
    page.click("#paste-compile")
    expect(page.locator("#paste-result .compiled")).to_contain_text("1")
    expect(page.locator("#place-card")).to_have_text("雪溶妖精シャーマン・メリッサ")
    page.select_option("#place-player", "me")
    page.select_option("#place-zone", "battle")
    page.fill("#place-id", "M")
    page.click("#place-button")
    page.wait_for_selector('#board [data-player="me"] [data-zone="battle"] [data-card="M"]')
    page.select_option("#event-kind", "destroy")
    page.select_option("#event-target", "M")
    page.click("#event-add")
    totals = solve(page)
    # Mandatory: the only resolution puts it into the mana zone instead of the graveyard.
    assert totals.get_attribute("data-resolutions") == "1"
    card = page.locator('#result section.state [data-zone="mana"] [data-card="M"]')
    assert card.count() == 1 and "雪溶妖精シャーマン・メリッサ" in card.inner_text()
    assert (
        "M (雪溶妖精シャーマン・メリッサ) is destroyed [e1]: replaced by M (雪溶妖精シャーマン・メリッサ)"
        in page.inner_text("#result")
    )
