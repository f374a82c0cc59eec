"""A lasting ability the solver does not apply (a power, a race, a civilization or a name it changes, a card that
cannot be chosen) is never answered as if it were not there: the scenario is refused, naming the card and the
sentence, unless the change is the card's own and the scenario states the value in play (reading/statics.py)."""

from __future__ import annotations

import pytest

import dmrules
from dmrules.reading.statics import printed_changes
from tests.conftest import scenario

HELIOS_PENPEN = """
turn: me
players:
  me:
    battle: [{id: HT, card: ヘリオス・ティガ・ドラゴン}]
  opponent:
    battle: [{id: PP, card: 森の特攻隊長ペンペン中尉}, {id: CH, card: お騒がせチューザ}]
effect: {source: HT, controller: me, by: ability, printed: true}
"""

SKULL_MOON_YULIANA = """
turn: opponent
players:
  me:
    battle: [{id: SM, card: 神羅スカル・ムーン}]
  opponent:
    battle: [{id: YU, card: 光器ユリアーナ%s}]
    hand: [{id: SP, card: 死神ハンド}]
effect: {source: SP, controller: opponent, by: spell, cast_from: hand, events: [{destroy: SM}]}
"""

JUMAZOL = """
turn: opponent
players:
  me:
    battle:
      - {id: JU, card: 封魔の戦慄ジュマゾール}
      - {id: N, card: 雪溶妖精シャーマン・メリッサ}
      - {id: GD, card: 封魔アルバラム}
  opponent:
    battle: [{id: X, card: {name: 破壊者, type: creature}}]
effect: {source: X, controller: opponent, events: [{destroy: JU}]}
"""

COURTNEY = """
turn: opponent
players:
  me:
    battle: [{id: HZ, card: 威牙の幻ハンゾウ}, {id: CO, card: 薫風妖精コートニー}]
    mana: [{id: m1, card: シェル・ラック}]
    shields: [s1]
  opponent:
    battle: [{id: X, card: {name: 破壊者, type: creature}}]
effect: {source: X, controller: opponent, events: [{destroy: HZ}]}
"""


def refusal(text: str) -> str:
    with pytest.raises(dmrules.InputError) as caught:
        dmrules.solve(scenario(text))
    return str(caught.value)


@pytest.mark.parametrize(
    "text, card, sentence",
    [
        # ペンペン's +1000 makes チューザ (2000) a creature of 3000, which ヘリオス's 「パワー2000以下」 does not take
        (HELIOS_PENPEN, "森の特攻隊長ペンペン中尉", "自分の他のドリームメイトすべてのパワーは+1000される"),
        # ユリアーナ cannot be chosen by its opponent: スカル・ムーン cannot destroy it instead (609.4)
        (SKULL_MOON_YULIANA % "", "光器ユリアーナ", "このクリーチャーを選ぶことはできない"),
        # ジュマゾール makes アルバラム a デーモン・コマンド, the creature its replacement destroys instead
        (JUMAZOL, "封魔の戦慄ジュマゾール", "種族にデーモン・コマンドを追加する"),
        # コートニー makes the mana cards of every civilization: ハンゾウ's 「闇のカードが1枚でもあれば」 holds
        (COURTNEY, "薫風妖精コートニー", "すべての文明のカードとして扱う"),
    ],
    ids=["power", "chosen", "races", "civilizations"],
)
def test_a_change_the_solver_does_not_apply_is_refused_naming_the_card_and_sentence(text, card, sentence):
    problem = refusal(text)
    assert card in problem and sentence in problem and "does not apply" in problem, problem


def test_a_cards_own_change_stated_in_the_scenario_is_taken_as_stated():
    """ユリアーナ stated untouchable: スカル・ムーン has no creature to destroy instead, and is destroyed."""
    solution = dmrules.solve(scenario(SKULL_MOON_YULIANA % ", untouchable: true"))
    assert sorted(r.final["SM"] for r in solution.resolutions) == ["graveyard"]


def test_a_change_no_text_of_the_scenario_reads_is_no_refusal():
    """ペンペン's power change, in a destruction no text reads a power for, changes nothing."""
    text = """
turn: opponent
players:
  me:
    battle: [{id: PP, card: 森の特攻隊長ペンペン中尉}]
  opponent:
    battle: [{id: X, card: {name: 破壊者, type: creature}}]
effect: {source: X, controller: opponent, events: [{destroy: PP}]}
"""
    assert len(dmrules.solve(scenario(text)).resolutions) >= 1


def test_only_an_opponents_choice_reads_a_card_that_the_opponent_cannot_choose():
    """ユリアーナ forbids its opponent's choices alone: my own replacement may destroy it instead of R."""
    text = """
turn: opponent
players:
  me:
    battle:
      - id: R
        card:
          name: 身代わりを選ぶクリーチャー
          type: creature
          power: 1000
          text: このクリーチャーが破壊される時、かわりに自分の他のクリーチャーを1体破壊してもよい。
      - {id: YU, card: 光器ユリアーナ}
  opponent:
    battle: [{id: X, card: {name: 破壊者, type: creature}}]
effect: {source: X, controller: opponent, events: [{destroy: R}]}
"""
    solution = dmrules.solve(scenario(text))
    assert sorted((r.final["R"], r.final["YU"]) for r in solution.resolutions) == [
        ("battle", "graveyard"),
        ("graveyard", "battle"),
    ]


@pytest.mark.parametrize(
    "text, types, expected",
    [
        ("バトルゾーンにある自分のクリーチャーすべてのパワーは+1000される。", ["creature"], ["power"]),
        ("パワーアタッカー+2000", ["creature"], ["power"]),
        ("このターン、自分のクリーチャーすべてのパワーは+3000される。", ["creature"], []),  # the turn's, once
        ("自分のクリーチャーすべてのパワーは+3000される。", ["spell"], []),  # a spell's effect, once
        ("種族を1つ選ぶ。", ["creature"], []),
        ("自分の「サイバー」と種族にある進化ではないクリーチャーを1体出す。", ["creature"], []),
        ("バトルゾーンにある自分のクリーチャーすべては、種族にナイトを追加する。", ["creature"], ["races"]),
        ("自分のマナゾーンにあるカードを、すべての文明のカードとして扱う。", ["creature"], ["civilizations"]),
        (
            "これをクロスしたクリーチャーは、名前に《ボルメテウス・武者・ドラゴン》を追加する。",
            ["cross_gear"],
            ["names"],
        ),
        ("相手がクリーチャーを選ぶ時、このクリーチャーを選ぶことはできない。", ["creature"], ["chosen"]),
        # a replacement is read (or refused) as one
        ("このクリーチャーが破壊される時、かわりにパワーを-3000してもよい。", ["creature"], []),
    ],
)
def test_the_sentences_that_change_a_characteristic(text, types, expected):
    assert [kind for kind, _ in printed_changes(text, types)] == expected
