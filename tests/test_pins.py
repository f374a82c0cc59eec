"""Rules pinned by a scenario each: every one kills a realistic one-line mutant that
survived the fixtures, the invariants and the oracle (bench/mutants.py names it).
Each expectation is written from the rule or ruling cited, not from the program's output."""

from __future__ import annotations

from dmrules.api import solve
from tests.conftest import scenario


def outcomes(text: str) -> list:
    """(applications, moved cards, players who lost) of each resolution, sorted."""
    s = scenario(text)
    out = []
    for r in solve(s).resolutions:
        apps = tuple((a.event, a.replacement.id, a.chosen) for a in r.applied)
        moved = tuple(sorted((c, z) for c, z in r.final.items() if s.cards[c].zone != z))
        out.append((apps, moved, r.lost))
    return sorted(out)


# -- 609.2: a card stacked under another has no abilities (mutant stacked-source-present) ------------

STACKED = """\
title: 邪龍 ジャブラッド under an evolution creature; another own abyss is destroyed
turn: opponent
players:
  me:
    battle:
      - {{id: EV, card: {{name: 進化アビス, type: evolution_creature, races: [アビスロイヤル]}}}}
      - {{id: JB, card: 邪龍 ジャブラッド{under}}}
      - {{id: A, card: {{name: 普通のアビス, type: creature, races: [アビスロイヤル]}}}}
    graveyard: [g1, g2, g3, g4]
  opponent:
    battle: [{{id: X, card: {{name: 破壊する者, type: creature}}}}]
effect: {{source: X, controller: opponent, events: [{{id: e1, destroy: A}}]}}
"""


def test_stacked_source_does_not_replace():
    # 609.2 (docs/semantics.md item 5): JB is an evolution source under EV, so its
    # 「自分のアビスが離れる時」 does not exist; A is simply destroyed.
    assert outcomes(STACKED.format(under=", under: EV")) == [((), (("A", "graveyard"),), ())]


def test_unstacked_source_may_replace():
    # The same board with JB beside EV: JB may shuffle 4 graveyard cards under the deck instead.
    got = outcomes(STACKED.format(under=""))
    assert got == sorted(
        [
            ((), (("A", "graveyard"),), ()),
            (
                (("e1", "JB", ("g1", "g2", "g3", "g4")),),
                (("g1", "deck"), ("g2", "deck"), ("g3", "deck"), ("g4", "deck")),
                (),
            ),
        ]
    )


# -- 609.4: a mill of exactly the whole deck can be performed (mutant mill-whole-deck-refused) ------

ADAMSKI = """\
title: S級宇宙 アダムスキー breaks with the opponent's deck at exactly 2 cards
turn: me
players:
  me:
    battle: [{id: AD, card: S級宇宙 アダムスキー}]
  opponent:
    shields: [s1]
    deck: [d1, d2]
effect: {source: AD, controller: me, by: attack, events: [{id: e1, break: s1}]}
"""


def test_mill_of_the_whole_deck_is_performed():
    # B30 (seed 000) refuses the replacement only because a deck of 1 cannot give 2 cards
    # (609.4); a deck of exactly 2 can, and the mandatory replacement applies. The deck is
    # then empty: the opponent loses by the state-based check (703.4).
    assert outcomes(ADAMSKI) == [((("e1", "AD", ()),), (("d1", "graveyard"), ("d2", "graveyard")), ("opponent",))]


# -- 609.9a: what a same-rank application sends elsewhere is set aside (mutant same-rank-elsewhere-dropped)

SAME_RANK = """\
title: the turn player's optional move and mandatory substitute, on two events at once
turn: me
players:
  me:
    battle:
      - id: S1
        cannot_be_destroyed: true
        card:
          name: 退避させる者
          type: creature
          replacements:
            - watch: {event: destroy, card: {whose: own, id: C1}}
              instead: [{move_to: hand}]
              optional: true
      - id: T
        card:
          name: 身代わりを出す者
          type: creature
          replacements:
            - watch: {event: destroy, card: this}
              instead: [stay, {destroy: {count: 1, whose: own, other: true}}]
      - {id: C1, card: {name: 普通のクリーチャー, type: creature}}
  opponent:
    battle: [{id: X, card: {name: 破壊する者, type: creature}}]
effect: {source: X, controller: opponent, events: [{id: e1, destroy: C1}, {id: e2, destroy: T}]}
"""


def test_same_rank_application_sets_aside_what_it_sends_elsewhere():
    # docs/semantics.md item 9 (609.9a): the turn player decides both at once. If S1 sends C1
    # to hand instead of e1, C1 is set aside for T's mandatory choice (it goes to another zone
    # than T would send it), so T cannot apply and e2 happens. Letting nothing apply is
    # illegal (T could take C1); S1 and T together would send C1 to two zones.
    assert outcomes(SAME_RANK) == sorted(
        [
            ((("e1", "S1", ()),), (("C1", "hand"), ("T", "graveyard")), ()),
            ((("e2", "T", ("C1",)),), (("C1", "graveyard"),), ()),
        ]
    )


