"""Parts of the card language whose scope a reading must get right: which heads a modifier before 「または」 holds
for, which creature breaks a shield, how many cards a condition allows at most, and the players said again of a
card's own zones. Each read in a new combination, with a near variant refused, and the solver's answer where the
reading changes it."""

from __future__ import annotations

import pytest

import dmrules
from dmrules.reading.cardtext.compiler import comparable, compile_text

from .conftest import scenario
from .test_cardtext_parts import assert_compiles_to, assert_refused

SAVES = {"instead": ["stay", "destroy_this"], "optional": True}


# -- a modifier before heads joined by 「または」 -------------------------------------------------------------------

ONE_OR_EACH = "whether it holds for the first head alone or for each is not said"


@pytest.mark.parametrize(
    "text",
    [
        "自分の光のクリーチャーまたはドラゴンが破壊される時、かわりにこのクリーチャーを破壊してもよい。",
        "自分の多色クリーチャーまたはドラゴンが破壊される時、かわりにこのクリーチャーを破壊してもよい。",
        "自分のパワー5000以上のクリーチャーまたはドラゴンが破壊される時、かわりにこのクリーチャーを破壊してもよい。",
        "自分のタップされているドラゴンまたはエンジェル・コマンドが破壊される時、かわりにこのクリーチャーを破壊してもよい。",
        "自分のコスト3以下の進化クリーチャーまたはタマシードが離れる時、かわりにこのクリーチャーを破壊してもよい。",
    ],
)
def test_a_modifier_said_once_before_two_heads_with_no_comma_is_refused(text):
    """A printed text says a modifier before each head (「水のクリーチャーまたは水のタマシード」) or sets it off with
    a comma (「コスト4以下の、クリーチャーまたはタマシード」) when it holds for each: said once before the first, it
    may be the first head's alone."""
    assert_refused(text, ONE_OR_EACH)


@pytest.mark.parametrize(
    "text, card",
    [
        # said before each head
        (
            "自分の水のクリーチャーまたは水のタマシードが離れる時、かわりにこのクリーチャーを破壊してもよい。",
            {"whose": "own", "civilization": "water", "type": ["creature", "tamaseed"]},
        ),
        # set off by a comma
        (
            "自分のコスト3以下の、進化クリーチャーまたはタマシードが離れる時、かわりにこのクリーチャーを破壊してもよい。",
            {
                "whose": "own",
                "cost_max": 3,
                "any_of": [{"type": "creature", "evolution": True}, {"type": "tamaseed"}],
            },
        ),
        # a player, 「他の」 and no modifier hold for each head
        (
            "自分の他のドラゴンまたはエンジェル・コマンドが離れる時、かわりにこのクリーチャーを破壊してもよい。",
            {"whose": "own", "other": True, "race": ["ドラゴン", "エンジェル・コマンド"]},
        ),
    ],
)
def test_a_modifier_that_holds_for_each_head_is_read(text, card):
    assert_compiles_to(text, {"watch": {"event": "leave", "card": card}, **SAVES})


def test_a_rendering_sets_off_a_modifier_of_each_head_with_a_comma():
    """The rendering shown beside the text says the scope as a printed text would."""
    result = compile_text(
        "自分の水のクリーチャーまたは水のタマシードが離れる時、かわりにこのクリーチャーを破壊してもよい。"
    )
    assert result.sentences[0].rendering.startswith("自分の水の、クリーチャーまたはタマシードが離れる時")


DRAGON_OR = """
turn: opponent
players:
  me:
    battle:
      - {id: R, card: {name: 試しのクリーチャー, type: creature, text: "TEXT"}}
      - {id: D, card: {name: 火のドラゴン, type: creature, civilizations: [fire], races: [アーマード・ドラゴン]}}
  opponent: {}
effect: {controller: opponent, by: spell, events: [{id: e1, destroy: D}]}
"""


