"""Streaming resolutions as JSON lines (`dmrules solve --jsonl`).

For a window whose events are all fixed (no choice of the effect's own,
nothing that opens a later window), each line is one resolution, flat:
``{"applied": [{"event": "e1", "replacement": "J1", "player": "me"}], "chosen": [{"event": "e1", "card": "h1"}, ...]}``
(the replacements applied, and the affected cards each chose, as in
`--json`'s `applied`). Two child processes each enumerate part of the answer
sets (split by whether the first two replacements that could apply do) on
the two cores,
reading each answer set's shown atoms as raw symbol handles and writing
cached JSON fragments; the first half streams straight through, the second
follows from a temporary file. The order is deterministic. Other scenarios
stream through the engine, one whole resolution (as in `--json`) per line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from typing import IO

import clingo
from ..reading.scenario import Scenario, load_scenario
from .solver import make_control

STREAM_SHOW = "#show. #show apply/2. #show pick/4."

# The child processes streaming now, so that a closed pipe or Ctrl-C can end them at once.
RUNNING: set[subprocess.Popen] = set()


def stop_children() -> None:
    """End the streaming child processes still running (the command is ending)."""
    for process in list(RUNNING):
        if process.poll() is None:
            process.kill()
        RUNNING.discard(process)


def fast_path(scenario: Scenario) -> bool:
    """Whether the split enumeration applies: one window of fixed events."""
    if scenario.templates or len(scenario.steps) > 1 or scenario.deferred or scenario.ruleset != "dm":
        return False
    if any(e.kind in ("battle", "draw", "power_change") or e.swap or e.is_group for e in scenario.events):
        return False
    return not any(a.then for c in scenario.cards.values() for a in c.replacements)


def child(path: str, part: int, target: str | None = None) -> None:
    """In a child process: enumerate part 0 (all), 1 or 2 of the answer sets as JSON lines."""
    from clingo._internal import _ffi, _lib

    from .outcome import Builder

    scenario = load_scenario(path)
    ctl = make_control(scenario, show=False)
    builder = Builder(scenario)
    runs: list[list[int]] = [[]]
    if part:
        # Two parts of about the same size, from the first two replacements that could apply:
        # both applied; or else (the first not applied; the first applied and not the second).
        first = [ctl.symbolic_atoms[s].literal for s in sorted(a.symbol for a in ctl.symbolic_atoms.by_signature("apply", 2))[:2]]
        if len(first) == 2:
            runs = [[first[0], first[1]]] if part == 1 else [[-first[0]], [first[0], -first[1]]]
        elif len(first) == 1:
            runs = [[first[0]]] if part == 1 else [[-first[0]]]
        else:
            runs = [[]] if part == 1 else []
    # A large buffer of our own: the environment may ask for unbuffered output.
    out: IO[str] = open(target if target else sys.stdout.fileno(), "w", encoding="utf-8", buffering=1 << 20,
                        closefd=bool(target))
    write = out.write
    shown = _lib.clingo_show_type_shown
    # clingo fills at most as many handles as the answer set shows; the rest
    # keep a value no symbol has, which marks the end.
    capacity, end = 4096, 2 ** 64 - 1
    buffer = _ffi.new("clingo_symbol_t[]", capacity)
    for i in range(capacity):
        buffer[i] = end
    fragments: dict[int, tuple[bool, str]] = {}

    def fragment(handle: int) -> tuple[bool, str]:
        sym = clingo.symbol.Symbol(handle)
        event = builder.event_id(sym.arguments[1])
        if sym.name == "pick":
            return False, json.dumps({"event": event, "card": sym.arguments[3].string}, ensure_ascii=False)
        ref = builder.replacement(sym.arguments[0])
        return True, json.dumps({"event": event, "replacement": ref.id, "player": ref.player}, ensure_ascii=False)

    def on_model(model: clingo.Model) -> None:
        _lib.clingo_model_symbols(model._rep, shown, buffer, capacity)
        window = 64
        handles = _ffi.unpack(buffer, window)
        while handles[-1] != end and window < capacity:
            window = min(capacity, 4 * window)
            handles = _ffi.unpack(buffer, window)
        applied, chosen = [], []
        for i, handle in enumerate(handles):
            if handle == end:
                break
            buffer[i] = end
            f = fragments.get(handle)
            if f is None:
                f = fragments[handle] = fragment(handle)
            (applied if f[0] else chosen).append(f[1])
        write('{"applied": [' + ", ".join(applied) + '], "chosen": [' + ", ".join(chosen) + "]}\n")

    for assumptions in runs:
        ctl.solve(assumptions=assumptions, on_model=on_model)
    out.close()


def stream_jsonl(scenario: Scenario, path: str, out: IO[str]) -> int:
    """Write every resolution as a JSON line; return how many."""
    if not fast_path(scenario):
        from .solver import solve

        count = 0

        def emit(resolution) -> None:
            nonlocal count
            out.write(json.dumps(resolution.to_json(), ensure_ascii=False) + "\n")
            count += 1

        solve(scenario, on_resolution=emit)
        return count
    out.flush()
    with tempfile.TemporaryDirectory() as tmp:
        second = os.path.join(tmp, "part2.jsonl")
        # A child ends quietly on Ctrl-C or a closed pipe, as the command does, and (on Linux)
        # when the command ends, however it ends (PR_SET_PDEATHSIG).
        code = ("import signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
                "exec('try:\\n import ctypes; ctypes.CDLL(None).prctl(1, 9)\\nexcept Exception: pass'); "
                "hasattr(signal, 'SIGPIPE') and signal.signal(signal.SIGPIPE, signal.SIG_DFL); "
                "from dmrules.solving.stream import child; child(sys.argv[1], int(sys.argv[2]), *sys.argv[3:])")
        p2 = subprocess.Popen([sys.executable, "-c", code, path, "2", second])
        RUNNING.add(p2)
        try:
            p1 = subprocess.Popen([sys.executable, "-c", code, path, "1"], stdout=subprocess.PIPE)
            RUNNING.add(p1)
            count = 0
            for chunk in iter(lambda: p1.stdout.read(1 << 20), b""):
                out.buffer.write(chunk) if hasattr(out, "buffer") else out.write(chunk.decode("utf-8"))
                count += chunk.count(b"\n")
            p1.wait()
            p2.wait()
            if p1.returncode or p2.returncode:
                raise RuntimeError("the streaming enumeration failed")
            with open(second, "rb") as part2:
                for chunk in iter(lambda: part2.read(1 << 20), b""):
                    out.buffer.write(chunk) if hasattr(out, "buffer") else out.write(chunk.decode("utf-8"))
                    count += chunk.count(b"\n")
        finally:
            stop_children()
    return count
