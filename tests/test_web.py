"""The workbench's routes, over HTTP: answers bound to their situation, pages of boards, limits,
errors at their field in the page's language, safety."""

import json
import urllib.request

import pytest
import yaml

from dmrules.presenting.web.routes import RequestLimits

from .conftest import FIXTURES
from .webserver import call, running

A01 = yaml.safe_load((FIXTURES / "A01-two-jashintei.yaml").read_text(encoding="utf-8"))
A04 = yaml.safe_load((FIXTURES / "A04-forkfock-jabrad-both.yaml").read_text(encoding="utf-8"))
# Three アビスベル＝ジャシン帝 destroyed at once, five unknown hand cards: 121 resolutions, 46 final states
# (each kept creature takes 2 of the 5 cards, none twice: 609.9b).
SAVERS = {
    "turn": "opponent",
    "players": {
        "me": {
            "battle": [{"id": f"J{i}", "card": "アビスベル＝ジャシン帝"} for i in (1, 2, 3)],
            "hand": [f"h{i}" for i in range(1, 6)],
        },
        "opponent": {},
    },
    "effect": {"controller": "opponent", "events": [{"id": f"e{i}", "destroy": f"J{i}"} for i in (1, 2, 3)]},
}


@pytest.fixture(scope="module")
def url():
    with running(RequestLimits(timeout=20, max_resolutions=150, max_body=50_000, per_page=20)) as base:
        yield base


def test_solve_gives_the_command_lines_counts_and_a_board_per_state(url):
    status, doc, _ = call(url + "/api/solve", {"scenario": A01, "lang": "en"})
    assert status == 200
    assert (doc["resolutions"], doc["states"], doc["boards_count"], doc["complete"]) == (3, 3, 3, True)
    assert len(doc["boards"]) == 3 and all('class="state"' in b for b in doc["boards"])
    assert 'data-resolution="2"' in "".join(doc["boards"])  # each resolution can be asked why
    assert "3 resolutions, 3 final states" in doc["head"]


def test_boards_are_numbered_to_the_final_states_and_paginated(url):
    status, doc, _ = call(url + "/api/solve", {"scenario": SAVERS})
    assert (doc["resolutions"], doc["states"], doc["boards_count"], doc["pages"]) == (121, 46, 46, 3)
    assert "121 通りの解決、46 個の最終状態" in doc["head"]
    assert "処理の後: 46 個の最終状態" in doc["boards_title"]
    status, last, _ = call(url + "/api/solve", {"scenario": SAVERS, "page": 3})
    assert (last["page"], last["first"], len(last["boards"]), last["key"]) == (3, 41, 6, doc["key"])
    assert [f'data-state="{n}"' in b for n, b in zip(range(41, 47), last["boards"])] == [True] * 6
    # Every board is one final state as the command line counts them, and they share the 121 out.
    status, middle, _ = call(url + "/api/solve", {"scenario": SAVERS, "page": 2})
    boards = doc["boards"] + middle["boards"] + last["boards"]
    assert sum(int(b.split('data-resolutions="', 1)[1].split('"', 1)[0]) for b in boards) == 121


def test_a_count_cut_short_switches_to_grouped_counting_and_says_what_it_counts(url):
    # A04 has 211 resolutions; this server lists at most 150, then counts up to interchangeable cards.
    status, doc, _ = call(url + "/api/solve", {"scenario": A04})
    assert status == 200
    assert doc["switched"] and doc["grouped"] and doc["complete"]
    assert (doc["resolutions"], doc["listed"]) == (211, 4)
    assert "まとめて数える方法に切り替えました" in doc["note"]
    assert "交換可能なカードを区別しない最終状態" in doc["head"]


@pytest.mark.parametrize(
    "value, said",
    [
        ("1.5", "最大の解決数 は整数で入力してください"),
        ("soon", "最大の解決数 は数で入力してください"),
        (0, "最大の解決数 は 0 より大きくしてください"),
        (10**9, "最大の解決数 は 150 以下にしてください"),
    ],
)
def test_numbers_out_of_range_are_refused_with_the_fields_label_and_limit(url, value, said):
    status, doc, _ = call(url + "/api/solve", {"scenario": A01, "max_resolutions": value})
    assert status == 400 and doc["error"]["place"] == "max_resolutions"
    assert doc["error"]["message"].startswith(said)


