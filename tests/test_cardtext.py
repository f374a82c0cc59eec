"""The card-text compiler: printed Japanese text → structured replacement abilities.

The golden forms in tests/cards/golden-*.yaml were written by reading each
printed text; the compiler must reproduce every one exactly (``stay`` and the
information-only fields aside: ``comparable``).
"""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from dmrules.reading.cardtext.compiler import comparable, compile_text, read_forms

from .cardtext_cache import compiled
from .conftest import run_cli

HERE = Path(__file__).parent / "cards"
# printed.tsv, and the printed texts of cards once read wrong (readings.tsv, with golden-c.yaml).
ROWS = [
    row
    for name in ("printed.tsv", "readings.tsv")
    for row in csv.DictReader((HERE / name).open(encoding="utf-8"), delimiter="\t")
]
TYPES = {row["name"]: row["type"] for row in ROWS}
GOLDEN = [
    card
    for name in ("golden-a.yaml", "golden-b.yaml", "golden-c.yaml")
    for card in yaml.load((HERE / name).read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)["cards"]
]


def test_the_golden_forms_cover_120_cards_or_more():
    assert len(GOLDEN) >= 120
    assert len({card["name"] for card in GOLDEN}) == len(GOLDEN)
    printed = {row["name"]: row["text"] for row in ROWS}
    for card in GOLDEN:
        assert printed[card["name"]] == card["text"], card["name"]


@pytest.mark.parametrize("card", GOLDEN, ids=[card["name"] for card in GOLDEN])
def test_the_compiler_reproduces_the_golden_form(card):
    result = compiled(card["text"], TYPES[card["name"]])
    assert result.complete, [s.problem for s in result.problems]
    want = [comparable(a) for a in read_forms(card.get("replacements") or [], card["name"])]
    got = [comparable(a) for a in result.abilities]
    assert got == want
    assert result.self_replacements == card.get("self_replacements", 0)


NOT_REPLACEMENT = [row for row in ROWS if row["kind"] == "not_replacement"]


@pytest.mark.parametrize("row", NOT_REPLACEMENT, ids=[row["name"] for row in NOT_REPLACEMENT])
def test_a_text_whose_かわりに_replaces_no_event_has_no_replacement(row):
    result = compiled(row["text"], row["type"])
    assert result.complete
    assert result.abilities == [] and result.self_replacements == 0
    assert any(s.verdict == "not_replacement" for s in result.sentences)


SABER = "自分のドラゴンが破壊される時、かわりにこのクリーチャーを破壊してもよい。"


@pytest.mark.parametrize(
    "by_name, reminder",
    [
        ("セイバー：ドラゴン", SABER),
        ("セイバー:ドラゴン", SABER),
        ("シールド・セイバー", "自分のシールドがブレイクされる時、かわりにこのクリーチャーを破壊してもよい。"),
        ("チャージャー", "この呪文を唱えた後、墓地に置くかわりに自分のマナゾーンに置く。"),
        ("エターナル・Ω", "このクリーチャーがバトルゾーンを離れる時、かわりに手札に戻す。"),
        ("スター進化", "このクリーチャーが離れる時、かわりに一番上のカードが離れる。"),
        (
            "L・ゲート：ドラゴン",
            "このクリーチャーが破壊される時、墓地に置くかわりに、ドラゴンを1体、自分の墓地から手札に"
            "戻してもよい。そうした場合、このクリーチャーを山札の一番下に置く。",
        ),
    ],
)
def test_a_keyword_printed_without_its_reminder_reads_as_its_reminder(by_name, reminder):
    named = compile_text(by_name)
    assert named.complete and len(named.abilities) == 1
    assert named.abilities[0].keyword == by_name.replace("：", ":").split(":")[0]
    assert [comparable(a) for a in named.abilities] == [comparable(a) for a in compile_text(reminder).abilities]


@pytest.mark.parametrize(
    "variant",
    [
        "このクリーチャーが破壊される時、墓地に置くかわりに自分の手札に戻す。",
        "このクリーチャーが破壊されるとき、墓地に置く代わりに自分の手札に戻す。",
        "このクリーチャーが破壊される時、墓地に置くかわりに 自分の手札に戻す。",
        "このクリーチャーが破壊される時、墓地に置くかわりに自分の手札に戻す",
    ],
)
def test_wording_variants_read_alike(variant):
    expected = [{"watch": {"event": "destroy", "card": "this"}, "instead": [{"move_to": "hand"}]}]
    result = compile_text(variant)
    assert result.complete
    assert [comparable(a) for a in result.abilities] == [comparable(a) for a in read_forms(expected)]


def test_full_width_counts_read_as_numbers():
    result = compile_text("このクリーチャーがバトルゾーンを離れる時、かわりに自分の手札を２枚捨ててもよい。")
    assert result.forms()[0]["instead"] == ["stay", {"discard": 2}]
    assert result.forms()[0]["optional"] is True


def test_old_and_new_wording_of_the_same_ability():
    old = compile_text(
        "このクリーチャーがバトルゾーンから自分の墓地に置かれるとき、墓地に置くかわりに自分の手札に戻す。"
    )
    new = compile_text("このクリーチャーが破壊される時、墓地に置くかわりに手札に戻す。")
    assert old.forms()[0]["watch"] == {"event": "put_into_graveyard", "from": "battle", "card": "this"}
    assert new.forms()[0]["watch"] == {"event": "destroy", "card": "this"}
    assert old.forms()[0]["instead"] == new.forms()[0]["instead"] == [{"move_to": "hand"}]


def test_a_text_with_no_replacement_is_said_so():
    result = compile_text("W・ブレイカー / このクリーチャーが出た時、カードを1枚引く。")
    assert result.complete and not result.has_replacement
    assert {s.verdict for s in result.sentences} == {"other"}


def test_an_unreadable_phrase_is_named_with_its_position_and_what_was_expected():
    result = compile_text("このクリーチャーが破壊される時、墓地に置くかわりに手札にもどすのだ。")
    assert not result.complete and result.abilities == []
    problem = result.problems[0].problem
    assert "もどすのだ" in problem and "character 29" in problem and "戻す" in problem


def test_a_sentence_that_follows_a_replacement_is_part_of_it():
    result = compile_text(
        "自分がカードを1枚引く時、1枚のかわりに2枚引いてもよい。そうした場合、自分の手札を1枚捨てる。"
    )
    assert result.complete
    (ability,) = result.forms()
    assert ability["instead"] == [{"draw": 2}] or ability["instead"] == ["stay", {"draw": 2}]
    assert ability["then"] == [{"events": [{"discard": {"choose": {"count": 1, "from": "hand", "whose": "own"}}}]}]
    assert [s.verdict for s in result.sentences] == ["replacement", "follow_up"]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """The command's output, in this process unless it reads standard input."""
    if stdin is None:
        return run_cli(*args)
    return subprocess.run([sys.executable, "-m", "dmrules.cli", *args], capture_output=True, text=True, input=stdin)


def test_cards_parse_shows_the_ability_in_words_and_exits_0():
    done = run("cards", "parse", "セイバー：ドラゴン")
    assert done.returncode == 0, done.stderr
    assert "when a ドラゴン of yours would be destroyed" in done.stdout
    assert "this card is destroyed" in done.stdout and "optional" in done.stdout


def test_cards_parse_exits_2_on_an_unreadable_text_and_names_the_phrase():
    done = run("cards", "parse", "このクリーチャーが破壊される時、かわりにどこかへ行く。")
    assert done.returncode == 2
    assert "CANNOT READ" in done.stdout and "どこかへ行く" in done.stdout


def test_cards_parse_json_gives_the_structured_form():
    import json

    done = run("cards", "parse", "チャージャー", "--json")
    assert done.returncode == 0
    card = json.loads(done.stdout)["cards"][0]
    assert card["complete"] is True
    assert card["replacements"][0]["watch"] == {"event": "spell_to_graveyard", "card": "this"}
    assert card["replacements"][0]["spell_own_movement"] is True


