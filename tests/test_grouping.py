"""Grouping interchangeable cards: exact counts without enumerating every labelled resolution."""

import json
import subprocess
import sys
import textwrap

import pytest

import dmrules
from dmrules.solving.grouping import interchangeable_classes

from .conftest import ROOT, fixture_files


def jashin_window(n: int, m: int) -> dmrules.Scenario:
    creatures = "\n".join(f"      - {{id: J{i}, card: アビスベル＝ジャシン帝}}" for i in range(1, n + 1))
    hand = ", ".join(f"h{i}" for i in range(1, m + 1))
    events = "\n".join(f"    - {{id: e{i}, destroy: J{i}}}" for i in range(1, n + 1))
    text = f"turn: opponent\nplayers:\n  me:\n    battle:\n{creatures}\n    hand: [{hand}]\n" \
           f"  opponent: {{}}\neffect:\n  controller: opponent\n  events:\n{events}\n"
    return dmrules.scenario_from_text(text, f"jashin-{n}-{m}.yaml")


@pytest.mark.parametrize("path", fixture_files(), ids=lambda p: p.stem)
def test_grouped_counts_agree_with_full_enumeration_on_every_fixture(path):
    scenario = dmrules.load_scenario(path)
    full = dmrules.solve(scenario)
    grouped = dmrules.solve(scenario, group=True)
    assert grouped.total == len(full.resolutions)
    assert len(grouped.resolutions) <= len(full.resolutions)


@pytest.mark.parametrize("n, m", [(1, 2), (2, 2), (2, 4), (3, 5), (3, 6), (4, 8)])
def test_grouped_counts_agree_with_full_enumeration(n, m):
    scenario = jashin_window(n, m)
    assert dmrules.count(scenario, group=True) == dmrules.count(scenario) == dmrules.solve(scenario, group=True).total


def test_six_creatures_twelve_unknown_hand_cards():
    # Σ_k C(6,k) · 12! / (2!^k (12-2k)!) over k creatures kept, each with its own 2 cards.
    assert dmrules.count(jashin_window(6, 12), group=True) == 72_809_947


def test_named_cards_are_not_interchangeable():
    scenario = dmrules.scenario_from_text(textwrap.dedent("""
        turn: me
        players:
          me:
            hand: [a, b, c, {id: d, tapped: true}]
            battle: [{id: X, card: アビスベル＝ジャシン帝}]
          opponent: {}
        effect:
          controller: me
          events: [{id: e1, discard: a}, {id: e2, destroy: X}]
        """), "t.yaml")
    assert interchangeable_classes(scenario) == [["b", "c"]]


def test_cli_reports_grouped_and_labelled_counts(tmp_path):
    out = subprocess.run([sys.executable, "-m", "dmrules.cli", "solve", str(ROOT / "fixtures" / "A04-forkfock-jabrad-both.yaml"),
                          "--group", "names", "--json"], capture_output=True, text=True, cwd=ROOT)
    doc = json.loads(out.stdout)
    assert doc["counts"]["resolutions"] == 211 and doc["counts"]["grouped"] == 4
    assert sorted(r.get("multiplicity", 1) for r in doc["resolutions"]) == [1, 70, 70, 70]
