"""What a printed text gives a card: the replacement abilities the card-text compiler reads.

One place turns the compiler's answer (``compile_text``, dmrules/reading/cardtext/compiler.py)
into the model's abilities, for the bundled pool (dmrules/reading/classic.py, built once from
the card list) and for a scenario's inline card given by its text alone: the forms the
compiler gives, read as the card loader reads them, or the first phrase it could not read.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game.abilities import ReplacementAbility
from .cardtext.compiler import compile_text, read_forms


@dataclass(frozen=True)
class TextReading:
    """The replacement abilities read from a text, or why it is not read (``unread``)."""

    abilities: tuple[ReplacementAbility, ...] = ()
    unread: str | None = None


def as_abilities(forms: list, name: str = "<compiled>") -> tuple[ReplacementAbility, ...]:
    """The compiler's forms as abilities: typed forms as they are, mappings read by the card loader."""
    if all(isinstance(form, ReplacementAbility) for form in forms):
        return tuple(forms)
    return read_forms(list(forms), name)


def read_text(text: str, printed_type: str | None, name: str = "<compiled>") -> TextReading:
    """The replacement abilities of a printed ``text`` (``printed_type``: the type as printed or
    as a scenario writes it, 城 / castle for a castle, whose abilities work in the shield zone)."""
    compiled = compile_text(text, printed_type)
    if compiled.problems:
        return TextReading(unread=compiled.problems[0].problem)
    return TextReading(abilities=as_abilities(compiled.abilities, name))
