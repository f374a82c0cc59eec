"""`dmrules check`: one mixed batch answered serially, on the local pool and on a real Dask
cluster, line for line the same; what an item that fails gets; the cache of answers; resume;
and `verify` going on past a file that needs more memory than its cap.

The batch holds, from ruling A01 (official Q&A of 2023-04-10, 609.9b: a card chosen as
affected by one replacement cannot be chosen again): an observed outcome that is legal (one
ジャシン帝 stays, discarding both cards) and one that is not (both stay: each would need both
cards); a discard that no replacement watches (one resolution: the card goes to the
graveyard); a malformed line; a scenario naming a card that does not exist; a situation whose
grounding needs far more memory than its item's cap; and one with millions of resolutions and
a time limit of one second.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

import dmrules
from tests.conftest import FIXTURES, ROOT, run_cli

pytestmark = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="address-space caps as on Linux")

A01 = FIXTURES / "A01-two-jashintei.yaml"
B03 = FIXTURES / "B03-baiken-setsudan.yaml"
HOG_CAP = 64  # MiB more than a warmed process: A01 and B03 need a few; HOG's grounding about 250


def jashin_yaml(n: int, m: int) -> str:
    """n アビスベル＝ジャシン帝 destroyed at once, m cards in hand (each may discard 2 instead)."""
    creatures = "\n".join(f"      - {{id: J{i}, card: アビスベル＝ジャシン帝}}" for i in range(1, n + 1))
    hand = ", ".join(f"h{i}" for i in range(1, m + 1))
    events = "\n".join(f"    - {{id: e{i}, destroy: J{i}}}" for i in range(1, n + 1))
    return (
        f"turn: opponent\nplayers:\n  me:\n    battle:\n{creatures}\n    hand: [{hand}]\n  opponent: {{}}\n"
        f"effect:\n  controller: opponent\n  events:\n{events}\n"
    )


HOG = jashin_yaml(25, 375)
DISCARD = (
    "turn: me\nplayers:\n  me: {hand: [h1, h2]}\n  you: {}\neffect: {controller: me, events: [{id: e1, discard: h1}]}\n"
)


def mixed_batch(folder: Path) -> Path:
    (folder / "a01.yaml").write_bytes(A01.read_bytes())
    items = [
        {"id": "a01-one-stays", "path": "a01.yaml", "observed": "J1=battle,J2=graveyard,h1=graveyard,h2=graveyard"},
        {"id": "a01-both-stay", "path": "a01.yaml", "observed": {"J1": "battle", "J2": "battle"}},
        {"id": "discard", "scenario": DISCARD, "observed": ["h1=graveyard", "h2=hand"]},
        "{this line is not JSON",
        {"id": "unknown-card", "scenario": DISCARD.replace("[h1, h2]", "[h1, h2], battle: [{id: X, card: 無名}]")},
        {"id": "hog", "scenario": HOG, "max_memory": HOG_CAP},
        {"id": "flood", "scenario": jashin_yaml(6, 16), "timeout": 0.5},
        {
            "id": 7,
            "scenario": json.loads(
                json.dumps(
                    {
                        "turn": "me",
                        "players": {"me": {"hand": ["h1"]}, "you": {}},
                        "effect": {"controller": "me", "events": [{"discard": "h1"}]},
                    }
                )
            ),
        },
    ]
    path = folder / "batch.jsonl"
    path.write_text("".join((i if isinstance(i, str) else json.dumps(i, ensure_ascii=False)) + "\n" for i in items))
    return path


def check(*args: str, env: dict | None = None):
    import subprocess

    return subprocess.run(
        [sys.executable, "-m", "dmrules.cli", "check", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        env={**os.environ, **(env or {})},
    )


@pytest.fixture(scope="module")
def batch(tmp_path_factory) -> Path:
    return mixed_batch(tmp_path_factory.mktemp("batch"))


@pytest.fixture(scope="module")
def serial(batch) -> list[str]:
    out = check(str(batch), "--jobs", "1", "--no-cache")
    assert out.returncode == 2, out.stderr  # error lines: exit 2 at the end, after every item
    assert "Traceback" not in out.stderr
    return out.stdout.splitlines()


def test_the_serial_run_answers_each_item_and_goes_on_past_those_that_fail(serial, batch):
    lines = [json.loads(line) for line in serial]
    assert [line["id"] for line in lines] == [
        "a01-one-stays",
        "a01-both-stay",
        "discard",
        "line 4",
        "unknown-card",
        "hog",
        "flood",
        "7",
    ]
    assert [line["line"] for line in lines] == [1, 2, 3, 4, 5, 6, 7, 8]
    one, both, discard, malformed, unknown, hog, flood, inline = lines
    assert one == {
        "id": "a01-one-stays",
        "line": 1,
        "ruleset": "dm",
        "counts": {"resolutions": 3, "states": 3},
        "complete": True,
        "observed": {"legal": True},
    }
    assert both["observed"]["legal"] is False and both["observed"]["rules"] == ["609.9b"]
    assert sorted(v["text"].split()[0] for v in both["observed"]["violations"]) == ["h1", "h2"]  # each chosen twice
    assert discard["counts"] == {"resolutions": 1, "states": 1} and discard["observed"] == {"legal": True}
    assert malformed["reason"] == "input" and malformed["error"].startswith(f"{batch}:4: not a JSON object")
    assert unknown["reason"] == "input" and "players.me.battle[0].card: unknown card '無名'" in unknown["error"]
    assert hog == {
        "id": "hog",
        "line": 6,
        "reason": "memory",
        "error": f"needed more memory than its cap of {HOG_CAP} MiB (--max-memory)",
    }
    assert flood == {
        "id": "flood",
        "line": 7,
        "reason": "timeout",
        "error": "no answer within its time limit of 0.5 s (--timeout)",
    }
    assert inline["counts"] == {"resolutions": 1, "states": 1} and "observed" not in inline


def test_the_local_pool_gives_the_serial_lines(serial, batch):
    out = check(str(batch), "--jobs", "2", "--no-cache")
    assert out.returncode == 2 and out.stdout.splitlines() == serial


def test_a_dask_cluster_gives_the_serial_lines(serial, batch):
    # Imported here, not when the tests are collected (seconds in every worker); installed by the
    # test extra, so never skipped: a missing package fails this test.
    import distributed

    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        out = check(str(batch), "--no-cache", "--scheduler", cluster.scheduler_address)
        assert out.returncode == 2, out.stderr
        assert out.stdout.splitlines() == serial
        assert "peak memory of a worker" in out.stderr and "Traceback" not in out.stderr


def test_no_scheduler_there_is_refused_clearly(batch):
    out = check(str(batch), "--no-cache", env={"DMRULES_SCHEDULER": "tcp://127.0.0.1:9"})
    assert out.returncode == 2 and out.stdout == ""
    assert "cannot reach the scheduler at tcp://127.0.0.1:9" in out.stderr and "Traceback" not in out.stderr


def write_batch(path: Path, items: list) -> Path:
    path.write_text("".join((i if isinstance(i, str) else json.dumps(i, ensure_ascii=False)) + "\n" for i in items))
    return path


def lines_of(out) -> list[dict]:
    return [json.loads(x) for x in out.stdout.splitlines()]


def test_exit_1_when_an_observed_outcome_is_not_legal_and_nothing_failed(tmp_path):
    batch = write_batch(
        tmp_path / "b.jsonl",
        [
            {"id": "legal", "path": str(A01), "observed": "J1=graveyard,J2=graveyard"},
            {"id": "illegal", "path": str(A01), "observed": "J1=battle,J2=battle"},
        ],
    )
    out = run_cli("check", str(batch), "--no-cache")
    assert out.returncode == 1, out.stderr
    assert [x["observed"]["legal"] for x in lines_of(out)] == [True, False]
    assert "2 answered (1 legal, 1 not legal, 0 with no observed outcome), 0 with an error" in out.stderr


def test_a_bad_observed_outcome_is_named_at_the_batch_line_and_its_field(tmp_path):
    """An outcome the scenario cannot have (an unknown zone, no such card) is the batch line's mistake: the error names
    the batch file, the line and ``observed``, not the scenario file nor an option ``check`` has not."""
    batch = write_batch(
        tmp_path / "b.jsonl",
        [
            {"id": "a", "path": str(A01), "observed": "J1=moon"},
            {"id": "b", "scenario": DISCARD, "observed": {"ZZ": "hand"}},
        ],
    )
    out = run_cli("check", str(batch), "--no-cache")
    assert out.returncode == 2, out.stderr
    errors = [x["error"] for x in lines_of(out)]
    assert errors[0].startswith(f"{batch}:1: observed: J1=moon: unknown zone 'moon'"), errors
    assert errors[1] == f"{batch}:2: observed: ZZ=hand: 'ZZ' is no card, event or player of the scenario", errors


def test_the_cache_answers_a_situation_seen_before_and_cannot_be_turned_against_its_user(tmp_path, monkeypatch):
    import sqlite3

    cache = tmp_path / "cache"
    monkeypatch.setenv("DMRULES_CACHE", str(cache))
    one = write_batch(tmp_path / "one.jsonl", [{"id": "a", "scenario": DISCARD, "observed": "h1=graveyard"}])
    first = run_cli("check", str(one))
    assert first.returncode == 0 and "0 from the cache" in first.stderr
    # The same situation laid out otherwise, and the same observed outcome: answered from the cache.
    spaced = DISCARD.replace("{hand: [h1, h2]}", "\n    hand:   [h1,   h2]   # the same hand\n")
    two = write_batch(
        tmp_path / "two.jsonl",
        [{"id": "b", "scenario": spaced, "observed": "h1=graveyard"}, {"id": "c", "scenario": DISCARD}],
    )
    second = run_cli("check", str(two))
    assert "1 from the cache" in second.stderr  # b; c asks for no outcome: another answer
    b, c = lines_of(second)
    assert {**b, "id": "a"} == lines_of(first)[0]
    assert c["counts"] == {"resolutions": 1, "states": 1}
    # An entry of the wrong shape is ignored; an answer is data, never code.
    db = sqlite3.connect(cache / "answers.sqlite3")
    with db:
        db.execute("UPDATE answers SET answer = ?", (json.dumps({"counts": "planted"}),))
    db.close()
    again = run_cli("check", str(one))
    assert again.stdout == first.stdout and "0 from the cache" in again.stderr
    # A cache folder others may write to is not used.
    os.chmod(cache, 0o777)
    shared = run_cli("check", str(one))
    assert shared.returncode == 0 and shared.stdout == first.stdout
    assert f"the cache of answers is not used: {cache} may be written by other users" in shared.stderr


def test_resume_skips_what_was_answered_and_completes_the_output(tmp_path):
    items = [{"id": f"d{i}", "scenario": DISCARD, "observed": "h1=graveyard"} for i in range(4)]
    items.insert(2, {"id": "bad", "scenario": "turn: [\n"})
    batch = write_batch(tmp_path / "b.jsonl", items)
    out = tmp_path / "out.jsonl"
    first = run_cli("check", str(batch), "-o", str(out), "--no-cache")
    assert first.returncode == 2 and first.stdout == ""
    whole = out.read_text().splitlines()
    assert [json.loads(x)["id"] for x in whole] == ["d0", "d1", "bad", "d2", "d3"]
    out.write_text("\n".join(whole[:3]) + "\n" + whole[3][:20])  # stopped while writing d2's line
    second = run_cli("check", str(batch), "--resume", str(out), "--no-cache")
    assert second.stdout == "" and "3 items" in second.stderr  # bad (an error is asked again), d2, d3
    assert [json.loads(x)["id"] for x in out.read_text().splitlines()] == ["d0", "d1", "bad", "bad", "d2", "d3"]


def test_a_resumed_run_keeps_the_not_legal_status_of_what_was_answered_before(tmp_path):
    """An outcome found not legal before the run stopped still makes the resumed batch's exit status 1 (README), even
    when the resumed run has nothing left to answer."""
    items = [{"id": "a", "path": str(A01), "observed": "J1=battle,J2=battle"}, {"id": "b", "path": str(A01)}]
    batch = write_batch(tmp_path / "b.jsonl", items)
    out = tmp_path / "out.jsonl"
    assert run_cli("check", str(batch), "--resume", str(out), "--no-cache").returncode == 1
    assert run_cli("check", str(batch), "--resume", str(out), "--no-cache").returncode == 1  # all answered before


def test_a_folder_of_scenarios_is_a_batch_whose_ids_are_the_paths(tmp_path):
    (tmp_path / "a01.yaml").write_bytes(A01.read_bytes())
    (tmp_path / "b03.yaml").write_bytes(B03.read_bytes())
    out = run_cli("check", str(tmp_path), "--no-cache")
    assert out.returncode == 0, out.stderr
    assert [(x["id"], x["counts"]["resolutions"]) for x in lines_of(out)] == [
        (str(tmp_path / "a01.yaml"), 3),  # ruling A01
        (str(tmp_path / "b03.yaml"), 4),  # ruling B03
    ]


MALFORMED = [
    ('{"id": "x"}', "give the scenario"),
    ('{"id": "x", "path": "a.yaml", "scenario": "turn: me"}', "one of them"),
    ('{"id": "x", "scenario": "turn: me", "colour": 1}', "colour: unknown field"),
    ('{"id": "x", "scenario": "turn: me", "timeout": 100}', "100 is more than the command's --timeout 60"),
    ('{"id": "x", "scenario": "turn: me", "observed": 3}', "observed: write"),
    ('{"id": "x", "path": "missing.yaml"}', "missing.yaml: no such file"),
    ('{"id": "ok", "scenario": "turn: me"}', "id 'ok' is used on line 1 already"),
    ("[1, 2]", "an item is a JSON object"),
    ('{"id": ' + "9" * 5000 + "}", "not a JSON object"),
    (json.dumps({"id": "y", "scenario": DISCARD, "observed": "Z=battle"}), "'Z' is no card"),
    (
        '{"id": "d", "path": "a.yaml", "observed": "J1=battle", "observed": "J1=graveyard"}',
        ":12: observed: key 'observed' appears twice",
    ),
    (
        '{"id": "e", "scenario": {"turn": "me", "players": {"me": {"hand": ["h1"], "hand": []}, "you": {}}}}',
        ":13: scenario.players.me.hand: key 'hand' appears twice",
    ),
]


def test_malformed_items_are_error_lines_naming_their_line(tmp_path):
    batch = write_batch(tmp_path / "b.jsonl", [{"id": "ok", "scenario": DISCARD}] + [line for line, _ in MALFORMED])
    out = run_cli("check", str(batch), "--no-cache")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    good, *bad = lines_of(out)
    assert good["counts"] == {"resolutions": 1, "states": 1}
    assert len(bad) == len(MALFORMED)
    for number, (line, (_, problem)) in enumerate(zip(bad, MALFORMED), start=2):
        assert line["reason"] == "input" and line["line"] == number and problem in line["error"], line


def test_a_lone_surrogate_in_an_item_is_bad_input_named_by_its_field(tmp_path):
    """JSON's \ud800 escape reads as a lone surrogate, which no UTF-8 text holds: the item is refused as bad input
    (never a traceback, nor an internal error of its process), by its id when that is good text."""
    (tmp_path / "a01.yaml").write_bytes(A01.read_bytes())
    lines = [
        r'{"id": "\ud800", "path": "a01.yaml"}',
        r'{"id": "p", "path": "\ud800.yaml"}',
        r'{"id": "o", "path": "a01.yaml", "observed": "\ud800=battle"}',
        r'{"id": "k", "path": "a01.yaml", "observed": {"J1": "battle", "\udfff": "battle"}}',
        r'{"id": "s", "scenario": {"turn": "me", "players": {"me": {"hand": ["h1", "\ud800"]}}}}',
        r'{"id": "ok", "path": "a01.yaml", "\ud800": 1}',
    ]
    batch = write_batch(tmp_path / "b.jsonl", lines)
    out = run_cli("check", str(batch), "--jobs", "1", "--no-cache", process=True)
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
    problem = "is not valid Unicode text: a lone surrogate"
    assert lines_of(out) == [
        {"id": "line 1", "line": 1, "error": f"{batch}:1: id: {problem} U+D800", "reason": "input"},
        {"id": "p", "line": 2, "error": f"{batch}:2: path: {problem} U+D800", "reason": "input"},
        {"id": "o", "line": 3, "error": f"{batch}:3: observed: {problem} U+D800", "reason": "input"},
        {"id": "k", "line": 4, "error": f"{batch}:4: observed: {problem} U+DFFF", "reason": "input"},
        {"id": "s", "line": 5, "error": f"{batch}:5: scenario: {problem} U+D800", "reason": "input"},
        {"id": "line 6", "line": 6, "error": f"{batch}:6: {problem} U+D800", "reason": "input"},
    ]


def test_a_file_of_a_folder_whose_name_is_not_utf8_is_an_error_line(tmp_path):
    (tmp_path / "a01.yaml").write_bytes(A01.read_bytes())
    (tmp_path / os.fsdecode(b"b\xff.yaml")).write_bytes(B03.read_bytes())
    out = run_cli("check", str(tmp_path), "--no-cache", "-o", str(tmp_path / "out.jsonl"), process=True)
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
    name = f"{tmp_path}/b\\xff.yaml"
    assert [json.loads(x) for x in (tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()] == [
        {
            "id": str(tmp_path / "a01.yaml"),
            "ruleset": "dm",
            "counts": {"resolutions": 3, "states": 3},
            "complete": True,
        },
        {"id": name, "error": f"{name}: the file's name is not UTF-8 text", "reason": "input"},
    ]


def test_an_item_with_nothing_found_within_its_time_limit_is_a_timeout_line(tmp_path):
    batch = write_batch(tmp_path / "b.jsonl", [{"id": "t", "path": str(A01), "timeout": 1e-9}])
    out = run_cli("check", str(batch), "--jobs", "1", "--no-cache")
    assert out.returncode == 2
    assert lines_of(out) == [
        {"id": "t", "line": 1, "error": "no answer within its time limit of 1e-09 s (--timeout)", "reason": "timeout"}
    ]


def test_resolutions_of_a_line_are_those_solve_json_writes(tmp_path):
    """--resolutions adds each item's resolutions as solve --json writes them, with the windows they name, in its
    order (the first N of it under --max-resolutions): B03 goes through two windows, A01 through one."""
    items = [{"id": "b03", "path": str(B03), "observed": "e1=happened"}, {"id": "a01", "path": str(A01)}]
    batch = write_batch(tmp_path / "b.jsonl", items)
    for limit in ([], ["--max-resolutions", "2"]):
        out = run_cli("check", str(batch), "--jobs", "1", "--no-cache", "--resolutions", *limit)
        assert out.returncode == 0, out.stderr
        b03, a01 = lines_of(out)
        for line, path in ((b03, B03), (a01, A01)):
            doc = json.loads(run_cli("solve", str(path), "--json", *limit).stdout)
            assert (line["resolutions"], line["windows"]) == (doc["resolutions"], doc["windows"]), (path, limit)
            assert (line["counts"], line["complete"]) == (doc["counts"], doc["complete"]), (path, limit)
        assert b03["resolutions"][:2] == [
            {"windows": ["w1"], "applied": [], "final": {"BK": "graveyard"}},
            {"windows": ["w1", "w2"], "applied": [[1, "e1", "BK", []]], "final": {"BK": "battle"}},
        ]
        assert b03["windows"]["w2"] == {"label": "e1/BK.then1", "kind": "follow-up", "events": []}


def test_a_batch_that_cannot_be_read_is_refused_before_anything_runs(tmp_path):
    out = run_cli("check", str(tmp_path / "none.jsonl"))
    assert out.returncode == 2 and out.stdout == "" and "none.jsonl: cannot be read" in out.stderr
    os.mkfifo(tmp_path / "fifo.jsonl")
    out = run_cli("check", str(tmp_path / "fifo.jsonl"))
    assert out.returncode == 2 and "is not a regular file" in out.stderr


# -- verify: each file in a capped process ---------------------------------------------------


def test_verify_of_a_folder_reports_the_file_over_its_memory_cap_and_verifies_the_rest(tmp_path):
    (tmp_path / "a01.yaml").write_bytes(A01.read_bytes())
    (tmp_path / "b-hog.yaml").write_text(HOG + "expect: {count: 1}\n", encoding="utf-8")  # solved: it states one
    (tmp_path / "c03.yaml").write_bytes(B03.read_bytes())
    out = run_cli("verify", str(tmp_path), "--max-memory", str(HOG_CAP), process=True)
    assert out.returncode == 2, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("PASS  A01") and lines[2].startswith("PASS  B03")
    hog = tmp_path / "b-hog.yaml"
    assert (
        lines[1] == f"ERROR -                    {hog}: needed more memory than its cap of {HOG_CAP} MiB (--max-memory)"
    )
    assert lines[3] == "3 scenarios: 2 passed, 0 failed, 1 with bad input"
    assert "Traceback" not in out.stderr


EXPECT_ONE = DISCARD + "expect: {count: 1}\n"


def test_verify_timeout_is_an_error_line_and_the_rest_goes_on(tmp_path):
    (tmp_path / "a.yaml").write_text(EXPECT_ONE, encoding="utf-8")
    (tmp_path / "b-flood.yaml").write_text(jashin_yaml(6, 16) + "expect: {count: 1}\n", encoding="utf-8")
    (tmp_path / "c.yaml").write_text(EXPECT_ONE, encoding="utf-8")
    # Each file's limit, theirs too: long enough for the small files on a loaded machine, never for the flood
    out = run_cli("verify", str(tmp_path), "--timeout", "2", process=True)
    assert out.returncode == 2
    lines = out.stdout.splitlines()
    assert lines[0].startswith("PASS ") and lines[0].endswith("a.yaml  (1 resolution)")
    assert lines[1].endswith("b-flood.yaml: no answer within its time limit of 2 s (--timeout)")
    assert lines[2].startswith("PASS ") and lines[3] == "3 scenarios: 2 passed, 0 failed, 1 with bad input"


def test_verify_jobs_gives_the_lines_of_one_job(tmp_path):
    for name in ("A01-two-jashintei", "B03-baiken-setsudan", "A34-raikou-sapphire"):
        (tmp_path / f"{name}.yaml").write_bytes((FIXTURES / f"{name}.yaml").read_bytes())
    one = run_cli("verify", str(tmp_path), process=True)
    two = run_cli("verify", str(tmp_path), "--jobs", "2", process=True)
    assert one.returncode == two.returncode == 0
    assert one.stdout == two.stdout and "3 scenarios: 3 passed, 0 failed" in one.stdout


def test_the_readme_example_of_a_batch_is_the_real_output(tmp_path):
    import re
    import shlex

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Checking a batch") :]
    block = re.search(r"```console\n\$ cat (\S+)\n(.*?)\$ (dmrules check .*?)\n(.*?)```", section, re.S)
    name, batch, command, shown = block.groups()
    (tmp_path / name).write_text(batch, encoding="utf-8")
    (tmp_path / "a01.yaml").write_bytes(A01.read_bytes())  # ruling A01, as the README says
    import subprocess

    words = shlex.split(command)
    done = subprocess.run(
        [sys.executable, "-m", "dmrules.cli", *words[1:], "--no-cache"], capture_output=True, text=True, cwd=tmp_path
    )
    *lines, summary = shown.splitlines()
    assert done.stdout.splitlines() == lines
    assert done.stderr.startswith(summary.split("; ")[0]) and done.returncode == 2


class Tricky:
    """A work whose items fail in each way a task's process can: said by the item, the others answered."""

    def prepare(self, payloads: list[dict]) -> None:
        pass

    def answer(self, payload: dict) -> dict:
        import signal

        what = payload["do"]
        if what == "signal":
            os.kill(os.getpid(), signal.SIGTERM)
        if what == "raise":
            raise ZeroDivisionError("a fault")
        if what == "bad input":
            raise dmrules.InputError("x.yaml", "players", "no players")
        if what == "not utf-8":
            return {"done": os.fsdecode(b"x\xff.yaml")}  # the path of a file whose name is not UTF-8
        if what == "sleep":
            import time

            if "log" in payload:
                with open(payload["log"], "a", encoding="utf-8") as log:
                    log.write("slept\n")
            time.sleep(30)
        return {"done": what}


