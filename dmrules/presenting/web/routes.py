"""The workbench's routes: pages, card search, fixtures, solve, why, why-not, card texts.

The browser keeps the situation as a scenario document (the mapping a scenario file holds,
docs/scenario-format.md) and sends it with every request; a child process (``jobs.py``) writes
it as YAML and reads it exactly as the command line reads a file, so a bad scenario gets the same
error, naming the place (in words, in the page's language: ``messages.py``). Every request is
bounded: its body, its time, its memory, how many run at once. An answer is computed for the
situation it carries, and says so by a key of that situation's content, its limits and the
listing that numbers its resolutions (``solve_key``: every one, or grouped once the count was cut
short). A why or why-not is refused unless it carries the key of the solve it asks about and the
situation that was solved (400 without a key, 409 with another's): why explains the resolution of
that listing the board numbered. A streamed solve starts to stream once the child has read the
situation: bad input is refused with its status, never inside the stream.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import math
import sys
import time
from collections import OrderedDict
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import jinja2
from anyio import to_thread
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from ...reading.carddb import bundled
from ...reading.search import find_cards
from ...reading.yamlsrc import load_located_text
from ..report import CSS
from . import messages
from .body import read_json, request_lang
from .child import CAUSE_BUDGET, MAX_TEXT, Refused, scenario_yaml
from .guard import Guard
from .jobs import Busy, ChildProgress, Pool

HERE = Path(__file__).resolve().parent
NDJSON = "application/x-ndjson"


@dataclass(frozen=True)
class RequestLimits:
    """What one request may cost."""

    timeout: float = 20.0  # seconds of solving per request
    max_resolutions: int = 2000  # resolutions listed per request (then grouped counting)
    max_body: int = 256_000  # bytes of a request body
    concurrent: int = 2  # children running at once
    queue: int = 4  # requests waiting for a turn (then 503)
    max_memory: int = 2048  # MiB of address space per child
    max_query: int = 100  # characters of a card search
    per_page: int = 20  # boards per page of a result
    cache_bytes: int = 32 << 20  # results kept for their other pages


def fixtures_dir() -> Path | None:
    """The rulings' scenarios, shipped in the package (``dmrules.fixtures``); never a folder found
    beside the install or in the current folder."""
    try:
        folder = Path(str(resources.files("dmrules.fixtures")))
    except (ModuleNotFoundError, TypeError):
        return None
    return folder if folder.is_dir() else None


def fixture_names() -> list[str]:
    folder = fixtures_dir()
    return sorted(p.name for p in folder.glob("*.yaml")) if folder else []


def solve_key(doc: dict, timeout: float, max_resolutions: int, grouped: bool = False) -> str:
    """The key of a solve's answer: the situation's content, the limits that number its resolutions,
    and whether they were listed grouped (the server switched to grouped counting)."""
    parts = [doc, float(timeout), int(max_resolutions), "grouped" if grouped else "all"]
    canonical = json.dumps(parts, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()[:32]


class Results:
    """Solved results by key, the newest kept, within a byte budget: a page of a result already
    solved is answered without solving again."""

    def __init__(self, budget: int):
        self.budget = budget
        self.kept: OrderedDict[str, tuple[dict, int]] = OrderedDict()
        self.size = 0

    def get(self, key: str) -> dict | None:
        found = self.kept.get(key)
        if found is None:
            return None
        self.kept.move_to_end(key)
        return found[0]

    def put(self, key: str, result: dict) -> None:
        size = sum(len(b) for b in result["boards"]) + len(result["head"])
        if size > self.budget or key in self.kept:
            return
        self.kept[key] = (result, size)
        self.size += size
        while self.size > self.budget:
            _, (_, dropped) = self.kept.popitem(last=False)
            self.size -= dropped


def page_of(result: dict, key: str, page: int, per_page: int) -> dict:
    """One page of boards of a result, with everything else it says."""
    boards = result["boards"]
    pages = max(1, math.ceil(len(boards) / per_page))
    page = min(max(1, page), pages)
    start = (page - 1) * per_page
    out = {k: v for k, v in result.items() if k != "boards"}
    out.update(key=key, boards=boards[start : start + per_page], page=page, pages=pages, per_page=per_page)
    out["first"] = start + 1
    return out


def kept_as(payload: dict) -> str:
    """The key a solve's result is kept under (``Results``): its situation, limits and language."""
    return solve_key(payload["scenario"], payload["timeout"], payload["max_resolutions"]) + payload["lang"]


