"""The tasks of ``check`` on a Dask distributed cluster (``--scheduler tcp://HOST:PORT``).

The command sends its tasks to the scheduler a few items at a time (``PER_TASK``); on the
worker that runs them, each item is answered by a zygote (``zygote.py``: one per worker
thread, started at the first task and kept), which forks a process
for the item under the item's memory cap and time limit, exactly as the local pool does. So
a worker's own memory stays flat, an item that runs out of memory or time is an error line
and no more, and the answers are the same as the local pool's, put back in input order by the
command. Every worker must run the same dmrules (and clingo) as the command: a worker that
runs another version stops the command. ``docs/cluster.md`` says how to start a cluster.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from typing import IO

from ..game.errors import InputError
from .supervisor import Done, Task, rss_kib

PER_TASK = 8  # items sent to a worker as one Dask task
TASKS_PER_THREAD = 3  # Dask tasks under way per worker thread


def connect(address: str):
    """A Dask client of the scheduler at ``address``, once a worker is there; InputError otherwise."""
    try:
        from distributed import Client
    except ImportError:
        raise InputError(
            "--scheduler",
            "",
            "the cluster mode needs Dask's distributed package: pip install 'dmrules[cluster]'",
        ) from None
    _reachable(address)
    try:
        client = Client(address, timeout="20s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise InputError("--scheduler", "", f"cannot reach the scheduler at {address}: {exc}") from None
    try:
        client.wait_for_workers(1, timeout=60)
    except (TimeoutError, OSError) as exc:
        client.close()
        raise InputError("--scheduler", "", f"the scheduler at {address} has no worker: {exc}") from None
    return client


def _reachable(address: str) -> None:
    """A scheduler that refuses connections is said at once (Dask itself retries for its timeout)."""
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(address if "://" in address else f"tcp://{address}")
    if parts.scheme not in ("tcp", "tls") or not parts.hostname or not parts.port:
        raise InputError("--scheduler", "", f"'{address}' is not a scheduler's address such as tcp://HOST:8786")
    try:
        socket.create_connection((parts.hostname, parts.port), timeout=10).close()
    except OSError as exc:
        raise InputError("--scheduler", "", f"cannot reach the scheduler at {address}: {exc.strerror or exc}") from None


class DaskBackend:
    """A backend (``pool.Backend``) that runs the tasks on a Dask cluster."""

    def __init__(self, address: str, work: str, per_task: int = PER_TASK):
        from .answers_cache import dmrules_version

        self.client = connect(address)
        self.address = address
        self.work = work
        self.per_task = per_task
        self.version = dmrules_version()
        self.waiting: list[Task] = []
        self.futures: dict = {}  # future -> its tasks
        self.peak_rss: dict[str, int] = {}  # what each worker and its zygote held, at most, in KiB

    def _threads(self) -> int:
        """The worker threads of the cluster now (workers may join after the first one)."""
        workers = self.client.scheduler_info().get("workers", {})
        return max(1, sum(int(w.get("nthreads", 1)) for w in workers.values()))

    def has_room(self) -> bool:
        return len(self.futures) < TASKS_PER_THREAD * self._threads()

    def drain(self) -> None:
        """No more tasks come: the items waiting for a full Dask task go as they are."""
        if self.waiting:
            self._send()

    def busy(self) -> bool:
        return bool(self.futures or self.waiting)

    def submit(self, task: Task) -> None:
        self.waiting.append(task)
        if len(self.waiting) >= self.per_task:
            self._send()

    def _send(self) -> None:
        tasks, self.waiting = self.waiting, []
        wire = [[t.keys, t.payloads, t.limits.max_memory, t.limits.timeout] for t in tasks]
        future = self.client.submit(run_tasks, self.work, wire, pure=False)
        self.futures[future] = tasks

    def poll(self, wait: float = 0.25) -> list[Done]:
        from distributed import wait as wait_for

        if self.waiting and len(self.futures) < self._threads():  # a worker is idle: no need to wait for more
            self._send()
        if not self.futures:
            return []
        try:
            finished, _ = wait_for(
                list(self.futures), timeout=wait if wait > 0 else 0.001, return_when="FIRST_COMPLETED"
            )
        except TimeoutError:
            return []
        done: list[Done] = []
        for future in finished:
            tasks = self.futures.pop(future)
            done += self._answers(future, tasks)
        return done

    def _answers(self, future, tasks: list[Task]) -> list[Done]:
        try:
            result = future.result()
        except Exception as exc:  # noqa: BLE001 - a task the cluster could not run: its items say so
            problem = {"error": f"the cluster could not run it: {type(exc).__name__}: {exc}", "reason": "worker"}
            return [Done(key, dict(problem)) for task in tasks for key in task.keys]
        if result["version"] != self.version:
            raise InputError(
                "--scheduler",
                "",
                f"a worker of {self.address} runs dmrules {result['version']}, this command {self.version}: "
                "install the same dmrules on every worker",
            )
        for name, kib in result["rss_kib"].items():
            self.peak_rss[name] = max(self.peak_rss.get(name, 0), kib)
        return [Done(key, answer, peak) for key, answer, peak in result["done"]]

    def close(self) -> None:
        for future in self.futures:
            future.cancel()
        self.futures.clear()
        self.client.close()


# -- on the worker -----------------------------------------------------------------------------


class Zygote:
    """``python -m dmrules.batch.zygote`` beside a worker: it forks each item's process."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "dmrules.batch.zygote"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        assert self.process.stdin is not None and self.process.stdout is not None  # both are pipes
        self.requests: IO[bytes] = self.process.stdin
        self.replies: IO[bytes] = self.process.stdout
        ready = self._read()
        self.version = ready["version"]

    def _read(self) -> dict:
        line = self.replies.readline()
        if not line:
            raise RuntimeError("the zygote ended")
        return json.loads(line)

    def alive(self) -> bool:
        return self.process.poll() is None

    def run(self, work: str, tasks: list, answers: list) -> int:
        """Each item's (key, answer, peak) into ``answers``; the zygote's own resident set (KiB)."""
        self.requests.write(json.dumps({"work": work, "tasks": tasks}).encode() + b"\n")
        self.requests.flush()
        while True:
            message = self._read()
            if message.get("end"):
                return int(message["rss_kib"])
            answers.append((message["key"], message["answer"], message["peak_kib"]))


_zygotes: dict[int, Zygote] = {}
_lock = threading.Lock()


def run_tasks(work: str, tasks: list) -> dict:
    """Run on a Dask worker: the answers to ``tasks`` (``[keys, payloads, max_memory, timeout]``)."""
    ident = threading.get_ident()
    with _lock:
        zygote = _zygotes.get(ident)
        if zygote is None or not zygote.alive():
            zygote = _zygotes[ident] = Zygote()
    answers: list = []
    try:
        zygote_rss = zygote.run(work, tasks, answers)
    except (RuntimeError, OSError, ValueError):  # the zygote died: the items left unanswered say so
        with _lock:
            _zygotes.pop(ident, None)
        zygote_rss = 0
        answered = {key for key, _, _ in answers}
        problem = {"error": "the process that runs its worker's tasks ended unexpectedly", "reason": "worker"}
        answers += [(key, dict(problem), 0) for keys, *_ in tasks for key in keys if key not in answered]
    return {
        "version": zygote.version,
        "done": answers,
        "rss_kib": {"worker": rss_kib(), "zygote": zygote_rss},
    }
