"""The bundled cards built from printed texts are what the compiler reads from those texts."""

from __future__ import annotations

import csv
from pathlib import Path

import yaml

import dmrules
from dmrules.reading.carddb import bundled
from dmrules.reading.cardtext import pool
from dmrules.reading.classic import classic_cards

from .cardtext_cache import compiled

ROOT = Path(__file__).parent.parent
ROWS = list(csv.DictReader((ROOT / "tests/cards/printed.tsv").open(encoding="utf-8"), delimiter="\t"))


def test_printed_yaml_is_the_compilers_reading_of_the_printed_texts(monkeypatch):
    monkeypatch.setattr(pool, "compile_text", compiled)
    stored = yaml.safe_load((ROOT / "dmrules/cards/printed.yaml").read_text(encoding="utf-8"))["cards"]
    assert stored == pool.entries(ROWS, pool.skipped_names())


def test_every_replacement_card_of_the_printed_texts_is_in_the_pool_with_its_text_and_source():
    db = bundled()
    classic = {card.name for card in classic_cards()}
    for row in ROWS:
        if row["kind"] != "replacement":
            continue
        card = db.find(row["name"])
        assert card is not None, row["name"]
        if card.compiled or card.unread:
            assert card.source.startswith("card list ")
            # A card of the classic list has the list's text (the same lists give both files).
            assert card.text == row["text"] or card.name in classic


def test_a_pool_card_the_compiler_cannot_read_is_refused_by_name():
    unread = next(c for c in bundled() if c.unread)
    text = f"""
turn: me
players:
  me: {{battle: [{{id: U, card: "{unread.name}"}}]}}
  opponent: {{}}
effect: {{controller: opponent, events: [{{destroy: U}}]}}
"""
    try:
        dmrules.scenario_from_text(text, "u.yaml")
    except dmrules.InputError as error:
        assert "cannot read its printed text yet" in error.problem and unread.name in error.problem
    else:
        raise AssertionError("a card without its ability was accepted")


def test_a_pool_card_whose_races_a_text_needs_must_be_given_them():
    """襲撃者ガルゼドライブ is of a later set: the card lists give no races for it."""
    base = """
turn: me
players:
  me:
    battle:
      - {id: S, card: ボルシャック・西南・ドラゴン, races: [アーマード・ドラゴン]}
      - {id: D, card: 襲撃者ガルゼドライブ%s}
  opponent: {}
effect: {controller: opponent, events: [{destroy: D}]}
"""
    try:
        dmrules.scenario_from_text(base % "", "r.yaml")
    except dmrules.InputError as error:
        assert "nor the scenario gives its races" in error.problem and "襲撃者ガルゼドライブ" in error.problem
    else:
        raise AssertionError("a card of unknown races was tested by a race filter")
    solution = dmrules.solve(dmrules.scenario_from_text(base % ", races: [ドラゴン]", "r.yaml"))
    # ガルゼドライブ destroyed, or the optional セイバー destroys ボルシャック・西南・ドラゴン instead (ガルゼドライブ's
    # own セイバー saves 超化獣 only).
    assert sorted(tuple(sorted(r.final.items())) for r in solution.resolutions) == sorted(
        [
            (("D", "graveyard"), ("S", "battle")),
            (("D", "battle"), ("S", "graveyard")),
        ]
    )


def test_an_inline_card_whose_cost_a_text_reads_must_be_given_one():
    """「コスト2以下」 reads every card's cost: a card that states none is refused, not a card that
    passes no cost bound (B05: アプル, of printed cost 2, may be chosen)."""
    base = """
turn: me
players:
  me:
    battle:
      - {id: KL, card: コッコ・武・ルピア}
  opponent:
    battle:
      - {id: X, card: {name: コストの知れないクリーチャー, type: creature%s}}
effect:
  source: KL
  controller: me
  events:
    - {id: e1, destroy: {choose: {count: 1, whose: opponent, cost_max: 2}}}
"""
    try:
        dmrules.scenario_from_text(base % "", "c.yaml")
    except dmrules.InputError as error:
        assert (
            "X (コストの知れないクリーチャー): neither the card pool nor the scenario gives its cost" in error.problem
        )
    else:
        raise AssertionError("a card of unknown cost was tested by a cost filter")
    [resolution] = dmrules.solve(dmrules.scenario_from_text(base % ", cost: 2", "c.yaml")).resolutions
    assert resolution.final["X"] == "graveyard"
