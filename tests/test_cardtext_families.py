"""Shape families of printed replacement texts, one by one.

Each family of tests/cards/README.md (the shapes of ../shared/cards) has a
fixture `fixtures/T*.yaml` in which a card given by its printed text alone
changes the legal resolutions. tests/test_fixtures.py already checks every
fixture's exact expectation (it reads every file of fixtures/); these tests
check what makes a T fixture one: the card is real, its text is the whole
printed text, nothing is hand-written, and without the text the legal
resolutions are not the same. Families the solver does not model yet are
refused with an error that names the card and the part.
"""

import csv
import json
import re

import pytest
import yaml

import dmrules
from dmrules.reading.cardtext.compiler import compile_text

from .conftest import FIXTURES, ROOT, run_cli

PRINTED = {
    row["name"]: row
    for name in ("printed.tsv", "readings.tsv")
    for row in csv.DictReader((ROOT / "tests" / "cards" / name).open(encoding="utf-8"), delimiter="\t")
}

# Family (README of the printed cards) → the T fixtures that pin it.
FAMILIES = {
    "the creature's own destruction or leaving sent elsewhere": [
        "T01-own-destruction-revivor-karamikazura",
        "T01-own-leaving-dark-bandit",
        "T01-own-destruction-ekaterina-top",
        "T01-own-leaving-eternal-omega-granted",
    ],
    "a spell's own card after it is cast": [
        "T02-charger-spiral",
        "T02-recycle-lionel-guard",
        "T02-recycle-lionel-guard-from-hand",
        "T02-recycle-lionel-guard-cast-by-another",
        "T02-cyclone-zombie",
        "T02-cyclone-zombie-no-summon",
    ],
    "other creatures' leaving sent elsewhere": [
        "T03-other-creatures-karafuru",
        "T03-karafuru-or-own-mandatory",
        "T03-other-leaving-yunagi",
        "T03-entering-revolver-or-garyu",
        "T03-entering-revolver-untapped",
    ],
    "savers": ["T04-saver-balor", "T04-saver-poppo-chappy", "T04-saver-poppo-yataro-samurai"],
    "shield savers": ["T05-shield-saver-silver", "T05-shield-saver-cannot-be-destroyed"],
    "paying a cost instead": [
        "T06-cost-discard-gouken",
        "T06-cost-shield-garteo",
        "T06-cost-mana-million-vegeta",
        "T06-cost-graveyard-skull-gravitz",
        "T06-cost-graveyard-goddama-once-per-turn",
    ],
    "recovering a card from the graveyard instead": ["T07-l-gate-amazoness"],
    "マッドネス": [
        "T08-madness-opponent-turn",
        "T08-madness-own-turn",
        "T08-madness-then-garyu-castle",
        "T08-garyu-castle-not-by-summoning",
    ],
    "staying in place": ["T09-stay-perfect-madonna", "T09-stay-garou-nature-knight", "T09-stay-garou-nature-no-knight"],
    "losing the game": ["T10-lose-diehard-ryusei"],
    "breaks sent elsewhere": ["T11-break-koufuuju", "T11-break-koufuuju-cannot-be-destroyed"],
    "cross-gear protection": ["T12-cross-gear-grandcross-stays", "T12-cross-gear-spiral-aura"],
    "draws replaced": ["T13-draw-vail-babylonia", "T13-draw-h-electron-two-draws"],
    "スーパーガードマン battles": ["T14-guardman-marinyan", "T14-guardman-marinyan-tapped"],
    "face-up shields leaving": ["T15-shield-go-cotton"],
    "the untap-step サイレントスキル": ["T16-silent-skill-gigamente"],
    "face-up cards of any type (「自分の表向きのカード」)": ["T18-face-up-cards-crymax-jaouga"],
    "an ability given to other cards (「…すべてに「X」を与える」)": ["T19-granted-ultra-saver-mad-dead-wood"],
    "the effect's own 「〜するかわりに〜する」 (self-replacement, メタモーフ)": [
        "T17-self-replacement-helios-dark-salamandas",
        "T17-self-replacement-helios-alone",
        "T17-self-replacement-helios-alone-aqua-soldier",
    ],
}

# T00 shows a scenario of printed texts (README); T01 onwards are the families.
T_FIXTURES = sorted(path for path in FIXTURES.glob("T*.yaml") if not path.name.startswith("T00-"))


