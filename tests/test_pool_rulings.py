"""The bundled card pool: every card carries its printed text (or says it is a
paraphrase) and where it came from; structured forms written by hand are marked."""

import json
import textwrap

import pytest

from dmrules.errors import InputError
from importlib import resources

from dmrules.reading.carddb import bundled, load_card_file

from .conftest import run_cli

# The cards the rulings need, written for them (the files other than the pool
# generated from printed.tsv, dmrules/cards/printed.yaml).
RULING_FILES = ("a-window.yaml", "b-around.yaml", "d-zero.yaml", "e-further.yaml")
CARDS = [card for name in RULING_FILES
         for card in load_card_file(f"dmrules/cards/{name}",
                                    (resources.files("dmrules") / "cards" / name).read_text(encoding="utf-8"))]


def test_the_pool_has_its_cards():
    assert len(CARDS) == 127


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.name)
def test_every_card_says_where_its_text_comes_from(card):
    assert card.text_source in ("printed", "paraphrase")
    if card.text_source == "printed":
        assert card.text, f"{card.name}: printed text missing"
        assert card.source, f"{card.name}: printed text without a source"
        assert not any(part in card.source for part in ("shared", ".tsv", ".txt", "seeds")), card.source
    else:
        assert card.note, f"{card.name}: a paraphrase needs a note"
        assert card.source is None


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.name)
def test_every_structured_form_is_marked_hand_written(card):
    assert card.hand_written == bool(card.replacements or card.triggers or card.restrictions)


def test_every_bundled_structured_form_is_hand_written_or_compiled():
    for card in bundled():
        if card.replacements or card.triggers or card.restrictions:
            assert card.hand_written or card.compiled, card.name
        assert not (card.hand_written and card.compiled), card.name


def test_printed_texts_found():
    printed = [c.name for c in CARDS if c.text_source == "printed"]
    assert len(printed) == 97


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
    out = run_cli("cards", "ゲラッチョの心絵")
    assert "paraphrase" in out.stdout


@pytest.mark.parametrize("body, problem", [
    ("hand_written: true", "hand_written"),
    ("text_source: paraphrase", "note"),
    ("text_source: quoted", "text_source"),
    ("text_verified: false", "text_verified"),
])
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


def only(card_def):
    (ability,) = card_def.replacements
    return ability


def test_linne_lupia_shuffles_a_dragon_or_fire_bird_into_the_deck():
    a = only(card("リンネ・ルピア"))
    assert set(a.watch.filter.races) == {"ドラゴン", "ファイアー・バード"} and a.watch.filter.whose == "own"
    # The shuffle is written once the solver models the deck position 'shuffle' (see the card's note).
    assert [(x.kind, x.zone) for x in a.instead] == [("move", "deck")]
    assert a.optional and "shuffle" in card("リンネ・ルピア").note


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
    assert card("蒼神龍メタモルフィース").replacements == ()
    assert card("蒼神龍メタモルフィース").triggers
    a = only(card("真実の王 ヴィオラ・ソナタ"))
    assert a.watch.events == ("destroy",) and a.watch.filter.races == ("ドラゴン",)
    assert a.watch.filter.not_types == ("evolution",)
    assert [(x.kind, x.zone) for x in a.instead] == [("move", "shields")]


def test_dorag_henge_keeps_its_deck():
    a = only(card("ドラグ変怪"))
    assert "mill" in a.watch.events and a.watch.from_zone == "deck"
    assert [x.kind for x in a.instead] == ["stay"]


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
    from dmrules import load_scenario

    path = tmp_path / "s.yaml"
    path.write_text(textwrap.dedent("""\
        turn: opponent
        players:
          me:
            battle:
              - {id: J1, card: アビスベル＝ジャシン帝}
              - {id: J2, card: アビスベル＝ジャシン帝}
            hand:
              - {id: FO, card: 煉獄の悪魔龍 フォーエバー・オカルト}
              - {id: G, card: リンネ・ルピア}
          opponent: {}
        effect:
          controller: opponent
          events:
            - {id: e1, destroy: J1}
        """), encoding="utf-8")
    warnings = load_scenario(path).warnings
    assert len(warnings) == 2  # once per card; none for the printed, whole アビスベル＝ジャシン帝
    assert "s.yaml:8: players.me.hand[0].card: 煉獄の悪魔龍 フォーエバー・オカルト: its structured form is partial: " \
           "it destroys one creature instead of paying, where the printed text destroys three" in warnings[0]
    assert "リンネ・ルピア: its text is a ruling's paraphrase" in warnings[1]
    out = run_cli("solve", str(path))
    assert out.returncode == 0 and out.stderr.count("dmrules: warning:") == 2


def test_every_partial_form_says_what_it_leaves_out():
    partial = {c.name: c.partial for c in CARDS if c.partial}
    assert len(partial) == 20
    assert all(len(why) > 20 for why in partial.values())
    # The printed texts with a replacement ability the rulings' cards do not state: each says so.
    for name in ("首領竜 ゴルファンタジスタ", "偽槍縫合 ヴィルジャベリン", "天革の騎皇士 ミラクルスター",
                 "Q.Q.QX.／終葬 5.S.D.", "The邪悪 寄成ギョウ"):
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
