"""The bundled card pool: every card carries its printed text and where it came
from; structured forms written by hand are marked. A ruling's card whose printed
text was not found is not bundled: its fixture states it inline, as the ruling
describes it (``text_source: paraphrase``)."""

import json
import textwrap
from importlib import resources

import pytest

from dmrules.game.errors import InputError
from dmrules.reading.carddb import bundled, load_card_file

from .conftest import run_cli

# The cards the rulings need, written for them (the files other than the pool
# generated from printed.tsv, dmrules/cards/printed.yaml).
RULING_FILES = ("a-window.yaml", "b-around.yaml", "d-zero.yaml", "e-further.yaml")
CARDS = [
    card
    for name in RULING_FILES
    for card in load_card_file(
        f"dmrules/cards/{name}", (resources.files("dmrules") / "cards" / name).read_text(encoding="utf-8")
    )
]


def test_the_pool_has_its_cards():
    assert len(CARDS) == 97


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.name)
def test_every_card_has_its_printed_text_and_its_source(card):
    assert card.text_source == "printed", f"{card.name}: a paraphrase belongs in its fixture, not in the pool"
    assert card.text, f"{card.name}: printed text missing"
    assert card.source, f"{card.name}: printed text without a source"
    assert not any(part in card.source for part in ("shared", ".tsv", ".txt", "seeds")), card.source


def test_every_bundled_card_has_its_printed_text_and_its_source():
    """A card printed with no text at all (a vanilla creature of the classic list) has none."""
    cards = list(bundled())
    assert len(cards) > 2850
    vanilla = {c.name for c in cards if not c.text and c.printed_type and c.source.startswith("card list ")}
    assert 0 < len(vanilla) < 200
    assert all((c.text or c.name in vanilla) and c.text_source == "printed" and c.source for c in cards), [
        c.name for c in cards if not ((c.text or c.name in vanilla) and c.text_source == "printed" and c.source)
    ]


def test_the_rulings_paraphrased_cards_are_stated_by_their_fixtures():
    from dmrules.reading.scenario import load_scenario

    from .conftest import FIXTURES

    paraphrased = {
        card.definition.name
        for path in FIXTURES.glob("*.yaml")
        for card in load_scenario(path).cards.values()
        if card.definition is not None and card.definition.text_source == "paraphrase"
    }
    only_there = [name for name in paraphrased if bundled().find(name) is None]
    assert len(only_there) >= 26 and "リンネ・ルピア" not in paraphrased  # A24 names the bundled card now
    # The classic list holds a few of them by name: the bundled card has the list's printed text, and the
    # fixture states the card as its ruling describes it, in its place.
    listed = {name for name in paraphrased if name not in only_there and bundled().find(name).printed_type}
    assert listed == {
        "ガンヴィート・ブラスター",
        "ボルシャック・大和・ドラゴン",
        "ボルメテウス・武者・ドラゴン",
        "予言者ラ・ターユ",
    }
    assert all(bundled().find(name).source.startswith("card list ") for name in listed)


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.name)
def test_every_structured_form_is_marked_hand_written(card):
    """Written by hand, or (a card whose printed text the card list gives and the compiler reads into
    the form the ruling needs) the compiler's reading of its text."""
    assert (card.hand_written or card.compiled) == bool(card.replacements or card.triggers or card.restrictions)


def test_every_bundled_structured_form_is_hand_written_or_compiled():
    for card in bundled():
        if card.replacements or card.triggers or card.restrictions:
            assert card.hand_written or card.compiled, card.name
        assert not (card.hand_written and card.compiled), card.name


def test_printed_texts_found():
    printed = [c.name for c in CARDS if c.text_source == "printed"]
    assert len(printed) == len(CARDS) == 97


def test_cards_hand_written_lists_exactly_those():
    out = run_cli("cards", "--hand-written", "--json")
    assert out.returncode == 0, out.stderr
    names = {c["name"] for c in json.loads(out.stdout)["cards"]}
    assert names == {c.name for c in CARDS if c.hand_written} == {c.name for c in bundled() if c.hand_written}
    assert "アビスベル＝ジャシン帝" in names and "フォーク＝フォック" not in names
    text = run_cli("cards", "--hand-written")
    assert text.returncode == 0
    assert text.stdout.strip().endswith(f"{len(names)} cards")


def test_card_detail_shows_source_and_marks():
    out = run_cli("cards", "獣軍隊 ヤドック")
    assert out.returncode == 0
    assert "source: デュエル・マスターズ wiki 《獣軍隊 ヤドック》" in out.stdout
    assert "(structured form written by hand)" in out.stdout
    out = run_cli("cards", "ゲラッチョの心絵")  # a ruling's paraphrase: stated by its fixture, not bundled
    assert out.returncode == 1 and "no card matches" in out.stdout + out.stderr


