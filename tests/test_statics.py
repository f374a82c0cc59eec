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


RULE_CARD = """
turn: opponent
players:
  me:
    battle:
      - id: R
        card:
          {name: 規則を変えるクリーチャー, type: creature, civilizations: [light], cost: 6, power: 7000, text: "%s"}%s
      - {id: L, card: {name: 光のクリーチャー, type: creature, civilizations: [light], cost: 2, power: 2000}}
    deck: [d1]
  opponent:
    battle: [{id: B, card: {name: 大きいクリーチャー, type: creature, civilizations: [fire], cost: 7, power: 9000}}]
effect: {source: B, controller: opponent, by: %s, events: [%s]}
"""


@pytest.mark.parametrize(
    "text, by, events, named",
    [
        # アウルーリー-T8's 「自分のシールドがなければ、このクリーチャーは離れない」: the destruction may not happen
        (
            "自分のシールドがなければ、このクリーチャーは離れない。",
            "ability",
            "{destroy: R}",
            "whether a card may move",
        ),
        # 天命讃華 ネバーラスト: the light creature wins the battle it would lose
        ("自分の光のクリーチャーは、すべてのバトルに勝つ。", "attack", "{id: e1, battle: [B, L]}", "who wins a battle"),
        # ブラック・ビッグバン: the player does not lose by drawing from an empty deck
        (
            "自分の山札が0枚でも、自分はゲームに負けない。",
            "ability",
            "{draw: me, count: 2}",
            "whether a player may lose",
        ),
        # Drache der`Zen: not a creature unless the count holds
        (
            "自分の水のクリーチャーが4つ以上なければ、バトルゾーンにあるこのカードはクリーチャーとして扱わない。",
            "ability",
            "{destroy: L}",
            "a card's type",
        ),
    ],
    ids=["leave", "battle", "loss", "type"],
)
def test_a_rule_the_text_changes_and_the_solver_does_not_apply_is_refused(text, by, events, named):
    problem = refusal(RULE_CARD % (text, "", by, events))
    assert "規則を変えるクリーチャー" in problem and named in problem, problem


def test_a_cards_own_rule_stated_on_it_is_taken_as_stated():
    """「このクリーチャーは離れない」 stated with cannot_leave: the destruction does not happen."""
    text = RULE_CARD % ("このクリーチャーは離れない。", "\n        cannot_leave: true", "ability", "{destroy: R}")
    assert [r.final["R"] for r in dmrules.solve(scenario(text)).resolutions] == ["battle"]


def test_a_rule_no_event_of_the_scenario_reaches_is_no_refusal():
    """「相手のクリーチャーは出ない」 in a scenario where nothing is put into the battle zone."""
    text = RULE_CARD % ("相手のクリーチャーは、相手の手札以外から出ない。", "", "ability", "{destroy: L}")
    assert [r.final["L"] for r in dmrules.solve(scenario(text)).resolutions] == ["graveyard"]
