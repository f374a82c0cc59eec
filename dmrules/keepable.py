"""What the cache folder keeps, as plain data: values to JSON and back.

The cache (``cache.py``) stores JSON, never pickles: reading it back constructs only the
classes a ``Keeper`` is given, with their fields, and runs nothing else. ``encode`` turns a
value made of those classes, tuples, frozensets, lists, mappings, text, numbers, booleans and
None into a JSON value; ``decode`` turns such a value back, and raises ``ValueError`` on
anything it does not know (a file of the wrong shape is then read past). ``PLAIN`` keeps
plain data alone (the encodings' rule graphs); ``reading/keepable.py`` holds the keeper of
dmrules' own objects (card definitions, compiled texts, scenarios).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any

MAX_NESTING = 200


@dataclasses.dataclass(frozen=True)
class Custom:
    """A class kept in a form of its own: ``tag`` (``@`` and a letter) names the form,
    ``write`` gives a JSON value of an instance, ``read`` the instance back (ValueError when
    the value is not such a form)."""

    tag: str
    cls: type
    write: Callable[[Any], Any]
    read: Callable[[Any], Any]


class Keeper:
    """The classes a kept value may hold (constructing them runs no code of the file's), and
    those kept in a form of their own. ``bundled(name)``: a card definition kept as its name
    (``@b``), given back as that object; ``is_bundled(definition)``: whether one is so kept."""

    def __init__(
        self,
        classes: Iterable[type] = (),
        custom: Iterable[Custom] = (),
        bundled: Callable[[str], Any] | None = None,
        is_bundled: Callable[[Any], bool] | None = None,
    ):
        self.classes = {cls.__name__: cls for cls in classes}
        self.fields = {
            cls: frozenset(f.name for f in dataclasses.fields(cls) if f.init) for cls in self.classes.values()
        }
        self.custom = {c.tag: c for c in custom}
        self.bundled = bundled
        self.is_bundled = is_bundled

    def encode(self, value: Any) -> Any:
        """``value`` as a JSON value; ValueError when it holds what is not kept."""
        return self._out(value, 0)

    def decode(self, data: Any) -> Any:
        """The value ``encode`` made ``data`` of; ValueError when ``data`` is not such a value."""
        return self._in(data, 0)

    # -- to JSON -------------------------------------------------------------------------
    def _out(self, value: Any, depth: int) -> Any:
        if depth > MAX_NESTING:
            raise ValueError("nested too deep to keep")
        if value is None or isinstance(value, (bool, int, float, str)):
            return value
        if isinstance(value, list):
            return [self._out(v, depth + 1) for v in value]
        if isinstance(value, tuple):
            return {"@t": [self._out(v, depth + 1) for v in value]}
        if isinstance(value, frozenset):
            return {"@f": [self._out(v, depth + 1) for v in value]}
        if isinstance(value, dict):
            if all(isinstance(k, str) and not k.startswith("@") for k in value):
                return {k: self._out(v, depth + 1) for k, v in value.items()}
            return {"@d": [[self._out(k, depth + 1), self._out(v, depth + 1)] for k, v in value.items()]}
        for custom in self.custom.values():
            if isinstance(value, custom.cls):
                return {custom.tag: custom.write(value)}
        if self.is_bundled is not None and self.is_bundled(value):
            return {"@b": value.name}
        name = type(value).__name__
        cls = self.classes.get(name)
        if cls is None or cls is not type(value):
            raise ValueError(f"{name} is not kept")
        fields = {
            f.name: self._out(getattr(value, f.name), depth + 1)
            for f in dataclasses.fields(cls)
            if f.init and not _is_default(f, getattr(value, f.name))
        }
        return {"@c": name, "v": fields}

    # -- from JSON -----------------------------------------------------------------------
    def _in(self, data: Any, depth: int) -> Any:
        if depth > MAX_NESTING:
            raise ValueError("nested too deep")
        if data is None or isinstance(data, (bool, int, float, str)):
            return data
        if isinstance(data, list):
            return [self._in(v, depth + 1) for v in data]
        if not isinstance(data, dict):
            raise ValueError("not a kept value")
        if len(data) == 1 and next(iter(data)).startswith("@"):
            ((tag, body),) = data.items()
            return self._tagged(tag, body, depth)
        if "@c" in data:
            return self._instance(data, depth)
        if any(k.startswith("@") for k in data):
            raise ValueError("not a kept mapping")
        return {k: self._in(v, depth + 1) for k, v in data.items()}

    def _tagged(self, tag: str, body: Any, depth: int) -> Any:
        if tag in ("@t", "@f", "@d") and not isinstance(body, list):
            raise ValueError("not a kept list")
        if tag == "@t":
            return tuple(self._in(v, depth + 1) for v in body)
        if tag == "@f":
            return frozenset(self._in(v, depth + 1) for v in body)
        if tag == "@d":
            if not all(isinstance(pair, list) and len(pair) == 2 for pair in body):
                raise ValueError("not a kept mapping")
            return {self._in(k, depth + 1): self._in(v, depth + 1) for k, v in body}
        if tag == "@b":
            card = self.bundled(body) if self.bundled is not None and isinstance(body, str) else None
            if card is None:
                raise ValueError(f"no bundled card {body!r}")
            return card
        if tag in self.custom:
            return self.custom[tag].read(body)
        raise ValueError(f"unknown tag {tag!r}")

    def _instance(self, data: dict, depth: int) -> Any:
        cls = self.classes.get(data["@c"]) if isinstance(data.get("@c"), str) else None
        fields = data.get("v")
        if cls is None or set(data) != {"@c", "v"} or not isinstance(fields, dict):
            raise ValueError(f"not a kept object: {data.get('@c')!r}")
        known = self.fields[cls]
        if not fields.keys() <= known:
            raise ValueError(f"{cls.__name__} has no field {sorted(set(fields) - known)}")
        try:
            return cls(**{k: self._in(v, depth + 1) for k, v in fields.items()})
        except TypeError as exc:  # a required field left out
            raise ValueError(str(exc)) from None


def _is_default(field: dataclasses.Field, value: Any) -> bool:
    """Whether a field holds its default (left out of what is kept: the class gives it back)."""
    if field.default is not dataclasses.MISSING:
        return type(value) is type(field.default) and value == field.default
    if field.default_factory is not dataclasses.MISSING:
        default = field.default_factory()
        return type(value) is type(default) and value == default
    return False


PLAIN = Keeper()  # plain data: text, numbers, lists, tuples, frozensets, mappings
