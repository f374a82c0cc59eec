"""A small situation (ruling A01's: two アビスベル＝ジャシン帝 destroyed at once, two hand cards) solved,
explained and asked about once in a process that forks others (the batch pool and its zygote, the
workbench's fork server): each process forked from it then finds the encodings read, their
pruning worked out, the bundled cards loaded and the explainers' encodings grounded, instead of
doing that again for every item or request (a solve of A01 in a cold process takes six times as
long as in a warm one, a why-not four times)."""

from __future__ import annotations

from ..reading.scenario import scenario_from_text
from ..solving.run import solve
from .explain import parse_conditions, why, why_not

WARM_UP_SITUATION = """\
turn: opponent
players:
  me: {battle: [{id: J1, card: アビスベル＝ジャシン帝}, {id: J2, card: アビスベル＝ジャシン帝}], hand: [h1, h2]}
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: J1}, {id: e2, destroy: J2}]}
"""


def warm() -> None:
    """Solve ``WARM_UP_SITUATION``, explain its first resolution and ask why both creatures cannot stay."""
    scenario = scenario_from_text(WARM_UP_SITUATION, "<warm-up>")
    solution = solve(scenario)
    why(scenario, solution.resolutions[0])
    why_not(scenario, parse_conditions(scenario, ["J1=battle,J2=battle"]))
