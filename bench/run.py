"""dmrules benchmarks: each target measured side by side in one run.

    python bench/run.py            # the full run (about an hour on two cores)
    python bench/run.py --quick    # smaller sizes, for a look
    python bench/run.py --units    # only the interchangeable units' target (seconds)
    python bench/run.py --web      # only the workbench page's targets (bench/web.py, seconds)
    python bench/run.py --batch    # only dmrules check's targets (bench/batch.py; --quick: 1,000 items)
    python bench/run.py --no-batch # every target but those (the batch of 10,000 items takes most of an hour)

Prints a table per measurement and ends with one summary line. The
scenario family is the worst case of the rulings: n アビスベル＝ジャシン帝
destroyed at once, each of which may discard 2 of the m cards in hand
instead (609.9b: no card twice).
"""

from __future__ import annotations

import argparse
import compileall
import itertools
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import clingo

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import dmrules  # noqa: E402
from dmrules.solving.ground import make_control  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from output import clingo_run, counted, dmrules_run  # noqa: E402

TARGETS = {
    "count": 0.5,
    "brute": 100,
    "fixture": 0.3,
    "suite": 10.0,
    "verify_speedup": 3.0,
    "chain": 3.0,
    "jsonl_rate": 0.3,  # of clingo --outf=2's rate (CPU)
    "json_rate": 0.2,
    "bytes": 3.0,  # bytes per resolution, at most this many times clingo's
    "json_mib": 200,  # peak of --json at 4 x 10
    "jsonl_mib": 100,
    "deck_s": 1.0,  # the two draw replacements with a deck of 40
    "deck_flat": 1.5,  # rules added per deck card, 10 to 40 cards: at most this factor apart
    "soak_mib": 50,  # RSS growth over 10,000 solves
    "bench_mib": 2048,  # the bench's own peak
    "interrupt": 1.0,
    "units": 2.0,
    "web_kb": 300,
    "web_render": 1.0,
}
# The commit before the window cache and batched grounding: "before" for the verify target.
BASELINE = "ddb8b6b"


def jashin_yaml(n: int, m: int) -> str:
    creatures = "\n".join(f"      - {{id: J{i}, card: アビスベル＝ジャシン帝}}" for i in range(1, n + 1))
    hand = ", ".join(f"h{i}" for i in range(1, m + 1))
    events = "\n".join(f"    - {{id: e{i}, destroy: J{i}}}" for i in range(1, n + 1))
    return (
        f"turn: opponent\nplayers:\n  me:\n    battle:\n{creatures}\n    hand: [{hand}]\n  opponent: {{}}\n"
        f"effect:\n  controller: opponent\n  events:\n{events}\n"
    )


def jashin(n: int, m: int, folder: Path) -> tuple[dmrules.Scenario, Path]:
    path = folder / f"jashin-{n}-{m}.yaml"
    path.write_text(jashin_yaml(n, m), encoding="utf-8")
    return dmrules.load_scenario(path), path