def test_cards_parse_a_scenarios_inline_cards(tmp_path):
    scenario = tmp_path / "s.yaml"
    scenario.write_text(
        """
turn: me
players:
  me:
    battle:
      - {id: A, card: {name: アクア・ソルジャー, text: "このクリーチャーが破壊される時、\\
          墓地に置くかわりに手札に戻す。"}}
  opponent: {}
effect: {controller: opponent, events: [{destroy: A}]}
""",
        encoding="utf-8",
    )
    done = run("cards", "parse", "--scenario", str(scenario))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("A (アクア・ソルジャー)")


def test_a_scenario_card_given_by_text_alone_is_solved(tmp_path):
    import dmrules

    scenario = dmrules.scenario_from_text(
        """
turn: me
players:
  me:
    battle:
      - {id: A, card: {name: アクア・ソルジャー, text: "このクリーチャーが破壊される時、\\
          墓地に置くかわりに手札に戻す。"}}
      - {id: G, card: {name: ゴウケン齋, text: "このクリーチャーがバトルゾーンを離れる時、\\
          かわりに自分の手札を1枚捨ててもよい。"}}
    hand: [h1]
  opponent: {}
effect: {controller: opponent, events: [{destroy: A}, {destroy: G}]}
""",
        "inline.yaml",
    )
    finals = sorted(tuple(sorted(r.final.items())) for r in dmrules.solve(scenario).resolutions)
    # アクア・ソルジャー's mandatory replacement always applies; ゴウケン齋 may discard h1 to stay.
    assert finals == sorted(
        [
            (("A", "hand"), ("G", "graveyard"), ("h1", "hand")),
            (("A", "hand"), ("G", "battle"), ("h1", "graveyard")),
        ]
    )


def test_a_scenario_card_whose_text_cannot_be_read_is_an_error_naming_the_phrase():
    import dmrules

    with pytest.raises(dmrules.InputError) as error:
        dmrules.scenario_from_text(
            """
turn: me
players:
  me:
    battle: [{id: A, card: {name: 謎のカード, text: "このクリーチャーが破壊される時、かわりにどこかへ行く。"}}]
  opponent: {}
effect: {controller: opponent, events: [{destroy: A}]}
""",
            "inline.yaml",
        )
    assert "どこかへ行く" in error.value.problem and error.value.place.endswith("card.text")


def test_a_scenario_card_using_what_the_solver_does_not_model_is_refused_by_name():
    import dmrules

    with pytest.raises(dmrules.InputError) as error:
        dmrules.scenario_from_text(
            """
turn: me
players:
  me:
    battle: [{id: S, tapped: true, card: {name: ミルポロ, text: "サイレントスキル"}}]
  opponent: {}
effect: {controller: me, events: [{destroy: S}]}
""",
            "inline.yaml",
        )
    assert "use_ability" in error.value.problem and "does not model yet" in error.value.problem


# Wordings that are not in printed.tsv, each with the form a careful reader writes.
BEYOND_THE_FILE = [
    (
        "このクリーチャーが相手の効果によってバトルゾーンを離れる時、かわりに自分の手札を1枚捨ててもよい。",
        {
            "watch": {"event": "leave", "card": "this", "when": ["by_opponent", "by_effect"]},
            "instead": [{"discard": 1}],
            "optional": True,
        },
    ),
    (
        "自分のクリーチャーが相手の呪文の効果によって破壊される時、かわりに自分のマナゾーンからカードを2枚墓地に置いてもよい。",
        {
            "watch": {
                "event": "destroy",
                "card": {"whose": "own", "type": "creature"},
                "when": ["by_opponent", "by_effect", "by_spell"],
            },
            "instead": [{"choose": {"count": 2, "from": "mana", "to": "graveyard", "verb": "put"}}],
            "optional": True,
        },
    ),
    (
        "このクリーチャーが破壊される時、かわりに自分のシールドを1つ墓地に置いてもよい。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [{"choose": {"count": 1, "from": "shields", "to": "graveyard", "verb": "put", "whose": "own"}}],
            "optional": True,
        },
    ),
    (
        "このクリーチャーが破壊される時、かわりにこのクリーチャーを手札に戻す。",
        {"watch": {"event": "destroy", "card": "this"}, "instead": [{"move_to": "hand"}]},
    ),
    (
        "このクリーチャーが離れる時、かわりに自分の山札の上から2枚を墓地に置いてもよい。",
        {
            "watch": {"event": "leave", "card": "this"},
            "instead": [{"mill": {"player": "own", "count": 2}}],
            "optional": True,
        },
    ),
    (
        "このクリーチャーが離れる時、かわりに相手のクリーチャーを1体選び、破壊してもよい。",
        {
            "watch": {"event": "leave", "card": "this"},
            "instead": [{"destroy": {"whose": "opponent"}}],
            "optional": True,
        },
    ),
    (
        "自分の他のドラゴンが破壊される時、かわりに自分の手札を1枚山札の一番下に置いてもよい。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "other": True, "race": "ドラゴン"}},
            "instead": [{"choose": {"count": 1, "from": "hand", "to": "deck", "verb": "put", "position": "bottom"}}],
            "optional": True,
        },
    ),
    (
        "自分のコスト5以下のクリーチャーが破壊される時、かわりにこのクリーチャーを破壊してもよい。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature", "cost_max": 5}},
            "instead": ["destroy_this"],
            "optional": True,
        },
    ),
    (
        "ウルトラ・セイバー：ドラゴン",
        {
            "watch": {"event": "leave", "card": {"whose": "own", "race": "ドラゴン"}},
            "instead": ["destroy_this"],
            "optional": True,
        },
    ),
    (
        "マッドネス",
        {
            "watch": {"event": "discard", "card": "this", "when": ["opponent_turn"]},
            "instead": [{"move_to": "battle"}],
            "optional": True,
        },
    ),
]


def assert_compiles_to(text, *forms):
    """The text compiles whole, to exactly the abilities ``forms`` (compared as golden forms are)."""
    result = compile_text(text)
    assert result.complete, [s.problem for s in result.problems]
    assert [comparable(a) for a in result.abilities] == [comparable(a) for a in read_forms(list(forms))]
    return result


def assert_refused_naming(text, named):
    """``cards parse`` refuses the text (exit 2) and names ``named`` in its report."""
    done = run_cli("cards", "parse", text)
    assert done.returncode == 2, done.stdout
    assert "CANNOT READ" in done.stdout and named in done.stdout, done.stdout
    return done


@pytest.mark.parametrize("text, form", BEYOND_THE_FILE, ids=[t[:24] for t, _ in BEYOND_THE_FILE])
def test_wordings_beyond_the_printed_file(text, form):
    assert_compiles_to(text, form)


def test_the_ability_a_silent_skill_uses_is_its_next_line_when_that_is_actions_read():
    from dmrules.reading.cardtext.compiler import compile_text

    keyword = (
        "サイレントスキル(自分のターンのはじめに、このクリーチャーがタップされていたら、"
        "アンタップするかわりに次の能力を使ってもよい)"
    )
    (ability,) = compile_text(keyword + " / 自分の墓地からクリーチャーを1体、自分の手札に戻す。").forms()
    assert ability["instead"] == ["use_ability"]
    assert ability["then"] == [
        {
            "events": [
                {"return_to_hand": {"choose": {"count": 1, "from": "graveyard", "whose": "own", "type": "creature"}}}
            ]
        }
    ]
    # An ability the grammar does not read as actions stays unread: the card is refused in a scenario.
    (ability,) = compile_text(
        keyword + " / このターン、自分のクリーチャーが攻撃する時、カードを1枚引いてもよい。"
    ).forms()
    assert "then" not in ability
    # Without the keyword before it, the same line is no ability's.
    assert not compile_text("自分の墓地からクリーチャーを1体、自分の手札に戻す。").abilities


