"""What a workbench child process does (``jobs.py`` starts it): read the situation, solve it,
explain, compile a text; send the answer back and end.

Everything the request gave is read here, in the child, under its memory cap and time limit:
the scenario's inline card texts are compiled when it is read, so a long text cannot hold up the
server. Importing this module (the fork server does it once) loads what every child needs.
"""

from __future__ import annotations

import os
import resource
import time
import traceback
from collections.abc import Callable

import yaml

from ... import api as _api  # noqa: F401  (loaded once, in the fork server)
from ...api import solve
from ...checking.cause import causes
from ...checking.explain import parse_conditions, why, why_not
from ...game.errors import DmrulesError, InputError
from ...game.outcome import Solution
from ...game.scenario import Scenario
from ...reading.carddb import bundled
from ...reading.cardtext.compiler import compile_text
from ...reading.scenario import scenario_from_text
from ...reading.yamlsrc import load_located_text
from ...solving.grouping import can_group
from ..ability_ja import ability_words as words_ja
from ..ability_words import ability_words
from ..explain_ja import why_not_text as why_not_ja
from ..explain_ja import why_text as why_ja
from ..explain_text import why_not_text, why_text
from ..forms_text import disagreement_warnings
from ..json import cause_json
from ..report import counted, render_parts
from . import messages

SCENARIO_NAME = "scenario.yaml"
MAX_TEXT = 5000  # characters of a pasted card text
CAUSE_BUDGET = 10.0  # seconds the search for a why-not's cause may take

bundled()  # the bundled cards, read once in the fork server and shared by every child


class Refused(Exception):
    """A request refused, with its status and a message for the user (already in its language)."""

    def __init__(self, status: int, message: str, place: str | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.place = place


def scenario_yaml(doc: dict) -> str:
    """The scenario document as the YAML of a scenario file."""
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, default_flow_style=None, width=100)


def read_payload(payload: dict) -> Scenario:
    doc = payload.get("scenario")
    if not isinstance(doc, dict):
        raise Refused(400, messages.refusal("no_scenario", payload.get("lang", "ja")))
    return scenario_from_text(scenario_yaml(doc), SCENARIO_NAME)


def warnings(scenario: Scenario, lang: str) -> list[str]:
    """What the reader let through but the user should know, and every card whose text and form disagree."""
    out = []
    for warning in scenario.about.warnings:
        if lang == "ja" and "replaces the bundled card" in warning:
            out.append("この状況のカードが、同じ名前の収録カードのかわりに使われます")
        elif lang == "ja":
            parts = warning.split(": ", 3)  # file:line, place, the card's name, what its form leaves out
            name = f"{parts[2]} の" if len(parts) == 4 and "an answer that turns on" in parts[3] else "このカードの"
            out.append(
                f"注意: {name}構造化された形は印刷されたテキストのすべてではありません"
                "(省かれた部分に関わる答えは、実際のカードでは違うかもしれません)"
            )
        else:
            out.append(warning.split(": ", 1)[-1] if warning.startswith(SCENARIO_NAME) else warning)
    return out + disagreement_warnings(scenario, lang)


class Reporter:
    """Counts the resolutions a solve finds and says how many, a few times a second."""

    def __init__(self, say: Callable[[int], None]):
        self.say = say
        self.found = 0
        self.last = 0.0

    def hit(self, _resolution=None) -> None:
        self.found += 1
        now = time.monotonic()
        if now - self.last > 0.2:
            self.last = now
            self.say(self.found)


def solve_and_render(
    scenario: Scenario, timeout: float, max_resolutions: int, lang: str, progress: Reporter | None = None
) -> dict:
    """Solve within the limits (a count that the limit cuts short is redone with grouped counting
    when the scenario has interchangeable cards or units) and render the boards, one per final state."""

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
    head, boards_title, boards = render_parts(
        scenario, solution, lang=lang, narrative=lang, interactive=not solution.grouped, fold=False
    )
    note = ""
    if switched:
        limit = counted(max_resolutions, "resolution", lang)
        note = (
            f"{limit}を超えたので、まとめて数える方法に切り替えました (交換可能なカードの並べ方ごとに1つを示し、"
            "それが表す数を添えます)。"
            if lang == "ja"
            else f"More than {limit}: switched to grouped counting (one resolution listed per arrangement of "
            f"{solution.folded}, with the number it stands for)."
        )
    return {
        "head": head,
        "boards_title": boards_title,
        "boards": boards,
        "note": note,
        "resolutions": solution.total,
        "listed": len(solution.resolutions),
        "states": solution.states,
        "boards_count": len(boards),
        "complete": solution.complete,
        "stopped_by": solution.stopped_by,
        "grouped": solution.grouped,
        "switched": switched,
        "seconds": round(time.monotonic() - start, 3),
    }


# -- the tasks -----------------------------------------------------------------------------------


