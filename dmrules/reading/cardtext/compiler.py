"""Compile printed card text into typed replacement abilities that check themselves.

The text is split into lines (「 / 」 or line breaks) and sentences (「。」 outside
brackets); keyword reminders in parentheses are read as the text they stand for, and
keywords printed without their reminder are read from keywords.yaml. Each sentence with
「かわりに」 is parsed with grammar.lark and read part by part into ``ReplacementAbility``
objects (transform/); the sentences that follow a replacement (「そうした場合」, 「その後」,
「ただし、その「S・トリガー」は使えない」) are its follow-ups, and a grant (「…はすべて「X」を
得る」) gives the keyword ability stated next to the cards it names.

Every reading checks itself: its abilities are rendered back into card Japanese from the
abilities alone (render.py) and compared with the printed sentences, both in one
normalisation that maps only wordings that mean the same (normalize.canonical). A reading
whose rendering differs is refused, naming both, and never reaches the solver; so is one the
card loader would read back otherwise (serialise.read_back). A sentence the grammar cannot
read is reported with its position and what the grammar expected there: nothing is
approximated.

Time: a sentence is at most MAX_SENTENCE characters (a longer one is refused unread), and
the Earley parser's time on a sentence is bounded by its length, so compiling a text takes
time linear in its length.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from functools import lru_cache

import yaml

from ...cache import cache_root, content_key, load, reading_key, store
from ...game.errors import SolveError
from ..abilities import parse_ability
from ..reader import Node
from ..yamlsrc import load_located_text
from .parsing import Compiled, Sentence
from .textreader import TextReader


def compile_text(text: str, card_type: str | None = None, name: str | None = None) -> Compiled:
    """Compile a card's printed text (the whole text, lines joined by 「 / 」 or line breaks).

    ``card_type`` is the printed type (城 for a castle): a castle's abilities work
    in the shield zone. ``name`` is the card's printed name: the text may name the card
    without 《》 (「バトルゾーンに双光の使徒カリュートが他に1体でもあれば」). What a text
    compiles to is kept between runs (``reading/cache.py``).
    """
    return copy.deepcopy(_compiled_text(text, card_type, name))


@lru_cache(maxsize=512)
def _compiled_text(text: str, card_type: str | None, name: str | None = None) -> Compiled:
    from ..keepable import decode, encode

    root, key = cache_root(), reading_key()
    path = None
    if root is not None and key is not None:
        path = root / f"texts-{key}" / f"{content_key(str(card_type), str(name), text)}.json"
    kept = load(path)
    if kept is not None:
        try:
            found = decode(kept)
            if isinstance(found, Compiled) and found.text == text:
                return found
        except ValueError:  # of the wrong shape: compiled again
            pass
    try:
        result = TextReader(text, card_type, name).compile()
    except SolveError:  # the time to compile is up (``time_limit``): nothing is kept
        raise
    except Exception as error:  # noqa: BLE001 - never a traceback from a text: a refusal, counted by bench/cards.py
        problem = f"the compiler failed on this text ({type(error).__name__}: {error}); nothing is read from it"
        result = Compiled(text=text, sentences=[Sentence(text, 0, "unreadable", problem=problem, refusal="internal")])
    try:
        store(path, encode(result))
    except ValueError:  # something that is not kept
        pass
    return result


def read_forms(forms: list[dict], name: str = "<compiled>") -> tuple:
    """Structured forms (dicts, as golden files and card files write them) read as the card loader reads them."""

    located = load_located_text(yaml.safe_dump({"replacements": forms}, allow_unicode=True, sort_keys=False), name)
    root = Node.root(located)
    return tuple(parse_ability(a) for a in root.child("replacements").elements())


def comparable(ability) -> tuple:
    """An ability as golden forms are compared: without its text, note, keyword and ``stay``, and with the
    conditions of its watch (``when``, all of which must hold) in one order."""
    instead = tuple(a for a in ability.instead if a.kind != "stay")
    watch = replace(ability.watch, conditions=tuple(sorted(ability.watch.conditions)))
    return replace(ability, text=None, note=None, keyword=None, instead=instead, watch=watch)
