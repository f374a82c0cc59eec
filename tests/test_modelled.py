"""What the solver models of the card-text compiler's vocabulary (fixtures V01-V08), and the near
variants it still refuses by name."""

from __future__ import annotations

from dataclasses import replace

import pytest

import dmrules
from dmrules.game.cards import CardInstance
from dmrules.game.filters import Condition, Filter
from dmrules.game.grants import count_holds
from dmrules.reading.carddb import bundled
from dmrules.reading.cardtext.compiler import compile_text
from dmrules.reading.scenario import load_scenario
from dmrules.solving.engine import advance

from .conftest import FIXTURES, scenario


def finals(solution, *cards: str) -> list[tuple[str, ...]]:
    return sorted(tuple(r.final[c] for c in cards) for r in solution.resolutions)


def refused(text: str) -> str:
    with pytest.raises(dmrules.InputError) as error:
        scenario(text)
    return error.value.problem


def refused_solving(text: str) -> str:
    """The problem a scenario read whole is refused for when solved (what the encodings do not model)."""
    with pytest.raises(dmrules.InputError) as error:
        dmrules.solve(scenario(text))
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
    base = load_scenario(FIXTURES / "V01-one-of-l-gate-yurin.yaml")
    assert len(dmrules.solve(replace(base, ruleset="sequential")).resolutions) == 4


def test_the_l_gate_given_by_its_printed_text_solves_as_the_bundled_card():
    """V01 with 三途渡しのユーリン given inline by its printed text (compiled to a one_of) instead of by name."""
    path = FIXTURES / "V01-one-of-l-gate-yurin.yaml"
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


def test_the_ability_used_instead_may_have_a_step_done_only_if_the_one_before_was():
    """トリック・クラッカー: 「…/ 自分の手札を1枚選び、裏向きにして自分のシールドに加えてもよい。そうした場合、自分の
    シールドを1枚選び、自分の手札に加える。」: it untaps; or it stays tapped and puts no card (then nothing
    follows); or h1 goes to the shields, and then h1 or s1 comes back to the hand."""
    text = """
turn: me
players:
  me:
    battle:
      - {id: TC, card: トリック・クラッカー, tapped: true}
    hand: [h1]
    shields: [s1]
  opponent: {}
effect: {controller: me, by: rule, events: [{id: e1, untap: TC}]}
"""
    solution = dmrules.solve(scenario(text))
    assert sorted((len(r.applied), r.final["h1"], r.final["s1"]) for r in solution.resolutions) == [
        (0, "hand", "shields"),
        (1, "hand", "shields"),
        (1, "hand", "shields"),
        (1, "shields", "hand"),
    ]
    windows = sorted(len(r.windows) for r in solution.resolutions)
    assert windows == [1, 2, 3, 3]  # no card put: the 「そうした場合」 step opens no window


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

V05 = (FIXTURES / "V05-keyword-granted-blood-blockers.yaml").read_text(encoding="utf-8")


def _with_opponent_card(card: str) -> str:
    text = V05.replace(
        "      - {id: BG, card: うごめく者ボーン・グール}\n",
        f"      - {{id: BG, card: うごめく者ボーン・グール}}\n{card}",
    )
    assert text != V05
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

V06 = (FIXTURES / "V06-face-up-crymax-jaouga-cross-gear.yaml").read_text(encoding="utf-8")


def test_a_card_put_face_down_in_the_battle_zone_is_no_face_up_card():
    text = V06.replace(
        "{id: QP, card: クイーン・オブ・プロテクション}",
        "{id: QP, card: クイーン・オブ・プロテクション, face_down: true}",
    )
    [resolution] = dmrules.solve(scenario(text)).resolutions
    assert resolution.final["J"] == "graveyard" and not resolution.applied


def test_face_down_is_for_the_battle_and_mana_zones():
    text = V06.replace("players:\n  me:\n", "players:\n  me:\n    hand: [{id: h1, face_down: true}]\n")
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


# -- grants: each card a grant names has the ability while the giver is where it works --------------

V07 = (FIXTURES / "V07-grant-laberys-cyclone.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "change",
    [
        (
            "    battle:\n      - {id: LB, card: 封魔ラベリーズ}\n",
            "    mana:\n      - {id: LB, card: 封魔ラベリーズ}\n",
        ),
        ("  opponent: {}\n", "  opponent:\n    battle: [{id: LO, card: 封魔ラベリーズ}]\n"),
        ("    this_turn: [summoned_just_before_cast]\n", ""),
    ],
    ids=["giver-in-the-mana-zone", "the-opponents-giver-only", "no-summon-just-before"],
)
def test_the_granted_cyclone_works_only_as_the_grant_and_its_condition_say(change):
    text = V07[: V07.index("expect:")]
    if change[1].startswith("  opponent:"):
        text = text.replace("    battle:\n      - {id: LB, card: 封魔ラベリーズ}\n", "")
    text = text.replace(*change)
    assert text != V07[: V07.index("expect:")]
    [resolution] = dmrules.solve(scenario(text)).resolutions
    assert resolution.final["SG"] == "graveyard" and not resolution.applied


GRANTED_SAVER = """
turn: opponent
players:
  me:
    battle:
      - {id: C, card: うごめく者ボーン・グール}
      - {id: SP, card: {name: 与える呪文の使い手, type: creature, cost: 1, power: 1000}}
    shields: [s1]
  opponent: {}
replacement_effects:
  - id: saver
    source: SP
    controller: me
    duration: this_turn
    text: このターン、自分のクリーチャーはすべて「シールド・セイバー」を得る。
    granted_to: {whose: own, type: creature}
    keyword: シールド・セイバー
    watch: {event: break, card: {whose: own}}
    instead: [destroy_this]
    optional: true
effect: {controller: opponent, by: attack, events: [{id: e1, break: s1}]}
"""


def test_a_grant_an_effect_in_play_makes_gives_each_card_it_names_the_ability():
    """「このターン、自分のクリーチャーはすべて「シールド・セイバー」を得る」 (an effect in play): each of my
    creatures may be destroyed instead of the break, once (609.9b); the effect is no saver itself."""
    solution = dmrules.solve(scenario(GRANTED_SAVER))
    assert finals(solution, "s1", "C", "SP") == [
        ("hand", "battle", "battle"),
        ("shields", "battle", "graveyard"),
        ("shields", "graveyard", "battle"),
    ]


_ENTER_THEN_DESTROY = (
    "  events: [{id: e1, put_into_battle: N}]\n  then: [{events: [{id: e2, destroy: N}, {id: e3, destroy: A}]}]"
)
GRANT_THEN_ENTER = """
turn: me
players:
  me:
    battle:
      - {id: A, card: {name: 元からいるクリーチャー, type: creature}}
    hand:
      - {id: N, card: {name: 後から出るクリーチャー, type: creature}}
      - {id: S, card: {name: 付与の呪文, type: spell}}
  opponent: {}
replacement_effects:
  - id: G1
    source: S
    controller: me
    duration: this_turn
    text: このターン、自分のクリーチャーはすべて「エターナル・Ω」を得る。
    keyword: エターナル・Ω
    granted_to: {whose: own, type: creature}
    watch: {event: leave, card: this}
    instead: [{move_to: hand}]
effect:
  controller: me
  by: ability
  events: [{id: e1, put_into_battle: N}]
  then: [{events: [{id: e2, destroy: N}, {id: e3, destroy: A}]}]
"""


def test_a_grant_an_effect_made_reaches_no_card_put_into_the_battle_zone_after_it():
    """An effect that gives the creatures in play an ability changes their characteristics as it resolves: a
    creature put into the battle zone after it gets none (公式Q&A, 《罪無 スピンナ極》's -3000). A, there as the
    scenario begins, returns to the hand; N, put there in the first window, is destroyed."""
    solution = dmrules.solve(scenario(GRANT_THEN_ENTER))
    assert finals(solution, "A", "N") == [("hand", "graveyard")]


def test_a_receiver_that_left_and_came_back_is_a_new_card_without_the_grant():
    """A, returned to the hand and put back into the battle zone, is a new card: destroyed, it goes to the
    graveyard, not to the mana zone the grant's ability says."""
    text = GRANT_THEN_ENTER.replace(
        _ENTER_THEN_DESTROY,
        "  events: [{id: e1, return_to_hand: A}]\n"
        "  then: [{events: [{id: e2, put_into_battle: A}]}, {events: [{id: e3, destroy: A}]}]",
    )
    assert finals(dmrules.solve(scenario(text)), "A") == [("graveyard",)]


def test_a_receiver_whose_characteristics_change_keeps_the_grant():
    """「パワー3000以下のクリーチャーはすべて…」: A, 1000 as the effect resolved, keeps the ability after +5000."""
    text = (
        GRANT_THEN_ENTER.replace(
            "granted_to: {whose: own, type: creature}", "granted_to: {whose: own, type: creature, power_max: 3000}"
        )
        .replace(
            _ENTER_THEN_DESTROY,
            "  events: [{id: e1, power_change: A, amount: 5000}]\n  then: [{events: [{id: e3, destroy: A}]}]",
        )
        .replace("type: creature}}", "type: creature, power: 1000}}")
    )
    assert finals(dmrules.solve(scenario(text)), "A") == [("hand",)]


def test_a_grant_whose_receivers_a_card_pool_leaves_unknown_is_refused_by_name():
    """A grant's filter reads what the receivers are: a card of a later set, whose races no card list
    gives, is refused by name when a grant names a race (「自分のハンターとエイリアンはすべて…を得る」)."""
    text = GRANTED_SAVER.replace("{whose: own, type: creature}", "{whose: own, race: [ハンター, エイリアン]}")
    text = text.replace("{id: C, card: うごめく者ボーン・グール}", "{id: C, card: 襲撃者ガルゼドライブ}")
    problem = refused(text)
    assert "襲撃者ガルゼドライブ" in problem and "races" in problem


# -- an effect in play from a spell of the other player's that its controller cast: its 「自分」 is its controller's


def spell_effect(spell_owner: str, opponent_hand: str) -> str:
    """An effect in play I control, made earlier this turn by the spell S (now in ``spell_owner``'s graveyard):
    「このターン、自分の手札が1枚もなければ、自分のクリーチャーが破壊される時、かわりに手札に戻す」, my hand empty."""
    graveyards = {"me": "", "opponent": ""}
    graveyards[spell_owner] = "\n    graveyard: [{id: S, card: {name: 唱えた呪文, type: spell}}]"
    return f"""
turn: me
players:
  me:
    battle:
      - {{id: A, card: {{name: 守られるクリーチャー, type: creature, power: 1000}}}}
      - {{id: K, card: {{name: 破壊するクリーチャー, type: creature, power: 1000}}}}{graveyards["me"]}
  opponent:
    hand: {opponent_hand}{graveyards["opponent"]}
replacement_effects:
  - id: ef
    controller: me
    source: S
    duration: this_turn
    text: このターン、自分の手札が1枚もなければ、自分のクリーチャーが破壊される時、かわりに手札に戻す。
    watch: {{event: destroy, card: {{whose: own, type: creature}}}}
    instead: [{{move_to: hand}}]
    if: [{{zone: hand, whose: own, at_most: 0}}]
effect: {{source: K, controller: me, by: ability, events: [{{id: e1, destroy: A}}]}}
"""


@pytest.mark.parametrize(
    ("spell_owner", "opponent_hand"),
    [("opponent", "[oh1, oh2]"), ("opponent", "[]"), ("me", "[oh1, oh2]")],
    ids=["their-spell", "their-spell-their-hand-empty", "my-spell"],
)
def test_an_effect_in_play_reads_its_conditions_from_its_controller_not_its_card(spell_owner: str, opponent_hand: str):
    """My hand is empty: the effect I control applies and A returns to the hand, whoever owns the spell that made
    it (the opponent's, cast by me) and whatever the opponent's hand holds."""
    [resolution] = dmrules.solve(scenario(spell_effect(spell_owner, opponent_hand))).resolutions
    assert resolution.final["A"] == "hand"
    assert [(a.replacement.id, a.event, a.player) for a in resolution.applied] == [("ef", "e1", "me")]


# -- a follow-up that puts a card under a chosen card (Evoチャージャー) ---------------------------------

V08 = (FIXTURES / "V08-under-critical-evo-charger.yaml").read_text(encoding="utf-8")


def test_with_no_card_to_put_it_under_the_follow_up_puts_nothing():
    text = V08[: V08.index("expect:")]
    text = text.replace(
        "      - {id: V1, card: アストラル・リーフ}\n      - {id: V2, card: アストラル・テンペスト}\n", ""
    )
    [resolution] = dmrules.solve(scenario(text)).resolutions
    assert (resolution.final["CE"], resolution.final["BG"]) == ("mana", "mana")


def test_a_card_put_under_a_creature_does_not_enter_the_battle_zone():
    """A replacement of a creature entering the battle zone (「バトルゾーンに出る時」) does not watch a card
    put under an evolution creature: it is no creature entering."""
    text = V08[: V08.index("expect:")].replace(
        "  opponent: {}\n",
        """  opponent:
    battle:
      - id: W
        card:
          name: 出るクリーチャーを止めるクリーチャー
          type: creature
          replacements:
            - watch: {event: enter, card: {type: creature}}
              instead: [{move_to: mana}]
""",
    )
    solution = dmrules.solve(scenario(text))
    assert sorted(r.final["BG"] for r in solution.resolutions) == ["battle", "battle", "mana"]
    assert all(a.replacement.card != "W" for r in solution.resolutions for a in r.applied)


def test_a_follow_up_that_puts_the_card_it_names_under_a_chosen_card_is_refused_by_name():
    text = """
turn: opponent
players:
  me:
    battle:
      - id: U
        card:
          name: 自分を重ねるクリーチャー
          type: creature
          replacements:
            - watch: {event: destroy, card: this}
              instead: [stay]
              then: [{events: [{move: this, to: battle, under: {choose: {whose: own, evolution: true}}}]}]
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: U}]}
"""
    problem = refused(text)
    assert "自分を重ねるクリーチャー" in problem and "a follow-up that puts a card it names" in problem


# -- choices among the cards under this creature, and the cross gears crossed to it ----------------

V09 = (FIXTURES / "V09-under-this-eve-meteor-burn.yaml").read_text(encoding="utf-8")


def test_a_card_under_the_creature_that_cannot_leave_cannot_be_chosen():
    """A card given 「離れない」 cannot be moved out of the battle zone instead (609.4): only
    ニャンジロー may go to the graveyard in EVE's place."""
    text = V09[: V09.index("expect:")].replace(
        "{id: PL, card: パーロック, under: EV}", "{id: PL, card: パーロック, under: EV, cannot_leave: true}"
    )
    solution = dmrules.solve(scenario(text))
    assert finals(solution, "EV", "NJ") == [("battle", "graveyard"), ("graveyard", "graveyard")]


def test_a_choice_of_cards_put_under_this_creature_puts_them_under_it():
    # A mandatory 「かわりに手札を1枚このクリーチャーの下に置く」 with one card in hand: it applies
    # (609.1), the creature stays and the card goes under it, in the battle zone (not a creature
    # entering it).
    text = """
turn: opponent
players:
  me:
    battle:
      - id: U
        card:
          name: 下に置くクリーチャー
          type: creature
          replacements:
            - watch: {event: destroy, card: this}
              instead: [stay, {choose: {count: 1, from: hand, to: under_this}}]
    hand: [h1]
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: U}]}
"""
    solution = dmrules.solve(scenario(text))
    assert [(dict(r.final), dict(r.windows[-1].final_under)) for r in solution.resolutions] == [
        ({"U": "battle", "h1": "battle"}, {"h1": "U"})
    ]


def test_up_to_two_cards_under_this_creature_go_instead():
    """「このクリーチャーの下にあるカードを2枚まで手札に戻してもよい」: one or two of the three under it, never a
    third; or the creature is destroyed."""
    text = """
turn: opponent
players:
  me:
    battle:
      - id: EV
        card:
          name: 下を戻す進化クリーチャー
          type: evolution_creature
          text: このクリーチャーが破壊される時、かわりにこのクリーチャーの下にあるカードを2枚まで手札に戻してもよい。
      - {id: U1, under: EV, card: {name: 下1, type: creature}}
      - {id: U2, under: EV, card: {name: 下2, type: creature}}
      - {id: U3, under: EV, card: {name: 下3, type: creature}}
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: EV}]}
"""
    solution = dmrules.solve(scenario(text))
    hands = sorted(sorted(c for c in ("U1", "U2", "U3") if r.final[c] == "hand") for r in solution.resolutions)
    assert hands == [[], ["U1"], ["U1", "U2"], ["U1", "U3"], ["U2"], ["U2", "U3"], ["U3"]]
    assert [r.final["EV"] for r in solution.resolutions].count("graveyard") == 1


# -- a watched deck position, and a linked god ------------------------------------------------------

FUUTA = """
turn: opponent
players:
  me:
    battle:
      - {id: FD, card: 不死火フウタ・ドラグーン}
      - {id: SN, card: 不知火グレンマル}
    mana: [m1]
  opponent: {}
effect: {controller: opponent, by: spell, events: [{id: e1, move: SN, to: deck, position: POSITION}]}
"""


@pytest.mark.parametrize(
    "position, expected",
    [("bottom", [("battle", "graveyard"), ("deck", "mana")]), ("top", [("deck", "mana")])],
)
def test_a_replacement_of_a_card_put_at_the_bottom_of_the_deck(position, expected):
    """不死火フウタ・ドラグーン: 「バトルゾーンにある自分のシノビが山札の一番下に置かれる時、自分のマナゾーンのカード
    を1枚、かわりに墓地に置いてもよい。」: the シノビ 不知火グレンマル put at the bottom may stay (m1 to the
    graveyard instead); put on top, the ability does not watch it."""
    solution = dmrules.solve(scenario(FUUTA.replace("POSITION", position)))
    assert finals(solution, "SN", "m1") == expected


