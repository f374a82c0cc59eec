"""Loading YAML while remembering where each value came from.

Scenario and card files are read with PyYAML's composer, so every mapping,
list and scalar keeps its line. ``Located`` carries the data and a function
that turns a path of keys and indexes into a line number, so that errors can
say ``fixtures/A01.yaml:12: players.me.battle[0].card: ...``.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..game.errors import InputError

MAX_FILE_BYTES = 2_000_000
MAX_DEPTH = 40
MAX_VALUES = 200_000
# A whole number longer than this is refused (Python itself refuses to read one of 4,300 digits).
MAX_DIGITS = 100

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
        return InputError(self.path, place_text(place), problem, self.line(place))


# libyaml's parser when PyYAML has it (much faster), the pure Python one otherwise.
_BASE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_BASE):  # type: ignore[misc, valid-type]
    """YAML 1.2's core schema, narrowed so that every value reads as written.

    PyYAML follows YAML 1.1, which rewrites plain words: ``010`` → 8, ``0x10``
    → 16, ``1:30:00`` → 5400, ``yes``/``on`` → true. Here a plain scalar is a
    number only when it is a whole number written the plain way (``0``,
    ``42``, ``-3``: what it reads as prints back the same), true/false only
    when it says so (``true``, ``false``, any case as YAML 1.2 allows), null
    when it is ``~``, ``null`` or empty; anything else (``010``, ``0x10``,
    ``1:30:00``, ``1.5``, ``yes``) is the text as written.
    """


_Loader.yaml_implicit_resolvers = {}
for _tag_name, _pattern, _first in (
    ("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("int", r"^(?:0|-?[1-9][0-9]*)$", "-123456789" + "0"),
    ("null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("merge", r"^(?:<<)$", "<"),
):
    _Loader.add_implicit_resolver("tag:yaml.org,2002:" + _tag_name, re.compile(_pattern), list(_first))
_LOADER = _Loader


class _Scalars(yaml.constructor.SafeConstructor):
    """Builds plain values (text, numbers, booleans, null) from scalar nodes."""


_CORE = "tag:yaml.org,2002:"
_SCALAR_TAGS = {_CORE + t for t in ("str", "int", "float", "bool", "null")}


def _short_place(place: Place) -> str:
    """The start of a very deep place, so that an error stays one readable line."""
    return place_text(place) if len(place) <= 8 else place_text(place[:8]) + "..."


def _untagged(node: yaml.ScalarNode) -> str:
    """The tag the scalar gets when written as it is with no tag: quoted, a text; plain, as ``_Loader`` reads it."""
    if node.style:
        return _CORE + "str"
    for tag, pattern in _Loader.yaml_implicit_resolvers.get(node.value[:1], []):
        if pattern.match(node.value):
            return tag
    return _CORE + "str"


def _tag(tag: str) -> str:
    return "!!" + tag[len(_CORE) :] if tag.startswith(_CORE) else tag


class _Converter:
    """Turns composed nodes into plain data, recording lines, within limits.

    Aliases are expanded as they are used, so a file of a few lines can stand
    for billions of values ("billion laughs"): ``MAX_VALUES`` bounds the
    values built, and an alias inside the value it names is an error.
    """

    def __init__(self, path: str, lines: dict[Place, int]):
        self.path = path
        self.lines = lines
        self.values = 0
        self.open: set[int] = set()
        self.constructor = _Scalars()

    def error(self, place: Place, problem: str, mark):
        return InputError(self.path, _short_place(place), problem, mark.line + 1)

    def convert(self, node: yaml.Node, place: Place, depth: int) -> Any:
        self.lines[place] = node.start_mark.line + 1
        self.values += 1
        if self.values > MAX_VALUES:
            raise self.error(
                place,
                f"holds more than {MAX_VALUES:,} values (each use of a YAML alias counts its whole value)",
                node.start_mark,
            )
        if depth > MAX_DEPTH:
            raise self.error(place, f"nested deeper than {MAX_DEPTH} levels", node.start_mark)
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node, place)
        expected = _CORE + ("map" if isinstance(node, yaml.MappingNode) else "seq")
        if node.tag != expected:
            raise self.error(place, f"the YAML tag '{_tag(node.tag)}' is not allowed in a scenario", node.start_mark)
        if id(node) in self.open:
            raise self.error(place, "a YAML alias refers to the value that contains it", node.start_mark)
        self.open.add(id(node))
        try:
            if isinstance(node, yaml.MappingNode):
                result: dict[Any, Any] = {}
                for key_node, value_node in node.value:
                    if key_node.tag == _CORE + "merge":
                        raise self.error(
                            place, "YAML merge keys ('<<') are not supported; write the fields out", key_node.start_mark
                        )
                    if not isinstance(key_node, yaml.ScalarNode):
                        raise self.error(place, "a mapping key must be a plain word", key_node.start_mark)
                    key = key_node.value
                    if key_node.tag != _untagged(key_node):
                        raise self.error(
                            place + (key,),
                            f"the YAML tag '{_tag(key_node.tag)}' is not allowed in a scenario",
                            key_node.start_mark,
                        )
                    if key in result:
                        raise self.error(place + (key,), f"key '{key}' appears twice", key_node.start_mark)
                    result[key] = self.convert(value_node, place + (key,), depth + 1)
                return result
            return [self.convert(item, place + (i,), depth + 1) for i, item in enumerate(node.value)]
        finally:
            self.open.discard(id(node))

    def scalar(self, node: yaml.ScalarNode, place: Place) -> Any:
        # A tag is refused unless it is the one the value has untagged: '!!int 010' would read 010 the YAML 1.1
        # way (as 8), and '!!int abc' cannot be read at all.
        if node.tag not in _SCALAR_TAGS or node.tag != _untagged(node):
            raise self.error(place, f"the YAML tag '{_tag(node.tag)}' is not allowed in a scenario", node.start_mark)
        if node.tag == _CORE + "int" and len(node.value.lstrip("+-")) > MAX_DIGITS:
            raise self.error(
                place,
                f"a number of {len(node.value.lstrip('+-')):,} digits; numbers have at most {MAX_DIGITS} "
                "(an id made of digits can be written in quotes)",
                node.start_mark,
            )
        return self.constructor.construct_object(node, deep=True)


def load_located(path: str | Path) -> Located:
    """Read a YAML file; raise InputError (never a traceback) when it is not one."""
    raw = read_bounded(path)
    name = os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike)) else str(path)
    return located_from_bytes(raw, name)


def located_from_bytes(raw: bytes, name: str) -> Located:
    """``load_located`` of a file's bytes, read already; ``name`` names the file in errors."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(name, "", f"is not UTF-8 text (byte {exc.start})") from None
    return load_located_text(text, name)


