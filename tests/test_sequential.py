"""The sequential ruleset (Dimension Zero, seed 001): replacements in turn."""

import json

import dmrules

from .conftest import FIXTURES, run_cli, scenario


def test_json_reports_the_ruleset_and_the_order_of_each_chain():
    out = run_cli("solve", str(FIXTURES / "D06-both-in-turn.yaml"), "--json")
    doc = json.loads(out.stdout)
    assert doc["ruleset"] == "sequential"
    # The chain of e1: the replacement applied to it, then the one applied to what that made.
    chains = [[r for _, event, r, *_ in res["applied"] if event.split("/", 1)[0] == "e1"] for res in doc["resolutions"]]
    assert sorted(chains) == [["DR", "MA"], ["MA", "DR"]]


def test_the_same_scenario_under_both_rulesets_differs():
    dm = run_cli("solve", str(FIXTURES / "A11-perfect-galaxy-substitute.yaml"), "--json")
    seq = run_cli("solve", str(FIXTURES / "A11-perfect-galaxy-substitute.yaml"), "--json", "--ruleset", "sequential")
    finals = lambda doc: sorted(r["final"].get("PG", doc["cards"]["PG"]["zone"]) for r in doc["resolutions"])  # noqa: E731
    assert finals(json.loads(dm.stdout)) == ["battle", "battle", "graveyard"]
    assert finals(json.loads(seq.stdout)) == ["battle", "battle", "battle"]


ONCE = """
ruleset: sequential
turn: me
players:
  me:
    battle:
      - {id: A, card: {name: ユニットA, type: creature}}
      - {id: B, card: {name: ユニットB, type: creature}}
      - {id: S, card: {name: 呪文を唱えたユニット, type: creature}}
  opponent: {}
replacement_effects:
  - id: once
    source: S
    controller: me
    text: 次にあなたのユニットが墓地に置かれる時、かわりに手札に戻す。
    watch: {event: put_into_graveyard, card: {whose: own, type: creature}}
    instead: [{move_to: hand}]
  - id: turn
    source: S
    controller: me
    duration: this_turn
    text: このターン、あなたのユニットが墓地に置かれる時、かわりにマナゾーンに置く。
    watch: {event: put_into_graveyard, card: {whose: own, type: creature}}
    instead: [{move_to: mana}]
effect:
  controller: me
  events: [{id: e1, kind: move, card: A, to: graveyard}]
  then:
    - events: [{id: e2, kind: move, card: B, to: graveyard}]
"""


def test_an_effect_without_duration_applies_once_and_is_used_up():
    solution = dmrules.solve(scenario(ONCE))
    for r in solution.resolutions:
        uses = [a for a in r.applied if a.replacement.id == "once"]
        assert len(uses) <= 1
    # Used on A's event, the one-shot effect is gone for B's: B can only go to mana.
    used_on_a = [
        r
        for r in solution.resolutions
        if any(a.replacement.id == "once" and a.event.startswith("e1") for a in r.applied)
    ]
    assert used_on_a and all(r.final["B"] == "mana" for r in used_on_a)
    # The effect with a duration applies every time.
    assert any(r.final["A"] == "mana" and r.final["B"] == "mana" for r in solution.resolutions)


def test_sequential_chains_are_bounded_by_the_replacements():
    out = run_cli("verify", str(FIXTURES / "D04-once-per-event.yaml"))
    assert out.returncode == 0 and "PASS  D04" in out.stdout
