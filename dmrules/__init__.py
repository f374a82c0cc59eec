"""dmrules: every legal way to apply replacement effects in a Duel Masters situation.

The public API, for judges' tools and for simulator authors who use dmrules
as an oracle (docs/api.md)::

    import dmrules
    solution = dmrules.solve("fixtures/A01-two-jashintei.yaml")
    for resolution in solution.resolutions:
        print(resolution.applied, resolution.final)
    assert dmrules.count("fixtures/A01-two-jashintei.yaml") == solution.total

``stream`` hands each resolution to a callback as it is found and keeps
none. ``solve``, ``stream`` and ``count`` take a ``Scenario`` or the path of a scenario file,
and ``ruleset=`` to solve under another ruleset than the scenario's. Bad
input raises ``InputError``, naming the file, the place and the problem.

The package follows the pipeline, each layer importing only those before it:
``reading`` (scenario files, card data, abilities) → ``solving`` (facts,
encodings, the window engine, typed outcomes) → ``checking`` (expectations,
why / why-not) → ``presenting`` (text, HTML) → ``cli``.
"""

from .errors import DmrulesError, InputError, InternalError, SolveError
from .reading.scenario import Scenario, load_scenario, scenario_from_text
from .solving.outcome import Application, EventInfo, ReplacementRef, Resolution, Solution, Streamed
from .solving.solver import count, solve, stream

__all__ = [
    "Application",
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
    "solve",
    "stream",
]
__version__ = "0.1.0"
