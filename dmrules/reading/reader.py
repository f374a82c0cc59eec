"""Typed reading of YAML data with errors that say where and what.

A ``Node`` is one value of a located file, with its place. Its methods read
fields of the expected type or raise ``InputError`` naming the file, the
place, the line and the problem. Unknown keys are errors too: nothing in a
scenario is silently dropped.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable, Iterator
from typing import Any, overload

from ..game.errors import InputError
from .yamlsrc import Located, Place

MAX_COUNT = 60

_TYPE_NAMES = {dict: "a mapping", list: "a list", str: "a text", int: "a whole number", bool: "true or false"}


MAX_SHOWN = 60  # characters of a bad value an error message quotes


def shorten(text: Any) -> str:
    """A value as an error message quotes it: a very long one is cut."""
    text = str(text)
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN] + f"... ({len(text):,} characters)"


def _describe(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"'{str(value).lower()}'"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return f"'{shorten(value)}'"


# Characters that change what a terminal shows rather than showing themselves:
# control characters (Cc: escape sequences, line breaks, carriage returns),
# format characters (Cf: bidi embeddings and overrides U+202A-U+202E, isolates
# U+2066-U+2069, marks, zero-width spaces and joiners U+200B-U+200D, U+2060,
# U+FEFF), and the line and paragraph separators U+2028, U+2029.
UNSAFE_CATEGORIES = frozenset(("Cc", "Cf", "Zl", "Zp"))


def unsafe_char(ch: str) -> bool:
    """Whether a character changes the display instead of showing (an escape, a bidi override, ...)."""
    return unicodedata.category(ch) in UNSAFE_CATEGORIES


def has_control(text: str) -> bool:
    """Whether ``text`` holds a character that is not shown as itself (see ``unsafe_char``)."""
    return any(unsafe_char(ch) for ch in text)


def unsafe_description(text: str) -> str:
    """``U+202E`` for the first such character of ``text``: what an error names."""
    ch = next(ch for ch in text if unsafe_char(ch))
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" {name}" if name else "")


# Fields of older forms of the format, which mean nothing now: (a field of the place where
# one was written, what to write instead).
OLDER_FORMS = {
    "text_verified": ("text_source", "write 'text_source: paraphrase' for a text written from a ruling's paraphrase"),
    "top_card_to": (
        "move_to",
        "write 'top_card_only' (only the top card of the stack goes where the event sends it)",
    ),
}


class Node:
    """A value in a located file."""

    def __init__(self, located: Located, place: Place, value: Any):
        self.located = located
        self.place = place
        self.value = value

    @classmethod
    def root(cls, located: Located) -> Node:
        return cls(located, (), located.data)

    # -- errors ---------------------------------------------------------------
    def error(self, problem: str, key: Any = None) -> InputError:
        place = self.place if key is None else self.place + (key,)
        return self.located.error(place, problem)

    # -- shape ------------------------------------------------------------------
    def expect(self, kind: type) -> Node:
        if kind is int and isinstance(self.value, bool):
            raise self.error(f"expected {_TYPE_NAMES[int]}, found {_describe(self.value)}")
        if not isinstance(self.value, kind):
            raise self.error(f"expected {_TYPE_NAMES[kind]}, found {_describe(self.value)}")
        return self

    def keys(self, allowed: Iterable[str], required: Iterable[str] = ()) -> Node:
        """Check a mapping's keys: every one known, the required ones present."""
        self.expect(dict)
        allowed = list(allowed)
        for key in self.value:
            if key not in allowed:
                if key in OLDER_FORMS and OLDER_FORMS[key][0] in allowed:
                    raise self.error(
                        f"'{key}' is an older form that no longer means anything: {OLDER_FORMS[key][1]}", key
                    )
                hint = _close(str(key), allowed)
                raise self.error(
                    f"unknown field '{shorten(key)}'"
                    + (f"; did you mean '{hint}'?" if hint else f" (known: {', '.join(allowed)})"),
                    key,
                )
        for key in required:
            if key not in self.value:
                raise self.error(f"missing field '{key}'")
            if self.value[key] is None:
                raise self.error(f"field '{key}' has no value", key)
        return self

    def has(self, key: str) -> bool:
        return isinstance(self.value, dict) and key in self.value and self.value[key] is not None

    def child(self, key: Any) -> Node:
        if isinstance(self.value, dict):
            if key not in self.value:
                raise self.error(f"missing field '{key}'")
            return Node(self.located, self.place + (key,), self.value[key])
        if isinstance(self.value, list):
            return Node(self.located, self.place + (key,), self.value[key])
        raise self.error(f"expected a mapping, found {_describe(self.value)}")

    def items(self) -> Iterator[tuple[str, Node]]:
        self.expect(dict)
        for key, value in self.value.items():
            yield str(key), Node(self.located, self.place + (key,), value)

    def elements(self) -> Iterator[Node]:
        """The elements of a list (a single value counts as a list of one)."""
        if self.value is None:
            return
        if not isinstance(self.value, list):
            yield self
            return
        for i, value in enumerate(self.value):
            yield Node(self.located, self.place + (i,), value)

    # -- scalars ----------------------------------------------------------------
    def text(self, choices: Iterable[str] | None = None) -> str:
        value = self.value
        if isinstance(value, bool):
            raise self.error(
                f"expected a text, found {_describe(value)} (YAML reads true and false, in any case, "
                "as true or false: put the word in quotes)"
            )
        if value is None or isinstance(value, (dict, list)):
            raise self.error(f"expected a text, found {_describe(value)}")
        value = str(value)
        if not value.strip():
            raise self.error("expected a text, found an empty one")
        if "\0" in value:
            # The solver's strings end at a NUL: 'a\0x' and 'a\0y' would be the same name there.
            raise self.error("a text cannot contain the character NUL (\\0)")
        if choices is not None:
            choices = list(choices)
            if value not in choices:
                hint = _close(value, choices)
                raise self.error(
                    f"unknown value '{shorten(value)}'"
                    + (f"; did you mean '{hint}'?" if hint else f" (known: {', '.join(choices)})")
                )
        return value

    def integer(self, low: int = 0, high: int = MAX_COUNT) -> int:
        self.expect(int)
        if not low <= self.value <= high:
            raise self.error(f"{self.value} is out of range ({low} to {high})")
        return self.value

    def boolean(self) -> bool:
        return self.expect(bool).value

    def listed(self) -> list[Node]:
        """The elements of a list (nothing for an empty value); anything else is an error."""
        if self.value is not None and not isinstance(self.value, list):
            raise self.error(f"expected a list, found {_describe(self.value)}")
        return list(self.elements())

    def identifier(self) -> str:
        """A text that names something (a card, an event, an effect): printed on one line."""
        value = self.text()
        if has_control(value):
            raise self.error(
                "an id cannot contain control characters (a line break, a tab, an escape), bidi "
                f"overrides, line separators or zero-width characters; found {unsafe_description(value)}"
            )
        return value

    def texts(self, choices: Iterable[str] | None = None) -> list[str]:
        """A text or a list of texts."""
        choices = list(choices) if choices is not None else None
        return [element.text(choices) for element in self.elements()]

    # -- optional fields --------------------------------------------------------
    def opt_identifier(self, key: str, default: str) -> str:
        return self.child(key).identifier() if self.has(key) else default

    @overload
    def opt_text(self, key: str, default: str, choices: Iterable[str] | None = None) -> str: ...
    @overload
    def opt_text(self, key: str, default: None = None, choices: Iterable[str] | None = None) -> str | None: ...
    def opt_text(self, key: str, default: str | None = None, choices: Iterable[str] | None = None) -> str | None:
        return self.child(key).text(choices) if self.has(key) else default

    @overload
    def opt_int(self, key: str, default: int, low: int = 0, high: int = MAX_COUNT) -> int: ...
    @overload
    def opt_int(self, key: str, default: None = None, low: int = 0, high: int = MAX_COUNT) -> int | None: ...
    def opt_int(self, key: str, default: int | None = None, low: int = 0, high: int = MAX_COUNT) -> int | None:
        return self.child(key).integer(low, high) if self.has(key) else default

    def opt_bool(self, key: str, default: bool = False) -> bool:
        return self.child(key).boolean() if self.has(key) else default

    def opt_texts(self, key: str, choices: Iterable[str] | None = None) -> list[str]:
        return self.child(key).texts(choices) if self.has(key) else []


def _close(word: str, choices: list[str]) -> str | None:
    found = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return found[0] if found else None
