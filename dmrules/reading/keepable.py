"""The keeper of dmrules' own objects in the cache folder (``dmrules/keepable.py``): the model's
classes (card definitions, abilities, events, scenarios) and the compiled texts, and the
reader's syntax nodes, which error messages cite.

A bundled card's definition is kept as its name and comes back as the very object the bundled
database holds (the solver's caches know definitions by identity); a syntax node (``Node``)
keeps its file's name, its place, its value and the lines they need.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import cache
from typing import Any

from ..game import abilities, cards, events, filters, scenario
from ..game.cards import CardDef
from ..keepable import Custom, Keeper
from .cardtext.compiled import Compiled, Sentence
from .reader import Node
from .yamlsrc import Located

# The only classes a kept value may hold: the model's dataclasses and the compiled texts.
CLASSES: tuple[type, ...] = tuple(
    value
    for module in (abilities, cards, events, filters, scenario)
    for value in vars(module).values()
    if isinstance(value, type) and dataclasses.is_dataclass(value) and value.__module__ == module.__name__
) + (Compiled, Sentence)


def _node(node: Node) -> list:
    """A syntax node as what is read of it once it is kept: its file's name, its place and
    value (a file's plain data), and the lines of its place, of the places under it and of
    those above it (what its errors and its children's errors cite)."""
    place, size = node.place, len(node.place)
    lines = [[list(p), n] for p, n in node.located.lines.items() if p[:size] == place or place[: len(p)] == p]
    return [node.located.path, list(place), node.value, lines]


def _node_back(body: Any) -> Node:
    if not (isinstance(body, list) and len(body) == 4 and isinstance(body[1], list) and isinstance(body[3], list)):
        raise ValueError("not a kept node")
    if not isinstance(body[0], str):
        raise ValueError("expected a text")
    lines = {}
    for pair in body[3]:
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], list) and isinstance(pair[1], int)):
            raise ValueError("not a kept line")
        lines[tuple(pair[0])] = pair[1]
    return Node(Located(body[0], None, lines), tuple(body[1]), body[2])


NODE = Custom("@n", Node, _node, _node_back)


@cache
def keeper(bundled: Callable[[str], CardDef | None] | None = None) -> Keeper:
    """The keeper of dmrules' objects; with ``bundled`` (the bundled database's ``find``), a
    bundled card definition is kept as its name (a scenario's cards) and given back as the
    database's own object."""
    if bundled is None:
        return Keeper(CLASSES, [NODE])
    find = bundled

    def named(name: str) -> CardDef | None:
        card = find(name)
        return card if card is not None and card.name == name else None

    def is_bundled(value: Any) -> bool:
        return isinstance(value, CardDef) and find(value.name) is value

    return Keeper(CLASSES, [NODE], bundled=named, is_bundled=is_bundled)


def encode(value: Any, bundled: Callable[[str], CardDef | None] | None = None) -> Any:
    return keeper(bundled).encode(value)


def decode(data: Any, bundled: Callable[[str], CardDef | None] | None = None) -> Any:
    return keeper(bundled).decode(data)
