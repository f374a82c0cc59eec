"""``dmrules serve``: a local web app to build a situation, solve it and ask why.

``create_app()`` returns the Starlette application (dmrules/presenting/web/routes.py);
``serve()`` runs it with uvicorn on the loopback interface by default.
"""

from __future__ import annotations

from .routes import RequestLimits, create_app

__all__ = ["RequestLimits", "create_app", "serve"]


def serve(host: str = "127.0.0.1", port: int = 8765, limits: RequestLimits | None = None) -> None:
    """Run the app until interrupted (Ctrl-C stops it cleanly). The address is taken before
    anything is printed: one that cannot be had is an ``InputError`` naming it."""
    import socket
    import sys

    import uvicorn

    from ...game.errors import InputError

    app = create_app(limits or RequestLimits(), allowed_hosts=_allowed_hosts(host))
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        family, kind, proto, _, address = infos[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)  # connections wait in the queue until the app is up
    except (OSError, OverflowError) as exc:
        raise InputError(
            "serve", f"--host {host} --port {port}", f"cannot listen there: {getattr(exc, 'strerror', None) or exc}"
        ) from None
    shown = f"[{host}]" if ":" in host else host
    sys.stdout.write(f"dmrules workbench: http://{shown}:{port}/  (Ctrl-C stops it)\n")
    sys.stdout.flush()
    config = uvicorn.Config(app, log_level="warning", server_header=False, lifespan="off")
    from .jobs import FORKER

    FORKER.start_soon()
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        FORKER.stop()


def _allowed_hosts(host: str) -> list[str]:
    """Host headers accepted: the loopback names, and the address the server is bound to (a page of
    another site that a browser sends here under a rebound name is refused)."""
    hosts = ["127.0.0.1", "localhost", "[::1]", "::1"]
    if host not in ("127.0.0.1", "localhost", "::1"):
        hosts = ["*"] if host in ("0.0.0.0", "::") else hosts + [host, f"[{host}]"]
    return hosts
