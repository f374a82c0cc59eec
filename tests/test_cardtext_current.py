"""Parts of the card language that the texts of the sets since 2012 print (tests/cards/current.tsv),
each read from a real printed text quoted as printed, and a near variant refused."""

from __future__ import annotations

import pytest

from dmrules.reading.cardtext.compiler import comparable, compile_text, read_forms


def assert_compiles_to(text: str, *forms: dict) -> None:
    result = compile_text(text)
    assert result.complete, [s.problem for s in result.problems]
    assert [comparable(a) for a in result.abilities] == [comparable(a) for a in read_forms(list(forms))]


def assert_refused(text: str, named: str) -> None:
    result = compile_text(text)
    assert not result.abilities, result.forms()
    problems = " ".join(s.problem or "" for s in result.problems)
    assert named in problems, problems


# -- the civilizations in a zone (「自分のマナゾーンに火と水の文明があれば」): a card of each there -------------

# 夜露死苦 キャロル
CAROL = (
    "このクリーチャーがどこからでも自分の墓地に置かれる時、自分のマナゾーンに火と水の文明があれば、"
    "このクリーチャーを墓地に置くかわりに自分の手札に戻す。"
)


def test_the_civilizations_in_a_zone_are_a_count_of_a_card_of_each():
    assert_compiles_to(
        CAROL,
        {
            "watch": {"event": "put_into_graveyard", "card": "this"},
            "if": [
                {"zone": "mana", "whose": "own", "civilization": "fire"},
                {"zone": "mana", "whose": "own", "civilization": "water"},
            ],
            "instead": [{"move_to": "hand"}],
            "works_in": "any",
        },
    )


def test_one_civilization_in_a_zone_is_a_count_of_one_card_of_it():
    assert_compiles_to(
        CAROL.replace("火と水の文明", "火の文明"),
        {
            "watch": {"event": "put_into_graveyard", "card": "this"},
            "if": [{"zone": "mana", "whose": "own", "civilization": "fire"}],
            "instead": [{"move_to": "hand"}],
            "works_in": "any",
        },
    )


@pytest.mark.parametrize(
    "text, named",
    [
        (CAROL.replace("火と水の文明", "火と火の文明"), "a civilization named twice"),
        (CAROL.replace("火と水の文明", "火と水の文明が2枚以上"), "cannot read"),
    ],
)
def test_near_variants_of_the_civilizations_in_a_zone_are_refused(text, named):
    assert_refused(text, named)


# -- the two sides of a twin card (「 // 」): each side's lines are read as lines --------------------------

# 「色災」の頂 カラーレス・レインボー
RAINBOW = (
    "T・ブレイカー / ゼロ輪廻∞:このクリーチャーが召喚によって出た時または攻撃する時、このクリーチャーの呪文側を、"
    "バトルゾーンに置いたままコストを支払わずに唱えてもよい。そうしたら、自分の山札の上から5枚をマナゾーンに置く。 / "
    "エターナル・Ω(このクリーチャーが離れる時、かわりに手札に戻す) // カードを各文明1枚ずつ、自分の墓地から選ぶ。"
    "その中からクリーチャーをすべて出し、残りを手札に加える。"
)


def test_the_sides_of_a_twin_card_are_lines_of_their_own():
    assert_compiles_to(
        RAINBOW,
        {"watch": {"event": "leave", "card": "this"}, "instead": [{"move_to": "hand"}], "keyword": "エターナル・Ω"},
    )
    result = compile_text(RAINBOW)
    assert [(s.text, s.verdict) for s in result.sentences][-2:] == [
        ("このクリーチャーが離れる時、かわりに手札に戻す", "replacement"),
        (
            "カードを各文明1枚ずつ、自分の墓地から選ぶ。その中からクリーチャーをすべて出し、残りを手札に加える。",
            "other",
        ),
    ]


# -- 「そうした場合、相手はゲームに勝たない」: what the replacement of the opponent's win says, no event of its own

# 剛勇王機フルメタル・レモン (DM-25)
LEMON = (
    "相手のクリーチャーの攻撃によって、相手がゲームに勝つ時、かわりに自分の山札の上から10枚を墓地に置いてもよい。"
    "そうした場合、相手はゲームに勝たない。"
)


def test_the_opponent_not_winning_after_a_replaced_win_adds_nothing():
    assert_compiles_to(
        LEMON,
        {
            "watch": {"event": "lose", "player": "own", "cause": "attack"},
            "instead": [{"mill": {"player": "own", "count": 10}}],
            "optional": True,
        },
    )
    assert [s.verdict for s in compile_text(LEMON).sentences] == ["replacement", "follow_up"]


@pytest.mark.parametrize(
    "text, named",
    [
        (LEMON.replace("相手はゲームに勝たない", "自分はゲームに勝たない"), "a win of one's own"),
        (
            LEMON.replace("相手のクリーチャーの攻撃によって、相手がゲームに勝つ時", "このクリーチャーが破壊される時"),
            "no win of the opponent's",
        ),
    ],
)
def test_the_opponent_not_winning_after_another_event_is_refused(text, named):
    result = compile_text(text)
    assert not result.complete
    problems = " ".join(s.problem or "" for s in result.problems)
    assert named in problems, problems


# -- any spell of the player's cast from a zone (「自分の墓地から呪文を唱えた後」), not only this one ----------------

# 龍素記号wD サイクルペディア
CYCLEPEDIA = "自分の墓地から呪文を唱えた後、墓地のかわりに山札の下に置く。"


def test_a_spell_cast_from_a_zone_of_the_players_goes_elsewhere_after_it_is_cast():
    assert_compiles_to(
        CYCLEPEDIA,
        {
            "watch": {
                "event": "spell_to_graveyard",
                "card": {"whose": "own", "type": "spell"},
                "cast_from": "graveyard",
            },
            "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
        },
    )


@pytest.mark.parametrize(
    "text, named",
    [
        (CYCLEPEDIA.replace("自分の墓地", "相手の墓地"), "the opponent's zone"),
        (CYCLEPEDIA.replace("自分の墓地", "自分のシールドゾーン"), "S・トリガーを使って"),
    ],
)
def test_near_variants_of_a_spell_cast_from_a_zone_are_refused(text, named):
    assert_refused(text, named)


# -- the zone of either player (「いずれかのシールドゾーンにある」), and the cards of a shield zone as its shields ---

# 煌龍 サッヴァーク
SAVARK = (
    "自分のクリーチャーがバトルゾーンを離れる時、かわりにいずれかのシールドゾーンにある表向きのカードを1枚選び、"
    "持ち主の墓地に置いてもよい。"
)


def test_a_card_of_either_players_shield_zone_is_chosen_from_both():
    choice = {"count": 1, "from": "shields", "to": "graveyard", "verb": "put", "face_up": True}
    assert_compiles_to(
        SAVARK,
        {
            "watch": {"event": "leave", "card": {"whose": "own", "type": "creature"}},
            "instead": ["stay", {"choose": {**choice, "whose": "any"}}],
            "optional": True,
        },
    )
    assert_compiles_to(
        SAVARK.replace("いずれかの", "相手の"),
        {
            "watch": {"event": "leave", "card": {"whose": "own", "type": "creature"}},
            "instead": ["stay", {"choose": {**choice, "whose": "opponent"}}],
            "optional": True,
        },
    )


@pytest.mark.parametrize(
    "text, named",
    [
        (SAVARK.replace("いずれかのシールドゾーン", "いずれかのバトルゾーン"), "no one player's"),
        (SAVARK.replace("いずれかのシールドゾーン", "いずれかのマナゾーン"), "a zone of no one player"),
    ],
)
def test_near_variants_of_either_players_zone_are_refused(text, named):
    assert_refused(text, named)


# -- the side a card of two sides flips to (「クロスギア側に裏返す」): its other side ---------------------------------

# 魔導竜バジュラ
BAJURA = (
    "このクリーチャーが離れる時、かわりにこのクリーチャーの下にあるカードをすべて墓地に置き、"
    "このクリーチャーをクロスギア側に裏返す。"
)


def test_a_card_of_two_sides_flips_to_the_side_it_names():
    assert_compiles_to(
        BAJURA,
        {"watch": {"event": "leave", "card": "this"}, "instead": ["stay", {"under_to": "graveyard"}, "flip_this"]},
    )


@pytest.mark.parametrize(
    "text, named",
    [
        (BAJURA.replace("このクリーチャーをクロスギア側に裏返す", "このクリーチャーをクロスギア側に置く"), "not where"),
        (
            "自分の他のクリーチャーが離れる時、かわりにそのクリーチャーをクロスギア側に裏返す。",
            "the event's card flip instead",
        ),
    ],
)
def test_near_variants_of_the_side_a_card_flips_to_are_refused(text, named):
    assert_refused(text, named)


# -- an ability word before the ability (「<鬼タイム>」), an upper bound of a count (「自分と相手のシールドの数が
# -- 合計6つ以下なら」), the chooser said again as 「相手のかわりに」 -----------------------------------------------

# 「迅雷」の鬼 ライジン天
RAIJINTEN_LINE = "相手がクリーチャーを選ぶ時、自分と相手のシールドの数が合計6つ以下なら、相手のかわりに自分が選ぶ。"
RAIJINTEN = (
    "W・ブレイカー / 自分のターンの終わりに、相手は自身のクリーチャーを1体選び、破壊する。 / "
    "<鬼タイム>" + RAIJINTEN_LINE
)


def test_an_ability_word_an_upper_bound_of_a_count_and_the_chooser_said_again():
    assert_compiles_to(
        RAIJINTEN,
        {
            "keyword": "鬼タイム",
            "watch": {"event": "choose", "card": {"type": "creature"}, "player": "opponent", "from": "battle"},
            "if": [{"zone": "shields", "at_most": 6}],
            "instead": ["choose_instead"],
        },
    )


def test_an_upper_bound_of_one_players_count():
    assert_compiles_to(
        "相手がクリーチャーを選ぶ時、自分のシールドが2つ以下なら、相手のかわりに自分が選ぶ。",
        {
            "watch": {"event": "choose", "card": {"type": "creature"}, "player": "opponent", "from": "battle"},
            "if": [{"zone": "shields", "whose": "own", "at_most": 2}],
            "instead": ["choose_instead"],
        },
    )


