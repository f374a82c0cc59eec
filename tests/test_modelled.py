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


# -- use_ability: the ability a サイレントスキル uses, as its follow-up steps ---------------------------

SILENT = """
turn: me
players:
  me:
    battle:
      - {id: S, card: CARD, tapped: true}
  opponent:
    battle:
      - {id: o1, card: {name: 相手のクリーチャー, type: creature, power: 1000, cost: 1}}
      - {id: o2, card: {name: 相手のクリーチャー, type: creature, power: 5000, cost: 1}}
effect: {controller: me, by: rule, events: [{id: e1, untap: S}]}
"""


def test_the_ability_used_instead_may_destroy_every_creature_of_power_3000_or_less():
    """マインロード・ワイバーン: 「サイレントスキル(…) / パワー3000以下のクリーチャーをすべて破壊する。」: it
    untaps, or it stays tapped and destroys o1 (1000) and itself (the list gives it power 3000), not o2
    (5000)."""
    solution = dmrules.solve(scenario(SILENT.replace("CARD", "マインロード・ワイバーン")))
    assert finals(solution, "S", "o1", "o2") == [("battle", "battle", "battle"), ("graveyard", "graveyard", "battle")]
    assert bundled().find("マインロード・ワイバーン").power == 3000


def test_the_opponent_chooses_which_of_its_creatures_the_ability_used_instead_destroys():
    """冷徹のソーダライト: 「…/ 相手は自分自身のクリーチャーを1体選び、破壊する。」: the opponent chooses."""
    solution = dmrules.solve(scenario(SILENT.replace("CARD", "冷徹のソーダライト")))
    assert finals(solution, "o1", "o2") == [("battle", "battle"), ("battle", "graveyard"), ("graveyard", "battle")]
    chosen = {e.chosen_by for r in solution.resolutions for w in r.windows for e in w.events if e.chosen_by}
    assert chosen == {"opponent"}


def test_a_silent_skill_whose_ability_is_not_read_is_refused_by_name():
    """粛清者リンダホフ's ability taps (「2体まで選び、タップする」), which no event of the vocabulary is."""
    problem = refused(SILENT.replace("CARD", "粛清者リンダホフ"))
    assert "粛清者リンダホフ" in problem and "'use_ability' (サイレントスキル) without the events" in problem


def test_an_ability_used_instead_that_lasts_for_the_turn_is_one_step_of_no_event():
    card = bundled().find("宣凶師バレイド")
    [ability] = card.replacements
    assert [a.kind for a in ability.instead] == ["use_ability"] and [s.events for s in ability.then] == [()]
    inline = SILENT.replace("CARD", "{name: 宣凶師バレイド, text: " + repr(card.text) + "}")
    solution = dmrules.solve(scenario(inline))
    assert sorted(len(r.applied) for r in solution.resolutions) == [0, 1]


# -- the keyword filter (「「K」を持つ」) and keywords a grant gives ---------------------------------------

M05 = (FIXTURES / "M05-keyword-granted-blood-blockers.yaml").read_text(encoding="utf-8")


def _with_opponent_card(card: str) -> str:
    text = M05.replace(
        "      - {id: BG, card: うごめく者ボーン・グール}\n",
        f"      - {{id: BG, card: うごめく者ボーン・グール}}\n{card}",
    )
    assert text != M05
    return text[: text.index("expect:")]


def test_a_card_that_gives_the_keyword_read_in_a_way_the_solver_does_not_read_is_refused_by_name():
    """滅罪の使徒レミーラ: 「バトルゾーンにある自分の水と自然のクリーチャーは「ブロッカー」を得る。」: which of the
    opponent's creatures are blockers, the solver does not know."""
    problem = refused(_with_opponent_card("      - {id: RM, card: 滅罪の使徒レミーラ}\n"))
    assert "滅罪の使徒レミーラ" in problem and "its text gives 「ブロッカー」" in problem


