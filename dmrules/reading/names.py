"""Card names as lookup keys: a printed name and the ways a user may type it."""

from __future__ import annotations

import unicodedata


def normalize(name: str) -> str:
    """The lookup key of a name: NFKC, no spaces, no 《》 brackets."""
    text = unicodedata.normalize("NFKC", name)
    for mark in "《》<>「」 \u3000\t":
        text = text.replace(mark, "")
    return text


def _katakana(text: str) -> str:
    """Hiragana as katakana (じゃしん → ジャシン)."""
    return "".join(
        chr(ord(ch) + 0x60) if "\u3041" <= ch <= "\u3096" or "\u309d" <= ch <= "\u309e" else ch for ch in text
    )


def loose(name: str) -> str:
    """A looser key that also forgets separators (・, =, -, ー-like marks, quotes), case and
    the difference between hiragana and katakana."""
    text = _katakana(normalize(name))
    for mark in "・･=＝-‐―ー〜~.,、。!！?？'\"“”‘’/／♪":
        text = text.replace(mark, "")
    return text.lower()
