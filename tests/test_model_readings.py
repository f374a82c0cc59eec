"""Pins of the rules model's readings beside their fixtures (M01-M08): trigger counts, what
earlier events actually moved, a replacement's own event, Duel Masters Play's overflow, and
creatures made of several cards."""

from __future__ import annotations

import copy
import json

import pytest
import yaml

import dmrules

from .conftest import FIXTURES, run_cli


def _load(stem: str) -> dict:
    data = yaml.safe_load((FIXTURES / f"{stem}.yaml").read_text("utf-8"))
    data.pop("expect", None)
    data.pop("expect_under", None)
    return data


def _solve(data: dict) -> dmrules.Solution:
    return dmrules.solve(dmrules.scenario_from_text(yaml.safe_dump(data, allow_unicode=True), "pin.yaml"))


def test_an_ability_triggers_once_for_each_event_it_watches_unless_its_card_leaves_with_them():
    """M03: ソンクン destroyed with two others triggers once (603.5c). Staying while the two
    others are destroyed, it triggers twice, once for each: the reading of one trigger per card's
    event (the page quoting Q&A 39429 asks this too, but its answer was cut off in the stored copy)."""
    data = _load("M03-sonkun-destroyed-with-two-others")
    (only,) = _solve(data).resolutions
    assert only.trigger_counts == (("SK", 1, 1),)
    assert [t.event for t in only.triggered] == ["e1"]
    stays = copy.deepcopy(data)
    stays["effect"]["events"] = [e for e in stays["effect"]["events"] if e["id"] != "e1"]
    (only,) = _solve(stays).resolutions
    assert only.trigger_counts == (("SK", 1, 2),)


def test_trigger_counts_are_checked_exactly(tmp_path):
    path = tmp_path / "m03.yaml"
    text = (FIXTURES / "M03-sonkun-destroyed-with-two-others.yaml").read_text("utf-8")
    path.write_text(text.replace("trigger_counts: {SK: 1}", "trigger_counts: {SK: 3}"), "utf-8")
    out = run_cli("verify", str(path))
    assert out.returncode == 1 and "trigger_counts [('SK#1', 1)], expected [('SK#1', 3)]" in out.stdout, out.stdout


def test_a_moved_count_names_earlier_events():
    data = _load("M05-a-stra-seele-zero-ryu-stays")
    data["effect"]["then"][0]["if"]["moved"]["events"] = ["e9"]
    with pytest.raises(dmrules.InputError, match="the condition names event 'e9'"):
        _solve(data)


def test_a_moved_count_reads_the_zone_the_cards_went_to():
    data = _load("M05-a-stra-seele-six-returned")
    assert any(e.id == "e2" for r in _solve(data).resolutions for e in r.happened)
    data["effect"]["then"][0]["if"]["moved"]["to"] = "graveyard"
    assert not any(e.id == "e2" for r in _solve(data).resolutions for e in r.happened)


def test_nothing_triggers_on_an_overflow_but_a_graveyard_trigger_works_otherwise():
    data = _load("M04-dmps-overflow-not-put-into-graveyard")
    data["players"]["opponent"]["battle"].append({"id": "Y", "card": {"name": "もう1体", "type": "creature"}})
    data["players"]["me"]["battle"].append(
        {"id": "P", "card": {"name": "破壊される私のクリーチャー", "type": "creature"}}
    )
    data["effect"]["events"].append({"id": "e2", "destroy": "P"})
    (only,) = _solve(data).resolutions
    assert [(t.card, t.event) for t in only.triggered] == [("W", "e2")]


def test_a_creatures_own_event_is_its_whole_and_its_components_go_with_it():
    data = _load("M08-dorumageddon-x-tech-dan")
    data["effect"] = {
        "source": "X",
        "controller": "opponent",
        "events": [{"id": "e1", "destroy": "DX"}, {"id": "e2", "destroy": "K1"}],
    }
    data["players"]["opponent"]["battle"] = [{"id": "X", "card": {"name": "破壊するクリーチャー", "type": "creature"}}]
    solution = _solve(data)
    finals = [r.final for r in solution.resolutions if not r.applied]
    assert finals == [
        {**finals[0], "DX": "graveyard", "K1": "graveyard", "K2": "graveyard", "K3": "graveyard", "K4": "graveyard"}
    ]
    applied = [r for r in solution.resolutions if r.applied]
    assert len(applied) == 12 and all(r.applied[0].event == "e1" for r in applied)
    assert all(r.final["K1"] == "battle" and r.final["DX"] == "battle" for r in applied)


def test_a_choice_among_component_cards_is_refused():
    data = _load("M08-dorumageddon-x-tech-dan")
    data["effect"]["events"] = [{"id": "e1", "return_to_hand": {"choose": {"count": 1, "whose": "opponent"}}}]
    with pytest.raises(dmrules.InputError, match="component cards of DX"):
        _solve(data)