def listing_page(result: dict, payload: dict, page: int, per_page: int) -> dict:
    """One page of a solve's answer, with the key of its situation and of the listing that numbers it."""
    key = solve_key(payload["scenario"], payload["timeout"], payload["max_resolutions"], result["grouped"])
    return page_of(result, key, page, per_page)


def read_number(doc: dict, key: str, default, cap, whole: bool):
    """A number of the request, refused next to its field (its label, the limit) when it is not
    one, not a whole number where one is needed, not positive, or over the workbench's limit."""
    lang, value = doc["lang"], doc.get(key)
    field = messages.FIELDS[lang].get(key, key)
    if value is None or value == "":
        return default
    if isinstance(value, str):
        text = value.strip()
        try:
            value = int(text) if text.isdigit() else float(text)
        except ValueError:
            raise Refused(400, messages.refusal("number", lang, field=field), key) from None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise Refused(400, messages.refusal("number", lang, field=field), key)
    if whole and isinstance(value, float) and not value.is_integer():
        raise Refused(400, messages.refusal("whole", lang, field=field), key)
    if value <= 0:
        raise Refused(400, messages.refusal("positive", lang, field=field), key)
    if value > cap:
        raise Refused(400, messages.refusal("at_most", lang, field=field, limit=cap), key)
    return int(value) if whole else float(value)