def expected_count(n: int, m: int) -> int:
    """Σ_k C(n,k) · m! / (2!^k (m-2k)!): k creatures kept, each with its own 2 cards."""
    return sum(math.comb(n, k) * math.perm(m, 2 * k) // 2**k for k in range(n + 1) if 2 * k <= m)


def table(title: str, header: list[str], rows: list[list]) -> None:
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
    print(f"\n{title}")
    print("  " + "  ".join(str(h).rjust(w) for h, w in zip(header, widths)))
    for row in rows:
        print("  " + "  ".join(str(x).rjust(w) for x, w in zip(row, widths)))


def fmt(x: float) -> str:
    return f"{x:,.0f}" if x >= 100 else f"{x:.3g}"


# -- (a) counting against clingo's raw enumeration -----------------------------------
def raw_rate(models: int) -> float:
    """clingo enumerating as many models of a trivial program ({a(1..k)}.)."""
    k = max(1, math.ceil(math.log2(models)) + 1)
    ctl = clingo.Control([str(models)])
    ctl.add("base", [], f"{{ a(1..{k}) }}.")
    start = time.perf_counter()
    ctl.ground([("base", [])])
    ctl.solve()
    elapsed = time.perf_counter() - start
    assert int(ctl.statistics["summary"]["models"]["enumerated"]) == models
    return models / elapsed


def bench_count(sizes, folder):
    rows, ratios = [], []
    for n, m in sizes:
        scenario, _ = jashin(n, m, folder)
        start = time.perf_counter()
        got = dmrules.count(scenario)
        elapsed = time.perf_counter() - start
        assert got == expected_count(n, m), (n, m, got)
        ours = got / elapsed
        raw = raw_rate(got)
        ratios.append(ours / raw)
        rows.append([n, m, f"{got:,}", f"{elapsed:.2f}", fmt(ours), fmt(raw), f"{ours / raw:.2f}"])
    table(
        "(a) counting resolutions: dmrules.count against clingo's raw enumeration of as many models",
        ["n", "m", "resolutions", "seconds", "dmrules/s", "raw clingo/s", "ratio"],
        rows,
    )
    return min(ratios[-2:])


# -- (b) streaming JSON lines ------------------------------------------------------------
def bench_stream(n, m, folder):
    """``dmrules solve --jsonl`` at a size whose stream is gigabytes in the old schema, read
    through a pipe and counted (nothing held): its rate and peak memory, for the record."""
    _, path = jashin(n, m, folder)
    run = dmrules_run(path, "jsonl")
    lines = run.lines - 3  # the header, the window and the trailer
    assert lines == expected_count(n, m), (lines, expected_count(n, m))
    assert json.loads(run.last)["counts"]["resolutions"] == lines
    table(
        "(b) streaming resolutions as JSON lines (dmrules solve --jsonl through a pipe, process start included)",
        ["n", "m", "lines", "MB", "wall s", "CPU s", "lines/s (CPU)", "peak"],
        [
            [
                n,
                m,
                f"{lines:,}",
                f"{run.bytes / 1e6:.1f}",
                f"{run.wall:.2f}",
                f"{run.cpu:.2f}",
                fmt(lines / run.cpu),
                f"{run.peak_mib:.0f} MiB",
            ]
        ],
    )
    return run.peak_mib


# -- (c) against a brute-force enumerator ------------------------------------------------
def brute_force(n: int, m: int) -> int:
    """What a user would otherwise write: every combination of choices, then filter (609.9b)."""
    hand = [f"h{i}" for i in range(1, m + 1)]
    options = [None] + list(itertools.combinations(hand, 2))
    found = 0
    for combo in itertools.product(options, repeat=n):
        used = [c for pair in combo if pair for c in pair]
        if len(used) == len(set(used)):
            found += 1
    return found


def bench_brute(folder, budget: float):
    rows, ratio = [], None
    n, m = 2, 4
    while True:
        start = time.perf_counter()
        got = brute_force(n, m)
        brute = time.perf_counter() - start
        scenario, _ = jashin(n, m, folder)
        start = time.perf_counter()
        listed = dmrules.count(scenario)
        enumerated = time.perf_counter() - start
        start = time.perf_counter()
        grouped_count = dmrules.count(scenario, group=True)
        grouped = time.perf_counter() - start
        assert got == listed == grouped_count == expected_count(n, m)
        rows.append(
            [
                n,
                m,
                f"{got:,}",
                f"{brute:.3f}",
                f"{enumerated:.3f}",
                f"{brute / enumerated:,.1f}",
                f"{grouped:.3f}",
                f"{brute / grouped:,.0f}",
            ]
        )
        ratio = brute / grouped
        if brute >= budget:
            break
        n, m = (n + 1, m + 2) if brute * 30 < budget else (n, m + 1)
    table(
        f"(c) against a brute-force enumerator (product of every choice, then filter), up to ≥{budget:g} s:\n"
        "  dmrules enumerating every resolution, and dmrules counting them exactly up to interchangeable cards",
        ["n", "m", "resolutions", "brute s", "enumerate s", "speed-up", "grouped s", "speed-up"],
        rows,
    )
    return ratio


# -- (d) end-to-end time of every fixture ---------------------------------------------------
def bench_fixtures(repeats: int):
    rows, medians = [], []
    for path in sorted((ROOT / "fixtures").rglob("*.yaml")):
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "dmrules.cli", "solve", str(path), "--json"],
                capture_output=True,
                cwd=ROOT,
                check=True,
            )
            times.append(time.perf_counter() - start)
        medians.append(statistics.median(times))
        rows.append([path.stem[:44], f"{medians[-1]:.3f}"])
    typical = statistics.median(medians)
    table(
        f"(d) end-to-end time per fixture (median of {repeats} runs, process start included)",
        ["fixture", "seconds"],
        rows[:5] + [["...", "..."]] + rows[-3:],
    )
    print(
        f"  {len(medians)} fixtures: median {typical:.3f} s, slowest {max(medians):.3f} s, "
        f"whole suite {sum(medians):.2f} s"
    )
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "dmrules.cli", "verify", str(ROOT / "fixtures")],
        capture_output=True,
        cwd=ROOT,
        check=True,
    )
    suite = time.perf_counter() - start
    print(f"  dmrules verify fixtures/ (one process, every fixture and expectation): {suite:.2f} s")
    return typical, suite


