"""What a compile gives: a ``Compiled`` text and its ``Sentence``s. Apart from the parser (lark and
the grammar) so that what keeps and shows compiled texts loads without it."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...game.abilities import ReplacementAbility
from ..serialise import serialise


@dataclass
class Sentence:
    """One sentence of the text and what the compiler made of it."""

    text: str  # as printed
    offset: int  # where it starts in the whole text
    verdict: str  # replacement, self_replacement, not_replacement, follow_up, other, unreadable
    keyword: str | None = None
    problem: str | None = None
    rendering: str | None = None  # the reading written back in card Japanese
    refusal: str | None = None  # round_trip: read, but its rendering differs from the printed sentence

    def to_json(self) -> dict:
        out = {"text": self.text, "offset": self.offset, "verdict": self.verdict}
        for key in ("keyword", "problem", "rendering", "refusal"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        return out


@dataclass
class Compiled:
    """A card text compiled: its replacement abilities, and every sentence's verdict."""

    text: str
    abilities: list[ReplacementAbility] = field(default_factory=list)
    sentences: list[Sentence] = field(default_factory=list)
    self_replacements: int = 0

    @property
    def problems(self) -> list[Sentence]:
        return [s for s in self.sentences if s.verdict == "unreadable"]

    @property
    def complete(self) -> bool:
        return not self.problems

    @property
    def has_replacement(self) -> bool:
        return bool(self.abilities) or self.self_replacements > 0

    def forms(self) -> list[dict]:
        """The abilities in the scenario format (docs/scenario-format.md)."""
        return [serialise(a) for a in self.abilities]

    def to_json(self) -> dict:
        return {
            "text": self.text,
            "complete": self.complete,
            "replacements": self.forms(),
            "self_replacements": self.self_replacements,
            "sentences": [s.to_json() for s in self.sentences],
        }
