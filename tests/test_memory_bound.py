"""A memory bound from Python: ``solve``, ``stream`` and ``count`` with ``max_memory=`` run in the
bounded worker and give what they give in process; a solve that needs more than the cap raises
``SolveError`` and leaves the caller's process alive; and many solves in one process keep its
resident set flat (the full measurement, 10,000 solves, is bench/soak.py)."""

from __future__ import annotations

import sys

import pytest

import dmrules
from dmrules import bounded
from dmrules.game.errors import InputError, SolveError
from tests.conftest import FIXTURES

A01 = FIXTURES / "A01-two-jashintei.yaml"
T13 = FIXTURES / "T13-draw-h-electron-two-draws.yaml"

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the worker forks (Linux)")


def _two_draw_doublers(deck: int, ruleset: str = "dm") -> str:
    text = "自分がカードを引く時、かわりにカードを2枚引いてもよい。"
    cards = "\n".join(
        f'      - {{id: D{i}, card: {{name: ドロー{i}, type: creature, text: "{text}"}}}}' for i in (1, 2)
    )
    deck_ids = ", ".join(f"d{i}" for i in range(1, deck + 1))
    return (
        f"ruleset: {ruleset}\nturn: me\nplayers:\n  me:\n    battle:\n{cards}\n    deck: [{deck_ids}]\n"
        "  opponent: {}\neffect:\n  controller: me\n  by: ability\n  events:\n    - {id: e1, draw: me}\n"
    )


def heavy_grounding() -> str:
    """A scenario just under the reader's size bound (``MAX_COMBINATIONS``) whose grounding takes
    seconds and about half a gigabyte: 20 creatures of mine whose replacement watches each of 25
    destructions and may take any of 50 mana cards."""
    text = "自分のクリーチャーが破壊される時、かわりに自分のマナゾーンのカードを1枚墓地に置いてもよい。"
    guards = [
        f'      - {{id: R{i}, card: {{name: 守り{i}, type: creature, cost: 1, power: 1000, text: "{text}"}}}}'
        for i in range(20)
    ]
    targets = [f"      - {{id: C{i}, card: {{name: 的{i}, type: creature, cost: 1, power: 1000}}}}" for i in range(25)]
    mana = ", ".join(f"m{i}" for i in range(50))
    events = "\n".join(f"    - {{id: e{i}, destroy: C{i}}}" for i in range(25))
    return (
        "ruleset: dm\nturn: opponent\nplayers:\n  me:\n    battle:\n"
        + "\n".join(guards + targets)
        + f"\n    mana: [{mana}]\n  opponent: {{}}\neffect:\n  controller: opponent\n  by: ability\n  events:\n"
        + events
        + "\n"
    )


def test_bounded_solve_gives_what_the_process_gives():
    for path in (A01, T13):
        here = dmrules.solve(path)
        there = dmrules.solve(path, max_memory=2048)
        assert there.resolutions == here.resolutions
        assert [w.atoms for r in there.resolutions for w in r.windows] == [
            w.atoms for r in here.resolutions for w in r.windows
        ]
        assert (there.complete, there.stopped_by, there.total) == (here.complete, here.stopped_by, here.total)


def test_bounded_stream_hands_each_resolution_over_as_found():
    got: list = []
    streamed = dmrules.stream(A01, got.append, max_memory=2048)
    assert got == list(dmrules.solve(A01).resolutions)
    assert (streamed.resolutions, streamed.total, streamed.states, streamed.complete) == (3, 3, 3, True)


def test_bounded_solve_calls_on_resolution_here():
    got: list = []
    solution = dmrules.solve(T13, max_memory=2048, on_resolution=got.append)
    assert got == list(solution.resolutions) and len(got) == 4


def test_bounded_count_and_its_errors():
    assert dmrules.count(T13, max_memory=2048) == 4
    with pytest.raises(InputError, match="no such file"):
        dmrules.count("/nonexistent/scenario.yaml", max_memory=2048)


def test_out_of_memory_is_a_solve_error_and_this_process_goes_on():
    heavy = heavy_grounding()  # about 500 MiB to ground
    with pytest.raises(SolveError, match=r"more memory than max_memory allows \(200 MiB\)"):
        dmrules.count(heavy, max_memory=200)
    assert dmrules.count(A01) == 3


def test_the_default_bound_and_in_process():
    assert bounded.max_memory_for(None) is None
    assert bounded.max_memory_for(0) is None and bounded.max_memory_for(512) == 512
    try:
        dmrules.set_max_memory(200)
        assert bounded.max_memory_for(None) == 200 and bounded.max_memory_for(0) is None
        with pytest.raises(SolveError, match=r"\(200 MiB\)"):
            dmrules.count(_two_draw_doublers(3, "sequential"))
    finally:
        dmrules.set_max_memory(None)
    with pytest.raises(ValueError, match="MiB"):
        dmrules.set_max_memory(-1)


def test_two_draw_doublers_stay_small_with_the_deck():
    # Three resolutions (neither, one or the other applies: 101.5 forbids a chain) whatever the deck.
    for deck in (2, 10, 40):
        solution = dmrules.solve(_two_draw_doublers(deck))
        drawn = sorted(sorted(c for c, z in r.final.items() if z == "hand") for r in solution.resolutions)
        assert drawn == [["d1"], ["d1", "d2"], ["d1", "d2"]]
        assert sorted(a.replacement.id for r in solution.resolutions for a in r.applied) == ["D1", "D2"]


def rss_mib() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024


def test_many_solves_keep_the_process_flat():
    paths = sorted(FIXTURES.glob("*.yaml"))[:12]
    for path in paths:  # warm: every fixture met once
        dmrules.solve(path)
    warm = rss_mib()
    for _ in range(25):
        for path in paths:
            dmrules.solve(path)
    assert rss_mib() - warm <= 50