@pytest.mark.parametrize("chunk", [1, 5], ids=["one item per process", "five items per process"])
def test_a_task_whose_process_fails_is_its_own_error_and_the_others_are_answered(chunk):
    from dmrules.batch.supervisor import Limits, Supervisor, Task, run_all

    doings = ["ok", "signal", "raise", "bad input", "sleep", "ok"]
    limits = Limits(max_memory=4096, timeout=0.5)  # the items that answer do so at once: only the sleep outlives it
    tasks = [
        Task(list(range(i, min(i + chunk, len(doings)))), [{"do": d} for d in doings[i : i + chunk]], limits)
        for i in range(0, len(doings), chunk)
    ]
    answers = {done.key: done.answer for done in run_all(Supervisor(Tricky(), slots=2), tasks)}
    assert answers == {
        0: {"done": "ok"},
        1: {"error": "its process was ended by signal SIGTERM", "reason": "worker"},
        2: {"error": "internal error: ZeroDivisionError: a fault", "reason": "internal"},
        3: {"error": "x.yaml: players: no players", "reason": "input"},
        4: {"error": "no answer within its time limit of 0.5 s (--timeout)", "reason": "timeout"},
        5: {"done": "ok"},
    }


def test_an_answer_holding_a_file_name_that_is_not_utf8_comes_back_whole():
    """verify's result names its file: one whose name is not UTF-8 (lone surrogates in Python) is answered, not lost
    as a process that ended without an answer."""
    from dmrules.batch.supervisor import Limits, Supervisor, Task, run_all

    tasks = [Task([0, 1], [{"do": "not utf-8"}, {"do": "ok"}], Limits(max_memory=4096, timeout=5))]
    answers = {done.key: done.answer for done in run_all(Supervisor(Tricky(), slots=1), tasks)}
    assert answers == {0: {"done": os.fsdecode(b"x\xff.yaml")}, 1: {"done": "ok"}}


