"""Streaming resolutions as JSON lines: the same resolutions as --json, every limit, a trailer."""

import json

import dmrules
from dmrules.game import compact
from dmrules.presenting.json import solution_json, write_solution_json

from .conftest import FIXTURES, fixture_sample, run_cli


def lines_of(*args: str) -> tuple[list[dict], dict]:
    """The resolution lines and the trailer of ``solve --jsonl``; the header comes first, each
    window's line before the first resolution that names it."""
    out = run_cli("solve", *args, "--jsonl")
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert lines and lines[-1].get("trailer") is True and lines[0].get("header") is True
    assert all("trailer" not in line and "header" not in line for line in lines[1:-1])
    defined: set[str] = set()
    resolutions = []
    for line in lines[1:-1]:
        if "window" in line:
            assert line["window"] not in defined
            defined.add(line["window"])
        else:
            assert set(line["windows"]) <= defined, line
            resolutions.append(line)
    return resolutions, lines[-1]


def compact_of(scenario, solution) -> list[dict]:
    """The solution's resolutions in schema 2 (as a --json document lists them)."""
    return solution_json(solution, scenario)["resolutions"]


def as_set(resolutions: list[dict]) -> list[str]:
    return sorted(json.dumps(r, sort_keys=True, ensure_ascii=False) for r in resolutions)


def test_jsonl_lines_are_the_resolutions_of_json():
    for name in (
        "A01-two-jashintei",
        "A04-forkfock-jabrad-both",
        "B03-baiken-setsudan",
        "B10-stratobag-tech-dan-shinsekai",
        "E09-kyokutsuukaze-gachirobo",
    ):
        path = str(FIXTURES / f"{name}.yaml")
        lines, trailer = lines_of(path)
        doc = json.loads(run_cli("solve", path, "--json").stdout)
        assert as_set(lines) == as_set(doc["resolutions"]), name
        assert trailer["counts"] == doc["counts"] and trailer["complete"] is True, name
        assert trailer["schema"] == doc["schema"] == 2


def test_jsonl_solves_under_the_ruleset_asked_for():
    path = str(FIXTURES / "D06-both-in-turn.yaml")
    for ruleset in ("dm", "sequential"):
        lines, trailer = lines_of(path, "--ruleset", ruleset)
        scenario = dmrules.load_scenario(path)
        expected = dmrules.solve(path, ruleset=ruleset)
        assert trailer["ruleset"] == ruleset
        assert as_set(lines) == as_set(compact_of(scenario, expected))


def test_jsonl_honours_max_resolutions_and_says_so():
    path = str(FIXTURES / "B10-stratobag-tech-dan-shinsekai.yaml")  # 8 resolutions over 2 windows
    every = as_set(compact_of(dmrules.load_scenario(path), dmrules.solve(path)))
    for limit in (1, 5, 7):
        lines, trailer = lines_of(path, "--max-resolutions", str(limit))
        assert len(lines) == limit and set(as_set(lines)) <= set(every)
        assert trailer["complete"] is False and trailer["stopped_by"] == f"max_resolutions={limit}"
    for limit in (8, 9):
        lines, trailer = lines_of(path, "--max-resolutions", str(limit))
        assert as_set(lines) == every and trailer["complete"] is True and "stopped_by" not in trailer


def test_jsonl_honours_max_windows_and_timeout():
    lines, trailer = lines_of(str(FIXTURES / "B03-baiken-setsudan.yaml"), "--max-windows", "1")
    assert trailer["complete"] is False and trailer["stopped_by"] == "max_windows=1"
    assert len(lines) == 2 and any(line.get("stopped", "").startswith("stopped after 1 window") for line in lines)
    lines, trailer = lines_of(str(FIXTURES / "A01-two-jashintei.yaml"), "--timeout", "30")
    assert len(lines) == 3 and trailer["complete"] is True


def test_jsonl_groups_interchangeable_cards():
    path = str(FIXTURES / "A01-two-jashintei.yaml")
    lines, trailer = lines_of(path, "--group", "names")
    grouped = dmrules.solve(path, group=True)
    assert trailer["counts"]["resolutions"] == grouped.total == sum(line.get("multiplicity", 1) for line in lines)
    assert trailer["grouped"] is True and trailer["counts"]["grouped"] == len(lines) == len(grouped.resolutions)


