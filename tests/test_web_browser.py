"""The workbench in a real browser: Playwright drives the system Chromium (no browser download).

Each test builds a situation by clicking, as a judge would, and asserts what the page shows, in
Japanese. The server runs on a free loopback port inside the tests and stops after them; the
browser is the one of tests/browser.py, shared with the report's tests.
"""

import base64
import json
import re
from pathlib import Path

import pytest
import yaml

import dmrules
from dmrules.presenting.report import render_html
from dmrules.presenting.web.routes import RequestLimits

from .webserver import running

EVIL_NAME = "<img src=x onerror=alert(1)>"
JASHIN = "アビスベル＝ジャシン帝"


@pytest.fixture(scope="module")
def url():
    with running(RequestLimits(timeout=20, max_resolutions=2000)) as base:
        yield base


def new_page(browser, width=1280):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(20_000)
    problems = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.on("dialog", lambda dialog: (problems.append("dialog: " + dialog.message), dialog.dismiss()))
    page.problems = problems
    return page


@pytest.fixture(scope="module")
def tab(browser):
    """The module's tab: a test opens the app in it afresh (``page``), as a user reloads it. The app
    keeps nothing in the browser (no storage, no cookies), and a new tab costs a renderer
    process's start each time (about a quarter of a second of CPU)."""
    tab = new_page(browser)
    yield tab
    tab.context.close()


@pytest.fixture
def page(tab, url):
    tab.goto("about:blank")  # the page before is gone, with its timers: the app is loaded anew
    tab.problems.clear()
    tab.set_viewport_size({"width": 1280, "height": 900})
    yield tab
    assert tab.problems == []


def expect(locator):
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


def open_app(page, url, fragment=""):
    page.goto(url + "/" + fragment)
    page.wait_for_selector("body[data-ready]")


def place(page, *, name=None, player, zone, card_id, count=1):
    if name is None:
        page.click("#unnamed")
    else:
        page.fill("#card-query", name)
        page.click(f'#card-results button[data-name="{name}"]')
    page.select_option("#place-player", player)
    page.select_option("#place-zone", zone)
    page.fill("#place-id", card_id)
    page.fill("#place-count", str(count))
    page.click("#place-button")
    page.wait_for_selector(f'#board [data-player="{player}"] [data-zone="{zone}"] [data-card="{card_id}"]')


def add_event(page, kind, target):
    page.select_option("#event-kind", kind)
    page.select_option("#event-target", target)
    page.click("#event-add")


def solve(page):
    page.click("#solve")
    page.wait_for_selector("#result .totals")
    return page.locator("#result .totals")


def totals(page) -> tuple[str, str]:
    box = page.locator("#result .totals")
    return box.get_attribute("data-resolutions"), box.get_attribute("data-states")


A01 = yaml.safe_load((Path(__file__).parent.parent / "fixtures" / "A01-two-jashintei.yaml").read_text("utf-8"))
A01.pop("expect")
A01.pop("title")


def open_situation(page, url, doc):
    """The app opened on a link to the situation (it opens solved)."""
    open_app(page, url, "#s=" + base64.urlsafe_b64encode(json.dumps(doc).encode()).decode().rstrip("="))
    page.wait_for_selector("#result .totals")


def build_a01(page):
    page.select_option("#turn", "opponent")
    for card_id in ("J1", "J2"):
        place(page, name=JASHIN, player="me", zone="battle", card_id=card_id)
    place(page, player="me", zone="hand", card_id="h1", count=2)
    page.select_option("#effect-controller", "opponent")
    for target in ("J1", "J2"):
        add_event(page, "destroy", target)


# The words the page shows in its panels, without the card names and printed texts (marked lang="ja").
SHOWN_WORDS = """() => [...document.querySelectorAll("#builder, #answers")].map(panel => {
  const copy = panel.cloneNode(true);
  for (const node of copy.querySelectorAll('[lang="ja"], [hidden], option:not(:checked), textarea')) node.remove();
  document.body.append(copy);
  const text = copy.innerText;
  copy.remove();
  return text;
}).join("\\n")"""


