"""Answers that were silently wrong on valid input (each test failed before its fix).

Expectations come from the printed texts and rulings: アビスベル＝ジャシン帝
(A01, seed 003): 「このクリーチャーが破壊される時、かわりに自分の手札を2枚捨ててもよい」.
"""

from __future__ import annotations

import json

import pytest

import dmrules
from dmrules.api import solve
from tests.conftest import run_cli, scenario
from tests.test_oracle import CORNER_CASES

JASHINTEI_HAND = """\
title: one ジャシン帝, hand cards named like players
turn: {turn}
players:
  {me}:
    battle: [{{id: J1, card: アビスベル＝ジャシン帝}}]
    hand: [{hand}]
  {opp}:
    battle: [{{id: X, card: {{name: 全体破壊のクリーチャー, type: creature}}}}]
effect: {{source: X, controller: {opp}, events: [{{id: e1, destroy: J1}}]}}
"""


@pytest.mark.parametrize(
    "me,opp,hand",
    [
        ("me", "opponent", "opponent, h2"),  # a hand card whose id is the other player's name
        ("me", "opponent", "me, h2"),  # ... or its own player's name
        ("P1", "P2", "P2, P1"),  # both hand cards named like players
    ],
)
def test_card_ids_and_player_names_are_separate(me, opp, hand):
    # A01's ruling applied to one ジャシン帝: it stays by discarding both hand cards, or is
    # destroyed. The hand cards' ids play no part: 2 resolutions whatever they are called.
    text = JASHINTEI_HAND.format(turn=opp, me=me, opp=opp, hand=hand)
    solution = solve(scenario(text))
    got = sorted(
        (tuple((a.event, a.replacement.id, a.chosen) for a in r.applied), r.final["J1"]) for r in solution.resolutions
    )
    cards = tuple(sorted(c.strip() for c in hand.split(",")))
    assert got == sorted(
        [
            ((), "graveyard"),
            ((("e1", "J1", tuple(sorted(cards, key=[c.strip() for c in hand.split(",")].index))),), "battle"),
        ]
    )


def test_player_named_like_a_card_still_loses():
    # A player whose name is also a card id: a draw of the last card makes that player lose (A13's rule),
    # and the output names the player.
    text = """\
    turn: J1
    players:
      J1:
        battle: [{id: J1, card: アビスベル＝ジャシン帝}]
        deck: [d1]
      X:
        battle: [{id: X, card: {name: 全体破壊のクリーチャー, type: creature}}]
    effect: {source: X, controller: X, events: [{id: e1, draw: J1}]}
    """
    solution = solve(scenario(text))
    assert [r.lost for r in solution.resolutions] == [("J1",)]
    assert solution.resolutions[0].final["d1"] == "hand"


UNREPLACEABLE_CHOICE = """\
title: an unreplaceable destruction of a chosen creature (鬼タイム-like)
turn: opponent
players:
  me:
    battle: [{id: J1, card: アビスベル＝ジャシン帝}]
    hand: [h1, h2]
  opponent:
    battle: [{id: X, card: {name: 全体破壊のクリーチャー, type: creature}}]
effect:
  source: X
  controller: opponent
  events: [{id: e1, destroy: {choose: {count: 1, whose: opponent}}, unreplaceable: true}]
"""


def test_unreplaceable_holds_on_a_choice():
    # The effect says its event cannot be replaced: ジャシン帝 cannot stay. One resolution.
    solution = solve(scenario(UNREPLACEABLE_CHOICE))
    assert [(r.applied, dict(r.final)) for r in solution.resolutions] == [
        ((), {"J1": "graveyard", "h1": "hand", "h2": "hand", "X": "battle"})
    ]


def test_unreplaceable_choice_under_sequential():
    solution = solve(scenario(UNREPLACEABLE_CHOICE.replace("turn: opponent", "ruleset: sequential\nturn: opponent")))
    assert [r.applied for r in solution.resolutions] == [()]


@pytest.mark.parametrize(
    "event",
    [
        "{id: e1, destroy: J1, unreplaceable: true}",
        "{id: e1, kind: destroy, card: J1, unreplaceable: true}",
        "{id: e1, destroy: {choose: {count: 1, whose: opponent}}, unreplaceable: true}",
        "{id: e1, destroy: {choose: {count: 1, whose: opponent, optional: true}}, unreplaceable: true}",
    ],
)
def test_unreplaceable_on_every_form(event):
    text = UNREPLACEABLE_CHOICE.replace(
        "events: [{id: e1, destroy: {choose: {count: 1, whose: opponent}}, unreplaceable: true}]", f"events: [{event}]"
    )
    solution = solve(scenario(text))
    assert all(not r.applied for r in solution.resolutions)
    assert any(r.final["J1"] == "graveyard" for r in solution.resolutions)