def test_cards_parse_takes_its_options_before_the_text():
    from .conftest import run_cli

    text = "このクリーチャーが破壊される時、墓地に置くかわりに手札に戻す。"
    before, after = run_cli("cards", "parse", "--json", text), run_cli("cards", "parse", text, "--json")
    assert before.returncode == after.returncode == 0
    assert json.loads(before.stdout) == json.loads(after.stdout)
    assert run_cli("cards", "parse", "--bogus", text).returncode == 2


# 「AかBをN体、または両方M体ずつを、…」: N cards that are A or B, or M of each (L・ゲート of two races).
def _recover(*choices):
    return [
        {"choose": {"from": zone, "to": "hand", "verb": "return", "count": count, **flt}}
        for zone, count, flt in choices
    ]


EITHER_OR_EACH = [
    # 三途渡しのユーリン's reminder, as printed.
    (
        "このクリーチャーが破壊される時、墓地に置くかわりに、ドリームメイトかビークル・ビーを1体、または両方1体ずつを、"
        "自分の墓地から手札に戻してもよい。そうした場合、このクリーチャーを自分の山札の一番下に置く。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [
                {
                    "one_of": [
                        _recover(("graveyard", 1, {"race": ["ドリームメイト", "ビークル・ビー"]})),
                        _recover(
                            ("graveyard", 1, {"race": "ドリームメイト"}), ("graveyard", 1, {"race": "ビークル・ビー"})
                        ),
                    ]
                }
            ],
            "optional": True,
            "then": [{"events": [{"move": "this", "to": "deck", "position": "bottom"}]}],
        },
    ),
    # Not printed: other races, another zone, no 「そうした場合」.
    (
        "このクリーチャーが破壊される時、墓地に置くかわりに、ドラゴンかフェニックスを1体、または両方1体ずつを、"
        "自分のマナゾーンから手札に戻してもよい。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [
                {
                    "one_of": [
                        _recover(("mana", 1, {"race": ["ドラゴン", "フェニックス"]})),
                        _recover(("mana", 1, {"race": "ドラゴン"}), ("mana", 1, {"race": "フェニックス"})),
                    ]
                }
            ],
            "optional": True,
        },
    ),
    # Not printed: two of either, or one of each, without 「を」 after 「ずつ」, mandatory.
    (
        "このクリーチャーが離れる時、かわりにエンジェル・コマンドかデーモン・コマンドを2体、または両方1体ずつ、"
        "自分の墓地から手札に戻す。",
        {
            "watch": {"event": "leave", "card": "this"},
            "instead": [
                {
                    "one_of": [
                        _recover(("graveyard", 2, {"race": ["エンジェル・コマンド", "デーモン・コマンド"]})),
                        _recover(
                            ("graveyard", 1, {"race": "エンジェル・コマンド"}),
                            ("graveyard", 1, {"race": "デーモン・コマンド"}),
                        ),
                    ]
                }
            ],
        },
    ),
    # The keyword by name with two races reads as that reminder (not as one card of either race).
    (
        "L・ゲート：ドラゴンとフェニックス",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [
                {
                    "one_of": [
                        _recover(("graveyard", 1, {"race": ["ドラゴン", "フェニックス"]})),
                        _recover(("graveyard", 1, {"race": "ドラゴン"}), ("graveyard", 1, {"race": "フェニックス"})),
                    ]
                }
            ],
            "optional": True,
            "then": [{"events": [{"move": "this", "to": "deck", "position": "bottom"}]}],
        },
    ),
]

# 「好きな数」 after the cards (「…を好きな数、」), and from 「AまたはB」 of two zones: any number from the one
# and any number from the other (docs/card-text.md).
ANY_NUMBER = [
    # 龍炎凰インフィニティ・フェニックス, as printed.
    (
        "このクリーチャーがバトルゾーンを離れる時、このクリーチャーを墓地に置くかわりに自分の墓地またはマナゾーンから"
        "火のクリーチャーを好きな数、手札に戻してもよい。その後、このクリーチャーを山札に戻し、シャッフルする。",
        {
            "watch": {"event": "leave", "card": "this", "to": "graveyard"},
            "instead": _recover(
                ("graveyard", "any", {"civilization": "fire", "type": "creature"}),
                ("mana", "any", {"civilization": "fire", "type": "creature"}),
            ),
            "optional": True,
            "then": [{"events": [{"move": "this", "to": "deck", "position": "shuffle"}], "afterwards": True}],
        },
    ),
    # Not printed: another race and zones, the number before the cards.
    (
        "このクリーチャーが破壊される時、墓地に置くかわりに、好きな数のフェニックスを、自分の手札またはマナゾーンから"
        "手札に戻してもよい。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": _recover(("hand", "any", {"race": "フェニックス"}), ("mana", "any", {"race": "フェニックス"})),
            "optional": True,
        },
    ),
    # Not printed: one zone, the number after the cards.
    (
        "このクリーチャーが破壊される時、墓地に置くかわりに、自分の墓地から水のクリーチャーを好きな数、手札に戻す。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": _recover(("graveyard", "any", {"civilization": "water", "type": "creature"})),
        },
    ),
]


@pytest.mark.parametrize(
    "text, form", EITHER_OR_EACH + ANY_NUMBER, ids=[t[:30] for t, _ in EITHER_OR_EACH + ANY_NUMBER]
)
def test_generic_choice_wordings(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text, named",
    [
        # A race or a type: 「AかB」 is not two values of one field, so neither one filter nor one per kind says it.
        (
            "このクリーチャーが破壊される時、墓地に置くかわりに、ドラゴンかクリーチャーを1体、または両方1体ずつを、"
            "自分の墓地から手札に戻してもよい。",
            "two values of one filter field",
        ),
        # 「両方ずつ」 without the number of each.
        (
            "このクリーチャーが破壊される時、墓地に置くかわりに、ドラゴンかフェニックスを1体、または両方ずつを、"
            "自分の墓地から手札に戻してもよい。",
            "両方ずつを",
        ),
        # A fixed number from either of two zones is not one choice per zone.
        (
            "このクリーチャーがバトルゾーンを離れる時、このクリーチャーを墓地に置くかわりに自分の墓地またはマナゾーンから"
            "火のクリーチャーを2体、手札に戻してもよい。",
            "from either of two zones",
        ),
    ],
)
def test_near_variants_of_the_choice_wordings_are_refused(text, named):
    done = assert_refused_naming(text, named)
    assert "Traceback" not in done.stdout + done.stderr


# 「AがX時、またはBがY時、かわりに…」: one watch when one watch names both events (the same card), else one
# ability a watch, the same replacement for each (docs/card-text.md).
DISCARD_INSTEAD = {"instead": [{"discard": 1}], "optional": True}
TWO_WATCHES = [
    # Not printed: クリス=タブラ=ラーサ's two watches (its 「表向きにする」 is not read: below) with a discard instead.
    (
        "このクリーチャーが離れる時、または自分がゲームに負ける時、かわりに自分の手札を1枚捨ててもよい。",
        [
            {"watch": {"event": "leave", "card": "this"}, **DISCARD_INSTEAD},
            {"watch": {"event": "lose", "player": "own"}, **DISCARD_INSTEAD},
        ],
    ),
    # Not printed: one card, two events: one watch.
    (
        "このクリーチャーが破壊される時、または手札に戻される時、かわりに自分の手札を1枚捨ててもよい。",
        [{"watch": {"event": ["destroy", "return_to_hand"], "card": "this"}, **DISCARD_INSTEAD}],
    ),
    # Not printed: two players' losses are two events of different players.
    (
        "自分がゲームに負ける時、または相手がゲームに負ける時、かわりにこのクリーチャーを破壊する。",
        [
            {"watch": {"event": "lose", "player": "own"}, "instead": ["destroy_this"]},
            {"watch": {"event": "lose", "player": "opponent"}, "instead": ["destroy_this"]},
        ],
    ),
    # Not printed: this card or another, with a follow-up that belongs to both.
    (
        "このクリーチャーが破壊される時、または自分の他のドラゴンが破壊される時、かわりに自分の手札を1枚捨ててもよい。"
        "そうした場合、このクリーチャーを山札の一番下に置く。",
        [
            {
                "watch": {"event": "destroy", "card": "this"},
                **DISCARD_INSTEAD,
                "then": [{"events": [{"move": "this", "to": "deck", "position": "bottom"}]}],
            },
            {
                "watch": {"event": "destroy", "card": {"whose": "own", "other": True, "race": "ドラゴン"}},
                **DISCARD_INSTEAD,
                "then": [{"events": [{"move": "this", "to": "deck", "position": "bottom"}]}],
            },
        ],
    ),
    # 「相手がゲームに勝つ時」 alone is its controller's loss (docs/card-text.md).
    (
        "相手がゲームに勝つ時、かわりにこのクリーチャーを破壊する。",
        [{"watch": {"event": "lose", "player": "own"}, "instead": ["destroy_this"]}],
    ),
]