@pytest.mark.parametrize(
    "text, named",
    [
        # the chooser said again is not the player whose choice is watched
        (RAIJINTEN_LINE.replace("相手のかわりに", "自分のかわりに"), "chooser"),
        # 「合計」 of one player's shields sums nothing
        (RAIJINTEN_LINE.replace("自分と相手の", "自分の"), "「合計」"),
        # a bound the grammar does not read (「未満」)
        (RAIJINTEN_LINE.replace("以下", "未満"), "cannot read"),
    ],
)
def test_near_variants_of_the_upper_bound_and_the_chooser_are_refused(text, named):
    assert_refused(text, named)


BOUNDED = """
turn: opponent
players:
  me:
    battle:
      - id: A
        card:
          name: 上限のクリーチャー
          type: creature
          text: "このクリーチャーが破壊される時、自分と相手のシールドの数が合計2つ以下なら、かわりに手札に戻す。"
    shields: [%s]
  opponent:
    battle:
      - {id: X, card: {name: 破壊するクリーチャー, type: creature}}
effect: {source: X, controller: opponent, events: [{id: e1, destroy: A}]}
"""


def test_the_solver_reads_an_upper_bound_of_a_count_of_both_players_shields():
    import dmrules

    from .conftest import scenario

    def finals(shields: str) -> list[str]:
        return sorted(r.final["A"] for r in dmrules.solve(scenario(BOUNDED % shields)).resolutions)

    assert finals("s1, s2") == ["hand"]
    assert finals("s1, s2, s3") == ["graveyard"]


# -- a discard said in the active voice (「このカードを自分の手札から捨てる時」): the event 「捨てられる時」 names ----

# 貝獣 ヒヨク: its watched discard, and what it does instead: the card goes under a NEO creature it chooses
HIYOKU = "このカードを自分の手札から捨てる時、墓地に置くかわりに自分のNEOクリーチャー1体の下に置いてもよい。"


def test_a_discard_said_in_the_active_voice_is_the_discard_of_the_card():
    assert_compiles_to(
        HIYOKU,
        {
            "watch": {"event": "discard", "card": "this"},
            "instead": [{"under_chosen": {"whose": "own", "type": "neo"}}],
            "optional": True,
        },
    )
    assert_compiles_to(
        HIYOKU.replace("自分のNEOクリーチャー1体の下に置いて", "バトルゾーンに出して"),
        {"watch": {"event": "discard", "card": "this"}, "instead": [{"move_to": "battle"}], "optional": True},
    )
    assert_compiles_to(
        "自分のドラゴンを手札から捨てる時、墓地に置くかわりに山札の一番下に置く。",
        {
            "watch": {"event": "discard", "card": {"whose": "own", "race": "ドラゴン"}},
            "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
        },
    )


def test_a_discard_of_this_card_from_the_opponents_hand_is_refused():
    variant = HIYOKU.replace("自分のNEOクリーチャー1体の下に置いて", "バトルゾーンに出して")
    assert_refused(variant.replace("自分の手札", "相手の手札"), "opponent's zone")


@pytest.mark.parametrize(
    "text, named",
    [
        (HIYOKU.replace("自分のNEOクリーチャー1体", "NEOクリーチャー1体"), "no one player"),
        (HIYOKU.replace("1体の下", "2体の下"), "other than one chosen card"),
        (HIYOKU.replace("1体の下", "の下"), "other than one chosen card"),
        (HIYOKU.replace("置いてもよい", "タップして置いてもよい"), "otherwise than"),
    ],
)
def test_near_variants_of_the_card_put_under_a_chosen_creature_are_refused(text, named):
    assert_refused(text, named)


def test_the_card_put_under_a_chosen_creature_instead_is_solved():
    """The compiled text (fixture V24 has it in a scenario): it goes to the graveyard, or under the NEO
    creature."""
    import dmrules

    solution = dmrules.solve(
        dmrules.scenario_from_text(
            f"""
turn: me
players:
  me:
    hand: [{{id: H, card: {{name: 貝獣 ヒヨク, type: creature, text: "{HIYOKU}"}}}}]
    battle: [{{id: N, card: {{name: NEOのクリーチャー, type: neo_creature}}}}]
  opponent: {{}}
effect: {{controller: opponent, events: [{{discard: H}}]}}
""",
            "inline.yaml",
        )
    )
    got = sorted((r.final["H"], r.windows[-1].final_under.get("H")) for r in solution.resolutions)
    assert got == [("battle", "N"), ("graveyard", None)]


def test_a_neo_creature_is_a_type_the_solver_reads():
    """「NEOクリーチャー」 is the type ``neo`` (a card of the type ``neo_creature`` is a creature and a NEO
    creature): a replacement that watches the NEO creatures watches that card, not another creature."""
    import dmrules

    text = "自分のNEOクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。"
    solution = dmrules.solve(
        dmrules.scenario_from_text(
            f"""
turn: opponent
players:
  me:
    battle:
      - {{id: W, card: {{name: 見張りのクリーチャー, type: creature, cost: 3, power: 1000, text: "{text}"}}}}
      - {{id: N, card: {{name: NEOのクリーチャー, type: neo_creature, cost: 3, power: 1000}}}}
      - {{id: X, card: {{name: ふつうのクリーチャー, type: creature, cost: 3, power: 1000}}}}
    hand: [h1]
  opponent: {{}}
effect: {{controller: opponent, events: [{{destroy: N}}, {{destroy: X}}]}}
""",
            "neo.yaml",
        )
    )
    finals = sorted((r.final["N"], r.final["X"], r.final["h1"]) for r in solution.resolutions)
    assert finals == [("battle", "graveyard", "graveyard"), ("graveyard", "graveyard", "hand")]


# -- the player who does the replaced event, said before 「かわりに」, and 「それ」 for its card ----------------

# 「鎮魂」の頂 ベートーベン・ソレムニス
SOLEMNIS = "相手がドラゴンを出す時、相手はかわりにそれを墓地に置く。"


def test_the_player_before_instead_is_the_one_whose_card_it_is_and_it_names_the_card():
    assert_compiles_to(
        SOLEMNIS,
        {
            "watch": {"event": "enter", "card": {"whose": "opponent", "race": "ドラゴン"}},
            "instead": [{"move_to": "graveyard"}],
        },
    )


@pytest.mark.parametrize(
    "text, named",
    [
        (SOLEMNIS.replace("相手はかわりに", "自分はかわりに"), "the player named before 「かわりに」"),
        ("このクリーチャーが破壊される時、相手はかわりにそれを手札に戻す。", "the player named before 「かわりに」"),
        (
            "相手がクリーチャーを出す時、自分はそのクリーチャーをバトルゾーンに出すかわりにマナゾーンに置く。",
            "the player named before 「かわりに」",
        ),
    ],
)
def test_another_player_before_instead_is_refused(text, named):
    assert_refused(text, named)


# 「自身の」 of the player the sentence names: ボルメテウス・ホワイト・ドラゴン
def test_the_zone_of_the_player_named_is_the_cards_owners():
    assert_compiles_to(
        "このクリーチャーがシールドをブレイクする時、相手はそのシールドを手札に加えるかわりに自身の墓地に置く。",
        {
            "watch": {"event": "break", "card": {"whose": "opponent"}, "when": ["by_this"]},
            "instead": [{"move_to": "graveyard"}],
        },
    )


# 「唱えた時、唱えた後で」 (龍素記号wD サイクルペディア) is 「唱えた後」
def test_after_a_spell_is_cast_said_with_the_moment_it_is_cast():
    assert_compiles_to(
        "自分の墓地から呪文を唱えた時、唱えた後で、墓地のかわりに山札の下に置く。",
        {
            "watch": {
                "event": "spell_to_graveyard",
                "card": {"whose": "own", "type": "spell"},
                "cast_from": "graveyard",
            },
            "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
        },
    )


# 「シャッフルしてから山札の一番下に置く」 (始虹帝 ミノガミ): the order the form does not state
def test_cards_shuffled_before_they_go_to_the_bottom_of_the_deck():
    assert_compiles_to(
        "自分がゲームに負ける時、または相手が勝つ時、かわりに自分のマナゾーンにあるカードを8枚、"
        "シャッフルしてから山札の一番下に置く。",
        {
            "watch": {"event": "lose", "player": "own"},
            "instead": [{"choose": {"count": 8, "from": "mana", "to": "deck", "verb": "put", "position": "bottom"}}],
        },
    )


# -- the shields this card's 「EXライフ」 made: 「そのシールド」 of this card's leaving ---------------------------

# 竜界電融 N・EXT (EXライフ), 不敬合成王 ロマティックダム・アルキング (エクストラEXライフ)
EX_LIFE = (
    "EXライフ(このクリーチャーを出す時、自分の山札の上から1枚目をシールド化する。"
    "このクリーチャーが離れる時、かわりにそのシールドを墓地に置く)"
)
EXTRA_EX_LIFE = (
    "エクストラEXライフ(このクリーチャーを出す時、自分の山札の上から2枚をシールド化する。"
    "このクリーチャーが離れる時、かわりにそのシールドのうち1つを墓地に置く)"
)


def test_the_shield_ex_life_made_goes_instead_of_this_creature():
    assert_compiles_to(
        EX_LIFE + " / W・ブレイカー",
        {"watch": {"event": "leave", "card": "this"}, "instead": ["stay", {"ex_life_to": "graveyard"}]},
    )


def test_one_of_the_shields_extra_ex_life_made_goes_instead_of_this_creature():
    assert_compiles_to(
        EXTRA_EX_LIFE,
        {
            "watch": {"event": "leave", "card": "this"},
            "instead": ["stay", {"choose": {"count": 1, "from": "ex_life_of_this", "to": "graveyard", "verb": "put"}}],
        },
    )


@pytest.mark.parametrize(
    "text, named",
    [
        ("このクリーチャーが離れる時、かわりにそのシールドを墓地に置く。", "no sentence before makes one"),
        (EX_LIFE.replace("このクリーチャーを出す時", "このクリーチャーが攻撃する時"), "no sentence before makes one"),
        (EXTRA_EX_LIFE.replace("うち1つ", "うち2つ"), "as many shields as there are"),
        (EX_LIFE.replace("墓地に置く", "手札に加える"), "other than put somewhere"),
        (EX_LIFE.replace("このクリーチャーが離れる時", "自分のクリーチャーが離れる時"), "names no shield"),
        (EX_LIFE.replace("そのシールドを", "そのクリーチャーのうち1つを"), "a part of the cards"),
    ],
)
def test_near_variants_of_the_shields_ex_life_made_are_refused(text, named):
    assert_refused(text, named)


