"""Wordings of the card language read as what they say, each in a sentence that is no row of any file of
printed texts, and a near variant refused: the card said to stay after a replacement, a player's shield put
into the hand said in the active voice, 「いずれかのゾーンから」, a soul said as a keyword, a spell counted
in 枚 after a race-like 「…を持つ」."""

from __future__ import annotations

import pytest

import dmrules
from dmrules.reading.cardtext.compiler import comparable, compile_text, read_forms
from dmrules.reading.cardtext.render import render_ability_sentence
from dmrules.reading.cardtext.transform.parts import ReadError

from .conftest import scenario
from .test_cardtext_parts import assert_compiles_to, assert_incomplete, assert_refused, solved_with

_MANA_TO_HAND = {"choose": {"count": 1, "from": "mana", "to": "hand", "verb": "return"}}


@pytest.mark.parametrize(
    ("text", "form"),
    [
        (  # the watched card named again by its race
            "自分のハンターが相手の呪文によってバトルゾーンを離れる時、かわりに自分のマナゾーンのカードを1枚、手札に戻しても"
            "よい。そうした場合、そのハンターはバトルゾーンにとどまる。",
            {
                "watch": {
                    "event": "leave",
                    "card": {"whose": "own", "race": "ハンター"},
                    "when": ["by_opponent", "by_spell"],
                },
                "instead": ["stay", _MANA_TO_HAND],
                "optional": True,
            },
        ),
        (  # by its type
            "自分のサイキック・クリーチャーがバトルゾーンを離れる時、かわりに自分のマナゾーンのカードを1枚、手札に戻しても"
            "よい。そうした場合、そのサイキック・クリーチャーはバトルゾーンにとどまる。",
            {
                "watch": {"event": "leave", "card": {"whose": "own", "type": "psychic"}},
                "instead": ["stay", _MANA_TO_HAND],
                "optional": True,
            },
        ),
        (  # 「このクリーチャー」 when the replacement watches this creature
            "このクリーチャーがバトルゾーンを離れる時、かわりに自分のマナゾーンのカードを1枚、手札に戻してもよい。"
            "そうした場合、このクリーチャーはバトルゾーンにとどまる。",
            {"watch": {"event": "leave", "card": "this"}, "instead": ["stay", _MANA_TO_HAND], "optional": True},
        ),
    ],
)
def test_the_card_said_to_stay_is_the_watched_one(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        # 「このクリーチャー」 stays after a replacement of another card's leaving: not the card the event moves
        (
            "自分のハンターがバトルゾーンを離れる時、かわりに自分のマナゾーンのカードを1枚、手札に戻してもよい。"
            "そうした場合、このクリーチャーはバトルゾーンにとどまる。",
            "「このクリーチャーはとどまる」 after a replacement that watches other cards",
        ),
        # a race the watched phrase does not say
        (
            "自分のハンターがバトルゾーンを離れる時、かわりに自分のマナゾーンのカードを1枚、手札に戻してもよい。"
            "そうした場合、そのエイリアンはバトルゾーンにとどまる。",
            "「そのエイリアンはとどまる」 names no card",
        ),
        # the race of the cause, not of the watched card
        (
            "自分のエイリアンが相手のハンターとのバトルで破壊される時、かわりに自分のシールドを1枚選び、墓地に置いてもよい。"
            "そうした場合、そのハンターはバトルゾーンにとどまる。",
            "「そのハンターはとどまる」 names no card",
        ),
    ],
)
def test_a_card_said_to_stay_that_is_not_the_watched_one_is_refused(text, named):
    assert_incomplete(text, named)


@pytest.mark.parametrize(
    ("text", "whose"),
    [
        ("自分のシールドを手札に加える時、かわりにそのシールドを自分のマナゾーンに置いてもよい。", "own"),
        ("自分が自分のシールドを1枚手札に加える時、かわりにそのシールドを自分のマナゾーンに置いてもよい。", "own"),
        ("相手が自身のシールドを手札に加える時、かわりにそのシールドを持ち主のマナゾーンに置いてもよい。", "opponent"),
    ],
)
def test_a_players_shield_put_into_the_hand_said_in_the_active_voice(text, whose):
    assert_compiles_to(
        text,
        {
            "watch": {"event": "put_into_hand", "card": {"whose": whose}, "from": "shields"},
            "instead": [{"move_to": "mana"}],
            "optional": True,
        },
    )


def test_a_shield_put_into_the_hand_by_a_player_of_whose_shield_is_unsaid_is_refused():
    # 「相手が自分のシールドを…」: the opponent's hand and this player's shield, or the opponent's own?
    assert_refused(
        "相手が自分のシールドを手札に加える時、かわりにそのシールドを持ち主のマナゾーンに置いてもよい。", "cannot read"
    )


def test_a_card_put_into_the_graveyard_from_any_zone():
    assert_compiles_to(
        "相手のカードがいずれかのゾーンから墓地に置かれる時、かわりに持ち主の山札に加えてシャッフルする。",
        {
            "watch": {"event": "put_into_graveyard", "card": {"whose": "opponent"}},
            "instead": [{"move_to": {"zone": "deck", "position": "shuffle"}}],
        },
    )


def test_a_soul_said_as_a_keyword_is_the_soul():
    assert_compiles_to(
        "自分の「W・ソウル」を持つクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature", "keyword": "W・ソウル"}},
            "instead": ["stay", {"choose": {"count": 1, "from": "hand", "to": "graveyard", "verb": "discard"}}],
            "optional": True,
        },
    )


@pytest.mark.parametrize("counter", ["1枚", "1体"])
def test_a_spell_with_a_keyword_taken_instead_is_counted_as_printed(counter):
    assert_compiles_to(
        f"自分のナイトが破壊される時、かわりに自分の墓地から「ナイト・マジック」を持つ呪文を{counter}手札に戻してもよい。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "race": "ナイト"}},
            "instead": [
                "stay",
                {
                    "choose": {
                        "count": 1,
                        "from": "graveyard",
                        "to": "hand",
                        "verb": "return",
                        "type": "spell",
                        "keyword": "ナイト・マジック",
                    }
                },
            ],
            "optional": True,
        },
    )


@pytest.mark.parametrize(
    "text",
    [
        "各ターンはじめてこのクリーチャーがシールドをブレイクする時、かわりにそのシールドを墓地に置く。",
        "各ターンはじめて自分のドラゴンが相手のシールドをブレイクする時、かわりにそのシールドを墓地に置く。",
    ],
)
def test_the_first_break_each_turn_said_by_the_creature_that_breaks_is_refused(text):
    # the creature's first break, or the first break of those shields this turn: the text does not say
    assert_refused(text, "「各ターンはじめて」 of a break by a creature")


@pytest.mark.parametrize(
    ("text", "caster", "card"),
    [
        ("自分が呪文を唱えた後、その呪文を墓地に置くかわりに山札の下に置く。", "by_self", {"type": "spell"}),
        (
            "相手が水の呪文を唱えた後、その呪文を墓地に置くかわりに山札の下に置く。",
            "by_opponent",
            {"type": "spell", "civilization": "water"},
        ),
    ],
)
def test_a_spell_a_player_casts_is_watched_by_its_caster_not_its_owner(text, caster, card):
    assert_compiles_to(
        text,
        {
            "watch": {"event": "spell_to_graveyard", "card": card, "when": [caster]},
            "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
        },
    )


@pytest.mark.parametrize(
    ("text", "watch"),
    [
        (  # the spells cast by S・トリガー, said as the topic: 「S・トリガーを使って自分の呪文を唱えた時」
            "「S・トリガー」で唱えた自分の呪文は、唱えた後、墓地に置くかわりに自分の手札に戻してもよい。",
            {"event": "spell_to_graveyard", "card": {"whose": "own", "type": "spell"}, "cast_from": "shields"},
        ),
        (  # any of the player's spells of a civilization, said as the topic
            "自分の光の呪文は、唱えた後、墓地に置くかわりに自分の手札に戻してもよい。",
            {"event": "spell_to_graveyard", "card": {"whose": "own", "type": "spell", "civilization": "light"}},
        ),
    ],
)
def test_spells_said_as_the_topic_are_watched_after_they_are_cast(text, watch):
    assert_compiles_to(text, {"watch": watch, "instead": [{"move_to": "hand"}], "optional": True})


def test_spells_cast_another_way_said_as_the_topic_are_refused():
    # 「G・ゼロ」で唱えた: a way of casting the vocabulary does not watch, never any spell of the player's
    assert_refused(
        "「G・ゼロ」で唱えた自分の呪文は、唱えた後、墓地に置くかわりに自分の手札に戻してもよい。", "cannot read"
    )


def test_a_spell_a_player_casts_said_with_its_owner_too_is_refused():
    # 「自分が自分の呪文を」: the caster and the owner both said, which no watch states together
    assert_refused("自分が自分の呪文を唱えた後、その呪文を墓地に置くかわりに山札の下に置く。", "a spell a player casts")


@pytest.mark.parametrize(
    "text",
    [
        # what the watched card's own player may do: theirs to decide, not the ability's controller's
        "相手のクリーチャーが破壊される時、かわりに相手はそのクリーチャーを自身の手札に戻してもよい。",
        # the player said before 「は」 is a condition's, not the watched card's
        "自分のマナゾーンにカードが5枚以上あり、相手のクリーチャーが破壊される時、かわりに自分はそのクリーチャーを自身の山札の下に"
        "置く。",
        "相手のマナゾーンにカードが5枚以上あり、自分のクリーチャーが破壊される時、かわりに相手はそのクリーチャーを自身の手札に戻して"
        "もよい。",
    ],
)
def test_the_watched_card_moved_by_a_player_other_than_its_own_or_at_their_option_is_refused(text):
    assert_refused(text, "done by a player the text names")


def test_the_watched_card_moved_by_its_own_player_after_a_condition_is_read():
    assert_compiles_to(
        "自分のマナゾーンにカードが5枚以上あり、相手のクリーチャーが破壊される時、かわりに相手はそのクリーチャーを自身の山札の下に置く。",
        {
            "if": [{"zone": "mana", "whose": "own", "at_least": 5}],
            "watch": {"event": "destroy", "card": {"whose": "opponent", "type": "creature"}},
            "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
        },
    )


@pytest.mark.parametrize(
    ("text", "watch"),
    [
        (
            "自分のクリーチャーが破壊される時、それが進化クリーチャーであれば、かわりに手札に戻す。",
            {"event": "destroy", "card": {"whose": "own", "type": "creature", "evolution": True}},
        ),
        (
            "自分のクリーチャーが破壊される時、それが進化クリーチャーでなければ、かわりに手札に戻す。",
            {"event": "destroy", "card": {"whose": "own", "type": "creature", "not_type": "evolution"}},
        ),
        (
            "自分の光のクリーチャーが破壊される時、そのクリーチャーが多色であれば、かわりに手札に戻す。",
            {
                "event": "destroy",
                "card": {"whose": "own", "type": "creature", "civilization": "light", "multicolor": True},
            },
        ),
        (
            "相手のクリーチャーが破壊される時、それがドラゴンでなければ、かわりに手札に戻す。",
            {"event": "destroy", "card": {"whose": "opponent", "type": "creature", "not_race": "ドラゴン"}},
        ),
        (
            "相手のクリーチャーが破壊される時、それがサイキック・クリーチャーでなければ、かわりに手札に戻す。",
            {"event": "destroy", "card": {"whose": "opponent", "type": "creature", "not_type": "psychic"}},
        ),
        (
            # 「バトルゾーンを離れる時」: the zone the card leaves is no object of the event
            "相手のクリーチャーがバトルゾーンを離れる時、それがドラゴンでなければ、かわりに手札に戻す。",
            {"event": "leave", "card": {"whose": "opponent", "type": "creature", "not_race": "ドラゴン"}},
        ),
        (
            "自分のシールドを1枚手札に加える時、そのカードがシノビであれば、かわりに手札に戻す。",
            {"event": "put_into_hand", "card": {"whose": "own", "race": "シノビ"}, "from": "shields"},
        ),
    ],
)
def test_the_watched_cards_kind_said_after_its_event_narrows_the_watched_card(text, watch):
    assert_compiles_to(text, {"watch": watch, "instead": [{"move_to": "hand"}]})


@pytest.mark.parametrize(
    "text",
    [
        # a type no modifier of a creature says not to be
        "相手のクリーチャーが破壊される時、それがドラグハート・ウエポンでなければ、かわりに手札に戻す。",
        # a creature that is a 「光のカード」: the head said again otherwise
        "自分のクリーチャーが破壊される時、それが光のカードであれば、かわりに手札に戻す。",
        # what happened to it this turn: no kind
        "自分のクリーチャーが破壊される時、それがこのターンに召喚したクリーチャーであれば、かわりに手札に戻す。",
    ],
)
def test_a_condition_on_the_watched_card_that_is_no_kind_of_it_stays_refused(text):
    assert_refused(text, "")


_SHIELD_NO_TRIGGER = {
    "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}},
    "instead": ["stay", {"shield_to_hand": {"count": 1, "no_trigger": True}}],
    "optional": True,
}


@pytest.mark.parametrize(
    "after",
    [
        "(その「S(シールド)・トリガー」は使えない)",
        "(その「Ｓ（シールド）・トリガー」は使えない)",
        "ただし、その「S・トリガー」は使えない。",
    ],
)
def test_a_shield_put_into_the_hand_whose_s_trigger_may_not_be_used_however_printed(after):
    assert_compiles_to(
        "自分のクリーチャーが破壊される時、かわりに自分のシールドを1枚手札に加えてもよい。" + after, _SHIELD_NO_TRIGGER
    )


def test_what_may_not_be_used_said_in_brackets_after_a_replacement_is_never_passed_over():
    # 「(「S・トリガー」は使えない)」 with no 「その」: no follow-up reads it, and it adds to the replacement
    assert_incomplete(
        "自分のクリーチャーが破壊される時、かわりに自分のシールドを1枚手札に加えてもよい。(「S・トリガー」は使えない)",
        "says more of it",
    )


def test_a_return_to_the_hand_said_again_as_modoru():
    assert_compiles_to(
        "自分の水のクリーチャーが相手の呪文によって手札に戻される時、戻るかわりにとどまる。",
        {
            "watch": {
                "event": "return_to_hand",
                "card": {"whose": "own", "type": "creature", "civilization": "water"},
                "from": "battle",
                "when": ["by_opponent", "by_spell"],
            },
            "instead": ["stay"],
        },
    )


def test_a_return_said_again_of_another_event_is_refused():
    assert_refused("自分のクリーチャーが破壊される時、戻るかわりにとどまる。", "「戻るかわりに」 says again an event")


def test_this_creature_untapped_said_as_not_tapped_after_the_watched_event():
    assert_compiles_to(
        "自分のシールドがブレイクされる時、このクリーチャーがタップしていなければ、かわりにこのクリーチャーをタップしてもよい。",
        {
            "watch": {"event": "break", "card": {"whose": "own"}},
            "if": ["this_untapped"],
            "instead": ["stay", "tap_this"],
            "optional": True,
        },
    )


def test_a_discarded_cards_kind_said_after_its_event():
    assert_compiles_to(
        "自分の手札が捨てられる時、それがドラゴンなら、墓地に置くかわりにマナゾーンに置いてもよい。",
        {
            "watch": {"event": "discard", "card": {"whose": "own", "race": "ドラゴン"}},
            "instead": [{"move_to": "mana"}],
            "optional": True,
        },
    )


@pytest.mark.parametrize(
    ("text", "named"),
    [
        # the card named again is the broken shield, not the watched creature
        (
            "自分のクリーチャーがシールドをブレイクする時、そのシールドが多色であれば、かわりにそのシールドを墓地に置く。",
            "",
        ),
        # 「そのクリーチャー」 could be the creature of the cause
        (
            "自分のクリーチャーが相手のクリーチャーの能力によって破壊される時、そのクリーチャーがドラゴンであれば、かわりに手札に戻す。",
            "a condition on the watched card",
        ),
        # two creatures or two タマシード: never a mix of one of each
        ("このクリーチャーが破壊される時、かわりに自分のクリーチャー2体またはタマシードを2枚破壊する。", "cannot read"),
        # what the other player's card's player may do: theirs to decide
        (
            "相手のクリーチャーが破壊される時、かわりにそのプレイヤーはそれを手札に戻してもよい。",
            "may do instead",
        ),
        # the opponent, the topic, chooses what is destroyed, or which of two acts
        ("相手は、クリーチャーを出す時、かわりに相手のクリーチャーを1体破壊する。", "cannot read"),
        ("相手は、クリーチャーを出す時、かわりにそのクリーチャーを手札に戻すか墓地に置く。", "cannot read"),
    ],
)
def test_what_a_review_of_the_normaliser_found_read_otherwise_is_refused(text, named):
    assert_refused(text, named)


@pytest.mark.parametrize(
    "text",
    [
        "自分のシールドが離れる時、かわりに手札に加える。",
        "自分のシールドがシールドゾーンを離れる時、かわりに手札に加える。",
    ],
)
def test_a_shield_leaving_is_of_a_card_of_the_shield_zone_that_is_no_castle(text):
    assert_compiles_to(
        text,
        {
            "watch": {"event": "leave_shields", "card": {"whose": "own", "not_type": "castle"}},
            "instead": [{"move_to": "hand"}],
        },
    )


def test_a_cause_said_first_without_its_comma():
    assert_compiles_to(
        "相手の呪文によって自分のクリーチャーが破壊される時、かわりに手札に戻す。",
        {
            "watch": {
                "event": "destroy",
                "card": {"whose": "own", "type": "creature"},
                "when": ["by_opponent", "by_spell"],
            },
            "instead": [{"move_to": "hand"}],
        },
    )


_SF = (
    "シールド・フォース(このクリーチャーをバトルゾーンに出す時、自分のシールドを1枚選んでもよい。"
    "そのシールドがシールドゾーンにある間、このクリーチャーは次の能力を得る)"
)


@pytest.mark.parametrize(
    "text",
    [
        # a reminder that makes the next line conditional, on a condition dmrules does not read
        "アクセル(このクリーチャーにクロスギアがクロスされている時、このクリーチャーは次の能力を得る) / "
        "このクリーチャーが破壊される時、かわりに手札に戻す。",
        # a grant under a condition keyword's condition
        "メタモーフ(自分のマナゾーンに7枚以上カードがあれば、このクリーチャーは次の能力を得る) / "
        "このクリーチャーは「エターナル・Ω」を得る。",
        "ホーリー・フィールド(自分のシールドの数が相手以上であれば、このクリーチャーは次の能力を得る) / "
        "自分の他のクリーチャーすべてに「エスケープ」を与える。",
    ],
)
def test_an_ability_after_a_reminder_that_makes_it_conditional_is_never_read_as_always_held(text):
    result = compile_text(text)
    assert not result.complete and not result.abilities, result.forms()


@pytest.mark.parametrize("label", ["SF−", ""])
def test_the_ability_after_the_shield_force_reminder_holds_with_its_flag_labelled_or_not(label):
    assert_compiles_to(
        _SF + f" / {label}このクリーチャーが破壊される時、かわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [{"move_to": "hand"}],
            "requires_flag": "shield_force",
        },
    )


NOT_PSYCHIC = """
turn: me
players:
  me:
    battle: [{id: R, card: {name: 試しのクリーチャー, type: creature, text: "TEXT"}}]
  opponent:
    battle:
      - {id: N, card: {name: 試しの相手のクリーチャー, type: creature}}
      - {id: P, card: {name: 試しのサイキック, type: psychic_creature}}
effect: {controller: me, events: [{destroy: N}, {destroy: P}]}
"""


def test_the_watched_creature_that_is_no_psychic_creature_is_the_only_one_replaced():
    text = "相手のクリーチャーが破壊される時、それがサイキック・クリーチャーでなければ、かわりに持ち主の手札に戻す。"
    solution = dmrules.solve(scenario(NOT_PSYCHIC.replace("TEXT", text)))
    assert [(r.final["N"], r.final["P"]) for r in solution.resolutions] == [("hand", "hyperspatial")]