def test_a_timeout_over_the_limit_is_refused_not_capped(url):
    status, doc, _ = call(url + "/api/solve", {"scenario": A01, "timeout": 99999999, "lang": "en"})
    assert status == 400 and doc["error"]["place"] == "timeout"
    assert doc["error"]["message"].startswith("Time limit (s) must be at most 20")


def test_bad_scenario_gets_the_readers_error_at_its_field_in_words(url):
    bad = yaml.safe_load(yaml.safe_dump(A01))
    bad["players"]["me"]["battle"][0]["card"] = "アビスベル"
    status, doc, _ = call(url + "/api/solve", {"scenario": bad})
    assert status == 400
    error = doc["error"]
    assert error["place"] == "players.me.battle[0].card"
    assert (
        error["message"]
        == "自分のバトルゾーンのカード J1: カード「アビスベル」は見つかりません。もしかして: 'アビスベル＝ジャシン帝'"
    )
    assert "scenario.yaml" not in error["message"] and "Traceback" not in str(doc)
    status, doc, _ = call(url + "/api/solve", {"scenario": bad, "lang": "en"})
    assert doc["error"]["message"].startswith("me's battle card J1: unknown card 'アビスベル'; did you mean")


def test_why_and_why_not_answer_for_the_situation_solved(url):
    status, solved, _ = call(url + "/api/solve", {"scenario": A01, "lang": "en"})
    key = solved["key"]
    status, doc, _ = call(url + "/api/why", {"scenario": A01, "key": key, "resolution": 2, "lang": "en"})
    assert status == 200 and "applies J1; affected cards: h1, h2" in doc["text"]
    assert (doc["key"], doc["grouped"], doc["stands_for"]) == (key, False, 1)
    status, doc, _ = call(url + "/api/why", {"scenario": A01, "key": key, "resolution": 2})
    assert status == 200 and "J1 を適用する。影響を受けるカード: h1、h2" in doc["text"]
    # An edited situation sent with the key of the one solved is refused: the answer would be another board's.
    edited = yaml.safe_load(yaml.safe_dump(A01))
    edited["effect"]["events"].pop()
    status, doc, _ = call(url + "/api/why", {"scenario": edited, "key": key, "resolution": 2})
    assert status == 409 and doc["error"]["message"] == "この答えは別の状況のものです。もう一度解いてください"
    status, doc, _ = call(url + "/api/why", {"scenario": A01, "key": key, "resolution": 4})
    assert status == 400 and doc["error"]["message"] == "解決の番号: 解決は 3 通りです。4 番はありません"
    status, doc, _ = call(url + "/api/why-not", {"scenario": A01, "key": key, "expect": "J9=battle"})
    assert status == 400 and doc["error"]["place"] == "--expect J9=battle"
    status, doc, _ = call(url + "/api/why-not", {"scenario": A01, "key": key, "expect": "J1=battle", "lang": "en"})
    assert (status, doc["legal"], doc["key"]) == (200, True, key)


@pytest.mark.parametrize("path, ask", [("/api/why", {"resolution": 1}), ("/api/why-not", {"expect": "J1=battle"})])
def test_why_and_why_not_without_the_key_of_a_solve_are_refused(url, path, ask):
    status, doc, _ = call(url + path, {"scenario": A01, **ask})
    assert (status, doc["error"]["place"]) == (400, "key")
    assert (
        doc["error"]["message"]
        == "どの解決の結果への質問か分かりません (解いた結果のキーがありません)。先に解いてください"
    )
    status, doc, _ = call(url + path, {"scenario": A01, "lang": "en", "key": "0" * 32, **ask})
    assert (status, doc["error"]["message"]) == (409, "this answer is of another situation: solve again")


