"""Twinpacts (ツインパクト): which side's characteristics count where.

In the battle zone only the creature side counts (the Q&A quoted by the judge site on
《青守銀 シルト/解体事変》, fixture M06); in any other zone both sides do, each with its own
characteristics, and a filter passes when one side passes it as a whole (the official Q&A on
twinpacts, dm.takaratomy.co.jp/rule/qa/jokers-0006: a card both a creature of cost 9 and a spell
of cost 7 can be found by an effect that looks for creatures and by one that looks for spells,
and counted with either cost; it is not a card that is not a spell). 「多色」 reads the
civilizations of the sides that count.
"""

from __future__ import annotations

import copy

import pytest
import yaml

import dmrules
from dmrules.game.cards import faces
from dmrules.game.filters import Filter
from dmrules.game.grants import Board, card_passes

from .conftest import FIXTURES

SHILD = {
    "name": "青守銀 シルト/解体事変",
    "sides": [
        {
            "name": "青守銀 シルト",
            "type": "creature",
            "civilizations": ["light"],
            "races": ["メタリカ"],
            "cost": 3,
            "power": 3500,
        },
        {"name": "解体事変", "type": "spell", "civilizations": ["darkness"], "cost": 4},
    ],
}
# A creature side of cost 9 and a spell side of cost 3 (the shape of the official Q&A's
# ハザード・オウ禍武斗/禍武斗の轟印, with another cost).
HEAVY = {
    "name": "重いクリーチャー/軽い呪文",
    "sides": [
        {"name": "重いクリーチャー", "type": "creature", "civilizations": ["nature"], "cost": 9, "power": 12000},
        {"name": "軽い呪文", "type": "spell", "civilizations": ["nature"], "cost": 3},
    ],
}


def _outcomes(data: dict) -> list[tuple]:
    solution = dmrules.solve(dmrules.scenario_from_text(yaml.safe_dump(data, allow_unicode=True), "twinpact.yaml"))
    return sorted(
        (tuple(sorted(r.final.items())), tuple((a.event, a.replacement.id, tuple(a.chosen)) for a in r.applied))
        for r in solution.resolutions
    )


def _m06(creature_civilizations: list[str]) -> dict:
    data = yaml.safe_load((FIXTURES / "M06-shild-twinpact-not-multicolored.yaml").read_text("utf-8"))
    data.pop("expect")
    card = data["players"]["me"]["battle"][1]["card"]
    card["sides"][0]["civilizations"] = creature_civilizations
    return data


def test_in_the_battle_zone_only_the_creature_side_counts():
    """M06 as printed: the light creature side is not multicoloured; with a multicoloured
    creature side, both savers watch its leaving (it may destroy itself, or M instead)."""
    assert len(_outcomes(_m06(["light"]))) == 1
    assert sorted(apps for _, apps in _outcomes(_m06(["light", "water"]))) == [
        (),
        (("e1", "M", ()),),
        (("e1", "SH", ()),),
    ]


def _graveyard_choice(filter_fields: dict) -> dict:
    return {
        "turn": "me",
        "players": {
            "me": {"graveyard": [{"id": "T", "card": copy.deepcopy(HEAVY)}, "g1"]},
            "opponent": {},
        },
        "effect": {
            "controller": "me",
            "events": [
                {"id": "e1", "move": {"choose": {"count": 1, "from": "graveyard", **filter_fields}}, "to": "hand"}
            ],
        },
    }


@pytest.mark.parametrize(
    ("fields", "chosen"),
    [
        ({"type": "creature", "cost_max": 3}, False),  # the creature side costs 9; the spell side is no creature
        ({"type": "spell", "cost_max": 3}, True),
        ({"type": "creature", "cost_min": 9}, True),
        ({"cost_max": 3}, True),  # any card of cost 3 or less: the spell side
        ({"name": "軽い呪文"}, True),
        ({"name": "重いクリーチャー", "cost_max": 3}, False),
    ],
)
def test_outside_the_battle_zone_one_side_passes_the_filter_as_a_whole(fields, chosen):
    outcomes = _outcomes(_graveyard_choice(fields))
    assert any(dict(final).get("T") == "hand" for final, _ in outcomes) is chosen, outcomes


def test_both_sides_count_in_the_hand_for_multicolour_and_names():
    scenario = dmrules.scenario_from_text(
        yaml.safe_dump(
            {
                "turn": "me",
                "players": {
                    "me": {"hand": [{"id": "SH", "card": SHILD}], "battle": [{"id": "B", "card": SHILD}]},
                    "opponent": {},
                },
                "effect": {"controller": "me", "events": [{"id": "e1", "discard": "SH"}]},
            },
            allow_unicode=True,
        ),
        "hand.yaml",
    )
    in_hand, in_battle = scenario.cards["SH"], scenario.cards["B"]
    assert [s.name for s in faces(in_hand)] == ["青守銀 シルト", "解体事変"]
    assert [s.name for s in faces(in_battle)] == ["青守銀 シルト"]
    multicolor = Filter(properties=("multicolor",))
    assert card_passes(multicolor, in_hand, "me", None, Board()) and not card_passes(
        multicolor, in_battle, "me", None, Board()
    )
    assert card_passes(Filter(names=("解体事変",)), in_hand, "me", None, Board())
    assert not card_passes(Filter(names=("解体事変",)), in_battle, "me", None, Board())
    # A spell side has no power; it is a spell as well, so not a card that is not a spell.
    assert card_passes(Filter(types=("creature",), power_min=3500), in_hand, "me", None, Board())
    assert not card_passes(Filter(types=("spell",), power_min=1), in_hand, "me", None, Board())
    assert not card_passes(Filter(not_types=("spell",)), in_hand, "me", None, Board())
    assert card_passes(Filter(not_types=("spell",)), in_battle, "me", None, Board())


