"""Grouping interchangeable cards and units: exact counts without enumerating every labelled resolution."""

import dataclasses
import json
import subprocess
import sys
import textwrap
from math import comb, perm

import pytest

import dmrules
from dmrules.presenting.json import solution_json
from dmrules.solving.facts import situation_facts
from dmrules.solving.grouping import interchangeable_classes, interchangeable_units

from .conftest import ROOT, fixture_sample, scenario
from .oracle import legal_resolutions


def jashin_text(n: int, m: int) -> str:
    creatures = "\n".join(f"      - {{id: J{i}, card: アビスベル＝ジャシン帝}}" for i in range(1, n + 1))
    hand = ", ".join(f"h{i}" for i in range(1, m + 1))
    events = "\n".join(f"    - {{id: e{i}, destroy: J{i}}}" for i in range(1, n + 1))
    return (
        f"turn: opponent\nplayers:\n  me:\n    battle:\n{creatures}\n    hand: [{hand}]\n"
        f"  opponent: {{}}\neffect:\n  controller: opponent\n  events:\n{events}\n"
    )


def jashin_window(n: int, m: int) -> dmrules.Scenario:
    return dmrules.scenario_from_text(jashin_text(n, m), f"jashin-{n}-{m}.yaml")


@pytest.mark.parametrize("path", fixture_sample(), ids=lambda p: p.stem)  # every fixture: bench/sweep.py
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
    scenario = dmrules.scenario_from_text(
        textwrap.dedent("""
        turn: me
        players:
          me:
            hand: [a, b, c, {id: d, card: {name: 別の呪文, type: spell, cost: 2}}]
            battle: [{id: X, card: アビスベル＝ジャシン帝}]
          opponent: {}
        effect:
          controller: me
          events: [{id: e1, discard: a}, {id: e2, destroy: X}]
        """),
        "t.yaml",
    )
    assert interchangeable_classes(scenario) == [["b", "c"]]


ID_NAMED = """
turn: opponent
players:
  me:
    battle:
      - id: A
        card:
          name: 手札の特定カードを捨てるクリーチャー
          type: creature
          replacements:
            - watch: {event: destroy, card: this}
              instead: [stay, {choose: {count: 1, from: hand, to: graveyard, verb: discard, whose: own, id: [h1]}}]
              optional: true
          triggers:
            - text: h2が捨てられた時
              watch: {event: discard, card: {id: [h2]}}
    hand: [h1, h2, h3, h4]
  opponent:
    battle:
      - {id: X, card: {name: 破壊するクリーチャー, type: creature}}
effect: {source: X, controller: opponent, by: ability, events: [{id: e1, destroy: A}]}
"""


def test_cards_a_text_names_by_id_are_not_interchangeable():
    """A card a choice's or a trigger's filter names by id (``id: [h1]``) is no card like the others: grouping
    them with it would count choices the text does not allow (h1 alone may be discarded: 2 resolutions)."""
    text = scenario(ID_NAMED)
    assert interchangeable_classes(text) == [["h3", "h4"]]
    assert dmrules.count(text, group=True) == dmrules.count(text) == len(dmrules.solve(text).resolutions) == 2


def test_cli_reports_grouped_and_labelled_counts(tmp_path):
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "dmrules.cli",
            "solve",
            str(ROOT / "fixtures" / "A04-forkfock-jabrad-both.yaml"),
            "--group",
            "names",
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    doc = json.loads(out.stdout)
    assert doc["counts"]["resolutions"] == 211 and doc["counts"]["grouped"] == 4
    assert sorted(r.get("multiplicity", 1) for r in doc["resolutions"]) == [1, 70, 70, 70]


# -- interchangeable units: alike cards with alike events of their own -------------------


def units_of(scenario: dmrules.Scenario) -> list[list[str]]:
    return [[u.card for u in members] for members in interchangeable_units(scenario, situation_facts(scenario))]


def jashin_kept(n: int, m: int, k: int) -> int:
    """k of the n creatures stay, each discarding its own 2 of the m cards (609.9b: no card twice)."""
    return comb(n, k) * perm(m, 2 * k) // 2**k


