"""The solver's filters and conditions read alike wherever they are evaluated: in ASP (asp/common/filters.lp, for
watches and choices) and in Python (dmrules/game/grants.py, for 「すべて」, conditions and grants): a cost above
the mana, 「進化」 of a NEO creature evolved and among other types, a trigger's battle partner, five
civilizations of the cards' faces in the battle zone, the abilities of a card stacked under another, and 「その種族の」
refused in an effect's events."""

from __future__ import annotations

import pytest

import dmrules

from .conftest import scenario


def finals(solution, *cards: str) -> list[tuple[str, ...]]:
    return sorted(tuple(r.final[c] for c in cards) for r in solution.resolutions)


COST_ABOVE_MANA_ALL = """
turn: me
players:
  me:
    battle:
      - {id: X, card: {name: 全体破壊のクリーチャー, type: creature, cost: 5, power: 5000}}
  opponent:
    battle:
      - {id: A, card: {name: 小さいクリーチャー, type: creature, cost: 2, power: 1000}}
    mana: [m1, m2, m3, m4, m5]
effect:
  source: X
  controller: me
  by: ability
  events:
    - {id: e1, destroy: {all: {whose: opponent, type: creature, cost_exceeds_mana: true}}}
"""


def test_every_card_whose_cost_is_above_its_controllers_mana_and_no_other():
    # cost 2 with 5 mana cards: not above them
    assert finals(dmrules.solve(scenario(COST_ABOVE_MANA_ALL)), "A") == [("battle",)]
    assert finals(
        dmrules.solve(scenario(COST_ABOVE_MANA_ALL.replace("cost: 2, power: 1000", "cost: 6, power: 1000"))), "A"
    ) == [("graveyard",)]


NEO_ALL = """
turn: me
players:
  me:
    battle:
      - {id: X, card: {name: 全体破壊のクリーチャー, type: creature, cost: 5, power: 5000}}
  opponent:
    battle:
      - {id: N, card: {name: ネオのクリーチャー, type: neo_creature, cost: 5, power: 5000}}
      - {id: U, card: {name: 下のクリーチャー, type: creature, cost: 2, power: 1000}, under: N}
effect:
  source: X
  controller: me
  by: ability
  events:
    - {id: e1, destroy: {all: {whose: opponent, type: evolution}}}
"""


def test_every_evolution_creature_takes_a_neo_creature_with_a_card_under_it():
    assert finals(dmrules.solve(scenario(NEO_ALL)), "N", "U") == [("graveyard", "graveyard")]


EVOLUTION_OR_TAMASEED = """
turn: me
players:
  me:
    battle:
      - {id: X, card: {name: 全体破壊のクリーチャー, type: creature, cost: 5, power: 5000}}
  opponent:
    battle:
      - {id: E, card: {name: 進化のクリーチャー, type: evolution_creature, cost: 5, power: 5000}}
      - {id: T, card: {name: タマのシード, type: tamaseed, cost: 2}}
effect:
  source: X
  controller: me
  by: ability
  events:
    - {id: e1, destroy: {choose: {count: 1, whose: opponent, type: [evolution, tamaseed]}}}
"""

EVOLUTION_OR_TAMASEED_ALL = EVOLUTION_OR_TAMASEED.replace(
    "{choose: {count: 1, whose: opponent,", "{all: {whose: opponent,"
)


def test_evolution_among_other_types_is_one_of_them_in_a_choice_and_in_every():
    assert finals(dmrules.solve(scenario(EVOLUTION_OR_TAMASEED)), "E", "T") == [
        ("battle", "graveyard"),
        ("graveyard", "battle"),
    ]
    assert finals(dmrules.solve(scenario(EVOLUTION_OR_TAMASEED_ALL)), "E", "T") == [("graveyard", "graveyard")]


FIVE_CIVILIZATIONS = """
turn: opponent
players:
  me:
    battle:
      - id: R
        card:
          name: 五色の守り手
          type: creature
          civilizations: [light]
          power: 5000
          text: このクリーチャーが破壊される時、バトルゾーンに5文明すべてのカードが揃っていれば、かわりにとどまる。
      - {id: W, card: {name: 水の者, type: creature, civilizations: [water], power: 1000}}
      - {id: K, card: {name: 闇の者, type: creature, civilizations: [darkness], power: 1000}}
      - id: T
        card:
          name: 火の竜/自然の呪文
          sides:
            - {name: 火の竜, type: creature, civilizations: [fire], races: [ドラゴン], cost: 5, power: 5000}
            - {name: 自然の呪文, type: spell, civilizations: [nature], cost: 3}
  opponent:
    battle:
      - {id: X, card: {name: 破壊のクリーチャー, type: creature, civilizations: [fire], cost: 3, power: 1000}}
effect:
  source: X
  controller: opponent
  by: ability
  events:
    - {id: e1, destroy: R}
"""


def test_five_civilizations_count_the_faces_in_the_battle_zone_not_a_twinpacts_spell_side():
    assert finals(dmrules.solve(scenario(FIVE_CIVILIZATIONS)), "R") == [("graveyard",)]