PRODIGY = """
turn: opponent
players:
  me:
    battle:
      - {id: PG, card: 極上神プロディジーFLAGS}
      - {id: ST, card: 霊騎サイヤス・トロン}
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: ST}]}
"""


def test_a_linked_god_is_the_scenarios_to_say():
    """極上神プロディジー: 「このクリーチャーがリンクしていて、自分の「ブロッカー」を持つクリーチャーが破壊される時、
    そのクリーチャーを墓地に置くかわりに手札に戻してもよい。」: linked (the scenario's flag 'linked'), it may
    return the blocker サイヤス・トロン to the hand; not linked, it does not."""
    linked = dmrules.solve(scenario(PRODIGY.replace("FLAGS", ", flags: [linked]")))
    alone = dmrules.solve(scenario(PRODIGY.replace("FLAGS", "")))
    assert finals(linked, "ST") == [("graveyard",), ("hand",)] and finals(alone, "ST") == [("graveyard",)]


# -- a chosen creature battles instead ---------------------------------------------------------------

PAKONEKO_TEXT = (
    "このクリーチャーがバトルを始める時、バトルゾーンにある自分の他のドリームメイトをかわりにバトルさせてもよい。"
)
PAKONEKO = """
turn: opponent
players:
  me:
    battle:
      # 囚われのパコネコ without its 「自分の他のドリームメイトすべてのパワーは+1000される」, which the solver does
      # not apply: ニャンジロー's power in play (3000 + 1000) is stated instead
      - id: PK
        card:
          name: 囚われのパコネコ
          type: creature
          races: [ドリームメイト]
          civilizations: [nature]
          cost: 2
          power: 1000
          text: PAKONEKO_TEXT
      - {id: NJ, card: お宝猫ニャンジロー, power: 4000}
      - {id: BG, card: うごめく者ボーン・グール}
  opponent:
    battle:
      - {id: O, card: {name: 攻撃するクリーチャー, type: creature, cost: 1, power: 2000}}
effect: {controller: opponent, source: O, by: attack, events: [{id: e1, battle: [O, PK]}]}
""".replace("PAKONEKO_TEXT", PAKONEKO_TEXT)


def test_a_chosen_creature_battles_instead():
    """囚われのパコネコ (1000): 「このクリーチャーがバトルを始める時、バトルゾーンにある自分の他のドリームメイトを
    かわりにバトルさせてもよい」: it battles the attacker (2000) and loses; or ニャンジロー (a ドリームメイト of
    3000, 4000 with パコネコ's +1000) battles instead and wins; ボーン・グール, no ドリームメイト, cannot."""
    solution = dmrules.solve(scenario(PAKONEKO))
    assert finals(solution, "PK", "NJ", "BG", "O") == [
        ("battle", "battle", "battle", "graveyard"),
        ("graveyard", "battle", "battle", "battle"),
    ]
    assert [a.chosen for r in solution.resolutions for a in r.applied] == [("NJ",)]


def test_a_chosen_creature_battling_instead_of_another_creature_is_refused_by_name():
    text = """
turn: opponent
players:
  me:
    battle:
      - id: G
        card:
          name: かわりに戦わせるクリーチャー
          type: creature
          power: 1000
          replacements:
            - watch: {event: battle, card: {whose: own, other: true}}
              instead: [{battle_instead: {whose: own, other: true}}]
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: G}]}
"""
    problem = refused(text)
    assert "かわりに戦わせるクリーチャー" in problem and "'battle_instead' with a chosen creature" in problem


@pytest.mark.parametrize(
    "ability",
    [
        "text: このクリーチャーが相手の呪文によって選ばれる時、かわりに自分の手札を1枚捨ててもよい。",
        "replacements: [{watch: {event: choose, card: {whose: own, type: creature}}, instead: [{discard: 1}]}]",
    ],
)
def test_a_card_being_chosen_is_refused_by_name(ability):
    """A choosing is its chooser's event, with no card of its own: a watch of the card chosen would never match,
    and its replacement would silently never apply."""
    problem = refused(f"""
turn: opponent
players:
  me:
    battle:
      - {{id: A, card: {{name: 選ばれるクリーチャー, type: creature, {ability}}}}}
    hand:
      - {{id: H, card: {{name: 手札のカード, type: creature}}}}
  opponent:
    graveyard:
      - {{id: S, card: {{name: 除去呪文, type: spell}}}}
effect:
  source: S
  controller: opponent
  by: spell
  events: [{{id: e1, destroy: {{choose: {{count: 1, whose: opponent}}}}}}]
""")
    assert "選ばれるクリーチャー" in problem and "a card's being chosen" in problem


def test_a_player_choosing_is_watched():
    """The same choice watched as its chooser's (「相手がクリーチャーを選ぶ時、かわりに自分が選ぶ」) is solved."""
    solution = dmrules.solve(
        scenario("""
turn: opponent
players:
  me:
    battle:
      - {id: A, card: {name: 選ぶクリーチャー, type: creature, text: 相手がクリーチャーを選ぶ時、かわりに自分が選ぶ。}}
      - {id: B, card: {name: 他のクリーチャー, type: creature}}
  opponent:
    graveyard:
      - {id: S, card: {name: 除去呪文, type: spell}}
effect: {source: S, controller: opponent, by: spell, events: [{id: e1, destroy: {choose: {count: 1, whose: opponent}}}]}
""")
    )
    assert finals(solution, "A", "B") == [("battle", "graveyard"), ("graveyard", "battle")]


def test_a_castle_gives_while_it_fortifies_a_shield_and_a_grant_to_creatures_reaches_no_hand_card():
    """A castle's abilities work in the shield zone: fortifying s1, it gives my creatures a saver. 「自分の
    クリーチャー」 are the creatures in the battle zone: a giver there gives no hand card an ability that works in the
    hand (マッドネス-like), so the discarded H goes to the graveyard."""
    text = """
turn: opponent
players:
  me:
    battle:
      - {id: C, card: うごめく者ボーン・グール}
      - id: G
        card:
          name: 手札に与えるクリーチャー
          type: creature
          cost: 1
          power: 1000
          replacements:
            - granted_to: {whose: own, type: creature}
              watch: {event: discard, card: this}
              instead: [{move_to: battle}]
    shields:
      - s1
      - id: K
        fortifies: s1
        card:
          name: 与える城
          type: castle
          replacements:
            - granted_to: {whose: own, type: creature}
              watch: {event: break, card: {whose: own}}
              instead: [destroy_this]
              optional: true
    hand:
      - {id: H, card: お宝猫ニャンジロー}
  opponent: {}
effect: {controller: opponent, by: attack, events: [{id: e1, break: s1}, {id: e2, discard: H}]}
"""
    solution = dmrules.solve(scenario(text))
    # H is discarded in every resolution; s1 is broken, or C or G (each given the castle's saver) is destroyed
    # instead. A castle fortifying no shield gives nothing.
    assert {r.final["H"] for r in solution.resolutions} == {"graveyard"}
    assert finals(solution, "s1", "C", "G") == [
        ("hand", "battle", "battle"),
        ("shields", "battle", "graveyard"),
        ("shields", "graveyard", "battle"),
    ]
    away = text.replace("        fortifies: s1\n", "")
    assert finals(dmrules.solve(scenario(away)), "s1") == [("hand",)]


# -- the spell an ability of this card cast (「それを唱えた後、墓地のかわりに…」): the effect's cast_by ------------

ZARDICLICA = (FIXTURES / "V14-cast-by-this-zardiclica.yaml").read_text(encoding="utf-8")
ZARDICLICA = ZARDICLICA[: ZARDICLICA.index("expect:")].replace(
    "  opponent: {}\n", "  opponent:\n    battle:\n      - {id: OT, card: {name: 別のクリーチャー, type: creature}}\n"
)


@pytest.mark.parametrize(
    "effect_says, event_says, expected",
    [
        ("  cast_by: ZK\n", "", "deck"),  # V14: the spell ザーディクリカ's ability cast
        ("  cast_by: OT\n", "", "graveyard"),  # cast by another card's ability: no effect was made for it
        ("", ", cast_by: ZK", "deck"),  # said of the event itself
    ],
)
def test_the_created_replacement_applies_to_the_spell_its_ability_cast_alone(effect_says, event_says, expected):
    text = ZARDICLICA.replace("  cast_by: ZK\n", effect_says).replace(
        "spell_to_graveyard: DH}", f"spell_to_graveyard: DH{event_says}}}"
    )
    assert finals(dmrules.solve(scenario(text)), "DH") == [(expected,)]


CHISHIN_EFFECT = """
turn: me
players:
  me:
    hand: [{id: RC, card: 龍素知新}]
    graveyard: [{id: DH, card: デーモン・ハンド}]
  opponent: {}
replacement_effects:
  - id: chishin
    source: RC
    controller: me
    text: それを唱えた後、墓地に置くかわりに山札の一番下に置く。
    watch: {event: spell_to_graveyard, card: cast_by_this}
    instead: [{move_to: {zone: deck, position: bottom}}]
    self_replacement: true
effect: {source: DH, controller: me, by: spell, cast_from: graveyard, cast_by: RC, events: [{spell_to_graveyard: DH}]}
"""


def test_an_effect_in_play_of_the_spell_its_source_cast_applies_to_that_spell():
    """龍素知新's effect (the effect's own 「それを唱えた後」, in play) watches the spell RC cast, DH: DH goes to the
    deck; the spell cast by its own permission (リサイクル) is another watch, of the spell itself."""
    assert finals(dmrules.solve(scenario(CHISHIN_EFFECT)), "DH") == [("deck",)]
    # and says who cast it, a text in play reading it
    assert "give 'cast_by'" in refused_solving(CHISHIN_EFFECT.replace(", cast_by: RC", ""))


def test_the_card_whose_ability_cast_the_spell_must_be_in_the_scenario():
    assert "no card with id 'NOBODY'" in refused(ZARDICLICA.replace("cast_by: ZK", "cast_by: NOBODY"))
    # and said: a text here reads who cast it (「それを唱えた後」), which nothing else tells
    assert "give 'cast_by'" in refused_solving(ZARDICLICA.replace("  cast_by: ZK\n", ""))


# -- where this card is, as a condition (「このクリーチャーが…表向きで自分のシールドゾーンにあれば」) -------------

RAIKOU = (FIXTURES / "V15-this-in-zone-raikou-face-up-shield.yaml").read_text(encoding="utf-8")
RAIKOU = RAIKOU[: RAIKOU.index("expect:")]


@pytest.mark.parametrize(
    "where, saved",
    [
        ("    shields:\n      - s1\n      - {id: RK, card: 「雷光の聖騎士」, face_up: true}\n", True),  # V15
        ("    shields:\n      - s1\n      - {id: RK, card: 「雷光の聖騎士」}\n", False),  # face down
        ("    shields: [s1]\n    battle:\n      - {id: RK, card: 「雷光の聖騎士」}\n", True),
        ("    shields: [s1]\n    graveyard:\n      - {id: RK, card: 「雷光の聖騎士」}\n", False),
        ("    shields: [s1]\n    mana:\n      - {id: RK, card: 「雷光の聖騎士」}\n", False),
    ],
)
def test_the_ability_works_where_its_condition_says_this_card_is(where, saved):
    board = "    shields:\n      - s1\n      - {id: RK, card: 「雷光の聖騎士」, face_up: true}\n"
    solution = dmrules.solve(scenario(RAIKOU.replace(board, where)))
    assert finals(solution, "s1") == ([("hand",), ("shields",)] if saved else [("hand",)])


MONSHO = (FIXTURES / "V21-on-shield-monsho-stack.yaml").read_text(encoding="utf-8")
MONSHO = MONSHO[: MONSHO.index("expect:")]
MONSHO_SHIELDS = "    shields:\n      - s1\n      - s2\n      - {id: s3, under: s2}\n"


@pytest.mark.parametrize(
    ("shields", "hosts"),
    [
        (MONSHO_SHIELDS, ["s1", "s2"]),
        # A castle fortifying a shield is no shield of its own (「要塞化」).
        (
            "    shields:\n      - s1\n      - {id: C, card: {name: 城, type: castle}, fortifies: s1}\n",
            ["s1"],
        ),
    ],
)
def test_a_spell_put_onto_a_shield_goes_face_up_on_top_of_one(shields, hosts):
    """裁きの紋章 (隻眼ノ裁キ, V21): its player picks one of their shields, the top card of its stack; the spell
    ends on top of it, face up, and the shield is under it."""
    solution = dmrules.solve(scenario(MONSHO.replace(MONSHO_SHIELDS, shields)))
    got = sorted(
        (r.final["K"], r.face_up, tuple(sorted(r.windows[-1].final_under.items()))) for r in solution.resolutions
    )
    stack = (("s3", "s2"),) if "s3" in shields else ()
    assert got == sorted(("shields", ("K",), tuple(sorted(((h, "K"), *stack)))) for h in hosts)


def test_a_stack_a_spell_was_put_onto_is_one_shield_in_the_next_window():
    """The state after the window: the spell is face up on top of the shield, which is under it."""
    solution = dmrules.solve(scenario(MONSHO.replace(MONSHO_SHIELDS, "    shields: [s1]\n")))
    (only,) = solution.resolutions
    state = advance(only.windows[0].state, only.windows[0])
    assert (state.cards["K"].zone, state.cards["K"].face_up, state.cards["s1"].under) == ("shields", True, "K")
    assert not state.cards["s1"].placed  # a shield's stack leaves as one


def test_counts_count_a_stack_once():
    """「そのシールドの束は1つと数える」: a count of shields counts the top cards, never the cards under them
    or a castle; a count of creatures never counts an evolution source."""
    cards = [
        CardInstance("s1", "shields", "me", "me", None),
        CardInstance("s2", "shields", "me", "me", None, under="s1"),
        CardInstance("c1", "shields", "me", "me", None, types=("castle",), fortifies="s1"),
        CardInstance("s3", "shields", "me", "me", None),
    ]
    two = Condition(zone="shields", at_least=2, filter=Filter(whose="own"))
    three = Condition(zone="shields", at_least=3, filter=Filter(whose="own"))
    assert count_holds(two, cards, "me", None)
    assert not count_holds(three, cards, "me", None)


CRYSTANAL = (FIXTURES / "V22-turn-face-up-crystanal-k.yaml").read_text(encoding="utf-8")
CRYSTANAL = CRYSTANAL[: CRYSTANAL.index("expect:")]


def test_cards_turned_face_up_stay_where_they_are_face_up_in_the_next_window():
    """クリスターナル・K (V22): the chosen face-down cards of the mana zone stay there, face up from then on."""
    solution = dmrules.solve(scenario(CRYSTANAL))
    turned = [r for r in solution.resolutions if r.applied]
    assert [r.face_up for r in turned] == [
        ("m1", "m2", "m3"),
        ("m1", "m2", "m4"),
        ("m1", "m3", "m4"),
        ("m2", "m3", "m4"),
    ]
    state = advance(turned[0].windows[0].state, turned[0].windows[0])
    assert [(c, state.cards[c].zone, state.cards[c].face_down) for c in ("m1", "m4", "CK")] == [
        ("m1", "mana", False),
        ("m4", "mana", True),
        ("CK", "battle", False),
    ]


def test_too_few_face_down_cards_to_turn_face_up():
    """Two face-down cards for 「裏向きのカードを3枚、表向きにしてもよい」: it cannot be performed; it is destroyed."""
    two = CRYSTANAL.replace("      - {id: m3, face_down: true}\n      - {id: m4, face_down: true}\n", "")
    assert finals(dmrules.solve(scenario(two)), "CK") == [("graveyard",)]


SHIELD_UP = """
turn: opponent
players:
  me:
    battle:
      - id: U
        card:
          name: シールドを表向きにするクリーチャー
          type: creature
          replacements:
            - watch: {event: break, card: {whose: own}}
              instead: [turn_face_up]
    shields: [s1]
  opponent:
    battle:
      - {id: X, card: {name: 相手のクリーチャー, type: creature}}
effect: {source: X, controller: opponent, by: attack, events: [{id: e1, break: s1}]}
"""


@pytest.mark.parametrize(("face_up", "expected"), [(False, [("shields", ("s1",))]), (True, [("hand", ())])])
def test_the_events_card_turned_face_up_instead(face_up, expected):
    """「かわりにそのシールドを表向きにする」: the shield stays, face up; a face-up shield cannot be turned
    face up, and is broken."""
    text = SHIELD_UP.replace("shields: [s1]", "shields: [{id: s1, face_up: true}]") if face_up else SHIELD_UP
    solution = dmrules.solve(scenario(text))
    assert sorted((r.final["s1"], r.face_up) for r in solution.resolutions) == expected


XANADU = (FIXTURES / "V23-face-up-shield-yes-xanadu.yaml").read_text(encoding="utf-8")
XANADU = XANADU[: XANADU.index("expect:")]


@pytest.mark.parametrize(("cast_by", "zone", "face_up"), [(True, "shields", True), (False, "graveyard", False)])
def test_a_spell_put_face_up_into_the_shield_zone(cast_by, zone, face_up):
    """「唱えた後、墓地に置くかわりに表向きのままシールド化する」 (V23): a shield of its own, face up in the next
    window; a spell its ability did not cast goes to the graveyard."""
    text = XANADU if cast_by else XANADU.replace("cast_by: YZ", "cast_by: X")  # cast by another card's ability
    (only,) = dmrules.solve(scenario(text)).resolutions
    state = advance(only.windows[0].state, only.windows[0])
    assert (state.cards["DH"].zone, state.cards["DH"].face_up, state.cards["DH"].under) == (zone, face_up, None)


