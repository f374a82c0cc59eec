"""`dmrules check` on a simulator's log: a batch of the oracle's random situations with observed
outcomes, serially, on the local pool (--jobs 2), on a Dask cluster of 2 workers, and again
with the cache of answers.

    python bench/batch.py            # 10,000 items (the target's size)
    python bench/batch.py --quick    # 1,000 items
    python bench/batch.py --write FILE [--items N]   # only write the batch

The situations are those the property test compares with the oracle (``windows`` of
tests/test_oracle.py, drawn with a fixed seed), kept when the oracle (tests/oracle.py, a
brute-force reading of docs/semantics.md) settles them with at most 12 resolutions. Each
gets a few observed outcomes: a final placement of every card that the oracle lists (legal)
or one card moved elsewhere from one it lists, into a placement it does not list (not
legal). So whether each is legal is known from the oracle, not from dmrules, and the run
checks dmrules' answers against it. Every (situation, outcome) pair is distinct, so the
cache of answers has nothing to find within one run.

Times are the wall-clock seconds of the whole command (start-up included), each run alone on
the machine as far as this script can tell: the load average before each run is printed,
since other people's work on the same cores slows the parallel runs more than the serial one.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

TARGETS = {"jobs2": 1.8, "cluster": 1.6, "cached": 10.0, "peak_mib": 300}
SEED = 26
LEGAL_PER_SITUATION, ILLEGAL_PER_SITUATION = 2, 2
MAX_RESOLUTIONS = 12
ZONES = ("battle", "hand", "mana", "graveyard", "shields", "deck")


def situations(count: int, seed: int = SEED) -> list[tuple[str, set]]:
    """``count`` random situations (YAML) and the oracle's legal final placements of each."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as fixed_seed

    from tests.oracle import Unsettled, legal_resolutions
    from tests.test_oracle import windows

    found: list[tuple[str, set]] = []
    seen: set[str] = set()

    @fixed_seed(seed)
    @settings(
        max_examples=count * 4,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(windows())
    def collect(text: str) -> None:
        if len(found) >= count or text in seen:
            return
        seen.add(text)
        try:
            legal = legal_resolutions(text)
        except (Unsettled, NotImplementedError):
            return
        if 0 < len(legal) <= MAX_RESOLUTIONS:
            found.append((text, {final for _, final, _ in legal}))

    collect()
    return found


def outcomes(finals: set, rng: random.Random) -> list[tuple[str, bool]]:
    """Distinct observed outcomes: up to LEGAL_PER_SITUATION legal placements, ILLEGAL_PER_SITUATION near misses."""
    legal = sorted(finals)
    out: dict[str, bool] = {}
    for final in rng.sample(legal, min(len(legal), LEGAL_PER_SITUATION)):
        out[",".join(f"{c}={z}" for c, z in final)] = True
    wanted = len(out) + ILLEGAL_PER_SITUATION
    for _ in range(ILLEGAL_PER_SITUATION * 8):
        if len(out) >= wanted:
            break
        final = list(rng.choice(legal))
        i = rng.randrange(len(final))
        final[i] = (final[i][0], rng.choice([z for z in ZONES if z != final[i][1]]))
        if tuple(final) not in finals:
            out.setdefault(",".join(f"{c}={z}" for c, z in final), False)
    return list(out.items())


def write_batch(path: Path, items: int, seed: int = SEED) -> dict[str, bool]:
    """The batch file at ``path``; each item's legality by the oracle, by id. Kept (with the
    legality) in the temporary folder, by seed and size: drawing it takes minutes."""
    import hashlib

    sources = [ROOT / "tests" / "oracle.py", ROOT / "tests" / "test_oracle.py", Path(__file__)]
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in sources)).hexdigest()[:12]
    kept = Path(tempfile.gettempdir()) / f"dmrules-bench-batch-{seed}-{items}-{digest}"
    if (kept / "expected.json").is_file():
        path.write_bytes((kept / "batch.jsonl").read_bytes())
        return json.loads((kept / "expected.json").read_text())
    rng = random.Random(seed)
    expected: dict[str, bool] = {}
    with open(path, "w", encoding="utf-8") as out:
        for n, (text, finals) in enumerate(situations(items // 3 + 50, seed)):
            for k, (observed, legal) in enumerate(outcomes(finals, rng)):
                if len(expected) >= items:
                    break
                item_id = f"s{n}.{k}"
                out.write(
                    json.dumps({"id": item_id, "scenario": text, "observed": observed}, ensure_ascii=False) + "\n"
                )
                expected[item_id] = legal
    kept.mkdir(exist_ok=True)
    (kept / "batch.jsonl").write_bytes(path.read_bytes())
    (kept / "expected.json").write_text(json.dumps(expected))
    return expected


def load() -> str:
    try:
        return "/".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "?"


def run_check(batch: Path, *args: str, cache: Path | None = None) -> dict:
    env = {**os.environ, "DMRULES_CACHE": str(cache) if cache else "off"}
    before_load = load()
    before = os.times()
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "dmrules.cli", "check", str(batch), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
    )
    seconds = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    summary = out.stderr.strip().splitlines()[-1] if out.stderr.strip() else ""
    return {
        "seconds": seconds,
        "cpu": cpu,
        "load": before_load,
        "lines": out.stdout.splitlines(),
        "summary": summary,
        "status": out.returncode,
        "mib": {k: float(v) for k, v in re.findall(r"of an? ([a-z' ]+?) (\d+) MiB", summary)},
    }


def agreement(lines: list[str], expected: dict[str, bool]) -> tuple[int, int, int]:
    """(agree, disagree, errors) of the answers' legality with the oracle's."""
    agree = disagree = errors = 0
    for raw in lines:
        line = json.loads(raw)
        if "error" in line:
            errors += 1
        elif line["observed"]["legal"] == expected[line["id"]]:
            agree += 1
        else:
            disagree += 1
    return agree, disagree, errors


def cluster_run(batch: Path) -> dict:
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        return run_check(batch, "--scheduler", cluster.scheduler_address)


def bench_batch(quick: bool) -> list[tuple[str, float, str, float, bool]]:
    """The section's table and its checks (name, value, comparison, target, met)."""
    items = 1_000 if quick else 10_000
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        batch = folder / "batch.jsonl"
        start = time.perf_counter()
        expected = write_batch(batch, items)
        legal = sum(expected.values())
        print(
            f"\n(k) dmrules check: {len(expected):,} items ({legal:,} legal, {len(expected) - legal:,} not, by the "
            f"oracle), written in {time.perf_counter() - start:.0f} s; load average before each run (1/5/15 min)"
        )
        runs = {
            "serial (--jobs 1)": run_check(batch, "--jobs", "1"),
            "local pool (--jobs 2)": run_check(batch, "--jobs", "2", cache=folder / "cache"),
            "Dask cluster, 2 workers": cluster_run(batch),
            "again, with the cache": run_check(batch, "--jobs", "2", cache=folder / "cache"),
        }
    return _report(runs, expected)


def _report(runs: dict, expected: dict[str, bool]) -> list[tuple[str, float, str, float, bool]]:
    serial = runs["serial (--jobs 1)"]
    rows = []
    for name, run in runs.items():
        agree, disagree, errors = agreement(run["lines"], expected)
        rows.append(
            [
                name,
                f"{run['seconds']:.1f}",
                f"{serial['seconds'] / run['seconds']:.2f}",
                f"{run['cpu']:.0f}",
                run["load"],
                f"{agree:,}/{disagree:,}/{errors:,}",
            ]
        )
    from run import table  # bench/run.py's table

    table("", ["run", "wall s", "speed-up", "CPU s (command, its children)", "load", "agree/disagree/errors"], rows)
    for name, run in runs.items():
        print(f"  {name}: {run['summary']}")
    same = len({tuple(r["lines"]) for r in runs.values()}) == 1
    print(f"  the four runs give {'the same lines' if same else 'DIFFERENT lines'}")
    peaks = [v for run in runs.values() for k, v in run["mib"].items() if k != "item's process on average"]
    peak = max(peaks) if peaks else float("nan")
    speed = {name: serial["seconds"] / run["seconds"] for name, run in runs.items()}
    return [
        (
            "check --jobs 2 speed-up",
            speed["local pool (--jobs 2)"],
            "≥",
            TARGETS["jobs2"],
            speed["local pool (--jobs 2)"] >= TARGETS["jobs2"],
        ),
        (
            "check cluster speed-up",
            speed["Dask cluster, 2 workers"],
            "≥",
            TARGETS["cluster"],
            speed["Dask cluster, 2 workers"] >= TARGETS["cluster"],
        ),
        (
            "check with the cache speed-up",
            speed["again, with the cache"],
            "≥",
            TARGETS["cached"],
            speed["again, with the cache"] >= TARGETS["cached"],
        ),
        ("check peak MiB of a process", peak, "≤", TARGETS["peak_mib"], peak <= TARGETS["peak_mib"] and same),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="1,000 items")
    parser.add_argument("--write", metavar="FILE", help="only write the batch to FILE")
    parser.add_argument("--items", type=int, default=10_000, help="with --write: how many items")
    args = parser.parse_args()
    if args.write:
        expected = write_batch(Path(args.write), args.items)
        print(f"{len(expected):,} items, {sum(expected.values()):,} legal by the oracle")
        return
    checks = bench_batch(args.quick)
    met = sum(ok for *_, ok in checks)
    print(
        "\nSUMMARY: "
        + "; ".join(f"{n} {v:.2f} (target {op}{t:g}) {'met' if ok else 'MISSED'}" for n, v, op, t, ok in checks)
        + f"; {met}/{len(checks)} targets met"
    )


if __name__ == "__main__":
    main()
