"""The command's --timeout while card texts are compiled: ``time_limit`` around the command, and
``in_time``, which the reader checks before each sentence. Apart from the parser so that the
command line sets the limit without loading it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from ...game.errors import SolveError

# When compiling must stop (time.monotonic()), innermost last: ``time_limit``.
_DEADLINES: list[float] = []


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Within the block, compiling a text stops with ``SolveError`` once ``seconds`` have passed
    (the command's ``--timeout``); None sets no limit."""
    if seconds is None:
        yield
        return
    _DEADLINES.append(time.monotonic() + seconds)
    try:
        yield
    finally:
        _DEADLINES.pop()


def in_time(text: str, offset: int) -> None:
    """Raise SolveError when the time to compile is up (checked before each sentence)."""
    if _DEADLINES and time.monotonic() > _DEADLINES[-1]:
        raise SolveError(
            f"compiling a printed card text stopped at --timeout, at character {offset + 1:,} of {len(text):,} "
            f"(「{text[:20]}…」); raise --timeout, or give a shorter text"
        )
