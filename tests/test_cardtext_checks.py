"""Readings that check themselves: the serialiser, the renderer and the shared normalisation.

Every compiled ability is read back by the card loader as itself (``read(serialise(a)) == a``); every
reading is rendered back into card Japanese from the ability alone and compared with the printed sentence
(``normalize.canonical`` on both sides); a reading whose rendering differs, or that reads two ways, is
refused, naming both, and never reaches the solver.
"""

from __future__ import annotations

import csv
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Tree

import dmrules
from dmrules.game.filters import Filter
from dmrules.reading.cardtext.compiler import compile_text
from dmrules.reading.cardtext.normalize import canonical
from dmrules.reading.cardtext.parsing import MAX_SENTENCE
from dmrules.reading.cardtext.textreader import TextReader
from dmrules.reading.cardtext.transform import Ambiguous, Reader, nouns
from dmrules.reading.serialise import read, serialise

from .cardtext_cache import compiled
from .conftest import run_cli

HERE = Path(__file__).parent / "cards"
ROWS = [
    row
    for name in ("printed.tsv", "readings.tsv")
    for row in csv.DictReader((HERE / name).open(encoding="utf-8"), delimiter="\t")
    if row["kind"] == "replacement"
]


def test_every_compiled_ability_is_read_back_by_the_loader_as_itself():
    abilities = [a for row in ROWS for a in compiled(row["text"], row["type"]).abilities]
    assert len(abilities) > 180
    for ability in abilities:
        assert read(serialise(ability)) == ability, ability.text


def test_every_compiled_sentence_carries_the_rendering_it_was_checked_against():
    for row in ROWS[:60]:
        for sentence in compiled(row["text"], row["type"]).sentences:
            if sentence.verdict == "replacement":
                assert sentence.rendering, sentence.text


# -- the normalisation maps only wordings that mean the same ---------------------------------------

SAME = [
    (
        "このクリーチャーが破壊されるとき、墓地に置く代わりに手札に戻す",
        "このクリーチャーが破壊される時、かわりに手札に戻す",
    ),
    ("自分の手札を２枚捨ててよい", "自分の手札を2枚捨ててもよい"),
    ("このクリーチャーがバトルゾーンを離れる時、かわりにとどまる", "このクリーチャーが離れる時、かわりにとどまる"),
    ("墓地に置くかわりにバトルゾーンに出してもよい", "かわりに出してもよい"),
    ("山札の一番下に置く", "山札の下に置く"),
    (
        "このクリーチャーが破壊される時、相手のクリーチャーを1体、かわりに破壊してもよい",
        "このクリーチャーが破壊される時、かわりに相手のクリーチャーを1体破壊してもよい",
    ),
    ("自分のマナゾーンのカードを3枚墓地に置く", "カードを3枚、自分のマナゾーンから墓地に置く"),
    ("バトルゾーンにある自分の他のドラゴン", "他の自分のバトルゾーンにあるドラゴン"),
    ("自分のシールドの数が相手のシールドの数より多い場合", "自分のシールドが相手より多ければ"),
    ("自分のマナゾーンのカードが相手のものよりも少なければ", "自分のマナゾーンのカードが相手より少なければ"),
    ("墓地に置くかわりに自分のバトルゾーンに置いてもよい", "かわりに出してもよい"),
    (
        "相手のマナゾーンにあるカードの枚数より大きいコストを持つ相手の",
        "相手の相手のマナゾーンにあるカードの枚数より大きいコストを持つ",
    ),
]
DIFFERENT = [
    ("自分のクリーチャーが破壊される時", "相手のクリーチャーが破壊される時"),
    ("かわりに手札に戻す", "かわりにマナゾーンに置く"),
    ("かわりに手札を1枚捨ててもよい", "かわりに手札を1枚捨てる"),
    ("かわりに手札を1枚捨てる", "かわりに手札を2枚捨てる"),
    ("自分の他のドラゴンが破壊される時", "自分のドラゴンが破壊される時"),
    ("自分の表向きのカードを3枚破壊する", "自分のカードを3枚破壊する"),
    ("このクリーチャーが破壊される時", "このクリーチャーが離れる時"),
    ("自分の手札に加える時", "自分の手札に戻される時"),
    ("自分のシールドが相手より多ければ", "自分のシールドが相手以上であれば"),
    ("自分のシールドが相手の手札より多ければ", "自分のシールドが相手より多ければ"),
    ("相手の手札が自分より多ければ", "自分の手札が相手より多ければ"),
    (
        "自分のマナゾーンにあるカードの枚数より大きいコストを持つ相手の",
        "相手のマナゾーンにあるカードの枚数より大きいコストを持つ相手の",
    ),
    ("バトルゾーンにある自分のドラゴン", "バトルゾーンにあるドラゴン"),
]


