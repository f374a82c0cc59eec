"""Many solves in one process: how much its resident set grows.

    python bench/soak.py                 # 10,000 solves of the fixtures, in this process
    python bench/soak.py --solves 2000   # fewer
    python bench/soak.py --max-memory 4096 --solves 500   # each in the bounded worker

The fixtures are solved in turn, over and over (each is a scenario file as a caller has it). The
resident set is read once every fixture has been solved once (the caches and the solver's tables
are warm then) and again at the end: the growth between the two is what a long-running caller
sees. Prints one line, ``SOAK: ...``, that bench/run.py reads.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import dmrules  # noqa: E402


def rss_mib() -> float:
    """This process's resident set now (Linux), in MiB."""
    with open("/proc/self/status", encoding="ascii") as status:
        kib = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    return kib / 1024


def fixture_paths() -> list[Path]:
    # The fixtures that need no more than a few windows each: every one of them (169 files).
    return sorted((ROOT / "fixtures").glob("*.yaml"))


def soak(solves: int, max_memory: int | None = None, paths: list[Path] | None = None) -> tuple[float, float, int]:
    """``solves`` solves of the fixtures in turn; the resident set (MiB) once each was solved
    once and at the end, and the number of resolutions listed in all."""
    paths = paths or fixture_paths()
    warm = None
    listed = 0
    for i in range(solves):
        solution = dmrules.solve(paths[i % len(paths)], max_memory=max_memory)
        listed += len(solution.resolutions)
        if i + 1 == min(len(paths), solves):
            warm = rss_mib()
    assert warm is not None
    return warm, rss_mib(), listed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--solves", type=int, default=10_000)
    parser.add_argument("--max-memory", type=int, default=None, help="MiB: each solve in the bounded worker")
    args = parser.parse_args()
    start = time.perf_counter()
    warm, end, listed = soak(args.solves, args.max_memory)
    took = time.perf_counter() - start
    where = f"bounded worker ({args.max_memory:,} MiB)" if args.max_memory else "in process"
    print(
        f"SOAK: {args.solves:,} solves ({where}), {listed:,} resolutions, {took:.1f} s; "
        f"RSS {warm:.1f} MiB once warm, {end:.1f} MiB at the end: growth {end - warm:.1f} MiB"
    )


if __name__ == "__main__":
    main()