@pytest.mark.parametrize(
    ("text", "form"),
    [
        (
            # a bare card phrase after the cause said first; 「手札に戻すかわりに」 says the watched return again
            "相手の呪文によってクリーチャーが持ち主の手札に戻される時、手札に戻すかわりに持ち主のマナゾーンに置く。",
            {
                "watch": {
                    "event": "return_to_hand",
                    "card": {"type": "creature"},
                    "from": "battle",
                    "when": ["by_opponent", "by_spell"],
                },
                "instead": [{"move_to": "mana"}],
            },
        ),
        (
            # 「…が5枚以上なら」: a count of cards as a condition
            "このクリーチャーが破壊される時、相手の手札が5枚以上なら、かわりに手札に戻す。",
            {
                "watch": {"event": "destroy", "card": "this"},
                "if": [{"zone": "hand", "whose": "opponent", "at_least": 5}],
                "instead": [{"move_to": "hand"}],
            },
        ),
        (
            # the zone's card leaving it, with the cause between
            "自分のマナゾーンのカードが相手の呪文によって離れる時、かわりにとどまる。",
            {
                "watch": {"event": "leave_mana", "card": {"whose": "own"}, "when": ["by_opponent", "by_spell"]},
                "instead": ["stay"],
            },
        ),
    ],
)
def test_a_cause_before_a_bare_card_a_count_said_with_nara_and_a_zones_card_leaving(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text",
    [
        # a power is no count of cards
        "このクリーチャーが破壊される時、このクリーチャーのパワーが6000以上なら、かわりに手札に戻す。",
        # 「手札に戻すかわりに」 of an event that returns nothing to the hand
        "相手のクリーチャーが破壊される時、手札に戻すかわりにマナゾーンに置く。",
    ],
)
def test_near_variants_of_a_count_said_with_nara_and_a_return_said_again_are_refused(text):
    assert not compile_text(text).complete


@pytest.mark.parametrize(
    "text",
    [
        # 夢幻の影ダーク・バンディット
        "このクリーチャーがバトルゾーンから自分の墓地に置かれるとき、墓地に置くかわりに自分の手札に戻してもよい。"
        "そうした場合、自分の手札から1枚選び、自分の墓地に置く。",
        "このクリーチャーがバトルゾーンから自分の墓地に置かれるとき、墓地に置くかわりに自分の手札に戻してもよい。"
        "そうした場合、自分の手札を1枚捨てる。",
    ],
)
def test_a_hand_card_chosen_and_put_into_the_graveyard_as_a_follow_up_is_discarded(text):
    (ability,) = compile_text(text).abilities
    (step,) = ability.then
    assert [e.kind for e in step.events] == ["discard"]


@pytest.mark.parametrize(
    "text",
    [
        # the tap ability given to creatures
        "バトルゾーンにある自分のナイトはすべて「このクリーチャーで攻撃するかわりに、タップして次の能力を使ってもよい。"
        "自分の墓地から呪文を1枚、手札に戻す」を得る。",
        # a creature used as an evolution source in place of another
        "ナイトの進化クリーチャーをバトルゾーンに出す時、このクリーチャーをナイト1体のかわりに進化元として扱ってもよい。",
        # another evolution source said of the evolution creature
        "進化-自分のエンジェル・コマンド1体の上に置く。 / このクリーチャーは、エンジェル・コマンドのかわりに、自分の"
        "「ブロッカー」を持つ光のクリーチャー1体の上に置いて進化させてもよい。",
        # mana cards that pay a cost, another card tapped in their place
        "このクリーチャーで攻撃するかわりに、このクリーチャーと自分のマナゾーンのタップされていないカードを8枚タップして、"
        "次の能力を使ってもよい。自分のマナゾーンのカード4枚のかわりに、バトルゾーンにある自分の他のタップされていない"
        "アーク・セラフィムを1体タップしてもよい。",
        # a characteristic said otherwise where the card is
        "このカードの名前は、自分の手札と墓地では、かわりに《ドカーン・ボンバー》として扱う。",
    ],
)
def test_a_tap_ability_given_and_an_evolution_source_replace_no_event(text):
    result = compile_text(text)
    assert result.complete and not result.has_replacement
    assert "not_replacement" in [s.verdict for s in result.sentences]


@pytest.mark.parametrize(
    "text",
    [
        "カードを1枚引く。このターン、自分のシノビがバトルゾーンに出ていれば、1枚のかわりに3枚引く。",
        "カードを1枚引く。このターン、自分のシノビを召喚していれば、1枚のかわりに3枚引く。",
    ],
)
def test_what_happened_this_turn_before_the_effects_own_instead_is_its_condition(text):
    """「このターン、…ていれば、」 is a condition on what happened this turn, not an effect lasting the turn: the
    effect's own count replaced (自己置換効果)."""
    result = compile_text(text)
    assert result.complete and result.self_replacements == 1 and not result.abilities


@pytest.mark.parametrize(
    "text",
    [
        "このクリーチャーが破壊される時、かわりに自分の手札を1枚選び、墓地に置いてもよい。",
        "このクリーチャーが破壊される時、かわりに自分の手札から1枚選び、墓地に置いてもよい。",
        "このクリーチャーが破壊される時、かわりに自分の手札からカードを1枚選んで墓地に置いてもよい。",
    ],
)
def test_a_hand_card_chosen_and_put_into_the_graveyard_instead_is_discarded(text):
    assert_compiles_to(
        text, {"watch": {"event": "destroy", "card": "this"}, "instead": [{"discard": 1}], "optional": True}
    )


STACK_TO_MANA = (
    "このクリーチャーが破壊される時、墓地に置くかわりに、"
    "このクリーチャーとその下にあるカードをすべて自分のマナゾーンに置く。"
)


def test_this_creature_and_the_cards_under_it_put_somewhere_instead_is_this_creature_put_there():
    """The cards stacked under a creature go with it wherever it goes: 「このクリーチャーとその下にあるカードをすべて
    自分のマナゾーンに置く」 puts the creature there, its stack with it."""
    assert_compiles_to(STACK_TO_MANA, {"watch": {"event": "destroy", "card": "this"}, "instead": [{"move_to": "mana"}]})
    text = f"""
    turn: me
    players:
      me:
        battle:
          - {{id: E, card: {{name: 試しの進化クリーチャー, type: evolution_creature, text: "{STACK_TO_MANA}"}}}}
          - {{id: U, under: E, card: {{name: 進化元, type: creature}}}}
      opponent: {{}}
    effect: {{controller: opponent, events: [{{destroy: E}}]}}
    """
    assert [(r.final["E"], r.final["U"]) for r in dmrules.solve(scenario(text)).resolutions] == [("mana", "mana")]


# -- wordings of invented texts in the classic and current styles, none of them a printed card's ---------------------

_DECK_BOTTOM = {"move_to": {"zone": "deck", "position": "bottom"}}


@pytest.mark.parametrize(
    ("text", "form", "variant", "named"),
    [
        (  # the event said again before 「かわりに」 with the verb of a move to the deck
            "このクリーチャーがバトルゾーンから山札に戻される時、山札に戻すかわりに自分の手札に戻す。",
            {"watch": {"event": "put_into_deck", "card": "this", "from": "battle"}, "instead": [{"move_to": "hand"}]},
            "このクリーチャーが破壊される時、山札に戻すかわりに手札に戻す。",
            "says again an event the sentence does not watch",
        ),
        (  # the cause said with 「…の効果で」 before the cards of a hand discarded
            "相手の呪文の効果で自分の手札が捨てられる時、墓地に置くかわりに自分の山札の一番下に置いてもよい。",
            {
                "watch": {
                    "event": "discard",
                    "card": {"whose": "own"},
                    "when": ["by_opponent", "by_effect", "by_spell"],
                },
                "instead": [_DECK_BOTTOM],
                "optional": True,
            },
            "相手の呪文の効果で自分の手札が捨てられる時、墓地に置くかわりに相手の山札の一番下に置いてもよい。",
            "a card put into the opponent's zone",
        ),
        (  # a cause said first with no comma, after a turn
            "相手のターン中に、相手の呪文によって自分の手札が捨てられる時、かわりにそのカードを自分の山札の一番下に置く。",
            {
                "watch": {
                    "event": "discard",
                    "card": {"whose": "own"},
                    "when": ["by_opponent", "by_spell", "opponent_turn"],
                },
                "instead": [_DECK_BOTTOM],
            },
            "相手のターン中に、相手の呪文によって自分の手札が捨てられる時、かわりにそのカードを相手の山札の一番下に置く。",
            "a card put into the opponent's zone",
        ),
        (  # 「裏向きのまま」 before a shield added: face down as any shield
            "このクリーチャーが破壊される時、かわりに自分の山札の上から1枚目を裏向きのまま自分のシールドに加えてもよい。"
            "そうした場合、このクリーチャーはバトルゾーンにとどまる。",
            {
                "watch": {"event": "destroy", "card": "this"},
                "instead": ["stay", {"mill": {"player": "own", "count": 1, "to": "shields"}}],
                "optional": True,
            },
            "このクリーチャーが破壊される時、かわりに自分の山札の上から1枚目を表向きのまま自分のシールドに加えてもよい。"
            "そうした場合、このクリーチャーはバトルゾーンにとどまる。",
            "the deck's top cards put otherwise than as they are",
        ),
        (  # the zones said before the card
            "自分のマナゾーンから自分の墓地にカードが置かれる時、墓地に置くかわりに自分の手札に戻してもよい。",
            {
                "watch": {"event": "put_into_graveyard", "card": {"whose": "own"}, "from": "mana"},
                "instead": [{"move_to": "hand"}],
                "optional": True,
            },
            "自分の手札から相手の墓地にカードが置かれる時、かわりに持ち主の手札に戻す。",
            "the card's player and the zone's player differ",
        ),
        (  # the watched card named again by its race, tapped instead of leaving
            "自分のドラゴンが相手の呪文によってバトルゾーンを離れる時、かわりにそのドラゴンをタップしてもよい。",
            {
                "watch": {
                    "event": "leave",
                    "card": {"whose": "own", "race": "ドラゴン"},
                    "when": ["by_opponent", "by_spell"],
                },
                "instead": ["stay", "tap_it"],
                "optional": True,
            },
            "自分のドラゴンが相手の呪文によってバトルゾーンを離れる時、かわりにそのエンジェルをタップしてもよい。",
            "names a card the watched event's phrase does not say",
        ),
        (  # this card in a zone of its player's, said before it
            "自分のシールドゾーンにあるこのカードが墓地に置かれる時、かわりにバトルゾーンに出してもよい。",
            {
                "watch": {"event": "put_into_graveyard", "card": "this", "from": "shields"},
                "instead": [{"move_to": "battle"}],
                "optional": True,
            },
            "相手のシールドゾーンにあるこのカードが墓地に置かれる時、かわりにバトルゾーンに出してもよい。",
            "cannot read",
        ),
    ],
)
def test_wordings_of_invented_texts_read_as_they_say_and_a_near_variant_is_refused(text, form, variant, named):
    assert_compiles_to(text, form)
    assert_refused(variant, named)


def test_a_replacement_the_survivor_reminder_gives_the_other_survivors_is_not_read_as_this_cards_alone():
    """「サバイバー(このクリーチャーがバトルゾーンにある間、自分の他のサバイバーも上の能力を得る)」 gives the ability
    above to the player's other survivors: read as this card's alone, a survivor destroyed beside it would not be
    saved. 「このサバイバーが…時」 says it of the sentence, and is read as every survivor's."""
    above = "このクリーチャーが破壊される時、墓地に置くかわりに手札に戻す。"
    for reminder in ("上の能力を得る", "上の 能力を得る"):  # the card list prints a space in one
        assert_refused(
            above + f" / サバイバー(このクリーチャーがバトルゾーンにある間、自分の他のサバイバーも{reminder})",
            "「サバイバー」's reminder gives the abilities printed with it",
        )
    for joined in (" / ", "\n"):  # lines joined either way
        assert_refused(f"サバイバー{joined}■" + above, "「サバイバー」's reminder gives the abilities printed with it")
    (ability,) = compile_text(above.replace("このクリーチャー", "このサバイバー")).abilities
    assert ability.granted_to is not None and ability.granted_to.races == ("サバイバー",)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        # the bottom of the deck said again of a move to the top
        ("このクリーチャーが山札の一番上に置かれる時、山札の一番下に置くかわりに墓地に置く。", "cannot read"),
        (
            "このクリーチャーが山札の一番上に置かれる時、山札の一番下に置かれるかわりに墓地に置く。",
            "of a card the sentence puts elsewhere in the deck",
        ),
        # 「そのクリーチャー」 after a battle: the watched creature, or the one it battles?
        (
            "自分のドラゴンが相手のクリーチャーとのバトルで破壊される時、かわりにそのクリーチャーをタップする。",
            "the watched card or its partner",
        ),
    ],
)
def test_what_a_review_of_this_sessions_wordings_found_ambiguous_or_contradictory_is_refused(text, named):
    assert_refused(text, named)


def test_in_exchange_said_with_sono_kawari_is_refused_never_a_self_replacement():
    # 「そのかわりに」: in exchange for the return (which still happens) or instead of it: the text does not say
    text = "相手のクリーチャーを1体選び、持ち主の手札に戻す。そのかわりに相手はカードを1枚引いてもよい。"
    result = compile_text(text)
    assert result.self_replacements == 0
    assert_refused(text, "「そのかわりに」 after what the sentence before does")


@pytest.mark.parametrize(
    ("card_type", "this"),
    [("クロスギア", "このクロスギア"), ("タマシード", "このタマシード"), ("クリーチャー", "このクリーチャー")],
)
def test_the_rendering_names_this_card_by_its_type(card_type, this):
    # a cross gear's own move is no creature's: 「このクリーチャーを墓地に」 would read as the crossed creature's
    text = "自分のクリーチャーが破壊される時、かわりにこのカードを墓地に置いてもよい。"
    assert compile_text(text, card_type).sentences[0].rendering == (
        f"自分のクリーチャーが破壊される時、かわりに{this}を墓地に置いてもよい"
    )


_TO_HAND = {"instead": [{"move_to": "hand"}], "optional": True}


@pytest.mark.parametrize(
    ("text", "form"),
    [
        (  # the watched card's cost said after its event, of a race
            "自分のエイリアンが破壊される時、そのエイリアンのコストが4以下であれば、墓地に置くかわりに持ち主の手札に戻してもよい。",
            {"watch": {"event": "destroy", "card": {"whose": "own", "race": "エイリアン", "cost_max": 4}}, **_TO_HAND},
        ),
        (  # its civilization, said as what kind of creature the race's card is
            "自分のエイリアンが破壊される時、そのエイリアンが光のクリーチャーであれば、墓地に置くかわりに手札に戻してもよい。",
            {
                "watch": {"event": "destroy", "card": {"whose": "own", "race": "エイリアン", "civilization": "light"}},
                **_TO_HAND,
            },
        ),
        (  # a card of the hand discarded, what it is said after: a creature card of the hand
            "自分の手札が捨てられる時、そのカードが火のクリーチャーであれば、墓地に置くかわりに自分のマナゾーンに置いてもよい。",
            {
                "watch": {"event": "discard", "card": {"whose": "own", "type": "creature", "civilization": "fire"}},
                "instead": [{"move_to": "mana"}],
                "optional": True,
            },
        ),
        (  # 「呪文または能力」: all that player's effects
            "相手の呪文または能力によって、自分のクリーチャーが破壊される時、かわりに持ち主の手札に戻してもよい。",
            {
                "watch": {
                    "event": "destroy",
                    "card": {"whose": "own", "type": "creature"},
                    "when": ["by_opponent", "by_effect"],
                },
                **_TO_HAND,
            },
        ),
        (  # the spells a player casts, said as the topic
            "相手が唱えた呪文は、唱えた後、墓地に置くかわりに持ち主の山札の一番下に置く。",
            {
                "watch": {"event": "spell_to_graveyard", "card": {"type": "spell"}, "when": ["by_opponent"]},
                "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
            },
        ),
        (  # a psychic creature returned to the hyperspatial zone: its leaving, the only place it goes
            "自分の他のサイキック・クリーチャーが超次元ゾーンに戻される時、かわりに自分のマナゾーンのカードを1枚、手札に戻しても"
            "よい。そうした場合、そのサイキック・クリーチャーはバトルゾーンにとどまる。",
            {
                "watch": {"event": "leave", "card": {"whose": "own", "type": "psychic", "other": True}},
                "instead": ["stay", _MANA_TO_HAND],
                "optional": True,
            },
        ),
        (  # 「アンタップされていれば」: this creature untapped
            "このクリーチャーがアンタップされていれば、自分の他のクリーチャーが破壊される時、かわりにこのクリーチャーをタップしても"
            "よい。",
            {
                "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature", "other": True}},
                "if": ["this_untapped"],
                "instead": ["stay", "tap_this"],
                "optional": True,
            },
        ),
        (  # this card said with its zone: its leaving that zone
            "バトルゾーンにあるこのクロスギアが墓地に置かれる時、かわりに自分のマナゾーンに置いてもよい。",
            {
                "watch": {"event": "put_into_graveyard", "card": "this", "from": "battle"},
                "instead": [{"move_to": "mana"}],
                "optional": True,
            },
        ),
        (  # a cause said before a card phrase that begins with its zone
            "相手の呪文によってバトルゾーンにあるクリーチャーが破壊される時、墓地に置くかわりに持ち主の手札に戻す。",
            {
                "watch": {"event": "destroy", "card": {"type": "creature"}, "when": ["by_opponent", "by_spell"]},
                "instead": [{"move_to": "hand"}],
            },
        ),
        (  # a shield put into its own player's hand, the hand's player said again
            "相手の効果によって、自分のシールドが自分の手札に加えられる時、かわりにそのシールドを持ち主の墓地に置く。",
            {
                "watch": {
                    "event": "put_into_hand",
                    "card": {"whose": "own"},
                    "from": "shields",
                    "when": ["by_opponent", "by_effect"],
                },
                "instead": [{"move_to": "graveyard"}],
            },
        ),
        (  # the watched creature tapped instead, named 「そのクリーチャー」
            "自分のクリーチャーが相手の効果によって離れる時、かわりにそのクリーチャーをタップしてもよい。",
            {
                "watch": {
                    "event": "leave",
                    "card": {"whose": "own", "type": "creature"},
                    "when": ["by_opponent", "by_effect"],
                },
                "instead": ["stay", "tap_it"],
                "optional": True,
            },
        ),
        (  # this card said with its type, 「この進化クリーチャー」
            "この進化クリーチャーが破壊される時、かわりに一番上のカードが離れる。",
            {"watch": {"event": "destroy", "card": "this"}, "instead": ["top_card_only"]},
        ),
    ],
)
def test_parts_said_in_other_places_read_as_the_same_parts(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text",
    [
        # 「進化クリーチャー」 of a race: no modifier says an evolution creature of that race here
        "自分のエイリアンが破壊される時、そのエイリアンが進化クリーチャーであれば、墓地に置くかわりに手札に戻してもよい。",
        # a creature that is no psychic returned to the hyperspatial zone: no leaving of the vocabulary
        "自分のクリーチャーが超次元ゾーンに戻される時、かわりに手札に戻してもよい。",
        # 「相手の能力」 alone: the abilities of any of that player's cards, no cause of the vocabulary
        "相手の能力によって、自分のクリーチャーが破壊される時、かわりに持ち主の手札に戻してもよい。",
    ],
)
def test_near_variants_of_those_parts_are_refused(text):
    assert_refused(text, "cannot read")


# -- what is done instead of another player's draw, the same whoever does it: a deck's top card milled --------

MILL_INSTEAD = "相手がカードを引く時、かわりに相手の山札の上から1枚目を墓地に置く。"


def test_a_mill_of_a_named_deck_instead_of_another_players_draw_is_read():
    assert_compiles_to(
        MILL_INSTEAD,
        {"watch": {"event": "draw", "player": "opponent"}, "instead": [{"mill": {"player": "opponent", "count": 1}}]},
    )


def test_the_mill_said_by_the_drawing_player_is_refused():
    # 「相手は自分の山札の…」: whose deck 「自分の」 is after 「相手は」 (the old wording's 「自分自身の」) is not said
    assert_refused(
        "相手がカードを引く時、かわりに相手は自分の山札の上から1枚目を墓地に置く。",
        "what happens instead, done by a player the text names",
    )


@pytest.mark.parametrize(
    "text",
    [
        "相手がカードを引く時、かわりに相手は自分自身の山札の上から1枚目を墓地に置く。",
        "相手がカードを引く時、相手はカードを引くかわりに、自身の山札の上から1枚目を墓地に置く。",
    ],
)
def test_the_mill_of_the_drawing_players_own_deck_said_as_theirs_is_read(text):
    # 「相手は自分自身の山札」: the deck of the player who would draw, named as the one who mills
    assert_compiles_to(
        text,
        {"watch": {"event": "draw", "player": "opponent"}, "instead": [{"mill": {"player": "opponent", "count": 1}}]},
    )