# A01 with four hand cards, solved with at most 5 resolutions: the count is cut short and redone with
# grouped counting (19 resolutions, listed as 3: none kept, one kept, both kept).
FOUR_HANDS = {**A01, "players": {**A01["players"], "me": {**A01["players"]["me"], "hand": ["h1", "h2", "h3", "h4"]}}}
BOTH_KEPT = """\
Resolution 3: how it is legal, in decision order (609.9a: the spell's own movement first, then the turn player, \
then the non-turn player; then everything applies at once)
First, the turn player (opponent):
    no replacement of theirs watches an event of the window
Then, the non-turn player (me):
  J1 (アビスベル＝ジャシン帝) is destroyed: battle zone → graveyard [e1]
    applies J1; affected cards: h1, h2
  J2 (アビスベル＝ジャシン帝) is destroyed: battle zone → graveyard [e2]
    applies J2; affected cards: h3, h4
Then everything is applied at once (609.9):
  J1 (アビスベル＝ジャシン帝) is destroyed [e1]: replaced by J1 (アビスベル＝ジャシン帝), decided by me; \
affected cards: h1, h2
  J2 (アビスベル＝ジャシン帝) is destroyed [e2]: replaced by J2 (アビスベル＝ジャシン帝), decided by me; \
affected cards: h3, h4
    h1: hand → graveyard
    h2: hand → graveyard
    h3: hand → graveyard
    h4: hand → graveyard
"""


def test_why_explains_the_resolution_the_board_numbered_under_grouped_counting(url):
    from dmrules.presenting.web.routes import solve_key

    asked = {"scenario": FOUR_HANDS, "max_resolutions": 5, "lang": "en"}
    status, solved, _ = call(url + "/api/solve", asked)
    assert (solved["switched"], solved["resolutions"], solved["listed"]) == (True, 19, 3)
    assert 'data-resolutions="6"' in solved["boards"][2] and "Resolution #3" in solved["boards"][2]
    # The key names the grouped listing: the key of the listing of every resolution is not the board's.
    assert solved["key"] == solve_key(FOUR_HANDS, 20, 5, grouped=True) != solve_key(FOUR_HANDS, 20, 5)
    status, doc, _ = call(url + "/api/why", {**asked, "key": solved["key"], "resolution": 3})
    assert (status, doc["text"], doc["grouped"], doc["stands_for"]) == (200, BOTH_KEPT, True, 6)
    status, doc, _ = call(url + "/api/why", {**asked, "key": solved["key"], "resolution": 19})
    assert status == 400
    assert doc["error"]["message"] == "Resolution number: 3 resolutions are listed, which stand for 19; 19 is not one"
    status, doc, _ = call(url + "/api/why", {**asked, "lang": "ja", "key": solved["key"], "resolution": 4})
    assert (
        doc["error"]["message"] == "解決の番号: 表示されている解決は 3 通り (19 通りを表します) です。4 番はありません"
    )
    status, doc, _ = call(url + "/api/why-not", {**asked, "key": solved["key"], "expect": "J1=battle,J2=battle"})
    assert (status, doc["legal"]) == (200, True)


def test_why_of_a_listing_cut_short_says_how_many_are_listed(url):
    B03 = yaml.safe_load((FIXTURES / "B03-baiken-setsudan.yaml").read_text(encoding="utf-8"))
    asked = {"scenario": B03, "max_resolutions": 2}
    status, solved, _ = call(url + "/api/solve", asked)
    assert (solved["complete"], solved["switched"], solved["listed"]) == (False, False, 2)
    status, doc, _ = call(url + "/api/why", {**asked, "key": solved["key"], "resolution": 3})
    assert (status, doc["error"]["message"]) == (400, "解決の番号: 表示されている解決は 2 通りです。3 番はありません")
    status, doc, _ = call(url + "/api/why", {**asked, "key": solved["key"], "resolution": 3, "lang": "en"})
    assert doc["error"]["message"] == "Resolution number: 2 resolutions are listed; 3 is not one"


