"""The output measured against clingo's own printer, every stream read through a pipe.

The baseline is clingo on a minimal encoding of the same window (n creatures destroyed at once,
each of which may discard 2 of the m hand cards instead, no card twice: the same resolutions),
printing its models with ``--outf=2``. Both run as processes of their own; their CPU seconds
(user and system, process start included) come from the kernel when they end (``wait4``), and
their output is read here through a pipe, counted and thrown away, never held whole.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MINIMAL = """\
% n creatures destroyed at once; each may discard 2 of the m hand cards instead; no card twice.
creature(1..n). card(1..m).
{ replace(J) } :- creature(J).
{ discard(J,C) : card(C) } = 2 :- replace(J).
:- card(C), #count { J : discard(J,C) } > 1.
#show replace/1.
#show discard/2.
"""

# dmrules in a process of its own, as `dmrules solve` runs it but without the worker (whose
# memory the command's process would not show): its peak resident set on standard error.
DMRULES = (
    "import sys; from dmrules.cli import main; code = main(['solve', *sys.argv[1:]]); sys.stdout.flush(); "
    "peak = next(l for l in open('/proc/self/status') if l.startswith('VmHWM')).split()[1]; "
    "sys.stderr.write('VmHWM ' + peak + '\\n'); sys.exit(code)"
)


@dataclass(frozen=True)
class Run:
    cpu: float  # seconds, user and system
    wall: float
    bytes: int
    lines: int
    first: bytes  # the first line
    last: bytes  # the last line
    peak_mib: float | None  # the process's own peak resident set, where it says it
    needles: int  # how many times the ``needle`` of ``counted`` occurs


def counted(command: list[str], cwd: Path = ROOT, needle: bytes = b"\n") -> Run:
    """Run ``command``, reading its standard output through a pipe in pieces: counted (lines and
    ``needle``), the first and last lines kept, the rest thrown away."""
    start = time.perf_counter()
    proc = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
    assert proc.stdout is not None and proc.stderr is not None
    size = lines = found = 0
    first = b""
    tail = b""
    while True:
        chunk = proc.stdout.read(1 << 20)
        if not chunk:
            break
        if lines == 0:
            first = (first + chunk).split(b"\n", 1)[0]
        size += len(chunk)
        lines += chunk.count(b"\n")
        joined = tail[-(len(needle) - 1) :] + chunk if len(needle) > 1 else chunk
        found += joined.count(needle)
        tail = (tail + chunk)[-(1 << 16) :]
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError(f"{command[:4]}... exited {proc.returncode}: {err.decode(errors='replace')[-500:]}")
    peak = next((int(w.split()[1]) / 1024 for w in err.decode().splitlines() if w.startswith("VmHWM ")), None)
    last = tail.rstrip(b"\n").rsplit(b"\n", 1)[-1]
    return Run(usage.ru_utime + usage.ru_stime, wall, size, lines, first, last, peak, found)


def clingo_run(n: int, m: int, folder: Path) -> Run:
    """clingo printing every model of the minimal encoding as JSON (``--outf=2``); ``needles``
    counts the models (one ``"Value"`` each)."""
    program = folder / "minimal.lp"
    program.write_text(MINIMAL, encoding="utf-8")
    command = [sys.executable, "-m", "clingo", str(program), "-c", f"n={n}", "-c", f"m={m}", "--outf=2", "0"]
    return counted(command, needle=b'"Value"')


def dmrules_run(path: Path, form: str) -> Run:
    """``dmrules solve PATH --FORM`` (json or jsonl) in a process of its own, read through a pipe."""
    return counted([sys.executable, "-c", DMRULES, str(path), f"--{form}"])
