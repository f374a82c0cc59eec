"""`dmrules cards parse`: what the card-text compiler read, sentence by sentence, in words.

Beside each replacement sentence it shows the reading written back in card Japanese (the
rendering the compiler compared with the printed sentence, render.py): a reading is shown
only when it renders as printed, and one that does not is refused with both.
"""

from __future__ import annotations

from ..reading.cardtext.compiled import Compiled
from .ability_words import ability_words
from .safe import visible

VERDICT_WORDS = {
    "replacement": "replacement ability",
    "follow_up": "follows the replacement before it",
    "self_replacement": "the effect's own 「〜のかわりに〜」 (self-replacement): no ability",
    "not_replacement": "「かわりに」 that replaces no event",
    "other": "no replacement",
    "unreadable": "CANNOT READ",
}


def compiled_text(compiled: Compiled, title: str | None = None) -> str:
    # The text is the user's: every part of it is shown with what would act on a terminal escaped.
    lines = [visible(title)] if title else []
    for sentence in compiled.sentences:
        word = VERDICT_WORDS[sentence.verdict]
        if sentence.keyword and sentence.verdict == "replacement":
            word += f" ({visible(sentence.keyword)})"
        lines.append(f"  「{visible(sentence.text)}」")
        if sentence.rendering and sentence.verdict == "replacement":
            lines.append(f"      reads as 「{visible(sentence.rendering)}」")
        lines.append(f"      {word}" + (f": {visible(sentence.problem)}" if sentence.problem else ""))
    for i, ability in enumerate(compiled.abilities, start=1):
        lines.append(f"  replacement {i}:")
        lines.extend("    " + visible(line) for line in ability_words(ability))
    if not compiled.complete:
        lines.append(
            f"  {len(compiled.problems)} sentence{'s' if len(compiled.problems) != 1 else ''} "
            "cannot be read: nothing is guessed for them"
        )
    elif not compiled.has_replacement:
        lines.append("  the text has no replacement effect")
    return "\n".join(lines) + "\n"
