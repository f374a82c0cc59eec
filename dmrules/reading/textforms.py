"""What a printed text gives a card: the replacement abilities the card-text compiler reads.

One place turns the compiler's answer (``compile_text``, dmrules/reading/cardtext/compiler.py)
into the model's abilities, for the bundled pool (dmrules/reading/classic_build.py, built once
from the card list) and for a scenario's inline card given by its text alone: the forms the
compiler gives, read as the card loader reads them, or the first phrase it could not read. A
サイレントスキル whose used ability the compiler left out gets it from the effect vocabulary
(``with_used_ability``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import yaml

from ..game.abilities import ReplacementAbility, Restriction, TriggeredAbility
from ..game.errors import InputError
from .events import read_steps
from .reader import Node
from .yamlsrc import load_located_text

# A printed text's lines: joined by 「 / 」 in the card lists, or broken.
LINES = re.compile(r"\s+/\s+|\n")


@dataclass(frozen=True)
class TextReading:
    """The replacement abilities read from a text (and the restrictions and triggers that matter to
    replacement, when the compiler gives them), or why it is not read (``unread``)."""

    abilities: tuple[ReplacementAbility, ...] = ()
    unread: str | None = None
    restrictions: tuple[Restriction, ...] = ()
    triggers: tuple[TriggeredAbility, ...] = ()


def as_abilities(forms: list, name: str = "<compiled>") -> tuple[ReplacementAbility, ...]:
    """The compiler's forms as abilities: typed forms as they are, mappings read by the card loader."""
    if all(isinstance(form, ReplacementAbility) for form in forms):
        return tuple(forms)
    from .cardtext.compiler import read_forms  # the compiler loads when a text is first read (below)

    return read_forms(list(forms), name)  # forms as mappings: read as a card file's


def read_text(
    text: str, printed_type: str | None, name: str = "<compiled>", card_name: str | None = None
) -> TextReading:
    """The replacement abilities of a printed ``text`` (``printed_type``: the type as printed or
    as a scenario writes it, 城 / castle for a castle, whose abilities work in the shield zone;
    ``name`` names the text in messages, ``card_name`` is the card's printed name, which the text
    may print without 《》). The compiler (lark and the grammar) loads here, when a text is first
    read: a solve of bundled cards, compiled ahead, does not load it."""
    from .cardtext.compiler import compile_text

    compiled = compile_text(text, printed_type, card_name)
    if compiled.problems:
        return TextReading(unread=compiled.problems[0].problem)
    abilities = as_abilities(compiled.abilities, name)
    return TextReading(
        abilities=tuple(with_used_ability(a, text, name) for a in abilities),
        restrictions=tuple(r for r in getattr(compiled, "restrictions", ()) if isinstance(r, Restriction)),
        triggers=tuple(t for t in getattr(compiled, "triggers", ()) if isinstance(t, TriggeredAbility)),
    )


def with_used_ability(ability: ReplacementAbility, text: str, name: str = "<compiled>") -> ReplacementAbility:
    """An ability that uses 「次の能力」 instead (サイレントスキル) whose follow-up the compiler left
    out, with the ability it uses as its follow-up steps: the line after the keyword's, read with
    the effect vocabulary (``used_ability_steps``). Unchanged when that line is not read (the solver
    then refuses the ability by name) or the ability is not such an ability."""
    if ability.then or not any(a.kind == "use_ability" for a in ability.instead) or not ability.text:
        return ability
    from .cardtext.effect import Unread, used_ability_steps
    from .cardtext.normalize import normalize

    lines = [line for line in LINES.split(text) if line.strip()]
    at = next((i for i, line in enumerate(lines) if ability.text.rstrip("。") in normalize(line)), None)
    if at is None or at + 1 >= len(lines):
        return ability
    try:
        steps = used_ability_steps(lines[at + 1])
    except Unread:
        return ability
    located = load_located_text(yaml.safe_dump({"then": steps}, allow_unicode=True, sort_keys=False), name)
    try:
        then = read_steps(Node.root(located).child("then"), "then", relative=True)
    except InputError:  # pragma: no cover - the effect vocabulary writes only steps the loader reads
        return ability
    return replace(ability, then=then)
