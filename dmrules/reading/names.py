"""Card names as lookup keys: a printed name and the ways a user may type it."""

from __future__ import annotations

import unicodedata

_BRACKETS = str.maketrans(dict.fromkeys(map(ord, "《》<>「」 \u3000\t")))


def name_key(name: str) -> str:
    """The lookup key of a name: NFKC, no spaces, no 《》 brackets."""
    return unicodedata.normalize("NFKC", name).translate(_BRACKETS)


# Hiragana as katakana (じゃしん → ジャシン), and the separators a looser key forgets.
_HIRAGANA = {ch: ch + 0x60 for ch in [*range(0x3041, 0x3097), *range(0x309D, 0x309F)]}
_SEPARATORS = dict.fromkeys(map(ord, "・･=＝-‐―ー〜~.,、。!！?？'\"“”‘’/／♪"))
_LOOSE = str.maketrans({**_HIRAGANA, **_SEPARATORS})


def _katakana(text: str) -> str:
    """Hiragana as katakana (じゃしん → ジャシン)."""
    return text.translate(_HIRAGANA)


def loose(name: str) -> str:
    """A looser key that also forgets separators (・, =, -, ー-like marks, quotes), case and
    the difference between hiragana and katakana."""
    return name_key(name).translate(_LOOSE).lower()
