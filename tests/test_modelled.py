"""What the solver models of the card-text compiler's vocabulary (fixtures M01-M08), and the near
variants it still refuses by name."""

from __future__ import annotations

from dataclasses import replace

import pytest

import dmrules
from dmrules.reading.carddb import bundled
from dmrules.reading.scenario import load_scenario

from .conftest import FIXTURES, scenario


def finals(solution, *cards: str) -> list[tuple[str, ...]]:
    return sorted(tuple(r.final[c] for c in cards) for r in solution.resolutions)


def refused(text: str) -> str:
    with pytest.raises(dmrules.InputError) as error:
        scenario(text)
    return error.value.problem


# -- one_of: a choice between actions -------------------------------------------------------------

YURIN = """
turn: opponent
players:
  me:
    battle:
      - {id: Y, card: 三途渡しのユーリン}
    graveyard:
      - {id: DB, card: {name: 両方の種族のクリーチャー, type: creature, races: [ドリームメイト, ビークル・ビー]}}
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: Y}]}
"""


def test_one_card_of_both_races_is_not_one_of_each():
    """「両方1体ずつ」 takes two cards: a card that is both a ドリームメイト and a ビークル・ビー is one card of
    either race (the first option), never both choices of the second (TEXT-2)."""
    solution = dmrules.solve(scenario(YURIN))
    assert finals(solution, "Y", "DB") == [("deck", "hand"), ("graveyard", "graveyard")]


def test_the_options_of_one_ability_are_one_replacement_under_the_sequential_rules():
    """Dimension Zero's rules apply several replacements to one event in turn, each once (D0-4): two
    options of one ability are that one replacement. The card sent to the hand instead still leaves
    the battle zone, but the other option cannot replace that leaving again."""
    text = """
ruleset: sequential
turn: opponent
players:
  me:
    battle:
      - id: Y
        card:
          name: 行き先を選ぶクリーチャー
          type: creature
          replacements:
            - watch: {event: leave, card: this}
              optional: true
              instead: [{one_of: [[{move_to: hand}], [{move_to: mana}]]}]
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: Y}]}
"""
    assert finals(dmrules.solve(scenario(text)), "Y") == [("graveyard",), ("hand",), ("mana",)]
    base = load_scenario(FIXTURES / "M01-one-of-l-gate-yurin.yaml")
    assert len(dmrules.solve(replace(base, ruleset="sequential")).resolutions) == 4


def test_the_l_gate_given_by_its_printed_text_solves_as_the_bundled_card():
    """M01 with 三途渡しのユーリン given inline by its printed text (compiled to a one_of) instead of by name."""
    path = FIXTURES / "M01-one-of-l-gate-yurin.yaml"
    text = path.read_text(encoding="utf-8").replace(
        "card: 三途渡しのユーリン}",
        "card: {name: 三途渡しのユーリン, text: " + repr(bundled().find("三途渡しのユーリン").text) + "}}",
    )
    assert "text: " in text
    inline, named = dmrules.solve(dmrules.scenario_from_text(text, "m01.yaml")), dmrules.solve(load_scenario(path))
    assert finals(inline, "Y", "D", "B", "G") == finals(named, "Y", "D", "B", "G") and len(named.resolutions) == 4


def test_a_choice_between_actions_limited_to_once_a_turn_is_refused_by_name():
    text = """
turn: opponent
players:
  me:
    battle:
      - id: Y
        card:
          name: 一度だけ選ぶクリーチャー
          type: creature
          replacements:
            - watch: {event: destroy, card: this}
              once_per_turn: true
              optional: true
              instead:
                - stay
                - one_of: [[{discard: 1}], [{shield_to_hand: 1}]]
    hand: [h1]
    shields: [s1]
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: Y}]}
"""
    problem = refused(text)
    assert (
        "一度だけ選ぶクリーチャー" in problem
        and "'one_of' (a choice between actions) limited to 「各ターンに1度」" in problem
    )
