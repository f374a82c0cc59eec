"""Where the tasks of ``check`` and ``verify`` run, and their answers put back in input order.

A *backend* takes tasks and gives back answers in any order: the local pool (``Supervisor``
of ``bounded.py`` with ``--jobs`` slots, the default, or one slot for a serial run), a Dask
cluster (``cluster.py``), or, where processes cannot be forked (``DMRULES_WORKER=off``), this
process itself, without limits. ``run_ordered`` feeds one and hands each answer on in the
order of the input, as soon as every earlier one is known.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol

import dmrules

from ..checking.verify import VerifyResult, verify_scenario
from ..checking.warm import warm
from ..game.errors import InputError
from ..worker import available
from .items import CheckWork
from .supervisor import Done, Limits, Supervisor, Task, Work, _answer_one


class VerifyWork:
    """The work of a ``verify`` task: each file's result. The files of a task are verified one
    after another in one process, which keeps what it compiled and solved for the next ones."""

    def prepare(self, payloads: list[dict]) -> None:
        pass

    def answer(self, payload: dict) -> dict:

        try:
            scenario = _verify_scenario(payload)
        except InputError as exc:
            return VerifyResult(payload["path"], "error", problems=[str(exc)]).as_dict()
        return verify_scenario(scenario, payload["path"]).as_dict()


def _verify_scenario(payload: dict):
    if payload.get("text") is not None:
        return dmrules.scenario_from_text(payload["text"], payload["path"])
    return dmrules.load_scenario(payload["path"])


def _check_work() -> Work:
    return CheckWork()


WORKS: dict[str, Callable[[], Work]] = {"check": _check_work, "verify": VerifyWork}


class Backend(Protocol):
    def has_room(self) -> bool: ...

    def submit(self, task: Task) -> None: ...

    def poll(self, wait: float = 0.25) -> list[Done]: ...

    def busy(self) -> bool: ...

    def close(self) -> None: ...


class InProcess:
    """Tasks answered in this process, one after another, without limits (no fork here)."""

    def __init__(self, work: Work):
        self.work = work
        self.done: list[Done] = []

    def has_room(self) -> bool:
        return True

    def busy(self) -> bool:
        return bool(self.done)

    def submit(self, task: Task) -> None:
        self.work.prepare(task.payloads)
        for key, payload in zip(task.keys, task.payloads):
            answer, _ = _answer_one(self.work, payload, [], task.limits.max_memory << 20, task.limits.max_memory)
            self.done.append(Done(key, answer))

    def poll(self, wait: float = 0.25) -> list[Done]:
        done, self.done = self.done, []
        return done

    def close(self) -> None:
        self.done.clear()


def local_backend(work_name: str, jobs: int) -> Backend:
    """The local pool of ``jobs`` slots (one: serial), or this process where none can be forked."""
    work = WORKS[work_name]()
    if not available():
        return InProcess(work)
    warm()
    return Supervisor(work, slots=jobs)


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


@dataclass
class Stats:
    """What the run's processes used: the peak resident set of each task's process, in order."""

    peaks_kib: list[int] = field(default_factory=list)

    def add(self, peak: int) -> None:
        if peak:
            self.peaks_kib.append(peak)


Job = tuple[int, "Task | dict"]  # an item's number, and its task or its answer known already


def run_ordered(
    jobs: Iterable[Job],
    backend: Backend,
    emit: Callable[[int, dict], None],
    stats: Stats | None = None,
    tick: Callable[[], None] | None = None,
) -> None:
    """Each job's answer to ``emit``, in the order of the jobs' numbers (0, 1, 2, ...)."""
    ready: dict[int, dict] = {}
    following = 0

    def take(done: list[Done]) -> None:
        nonlocal following
        for item in done:
            ready[item.key] = item.answer
            if stats is not None:
                stats.add(item.peak_kib)
        while following in ready:
            emit(following, ready.pop(following))
            following += 1
        if tick is not None:
            tick()

    try:
        for number, job in jobs:
            if isinstance(job, Task):
                while not backend.has_room():
                    take(backend.poll())
                backend.submit(job)
                take(backend.poll(0.0))
            else:
                take([Done(number, job)])
        drain = getattr(backend, "drain", None)  # a backend that holds tasks back to send several at once
        if drain is not None:
            drain()
        while backend.busy():
            take(backend.poll())
    finally:
        backend.close()


def limits(timeout: float | None, max_memory: int) -> Limits:
    return Limits(max_memory=max_memory, timeout=timeout)


VERIFY_CHUNK = 16  # files verified one after another in one process


def verify_each(
    paths: list,
    jobs: int,
    limits_of_each: Limits,
    stdin_text: Callable[[], str],
    emit: Callable[[object], None],
) -> None:
    """``verify`` of each path (``-``: standard input) in a capped process, in order, each result
    to ``emit`` as soon as it and every earlier one is known. Consecutive files are verified
    VERIFY_CHUNK at a time in one process; a file that outlives its time limit there gets its
    error and the files after it go on in a new process; when that process fails otherwise, the
    files it left are verified again each in a process of its own, and a file whose own process
    fails gets an error result."""

    def work():
        number = 0
        chunk: list[dict] = []
        for path in paths:
            if path != "-":
                chunk.append({"path": str(path)})
                if len(chunk) < VERIFY_CHUNK:
                    continue
            if chunk:
                yield number, Task(list(range(number, number + len(chunk))), chunk, limits_of_each)
                number += len(chunk)
                chunk = []
            if path == "-":
                try:
                    job: Task | dict = Task([number], [{"path": "<stdin>", "text": stdin_text()}], limits_of_each)
                except InputError as exc:
                    job = VerifyResult("<stdin>", "error", problems=[str(exc)]).as_dict()
                yield number, job
                number += 1
        if chunk:
            yield number, Task(list(range(number, number + len(chunk))), chunk, limits_of_each)

    names: list[str] = [str(p) if p != "-" else "<stdin>" for p in paths]

    def result(number: int, answer: dict) -> None:
        if "error" in answer and "status" not in answer:
            emit(VerifyResult(names[number], "error", problems=[f"{names[number]}: {answer['error']}"]))
            return
        emit(VerifyResult(**{**answer, "rules": tuple(answer.get("rules") or ())}))

    run_ordered(work(), local_backend("verify", jobs), result)