def _ex_life_finals(text: str, shields: str) -> list[dict[str, str]]:
    import dmrules

    from .conftest import scenario

    yaml = f"""
turn: opponent
players:
  me:
    battle: [{{id: X, card: {{name: 竜界電融 N・EXT, type: creature, text: "{text}"}}}}]
    shields: [{shields}]
  opponent: {{}}
effect: {{controller: opponent, events: [{{destroy: X}}]}}
"""
    return sorted((dict(r.final) for r in dmrules.solve(scenario(yaml)).resolutions), key=lambda f: sorted(f.items()))


def test_the_solver_puts_the_shield_ex_life_made_into_the_graveyard_instead():
    """The scenario says which shields the creature's 「EXライフ」 made (``ex_life_of``); with none left in the
    shield zone the replacement cannot be done, and the creature is destroyed."""
    assert _ex_life_finals(EX_LIFE, "{id: s1, ex_life_of: X}, s2") == [
        {"X": "battle", "s1": "graveyard", "s2": "shields"}
    ]
    assert _ex_life_finals(EX_LIFE, "s1, s2") == [{"X": "graveyard", "s1": "shields", "s2": "shields"}]


def test_the_solver_chooses_one_of_the_shields_extra_ex_life_made():
    finals = _ex_life_finals(EXTRA_EX_LIFE, "{id: s1, ex_life_of: X}, {id: s2, ex_life_of: X}, s3")
    assert finals == [
        {"X": "battle", "s1": "graveyard", "s2": "shields", "s3": "shields"},
        {"X": "battle", "s1": "shields", "s2": "graveyard", "s3": "shields"},
    ]


def test_an_ex_life_shield_outside_the_shield_zone_is_refused():
    import dmrules

    with pytest.raises(dmrules.InputError) as error:
        dmrules.scenario_from_text(
            """
turn: opponent
players:
  me:
    battle: [X]
    hand: [{id: h1, ex_life_of: X}]
  opponent: {}
effect: {controller: opponent, events: [{destroy: X}]}
""",
            "inline.yaml",
        )
    assert "「EXライフ」 shield is in the shield zone" in error.value.problem, error.value.problem


# -- this card's 禁断コア put under it, and a shield of the player's as a follow-up (終焉の禁断 ドルマゲドンX) ------

DORUMAGEDDON = (
    "このクリーチャーが離れる時、かわりにこのクリーチャーの禁断コアを2枚、このカードの下に置いてもよい。"
    "そうしたら、自分のシールドを1つ墓地に置く。"
)


def test_this_cards_cores_go_under_it_and_then_a_shield_to_the_graveyard():
    """The form fixture M08 gives ドルマゲドンX, read from its printed sentences."""
    assert_compiles_to(
        DORUMAGEDDON,
        {
            "watch": {"event": "leave", "card": "this"},
            "instead": [
                "stay",
                {
                    "choose": {
                        "count": 2,
                        "from": "battle",
                        "to": "under_this",
                        "verb": "put",
                        "whose": "own",
                        "component_of_this": True,
                    }
                },
            ],
            "optional": True,
            "then": [
                {"events": [{"move": {"choose": {"count": 1, "from": "shields", "whose": "own"}}, "to": "graveyard"}]}
            ],
        },
    )


def test_near_variants_of_this_cards_cores_are_refused():
    assert_refused(DORUMAGEDDON.replace("このクリーチャーの禁断コア", "このクリーチャーの闇の禁断コア"), "cannot read")
    result = compile_text(DORUMAGEDDON.replace("自分のシールドを", "相手のシールドを"))
    assert not result.complete
    assert [s.problem for s in result.problems] == [
        "a follow-up choice from no one zone of the player's own (「そうしたら、相手のシールドを1つ墓地に置く…」)"
    ]


# -- no card in a zone (「自分の山札が0枚なら」): at most none; an exact number other than none is refused ----------

# 不死鳥縫合 ブラック・ビッグバン
BIG_BANG = "自分がカードを引く時、自分の山札が0枚なら、かわりにクリーチャーを1体、墓地から出してもよい。"


def test_an_empty_deck_is_a_count_of_at_most_none():
    assert_compiles_to(
        BIG_BANG,
        {
            "watch": {"event": "draw", "player": "own"},
            "if": [{"zone": "deck", "whose": "own", "at_most": 0}],
            "instead": [
                {"choose": {"count": 1, "from": "graveyard", "to": "battle", "verb": "put", "type": "creature"}}
            ],
            "optional": True,
        },
    )


def test_no_card_in_the_deck_said_otherwise_is_the_same_count():
    form = {
        "watch": {"event": "destroy", "card": "this"},
        "if": [{"zone": "deck", "whose": "own", "at_most": 0}],
        "instead": [{"move_to": "hand"}],
    }
    for none in ("自分の山札が0枚なら", "自分の山札が1枚もなければ", "自分の山札にカードが1枚もなければ"):
        assert_compiles_to(f"{none}、このクリーチャーが破壊される時、かわりに手札に戻す。", form)


def test_an_exact_number_of_cards_in_a_zone_is_refused():
    assert_refused(BIG_BANG.replace("0枚なら", "2枚なら"), "cannot read")


def test_the_solver_reads_the_empty_deck():
    import dmrules

    from .conftest import scenario

    def finals(deck: str) -> list[tuple[str, ...]]:
        text = f"""
turn: me
players:
  me:
    battle:
      - {{id: B, card: {{name: 不死鳥縫合 ブラック・ビッグバン, type: creature, text: "{BIG_BANG}"}}}}
    graveyard:
      - {{id: G, card: {{name: 墓地のクリーチャー, type: creature, cost: 3, power: 1000}}}}
    deck: [{deck}]
  opponent: {{}}
effect: {{controller: me, events: [{{draw: me}}]}}
"""
        return sorted(tuple(sorted(r.final.items())) for r in dmrules.solve(scenario(text)).resolutions)

    empty = finals("")
    assert len(empty) == 2 and {dict(f)["G"] for f in empty} == {"graveyard", "battle"}
    assert {dict(f)["G"] for f in finals("d1")} == {"graveyard"}


# -- a race a card is not (「ドラゴンではないクリーチャー」), and 「出るかわりに」 (龍世界 ドラゴ大王) -----------

DRAGO = "ドラゴンではないクリーチャーが出る時、出るかわりに持ち主の墓地に置かれる。"


def test_a_race_a_card_is_not_is_a_filter_of_races_it_has_none_of():
    assert_compiles_to(
        DRAGO,
        {
            "watch": {"event": "enter", "card": {"type": "creature", "not_race": "ドラゴン"}},
            "instead": [{"move_to": "graveyard"}],
        },
    )


def test_the_solver_sends_only_the_creatures_of_other_races_elsewhere():
    import dmrules

    from .conftest import scenario

    text = f"""
turn: opponent
players:
  me:
    battle: [{{id: D, card: {{name: 龍世界 ドラゴ大王, type: creature, races: [ドラゴン], text: "{DRAGO}"}}}}]
  opponent:
    hand:
      - {{id: A, card: {{name: ふつうのクリーチャー, type: creature, races: [ヒューマノイド]}}}}
      - {{id: B, card: {{name: 龍のクリーチャー, type: creature, races: [アーマード・ドラゴン]}}}}
effect: {{controller: opponent, events: [{{put_into_battle: A}}, {{put_into_battle: B}}]}}
"""
    finals = [(r.final["A"], r.final["B"]) for r in dmrules.solve(scenario(text)).resolutions]
    assert finals == [("graveyard", "battle")]


# -- either player's zone (「いずれかのプレイヤーの山札から」) and its player (「そのプレイヤーは」) ----------------

# デュエマの鬼!キクチ師範代
KIKUCHI = (
    "いずれかのプレイヤーの山札から、手札以外のゾーンにカードが置かれる時、"
    "かわりにそのプレイヤーはそのカードを山札に加えてシャッフルする。"
)


def test_either_players_deck_and_that_player_putting_the_card_back():
    assert_compiles_to(
        KIKUCHI,
        {
            "watch": {"event": "leave_deck", "card": {}, "to_not": "hand"},
            "instead": [{"move_to": {"zone": "deck", "position": "shuffle"}}],
        },
    )


def test_that_player_doing_other_than_moving_the_events_card_is_refused():
    assert_refused(
        "相手のクリーチャーが破壊される時、かわりにそのプレイヤーは手札を1枚捨てる。",
        "done by a player the text names",
    )


# -- a card put face down into the mana zone (水晶チャージャー): read, and refused by the solver by name --------

CRYSTAL_CHARGER = "水晶チャージャー(この呪文を唱えた後、墓地に置くかわりに、裏向きにして自分のマナゾーンに置く)"


def test_a_spell_put_face_down_into_the_mana_zone_after_it_is_cast():
    assert_compiles_to(
        CRYSTAL_CHARGER,
        {
            "watch": {"event": "spell_to_graveyard", "card": "this"},
            "instead": [{"move_to": {"zone": "mana", "face_down": True}}],
            "spell_own_movement": True,
        },
    )
    assert_compiles_to(
        CRYSTAL_CHARGER.replace("裏向きにして自分のマナゾーンに", "自分のマナゾーンに裏向きにして"),
        {
            "watch": {"event": "spell_to_graveyard", "card": "this"},
            "instead": [{"move_to": {"zone": "mana", "face_down": True}}],
            "spell_own_movement": True,
        },
    )


def test_a_card_put_face_down_elsewhere_is_refused():
    assert_refused(CRYSTAL_CHARGER.replace("マナゾーン", "手札"), "face down elsewhere")


