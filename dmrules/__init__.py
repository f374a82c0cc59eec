"""dmrules: every legal way to apply replacement effects in a Duel Masters situation.

The public API, for judges' tools and for simulator authors who use dmrules
as an oracle::

    import dmrules
    scenario = dmrules.load_scenario("fixtures/A01-two-jashintei.yaml")
    solution = dmrules.solve(scenario)
    for resolution in solution.resolutions:
        print(resolution.applied, resolution.final)
"""

from .errors import DmrulesError, InputError, SolveError
from .outcome import Application, EventInfo, ReplacementRef, Resolution, Solution
from .scenario import Scenario, load_scenario, scenario_from_text
from .solver import count, solve

__all__ = [
    "Application", "DmrulesError", "EventInfo", "InputError", "ReplacementRef", "Resolution",
    "Scenario", "Solution", "SolveError", "count", "load_scenario", "scenario_from_text", "solve",
]
__version__ = "0.1.0"
