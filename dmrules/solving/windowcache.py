"""Windows already solved in this process: by the solver's whole input, and by the state they
were solved in; the canonical renaming of interchangeable cards that lets one entry serve
many states."""

from __future__ import annotations

import re

import clingo
from clingo import Function, Symbol, SymbolType

from ..game.cards import CardDef, CardInstance
from ..game.outcome import Window
from ..game.scenario import Scenario


class WindowCache:
    """Windows already solved in this process, by the solver's whole input.

    Two windows whose facts (and options) are equal have the same answer
    sets; a chain of windows meets the same state along many paths. Only
    complete enumerations are kept, as the shown symbols of each model in
    the solver's order: windows of at most ``per_window`` models, at most
    ``max_models`` models in all (a model holds some sixty symbols: about
    3.5 KB, so 40,000 models are about 140 MB at most).
    """

    # States whose built windows are kept, at most: each keeps its Scenario alive (tens of KB),
    # and a caller that loads the same files again and again meets new states each time (a
    # card defined in the file is a new object at each load), so the bound is what keeps a
    # long-running process flat.
    MAX_STATES = 512

    def __init__(self, max_models: int = 40_000, per_window: int = 5_000):
        self.max_models = max_models
        self.per_window = min(per_window, max_models)
        self.held = 0
        self.entries: dict[tuple, tuple] = {}
        self.renamed: dict[tuple, dict] = {}  # an entry's models under each renaming met
        # Windows met again in exactly the same state (the same cards, events and options):
        # their resolutions as built, with the state they were built from (which keeps the
        # card definitions its key names by identity alive as long as the entry).
        self.built: dict[tuple, tuple[Scenario, list[Window]]] = {}
        self.built_held = 0
        # A state's key in ``entries`` and its renaming (the canonical facts), by its exact key,
        # with the card definitions that key names by identity (``state_definitions``): kept
        # alive with the entry, so that no other object takes one's id while it lasts, and
        # compared on each look-up.
        self.keys: dict[tuple, tuple[tuple[tuple, dict], tuple[CardDef | None, ...]]] = {}
        self.hits = 0

    def get(self, key: tuple):
        models = self.entries.get(key)
        if models is not None:
            self.hits += 1
        return models

    def put(self, key: tuple, entry: tuple[list[tuple[Symbol, ...]], dict]) -> None:
        models, names = entry
        if self.max_models <= 0 or len(models) > self.per_window or key in self.entries:
            return
        while self.entries and self.held + len(models) > self.max_models:
            old = next(iter(self.entries))
            self.held -= len(self.entries.pop(old)[0]) * (1 + len(self.renamed.pop(old, ())))
        self.entries[key] = (tuple(models), names)
        self.held += len(models)

    def get_built(self, key: tuple) -> list[Window] | None:
        found = self.built.get(key)
        if found is None:
            return None
        self.hits += 1
        return found[1]

    def put_built(self, key: tuple, state: Scenario, windows: list[Window]) -> None:
        if self.max_models <= 0 or len(windows) > self.per_window or key in self.built:
            return
        while self.built and (self.built_held + len(windows) > self.max_models or len(self.built) >= self.MAX_STATES):
            self.built_held -= len(self.built.pop(next(iter(self.built)))[1])
        self.built[key] = (state, windows)
        self.built_held += len(windows)

    # States whose canonical key is remembered, at most (each holds its facts' text: some KB).
    MAX_KEYS = 512

    def remember_key(
        self, exact: tuple, known: tuple[tuple, dict], definitions: tuple[CardDef | None, ...] = ()
    ) -> None:
        """Remember ``known`` (a key in ``entries`` and its renaming) for the state whose exact
        key is ``exact`` and whose cards have ``definitions`` (``state_definitions``)."""
        if self.max_models <= 0:
            return
        if len(self.keys) >= self.MAX_KEYS:  # the oldest is forgotten: it is only a shortcut
            self.keys.pop(next(iter(self.keys)))
        self.keys[exact] = (known, definitions)

    def known_key(self, exact: tuple, definitions: tuple[CardDef | None, ...]) -> tuple[tuple, dict] | None:
        """What ``remember_key`` remembered for the state of ``exact`` whose cards have these very
        ``definitions``, or None."""
        found = self.keys.get(exact)
        if found is None:
            return None
        known, kept = found
        if len(kept) != len(definitions) or any(a is not b for a, b in zip(kept, definitions)):
            return None
        return known

    def clear(self) -> None:
        self.entries.clear()
        self.renamed.clear()
        self.built.clear()
        self.keys.clear()
        self.held = self.built_held = 0