def _with_card(card: dict) -> str:
    return yaml.safe_dump(
        {
            "turn": "me",
            "players": {"me": {"battle": [{"id": "SH", "card": card}]}, "opponent": {}},
            "effect": {"controller": "me", "events": [{"id": "e1", "destroy": "SH"}]},
        },
        allow_unicode=True,
    )


def test_a_twinpact_states_its_characteristics_on_its_sides():
    bad = copy.deepcopy(SHILD)
    bad["cost"] = 3
    with pytest.raises(dmrules.InputError, match="a twinpact states 'cost' on each of its sides"):
        dmrules.scenario_from_text(_with_card(bad), "bad.yaml")
    one = copy.deepcopy(SHILD)
    one["sides"] = one["sides"][:1]
    with pytest.raises(dmrules.InputError, match="a twinpact has two sides"):
        dmrules.scenario_from_text(_with_card(one), "bad.yaml")
    no_power = copy.deepcopy(SHILD)
    del no_power["sides"][0]["power"]
    with pytest.raises(dmrules.InputError, match="a creature side states its power"):
        dmrules.scenario_from_text(_with_card(no_power), "bad.yaml")


def test_a_later_part_reading_a_twinpacts_cost_outside_the_battle_zone_is_refused():
    """The official Q&A: either side's cost may be counted; dmrules does not list that choice."""
    data = {
        "turn": "me",
        "players": {
            "me": {"hand": [{"id": "T", "card": copy.deepcopy(HEAVY)}]},
            "opponent": {
                "battle": [{"id": "Y", "card": {"name": "相手のクリーチャー", "type": "creature", "cost": 2}}]
            },
        },
        "effect": {
            "controller": "me",
            "events": [{"id": "e1", "discard": "T"}],
            "then": [
                {
                    "events": [
                        {"id": "e2", "destroy": {"choose": {"count": 1, "whose": "opponent", "cost_max_of": "e1"}}}
                    ]
                }
            ],
        },
    }
    with pytest.raises(dmrules.InputError, match="either side's cost may be counted"):
        _outcomes(data)


def _cast(watcher_text: str | None, own_text: str | None) -> dict:
    """HEAVY cast as a spell from the hand, with a text on its creature side and a watcher beside it."""
    card = copy.deepcopy(HEAVY)
    if own_text:
        card["sides"][0]["text"] = own_text
    battle = []
    if watcher_text:
        battle = [{"id": "W", "card": {"name": "見張るクリーチャー", "type": "creature", "text": watcher_text}}]
    return {
        "turn": "me",
        "players": {"me": {"hand": [{"id": "T", "card": card}], "battle": battle}, "opponent": {}},
        "effect": {
            "source": "T",
            "controller": "me",
            "by": "spell",
            "cast_from": "hand",
            "events": [{"id": "e1", "spell_to_graveyard": "T"}],
        },
    }


@pytest.mark.parametrize(
    ("watcher", "own"),
    [
        (None, "このクリーチャーがどこからでも自分の墓地に置かれる時、かわりに自分の山札の一番下に置く。"),
        ("自分のクリーチャーがどこからでも墓地に置かれる時、かわりにマナゾーンに置いてもよい。", None),
    ],
)
def test_a_twinpact_cast_as_a_spell_seen_as_a_creature_is_refused(watcher, own):
    """Whether a twinpact's creature side counts while it is cast as a spell, no rule or ruling dmrules has says:
    a text that would see the cast card through its creature side is refused, never applied nor passed over."""
    with pytest.raises(dmrules.InputError, match="whether its creature side counts while it is a spell"):
        _outcomes(_cast(watcher, own))


def test_a_twinpact_cast_as_a_spell_is_seen_by_a_watch_of_spells_cast():
    """「自分の呪文を唱えた後」 watches the spell cast: the twinpact is that spell."""
    watcher = "自分の呪文を唱えた後、墓地に置くかわりに山札の一番下に置く。"
    assert _outcomes(_cast(watcher, None)) == [((("T", "deck"), ("W", "battle")), (("e1", "W", ()),))]


def test_a_twinpact_cast_as_a_spell_passes_a_filter_of_spells_with_its_spell_side():
    """「自分の呪文が墓地に置かれる時」: the spell side passes, whether the creature side counts or not."""
    watcher = "自分の呪文が墓地に置かれる時、かわりに山札の一番下に置いてもよい。"
    assert _outcomes(_cast(watcher, None)) == [
        ((("T", "deck"), ("W", "battle")), (("e1", "W", ()),)),
        ((("T", "graveyard"), ("W", "battle")), ()),
    ]
