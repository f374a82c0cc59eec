"""`dmrules serve` under a burst of hostile and concurrent requests: it stays small, answers other
requests meanwhile, refuses other sites, ends the work of clients that went away, and logs no
traceback. The server runs as a user runs it, in a process of its own, so its memory is its own."""

import json
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request

import yaml

from .conftest import FIXTURES, ROOT
from .test_memory_bound import heavy_grounding
from .webserver import call, free_port

A01 = yaml.safe_load((FIXTURES / "A01-two-jashintei.yaml").read_text(encoding="utf-8"))
# About 500 MiB to ground (tests/test_memory_bound.py): far over the cap below.
HUNGRY = yaml.safe_load(heavy_grounding())
MAX_MEMORY = 96  # MiB for each child: A01 needs less
SERVER_RSS_BOUND = 200 << 20  # the server's own peak resident memory, in bytes


def _status(pid: int, field: str) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    raise LookupError(field)


def _children(pid: int) -> list[int]:
    import os

    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii") as stat:
                    if int(stat.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.append(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    return out


def _gone_client(port: int, doc: dict, stream: bool = True) -> None:
    """A browser that sends a solve and goes away at once."""
    body = json.dumps({"scenario": doc, "stream": stream}).encode()
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.sendall(
            b"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + f"Content-Length: {len(body)}\r\n\r\n".encode()
            + body
        )
        time.sleep(0.3)


def test_a_burst_leaves_the_server_small_answering_and_quiet():
    import os

    forkers: list[int] = []
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "dmrules.cli", "serve", "--port", str(port), "--timeout", "1"]
        + ["--max-memory", str(MAX_MEMORY), "--concurrent", "2"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout.readline().startswith("dmrules workbench:")
        assert call(base + "/api/solve", {"scenario": A01})[0] == 200  # the fork server is up
        statuses: dict[str, list[int]] = {"hungry": [], "normal": [], "foreign": [], "plain": [], "long": []}

        def post(kind, body, headers=None):
            statuses[kind].append(call(base + "/api/solve", body, headers)[0])

        work = [threading.Thread(target=post, args=("hungry", {"scenario": HUNGRY})) for _ in range(2)]
        work += [threading.Thread(target=_gone_client, args=(port, HUNGRY, k != 1)) for k in range(3)]
        work += [threading.Thread(target=post, args=("normal", {"scenario": A01})) for _ in range(3)]
        work.append(
            threading.Thread(target=post, args=("foreign", {"scenario": A01}, {"origin": "http://evil.example"}))
        )
        work.append(threading.Thread(target=post, args=("plain", {"scenario": A01}, {"content-type": "text/plain"})))
        work.append(
            threading.Thread(
                target=lambda: statuses["long"].append(call(base + "/api/compile", {"text": "か" * 53_000})[0])
            )
        )
        for thread in work:
            thread.start()
        # Other requests are answered while the burst is being worked through (any of its requests still open: the
        # two hungry solves alone may be refused for memory before a first search is answered)
        searched_during = 0
        while any(t.is_alive() for t in work):
            with urllib.request.urlopen(base + "/api/cards?q=jashin", timeout=30) as response:
                assert json.loads(response.read())["cards"][0]["name"] == "アビスベル＝ジャシン帝"
            searched_during += any(t.is_alive() for t in work)
        for thread in work:
            thread.join(60)
        assert searched_during >= 1
        assert all(s in (422, 503) for s in statuses["hungry"]) and statuses["hungry"], statuses
        # At most 2 run and 4 wait: the rest are refused with a message, never failed.
        assert all(s in (200, 503) for s in statuses["normal"]) and len(statuses["normal"]) == 3, statuses
        assert statuses["foreign"] == [403] and statuses["plain"] == [415] and statuses["long"] in ([400], [413])
        # The work of the clients that went away was ended, and every child has ended: their memory
        # went back with them.
        deadline = time.monotonic() + 20
        forkers = _children(server.pid)
        assert len(forkers) == 1
        while any(_children(f) for f in forkers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert [c for f in forkers for c in _children(f)] == []
        assert _status(server.pid, "VmHWM") < SERVER_RSS_BOUND
        assert call(base + "/api/solve", {"scenario": A01})[0] == 200  # still serving
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=30)
    assert "Traceback" not in err and "Exception" not in err, err
    deadline = time.monotonic() + 10  # the fork server ends with the server
    while any(os.path.exists(f"/proc/{f}") for f in forkers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(os.path.exists(f"/proc/{f}") for f in forkers)
