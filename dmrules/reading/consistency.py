"""One source of truth for a card: a card whose printed text and structured form disagree.

A scenario's inline card may give its printed ``text`` and its ``replacements`` both. The solver
follows the ``replacements``; when the compiler reads the text as something else (「手札を2枚捨てて
もよい」 written as ``instead: [stay]``), the answer belongs to another card than the one printed.
``disagreements`` finds such cards by comparing the compiler's reading of each text with the form
given (as golden forms are compared: ``cardtext.comparable``); the command line and the workbench
both warn with it, naming the text and the form.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game.abilities import ReplacementAbility
from ..game.cards import CardDef, CardInstance
from ..game.scenario import Scenario
from .carddb import bundled


@dataclass(frozen=True)
class Disagreement:
    """A card whose text, as the compiler reads it (``from_text``), says something else than the
    structured form it gives (``given``, what the solver follows)."""

    card: CardInstance
    from_text: tuple[ReplacementAbility, ...]
    given: tuple[ReplacementAbility, ...]

    @property
    def text(self) -> str:
        return (self.card.definition.text or "") if self.card.definition else ""


def compare(definition: CardDef) -> tuple[tuple[ReplacementAbility, ...], tuple[ReplacementAbility, ...]] | None:
    """``(read from the text, given)`` when the card's printed text and its replacements disagree;
    None when they agree, or when there is nothing to compare (no text, no form, a text the
    compiler cannot read, a paraphrase, a form compiled from the text itself, or one marked
    ``hand_written``: written by hand on purpose, where the compiler does not read the text right)."""
    if not definition.text or not definition.replacements or definition.compiled or definition.hand_written:
        return None
    if definition.text_source == "paraphrase":
        return None
    from .cardtext.compiler import comparable, compile_text  # loaded for a card given its text and its form

    compiled = compile_text(definition.text, "castle" if "castle" in definition.types else None, definition.name)
    if compiled.problems:
        return None
    read = tuple(compiled.abilities)
    if sorted(map(repr, map(comparable, read))) == sorted(map(repr, map(comparable, definition.replacements))):
        return None
    return read, definition.replacements


def disagreements(scenario: Scenario) -> list[Disagreement]:
    """The scenario's own (inline) cards whose text and structured form disagree, one per definition."""
    db = bundled()
    seen: set[int] = set()
    out = []
    for card in scenario.cards.values():
        definition = card.definition
        if definition is None or id(definition) in seen or db.find(definition.name) is definition:
            continue
        seen.add(id(definition))
        found = compare(definition)
        if found is not None:
            out.append(Disagreement(card, *found))
    return out
