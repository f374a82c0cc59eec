"""Slips a reading of the vocabulary could make, each seen by a scenario answered from the
rules and the printed text (never from the program's output): a bound hit exactly, a negated
filter, an ability outside its zone, an untouchable card offered to an effect's choice, whose
cards a text takes, 「すべて」 and stacked cards, 「他の」 in the filters worked out in Python,
multicoloured, equal counts, the source of an effect, where a trigger works, a weapon that flips,
and a made event replaced again. Each kills a one-line mutant of bench/mutants.py (its name is
in the comment)."""

from __future__ import annotations

import textwrap

import dmrules


def solved(text: str) -> tuple[dmrules.Scenario, dmrules.Solution]:
    scenario = dmrules.scenario_from_text(textwrap.dedent(text), "slip.yaml")
    return scenario, dmrules.solve(scenario)


def outcomes(text: str) -> list:
    """(applications, moved cards) of each resolution of the whole effect, sorted."""
    scenario, solution = solved(text)
    out = []
    for r in solution.resolutions:
        apps = tuple(sorted((a.event, a.replacement.id, a.chosen) for a in r.applied))
        moved = tuple(sorted((c, z) for c, z in r.final.items() if scenario.cards[c].zone != z))
        out.append((apps, moved))
    return sorted(out)


# -- a bound hit exactly (mutants power-max-strict, power-max-strict-python) ----------------------


def test_power_n_or_less_takes_a_creature_of_power_exactly_n() -> None:
    # 「パワー3000以下」 (以下: N or less) chooses the creature of power 3000, not the one of 3001.
    text = """\
        turn: opponent
        players:
          me:
            battle:
              - id: M
                card:
                  name: 身代わりのクリーチャー
                  type: creature
                  power: 5000
                  replacements:
                    - text: このクリーチャーが破壊される時、かわりに自分のパワー3000以下のクリーチャーを1体破壊して
                        もよい。
                      watch: {event: destroy, card: this}
                      instead: [stay, {destroy: {count: 1, whose: own, power_max: 3000}}]
                      optional: true
              - {id: P3000, card: {name: パワー3000, type: creature, power: 3000}}
              - {id: P3001, card: {name: パワー3001, type: creature, power: 3001}}
          opponent:
            hand: [{id: S, card: {name: 破壊の呪文, type: spell}}]
        effect: {source: S, controller: opponent, by: spell, events: [{id: e1, destroy: M}]}
        """
    assert outcomes(text) == [
        ((), (("M", "graveyard"),)),
        ((("e1", "M", ("P3000",)),), (("P3000", "graveyard"),)),
    ]


def test_destroying_all_of_power_n_or_less_takes_power_exactly_n() -> None:
    # 「パワー2000以下の相手のクリーチャーをすべて破壊する」: 2000 is destroyed, 2001 is not.
    text = """\
        turn: me
        players:
          me:
            hand: [{id: S, card: {name: 全体破壊の呪文, type: spell}}]
          opponent:
            battle:
              - {id: P2000, card: {name: パワー2000, type: creature, power: 2000}}
              - {id: P2001, card: {name: パワー2001, type: creature, power: 2001}}
        effect:
          source: S
          controller: me
          by: spell
          events: [{id: e1, destroy: {all: {whose: opponent, type: creature, power_max: 2000}}}]
        """
    assert outcomes(text) == [((), (("P2000", "graveyard"),))]


# -- a negated filter (mutants not-type-ignored, not-type-ignored-python) -------------------------

NOT_CREATURE = """\
    turn: opponent
    players:
      me:
        battle:
          - id: K
            card:
              name: 手札を捨てるクリーチャー
              type: creature
              text: このクリーチャーがバトルゾーンを離れる時、かわりにクリーチャーではないカードを1枚、手札から
                捨ててもよい。
        hand:
          - {id: HC, card: {name: 手札のクリーチャー, type: creature}}
          - {id: HS, card: {name: 手札の呪文, type: spell}}
      opponent:
        hand: [{id: S, card: {name: 破壊の呪文, type: spell}}]
    effect: {source: S, controller: opponent, by: spell, events: [{id: e1, destroy: K}]}
    """


