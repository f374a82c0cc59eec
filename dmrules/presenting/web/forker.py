"""The workbench's fork server: a process with one thread that has loaded dmrules once, and
forks a child for each request (``jobs.py``).

The server sends it one end of a socket pair per job (``socket.send_fds``); it forks, the child
takes the job from that socket, answers on it and ends; the fork server says the child's pid
back (4 bytes), so that the server can end a child that runs too long. Children are reaped by
the system (SIGCHLD ignored); each dies with the fork server, which ends when the server closes
its socket (or dies).

    python -m dmrules.presenting.web.forker FD
"""

from __future__ import annotations

import os
import signal
import socket
import struct
import sys
from multiprocessing.connection import Connection

from ...worker import _die_with_parent
from .child import child_main


def _forked_child(control: socket.socket, fd: int) -> None:
    control.close()
    _die_with_parent()
    # What a dying solver prints (an abort for want of memory) is not the server's log: the child
    # says what went wrong in its answer (an internal error with its traceback).
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 2)
    os.close(quiet)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        conn = Connection(fd)
        task, payload, max_memory = conn.recv()

        child_main(conn, task, payload, max_memory)  # ends the process
    finally:
        os._exit(0)


def serve(control: socket.socket) -> None:
    """Fork a child for each socket received, until the server goes away."""
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which ends this process
    while True:
        try:
            _, fds, _, _ = socket.recv_fds(control, 1, 1)
        except OSError:
            return
        if not fds:
            return  # the server closed its end
        pid = os.fork()
        if pid == 0:
            _forked_child(control, fds[0])
        os.close(fds[0])
        try:
            control.sendall(struct.pack("!i", pid))
        except OSError:
            return


def _one_malloc_arena() -> None:
    """One malloc arena for every thread (glibc's M_ARENA_MAX): the warm-up's solve (``checking/warm.py``) runs clingo's
    threads, and each thread's own arena reserves 64 MiB of address space that every child would
    inherit and count against its memory cap (RLIMIT_AS) before doing anything."""
    try:
        import ctypes

        ctypes.CDLL(None).mallopt(-8, 1)  # M_ARENA_MAX
    except (OSError, AttributeError):  # not glibc: no arenas of this kind to limit
        pass


def main() -> None:
    # Not PR_SET_PDEATHSIG here: it follows the thread that started this process, and the server
    # starts it from a worker thread that may end. The server's end of the socket closes with it.
    # Ctrl-C stops the server, which ends this process by closing its socket: from the start, not
    # only once it serves (the warm-up takes a moment, and a terminal sends Ctrl-C to both).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    control = socket.socket(fileno=int(sys.argv[1]))
    _one_malloc_arena()
    import dmrules.presenting.web.child  # noqa: F401  (dmrules, clingo and the bundled cards, loaded once)
    from dmrules.checking.warm import warm

    try:
        warm()
    except Exception:  # noqa: BLE001 - each request then does the same work, and says what fails
        pass
    try:
        control.sendall(b"R")  # ready
    except OSError:  # the server went away during the warm-up
        return
    serve(control)


if __name__ == "__main__":
    main()
