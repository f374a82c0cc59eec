"""The classic card list is the bundled pool: every card by name, with its characteristics, its
printed text and what the compiler reads from it (dmrules/cards/classic.json, generated)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

import dmrules
from dmrules.reading import classic, classic_build, textforms
from dmrules.reading.carddb import _read_card_files as carddb_files
from dmrules.reading.carddb import bundled, name_key
from dmrules.reading.cardtext import compiler
from dmrules.reading.formdata import FormDataError, from_data, to_data

from .cardtext_cache import compiled
from .conftest import run_cli

ROOT = Path(__file__).parent.parent
LIST = ROOT / "tests" / "cards" / "classic.tsv"
ROWS = list(csv.DictReader(LIST.open(encoding="utf-8"), delimiter="\t"))


DATABASE = ROOT / "dmrules" / "cards" / "classic.json"
PARTS = 8  # the list's cards in eight interleaved parts, one test each: a failure names its part


def stored_entries() -> list[str]:
    """The lines of dmrules/cards/classic.json that are its cards, one entry each, in its order."""
    lines = DATABASE.read_text(encoding="utf-8").split("\n")
    return [line.removesuffix(",") for line in lines[1:-2]]


def test_the_database_is_the_scripts_frame_of_the_list(monkeypatch):
    """The whole file is what the script makes of the list, each card's entry taken as stored (the
    parts below make each entry): its head, the cards it keeps (two spellings of a card are one
    entry), their order and the separators, byte for byte."""
    stored = {json.loads(line)["name"]: json.loads(line) for line in stored_entries()}
    monkeypatch.setattr(classic_build, "entry", lambda row: stored[row["name"]])
    made = classic_build.database_text(classic_build.read_rows(LIST.read_text(encoding="utf-8"), str(LIST)))
    assert made == DATABASE.read_text(encoding="utf-8")


@pytest.mark.parametrize("part", range(PARTS))
def test_the_database_is_what_the_script_makes_of_the_list(monkeypatch, part):
    """Each card's entry (its characteristics and what the compiler reads from its text) is the
    script's: with the frame above, the file is exactly what the script makes of the list."""
    monkeypatch.setattr(compiler, "compile_text", compiled)  # read_text takes it from there
    rows = classic_build.distinct(classic_build.read_rows(LIST.read_text(encoding="utf-8"), str(LIST)))
    entries = stored_entries()
    assert len(entries) == len(rows) == 2849
    for (_, row), line in list(zip(rows, entries))[part::PARTS]:
        assert json.dumps(classic_build.entry(row), ensure_ascii=False, separators=(",", ":")) == line, row["name"]


def test_every_card_of_the_list_is_bundled_by_name_with_its_characteristics():
    db = bundled()
    # Two cards are spelt two ways by the two lists (「JK ヤミノグーデリアン」, 「ＪＫヤミノグーデリアン」):
    # one card each.
    assert len(ROWS) == 2851 and len({name_key(r["name"]) for r in ROWS}) == 2849
    assert db.find("ＪＫヤミノグーデリアン").sets == ("DM29", "DM-29")
    for row in ROWS:
        card = db.find(row["name"])
        assert card is not None and name_key(card.name) == name_key(row["name"]), row["name"]
        assert card.types == classic.card_types(row["type"]), row["name"]
        assert list(card.civilizations) == classic.civilizations(row["civilizations"]), row["name"]
        assert "/".join(card.races) == row["races"], row["name"]
        assert card.cost == (int(row["cost"]) if row["cost"] else None), row["name"]
        assert (card.power, card.power_sign) == classic.power(row["power"]), row["name"]
        assert card.printed_type == row["type"] and set(row["sets"].split()) <= set(card.sets), row["name"]
        assert not card.unknown, row["name"]


@pytest.mark.parametrize(
    "printed, types",
    [
        ("クリーチャー", ("creature",)),
        ("呪文", ("spell",)),
        ("進化クリーチャー(究極進化)", ("creature", "evolution")),
        ("進化クロスギア", ("cross_gear", "evolution")),
        ("サイキック・クリーチャー", ("creature", "psychic")),
        ("進化サイキック・クリーチャー(超無限進化)", ("creature", "psychic", "evolution")),
        ("城", ("castle",)),
    ],
)
def test_printed_types_are_the_models_types(printed, types):
    assert classic.card_types(printed) == types