def test_a_condition_said_after_the_draw_renders_back():
    # 「相手がカードを引く時、相手の手札が5枚以上あれば」: the opponent's cards of a condition are no watched card
    text = "相手がカードを引く時、相手の手札が5枚以上あれば、かわりに相手の山札の上から1枚目を墓地に置く。"
    assert compile_text(text).complete, [s.problem for s in compile_text(text).problems]


@pytest.mark.parametrize(
    "text",
    [
        # another player than the one drawing mills their own deck
        "相手がカードを引く時、かわりに自分は自分自身の山札の上から1枚目を墓地に置く。",
    ],
)
def test_a_mill_by_another_player_than_the_drawing_one_is_refused(text):
    assert_refused(text, "done by a player the text names")
    # 「相手はカードを引くかわりに」 of the controller's draw: who draws is not who is said to
    assert_refused(
        "自分がカードを引く時、相手はカードを引くかわりに、自身の山札の上から1枚目を墓地に置く。", "cannot read"
    )


def test_a_spells_turn_said_after_it_and_a_card_stacked_under_this_one_are_read():
    assert_compiles_to(
        "この呪文を相手のターン中に唱えた後、墓地に置くかわりに手札に戻す。",
        {
            "watch": {"event": "spell_to_graveyard", "card": "this", "when": ["opponent_turn"]},
            "instead": [{"move_to": "hand"}],
            "spell_own_movement": True,
        },
    )
    assert compile_text(
        "自分のシールドがブレイクされる時、かわりにそのシールドをこのクリーチャーの下に重ねて置く。"
    ).complete


def test_the_solver_mills_the_drawing_players_deck_instead():
    text = f"""
turn: opponent
players:
  me:
    battle:
      - {{id: B, card: {{name: 山札の番人, type: creature, text: "{MILL_INSTEAD}"}}}}
  opponent:
    deck: [d1, d2]
effect: {{controller: opponent, events: [{{draw: opponent}}]}}
"""
    resolutions = dmrules.solve(scenario(text)).resolutions
    assert [(r.final["d1"], r.final["d2"]) for r in resolutions] == [("graveyard", "deck")]


@pytest.mark.parametrize(
    "text",
    [
        # another evolution source: 「…のかわりに、…を進化元にしてもよい」
        "自分の水の進化クリーチャーを出す時、バトルゾーンのクリーチャーのかわりに、自分の墓地にあるクリーチャーを1体進化元にしてもよい。",
        # a cost's mana cards tapped otherwise
        "自分のクリーチャーを召喚する時、自分のマナゾーンのカードを2枚タップするかわりに、このクリーチャーをタップしてもよい。",
        # a castle's cost paid otherwise
        "この城を要塞化する時、コストを支払うかわりに、自分のマナゾーンのカードを3枚タップしてもよい。",
        # the act instead of attacking given to creatures, with no 「次の能力」
        "自分の光のクリーチャーはすべて「このクリーチャーで攻撃するかわりに、タップして、カードを1枚引いてもよい」を得る。",
        # with what it does after, in the quote, watching no event
        "自分の水のクリーチャーすべてに「このクリーチャーで攻撃するかわりに、タップしてもよい。そうした場合、カードを1枚引く」"
        "を与える。",
        # another attack target
        "このクリーチャーは、相手プレイヤーを攻撃するかわりに、タップされている相手のクリーチャーを攻撃してもよい。",
        # another evolution source, said as where the creature is put, or as the sources it stands for
        "このクリーチャーを召喚する時、ドラゴン1体のかわりに、自分のファイアー・バード2体の上に置いてもよい。",
        "進化クリーチャーを出す時、このクリーチャーを、必要な進化元のうち3体のかわりにしてもよい。",
        # a cost's mana tapped otherwise, 「マナゾーンにあるカード」
        "この呪文を唱える時、自分のマナゾーンにあるカードを2枚タップするかわりに、自分のクリーチャーを1体タップしてもよい。",
        # and said of no 「てもよい」, after a permission
        "その場合、自分のマナゾーンにあるカードをタップするかわりに、自分の墓地にあるクリーチャーを3体、山札の一番下に置く。",
    ],
)
def test_instead_of_a_cost_or_an_attack_replaces_no_event(text):
    result = compile_text(text)
    assert not result.has_replacement and result.complete
    assert [s.verdict for s in result.sentences] == ["not_replacement"]


@pytest.mark.parametrize(
    ("text", "card_type", "form"),
    [
        (  # the zone said twice: the cards of the player's mana zone leaving it
            "自分のマナゾーンのカードが相手の呪文によってマナゾーンを離れる時、かわりにこのクリーチャーを破壊してもよい。",
            "クリーチャー",
            {
                "watch": {
                    "event": "leave_mana",
                    "card": {"whose": "own"},
                    "from": "mana",
                    "when": ["by_opponent", "by_spell"],
                },
                "instead": ["stay", "destroy_this"],
                "optional": True,
            },
        ),
        (  # the shield a castle fortifies, 「この城が要塞化されている」
            "この城が要塞化されているシールドがブレイクされる時、かわりにこの城を墓地に置いてもよい。",
            "城",
            {
                "watch": {"event": "break", "card": "fortified"},
                "instead": ["stay", {"this_to": "graveyard"}],
                "optional": True,
            },
        ),
    ],
)
def test_a_zone_or_a_castle_said_again_reads_as_said_once(text, card_type, form):
    result = compile_text(text, card_type)
    assert result.complete and len(result.forms()) == 1
    got = {k: v for k, v in result.forms()[0].items() if k not in ("text", "works_in")}
    assert got == form


# -- 「すべて」 as the cards a replacement takes: every one of them, one at least ----------------------------------

EVERY_MANA = "このクリーチャーが破壊される時、かわりに自分のマナゾーンにあるカードをすべて墓地に置いてもよい。"


def test_every_card_of_a_zone_taken_instead_is_read():
    assert_compiles_to(
        EVERY_MANA,
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": ["stay", {"choose": {"count": "all", "from": "mana", "to": "graveyard", "verb": "put"}}],
            "optional": True,
        },
    )


@pytest.mark.parametrize(
    ("mana", "expected"),
    [
        # applied, both mana cards go and the creature stays; not applied, it is destroyed
        ("[m1, m2]", [("battle", "graveyard", "graveyard"), ("graveyard", "mana", "mana")]),
        # one card alone is every card too
        ("[m1]", [("battle", "graveyard", None), ("graveyard", "mana", None)]),
        # with none, nothing would be done instead: it cannot be applied
        ("[]", [("graveyard", None, None)]),
    ],
)
def test_every_card_of_the_zone_goes_and_none_may_stay(mana, expected):
    solution = solved_with(EVERY_MANA, "[{destroy: R}]", mine=f"                mana: {mana}\n")
    got = sorted((r.final["R"], r.final.get("m1"), r.final.get("m2")) for r in solution.resolutions)
    assert got == sorted(expected)


def test_every_card_under_a_number_is_refused():
    # 「2枚すべて」: a number and 「すべて」 for one choice
    assert_refused(
        "このクリーチャーが破壊される時、かわりに自分のマナゾーンにあるカード2枚をすべて墓地に置いてもよい。", "numbers"
    )


def test_every_card_taken_by_a_mandatory_replacement_is_solved():
    # mandatory: the two opponent's creatures are destroyed instead, none is left to choose
    text = "このクリーチャーが破壊される時、かわりに相手のクリーチャーをすべて破壊する。"
    creatures = (
        "{battle: [{id: o1, card: {name: 相手の一, type: creature}}, {id: o2, card: {name: 相手の二, type: creature}}]}"
    )
    solution = solved_with(text, "[{destroy: R}]", opponent=creatures)
    assert [(r.final["R"], r.final["o1"], r.final["o2"]) for r in solution.resolutions] == [
        ("battle", "graveyard", "graveyard")
    ]


def test_every_card_taken_by_a_mandatory_replacement_with_none_there_is_not_owed():
    # no creature of the opponent's: nothing could be destroyed instead, so this creature is destroyed
    text = "このクリーチャーが破壊される時、かわりに相手のクリーチャーをすべて破壊する。"
    solution = solved_with(text, "[{destroy: R}]")
    assert [r.final["R"] for r in solution.resolutions] == ["graveyard"]


# -- what a review found: a condition on another card, a real replacement set aside, a grant's quote renamed --------


@pytest.mark.parametrize(
    "text",
    [
        # 「そのクリーチャー」 after an event that names another creature (the cause's, the battle's other one)
        "自分のエイリアンが相手のクリーチャーの能力によって破壊される時、そのクリーチャーのコストが5以上であれば、"
        "かわりに自分の手札を1枚捨ててもよい。",
        "自分のエイリアンが相手のクリーチャーとのバトルで破壊される時、そのクリーチャーのパワーが6000以上であれば、"
        "かわりに自分の手札を1枚捨ててもよい。",
        "自分のクリーチャーが相手のクリーチャーとのバトルで破壊される時、そのクリーチャーのパワーが6000以上であれば、"
        "かわりに自分の手札を1枚捨ててもよい。",
        "自分のクリーチャーが相手のクリーチャーの能力で破壊される時、そのクリーチャーが光のクリーチャーであれば、"
        "かわりに自分の手札を1枚捨ててもよい。",
        # a replacement the tap ability given creates, after it in the quote
        "自分のクリーチャーはすべて「このクリーチャーで攻撃するかわりに、タップしてもよい。そうした場合、このターン、"
        "このクリーチャーが破壊される時、墓地に置くかわりに手札に戻してもよい」を得る。",
    ],
)
def test_a_condition_on_another_card_or_what_a_given_ability_creates_is_refused(text):
    result = compile_text(text)
    assert not result.complete and not result.abilities, result.forms()


def test_a_destination_replaced_by_an_evolution_source_is_no_cost_set_aside():
    # 「墓地のかわりに…進化元にしてもよい」 after a card's event replaces it: never set aside as no replacement
    result = compile_text(
        "自分の他のクリーチャーが破壊される時、墓地のかわりに、このクリーチャーの下に置いて進化元にしてもよい。"
    )
    assert [s.verdict for s in result.sentences] != ["not_replacement"]


def test_a_granted_abilitys_card_keeps_its_name_in_the_rendering():
    # 「このクリーチャー」 in the quote is the creature given it, not the castle that gives it
    text = "自分のクリーチャーはすべて「このクリーチャーが破壊される時、墓地に置くかわりに手札に戻す」を得る。"
    rendering = compile_text(text, "城").sentences[-1].rendering
    assert rendering is not None and "「このクリーチャーが破壊される時" in rendering


# -- a player's first draw of the turn (「各ターン、自分がはじめてカードを引く時」, 「自分のターンに1枚目のカード…」) --

FIRST_DRAW = "各ターン、自分がはじめてカードを引く時、かわりに自分の山札の上から1枚目を墓地に置いてもよい。"


@pytest.mark.parametrize(
    ("text", "when"),
    [
        (FIRST_DRAW, ["first_this_turn"]),
        (
            "自分のターンに1枚目のカードを引く時、かわりに自分の山札の上から1枚目を墓地に置いてもよい。",
            ["own_turn", "first_this_turn"],
        ),
    ],
)
def test_a_players_first_draw_of_the_turn_is_read(text, when):
    result = compile_text(text)
    assert result.complete and len(result.abilities) == 1
    watch = result.forms()[0]["watch"]
    assert (watch["event"], watch["player"], sorted(watch["when"])) == ("draw", "own", sorted(when))


def test_the_first_draw_of_the_turn_of_no_player_named_is_refused():
    assert_refused(
        "各ターン、はじめてカードを引く時、かわりに自分の山札の上から1枚目を墓地に置いてもよい。", "cannot read"
    )


def _first_draws(this_turn: str) -> list[tuple[str, str, str]]:
    text = f"""
turn: me
players:
  me:
    this_turn: {this_turn}
    battle:
      - {{id: B, card: {{name: 一枚目の番人, type: creature, text: "{FIRST_DRAW}"}}}}
    deck: [d1, d2, d3]
  opponent: {{}}
effect: {{controller: me, events: [{{id: e1, draw: me, count: 2}}]}}
"""
    resolutions = dmrules.solve(scenario(text)).resolutions
    return sorted((r.final["d1"], r.final["d2"], r.final["d3"]) for r in resolutions)


def test_only_the_first_card_drawn_this_turn_may_be_replaced():
    # the first draw: d1 drawn, or milled instead (d2 is drawn second); the second draw is no first draw
    assert _first_draws("[]") == sorted([("hand", "hand", "deck"), ("graveyard", "hand", "deck")])
    # a draw came this turn already: neither is the first
    assert _first_draws("[draw]") == [("hand", "hand", "deck")]


# -- what a review of 「すべて」 and the first draw found --------------------------------------------------------


def _finals(text: str) -> list[dict[str, str]]:
    return [dict(r.final) for r in dmrules.solve(scenario(text)).resolutions]


EVERY_OPPONENT = "このクリーチャーが破壊される時、かわりに相手のクリーチャーをすべて破壊する。"
EVERY_TWO_ZONES = (
    "このクリーチャーが破壊される時、かわりに自分の墓地またはマナゾーンからカードをすべて手札に戻してもよい。"
)
EVERY_OF_EVENT = "相手のクリーチャーが破壊される時、かわりに相手のクリーチャーをすべて破壊する。"
FIRST_BREAK = "各ターン、自分のシールドがはじめてブレイクされる時、かわりにそのシールドを墓地に置いてもよい。"
FIRST_DRAW_MUST = "各ターン、自分がはじめてカードを引く時、かわりに自分の山札の上から1枚目を墓地に置く。"


def _card(card_id: str, text: str) -> str:
    return f'{{id: {card_id}, card: {{name: 試し{card_id}, type: creature, text: "{text}"}}}}'


def test_every_card_is_taken_untouchable_ones_too():
    # 「すべて」 chooses no one: an アンタッチャブル creature is destroyed with the others
    finals = _finals(f"""
turn: me
players:
  me:
    battle: [{_card("A", EVERY_OPPONENT)}]
  opponent:
    battle:
      - {{id: X, card: {{name: 破壊者, type: creature}}}}
      - {{id: o1, untouchable: true, card: {{name: 触れず, type: creature}}}}
effect: {{source: X, controller: opponent, by: ability, events: [{{id: e1, destroy: A}}]}}
""")
    assert [(f["A"], f["X"], f["o1"]) for f in finals] == [("battle", "graveyard", "graveyard")]


def test_every_card_of_two_zones_one_of_them_empty():
    finals = _finals(f"""
turn: me
players:
  me:
    battle: [{_card("A", EVERY_TWO_ZONES)}]
    mana: [m1, m2]
  opponent:
    battle: [{{id: X, card: {{name: 破壊者, type: creature}}}}]
effect: {{source: X, controller: opponent, events: [{{id: e1, destroy: A}}]}}
""")
    expected = [("battle", "hand", "hand"), ("graveyard", "mana", "mana")]
    assert sorted((f["A"], f["m1"], f["m2"]) for f in finals) == expected


def test_every_card_of_a_kind_the_event_card_is_one_of_is_refused_by_name():
    text = f"""
turn: me
players:
  me:
    battle: [{_card("A", EVERY_OF_EVENT)}]
    hand: [{{id: S, card: {{name: 呪文, type: spell}}}}]
  opponent:
    battle: [{{id: o1, card: {{name: 兵, type: creature}}}}, {{id: o2, card: {{name: 兵二, type: creature}}}}]
effect: {{source: S, controller: me, by: spell, events: [{{id: e1, destroy: o1}}]}}
"""
    with pytest.raises(dmrules.InputError, match="not modelled: a text takes every card of a kind instead"):
        dmrules.solve(scenario(text))


def test_a_first_draw_and_a_first_break_are_replaced_each_on_its_own():
    # two events, each its turn's first: the mandatory first draw's replacement applies whatever the break's does
    finals = _finals(f"""
turn: opponent
players:
  me:
    battle: [{_card("B1", FIRST_BREAK)}, {_card("B2", FIRST_DRAW_MUST)}]
    shields: [s1]
    deck: [d1, d2, d3]
  opponent:
    battle: [{{id: X, card: {{name: 攻撃者, type: creature}}}}]
effect: {{source: X, controller: opponent, events: [{{id: e1, break: s1}}, {{id: e2, draw: me, count: 1}}]}}
""")
    assert sorted((f["s1"], f["d1"]) for f in finals) == [("graveyard", "graveyard"), ("hand", "graveyard")]


@pytest.mark.parametrize(
    "text",
    [
        # the creature breaking named 「そのクリーチャー」 after a shield's break: not the shield's power
        "自分のシールドが相手のクリーチャーにブレイクされる時、そのクリーチャーのパワーが6000以上であれば、かわりに"
        "墓地に置いてもよい。",
    ],
)
def test_the_power_of_the_creature_breaking_is_no_shields(text):
    assert_refused(text, "cannot read")


def test_the_first_draw_in_the_opponents_turn_of_no_one_said_is_the_controllers():
    result = compile_text("相手のターンに1枚目のカードを引く時、かわりに自分の山札の上から1枚目を墓地に置いてもよい。")
    watch = result.forms()[0]["watch"]
    assert (watch["player"], sorted(watch["when"])) == ("own", ["first_this_turn", "opponent_turn"])


def test_every_card_of_a_kind_another_event_moves_too_is_refused_by_name():
    # A takes every other creature of mine, C among them, while C is destroyed and may go to the hand instead
    every_other = "このクリーチャーが破壊される時、かわりに自分の他のクリーチャーをすべてマナゾーンに置く。"
    to_hand = "このクリーチャーが破壊される時、墓地に置くかわりに手札に戻してもよい。"
    text = f"""
turn: opponent
players:
  me:
    battle: [{_card("A", every_other)}, {_card("C", to_hand)}]
  opponent:
    battle: [{{id: X, card: {{name: 破壊者, type: creature}}}}]
effect: {{source: X, controller: opponent, by: ability, events: [{{id: e1, destroy: A}}, {{id: e2, destroy: C}}]}}
"""
    with pytest.raises(dmrules.InputError, match="one of them is another event's card"):
        dmrules.solve(scenario(text))


@pytest.mark.parametrize(
    "text",
    [
        # 「そのクリーチャー」 after a shield's, a cross gear's or a race's event: not said to be the watched card
        "自分のシールドがブレイクされる時、そのクリーチャーのコストが5以上であれば、かわりにそのシールドを墓地に置いてもよい。",
        "自分のクロスギアが破壊される時、そのクリーチャーのコストが5以上であれば、かわりに手札に戻してもよい。",
        "自分のエイリアンが破壊される時、そのクリーチャーのコストが4以下であれば、墓地に置くかわりに手札に戻してもよい。",
    ],
)
def test_sono_creature_after_another_head_is_refused(text):
    assert_refused(text, "cannot read")


def test_the_rendering_names_this_card_by_its_type_beside_a_keyword_in_quotes():
    text = "このカードが破壊される時、かわりに自分の「ブロッカー」を持つクリーチャーを1体破壊してもよい。"
    assert compile_text(text, "クロスギア").sentences[0].rendering == (
        "このクロスギアが破壊される時、かわりに自分の「ブロッカー」を持つクリーチャーを1体破壊してもよい"
    )


# -- the event's card untapped instead (「破壊されるかわりにアンタップする」): it stays, untapped ----------------------

UNTAP_MAY = "このクリーチャーが破壊される時、かわりにアンタップしてもよい。"


@pytest.mark.parametrize(
    "text",
    [
        UNTAP_MAY,
        "このクリーチャーが破壊される時、かわりにこのクリーチャーをアンタップしてもよい。",
        "このクリーチャーが破壊される時、墓地に置くかわりにアンタップしてもよい。",
    ],
)
def test_the_event_card_untapped_instead_is_read(text):
    assert_compiles_to(
        text, {"watch": {"event": "destroy", "card": "this"}, "instead": ["stay", "untap_it"], "optional": True}
    )


@pytest.mark.parametrize(
    "text, named",
    [
        # untapped and put somewhere, or untapped instead of a move from no battle zone, or this card untapped
        # instead of another's event
        ("自分のクリーチャーが手札に戻される時、かわりにアンタップしてマナゾーンに置く。", "cannot read"),
        ("自分のクリーチャーがマナゾーンに置かれる時、かわりにアンタップしてもよい。", "untapped instead of an event"),
        ("自分のクリーチャーが破壊される時、かわりにこのクリーチャーをアンタップする。", "this card untap instead"),
    ],
)
def test_near_variants_of_the_untap_instead_are_refused(text, named):
    assert_refused(text, named)


