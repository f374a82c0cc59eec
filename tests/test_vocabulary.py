"""The vocabulary added for printed texts changes the legal resolutions as the printed text says.

Each scenario gives real cards by their printed text (tests/cards/printed.tsv),
so the compiler reads them; each expectation is written from the text and the
rules, and would be wrong if the vocabulary item were dropped.
"""

from __future__ import annotations

import dmrules

from .conftest import scenario

ROPPO = (
    "セイバー：フェニックスまたはドラゴン"
    "(自分のフェニックスまたはドラゴン1体が破壊される時、このクリーチャーをかわりに破壊してもよい)"
)
CUTIE = "名前に《NEX》とある自分のクリーチャーが破壊される時、そのクリーチャーを墓地に置くかわりに手札に戻す。"
SHUBIL = (
    "セイバー：パワー6000以上"
    "(自分のパワー6000以上のクリーチャー1体が破壊される時、このクリーチャーをかわりに破壊してもよい)"
)
EVERLAST = (
    "マナ武装 5：自分のクリーチャーが離れる時、自分のマナゾーンに光のカードが5枚以上あれば、"
    "かわりに自分のシールドを2つ手札に加えてもよい。その「S・トリガー」は使えない。"
)


def finals(text: str) -> list[tuple]:
    """Each resolution's cards that moved, with where they end."""
    scenario = dmrules.scenario_from_text(text, "vocabulary.yaml")
    solution = dmrules.solve(scenario)
    assert solution.complete
    start = {card_id: card.zone for card_id, card in scenario.cards.items()}
    return sorted(tuple(sorted((k, v) for k, v in r.final.items() if start[k] != v)) for r in solution.resolutions)


def test_a_saver_for_a_phoenix_or_a_dragon_watches_both():
    # 「フェニックスまたはドラゴン」 is any of the two: each may be saved; the beast may not.
    text = f"""
turn: me
players:
  me:
    battle:
      - {{id: R, card: {{name: ロッポ・ロッポ, text: "{ROPPO}"}}, races: [ファイアー・バード]}}
      - {{id: P, card: {{name: 不死鳥, type: creature}}, races: [フェニックス]}}
      - {{id: D, card: {{name: 竜, type: creature}}, races: [アーマード・ドラゴン]}}
      - {{id: B, card: {{name: 獣, type: creature}}, races: [ビーストフォーク]}}
  opponent: {{}}
effect: {{controller: opponent, events: [{{destroy: P}}, {{destroy: D}}, {{destroy: B}}]}}
"""
    gone = (("B", "graveyard"),)
    assert finals(text) == sorted(
        [
            (("B", "graveyard"), ("D", "graveyard"), ("P", "graveyard")),
            (("B", "graveyard"), ("D", "graveyard"), ("R", "graveyard")),
            (("B", "graveyard"), ("P", "graveyard"), ("R", "graveyard")),
        ]
    )
    assert all(gone[0] in f for f in finals(text))


def test_a_name_part_picks_the_cards_with_it_in_their_name():
    # 「名前に《NEX》とある」: 神羅サンシャイン・NEX returns to hand; a card without NEX is destroyed.
    text = f"""
turn: me
players:
  me:
    battle:
      - {{id: C, card: {{name: キューティー・ルピア, text: "{CUTIE}"}}}}
      - {{id: N, card: {{name: 神羅サンシャイン・NEX, type: creature}}}}
      - {{id: O, card: {{name: 別のクリーチャー, type: creature}}}}
  opponent: {{}}
effect: {{controller: opponent, events: [{{destroy: N}}, {{destroy: O}}]}}
"""
    assert finals(text) == [(("N", "hand"), ("O", "graveyard"))]


