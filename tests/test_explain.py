"""Verifying rulings and explaining outcomes with rule numbers."""

import json
import re

import pytest

from dmrules.checking.explain import rule_catalogue
from dmrules.reading.carddb import bundled

from .conftest import FIXTURES, ROOT, fixture_files, fixture_sample, run_cli


def fixture(prefix: str) -> str:
    return str(next(FIXTURES.glob(prefix + "*.yaml")))


def test_every_violation_label_is_in_the_rule_catalogue():
    labels = set()
    for path in (ROOT / "asp").rglob("*.lp"):
        text = path.read_text(encoding="utf-8")
        labels |= set(re.findall(r'rule\("([^"]+)"\)', text))
        labels |= set(re.findall(r'label\(\w+,"([^"]+)"\)', text))
    assert {"609.2", "609.4", "609.9b", "D0-5", "D0-6"} <= labels
    assert labels <= set(rule_catalogue()), labels - set(rule_catalogue())
    for entry in rule_catalogue().values():
        assert entry["paraphrase"] and entry["heading"]


def test_every_fixture_cites_catalogued_rules():
    for path in fixture_files():
        text = path.read_text(encoding="utf-8")
        rules = re.search(r"rules: \[([^\]]*)\]", text)
        assert rules, path
        for rule in re.findall(r'"([^"]+)"', rules.group(1)):
            assert rule in rule_catalogue(), (path.name, rule)


def test_verify_passes_every_fixture_with_a_line_per_ruling(tmp_path):
    # A folder of the fixtures' sample, as the fixtures' folder is (its __init__.py too): every
    # fixture's expectation is checked by tests/test_fixtures.py, the whole folder by bench/sweep.py.
    import os
    import shutil

    folder = FIXTURES
    if os.environ.get("DMRULES_SWEEP") != "all":
        folder = tmp_path / "fixtures"
        folder.mkdir()
        for path in [FIXTURES / "__init__.py", *fixture_sample()]:
            shutil.copy(path, folder / path.name)
    out = run_cli("verify", str(folder))
    assert out.returncode == 0, out.stdout + out.stderr
    lines = [line for line in out.stdout.splitlines() if line.startswith("PASS")]
    assert len(lines) == len(fixture_sample())
    assert any(line.split()[1] == "A01" and "609.9b" in line for line in lines)
    assert out.stdout.rstrip().endswith(f"{len(lines)} passed, 0 failed")


def test_verify_fails_on_a_wrong_expectation_and_shows_the_difference(tmp_path):
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(
        (FIXTURES / "A01-two-jashintei.yaml").read_text(encoding="utf-8").replace("count: 3", "count: 2"),
        encoding="utf-8",
    )
    out = run_cli("verify", str(wrong))
    assert out.returncode == 1
    assert out.stdout.startswith("FAIL  A01")
    assert "expected 2 resolutions, found 3" in out.stdout


def test_verify_checks_expectations_under_another_ruleset_alone(tmp_path):
    """A file whose only expectation is 'expect_under' is checked, never passed over as stating none."""
    text = (FIXTURES / "A01-two-jashintei.yaml").read_text(encoding="utf-8")
    under = tmp_path / "under.yaml"
    under.write_text(text[: text.index("expect:")] + "expect_under:\n  sequential: {count: 99}\n", encoding="utf-8")
    out = run_cli("verify", str(under))
    assert out.returncode == 1
    assert "[sequential] expected 99 resolutions" in out.stdout