HIYOKU = (FIXTURES / "V24-under-chosen-hiyoku.yaml").read_text(encoding="utf-8")
HIYOKU = HIYOKU[: HIYOKU.index("expect:")]


def test_no_card_to_go_under_and_the_card_goes_where_it_would():
    """「自分のNEOクリーチャー1体の下に置いてもよい」 (V24) with only the opponent's NEO creature and a creature
    that is none: it cannot be done; ヒヨク goes to the graveyard."""
    text = HIYOKU.replace("      - {id: N1, card: {name: NEOのクリーチャー, type: neo_creature}}\n", "").replace(
        "      - {id: N2, card: {name: 別のNEOのクリーチャー, type: neo_creature}}\n", ""
    )
    assert finals(dmrules.solve(scenario(text)), "HY") == [("graveyard",)]


ROBIN = (FIXTURES / "V25-leave-deck-robinhood.yaml").read_text(encoding="utf-8")
ROBIN = ROBIN[: ROBIN.index("expect:")]


def test_cards_put_into_their_deck_again_go_to_its_bottom_in_order():
    """「かわりにそのカードを持ち主の山札の下に置く」 (V25): the milled cards go under the rest of the deck, the
    first one first."""
    (only,) = dmrules.solve(scenario(ROBIN)).resolutions
    state = advance(only.windows[0].state, only.windows[0])
    deck = sorted((c.deck_pos, c.id) for c in state.cards.values() if c.zone == "deck" and c.owner == "opponent")
    assert [c for _, c in deck] == ["d3", "d1", "d2"]


def test_a_draw_is_a_card_leaving_the_deck_for_the_hand():
    """A draw takes the top card of the deck to the hand: 「手札以外のゾーンに」 does not watch it."""
    text = ROBIN.replace(
        "    - {id: e1, mill: opponent, count: 2}\n    - {id: e2, move: d4, to: hand}\n",
        "    - {id: e1, draw: opponent}\n",
    )
    (only,) = dmrules.solve(scenario(text)).resolutions
    assert (only.applied, only.final["d1"]) == ((), "hand")


MEROPPE = (FIXTURES / "V27-watched-choice-meroppe.yaml").read_text(encoding="utf-8")
MEROPPE = MEROPPE[: MEROPPE.index("expect:")]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        # V27: the opponent would choose one of my shields; I choose instead
        ((), [("MR#1", "s1", "me"), ("MR#1", "s2", "me")]),
        # a choice that may take either player's shields is no choice of my shields: the opponent chooses any
        (
            (("whose: opponent, from: shields", "whose: any, from: shields"),),
            [(None, "o1", "opponent"), (None, "s1", "opponent"), (None, "s2", "opponent")],
        ),
        # I would choose one of the opponent's shields: the opponent chooses instead (its second ability)
        (
            (("turn: opponent", "turn: me"), ("  source: X\n  controller: opponent", "  source: MR\n  controller: me")),
            [("MR#2", "o1", "opponent")],
        ),
    ],
)
def test_a_watched_choice_of_a_players_shields(change, expected):
    text = MEROPPE
    for old, new in change:
        text = text.replace(old, new)
    got = []
    for r in dmrules.solve(scenario(text)).resolutions:
        (event,) = [e for e in r.windows[0].events if e.chosen_by]
        got.append((r.applied[0].replacement.id if r.applied else None, event.card, event.chosen_by))
    assert sorted(got, key=lambda g: g[1]) == expected


G_CASTLE = (FIXTURES / "V28-g-castle-white-neowave.yaml").read_text(encoding="utf-8")
G_CASTLE = G_CASTLE[: G_CASTLE.index("expect:")]


@pytest.mark.parametrize(("face_up", "zone"), [(True, "graveyard"), (False, "hand")])
def test_a_g_castle_works_face_up_in_the_shield_zone(face_up, zone):
    """G城 (V28): executed, face up in the shield zone, its 「表向きで…離れる時」 works; face down, it is a shield."""
    text = G_CASTLE if face_up else G_CASTLE.replace("        face_up: true\n", "")
    assert finals(dmrules.solve(scenario(text)), "GC") == [(zone,)]


# -- the cards under this creature leave instead of it (G-NEO進化: 「かわりに下のカードすべてが離れる」) -------------

GNEO = (FIXTURES / "V16-g-neo-cards-under-leave-jashintei.yaml").read_text(encoding="utf-8")
GNEO = GNEO[: GNEO.index("expect:")]
UNDER = (
    "      - {id: NJ, card: お宝猫ニャンジロー, under: GJ}\n"
    "      - {id: BG, card: うごめく者ボーン・グール, under: GJ}\n"
)


@pytest.mark.parametrize(
    "under, event, expected",
    [
        (UNDER, "destroy", [("battle", "graveyard", "graveyard")]),  # V16
        (UNDER, "return_to_hand", [("battle", "hand", "hand")]),  # where the event would have sent it
        (UNDER.replace(", under: GJ}", "}", 1), "destroy", [("battle", "battle", "graveyard")]),  # one under it
    ],
)
def test_the_cards_under_it_leave_where_the_event_would_send_it(under, event, expected):
    text = GNEO.replace(UNDER, under).replace("destroy: GJ", f"{event}: GJ")
    assert finals(dmrules.solve(scenario(text)), "GJ", "NJ", "BG") == expected


def test_with_no_card_under_it_it_leaves():
    text = GNEO.replace(UNDER, UNDER.replace(", under: GJ}", "}"))
    assert finals(dmrules.solve(scenario(text)), "GJ", "NJ", "BG") == [("graveyard", "battle", "battle")]


# -- a watched card going to any zone but one (「墓地以外のどこかに離れる」: watch to_not) ---------------------------

LANCE = (FIXTURES / "V17-to-not-perfect-lance.yaml").read_text(encoding="utf-8")
LANCE = LANCE[: LANCE.index("expect:")]


@pytest.mark.parametrize(
    "event, expected",
    [
        ("return_to_hand", "battle"),  # V17
        ("destroy", "graveyard"),  # to the graveyard: not watched
        ("put_into_mana", "battle"),
    ],
)
def test_the_equipped_creature_stays_unless_it_goes_to_the_graveyard(event, expected):
    text = LANCE.replace("{id: e1, return_to_hand: NJ}", f"{{id: e1, {event}: NJ}}")
    assert {r.final["NJ"] for r in dmrules.solve(scenario(text)).resolutions} == {expected}


# -- a grant with a condition (マナ武装: 「…5枚以上あれば、…はすべて「シールド・セイバー」を得る」) -------------------

ROSIA = (FIXTURES / "V18-conditional-grant-heavens-rosia.yaml").read_text(encoding="utf-8")
ROSIA = ROSIA[: ROSIA.index("expect:")]


def test_the_grant_gives_nothing_while_its_condition_does_not_hold():
    text = ROSIA.replace(
        "      - {id: m5, card: 黙示聖者ファル・レーゼ}\n", "      - {id: m5, card: パタパタ・バタフライ}\n"
    )
    assert finals(dmrules.solve(scenario(text)), "s1", "HR", "RB") == [("hand", "battle", "battle")]


# -- a lost battle (「このクリーチャーがバトルに負ける時」): the destruction the battle makes -----------------------

LOSER = """
turn: opponent
players:
  me:
    battle:
      - id: L
        card:
          name: 負けるクリーチャー
          type: creature
          text: "このクリーチャーがバトルに負ける時、このクリーチャーを墓地に置くかわりに自分の手札に戻す。"
  opponent:
    battle:
      - {id: W, card: {name: 勝つクリーチャー, type: creature}}
effect: {source: W, controller: opponent, by: BY, events: [{id: e1, destroy: L}]}
"""


@pytest.mark.parametrize("by, expected", [("battle", "hand"), ("ability", "graveyard")])
def test_a_lost_battle_is_watched_as_the_destruction_a_battle_makes(by, expected):
    assert finals(dmrules.solve(scenario(LOSER.replace("BY", by))), "L") == [(expected,)]


def test_a_replacement_that_untaps_its_own_card_leaves_it_untapped():
    """無敵剣 プロト・ギガハート's 龍解 (R79's board): it flips and untaps instead of its creature leaving."""
    solution = dmrules.solve(load_scenario(FIXTURES / "R79-gigaheart-ryukai-then-removed-again.yaml"))
    assert [r.untapped for r in solution.resolutions] == [("GH",)]


# -- a summon is no 「召喚以外の方法で出る」 (V19): the creature being summoned is summoned, and it enters ----------

TESTA = (FIXTURES / "V19-summon-is-no-other-way-testa-rossa.yaml").read_text(encoding="utf-8")
TESTA = TESTA[: TESTA.index("expect:")].replace("      - {id: YD, card: 獣軍隊 ヤドック}\n", "")


@pytest.mark.parametrize("by, expected", [("summon", "battle"), ("ability", "graveyard")])
def test_testa_rossa_sends_away_a_creature_put_out_otherwise_than_by_summoning(by, expected):
    assert finals(dmrules.solve(scenario(TESTA.replace("by: summon", f"by: {by}"))), "Z") == [(expected,)]


RUPIA_TEXT = "プレイヤーが召喚以外の方法でクリーチャーを出す時、その持ち主はかわりにそのクリーチャーを墓地に置く。"
RUPIA = TESTA.replace(
    "{id: TR, card: 赤い稲妻 テスタ・ロッサ}",
    f'{{id: TR, card: {{name: ルピア炎鬼, type: creature, text: "{RUPIA_TEXT}"}}}}',
)


@pytest.mark.parametrize("by, expected", [("summon", "battle"), ("ability", "graveyard")])
def test_rupia_enki_sends_away_any_creature_put_out_otherwise_than_by_summoning(by, expected):
    """ルピア炎鬼 (tests/cards/current.tsv): 「プレイヤーが召喚以外の方法で」, any player's creature."""
    assert "ルピア炎鬼" in RUPIA
    assert finals(dmrules.solve(scenario(RUPIA.replace("by: summon", f"by: {by}"))), "Z") == [(expected,)]
    mine = f"""
turn: me
players:
  me:
    battle: [{{id: R, card: {{name: ルピア炎鬼, type: creature, text: "{RUPIA_TEXT}"}}}}]
    hand: [{{id: M, card: {{name: 出るクリーチャー, type: creature}}}}]
  opponent: {{}}
effect: {{source: M, controller: me, by: {by}, events: [{{id: e1, put_into_battle: M}}]}}
"""
    assert finals(dmrules.solve(scenario(mine)), "M") == [(expected,)]  # its own player's creature too


# -- the cards under, or crossed to, the watched event's card -----------------------------------------

UNDER_TEXT = (
    "自分の進化クリーチャーがバトルゾーンを離れる時、かわりにその進化クリーチャーの下にあるカードを1枚墓地に置いて"
    "もよい。"
)
CROSSED_TEXT = (
    "自分のクリーチャーが破壊される時、かわりにそのクリーチャーにクロスされているクロスギアを1枚墓地に置いてもよい。"
)
UNDER_WATCHED = """
turn: opponent
players:
  me:
    battle:
      - id: R
        card:
          name: 下を捨てるクリーチャー
          type: creature
          text: UNDER_TEXT
      - {id: EV, card: {name: 進化クリーチャー, type: evolution_creature}}
      - {id: U1, under: EV, card: {name: 進化元1, type: creature}}
      - {id: U2, under: EV, card: {name: 進化元2, type: creature}}
      - {id: N, card: {name: 進化ではないクリーチャー, type: creature}}
      - {id: EV2, card: {name: 破壊されない進化クリーチャー, type: evolution_creature}}
      - {id: U3, under: EV2, card: {name: 進化元3, type: creature}}
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: EV}, {id: e2, destroy: N}]}
""".replace("UNDER_TEXT", UNDER_TEXT)

CROSSED_TO_WATCHED = """
turn: opponent
players:
  me:
    battle:
      - id: R
        card:
          name: クロスギアを捨てるクリーチャー
          type: creature
          text: CROSSED_TEXT
      - {id: S, card: {name: クロスされたクリーチャー, type: creature}}
      - {id: G, equipped_to: S, card: {name: クロスギア, type: cross_gear}}
      - {id: G2, card: {name: クロスしていないクロスギア, type: cross_gear}}
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: S}]}
""".replace("CROSSED_TEXT", CROSSED_TEXT)


def test_a_card_under_the_evolution_creature_the_event_acts_on_goes_instead():
    """Each card under EV may go to the graveyard instead, EV and the other staying; N has none under it, and the
    card under EV2, which no event acts on, is none of EV's."""
    solution = dmrules.solve(scenario(UNDER_WATCHED))
    assert finals(solution, "EV", "U1", "U2", "N", "U3") == [
        ("battle", "battle", "graveyard", "graveyard", "battle"),
        ("battle", "graveyard", "battle", "graveyard", "battle"),
        ("graveyard", "graveyard", "graveyard", "graveyard", "battle"),
    ]


def test_the_cross_gear_crossed_to_the_creature_the_event_acts_on_goes_instead():
    """The cross gear crossed to S, never the one crossed to nothing."""
    solution = dmrules.solve(scenario(CROSSED_TO_WATCHED))
    assert finals(solution, "S", "G", "G2") == [("battle", "graveyard", "battle"), ("graveyard", "battle", "battle")]


DESTROYS_CROSSED = CROSSED_TO_WATCHED.replace("を1枚墓地に置いてもよい", "を1枚破壊してもよい")


def test_the_cross_gear_crossed_to_the_creature_is_destroyed_instead():
    """「…クロスギアを1枚破壊してもよい」: what happens instead is G's destruction (which a watch for destructions
    sees), not a put into the graveyard."""
    solution = dmrules.solve(scenario(DESTROYS_CROSSED))
    assert finals(solution, "S", "G", "G2") == [("battle", "graveyard", "battle"), ("graveyard", "battle", "battle")]
    instead = [
        (e.kind, e.cards, e.from_zone, e.instead_of) for r in solution.resolutions for e in r.happened if e.instead_of
    ]
    assert instead == [("destroy", ("G",), "battle", "e1")]


def test_the_cards_under_the_card_of_an_event_of_no_card_are_refused_by_name():
    text = UNDER_WATCHED.replace(
        f"text: {UNDER_TEXT}",
        "replacements: [{watch: {event: draw, player: own}, "
        "instead: [{choose: {count: 1, from: under_watched, to: graveyard, verb: put}}]}]",
    )
    problem = refused(text)
    assert "下を捨てるクリーチャー" in problem and "an event that acts on no card" in problem


# -- the top cards of the deck put into the mana or shield zone instead ---------------------------

DECK_TOP = """
turn: opponent
players:
  me:
    battle:
      - {id: A, card: {name: 山札の上を置くクリーチャー, type: creature, text: TEXT}}
    deck: DECK
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: A}]}
"""


@pytest.mark.parametrize(
    "text, deck, expected",
    [
        (
            "このクリーチャーが破壊される時、かわりに自分の山札の上から1枚目をマナゾーンに置いてもよい。",
            "[d1, d2]",
            [("battle", "mana", "deck"), ("graveyard", "deck", "deck")],
        ),
        (
            "このクリーチャーが破壊される時、かわりに自分の山札の上から2枚をシールド化する。",
            "[d1, d2]",
            [("battle", "shields", "shields")],
        ),
        # too few cards: the action cannot be done, and the replacement cannot apply (609.4)
        (
            "このクリーチャーが破壊される時、かわりに自分の山札の上から2枚をシールド化する。",
            "[d1]",
            [("graveyard", "deck")],
        ),
    ],
)
def test_the_top_cards_of_the_deck_put_into_the_mana_or_shield_zone_instead(text, deck, expected):
    cards = ("A", "d1", "d2") if deck == "[d1, d2]" else ("A", "d1")
    solution = dmrules.solve(scenario(DECK_TOP.replace("TEXT", text).replace("DECK", deck)))
    assert finals(solution, *cards) == expected


SUMMONS = """
turn: opponent
players:
  me:
    battle:
      - id: R
        card:
          name: 召喚を見るクリーチャー
          type: creature
          text: 相手がクリーチャーを召喚する時、かわりにそのクリーチャーを墓地に置く。
  opponent:
    hand:
      - {id: Z, card: {name: 召喚されるクリーチャー, type: creature, cost: 3}}
effect: {source: Z, controller: opponent, by: BY, events: [{id: e1, put_into_battle: Z}]}
"""


@pytest.mark.parametrize("by, expected", [("summon", "graveyard"), ("ability", "battle")])
def test_a_player_summoning_a_creature_is_its_creature_summoned(by, expected):
    """「相手がクリーチャーを召喚する時」 watches the summon alone: put out by an ability, the creature enters."""
    assert finals(dmrules.solve(scenario(SUMMONS.replace("BY", by))), "Z") == [(expected,)]


def test_this_cards_own_entering_is_refused_by_name():
    """Its ability works in the battle zone, where the card is not before it enters: the replacement would never
    apply, silently."""
    problem = refused("""
turn: me
players:
  me:
    hand:
      - id: R
        card:
          name: 出る時のクリーチャー
          type: creature
          text: このクリーチャーがバトルゾーンに出る時、かわりに自分のマナゾーンに置く。
  opponent: {}
effect: {source: R, controller: me, by: summon, events: [{id: e1, put_into_battle: R}]}
""")
    assert "出る時のクリーチャー" in problem and "this card's own entering the battle zone" in problem


# -- a card put face down into the mana zone (水晶チャージャー) ----------------------------------------

CRYSTAL = """
turn: me
players:
  me:
    hand:
      - id: S
        card:
          name: 水晶チャージャーの呪文
          type: spell
          civilizations: [water]
          text: 水晶チャージャー(この呪文を唱えた後、墓地に置くかわりに、裏向きにしてマナゾーンに置く)
  opponent: {}
effect: {source: S, controller: me, by: spell, events: [{id: e1, spell_to_graveyard: S}]}
"""


