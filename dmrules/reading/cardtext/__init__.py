"""The card-text compiler: printed Japanese card text → typed replacement abilities.

``compiler.compile_text(text)`` returns a ``Compiled`` (``compiled.py``): its ``abilities``
(``ReplacementAbility`` objects; ``forms()`` gives them in the scenario format, docs/card-text.md),
the verdict of every sentence with the rendering of its reading, and the ``problems`` (sentences
it cannot read, or whose reading does not render back as printed, with the reason). The package
imports none of its modules itself: the parser (lark and the grammar) loads with the compiler,
which a solve of bundled cards (compiled ahead) does not need.
"""