@pytest.mark.parametrize(
    "body, problem",
    [
        ("hand_written: true", "hand_written"),
        ("text_source: paraphrase", "note"),
        ("text_source: quoted", "text_source"),
        ("text_verified: false", "text_verified"),
    ],
)
def test_bad_card_fields_are_errors(tmp_path, body, problem):
    text = textwrap.dedent(f"""\
        cards:
          - name: 試しのカード
            type: creature
            {body}
        """)
    with pytest.raises(InputError) as err:
        load_card_file(tmp_path / "x.yaml", text)
    assert problem in str(err.value)


def card(name):
    found = bundled().find(name)
    assert found is not None, name
    return found


def fixture_card(fixture, card_id):
    from dmrules.reading.scenario import load_scenario

    from .conftest import FIXTURES

    return load_scenario(FIXTURES / f"{fixture}.yaml").cards[card_id].definition


def only(card_def):
    (ability,) = card_def.replacements
    return ability


def test_linne_lupia_shuffles_a_dragon_or_fire_bird_into_the_deck():
    linne = fixture_card("A24-linne-lupia-forever-princess", "LL")
    a = only(linne)
    assert set(a.watch.filter.races) == {"ドラゴン", "ファイアー・バード"} and a.watch.filter.whose == "own"
    assert [(x.kind, x.zone, x.position) for x in a.instead] == [("move", "deck", "shuffle")]
    assert a.optional and linne.compiled and linne.text_source == "printed" and linne.races == ("ファイアー・バード",)


def test_forever_princess_is_a_mandatory_replacement_from_anywhere():
    c = card("悠久を統べる者 フォーエバー・プリンセス")
    assert any("ドラゴン" in race for race in c.races)
    a = only(c)
    assert a.watch.events == ("put_into_graveyard",) and a.watch.subject == "this" and a.watch.from_zone is None
    assert a.works_in == "any" and not a.optional
    assert [(x.kind, x.zone) for x in a.instead] == [("move", "deck")]
    assert "shuffle" in c.note


def test_silver_glory_states_its_condition_on_other_castles():
    # 「他の城によって要塞化されていなければ」 (fixture B25-silver-glory-two-castles).
    c = card("無敵城 シルヴァー・グローリー")
    assert "他の城によって要塞化されていなければ" in c.text
    assert [x.word for x in only(c).conditions] == ["not_fortified_by_other_castle"]


def test_yadok_replaces_summoning_too():
    a = only(card("獣軍隊 ヤドック"))
    assert set(a.watch.events) == {"enter", "summon"}
    assert a.watch.filter.cost_exceeds_mana and a.watch.filter.whose == "opponent"
    assert not a.optional


def test_ryusei_kaiser_has_no_turn_condition():
    a = only(card("永遠のリュウセイ・カイザー"))
    assert "opponent_turn" not in a.watch.conditions and "by_opponent" in a.watch.conditions


def test_metamorphis_has_no_replacement_and_viola_sonata_has_the_shield_one():
    metamorphis = fixture_card("P02-metamorphis-alone", "MM")
    assert metamorphis.replacements == () and metamorphis.triggers
    a = only(card("真実の王 ヴィオラ・ソナタ"))
    assert a.watch.events == ("destroy",) and a.watch.filter.races == ("ドラゴン",)
    assert a.watch.filter.not_types == ("evolution",)
    assert [(x.kind, x.zone) for x in a.instead] == [("move", "shields")]


def test_dorag_henge_keeps_its_deck():
    """「相手の呪文の効果またはクリーチャーの能力によって、カードが自分の山札から離れる時、離れるかわりにとどまる」:
    one replacement for each cause, of a card of its player's deck leaving it."""
    spell, ability = card("ドラグ変怪").replacements
    for a in (spell, ability):
        assert a.watch.events == ("leave_deck",) and a.watch.filter.whose == "own"
        assert [x.kind for x in a.instead] == ["stay"]
    assert (set(spell.watch.conditions), set(ability.watch.conditions)) == (
        {"by_opponent", "by_effect", "by_spell"},
        {"by_opponent", "by_ability", "by_creature"},
    )


def test_master_g_and_infinity_dragon_watch_leaving():
    assert only(card("超奇天烈 マスターG")).watch.events == ("leave",)
    a = only(card("インフィニティ・ドラゴン"))
    assert a.watch.events == ("leave",) and not a.optional


def test_jinnai_watches_its_other_shinobi():
    a = only(card("威牙忍ジンナイ"))
    assert a.watch.events == ("leave",) and a.watch.filter.races == ("シノビ",) and a.watch.filter.other


def test_jogirasta_any_turn():
    a = only(card("ジョギラスタ・ザ・ジョニー"))
    assert "opponent_turn" not in a.watch.conditions and "first_this_turn" in a.watch.conditions
    assert "手札に戻す" not in card("ジョギラスタ・ザ・ジョニー").text


def test_gachapinch_has_no_other():
    assert not only(card("侵攻の守護者ガチャピンチ")).watch.filter.other


def test_segare_sends_the_creature_and_itself_to_mana():
    a = only(card("ベイB セガーレ"))
    assert [(x.kind, x.zone) for x in a.instead] == [("move", "mana"), ("move_source", "mana")]