def test_a_spell_put_face_down_into_the_mana_zone_instead():
    solution = dmrules.solve(scenario(CRYSTAL))
    assert finals(solution, "S") == [("mana",)]
    assert [r.face_down for r in solution.resolutions] == [("S",)]


FACE_DOWN_MANA = """
turn: opponent
players:
  me:
    battle:
      - id: R
        card:
          name: 光のマナで戻るクリーチャー
          type: creature
          text: 自分のマナゾーンに光のカードが1枚以上あれば、このクリーチャーが破壊される時、かわりに手札に戻す。
    mana:
      - {id: M, FACE card: {name: 光のカード, type: creature, civilizations: [light]}}
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: R}]}
"""


@pytest.mark.parametrize("face, expected", [("", "hand"), ("face_down: true,", "graveyard")])
def test_a_face_down_card_of_the_mana_zone_has_no_civilization(face, expected):
    """「マナゾーンにある裏向きのカードは、…無色カードとして扱う」: face down, M is no light card."""
    assert finals(dmrules.solve(scenario(FACE_DOWN_MANA.replace("FACE", face))), "R") == [(expected,)]


DECK_TOP_AFTER = """
turn: opponent
players:
  me:
    battle:
      - id: A
        card:
          name: 戻って山札を置くクリーチャー
          type: creature
          text: このクリーチャーが離れる時、かわりに手札に戻す。そうしたら、自分の山札の上から1枚目をZONE。
    deck: [d1, d2]
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: A}]}
"""


@pytest.mark.parametrize(
    "zone, expected",
    [("マナゾーンに置く", "mana"), ("シールド化する", "shields"), ("墓地に置く", "graveyard")],
)
def test_the_top_card_of_the_deck_put_somewhere_as_a_follow_up(zone, expected):
    solution = dmrules.solve(scenario(DECK_TOP_AFTER.replace("ZONE", zone)))
    assert finals(solution, "A", "d1", "d2") == [("hand", expected, "deck")]


def test_the_crystal_charger_fixture_puts_its_card_face_down():
    """V32: the resolution says the card is face down in the mana zone (the fixture's expectation says where)."""
    solution = dmrules.solve(load_scenario(FIXTURES / "V32-face-down-mana-forbid-crystal-charger.yaml"))
    assert [(r.final["K"], r.face_down) for r in solution.resolutions] == [("mana", ("K",))]


def test_a_battle_watched_from_a_zone_is_refused_by_name():
    """A battle moves no card: a watch of it from a zone would never match, and its replacement never apply."""
    problem = refused("""
turn: opponent
players:
  me:
    battle:
      - id: G
        card:
          name: バトルを見るクリーチャー
          type: creature
          power: 1000
          replacements:
            - watch: {event: battle, card: {whose: own, other: true}, from: battle}
              instead: [flip_this]
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: G}]}
""")
    assert "バトルを見るクリーチャー" in problem and "a battle watched from a zone" in problem


def test_a_grant_to_untapped_creatures_gives_no_tapped_one_the_ability():
    """The grants read a card's properties as the solver's facts do (game/cards.properties): of my creatures only
    the untapped one gets the 「シールド・セイバー」 a grant to 「タップされていない」 creatures gives."""
    text = GRANTED_SAVER.replace(
        "granted_to: {whose: own, type: creature}", "granted_to: {whose: own, type: creature, untapped: true}"
    ).replace("- {id: C, card: うごめく者ボーン・グール}", "- {id: C, tapped: true, card: うごめく者ボーン・グール}")
    assert finals(dmrules.solve(scenario(text)), "s1", "C", "SP") == [
        ("hand", "battle", "battle"),
        ("shields", "battle", "graveyard"),
    ]


# -- any of heads of different fields (「進化クリーチャーまたはタマシード」): any_of ---------------------------------

EITHER_COUNTED = """
turn: opponent
players:
  me:
    battle:
      - id: W
        card:
          name: 数えるクリーチャー
          type: creature
          power: 1000
          text: >-
            バトルゾーンに自分の進化クリーチャーまたはタマシードが3枚以上あれば、このクリーチャーが破壊される時、
            かわりに手札に戻す。
      - {id: EV, card: {name: 進化クリーチャー, type: evolution_creature, power: 5000}}
      - {id: TS, card: {name: タマシード, type: tamaseed}}
      - {id: THIRD, card: THIRD_CARD}
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: W}]}
"""


@pytest.mark.parametrize(
    "third, where",
    [
        ("{name: 別の進化クリーチャー, type: evolution_creature, power: 4000}", "hand"),
        ("{name: 別のタマシード, type: tamaseed}", "hand"),
        ("{name: ただのクリーチャー, type: creature, power: 4000}", "graveyard"),
    ],
)
def test_a_count_of_cards_any_of_two_kinds_counts_each_kind_and_no_other(third, where):
    """A condition counting 「進化クリーチャーまたはタマシード」 (a filter with ``any_of``, worked out in Python)
    counts evolution creatures and タマシード, not a creature that is neither."""
    solution = dmrules.solve(scenario(EITHER_COUNTED.replace("THIRD_CARD", third)))
    assert finals(solution, "W") == [(where,)]


@pytest.mark.parametrize(
    "card, named",
    [
        ("{whose: own, any_of: [{type: tamaseed}]}", "two alternatives or more"),
        ("{whose: own, type: creature, any_of: [{evolution: true}, {type: tamaseed}]}", "'type' beside 'any_of'"),
        ("{whose: own, any_of: [{evolution: true}, {whose: own}]}", "unknown field 'whose'"),
    ],
)
def test_a_filter_of_alternatives_written_wrong_is_refused_by_name(card, named):
    problem = refused(f"""
turn: opponent
players:
  me:
    battle:
      - id: G
        card:
          name: 守るクリーチャー
          type: creature
          power: 1000
          replacements:
            - watch: {{event: destroy, card: {card}}}
              instead: [destroy_this]
  opponent: {{}}
effect: {{controller: opponent, events: [{{id: e1, destroy: G}}]}}
""")
    assert named in problem


TWINPACT_EITHER = """
turn: opponent
players:
  me:
    battle:
      - id: W
        card:
          name: 見張るクリーチャー
          type: creature
          cost: 4
          power: 1000
          text: 自分のコスト3以下の、進化クリーチャーまたはタマシードが手札から捨てられる時、かわりにマナゾーンに置く。
    hand:
      - id: TW
        card:
          name: 進化の面／呪文の面
          sides:
            - {name: 進化の面, type: evolution_creature, civilizations: [fire], cost: COST, power: 5000}
            - {name: 呪文の面, type: spell, civilizations: [fire], cost: 2}
  opponent: {}
effect: {controller: opponent, events: [{id: e1, discard: TW}]}
"""


@pytest.mark.parametrize("cost, where", [(7, "graveyard"), (3, "mana")])
def test_a_twinpact_passes_a_filter_of_alternatives_with_one_side(cost, where):
    """「コスト3以下の、進化クリーチャーまたはタマシード」: one side must be an evolution creature of cost 3 or less; a
    twinpact whose evolution side costs 7 and whose spell side costs 2 is neither (docs/card-text.md, any_of)."""
    solution = dmrules.solve(scenario(TWINPACT_EITHER.replace("COST", str(cost))))
    assert finals(solution, "TW") == [(where,)]


# -- 「多色ではない」「無色ではない」: not_property ------------------------------------------------------------------

NOT_MULTICOLORED = """
turn: me
players:
  me:
    battle:
      - id: W
        card:
          name: 見張るクリーチャー
          type: creature
          civilizations: [light]
          power: 1000
          text: 相手の、多色ではないクリーチャーが出る時、かわりに持ち主のマナゾーンに置く。
  opponent:
    hand:
      - {id: MONO, card: {name: 単色のクリーチャー, type: creature, civilizations: [fire], power: 2000}}
      - {id: MULTI, card: {name: 多色のクリーチャー, type: creature, civilizations: [fire, nature], power: 2000}}
effect:
  controller: opponent
  events: [{id: e1, put_into_battle: MONO}, {id: e2, put_into_battle: MULTI}]
"""


def test_a_card_that_is_not_multicolored_is_one_of_a_single_civilization():
    """「相手の、多色ではないクリーチャーが出る時」: the single-civilization creature goes to the mana zone, the
    multicolored one enters."""
    assert finals(dmrules.solve(scenario(NOT_MULTICOLORED)), "MONO", "MULTI") == [("mana", "battle")]


def test_a_colorless_card_is_not_multicolored_and_a_multicolored_one_not_colorless():
    """「多色ではない」 takes a colorless card (ゼロ文明) too; 「無色ではない」 the multicolored one, not that one."""
    mono = "civilizations: [fire], power: 2000}}\n"
    zero = NOT_MULTICOLORED.replace(mono, mono.replace("fire", "zero"), 1)
    assert finals(dmrules.solve(scenario(zero)), "MONO", "MULTI") == [("mana", "battle")]
    not_colorless = zero.replace("多色ではない", "無色ではない")
    assert finals(dmrules.solve(scenario(not_colorless)), "MONO", "MULTI") == [("battle", "mana")]


# -- a GR creature goes to the super GR zone (118.1, V42) --------------------------------------------

GR_CREATURE = """
turn: opponent
players:
  me:
    battle:
      - id: G
        card:
          name: 試しのGRクリーチャー
          type: gr_creature
          cost: 2
          power: 2000
          triggers:
            - {watch: {event: destroy, card: this}, text: このクリーチャーが破壊された時}
    gr:
      - {id: G2, card: {name: 超GRのクリーチャー, type: gr_creature, cost: 3, power: 3000}}
  opponent: {}
effect: {controller: opponent, events: [EVENTS]}
"""


@pytest.mark.parametrize(
    "events, card, zone",
    [
        ("{id: e1, destroy: G}", "G", "gr"),
        ("{id: e1, return_to_hand: G}", "G", "gr"),
        ("{id: e1, move: G, to: deck}", "G", "gr"),
        ("{id: e1, put_into_battle: G2}", "G2", "battle"),
    ],
)
def test_a_gr_creature_put_anywhere_but_the_battle_zone_goes_to_the_super_gr_zone(events, card, zone):
    solution = dmrules.solve(scenario(GR_CREATURE.replace("EVENTS", events)))
    assert finals(solution, card) == [(zone,)]


def test_a_gr_creature_destroyed_goes_through_the_graveyard_its_destroyed_trigger_triggers():
    """It is destroyed (put into the graveyard, then at the bottom of the super GR): 「破壊された時」 triggers, as a
    psychic creature's does."""
    (resolution,) = dmrules.solve(scenario(GR_CREATURE.replace("EVENTS", "{id: e1, destroy: G}"))).resolutions
    assert resolution.final["G"] == "gr"
    assert [(t.card, t.event) for t in resolution.triggered] == [("G", "e1")]


@pytest.mark.parametrize(
    "super_gr, final", [("[{id: G1, card: {name: 超GRのカード, type: gr_creature}}]", "battle"), ("[]", "gr")]
)
def test_a_condition_on_the_super_gr_reads_the_super_gr_zone(super_gr, final):
    """白皇世の意志 御嶺 (its text as the simulator's card list gives it): 「自分の超GRにカードがあれば、この
    クリーチャーは攻撃できず、バトルゾーンを離れる時、かわりにとどまる」: with a card in its player's super GR it
    stays; with none it leaves, to the super GR zone itself (118.1)."""
    text = "自分の超GRにカードがあれば、このクリーチャーは攻撃できず、バトルゾーンを離れる時、かわりにとどまる。"
    solution = dmrules.solve(
        scenario(
            f"""
turn: opponent
players:
  me:
    battle:
      - {{id: M, card: {{name: 白皇世の意志 御嶺, type: gr_creature, cost: 8, power: 25000, text: "{text}"}}}}
    gr: {super_gr}
  opponent: {{}}
effect: {{controller: opponent, events: [{{id: e1, destroy: M}}]}}
"""
        )
    )
    assert finals(solution, "M") == [(final,)]


# -- a card put from the battle zone into the graveyard is destroyed ------------------------------------------------

PUT_INTO_GRAVEYARD = """
turn: opponent
players:
  me:
    battle:
      - id: P
        card:
          name: 破壊されるとマナに行くクリーチャー
          type: creature
          power: 2000
          text: このクリーチャーが破壊される時、かわりにマナゾーンに置く。
          triggers:
            - {watch: {event: destroy, card: this}, text: このクリーチャーが破壊された時}
      - {id: B, MARK card: {name: 破壊されないクリーチャー, type: creature, power: 2000}}
  opponent: {}
effect: {controller: opponent, by: spell, events: [EVENTS]}
"""


def _put(text: str, events: str) -> str:
    return text.replace("MARK ", "").replace("EVENTS", events)


def test_a_card_put_from_the_battle_zone_into_the_graveyard_is_destroyed():
    """「墓地に置く」 from the battle zone is 破壊 (battle → graveyard; R64): 「破壊される時」 watches it."""
    solution = dmrules.solve(scenario(_put(PUT_INTO_GRAVEYARD, "{id: e1, move: P, to: graveyard}")))
    assert finals(solution, "P") == [("mana",)]


def test_a_card_put_from_the_battle_zone_into_the_graveyard_is_a_destruction_that_triggers():
    text = PUT_INTO_GRAVEYARD.replace(
        "          text: このクリーチャーが破壊される時、かわりにマナゾーンに置く。\n", ""
    )
    (resolution,) = dmrules.solve(scenario(_put(text, "{id: e1, move: P, to: graveyard}"))).resolutions
    assert resolution.final["P"] == "graveyard"
    assert [(t.card, t.event) for t in resolution.triggered] == [("P", "e1")]


def test_a_card_that_cannot_be_destroyed_is_not_put_from_the_battle_zone_into_the_graveyard():
    text = PUT_INTO_GRAVEYARD.replace("MARK ", "cannot_be_destroyed: true, ")
    solution = dmrules.solve(scenario(_put(text, "{id: e1, move: B, to: graveyard}")))
    assert finals(solution, "B") == [("battle",)]


# -- 「。その後、」 after a replacement is part of what it makes happen ---------------------------------------------

AFTERWARDS = """
turn: me
players:
  me:
    battle:
      - id: A
        card:
          name: その後に引くクリーチャー
          type: creature
          power: 1000
          text: このクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。FOLLOW、カードを1枚引く。
      - id: VB
        card:
          name: 2枚引くクリーチャー
          type: creature
          power: 1000
          text: 自分がカードを1枚引く時、1枚のかわりに2枚引いてもよい。
    hand: [h1]
    deck: [d1, d2, d3]
  opponent:
    battle:
      - {id: X, card: {name: 破壊するクリーチャー, type: creature, power: 1000}}
effect: {controller: opponent, source: X, by: ability, events: [{id: e1, destroy: A}]}
"""


@pytest.mark.parametrize(
    "follow, drawn",
    [
        # 「。その後、」 does not start a new event (101.5a): the draw is the replacement's, never replaced
        ("その後", [(), ("d1",)]),
        # 「そうした場合、」 is a new event: VB may make it a draw of two
        ("そうした場合", [(), ("d1",), ("d1", "d2")]),
    ],
)
def test_a_sentence_after_a_replacement_is_replaced_only_after_soshita_baai(follow, drawn):
    solution = dmrules.solve(scenario(AFTERWARDS.replace("FOLLOW", follow)))
    hands = sorted(tuple(c for c in ("d1", "d2", "d3") if r.final.get(c) == "hand") for r in solution.resolutions)
    assert hands == drawn


ONTO_THE_DECK = """
turn: me
players:
  me:
    battle:
      - id: A
        card:
          name: 墓地のカードを山札の上に置くクリーチャー
          type: creature
          power: 1000
          text: このクリーチャーが破壊される時、かわりに自分の墓地のカードをCOUNT枚山札の一番上に置く。
    graveyard: [g1, g2]
    deck: [d1]
  opponent:
    battle:
      - {id: X, card: {name: 破壊するクリーチャー, type: creature, power: 1000}}
effect:
  controller: opponent
  source: X
  by: ability
  events: [{id: e1, destroy: A}]
  then: [{events: [{id: e2, draw: me}]}]
"""


def test_several_cards_put_on_top_of_a_deck_at_once_leave_its_order_to_their_owner():
    """Cards that join a deck at once are put there in the order their owner chooses (seed 000): which one a
    later draw takes is not listed as if the order were fixed; one card put there is drawn."""
    with pytest.raises(dmrules.InputError, match="several cards put on its top at once"):
        dmrules.solve(scenario(ONTO_THE_DECK.replace("COUNT", "2")))
    solution = dmrules.solve(scenario(ONTO_THE_DECK.replace("COUNT", "1")))
    assert sorted(tuple(c for c in ("g1", "g2") if r.final.get(c) == "hand") for r in solution.resolutions) == [
        ("g1",),
        ("g2",),
    ]


def test_every_draw_of_a_sono_ato_follow_up_is_part_of_the_replacements_result():
    """「その後、カードを2枚引く」: both draws (the second waits for the first's window) are never replaced."""
    text = AFTERWARDS.replace(
        "かわりに自分の手札を1枚捨ててもよい。FOLLOW、カードを1枚引く", "かわりに手札に戻す。その後、カードを2枚引く"
    )
    solution = dmrules.solve(scenario(text))
    hands = sorted(tuple(c for c in ("d1", "d2", "d3") if r.final.get(c) == "hand") for r in solution.resolutions)
    assert hands == [("d1", "d2")]


def test_a_sono_ato_follow_up_of_the_sequential_ruleset_is_refused_where_it_could_be_replaced():
    """Which replacement made the window (none replaces its own result) the sequential encodings do not know."""
    text = "ruleset: sequential\n" + AFTERWARDS.replace("FOLLOW", "その後")
    with pytest.raises(dmrules.InputError, match="「。その後、」"):
        dmrules.solve(scenario(text))