def test_verify_bad_input_exits_2(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("turn: me\nplayers: {me: {}}\n", encoding="utf-8")
    out = run_cli("verify", str(bad), fixture("A01"))
    assert out.returncode == 2
    assert "bad.yaml:1: missing field 'effect'" in out.stdout
    assert "PASS  A01" in out.stdout
    assert "Traceback" not in out.stdout + out.stderr


def test_why_not_a01_names_609_9b_and_the_hand_cards():
    out = run_cli("why-not", fixture("A01"), "--expect", "J1=battle,J2=battle")
    assert out.returncode == 1  # not legal
    assert "No legal resolution has J1=battle, J2=battle." in out.stdout
    assert "609.9b" in out.stdout
    assert "h1 is affected by J1" in out.stdout and "h2 is affected by J1" in out.stdout
    doc = json.loads(
        run_cli("why-not", fixture("A01"), "--expect", "J1=battle", "--expect", "J2=battle", "--json").stdout
    )
    assert doc["legal"] is False
    assert doc["rules"] == ["609.9b"]
    assert sorted(c for v in doc["violations"] for c in v["cards"]) == ["h1", "h2"]


def test_why_not_a17_keeping_utsusemihenge_names_609_4():
    doc = json.loads(run_cli("why-not", fixture("A17"), "--expect", "U=battle", "--json").stdout)
    assert doc["rules"] == ["609.4"]
    assert "needs 4 cards from the graveyard; 3 were there" in doc["violations"][0]["text"]


@pytest.mark.parametrize(
    "prefix, expect, rule",
    [
        ("A11", "SN=battle,JN=battle,PG=battle", "101.5"),
        ("A23", "L2=battle", "609.8"),
        ("A26", "Z=battle", "609.1"),
        ("A29-charger-cy", "BC=deck", "609.8a"),
        ("A31", "SB=deck", "609.2"),
        ("A20", "s1=shields", "609.4"),
        # an event of the effect's own 「かわりに」 is not replaced further (E15): no action that cannot be done
        ("T17-self-replacement-helios-dark-salamandas", "AR=hand", "101.5a"),
    ],
)
def test_why_not_names_the_rule(prefix, expect, rule):
    doc = json.loads(run_cli("why-not", fixture(prefix), "--expect", expect, "--json").stdout)
    assert doc["legal"] is False
    assert rule in doc["rules"], doc
    if prefix.startswith("T17"):
        assert "609.4" not in doc["rules"], doc


@pytest.mark.parametrize("prefix, expect", [("P02", "s1=shields"), ("B11", "AP=battle")])
def test_why_not_finds_the_legal_outcome_of_a_window_with_nothing_to_minimise(prefix, expect):
    """A window with no replacement that can apply (only triggers) has no violation to count, so its program proves
    no optimality: its outcomes are still found, as solve lists them, never called impossible."""
    doc = json.loads(run_cli("why-not", fixture(prefix), "--expect", expect, "--json").stdout)
    assert doc["legal"] is True, doc


def test_why_not_shows_a_legal_resolution_when_there_is_one():
    out = run_cli("why-not", fixture("A01"), "--expect", "J1=battle")
    assert out.returncode == 0
    assert out.stdout.startswith("A legal resolution has J1=battle:")


def test_why_not_outcome_nothing_can_bring_about():
    out = run_cli("why-not", fixture("A01"), "--expect", "J1=shields")
    assert "No outcome at all" in out.stdout


def test_why_not_rejects_unknown_names():
    out = run_cli("why-not", fixture("A01"), "--expect", "Q9=battle")
    assert out.returncode == 2
    assert "'Q9' is no card, event or player" in out.stderr


@pytest.mark.parametrize(
    ("expect", "named"),
    [
        # J1's second action discards the hand cards one event each: the id names the card
        ("e1/J1.2=happened", "makes one event for each card it chooses"),
        ("e1/J1.9=happened", "no action 9"),
        ("e1/J1.1=happened", "makes no event"),
    ],
)
def test_why_not_refuses_an_event_of_an_action_that_makes_none_so_named(expect, named):
    out = run_cli("why-not", fixture("A01"), "--expect", expect)
    assert out.returncode == 2 and named in out.stderr, out.stderr


def test_why_not_finds_the_event_of_an_action_named_with_its_card():
    out = run_cli("why-not", fixture("A01"), "--expect", "e1/J1.2:h1=happened")
    assert out.returncode == 0 and out.stdout.startswith("A legal resolution has"), out.stdout


def test_why_explains_each_decision_in_order():
    out = run_cli("why", fixture("A01"), "--resolution", "2")
    assert out.returncode == 0
    text = out.stdout
    assert text.index("turn player (opponent)") < text.index("non-turn player (me)")
    assert "applies J1; affected cards: h1, h2" in text
    assert "not J2:" in text and "609.9b" in text
    out = run_cli("why", fixture("A34"), "--resolution", "1")
    assert "not RK: the turn player decided first and applied SP to e1 (609.8)" in out.stdout


def test_why_under_the_sequential_rules_says_the_replacements_apply_in_turn():
    """Dimension Zero's rules apply the replacements of an event one after another (D0-6): a replacement applied
    after another, to what that one made, is not kept out by 609.3, and no player decides first."""
    out = run_cli("why", fixture("D06-both-in-turn"), "--resolution", "1")
    assert out.returncode == 0
    text = out.stdout
    assert "609.3" not in text and "turn player" not in text
    assert "not MA: DR applied to e1 first; this one applies in turn, to what that one made (D0-6)" in text
    assert "applies MA" in text


def test_why_rejects_a_resolution_that_does_not_exist():
    out = run_cli("why", fixture("A01"), "--resolution", "4")
    assert out.returncode == 2
    assert "there are 3 resolutions" in out.stderr


@pytest.mark.parametrize(
    "typed, printed",
    [
        ("ﾎﾞﾙﾒﾃｳｽ･ｻﾌｧｲｱ･ﾄﾞﾗｺﾞﾝ", "ボルメテウス・サファイア・ドラゴン"),
        ("ボルメテウスサファイアドラゴン", "ボルメテウス・サファイア・ドラゴン"),
        ("《アビスベル=ジャシン帝》", "アビスベル＝ジャシン帝"),
        ("水上第九院シャコガイル", "水上第九院 シャコガイル"),
    ],
)
def test_card_names_ignore_width_spacing_and_brackets(typed, printed):
    assert bundled().find(typed).name == printed


def test_a_misspelt_name_gets_the_right_suggestion():
    db = bundled()
    assert db.find("ボルメテウス・サファイヤ・ドラゴン") is None
    assert db.suggest("ボルメテウス・サファイヤ・ドラゴン")[0] == "ボルメテウス・サファイア・ドラゴン"
    out = run_cli("cards", "ボルメテウス・サファイヤ・ドラゴン")
    assert "ボルメテウス・サファイア・ドラゴン" in out.stdout


def test_cards_command_shows_structured_abilities():
    out = run_cli("cards", "ジャシン帝")
    assert out.returncode == 0
    assert "アビスベル＝ジャシン帝" in out.stdout
    assert "watches: leave of this" in out.stdout
    assert "choose 2 from hand (discard → graveyard)" in out.stdout
    listing = run_cli("cards")
    assert listing.stdout.rstrip().endswith(f"{len(bundled()):,} cards")


def test_cards_command_describes_every_bundled_card():
    from dmrules.presenting.cardinfo import card_json, card_text

    for card in bundled():
        assert card.name in card_text(card, detailed=True)
        json.dumps(card_json(card), ensure_ascii=False)
    out = run_cli("cards", "卍 新世壊 卍")
    assert out.returncode == 0 and "goes under this card instead" in out.stdout


@pytest.mark.parametrize(
    "name, expect, words",
    [
        ("E12-tignus", "SB=battle", ["聖鐘の翼 ティグヌス", "forbids"]),
        ("E11-pseudo-saver", "s1=shields", ["「離れない」", "forbids"]),
        ("A20-souten-shield-saver", "s1=shields", ["「破壊されない」", "forbids"]),
    ],
)
def test_why_not_names_the_restriction_that_blocks_a_replacement(name, expect, words):
    """A replacement whose new event a restriction forbids cannot apply (609.4, E10-E12)."""
    result = run_cli("why-not", fixture(name), "--expect", expect, "--json")
    doc = json.loads(result.stdout)
    assert not doc["legal"]
    assert doc["rules"] == ["609.4"]
    [violation] = doc["violations"]
    assert violation["violation"] == "restricted"
    for word in words:
        assert word in violation["text"]


def test_why_names_every_way_that_breaks_the_fewest_rules_not_one_as_the_reason():
    # A18: スカル・ムーン applied would break 101.5 one way and 609.4 the other; the ruling's reason is 609.4
    out = run_cli("why", fixture("A18-skull-moon-aqua-soldier"), "--resolution", "1")
    assert out.returncode == 0
    assert "101.5: " in out.stdout and "or 609.4: " in out.stdout, out.stdout
    assert "each way to apply it breaks a rule" in out.stdout