def test_a_power_bound_picks_the_strong_creatures():
    # 「パワー6000以上」: the 6000 creature may be saved, the 5000 one may not.
    text = f"""
turn: me
players:
  me:
    battle:
      - {{id: S, card: {{name: 剛力防機シュビルパンチ, text: "{SHUBIL}"}}, power: 3000}}
      - {{id: H, card: {{name: 強いクリーチャー, type: creature}}, power: 6000}}
      - {{id: L, card: {{name: 弱いクリーチャー, type: creature}}, power: 5000}}
  opponent: {{}}
effect: {{controller: opponent, events: [{{destroy: H}}, {{destroy: L}}]}}
"""
    assert finals(text) == sorted(
        [
            (("H", "graveyard"), ("L", "graveyard")),
            (("L", "graveyard"), ("S", "graveyard")),
        ]
    )


def test_a_condition_on_the_mana_zone_is_checked_in_the_state_before():
    # マナ武装 5: with 5 light cards in mana it may apply; with 4 it cannot.
    def scenario(light: int) -> str:
        mana = ", ".join(
            f"{{id: m{i}, card: {{name: 光のカード{i}, type: spell, civilizations: [light]}}}}" for i in range(light)
        )
        return f"""
turn: me
players:
  me:
    battle:
      - {{id: E, card: {{name: 天V王 エバーラスト, text: "{EVERLAST}", civilizations: [light]}}}}
    mana: [{mana}, {{id: w, card: {{name: 水のカード, type: spell, civilizations: [water]}}}}]
    shields: [s1, s2]
  opponent: {{}}
effect: {{controller: opponent, events: [{{destroy: E}}]}}
"""

    assert finals(scenario(5)) == sorted(
        [
            (("E", "graveyard"),),
            (("s1", "hand"), ("s2", "hand")),
        ]
    )
    assert finals(scenario(4)) == [(("E", "graveyard"),)]


GODDAMA = (
    "各ターンに1度、自分のクリーチャーが破壊される時、かわりにカードを3枚、自分の墓地から好きな順序で"
    "山札の下に置いてもよい。"
)


def _goddama(flags: str = "", chained: bool = False) -> str:
    events = (
        "  events:\n    - {id: e1, destroy: A}\n  then:\n    - events: [{id: e2, destroy: B}]\n"
        if chained
        else "  events:\n    - {id: e1, destroy: A}\n    - {id: e2, destroy: B}\n"
    )
    return (
        f"turn: opponent\nplayers:\n  me:\n    battle:\n"
        f'      - {{id: GR, card: {{name: 各ターンに1度の守り手, type: creature, text: "{GODDAMA}"}}{flags}}}\n'
        "      - {id: A, card: {name: クリーチャーA, type: creature}}\n"
        "      - {id: B, card: {name: クリーチャーB, type: creature}}\n"
        "    graveyard: [g1, g2, g3, g4, g5, g6]\n  opponent: {}\n"
        f"effect:\n  controller: opponent\n{events}"
    )


def test_once_per_turn_holds_across_the_windows_of_an_effect_and_from_the_scenario():
    # 「各ターンに1度」: destroyed one after the other (two windows), A or B may be kept, never both.
    # Keeping A: 3 of the 6 graveyard cards (20 ways), then B is destroyed. Declining: A is in the
    # graveyard when B is destroyed, so B is kept with 3 of 7 cards (35 ways), or not (1).
    kept = [
        tuple(sorted(c for c in ("A", "B") if r.final[c] == "battle"))
        for r in dmrules.solve(scenario(_goddama(chained=True))).resolutions
    ]
    assert sorted(set(kept)) == [(), ("A",), ("B",)]
    assert (kept.count(("A",)), kept.count(("B",)), kept.count(())) == (20, 35, 1)
    # Used earlier this turn (the scenario says so): it does not apply at all.
    used = dmrules.solve(scenario(_goddama(flags=", flags: [used_this_turn]")))
    assert [r.applied for r in used.resolutions] == [()]
    # At once, without the limit's mark, as the fixture T06-…-goddama-once-per-turn: 41 as well.
    assert len(dmrules.solve(scenario(_goddama())).resolutions) == 41


TWO_GUARDS = (
    "各ターンに1度、自分のクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。 / "
    "各ターンに1度、自分のクリーチャーが手札に戻される時、かわりに自分のシールドを1つ手札に加えてもよい。"
)


