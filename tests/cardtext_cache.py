"""One compile of each printed text per test run (the corpus tests share it)."""

from __future__ import annotations

from functools import lru_cache

from dmrules.reading.cardtext import compile_text


@lru_cache(maxsize=None)
def compiled(text: str, card_type: str | None = None):
    return compile_text(text, card_type)