# -- why-not finds made events by their terms ------------------------------------------------


def test_why_not_finds_a_made_event():
    # A01: resolution 2 discards h1 for J1 (the made event e1/J1.2:h1): a legal outcome.
    out = run_cli("why-not", "fixtures/A01-two-jashintei.yaml", "--expect", "e1/J1.2:h1=happened", "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["legal"] is True
    applied = doc["resolution"]["applied"]
    assert [(a["event"], a["replacement"]["id"], a["chosen"]) for a in applied] == [("e1", "J1", ["h1", "h2"])]


def test_why_not_made_events_on_both_explains_609_9b():
    out = run_cli(
        "why-not", "fixtures/A01-two-jashintei.yaml", "--expect", "e1/J1.2:h1=happened,e2/J2.2:h2=happened", "--json"
    )
    doc = json.loads(out.stdout)
    assert doc["legal"] is False and doc["rules"] == ["609.9b"]


# -- the stream solves the scenario it was given ---------------------------------------------


def _stream_keys(stdout: str) -> list:
    keys = []
    for line in stdout.splitlines():
        doc = json.loads(line)
        if "windows" not in doc:  # the header, a window's definition, the trailer
            continue
        keys.append(tuple(sorted((event, replacement) for _, event, replacement, *_ in doc["applied"])))
    return sorted(keys)


def test_jsonl_honours_the_ruleset_option():
    # D06 (seed 001): under the sequential ruleset both replacements apply in turn; under dm
    # (its expect_under) exactly one of MA, DR applies.
    path = "fixtures/D06-both-in-turn.yaml"
    out = run_cli("solve", path, "--ruleset", "dm", "--jsonl")
    assert out.returncode == 0, out.stderr
    assert _stream_keys(out.stdout) == [(("e1", "DR"),), (("e1", "MA"),)]


def test_jsonl_honours_max_resolutions():
    out = run_cli("solve", "fixtures/A01-two-jashintei.yaml", "--jsonl", "--max-resolutions", "2")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()  # the header, the window, 2 resolutions, the trailer
    assert len(lines) == 5 and json.loads(lines[-1])["stopped_by"] == "max_resolutions=2"
    assert [len(json.loads(line)["windows"]) for line in lines[2:4]] == [1, 1]


# -- follow-ups come before the effect's later steps -------------------------------------------

FOLLOW_UP_ORDER = """\
title: バイケン's 「そうしたら」 before the effect's next part
source: {ruling: B03, rules: ["101.5a"]}
turn: opponent
players:
  me:
    hand: [{id: BK, card: 斬隠蒼頭龍バイケン}]
    battle: [{id: Y, card: {name: 普通のクリーチャー, type: creature}}]
  opponent:
    battle: [{id: X, card: {name: 手札を捨てさせるクリーチャー, type: creature}}]
effect:
  source: X
  controller: opponent
  events: [{id: e1, discard: BK}]
  then:
    - events: [{id: e2, destroy: Y}]
"""


def test_follow_up_opens_before_the_effects_next_step():
    # 101.5a and B03: the 「そうしたら」 sentence follows the replacement at once, before the
    # effect's later part (the order the engine documents). バイケン may return Y to hand; Y is
    # then no longer in the battle zone when e2 would destroy it, and stays in hand.
    solution = solve(scenario(FOLLOW_UP_ORDER))
    finals = sorted((r.final["BK"], r.final["Y"], r.final["X"]) for r in solution.resolutions)
    assert finals == sorted(
        [
            ("graveyard", "graveyard", "battle"),  # バイケン not used
            ("battle", "graveyard", "battle"),  # バイケン enters, returns nothing
            ("hand", "graveyard", "battle"),  # バイケン returns itself
            ("battle", "graveyard", "hand"),  # バイケン returns X
            ("battle", "hand", "battle"),  # バイケン returns Y before e2: e2 does nothing
        ]
    )


# -- a deck emptied before the effect's last window ---------------------------------------------

# A replacement mills the last card of the deck; the effect's next step touches no deck (the
# scenario the property test's oracle also checks).
DECK_EMPTIED_EARLY = CORNER_CASES["deck-emptied-before-the-last-window"]


def test_a_deck_emptied_in_an_earlier_window_loses_once_the_effect_is_over():
    # The state-based check comes after the effect's last step (101.4d, 703.4): the player
    # whose deck the first window emptied loses, although the last window touched no deck.
    solution = solve(scenario(DECK_EMPTIED_EARLY))
    outcomes = sorted((r.final["S1"], r.final["dm1"], r.lost) for r in solution.resolutions)
    assert outcomes == [("battle", "graveyard", ("me",)), ("graveyard", "deck", ())]


DECK_FILLED_THEN_EMPTIED = """\
title: the effect puts a card into an empty deck, mills it, then returns a creature
turn: me
players:
  me:
    hand: [X]
    battle: [{id: C1, card: {name: 普通のクリーチャー, type: creature}}]
  opponent: {}
effect:
  controller: me
  events: [{id: e1, kind: move, card: X, to: deck}]
  then:
    - events: [{id: e2, mill: X}]
    - events: [{id: e3, return_to_hand: C1}]
"""


def test_a_deck_the_effect_filled_and_emptied_loses_too():
    # The deck held a card when the second window opened and none once the effect is over:
    # it became empty (a deck the scenario lists as empty and the effect never fills does not).
    solution = solve(scenario(DECK_FILLED_THEN_EMPTIED))
    assert [(r.final["X"], r.lost) for r in solution.resolutions] == [("graveyard", ("me",))]
    untouched = solve(
        scenario(
            DECK_FILLED_THEN_EMPTIED.replace("to: deck", "to: mana").replace("    - events: [{id: e2, mill: X}]\n", "")
        )
    )
    assert [(r.final["X"], r.lost) for r in untouched.resolutions] == [("mana", ())]


def test_a_battle_between_creatures_without_power_is_refused_not_listed_with_no_loser():
    text = """\
turn: opponent
players:
  me:
    battle:
      - {id: A, card: {name: パワーの分からないクリーチャー, type: creature}}
      - {id: MN, card: 雪精 マリニャン。}
  opponent:
    battle:
      - {id: X, power: 5000, card: {name: 攻撃するクリーチャー, type: creature}}
effect:
  source: X
  controller: opponent
  by: battle
  events:
    - {id: e1, battle: [X, A]}
"""
    with pytest.raises(dmrules.InputError, match=r"A \(パワーの分からないクリーチャー\): it may battle"):
        scenario(text)
    with pytest.raises(dmrules.InputError, match=r"MN \(雪精 マリニャン。\): it may battle.*give 'power: N'"):
        scenario(text.replace("{id: A, card", "{id: A, power: 1000, card"))


def test_a_power_change_on_a_creature_without_power_is_refused():
    text = """\
turn: me
players:
  me: {}
  opponent:
    battle:
      - {id: Y, card: {name: パワーの分からないクリーチャー, type: creature}}
effect:
  controller: me
  events:
    - {id: e1, power_change: Y, amount: -3000}
"""
    with pytest.raises(dmrules.InputError, match=r"Y \(パワーの分からないクリーチャー\): its power changes"):
        scenario(text)


def test_face_up_is_for_shields_only():
    with pytest.raises(dmrules.InputError, match=r"players\.me\.hand\[0\]\.face_up: only a shield can be face up"):
        scenario("""\
turn: me
players:
  me:
    hand: [{id: H, face_up: true, card: {name: 手札のカード, type: creature}}]
  opponent: {}
effect:
  controller: me
  events: [{id: e1, discard: H}]
""")


SHUFFLED_THEN_DRAWN = """\
turn: opponent
players:
  me:
    battle:
      - {id: RD, card: 光器リュドミーラ}
    deck: [d1, d2]
  opponent:
    hand:
      - {id: S, card: {name: 破壊して引かせる呪文, type: spell}}
effect:
  source: S
  controller: opponent
  by: spell
  events:
    - {id: e1, destroy: RD}
  then:
    - events:
        - {id: e2, draw: me}
"""


def test_a_draw_from_a_deck_the_effect_shuffled_is_refused_not_guessed():
    # 光器リュドミーラ: 「墓地に置くかわりに自分の山札に戻す。その後、山札をシャッフルする。」 Which card
    # the later draw takes is unknown: refused, never listed as if the deck kept its order.
    with pytest.raises(dmrules.InputError, match=r"me's deck was shuffled .* draw, mill or reveal"):
        solve(scenario(SHUFFLED_THEN_DRAWN))
    alone = solve(scenario(SHUFFLED_THEN_DRAWN.split("  then:")[0]))
    assert [(r.final["RD"], r.final["d1"]) for r in alone.resolutions] == [("deck", "deck")]


TWO_JOGIRASTA = """
title: two ジョギラスタ; the break made instead is the opponent's first break of the turn
turn: opponent
players:
  me:
    battle: [{id: JG, card: ジョギラスタ・ザ・ジョニー}]
    shields: [s1, s2]
  opponent:
    shields: [o1, o2]
    battle:
      - {id: JG2, card: ジョギラスタ・ザ・ジョニー}
      - {id: X, card: {name: 攻撃するクリーチャー, type: creature}}
effect:
  source: X
  controller: opponent
  by: ability
  events: [{id: e1, break: s1}]
  then: [{events: [{id: e2, break: o2}]}]
"""


def test_a_break_a_replacement_made_instead_is_a_break_of_the_turn():
    """ジョギラスタ (「各ターンはじめて自分のシールドが1つ以上ブレイクされる時、かわりに…相手のシールドを1つブレイク
    する」): mine breaks the opponent's o1 or o2 instead of s1. With o1 broken so, the next step's break of o2 is the
    opponent's second break of the turn: their ジョギラスタ does not watch it (B22: a later break is not the first), and
    o2 is broken. With o2 broken instead, the next step finds it gone."""
    solution = solve(scenario(TWO_JOGIRASTA))
    finals = sorted(tuple(r.final[c] for c in ("s1", "s2", "o1", "o2")) for r in solution.resolutions)
    assert finals == [("shields", "shields", "hand", "hand"), ("shields", "shields", "shields", "hand")]
    assert all(a.replacement.card != "JG2" for r in solution.resolutions for a in r.applied)


GIGASTAND = """
turn: opponent
players:
  me:
    cannot: [CANNOT]
    battle: [{id: G, card: ギガスタンド}]
    hand: [h1]
  opponent:
    battle: [{id: X, card: {name: 破壊者, type: creature, cost: 5, power: 5000}}]
effect: {source: X, controller: opponent, events: [{id: e1, destroy: G}]}
"""


@pytest.mark.parametrize(
    "cannot, finals",
    [("[]", [("graveyard", "hand"), ("hand", "graveyard")]), ("[discard]", [("graveyard", "hand")])],
)
def test_a_hand_card_put_into_the_graveyard_instead_is_discarded(cannot, finals):
    """ギガスタンド: 「自分の手札からカードを1枚選んで墓地に置いてよい。その場合、…墓地に置くかわりに手札に戻す」: a
    card of the hand put into the graveyard is discarded (ruling A10's ロスト・ソウル), so a player who cannot discard
    cannot pay it and the replacement cannot be applied (609.4)."""
    solution = solve(scenario(GIGASTAND.replace("CANNOT", cannot.strip("[]"))))
    assert sorted((r.final["G"], r.final["h1"]) for r in solution.resolutions) == finals


def test_an_effect_putting_a_hand_card_into_the_graveyard_discards_it():
    """The opponent's effect puts my 氷牙提督マティアス卿 from my hand into my graveyard on their turn: a discard,
    which its 「相手のターン中に、このクリーチャーが自分の手札から捨てられる時、墓地に置くかわりにバトルゾーンに出して
    もよい」 may replace."""
    text = """
    turn: opponent
    players:
      me:
        hand: [{id: M, card: 氷牙提督マティアス卿}]
      opponent:
        battle: [{id: X, card: {name: 手札墓地送り, type: creature, cost: 5, power: 1000}}]
    effect: {source: X, controller: opponent, events: [{id: e1, move: M, to: graveyard}]}
    """
    assert sorted(r.final["M"] for r in solve(scenario(text)).resolutions) == ["battle", "graveyard"]


def test_a_power_read_by_a_condition_and_given_by_no_one_is_refused():
    """光器パーフェクト・マドンナ 「そのパワーが0より大きければ、離れるかわりにとどまる」 with no power given: unknown,
    never taken for 0 or less (the card then stays or not on a guess)."""
    text = """
    turn: opponent
    players:
      me:
        battle: [{id: PM, card: 光器パーフェクト・マドンナ}]
      opponent:
        battle: [{id: X, card: {name: 破壊者, type: creature, cost: 5, power: 5000}}]
    effect: {source: X, controller: opponent, events: [{id: e1, destroy: PM}]}
    """
    with pytest.raises(dmrules.InputError, match="power"):
        solve(scenario(text))
    stated = text.replace("{id: PM, card:", "{id: PM, power: 2500, card:")
    assert [r.final["PM"] for r in solve(scenario(stated)).resolutions] == ["battle"]