def _untap_finals(tapped: bool, text: str = UNTAP_MAY) -> list[tuple[str, tuple[str, ...]]]:
    state = ", tapped: true" if tapped else ""
    board = f"""
turn: opponent
players:
  me:
    battle: [{{id: A, card: {{name: 起き上がり, type: creature, text: "{text}"}}{state}}}]
  opponent:
    battle: [{{id: X, card: {{name: 破壊者, type: creature}}}}]
effect: {{source: X, controller: opponent, by: ability, events: [{{destroy: A}}]}}
"""
    return sorted((r.final["A"], r.untapped) for r in dmrules.solve(scenario(board)).resolutions)


def test_the_solver_keeps_a_tapped_creature_untapped_instead():
    assert _untap_finals(tapped=True) == [("battle", ("A",)), ("graveyard", ())]
    must = "このクリーチャーが破壊される時、かわりにアンタップする。"
    assert _untap_finals(tapped=True, text=must) == [("battle", ("A",))]


def test_an_untapped_creature_cannot_be_untapped_instead():
    assert _untap_finals(tapped=False) == [("graveyard", ())]
    must = "このクリーチャーが破壊される時、かわりにアンタップする。"
    assert _untap_finals(tapped=False, text=must) == [("graveyard", ())]


# -- the cards under the watched creature sent elsewhere (「その下にあるカードは、墓地に置くかわりに…」) -----------

UNDER_TO_HAND = (
    "自分の進化クリーチャーが破壊される時、そのクリーチャーの下にあるカードは、"
    "墓地に置くかわりにすべて自分の手札に戻す。"
)


@pytest.mark.parametrize(
    "text",
    [
        UNDER_TO_HAND,
        "自分の進化クリーチャーが破壊される時、その下にあるカードはすべて、墓地に置くかわりに手札に戻す。",
        "自分の進化クリーチャーが破壊される時、そのクリーチャーの下にあったカードは墓地に置くかわりに手札に戻す。",
        "自分の進化クリーチャーが破壊される時、そのクリーチャーの下にあるカードを墓地に置くかわりに手札に戻す。",
    ],
)
def test_the_cards_under_the_watched_creature_sent_elsewhere_are_read(text):
    assert_compiles_to(
        text,
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature", "evolution": True}},
            "instead": ["top_card_only", {"under_watched_to": "hand"}],
        },
    )


@pytest.mark.parametrize(
    "text, named",
    [
        # the event is no move to the graveyard; the cards under put into the opponent's zone; a choice among them
        (
            "自分の進化クリーチャーが手札に戻される時、そのクリーチャーの下にあるカードは墓地に置くかわりにマナゾーンに置く。",
            "says again an event",
        ),
        (
            "自分の進化クリーチャーが破壊される時、そのクリーチャーの下にあるカードは墓地に置くかわりに相手のマナゾーンに置く。",
            "opponent's zone",
        ),
        (
            "自分のシールドがブレイクされる時、そのクリーチャーの下にあるカードは墓地に置くかわりに手札に戻す。",
            "says again",
        ),
    ],
)
def test_near_variants_of_the_cards_under_sent_elsewhere_are_refused(text, named):
    assert_refused(text, named)


def _under_finals(text: str, under: int = 2) -> list[tuple[dict[str, str], int]]:
    pile = "".join(f"\n      - {{id: u{i}, card: {{name: 進化元{i}, type: creature}}, under: V}}" for i in range(under))
    board = f"""
turn: opponent
players:
  me:
    battle:
      - {{id: V, card: {{name: 進化する者, type: evolution_creature}}}}{pile}
      - {{id: S, card: {{name: 見守る者, type: creature, text: "{text}"}}}}
  opponent:
    battle: [{{id: X, card: {{name: 破壊者, type: creature}}}}]
effect: {{source: X, controller: opponent, by: ability, events: [{{destroy: V}}]}}
"""
    pile_ids = ["V"] + [f"u{i}" for i in range(under)]
    return [({c: r.final[c] for c in pile_ids}, len(r.applied)) for r in dmrules.solve(scenario(board)).resolutions]


def test_the_solver_sends_the_cards_under_the_destroyed_creature_elsewhere():
    assert _under_finals(UNDER_TO_HAND) == [({"V": "graveyard", "u0": "hand", "u1": "hand"}, 1)]
    # with nothing under it there is nothing to replace: the creature is destroyed as it would be, S not applied
    assert _under_finals(UNDER_TO_HAND, under=0) == [({"V": "graveyard"}, 0)]


def _pile_board(own: str, placed: bool = False) -> str:
    """V (its own ability ``own``) with u0 under it, destroyed; S sends the pile to the hand."""
    under = "placed_under: V" if placed else "under: V"
    text = f', text: "{own}"' if own else ""
    return f"""
turn: opponent
players:
  me:
    battle:
      - {{id: V, card: {{name: 進化する者, type: evolution_creature{text}}}}}
      - {{id: u0, card: {{name: 進化元, type: creature}}, {under}}}
      - {{id: S, card: {{name: 見守る者, type: creature, text: "{UNDER_TO_HAND}"}}}}
  opponent:
    battle: [{{id: X, card: {{name: 破壊者, type: creature}}}}]
effect: {{source: X, controller: opponent, by: ability, events: [{{destroy: V}}]}}
"""


def test_the_cards_under_sent_elsewhere_beside_another_replacement_of_the_creature_are_refused_by_name():
    # V may go to the mana zone instead (its own ability): does it still, once S has sent its pile elsewhere? A
    # result of a replacement is replaced no further (101.5), and S replaces only the pile's move: no rule says
    own = "このクリーチャーが破壊される時、墓地に置くかわりにマナゾーンに置いてもよい。"
    with pytest.raises(dmrules.InputError, match="another replacement watches an event of that"):
        dmrules.solve(scenario(_pile_board(own)))


def test_a_card_put_under_the_creature_otherwise_stays_and_is_no_pile_sent_elsewhere():
    # u0 was put under V (no evolution source): it stays in the battle zone, and S has nothing to replace
    resolutions = dmrules.solve(scenario(_pile_board("", placed=True))).resolutions
    assert [(r.final["V"], r.final["u0"], len(r.applied)) for r in resolutions] == [("graveyard", "battle", 0)]


@pytest.mark.parametrize("colon", [":", "："])
def test_the_ability_used_instead_of_attacking_said_after_a_colon_is_no_replacement(colon):
    used = "タップして次の能力を使ってもよい"
    text = f"このクリーチャーで攻撃するかわりに、{used}{colon}相手のクリーチャーを1体選び、タップする。"
    result = compile_text(text)
    assert not result.has_replacement
    assert [s.verdict for s in result.sentences] == ["not_replacement", "other"]


def test_the_return_to_the_hyperspatial_zone_said_again_is_a_psychic_creatures_leaving():
    assert_compiles_to(
        "自分のサイキック・クリーチャーがバトルゾーンを離れる時、超次元ゾーンに戻すかわりに自分の手札を1枚捨ててもよい。",
        {
            "watch": {"event": "leave", "card": {"whose": "own", "type": "psychic"}},
            "instead": ["stay", {"discard": {"count": 1}}],
            "optional": True,
        },
    )
    # sent elsewhere, it would go to the hyperspatial zone all the same (117.1): refused
    assert_refused(
        "自分のサイキック・クリーチャーがバトルゾーンを離れる時、超次元ゾーンに戻すかわりに手札に戻す。",
        "where the rules send it",
    )
    # of a card the phrase does not say is a psychic creature, or of an event that is no leaving nor destruction
    assert_refused(
        "自分のクリーチャーがバトルゾーンを離れる時、超次元ゾーンに戻すかわりに手札に戻す。", "is a psychic creature"
    )
    assert_refused(
        "自分のサイキック・クリーチャーが手札に戻される時、超次元ゾーンに戻すかわりに自分の手札を1枚捨ててもよい。",
        "says again an event",
    )
    # its destruction, which sends it there too
    assert_compiles_to(
        "自分のサイキック・クリーチャーが破壊される時、超次元ゾーンに戻すかわりに自分の手札を1枚捨ててもよい。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "psychic"}},
            "instead": ["stay", {"discard": {"count": 1}}],
            "optional": True,
        },
    )
    # this card's destruction, whatever card it is, or cards besides psychic creatures
    assert_refused("このクリーチャーが破壊される時、超次元ゾーンに戻すかわりに手札に戻す。", "is a psychic creature")
    assert_refused(
        "自分のクリーチャーまたはサイキック・クリーチャーが破壊される時、超次元ゾーンに戻すかわりに自分の手札を1枚捨てても"
        "よい。",
        "is a psychic creature",
    )


# -- a draw by a cause (「自分の呪文によって自分がカードを引く時」): only that draw is replaced ----------------------

DRAW_BY_SPELL = "自分の呪文によって自分がカードを引く時、かわりにカードを2枚引いてもよい。"


def test_a_draw_by_a_cause_is_read():
    assert_compiles_to(
        DRAW_BY_SPELL,
        {
            "watch": {"event": "draw", "player": "own", "when": ["by_self", "by_spell"]},
            "instead": [{"draw": 2}],
            "optional": True,
        },
    )


@pytest.mark.parametrize("by, source, drawn", [("spell", "S", {1, 2}), ("ability", "C", {1})])
def test_the_solver_replaces_only_the_draw_of_its_cause(by, source, drawn):
    # a spell of mine (S, cast from the hand) or a creature of mine's ability (C) makes me draw one card
    board = f"""
turn: me
players:
  me:
    battle:
      - {{id: B, card: {{name: 書庫の番人, type: creature, text: "{DRAW_BY_SPELL}"}}}}
      - {{id: C, card: {{name: 引かせる者, type: creature}}}}
    hand: [{{id: S, card: {{name: 引く力, type: spell}}}}]
    deck: [d1, d2, d3]
  opponent: {{}}
effect: {{source: {source}, controller: me, by: {by}, events: [{{draw: me}}]}}
"""
    resolutions = dmrules.solve(scenario(board)).resolutions
    assert {sum(r.final[c] == "hand" for c in ("d1", "d2", "d3")) for r in resolutions} == drawn


def test_the_watched_card_named_again_before_a_tap_renders_back():
    text = "相手のクリーチャーが相手の効果によって離れる時、かわりにそのクリーチャーをタップする。"
    assert compile_text(text).complete
    # 「その相手クリーチャー」 is no watched card: not taken for it
    assert_refused(
        "自分のクリーチャーが破壊される時、かわりにその相手クリーチャーをタップする。", "other creature of the battle"
    )


@pytest.mark.parametrize(
    "text",
    [
        # 「そのクリーチャー」 after a battle with a creature named: this creature's partner, most likely
        "このクリーチャーが相手のクリーチャーとのバトルで破壊される時、かわりにそのクリーチャーを持ち主の手札に戻す。",
        "自分のドラゴンが相手のクリーチャーとのバトルで破壊される時、かわりにそのクリーチャーを手札に戻す。",
    ],
)
def test_sono_creature_after_a_battle_with_a_named_creature_is_refused(text):
    assert_refused(text, "the watched card or its partner")


def test_a_replacement_said_after_the_colon_of_the_ability_used_is_no_ability_of_the_card():
    # what the ability used makes happen is no standing ability of the card: never read as one
    used = "このクリーチャーで攻撃するかわりに、タップして次の能力を使ってもよい"
    text = f"{used}：このクリーチャーが破壊される時、かわりに手札に戻す。"
    assert not compile_text(text).abilities


def test_this_card_untapped_after_it_is_flipped_reads_alike_named_or_not():
    said = "このクリーチャーがバトルゾーンを離れる時、かわりにこのクリーチャーを裏返し、"
    kinds = [
        [[a.kind for a in ab.instead] for ab in compile_text(said + end).abilities]
        for end in ("アンタップする。", "このクリーチャーをアンタップする。")
    ]
    assert kinds == [[["stay", "flip_source", "untap_source"]]] * 2


@pytest.mark.parametrize(
    "instead",
    [
        [{"under_watched_to": "hand"}],  # without the watched card's own move
        ["top_card_only", {"under_watched_to": "graveyard"}],  # to where the event sends them
        ["top_card_only", {"under_watched_to": "battle"}],
    ],
)
def test_a_form_of_the_cards_under_sent_elsewhere_otherwise_is_refused(instead):
    with pytest.raises(dmrules.InputError, match="'under_watched_to' follows 'top_card_only' alone"):
        read_forms([{"watch": {"event": "destroy", "card": {"whose": "own", "evolution": True}}, "instead": instead}])


def test_a_card_put_under_the_creature_otherwise_stays_while_its_pile_is_sent_elsewhere():
    board = _pile_board("").replace(
        "      - {id: S,",
        "      - {id: p0, card: {name: 置かれたカード, type: creature}, placed_under: V}\n      - {id: S,",
    )
    resolutions = dmrules.solve(scenario(board)).resolutions
    assert [(r.final["V"], r.final["u0"], r.final["p0"]) for r in resolutions] == [("graveyard", "hand", "battle")]


# -- while this creature attacks (「このクリーチャーが攻撃中に破壊される時」): the card's flag `attacking` ----

ATTACKING_TO_HAND = "このクリーチャーが攻撃中に破壊される時、墓地に置くかわりに持ち主の手札に戻す。"


@pytest.mark.parametrize(
    "text",
    [
        ATTACKING_TO_HAND,
        "攻撃中にこのクリーチャーが破壊される時、墓地に置くかわりに持ち主の手札に戻す。",
        "このクリーチャーが攻撃している間、このクリーチャーが破壊される時、墓地に置くかわりに持ち主の手札に戻す。",
    ],
)
def test_while_this_creature_attacks_is_read_as_its_condition(text):
    assert_compiles_to(
        text,
        {"watch": {"event": "destroy", "card": "this"}, "if": ["this_attacking"], "instead": [{"move_to": "hand"}]},
    )


@pytest.mark.parametrize("flags, where", [("[attacking]", "hand"), ("[]", "graveyard")])
def test_the_solver_replaces_only_while_the_creature_is_flagged_attacking(flags, where):
    board = f"""
turn: me
players:
  me:
    battle: [{{id: A, card: {{name: 突撃する者, type: creature, text: "{ATTACKING_TO_HAND}"}}, flags: {flags}}}]
  opponent:
    battle: [{{id: X, card: {{name: 破壊者, type: creature}}}}]
effect: {{source: X, controller: opponent, by: ability, events: [{{destroy: A}}]}}
"""
    assert [r.final["A"] for r in dmrules.solve(scenario(board)).resolutions] == [where]


def test_the_watched_cards_state_with_its_subject_unsaid_and_a_card_stacked_under_this_one_are_read():
    assert_compiles_to(
        "このクリーチャーが破壊される時、タップされていなければ、かわりにタップしてもよい。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "if": ["this_untapped"],
            "instead": ["stay", "tap_it"],
            "optional": True,
        },
    )
    assert compile_text(
        "自分の他の闇のクリーチャーが破壊される時、墓地に置くかわりにこのクリーチャーの下に重ねてもよい。"
    ).complete
    # after another card's event, the state said with no subject is not this card's: not read as it
    assert_refused(
        "自分の他のクリーチャーが破壊される時、タップされていなければ、かわりにタップしてもよい。", "cannot read"
    )


@pytest.mark.parametrize(
    "text",
    [
        # the state said with no subject after another card's event, a duration before it: not this creature's
        "このクリーチャーがバトルゾーンにある間、自分の他のクリーチャーが破壊される時、タップされていなければ、かわりに手札に戻す。",
        # 「そのカード」「それ」 after a battle with a creature named: the watched card or its partner
        "自分のクリーチャーが相手のクリーチャーとのバトルで破壊される時、かわりにそのカードを手札に戻す。",
        "自分のクリーチャーが相手のクリーチャーとのバトルで破壊される時、かわりにそれを手札に戻す。",
    ],
)
def test_what_the_second_review_found_read_wrong_is_refused(text):
    assert not compile_text(text).abilities


def test_the_new_wordings_read_after_another_sentence_of_the_line():
    text = "このクリーチャーはブロックされない。このクリーチャーが攻撃中に破壊される時、かわりに手札に戻す。"
    assert [s.verdict for s in compile_text(text).sentences] == ["other", "replacement"]
    used = (
        "このクリーチャーで攻撃するかわりに、タップして次の能力を使ってもよい:相手のクリーチャーを1体選び、タップする。"
    )
    verdicts = [
        s.verdict for s in compile_text(used + "このクリーチャーが破壊される時、かわりに手札に戻す。").sentences
    ]
    assert verdicts == ["not_replacement", "other", "replacement"]


def test_mana_tapped_otherwise_by_an_effect_is_not_taken_for_a_cost():
    text = "相手のマナゾーンにあるカードを2枚タップするかわりに、相手のマナゾーンにあるカードを2枚墓地に置く。"
    assert [s.verdict for s in compile_text(text).sentences] == ["self_replacement"]


@pytest.mark.parametrize(
    "text",
    [
        # the tap ability given, what it does said with 「選んでもよい」 (a verb in 「で」)
        "これを装備したクリーチャーは「このクリーチャーで攻撃するかわりに、タップして相手のクリーチャーを1体選んでもよい。"
        "このターン、そのクリーチャーのパワーを-3000する」を得る。",
        # in exchange for what the player did, which happened
        "このクリーチャーが出た時、自分の他のクリーチャーを1体、手札に戻してもよい。そうしたら、そのかわりに、"
        "そのクリーチャーよりコストが1大きいクリーチャーを1体、自分の手札から出す。",
        # the creatures' tap ability for a turn, 「はすべて、」 before it
        "このターン、自分の光のクリーチャーはすべて、攻撃するかわりに、タップして自分のシールドを1枚見てもよい。",
        # another evolution source, another god linked to
        "このクリーチャーは、バトルゾーンにある進化元のかわりに、自分のマナゾーンにあるビーストフォークを1体選び、"
        "その上に重ねつつバトルゾーンに出してもよい。",
        "このクリーチャーは、《天聖神ルクシオン》のかわりに、名前に《神》とある自分の他の光のゴッドの左横にリンクしてもよい。",
        # in place of cards already discarded
        "自分の手札を2枚まで捨てる。その後、捨てたカードのかわりに、同じ枚数のカードを引く。",
    ],
)
def test_a_かわりに_after_what_was_done_or_in_a_given_tap_ability_replaces_no_event(text):
    result = compile_text(text)
    assert not result.abilities and not result.problems
    assert "not_replacement" in [s.verdict for s in result.sentences]


def test_a_card_discarded_instead_is_still_a_replacement_when_its_event_is_watched():
    # 「捨てたカード」 read in no other sense than as what was done: a watched event before it stays a replacement
    text = "このクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。"
    assert [s.verdict for s in compile_text(text).sentences] == ["replacement"]


# -- a battle in which the card blocks (「ブロックしたバトルで破壊される時」): the card's flag `blocking` ----------

BLOCKED_TO_HAND = "このクリーチャーがブロックしたバトルで破壊される時、墓地に置くかわりに持ち主の手札に戻す。"


@pytest.mark.parametrize(
    ("text", "form"),
    [
        (
            BLOCKED_TO_HAND,
            {
                "watch": {"event": "destroy", "card": "this", "when": ["by_battle", "blocking"]},
                "instead": [{"move_to": "hand"}],
            },
        ),
        (
            "自分の光のクリーチャーがブロックしてバトルで破壊される時、墓地に置くかわりに手札に戻す。",
            {
                "watch": {
                    "event": "destroy",
                    "card": {"whose": "own", "type": "creature", "civilization": "light"},
                    "when": ["by_battle", "blocking"],
                },
                "instead": [{"move_to": "hand"}],
            },
        ),
        (  # the battle said before this creature, its blocking as a condition of the card
            "相手のクリーチャーとのバトルでこのクリーチャーが破壊される時、このクリーチャーがブロックしていれば、"
            "墓地に置くかわりに持ち主の手札に戻してもよい。",
            {
                "watch": {
                    "event": "destroy",
                    "card": "this",
                    "when": ["by_battle"],
                    "partner": {"whose": "opponent", "type": "creature"},
                },
                "if": ["this_blocking"],
                "instead": [{"move_to": "hand"}],
                "optional": True,
            },
        ),
    ],
)
def test_a_battle_in_which_the_card_blocks_is_read(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    ("flags", "by", "where"),
    [("[blocking]", "battle", "hand"), ("[]", "battle", "graveyard"), ("[blocking]", "ability", "graveyard")],
)
def test_the_solver_replaces_only_a_battles_destruction_of_a_creature_flagged_blocking(flags, by, where):
    assert _blocker_finals(BLOCKED_TO_HAND, flags, by) == [where]