# -- a replacement of a triggered ability's triggering (V35, V36) ---------------------------
_DOUBLER = {
    "text": "自分のクリーチャーが破壊された時にトリガーする自分のクリーチャーの能力は、1度のかわりに2度トリガーする。",
    "watch": {
        "event": "trigger",
        "card": {"whose": "own", "type": "creature"},
        "on": {"event": "destroy", "card": {"whose": "own", "type": "creature"}},
    },
    "instead": [{"trigger": 2}],
}


def _doubler(card_id: str, **ability) -> dict:
    card = {"name": f"倍にするクリーチャー{card_id}", "type": "creature", "power": 7000}
    return {"id": card_id, "card": {**card, "replacements": [{**_DOUBLER, **ability}]}}


def test_the_trigger_is_doubled_only_where_both_filters_pass():
    """V35: ソンクン's 「自分のクリーチャーが破壊された時」 triggers twice on A; without デカボッチ, once."""
    data = _load("V35-trigger-twice-dekabocchi-borof")
    (only,) = _solve(data).resolutions
    assert sorted(only.trigger_counts) == [("KZ", 1, 3), ("KZ2", 1, 2), ("SK", 1, 2)]
    assert {(t.card, t.event): t.times for t in only.triggered} == {
        ("SK", "e1"): 2,
        ("KZ", "e1"): 2,
        ("KZ", "e2"): 1,
        ("KZ2", "e1"): 1,
        ("KZ2", "e2"): 1,
    }
    assert {t.card for t in only.triggered if t.changed_by is not None and t.changed_by.card == "DB"} == {"SK", "KZ"}
    assert not only.untriggered
    data["players"]["me"]["battle"] = [c for c in data["players"]["me"]["battle"] if c["id"] != "DB"]
    (only,) = _solve(data).resolutions
    assert sorted(only.trigger_counts) == [("KZ", 1, 2), ("KZ2", 1, 2), ("SK", 1, 1)]


def test_the_output_says_which_card_changed_a_trigger():
    out = run_cli("solve", str(FIXTURES / "V36-no-trigger-brachio-dranju.yaml"))
    assert out.returncode == 0, out.stderr
    assert (
        "AH (アクア・ハルカス) does not trigger when AH (アクア・ハルカス) is put into the battle zone [e1], as BR"
        in out.stdout
    )
    out = run_cli("solve", str(FIXTURES / "V36-no-trigger-brachio-dranju.yaml"), "--json")
    (only,) = json.loads(out.stdout)["resolutions"]
    assert only["untriggered"] == [[1, "MO", "e1"], [1, "AH", "e1"]] and only["triggered"] == [[1, "MM", "e1"]]
    out = run_cli("solve", str(FIXTURES / "V35-trigger-twice-dekabocchi-borof.yaml"), "--json")
    (only,) = json.loads(out.stdout)["resolutions"]
    assert [1, "SK", "e1", 2] in only["triggered"] and [1, "KZ2", "e1"] in only["triggered"]


def test_a_trigger_stopped_is_not_listed_and_a_trigger_change_is_optional_with_may():
    """V36: the opponent's abilities that trigger on the opponent's creature put out do not trigger; with
    「てもよい」 its player may let each of them trigger: four resolutions."""
    data = _load("V36-no-trigger-brachio-dranju")
    (only,) = _solve(data).resolutions
    assert [t.card for t in only.triggered] == ["MM"]
    assert [(t.card, t.event, t.times, t.changed_by and t.changed_by.card) for t in only.untriggered] == [
        ("MO", "e1", 0, "BR"),
        ("AH", "e1", 0, "BR"),
    ]
    without = copy.deepcopy(data)
    without["players"]["me"]["battle"].pop(0)
    (only,) = _solve(without).resolutions
    assert sorted(t.card for t in only.triggered) == ["AH", "MM", "MO"]  # AH's 「出た時」 once it is in the battle zone
    br = data["players"]["me"]["battle"][0]["card"]
    br.pop("text")
    br["replacements"] = [
        {
            "text": "相手のクリーチャーが出て、相手のクリーチャーの能力がトリガーする時、"
            "かわりにその能力はトリガーしなくてもよい。",
            "watch": {
                "event": "trigger",
                "card": {"whose": "opponent", "type": "creature"},
                "on": {"event": "enter", "card": {"whose": "opponent", "type": "creature"}},
            },
            "instead": [{"trigger": 0}],
            "optional": True,
        }
    ]
    got = sorted(sorted(t.card for t in r.triggered) for r in _solve(data).resolutions)
    assert got == [["AH", "MM"], ["AH", "MM", "MO"], ["MM"], ["MM", "MO"]]


