"""Parts of the card language, each read in a wording that is no row of any file of printed texts, and a
near variant of it refused (the text stays unread, naming the phrase), with the solver's reading of the
parts it models (fixtures V11, V12)."""

from __future__ import annotations

import functools
import importlib.util
import random
from pathlib import Path

import pytest

import dmrules
from dmrules.reading.cardtext.compiler import comparable, compile_text, read_forms
from dmrules.reading.cardtext.normalize import normalize

from .conftest import scenario


def assert_compiles_to(text: str, *forms: dict) -> None:
    result = compile_text(text)
    assert result.complete, [s.problem for s in result.problems]
    assert [comparable(a) for a in result.abilities] == [comparable(a) for a in read_forms(list(forms))]


def assert_incomplete(text: str, named: str) -> None:
    """The text is not read whole (what it reads besides may stay), the problem naming ``named``."""
    result = compile_text(text)
    assert not result.complete
    problems = " ".join(s.problem or "" for s in result.problems)
    assert named in problems, problems


def assert_refused(text: str, named: str) -> None:
    result = compile_text(text)
    assert not result.abilities, result.forms()
    problems = " ".join(s.problem or "" for s in result.problems)
    assert named in problems, problems


def finals(text: str, *cards: str) -> list[tuple[str, ...]]:
    solution = dmrules.solve(scenario(text))
    return sorted(tuple(r.final[c] for c in cards) for r in solution.resolutions)


def solved_with(
    text: str, events: str, mine: str = "", opponent: str = "{}", card_type: str = "creature", tapped: bool = False
):
    """The solution of a scenario with one creature R of ``text`` on my side (``tapped`` or not; and ``mine``: more
    of my zones), the opponent's zones ``opponent`` and the opponent's effect making ``events``."""
    card = f'{{name: 試しのクリーチャー, type: {card_type}, text: "{text}"}}'
    state = "true" if tapped else "false"
    return dmrules.solve(
        scenario(
            f"""
            turn: me
            players:
              me:
                battle: [{{id: R, tapped: {state}, card: {card}}}]
{mine}              opponent: {opponent}
            effect: {{controller: opponent, events: {events}}}
            """
        )
    )


# -- every card under this one (「このクリーチャーの下にあるカードをすべて…に置き」), and what is done before the
# -- replaced event is said again (「…置き、このクリーチャーを墓地に置くかわりに…」) ----------------------------

UNDER_TO = [
    (
        "このクリーチャーが破壊される時、このクリーチャーの下にあるカードをすべて墓地に置き、"
        "このクリーチャーを墓地に置くかわりに手札に戻す。",
        {"watch": {"event": "destroy", "card": "this"}, "instead": [{"under_to": "graveyard"}, {"move_to": "hand"}]},
    ),
    # 魔導竜バジュラ's sentence without 「クロスギア側に」: the form M07 writes by hand.
    (
        "このクリーチャーが離れる時、かわりにこのクリーチャーの下にあるカードをすべて墓地に置き、このクリーチャーを裏返す。",
        {"watch": {"event": "leave", "card": "this"}, "instead": ["stay", {"under_to": "graveyard"}, "flip_this"]},
    ),
    (
        "このクリーチャーが離れる時、このクリーチャーの下に重ねたカードをすべて持ち主の手札に戻し、"
        "このクリーチャーを離れるかわりにマナゾーンに置いてもよい。",
        {
            "watch": {"event": "leave", "card": "this"},
            "instead": [{"under_to": "hand"}, {"move_to": "mana"}],
            "optional": True,
        },
    ),
]


@pytest.mark.parametrize("text, form", UNDER_TO, ids=[t[:30] for t, _ in UNDER_TO])
def test_every_card_under_this_one_put_into_a_zone(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text, named",
    [
        # 「すべて」 of the cards of a zone is no choice of affected cards the vocabulary states.
        (
            "このクリーチャーが破壊される時、自分のクリーチャーをすべて墓地に置き、このクリーチャーを墓地に置くかわりに手札に戻す。",
            "「すべて」",
        ),
        # Only some of the cards under it: no action takes every card of a kind.
        (
            "このクリーチャーが破壊される時、このクリーチャーの下にある進化クリーチャーをすべて墓地に置き、"
            "このクリーチャーを墓地に置くかわりに手札に戻す。",
            "「すべて」",
        ),
        # What is done before 「かわりに」 with no replaced event said again: not read.
        (
            "このクリーチャーが破壊される時、このクリーチャーの下にあるカードをすべて墓地に置き、かわりに手札に戻す。",
            "cannot read",
        ),
    ],
)
def test_near_variants_of_every_card_under_this_one_are_refused(text, named):
    assert_refused(text, named)


EVOLVED = """
turn: opponent
players:
  me:
    battle:
      - {id: BF, card: 霊流星バルファート}
      %s
  opponent:
    battle:
      - {id: X, card: {name: 破壊するクリーチャー, type: creature}}
effect: {source: X, controller: opponent, events: [{id: e1, destroy: BF}]}
"""


def test_with_nothing_under_it_every_card_under_it_cannot_be_put_and_the_replacement_cannot_apply():
    """V12 without the cards under it: 「下に重ねたカードをすべて」 cannot be done with none (M07), so the
    mandatory replacement cannot apply and 霊流星バルファート is destroyed."""
    assert finals(EVOLVED % "", "BF") == [("graveyard",)]
    under = "- {id: L, under: BF, card: {name: 進化元, type: creature}}"
    assert finals(EVOLVED % under, "BF", "L") == [("shields", "mana")]


# -- the creature that broke the shield (「そのシールドをブレイクしたクリーチャーを破壊する」) ------------------

BREAKER = [
    (
        "相手のクリーチャーが自分のシールドをブレイクする時、かわりにそのシールドを山札の一番下に置いてもよい。"
        "そうした場合、そのシールドをブレイクしたクリーチャーを破壊する。",
        {
            "watch": {"event": "break", "card": {"whose": "own"}, "when": ["by_opponent", "by_creature"]},
            "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
            "optional": True,
            "then": [{"events": [{"destroy": "event_source"}]}],
        },
    ),
]


@pytest.mark.parametrize("text, form", BREAKER, ids=[t[:30] for t, _ in BREAKER])
def test_the_creature_that_broke_the_shield_as_a_follow_up(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text, named",
    [
        # No shield is broken in the watched event: no creature broke one.
        (
            "このクリーチャーが破壊される時、かわりに手札に戻す。そうした場合、そのシールドをブレイクしたクリーチャーを破壊する。",
            "no break by a creature",
        ),
        # The breaking creature returned to the hand: no event of a follow-up says so.
        (
            "相手のクリーチャーが自分のシールドをブレイクする時、そのシールドを手札に加えるかわりに墓地に置いてもよい。"
            "そうした場合、そのシールドをブレイクしたクリーチャーを手札に戻す。",
            "other than destroyed",
        ),
        # Only a shield is broken.
        (
            "相手のクリーチャーが自分のシールドをブレイクする時、そのシールドを手札に加えるかわりに墓地に置いてもよい。"
            "そうした場合、そのクリーチャーをブレイクしたクリーチャーを破壊する。",
            "only a shield is broken",
        ),
    ],
)
def test_near_variants_of_the_creature_that_broke_the_shield_are_refused(text, named):
    result = compile_text(text)
    problems = " ".join(s.problem or "" for s in result.problems)
    assert not result.complete and named in problems, problems


def test_the_creature_that_broke_the_shield_is_the_one_whose_attack_broke_it():
    """V11 with two attackers of the opponent: the one that broke the shield is destroyed, not the other."""
    text = """
turn: opponent
players:
  me:
    battle:
      - {id: DA, card: 魔聖デス・アルカディア}
    shields: [s1]
  opponent:
    battle:
      - {id: X, card: {name: 攻撃するクリーチャー, type: creature}}
      - {id: Y, card: {name: 攻撃しないクリーチャー, type: creature}}
effect: {source: X, controller: opponent, by: attack, events: [{id: e1, break: [s1]}]}
"""
    assert finals(text, "s1", "X", "Y") == [("graveyard", "graveyard", "battle"), ("hand", "battle", "battle")]


# -- the effect's own 「かわりに」 after a clause of its own (「〜を手札に戻し、かわりに、…」) ------------------


def test_an_effects_own_instead_after_its_clause_is_a_self_replacement():
    result = compile_text(
        "このクリーチャーが攻撃した時、自分の手札を1枚捨ててもよい。そうした場合、このクリーチャーをアンタップし、"
        "かわりに、相手のクリーチャーを1体選び、破壊する。"
    )
    assert result.complete and not result.abilities
    assert [s.verdict for s in result.sentences] == ["other", "self_replacement"]


def test_an_instead_after_a_clause_of_a_watched_event_is_no_self_replacement():
    """The same 「〜し、かわりに、」 after 「〜時、」: a replacement ability the grammar does not read, never taken
    for the effect's own."""
    result = compile_text(
        "このクリーチャーが破壊される時、自分の手札を1枚捨て、かわりに、相手のクリーチャーを1体破壊する。"
    )
    assert [s.verdict for s in result.sentences] == ["unreadable"]


@pytest.mark.parametrize(
    "text",
    [
        "この呪文を唱えた時、カードを1枚引くかわりに2枚引いてもよい。",
        "このクリーチャーが攻撃する時、相手のクリーチャーを1体選び、手札に戻すかわりに山札の下に置いてもよい。",
        "このクリーチャーが出た時、自分のマナゾーンに火のカードがあれば、かわりに相手のクリーチャーを1体破壊する。",
        "このクリーチャーがバトルに勝った時、相手のシールドを1枚のかわりに2枚ブレイクする。",
    ],
)
def test_a_triggered_abilitys_own_instead_is_a_self_replacement(text):
    """A triggered ability's condition (「唱えた時」「攻撃する時」「出た時」) is no event a replacement watches: the
    「かわりに」 after what its effect does is the effect's own."""
    result = compile_text(text)
    assert result.complete and not result.abilities
    assert [s.verdict for s in result.sentences] == ["self_replacement"]


@pytest.mark.parametrize(
    "text",
    [
        # 「破壊された時」 may be an old wording of a watched destruction: never taken for the effect's own
        "このクリーチャーが破壊された時、墓地に置くかわりに手札に戻してもよい。",
        # nothing the effect does before 「かわりに」: no effect's own
        "このクリーチャーが攻撃する時、かわりに相手のクリーチャーを1体破壊する。",
    ],
)
def test_an_instead_that_may_be_a_replacement_after_a_past_head_is_unreadable(text):
    assert [s.verdict for s in compile_text(text).sentences] == ["unreadable"]


def test_a_triggered_abilitys_own_instead_in_the_sentence_after_its_effect_is_a_self_replacement():
    """「攻撃する時、」 watches no event: the sentence after what the ability does, with its condition, changes it."""
    result = compile_text(
        "このクリーチャーが攻撃する時、自分の超次元ゾーンからコスト4以下のサイキック・クリーチャーを1体バトルゾーンに"
        "出す。自分のシールドが2枚以下なら、かわりにコスト6以下のサイキック・クリーチャーを1体出す。"
    )
    assert result.complete and not result.abilities
    assert [s.verdict for s in result.sentences] == ["other", "self_replacement"]


@pytest.mark.parametrize(
    "text",
    [
        # a card's event after a follow-up's lead: a replacement the effect creates, never the effect's own
        "このクリーチャーが出た時、カードを1枚引いてもよい。そうした場合、このクリーチャーは破壊されるかわりにとどまる。",
        "このクリーチャーが攻撃する時、カードを1枚引いてもよい。そうした場合、相手のクリーチャーは破壊されるかわりに"
        "手札に戻る。",
        # the card the sentence before names, but nothing done to it there
        "相手のクリーチャーを1体選ぶ。そうした場合、そのクリーチャーは破壊されるかわりにとどまる。",
        # something done to another card (the hand's), or another move than the event said (put out, then destroyed;
        # a shield added, then broken; a card put on it): a lasting replacement the sentence makes
        "相手のクリーチャーが攻撃する時、自分の手札を1枚捨ててもよい。そうした場合、そのクリーチャーは破壊される"
        "かわりに、持ち主の手札に戻る。",
        "このクリーチャーが攻撃する時、自分の手札からコスト5以下のクリーチャーを1体バトルゾーンに出してもよい。"
        "そうした場合、そのクリーチャーは破壊されるかわりに手札に戻る。",
        "このクリーチャーが攻撃する時、自分の山札の上から1枚目をシールドに加える。そのシールドはブレイクされるかわりに"
        "墓地に置かれる。",
        "このクリーチャーが攻撃する時、相手のクリーチャーを1体選び、そのクリーチャーの上にカードを1枚置く。"
        "そのクリーチャーは破壊されるかわりに、その上のカードを墓地に置く。",
        # the attack's break, or the attacker's act, after an attack trigger: no act the effect does
        "このクリーチャーが攻撃する時、カードを1枚引く。シールドをブレイクするかわりに、相手のクリーチャーを1体破壊"
        "してもよい。",
        "相手のクリーチャーが攻撃する時、このクリーチャーをタップしてもよい。そうした場合、そのクリーチャーは"
        "プレイヤーを攻撃するかわりにこのクリーチャーを攻撃する。",
        # the verb of the trigger's condition (「攻撃した時、」) is no act the effect does
        "相手のクリーチャーが攻撃した時、カードを1枚引いてもよい。そうした場合、そのクリーチャーはプレイヤーを攻撃する"
        "かわりにこのクリーチャーを攻撃する。",
        "相手のクリーチャーが攻撃した時、カードを1枚引く。相手のクリーチャーは攻撃するかわりにタップする。",
    ],
)
def test_a_cards_event_after_a_follow_ups_lead_is_no_effects_own(text):
    assert [s.verdict for s in compile_text(text).sentences] == ["other", "unreadable"]


# -- the zone a card leaves said with its player (「自分のシールドゾーンを離れる」), the top card of a deck said
# -- as its place (「山札の上から1枚目」) ------------------------------------------------------------------------

ZONE_PLAYER_AND_NTH = [
    (
        "このカードが自分のシールドゾーンを離れる時、かわりにこのカードを自分の手札に加えてもよい。",
        {"watch": {"event": "leave_shields", "card": "this"}, "instead": [{"move_to": "hand"}], "optional": True},
    ),
    (
        "このクリーチャーが自分のマナゾーンを離れる時、かわりに自分の手札に戻す。",
        {"watch": {"event": "leave_mana", "card": "this"}, "instead": [{"move_to": "hand"}]},
    ),
    (
        "このクリーチャーが破壊される時、墓地に置くかわりに自分の山札の上から1枚目を墓地に置く。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": ["stay", {"mill": {"count": 1}}],
        },
    ),
]


@pytest.mark.parametrize("text, form", ZONE_PLAYER_AND_NTH, ids=[t[:30] for t, _ in ZONE_PLAYER_AND_NTH])
def test_the_zone_left_with_its_player_and_the_first_card_of_the_deck(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text, named",
    [
        (
            "このカードが相手のシールドゾーンを離れる時、かわりにこのカードを自分の手札に加えてもよい。",
            "opponent's zone",
        ),
        ("このクリーチャーが破壊される時、墓地に置くかわりに自分の山札の上から2枚目を墓地に置く。", "上から2枚目"),
    ],
)
def test_near_variants_of_the_zone_left_and_the_first_card_are_refused(text, named):
    assert_refused(text, named)


# -- the cards an earlier sentence names: 「それが光のカードであれば」, 「3枚ともドラゴンでない場合」, 「その種族の」 --

EARLIER = [
    (
        "それが火のクリーチャーなら、このクリーチャーがバトルゾーンを離れる時、かわりにとどまる。",
        {
            "if": [{"earlier": 1, "civilization": "fire", "type": "creature"}],
            "watch": {"event": "leave", "card": "this"},
            "instead": ["stay"],
        },
    ),
    (
        "2枚とも呪文でない場合、この呪文を唱えた後、墓地に置くかわりに自分の山札の一番下に置く。",
        {
            "if": [{"earlier": 2, "type": "spell", "at_most": 0}],
            "watch": {"event": "spell_to_graveyard", "card": "this"},
            "spell_own_movement": True,
            "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
        },
    ),
    (
        "このターン、その種族の自分のクリーチャーが破壊される時、かわりに自分のマナゾーンに置く。",
        {
            "duration": "this_turn",
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature", "chosen_race": True}},
            "instead": [{"move_to": "mana"}],
        },
    ),
]


@pytest.mark.parametrize("text, form", EARLIER, ids=[t[:30] for t, _ in EARLIER])
def test_the_cards_an_earlier_sentence_names(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text, named",
    [
        ("1枚とも呪文でない場合、この呪文を唱えた後、墓地に置くかわりに自分の手札に戻す。", "fewer than two"),
        ("それが自分のカードであれば、このクリーチャーが破壊される時、かわりにとどまる。", "a player's"),
        ("それがカードであれば、このクリーチャーが破壊される時、かわりにとどまる。", "any card"),
        ("それが光のカード1枚であれば、このクリーチャーが破壊される時、かわりにとどまる。", "with a number"),
    ],
)
def test_near_variants_of_the_cards_an_earlier_sentence_names_are_refused(text, named):
    assert_refused(text, named)


EARLIER_SCENARIO = """
    turn: me
    players:
      me:
        battle:
          - {{id: G, card: {{name: 試しのクリーチャー, type: creature, cost: 3, power: 1000, text: "{text}"}}{flags}}}
      opponent: {{}}
    effect: {{controller: opponent, events: [{{destroy: G}}]}}
    """


def test_a_card_whose_text_reads_the_race_an_earlier_sentence_chose_is_refused_by_the_solver():
    """The solver does not know the race an earlier sentence chose: a scenario with such a card is refused, naming
    the part."""
    text = (
        "その種族のクリーチャーがバトルゾーンから自分の墓地に置かれる時、墓地に置くかわりに自分の手札に戻す。"  # ポキラ
    )
    with pytest.raises(dmrules.InputError) as error:
        scenario(EARLIER_SCENARIO.format(text=text, flags=""))
    assert "その種族の" in error.value.problem and "does not model yet" in error.value.problem, error.value.problem


@pytest.mark.parametrize("flags, final", [(", flags: [earlier_holds]", "battle"), ("", "graveyard")])
def test_a_condition_on_the_cards_an_earlier_sentence_names_is_the_scenarios_to_say(flags, final):
    """鎧亜の邪聖ギル・ダグラス's sentence: the drawn card is light when the scenario says so (flag earlier_holds);
    otherwise the condition does not hold and the creature is destroyed (fixture V13 for ドラゴン・ラボ)."""
    text = "それが光のカードであれば、このクリーチャーが破壊される時、墓地に置くかわりにバトルゾーンにとどまる。"
    assert finals(EARLIER_SCENARIO.format(text=text, flags=flags), "G") == [(final,)]


# -- where the card comes from (and goes) said before it (「相手の山札から、手札以外のゾーンにカードが置かれる時」) --

ZONES_FIRST = [
    (
        "自分のマナゾーンから、墓地以外のゾーンにカードが置かれる時、かわりにそのカードを持ち主の墓地に置く。",
        {
            "watch": {"event": "leave_mana", "card": {"whose": "own"}, "to_not": "graveyard"},
            "instead": [{"move_to": "graveyard"}],
        },
    ),
    (
        "相手の山札から、カードが墓地に置かれる時、かわりにそのカードを持ち主の山札の下に置く。",
        {
            "watch": {"event": "put_into_graveyard", "card": {"whose": "opponent"}, "from": "deck"},
            "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
        },
    ),
    (
        "相手のクリーチャーがバトルゾーンから手札以外のゾーンに置かれる時、かわりに持ち主のマナゾーンに置く。",
        {
            "watch": {"event": "leave", "card": {"whose": "opponent", "type": "creature"}, "to_not": "hand"},
            "instead": [{"move_to": "mana"}],
        },
    ),
    (
        "バトルゾーンに相手のクリーチャーが出る時、かわりにそのクリーチャーを持ち主のマナゾーンに置く。",
        {
            "watch": {"event": "enter", "card": {"whose": "opponent", "type": "creature"}},
            "instead": [{"move_to": "mana"}],
        },
    ),
    (
        "相手の墓地にクリーチャーが置かれる時、墓地に置くかわりに相手の山札の一番下に置く。",
        {
            "watch": {
                "event": "put_into_graveyard",
                "card": {"whose": "opponent", "type": "creature"},
                "from": "battle",
            },
            "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
        },
    ),
    (
        "相手の手札にカードが加えられる時、かわりにそのカードを持ち主の墓地に置く。",
        {"watch": {"event": "put_into_hand", "card": {"whose": "opponent"}}, "instead": [{"move_to": "graveyard"}]},
    ),
]


@pytest.mark.parametrize("text, form", ZONES_FIRST, ids=[t[:30] for t, _ in ZONES_FIRST])
def test_where_the_card_comes_from_and_goes_said_before_it(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text, named",
    [
        (
            "相手の山札から、山札以外のゾーンにカードが置かれる時、かわりにそのカードを持ち主の山札の下に置く。",
            "from no zone",
        ),
        ("このクリーチャーが手札以外のゾーンに置かれる時、かわりに山札の下に置く。", "from no zone"),
        (
            "相手の山札から、手札以外のゾーンにカードが加えられる時、かわりにそのカードを持ち主の山札の下に置く。",
            "加えられる",
        ),
        # a card's own player's zone: the opponent's card is never put into one's own deck
        ("自分の墓地にクリーチャーが置かれる時、墓地に置くかわりに相手の山札の一番下に置く。", "opponent's zone"),
        # a card put face up into the shield zone: no event watched of the vocabulary
        ("カードが表向きでシールドゾーンに置かれる時、かわりに墓地に置く。", "表向きで"),
    ],
)
def test_near_variants_of_where_the_card_comes_from_are_refused(text, named):
    assert_refused(text, named)


def test_a_card_leaving_the_deck_for_any_zone_but_one_is_solved():
    """The compiled text (fixture V25 has the printed one): the milled card goes to the bottom of its deck."""
    text = "相手の山札から、手札以外のゾーンにカードが置かれる時、かわりにそのカードを持ち主の山札の下に置く。"
    solution = solved_with(text, "[{mill: opponent, count: 1}]", opponent="{deck: [d1, d2]}")
    assert [(r.final.get("d1", "deck"), len(r.applied)) for r in solution.resolutions] == [("deck", 1)]


# -- chosen cards turned face up where they are (「自分のマナゾーンにある裏向きのカードを3枚、表向きにする」) --

FACE_UP = [
    (
        "このクリーチャーが破壊される時、かわりに自分のマナゾーンにある裏向きのカードを2枚、表向きにしてもよい。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [
                {"choose": {"count": 2, "from": "mana", "to": "mana", "verb": "turn_face_up", "face_down": True}}
            ],
            "optional": True,
        },
    ),
    (
        "このクリーチャーが破壊される時、かわりに自分の裏向きのシールドを1つ表向きにする。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [
                {"choose": {"count": 1, "from": "shields", "to": "shields", "verb": "turn_face_up", "face_down": True}}
            ],
        },
    ),
]


@pytest.mark.parametrize("text, form", FACE_UP, ids=[t[:30] for t, _ in FACE_UP])
def test_chosen_cards_turned_face_up_where_they_are(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text, named",
    [
        (
            "このクリーチャーが破壊される時、かわりに自分のマナゾーンにあるカードを2枚、表向きにしてもよい。",
            "not said to be face down",
        ),
        (
            "このクリーチャーが破壊される時、かわりに自分の墓地にある裏向きのカードを2枚、表向きにする。",
            "elsewhere than",
        ),
        (
            "このクリーチャーが破壊される時、かわりに自分のマナゾーンにある裏向きのカードを2枚、手札に表向きにする。",
            "elsewhere than",
        ),
    ],
)
def test_near_variants_of_cards_turned_face_up_are_refused(text, named):
    assert_refused(text, named)


def test_cards_turned_face_up_instead_are_solved():
    """The compiled text in a scenario (fixture V22 has the printed one): two face-down cards and a face-up
    one in the mana zone; it is destroyed, or both face-down cards are turned face up instead."""
    text = "このクリーチャーが破壊される時、かわりに自分のマナゾーンにある裏向きのカードを2枚、表向きにしてもよい。"
    mana = "                mana: [{id: m1, face_down: true}, m2, {id: m3, face_down: true}]\n"
    solution = solved_with(text, "[{destroy: R}]", mine=mana)
    got = sorted((r.final.get("R", "battle"), r.face_up) for r in solution.resolutions)
    assert got == [("battle", ("m1", "m3")), ("graveyard", ())]


# -- a lost battle (「このクリーチャーがバトルに負ける時」): the loser is destroyed, a destruction the battle makes --


def test_a_lost_battle_is_the_destruction_the_battle_makes():
    form = {
        "watch": {"event": "destroy", "card": "this", "when": ["by_battle"]},
        "instead": ["stay", {"discard": 1}],
        "optional": True,
    }
    assert_compiles_to("このクリーチャーがバトルに負ける時、かわりに自分の手札を1枚捨ててもよい。", form)
    assert_compiles_to("このクリーチャーがバトルに負けて破壊される時、かわりに自分の手札を1枚捨ててもよい。", form)


# -- the event's shield turned face up where it is (「相手はそのシールドを手札に加えるかわりに表向きにする」), and a
# -- sentence after a replacement that names its card again (「それが…なら、…」): never dropped as a sentence of its own


def test_the_event_shield_turned_face_up_instead():
    assert_compiles_to(
        "このクリーチャーが相手のシールドをブレイクする時、相手はそのシールドを手札に加えるかわりに表向きにする。",
        {
            "watch": {"event": "break", "card": {"whose": "opponent"}, "when": ["by_this"]},
            "instead": ["turn_face_up"],
        },
    )


@pytest.mark.parametrize(
    "text, named",
    [
        ("このクリーチャーが破壊される時、墓地に置くかわりに表向きにする。", "not a shield's"),
        (
            "このクリーチャーが相手のシールドをブレイクする時、相手はそのシールドを手札に加えるかわりに表向きにして"
            "墓地に置く。",
            "cannot be stated here",
        ),
    ],
)
def test_near_variants_of_the_event_card_turned_face_up_are_refused(text, named):
    assert_refused(text, named)


def test_a_sentence_naming_the_replaced_card_again_after_the_replacement_is_unreadable():
    """陽炎の守護者ブルー・メルキス: the shield turned face up is cast or put into the hand by the sentences after
    it; the text is not read whole, so its card is refused, never solved with the first sentence alone."""
    result = compile_text(
        "このクリーチャーが相手のシールドをブレイクする時、相手はそのシールドを手札に加えるかわりに表向きにする。"
        "それが「S・トリガー」を持つ呪文なら、自分がコストを支払わずに唱え、その後持ち主の墓地に置く。"
        "それ以外のカードであれば、持ち主の手札に加える。"
    )
    assert not result.complete
    assert [s.verdict for s in result.sentences] == ["replacement", "unreadable", "other"]
    assert "names its card again" in (result.sentences[1].problem or "")


# -- a destruction by a battle (「バトルで破壊される時」: when by_battle), 「バトルゾーンにある」 of a destroyed or
# -- leaving card (said by the event already), a card put into the shield zone (「シールドゾーンに裏向きにして置く」)

BATTLE_AND_PLACES = [
    (
        "自分のクリーチャーがバトルで破壊される時、墓地に置くかわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}, "when": ["by_battle"]},
            "instead": [{"move_to": "hand"}],
        },
    ),
    (
        "このクリーチャーがバトルによって破壊される時、墓地に置くかわりにマナゾーンに置いてもよい。",
        {
            "watch": {"event": "destroy", "card": "this", "when": ["by_battle"]},
            "instead": [{"move_to": "mana"}],
            "optional": True,
        },
    ),
    (
        "バトルゾーンにある自分の他のクリーチャーが破壊される時、かわりにこのクリーチャーを破壊してもよい。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "other": True, "type": "creature"}},
            "instead": ["destroy_this"],
            "optional": True,
        },
    ),
    (
        "このクリーチャーが破壊される時、墓地に置くかわりに自分のシールドゾーンに裏向きにして置く。",
        {"watch": {"event": "destroy", "card": "this"}, "instead": [{"move_to": "shields"}]},
    ),
    (
        "このクリーチャーがバトルゾーンを離れる時、かわりに自分の超次元ゾーンに置く。",
        {"watch": {"event": "leave", "card": "this"}, "instead": [{"move_to": "hyperspatial"}]},
    ),
]


@pytest.mark.parametrize("text, form", BATTLE_AND_PLACES, ids=[t[:30] for t, _ in BATTLE_AND_PLACES])
def test_a_destruction_by_battle_and_the_places_said_again(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text, named",
    [
        ("このクリーチャーがバトルでバトルゾーンを離れる時、かわりに手札に戻す。", "other than a destruction"),
        ("このクリーチャーが相手の効果によってバトルで破壊される時、かわりに手札に戻す。", "cannot read 「バトルで"),
    ],
)
def test_near_variants_of_a_destruction_by_battle_are_refused(text, named):
    assert_refused(text, named)


@pytest.mark.parametrize("by, final", [("battle", "hand"), ("ability", "graveyard")])
def test_a_destruction_by_battle_is_replaced_and_another_is_not(by, final):
    text = "自分のクリーチャーがバトルで破壊される時、墓地に置くかわりに手札に戻す。"
    situation = f"""
    turn: me
    players:
      me:
        battle:
          - {{id: W, card: {{name: 見張りのクリーチャー, type: creature, cost: 3, power: 1000, text: "{text}"}}}}
          - {{id: X, card: {{name: 負けるクリーチャー, type: creature, cost: 3, power: 1000}}}}
      opponent: {{}}
    effect: {{controller: opponent, by: {by}, events: [{{destroy: X}}]}}
    """
    assert finals(situation, "X") == [(final,)]


# -- an attack as the cause of a card's event, the hyperspatial zone 「戻す」 into, 「クロスしている」 --

MORE_WORDINGS = [
    (
        "このカードが相手のクリーチャーの攻撃によってブレイクされる時、かわりにこのカードを自分の墓地に置く。",
        {
            "watch": {"event": "break", "card": "this", "when": ["by_opponent", "by_attack"]},
            "instead": [{"move_to": "graveyard"}],
        },
    ),
    (
        "このクリーチャーがバトルゾーンを離れる時、かわりに自分の超次元ゾーンに戻してもよい。",
        {"watch": {"event": "leave", "card": "this"}, "instead": [{"move_to": "hyperspatial"}], "optional": True},
    ),
    (
        "このクリーチャーがバトルゾーンを離れる時、かわりに、このクリーチャーにクロスしているクロスギアを1枚墓地に"
        "置いてもよい。",
        {
            "watch": {"event": "leave", "card": "this"},
            "instead": ["stay", {"choose": {"count": 1, "from": "crossed_to_this", "to": "graveyard", "verb": "put"}}],
            "optional": True,
        },
    ),
]


@pytest.mark.parametrize("text, form", MORE_WORDINGS, ids=[t[:30] for t, _ in MORE_WORDINGS])
def test_an_attack_as_a_cause_and_more_wordings(text, form):
    assert_compiles_to(text, form)


def test_a_break_by_an_attack_is_replaced_and_one_by_a_spell_is_not():
    text = "このカードが相手のクリーチャーの攻撃によってブレイクされる時、かわりにこのカードを自分の墓地に置く。"
    for by, source, final in (("attack", "X", "graveyard"), ("spell", "SP", "hand")):
        situation = f"""
        turn: opponent
        players:
          me:
            shields: [{{id: S, card: {{name: 守りの呪文, type: spell, cost: 3, text: "{text}"}}}}]
          opponent:
            battle: [{{id: X, card: {{name: 攻めるクリーチャー, type: creature, cost: 3, power: 1000}}}}]
            hand: [{{id: SP, card: {{name: ブレイクする呪文, type: spell, cost: 3}}}}]
        effect: {{source: {source}, controller: opponent, by: {by}, events: [{{break: [S]}}]}}
        """
        assert finals(situation, "S") == [(final,)], by


@pytest.mark.parametrize(
    "text, form",
    [
        (
            "このクリーチャーが相手のターン中に破壊される時、墓地に置くかわりに手札に戻す。",
            {
                "watch": {"event": "destroy", "card": "this", "when": ["opponent_turn"]},
                "instead": [{"move_to": "hand"}],
            },
        ),
        (
            "自分のクリーチャーが、自分のターン中、相手の効果によってバトルゾーンを離れる時、かわりに自分の手札を1枚"
            "捨ててもよい。",
            {
                "watch": {
                    "event": "leave",
                    "card": {"whose": "own", "type": "creature"},
                    "when": ["own_turn", "by_opponent", "by_effect"],
                },
                "instead": ["stay", {"discard": 1}],
                "optional": True,
            },
        ),
    ],
)
def test_the_turn_said_after_the_watched_card(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text, form",
    [
        (
            "このクリーチャーが破壊される時、墓地に置くかわりに、自分の手札にある呪文を1枚捨ててもよい。",
            {
                "watch": {"event": "destroy", "card": "this"},
                "instead": ["stay", {"discard": {"count": 1, "type": "spell"}}],
                "optional": True,
            },
        ),
        (
            "このクリーチャーが破壊される時、墓地に置くかわりに、バトルゾーンに残る。",
            {"watch": {"event": "destroy", "card": "this"}, "instead": ["stay"]},
        ),
    ],
)
def test_the_hands_cards_discarded_and_a_card_that_remains(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text, form",
    [
        (
            "このクリーチャーがバトルゾーンを離れる時、かわりに、バトルゾーンにある自分のクロスギアを1枚墓地に置いてもよい。",
            {
                "watch": {"event": "leave", "card": "this"},
                "instead": [
                    "stay",
                    {"choose": {"count": 1, "from": "battle", "to": "graveyard", "verb": "put", "type": "cross_gear"}},
                ],
                "optional": True,
            },
        ),
        (
            "自分のマナゾーンにあるカードが墓地に置かれる時、墓地に置くかわりに自分の手札に戻す。",
            {
                "watch": {"event": "put_into_graveyard", "card": {"whose": "own"}, "from": "mana"},
                "instead": [{"move_to": "hand"}],
            },
        ),
    ],
)
def test_the_zone_of_the_cards_said_before_them(text, form):
    assert_compiles_to(text, form)


def test_a_sentence_that_does_not_parse_names_no_reason_of_its_head_but_an_unstated_part():
    """「このクリーチャーがリンクしていて、バトルゾーンを離れる時」 does not read alone either, but it is no part the
    vocabulary lacks a word for: only the position is named."""
    result = compile_text(
        "このクリーチャーがリンクしていて、バトルゾーンを離れる時、かわりにリンクしているゴッドを1体墓地に置いてもよい。"
    )
    assert result.problems and (result.problems[0].problem or "").startswith("cannot read")


def test_each_player_after_a_replacement_goes_on_with_it():
    """「それぞれ」 (each) after a replacement names no card again; what the players do, in the replacement's line,
    goes on with it (「。」 joins them, 101.5a: an act is no static ability of its own): refused, never dropped."""
    result = compile_text(
        "このクリーチャーが破壊される時、墓地に置くかわりに手札に戻す。それぞれのプレイヤーはカードを1枚引く。"
    )
    assert [s.verdict for s in result.sentences] == ["replacement", "unreadable"]
    assert "goes on with it" in (result.sentences[1].problem or "")


