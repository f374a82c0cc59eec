"""Running a command in a worker process that a memory cap and the time limit can stop.

Grounding cannot be interrupted, and a solver that runs out of memory aborts
the whole process. So `solve`, `verify`, `why` and `why-not` run in a forked
worker whose address space is capped (``--max-memory``); the command's
process only waits. When the worker dies for want of memory, or is still
grounding long after ``--timeout``, the command says so on one line and exits
2; what the worker already printed stays printed. Ctrl-C and a closed output
pipe end both processes as they end one.

The worker's standard error comes through the command: its own lines
(``dmrules: ...``, the progress line) go out at once; anything else (what a
dying solver prints) is held, and shown only if the worker ended normally.
"""

from __future__ import annotations

import os
import re
import signal
import sys
import threading
import time
from typing import NoReturn

EXIT_MEMORY = 253  # the worker's own status for "out of memory" (never the command's)
# How long past --timeout the worker may take to stop by itself (it stops within a fraction of a
# second once it is solving; only grounding cannot be cut short) before it is ended.
GRACE = 5.0
DEFAULT_MAX_MEMORY = 4096  # MiB


def available() -> bool:
    return os.name == "posix" and hasattr(os, "fork") and os.environ.get("DMRULES_WORKER") != "off"


def run_in_worker(run, max_memory: int, timeout: float | None, exit_codes: dict[str, int], prepare=None) -> int:
    """``run()`` (which returns an exit status) in a forked worker capped at ``max_memory`` MiB;
    ``prepare()`` runs in the worker before the cap (it may start threads: a thread started
    when memory runs out may never start)."""
    tty = sys.stderr.isatty()
    sys.stdout.flush()
    sys.stderr.flush()
    read_end, write_end = os.pipe()
    # The worker's last word: its exit status, written just before it ends. A worker that ends
    # without it was ended by something else (a solver that aborts when memory runs out).
    said_end, say_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the worker
        os.close(read_end)
        os.close(said_end)
        _worker(run, prepare, max_memory, exit_codes, write_end, say_end, tty)
    os.close(write_end)
    os.close(say_end)
    try:
        return _wait(pid, read_end, max_memory, timeout, exit_codes, said_end)
    finally:
        os.close(said_end)


def _worker(
    run, prepare, max_memory: int, exit_codes: dict[str, int], write_end: int, say_end: int, tty: bool
) -> NoReturn:
    """The forked worker: standard error into the pipe ``write_end``, ``prepare()``, the cap,
    ``run()``; its exit status written to ``say_end`` as its last word, then it ends."""
    os.dup2(write_end, 2)
    os.close(write_end)
    if tty:
        os.environ["DMRULES_PROGRESS"] = "on"  # standard error is a pipe to the command now
    _die_with_parent()
    if prepare is not None:
        prepare()
    # Ctrl-C is taken by the worker's own thread (prepare), which ends the process: the
    # solver need not ground in a thread of its own to let it through.
    os.environ["DMRULES_GROUND_INLINE"] = "1"
    cap = max_memory << 20
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    except (ImportError, ValueError, OSError):
        pass
    # A MemoryError inside one of clingo's callbacks is only "ignored" (printed) by Python,
    # and the solve goes on in a broken state: note it, and end as out of memory.
    short: list[BaseException] = []

    def unraisable(info) -> None:
        if isinstance(info.exc_value, MemoryError):
            short.append(info.exc_value)
        else:
            sys.__unraisablehook__(info)

    sys.unraisablehook = unraisable
    code = exit_codes["fail"]
    try:
        code = _run_noting_memory(run, cap, short, exit_codes)
    finally:
        if short:
            code = EXIT_MEMORY
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os.write(say_end, bytes([code & 0xFF]))
            os._exit(code)


def _run_noting_memory(run, cap: int, short: list[BaseException], exit_codes: dict[str, int]) -> int:
    """``run()``'s exit status; a failure for want of memory is noted in ``short``, any other is
    said on standard error as an internal error."""
    try:
        return run()
    except Exception as exc:
        if is_out_of_memory(exc, short, cap):
            short.append(exc)
            return exit_codes["fail"]
        # a fault of dmrules itself: said, never a bare exit status
        import traceback

        sys.stderr.write("dmrules: internal error (please report it with the scenario):\n")
        traceback.print_exc()
        return exit_codes.get("internal", exit_codes["fail"])


def is_out_of_memory(exc: BaseException, short: list, cap: int) -> bool:
    """Whether ``exc`` is a failure for want of memory: a MemoryError, or clingo's bad_alloc, or
    any failure once a MemoryError was noted (``short``) or the address space came close to its
    cap (``cap`` bytes)."""
    if isinstance(exc, MemoryError):
        return True
    return isinstance(exc, RuntimeError) and bool(short or "bad_alloc" in str(exc) or _near(cap))