def test_why_not_names_the_rule_and_the_cause(url):
    key = call(url + "/api/solve", {"scenario": SAVERS})[1]["key"]
    asked = {"scenario": SAVERS, "key": key, "expect": "J1=battle,J2=battle,J3=battle"}
    status, doc, _ = call(url + "/api/why-not", asked)
    assert status == 200 and not doc["legal"]
    assert "609.9b" in doc["text"]
    assert "合法にする最小の変更:\n  自分の手札に6枚必要だが、5枚しかない" in doc["text"]
    assert doc["causes"] == [
        {"kind": "add", "text": "needs 6 cards in me's hand, there are 5", "player": "me", "zone": "hand",
         "count": 1, "have": 5}
    ]  # fmt: skip


def test_card_search_forgives_typos_romaji_and_finds_text(url):
    quote = urllib.request.quote
    status, doc, _ = call(url + "/api/cards?q=" + quote("《アビスベル＝ジャシン帝》"))
    assert [c["name"] for c in doc["cards"]] == ["アビスベル＝ジャシン帝"]
    status, doc, _ = call(url + "/api/cards?q=" + quote("ジャシソ帝"))
    assert doc["cards"] == [] and doc["suggestions"][0] == "アビスベル＝ジャシン帝"
    status, doc, _ = call(url + "/api/cards?q=jashin")
    assert [c["name"] for c in doc["cards"]] == ["アビスベル＝ジャシン帝"] and doc["by"] == "romaji"
    status, doc, _ = call(url + "/api/cards?q=" + quote("墓地に置くかわりに"))
    assert doc["by"] == "text" and doc["cards"] and all("墓地に置くかわりに" in c["text"] for c in doc["cards"])
    status, doc, _ = call(url + "/api/cards?q=" + quote("t:呪文 c:闇"))
    assert doc["cards"] and all("spell" in c["types"] and "darkness" in c["civilizations"] for c in doc["cards"])


