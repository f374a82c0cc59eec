"""Streaming resolutions as JSON lines (`dmrules solve --jsonl`).

Each line is one resolution's applications, as in `--json`'s `applied`:
``{"applied": [{"event": "e1", "replacement": "J1", "player": "me", "chosen": ["h1", "h2"]}]}``.

For a window whose events are all fixed (no choice of the effect's own,
nothing that opens a later window), the enumeration is split in two by the
first replacement that could apply (applied, or not), and two child
processes enumerate the halves on the two cores, reading each answer set's
shown atoms as raw symbol handles and writing lines from a cache of JSON
fragments; the first half streams straight through, the second follows from
a temporary file. The order is deterministic. Other scenarios stream
through the engine, with the full resolution on each line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from typing import IO

import clingo

from .scenario import Scenario, load_scenario

STREAM_SHOW = "#show. #show pick/4. #show apply(R,E) : apply(R,E), not slot(R,_)."


def fast_path(scenario: Scenario) -> bool:
    """Whether the split enumeration applies: one window of fixed events."""
    if scenario.templates or len(scenario.steps) > 1 or scenario.deferred or scenario.ruleset != "dm":
        return False
    if any(e.kind in ("battle", "draw", "power_change") or e.swap or e.is_group for e in scenario.events):
        return False
    return not any(a.then for c in scenario.cards.values() for a in c.replacements)


def _control(scenario: Scenario) -> clingo.Control:
    from .solver import make_control

    ctl = make_control(scenario, show=False)
    return ctl


def child(path: str, part: int, target: str | None = None) -> None:
    """In a child process: enumerate part 0 (all), 1 or 2 of the answer sets as JSON lines."""
    from clingo._internal import _ffi, _lib

    from .outcome import Builder

    scenario = load_scenario(path)
    ctl = _control(scenario)
    builder = Builder(scenario)
    assumptions = []
    if part:
        split = sorted(a.symbol for a in ctl.symbolic_atoms.by_signature("apply", 2))
        if split:
            literal = ctl.symbolic_atoms[split[0]].literal
            assumptions = [literal if part == 1 else -literal]
        elif part == 2:
            return
    out: IO[str] = open(target, "w", encoding="utf-8") if target else sys.stdout
    write = out.write
    shown = _lib.clingo_show_type_shown
    size = _ffi.new("size_t*")
    buffer = [_ffi.new("clingo_symbol_t[]", 256)]
    # Everything about a shown atom is worked out once, from its handle: the
    # application it belongs to (as an index in event order) and the card it chooses.
    order = {c: i for i, c in enumerate(scenario.cards)}
    atoms: dict[int, tuple[int, str | None]] = {}
    applications: dict[tuple, int] = {}
    heads: list[tuple] = []  # per application index: (sort key, replacement id, player, event id)
    fragments: dict[tuple, str] = {}

    def atom(handle: int) -> tuple[int, str | None]:
        sym = clingo.symbol.Symbol(handle)
        r, e = sym.arguments[0], sym.arguments[1]
        index = applications.get((r, e))
        if index is None:
            ref = builder.replacement(r)
            index = applications[(r, e)] = len(heads)
            heads.append(((builder.order(e), builder.event_id(e), ref.id), ref.id, ref.player, builder.event_id(e)))
        return index, (sym.arguments[3].string if sym.name == "pick" else None)

    def fragment(index: int, cards: tuple[str, ...]) -> str:
        _, rep, player, event = heads[index]
        return json.dumps({"event": event, "replacement": rep, "player": player, "chosen": list(cards)},
                          ensure_ascii=False)

    def on_model(model: clingo.Model) -> None:
        _lib.clingo_model_symbols_size(model._rep, shown, size)
        n = size[0]
        if n > len(buffer[0]):
            buffer[0] = _ffi.new("clingo_symbol_t[]", 2 * n)
        _lib.clingo_model_symbols(model._rep, shown, buffer[0], n)
        chosen: dict[int, list[str]] = {}
        for handle in _ffi.unpack(buffer[0], n):
            a = atoms.get(handle)
            if a is None:
                a = atoms[handle] = atom(handle)
            if a[1] is None:
                chosen.setdefault(a[0], [])
            else:
                chosen.setdefault(a[0], []).append(a[1])
        parts = []
        for index in sorted(chosen, key=lambda i: heads[i][0]):
            key = (index, tuple(sorted(chosen[index], key=order.__getitem__)))
            text = fragments.get(key)
            if text is None:
                text = fragments[key] = fragment(*key)
            parts.append(text)
        write('{"applied": [' + ", ".join(parts) + "]}\n")

    ctl.solve(assumptions=assumptions, on_model=on_model)
    out.flush()
    if target:
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
        code = "import sys; from dmrules.stream import child; child(sys.argv[1], int(sys.argv[2]), *sys.argv[3:])"
        p2 = subprocess.Popen([sys.executable, "-c", code, path, "2", second])
        p1 = subprocess.Popen([sys.executable, "-c", code, path, "1"], stdout=subprocess.PIPE)
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
    return count