GRANT_FROM_UNDER = """
turn: opponent
players:
  me:
    battle:
      - {id: EV, card: {name: 進化の竜, type: evolution_creature, civilizations: [fire], power: 9000}}
      - {id: OG, card: 黄金龍 鬼丸「王牙」, under: EV, races: [ハンター], civilizations: [fire], cost: 7, power: 12000}
      - {id: H, card: {name: ハンターの戦士, type: creature, races: [ヒューマノイド爆・ハンター], power: 3000}}
  opponent:
    battle:
      - {id: X, card: {name: 破壊のクリーチャー, type: creature, civilizations: [fire], cost: 3, power: 1000}}
effect:
  source: X
  controller: opponent
  by: ability
  events:
    - {id: e1, destroy: H}
"""


def test_a_card_stacked_under_another_gives_nothing():
    # 黄金龍 鬼丸「王牙」 under an evolution creature: its abilities do not work (200.3a), so no エターナル・Ω
    assert finals(dmrules.solve(scenario(GRANT_FROM_UNDER)), "H") == [("graveyard",)]


TRIGGER_PARTNER = """
turn: me
players:
  me:
    battle:
      - id: A
        card:
          name: バトル好き
          type: creature
          cost: 5
          power: 9000
          races: [ヒューマノイド]
          triggers:
            - text: このクリーチャーがドラゴンとバトルする時、カードを1枚引く。
              watch: {event: battle, card: this, partner: {race: ドラゴン}}
  opponent:
    battle:
      - {id: D, card: {name: 竜, type: creature, cost: 5, power: 1000, races: [アーマード・ドラゴン]}}
effect:
  source: A
  controller: me
  by: attack
  events:
    - {id: e1, battle: [A, D]}
"""


def test_a_triggers_battle_partner_filter_reads_its_race_words():
    solution = dmrules.solve(scenario(TRIGGER_PARTNER))
    assert [[(t.card, t.event) for t in r.triggered] for r in solution.resolutions] == [[("A", "e1")]]


CHOSEN_RACE_ALL = """
turn: me
players:
  me:
    battle:
      - {id: X, card: {name: 全体破壊のクリーチャー, type: creature, cost: 5, power: 5000}}
  opponent:
    battle:
      - {id: A, card: {name: 小さいクリーチャー, type: creature, cost: 2, power: 1000}}
    mana: [m1, m2, m3, m4, m5]
effect:
  source: X
  controller: me
  by: ability
  events:
    - {id: e1, destroy: {all: {whose: opponent, type: creature, chosen_race: true}}}
"""


def test_the_race_an_earlier_sentence_chose_is_refused_in_an_effects_events():
    with pytest.raises(dmrules.InputError) as error:
        scenario(CHOSEN_RACE_ALL)
    assert "chosen_race" in error.value.problem


TWINPACT_POWER = """
turn: me
players:
  me:
    hand:
      - {id: S, card: {name: 弱体化と掃討の呪文, type: spell, civilizations: [darkness], cost: 5}}
  opponent:
    battle:
      - {id: N, card: {name: ふつうの竜, type: creature, power: 5000}}
      - id: T
        card:
          name: 火の竜/自然の呪文
          sides:
            - {name: 火の竜, type: creature, civilizations: [fire], races: [ドラゴン], cost: 5, power: 5000}
            - {name: 自然の呪文, type: spell, civilizations: [nature], cost: 3}
effect:
  source: S
  controller: me
  by: spell
  events:
    - {id: e1, power_change: N, amount: -3000}
    - {id: e2, power_change: T, amount: -3000}
  then:
    - events:
        - {id: e3, destroy: {all: {whose: opponent, type: creature, power_max: 2000}}}
"""


def test_a_twinpacts_power_changed_in_an_earlier_window_is_its_power_after_it():
    assert finals(dmrules.solve(scenario(TWINPACT_POWER)), "N", "T") == [("graveyard", "graveyard")]


CONTROLLER_THEN = """
turn: opponent
players:
  me:
    battle:
      - id: R
        card:
          name: 守りの将
          type: creature
          power: 5000
          text: 自分のクリーチャーが破壊される時、このターン、相手のクリーチャーが破壊されていれば、かわりにとどまる。
      - {id: M, card: {name: 守られる兵, type: creature, power: 1000}}
  opponent:
    battle:
      - {id: Z, owner: me, card: {name: 奪われた兵, type: creature, power: 1000}}
    hand:
      - {id: S, card: {name: 二段破壊の呪文, type: spell, civilizations: [darkness], cost: 5}}
effect:
  source: S
  controller: opponent
  by: spell
  events:
    - {id: e1, destroy: Z}
  then:
    - events:
        - {id: e2, destroy: M}
"""


def test_a_past_events_card_is_whose_creature_it_was_then():
    # Z, my card under the opponent's control, was the opponent's creature when it was destroyed: M stays
    assert finals(dmrules.solve(scenario(CONTROLLER_THEN)), "M", "Z") == [("battle", "graveyard")]
