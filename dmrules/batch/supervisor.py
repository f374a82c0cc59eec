"""Tasks, each in a process of its own, under a memory cap and a time limit.

clingo solves on one thread, never gives memory back to the system, and a solver that runs
out of memory may abort the whole process. So ``check`` and ``verify`` run every task in a
process forked for it from a warmed one (the modules imported, the encodings read, the
bundled cards loaded), as the command line's own worker does (``dmrules/worker.py``): its
address space is capped (``RLIMIT_AS``), it is ended once its task is answered (its memory
goes back to the system with it), and a task whose process runs out of memory, outlives its
time limit or dies in any other way is answered by an error of its own, never by the loss of
the batch.

``Supervisor`` runs up to ``slots`` such processes at once. A task may hold several items,
answered one after another in one process (``verify`` does, for the caches the process keeps
from one file to the next); when such a process dies or runs out of memory, the item it was
answering cannot be blamed alone, so its unanswered items are run again, each in a process of
its own; when the item being answered outlives its own time limit, it alone gets the error, and
the items after it go on together in a new process.

``serve_tasks`` (``python -m dmrules.batch.zygote``) is a *zygote*: it reads tasks as JSON lines
on standard input and writes their answers on standard output, each task run as above. A
Dask worker starts one (``cluster.py``), so that a task has the same limits there as on the
local pool.
"""

from __future__ import annotations

import json
import os
import select
import signal
import sys
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Protocol

from ..worker import _die_with_parent, _Stuck, is_out_of_memory

# How often a running process is looked at for a memory cap it sits at without working.
LOOK_EVERY = 0.25
EXIT_MEMORY, EXIT_LOST = 3, 4  # a task's process's own statuses: out of memory; failed unanswered


class Work(Protocol):
    """What a task's process does: ``prepare`` its items (may do nothing), then ``answer`` each."""

    def prepare(self, payloads: list[dict]) -> None: ...

    def answer(self, payload: dict) -> dict: ...


@dataclass(frozen=True)
class Limits:
    max_memory: int  # MiB: what the task's process may add to the address space it is forked with
    timeout: float | None  # seconds for each item, from the start of its process (or of the item)


@dataclass
class Task:
    keys: list[int]
    payloads: list[dict]
    limits: Limits


@dataclass
class Done:
    key: int
    answer: dict
    peak_kib: int = 0  # the peak resident set of the process that answered it


def memory_error(max_memory: int) -> dict:
    return {
        "error": f"needed more memory than its cap of {max_memory:,} MiB (--max-memory)",
        "reason": "memory",
    }


def timeout_error(timeout: float) -> dict:
    return {"error": f"no answer within its time limit of {timeout:g} s (--timeout)", "reason": "timeout"}


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _answer_one(work: Work, payload: dict, short: list, cap: int, max_memory: int) -> tuple[dict, bool]:
    """The answer to one item, and whether the process must end (memory ran out: its state may
    be broken)."""
    from ..game.errors import DmrulesError, InputError

    try:
        answer = work.answer(payload)
        if short:  # the solver went on after memory ran out inside it: its answer cannot be trusted
            return memory_error(max_memory), True
        return answer, False
    except InputError as exc:
        return {"error": str(exc), "reason": "input"}, bool(short)
    except DmrulesError as exc:
        return {"error": str(exc), "reason": "solve"}, bool(short)
    except Exception as exc:  # noqa: BLE001 - said as an error of this item, never a traceback
        if is_out_of_memory(exc, short, cap):
            return memory_error(max_memory), True
        return {"error": f"internal error: {type(exc).__name__}: {exc}", "reason": "internal"}, False


