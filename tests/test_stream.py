"""Streaming resolutions as JSON lines."""

import json

import dmrules

from .conftest import FIXTURES, run_cli


def canonical(resolution: dmrules.Resolution) -> tuple:
    return tuple(sorted((a.event, a.replacement.id, a.player, tuple(sorted(a.chosen))) for a in resolution.applied))


def line_key(line: dict) -> tuple:
    chosen: dict[str, list[str]] = {}
    for c in line["chosen"]:
        chosen.setdefault(c["event"], []).append(c["card"])
    return tuple(sorted((a["event"], a["replacement"], a["player"], tuple(sorted(chosen.get(a["event"], []))))
                        for a in line["applied"]))


def test_jsonl_streams_exactly_the_resolutions_of_a_window():
    for name in ("A01-two-jashintei", "A04-forkfock-jabrad-both", "A09-two-bragers", "A05-nochez-two-jabrads"):
        path = FIXTURES / f"{name}.yaml"
        out = run_cli("solve", str(path), "--jsonl")
        assert out.returncode == 0, out.stderr
        lines = [json.loads(line) for line in out.stdout.splitlines()]
        expected = sorted(canonical(r) for r in dmrules.solve(dmrules.load_scenario(path)).resolutions)
        assert sorted(line_key(line) for line in lines) == expected, name


def test_jsonl_order_is_deterministic():
    path = str(FIXTURES / "A04-forkfock-jabrad-both.yaml")
    assert run_cli("solve", path, "--jsonl").stdout == run_cli("solve", path, "--jsonl").stdout


def test_jsonl_streams_whole_resolutions_when_windows_follow():
    out = run_cli("solve", str(FIXTURES / "B03-baiken-setsudan.yaml"), "--jsonl")
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(lines) == 4 and all("windows" in line and "final" in line for line in lines)