def test_a_card_that_is_not_a_creature_is_the_only_one_that_can_be_discarded() -> None:
    # 「クリーチャーではないカードを1枚」: the spell may be discarded, the creature never.
    assert outcomes(NOT_CREATURE) == [
        ((), (("K", "graveyard"),)),
        ((("e1", "K", ("HS",)),), (("HS", "graveyard"),)),
    ]


def test_a_count_of_cards_that_are_not_creatures_counts_none_of_them() -> None:
    # An ability that needs a card that is not a creature in its controller's hand (a count
    # worked out in Python): with only a creature there, it does not exist for the window.
    text = """\
        turn: opponent
        players:
          me:
            battle:
              - id: Q
                card:
                  name: 条件のクリーチャー
                  type: creature
                  replacements:
                    - watch: {event: destroy, card: this}
                      instead: [{move_to: hand}]
                      if: [{zone: hand, whose: own, not_type: creature}]
            hand: [{id: HC, card: {name: 手札のクリーチャー, type: creature}}]
          opponent:
            hand: [{id: S, card: {name: 破壊の呪文, type: spell}}]
        effect: {source: S, controller: opponent, by: spell, events: [{id: e1, destroy: Q}]}
        """
    assert outcomes(text) == [((), (("Q", "graveyard"),))]
    with_spell = text.replace(
        "hand: [{id: HC, card: {name: 手札のクリーチャー, type: creature}}]",
        "hand: [{id: HC, card: {name: 手札のクリーチャー, type: creature}}, {id: HS, card: {name: 呪文, type: spell}}]",
    )
    assert outcomes(with_spell) == [((("e1", "Q", ()),), (("Q", "hand"),))]


# -- a restriction works only from its zone (mutant restriction-any-zone) -------------------------

RESTRICTION = """\
    turn: opponent
    players:
      me:
        {zone}:
          - id: R
            card:
              name: 守りのクリーチャー
              type: creature
              restrictions:
                - text: 自分のクリーチャーは破壊されない。
                  forbid: {{event: destroy, card: {{whose: own, type: creature}}}}
        battle{more}:
          - {{id: C, card: {{name: 守られるクリーチャー, type: creature}}}}
      opponent:
        hand: [{{id: S, card: {{name: 破壊の呪文, type: spell}}}}]
    effect: {{source: S, controller: opponent, by: spell, events: [{{id: e1, destroy: C}}]}}
    """


def test_a_restriction_in_the_hand_forbids_nothing() -> None:
    # Its ability works in the battle zone (the default): from the hand, C is destroyed.
    assert outcomes(RESTRICTION.format(zone="hand", more="")) == [((), (("C", "graveyard"),))]


def test_a_restriction_in_the_battle_zone_forbids_the_destruction() -> None:
    text = RESTRICTION.format(zone="battle", more="")
    text = text.replace("        battle:\n          - {id: C", "          - {id: C")  # one battle zone
    assert outcomes(text) == [((), ())]


# -- an untouchable card is not offered to an effect's choice (mutant untouchable-choice) -------


def test_an_effects_choice_cannot_take_the_opponents_untouchable_creature() -> None:
    # 「相手のクリーチャーを1体選び、破壊する」: アンタッチャブル cannot be chosen by its opponent,
    # so the one other creature is the choice.
    text = """\
        turn: me
        players:
          me:
            hand: [{id: S, card: {name: 選んで破壊する呪文, type: spell}}]
          opponent:
            battle:
              - {id: U, untouchable: true, card: {name: アンタッチャブルのクリーチャー, type: creature}}
              - {id: V, card: {name: 普通のクリーチャー, type: creature}}
        effect:
          source: S
          controller: me
          by: spell
          events: [{id: e1, destroy: {choose: {count: 1, whose: opponent}}}]
        """
    assert outcomes(text) == [((), (("V", "graveyard"),))]


# -- whose shields (mutant shield-to-hand-any) ------------------------------------------------------


