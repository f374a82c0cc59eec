"""Events, breaks and triggers told in words with card names; ids only as a suffix (text, HTML, why)."""

import dmrules
from dmrules.checking.explain import why
from dmrules.presenting.explain_text import why_text
from dmrules.presenting.render import solution_text
from dmrules.presenting.report import render_html

from .conftest import FIXTURES


def solved(name):
    scenario = dmrules.load_scenario(next(FIXTURES.glob(name + "-*.yaml")))
    return scenario, dmrules.solve(scenario)


def test_a_multi_shield_break_is_one_break_of_several_shields():
    scenario, solution = solved("B24")
    lines = solution_text(scenario, solution).splitlines()
    assert lines[3:6] == [
        "    breaks shields s1, s2 of me at once [e1]",
        "    s1 is broken (a shield of me): shield zone → hand [e1.1]",
        "    s2 is broken (a shield of me): shield zone → hand [e1.2]",
    ]
    assert (
        "  breaks shields s1, s2 of me at once [e1]: replaced by JG (ジョギラスタ・ザ・ジョニー), decided by me; "
        "affected cards: o1" in lines
    )


def test_triggers_name_the_card_and_the_event():
    scenario, solution = solved("B13")
    text = solution_text(scenario, solution)
    assert "    BL (墓守の鐘ベルリン) triggers when PW (貝獣 パウアー) is discarded [e1/RK.2:PW]" in text
    assert "    broken shields of me: s1" in text
    assert "triggers:" not in text


def test_windows_are_told_in_words():
    scenario, solution = solved("B03")
    text = solution_text(scenario, solution)
    assert "  window 2: what follows the replacement by BK (斬隠蒼頭龍バイケン) of e1 [e1/BK.then1]" in text
    # Resolution 3: バイケン entered and returned itself: its way is told, not "no card moves".
    assert "    BK (斬隠蒼頭龍バイケン): hand → battle zone → hand (back where it was)" in text


def test_the_same_wording_in_text_html_and_why():
    scenario, solution = solved("A01")
    line = "J1 (アビスベル＝ジャシン帝) is destroyed: battle zone → graveyard [e1]"
    applied = "J1 (アビスベル＝ジャシン帝) is destroyed [e1]: replaced by J1 (アビスベル＝ジャシン帝), decided by me"
    text = solution_text(scenario, solution)
    html = render_html(scenario, solution)
    resolution = solution.resolutions[1]
    explained = why_text(scenario, 2, resolution, why(scenario, resolution))
    for output in (text, html, explained):
        assert line in output or applied in output
    assert line in text and line in html and line in explained
    assert applied in text and applied in html and applied in explained
