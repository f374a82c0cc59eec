"""The core solver: facts as data, priority, feasibility, output, errors."""

import json
import textwrap

import pytest

import dmrules
from dmrules.checking.expect import check_expectations, read_expectation

from .conftest import FIXTURES, run_cli, scenario

A01 = FIXTURES / "A01-two-jashintei.yaml"

JASHIN_LIKE = """
  name: {name}
  type: creature
  replacements:
    - watch: {{event: leave, card: this}}
      instead: [stay, {{discard: 2}}]
      optional: true
"""


def finals(solution) -> list[dict]:
    return [dict(r.final) for r in solution.resolutions]


def test_a01_three_resolutions_through_the_api():
    solution = dmrules.solve(dmrules.load_scenario(A01))
    assert len(solution.resolutions) == 3
    assert solution.states == 3
    kept = [r for r in solution.resolutions if r.applied]
    assert {r.applied[0].replacement.card for r in kept} == {"J1", "J2"}
    assert all(r.applied[0].chosen == ("h1", "h2") for r in kept)
    assert all(r.applied[0].player == "me" for r in kept)
    assert not any(r.final["J1"] == "battle" and r.final["J2"] == "battle" for r in solution.resolutions)


def test_injection_looking_card_name_is_just_a_name():
    evil = 'x"). forbidden. in_hand("y'
    card = textwrap.indent(JASHIN_LIKE.format(name=json.dumps(evil, ensure_ascii=False)), "          ").strip("\n")
    text = f"""
    turn: opponent
    players:
      me:
        battle:
          - id: J1
            card:
    {textwrap.indent(JASHIN_LIKE.format(name=json.dumps(evil, ensure_ascii=False)), " " * 14)}
          - id: J2
            card:
    {textwrap.indent(JASHIN_LIKE.format(name=json.dumps(evil, ensure_ascii=False)), " " * 14)}
        hand: [h1, h2]
      opponent: {{}}
    effect:
      controller: opponent
      events:
        - destroy: J1
        - destroy: J2
    """
    del card
    sc = scenario(text)
    assert sc.cards["J1"].name == evil
    solution = dmrules.solve(sc)
    assert len(solution.resolutions) == 3
    assert [a.replacement.name for r in solution.resolutions for a in r.applied] == [evil, evil]


def test_injection_looking_ids_and_player_names():
    text = """
    turn: 'p") :- a.'
    players:
      'p") :- a.':
        battle:
          - {id: 'c"). #false.', card: アビスベル＝ジャシン帝}
        hand: ['h"', 'x).y']
      other: {}
    effect:
      controller: other
      events:
        - {id: 'e"1', destroy: 'c"). #false.'}
    """
    solution = dmrules.solve(scenario(text))
    assert len(solution.resolutions) == 2
    assert {r.final['c"). #false.'] for r in solution.resolutions} == {"graveyard", "battle"}


def test_solve_json_document_and_determinism():
    first = run_cli("solve", str(A01), "--json", process=True)  # a new process and this one: two hash seeds
    second = run_cli("solve", str(A01), "--json")
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    doc = json.loads(first.stdout)
    assert doc["ruleset"] == "dm" and doc["schema"] == 2
    assert doc["counts"] == {"resolutions": 3, "states": 3}
    assert doc["cards"]["J1"] == {"zone": "battle", "owner": "me", "name": "アビスベル＝ジャシン帝"}
    assert doc["replacements"]["J1"]["text"] == "このクリーチャーが離れる時、かわりに自分の手札を2枚捨ててもよい。"
    resolution = doc["resolutions"][1]
    # Only what differs: J1 stays in the battle zone, so it is not among the final zones.
    assert resolution == {
        "windows": ["w1"],
        "applied": [[1, "e1", "J1", ["h1", "h2"]]],
        "final": {"J2": "graveyard", "h1": "graveyard", "h2": "graveyard"},
    }
    assert [e["id"] for e in doc["windows"]["w1"]["events"]] == ["e1", "e2"]
    verbose = json.loads(run_cli("solve", str(A01), "--json", "--verbose").stdout)["resolutions"][1]
    assert verbose["replaced"] == ["e1"]
    assert {e["id"] for e in verbose["happened"]} == {"e2", "e1/J1.2:h1", "e1/J1.2:h2"}
    made = [e for e in verbose["happened"] if e["id"].startswith("e1/")]
    assert all(e["instead_of"] == "e1" and e["by"] == "J1" and e["source"] == "X" for e in made)