def test_ruling_a01_built_by_clicking_in_japanese(page, url):
    open_app(page, url)
    build_a01(page)
    assert page.locator("#events li").count() == 2
    assert page.locator('#board [data-zone="hand"] [data-card]').count() == 2  # h1, h2 from one count field
    solve(page)
    assert totals(page) == ("3", "3")
    assert page.locator("#result section.state").count() == 3
    assert page.inner_text("#result .totals") == "3 通りの解決、3 個の最終状態"
    assert "J1 (アビスベル＝ジャシン帝)が破壊される: バトルゾーン → 墓地 [e1]" in page.inner_text("#result")
    page.click('#result button.why-button[data-resolution="2"]')
    expect(page.locator("#why-text")).to_contain_text("J1 を適用する。影響を受けるカード: h1、h2")
    page.click("#whynot-panel summary")
    page.select_option('#whynot-marks select[data-subject="J1"]', "battle")
    page.select_option('#whynot-marks select[data-subject="J2"]', "battle")
    assert page.input_value("#whynot-expect") == "J1=battle,J2=battle"
    page.click("#whynot-button")
    expect(page.locator("#whynot-text")).to_contain_text("自分の手札に4枚必要だが、2枚しかない")
    said = page.inner_text("#whynot-text")
    both = "J1 (アビスベル＝ジャシン帝)がバトルゾーン、J2 (アビスベル＝ジャシン帝)がバトルゾーン"
    assert said.startswith(both + " となる合法な解決はありません。")
    assert "609.9b  ある置換効果で影響を受けるカードとして選ばれたカードは、別の置換効果で再び選べない。" in said
    # Every word the page shows is Japanese: only ids, card names and codes are Latin.
    shown = page.evaluate(SHOWN_WORDS)
    allowed = {"dmrules", "dm", "sequential", "dmps", "YAML", "id", "battle", "J1", "J2", "h1", "h2", "e1", "e2"}
    latin = {w for w in re.findall(r"(?<![0-9.])[A-Za-z][A-Za-z0-9_-]*", shown) if w not in allowed}
    assert latin == set(), latin


def test_three_savers_with_count_fields_and_whole_side_events(page, url):
    open_app(page, url)
    page.select_option("#turn", "opponent")
    place(page, name=JASHIN, player="me", zone="battle", card_id="J1", count=3)
    place(page, player="me", zone="hand", card_id="h1", count=5)
    assert page.locator('#board [data-zone="battle"] [data-card]').count() == 3
    assert page.locator('#board [data-zone="hand"] [data-card]').count() == 5
    # The destroy event offers only creatures in the battle zone, and the whole side.
    page.select_option("#event-kind", "destroy")
    offered = page.eval_on_selector_all("#event-target option", "os => os.map(o => o.value)")
    assert offered == ["J1", "J2", "J3", "all:me", "all:opponent", "all:"]
    add_event(page, "destroy", "all:me")
    expect(page.locator("#events li")).to_contain_text("破壊する: 自分のクリーチャーすべて")
    solve(page)
    assert totals(page) == ("121", "46")
    assert page.inner_text("#result .totals") == "121 通りの解決、46 個の最終状態"
    assert page.locator("#result section.state").count() == 20  # the first page of boards
    expect(page.locator("#page-info")).to_have_text("盤面 1–20 / 46")
    page.click("#page-next")
    expect(page.locator("#page-info")).to_have_text("盤面 21–40 / 46")
    page.click("#page-next")
    expect(page.locator("#page-info")).to_have_text("盤面 41–46 / 46")
    assert page.locator("#result section.state").last.get_attribute("data-state") == "46"
    page.click("#whynot-panel summary")
    for card in ("J1", "J2", "J3"):
        page.select_option(f'#whynot-marks select[data-subject="{card}"]', "battle")
    page.click("#whynot-button")
    expect(page.locator("#whynot-text")).to_contain_text(
        "合法にする最小の変更:\n  自分の手札に6枚必要だが、5枚しかない"
    )