@pytest.mark.parametrize(
    "after",
    [
        "カードを1枚引く。",
        "相手のクリーチャーを1体破壊する。",
        "または、自分のシールドを1つ墓地に置いてもよい。",
        "ただし、このクリーチャーが進化クリーチャーなら、かわりにマナゾーンに置く。",
        "自分のマナゾーンにドラゴンがあれば、かわりにマナゾーンに置く。",
        "次の自分のターンのはじめに、このクリーチャーをバトルゾーンに出す。",
        "相手はカードを1枚引く。",
        "自分のシールドが1枚墓地に置かれる。",
        "その時、相手はカードを1枚引く。",
    ],
)
def test_a_sentence_after_a_replacement_in_its_line_is_never_dropped_nor_set_aside(after):
    """A plain sentence after a replacement, or a 「かわりに」 under a condition, goes on with it: refused, never an
    ability of its own nor the effect's own self-replacement (a static ability has no effect)."""
    result = compile_text(f"このクリーチャーが破壊される時、かわりに手札に戻す。{after}")
    assert not result.complete
    assert [s.verdict for s in result.sentences] == ["replacement", "unreadable"]


# -- parts of the dev sets' language in new combinations: 「相手クリーチャー」, 「それを」, 「相手によって」, the
# -- cards of one player's zone counted (「自分のシールドが1枚でもあれば」) and none of them (「…がなければ」), the
# -- chooser first ---------------------------------------------------------------------------------------------

DEV_PARTS = [
    (
        "相手クリーチャーが破壊される時、墓地に置くかわりに持ち主の手札に戻す。",
        {
            "watch": {"event": "destroy", "card": {"whose": "opponent", "type": "creature"}},
            "instead": [{"move_to": "hand"}],
        },
    ),
    (
        "このクリーチャーが破壊される時、かわりに相手クリーチャーを1体破壊する。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": ["stay", {"destroy": {"count": 1, "whose": "opponent"}}],
        },
    ),
    (
        "このクリーチャーが破壊される時、墓地に置くかわりにそれを山札の一番下に置く。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
        },
    ),
    (
        "このクリーチャーが相手によって破壊される時、かわりに手札に戻す。",
        {"watch": {"event": "destroy", "card": "this", "when": ["by_opponent"]}, "instead": [{"move_to": "hand"}]},
    ),
    (
        "自分のマナゾーンのカードが、相手によって墓地に置かれる時、かわりにそのカードを手札に戻す。",
        {
            "watch": {"event": "put_into_graveyard", "card": {"whose": "own"}, "from": "mana", "when": ["by_opponent"]},
            "instead": [{"move_to": "hand"}],
        },
    ),
    (
        "自分のシールドが1枚でもあれば、このクリーチャーが破壊される時、かわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "if": [{"zone": "shields", "whose": "own", "at_least": 1}],
            "instead": [{"move_to": "hand"}],
        },
    ),
    (
        "相手の手札が3枚以上あれば、このクリーチャーが破壊される時、かわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "if": [{"zone": "hand", "whose": "opponent", "at_least": 3}],
            "instead": [{"move_to": "hand"}],
        },
    ),
    (  # the watched card's cost said after its event, with no kind: a modifier of the watched card
        "自分の他のクリーチャーが破壊される時、そのクリーチャーがコスト5以下であれば、かわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature", "other": True, "cost_max": 5}},
            "instead": [{"move_to": "hand"}],
        },
    ),
    (
        "相手のクリーチャーがバトルゾーンに出る時、そのクリーチャーがパワー3000以上なら、かわりに持ち主の墓地に置く。",
        {
            "watch": {"event": "enter", "card": {"whose": "opponent", "type": "creature", "power_min": 3000}},
            "instead": [{"move_to": "graveyard"}],
        },
    ),
    (  # the zone first, its player said on the cards counted
        "マナゾーンに自分の闇のカードが5枚以上あれば、このクリーチャーが破壊される時、かわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "if": [{"zone": "mana", "whose": "own", "civilization": "darkness", "at_least": 5}],
            "instead": [{"move_to": "hand"}],
        },
    ),
    (
        "墓地に相手のクリーチャーが1体もなければ、このクリーチャーが破壊される時、かわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "if": [{"zone": "graveyard", "whose": "opponent", "type": "creature", "at_most": 0}],
            "instead": [{"move_to": "hand"}],
        },
    ),
    (
        "自分のシールドが1枚もなければ、このクリーチャーが破壊される時、かわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "if": [{"zone": "shields", "whose": "own", "at_most": 0}],
            "instead": [{"move_to": "hand"}],
        },
    ),
    (
        "バトルゾーンに他に自分のドラゴンがなければ、このクリーチャーが破壊される時、かわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "if": [{"zone": "battle", "whose": "own", "race": "ドラゴン", "other": True, "at_most": 0}],
            "instead": [{"move_to": "hand"}],
        },
    ),
    (
        "このクリーチャーがバトルゾーンにある間に、自分のクリーチャーが破壊される時、かわりに自分の山札の一番上のカードを"
        "墓地に置いてもよい。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}},
            "instead": ["stay", {"mill": {"player": "own", "count": 1}}],
            "optional": True,
        },
    ),
    (
        "相手がバトルゾーンにある自分のクリーチャーを選ぶ時、相手のかわりに自分が選ぶ。",
        {
            "watch": {
                "event": "choose",
                "card": {"whose": "own", "type": "creature"},
                "player": "opponent",
                "from": "battle",
            },
            "instead": ["choose_instead"],
        },
    ),
    (
        "このクリーチャーが破壊される時、かわりに自分のシールドに加える。",
        {"watch": {"event": "destroy", "card": "this"}, "instead": [{"move_to": "shields"}]},
    ),
    (
        "自分のクリーチャーがバトルに負けて破壊される時、墓地に置くかわりにマナゾーンに置いてもよい。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}, "when": ["by_battle"]},
            "instead": [{"move_to": "mana"}],
            "optional": True,
        },
    ),
    (
        "自分のドラゴンがバトルゾーンに2体以上あれば、このクリーチャーが破壊される時、かわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "if": [{"zone": "battle", "whose": "own", "race": "ドラゴン", "at_least": 2}],
            "instead": [{"move_to": "hand"}],
        },
    ),
    (
        "このクリーチャーが破壊される時、自分の他の光のクリーチャーがバトルゾーンになければ、かわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "if": [
                {
                    "zone": "battle",
                    "whose": "own",
                    "civilization": "light",
                    "type": "creature",
                    "other": True,
                    "at_most": 0,
                }
            ],
            "instead": [{"move_to": "hand"}],
        },
    ),
    (
        "バトルゾーンにある自分のクリーチャーがこのクリーチャーだけであれば、このクリーチャーが破壊される時、かわりに"
        "手札に戻す。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "if": [{"zone": "battle", "whose": "own", "type": "creature", "other": True, "at_most": 0}],
            "instead": [{"move_to": "hand"}],
        },
    ),
    (
        "このクリーチャーがバトルゾーンを離れるときは、かわりに手札に戻す。",
        {"watch": {"event": "leave", "card": "this"}, "instead": [{"move_to": "hand"}]},
    ),
    (
        "このクリーチャーが破壊される時、かわりに自分自身のマナゾーンからカードを1枚選び、墓地に置いてもよい。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": ["stay", {"choose": {"count": 1, "from": "mana", "to": "graveyard", "verb": "put"}}],
            "optional": True,
        },
    ),
    (
        "このクリーチャーがバトルゾーンを離れる時、かわりにこのクリーチャーの下にあるカードすべてを墓地に置き、"
        "このクリーチャーを裏返す。",
        {"watch": {"event": "leave", "card": "this"}, "instead": ["stay", {"under_to": "graveyard"}, "flip_this"]},
    ),
    (
        "このクリーチャーが破壊される時、墓地に置くかわりに、好きな枚数のドラゴンを自分の墓地から手札に戻してもよい。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [
                "stay",
                {"choose": {"count": "any", "from": "graveyard", "to": "hand", "verb": "return", "race": "ドラゴン"}},
            ],
            "optional": True,
        },
    ),
    (
        "自分のクリーチャーが破壊される時、バトルゾーンに5文明すべてのカードがそろっていれば、そのクリーチャーを墓地に"
        "置くかわりに自分の手札に戻す。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}},
            "if": ["five_civilizations_in_battle"],
            "instead": [{"move_to": "hand"}],
        },
    ),
    (
        "それが呪文でなければ、そのターン、このクリーチャーが破壊される時、墓地に置くかわりにバトルゾーンにとどまる。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "if": [{"earlier": 1, "type": "spell", "at_most": 0}],
            "instead": ["stay"],
            "duration": "this_turn",
        },
    ),
    (
        "このクリーチャーが離れる時、かわりにこのクリーチャーはバトルゾーンにとどまる。",
        {"watch": {"event": "leave", "card": "this"}, "instead": ["stay"]},
    ),
    (
        "このクリーチャーが自分の墓地から離れる時、かわりに山札の一番下に置く。",
        {
            "watch": {"event": "leave_graveyard", "card": "this"},
            "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
        },
    ),
    (
        "自分のシールドが手札に加えられる時、かわりに墓地に置く。",
        {
            "watch": {"event": "put_into_hand", "card": {"whose": "own"}, "from": "shields"},
            "instead": [{"move_to": "graveyard"}],
        },
    ),
    (
        "このクリーチャーがシールドをブレイクする時、相手はそのシールドを手札に加えるかわりに自身の墓地に置く。",
        {
            "watch": {"event": "break", "card": {"whose": "opponent"}, "when": ["by_this"]},
            "instead": [{"move_to": "graveyard"}],
        },
    ),
    (  # the deck's top card put into the mana zone tapped
        "このクリーチャーが破壊される時、かわりに自分の山札の上から1枚目をタップしてマナゾーンに置いてもよい。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": ["stay", {"mill": {"player": "own", "count": 1, "to": "mana", "tapped": True}}],
            "optional": True,
        },
    ),
    (  # the limit said after the replacement and its follow-up: 「各ターンに1度、」
        "自分のクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。そうした場合、カードを1枚引く。"
        "ただし、この能力は1ターンに1度しか使えない。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}},
            "instead": ["stay", {"discard": 1}],
            "then": [{"events": [{"draw": "own", "count": 1}]}],
            "optional": True,
            "once_per_turn": True,
        },
    ),
    (
        "自分の山札が0枚なら、このクリーチャーが破壊される時、かわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "if": [{"zone": "deck", "whose": "own", "at_most": 0}],
            "instead": [{"move_to": "hand"}],
        },
    ),
    (
        "自分がゲームに負ける時、かわりに自分のマナゾーンにあるカードを8枚、シャッフルしてから山札の一番下に置く。",
        {
            "watch": {"event": "lose", "player": "own"},
            "instead": [{"choose": {"count": 8, "from": "mana", "to": "deck", "verb": "put", "position": "bottom"}}],
        },
    ),
    (
        "自分がカードを引く時、自分の山札が0枚なら、かわりにクリーチャーを1体、墓地から出してもよい。",
        {
            "watch": {"event": "draw", "player": "own"},
            "if": [{"zone": "deck", "whose": "own", "at_most": 0}],
            "instead": [
                {"choose": {"count": 1, "from": "graveyard", "to": "battle", "verb": "put", "type": "creature"}}
            ],
            "optional": True,
        },
    ),
]


@pytest.mark.parametrize("text, form", DEV_PARTS, ids=[t[:30] for t, _ in DEV_PARTS])
def test_parts_of_the_dev_sets_language_in_new_combinations(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text, named",
    [
        (
            "バトルゾーンに他に自分のドラゴンが他になければ、このクリーチャーが破壊される時、かわりに手札に戻す。",
            "「他に」 said twice",
        ),
        ("自分のバトルゾーンが1枚もなければ、このクリーチャーが破壊される時、かわりに手札に戻す。", "cannot read"),
        ("相手がクリーチャーを1体選ぶ時、相手のかわりに自分が選ぶ。", "cannot read"),
        ("自分自身のクリーチャーが破壊される時、かわりに手札に戻す。", "「自分自身の」 outside a clause"),
        (
            "自分のクリーチャーが破壊される時、かわりにこのクリーチャーはバトルゾーンにとどまる。",
            "a card that stays instead, other than the replaced event's",
        ),
        (
            "このクリーチャーが破壊される時、かわりに相手は自分自身の手札を1枚選び、捨てる。",
            "done by a player the text names",
        ),
        ("相手がドラゴンを出す時、自分はかわりにそれを墓地に置く。", "the player named before 「かわりに」"),
        (
            "自分のクリーチャーがこのクリーチャーだけであれば、このクリーチャーが破壊される時、かわりに手札に戻す。",
            "in no zone of creatures",
        ),
        ("このクリーチャーがそれによって破壊される時、かわりに手札に戻す。", "cannot read"),
        (  # 「タップして」 of cards put into another zone than the mana zone
            "このクリーチャーが破壊される時、かわりに自分の山札の上から2枚をタップして墓地に置く。",
            "the deck's top cards put otherwise than as they are",
        ),
        (  # no modifier says a cost not at most 5
            "自分の他のクリーチャーが破壊される時、そのクリーチャーがコスト5以下でなければ、かわりに手札に戻す。",
            "cannot read",
        ),
        (  # the battle names another creature 「そのクリーチャー」 may be
            "自分の他のクリーチャーが相手のクリーチャーとのバトルで破壊される時、そのクリーチャーがパワー3000以下であれば、"
            "かわりに手札に戻す。",
            "cannot read",
        ),
        (  # whose mana zone, neither it nor its cards say
            "マナゾーンに闇のカードが5枚以上あれば、このクリーチャーが破壊される時、かわりに手札に戻す。",
            "a zone counted in whose player neither it nor its cards say",
        ),
        (
            "マナゾーンに自分の火と水の文明があれば、このクリーチャーが破壊される時、かわりに手札に戻す。",
            "cannot read",
        ),
    ],
)
def test_near_variants_of_the_dev_sets_parts_are_refused(text, named):
    assert_refused(text, named)


@pytest.mark.parametrize(
    "text",
    [
        "自分のクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。この能力は各ターンに2度しか使えない。",
        # 「この能力」 after two replacements of one line: both of them, never the second alone
        "自分のクリーチャーが破壊される時、かわりにマナゾーンに置く。自分のシールドがブレイクされる時、かわりに"
        "墓地に置く。この能力は各ターンに1度しか使えない。",
    ],
)
def test_a_limit_no_field_states_after_a_replacement_leaves_it_incomplete(text):
    assert_incomplete(text, "after a replacement says more of it")


def test_the_destroyed_one_after_a_creatures_attack_may_be_the_attacker_and_is_refused():
    assert_refused(
        "相手のクリーチャーが自分のクリーチャーの攻撃によって破壊される時、そのクリーチャーがパワー3000以下であれば、"
        "かわりに持ち主のマナゾーンに置く。",
        "cannot read",
    )


@pytest.mark.parametrize("shields, final", [(0, "hand"), (1, "graveyard")])
def test_with_no_shield_of_ones_own_the_replacement_applies_and_with_one_it_does_not(shields, final):
    text = "自分のシールドが1枚もなければ、このクリーチャーが破壊される時、かわりに手札に戻す。"
    shield = "\n        shields: [{id: S, card: {name: 盾のカード, type: spell, cost: 1}}]" if shields else ""
    situation = f"""
    turn: me
    players:
      me:
        battle: [{{id: W, card: {{name: 盾を見るクリーチャー, type: creature, cost: 3, text: "{text}"}}}}]{shield}
      opponent: {{}}
    effect: {{controller: opponent, events: [{{destroy: W}}]}}
    """
    assert finals(situation, "W") == [(final,)]


# -- bench/parts.py: the phrases of a dev text, each read by its part's rule, and new combinations of parts -----


@functools.cache
def bench_parts():
    """bench/parts.py, loaded once (its parser of each part is built once, not in every test)."""
    spec = importlib.util.spec_from_file_location("bench_parts", Path(__file__).parent.parent / "bench" / "parts.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# Lines of DM-01..DM-24 texts (ウェーブ・ランス, エナジー・スパイラル, インフィニティ・ドラゴン, ドラコ・バリアー,
# ティコラクス), and the phrases of each part a replacement sentence is made of, with whether the part's rule reads it.
DEV_LINES = [
    (
        "バトルゾーンにあるクリーチャーを1体選び、持ち主の手札に戻す。それがドラゴンであれば、カードを1枚引いてもよい。",
        [
            ("clause", "バトルゾーンにあるクリーチャーを1体選び、持ち主の手札に戻す", True),
            ("target", "バトルゾーンにあるクリーチャーを1体", True),
            ("condition", "それがドラゴンであれば", True),
            ("clause", "カードを1枚引いてもよい", True),
            ("target", "カードを1枚", True),
        ],
    ),
    (
        "バトルゾーンに自分のグレートメカオーが1体でもあれば、バトルゾーンにあるクリーチャーを1体選び、持ち主の手札に戻す。",
        [
            ("condition", "バトルゾーンに自分のグレートメカオーが1体でもあれば", True),
            ("clause", "バトルゾーンにあるクリーチャーを1体選び、持ち主の手札に戻す", True),
            ("target", "バトルゾーンにあるクリーチャーを1体", True),
        ],
    ),
    (
        "自分のドラゴンがバトルゾーンを離れる時、自分の山札の一枚目を墓地に置く。",
        [
            ("watched", "自分のドラゴンがバトルゾーンを離れる時", True),
            ("clause", "自分の山札の1枚目を墓地に置く", True),
            ("target", "自分の山札の1枚目を", True),
        ],
    ),
    (
        "バトルゾーンにある相手のクリーチャーを1体選び、タップする。それがドラゴンであれば、自分の山札の上から1枚目を"
        "裏向きのまま自分のシールドに加える。",
        [
            ("clause", "バトルゾーンにある相手のクリーチャーを1体選び、タップする", True),
            ("target", "バトルゾーンにある相手のクリーチャーを1体", True),
            ("condition", "それがドラゴンであれば", True),
            ("clause", "自分の山札の上から1枚目を自分のシールドに加える", True),  # face down anyway, said or not
            ("target", "自分の山札の上から1枚目を", True),
        ],
    ),
    (
        "相手のシールドをすべて見る。その後、そのシールドを元の場所に戻す。",
        [("followup", "その後、そのシールドを元の場所に戻す", True)],
    ),
    (
        "相手のクリーチャーを1体破壊する。その後、このターンの後にもう1度自分のターンを行う。",
        [
            ("clause", "相手のクリーチャーを1体破壊する", True),
            ("target", "相手のクリーチャーを1体", True),
            ("followup", "その後、このターンの後にもう1度自分のターンを行う", False),
        ],
    ),
]


@pytest.mark.parametrize("line, found", DEV_LINES, ids=[line[:20] for line, _ in DEV_LINES])
def test_the_phrases_of_a_dev_line_and_the_rules_that_read_them(line, found):
    parts = bench_parts()
    assert [(part, phrase, parts.reads(part, phrase)) for part, phrase in parts.phrases(normalize(line))] == found


# Replacement sentences of DM-01..DM-24 (ボルバルザーク・エクス's saver, バルキリー・ドラゴン, 光牙忍ハヤブサマル) and
# conditions of the dev texts, swapped part for part.
DEV_SENTENCES = [
    "自分のドラゴンが破壊される時、かわりにこのクリーチャーを破壊してもよい",
    "このクリーチャーがバトルゾーンから自分の墓地に置かれる時、墓地に置くかわりに自分の手札に戻す",
    "相手のターン中、このクリーチャーが自分の手札から捨てられる時、墓地に置くかわりにバトルゾーンに出す",
    "自分の他のクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい",
]
DEV_CONDITIONS = ["バトルゾーンに自分のグレートメカオーが1体でもあれば", "相手のシールドが3枚以下であれば"]


def test_new_combinations_of_the_dev_sentences_parts_are_read_or_refused_by_name():
    """Every way of making (another watched event, condition, watched card, number, zone, 「てもよい」) gives each
    sentence read whole or refused naming what the vocabulary cannot state: none unread, none rendered otherwise."""
    parts = bench_parts()
    made = list(parts.combinations(DEV_SENTENCES, DEV_CONDITIONS, random.Random(3), 12))
    assert {how for how, _ in made} == {"head", "condition", "subject", "count", "place", "may"}
    verdicts = [(sentence, parts.verdict(sentence)) for _, sentence in made]
    assert [(sentence, v) for sentence, v in verdicts if v[0] not in ("complete", "refused")] == []


@pytest.mark.parametrize(
    "text, named",
    [
        # 円舞の使徒ラストル's wording with another thing done: a discard of all the cards or of each, not said
        (
            "相手のターン中、自分の手札を捨てる時、その手札のかわりにこのクリーチャーを手札に戻してもよい。",
            "「手札を捨てる時」: a player's discarding, as one event",
        ),
        # 封魔ダンリモス's instead, after a break the vocabulary watches
        (
            "このクリーチャーがシールドをブレイクする時、シールドをブレイクするかわりにカード名を1つ選んで言う。",
            "「カード名を1つ選んで言う」: a card name declared",
        ),
    ],
)
def test_a_discard_of_the_hand_as_one_event_and_a_name_declared_are_refused_by_name(text, named):
    assert_refused(text, named)


# -- conditions and card phrases read as parts whose meaning no typed form states: each refused by name ---------------

STAY = "このクリーチャーが破壊される時、かわりにとどまる。"


def test_the_card_an_earlier_sentence_names_said_as_that_card():
    """「そのカードが…であれば」 says what 「それが…であれば」 says: the one card an earlier sentence names."""
    form = {
        "if": [{"earlier": 1, "civilization": "fire", "type": "creature"}],
        "watch": {"event": "leave", "card": "this"},
        "instead": ["stay"],
    }
    assert_compiles_to(
        "そのカードが火のクリーチャーなら、このクリーチャーがバトルゾーンを離れる時、かわりにとどまる。", form
    )
    assert_compiles_to(
        "そのクリーチャーが火のクリーチャーであれば、このクリーチャーがバトルゾーンを離れる時、かわりにとどまる。", form
    )
    # 「そのシールドが」: no card an earlier sentence names as the one card of a condition
    assert_refused("そのシールドが火のクリーチャーなら、" + STAY, "cannot read")


def test_where_this_card_is_is_read_and_must_be_where_its_own_event_happens_to_it():
    here = "このクリーチャーがバトルゾーンまたは表向きで自分のシールドゾーンにあれば"
    assert bench_parts().reads("condition", here)
    [ability] = compile_text(f"{here}、{STAY}").abilities
    assert (ability.conditions[0].this_in, ability.works_in) == (("battle", "face_up_shields"), "battle")
    assert_refused(f"このクリーチャーが自分の墓地にあれば、{STAY}", "not where its own event happens")


UNSTATED_CONDITIONS = [
    ("そうしなければ", "「そうしなければ」"),
    ("ドラゴンを自分のマナゾーンでタップしてこのクリーチャーを召喚していた場合", "the cards tapped to summon"),
    ("自分のマナゾーンのカードがすべて火のカードであれば", "every card of a zone being of a kind"),
    ("自分のマナゾーンにあるカードがすべて光のカードであれば", "every card of a zone being of a kind"),
    ("それ以外のカードであれば", "the other case of an earlier condition"),
    ("その中にドラゴンがあれば", "「その中に」"),
    ("バトルゾーンに自分の指定ゴッドがあれば", "「指定ゴッド」"),
    ("バトルゾーンに同じ名前のクリーチャーが2体以上あれば", "「同じ名前の」"),
    ("バトルゾーンに光以外のクリーチャーがあれば", "「…以外の」"),
]


@pytest.mark.parametrize("condition, named", UNSTATED_CONDITIONS, ids=[c for c, _ in UNSTATED_CONDITIONS])
def test_a_condition_the_vocabulary_cannot_state_is_read_and_refused_by_name(condition, named):
    assert bench_parts().reads("condition", condition)
    assert_refused(f"{condition}、{STAY}", named)


@pytest.mark.parametrize(
    "condition",
    [
        "このクリーチャーが自分の墓地になければ",  # where this card is not: no such part
        "自分のマナゾーンのカードがすべて火であれば",  # a civilization is no card phrase
        "そうしたければ",
    ],
)
def test_near_variants_of_the_conditions_refused_by_name_are_not_read(condition):
    assert not bench_parts().reads("condition", condition)
    assert_refused(f"{condition}、{STAY}", "cannot read")


UNSTATED_PHRASES = [
    ("自分の、《黒神龍グールジェネレイド》以外のドラゴン", "「…以外の」"),
    ("「ブロッカー」以外の自分のクリーチャー", "「…以外の」"),
    ("選んだクリーチャー", "what an earlier sentence did with them"),
    ("表向きにしたカード", "what an earlier sentence did with them"),
    ("パワーがこのクリーチャーより小さい相手のクリーチャー", "compares a card's power"),
    ("パワーが6000より大きい自分のクリーチャー", "compares a card's power"),
    ("バトルゾーンにあるパワーの一番小さいクリーチャー", "the most or least power"),
    ("バトルゾーンにあるパワー1000のクリーチャー", "exactly N"),
    ("同じ枚数のカード", "「同じ枚数の」"),
    ("自分のマナゾーンにあるカードの数と同じ数のクリーチャー", "「同じ枚数の」"),
    ("どんな種族の進化クリーチャー", "「どんな種族の」"),
    ("自分の最後のシールド", "「最後の」"),
    ("クロスギアをクロスしているクリーチャー", "cross gear crossed"),
]


@pytest.mark.parametrize("phrase, named", UNSTATED_PHRASES, ids=[p for p, _ in UNSTATED_PHRASES])
def test_a_card_phrase_no_filter_field_states_is_read_and_refused_by_name(phrase, named):
    assert bench_parts().reads("target", f"{phrase}を1体")
    assert_refused(f"{phrase}が破壊される時、かわりにこのクリーチャーを破壊してもよい。", named)
    assert_refused(f"このクリーチャーが破壊される時、かわりに{phrase}を1体破壊する。", named)


@pytest.mark.parametrize(
    "phrase",
    [
        "ドラゴン以外に",  # 「以外に」 is no modifier of a card
        "パワーがこのクリーチャーと同じクリーチャー",
        "選ぶクリーチャー",
    ],
)
def test_near_variants_of_the_card_phrases_refused_by_name_are_not_read(phrase):
    assert not bench_parts().reads("target", f"{phrase}を1体")


def test_the_cards_of_a_zone_of_the_actors_own_said_with_the_zone_first():
    """「自分自身のマナゾーンにあるカードを」: the zone of the player who does what the clause says (read with the
    clause: its actor's), as 「自分自身のマナゾーンのカード」 is."""
    assert bench_parts().reads("target", "自分自身のマナゾーンにあるカードをすべて")
    assert bench_parts().reads("clause", "相手は自分自身のマナゾーンにあるカードを1枚選び、持ち主の墓地に置く")
    # outside a clause of what is done, no player is 「自分自身」
    assert_refused("自分自身のマナゾーンにあるカードが破壊される時、かわりにとどまる。", "「自分自身の」")


# -- clauses, follow-ups and watched events read as parts whose meaning no action or event states -------------------

DESTROYED = "このクリーチャーが破壊される時、かわりに"

UNSTATED_CLAUSES = [
    ("バトルの後、相手クリーチャーを破壊する", "at a later time"),
    ("自分のターンの終わりに、このクリーチャーをアンタップしてもよい", "at a later time"),
    ("残りのカードを自分の墓地に置く", "the rest of the cards"),
    ("それ以外のカードを自分の墓地に置く", "the rest of the cards"),
    ("自分のマナゾーンで光のカードをさらに1枚タップしてもよい", "「さらに」"),
    ("もう1枚余分に引いてもよい", "「余分に」"),
    ("相手の手札からカードを1枚見ないで選び、捨てる", "「見ないで選び」"),
    ("その中からクリーチャーを1体選び、自分の手札に加える", "「その中から」"),
    ("自分の墓地からクリーチャーを1体選び、相手に見せてから自分の手札に加えてもよい", "「shown」 cannot be stated"),
    ("自分の手札からクリーチャーを1体、コストを支払わずにバトルゾーンに出す", "「free」 cannot be stated"),
    ("自分のシールドを裏向きのまま1枚選び、自分の手札に加える", "「裏向きのまま選び」"),
    ("自分の手札から裏向きのまま1枚選び、自分の墓地に置く", "「face_down」 cannot be stated"),
    ("自分の手札を1枚、自分のドラゴン1体の上に置く", "「…の上に置く」"),
    ("そのクリーチャーを元の場所に戻す", "「元の場所に戻す」"),
    ("次の能力を得る", "「次の能力を得る」"),
    ("コストを支払わずにこのクリーチャーを召喚する", "a card cast or summoned"),
    ("その相手クリーチャーとバトルする", "「…とバトルする」"),
    ("自分のシールドを1つブレイクする", "a break of other cards than a number of the opponent's shields"),
    ("相手の手札を見る", "the cards of a zone (hand) with no number"),
]


@pytest.mark.parametrize("clause, named", UNSTATED_CLAUSES, ids=[c for c, _ in UNSTATED_CLAUSES])
def test_a_clause_no_action_states_is_read_and_refused_by_name(clause, named):
    assert bench_parts().reads("clause", clause)
    assert_refused(f"{DESTROYED}{clause}。", named)


@pytest.mark.parametrize(
    "clause",
    [
        "バトルの前、相手クリーチャーを破壊する",  # no such time
        "自分の手札を半分捨てる",  # half a hand is no number of a target
        "相手の手札からカードを1枚見ずに選び、捨てる",
        "そのクリーチャーを元の所に戻す",
    ],
)
def test_near_variants_of_the_clauses_refused_by_name_are_not_read(clause):
    assert not bench_parts().reads("clause", clause)
    assert_refused(f"{DESTROYED}{clause}。", "cannot read")


@pytest.mark.parametrize(
    "followup",
    [
        "その後、その相手クリーチャーとバトルする",
        "その後、表向きにしたカードをすべて、好きな順序で山札の一番下に戻す",
        "そうした場合、この呪文は次の能力を得る",
        "そうした場合、コストを支払わずにこの呪文を唱える",
        "その後、それを元に戻す",
        "その後、相手の手札を見る",
    ],
)
def test_a_followup_of_the_dev_texts_is_read_by_its_rule(followup):
    assert bench_parts().reads("followup", followup)


UNSTATED_WATCHES = [
    ("各ターンはじめて自分のクリーチャーが破壊される時、かわりに手札に戻す。", "「各ターンはじめて」 of another event"),
    (
        "このクリーチャーがこのクリーチャーとのバトルによって破壊される時、かわりにとどまる。",
        "「このクリーチャーとのバトルによって」 of this card's own event",
    ),
    ("自分の他のクリーチャーがこのクリーチャーとバトルする時、かわりにとどまる。", "「…とバトルする」"),
]


@pytest.mark.parametrize("text, named", UNSTATED_WATCHES, ids=[t[:25] for t, _ in UNSTATED_WATCHES])
def test_a_watched_event_the_vocabulary_cannot_state_is_read_and_refused_by_name(text, named):
    assert bench_parts().reads("watched", text.split("時、")[0] + "時")
    assert_refused(text, named)


def test_near_variants_of_the_watched_events_refused_by_name_are_not_read():
    for head in (
        "各ターンはじめに自分のシールドがブレイクされる時",
        "このクリーチャーとのバトルにより相手のクリーチャーが破壊される時",
    ):
        assert not bench_parts().reads("watched", head)


@pytest.mark.parametrize("order", ["好きな順序で", "好きな順番で", "好きな順で"])
def test_any_order_in_its_three_wordings(order):
    """「好きな順番で」「好きな順で」 say what 「好きな順序で」 says: the cards go to the bottom of the deck
    in the order their player likes."""
    assert_compiles_to(
        f"このクリーチャーが破壊される時、かわりに自分の手札からカードを2枚、{order}自分の山札の一番下に置く。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [
                "stay",
                {"choose": {"count": 2, "from": "hand", "to": "deck", "verb": "put", "position": "bottom"}},
            ],
        },
    )


def test_near_variant_of_any_order_is_not_read():
    assert_refused(
        "このクリーチャーが破壊される時、かわりに自分の手札からカードを2枚、好きな順番に自分の山札の一番下に置く。",
        "cannot read",
    )


def test_the_evolution_label_printed_with_a_long_vowel_mark_is_the_label():
    """「進化ー」 (printed so in some rows of the card list) is the label 「進化-」: what follows it is the clause."""
    parts = bench_parts()
    assert [(p, s, parts.reads(p, s)) for p, s in parts.phrases(normalize("進化ー自分のドラゴン1体の上に置く。"))] == [
        ("clause", "自分のドラゴン1体の上に置く", True)
    ]
    assert [(p, s, parts.reads(p, s)) for p, s in parts.phrases(normalize("進化ー自分のドラゴン1体の横に置く。"))] == [
        ("clause", "自分のドラゴン1体の横に置く", False)
    ]


def test_a_search_of_the_deck_shown_to_the_opponent_is_read_and_refused_by_name():
    clause = "自分の山札からクリーチャーを1枚さがして相手に見せ、自分の手札に加える"
    assert bench_parts().reads("clause", clause)
    assert_refused(f"{DESTROYED}{clause}。", "「さがして」")
    assert_refused(f"{DESTROYED}自分の墓地からクリーチャーを1枚選び、相手に見せ、自分の手札に加える。", "「shown」")
    assert not bench_parts().reads("clause", "自分の山札からクリーチャーを1枚さがし、自分の手札に加える")


MORE_UNSTATED_CLAUSES = [
    ("バトルゾーンにある自分の水のクリーチャー1体につき、カードを1枚引いてもよい", "「…1体につき」"),
    ("バトルゾーンにある自分の他のタップされているクリーチャー1体につき1枚、カードを引く", "「…1体につき」"),
    ("各プレイヤーはカードを1枚引いてもよい", "「各プレイヤーは」"),
    ("この呪文を裏向きにしてシールドに加える", "「この呪文を」"),
    ("攻撃の後、このクリーチャーをアンタップする", "at a later time"),
    ("自分のターンのはじめに、このクリーチャーを破壊してもよい", "at a later time"),
    ("バトルゾーンにあるサバイバーの数と同じ枚数のカードを引いてもよい", "「同じ枚数の」"),
]


@pytest.mark.parametrize("clause, named", MORE_UNSTATED_CLAUSES, ids=[c for c, _ in MORE_UNSTATED_CLAUSES])
def test_more_clauses_no_action_states_are_read_and_refused_by_name(clause, named):
    assert bench_parts().reads("clause", clause)
    assert_refused(f"{DESTROYED}{clause}。", named)


@pytest.mark.parametrize(
    "clause",
    [
        "バトルゾーンにある自分の水のクリーチャー1体ごとに、カードを1枚引いてもよい",
        "全プレイヤーはカードを1枚引いてもよい",
        "防御の後、このクリーチャーをアンタップする",
    ],
)
def test_near_variants_of_more_clauses_refused_by_name_are_not_read(clause):
    assert not bench_parts().reads("clause", clause)