# -- (e) ground program size --------------------------------------------------------------
def bench_ground(folder, ns, ms):
    rows, per = [], []
    for n in ns:
        for m in ms:
            scenario, _ = jashin(n, m, folder)
            ctl = make_control(scenario, arguments=("1",))
            ctl.solve()
            lp = ctl.statistics["problem"]["lp"]
            atoms, rules = int(lp["atoms"]), int(lp["rules"])
            if n * m >= 128:
                per.append(rules / (n * m))
            rows.append([n, m, n * m, atoms, rules, f"{atoms / (n * m):.1f}", f"{rules / (n * m):.1f}"])
    table(
        "(e) ground program size as events (n) and candidate cards (m) grow",
        ["n", "m", "n·m", "atoms", "rules", "atoms/(n·m)", "rules/(n·m)"],
        rows,
    )
    return max(per) / min(per)


def draw_yaml(deck: int) -> str:
    """Two optional 「自分がカードを引く時、かわりにカードを2枚引いてもよい」 (the 「その2倍の枚数」 of a
    draw of one) on one draw, with a deck of ``deck`` cards."""
    text = "自分がカードを引く時、かわりにカードを2枚引いてもよい。"
    cards = "\n".join(
        f'      - {{id: D{i}, card: {{name: ドロー{i}, type: creature, text: "{text}"}}}}' for i in (1, 2)
    )
    ids = ", ".join(f"d{i}" for i in range(1, deck + 1))
    return (
        f"turn: me\nplayers:\n  me:\n    battle:\n{cards}\n    deck: [{ids}]\n  opponent: {{}}\n"
        "effect:\n  controller: me\n  by: ability\n  events:\n    - {id: e1, draw: me}\n"
    )


def bench_deck(folder, decks):
    """(e) with a deck action: the ground size per deck card, and the time to solve."""
    rows, sizes, seconds = [], {}, 0.0
    for deck in decks:
        path = folder / f"draw-{deck}.yaml"
        path.write_text(draw_yaml(deck), encoding="utf-8")
        scenario = dmrules.load_scenario(path)
        start = time.perf_counter()
        solution = dmrules.solve(scenario)
        seconds = time.perf_counter() - start
        assert len(solution.resolutions) == 3, len(solution.resolutions)
        ctl = make_control(scenario, arguments=("1",))
        ctl.solve()
        lp = ctl.statistics["problem"]["lp"]
        atoms, rules = int(lp["atoms"]), int(lp["rules"])
        sizes[deck] = rules
        rows.append([deck, atoms, rules, f"{rules / deck:.1f}", f"{seconds:.3f}"])
    steps = [(sizes[b] - sizes[a]) / (b - a) for a, b in zip(decks, decks[1:])]
    for row, step in zip(rows[1:], steps):
        row.append(f"{step:.1f}")
    rows[0].append("")
    table(
        "(e) a deck action: two optional draw replacements (「かわりにカードを2枚引いてもよい」) on one draw,\n"
        "  as the deck grows (3 resolutions each; solve s: dmrules.solve in this process)",
        ["deck", "atoms", "rules", "rules/card", "solve s", "rules added per card"],
        rows,
    )
    return seconds, max(steps) / min(steps)