def test_fixtures_come_from_the_package_data_only(url, tmp_path, monkeypatch):
    import dmrules.fixtures

    from dmrules.presenting.web.routes import fixtures_dir

    assert fixtures_dir() == __import__("pathlib").Path(dmrules.fixtures.__file__).parent
    planted = tmp_path / "fixtures"
    planted.mkdir()
    (planted / "ZZ-planted.yaml").write_text("turn: me\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # a folder named fixtures in the current folder is not looked at
    status, doc, _ = call(url + "/api/fixture?name=ZZ-planted.yaml")
    assert status == 404
    status, doc, _ = call(url + "/api/fixture?name=B03-baiken-setsudan.yaml")
    assert status == 200 and doc["scenario"]["source"]["ruling"] == "B03"
    for name in ("../pyproject.toml", "/etc/passwd", "B03-baiken-setsudan"):
        status, doc, _ = call(url + "/api/fixture?name=" + urllib.request.quote(name))
        assert status == 404


def test_yaml_round_trip_and_parse(url):
    status, doc, _ = call(url + "/api/yaml", {"scenario": A01})
    assert yaml.safe_load(doc["yaml"]) == A01
    status, doc, _ = call(url + "/api/parse", {"yaml": "turn: me\nplayers: {me: {}}\n", "lang": "en"})
    assert status == 400 and doc["error"]["message"] == "Situation: missing field 'effect'"


def test_every_request_is_bounded_and_the_page_is_locked_down(url):
    status, doc, _ = call(url + "/api/solve", b"{" + b" " * 60_000 + b"}")
    assert status == 413
    status, doc, _ = call(url + "/api/solve", b"not json")
    assert status == 400
    status, doc, _ = call(url + "/api/solve", b'{"scenario": ' + b"[" * 5000 + b"]" * 5000 + b"}")
    assert status == 400 and "error" in doc
    status, doc, _ = call(url + "/", headers={"host": "attacker.example"})
    assert status == 400  # a page of another site reaching this server under a rebound name
    with urllib.request.urlopen(url + "/") as response:
        csp = response.headers["content-security-policy"]
        page = response.read().decode()
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert '<script id="boot" type="application/json">' in page
    with urllib.request.urlopen(url + "/favicon.ico") as response:
        assert response.headers["content-type"].startswith("image/svg+xml")


def test_refusals_before_the_body_is_read_answer_in_the_language_it_asks_for(url):
    # Over the limit (50,000 bytes here), its lang at the end: read on for the language alone.
    too_large = json.dumps({"scenario": {"title": "x" * 60_000}, "lang": "en"}).encode()
    status, doc, _ = call(url + "/api/solve", too_large)
    assert (status, doc["error"]["message"]) == (413, "the request is larger than 50,000 bytes")
    status, doc, _ = call(url + "/api/solve", too_large.replace(b'"en"', b'"ja"'))
    assert (status, doc["error"]["message"]) == (413, "リクエストが 50,000 バイトを超えています")
    # Nested deeper than JSON is read, and deep enough that the server cannot write it out.
    nested = b'{"lang": "en", "scenario": {"a": ' + b"[" * 5000 + b"]" * 5000 + b"}}"
    status, doc, _ = call(url + "/api/solve", nested)
    assert (status, doc["error"]["message"]) == (400, "the request is nested too deeply")
    deep = {"lang": "en", "scenario": {"a": json.loads("[" * 900 + "]" * 900)}}
    for path in ("/api/solve", "/api/yaml"):
        status, doc, _ = call(url + path, deep)
        assert (status, doc["error"]["message"]) == (400, "the request is nested too deeply")
    status, doc, _ = call(url + "/api/solve", b'{"lang": "en", "scenario": {]}')
    assert (status, doc["error"]["message"]) == (400, "the request is not JSON")


def test_a_number_of_more_digits_than_python_reads_is_refused(url):
    body = json.dumps({"scenario": A01, "lang": "en"})[:-1] + ', "timeout": ' + "9" * 5000 + "}"
    status, doc, _ = call(url + "/api/solve", body.encode())
    assert (status, doc["error"]["message"]) == (400, "a number of the request has too many digits (at most 4,300)")
    status, doc, _ = call(url + "/api/solve", body.replace('"en"', '"ja"').encode())
    assert (status, doc["error"]["message"]) == (400, "リクエストの数の桁が多すぎます (4,300 桁まで)")


@pytest.mark.parametrize(
    "path, body, place, said",
    [
        ("/api/why-not", {"expect": "\ud800=battle"}, "--expect", "the why-not question: {} at character 1"),
        ("/api/why-not", {"expect": "J1=\ud800"}, "--expect", "the why-not question: {} at character 4"),
        ("/api/compile", {"text": "かわりに\ud800"}, "text", "Printed text: {} at character 5"),
        ("/api/solve", {"scenario": {**A01, "title": "\udfff"}}, "title", "Situation: {} at character 1"),
        ("/api/parse", {"yaml": "turn: me\n\ud800"}, "yaml", "Scenario YAML: {} at character 10"),
    ],
)
def test_text_that_is_not_valid_unicode_is_refused_at_its_field(url, path, body, place, said):
    key = call(url + "/api/solve", {"scenario": A01})[1]["key"]
    status, doc, _ = call(url + path, {"scenario": A01, "key": key, **body, "lang": "en"})
    code = "U+DFFF" if "title" in body.get("scenario", {}) else "U+D800"
    assert (status, doc["error"]["place"]) == (400, place)
    assert doc["error"]["message"] == said.format(f"not valid Unicode text: a lone surrogate {code}")


def test_a_card_named_by_text_that_is_not_valid_unicode_is_named_by_its_place(url):
    scenario = yaml.safe_load(yaml.safe_dump(A01))
    scenario["players"]["me"]["battle"][0] = {"id": "J\ud800", "card": "アビスベル＝ジャシン帝"}
    status, doc, _ = call(url + "/api/solve", {"scenario": scenario})
    assert (status, doc["error"]["place"]) == (400, "players.me.battle[0].id")
    assert doc["error"]["message"] == (
        "自分のバトルゾーンのカード #1: "
        "Unicode の文字列として正しくありません (対になっていないサロゲート U+D800、2 文字目)"
    )
    status, doc, _ = call(url + "/api/solve", {"scenario": {**A01, "\ud800": 1}, "lang": "en"})
    assert (status, doc["error"]["place"]) == (400, "")
    assert doc["error"]["message"] == "Situation: not valid Unicode text: a lone surrogate U+D800 at character 1"


def test_the_language_of_a_body_is_found_without_reading_it_as_json():
    from dmrules.presenting.web.body import TopLang

    def lang(text: bytes, piece: int) -> str | None:
        scan = TopLang()
        for start in range(0, len(text), piece):
            scan.feed(text[start : start + piece])
        return scan.lang

    cases = [
        (b'{"a": "x: [y, \\"lang\\": \\"en\\"", "lang": "en"}', "en"),
        (b'{"scenario": {"lang": "en"}, "l": ["lang", "en"]}', None),
        (b'{"lang": "en", "lang": "fr"}', "ja"),
        (b'{"x": "\\\\", "lang" : "en", "y": ' + b"[" * 3000, "en"),
        (b'{"lang\\u0020": "en"}', None),
    ]
    for text, found in cases:
        assert [lang(text, piece) for piece in (1, 2, 3, 5, len(text))] == [found] * 5, text


@pytest.mark.parametrize(
    "headers, status",
    [
        ({"origin": "http://evil.example"}, 403),
        ({"sec-fetch-site": "cross-site"}, 403),
        ({"content-type": "text/plain"}, 415),
        ({"content-type": "application/x-www-form-urlencoded"}, 415),
    ],
)
def test_requests_of_other_sites_are_refused(url, headers, status):
    got, doc, _ = call(url + "/api/solve", {"scenario": A01}, headers=headers)
    assert got == status and "error" in doc
    got, doc, _ = call(url + "/api/solve", {"scenario": A01}, headers={"origin": url})
    assert got == 200  # the page's own origin


def test_serve_prints_its_address_and_stops_on_ctrl_c():
    import signal
    import subprocess
    import sys

    from .conftest import ROOT
    from .webserver import free_port

    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "dmrules.cli", "serve", "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = server.stdout.readline()
        assert line.startswith(f"dmrules workbench: http://127.0.0.1:{port}/")
        status, _, _ = call(f"http://127.0.0.1:{port}/api/cards?q=x")
        assert status == 200
    finally:
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=20)
    assert server.returncode in (0, 130) and "Traceback" not in err