# -- by_opponent reads the effect's controller (mutant by-opponent-source-controller) ---------------

BY_OPPONENT = """\
title: 「相手の効果によって破壊される時」 with an effect whose controller is not its source's
turn: me
players:
  me:
    battle:
      - id: J
        card:
          name: 相手の効果で破壊される時に捨てる者
          type: creature
          replacements:
            - watch: {{event: destroy, card: this, when: [by_opponent]}}
              instead: [stay, {{discard: 1}}]
      - {{id: M, card: {{name: 自分のクリーチャー, type: creature}}}}
    hand: [h1]
  opponent:
    battle: [{{id: X, card: {{name: 相手のクリーチャー, type: creature}}}}]
effect: {{source: {source}, controller: {controller}, events: [{{id: e1, destroy: J}}]}}
"""


def test_by_opponent_is_the_effects_controller_not_its_sources():
    # docs/semantics.md ("by_opponent: E's effect is controlled by the other player"): my own
    # effect is not the opponent's, whoever's card is its source; the opponent's effect is,
    # even with my card as its source.
    assert outcomes(BY_OPPONENT.format(source="X", controller="me")) == [((), (("J", "graveyard"),), ())]
    assert outcomes(BY_OPPONENT.format(source="M", controller="opponent")) == [
        ((("e1", "J", ("h1",)),), (("h1", "graveyard"),), ())
    ]


# -- an optional own-movement replacement obliges nothing (mutant optional-obliges) ------------------

OWN_MOVEMENT = """\
title: a spell whose own replacement of its movement is optional
turn: me
players:
  me:
    hand:
      - id: SP
        card:
          name: 唱えた後マナに置いてもよい呪文
          type: spell
          replacements:
            - watch: {{event: spell_to_graveyard, card: this}}
              instead: [{{move_to: mana}}]
              spell_own_movement: true
              optional: {optional}
  opponent: {{}}
effect: {{source: SP, controller: me, by: spell, cast_from: hand, events: [{{id: e1, spell_to_graveyard: SP}}]}}
"""


def test_optional_own_movement_may_be_declined():
    # 「てもよい」 (docs/semantics.md item 9: optional replacements never oblige anything), rank 0
    # included: the spell goes to mana or, declined, to the graveyard. Mandatory (A15's チャージャー),
    # it always goes to mana.
    assert outcomes(OWN_MOVEMENT.format(optional="true")) == sorted(
        [((), (("SP", "graveyard"),), ()), ((("e1", "SP", ()),), (("SP", "mana"),), ())]
    )
    assert outcomes(OWN_MOVEMENT.format(optional="false")) == [((("e1", "SP", ()),), (("SP", "mana"),), ())]


# -- a replacement that needs a condition word works only with it, wherever it works (mutant flag-ignored)

FLAGGED = """\
title: an ability that works from any zone while its card carries a condition word
turn: opponent
players:
  me:
    battle: [{{id: C, card: {{name: 守られる者, type: creature}}}}]
    graveyard:
      - id: G
        {flags}card:
          name: 墓地から守る者
          type: creature
          replacements:
            - watch: {{event: destroy, card: {{whose: own, type: creature}}}}
              instead: [stay]
              works_in: any
              requires_flag: awakened
              optional: true
  opponent:
    battle: [{{id: X, card: {{name: 破壊する者, type: creature}}}}]
effect: {{source: X, controller: opponent, events: [{{id: e1, destroy: C}}]}}
"""


def test_condition_word_is_needed_wherever_the_ability_works():
    # docs/scenario-format.md, requires_flag: "a condition word the card must carry" (609.2: the
    # ability exists only then), whatever zone it works in.
    assert outcomes(FLAGGED.format(flags="")) == [((), (("C", "graveyard"),), ())]
    assert outcomes(FLAGGED.format(flags="flags: [awakened]\n        ")) == sorted(
        [((), (("C", "graveyard"),), ()), ((("e1", "G", ()),), (), ())]
    )


def test_a_follow_up_sentence_is_open_to_replacement():
    """A 「そうしたら」 sentence is a new event that replacements may replace (101.5a), outside any fixture."""
    import dmrules

    scenario = dmrules.scenario_from_text(
        """
turn: me
players:
  me:
    battle:
      - id: A
        card:
          name: 戻ってから山札へ
          type: creature
          replacements:
            - watch: {event: destroy, card: this}
              instead: [{move_to: hand}]
              then: [{events: [{move: this, to: deck, position: bottom}]}]
      - id: B
        card:
          name: 山札のかわりに墓地へ
          type: creature
          replacements:
            - watch: {event: put_into_deck, card: {whose: own, other: true}}
              instead: [{move_to: graveyard}]
              optional: true
  opponent: {}
effect: {controller: opponent, events: [{destroy: A}]}
""",
        "follow-up.yaml",
    )
    finals = sorted(r.final["A"] for r in dmrules.solve(scenario).resolutions)
    # A returns to hand instead (mandatory); its follow-up puts it at the deck bottom, which B may replace.
    assert finals == ["deck", "graveyard"]