def task_solve(payload: dict, say: Callable[[int], None]) -> dict:
    lang = payload["lang"]
    scenario = read_payload(payload)
    say(0)  # the situation is read: solving begins
    result = solve_and_render(scenario, payload["timeout"], payload["max_resolutions"], lang, Reporter(say))
    result["warnings"] = warnings(scenario, lang)
    return result


def not_listed(solution: Solution, number: int) -> str:
    """Why a resolution number is not one of a listing, with the counts the board gives."""
    listed = len(solution.resolutions)
    if solution.grouped:
        return f"{listed} resolutions are listed, which stand for {solution.total}; {number} is not one"
    if not solution.complete:
        return f"{listed} resolutions are listed; {number} is not one"
    return f"there are {listed} resolutions; {number} is not one"


def task_why(payload: dict, say: Callable[[int], None]) -> dict:
    """Resolution ``number`` of the listing the board numbered: the same limits, grouped when the
    solve switched to grouped counting (``grouped``)."""
    lang, number = payload["lang"], payload["resolution"]
    scenario = read_payload(payload)
    deadline = time.monotonic() + payload["timeout"]
    limits = {"max_resolutions": payload["max_resolutions"], "timeout": payload["timeout"]}
    solution = solve(scenario, group=payload.get("grouped", False), **limits)
    if number > len(solution.resolutions):
        raise InputError(SCENARIO_NAME, "resolution", not_listed(solution, number))
    resolution = solution.resolutions[number - 1]
    steps = why(scenario, resolution, deadline=deadline)
    text = (why_ja if lang == "ja" else why_text)(scenario, number, resolution, steps)
    return {"text": text, "resolution": number, "grouped": solution.grouped, "stands_for": resolution.multiplicity}


def task_why_not(payload: dict, say: Callable[[int], None]) -> dict:

    lang, expect = payload["lang"], payload["expect"]
    scenario = read_payload(payload)
    result = why_not(scenario, parse_conditions(scenario, [expect]))
    found = []
    if result.legal is None:
        found = causes(payload["scenario"], scenario, [expect], budget=min(CAUSE_BUDGET, payload["timeout"]))
    text = (why_not_ja if lang == "ja" else why_not_text)(scenario, result, found)
    return {"text": text, "legal": result.legal is not None, "causes": [cause_json(c) for c in found]}


def task_compile(payload: dict, say: Callable[[int], None]) -> dict:

    lang = payload["lang"]
    result = compile_text(payload["text"][:MAX_TEXT], payload.get("type"))
    problems = [getattr(p, "problem", None) or str(p) for p in result.problems]
    words = words_ja if lang == "ja" else ability_words
    reading = [words(a) for a in result.abilities] if result.abilities and not problems else []
    return {"abilities": result.forms(), "problems": problems, "reading": reading}


def task_parse(payload: dict, say: Callable[[int], None]) -> dict:
    """A scenario file's text, checked, as a document for the builder."""
    text = payload["yaml"]
    scenario_from_text(text, SCENARIO_NAME)
    return {"scenario": load_located_text(text, SCENARIO_NAME).data}


TASKS = {
    "solve": task_solve,
    "why": task_why,
    "why_not": task_why_not,
    "compile": task_compile,
    "parse": task_parse,
}


def run(task: str, payload: dict, say: Callable[[int], None]) -> dict:
    """The task's answer: ``{"ok": value}`` or ``{"error": ..., "status": N}`` (never raises but for
    a fault of dmrules itself)."""
    lang = payload.get("lang", "ja")
    doc = payload.get("scenario") if isinstance(payload.get("scenario"), dict) else None
    try:
        return {"ok": TASKS[task](payload, say)}
    except Refused as exc:
        return {"error": {"message": exc.message, "place": exc.place, "problem": exc.message}, "status": exc.status}
    except InputError as exc:
        return {"error": messages.error_json(exc, lang, doc), "status": 400}
    except DmrulesError as exc:  # the solver could not answer within its limits
        if lang == "ja":
            return {"error": {"message": messages.refusal("unsolved", lang)}, "status": 422}
        return {"error": messages.error_json(exc, lang, doc), "status": 422}
    except RecursionError:
        return {"error": {"message": messages.refusal("nested", lang)}, "status": 400}


def child_main(conn, task: str, payload: dict, max_memory: int) -> None:
    """The child: cap its memory, do the task, send the answer, end."""
    cap = max_memory << 20
    try:
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    except (ValueError, OSError):
        pass
    lang = payload.get("lang", "ja")
    try:
        answer = run(task, payload, lambda n: conn.send(("found", n)))
    except Exception as exc:
        if isinstance(exc, MemoryError) or (isinstance(exc, RuntimeError) and "bad_alloc" in str(exc)):
            answer = {"error": {"kind": "memory", "max_memory": max_memory}, "status": 422}
        else:  # a fault of dmrules itself: the server logs it, with the traceback to report
            report = f"dmrules workbench: internal error in {task}:\n{traceback.format_exc()}"
            answer = {"error": {"message": messages.refusal("internal", lang), "report": report}, "status": 500}
    try:
        conn.send(("done", answer))
        conn.close()
    finally:
        os._exit(0)