@pytest.mark.parametrize("text, forms", TWO_WATCHES, ids=[t[:30] for t, _ in TWO_WATCHES])
def test_two_watched_events_joined_by_または(text, forms):
    result = assert_compiles_to(text, *forms)
    assert len({a.text for a in result.abilities}) == 1


@pytest.mark.parametrize(
    "text, named",
    [
        # クリス=タブラ=ラーサ's sentence with the graveyard's cards: both watches are read; cards of the graveyard
        # are face up, and turning them face up is no action (its mana zone's, as printed, is: golden-a.yaml).
        (
            "クリスターナル・K(このクリーチャーが離れる時、または自分がゲームに負ける時、かわりに自分の墓地にある"
            "裏向きのカードを3枚、表向きにしてもよい)",
            "elsewhere than in the mana",
        ),
        # Once a turn over events one watch cannot name: one ability a watch would be used once a turn each.
        (
            "各ターンに1度、このクリーチャーが離れる時、または自分がゲームに負ける時、かわりに自分の手札を1枚捨ててもよい。",
            "各ターンに1度",
        ),
    ],
)
def test_near_variants_of_two_watched_events_are_refused(text, named):
    done = assert_refused_naming(text, named)
    assert "Traceback" not in done.stdout + done.stderr


def test_a_sentence_of_two_watches_is_solved_as_its_two_abilities():
    """「このクリーチャーが離れる時、または自分がゲームに負ける時、かわりに自分の手札を1枚捨ててもよい」: the
    creature destroyed may stay by discarding the one card in hand (the leaving watch); nothing else applies."""
    import dmrules

    scenario = dmrules.scenario_from_text(
        """
turn: opponent
players:
  me:
    battle:
      - {id: C, card: {name: 二つの時, text: "このクリーチャーが離れる時、または自分がゲームに負ける時、\\
          かわりに自分の手札を1枚捨ててもよい。"}}
    hand: [h1]
  opponent: {}
effect: {controller: opponent, events: [{destroy: C}]}
""",
        "two-watches.yaml",
    )
    finals = sorted(tuple(sorted(r.final.items())) for r in dmrules.solve(scenario).resolutions)
    assert finals == sorted([(("C", "graveyard"), ("h1", "hand")), (("C", "battle"), ("h1", "graveyard"))])


# Follow-ups (「そうした場合、」「その後、」) that draw or move this creature: events of the `then` step.
FOLLOW_UPS = [
    (
        "このクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。そうした場合、カードを1枚引く。",
        {
            "watch": {"event": "destroy", "card": "this"},
            **DISCARD_INSTEAD,
            "then": [{"events": [{"draw": "own", "count": 1}]}],
        },
    ),
    (
        "自分のドラゴンが破壊される時、かわりに自分の手札を1枚捨ててもよい。その後、相手はカードを2枚引く。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "race": "ドラゴン"}},
            **DISCARD_INSTEAD,
            "then": [{"events": [{"draw": "opponent", "count": 2}], "afterwards": True}],
        },
    ),
    (
        "自分の他のクリーチャーが破壊される時、かわりに自分のシールドを1つ手札に加えてもよい。そうした場合、このクリーチャーを破壊する。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "other": True, "type": "creature"}},
            "instead": [{"shield_to_hand": 1}],
            "optional": True,
            "then": [{"events": [{"destroy": "this"}]}],
        },
    ),
    (
        "自分の他のクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。そうした場合、このクリーチャーを自分の手札に戻す。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "other": True, "type": "creature"}},
            **DISCARD_INSTEAD,
            "then": [{"events": [{"return_to_hand": "this"}]}],
        },
    ),
    (
        "自分の他のクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。そうした場合、このクリーチャーを自分の墓地に置く。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "other": True, "type": "creature"}},
            **DISCARD_INSTEAD,
            "then": [{"events": [{"move": "this", "to": "graveyard"}]}],
        },
    ),
    (
        "自分の他のクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。そうした場合、このクリーチャーをマナゾーンに置く。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "other": True, "type": "creature"}},
            **DISCARD_INSTEAD,
            "then": [{"events": [{"put_into_mana": "this"}]}],
        },
    ),
    (
        "このクリーチャーが破壊される時、墓地に置くかわりに、ドラゴンを1体、自分の墓地から手札に戻してもよい。"
        "そうした場合、このクリーチャーを山札の一番上に置く。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": _recover(("graveyard", 1, {"race": "ドラゴン"})),
            "optional": True,
            "then": [{"events": [{"move": "this", "to": "deck", "position": "top"}]}],
        },
    ),
    # The next line of サイレントスキル, a draw alone, is the ability it uses (as ミルポロ, golden-a.yaml).
    (
        "サイレントスキル / カードを2枚引く。",
        {
            "keyword": "サイレントスキル",
            "watch": {"event": "untap", "card": "this"},
            "if": ["this_tapped"],
            "instead": ["use_ability"],
            "optional": True,
            "then": [{"events": [{"draw": "own", "count": 2}]}],
        },
    ),
]


@pytest.mark.parametrize("text, form", FOLLOW_UPS, ids=[t[-24:] for t, _ in FOLLOW_UPS])
def test_follow_ups_that_draw_or_move_this_creature(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text, named",
    [
        # An optional draw is no event of a `then` step.
        (
            "このクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。そうした場合、カードを1枚引いてもよい。",
            "引いてもよい",
        ),
        # A draw of a number the text takes from elsewhere.
        (
            "このクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。そうした場合、カードを好きな数引く。",
            "好きな数引く",
        ),
        # This creature into its owner's opponent's hand: a card goes to its owner's hand only.
        (
            "自分の他のクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。そうした場合、このクリーチャーを相手の手札に戻す。",
            "手札に戻す",
        ),
    ],
)
def test_near_variants_of_the_follow_ups_are_refused(text, named):
    assert_refused_naming(text, named)


def test_follow_ups_are_solved_as_the_events_they_name():
    """The destroyed creature 引き直し may stay by discarding h1 and then draws d1; or 身代わり (「自分の他の
    クリーチャー」) puts s1 into the hand instead, and then goes to the mana zone; or neither applies."""
    import dmrules

    scenario = dmrules.scenario_from_text(
        """
turn: opponent
players:
  me:
    battle:
      - {id: C, card: {name: 引き直し, text: "このクリーチャーが破壊される時、\\
          かわりに自分の手札を1枚捨ててもよい。そうした場合、カードを1枚引く。"}}
      - {id: S, card: {name: 身代わり, text: "自分の他のクリーチャーが破壊される時、\\
          かわりに自分のシールドを1つ手札に加えてもよい。そうした場合、このクリーチャーを自分のマナゾーンに置く。"}}
    hand: [h1]
    deck: [d1]
    shields: [s1]
  opponent: {}
effect: {controller: opponent, events: [{destroy: C}]}
""",
        "follow-ups.yaml",
    )
    finals = sorted(tuple(sorted(r.final.items())) for r in dmrules.solve(scenario).resolutions)
    assert finals == sorted(
        [
            (("C", "graveyard"), ("S", "battle"), ("d1", "deck"), ("h1", "hand"), ("s1", "shields")),
            (("C", "battle"), ("S", "battle"), ("d1", "hand"), ("h1", "graveyard"), ("s1", "shields")),
            (("C", "battle"), ("S", "mana"), ("d1", "deck"), ("h1", "hand"), ("s1", "hand")),
        ]
    )


