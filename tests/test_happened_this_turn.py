"""What happened this turn (「このターン、…が2体以上出ていれば」): a condition that counts the cards an event
happened to earlier in the turn, read from the text, with the events a scenario states (``happened_this_turn``)
and those an earlier window of the effect made happen."""

from __future__ import annotations

import pytest

import dmrules

from .conftest import scenario
from .test_cardtext_parts import assert_compiles_to, assert_refused

# マンハッタンの心絵's third ability, as printed
MANHATTAN = (
    "相手のターン中、相手がクリーチャーを出す時、そのターン、相手の他のクリーチャーが２体以上出ていれば、"
    "相手はかわりにそのクリーチャーをマナゾーンに置く。"
)


def test_the_cards_that_entered_this_turn_counted():
    assert_compiles_to(
        MANHATTAN,
        {
            "watch": {"event": "enter", "card": {"whose": "opponent", "type": "creature"}, "when": ["opponent_turn"]},
            "if": [{"happened": "enter", "whose": "opponent", "type": "creature", "other": True, "at_least": 2}],
            "instead": [{"move_to": "mana"}],
        },
    )


def test_none_destroyed_this_turn_and_the_words_for_this_turn():
    assert_compiles_to(
        "このターン中に自分のクリーチャーが１体も破壊されていなければ、このクリーチャーが破壊される時、かわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "if": [{"happened": "destroy", "whose": "own", "type": "creature", "at_most": 0}],
            "instead": [{"move_to": "hand"}],
        },
    )


@pytest.mark.parametrize(
    ("text", "named"),
    [
        # a count with 「なければ」: at least two, none: no printed phrase says it
        (
            "このターン、自分のクリーチャーが２体以上破壊されていなければ、このクリーチャーが破壊される時、かわりに手札に戻す。",
            "破壊されていなければ",
        ),
        # what caused it (「《X》の能力によって」) is no part of what a scenario says happened
        (
            "このターン中に相手のクリーチャーが１体も《試しの王》の能力によって墓地に置かれていなければ、"
            "相手のクリーチャーが出る時、かわりにそのクリーチャーを墓地に置く。",
            "《試しの王》",
        ),
    ],
)
def test_a_near_variant_is_refused(text: str, named: str):
    assert_refused(text, named)


def manhattan_scenario(past: str, events: str) -> str:
    """The opponent's turn: my creature M has MANHATTAN; the opponent's creatures O1 to O4 are in the hand."""
    hand = "\n".join(
        f"      - {{id: O{i}, card: {{name: 相手の兵{i}, type: creature, civilizations: [fire], power: 1000}}}}"
        for i in range(1, 5)
    )
    return f"""
turn: opponent
players:
  me:
    battle: [{{id: M, card: {{name: 試しの心絵, type: creature, text: "{MANHATTAN}"}}}}]
  opponent:
    hand:
{hand}
{past}effect: {events}
"""


def test_two_other_creatures_entered_this_turn_sends_the_next_to_the_mana_zone():
    past = "happened_this_turn: [{summon: O1}, {put_into_battle: O2}]\n"
    text = manhattan_scenario(past, "{controller: opponent, events: [{put_into_battle: O3}]}")
    # O1 and O2 are stated where they are now: in the hand here; what counts is that they entered this turn
    assert [r.final["O3"] for r in dmrules.solve(scenario(text)).resolutions] == ["mana"]


def test_one_creature_entered_this_turn_is_not_enough():
    text = manhattan_scenario(
        "happened_this_turn: [{summon: O1}]\n", "{controller: opponent, events: [{put_into_battle: O3}]}"
    )
    assert [r.final["O3"] for r in dmrules.solve(scenario(text)).resolutions] == ["battle"]


def test_the_creatures_an_earlier_window_put_out_count_for_the_later_ones():
    # three creatures put out one after another by one effect: the third is the first with two before it
    events = (
        "{controller: opponent, events: [{put_into_battle: O1}], "
        "then: [{events: [{put_into_battle: O2}]}, {events: [{put_into_battle: O3}]}]}"
    )
    solution = dmrules.solve(scenario(manhattan_scenario("", events)))
    assert [(r.final["O1"], r.final["O2"], r.final["O3"]) for r in solution.resolutions] == [
        ("battle", "battle", "mana")
    ]