def test_an_item_that_outlives_its_time_limit_is_not_answered_again_and_the_rest_go_on(tmp_path):
    """In a task of several items, the one being answered when its own time limit runs out is the
    one that failed: it gets its error at once (answering it again alone would take as long), and
    the items after it are answered in a new process."""
    from dmrules.batch.supervisor import Limits, Supervisor, Task, run_all

    log = tmp_path / "log"
    doings = [{"do": "ok"}, {"do": "sleep", "log": str(log)}, {"do": "ok"}, {"do": "ok"}]
    tasks = [Task([0, 1, 2, 3], doings, Limits(max_memory=4096, timeout=0.5))]
    answers = {done.key: done.answer for done in run_all(Supervisor(Tricky(), slots=1), tasks)}
    assert answers == {
        0: {"done": "ok"},
        1: {"error": "no answer within its time limit of 0.5 s (--timeout)", "reason": "timeout"},
        2: {"done": "ok"},
        3: {"done": "ok"},
    }
    assert log.read_text(encoding="utf-8") == "slept\n"


def test_the_last_item_of_a_task_that_outlives_its_time_limit_is_not_answered_again(tmp_path):
    from dmrules.batch.supervisor import Limits, Supervisor, Task, run_all

    log = tmp_path / "log"
    tasks = [Task([0, 1], [{"do": "ok"}, {"do": "sleep", "log": str(log)}], Limits(max_memory=4096, timeout=0.5))]
    answers = {done.key: done.answer for done in run_all(Supervisor(Tricky(), slots=1), tasks)}
    assert answers == {
        0: {"done": "ok"},
        1: {"error": "no answer within its time limit of 0.5 s (--timeout)", "reason": "timeout"},
    }
    assert log.read_text(encoding="utf-8") == "slept\n"