def _data(path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _text_cards(data):
    """(id, definition) of every card given inline with a printed text."""
    for player in data["players"].values():
        for zone in (player or {}).values():
            if not isinstance(zone, list):
                continue
            for entry in zone:
                if isinstance(entry, dict) and isinstance(entry.get("card"), dict) and "text" in entry["card"]:
                    yield entry["id"], entry["card"]


def _outcomes(data, name):
    solution = dmrules.solve(dmrules.scenario_from_text(yaml.safe_dump(data, allow_unicode=True), name))
    return {(tuple(sorted(r.final.items())), tuple(r.lost)) for r in solution.resolutions}


def test_every_family_has_a_fixture_and_every_t_fixture_a_family():
    named = {name for names in FAMILIES.values() for name in names}
    present = {path.stem for path in T_FIXTURES}
    assert named == present


@pytest.mark.parametrize("path", T_FIXTURES, ids=lambda p: p.stem)
def test_t_fixture_uses_whole_printed_texts_only(path):
    data = _data(path)
    cards = list(_text_cards(data))
    assert cards, f"{path.name} gives no card by its printed text"
    for card_id, card in cards:
        assert "replacements" not in card, f"{path.name}: {card_id} has hand-written replacements"
        assert card["name"] in PRINTED, f"{path.name}: {card['name']} is not in printed.tsv"
        assert card["text"] == PRINTED[card["name"]]["text"], (
            f"{path.name}: {card_id}'s text is not the whole printed text"
        )
        assert compile_text(card["text"]).abilities, f"{path.name}: {card['name']}'s text compiles to no ability"
    note = data["source"]["note"]
    assert "Family:" in note and any(card["name"] in note for _, card in cards)


@pytest.mark.parametrize("family", list(FAMILIES), ids=lambda f: FAMILIES[f][0].split("-")[0])
def test_the_printed_text_changes_the_legal_resolutions(family):
    """In at least one fixture of the family, the legal outcomes differ once the texts are taken away,
    and the expectation applies a replacement of a card given by text (or one such a card gives others)."""
    changed = False
    for stem in FAMILIES[family]:
        path = FIXTURES / f"{stem}.yaml"
        data = _data(path)
        ids = {card_id for card_id, _ in _text_cards(data)}
        gives = any(
            a.granted_to is not None for _, card in _text_cards(data) for a in compile_text(card["text"]).abilities
        )
        applied_by = {
            app["by"].split("#")[0] for res in data["expect"].get("resolutions", []) for app in res.get("applied", [])
        }
        with_text = _outcomes(data, path.name)
        bare = json.loads(json.dumps(data))
        for _, card in _text_cards(bare):
            del card["text"]
            card.setdefault("type", "creature")
        without_text = _outcomes(bare, path.name)
        if with_text != without_text and (applied_by & ids or gives and applied_by):
            changed = True
    assert changed, family


# Families the solver does not model yet: the scenario is refused, naming the card and the part.


def _scenario_with(tmp_path, name, type_=None, zone="battle", extra=None):
    card = {"name": name, "text": PRINTED[name]["text"]}
    if type_:
        card["type"] = type_
    entry = {"id": "C", "card": card, **(extra or {})}
    me = {zone: [entry]}
    if zone == "shields":
        me["shields"].insert(0, "s1")
    data = {
        "turn": "opponent",
        "players": {
            "me": me,
            "opponent": {"battle": [{"id": "X", "card": {"name": "攻撃するクリーチャー", "type": "creature"}}]},
        },
        "effect": {"source": "X", "controller": "opponent", "events": [{"id": "e1", "destroy": "X"}]},
    }
    path = tmp_path / "refused.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def _assert_refused(tmp_path, name, part, **kwargs):
    path = _scenario_with(tmp_path, name, **kwargs)
    out = run_cli("solve", str(path))
    message = out.stdout + out.stderr
    assert out.returncode == 2, message
    assert "Traceback" not in message
    assert "refused.yaml:" in message
    assert name in message, message
    assert re.search(part, message), message
    assert "does not model yet" in message, message


def test_silent_skill_is_refused_by_name(tmp_path):
    """粛清者リンダホフ's next line 「バトルゾーンにある相手のクリーチャーを2体まで選び、タップする。」 is not
    read (tapping is no event of the vocabulary), so the ability it uses is unknown. (マインロード・ワイバーン's
    「パワー3000以下のクリーチャーをすべて破壊する。」 is read: tests/test_modelled.py.)"""
    _assert_refused(tmp_path, "粛清者リンダホフ", r"use_ability.*サイレントスキル")


def test_any_number_from_two_zones_takes_one_card_at_least_between_them():
    """龍炎凰インフィニティ・フェニックス as the card wiki gives it today: 「自分の墓地またはマナゾーンから火の
    クリーチャーを好きな数、手札に戻してもよい。そうした場合、…」: one choice per zone, one card at least from
    either (TEXT-3; fixture V26 has one zone). (Its printed 「その後、」 is refused: tests/test_modelled.py.)"""
    today = (
        "このクリーチャーがバトルゾーンを離れる時、かわりに自分の墓地またはマナゾーンから火のクリーチャーを好きな数、"
        "手札に戻してもよい。そうした場合、このクリーチャーを山札に戻し、シャッフルする。"
    )
    text = f"""
turn: opponent
players:
  me:
    battle:
      - id: IP
        card: {{name: インフィニティ・フェニックス(今のテキスト), type: evolution_creature, text: "{today}"}}
    graveyard: [{{id: F1, card: {{name: 火のクリーチャー1, type: creature, civilizations: [fire]}}}}]
    mana: [{{id: F2, card: {{name: 火のクリーチャー2, type: creature, civilizations: [fire]}}}}]
    deck: [d1]
  opponent: {{}}
effect: {{controller: opponent, events: [{{id: e1, destroy: IP}}]}}
"""
    solution = dmrules.solve(dmrules.scenario_from_text(text, "inline.yaml"))
    first = {tuple(sorted(a.chosen)) for r in solution.resolutions for a in r.windows[0].applied}
    assert first == {("F1",), ("F2",), ("F1", "F2")}


def test_a_mandatory_choice_of_any_number_is_refused_by_name():
    text = "このクリーチャーが破壊される時、かわりに自分の墓地からクリーチャーを好きな数、手札に戻す。"
    scenario = f"""
turn: opponent
players:
  me:
    battle: [{{id: R, card: {{name: 試しのクリーチャー, type: creature, text: "{text}"}}}}]
  opponent: {{}}
effect: {{controller: opponent, events: [{{destroy: R}}]}}
"""
    with pytest.raises(dmrules.InputError) as error:
        dmrules.scenario_from_text(scenario, "inline.yaml")
    assert "any number" in error.value.problem and "mandatory" in error.value.problem, error.value.problem


def test_self_replacement_gives_no_ability_and_the_effect_states_its_result(tmp_path):
    """A self-replacement (メタモーフ: 「1体のかわりにすべて」) is the effect's own choice, not a replacement
    ability: the compiler reads it as such, the card has no replacement, and the scenario's events are the
    effect's result (docs/card-text.md). An effect may instead be read from its card's printed text
    (``printed: true``, T17 and tests/test_effect_text.py); バリアント・スパーク's tapping is refused there."""
    compiled = compile_text(PRINTED["バリアント・スパーク"]["text"])
    assert "self_replacement" in [s.verdict for s in compiled.sentences]
    assert compiled.abilities == []
    path = _scenario_with(tmp_path, "バリアント・スパーク", type_="spell", zone="hand")
    out = run_cli("solve", str(path), "--json")
    assert out.returncode == 0, out.stderr
    resolutions = json.loads(out.stdout)["resolutions"]
    assert [r["applied"] for r in resolutions] == [[]]


def test_break_sent_to_the_deck_bottom_with_an_unreadable_follow_up_is_an_error(tmp_path):
    """Breaks sent elsewhere (切札竜 ボルメテウス・リバース・ドラゴン: 「そのシールドを手札に加えるかわりに持ち主の
    山札の下に置く。その後、各プレイヤーはこうして置かれたシールドの数、カードを引く。」): the follow-up is not
    read, so the card is refused with the phrase rather than solved without it."""
    path = _scenario_with(tmp_path, "切札竜 ボルメテウス・リバース・ドラゴン")
    out = run_cli("solve", str(path))
    message = out.stdout + out.stderr
    assert out.returncode == 2, message
    assert "Traceback" not in message
    assert "refused.yaml:" in message and "players.me.battle[0].card.text" in message
    assert "各プレイヤーはこうして置" in message