def test_text_output_names_cards_and_totals():
    out = run_cli("solve", str(A01))
    assert out.returncode == 0
    assert "アビスベル＝ジャシン帝" in out.stdout
    assert out.stdout.rstrip().endswith("3 resolutions, 3 final states")


@pytest.mark.parametrize(
    "text, place, problem",
    [
        (
            "turn: me\nplayers: {me: {}, you: {}}\neffect: {controller: me, events: [{destroy: Z}]}\n",
            "effect.events[0].destroy",
            "no card with id 'Z'",
        ),
        (
            "turn: me\nplayers: {me: {battle: [{id: A, card: アビスベル}]}, you: {}}\n"
            "effect: {controller: me, events: [{destroy: A}]}\n",
            "players.me.battle[0].card",
            "did you mean 'アビスベル＝ジャシン帝'",
        ),
        (
            "turn: me\nplayers: {me: {hand: [A]}, you: {}}\neffect: {controller: me, events: [{destroy: A}]}\n",
            "effect.events[0].destroy",
            "needs a card in the battle zone",
        ),
        (
            "turn: me\nplayers: {me: {hand: [A], mana: [A]}, you: {}}\n"
            "effect: {controller: me, events: [{discard: A}]}\n",
            "players.me.mana[0]",
            "used twice",
        ),
        (
            "turn: me\nplayers: {me: {}, you: {}}\neffect: {controller: me, events: []}\nextra: 1\n",
            "extra",
            "unknown field",
        ),
        ("turn: me\nplayers: [me, you\n", "", "not valid YAML"),
    ],
)
def test_bad_scenarios_exit_2_with_place_and_problem(tmp_path, text, place, problem):
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    out = run_cli("solve", str(path))
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    assert str(path) in out.stderr
    assert place in out.stderr
    assert problem in out.stderr


def test_expectation_check_reports_differences():
    sc = dmrules.load_scenario(A01)
    solution = dmrules.solve(sc)
    good = read_expectation(sc)
    assert check_expectations(good, solution, sc) == []
    wrong = read_expectation(
        scenario(
            A01.read_text(encoding="utf-8")
            .replace("count: 3", "count: 4")
            .replace("chosen: [h1, h2]}]\n      final: {J2", "chosen: [h1]}]\n      final: {J2")
        )
    )
    problems = check_expectations(wrong, solution, scenario(A01.read_text(encoding="utf-8")))
    assert "expected 4 resolutions, found 3" in problems
    assert any(p.startswith("missing resolution: e1 by J1 [h1]") for p in problems)
    assert any(p.startswith("unexpected resolution: e1 by J1 [h1, h2]") for p in problems)


# A mandatory 「破壊される時、かわりに相手のクリーチャーを1体破壊する」, the
# form 神羅スカル・ムーン was once given (its printed text makes it optional).
SKULL_MOON = """
turn: me
players:
  me:
    battle: [{id: SM, card: {name: 強制の身代わり破壊, type: creature, replacements: [
        {watch: {event: destroy, card: this}, instead: [stay, {destroy: {whose: opponent}}]}]}}]
  opponent:
    battle: [{id: O1, card: {name: 普通のクリーチャー, type: creature}},
             {id: O2, card: {name: 普通のクリーチャー, type: creature}}]
effect:
  controller: opponent
  events: [{id: e1, destroy: SM}]
"""