def test_afterwards_in_kana_is_afterwards():
    """「そのあと、」 is 「その後、」: a follow-up."""
    parts = bench_parts()
    assert [p for p, _ in parts.phrases(normalize("そのあと、それを元に戻す"))] == ["followup"]
    assert parts.reads("followup", normalize("そのあと、それを元に戻す"))
    assert [p for p, _ in parts.phrases(normalize("そのさき、それを元に戻す"))] == ["clause", "target"]


# -- a replacement said across two sentences: what the player may do, then 「その場合、…かわりに…」, is one optional
# -- replacement whose actions are both (ギガスタンド); any other such pair is refused, never read as the effect's own
# -- self-replacement (which would leave the card with no replacement ability) ------------------------------------

GIGASTAND = (
    "このクリーチャーがバトルゾーンから自分の墓地に置かれるとき、自分の手札からカードを1枚選んで墓地に置いてよい。"
    "その場合、このクリーチャーを墓地に置くかわりに手札に戻す。"
)


def test_what_the_player_may_do_then_what_is_done_instead_if_they_do_is_one_replacement():
    assert_compiles_to(
        GIGASTAND,
        {
            "watch": {"event": "put_into_graveyard", "card": "this", "from": "battle"},
            # a card of the hand put into the graveyard is discarded (捨てる)
            "instead": [{"discard": 1}, {"move_to": "hand"}],
            "optional": True,
        },
    )


@pytest.mark.parametrize(
    "hand, finals", [("hand: [h1]", [("graveyard", "hand"), ("hand", "graveyard")]), ("", [("graveyard", None)])]
)
def test_the_replacement_said_across_two_sentences_needs_a_card_in_the_hand(hand, finals):
    text = GIGASTAND.replace("\n", "")
    solution = solved_with(text, "[{destroy: R}]", mine=f"                {hand}\n" if hand else "")
    assert sorted((r.final["R"], r.final.get("h1")) for r in solution.resolutions) == finals


@pytest.mark.parametrize(
    "text",
    [
        # ガイアール・カイザー
        "自分のシールドがブレイクされる時、そのシールドを見る。それを手札に加えるかわりに自分の墓地に置いてもよい。",
        # what is done if they do is no replacement of the watched event
        "このクリーチャーが破壊される時、自分の手札を1枚捨ててもよい。その場合、このクリーチャーを手札に加えるかわりに墓地に置く。",
    ],
)
def test_a_replacement_said_across_two_sentences_is_refused(text):
    result = compile_text(text)
    assert not result.complete and result.self_replacements == 0
    assert "a replacement said across two sentences" in " ".join(s.problem or "" for s in result.problems)


def test_a_trigger_in_the_past_before_the_effects_own_instead_is_no_replacement_begun():
    text = (
        "このクリーチャーがバトルゾーンに出た時、相手のクリーチャーを1体選ぶ。"
        + "そのクリーチャーを、1体のかわりに2体破壊する。"
    )
    assert compile_text(text).self_replacements == 1


# -- a replacement said without 「かわりに」: 「離れずにとどまる」 is 「離れるかわりにとどまる」 (ギガデウス) ---------


def test_staying_instead_said_without_instead_is_a_replacement():
    form = {
        "watch": {"event": "leave", "card": "this", "when": ["by_opponent", "by_effect", "by_spell"]},
        "instead": ["stay"],
    }
    assert_compiles_to(
        "相手の呪文の効果でこのクリーチャーがバトルゾーンから離れる時、バトルゾーンから離れずにとどまる。", form
    )
    assert_compiles_to("相手の呪文の効果でこのクリーチャーがバトルゾーンから離れる時、離れるかわりにとどまる。", form)
    # 封魔ボルティス: read as a replacement, and refused naming what the vocabulary cannot state
    # 「このクリーチャーとのバトルに負けて」: the loser of a battle with this card (V37), which stays
    assert_compiles_to(
        "クリーチャーが、このクリーチャーとのバトルに負けて破壊される時、そのクリーチャーは破壊されずバトルゾーンに留まる。",
        {
            "watch": {"event": "destroy", "card": {"type": "creature"}, "when": ["by_battle", "battle_with_this"]},
            "instead": ["stay"],
        },
    )


@pytest.mark.parametrize(
    "text",
    [
        # 予言者アレス
        "このクリーチャーがバトルゾーンから自分の墓地に置かれるとき、裏向きにして自分のシールドに加える。",
        # 大昆虫ギガマンティス
        "このクリーチャーがバトルゾーンにある間に、自分の他の自然のクリーチャーがバトルゾーンから墓地に置かれるとき、"
        "その自然のクリーチャーを自分のマナゾーンに置く。",
    ],
)
def test_the_watched_card_sent_elsewhere_without_instead_is_refused_not_passed_over(text):
    """The first sets' wording: the card sent elsewhere as it is put somewhere, with no 「かわりに」 — a replacement or
    a trigger: refused, never read as no replacement at all."""
    result = compile_text(text)
    assert not result.complete and "without 「かわりに」" in result.problems[0].problem


def test_other_cards_moved_as_a_card_is_put_somewhere_is_no_replacement():
    """ボーン・ピアース: other cards moved (a trigger, in the first sets' present tense)."""
    text = (
        "このクリーチャーがバトルゾーンから自分の墓地に置かれるとき、自分のマナゾーンからクリーチャーを1体選び、"
        "自分の手札に戻してよい。"
    )
    result = compile_text(text)
    assert result.complete and not result.abilities


def test_the_watched_event_undone_without_instead_is_refused():
    """聖天使グライス・メジキューラ: the break undone, said without 「かわりに」."""
    text = (
        "自分のシールドがブレイクされる時、自分の手札を2枚捨ててもよい。そうした場合、そのシールドはブレイクされない。"
    )
    result = compile_text(text)
    assert not result.complete and "does not happen, or happens otherwise" in result.problems[0].problem
    # a restriction with a state (「…ない時、」) is no watched event undone
    assert compile_text("相手のシールドが1枚もない時、このクリーチャーはブロックされない。").complete


def test_only_the_top_card_leaving_is_said_without_instead():
    """太陽王ソウル・フェニックス: 「一番上のカードだけがバトルゾーンから離れる」 is スター進化's
    「かわりに一番上のカードが離れる」."""
    assert_compiles_to(
        "このクリーチャーがバトルゾーンを離れる時、一番上のカードだけがバトルゾーンから離れる。",
        {"watch": {"event": "leave", "card": "this"}, "instead": ["top_card_only"]},
    )


def test_staying_in_the_zone_the_watched_card_leaves():
    """極幻空 ザハ・エルハ: 「…かわりにシールドゾーンにとどまる」 stays in the shield zone it would leave."""
    text = "自分のシールドが、シールドゾーンから手札以外のゾーンに置かれる時、かわりにシールドゾーンにとどまる。"
    assert_compiles_to(
        text, {"watch": {"event": "leave_shields", "card": {"whose": "own"}, "to_not": "hand"}, "instead": ["stay"]}
    )
    assert_refused(text.replace("かわりにシールドゾーンに", "かわりにマナゾーンに"), "another zone than the one")


@pytest.mark.parametrize(
    "text, form",
    [
        (  # 星空に浮かぶニンギョ
            "相手のターン中、相手が自身の手札以外からマナゾーンにカードを置く時、かわりに墓地に置く。",
            {
                "watch": {
                    "event": "put_into_mana",
                    "card": {"whose": "opponent"},
                    "from_not": "hand",
                    "when": ["opponent_turn"],
                },
                "instead": [{"move_to": "graveyard"}],
            },
        ),
        (  # とこしえの超人
            "相手が自身の手札以外からカードを出す時、かわりにマナゾーンに置く。",
            {
                "watch": {"event": "enter", "card": {"whose": "opponent"}, "from_not": "hand"},
                "instead": [{"move_to": "mana"}],
            },
        ),
    ],
)
def test_a_players_cards_put_from_any_zone_of_theirs_but_one(text, form):
    assert_compiles_to(text, form)


def test_cards_put_from_any_zone_but_one_into_a_zone_no_event_names_are_refused():
    assert_refused("相手が自身の手札以外から手札にカードを置く時、かわりに墓地に置く。", "no watched event names")


def test_the_card_that_flips_instead_untaps_too():
    """無敵剣 プロト・ギガハート: 「…離れるかわりにこのドラグハートをクリーチャー側に裏返し、アンタップする」: the
    clause with no card named is the card the clause before names."""
    text = (
        "龍解:相手の呪文の効果またはクリーチャーの能力によって、これを装備したクリーチャーが離れる時、離れるかわりに"
        "このドラグハートをクリーチャー側に裏返し、アンタップする。"
    )
    abilities = compile_text(text).abilities
    assert [[a.kind for a in ability.instead] for ability in abilities] == [["stay", "flip_source", "untap_source"]] * 2
    # with no card before it, 「アンタップする」 is the watched card's: the creature stays and untaps
    alone = compile_text(text.replace("このドラグハートをクリーチャー側に裏返し、", "")).abilities
    assert [[a.kind for a in ability.instead] for ability in alone] == [["stay", "untap_event"]] * 2


def test_an_sf_ability_holds_only_while_the_scenario_flags_the_card():
    """不滅の精霊パーフェクト・ギャラクシー: 「SF−…」 abilities hold while the shield シールド・フォース chose is in the
    shield zone, as the card's flag shield_force says (the keyword's own line is no ability)."""
    text = (
        "W・ブレイカー / シールド・フォース(このクリーチャーを出す時、自分のシールドを1つ選んでもよい。そのシールドが"
        "シールドゾーンにある間、このクリーチャーは次のSF能力を得る) / SF−このクリーチャーが離れる時、離れるかわりに"
        "とどまる。"
    )
    assert_compiles_to(
        text, {"watch": {"event": "leave", "card": "this"}, "instead": ["stay"], "requires_flag": "shield_force"}
    )


@pytest.mark.parametrize(
    "text",
    [
        "ホーリー・フィールド / HF−このクリーチャーが破壊される時、かわりにとどまる。",
        "HF−このクリーチャーが破壊される時、かわりにとどまる。",
        "ホーリー・フィールド(自分のシールドの数が相手以上であれば、このクリーチャーは次の能力を得る) / "
        "このクリーチャーが破壊される時、かわりにとどまる。",
    ],
)
def test_a_holy_field_ability_holds_under_its_condition_however_it_is_printed(text):
    """ホーリー・フィールド printed without its reminder, or an ability labelled 「HF−」: the keyword's condition (the
    card list's reminder), never an ability that always holds."""
    assert_compiles_to(
        text,
        {"watch": {"event": "destroy", "card": "this"}, "instead": ["stay"], "if": ["shields_at_least_opponent"]},
    )


# -- a count compared with the other player's (「自分のマナゾーンのカードが相手のより多ければ」), fixture V20 --

SAVED = "このクリーチャーが破壊される時、{}、かわりに自分の手札に戻す。"
BACK = {"watch": {"event": "destroy", "card": "this"}, "instead": [{"move_to": "hand"}]}


@pytest.mark.parametrize(
    "condition, compared",
    [
        ("自分のマナゾーンのカードが相手のより多ければ", {"zone": "mana", "whose": "own", "than_other": "more"}),
        ("自分のマナゾーンにあるカードが相手のより多ければ", {"zone": "mana", "whose": "own", "than_other": "more"}),
        (
            "自分の墓地にあるカードの枚数が相手より少なければ",
            {"zone": "graveyard", "whose": "own", "than_other": "fewer"},
        ),
        ("自分のシールドが相手のシールドより多ければ", {"zone": "shields", "whose": "own", "than_other": "more"}),
        ("相手の手札の枚数が自分より多ければ", {"zone": "hand", "whose": "opponent", "than_other": "more"}),
        ("自分のシールドの数が相手より少ない場合", {"zone": "shields", "whose": "own", "than_other": "fewer"}),
        ("自分の墓地のカードが相手のもの以下なら", {"zone": "graveyard", "whose": "own", "than_other": "at_most"}),
        ("自分の手札が相手以上であれば", {"zone": "hand", "whose": "own", "than_other": "at_least"}),
        ("自分のシールドの数が相手以上であれば", "shields_at_least_opponent"),  # ホーリー・フィールド's word
    ],
)
def test_a_count_compared_with_the_other_players_is_read(condition, compared):
    assert_compiles_to(SAVED.format(condition), {**BACK, "if": [compared]})


@pytest.mark.parametrize(
    "condition, named",
    [
        ("自分のシールドが相手の手札より多ければ", "another zone's"),
        ("自分のシールドが自分より多ければ", "that player's own"),
    ],
)
def test_a_comparison_of_two_zones_or_of_one_player_is_refused(condition, named):
    assert_refused(SAVED.format(condition), named)


GAIA = (
    "相手のクリーチャーが出る時、自分のマナゾーンのカードが相手のより多ければ、"
    "相手はかわりにそのクリーチャーをマナゾーンに置く。"
)
COMPARED = """
turn: opponent
players:
  me:
    battle: [{id: GH, card: {name: 比べるクリーチャー, type: creature, text: "TEXT"}}]
    mana: MINE
  opponent:
    hand: [{id: Z, card: {name: 出るクリーチャー, type: creature}}]
    mana: [b1, b2, b3]
effect: {controller: opponent, events: [{id: e1, put_into_battle: Z}]}
"""


@pytest.mark.parametrize(
    "text, mine, expected",
    [
        (GAIA, "[a1, a2, a3, a4]", "mana"),  # V20
        (GAIA, "[a1, a2, a3]", "battle"),  # as many: not more
        (GAIA.replace("より多ければ", "以上であれば"), "[a1, a2, a3]", "mana"),
        (GAIA.replace("より多ければ", "より少なければ"), "[a1, a2]", "mana"),
        (GAIA.replace("より多ければ", "より少なければ"), "[a1, a2, a3]", "battle"),
    ],
)
def test_the_comparison_is_of_the_counts_before_the_event(text, mine, expected):
    board = COMPARED.replace("TEXT", text).replace("MINE", mine)
    assert finals(board, "Z") == [(expected,)]


# -- a cost above a player's mana (獣軍隊 ヤドック: 「相手のマナゾーンにあるカードの枚数より大きいコストを持つ」) ----

YADOK = (
    "相手のマナゾーンにあるカードの枚数より大きいコストを持つ相手のクリーチャーをバトルゾーンに出す時、"
    "相手はかわりにそのクリーチャーを自身のマナゾーンに置く。"
)


def test_a_cost_above_the_mana_of_the_cards_player_is_read():
    card = {"whose": "opponent", "type": "creature", "cost_exceeds_mana": True}
    assert_compiles_to(YADOK, {"watch": {"event": "enter", "card": card}, "instead": [{"move_to": "mana"}]})


@pytest.mark.parametrize(
    "text, named",
    [
        (YADOK.replace("相手のマナゾーンにある", "自分のマナゾーンにある"), "another player than the card's"),
        (YADOK.replace("相手のクリーチャーを", "クリーチャーを"), "another player than the card's"),
    ],
)
def test_a_cost_above_another_players_mana_is_refused(text, named):
    assert_refused(text, named)


def test_the_creature_being_summoned_is_not_counted_in_its_zone():
    """Summoned from the opponent's mana zone of four cards, it is not among them (409.1c, E07): three, fewer than
    my four, and the replacement applies."""
    board = COMPARED.replace("TEXT", GAIA).replace("MINE", "[a1, a2, a3, a4]")
    creature = "{id: Z, card: {name: 出るクリーチャー, type: creature}}"
    board = board.replace(f"    hand: [{creature}]\n", "")
    board = board.replace("mana: [b1, b2, b3]", f"mana: [{creature}, b1, b2, b3]")
    summoned = board.replace("effect: {controller: opponent,", "effect: {source: Z, by: summon, controller: opponent,")
    assert finals(summoned, "Z") == [("mana",)]
    assert finals(board.replace("[a1, a2, a3, a4]", "[a1, a2, a3]"), "Z") == [("battle",)]  # put out: four there


# -- the player of the zone a card leaves (「カードが自分のマナゾーンを離れる時」) is the card's; a deck's too -------


@pytest.mark.parametrize(
    ("text", "watch"),
    [
        (
            "カードが自分のマナゾーンを離れる時、かわりに墓地に置く。",
            {"event": "leave_mana", "card": {"whose": "own"}},
        ),
        (
            "自分のカードがマナゾーンを離れる時、かわりに墓地に置く。",
            {"event": "leave_mana", "card": {"whose": "own"}},
        ),
        # 「持ち主の」 zone: any card's own
        (
            "カードが持ち主のマナゾーンを離れる時、かわりに墓地に置く。",
            {"event": "leave_mana", "card": {"whose": "any"}},
        ),
        (
            "カードが自分の山札から離れる時、かわりに墓地に置く。",
            {"event": "leave_deck", "card": {"whose": "own"}},
        ),
        (
            "クリーチャーが自分のバトルゾーンを離れる時、かわりに手札に戻す。",
            {"event": "leave", "card": {"whose": "own", "type": "creature"}},
        ),
    ],
)
def test_the_zone_a_card_leaves_says_whose_card_it_is(text, watch):
    """「自分の」 before the zone was once dropped from the reading and from the comparison alike: a card of either
    player's mana zone watched. It is the card's player now, rendered as 「自分のカードが…」."""
    to = "hand" if "手札に戻す" in text else "graveyard"
    assert_compiles_to(text, {"watch": watch, "instead": [{"move_to": to}]})


def test_leaving_the_opponents_zone_is_refused():
    assert_refused("カードが相手のマナゾーンを離れる時、かわりに墓地に置く。", "the opponent's zone")


def test_staying_in_the_deck_instead_of_leaving_it():
    """ドラグ変怪: 「離れるかわりにとどまる」 said again of a card leaving the deck, for either cause."""
    text = "相手の呪文の効果またはクリーチャーの能力によって、カードが自分の山札から離れる時、離れるかわりにとどまる。"
    watch = {"event": "leave_deck", "card": {"whose": "own"}}
    assert_compiles_to(
        text,
        {"watch": {**watch, "when": ["by_opponent", "by_effect", "by_spell"]}, "instead": ["stay"]},
        {"watch": {**watch, "when": ["by_opponent", "by_ability", "by_creature"]}, "instead": ["stay"]},
    )


# -- 「これが進化クリーチャーなら」 (this_evolution), 「…以外から出る」 (from_not), a grant of the lines after (超魂X)


def test_this_card_an_evolution_creature_is_a_condition():
    form = {
        "watch": {"event": "destroy", "card": "this"},
        "if": ["this_evolution"],
        "instead": [{"move_to": "hand"}],
    }
    assert_compiles_to("このクリーチャーが破壊される時、これが進化クリーチャーなら、かわりに手札に戻す。", form)
    assert_compiles_to(
        "このクリーチャーが破壊される時、このクリーチャーが進化クリーチャーであれば、かわりに手札に戻す。", form
    )


@pytest.mark.parametrize(("card", "saved"), [("evolution_creature", True), ("creature", False)])
def test_the_evolution_condition_in_a_scenario(card, saved):
    text = "このクリーチャーが破壊される時、これが進化クリーチャーなら、かわりに手札に戻す。"
    solution = solved_with(text, "[{destroy: R}]", card_type=card)
    assert [r.final["R"] for r in solution.resolutions] == (["hand"] if saved else ["graveyard"])


def test_a_card_put_out_from_any_zone_but_one_into_its_owners_zone():
    """「業流」の頂 ゾロ・ア・スタート: 「相手のターンに相手のクリーチャーが超次元ゾーン以外から出る時、かわりにそれを
    相手の超次元ゾーンに置く」: the opponent's card, and 「相手の」 zone its owner's."""
    form = {
        "watch": {
            "event": "enter",
            "card": {"whose": "opponent", "type": "creature"},
            "from_not": "hyperspatial",
            "when": ["opponent_turn"],
        },
        "instead": [{"move_to": "hyperspatial"}],
    }
    assert_compiles_to(
        "相手のターンに相手のクリーチャーが超次元ゾーン以外から出る時、かわりにそれを相手の超次元ゾーンに置く。", form
    )
    # one's own creature put into the opponent's zone: no zone a card goes to
    assert_refused("自分のクリーチャーが破壊される時、かわりにそれを相手のマナゾーンに置く。", "the opponent's zone")


def test_abilities_given_to_the_creature_this_card_is_under_are_refused():
    """超魂X (怒像アゲ): the line after the reminder is given to another card too; read as this card's alone, the
    creature it is under would lack it."""
    text = (
        "超魂X(これがクリーチャーの下にあれば、そのクリーチャーにも以下の能力を与える) / 自分がゲームに負ける時、"
        "これが進化クリーチャーなら、かわりにこのクリーチャーの下にあるカードをすべて墓地に置いてもよい。"
    )
    assert_refused(text, "以下の能力を与える")


# -- 「シールドを1つブレイクするたび」, and what a replacement goes on doing with its card (「その中にある呪文を…」) --


@pytest.mark.parametrize(
    "text",
    [
        "このクリーチャーが相手のシールドをブレイクする時、相手はかわりにそのシールドを表向きにする。",
        "このクリーチャーが相手のシールドを1つブレイクする時、相手はかわりにそのシールドを表向きにする。",
        "このクリーチャーが相手のシールド1つブレイクするたび、相手はかわりにそのシールドを表向きにする。",
    ],
)
def test_each_shield_this_creature_breaks(text):
    form = {
        "watch": {"event": "break", "card": {"whose": "opponent"}, "when": ["by_this"]},
        "instead": ["turn_face_up"],
    }
    assert_compiles_to(text, form)


def test_what_the_replacement_goes_on_doing_with_its_shield_is_refused():
    """天革の騎皇士 ミラクルスター: the shield turned face up, a spell in it cast, then it goes to the hand: the
    sentences after the replacement name its shield again, never read as sentences of their own."""
    text = (
        "このクリーチャーが相手のシールドひとつブレイクするたび、相手はかわりにそのシールドを表向きにする。"
        "その中にある呪文を1枚、コストを支払わずに自分が唱え、持ち主の墓地に置いてもよい。"
        "その後、相手はそのシールドを自身の手札に加える。"
    )
    result = compile_text(text)
    assert not result.complete
    assert any("その中にある" in (s.problem or "") for s in result.problems)


# -- the spells of the player's a phrase says, after they are cast (「自分の光の呪文を唱えた後」) ---------------------

SPELLS_CAST = [
    (
        "自分の光の呪文を唱えた後、墓地に置くかわりに手札に戻す。",
        {
            "watch": {
                "event": "spell_to_graveyard",
                "card": {"whose": "own", "type": "spell", "civilization": "light"},
            },
            "instead": [{"move_to": "hand"}],
        },
    ),
    (
        "このターン、自分の呪文を唱えた後、墓地に置くかわりに山札の一番下に置く。",
        {
            "watch": {"event": "spell_to_graveyard", "card": {"whose": "own", "type": "spell"}},
            "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
            "duration": "this_turn",
        },
    ),
]


@pytest.mark.parametrize("text, form", SPELLS_CAST, ids=[t[:30] for t, _ in SPELLS_CAST])
def test_the_players_spells_after_they_are_cast(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text",
    [
        "相手の呪文を唱えた後、墓地に置くかわりに山札の一番下に置く。",  # who casts the opponent's spell is not said
        "自分のクリーチャーを唱えた後、墓地に置くかわりに山札の一番下に置く。",
    ],
)
def test_near_variants_of_the_players_spells_after_they_are_cast_are_refused(text):
    assert_refused(text, "a spell cast, said of no spells of the player's")


@pytest.mark.parametrize("spell, final", [("light", "hand"), ("fire", "graveyard")])
def test_the_players_spell_of_the_civilization_said_goes_to_the_hand(spell, final):
    text = "自分の光の呪文を唱えた後、墓地に置くかわりに手札に戻す。"
    solution = dmrules.solve(
        scenario(
            f"""
            turn: me
            players:
              me:
                battle: [{{id: R, card: {{name: 試しのクリーチャー, type: creature, text: "{text}"}}}}]
                hand: [{{id: S, card: {{name: 試しの呪文, type: spell, civilizations: [{spell}]}}}}]
              opponent: {{}}
            effect: {{source: S, controller: me, by: spell, cast_from: hand, events: [{{spell_to_graveyard: S}}]}}
            """
        )
    )
    assert sorted(r.final["S"] for r in solution.resolutions) == [final]


# -- 「自分が勝ったら」 of the ガチンコ・ジャッジ the sentence before makes (fixtures V29) ----------------------------


def test_the_spell_returned_when_its_player_won_the_judge():
    text = "相手とガチンコ・ジャッジする。自分が勝てば、この呪文を唱えた後、墓地に置くかわりに山札の一番下に置く。"
    form = {
        "watch": {"event": "spell_to_graveyard", "card": "this"},
        "if": ["won_judge"],
        "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
        "spell_own_movement": True,
    }
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text, named",
    [
        ("自分が勝ったら、この呪文を唱えた後、墓地に置くかわりに手札に戻す。", "of no ガチンコ・ジャッジ"),
        (
            "相手の手札を1枚捨てさせる。自分が勝ったら、この呪文を唱えた後、墓地に置くかわりに手札に戻す。",
            "of no ガチンコ",
        ),
        (
            "相手とガチンコ・ジャッジする。自分が勝ったら、このクリーチャーが破壊される時、墓地に置くかわりに手札に戻す。",
            "one the judge's effect makes",
        ),
    ],
)
def test_near_variants_of_the_won_judge_are_refused(text, named):
    assert_refused(text, named)


# -- a race said with 「を持つ」 (「魔導具を持つ呪文」), and a draw after a clause ending in 「て」 -------------------


def test_a_race_had_by_a_spell_and_a_draw_after_the_put():
    """卍 新世壊 卍's printed sentence (fixture A16 bundles the compiler's reading)."""
    text = (
        "自分の魔導具を持つ呪文を唱えた時、唱えた後で墓地に置くかわりに、"
        "このフィールドの下に置いてカードを1枚引いてもよい。"
    )
    form = {
        "watch": {"event": "spell_to_graveyard", "card": {"whose": "own", "type": "spell", "race": "魔導具"}},
        "instead": [{"move_to": "under_this"}, {"draw": 1}],
        "optional": True,
    }
    assert_compiles_to(text, form)
    creature = "自分のドラゴンを持つクリーチャーが破壊される時、墓地に置くかわりに手札に戻す。"
    assert_compiles_to(
        creature,
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature", "race": "ドラゴン"}},
            "instead": [{"move_to": "hand"}],
        },
    )


def test_a_race_had_in_kanji_is_read_only_when_named():
    assert_refused("自分の魔導書を持つ呪文を唱えた後、墓地に置くかわりに手札に戻す。", "cannot read")


# -- a follow-up that destroys chosen creatures (「そうしたら、相手のクリーチャーを1体選び、破壊する」) ----------------

DESTROYED_AFTER = (
    "このクリーチャーが破壊される時、墓地に置くかわりに手札に戻す。その後、相手のクリーチャーを1体破壊{may}。"
)


@pytest.mark.parametrize(
    "may, finals",
    [
        ("する", [("hand", "battle", "graveyard"), ("hand", "graveyard", "battle")]),
        (
            "してもよい",
            [("hand", "battle", "battle"), ("hand", "battle", "graveyard"), ("hand", "graveyard", "battle")],
        ),
    ],
)
def test_a_follow_up_destroying_one_chosen_creature_of_the_opponents(may, finals):
    text = DESTROYED_AFTER.format(may=may)
    result = compile_text(text)
    assert result.complete, [s.problem for s in result.problems]
    then = result.forms()[0]["then"]
    choose = {"count": 1, "from": "battle", "whose": "opponent", "type": "creature"}
    optional = {"optional": True} if may != "する" else {}
    # 「その後、」: part of what the replacement makes happen (101.5a)
    assert then == [{"events": [{"destroy": {"choose": {**choose, **optional}}}], "afterwards": True}]
    opponent = (
        "{battle: [{id: O1, card: {name: 相手1, type: creature}}, {id: O2, card: {name: 相手2, type: creature}}]}"
    )
    solution = solved_with(text, "[{destroy: R}]", opponent=opponent)
    got = sorted((r.final["R"], r.final.get("O1", "battle"), r.final.get("O2", "battle")) for r in solution.resolutions)
    assert got == finals


def test_a_follow_up_destroying_shields_is_refused():
    text = "このクリーチャーが破壊される時、墓地に置くかわりに手札に戻す。その後、相手のシールドを1つ破壊する。"
    assert not compile_text(text).complete


def test_a_battle_destroying_a_creature_on_a_players_turn():
    assert_compiles_to(
        "相手のターン中、このクリーチャーがバトルで破壊される時、墓地に置くかわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": "this", "when": ["opponent_turn", "by_battle"]},
            "instead": [{"move_to": "hand"}],
        },
    )


# -- what the effect does instead when a condition holds (「…があれば、かわりに…」), and an alternative summoning cost


def test_the_effects_own_instead_when_a_condition_holds_is_a_self_replacement():
    text = "相手のカードを1枚、バトルゾーンから選ぶ。バトルゾーンに自分のドラゴンがあれば、かわりに2枚選ぶ。"
    result = compile_text(text)
    assert result.complete and result.self_replacements == 1 and not result.abilities


def test_what_is_paid_instead_of_the_summoning_cost_replaces_no_event():
    text = "このクリーチャーの召喚コストを支払う時、かわりに自分の手札を2枚捨ててもよい。"
    result = compile_text(text)
    assert [s.verdict for s in result.sentences] == ["not_replacement"]
    assert_refused("このクリーチャーの召喚コストを支払う時、かわりに自分の手札を2枚捨てる。", "cannot read")


# -- shields this card breaks instead (「かわりにこのクリーチャーは相手のシールドを1つブレイクする」), the first break
# -- of a turn (「各ターンはじめて」; fixtures B22, B24, V30) -------------------------------------------------------

JOGIRASTA = (
    "各ターンはじめて自分のシールドが1つ以上ブレイクされる時、"
    + "かわりにこのクリーチャーは相手のシールドを1つブレイクする。"
)
OLD_JOGIRASTA = JOGIRASTA.replace("このクリーチャーは", "")  # the text before its correction of 2021-03-16


@pytest.mark.parametrize("text", [JOGIRASTA, OLD_JOGIRASTA])
def test_the_opponents_shields_this_card_breaks_instead(text):
    assert_compiles_to(
        text,
        {
            "watch": {"event": "break", "card": {"whose": "own"}, "once": True, "when": ["first_this_turn"]},
            "instead": [
                "stay",
                {"choose": {"count": 1, "from": "shields", "to": "hand", "verb": "break", "whose": "opponent"}},
            ],
        },
    )


@pytest.mark.parametrize(
    "text, named",
    [
        (OLD_JOGIRASTA.replace("相手のシールドを1つ", "相手のシールドを1つまで"), "a break of other cards"),
        (OLD_JOGIRASTA.replace("相手のシールドを", "相手のクリーチャーを"), "a break of other cards"),
        (
            JOGIRASTA.replace("自分のシールドが1つ以上ブレイクされる", "自分のクリーチャーが破壊される"),
            "「各ターンはじめて」 of another",
        ),
    ],
)
def test_near_variants_of_the_shields_this_card_breaks_are_refused(text, named):
    assert_refused(text, named)


# -- untapped cards (「タップされていない」「アンタップされている」) ---------------------------------------------------


@pytest.mark.parametrize("word", ["タップされていない", "アンタップされている"])
def test_an_untapped_creature(word):
    text = f"自分の{word}クリーチャーが破壊される時、墓地に置くかわりに手札に戻す。"
    form = {
        "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature", "untapped": True}},
        "instead": [{"move_to": "hand"}],
    }
    assert_compiles_to(text, form)


@pytest.mark.parametrize("tapped, final", [("", "hand"), (", tapped: true", "graveyard")])
def test_only_an_untapped_creature_is_returned(tapped, final):
    text = "自分のタップされていないクリーチャーが破壊される時、墓地に置くかわりに手札に戻す。"
    solution = dmrules.solve(
        scenario(
            f"""
            turn: me
            players:
              me:
                battle:
                  - {{id: R, card: {{name: 試しのクリーチャー, type: creature, text: "{text}"}}, tapped: true}}
                  - {{id: T, card: {{name: 試し2, type: creature}}{tapped}}}
              opponent: {{}}
            effect: {{controller: opponent, events: [{{destroy: T}}]}}
            """
        )
    )
    assert [r.final["T"] for r in solution.resolutions] == [final]


TAPPED_MANA = (
    "自分のクリーチャーが破壊される時、かわりに自分のマナゾーンにあるタップされているカードを2枚墓地に置いてもよい。"
)


def test_tapped_cards_chosen_and_cards_put_tapped_are_two_keys():
    """「タップされているカードを2枚」 is the choice's filter (``tapped``); 「タップして置く」 how they are put
    (``put_tapped``): one key each, so the written form reads back as it was read."""
    assert_compiles_to(
        TAPPED_MANA,
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}},
            "instead": [
                "stay",
                {"choose": {"count": 2, "from": "mana", "to": "graveyard", "verb": "put", "tapped": True}},
            ],
            "optional": True,
        },
    )
    assert_compiles_to(
        "自分のクリーチャーが破壊される時、かわりに自分の手札を1枚マナゾーンにタップして置いてもよい。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}},
            "instead": [
                "stay",
                {"choose": {"count": 1, "from": "hand", "to": "mana", "verb": "put", "put_tapped": True}},
            ],
            "optional": True,
        },
    )


def test_only_tapped_mana_cards_are_chosen():
    """m1 and m3 are tapped, m2 is not: the two put into the graveyard are m1 and m3."""
    mine = " " * 16 + "mana: [{id: m1, tapped: true}, m2, {id: m3, tapped: true}]\n"
    solution = solved_with(TAPPED_MANA, "[{id: e1, destroy: R}]", mine=mine)
    assert sorted((r.final["R"], r.final["m1"], r.final["m2"], r.final["m3"]) for r in solution.resolutions) == [
        ("battle", "graveyard", "mana", "graveyard"),
        ("graveyard", "mana", "mana", "mana"),
    ]


# -- the battle's other creature (「…が相手のクリーチャーとバトルする時」) ------------------------------------------

UTOPIA = "自分の他のクリーチャーが相手のクリーチャーとバトルする時、かわりにこのクリーチャーがバトルする。"


def test_a_battle_with_a_creature_the_phrase_says():
    assert_compiles_to(
        UTOPIA,
        {
            "watch": {
                "event": "battle",
                "card": {"whose": "own", "type": "creature", "other": True},
                "partner": {"whose": "opponent", "type": "creature"},
            },
            "instead": [{"battle_instead": "this"}],
        },
    )


@pytest.mark.parametrize("verb", ["にバトルさせてもよい", "がバトルしてもよい"])
def test_this_creature_made_to_battle_instead_may_be_declined(verb):
    """ラドン・ベップバーン: 「かわりにこのクリーチャーにバトルさせてもよい」 is UTOPIA's 「…がバトルする」,
    optional."""
    assert_compiles_to(
        UTOPIA.replace("がバトルする。", verb + "。"),
        {
            "watch": {
                "event": "battle",
                "card": {"whose": "own", "type": "creature", "other": True},
                "partner": {"whose": "opponent", "type": "creature"},
            },
            "instead": [{"battle_instead": "this"}],
            "optional": True,
        },
    )
    assert_refused(UTOPIA.replace("このクリーチャーがバトルする。", "相手のクリーチャーにバトルさせてもよい。"), "")