def test_two_abilities_that_could_change_one_trigger_are_refused():
    data = _load("V35-trigger-twice-dekabocchi-borof")
    data["players"]["me"]["battle"].append(_doubler("DB2"))
    with pytest.raises(dmrules.InputError, match="two abilities that change how often a triggered ability"):
        _solve(data)


def test_a_trigger_change_whose_card_leaves_in_the_window_is_refused():
    data = _load("V35-trigger-twice-dekabocchi-borof")
    data["effect"]["events"].append({"id": "e3", "destroy": "DB"})
    with pytest.raises(dmrules.InputError, match="leaves where it works in the window"):
        _solve(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"instead": [{"trigger": 1}]}, "0 or 2 times instead of once"),
        ({"instead": [{"trigger": 2}, "stay"]}, "one thing done instead"),
        ({"instead": ["stay"]}, "one thing done instead"),
        ({"watch": {"event": "trigger", "card": {"whose": "own"}}}, "needs 'on'"),
        ({"watch": {"event": ["trigger", "destroy"], "on": {"event": "destroy"}}}, "watched alone"),
        ({"watch": {"event": "destroy", "on": {"event": "destroy"}}}, "watches no trigger"),
        ({"watch": {"event": "trigger", "card": "this", "on": {"event": "destroy"}}}, "says only 'card' \\(a filter"),
        ({"watch": {"event": "trigger", "on": {"event": "destroy"}, "from": "battle"}}, "says only 'card'"),
        ({"once_per_turn": True}, "'once_per_turn' with a watched 'trigger' is not modelled"),
    ],
)
def test_a_trigger_change_written_wrong_is_refused_by_name(change, message):
    data = _load("V35-trigger-twice-dekabocchi-borof")
    data["players"]["me"]["battle"][0] = _doubler("DB", **change)
    with pytest.raises(dmrules.InputError, match=message):
        _solve(data)


# -- 「このクリーチャーとのバトルによって」: the battle whose result a destruction is (V37) --------------------------
def test_only_the_loser_of_a_battle_with_this_creature_is_watched():
    data = _load("V37-battle-with-this-hasame-ane")
    (only,) = _solve(data).resolutions
    assert only.final["Y"] == "mana"
    data["players"]["me"]["battle"].append(
        {"id": "A", "card": {"name": "他のクリーチャー", "type": "creature", "power": 6000}}
    )
    data["effect"]["source"] = "A"
    data["effect"]["events"] = [{"id": "e1", "battle": ["A", "Y"]}]
    (only,) = _solve(data).resolutions
    assert only.final["Y"] == "graveyard" and not only.applied


def test_a_destruction_by_battle_stated_without_its_battle_is_refused_where_a_text_reads_the_battle():
    data = _load("V37-battle-with-this-hasame-ane")
    data["effect"]["by"] = "battle"
    data["effect"]["events"] = [{"id": "e1", "destroy": "Y"}]
    with pytest.raises(dmrules.InputError, match="which creature it battled"):
        _solve(data)


# -- a player's discard watched as a whole (V38) ------------------------------------------------------------
def test_a_discard_watched_whole_is_replaced_once_for_all_its_cards():
    data = _load("V38-discard-whole-lastol")
    got = [
        (sorted(a.event for a in r.applied), r.final["h1"], r.final["h2"], r.final["RS"])
        for r in _solve(data).resolutions
    ]
    assert sorted(got) == [([], "graveyard", "graveyard", "battle"), (["e1"], "hand", "hand", "graveyard")]
    one = copy.deepcopy(data)
    one["effect"]["events"] = [{"id": "e1", "discard": "h1"}]  # one card: the discard as a whole all the same
    assert len(_solve(one).resolutions) == 2
    own_turn = copy.deepcopy(data)
    own_turn["turn"] = "me"  # 「相手のターン中」
    (only,) = _solve(own_turn).resolutions
    assert not only.applied


def test_a_discard_stated_as_events_of_its_own_cards_is_refused_where_a_text_watches_it_whole():
    data = _load("V38-discard-whole-lastol")
    data["effect"]["events"] = [{"id": "e1", "discard": "h1"}, {"id": "e2", "discard": "h2"}]
    with pytest.raises(dmrules.InputError, match="one discard or two"):
        _solve(data)
    data["effect"]["events"] = [{"id": "e1", "discard": {"choose": {"count": 2, "from": "hand", "whose": "opponent"}}}]
    with pytest.raises(dmrules.InputError, match="one discard or two"):
        _solve(data)
    # hand cards moved into the graveyard are discarded: the same
    data["effect"]["events"] = [
        {"id": "e1", "move": "h1", "to": "graveyard"},
        {"id": "e2", "move": "h2", "to": "graveyard"},
    ]
    with pytest.raises(dmrules.InputError, match="one discard or two"):
        _solve(data)