def test_a_modifier_set_off_is_each_heads_in_the_solver():
    """「自分の光の、クリーチャーまたはドラゴン」: a fire dragon passes neither head (light is each head's)."""
    each = "自分の光の、クリーチャーまたはドラゴンが破壊される時、かわりにこのクリーチャーを破壊してもよい。"
    solution = dmrules.solve(scenario(DRAGON_OR.replace("TEXT", each)))
    assert sorted((r.final["D"], r.final.get("R", "battle")) for r in solution.resolutions) == [("graveyard", "battle")]


# -- the creature breaking a shield -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, watch",
    [
        (
            "自分のシールドが相手のドラゴンにブレイクされる時、かわりにこのクリーチャーを破壊してもよい。",
            {"event": "break", "card": {"whose": "own"}, "by_card": {"whose": "opponent", "race": "ドラゴン"}},
        ),
        (
            "自分のシールドが相手のパワー6000以上のクリーチャーによってブレイクされる時、かわりにこのクリーチャーを破壊"
            "してもよい。",
            {
                "event": "break",
                "card": {"whose": "own"},
                "by_card": {"whose": "opponent", "type": "creature", "power_min": 6000},
            },
        ),
        # a player's creature, said either way, is the break's conditions
        (
            "自分のシールドが相手のクリーチャーによってブレイクされる時、かわりにこのクリーチャーを破壊してもよい。",
            {"event": "break", "card": {"whose": "own"}, "when": ["by_opponent", "by_creature"]},
        ),
        # the shields a player's creature breaks are the other player's
        (
            "相手のドラゴンがシールドをブレイクする時、かわりにこのクリーチャーを破壊してもよい。",
            {"event": "break", "card": {"whose": "own"}, "by_card": {"whose": "opponent", "race": "ドラゴン"}},
        ),
    ],
)
def test_the_creature_breaking_said_after_the_shield(text, watch):
    assert_compiles_to(text, {"watch": watch, "instead": ["stay", "destroy_this"], "optional": True})


def test_a_player_named_before_instead_is_the_owner_of_the_shield_a_creature_of_the_other_player_breaks():
    assert_compiles_to(
        "自分の闇のクリーチャーがシールドをブレイクする時、相手はそのシールドを手札に加えるかわりに持ち主の墓地に置く。",
        {
            "watch": {
                "event": "break",
                "card": {"whose": "opponent"},
                "by_card": {"whose": "own", "civilization": "darkness", "type": "creature"},
            },
            "instead": [{"move_to": "graveyard"}],
        },
    )


@pytest.mark.parametrize(
    "text, named",
    [
        (
            "自分のシールドが相手のドラゴン2体にブレイクされる時、かわりにこのクリーチャーを破壊してもよい。",
            "a break by creatures the text names otherwise than as a player's creatures",
        ),
        (
            "自分のシールドがドラゴンにブレイクされる時、かわりにこのクリーチャーを破壊してもよい。",
            "a break by creatures the text names otherwise than as a player's creatures",
        ),
    ],
)
def test_near_variants_of_the_creature_breaking_are_refused(text, named):
    assert_refused(text, named)


BROKEN = """
turn: opponent
players:
  me:
    battle: [{id: R, card: {name: 試しのクリーチャー, type: creature, text: "TEXT"}}]
    shields: [s1]
  opponent:
    battle:
      - {id: D, card: {name: 攻撃するドラゴン, type: creature, races: [アーマード・ドラゴン]}}
      - {id: N, card: {name: 攻撃するビースト, type: creature, races: [ビーストフォーク]}}
effect: {source: BREAKER, controller: opponent, by: attack, events: [{id: e1, break: s1}]}
"""


@pytest.mark.parametrize(
    "breaker, expected", [("D", [("battle", "hand"), ("graveyard", "shields")]), ("N", [("battle", "hand")])]
)
def test_a_shield_broken_by_the_creature_the_text_names_is_replaced_and_by_another_is_not(breaker, expected):
    text = "自分のシールドが相手のドラゴンにブレイクされる時、かわりにこのクリーチャーを破壊してもよい。"
    solution = dmrules.solve(scenario(BROKEN.replace("BREAKER", breaker).replace("TEXT", text)))
    assert sorted((r.final.get("R", "battle"), r.final.get("s1", "shields")) for r in solution.resolutions) == expected