def test_each_player_discards_one_card_in_one_click(page, url):
    open_app(page, url)
    place(page, player="me", zone="hand", card_id="a1", count=2)
    place(page, player="opponent", zone="hand", card_id="b1")
    page.select_option("#event-kind", "discard")
    page.select_option("#event-target", "each")
    page.fill("#event-number", "1")
    page.click("#event-add")
    assert page.locator("#events li span:first-child").all_inner_texts() == [
        "捨てる: 自分: 1 枚を選ぶ",
        "捨てる: 相手: 1 枚を選ぶ",
    ]
    solve(page)
    assert totals(page) == ("2", "2")  # which of my two cards I discard; the opponent's one goes


def test_an_edit_marks_the_result_stale_and_solves_again(page, url):
    open_situation(page, url, A01)
    assert totals(page) == ("3", "3")
    key = page.get_attribute("#summary", "data-key")
    page.click('#events li[data-event="e2"] button.remove')  # J2 is no longer destroyed
    expect(page.locator("#stale")).to_be_visible()
    assert page.locator("#answers.stale").count() == 1
    expect(page.locator("#stale")).to_be_hidden()  # solved again by itself: the last solve was quick
    assert totals(page) == ("2", "2") and page.get_attribute("#summary", "data-key") != key
    page.click('#result button.why-button[data-resolution="2"]')
    expect(page.locator("#why-text")).to_contain_text("J1 を適用する。影響を受けるカード: h1、h2")
    assert "J2" not in page.inner_text("#why-text").split("その後")[0]  # the why of this board, not the old one
    # A situation that cannot be solved is tried once, not again and again.
    solves = []

    def seen(request):
        if request.url.endswith("/api/solve"):
            solves.append(request)

    page.on("request", seen)
    page.click('#events li[data-event="e1"] button.remove')
    expect(page.locator("#solve-error")).to_contain_text("効果がイベントを1つも起こしません")
    page.wait_for_timeout(1300)  # more than twice the pause before a solve by itself
    page.remove_listener("request", seen)
    assert len(solves) == 1 and page.locator("#stale").is_visible()


def test_a_share_link_opens_solved_in_an_open_tab_with_its_question(page, url):
    open_situation(page, url, A01)
    page.click("#whynot-panel summary")
    page.select_option('#whynot-marks select[data-subject="J1"]', "battle")
    page.select_option('#whynot-marks select[data-subject="J2"]', "battle")
    page.click("#share")
    expect(page.locator("#share-link")).to_have_value(re.compile("#z="))
    link = page.input_value("#share-link")
    assert "#z=" in link and len(link) < 700, len(link)
    other = new_page(page.context.browser)
    open_app(other, url)
    place(other, player="me", zone="hand", card_id="x1")  # another situation is open in this tab
    other.evaluate("hash => { location.hash = hash; }", link.split("#", 1)[1])
    expect(other.locator("#result .totals")).to_have_attribute("data-resolutions", "3")
    assert other.locator('#board [data-card="x1"]').count() == 0
    expect(other.locator("#whynot-text")).to_contain_text("自分の手札に4枚必要だが、2枚しかない")
    assert other.input_value("#whynot-expect") == "J1=battle,J2=battle"
    assert other.problems == []
    other.context.close()


def test_search_forgives_a_typo_and_enter_picks_the_first_card(page, url):
    open_app(page, url)
    page.fill("#card-query", "ジャシソ帝")
    expect(page.locator("#card-results .no-match")).to_contain_text(
        "見つかりません · もしかして: アビスベル＝ジャシン帝"
    )
    page.click("#card-results button.suggestion")
    expect(page.locator("#card-results button.choose").first).to_have_attribute("data-name", JASHIN)
    page.fill("#card-query", "jashin")
    page.press("#card-query", "Enter")
    expect(page.locator("#place-card")).to_have_text(JASHIN)
    page.fill("#card-query", "墓地に置くかわりに")
    expect(page.locator("#card-results")).to_contain_text("テキストで見つかったカード")


MELISSA = "このクリーチャーが破壊される時、墓地に置くかわりに自分のマナゾーンに置く。"  # 雪溶妖精シャーマン・メリッサ


