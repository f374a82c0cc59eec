"""Text that is safe to print on a terminal.

A scenario's title, a card's name or text, a file name: anything that comes
from input is shown with the characters that would act on the terminal
instead of showing (escape sequences, carriage returns, bidi overrides, line
separators, zero-width characters: ``reading.reader.unsafe_char``) written
out visibly, as ``\\x1b`` or ``\\u202e``. Ids and player names cannot hold
them at all (the reader refuses them); titles, names and texts can, and this
is where they are made visible.
"""

from __future__ import annotations

from ..reading.reader import unsafe_char


def _escape(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def visible(text: str, *, lines: bool = False) -> str:
    """``text`` with every character that would act on a terminal escaped.

    With ``lines``, line breaks (``\\n``) are kept: for output that is
    several lines on purpose, whose parts were already made one-line.
    """
    text = str(text)
    if not any(unsafe_char(ch) for ch in text):
        return text
    return "".join(ch if (lines and ch == "\n") or not unsafe_char(ch) else _escape(ch) for ch in text)
