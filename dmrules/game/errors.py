"""Errors that name the file, the place and the problem."""

from __future__ import annotations

from typing import Any, Protocol


class DmrulesError(Exception):
    """Base class of the errors dmrules reports to its user."""


class InputError(DmrulesError):
    """Bad input: a scenario, a card file or a command-line argument.

    ``path`` is the file, ``place`` where in it (a dotted path such as
    ``players.me.battle[0].card``, with a line number when known), and
    ``problem`` what is wrong there.
    """

    def __init__(self, path: str, place: str, problem: str, line: int | None = None):
        self.path = str(path)
        self.place = place
        self.problem = problem
        self.line = line
        super().__init__(str(self))

    def __reduce__(self) -> tuple[type[InputError], tuple[str, str, str, int | None]]:
        # Handed over from a worker process whole (pickle calls __init__ with these).
        return type(self), (self.path, self.place, self.problem, self.line)

    def __str__(self) -> str:
        where = self.path
        if self.line is not None:
            where += f":{self.line}"
        if self.place:
            where += f": {self.place}"
        return f"{where}: {self.problem}"


class SolveError(DmrulesError):
    """The solver could not answer (for example a time limit with nothing found)."""


class Where(Protocol):
    """A place in an input file that can name itself in an error (the reader's ``Node``): the
    model keeps it beside what was read there, so that a problem found later (when an event is
    realized against the state) still points at the file, the line and the field."""

    def error(self, problem: str, key: Any = None) -> InputError: ...


class InternalError(DmrulesError):
    """A fault of dmrules itself, never an answer: the solver found no legal resolution of a
    window (every situation has at least one: the game cannot stop). The command exits 3."""