def _blocker_finals(text: str, flags: str, by: str) -> list[str]:
    """Where A (with ``text`` and ``flags``) ends when the opponent's X destroys it ``by`` a battle or an ability."""
    board = f"""
turn: opponent
players:
  me:
    battle: [{{id: A, card: {{name: 守る者, type: creature, text: "{text}"}}, flags: {flags}}}]
  opponent:
    battle: [{{id: X, card: {{name: 攻める者, type: creature}}}}]
effect: {{source: X, controller: opponent, by: {by}, events: [{{destroy: A}}]}}
"""
    return [r.final["A"] for r in dmrules.solve(scenario(board)).resolutions]


def test_this_creatures_blocking_is_its_flag():
    text = (
        "このクリーチャーが破壊される時、このクリーチャーがブロックしていれば、墓地に置くかわりに持ち主の手札に戻す。"
    )
    assert _blocker_finals(text, "[blocking]", "ability") == ["hand"]
    assert _blocker_finals(text, "[]", "ability") == ["graveyard"]


@pytest.mark.parametrize(("flags", "where"), [("[blocked]", "hand"), ("[blocking]", "graveyard"), ("[]", "graveyard")])
def test_a_battle_in_which_the_cards_attack_is_blocked_is_its_flag_blocked(flags, where):
    text = "このクリーチャーがブロックされ、バトルで破壊される時、墓地に置くかわりに持ち主の手札に戻す。"
    assert_compiles_to(
        text,
        {
            "watch": {"event": "destroy", "card": "this", "when": ["by_battle", "blocked"]},
            "instead": [{"move_to": "hand"}],
        },
    )
    board = f"""
turn: me
players:
  me:
    battle: [{{id: A, card: {{name: 攻める者, type: creature, text: "{text}"}}, flags: {flags}}}]
  opponent:
    battle: [{{id: X, card: {{name: 守る者, type: creature}}}}]
effect: {{source: X, controller: opponent, by: battle, events: [{{destroy: A}}]}}
"""
    assert [r.final["A"] for r in dmrules.solve(scenario(board)).resolutions] == [where]


# -- a card the player discards, said in the active voice with the hand first (「自分の手札からドラゴンを捨てる時」) ---

_MADNESS_LIKE = {"event": "discard", "card": "this"}
_DRAGON_DISCARDED = {"event": "discard", "card": {"whose": "own", "race": "ドラゴン"}}


@pytest.mark.parametrize(
    ("text", "forms"),
    [
        (
            "相手の呪文またはクリーチャーの能力によって、このクリーチャーを自分の手札から捨てる時、墓地に置くかわりにバトルゾーン"
            "に出してもよい。",
            [
                {"watch": {**_MADNESS_LIKE, "when": when}, "instead": [{"move_to": "battle"}], "optional": True}
                for when in (["by_opponent", "by_spell"], ["by_opponent", "by_ability", "by_creature"])
            ],
        ),
        (
            "相手の呪文によって、自分の手札からこのクリーチャーを捨てる時、墓地に置くかわりにバトルゾーンに出してもよい。",
            [
                {
                    "watch": {**_MADNESS_LIKE, "when": ["by_opponent", "by_spell"]},
                    "instead": [{"move_to": "battle"}],
                    "optional": True,
                }
            ],
        ),
        (
            "自分の呪文またはクリーチャーの能力によって自分の手札からドラゴンを捨てる時、墓地に置くかわりに自分のマナゾーン"
            "に置いてもよい。",
            [
                {"watch": {**_DRAGON_DISCARDED, "when": when}, "instead": [{"move_to": "mana"}], "optional": True}
                for when in (["by_self", "by_spell"], ["by_self", "by_ability", "by_creature"])
            ],
        ),
    ],
)
def test_a_card_discarded_said_with_the_hand_it_leaves_is_read_as_its_discard(text, forms):
    assert_compiles_to(text, *forms)


def test_a_players_discarding_with_something_else_done_instead_stays_refused():
    # whether it is one event of all the cards discarded or one a card, the text does not say
    text = "自分の手札からカードを捨てる時、かわりに自分のマナゾーンのカードを1枚墓地に置いてもよい。"
    assert not compile_text(text).abilities


# -- the top card alone put into the graveyard instead of a destruction (「一番上のカードだけを墓地に置く」) -------

TOP_ALONE = "自分の進化クリーチャーが破壊される時、かわりにそのクリーチャーの一番上のカードだけを墓地に置いてもよい。"


@pytest.mark.parametrize(
    ("text", "form"),
    [
        (
            "このクリーチャーが破壊される時、かわりに一番上のカードだけを墓地に置く。",
            {"watch": {"event": "destroy", "card": "this"}, "instead": ["top_card_only"]},
        ),
        (
            TOP_ALONE,
            {
                "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature", "evolution": True}},
                "instead": ["top_card_only"],
                "optional": True,
            },
        ),
    ],
)
def test_the_top_card_alone_put_into_the_graveyard_instead_of_a_destruction_is_read(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        # another event than a destruction: the top card would go elsewhere than where the event sends it
        (
            "このクリーチャーが相手の効果によって手札に戻される時、かわりにこのクリーチャーの一番上のカードを墓地に置いてもよい。",
            "an event that does not put it there",
        ),
        # 「このクリーチャーの」 after another creature's destruction: this card's top card, not the destroyed one's
        (
            "自分の進化クリーチャーが破壊される時、かわりにこのクリーチャーの一番上のカードを墓地に置いてもよい。",
            "another creature than the one destroyed",
        ),
    ],
)
def test_the_top_card_of_another_event_or_creature_is_refused(text, named):
    assert_refused(text, named)


def test_the_solver_destroys_the_top_card_alone_and_keeps_the_pile():
    finals = sorted(_under_finals(TOP_ALONE), key=str)
    assert finals == sorted(
        [
            ({"V": "graveyard", "u0": "graveyard", "u1": "graveyard"}, 0),
            ({"V": "graveyard", "u0": "battle", "u1": "battle"}, 1),
        ],
        key=str,
    )


@pytest.mark.parametrize(
    "text",
    [
        # a follow-up that goes on with the replacement before it, its 「かわりに」 no sign of an exchange
        "このクリーチャーが破壊される時、墓地に置くかわりに手札に戻してもよい。そうしたら、そのかわりに、相手はカードを1枚引く。",
        "このクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。その後、捨てたカードのかわりに、カードを1枚引く。",
        # the watched event in the sentence before, what is done instead after 「そうしたら」
        "このクリーチャーが破壊される時、自分の手札を1枚捨ててもよい。そうしたら、そのかわりに、このクリーチャーはバトルゾーンに"
        "とどまる。",
        # a watched event said with 「時に、」「場合は、」: never an effect's own, nor replacing no event
        "相手が自分の手札を捨てる時に、捨てたカードのかわりに、そのカードを山札の下に置く。",
        "このゴッドがバトルゾーンから離れる場合は、墓地のかわりに、他のゴッドにリンクしてもよい。",
        "このクリーチャーが手札に戻る時に、進化元のかわりに、このクリーチャーだけを手札に戻してもよい。",
        # the opponent's hand a card is discarded from, its discarding player unsaid
        "相手の手札からカードを捨てる時、かわりにそのカードを相手のマナゾーンに置く。",
    ],
)
def test_what_the_third_review_found_set_aside_or_widened_is_refused(text):
    result = compile_text(text)
    assert not result.complete
    assert "not_replacement" not in [s.verdict for s in result.sentences]
    assert "self_replacement" not in [s.verdict for s in result.sentences]


def test_a_discarded_card_with_a_cause_and_a_comma_before_the_hand_is_read():
    assert_compiles_to(
        "相手の呪文によって、自分の手札からドラゴンを捨てる時、墓地に置くかわりにマナゾーンに置いてもよい。",
        {
            "watch": {**_DRAGON_DISCARDED, "when": ["by_opponent", "by_spell"]},
            "instead": [{"move_to": "mana"}],
            "optional": True,
        },
    )


# -- the turn's draw (「自分のターンのはじめにカードを引く時」): the draw the rules make, an effect `by: rule` -------

TURN_DRAW_TO_MANA = (
    "自分のターンのはじめにカードを引く時、かわりに自分の山札の上から1枚目を自分のマナゾーンに置いてもよい。"
)
_TO_MANA = [{"mill": {"player": "own", "count": 1, "to": "mana"}}]


@pytest.mark.parametrize(
    "text",
    [
        TURN_DRAW_TO_MANA,
        "自分のターンの最初に、カードを引く時、かわりに自分の山札の上から1枚目を自分のマナゾーンに置いてもよい。",
        # the draw replaced said with no 「時」, as サイレントスキル's untapping is
        "自分のターンのはじめに、カードを引くかわりに自分の山札の上から1枚目を自分のマナゾーンに置いてもよい。",
    ],
)
def test_the_turns_draw_is_read_as_the_draw_the_rules_make(text):
    assert_compiles_to(
        text,
        {"watch": {"event": "draw", "player": "own", "when": ["turn_start"]}, "instead": _TO_MANA, "optional": True},
    )


def test_a_cause_of_the_turns_draw_is_refused():
    assert_refused(
        "自分のターンのはじめに、相手の呪文によって自分がカードを引く時、かわりに自分の山札の上から1枚目を墓地に置く。",
        "renders as",
    )


@pytest.mark.parametrize(("by", "drawn"), [("rule", {0, 1}), ("ability", {1})])
def test_the_solver_replaces_only_the_draw_the_rules_make(by, drawn):
    board = f"""
turn: me
players:
  me:
    battle: [{{id: B, card: {{name: 大地の番人, type: creature, text: "{TURN_DRAW_TO_MANA}"}}}}]
    deck: [d1, d2]
  opponent: {{}}
effect: {{controller: me, by: {by}, events: [{{draw: me}}]}}
"""
    resolutions = dmrules.solve(scenario(board)).resolutions
    assert {sum(r.final[c] == "hand" for c in ("d1", "d2")) for r in resolutions} == drawn
    assert {sum(r.final[c] == "mana" for c in ("d1", "d2")) for r in resolutions} == ({0, 1} if by == "rule" else {0})


# -- a card of the opponent's hand chosen without seeing it (「見ないで1枚選び、捨てさせる」): at random -------------

BLIND_DISCARD = "このクリーチャーがシールドをブレイクする時、かわりに相手の手札を見ないで1枚選び、捨てさせてもよい。"


@pytest.mark.parametrize(
    "text",
    [
        BLIND_DISCARD,
        "このクリーチャーがシールドをブレイクする時、かわりに相手の手札を1枚見ないで選び、捨てさせてもよい。",
    ],
)
def test_a_blind_discard_of_the_opponents_hand_is_read(text):
    assert_compiles_to(
        text,
        {
            "watch": {"event": "break", "card": {"whose": "opponent"}, "when": ["by_this"]},
            "instead": ["stay", {"discard": {"count": 1, "whose": "opponent", "blind": True}}],
            "optional": True,
        },
    )


@pytest.mark.parametrize(
    "text",
    [
        # the player's own hand, or cards a phrase names, chosen without seeing them: no choice of the vocabulary
        "このクリーチャーが破壊される時、かわりに自分の手札を見ないで1枚選び、捨てる。",
        "このクリーチャーがシールドをブレイクする時、かわりに相手のクリーチャーを見ないで1体選び、破壊する。",
        # the opponent's hand discarded with no one said choosing: still refused
        "このクリーチャーがシールドをブレイクする時、かわりに相手の手札を1枚選び、捨ててもよい。",
    ],
)
def test_other_cards_chosen_without_seeing_them_are_refused(text):
    assert not compile_text(text).abilities


def test_the_solver_lists_each_card_of_the_opponents_hand_a_blind_discard_may_take():
    board = f"""
turn: me
players:
  me:
    battle: [{{id: A, card: {{name: 探る者, type: creature, text: "{BLIND_DISCARD}"}}}}]
  opponent:
    hand: [h1, h2]
    shields: [s1]
effect: {{source: A, controller: me, by: attack, events: [{{break: s1}}]}}
"""
    finals = {(r.final["s1"], r.final["h1"], r.final["h2"]) for r in dmrules.solve(scenario(board)).resolutions}
    assert finals == {("hand", "hand", "hand"), ("shields", "graveyard", "hand"), ("shields", "hand", "graveyard")}


def test_a_blind_choice_of_another_hand_than_the_opponents_renders_no_card_japanese():
    def form(whose: str) -> dict:
        return {
            "watch": {"event": "destroy", "card": "this"},
            "instead": ["stay", {"discard": {"count": 1, "whose": whose, "blind": True}}],
        }

    assert "相手の手札を1枚見ないで選び" in render_ability_sentence(read_forms([form("opponent")]))
    with pytest.raises(ReadError, match="other than the opponent's hand"):
        render_ability_sentence(read_forms([form("own")]))


# -- another card's untapping replaced (「相手のターンのはじめに、…は、アンタップするかわりに」, 「アンタップされる時」)

KEPT_TAPPED = (
    "相手のターンのはじめに、バトルゾーンにある相手のパワー5000以上のクリーチャーは、アンタップするかわりに"
    "タップされたままになる。"
)

_BIG = {"whose": "opponent", "type": "creature", "power_min": 5000}


@pytest.mark.parametrize(
    ("text", "form"),
    [
        (
            KEPT_TAPPED,
            {"watch": {"event": "untap", "card": _BIG, "when": ["turn_start"]}, "instead": ["stay"]},
        ),
        (
            "相手のパワー5000以上のクリーチャーがアンタップされる時、かわりにタップされたままにする。",
            {"watch": {"event": "untap", "card": _BIG}, "instead": ["stay"]},
        ),
    ],
)
def test_another_cards_untapping_replaced_is_read(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        # the untap step of one player's turn untaps that player's cards alone
        (
            "自分のターンのはじめに、相手のクリーチャーは、アンタップするかわりにタップされたままになる。",
            "another player's",
        ),
        # 「タップされたまま」 instead of another event than an untapping
        ("このクリーチャーが破壊される時、かわりにタップされたままになる。", "cannot be stated here"),
    ],
)
def test_an_untapping_of_another_turn_or_kept_tapped_otherwise_is_refused(text, named):
    assert_refused(text, named)


@pytest.mark.parametrize(("by", "expected"), [("rule", ("tapped", "untapped")), ("ability", ("untapped", "untapped"))])
def test_the_solver_keeps_tapped_only_the_creatures_the_untap_step_would_untap(by, expected):
    board = f"""
turn: opponent
players:
  me:
    battle: [{{id: L, card: {{name: 氷の番人, type: creature, power: 2000, text: "{KEPT_TAPPED}"}}}}]
  opponent:
    battle:
      - {{id: X, tapped: true, power: 6000, card: {{name: 大きな者, type: creature, power: 6000}}}}
      - {{id: Y, tapped: true, power: 3000, card: {{name: 小さな者, type: creature, power: 3000}}}}
effect: {{controller: opponent, by: {by}, events: [{{untap: X}}, {{untap: Y}}]}}
"""
    resolutions = dmrules.solve(scenario(board)).resolutions
    assert len(resolutions) == 1
    untapped = {c for c in ("X", "Y") if c in resolutions[0].untapped}
    assert tuple("untapped" if c in untapped else "tapped" for c in ("X", "Y")) == expected


def test_what_the_fourth_review_found_is_refused_or_answered_right():
    # 「AをXに置くか、Yに置く」: the top card alone either way; read as the whole pile in the second, refused
    text = "自分の進化クリーチャーが破壊される時、かわりに一番上のカードだけを墓地に置くか、マナゾーンに置いてもよい。"
    assert not compile_text(text).abilities
    # the rules' draw of a player whose turn it is not is no turn's draw
    board = f"""
turn: opponent
players:
  me:
    battle: [{{id: B, card: {{name: 大地の番人, type: creature, text: "{TURN_DRAW_TO_MANA}"}}}}]
    deck: [d1, d2]
  opponent: {{}}
effect: {{controller: me, by: rule, events: [{{draw: me}}]}}
"""
    assert [r.final["d1"] for r in dmrules.solve(scenario(board)).resolutions] == ["hand"]


def test_the_solver_keeps_a_destroyed_psychic_creature_for_a_discard():
    text = "自分のサイキック・クリーチャーが破壊される時、超次元ゾーンに戻すかわりに自分の手札を1枚捨ててもよい。"
    board = f"""
turn: opponent
players:
  me:
    battle:
      - {{id: K, card: {{name: 時空の番人, type: creature, text: "{text}"}}}}
      - {{id: P, card: {{name: 試しのサイキック, type: psychic_creature}}}}
    hand: [h1]
  opponent:
    battle: [{{id: X, card: {{name: 破壊者, type: creature}}}}]
effect: {{source: X, controller: opponent, by: ability, events: [{{destroy: P}}]}}
"""
    finals = {(r.final["P"], r.final["h1"]) for r in dmrules.solve(scenario(board)).resolutions}
    assert finals == {("hyperspatial", "hand"), ("battle", "graveyard")}


# -- chosen cards tapped where they are (「自分のマナゾーンのカードを2枚タップしてもよい」) ------------------------

TAP_MANA = "このクリーチャーが破壊される時、かわりに自分のマナゾーンのカードを2枚タップしてもよい。"


@pytest.mark.parametrize(
    ("text", "form"),
    [
        (
            TAP_MANA,
            {
                "watch": {"event": "destroy", "card": "this"},
                "instead": ["stay", {"choose": {"count": 2, "from": "mana", "to": "mana", "verb": "tap"}}],
                "optional": True,
            },
        ),
        (
            "相手の呪文によってこのクリーチャーが破壊される時、かわりに相手のクリーチャーを1体選び、タップする。",
            {
                "watch": {"event": "destroy", "card": "this", "when": ["by_opponent", "by_spell"]},
                "instead": [
                    "stay",
                    {
                        "choose": {
                            "count": 1,
                            "from": "battle",
                            "to": "battle",
                            "verb": "tap",
                            "whose": "opponent",
                            "type": "creature",
                        }
                    },
                ],
            },
        ),
    ],
)
def test_chosen_cards_tapped_where_they_are_are_read(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text",
    [
        # cards of a zone where no card is tapped, or all of them (「すべて」: a choice of at least one)
        "このクリーチャーが破壊される時、かわりに自分の墓地のカードを2枚タップしてもよい。",
        "このクリーチャーが破壊される時、かわりに自分のマナゾーンのカードをすべてタップしてもよい。",
    ],
)
def test_chosen_cards_tapped_elsewhere_or_all_of_them_are_refused(text):
    assert_refused(text, "")


@pytest.mark.parametrize(
    ("mana", "expected"), [("[m1, m2, {id: m3, tapped: true}]", 2), ("[m1, {id: m2, tapped: true}]", 1)]
)
def test_the_solver_taps_untapped_cards_alone(mana, expected):
    board = f"""
turn: opponent
players:
  me:
    battle: [{{id: A, card: {{name: 粘る者, type: creature, text: "{TAP_MANA}"}}}}]
    mana: {mana}
  opponent:
    battle: [{{id: X, card: {{name: 破壊者, type: creature}}}}]
effect: {{source: X, controller: opponent, by: ability, events: [{{destroy: A}}]}}
"""
    resolutions = dmrules.solve(scenario(board)).resolutions
    outcomes = {(r.final["A"], tuple(sorted(r.tapped))) for r in resolutions}
    assert len(outcomes) == expected
    assert ("graveyard", ()) in outcomes
    if expected == 2:
        assert ("battle", ("m1", "m2")) in outcomes


@pytest.mark.parametrize(
    ("text", "named"),
    [
        (
            "このクリーチャーが破壊される時、かわりに自分のマナゾーンのタップされているカードを2枚タップしてもよい。",
            "already",
        ),
        (
            "相手のターンのはじめに、相手のタップされていないクリーチャーは、アンタップするかわりにタップされたままになる。",
            "already",
        ),
    ],
)
def test_a_tapping_of_tapped_cards_or_an_untapping_of_untapped_ones_is_refused(text, named):
    assert_refused(text, named)


TAP_ONE = "このクリーチャーが破壊される時、かわりに相手のクリーチャーを1体選び、タップする。"