def _near(cap: int) -> bool:
    """Whether this process's address space has come close to ``cap`` bytes (Linux)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmPeak:"):
                    return int(line.split()[1]) * 1024 >= cap * 0.9
    except OSError:
        pass
    return False


def _die_with_parent() -> None:
    """Linux: the worker is killed when the command's process ends, however it ends."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError, ImportError):
        pass


# A piece of the worker's standard error: a progress update (after a carriage return, up to
# the next one) or a line.
_PIECE = re.compile(rb"\r?[^\r\n]*\n?")


def _relay(read_end: int, held: list[bytes]) -> None:
    """Pass the worker's own lines (``dmrules: ...``) and its progress line (written over
    itself, each update after a carriage return) on at once; hold the rest."""
    pending = b""
    with os.fdopen(read_end, "rb", buffering=0) as pipe:
        while True:
            chunk = pipe.read(1 << 16)
            pending += chunk
            while pending:
                found = _PIECE.match(pending)
                assert found is not None  # the pattern matches any non-empty bytes
                piece = found.group()
                if not piece.endswith(b"\n") and len(piece) == len(pending) and chunk:
                    break  # the rest of it has not come yet
                pending = pending[len(piece) :]
                if piece.startswith((b"\r", b"dmrules:")):
                    os.write(2, piece)
                else:
                    held.append(piece)
            if not chunk:
                break


def _wait(
    pid: int, read_end: int, max_memory: int, timeout: float | None, exit_codes: dict[str, int], said_end: int
) -> int:
    held: list[bytes] = []
    relay = threading.Thread(target=_relay, args=(read_end, held), name="dmrules-relay", daemon=True)
    relay.start()
    deadline = None if timeout is None else time.monotonic() + timeout + GRACE
    late = False
    stuck = _Stuck(pid, max_memory << 20)
    while True:
        try:
            done, status = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:  # pragma: no cover - reaped elsewhere
            return exit_codes["fail"]
        except KeyboardInterrupt:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            raise
        if done:
            break
        if deadline is not None and time.monotonic() >= deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            late = True
            break
        if stuck.check():  # at its cap and doing nothing: memory ran out where it cannot say so
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            relay.join(1.0)
            return _say_out_of_memory(max_memory, exit_codes)
        time.sleep(0.02)
    relay.join(1.0)
    if late:
        sys.stderr.write(
            f"dmrules: error: no answer within --timeout {timeout:g} s: the solver was still "
            "grounding (building the program), which cannot be cut short; make the scenario "
            "smaller\n"
        )
        return exit_codes["input"]
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        if number == signal.SIGPIPE:  # the reader of the output has gone: end as quietly
            signal.signal(signal.SIGPIPE, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGPIPE)
            return exit_codes["pipe"]
        if number == signal.SIGINT:
            return exit_codes["interrupted"]
        if number in (signal.SIGABRT, signal.SIGSEGV, signal.SIGBUS, signal.SIGKILL):
            return _say_out_of_memory(max_memory, exit_codes)
        return exit_codes["fail"]
    said = os.read(said_end, 1)
    code = said[0] if said else None
    if code is None:  # ended by something other than itself: the solver gave up for want of memory
        return _say_out_of_memory(max_memory, exit_codes)
    if code == EXIT_MEMORY:
        return _say_out_of_memory(max_memory, exit_codes)
    for line in held:
        os.write(2, line)
    return code


class _Stuck:
    """Whether the worker sits at its memory cap without using the processor (Linux): a
    thread or lock that could not get memory may wait for ever."""

    def __init__(self, pid: int, cap: int, quiet: float = 2.0):
        self.pid, self.cap, self.quiet = pid, cap, quiet
        self.last_cpu: int | None = None
        self.since = time.monotonic()
        self.next = 0.0

    def check(self) -> bool:
        now = time.monotonic()
        if now < self.next:
            return False
        self.next = now + 0.25
        try:
            with open(f"/proc/{self.pid}/stat", encoding="ascii") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            cpu = int(fields[11]) + int(fields[12])
            with open(f"/proc/{self.pid}/status", encoding="ascii") as status:
                size = next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmSize:"))
        except (OSError, ValueError, IndexError, StopIteration):
            return False
        if cpu != self.last_cpu or size < self.cap * 0.9:
            self.last_cpu, self.since = cpu, now
            return False
        return now - self.since >= self.quiet