def test_an_effects_own_step_is_never_afterwards():
    text = PUT_INTO_GRAVEYARD.replace("MARK ", "").replace(
        "events: [EVENTS]}",
        "events: [{id: e1, destroy: B}], then: [{afterwards: true, events: [{id: e2, destroy: P}]}]}",
    )
    with pytest.raises(dmrules.InputError, match="afterwards"):
        dmrules.solve(scenario(text))


def test_a_card_put_from_the_battle_zone_into_the_graveyard_earlier_was_destroyed_this_turn():
    text = """
turn: opponent
players:
  me:
    battle:
      - {id: K, card: {name: 墓地に置かれるクリーチャー, type: creature}}
      - id: Z
        card:
          name: 他が破壊されていれば戻るクリーチャー
          type: creature
          text: >-
            このクリーチャーが破壊される時、このターン、自分の他のクリーチャーが破壊されていれば、かわりに手札に戻す。
  opponent:
    battle:
      - {id: X, card: {name: 破壊するクリーチャー, type: creature}}
effect:
  source: X
  controller: opponent
  by: ability
  events: [{id: e1, move: K, to: graveyard}]
  then: [{events: [{id: e2, destroy: Z}]}]
"""
    assert finals(dmrules.solve(scenario(text)), "K", "Z") == [("graveyard", "hand")]


def test_a_grant_to_the_cards_with_a_keyword_reaches_one_a_cross_gear_gives_it():
    """クイーン・オブ・プロテクション gives アクア・ビークル 「ブロッカー」 (「これをクロスしたクリーチャーのパワー
    は+4000され、「ブロッカー」を得る」); ペングカイザー gives 「セイバー: フェニックス」 to each other blocker of its
    player: when ペングカイザー (a フェニックス) would be destroyed, アクア・ビークル may be destroyed instead."""
    text = """
turn: opponent
players:
  me:
    battle:
      - {id: PK, card: 鋼流星ペングカイザー}
      - {id: C, card: アクア・ビークル}
      - {id: QP, card: クイーン・オブ・プロテクション, equipped_to: C}
  opponent:
    battle: [{id: X, card: {name: 破壊者, type: creature}}]
effect: {source: X, controller: opponent, events: [{destroy: PK}]}
"""
    assert finals(dmrules.solve(scenario(text)), "PK", "C") == [("battle", "graveyard"), ("graveyard", "battle")]


BYAHA = """
turn: opponent
players:
  me:
    battle:
      - {id: BY, card: 死神の魔龍虫ビャハ}
      - {id: u1, under: BY, card: うごめく者ボーン・グール}
      - {id: u2, under: BY, card: うごめく者ボーン・グール}
      - {id: C, card: アクア・ビークル}
  opponent:
    battle: [{id: X, card: {name: 破壊者, type: creature}}]
effect: {source: X, controller: opponent, events: [%s]}
"""


def test_a_card_put_under_a_creature_that_stays_ends_under_it():
    """ビャハ: 「自分の他のクリーチャーが破壊される時、そのクリーチャーを墓地に置くかわりにこのクリーチャーの下に置いて
    もよい」: アクア・ビークル destroyed goes to the graveyard, or under ビャハ."""
    solution = dmrules.solve(scenario(BYAHA % "{destroy: C}"))
    assert finals(solution, "C") == [("battle",), ("graveyard",)]
    assert [r.stacked.get("C") for r in solution.resolutions if r.final["C"] == "battle"] == ["BY"]


@pytest.mark.parametrize("event", ["{destroy: BY}", "{return_to_hand: BY}"])
def test_a_card_put_under_a_creature_leaving_in_the_same_window_is_refused(event):
    """ビャハ leaves with the creature it would take under it: where that creature ends, no rule or ruling says."""
    with pytest.raises(dmrules.InputError, match="a card is put under a card that leaves the battle zone"):
        dmrules.solve(scenario(BYAHA % f"{event}, {{destroy: C}}"))


HIYOKU_HOST_LEAVES = """
turn: opponent
players:
  me:
    hand:
      - id: HY
        card:
          name: 貝獣 ヒヨク
          type: creature
          text: このカードを自分の手札から捨てる時、墓地に置くかわりに自分のNEOクリーチャー1体の下に置いてもよい。
    battle: [{id: N1, card: {name: NEOのクリーチャー, type: neo_creature}}]
  opponent: {}
effect: {controller: opponent, by: ability, events: [{id: e1, discard: HY}, {id: e2, destroy: N1}]}
"""


def test_a_card_put_under_a_card_its_player_picks_that_leaves_in_the_same_window_is_refused():
    """ヒヨク discarded while its player's one NEO creature is destroyed at once: picked before the events (609.9a),
    the creature then leaves, and where ヒヨク ends no rule or ruling says."""
    with pytest.raises(dmrules.InputError, match="a card is put under a card that leaves the battle zone"):
        dmrules.solve(scenario(HIYOKU_HOST_LEAVES))


@pytest.mark.parametrize(
    "cause, count", [("deck_out", 2), ("effect", 2), ("opponent_wins", 2), ("not_attack", 2), ("no_shields", 1)]
)
def test_a_win_by_other_means_than_a_creatures_attack_is_any_loss_but_one_by_the_attack(cause, count):
    """完全防御革命: 「相手が、クリーチャーによる攻撃以外の方法でゲームに勝つ時、かわりに自分の手札にあるこのカードを
    捨ててもよい」: a loss by the last card drawn, an effect or the opponent's win may be replaced; one with no shields
    left under a direct attack may not."""
    text = f"""
turn: opponent
players:
  me:
    hand: [{{id: PD, card: 完全防御革命, cost: 3, civilizations: [fire]}}]
  opponent:
    battle: [{{id: X, card: {{name: 攻撃するクリーチャー, type: creature, cost: 5, power: 5000}}}}]
effect: {{source: X, controller: opponent, by: ability, events: [{{id: e1, lose: me, cause: {cause}}}]}}
"""
    assert len(dmrules.solve(scenario(text)).resolutions) == count


def test_a_loss_of_no_cause_the_vocabulary_names_is_refused():
    text = """
turn: opponent
players: {me: {}, opponent: {}}
effect: {controller: opponent, events: [{id: e1, lose: me, cause: special}]}
"""
    assert "unknown value 'special'" in refused(text)


def test_a_creature_put_onto_a_shield_instead_is_no_card_put_under_a_leaving_one():
    """コヴ・シディア's 「このクリーチャーが破壊される時、墓地に置くかわりに、表向きのまま、自分のシールド１つの上に
    置く」: the shield goes under the creature that leaves the battle zone for the shield zone, which is no card put
    under a creature that leaves."""
    text = """
turn: opponent
players:
  me:
    battle:
      - id: K
        card:
          name: 盾の上に行くクリーチャー
          type: creature
          power: 3000
          text: このクリーチャーが破壊される時、墓地に置くかわりに、表向きのまま、自分のシールド１つの上に置く。
    shields: [s1]
  opponent:
    battle: [{id: X, card: {name: 破壊者, type: creature}}]
effect: {source: X, controller: opponent, events: [{destroy: K}]}
"""
    solution = dmrules.solve(scenario(text))
    assert [(r.final["K"], r.stacked.get("s1")) for r in solution.resolutions] == [("shields", "K")]


EX_LIFE_ESCAPE = """
turn: opponent
players:
  me:
    battle:
      - id: BD
        card:
          name: 聖魔連結王 バロディアス
          type: creature
          civilizations: [light]
          races: [ディスペクター]
          cost: 8
          power: 13000
          text: "EXライフ_REMINDER / T・ブレイカー"
      - {id: GT, card: 霊騎ガルテオ, civilizations: [light], cost: 5, power: 5000, races: [エンジェル]}
    shields: [{id: EX, ex_life_of: BD}%s]
  opponent:
    battle: [{id: X, card: {name: 破壊するクリーチャー, type: creature, cost: 5, power: 5000}}]
effect: {source: X, controller: opponent, by: ability, events: [{id: e1, destroy: BD}, {id: e2, destroy: GT}]}
""".replace(
    "EXライフ_REMINDER",
    "EXライフ(このクリーチャーを出す時、自分の山札の上から1枚目をシールド化する。"
    "このクリーチャーが離れる時、かわりにそのシールドを墓地に置く)",
)


@pytest.mark.parametrize(
    "more, expected",
    [
        # the one shield: EXライフ puts it into the graveyard, or ガルテオ's エスケープ takes it and EXライフ, which
        # cannot then be performed, does not apply (609.4, 609.9b)
        ("", [("battle", "graveyard", "graveyard"), ("graveyard", "battle", "hand")]),
        # another shield: エスケープ may take either, or none
        (
            ", s2",
            [("battle", "battle", "graveyard"), ("battle", "graveyard", "graveyard"), ("graveyard", "battle", "hand")],
        ),
    ],
)
def test_an_ex_life_shield_another_replacement_takes_first_leaves_ex_life_nothing_to_do(more, expected):
    solution = dmrules.solve(scenario(EX_LIFE_ESCAPE % more))
    assert finals(solution, "BD", "GT", "EX") == expected


OTHER_SHIELD = """
title: a shield other than the one broken
ruleset: dm
turn: opponent
players:
  me:
    battle:
      - {id: G, card: {name: 盾の番人, type: creature, power: 1000, cost: 3, civilizations: [light], races: [テスト],
          text: "自分のシールドがブレイクされる時、かわりに自分の他のシールドを1つ%s"}}
    shields: [s1, s2]
  opponent:
    battle:
      - {id: Z, card: {name: 攻撃するクリーチャー, type: creature, power: 1000, cost: 3, civilizations: [fire]}}
effect:
  source: Z
  controller: opponent
  by: attack
  events:
    - {id: e1, break: s1}
"""


@pytest.mark.parametrize(
    "instead, to", [("墓地に置いてもよい", "graveyard"), ("手札に加えてもよい", "hand")], ids=["graveyard", "hand"]
)
def test_another_shield_instead_of_the_one_broken_is_never_that_shield(instead, to):
    """「かわりに自分の他のシールドを1つ…」: the shield broken is no 「他のシールド」 (the ability's card, which
    「他の」 leaves out elsewhere, is no shield): s1 broken, or s2 taken instead; never s1 taken in place of its
    own break."""
    solution = dmrules.solve(scenario(OTHER_SHIELD % instead))
    assert finals(solution, "s1", "s2") == sorted([("hand", "shields"), ("shields", to)])


# -- Duel Masters Play's zone limits (DMPS-1, DMPS-2) -----------------------------------------------

TWO_TO_A_HAND_OF_NINE = """
ruleset: dmps
turn: opponent
players:
  me:
    battle:
      - {id: L, card: {name: 左, type: creature, text: "このクリーチャーが破壊される時、かわりに手札に戻す。"}}
      - {id: R, card: {name: 右, type: creature, text: "このクリーチャーが破壊される時、かわりに手札に戻す。"}}
    hand: [h1, h2, h3, h4, h5, h6, h7, h8, h9]
  opponent:
    battle:
      - {id: X, card: {name: 破壊するクリーチャー, type: creature}}
effect: {source: X, controller: opponent, by: ability, events: %s}
"""


@pytest.mark.parametrize("events", ["[{destroy: L}, {destroy: R}]", "[{destroy: R}, {destroy: L}]"])
def test_only_the_cards_past_a_zones_room_overflow_in_board_order(events):
    """A hand of 9 and two creatures returned to it instead at once: the hand holds 10, so one card overflows, the
    one whose replacement applies last, in board order (DMPS-1, DMPS-2): R, the right one, whatever the listing."""
    assert finals(dmrules.solve(scenario(TWO_TO_A_HAND_OF_NINE % events)), "L", "R") == [("hand", "graveyard")]


def test_which_of_the_cards_an_effect_moves_at_once_overflows_is_refused():
    """Two creatures the effect itself returns to a hand of 9 at once: which arrives first, and so which overflows,
    no rule or ruling says: refused, never decided by the order the scenario lists them in."""
    text = TWO_TO_A_HAND_OF_NINE.replace("text: ", "note: ") % "[{return_to_hand: L}, {return_to_hand: R}]"
    with pytest.raises(dmrules.InputError, match="depends on the order they arrive in"):
        dmrules.solve(scenario(text))


MADNESS_INTO_SEVEN = """
ruleset: dmps
turn: opponent
players:
  me:
    battle:
      - id: W
        card:
          name: 出るのを見張る
          type: creature
          triggers:
            - text: 自分のクリーチャーが出た時、カードを1枚引く。
              watch: {event: enter, card: {whose: own, type: creature}}
      - c2
      - c3
      - c4
      - c5
      - c6
      - {id: c7, owner: %s}
    hand:
      - {id: RK, card: 永遠のリュウセイ・カイザー}
  opponent:
    hand:
      - {id: GT, card: ゴースト・タッチ}
effect: {source: GT, controller: opponent, by: spell, events: [{id: e1, discard: RK}]}
"""


@pytest.mark.parametrize("owner", ["me", "opponent"])
def test_a_battle_zone_is_its_controllers_and_a_creature_over_its_limit_triggers_nothing(owner):
    """Seven elements I control, one of them the opponent's card: my battle zone is full either way, so the
    creature マッドネス may put there overflows, and no 「出た時」 ability triggers on its being put there (M04)."""
    solution = dmrules.solve(scenario(MADNESS_INTO_SEVEN % owner))
    assert finals(solution, "RK") == [("graveyard",), ("graveyard",)]  # discarded, or put out and overflowed
    assert any(r.applied for r in solution.resolutions)
    assert not any(r.triggered for r in solution.resolutions)


AFTERWARDS_DISCARD = """
turn: opponent
players:
  me:
    battle:
      - id: J
        card:
          name: 守るクリーチャー
          type: creature
          text: このクリーチャーが破壊される時、かわりに%sてもよい。その後、自分の手札を1枚捨てる。
      - {id: BL, card: 墓守の鐘ベルリン}
    hand: [h1, h2]
    mana: [m1]
    deck: [d1, d2, d3]
  opponent:
    battle:
      - {id: X, card: {name: 破壊するクリーチャー, type: creature}}
effect: {source: X, controller: opponent, by: ability, events: [{id: e1, destroy: J}]}
"""


def test_what_a_replacement_does_afterwards_keeps_the_source_of_the_event_it_replaced():
    """「かわりにカードを1枚引いてもよい。その後、自分の手札を1枚捨てる」: the discard after 「その後、」 is part of
    what the replacement makes happen, so it is the opponent's ability's (110.5) and 墓守の鐘ベルリン's
    「相手の…能力によって自分の手札が捨てられた時」 triggers on it (seed 000: the replacement's discard of
    シャン・ベル)."""
    solution = dmrules.solve(scenario(AFTERWARDS_DISCARD % "自分のマナゾーンのカードを1枚墓地に置い"))
    replaced = [r for r in solution.resolutions if r.applied]
    assert len(replaced) == 2  # h1 or h2 discarded
    assert all(any(t.card == "BL" for t in r.triggered) for r in replaced)


def test_what_a_replacement_does_afterwards_is_refused_where_it_could_take_what_it_just_put_there():
    """「かわりにカードを1枚引いてもよい。その後、自分の手札を1枚捨てる」: the card drawn is in the hand the discard
    chooses from; chosen as the replacement is decided (609.9a), the discard could not take it, which the step after
    the window cannot say: refused, never listed as a discard of the card drawn."""
    with pytest.raises(dmrules.InputError, match="「その後、」 step chooses cards"):
        dmrules.solve(scenario(AFTERWARDS_DISCARD % "カードを1枚引い"))


TWO_FOLLOW_UPS = """
turn: opponent
players:
  me:
    battle:
      - id: A
        card:
          name: 戻って捨てる
          type: creature
          text: >-
            このクリーチャーが破壊される時、墓地に置くかわりに手札に戻してもよい。そうした場合、自分の手札を1枚捨てる。
      - id: B
        card:
          name: マナ払いドロー
          type: creature
          text: >-
            このクリーチャーが破壊される時、かわりに自分のマナゾーンのカードを1枚墓地に置いてもよい。そうした場合、
            カードを1枚引く。
    mana: [m1]
    deck: [d1, d2]
  opponent:
    battle:
      - {id: X, card: {name: 破壊するクリーチャー, type: creature}}
effect: {source: X, controller: opponent, by: ability, events: [{id: e1, destroy: A}, {id: e2, destroy: B}]}
"""


def test_the_follow_ups_of_two_replacements_applied_at_once_are_refused_whatever_the_listing_order():
    """Two replacements applied in one window, each with a 「そうした場合」 (a window of its own, 101.5a): in which
    order they come, no rule or ruling says, and the order decides what the discard may take; refused, whichever
    event the scenario lists first, never answered in the order of the listing."""
    reordered = TWO_FOLLOW_UPS.replace(
        "[{id: e1, destroy: A}, {id: e2, destroy: B}]", "[{id: e2, destroy: B}, {id: e1, destroy: A}]"
    )
    for text in (TWO_FOLLOW_UPS, reordered):
        with pytest.raises(dmrules.InputError, match="in which order those come"):
            dmrules.solve(scenario(text))


def test_two_silent_skills_that_take_the_top_cards_of_one_deck_are_refused():
    """ミルポロ (the top card into the hand) and 予言者カエミラ (the top card into the shields), both used instead of
    untapping: which takes the first card depends on their order, which no rule or ruling settles here; refused,
    never one order alone."""
    text = """
    turn: me
    players:
      me:
        battle:
          - {id: MP, card: ミルポロ, tapped: true}
          - {id: KM, card: 予言者カエミラ, tapped: true}
        deck: [d1, d2, d3]
      opponent: {}
    effect: {controller: me, by: rule, events: [{id: e1, untap: MP}, {id: e2, untap: KM}]}
    """
    with pytest.raises(dmrules.InputError, match="in which order those come"):
        dmrules.solve(scenario(text))