@pytest.mark.parametrize("partner, replaced", [("opponent", True), ("own", False)])
def test_only_a_battle_with_the_creature_said_is_replaced(partner, replaced):
    """The watch of the compiled text, with the partner's player said otherwise for the control case."""
    text = UTOPIA.replace(
        "相手のクリーチャーと", "相手のクリーチャーと" if partner == "opponent" else "自分のクリーチャーと"
    )
    solution = dmrules.solve(
        scenario(
            f"""
            turn: opponent
            players:
              me:
                battle:
                  - {{id: A, power: 2000, card: {{name: ブロックしたクリーチャー, type: creature}}}}
                  - {{id: U, power: 12000, card: {{name: 試しのクリーチャー, type: creature, text: "{text}"}}}}
              opponent:
                battle: [{{id: X, power: 5000, card: {{name: 攻撃するクリーチャー, type: creature}}}}]
            effect: {{source: X, controller: opponent, by: battle, events: [{{id: e1, battle: [X, A]}}]}}
            """
        )
    )
    finals = [(r.final["A"], r.final["X"]) for r in solution.resolutions]
    assert finals == ([("battle", "graveyard")] if replaced else [("graveyard", "battle")])


def test_a_battle_partner_of_another_event_is_refused():
    with pytest.raises(dmrules.InputError, match="a battle partner of an event that is no battle"):
        read_forms(
            [{"watch": {"event": "destroy", "card": "this", "partner": {"whose": "opponent"}}, "instead": ["stay"]}]
        )


# -- the other creature of the battle a destruction is the result of (「相手のクリーチャーとのバトルで破壊される時」)

BATTLE_WITH = [
    (
        "このクリーチャーが相手クリーチャーとのバトルで破壊される時、かわりに自分のシールドを1枚墓地に置いてもよい。",
        {
            "watch": {
                "event": "destroy",
                "card": "this",
                "when": ["by_battle"],
                "partner": {"whose": "opponent", "type": "creature"},
            },
            "instead": ["stay", {"choose": {"count": 1, "from": "shields", "to": "graveyard", "verb": "put"}}],
            "optional": True,
        },
    ),
    (
        "自分のドラゴンが相手のクリーチャーとのバトルに負ける時、かわりにそのドラゴンをマナゾーンに置いてもよい。",
        {
            "watch": {
                "event": "destroy",
                "card": {"whose": "own", "race": "ドラゴン"},
                "when": ["by_battle"],
                "partner": {"whose": "opponent", "type": "creature"},
            },
            "instead": [{"move_to": "mana"}],
            "optional": True,
        },
    ),
    (
        "このクリーチャーがパワー6000以上のクリーチャーとバトルして破壊される時、かわりにとどまる。",
        {
            "watch": {
                "event": "destroy",
                "card": "this",
                "when": ["by_battle"],
                "partner": {"type": "creature", "power_min": 6000},
            },
            "instead": ["stay"],
        },
    ),
]


@pytest.mark.parametrize("text, form", BATTLE_WITH, ids=[t[:30] for t, _ in BATTLE_WITH])
def test_a_destruction_by_a_battle_with_a_creature_the_phrase_says(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text",
    [
        "このクリーチャーが自分のシールドとのバトルで破壊される時、かわりにとどまる。",
        "このクリーチャーが相手のクリーチャー2体とのバトルで破壊される時、かわりにとどまる。",
        "このクリーチャーが相手の呪文とのバトルで破壊される時、かわりにとどまる。",
    ],
)
def test_a_battle_with_no_creature_of_the_battle_zone_is_refused(text):
    assert_refused(text, "")


@pytest.mark.parametrize("power, stays", [(7000, True), (5000, False)])
def test_only_a_destruction_by_a_battle_with_the_creature_said_is_replaced(power, stays):
    """A loses its battle with X: it stays when X has the power the text says (6000 or more), else it is destroyed."""
    text = "このクリーチャーがパワー6000以上のクリーチャーとバトルして破壊される時、かわりにとどまる。"
    solution = dmrules.solve(
        scenario(
            f"""
            turn: opponent
            players:
              me:
                battle: [{{id: A, power: 2000, card: {{name: 試しのクリーチャー, type: creature, text: "{text}"}}}}]
              opponent:
                battle: [{{id: X, power: {power}, card: {{name: 攻撃するクリーチャー, type: creature}}}}]
            effect: {{source: X, controller: opponent, by: battle, events: [{{id: e1, battle: [X, A]}}]}}
            """
        )
    )
    assert [r.final["A"] for r in solution.resolutions] == (["battle"] if stays else ["graveyard"])


def test_a_destruction_by_a_battle_stated_without_the_battle_is_refused_for_a_partner_filter():
    text = "このクリーチャーが相手クリーチャーとのバトルで破壊される時、かわりにとどまる。"
    stated = scenario(
        f"""
        turn: opponent
        players:
          me:
            battle: [{{id: A, card: {{name: 試しのクリーチャー, type: creature, text: "{text}"}}}}]
          opponent: {{}}
        effect: {{controller: opponent, by: battle, events: [{{id: e1, destroy: A}}]}}
        """
    )
    with pytest.raises(dmrules.InputError, match="a destruction by a battle that the scenario states without"):
        dmrules.solve(stated)


# -- a race said by a word its races contain (「種族にドラゴンとあるクリーチャー」「「サイバー」と付く種族」)


@pytest.mark.parametrize(
    "phrase, race",
    [
        ("種族にドラゴンとあるクリーチャー", "ドラゴン"),
        ("種族に「ドラゴン」とあるクリーチャー", "ドラゴン"),
        ("「サイバー」と付く種族", "サイバー"),
    ],
)
def test_a_race_said_by_a_word_its_races_contain(phrase, race):
    text = f"自分の{phrase}が破壊される時、墓地に置くかわりに手札に戻す。"
    assert_compiles_to(
        text, {"watch": {"event": "destroy", "card": {"whose": "own", "race": race}}, "instead": [{"move_to": "hand"}]}
    )


def test_a_race_word_in_a_card_names_brackets_is_refused():
    assert_refused(
        "自分の種族に《ドラゴン》とあるクリーチャーが破壊される時、墓地に置くかわりに手札に戻す。",
        "a card name is no race",
    )


def test_a_card_name_in_a_card_lists_brackets():
    text = "バトルゾーンに<<ブラザー・リザード>>が1体でもあれば、このクリーチャーが破壊される時、かわりに手札に戻す。"
    assert_compiles_to(
        text,
        {
            "watch": {"event": "destroy", "card": "this"},
            "if": [{"zone": "battle", "name": "ブラザー・リザード"}],
            "instead": [{"move_to": "hand"}],
        },
    )


@pytest.mark.parametrize("when, counts", [("by_opponent", ((("T", 1, 1),))), ("by_self", ())])
def test_the_break_a_card_makes_instead_is_its_own(when, counts):
    """The opponent's shield ジョギラスタ breaks instead is broken by my card's ability, not by the opponent's
    attacking creature: the opponent's trigger on a break of its shields by its opponent's effect triggers."""
    solution = dmrules.solve(
        scenario(
            f"""
            turn: opponent
            players:
              me:
                battle: [{{id: JG, card: ジョギラスタ・ザ・ジョニー}}]
                shields: [s1]
              opponent:
                shields: [o1]
                battle:
                  - {{id: X, card: {{name: 攻撃するクリーチャー, type: creature}}}}
                  - id: T
                    card:
                      name: 見張るクリーチャー
                      type: creature
                      triggers: [{{watch: {{event: break, card: {{whose: own}}, when: [{when}]}}}}]
            effect: {{source: X, controller: opponent, by: attack, events: [{{id: e1, break: s1}}]}}
            """
        )
    )
    assert [(r.broken, r.trigger_counts) for r in solution.resolutions] == [(("o1",), counts)]


def test_this_card_or_others_by_one_cause_or_another_is_four_watches():
    """「このクリーチャーまたは自分の他のドラゴンが相手の呪文またはクリーチャーの能力によって離れる時」: each card by
    each cause, one phrase of both 「または」."""
    this = {"event": "leave", "card": "this"}
    dragon = {"event": "leave", "card": {"whose": "own", "race": "ドラゴン", "other": True}}
    spell, creature = ["by_opponent", "by_spell"], ["by_opponent", "by_ability", "by_creature"]
    assert_compiles_to(
        "このクリーチャーまたは自分の他のドラゴンが相手の呪文またはクリーチャーの能力によってバトルゾーンを離れる時、"
        "かわりに手札に戻す。",
        *(
            {"watch": {**watch, "when": when}, "instead": [{"move_to": "hand"}]}
            for watch in (this, dragon)
            for when in (spell, creature)
        ),
    )


def test_this_card_by_a_cause_or_others_by_any_are_two_watches_of_two_phrases():
    """A cause said of one card of the two only is no product of both 「または」: each watch is its own phrase."""
    result = compile_text(
        "このクリーチャーが相手の呪文によって離れる時、または自分の他のドラゴンが離れる時、かわりに手札に戻す。"
    )
    assert result.complete, [s.problem for s in result.problems]
    assert len(result.abilities) == 2


DECK_RETURNS = [
    (
        "自分の他の水のクリーチャーがバトルゾーンから山札に戻される時、かわりにこのクリーチャーを破壊してもよい。",
        {
            "watch": {
                "event": "put_into_deck",
                "card": {"whose": "own", "type": "creature", "civilization": "water", "other": True},
                "from": "battle",
            },
            "instead": ["stay", "destroy_this"],
            "optional": True,
        },
    ),
    (
        "このクリーチャーが山札の一番下に戻される時、かわりに手札に戻す。",
        {
            "watch": {"event": "put_into_deck", "card": "this", "to_position": "bottom"},
            "instead": [{"move_to": "hand"}],
        },
    ),
    (
        "このクリーチャーが破壊される時、墓地に置くかわりに山札に戻す。その後、自分の山札をシャッフルする。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [{"move_to": {"zone": "deck", "position": "shuffle"}}],
        },
    ),
    (
        "相手のクリーチャーが破壊される時、墓地に置くかわりに山札に戻す。その後、持ち主の山札をシャッフルする。",
        {
            "watch": {"event": "destroy", "card": {"whose": "opponent", "type": "creature"}},
            "instead": [{"move_to": {"zone": "deck", "position": "shuffle"}}],
        },
    ),
]


@pytest.mark.parametrize("text, form", DECK_RETURNS, ids=[t[:30] for t, _ in DECK_RETURNS])
def test_a_card_returned_to_the_deck_and_the_deck_shuffled(text, form):
    assert_compiles_to(text, form)


def test_ones_own_deck_shuffled_after_the_opponents_card_is_put_into_its_deck_is_refused():
    """The opponent's creature goes to its owner's deck: 「自分の山札をシャッフルする」 shuffles another."""
    result = compile_text(
        "相手のクリーチャーが破壊される時、墓地に置くかわりに山札に戻す。その後、自分の山札をシャッフルする。"
    )
    assert not result.complete
    problems = " ".join(p.problem or "" for p in result.problems)
    assert "「自分の山札をシャッフルする」 after a card that may be another player's" in problems


COLORLESS = """
turn: opponent
players:
  me:
    battle:
      - id: S
        card:
          name: 無色セイバー
          type: creature
          civilizations: [light]
          text: 自分の無色クリーチャーが破壊される時、かわりにこのクリーチャーを破壊してもよい。
      - {id: Z, card: {name: ゼロ文明のクリーチャー, type: creature, civilizations: [ZCIV]}}
      - {id: F, card: {name: 火のクリーチャー, type: creature, civilizations: [fire]}}
      - {id: P, card: {name: 文明を書かないクリーチャー, type: creature}}
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: Z}, {id: e2, destroy: F}, {id: e3, destroy: P}]}
"""


def test_colorless_is_a_filter_property():
    assert_compiles_to(
        "自分の無色クリーチャーが破壊される時、かわりにこのクリーチャーを破壊してもよい。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature", "colorless": True}},
            "instead": ["stay", "destroy_this"],
            "optional": True,
        },
    )


@pytest.mark.parametrize("zero, saved", [("zero", True), ("fire", False)])
def test_a_colorless_card_is_one_of_zero_civilization_and_a_card_of_no_civilization_given_is_none(zero, saved):
    """Only Z can be saved, and only when it is of ゼロ文明: F is fire, P states no civilization (a placeholder)."""
    expected = [("battle", "graveyard", "graveyard", "graveyard")]
    if saved:
        expected.append(("graveyard", "battle", "graveyard", "graveyard"))
    assert finals(COLORLESS.replace("ZCIV", zero), "S", "Z", "F", "P") == sorted(expected)


def test_an_effect_until_its_players_next_turn():
    assert_compiles_to(
        "次の自分のターンのはじめまで、自分のクリーチャーが破壊される時、かわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}},
            "instead": [{"move_to": "hand"}],
            "duration": "until_next_turn",
        },
    )


@pytest.mark.parametrize(
    "text, named",
    [
        (
            "次の自分のターンのはじめまで、次に自分のクリーチャーが破壊される時、かわりに手札に戻す。",
            "「次に」 of no duration",
        ),
        ("次の相手のターンのはじめまで、自分のクリーチャーが破壊される時、かわりに手札に戻す。", "cannot read"),
    ],
)
def test_near_variants_of_an_effect_until_the_next_turn_are_refused(text, named):
    assert_refused(text, named)


DRAW_THEN_DISCARD = """
turn: opponent
players:
  me:
    battle:
      - id: A
        card:
          name: 引いて捨てるクリーチャー
          type: creature
          text: このクリーチャーが破壊される時、かわりにカードを2枚引き、その後、自分の手札を1枚捨てる。
    hand: HAND
    deck: [d1, d2, d3]
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: A}]}
"""


def test_one_clause_after_another_said_with_sono_ato():
    assert_compiles_to(
        "このクリーチャーが破壊される時、かわりにカードを2枚引き、その後、自分の手札を1枚捨てる。",
        {"watch": {"event": "destroy", "card": "this"}, "instead": [{"draw": 2}, {"discard": 1}]},
    )
    assert_refused(
        "このクリーチャーが破壊される時、かわりにカードを2枚引き、その後、自分の手札を1枚捨ててもよい。",
        "whether all of it or only what follows 「その後」 may be done",
    )


@pytest.mark.parametrize(
    "hand, expected",
    [
        # 609.9a: the card to discard is decided with the application, from the hand before the draw
        ("[]", [("graveyard", "deck", "deck")]),
        ("[h1]", [("battle", "hand", "hand")]),  # a mandatory replacement that can be applied is
    ],
)
def test_the_card_discarded_after_a_draw_is_chosen_before_it(hand, expected):
    assert finals(DRAW_THEN_DISCARD.replace("HAND", hand), "A", "d1", "d2") == expected


ZONE_LEFT_AND_AGENT = [
    (
        "自分のマナゾーンのカードがマナゾーンを離れる時、かわりにとどまる。",
        {"watch": {"event": "leave_mana", "card": {"whose": "own"}, "from": "mana"}, "instead": ["stay"]},
    ),
    (
        "相手のターン中、自分の手札からカードが捨てられる時、かわりにバトルゾーンに出してもよい。",
        {
            "watch": {"event": "discard", "card": {"whose": "own"}, "from": "hand", "when": ["opponent_turn"]},
            "instead": [{"move_to": "battle"}],
            "optional": True,
        },
    ),
    (
        "自分のクリーチャーが相手に破壊される時、かわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}, "when": ["by_opponent"]},
            "instead": [{"move_to": "hand"}],
        },
    ),
]


@pytest.mark.parametrize("text, form", ZONE_LEFT_AND_AGENT, ids=[t[:30] for t, _ in ZONE_LEFT_AND_AGENT])
def test_the_zone_left_said_of_the_card_and_the_player_by_whom(text, form):
    assert_compiles_to(text, form)


def test_the_player_by_whom_a_shield_is_broken_stays_the_breaker():
    """「相手にブレイクされる」 is read as before: the breaker (a player's), not the new agent phrase."""
    assert_compiles_to(
        "自分のシールドが相手にブレイクされる時、かわりに墓地に置く。",
        {
            "watch": {"event": "break", "card": {"whose": "own"}, "when": ["by_opponent"]},
            "instead": [{"move_to": "graveyard"}],
        },
    )


TAPPED_AND_CAUSES_APART = [
    (
        "このクリーチャーがタップしていれば、このクリーチャーが破壊される時、かわりに手札に戻す。",
        [{"watch": {"event": "destroy", "card": "this"}, "if": ["this_tapped"], "instead": [{"move_to": "hand"}]}],
    ),
    (
        "自分のアンタップしているクリーチャーが破壊される時、かわりに手札に戻す。",
        [
            {
                "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature", "untapped": True}},
                "instead": [{"move_to": "hand"}],
            }
        ],
    ),
    (
        "自分のドラゴンが相手の呪文によって破壊される時、または相手のクリーチャーの能力によって破壊される時、"
        "かわりに手札に戻す。",
        [
            {
                "watch": {"event": "destroy", "card": {"whose": "own", "race": "ドラゴン"}, "when": when},
                "instead": [{"move_to": "hand"}],
            }
            for when in (["by_opponent", "by_spell"], ["by_opponent", "by_ability", "by_creature"])
        ],
    ),
]


@pytest.mark.parametrize("text, forms", TAPPED_AND_CAUSES_APART, ids=[t[:30] for t, _ in TAPPED_AND_CAUSES_APART])
def test_tapped_said_actively_and_two_causes_said_apart(text, forms):
    assert_compiles_to(text, *forms)


CROSSED_AND_LINKED = [
    (
        "このクリーチャーがバトルゾーンを離れる時、かわりに、このクリーチャーにクロスされているクロスギアを1枚墓地に置いてもよい。",
        {
            "watch": {"event": "leave", "card": "this"},
            "instead": [
                {
                    "choose": {
                        "count": 1,
                        "from": "crossed_to_this",
                        "to": "graveyard",
                        "verb": "put",
                    }
                }
            ],
            "optional": True,
        },
    ),
    (
        "このクリーチャーがリンクしていれば、このクリーチャーが破壊される時、かわりに手札に戻す。",
        {"watch": {"event": "destroy", "card": "this"}, "if": ["this_linked"], "instead": [{"move_to": "hand"}]},
    ),
]


@pytest.mark.parametrize("text, form", CROSSED_AND_LINKED, ids=[t[:30] for t, _ in CROSSED_AND_LINKED])
def test_the_cross_gear_crossed_said_passively_and_a_linked_god(text, form):
    assert_compiles_to(text, form)


BESIDE_WATCHED = [
    (
        "自分の進化クリーチャーがバトルゾーンを離れる時、かわりにその進化クリーチャーの下にあるカードを1枚墓地に置いてもよい。",
        {
            "watch": {"event": "leave", "card": {"whose": "own", "type": "creature", "evolution": True}},
            "instead": [{"choose": {"count": 1, "from": "under_watched", "to": "graveyard", "verb": "put"}}],
            "optional": True,
        },
    ),
    (
        "自分のサムライ・クリーチャーが破壊される時、かわりにそのクリーチャーにクロスしているクロスギアを1枚墓地に置いてもよい。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "race": "サムライ"}},
            "instead": [{"choose": {"count": 1, "from": "crossed_to_watched", "to": "graveyard", "verb": "put"}}],
            "optional": True,
        },
    ),
    (
        # a cross gear is in the battle zone, crossed or not: destroyed there
        "このクリーチャーがバトルゾーンを離れる時、かわりにこのクリーチャーにクロスされているクロスギアを1枚破壊してもよい。",
        {
            "watch": {"event": "leave", "card": "this"},
            "instead": [
                "stay",
                {"choose": {"count": 1, "from": "crossed_to_this", "to": "graveyard", "verb": "destroy"}},
            ],
            "optional": True,
        },
    ),
]


@pytest.mark.parametrize("text, form", BESIDE_WATCHED, ids=[t[:30] for t, _ in BESIDE_WATCHED])
def test_the_cards_under_or_crossed_to_the_watched_card(text, form):
    assert_compiles_to(text, form)


SAID_AGAIN_AND_COUNTS = [
    (
        "相手のカードが相手の手札に加えられる時、かわりに墓地に置く。",
        {"watch": {"event": "put_into_hand", "card": {"whose": "opponent"}}, "instead": [{"move_to": "graveyard"}]},
    ),
    (
        "このクリーチャーが離れる時、かわりに自分のマナゾーンにあるカードを2枚まで墓地に置いてもよい。",
        {
            "watch": {"event": "leave", "card": "this"},
            "instead": [{"choose": {"count": 2, "up_to": True, "from": "mana", "to": "graveyard", "verb": "put"}}],
            "optional": True,
        },
    ),
    (
        "このクリーチャーが離れる時、かわりに自分の墓地にあるカードを好きな数、山札の下に置いてもよい。",
        {
            "watch": {"event": "leave", "card": "this"},
            "instead": [
                {
                    "choose": {
                        "count": "any",
                        "from": "graveyard",
                        "to": "deck",
                        "verb": "put",
                        "position": "bottom",
                    }
                }
            ],
            "optional": True,
        },
    ),
    (
        "相手がクリーチャーを召喚する時、かわりにそのクリーチャーを墓地に置く。",
        {
            "watch": {"event": "summon", "card": {"whose": "opponent", "type": "creature"}},
            "instead": [{"move_to": "graveyard"}],
        },
    ),
]


@pytest.mark.parametrize("text, form", SAID_AGAIN_AND_COUNTS, ids=[t[:30] for t, _ in SAID_AGAIN_AND_COUNTS])
def test_the_zones_player_said_again_counts_of_no_fixed_number_and_a_player_summoning(text, form):
    assert_compiles_to(text, form)


def test_a_condition_on_the_watched_card_said_after_its_event_is_refused():
    """A condition after the watched event is of each watched card: read as the cards an earlier sentence names,
    the scenario would have to say it once for all, and the answer would be wrong. Only a kind of card a modifier
    of the watched phrase says is read (「それが進化クリーチャーであれば」: tests/test_cardtext_wordings.py)."""
    assert_refused(
        "自分のクリーチャーが破壊される時、そのクリーチャーが光のクリーチャーでなければ、かわりに手札に戻す。",
        "a condition on the watched card, said after its event",
    )


BATTLE_ZONE_SAID_AGAIN = [
    (
        "自分のターン中、バトルゾーンにある自分のクリーチャーがバトルゾーンから墓地に置かれる時、かわりにとどまる。",
        {
            "watch": {
                "event": "put_into_graveyard",
                "card": {"whose": "own", "type": "creature"},
                "from": "battle",
                "when": ["own_turn"],
            },
            "instead": ["stay"],
        },
    ),
    (
        # a battle is from no zone: 「バトルゾーンにある」 read as one would keep the watch from ever matching
        "バトルゾーンにある自分の他のクリーチャーが相手のクリーチャーとバトルする時、かわりに、このクリーチャーを裏返す。",
        {
            "watch": {
                "event": "battle",
                "card": {"whose": "own", "type": "creature", "other": True},
                "partner": {"whose": "opponent", "type": "creature"},
            },
            "instead": ["flip_this"],
        },
    ),
]


@pytest.mark.parametrize("text, form", BATTLE_ZONE_SAID_AGAIN, ids=[t[:30] for t, _ in BATTLE_ZONE_SAID_AGAIN])
def test_the_battle_zone_of_a_watched_card_said_again(text, form):
    """「バトルゾーンにある」 of a card whose event is from the battle zone anyway, or a battle, adds nothing."""
    assert_compiles_to(text, form)


def test_a_cost_set_to_another_number_replaces_no_event():
    """Kl’avia Tune: 「…カードを使うコストは、かわりに8になる」 sets a cost, no event is replaced."""
    result = compile_text("相手のコスト7以下の、クリーチャーではないカードを使うコストは、かわりに8になる。")
    assert [s.verdict for s in result.sentences] == ["not_replacement"]


def test_a_loss_replaced_by_nothing_once_this_turn_holds_when_s_trigger_plus_gives_it():
    """極凰呪文「バドフレア」: its 「◎」 ability is given by S・トリガー・プラス (the spell's flag s_trigger_plus);
    「このターン中に一度」 is the next time this turn, and 「かわりに負けない」 replaces the loss by nothing."""
    text = (
        "S・トリガー・プラス（この呪文を自分のシールドゾーンから手札に加える時、コストを支払わずにすぐ唱えてもよい。"
        "それが相手のターンで、そのターン中に自分のシールドが２つ以上ブレイクされていれば、この呪文に◎能力を与える） / "
        "相手のパワー5000以下のクリーチャーを１体選び、破壊する。 / "
        "◎このターン中に一度、自分がゲームに負ける時、かわりに負けない。"
    )
    assert_compiles_to(
        text,
        {
            "watch": {"event": "lose", "player": "own"},
            "instead": ["stay"],
            "once_per_turn": True,
            "duration": "this_turn",
            "requires_flag": "s_trigger_plus",
        },
    )
    assert compile_text(text).sentences[-1].rendering == "このターン、次に、自分がゲームに負ける時、かわりに負けない"
    assert_refused("このクリーチャーが破壊される時、かわりに負けない。", "「負けない」 instead of another event")


def test_both_modes_chosen_instead_of_one_replaces_no_event():
    """デーモン・スパーク: 「次のうちいずれか1つを選ぶ。…があれば、かわりに両方選んでもよい」 chooses modes."""
    result = compile_text(
        "次のうちいずれか1つを選ぶ。自分のクリーチャーまたはタマシードの中に光と闇があれば、かわりに両方選んでもよい。"
    )
    assert [s.verdict for s in result.sentences] == ["other", "not_replacement"]


def test_a_civil_count_is_the_battle_zone_cards_of_the_civilization():
    """眼鏡の頑強者 (シビルカウント): 「自分の自然のクリーチャーまたは自然のタマシードが合計3つ以上あれば」 counts the
    battle zone's nature creatures and tamaseeds."""
    assert_compiles_to(
        "シビルカウント 3:このクリーチャーがシールドをブレイクする時、自分の自然のクリーチャーまたは自然のタマシードが"
        "合計3つ以上あれば、相手はそのシールドを手札に加えるかわりにマナゾーンに置く。",
        {
            "keyword": "シビルカウント",
            "watch": {"event": "break", "card": {"whose": "opponent"}, "when": ["by_this"]},
            "if": [
                {
                    "zone": "battle",
                    "whose": "own",
                    "type": ["creature", "tamaseed"],
                    "civilization": "nature",
                    "at_least": 3,
                }
            ],
            "instead": [{"move_to": "mana"}],
        },
    )


def test_a_player_putting_out_a_creature_that_costs_more_than_their_mana():
    """キャディ・ビートル: 「相手が、自身のマナゾーンのカードの枚数よりコストが大きいクリーチャーを出す時」 is the
    opponent's creature whose cost exceeds the opponent's mana, put into the battle zone."""
    assert_compiles_to(
        "相手のターン中、相手が、自身のマナゾーンのカードの枚数よりコストが大きいクリーチャーを出す時、かわりにマナゾーンに置く。",
        {
            "watch": {
                "event": "enter",
                "card": {"whose": "opponent", "type": "creature", "cost_exceeds_mana": True},
                "when": ["opponent_turn"],
            },
            "instead": [{"move_to": "mana"}],
        },
    )


def test_the_player_of_the_event_said_as_the_topic():
    """ツネキン☆ゲームス: 「相手は、…クリーチャーをバトルゾーンに出す時」 says the player with 「は」: the same event as
    「相手が…出す時」; 「相手は、かわりに…」 after the event stays who does what is done instead."""
    assert_compiles_to(
        "相手は、クリーチャーをバトルゾーンに出す時、かわりにそのクリーチャーを墓地に置く。",
        {
            "watch": {"event": "enter", "card": {"whose": "opponent", "type": "creature"}},
            "instead": [{"move_to": "graveyard"}],
        },
    )
    assert_compiles_to(
        "相手は、自分のシールドをブレイクする時、かわりにそのシールドを墓地に置く。",
        {
            "watch": {"event": "break", "card": {"whose": "own"}, "when": ["by_opponent"]},
            "instead": [{"move_to": "graveyard"}],
        },
    )


def test_an_alternative_cost_said_without_a_comma_replaces_no_event():
    """月下旋壊 ド・リュミーズ: 「コストを支払うかわりに魔導具を2枚…捨てて、この呪文を唱えてもよい」 is what is paid."""
    result = compile_text(
        "自分のマナゾーンにカードが4枚以上あり、そのうち少なくとも1枚が魔導具なら、コストを支払うかわりに魔導具を2枚"
        "自分の手札から捨てて、この呪文を唱えてもよい。"
    )
    assert [s.verdict for s in result.sentences] == ["not_replacement"]


def test_a_triggered_abilitys_triggering_replaced():
    """デカボッチ・ボロフ, ブラキオ龍樹: 「…破壊された時にトリガーする自分のクリーチャーの能力は、1度のかわりに2度
    トリガーする」 and 「…出て、相手のクリーチャーの能力がトリガーする時、かわりにその能力はトリガーしない」 watch a
    triggered ability of the cards the phrase names triggering on the event before 「時にトリガーする」 / 「て、」."""
    own_creature = {"whose": "own", "type": "creature"}
    assert_compiles_to(
        "自分のクリーチャーが破壊された時にトリガーする自分のクリーチャーの能力は、1度のかわりに2度トリガーする。",
        {
            "watch": {"event": "trigger", "card": own_creature, "on": {"event": "destroy", "card": own_creature}},
            "instead": [{"trigger": 2}],
        },
    )
    theirs = {"whose": "opponent", "type": "creature"}
    assert_compiles_to(
        "相手のクリーチャーが出て、相手のクリーチャーの能力がトリガーする時、かわりにその能力はトリガーしない。",
        {
            "watch": {"event": "trigger", "card": theirs, "on": {"event": "enter", "card": theirs}},
            "instead": [{"trigger": 0}],
        },
    )
    assert_compiles_to(
        "自分のクリーチャーが破壊された時にトリガーする自分のクリーチャーの能力は、1度のかわりに2度トリガーしてもよい。",
        {
            "watch": {"event": "trigger", "card": own_creature, "on": {"event": "destroy", "card": own_creature}},
            "instead": [{"trigger": 2}],
            "optional": True,
        },
    )
    assert_compiles_to(
        "自分の光のクリーチャーがバトルゾーンに出た時または破壊された時にトリガーする自分のクリーチャーの能力はすべて、"
        "1度のかわりに2度トリガーする。",
        {
            "watch": {
                "event": "trigger",
                "card": own_creature,
                "on": {"event": ["enter", "destroy"], "card": {**own_creature, "civilization": "light"}},
            },
            "instead": [{"trigger": 2}],
        },
    )


@pytest.mark.parametrize(
    ("text", "named"),
    [
        # 「その能力」: the abilities of the event's own card, which no card phrase names
        (
            "相手のクリーチャーが出て、その能力がトリガーする時、かわりにその能力はトリガーしない。",
            "「その能力がトリガーする時」",
        ),
        ("このクリーチャーが破壊される時、かわりに2度トリガーする。", "instead of another event than a triggered"),
        # ブルーバード5000RT: the ability of the card put out
        (
            "各ターンはじめて、自分の水のタマシードが出て、その能力がトリガーする時、その能力を1度のかわりに2度トリガーしてもよい。",
            "「その能力がトリガーする時」",
        ),
        (
            "自分のクリーチャーが破壊された時にトリガーする自分のクリーチャーの能力は、1度のかわりに3度トリガーする。",
            "cannot read",
        ),
        (
            "自分のクリーチャーが破壊された時にトリガーする自分の手札のクリーチャーの能力は、1度のかわりに2度トリガーする。",
            "zone",
        ),
    ],
)
def test_near_variants_of_a_trigger_replaced_are_refused(text, named):
    assert_refused(text, named)


def test_a_player_in_another_players_place_is_refused_not_taken_for_a_self_replacement():
    """コンゴウノ裁徒: 「相手のクリーチャーがブレイクするシールドを、相手のかわりに自分が選ぶ」 is a static ability that
    gives a choice to the other player; it is no self-replacement of an effect (which dmrules leaves to the effect) and
    the vocabulary cannot state it: refused by name, never read as nothing to model."""
    assert_refused(
        "W・ブレイカー / 相手のクリーチャーがブレイクするシールドを、相手のかわりに自分が選ぶ。",
        "a player who does something in another player's place",
    )
    scope = compile_text("自分の手札が1枚以下なら、相手のクリーチャーは1体のかわりにすべて、攻撃する。")
    assert scope.self_replacements == 1


def test_a_players_discard_as_a_whole_replaced_by_destroying_this_creature():
    """円舞の使徒ラストル: 「自分の手札を捨てる時、その手札のかわりにこのクリーチャーを破壊すれば1枚も捨てなくて
    よい」: the player's discard as a whole (``once``), none of its cards discarded, this creature destroyed instead;
    optional."""
    assert_compiles_to(
        "相手のターン中、自分の手札を捨てる時、その手札のかわりにこのクリーチャーを破壊すれば1枚も捨てなくてよい。",
        {
            "watch": {"event": "discard", "card": {"whose": "own"}, "once": True, "when": ["opponent_turn"]},
            "instead": ["stay", "destroy_this"],
            "optional": True,
        },
    )


def test_both_creatures_of_the_battle_a_destruction_ends():
    """剛勇傀儡ガシガシ: 「このクリーチャーがバトルに負ける時、このクリーチャーを墓地に置くかわりに、そのバトルを
    しているクリーチャーを2体とも持ち主のマナゾーンに置く」: this card and the other creature of that battle both go
    there."""
    assert_compiles_to(
        "このクリーチャーがバトルに負ける時、このクリーチャーを墓地に置くかわりに、そのバトルをしているクリーチャーを2体とも"
        "持ち主のマナゾーンに置く。",
        {
            "watch": {"event": "destroy", "card": "this", "when": ["by_battle"]},
            "instead": [{"move_to": "mana"}, {"partner_to": "mana"}],
        },
    )
    assert_refused(
        "このクリーチャーが破壊される時、かわりにそのバトルをしているクリーチャーを2体とも持ち主のマナゾーンに置く。",
        "no destruction by a battle",
    )
    assert_refused(
        "このクリーチャーがバトルに負ける時、かわりにそのバトルをしているクリーチャーを3体とも持ち主のマナゾーンに置く。",
        "otherwise than two",
    )


@pytest.mark.parametrize(
    "text, card, from_zone",
    [
        # a shield is no castle (a castle fortifies a shield); a card of the shield zone may be one
        ("自分のシールドが離れる時、かわりに墓地に置く。", {"whose": "own", "not_type": "castle"}, None),
        ("自分のシールドゾーンにあるカードが離れる時、かわりに墓地に置く。", {"whose": "own"}, "shields"),
        (
            "相手の表向きのシールドが離れる時、かわりに墓地に置く。",
            {"whose": "opponent", "face_up": True, "not_type": "castle"},
            None,
        ),
    ],
)
def test_a_shield_leaving_said_with_plain_hanareru_leaves_the_shield_zone(text, card, from_zone):
    """「自分のシールドが離れる」: 「離れる」 of the zone the card is in (the battle zone's only when none is said),
    never a battle zone leaving of a shield, which would match no event (the zone said of the card is said again
    as the zone it is from, as of the other zones)."""
    watch = {"event": "leave_shields", "card": card} | ({"from": from_zone} if from_zone else {})
    assert_compiles_to(text, {"watch": watch, "instead": [{"move_to": "graveyard"}]})