def read_bounded(path: str | Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; InputError otherwise.

    Opening does not wait (a FIFO with no writer would block), anything but a
    regular file (FIFO, device such as /dev/zero, socket, folder) is refused
    before a byte is read, and at most ``limit`` + 1 bytes are ever read, so a
    huge or sparse file costs nothing.
    """
    name = os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike)) else str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise InputError(name, "", "no such file") from None
    except IsADirectoryError:
        raise InputError(name, "", "is a folder, not a scenario file") from None
    except (OSError, ValueError, TypeError) as exc:
        raise InputError(name, "", f"cannot be read: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise InputError(name, "", "is a folder, not a scenario file")
        if not stat.S_ISREG(info.st_mode):
            kind = (
                "a FIFO (named pipe)"
                if stat.S_ISFIFO(info.st_mode)
                else "a device"
                if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode)
                else "a socket"
                if stat.S_ISSOCK(info.st_mode)
                else "not a file"
            )
            raise InputError(name, "", f"is {kind}, not a regular file; dmrules reads its input from files")
        if info.st_size > limit:
            raise InputError(name, "", f"is {info.st_size:,} bytes; scenario and card files are limited to {limit:,}")
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, limit + 1 - total)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise InputError(name, "", f"cannot be read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > limit:
        raise InputError(name, "", f"is more than {limit:,} bytes; scenario and card files are limited to {limit:,}")
    return raw


def load_located_text(text: str, name: str) -> Located:
    name = str(name)
    if not isinstance(text, str):
        raise InputError(name, "", f"expected the scenario as text (str), got {type(text).__name__}")
    line: int | None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        line = text.count("\n", 0, exc.start) + 1
        raise InputError(
            name,
            "",
            f"is not valid Unicode text: a lone surrogate U+{ord(text[exc.start]):04X} at character {exc.start + 1}",
            line,
        ) from None

    try:
        nodes = list(yaml.compose_all(text, Loader=_LOADER))
    except yaml.MarkedYAMLError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark else None
        problem = exc.problem or "not valid YAML"
        source_lines = text.split("\n")
        source_line = source_lines[line - 1] if line and line <= len(source_lines) else ""
        if "\t" in source_line[: len(source_line) - len(source_line.lstrip())] or "'\\t'" in problem:
            problem += " (indent with spaces: YAML does not allow tabs there)"
        elif any(word in problem for word in ("block end", "expected key", "mapping values are not allowed")):
            problem += " (check the indentation of this line and the one before)"
        raise InputError(name, "", f"not valid YAML: {problem}", line) from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1 if isinstance(exc.position, int) else None
        char = f"#x{exc.character:04x}" if isinstance(exc.character, int) else repr(exc.character)
        raise InputError(
            name,
            "",
            f"not valid YAML: the character {char} is not allowed "
            "(control characters cannot appear in YAML, even quoted)",
            line,
        ) from None
    except yaml.YAMLError as exc:
        raise InputError(name, "", f"not valid YAML: {exc}") from None
    except RecursionError:
        raise InputError(name, "", "not valid YAML: nested too deeply") from None
    if len(nodes) > 1:
        raise InputError(
            name, "", "holds several YAML documents; put one scenario in each file", nodes[1].start_mark.line + 1
        )
    if not nodes or nodes[0] is None:
        raise InputError(name, "", "is empty")
    lines: dict[Place, int] = {}
    try:
        data = _Converter(name, lines).convert(nodes[0], (), 0)
    except yaml.MarkedYAMLError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark else None
        raise InputError(name, "", f"not valid YAML: {exc.problem or exc}", line) from None
    except yaml.YAMLError as exc:
        raise InputError(name, "", f"not valid YAML: {exc}") from None
    return Located(name, data, lines)
