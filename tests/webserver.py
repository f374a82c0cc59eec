"""The workbench's server for tests: on a free loopback port, in a thread, stopped afterwards."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.error
import urllib.request
from contextlib import contextmanager

from dmrules.presenting.web.routes import RequestLimits, create_app


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def running(limits: RequestLimits | None = None):
    """The base URL of a workbench server that lives as long as the ``with`` block."""
    import uvicorn

    port = free_port()
    config = uvicorn.Config(
        create_app(limits or RequestLimits(timeout=20, max_resolutions=2000)),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        lifespan="off",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    from dmrules.presenting.web.jobs import FORKER

    FORKER.start_soon()  # as ``dmrules serve`` does
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def call(url: str, body: dict | bytes | None = None, headers: dict | None = None) -> tuple[int, dict, dict]:
    """(status, JSON body, headers) of a GET (no body) or a POST."""
    data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"content-type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read() or b"null"), dict(response.headers)
    except urllib.error.HTTPError as exc:
        text = exc.read()
        try:
            doc = json.loads(text)
        except ValueError:
            doc = {"text": text.decode("utf-8", "replace")}
        return exc.code, doc, dict(exc.headers)