def test_mandatory_replacement_must_apply_when_it_can():
    solution = dmrules.solve(scenario(SKULL_MOON))
    assert [(r.applied[0].chosen, r.final["SM"]) for r in solution.resolutions] == [
        (("O1",), "battle"),
        (("O2",), "battle"),
    ]


SPELL_GUARD_LATER = """
turn: opponent
players:
  me:
    battle:
      - {id: C0, card: {name: 普通, type: creature, cost: 3, power: 3000}}
      - id: C1
        card:
          name: 呪文ガード
          type: creature
          cost: 3
          power: 3000
          replacements:
            - watch: {event: destroy, card: this, when: [by_opponent, by_spell]}
              instead: [{move_to: hand}]
  opponent:
    hand: [{id: S, card: {name: 二段呪文, type: spell, cost: 5}}]
effect:
  source: S
  controller: opponent
  by: spell
  events: [{id: e1, destroy: C0}]
  then:
    - events: [{id: e2, destroy: C1}]
"""


def test_a_later_step_is_of_its_effects_kind_unless_it_says_its_own():
    solution = dmrules.solve(scenario(SPELL_GUARD_LATER))
    assert [([(a.event, a.replacement.id) for a in r.applied], r.final) for r in solution.resolutions] == [
        ([("e2", "C1")], {"C0": "graveyard", "C1": "hand", "S": "hand"})
    ]
    own = SPELL_GUARD_LATER.replace("- events: [{id: e2", "- by: ability\n      events: [{id: e2")
    solution = dmrules.solve(scenario(own))
    assert [([a.event for a in r.applied], r.final) for r in solution.resolutions] == [
        ([], {"C0": "graveyard", "C1": "graveyard", "S": "hand"})
    ]


SAPPHIRE_VS_RAIKOU = """
turn: opponent
players:
  me:
    battle: [{id: RK, card: 「雷光の聖騎士」}]
    hand: [h1]
    shields: [s1]
  opponent:
    battle:
      - id: SP
        card:
          name: 任意のブレイク置換
          type: creature
          replacements:
            - watch: {event: break, card: {whose: opponent}, when: [by_this]}
              instead: [{move_to: graveyard}]
              optional: true
effect:
  source: SP
  controller: opponent
  by: attack
  events: [{id: e1, break: s1}]
"""


def test_non_turn_player_applies_once_the_turn_player_declines():
    solution = dmrules.solve(scenario(SAPPHIRE_VS_RAIKOU))
    got = sorted((tuple(a.replacement.id for a in r.applied), r.final["s1"]) for r in solution.resolutions)
    assert got == [((), "hand"), (("RK",), "shields"), (("SP",), "graveyard")]


TURN_PLAYER_FIRST = """
turn: me
players:
  me:
    battle: [{id: SM, card: {name: 強制の身代わり破壊, type: creature, replacements: [
        {watch: {event: destroy, card: this}, instead: [stay, {destroy: {whose: opponent}}]}]}}]
  opponent:
    battle:
      - {id: O, card: {name: 狙われるクリーチャー, type: creature}}
      - {id: O2, card: {name: 破壊されるクリーチャー, type: creature}, untouchable: true}
      - id: SV
        untouchable: true
        card:
          name: 身代わりを破壊するクリーチャー
          type: creature
          replacements:
            - watch: {event: destroy, card: {whose: own, other: true}}
              instead: [{destroy: {whose: own, other: true}}]
              optional: true
effect:
  controller: opponent
  events:
    - {id: e1, destroy: SM}
    - {id: e2, destroy: O2}
"""


def test_turn_player_decides_before_the_non_turn_player_takes_a_card():
    # The turn player's mandatory substitute destruction can destroy only O (the others are
    # アンタッチャブル), so it must take O; the non-turn player's replacement,
    # decided afterwards, cannot take O first and so leave SM without
    # a substitute.
    solution = dmrules.solve(scenario(TURN_PLAYER_FIRST))
    got = [[(a.event, a.replacement.id, a.chosen) for a in r.applied] for r in solution.resolutions]
    assert got == [[("e1", "SM", ("O",))]]