def test_serve_refuses_a_bad_address():
    from .conftest import run_cli
    from .webserver import free_port

    done = run_cli("serve", "--port", "99999")
    assert done.returncode == 2 and "'99999' is not a port" in done.stderr
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", free_port()))
        taken.listen()
        port = taken.getsockname()[1]
        done = run_cli("serve", "--port", str(port), timeout=60)  # a server that did start would hang here
    assert done.returncode == 2 and f"--port {port}: cannot listen there" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_compile_a_printed_text_shows_its_reading(url):
    text = "このクリーチャーが破壊される時、墓地に置くかわりに自分のマナゾーンに置く。"  # 雪溶妖精シャーマン・メリッサ
    status, doc, _ = call(url + "/api/compile", {"text": text, "type": "creature"})
    assert status == 200 and doc["problems"] == [] and len(doc["abilities"]) == 1
    assert doc["abilities"][0]["watch"]["event"] == "destroy"
    assert doc["reading"] == [
        ["このカードが破壊される時", "かわりに: そのカードはマナゾーンに置かれる", "強制。バトルゾーンで働く"]
    ]
    status, doc, _ = call(
        url + "/api/compile", {"text": "このクリーチャーが破壊される時、かわりにふしぎなことが起こる。"}
    )
    assert status == 200 and doc["abilities"] == [] and "ふしぎなことが起こる" in doc["problems"][0]
    status, doc, _ = call(url + "/api/compile", {"text": "  "})
    assert status == 400 and doc["error"]["place"] == "text"
    status, doc, _ = call(url + "/api/compile", {"text": "か" * 53_000})
    assert status == 413 or (status == 400 and doc["error"]["place"] == "text")


def test_a_card_whose_text_and_form_disagree_is_warned_of(url):
    doc = yaml.safe_load(DISAGREE)
    status, got, _ = call(url + "/api/solve", {"scenario": doc})
    assert status == 200 and got["resolutions"] == 2
    [warning] = got["warnings"]
    assert warning.startswith("カード C (テキストと形が違うクリーチャー): 印刷されたテキストと構造化された形")
    assert "手札から自分のカードを2枚捨てる" in warning and "与えられた形: このカードが破壊される時" in warning