def test_a_pasted_text_shows_its_reading_and_places_exactly_that_card(page, url):
    open_app(page, url)
    page.click("#paste summary")
    page.fill("#paste-name", "雪溶妖精シャーマン・メリッサ")
    page.fill("#paste-text", "このクリーチャーが破壊される時、かわりに手札に戻す。")
    page.click("#paste-compile")
    expect(page.locator("#place-card")).to_have_text("雪溶妖精シャーマン・メリッサ")
    page.fill("#paste-text", "このクリーチャーが破壊される時、かわりにふしぎなことが起こる。")
    page.click("#paste-compile")
    expect(page.locator("#paste-result")).to_contain_text("読み取れない部分:")
    assert page.locator("#place-form").is_hidden()  # the card read before is not kept
    page.fill("#paste-text", MELISSA)
    page.click("#paste-compile")
    expect(page.locator("#paste-result .reading")).to_contain_text("かわりに: そのカードはマナゾーンに置かれる")
    assert "置換能力" in page.inner_text("#paste-result") and "強制" in page.inner_text("#paste-result")
    page.select_option("#place-player", "me")
    page.select_option("#place-zone", "battle")
    page.fill("#place-id", "M")
    page.click("#place-button")
    page.wait_for_selector('#board [data-player="me"] [data-zone="battle"] [data-card="M"]')
    add_event(page, "destroy", "M")
    solve(page)
    assert totals(page) == ("1", "1")  # mandatory: it goes to the mana zone instead of the graveyard
    card = page.locator('#result section.state [data-zone="mana"] [data-card="M"]')
    assert card.count() == 1 and "雪溶妖精シャーマン・メリッサ" in card.inner_text()
    page.click("#yaml-panel summary")
    expect(page.locator("#yaml")).to_have_value(re.compile("墓地に置くかわりに自分のマナゾーンに置く"))
    assert "replacements" not in page.input_value("#yaml")  # the card is its text, compiled where it is read
    assert "ふしぎ" not in page.input_value("#yaml")


def test_new_resets_everything(page, url):
    open_app(page, url)
    page.select_option("#ruleset", "dmps")
    page.click("#paste summary")
    page.fill("#paste-name", "X")
    page.fill("#paste-text", MELISSA)
    page.click("#paste-compile")
    page.select_option("#place-zone", "mana")
    page.fill("#card-query", "jashin")
    page.click("#unnamed")
    page.click("#place-button")
    page.click("#new-scenario")
    assert page.locator("#board [data-card]").count() == 0 and page.locator("#result *").count() == 0
    assert page.input_value("#ruleset") == "dm" and page.input_value("#place-zone") == "battle"
    assert page.input_value("#paste-name") == page.input_value("#paste-text") == page.input_value("#card-query") == ""
    assert page.locator("#place-form").is_hidden() and not page.locator("#paste").get_attribute("open")
    assert page.locator("#paste-result *").count() == 0


def test_the_ruleset_menu_has_dmps(page, url):
    open_app(page, url)
    page.select_option("#fixture-select", "P01-madness-battle-zone-full.yaml")
    page.click("#fixture-load")
    page.wait_for_selector("#board [data-card]")
    assert page.input_value("#ruleset") == "dmps"
    assert "デュエマプレイス (dmps)" in page.inner_text("#ruleset")


DISAGREE = {
    "turn": "opponent",
    "players": {
        "me": {
            "battle": [
                {
                    "id": "C",
                    "card": {
                        "name": "テキストと形が違うクリーチャー",
                        "type": "creature",
                        "text": "このクリーチャーが破壊される時、かわりに自分の手札を2枚捨ててもよい。",
                        "replacements": [
                            {"watch": {"event": "destroy", "card": "this"}, "instead": ["stay"], "optional": True}
                        ],
                    },
                }
            ],
            "hand": ["h1", "h2"],
        },
        "opponent": {},
    },
    "effect": {"controller": "opponent", "events": [{"id": "e1", "destroy": "C"}]},
}