def test_a_card_two_replacements_may_tap_is_refused_by_name():
    board = f"""
turn: opponent
players:
  me:
    battle:
      - {{id: A, card: {{name: 粘る者, type: creature, text: "{TAP_ONE}"}}}}
  opponent:
    battle:
      - {{id: X, tapped: true, card: {{name: 破壊者, type: creature}}}}
      - {{id: Y, card: {{name: 盾者, type: creature, text: "このクリーチャーが破壊される時、かわりにタップする。"}}}}
effect: {{source: X, controller: opponent, by: ability, events: [{{destroy: A}}, {{destroy: Y}}]}}
"""
    with pytest.raises(dmrules.InputError, match="may tap too"):
        dmrules.solve(scenario(board))


def test_a_tap_choice_elsewhere_than_where_the_cards_are_is_an_input_error():
    form = {
        "watch": {"event": "destroy", "card": "this"},
        "instead": ["stay", {"choose": {"count": 1, "from": "hand", "to": "hand", "verb": "tap"}}],
    }
    with pytest.raises(dmrules.InputError, match="tapped where they are"):
        read_forms([form])


@pytest.mark.parametrize(
    "text",
    [
        "このクリーチャーとのバトルに負けた相手のクリーチャーが破壊される時、破壊されるかわりに持ち主のマナゾーンに置かれる。",
        "このクリーチャーとのバトルに負けた相手のクリーチャーは、破壊されるかわりに持ち主のマナゾーンに置かれる。",
    ],
)
def test_the_loser_of_a_battle_with_this_creature_said_before_its_destruction_is_read(text):
    assert_compiles_to(
        text,
        {
            "watch": {
                "event": "destroy",
                "card": {"whose": "opponent", "type": "creature"},
                "when": ["by_battle", "battle_with_this"],
            },
            "instead": [{"move_to": "mana"}],
        },
    )
    # the loser of another creature's battle: no creature the vocabulary names
    assert not compile_text(
        "自分のドラゴンとのバトルに負けた相手のクリーチャーが破壊される時、かわりに持ち主のマナゾーンに置く。"
    ).abilities


@pytest.mark.parametrize(
    ("text", "card"),
    [
        (
            "自分の他のブロッカーが破壊される時、かわりにこのクリーチャーを破壊してもよい。",
            {"whose": "own", "type": "creature", "keyword": "ブロッカー", "other": True},
        ),
        (
            "自分の光のブロッカーが破壊される時、かわりにこのクリーチャーを破壊してもよい。",
            {"whose": "own", "type": "creature", "keyword": "ブロッカー", "civilization": "light"},
        ),
        (
            "自分のブロッカーを持つクリーチャーが破壊される時、かわりにこのクリーチャーを破壊してもよい。",
            {"whose": "own", "type": "creature", "keyword": "ブロッカー"},
        ),
    ],
)
def test_blockers_said_bare_are_the_creatures_that_have_the_keyword(text, card):
    """「ブロッカー」 is the keyword and the name of the creatures that have it: never a race."""
    assert_compiles_to(
        text,
        {"watch": {"event": "destroy", "card": card}, "instead": ["destroy_this"], "optional": True},
    )


def test_a_keyword_said_bare_that_names_no_creatures_stays_refused():
    assert_refused("自分の他のスレイヤーが破壊される時、かわりにこのクリーチャーを破壊してもよい。", "keyword")


@pytest.mark.parametrize("side", ["コストの小さいほうに", "コストの小さい方に"])
def test_a_release_flips_the_card_however_the_side_is_written(side):
    """解除's reminder: 「ほう」 in kana or 「方」 in kanji, the same side."""
    text = f"■解除(このクリーチャーがバトルゾーンを離れる時、バトルゾーンを離れるかわりに、{side}裏返す)"
    assert_compiles_to(text, {"watch": {"event": "leave", "card": "this"}, "instead": ["flip_this"]})


def test_a_player_putting_out_creatures_for_free_is_those_creatures_entering_for_free():
    """「相手がコストを支払わずにクリーチャーを出す時」: the opponent's creatures put out without their cost paid."""
    assert_compiles_to(
        "相手がコストを支払わずにコスト5以下のクリーチャーを出す時、かわりにそのクリーチャーを持ち主の手札に戻す。",
        {
            "watch": {
                "event": "enter",
                "card": {"whose": "opponent", "type": "creature", "cost_max": 5},
                "cause": "free",
            },
            "instead": [{"move_to": "hand"}],
        },
    )
    # a player putting out the other player's creatures: whose they are is said twice, refused
    assert_refused(
        "相手がコストを支払わずに自分のクリーチャーを出す時、かわりにそのクリーチャーを持ち主の手札に戻す。", ""
    )


def test_the_first_break_in_a_turn_said_after_the_shield_is_the_first_each_turn():
    assert_compiles_to(
        "相手のターン中、自分のシールドがはじめてブレイクされる時、かわりにこのクリーチャーを破壊してもよい。",
        {
            "watch": {"event": "break", "card": {"whose": "own"}, "when": ["opponent_turn", "first_this_turn"]},
            "instead": ["destroy_this"],
            "optional": True,
        },
    )


@pytest.mark.parametrize(
    "text",
    [
        "クロスしたクリーチャーが破壊される時、かわりにこのクロスギアを持ち主の墓地に置いてもよい。",
        "このオーラを付けたクリーチャーが破壊される時、かわりにこのオーラを持ち主の墓地に置いてもよい。",
    ],
)
def test_the_creature_a_cross_gear_or_an_aura_is_on_said_without_kore_wo(text):
    assert_compiles_to(
        text,
        {
            "watch": {"event": "destroy", "card": "equipped"},
            "instead": ["stay", {"this_to": "graveyard"}],
            "optional": True,
        },
    )


def test_a_creature_crossed_said_bare_in_no_cross_gears_text_is_refused():
    """「クロスしたクリーチャー」 with no 「このクロスギア」 in the sentence: crossed with what, it does not say."""
    assert_refused("クロスしたクリーチャーが破壊される時、かわりにこのクリーチャーを破壊してもよい。", "")


@pytest.mark.parametrize(
    ("event", "cause"),
    [
        ("自分の山札が0枚になってゲームに負ける時、かわりに", "deck_run_out"),
        ("自分の山札がなくなって自分がゲームに負ける時、かわりに", "deck_run_out"),
        ("自分の山札が0枚になった時、ゲームに負けるかわりに", "deck_run_out"),
        # the older wording: the loss drawing the last card brings, alone
        ("自分の山札の最後の1枚を引いたことによってゲームに負ける時、かわりに", "deck_out"),
    ],
)
def test_the_loss_of_a_deck_run_out_however_said(event, cause):
    assert_compiles_to(
        f"{event}このクリーチャーを破壊してもよい。",
        {
            "watch": {"event": "lose", "player": "own", "cause": cause},
            "instead": ["destroy_this"],
            "optional": True,
        },
    )


@pytest.mark.parametrize(
    ("text", "instead"),
    [
        (
            "自分のシールドがブレイクされる時、バトルゾーンに自分のガーディアンがあれば、かわりにそのガーディアンを1体選び、"
            "破壊してもよい。",
            {"destroy": {"count": 1, "whose": "own", "race": "ガーディアン"}},
        ),
        (
            "自分のシールドがブレイクされる時、バトルゾーンにアンタップされている自分のガーディアンがあれば、かわりに"
            "そのうちの1体をタップしてもよい。",
            {
                "choose": {
                    "count": 1,
                    "from": "battle",
                    "to": "battle",
                    "verb": "tap",
                    "whose": "own",
                    "race": "ガーディアン",
                    "untapped": True,
                }
            },
        ),
    ],
)
def test_one_of_the_cards_a_condition_names_acted_on_instead(text, instead):
    """「…があれば、かわりにそのガーディアンを1体…」: one of the cards the condition says there are, which can be
    acted on only when there is one (the condition says no more)."""
    assert_compiles_to(
        text, {"watch": {"event": "break", "card": {"whose": "own"}}, "instead": ["stay", instead], "optional": True}
    )
    # 「そのクリーチャー」 after a condition on ガーディアン: the watched card or one of them, not said
    assert not compile_text(
        text.replace("そのガーディアンを", "そのクリーチャーを").replace("そのうちの", "その")
    ).complete


def test_the_cards_under_the_watched_creature_said_in_the_past():
    past = compile_text(
        "このクリーチャーがバトルゾーンを離れる時、その下にあったカードは、墓地に置くかわりに持ち主の手札に戻す。"
    )
    present = compile_text(
        "このクリーチャーがバトルゾーンを離れる時、このクリーチャーの下にあるカードは、墓地に置くかわりに持ち主の手札に戻す。"
    )
    assert past.complete and present.complete
    assert [comparable(a) for a in past.abilities] == [comparable(a) for a in present.abilities]


@pytest.mark.parametrize(
    "text",
    [
        "このクリーチャーは攻撃できない。そのかわりに、相手のターン中、このクリーチャーのパワーを+5000する。",
        "このクリーチャーは、ブロックされない。そのかわりに、このクリーチャーが攻撃する時、自分の手札を1枚捨てる。",
        "バトルゾーンにある自分の他のクリーチャーはすべて「ブロッカー」を失い、そのかわりにパワー+2000される。",
        "このクリーチャーのパワーは、印刷されているパワーのかわりに、自分のマナゾーンにあるカードの枚数×1000となる。",
        "バトルゾーンに自分のゴッドがあれば、このクリーチャーは「W・ブレイカー」のかわりに「T・ブレイカー」を持つ。",
    ],
)
def test_in_exchange_for_a_restriction_or_a_value_said_otherwise_replaces_no_event(text):
    """「そのかわりに」 after a restriction (no act it could replace), an ability or a power said otherwise: no event
    is replaced, and the sentence is recognised as such."""
    assert compile_text(text).sentences[-1].verdict == "not_replacement"


@pytest.mark.parametrize(
    "text",
    [
        # after an act, 「そのかわりに」 may be in exchange for it or instead of it
        "このクリーチャーが出た時、カードを3枚引く。そのかわりに、このターン、自分は呪文を唱えられない。",
        # a replacement said after 「そのかわりに」 is never passed over as none
        "このクリーチャーは攻撃できない。そのかわりに、このクリーチャーが破壊される時、墓地に置くかわりに手札に戻す。",
    ],
)
def test_in_exchange_after_an_act_or_before_a_replacement_stays_refused(text):
    result = compile_text(text)
    assert not result.complete and result.sentences[-1].verdict == "unreadable"


def test_an_effects_own_power_bonus_said_otherwise_stays_a_self_replacement():
    """A one-shot 「+2000する」 of the effect's, then 「かわりに+4000する」: the effect's own quantity (609.7)."""
    result = compile_text("このクリーチャーのパワーを+2000する。自分のシールドが1枚もなければ、かわりに+4000する。")
    assert [s.verdict for s in result.sentences] == ["other", "self_replacement"]
    # a keyword with a replacement that names the cards acted on, not one given: the effect's own still
    result = compile_text(
        "自分のクリーチャーを1体破壊する。自分のシールドが1枚もなければ、かわりに「シールド・セイバー」を持つクリーチャーを"
        "すべて破壊する。"
    )
    assert [s.verdict for s in result.sentences] == ["other", "self_replacement"]
    # a continuous bonus of another value likewise (クイーン・オブ・プロテクション's 「+4000のかわりに+12000される」)
    result = compile_text(
        "このクリーチャーのパワーは、自分のドラゴン1体につき+1000される。自分のシールドが1枚もなければ、かわりに1体につき"
        "+3000される。"
    )
    assert [s.verdict for s in result.sentences] == ["other", "self_replacement"]


@pytest.mark.parametrize(
    "text",
    [
        "各ターンに1度、自分は、手札のかわりに自分の墓地からコスト3以下の呪文を1枚唱えてもよい。",
        "自分のマナゾーンにある文明の数を数える時、かわりに自分の墓地にあるカードの文明の数を数えてもよい。",
        "バトルする時、このクリーチャーのパワーのかわりに、自分の墓地のカードの枚数×1000をこのクリーチャーのパワーとして扱う。",
    ],
)
def test_a_zone_cast_from_a_count_or_a_power_taken_otherwise_replaces_no_event(text):
    assert [s.verdict for s in compile_text(text).sentences] == ["not_replacement"]


def test_this_shinobi_put_at_the_bottom_of_the_deck_said_in_the_active_voice_stays_instead():
    assert_compiles_to(
        "このシノビを山札の一番下に置く時、バトルゾーンに自分の他のシノビがあれば、かわりにバトルゾーンに残してもよい。",
        {
            "watch": {"event": "put_into_deck", "card": "this", "to_position": "bottom"},
            "if": [{"zone": "battle", "whose": "own", "race": "シノビ", "other": True, "at_least": 1}],
            "instead": ["stay"],
            "optional": True,
        },
    )
    # a card of this text's other than itself put there: whose act it is the text does not say
    assert not compile_text("自分のシノビを山札の一番下に置く時、かわりにバトルゾーンに残してもよい。").complete


@pytest.mark.parametrize(
    "text",
    [
        # 「それらのカード…てもよい」: one choice for all the cards, which a watch of each card would split
        "自分の山札の上からカードを墓地に置く時、かわりにそれらのカードを自分のマナゾーンに置いてもよい。",
        # 「自分が」: the player who puts them, whoever's effect it is, which a watch of the cards drops
        "自分が山札の上からカードを墓地に置く時、かわりにマナゾーンに置いてもよい。",
        # 「山札の上から」: the top cards alone, not a card searched out of the deck
        "相手が山札の上からカードをマナゾーンに置く時、かわりにそのカードを持ち主の墓地に置く。",
        # once for all the cards, or once for each: the text does not say
        "自分の山札の上からカードを墓地に置く時、かわりにこのクリーチャーを破壊してもよい。",
    ],
)
def test_a_players_deck_top_cards_put_somewhere_said_in_the_active_voice_is_refused(text):
    """A review found each card's move from the deck a wrong reading of these: who puts them, the top cards alone,
    and one choice for all are what they say."""
    assert not compile_text(text).complete


@pytest.mark.parametrize(
    "instead",
    [
        "新しいシールドとして置く",
        "シールドゾーンに新しいシールドとして置く",
        "持ち主のシールドゾーンに新しいシールドとして加える",
        "新しいシールドとして自分のシールドゾーンに置く",
    ],
)
def test_a_card_put_as_a_new_shield_however_the_zone_is_said(instead):
    """The new shield goes to the card's owner's shield zone, said or not, before or after 「新しいシールドとして」."""
    assert_compiles_to(
        f"このクリーチャーが破壊される時、墓地に置くかわりに{instead}。",
        {"watch": {"event": "destroy", "card": "this"}, "instead": [{"move_to": "shields"}]},
    )


_RUN_OUT = """
    ruleset: dm
    turn: opponent
    players:
      me:
        battle:
          - id: A
            card:
              name: 山札切れ守り
              type: creature
              text: {text}
        deck:
          - {{id: D1, card: {{name: 最後のカード, type: creature}}}}
      opponent:
        battle:
          - {{id: X, card: {{name: 削るクリーチャー, type: creature}}}}
    effect:
      source: X
      controller: opponent
      by: ability
      events:
        - {{id: e1, {event}}}
"""


@pytest.mark.parametrize("event", ["mill: D1", "draw: me"])
def test_a_deck_run_out_however_it_ran_out_is_watched_by_its_loss(event):
    """「自分の山札が0枚になってゲームに負ける時」: the loss of a deck emptied by a mill (the state check's) or by
    drawing its last card; destroying the creature instead leaves the deck empty, and the next check's loss comes
    with no replacement left: the player loses either way, the creature destroyed or not."""
    text = _RUN_OUT.format(
        text="自分の山札が0枚になってゲームに負ける時、かわりにこのクリーチャーを破壊してもよい。", event=event
    )
    solution = dmrules.solve(scenario(text))
    assert sorted((r.final["A"], r.lost) for r in solution.resolutions) == [
        ("battle", ("me",)),
        ("graveyard", ("me",)),
    ]


def test_the_loss_of_the_last_card_drawn_is_not_that_of_a_deck_milled_out():
    """The older 「山札の最後の1枚を引いたことによってゲームに負ける時」: the draw's loss alone."""
    text = _RUN_OUT.format(
        text="自分の山札の最後の1枚を引いたことによってゲームに負ける時、かわりにこのクリーチャーを破壊してもよい。",
        event="mill: D1",
    )
    solution = dmrules.solve(scenario(text))
    assert [(r.final["A"], r.lost) for r in solution.resolutions] == [("battle", ("me",))]


@pytest.mark.parametrize(
    "text",
    [
        # a replacement said across two sentences, whose first watches an event
        "自分の他のクリーチャーが破壊される時、そのクリーチャーは破壊されない。そのかわりに、このクリーチャーを破壊する。",
        # an event watched after 「そのかわりに」
        "このクリーチャーは攻撃できない。そのかわりに、このクリーチャーが破壊される時、バトルゾーンにとどまる。",
        # a keyword given that is a replacement
        "このクリーチャーは攻撃できない。そのかわりに、このクリーチャーは「エスケープ」を得る。",
        "このクリーチャーは「ブロッカー」を失い、そのかわりに「エスケープ」を得る。",
        "自分の他のクリーチャーはすべて「ブロッカー」のかわりに「シールド・セイバー」を持つ。",
        # an event of the cards' prohibited, then 「そのかわりに」: instead of it, or in exchange?
        "相手のターン中、自分のシールドはブレイクされない。そのかわりに、自分のクリーチャーを1体破壊する。",
        # the spell's own move replaced, then a cast from another zone
        "この呪文を唱えた後、墓地のかわりに山札の一番下に置き、自分の山札の上から1枚目を見て、それが呪文なら、"
        "コストを支払わずに唱えてもよい。",
        # a power change replaced
        "このクリーチャーのパワーは、相手の効果によってマイナスされる時、マイナスのかわりに同じ数だけプラスになる。",
        # this creature left instead of another: not the watched card staying
        "自分の他のクリーチャーが破壊される時、かわりにこのクリーチャーをバトルゾーンに残してもよい。",
        # a discarded card left in the battle zone: it is in the hand
        "このクリーチャーが手札から捨てられる時、かわりにバトルゾーンに残してもよい。",
    ],
)
def test_what_a_review_of_the_new_wordings_found_is_refused(text):
    """Each read before as complete, an ability lost or another card kept: now refused, never passed over."""
    result = compile_text(text)
    assert not result.complete
    assert "not_replacement" not in [s.verdict for s in result.sentences]


def test_the_cards_under_another_creature_are_never_taken_for_this_ones():
    """「このクリーチャーが…時に自分の進化クリーチャーが離れる時、その下にあったカード」: the evolution creature's."""
    from dmrules.reading.cardtext.normalize import normalize

    text = (
        "このクリーチャーがタップしている時に自分の進化クリーチャーがバトルゾーンを離れる時、その下にあったカードは、"
        "墓地に置くかわりに手札に戻す。"
    )
    assert "このクリーチャーの下にあるカード" not in normalize(text)


@pytest.mark.parametrize(
    ("text", "event"),
    [
        (
            "このターン、次に自分のシールドがブレイクされる時、かわりにそのシールドはブレイクされずにシールドゾーンに残る。",
            "break",
        ),
        ("このクリーチャーが破壊される時、かわりにこのクリーチャーは破壊されずにバトルゾーンにとどまる。", "destroy"),
        (
            "自分の他のクリーチャーが破壊される時、かわりにそのクリーチャーは破壊されずにバトルゾーンにとどまる。",
            "destroy",
        ),
    ],
)
def test_the_watched_card_not_moved_said_again_after_kawari_ni_stays(text, event):
    result = compile_text(text)
    assert result.complete, [s.problem for s in result.problems]
    (ability,) = result.abilities
    assert ability.watch.events == (event,) and [a.kind for a in ability.instead] == ["stay"]


def test_this_creature_not_destroyed_instead_of_another_is_refused():
    """「自分の他のクリーチャーが破壊される時、かわりにこのクリーチャーは破壊されずに…」: this creature is not the
    watched one: never read as the watched card staying."""
    text = "自分の他のクリーチャーが破壊される時、かわりにこのクリーチャーは破壊されずにバトルゾーンにとどまる。"
    assert not compile_text(text).complete


