"""``python -m dmrules.batch.zygote``: the process beside a Dask worker that forks each item's
process (``serve_tasks``: tasks in on standard input, answers out on standard output)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable

from ..checking.warm import warm
from .answers_cache import dmrules_version
from .pool import WORKS
from .supervisor import Limits, Supervisor, Task, Work, rss_kib, run_all


def work_named(name: str) -> Work:
    """The work of a task by its name (``check``, ``verify``)."""
    if name not in WORKS:
        raise ValueError(f"no work named {name!r}")
    return WORKS[name]()


def serve_tasks(read: Callable[[], bytes] | None = None, write: Callable[[bytes], None] | None = None) -> None:
    """Read ``{"work", "tasks": [[keys, payloads, max_memory, timeout], ...]}`` lines; for each,
    write one ``{"key", "answer", "peak_kib"}`` line per item, then ``{"end": true, "rss_kib"}``."""
    read = read or sys.stdin.buffer.readline
    out = sys.stdout.buffer

    def write_out(data: bytes) -> None:
        out.write(data)
        out.flush()

    write = write or write_out
    warm()
    write(json.dumps({"ready": True, "version": _version()}).encode() + b"\n")
    supervisors: dict[str, Supervisor] = {}
    while line := read():
        request = json.loads(line)
        supervisor = supervisors.setdefault(request["work"], Supervisor(work_named(request["work"])))
        tasks = [Task(keys, payloads, Limits(memory, timeout)) for keys, payloads, memory, timeout in request["tasks"]]
        for item in run_all(supervisor, tasks):
            write(json.dumps({"key": item.key, "answer": item.answer, "peak_kib": item.peak_kib}).encode() + b"\n")
        write(json.dumps({"end": True, "rss_kib": rss_kib()}).encode() + b"\n")


def _version() -> str:
    return dmrules_version()


if __name__ == "__main__":
    serve_tasks()
