"""Finding cards as Scryfall finds them (reading/search.py), and `dmrules cards` with it."""

import json

import pytest

from dmrules.reading.carddb import bundled
from dmrules.reading.search import distance, find_cards, romaji, suggest

from .conftest import run_cli

JASHIN = "アビスベル＝ジャシン帝"


@pytest.mark.parametrize(
    "query, by",
    [
        ("アビスベル＝ジャシン帝", "name"),
        ("ｼﾞｬｼﾝ帝", "name"),
        ("じゃしん", "name"),
        ("jashin", "romaji"),
        ("JASHIN", "romaji"),
    ],
)
def test_a_name_is_found_however_it_is_typed(query, by):
    found = find_cards(bundled(), query)
    assert ([c.name for c in found.cards], found.by) == ([JASHIN], by)


@pytest.mark.parametrize(
    "text, kana", [("jashin", "ジャシン"), ("bolshack", "ボルシャック"), ("momoking", "モモキング")]
)
def test_romaji_is_read_as_katakana(text, kana):
    assert romaji(text) == kana


def test_romaji_is_only_latin_letters():
    assert romaji("ジャシン") is None and romaji("x1") is None and romaji("") is None


def test_a_typo_gets_the_closest_name_by_edit_distance():
    assert distance("ジャシソ帝", "ジャシン帝") == 1 and distance("abc", "abc") == 0
    found = find_cards(bundled(), "ジャシソ帝")
    assert found.cards == [] and found.suggestions[0] == JASHIN
    assert suggest(bundled(), "アビスベル＝ジャシソ帝")[0] == JASHIN


def test_words_that_name_no_card_are_looked_for_in_the_texts():
    found = find_cards(bundled(), "墓地に置くかわりに")
    assert found.by == "text" and found.cards
    assert all("墓地に置くかわりに" in c.text for c in found.cards)
    assert {c.name for c in found.cards} == {c.name for c in bundled() if c.text and "墓地に置くかわりに" in c.text}


def test_filters_by_type_civilization_race_and_text():
    db = bundled()
    spells = find_cards(db, "t:呪文 c:闇").cards
    assert spells and {c.name for c in spells} == {
        c.name for c in db if "spell" in c.types and "darkness" in c.civilizations
    }
    assert {c.name for c in find_cards(db, "type:spell civ:darkness").cards} == {c.name for c in spells}
    dragons = find_cards(db, "r:ドラゴン c:火").cards
    assert dragons and all(any("ドラゴン" in r for r in c.races) and "fire" in c.civilizations for c in dragons)
    texts = find_cards(db, "o:マナゾーンに置く t:creature").cards
    assert texts and all("マナゾーンに置く" in c.text and "creature" in c.types for c in texts)


def test_a_filter_that_names_nothing_is_said():
    assert find_cards(bundled(), "c:purple").problems == ["c:purple: no such civilization"]
    assert find_cards(bundled(), "t:").problems == ["'t:': give a value after the colon"]


def test_cards_command_finds_by_text_romaji_and_suggests_on_a_typo():
    done = run_cli("cards", "墓地に置くかわりに")
    assert done.returncode == 0 and done.stdout.rstrip().endswith("match '墓地に置くかわりに' by their text")
    done = run_cli("cards", "jashin", "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["by"] == "romaji"
    done = run_cli("cards", "ジャシソ帝")
    assert done.returncode == 1 and done.stdout == f"no card matches 'ジャシソ帝'; closest: {JASHIN}\n"
    done = run_cli("cards", "c:purple")
    assert done.returncode == 2 and "c:purple: no such civilization" in done.stderr
