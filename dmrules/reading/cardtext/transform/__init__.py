"""The parse tree of a sentence, read into typed ability objects part by part.

``read_tree(tree)`` walks the tree bottom-up and calls, for each rule (or alias) of
grammar.lark, the method of the same name of one of the part readers: card phrases
(nouns.py), watched events (events.py), clauses of what is done (clauses.py), conditions
(conditions.py), follow-ups (followups.py), sentences and grants (sentences.py). The
grammar is parsed with explicit ambiguity: where it admits two readings of a span, both are
read, and unless they are the same the sentence is refused (``Ambiguous``): a wrong reading
must not be chosen silently.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass

from lark import Token, Tree

from ....game.filters import CONDITION_WORDS, Condition
from .clauses import ClauseParts, PlaceParts
from .conditions import ConditionParts
from .events import CastParts, CauseParts, EventParts, EventPhraseParts, PlayerPutParts
from .followups import FollowupParts
from .nouns import NounParts
from .parts import ACTOR, ReadError, Unstated
from .sentences import SentenceParts
from .unstated import UNSTATED, UnstatedParts

__all__ = ["Ambiguous", "ReadError", "read_tree"]


class Ambiguous(ReadError):
    """The sentence reads two ways that do not mean the same."""


class Reader(
    NounParts,
    EventParts,
    PlayerPutParts,
    CastParts,
    CauseParts,
    EventPhraseParts,
    ClauseParts,
    PlaceParts,
    ConditionParts,
    FollowupParts,
    SentenceParts,
    UnstatedParts,
):
    """Every part reader, one method per rule of the grammar."""

    def __init__(self) -> None:
        self._memo: dict[int, object] = {}

    def read(self, node):
        if isinstance(node, Token):
            return node
        key = id(node)
        if key in self._memo:
            return self._memo[key]
        if node.data == "_ambig":
            value = self._ambiguous(node)
        else:
            children = [self.read(child) for child in node.children]
            value = self._apply(str(node.data), children)
        self._memo[key] = value
        return value

    def _ambiguous(self, node: Tree):
        readings = []
        errors = []
        for child in node.children:
            try:
                readings.append(self.read(child))
            except ReadError as error:
                errors.append(error)
        if readings and all(r == readings[0] for r in readings):
            # One meaning (a reading the vocabulary cannot state is no meaning of it); the rendering of the
            # reading is still compared with the printed sentence.
            return readings[0]
        if errors and not readings and len({str(e) for e in errors}) == 1:
            raise errors[0]
        raise Ambiguous("the sentence reads two ways that do not mean the same; nothing is chosen between them")

    def _apply(self, rule: str, children: list):
        method = getattr(self, rule, None)
        if method is not None and not rule.startswith("_"):
            return method(children)
        if rule in CONDITION_WORDS:
            return ("if", Condition(word=rule))
        if rule in UNSTATED:
            raise Unstated(UNSTATED[rule])
        raise ReadError(f"no reading for the part '{rule}'")  # pragma: no cover - every rule has one


def read_tree(tree: Tree):
    """The typed value of a parsed sentence (its start rule's reading)."""
    value = Reader().read(tree)
    if _names_actor(value):
        raise ReadError("「自分自身の」 outside a clause of what is done: no player does what the sentence says")
    return value


def _names_actor(value) -> bool:
    """Whether a player of ``value`` (a reading, its parts) is still 「自分自身」 (``ACTOR``)."""
    if isinstance(value, (tuple, list)):
        return any(_names_actor(v) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        return any(
            (f.name.endswith("whose") and getattr(value, f.name) == ACTOR) or _names_actor(getattr(value, f.name))
            for f in fields(value)
        )
    return False