@pytest.mark.parametrize(
    "text",
    [
        "このクリーチャーは攻撃できない。そのかわりに、このクリーチャーが破壊される場合、バトルゾーンにとどまる。",
        "このクリーチャーは攻撃できない。そのかわりに、このクリーチャーが破壊されるなら、手札に戻す。",
        "このクリーチャーは「ブロッカー」を失い、そのかわりに、このクリーチャーが破壊される時、バトルゾーンにとどまる。",
        "このクリーチャーは「ブロッカー」を失い、そのかわりに、このクリーチャーが破壊される場合、手札に戻す。",
        # 「…されずに」 of another event than the watched one
        "このクリーチャーが手札に戻される時、かわりにこのクリーチャーは破壊されずにバトルゾーンにとどまる。",
        "自分のシールドが手札に加えられる時、かわりにそのシールドはブレイクされずにシールドゾーンに残る。",
    ],
)
def test_what_a_second_review_of_the_new_wordings_found_is_refused(text):
    """An event watched after 「そのかわりに」 however said (「場合」「なら」), and a watched card's staying said of
    another event: never passed over as no replacement, the effect's own, or the watched card's staying."""
    result = compile_text(text)
    assert not result.complete
    assert {"not_replacement", "self_replacement"}.isdisjoint(s.verdict for s in result.sentences)


@pytest.mark.parametrize(
    "text",
    [
        # a replacement said with 「…されずに」 after 「そのかわりに」
        "このクリーチャーは攻撃できない。そのかわりに、このクリーチャーは破壊されずに手札に戻る。",
        "このクリーチャーはブロックできない。そのかわりに、自分のシールドはブレイクされずに墓地に置かれる。",
        # an event watched after a triggered ability's condition
        "このクリーチャーは攻撃できない。そのかわりに、このクリーチャーがブロックした時、このターン、このクリーチャーが"
        "破壊される時、手札に戻す。",
        # a keyword with a replacement given without its brackets
        "このクリーチャーは攻撃できない。そのかわりに、このクリーチャーはエスケープを得る。",
        "このクリーチャーは「ブロッカー」を失い、そのかわりにエスケープを得る。",
        "このクリーチャーは「ブロッカー」を失い、そのかわりに、このクリーチャーは破壊されずに手札に戻る。",
        # an ability given written out, itself a replacement
        "このクリーチャーは「ブロッカー」のかわりに「このクリーチャーが破壊される時、かわりに手札に戻す」を得る。",
        # 「そのガーディアン」 of 「ドラゴンまたはガーディアン」: the guardians alone
        "自分のシールドがブレイクされる時、バトルゾーンに自分のドラゴンまたはガーディアンがあれば、かわりにそのガーディアンを"
        "1体破壊する。",
        # two of them: the condition (one or more) says less than the act needs
        "自分のシールドがブレイクされる時、バトルゾーンに自分のガーディアンがあれば、かわりにそのうちの2体を破壊する。",
        # a creature without a keyword: no filter says it
        "このクリーチャーが破壊される時、かわりに自分のブロッカーではないクリーチャーを1体破壊してもよい。",
    ],
)
def test_what_a_third_review_of_the_new_wordings_found_is_refused(text):
    result = compile_text(text)
    assert not result.complete
    assert {"not_replacement", "self_replacement"}.isdisjoint(s.verdict for s in result.sentences)


def test_that_blocker_is_the_blocking_creature_not_every_creature_with_the_keyword():
    from dmrules.reading.cardtext.normalize import normalize

    assert "その「ブロッカー」" not in normalize("そのブロッカーが破壊される時、かわりに手札に戻す。")


@pytest.mark.parametrize(
    "text",
    [
        "このクリーチャーがシールドゾーンに置かれる時、かわりに持ち主の手札に戻す。",
        "このクリーチャーが相手の効果によってシールドに加えられる時、かわりに持ち主の手札に戻す。",
        "このクリーチャーが自分のシールドゾーンに置かれる時、かわりに持ち主の手札に戻す。",
    ],
)
def test_a_card_put_into_the_shield_zone_is_watched(text):
    """「…がシールドゾーンに置かれる時」「…シールドに加えられる時」: the creature sent to the shields goes
    to its owner's hand instead; the other creature sent with it goes to the shields."""
    solution = solved_with(text, "[{id: e1, put_into_shields: R}, {id: e2, put_into_shields: Q}]", opponent=_OTHER)
    assert [(r.final["R"], r.final["Q"]) for r in solution.resolutions] == [("hand", "shields")]


_OTHER = "{battle: [{id: Q, card: {name: 能力のないクリーチャー, type: creature}}]}"


@pytest.mark.parametrize(
    ("text", "events", "zone"),
    [
        ("このクリーチャーがシールドゾーンに置かれる時、かわりに持ち主の手札に戻す。", "[{put_into_mana: R}]", "mana"),
        (
            "このクリーチャーが自分の効果によってシールドに加えられる時、かわりに持ち主の手札に戻す。",
            "[{put_into_shields: R}]",
            "shields",
        ),
    ],
)
def test_a_card_put_into_the_shield_zone_is_watched_as_said(text, events, zone):
    """Put into the mana zone, or by the opponent's effect when the text says its own player's: not replaced."""
    assert [r.final["R"] for r in solved_with(text, events).resolutions] == [zone]


@pytest.mark.parametrize(
    ("text", "form"),
    [
        (  # 「ブレイクしたシールドは」: the shields this creature breaks, as the topic
            "このクリーチャーがブレイクした相手のシールドは、相手の手札に加えるかわりに墓地に置く。",
            {
                "watch": {"event": "break", "card": {"whose": "opponent"}, "when": ["by_this"]},
                "instead": [{"move_to": "graveyard"}],
            },
        ),
    ],
)
def test_more_wordings_of_known_events(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    ("text", "same_as"),
    [
        (
            "相手のクリーチャーを1体破壊する。その後、この呪文を墓地に置くかわりに手札に戻す。",
            "相手のクリーチャーを1体破壊する。この呪文を唱えた後、墓地に置くかわりに手札に戻す。",
        ),
        (
            "自分の手札から呪文を1枚、コストを支払わずに唱えてもよい。その後、その呪文を墓地に置くかわりに山札の一番下に置く。",
            "自分の手札から呪文を1枚、コストを支払わずに唱えてもよい。その呪文を唱えた後、墓地に置くかわりに山札の一番下に置く。",
        ),
        (
            "自分の墓地にある呪文を1枚選び、コストを支払わずに唱えてもよい。そうした場合、その呪文を墓地に置くかわりに"
            "山札の一番下に置く。",
            "自分の墓地にある呪文を1枚選び、コストを支払わずに唱えてもよい。その呪文を唱えた後、墓地に置くかわりに"
            "山札の一番下に置く。",
        ),
    ],
)
def test_a_spell_put_into_the_graveyard_after_a_follow_ups_lead_is_the_rules_move(text, same_as):
    """「その後、この呪文を墓地に置くかわりに…」: the spell's move after it is cast is the rules' (no act of the
    effect's own), replaced as 「この呪文を唱えた後、墓地に置くかわりに」 says it; never set aside."""
    read, usual = compile_text(text, card_type="呪文"), compile_text(same_as, card_type="呪文")
    assert read.complete and [s.verdict for s in read.sentences][-1] == "replacement"
    assert [comparable(a) for a in read.abilities] == [comparable(a) for a in usual.abilities] != []


@pytest.mark.parametrize(
    ("text", "named"),
    [
        # a card added face down or face up: how it is put, no state of the card before
        ("自分のシールドゾーンに裏向きのカードが加えられる時、かわりに墓地に置く。", "not as printed"),
        ("自分のオーラ・クリーチャーが破壊される時、かわりに手札に戻す。", "a kind of card"),
        ("自分のクリーチャー・クリーチャーが破壊される時、かわりに手札に戻す。", "a kind of card"),
        ("自分のエグザイル・クリーチャーが破壊される時、かわりに手札に戻す。", "エグザイル"),
        # a player putting cards into the shield zone: whose cards, by whose effect, the text does not say
        ("相手がシールドゾーンにカードを置く時、かわりにそのカードを墓地に置く。", "シールドゾーンに"),
        # a hand discarded as one event, with something else than the cards' move done instead
        (
            "自分の手札が相手の呪文によって捨てられる時、かわりに自分のマナゾーンのカードを1枚墓地に置く。",
            "手札を捨てる時",
        ),
        (
            "相手のクリーチャーの能力によって自分の手札が捨てられる時、かわりにこのクリーチャーを破壊する。",
            "手札を捨てる時",
        ),
    ],
)
def test_what_a_review_of_this_releases_wordings_found_is_refused(text, named):
    assert_refused(text, named)


@pytest.mark.parametrize(
    "text",
    [
        # 不死身の果実 (「墓地の置かれる」 a typo for 「墓地に」): one creature, or each, the text does not say
        "このターン、自分のクリーチャー1体がバトルゾーンから自分の墓地の置かれるとき、墓地に置くかわりに自分のマナゾーンに置く。",
        "次の自分のターンのはじめまで、自分のクリーチャー1体が破壊される時、かわりに手札に戻す。",
    ],
)
def test_one_card_counted_in_an_effect_for_a_time_is_refused(text):
    assert_refused(text, "1体が")


def test_one_card_counted_in_a_static_ability_is_each_cards_event():
    """A saver's 「自分のゴッド1体が破壊される時」: each god's destruction."""
    assert_compiles_to(
        "自分のゴッド1体が破壊される時、かわりにこのクリーチャーを破壊してもよい。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "race": "ゴッド"}},
            "instead": ["destroy_this"],
            "optional": True,
        },
    )


def test_a_break_said_as_the_topic_after_an_attack_trigger_is_no_effects_own():
    result = compile_text(
        "このクリーチャーが攻撃する時、このクリーチャーがブレイクした相手のシールドは、手札に加えるかわりに墓地に置く。"
    )
    assert [s.verdict for s in result.sentences] == ["unreadable"]


def test_a_creature_put_into_the_shield_zone_is_one_of_the_battle_zone():
    ability = compile_text("相手のクリーチャーがシールドゾーンに置かれる時、かわりに墓地に置く。").abilities[0]
    assert (ability.watch.events, ability.watch.from_zone) == (("put_into_shields",), "battle")


@pytest.mark.parametrize(
    "race", ["サバイバー", "シノビ", "ナイト", "ゴッド", "ジョーカーズ", "ゼロ・ドラゴン", "ドラゴン"]
)
def test_races_are_still_races(race):
    result = compile_text(f"自分の{race}が破壊される時、かわりに手札に戻す。")
    assert result.complete and result.abilities[0].watch.filter.races == (race,)


@pytest.mark.parametrize(
    "text",
    [
        "自分のドラゴンの数を数える時、このクリーチャーは1体のかわりに2体として数える。",
        "自分のマナゾーンにある自然のカードは、マナゾーンのカードの枚数を数える時、1枚のかわりに2枚として数える。",
        "このシノビをニンジャ・ストライクで召喚する時、自分のマナゾーンにあるカードの枚数のかわりに、自分の墓地にあるシノビの数を数えてもよい。",
        "このクリーチャーがバトルする時、パワーのかわりにコストを比べる。",
    ],
)
def test_what_is_counted_or_compared_instead_replaces_no_event(text):
    result = compile_text(text)
    assert [s.verdict for s in result.sentences] == ["not_replacement"]


def test_a_count_said_after_a_cards_event_is_no_count():
    """「…破壊される時、…のかわりに…として数える」 is no counting rule (an event watched before it): not set aside."""
    result = compile_text("自分のクリーチャーが破壊される時、1体のかわりに2体として数える。")
    assert "not_replacement" not in [s.verdict for s in result.sentences]


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("自分のツインパクトが破壊される時、かわりに手札に戻す。", "a kind of card"),
        ("自分のサイキック・セルが離れる時、かわりにとどまる。", "a kind of card"),
        ("自分のマナが墓地に置かれる時、かわりに手札に戻す。", "a kind of card"),
        ("自分のスペルが墓地に置かれる時、かわりに手札に戻す。", "a kind of card"),
        ("自分のゼロ・クリーチャーが破壊される時、かわりに手札に戻す。", "a kind of card"),
        ("自分のツインパクトではないクリーチャーが破壊される時、かわりに手札に戻す。", "a kind of card"),
        ("自分のボルシャック・ドラゴンが破壊される時、かわりに手札に戻す。", "without 《》"),
        ("セイバー:ボルシャック・ドラゴン", "without 《》"),
    ],
)
def test_a_word_printed_where_a_race_is_that_names_none_is_refused(text, named):
    """A kind of card, a zone, a civilization or a card's name printed bare where a race is: read as a race, the
    filter would be one no card meets, and the replacement would never apply."""
    assert_refused(text, named)


def test_a_race_is_still_a_race():
    assert_compiles_to(
        "自分のドラゴンが破壊される時、かわりに手札に戻す。",
        {"watch": {"event": "destroy", "card": {"whose": "own", "race": "ドラゴン"}}, "instead": [{"move_to": "hand"}]},
    )


@pytest.mark.parametrize(
    ("text", "same_as", "card_type"),
    [
        (
            "クロスしているクリーチャーが破壊される時、かわりにこのクロスギアを持ち主の墓地に置いてもよい。",
            "これをクロスしたクリーチャーが破壊される時、かわりにこのクロスギアを持ち主の墓地に置いてもよい。",
            "クロスギア",
        ),
        (
            "相手の効果によって自分の手札が捨てられる時、かわりにそのカードを自分のマナゾーンにタップして置いてもよい。",
            "自分のカードが相手の効果によって手札から捨てられる時、かわりにタップしてマナゾーンに置いてもよい。",
            "クリーチャー",
        ),
        (
            "相手がそのターンはじめてカードを引く時、かわりに相手の山札の上から1枚目を墓地に置く。",
            "各ターン、相手がはじめてカードを引く時、かわりに相手の山札の上から1枚目を墓地に置く。",
            "クリーチャー",
        ),
        (
            "自分のシールドゾーンにあるカードを手札に加える時、かわりに自分のマナゾーンに置いてもよい。",
            "自分のシールドを手札に加える時、かわりに自分のマナゾーンに置いてもよい。",
            "クリーチャー",
        ),
        (
            "各ターンはじめて、相手がカードを引く時、かわりに相手は自身の山札の上から1枚目を墓地に置く。",
            "各ターンはじめて、相手がカードを引く時、かわりに相手の山札の上から1枚目を墓地に置く。",
            "クリーチャー",
        ),
        (  # all the cards the condition names: the condition kept (with none, nothing would be done instead)
            "バトルゾーンに自分の他のゴッドがあれば、自分がゲームに負ける時、かわりにそのゴッドをすべて破壊する。",
            "バトルゾーンに自分の他のゴッドがあれば、自分がゲームに負ける時、かわりに自分の他のゴッドをすべて破壊する。",
            "クリーチャー",
        ),
        (  # 「全て」 in kanji
            "バトルゾーンにある自分のゴーストは全て「シールド・セイバー」を得る。",
            "バトルゾーンにある自分のゴーストはすべて「シールド・セイバー」を得る。",
            "クリーチャー",
        ),
        (  # 「場合」 of a watched event, as 「時」
            "このクリーチャーは、バトルゾーンを離れる場合、かわりに手札に戻る。",
            "このクリーチャーがバトルゾーンを離れる時、かわりに手札に戻す。",
            "クリーチャー",
        ),
        (
            "このクリーチャーが相手のシールドをブレイクする場合、相手はそのシールドを手札に加えるかわりに自身のマナゾーンに置く。",
            "このクリーチャーが相手のシールドをブレイクする時、相手はそのシールドを手札に加えるかわりに自身のマナゾーンに置く。",
            "クリーチャー",
        ),
        (  # 「もし」 adds nothing
            "もし自分のマナゾーンに水のカードが3枚以上あれば、この呪文を唱えた後、墓地に置くかわりに手札に戻す。",
            "自分のマナゾーンに水のカードが3枚以上あれば、この呪文を唱えた後、墓地に置くかわりに手札に戻す。",
            "呪文",
        ),
        (  # 「…ことができる」: 「…てもよい」
            "自分のクリーチャーが破壊される時、かわりに自分の手札を1枚捨てることができる。",
            "自分のクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。",
            "クリーチャー",
        ),
        (
            "このクリーチャーがバトルゾーンを離れる時、かわりにバトルゾーンにとどまることができる。",
            "このクリーチャーがバトルゾーンを離れる時、かわりにバトルゾーンにとどまってもよい。",
            "クリーチャー",
        ),
        (
            "このクリーチャーが相手のカードの効果で手札に戻される時、かわりにバトルゾーンにとどまる。",
            "このクリーチャーが相手の効果によって手札に戻される時、かわりにバトルゾーンにとどまる。",
            "クリーチャー",
        ),
        (  # 「そのターンはじめて」 said after a card
            "自分のシールドがそのターンはじめてブレイクされる時、かわりにこのクリーチャーを破壊してもよい。",
            "各ターン、自分のシールドがはじめてブレイクされる時、かわりにこのクリーチャーを破壊してもよい。",
            "クリーチャー",
        ),
        (
            "相手のターン中、自分のシールドがそのターンはじめてブレイクされる時、かわりにこのクリーチャーを破壊してもよい。",
            "相手のターン中、自分のシールドがはじめてブレイクされる時、かわりにこのクリーチャーを破壊してもよい。",
            "クリーチャー",
        ),
        (  # the watched card said again before 「アンタップ」
            "自分のタップされているクリーチャーが破壊される時、かわりにそのクリーチャーをアンタップし、自分のマナゾーンの"
            "カードを1枚墓地に置いてもよい。",
            "自分のタップされているクリーチャーが破壊される時、かわりにアンタップし、自分のマナゾーンのカードを1枚墓地に"
            "置いてもよい。",
            "クリーチャー",
        ),
        # a race as the topic of its own event (as 「自分のクリーチャーは、…」)
        (
            "自分のドラゴンは、破壊される時、かわりに手札に戻る。",
            "自分のドラゴンが破壊される時、かわりに手札に戻す。",
            None,
        ),
        (
            "自分の他のドラゴンは破壊されるかわりに手札に戻る。",
            "自分の他のドラゴンが破壊される時、かわりに手札に戻す。",
            None,
        ),
        (
            "自分のドラゴンは、破壊されるかわりに、手札に戻る。",
            "自分のドラゴンが破壊される時、かわりに手札に戻す。",
            None,
        ),
        (
            "このクリーチャーはブロックされない。自分のドラゴンは破壊されるかわりに手札に戻る。",
            "このクリーチャーはブロックされない。自分のドラゴンが破壊される時、かわりに手札に戻す。",
            None,
        ),
        # the condition on the cards what is done instead names, said before the watched event
        (
            "バトルゾーンに自分のガーディアンがあれば、自分の他のクリーチャーが破壊される時、かわりにそのガーディアンを1体"
            "破壊してもよい。",
            "自分の他のクリーチャーが破壊される時、かわりに自分のガーディアンを1体破壊してもよい。",
            None,
        ),
        # a card of either civilization there
        (
            "自分のマナゾーンに火または水の文明があれば、このクリーチャーが破壊される時、かわりに手札に戻す。",
            "自分のマナゾーンに火または水のカードが1枚以上あれば、このクリーチャーが破壊される時、かわりに手札に戻す。",
            None,
        ),
        # a hand, a zone's cards or shields there at all
        (
            "このクリーチャーが破壊される時、自分の手札があれば、かわりに自分の手札を1枚選んで捨てる。",
            "このクリーチャーが破壊される時、自分の手札が1枚以上あれば、かわりに自分の手札を1枚選んで捨てる。",
            None,
        ),
        (
            "このクリーチャーが破壊される時、自分のシールドがあれば、かわりに自分のシールドを1つ墓地に置く。",
            "このクリーチャーが破壊される時、自分のシールドが1つ以上あれば、かわりに自分のシールドを1つ墓地に置く。",
            None,
        ),
        # an effect until the turn ends
        (
            "このターンが終わるまで、自分のクリーチャーが破壊される時、かわりに手札に戻す。",
            "このターン、自分のクリーチャーが破壊される時、かわりに手札に戻す。",
            None,
        ),
        (
            "このターンの終わりまで、自分のクリーチャーが破壊される時、かわりに手札に戻す。",
            "このターン、自分のクリーチャーが破壊される時、かわりに手札に戻す。",
            None,
        ),
        # the player said after what the card is not
        (
            "ドラゴンではない自分のクリーチャーが破壊される時、かわりに手札に戻す。",
            "自分のドラゴンではないクリーチャーが破壊される時、かわりに手札に戻す。",
            None,
        ),
        # not of a race, or not multicoloured, said with 「以外の」
        (
            "自分のドラゴン以外のクリーチャーが破壊される時、かわりに手札に戻す。",
            "自分のドラゴンではないクリーチャーが破壊される時、かわりに手札に戻す。",
            None,
        ),
        (
            "相手は、多色以外のクリーチャーをバトルゾーンに出す時、バトルゾーンに出すかわりに墓地に置く。",
            "相手の多色ではないクリーチャーがバトルゾーンに出る時、かわりに墓地に置く。",
            None,
        ),
        # another player's creature kept tapped
        (
            "相手のクリーチャーが相手のターンのはじめにアンタップする時、かわりにタップしたままにする。",
            "相手のクリーチャーが相手のターンのはじめにアンタップする時、かわりにタップされたままになる。",
            None,
        ),
        # a summon said again as the card put into the battle zone
        (
            "相手がクリーチャーを召喚する時、バトルゾーンに出すかわりに、そのクリーチャーを持ち主の山札の一番下に置く。",
            "相手がクリーチャーを召喚する時、かわりに、そのクリーチャーを持ち主の山札の一番下に置く。",
            None,
        ),
        # the untap step's untapping said with the watched phrase after the turn
        (
            "相手のターンのはじめに、相手のコスト3以下のクリーチャーがアンタップされる時、かわりにタップされたままにする。",
            "相手のコスト3以下のクリーチャーが相手のターンのはじめにアンタップする時、かわりにタップされたままになる。",
            None,
        ),
        # a deck run out said as its cards gone
        (
            "自分の山札のカードがなくなってゲームに負ける時、かわりにこのクリーチャーを破壊してもよい。",
            "自分の山札が0枚になってゲームに負ける時、かわりにこのクリーチャーを破壊してもよい。",
            None,
        ),
    ],
)
def test_other_wordings_read_as_the_usual_ones(text, same_as, card_type):
    read, usual = compile_text(text, card_type=card_type), compile_text(same_as, card_type=card_type)
    assert read.complete and usual.complete
    assert [comparable(a) for a in read.abilities] == [comparable(a) for a in usual.abilities] != []


