"""`dmrules check`: a batch of situations, each answered on one JSON line.

A batch is a file of JSON lines, one item each (or ``-``, standard input), or a folder of
scenario files (``*.yaml``, each an item whose id is its path). An item is an object:

- ``scenario``: the scenario, as YAML text or as an inline JSON object; or ``path``: a
  scenario file (a relative path is read from the batch file's folder);
- ``id`` (text or a whole number; by default ``line N``), unique in the batch;
- ``observed`` (optional): an outcome in the vocabulary of ``why-not --expect``:
  ``"J1=battle,e1=replaced,me=not_lost"``, a list of such texts, or an object
  ``{"J1": "battle", "e1": "replaced"}``;
- ``ruleset`` (optional): solve under this ruleset instead of the scenario's;
- ``timeout`` and ``max_memory`` (optional): the item's own limits, at most the command's.

The answer to an item is one line: its ``id`` and ``line``, ``ruleset``, ``counts``
(``resolutions``, ``states``), ``complete`` (with ``stopped_by`` when a limit cut the list
short), ``observed`` (``legal``, and for an outcome no legal resolution has, the rules that
stand in the way: ``rules``, ``violations``; or the conditions no resolution can meet:
``impossible``), ``warnings`` when the scenario has some, and with ``--resolutions`` the
resolutions themselves as ``solve --json`` writes them and the windows they name (``resolutions``, ``windows``:
``presenting.json.CompactResolutions``). An item that cannot be answered gets an
``error`` line instead, with a ``reason``: ``input`` (a malformed line or bad scenario input),
``memory``, ``timeout``, ``worker`` (its process was ended from outside), ``internal``.
"""

from __future__ import annotations

import json
import os
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..game.errors import InputError
from ..game.limits import under_ruleset
from ..presenting.json import CompactResolutions

ITEM_FIELDS = ("id", "scenario", "path", "observed", "ruleset", "timeout", "max_memory")
# A line of a batch holds one scenario (at most MAX_FILE_BYTES) and a little more.
MAX_LINE_BYTES = 4_000_000
# Top-level fields of a scenario that change nothing of its answer: left out of its key.
UNSOLVED_FIELDS = ("title", "note", "source", "expect", "expect_under")


@dataclass
class Item:
    """One item of a batch, read and checked (``error`` when it cannot be asked at all)."""

    id: str
    line: int | None
    name: str = ""  # names the scenario in messages
    where: str = ""  # the batch file and the item's line, in messages on the item's own fields
    text: str | None = None  # the scenario: YAML (an inline object as JSON, which is YAML too)
    inline: object = None  # the inline object as given (its key is read from it)
    observed: list[str] | None = None
    ruleset: str | None = None
    timeout: float | None = None
    max_memory: int | None = None
    error: str | None = None

    def head(self) -> dict:
        """The fields an answer line starts with."""
        return {"id": self.id, "line": self.line} if self.line is not None else {"id": self.id}

    def failed(self, problem: str) -> dict:
        return {**self.head(), "error": problem, "reason": "input"}


@dataclass(frozen=True)
class Bounds:
    """The command's limits, which an item may lower."""

    timeout: float | None
    max_memory: int


# -- reading a batch -----------------------------------------------------------------------


def read_batch(source: str, bounds: Bounds) -> Iterator[Item]:
    """The items of a batch file, ``-`` (standard input) or a folder of scenario files, in order."""
    if source != "-" and Path(source).is_dir():
        yield from _folder_items(Path(source))
        return
    seen: dict[str, int] = {}
    base = Path.cwd() if source == "-" else Path(source).parent
    for number, raw in _lines(source):
        if not raw.strip():
            continue
        item = _item(raw, number, source, base, bounds)
        if item.error is None and item.id in seen:
            item.error = f"{_line_place(source, number)}: id '{item.id}' is used on line {seen[item.id]} already"
        seen.setdefault(item.id, number)
        yield item


def _folder_items(folder: Path) -> Iterator[Item]:
    from ..checking.verify import scenario_files
    from ..reading.yamlsrc import read_bounded

    for path in scenario_files([str(folder)]):
        item = Item(id=str(path), line=None, name=str(path))
        if _surrogate_in(item.id) is not None:  # a name of bytes that are not UTF-8: shown with them escaped
            item.id = item.name = os.fsencode(path).decode("utf-8", "backslashreplace")
            item.error = f"{item.id}: the file's name is not UTF-8 text"
            yield item
            continue
        try:
            item.text = _utf8(read_bounded(path), str(path))
        except InputError as exc:
            item.error = str(exc)
        yield item