# -- at most N cards ------------------------------------------------------------------------------------------

AT_MOST = "このクリーチャーが破壊される時、相手のマナゾーンにカードが2枚以下であれば、墓地に置くかわりに手札に戻す。"


def test_a_condition_of_at_most_n_cards_in_a_zone():
    assert_compiles_to(
        AT_MOST,
        {
            "watch": {"event": "destroy", "card": "this"},
            "if": [{"zone": "mana", "whose": "opponent", "at_most": 2}],
            "instead": [{"move_to": "hand"}],
        },
    )
    assert_compiles_to(
        "自分のクリーチャーが破壊される時、バトルゾーンに自分のドラゴンが2体以下であれば、かわりにこのクリーチャーを破壊"
        "してもよい。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}},
            "if": [{"zone": "battle", "whose": "own", "race": "ドラゴン", "at_most": 2}],
            **SAVES,
        },
    )


@pytest.mark.parametrize("mana, final", [(2, "hand"), (3, "graveyard")])
def test_at_most_n_cards_holds_up_to_n_and_not_beyond(mana, final):
    cards = ", ".join(f"m{i}" for i in range(mana))
    text = f"""
turn: opponent
players:
  me:
    battle: [{{id: R, card: {{name: 試しのクリーチャー, type: creature, text: "{AT_MOST}"}}}}]
  opponent:
    mana: [{cards}]
effect: {{controller: opponent, by: spell, events: [{{id: e1, destroy: R}}]}}
"""
    assert [r.final["R"] for r in dmrules.solve(scenario(text)).resolutions] == [final]


def test_near_variants_of_at_most_n_cards_are_refused():
    # an upper bound said with 「以下しか」 and a bound of nothing counted are no phrase the grammar reads
    for text in (
        "このクリーチャーが破壊される時、相手のマナゾーンにカードが2枚以下しかなければ、かわりに手札に戻す。",
        "このクリーチャーが破壊される時、相手のマナゾーンに2枚以下であれば、かわりに手札に戻す。",
    ):
        assert not compile_text(text).complete, text


# -- the players said again of a card's own zones ------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "相手の進化ではないクリーチャーが相手の墓地からバトルゾーンに出る時、かわりに持ち主の山札の一番下に置く。",
        "カードが相手の墓地から相手の手札に戻される時、かわりに持ち主の山札の一番下に置く。",
        "相手のクリーチャーがバトルゾーンから相手の手札に戻される時、かわりに持ち主のマナゾーンに置く。",
        "相手の呪文の効果またはクリーチャーの能力によって、カードが自分の山札から墓地に置かれる時、かわりに自分の山札の"
        "一番下に置く。",
    ],
)
def test_a_cards_player_said_again_of_the_zones_it_moves_between_renders_as_printed(text):
    result = compile_text(text)
    assert result.complete and result.has_replacement, [s.problem for s in result.problems]


def test_a_card_of_another_player_than_the_zones_is_still_refused():
    """「自分のクリーチャーが相手の墓地から出る」: a card of mine in the opponent's graveyard is no card of the
    vocabulary's zones: never read as the opponent's graveyard dropped."""
    result = compile_text("自分のクリーチャーが相手の墓地から出る時、かわりに持ち主の山札の一番下に置く。")
    assert not result.complete