def test_creatures_put_out_at_once_do_not_count_each_other():
    # 609.9: one window, decided against the state before it; none entered before it this turn
    events = "{controller: opponent, events: [{put_into_battle: O1}, {put_into_battle: O2}, {put_into_battle: O3}]}"
    solution = dmrules.solve(scenario(manhattan_scenario("", events)))
    assert [(r.final["O1"], r.final["O2"], r.final["O3"]) for r in solution.resolutions] == [
        ("battle", "battle", "battle")
    ]


@pytest.mark.parametrize(
    ("past", "problem"),
    [
        ("happened_this_turn: [{summon: X9}]\n", "no card 'X9'"),
        ("happened_this_turn: [{fly: O1}]\n", "names one kind of event"),
        ("happened_this_turn: [{destroy: O1, from: hand}]\n", "a 'destroy' event goes from battle"),
        ("happened_this_turn: [{move: O1}]\n", "says where the card went"),
    ],
)
def test_a_past_event_the_reader_refuses(past: str, problem: str):
    text = manhattan_scenario(past, "{controller: opponent, events: [{put_into_battle: O3}]}")
    with pytest.raises(dmrules.InputError, match=problem):
        scenario(text)


def test_the_text_report_says_what_happened_earlier_this_turn():
    from dmrules.presenting.render import scenario_header

    past = "happened_this_turn: [{summon: O1}, {put_into_battle: O2, from: mana}]\n"
    state = scenario(manhattan_scenario(past, "{controller: opponent, events: [{put_into_battle: O3}]}"))
    assert scenario_header(state)[2] == (
        "  earlier this turn: O1 (相手の兵1) summon (hand → battle zone); O2 (相手の兵2) put_into_battle (mana zone → "
        "battle zone)"
    )


def test_the_same_board_with_another_history_is_solved_again():
    # one loaded state, the card definitions the same objects: only what happened this turn differs
    import dataclasses

    past = "happened_this_turn: [{summon: O1}, {summon: O2}]\n"
    state = scenario(manhattan_scenario(past, "{controller: opponent, events: [{put_into_battle: O3}]}"))
    before = [r.final["O3"] for r in dmrules.solve(state).resolutions]
    after = [r.final["O3"] for r in dmrules.solve(dataclasses.replace(state, happened_this_turn=())).resolutions]
    assert (before, after) == (["mana"], ["battle"])


def test_other_of_a_card_that_came_out_before_and_comes_out_again_is_refused():
    # O1 came out earlier this turn (and went back to the hand), O2 too; O1 comes out again: 「他の」 leaves O1 out
    # when O1's own coming out is watched (one other: the replacement does not apply), which the condition, decided
    # before the window, cannot tell: refused rather than answered either way
    past = "happened_this_turn: [{summon: O1}, {summon: O2}]\n"
    text = manhattan_scenario(past, "{controller: opponent, events: [{put_into_battle: O1}]}")
    with pytest.raises(dmrules.InputError, match="「他の」"):
        dmrules.solve(scenario(text))
    # with a third creature out before it, the answer is the same either way: solved
    past = "happened_this_turn: [{summon: O1}, {summon: O2}, {summon: O3}]\n"
    text = manhattan_scenario(past, "{controller: opponent, events: [{put_into_battle: O1}]}")
    assert [r.final["O1"] for r in dmrules.solve(scenario(text)).resolutions] == ["mana"]


def test_a_creature_summoned_from_the_mana_zone_came_out_this_turn():
    # 「{summon: C, from: mana}」: the summon's zone said; its coming out counts as any other's
    past = "happened_this_turn: [{summon: O1, from: mana}, {put_into_battle: O2, from: graveyard}]\n"
    text = manhattan_scenario(past, "{controller: opponent, events: [{put_into_battle: O3}]}")
    state = scenario(text)
    assert [(e.from_zone, e.to_zone) for e in state.happened_this_turn] == [("mana", "battle"), ("graveyard", "battle")]
    assert [r.final["O3"] for r in dmrules.solve(state).resolutions] == ["mana"]
