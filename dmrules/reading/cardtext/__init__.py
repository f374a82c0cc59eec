"""The card-text compiler: printed Japanese card text → structured replacement abilities.

``compile_text(text)`` returns a ``Compiled``: its ``abilities`` (dicts in the
schema of a card's ``replacements``, docs/card-text.md), the verdict of every
sentence, and the ``problems`` (sentences it cannot read, with the position
and what the grammar expected there).
"""

from .compiler import Compiled, Sentence, comparable, compile_text, read_forms

__all__ = ["Compiled", "Sentence", "comparable", "compile_text", "read_forms"]