def test_the_face_down_placement_is_solved():
    """The spell goes to the mana zone face down instead of the graveyard (tests/test_modelled.py: there it has no
    civilization)."""
    import dmrules

    scenario = dmrules.scenario_from_text(
        f"""
turn: me
players:
  me:
    hand: [{{id: S, card: {{name: 水晶の呪文, type: spell, cost: 3, text: "{CRYSTAL_CHARGER}"}}}}]
  opponent: {{}}
effect: {{source: S, controller: me, by: spell, cast_from: hand, events: [{{spell_to_graveyard: S}}]}}
""",
        "inline.yaml",
    )
    solution = dmrules.solve(scenario)
    assert [(r.final["S"], r.face_down) for r in solution.resolutions] == [("mana", ("S",))]


# -- a shield turned face up instead of broken, the shield named (「かわりにそのシールドを表向きにしてもよい」) ----


def test_the_shield_named_turned_face_up_instead_of_broken():
    assert_compiles_to(
        "自分のシールドが相手のクリーチャーにブレイクされる時、かわりにそのシールドを表向きにしてもよい。",
        {
            "watch": {"event": "break", "card": {"whose": "own"}, "when": ["by_opponent", "by_creature"]},
            "instead": ["turn_face_up"],
            "optional": True,
        },
    )
    assert_refused(
        "自分のシールドがブレイクされる時、かわりにそのクリーチャーを表向きにしてもよい。",
        "names a card the watched event",
    )


# -- 「このターン、次に…時」: one event at most, for the turn ---------------------------------------------------


def test_the_next_time_this_turn_is_once_for_the_turn():
    assert_compiles_to(
        "このターン、次に自分のクリーチャーが破壊される時、かわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}},
            "instead": [{"move_to": "hand"}],
            "duration": "this_turn",
            "once_per_turn": True,
        },
    )


@pytest.mark.parametrize(
    "text",
    [
        "次に自分のクリーチャーが破壊される時、かわりに手札に戻す。",
        "このターン、各ターンに1度、次に自分のクリーチャーが破壊される時、かわりに手札に戻す。",
    ],
)
def test_the_next_time_with_no_duration_is_refused(text):
    assert_refused(text, "「次に」 of no duration")


# -- 「シールド化する」: put into the shield zone as a new shield, face down unless said ---------------------------


@pytest.mark.parametrize(
    "text, form",
    [
        (
            "このクリーチャーが破壊される時、かわりにシールド化してもよい。",
            {"watch": {"event": "destroy", "card": "this"}, "instead": [{"move_to": "shields"}], "optional": True},
        ),
        (
            "このクリーチャーが離れる時、かわりに表向きにしてシールド化する。",
            {
                "watch": {"event": "leave", "card": "this"},
                "instead": [{"move_to": {"zone": "shields", "face_up": True}}],
            },
        ),
        (
            "自分のクリーチャーが破壊される時、かわりにこのクリーチャーをシールド化してもよい。",
            {
                "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}},
                "instead": ["stay", {"this_to": "shields"}],
                "optional": True,
            },
        ),
        (
            "このクリーチャーが破壊される時、かわりに自分の手札を1枚シールド化してもよい。",
            {
                "watch": {"event": "destroy", "card": "this"},
                "instead": ["stay", {"choose": {"count": 1, "from": "hand", "to": "shields", "verb": "put"}}],
                "optional": True,
            },
        ),
    ],
)
def test_a_card_made_a_shield_instead(text, form):
    assert_compiles_to(text, form)


def test_ex_life_by_name_is_its_printed_reminder():
    assert_compiles_to(
        "EXライフ / W・ブレイカー",
        {
            "keyword": "EXライフ",
            "watch": {"event": "leave", "card": "this"},
            "instead": ["stay", {"ex_life_to": "graveyard"}],
        },
    )
    assert_compiles_to(
        "エクストラEXライフ",
        {
            "watch": {"event": "leave", "card": "this"},
            "instead": ["stay", {"choose": {"count": 1, "from": "ex_life_of_this", "to": "graveyard", "verb": "put"}}],
        },
    )


# -- on a spell too, 「それ」 and 「その呪文」 are the spell the sentence before casts, not this one -------------------


def test_on_a_spell_the_spell_the_sentence_before_casts_is_not_this_one():
    cast = "呪文を1枚、自分の墓地からコストを支払わずに唱えてもよい。"
    other = cast + "その呪文を唱えた後、墓地に置くかわりに山札の下に置く。"
    [ability] = compile_text(other, "呪文").abilities
    assert (ability.watch.subject, ability.spell_own_movement) == ("cast_by_this", False)
    [own] = compile_text("この呪文を唱えた後、墓地に置くかわりにマナゾーンに置く。", "呪文").abilities
    assert (own.watch.subject, own.spell_own_movement) == ("this", True)


# -- the spell an earlier sentence casts (「それを唱えた後、墓地のかわりに山札の下に置く」) ----------------------------

# 龍風混成 ザーディクリカ (its third line)
ZARDICLICA = (
    "このクリーチャーが出た時、コスト7以下の呪文を1枚、自分の手札または墓地からコストを支払わずに唱えてもよい。"
    "それを唱えた後、墓地のかわりに山札の下に置く。"
)
# 邪眼鎧悪ロマノフⅣ世 (its second line)
ROMANOV = (
    "このクリーチャーが出た時、自分の山札の上から3枚まで墓地に置く。その後、コスト4以下の、クリーチャーではない"
    "カードを1枚、自分の墓地からコストを支払わずに実行してもよい。こうして呪文を唱えたなら、それを唱えた後、"
    "墓地のかわりに山札の下に置く。"
)
# 天上天下双極∞
TENJOU = (
    "虹帝双極∞:自分の山札の上から3枚を表向きにする。こうして表向きにしたツインパクトカードの呪文側を、"
    "コストを支払わずに唱えてもよい。そうしたら、その呪文を唱えた後、墓地に置くかわりにバトルゾーンに出す。"
    "残りを自分のマナゾーンに置く。"
)
CAST_BY_THIS = {"event": "spell_to_graveyard", "card": "cast_by_this"}