def test_a_shield_leaving_said_with_plain_hanareru_is_replaced_in_the_solver():
    """The reading above on the board: the shield the opponent's effect puts into my hand may stay, or goes."""
    text = "自分のシールドが離れる時、かわりにとどまってもよい。"
    solution = solved_with(text, "[{id: e1, move: s1, to: hand}]", mine="                shields: [s1]\n")
    assert sorted(r.final["s1"] for r in solution.resolutions) == ["hand", "shields"]


@pytest.mark.parametrize(
    "text",
    [
        "自分のクリーチャーが離れる時、かわりにとどまってもよい。",
        "自分のクリーチャーが離れる時、かわりにバトルゾーンに残ってもよい。",
        "自分のクリーチャーがバトルゾーンを離れる時、かわりに留まってもよい。",
    ],
)
def test_staying_may_be_chosen(text):
    """「とどまってもよい」 (「残ってもよい」, 「留まってもよい」): the replacement is optional."""
    assert_compiles_to(
        text,
        {
            "watch": {"event": "leave", "card": {"whose": "own", "type": "creature"}},
            "instead": ["stay"],
            "optional": True,
        },
    )


def test_a_cause_said_with_de_and_this_cards_zone_said_with_its_player():
    """「相手の効果で離れる」 is 「相手の効果によって離れる」; 「このカードが相手によって自分のシールドゾーンから」: the
    zone this card is in is its player's, said or not."""
    assert_compiles_to(
        "このクリーチャーが相手の効果で離れる時、かわりに自分の手札を1枚捨ててもよい。",
        {
            "watch": {"event": "leave", "card": "this", "when": ["by_opponent", "by_effect"]},
            "instead": ["stay", {"discard": 1}],
            "optional": True,
        },
    )
    assert_compiles_to(
        "このカードが相手によって自分のシールドゾーンから手札に加えられる時、かわりに墓地に置いてもよい。",
        {
            "watch": {"event": "put_into_hand", "card": "this", "from": "shields", "when": ["by_opponent"]},
            "instead": [{"move_to": "graveyard"}],
            "optional": True,
        },
    )
    assert_refused(
        "このカードが相手によって相手のシールドゾーンから手札に加えられる時、かわりに墓地に置いてもよい。", ""
    )


@pytest.mark.parametrize(
    "text, form",
    [
        (  # ボルメテウス・蒼炎・ドラゴン: the player's own hand said with 「自身の」
            "このクリーチャーがシールドをブレイクする時、相手はそのシールドを自身の手札に加えるかわりに墓地に置く。",
            {
                "watch": {"event": "break", "card": {"whose": "opponent"}, "when": ["by_this"]},
                "instead": [{"move_to": "graveyard"}],
            },
        ),
        (  # what is not done, then 「かわりに」: 「加えず、かわりに」 as 「加えるかわりに」
            "このクリーチャーがシールドをブレイクする時、相手はそのシールドを手札に加えず、かわりに墓地に置く。",
            {
                "watch": {"event": "break", "card": {"whose": "opponent"}, "when": ["by_this"]},
                "instead": [{"move_to": "graveyard"}],
            },
        ),
        (
            "このクリーチャーが破壊される時、墓地に置かず、かわりに手札に戻す。",
            {"watch": {"event": "destroy", "card": "this"}, "instead": [{"move_to": "hand"}]},
        ),
        (  # the destruction said again in the active voice
            "このクリーチャーが破壊される時、破壊するかわりに手札に戻す。",
            {"watch": {"event": "destroy", "card": "this"}, "instead": [{"move_to": "hand"}]},
        ),
        (  # 王家の精霊 ネメス・テーベ: 「各ターン、…がはじめて…時」; a new shield is face down anyway
            "各ターン、自分のシールドがはじめてブレイクされる時、かわりに自分の山札の上から1枚目を裏向きのまま、"
            "新しいシールドとして自分のシールドゾーンに置いてもよい。",
            {
                "watch": {"event": "break", "card": {"whose": "own"}, "when": ["first_this_turn"]},
                "instead": ["stay", {"mill": {"player": "own", "count": 1, "to": "shields"}}],
                "optional": True,
            },
        ),
    ],
)
def test_the_replaced_event_and_the_first_each_turn_said_another_way(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text, named",
    [
        ("このクリーチャーが離れる時、破壊するかわりに手札に戻す。", "does not watch"),
        ("各ターン、自分のクリーチャーがはじめて破壊される時、かわりに手札に戻す。", "各ターンはじめて"),
        ("このクリーチャーがシールドをブレイクする時、相手はそのシールドを自分の手札に加えるかわりに墓地に置く。", ""),
        ("自分のシールドがブレイクされる時、かわりに自分の山札の上から1枚目を裏向きのまま手札に加える。", ""),
    ],
)
def test_near_variants_of_the_replaced_event_said_another_way_are_refused(text, named):
    assert_refused(text, named)


@pytest.mark.parametrize(
    "text",
    [
        "このクロスギアをクロスしているクリーチャーが破壊される時、かわりにこのクロスギアを墓地に置いてもよい。",
        "このクロスギアをクロスしたクリーチャーが破壊される時、かわりにこのクロスギアを墓地に置いてもよい。",
        "これをクロスしているクリーチャーが破壊される時、かわりにこのクロスギアを墓地に置いてもよい。",
    ],
)
def test_the_creature_this_cross_gear_is_crossed_to_said_three_ways(text):
    """「このクロスギアをクロスしている/したクリーチャー」 is 「これをクロスしたクリーチャー」 (the creature this card
    is crossed to)."""
    assert_compiles_to(
        text,
        {
            "watch": {"event": "destroy", "card": "equipped"},
            "instead": ["stay", {"this_to": "graveyard"}],
            "optional": True,
        },
    )
    assert_refused(text.replace("このクロスギアをクロス", "あのクロスギアをクロス", 1).replace("これを", "あれを"), "")


@pytest.mark.parametrize(
    "text, form",
    [
        (  # 超九極 チュートピア: a cost said exactly, of a card of the hand said by its characteristics
            "自分のクリーチャーがバトルゾーンを離れる時、かわりに光のコスト9の手札を1枚捨ててもよい。",
            {
                "watch": {"event": "leave", "card": {"whose": "own", "type": "creature"}},
                "instead": ["stay", {"discard": {"count": 1, "civilization": "light", "cost_min": 9, "cost_max": 9}}],
                "optional": True,
            },
        ),
        (  # 超不死 デスマトメル: 「その下に重ねたカード」 of the watched creature, this one
            "このクリーチャーが破壊される時、かわりにその下に重ねたカードを3枚、自分の墓地に置いてもよい。",
            {
                "watch": {"event": "destroy", "card": "this"},
                "instead": ["stay", {"choose": {"count": 3, "from": "under_this", "to": "graveyard", "verb": "put"}}],
                "optional": True,
            },
        ),
        (  # 不死の翼 フェニクル: a label after a dash, 「裏向きにし、新しいシールドとして…加える」
            "マナ武装3―このクリーチャーが破壊される時、自分のマナゾーンに光のカードが3枚以上あれば、かわりにこのクリーチャーを"
            "裏向きにし、新しいシールドとして自分のシールドゾーンに加えてもよい。",
            {
                "keyword": "マナ武装",
                "watch": {"event": "destroy", "card": "this"},
                "if": [{"zone": "mana", "whose": "own", "civilization": "light", "at_least": 3}],
                "instead": [{"move_to": "shields"}],
                "optional": True,
            },
        ),
        (  # 光器 パーフェクト・マリア: its state when the event would happen, said after the event
            "このクリーチャーがバトルゾーンを離れる時にアンタップしていたら、離れるかわりにとどまる。",
            {"watch": {"event": "leave", "card": "this"}, "if": ["this_untapped"], "instead": ["stay"]},
        ),
    ],
)
def test_a_cost_said_exactly_the_cards_under_said_with_sono_and_an_untapped_creature(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text, named",
    [
        ("自分のクリーチャーが破壊される時、かわりにその下に重ねたカードを3枚、自分の墓地に置いてもよい。", ""),
        ("自分のクリーチャーがバトルゾーンを離れる時、かわりに光のコスト9の手札を1枚墓地に置いてもよい。", ""),
        # the cards under a creature are no cards of the battle zone: never destroyed
        (
            "このクリーチャーが破壊される時、かわりにこのクリーチャーの下にあるカードを1枚破壊してもよい。",
            "destroyed elsewhere than in the battle zone",
        ),
    ],
)
def test_near_variants_of_the_cards_under_and_of_a_hand_card_are_refused(text, named):
    assert_refused(text, named)


@pytest.mark.parametrize("tapped, final", [(False, "battle"), (True, "graveyard")])
def test_only_an_untapped_creature_stays(tapped, final):
    """「…離れる時にアンタップしていたら、離れるかわりにとどまる」: a tapped one is destroyed."""
    text = "このクリーチャーがバトルゾーンを離れる時にアンタップしていたら、離れるかわりにとどまる。"
    solution = solved_with(text, "[{id: e1, destroy: R}]", tapped=tapped)
    assert sorted(r.final["R"] for r in solution.resolutions) == [final]


def test_gr_creatures_and_the_super_gr_are_words_of_the_language():
    """「GRクリーチャー」 is a card type (type gr), 「超GR」 the super GR zone (zone gr)."""
    assert_compiles_to(
        "自分のGRクリーチャーが破壊される時、かわりに手札に戻す。",
        {"watch": {"event": "destroy", "card": {"whose": "own", "type": "gr"}}, "instead": [{"move_to": "hand"}]},
    )
    assert_compiles_to(
        "自分の超GRにカードがあれば、このクリーチャーがバトルゾーンを離れる時、かわりにとどまる。",
        {"watch": {"event": "leave", "card": "this"}, "if": [{"zone": "gr", "whose": "own"}], "instead": ["stay"]},
    )
    assert_refused("自分の超GRRにカードがあれば、このクリーチャーがバトルゾーンを離れる時、かわりにとどまる。", "")


def test_a_keyword_given_named_with_what_follows_its_colon_is_the_holder():
    """マザー・エイリアン＜よろこんで＞: 「…すべて「セイバー：エイリアン」を得る。（…かわりに「セイバー：エイリアン」を
    持つクリーチャーを破壊してもよい）」: the creature that has it is each creature given it."""
    result = compile_text(
        "バトルゾーンにある自分のエイリアンはすべて「セイバー：エイリアン」を得る。（自分のエイリアンが破壊される時、"
        "かわりに「セイバー：エイリアン」を持つクリーチャーを破壊してもよい）"
    )
    assert result.complete, [s.problem for s in result.problems]
    (ability,) = result.abilities
    assert ability.keyword == "セイバー:エイリアン"  # given by its whole name: the cards given it have that keyword
    assert [a.kind for a in ability.instead] == ["stay", "move_source"]  # the holder destroyed
    assert not compile_text(
        "バトルゾーンにある自分のエイリアンはすべて「セイバー：エイリアン」を得る。（自分のエイリアンが破壊される時、"
        "かわりに「ブロッカー」を持つクリーチャーを破壊してもよい）"
    ).complete


def test_a_keywords_reminder_watching_a_creature_with_it_watches_its_holder():
    """「「エスケープ」を持つクリーチャーが破壊される時」 in エスケープ's own reminder (the grant of
    冥界を統べる新月のハーデス, and the keyword printed with that wording) is the creature that has it, never every
    creature with the keyword: an opponent's creature with エスケープ is no concern of this card's ability (V47)."""
    escape = "(「エスケープ」を持つクリーチャーが破壊される時、墓地に置くかわりに自分のシールドを1つ手札に加えてもよい)"
    watch = {"event": "destroy", "card": "this"}
    assert_compiles_to(
        "エスケープ" + escape,
        {"watch": watch, "instead": ["stay", {"shield_to_hand": 1}], "optional": True},
    )
    result = compile_text("自分のクリーチャーすべてに「エスケープ」を与える。" + escape)
    assert result.complete, [s.problem for s in result.problems]
    (ability,) = result.abilities
    assert ability.watch.subject == "this" and ability.watch.filter is None
    assert ability.granted_to is not None and ability.granted_to.whose == "own"
    # other cards with the keyword, in the keyword's own reminder: refused, not read as every such card
    assert_refused("エスケープ" + escape.replace("を持つクリーチャー", "を持つ自分のクリーチャー"), "エスケープ")
    # outside the reminder of that keyword, a filter: every creature with it
    assert_compiles_to(
        "「ブロッカー」を持つクリーチャーが破壊される時、かわりに手札に戻す",
        {
            "watch": {"event": "destroy", "card": {"type": "creature", "keyword": "ブロッカー"}},
            "instead": [{"move_to": "hand"}],
        },
    )


@pytest.mark.parametrize(
    "text, form",
    [
        (  # 新聖綺神 クロスオーバー・ヨミ: a restriction and a replacement under one condition
            "バトルゾーンにある自分のクリーチャーがこのクリーチャーだけであれば、このクリーチャーはブロックされず、"
            "バトルゾーンを離れる時、離れるかわりにとどまる。",
            {
                "watch": {"event": "leave", "card": "this"},
                "if": [{"zone": "battle", "whose": "own", "type": "creature", "other": True, "at_most": 0}],
                "instead": ["stay"],
            },
        ),
        (  # 時空の不滅ギャラクシー: the side it flips to said by its cost
            "このクリーチャーがバトルゾーンを離れる時、バトルゾーンを離れるかわりに、コストの大きいほうに裏返す。",
            {"watch": {"event": "leave", "card": "this"}, "instead": ["stay", "flip_this"]},
        ),
    ],
)
def test_a_restriction_beside_a_replacement_and_the_side_a_card_flips_to(text, form):
    assert_compiles_to(text, form)


def test_the_tap_ability_of_a_labelled_ability_replaces_no_event():
    result = compile_text("このクリーチャーで攻撃するかわりに、タップして次のTT能力を使ってもよい。")
    assert [s.verdict for s in result.sentences] == ["not_replacement"]


@pytest.mark.parametrize(
    "text, form, variant",
    [
        (  # 神々の地 ディオニソス: 「どこからでも」 of another card's arrival: from any zone
            "自分の他のクリーチャーが、どこからでも自分の墓地に置かれる時、墓地に置くかわりにタップしてマナゾーンに置く。",
            {
                "watch": {"event": "put_into_graveyard", "card": {"whose": "own", "type": "creature", "other": True}},
                "instead": [{"move_to": {"zone": "mana", "tapped": True}}],
            },
            "自分の他のクリーチャーが、どこからでも破壊される時、かわりにマナゾーンに置く。",
        ),
        (  # 侵略者 フェイスレス: the watched creature's power said after its event, and a condition after it
            "自分のターン中に自分のクリーチャーがバトルゾーンを離れる時、そのクリーチャーのパワーが０より大きく、"
            "相手のシールドが２つ以下なら、離れるかわりにとどまる。",
            {
                "watch": {
                    "event": "leave",
                    "card": {"whose": "own", "type": "creature", "power_min": 1},
                    "when": ["own_turn"],
                },
                "if": [{"zone": "shields", "whose": "opponent", "at_most": 2}],
                "instead": ["stay"],
            },
            "自分のクリーチャーがバトルゾーンを離れる時、そのクリーチャーのパワーが０より小さく、離れるかわりにとどまる。",
        ),
    ],
)
def test_anywhere_of_another_card_and_the_watched_creatures_power(text, form, variant):
    assert_compiles_to(text, form)
    assert_refused(variant, "")


@pytest.mark.parametrize(
    "text, form",
    [
        (  # パンドラ城 デス・ファントム: 「そのシールド」 of the watched shield this castle fortifies
            "この城を付けて要塞化したシールドが相手のクリーチャーにブレイクされる時、そのシールドが他の城によって要塞化されて"
            "いなければ、かわりに自分のシールドを1枚手札に加えてもよい。",
            {
                "watch": {"event": "break", "card": "fortified", "when": ["by_opponent", "by_creature"]},
                "if": ["not_fortified_by_other_castle"],
                "instead": ["stay", {"choose": {"count": 1, "from": "shields", "to": "hand", "verb": "add_to_hand"}}],
                "optional": True,
            },
        ),
        (  # 極楽！オンセン・ガロウズ: this creature's own replacement given it under a condition; 「合計」 of one zone
            "自分のマナゾーンに水または火のカードが合計7枚以上あれば、このクリーチャーは「このクリーチャーがシールドを"
            "ブレイクする時、そのシールドをかわりに持ち主の山札の一番上に置く」を得る。",
            {
                "watch": {"event": "break", "card": {"whose": "opponent"}, "when": ["by_this"]},
                "if": [{"zone": "mana", "whose": "own", "civilization": ["water", "fire"], "at_least": 7}],
                "instead": [{"move_to": {"zone": "deck", "position": "top"}}],
            },
        ),
    ],
)
def test_the_fortified_shield_said_again_and_a_replacement_this_creature_gets(text, form):
    assert_compiles_to(text, form)


def test_a_mana_number_chosen_replaces_no_event_and_a_judges_result_said_across_a_restriction_is_refused():
    result = compile_text(
        "このクリーチャーを召喚する時、自分のマナゾーンにあるドラゴンを好きな数選び、そのマナの数字を1のかわりに2にしてもよい。"
    )
    assert [s.verdict for s in result.sentences] == ["not_replacement"]
    assert_refused(  # 独走状態！鬼無双・カイザー「真剣」 with no 「このターン」: a replacement the judge's effect makes
        "このクリーチャーが攻撃する時、相手とガチンコ・ジャッジする。自分が勝ったら、このクリーチャーは"
        "ブロックされず、このクリーチャーがシールドをブレイクする時、相手はそのシールドを手札に加えるかわりに自身の墓地に置く。",
        "the judge's effect makes",
    )


def test_the_events_creature_tapped_instead():
    """コーディネイ人: 「相手のクリーチャーがこのクリーチャーとのバトルで破壊される時、破壊するかわりにタップする」: it
    stays, tapped (V43); a tapped one cannot be tapped, so a mandatory replacement does not apply to it (609.4)."""
    assert_compiles_to(
        "このクリーチャーが破壊される時、かわりにタップする。",
        {"watch": {"event": "destroy", "card": "this"}, "instead": ["stay", "tap_it"]},
    )
    assert_refused("このクリーチャーが破壊される時、かわりにタップしてマナゾーンに置かずに手札に置く。", "")
    assert_refused("自分の手札が捨てられる時、かわりにタップする。", "")
    untapped = solved_with("このクリーチャーが破壊される時、かわりにタップする。", "[{id: e1, destroy: R}]")
    assert [(r.final["R"], r.tapped) for r in untapped.resolutions] == [("battle", ("R",))]
    tapped = solved_with("このクリーチャーが破壊される時、かわりにタップする。", "[{id: e1, destroy: R}]", tapped=True)
    assert [(r.final["R"], r.tapped) for r in tapped.resolutions] == [("graveyard", ())]


# -- wordings of known parts: the watched card named by its own word (「そのドラゴンの下にある」),
# -- 「そのかわりに」, 「相手によってブレイクされる」, 「1つでもブレイクされる」, 「進化ではない自分の」,
# -- 「相手が自身の手札を捨てる」 ----------------------------------------------------------------------------

UNDER_THE_DRAGON = {
    "watch": {"event": "leave", "card": {"whose": "own", "race": "ドラゴン"}},
    "optional": True,
    "instead": ["stay", {"choose": {"count": 1, "from": "under_watched", "to": "graveyard", "verb": "put"}}],
}
DISCARD_ONE = {"discard": 1}


@pytest.mark.parametrize(
    ("text", "form"),
    [
        (
            "自分のドラゴンがバトルゾーンを離れる時、かわりにそのドラゴンの下にあるカードを1枚墓地に置いてもよい。",
            UNDER_THE_DRAGON,
        ),
        (
            "このクリーチャーがバトルゾーンを離れる時、そのかわりにこのクリーチャーの下にあるカードを1枚墓地に置いてもよい。",
            {
                "watch": {"event": "leave", "card": "this"},
                "optional": True,
                "instead": ["stay", {"choose": {"count": 1, "from": "under_this", "to": "graveyard", "verb": "put"}}],
            },
        ),
        (
            "自分のシールドが相手によってブレイクされる時、かわりに自分の手札を1枚捨ててもよい。",
            {
                "watch": {"event": "break", "card": {"whose": "own"}, "when": ["by_opponent"]},
                "optional": True,
                "instead": [DISCARD_ONE],
            },
        ),
        (
            "自分のシールドが1つでもブレイクされる時、かわりにこのクリーチャーを破壊してもよい。",
            {
                "watch": {"event": "break", "card": {"whose": "own"}, "once": True},
                "optional": True,
                "instead": ["destroy_this"],
            },
        ),
        (
            "進化ではない自分のクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。",
            {
                "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature", "not_type": "evolution"}},
                "optional": True,
                "instead": ["stay", DISCARD_ONE],
            },
        ),
        (
            "相手が自身の手札を捨てる時、かわりにそのカードをマナゾーンに置く。",
            {
                "watch": {"event": "discard", "card": {"whose": "opponent"}},
                "instead": [{"move_to": "mana"}],
            },
        ),
    ],
)
def test_wordings_of_known_parts(text: str, form: dict):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        # the creature under which is another than the watched one's word
        ("自分のクリーチャーが離れる時、かわりにそのドラゴンの下にあるカードを1枚墓地に置いてもよい。", "そのドラゴン"),
        # 「2つでも」: no number of shields is 「でも」 but one
        ("自分のシールドが2つでもブレイクされる時、かわりにこのクリーチャーを破壊してもよい。", "2つでも"),
    ],
)
def test_near_variants_of_known_parts_are_refused(text: str, named: str):
    assert_refused(text, named)


# -- サバイバー: 「■このサバイバーが…時」 is every own survivor's in the battle zone, each its own
# -- 「このクリーチャー」 ---------------------------------------------------------------------------------------

SURVIVOR_TEXT = "■このサバイバーが破壊される時、墓地に置くかわりに手札に戻す。"


def test_a_survivors_ability_is_each_own_survivors():
    assert_compiles_to(
        SURVIVOR_TEXT,
        {
            "granted_to": {"whose": "own", "race": "サバイバー"},
            "watch": {"event": "destroy", "card": "this"},
            "instead": [{"move_to": "hand"}],
        },
    )
    # 「このサバイバー」 as what is done instead, not as the watched card: unread
    assert_refused("■自分のクリーチャーが破壊される時、かわりにこのサバイバーを破壊してもよい。", "このサバイバー")


@pytest.mark.parametrize(
    ("giver_zone", "expected"), [("battle", ("hand", "graveyard")), ("graveyard", ("graveyard",) * 2)]
)
def test_a_survivors_ability_saves_the_other_survivors_while_it_is_in_the_battle_zone(giver_zone: str, expected):
    def card(card_id: str, name: str, races: str, text: str = "") -> str:
        said = f', text: "{text}"' if text else ""
        return f"{{id: {card_id}, card: {{name: {name}, type: creature, races: [{races}]{said}}}}}"

    giver = card("S1", "試しのサバイバー", "サバイバー", SURVIVOR_TEXT)
    others = [card("S2", "ほかのサバイバー", "サバイバー"), card("H", "ほかの種族", "ヒューマノイド")]
    zones = {"battle": others, "graveyard": []}
    zones[giver_zone].append(giver)
    text = f"""
    turn: me
    players:
      me: {{battle: [{", ".join(zones["battle"])}], graveyard: [{", ".join(zones["graveyard"])}]}}
      opponent: {{}}
    effect: {{controller: opponent, events: [{{destroy: S2}}, {{destroy: H}}]}}
    """
    assert finals(text, "S2", "H") == [expected]


# -- a replacement ability given in quotes to the cards a phrase names (「…はすべて「このクリーチャーが…時、かわりに
# -- …」を得る」): each of them has it, 「このクリーチャー」 being that card; a duration before the grant, its length

QUOTED_GRANTS = [
    (
        "自分のドラゴンはすべて「このクリーチャーが破壊される時、かわりに手札に戻す」を得る。",
        {
            "granted_to": {"whose": "own", "race": "ドラゴン"},
            "watch": {"event": "destroy", "card": "this"},
            "instead": [{"move_to": "hand"}],
        },
    ),
    (
        "相手のクリーチャーすべてに「このクリーチャーがバトルゾーンを離れる時、墓地に置くかわりに山札の一番下に置く」を与える。",
        {
            "granted_to": {"whose": "opponent", "type": "creature"},
            "watch": {"event": "leave", "card": "this", "to": "graveyard"},
            "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
        },
    ),
    (
        "自分の他のクリーチャーはすべて「このクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。"
        "そうした場合、カードを1枚引く」を得る。",
        {
            "granted_to": {"whose": "own", "type": "creature", "other": True},
            "watch": {"event": "destroy", "card": "this"},
            "instead": ["stay", {"discard": 1}],
            "optional": True,
            "then": [{"events": [{"draw": "own", "count": 1}]}],
        },
    ),
    (
        "このターン、自分の光のクリーチャーはすべて「このクリーチャーが破壊される時、かわりにマナゾーンに置く」を得る。",
        {
            "granted_to": {"whose": "own", "type": "creature", "civilization": "light"},
            "watch": {"event": "destroy", "card": "this"},
            "instead": [{"move_to": "mana"}],
            "duration": "this_turn",
        },
    ),
    (  # a keyword given for a turn: its reminder lasts as long
        "次の自分のターンのはじめまで、自分のクリーチャーすべてに「シールド・セイバー」を与える。",
        {
            "keyword": "シールド・セイバー",
            "granted_to": {"whose": "own", "type": "creature"},
            "watch": {"event": "break", "card": {"whose": "own"}},
            "instead": ["stay", "destroy_this"],
            "optional": True,
            "duration": "until_next_turn",
        },
    ),
]


@pytest.mark.parametrize("text, form", QUOTED_GRANTS, ids=[t[:30] for t, _ in QUOTED_GRANTS])
def test_a_replacement_ability_given_in_quotes(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text, named",
    [
        (  # the quoted ability begins with a trigger: which sentence is given is not read
            "自分のクリーチャーはすべて「このクリーチャーが攻撃する時、カードを1枚引く。このクリーチャーが破壊される時、"
            "かわりに手札に戻す」を得る。",
            "first sentence is no replacement",
        ),
        (  # two durations, one of them the quoted ability's: never merged into one
            "このターン、自分のクリーチャーはすべて「このターン、このクリーチャーが破壊される時、かわりに手札に戻す」を得る。",
            "renders as",
        ),
        (
            "自分のクリーチャーはすべて「このクリーチャーが破壊される時、かわりに手札に戻す」と「ブロッカー」を得る。",
            "",
        ),
        ("自分のマナゾーンのカードはすべて「このカードが墓地に置かれる時、かわりに手札に戻す」を得る。", ""),
    ],
)
def test_near_variants_of_a_quoted_grant_are_refused(text, named):
    assert_refused(text, named)


def test_a_quoted_grant_saves_each_other_creature_of_its_player():
    """A, given the ability, goes to the hand; G gives it to its other creatures alone, and the opponent's O none."""
    text = """
    turn: opponent
    players:
      me:
        battle:
          - id: G
            card: {name: 与えるクリーチャー, type: creature, text: "GRANT"}
          - {id: A, card: {name: 受けるクリーチャー, type: creature}}
      opponent:
        battle: [{id: O, card: {name: 相手のクリーチャー, type: creature}}]
    effect: {controller: opponent, events: [{id: e1, destroy: A}, {id: e2, destroy: G}, {id: e3, destroy: O}]}
    """.replace("GRANT", "自分の他のクリーチャーはすべて「このクリーチャーが破壊される時、かわりに手札に戻す」を得る。")
    assert finals(text, "G", "A", "O") == [("graveyard", "hand", "graveyard")]


def test_a_comma_after_the_player_of_a_card_in_the_battle_zone():
    """「バトルゾーンにある自分の他の、コスト5以下の光のクリーチャーが破壊される時」: the comma after 「の」 is inside
    the phrase; its 「バトルゾーンにある」 adds nothing to a destroyed card (the same comma between clauses is not)."""
    assert_compiles_to(
        "バトルゾーンにある自分の他の、コスト5以下の光のクリーチャーが破壊される時、かわりにこのクリーチャーを破壊してもよい。",
        {
            "watch": {
                "event": "destroy",
                "card": {"whose": "own", "type": "creature", "civilization": "light", "cost_max": 5, "other": True},
            },
            "instead": ["stay", "destroy_this"],
            "optional": True,
        },
    )


@pytest.mark.parametrize(
    "text, form",
    [
        (
            "自分のシールドが相手の呪文によって手札に加えられる時、かわりにそのシールドを墓地に置く。",
            {
                "watch": {
                    "event": "put_into_hand",
                    "card": {"whose": "own"},
                    "from": "shields",
                    "when": ["by_opponent", "by_spell"],
                },
                "instead": [{"move_to": "graveyard"}],
            },
        ),
        (
            "自分のシールドゾーンにあるカードが墓地に置かれる時、かわりにそのシールドを手札に加えてもよい。",
            {
                "watch": {"event": "put_into_graveyard", "card": {"whose": "own"}, "from": "shields"},
                "instead": [{"move_to": "hand"}],
                "optional": True,
            },
        ),
    ],
)
def test_the_shield_a_watched_event_moves_from_the_shield_zone_named_again(text, form):
    """「そのシールド」 is the watched card when the event moves it from the shield zone, as when it is broken."""
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text, form",
    [
        (
            "このクリーチャーは、破壊される時、墓地に置かれるかわりに手札に戻る。",
            {"watch": {"event": "destroy", "card": "this"}, "instead": [{"move_to": "hand"}]},
        ),
        (
            "自分のクリーチャーは、破壊される時、墓地に置かれるかわりにマナゾーンに置かれる。",
            {
                "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}},
                "instead": [{"move_to": "mana"}],
            },
        ),
        (
            "相手のクリーチャーは、バトルゾーンを離れる時、かわりに持ち主の山札の一番下に置かれる。",
            {
                "watch": {"event": "leave", "card": {"whose": "opponent", "type": "creature"}},
                "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
            },
        ),
    ],
)
def test_the_watched_card_said_as_the_topic_and_its_own_move(text, form):
    """「Xは、破壊される時、…」 is 「Xが破壊される時、…」; 「手札に戻る」「マナゾーンに置かれる」 what the watched card
    does, as 「手札に戻す」「マナゾーンに置く」 say it."""
    assert_compiles_to(text, form)


def test_a_card_the_clause_names_never_returns_by_itself():
    assert_refused("このクリーチャーが破壊される時、かわりに自分のクリーチャーを1体手札に戻る。", "「戻る」 of cards")


@pytest.mark.parametrize(
    "text, form",
    [
        (
            "このクリーチャーは破壊されるかわりに手札に戻る。",
            {"watch": {"event": "destroy", "card": "this"}, "instead": [{"move_to": "hand"}]},
        ),
        (
            "自分のクリーチャーが破壊されるかわりに、このクリーチャーを破壊してもよい。",
            {
                "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}},
                "instead": ["stay", "destroy_this"],
                "optional": True,
            },
        ),
        (
            "自分のシールドはブレイクされるかわりに墓地に置かれる。",
            {"watch": {"event": "break", "card": {"whose": "own"}}, "instead": [{"move_to": "graveyard"}]},
        ),
        (
            "相手のクリーチャーはバトルゾーンに出るかわりに墓地に置かれる。",
            {
                "watch": {"event": "enter", "card": {"whose": "opponent", "type": "creature"}},
                "instead": [{"move_to": "graveyard"}],
            },
        ),
        (
            "このクリーチャーが破壊される場合、かわりに手札に戻す。",
            {"watch": {"event": "destroy", "card": "this"}, "instead": [{"move_to": "hand"}]},
        ),
        (
            "このクリーチャーがバトルゾーンを離れるなら、かわりに山札の一番下に置く。",
            {
                "watch": {"event": "leave", "card": "this"},
                "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
            },
        ),
    ],
)
def test_a_watched_event_said_without_its_toki_is_a_replacement_never_the_effects_own(text, form):
    """A card's event in the present before 「かわりに」 (「…破壊されるかわりに」「…破壊される場合、」「…離れるなら、」)
    is what the replacement watches: read as 「…時、」 says it, never set aside as the effect's own 「かわりに」 (no
    ability: a wrong answer with no warning)."""
    assert_compiles_to(text, form)


def test_the_effects_own_card_replaced_after_the_effect_stays_a_self_replacement():
    result = compile_text(
        "相手のクリーチャーを1体破壊する。そのクリーチャーは墓地に置かれるかわりに山札の下に置かれる。"
    )
    assert [s.verdict for s in result.sentences] == ["other", "self_replacement"]


@pytest.mark.parametrize(
    "text",
    [
        "相手の手札は捨てられるかわりに山札の下に置かれる。",
        "相手はカードを引くかわりに、山札の上から1枚目を墓地に置く。",
        "自分はゲームに負けるかわりに、自分のシールドを1つ墓地に置く。",
        # (「このクリーチャーは相手の呪文によって破壊されるかわりに手札に戻る」 is read: SAID_AGAIN)
    ],
)
def test_an_ability_that_begins_with_what_a_card_or_player_does_instead_is_never_the_effects_own(text):
    """What a card or a player does, said with its subject, then 「かわりに」, as an ability's first sentence: a
    replacement of that event the grammar may not read; unreadable, never a self-replacement with no ability."""
    result = compile_text(text)
    assert [s.verdict for s in result.sentences] == ["unreadable"] and result.self_replacements == 0


@pytest.mark.parametrize(
    "text",
    [
        "相手のクリーチャーを1体選び、持ち主の手札に戻すかわりに山札の下に置いてもよい。",
        "相手は自身の手札を1枚選んで捨てる。自分のマナゾーンにカードが5枚以上あれば、相手自身が選んで捨てるかわりに、"
        "自分が選ぶ。",
        # ゴースト・パニッシュ: the act replaced is the one the spell's first line does (「捨てる」)
        "相手は自分自身の手札を1枚選び、捨てる。 / メタモーフ(自分のマナゾーンに7枚以上カードがあれば、この呪文は"
        "次の能力を得る) / 相手の手札を相手自身が選んで捨てるかわりに、自分が相手の手札を見て1枚選び、捨てさせる。",
    ],
)
def test_the_effects_own_instead_after_its_own_clause_or_sentence(text):
    assert compile_text(text).self_replacements == 1


UNDER_COUNT = "このクリーチャーの下にカードが3枚以上あれば、このクリーチャーが破壊される時、かわりにとどまる。"


def test_a_count_of_the_cards_under_this_creature():
    assert_compiles_to(
        UNDER_COUNT,
        {"watch": {"event": "destroy", "card": "this"}, "if": [{"cards_under_this": 3}], "instead": ["stay"]},
    )