# More generic wordings, none of them a row of printed.tsv: the form a careful reader writes.
MORE_WORDINGS = [
    # 「かわりにこのクリーチャーをタップする」: this creature is tapped instead (`tap_this`).
    (
        "自分の他のクリーチャーが破壊される時、かわりにこのクリーチャーをタップしてもよい。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "other": True, "type": "creature"}},
            "instead": ["tap_this"],
            "optional": True,
        },
    ),
    (
        "このクリーチャーがバトルゾーンを離れる時、かわりにこのクリーチャーをタップしてもよい。",
        {"watch": {"event": "leave", "card": "this"}, "instead": ["tap_this"], "optional": True},
    ),
    # This creature put into the shields, for itself or for another.
    (
        "このクリーチャーが破壊される時、かわりにこのクリーチャーを裏向きにしてシールドゾーンに加える。",
        {"watch": {"event": "destroy", "card": "this"}, "instead": [{"move_to": "shields"}]},
    ),
    (
        "自分のドラゴンが破壊される時、かわりにこのクリーチャーを裏向きにしてシールドゾーンに加えてもよい。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "race": "ドラゴン"}},
            "instead": [{"this_to": "shields"}],
            "optional": True,
        },
    ),
    # 「持ち主の」「自分の」 before where the chosen cards go.
    (
        "このクリーチャーが破壊される時、かわりに自分のマナゾーンのカードを2枚、持ち主の墓地に置いてもよい。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [{"choose": {"count": 2, "from": "mana", "to": "graveyard", "verb": "put"}}],
            "optional": True,
        },
    ),
    (
        "このクリーチャーが破壊される時、かわりに相手のクリーチャーを1体選び、持ち主の手札に戻してもよい。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [
                {
                    "choose": {
                        "count": 1,
                        "from": "battle",
                        "to": "hand",
                        "verb": "return",
                        "whose": "opponent",
                        "type": "creature",
                    }
                }
            ],
            "optional": True,
        },
    ),
    (
        "このクリーチャーが破壊される時、かわりにカードを2枚、自分の墓地から自分の山札の一番下に置いてもよい。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [
                {"choose": {"count": 2, "from": "graveyard", "to": "deck", "verb": "put", "position": "bottom"}}
            ],
            "optional": True,
        },
    ),
    # 「バトルゾーンから離れる」 is 「バトルゾーンを離れる」.
    (
        "このクリーチャーがバトルゾーンから離れる時、かわりに手札に戻す。",
        {"watch": {"event": "leave", "card": "this"}, "instead": [{"move_to": "hand"}]},
    ),
    # This card named by its type.
    (
        "このクロスギアが墓地に置かれる時、かわりに手札に戻す。",
        {"watch": {"event": "put_into_graveyard", "card": "this"}, "instead": [{"move_to": "hand"}]},
    ),
    (
        "このタマシードがバトルゾーンを離れる時、かわりに自分の手札を1枚捨ててもよい。",
        {"watch": {"event": "leave", "card": "this"}, **DISCARD_INSTEAD},
    ),
    # A God names itself 「このゴッド」 (its race), as other cards name themselves by their type.
    (
        "このゴッドがバトルゾーンを離れる時、かわりに自分の手札を1枚捨ててもよい。",
        {"watch": {"event": "leave", "card": "this"}, **DISCARD_INSTEAD},
    ),
    # 「シールドを1枚裏向きのまま選び」: a shield chosen as it lies, one of the face-down shields.
    (
        "このクリーチャーが破壊される時、かわりに自分のシールドを1枚裏向きのまま選び、自分の手札に加えてもよい。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [{"shield_to_hand": {"count": 1, "face_down": True}}],
            "optional": True,
        },
    ),
    # 「自分の手札を、好きな数」: the comma before a zone's number of cards.
    (
        "このクリーチャーが破壊される時、かわりに自分の手札を、好きな数捨ててもよい。",
        {"watch": {"event": "destroy", "card": "this"}, "instead": [{"discard": "any"}], "optional": True},
    ),
    # 「山札の一番上のカードを2枚、」 and 「山札のカードを上から1枚、」 are 「山札の上から2枚を」.
    (
        "このクリーチャーが破壊される時、かわりに自分の山札の一番上のカードを2枚、自分のマナゾーンに置いてもよい。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [{"mill": {"player": "own", "count": 2, "to": "mana"}}],
            "optional": True,
        },
    ),
    (
        "このクリーチャーが破壊される時、かわりに自分の山札のカードを上から1枚、自分のシールドに加えてもよい。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [{"mill": {"player": "own", "count": 1, "to": "shields"}}],
            "optional": True,
        },
    ),
    # A player breaking shields: 「相手が自分のシールドをブレイクする時」 is 「自分のシールドが相手にブレイクされる時」.
    (
        "相手が自分のシールドをブレイクする時、かわりにこのクリーチャーを破壊してもよい。",
        {
            "watch": {"event": "break", "card": {"whose": "own"}, "when": ["by_opponent"]},
            "instead": ["destroy_this"],
            "optional": True,
        },
    ),
    # A player's hand discarded, with only where the cards go said instead: 「自分の手札が…捨てられる時」 and
    # 「相手が手札を捨てる時」 are each card's discard (anything else instead: below).
    (
        "自分の手札が相手の呪文によって捨てられる時、かわりに自分のマナゾーンに置いてもよい。",
        {
            "watch": {"event": "discard", "card": {"whose": "own"}, "when": ["by_opponent", "by_spell"]},
            "instead": [{"move_to": "mana"}],
            "optional": True,
        },
    ),
    (
        "相手が手札を捨てる時、かわりに持ち主のマナゾーンに置く。",
        {"watch": {"event": "discard", "card": {"whose": "opponent"}}, "instead": [{"move_to": "mana"}]},
    ),
    # 「光のクリーチャーまたは水のクリーチャー」 is 「光または水のクリーチャー」.
    (
        "自分の光のクリーチャーまたは水のクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。",
        {
            "watch": {
                "event": "destroy",
                "card": {"whose": "own", "type": "creature", "civilization": ["light", "water"]},
            },
            **DISCARD_INSTEAD,
        },
    ),
    # A card put into the battle zone from a zone: 「墓地からバトルゾーンに出る」, 「マナゾーンから出る」.
    (
        "相手のクリーチャーが墓地からバトルゾーンに出る時、かわりに山札の下に置く。",
        {
            "watch": {"event": "enter", "card": {"whose": "opponent", "type": "creature"}, "from": "graveyard"},
            "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
        },
    ),
    # 「手札以外のどこからでも出る」 is 「手札以外から出る」.
    (
        "相手のクリーチャーが手札以外のどこからでもバトルゾーンに出る時、かわりに山札の下に置く。",
        {
            "watch": {"event": "enter", "card": {"whose": "opponent", "type": "creature"}, "from_not": "hand"},
            "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
        },
    ),
    # Creatures counted with no zone said are the battle zone's: 「自分のドラゴンが2体以上あれば」.
    (
        "自分のドラゴンが2体以上あれば、このクリーチャーが破壊される時、かわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "if": [{"zone": "battle", "whose": "own", "race": "ドラゴン", "at_least": 2}],
            "instead": [{"move_to": "hand"}],
        },
    ),
    # 「このクリーチャーが自分のシールドゾーンに表向きであれば」: where this card is, face up.
    (
        "このクリーチャーが自分のシールドゾーンに表向きであれば、自分のクリーチャーが破壊される時、かわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}},
            "if": [{"this_in": ["face_up_shields"]}],
            "instead": [{"move_to": "hand"}],
            "works_in": "any",
        },
    ),
    # One card of either type, each counted with its own counter: 「クリーチャー1体またはタマシードを1枚」.
    (
        "このクリーチャーが離れる時、かわりに相手の、コスト5以下のクリーチャー1体またはコスト5以下のタマシードを1枚破壊する。",
        {
            "watch": {"event": "leave", "card": "this"},
            "instead": [
                {"destroy": {"count": 1, "whose": "opponent", "type": ["creature", "tamaseed"], "cost_max": 5}}
            ],
        },
    ),
    # Heads of different fields: 「進化クリーチャーまたはゴッド」 is an evolution creature or a God (any_of).
    (
        "自分の進化クリーチャーまたはゴッドが破壊される時、かわりにこのクリーチャーを破壊してもよい。",
        {
            "watch": {
                "event": "destroy",
                "card": {"whose": "own", "any_of": [{"type": "creature", "evolution": True}, {"race": "ゴッド"}]},
            },
            "instead": ["destroy_this"],
            "optional": True,
        },
    ),
    (
        "ウルトラ・セイバー：進化クリーチャーまたはタマシード（自分の進化クリーチャーまたはタマシードが離れる時、"
        "かわりにこのクリーチャーを破壊してもよい）",
        {
            "keyword": "ウルトラ・セイバー",
            "watch": {
                "event": "leave",
                "card": {"whose": "own", "any_of": [{"type": "creature", "evolution": True}, {"type": "tamaseed"}]},
            },
            "instead": ["destroy_this"],
            "optional": True,
        },
    ),
    # 「相手のカードの効果によって」 is 「相手の効果によって」.
    (
        "このクリーチャーが相手のカードの効果によって破壊される時、かわりにとどまる。",
        {"watch": {"event": "destroy", "card": "this", "when": ["by_opponent", "by_effect"]}, "instead": ["stay"]},
    ),
    # 「自分の手札にあるこのカードが捨てられる時」 is 「このカードが手札から捨てられる時」.
    (
        "自分の手札にあるこのカードが捨てられる時、かわりに出してもよい。",
        {"watch": {"event": "discard", "card": "this"}, "instead": [{"move_to": "battle"}], "optional": True},
    ),
    # The card said first, a comma, 「手札以外のどこからでも」; the player named before 「かわりに」 is the card's.
    (
        "相手のコスト4以下のクリーチャーが、手札以外のどこからでもバトルゾーンに出る時、"
        "相手はかわりにそのクリーチャーを手札に加える。",
        {
            "watch": {
                "event": "enter",
                "card": {"whose": "opponent", "type": "creature", "cost_max": 4},
                "from_not": "hand",
            },
            "instead": [{"move_to": "hand"}],
        },
    ),
    # 「多色ではない」: a card that is not multicolored.
    (
        "相手の、多色ではないクリーチャーが出る時、かわりに持ち主のマナゾーンに置く。",
        {
            "watch": {
                "event": "enter",
                "card": {"whose": "opponent", "type": "creature", "not_property": "multicolor"},
            },
            "instead": [{"move_to": "mana"}],
        },
    ),
    # 「自分のタマシードが3つ以上あれば」: the battle zone's, counted with 「つ」.
    (
        "自分のタマシードが3つ以上あれば、このクリーチャーが破壊される時、かわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "if": [{"zone": "battle", "whose": "own", "type": "tamaseed", "at_least": 3}],
            "instead": [{"move_to": "hand"}],
        },
    ),
    # The cards of a zone counted: 「自分の墓地にあるクリーチャーが5体以上あれば」, 「…のカードが6枚以上なら」.
    (
        "自分の墓地にあるクリーチャーが5体以上なら、このクリーチャーが破壊される時、かわりに手札に戻す。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "if": [{"zone": "graveyard", "whose": "own", "type": "creature", "at_least": 5}],
            "instead": [{"move_to": "hand"}],
        },
    ),
    # 「自分の墓地にあるクリーチャーが離れる時」: the zone the card is in is the one it leaves.
    (
        "自分の墓地にあるクリーチャーが離れる時、かわりに山札の下に置く。",
        {
            "watch": {"event": "leave_graveyard", "card": {"whose": "own", "type": "creature"}, "from": "graveyard"},
            "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
        },
    ),
    # 「山札に加えてシャッフルする」 is 「山札に戻してシャッフルする」.
    (
        "このクリーチャーが破壊される時、墓地に置くかわりに自分の山札に加えてシャッフルする。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [{"move_to": {"zone": "deck", "position": "shuffle"}}],
        },
    ),
]


