"""Typed forms of the model as plain data (JSON), and back.

The bundled card database keeps what the card-text compiler read from each printed text
(``dmrules/cards/classic.json``): replacement abilities, triggered abilities and restrictions,
with their watches, filters, actions and follow-up steps, all frozen dataclasses of
``dmrules/game/``. ``to_data`` writes such an object as JSON values: a mapping with the class
name under ``"@"`` and every field that differs from its default (a field that takes part in
no comparison, such as the place in a file an event was written at, is left out); a tuple is
a list. ``from_data`` reads it back into the very same object (``from_data(to_data(x)) == x``),
without a YAML round trip, so that the database is read in milliseconds.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

from ..game import abilities, events, filters

# The classes a form is made of.
_FORM_CLASSES = (
    abilities.ReplacementAbility,
    abilities.TriggeredAbility,
    abilities.Restriction,
    abilities.Watch,
    abilities.Action,
    abilities.Slot,
    filters.Filter,
    filters.Condition,
    events.Step,
    events.EventSpec,
    events.ChoiceSpec,
    events.SelfReplacement,
)
FORM_CLASSES_BY_NAME: dict[str, type] = {cls.__name__: cls for cls in _FORM_CLASSES}
TAG = "@"


class FormDataError(ValueError):
    """Data that is not a form this module writes (an unknown class or field)."""


@cache
def _fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """The compared fields of ``cls`` and their defaults (``MISSING`` for a required one)."""
    out = []
    for f in dataclasses.fields(cls):
        if not f.compare:
            continue
        if f.default is not dataclasses.MISSING:
            default = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            default = dataclasses.MISSING
        out.append((f.name, default))
    return tuple(out)


def to_data(value: Any) -> Any:
    """``value`` as JSON values: dataclasses of the model, tuples, texts, numbers, booleans, None."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        name = type(value).__name__
        if FORM_CLASSES_BY_NAME.get(name) is not type(value):
            raise FormDataError(f"{name} is not a class of a card's form")
        out: dict[str, Any] = {TAG: name}
        for field_name, default in _fields(type(value)):
            item = getattr(value, field_name)
            if default is dataclasses.MISSING or item != default:
                out[field_name] = to_data(item)
        return out
    if isinstance(value, (tuple, list)):
        return [to_data(item) for item in value]
    if value is None or isinstance(value, (str, int, bool)):
        return value
    raise FormDataError(f"a {type(value).__name__} is not part of a card's form")


def from_data(data: Any) -> Any:
    """The object ``to_data`` wrote: mappings with a class name become that class, lists tuples."""
    if isinstance(data, dict):
        name = data.get(TAG)
        cls = FORM_CLASSES_BY_NAME.get(name) if isinstance(name, str) else None
        if cls is None:
            raise FormDataError(f"unknown form class {name!r}")
        known = {field_name for field_name, _ in _fields(cls)}
        unknown = set(data) - known - {TAG}
        if unknown:
            raise FormDataError(f"{name} has no field {', '.join(sorted(unknown))}")
        return cls(**{key: from_data(item) for key, item in data.items() if key != TAG})
    if isinstance(data, list):
        return tuple(from_data(item) for item in data)
    return data