@pytest.mark.parametrize("under, final", [(3, "battle"), (2, "graveyard")])
def test_a_creature_with_as_many_cards_under_it_as_the_text_says_stays(under, final):
    """Three cards under EV: it stays; two: the condition does not hold, and it is destroyed."""
    cards = "".join(f"      - {{id: U{i}, under: EV, card: {{name: 下{i}, type: creature}}}}\n" for i in range(under))
    text = f"""
turn: opponent
players:
  me:
    battle:
      - {{id: EV, card: {{name: 試しの進化クリーチャー, type: evolution_creature, text: "{UNDER_COUNT}"}}}}
{cards}  opponent: {{}}
effect: {{controller: opponent, events: [{{id: e1, destroy: EV}}]}}
"""
    assert [r.final["EV"] for r in dmrules.solve(scenario(text)).resolutions] == [final]


def test_the_classic_own_zone_said_with_jibun_jishin():
    """「自分自身のマナゾーンに置く」 (the classic wording of 「自身の」): the card's owner's zone, where it goes
    anyway."""
    assert_compiles_to(
        "このクリーチャーが破壊される時、墓地に置くかわりに自分自身のマナゾーンに置く。",
        {"watch": {"event": "destroy", "card": "this"}, "instead": [{"move_to": "mana"}]},
    )


KEYWORD_GRANTS = [
    (  # the classic 「「X」能力を与える」
        "自分の他のエンジェル・コマンドすべてに「シールド・セイバー」能力を与える。",
        {
            "keyword": "シールド・セイバー",
            "granted_to": {"whose": "own", "race": "エンジェル・コマンド", "other": True},
            "watch": {"event": "break", "card": {"whose": "own"}},
            "instead": ["stay", "destroy_this"],
            "optional": True,
        },
    ),
    (  # a keyword this card gets under a condition: its own ability while the condition holds
        "自分のマナゾーンにカードが7枚以上あれば、このクリーチャーは「エターナル・Ω」を得る。",
        {
            "keyword": "エターナル・Ω",
            "watch": {"event": "leave", "card": "this"},
            "if": [{"zone": "mana", "whose": "own", "at_least": 7}],
            "instead": [{"move_to": "hand"}],
        },
    ),
    (  # a reminder of two sentences (エスケープ's 「その「S・トリガー」は使えない」), given
        "自分のクリーチャーすべてに「エスケープ」を与える。",
        {
            "keyword": "エスケープ",
            "granted_to": {"whose": "own", "type": "creature"},
            "watch": {"event": "destroy", "card": "this"},
            "instead": ["stay", {"shield_to_hand": {"count": 1, "no_trigger": True}}],
            "optional": True,
        },
    ),
]


@pytest.mark.parametrize("text, form", KEYWORD_GRANTS, ids=[t[:30] for t, _ in KEYWORD_GRANTS])
def test_a_keyword_given_its_ability_word_to_this_card_or_with_a_reminder_of_two_sentences(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize("mana, final", [(7, "hand"), (6, "graveyard")])
def test_a_keyword_this_card_gets_under_a_condition_works_while_it_holds(mana, final):
    text = "自分のマナゾーンにカードが7枚以上あれば、このクリーチャーは「エターナル・Ω」を得る。"
    mine = " " * 16 + f"mana: [{', '.join(f'm{i}' for i in range(mana))}]\n"
    solution = solved_with(text, "[{id: e1, destroy: R}]", mine=mine)
    assert [r.final["R"] for r in solution.resolutions] == [final]


@pytest.mark.parametrize("card_type, verdict", [("クリーチャー", "unreadable"), ("呪文", "self_replacement")])
def test_a_creatures_static_line_is_no_effects_own(card_type, verdict):
    """「自分のシールドを手札に加えるかわりに、…」 as a line of its own: a spell's effect may replace its own act; a
    creature's line that triggers on nothing is its static ability, maybe a replacement, never set aside."""
    text = "自分のシールドを手札に加えるかわりに、バトルゾーンに出してもよい。"
    assert [s.verdict for s in compile_text(text, card_type).sentences] == [verdict]


@pytest.mark.parametrize(
    "text, form",
    [
        (  # a 「。」 after a keyword's reminder that ends its line
            "エターナル・Ω(このクリーチャーがバトルゾーンを離れる時、かわりに手札に戻す)。",
            {"keyword": "エターナル・Ω", "watch": {"event": "leave", "card": "this"}, "instead": [{"move_to": "hand"}]},
        ),
        (  # the reminder right after the grant, with no 「。」 between
            "自分の光のクリーチャーはすべて「シールド・セイバー」を得る(自分のシールドがブレイクされる時、かわりにこの"
            "クリーチャーを破壊してもよい)。",
            {
                "keyword": "シールド・セイバー",
                "granted_to": {"whose": "own", "type": "creature", "civilization": "light"},
                "watch": {"event": "break", "card": {"whose": "own"}},
                "instead": ["stay", "destroy_this"],
                "optional": True,
            },
        ),
        (  # 「バトルゾーンに出すかわりに」: the watched entering said again
            "相手のクリーチャーがバトルゾーンに出る時、バトルゾーンに出すかわりに持ち主の墓地に置く。",
            {
                "watch": {"event": "enter", "card": {"whose": "opponent", "type": "creature"}},
                "instead": [{"move_to": "graveyard"}],
            },
        ),
    ],
)
def test_a_reminders_full_stop_and_an_entering_said_again(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text",
    [
        "このクリーチャーを召喚する時、コストを支払うかわりに自分のクリーチャーを1体破壊してもよい。",
        "この呪文を唱える時、マナゾーンのカードをタップするかわりに、自分のシノビを1体手札に戻してもよい。",
        "このクロスギアをクロスする時、コストをもう一度支払うかわりに、自分のシールドを1枚手札に加えてもよい。",
        # a mana number of any value
        "このクリーチャーを召喚する時、自分のマナゾーンにあるドラゴンのマナの数字は、1のかわりに3になる。",
    ],
)
def test_a_summons_or_casts_cost_paid_otherwise_replaces_no_event(text):
    assert [s.verdict for s in compile_text(text).sentences] == ["not_replacement"]


@pytest.mark.parametrize(
    "text",
    [
        "相手のクリーチャーが破壊される時、かわりにそのクリーチャーを自分のマナゾーンに置く。",
        "相手が手札を捨てる時、かわりにそのカードを自分のマナゾーンに置く。",
    ],
)
def test_the_opponents_watched_card_put_into_ones_own_zone_is_refused(text):
    """A card goes to its owner's zone: 「自分のマナゾーン」 of the opponent's card says what cannot be, never read
    as its owner's (as a choice of the opponent's cards is refused)."""
    assert_refused(text, "the opponent's card put into one's own zone")


def test_a_keyword_said_as_a_race_is_refused():
    """「自分のスレイヤー」: no race is 「スレイヤー」; read as one, no creature would be watched (a wrong answer).
    (「ブロッカー」 alone is the creatures that have it: test_cardtext_wordings.py.)"""
    assert_refused("自分のスレイヤーが破壊される時、かわりに手札に戻す。", "names a keyword, no race")


@pytest.mark.parametrize(
    "text",
    ["自分のクリーチヤーが破壊される時、かわりに手札に戻す。", "ｺﾉｸﾘｰﾁｬｰが破壊される時、かわりに手札に戻す。"],
)
def test_a_misspelt_creature_is_no_race(text):
    """「クリーチヤー」 (a misread large ヤ) and 「コノクリーチャー」 (half-width 「このクリーチャー」 in
    katakana): read as races, they would watch no creature at all (a wrong answer with no warning)."""
    assert_refused(text, "「クリーチャー」 misspelt")


def test_a_second_replacement_a_grant_quotes_is_never_the_givers_own():
    """Two replacements in one quoted grant: each is the grant's (both refused, for the rendering quotes one),
    never the second read as the giving card's own ability."""
    result = compile_text(
        "自分のクリーチャーはすべて「このクリーチャーが破壊される時、かわりに手札に戻す。このクリーチャーが離れる時、"
        "かわりにマナゾーンに置く」を得る。"
    )
    assert not result.abilities and [s.verdict for s in result.sentences] == ["other", "unreadable", "unreadable"]


@pytest.mark.parametrize(
    "after",
    [
        "この能力はゲーム中に1度しか使えない。",  # (「各ターンに1度しか使えない」 is once_per_turn)
        "この効果は相手のターン中にのみ使える。",
        "そうしなければ、自分の手札を1枚捨てる。",
        "捨てたカードがクリーチャーなら、カードを1枚引く。",
        "この方法で捨てたカードは、このターン使えない。",
    ],
)
def test_a_sentence_that_says_more_of_the_replacement_is_never_dropped(after):
    """When the replacement may be used, what is done if it is not, what is done with what it acted on: part of
    it, which the vocabulary cannot state; unreadable (the card refused), never an ability read without it."""
    result = compile_text("このクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。" + after)
    assert [s.verdict for s in result.sentences] == ["replacement", "unreadable"] and not result.complete


def test_sono_baai_after_a_replacement_is_its_follow_up():
    """「その場合、」 (the classic 「そうした場合、」): what follows the replacement when it is applied."""
    assert_compiles_to(
        "自分のクリーチャーが破壊される時、かわりに手札に戻す。その場合、相手はカードを1枚引く。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}},
            "instead": [{"move_to": "hand"}],
            "then": [{"events": [{"draw": "opponent", "count": 1}]}],
        },
    )


@pytest.mark.parametrize(
    "text",
    [
        "このクリーチャーが破壊される時、かわりに自分のバトルゾーンにある他のクリーチャーを1体破壊してもよい。",
        "このクリーチャーが破壊される時、かわりにバトルゾーンにある自分の他のクリーチャーを1体破壊してもよい。",
    ],
)
def test_a_players_battle_zone_holds_that_players_creatures(text):
    """「自分のバトルゾーンにある」 and 「バトルゾーンにある自分の」 name the same creatures: one reading, not two."""
    assert_compiles_to(
        text,
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": ["stay", {"destroy": {"count": 1, "whose": "own", "other": True}}],
            "optional": True,
        },
    )


def test_this_creature_returned_from_the_battle_zone_is_this_creature_returned():
    assert_compiles_to(
        "自分のクリーチャーが破壊される時、かわりにこのクリーチャーをバトルゾーンから自分の手札に戻してもよい。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}},
            "instead": ["stay", {"this_to": "hand"}],
            "optional": True,
        },
    )


@pytest.mark.parametrize("said", ["自分のシールドゾーンのカード", "自分のシールドゾーンにあるカード", "自分のシールド"])
def test_the_cards_of_a_shield_zone_are_its_shields(said):
    assert_compiles_to(
        f"{said}が墓地に置かれる時、かわりに手札に加える。",
        {
            "watch": {"event": "put_into_graveyard", "card": {"whose": "own"}, "from": "shields"},
            "instead": [{"move_to": "hand"}],
        },
    )


@pytest.mark.parametrize(
    "text",
    [
        "このクリーチャーで攻撃するかわりに、自分の手札を1枚捨ててもよい。",
        "自分のターン中、このクリーチャーで攻撃するかわりに、このクリーチャーを破壊してもよい。",
        "自分の他のクリーチャーは、攻撃するかわりに、タップしてカードを1枚引いてもよい。",
        "相手のクリーチャーが攻撃する時、このクリーチャーでブロックするかわりに、タップしてもよい。",
        "この呪文を唱えるかわりに、このカードを自分のシールドゾーンに裏向きにして置いてもよい。",
        "このクリーチャーを召喚するかわりに、自分の手札から捨ててもよい。",
        "このクリーチャーの召喚コストを支払うかわりに、自分の光のクリーチャーを3体タップしてもよい。",
        "このクリーチャーは、自分のターン中に攻撃するかわりに、タップしてカードを1枚引いてもよい。",
        "このクリーチャーの召喚コストは、マナのかわりに自分のシールドを2つ墓地に置いて支払ってもよい。",
        "この呪文を唱えるコストのかわりに、自分のクリーチャーを2体タップしてもよい。",
        "このクリーチャーを、水のクリーチャーのかわりに自然のクリーチャーとして扱ってもよい。",
        "このクリーチャーは、文明を持つかわりに無色クリーチャーとして扱う。",
        "このカードは、自分のマナゾーンにある時、水のカードのかわりに光のカードとして扱う。",
        "このクリーチャーは、進化元として、ドラゴンのかわりに使ってもよい。",
    ],
)
def test_an_act_a_player_may_do_instead_of_another_replaces_no_event(text):
    """Attacking, blocking, summoning or casting this card, paying its cost: a player's choice of what to do,
    no event of a card replaced (nor the effect's own quantity: no effect is resolving)."""
    assert [s.verdict for s in compile_text(text).sentences] == ["not_replacement"]


def test_a_break_replaced_after_an_attack_trigger_is_no_effects_own():
    """「攻撃する時、…ブレイクするかわりに」: the attack breaks the shields, not the triggered ability's effect; the
    breaking is replaced, never set aside as the effect's own quantity (and no act a player chooses instead)."""
    result = compile_text(
        "このクリーチャーが攻撃する時、相手のシールドをブレイクするかわりに、相手の手札を1枚捨てさせる。"
    )
    assert [s.verdict for s in result.sentences] == ["unreadable"]


def test_this_spell_said_before_its_cast_with_a_comma_or_none():
    """「この呪文を、唱えた後で」 and 「この呪文を唱えた後で」: the same words, the comma aside."""
    form = {
        "watch": {"event": "spell_to_graveyard", "card": "this"},
        "instead": [{"move_to": "hand"}],
        "spell_own_movement": True,
    }
    assert_compiles_to("この呪文を、唱えた後で墓地に置くかわりに手札に戻す。", form)
    assert_compiles_to("この呪文を唱えた後で墓地に置くかわりに手札に戻す。", form)


THREE_IN_HAND = {"zone": "hand", "whose": "opponent", "at_least": 3}
NO_SHIELD = {"zone": "shields", "whose": "own", "at_most": 0}


@pytest.mark.parametrize(
    "condition, read",
    [
        *((f"相手の手札が3枚以上{said}", THREE_IN_HAND) for said in ("あれば", "あるなら", "ある場合")),
        *((f"自分のシールドが1枚も{said}", NO_SHIELD) for said in ("なければ", "ない場合", "ないなら")),
        *((f"このクリーチャーがタップされて{said}", "this_tapped") for said in ("いれば", "いる場合", "いるなら")),
    ],
)
def test_a_condition_said_with_nara_or_baai(condition, read):
    assert_compiles_to(
        f"{condition}、このクリーチャーが破壊される時、かわりに手札に戻す。",
        {"watch": {"event": "destroy", "card": "this"}, "if": [read], "instead": [{"move_to": "hand"}]},
    )


@pytest.mark.parametrize(
    "text",
    [
        "自分のクリーチャーが、バトルゾーンを離れる時、かわりに自分の手札を2枚捨ててもよい。",
        "自分のクリーチャーが、離れる時、かわりに自分の手札を2枚捨ててもよい。",
        "自分のクリーチャーがバトルゾーンを離れる時、かわりに自分の手札を2枚捨ててもよい。",
    ],
)
def test_a_comma_after_the_watched_subject_says_nothing(text):
    assert_compiles_to(
        text,
        {
            "watch": {"event": "leave", "card": {"whose": "own", "type": "creature"}},
            "instead": ["stay", {"discard": {"count": 2}}],
            "optional": True,
        },
    )


@pytest.mark.parametrize(
    "said, whose",
    [
        ("このクリーチャー以外の自分の", {"whose": "own"}),
        ("このカード以外の自分の", {"whose": "own"}),
        ("このクリーチャー以外の", {}),
    ],
)
def test_this_creature_excepted_is_another(said, whose):
    """「このクリーチャー以外の自分のクリーチャー」 is 「自分の他のクリーチャー」."""
    assert_compiles_to(
        f"{said}クリーチャーが破壊される時、かわりにこのクリーチャーを破壊してもよい。",
        {
            "watch": {"event": "destroy", "card": {**whose, "type": "creature", "other": True}},
            "instead": ["stay", "destroy_this"],
            "optional": True,
        },
    )


BREAKS_TO_GRAVEYARD = {
    "watch": {"event": "break", "card": {"whose": "opponent"}, "when": ["by_this"]},
    "instead": [{"move_to": "graveyard"}],
}


@pytest.mark.parametrize(
    "text, form",
    [
        (
            "このクリーチャーは、シールドをブレイクする時、相手はそのシールドを手札に加えるかわりに墓地に置く。",
            BREAKS_TO_GRAVEYARD,
        ),
        (
            "このクリーチャーはシールドをブレイクする時、相手はそのシールドを手札に加えるかわりに墓地に置く。",
            BREAKS_TO_GRAVEYARD,
        ),
        (
            "このクリーチャーは、バトルに負ける時、かわりに自分の手札を1枚捨ててもよい。",
            {
                "watch": {"event": "destroy", "card": "this", "when": ["by_battle"]},
                "instead": ["stay", {"discard": 1}],
                "optional": True,
            },
        ),
        (
            "このクリーチャーは、破壊される時、かわりにその下に重ねたカードを3枚、自分の墓地に置いてもよい。",
            {
                "watch": {"event": "destroy", "card": "this"},
                "instead": ["stay", {"choose": {"count": 3, "from": "under_this", "to": "graveyard", "verb": "put"}}],
                "optional": True,
            },
        ),
    ],
)
def test_the_watched_card_said_as_the_topic_of_any_event(text, form):
    """「このクリーチャーは、…する時」: the watched card said as the topic, whatever its event (no other subject said
    before 「時」)."""
    assert_compiles_to(text, form)


def test_toki_wa_is_toki():
    assert_compiles_to(
        "このクリーチャーが破壊される時は、かわりに自分の手札を1枚捨ててもよい。",
        {"watch": {"event": "destroy", "card": "this"}, "instead": ["stay", {"discard": 1}], "optional": True},
    )


@pytest.mark.parametrize("count", ["2枚", "二枚", "２枚"])
def test_a_count_in_kanji_or_digits(count):
    assert_compiles_to(
        f"このクリーチャーが破壊される時、かわりに自分の手札を{count}捨ててもよい。",
        {"watch": {"event": "destroy", "card": "this"}, "instead": ["stay", {"discard": 2}], "optional": True},
    )


@pytest.mark.parametrize("printed, verb", [("戻してもよい", "return"), ("加えてもよい", "add_to_hand")])
def test_a_card_of_the_graveyard_returned_or_added_to_the_hand(printed, verb):
    """「墓地から…手札に戻す」 and 「…手札に加える」: the same move, each verb as printed."""
    chosen = {"count": 1, "from": "graveyard", "to": "hand", "verb": verb, "type": "creature"}
    assert_compiles_to(
        f"このクリーチャーが破壊される時、かわりに自分の墓地からクリーチャーを1体手札に{printed}。",
        {"watch": {"event": "destroy", "card": "this"}, "instead": ["stay", {"choose": chosen}], "optional": True},
    )


def _saver(card: dict) -> dict:
    return {"watch": {"event": "destroy", "card": card}, "instead": ["stay", "destroy_this"], "optional": True}


@pytest.mark.parametrize(
    "said, card",
    [
        ("コスト3以上5以下の", {"cost_min": 3, "cost_max": 5}),
        ("コストが5以下の", {"cost_max": 5}),
        ("パワーが3000以上の", {"power_min": 3000}),
        ("パワー2000以上6000以下の", {"power_min": 2000, "power_max": 6000}),
        ("光または水または闇の", {"civilization": ["light", "water", "darkness"]}),
        ("ゼロ文明の", {"civilization": "zero"}),
    ],
)
def test_bounds_and_civilizations_said_otherwise(said, card):
    """A range of cost or power said once (「コスト3以上5以下の」), a bound said with 「が」, civilizations listed with
    「または」 each time, a civilization said with 「文明」: the same filters."""
    assert_compiles_to(
        f"自分の{said}クリーチャーが破壊される時、かわりにこのクリーチャーを破壊してもよい。",
        _saver({"whose": "own", "type": "creature", **card}),
    )


def test_a_comma_after_but_is_kept():
    """「…できるが、」 ("but") is no subject's 「が」: its comma stays, the two clauses apart."""
    assert "できるが、相手" in normalize(
        "このクリーチャーは攻撃できるが、相手のクリーチャーが破壊される時、かわりに手札に戻す。"
    )
    assert "このクリーチャーが離れる時" in normalize("このクリーチャーが、離れる時、かわりに手札に戻す。")


def test_a_cause_of_either_player():
    """「呪文またはクリーチャーの能力によって」 with no player: either player's spell or creature's ability."""
    assert_compiles_to(
        "このクリーチャーが呪文またはクリーチャーの能力によって破壊される時、かわりに手札に戻す。",
        *(
            {"watch": {"event": "destroy", "card": "this", "when": when}, "instead": [{"move_to": "hand"}]}
            for when in (["by_spell"], ["by_ability", "by_creature"])
        ),
    )


EITHER_PLAYERS_SPELL = """
turn: me
players:
  me:
    battle:
      - id: R
        card:
          name: 試しのクリーチャー
          type: creature
          text: "このクリーチャーが呪文によって破壊される時、かわりに手札に戻す。"
    graveyard: [{id: S, card: {name: 試しの呪文, type: spell}}]
  opponent:
    graveyard:
      - {id: X, card: {name: 相手の呪文, type: spell}}
      - {id: Y, card: {name: 相手のクリーチャー, type: creature}}
effect: {controller: CONTROLLER, source: SOURCE, by: BY, events: [{destroy: R}]}
"""


@pytest.mark.parametrize(
    "controller, source, by, final",
    [("me", "S", "spell", "hand"), ("opponent", "X", "spell", "hand"), ("opponent", "Y", "ability", "graveyard")],
)
def test_a_cause_of_either_player_is_either_players_spell(controller, source, by, final):
    text = EITHER_PLAYERS_SPELL.replace("CONTROLLER", controller).replace("SOURCE", source).replace("BY", by)
    solution = dmrules.solve(scenario(text))
    assert sorted({r.final["R"] for r in solution.resolutions}) == [final]


@pytest.mark.parametrize(
    "text, form",
    [
        (
            "自分のクリーチャーがバトルで負ける時、かわりにこのクリーチャーを破壊してもよい。",
            _saver({"whose": "own", "type": "creature"})
            | {"watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}, "when": ["by_battle"]}},
        ),
        (
            "相手のターンの間、自分のクリーチャーが破壊される時、かわりにこのクリーチャーを破壊してもよい。",
            _saver({"whose": "own", "type": "creature"})
            | {"watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}, "when": ["opponent_turn"]}},
        ),
    ],
)
def test_a_battle_lost_and_a_turn_said_otherwise(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize("joined", ["、または", "か"])
def test_two_events_of_one_card_said_with_one_toki(joined):
    """「破壊されるか手札に戻される時」「破壊される、または手札に戻される時」: 「破壊される時、または手札に
    戻される時」."""
    card = {"whose": "own", "type": "creature"}
    assert_compiles_to(
        f"自分のクリーチャーが破壊される{joined}手札に戻される時、かわりにこのクリーチャーを破壊してもよい。",
        _saver(card) | {"watch": {"event": ["destroy", "return_to_hand"], "card": card, "from": "battle"}},
    )


@pytest.mark.parametrize(
    "text",
    [
        "自分のクリーチャーが破壊される時、かわりにそのクリーチャーで攻撃するかわりにタップしてもよい。",
        "自分のシールドがブレイクされる時、かわりにこのクリーチャーを召喚するかわりに、手札から捨ててもよい。",
        "このクリーチャーが離れる時、かわりにコストを支払うかわりに、自分の手札を1枚捨ててもよい。",
    ],
)
def test_an_act_instead_of_another_after_a_watched_event_is_never_set_aside(text):
    """After 「…時、かわりに」 the sentence replaces that event: never read as an act a player chooses (no
    replacement), whatever it says after."""
    assert [s.verdict for s in compile_text(text).sentences] != ["not_replacement"]
    assert not compile_text(text).complete


def test_this_creature_from_the_battle_zone_when_its_own_event_is_from_elsewhere():
    """「このクリーチャーがマナゾーンから…時、かわりにこのクリーチャーをバトルゾーンから手札に戻す」: the creature is
    in the mana zone, no card leaves the battle zone: never read as this card returned from the mana zone."""
    assert_refused(
        "このクリーチャーがマナゾーンから墓地に置かれる時、かわりにこのクリーチャーをバトルゾーンから手札に戻す。",
        "not as printed",
    )


def test_a_break_a_triggered_ability_makes_replaced_is_its_own():
    """「出た時、…ブレイクするかわりに」: this trigger's effect breaks, and replaces its own break (the rule for the
    attack's breaks is the attack trigger's alone)."""
    result = compile_text(
        "このクリーチャーが出た時、相手のシールドを1つブレイクするかわりに、相手の手札を1枚捨てさせてもよい。"
    )
    assert [s.verdict for s in result.sentences] == ["self_replacement"]


def test_a_kanji_number_inside_a_keyword_is_kept():
    assert "「八つ裂き」" in normalize("「八つ裂き」を持つクリーチャーが破壊される時、かわりに手札に戻す。")


@pytest.mark.parametrize(
    "watched",
    [
        "相手のクリーチャーが手札から出る時",
        "相手が手札からクリーチャーを出す時",
        "相手がクリーチャーを手札から出す時",
        "相手が自身の手札からクリーチャーをバトルゾーンに出す時",
    ],
)
def test_a_players_cards_put_out_from_a_zone(watched):
    """A player putting their cards out from a zone, said with the player or with the cards."""
    assert_compiles_to(
        f"{watched}、かわりに持ち主の墓地に置く。",
        {
            "watch": {"event": "enter", "card": {"whose": "opponent", "type": "creature"}, "from": "hand"},
            "instead": [{"move_to": "graveyard"}],
        },
    )


def test_a_player_putting_out_the_other_players_cards_from_a_zone_is_refused():
    assert_refused("相手が手札から自分のクリーチャーを出す時、かわりに持ち主の墓地に置く。", "another player")


@pytest.mark.parametrize(
    "text",
    [
        "バトルゾーンに自分の《ボルシャック・ドラゴン》と《ボルメテウス・ホワイト・ドラゴン》があれば、このクリーチャーが"
        "破壊される時、かわりに手札に戻す。",
        "自分のドラゴンとエンジェル・コマンドがバトルゾーンにあれば、このクリーチャーが破壊される時、かわりに手札に戻す。",
        "このターン、自分のドラゴンとエンジェル・コマンドが破壊されていれば、このクリーチャーが破壊される時、かわりに"
        "手札に戻す。",
    ],
)
def test_cards_of_two_kinds_a_condition_asks_for_together_are_refused(text):
    """「AとBがあれば」 asks for each of them; read as 「AまたはB」 it would hold with one alone."""
    assert_refused(text, "each of two kinds")


def test_cards_of_either_kind_in_a_condition_are_read():
    assert_compiles_to(
        "バトルゾーンに自分のドラゴンまたはエンジェル・コマンドがあれば、このクリーチャーが破壊される時、かわりに手札に"
        "戻す。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "if": [{"zone": "battle", "whose": "own", "race": ["ドラゴン", "エンジェル・コマンド"], "at_least": 1}],
            "instead": [{"move_to": "hand"}],
        },
    )


def test_both_players_cards_counted_with_no_total_said_are_refused():
    """「自分と相手の手札が3枚以下なら」: each player's, or the sum (「合計」 says the sum)."""
    assert_refused("自分と相手の手札が3枚以下なら、このクリーチャーが破壊される時、かわりに手札に戻す。", "「合計」")


@pytest.mark.parametrize(
    "text",
    [
        "相手がカードを引く時、かわりに2枚引く。",
        "相手がカードを引く時、相手はかわりにカードを2枚引く。",
        "相手のクリーチャーがバトルゾーンを離れる時、相手はかわりに手札を2枚捨ててもよい。",
        "相手のクリーチャーが破壊される時、相手はかわりに自分のクリーチャーを1体破壊する。",
        "相手のクリーチャーが破壊される時、相手はかわりに自分のシールドを1つ手札に加える。",
        "プレイヤーが召喚以外の方法でクリーチャーを出す時、その持ち主はかわりに手札を1枚捨てる。",
        "相手のクリーチャーが破壊される時、相手はかわりにそのクリーチャーを手札に戻してもよい。",
    ],
)
def test_what_another_player_does_instead_with_their_own_cards_is_refused(text):
    """The vocabulary's draws, discards and choices are the ability's controller's: the opponent's, read so, would
    be the controller's."""
    assert_refused(text, "another player than the ability's controller")


def test_what_another_player_does_instead_with_the_events_card_is_read():
    assert_compiles_to(
        "相手のクリーチャーが破壊される時、相手はかわりにそれを山札の下に置く。",
        {
            "watch": {"event": "destroy", "card": {"whose": "opponent", "type": "creature"}},
            "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
        },
    )


@pytest.mark.parametrize(
    "text",
    [
        "このクリーチャーはブロックされない。自分のドラゴンは破壊されるかわりに手札に戻る。",
        "自分のクリーチャーが破壊されれば、かわりに手札に戻す。",
        "このクリーチャーが破壊されるようなら、かわりに手札に戻す。",
    ],
)
def test_a_cards_event_replaced_is_never_set_aside_as_an_effects_own(text):
    """A card's event said with its subject after a sentence of another ability, or said as a condition, is a
    replacement of that event: read or refused, never set aside as the effect's own quantity."""
    result = compile_text(text)
    assert "self_replacement" not in [s.verdict for s in result.sentences]
    assert not result.complete or [s.verdict for s in result.sentences][-1] == "replacement"


def test_a_cards_event_with_what_it_is_by_after_a_sentence_of_another_ability_is_its_replacement():
    text = (
        "このクリーチャーは相手のクリーチャーを攻撃できない。"
        "このクリーチャーは相手の呪文によって破壊されるかわりに手札に戻る。"
    )
    assert [s.verdict for s in compile_text(text).sentences] == ["other", "replacement"]
    assert_compiles_to(
        text,
        {
            "watch": {"event": "destroy", "card": "this", "when": ["by_opponent", "by_spell"]},
            "instead": [{"move_to": "hand"}],
        },
    )


def test_the_card_the_sentence_before_acts_on_replaced_is_the_effects_own():
    text = "相手のクリーチャーを1体選び、破壊する。そのクリーチャーは墓地に置かれるかわりに山札の下に置かれる。"
    assert [s.verdict for s in compile_text(text).sentences] == ["other", "self_replacement"]


def test_when_a_replacement_may_be_used_said_after_it_is_never_dropped():
    result = compile_text("このクリーチャーが破壊される時、かわりに手札に戻す。1ターンに1度しか使えない。")
    assert not result.complete
    assert "says more of it" in " ".join(s.problem or "" for s in result.problems)


@pytest.mark.parametrize(
    "watched",
    [
        "自分のシールドカードが手札に加えられる時",
        "自分のツインパクトカードが破壊される時",
        "自分のガードマンが破壊される時",
    ],
)
def test_a_kind_of_card_or_a_keyword_is_never_read_as_a_race(watched):
    result = compile_text(f"{watched}、かわりにマナゾーンに置く。")
    assert not result.abilities and not result.complete


def test_a_card_put_into_the_deck_with_no_place_said_is_refused():
    """「山札に戻す」 alone: its top, its bottom or shuffled would be a guess (「シャッフルする」 after it: read)."""
    result = compile_text("このクリーチャーが破壊される時、かわりに山札に戻す。")
    assert not result.abilities and "with no place in the deck said" in (result.problems[0].problem or "")
    assert_compiles_to(
        "このクリーチャーが破壊される時、かわりに自分の山札に戻す。その後、山札をシャッフルする。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [{"move_to": {"zone": "deck", "position": "shuffle"}}],
        },
    )


def test_the_opponents_hand_cards_discarded_instead_with_no_chooser_said_are_refused():
    """「相手の手札を1枚捨てる」: that player's choice, or one at random (「見ないで選び」)? The text does not say."""
    assert_refused("このクリーチャーが破壊される時、かわりに相手の手札を1枚捨ててもよい。", "no chooser said")


def test_this_said_kore_is_this_card_only_in_a_sentence_that_watches_it():
    """「これ」 after a sentence that chose a card may be that card: read as this card only in a sentence whose
    watched card is this one."""
    assert not compile_text(
        "相手のクリーチャーを1体選ぶ。これが破壊される時、かわりに持ち主のマナゾーンに置く。"
    ).abilities
    assert not compile_text("自分のクリーチャーが破壊される時、かわりにこれを手札に戻す。").abilities
    assert_compiles_to(
        "このクリーチャーが破壊される時、これを墓地に置くかわりに手札に戻す。",
        {"watch": {"event": "destroy", "card": "this"}, "instead": [{"move_to": "hand"}]},
    )


def test_sono_ato_after_a_soshita_baai_step_is_never_part_of_the_replacements_result():
    """「そうした場合、…。その後、…」: the 「その後」 sentence goes on with the 「そうした場合」 one (101.5a),
    never part of what the replacement makes happen; no step of the vocabulary says which sentence it follows, so
    the text is refused (its reading does not render back as printed)."""
    result = compile_text(
        "このクリーチャーが破壊される時、かわりに手札に戻す。そうした場合、カードを1枚引く。その後、カードを1枚引く。"
    )
    assert not result.complete and not result.abilities


def test_a_card_treated_as_another_after_a_watched_event_is_never_set_aside():
    """「…時、そのクリーチャーのかわりに…として扱う」 watches an event: read or refused, never recognised as replacing
    none (a state said with 「時」, 「自分のマナゾーンにある時、」, is no event)."""
    text = "自分のクリーチャーが破壊される時、そのクリーチャーのかわりに、このクリーチャーを破壊されたものとして扱う。"
    assert [s.verdict for s in compile_text(text).sentences] == ["unreadable"]


def test_a_shield_put_into_the_hand_instead_is_rendered_as_added():
    """The rendering says what the printed card says: a shield is 「手札に加える」, never 「手札に戻す」."""
    result = compile_text("このクリーチャーが破壊される時、かわりに自分のシールドを1つ手札に加えてもよい。")
    assert result.complete
    assert [s.rendering for s in result.sentences if s.rendering] == [
        "このクリーチャーが破壊される時、かわりに自分のシールドを1つ手札に加えてもよい"
    ]


# -- 「墓地のかわりに」: the graveyard the watched event would put the card into, said as a place -----------------

GRAVEYARD_SAID_AS_A_PLACE = [
    (
        "相手のクリーチャーが破壊される時、墓地のかわりに持ち主の手札に戻す。",
        {
            "watch": {"event": "destroy", "card": {"whose": "opponent", "type": "creature"}},
            "instead": [{"move_to": "hand"}],
        },
    ),
    (
        "自分の手札が捨てられる時、墓地のかわりに山札の下に置いてもよい。",
        {
            "watch": {"event": "discard", "card": {"whose": "own"}},
            "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
            "optional": True,
        },
    ),
]


@pytest.mark.parametrize("text, form", GRAVEYARD_SAID_AS_A_PLACE, ids=[t[:20] for t, _ in GRAVEYARD_SAID_AS_A_PLACE])
def test_the_graveyard_said_as_the_place_replaced(text, form):
    assert_compiles_to(text, form)


def test_the_graveyard_said_again_of_an_event_that_puts_no_card_there_is_refused():
    assert_refused("自分のシールドがブレイクされる時、墓地のかわりにマナゾーンに置く。", "says again an event")


# -- the creature breaking, named by more than its player (「自分のドラゴンがシールドをブレイクする時」) -------------

BREAKER = "自分のドラゴンがシールドをブレイクする時、かわりにそのシールドを墓地に置いてもよい。"


def test_a_break_by_a_creature_the_text_names_by_race():
    """「自分のドラゴンがシールドをブレイクする」: a player's creature breaks the other player's shields."""
    assert_compiles_to(
        BREAKER,
        {
            "watch": {"event": "break", "card": {"whose": "opponent"}, "by_card": {"whose": "own", "race": "ドラゴン"}},
            "instead": [{"move_to": "graveyard"}],
            "optional": True,
        },
    )


@pytest.mark.parametrize("breaker, finals_expected", [("D", [("graveyard",), ("hand",)]), ("N", [("hand",)])])
def test_the_creature_breaking_must_pass_the_filter(breaker, finals_expected):
    """My dragon breaks the opponent's shield: I may put it into the graveyard instead; a creature of mine that is no
    dragon breaks it into the opponent's hand."""
    text = f"""
turn: me
players:
  me:
    battle:
      - {{id: R, card: {{name: 試しのクリーチャー, type: creature, text: "{BREAKER}"}}}}
      - {{id: D, card: {{name: 攻撃するドラゴン, type: creature, races: [ボルケーノ・ドラゴン]}}}}
      - {{id: N, card: {{name: 攻撃するビースト, type: creature, races: [ビーストフォーク]}}}}
  opponent:
    shields: [o1]
effect: {{source: {breaker}, controller: me, by: attack, events: [{{id: e1, break: o1}}]}}
"""
    assert finals(text, "o1") == finals_expected


@pytest.mark.parametrize(
    "text",
    [
        "自分のドラゴン1体がシールドをブレイクする時、かわりにそのシールドを墓地に置いてもよい。",
        "自分のカードがシールドをブレイクする時、かわりにそのシールドを墓地に置いてもよい。",
        "自分のドラゴンとエンジェル・コマンドがシールドをブレイクする時、かわりにそのシールドを墓地に置いてもよい。",
    ],
)
def test_a_breaker_said_with_a_count_a_card_head_or_two_heads_is_refused(text):
    assert_refused(text, "a break by creatures the text names otherwise")


def test_a_card_that_returns_to_the_hand_is_a_card_returned():
    """「手札に戻る時」 and 「手札に戻される時」: one event, whichever verb says it."""
    form = {
        "watch": {"event": "return_to_hand", "card": {"whose": "own", "type": "creature"}, "from": "battle"},
        "instead": [{"move_to": "mana"}],
        "optional": True,
    }
    assert_compiles_to("自分のクリーチャーが手札に戻る時、かわりにマナゾーンに置いてもよい。", form)
    assert_compiles_to("自分のクリーチャーが手札に戻される時、かわりにマナゾーンに置いてもよい。", form)


# -- readings a second hostile review found wrong, now refused -------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # SC龍飛→SC風流's and おやすみヒッポポさん's sentences: a move the rules make after a trigger, no act of the
        # triggered effect
        "自分がツインパクトカードの呪文側を手札から唱えた時、そのコストがクリーチャー側のコスト以上なら、唱えた後、"
        "そのカードを墓地に置くかわりに出す。",
        "自分がこのクリーチャーを見せてガチンコ・ジャッジに勝った時、このクリーチャーを山札の一番下に置くかわりに"
        "バトルゾーンに出す。",
        "相手が呪文を唱えた時、その呪文を墓地に置くかわりに山札の一番下に置く。",
        "この呪文を唱えた時、墓地に置くかわりに手札に戻す。",
        "自分のクリーチャーが攻撃する時、相手のクリーチャーにブロックされるかわりに、そのクリーチャーを破壊する。",
        # a card's event said as a condition, with 「ならば」
        "このクリーチャーが破壊されるならば、かわりに手札に戻す。",
    ],
)
def test_a_cards_event_after_a_trigger_is_never_set_aside_as_the_effects_own(text):
    result = compile_text(text)
    assert not result.complete and not result.abilities, result.forms()


