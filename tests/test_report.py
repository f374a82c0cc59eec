"""The HTML report: its structure, its counts, its escaping, and the --html option."""

import re
import textwrap
from html.parser import HTMLParser

import pytest

import dmrules
from dmrules.presenting.report import LABELS, render_html, write_html

from .conftest import FIXTURES, fixture_files, fixture_sample, run_cli

JA = LABELS["ja"]["zones"]

A01 = FIXTURES / "A01-two-jashintei.yaml"
A03 = FIXTURES / "A03-glenmoult-gigaheart.yaml"
A04 = FIXTURES / "A04-forkfock-jabrad-both.yaml"
A09 = FIXTURES / "A09-two-bragers.yaml"
VOID = {"meta", "br", "hr", "img", "input", "link", "wbr"}


class Page(HTMLParser):
    """The elements of a page, each with its attributes, classes, text and the section it is in."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.elements: list[dict] = []
        self.stack: list[dict] = []
        self.texts: list[str] = []
        self.feed(text)
        self.close()
        assert not self.stack, f"unclosed elements: {[e['tag'] for e in self.stack]}"

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = set((attrs.get("class") or "").split())
        where = self.stack[-1]["where"] if self.stack else None
        if tag == "section" and "situation" in classes:
            where = "situation"
        elif tag == "section" and "state" in classes:
            where = int(attrs["data-state"])
        element = {
            "tag": tag,
            "attrs": attrs,
            "classes": classes,
            "where": where,
            "text": [],
            "parents": list(self.stack),
        }
        self.elements.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        assert self.stack and self.stack[-1]["tag"] == tag, f"</{tag}> does not close the last open element"
        self.stack.pop()

    def handle_data(self, data):
        self.texts.append(data)
        for element in self.stack:
            element["text"].append(data)

    def find(self, cls: str, where=...) -> list[dict]:
        return [e for e in self.elements if cls in e["classes"] and (where is ... or e["where"] == where)]

    @property
    def text(self) -> str:
        return "".join(self.texts)


def text_of(element: dict) -> str:
    return "".join(element["text"])


def report(path, **kwargs):
    scenario = dmrules.load_scenario(path)
    solution = dmrules.solve(scenario)
    html = render_html(scenario, solution, **kwargs)
    return scenario, solution, html, Page(html)


def state_groups(solution, scenario) -> list[list[int]]:
    """Resolutions by final state up to interchangeable cards (only how many of a class end in each
    zone, or under each card, counts), in order of first appearance: computed here independently of the
    report."""
    from collections import Counter

    from dmrules.solving.grouping import interchangeable_classes

    classes = interchangeable_classes(scenario)
    members = {c for ids in classes for c in ids}
    which = {c: k for k, ids in enumerate(classes) for c in ids}
    groups: dict = {}
    for i, r in enumerate(solution.resolutions):
        fixed = frozenset((c, z) for c, z in r.final.items() if c not in members)
        folded = tuple(frozenset(Counter(r.final[c] for c in ids).items()) for ids in classes)
        # which card ends under which, a card of a class as its class
        under = Counter((which.get(c, c), which.get(h, h)) for c, h in r.windows[-1].final_under.items())
        key = (fixed, folded, frozenset(r.lost), frozenset(r.flipped), frozenset(under.items()))
        groups.setdefault(key, []).append(i)
    return list(groups.values())


def check_structure(scenario, solution, html: str, page: Page) -> None:
    assert html.startswith("<!DOCTYPE html>")
    assert '<meta charset="utf-8">' in html and 'name="viewport"' in html
    # Self-contained: nothing is fetched, no script runs.
    for needle in ("http://", "https://", "src=", "url(", "@import", "<link", "<script"):
        assert needle not in html
    ids = [e["attrs"]["id"] for e in page.elements if "id" in e["attrs"]]
    assert len(ids) == len(set(ids))
    assert all(e["attrs"]["href"][1:] in ids for e in page.elements if "href" in e["attrs"])
    # The situation board holds every card once, in its starting zone and player.
    situation = page.find("situation")
    assert len(situation) == 1
    cards = page.find("card", "situation")
    assert sorted(c["attrs"]["data-card"] for c in cards) == sorted(scenario.cards)
    assert _card_zones(page, "situation") == {c.id: c.zone for c in scenario.cards.values()}
    assert not page.find("moved", "situation")
    # One section per distinct final state, numbered 1..N, with the right counts and one board each.
    groups = state_groups(solution, scenario)
    states = page.find("state")
    assert [int(s["attrs"]["data-state"]) for s in states] == list(range(1, len(groups) + 1))
    assert [int(s["attrs"]["data-resolutions"]) for s in states] == [len(g) for g in groups]
    assert sum(int(s["attrs"]["data-resolutions"]) for s in states) == len(solution.resolutions)
    for number, group in enumerate(groups, start=1):
        first = solution.resolutions[group[0]]
        assert len(page.find("board", number)) == 1
        state_cards = page.find("card", number)
        assert sorted(c["attrs"]["data-card"] for c in state_cards) == sorted(scenario.cards)
        assert _card_zones(page, number) == dict(first.final)
        moved = first.moved(scenario)
        assert {c["attrs"]["data-card"] for c in state_cards if "moved" in c["classes"]} == set(moved)
        for card in state_cards:
            if "moved" in card["classes"]:
                old = moved[card["attrs"]["data-card"]][0]
                assert f"← {JA[old]}" in text_of(card)
                assert any(e["attrs"].get("data-from") == old for e in page.elements if card in e["parents"])
        assert {c["attrs"]["data-card"] for c in state_cards if "flipped" in c["classes"]} == set(first.flipped)
        losers = {p["attrs"]["data-player"] for p in page.find("player", number) if "lost" in p["classes"]}
        assert losers == set(first.lost)
        # Every resolution leading here is named: "Resolution #N", or one of the listed alternatives.
        listed = {int(li["attrs"]["value"]) for li in page.elements if li["where"] == number and "value" in li["attrs"]}
        refs = text_of(states[number - 1])
        assert all(i + 1 in listed or re.search(rf"#{i + 1}(?!\d)", refs) for i in group)


def _card_zones(page: Page, where) -> dict[str, str]:
    """Card id → the data-zone of the zone element around it."""
    out = {}
    zone = None
    for e in page.elements:
        if e["where"] != where:
            continue
        if "zone" in e["classes"]:
            zone = e["attrs"]["data-zone"]
        elif "card" in e["classes"]:
            out[e["attrs"]["data-card"]] = zone
    return out


def test_a01_three_states_three_boards():
    scenario, solution, html, page = report(A01)
    check_structure(scenario, solution, html, page)
    assert len(page.find("state")) == 3
    assert len([b for b in page.find("board") if b["where"] != "situation"]) == 3
    assert [s["attrs"]["data-resolutions"] for s in page.find("state")] == ["1", "1", "1"]
    # State 2: J1 stayed by discarding h1 and h2; J2 went to the graveyard.
    state2 = {c["attrs"]["data-card"]: c for c in page.find("card", 2)}
    assert {"moved"} <= state2["h1"]["classes"] and "← 手札" in text_of(state2["h1"])
    assert "← バトルゾーン" in text_of(state2["J2"])
    assert "moved" not in state2["J1"]["classes"] and "kept" in state2["J1"]["classes"]
    applications = page.find("application", 2)
    assert [a["attrs"]["data-replacement"] for a in applications] == ["J1"]
    assert "アビスベル＝ジャシン帝" in text_of(applications[0])
    assert "手札を2枚捨ててもよい" in text_of(applications[0])
    assert "decided by me" in text_of(applications[0])
    assert "h1, h2" in text_of(applications[0])
    # The situation: title, ruling, rule, turn player, the events.
    assert "ruling A01" in page.text and "rule 609.9b" in page.text and "turn player: opponent" in page.text
    events = [e for e in page.elements if "data-event" in e["attrs"] and e["where"] == "situation"]
    assert [e["attrs"]["data-event"] for e in events] == ["e1", "e2"]
    assert text_of(events[0]) == "J1 (アビスベル＝ジャシン帝) is destroyed: battle zone → graveyard [e1]"


def test_a04_folds_the_interchangeable_graveyard_cards():
    scenario, solution, html, page = report(A04)
    check_structure(scenario, solution, html, page)
    assert len(solution.resolutions) == 211
    counts = [int(s["attrs"]["data-resolutions"]) for s in page.find("state")]
    # Which 4 of the 8 unnamed graveyard cards go under the deck does not matter to the board.
    assert sorted(counts) == [1, 70, 70, 70]
    for state in page.find("state"):
        if state["attrs"]["data-resolutions"] == "70":
            assert "Interchangeable cards (g1, g2, g3, g4, g5, g6, g7, g8)" in text_of(state)
    big = [s for s in page.find("state") if "70 ways" in text_of(s)]
    assert big, "the choices of cards are listed as alternatives"
    items = [e for e in page.elements if e["tag"] == "li" and "value" in e["attrs"]]
    assert len(items) == 210
    assert len(html.encode()) < 500_000


def test_a03_shows_the_flipped_dragheart():
    scenario, solution, html, page = report(A03)
    check_structure(scenario, solution, html, page)
    flipped = page.find("flipped")
    assert [c["attrs"]["data-card"] for c in flipped] == ["G"]
    assert "flipped → 最強龍 オウギンガ・ゼロ" in text_of(flipped[0])
    state = flipped[0]["where"]
    badges = [b for b in page.find("badge", state) if "flip" in b["classes"]]
    assert len(badges) == 1 and "flips" in text_of(badges[0])
    assert "equipped to GB" in "".join(text_of(c) for c in page.find("card", "situation"))


def test_a09_state_reached_two_ways():
    scenario, solution, html, page = report(A09)
    check_structure(scenario, solution, html, page)
    two = [s for s in page.find("state") if s["attrs"]["data-resolutions"] == "2"]
    assert len(two) == 1
    number = int(two[0]["attrs"]["data-state"])
    ways = page.find("way", number)
    assert len(ways) == 2 and "or resolution" in text_of(ways[1])
    pairs = [
        sorted(
            (a["attrs"]["data-event"], a["attrs"]["data-replacement"])
            for a in page.find("application", number)
            if any(p is way for p in a["parents"])
        )
        for way in ways
    ]
    assert sorted(pairs) == [[("e1", "C"), ("e2", "D")], [("e1", "D"), ("e2", "C")]]


@pytest.mark.parametrize("path", fixture_sample(), ids=lambda p: p.stem)  # every fixture: bench/sweep.py
def test_every_fixture_renders(path):
    check_structure(*report(path))


def test_losing_player_is_shown():
    path = next(p for p in fixture_files() if p.name.startswith("A13"))
    scenario, solution, html, page = report(path)
    losers = [p for p in page.find("player") if "lost" in p["classes"]]
    assert losers and all("loses the game" in text_of(p) for p in losers)


EVIL = """
title: "<i>evil</i> & co"
turn: "<me>"
players:
  "<me>":
    battle:
      - id: 'J"1'
        card:
          name: "<b>x</b>"
          type: creature
          replacements:
            - text: "<script>alert(1)</script>"
              watch: {event: leave, card: this}
              instead: [stay, {discard: 2}]
              optional: true
    hand: ["<em>", "h&2"]
  opp: {}