# -- (f) peak memory -----------------------------------------------------------------------
def bench_memory(folder, n, m):
    _, path = jashin(n, m, folder)
    # Peak resident set of the child itself (VmHWM; ru_maxrss would carry the parent's over on Linux).
    hwm = "int(next(l for l in open('/proc/self/status') if l.startswith('VmHWM')).split()[1])"
    code = (
        "import sys, dmrules; s = dmrules.load_scenario(sys.argv[1]); "
        f"print(dmrules.count(s), dmrules.count(s, group=True), {hwm})"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, cwd=ROOT, check=True
    ).stdout.split()
    rows = [[n, m, f"{int(out[0]):,}", f"{int(out[2]) / 1024:.0f} MiB"]]
    code_g = f"import sys, dmrules; s = dmrules.load_scenario(sys.argv[1]); print(dmrules.count(s, group=True), {hwm})"
    _, big = jashin(6, 12, folder)
    start = time.perf_counter()
    out_g = subprocess.run(
        [sys.executable, "-c", code_g, str(big)], capture_output=True, text=True, cwd=ROOT, check=True
    ).stdout.split()
    grouped_time = time.perf_counter() - start
    rows.append([6, 12, f"{int(out_g[0]):,} (grouped)", f"{int(out_g[1]) / 1024:.0f} MiB"])
    table("(f) peak memory (resident set of one process counting)", ["n", "m", "resolutions", "peak"], rows)
    return int(out[2]) / 1024, int(out_g[0]), grouped_time


# -- (g) ground once: verify against the code before, chained windows against one window --------
def bench_verify_before(repeats: int):
    """``dmrules verify`` now and at BASELINE (git archive), CPU seconds of the child, on the
    fixtures the baseline passes: the same files and the same work for both (a fixture that
    uses something newer is an error at BASELINE, which would take it no time)."""

    def cpu(cwd: Path, paths: list[str]) -> float:
        best = math.inf
        for _ in range(repeats):
            before = os.times()
            subprocess.run([sys.executable, "-m", "dmrules.cli", "verify", *paths], capture_output=True, cwd=cwd)
            after = os.times()
            best = min(
                best, (after.children_user - before.children_user) + (after.children_system - before.children_system)
            )
        return best

    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "archive", BASELINE], cwd=ROOT, capture_output=True)
        if archive.returncode != 0:
            print(f"\n(g) verify against {BASELINE}: the baseline commit is not in this repository; skipped")
            return None
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        listed = subprocess.run(
            [sys.executable, "-m", "dmrules.cli", "verify", str(ROOT / "fixtures")],
            capture_output=True,
            text=True,
            cwd=tmp,
        ).stdout
        paths = [
            word
            for line in listed.splitlines()
            if line.startswith("PASS ")
            for word in line.split()
            if word.endswith(".yaml")
        ]
        old = cpu(Path(tmp), paths)
    new = cpu(ROOT, paths)
    everything = len(list((ROOT / "fixtures").glob("*.yaml")))
    table(
        f"(g) dmrules verify (CPU seconds, best of {repeats}) of the {len(paths)} fixtures (of {everything}) that "
        f"{BASELINE} passes: now and at {BASELINE}, the commit before windows were reused and grounded in batches",
        ["fixtures", "before s", "now s", "speed-up"],
        [[len(paths), f"{old:.2f}", f"{new:.2f}", f"{old / new:.2f}"]],
    )
    return old / new