def test_jsonl_refuses_what_needs_the_whole_list():
    path = str(FIXTURES / "A01-two-jashintei.yaml")
    for flag in (["--json"], ["--html", "/tmp/never-written.html"]):
        out = run_cli("solve", path, "--jsonl", *flag)
        assert out.returncode == 2 and out.stdout == ""
        assert f"cannot be combined with {flag[0]}" in out.stderr and "Traceback" not in out.stderr


def test_jsonl_order_is_deterministic():
    path = str(FIXTURES / "A04-forkfock-jabrad-both.yaml")
    assert run_cli("solve", path, "--jsonl").stdout == run_cli("solve", path, "--jsonl").stdout


def test_text_and_json_written_as_found_are_those_of_the_whole_solution():
    # Each fixture: the streamed text and --json (nothing kept) are byte for byte what the
    # solution held whole gives: small windows are listed sorted, as solve lists them.
    import io

    import dmrules
    from dmrules.presenting.json import stream_json
    from dmrules.presenting.render import solution_text, stream_text

    for path in fixture_sample():  # every fixture: python bench/sweep.py
        scenario = dmrules.load_scenario(path)
        solution = dmrules.solve(scenario)
        whole_text, whole_json = solution_text(scenario, solution), io.StringIO()
        write_solution_json(solution, whole_json, scenario)
        text, doc = io.StringIO(), io.StringIO()
        stream_text(scenario, text)
        stream_json(scenario, doc)
        assert text.getvalue() == whole_text, path
        assert doc.getvalue() == whole_json.getvalue(), path
        assert json.loads(doc.getvalue()) == solution_json(solution, scenario), path


def test_a_window_of_more_than_the_sorted_bound_streams_in_the_solvers_order(tmp_path, monkeypatch):
    import io

    from dmrules.presenting.json import stream_json
    from dmrules.solving import engine

    from .test_perf import jashin_yaml

    path = tmp_path / "j.yaml"
    path.write_text(jashin_yaml(3, 6), encoding="utf-8")  # 406 resolutions in one window
    scenario = dmrules.load_scenario(path)
    whole = compact_of(scenario, dmrules.solve(scenario))
    monkeypatch.setattr(engine, "SORTED_UP_TO", 100)
    out = io.StringIO()
    streamed = stream_json(scenario, out)
    listed = json.loads(out.getvalue())["resolutions"]
    assert streamed.resolutions == len(listed) == len(whole) == 406
    assert listed != whole and as_set(listed) == as_set(whole)


def test_grouped_text_and_json_written_as_found_are_those_of_the_whole_solution(tmp_path):
    import io

    from dmrules.presenting.json import stream_json
    from dmrules.presenting.render import solution_text, stream_text

    from .test_perf import jashin_yaml

    path = tmp_path / "j.yaml"
    path.write_text(jashin_yaml(3, 7), encoding="utf-8")
    scenario = dmrules.load_scenario(path)
    solution = dmrules.solve(scenario, group=True)
    text, doc, whole = io.StringIO(), io.StringIO(), io.StringIO()
    stream_text(scenario, text, group=True)
    stream_json(scenario, doc, group=True)
    write_solution_json(solution, whole, scenario)
    assert text.getvalue() == solution_text(scenario, solution)
    assert text.getvalue().endswith(
        "4 resolutions up to interchangeable cards and units, standing for 1,324 "
        "resolutions; 4 final states up to interchangeable cards and units\n"
    )
    assert doc.getvalue() == whole.getvalue()
    assert json.loads(doc.getvalue())["grouped_units"] is True