DISAGREE = """
turn: opponent
players:
  me:
    battle:
      - id: C
        card:
          name: テキストと形が違うクリーチャー
          type: creature
          text: このクリーチャーが破壊される時、かわりに自分の手札を2枚捨ててもよい。
          replacements:
            - watch: {event: destroy, card: this}
              instead: [stay]
              optional: true
    hand: [h1, h2]
  opponent: {}
effect:
  controller: opponent
  events:
    - {id: e1, destroy: C}
"""


def test_a_solve_streams_its_progress(url):
    B03 = yaml.safe_load((FIXTURES / "B03-baiken-setsudan.yaml").read_text(encoding="utf-8"))
    request = urllib.request.Request(
        url + "/api/solve",
        data=json.dumps({"scenario": B03, "stream": True}).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        assert response.headers["content-type"].startswith("application/x-ndjson")
        lines = [json.loads(line) for line in response.read().decode().splitlines()]
    assert all(set(line) == {"found", "seconds"} for line in lines[:-1])
    assert (lines[-1]["result"]["resolutions"], lines[-1]["result"]["states"]) == (4, 3)


def test_a_streamed_solve_refuses_bad_input_with_its_status(url):
    bad = {**A01, "turn": "nobody"}
    status, doc, headers = call(url + "/api/solve", {"scenario": bad, "stream": True, "lang": "en"})
    assert (status, headers["content-type"]) == (400, "application/json")
    assert doc["error"] == {
        "message": "Turn player: unknown value 'nobody' (known: me, opponent)",
        "place": "turn",
        "problem": "Turn player: unknown value 'nobody' (known: me, opponent)",
    }
    status, doc, _ = call(url + "/api/solve", {"scenario": A01, "stream": True, "max_resolutions": 0})
    assert (status, doc["error"]["place"]) == (400, "max_resolutions")


def test_a_child_over_its_memory_cap_is_ended_and_says_so():
    """The solver's memory is the child's: over its cap the child ends, the answer says so."""
    import asyncio

    from dmrules.presenting.web.jobs import Pool

    from .test_web_burst import HUNGRY

    pool = Pool(1, 0, 96)

    def solve(doc):
        payload = {"scenario": doc, "lang": "ja", "timeout": 20, "max_resolutions": 100}
        return asyncio.run(pool.run("solve", payload, 20))

    assert solve(A01)["ok"]["resolutions"] == 3
    assert solve(HUNGRY) == {"error": {"kind": "memory", "max_memory": 96}, "status": 422}


def test_a_card_whose_form_leaves_part_of_its_text_out_is_named_in_japanese(url):
    A07 = yaml.safe_load((FIXTURES / "A07-viljavelin-same-effect-card.yaml").read_text(encoding="utf-8"))
    status, doc, _ = call(url + "/api/solve", {"scenario": A07})
    assert status == 200
    assert doc["warnings"] == [
        "注意: 偽槍縫合 ヴィルジャベリン の構造化された形は印刷されたテキストのすべてではありません"
        "(省かれた部分に関わる答えは、実際のカードでは違うかもしれません)"
    ]


def test_the_fork_server_warm_up_solves_explains_and_asks_why_not():
    """The fork server (and the batch pool) solves, explains and asks why-not once before it forks
    (``checking/warm.py``): its situation (ruling A01's) must stay one that each request answers, or
    every child would do that work again for each request."""
    import yaml

    from dmrules.checking.warm import WARM_UP_SITUATION, warm
    from dmrules.presenting.web.child import run

    warm()  # raises when one of them cannot answer
    payload = {"lang": "ja", "timeout": 20.0, "max_resolutions": 100, "scenario": yaml.safe_load(WARM_UP_SITUATION)}
    assert run("solve", payload, lambda n: None)["ok"]["resolutions"] == 3  # A01: three resolutions
    assert run("why_not", {**payload, "expect": "J1=battle,J2=battle"}, lambda n: None)["ok"]["legal"] is False
