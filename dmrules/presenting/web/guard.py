"""Requests another site makes the browser send are refused before they reach a route.

A page of any site the user visits can make the browser POST to the local workbench. Such a
request carries the other site's ``Origin`` (and ``Sec-Fetch-Site: cross-site``), or, to avoid a
preflight, a content type other than JSON: the API refuses all three (403, 415). The workbench's
own page sends JSON from its own origin.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from . import messages


def _header(scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return value.decode("latin-1")
    return None


def _same_origin(origin: str, host: str | None) -> bool:
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and host is not None and parts.netloc.lower() == host.lower()


def refusal_reason(scope) -> tuple[int, str] | None:
    """Why a request is refused (status, key of the message), or None."""
    if scope["type"] != "http" or not scope["path"].startswith("/api/"):
        return None
    origin = _header(scope, b"origin")
    if origin is not None and not _same_origin(origin, _header(scope, b"host")):
        return 403, "origin"
    if (_header(scope, b"sec-fetch-site") or "").lower() == "cross-site":
        return 403, "origin"
    if scope["method"] == "POST":
        kind = (_header(scope, b"content-type") or "").split(";", 1)[0].strip().lower()
        if kind != "application/json":
            return 415, "content_type"
    return None


class Guard:
    """ASGI middleware: the refusals above, as JSON errors."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        refused = refusal_reason(scope)
        if refused is None:
            return await self.app(scope, receive, send)
        status, key = refused
        query = scope.get("query_string", b"").decode("latin-1")
        lang = "en" if "lang=en" in query else "ja"
        body = json.dumps({"error": {"message": messages.refusal(key, lang)}}, ensure_ascii=False).encode()
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
            }
        )
        await send({"type": "http.response.body", "body": body})
