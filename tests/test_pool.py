"""The bundled card pool: every card carries its printed text (or says it is a
paraphrase) and where it came from; structured forms written by hand are marked."""

import json
import textwrap

import pytest

from dmrules.errors import InputError
from dmrules.reading.carddb import bundled, load_card_file

from .conftest import run_cli

CARDS = list(bundled())


def test_the_pool_has_its_cards():
    assert len(CARDS) == 118


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
    assert card.hand_written == bool(card.replacements or card.triggers)


def test_printed_texts_found():
    printed = [c.name for c in CARDS if c.text_source == "printed"]
    assert len(printed) == 25


def test_cards_hand_written_lists_exactly_those():
    out = run_cli("cards", "--hand-written", "--json")
    assert out.returncode == 0, out.stderr
    names = {c["name"] for c in json.loads(out.stdout)["cards"]}
    assert names == {c.name for c in CARDS if c.hand_written}
    assert "アビスベル＝ジャシン帝" in names and "フォーク＝フォック" not in names
    text = run_cli("cards", "--hand-written")
    assert text.returncode == 0
    assert text.stdout.strip().endswith(f"{len(names)} cards")


def test_card_detail_shows_source_and_marks():
    out = run_cli("cards", "獣軍隊 ヤドック")
    assert out.returncode == 0
    assert "source: デュエル・マスターズ wiki 《獣軍隊 ヤドック》" in out.stdout
    assert "(structured form written by hand)" in out.stdout
    out = run_cli("cards", "フォーク＝フォック")
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
