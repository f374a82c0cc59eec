"""The workbench's 日本語 mode is Japanese throughout: every fixture's resolutions told in Japanese
(presenting/ja.py) leave no English word once ids and names are taken out, and every reason and
violation the explainer writes has its Japanese sentence (none falls back to a generic one)."""

import re

import pytest

import dmrules
from dmrules.checking.explain import parse_conditions, why, why_not
from dmrules.presenting import ja
from dmrules.presenting.explain_ja import why_not_text, why_text
from dmrules.presenting.report import render_parts

from .conftest import FIXTURES, fixture_files

LATIN = re.compile(r"(?<![0-9.#])[A-Za-z]{2,}")


def english_left(scenario, text: str) -> set[str]:
    """The Latin words of a text once ids, names and rule numbers are taken out."""
    text = re.sub(r"\[[^\]]*\]", "", text)  # event ids, window labels
    words = sorted(
        [*(c.label for c in scenario.cards.values()), *scenario.cards, *(e.id for e in scenario.effects)],
        key=len,
        reverse=True,
    )
    for word in words:
        text = text.replace(word, "")
    for player in scenario.players:
        text = text.replace(player, "")
    text = text.replace("超GR", "")  # the zone's Japanese name is written so (超GRゾーン)
    return set(LATIN.findall(text))


@pytest.mark.parametrize("path", fixture_files()[::4], ids=lambda p: p.stem)
def test_every_resolution_is_told_in_japanese(path):
    scenario = dmrules.load_scenario(path)
    solution = dmrules.solve(scenario, max_resolutions=40)
    lines = [line for n, r in enumerate(solution.resolutions, 1) for line in ja.resolution_lines(scenario, n, r)]
    lines += [ja.event_line(scenario, e) for e in scenario.events]
    assert english_left(scenario, "\n".join(lines)) == set()


def test_the_page_of_a_ruling_is_japanese_but_for_its_own_title_and_note():
    path = FIXTURES / "B03-baiken-setsudan.yaml"
    scenario = dmrules.load_scenario(path)
    head, title, boards = render_parts(scenario, dmrules.solve(scenario), narrative="ja", interactive=True, fold=False)
    text = re.sub(r"<[^>]+>", " ", head + title + "".join(boards))
    for own in (scenario.about.title, scenario.about.note, scenario.path):
        text = text.replace(own or "\0", "")
    text = re.sub(r'(title|class|data-\w+|id)="[^"]*"', "", text)
    assert english_left(scenario, text) == set()


WHY = ["A01", "A11", "A20-souten-shield", "A23", "A26", "A28", "A31", "A34", "B03", "E12"]


@pytest.mark.parametrize("prefix", WHY)
def test_every_reason_and_violation_of_why_has_its_japanese_sentence(prefix):
    scenario = dmrules.load_scenario(next(FIXTURES.glob(prefix + "*.yaml")))
    for number, resolution in enumerate(dmrules.solve(scenario).resolutions[:4], 1):
        steps = why(scenario, resolution)
        for step in steps:
            if step.violations:
                assert all(ja.translate(v.text) for v in step.violations), [v.text for v in step.violations]
            elif not step.applied:
                assert ja._apply(ja.REASONS, step.reason), step.reason
        assert english_left(scenario, why_text(scenario, number, resolution, steps).split("\n", 1)[1]) == set()


@pytest.mark.parametrize(
    "prefix, expect",
    [
        ("A01", "J1=battle,J2=battle"),
        ("A11", "SN=battle,JN=battle,PG=battle"),
        ("A23", "L2=battle"),
        ("A26", "Z=battle"),
        ("A29-charger-cy", "BC=deck"),
        ("A31", "SB=deck"),
        ("A20", "s1=shields"),
        ("E12", "SB=battle"),
        ("E11", "s1=shields"),
    ],
)
def test_every_violation_of_why_not_has_its_japanese_sentence(prefix, expect):
    scenario = dmrules.load_scenario(next(FIXTURES.glob(prefix + "*.yaml")))
    result = why_not(scenario, parse_conditions(scenario, [expect]))
    assert result.legal is None and result.options
    assert all(ja.translate(v.text) for v in result.options[0][1]), [v.text for v in result.options[0][1]]
    assert english_left(scenario, why_not_text(scenario, result)) == set()
