"""The whole sweeps that the tests run on a sample: every fixture through each costly path.

    python bench/sweep.py              # every sweep, on the tests' two workers
    python bench/sweep.py -k schema    # the sweeps whose test name contains schema
    python bench/sweep.py --list       # the tests it runs

Where tests/test_fixtures.py already checks each fixture's expectation, the tests that run
fixtures through another costly path (the ruleset of Duel Masters Plays, the JSON lines and their
schema, grouped counts, the HTML report, streaming, the short count, the invariants of every
resolution, byte-identical output across processes, `verify` of the folder, windows grounded in a
batch) run a fixed sample of them (``fixture_sample`` in tests/conftest.py: one fixture per ruling
prefix, ruleset, kind of event and the other features, and the ones known to matter). This runs
the same tests on every fixture (``DMRULES_SWEEP=all``) and the property test of
tests/test_oracle.py with the examples per seed it had before (``DMRULES_ORACLE_EXAMPLES``, 60).
Prints pytest's report and a SUMMARY line; exits non-zero when a test fails.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SWEEPS = (
    "tests/test_fixtures.py::test_every_fixture_solves_under_duel_masters_plays",
    "tests/test_schema.py::test_every_fixtures_jsonl_is_valid_and_the_fast_path_gives_what_the_objects_give",
    "tests/test_grouping.py::test_grouped_counts_agree_with_full_enumeration_on_every_fixture",
    "tests/test_report.py::test_every_fixture_renders",
    "tests/test_stream.py::test_text_and_json_written_as_found_are_those_of_the_whole_solution",
    "tests/test_cli.py::test_solve_and_count_take_a_path_and_agree_on_every_fixture",
    "tests/test_invariants.py",
    "tests/test_explain.py::test_verify_passes_every_fixture_with_a_line_per_ruling",
    "tests/test_perf.py::test_windows_grounded_in_a_batch_have_the_answer_sets_of_windows_grounded_alone",
    "tests/test_oracle.py::test_dmrules_agrees_with_the_oracle",
)
ORACLE_EXAMPLES = "60"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-k", default="", help="only the sweeps whose test id contains this")
    parser.add_argument("--list", action="store_true", help="print the tests it runs and stop")
    args = parser.parse_args()
    chosen = [test for test in SWEEPS if args.k in test]
    if args.list or not chosen:
        print("\n".join(chosen) or f"no sweep matches {args.k!r}")
        return 0 if chosen else 2
    env = {**os.environ, "DMRULES_SWEEP": "all", "DMRULES_ORACLE_EXAMPLES": ORACLE_EXAMPLES}
    began = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *chosen], cwd=ROOT, env=env)
    verdict = "met" if done.returncode == 0 else "NOT met"
    print(f"SUMMARY: {len(chosen)} sweeps on every fixture in {time.perf_counter() - began:.0f} s: {verdict}")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