def _two_guards(then: str, flags: str = "", ruleset: str = "dm") -> str:
    return (
        f"ruleset: {ruleset}\nturn: opponent\nplayers:\n  me:\n    battle:\n"
        f'      - {{id: G, card: {{name: 二つの守り, type: creature, power: 3000, text: "{TWO_GUARDS}"}}{flags}}}\n'
        "      - {id: B, card: {name: クリーチャーB, type: creature, power: 1000}}\n"
        "      - {id: C, card: {name: クリーチャーC, type: creature, power: 1000}}\n"
        "      - {id: D, card: {name: クリーチャーD, type: creature, power: 1000}}\n"
        "    hand: [h1]\n    shields: [s1]\n  opponent: {}\n"
        "effect:\n  controller: opponent\n  by: spell\n  events:\n    - {id: e1, destroy: B}\n"
        f"  then:\n    - events: [{then}]\n"
    )


def _applied(text: str) -> list[tuple[tuple[str, str], ...]]:
    """Each resolution's applications: (replacement, event), in order."""
    solution = dmrules.solve(scenario(text))
    assert solution.complete
    return sorted(tuple((a.replacement.id, a.event) for a in r.applied) for r in solution.resolutions)


def test_each_once_per_turn_ability_of_a_card_has_its_own_limit_across_the_windows():
    # Ability 1 used on B's destruction (step 1) leaves ability 2 unused: C's return (step 2) may
    # still be replaced, as when both events happen at once. Each ruleset carries the limit alike.
    for ruleset in ("dm", "sequential", "dmps"):
        assert _applied(_two_guards("{id: e2, return_to_hand: C}", ruleset=ruleset)) == [
            (),
            (("G#1", "e1"),),
            (("G#1", "e1"), ("G#2", "e2")),
            (("G#2", "e2"),),
        ]
    # Ability 1's own limit holds: used in step 1, it does not apply to D's destruction in step 2.
    assert _applied(_two_guards("{id: e2, return_to_hand: C}, {id: e3, destroy: D}")) == [
        (),
        (("G#1", "e1"),),
        (("G#1", "e1"), ("G#2", "e2")),
        (("G#1", "e3"),),
        (("G#2", "e2"),),
        (("G#2", "e2"), ("G#1", "e3")),
    ]
    # The scenario's flag says every such ability of the card was used this turn.
    assert _applied(_two_guards("{id: e2, return_to_hand: C}", flags=", flags: [used_this_turn]")) == [()]


GIVEN_ONCE = """
turn: opponent
players:
  me:
    battle:
      - id: K
        card:
          name: 守りを与える場
          type: field
          replacements:
            - granted_to: {whose: own, type: creature}
              watch: {event: destroy, card: this}
              instead: [stay, {discard: 1}]
              optional: true
              once_per_turn: true
      - {id: G, card: {name: 守り, type: creature, text: "TEXT"}}
      - {id: C, card: {name: クリーチャーC, type: creature}}
    hand: [h1]
    shields: [s1]
  opponent: {}
effect:
  controller: opponent
  events:
    - {id: e1, destroy: G}
  then:
    - events: [{id: e2, return_to_hand: C}, {id: e3, destroy: G}]
"""


def test_a_given_once_per_turn_ability_and_a_printed_one_have_each_their_limit():
    # The copy K gives G (G#2), used on G's destruction (step 1), does not use G's printed ability (G#1, on C's
    # return in step 2), nor applies again to G's second destruction. Not kept in step 1, G is gone by step 2.
    text = GIVEN_ONCE.replace("TEXT", TWO_GUARDS.split(" / ")[1])
    assert _applied(text) == [(), (("G#2", "e1"),), (("G#2", "e1"), ("G#1", "e2"))]