effect:
  controller: opp
  events:
    - {id: "<e1>", destroy: 'J"1'}
"""


def test_every_text_is_escaped():
    scenario = dmrules.scenario_from_text(textwrap.dedent(EVIL), "evil.yaml")
    solution = dmrules.solve(scenario)
    assert len(solution.resolutions) == 2
    html = render_html(scenario, solution, explanations={0: ["<u>because</u>"]}, verdicts=[("<s>ok</s>", True)])
    page = Page(html)
    check_structure(scenario, solution, html, page)
    tags = {e["tag"] for e in page.elements}
    assert not tags & {"script", "em", "i", "u", "s", "e1", "me"}
    for raw in (
        "<b>x</b>",
        "<script>alert(1)</script>",
        "<i>evil</i> & co",
        "<em>",
        "h&2",
        "<u>because</u>",
        "<s>ok</s>",
        "<me>",
        "<e1>",
    ):
        assert raw in page.text
    assert "&lt;b&gt;x&lt;/b&gt;" in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert {c["attrs"]["data-card"] for c in page.find("card", "situation")} == {'J"1', "<em>", "h&2"}
    assert {p["attrs"]["data-player"] for p in page.find("player", "situation")} == {"<me>", "opp"}


def test_explanations_and_verdicts():
    explanations = {
        0: ["No replacement is applied (609.9a)."],
        2: ["e2 is replaced by J2 (609.3).", "h1, h2 are chosen once (609.9b)."],
    }
    verdicts = [("3 resolutions, as expected", True), ("no resolution keeps both", False)]
    scenario, solution, html, page = report(A01, explanations=explanations, verdicts=verdicts)
    check_structure(scenario, solution, html, page)
    section = page.find("verdicts")
    assert len(section) == 1 and section[0]["attrs"]["data-failed"] == "1"
    marks = [(v["attrs"]["data-ok"], "pass" in v["classes"], text_of(v)) for v in page.find("verdict")]
    assert marks == [("true", True, "✓3 resolutions, as expected"), ("false", False, "✗no resolution keeps both")]
    # Each explanation sits, anchored, in the state its resolution leads to, and is linked from it.
    anchors = {e["attrs"]["id"]: e for e in page.elements if e["tag"] == "details" and "id" in e["attrs"]}
    assert set(anchors) == {"resolution-1", "resolution-3"}
    assert anchors["resolution-1"]["where"] == 1 and anchors["resolution-3"]["where"] == 3
    assert "(609.9b)" in text_of(anchors["resolution-3"])
    links = {e["attrs"]["href"]: e["where"] for e in page.elements if e["tag"] == "a"}
    assert links == {"#resolution-1": 1, "#resolution-3": 3}
    plain = Page(render_html(scenario, solution))
    assert not plain.find("verdicts") and not [e for e in plain.elements if e["tag"] in ("details", "a")]


def test_write_html(tmp_path):
    scenario = dmrules.load_scenario(A01)
    target = tmp_path / "report.html"
    write_html(scenario, dmrules.solve(scenario), target)
    assert target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_cli_html_option(tmp_path):
    target = tmp_path / "a01.html"
    done = run_cli("solve", str(A01), "--html", str(target))
    assert done.returncode == 0, done.stderr
    assert "3 resolutions, 3 final states" in done.stdout
    page = Page(target.read_text(encoding="utf-8"))
    assert len(page.find("state")) == 3


def test_cli_html_bad_path(tmp_path):
    target = tmp_path / "no-such-folder" / "a01.html"
    done = run_cli("solve", str(A01), "--html", str(target))
    assert done.returncode == 2
    assert str(target) in done.stderr and "--html" in done.stderr and "cannot be written" in done.stderr
    assert "Traceback" not in done.stderr and not target.exists()
    done = run_cli("solve", str(A01), "--html", str(tmp_path))
    assert done.returncode == 2 and "cannot be written" in done.stderr and "Traceback" not in done.stderr


def test_cli_report_carries_verdicts_and_explanations(tmp_path):
    import subprocess
    import sys

    from .conftest import ROOT

    out = tmp_path / "a01.html"
    run = subprocess.run(
        [sys.executable, "-m", "dmrules.cli", "solve", str(A01), "--html", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    html = out.read_text(encoding="utf-8")
    assert 'data-failed="0"' in html and "3 resolutions" in html
    assert html.count("Why resolution") == 3
    assert "609.9b: h1 is affected by J1" in html


B03 = FIXTURES / "B03-baiken-setsudan.yaml"
B13 = FIXTURES / "B13-raikou-golfantasista-pawer.yaml"


def test_b03_every_window_of_each_resolution_in_order():
    # Ruling B03: バイケン enters instead of being discarded; its 「そうしたら」 bounce is a second window.
    scenario, solution, html, page = report(B03)
    check_structure(scenario, solution, html, page)
    windows = []
    for state in page.find("state"):
        for way in page.find("way", int(state["attrs"]["data-state"])):
            told = [e for e in page.elements if "window" in e["classes"] and way in e["parents"]]
            windows.append([w["attrs"]["data-window"] for w in told])
    # Resolutions 2, 3, 4 each tell window 1 (the discard replaced) then window 2 (the bounce).
    multi = [w for w in windows if w]
    assert len(windows) == 4
    assert len(multi) == 3 and all(w == ["1", "2"] for w in multi)
    # Resolution 3: バイケン entered, then returned itself to the hand: the board says so.
    state = next(int(s["attrs"]["data-state"]) for s in page.find("state") if "#3" in text_of(s))
    bk = next(c for c in page.find("card", state) if c["attrs"]["data-card"] == "BK")
    assert "手札 → バトルゾーン → 手札" in text_of(bk)
    assert "kept" not in bk["classes"]
    assert "BK (斬隠蒼頭龍バイケン) returns to the hand: battle zone → hand [e1/BK.then1.1:BK]" in text_of(
        page.find("state")[state - 1]
    )


def test_counts_are_the_command_lines_and_grouping_is_said():
    scenario = dmrules.load_scenario(A04)
    solution = dmrules.solve(scenario)
    page = Page(render_html(scenario, solution))
    totals = page.find("totals")[0]
    assert (totals["attrs"]["data-resolutions"], totals["attrs"]["data-states"]) == ("211", "142")
    assert text_of(totals).startswith("211 resolutions, 142 final states; shown as 4 boards")
    grouped = dmrules.solve(scenario, group=True)
    page = Page(render_html(scenario, grouped))
    assert text_of(page.find("totals")[0]).startswith(
        "211 resolutions (4 listed up to interchangeable cards), 4 final states up to interchangeable cards"
    )
    assert page.find("grouping")


def test_thousands_separators():
    from .test_grouping import jashin_window

    scenario = jashin_window(6, 12)
    solution = dmrules.solve(scenario, group=True)
    html = render_html(scenario, solution)
    assert "72,809,947 resolutions" in html and "72809947 " not in html


def test_broken_shields_and_triggers_on_the_board():
    scenario, solution, html, page = report(B13)
    check_structure(scenario, solution, html, page)
    broken = {(c["where"], c["attrs"]["data-card"]) for c in page.find("broken")}
    assert (
        broken
        == {
            (n, "s1")
            for n, g in enumerate(state_groups(solution, scenario), 1)
            if "s1" in solution.resolutions[g[0]].broken
        }
        != set()
    )
    triggered = {c["attrs"]["data-card"] for c in page.find("triggered")}
    assert triggered == {"BL", "PW"}
    assert "BL (墓守の鐘ベルリン) triggers when PW (貝獣 パウアー) is discarded [e1/RK.2:PW]" in page.text


def test_english_labels():
    scenario = dmrules.load_scenario(A01)
    page = Page(render_html(scenario, dmrules.solve(scenario), lang="en"))
    assert {text_of(h) for h in page.elements if h["tag"] == "h5"} >= {"Battle zone", "Hand", "Graveyard"}