def chain_yaml(n: int, m: int) -> str:
    """The Jashin family with one destruction per step of the effect: n windows in a row."""
    creatures = "\n".join(f"      - {{id: J{i}, card: アビスベル＝ジャシン帝}}" for i in range(1, n + 1))
    hand = ", ".join(f"h{i}" for i in range(1, m + 1))
    then = "\n".join(f"    - events: [{{id: e{i}, destroy: J{i}}}]" for i in range(2, n + 1))
    return (
        f"turn: opponent\nplayers:\n  me:\n    battle:\n{creatures}\n    hand: [{hand}]\n  opponent: {{}}\n"
        f"effect:\n  controller: opponent\n  events:\n    - {{id: e1, destroy: J1}}\n  then:\n{then}\n"
    )


def bench_chain(n, m, folder):
    from dmrules.solving import windowcache

    single, _ = jashin(n, m, folder)
    path = folder / f"chain-{n}-{m}.yaml"
    path.write_text(chain_yaml(n, m), encoding="utf-8")
    chained = dmrules.load_scenario(path)
    rows, times = [], {}
    for name, scenario in (("one window", single), ("chained windows", chained)):
        windowcache.WINDOWS.clear()
        start = time.process_time()
        got = len(dmrules.solve(scenario).resolutions)
        times[name] = time.process_time() - start
        assert got == expected_count(n, m), (name, got)
        rows.append([name, n, m, f"{got:,}", f"{times[name]:.2f}", len(windowcache.WINDOWS.entries)])
    table(
        "(g) a chained saver case against the same resolutions as one window (CPU seconds)",
        ["case", "n", "m", "resolutions", "seconds", "windows solved"],
        rows,
    )
    return times["chained windows"] / times["one window"]


# -- (h) output against clingo's own printer ----------------------------------------------------
def bench_output(sizes, memory_size, folder):
    """dmrules solve --jsonl and --json against clingo --outf=2 on the minimal encoding of the
    same window (bench/output.py), each a process of its own, every stream read through a pipe.
    Returns the worst rate ratios and byte ratios over ``sizes`` and the peaks at ``memory_size``."""
    rows, ratios, peaks = [], {"jsonl": [], "json": [], "bytes": []}, {}
    for n, m in sorted({*sizes, memory_size}):
        resolutions = expected_count(n, m)
        base = clingo_run(n, m, folder)
        assert base.needles == resolutions, (base.needles, resolutions)
        rows.append(
            [
                n,
                m,
                f"{resolutions:,}",
                "clingo --outf=2",
                f"{base.cpu:.3f}",
                f"{base.bytes / resolutions:.0f}",
                "1",
                "1",
                "",
            ]
        )
        _, path = jashin(n, m, folder)
        for form in ("jsonl", "json"):
            run = dmrules_run(path, form)
            listed = run.lines - 3 if form == "jsonl" else run.lines - 4  # the header, windows, summary lines
            assert listed == resolutions, (form, listed, resolutions)
            rate = base.cpu / run.cpu  # the same resolutions: the ratio of the rates
            per = (run.bytes / resolutions) / (base.bytes / resolutions)
            if (n, m) in sizes:
                ratios[form].append(rate)
                ratios["bytes"].append(per)
            if (n, m) == memory_size:
                peaks[form] = run.peak_mib
            rows.append(
                [
                    n,
                    m,
                    f"{resolutions:,}",
                    f"dmrules --{form}",
                    f"{run.cpu:.3f}",
                    f"{run.bytes / resolutions:.0f}",
                    f"{rate:.2f}",
                    f"{per:.2f}",
                    f"{run.peak_mib:.0f} MiB",
                ]
            )
    table(
        "(h) dmrules solve --jsonl / --json against clingo printing the same models with --outf=2 (minimal\n"
        "  encoding; CPU seconds of each process, start included; every stream read through a pipe and counted)",
        ["n", "m", "resolutions", "printer", "CPU s", "bytes/res", "rate ratio", "bytes ratio", "peak"],
        rows,
    )
    return min(ratios["jsonl"]), min(ratios["json"]), max(ratios["bytes"]), peaks["json"], peaks["jsonl"]