def test_an_item_with_a_yaml_tag_gets_its_error_line_and_the_batch_goes_on(tmp_path):
    """A value with a YAML core tag that cannot be read (``!!int abc``) is that item's input error, with its place,
    whether the item gives its scenario inline or by path, with the cache of answers or without."""
    (tmp_path / "a01.yaml").write_bytes(A01.read_bytes())
    (tmp_path / "bad.yaml").write_text(DISCARD + "expect: {count: !!bool maybe}\n", encoding="utf-8")
    items = [
        {"id": "inline", "scenario": DISCARD + "expect: {count: !!int abc}\n"},
        {"id": "good", "path": "a01.yaml"},
        {"id": "path", "path": "bad.yaml"},
    ]
    batch = write_batch(tmp_path / "b.jsonl", items)
    for cache in ((), ("--no-cache",)):
        done = run_cli("check", str(batch), "--jobs", "1", *cache)
        assert done.returncode == 2 and "Traceback" not in done.stdout + done.stderr
        inline, good, path = lines_of(done)
        assert inline["reason"] == "input" and path["reason"] == "input"
        assert "(scenario):6: expect.count: the YAML tag '!!int' is not allowed" in inline["error"]
        assert "bad.yaml:6: expect.count: the YAML tag '!!bool' is not allowed" in path["error"]
        assert good["id"] == "good" and "error" not in good


def test_resume_refuses_a_file_that_holds_no_answers_and_leaves_it_whole(tmp_path):
    batch = write_batch(tmp_path / "b.jsonl", [{"id": "d", "scenario": DISCARD}])
    for text, line in (
        (DISCARD, 1),
        ('{"id": "d0", "line": 1, "counts": {}}\nnot an answer\n', 2),
        ('{"id": "d0", "line": 1, "counts": {}}\n[1, 2]\n', 2),
        ('{"id": "d0", "line": 1, "counts": {}}\nturn: me', 2),  # a last line cut short that is not an answer's
    ):
        out = tmp_path / "out.jsonl"
        out.write_text(text, encoding="utf-8")
        done = run_cli("check", str(batch), "--resume", str(out), "--no-cache")
        assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
        assert f"{out}:{line}: --resume: is not an answer line of 'dmrules check'" in done.stderr
        assert out.read_text(encoding="utf-8") == text