@pytest.mark.parametrize("n, m", [(1, 2), (2, 3), (2, 4), (3, 4), (3, 5), (3, 6)])
def test_interchangeable_jashintei_fold_into_one_resolution_per_number_kept(n, m):
    # A01's family: n アビスベル＝ジャシン帝, each destroyed by its own event, m unknown hand cards.
    scenario = jashin_window(n, m)
    assert units_of(scenario) == ([[f"J{i}" for i in range(1, n + 1)]] if n > 1 else [])
    grouped = dmrules.solve(scenario, group=True)
    closed = sum(jashin_kept(n, m, k) for k in range(min(n, m // 2) + 1))
    assert grouped.total == dmrules.count(scenario, group=True) == len(dmrules.solve(scenario).resolutions) == closed
    assert len(legal_resolutions(jashin_text(n, m))) == closed
    # One canonical resolution per number of creatures kept, standing for all the ways to keep that many.
    kept = {len(r.applied): r.multiplicity for r in grouped.resolutions}
    assert len(grouped.resolutions) == len(kept) == min(n, m // 2) + 1
    assert kept == {k: jashin_kept(n, m, k) for k in range(min(n, m // 2) + 1)}


# 「このクリーチャーが破壊される時、かわりに自分のマナゾーンのカードを1枚墓地に置く。」 (mandatory), written
# out so that the oracle reads it too.
KEEPER = (
    "{name: マナの身代わり, type: creature, replacements: [{watch: {event: destroy, card: this}, "
    "instead: [stay, {choose: {count: 1, from: mana, to: graveyard, verb: put}}]}]}"
)


def keeper_text(n: int, m: int, extra: str = "") -> str:
    creatures = "\n".join(f"      - {{id: K{i}, card: {KEEPER}}}" for i in range(1, n + 1))
    mana = ", ".join(f"g{i}" for i in range(1, m + 1))
    events = "\n".join(f"    - {{id: e{i}, destroy: K{i}}}" for i in range(1, n + 1))
    return (
        f"turn: opponent\nplayers:\n  me:\n    battle:\n{creatures}\n    mana: [{mana}]\n"
        f"  opponent: {{}}\neffect:\n  controller: opponent\n  events:\n{events}\n{extra}"
    )


def keeper_window(n: int, m: int, extra: str = "") -> dmrules.Scenario:
    return dmrules.scenario_from_text(keeper_text(n, m, extra), f"keeper-{n}-{m}.yaml")


@pytest.mark.parametrize("n, m", [(1, 1), (2, 1), (2, 3), (3, 2), (3, 3), (3, 5)])
def test_interchangeable_mandatory_replacements_count_exactly(n, m):
    # n alike creatures, each with a mandatory 「かわりに自分のマナゾーンのカードを1枚墓地に置く」, destroyed
    # at once; m unknown mana cards. A mandatory replacement that could apply must (609.9a,
    # docs/semantics.md item 9) and a card is chosen once (609.9b): min(n, m) of them apply, each
    # with its own mana card: C(n, k) · m! / (m - k)! with k = min(n, m), in one canonical resolution.
    scenario = keeper_window(n, m)
    assert units_of(scenario) == ([[f"K{i}" for i in range(1, n + 1)]] if n > 1 else [])
    k = min(n, m)
    grouped = dmrules.solve(scenario, group=True)
    assert grouped.total == dmrules.count(scenario, group=True) == dmrules.count(scenario) == comb(n, k) * perm(m, k)
    assert len(legal_resolutions(keeper_text(n, m))) == comb(n, k) * perm(m, k)
    assert len(grouped.resolutions) == 1 and len(grouped.resolutions[0].applied) == k


def test_a_unit_named_apart_is_not_folded():
    # J1 is the effect's source: every event names it (event_source), so exchanging J1 with J2
    # does not map the scenario onto itself; J2 and J3 still do.
    base = jashin_window(3, 4)
    scenario = dmrules.scenario_from_text(
        "turn: opponent\nplayers:\n  me:\n    battle:\n"
        + "".join(f"      - {{id: J{i}, card: アビスベル＝ジャシン帝}}\n" for i in range(1, 4))
        + "    hand: [h1, h2, h3, h4]\n  opponent: {}\neffect:\n  controller: opponent\n  source: J1\n  events:\n"
        + "".join(f"    - {{id: e{i}, destroy: J{i}}}\n" for i in range(1, 4)),
        "named.yaml",
    )
    assert units_of(base) == [["J1", "J2", "J3"]]
    assert units_of(scenario) == [["J2", "J3"]]
    grouped = dmrules.solve(scenario, group=True)
    assert grouped.total == len(dmrules.solve(scenario).resolutions) == dmrules.count(scenario, group=True)
    # J1 kept or not, then 0, 1 or 2 of J2, J3 (both only without J1: 4 cards): 5 canonical resolutions.
    assert len(grouped.resolutions) == 5


def test_a_unit_with_another_property_or_named_by_a_later_step_is_not_folded():
    tapped = dmrules.scenario_from_text(
        "turn: opponent\nplayers:\n  me:\n    battle:\n"
        "      - {id: J1, card: アビスベル＝ジャシン帝}\n      - {id: J2, card: アビスベル＝ジャシン帝}\n"
        "      - {id: J3, card: アビスベル＝ジャシン帝, tapped: true}\n"
        "    hand: [h1, h2, h3, h4]\n  opponent: {}\neffect:\n  controller: opponent\n  events:\n"
        "    - {id: e1, destroy: J1}\n    - {id: e2, destroy: J2}\n    - {id: e3, destroy: J3}\n",
        "tapped.yaml",
    )
    assert units_of(tapped) == [["J1", "J2"]]
    assert dmrules.solve(tapped, group=True).total == len(dmrules.solve(tapped).resolutions)
    # A later step destroys J1 again: what happens to J1 then tells it apart from J2.
    later = keeper_window(2, 3, "  then:\n    - events: [{id: e9, destroy: K1}]\n")
    assert units_of(later) == []
    grouped = dmrules.solve(later, group=True)
    # Both keep with their own mana card, then K1 keeps again with the last one: 3! ways, cards alone folded.
    assert grouped.total == len(dmrules.solve(later).resolutions) == 6
    assert [r.multiplicity for r in grouped.resolutions] == [6] and not grouped.units_folded


SAVER = (
    "セイバー：デーモン・コマンド(自分のデーモン・コマンド1体が破壊される時、このクリーチャーをかわりに破壊してもよい)"
)
SAVERS = textwrap.dedent(f"""
    turn: opponent
    players:
      me:
        battle:
          - {{id: B1, card: {{name: 救命人形バロール, text: "{SAVER}"}}}}
          - {{id: B2, card: {{name: 救命人形バロール, text: "{SAVER}"}}}}
          - {{id: D1, card: {{name: デーモン・コマンドのクリーチャー, type: creature, races: [デーモン・コマンド]}}}}
          - {{id: D2, card: {{name: デーモン・コマンドのクリーチャー, type: creature, races: [デーモン・コマンド]}}}}
      opponent: {{}}
    effect:
      controller: opponent
      events: [{{id: e1, destroy: D1}}, {{id: e2, destroy: D2}}]
    """)


def test_units_joined_by_an_application_are_solved_again_without_folding():
    # Two alike savers (救命人形バロール's text) and two alike demons destroyed at once: a saver's
    # application joins a saver and a demon, which a unit's profile cannot tell, so the window is
    # solved again with the interchangeable cards alone (here none): every resolution is listed.
    scenario = dmrules.scenario_from_text(SAVERS, "savers.yaml")
    assert units_of(scenario) == [["B1", "B2"], ["D1", "D2"]]
    plain = dmrules.solve(scenario)
    grouped = dmrules.solve(scenario, group=True)
    # Neither, B1 or B2 on e1, the same on e2, but a saver destroyed once (609.9b): 1 + 2 + 2 + 2 = 7.
    assert len(plain.resolutions) == 7
    assert grouped.total == dmrules.count(scenario, group=True) == 7
    assert len(grouped.resolutions) == 7 and all(r.multiplicity == 1 for r in grouped.resolutions)


def test_positions_that_a_ruleset_reads_keep_units_apart():
    # Duel Masters Play's orders replacements by board position: alike creatures are told apart.
    scenario = dataclasses.replace(jashin_window(2, 4), ruleset="dmps")
    assert units_of(scenario) == []
    assert dmrules.solve(scenario, group=True).total == len(dmrules.solve(scenario).resolutions)


def test_grouped_output_says_units_are_folded():
    solution = dmrules.solve(jashin_window(3, 6), group=True)
    doc = solution_json(solution, jashin_window(3, 6))
    assert doc["grouped_units"] is True and doc["counts"] == {"resolutions": 406, "grouped": 4, "grouped_states": 4}
    from dmrules.presenting.render import solution_text

    text = solution_text(jashin_window(3, 6), solution)
    assert "(×45: the same with the interchangeable cards and units in any other arrangement; units: J1, J2, J3" in text
    assert "4 resolutions up to interchangeable cards and units, standing for 406 resolutions" in text


def test_streamed_grouped_resolutions_fold_units_too():
    from dmrules.api import stream

    seen: list = []
    streamed = stream(jashin_window(3, 6), seen.append, group=True)
    assert streamed.total == 406 and streamed.resolutions == len(seen) == 4
    assert sorted(r.multiplicity for r in seen) == [1, 45, 90, 270]
    # Units a saver joins are told apart before anything is streamed: every resolution, once.
    seen.clear()
    streamed = stream(dmrules.scenario_from_text(SAVERS, "savers.yaml"), seen.append, group=True)
    assert streamed.total == len(seen) == 7 and all(r.multiplicity == 1 for r in seen)


MULTI_ROLE = """\
turn: opponent
players:
  me:
    battle:
      - {id: J1, card: アビスベル＝ジャシン帝}
    hand: [HAND]
  opponent:
    battle:
      - {id: X, card: {name: 破壊して捨てさせるクリーチャー, type: creature}}
effect:
  source: X
  controller: opponent
  events:
    - {id: e1, destroy: J1}
    - {id: e2, discard: {choose: {count: COUNT, chooser: me, from: hand, whose: own}}}
"""


@pytest.mark.parametrize("count, hand", [(2, 3), (2, 4), (3, 4)])
def test_a_card_the_effect_chooses_and_a_replacement_may_take_too_is_not_folded(count, hand):
    # The effect's choice and J1's replacement may both take one hand card (A08): folding such
    # cards by one role each would drop whole classes of resolutions (12 of 3 cards counted as 9).
    text = MULTI_ROLE.replace("COUNT", str(count)).replace("HAND", ", ".join(f"h{i}" for i in range(1, hand + 1)))
    plain = dmrules.solve(scenario(text))
    assert dmrules.solve(scenario(text), group=True).total == plain.total == len(plain.resolutions)
    assert dmrules.count(scenario(text), group=True) == plain.total