def test_each_cards_own_discard_is_still_watched_in_a_discard_of_several():
    """A10 with ロスト・ソウル's discard stated as one event: each マッドネス card's replacement watches its own card's
    discard, one of the whole's; the same 4 resolutions."""
    data = _load("A10-lost-soul-madness")
    data["effect"]["events"] = [{"id": "e1", "discard": ["R1", "R2", "h3"]}]
    got = sorted((r.final["R1"], r.final["R2"], r.final["h3"]) for r in _solve(data).resolutions)
    assert got == [
        ("battle", "battle", "graveyard"),
        ("battle", "graveyard", "graveyard"),
        ("graveyard", "battle", "graveyard"),
        ("graveyard", "graveyard", "graveyard"),
    ]


# -- the other creature of the battle a watched destruction ends (V39) ------------------------------------------
def test_both_creatures_of_the_battle_go_where_the_text_says():
    data = _load("V39-battle-both-to-mana-gashigashi")
    (only,) = _solve(data).resolutions
    assert (only.final["GS"], only.final["Y"]) == ("mana", "mana")
    data["players"]["opponent"]["battle"][0]["card"]["power"] = 2000  # a tie: both lose; Y goes with GS, once
    (only,) = _solve(data).resolutions
    assert (only.final["GS"], only.final["Y"]) == ("mana", "mana")
    data["players"]["opponent"]["battle"][0]["card"]["power"] = 1000  # GS wins: nothing replaced
    (only,) = _solve(data).resolutions
    assert (only.final["GS"], only.final["Y"], only.applied) == ("battle", "graveyard", ())


def test_the_other_creature_of_a_battle_not_stated_is_refused():
    data = _load("V39-battle-both-to-mana-gashigashi")
    data["effect"]["by"] = "battle"
    data["effect"]["events"] = [{"id": "e1", "destroy": "GS"}]
    with pytest.raises(dmrules.InputError, match="which creature it battled"):
        _solve(data)


def test_partner_to_needs_a_watched_destruction_by_a_battle():
    data = _load("V39-battle-both-to-mana-gashigashi")
    data["players"]["me"]["battle"][0] = {
        "id": "GS",
        "card": {
            "name": "バトルの相手も移すクリーチャー",
            "type": "creature",
            "power": 2000,
            "replacements": [{"watch": {"event": "destroy", "card": "this"}, "instead": [{"partner_to": "mana"}]}],
        },
    }
    with pytest.raises(dmrules.InputError, match="'partner_to' needs a watched destruction by a battle"):
        _solve(data)


# -- 「コストを支払わずに出る」 (V41) ----------------------------------------------------------------------------------
def _summoned(cause: str | None) -> dict:
    data = _load("V41-free-enter-barom-quake")
    data["effect"] = {
        "source": "Z",
        "controller": "opponent",
        "by": "summon",
        "events": [{"id": "e1", "put_into_battle": "Z"}],
    }
    if cause is not None:
        data["effect"]["events"][0]["cause"] = cause
    return data


def test_a_summon_is_put_out_without_its_cost_paid_only_when_the_scenario_says_so():
    (only,) = _solve(_summoned("paid")).resolutions
    assert only.final["Z"] == "battle" and not only.applied
    (only,) = _solve(_summoned("free")).resolutions  # 「コストを支払わずに召喚」 (S・トリガー)
    assert only.final["Z"] == "mana"
    with pytest.raises(dmrules.InputError, match="does not say whether the summon paid its cost"):
        _solve(_summoned(None))


def test_the_cause_of_a_creature_put_out_is_free_or_paid():
    with pytest.raises(dmrules.InputError, match="'free' or 'paid'"):
        _solve(_summoned("cheap"))


def test_a_refused_situation_is_refused_by_every_path_not_only_the_full_one(tmp_path):
    """The compact JSON, counting, grouped counting and why-not read a window faster than the full path; a situation
    dmrules refuses (``unmodelled``) must be refused there too, never listed or counted as if it were modelled."""
    data = _load("V38-discard-whole-lastol")
    data["effect"]["events"] = [{"id": "e1", "discard": "h1"}, {"id": "e2", "discard": "h2"}]
    path = tmp_path / "split.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), "utf-8")
    state = dmrules.scenario_from_text(path.read_text("utf-8"), str(path))
    for count in (lambda: dmrules.count(state), lambda: dmrules.count(state, group=True)):
        with pytest.raises(dmrules.InputError, match="one discard or two"):
            count()
    for args in (
        ("solve", str(path), "--json"),
        ("solve", str(path), "--jsonl"),
        ("why-not", str(path), "--expect", "RS=graveyard"),
    ):
        out = run_cli(*args)
        assert out.returncode == 2 and "one discard or two" in out.stderr, (args, out.stdout, out.stderr)
