"""An effect read from its source card's printed text (``printed: true``), and the parts of the
event vocabulary it is compiled into: ``{KIND: {all: FILTER}}``, the top N cards of a deck put
into the mana zone, and a step's self-replacement ``instead`` (自己置換効果, 609.7)."""

import csv
import json

import pytest
import yaml

import dmrules
from dmrules.game.errors import InputError
from dmrules.reading.cardtext.effect import Unread, effect_steps

from .conftest import FIXTURES, ROOT, run_cli

PRINTED = {
    row["name"]: row["text"]
    for row in csv.DictReader((ROOT / "tests" / "cards" / "printed.tsv").open(encoding="utf-8"), delimiter="\t")
}


def _solve(data):
    """Each resolution: the cards that end outside their starting zone, and what was applied."""
    scenario = dmrules.scenario_from_text(yaml.safe_dump(data, allow_unicode=True), "t.yaml")
    solution = dmrules.solve(scenario)
    return sorted(
        (
            tuple(sorted((c, z) for c, z in r.final.items() if scenario.cards[c].zone != z)),
            tuple(sorted((a.event, a.replacement.id) for a in r.applied)),
        )
        for r in solution.resolutions
    )


# -- the compiled steps ---------------------------------------------------------------------


def test_helios_tiga_dragon_compiles_to_a_destruction_of_all_with_its_self_replacement():
    assert effect_steps(PRINTED["ヘリオス・ティガ・ドラゴン"], "ability", own="me") == [
        {
            "events": [{"destroy": {"all": {"whose": "opponent", "type": "creature", "power_max": 2000}}}],
            "instead": {
                "if": [{"zone": "battle", "whose": "own", "name": "白虎の剣皇ダーク・サラマンダス"}],
                "events": [{"destroy": {"all": {"whose": "opponent", "type": "creature", "power_max": 4000}}}],
            },
        }
    ]


def test_seventh_tower_compiles_to_the_deck_top_into_mana_with_its_metamorph():
    assert effect_steps(PRINTED["セブンス・タワー"], "spell", own="me") == [
        {
            "events": [{"put_into_mana": "me", "count": 1}],
            "instead": {
                "if": [{"zone": "mana", "whose": "own", "at_least": 7}],
                "events": [{"put_into_mana": "me", "count": 3}],
            },
        }
    ]


@pytest.mark.parametrize(
    "name, by, phrase",
    [
        ("バリアント・スパーク", "spell", "バトルゾーンにある相手のクリーチャーを1体選び、タップする"),
        ("スクリュー・ロケット", "spell", "バトルゾーンにある相手のクロスギアを1枚選び、持ち主の墓地に置く"),
        ("マインロード・ワイバーン", "ability", "triggered abilities"),
        ("ヘリオス・ティガ・ドラゴン", "spell", "このクリーチャーをバトルゾーンに出した時"),
    ],
)
def test_texts_outside_the_vocabulary_are_unread(name, by, phrase):
    with pytest.raises(Unread) as caught:
        effect_steps(PRINTED[name], by)
    assert phrase in str(caught.value)


# -- scenarios ------------------------------------------------------------------------------


def _helios(with_salamandas: bool, printed: bool = True):
    me = [{"id": "HT", "card": "ヘリオス・ティガ・ドラゴン", "power": 7000}]
    if with_salamandas:
        me.append({"id": "DS", "card": {"name": "白虎の剣皇ダーク・サラマンダス", "type": "creature", "power": 6000}})
    effect = {"source": "HT", "controller": "me", "by": "ability"}
    if printed:
        effect["printed"] = True
    else:
        effect["events"] = [
            {"id": "e1", "destroy": {"all": {"whose": "opponent", "type": "creature", "power_max": 2000}}}
        ]
        effect["instead"] = {
            "if": [{"zone": "battle", "whose": "own", "name": "白虎の剣皇ダーク・サラマンダス"}],
            "events": [{"id": "e1", "destroy": {"all": {"whose": "opponent", "type": "creature", "power_max": 4000}}}],
        }
    return {
        "turn": "me",
        "players": {
            "me": {"battle": me},
            "opponent": {
                "battle": [
                    {
                        "id": "AR",
                        "card": {"name": "アクア・リバイバー", "text": PRINTED["アクア・リバイバー"], "power": 3000},
                    },
                    {"id": "P2", "card": {"name": "二千", "type": "creature", "power": 2000}},
                    {"id": "P5", "card": {"name": "五千", "type": "creature", "power": 5000}},
                ]
            },
        },
        "effect": effect,
    }


