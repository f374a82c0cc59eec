"""Restrictions, the references of later parts, and Duel Masters Play's ruleset:
what the fixtures do not already show, and the errors their new fields give."""

import json
from dataclasses import replace

import pytest

import dmrules

from .conftest import FIXTURES, run_cli, scenario

BOARD = """
    title: t
    ruleset: {ruleset}
    turn: opponent
    players:
      me:
        {limits}
        battle:
          - {{id: MM, card: {{name: 蒼神龍メタモルフィース, type: creature, races: [ポセイディア・ドラゴン]}}}}
          - {{id: VS, card: 真実の王 ヴィオラ・ソナタ}}
        shields: [{shields}]
      opponent:
        battle:
          - {{id: X, card: {{name: 破壊するクリーチャー, type: creature}}}}
    effect:
      source: X
      controller: opponent
      events:
        - {{id: e1, destroy: MM}}
"""


def metamorphis(ruleset: str, shields: int, limits: str = ""):
    return scenario(
        BOARD.format(ruleset=ruleset, limits=limits, shields=", ".join(f"s{i}" for i in range(1, shields + 1)))
    )


@pytest.mark.parametrize("shields, zone", [(9, "shields"), (10, "graveyard")])
def test_duel_masters_plays_shield_limit_is_ten(shields, zone):
    """DMPS-1: the shield zone holds 10; the 11th overflows (P02), the 10th does not."""
    [resolution] = dmrules.solve(metamorphis("dmps", shields)).resolutions
    assert resolution.final["MM"] == zone


def test_a_scenarios_limits_override_duel_masters_plays_own():
    [resolution] = dmrules.solve(metamorphis("dmps", 3, "limits: {shields: 3}")).resolutions
    assert resolution.final["MM"] == "graveyard"


def test_the_card_game_has_no_zone_limits():
    [resolution] = dmrules.solve(metamorphis("dm", 10)).resolutions
    assert resolution.final["MM"] == "shields"
    with pytest.raises(dmrules.InputError, match="zone limits are Duel Masters Play's"):
        metamorphis("dm", 3, "limits: {shields: 3}")


def test_solve_under_duel_masters_plays_from_the_command_line():
    path = str(next(FIXTURES.glob("P04-black-lucifer-saint-champagne-board-order.yaml")))
    dm = json.loads(run_cli("solve", path, "--ruleset", "dm", "--json").stdout)
    dmps = json.loads(run_cli("solve", path, "--json").stdout)
    assert (dm["ruleset"], dm["counts"]["resolutions"]) == ("dm", 2)
    assert (dmps["ruleset"], dmps["counts"]["resolutions"]) == ("dmps", 3)


def test_a_restriction_names_only_the_events_it_can_forbid():
    text = """
        title: t
        turn: me
        players:
          me:
            battle:
              - id: R
                card:
                  name: 制限のクリーチャー
                  type: creature
                  restrictions:
                    - forbid: {event: draw}
          opponent: {}
        effect:
          controller: me
          events: []
    """
    with pytest.raises(dmrules.InputError, match="a restriction cannot forbid 'draw'"):
        scenario(text)


def test_count_and_count_attempted_exclude_each_other():
    path = FIXTURES / "B08-biriyabodo-carol.yaml"
    text = path.read_text(encoding="utf-8").replace("count_attempted: [e1, e2]", "count: 2, count_attempted: [e1, e2]")
    with pytest.raises(dmrules.InputError, match="either 'count' or 'count_attempted'"):
        dmrules.scenario_from_text(text, "b08.yaml")


def test_a_restriction_keeps_the_effects_own_event_under_every_ruleset():
    """A forbidden event does not happen, whatever the ruleset (issue: a card that
    cannot be destroyed, destroyed by the effect itself, went to the graveyard)."""
    base = dmrules.load_scenario(FIXTURES / "A20-souten-own-event.yaml")
    for ruleset in ("dm", "sequential", "dmps"):
        [resolution] = dmrules.solve(replace(base, ruleset=ruleset)).resolutions
        assert resolution.final["A"] == "battle" and resolution.final["B"] == "battle"
        assert not resolution.applied