def test_civilizations_and_power_signs_are_read():
    assert classic.civilizations("光/水/闇/火/自然") == ["light", "water", "darkness", "fire", "nature"]
    assert classic.civilizations("ゼロ") == ["zero"]
    assert classic.power("3000+") == (3000, "+") and classic.power("6000-") == (6000, "-")
    assert classic.power("") == (None, None) and classic.power("500") == (500, None)
    with pytest.raises(ValueError):
        classic.card_types("クリーチャー／呪文もどき")
    with pytest.raises(ValueError):
        classic.civilizations("光/虹")


def test_cards_shows_type_civilization_race_cost_power_and_text():
    out = run_cli("cards", "750男")
    assert out.returncode == 0
    assert out.stdout.splitlines()[:9] == [
        "750男  [creature] cost 4",
        "  type: クリーチャー (creature)",
        "  civilization: darkness",
        "  race: ヘドリアン",
        "  cost: 4",
        "  power: 4000",
        "  sets: DM28, DM-28",
        "  text: このクリーチャーをバトルゾーンに出した時、自分のシールドを1枚選び、手札に加える。"
        "ただし、その「S・トリガー」は使えない。",
        "  source: card list super-pylori/duel-masters-cardlist; t1k2a/duelmasters-classic08-database",
    ]
    out = run_cli("cards", "紅神龍オグリストヴァル")
    assert "  power: 0+ (an ability raises it)" in out.stdout.splitlines()


# The opponent's creatures of the classic list, by name only (their characteristics as the list gives
# them): ボーン・グール 闇 リビング・デッド 2/2000, ニャンジロー 自然 ドリームメイト 3/3000, パーロック
# 水 サイバーロード/オリジン 4/4000, 予言者クルト 光 ライトブリンガー 1/500, メテオレイジ・リザード 火
# メルト・ウォリアー 6/5000, アストラル・リーフ 水 サイバー・ウイルス evolution 2/4000, and the evolution
# cross gear エクスプロード・カタストロフィー 闇/火 3 (no power).
BOARD = """
turn: me
players:
  me: {}
  opponent:
    battle:
      - {id: B, card: うごめく者ボーン・グール}
      - {id: N, card: お宝猫ニャンジロー}
      - {id: P, card: パーロック}
      - {id: K, card: 予言者クルト}
      - {id: M, card: メテオレイジ・リザード}
      - {id: V, card: アストラル・リーフ}
      - {id: X, card: エクスプロード・カタストロフィー}
effect: {controller: me, by: spell, events: [{id: e1, destroy: {all: FILTER}}]}
"""


@pytest.mark.parametrize(
    "flt, destroyed",
    [
        ("{race: オリジン}", "P"),
        ("{race: サイバー}", "PV"),
        ("{race: [ドリームメイト, ライトブリンガー]}", "NK"),
        ("{civilization: darkness}", "BX"),
        ("{type: creature, civilization: [fire, darkness]}", "BM"),
        ("{type: cross_gear}", "X"),
        ("{evolution: true}", "VX"),
        ("{cost_max: 2}", "BKV"),
        ("{cost_min: 4}", "PM"),
        ("{power_max: 2000}", "BK"),
        ("{power_min: 4000}", "PMV"),
    ],
)
def test_every_filter_reads_the_lists_characteristics(flt, destroyed):
    [resolution] = dmrules.solve(dmrules.scenario_from_text(BOARD.replace("FILTER", flt), "filter.yaml")).resolutions
    assert {card for card, zone in resolution.final.items() if zone == "graveyard"} == set(destroyed)


def test_a_replacement_card_of_the_list_solves_by_name():
    """霊樹幻獣カラフール: 「自分の光、水、闇、または火のクリーチャーが破壊される時、そのクリーチャーを
    墓地に置くかわりにマナゾーンに置いてもよい」: 750男 (闇) may go to the mana zone, お宝猫ニャンジロー
    (自然) may not."""
    text = """
turn: opponent
players:
  me:
    battle:
      - {id: KF, card: 霊樹幻獣カラフール}
      - {id: O, card: 750男}
      - {id: N, card: お宝猫ニャンジロー}
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: O}, {id: e2, destroy: N}]}
"""
    solution = dmrules.solve(dmrules.scenario_from_text(text, "karafuru.yaml"))
    assert sorted((r.final["O"], r.final["N"]) for r in solution.resolutions) == [
        ("graveyard", "graveyard"),
        ("mana", "graveyard"),
    ]