def test_a_card_whose_text_and_form_disagree_is_warned_of_in_the_page(page, url):
    open_app(page, url, "#s=" + base64.urlsafe_b64encode(json.dumps(DISAGREE).encode()).decode().rstrip("="))
    expect(page.locator("#warnings")).to_contain_text(
        "印刷されたテキストと構造化された形 (replacements) が食い違っています"
    )
    assert (
        "テキスト「このクリーチャーが破壊される時、かわりに自分の手札を2枚捨ててもよい。」の読み取り"
        in page.inner_text("#warnings")
    )


def test_out_of_range_numbers_are_refused_next_to_their_field(page, url):
    open_situation(page, url, A01)
    page.fill("#timeout", "99999999")
    page.click("#solve")
    expect(page.locator('[data-place="timeout"] + .inline-error')).to_have_text(
        "制限時間 (秒) は 20 以下にしてください (この workbench の上限)"
    )
    page.fill("#timeout", "20")
    page.fill("#max-resolutions", "1.5")
    page.click("#solve")
    expect(page.locator('[data-place="max_resolutions"] + .inline-error')).to_have_text(
        "最大の解決数 は整数で入力してください"
    )


def test_bad_input_is_shown_next_to_its_field_in_words(page, url):
    open_app(page, url)
    page.select_option("#turn", "opponent")
    place(page, player="me", zone="hand", card_id="h1")
    page.click("#solve")  # no event yet
    expect(page.locator("#solve-error")).to_have_text(
        "効果のイベント: 効果がイベントを1つも起こしません。イベントを加えてください"
    )
    assert page.locator("#events + .inline-error").count() == 1


def test_b03_every_window_english_on_the_toggle_and_the_download_named_after_the_title(page, url):
    open_app(page, url)
    page.select_option("#fixture-select", "B03-baiken-setsudan.yaml")
    page.click("#fixture-load")
    page.wait_for_selector('#board [data-card="BK"]')
    solve(page)
    assert totals(page) == ("4", "3")
    ways = page.locator("#result .way")
    told = [
        [w.get_attribute("data-window") for w in ways.nth(i).locator("li.window").all()] for i in range(ways.count())
    ]
    assert sorted(told) == [[], ["1", "2"], ["1", "2"], ["1", "2"]]
    text = page.inner_text("#result")
    assert "BK (斬隠蒼頭龍バイケン)が手札に戻る: バトルゾーン → 手札 [e1/BK.then1.1:BK]" in text
    assert "手札 → バトルゾーン → 手札" in text  # バイケン entered, then returned
    with page.expect_download() as download:
        page.click("#download")
    saved = yaml.safe_load(Path(download.value.path()).read_text(encoding="utf-8"))
    fixture = yaml.safe_load(
        (Path(__file__).parent.parent / "fixtures" / "B03-baiken-setsudan.yaml").read_text("utf-8")
    )
    assert saved == fixture
    assert download.value.suggested_filename == fixture["title"].replace(" ", "-")[:80].rstrip("-.") + ".yaml"
    page.click("#lang-en")
    assert page.locator('#board [data-zone="battle"] h5').first.inner_text() == "Battle zone"
    expect(page.locator("#result .totals")).to_have_text("4 resolutions, 3 final states")
    assert "BK (斬隠蒼頭龍バイケン) returns to the hand: battle zone → hand [e1/BK.then1.1:BK]" in page.inner_text(
        "#result"
    )


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
    expect(page.locator("#result .totals")).to_be_visible()  # a link opens solved
    assert EVIL_NAME in page.inner_text("#result")
    assert page.locator("img").count() == 0 and page.locator("#result script").count() == 0
    scenario = dmrules.scenario_from_text(yaml.safe_dump(EVIL, allow_unicode=True), "evil.yaml")
    page.set_content(render_html(scenario, dmrules.solve(scenario)))
    assert EVIL_NAME in page.inner_text("body")
    assert page.locator("img").count() == 0 and page.locator("script").count() == 0


def test_a_phone_sees_the_whole_page_without_scrolling_sideways(browser, url):
    page = new_page(browser, width=375)
    open_situation(page, url, A01)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, width
    assert page.problems == []
    page.context.close()