@pytest.mark.parametrize("text", [ZARDICLICA, ROMANOV])
def test_the_spell_an_earlier_sentence_casts_goes_to_the_deck_bottom_instead(text):
    assert_compiles_to(text, {"watch": CAST_BY_THIS, "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}]})


def test_the_spell_an_earlier_sentence_casts_enters_the_battle_zone_instead():
    assert_compiles_to(TENJOU, {"watch": CAST_BY_THIS, "instead": [{"move_to": "battle"}]})


@pytest.mark.parametrize(
    "text, named",
    [
        ("それを唱えた後、墓地のかわりに山札の下に置く。", "no sentence before it casts"),  # no spell was cast
        (ZARDICLICA.replace("唱えてもよい。", "手札に加えてもよい。"), "no sentence before it casts"),
        (ZARDICLICA.replace("それを唱えた後", "この呪文を唱えた後"), "no spell"),  # on a creature: refused
    ],
)
def test_near_variants_of_the_spell_an_earlier_sentence_casts_are_refused(text, named):
    result = compile_text(text, "クリーチャー")
    assert not result.abilities, result.forms()
    problems = " ".join(s.problem or "" for s in result.problems)
    assert named in problems, problems


# -- where this card is, as a condition (「このクリーチャーが…にあれば」) --------------------------------------------

# 「雷光の聖騎士」 (dm-wiki.net's wording)
RAIKOU = (
    "自分のシールドがブレイクされる時、このクリーチャーがバトルゾーンまたは表向きで自分のシールドゾーンにあれば、"
    "シールドブレイクのかわりに自分の手札を1枚捨ててもよい。"
)


def test_where_this_card_is_is_a_condition_and_the_ability_works_anywhere():
    assert_compiles_to(
        RAIKOU,
        {
            "watch": {"event": "break", "card": {"whose": "own"}},
            "if": [{"this_in": ["battle", "face_up_shields"]}],
            "instead": ["stay", {"discard": 1}],
            "optional": True,
            "works_in": "any",
        },
    )
    graveyard = RAIKOU.replace("バトルゾーンまたは表向きで自分のシールドゾーン", "自分の墓地")
    assert compile_text(graveyard).abilities[0].conditions[0].this_in == ("graveyard",)


@pytest.mark.parametrize(
    "text, named",
    [
        (RAIKOU.replace("表向きで自分のシールドゾーン", "表向きで自分のマナゾーン"), "「表向きで」 in a zone"),
        (RAIKOU.replace("表向きで自分のシールドゾーン", "相手のシールドゾーン"), "a zone of the opponent's"),
        (RAIKOU.replace("シールドブレイクのかわりに", "破壊されるかわりに"), "does not watch"),
    ],
)
def test_near_variants_of_where_this_card_is_are_refused(text, named):
    assert_refused(text, named)


# -- 裁きの紋章: a spell put onto one of its player's shields after it is cast ---------------------------------------

# 命翼ノ裁キ (its second line, with the reminder printed after it)
INOCHI = (
    "この呪文を自分の手札から唱えた後、墓地に置くかわりに自分のシールド1つの上に表向きにして置く。"
    "(そのシールドの束は1つと数える)"
)


def test_a_spell_goes_onto_a_shield_face_up_after_it_is_cast():
    form = {
        "watch": {"event": "spell_to_graveyard", "card": "this", "cast_from": "hand"},
        "instead": [{"move_to": {"zone": "shields", "face_up": True, "on_shield": True}}],
        "spell_own_movement": True,
    }
    assert_compiles_to(INOCHI, form)
    assert_compiles_to(INOCHI.replace("自分のシールド1つ", "シールド1つ"), form)  # 隻眼ノ裁キ: one's own unless said


@pytest.mark.parametrize(
    "text, named",
    [
        (INOCHI.replace("自分のシールド1つ", "自分のシールド2つ"), "a card put on top of another"),
        (INOCHI.replace("自分のシールド1つ", "相手のシールド1つ"), "another player's"),
        (INOCHI.replace("表向きにして置く", "置く"), "otherwise than 「表向きにして置く」"),
    ],
)
def test_near_variants_of_a_spell_onto_a_shield_are_refused(text, named):
    assert_refused(text, named)


# 電磁魔天イエス・ザナドゥ: 「そうしたら、唱えた後」, the spell the sentence before casts, put face up into the shields
XANADU = (
    "このクリーチャーが出た時、または攻撃する時、「S・トリガー」を持つ呪文を1枚、自分の墓地からコストを支払わずに"
    "唱えてもよい。そうしたら、唱えた後、墓地に置くかわりに表向きのままシールド化する。"
)
# 龍素知新: 「唱えた後、その呪文を墓地に置くかわりに」
CHISHIN = (
    "コスト7以下の呪文を1枚、自分の墓地からコストを支払わずに唱える。"
    "唱えた後、その呪文を墓地に置くかわりに自分の山札の一番下に置く。"
)


def test_after_it_is_cast_said_alone_is_the_spell_the_sentence_before_casts():
    assert_compiles_to(XANADU, {"watch": CAST_BY_THIS, "instead": [{"move_to": {"zone": "shields", "face_up": True}}]})
    assert_compiles_to(
        CHISHIN, {"watch": CAST_BY_THIS, "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}]}
    )
    # 生命と大地と轟破の決断: the sentence before casts this spell, from a zone it names there: what is done after it
    # is cast so, by that permission (as 「こうしてマナゾーンから唱えた後、…」: the spell cast by its own ability)
    life = "この呪文を自分のマナゾーンから唱えてもよい。そうしたら、唱えた後、墓地に置くかわりに自分の山札の下に置く。"
    assert_compiles_to(
        life,
        {
            "watch": {"event": "spell_to_graveyard", "card": "cast_by_this", "cast_from": "mana"},
            "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
            "spell_own_movement": True,
        },
    )


# -- G-NEO進化's reminder: the cards under this creature leave instead of it ------------------------------------------

# 淵魂 グレート=ジャシン帝 (its first line)
GNEO = (
    "G-NEO進化:水、闇、または火のクリーチャー1体の上に置いてもよい。(カードが下にあれば、NEO進化クリーチャーとして扱い、"
    "離れる時、かわりに下のカードすべてが離れる)"
)


def test_the_cards_under_this_creature_leave_instead_of_it():
    assert_compiles_to(
        GNEO,
        {"watch": {"event": "leave", "card": "this"}, "if": ["cards_under_this"], "instead": ["stay", "under_leave"]},
    )


@pytest.mark.parametrize(
    "text, named",
    [
        (GNEO.replace("離れる時", "破壊される時"), "other than its own leaving"),
        (GNEO.replace("下のカードすべてが", "下のカードが"), "cannot read"),
        (GNEO.replace("カードが下にあれば、", "カードが上にあれば、"), "cannot read"),
    ],
)
def test_near_variants_of_the_cards_under_leaving_are_refused(text, named):
    assert_refused(text, named)


# -- a card leaving for any zone but one (「バトルゾーンから墓地以外のどこかに離れる」) ------------------------------

# 不滅槍 パーフェクト
LANCE = "これを装備したクリーチャーがバトルゾーンから墓地以外のどこかに離れる時、離れるかわりにバトルゾーンにとどまる。"


def test_a_card_leaving_for_any_zone_but_one():
    assert_compiles_to(
        LANCE, {"watch": {"event": "leave", "card": "equipped", "to_not": "graveyard"}, "instead": ["stay"]}
    )


@pytest.mark.parametrize(
    "text, named",
    [
        (LANCE.replace("バトルゾーンから墓地以外", "墓地から墓地以外"), "from no zone it can leave"),
        (LANCE.replace("バトルゾーンから墓地以外のどこかに", "墓地以外のどこかに"), "cannot read"),
    ],
)
def test_near_variants_of_a_card_leaving_for_any_zone_but_one_are_refused(text, named):
    assert_refused(text, named)


# -- a grant with a condition (「マナ武装 5:…あれば、…はすべて「シールド・セイバー」を得る」) --------------------------

# 真・龍覇 ヘブンズロージア (its second line)
ROSIA = (
    "マナ武装 5:自分のマナゾーンに光のカードが5枚以上あれば、バトルゾーンにある自分の光のクリーチャーはすべて"
    "「シールド・セイバー」を得る。(自分のシールドがブレイクされる時、かわりに「シールド・セイバー」を持つクリーチャーを"
    "破壊してもよい)"
)


def test_a_grant_with_a_condition_gives_the_ability_with_it():
    assert_compiles_to(
        ROSIA,
        {
            "watch": {"event": "break", "card": {"whose": "own"}},
            "instead": ["stay", "destroy_this"],
            "optional": True,
            "if": [{"zone": "mana", "whose": "own", "civilization": "light", "at_least": 5}],
            "granted_to": {"whose": "own", "type": "creature", "civilization": "light"},
        },
    )


@pytest.mark.parametrize(
    "text, named",
    [
        (
            ROSIA.replace("自分の光のクリーチャーはすべて", "相手の光のクリーチャーはすべて"),
            "another player than the giver's",
        ),
    ],
)
def test_near_variants_of_a_grant_with_a_condition_are_refused(text, named):
    assert_refused(text, named)


def test_with_a_number_the_creature_that_has_the_keyword_is_a_choice_not_the_holder():
    [ability] = compile_text(ROSIA.replace("持つクリーチャーを破壊", "持つクリーチャーを1体破壊")).abilities
    assert [a.kind for a in ability.instead] == ["stay", "choose"]
    assert ability.instead[1].slot.filter.keywords == ("シールド・セイバー",)


# -- a keyword's label after the minus sign (最終龍理 Q.E.D.+'s 「龍回避−…」), a flip to the fortress side, and a
# -- particle printed twice (Volzeos-Balamord's 「そのシールドのうち1つをを」, a card list's typo) ---------------------


def test_a_keyword_label_after_the_minus_sign_and_a_flip_to_the_fortress_side():
    assert_compiles_to(
        "龍回避−このクリーチャーがバトルゾーンを離れるとき、バトルゾーンを離れるかわりに、フォートレス側に裏返す。",
        {"watch": {"event": "leave", "card": "this"}, "instead": ["stay", "flip_this"]},
    )
    assert (
        compile_text(
            "龍回避−このクリーチャーがバトルゾーンを離れるとき、バトルゾーンを離れるかわりに、フォートレス側に裏返す。"
        )
        .abilities[0]
        .keyword
        == "龍回避"
    )
    assert_compiles_to(  # the side named with the type's whole name
        "龍回避：このクリーチャーが離れる時、かわりにドラグハート・フォートレス側に裏返す。",
        {"watch": {"event": "leave", "card": "this"}, "instead": ["stay", "flip_this"]},
    )


def test_a_particle_printed_twice_reads_once():
    text = (
        "エクストラEXライフ(このクリーチャーを出す時、自分の山札の上から2枚をシールド化する。"
        "このクリーチャーが離れる時、かわりにそのシールドのうち1つをを墓地に置く)"
    )
    assert_compiles_to(
        text,
        {
            "watch": {"event": "leave", "card": "this"},
            "instead": ["stay", {"choose": {"count": 1, "from": "ex_life_of_this", "to": "graveyard", "verb": "put"}}],
        },
    )


# -- a text as the official card list prints its lines (「■…」), or as a wiki's table cells (「|…|」) ---------------

JASHINTEI = "このクリーチャーが離れる時、かわりに自分の手札を2枚捨ててもよい。"


@pytest.mark.parametrize(
    "text",
    [
        f"■ブロッカー■{JASHINTEI}",
        f"■ブロッカー\n■{JASHINTEI}",
        f"|アビスベル=ジャシン帝 SR 闇文明 (8)|\n|クリーチャー:アビスロイヤル 12000|\n|{JASHINTEI}|",
    ],
)
def test_a_text_pasted_with_line_marks_reads_as_its_lines(text):
    assert compile_text(text).forms() == compile_text(f"ブロッカー / {JASHINTEI}").forms()
    assert compile_text(text).complete


# -- wordings that mean the same read the same: 「ときかわりに」 with no comma, 「このカード」 for this creature, the
# -- event's card named before 「かわりに」 after a condition, 「相手クリーチャーの能力」 ----------------------------


@pytest.mark.parametrize(
    "printed, same",
    [
        (
            "このクリーチャーがバトルゾーンにある間、自分のシールドが1枚ブレイクされるときかわりにこのクリーチャーを"
            "自分の墓地に置いてもよい。",
            "このクリーチャーがバトルゾーンにある間、自分のシールドが1枚ブレイクされるとき、かわりにこのクリーチャーを"
            "自分の墓地に置いてもよい。",
        ),
        (
            "このカードがバトルゾーンにある間、他のクリーチャーがバトルゾーンから墓地に置かれるとき、そのクリーチャーは"
            "墓地に置かれるかわりにバトルゾーンにとどまる。",
            "このクリーチャーがバトルゾーンにある間、他のクリーチャーがバトルゾーンから墓地に置かれるとき、そのクリーチャー"
            "は墓地に置かれるかわりにバトルゾーンにとどまる。",
        ),
        (
            "このクリーチャーが破壊される時、バトルゾーンに自分のディープ・マリーンが1体でもあれば、このクリーチャーを"
            "かわりに自分の手札に戻す。",
            "このクリーチャーが破壊される時、バトルゾーンに自分のディープ・マリーンが1体でもあれば、墓地に置くかわりに"
            "自分の手札に戻す。",
        ),
        (
            "このクリーチャーが破壊される時、このクリーチャーの下に重ねたカードをすべて自分のマナゾーンに置いて、"
            "このクリーチャーを墓地に置くかわりに裏向きにしてシールドに加える。",
            "このクリーチャーが破壊される時、このクリーチャーの下に重ねたカードをすべて自分のマナゾーンに置き、"
            "このクリーチャーを墓地に置くかわりに裏向きにしてシールドに加える。",
        ),
        (
            "このクリーチャーが離れる時、かわりに自分の手札から2枚捨ててもよい。",
            "このクリーチャーが離れる時、かわりに自分の手札を2枚捨ててもよい。",
        ),
        (
            "このクリーチャーが破壊される時、自分の墓地に置くかわりに自分の手札に戻す。",
            "このクリーチャーが破壊される時、墓地に置くかわりに自分の手札に戻す。",
        ),
        (
            "相手プレイヤーのターン中、このクリーチャーが自分の手札から捨てられる時、墓地に置くかわりにバトルゾーンに出す。",
            "相手のターン中、このクリーチャーが自分の手札から捨てられる時、墓地に置くかわりにバトルゾーンに出す。",
        ),
        (
            "自分がカードを引く時、自分の山札が0枚ならかわりにクリーチャーを1体、墓地から出してもよい。",
            "自分がカードを引く時、自分の山札が0枚なら、かわりにクリーチャーを1体、墓地から出してもよい。",
        ),
        (
            "相手クリーチャーの能力または相手の呪文によってこのクリーチャーが自分の手札から捨てられる時、墓地に置くかわりに"
            "出してもよい。",
            "相手のクリーチャーの能力または相手の呪文によってこのクリーチャーが自分の手札から捨てられる時、墓地に置く"
            "かわりに出してもよい。",
        ),
    ],
)
def test_wordings_that_mean_the_same_read_the_same(printed, same):
    assert compile_text(same).complete
    assert_compiles_to(printed, *compile_text(same).forms())


# -- keywords with a replacement printed without their reminder (keywords.yaml) -----------------------------------


def test_g_neo_evolution_and_eternal_kappa_printed_bare_read_as_their_reminders():
    bare = compile_text("G-NEO進化:水、闇、または火のクリーチャー1体の上に置いてもよい。 / ブロッカー")
    assert [comparable(a) for a in bare.abilities] == [comparable(a) for a in compile_text(GNEO).abilities]
    kappa = compile_text("エターナル・Κ / W・ブレイカー")
    assert [a.keyword for a in kappa.abilities] == ["エターナル・Κ"]
    assert kappa.abilities[0].instead[1].slot.verb == "turn_face_up"


def test_a_keyword_with_a_replacement_whose_reminder_is_not_known_is_refused():
    result = compile_text("水晶チャージャー / カードを2枚引く。")
    assert not result.complete and "neither printed here nor known" in result.problems[0].problem


# -- wordings of the later sets for parts the vocabulary has (tests/cards/current.tsv, the rows gathered last) --

# 天地ヲ別ツ龍断ノ裁キ: the manner before where the spell goes, 「表向きのまま」
TENCHI = (
    "この呪文を自分の手札から唱えた後、墓地に置くかわりに、表向きのまま自分のシールド1つの上に置く。"
    "(そのシールドの束は1つと数える)"
)


def test_a_spell_put_onto_a_shield_with_its_manner_first_reads_as_with_it_after():
    form = {
        "watch": {"event": "spell_to_graveyard", "card": "this", "cast_from": "hand"},
        "instead": [{"move_to": {"zone": "shields", "face_up": True, "on_shield": True}}],
        "spell_own_movement": True,
    }
    assert_compiles_to(TENCHI, form)
    assert_refused(TENCHI.replace("表向きのまま", "裏向きのまま"), "otherwise than 「表向きにして置く」")


# アクア提督 ザ・ミスター: 「自分のバトルゾーンに置く」 is to put out
MISTER = (
    "相手の呪文の効果または相手のクリーチャーの能力によって、このクリーチャーが自分の手札から捨てられる時、"
    "墓地に置くかわりに自分のバトルゾーンに置いてもよい。"
)


def test_a_card_put_onto_ones_own_battle_zone_is_put_out():
    watch = {"event": "discard", "card": "this"}
    forms = [
        {
            "watch": {**watch, "when": ["by_opponent", "by_effect", "by_spell"]},
            "instead": [{"move_to": "battle"}],
            "optional": True,
        },
        {
            "watch": {**watch, "when": ["by_opponent", "by_ability", "by_creature"]},
            "instead": [{"move_to": "battle"}],
            "optional": True,
        },
    ]
    assert_compiles_to(MISTER, *forms)
    assert_refused(MISTER.replace("自分のバトルゾーン", "相手のバトルゾーン"), "the opponent's zone")


# ルピア炎鬼: any player, otherwise than by summoning, and the card's owner doing what is done instead
RUPIA = "プレイヤーが召喚以外の方法でクリーチャーを出す時、その持ち主はかわりにそのクリーチャーを墓地に置く。"


def test_any_player_putting_out_a_creature_otherwise_than_by_summoning():
    form = {"watch": {"event": "put_into_battle", "card": {"type": "creature"}}, "instead": [{"move_to": "graveyard"}]}
    assert_compiles_to(RUPIA, form)
    opponents = {"watch": {"event": "put_into_battle", "card": {"whose": "opponent", "type": "creature"}}}
    assert_compiles_to(RUPIA.replace("プレイヤーが", "相手が"), {**form, **opponents})
    assert_compiles_to(RUPIA.replace("召喚以外の方法で", ""), {**form, "watch": {**form["watch"], "event": "enter"}})


@pytest.mark.parametrize(
    "text, named",
    [
        (
            RUPIA.replace("プレイヤーが", "相手が").replace("クリーチャーを出す", "自分のクリーチャーを出す"),
            "another player's",
        ),
        (RUPIA.replace("その持ち主は", "相手は"), "not the one whose card the watched event is of"),
    ],
)
def test_near_variants_of_a_player_putting_out_a_creature_are_refused(text, named):
    assert_refused(text, named)


# 連唱 ハルカス・ドロー: リサイクル's reminder, 「そうして唱えた後」
HARUKAS = (
    "リサイクル3(この呪文を墓地からコスト3を支払って唱えてもよい。そうして唱えた後、墓地に置くかわりに"
    "自分の山札の一番下に置く)"
)


def test_a_recycled_spell_said_with_soushite_goes_to_the_deck_bottom():
    form = {
        "watch": {"event": "spell_to_graveyard", "card": "cast_by_this", "cast_from": "graveyard"},
        "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
        "spell_own_movement": True,
    }
    assert_compiles_to(HARUKAS, form)
    assert_refused(HARUKAS.replace("そうして唱えた後", "そうして引いた後"), "cannot read 「引いた後")


# フェアリーの火の子祭: 「こうしてマナゾーンに置いたのが」, the card an earlier sentence put there
FESTIVAL = (
    "自分の山札の上から2枚を見る。そのうちの1枚をタップして自分のマナゾーンに置き、もう1枚を山札の一番下に置く。"
    "こうしてマナゾーンに置いたのが火のカードであれば、この呪文を、唱えた後で墓地に置くかわりに手札に戻す。"
)


def test_the_card_an_earlier_sentence_put_somewhere_is_its_one_earlier_card():
    form = {
        "watch": {"event": "spell_to_graveyard", "card": "this"},
        "if": [{"earlier": 1, "civilization": "fire"}],
        "instead": [{"move_to": "hand"}],
        "spell_own_movement": True,
    }
    assert_compiles_to(FESTIVAL, form)
    assert_refused(FESTIVAL.replace("こうしてマナゾーンに置いたの", "こうしてマナゾーンに置いた2枚"), "置いた2枚が")


@pytest.mark.parametrize(
    "text",
    [
        # no sentence before says what was put there
        FESTIVAL.split("。", 2)[2],
        # a zone the sentence before puts no card into
        FESTIVAL.replace("1枚をタップして自分のマナゾーンに置き", "1枚をタップして自分の墓地に置き"),
        # several cards put there
        "自分の山札の上から2枚をマナゾーンに置く。こうしてマナゾーンに置いたのが火のカードであれば、この呪文を、"
        "唱えた後で墓地に置くかわりに手札に戻す。",
        # 「それが」 after two cards
        "自分の山札の上から2枚をマナゾーンに置く。それがドラゴンなら、この呪文を唱えた後、墓地に置くかわりに手札に戻す。",
    ],
)
def test_the_cards_an_earlier_sentence_names_not_once_are_refused(text):
    assert not compile_text(text).complete


def test_a_twinpacts_spell_side_watches_itself_cast_whatever_its_type_is_called():
    """氷牙アクア・マルガレーテ卿／スペルブック・チャージャー: a card of two sides has a spell side."""
    charger = "チャージャー(この呪文を唱えた後、墓地に置くかわりに自分のマナゾーンに置く)"
    for card_type in ("ツインパクト", "クリーチャー／呪文", "twinpact"):
        assert compile_text(charger, card_type).complete, card_type
    assert not compile_text(charger, "クリーチャー").complete


def test_this_card_discarded_from_the_hand_instead():
    """ワイルド・シールド・クライマックス: 「かわりにこのカードを自分の手札から捨ててもよい」 is 「かわりに自分の
    手札にあるこのカードを捨ててもよい」: it works in the hand."""
    assert_compiles_to(
        "自分の《ジョット・ガン・ジョラゴン》が破壊される時、かわりにこのカードを自分の手札から捨ててもよい。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "name": "ジョット・ガン・ジョラゴン"}},
            "instead": ["stay", "discard_this"],
            "optional": True,
            "works_in": "hand",
        },
    )
    assert_refused("自分のクリーチャーが破壊される時、かわりにこのカードを自分の墓地から捨ててもよい。", "")


def test_a_destruction_by_a_battle_with_this_creature():
    """はさ目姉: 「相手のクリーチャーがこのクリーチャーとのバトルによって破壊される時」: destroyed by the result of a
    battle with this card (``battle_with_this``); the cause said first
    (「このクリーチャーとのバトルによって相手クリーチャーが」) the same."""
    form = {
        "watch": {
            "event": "destroy",
            "card": {"whose": "opponent", "type": "creature"},
            "when": ["by_battle", "battle_with_this"],
        },
        "instead": [{"move_to": "mana"}],
    }
    assert_compiles_to(
        "相手のクリーチャーがこのクリーチャーとのバトルによって破壊される時、そのクリーチャーを墓地に置くかわりに持ち主の"
        "マナゾーンに置く。",
        form,
    )
    assert_compiles_to(
        "このクリーチャーとのバトルによって相手クリーチャーが破壊される時、かわりにマナゾーンに置く。", form
    )
    assert_refused(
        "このクリーチャーがこのクリーチャーとのバトルによって破壊される時、かわりにとどまる。", "this card's own"
    )
    assert_refused("相手のクリーチャーがこのクリーチャーとのバトルによって手札に戻される時、かわりにとどまる。", "")


def test_chosen_cards_put_into_the_battle_zone_as_a_follow_up():
    """整刑医 ルックス: 「そうしたら、コスト6以下のクリーチャーを1体、自分の墓地からバトルゾーンに出す」: a choice of
    the player's graveyard put into the battle zone (not summoned) after the replacement (V40)."""
    assert_compiles_to(
        "このクリーチャーが破壊される時、墓地に置くかわりに自分の山札の一番下に置いてもよい。そうしたら、コスト6以下の"
        "クリーチャーを1体、自分の墓地からバトルゾーンに出す。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
            "optional": True,
            "then": [
                {
                    "events": [
                        {
                            "put_into_battle": {
                                "choose": {
                                    "count": 1,
                                    "from": "graveyard",
                                    "whose": "own",
                                    "type": "creature",
                                    "cost_max": 6,
                                }
                            }
                        }
                    ]
                }
            ],
        },
    )
    theirs = compile_text(
        "このクリーチャーが破壊される時、墓地に置くかわりに自分の山札の一番下に置いてもよい。そうしたら、クリーチャーを1体、"
        "相手の墓地からバトルゾーンに出す。"
    )
    assert not theirs.complete
    assert "a follow-up choice from no one zone of the player's own" in " ".join(
        s.problem or "" for s in theirs.problems
    )


def test_a_creature_put_out_without_its_cost_paid():
    """悪魔神バロム・クエイク: 「相手のクリーチャーがコストを支払わずにバトルゾーンに出る時、相手はそのクリーチャーを
    バトルゾーンに置くかわりに自身のマナゾーンに置く」: an enter without its cost paid (``cause: free``; V41)."""
    assert_compiles_to(
        "相手のクリーチャーがコストを支払わずにバトルゾーンに出る時、相手はそのクリーチャーをバトルゾーンに置くかわりに"
        "自身のマナゾーンに置く。",
        {
            "watch": {"event": "enter", "card": {"whose": "opponent", "type": "creature"}, "cause": "free"},
            "instead": [{"move_to": "mana"}],
        },
    )
    assert_refused("相手のクリーチャーがコストを支払わずに破壊される時、かわりにマナゾーンに置く。", "")


def test_a_keyword_given_and_a_replacement_under_one_condition():
    """AQ NETWORK: 「…3枚以上あれば、このクリーチャーに「ブロッカー」を与え、破壊される時、墓地に置くかわりに手札に
    戻す」: the keyword given (no replacement of its own) and this creature's replacement, each under the condition;
    a keyword given that has a replacement of its own stays unreadable, never dropped."""
    condition = {
        "zone": "battle",
        "whose": "own",
        "civilization": "water",
        "type": ["creature", "tamaseed"],
        "at_least": 3,
    }
    assert_compiles_to(
        "バトルゾーンに自分の水のクリーチャーまたは水のタマシードが3枚以上あれば、このクリーチャーに「ブロッカー」を与え、"
        "破壊される時、墓地に置くかわりに手札に戻す。",
        {"watch": {"event": "destroy", "card": "this"}, "if": [condition], "instead": [{"move_to": "hand"}]},
    )
    saver = compile_text(
        "バトルゾーンに自分の水のクリーチャーが3体以上あれば、このクリーチャーに「シールド・セイバー」を与え、"
        "破壊される時、墓地に置くかわりに手札に戻す。"
    )
    assert not saver.complete and any(s.verdict == "unreadable" for s in saver.sentences)


# -- the classic era's decks and promotional cards (rows 637 to 664): what the player may do, then 「そうした場合、
# -- このクリーチャーは墓地に置かれるかわりにバトルゾーンにとどまる」; two kinds chosen at once; a card's race word --

# 緑神龍ソウルガルダス
SOULGARDAS = (
    "このクリーチャーが破壊される時、ファイアー・バード１体とアース・ドラゴン１体を自分のマナゾーンから自分の墓地に"
    "置いてもよい。そうした場合、このクリーチャーは墓地に置かれるかわりにバトルゾーンにとどまる。"
)
# 黒神龍バズラデューダ
BAZRADUDA = (
    "このクリーチャーが破壊される時、種族にドラゴンとあるカードを１枚、自分の手札から捨ててもよい。そうした場合、"
    "このクリーチャーは墓地に置かれるかわりにバトルゾーンにとどまる。"
)


def test_what_may_be_done_then_the_creature_staying_is_one_optional_replacement():
    mana = {"count": 1, "from": "mana", "to": "graveyard", "verb": "put"}
    assert_compiles_to(
        SOULGARDAS,
        {
            "watch": {"event": "destroy", "card": "this"},
            "optional": True,
            "instead": [
                "stay",
                {"choose": {**mana, "race": "ファイアー・バード"}},
                {"choose": {**mana, "race": "アース・ドラゴン"}},
            ],
        },
    )
    assert_compiles_to(
        BAZRADUDA,
        {
            "watch": {"event": "destroy", "card": "this"},
            "optional": True,
            "instead": ["stay", {"discard": {"count": 1, "race": "ドラゴン"}}],
        },
    )


@pytest.mark.parametrize(
    "text",
    [
        # a leaving watched, and its going to the graveyard replaced: the other ways of leaving are not
        "このクリーチャーが離れる時、自分の手札を１枚捨ててもよい。そうした場合、このクリーチャーは墓地に置かれるかわりに"
        "バトルゾーンにとどまる。",
        # 「そのクリーチャー」 after this creature's own event: not the creature watched
        "このクリーチャーが破壊される時、自分の手札を１枚捨ててもよい。そうした場合、そのクリーチャーは墓地に置かれるかわりに"
        "バトルゾーンにとどまる。",
    ],
)
def test_a_creature_staying_that_is_not_the_event_watched_is_refused(text: str):
    assert_refused(text, "goes on with the replacement the sentence before begins")


def test_a_race_word_said_after_its_word_and_of_a_card():
    """サイバー・B・バック's 「「サイバー」と種族にあるクリーチャー」 and バズラデューダ's 「種族にドラゴンとある
    カード」: the cards whose races contain the word."""
    assert_compiles_to(
        "このクリーチャーが破壊される時、かわりに「サイバー」と種族にあるクリーチャーを３体、自分の墓地から山札に加えて"
        "シャッフルしてもよい。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "optional": True,
            "instead": ["stay", {"graveyard_to_deck": {"count": 3, "race": "サイバー", "position": "shuffle"}}],
        },
    )
    assert_refused(
        "このクリーチャーが破壊される時、かわりに「サイバー」と種族にあるカードを３体、自分の墓地から山札に加えて"
        "シャッフルしてもよい。",
        "",
    )