def _say_out_of_memory(max_memory: int, exit_codes: dict[str, int]) -> int:
    """The command's status for a worker that ran out of memory, once said on standard error."""
    sys.stderr.write(
        f"dmrules: error: the solver stopped: it needed more memory than --max-memory allows "
        f"({max_memory:,} MiB); raise the limit, or make the scenario smaller (--max-resolutions, "
        f"--group names, fewer cards)\n"
    )
    return exit_codes["input"]


class WorkerOutOfMemory(MemoryError):
    """The bounded worker of ``call_in_worker`` needed more memory than its cap."""


class WorkerTooLate(TimeoutError):
    """The bounded worker of ``call_in_worker`` was still at work long after its time limit
    (grounding, which cannot be cut short), and was ended."""


_FRAME = 8  # bytes of a frame's length


def call_in_worker(fn, max_memory: int, timeout: float | None = None, on_item=None):
    """``fn(send)`` in a forked worker whose address space is capped at ``max_memory`` MiB; what
    it returns comes back (pickled), and so does what it raises. Each ``send(item)`` in the worker
    hands ``item`` to ``on_item`` here, in this process, as it comes. Raises ``WorkerOutOfMemory``
    when the worker ran out of memory, ``WorkerTooLate`` when it was still at work ``GRACE``
    seconds after ``timeout``. Ctrl-C here ends the worker and raises here."""
    import pickle

    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the worker: its only way out is os._exit
        code = 0
        try:
            os.close(read_end)
            _die_with_parent()
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the caller's: it ends us
            os.environ["DMRULES_GROUND_INLINE"] = "1"
            cap = max_memory << 20
            try:
                import resource

                resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
            except (ImportError, ValueError, OSError):
                pass
            out = os.fdopen(write_end, "wb", buffering=1 << 16)

            def frame(kind: str, value) -> None:
                data = pickle.dumps((kind, value), protocol=pickle.HIGHEST_PROTOCOL)
                out.write(len(data).to_bytes(_FRAME, "little") + data)

            try:
                result = ("done", fn(lambda item: frame("item", item)))
            except MemoryError:
                result = ("memory", None)
            except BaseException as exc:  # handed over as it is, or said in words
                try:
                    pickle.dumps(exc)
                    result = ("error", exc)
                except Exception:
                    result = ("error", RuntimeError(f"{type(exc).__name__}: {exc}"))
            frame(*result)
            out.flush()
        except BaseException:
            code = EXIT_MEMORY
        finally:
            os._exit(code)
    os.close(write_end)
    return _collect(pid, read_end, max_memory, timeout, on_item)


def _collect(pid: int, read_end: int, max_memory: int, timeout: float | None, on_item):
    import pickle

    deadline = None if timeout is None else time.monotonic() + timeout + GRACE
    outcome = None
    pipe = _Frames(read_end, pid, deadline)
    try:
        while outcome is None:
            head = pipe.take(_FRAME)
            body = None if head is None else pipe.take(int.from_bytes(head, "little"))
            if body is None:
                break  # the worker ended without its last word
            kind, value = pickle.loads(body)
            if kind == "item":
                if on_item is not None:
                    on_item(value)
            else:
                outcome = (kind, value)
    except BaseException:
        _end(pid)
        raise
    finally:
        os.close(read_end)
    os.waitpid(pid, 0)
    if outcome is None and pipe.killed:
        raise WorkerTooLate(f"still at work {GRACE:g} s after the time limit of {timeout:g} s")
    if outcome is None or outcome[0] == "memory":
        raise WorkerOutOfMemory(f"needed more memory than the limit of {max_memory:,} MiB")
    if outcome[0] == "error":
        raise outcome[1]
    return outcome[1]


class _Frames:
    """The worker's pipe, read as it comes; the worker is ended once past ``deadline``."""

    def __init__(self, fd: int, pid: int, deadline: float | None):
        self.fd, self.pid, self.deadline = fd, pid, deadline
        self.buffer = bytearray()
        self.killed = False

    def take(self, size: int) -> bytes | None:
        """The next ``size`` bytes, or None once the pipe ends first."""
        import select

        while len(self.buffer) < size:
            if self.deadline is not None and not self.killed:
                wait = max(self.deadline - time.monotonic(), 0) + 0.01
                if not select.select([self.fd], [], [], wait)[0] and time.monotonic() >= self.deadline:
                    os.kill(self.pid, signal.SIGKILL)
                    self.killed = True
                    continue
            chunk = os.read(self.fd, max(1 << 16, size - len(self.buffer)))
            if not chunk:
                return None
            self.buffer += chunk
        out = bytes(self.buffer[:size])
        del self.buffer[:size]
        return out


def _end(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass
