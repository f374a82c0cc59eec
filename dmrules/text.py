"""Small helpers for words shown to users, shared by every layer."""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None, *, thousands: bool = True) -> str:
    """``1 resolution``, ``2 resolutions``, ``72,809,947 resolutions``; ``many`` for irregular plurals."""
    number = f"{n:,}" if thousands else str(n)
    return f"{number} {word if n == 1 else (many or word + 's')}"
