"""A situation refused halfway through its streamed list says so on the standard output too: the resolutions
written before the refusal are not every legal one."""

from __future__ import annotations

import json

import pytest

from .conftest import run_cli

TWO_BANDITS = """\
turn: opponent
players:
  me:
    battle:
      - {id: D1, card: 夢幻の影ダーク・バンディット}
      - {id: D2, card: 夢幻の影ダーク・バンディット}
    hand: [h1]
  opponent:
    battle: [{id: X, card: {name: 全体破壊, type: creature}}]
effect: {source: X, controller: opponent, events: [{id: e1, destroy: D1}, {id: e2, destroy: D2}]}
"""


@pytest.mark.parametrize("jsonl", [False, True])
def test_a_list_refused_halfway_ends_with_a_refused_line(tmp_path, jsonl):
    path = tmp_path / "bandits.yaml"
    path.write_text(TWO_BANDITS, encoding="utf-8")
    out = run_cli("solve", str(path), *(["--jsonl"] if jsonl else []))
    assert out.returncode == 2 and "not modelled" in out.stderr
    last = out.stdout.strip().splitlines()[-1]
    if jsonl:
        assert "not modelled" in json.loads(last)["refused"]
    else:
        assert last.startswith("refused: the resolutions above are not every legal one")


TWO_DRAGON_DANCERS = """\
turn: opponent
players:
  me:
    battle:
      - {id: R1, card: 竜舞の化身}
      - {id: R2, card: 竜舞の化身}
    mana: [{id: m1, card: {name: マナのドラゴン, type: creature, races: [アーマード・ドラゴン]}}]
  opponent:
    battle: [{id: X, card: {name: 破壊者, type: creature}}]
effect: {source: X, controller: opponent, events: [{id: e1, destroy: R1}, {id: e2, destroy: R2}]}
"""


def test_a_situation_refused_before_any_resolution_says_none_is_listed(tmp_path):
    """Refused before a resolution was written: the refusal does not speak of resolutions above."""
    path = tmp_path / "dancers.yaml"
    path.write_text(TWO_DRAGON_DANCERS, encoding="utf-8")
    out = run_cli("solve", str(path))
    assert out.returncode == 2 and "not modelled" in out.stderr
    assert "Resolution" not in out.stdout
    assert out.stdout.strip().splitlines()[-1].startswith("refused: no resolution is listed: not modelled")
