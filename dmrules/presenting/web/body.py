"""A request's body as the workbench reads it: at most ``max_body`` bytes of JSON, an object whose
strings are all valid Unicode text, in the language its ``lang`` asks for.

A body refused before it is read as JSON (too large, nested too deeply, not JSON, a number of more
digits than Python reads) is answered in the language of its top-level ``lang`` member all the
same: ``TopLang`` finds that member without parsing the body, reading on past the size limit (up
to ``LANG_SCAN`` times the limit) for it alone. A body that says no language is answered in the
language of the ``lang`` query parameter, else in Japanese.
"""

from __future__ import annotations

import json
import re
import sys

from starlette.requests import Request

from . import messages
from .child import Refused

LANG_SCAN = 4  # a body over the limit is read on, for its language alone, up to this many times the limit
_STRUCTURE = re.compile(rb'[\\"{}\[\]:,]')
_SURROGATE = re.compile("[\ud800-\udfff]")


def request_lang(value) -> str:
    """The language a request asks for: ``en`` or ``ja`` (anything else)."""
    return value if value in ("ja", "en") else "ja"


class TopLang:
    """The top-level ``lang`` member of a JSON text read piece by piece (``feed``), found without
    parsing the text: ``lang`` is what the request asks for (the last such member, as JSON is read),
    or None when none was seen. A member written with escapes is not recognised."""

    def __init__(self) -> None:
        self.depth = 0
        self.in_string = False
        self.escaped = False  # the piece ended with the backslash of an escape
        self.text: bytearray | None = None  # the first bytes of the top-level string being read
        self.key: bytes | None = None  # the top-level key whose value comes next
        self.value = False  # past the key's colon
        self.lang: str | None = None
        self._from = 0  # where the top-level string being read starts in the piece

    def feed(self, data: bytes) -> None:
        start, skip = 0, -1
        if self.escaped and data:
            self.escaped, start = False, 1
        for found in _STRUCTURE.finditer(data, start):
            at = found.start()
            if at == skip:
                continue
            if self.in_string:
                skip = self._in_string(data, at)
            else:
                self._structure(data, at)
        if self.in_string and self.text is not None:
            self._keep(data, self._from, len(data))
            self._from = 0

    def _in_string(self, data: bytes, at: int) -> int:
        """A byte of the structure read inside a string: the position of the byte a backslash escapes, else -1."""
        if data[at] == ord("\\"):
            if at + 1 == len(data):
                self.escaped = True
            return at + 1
        if data[at] != ord('"'):
            return -1
        self.in_string = False
        if self.text is not None:
            self._keep(data, self._from, at)
            self._ended(bytes(self.text))
            self.text = None
        return -1

    def _structure(self, data: bytes, at: int) -> None:
        char = chr(data[at])
        if char == '"':
            self.in_string = True
            self.text, self._from = (bytearray(), at + 1) if self.depth == 1 else (None, 0)
        elif char in "{[":
            self.depth += 1
        elif char in "}]":
            self.depth -= 1
        elif self.depth == 1:
            self.value = char == ":"
            if char == ",":
                self.key = None

    def _keep(self, data: bytes, start: int, end: int) -> None:
        if self.text is not None and len(self.text) < 8:
            self.text += data[start : min(end, start + 8)]

    def _ended(self, text: bytes) -> None:
        if not self.value:
            self.key = text
        elif self.key == b"lang":
            self.lang = request_lang(text.decode("ascii", "replace"))


async def read_json(request: Request, max_body: int, lang: str) -> dict:
    """The body: a JSON object (its ``lang`` made ``ja`` or ``en``), or a refusal in the language
    it asks for (``lang`` when it asks for none that can be found)."""
    data, size, scan = bytearray(), 0, TopLang()
    declared = request.headers.get("content-length") or ""
    too_large = declared.isdigit() and int(declared) > max_body
    async for chunk in request.stream():
        size += len(chunk)
        if not too_large and size > max_body:
            too_large = True
            scan.feed(bytes(data))
            data = bytearray()
        if not too_large:
            data += chunk
            continue
        scan.feed(chunk)
        if size > LANG_SCAN * max_body:
            break
    if too_large:
        raise Refused(413, messages.refusal("too_large", scan.lang or lang, limit=max_body))
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        scan.feed(bytes(data))
        raise Refused(400, messages.refusal("not_json", scan.lang or lang)) from None
    except ValueError:  # an integer of more digits than Python reads
        scan.feed(bytes(data))
        limit = sys.get_int_max_str_digits()
        raise Refused(400, messages.refusal("digits", scan.lang or lang, limit=limit)) from None
    except RecursionError:
        scan.feed(bytes(data))
        raise Refused(400, messages.refusal("nested", scan.lang or lang)) from None
    if not isinstance(doc, dict):
        raise Refused(400, messages.refusal("not_object", lang))
    doc["lang"] = request_lang(doc.get("lang"))
    refuse_surrogates(doc)
    return doc


def _field_place(name: str) -> str:
    """The place of a top-level field of a request, as its errors name it."""
    return "--expect" if name == "expect" else name


def lone_surrogate(doc: dict) -> tuple[str | None, str, int] | None:
    """The first string of the request that is not valid Unicode text (a lone surrogate, which JSON's
    ``\\ud800`` can write): its place (of the scenario's own fields as the reader names them, relative
    to the scenario; of a key, the place of its mapping), the surrogate and its position (from 1)."""
    for name in doc:
        found = _SURROGATE.search(name)
        if found:
            return None, found.group(), found.start() + 1
    stack: list[tuple[object, str]] = [
        (value, "" if name == "scenario" else _field_place(name)) for name, value in reversed(doc.items())
    ]
    while stack:
        value, place = stack.pop()
        if isinstance(value, str):
            found = _SURROGATE.search(value)
            if found:
                return place, found.group(), found.start() + 1
        elif isinstance(value, dict):
            inner = [(k, v, f"{place}.{k}" if place else k) for k, v in value.items()]
            stack += [(v, p) for _, v, p in reversed(inner)]
            stack += [(k, place) for k, _, _ in reversed(inner)]
        elif isinstance(value, list):
            stack += [(v, f"{place}[{i}]") for i, v in reversed(list(enumerate(value)))]
    return None


def refuse_surrogates(doc: dict) -> None:
    """A request with a string that is not valid Unicode text is refused, naming its field (400)."""
    found = lone_surrogate(doc)
    if found is None:
        return
    place, char, at = found
    lang = doc["lang"]
    scenario = doc.get("scenario") if isinstance(doc.get("scenario"), dict) else None
    field = messages.field_words(place, lang, scenario)
    if _SURROGATE.search(field):  # a card named by an id that is not valid text either: by its number
        field = messages.field_words(place, lang)
    problem = messages.refusal("surrogate", lang, code=f"U+{ord(char):04X}", at=at)
    raise Refused(400, f"{field}: {problem}", place)