_CARD_FIELDS = tuple(f for f in CardInstance.__dataclass_fields__ if f != "definition")


def state_definitions(scenario: Scenario) -> tuple[CardDef | None, ...]:
    """The card definitions ``state_key`` names by identity, in its order."""
    return tuple(c.definition for c in scenario.cards.values())


def state_key(scenario: Scenario, *options) -> tuple:
    """Everything of ``scenario`` a window's solving reads, as a hashable value, with ``options``.
    A card's definition enters by identity (the pool's definitions are shared objects): two
    states with equal keys have the same windows as long as those definitions live, so whatever
    keeps a key keeps them alive with it (``put_built`` the state, ``remember_key`` its
    ``state_definitions``). Cheaper than the facts, which it precedes."""
    cards = tuple(
        (card_id, id(c.definition), *[getattr(c, f) for f in _CARD_FIELDS]) for card_id, c in scenario.cards.items()
    )
    return (
        options,
        scenario.ruleset,
        scenario.players,
        scenario.turn_player,
        cards,
        scenario.events,
        scenario.effects,
        scenario.templates,
        scenario.program.steps,
        scenario.deferred,
        tuple(sorted(scenario.player_cannot.items())),
        tuple(sorted(scenario.this_turn.items())),
        scenario.happened_this_turn,
        tuple((p, tuple(sorted(z.items()))) for p, z in sorted(scenario.limits.items())),
        scenario.shuffled,
        scenario.results,
        scenario.program.source,
        scenario.program.controller,
        scenario.program.by,
    )


WINDOWS = WindowCache()


_STRING_TERM = re.compile(r'"(?:[^"\\]|\\.)*"')  # a string term in clingo's text of a symbol


def rename_strings(sym: Symbol, names: dict[Symbol, Symbol], memo: dict | None = None) -> Symbol:
    """The symbol with the strings of ``names`` replaced, at any depth."""
    if sym.type == SymbolType.String:
        return names.get(sym, sym)
    if sym.type != SymbolType.Function or not sym.arguments:
        return sym
    if memo is not None:
        done = memo.get(sym)
        if done is not None:
            return done
    out = Function(sym.name, [rename_strings(a, names, memo) for a in sym.arguments], sym.positive)
    if memo is not None:
        memo[sym] = out
    return out


def canonical_facts(facts: list[Symbol]) -> tuple[frozenset[str], dict[Symbol, Symbol]]:
    """The facts (as text) with the cards renamed into a canonical order, and that renaming.

    A card whose facts name no other card can trade its id with any card
    whose facts read the same but for the id: two states that differ only by
    such a permutation (h1, h2 discarded or h3, h4) have the same canonical
    facts. The encodings compare card ids only for equality (asp/group.lp,
    which orders them, is not renamed), so the answer sets of one are the
    answer sets of the other, renamed.
    """
    texts = [str(f) for f in facts]
    cards = {t[5:-1] for t in texts if t.startswith('card("') and t.endswith('")') and _STRING_TERM.fullmatch(t[5:-1])}
    mentions: dict[str, list[str]] = {}
    fixed: set[str] = set()
    for text in texts:
        found = {q for q in _STRING_TERM.findall(text) if q in cards}
        if len(found) == 1:
            mentions.setdefault(found.pop(), []).append(text)
        elif found:
            fixed |= found
    movable = sorted(cards - fixed)
    hole = '"\\x00"'

    def signature(card: str) -> tuple[str, ...]:
        return tuple(
            sorted(
                _STRING_TERM.sub(lambda m: hole if m.group(0) == card else m.group(0), t)
                for t in mentions.get(card, ())
            )
        )

    order = sorted(movable, key=lambda c: (signature(c), c))
    names = {c: n for c, n in zip(order, movable) if c != n}
    if not names:
        return frozenset(texts), {}
    canon = frozenset(_STRING_TERM.sub(lambda m: names.get(m.group(0), m.group(0)), t) for t in texts)
    return canon, {clingo.parse_term(a): clingo.parse_term(b) for a, b in names.items()}