@pytest.mark.parametrize("text, form", MORE_WORDINGS, ids=[t[:30] for t, _ in MORE_WORDINGS])
def test_more_generic_wordings(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text, named",
    [
        # The opponent's creature put into the replacement's controller's hand: no choice moves a card to a zone
        # of another player than its owner.
        ("このクリーチャーが破壊される時、かわりに相手のクリーチャーを1体選び、自分の手札に戻してもよい。", "自分の"),
        # Looking at a chosen shield instead: 「見る」 of a chosen card is no action.
        ("このクリーチャーが破壊される時、かわりに自分のシールドを1つ見てもよい。", "見てもよい"),
        # This spell is no subject of a watched event but its own movement after it is cast.
        ("この呪文が墓地に置かれる時、かわりに手札に戻す。", "この呪文が"),
        # A player's discarding with another thing done instead: one event of all the cards, or one a card, the
        # text does not say (a destruction once, or once a card).
        ("相手が手札を捨てる時、かわりにこのクリーチャーを破壊してもよい。", "手札を捨てる時"),
        ("自分の手札が捨てられる時、かわりにこのクリーチャーを破壊してもよい。", "捨てられる時"),
        # Two types with two different bounds: no one filter.
        (
            "このクリーチャーが離れる時、かわりに相手のコスト5以下のクリーチャー1体またはコスト3以下のタマシードを1枚破壊する。",
            "またはコスト3以下",
        ),
        # A card put into the battle zone from there.
        ("相手のクリーチャーがバトルゾーンから出る時、かわりに山札の下に置く。", "from the battle zone"),
    ],
)
def test_near_variants_of_the_more_generic_wordings_are_refused(text, named):
    assert_refused_naming(text, named)


def test_tapping_this_creature_instead_is_solved():
    """「自分の他のクリーチャーが破壊される時、かわりにこのクリーチャーをタップしてもよい」: untapped, T may be
    tapped so that A stays; tapped already, it cannot be tapped again (the replacement cannot apply)."""
    import dmrules

    def finals(tapped):
        scenario = dmrules.scenario_from_text(
            f"""
turn: opponent
players:
  me:
    battle:
      - {{id: T, tapped: {str(tapped).lower()}, card: {{name: 身代わりのタップ,
          text: "自分の他のクリーチャーが破壊される時、\\
          かわりにこのクリーチャーをタップしてもよい。"}}}}
      - {{id: A, card: {{name: 守られる者, type: creature}}}}
  opponent: {{}}
effect: {{controller: opponent, events: [{{destroy: A}}]}}
""",
            "tap-instead.yaml",
        )
        return sorted(
            (tuple(sorted(r.final.items())), tuple(sorted(r.tapped))) for r in dmrules.solve(scenario).resolutions
        )

    assert finals(False) == sorted(
        [((("A", "graveyard"), ("T", "battle")), ()), ((("A", "battle"), ("T", "battle")), ("T",))]
    )
    assert finals(True) == [((("A", "graveyard"), ("T", "battle")), ())]