@pytest.mark.parametrize("printed, other", SAME)
def test_the_normalisation_makes_wordings_that_mean_the_same_one(printed, other):
    assert canonical(printed) == canonical(other)


@pytest.mark.parametrize("printed, other", DIFFERENT)
def test_the_normalisation_keeps_apart_wordings_that_do_not_mean_the_same(printed, other):
    assert canonical(printed) != canonical(other)


# -- a wrong reading becomes a refusal -----------------------------------------------------------


def test_a_word_the_grammar_passes_over_is_refused_naming_the_rendering_and_the_printed_sentence(monkeypatch):
    """With 「他の」 read as nothing (a grammar that passes the word over), 「自分の他のドラゴン」 would widen to
    「自分のドラゴン」: the rendering differs from the printed sentence, and the reading is refused."""
    text = "自分の他のドラゴンが破壊される時、かわりにこのクリーチャーを破壊してもよい。"
    assert TextReader(text, None).compile().complete  # the compiler, not its caches
    monkeypatch.setattr(nouns.NounParts, "mod_other", lambda self, items: ("mod", "add", "properties", ()))
    result = TextReader(text, None).compile()
    assert not result.complete and result.abilities == []
    (problem,) = result.problems
    assert problem.refusal == "round_trip"
    assert (
        "「自分のドラゴンが破壊される時" in problem.problem and "「自分の他のドラゴンが破壊される時" in problem.problem
    )


def test_two_readings_that_do_not_mean_the_same_are_refused():
    reader = Reader()
    one = Tree("mod_whose", [])
    reader._memo[id(one)] = ("mod", "set", "whose", "own")
    other = Tree("mod_other", [])
    reader._memo[id(other)] = ("mod", "set", "other", True)
    with pytest.raises(Ambiguous):
        reader.read(Tree("_ambig", [one, other]))
    same = Tree("mod_other", [])
    reader._memo[id(same)] = ("mod", "set", "other", True)
    assert reader.read(Tree("_ambig", [other, same])) == ("mod", "set", "other", True)


def test_a_sentence_longer_than_the_bound_is_refused_unread():
    text = "このクリーチャーが破壊される時、かわりに" + "自分の他の" * MAX_SENTENCE + "ドラゴンを1体破壊する。"
    result = compile_text(text)
    assert not result.complete
    assert f"at most {MAX_SENTENCE} are read" in result.problems[0].problem


SAMPLE = [row["text"] for row in ROWS[::9]]


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_no_text_ends_in_a_traceback_however_it_is_cut_or_shuffled(data):
    """Shuffled lines, cut sentences and characters: the compiler reads them or refuses them, never fails."""
    text = data.draw(st.sampled_from(SAMPLE))
    seed = data.draw(st.integers(0, 10_000))
    rng = random.Random(seed)
    lines = text.split(" / ")
    rng.shuffle(lines)
    mixed = " / ".join(line[: rng.randrange(len(line) + 1)] if rng.random() < 0.5 else line for line in lines)
    if rng.random() < 0.3:
        chars = list(mixed)
        rng.shuffle(chars)
        mixed = "".join(chars)
    result = compile_text(mixed)
    assert all(s.refusal != "internal" for s in result.sentences), [s.problem for s in result.sentences]


def test_cards_parse_shows_the_rendering_beside_the_text():
    done = run_cli("cards", "parse", "このクリーチャーが破壊される時、墓地に置くかわりに自分の手札に戻す。")
    assert done.returncode == 0
    assert "reads as 「このクリーチャーが破壊される時、かわりに手札に戻す」" in done.stdout


# -- the three readings that were wrong ------------------------------------------------------------


def test_a_race_followed_by_クリーチャー_is_that_race_for_each_of_the_races():
    (ability,) = compile_text("セイバー：ドラゴンまたはサムライ・クリーチャー").abilities
    assert ability.watch.filter.races == ("ドラゴン", "サムライ")
    assert ability.watch.filter.types == ()


def test_face_up_cards_are_cards_of_any_type():
    (ability,) = compile_text("自分がゲームに負ける時、かわりに自分の表向きのカードを3枚破壊してもよい。").abilities
    (action,) = ability.instead
    assert action.slot.filter.properties == ("face_up",) and action.slot.filter.types == ()
    assert action.slot.from_zone == "battle" and action.slot.verb == "destroy"


def test_a_grant_gives_the_keywords_ability_to_the_cards_it_names_and_none_to_the_giver():
    """「自分のクリーチャーすべてに「シールド・セイバー」を与える」 with no reminder printed: each creature of its
    player's has the shield saver, as the keyword's reminder states it; the giving card has no shield saver of
    its own."""
    (ability,) = compile_text("自分のクリーチャーすべてに「シールド・セイバー」を与える。").abilities
    assert ability.granted_to == Filter(whose="own", types=("creature",))
    assert ability.keyword == "シールド・セイバー"
    assert ability.watch.events == ("break",) and [a.kind for a in ability.instead] == ["stay", "move_source"]
    assert not compile_text("自分のクリーチャーすべてに「ブロッカー」を与える。").abilities