def test_what_the_triggered_effect_does_first_is_still_its_own():
    result = compile_text("この呪文を唱えた時、カードを1枚引くかわりに2枚引いてもよい。")
    assert result.complete and not result.abilities


@pytest.mark.parametrize(
    "text, named",
    [
        # 「その」 of another card's event is the watched card: its power is no condition on this card's
        (
            "自分の他のクリーチャーがバトルゾーンを離れる時、そのパワーが0より大きければ、離れるかわりにとどまる。",
            "「そのパワー」",
        ),
        (
            "相手のクリーチャーが破壊される時、そのパワーが0より大きければ、かわりに山札の一番下に置く。",
            "「そのパワー」",
        ),
        # 「その〜」 naming again a card the watch does not say: a narrowing the form would drop
        ("自分のクリーチャーが破壊される時、そのドラゴンを墓地に置くかわりに手札に戻す。", "「そのドラゴン」"),
        ("自分のクリーチャーが破壊される時、そのドラゴンは墓地に置かれるかわりに手札に戻る。", "「そのドラゴン」"),
        (
            "自分のドラゴンが破壊される時、かわりにそのエンジェル・コマンドを手札に戻す。",
            "「そのエンジェル・コマンド」",
        ),
        (
            "自分のドラゴンまたはエンジェル・コマンドが破壊される時、かわりにそのエンジェル・コマンドを手札に戻す。",
            "「そのエンジェル・コマンド」",
        ),
        (
            "自分のシールドがブレイクされる時、そのクリーチャーを手札に加えるかわりに墓地に置く。",
            "「そのクリーチャー」",
        ),
    ],
)
def test_that_card_names_the_watched_card_by_a_word_of_its_phrase(text, named):
    assert_refused(text, named)


def test_that_card_named_by_the_watched_cards_own_race_is_the_watched_card():
    form = {
        "watch": {"event": "destroy", "card": {"whose": "own", "race": "ドラゴン"}},
        "instead": [{"move_to": "hand"}],
    }
    assert_compiles_to("自分のドラゴンが破壊される時、そのドラゴンを墓地に置くかわりに手札に戻す。", form)
    assert_compiles_to("自分のドラゴンが破壊される時、かわりにそのドラゴンを手札に戻す。", form)


@pytest.mark.parametrize(
    "text, named",
    [
        # a condition before the effect's duration: whether the effect is made, checked once
        (
            "自分のマナゾーンに光のカードが5枚以上あれば、このターン、自分のクリーチャーが破壊される時、かわりに手札に戻す。",
            "a condition said before 「このターン」",
        ),
        # 「AとBを1体」: one of either, or one of each
        (
            "自分のクリーチャーが破壊される時、かわりにドラゴンとエンジェル・コマンドを1体、自分の墓地から手札に戻してもよい。",
            "cards of two kinds joined by 「と」",
        ),
        (
            "自分のクリーチャーが破壊される時、かわりに自分のドラゴンとエンジェル・コマンドを1体破壊してもよい。",
            "「と」",
        ),
        # a card of either player put into 「自分の」 zone
        ("クリーチャーが破壊される時、かわりに自分の山札に加えてシャッフルする。", "a card of either player"),
        ("クリーチャーが破壊される時、かわりに自分の手札に戻す。", "a card of either player"),
    ],
)
def test_readings_that_would_guess_are_refused(text, named):
    assert_refused(text, named)


def test_a_card_of_either_player_goes_to_its_owners_zone():
    form = {"watch": {"event": "destroy", "card": {"type": "creature"}}, "instead": [{"move_to": "hand"}]}
    assert_compiles_to("クリーチャーが破壊される時、かわりに持ち主の手札に戻す。", form)


def test_this_card_discarded_from_the_hand_it_is_said_to_be_in():
    """「このカードが自分の手札にあれば、…かわりにこのカードを捨ててもよい」 is 「かわりに自分の手札にあるこのカードを
    捨ててもよい」: the place said as a condition."""
    form = {
        "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}},
        "instead": ["stay", "discard_this"],
        "optional": True,
        "works_in": "hand",
    }
    assert_compiles_to(
        "このカードが自分の手札にあれば、自分のクリーチャーが破壊される時、かわりにこのカードを捨ててもよい。", form
    )
    assert_compiles_to("自分のクリーチャーが破壊される時、かわりに自分の手札にあるこのカードを捨ててもよい。", form)


# -- readings a review of the current wording found set aside, now refused --------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # a card's event or a player's act said with its subject and a comma before 「かわりに」: no effect's own
        "相手は、カードを引くかわりに、自分の山札の上から1枚目を墓地に置く。",
        "この呪文を唱えた時、このターン、自分のシールドは、ブレイクされるかわりに墓地に置かれる。",
        # an event said as a condition with 「なら」
        "相手のクリーチャーが出るなら、かわりに持ち主の墓地に置く。",
        "相手がカードを引くなら、かわりに墓地に置く。",
        # what the player may do, then the watched event denied or done otherwise, without 「かわりに」
        "このクリーチャーが破壊される時、自分のシールドを1つ墓地に置いてもよい。そうしたら、このクリーチャーはバトルゾーンにとどまる。",
        "自分がゲームに負ける時、自分のシールドを1つ墓地に置いてもよい。そうしたら、自分はゲームに負けない。",
        # a keyword with a replacement given with another
        "このクリーチャーは「エターナル・Ω」と「W・ブレイカー」を得る。",
        "自分のクリーチャーはすべて「シールド・セイバー」と「ブロッカー」を得る。",
        # what follows a replacement in its line: an else branch, a duration, a narrowing, an exception
        "自分のクリーチャーが破壊される時、かわりに自分のマナゾーンのカードを1枚墓地に置いてもよい。このターン、そのクリーチャーは攻撃できない。",
        "このクリーチャーが破壊される時、自分の墓地にクリーチャーが5体以上あれば、かわりに手札に戻す。なければ、マナゾーンに置く。",
        "自分のクリーチャーが破壊される時、かわりにこのクリーチャーを破壊してもよい。相手の呪文によってのみ。",
        "自分のドラゴンはすべて「エターナル・Ω」を得る。ただし、このクリーチャーは得ない。",
    ],
)
def test_what_a_review_of_the_current_wording_found_set_aside_is_refused(text):
    result = compile_text(text)
    assert not result.complete, result.forms()


def test_a_sentence_after_a_keywords_grant_without_brackets_is_an_ability_of_its_own():
    """「このクリーチャーは「エターナル・Ω」を得る。自分のシールドがブレイクされる時、…」: エターナル・Ω (read by its
    name) and the card's own shield saver, not the saver as the keyword's reminder."""
    assert_compiles_to(
        "このクリーチャーは「エターナル・Ω」を得る。自分のシールドがブレイクされる時、かわりにこのクリーチャーを破壊してもよい。",
        {"watch": {"event": "leave", "card": "this"}, "instead": [{"move_to": "hand"}]},
        {"watch": {"event": "break", "card": {"whose": "own"}}, "instead": ["stay", "destroy_this"], "optional": True},
    )


def test_a_restriction_of_this_card_after_its_replacement_is_an_ability_of_its_own():
    result = compile_text("このクリーチャーが破壊される時、かわりに手札に戻す。このクリーチャーは攻撃できない。")
    assert result.complete and len(result.abilities) == 1


@pytest.mark.parametrize(
    "text, named",
    [
        # 「このクリーチャー」 said again before 「かわりに」 after another card's event: not the watched card
        (
            "自分の他のクリーチャーが破壊される時、このクリーチャーを墓地に置くかわりにマナゾーンに置いてもよい",
            "このクリーチャー",
        ),
        ("相手のクリーチャーが破壊される時、このクリーチャーは墓地に置かれるかわりに手札に戻る", "このクリーチャー"),
        # 「相手が自分の手札を捨てる時」: 「自分」 is this card's player, not the one who discards
        ("相手が自分の手札を捨てる時、かわりにマナゾーンに置く", "自分の手札"),
        # a keyword with a replacement printed without its reminder, which is not known here
        ("G・L・ゲート：グランド・デビル、ティラノ・ドレイク / T・ブレイカー", "G・L・ゲート"),
        ("Evoチャージャー / カードを1枚引く", "Evoチャージャー"),
    ],
    ids=["this-after-other", "this-after-opponents", "opponent-discards-own-hand", "gl-gate", "evo-charger"],
)
def test_sentences_once_read_wrong_are_refused(text, named):
    assert_refused(text, named)


def test_the_words_that_name_a_replaced_event_again_narrow_or_place_it():
    """「このクリーチャーを墓地に置くかわりに」 after the card's own event is that event;
    「離れる時、墓地に置くかわりに」 replaces a leaving into the graveyard only (fixture V48);
    「相手が自身の手札を捨てる時」 is the opponent's discard;
    「このカードが山札から離れる時」 works where the card is, in the deck."""
    assert_compiles_to(
        "このクリーチャーが破壊される時、このクリーチャーを墓地に置くかわりに手札に戻す",
        {"watch": {"event": "destroy", "card": "this"}, "instead": [{"move_to": "hand"}]},
    )
    for text in (
        "自分のクリーチャーがバトルゾーンを離れる時、墓地に置くかわりに手札に戻す",
        "自分のクリーチャーがバトルゾーンを離れる時、墓地に置かれるかわりに手札に戻る",
        "自分のクリーチャーがバトルゾーンを離れる時、墓地のかわりに手札に戻す",
    ):
        assert_compiles_to(
            text,
            {
                "watch": {"event": "leave", "card": {"whose": "own", "type": "creature"}, "to": "graveyard"},
                "instead": [{"move_to": "hand"}],
            },
        )
    assert_compiles_to(
        "自分のクリーチャーがバトルゾーンを離れる時、かわりに手札に戻す",
        {"watch": {"event": "leave", "card": {"whose": "own", "type": "creature"}}, "instead": [{"move_to": "hand"}]},
    )
    assert_compiles_to(
        "相手が自身の手札を捨てる時、かわりにマナゾーンに置く",
        {"watch": {"event": "discard", "card": {"whose": "opponent"}}, "instead": [{"move_to": "mana"}]},
    )
    (ability,) = compile_text("このカードが山札から離れる時、かわりに墓地に置く").abilities
    assert ability.works_in == "deck"


@pytest.mark.parametrize(
    "text, named",
    [
        # a condition on the granting card, printed before the grant: the ability given would read it on each receiver
        (
            "このクリーチャーがタップされていれば、自分の他のクリーチャーはすべて「シールド・セイバー」を得る",
            "granting card",
        ),
        (
            "このクリーチャーの下にカードが3枚以上あれば、自分のクリーチャーはすべて「エターナル・Ω」を得る",
            "granting card",
        ),
        (
            "バトルゾーンに自分の他のドラゴンが1体でもあれば、自分のクリーチャーはすべて「エスケープ」を得る",
            "granting card",
        ),
        # what the rules do, replaced: never the effect's own quantity, set aside as a self-replacement
        ("このクリーチャーがブロックした時、バトルするかわりに相手のクリーチャーを破壊する", "バトルするかわりに"),
        ("自分のターンのはじめに、マナゾーンのカードをアンタップするかわりにカードを1枚引く", "アンタップするかわりに"),
    ],
    ids=["giver-tapped", "giver-cards-under", "giver-other-dragon", "battle-after-block", "mana-untap"],
)
def test_a_grant_on_the_givers_state_and_what_the_rules_do_are_refused_not_passed_over(text, named):
    assert_refused(text, named)


@pytest.mark.parametrize(
    "condition",
    [
        "がタップされていたら、アンタップする",
        "がタップされていれば、アンタップする",
        "がタップされている場合、アンタップする",
        "をアンタップする",
    ],
)
def test_the_untap_steps_untapping_replaced_in_its_wordings(condition):
    """サイレントスキル's replacement in its wordings: each the untap of this creature when it is tapped."""
    assert_compiles_to(
        f"自分のターンのはじめに、このクリーチャー{condition}かわりにカードを1枚引いてもよい",
        {
            "watch": {"event": "untap", "card": "this"},
            "if": ["this_tapped"],
            "instead": [{"draw": 1}],
            "optional": True,
        },
    )


def test_a_castles_own_leaving_is_of_the_shield_zone_and_its_move_afterwards_is_refused():
    """「この城が離れる時」: the castle leaves the shield zone, where it is; its move to the graveyard when its shield
    leaves comes afterwards, no event of the window, so a scenario in which its replacement would take it is refused."""
    (ability,) = compile_text("この城が離れる時、かわりに手札に戻す", "城").abilities
    assert ability.watch.events == ("leave_shields",) and ability.works_in == "shields"
    assert not compile_text(
        "このカードが離れる時、かわりに手札に戻す", "城"
    ).complete  # rendered with the zone: refused
    castle = """
turn: opponent
players:
  me:
    shields:
      - {id: A}
      - id: C
        fortifies: A
        card: {name: 試験城, type: castle, civilizations: [light], text: "この城が離れる時、かわりに手札に戻す"}
  opponent:
    battle:
      - {id: X, card: {name: アタッカー, type: creature}}
effect: {source: X, controller: opponent, by: attack, events: [{id: e1, break: A}]}
"""
    with pytest.raises(dmrules.InputError, match="castle"):
        dmrules.solve(scenario(castle))


@pytest.mark.parametrize(
    "text, named",
    [
        # a condition keyword whose condition is a cost paid at summoning: what it labels or precedes is not read
        ("O・ドライブ－光x1 / OD－このクリーチャーが破壊される時、かわりに手札に戻す。", "O・ドライブ"),
        ("O・ドライブ－光x1 / このクリーチャーが破壊される時、かわりに手札に戻す。", "O・ドライブ"),
        # a keyword sharing its line with another (the space between them normalised away)
        ("W・ブレイカー　エスケープ", "shares its line"),
        ("ブロッカー、シールド・セイバー", "shares its line"),
        # the watched card staying, said without 「かわりに」
        ("このクリーチャーが破壊される時、バトルゾーンにとどまる。", "without 「かわりに」"),
        ("自分のクリーチャーが破壊される時、そのクリーチャーはバトルゾーンにとどまる。", "without 「かわりに」"),
    ],
    ids=["od-label", "od-alone", "shared-space", "shared-comma", "stays-unmarked", "its-creature-stays-unmarked"],
)
def test_keyword_lines_whose_replacement_cannot_be_stated_are_refused(text, named):
    assert_refused(text, named)


WAVE = {"zone": "battle", "type": "creature", "keyword": "ウェーブストライカー", "other": True, "at_least": 2}
ESCAPE = {
    "watch": {"event": "destroy", "card": "this"},
    "instead": ["stay", {"shield_to_hand": {"count": 1, "no_trigger": True}}],
}


@pytest.mark.parametrize(
    "text, form",
    [
        # ウェーブストライカー printed alone, or its label 「WS－」: the condition as the classic list prints it
        (
            "ウェーブストライカー / WS－このクリーチャーが破壊される時、かわりに手札に戻す。",
            {"watch": {"event": "destroy", "card": "this"}, "if": [WAVE], "instead": [{"move_to": "hand"}]},
        ),
        (
            "WS－このクリーチャーが破壊される時、かわりに手札に戻す。",
            {"watch": {"event": "destroy", "card": "this"}, "if": [WAVE], "instead": [{"move_to": "hand"}]},
        ),
        # a keyword line ending in 「。」, and one of a twin card's sides joined by 「／」: the keyword's reminder
        ("W・ブレイカー / エスケープ。", ESCAPE | {"optional": True}),
        (
            "ブロッカー / エスケープ ／ S・トリガー / 相手のクリーチャーを1体選び、破壊する。",
            ESCAPE | {"optional": True},
        ),
        # a label and a keyword: the keyword's reminder under the label's condition
        ("HF－エスケープ", ESCAPE | {"optional": True, "if": ["shields_at_least_opponent"]}),
    ],
    ids=["ws-after-keyword", "ws-label", "keyword-period", "twin-slash", "hf-label-keyword"],
)
def test_keyword_lines_read_in_their_printed_shapes(text, form):
    assert_compiles_to(text, form)


def test_the_spell_cast_before_it_on_a_card_of_two_casting_abilities_is_refused():
    """「それを唱えた後」 names the spell the sentence before it cast; with another ability of the card casting spells
    too, the vocabulary's 「the spell an ability of this card cast」 would take that one's as well: refused."""
    first = (
        "このクリーチャーが出た時、自分の墓地から呪文を1枚、コストを支払わずに唱えてもよい。"
        "それを唱えた後、墓地に置くかわりに山札の一番下に置く。"
    )
    assert compile_text(first).complete
    # S・トリガー's reminder casts this spell itself, no spell of another ability (失われし禁術の復元)
    assert compile_text(
        "S・トリガー（この呪文をシールドゾーンから手札に加える時、コストを支払わずにすぐ唱えてもよい） / " + first
    ).complete
    assert_refused(
        first + " / このクリーチャーが攻撃する時、自分の手札から呪文を1枚、コストを支払わずに唱えてもよい。",
        "more than one ability",
    )


# -- card types written with 「・」, never races ---------------------------------------------------------------


@pytest.mark.parametrize(
    "word, card_type",
    [("ドラグハート・ウエポン", "weapon"), ("ドラグハート・フォートレス", "fortress")],
)
def test_a_dragheart_type_is_a_card_type(word, card_type):
    assert_compiles_to(
        f"自分の{word}がバトルゾーンを離れる時、かわりにこのクリーチャーを破壊してもよい。",
        {
            "watch": {"event": "leave", "card": {"whose": "own", "type": card_type}},
            "instead": ["stay", "destroy_this"],
            "optional": True,
        },
    )


@pytest.mark.parametrize(
    "word", ["オレガ・オーラ", "サイキック・スーパー・クリーチャー", "キング・クリーチャー", "エグザイル・クリーチャー"]
)
def test_a_type_word_of_the_vocabulary_is_no_race(word):
    """A card type the vocabulary does not name is refused, never read as the race its first word would be (「キング」
    would take every キング・コマンド・ドラゴン)."""
    assert_refused(f"自分の{word}が離れる時、かわりに手札に戻す。", "cannot read")


def test_a_dragheart_weapon_watched_is_one_of_that_type():
    """The weapon may stay for a card of the hand; the fortress, no weapon, returns to the hyperspatial zone."""
    text = """
turn: opponent
players:
  me:
    battle:
      - id: R
        card:
          name: 守るクリーチャー
          type: creature
          text: 自分のドラグハート・ウエポンがバトルゾーンを離れる時、かわりに自分の手札を1枚捨ててもよい。
      - {id: W, card: {name: 武器, type: dragheart_weapon}, equipped_to: R}
      - {id: F, card: {name: 要塞, type: dragheart_fortress}}
    hand: [h1]
  opponent: {}
effect: {controller: opponent, events: [{id: e1, return_to_hand: W}, {id: e2, return_to_hand: F}]}
"""
    assert finals(text, "W", "F", "h1") == [
        ("battle", "hyperspatial", "graveyard"),
        ("hyperspatial", "hyperspatial", "hand"),
    ]


@pytest.mark.parametrize(
    "text, named",
    [
        # What is done after 「その場合、」 moves this card, while the first sentence watches another's event.
        (
            "自分の他のクリーチャーが破壊される時、自分の手札を1枚捨ててもよい。その場合、このクリーチャーを墓地に置くかわりに"
            "手札に戻す。",
            "a replacement said across two sentences",
        ),
        # A modifier before the first of two card phrases that each say their head limits that one only.
        (
            "自分のコスト5以下の光のクリーチャーまたは水のクリーチャーが破壊される時、かわりにこのクリーチャーを破壊してもよい。",
            "cannot read",
        ),
        (
            "自分のタップされている光のクリーチャーまたは水のクリーチャーが破壊される時、かわりにこのクリーチャーを破壊"
            "してもよい。",
            "cannot read",
        ),
        (
            "自分のコスト3以下の自然のクリーチャーまたは自然のタマシードが破壊される時、かわりにこのクリーチャーを破壊"
            "してもよい。",
            "cannot read",
        ),
        # A cause said with the first of two events only.
        ("このクリーチャーが相手の呪文によって破壊されるか手札に戻される時、かわりにマナゾーンに置く。", "renders as"),
        (
            "相手の効果によって、このクリーチャーが破壊される時、または手札に戻される時、かわりにマナゾーンに置く。",
            "renders as",
        ),
    ],
)
def test_a_part_said_of_one_of_two_is_never_read_of_both(text, named):
    assert_refused(text, named)


def test_a_player_said_before_two_card_phrases_is_of_both():
    assert_compiles_to(
        "自分の光のクリーチャーまたは水のクリーチャーが破壊される時、かわりにこのクリーチャーを破壊してもよい。",
        {
            "watch": {
                "event": "destroy",
                "card": {"whose": "own", "type": "creature", "civilization": ["light", "water"]},
            },
            "instead": ["stay", "destroy_this"],
            "optional": True,
        },
    )


def test_a_standing_instead_of_this_creatures_own_break_is_no_effects_own():
    """「このクリーチャーは、相手のシールドをブレイクするかわりに…」 on a creature is its ability, never an effect's own
    self-replacement (which would leave the card with no ability and no warning): with no form of it, refused."""
    assert_refused(
        "このクリーチャーは、相手のシールドをブレイクするかわりに、相手の山札の上から2枚を墓地に置いてもよい。",
        "cannot read",
    )


@pytest.mark.parametrize(
    "once", ["各ターンに1度", "各ターンに一度", "各ターン1回", "各ターンに1回", "1ターンに1度", "1ターンに1回"]
)
def test_once_each_turn_however_said(once):
    assert_compiles_to(
        f"{once}、このクリーチャーが破壊される時、墓地に置くかわりに手札に戻してもよい。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [{"move_to": "hand"}],
            "optional": True,
            "once_per_turn": True,
        },
    )


@pytest.mark.parametrize(
    "said, passive",
    [
        ("相手が山札からカードを手札に加える時", "相手のカードが山札から手札に加えられる時"),
        ("相手が自身の山札からカードを手札に加える時", "相手のカードが山札から手札に加えられる時"),
        ("相手がマナゾーンにカードを置く時", "相手のカードがマナゾーンに置かれる時"),
        ("相手が手札からカードをマナゾーンに置く時", "相手のカードが手札からマナゾーンに置かれる時"),
    ],
)
def test_a_player_putting_cards_somewhere_is_that_players_cards_put_there(said, passive):
    instead = "、かわりにそのカードを墓地に置く。"
    first, second = compile_text(said + instead), compile_text(passive + instead)
    assert first.complete and second.complete
    assert [comparable(a) for a in first.abilities] == [comparable(a) for a in second.abilities]


def test_a_zone_of_a_player_putting_cards_said_as_mine_is_refused():
    """「相手が自分の山札から」: whose deck 「自分の」 names after another player's 「が」 is not read."""
    assert_refused("相手が自分の山札からカードを手札に加える時、かわりにそのカードを墓地に置く。", "cannot read")


@pytest.mark.parametrize(
    "text, named",
    [
        # A clause that names no card after one on this card, for another card's event: this card's, never the
        # watched card's move.
        (
            "自分の他のクリーチャーが破壊される時、かわりにこのクリーチャーを手札に戻すか、マナゾーンに置いてもよい。",
            "names no card after one on this card",
        ),
        (
            "自分のシールドがブレイクされる時、かわりにこのクリーチャーを破壊するか、手札に戻してもよい。",
            "names no card",
        ),
        ("自分のドラゴンが破壊される時、かわりにこのドラグハートを裏返し、手札に戻す。", "names no card"),
        ("自分のドラゴンが破壊される時、かわりにこのクリーチャーをタップし、マナゾーンに置く。", "names no card"),
        # The opponent said as the topic does what follows too: draws, decides.
        ("相手は、クリーチャーを出す時、かわりにカードを1枚引く。", "cannot read"),
        ("相手は、クリーチャーを出す時、かわりにそれを墓地に置いてもよい。", "cannot read"),
        ("相手は、手札を捨てる時、かわりにマナゾーンに置いてもよい。", "cannot read"),
        # A replacement said without 「かわりに」.
        ("このクリーチャーがバトルゾーンを離れる時、墓地に置かれずに山札の一番下に置かれる。", "without 「かわりに」"),
        ("自分のシールドがブレイクされる時、そのシールドを手札に加えずに墓地に置く。", "without 「かわりに」"),
        ("自分のカードが手札から捨てられる時、そのカードをマナゾーンに置く。", "without 「かわりに」"),
        ("相手がカードを引く時、そのカードを墓地に置く。", "without 「かわりに」"),
        ("このクリーチャーが破壊される時、そのクリーチャーは墓地に置かれない。", "without 「かわりに」"),
        # What goes on with a replacement on the line after it.
        (
            "このクリーチャーが破壊される時、かわりに手札に戻す。\nこの能力は1ターンに1度しか使えない。",
            "on the line after",
        ),
        (
            "このクリーチャーが破壊される時、かわりに手札に戻してもよい。 / そうした場合、相手はカードを2枚引く。",
            "on the line",
        ),
    ],
)
def test_readings_that_would_move_or_ask_the_wrong_card_or_player_are_refused(text, named):
    assert_incomplete(text, named)


def test_a_clause_that_names_no_card_after_this_card_for_its_own_event_is_this_cards():
    assert_compiles_to(
        "このクリーチャーが破壊される時、かわりにこのクリーチャーをタップし、マナゾーンに置く。",
        {"watch": {"event": "destroy", "card": "this"}, "instead": ["tap_this", {"move_to": "mana"}]},
    )


@pytest.mark.parametrize(
    "text, named",
    [
        # a keyword with a replacement beside other keywords on one line, however they are joined
        ("W・ブレイカー(このクリーチャーはシールドを2つブレイクする) シールド・セイバー", "shares its line"),
        ("ブロッカー/エスケープ", "shares its line"),
        ("ブロッカー。エターナル・Ω", "shares its line"),
        ("ブロッカー、G-NEO進化", "shares its line"),
        # two labels, a 「◎」 on a keyword, a label dmrules does not know
        ("HF−SF−エターナル・Ω", "shares its line"),
        ("◎エターナル・Ω", "shares its line"),
        ("KP−このクリーチャーが破壊される時、かわりに手札に戻す。", "a label or a keyword's condition"),
        # a keyword whose reminder is not known, given
        ("自分の呪文はすべて「水晶チャージャー」を得る。", "whose reminder is not known"),
        ("自分のクリーチャーすべてに「G・L・ゲート:ドラゴン」を与える。", "whose reminder is not known"),
    ],
)
def test_a_replacement_keyword_dmrules_cannot_place_is_never_passed_over(text, named):
    assert_incomplete(text, named)


# -- what is replaced said again with its zone's player (「相手の手札に加えるかわりに」), a draw said again
# -- (「そのカードを引くかわりに」), and the cards under this creature called its evolution sources (「進化元」) ----

SAID_AGAIN = [
    # 「自分の超次元ゾーンから…を1体バトルゾーンに出してもよい」: a choice from the hyperspatial zone, zone first
    (
        "このクリーチャーが破壊される時、かわりに自分の超次元ゾーンからコスト5以下のサイキック・クリーチャーを1体"
        "バトルゾーンに出してもよい。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [
                "stay",
                {
                    "choose": {
                        "count": 1,
                        "from": "hyperspatial",
                        "to": "battle",
                        "verb": "put",
                        "type": "psychic",
                        "cost_max": 5,
                    }
                },
            ],
            "optional": True,
        },
    ),
    # 「自分の手札が…捨てられる時、かわりにそのカードをバトルゾーンに出してもよい」: each card discarded put out instead
    (
        "自分の手札が相手の効果によって捨てられる時、かわりにそのカードをバトルゾーンに出してもよい。",
        {
            "watch": {"event": "discard", "card": {"whose": "own"}, "when": ["by_opponent", "by_effect"]},
            "instead": [{"move_to": "battle"}],
            "optional": True,
        },
    ),
    # 「相手のシールドがこのクリーチャーによってブレイクされる時」: its break, said of the shields
    (
        "相手のシールドがこのクリーチャーによってブレイクされる時、かわりにそのシールドを墓地に置く。",
        {
            "watch": {"event": "break", "card": {"whose": "opponent"}, "when": ["by_this"]},
            "instead": [{"move_to": "graveyard"}],
        },
    ),
    # 「このクリーチャーが、相手のターン中、…離れる時」: the turn said between the subject and its event
    (
        "このクリーチャーが、相手のターン中、バトルゾーンを離れる時、かわりにマナゾーンに置く。",
        {"watch": {"event": "leave", "card": "this", "when": ["opponent_turn"]}, "instead": [{"move_to": "mana"}]},
    ),
    # 「自分のバトルゾーンにドラゴンが2体以上あれば」: the player's cards of the battle zone, the player said first
    (
        "このクリーチャーが破壊される時、自分のバトルゾーンにドラゴンが2体以上あれば、かわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "if": [{"zone": "battle", "whose": "own", "race": "ドラゴン", "at_least": 2}],
            "instead": [{"move_to": "hand"}],
        },
    ),
    # 「このクロスギアがクロスされているクリーチャー」: the creature this gear is crossed to
    (
        "このクロスギアがクロスされているクリーチャーが破壊される時、かわりにこのクロスギアを墓地に置いてもよい。",
        {
            "watch": {"event": "destroy", "card": "equipped"},
            "instead": ["stay", {"this_to": "graveyard"}],
            "optional": True,
        },
    ),
    # 「このクリーチャーは…によって破壊されるかわりに」: the watched event said with what it is by
    (
        "このクリーチャーは相手の呪文によって破壊されるかわりに、手札に戻る。",
        {
            "watch": {"event": "destroy", "card": "this", "when": ["by_opponent", "by_spell"]},
            "instead": [{"move_to": "hand"}],
        },
    ),
    # 「このクリーチャーは…によって破壊されるかわりに」: the watched event said with what it is by
    (
        "このクリーチャーは相手の呪文によって破壊されるかわりに、手札に戻る。",
        {
            "watch": {"event": "destroy", "card": "this", "when": ["by_opponent", "by_spell"]},
            "instead": [{"move_to": "hand"}],
        },
    ),
    (
        "このクリーチャーがシールドをブレイクする時、相手の手札に加えるかわりに墓地に置く。",
        {
            "watch": {"event": "break", "card": {"whose": "opponent"}, "when": ["by_this"]},
            "instead": [{"move_to": "graveyard"}],
        },
    ),
    (
        "相手のクリーチャーが破壊される時、相手の墓地に置くかわりに相手のマナゾーンに置く。",
        {
            "watch": {"event": "destroy", "card": {"whose": "opponent", "type": "creature"}},
            "instead": [{"move_to": "mana"}],
        },
    ),
    (
        "自分がカードを引く時、そのカードを引くかわりに、このクリーチャーを破壊してもよい。",
        {"watch": {"event": "draw", "player": "own"}, "instead": ["destroy_this"], "optional": True},
    ),
    (
        "このクリーチャーが離れる時、かわりにこのクリーチャーの進化元を1枚選び、墓地に置いてもよい。",
        {
            "watch": {"event": "leave", "card": "this"},
            "optional": True,
            "instead": ["stay", {"choose": {"count": 1, "from": "under_this", "to": "graveyard", "verb": "put"}}],
        },
    ),
]