def test_a_card_whose_form_is_partial_or_paraphrased_is_said_when_used(tmp_path):
    from dmrules.reading.carddb import CardDatabase
    from dmrules.reading.scenario import load_scenario

    path = tmp_path / "s.yaml"
    path.write_text(
        textwrap.dedent("""\
        turn: opponent
        players:
          me:
            battle:
              - {id: J1, card: アビスベル＝ジャシン帝}
              - {id: J2, card: アビスベル＝ジャシン帝}
            hand:
              - {id: FO, card: 煉獄の悪魔龍 フォーエバー・オカルト}
              - {id: G, card: 言い換えのカード}
          opponent: {}
        effect:
          controller: opponent
          events:
            - {id: e1, destroy: J1}
        """),
        encoding="utf-8",
    )
    # A database of the user's own may hold a card written from a paraphrase.
    (paraphrased,) = load_card_file(
        tmp_path / "own.yaml",
        textwrap.dedent("""\
        cards:
          - name: 言い換えのカード
            type: creature
            text: このクリーチャーが破壊される時、かわりに手札に戻してもよい。
            text_source: paraphrase
            note: written from a ruling's description
            hand_written: true
            replacements:
              - watch: {event: destroy, card: this}
                instead: [{move_to: hand}]
                optional: true
        """),
    )
    warnings = load_scenario(path, CardDatabase([*bundled(), paraphrased])).about.warnings
    assert len(warnings) == 2  # once per card; none for the printed, whole アビスベル＝ジャシン帝
    assert (
        "s.yaml:8: players.me.hand[0].card: 煉獄の悪魔龍 フォーエバー・オカルト: its structured form is partial: "
        "it destroys one creature instead of paying, where the printed text destroys three" in warnings[0]
    )
    assert "言い換えのカード: its text is a ruling's paraphrase" in warnings[1]
    path.write_text(
        "".join(
            line
            for line in path.read_text(encoding="utf-8").splitlines(keepends=True)
            if "言い換えのカード" not in line
        ),
        encoding="utf-8",
    )
    out = run_cli("solve", str(path))
    assert out.returncode == 0 and out.stderr.count("dmrules: warning:") == 1


def test_every_partial_form_says_what_it_leaves_out():
    partial = {c.name: c.partial for c in CARDS if c.partial}
    assert (
        len(partial) == 16
    )  # 「雷光の聖騎士」 (V15), 極幻空 ザハ・エルハ (B36) and 蒼神龍ヴェール・バビロニア are whole
    assert all(len(why) > 20 for why in partial.values())
    # The printed texts with a replacement ability the rulings' cards do not state: each says so.
    for name in (
        "首領竜 ゴルファンタジスタ",
        "偽槍縫合 ヴィルジャベリン",
        "天革の騎皇士 ミラクルスター",
        "Q.Q.QX.／終葬 5.S.D.",
        "The邪悪 寄成ギョウ",
    ):
        assert name in partial and "not stated" in partial[name]


def test_partial_is_refused_on_a_compiled_card(tmp_path):
    text = textwrap.dedent("""\
        cards:
          - name: 試しのカード
            type: creature
            compiled: true
            partial: something
        """)
    with pytest.raises(InputError) as err:
        load_card_file(tmp_path / "x.yaml", text)
    assert "partial" in str(err.value)


# A form written by hand that the compiler reads otherwise from the card's printed text, and why: each of
# these states the same resolutions in its rulings' situations, or says in `partial` what it leaves out.
READ_OTHERWISE = {
    # one ability a cause: 「相手の呪文の効果またはクリーチャーの能力によって」 (the hand form says by_effect)
    "永遠のリュウセイ・カイザー": "its causes as two abilities",
    # 「…破壊するか、…捨てる」 as one ability of two options (one_of), as two abilities by hand
    "モモキング-MAX": "one_of",
    "ボルシャック・モモキング": "partial: modelled as a discard",
    "禁断竜王 Vol-Val-8": "partial: its EXライフ",
    "「祝」の頂 ウェディング": "its abilities in another order",
    # 「…をバトルゾーンに出す時」 as `enter` alone, which a summon is too (asp/common/match.lp); the hand form
    # names `summon` beside it
    "獣軍隊 ヤドック": "enter, without summon",
}


@pytest.mark.parametrize("card", [c for c in CARDS if c.hand_written and c.text], ids=lambda c: c.name)
def test_a_form_written_by_hand_is_the_compilers_reading_where_the_compiler_reads_the_text(card):
    """The compiler and the hand agree on the ruling cards whose text the compiler reads: a misreading of a
    ruling's card shows here (and a hand form the compiler now reads otherwise is looked at again)."""
    from dmrules.reading.cardtext.compiler import comparable, compile_text

    compiled = compile_text(card.text, None, card.name)
    if not compiled.complete or not compiled.abilities:
        return  # not read: the hand form stands for it
    same = [comparable(a) for a in compiled.abilities] == [comparable(a) for a in card.replacements]
    assert same != (card.name in READ_OTHERWISE), card.name
