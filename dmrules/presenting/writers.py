"""The outputs of ``dmrules solve``, behind one interface the command line picks from: each
writer writes a solution as it is found (``stream``: none kept) or one already held
(``whole``, beside an HTML report, which needs the whole list)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, Any

from ..game.outcome import Solution, Streamed
from ..game.scenario import Scenario
from .json import stream_json, stream_jsonl, write_solution_json
from .render import stream_text, write_solution_text


@dataclass(frozen=True)
class Writer:
    name: str
    stream: Callable[..., Streamed]  # (scenario, out, **limits): written as found, none kept
    whole: Callable[[Scenario, Solution, IO[str]], None] | None  # a solution already held


WRITERS = {
    "text": Writer("text", stream_text, write_solution_text),
    "json": Writer("json", stream_json, lambda scenario, solution, out: write_solution_json(solution, out, scenario)),
    "jsonl": Writer("jsonl", stream_jsonl, None),  # a stream of lines: never held
}


def writer(name: str) -> Writer:
    return WRITERS[name]


def stream_with(name: str, scenario: Scenario, out: IO[str], **limits: Any) -> Streamed:
    """The solution of ``scenario`` written by the writer ``name`` as it is found."""
    return WRITERS[name].stream(scenario, out, **limits)
