"""dmrules: every legal way to apply replacement effects in a Duel Masters situation.

The public API, for judges' tools and for simulator authors who use dmrules
as an oracle (docs/api.md)::

    import dmrules
    solution = dmrules.solve("fixtures/A01-two-jashintei.yaml")
    for resolution in solution.resolutions:
        print(resolution.applied, resolution.final)
    assert dmrules.count("fixtures/A01-two-jashintei.yaml") == solution.total

``stream`` hands each resolution to a callback as it is found and keeps
none; ``why`` tells how a resolution is legal, ``why_not`` what stands in the
way of an outcome, ``check`` whether an observed outcome is legal. Each takes a
``Scenario``, the path of a scenario file, its YAML text or a dict, and
``ruleset=`` to solve under another ruleset than the scenario's (dmrules/api.py).
Bad input raises ``InputError``, naming the file, the place and the problem.

The package follows the pipeline, each floor importing only those below it:
``game`` (the model every floor shares: vocabulary, abilities, events, cards,
scenarios, outcomes) ← ``reading`` (scenario files, card data, the card-text
compiler) ← ``solving`` (facts, encodings, the window engine, answer sets
decoded) ← ``checking`` (expectations, why / why-not) ← ``api`` ←
``presenting`` (text, JSON, HTML, the workbench) ← ``cli``.
"""

from .api import Check, Why, check, count, solve, stream, why, why_not
from .bounded import set_max_memory
from .checking.explain import OutcomeCondition, WhyNot, WhyStep
from .game.errors import DmrulesError, InputError, InternalError, SolveError
from .game.outcome import Application, EventInfo, ReplacementRef, Resolution, Solution, Streamed
from .game.scenario import Scenario
from .reading.scenario import load_scenario, scenario_from_text
from .solving.engine import Interrupted
from .version import __version__
from .worker import DEFAULT_MAX_MEMORY

__all__ = [
    "Application",
    "DEFAULT_MAX_MEMORY",
    "Check",
    "Interrupted",
    "OutcomeCondition",
    "Why",
    "WhyNot",
    "WhyStep",
    "check",
    "why",
    "why_not",
    "DmrulesError",
    "EventInfo",
    "InputError",
    "InternalError",
    "ReplacementRef",
    "Resolution",
    "Scenario",
    "Solution",
    "SolveError",
    "Streamed",
    "__version__",
    "count",
    "load_scenario",
    "scenario_from_text",
    "set_max_memory",
    "solve",
    "stream",
]
