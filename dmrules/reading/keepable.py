"""What the cache folder keeps, as plain data: dmrules' own objects to JSON values and back.

The cache (``cache.py``) stores JSON, never pickles: reading it back constructs only the
classes named here, with their fields, and runs nothing else. ``encode`` turns a value made
of those classes, tuples, frozensets, lists, mappings, text, numbers, booleans and None into
a JSON value; ``decode`` turns such a value back, and raises ``ValueError`` on anything it
does not know (a file of the wrong shape is then read past). A bundled card's definition is
kept as its name and comes back as the very object the bundled database holds (the solver's
caches know definitions by identity); a syntax node (``Node``, which error messages cite)
keeps its file's name, its place, its value and the lines they need.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from .abilities import Action, Condition, Filter, ReplacementAbility, Restriction, Slot, TriggeredAbility, Watch
from .carddb import CardDef
from .cardtext.compiler import Compiled, Sentence
from .events import ChoiceSpec, Event, EventSpec, SelfReplacement, Step, Template
from .reader import Node
from .scenario import CardInstance, EffectInPlay, Scenario
from .yamlsrc import Located

# The only classes a kept value may hold: constructing them runs no code of the file's.
CLASSES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        Action,
        CardDef,
        CardInstance,
        ChoiceSpec,
        Compiled,
        Condition,
        EffectInPlay,
        Event,
        EventSpec,
        Filter,
        ReplacementAbility,
        Restriction,
        Scenario,
        SelfReplacement,
        Sentence,
        Slot,
        Step,
        Template,
        TriggeredAbility,
        Watch,
    )
}
MAX_NESTING = 200
_FIELDS = {cls: frozenset(f.name for f in dataclasses.fields(cls) if f.init) for cls in CLASSES.values()}


def encode(value: Any, bundled: Callable[[CardDef], bool] | None = None) -> Any:
    """``value`` as a JSON value. ``bundled(definition)``: whether a card definition is the
    bundled database's own (kept as its name)."""
    return _Encoder(bundled).value(value, 0)


def decode(data: Any, bundled: Callable[[str], CardDef | None] | None = None) -> Any:
    """The value ``encode`` made ``data`` of; ``bundled(name)``: the bundled card of that name.
    ValueError when ``data`` is not such a value."""
    return _Decoder(bundled).value(data, 0)


class _Encoder:
    def __init__(self, bundled: Callable[[CardDef], bool] | None):
        self.bundled = bundled

    def value(self, value: Any, depth: int) -> Any:
        if depth > MAX_NESTING:
            raise ValueError("nested too deep to keep")
        if value is None or isinstance(value, (bool, int, float, str)):
            return value
        if isinstance(value, list):
            return [self.value(v, depth + 1) for v in value]
        if isinstance(value, tuple):
            return {"@t": [self.value(v, depth + 1) for v in value]}
        if isinstance(value, frozenset):
            return {"@f": [self.value(v, depth + 1) for v in value]}
        if isinstance(value, dict):
            if all(isinstance(k, str) and not k.startswith("@") for k in value):
                return {k: self.value(v, depth + 1) for k, v in value.items()}
            return {"@d": [[self.value(k, depth + 1), self.value(v, depth + 1)] for k, v in value.items()]}
        if isinstance(value, Node):
            return {"@n": _node(value)}
        if isinstance(value, CardDef) and self.bundled is not None and self.bundled(value):
            return {"@b": value.name}
        name = type(value).__name__
        if CLASSES.get(name) is not type(value):
            raise ValueError(f"{name} is not kept")
        fields = {
            f.name: self.value(getattr(value, f.name), depth + 1)
            for f in dataclasses.fields(value)
            if f.init and not _is_default(f, getattr(value, f.name))
        }
        return {"@c": name, "v": fields}


def _is_default(field: dataclasses.Field, value: Any) -> bool:
    """Whether a field holds its default (left out of what is kept: the class gives it back)."""
    if field.default is not dataclasses.MISSING:
        return type(value) is type(field.default) and value == field.default
    if field.default_factory is not dataclasses.MISSING:
        default = field.default_factory()
        return type(value) is type(default) and value == default
    return False


def _node(node: Node) -> list:
    """A syntax node as what is read of it once it is kept: its file's name, its place and
    value (a file's plain data), and the lines of its place, of the places under it and of
    those above it (what its errors and its children's errors cite)."""
    place, size = node.place, len(node.place)
    lines = [[list(p), n] for p, n in node.located.lines.items() if p[:size] == place or place[: len(p)] == p]
    return [node.located.path, list(place), node.value, lines]


def _node_back(body: Any) -> Node:
    if not (isinstance(body, list) and len(body) == 4 and isinstance(body[1], list) and isinstance(body[3], list)):
        raise ValueError("not a kept node")
    lines = {}
    for pair in body[3]:
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], list) and isinstance(pair[1], int)):
            raise ValueError("not a kept line")
        lines[tuple(pair[0])] = pair[1]
    return Node(Located(_text(body[0]), None, lines), tuple(body[1]), body[2])


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError("expected a text")
    return value


class _Decoder:
    def __init__(self, bundled: Callable[[str], CardDef | None] | None):
        self.bundled = bundled

    def value(self, data: Any, depth: int) -> Any:
        if depth > MAX_NESTING:
            raise ValueError("nested too deep")
        if data is None or isinstance(data, (bool, int, float, str)):
            return data
        if isinstance(data, list):
            return [self.value(v, depth + 1) for v in data]
        if not isinstance(data, dict):
            raise ValueError("not a kept value")
        if len(data) == 1 and next(iter(data)).startswith("@"):
            ((tag, body),) = data.items()
            return self.tagged(tag, body, depth)
        if "@c" in data:
            return self.instance(data, depth)
        if any(k.startswith("@") for k in data):
            raise ValueError("not a kept mapping")
        return {k: self.value(v, depth + 1) for k, v in data.items()}

    def tagged(self, tag: str, body: Any, depth: int) -> Any:
        if tag in ("@t", "@f", "@d") and not isinstance(body, list):
            raise ValueError("not a kept list")
        if tag == "@t":
            return tuple(self.value(v, depth + 1) for v in body)
        if tag == "@f":
            return frozenset(self.value(v, depth + 1) for v in body)
        if tag == "@d":
            if not all(isinstance(pair, list) and len(pair) == 2 for pair in body):
                raise ValueError("not a kept mapping")
            return {self.value(k, depth + 1): self.value(v, depth + 1) for k, v in body}
        if tag == "@n":
            return _node_back(body)
        if tag == "@b":
            card = self.bundled(body) if self.bundled is not None and isinstance(body, str) else None
            if card is None:
                raise ValueError(f"no bundled card {body!r}")
            return card
        raise ValueError(f"unknown tag {tag!r}")

    def instance(self, data: dict, depth: int) -> Any:
        cls = CLASSES.get(data.get("@c")) if isinstance(data.get("@c"), str) else None
        fields = data.get("v")
        if cls is None or set(data) != {"@c", "v"} or not isinstance(fields, dict):
            raise ValueError(f"not a kept object: {data.get('@c')!r}")
        known = _FIELDS[cls]
        if not fields.keys() <= known:
            raise ValueError(f"{cls.__name__} has no field {sorted(set(fields) - known)}")
        try:
            return cls(**{k: self.value(v, depth + 1) for k, v in fields.items()})
        except TypeError as exc:  # a required field left out
            raise ValueError(str(exc)) from None