def test_the_self_replacement_changes_the_legal_resolutions():
    """With 《白虎の剣皇ダーク・サラマンダス》 the creatures of power 4000 or less are destroyed, and
    アクア・リバイバー's own replacement cannot apply to a destruction the self-replacement made
    (E15); without it, only P2 is destroyed."""
    assert _solve(_helios(True)) == [((("AR", "graveyard"), ("P2", "graveyard")), ())]
    assert _solve(_helios(False)) == [((("P2", "graveyard"),), ())]


@pytest.mark.parametrize("with_salamandas", [True, False])
def test_the_printed_effect_is_the_hand_written_one(with_salamandas):
    assert _solve(_helios(with_salamandas)) == _solve(_helios(with_salamandas, printed=False))


def test_the_fixtures_differ_only_by_the_condition():
    with_ds = yaml.safe_load((FIXTURES / "T17-self-replacement-helios-dark-salamandas.yaml").read_text("utf-8"))
    alone = yaml.safe_load((FIXTURES / "T17-self-replacement-helios-alone.yaml").read_text("utf-8"))
    assert (
        with_ds["effect"] == alone["effect"] == {"source": "HT", "controller": "me", "by": "ability", "printed": True}
    )
    assert _solve(with_ds) != _solve(alone)


def _tower(mana: int):
    return {
        "turn": "me",
        "players": {
            "me": {
                "hand": [{"id": "ST", "card": "セブンス・タワー"}],
                "mana": [f"m{i}" for i in range(mana)],
                "deck": ["d1", "d2", "d3", "d4"],
            },
            "opponent": {},
        },
        "effect": {"source": "ST", "controller": "me", "by": "spell", "printed": True},
    }


def test_metamorph_puts_three_cards_with_seven_mana_and_one_with_six():
    assert _solve(_tower(7)) == [((("d1", "mana"), ("d2", "mana"), ("d3", "mana")), ())]
    assert _solve(_tower(6)) == [((("d1", "mana"),), ())]


def test_every_card_of_a_filter_is_taken_as_the_window_opens():
    """A later step's 「すべて」 sees the state its earlier step left: the creature returned to hand
    by the first step is not destroyed by the second."""
    data = {
        "turn": "me",
        "players": {
            "me": {"battle": [{"id": "S", "card": {"name": "源", "type": "creature"}}]},
            "opponent": {
                "battle": [
                    {"id": "A", "card": {"name": "甲", "type": "creature", "power": 1000}},
                    {"id": "B", "card": {"name": "乙", "type": "creature", "power": 3000}},
                ]
            },
        },
        "effect": {
            "source": "S",
            "controller": "me",
            "events": [{"id": "e1", "return_to_hand": "A"}],
            "then": [{"events": [{"id": "e2", "destroy": {"all": {"whose": "opponent", "type": "creature"}}}]}],
        },
    }
    assert _solve(data) == [((("A", "hand"), ("B", "graveyard")), ())]


def test_an_every_event_of_a_kind_that_cannot_take_one_is_an_error():
    data = _helios(False, printed=False)
    data["effect"]["events"] = [{"id": "e1", "break": {"all": {"whose": "opponent"}}}]
    with pytest.raises(InputError, match="cannot take every card"):
        dmrules.scenario_from_text(yaml.safe_dump(data, allow_unicode=True), "t.yaml")


# -- refusals on the command line -----------------------------------------------------------


def _write(tmp_path, data):
    path = tmp_path / "effect.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def test_a_text_outside_the_vocabulary_is_refused_naming_the_card_and_the_phrase(tmp_path):
    data = {
        "turn": "me",
        "players": {
            "me": {"hand": [{"id": "VS", "card": "バリアント・スパーク"}]},
            "opponent": {"battle": [{"id": "X", "card": {"name": "相手のクリーチャー", "type": "creature"}}]},
        },
        "effect": {"source": "VS", "controller": "me", "by": "spell", "printed": True},
    }
    out = run_cli("solve", str(_write(tmp_path, data)))
    message = out.stdout + out.stderr
    assert out.returncode == 2, message
    assert "Traceback" not in message
    assert "effect.yaml:" in message and "effect.printed" in message
    assert "バリアント・スパーク" in message
    assert "「バトルゾーンにある相手のクリーチャーを1体選び、タップする」" in message


