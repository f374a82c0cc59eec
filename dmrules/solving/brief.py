"""The compact resolutions (game/compact.py) of a window that ends every resolution it has,
built straight from the solver's atoms: no ``Window`` is built, each shown atom is read once
per solve (by its clingo handle), and each model becomes a dict of what it decided and what it
changed. The JSON writers stream them at the speed of clingo's own printer.

It serves an effect of one window of fixed events whose resolutions open no other window:
no later step, no choice of the effect's, no state-based check, no battle, no 「そうした場合」
of a replacement, no deck that a resolution could empty, no swap. ``stream_brief`` says None
for any other scenario, which the engine then solves (solving/engine.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import clingo
from clingo import Symbol

from ..game.compact import replacement_id
from ..game.scenario import Scenario
from .decode import Builder, symbol_key
from .encodings import encoding_files
from .facts import name_of, situation_facts
from .ground import control_arguments, grounded
from .progress import RUNNING, tick

try:  # clingo's own arrays: a model's shown atoms as their handles, without a Symbol each
    from clingo._internal import _c_call, _ffi, _handle_error, _lib

    _SHOWN = _lib.clingo_show_type_terms  # asp/brief.lp shows terms alone: the cheapest to read
except ImportError:  # pragma: no cover - another clingo: the symbols' handles, more slowly
    _lib = None

APPLY, PICK, FINAL, LOST, TRIGGERED, BROKEN, FLIPPED, UNTAPPED, TAPPED, FACE_UP, FACE_DOWN = range(11)
# Applications (with their chosen cards) built once and shared, at most: a window whose
# replacements choose among many cards starts again past that.
MAX_APPLICATIONS = 100_000
_TAGGED = {
    "broken": BROKEN,
    "flipped": FLIPPED,
    "untapped": UNTAPPED,
    "tapped_now": TAPPED,
    "face_up_now": FACE_UP,
    "face_down_now": FACE_DOWN,
}
# In game/compact.py's order of those lists.
_LISTS = (
    (BROKEN, "broken"),
    (FLIPPED, "flipped"),
    (TAPPED, "tapped"),
    (UNTAPPED, "untapped"),
    (FACE_UP, "face_up"),
    (FACE_DOWN, "face_down"),
)
# Atoms whose presence opens another window (or an effect's choice, or a failed swap, or a card put
# under another, which this path does not read, or a situation dmrules refuses, which the full path names): their
# scenario is not for this path. (A violation is never in a model of the solving encodings.)
_OPENING = (
    ("sba", 1),
    ("battle_loser", 2),
    ("swap_failed", 1),
    ("target", 2),
    ("goes_under", 2),
    ("put_under", 2),
    ("unmodelled", 1),
)


def shown_handles(model: clingo.Model) -> list[int]:
    """The handles of a model's shown terms (``symbol_key`` of each of ``model.symbols(terms=True)``:
    asp/brief.lp shows everything as a term)."""
    if _lib is None:  # pragma: no cover
        return [symbol_key(s) for s in model.symbols(terms=True)]
    size = _c_call("size_t", _lib.clingo_model_symbols_size, model._rep, _SHOWN)
    array = _ffi.new("clingo_symbol_t[]", size)
    _handle_error(_lib.clingo_model_symbols(model._rep, _SHOWN, array, size))
    return _ffi.unpack(array, size)


def eligible(scenario: Scenario, group: bool) -> bool:
    """Whether the scenario is one window of fixed events that nothing before solving says
    opens another."""
    return not (
        group
        or len(scenario.program.steps) > 1
        or scenario.deferred
        or scenario.templates
        or scenario.shuffled
        or any(e.swap for e in scenario.events)
        or _changes_triggers(scenario)
    )


def _changes_triggers(scenario: Scenario) -> bool:
    """Whether an ability may make a triggered ability trigger twice (a count this path does not read)."""
    abilities = scenario.replacement_abilities()
    return any(a.watch.on is not None for a in abilities)


class Briefs:
    """A grounded window's models as compact resolutions."""

    def __init__(self, scenario: Scenario, ctl: clingo.Control, window: list[str]):
        self.scenario = scenario
        self.ctl = ctl
        self.window = window  # the shared ["w1"] of every resolution
        self.builder = Builder(scenario)
        self.items: dict[int, tuple] = {}
        self._applications: dict[tuple, list] = {}
        self._order: dict[int, tuple] = {}  # id of an application's list -> its part of the order key
        self.opens = False
        self._read_atoms()

    def _read_atoms(self) -> None:
        atoms = self.ctl.symbolic_atoms
        if any(True for name, arity in _OPENING for _ in atoms.by_signature(name, arity)):
            self.opens = True
            return
        b, start = self.builder, self.scenario.cards
        decks = {c.owner for c in start.values() if c.zone == "deck"}
        for atom in atoms.by_signature("apply", 2):
            rep, event = atom.symbol.arguments
            if self._then(rep):
                self.opens = True  # its 「そうした場合」 opens a window
                return
            eid = b.event_id(event)
            sort_key = (b._order_of(eid), eid, b.replacement(rep).id)
            self.items[symbol_key(atom.symbol)] = (APPLY, sort_key, (symbol_key(rep), symbol_key(event)))
        for atom in atoms.by_signature("pick", 4):
            rep, event, _, chosen = atom.symbol.arguments
            key = (symbol_key(rep), symbol_key(event))
            self.items[symbol_key(atom.symbol)] = (PICK, key, (b._card_key(chosen.string), chosen.string))
        for atom in atoms.by_signature("final", 2):
            card, zone = atom.symbol.arguments[0].string, atom.symbol.arguments[1].name
            if start[card].zone == "deck" and zone != "deck" and decks:
                self.opens = True  # a deck that may be emptied: the state-based checks' window
                return
            if start[card].zone != zone:
                self.items[symbol_key(atom.symbol)] = (FINAL, card, zone)
        self._read_others(atoms)

    def _read_others(self, atoms: Any) -> None:
        b = self.builder
        trigger_ids = {
            (card_id, index): replacement_id(card_id, index, len(card.triggers))
            for card_id, card in self.scenario.cards.items()
            for index in range(1, len(card.triggers) + 1)
        }
        for atom in atoms.by_signature("loses", 1):
            self.items[symbol_key(atom.symbol)] = (LOST, name_of(atom.symbol.arguments[0]))
        for atom in atoms.by_signature("triggered", 2):
            t = b.trigger(*atom.symbol.arguments)
            self.items[symbol_key(atom.symbol)] = (
                TRIGGERED,
                (b._card_key(t.card), t.ability, t.event),
                [1, trigger_ids.get((t.card, t.ability), t.card), t.event],
            )
        for name, tag in _TAGGED.items():
            for atom in atoms.by_signature(name, 1):
                card = atom.symbol.arguments[0].string
                self.items[symbol_key(atom.symbol)] = (tag, b._card_key(card), card)

    def _then(self, rep: Symbol) -> bool:
        """Whether the replacement has a 「そうした場合」 step (a window after the one it applies in)."""
        if rep.name == "eff":
            ability = next(e for e in self.scenario.effects if e.id == rep.arguments[0].string).ability
        else:
            ability = self.scenario.cards[rep.arguments[0].string].replacements[rep.arguments[1].number - 1]
        return bool(ability.then)

    def brief(self, handles: list[int]) -> tuple[dict[str, Any], frozenset]:
        """A model's compact resolution, and the key of its final state. Its lists may be shared
        with other resolutions (each application is built once per set of chosen cards)."""
        if len(self._applications) > MAX_APPLICATIONS:  # many choices: memory stays bounded
            self._applications.clear()
            self._order.clear()
        final: dict[str, str] = {}
        apps: list[tuple] = []
        picks: dict[tuple[int, int], list] = {}
        others: list[tuple] | None = None
        for item in map(self.items.get, handles):
            if item is None:
                continue
            tag = item[0]
            if tag == FINAL:
                final[item[1]] = item[2]
            elif tag == PICK:
                chosen = picks.get(item[1])
                if chosen is None:
                    picks[item[1]] = [item[2]]
                else:
                    chosen.append(item[2])
            elif tag == APPLY:
                apps.append(item)
            else:
                others = others or []
                others.append(item)
        if len(apps) > 1:
            apps.sort()  # by (event order, event, replacement): unique to each application
        applied = [self._application(app, picks.get(app[2])) for app in apps]
        out = {"windows": self.window, "applied": applied, "final": final}
        state = frozenset(final.items())
        if others:
            state = state | self._others(out, others)
        return out, state

    def _application(self, app: tuple, chosen: list | None) -> list:
        """``[window, event, replacement, chosen cards in card order]``, built once per choice."""
        key = (app[2], tuple(chosen) if chosen else ())
        item = self._applications.get(key)
        if item is None:
            cards = [card for _, card in sorted(chosen)] if chosen else []
            item = self._applications[key] = [1, app[1][1], app[1][2], cards]
            self._order[id(item)] = (*app[1], tuple(cards))
        return item

    def order_key(self, out: dict[str, Any]) -> tuple:
        """The key ``solve`` orders a window's resolutions by (``Window.key``: its decisions)."""
        return ((), tuple(self._order[id(a)] for a in out["applied"]))

    def _others(self, out: dict[str, Any], others: list[tuple]) -> frozenset:
        lost = sorted({o[1] for o in others if o[0] == LOST})
        if lost:
            out["lost"] = lost
        triggered = sorted((o for o in others if o[0] == TRIGGERED), key=lambda o: o[1])
        if triggered:
            out["triggered"] = [o[2] for o in triggered]
        for tag, key in _LISTS:
            cards = sorted({(o[1], o[2]) for o in others if o[0] == tag})
            if cards:
                out[key] = [c for _, c in cards]
        return frozenset([("lost", tuple(lost)), ("flipped", tuple(out.get("flipped", ())))])