def test_escape_takes_only_its_own_players_shield() -> None:
    # 霊騎ガルテオ's エスケープ: 「自分のシールドを1つ手札に加えて」: s1 (mine), never o1.
    text = """\
        turn: opponent
        players:
          me:
            battle: [{id: GT, card: 霊騎ガルテオ}]
            shields: [s1]
          opponent:
            hand: [{id: S, card: {name: 破壊の呪文, type: spell}}]
            shields: [o1]
        effect: {source: S, controller: opponent, by: spell, events: [{id: e1, destroy: GT}]}
        """
    assert outcomes(text) == [
        ((), (("GT", "graveyard"),)),
        ((("e1", "GT", ("s1",)),), (("s1", "hand"),)),
    ]


# -- 「すべて」 and the cards stacked under others (mutant every-takes-stacked) ----------------------


def test_destroying_all_creatures_makes_no_event_of_a_card_stacked_under_one() -> None:
    # 「相手のクリーチャーをすべて破壊する」: EV and V are the creatures; U, under EV, is no
    # creature of its own (200.3a) and goes with EV.
    scenario, solution = solved(
        """\
        turn: me
        players:
          me:
            hand: [{id: S, card: {name: 全体破壊の呪文, type: spell}}]
          opponent:
            battle:
              - {id: EV, card: {name: 進化クリーチャー, type: evolution_creature}}
              - {id: U, under: EV, card: {name: 進化元, type: creature}}
              - {id: V, card: {name: 普通のクリーチャー, type: creature}}
        effect:
          source: S
          controller: me
          by: spell
          events: [{id: e1, destroy: {all: {whose: opponent, type: creature}}}]
        """
    )
    (resolution,) = solution.resolutions
    assert sorted(e.id for e in resolution.windows[0].events) == ["e1.EV", "e1.V"]
    assert {c: z for c, z in resolution.final.items() if scenario.cards[c].zone != z} == {
        "EV": "graveyard",
        "U": "graveyard",
        "V": "graveyard",
    }


# -- 「他の」 in a grant worked out in Python (mutant other-ignored-python) ------------------------


def test_a_grant_to_the_other_creatures_leaves_out_the_giver() -> None:
    # 「自分の他のクリーチャーはすべて「エターナル・Ω」を得る」: A stays in hand instead of being
    # destroyed (Ω is mandatory); G, the giver, is not among its other creatures.
    text = """\
        turn: opponent
        players:
          me:
            battle:
              - id: G
                card:
                  name: 与えるクリーチャー
                  type: creature
                  text_source: paraphrase
                  note: a grant to the other creatures, for the test
                  replacements:
                    - text: 自分の他のクリーチャーはすべて「エターナル・Ω」を得る。
                      granted_to: {whose: own, other: true, type: creature}
                      watch: {event: leave, card: this}
                      instead: [{move_to: hand}]
              - {id: A, card: {name: 受け取るクリーチャー, type: creature}}
          opponent:
            hand: [{id: S, card: {name: 破壊の呪文, type: spell}}]
        effect: {source: S, controller: opponent, by: spell, events: [{id: e1, destroy: G}, {id: e2, destroy: A}]}
        """
    assert outcomes(text) == [((("e2", "A", ()),), (("A", "hand"), ("G", "graveyard")))]


# -- multicoloured (mutant multicolor-one-civ: game/cards.properties, for the facts and the grants) ---------


MULTICOLOR = """\
    turn: opponent
    players:
      me:
        battle:
          - id: M
            card:
              name: 多色を選ぶクリーチャー
              type: creature
              replacements:
                - watch: {event: destroy, card: this}
                  instead: [stay, {destroy: {count: 1, whose: own, multicolor: true}}]
                  optional: true
          - {id: ONE, card: {name: 単色, type: creature, civilizations: [fire]}}
          - {id: TWO, card: {name: 多色, type: creature, civilizations: [fire, nature]}}
      opponent:
        hand: [{id: S, card: {name: 破壊の呪文, type: spell}}]
    effect: {source: S, controller: opponent, by: spell, events: [{id: e1, destroy: M}]}
    """


def test_a_card_of_one_civilization_is_not_multicoloured() -> None:
    # 「多色」: two civilizations or more; the fire creature is not one.
    assert outcomes(MULTICOLOR) == [
        ((), (("M", "graveyard"),)),
        ((("e1", "M", ("TWO",)),), (("TWO", "graveyard"),)),
    ]