@pytest.mark.parametrize(
    "text",
    [
        "自分の表向きのシールドは、数える時、1つのかわりに2つとして数える。",
        "このクリーチャーは、バトルする時、パワーのかわりに自分のマナゾーンのカードの枚数×1000を使う。",
    ],
)
def test_more_counts_and_battle_values_replace_no_event(text):
    assert [s.verdict for s in compile_text(text).sentences] == ["not_replacement"]


def test_a_creature_destroyed_by_an_opponents_creature_said_with_niyotte_renders_as_printed():
    result = compile_text("このクリーチャーが相手のクリーチャーによって破壊される時、かわりに手札に戻す。")
    assert result.complete, [p.problem for p in result.problems]


@pytest.mark.parametrize(
    "text",
    [
        # 「場合」 after a state, no event: 「ある場合」 is 「あれば」, never a watched event
        "自分のクリーチャーがバトルゾーンにある場合、このクリーチャーが破壊される時、かわりに手札に戻す。",
    ],
)
def test_a_state_said_with_baai_is_no_watched_event(text):
    result = compile_text(text)
    assert [a.watch.events for a in result.abilities] == [("destroy",)]


@pytest.mark.parametrize(
    ("side", "finals"),
    [("表向き", [("graveyard", "hand")]), ("裏向き", [("hand", "graveyard")])],
)
def test_a_break_of_the_shields_face_up_or_down_watches_those_alone(side, finals):
    """「相手のクリーチャーが自分の表向きのシールドをブレイクする時、かわりにそのシールドを墓地に置く」: the face-up
    shield U alone (or the face-down D alone) goes to the graveyard; the other to the hand."""
    text = f"相手のクリーチャーが自分の{side}のシールドをブレイクする時、かわりにそのシールドを墓地に置く。"
    solution = dmrules.solve(
        scenario(
            f"""
            turn: opponent
            players:
              me:
                battle: [{{id: R, card: {{name: 試しのクリーチャー, type: creature, text: "{text}"}}}}]
                shields: [{{id: U, face_up: true}}, D]
              opponent:
                battle: [{{id: X, card: {{name: 攻撃するクリーチャー, type: creature}}}}]
            effect: {{source: X, controller: opponent, by: attack, events: [{{id: e1, break: [U, D]}}]}}
            """
        )
    )
    assert [(r.final["U"], r.final["D"]) for r in solution.resolutions] == finals


def test_moshikuha_is_no_moshi():
    """「もしくは」 (or) keeps its 「もし」: only 「もし」 before a condition adds nothing."""
    from dmrules.reading.cardtext.normalize import normalize

    assert "もしくは" in normalize("自分のドラゴン、もしくはファイアー・バードが破壊される時、かわりに手札に戻す。")


@pytest.mark.parametrize(
    "text",
    [
        "このクリーチャーはブロッカーのかわりにスピードアタッカーを持つ。",
        "自分のシールドが2つ以下なら、このクリーチャーはW・ブレイカーのかわりにT・ブレイカーを得る。",
        "自分のマナゾーンに光のカードが7枚以上あれば、1つ選ぶかわりに両方を選んでもよい。",
        "このクリーチャーの下にカードが3枚以上あれば、かわりにすべて選ぶ。",
        "自分のマナゾーンに5文明すべてのカードがあれば、かわりに3回選ぶ。",
        "相手プレイヤーを攻撃するかわりに、このクリーチャーをタップして、相手のクリーチャーを1体破壊してもよい。",
        "このクリーチャーが攻撃できる時、攻撃するかわりにタップしてもよい。",
        "ドラゴン1体のかわりに、自分の火のクリーチャーを2体重ねて、その上に置いてもよい。",
        "このカードは、自分のマナゾーンでタップした時、1マナのかわりに2マナを生み出す。",
        "この呪文を自分のシールドゾーンから唱えた場合、2つのかわりに1つだけ選ぶ。",
        "自分のシールドが1つもなければ、1つのかわりに3つまで選んでもよい。",
        "このクリーチャーはW・ブレイカーのかわりに、ブロッカーとスレイヤーを得てもよい。",
        "バトルゾーンに自分のドラゴンがあれば、このクリーチャーのコストは7のかわりに3になる。",
        "自分のサムライを進化元とする進化クリーチャーをバトルゾーンに出す時、サムライ1体のかわりにこのクリーチャーの上に置いてもよい。",
    ],
)
def test_instead_of_no_event_is_recognised(text):
    """A keyword had instead of another (no brackets), how many modes are chosen, the tap ability said first, other
    evolution sources, the mana a card makes: no event is replaced."""
    result = compile_text(text)
    assert result.complete and not result.has_replacement, [s.problem for s in result.problems]


@pytest.mark.parametrize(
    "text",
    [
        # a keyword with a replacement given in place of another: the ability it gives replaces
        "このクリーチャーはブロッカーのかわりにエスケープを得る。",
        # an event watched before 「かわりに」: a replacement of it
        "このクリーチャーが破壊される時、攻撃するかわりにタップしてもよい。",
        # a creature put out under this one: a replacement of its entering (no evolution source said)
        "自分の進化クリーチャーをバトルゾーンに出す時、かわりにこのクリーチャーの下に置いてもよい。",
        "このクリーチャーが破壊される時、コストは5のかわりに3になる。",
    ],
)
def test_instead_of_no_event_near_a_replacement_is_not_set_aside(text):
    result = compile_text(text)
    assert not (result.complete and not result.has_replacement)


# A line that gives the abilities after it under a condition: the one line its reminder's condition is read on, and
# no other (which lines it gives, a text of one line after another does not say).
@pytest.mark.parametrize(
    "text",
    [
        # a line between the reminder and the replacement
        "ホーリー・フィールド(自分のシールドの数が相手以上であれば、このクリーチャーは次の能力を得る) / "
        "このクリーチャーは攻撃されない。 / このクリーチャーが破壊される時、かわりに山札の一番下に置く。",
        "メタモーフ(自分のマナゾーンに7枚以上カードがあれば、このクリーチャーは次の能力を得る) / "
        "このクリーチャーが破壊される時、かわりに手札に戻す。 / "
        "自分の他のクリーチャーが破壊される時、かわりにこのクリーチャーを破壊してもよい。",
        # ミント・ミラージュ (the classic list): its replacement after a line of アクセル's abilities
        "アクセル(このクリーチャーにクロスギアがクロスされている時、このクリーチャーは次の能力を得る) / "
        "このクリーチャーはブロックされない。 / "
        "このクリーチャーが破壊される時、かわりに、このクリーチャーにクロスしてあるクロスギアを1枚墓地に置いてもよい。",
        # the condition said in a sentence of its own
        "バトルゾーンに自分のドラゴンがあれば、このクリーチャーは次の能力を得る。 / "
        "このクリーチャーが破壊される時、かわりに手札に戻す。",
        "自分の手札が1枚もなければ、この呪文は以下の能力を得る。 / ブロッカー / "
        "このクリーチャーがバトルゾーンを離れる時、かわりにマナゾーンに置く。",
    ],
)
def test_a_replacement_a_condition_line_may_give_is_refused(text):
    result = compile_text(text)
    problems = " ".join(s.problem or "" for s in result.problems)
    assert "gives the abilities after it under a condition" in problems, problems
    texts = {s.text for s in result.problems}
    assert not any(a.text in texts for a in result.abilities)


def test_the_line_right_after_a_condition_reminder_holds_under_its_condition():
    """The line a reminder's condition is read on still reads, with the condition."""
    result = compile_text(
        "メタモーフ(自分のマナゾーンに7枚以上カードがあれば、このクリーチャーは次の能力を得る) / "
        "このクリーチャーが破壊される時、かわりに手札に戻す。"
    )
    assert result.complete and len(result.abilities) == 1 and result.abilities[0].conditions


@pytest.mark.parametrize(
    "line",
    [
        "このクリーチャーがタップされていれば、上の能力は使えない。",
        "相手のターン中、この能力は使えない。",
        "自分のマナゾーンに闇のカードが3枚以上あれば、この能力は使えない。",
        "バトルゾーンにある自分の他の闇のクリーチャーもこの能力を得る。",
    ],
)
def test_a_line_that_names_an_ability_before_it_refuses_the_card(line):
    """「上の能力は使えない」「…もこの能力を得る」 on a line of its own: the replacement before it is not read alone."""
    text = "このクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。 / W・ブレイカー / " + line
    result = compile_text(text)
    assert not result.complete
    assert any("says when an ability printed before it" in (s.problem or "") for s in result.problems)
    scenario_text = f"""
    turn: opponent
    players:
      me:
        battle:
          - id: K
            card: {{name: 守り手, type: creature, text: "{text}"}}
        hand: [h1]
      opponent:
        battle: [{{id: X, card: {{name: 破壊役, type: creature}}}}]
    effect: {{source: X, controller: opponent, events: [{{id: e1, destroy: K}}]}}
    """
    with pytest.raises(dmrules.InputError, match="cannot be read"):
        scenario(scenario_text)


def test_the_line_after_a_reminder_of_abilities_said_otherwise_is_not_read_as_always_held():
    """「(…以下の能力を得る)」: a reminder of a condition dmrules does not read, as 「次の能力を得る」 is; the line
    after it is never read as an ability always held."""
    result = compile_text(
        "ハイパー・フィールド(自分のシールドが5つ以上あれば、このクリーチャーは以下の能力を得る) / "
        "このクリーチャーが破壊される時、かわりに手札に戻す。"
    )
    assert not result.complete and not result.abilities


@pytest.mark.parametrize(
    ("text", "form"),
    [
        (  # a state said with 「時」 before the watched event: a condition
            "自分のシールドが１枚もない時、このクリーチャーが破壊されるなら、かわりに自分の手札を1枚捨ててもよい。",
            {
                "watch": {"event": "destroy", "card": "this"},
                "if": [{"zone": "shields", "whose": "own", "at_most": 0}],
                "instead": ["stay", {"discard": 1}],
                "optional": True,
            },
        ),
        (
            "自分のシールドが２枚以下の時、このクリーチャーが破壊されるかわりに、自分の手札を1枚捨ててもよい。",
            {
                "watch": {"event": "destroy", "card": "this"},
                "if": [{"zone": "shields", "whose": "own", "at_most": 2}],
                "instead": ["stay", {"discard": 1}],
                "optional": True,
            },
        ),
        (  # 「バトルゾーンにある時」: while it is there
            "このクリーチャーがバトルゾーンにある時、自分のシールドがブレイクされるなら、かわりにこのクリーチャーを自分の"
            "手札に戻す。",
            {
                "watch": {"event": "break", "card": {"whose": "own"}},
                "if": [{"this_in": ["battle"]}],
                "instead": ["stay", {"this_to": "hand"}],
                "works_in": "any",
            },
        ),
        (  # the player who returns the creature said as the agent
            "相手が自分のクリーチャーを手札に戻す時、かわりにそのクリーチャーを持ち主のマナゾーンに置いてもよい。",
            {
                "watch": {
                    "event": "return_to_hand",
                    "card": {"whose": "own", "type": "creature"},
                    "from": "battle",
                    "when": ["by_opponent"],
                },
                "instead": [{"move_to": "mana"}],
                "optional": True,
            },
        ),
        (  # a player putting cards into the mana zone, with the cause between
            "相手が呪文によって自身のマナゾーンにカードを置く時、かわりにそのカードを持ち主の墓地に置く。",
            {
                "watch": {"event": "put_into_mana", "card": {"whose": "opponent"}, "when": ["by_spell"]},
                "instead": [{"move_to": "graveyard"}],
            },
        ),
        (  # 「種族にドラゴンとある」 before whose cards
            "種族にドラゴンとある自分のクリーチャーがバトルゾーンを離れる時、かわりにこのクリーチャーを自分のマナゾーンに"
            "置いてもよい。",
            {
                "watch": {"event": "leave", "card": {"whose": "own", "race": "ドラゴン"}},
                "instead": ["stay", {"this_to": "mana"}],
                "optional": True,
            },
        ),
        (  # the watched shield said to stay after the replacement
            "自分のシールドがブレイクされる時、かわりに自分の手札を1枚捨ててもよい。そうした場合、そのシールドはシールド"
            "ゾーンに残る。",
            {
                "watch": {"event": "break", "card": {"whose": "own"}},
                "instead": ["stay", {"discard": 1}],
                "optional": True,
            },
        ),
    ],
)
def test_a_state_said_with_toki_an_agent_said_first_and_a_shield_said_to_stay(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text",
    [
        # a state said with 「時」 right before 「かわりに」: no event watched
        "このクリーチャーがバトルゾーンにある時、かわりに自分の手札を1枚捨ててもよい。",
        # a returned card that is no creature: where it is returned from, the text does not say
        "相手が自分のクロスギアを手札に戻す時、かわりにそのクロスギアを持ち主のマナゾーンに置いてもよい。",
        # 「そのシールド」 said to stay after a replacement that watches a creature
        "このクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。そうした場合、そのシールドはシールド"
        "ゾーンに残る。",
    ],
)
def test_near_variants_of_a_state_said_with_toki_and_a_shield_said_to_stay_are_refused(text):
    assert not compile_text(text).complete


@pytest.mark.parametrize(
    "text",
    [
        # a keyword had in place of another, each with its reminder
        "自分のシールドが２枚以下なら、このクリーチャーはW・ブレイカーのかわりにT・ブレイカー（このクリーチャーはシールドを"
        "３枚ブレイクする）を持つ。",
        # 「かわりに、」 in exchange for a restriction
        "このクリーチャーは攻撃できない。かわりに、相手のクリーチャーはこのクリーチャーを攻撃できない。",
        # an exception to an alternative cost
        "この呪文のコストを支払うかわりに、自分のシールドを１枚手札に加えてもよい。ただし、その「S・トリガー」は使えない。",
        # an alternative cost under a state said with 「時」
        "自分のシールドが２枚以下の時、この呪文を唱えるコストを支払うかわりに、自分の手札を２枚捨ててもよい。",
    ],
)
def test_a_keyword_reminder_in_place_of_another_and_exceptions_to_what_replaces_no_event(text):
    result = compile_text(text)
    assert result.complete and not result.abilities
    assert any(s.verdict == "not_replacement" for s in result.sentences)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        # the keyword had instead is itself a replacement: the ability it gives would be lost
        (
            "このクリーチャーはブロッカーのかわりにエターナル・Ω（このクリーチャーがバトルゾーンを離れる時、かわりに"
            "手札に戻す）を持つ。",
            "a card's event watched after 「かわりに」",
        ),
        # 「かわりに、」 after a restriction that begins a replacement of its own
        ("このクリーチャーは攻撃できない。かわりに、このクリーチャーが破壊される時、手札に戻す。", "cannot read"),
    ],
)
def test_what_replaces_an_event_after_a_keyword_or_a_restriction_is_not_passed_over(text, named):
    assert_incomplete(text, named)


def test_a_battle_after_a_block_replaced_is_no_effects_own():
    """デジロン 「…そうした場合、このクリーチャーを自分の手札に戻し、かわりに、タップして置いたクリーチャーが攻撃
    クリーチャーとバトルする」: the battle the rules make after the block is replaced, which the triggered effect does
    not make: never set aside as the effect's own (a review found it was)."""
    text = (
        "このクリーチャーがブロックした時、進化クリーチャーではない、「ブロッカー」を持つクリーチャーを1体、自分の手札から"
        "バトルゾーンにタップして置いてもよい。そうした場合、このクリーチャーを自分の手札に戻し、かわりに、タップして"
        "置いたクリーチャーが攻撃クリーチャーとバトルする。"
    )
    result = compile_text(text)
    assert not result.complete
    assert not any(s.verdict == "self_replacement" for s in result.sentences)


@pytest.mark.parametrize(
    ("text", "form"),
    [
        (  # this card named by its type: 「このドラグハートを装備したクリーチャー」
            "このドラグハートを装備したクリーチャーが破壊される時、かわりにこのドラグハートを超次元ゾーンに戻してもよい。",
            {
                "watch": {"event": "destroy", "card": "equipped"},
                "instead": ["stay", {"this_to": "hyperspatial"}],
                "optional": True,
            },
        ),
        (  # the zone the player puts the cards into said as 「自身の」 after the cards
            "相手が山札からカードを自身の手札に加える時、かわりにそのカードを持ち主の墓地に置く。",
            {
                "watch": {"event": "put_into_hand", "card": {"whose": "opponent"}, "from": "deck"},
                "instead": [{"move_to": "graveyard"}],
            },
        ),
    ],
)
def test_the_dragheart_named_by_its_type_and_the_players_own_zone_after_the_cards(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text",
    [
        "このクリーチャーがタップされていれば、自分のドラゴンが破壊される時、自分の手札を1枚捨ててもよい。その場合、"
        "このクリーチャーを墓地に置くかわりに手札に戻す。",
        "このクリーチャーがバトルゾーンにある間、自分の他のクリーチャーが破壊される時、自分のマナゾーンのカードを1枚墓地"
        "に置いてもよい。そうした場合、このクリーチャーは墓地に置かれるかわりにバトルゾーンにとどまる。",
        "このクリーチャーがタップされていれば、自分の他のクリーチャーが破壊される時、かわりにこのクリーチャーは破壊されずに"
        "バトルゾーンにとどまる。",
        "このクリーチャーがタップされていれば、自分のシールドがブレイクされる時、かわりにこのクリーチャーはブレイクされずに"
        "とどまる。",
    ],
)
def test_a_condition_on_this_creature_said_first_never_makes_another_cards_event_its_own(text):
    """What the text says of this creature after another card's event is no replacement of that event, a condition on
    this creature said first or not (a review found the condition let it through, read as the other card's)."""
    result = compile_text(text)
    assert not result.complete and not result.abilities, result.forms()


def test_this_creatures_own_event_after_a_condition_on_it_is_still_read():
    assert_compiles_to(
        "このクリーチャーがタップされていれば、このクリーチャーが破壊される時、かわりにこのクリーチャーは破壊されずに"
        "バトルゾーンにとどまる。",
        {"watch": {"event": "destroy", "card": "this"}, "if": ["this_tapped"], "instead": ["stay"]},
    )


def test_other_before_heads_joined_with_a_comma_and_mata_wa_is_refused():
    """「自分の他のドラゴン、またはファイアー・バード」: the comma may set the second head apart from 「他の」 (a review
    found it read for both); with no comma (「自分の他のドラゴンまたはファイアー・バード」) it is each head's."""
    tail = "が破壊される時、かわりにこのクリーチャーを破壊してもよい。"
    assert_incomplete(
        "自分の他のドラゴン、またはファイアー・バード" + tail, "whether it holds for the head after the comma"
    )
    assert_compiles_to(
        "自分の他のドラゴンまたはファイアー・バード" + tail,
        {
            "watch": {
                "event": "destroy",
                "card": {"whose": "own", "other": True, "race": ["ドラゴン", "ファイアー・バード"]},
            },
            "instead": ["stay", "destroy_this"],
            "optional": True,
        },
    )