ORDER_VARIANTS = [
    # 「マナゾーンにタップして置く」 is 「タップしてマナゾーンに置く」.
    (
        "このクリーチャーが破壊される時、墓地に置くかわりに、自分のマナゾーンにタップして置く。",
        {"watch": {"event": "destroy", "card": "this"}, "instead": [{"move_to": {"zone": "mana", "tapped": True}}]},
    ),
    # 「シールドゾーンに裏向きにして加える」 is 「裏向きにしてシールドゾーンに加える」.
    (
        "このクリーチャーが破壊される時、墓地に置くかわりに、持ち主のシールドゾーンに裏向きにして加える。",
        {"watch": {"event": "destroy", "card": "this"}, "instead": [{"move_to": "shields"}]},
    ),
    # The broken shield sent elsewhere: 「そのシールドを」 is the event's card.
    (
        "自分のシールドがブレイクされる時、かわりにそのシールドを墓地に置いてもよい。",
        {
            "watch": {"event": "break", "card": {"whose": "own"}},
            "instead": [{"move_to": "graveyard"}],
            "optional": True,
        },
    ),
    (
        "自分のシールドが相手のクリーチャーにブレイクされる時、かわりにそのシールドを持ち主の墓地に置いてもよい。",
        {
            "watch": {"event": "break", "card": {"whose": "own"}, "when": ["by_opponent", "by_creature"]},
            "instead": [{"move_to": "graveyard"}],
            "optional": True,
        },
    ),
    # 「バトルゾーンから手札に戻される」: a return to the hand from the battle zone.
    (
        "このクリーチャーがバトルゾーンから自分の手札に戻される時、かわりに自分の墓地に置く。",
        {"watch": {"event": "return_to_hand", "card": "this", "from": "battle"}, "instead": [{"move_to": "graveyard"}]},
    ),
    # N cards of a zone, whatever they are.
    (
        "自分のクリーチャーが破壊される時、かわりに自分のマナゾーンから1枚選び、墓地に置いてもよい。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}},
            "instead": [{"choose": {"count": 1, "from": "mana", "to": "graveyard", "verb": "put"}}],
            "optional": True,
        },
    ),
    (
        "このクリーチャーが破壊される時、かわりに自分の墓地から2枚、山札の一番下に置いてもよい。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [
                {"choose": {"count": 2, "from": "graveyard", "to": "deck", "verb": "put", "position": "bottom"}}
            ],
            "optional": True,
        },
    ),
]


@pytest.mark.parametrize("text, form", ORDER_VARIANTS, ids=[t[:30] for t, _ in ORDER_VARIANTS])
def test_word_order_variants_and_unnamed_cards(text, form):
    assert_compiles_to(text, form)


@pytest.mark.parametrize(
    "text, named",
    [
        # Two cards from either of two zones: not one choice a zone.
        (
            "このクリーチャーが破壊される時、かわりに自分の墓地またはマナゾーンから2枚選び、山札の一番下に置いてもよい。",
            "from either of two zones",
        ),
        # 「そのシールドを」 for an event with no shield (a destroyed creature): the sentence names no card for it.
        ("このクリーチャーが破壊される時、かわりにそのシールドを墓地に置いてもよい。", "そのシールドを"),
    ],
)
def test_near_variants_of_the_order_variants_are_refused(text, named):
    assert_refused_naming(text, named)


# 「自分のカードを手札またはバトルゾーンから墓地に置く時」: a card put into the graveyard from each zone named,
# one watch a zone (whoever puts it: the sentence names no one).
OWN_CARD_FROM = {"whose": "own"}
ESHALLOT = ROWS[[row["name"] for row in ROWS].index("剛勇霊騎エシャロット")]


def test_cards_put_into_the_graveyard_from_two_zones_in_a_printed_text():
    """剛勇霊騎エシャロット as printed: its last line is read (one ability a zone), and the card is still refused,
    since the O・ドライブ condition that grants that line (「このクリーチャーを召喚する時、…次の能力を得る」) is not."""
    result = compile_text(ESHALLOT["text"], ESHALLOT["type"])
    want = [
        {
            "watch": {"event": "put_into_graveyard", "card": OWN_CARD_FROM, "from": zone},
            "instead": [{"move_to": "mana"}],
            "optional": True,
            "duration": "this_turn",
        }
        for zone in ("hand", "battle")
    ]
    assert [comparable(a) for a in result.abilities] == [comparable(a) for a in read_forms(want)]
    assert [s.problem for s in result.problems] == ["cannot read the condition 「このクリーチャーを召喚する時」"]
    done = run_cli("cards", "parse", ESHALLOT["text"])
    assert done.returncode == 2 and "このクリーチャーを召喚する時" in done.stdout


PUT_FROM = [
    (
        "自分のカードをマナゾーン、手札またはバトルゾーンから墓地に置く時、墓地に置くかわりに山札の一番下に置く。",
        [
            {
                "watch": {"event": "put_into_graveyard", "card": OWN_CARD_FROM, "from": zone},
                "instead": [{"move_to": {"zone": "deck", "position": "bottom"}}],
            }
            for zone in ("mana", "hand", "battle")
        ],
    ),
    (
        "相手のクリーチャーをバトルゾーンから墓地に置く時、墓地に置くかわりに持ち主の手札に戻す。",
        [
            {
                "watch": {
                    "event": "put_into_graveyard",
                    "card": {"whose": "opponent", "type": "creature"},
                    "from": "battle",
                },
                "instead": [{"move_to": "hand"}],
            }
        ],
    ),
]


@pytest.mark.parametrize("text, forms", PUT_FROM, ids=[t[:30] for t, _ in PUT_FROM])
def test_cards_put_into_the_graveyard_from_named_zones(text, forms):
    assert_compiles_to(text, *forms)


@pytest.mark.parametrize(
    "text, named",
    [
        (
            "各ターンに1度、自分のカードを手札またはバトルゾーンから墓地に置く時、墓地に置くかわりにマナゾーンに置いてもよい。",
            "各ターンに1度",
        ),
        (
            "自分のカードを手札または手札から墓地に置く時、墓地に置くかわりにマナゾーンに置いてもよい。",
            "a zone named twice",
        ),
    ],
)
def test_near_variants_of_cards_put_from_named_zones_are_refused(text, named):
    assert_refused_naming(text, named)


def test_cards_put_from_two_zones_are_solved_one_by_one():
    """The destroyed X and the discarded h1 are each put into the graveyard from a zone the text names: each may
    go to the mana zone instead, independently."""
    import dmrules

    scenario = dmrules.scenario_from_text(
        """
turn: opponent
players:
  me:
    battle:
      - {id: W, card: {name: 墓地よけ, text: "自分のカードを手札またはバトルゾーンから墓地に置く時、\\
          墓地に置くかわりにマナゾーンに置いてもよい。"}}
      - {id: X, card: {name: 破壊される者, type: creature}}
    hand: [h1]
  opponent: {}
effect: {controller: opponent, events: [{destroy: X}, {discard: h1}]}
""",
        "two-zones.yaml",
    )
    finals = sorted(tuple(sorted(r.final.items())) for r in dmrules.solve(scenario).resolutions)
    assert finals == sorted(
        (("W", "battle"), ("X", x), ("h1", h)) for x in ("graveyard", "mana") for h in ("graveyard", "mana")
    )