def test_a_count_of_multicoloured_cards_leaves_out_one_civilization() -> None:
    # The same word in a count (worked out in Python): one fire creature is no 多色 creature.
    text = """\
        turn: opponent
        players:
          me:
            battle:
              - id: Q
                card:
                  name: 多色を数えるクリーチャー
                  type: creature
                  civilizations: [light]
                  replacements:
                    - watch: {event: destroy, card: this}
                      instead: [{move_to: hand}]
                      if: [{zone: battle, whose: own, multicolor: true}]
              - {id: ONE, card: {name: 単色, type: creature, civilizations: [fire]}}
          opponent:
            hand: [{id: S, card: {name: 破壊の呪文, type: spell}}]
        effect: {source: S, controller: opponent, by: spell, events: [{id: e1, destroy: Q}]}
        """
    assert outcomes(text) == [((), (("Q", "graveyard"),))]
    two = text.replace("civilizations: [fire]}}", "civilizations: [fire, nature]}}")
    assert outcomes(two) == [((("e1", "Q", ()),), (("Q", "hand"),))]


# -- equal counts (mutant shields-at-least-strict) ------------------------------------------------


def test_as_many_shields_as_the_opponent_is_at_least_as_many() -> None:
    # 電脳王機タコ・ジュランゾ: ホーリー・フィールド(「自分のシールドの数が相手以上であれば」): with
    # one shield each the ability exists, and its 「墓地に置くかわりに自分の手札に戻す」 (mandatory) applies.
    text = """\
        turn: opponent
        players:
          me:
            battle: [{id: TJ, card: 電脳王機タコ・ジュランゾ}]
            shields: [s1]
          opponent:
            hand: [{id: S, card: {name: 破壊の呪文, type: spell}}]
            shields: [o1]
        effect: {source: S, controller: opponent, by: spell, events: [{id: e1, destroy: TJ}]}
        """
    assert outcomes(text) == [((("e1", "TJ", ()),), (("TJ", "hand"),))]
    fewer = text.replace("shields: [s1]", "shields: []")
    assert outcomes(fewer) == [((), (("TJ", "graveyard"),))]


# -- the source of an effect (mutants by-self-any, by-creature-any) -------------------------------

SOURCE = """\
    turn: me
    players:
      me:
        battle:
          - id: W
            card:
              name: 見張るクリーチャー
              type: creature
              replacements:
                - watch: {{event: destroy, card: this, when: [{word}]}}
                  instead: [{{move_to: hand}}]
        hand: [{{id: MS, card: {{name: 自分の呪文, type: spell}}}}]
      opponent:
        hand: [{{id: OS, card: {{name: 相手の呪文, type: spell}}}}]
        battle: [{{id: OC, card: {{name: 相手のクリーチャー, type: creature}}}}]
    effect: {{source: {source}, controller: {controller}, by: {by}, events: [{{id: e1, destroy: W}}]}}
    """


def test_by_own_effects_holds_for_its_controllers_effect_only() -> None:
    # 「自分の効果によって」: my spell's destruction is replaced, the opponent's is not.
    mine = SOURCE.format(word="by_self", source="MS", controller="me", by="spell")
    theirs = SOURCE.format(word="by_self", source="OS", controller="opponent", by="spell")
    assert outcomes(mine) == [((("e1", "W", ()),), (("W", "hand"),))]
    assert outcomes(theirs) == [((), (("W", "graveyard"),))]


def test_by_a_creatures_ability_holds_for_that_source_only() -> None:
    # 「クリーチャーの能力によって」: the opponent's creature's ability, not the opponent's spell.
    creature = SOURCE.format(word="by_creature", source="OC", controller="opponent", by="ability")
    spell = SOURCE.format(word="by_creature", source="OS", controller="opponent", by="spell")
    assert outcomes(creature) == [((("e1", "W", ()),), (("W", "hand"),))]
    assert outcomes(spell) == [((), (("W", "graveyard"),))]


# -- where a trigger works (mutant trigger-any-zone) ----------------------------------------------