# -- more wordings of known parts ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, form",
    [
        # while such cards are in the battle zone: if there are any there as the event would happen
        (
            "自分の進化ではないクリーチャーがバトルゾーンにある間、自分のシールドがブレイクされる時、かわりにこの"
            "クリーチャーを自分の墓地に置いてもよい。",
            {
                "watch": {"event": "break", "card": {"whose": "own"}},
                "if": [{"zone": "battle", "whose": "own", "type": "creature", "not_type": "evolution"}],
                "instead": [{"this_to": "graveyard"}],
                "optional": True,
            },
        ),
        # the player's creatures summoned this turn, said with the player as the subject
        (
            "このクリーチャーが破壊される時、このターン、自分がクリーチャーを召喚していなければ、墓地に置くかわりに"
            "手札に戻す。",
            {
                "watch": {"event": "destroy", "card": "this"},
                "if": [{"happened": "summon", "whose": "own", "type": "creature", "at_most": 0}],
                "instead": [{"move_to": "hand"}],
            },
        ),
        # the cards under the watched creature, said 「その下にある」
        (
            "自分の進化クリーチャーが破壊される時、かわりにその下にあるカードを1枚、自分の墓地に置いてもよい。",
            {
                "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature", "evolution": True}},
                "instead": [
                    "stay",
                    {"choose": {"count": 1, "from": "under_watched", "to": "graveyard", "verb": "put"}},
                ],
                "optional": True,
            },
        ),
    ],
)
def test_more_wordings_of_known_parts(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text",
    [
        # 「その下」 of a shield: no creature's cards
        "自分のシールドがブレイクされる時、かわりにその下にあるカードを1枚、自分の墓地に置いてもよい。",
        # a card of the player's own said in another place than the battle zone, 「ある間」
        "自分のドラゴンが墓地にある間、このクリーチャーが破壊される時、かわりに手札に戻す。",
    ],
)
def test_near_variants_of_more_wordings_are_refused(text):
    assert not compile_text(text).complete, text


# -- a follow-up the other player does with their own cards --------------------------------------------------

OPPONENT_DISCARDS = """
turn: opponent
players:
  me:
    battle: [{id: R, card: {name: 試しのクリーチャー, type: creature, text: "TEXT"}}]
    hand: [h1]
  opponent:
    hand: [o1, o2]
    mana: [m1]
effect: {controller: opponent, by: spell, events: [{id: e1, destroy: R}]}
"""


@pytest.mark.parametrize(
    "then, chosen",
    [
        ("そうした場合、相手は自分自身の手札を1枚選び、捨てる。", ["o1", "o2"]),
        ("その後、相手は自分自身のマナゾーンからカードを1枚選び、墓地に置く。", ["m1"]),
    ],
)
def test_a_follow_up_the_other_player_does_with_their_own_cards(then, chosen):
    """The opponent chooses among their own cards (their hand, their mana zone), never mine: one resolution each
    card they may choose, beside the one where the replacement is not applied."""
    text = "このクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。" + then
    solution = dmrules.solve(scenario(OPPONENT_DISCARDS.replace("TEXT", text)))
    start = {"o1": "hand", "o2": "hand", "m1": "mana"}
    outcomes = sorted(
        (r.final["R"], r.final["h1"], tuple(c for c in start if r.final[c] != start[c])) for r in solution.resolutions
    )
    expected = [("battle", "graveyard", (c,)) for c in chosen] + [("graveyard", "hand", ())]
    assert outcomes == sorted(expected)
    assert all(r.final[c] == "graveyard" for r in solution.resolutions for c in chosen if r.final[c] != start[c])


@pytest.mark.parametrize(
    "then",
    [
        "その後、相手は自分の手札を1枚捨てる。",  # 「自分の」 said by the opponent: whose hand is not said
        "その後、相手は自分自身のクリーチャーを1体選び、破壊する。",  # a choice in the battle zone by a player named
        "その後、相手は自分自身の手札を1枚捨ててもよい。",  # the opponent decides
    ],
)
def test_near_variants_of_a_follow_up_the_other_player_does_are_refused(then):
    text = "このクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。" + then
    assert not compile_text(text).complete, text


