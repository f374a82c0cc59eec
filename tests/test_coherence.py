"""What a scenario says of one thing in two places agrees (dmrules/reading/coherence.py). The refusals of whole
files are in tests/hostile/ (test_hostile.py); here, the cases a real card makes legitimate, the warnings, and the
places of the steps' and events' own fields."""

from __future__ import annotations

import textwrap

import pytest

import dmrules
from dmrules.reading.scenario import load_scenario

from .conftest import ROOT

FIXTURES = ROOT / "fixtures"

PLAYERS = """
    turn: you
    players:
      me:
        battle: [{id: J1, card: {name: 破壊される, type: creature}}]
        hand: [{id: H, card: {name: 手札のクリーチャー, type: creature}}, h1]
        mana: [{id: M, card: {name: マナのクリーチャー, type: creature}}]
      you:
        battle: [{id: X, card: {name: 攻撃するクリーチャー, type: creature}}]
        hand: [{id: S, card: {name: 相手の呪文, type: spell}}]
        graveyard: [{id: G, card: {name: 墓地の呪文, type: spell}}]
    """


def scenario(effect: str, name: str = "s.yaml"):
    return dmrules.scenario_from_text(textwrap.dedent(PLAYERS) + textwrap.dedent(effect), name)


def refusal(effect: str) -> tuple[str, str]:
    with pytest.raises(dmrules.InputError) as raised:
        scenario(effect)
    return raised.value.place, raised.value.problem


# -- the effect's source and its kind -----------------------------------------------------------


def test_a_spell_a_summon_and_an_attack_from_where_they_can_be_are_read():
    assert scenario("effect: {source: S, controller: you, by: spell, events: [{destroy: J1}]}").about.warnings == ()
    assert scenario("effect: {source: h1, controller: me, by: spell, events: [{destroy: X}]}")  # of no stated type
    assert scenario("effect: {source: M, controller: me, by: summon, events: [{destroy: X}]}")  # from the mana zone
    assert scenario("effect: {source: X, controller: you, by: attack, events: [{destroy: J1}]}")


def test_a_twinpact_with_a_spell_side_is_a_spell_s_source():
    loaded = load_scenario(FIXTURES / "V32-face-down-mana-forbid-crystal-charger.yaml")
    source = loaded.cards[loaded.program.source]
    assert loaded.program.by == "spell" and source.definition.sides and "creature" in source.types


def test_a_later_step_or_an_event_of_another_kind_is_refused_at_its_own_field():
    place, problem = refusal("""
        effect:
          source: X
          controller: you
          events: [{destroy: J1}]
          then: [{source: H, by: spell, events: [{discard: h1}]}]
        """)
    assert place == "effect.then[0].by"
    assert problem.startswith("H (手札のクリーチャー) is a creature card, not a spell")
    place, problem = refusal("effect: {source: X, controller: you, events: [{destroy: J1, by: spell}]}")
    assert place == "effect.events[0].by"
    assert "is a creature card, not a spell" in problem
    place, _ = refusal("effect: {source: S, controller: you, by: spell, events: [{destroy: J1, source: X}]}")
    assert place == "effect.events[0].source"


def test_a_spell_cast_by_another_player_is_read_with_a_warning_unless_it_says_where_it_was_cast_from():
    read = scenario("effect: {source: S, controller: me, by: spell, events: [{destroy: X}]}", "f6.yaml")
    assert read.about.warnings == (
        "f6.yaml:12: effect.controller: the effect is controlled by 'me', but its source S (相手の呪文) is in the hand "
        "zone of 'you': a spell is its caster's, and only a few cards cast another player's spell (say where it was "
        "cast from, 'cast_from', when one does)",
    )
    # 「相手の墓地から呪文を唱える」 (R65): said so
    said = scenario("effect: {source: G, controller: me, by: spell, cast_from: graveyard, events: [{destroy: X}]}")
    assert said.about.warnings == ()
    assert load_scenario(FIXTURES / "R65-two-shinsekai-opponents-spell.yaml").about.warnings == ()