TRIGGER = """\
    turn: opponent
    players:
      me:
        {zone}:
          - id: T
            card:
              name: 見送るクリーチャー
              type: creature
              triggers:
                - text: 自分の他のクリーチャーが破壊された時、カードを1枚引く。
                  watch: {{event: destroy, card: {{whose: own, other: true, type: creature}}}}
        battle{more}:
          - {{id: C, card: {{name: 破壊されるクリーチャー, type: creature}}}}
      opponent:
        hand: [{{id: S, card: {{name: 破壊の呪文, type: spell}}}}]
    effect: {{source: S, controller: opponent, by: spell, events: [{{id: e1, destroy: C}}]}}
    """


def test_a_triggered_ability_of_the_battle_zone_does_not_trigger_from_the_hand() -> None:
    _, in_hand = solved(TRIGGER.format(zone="hand", more=""))
    (resolution,) = in_hand.resolutions
    assert resolution.triggered == ()
    battle = TRIGGER.format(zone="battle", more="").replace("        battle:\n          - {id: C", "          - {id: C")
    _, in_battle = solved(battle)
    (resolution,) = in_battle.resolutions
    assert [t.card for t in resolution.triggered] == ["T"]


# -- a weapon that flips (mutant flipped-weapon-returns) ---------------------------------------------


def test_a_weapon_that_flips_as_its_creature_leaves_stays_a_creature() -> None:
    # The creature C is destroyed while its weapon W flips to its creature side (its own
    # replacement of the break): a flipped dragheart is a creature in the battle zone, no longer
    # a weapon of C, so it does not go back to the hyperspatial zone with C's leaving.
    text = """\
        turn: opponent
        players:
          me:
            battle:
              - {id: C, card: {name: 装備されるクリーチャー, type: creature}}
              - id: W
                equipped_to: C
                card:
                  name: 裏返るウエポン
                  type: dragheart_weapon
                  flips_to: 裏側のクリーチャー
                  replacements:
                    - text: 自分のシールドがブレイクされる時、かわりにこのドラグハートをクリーチャー側に裏返す。
                      watch: {event: break, card: {whose: own}}
                      instead: [stay, flip_this]
            shields: [s1]
          opponent:
            battle: [{id: X, card: {name: 攻めるクリーチャー, type: creature}}]
        effect: {source: X, controller: opponent, by: ability, events: [{id: e1, destroy: C}, {id: e2, break: s1}]}
        """
    scenario, solution = solved(text)
    (resolution,) = solution.resolutions
    assert [(a.event, a.replacement.id) for a in resolution.applied] == [("e2", "W")]
    assert resolution.flipped == ("W",)
    assert resolution.final["W"] == "battle" and resolution.final["C"] == "graveyard"


# -- a made event replaced again (mutant chaining-allowed) -------------------------------------------


def test_a_draw_made_instead_is_not_drawn_for_again_and_why_not_names_101_5() -> None:
    # Two 「自分がカードを引く時、かわりにカードを2枚引いてもよい」 and one draw: either applies, or
    # neither; the two cards drawn instead are events a replacement made, which no replacement
    # replaces again (101.5). So a third card is never drawn, and why-not says which rule stands
    # in the way (the solve does not even offer the chain; the explanation must still name it).
    text = "自分がカードを引く時、かわりにカードを2枚引いてもよい。"
    doublers = "\n".join(
        f'      - {{id: D{i}, card: {{name: ドロー{i}, type: creature, text: "{text}"}}}}' for i in (1, 2)
    )
    scenario = (
        f"turn: me\nplayers:\n  me:\n    battle:\n{doublers}\n    deck: [d1, d2, d3, d4]\n  opponent: {{}}\n"
        "effect:\n  controller: me\n  by: ability\n  events:\n    - {id: e1, draw: me}\n"
    )
    drawn = sorted(sorted(c for c, z in r.final.items() if z == "hand") for r in dmrules.solve(scenario).resolutions)
    assert drawn == [["d1"], ["d1", "d2"], ["d1", "d2"]]
    check = dmrules.check(scenario, "d3=hand")
    assert not check.legal and check.rules == ("101.5",)
