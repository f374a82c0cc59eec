"""Every fixture's expectation, written from its ruling, holds exactly."""

import pytest

from dmrules.api import solve
from dmrules.checking.expect import check_expectations, expectations, read_expectation
from dmrules.reading.scenario import load_scenario

from .conftest import fixture_files, fixture_sample


@pytest.mark.parametrize("path", fixture_files(), ids=lambda p: p.stem)
def test_fixture(path):
    scenario = load_scenario(path)
    expectation = read_expectation(scenario)
    assert not expectation.empty, f"{path.name} states no expectation"
    assert scenario.about.ruling, f"{path.name} cites no ruling"
    assert (expectation.resolutions is not None or expectation.groups is not None) and expectation.count is not None, (
        f"{path.name} must give the exact set of resolutions (or of groups) and their count"
    )
    for variant, expected in expectations(scenario):
        assert check_expectations(expected, solve(variant), variant) == []


@pytest.mark.parametrize("path", fixture_sample(), ids=lambda p: p.stem)
def test_every_fixture_solves_under_duel_masters_plays(path):
    """`dmrules solve F --ruleset dmps` works on every fixture: the digital game's
    zone limits and board order apply to any situation. On the sample of fixtures that covers
    every feature (``fixture_sample``); ``python bench/sweep.py`` runs it on every fixture."""
    from dataclasses import replace

    solution = solve(replace(load_scenario(path), ruleset="dmps"))
    assert solution.complete and solution.resolutions