def test_a_card_of_a_keyword_that_contains_the_one_read_is_refused_by_name():
    """光器サーシャ has 「ドラゴン・ブロッカー」: whether it is a 「ブロッカー」 is not said."""
    text = _with_opponent_card("      - {id: SA, card: 光器サーシャ}\n")
    assert "光器サーシャ" in refused(text) and "ドラゴン・ブロッカー" in refused(text)
    stated = text.replace("card: 光器サーシャ}", "card: 光器サーシャ, keywords: [ブロッカー]}")
    solution = dmrules.solve(scenario(stated))
    assert sorted(k for r in solution.resolutions for k, v in r.final.items() if v == "graveyard") == ["NJ", "SA", "ST"]


def test_a_keyword_counted_by_a_condition():
    """リバイバル・ソルジャー's ウェーブストライカー (「バトルゾーンに「ウェーブストライカー」を持つクリーチャーが他に
    2体以上あれば」) gives it 「このクリーチャーが破壊される時、墓地に置くかわりに自分の手札に戻す。」."""
    text = """
turn: opponent
players:
  me:
    battle:
      - {id: RS, card: リバイバル・ソルジャー}
      - {id: W1, card: アクア・トリックスター}
      - {id: W2, card: OTHER}
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: RS}]}
"""
    [both] = dmrules.solve(scenario(text.replace("OTHER", "アラーム・ラディッシュ"))).resolutions
    [one] = dmrules.solve(scenario(text.replace("OTHER", "うごめく者ボーン・グール"))).resolutions
    assert (both.final["RS"], one.final["RS"]) == ("hand", "graveyard")


def test_souls_no_card_list_gives_are_stated_by_the_scenario():
    """獅子舞妖精ミエゾウ: 「自分の他の(W・ソウル)クリーチャーが破壊される時、墓地に置くかわりに自分のマナゾーンに
    置く。」; no card list gives a card's souls: refused until the scenario states them (as keywords)."""
    text = """
turn: opponent
players:
  me:
    battle:
      - {id: MZ, card: 獅子舞妖精ミエゾウKMZ}
      - {id: W, card: うごめく者ボーン・グールKW}
      - {id: N, card: お宝猫ニャンジローKN}
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: W}, {id: e2, destroy: N}]}
"""
    problem = refused(text.replace("KMZ", "").replace("KW", "").replace("KN", ""))
    assert "souls" in problem and "give keywords on the card" in problem
    stated = (
        text.replace("KMZ", ", keywords: []").replace("KW", ", keywords: [W・ソウル]").replace("KN", ", keywords: []")
    )
    [resolution] = dmrules.solve(scenario(stated)).resolutions
    assert (resolution.final["W"], resolution.final["N"]) == ("mana", "graveyard")


# -- face-up cards outside the shield zone -----------------------------------------------------------

M06 = (FIXTURES / "M06-face-up-crymax-jaouga-cross-gear.yaml").read_text(encoding="utf-8")


def test_a_card_put_face_down_in_the_battle_zone_is_no_face_up_card():
    text = M06.replace(
        "{id: QP, card: クイーン・オブ・プロテクション}",
        "{id: QP, card: クイーン・オブ・プロテクション, face_down: true}",
    )
    [resolution] = dmrules.solve(scenario(text)).resolutions
    assert resolution.final["J"] == "graveyard" and not resolution.applied


def test_face_down_is_for_the_battle_and_mana_zones():
    text = M06.replace("players:\n  me:\n", "players:\n  me:\n    hand: [{id: h1, face_down: true}]\n")
    assert "'face_down' is for a card of the battle or mana zone" in refused(text)


def test_a_face_up_card_chosen_from_the_hand_is_refused_by_name():
    text = """
turn: opponent
players:
  me:
    battle:
      - id: F
        card:
          name: 手札の表向きのカードを捨てるクリーチャー
          type: creature
          replacements:
            - watch: {event: destroy, card: this}
              instead: [stay, {discard: {count: 1, face_up: true}}]
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: F}]}
"""
    problem = refused(text)
    assert (
        "手札の表向きのカードを捨てるクリーチャー" in problem
        and "a face-up or face-down card chosen from the hand" in problem
    )