@pytest.mark.parametrize(
    "text, watch",
    [
        # a spell's effect breaking a shield is a cause, never a card breaking it
        (
            "自分のシールドが相手の呪文によってブレイクされる時、かわりに自分の手札を1枚捨ててもよい。",
            {"event": "break", "card": {"whose": "own"}, "when": ["by_opponent", "by_spell"]},
        ),
        # 「どこからでも」 of another card than this one: from any zone
        (
            "相手のカードが、どこからでも相手の墓地に置かれる時、かわりに自分の手札を1枚捨ててもよい。",
            {"event": "put_into_graveyard", "card": {"whose": "opponent"}},
        ),
    ],
)
def test_a_cause_and_any_zone_said_of_a_watched_card(text, watch):
    assert_compiles_to(text, {"watch": watch, "instead": ["stay", {"discard": 1}], "optional": True})


def test_the_other_players_own_cards_said_with_jishin():
    """「そうしたら、相手は自身の手札を1枚選んで捨てる」 is 「相手は自分自身の手札を1枚選び、捨てる」."""
    said = compile_text(
        "このクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。そうしたら、相手は自身の手札を1枚選んで捨てる。"
    )
    full = compile_text(
        "このクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。そうした場合、相手は自分自身の手札を1枚選び、"
        "捨てる。"
    )
    assert said.complete and full.complete
    assert said.forms() == full.forms()


# -- either of two card phrases, each with its own modifiers ------------------------------------------------

EITHER = (
    "自分の闇のクリーチャー、またはコスト5以下の光のクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。"
)


def test_either_of_two_card_phrases_each_with_its_own_modifiers():
    assert_compiles_to(
        EITHER,
        {
            "watch": {
                "event": "destroy",
                "card": {
                    "whose": "own",
                    "any_of": [
                        {"civilization": "darkness", "type": "creature"},
                        {"cost_max": 5, "civilization": "light", "type": "creature"},
                    ],
                },
            },
            "instead": ["stay", {"discard": 1}],
            "optional": True,
        },
    )


EITHER_BOARD = """
turn: opponent
players:
  me:
    battle:
      - {id: R, card: {name: 試しのクリーチャー, type: creature, civilizations: [water], cost: 2, text: "TEXT"}}
      - {id: D, card: {name: 壊されるクリーチャー, type: creature, civilizations: [CIV], cost: COST}}
    hand: [h1]
  opponent: {}
effect: {controller: opponent, by: spell, events: [{id: e1, destroy: D}]}
"""


@pytest.mark.parametrize(
    "civ, cost, saved",
    [("darkness", 8, True), ("light", 5, True), ("light", 6, False), ("fire", 3, False)],
)
def test_either_phrase_holds_each_alternatives_own_modifiers_in_the_solver(civ, cost, saved):
    """A dark creature of any cost, or a light one of cost 5 or less: the cost bound is the light creatures' alone."""
    text = EITHER_BOARD.replace("TEXT", EITHER).replace("CIV", civ).replace("COST", str(cost))
    finals_seen = sorted(r.final["D"] for r in dmrules.solve(scenario(text)).resolutions)
    assert finals_seen == (["battle", "graveyard"] if saved else ["graveyard"])


@pytest.mark.parametrize(
    "text",
    [
        # two players: whose cards is said twice, differently
        "自分のドラゴン、または相手のコスト3以下のクリーチャーが破壊される時、かわりにこのクリーチャーを破壊してもよい。",
        # a player said of the second phrase alone
        "クリーチャー、または相手のコスト3以下のタマシードが破壊される時、かわりにこのクリーチャーを破壊してもよい。",
        # a count inside the first phrase
        "自分のドラゴン1体、またはコスト3以下のクリーチャーが破壊される時、かわりにこのクリーチャーを破壊してもよい。",
    ],
)
def test_near_variants_of_either_phrase_are_refused(text):
    assert not compile_text(text).complete, text