AFTERWARDS_OTHER = """
turn: opponent
players:
  me:
    battle:
      - id: A
        card:
          name: 捨てて他を破壊
          type: creature
          text: >-
            このクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。その後、自分の他のクリーチャーを1体破壊する。
      - {id: X, card: {name: 自分のクリーチャー, type: creature}}
    hand: [h1]
  opponent:
    battle:
      - {id: Z, card: {name: 効果のクリーチャー, type: creature}}
effect: {source: Z, controller: opponent, by: ability, events: [{id: e1, destroy: A}]}
"""


def test_the_other_creature_of_a_replacements_afterwards_step_is_read_from_its_own_card():
    """「…かわりに自分の手札を1枚捨ててもよい。その後、自分の他のクリーチャーを1体破壊する」: the step's events are the
    replaced event's (110.5), but 「自分の他の」 is read from A, whose text it is: X is destroyed, never A itself."""
    assert finals(dmrules.solve(scenario(AFTERWARDS_OTHER)), "A", "X", "h1") == [
        ("battle", "graveyard", "graveyard"),
        ("graveyard", "battle", "hand"),
    ]


PHOENIX_LIKE = (
    "{name: 不死鳥もどき, type: creature, text: このクリーチャーがバトルゾーンを離れる時、このクリーチャーを墓地に置く"
    "かわりに自分のマナゾーンから火のクリーチャーを1体、手札に戻してもよい。その後、このクリーチャーを山札に戻し、"
    "シャッフルする。}"
)


def test_follow_ups_that_act_on_their_own_card_alone_come_out_the_same_in_any_order():
    """Two creatures destroyed at once, each with 「その後、このクリーチャーを山札に戻し、シャッフルする」 (the step of
    龍炎凰インフィニティ・フェニックス, whose 「好きな数」 is refused: any_number_then): each step acts on its own
    card alone, so their order decides nothing and the window is solved."""
    text = f"""
turn: opponent
players:
  me:
    battle: [{{id: P, card: {PHOENIX_LIKE}}}, {{id: Q, card: {PHOENIX_LIKE}}}]
    mana: [{{id: m1, card: ボルシャック・ドラゴン}}, {{id: m2, card: ボルシャック・ドラゴン}}]
  opponent:
    battle: [{{id: Z, card: {{name: 効果のクリーチャー, type: creature}}}}]
effect: {{source: Z, controller: opponent, by: ability, events: [{{id: e1, destroy: P}}, {{id: e2, destroy: Q}}]}}
"""
    assert ("deck", "deck") in finals(dmrules.solve(scenario(text)), "P", "Q")


def test_any_number_taken_instead_with_a_step_after_it_is_refused_by_name():
    """龍炎凰インフィニティ・フェニックス's printed 「…好きな数、手札に戻してもよい。その後、このクリーチャーを山札に
    戻し、シャッフルする」: applied with none taken, it still goes to the deck, which not applying it does not do;
    whether it may be applied so, no rule or ruling says (a review found the choice of none left out)."""
    text = """
turn: opponent
players:
  me:
    battle: [{id: P, card: 龍炎凰インフィニティ・フェニックス}]
    mana: [m1]
    deck: [d1, d2]
  opponent:
    battle: [{id: X, card: {name: 破壊のクリーチャー, type: creature}}]
effect: {source: X, controller: opponent, events: [{id: e1, destroy: P}]}
"""
    assert "「その後、」 step: applied with none taken" in refused_solving(text)


def test_a_cards_own_ability_under_a_condition_on_itself_is_read():
    """「このクリーチャーがタップされていれば、このクリーチャーは「シールド・セイバー」を得る」: the card gives the
    keyword to itself, so the condition is read on the card that has it: no grant to others, read."""
    result = compile_text("このクリーチャーがタップされていれば、このクリーチャーは「シールド・セイバー」を得る。")
    (ability,) = result.abilities
    assert ability.granted_to is None and [c.word for c in ability.conditions] == ["this_tapped"]


# -- a card stacked under another card has its characteristics ignored (200.3a) ---------------------------------------

STACKED = """
turn: opponent
players:
  me:
    battle:
      - {id: EV, card: {name: 進化クリーチャーA, type: evolution_creature, power: 9000, cost: 7}}
      - {id: AQ, card: アクア・ソルジャー, under: EV}
      - {id: SV, card: {name: 見守るクリーチャー, type: creature, power: 1000, replacements: [SAVER]}}
      - id: KZ
        card:
          name: 見届けるクリーチャー
          type: creature
          power: 1000
          triggers:
            - {watch: {event: destroy, card: {whose: own, type: creature}}, text: 自分のクリーチャーが破壊された時}
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: AQ}]}
"""


@pytest.mark.parametrize(
    "watched, finals_, triggered",
    [
        ("{whose: own, type: creature}", [("graveyard", "battle")], []),
        ("{whose: own, race: リキッド・ピープル}", [("graveyard", "battle")], []),
        ("{whose: own}", [("battle", "graveyard"), ("graveyard", "battle")], []),
    ],
)
def test_a_card_under_an_evolution_creature_is_no_creature_a_watch_sees(watched, finals_, triggered):
    """An effect that names cards destroys the アクア・ソルジャー under an evolution creature (200.3a: its
    characteristics are ignored, an effect naming cards reads them). A replacement watching 「自分のクリーチャー」
    or 「自分のリキッド・ピープル」 does not see it; one watching 「自分のカード」 does; a trigger on 「自分の
    クリーチャーが破壊された時」 does not trigger (603.5c: it was no creature just before it left)."""
    saver = f"{{watch: {{event: destroy, card: {watched}}}, instead: [stay, destroy_this], optional: true}}"
    solution = dmrules.solve(scenario(STACKED.replace("SAVER", saver)))
    assert finals(solution, "AQ", "SV") == finals_
    assert [[(t.card, t.event) for t in r.triggered if t.event == "e1"] for r in solution.resolutions] == [
        triggered
    ] * len(finals_)


TECH_DAN = """
turn: opponent
players:
  me:
    battle:
      - {id: EV, card: {name: 進化クリーチャーA, type: evolution_creature, power: 9000, cost: 7}}
      - {id: U, card: {name: 下のクリーチャー, type: creature, power: 2000, cost: 2}, under: EV}
      - {id: C, card: {name: 普通のクリーチャー, type: creature, power: 2000, cost: 3}}
  opponent:
    hand: [{id: TG, card: テック団の波壊Go！}]
effect: {source: TG, controller: opponent, by: spell, events: [{id: e1, return_to_hand: {all: FILTER}}]}
"""


@pytest.mark.parametrize(
    "every, final",
    [
        ("{whose: opponent, cost_max: 5}", ("battle", "hand", "hand")),
        ("{whose: opponent, type: creature, cost_max: 5}", ("battle", "battle", "hand")),
    ],
)
def test_an_effect_naming_cards_takes_the_card_under_an_evolution_creature_whose_cost_fits(every, final):
    """「バトルゾーンにある相手のコスト5以下のカードをすべて、持ち主の手札に戻す」 (テック団の波壊Go!, the example of
    200.3a): the cost 2 card under a cost 7 evolution creature returns to the hand, out from under it; an effect
    naming creatures does not read it."""
    solution = dmrules.solve(scenario(TECH_DAN.replace("FILTER", every)))
    assert finals(solution, "EV", "U", "C") == [final]


# -- a spell put back into the zone it was cast from was not put into it (409.2a) -------------------------------------

CAST_BACK = """
turn: me
players:
  me:
    battle:
      - id: BV
        card:
          name: ブロッケン・ヴォーン
          type: creature
          replacements:
            - watch: {event: spell_to_graveyard, card: {whose: own, type: spell}, cast_from: mana}
              instead: [{move_to: mana}]
      - id: W
        card:
          name: 見張るクリーチャー
          type: creature
          triggers: [{watch: {event: WATCHED, card: {whose: own}}, text: 自分のカードが置かれた時}]
    ZONE: [{id: S, card: {name: 唱える呪文, type: spell}}]
  opponent: {}
effect: {source: S, controller: me, by: spell, cast_from: ZONE, events: [{id: e1, spell_to_graveyard: S}]}
"""


@pytest.mark.parametrize(
    "zone, watched, final, triggers",
    [
        ("graveyard", "put_into_graveyard", "graveyard", 0),  # back into the graveyard it was cast from
        ("mana", "put_into_mana", "mana", 0),  # back into the mana zone by ブロッケン・ヴォーン
        ("hand", "put_into_graveyard", "graveyard", 1),  # from the hand into the graveyard: put into it
    ],
)
def test_a_spell_put_back_into_the_zone_it_was_cast_from_triggers_nothing(zone, watched, final, triggers):
    """409.2a, its first example (a spell cast from the graveyard that goes back there): the card was not put into
    that zone, and no ability triggers on its being put there."""
    text = CAST_BACK.replace("ZONE", zone).replace("WATCHED", watched)
    (resolution,) = dmrules.solve(scenario(text)).resolutions
    assert resolution.final["S"] == final
    assert len([t for t in resolution.triggered if t.card == "W"]) == triggers


# -- a break or discard of several cards at once, every part replaced, triggers nothing as a whole (603.2d) ----------

ONCE_TRIGGER = """
turn: opponent
players:
  me:
    battle:
      - id: W
        card:
          name: 見張るクリーチャー
          type: creature
          triggers: [{watch: {event: KIND, card: {whose: own}, once: true}, text: 自分の…された時}]
    CARDS
  opponent:
    battle: [{id: X, card: {name: 相手のクリーチャー, type: creature}}]
effect: {source: X, controller: opponent, by: ability, events: [{id: e1, EVENT}]}
"""


@pytest.mark.parametrize(
    "kind, cards, event",
    [
        # 「雷光の聖騎士」 may take each shield of a W-break (one of h1 or h2 discarded for each)
        ("break", "hand: [h1, h2]\n    shields: [s1, s2]\n    battle_: []", "break: [s1, s2]"),
        # both 永遠のリュウセイ・カイザー of one discard enter the battle zone by マッドネス instead (R67)
        (
            "discard",
            "hand: [{id: s1, card: 永遠のリュウセイ・カイザー}, {id: s2, card: 永遠のリュウセイ・カイザー}]",
            "discard: [s1, s2]",
        ),
    ],
)
def test_a_trigger_on_several_cards_at_once_triggers_only_if_one_of_them_was_not_replaced(kind, cards, event):
    text = ONCE_TRIGGER.replace("KIND", kind).replace("CARDS", cards).replace("EVENT", event)
    if kind == "break":
        text = text.replace("    battle_: []", "").replace(
            "      - id: W\n", "      - {id: RK, card: 「雷光の聖騎士」}\n      - id: W\n"
        )
    solution = dmrules.solve(scenario(text))
    seen = set()
    for r in solution.resolutions:
        replaced = {a.event for a in r.applied}
        seen.add((replaced >= {"e1.1", "e1.2"}, len(r.triggered)))
    assert seen == {(False, 1), (True, 0)}


def test_a_card_over_a_zones_limit_overflows_before_the_effects_next_step():
    """Duel Masters Play's: a card drawn into a hand of 10 goes to the graveyard as it moves (the game's help: a card
    moving over a zone's limit is put into the graveyard), before the effect's next step discards one of the ten:
    10 resolutions, the drawn card always in the graveyard."""
    text = """
ruleset: dmps
turn: me
players:
  me:
    hand: [h1, h2, h3, h4, h5, h6, h7, h8, h9, h10]
    deck: [d1, d2, d3]
  opponent: {}
effect:
  controller: me
  by: ability
  events: [{id: e1, draw: me}]
  then: [{events: [{id: e2, discard: {choose: {count: 1, from: hand, whose: own}}}]}]
"""
    solution = dmrules.solve(scenario(text))
    assert sorted(r.final["d1"] for r in solution.resolutions) == ["graveyard"] * 10
    assert sorted(c for r in solution.resolutions for c, z in r.final.items() if c.startswith("h") and z != "hand") == [
        f"h{i}" for i in sorted(range(1, 11), key=str)
    ]


SELF_THEN_OTHER = """
ruleset: RULESET
turn: me
players:
  me:
    battle:
      - {id: TW, card: 大地の塔}
      - {id: U, card: {name: ユニット, type: creature}}
  opponent:
    battle: [{id: X, card: {name: 相手のユニット, type: creature}}]
effect:
  source: X
  controller: opponent
  by: ability
  events: [{id: e1, return_to_hand: U}]
  instead:
    if: [{zone: battle, whose: own, at_least: 1}]
    events: [{id: e1, kind: move, card: U, to: graveyard}]
"""


@pytest.mark.parametrize("ruleset, final", [("sequential", "mana"), ("dm", "graveyard")])
def test_the_effects_own_instead_is_replaced_further_only_under_dimension_zero(ruleset, final):
    """The effect's own 「かわりに」 sends U to the graveyard. Dimension Zero applies the self-replacement first, then
    the others (D0-6): 大地の塔, mandatory, sends it to the energy zone (mana). The card game does not replace it
    further (E15)."""
    solution = dmrules.solve(scenario(SELF_THEN_OTHER.replace("RULESET", ruleset)))
    assert finals(solution, "U") == [(final,)]


def test_a_grant_to_my_creatures_gives_nothing_to_a_card_in_the_hand():
    """「自分のクリーチャーはすべて「マッドネス」を得る」: the creatures in the battle zone get it (where it does
    nothing); the creature discarded from the hand is none of them and goes to the graveyard."""
    text = """
turn: opponent
players:
  me:
    battle:
      - id: G
        card:
          name: 与えるクリーチャー
          type: creature
          power: 1000
          text: 自分のクリーチャーはすべて「マッドネス」を得る。
    hand: [{id: H, card: {name: 手札のクリーチャー, type: creature, power: 1000}}]
  opponent: {}
effect: {controller: opponent, by: ability, events: [{id: e1, discard: H}]}
"""
    assert finals(dmrules.solve(scenario(text.replace("PUT_OUT", "バトルゾーンに出してもよい。"))), "H") == [
        ("graveyard",)
    ]


# -- a flipped card is the card its 'flips_to' names when the card pool has it ---------------------------------

FLIPS_TO = """
turn: opponent
players:
  me:
    battle:
      - id: A
        card: {name: 試しの覚醒者, type: psychic_creature, civilizations: [fire], cost: 7, power: 11000,
               flips_to: %s, text: 解除}
  opponent:
    battle:
      - {id: X, card: {name: 破壊するクリーチャー, type: creature, cost: 5, power: 5000}}
effect:
  source: X
  controller: opponent
  by: ability
  events: [{id: e1, destroy: A}]
  then: [{events: [{id: e2, destroy: A}]}]
"""


def test_a_flipped_card_has_the_abilities_of_the_bundled_side_it_flipped_to():
    """恐気の覚醒者ランブル・レクター, the bundled side named, has a 解除 of its own: flipped by the first
    destruction, the card is that side, whose 解除 replaces the second one too (an unknown side has
    none: R81)."""
    solution = dmrules.solve(scenario(FLIPS_TO % "恐気の覚醒者ランブル・レクター"))
    assert finals(solution, "A") == [("battle",)]
    assert [len(r.applied) for r in solution.resolutions] == [2]
    unknown = dmrules.solve(scenario(FLIPS_TO % "どこにもない覚醒者"))
    assert finals(unknown, "A") == [("hyperspatial",)]


def test_a_side_to_flip_to_whose_text_is_unread_is_refused():
    """キュロロ's text is not read yet (a bundled card named as the other side here): a card that may flip
    to it is refused, never played as a side with no abilities."""
    problem = refused(FLIPS_TO % "キュロロ")
    assert "its other side キュロロ ('flips_to')" in problem
    assert "cannot read its printed text yet" in problem


# -- 「バトルゾーンにある相手のクリーチャーの能力によって」: a creature in the battle zone is the source ------------

KIL = """
turn: opponent
players:
  me:
    battle:
      - {id: K, card: 時空の喧嘩屋キル}
      - {id: P, card: 時空の凶兵ブラック・ガンヴィート}
  opponent:
    %s:
      - {id: C, card: {name: 戻すクリーチャー, type: creature, cost: 3, power: 2000}}
effect: {%s controller: opponent, by: ability, events: [{id: e1, return_to_hand: P}]}
"""


def test_an_ability_of_a_creature_in_the_battle_zone_is_what_kil_watches():
    """時空の喧嘩屋キル: 「相手の呪文またはバトルゾーンにある相手のクリーチャーの能力によって、自分のサイキック・
    クリーチャーが手札に戻される時、…バトルゾーンにとどまる」 (mandatory). A creature's ability from the battle
    zone: P stays; from the graveyard (a creature's ability after it left): P is returned, and a psychic creature
    goes to the hyperspatial zone instead of the hand."""
    assert finals(dmrules.solve(scenario(KIL % ("battle", "source: C,"))), "P") == [("battle",)]
    assert finals(dmrules.solve(scenario(KIL % ("graveyard", "source: C,"))), "P") == [("hyperspatial",)]


def test_an_effect_with_no_source_is_refused_where_a_text_reads_its_source():
    with pytest.raises(dmrules.InputError, match="give the effect's 'source'"):
        dmrules.solve(scenario(KIL % ("battle", "")))


# -- Duel Masters Play's: a mandatory replacement a card brought in board order makes applicable; the order of
# -- cards with no place on the board --------------------------------------------------------------------------


