"""Loading YAML while remembering where each value came from.

Scenario and card files are read with PyYAML's composer, so every mapping,
list and scalar keeps its line. ``Located`` carries the data and a function
that turns a path of keys and indexes into a line number, so that errors can
say ``fixtures/A01.yaml:12: players.me.battle[0].card: ...``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

MAX_FILE_BYTES = 2_000_000
MAX_DEPTH = 40

Place = tuple[Any, ...]


def place_text(place: Place) -> str:
    """``("players", "me", "battle", 0)`` → ``players.me.battle[0]``."""
    text = ""
    for part in place:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += ("." if text else "") + str(part)
    return text


@dataclass
class Located:
    """Data read from one file, with the line of every value."""

    path: str
    data: Any
    lines: dict[Place, int] = field(default_factory=dict)

    def line(self, place: Place) -> int | None:
        """The line of the value at ``place``, or of its nearest parent."""
        while True:
            if place in self.lines:
                return self.lines[place]
            if not place:
                return None
            place = place[:-1]

    def error(self, place: Place, problem: str):
        from .errors import InputError

        return InputError(self.path, place_text(place), problem, self.line(place))


def _convert(node: yaml.Node, place: Place, lines: dict[Place, int], path: str, depth: int) -> Any:
    from .errors import InputError

    lines[place] = node.start_mark.line + 1
    if depth > MAX_DEPTH:
        raise InputError(path, place_text(place), f"nested deeper than {MAX_DEPTH} levels", node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise InputError(path, place_text(place), "a mapping key must be a plain word", key_node.start_mark.line + 1)
            key = key_node.value
            if key in result:
                raise InputError(path, place_text(place + (key,)), f"key '{key}' appears twice", key_node.start_mark.line + 1)
            result[key] = _convert(value_node, place + (key,), lines, path, depth + 1)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_convert(item, place + (i,), lines, path, depth + 1) for i, item in enumerate(node.value)]
    constructor = yaml.SafeLoader("")
    try:
        return constructor.construct_object(node, deep=True)
    finally:
        constructor.dispose()


def load_located(path: str | Path) -> Located:
    """Read a YAML file; raise InputError (never a traceback) when it is not one."""
    from .errors import InputError

    path = Path(path)
    name = str(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise InputError(name, "", "no such file") from None
    except IsADirectoryError:
        raise InputError(name, "", "is a folder, not a scenario file") from None
    except OSError as exc:
        raise InputError(name, "", f"cannot be read: {exc.strerror}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise InputError(name, "", f"is {len(raw):,} bytes; scenario and card files are limited to {MAX_FILE_BYTES:,}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(name, "", f"is not UTF-8 text (byte {exc.start})") from None
    return load_located_text(text, name)


def load_located_text(text: str, name: str) -> Located:
    from .errors import InputError

    try:
        nodes = list(yaml.compose_all(text, Loader=yaml.SafeLoader))
    except yaml.MarkedYAMLError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark else None
        problem = exc.problem or "not valid YAML"
        raise InputError(name, "", f"not valid YAML: {problem}", line) from None
    except yaml.YAMLError as exc:
        raise InputError(name, "", f"not valid YAML: {exc}") from None
    except RecursionError:
        raise InputError(name, "", "not valid YAML: nested too deeply") from None
    if len(nodes) > 1:
        raise InputError(name, "", "holds several YAML documents; put one scenario in each file", nodes[1].start_mark.line + 1)
    if not nodes or nodes[0] is None:
        raise InputError(name, "", "is empty")
    lines: dict[Place, int] = {}
    try:
        data = _convert(nodes[0], (), lines, name, 0)
    except yaml.YAMLError as exc:
        raise InputError(name, "", f"not valid YAML: {exc}") from None
    return Located(name, data, lines)