def test_a_race_the_list_gives_is_read_ネンブツ_is_no_dragon():
    """ボルシャック・西南・ドラゴン (a later set's card: its races stated) saves ドラゴン only; the list
    gives ネンブツ・クリネッコ サイバー・ウイルス and サムライ: its own mandatory return to hand alone."""
    text = """
turn: me
players:
  me:
    battle:
      - {id: S, card: ボルシャック・西南・ドラゴン, races: [アーマード・ドラゴン]}
      - {id: D, card: ネンブツ・クリネッコ}
  opponent: {}
effect: {controller: opponent, events: [{destroy: D}]}
"""
    [resolution] = dmrules.solve(dmrules.scenario_from_text(text, "nenbutsu.yaml")).resolutions
    assert resolution.final == {"D": "hand", "S": "battle"}


OGRIST = """
turn: me
players:
  me:
    battle:
      - {id: OG, card: 紅神龍オグリストヴァル%s}
      - {id: G, card: うごめく者ボーン・グール}
  opponent: {}
effect: {controller: opponent, by: spell, events: [%s]}
"""


def test_a_power_an_ability_changes_is_not_the_printed_one():
    """The list prints 紅神龍オグリストヴァル's power 「0000+」 (+3000 for each card in its player's hand): it is not a
    creature of power 0 that a state-based check destroys, and a power bound cannot be read from it."""
    [resolution] = dmrules.solve(dmrules.scenario_from_text(OGRIST % ("", "{destroy: G}"), "og.yaml")).resolutions
    assert resolution.final == {"OG": "battle", "G": "graveyard"}
    bound = "{id: e1, destroy: {all: {power_max: 2000}}}"
    with pytest.raises(dmrules.InputError) as error:
        dmrules.scenario_from_text(OGRIST % ("", bound), "og.yaml")
    assert (
        "紅神龍オグリストヴァル" in error.value.problem
        and "printed power 0+ is changed by an ability" in error.value.problem
    )
    [resolution] = dmrules.solve(dmrules.scenario_from_text(OGRIST % (", power: 9000", bound), "og.yaml")).resolutions
    assert resolution.final == {"OG": "battle", "G": "graveyard"}


def test_the_forms_of_every_bundled_card_read_back_as_they_were():
    for card in bundled():
        for ability in (*card.replacements, *card.triggers, *card.restrictions):
            assert from_data(to_data(ability)) == ability, card.name
    with pytest.raises(FormDataError):
        from_data({"@": "Scenario"})
    with pytest.raises(FormDataError):
        from_data({"@": "Filter", "colour": "red"})
    with pytest.raises(FormDataError):
        to_data(object())


def test_a_ruling_card_marked_compiled_is_the_compilers_reading_of_its_printed_text(monkeypatch):
    """The cards of the rulings whose printed text the card list gives and the compiler reads into the
    form the ruling needs carry that text and that form (the others keep the form written by hand)."""
    from dmrules.reading.cardtext.compiler import comparable

    monkeypatch.setattr(compiler, "compile_text", compiled)  # read_text takes it from there
    listed_cards = {c.name: c for c in classic.classic_cards()}
    files = [c for c in carddb_files() if c.compiled and c.name in listed_cards]
    assert {c.name for c in files} == {
        "邪脚護聖ブレイガー",
        "威牙忍ジンナイ",
        "ブレイン・チャージャー",
        "神羅スカル・ムーン",
        "無敵城 シルヴァー・グローリー",
        "斬隠蒼頭龍バイケン",
    }
    for card in files:
        listed = listed_cards[card.name]
        assert card.text == listed.text and card.source == listed.source, card.name
        kind = "城" if "castle" in card.types else None
        read = textforms.read_text(card.text, kind)
        assert [comparable(a) for a in read.abilities] == [comparable(a) for a in card.replacements], card.name