def test_an_ability_of_a_creature_in_the_battle_zone_as_a_cause():
    """時空の喧嘩屋キル's cause: 「バトルゾーンにある相手のクリーチャーの能力」, one of two causes."""
    text = (
        "相手のターン中、相手の呪文またはバトルゾーンにある相手のクリーチャーの能力によって、自分のサイキック・"
        "クリーチャーが手札に戻される時、そのクリーチャーは手札に戻されるかわりにバトルゾーンにとどまる。"
    )
    card = {"whose": "own", "type": "psychic"}
    assert_compiles_to(
        text,
        {
            "watch": {
                "event": "return_to_hand",
                "card": card,
                "from": "battle",
                "when": ["opponent_turn", "by_opponent", "by_spell"],
            },
            "instead": ["stay"],
        },
        {
            "watch": {
                "event": "return_to_hand",
                "card": card,
                "from": "battle",
                "when": ["opponent_turn", "by_opponent", "by_ability", "by_creature", "source_in_battle"],
            },
            "instead": ["stay"],
        },
    )
    # No player said inside or before it: either player's creature.
    assert_compiles_to(
        "このクリーチャーがバトルゾーンにあるクリーチャーの能力によって破壊される時、かわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": "this", "when": ["by_ability", "by_creature", "source_in_battle"]},
            "instead": [{"move_to": "hand"}],
        },
    )


@pytest.mark.parametrize("text, form", SAID_AGAIN, ids=[t[:30] for t, _ in SAID_AGAIN])
def test_the_replaced_event_said_again_with_its_player_or_its_draw(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        # The zone said again is the other player's: the watched shields are one's own.
        ("自分のシールドがブレイクされる時、相手の手札に加えるかわりに墓地に置く。", "the player named before"),
        ("自分のクリーチャーが破壊される時、相手の墓地に置くかわりに手札に戻す。", "the player named before"),
        # A draw said again of an event that is no draw.
        (
            "相手のクリーチャーが破壊される時、カードを引くかわりにこのクリーチャーを破壊してもよい。",
            "「カードを引くかわりに」",
        ),
        # 「進化元を1体」: evolution sources counted as creatures, which 「下にあるカード」 does not say.
        ("このクリーチャーが離れる時、かわりにこのクリーチャーの進化元を1体、墓地に置く。", "cannot read"),
    ],
)
def test_near_variants_of_the_replaced_event_said_again_are_refused(text, named):
    assert_refused(text, named)


# -- a card's replacement in topic form after 「各ターンに1度、」, a trigger's lasting effect, a shield broken and sent
# -- elsewhere without 「かわりに」, a replacement after what a triggered ability does: read, or refused, never dropped


@pytest.mark.parametrize(
    ("text", "form"),
    [
        (
            "各ターンに1度、このクリーチャーは破壊されるかわりに手札に戻る。",
            {"watch": {"event": "destroy", "card": "this"}, "instead": [{"move_to": "hand"}], "once_per_turn": True},
        ),
        (
            "1ターンに1度、このクリーチャーはバトルゾーンを離れるかわりにとどまる。",
            {"watch": {"event": "leave", "card": "this"}, "instead": ["stay"], "once_per_turn": True},
        ),
    ],
)
def test_a_cards_replacement_in_topic_form_after_once_each_turn(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text",
    [
        # what a triggered ability creates for a time, said in topic form: not the effect's own quantity
        "このクリーチャーが攻撃する時、このターン、このクリーチャーは破壊されるかわりに手札に戻る。",
        "このクリーチャーがバトルゾーンに出た時、次の自分のターンのはじめまで、このクリーチャーは破壊されるかわりに手札に戻る。",
        "このクリーチャーがバトルゾーンに出た時、相手のクリーチャーを1体選ぶ。このターン、そのクリーチャーは破壊されるかわりに"
        "山札の一番下に置かれる。",
        "この呪文を唱えた時、このターン、自分のクリーチャーは破壊されるかわりに手札に戻る。",
        # a card's event after a trigger: no act of the triggered effect
        "このクリーチャーがブロックした時、破壊されるかわりに手札に戻す。",
        # a shield broken by this card sent elsewhere without 「かわりに」 (an old wording)
        "このクリーチャーがシールドをブレイクする時、そのシールドを墓地に置く。",
        "このクリーチャーが相手のシールドをブレイクする時、相手はそのシールドを墓地に置く。",
        # a replacement after what a triggered ability does, in its line: an effect it creates, for no time said
        "このクリーチャーが攻撃する時、カードを1枚引く。このクリーチャーは破壊されるかわりに手札に戻る。",
        "このクリーチャーが出た時、カードを1枚引く。このクリーチャーが破壊される時、かわりに手札に戻す。",
    ],
)
@pytest.mark.parametrize("card_type", [None, "creature"])
def test_what_a_review_of_readings_found_dropped_or_widened_is_refused(text, card_type):
    result = compile_text(text, card_type)
    assert not result.complete and not result.abilities and result.self_replacements == 0, result.forms()


def test_an_inline_creatures_text_is_read_as_a_creatures():
    """A creature card given inline in a scenario is compiled as a creature: 「破壊されるかわりに手札に戻る」 with no
    subject is no effect's own, and the card is refused, never played with no ability."""
    text = """
turn: opponent
players:
  me:
    battle:
      - id: C
        card: {name: 試しのクリーチャー, type: creature, cost: 3, power: 2000, text: "破壊されるかわりに手札に戻る。"}
  opponent:
    battle:
      - {id: X, card: {name: 破壊するクリーチャー, type: creature}}
effect: {source: X, controller: opponent, by: ability, events: [{id: e1, destroy: C}]}
"""
    with pytest.raises(dmrules.InputError, match="the text of 試しのクリーチャー cannot be read"):
        scenario(text)


def test_the_shield_a_castle_fortifies_however_it_is_said():
    """「この城が付いているシールド」 is 「この城を付けて要塞化したシールド」: the shield this castle fortifies."""
    form = {
        "watch": {"event": "break", "card": "fortified"},
        "instead": ["stay", {"this_to": "graveyard"}],
        "optional": True,
    }
    for said in ("この城が付いているシールド", "この城で要塞化したシールド"):
        result = compile_text(f"{said}がブレイクされる時、かわりにこの城を墓地に置いてもよい。", "城")
        assert result.complete, [p.problem for p in result.problems]
        assert [comparable(a) for a in result.abilities] == [comparable(a) for a in read_forms([form])]


# -- a replacement said without 「かわりに」 in other words; a player said before two kinds; a hand's card put into
# -- the graveyard; a deck's cards taken with no search; a label of a number with no condition said after it


@pytest.mark.parametrize(
    "text",
    [
        "このクリーチャーが破壊される場合、バトルゾーンにとどまる。",
        "自分のシールドがブレイクされる場合、そのシールドを墓地に置く。",
        "相手がカードを引く場合、そのカードを墓地に置く。",
        "このクリーチャーがバトルゾーンを離れる場合、手札に戻る。",
        "このクリーチャーが手札から捨てられる場合、バトルゾーンに出してもよい。",
        "このクリーチャーが破壊される時、墓地ではなくマナゾーンに置かれる。",
        "相手のクリーチャーは、破壊される時、墓地ではなく山札の一番下に置かれる。",
        "この呪文を唱えた後、墓地ではなく山札の一番下に置く。",
        "このクリーチャーは、バトルゾーンを離れる時、山札の一番下に置かれる。",
        "このクリーチャーは破壊されず、手札に戻る。",
        "自分のクリーチャーが破壊される時、そのクリーチャーを破壊しない。",
        # a label of a number (マナ武装, 革命) whose condition the sentence after it does not say again
        "マナ武装 5：このクリーチャーが破壊される時、かわりにマナゾーンに置く。",
        "革命2−このクリーチャーが破壊される時、かわりに手札に戻す。",
        # a modifier of the first of two kinds alone: both kinds' or not, the text does not say
        "このクリーチャーが破壊される時、かわりに自分の他のドラゴン1体とファイアー・バード1体を破壊してもよい。",
        "このクリーチャーが破壊される時、かわりに他の自分のクリーチャー1体とドラゴン1体を破壊してもよい。",
    ],
)
@pytest.mark.parametrize("card_type", [None, "creature", "spell"])
def test_what_a_second_review_of_readings_found_passed_over_is_refused(text, card_type):
    result = compile_text(text, card_type)
    assert not result.complete and not result.abilities, result.forms()


@pytest.mark.parametrize(
    ("text", "instead"),
    [
        # the player said before two kinds is both kinds'
        (
            "このクリーチャーが破壊される時、かわりに自分のドラゴン1体とファイアー・バード1体を破壊してもよい。",
            [
                "stay",
                {"destroy": {"count": 1, "whose": "own", "race": "ドラゴン"}},
                {"destroy": {"count": 1, "whose": "own", "race": "ファイアー・バード"}},
            ],
        ),
        # a hand's card put into the graveyard is discarded
        ("このクリーチャーが破壊される時、かわりに自分の手札を1枚墓地に置いてもよい。", ["stay", {"discard": 1}]),
        # a deck's cards taken with no search are its top ones
        (
            "このクリーチャーが破壊される時、かわりに自分の山札からカードを2枚墓地に置いてもよい。",
            ["stay", {"mill": {"player": "own", "count": 2}}],
        ),
    ],
)
def test_what_a_second_review_of_readings_found_widened_is_read_as_printed(text, instead):
    assert_compiles_to(text, {"watch": {"event": "destroy", "card": "this"}, "instead": instead, "optional": True})


def test_a_deck_said_with_a_count_is_its_top_cards_only_where_they_are_put_somewhere():
    """「山札を2枚墓地に置く」 takes the top two; 「山札を3枚まで引く」 (a draw) and a search keep their words."""
    from dmrules.reading.cardtext.normalize import normalize

    assert normalize("相手の山札を2枚墓地に置く") == "相手の山札の上から2枚を墓地に置く"
    assert normalize("自分の山札を3枚まで引く") == "自分の山札を3枚まで引く"
    assert normalize("自分の山札からカードを1枚さがして表にし、自分のマナゾーンに置く").startswith(
        "自分の山札からカードを1枚さがして"
    )


@pytest.mark.parametrize(
    "text",
    [
        # 「こうして唱えた後」 of this spell cast from a zone other than its owner's graveyard, or of no cast
        "この呪文を自分のマナゾーンから唱えてもよい。こうして唱えた後、墓地のかわりに山札の下に置く。",
        "この呪文を相手の墓地から唱えてもよい。そうして唱えた後、墓地のかわりに山札の下に置く。",
        "相手のクリーチャーを1体破壊する。 / リサイクル(この呪文を自分の手札から唱えてもよい。"
        "こうして唱えた後、墓地のかわりに自分の山札の一番下に置く)",
        # 「「X」を得たクリーチャー」 outside the reminder of X: the creatures that have X
        "「ブロッカー」を得たクリーチャーが破壊される時、墓地に置くかわりに手札に戻す。",
        "自分のハンターはすべて「エターナル・Ω」を得る。"
        "(「ブロッカー」を得たクリーチャーがバトルゾーンを離れる時、かわりに手札に戻す)",
        # 「そのXのかわりに」 with X no word of the watched card's phrase
        "自分のドラゴンが破壊される時、そのエンジェル・コマンドのかわりにこのクリーチャーを破壊してもよい。",
        "自分のドラゴンが破壊される時、その呪文のかわりにこのクリーチャーを破壊してもよい。",
        "自分のドラゴンが破壊される時、そのシールドのかわりにこのクリーチャーを破壊してもよい。",
        "自分の他のクリーチャーが破壊される時、そのドラゴン1体のかわりにこのクリーチャーを破壊してもよい。",
        # a creature flipped to a creature side: the side it is on
        "このクリーチャーが離れる時、かわりにクリーチャー側に裏返す。",
        "このクリーチャーが離れる時、かわりにドラグハート・クリーチャー側に裏返す。",
    ],
)
def test_what_a_review_of_one_word_changes_found_read_wrong_is_refused(text):
    assert not compile_text(text).complete


@pytest.mark.parametrize(
    "text",
    [
        # a keyword without its brackets, read as a race
        # (「ブロッカー」 alone names the creatures that have it: test_cardtext_wordings.py)
        "これをクロスしたスレイヤーを持つクリーチャーが破壊される時、かわりにこのクロスギアを墓地に置いてもよい。",
        "自分のスレイヤーを持つクリーチャーが破壊される時、かわりに手札に戻してもよい。",
        # 「それが」 after several cards, a single card said before them
        "相手のクリーチャーを1体破壊し、自分の山札の上から2枚をマナゾーンに置く。それがドラゴンなら、この呪文を唱えた後、"
        "墓地に置くかわりに手札に戻す。",
    ],
)
def test_what_a_review_of_the_crossed_creatures_filter_and_earlier_cards_found_is_refused(text):
    assert not compile_text(text).complete


@pytest.mark.parametrize(
    "text",
    [
        "この呪文を自分の墓地から唱えてもよい。こうして唱えた後、墓地のかわりに山札の下に置く。",
        "自分の他のクリーチャーが破壊される時、そのクリーチャー1体のかわりにこのクリーチャーを破壊してもよい。",
        "自分のドラゴンが破壊される時、そのドラゴンのかわりにこのクリーチャーを破壊してもよい。",
        "このクリーチャーが離れる時、かわりにコストの小さいほうに裏返す。",
        "このクリーチャーがバトルゾーンを離れる時、バトルゾーンを離れるかわりに、フォートレス側に裏返す。",
        "自分のハンターはすべて「エターナル・Ω」を得る。"
        "(「エターナル・Ω」を得たクリーチャーがバトルゾーンを離れる時、かわりに手札に戻す)",
    ],
)
def test_the_wordings_those_changes_were_made_from_stay_read(text):
    assert compile_text(text).complete


# -- the watched cards said as the topic with 「すべては」; a discard's card added face down to its player's
# -- shields; the turn's first break said 「各ターン、はじめて」 or in one player's turns; the watched creature named
# -- again by its race; the watched creature's power said after its event; 「かわりとして扱う」 and 「…として数える」


@pytest.mark.parametrize(
    ("text", "form"),
    [
        (
            "自分のターン中、バトルゾーンにある自分の火のクリーチャーすべては、破壊される時、墓地に置くかわりに山札の一番下に置く。",
            {
                "watch": {
                    "event": "destroy",
                    "card": {"whose": "own", "civilization": "fire", "type": "creature"},
                    "when": ["own_turn"],
                },
                "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
            },
        ),
        (
            "相手が手札からカードを捨てる時、かわりにそのカードを裏向きにして相手のシールドに加える。",
            {
                "watch": {"event": "discard", "card": {"whose": "opponent"}},
                "instead": [{"move_to": "shields"}],
            },
        ),
        (
            "各ターン、はじめて自分のシールドがブレイクされる時、かわりにこのクリーチャーを破壊してもよい。",
            {
                "watch": {"event": "break", "card": {"whose": "own"}, "when": ["first_this_turn"]},
                "instead": ["stay", "destroy_this"],
                "optional": True,
            },
        ),
        (
            "相手のターン中、はじめて自分のシールドがブレイクされる時、かわりにこのクリーチャーを破壊してもよい。",
            {
                "watch": {"event": "break", "card": {"whose": "own"}, "when": ["opponent_turn", "first_this_turn"]},
                "instead": ["stay", "destroy_this"],
                "optional": True,
            },
        ),
        (
            "バトルゾーンにある自分の他のサムライが破壊される時、かわりにそのサムライにクロスされているクロスギアを1枚墓地に置いてもよい。",
            {
                "watch": {"event": "destroy", "card": {"whose": "own", "race": "サムライ", "other": True}},
                "instead": [{"choose": {"count": 1, "from": "crossed_to_watched", "to": "graveyard", "verb": "put"}}],
                "optional": True,
            },
        ),
        (
            "自分の火のクリーチャーが破壊される時、そのクリーチャーのパワーが3000以下であれば、かわりに手札に戻してもよい。",
            {
                "watch": {
                    "event": "destroy",
                    "card": {"whose": "own", "civilization": "fire", "type": "creature", "power_max": 3000},
                },
                "instead": [{"move_to": "hand"}],
                "optional": True,
            },
        ),
        (
            "このクリーチャーが相手のクリーチャーをバトルで破壊する時、そのクリーチャーを墓地に置くかわりに持ち主の山札の一番下に置く。",
            {
                "watch": {
                    "event": "destroy",
                    "card": {"whose": "opponent", "type": "creature"},
                    "when": ["by_battle", "battle_with_this"],
                },
                "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
            },
        ),
        (
            "相手のターン中、この呪文が自分の手札から捨てられる時、墓地に置くかわりにマナゾーンに置いてもよい。",
            {
                "watch": {"event": "discard", "card": "this", "when": ["opponent_turn"]},
                "instead": [{"move_to": "mana"}],
                "optional": True,
            },
        ),
        (
            "このカードで要塞化されたシールドがブレイクされる時、かわりにバトルゾーンにある自分の火のクリーチャーを1体破壊してもよい。",
            {
                "watch": {"event": "break", "card": "fortified"},
                "instead": [
                    "stay",
                    {"destroy": {"count": 1, "whose": "own", "civilization": "fire", "type": "creature"}},
                ],
                "optional": True,
            },
        ),
        (  # 「ただし、そうした場合、」: a follow-up, 「ただし」 adding nothing
            "このクリーチャーが破壊される時、墓地に置くかわりに、自分の手札に戻してもよい。ただし、そうした場合、自分の手札を1枚捨てる。",
            {
                "watch": {"event": "destroy", "card": "this"},
                "instead": [{"move_to": "hand"}],
                "optional": True,
                "then": [{"events": [{"discard": {"choose": {"count": 1, "from": "hand", "whose": "own"}}}]}],
            },
        ),
        (  # a creature that breaks is in the battle zone: 「バトルゾーンにある」 adds nothing
            "バトルゾーンにある自分のサムライが相手のシールドをブレイクする時、相手はそのシールドを手札に加えるかわりに山札の一番下に置く。",
            {
                "watch": {
                    "event": "break",
                    "card": {"whose": "opponent"},
                    "by_card": {"whose": "own", "race": "サムライ"},
                },
                "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
            },
        ),
        (  # a shield is no castle, a cause said or not
            "自分のシールドが相手の効果によってシールドゾーンを離れる時、かわりに自分の山札の上から2枚を墓地に置いてもよい。",
            {
                "watch": {
                    "event": "leave_shields",
                    "card": {"whose": "own", "not_type": "castle"},
                    "when": ["by_opponent", "by_effect"],
                },
                "instead": ["stay", {"mill": {"player": "own", "count": 2}}],
                "optional": True,
            },
        ),
    ],
)
def test_known_parts_said_in_other_words_read_as_the_same_forms(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text",
    [
        # the watched card named again by another race than its own
        "自分のドラゴンが破壊される時、かわりにそのサムライにクロスされているクロスギアを1枚墓地に置いてもよい。",
        # a creature this creature destroys otherwise than in a battle
        "このクリーチャーが相手のクリーチャーを破壊する時、墓地に置くかわりに持ち主の手札に戻す。",
        # the turn's first break of the shields of no player named: either player's, or each one's?
        "各ターンはじめてシールドがブレイクされる時、かわりにそのシールドを墓地に置く。",
        # 「かわりとして扱い」 after a watched event: a replacement, not a card treated as another
        "自分の他のクリーチャーが破壊される時、このクリーチャーをそのクリーチャーのかわりとして扱い、破壊してもよい。",
        "自分の他のクリーチャーが破壊される場合、このクリーチャーをそのクリーチャーのかわりとして扱い、破壊してもよい。",
        "自分の他のクリーチャーが破壊されようとしている時、このクリーチャーをそのクリーチャーのかわりとして扱い、破壊してもよい。",
        "自分の他のクリーチャーが破壊されるなら、このクリーチャーをそのクリーチャーのかわりに扱ってもよい。",
        # a spell's own card put into the graveyard (after it is cast, or from elsewhere)
        "この呪文が墓地に置かれる時、かわりに手札に戻す。",
        # the discarded card into a zone of another player than its owner
        "相手が手札を捨てる時、かわりにそのカードを裏向きにして自分のシールドに加える。",
    ],
)
def test_those_wordings_said_of_other_cards_are_refused(text):
    assert not compile_text(text).complete


@pytest.mark.parametrize(
    "text",
    [
        "このクリーチャーは、自分のマナゾーンにある間、火のクリーチャーを召喚するコストを支払う時、カード2枚のかわりとして扱う。",
        "このクリーチャーは、自分の他のサイキック・クリーチャーのかわりに、覚醒の条件となるサイキック・クリーチャーとして2体分に数える。",
        "このクリーチャーは、ドラゴンを進化元とする進化クリーチャーの進化元として、ドラゴンのかわりに扱ってもよい。",
        "自分の進化クリーチャーをバトルゾーンに出す時、このクリーチャーをサムライのかわりにガーディアンとして扱ってもよい。",
        "このクリーチャーは、自分のドラゴン1体のかわりに、自分の火のクリーチャー2体の上に重ねて進化させてもよい。",
    ],
)
def test_a_card_counted_or_used_as_another_replaces_no_event(text):
    result = compile_text(text)
    assert [s.verdict for s in result.sentences] == ["not_replacement"] and not result.abilities


UNTIL_OPPONENTS_TURN_END = """\
turn: opponent
players:
  me:
    battle:
      - {id: C, card: {name: 呪文を唱えたクリーチャー, type: creature, power: 2000}}
      - {id: A, card: {name: マナゾーンに置かれるクリーチャー, type: creature, power: 3000}}
    hand: [h1, h2]
  opponent: {}
replacement_effects:
  - id: E1
    source: C
    controller: me
    duration: DURATION
    text: 次の相手のターンの終わりまで、自分のクリーチャーがマナゾーンに置かれる時、かわりに自分の手札を1枚捨てる。
    watch: {event: put_into_mana, card: {whose: own, type: creature}, from: battle}
    instead: [stay, {discard: 1}]
effect:
  controller: opponent
  by: spell
  events:
    - {id: e1, put_into_mana: A}
"""


def test_an_effect_until_the_end_of_the_opponents_next_turn_works_in_that_turn():
    """「次の相手のターンの終わりまで、…」: a duration of the effect (`until_opponent_turn_end`), read and stated; in
    play on the opponent's turn, the creature put into the mana zone stays and one card of the hand is discarded
    instead (h1 or h2)."""
    form = {
        "duration": "until_opponent_turn_end",
        "watch": {"event": "put_into_mana", "card": {"whose": "own", "type": "creature"}, "from": "battle"},
        "instead": ["stay", {"discard": 1}],
    }
    assert_compiles_to(
        "次の相手のターンの終わりまで、自分のクリーチャーがマナゾーンに置かれる時、かわりに自分の手札を1枚捨てる。",
        form,
    )
    solution = dmrules.solve(scenario(UNTIL_OPPONENTS_TURN_END.replace("DURATION", "until_opponent_turn_end")))
    finals = sorted(tuple(sorted(r.final.items())) for r in solution.resolutions)
    assert finals == [
        (("A", "battle"), ("C", "battle"), ("h1", "graveyard"), ("h2", "hand")),
        (("A", "battle"), ("C", "battle"), ("h1", "hand"), ("h2", "graveyard")),
    ]
    with pytest.raises(dmrules.InputError, match="duration"):
        scenario(UNTIL_OPPONENTS_TURN_END.replace("DURATION", "until_the_end_of_time"))


@pytest.mark.parametrize(
    ("text", "same_as"),
    [
        (  # two conditions, the first said with 「なく、」
            "自分のシールドが1枚もなく、このクリーチャーがタップされていれば、このクリーチャーが破壊される時、かわりに手札に戻す。",
            "自分のシールドが1枚もなければ、このクリーチャーがタップされていれば、このクリーチャーが破壊される時、かわりに手札に戻す。",
        ),
        (  # this card in the hand, with a cause, and its zone said twice
            "自分の手札にあるこのカードが相手の呪文によって墓地に置かれる時、かわりに裏向きにして自分のシールドに加えてもよい。",
            "このカードが相手の呪文によって手札から墓地に置かれる時、かわりに裏向きにして自分のシールドに加えてもよい。",
        ),
        (
            "自分の手札にあるこのカードが手札から捨てられる時、墓地に置くかわりにタップしてマナゾーンに置いてもよい。",
            "このカードが手札から捨てられる時、墓地に置くかわりにタップしてマナゾーンに置いてもよい。",
        ),
        (  # each card drawn is a draw of its own: 「1枚につき」 adds nothing
            "自分がカードを引く時、1枚につき、かわりに自分の山札の上から1枚目を墓地に置いてもよい。",
            "自分がカードを引く時、かわりに自分の山札の上から1枚目を墓地に置いてもよい。",
        ),
        (  # this creature's event with its cause said and no subject, after a condition on it
            "このクリーチャーがアンタップしていれば、相手の呪文によって手札に戻される時、かわりにこのクリーチャーをタップ"
            "してもよい。",
            "このクリーチャーがアンタップしていれば、このクリーチャーが相手の呪文によって手札に戻される時、かわりにこの"
            "クリーチャーをタップしてもよい。",
        ),
        (  # what is done instead, then the watched creature 「離れない」: it stays
            "自分の水のクリーチャーが相手の呪文によって手札に戻される時、かわりに自分の手札を1枚捨ててもよい。"
            "そうした場合、そのクリーチャーはバトルゾーンを離れない。",
            "自分の水のクリーチャーが相手の呪文によって手札に戻される時、かわりに自分の手札を1枚捨ててもよい。"
            "そうした場合、そのクリーチャーはバトルゾーンにとどまる。",
        ),
        (  # a cause said, then the hand's player's discarding with no player said, each card moved: its discard
            "相手の呪文によって自分の手札を捨てる時、かわりにそのカードを自分の山札の一番下に置いてもよい。",
            "相手の呪文によって自分の手札が捨てられる時、かわりにそのカードを自分の山札の一番下に置いてもよい。",
        ),
        (  # 「攻撃している間に」: while it attacks, as 「攻撃中に」
            "このクリーチャーが攻撃している間に破壊される時、かわりに手札に戻してもよい。",
            "このクリーチャーが攻撃中であれば、このクリーチャーが破壊される時、かわりに手札に戻してもよい。",
        ),
        (  # a new shield with no zone said: its owner's shield zone
            "このクリーチャーが破壊される時、かわりに自分の山札の上から1枚目を新しいシールドとして加えてもよい。",
            "このクリーチャーが破壊される時、かわりに自分の山札の上から1枚目をシールドに加えてもよい。",
        ),
        (  # each card drawn is a draw of its own: 「1枚のかわりに2枚」 is two cards drawn instead of it
            "自分がカードを引く時、1枚のかわりに2枚引いてもよい。",
            "自分がカードを引く時、かわりにカードを2枚引いてもよい。",
        ),
        (  # the spell's move after it is cast said as an event of its own
            "相手が呪文を唱えた後、その呪文を墓地に置く時、かわりに持ち主の山札の下に置く。",
            "相手が呪文を唱えた後、墓地に置くかわりに持ち主の山札の下に置く。",
        ),
        (  # a race named in kanji is a creature's: of the battle zone, said or not
            "自分の革命軍が相手の呪文によって手札に戻される時、かわりにマナゾーンに置いてもよい。",
            "バトルゾーンにある自分の革命軍が相手の呪文によって手札に戻される時、かわりにマナゾーンに置いてもよい。",
        ),
        (  # a shield leaving its zone, a cause said before: no castle either
            "自分のシールドが相手の効果によってシールドゾーンを離れる時、かわりに自分の山札の上から2枚を墓地に置いてもよい。",
            "相手の効果によって、自分のシールドが離れる時、かわりに自分の山札の上から2枚を墓地に置いてもよい。",
        ),
    ],
)
def test_a_wording_reads_as_the_same_parts_said_plainly(text, same_as):
    first, second = compile_text(text), compile_text(same_as)
    assert first.complete and second.complete and first.abilities
    assert [comparable(a) for a in first.abilities] == [comparable(a) for a in second.abilities]


CREATURE_CARD_DISCARDED = """\
turn: opponent
players:
  me:
    battle:
      - {id: W, card: {name: 見張るクリーチャー, type: creature, power: 2000, cost: 3, text: "TEXT"}}
      - {id: B, card: {name: 場のクリーチャー, type: creature, power: 1000, cost: 2}}
    hand:
      - {id: H, card: {name: 手札のクリーチャー, type: creature, power: 1000, cost: 2}}
  opponent: {}
effect:
  controller: opponent
  by: spell
  events:
    - {id: e1, discard: H}
    - {id: e2, destroy: B}
"""


def test_a_creature_named_with_no_zone_is_one_of_the_battle_zone():
    """「自分の他のクリーチャーが墓地に置かれる時」: a creature of the battle zone put into the graveyard (B destroyed),
    not a creature card discarded from the hand (H); 「どこからでも」 says any zone."""
    text = "自分の他のクリーチャーが墓地に置かれる時、かわりに山札の一番下に置く。"
    assert_compiles_to(
        text,
        {
            "watch": {
                "event": "put_into_graveyard",
                "card": {"whose": "own", "type": "creature", "other": True},
                "from": "battle",
            },
            "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
        },
    )
    (resolution,) = dmrules.solve(scenario(CREATURE_CARD_DISCARDED.replace("TEXT", text))).resolutions
    assert (resolution.final["H"], resolution.final["B"]) == ("graveyard", "deck")
    anywhere = "自分の他のクリーチャーが、どこからでも墓地に置かれる時、かわりに山札の一番下に置く。"
    (resolution,) = dmrules.solve(scenario(CREATURE_CARD_DISCARDED.replace("TEXT", anywhere))).resolutions
    assert (resolution.final["H"], resolution.final["B"]) == ("deck", "deck")


# -- what a review of wrong readings found: each refused, never read as something the text does not say -------


@pytest.mark.parametrize(
    "text, card_type, named",
    [
        # an event of no card: what goes where instead, the text does not say
        ("自分がゲームに負ける時、かわりに手札に戻す。", None, "an event that moves none"),
        ("自分のシールドを相手が選ぶ時、かわりに墓地に置く。", None, "an event that moves none"),
        # a keyword's name said bare is no race
        ("自分のマッハファイターが破壊される時、かわりにこのクリーチャーを破壊してもよい。", None, "names a keyword"),
        ("自分のサイレントスキルが破壊される時、かわりにこのクリーチャーを破壊してもよい。", None, "names a keyword"),
        # what a triggered ability's effect creates, with no time said (「出した時」, 「ターンのはじめに」)
        (
            "このクリーチャーをバトルゾーンに出した時、カードを1枚引く。このクリーチャーは破壊されるかわりに手札に戻る。",
            "クリーチャー",
            "",
        ),
        (
            "自分のターンのはじめに、カードを1枚引く。このクリーチャーは破壊されるかわりに手札に戻る。",
            "クリーチャー",
            "",
        ),
        (
            "このクリーチャーをバトルゾーンに出した時、カードを1枚引く。自分のクリーチャーはすべて「エターナル・Ω」を得る。",
            "クリーチャー",
            "given for no time said",
        ),
        # a card of any zone said to be a creature after its event: not the battle zone's creatures alone
        ("自分のカードが墓地に置かれる時、それがクリーチャーであれば、かわりにマナゾーンに置く。", None, ""),
        # 「その呪文」, 「そのクリーチャー」 that may name the cause
        (
            "自分のクリーチャーが相手の呪文によって破壊される時、かわりにその呪文を山札の一番下に置く。",
            None,
            "「その呪文」 names a card the watched event's phrase does not say",
        ),
        (
            "このクリーチャーが相手のクリーチャーの能力によって破壊される時、かわりにそのクリーチャーを山札の一番下に置く。",
            None,
            "after a cause the sentence names a creature of",
        ),
        # a spell's line is an effect it creates as it resolves: with no time said, unreadable
        ("自分のクリーチャーが破壊される時、かわりに手札に戻す。", "呪文", "on a spell"),
        # 「唱える前に」 with no 「このターン、」: any turn before, which this turn's condition would narrow
        (
            "この呪文を唱える前にクリーチャーを召喚していれば、この呪文を唱えた後、墓地に置くかわりに手札に戻す。",
            "呪文",
            "of no turn said",
        ),
    ],
)
def test_what_a_review_of_wrong_readings_found_is_refused(text, card_type, named):
    result = compile_text(text, card_type)
    assert not result.abilities and not result.complete, result.forms()
    assert named in " ".join(s.problem or "" for s in result.problems)


@pytest.mark.parametrize(
    "text, card_type",
    [
        # the source named: the loss replaced by this creature's destruction
        ("自分がゲームに負ける時、かわりにこのクリーチャーを破壊する。", None),
        # a spell's effect for this turn, and its ability working in the hand
        ("このターン、自分のクリーチャーが破壊される時、かわりに手札に戻す。", "呪文"),
        ("相手がゲームに勝つ時、かわりに自分の手札にあるこのカードを捨ててもよい。", "呪文"),
        # 「そのクリーチャー」 after 「自分のクリーチャーが…」 and a creature's cause: the watched one again (this one
        # would be 「このクリーチャー」)
        (
            "自分のクリーチャーが相手のクリーチャーの能力によって墓地に置かれる時、かわりにそのクリーチャーを手札に"
            "戻してもよい。",
            None,
        ),
        # the card whose event is said again before 「かわりに」 is the watched one, whatever the cause
        (
            "相手のクリーチャーの能力によって、自分のクリーチャーが手札に戻される時、そのクリーチャーは手札に戻される"
            "かわりにバトルゾーンにとどまる。",
            None,
        ),
    ],
)
def test_near_readings_the_review_left_are_still_read(text, card_type):
    result = compile_text(text, card_type)
    assert result.complete and len(result.abilities) == 1, [s.problem for s in result.problems]


def test_a_tapped_mill_is_of_the_mana_zone_alone():
    """「タップして」 of the deck's top cards put into the mana zone; of the graveyard's, no such form."""
    with pytest.raises(dmrules.InputError, match="'tapped' is of the cards put into the mana zone"):
        read_forms(
            [{"watch": {"event": "destroy", "card": "this"}, "instead": [{"mill": {"count": 1, "tapped": True}}]}]
        )


@pytest.mark.parametrize(
    "text",
    [
        "このクリーチャーが破壊される時、カードを1枚引いてもよい。それが光のカードであれば、このクリーチャーは破壊される"
        "かわりにバトルゾーンにとどまる。",
        "このクリーチャーが離れる時、自分の山札の上から1枚目を表向きにしてもよい。それがドラゴンであれば、かわりに手札に"
        "戻す。",
    ],
)
def test_a_condition_on_a_card_the_sentence_before_makes_as_the_event_happens_is_refused(text):
    """What the sentence before does when the event happens is part of what is done instead: read alone, the
    replacement would drop it (and its 「てもよい」), staying whenever the card drawn is light."""
    assert_refused(text, "a replacement said across two sentences")


def test_a_grant_in_a_players_turns_to_the_opponents_cards_is_refused():
    """「相手のターン中」 is the giver's opponent's turn; read on the opponent's cards it would be their own player's
    opponent's turn, another turn."""
    assert_refused("相手のターン中、相手のクリーチャーはすべて「エスケープ」を得る。", "a grant in a player's turns")
