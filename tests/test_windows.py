"""Window after window: follow-ups, later steps, battles, state-based checks, the depth bound."""

import json
import textwrap

import dmrules

from .conftest import run_cli, scenario

ESCAPE_LOOP = """
turn: me
players:
  me:
    hand: [{id: RG, card: 零魔幻争}]
  opponent:
    battle: [{id: LL, card: ナゾの光・リリアング, power: 0}]
    shields: [s1, s2, s3]
effect:
  source: RG
  controller: me
  by: spell
  events: [{id: e1, power_change: LL, amount: -1000}]
"""


def test_state_based_checks_repeat_until_nothing_is_left():
    # At 0 power the creature is destroyed again and again by state-based
    # checks; エスケープ may save it once per shield, choosing which shield:
    # 1 way with no escape, 3 with one, 3×2 with two, 3×2×1 with three.
    from collections import Counter

    solution = dmrules.solve(scenario(ESCAPE_LOOP))
    assert solution.complete
    escapes = Counter(sum(1 for a in r.applied if a.replacement.id == "LL") for r in solution.resolutions)
    assert escapes == {0: 1, 1: 3, 2: 6, 3: 6}
    assert all(r.final["LL"] == "graveyard" for r in solution.resolutions)
    longest = max(solution.resolutions, key=lambda r: len(r.windows))
    assert [w.kind for w in longest.windows] == ["effect", "state", "state", "state", "state"]


def test_the_depth_bound_stops_and_says_so(tmp_path):
    path = tmp_path / "loop.yaml"
    path.write_text(textwrap.dedent(ESCAPE_LOOP), encoding="utf-8")
    solution = dmrules.solve(scenario(ESCAPE_LOOP), max_windows=2)
    assert not solution.complete and solution.stopped_by == "max_windows=2"
    assert any(r.stopped and "stopped after 2 windows" in r.stopped for r in solution.resolutions)
    out = run_cli("solve", str(path), "--max-windows", "2", "--json")
    doc = json.loads(out.stdout)
    assert doc["complete"] is False and doc["stopped_by"] == "max_windows=2"
    text = run_cli("solve", str(path), "--max-windows", "2").stdout
    assert "cut short by max_windows=2" in text


BATTLE = """
turn: me
players:
  me:
    battle: [{id: A, card: {name: 大きいクリーチャー, type: creature, power: 5000}}]
  opponent:
    battle: [{id: B, card: {name: 小さいクリーチャー, type: creature, power: 3000}},
             {id: C, card: {name: 同じパワー, type: creature, power: 5000}}]
effect:
  source: A
  controller: me
  by: battle
  events: [{id: e1, battle: [A, B]}]
  then:
    - events: [{id: e2, battle: [A, C]}]
"""


def test_a_battle_destroys_the_weaker_creature_in_the_next_window():
    (r,) = dmrules.solve(scenario(BATTLE)).resolutions
    assert r.final == {"A": "graveyard", "B": "graveyard", "C": "graveyard"}
    assert [w.label for w in r.windows] == ["effect", "e1/result", "s1", "e2/result"]
    assert {e.id for e in r.happened} >= {"e1/loses:B", "e2/loses:A", "e2/loses:C"}


CONDITION = """
turn: me
players:
  me:
    battle: [{id: PM, card: 光器パーフェクト・マドンナ, power: 3000}]
    deck: [d1, d2]
  opponent: {}
effect:
  controller: me
  by: spell
  events: [{id: e1, destroy: PM}]
  then:
    - if: {happened: e1}
      events: [{id: e2, draw: me}]
    - if: {attempted: e1}
      events: [{id: e3, draw: me}]
"""


def test_if_you_do_needs_only_the_attempt_but_happened_needs_the_event():
    (r,) = dmrules.solve(scenario(CONDITION)).resolutions
    assert r.final["d1"] == "hand" and r.final["d2"] == "deck"
    assert "e3" in r.attempted and "e2" not in r.attempted
