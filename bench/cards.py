"""Coverage of the card-text compiler on a file of printed texts.

    python bench/cards.py tests/cards/printed.tsv

prints, per shape family and in total, how many `replacement` texts compile
completely, partly or not at all, how many `not_replacement` texts are
recognised as having no replacement, and the targets (≥ 90% and 100%). For the
classic list (tests/cards/classic.tsv: columns `races` and `sets`) it also
prints how many of its compiled replacement cards the solver accepts in a
scenario (bench/accept.py; target ≥ 95%, the rest refused by name).
"""

from __future__ import annotations

import sys
import time

from accept import acceptance, acceptance_text, startup, summary

from dmrules.checking.coverage import coverage, coverage_text, read_rows


def main(argv: list[str]) -> int:
    path = argv[0] if argv else "tests/cards/printed.tsv"
    parts, met = [], True
    if _columns(path) >= {"kind", "text"}:
        start = time.perf_counter()
        result = coverage(read_rows(path))
        seconds = time.perf_counter() - start
        sys.stdout.write(coverage_text(result))
        total = result.total()
        n = sum(total.values())
        share = total["complete"] / n if n else 0.0
        m = result.recognised + len(result.not_recognised)
        met = share >= 0.9 and result.recognised == m
        parts.append(
            f"complete {share:.1%} (target ≥ 90%), not_replacement recognised "
            f"{result.recognised}/{m} (target all), {n + m} texts in {seconds:.1f} s"
        )
    else:
        sys.stdout.write(f"{path} gives no 'kind' column: the compiler's coverage is not measured\n")
    if _columns(path) >= {"races", "sets"}:  # the classic list: its cards in scenarios (bench/accept.py)
        sys.stdout.write(startup())
        accepted = acceptance()
        sys.stdout.write(acceptance_text(accepted))
        line, solver_met = summary(accepted)
        parts.append(line)
        met = met and solver_met
    sys.stdout.write(f"SUMMARY: {'; '.join(parts)}: {'met' if met else 'missed'}\n")
    return 0 if met else 1


def _columns(path: str) -> set[str]:
    with open(path, encoding="utf-8") as stream:
        return set(stream.readline().rstrip("\n").split("\t"))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