def test_the_tap_ability_of_a_creature_used_instead_of_attacking_replaces_no_event():
    # 聖騎士サーベルフィーリ
    result = compile_text(
        "このクリーチャーで攻撃するかわりに、タップしてバトルゾーンにあるクリーチャー１体のタップ能力を使ってもよい。"
    )
    assert [s.verdict for s in result.sentences] == ["not_replacement"]


def test_the_two_kinds_chosen_are_two_cards():
    """ソウルガルダス in a scenario: one mana card of both races cannot be both cards the replacement takes."""
    import dmrules

    from .conftest import scenario

    def finals(mana: str) -> list[tuple[str, ...]]:
        text = f"""
        turn: me
        players:
          me:
            battle: [{{id: R, card: {{name: 緑神龍ソウルガルダス, type: creature, text: "{SOULGARDAS}"}}}}]
            mana: {mana}
          opponent: {{}}
        effect: {{controller: opponent, events: [{{destroy: R}}]}}
        """
        solution = dmrules.solve(scenario(text))
        return sorted(tuple(r.final.get(c, "-") for c in ("R", "m1", "m2")) for r in solution.resolutions)

    both = "[{id: m1, card: {name: 両方の種族, type: creature, races: [ファイアー・バード, アース・ドラゴン]}}]"
    assert finals(both) == [("graveyard", "mana", "-")]
    each = (
        "[{id: m1, card: {name: 鳥, type: creature, races: [ファイアー・バード]}}, "
        "{id: m2, card: {name: 竜, type: creature, races: [アース・ドラゴン]}}]"
    )
    assert finals(each) == [("battle", "graveyard", "graveyard"), ("graveyard", "mana", "mana")]


