"""The workbench's routes: pages, card search, fixtures, solve, why, why-not, card texts.

The browser keeps the situation as a scenario document (the mapping a
scenario file holds, docs/scenario-format.md) and sends it with every
request; the server writes it as YAML and reads it exactly as the command
line reads a file, so a bad scenario gets the same error, naming the place.
Every request is bounded: its body size, the solver's time and number of
resolutions, and how many solves run at once.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from pathlib import Path

import yaml
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from ...errors import DmrulesError, InputError

HERE = Path(__file__).resolve().parent
SCENARIO_NAME = "scenario.yaml"


@dataclass(frozen=True)
class Limits:
    """What one request may cost."""

    timeout: float = 20.0  # seconds of solving per request
    max_resolutions: int = 2000  # resolutions listed per request (then grouped counting)
    max_body: int = 256_000  # bytes of a request body
    concurrent: int = 2  # solves running at once
    max_query: int = 100  # characters of a card search


class Cancelled(Exception):
    """The browser went away or cancelled: the solve stops at the next resolution it finds."""


class Progress:
    """How many resolutions a running solve has found; set ``cancelled`` to stop it."""

    def __init__(self):
        self.found = 0
        self.cancelled = False

    def hit(self, _resolution=None) -> None:
        if self.cancelled:
            raise Cancelled()
        self.found += 1


class Refused(Exception):
    """A request the app refuses, with its status and a message for the user."""

    def __init__(self, status: int, message: str, place: str | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.place = place


def fixtures_dir() -> Path | None:
    """The rulings' scenarios of a source checkout (``fixtures/`` beside the package), or of the
    current folder."""
    for folder in (HERE.parents[3] / "fixtures", Path.cwd() / "fixtures"):
        if folder.is_dir():
            return folder
    return None


def fixture_names() -> list[str]:
    folder = fixtures_dir()
    return sorted(p.name for p in folder.glob("*.yaml")) if folder else []


def scenario_yaml(doc: dict) -> str:
    """The scenario document as the YAML of a scenario file."""
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, default_flow_style=None, width=100)


def error_json(exc: Exception) -> dict:
    if isinstance(exc, InputError):
        return {"message": str(exc), "place": exc.place, "line": exc.line, "problem": exc.problem}
    if isinstance(exc, Refused):
        return {"message": exc.message, "place": exc.place, "line": None, "problem": exc.message}
    return {"message": str(exc), "place": None, "line": None, "problem": str(exc)}


class Workbench:
    def __init__(self, limits: Limits):
        self.limits = limits
        import jinja2

        env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(HERE / "templates")), autoescape=True)
        self.templates = Jinja2Templates(env=env)
        self.busy = asyncio.Semaphore(limits.concurrent)

    # -- plumbing ----------------------------------------------------------------
    async def body(self, request: Request) -> dict:
        declared = request.headers.get("content-length")
        if declared and declared.isdigit() and int(declared) > self.limits.max_body:
            raise Refused(413, f"the request is larger than {self.limits.max_body:,} bytes")
        data = b""
        async for chunk in request.stream():
            data += chunk
            if len(data) > self.limits.max_body:
                raise Refused(413, f"the request is larger than {self.limits.max_body:,} bytes")
        try:
            doc = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise Refused(400, f"the request is not JSON: {exc}") from None
        if not isinstance(doc, dict):
            raise Refused(400, "the request is not a JSON object")
        return doc

    def scenario(self, doc: dict):
        """The scenario of a request: ``scenario`` (a document) or ``yaml`` (a file's text)."""
        from ...reading.scenario import scenario_from_text

        if isinstance(doc.get("yaml"), str):
            text = doc["yaml"]
        elif isinstance(doc.get("scenario"), dict):
            text = scenario_yaml(doc["scenario"])
        else:
            raise Refused(400, "the request has no scenario")
        return scenario_from_text(text, SCENARIO_NAME), text

    def number(self, doc: dict, key: str, default, cap, kind=int):
        value = doc.get(key)
        if value in (None, ""):
            return default
        try:
            value = kind(value)
        except (TypeError, ValueError):
            raise Refused(400, f"{key} must be a number", key) from None
        if not value > 0:
            raise Refused(400, f"{key} must be more than 0", key)
        return min(value, cap)

    async def run(self, fn, *args):
        """Run a solver call in a thread, at most ``concurrent`` at once."""
        from anyio import to_thread

        if self.busy.locked():
            raise Refused(503, "the solver is busy with other requests; try again in a moment")
        async with self.busy:
            return await to_thread.run_sync(fn, *args)

    def handle(self, handler):
        async def endpoint(request: Request) -> Response:
            try:
                return await handler(request)
            except Refused as exc:
                return JSONResponse({"error": error_json(exc)}, status_code=exc.status)
            except InputError as exc:
                return JSONResponse({"error": error_json(exc)}, status_code=400)
            except DmrulesError as exc:
                return JSONResponse({"error": error_json(exc)}, status_code=422)
            except RecursionError:
                return JSONResponse(
                    {"error": error_json(Refused(400, "the request is nested too deeply"))}, status_code=400
                )

        return endpoint

    # -- pages -------------------------------------------------------------------
    async def index(self, request: Request) -> Response:
        lang = request.query_params.get("lang", "ja")
        boot = {
            "fixtures": fixture_names(),
            "lang": lang if lang in ("ja", "en") else "ja",
            "limits": {"timeout": self.limits.timeout, "max_resolutions": self.limits.max_resolutions},
        }
        return self.templates.TemplateResponse(
            request, "index.html", {"boot": json.dumps(boot, ensure_ascii=False).replace("<", "\\u003c")}
        )

    async def report_css(self, request: Request) -> Response:
        from ..report import CSS

        return Response(CSS, media_type="text/css")

    # -- data --------------------------------------------------------------------
    async def cards(self, request: Request) -> Response:
        from ...reading.carddb import bundled

        query = request.query_params.get("q", "")[: self.limits.max_query].strip()
        db = bundled()
        found = [c for c in (db.search(query) if query else list(db)) if c is not None]
        return JSONResponse(
            {
                "cards": [
                    {
                        "name": c.name,
                        "types": list(c.types),
                        "text": c.text,
                        "cost": c.cost,
                        "power": c.power,
                        "civilizations": list(c.civilizations),
                    }
                    for c in found[:40]
                ],
                "more": max(0, len(found) - 40),
            }
        )

    async def fixture(self, request: Request) -> Response:
        name = request.query_params.get("name", "")
        if name not in fixture_names():
            raise Refused(404, f"no fixture named '{name}'", "fixture")
        text = (fixtures_dir() / name).read_text(encoding="utf-8")
        return JSONResponse({"name": name, "yaml": text, "scenario": yaml.safe_load(text)})

    async def to_yaml(self, request: Request) -> Response:
        doc = await self.body(request)
        if not isinstance(doc.get("scenario"), dict):
            raise Refused(400, "the request has no scenario")
        return JSONResponse({"yaml": scenario_yaml(doc["scenario"])})

    async def from_yaml(self, request: Request) -> Response:
        """A scenario file's text, checked, as a document for the builder."""
        doc = await self.body(request)
        self.scenario({"yaml": doc.get("yaml")})
        try:
            parsed = yaml.safe_load(doc["yaml"])
        except yaml.YAMLError as exc:  # pragma: no cover - the reader above refuses it first
            raise Refused(400, f"{SCENARIO_NAME}: {exc}") from None
        return JSONResponse({"scenario": parsed})

    # -- answers -----------------------------------------------------------------
    async def solve(self, request: Request) -> Response:
        doc = await self.body(request)
        scenario, _ = self.scenario(doc)
        timeout = self.number(doc, "timeout", self.limits.timeout, self.limits.timeout, float)
        max_resolutions = self.number(doc, "max_resolutions", self.limits.max_resolutions, self.limits.max_resolutions)
        lang = doc.get("lang") if doc.get("lang") in ("ja", "en") else "ja"
        if not doc.get("stream"):
            return JSONResponse(await self.run(solve_and_render, scenario, timeout, max_resolutions, lang))
        if self.busy.locked():
            raise Refused(503, "the solver is busy with other requests; try again in a moment")
        return StreamingResponse(
            self.progress_lines(scenario, timeout, max_resolutions, lang), media_type="application/x-ndjson"
        )

    async def progress_lines(self, scenario, timeout, max_resolutions, lang):
        """JSON lines: ``{"found": N, "seconds": S}`` while solving, then ``{"result": ...}`` or
        ``{"error": ...}``. When the browser goes away the solve is cancelled."""
        progress = Progress()
        start = time.monotonic()
        task = asyncio.ensure_future(self.run(solve_and_render, scenario, timeout, max_resolutions, lang, progress))
        task.add_done_callback(lambda done: done.cancelled() or done.exception())  # a cancelled solve's end
        try:
            while not task.done():
                await asyncio.wait({task}, timeout=0.25)
                if not task.done():
                    yield json.dumps({"found": progress.found, "seconds": round(time.monotonic() - start, 1)}) + "\n"
            try:
                yield json.dumps({"result": task.result()}, ensure_ascii=False) + "\n"
            except (Refused, DmrulesError) as exc:
                yield json.dumps({"error": error_json(exc)}, ensure_ascii=False) + "\n"
        finally:
            progress.cancelled = True

    async def why(self, request: Request) -> Response:
        doc = await self.body(request)
        scenario, _ = self.scenario(doc)
        number = self.number(doc, "resolution", None, 10**9)
        if number is None:
            raise Refused(400, "which resolution? give its number", "resolution")
        return JSONResponse(await self.run(explain_resolution, scenario, number, self.limits))

    async def why_not(self, request: Request) -> Response:
        doc = await self.body(request)
        scenario, _ = self.scenario(doc)
        expect = doc.get("expect")
        if not isinstance(expect, str) or not expect.strip():
            raise Refused(400, "mark at least one card, event or player, such as J1=battle", "--expect")
        return JSONResponse(await self.run(explain_why_not, scenario, expect[:2000]))

    async def compile(self, request: Request) -> Response:
        doc = await self.body(request)
        text = doc.get("text")
        if not isinstance(text, str) or not text.strip():
            raise Refused(400, "paste the card's printed text", "text")
        try:
            from ...reading.cardtext import compile_text
        except ImportError:
            raise Refused(501, "this version of dmrules has no card-text compiler", "text") from None
        card_type = doc.get("type") if isinstance(doc.get("type"), str) else None
        result = compile_text(text[:5000], card_type)
        problems = [getattr(p, "problem", None) or str(p) for p in result.problems]
        return JSONResponse({"abilities": result.forms(), "problems": problems})


def solve_and_render(
    scenario, timeout: float, max_resolutions: int, lang: str, progress: Progress | None = None
) -> dict:
    """Solve within the limits; a count that the limit cuts short is redone with grouped counting
    when the scenario has interchangeable cards or units. ``progress`` counts the resolutions found and can
    cancel the solve."""
    from ...solving.grouping import can_group
    from ...solving.solver import solve
    from ..report import render_body

    start = time.monotonic()
    hit = progress.hit if progress is not None else None
    solution = solve(scenario, max_resolutions=max_resolutions, timeout=timeout, on_resolution=hit)
    switched = False
    if not solution.complete and can_group(scenario):
        left = timeout - (time.monotonic() - start)
        if left > 0.2:
            grouped = solve(scenario, max_resolutions=max_resolutions, timeout=left, group=True, on_resolution=hit)
            if grouped.complete or grouped.total > solution.total:
                solution, switched = grouped, True
    note = ""
    if switched:
        note = (
            f'<p class="warn switched">More than {max_resolutions:,} resolutions: switched to grouped counting '
            f"(one resolution listed per arrangement of {solution.folded}, with the number it stands "
            "for).</p>"
        )
    html = note + render_body(scenario, solution, lang=lang, interactive=not solution.grouped)
    return {
        "html": html,
        "resolutions": solution.total,
        "listed": len(solution.resolutions),
        "states": solution.states,
        "complete": solution.complete,
        "stopped_by": solution.stopped_by,
        "grouped": solution.grouped,
        "switched": switched,
        "seconds": round(time.monotonic() - start, 3),
    }


def explain_resolution(scenario, number: int, limits: Limits) -> dict:
    from ...checking.explain import why
    from ...solving.solver import solve
    from ..explain_text import why_text

    solution = solve(scenario, max_resolutions=limits.max_resolutions, timeout=limits.timeout)
    n = len(solution.resolutions)
    if number > n:
        raise InputError(SCENARIO_NAME, "--resolution", f"there are {n} resolutions; {number} is not one")
    resolution = solution.resolutions[number - 1]
    return {"text": why_text(scenario, number, resolution, why(scenario, resolution))}


def explain_why_not(scenario, expect: str) -> dict:
    from ...checking.explain import parse_conditions, why_not
    from ..explain_text import why_not_text

    result = why_not(scenario, parse_conditions(scenario, [expect]))
    return {"text": why_not_text(scenario, result), "legal": result.legal is not None}


SECURITY_HEADERS = {
    "content-security-policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cache-control": "no-store",
}


class SecurityHeaders:
    """Every response forbids inline scripts, framing and sniffing."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                headers = [
                    (k, v) for k, v in message.get("headers", []) if k.decode("latin-1").lower() not in SECURITY_HEADERS
                ]
                headers += [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(limits: Limits | None = None, allowed_hosts: list[str] | None = None) -> Starlette:
    bench = Workbench(limits or Limits())
    h = bench.handle
    routes = [
        Route("/", bench.index),
        Route("/report.css", bench.report_css),
        Route("/api/cards", h(bench.cards)),
        Route("/api/fixture", h(bench.fixture)),
        Route("/api/yaml", h(bench.to_yaml), methods=["POST"]),
        Route("/api/parse", h(bench.from_yaml), methods=["POST"]),
        Route("/api/solve", h(bench.solve), methods=["POST"]),
        Route("/api/why", h(bench.why), methods=["POST"]),
        Route("/api/why-not", h(bench.why_not), methods=["POST"]),
        Route("/api/compile", h(bench.compile), methods=["POST"]),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    middleware = [
        Middleware(SecurityHeaders),
        Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts or ["127.0.0.1", "localhost", "[::1]"]),
    ]
    return Starlette(routes=routes, middleware=middleware)