class Workbench:
    def __init__(self, limits: RequestLimits):
        self.limits = limits

        env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(HERE / "templates")), autoescape=True)
        self.templates = Jinja2Templates(env=env)
        self.pool = Pool(limits.concurrent, limits.queue, limits.max_memory)
        self.results = Results(limits.cache_bytes)

    # -- plumbing ----------------------------------------------------------------
    async def body(self, request: Request) -> dict:
        doc = await read_json(request, self.limits.max_body, request_lang(request.query_params.get("lang")))
        request.state.lang = doc["lang"]  # the language of a refusal found later (``handle``)
        return doc

    def scenario_of(self, doc: dict) -> dict:
        if not isinstance(doc.get("scenario"), dict):
            raise Refused(400, messages.refusal("no_scenario", doc["lang"]), "scenario")
        return doc["scenario"]

    def limits_of(self, doc: dict) -> tuple[float, int]:
        timeout = read_number(doc, "timeout", self.limits.timeout, self.limits.timeout, False)
        most = read_number(doc, "max_resolutions", self.limits.max_resolutions, self.limits.max_resolutions, True)
        return timeout, most

    async def child(self, task: str, payload: dict, seconds: float, progress: ChildProgress | None = None) -> dict:
        """A child's answer; its error as a refusal in the request's language."""
        lang = payload["lang"]
        try:
            answer = await self.pool.run(task, payload, seconds, progress)
        except Busy:
            raise Refused(503, messages.refusal("busy", lang)) from None
        if "ok" in answer:
            return answer["ok"]
        error = answer["error"]
        if error.get("report"):
            sys.stderr.write(error["report"])
        kind = error.get("kind")
        if kind in ("memory", "grounding", "cancelled"):
            message = messages.refusal(kind, lang, limit=self.limits.max_memory)
            raise Refused(answer["status"], message)
        raise Refused(answer["status"], error.get("message", ""), error.get("place"))

    async def watched(self, request: Request, work) -> dict:
        """``work`` (a coroutine), ended when the browser goes away."""
        task = asyncio.ensure_future(work)
        try:
            while not task.done():
                await asyncio.wait({task}, timeout=0.25)
                if not task.done() and await request.is_disconnected():
                    task.cancel()
            return task.result()
        finally:
            if not task.done():
                task.cancel()

    def handle(self, handler):
        async def endpoint(request: Request) -> Response:
            try:
                return await handler(request)
            except Refused as exc:
                error = {"message": exc.message, "place": exc.place, "problem": exc.message}
                return JSONResponse({"error": error}, status_code=exc.status)
            except asyncio.CancelledError:
                return Response(status_code=499)  # the browser went away: nobody reads this
            except RecursionError:
                lang = getattr(request.state, "lang", None) or request_lang(request.query_params.get("lang"))
                return JSONResponse({"error": {"message": messages.refusal("nested", lang)}}, status_code=400)

        return endpoint

    # -- pages -------------------------------------------------------------------
    async def index(self, request: Request) -> Response:
        boot = {
            "fixtures": fixture_names(),
            "lang": request_lang(request.query_params.get("lang", "ja")),
            "limits": {
                "timeout": self.limits.timeout,
                "max_resolutions": self.limits.max_resolutions,
                "per_page": self.limits.per_page,
            },
        }
        return self.templates.TemplateResponse(
            request, "index.html", {"boot": json.dumps(boot, ensure_ascii=False).replace("<", "\\u003c")}
        )

    async def report_css(self, request: Request) -> Response:
        return Response(CSS, media_type="text/css")

    async def favicon(self, request: Request) -> Response:
        return Response((HERE / "static" / "favicon.svg").read_bytes(), media_type="image/svg+xml")

    # -- data --------------------------------------------------------------------
    async def cards(self, request: Request) -> Response:
        query = request.query_params.get("q", "")[: self.limits.max_query].strip()
        return JSONResponse(await to_thread.run_sync(search_cards, query))

    async def fixture(self, request: Request) -> Response:
        name = request.query_params.get("name", "")
        lang = request_lang(request.query_params.get("lang"))
        folder = fixtures_dir()
        if folder is None or name not in fixture_names():
            raise Refused(404, messages.refusal("no_fixture", lang, name=name[:100]), "fixture")

        text = (folder / name).read_text(encoding="utf-8")
        return JSONResponse({"name": name, "yaml": text, "scenario": load_located_text(text, name).data})

    async def to_yaml(self, request: Request) -> Response:
        doc = await self.body(request)
        return JSONResponse({"yaml": scenario_yaml(self.scenario_of(doc))})

    async def from_yaml(self, request: Request) -> Response:
        doc = await self.body(request)
        if not isinstance(doc.get("yaml"), str):
            raise Refused(400, messages.refusal("no_scenario", doc["lang"]), "yaml")
        payload = {"yaml": doc["yaml"], "lang": doc["lang"]}
        return JSONResponse(await self.watched(request, self.child("parse", payload, self.limits.timeout)))

    # -- answers -----------------------------------------------------------------
    async def solve(self, request: Request) -> Response:
        doc = await self.body(request)
        scenario = self.scenario_of(doc)
        timeout, most = self.limits_of(doc)
        page = read_number(doc, "page", 1, 10**6, True)
        payload = {"scenario": scenario, "lang": doc["lang"], "timeout": timeout, "max_resolutions": most}
        result = self.results.get(kept_as(payload))
        if result is None and not doc.get("stream"):
            result = await self.watched(request, self.child("solve", payload, timeout))
        elif result is None:
            task, progress, start = await self.started(request, payload)
            if not task.done():
                lines = self.progress_lines(task, progress, start, payload, page)
                return StreamingResponse(lines, media_type=NDJSON)
            result = task.result()
        self.results.put(kept_as(payload), result)
        answer = listing_page(result, payload, page, self.limits.per_page)
        if doc.get("stream"):
            return StreamingResponse(
                iter([json.dumps({"result": answer}, ensure_ascii=False) + "\n"]), media_type=NDJSON
            )
        return JSONResponse(answer)

    async def started(self, request: Request, payload: dict) -> tuple[asyncio.Future, ChildProgress, float]:
        """A streamed solve's child once it has read the situation and begun to solve (or has answered
        already): what it refuses before then is refused with its status, not inside a stream."""
        progress = ChildProgress()
        start = time.monotonic()
        task = asyncio.ensure_future(self.child("solve", payload, payload["timeout"], progress))

        async def reading() -> None:
            while not task.done() and not progress.solving:
                await asyncio.wait({task}, timeout=0.05)

        try:
            await self.watched(request, reading())
        except BaseException:
            progress.cancel.set()
            task.cancel()
            raise
        return task, progress, start

    async def progress_lines(
        self, task: asyncio.Future, progress: ChildProgress, start: float, payload: dict, page: int
    ):
        """JSON lines: ``{"found": N, "seconds": S}`` while solving, then ``{"result": ...}`` or
        ``{"error": ...}`` (an error of the solve itself: bad input is refused before the stream). When
        the browser goes away the child is ended."""
        try:
            while not task.done():
                await asyncio.wait({task}, timeout=0.25)
                if not task.done():
                    yield json.dumps({"found": progress.found, "seconds": round(time.monotonic() - start, 1)}) + "\n"
            try:
                result = task.result()
            except Refused as exc:
                error = {"message": exc.message, "place": exc.place, "problem": exc.message}
                yield json.dumps({"error": error, "status": exc.status}, ensure_ascii=False) + "\n"
                return
            self.results.put(kept_as(payload), result)
            answer = listing_page(result, payload, page, self.limits.per_page)
            yield json.dumps({"result": answer}, ensure_ascii=False) + "\n"
        finally:
            progress.cancel.set()
            if not task.done():
                task.cancel()

    def solved(self, doc: dict) -> tuple[dict, float, int, bool]:
        """The situation an explanation is asked of, which must be the one solved: the request carries
        the key its solve answered with, which also says which listing numbered the resolutions
        (``solve_key``: all of them, or grouped)."""
        scenario = self.scenario_of(doc)
        timeout, most = self.limits_of(doc)
        key = doc.get("key")
        if key is None or key == "":
            raise Refused(400, messages.refusal("no_key", doc["lang"]), "key")
        for grouped in (False, True):
            if key == solve_key(scenario, timeout, most, grouped):
                return scenario, timeout, most, grouped
        raise Refused(409, messages.refusal("stale", doc["lang"]), "key")

    async def why(self, request: Request) -> Response:
        doc = await self.body(request)
        scenario, timeout, most, grouped = self.solved(doc)
        number = read_number(doc, "resolution", None, 10**9, True)
        if number is None:
            raise Refused(400, messages.refusal("which", doc["lang"]), "resolution")
        payload = {
            "scenario": scenario,
            "lang": doc["lang"],
            "resolution": number,
            "timeout": timeout,
            "max_resolutions": most,
            "grouped": grouped,
        }
        answer = await self.watched(request, self.child("why", payload, timeout * 2))
        return JSONResponse({**answer, "key": doc["key"]})

    async def why_not(self, request: Request) -> Response:
        doc = await self.body(request)
        scenario, timeout, _, _ = self.solved(doc)
        expect = doc.get("expect")
        if not isinstance(expect, str) or not expect.strip():
            raise Refused(400, messages.refusal("expect", doc["lang"]), "--expect")
        if len(expect) > 2000:
            field = messages.FIELDS[doc["lang"]]["--expect"]
            raise Refused(400, messages.refusal("too_long", doc["lang"], field=field, limit=2000), "--expect")
        payload = {"scenario": scenario, "lang": doc["lang"], "expect": expect, "timeout": timeout}
        seconds = timeout + min(CAUSE_BUDGET, timeout)
        answer = await self.watched(request, self.child("why_not", payload, seconds))
        return JSONResponse({**answer, "key": doc["key"]})

    async def compile(self, request: Request) -> Response:
        doc = await self.body(request)
        text = doc.get("text")
        if not isinstance(text, str) or not text.strip():
            raise Refused(400, messages.refusal("paste", doc["lang"]), "text")
        if len(text) > MAX_TEXT:
            field = messages.FIELDS[doc["lang"]]["text"]
            raise Refused(400, messages.refusal("too_long", doc["lang"], field=field, limit=MAX_TEXT), "text")
        card_type = doc.get("type") if isinstance(doc.get("type"), str) else None
        payload = {"text": text, "type": card_type, "lang": doc["lang"]}
        return JSONResponse(await self.watched(request, self.child("compile", payload, self.limits.timeout)))


def search_cards(query: str) -> dict:
    """The bundled cards a search finds (``reading.search``), at most 40, and the names closest to a typo."""

    db = bundled()
    found = find_cards(db, query) if query else None
    cards = list(db) if found is None else found.cards
    return {
        "cards": [
            {
                "name": c.name,
                "types": list(c.types),
                "text": c.text,
                "cost": c.cost,
                "power": c.power,
                "civilizations": list(c.civilizations),
                "races": list(c.races),
            }
            for c in cards[:40]
        ],
        "more": max(0, len(cards) - 40),
        "by": found.by if found else "all",
        "suggestions": found.suggestions if found else [],
        "problems": found.problems if found else [],
    }


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


def create_app(limits: RequestLimits | None = None, allowed_hosts: list[str] | None = None) -> Starlette:
    bench = Workbench(limits or RequestLimits())
    h = bench.handle
    routes = [
        Route("/", bench.index),
        Route("/report.css", bench.report_css),
        Route("/favicon.ico", bench.favicon),
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
        Middleware(Guard),
    ]
    return Starlette(routes=routes, middleware=middleware)