@pytest.mark.parametrize(
    "text",
    [
        # a modifier set off before the first of two phrases: the first's, or both's
        "自分のコスト5以下の、闇のクリーチャー、または光のクリーチャーが破壊される時、かわりに自分の手札を1枚捨てて"
        "もよい。",
        # 「他の」, a bound, of the first phrase alone said: whether the second has it is not said
        "自分の他の闇のクリーチャー、またはコスト5以下の光のクリーチャーが破壊される時、かわりに自分の手札を1枚捨てて"
        "もよい。",
        "自分のコスト5以下の闇のクリーチャー、または光のクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。",
        # the cards under (crossed to) the creature breaking a shield: the event's card is the shield
        "自分の進化クリーチャーがシールドをブレイクする時、かわりにその下にあるカードを1枚墓地に置く。",
        "自分の進化クリーチャーがシールドをブレイクする時、かわりにその進化クリーチャーの下にあるカードを1枚墓地に置く。",
        "自分の進化クリーチャーがシールドをブレイクする時、かわりにそのクリーチャーにクロスされているクロスギアを1枚"
        "墓地に置く。",
        # a modifier before the first of two counted heads, not said again
        "このクリーチャーが破壊される時、かわりに自分の光のクリーチャー1体またはタマシードを1枚破壊してもよい。",
    ],
)
def test_what_a_review_of_the_new_parts_found_read_wrong_is_refused(text):
    assert not compile_text(text).complete, text


def test_a_bound_said_before_each_of_two_counted_heads_is_each_heads():
    result = compile_text(
        "このクリーチャーが破壊される時、かわりに自分のコスト5以下のクリーチャー1体またはコスト5以下のタマシードを1枚"
        "破壊してもよい。"
    )
    assert result.complete, [s.problem for s in result.problems]
    assert result.forms()[0]["instead"] == [
        "stay",
        {"destroy": {"count": 1, "whose": "own", "type": ["creature", "tamaseed"], "cost_max": 5}},
    ]


# -- the creature a cross gear is crossed to, breaking a shield ----------------------------------------------

CROSSED_BREAKS = """
turn: me
players:
  me:
    battle:
      - {id: A, card: {name: 攻撃するクリーチャー, type: creature}}
      - {id: B, card: {name: もう1体のクリーチャー, type: creature}}
      - {id: G, equipped_to: A, card: {name: 試しのクロスギア, type: cross_gear, text: "TEXT"}}
  opponent:
    shields: [o1]
effect: {source: BREAKER, controller: me, by: attack, events: [{id: e1, break: o1}]}
"""
CROSSED_TEXT = (
    "これをクロスしたクリーチャーがシールドをブレイクする時、相手はそのシールドを手札に加えるかわりに"
    "持ち主の墓地に置く。"
)


def test_the_creature_a_cross_gear_is_crossed_to_breaking_a_shield_is_read():
    assert_compiles_to(
        CROSSED_TEXT,
        {
            "watch": {"event": "break", "card": {"whose": "opponent"}, "when": ["by_equipped"]},
            "instead": [{"move_to": "graveyard"}],
        },
    )


@pytest.mark.parametrize("breaker, final", [("A", "graveyard"), ("B", "hand")])
def test_only_a_break_by_the_creature_the_cross_gear_is_crossed_to_is_replaced(breaker, final):
    text = CROSSED_BREAKS.replace("TEXT", CROSSED_TEXT).replace("BREAKER", breaker)
    assert [r.final["o1"] for r in dmrules.solve(scenario(text)).resolutions] == [final]


# -- the crossed creature, when it is such a creature (「これをクロスした自分のサムライ・クリーチャー」)

CROSSED_SAMURAI = """
turn: me
players:
  me:
    battle:
      - {id: A, card: {name: 試しのクリーチャー, type: creature, races: [RACE]}}
      - {id: G, equipped_to: A, card: {name: 試しのクロスギア, type: cross_gear, text: "TEXT"}}
    hand: [h1]
  opponent: {}
effect: {controller: opponent, events: [{destroy: A}]}
"""
CROSSED_SAMURAI_TEXT = (
    "これをクロスした自分のサムライ・クリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。"
)