RIDER_GRANT = (
    "自分のファイアー・バードすべてに「セイバー:ドラゴン」を与える。(自分のドラゴンが破壊される時、「セイバー:ドラゴン」を"
    "持つクリーチャーを1体、かわりに破壊してもよい)"
)


@pytest.mark.parametrize(
    "text",
    [RIDER_GRANT, RIDER_GRANT.replace("、「セイバー:ドラゴン」を持つ", "、自分の「セイバー:ドラゴン」を持つ")],
)
def test_a_creature_with_the_keyword_a_reminder_chooses_is_its_players(text):
    """覇炎竜 ボルシャック・ライダー: 「「セイバー:ドラゴン」を持つクリーチャーを1体」 is one of its player's
    creatures that have it (a セイバー saves its own player's cards; V58), said so or not."""
    (ability,) = compile_text(text).abilities
    (_, action) = ability.instead
    assert action.slot.filter.whose == "own" and action.slot.filter.keywords == ("セイバー:ドラゴン",)


def test_a_scenario_with_森仙のJ_ロマネスク_gives_each_of_its_creatures_the_keyword_it_reads():
    """Its printed reminder destroys 「「シールド・セイバー」を持つクリーチャー」を１体: the grant gives each of my
    creatures the ability and the keyword (game/grants.py), so when my shield is broken either creature's ability
    may destroy either creature instead (the holder the text names is any creature that has it)."""
    row = next(r for r in ROWS if r["name"] == "森仙のJ ロマネスク")
    text = row["text"].replace('"', '\\"')
    scenario = f"""
turn: opponent
players:
  me:
    battle:
      - {{id: R, card: {{name: 森仙のJ ロマネスク, type: creature, text: "{text}"}}}}
      - {{id: G, card: {{name: 他のクリーチャー, type: creature}}}}
    shields: [s1]
  opponent: {{}}
effect: {{controller: opponent, events: [{{break: s1}}]}}
"""
    solution = dmrules.solve(dmrules.scenario_from_text(scenario, "romanesque.yaml"))
    outcomes = sorted(
        (r.final["s1"], r.final["R"], r.final["G"], tuple((a.replacement.card, a.chosen) for a in r.applied))
        for r in solution.resolutions
    )
    assert outcomes == [
        ("hand", "battle", "battle", ()),
        ("shields", "battle", "graveyard", (("G", ("G",)),)),
        ("shields", "battle", "graveyard", (("R", ("G",)),)),
        ("shields", "graveyard", "battle", (("G", ("R",)),)),
        ("shields", "graveyard", "battle", (("R", ("R",)),)),
    ]


def test_face_up_cards_chosen_from_the_mana_zone_are_the_mana_zones_cards(tmp_path):
    """A card of the mana zone is face up unless the scenario puts it face down: 「自分のマナゾーンにある表向きの
    カードを1枚墓地に置いてもよい」 may take m1, not m2 (face down); optional, so C may also be destroyed."""
    text = "このクリーチャーが破壊される時、かわりに自分のマナゾーンにある表向きのカードを1枚墓地に置いてもよい。"
    scenario = f"""
turn: opponent
players:
  me:
    battle: [{{id: C, card: {{name: 表向きを選ぶクリーチャー, text: "{text}"}}}}]
    mana: [m1, {{id: m2, face_down: true}}]
  opponent: {{}}
effect: {{controller: opponent, events: [{{destroy: C}}]}}
"""
    solution = dmrules.solve(dmrules.scenario_from_text(scenario, "face-up.yaml"))
    moved = sorted(tuple(sorted((k, v) for k, v in r.final.items() if v == "graveyard")) for r in solution.resolutions)
    assert moved == [(("C", "graveyard"),), (("m1", "graveyard"),)]


def test_parse_takes_the_cards_type_and_says_what_it_assumes_without_it():
    """A spell's line with no trigger (「自分のクリーチャーが破壊される時、かわりに手札に戻す」 after 「カードを1枚
    引く」) is an effect it creates for no time said: refused with --type 呪文; without --type the command says it
    read the line as an ability that works in the battle zone (a review found the assumption unsaid)."""
    text = "■カードを1枚引く。■自分のクリーチャーが破壊される時、かわりに手札に戻す。"
    spell = run_cli("cards", "parse", "--type", "呪文", text)
    assert spell.returncode == 2 and "on a spell" in spell.stdout, spell.stdout
    untyped = run_cli("cards", "parse", text)
    assert untyped.returncode == 0 and "no --type given" in untyped.stdout, untyped.stdout
    bad = run_cli("cards", "parse", "--type", "呪文", "--scenario", "x.yaml")
    assert bad.returncode == 2 and "--type" in bad.stderr and "Traceback" not in bad.stderr