def _lines(source: str) -> Iterator[tuple[int, bytes]]:
    """Each line of the batch with its number; a line longer than MAX_LINE_BYTES as b"\\0..."."""
    import stat
    import sys

    if source == "-":
        stream = sys.stdin.buffer
    else:
        try:  # opening does not wait (a FIFO with no writer would block)
            fd = os.open(source, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        except (OSError, ValueError) as exc:
            raise InputError(source, "", f"cannot be read: {getattr(exc, 'strerror', None) or exc}") from None
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise InputError(source, "", "is not a regular file; a batch is a file, a folder, or - (standard input)")
        os.set_blocking(fd, True)
        stream = os.fdopen(fd, "rb")
    try:
        number = 0
        while raw := stream.readline(MAX_LINE_BYTES + 1):
            number += 1
            if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
                while (rest := stream.readline(1 << 20)) and not rest.endswith(b"\n"):
                    pass
                raw = b"\0"
            yield number, raw
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()


def _line_place(source: str, number: int) -> str:
    return f"{'<stdin>' if source == '-' else source}:{number}"


def _utf8(raw: bytes, name: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(name, "", f"is not UTF-8 text (byte {exc.start})") from None


def _item(raw: bytes, number: int, source: str, base: Path, bounds: Bounds) -> Item:
    where = _line_place(source, number)
    item = Item(id=f"line {number}", line=number, name=f"{where} (scenario)")
    if raw == b"\0":
        item.error = f"{where}: the line is longer than {MAX_LINE_BYTES:,} bytes"
        return item
    try:
        data = json.loads(raw.decode("utf-8"), object_pairs_hook=_object)
    except (ValueError, RecursionError) as exc:  # not JSON, not UTF-8, a number too long
        item.error = f"{where}: not a JSON object: {exc}"
        return item
    twice = _key_twice(data)
    if twice is not None:  # as a YAML scenario's mapping, an object names each key once: no value is dropped
        item.error = str(InputError(where, twice[0], f"key '{twice[1]}' appears twice"))
        return item
    try:
        _fill(item, data, where, base, bounds)
    except InputError as exc:
        item.error = str(exc)
    return item


class _Twice(dict):
    """A JSON object in which a key appears twice (``twice``, the first such key; its last value is kept)."""

    twice = ""


def _object(pairs: list[tuple[str, object]]) -> dict:
    """A JSON object read, marked when one of its keys appears twice."""
    out = dict(pairs)
    if len(out) == len(pairs):
        return out
    marked = _Twice(out)
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            marked.twice = key
            break
        seen.add(key)
    return marked


def _key_twice(data: object) -> tuple[str, str] | None:
    """The place of the first key that appears twice in a JSON object, and that key."""
    left: deque[tuple[str, object]] = deque([("", data)])
    while left:
        place, part = left.popleft()
        if isinstance(part, _Twice):
            return (f"{place}.{part.twice}" if place else part.twice), part.twice
        if isinstance(part, dict):
            left.extend((f"{place}.{key}" if place else str(key), value) for key, value in part.items())
        elif isinstance(part, list):
            left.extend((f"{place}[{i}]", value) for i, value in enumerate(part))
    return None


def _lone_surrogate(data: dict) -> tuple[str, str] | None:
    """The field of an item whose text holds a lone surrogate (JSON's ``\\ud800`` escape reads as one), and the
    problem: no UTF-8 text holds one, neither a scenario nor an answer line."""
    for key, value in data.items():
        for place, text in (("", key), (key, value)):  # a field named with one: no place to name
            if (character := _surrogate_in(text)) is not None:
                return place, f"is not valid Unicode text: a lone surrogate U+{character:04X}"
    return None


def _surrogate_in(value: object) -> int | None:
    """The first lone surrogate in a JSON value's texts (its keys too), as a code point."""
    left = [value]
    while left:
        part = left.pop()
        if isinstance(part, str):
            found = next((ord(c) for c in part if 0xD800 <= ord(c) <= 0xDFFF), None)
            if found is not None:
                return found
        elif isinstance(part, dict):
            left.extend([*part.keys(), *part.values()])
        elif isinstance(part, list):
            left.extend(part)
    return None


def _fill(item: Item, data: object, where: str, base: Path, bounds: Bounds) -> None:
    def bad(place: str, problem: str) -> InputError:
        return InputError(where, place, problem)

    item.where = where

    if not isinstance(data, dict):
        raise bad("", 'an item is a JSON object, such as {"id": "g1", "path": "g1.yaml"}')
    surrogate = _lone_surrogate(data)  # refused before any text of the item is written in a line
    if surrogate is not None and surrogate[0] in ("", "id"):
        raise bad(*surrogate)
    unknown = [key for key in data if key not in ITEM_FIELDS]
    if unknown:
        raise bad(unknown[0], f"unknown field (fields: {', '.join(ITEM_FIELDS)})")
    if "id" in data:
        if isinstance(data["id"], bool) or not isinstance(data["id"], (str, int)) or data["id"] == "":
            raise bad("id", "an id is a text or a whole number")
        item.id = str(data["id"])
    if surrogate is not None:  # in another field: the line names the item by its id
        raise bad(*surrogate)
    if ("scenario" in data) == ("path" in data):
        raise bad("", "give the scenario ('scenario': YAML text or an object) or its file ('path'), one of them")
    if "path" in data:
        _from_path(item, data["path"], base, bad)
    elif isinstance(data["scenario"], str):
        item.text = data["scenario"]
    elif isinstance(data["scenario"], dict):
        item.inline = data["scenario"]
        item.text = json.dumps(data["scenario"], ensure_ascii=False, indent=1)
    else:
        raise bad("scenario", "a scenario is YAML text or a JSON object")
    if "observed" in data:
        item.observed = _observed(data["observed"], bad)
    if "ruleset" in data:
        from ..reading.scenario import RULESETS

        if data["ruleset"] not in RULESETS:
            raise bad("ruleset", f"unknown ruleset (rulesets: {', '.join(RULESETS)})")
        item.ruleset = data["ruleset"]
    item.timeout = _limit(data, "timeout", bounds.timeout, bad)
    memory = _limit(data, "max_memory", bounds.max_memory, bad)
    if memory is not None:
        if memory != int(memory) or memory < 64:
            raise bad("max_memory", "a whole number of MiB, at least 64")
        item.max_memory = int(memory)


def _from_path(item: Item, value: object, base: Path, bad) -> None:
    from ..reading.yamlsrc import read_bounded

    if not isinstance(value, str) or not value or "\0" in value:
        raise bad("path", "a path is a non-empty text")
    path = Path(value) if Path(value).is_absolute() else base / value
    item.name = str(path)
    item.text = _utf8(read_bounded(path), str(path))


def _observed(value: object, bad) -> list[str]:
    if isinstance(value, str):
        texts = [value]
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        texts = list(value)
    elif isinstance(value, dict) and all(isinstance(v, str) for v in value.values()):
        texts = [f"{subject}={outcome}" for subject, outcome in value.items()]
    else:
        raise bad(
            "observed", "write 'CARD=ZONE,EVENT=happened|replaced,PLAYER=lost|not_lost', a list of them, or an object"
        )
    conditions = sorted({part.strip() for text in texts for part in text.split(",") if part.strip()})
    if not conditions:
        raise bad("observed", "give at least one condition, such as J1=battle")
    return conditions


def _limit(data: dict, key: str, most: float | None, bad) -> float | None:
    if key not in data:
        return None
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise bad(key, "a number more than 0")
    if most is not None and value > most:
        option = "--timeout" if key == "timeout" else "--max-memory"
        raise bad(key, f"{value:g} is more than the command's {option} {most:g}; an item can only lower it")
    return float(value)


# -- an item's key in the cache of answers ---------------------------------------------------


def situation_form(item: Item) -> str | None:
    """The item's situation in a canonical form: the scenario as dmrules reads it (values as
    written, in their order, whatever the layout, quoting or comments of the YAML), without
    the fields that change nothing of the answer; None when it cannot be read (not cached)."""
    from ..reading.yamlsrc import load_located_text

    if item.inline is not None:
        tree = item.inline
    else:
        try:
            tree = load_located_text(item.text or "", item.name).data
        except Exception:  # not read here: the item's own task reads it again and reports the problem on its line
            return None
    if isinstance(tree, dict):
        tree = {key: value for key, value in tree.items() if key not in UNSOLVED_FIELDS}
    try:
        return json.dumps(tree, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):
        return None


def payload(item: Item, resolutions: bool, max_resolutions: int | None, max_windows: int | None) -> dict:
    """What a task's process needs to answer the item (``CheckWork.answer``)."""
    return {
        "name": item.name,
        "text": item.text,
        "observed": item.observed,
        "where": item.where,
        "ruleset": item.ruleset,
        "timeout": item.timeout,
        "resolutions": resolutions,
        "max_resolutions": max_resolutions,
        "max_windows": max_windows,
    }


# -- answering an item (in the task's process) -------------------------------------------------


class CheckWork:
    """The work of a ``check`` task: one item's answer."""

    def prepare(self, payloads: list[dict]) -> None:
        pass

    def answer(self, payload: dict) -> dict:
        return answer(payload)


def answer(task: dict) -> dict:
    """The answer line of one item (without its id), from ``payload``'s fields."""
    import dmrules

    from ..checking.explain import outcome_holds, parse_conditions

    scenario = dmrules.scenario_from_text(task["text"], task["name"])
    if task.get("ruleset") and task["ruleset"] != scenario.ruleset:
        scenario = under_ruleset(scenario, task["ruleset"])
    observed = task.get("observed")
    conditions = (
        parse_conditions(scenario, observed, (task.get("where") or task["name"], "observed:")) if observed else None
    )
    listed = CompactResolutions(scenario)
    met = [False]

    def each(resolution) -> None:
        if conditions and not met[0] and all(outcome_holds(scenario, resolution, c) for c in conditions):
            met[0] = True
        if task.get("resolutions"):
            listed.add(resolution)

    from .supervisor import timeout_error

    try:
        streamed = dmrules.stream(
            scenario,
            each,
            max_resolutions=task.get("max_resolutions"),
            max_windows=task.get("max_windows"),
            timeout=task.get("timeout"),
        )
    except dmrules.SolveError:  # nothing found in time (the process's memory is capped by the batch, not here)
        if task.get("timeout") is None:
            raise
        return timeout_error(task["timeout"])
    if streamed.stopped_by and streamed.stopped_by.startswith("timeout"):
        return timeout_error(task["timeout"])
    if streamed.complete and streamed.total == 0:
        return {
            "error": "internal error: the solver found no legal resolution; every situation has one, so this is "
            "a defect of dmrules (please report it with the scenario)",
            "reason": "internal",
        }
    out: dict = {
        "ruleset": streamed.ruleset,
        "counts": {"resolutions": streamed.total, "states": streamed.states},
        "complete": streamed.complete,
    }
    if streamed.stopped_by:
        out["stopped_by"] = streamed.stopped_by
    if conditions:
        out["observed"] = _observed_answer(scenario, conditions, met[0], streamed.complete)
    if scenario.about.warnings:
        out["warnings"] = [_placeless(w, task["name"]) for w in scenario.about.warnings]
    if task.get("resolutions"):
        out.update(listed.json())
    return out


class Inconsistent(Exception):
    """Two ways of answering that should agree do not: a defect, said as an internal error."""


def _observed_answer(scenario, conditions, met: bool, complete: bool) -> dict:
    """Whether the observed outcome is legal; if not, what stands in the way (``why-not``)."""
    from ..checking.explain import why_not

    if met:
        return {"legal": True}
    result = why_not(scenario, conditions)
    if result.legal is not None:
        if complete:
            raise Inconsistent("why-not found a legal resolution with the observed outcome that the list lacks")
        return {"legal": True}
    out: dict = {"legal": False}
    if result.options:
        violations = result.options[0][1]
        out["rules"] = sorted({v.rule for v in violations})
        out["violations"] = [{"rule": v.rule, "text": v.text} for v in violations]
    if result.window:
        out["window"] = result.window
    if result.impossible:
        out["impossible"] = [c.text() for c in result.impossible]
    if result.elsewhere:
        out["no_single_window"] = True
    return out


def _placeless(warning: str, name: str) -> str:
    """A warning without the scenario's name and line (the same for the same situation)."""
    if warning.startswith(name + ":"):
        rest = warning[len(name) + 1 :]
        head, _, tail = rest.partition(": ")
        return tail if head.isdigit() else rest.lstrip()
    return warning
