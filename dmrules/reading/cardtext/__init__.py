"""The card-text compiler: printed Japanese card text → typed replacement abilities.

``compile_text(text)`` returns a ``Compiled``: its ``abilities`` (``ReplacementAbility``
objects; ``forms()`` gives them in the scenario format, docs/card-text.md), the verdict of
every sentence with the rendering of its reading, and the ``problems`` (sentences it cannot
read, or whose reading does not render back as printed, with the reason).
"""

from importlib import import_module

__all__ = ["Compiled", "Sentence", "comparable", "compile_text", "read_forms"]
_WHERE = {"Compiled": "compiled", "Sentence": "compiled", "comparable": "compiler", "compile_text": "compiler"}
_WHERE["read_forms"] = "compiler"


def __getattr__(name: str):
    """The names above, loaded when first asked for: the parser (lark and the grammar) loads with
    the compiler, which a solve of bundled cards (compiled ahead) does not need."""
    if name in _WHERE:
        return getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