# 「Aを…捨て、Bを…加えてもよい」: costs joined in the continuative form, all of them done instead.
JOINED_COSTS = [
    (
        "自分のクリーチャーが破壊される時、かわりに自分の手札を1枚捨て、自分のシールドを1つ手札に加えてもよい。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "type": "creature"}},
            "instead": [{"discard": 1}, {"shield_to_hand": 1}],
            "optional": True,
        },
    ),
    (
        "このクリーチャーが破壊される時、かわりに自分のシールドを1つ手札に加え、自分の手札を1枚捨ててもよい。",
        {
            "watch": {"event": "destroy", "card": "this"},
            "instead": [{"shield_to_hand": 1}, {"discard": 1}],
            "optional": True,
        },
    ),
    (
        "このクリーチャーが離れる時、かわりに自分のマナゾーンのカードを2枚墓地に置き、自分の手札を1枚捨ててもよい。",
        {
            "watch": {"event": "leave", "card": "this"},
            "instead": [{"choose": {"count": 2, "from": "mana", "to": "graveyard", "verb": "put"}}, {"discard": 1}],
            "optional": True,
        },
    ),
    (
        "このクリーチャーが離れる時、かわりにカードを2枚、自分の墓地から山札の一番下に置き、自分の手札を1枚捨てる。",
        {
            "watch": {"event": "leave", "card": "this"},
            "instead": [
                {"choose": {"count": 2, "from": "graveyard", "to": "deck", "verb": "put", "position": "bottom"}},
                {"discard": 1},
            ],
        },
    ),
    (
        "自分の他のクリーチャーが破壊される時、かわりにこのクリーチャーを破壊し、自分の手札を1枚捨ててもよい。",
        {
            "watch": {"event": "destroy", "card": {"whose": "own", "other": True, "type": "creature"}},
            "instead": ["destroy_this", {"discard": 1}],
            "optional": True,
        },
    ),
    (
        "このクリーチャーが離れる時、かわりに自分の山札の上から2枚を墓地に置き、自分の手札を1枚捨ててもよい。",
        {
            "watch": {"event": "leave", "card": "this"},
            "instead": [{"mill": {"player": "own", "count": 2}}, {"discard": 1}],
            "optional": True,
        },
    ),
]


@pytest.mark.parametrize("text, form", JOINED_COSTS, ids=[t[:34] for t, _ in JOINED_COSTS])
def test_costs_joined_in_the_continuative_form(text, form):
    assert_compiles_to(text, form)


def test_a_continuative_cost_before_an_unreadable_action_is_refused():
    done = run_cli(
        "cards",
        "parse",
        "自分のクリーチャーが破壊される時、かわりに自分の手札を1枚捨て、相手のシールドを1つ見てもよい。",
    )
    assert done.returncode == 2, done.stdout
    assert "CANNOT READ" in done.stdout and "見てもよい" in done.stdout, done.stdout


def test_joined_costs_are_paid_together():
    """「かわりに自分の手札を1枚捨て、自分のシールドを1つ手札に加えてもよい」: X stays only by discarding h1 and
    putting s1 into the hand, both."""
    import dmrules

    scenario = dmrules.scenario_from_text(
        """
turn: opponent
players:
  me:
    battle:
      - {id: W, card: {name: 二つの代償, text: "自分のクリーチャーが破壊される時、かわりに自分の手札を1枚捨て、\\
          自分のシールドを1つ手札に加えてもよい。"}}
      - {id: X, card: {name: 守られる者, type: creature}}
    hand: [h1]
    shields: [s1]
  opponent: {}
effect: {controller: opponent, events: [{destroy: X}]}
""",
        "joined-costs.yaml",
    )
    finals = sorted(tuple(sorted(r.final.items())) for r in dmrules.solve(scenario).resolutions)
    assert finals == sorted(
        [
            (("W", "battle"), ("X", "graveyard"), ("h1", "hand"), ("s1", "shields")),
            (("W", "battle"), ("X", "battle"), ("h1", "graveyard"), ("s1", "hand")),
        ]
    )


OMITTED_WORDS = [
    # 「手札を」 without 「自分の」: the player's own hand, as everywhere in card text.
    (
        "このクリーチャーが離れる時、かわりに手札を1枚捨ててもよい。",
        {"watch": {"event": "leave", "card": "this"}, **DISCARD_INSTEAD},
    ),
    (
        "このクリーチャーが離れる時、かわりに手札を1枚捨て、自分のシールドを1つ手札に加えてもよい。",
        {
            "watch": {"event": "leave", "card": "this"},
            "instead": [{"discard": 1}, {"shield_to_hand": 1}],
            "optional": True,
        },
    ),
    # The cards under this creature without 「選び」.
    (
        "このクリーチャーがバトルゾーンを離れる時、かわりにこのクリーチャーの下にあるカードを1枚、墓地に置いてもよい。",
        {
            "watch": {"event": "leave", "card": "this"},
            "instead": [{"choose": {"count": 1, "from": "under_this", "to": "graveyard", "verb": "put"}}],
            "optional": True,
        },
    ),
]


@pytest.mark.parametrize("text, form", OMITTED_WORDS, ids=[t[:34] for t, _ in OMITTED_WORDS])
def test_wordings_with_words_left_out(text, form):
    assert_compiles_to(text, form)


def test_a_past_tense_watch_is_no_replacement_and_refused():
    """「破壊された時」 is a triggered ability's wording: with 「墓地に置くかわりに」 it is not read."""
    done = run_cli("cards", "parse", "このクリーチャーが破壊された時、墓地に置くかわりに手札に戻す。")
    assert done.returncode == 2 and "破壊された時" in done.stdout, done.stdout


# 「相手の呪文または相手のクリーチャーの能力によって」: either cause, one watch a cause (no event has both).
STAY = {"instead": ["stay"]}
CAUSES = [
    (
        "このクリーチャーが相手の呪文または相手のクリーチャーの能力によってバトルゾーンを離れる時、かわりにとどまる。",
        [
            {"watch": {"event": "leave", "card": "this", "when": ["by_opponent", "by_spell"]}, **STAY},
            {"watch": {"event": "leave", "card": "this", "when": ["by_opponent", "by_ability", "by_creature"]}, **STAY},
        ],
    ),
    # 時空の喧嘩屋キル's wording without 「バトルゾーンにある」 (below): the cause before the cards.
    (
        "相手のターン中、相手の呪文または相手のクリーチャーの能力によって、自分のサイキック・クリーチャーが手札に戻される時、"
        "そのクリーチャーは手札に戻されるかわりにバトルゾーンにとどまる。",
        [
            {
                "watch": {
                    "event": "return_to_hand",
                    "card": {"whose": "own", "type": "psychic"},
                    "from": "battle",
                    "when": ["opponent_turn", "by_opponent", "by_spell"],
                },
                **STAY,
            },
            {
                "watch": {
                    "event": "return_to_hand",
                    "card": {"whose": "own", "type": "psychic"},
                    "from": "battle",
                    "when": ["opponent_turn", "by_opponent", "by_ability", "by_creature"],
                },
                **STAY,
            },
        ],
    ),
    # The second cause names its own player.
    (
        "このクリーチャーが相手の呪文または自分のクリーチャーの能力によって破壊される時、かわりにとどまる。",
        [
            {"watch": {"event": "destroy", "card": "this", "when": ["by_opponent", "by_spell"]}, **STAY},
            {"watch": {"event": "destroy", "card": "this", "when": ["by_self", "by_ability", "by_creature"]}, **STAY},
        ],
    ),
    # One cause before the cards.
    (
        "相手の効果によって、自分のクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。",
        [
            {
                "watch": {
                    "event": "destroy",
                    "card": {"whose": "own", "type": "creature"},
                    "when": ["by_opponent", "by_effect"],
                },
                **DISCARD_INSTEAD,
            }
        ],
    ),
]


@pytest.mark.parametrize("text, forms", CAUSES, ids=[t[:34] for t, _ in CAUSES])
def test_causes_joined_by_または_and_causes_before_the_cards(text, forms):
    assert_compiles_to(text, *forms)


def test_a_creature_ability_from_the_battle_zone_as_cause_is_read_with_where_it_is():
    """時空の喧嘩屋キル as printed: 「バトルゾーンにある相手のクリーチャーの能力によって」 says where the source is,
    read as a cause of its own (`source_in_battle`), and rendered back as printed."""
    row = ROWS[[r["name"] for r in ROWS].index("時空の喧嘩屋キル")]
    done = run_cli("cards", "parse", row["text"])
    assert done.returncode == 0, done.stdout
    assert "バトルゾーンにある相手のクリーチャーの能力によって" in done.stdout
