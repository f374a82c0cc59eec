"""Coverage of the card-text compiler on a file of printed texts.

    python bench/cards.py tests/cards/printed.tsv

prints, per shape family and in total, how many `replacement` texts compile
completely, partly or not at all, how many `not_replacement` texts are
recognised as having no replacement, and the targets (≥ 90% and 100%).
"""

from __future__ import annotations

import sys
import time

from dmrules.checking.coverage import coverage, coverage_text, read_rows


def main(argv: list[str]) -> int:
    path = argv[0] if argv else "tests/cards/printed.tsv"
    start = time.perf_counter()
    result = coverage(read_rows(path))
    seconds = time.perf_counter() - start
    sys.stdout.write(coverage_text(result))
    total = result.total()
    n = sum(total.values())
    share = total["complete"] / n if n else 0.0
    m = result.recognised + len(result.not_recognised)
    met = share >= 0.9 and result.recognised == m
    sys.stdout.write(
        f"SUMMARY: complete {share:.1%} (target ≥ 90%), not_replacement recognised "
        f"{result.recognised}/{m} (target all), {n + m} texts in {seconds:.1f} s: "
        f"{'met' if met else 'missed'}\n"
    )
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