@pytest.mark.parametrize(
    "change, problem",
    [
        ({"events": [{"destroy": "AR"}]}, "gives no 'events' of its own"),
        ({"source": None}, "needs its 'source'"),
    ],
)
def test_printed_with_events_or_without_a_source_is_an_error(tmp_path, change, problem):
    data = _helios(True)
    data["effect"].update(change)
    if data["effect"]["source"] is None:
        del data["effect"]["source"]
    out = run_cli("solve", str(_write(tmp_path, data)))
    assert out.returncode == 2
    assert problem in out.stderr and "Traceback" not in out.stderr


def test_a_source_without_a_text_is_an_error(tmp_path):
    data = _helios(True)
    data["players"]["me"]["battle"][1]["id"] = "DS"
    data["effect"]["source"] = "DS"
    out = run_cli("solve", str(_write(tmp_path, data)))
    assert out.returncode == 2
    assert "DS (白虎の剣皇ダーク・サラマンダス) has no printed text" in out.stderr


HELIOS_LIKE = (
    "このクリーチャーをバトルゾーンに出した時、{base}。バトルゾーンに自分の《X》が1体でもあれば、"
    "パワー2000以下のかわりに4000以下の{whose}クリーチャーをすべて破壊する。"
)


@pytest.mark.parametrize(
    "base, whose, problem",
    [
        ("自分の山札の上から1枚目を自分のマナゾーンに置く", "相手の", "destroys no creature of power 2000 or less"),
        ("相手のパワー3000以下のクリーチャーをすべて破壊する", "相手の", "destroys no creature of power 2000 or less"),
        ("相手のパワー2000以下のクリーチャーをすべて破壊する", "自分の", "names other owners"),
        ("相手のパワー2000以下のクリーチャーをすべて破壊する", "", "names no owner"),
        ("相手のクリーチャーを1体選び、破壊する", "相手の", "an effect sentence dmrules does not read"),
    ],
)
def test_a_self_replacement_must_modify_the_sentence_before_it_as_printed(base, whose, problem):
    with pytest.raises(Unread, match=problem):
        effect_steps(HELIOS_LIKE.format(base=base, whose=whose), "ability")


@pytest.mark.parametrize(
    "stem, note",
    [
        ("T17-self-replacement-helios-dark-salamandas", "(self-replacement, 609.7) applies"),
        ("T17-self-replacement-helios-alone", "(self-replacement, 609.7) does not apply"),
    ],
)
def test_the_window_says_whether_the_self_replacement_applied(stem, note):
    out = run_cli("solve", str(FIXTURES / f"{stem}.yaml"), "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert [w for r in doc["resolutions"] for w in r["windows"]] == ["w1"]
    assert any(note in text for text in doc["windows"]["w1"]["skipped"])


def test_an_inline_card_given_by_its_text_can_be_the_source():
    data = _helios(True)
    data["players"]["me"]["battle"][0] = {
        "id": "HT",
        "card": {"name": "ヘリオス・ティガ・ドラゴン", "text": PRINTED["ヘリオス・ティガ・ドラゴン"], "power": 7000},
    }
    assert _solve(data) == [((("AR", "graveyard"), ("P2", "graveyard")), ())]


def test_cards_parse_effect_prints_the_steps_and_refuses_what_it_does_not_read():
    out = run_cli("cards", "parse", "--effect", "ability", "--json", PRINTED["ヘリオス・ティガ・ドラゴン"])
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["steps"] == effect_steps(PRINTED["ヘリオス・ティガ・ドラゴン"], "ability")
    out = run_cli("cards", "parse", "--effect", "spell", PRINTED["バリアント・スパーク"])
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "「バトルゾーンにある相手のクリーチャーを1体選び、タップする」" in out.stderr


def test_a_creature_whose_power_is_not_given_is_refused_when_the_effect_reads_powers(tmp_path):
    """「パワー2000以下」 reads every creature's power: one the scenario and the pool leave out is an
    error naming the card, not a creature that passes no bound (it would be left standing)."""
    data = _helios(False)
    data["players"]["opponent"]["battle"].append(
        {"id": "NP", "card": {"name": "力の知れないクリーチャー", "type": "creature"}}
    )
    out = run_cli("solve", str(_write(tmp_path, data)))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "NP (力の知れないクリーチャー): neither the card pool nor the scenario gives its power" in out.stderr