def test_the_creature_a_cross_gear_is_crossed_to_with_a_filter_is_read():
    assert_compiles_to(
        CROSSED_SAMURAI_TEXT,
        {
            "watch": {"event": "destroy", "card": "equipped", "card_filter": {"whose": "own", "race": "サムライ"}},
            "instead": ["stay", {"discard": 1}],
            "optional": True,
        },
    )


@pytest.mark.parametrize(
    "race, finals",
    [("サムライ", [("battle", "graveyard"), ("graveyard", "hand")]), ("ドラゴン", [("graveyard", "hand")])],
)
def test_the_crossed_creature_is_kept_only_when_it_passes_the_filter(race, finals):
    text = CROSSED_SAMURAI.replace("TEXT", CROSSED_SAMURAI_TEXT).replace("RACE", race)
    solution = dmrules.solve(scenario(text))
    assert sorted((r.final["A"], r.final["h1"]) for r in solution.resolutions) == finals


@pytest.mark.parametrize(
    "text",
    [
        "これをクロスしたバトルゾーンにある自分のサムライ・クリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。",
        "これをクロスした自分のサムライ・クリーチャー2体が破壊される時、かわりに自分の手札を1枚捨ててもよい。",
        "これをクロスしたカードが破壊される時、かわりに自分の手札を1枚捨ててもよい。",
    ],
)
def test_near_variants_of_the_crossed_creature_with_a_filter_are_refused(text):
    assert not compile_text(text).complete


def test_a_filter_of_the_watched_card_needs_a_card_named():
    with pytest.raises(dmrules.InputError, match="card_filter"):
        dmrules.solve(
            scenario(
                CROSSED_SAMURAI.replace(
                    'text: "TEXT"',
                    "replacements: [{watch: {event: destroy, card_filter: {race: サムライ}}, instead: [stay]}]",
                ).replace("RACE", "サムライ")
            )
        )


def test_the_creature_a_cross_gear_is_crossed_to_breaking_its_own_players_shields_is_refused():
    text = "これをクロスしたクリーチャーが自分のシールドをブレイクする時、かわりにそのシールドを墓地に置く。"
    assert not compile_text(text).complete


@pytest.mark.parametrize(
    "said, as_printed",
    [
        # a cause said first, with no comma before the card it acts on
        (
            "自分の呪文によって相手の手札が捨てられる時、墓地に置くかわりに持ち主の山札の一番下に置く。",
            "相手のカードが自分の呪文によって手札から捨てられる時、墓地に置くかわりに持ち主の山札の一番下に置く。",
        ),
        # the watched card moved instead by its own player
        (
            "相手のクリーチャーが自分の呪文によって破壊される時、かわりに相手はそのクリーチャーを自身の山札の下に置く。",
            "相手のクリーチャーが自分の呪文によって破壊される時、かわりに持ち主の山札の下に置く。",
        ),
        # a card put into a zone from any zone of its player's but one, said of the card
        (
            "相手のカードが、相手の手札以外からマナゾーンに置かれる時、かわりに持ち主の墓地に置く。",
            "相手が自身の手札以外からマナゾーンにカードを置く時、かわりに持ち主の墓地に置く。",
        ),
    ],
)
def test_a_wording_reads_as_the_one_it_means(said, as_printed):
    one, other = compile_text(said), compile_text(as_printed)
    assert one.complete and other.complete, [s.problem for s in one.problems + other.problems]
    assert [comparable(a) for a in one.abilities] == [comparable(a) for a in other.abilities]


def test_the_watched_card_moved_instead_by_another_player_than_its_own_is_refused():
    text = "自分のクリーチャーが破壊される時、かわりに相手はそのクリーチャーを自身の山札の下に置く。"
    assert not compile_text(text).complete


def test_a_card_of_one_player_put_from_the_other_players_zones_is_refused():
    assert not compile_text("自分のカードが相手の手札以外からマナゾーンに置かれる時、かわりに墓地に置く。").complete