def test_a_mandatory_replacement_that_the_board_order_makes_applicable_applies():
    """P04 with セイント・シャン・メリー's discard made mandatory: once ブラックルシファー (on its left) returned
    the evolution demon to the empty hand, the discard can be made and must be (DMPS-2, 609.1): no resolution
    lets ブラックルシファー apply and シャン・メリー's creature simply be destroyed."""
    import yaml

    data = yaml.safe_load((FIXTURES / "P04-black-lucifer-saint-champagne-board-order.yaml").read_text(encoding="utf-8"))
    data.pop("expect", None)
    saint = next(c for c in data["players"]["me"]["battle"] if c["id"] == "SC")
    del saint["card"]["replacements"][0]["optional"]
    solution = dmrules.solve(dmrules.scenario_from_text(yaml.safe_dump(data, allow_unicode=True), "p04.yaml"))
    assert finals(solution, "BL", "SC", "EV") == [
        ("battle", "battle", "graveyard"),
        ("graveyard", "graveyard", "graveyard"),
    ]


MADNESS_OVERFLOW = """
ruleset: dmps
turn: opponent
players:
  me:
    battle: [W1, W2, W3, W4, W5, W6]
    hand:
      - {id: %s, card: {name: 捨てられると出る一, type: creature, cost: 5, power: 5000, text: %s}}
      - {id: %s, card: {name: 捨てられると出る二, type: creature, cost: 5, power: 5000, text: %s}}
  opponent:
    battle:
      - {id: X, card: {name: 捨てさせるクリーチャー, type: creature}}
effect: {source: X, controller: opponent, by: ability, events: [{id: e1, discard: [A, B]}]}
"""
MADNESS = "相手のターン中、このクリーチャーが自分の手札から捨てられる時、墓地に置くかわりにバトルゾーンに置く。"


@pytest.mark.parametrize("first", ["A", "B"])
def test_two_cards_of_the_hand_put_out_instead_into_one_room_are_refused_whatever_their_written_order(first):
    """Duel Masters Play's battle zone holds 7: two discarded cards put out instead arrive for one place. Neither
    has a place on the board, so which arrives first (and stays) no rule says, whichever is written first."""
    second = "B" if first == "A" else "A"
    text = MADNESS_OVERFLOW % (first, MADNESS, second, MADNESS)
    with pytest.raises(dmrules.InputError, match="which of them overflow depends on the order they arrive in"):
        dmrules.solve(scenario(text))


NO_SOURCE = """
turn: opponent
players:
  me:
    battle:
      - id: A
        card: {name: テストA, type: creature, power: 3000,
               text: このクリーチャーが相手のクリーチャーの能力によって破壊される時、墓地に置くかわりに手札に戻す。}
  opponent: {}
effect: {controller: opponent, by: %s, events: [{id: e1, destroy: A}]}
"""


def test_an_effect_with_no_source_is_refused_only_where_its_source_could_decide():
    """A spell's destruction is no creature's ability whatever its source: no replacement, A is destroyed. An
    ability's with no source could be a creature's: refused."""
    assert finals(dmrules.solve(scenario(NO_SOURCE % "spell")), "A") == [("graveyard",)]
    with pytest.raises(dmrules.InputError, match="give the effect's 'source'"):
        dmrules.solve(scenario(NO_SOURCE % "ability"))


NEO_UNDER_COUNTED = """
turn: opponent
players:
  me:
    battle:
      - id: W
        card:
          name: 見張り
          type: creature
          power: 3000
          text: 自分の他の進化クリーチャーがバトルゾーンにある間、このクリーチャーが破壊される時、かわりに手札に戻す。
      - {id: N, card: {name: NEOクリーチャー, type: neo_creature, power: 5000}}
UNDER
  opponent:
    hand:
      - {id: S, card: {name: 破壊の呪文, type: spell}}
effect: {source: S, controller: opponent, by: spell, events: [{id: e1, destroy: W}]}
"""


@pytest.mark.parametrize(
    ("under", "where"),
    [
        ("      - {id: u, under: N, card: {name: 下のクリーチャー, type: creature, power: 1000}}", "hand"),
        ("", "graveyard"),
    ],
)
def test_a_neo_creature_counts_as_an_evolution_creature_only_with_a_card_under_it(under, where):
    """A condition counting 「進化クリーチャー」 (worked out in Python) counts a NEO creature with a card under it
    (a NEO evolution creature) and not one alone."""
    solution = dmrules.solve(scenario(NEO_UNDER_COUNTED.replace("UNDER\n", under + "\n" if under else "")))
    assert finals(solution, "W") == [(where,)]


def test_the_shields_broken_at_once_written_one_event_each_are_refused_where_a_text_reads_the_break_whole():
    """ジョギラスタ's 「1つ以上ブレイクされる時」 replaces a break of several shields as a whole: written as one event
    each, the two breaks would each be replaced (two of the opponent's shields broken instead of one)."""
    text = (FIXTURES / "B24-jogirasta-multi-break.yaml").read_text(encoding="utf-8")
    text = text[: text.index("expect:")]
    assert "{id: e1, break: [s1, s2]}" in text
    separate = text.replace("{id: e1, break: [s1, s2]}", "{id: e1, break: s1}\n    - {id: e2, break: s2}")
    assert "name them in one event" in refused_solving(separate)
    # a choice of two shields to break, or a break of two beside one of a third, likewise
    chosen = text.replace("{id: e1, break: [s1, s2]}", "{id: e1, break: {choose: {count: 2}}}")
    assert "name them in one event" in refused_solving(chosen)
    three = separate.replace("shields: [s1, s2]", "shields: [s1, s2, s3]").replace("break: s2}", "break: s3}")
    assert "name them in one event" in refused_solving(three.replace("break: s1}", "break: [s1, s2]}"))
    # the opponent's shields, which ジョギラスタ does not watch, broken as an event each: solved
    theirs = separate.replace("shields: [o1]", "shields: [o1, o2]").replace("break: s1}", "break: o1}")
    theirs = theirs.replace("break: s2}", "break: o2}")
    assert dmrules.solve(scenario(theirs)).resolutions
    assert len(dmrules.solve(scenario(text)).resolutions) == 1


def _applied(text: str) -> list[tuple[tuple[str, str], ...]]:
    solution = dmrules.solve(scenario(text))
    return sorted(tuple(sorted((a.event, a.replacement.id) for a in r.applied)) for r in solution.resolutions)


def test_a_break_watched_whole_is_not_replaced_once_a_shield_of_it_was():
    """V61's ボルメテウス・ホワイト・ドラゴン replaces the break of each of my shields before ジョギラスタ's
    「1つ以上ブレイクされる時」 could. With an optional replacement of the turn player's instead, which may take one
    shield's break alone, the break was replaced and ジョギラスタ replaces it no more (609.3): the other shield is
    broken; declined on both, ジョギラスタ's mandatory replacement replaces the break."""
    text = (FIXTURES / "V61-white-breaks-before-jogirasta.yaml").read_text(encoding="utf-8")
    text = text[: text.index("expect:")]
    assert _applied(text) == [(("e1.1", "BW"), ("e1.2", "BW"))]
    optional = "{id: BW, card: {name: 焼くクリーチャー, type: creature, power: 7000, cost: 7, text: " + (
        "このクリーチャーがシールドをブレイクする時、かわりにそのシールドを墓地に置いてもよい。}}"
    )
    assert "{id: BW, card: ボルメテウス・ホワイト・ドラゴン}" in text
    assert _applied(text.replace("{id: BW, card: ボルメテウス・ホワイト・ドラゴン}", optional)) == [
        (("e1", "JG"),),
        (("e1.1", "BW"),),
        (("e1.1", "BW"), ("e1.2", "BW")),
        (("e1.2", "BW"),),
    ]


def test_a_break_watched_whole_or_a_shields_break_and_both_players_shields_broken_at_once():
    """Under the sequential ruleset the affected player orders ボルメテウス・ホワイト・ドラゴン and ジョギラスタ:
    after ホワイト replaced one shield's break, ジョギラスタ could replace the break of the rest (refused). Under dm,
    my own mandatory per-shield replacement beside ジョギラスタ is mine to choose against it. A break of both
    players' shields in one event is the break of ジョギラスタ's player's shields only in part: refused."""
    text = (FIXTURES / "V61-white-breaks-before-jogirasta.yaml").read_text(encoding="utf-8")
    text = text[: text.index("expect:")]
    assert "replaces the break of one of those shields first" in refused_solving(
        text.replace("ruleset: dm", "ruleset: sequential")
    )
    mine = "{id: M, card: {name: 守るクリーチャー, type: creature, power: 3000, cost: 3, text: " + (
        "自分のシールドがブレイクされる時、かわりにそのシールドを墓地に置く。}}"
    )
    attacker = "{id: BW, card: {name: 攻撃するクリーチャー, type: creature, power: 7000, cost: 7}}"
    beside = text.replace("{id: BW, card: ボルメテウス・ホワイト・ドラゴン}", attacker)
    beside = beside.replace(
        "- {id: JG, card: ジョギラスタ・ザ・ジョニー}", "- {id: JG, card: ジョギラスタ・ザ・ジョニー}\n      - " + mine
    )
    assert mine in beside and attacker in beside
    assert _applied(beside) == [(("e1", "JG"),), (("e1.1", "M"), ("e1.2", "M"))]
    both = text.replace("{id: BW, card: ボルメテウス・ホワイト・ドラゴン}", attacker)
    both = both.replace("shields: [o1]", "shields: [o1, o2]").replace("break: [s1, s2]", "break: [s1, o2]")
    assert "break: [s1, o2]" in both
    assert "shields of both players at once" in refused_solving(both)
    assert len(dmrules.solve(scenario(both.replace("break: [s1, o2]", "break: [s1, s2]"))).resolutions) == 2  # o1 or o2


BREAK_AND_DESTROY = """\
turn: opponent
players:
  me:
    battle:
      - {id: JG, card: ジョギラスタ・ザ・ジョニー}
      - {id: C, card: {name: 盾を削るクリーチャー, type: creature, power: 3000, cost: 3, text: "TEXT"}}
    shields: SHIELDS
  opponent:
    shields: [o1]
    battle: [{id: A, card: {name: 攻撃するクリーチャー, type: creature, power: 7000, cost: 7}}]
effect:
  source: A
  controller: opponent
  by: ability
  events:
    - {id: e1, break: [s1, s2]}
    - {id: e2, destroy: C}
"""


def test_a_break_watched_whole_is_still_owed_when_another_replacement_takes_one_of_its_shields_away():
    """C's 「破壊される時、かわりに自分のシールドを1枚墓地に置いてもよい」 may take s1 away from the break of s1 and s2:
    s2 is still broken, so ジョギラスタ's mandatory 「1つ以上ブレイクされる時」 still replaces the break (with o1)."""
    text = BREAK_AND_DESTROY.replace(
        "TEXT", "このクリーチャーが破壊される時、かわりに自分のシールドを1枚墓地に置いてもよい。"
    )
    solution = dmrules.solve(scenario(text.replace("SHIELDS", "[s1, s2, s3]")))
    got = sorted(
        (tuple(sorted((a.event, a.replacement.id, a.chosen) for a in r.applied)), r.final.get("o1"))
        for r in solution.resolutions
    )
    assert got == [
        ((("e1", "JG", ("o1",)),), "hand"),
        ((("e1", "JG", ("o1",)), ("e2", "C", ("s1",))), "hand"),
        ((("e1", "JG", ("o1",)), ("e2", "C", ("s2",))), "hand"),
        ((("e1", "JG", ("o1",)), ("e2", "C", ("s3",))), "hand"),
    ]


def test_a_break_of_shields_none_of_which_can_be_broken_is_no_event_for_a_text_that_watches_it_whole():
    """完璧城's shields cannot be broken (B29): a break of two of them at once breaks nothing, and ジョギラスタ's
    「1つ以上ブレイクされる時」 has no event to replace (609.5); with one breakable shield beside them it has."""
    text = BREAK_AND_DESTROY.replace("TEXT", "このクリーチャーは攻撃できない。").replace(
        "    - {id: e2, destroy: C}\n", ""
    )
    fortified = "[{id: s1, cannot_be_broken: true}, {id: s2, cannot_be_broken: true}]"
    (resolution,) = dmrules.solve(scenario(text.replace("SHIELDS", fortified))).resolutions
    assert resolution.applied == () and resolution.final.get("s1", "shields") == "shields"
    one = "[{id: s1, cannot_be_broken: true}, s2]"
    (resolution,) = dmrules.solve(scenario(text.replace("SHIELDS", one))).resolutions
    assert [(a.event, a.replacement.id) for a in resolution.applied] == [("e1", "JG")]


def test_a_break_watched_whole_whose_shields_cannot_be_broken_or_are_taken_away_has_no_event():
    """s1 cannot be broken; C may take s2 away: then no shield of the break is broken, and ジョギラスタ is not owed
    (609.5). As long as s2 is still broken it is (C taking s1, or nothing)."""
    text = BREAK_AND_DESTROY.replace(
        "TEXT", "このクリーチャーが破壊される時、かわりに自分のシールドを1枚墓地に置いてもよい。"
    )
    solution = dmrules.solve(scenario(text.replace("SHIELDS", "[{id: s1, cannot_be_broken: true}, s2]")))
    got = sorted(tuple(sorted((a.event, a.replacement.id, a.chosen) for a in r.applied)) for r in solution.resolutions)
    assert got == [
        (("e1", "JG", ("o1",)),),
        (("e1", "JG", ("o1",)), ("e2", "C", ("s1",))),
        (("e1", "JG", ("o1",)), ("e2", "C", ("s2",))),
        (("e2", "C", ("s2",)),),
    ]


def test_a_break_watched_whole_is_excused_only_by_the_decision_that_takes_its_last_shield():
    """On my turn I decide first: my C1 takes at most one of s1 and s2, so the other is still broken and my
    ジョギラスタ is owed; the opponent's C2, deciding after, taking the other cannot excuse it (609.9a)."""
    text = """\
turn: me
players:
  me:
    battle:
      - {id: JG, card: ジョギラスタ・ザ・ジョニー}
      - {id: C1, card: {name: 身代わり, type: creature, power: 1000, cost: 1, text: SAVE自分のSHIELD}}
    shields: [s1, s2]
  opponent:
    shields: [o1]
    battle:
      - {id: C2, card: {name: 道連れ, type: creature, power: 1000, cost: 1, text: SAVE相手のSHIELD}}
effect:
  source: C2
  controller: opponent
  by: ability
  events:
    - {id: e1, break: [s1, s2]}
    - {id: e2, destroy: C1}
    - {id: e3, destroy: C2}
"""
    text = text.replace("SAVE", "このクリーチャーが破壊される時、かわりに").replace(
        "SHIELD", "シールドを1枚墓地に置いてもよい。"
    )
    solution = dmrules.solve(scenario(text))
    assert len(solution.resolutions) == 7
    assert all(any(a.replacement.id == "JG" for a in r.applied) for r in solution.resolutions)


@pytest.mark.parametrize(("turn", "final"), [("me", ("mana", "mana")), ("opponent", ("graveyard", "hand"))])
def test_a_battle_partner_moved_by_its_own_replacement_first_cannot_be_moved_with_gashigashi(turn, final):
    """剛勇傀儡ガシガシ and 予言者プロキオン lose a battle to each other, both replacements mandatory. On my turn
    ガシガシ's goes first: both go to the mana zone. On the opponent's, プロキオン's goes first (its destruction, to
    the hand): ガシガシ's can no longer move it, so it cannot be performed (609.4) and ガシガシ is destroyed."""
    text = f"""
turn: {turn}
players:
  me:
    battle: [{{id: GS, card: 剛勇傀儡ガシガシ, flags: [blocking]}}]
  opponent:
    battle: [{{id: PR, card: 予言者プロキオン}}]
effect: {{source: PR, controller: opponent, by: attack, events: [{{id: e1, battle: [PR, GS]}}]}}
"""
    assert finals(dmrules.solve(scenario(text)), "GS", "PR") == [final]


LINKED_GODS = """
turn: opponent
players:
  me:
    battle:
      - {id: AK, card: 究極神アク, flags: [linked]}
      - {id: ZN, card: 超絶神ゼン, flags: [linked]}
  opponent:
    battle: [{id: X, card: {name: 全体破壊, type: creature}}]
effect: {source: X, controller: opponent, events: [{id: e1, EVENT}]}
"""


def test_a_linked_god_leaving_the_battle_zone_is_refused_by_name():
    """G・リンク: the linked gods are one creature, and one card of it is chosen to leave (「バトルゾーンを離れる時は、
    どちらか1枚を選ぶ」), which dmrules does not play: never both cards sent away as two creatures."""
    text = LINKED_GODS.replace("EVENT", "destroy: {all: {whose: opponent, type: creature}}")
    with pytest.raises(dmrules.InputError, match="not modelled: a linked god"):
        dmrules.solve(scenario(text))


def test_a_linked_god_that_stays_is_solved():
    text = LINKED_GODS.replace("EVENT", "destroy: X")
    assert finals(dmrules.solve(scenario(text)), "AK", "ZN", "X") == [("battle", "battle", "graveyard")]


INFINITY = """
turn: opponent
players:
  me:
    battle: [{id: ID, card: インフィニティ・ドラゴン FLAGS}]
    deck: [d1]
  opponent:
    battle: [{id: X, card: {name: 破壊役, type: creature}}]
effect: {source: X, controller: opponent, events: [{id: e1, destroy: ID}]}
"""


def test_a_hand_written_form_of_a_flags_case_alone_is_refused_without_the_flag():
    """インフィニティ・ドラゴン's form states a top card that is a ドラゴン or ファイアー・バード alone: without the
    flag, the top card milled and the dragon leaving anyway is not stated, so the situation is refused by name."""
    with pytest.raises(dmrules.InputError, match="states its ability for a flag's case"):
        dmrules.solve(scenario(INFINITY.replace(" FLAGS", "")))


