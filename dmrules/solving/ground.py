"""Grounding: a clingo Control for a scenario's facts, its encodings pruned to what the facts
can reach, grounded in a thread that Ctrl-C can leave behind."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Sequence

import clingo
from clingo import Symbol, ast

from ..game.errors import InputError
from ..game.scenario import Scenario
from .encodings import encoding_files, silent
from .facts import situation_facts
from .progress import tick
from .prune import live_statements, needs_met


def control_arguments(scenario: Scenario, arguments: Sequence[str]) -> list[str]:
    arguments = list(arguments)
    if scenario.ruleset == "sequential":
        # A chain applies each replacement at most once: it is at most as long as there are replacements.
        n = sum(len(c.replacements) for c in scenario.cards.values()) + len(scenario.effects)
        if n + 1 > MAX_ORDERED_DEPTH and _takes_from_deck(scenario):
            raise InputError(
                scenario.path,
                "ruleset",
                f"the sequential ruleset orders the cards taken from a deck along chains of at most "
                f"{MAX_ORDERED_DEPTH - 1} replacements, and this scenario has {n} replacement abilities and effects "
                "with one that mills or draws",
            )
        arguments += ["-c", f"max_depth={n + 1}"]
    return arguments


# A deck action's place along a chain is a number in base 8 with a digit per depth
# (asp/common/actions.lp): 8 ** 10 is past clingo's 32-bit integers.
MAX_ORDERED_DEPTH = 10


def _takes_from_deck(scenario: Scenario) -> bool:
    abilities = scenario.replacement_abilities()
    return any(action.kind in ("mill", "draw") for a in abilities for action in a.instead)


# Below this many facts the encodings ground in milliseconds (their ground size is linear in
# the facts): no thread is worth starting for Ctrl-C's sake.
INLINE_FACTS = 5000


def ground(ctl: clingo.Control, parts=(("base", ()),), inline: bool = False) -> None:
    """``ctl.ground(parts)`` in a worker thread, waited on in slices from the main thread, so
    that Ctrl-C (KeyboardInterrupt) reaches Python during a long grounding too; the grounding
    itself cannot be stopped: it is left to finish in its (daemon) thread, which the process
    does not wait for at exit. ``inline``: a short grounding, in this thread."""
    if inline or threading.current_thread() is not threading.main_thread() or os.environ.get("DMRULES_GROUND_INLINE"):
        ctl.ground(list(parts))
        return
    failed: list[BaseException] = []

    def run() -> None:
        try:
            ctl.ground(list(parts))
        except BaseException as exc:  # handed to the caller
            failed.append(exc)

    worker = threading.Thread(target=run, name="dmrules-ground", daemon=True)
    worker.start()
    while worker.is_alive():
        worker.join(0.1)
        tick()
    if failed:
        raise failed[0]


def grounded(
    arguments: list[str], files: tuple[str, ...], extra_program: str, facts: Iterable[Symbol]
) -> clingo.Control:
    ctl = clingo.Control(arguments, logger=silent, message_limit=0)

    facts = list(facts)
    given = needs_met(files, extra_program, facts)
    with ast.ProgramBuilder(ctl) as builder:
        for statement in live_statements(files, extra_program, given):
            builder.add(statement)
    with ctl.backend() as backend:
        for sym in facts:
            backend.add_rule([backend.add_atom(sym)])
    ground(ctl, inline=len(facts) < INLINE_FACTS)
    return ctl


def make_control(
    scenario: Scenario,
    mode: str = "solve",
    arguments: Sequence[str] = ("0",),
    extra: Iterable[Symbol] = (),
    group: bool = False,
) -> clingo.Control:
    """A grounded Control for the scenario; facts go in through the backend as symbols.

    The encodings are parsed once per process; each Control receives their syntax trees.
    """
    files = tuple(encoding_files(scenario.ruleset, mode, group))
    return grounded(control_arguments(scenario, arguments), files, "", [*situation_facts(scenario), *extra])