# -- an effect in play names its source --------------------------------------------------------


def test_an_effect_in_play_that_names_its_source_card_needs_one():
    effect = """
        replacement_effects: [{id: R, controller: me, watch: {event: destroy, WATCH}, instead: [INSTEAD]}]
        effect: {controller: you, events: [{destroy: J1}]}
        """
    place, _ = refusal(effect.replace("WATCH", "card: {type: creature}").replace("INSTEAD", "destroy_this"))
    assert place == "replacement_effects[0].instead"
    place, _ = refusal(effect.replace("WATCH", "when: [by_this]").replace("INSTEAD", "stay"))
    assert place == "replacement_effects[0].watch.when"
    with_source = effect.replace("id: R,", "id: R, source: J1,")
    assert scenario(with_source.replace("WATCH", "card: this").replace("INSTEAD", "stay"))


# -- what a step reads comes earlier ------------------------------------------------------------


def test_a_step_reads_the_events_of_the_steps_before_it_alone():
    place, problem = refusal("""
        effect:
          controller: you
          events: [{id: e1, destroy: J1}]
          then: [{if: {moved: {events: [e2], at_least: 1}}, events: [{id: e2, discard: h1}]}]
        """)
    assert (place, problem.split(" (")[0]) == (
        "effect.then[0].if",
        "the condition names event 'e2', which comes in no earlier step",
    )
    place, problem = refusal("""
        effect:
          controller: you
          events: [{id: e1, discard: h1}, {id: e2, destroy: {choose: {count_attempted: [e1], whose: opponent}}}]
        """)
    assert place == "effect.events[1].destroy.choose.count_attempted"
    assert scenario("""
        effect:
          controller: you
          events: [{id: e1, discard: h1}]
          then: [{if: {attempted: e1}, events: [{id: e2, destroy: {choose: {count_attempted: [e1], whose: opponent}}}]}]
        """)


# -- a face-down card of the mana zone ------------------------------------------------------------


def test_civilizations_stated_on_a_face_down_card_of_the_mana_zone_are_warned_of():
    text = """
        turn: me
        players:
          me:
            mana:
              - {id: M1, card: {name: 火, type: creature}, face_down: true, civilizations: [fire]}
              - {id: M2, card: {name: 火2, type: creature, civilizations: [fire]}, face_down: true}
          you: {}
        effect:
          controller: me
          events: [{id: e1, return_to_hand: {choose: {count: 1, from: mana, civilization: fire}}}]
        """
    read = dmrules.scenario_from_text(textwrap.dedent(text), "fd.yaml")
    assert read.about.warnings == (
        "fd.yaml:6: players.me.mana[0].civilizations: M1 (火): a face-down card of the mana zone has no "
        "civilization there (a colorless card: 「マナゾーンにある裏向きのカードは、…無色カードとして扱う」); the "
        "civilizations stated count only once it leaves the mana zone",
    )


def test_a_later_steps_attack_by_a_creature_an_earlier_step_put_out_is_no_problem():
    """革命チェンジ: Y is swapped in from the hand, then attacks in a later step (its zone then is the battle zone)."""
    text = """
turn: opponent
players:
  me:
    shields: [s1]
  opponent:
    battle:
      - {id: X, card: {name: 攻撃するクリーチャー, type: creature, power: 1000}}
    hand:
      - {id: Y, card: {name: 入れ替わるクリーチャー, type: creature, power: 9000}}
effect:
  source: X
  controller: opponent
  by: ability
  events: [{id: e1, swap: [X, Y]}]
  then: [{source: Y, by: attack, events: [{id: e2, break: s1}]}]
"""
    solution = dmrules.solve(dmrules.scenario_from_text(text, "swap.yaml"))
    assert sorted((r.final["Y"], r.final["s1"]) for r in solution.resolutions) == [("battle", "hand")]
