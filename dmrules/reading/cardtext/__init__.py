"""The card-text compiler: printed Japanese card text → typed replacement abilities.

``compile_text(text)`` returns a ``Compiled``: its ``abilities`` (``ReplacementAbility``
objects; ``forms()`` gives them in the scenario format, docs/card-text.md), the verdict of
every sentence with the rendering of its reading, and the ``problems`` (sentences it cannot
read, or whose reading does not render back as printed, with the reason).
"""

from .compiler import comparable, compile_text, read_forms
from .parsing import Compiled, Sentence

__all__ = ["Compiled", "Sentence", "comparable", "compile_text", "read_forms"]