def test_the_spells_own_player_said_as_the_topic_of_its_going_to_the_hand():
    # ブチクダキ・ハンマー: 「自分はこの呪文を唱えた後で、…」; the opponent said there is refused
    form = {
        "watch": {"event": "spell_to_graveyard", "card": "this"},
        "if": [{"earlier": 1, "type": "spell"}],
        "instead": [{"move_to": "hand"}],
        "spell_own_movement": True,
    }
    discard = "相手は自身の手札を1枚選んで捨てる。"
    assert_compiles_to(
        discard + "こうして捨てたカードが呪文であれば、自分はこの呪文を唱えた後で、墓地に置くかわりに手札に加える。",
        form,
    )
    assert_refused(
        discard + "こうして捨てたカードが呪文であれば、相手はこの呪文を唱えた後で、墓地に置くかわりに手札に加える。",
        "相手はこの呪文",
    )


# -- the creature an earlier sentence chose (「…を１体選ぶ。次の自分のターンのはじめまで、そのクリーチャーが…時」)

# アクア・ウタッテミタ's ● ability
UTATTEMITA = (
    "●自分のクリーチャーを１体選ぶ。次の自分のターンのはじめまで、そのクリーチャーがバトルゾーンを離れる時、"
    "かわりにそれを手札に戻す。"
)


def test_the_creature_an_earlier_sentence_chose_is_watched():
    assert_compiles_to(
        UTATTEMITA,
        {
            "watch": {"event": "leave", "card": "chosen"},
            "instead": [{"move_to": "hand"}],
            "duration": "until_next_turn",
        },
    )


@pytest.mark.parametrize(
    ("text", "named"),
    [
        # no duration: how long the effect lasts is not said
        ("自分のクリーチャーを１体選ぶ。そのクリーチャーが破壊される時、かわりに手札に戻す。", "says not how long"),
        # no creature chosen or put out before it
        (
            "カードを１枚引く。このターン、そのクリーチャーが破壊される時、かわりに手札に戻す。",
            "no creature the sentence",
        ),
    ],
)
def test_a_chosen_creature_not_chosen_or_not_lasting_is_refused(text: str, named: str):
    assert_refused(text, named)


def utattemita_scenario(effect_fields: str) -> str:
    return f"""
turn: me
players:
  me:
    battle:
      - {{id: U, card: {{name: アクア・ウタッテミタ, type: creature, power: 3000, text: "{UTATTEMITA}"}}}}
      - {{id: A, card: {{name: 選ばれたクリーチャー, type: creature, power: 3000}}}}
  opponent: {{}}
replacement_effects:
  - {{id: UT, source: U, controller: me, duration: until_next_turn, watch: {{event: leave, card: chosen}},
      instead: [{{move_to: hand}}]{effect_fields}}}
effect: {{controller: opponent, events: [{{destroy: A}}, {{destroy: U}}]}}
"""