def briefs_of(scenario: Scenario, group: bool = False) -> Briefs | None:
    """The grounded first window of ``scenario`` ready to be read as compact resolutions, or None
    when its resolutions may open another window (or the scenario is not for this path)."""
    if not eligible(scenario, group):
        return None
    files = tuple(encoding_files(scenario.ruleset, "solve", False, True, brief=True))
    ctl = grounded(control_arguments(scenario, ("0",)), files, "", situation_facts(scenario))
    briefs = Briefs(scenario, ctl, ["w1"])
    if briefs.opens:
        return None
    return briefs


def each_brief(
    briefs: Briefs,
    on_brief: Callable[[dict[str, Any]], None],
    *,
    max_resolutions: int | None = None,
    timeout: float | None = None,
    deadline: float | None = None,
    sorted_up_to: int = 5_000,
) -> tuple[int, int, str | None]:
    """Every model of the window handed to ``on_brief`` as a compact resolution, in ``solve``'s order: sorted by the
    decisions when the window has at most ``sorted_up_to`` (the engine's ``SORTED_UP_TO``: their compact keys are
    held, then sorted), else as clingo finds them; until ``deadline``, the ``time.monotonic()`` at which the limit of
    ``timeout`` seconds ends. Returns the number handed, of distinct final states, and what stopped it (as the engine
    says it: ``max_resolutions=N``, ``timeout=Ts``) or None."""
    remaining = None if deadline is None else deadline - time.monotonic()
    if remaining is not None and remaining <= 0:
        return 0, 0, f"timeout={timeout}s"
    states: set[int] = set()
    held: list[tuple[tuple, dict[str, Any], frozenset]] | None = []  # None once the window has more than sorted_up_to
    stopped: list[str] = []
    count = [0]  # resolutions handed
    brief, key_of = briefs.brief, briefs.order_key
    progress = RUNNING[-1] if RUNNING else None

    def hand(out: dict[str, Any], state: frozenset) -> None:
        count[0] += 1
        states.add(hash(state))  # as the engine counts them: a number per distinct final state
        if progress is not None:
            progress.resolutions += 1
            progress.tick()
        on_brief(out)

    def handed(pairs) -> str | None:  # "stopped" when the count refuses one more (said in ``stopped``)
        for out, state in pairs:
            if max_resolutions is not None and count[0] >= max_resolutions:
                stopped.append(f"max_resolutions={max_resolutions}")
                return "stopped"
            hand(out, state)
        return None

    def each(handles: list[int]) -> str | None:
        nonlocal held
        out, state = brief(handles)
        if held is None:
            return handed([(out, state)])
        # Every model is held up to sorted_up_to, even when the count wants fewer: the first ones of
        # the sorted list are the first of solve's order only once all of them are known.
        held.append((key_of(out), out, state))
        if len(held) > sorted_up_to:  # too many to sort: handed in clingo's order, as solve lists them
            early, held = held, None
            return handed((its_out, its_state) for _, its_out, its_state in early)
        return None

    cut = _in_search(briefs.ctl, each, remaining)
    if cut == "timeout":
        stopped.insert(0, f"timeout={timeout}s")
    if held is not None:
        held.sort(key=lambda pair: pair[0])
        handed((out, state) for _, out, state in held[: None if max_resolutions is None else max_resolutions + 1])
    return count[0], len(states), stopped[0] if stopped else None


def _in_search(ctl: clingo.Control, each: Callable[[list[int]], str | None], timeout: float | None) -> str | None:
    """``each(handles of the shown atoms)`` for every model, in clingo's own thread as it finds
    them (nothing handed between threads: this one only waits), until ``each`` gives a reason to
    stop, which is returned; "timeout", or None once every model went."""
    reason: list[str] = []

    def on_model(model: clingo.Model) -> bool:
        said = each(shown_handles(model))
        if said is not None:
            reason.append(said)
            return False
        return True

    deadline = None if timeout is None else time.monotonic() + timeout
    with ctl.solve(on_model=on_model, async_=True) as handle:
        try:
            while not handle.wait(0.1):
                tick()
                if deadline is not None and time.monotonic() >= deadline:
                    reason.append("timeout")
                    break
        finally:
            handle.cancel()
            handle.get()
    return reason[0] if reason else None