def test_windows_streamed_in_the_solvers_order_honour_the_count_exactly(monkeypatch):
    # Every window streamed as clingo finds its resolutions (none listed sorted): a count that
    # cuts nothing leaves the list complete, one less cuts it and says so.
    from dmrules.solving import engine

    monkeypatch.setattr(engine, "SORTED_UP_TO", 0)
    path = FIXTURES / "B10-stratobag-tech-dan-shinsekai.yaml"  # 8 resolutions over 2 windows
    scenario = dmrules.load_scenario(path)
    every = as_set(compact_of(scenario, dmrules.solve(path)))
    for limit, complete in ((8, True), (9, True), (7, False), (1, False)):
        found: list = []
        table = compact.WindowTable(scenario)
        streamed = dmrules.stream(
            path,
            lambda r, found=found, table=table: found.append(compact.compact_resolution(r, scenario, table.of)),
            max_resolutions=limit,
        )
        assert streamed.complete is complete, limit
        assert streamed.stopped_by == (None if complete else f"max_resolutions={limit}")
        assert len(found) == min(limit, 8) and set(as_set(found)) <= set(every)
    found = []
    table = compact.WindowTable(scenario)
    dmrules.stream(path, lambda r: found.append(compact.compact_resolution(r, scenario, table.of)))
    assert as_set(found) == every


def test_why_explains_the_resolution_solve_lists_under_that_number(tmp_path, monkeypatch):
    # Even in a window listed in clingo's order (more resolutions than listed sorted), `why
    # --resolution N` explains the Nth resolution `solve` lists, whatever that order is.
    from dmrules.solving import engine

    from .test_perf import jashin_yaml

    path = tmp_path / "j.yaml"
    path.write_text(jashin_yaml(2, 4), encoding="utf-8")  # 19 resolutions in one window
    scenario = dmrules.load_scenario(path)
    sorted_order = compact_of(scenario, dmrules.solve(path))
    monkeypatch.setattr(engine, "SORTED_UP_TO", 5)
    # In this process: run_cli would start another, which would not see the bound changed.
    import io

    from dmrules.presenting.json import resolution_json, stream_json

    out = io.StringIO()
    stream_json(scenario, out)
    listed = json.loads(out.getvalue())["resolutions"]
    assert len(listed) == 19 and listed != sorted_order  # the window is listed in clingo's order
    solved = dmrules.solve(path)
    assert listed == compact_of(scenario, solved)  # as solve lists it
    for n in (1, 7, 19):
        assert resolution_json(dmrules.why(path, n).resolution) == resolution_json(solved.resolutions[n - 1]), n


def test_a_list_cut_by_max_resolutions_is_the_first_of_the_whole_order(tmp_path, monkeypatch):
    """Every command and the API list the resolutions in one order (the one why --resolution N numbers them in): a
    list cut by the count is its first N, in each writer, whether the window is sorted or streamed as clingo finds
    its resolutions (more than SORTED_UP_TO), and over several windows (B10: 8 resolutions over 2 windows)."""
    import re

    from dmrules.solving import engine

    four = tmp_path / "a01-4.yaml"  # ruling A01 with four cards in hand: 19 resolutions in one window
    four.write_text(
        (FIXTURES / "A01-two-jashintei.yaml")
        .read_text(encoding="utf-8")
        .replace("hand: [h1, h2]", "hand: [h1, h2, h3, h4]"),
        encoding="utf-8",
    )
    b10 = FIXTURES / "B10-stratobag-tech-dan-shinsekai.yaml"
    for bound in (engine.SORTED_UP_TO, 4):
        monkeypatch.setattr(engine, "SORTED_UP_TO", bound)
        for path, total in ((four, 19), (b10, 8)):
            scenario = dmrules.load_scenario(path)
            whole = dmrules.solve(scenario).resolutions
            lines, _ = lines_of(str(path))
            text = run_cli("solve", str(path)).stdout
            blocks = re.findall(r"\nResolution \d+\n.*?\n(?=\n)", text, re.S)
            assert len(whole) == len(lines) == len(blocks) == total
            for limit in range(1, total + 1):
                cut = dmrules.solve(scenario, max_resolutions=limit)
                assert cut.resolutions == whole[:limit] and cut.complete is (limit == total), (path, bound, limit)
                assert lines_of(str(path), "--max-resolutions", str(limit))[0] == lines[:limit], (path, bound, limit)
                out = run_cli("solve", str(path), "--max-resolutions", str(limit)).stdout
                assert re.findall(r"\nResolution \d+\n.*?\n(?=\n)", out, re.S) == blocks[:limit], (path, bound, limit)