def test_a_hand_written_form_of_a_flags_case_is_solved_with_the_flag():
    text = INFINITY.replace(" FLAGS", ", flags: [top_card_dragon_or_fire_bird]")
    assert finals(dmrules.solve(scenario(text)), "ID", "d1") == [("battle", "graveyard")]


SHIELDS_PUT_OUT = """
turn: opponent
players:
  me:
    battle:
      - id: K
        card: {name: 出し手, type: creature, text: "自分のシールドがブレイクされる時、かわりにそのシールドをPUT_OUT"}
    shields:
      - {id: S1, card: {name: 呪文の盾, type: TYPE}}
      - {id: S2, card: {name: 生き物の盾, type: creature}}
  opponent:
    battle: [{id: X, card: {name: 攻撃者, type: creature}}]
effect: {source: X, controller: opponent, by: attack, events: [{id: e1, break: [S1, S2]}]}
"""


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        # 403.1: a spell is never put into the battle zone, so the replacement cannot be applied to its shield (609.4)
        ("spell", [("hand", "battle"), ("hand", "hand")]),
        ("castle", [("hand", "battle"), ("hand", "hand")]),
        # a card with a creature side is put out as that creature
        ("[creature, spell]", [("battle", "battle"), ("battle", "hand"), ("hand", "battle"), ("hand", "hand")]),
    ],
)
def test_a_spell_or_castle_is_never_put_into_the_battle_zone_instead(kind, expected):
    text = SHIELDS_PUT_OUT.replace("TYPE", kind).replace("PUT_OUT", "バトルゾーンに出してもよい。")
    assert finals(dmrules.solve(scenario(text)), "S1", "S2") == expected


def test_a_spell_discarded_is_not_put_into_the_battle_zone_instead():
    text = """
    turn: opponent
    players:
      me:
        battle:
          - {id: K, card: {name: 出し手, type: creature, text: "自分のカードが手札から捨てられる時、かわりにPUT_OUT"}}
        hand: [{id: H, card: {name: 呪文札, type: spell}}]
      opponent:
        battle: [{id: X, card: {name: 捨てさせ役, type: creature}}]
    effect: {source: X, controller: opponent, events: [{id: e1, discard: H}]}
    """
    assert finals(dmrules.solve(scenario(text.replace("PUT_OUT", "バトルゾーンに出してもよい。"))), "H") == [
        ("graveyard",)
    ]


PUT_OUT = "バトルゾーンに出してもよい。"
EVOLUTION_PUT_OUT = """
turn: opponent
players:
  me:
    battle:
      - id: K
        card:
          name: 呼び手
          type: creature
          cost: 4
          text: "このクリーチャーが破壊される時、かわりに自分の墓地からコスト5以下のクリーチャーを1体PUT_OUT"
    graveyard:
      - {id: G, card: {name: 墓地の生き物, type: TYPE, cost: 5, races: [ドラゴン]}}
  opponent:
    battle: [{id: X, card: {name: 破壊役, type: creature, cost: 3}}]
effect: {source: X, controller: opponent, events: [{id: e1, destroy: K}]}
"""


def test_an_evolution_creature_put_into_the_battle_zone_instead_is_refused_by_name():
    """It goes onto a creature it evolves from and cannot go there without one: which it may go on is not followed,
    so the situation is refused, never listed as put out alone."""
    with pytest.raises(dmrules.InputError, match="would put an evolution creature into the battle zone"):
        dmrules.solve(scenario(EVOLUTION_PUT_OUT.replace("TYPE", "evolution_creature").replace("PUT_OUT", PUT_OUT)))


def test_a_creature_put_into_the_battle_zone_instead_is_solved():
    text = EVOLUTION_PUT_OUT.replace("TYPE", "creature").replace("PUT_OUT", PUT_OUT)
    assert finals(dmrules.solve(scenario(text)), "K", "G") == [("battle", "battle"), ("graveyard", "graveyard")]


CAST_FROM = """
turn: opponent
players:
  me:
    hand:
      - id: SP
        card: {name: 手札から唱えた呪文, type: spell, text: "この呪文を手札から唱えた後、墓地に置くかわりにDECK_BOTTOM"}
    deck: [d1]
  opponent: {}
effect: {source: SP, controller: me, by: spell, events: [{id: e1, spell_to_graveyard: SP, cast_from: ZONE}]}
"""


@pytest.mark.parametrize(("zone", "final"), [("hand", "deck"), ("shields", "deck"), ("mana", "graveyard")])
def test_a_spell_cast_with_s_trigger_was_cast_from_the_hand(zone, final):
    """Stated cast from the shields (with S・トリガー), the spell was put into the hand and cast from there (the wiki
    page 「裁きの紋章」): 「この呪文を手札から唱えた後」 sees it; cast from the mana zone, it does not."""
    text = CAST_FROM.replace("ZONE", zone).replace("DECK_BOTTOM", "山札の一番下に置く。")
    assert finals(dmrules.solve(scenario(text)), "SP") == [(final,)]


def test_only_a_spell_cast_with_s_trigger_is_seen_by_a_text_of_s_trigger_casts():
    """超神龍バイラス・ゲイル's 「S・トリガーを使って自分の呪文を唱えたとき、…手札に戻す」: a spell cast from the hand
    without S・トリガー is not returned."""
    text = """
    turn: opponent
    players:
      me:
        battle: [{id: BG, card: 超神龍バイラス・ゲイル}, {id: u1, under: BG}]
        shields: [{id: PC, card: スター・フラッシュ}]
      opponent: {}
    effect: {source: PC, controller: me, by: spell, events: [{id: e1, spell_to_graveyard: PC, cast_from: ZONE}]}
    """
    assert finals(dmrules.solve(scenario(text.replace("ZONE", "shields"))), "PC") == [("hand",)]
    assert finals(dmrules.solve(scenario(text.replace("ZONE", "hand"))), "PC") == [("graveyard",)]


def test_this_card_or_others_replaces_this_cards_event_once():
    """火之鳥カイザー・アイニー's one メテオバーン 「このクリーチャーまたは自分のドラゴンが破壊される時、…」: the dragon
    itself destroyed is one event its one ability replaces once (destroyed, or two cards under it put into the
    graveyard and it stays), never listed again as the ability's second reading."""
    text = """
    turn: opponent
    players:
      me:
        battle:
          - {id: KA, card: 火之鳥カイザー・アイニー}
          - {id: c1, under: KA}
          - {id: c2, under: KA}
      opponent:
        battle: [{id: X, card: {name: 破壊役, type: creature}}]
    effect: {source: X, controller: opponent, events: [{id: e1, destroy: KA}]}
    """
    solution = dmrules.solve(scenario(text))
    assert finals(solution, "KA", "c1", "c2") == [("battle", "graveyard", "graveyard"), ("graveyard",) * 3]


ESCAPE_IN_TURN = """
turn: TURN
players:
  me:
    battle:
      - id: K
        card: {name: 逃げる者, type: creature, text: "相手のターン中、このクリーチャーは「エスケープ」を得る。"}
    shields: [s1]
  opponent:
    battle: [{id: X, card: {name: 破壊役, type: creature}}]
effect: {source: X, controller: opponent, events: [{id: e1, destroy: K}]}
"""


@pytest.mark.parametrize(
    ("turn", "expected"),
    [("opponent", [("battle", "hand"), ("graveyard", "shields")]), ("me", [("graveyard", "shields")])],
)
def test_a_keyword_given_in_the_opponents_turn_replaces_in_that_turn_alone(turn, expected):
    """「相手のターン中、このクリーチャーは「エスケープ」を得る」: in the opponent's turn it may put a shield into the
    hand instead of being destroyed; in its own player's turn it has no エスケープ."""
    assert finals(dmrules.solve(scenario(ESCAPE_IN_TURN.replace("TURN", turn))), "K", "s1") == expected


L_GATE_AND_SKULL_MOON = """
turn: TURN
players:
  me:
    battle: [{id: NK, card: 三日月鉄人ネムカッチャン}]
    graveyard: [{id: GM, card: まんまるロボタ}]
  opponent:
    battle:
      - {id: SM, card: 神羅スカル・ムーン}
      - {id: X, card: {name: 全体破壊, type: creature}}
effect:
  source: X
  controller: opponent
  events: [{id: e1, destroy: NK}, {id: e2, destroy: SM}]
"""


@pytest.mark.parametrize("turn", ["me", "opponent"])
def test_a_follow_up_does_not_name_its_card_once_another_event_moved_it(turn):
    """ネムカッチャン's L・ゲート keeps it in the battle zone and returns まんまるロボタ; 神羅スカル・ムーン destroys it
    instead of itself in the same window. Its 「そうした場合、このクリーチャーを山札の一番下に置く」 names the creature
    in the battle zone: the card in the graveyard is a new card, which the step does not put into the deck."""
    solution = dmrules.solve(scenario(L_GATE_AND_SKULL_MOON.replace("TURN", turn)))
    assert finals(solution, "NK", "GM", "SM") == [
        ("deck", "hand", "graveyard"),  # L・ゲート alone: its follow-up puts ネムカッチャン into the deck
        ("graveyard", "graveyard", "battle"),  # スカル・ムーン alone
        ("graveyard", "graveyard", "graveyard"),  # neither
        ("graveyard", "hand", "battle"),  # both: ネムカッチャン stays in the graveyard
    ]


def test_a_replacement_of_an_event_an_earlier_decision_supersedes_still_does_what_it_does_instead():
    """On the opponent's turn its 神羅スカル・ムーン, decided first, may destroy my evolution creature instead of
    itself; my 優雪妖精バケット・バケコ, decided after it, may still go to the mana zone instead of that creature's
    first destruction: every decision is made before anything is applied (609.9), and an application whose event another
    application supersedes still does what it does instead, as A08's two アーテル・ゴルギーニ each destroy the other
    (docs/semantics.md). Not obliged then (the event will not happen), it may be applied or not; スカル・ムーン taking
    バケコ itself leaves it nothing to do (it would be in two places)."""
    text = """
    turn: opponent
    players:
      me:
        battle:
          - {id: BK, card: 優雪妖精バケット・バケコ}
          - {id: E, card: {name: 進化, type: evolution_creature, power: 5000, cost: 5}}
      opponent:
        battle:
          - {id: SM, card: 神羅スカル・ムーン}
          - {id: X, card: {name: 破壊者, type: creature}}
    effect: {source: X, controller: opponent, events: [{id: e1, destroy: E}, {id: e2, destroy: SM}]}
    """
    assert finals(dmrules.solve(scenario(text)), "BK", "E", "SM") == [
        ("battle", "graveyard", "battle"),  # スカル・ムーン takes E; バケコ not applied
        ("graveyard", "graveyard", "battle"),  # スカル・ムーン takes バケコ: E's destruction happens
        ("mana", "battle", "graveyard"),  # スカル・ムーン not applied: バケコ must be
        ("mana", "graveyard", "battle"),  # スカル・ムーン takes E; バケコ applied all the same
    ]


TENJOU_TENGE = (
    "虹帝双極∞:自分の山札の上から3枚を表向きにする。こうして表向きにしたツインパクトカードの呪文側を、コストを支払わずに"
    "唱えてもよい。そうしたら、その呪文を唱えた後、墓地に置くかわりにバトルゾーンに出す。残りを自分のマナゾーンに置く。"
)
SPELL_CAST_BY_AN_ABILITY = """
turn: me
players:
  me:
    battle:
      - id: X
        card:
          name: 天上天下双極∞
          type: creature
          text: "TEXT"
    hand:
      - {id: R, card: {name: 唱えた呪文, type: TYPE, cost: 3, power: 3000}}
  opponent: {}
effect:
  controller: me
  by: spell
  source: R
  cast_from: hand
  cast_by: X
  events: [{id: e1, spell_to_graveyard: R}]
"""


@pytest.mark.parametrize(("card_type", "final"), [("spell", "graveyard"), ("[creature, spell]", "battle")])
def test_a_mandatory_replacement_that_would_put_a_spell_into_the_battle_zone_is_not_owed(card_type, final):
    """天上天下双極∞'s 「その呪文を唱えた後、墓地に置くかわりにバトルゾーンに出す」, mandatory: a twinpact's spell side
    goes to the battle zone as its creature side; a spell with no creature side is never put there (403.1), so the
    replacement cannot be performed (609.4) and the spell goes to the graveyard (once a fault: no resolution)."""
    text = SPELL_CAST_BY_AN_ABILITY.replace("TYPE", card_type).replace("TEXT", TENJOU_TENGE)
    solution = dmrules.solve(scenario(text))
    assert finals(solution, "R") == [(final,)]


# -- a 「その後、」 step's cards, chosen as its replacement is decided (609.9a) --------------------------------

RYUBU = """
turn: me
players:
  me:
    battle: [{id: R, card: 竜舞の化身}, {id: F, card: 不死火フウタ・ドラグーン}, {id: J, card: 威牙忍ジンナイ}]
    mana: [{id: D, card: 蒼神龍リフレイン・アビス}, {id: m2, card: シャウト・コーン}]
  opponent:
    battle: [{id: X, card: {name: 破壊のクリーチャー, type: creature}}]
effect: {source: X, controller: opponent, events: EVENTS}
"""


def test_a_step_after_the_replacement_takes_the_only_dragon_of_the_mana_zone():
    """竜舞の化身: 「…かわりに自分のマナゾーンに置く。その後、自分のマナゾーンからドラゴンを1体、自分の手札に戻す」."""
    solution = dmrules.solve(scenario(RYUBU.replace("EVENTS", "[{id: e1, destroy: R}]")))
    assert finals(solution, "R", "D") == [("mana", "hand")]


@pytest.mark.parametrize(
    "events",
    [
        # the effect's own event takes the dragon the step would have chosen as the replacement was decided
        "[{id: e1, destroy: R}, {id: e2, move: D, to: graveyard}]",
        # another replacement of the window (不死火フウタ・ドラグーン for 威牙忍ジンナイ) may take it (609.9b)
        "[{id: e1, destroy: R}, {id: e2, move: J, to: deck, position: bottom}]",
    ],
)
def test_a_step_whose_card_another_event_of_the_window_moved_out_is_refused_by_name(events):
    problem = refused_solving(RYUBU.replace("EVENTS", events))
    assert "moved D out of (mana)" in problem, problem


# -- a card controlled by a player other than its owner ------------------------------------------------------------

OWNED_ELSEWHERE = """
turn: opponent
players:
  me:
    battle:
      - {id: K, card: CARD, owner: OWNER}
  opponent:
    battle:
      - {id: X, card: {name: 破壊のクリーチャー, type: creature}}
effect: {source: X, controller: opponent, events: [{id: e1, destroy: K}]}
"""


def test_a_card_whose_text_says_its_own_zone_controlled_by_another_player_is_refused_by_name():
    """アクア・ナイト 「…バトルゾーンから自分の墓地に置かれるとき、…」 under the control of a player who does not
    own it: it goes to its owner's graveyard, which 「自分の墓地」 may not name; the reading keeps no owner of the
    zone."""
    text = OWNED_ELSEWHERE.replace("CARD", "アクア・ナイト")
    assert finals(dmrules.solve(scenario(text.replace("OWNER", "me"))), "K") == [("hand",)]  # mandatory
    assert "its controller is not its owner, and its text says 「自分の墓地」" in refused(
        text.replace("OWNER", "opponent")
    )


PETELGEUSE = """
turn: opponent
players:
  me:
    battle:
      - {id: P, card: 超神星ペテルギウス・ファイナルキャノン}
      - {id: EV, card: 超神龍バイラス・ゲイル}
      - {id: D, under: EV, card: アイズ・カノープス}
  opponent:
    battle:
      - {id: X, card: {name: 破壊のクリーチャー, type: creature}}
effect: {source: X, controller: opponent, events: [{id: e1, destroy: EV}]}
"""


def test_an_evolution_creature_put_under_another_card_with_its_pile_is_refused_by_name():
    """超神星ペテルギウス・ファイナルキャノン's 「…をこのクリーチャーの下に置いてもよい」 taking an evolution creature:
    the card under it goes with it, which is not played (a review found it left under the card put under)."""
    assert "its pile goes with it" in refused_solving(PETELGEUSE)
    alone = PETELGEUSE.replace("      - {id: D, under: EV, card: アイズ・カノープス}\n", "")
    alone = alone.replace("超神龍バイラス・ゲイル", "ボルシャック・ドラゴン")
    assert finals(dmrules.solve(scenario(alone)), "EV") == [("battle",), ("graveyard",)]


GIGASTAND = """
turn: opponent
players:
  me:
    battle: [{id: GS, card: ギガスタンド}]
    hand: [HAND]
  opponent:
    battle: [{id: X, card: {name: 破壊のクリーチャー, type: creature}}]
effect: {source: X, controller: opponent, events: [{id: e1, destroy: GS}]}
"""


def test_what_is_done_first_in_a_sentence_of_its_own_with_a_replacement_that_may_replace_it_is_refused():
    """ギガスタンド 「…自分の手札からカードを1枚選んで墓地に置いてよい。その場合、このクリーチャーを墓地に置くかわりに
    手札に戻す」: read as one replacement that discards instead; with 宣凶師ビンゴレ (マッドネス) in the hand, whether
    the first sentence's discard may be replaced (101.5a) no ruling says (a review read it so)."""
    alone = dmrules.solve(scenario(GIGASTAND.replace("HAND", "{id: h1, card: {name: 手札のカード, type: spell}}")))
    assert finals(alone, "GS", "h1") == [("graveyard", "hand"), ("hand", "graveyard")]
    problem = refused(GIGASTAND.replace("HAND", "{id: B, card: 宣凶師ビンゴレ}"))
    assert "B watches the cards it takes" in problem and "101.5a" in problem
