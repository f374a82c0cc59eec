"""One compile of each printed text per test run (the corpus tests share it)."""

from __future__ import annotations

from functools import cache

from dmrules.reading.cardtext.compiler import compile_text


@cache
def compiled(text: str, card_type: str | None = None, name: str | None = None):
    return compile_text(text, card_type, name)
