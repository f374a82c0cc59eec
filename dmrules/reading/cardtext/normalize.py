"""Printed text as the grammar reads it.

Variants of the same wording are made one before parsing (the grammar lists
only one of each): full and half width (NFKC), 「代わり」/「かわり」,
「とき」/「時」, kana numbers, spaces. Card names inside 《》 are left as
printed, since they are looked up as printed.
"""

from __future__ import annotations

import re
import unicodedata

# Whole-word variants of the printed wording, old and new.
WORDING = (
    ("代わり", "かわり"),
    ("とき、", "時、"),
    ("ひとつ", "1つ"),
    ("ふたつ", "2つ"),
    ("みっつ", "3つ"),
    ("ゾーンから、", "ゾーンから"),
    ("｢", "「"),
    ("｣", "」"),
)
_NAME = re.compile(r"(《[^》]*》)")
# The longest sentence the grammars read, in characters. The longest printed one (of the
# 2,851 texts of the classic sets) has 168; parsing takes time more than linear in a
# sentence's length, so a longer one is refused rather than parsed.
MAX_SENTENCE = 400
_SPACE = re.compile(r"\s+")


def normalize(text: str) -> str:
    """One sentence or text, in the form the grammar reads."""
    parts = _NAME.split(text)
    out = []
    for i, part in enumerate(parts):
        if i % 2 == 1:  # a card name: as printed, without spaces at its ends
            out.append(part.strip())
            continue
        part = unicodedata.normalize("NFKC", part)
        part = _SPACE.sub("", part)
        for old, new in WORDING:
            part = part.replace(old, new)
        out.append(part)
    return "".join(out)


_OPEN = "(「《"
_CLOSE = ")」》"


def sentences(line: str) -> list[tuple[int, str]]:
    """A line split at 「。」 outside brackets: (offset in the line, sentence without its 「。」)."""
    found = []
    depth = 0
    start = 0
    for i, ch in enumerate(line):
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE and depth:
            depth -= 1
        elif ch == "。" and depth == 0:
            if line[start:i].strip():
                found.append((start, line[start:i]))
            start = i + 1
    if line[start:].strip():
        found.append((start, line[start:]))
    return found