def test_the_chosen_creature_named_by_the_effect_in_play_returns_to_the_hand():
    import dmrules

    from .conftest import scenario

    state = scenario(utattemita_scenario(", chosen: [A]"))
    solution = dmrules.solve(state)
    assert [(r.final["A"], r.final["U"]) for r in solution.resolutions] == [("hand", "graveyard")]
    # the card's own lasting ability is not its while it is on the board: it is in play as the effect listed
    assert any("is in play only as listed under 'replacement_effects'" in w for w in state.about.warnings)


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ("", "unnamed: an effect in play names them"),
        (", chosen: [Z]", "no card with id 'Z'"),
        (", chosen: []", "one creature or more"),
    ],
)
def test_the_chosen_creature_unnamed_or_unknown_is_refused(fields: str, problem: str):
    import dmrules

    from .conftest import scenario

    with pytest.raises(dmrules.InputError, match=problem):
        scenario(utattemita_scenario(fields))


def test_chosen_on_an_effect_that_watches_no_chosen_creature_is_refused():
    import dmrules

    from .conftest import scenario

    text = utattemita_scenario(", chosen: [A]").replace("card: chosen", "card: this")
    with pytest.raises(dmrules.InputError, match="this effect watches none"):
        scenario(text)


def test_a_lasting_ability_of_a_card_on_the_board_is_not_in_play_until_listed():
    import dmrules

    from .conftest import scenario

    text = utattemita_scenario("")
    text = text[: text.index("replacement_effects:")] + text[text.index("effect: {controller") :]
    solution = dmrules.solve(scenario(text))
    assert [(r.final["A"], r.final["U"]) for r in solution.resolutions] == [("graveyard", "graveyard")]
    # a lasting effect of one's own creatures, on the board by its card alone: not in play
    text = text.replace(UTATTEMITA, "このターン、自分のクリーチャーが破壊される時、かわりに手札に戻す。")
    solution = dmrules.solve(scenario(text))
    assert [(r.final["A"], r.final["U"]) for r in solution.resolutions] == [("graveyard", "graveyard")]


# -- a NEO evolution creature's battle replaced (ベジタバッタ・パンツァー): 「これがNEO進化クリーチャーなら」,
# -- 「バトルのかわりにその2体をそれぞれの持ち主のマナゾーンに置いてもよい」; a battle's creature moved says which

VEGETABATTA = (
    "このクリーチャーがバトルする時、これがNEO進化クリーチャーなら、バトルのかわりにその2体をそれぞれの持ち主の"
    "マナゾーンに置いてもよい。"
)


def test_both_creatures_of_a_battle_put_into_the_mana_zones_instead():
    assert_compiles_to(
        VEGETABATTA,
        {
            "watch": {"event": "battle", "card": "this"},
            "if": ["this_neo_evolved"],
            "optional": True,
            "instead": [{"move_to": "mana"}],
        },
    )
    assert_compiles_to(
        "このクリーチャーがバトルする時、かわりにこのクリーチャーを手札に戻してもよい。",
        {"watch": {"event": "battle", "card": "this"}, "optional": True, "instead": [{"this_to": "hand"}]},
    )


@pytest.mark.parametrize(
    ("text", "named"),
    [
        # which of the battle's two creatures goes is not said
        ("このクリーチャーがバトルする時、かわりに手札に戻す。", "no word for which of the two"),
        ("このクリーチャーがバトルする時、かわりにそれを手札に戻す。", "no word for which of the two"),
        # 「バトルの」 said again of a destruction
        (VEGETABATTA.replace("バトルする時", "破壊される時"), "does not watch"),
        # 「その2体」 of an event that is no battle
        ("このクリーチャーが破壊される時、かわりにその2体を手札に戻す。", "「その2体」 of a watched event"),
    ],
)
def test_a_battles_creatures_moved_unsaid_or_of_no_battle_are_refused(text: str, named: str):
    assert_refused(text, named)


@pytest.mark.parametrize(
    ("under", "card_type", "finals"),
    [
        # a NEO creature with no card under it is no NEO evolution creature: the battle happens
        ("", "neo_creature", [("battle", "graveyard")]),
        # an evolution creature that is no NEO creature is none either
        ("U", "evolution_creature", [("battle", "graveyard")]),
        ("U", "neo_creature", [("battle", "graveyard"), ("mana", "mana")]),
    ],
)
def test_the_neo_evolution_condition(under: str, card_type: str, finals: list):
    import dmrules

    from .conftest import scenario

    stacked = "      - {id: U, under: V, card: {name: 下, type: creature, power: 1000}}\n" if under else ""
    text = f"""
turn: opponent
players:
  me:
    battle:
{stacked}      - {{id: V, card: {{name: 試しのバッタ, type: {card_type}, power: 6000, text: "{VEGETABATTA}"}}}}
  opponent:
    battle: [{{id: Y, card: {{name: 攻撃するクリーチャー, type: creature, power: 5000}}}}]
effect: {{source: Y, controller: opponent, by: attack, events: [{{battle: [Y, V]}}]}}
"""
    solution = dmrules.solve(scenario(text))
    assert sorted((r.final.get("V", "battle"), r.final.get("Y", "battle")) for r in solution.resolutions) == finals


# -- 「この呪文を、自分の墓地から唱えてもよい。そうしたら、唱えた後、墓地に置くかわりに…」: after it is cast
# -- from there ---------------------------------------------------------------------------------------------

ZETSUBOU = "この呪文を、自分の墓地から唱えてもよい。そうしたら、唱えた後、墓地に置くかわりに自分の山札の一番下に置く。"


def test_what_is_done_after_this_spell_is_cast_from_the_zone_the_sentence_before_allows():
    # 絶望と反魂と滅殺の決断's first line
    assert_compiles_to(
        ZETSUBOU,
        {
            "watch": {"event": "spell_to_graveyard", "card": "cast_by_this", "cast_from": "graveyard"},
            "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
            "spell_own_movement": True,
        },
    )
    # 「唱えた後」 with no sentence before allowing a zone stays unread
    assert_refused("そうしたら、唱えた後、墓地に置くかわりに自分の山札の一番下に置く。", "")


@pytest.mark.parametrize(
    ("cast_from", "cast_by", "final"),
    [("graveyard", "S", "deck"), ("hand", "S", "graveyard"), ("graveyard", "Z", "graveyard")],
)
def test_the_spell_cast_from_elsewhere_goes_to_the_graveyard(cast_from: str, cast_by: str, final: str):
    """Cast from the graveyard by the permission its sentence gives (its own ability: cast_by S), it goes to the deck
    bottom; cast from the hand, or from the graveyard by another card's ability (Z), to the graveyard."""
    import dmrules

    from .conftest import scenario

    text = f"""
turn: me
players:
  me:
    {cast_from}: [{{id: S, card: {{name: 試しの呪文, type: spell, text: "{ZETSUBOU}"}}}}]
    battle: [{{id: Z, card: {{name: 墓地から唱えるクリーチャー, type: creature, power: 1000}}}}]
  opponent: {{}}
effect:
  source: S
  controller: me
  by: spell
  cast_from: {cast_from}
  cast_by: {cast_by}
  events: [{{spell_to_graveyard: S}}]
"""
    assert [r.final.get("S", "graveyard") for r in dmrules.solve(scenario(text)).resolutions] == [final]


def test_a_spell_cast_with_no_caster_said_is_refused_where_a_text_reads_who_cast_it():
    import dmrules

    from .conftest import scenario

    text = f"""
turn: me
players:
  me:
    graveyard: [{{id: S, card: {{name: 試しの呪文, type: spell, text: "{ZETSUBOU}"}}}}]
  opponent: {{}}
effect: {{source: S, controller: me, by: spell, cast_from: graveyard, events: [{{spell_to_graveyard: S}}]}}
"""
    with pytest.raises(dmrules.InputError, match="give 'cast_by'"):
        dmrules.solve(scenario(text))
    # cast from a zone no text here watches: who cast it changes nothing
    in_hand = text.replace("graveyard: [", "hand: [").replace("cast_from: graveyard", "cast_from: hand")
    assert len(dmrules.solve(scenario(in_hand)).resolutions) == 1


# -- 「自分が勝ったら、このターン、…時、…かわりに…」: an effect the judge's resolution creates for the turn ----------

# 独走状態！鬼無双・カイザー「真剣」
SHINKEN = (
    "このクリーチャーが攻撃する時、相手とガチンコ・ジャッジする。自分が勝ったら、このターン、このクリーチャーはブロックされず、"
    "このクリーチャーがシールドをブレイクする時、相手はそのシールドを手札に加えるかわりに自身の墓地に置く。"
)
SHINKEN_FORM = {
    "watch": {"event": "break", "card": {"whose": "opponent"}, "when": ["by_this"]},
    "if": ["won_judge"],
    "instead": [{"move_to": "graveyard"}],
    "duration": "this_turn",
}


def test_an_effect_a_won_judge_creates_for_the_turn():
    assert_compiles_to(SHINKEN, SHINKEN_FORM)
    # with no duration, a replacement of the card's own on a judge's result: the judge's effect makes it, unread
    assert_refused(SHINKEN.replace("このターン、", ""), "「自分が勝ったら」 of a replacement other than")


@pytest.mark.parametrize(("flags", "final"), [("[won_judge]", "graveyard"), ("[]", "hand")])
def test_the_judge_won_or_not_decides_the_effect_in_play(flags: str, final: str):
    import dmrules

    from .conftest import scenario

    text = f"""
turn: me
players:
  me:
    battle: [{{id: K, flags: {flags}, card: {{name: 試しのカイザー, type: creature, power: 6000}}}}]
  opponent:
    shields: [s1]
replacement_effects:
  - {{id: JE, source: K, controller: me, duration: this_turn, watch: {{event: break, card: {{whose: opponent}},
      when: [by_this]}}, if: [won_judge], instead: [{{move_to: graveyard}}]}}
effect: {{source: K, controller: me, by: attack, events: [{{break: s1}}]}}
"""
    assert [r.final["s1"] for r in dmrules.solve(scenario(text)).resolutions] == [final]
