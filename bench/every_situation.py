"""Every situation has at least one legal resolution: the whole probe.

    python bench/every_situation.py            # every fixture, every variant
    python bench/every_situation.py -k A16     # the fixtures whose name contains A16

Each fixture's replacement abilities are made mandatory, optional and mandatory once per
turn (「各ターンに1度」), and each variant is solved under every ruleset: each must have at
least one resolution (tests/test_every_situation.py runs a sample of the fixtures). Where
the oracle (tests/oracle.py) can read the variant, it must list the same resolutions. Prints
one line per variant that fails, a table of counts per ruleset and mode, the time taken,
and a SUMMARY line; exits non-zero when a variant fails.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import dmrules  # noqa: E402
from tests.conftest import fixture_files  # noqa: E402
from tests.oracle import legal_resolutions  # noqa: E402
from tests.test_oracle import dmrules_resolutions  # noqa: E402
from tests.variants import MODES, RULESETS, variant, yaml_variant  # noqa: E402

MAX_RESOLUTIONS = 5000
TIMEOUT = 60.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-k", default="", help="only the fixtures whose name contains this")
    args = parser.parse_args()
    paths = [p for p in fixture_files() if args.k in p.stem]
    failed: list[str] = []
    refused: list[str] = []  # refused by name as not modelled yet: a clear answer, never zero resolutions
    solved = {(m, r): 0 for m in MODES for r in RULESETS}
    slowest = (0.0, "")
    start = time.perf_counter()
    for path in paths:
        base = dmrules.load_scenario(path)
        for mode in MODES:
            for ruleset in RULESETS:
                began = time.perf_counter()
                try:
                    solution = dmrules.solve(
                        variant(base, mode, ruleset), max_resolutions=MAX_RESOLUTIONS, timeout=TIMEOUT
                    )
                except dmrules.InputError as exc:
                    if "not modelled yet" not in exc.problem:
                        failed.append(f"{path.stem} {mode} {ruleset}: {exc}")
                        continue
                    refused.append(f"{path.stem} {mode} {ruleset}: {exc.problem}")
                    continue
                except dmrules.DmrulesError as exc:
                    failed.append(f"{path.stem} {mode} {ruleset}: {exc}")
                    continue
                took = time.perf_counter() - began
                slowest = max(slowest, (took, f"{path.stem} {mode} {ruleset}"))
                if not solution.resolutions:
                    failed.append(f"{path.stem} {mode} {ruleset}: no resolution")
                elif not solution.complete and solution.stopped_by.startswith("timeout"):
                    failed.append(f"{path.stem} {mode} {ruleset}: {solution.stopped_by} before the list was done")
                else:
                    solved[mode, ruleset] += 1
    oracle = 0
    for path in paths:
        for mode in MODES:
            text = yaml_variant(path.read_text(encoding="utf-8"), mode)
            if text is None:
                continue
            try:
                expected = legal_resolutions(text)
            except NotImplementedError:
                continue
            oracle += 1
            if dmrules_resolutions(dmrules.scenario_from_text(text, path.name)) != expected:
                failed.append(f"{path.stem} {mode}: dmrules and the oracle differ")
    elapsed = time.perf_counter() - start
    for line in failed:
        print("FAIL", line)
    for line in refused:
        print("REFUSED", line)
    print(f"\n{'mode':<16}" + "".join(f"{r:>12}" for r in RULESETS))
    for mode in MODES:
        print(f"{mode:<16}" + "".join(f"{solved[mode, r]:>12}" for r in RULESETS))
    total = len(paths) * len(MODES) * len(RULESETS)
    print(f"\n{len(paths)} fixtures, {total} variants solved in {elapsed:.1f} s")
    print(f"slowest: {slowest[0]:.2f} s ({slowest[1]})")
    print(f"{oracle} variants compared with the oracle")
    verdict = "met" if not failed else "NOT met"
    print(
        f"SUMMARY: variants with at least one resolution {total - len(failed) - len(refused)}/{total}, "
        f"refused as not modelled yet {len(refused)}, with none or an error {len(failed)} (target 0), "
        f"oracle agreements {oracle - sum('oracle' in f for f in failed)}/{oracle}: {verdict}"
    )
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
