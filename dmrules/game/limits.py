"""Duel Masters Play's zone limits (DMPS-1; asp/dmps/limits.lp): the zones that have one, their sizes, and a
scenario put under a ruleset, which refuses a state Duel Masters Play's cannot have however its ruleset is chosen
(the file's ``ruleset``, ``--ruleset``, ``expect_under``, a batch item's ``ruleset``)."""

from __future__ import annotations

from dataclasses import replace

from .errors import InputError
from .grants import counts_alone
from .scenario import Scenario

DMPS_LIMITS = {"battle": 7, "hand": 10, "shields": 10}


def under_ruleset(scenario: Scenario, ruleset: str) -> Scenario:
    """The scenario solved under ``ruleset``; under Duel Masters Play's, its state must be within the zone limits."""
    if ruleset != scenario.ruleset:
        scenario = replace(scenario, ruleset=ruleset)
    if ruleset == "dmps":
        check_within_limits(scenario)
    return scenario


def zone_limits(scenario: Scenario, player: str) -> dict[str, int]:
    """The limit of each of a player's zones that has one: the scenario's ``limits``, or Duel Masters Play's own."""
    return {zone: scenario.limits.get(player, {}).get(zone, default) for zone, default in DMPS_LIMITS.items()}


def check_within_limits(scenario: Scenario) -> None:
    """A Duel Masters Play's state holds no zone over its limit (DMPS-1): a battle zone's elements are its
    controller's, the other zones' cards their owner's; a card stacked under another is part of its element."""
    for player in scenario.players:
        for zone, limit in zone_limits(scenario, player).items():
            held = [
                c
                for c in scenario.cards.values()
                if c.zone == zone and (c.controller if zone == "battle" else c.owner) == player and counts_alone(c)
            ]
            if len(held) > limit:
                problem = (
                    f"{len(held)} elements in the {zone} zone of '{player}', over its limit of {limit} "
                    "(Duel Masters Play's, DMPS-1): no such state can be"
                )
                line = scenario.about.player_lines.get(player)
                raise InputError(scenario.path, f"players.{player}", problem, line)