OUGA = (
    "バトルゾーンにある自分のハンターとエイリアンはすべて「エターナル・Ω」を得る。(「エターナル・Ω」を得た"
    "クリーチャーがバトルゾーンを離れる時、かわりに手札に戻す)"
)
LABERIZ = (
    "自分が唱える呪文はすべて「サイクロン」を得る。(「サイクロン」を持つ呪文を唱える直前にクリーチャーを召喚して"
    "いれば、その呪文を唱えた後、墓地に置くかわりに自分の手札に戻す)"
)


def _ouga(events: str, giver_zone: str = "battle") -> str:
    giver = f'      - {{id: OG, card: {{name: 王牙, type: creature, races: [ドラゴン], text: "{OUGA}"}}}}\n'
    return (
        "turn: opponent\nplayers:\n  me:\n    battle:\n"
        + (giver if giver_zone == "battle" else "")
        + "      - {id: H, card: {name: ハンター, type: creature, races: [ハンター]}}\n"
        "      - {id: A, card: {name: エイリアン, type: creature, races: [エイリアン]}}\n"
        "      - {id: X, card: {name: ドラゴン, type: creature, races: [ドラゴン]}}\n"
        + ("    hand:\n" + giver if giver_zone == "hand" else "")
        + "  opponent:\n    battle:\n"
        + "      - {id: OH, card: {name: 相手のハンター, type: creature, races: [ハンター]}}\n"
        f"effect:\n  controller: opponent\n{events}"
    )


def test_an_ability_given_by_a_card_in_play_is_its_receivers_while_the_giver_is_there():
    at_once = "  events:\n" + "".join(f"    - {{id: e{i}, destroy: {c}}}\n" for i, c in enumerate("HAXO", 1))
    at_once = at_once.replace("destroy: O}", "destroy: OH}")
    (r,) = dmrules.solve(scenario(_ouga(at_once))).resolutions
    # My hunter and my alien go to my hand instead (mandatory); my dragon and the opponent's hunter do not.
    assert {c: z for c, z in r.final.items() if c in ("H", "A", "X", "OH")} == {
        "H": "hand",
        "A": "hand",
        "X": "graveyard",
        "OH": "graveyard",
    }
    assert sorted(a.replacement.id for a in r.applied) == ["A", "H"]
    # The giver in my hand gives nothing.
    (r,) = dmrules.solve(scenario(_ouga(at_once, giver_zone="hand"))).resolutions
    assert r.final["H"] == "graveyard" and r.applied == ()
    # Destroyed with H at once, the giver still gives for that window (decided on the state
    # before it, 609.9a); destroyed first, it gives nothing to the H destroyed after it.
    both = "  events:\n    - {id: e1, destroy: OG}\n    - {id: e2, destroy: H}\n"
    (r,) = dmrules.solve(scenario(_ouga(both))).resolutions
    assert r.final["H"] == "hand"
    chained = "  events:\n    - {id: e1, destroy: OG}\n  then:\n    - events: [{id: e2, destroy: H}]\n"
    (r,) = dmrules.solve(scenario(_ouga(chained))).resolutions
    assert r.final["H"] == "graveyard" and r.final["OG"] == "graveyard"


def test_a_spell_i_cast_gets_the_cyclone_my_creature_gives():
    text = (
        "turn: me\nplayers:\n  me:\n    this_turn: [summoned_just_before_cast]\n    battle:\n"
        f'      - {{id: LB, card: {{name: ラベリーズ, type: creature, text: "{LABERIZ}"}}}}\n'
        "    hand:\n      - {id: SP, card: {name: ただの呪文, type: spell}}\n  opponent: {}\n"
        "effect:\n  source: SP\n  controller: me\n  by: spell\n  events:\n    - {id: e1, spell_to_graveyard: SP}\n"
    )
    (r,) = dmrules.solve(scenario(text)).resolutions
    assert r.final["SP"] == "hand" and [a.replacement.id for a in r.applied] == ["SP"]
    # Without a creature summoned just before, the spell goes to the graveyard.
    (r,) = dmrules.solve(scenario(text.replace("[summoned_just_before_cast]", "[]"))).resolutions
    assert r.final["SP"] == "graveyard" and r.applied == ()
