"""The workbench's work in child processes: each solve, explanation, compile and scenario read
runs in a process of its own, capped in memory and time, that ends once it has sent its answer.

The server itself only reads requests and passes answers on: grounding (which cannot be cut
short) and a solver that runs out of memory end the child, never the server, and the memory a
solve took goes back to the system when its process ends. At most ``concurrent`` children run at
once; up to ``queue`` more requests wait for a turn, and any beyond are refused (503).

Children are forked from a fork server (``forker.py``), a process started once that has
imported dmrules and read the bundled cards: a child starts in a few milliseconds, from a
process with one thread.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection

from anyio import to_thread

# How long past its time limit a child may take to stop by itself (it stops within a fraction
# of a second once it is solving; grounding cannot be cut short) before it is ended.
STOP_GRACE = 3.0
_POLL = 0.05


class Busy(Exception):
    """Every slot is taken and the queue is full."""


@dataclass
class ChildProgress:
    """What a running child has said so far: the resolutions found, and whether it is solving (it
    has read the situation); ``cancel`` ends it."""

    found: int = 0
    solving: bool = False

    def __post_init__(self) -> None:
        self.cancel = threading.Event()


class Forker:
    """The fork server (``forker.py``), started on first use and again if it ever ends."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.control: socket.socket | None = None
        self.process: subprocess.Popen | None = None

    def _start(self) -> socket.socket:
        ours, theirs = socket.socketpair()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "dmrules.presenting.web.forker", str(theirs.fileno())],
            pass_fds=[theirs.fileno()],
            stdin=subprocess.DEVNULL,
        )
        theirs.close()
        if ours.recv(1) != b"R":
            ours.close()
            raise OSError("the workbench's fork server did not start")
        self.control = ours
        return ours

    def fork(self) -> tuple[int, socket.socket]:
        """A new child: its pid and the socket to talk to it."""
        with self.lock:
            for attempt in (1, 2):
                control = self.control or self._start()
                ours, theirs = socket.socketpair()
                try:
                    socket.send_fds(control, [b"J"], [theirs.fileno()])
                    raw = _read(control, 4)
                    return struct.unpack("!i", raw)[0], ours
                except OSError:
                    ours.close()
                    self.stop()
                    if attempt == 2:
                        raise
                finally:
                    theirs.close()
        raise OSError("unreachable")

    def start_soon(self) -> None:
        """Start the fork server in the background: its warm-up (``checking/warm.py``) is done by the
        time the first request comes, which otherwise waits for it. A start that fails here is
        tried again by that request, which then says what went wrong."""

        def start() -> None:
            with self.lock:
                if self.control is None:
                    try:
                        self._start()
                    except OSError:
                        pass

        threading.Thread(target=start, name="dmrules-fork-server-start", daemon=True).start()

    def stop(self) -> None:
        if self.control is not None:
            self.control.close()
            self.control = None
        if self.process is not None:
            self.process.wait(5)
            self.process = None


def _read(sock: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise OSError("the fork server ended")
        data += chunk
    return data


FORKER = Forker()


class Pool:
    """Runs tasks (``child.TASKS``) in children: at most ``concurrent`` at once, ``queue`` waiting."""

    def __init__(self, concurrent: int, queue: int, max_memory: int):
        self.concurrent = concurrent
        self.queue = queue
        self.max_memory = max_memory
        self.running = 0
        self.waiting = 0
        self._slots: asyncio.Semaphore | None = None

    def _semaphore(self) -> asyncio.Semaphore:
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.concurrent)
        return self._slots

    async def run(self, task: str, payload: dict, seconds: float, progress: ChildProgress | None = None) -> dict:
        """The child's answer: ``{"ok": value}`` or ``{"error": ..., "status": N}``. Raises ``Busy``
        when no turn can be had; cancelling the caller (or ``progress.cancel``) ends the child."""
        if self.running + self.waiting >= self.concurrent + self.queue:
            raise Busy()
        slots = self._semaphore()
        self.waiting += 1
        try:
            await slots.acquire()
        finally:
            self.waiting -= 1
        self.running += 1
        progress = progress or ChildProgress()
        try:
            return await to_thread.run_sync(self._child, task, payload, seconds, progress, abandon_on_cancel=True)
        except BaseException:
            progress.cancel.set()  # the request went away: the child is ended
            raise
        finally:
            self.running -= 1
            slots.release()

    def _child(self, task: str, payload: dict, seconds: float, progress: ChildProgress) -> dict:
        pid, sock = FORKER.fork()
        conn = Connection(sock.detach())
        ended = False
        try:
            conn.send((task, payload, self.max_memory))
            answer, ended = _wait_for_answer(conn, time.monotonic() + seconds + STOP_GRACE, progress, self.max_memory)
            return answer
        except OSError:
            ended = True  # the child is gone already
            return {"error": {"kind": "memory", "max_memory": self.max_memory}, "status": 422}
        finally:
            if not ended:
                _kill(pid)
            conn.close()


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _wait_for_answer(conn, deadline: float, progress: ChildProgress, max_memory: int) -> tuple[dict, bool]:
    """Read the child's messages until its answer, its end, the deadline or a cancel; and whether
    the child has ended (its end of the socket closed)."""
    while True:
        if progress.cancel.is_set():
            return {"error": {"kind": "cancelled"}, "status": 499}, False
        if conn.poll(_POLL):
            try:
                kind, value = conn.recv()
            except (EOFError, OSError):
                # Ended without an answer: the solver aborted for want of memory (it cannot say so
                # itself), or the system ended the child.
                return {"error": {"kind": "memory", "max_memory": max_memory}, "status": 422}, True
            if kind == "found":
                progress.found, progress.solving = value, True
                continue
            return value, False
        if time.monotonic() > deadline:
            return {"error": {"kind": "grounding"}, "status": 422}, False