# -- (k) many solves in one process --------------------------------------------------------------
def bench_soak(solves: int):
    run = counted([sys.executable, str(ROOT / "bench" / "soak.py"), "--solves", str(solves)])
    line = run.last.decode()
    print(f"\n(k) {solves:,} solves of the fixtures in one process (bench/soak.py)\n  {line}")
    return float(line.rsplit("growth ", 1)[1].split()[0])


def own_peak_mib() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM")) / 1024


# -- (i) Ctrl-C ---------------------------------------------------------------------------
def bench_interrupt(folder):
    import signal

    _, path = jashin(6, 12, folder)
    proc = subprocess.Popen(
        [sys.executable, "-m", "dmrules.cli", "solve", str(path)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )

    def threads() -> int:
        with open(f"/proc/{proc.pid}/status", encoding="ascii") as status:
            return int(next(line for line in status if line.startswith("Threads")).split()[1])

    while threads() < 2:
        time.sleep(0.02)
    time.sleep(0.5)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    err = proc.communicate(timeout=30)[1]
    took = time.monotonic() - sent
    table(
        "(i) Ctrl-C during a long solve (6 x 12, 72,809,947 resolutions)",
        ["exit", "seconds", "stderr"],
        [[proc.returncode, f"{took:.2f}", err.decode().strip()]],
    )
    return took if proc.returncode == 130 else math.inf


def bench_interrupt_grounding() -> float:
    """Seconds from Ctrl-C to Python, in a process still grounding a program of hours
    (tests/test_perf.py checks that it gets there; here, how soon)."""
    import signal

    code = (
        # Ctrl-C as in a terminal, also where this runs in the background (SIGINT ignored, inherited)
        "import signal, time, clingo\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "from dmrules.solving.ground import ground\n"
        "ctl = clingo.Control()\n"
        "ctl.add('base', [], 'r(X,Y) :- X=1..200000, Y=1..200000, X*Y==7.')\n"
        "print('grounding', flush=True)\n"
        "try:\n"
        "    ground(ctl)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', time.monotonic(), flush=True)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        proc.stdout.readline()
        time.sleep(0.5)
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        line = proc.stdout.readline().split()
    finally:
        proc.kill()
        proc.wait()
    took = float(line[1]) - sent if line and line[0] == "interrupted" else math.inf
    table("(i) Ctrl-C during a long grounding", ["seconds to Python"], [[f"{took:.2f}"]])
    return took


# -- (j) interchangeable units: grouped counting against the closed form ----------------
def bench_units(folder, sizes):
    """``dmrules.count(..., group=True)`` on n alike creatures each destroyed by its own event: the
    creatures fold as interchangeable units, so one canonical resolution per number kept is solved.
    Returns the seconds of the last (largest) size, inf when a count is not exact."""
    from dmrules.solving import windowcache

    rows, last = [], math.inf
    for n, m in sizes:
        scenario, path = jashin(n, m, folder)
        windowcache.WINDOWS.clear()
        start = time.perf_counter()
        got = dmrules.count(scenario, group=True)
        elapsed = time.perf_counter() - start
        exact = got == expected_count(n, m)
        start = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-m", "dmrules.cli", "solve", str(path), "--group", "names", "--json"],
            capture_output=True,
            cwd=ROOT,
            check=True,
        ).stdout
        cli = time.perf_counter() - start
        doc = json.loads(out)
        exact = exact and doc["counts"]["resolutions"] == got
        last = elapsed if exact else math.inf
        rows.append(
            [
                n,
                m,
                f"{got:.4e}" if got >= 10**9 else f"{got:,}",
                "yes" if exact else "NO",
                doc["counts"]["grouped"],
                f"{elapsed:.2f}",
                f"{cli:.2f}",
            ]
        )
    table(
        "(j) interchangeable units: n アビスベル＝ジャシン帝, each destroyed by its own event, m unknown hand cards,\n"
        "  counted up to interchangeable cards and units (dmrules.count(..., group=True)) against the closed form",
        ["n", "m", "resolutions", "exact", "listed", "count s", "solve --group names --json s (process)"],
        rows,
    )
    return last


def bench_web() -> tuple[float, float]:
    """(w) the workbench's page at the default cap in Chromium (bench/web.py): KB and render seconds."""
    sys.path.insert(0, str(ROOT / "bench"))
    import web

    rows = web.measure()
    table(
        "(w) the workbench's page at the default cap (2,000 resolutions), in Chromium: as served against every\n"
        "  board at once",
        ["page", "resolutions", "boards", "KB", "elements", "height px", "render s"],
        [
            [r["page"], r["resolutions"], r["boards"], f"{r['bytes'] / 1000:,.0f}", f"{r['elements']:,}",
             f"{r['height']:,}", f"{r['ms'] / 1000:.2f}"]
            for r in rows
        ],
    )  # fmt: skip
    return rows[0]["bytes"] / 1000, rows[0]["ms"] / 1000


def _check(name: str, value: float, op: str, target: float) -> tuple[str, float, str, float, bool]:
    ok = {"≥": value >= target, "≤": value <= target, "<": value < target}[op]
    return (name, value, op, target, ok)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="smaller sizes")
    parser.add_argument("--units", action="store_true", help="only the interchangeable units' target")
    parser.add_argument("--web", action="store_true", help="only the workbench page's targets")
    parser.add_argument("--batch", action="store_true", help="only dmrules check's targets (bench/batch.py)")
    parser.add_argument(
        "--no-batch", action="store_true", help="every target but dmrules check's (the longest part: --batch alone)"
    )
    args = parser.parse_args()
    quick = args.quick
    # The processes measured read the package's bytecode, as an installed package's do, even where
    # the environment turns writing it off (PYTHONDONTWRITEBYTECODE): else each start compiles the
    # whole package again and the figures measure the compiler, not dmrules.
    compileall.compile_dir(Path(dmrules.__file__).parent, quiet=1)
    print(
        f"dmrules benchmarks · Python {sys.version.split()[0]} · clingo {clingo.__version__} · {os.cpu_count()} cores"
        f" · load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the start"
    )
    unit_sizes = [(3, 6), (10, 20), (20, 40), (40, 40)]
    if args.web:
        web_kb, web_render = bench_web()
        ok = web_kb < TARGETS["web_kb"] and web_render < TARGETS["web_render"]
        print(
            f"\nSUMMARY: web page KB {fmt(web_kb)} (target <{TARGETS['web_kb']}), web render s {fmt(web_render)} "
            f"(target <{fmt(TARGETS['web_render'])}) {'met' if ok else 'MISSED'}; {2 if ok else 0}/2 targets met"
        )
        return
    if args.units:
        with tempfile.TemporaryDirectory() as tmp:
            units = bench_units(Path(tmp), unit_sizes)
        ok = units < TARGETS["units"]
        print(
            f"\nSUMMARY: grouped 40×40 units s {fmt(units)} (target <{fmt(TARGETS['units'])}) "
            f"{'met' if ok else 'MISSED'}; {int(ok)}/1 targets met"
        )
        return
    from batch import bench_batch  # bench/batch.py: dmrules check on a batch

    if args.batch:
        _batch_only(bench_batch(quick))
        return
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        count_ratio = bench_count([(3, 6), (4, 8), (5, 9)] if quick else [(3, 6), (4, 8), (5, 10), (6, 10)], folder)
        stream_peak = bench_stream(4, 9, folder) if quick else bench_stream(5, 10, folder)
        brute_ratio = bench_brute(folder, 1.0 if quick else 10.0)
        typical, suite = bench_fixtures(1 if quick else 3)
        growth = bench_ground(folder, [2, 4, 8] if quick else [2, 4, 8, 16], [4, 8, 16] if quick else [4, 8, 16, 32])
        deck_s, deck_flat = bench_deck(folder, [10, 20, 40])
        peak, grouped, grouped_time = bench_memory(folder, 4, 8 if quick else 10)
        verify_speedup = bench_verify_before(1 if quick else 2)
        chain = bench_chain(4, 6 if quick else 7, folder)
        jsonl_rate, json_rate, bytes_ratio, json_peak, jsonl_peak = bench_output(
            [(4, 8), (4, 9)], (4, 9) if quick else (4, 10), folder
        )
        interrupt = bench_interrupt(folder)
        interrupt_grounding = bench_interrupt_grounding()
        units = bench_units(folder, unit_sizes)
        soak = bench_soak(2_000 if quick else 10_000)
    web_kb, web_render = bench_web()
    print(
        f"\n  (e) from n·m = 128 on, rules per event × candidate vary by a factor {growth:.2f} "
        f"(linear growth: the ratio stays flat)"
    )
    print(
        f"  grouped count of 6 creatures × 12 unknown hand cards: {grouped:,} labelled resolutions "
        f"in {grouped_time:.2f} s, process start included (target: under 2 s)"
    )
    memory_at = "4×9 (--quick)" if quick else "4×10"
    own = own_peak_mib()
    checks = [
        _check("count/raw ratio", count_ratio, "≥", TARGETS["count"]),
        _check("speed-up vs brute force (grouped)", brute_ratio, "≥", TARGETS["brute"]),
        _check("typical fixture s", typical, "≤", TARGETS["fixture"]),
        _check("whole suite s", suite, "≤", TARGETS["suite"]),
        _check("grouped 6×12 s", grouped_time if grouped == 72_809_947 else math.inf, "<", 2.0),
        _check("verify fixtures/ speed-up vs before", verify_speedup or 0.0, "≥", TARGETS["verify_speedup"]),
        _check("chained/one window", chain, "≤", TARGETS["chain"]),
        _check("--jsonl/clingo --outf=2 rate (4×8, 4×9)", jsonl_rate, "≥", TARGETS["jsonl_rate"]),
        _check("--json/clingo --outf=2 rate (4×8, 4×9)", json_rate, "≥", TARGETS["json_rate"]),
        _check("bytes per resolution/clingo's", bytes_ratio, "≤", TARGETS["bytes"]),
        _check(f"--json peak MiB at {memory_at}", json_peak, "≤", TARGETS["json_mib"]),
        _check(f"--jsonl peak MiB at {memory_at}", jsonl_peak, "≤", TARGETS["jsonl_mib"]),
        _check("two draw replacements, deck of 40, s", deck_s, "<", TARGETS["deck_s"]),
        _check("rules per deck card 10→40, factor", deck_flat, "≤", TARGETS["deck_flat"]),
        _check(f"RSS growth over {'2,000' if quick else '10,000'} solves MiB", soak, "≤", TARGETS["soak_mib"]),
        _check("Ctrl-C s", interrupt, "<", TARGETS["interrupt"]),
        _check("Ctrl-C while grounding s", interrupt_grounding, "<", TARGETS["interrupt"]),
        _check("grouped 40×40 units s", units, "<", TARGETS["units"]),
        _check("the bench's own peak MiB", own, "≤", TARGETS["bench_mib"]),
        _check("web page KB", web_kb, "<", TARGETS["web_kb"]),
        _check("web render s", web_render, "<", TARGETS["web_render"]),
        *([] if args.no_batch else bench_batch(quick)),  # (k): bench/batch.py
    ]
    met = sum(ok for *_, ok in checks)
    print(
        "\nSUMMARY: "
        + "; ".join(
            f"{name} {fmt(value)} (target {op}{fmt(target)}) {'met' if ok else 'MISSED'}"
            for name, value, op, target, ok in checks
        )
        + f"; peak memory {peak:.0f} MiB, --jsonl stream peak {stream_peak:.0f} MiB; "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end; {met}/{len(checks)} targets met"
    )


def _batch_only(checks: list) -> None:
    met = sum(ok for *_, ok in checks)
    print(
        "\nSUMMARY: "
        + "; ".join(f"{n} {fmt(v)} (target {op}{fmt(t)}) {'met' if ok else 'MISSED'}" for n, v, op, t, ok in checks)
        + f"; {met}/{len(checks)} targets met"
    )


if __name__ == "__main__":
    main()