def vm_size() -> int:
    """This process's address space now, in bytes (Linux; 0 elsewhere)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            return next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmSize:"))
    except (OSError, StopIteration, ValueError):
        return 0


def _child(work: Work, task: Task, write_fd: int, cap: int) -> None:
    """The task's process: cap it (at ``cap`` bytes of address space), answer its items, one JSON
    line each, and end."""
    try:
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, 0)
        os.dup2(null, 1)
        os.dup2(null, 2)
        _die_with_parent()
        os.environ["DMRULES_GROUND_INLINE"] = "1"
        os.environ.pop("DMRULES_PROGRESS", None)
        try:
            import resource

            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
        except (ImportError, ValueError, OSError):
            pass
        short: list[BaseException] = []

        def unraisable(info) -> None:  # a MemoryError inside one of clingo's callbacks
            if isinstance(info.exc_value, MemoryError):
                short.append(info.exc_value)

        sys.unraisablehook = unraisable
        try:
            work.prepare(task.payloads)
        except Exception:  # noqa: BLE001 - each item then says what is wrong with it
            if short:
                os._exit(EXIT_MEMORY)
        for payload in task.payloads:
            answer, end = _answer_one(work, payload, short, cap, task.limits.max_memory)
            if end and len(task.payloads) > 1:
                # Out of memory with what the items before it left: not known to be this item's
                # own doing. The supervisor runs it again in a process of its own.
                os._exit(EXIT_MEMORY)
            # A file name of bytes that are not UTF-8 is text with lone surrogates: carried as they are (json.loads
            # of the bytes reads them back so), never an answer lost.
            _write_all(write_fd, (json.dumps(answer, ensure_ascii=False) + "\n").encode("utf-8", "surrogatepass"))
            if end:
                break
    except MemoryError:
        os._exit(EXIT_MEMORY)
    except BaseException:  # noqa: BLE001 - what is left unanswered is said by the supervisor
        os._exit(EXIT_LOST)
    os._exit(0)


@dataclass
class _Running:
    pid: int
    fd: int
    task: Task
    started: float
    item_started: float
    answered: int = 0
    buffer: bytes = b""
    killed: str | None = None  # why the supervisor ended it
    stuck: _Stuck | None = None
    done: list[Done] = field(default_factory=list)


class Supervisor:
    """Runs tasks in capped processes forked from this one, up to ``slots`` at once.

    ``submit`` a task when ``has_room``; ``poll`` waits a little and returns what is answered.
    """

    def __init__(self, work: Work, slots: int = 1):
        self.work = work
        self.slots = max(1, slots)
        self.running: dict[int, _Running] = {}
        self.again: deque[Task] = deque()  # items of a task whose process died, one per task

    def has_room(self) -> bool:
        return not self.again and len(self.running) < self.slots

    def busy(self) -> bool:
        return bool(self.running or self.again)

    def submit(self, task: Task) -> None:
        # The cap is on what the task's process adds to the address space it starts with (this
        # process's: the modules, the encodings, and whatever threads this process runs), so
        # that a task has the same room wherever it is forked from.
        cap = vm_size() + (task.limits.max_memory << 20)
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_fd)
            for other in self.running.values():
                os.close(other.fd)
            _child(self.work, task, write_fd, cap)
        os.close(write_fd)
        os.set_blocking(read_fd, False)
        now = time.monotonic()
        self.running[read_fd] = _Running(pid, read_fd, task, now, now, stuck=_Stuck(pid, cap))

    def poll(self, wait: float = LOOK_EVERY) -> list[Done]:
        """What was answered within ``wait`` seconds (sooner, as soon as anything is)."""
        while self.again and len(self.running) < self.slots:
            self.submit(self.again.popleft())
        if not self.running:
            return []
        now = time.monotonic()
        deadlines = [
            r.item_started + r.task.limits.timeout for r in self.running.values() if r.task.limits.timeout is not None
        ]
        wait = max(0.0, min([wait, *(d - now for d in deadlines)]))
        try:
            ready, _, _ = select.select(list(self.running), [], [], wait)
        except InterruptedError:
            ready = []
        done: list[Done] = []
        for fd in ready:
            done += self._read(self.running[fd])
        for run in list(self.running.values()):
            done += self._watch(run)
        return done

    def _read(self, run: _Running) -> list[Done]:
        done: list[Done] = []
        try:
            chunk = os.read(run.fd, 1 << 16)
        except BlockingIOError:
            return done
        run.buffer += chunk
        *lines, run.buffer = run.buffer.split(b"\n")
        for line in lines:  # held until the process ends, to be given with its peak memory
            try:
                answer = json.loads(line)
            except ValueError:
                answer = {"error": "internal error: its process gave an answer that is not JSON", "reason": "internal"}
            run.done.append(Done(run.task.keys[run.answered], answer))
            run.answered += 1
            run.item_started = time.monotonic()
        if not chunk:
            done += self._end(run)
        return done

    def _watch(self, run: _Running) -> list[Done]:
        """End a process past its item's time limit, or sitting at its memory cap doing nothing."""
        if run.fd not in self.running:
            return []
        timeout = run.task.limits.timeout
        if timeout is not None and time.monotonic() >= run.item_started + timeout:
            run.killed = "timeout"
        elif run.stuck is not None and run.stuck.check():
            run.killed = "memory"
        else:
            return []
        try:
            os.kill(run.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        return self._end(run)

    def _end(self, run: _Running) -> list[Done]:
        """The process has ended (or was ended): its status, and what its unanswered items get."""
        del self.running[run.fd]
        os.close(run.fd)
        _, status, usage = os.wait4(run.pid, 0)
        peak = int(usage.ru_maxrss)
        done = [Done(item.key, item.answer, peak) for item in run.done]
        left = list(zip(run.task.keys[run.answered :], run.task.payloads[run.answered :]))
        if not left:
            return done
        if run.killed == "timeout":
            # The item being answered outlived its own time limit: it gets the error, and the items
            # after it go on together in a new process (answering it alone again would take as long).
            rest = left[1:]
            if rest:
                self.again.append(Task([key for key, _ in rest], [payload for _, payload in rest], run.task.limits))
        elif len(run.task.keys) > 1:  # which item it died of is not known: each again on its own
            self.again.extend(Task([key], [payload], run.task.limits) for key, payload in left)
            return done
        return [*done, Done(left[0][0], self._failure(run, status), peak)]

    def _failure(self, run: _Running, status: int) -> dict:
        limits = run.task.limits
        if run.killed == "timeout":
            return timeout_error(limits.timeout or 0.0)
        if os.WIFEXITED(status) and os.WEXITSTATUS(status) == EXIT_LOST:
            return {"error": "internal error: its process ended without an answer", "reason": "internal"}
        if run.killed == "memory" or os.WIFEXITED(status):
            # Ended by something other than itself, as worker.py reads it: the C library or the
            # solver gave up for want of memory (glibc ends a process whose new thread finds no
            # memory for its thread-local data with status 127).
            return memory_error(limits.max_memory)
        number = os.WTERMSIG(status)
        if number in (signal.SIGABRT, signal.SIGSEGV, signal.SIGBUS, signal.SIGKILL):
            return memory_error(limits.max_memory)  # as worker.py: how a solver short of memory dies
        return {"error": f"its process was ended by signal {signal.Signals(number).name}", "reason": "worker"}

    def close(self) -> None:
        """End every process still running."""
        for run in list(self.running.values()):
            try:
                os.kill(run.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.close(run.fd)
            os.waitpid(run.pid, 0)
        self.running.clear()
        self.again.clear()


def run_all(supervisor: Supervisor, tasks: list[Task]) -> list[Done]:
    """Every task's answers (in the order they came)."""
    done: list[Done] = []
    queue = deque(tasks)
    while queue or supervisor.busy():
        while queue and supervisor.has_room():
            supervisor.submit(queue.popleft())
        done += supervisor.poll()
    return done


# -- the zygote: tasks in on standard input, answers out on standard output ------------------


def rss_kib(pid: int | str = "self") -> int:
    """A process's resident set now (Linux; 0 elsewhere)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    except (OSError, StopIteration, ValueError):
        return 0
