"""Mutation harness: realistic one-line bugs in the encodings and the loaders, and whether
the fast tests notice them.

Each mutant replaces one exact piece of one file (it must occur exactly once) in a
temporary copy of the tree (the last commit, ``git archive HEAD``; ``--worktree`` copies the
files as they are instead); the chosen fast tests then run against that copy
(``PYTHONPATH`` points at it, and the command-line tests run ``python -m
dmrules.cli`` from it). A mutant is *killed* when the tests fail, *survives*
when they pass, and is *stale* when its text is no longer in the file (the code
moved on: update the mutant). Every survivor must get a fixture or property
that kills it, or a note in ``EQUIVALENT`` saying why nothing observable changes.
The report names the test that killed each mutant, and tells a kill by a test
that checks an answer from one by a time limit alone (``TIMED_WORDS``), by an error
(a test that could not run) or by the time limit: only the first counts.

    python bench/mutants.py                  # every mutant, two at a time
    python bench/mutants.py --jobs 1 -k rank # the mutants whose name contains 'rank'
    python bench/mutants.py --list

Not part of the normal test run: it runs the fast tests once per mutant (a few
minutes on two cores).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The fast tests a mutant runs against, cheapest and most telling first (pytest stops at
# the first failure). The property test runs with fewer examples per seed and no shrinking.
TESTS = [
    "tests/test_slips.py",
    "tests/test_wrong_answers.py",
    "tests/test_pins.py",
    "tests/test_bounded_input.py",  # before the tests that ground the sequential chains (chains-repeat)
    "tests/test_fixtures.py",
    "tests/test_bounded.py",
    "tests/test_core.py",
    "tests/test_windows.py",
    "tests/test_sequential.py",
    "tests/test_invariants.py",
    "tests/test_oracle.py",
    "tests/test_modelled.py::test_a_follow_up_does_not_name_its_card_once_another_event_moved_it",
    "tests/test_modelled.py::test_a_step_whose_card_another_event_of_the_window_moved_out_is_refused_by_name",
    "tests/test_modelled.py::test_any_number_taken_instead_with_a_step_after_it_is_refused_by_name",
    "tests/test_modelled.py::test_an_evolution_creature_put_under_another_card_with_its_pile_is_refused_by_name",
    "tests/test_modelled.py::test_what_is_done_first_in_a_sentence_of_its_own_with_a_replacement_that_may_replace_it_is_refused",
    "tests/test_modelled.py::test_a_card_whose_text_says_its_own_zone_controlled_by_another_player_is_refused_by_name",
    "tests/test_cli.py::test_a_card_whose_text_is_unread_says_so_beside_its_text",
    "tests/test_cli_refused_stream.py",
    "tests/test_modelled.py::test_a_mandatory_replacement_that_would_put_a_spell_into_the_battle_zone_is_not_owed",
    "tests/test_cardtext_wordings.py::test_a_replacement_a_condition_line_may_give_is_refused",
    "tests/test_cardtext_wordings.py::test_a_line_that_names_an_ability_before_it_refuses_the_card",
    "tests/test_stream.py",
    "tests/test_vocabulary.py",
    "tests/test_perf.py",
    "tests/test_effect_text.py",
    "tests/test_pool.py",
    "tests/test_every_situation.py",
    "tests/test_cache.py",
    "tests/test_cardtext_property.py",
    "tests/test_hostile.py",
    "tests/test_happened_this_turn.py",
    "tests/test_cardtext_current.py::test_the_neo_evolution_condition",
    # a modifier's scope over heads joined by 「または」, the creature breaking, at most N cards
    "tests/test_cardtext_scope.py",
    "tests/test_modelled.py::test_an_effect_in_play_reads_its_conditions_from_its_controller_not_its_card",
    "tests/test_cardtext_current.py::test_a_lasting_ability_of_a_card_on_the_board_is_not_in_play_until_listed",
    # the solver's reading of parts of the card language (a break made instead, a battle partner, untapped cards)
    "tests/test_cardtext_parts.py::test_the_break_a_card_makes_instead_is_its_own",
    "tests/test_cardtext_parts.py::test_only_a_battle_with_the_creature_said_is_replaced",
    "tests/test_cardtext_parts.py::test_only_an_untapped_creature_is_returned",
    # the cards under (crossed to) the watched card, a deck's top cards moved, face-down mana, 「無色」, a choice
    # watched of a card, the fast path's face-up cards
    "tests/test_modelled.py::test_a_card_under_the_evolution_creature_the_event_acts_on_goes_instead",
    "tests/test_modelled.py::test_the_cross_gear_crossed_to_the_creature_the_event_acts_on_goes_instead",
    "tests/test_modelled.py::test_the_top_cards_of_the_deck_put_into_the_mana_or_shield_zone_instead",
    "tests/test_modelled.py::test_the_top_card_of_the_deck_put_somewhere_as_a_follow_up",
    "tests/test_modelled.py::test_a_spell_put_face_down_into_the_mana_zone_instead",
    "tests/test_modelled.py::test_a_face_down_card_of_the_mana_zone_has_no_civilization",
    "tests/test_modelled.py::test_a_card_being_chosen_is_refused_by_name",
    # a grant an effect made: fixed receivers
    "tests/test_modelled.py::test_a_grant_an_effect_made_reaches_no_card_put_into_the_battle_zone_after_it",
    "tests/test_modelled.py::test_a_receiver_that_left_and_came_back_is_a_new_card_without_the_grant",
    "tests/test_modelled.py::test_a_receiver_whose_characteristics_change_keeps_the_grant",
    "tests/test_modelled.py::test_a_break_watched_whole_is_not_replaced_once_a_shield_of_it_was",
    "tests/test_modelled.py::test_a_break_watched_whole_or_a_shields_break_and_both_players_shields_broken_at_once",
    "tests/test_modelled.py::test_a_break_watched_whole_is_still_owed_when_another_replacement_takes_one_of_its_shields_away",
    "tests/test_modelled.py::test_a_break_of_shields_none_of_which_can_be_broken_is_no_event_for_a_text_that_watches_it_whole",
    "tests/test_modelled.py::test_a_break_watched_whole_whose_shields_cannot_be_broken_or_are_taken_away_has_no_event",
    "tests/test_modelled.py::test_a_break_watched_whole_is_excused_only_by_the_decision_that_takes_its_last_shield",
    "tests/test_cardtext_parts.py::test_a_colorless_card_is_one_of_zero_civilization_and_a_card_of_no_civilization_given_is_none",
    "tests/test_schema.py::test_the_fast_path_says_which_cards_were_turned_face_up",
    # what is said again before 「かわりに」, a keyword's holder, another shield than the one broken
    "tests/test_cardtext_parts.py::test_sentences_once_read_wrong_are_refused",
    "tests/test_cardtext_parts.py::test_a_creature_named_with_no_zone_is_one_of_the_battle_zone",
    "tests/test_cardtext_parts.py::test_known_parts_said_in_other_words_read_as_the_same_forms",
    "tests/test_cardtext_parts.py::test_those_wordings_said_of_other_cards_are_refused",
    "tests/test_cardtext_parts.py::test_the_words_that_name_a_replaced_event_again_narrow_or_place_it",
    "tests/test_cardtext_parts.py::test_a_keywords_reminder_watching_a_creature_with_it_watches_its_holder",
    "tests/test_modelled.py::test_another_shield_instead_of_the_one_broken_is_never_that_shield",
    "tests/test_grouping.py::test_cards_a_text_names_by_id_are_not_interchangeable",
    "tests/test_explain.py::test_why_not_names_the_rule",
    "tests/test_modelled.py::test_only_the_cards_past_a_zones_room_overflow_in_board_order",
    "tests/test_modelled.py::test_the_other_creature_of_a_replacements_afterwards_step_is_read_from_its_own_card",
    "tests/test_modelled.py::test_a_battle_zone_is_its_controllers_and_a_creature_over_its_limit_triggers_nothing",
    "tests/test_modelled.py::test_what_a_replacement_does_afterwards_keeps_the_source_of_the_event_it_replaced",
    # heads of different fields (any_of), a loss replaced by nothing
    "tests/test_modelled.py::test_a_count_of_cards_any_of_two_kinds_counts_each_kind_and_no_other",
    "tests/test_modelled.py::test_a_twinpact_passes_a_filter_of_alternatives_with_one_side",
    "tests/test_fixtures.py::test_fixture[V34-alternatives-ultra-saver-aiko]",
    "tests/test_fixtures.py::test_fixture[V33-loss-not-lost-badflare]",
    "tests/test_modelled.py::test_a_card_that_is_not_multicolored_is_one_of_a_single_civilization",
    "tests/test_modelled.py::test_a_colorless_card_is_not_multicolored_and_a_multicolored_one_not_colorless",
    # a triggered ability's triggering replaced, an ability of a card put out
    "tests/test_model_readings.py",
    # the event's creature tapped instead (V43), the super GR zone (118.1)
    "tests/test_fixtures.py::test_fixture[V43-tap-instead-coordinajin]",
    "tests/test_cardtext_parts.py::test_the_events_creature_tapped_instead",
    "tests/test_modelled.py::test_a_gr_creature_put_anywhere_but_the_battle_zone_goes_to_the_super_gr_zone",
    "tests/test_modelled.py::test_a_gr_creature_destroyed_goes_through_the_graveyard_its_destroyed_trigger_triggers",
    "tests/test_fixtures.py::test_fixture[V35-trigger-twice-dekabocchi-borof]",
    "tests/test_fixtures.py::test_fixture[V36-no-trigger-brachio-dranju]",
    "tests/test_fixtures.py::test_fixture[V37-battle-with-this-hasame-ane]",
    "tests/test_fixtures.py::test_fixture[V38-discard-whole-lastol]",
    "tests/test_fixtures.py::test_fixture[V39-battle-both-to-mana-gashigashi]",
    "tests/test_fixtures.py::test_fixture[V40-followup-put-into-battle-lux]",
    "tests/test_fixtures.py::test_fixture[V41-free-enter-barom-quake]",
    # the other creature of the battle a destruction is the result of; a cross gear destroyed instead; a quoted grant
    "tests/test_cardtext_parts.py::test_only_a_destruction_by_a_battle_with_the_creature_said_is_replaced",
    "tests/test_cardtext_parts.py::test_a_destruction_by_a_battle_stated_without_the_battle_is_refused_for_a_partner_filter",
    "tests/test_cardtext_parts.py::test_a_quoted_grant_saves_each_other_creature_of_its_player",
    "tests/test_modelled.py::test_the_cross_gear_crossed_to_the_creature_is_destroyed_instead",
    "tests/test_modelled.py::test_up_to_two_cards_under_this_creature_go_instead",
    "tests/test_cardtext_parts.py::test_a_creature_with_as_many_cards_under_it_as_the_text_says_stays",
    # a cause of either player; acts done instead of others; a player's battle zone; kanji counts
    "tests/test_cardtext_parts.py::test_a_cause_of_either_player_is_either_players_spell",
    # the source in the battle zone, an effect with no source, a twinpact cast, a flip to a bundled card
    "tests/test_modelled.py::test_an_ability_of_a_creature_in_the_battle_zone_is_what_kil_watches",
    "tests/test_modelled.py::test_an_effect_with_no_source_is_refused_where_a_text_reads_its_source",
    "tests/test_twinpact.py",
    "tests/test_modelled.py::test_a_flipped_card_has_the_abilities_of_the_bundled_side_it_flipped_to",
    "tests/test_modelled.py::test_a_side_to_flip_to_whose_text_is_unread_is_refused",
    # Duel Masters Play's: a mandatory replacement made applicable in board order; the order of cards of no place
    "tests/test_modelled.py::test_a_mandatory_replacement_that_the_board_order_makes_applicable_applies",
    "tests/test_modelled.py::test_two_cards_of_the_hand_put_out_instead_into_one_room_are_refused_whatever_their_written_order",
    "tests/test_cardtext_parts.py::test_an_act_a_player_may_do_instead_of_another_replaces_no_event",
    "tests/test_cardtext_parts.py::test_a_players_battle_zone_holds_that_players_creatures",
    "tests/test_cardtext_parts.py::test_a_count_in_kanji_or_digits",
    # the card said to stay, a caster, the first break each turn, a NEO creature evolved (a later review)
    "tests/test_cardtext_wordings.py",
    "tests/test_modelled.py::test_a_neo_creature_counts_as_an_evolution_creature_only_with_a_card_under_it",
    "tests/test_fixtures.py::test_fixture[V55-last-draw-replaced-terminator]",
    "tests/test_filters_alike.py",
    "tests/test_explain.py::test_why_not_refuses_an_event_of_an_action_that_makes_none_so_named",
    "tests/test_explain.py::test_why_names_every_way_that_breaks_the_fewest_rules_not_one_as_the_reason",
    "tests/test_fixtures.py::test_fixture[V56-creature-choice-not-a-hand-choice-raijinten]",
    # readings a hostile review found wrong, now refused
    "tests/test_cardtext_parts.py::test_cards_of_two_kinds_a_condition_asks_for_together_are_refused",
    "tests/test_cardtext_parts.py::test_both_players_cards_counted_with_no_total_said_are_refused",
    "tests/test_cardtext_parts.py::test_what_another_player_does_instead_with_their_own_cards_is_refused",
    "tests/test_cardtext_parts.py::test_a_cards_event_replaced_is_never_set_aside_as_an_effects_own",
    "tests/test_cardtext_parts.py::test_when_a_replacement_may_be_used_said_after_it_is_never_dropped",
    "tests/test_cardtext_parts.py::test_a_kind_of_card_or_a_keyword_is_never_read_as_a_race",
    "tests/test_cardtext_parts.py::test_a_sentence_after_a_replacement_in_its_line_is_never_dropped_nor_set_aside",
    "tests/test_cardtext_parts.py::test_a_card_put_into_the_deck_with_no_place_said_is_refused",
    "tests/test_modelled.py::test_a_card_put_from_the_battle_zone_into_the_graveyard_is_destroyed",
    "tests/test_modelled.py::test_a_card_that_cannot_be_destroyed_is_not_put_from_the_battle_zone_into_the_graveyard",
    "tests/test_modelled.py::test_a_sentence_after_a_replacement_is_replaced_only_after_soshita_baai",
    "tests/test_modelled.py::test_several_cards_put_on_top_of_a_deck_at_once_leave_its_order_to_their_owner",
    "tests/test_modelled.py::test_every_draw_of_a_sono_ato_follow_up_is_part_of_the_replacements_result",
    "tests/test_modelled.py::test_a_card_put_from_the_battle_zone_into_the_graveyard_earlier_was_destroyed_this_turn",
    # the creature breaking, named by more than its player
    "tests/test_cardtext_parts.py::test_the_creature_breaking_must_pass_the_filter",
    # lasting abilities the solver does not apply, a card put under a leaving creature, readings a review found
    "tests/test_statics.py",
    "tests/test_modelled.py::test_a_card_put_under_a_creature_leaving_in_the_same_window_is_refused",
    "tests/test_modelled.py::test_a_grant_to_the_cards_with_a_keyword_reaches_one_a_cross_gear_gives_it",
    "tests/test_cardtext_parts.py::test_a_cards_event_after_a_trigger_is_never_set_aside_as_the_effects_own",
    "tests/test_cardtext_parts.py::test_that_card_names_the_watched_card_by_a_word_of_its_phrase",
    "tests/test_cardtext_parts.py::test_readings_that_would_guess_are_refused",
    # cards stacked under another (200.3a), type words, parts said of one of two
    "tests/test_modelled.py::test_a_card_under_an_evolution_creature_is_no_creature_a_watch_sees",
    "tests/test_modelled.py::test_an_effect_naming_cards_takes_the_card_under_an_evolution_creature_whose_cost_fits",
    "tests/test_modelled.py::test_a_card_put_under_a_card_its_player_picks_that_leaves_in_the_same_window_is_refused",
    "tests/test_cardtext_parts.py::test_a_dragheart_type_is_a_card_type",
    "tests/test_cardtext_parts.py::test_a_type_word_of_the_vocabulary_is_no_race",
    "tests/test_cardtext_parts.py::test_a_dragheart_weapon_watched_is_one_of_that_type",
    "tests/test_cardtext_parts.py::test_a_part_said_of_one_of_two_is_never_read_of_both",
    "tests/test_cardtext_parts.py::test_a_standing_instead_of_this_creatures_own_break_is_no_effects_own",
    "tests/test_modelled.py::test_a_spell_put_back_into_the_zone_it_was_cast_from_triggers_nothing",
    "tests/test_cardtext_parts.py::test_readings_that_would_move_or_ask_the_wrong_card_or_player_are_refused",
    "tests/test_cardtext_parts.py::test_once_each_turn_however_said",
    "tests/test_cardtext_parts.py::test_a_player_putting_cards_somewhere_is_that_players_cards_put_there",
    "tests/test_modelled.py::test_a_trigger_on_several_cards_at_once_triggers_only_if_one_of_them_was_not_replaced",
    "tests/test_modelled.py::test_a_card_over_a_zones_limit_overflows_before_the_effects_next_step",
    "tests/test_modelled.py::test_the_effects_own_instead_is_replaced_further_only_under_dimension_zero",
    "tests/test_cardtext_parts.py::test_a_replacement_keyword_dmrules_cannot_place_is_never_passed_over",
    "tests/test_modelled.py::test_a_grant_to_my_creatures_gives_nothing_to_a_card_in_the_hand",
    # what a review of one-word changes found read wrong; a type a card is not
    "tests/test_cardtext_parts.py::test_what_a_review_of_one_word_changes_found_read_wrong_is_refused",
    "tests/test_cardtext_wordings.py::test_the_watched_creature_that_is_no_psychic_creature_is_the_only_one_replaced",
    "tests/test_cardtext_current.py::test_the_cards_an_earlier_sentence_names_not_once_are_refused",
    # a セイバー given to many chooses its own player's; リサイクル's own cast; who cast a spell said
    "tests/test_fixtures.py::test_fixture[V58-granted-saber-own-creatures-only-bolshack-rider]",
    "tests/test_fixtures.py::test_fixture[T02-recycle-lionel-guard-cast-by-another]",
    "tests/test_fixtures.py::test_fixture[V59-first-break-one-shield-nemes-thebes]",
    "tests/test_fixtures.py::test_fixture[V60-first-break-mandatory-one-of-two]",
    "tests/test_modelled.py::"
    "test_the_shields_broken_at_once_written_one_event_each_are_refused_where_a_text_reads_the_break_whole",
    "tests/test_modelled.py::test_an_effect_in_play_of_the_spell_its_source_cast_applies_to_that_spell",
    "tests/test_cardtext_wordings.py::"
    "test_a_replacement_the_survivor_reminder_gives_the_other_survivors_is_not_read_as_this_cards_alone",
    "tests/test_cardtext_current.py::test_a_spell_cast_with_no_caster_said_is_refused_where_a_text_reads_who_cast_it",
    # a card's event after a follow-up's lead; 「攻撃する時、」 before an effect; a zone's player said on its cards
    "tests/test_cardtext_parts.py::test_a_cards_event_after_a_follow_ups_lead_is_no_effects_own",
    "tests/test_cardtext_parts.py::"
    "test_a_triggered_abilitys_own_instead_in_the_sentence_after_its_effect_is_a_self_replacement",
    "tests/test_cardtext_parts.py::test_near_variants_of_the_dev_sets_parts_are_refused",
    "tests/test_cardtext_parts.py::test_a_limit_no_field_states_after_a_replacement_leaves_it_incomplete",
    "tests/test_cardtext_parts.py::test_the_destroyed_one_after_a_creatures_attack_may_be_the_attacker_and_is_refused",
    "tests/test_cardtext_parts.py::test_what_a_review_of_wrong_readings_found_is_refused",
    "tests/test_cardtext_parts.py::test_near_readings_the_review_left_are_still_read",
    "tests/test_cardtext_parts.py::test_parts_of_the_dev_sets_language_in_new_combinations",
    "tests/test_cardtext_parts.py::test_a_tapped_mill_is_of_the_mana_zone_alone",
    "tests/test_cardtext_parts.py::test_a_misspelt_creature_is_no_race",
    "tests/test_cardtext_parts.py::test_a_condition_on_a_card_the_sentence_before_makes_as_the_event_happens_is_refused",
    "tests/test_cardtext_parts.py::test_a_grant_in_a_players_turns_to_the_opponents_cards_is_refused",
    "tests/test_modelled.py::test_a_spell_or_castle_is_never_put_into_the_battle_zone_instead",
    "tests/test_modelled.py::test_an_evolution_creature_put_into_the_battle_zone_instead_is_refused_by_name",
    "tests/test_modelled.py::test_two_silent_skills_that_take_the_top_cards_of_one_deck_are_refused",
    "tests/test_modelled.py::test_a_spell_cast_with_s_trigger_was_cast_from_the_hand",
    "tests/test_modelled.py::test_this_card_or_others_replaces_this_cards_event_once",
    "tests/test_modelled.py::test_a_keyword_given_in_the_opponents_turn_replaces_in_that_turn_alone",
]
# A failure that says only that something took too long: a test's hang guard (a command run
# with a time limit, ``subprocess.TimeoutExpired``) or the harness's own limit. The fast tests
# assert no time otherwise (bench/run.py measures the timings against their targets).
TIMED_WORDS = ("TimeoutExpired", "Timeout >", "timed out after")
DESELECT = "not byte_identical"
ORACLE_EXAMPLES = "60"


@dataclass(frozen=True)
class Mutant:
    name: str
    path: str
    old: str
    new: str
    what: str


M = Mutant
MUTANTS: list[Mutant] = [
    # -- the six of the rules-fidelity review -------------------------------------------------------
    M(
        "follow-up-unreplaceable",
        "dmrules/solving/nextwindows.py",
        'replace(e, id=f"{label}.{j}", cards=',
        'replace(e, id=f"{label}.{j}", unreplaceable=True, cards=',
        "a 「そうしたら」 sentence made unreplaceable (101.5a)",
    ),
    M(
        "stacked-source-present",
        "asp/common/feasible.lp",
        "present(W) :- w_active_zone(W,Z), w_source(W,C), zone(C,Z), not stacked(C), not flag_missing(W).",
        "present(W) :- w_active_zone(W,Z), w_source(W,C), zone(C,Z), not flag_missing(W).",
        "a card stacked under another still counts as present (609.2)",
    ),
    M(
        "mill-whole-deck-refused",
        "asp/common/feasible.lp",
        "deck_size(P,S), T > S, label(cannot_perform,L).",
        "deck_size(P,S), T >= S, label(cannot_perform,L).",
        "a mill of exactly the whole deck refused (off by one)",
    ),
    M(
        "same-rank-elsewhere-dropped",
        "asp/common/feasible.lp",
        "rank(R2,E2,K2), K2 <= K, event_card(X,C), event_to(X,Z2), Z2 != Z, not brought(R,E,S,C).",
        "rank(R2,E2,K2), K2 < K, event_card(X,C), event_to(X,Z2), Z2 != Z, not brought(R,E,S,C).",
        "cards a same-rank application sends elsewhere are not set aside (609.9a)",
    ),
    M(
        "destroy-n-own",
        "dmrules/reading/abilities.py",
        '"destroy": ("battle", "graveyard", "destroy", "any", ("creature",)),',
        '"destroy": ("battle", "graveyard", "destroy", "own", ("creature",)),',
        "loader: {destroy: N} defaults to its controller's creatures",
    ),
    M(
        "by-opponent-source-controller",
        "asp/common/match.lp",
        "cond_ok(R,E,by_opponent) :- subject_ok(R,E), w_controller(R,P), event_controller(E,Q), P != Q.",
        "cond_ok(R,E,by_opponent) :- subject_ok(R,E), w_controller(R,P), event_source(E,S), controller(S,Q), P != Q.",
        "by_opponent reads the source card's controller, not the effect's",
    ),
    # -- the silent wrong answers of the hostile review, as regressions ----------------------------
    M(
        "players-as-strings",
        "dmrules/solving/facts.py",
        'return Function("pl", [String(name)])',
        "return String(name)",
        "player names and card ids share one namespace",
    ),
    M(
        "choice-unreplaceable-ignored",
        "asp/common/choices.lp",
        "event_unreplaceable(tev(T,C)) :- target(T,C), template_unreplaceable(T).",
        "% (dropped)",
        "unreplaceable ignored on an effect's choice",
    ),
    M(
        "why-not-made-as-string",
        "dmrules/checking/explain.py",
        "event = (events or {}).get(cond.subject, String(cond.subject))",
        "event = String(cond.subject)",
        "why-not looks made events up as strings",
    ),
    M(
        "stream-always-complete",
        "dmrules/solving/run.py",
        "        complete=solution.complete,",
        "        complete=True,",
        "--jsonl's trailer says complete whatever limit cut the list",
    ),
    # -- speed machinery that must not change an answer ----------------------------------------------
    M(
        "prune-skips-bodiless-rules",
        "dmrules/solving/prune.py",
        "    todo += [need for k, (_, needs, meets) in enumerate(rules) if not needs for need in meets]\n",
        "\n",
        "the pruning forgets what rules without a body atom make",
    ),
    M(
        "given-meets-only-unconstrained-needs",
        "dmrules/solving/prune.py",
        "met = tuple(k for k, need in wanted if all(keys[i] == key for i, key in need))",
        "met = tuple(k for k, need in wanted if not need)",
        "the pruning takes a fact for meeting no need that names a constant",
    ),
    M(
        "prefetch-first-windows-only",
        "dmrules/solving/prefetch.py",
        "    for _ in range(max_windows):\n        pending: dict = {}",
        "    for _ in range(1):\n        pending: dict = {}",
        "verify grounds the later windows one by one again",
    ),
    M(
        "kept-scenario-by-name-only",
        "dmrules/reading/scenario.py",
        'return root / f"scenarios-{key}" / f"{content_key(name, raw)}.json"',
        'return root / f"scenarios-{key}" / f"{content_key(name)}.json"',
        "a scenario file changed since it was kept is taken from the cache",
    ),
    M(
        "creature-without-power-passes-no-bound",
        "dmrules/reading/scenario.py",
        'if card.power is None and "creature" in card.types:',
        "if False:",
        "a creature whose power is given nowhere passes no power bound, silently",
    ),
    M(
        "card-without-cost-passes-no-bound",
        "dmrules/reading/scenario.py",
        "if card.cost is None and card.types:",
        "if False:",
        "a card whose cost is given nowhere passes no cost bound, silently (B05 lost アプル)",
    ),
    M(
        "state-key-without-zones",
        "dmrules/solving/windowcache.py",
        "(card_id, id(c.definition), *[getattr(c, f) for f in _CARD_FIELDS]) for card_id, c in scenario.cards",
        "(card_id, id(c.definition)) for card_id, c in scenario.cards",
        "windows met again are matched without where their cards are",
    ),
    M(
        "once-per-turn-forgotten-between-windows",
        "dmrules/solving/engine.py",
        "        spent=card.spent | spent if spent else card.spent,",
        "        spent=card.spent,",
        "an ability used once this turn applies again in a later window of the effect",
    ),
    M(
        "once-per-turn-per-event",
        "asp/common/feasible.lp",
        "rep_once_per_turn(R), #count{ E : apply(R,E) } > 1.",
        "rep_once_per_turn(R), #count{ E : apply(R,E) } > 2.",
        "an ability limited to once a turn applies to two events at once",
    ),
    M(
        "grant-from-anywhere",
        "dmrules/game/grants.py",
        'return card.zone == "battle" and card.under is None\n',
        "return True\n",
        "a card gives its abilities from any zone, not only the battle zone",
    ),
    M(
        "stream-stops-at-the-count",
        "dmrules/solving/engine.py",
        "return self.stopped is not None or self._time_up()",
        "return self._full()",
        "--jsonl calls a list cut short when it holds exactly the count asked for",
    ),
    M(
        "follow-ups-after-next-step",
        "dmrules/solving/engine.py",
        "self._next(advance(window_state, window), follow + queue, new_path)",
        "self._next(advance(window_state, window), queue + follow, new_path)",
        "follow-ups queued after the effect's later steps",
    ),
    M(
        "later-step-same-zone",
        "dmrules/game/realize.py",
        "        if to_zone == card.zone:",
        "        if to_zone == card.zone and self.strict:",
        "a later step moves a card to the zone it is already in",
    ),
    # -- loaders ------------------------------------------------------------------------------------
    M(
        "regular-file-check-dropped",
        "dmrules/reading/yamlsrc.py",
        "        if not stat.S_ISREG(info.st_mode):",
        "        if stat.S_ISSOCK(info.st_mode):",
        "FIFOs and devices are read",
    ),
    M(
        "yaml-leading-zero-int",
        "dmrules/reading/yamlsrc.py",
        '("int", r"^(?:0|-?[1-9][0-9]*)$", "-123456789" + "0")',
        '("int", r"^[-+]?[0-9]+$", "-+0123456789")',
        "YAML 1.2 core ints: 010 read as 10",
    ),
    M(
        "display-chars-only-cc",
        "dmrules/reading/reader.py",
        'UNSAFE_CATEGORIES = frozenset(("Cc", "Cf", "Zl", "Zp"))',
        'UNSAFE_CATEGORIES = frozenset(("Cc",))',
        "bidi overrides and line separators pass",
    ),
    M(
        "discard-n-any",
        "dmrules/reading/abilities.py",
        '"discard": ("hand", "graveyard", "discard", "own", ()),',
        '"discard": ("hand", "graveyard", "discard", "any", ()),',
        "loader: {discard: N} takes any player's hand cards",
    ),
    M(
        "break-to-graveyard",
        "dmrules/game/vocabulary.py",
        '("shields",), "hand", "shields"),',
        '("shields",), "graveyard", "shields"),',
        "loader: a broken shield goes to the graveyard",
    ),
    M(
        "madness-works-in-battle",
        "dmrules/game/abilities.py",
        'if "discard" in watch.events or "leave_hand" in watch.events:',
        'if "leave_hand" in watch.events:',
        "loader: マッドネス works in the battle zone",
    ),
    M(
        "optional-read-inverted",
        "dmrules/solving/facts.py",
        '        "rep_optional": ability.optional,',
        '        "rep_optional": ability.optional and ability.instead[0].kind != "stay",',
        "「てもよい」 lost on replacements that start with stay",
    ),
    # -- filters and matching ------------------------------------------------------------------------
    M(
        "opponent-filter-inverted",
        "asp/common/filters.lp",
        "fails(F,R,X) :- filter_test(F,R,X), filter_whose(F,opponent), w_controller(R,P), side(X,P).",
        "fails(F,R,X) :- filter_test(F,R,X), filter_whose(F,opponent), w_controller(R,P), side(X,Q), P != Q.",
        "「相手の」 read as 「自分の」",
    ),
    M(
        "other-ignored",
        "asp/common/filters.lp",
        "fails(F,R,C) :- filter_test(F,R,C), filter_other(F), w_source(R,C).",
        "% (dropped)",
        "「他の」 ignored",
    ),
    M(
        "type-filter-ignored",
        "asp/common/filters.lp",
        "fails(F,R,C) :- filter_test(F,R,C), card(C), not multi_face(C), filter_type(F,_), not type_hit(F,C).",
        "% (dropped)",
        "card types ignored by filters",
    ),
    M(
        "opponent-turn-inverted",
        "asp/common/match.lp",
        "cond_ok(R,E,opponent_turn) :- subject_ok(R,E), w_controller(R,P), turn_player(Q), P != Q.",
        "cond_ok(R,E,opponent_turn) :- subject_ok(R,E), w_controller(R,P), turn_player(P).",
        "「相手のターン中」 read as 「自分のターン中」",
    ),
    M(
        "leave-is-destroy-only",
        "asp/common/match.lp",
        "class(E,leave) :- event_from(E,battle), event_to(E,Z), Z != battle.",
        "class(E,leave) :- event_kind(E,destroy).",
        "「離れる」 read as 「破壊される」",
    ),
    # -- affected cards ------------------------------------------------------------------------------
    M(
        "event-card-choosable",
        "asp/common/actions.lp",
        "choosable(R,E,S,C), not same_event(R,E,S,C), not other_than(R,E,S,C), not untappable(R,S,C).",
        "choosable(R,E,S,C), not other_than(R,E,S,C), not untappable(R,S,C).",
        "a replacement may choose its own event's card",
    ),
    M(
        "enough-off-by-one",
        "asp/common/actions.lp",
        "enough(R,E,S) :- rwatches(R,E), slot_count(R,S,N), N <= #count{ C : eligible(R,E,S,C) }.",
        "enough(R,E,S) :- rwatches(R,E), slot_count(R,S,N), N < #count{ C : eligible(R,E,S,C) }.",
        "a choice needs one card more than it takes",
    ),
    M(
        "cannot-be-destroyed-ignored",
        "asp/common/restrictions.lp",
        "forbids(mk(C,cannot_be_destroyed),H) :- marker(C,cannot_be_destroyed), mv(H,_,C,_,_,_), mv_class(H,destroy).",
        "% (dropped)",
        "「破壊されない」 forbids no destruction (609.4: chosen or not)",
    ),
    M(
        "untouchable-inverted",
        "asp/common/feasible.lp",
        "marker(C,untouchable), rep_controller(R,P), controller(C,Q), P != Q.",
        "marker(C,untouchable), rep_controller(R,P), controller(C,Q), P = Q.",
        "アンタッチャブル protects from its own controller",
    ),
    M(
        "chosen-twice-allowed",
        "asp/dm/simultaneous.lp",
        "#count{ R,E : affected(R,E,C) } > 1.",
        "#count{ R,E : affected(R,E,C) } > 2.",
        "a card affected by two applications (609.9b)",
    ),
    M(
        "deck-offset-off-by-one",
        "asp/common/actions.lp",
        "zone(C,deck), owner(C,P), deck_pos(C,X), X > K, X <= K+N.",
        "zone(C,deck), owner(C,P), deck_pos(C,X), X >= K, X <= K+N.",
        "a mill or draw takes one card too many from the top",
    ),
    # -- one per event, priority ---------------------------------------------------------------------
    M(
        "two-per-event",
        "asp/dm/once.lp",
        "#count{ R : apply(R,E) } > 1.",
        "#count{ R : apply(R,E) } > 2.",
        "two replacements on one event (609.3)",
    ),
    M(
        "chaining-allowed",
        "asp/dm/once.lp",
        'violation(rule("101.5"), chained(R,E)) :- apply(R,E), result_event(E).',
        'violation(rule("101.5"), chained(R,E)) :- apply(R,E), result_event(E), event_order(E,_).',
        "a replacement's event replaced again (101.5)",
    ),
    M(
        "no-rank-two",
        "asp/dm/priority.lp",
        "rank(R,E,2) :- rwatches(R,E), not rep_self_spell(R), rep_controller(R,P), not turn_player(P).",
        "rank(R,E,1) :- rwatches(R,E), not rep_self_spell(R), rep_controller(R,P), not turn_player(P).",
        "the non-turn player decides with the turn player (609.9a)",
    ),
    M(
        "superseded-obliges",
        "asp/dm/priority.lp",
        "open_mandatory(R,E), not replaced(E), not superseded(E).",
        "open_mandatory(R,E), not replaced(E).",
        "a superseded event still obliges its mandatory replacement",
    ),
    M(
        "optional-obliges",
        "asp/dm/priority.lp",
        "open_mandatory(R,E) :- rwatches(R,E), not rep_optional(R), feasible(R,E), not result_event(E).",
        "open_mandatory(R,E) :- rwatches(R,E), feasible(R,E), not result_event(E).",
        "optional replacements oblige like mandatory ones",
    ),
    M(
        "mandatory-never-obliges",
        "asp/dm/priority.lp",
        'violation(rule("609.1"), mandatory_skipped(R,E)) :- open_mandatory(R,E), not replaced(E), not superseded(E).',
        'violation(rule("609.1"), mandatory_skipped(R,E)) :- open_mandatory(R,E), replaced(E), not replaced(E).',
        "mandatory replacements may be skipped",
    ),
    M(
        "turn-player-first-dropped",
        "asp/dm/priority.lp",
        "apply(R2,E), rank(R2,E,2).",
        "apply(R2,E), rank(R2,E,3).",
        "the non-turn player may apply over the turn player's mandatory one (609.8)",
    ),
    M(
        "taken-upto-strict",
        "asp/common/feasible.lp",
        "taken_upto(C,K,N) :- needed(C,K), N = #count{ R,E : affected(R,E,C), rank(R,E,K2), K2 <= K }.",
        "taken_upto(C,K,N) :- needed(C,K), N = #count{ R,E : affected(R,E,C), rank(R,E,K2), K2 < K }.",
        "cards taken at the same rank do not count against a mandatory replacement",
    ),
    M(
        "superseded-never",
        "asp/common/result.lp",
        "taken_by(E,C,R,E2) :- event_order(E,_), event_card(E,C), affected(R,E2,C), E2 != E, made(X,E2,R),",
        "taken_by(E,C,R,E2) :- event_order(E,_), event_card(E,C), affected(R,E2,C), E2 = E, made(X,E2,R),",
        "an effect's event on a card an application moves still happens (A07, B25)",
    ),
    M(
        "flag-ignored",
        "asp/common/feasible.lp",
        "present(W) :- watcher(W), w_active_zone(W,any), not flag_missing(W).",
        "present(W) :- watcher(W), w_active_zone(W,any).",
        "an effect in play works without the condition word its card needs",
    ),
    M(
        "either-player-cause-opponents",
        "dmrules/reading/cardtext/transform/events.py",
        'else ("by_self",) for o in owners] or [()]',
        'else ("by_self",) for o in owners] or [("by_opponent",)]',
        "「呪文によって」 with no player read as the opponent's spell only",
    ),
    M(
        "act-instead-is-replacement",
        "dmrules/reading/cardtext/parsing.py",
        '+ r"するかわりに、?[^。]*[てで]もよい"',
        '+ r"するかわりに、?[^。]*てはならない"',
        "an act done instead of attacking read as the effect's own replacement",
    ),
    M(
        "own-battle-zone-two-readings",
        "dmrules/reading/cardtext/transform/nouns.py",
        "        return replace(phrase, zone=zone, zone_whose=None, filter=flt)",
        "        return replace(phrase, zone=zone, zone_whose=whose, filter=flt)",
        "「自分のバトルゾーンにある」 and 「バトルゾーンにある自分の」 read as two meanings (refused as ambiguous)",
    ),
    M(
        "kanji-count-off-by-one",
        "dmrules/reading/cardtext/normalize.py",
        'lambda m: str("一二三四五六七八九".index(m.group(1)) + 1)',
        'lambda m: str("一二三四五六七八九".index(m.group(1)))',
        "「二枚」 read as one card",
    ),
    M(
        "both-kinds-read-as-either",
        "dmrules/reading/cardtext/transform/conditions.py",
        "    if phrase.both:",
        "    if phrase.both and not phrase.both:",
        "「AとBがあれば」 read as either of them there",
    ),
    M(
        "no-total-read-as-sum",
        "dmrules/reading/cardtext/transform/conditions.py",
        'if not _typed_tokens(items, "TOTAL") and len(owners) > 1:',
        'if not _typed_tokens(items, "TOTAL") and len(owners) > 2:',
        "「自分と相手の手札が3枚以下」 with no 「合計」 read as the sum",
    ),
    M(
        "other-players-act-as-controllers",
        "dmrules/reading/cardtext/transform/sentences.py",
        '    if actor == "own":\n        return\n',
        "    if actor:\n        return\n",
        "「相手はかわりに手札を2枚捨てる」 read as the controller's discard",
    ),
    M(
        "event-as-condition-effects-own",
        "dmrules/reading/cardtext/textreader.py",
        "    if _EVENT_IF.search(sentence) or _RULES_ACT.search(sentence):",
        "    if _RULES_ACT.search(sentence):",
        "「破壊されれば、かわりに」 set aside as the effect's own, no replacement read",
    ),
    M(
        "in-line-event-effects-own",
        "dmrules/reading/cardtext/textreader.py",
        "earlier = self.line_before if self.line_before is not None else",
        "earlier = None if self.line_before is not None else",
        "a card's event replaced after another ability's sentence set aside as the effect's own",
    ),
    M(
        "when-used-after-dropped",
        "dmrules/reading/cardtext/textreader.py",
        "|[^。]*?(?:1ターンに|各ターン|しか使え|のみ使え|のみ使う|使ってもよい|は使えない))",
        ")",
        "「1ターンに1度しか使えない」 after a replacement dropped as a sentence of its own",
    ),
    M(
        "graveyard-move-no-destruction",
        "asp/common/match.lp",
        "class(E,destroy) :- event_from(E,battle), event_to(E,graveyard).",
        "class(E,destroy) :- event_from(E,battle), event_to(E,mana), event_to(E,graveyard).",
        "a card put from the battle zone into the graveyard is no destruction (「破壊される時」 misses it)",
    ),
    M(
        "graveyard-move-not-forbidden",
        "asp/common/restrictions.lp",
        "mv_class(H,destroy) :- mv(H,_,_,battle,graveyard,_).",
        "mv_class(H,destroy) :- mv(H,destroy,_,battle,graveyard,_).",
        "a card that cannot be destroyed put from the battle zone into the graveyard",
    ),
    M(
        "afterwards-replaceable",
        "asp/common/state.lp",
        "result_event(E) :- event(E), results_window.",
        "result_event(E) :- event(E), results_window, depth(E,D), D > 0.",
        "「。その後、」 after a replacement opens a window its events may be replaced in",
    ),
    M(
        "afterwards-read-as-if-done",
        "dmrules/reading/cardtext/transform/followups.py",
        'return followup_parts(items, "afterwards")',
        'return followup_parts(items, "then")',
        "「その後、」 read as 「そうした場合、」",
    ),
    M(
        "sentence-after-replacement-dropped",
        "dmrules/reading/cardtext/textreader.py",
        "    if _OWN_RESTRICTION.match(sentence):\n        return None\n    return (\n",
        "    if True:\n        return None\n    return (\n",
        "「カードを1枚引く」 after a replacement in its line dropped as an ability of its own",
    ),
    M(
        "deck-place-guessed",
        "dmrules/reading/cardtext/render.py",
        "        if position is None:",
        "        if position is None and not zone:",
        "「山札に戻す」 with no place said read as the deck's bottom",
    ),
    M(
        "deck-top-order-fixed",
        "dmrules/solving/engine.py",
        'if any(placed_at.get(c) == "shuffle" for c in added) or len(top) > 1:',
        'if any(placed_at.get(c) == "shuffle" for c in added):',
        "several cards put on top of a deck at once end in the order the events are listed",
    ),
    M(
        "afterwards-deferred-replaceable",
        "dmrules/solving/engine.py",
        "label=item.label, afterwards=item.step.afterwards)",
        "label=item.label)",
        "the second draw of 「その後、カードを2枚引く」 may be replaced",
    ),
    M(
        "graveyard-move-not-destroyed-this-turn",
        "dmrules/game/conditions.py",
        'e.kind == "destroy" or (e.from_zone, e.to_zone) == ("battle", "graveyard")',
        'e.kind == "destroy"',
        "a card put from the battle zone into the graveyard earlier is not 「破壊されていれば」",
    ),
    M(
        "card-noun-as-race",
        "dmrules/reading/cardtext/transform/nouns.py",
        'if word.endswith("カード"):',
        'if word.endswith("カードの"):',
        "「シールドカード」 read as a race no card has",
    ),
    M(
        "dmps-overflow-one-too-many",
        "asp/dmps/limits.lp",
        "sba(overflow(C)) :- arrived(C,P,Z), first_rank(C,I), room(P,Z,R), I > R.",
        "sba(overflow(C)) :- arrived(C,P,Z), first_rank(C,I), room(P,Z,R), I >= R.",
        "under dmps one card more than the zone's excess overflows",
    ),
    M(
        "dmps-battle-zone-by-owner",
        "asp/dmps/limits.lp",
        "holder(C,battle,P) :- zone(C,battle), controller(C,P).",
        "holder(C,battle,P) :- zone(C,battle), owner(C,P).",
        "under dmps a battle zone's elements counted by owner, not by controller",
    ),
    M(
        "afterwards-keeps-its-own-source",
        "dmrules/solving/engine.py",
        "if item.acts_for is not None:",
        "if False:",
        "a replacement's 「その後、」 step attributed to the replacement's card, not to the replaced event's source",
    ),
    M(
        "grouping-ignores-id-filters",
        "dmrules/solving/grouping.py",
        "        named.update(flt.ids)\n",
        "        pass\n",
        "a card a text names by id (``id: [h1]``) grouped with the cards like it",
    ),
    M(
        "self-replaced-cited-as-impossible",
        "asp/dm/labels.lp",
        'label(self_replaced,"101.5a").',
        'label(self_replaced,"609.4").',
        "an event of an effect's own 「かわりに」 cited as an action that cannot be done",
    ),
    M(
        "other-shield-may-be-the-broken-one",
        "asp/common/actions.lp",
        "not same_event(R,E,S,C), not other_than(R,E,S,C), not untappable(R,S,C).",
        "not same_event(R,E,S,C), not untappable(R,S,C).",
        "「かわりに自分の他のシールドを」 may take the shield being broken",
    ),
    M(
        "keyword-holder-any-creature",
        "dmrules/reading/cardtext/textreader.py",
        'sentence = re.sub(f"({word})" + r"を持つクリーチャーが", r"\\1を得たクリーチャーが", sentence)',
        "sentence = sentence",
        "「「エスケープ」を持つクリーチャーが」 in its own reminder read as every creature with the keyword",
    ),
    M(
        "leave-to-graveyard-widened",
        "dmrules/reading/cardtext/transform/sentences.py",
        'return replace(watch, to_zone="graveyard")',
        "return watch",
        "「離れる時、墓地に置くかわりに」 replaces every leaving",
    ),
    M(
        "this-said-again-of-another-card",
        "dmrules/reading/cardtext/transform/instead.py",
        'if watch.subject != "this":\n            raise ReadError(f"「{ref}」 before',
        'if False:\n            raise ReadError(f"「{ref}」 before',
        "「このクリーチャーを…かわりに」 after another card's event read as that card's",
    ),
]

# Mutants that change nothing observable, with the reason (none at present).
MUTANTS += [
    # -- slips of the vocabulary (tests/test_slips.py) ---------------------------------------------
    M(
        "power-max-strict",
        "asp/common/filters.lp",
        "filter_power_max(F,N), power(C,K), K > N.",
        "filter_power_max(F,N), power(C,K), K >= N.",
        "「パワーN以下」 leaves out power exactly N (a bound hit exactly)",
    ),
    M(
        "power-max-strict-python",
        "dmrules/game/grants.py",
        "(high is None or value <= high)",
        "(high is None or value < high)",
        "the Python-side filters leave out a bound hit exactly (「…以下」 of 「すべて」, counts, grants)",
    ),
    M(
        "not-type-ignored",
        "asp/common/filters.lp",
        "fails(F,R,C) :- filter_test(F,R,C), card(C), filter_not_type(F,T), card_type(C,T).",
        "% (dropped)",
        "「クリーチャーではない」 ignored",
    ),
    M(
        "not-type-ignored-python",
        "dmrules/game/grants.py",
        "if any(t in kinds for t in flt.not_types):",
        "if False and any(t in kinds for t in flt.not_types):",
        "「クリーチャーではない」 ignored by the Python-side filters",
    ),
    M(
        "restriction-any-zone",
        "asp/common/restrictions.lp",
        "res_present(X) :- res_active_zone(X,Z), res_source(X,C), zone(C,Z), not stacked(C).",
        "res_present(X) :- restriction(X).",
        "a restriction ability works from any zone",
    ),
    M(
        "untouchable-choice",
        "asp/common/choices.lp",
        "target_bad(T,C) :- target_ok(T,C), marker(C,untouchable), template_chooser(T,P), controller(C,Q), P != Q.",
        "% (dropped)",
        "an effect's choice takes an opponent's アンタッチャブル",
    ),
    M(
        "shield-to-hand-any",
        "dmrules/reading/abilities.py",
        '"shield_to_hand": ("shields", "hand", "add_to_hand", "own", ()),',
        '"shield_to_hand": ("shields", "hand", "add_to_hand", "any", ()),',
        "{shield_to_hand: N} takes any player's shields",
    ),
    M(
        "every-takes-stacked",
        "dmrules/game/realize.py",
        "            and (c.under is None or names_cards(spec.every))\n",
        "",
        "「すべて」 also takes the cards stacked under others, whatever it names",
    ),
    M(
        "other-ignored-python",
        "dmrules/game/grants.py",
        "if flt.other and card.id == source:",
        "if False and flt.other and card.id == source:",
        "「他の」 ignored by the Python-side filters (grants, counts)",
    ),
    M(
        "multicolor-one-civ",
        "dmrules/game/cards.py",
        "    if len(civilizations) > 1:",
        "    if len(civilizations) >= 1:",
        "a card of one civilization counted as multicoloured (the solver's facts and the grants alike)",
    ),
    M(
        "shields-at-least-strict",
        "dmrules/game/conditions.py",
        "return mine >= len(shields) - mine",
        "return mine > len(shields) - mine",
        "「自分のシールドの数が相手以上であれば」 fails on equal counts",
    ),
    M(
        "by-self-any",
        "asp/common/match.lp",
        "cond_ok(R,E,by_self) :- subject_ok(R,E), w_controller(R,P), event_controller(E,P).",
        "cond_ok(R,E,by_self) :- subject_ok(R,E).",
        "「自分の効果によって」 holds for any player's effect",
    ),
    M(
        "by-creature-any",
        "asp/common/match.lp",
        "cond_ok(R,E,by_creature) :- subject_ok(R,E), event_source(E,C), card_type(C,creature).",
        "cond_ok(R,E,by_creature) :- subject_ok(R,E).",
        "「クリーチャーの能力によって」 holds for any source",
    ),
    M(
        "trigger-any-zone",
        "asp/common/result.lp",
        "triggers_on(T,E) :- trigger(T), watches(T,E), happens(E), present(T), not leaves_now(T), not no_trigger(E).",
        "triggers_on(T,E) :- trigger(T), watches(T,E), happens(E), not leaves_now(T), not no_trigger(E).",
        "a triggered ability triggers from any zone",
    ),
    M(
        "flipped-weapon-returns",
        "asp/common/result.lp",
        "hyperspatial_card(W), not moved(W), not flipped(W), goes(C,Z), Z != battle.",
        "hyperspatial_card(W), not moved(W), goes(C,Z), Z != battle.",
        "a weapon that flips still returns to the hyperspatial zone with its creature",
    ),
    M(
        "tapped-event-card-still-tapped",
        "asp/common/feasible.lp",
        "would_tap(R,E,G) :- rwatches(R,E), does(R,_,tap_event), event_card(E,G).",
        "would_tap(R,E,G) :- rwatches(R,E), does(R,_,tap_event), event_card(E,G), not event_card(E,G).",
        "a mandatory 「破壊するかわりにタップする」 still obliges on a creature that is tapped already (0 resolutions)",
    ),
    M(
        "untapped-card-untapped-instead",
        "asp/common/feasible.lp",
        "untaps(R,E,G), does(R,_,untap_event), not tapped(G), label(cannot_perform,L).",
        "untaps(R,E,G), does(R,_,untap_event), not tapped(G), not tapped(G), label(cannot_perform,L), 1 = 2.",
        "an untapped creature may be 「アンタップする」 instead of destroyed (2 resolutions, 1 expected)",
    ),
    M(
        "untap-instead-obliges-untapped",
        "asp/common/feasible.lp",
        "tap_blocked(R,E) :- obliging(R), rwatches(R,E), does(R,_,untap_event), event_card(E,G), not tapped(G).",
        "tap_blocked(R,E) :- obliging(R), rwatches(R,E), does(R,_,untap_event), event_card(E,G), not tapped(G), 1 = 2.",
        "a mandatory 「かわりにアンタップする」 still obliges on an untapped creature (0 resolutions)",
    ),
    M(
        "under-watched-with-nothing-under",
        "asp/common/feasible.lp",
        "event_card(E,T), not has_source_under(T).",
        "event_card(E,T), not has_source_under(T), 1 = 2.",
        "「その下にあるカードは…」 applies to a creature with nothing under it (2 resolutions, 1 expected)",
    ),
    M(
        "under-watched-cards-go-with-it",
        "asp/common/actions.lp",
        "event_to(res(R,E,I,U),Z) :- made(res(R,E,I,U),E,R), does(R,I,under_watched_to(Z)).",
        "event_to(res(R,E,I,U),graveyard) :- made(res(R,E,I,U),E,R), does(R,I,under_watched_to(Z)).",
        "the cards under the destroyed creature go to the graveyard, not where the text sends them",
    ),
    M(
        "under-watched-takes-placed-cards",
        "asp/common/actions.lp",
        "under(U,T), not placed_under(U),\n                          depth(E,D), D < max_depth.",
        "under(U,T),\n                          depth(E,D), D < max_depth.",
        "a card put under the creature otherwise goes with its pile to where the text sends the evolution sources",
    ),
    M(
        "under-watched-shared-answered",
        "asp/common/feasible.lp",
        "event_card(E2,T), R2 != R.",
        "event_card(E2,T), R2 != R, 1 = 2.",
        "the pile sent elsewhere beside the creature's own replacement is answered, not refused by name",
    ),
    M(
        "attacking-always",
        "dmrules/game/conditions.py",
        '"this_attacking": ATTACKING,',
        '"this_attacking": LINKED,',
        "「このクリーチャーが攻撃中に…時」 read from another flag than 'attacking'",
    ),
    M(
        "blocking-any-battle",
        "asp/common/match.lp",
        'cond_ok(R,E,blocking) :- subject_ok(R,E), event_by(E,battle), event_card(E,C), flag(C,"blocking").',
        "cond_ok(R,E,blocking) :- subject_ok(R,E), event_by(E,battle).",
        "「ブロックしたバトルで破壊される時」 watches a battle's destruction of a creature that does not block",
    ),
    M(
        "turn-draw-any-draw",
        "asp/common/match.lp",
        "cond_ok(R,E,turn_start) :- subject_ok(R,E), event_by(E,rule), turn_start_of(E,P), turn_player(P).",
        "cond_ok(R,E,turn_start) :- subject_ok(R,E), turn_start_of(E,P), turn_player(P).",
        "「自分のターンのはじめにカードを引く時」 watches a draw an effect makes",
    ),
    M(
        "follow-up-exchange-set-aside",
        "dmrules/reading/cardtext/textreader.py",
        '    return group is None and _CARD_EVENT_WATCHED.search(line_before or "") is None',
        "    return True",
        "「そうしたら、そのかわりに…」 after a replacement set aside as replacing no event, what it adds dropped",
    ),
    M(
        "blind-any-hand",
        "dmrules/reading/cardtext/render.py",
        'if (slot.from_zone, slot.verb, flt) != ("hand", "discard", Filter(whose="opponent")) or slot.count is None:',
        "if False:",
        "a blind choice of the player's own hand rendered as the opponent's (the form no longer checked)",
    ),
    M(
        "tap-choice-takes-tapped",
        "asp/common/actions.lp",
        "untappable(R,S,C) :- slot(R,S), slot_verb(R,S,tap), tapped(C).",
        "untappable(R,S,C) :- slot(R,S), slot_verb(R,S,tap), tapped(C), #false.",
        "a card already tapped chosen to be tapped instead",
    ),
    M(
        "blocking-condition-always",
        "dmrules/game/conditions.py",
        '"this_blocking": BLOCKING,',
        '"this_blocking": ATTACKING,',
        "「このクリーチャーがブロックしていれば」 read from another flag than 'blocking'",
    ),
    M(
        "gr-creature-stays-where-put",
        "asp/common/result.lp",
        "home(C,gr) :- gr_card(C).",
        "home(C,gr) :- gr_card(C), not arrives(C,graveyard).",
        "a destroyed GR creature stays in the graveyard (118.1 ignored)",
    ),
    M(
        "gr-creature-never-enters",
        "asp/common/result.lp",
        "final(C,Z) :- arrives(C,Z), home(C,_), Z = battle.",
        "final(C,Z) :- arrives(C,Z), home(C,_), Z = battle, not gr_card(C).",
        "a GR creature put into the battle zone from the super GR zone ends nowhere",
    ),
    # -- every situation has a legal resolution (tests/test_every_situation.py) ------------------
    M(
        "once-per-turn-elsewhere-ignored",
        "asp/common/feasible.lp",
        "not ignored_by_effect(R,E), not used_elsewhere(R,E),",
        "not ignored_by_effect(R,E),",
        "a mandatory 「各ターンに1度」 applied to one event still obliges on the other (0 resolutions)",
    ),
    M(
        "tapped-creature-still-obliged",
        "asp/common/feasible.lp",
        "not tap_blocked(R,E), not group_gone(R,E),",
        "not group_gone(R,E),",
        "a mandatory 「タップして」 replacement whose creature is tapped still obliges",
    ),
    M(
        "group-replaced-still-obliges",
        "asp/common/feasible.lp",
        "not tap_blocked(R,E), not group_gone(R,E),",
        "not tap_blocked(R,E),",
        "a break replaced as a whole still obliges a per-shield replacement",
    ),
    M(
        "forbidden-mill-still-obliged",
        "asp/common/feasible.lp",
        "not members_taken(R,E), not deck_blocked(R,E), not ex_life_taken(R,E),",
        "not members_taken(R,E), not ex_life_taken(R,E),",
        "a mandatory mill instead that a restriction forbids still obliges",
    ),
    M(
        "one-shot-not-used-up",
        "asp/sequential/duration.lp",
        "used_elsewhere(R,E) :- rwatches(R,E), rep_once(R), apply(R,E2), E2 != E, not applied_in_chain(R,E).",
        "% (dropped)",
        "sequential: a one-shot effect applied to one event still obliges on the other",
    ),
    M(
        "zero-resolutions-answered",
        "dmrules/solving/engine.py",
        "            raise no_resolution(window_state, len(path) + 1, item.label)",
        "            pass",
        "a window with no legal resolution answered as a result, not an internal error",
    ),
    M(
        "chains-repeat",
        "asp/common/match.lp",
        "rwatches(R,E) :- watches(R,E), replacement(R), chains, fresh(R,E).",
        "rwatches(R,E) :- watches(R,E), replacement(R), chains.",
        "sequential: a chain offers a replacement what it made (the ground program explodes)",
    ),
    # -- no traceback, names, the cache -----------------------------------------------------------
    M(
        "long-sentence-parsed",
        "dmrules/reading/cardtext/parsing.py",
        "    if len(sentence) > MAX_SENTENCE:\n        raise ReadError(",
        "    if False:\n        raise ReadError(",
        "a sentence longer than any printed one is given to the grammar (time more than linear)",
    ),
    M(
        "named-zone-ignored",
        "dmrules/reading/named.py",
        "    if card.zone != zone:",
        "    if False:",
        "a choice naming a card of another zone is not refused (it chooses nothing, silently)",
    ),
    M(
        "cache-signature-ignored",
        "dmrules/cache.py",
        'if expected is None or not hmac.compare_digest(header["mac"], expected):',
        "if expected is None:",
        "an edited cache entry is believed",
    ),
    M(
        "verify-name-raw",
        "dmrules/checking/verify.py",
        "path, problems = _one_line(result.path), [_one_line(p) for p in result.problems]",
        "path, problems = result.path, [_one_line(p) for p in result.problems]",
        "verify prints a file name with its line breaks",
    ),
    M(
        "parse-text-raw",
        "dmrules/presenting/cardtext_view.py",
        'lines.append(f"  「{visible(sentence.text)}」")',
        'lines.append(f"  「{sentence.text}」")',
        "cards parse prints a text's escape sequences raw",
    ),
    # -- the vocabulary added for printed texts: breaks made instead, battle partners, the judge, untapped --
    M(
        "break-instead-moves",
        "asp/common/actions.lp",
        "verb_kind(break,break).",
        "verb_kind(break,move).",
        "a shield a card breaks instead is moved, not broken (V30: it is no broken shield)",
    ),
    M(
        "break-instead-needs-no-shield",
        "asp/common/actions.lp",
        "own_break(X) :- made(X,E,R), X = res(R,E,I,C), does(R,I,choose(S)), slot_verb(R,S,break).",
        "own_break(X) :- made(X,E,R), X = res(R,E,I,C), does(R,I,choose(S)), slot_verb(R,S,break), C != C.",
        "a break made instead keeps the replaced event's source and controller",
    ),
    M(
        "partner-unchecked",
        "asp/common/match.lp",
        "zone_bad(R,E) :- subject_ok(R,E), watch_partner(R,_), not partner_ok(R,E).",
        "",
        "「相手のクリーチャーとバトルする時」 watches a battle with any creature",
    ),
    M(
        "won-judge-always",
        "dmrules/game/conditions.py",
        '"won_judge": WON_JUDGE}',
        '"won_judge": LINKED}',
        "「自分が勝ったら」 read from another flag than 'won_judge'",
    ),
    M(
        "untapped-always",
        "dmrules/game/cards.py",
        'out = {"tapped" if card.tapped else "untapped"}',
        'out = {"tapped" if card.tapped else "untapped", "untapped"}',
        "a tapped card passes 「タップされていない」",
    ),
    M(
        "under-watched-any-stack",
        "asp/common/actions.lp",
        "slot_from(R,S,under_watched), event_card(E,T), under(C,T).",
        "slot_from(R,S,under_watched), event_card(E,_), under(C,T).",
        "「その進化クリーチャーの下にあるカード」 takes a card under any creature",
    ),
    M(
        "crossed-watched-any-gear",
        "asp/common/actions.lp",
        "slot_from(R,S,crossed_to_watched), event_card(E,T),\n                            equipped(C,T),",
        "slot_from(R,S,crossed_to_watched), event_card(E,T),\n                            zone(C,battle),",
        "「そのクリーチャーにクロスされているクロスギア」 takes a cross gear crossed to nothing",
    ),
    M(
        "deck-top-not-short",
        "asp/common/feasible.lp",
        "violation(rule(L), deck_short(R,E,P)) :- deck_action(R,E,_,P,_,_,K), K != draw, deck_taken(R,E,_,P,T),",
        "violation(rule(L), deck_short(R,E,P)) :- deck_action(R,E,_,P,_,_,mill), deck_taken(R,E,_,P,T),",
        "a deck too short for the top cards put into the shield zone does not keep the replacement from applying",
    ),
    M(
        "face-down-not-shown",
        "asp/show.lp",
        "#show face_down_now/1.",
        "",
        "a card put face down into the mana zone is not said to be face down",
    ),
    M(
        "face-down-mana-keeps-civilization",
        "dmrules/game/cards.py",
        '    if card.zone == "mana" and card.side_up == "face_down":\n        # 「マナゾーンにある',
        "    if False:\n        # 「マナゾーンにある",
        "a face-down card of the mana zone keeps its civilization",
    ),
    M(
        "colorless-any-card",
        "dmrules/game/cards.py",
        'if civilizations == {"zero"} or (card.zone == "mana" and card.side_up == "face_down"):',
        'if civilizations <= {"zero"} or (card.zone == "mana" and card.side_up == "face_down"):',
        "a card that states no civilization passes 「無色」",
    ),
    M(
        "card-chosen-allowed",
        "dmrules/game/abilities.py",
        "    if _card_chosen(ability.watch):",
        "    if False and _card_chosen(ability.watch):",
        "a watch of a card's being chosen, which never matches, is solved",
    ),
    M(
        "brief-drops-face-up",
        "asp/brief.lp",
        "#show face_up_now(C) : face_up_now(C).",
        "",
        "the fast JSON path drops the cards turned face up",
    ),
    M(
        "alternatives-ignored",
        "asp/common/filters.lp",
        "fails(F,R,X) :- filter_test(F,R,X), filter_alt(F,_), not alt_hit(F,R,X).",
        "",
        "a filter of alternatives passes a card that is none of them",
    ),
    M(
        "alternatives-all",
        "asp/common/filters.lp",
        "fails(F,R,X) :- filter_test(F,R,X), filter_alt(F,_), not alt_hit(F,R,X).",
        "fails(F,R,X) :- filter_test(F,R,X), filter_alt(F,G), not filter_ok(G,R,X).",
        "a card must pass every alternative of a filter",
    ),
    M(
        "alternatives-counted-any",
        "dmrules/game/grants.py",
        "        return _passes(common, card, controller, source, board) and any(",
        "        return _passes(common, card, controller, source, board) or any(",
        "a count of cards of alternatives counts a card of none of them",
    ),
    M(
        "alternatives-no-face-parts",
        "dmrules/game/filters.py",
        "    return common, tuple(replace(alt, **face) for alt in flt.any_of)",
        "    return flt, tuple(flt.any_of)",
        "the parts of a filter of alternatives that read one face are checked apart from the alternative's",
    ),
    M(
        "not-property-ignored",
        "asp/common/filters.lp",
        "fails(F,R,C) :- filter_test(F,R,C), card(C), filter_not_property(F,X), card_property(C,X).",
        "",
        "「多色ではない」 passes a multicolored card",
    ),
    M(
        "trigger-change-any-card",
        "asp/common/result.lp",
        "trigger_card_ok(R,C) :- trigger_change(R,_), watch_filter(R,F), filter_ok(F,R,C).",
        "trigger_card_ok(R,C) :- trigger_change(R,_), watch_filter(R,F), card(C).",
        "a trigger change reads the triggered abilities of every card, not those its filter names",
    ),
    M(
        "trigger-change-any-event",
        "asp/common/result.lp",
        "trigger_hit(R,T,E) :- trigger_change(R,O), triggers_on(T,E), watches(O,E), present(R), trg_source(T,C),",
        "trigger_hit(R,T,E) :- trigger_change(R,O), triggers_on(T,E), present(R), trg_source(T,C),",
        "a trigger change changes triggers on every event, not those it watches",
    ),
    M(
        "trigger-change-not-optional",
        "asp/common/result.lp",
        "{ trigger_changed(R,T,E) } :- trigger_hit(R,T,E), rep_optional(R).",
        "trigger_changed(R,T,E) :- trigger_hit(R,T,E), rep_optional(R).",
        "an optional trigger change cannot be declined",
    ),
    M(
        "trigger-twice-once",
        "asp/common/result.lp",
        "trigger_times(T,E,N) :- trigger_changed(R,T,E), does(R,_,trigger(N)), N > 1.",
        "",
        "a trigger made to trigger twice is counted once",
    ),
    M(
        "enter-trigger-none",
        "asp/common/result.lp",
        "event_to(E,Z), trg_active_zone(T,Z), event_from(E,Z0), Z0 != Z, not flag_missing(T), not no_trigger(E).",
        "event_to(E,Z), trg_active_zone(T,Z), event_from(E,Z0), Z0 = Z, not flag_missing(T), not no_trigger(E).",
        "an ability of a card put where it works does not trigger on its own card's event",
    ),
    M(
        "cards-under-count-ignored",
        "dmrules/game/conditions.py",
        "return count_within(condition, sum(other.under == card.id for other in state.cards.values()))",
        "return sum(other.under == card.id for other in state.cards.values()) >= 1",
        "「下にカードが3枚以上あれば」 holds with one card under it",
    ),
    M(
        "battle-destroyed-partner-any",
        "asp/common/match.lp",
        "event_partner(E,B), filter_ok(F,R,B).",
        "event_partner(E,B).",
        "「パワー6000以上のクリーチャーとのバトルで破壊される時」 holds for a battle with any creature",
    ),
    M(
        "battle-destroyed-partner-unknown",
        "asp/common/match.lp",
        "reads_partner(R) :- watch_partner(R,_), watch_cond(R,by_battle).",
        "reads_partner(R) :- watch_partner(R,_), watch_cond(R,never).",
        "a destruction by a battle stated without its battle is read as if no creature passed the partner filter",
    ),
    M(
        "battle-with-anyone",
        "asp/common/match.lp",
        "cond_ok(R,E,battle_with_this) :- subject_ok(R,E), event_by(E,battle), w_source(R,C), event_partner(E,C).",
        "cond_ok(R,E,battle_with_this) :- subject_ok(R,E), event_by(E,battle).",
        "「このクリーチャーとのバトルによって」 holds for a battle with any creature",
    ),
    M(
        "battle-partner-unknown-read",
        "asp/common/match.lp",
        "reads_partner(R), event_by(E,battle), not event_partner(E,_).",
        "reads_partner(R), event_by(E,never), not event_partner(E,_).",
        "a destruction by battle with no battle stated is listed as if no battle with this card made it",
    ),
    M(
        "discard-split-listed",
        "asp/common/match.lp",
        "unmodelled(discard_split) :- split_discard(R,E1), split_discard(R,E2), E1 != E2.",
        "",
        "a discard watched whole, stated as events of its own cards, is listed as if each were the whole",
    ),
    M(
        "discard-whole-each-card",
        "asp/common/match.lp",
        "zone_bad(R,E) :- subject_ok(R,E), watch_once(R), event_group(E,_).",
        "",
        "a break or a discard watched whole is also watched card by card",
    ),
    M(
        "partner-to-stays",
        "asp/common/actions.lp",
        "made(res(R,E,I,C),E,R) :- apply(R,E), does(R,I,partner_to(_)), event_partner(E,C), depth(E,D), D < max_depth.",
        "",
        "the other creature of the battle stays where it is",
    ),
    M(
        "partner-to-not-affected",
        "asp/common/feasible.lp",
        "partner_of(R,E,C) :- rwatches(R,E), does(R,_,partner_to(_)), event_partner(E,C).",
        "",
        "the other creature of the battle a replacement moves is not a card it acts on",
    ),
    M(
        "free-enter-none",
        "asp/common/match.lp",
        "event_cause(E,free) :- class(E,enter), not summoning(E).",
        "",
        "a card an effect puts into the battle zone is not put there without its cost paid",
    ),
    M(
        "summon-cost-guessed",
        "asp/common/match.lp",
        "                                   not event_cause(E,paid).",
        "                                   not event_cause(E,paid), event_cause(E,never).",
        "a summon whose payment is not given is taken as paid",
    ),
    # -- what happened this turn, the creature an effect chose, a card's lasting ability, NEO evolution --------
    M(
        "history-of-earlier-windows-dropped",
        "dmrules/solving/engine.py",
        "happened_this_turn=state.happened_this_turn + past,",
        "happened_this_turn=state.happened_this_turn,",
        "what an earlier window of the effect made happen is not what happened this turn for the later windows",
    ),
    M(
        "history-not-in-the-window-key",
        "dmrules/solving/windowcache.py",
        "        scenario.happened_this_turn,\n",
        "",
        "two states that differ only in what happened this turn share their windows",
    ),
    M(
        "history-other-of-the-window-unchecked",
        "dmrules/game/conditions.py",
        "if flt.other and in_window and",
        "if False and",
        "「他の」 of a count of past events answered although the watched card changes the answer",
    ),
    M(
        "lasting-ability-of-a-card-in-play",
        "dmrules/solving/facts.py",
        "            if ability.duration is not None:\n                continue",
        "            if False:\n                continue",
        "a card's lasting ability (an effect its spell or ability creates) works as the card's own",
    ),
    M(
        "neo-evolved-any-evolution",
        "dmrules/game/grants.py",
        'return "neo" in card.types and card.id in board.stacked',
        "return card.id in board.stacked",
        "「これがNEO進化クリーチャーなら」 holds for an evolution creature that is no NEO creature",
    ),
    M(
        "static-changes-unchecked",
        "dmrules/reading/scenario.py",
        "        checks.check_static_changes(granted)\n",
        "",
        "a lasting ability that changes a power, a race or a civilization is answered as if it were not there",
    ),
    M(
        "static-chosen-any-chooser",
        "dmrules/reading/scenario.py",
        '                if kind == "chosen" and not choosers - {card.controller}:',
        '                if kind == "chosen" and False:',
        "a card its opponent cannot choose refuses a scenario in which only its own player chooses",
    ),
    M(
        "under-leaving-unchecked",
        "asp/common/after.lp",
        "unmodelled(under_leaving) :- goes_under(C,T), zone(T,battle), not final(T,battle), not onto_done(T,C).",
        "",
        "a card put under a creature that leaves in the same window ends under a card in the graveyard",
    ),
    M(
        "crossed-keywords-after-grants",
        "dmrules/game/grants.py",
        "                else card_passes(ability.granted_to, receiver, controller, giver, board)",
        "                else card_passes(ability.granted_to, card, controller, giver, board)",
        "a grant to the blockers misses the creature a cross gear makes a blocker",
    ),
    M(
        "first-break-of-controllers-shields",
        "asp/common/match.lp",
        "event_kind(E,break), event_card(E,S), owner(S,P),",
        "event_kind(E,break), w_controller(R,P),",
        "「各ターンはじめて相手のシールドが…」 reads whether the controller's own shields were broken this turn",
    ),
    M(
        "first-break-by-a-creature-read",
        "dmrules/reading/cardtext/transform/sentences.py",
        "    if watch.by_card is not None or set(watch.conditions) & _BY_A_CARD:",
        "    if False:",
        "「各ターンはじめてこのクリーチャーがシールドをブレイクする時」 read as the first break of those shields",
    ),
    M(
        "caster-read-as-owner",
        "dmrules/reading/cardtext/transform/events.py",
        '        cause = "by_self" if caster == "own" else "by_opponent"',
        '        cause = "by_self"',
        "「相手が水の呪文を唱えた後」 read as the spells this player casts",
    ),
    M(
        "own-player-moves-at-their-option",
        "dmrules/reading/cardtext/normalize.py",
        '(?=(?:山札|手札|マナゾーン|墓地|シールドゾーン))(?![^。]*?てもよい)"',
        '(?=(?:山札|手札|マナゾーン|墓地|シールドゾーン))"',
        "「かわりに相手は…自身の手札に戻してもよい」 read as the ability's controller's option",
    ),
    M(
        "own-player-of-a-condition",
        "dmrules/reading/cardtext/normalize.py",
        'r"^((?:[^。]*?、)?(相手|自分)の[^、。]*?が[^、。]*?時、)かわりに、?\\2は',
        'r"^((?:[^。]*?、)?(相手|自分)の[^、。]*?が[^。]*?時、)かわりに、?\\2は',
        "the player who moves the watched card taken from a condition before the watched event",
    ),
    M(
        "kind-said-after-negation-dropped",
        "dmrules/reading/cardtext/normalize.py",
        '        return f"{lead}{whose}の{mods}{kind}ではない{head}が{event}、"',
        '        return f"{lead}{whose}の{mods}{kind}{head}が{event}、"',
        "「それがドラゴンでなければ」 read as the watched card being a ドラゴン",
    ),
    M(
        "last-card-draw-never-watched",
        "asp/common/match.lp",
        "cond_ok(R,E,last_card) :- subject_ok(R,E), last_draw(E).\n",
        "",
        "「山札の最後の1枚を引く時」 never watches the draw of the last card",
    ),
    M(
        "creature-choice-any-choice",
        "dmrules/reading/cardtext/transform/events.py",
        '        if kind == "choose":  # 「相手がクリーチャーを選ぶ時」: a choice of creatures, in the battle zone',
        "        if False:",
        "「相手がクリーチャーを選ぶ時」 watches every choice the opponent makes, of cards of the hand too",
    ),
    M(
        "s-trigger-reading-kept",
        "dmrules/reading/cardtext/normalize.py",
        '    ("S(シールド)・トリガー", "S・トリガー"),\n    ("ときは、", "時、"),',
        '    ("ときは、", "時、"),',
        "「(その「S(シールド)・トリガー」は使えない)」 passed over: the shield's S・トリガー may be used",
    ),
    M(
        "not-used-in-brackets-passed-over",
        "dmrules/reading/cardtext/textreader.py",
        "しか使え|のみ使え|のみ使う|使ってもよい|は使えない))",
        "しか使え|のみ使え|のみ使う|使ってもよい))",
        "「(「S・トリガー」は使えない)」 after a replacement passed over as an explanation",
    ),
    M(
        "shield-leaving-any-card",
        "dmrules/reading/cardtext/normalize.py",
        '        r"\\1\\2の\\3城ではないカードが\\4シールドゾーンを離れる",',
        '        r"\\1\\2の\\3カードが\\4シールドゾーンを離れる",',
        "「自分のシールドが離れる時」 watches a castle leaving the shield zone",
    ),
    M(
        "either-type-any-count",
        "dmrules/reading/cardtext/normalize.py",
        "クリーチャー(1)体または\\1(タマシード|クロスギア)を\\2(?:枚|つ)",
        "クリーチャー(\\d+)体または\\1(タマシード|クロスギア)を\\2(?:枚|つ)",
        "「クリーチャー2体またはタマシードを2枚」 read as two cards of either type, mixed",
    ),
    M(
        "that-player-may-read-as-mine",
        "dmrules/reading/cardtext/transform/instead.py",
        "    if clause.optional and not own:",
        "    if False:",
        "「かわりにそのプレイヤーは…てもよい」 of the opponent's card read as the controller's option",
    ),
    M(
        "kind-said-after-of-another-card",
        "dmrules/reading/cardtext/normalize.py",
        "    if _NAMES_ANOTHER.search(event):\n        return match.group(0)\n",
        "",
        "「…によって破壊される時、そのクリーチャーがドラゴンであれば」 read of the watched creature",
    ),
    M(
        "cost-above-mana-ignored-in-python",
        "dmrules/game/grants.py",
        "(side.cost or 0) > board.mana_of(card.controller)",
        "True",
        "「…マナゾーンにあるカードの枚数より大きいコスト」 ignored by 「すべて」 and conditions",
    ),
    M(
        "stacked-card-gives-grants",
        "dmrules/game/grants.py",
        '    return card.zone == "battle" and card.under is None',
        '    return card.zone == "battle"',
        "a card stacked under an evolution creature still gives its grant",
    ),
    M(
        "evolution-among-types-required",
        "asp/common/filters.lp",
        "type_hit(F,C) :- filter_type(F,evolution), evolution_card(C).\n",
        "",
        "`type: [evolution, tamaseed]` takes no evolution creature in a choice",
    ),
    M(
        "trigger-partner-words-missing",
        "dmrules/solving/facts.py",
        "(trigger.watch.filter, trigger.watch.partner, trigger.watch.by_card) if f",
        "(trigger.watch.filter,) if f",
        "a trigger's battle partner filter reads no race word",
    ),
    M(
        "five-civilizations-of-both-faces",
        "dmrules/game/conditions.py",
        "        for side in faces(c)\n        for civ in side.civilizations\n",
        "        for civ in c.civilizations\n",
        "「5文明すべて」 counts a twinpact's spell side in the battle zone",
    ),
    M(
        "chosen-race-in-effects-read",
        "dmrules/reading/events.py",
        "    if flt.chosen_race:\n        raise node.error(",
        "    if False:\n        raise node.error(",
        "「その種族の」 in an effect's events read as any race",
    ),
    M(
        "twinpact-power-printed-again",
        "dmrules/game/cards.py",
        "        if card.power is not None and len(sides) == 1:",
        "        if False:",
        "a twinpact's power changed in an earlier window is its printed power again",
    ),
    M(
        "past-event-controller-now",
        "dmrules/game/conditions.py",
        "controller=ctl or state.cards[i].controller",
        "controller=state.cards[i].controller",
        "「相手のクリーチャーが破壊されていれば」 reads the destroyed card's controller as it is now",
    ),
    M(
        "next-ability-reminder-passed-over",
        "dmrules/reading/cardtext/textreader.py",
        "    if condition is None and _REMINDER_BELOW.search(bare):",
        "    if False:",
        "an ability after 「アクセル(…次の能力を得る)」 read as always held",
    ),
    M(
        "grant-under-a-condition-keyword",
        "dmrules/reading/cardtext/textreader.py",
        "        if granted is not None and conditions and prefix:",
        "        if False:",
        "「メタモーフ / このクリーチャーは「エターナル・Ω」を得る」 read as a grant always held",
    ),
    M(
        "shield-force-line-unconditional",
        "dmrules/reading/cardtext/textreader.py",
        "        keyword = keyword or label\n",
        "        keyword = keyword or None\n",
        "the ability after シールド・フォース's reminder, printed without 「SF−」, read as always held",
    ),
    M(
        "why-not-action-without-its-card",
        "dmrules/checking/expect.py",
        "    if actions[n - 1].slot is not None and not card:",
        "    if False:",
        "why-not calls the event of an action named without its card impossible, though it happens",
    ),
    M(
        "why-one-way-as-the-reason",
        "dmrules/checking/explain.py",
        "            step.violations, step.alternatives = violations, [w for w in ways[1:] if w]",
        "            step.violations, step.alternatives = violations, []",
        "why gives one of several equally short violation sets as the reason",
    ),
    M(
        "not-evolution-passes-evolution",
        "asp/common/filters.lp",
        "fails(F,R,C) :- filter_test(F,R,C), card(C), filter_not_type(F,evolution), evolution_card(C).\n",
        "",
        "「進化ではない」 lets an evolution creature through",
    ),
    M(
        "neo-evolved-no-evolution-asp",
        "asp/common/filters.lp",
        "evolution_card(C) :- card_type(C,neo), under(_,C).\n",
        "",
        "a NEO creature with a card under it is no 「進化クリーチャー」 to a watch",
    ),
    M(
        "neo-evolved-no-evolution-python",
        "dmrules/game/grants.py",
        '    return "neo" in card.types and card.id in board.stacked',
        "    return False",
        "a NEO creature with a card under it is no 「進化クリーチャー」 to a condition",
    ),
    M(
        "this-stays-after-another-cards-event",
        "dmrules/reading/cardtext/textreader.py",
        '        if watch.subject != "this":\n',
        "        if False:\n",
        "「このクリーチャーはとどまる」 after another card's event is read as the watched card staying",
    ),
    M(
        "stays-of-any-race",
        "dmrules/reading/cardtext/textreader.py",
        '    if watch.subject == "this" or watch.filter is None or noun not in '
        "(head_word(watch.filter), *watch.filter.races):",
        '    if watch.subject == "this" or watch.filter is None:',
        "「そのエイリアンはとどまる」 read after a replacement of a ハンター's leaving",
    ),
    M(
        "trigger-rules-move-own",
        "dmrules/reading/cardtext/textreader.py",
        "        if _RULES_MOVE.search(sentence) or _PASSIVE_BEFORE.match(sentence) or "
        '(said and said.group("passive")):',
        '        if _PASSIVE_BEFORE.match(sentence) or (said and said.group("passive")):',
        "「…唱えた時、唱えた後、墓地に置くかわりに…」 is set aside as the triggered effect's own",
    ),
    M(
        "ref-word-unchecked",
        "dmrules/reading/cardtext/transform/instead.py",
        "    if ref in _ANY_CARD_REFS:",
        "    if True:",
        "「自分のクリーチャーが…時、そのドラゴンを…」 drops the narrowing to dragons",
    ),
    M(
        "condition-before-duration",
        "dmrules/reading/cardtext/transform/sentences.py",
        "        _check_condition_before_duration(items)\n",
        "",
        "a condition said before 「このターン」 is checked at each event instead of once",
    ),
    M(
        "by-card-unchecked",
        "asp/common/match.lp",
        "cond_bad(R,E) :- subject_ok(R,E), watch_by_card(R,_), not by_card_ok(R,E).",
        "",
        "「自分のドラゴンがシールドをブレイクする時」 watches a break by any creature",
    ),
    M(
        "by-card-dropped",
        "dmrules/solving/facts.py",
        '        add(fact("watch_by_card", r, b))',
        "        pass",
        "the filter of the creature breaking is never given to the solver",
    ),
    M(
        "stacked-seen-as-creature",
        "asp/common/filters.lp",
        "fails(F,R,C) :- filter_test(F,R,C), watch_use(R,F), names_no_card(F), stacked(C).",
        "",
        "a card under an evolution creature is a creature to the watches and triggers that name creatures",
    ),
    M(
        "stacked-race-seen",
        "asp/common/filters.lp",
        "names_no_card(F) :- filter_race(F,_).",
        "",
        "a card under an evolution creature is seen by a watch that names a race",
    ),
    M(
        "every-skips-stacked",
        "dmrules/game/realize.py",
        "and (c.under is None or names_cards(spec.every))",
        "and c.under is None",
        "「コスト5以下のカードをすべて」 never takes a card under an evolution creature (200.3a)",
    ),
    M(
        "every-takes-stacked-creatures",
        "dmrules/game/filters.py",
        "return not any(g.types or g.races or g.evolution for g in each_filter(flt))",
        "return True",
        "「クリーチャーをすべて」 takes the cards under an evolution creature too",
    ),
    M(
        "host-leaving-allowed",
        "asp/common/after.lp",
        "unmodelled(under_leaving) :- happens(E), put_under(E,G), zone(G,battle), not final(G,battle).",
        "",
        "a card put under a picked creature that leaves at once is listed as if it were followed",
    ),
    M(
        "weapon-as-race",
        "dmrules/reading/cardtext/grammar.lark",
        '''| "ドラグハート・フォートレス" | "ドラグハート"''',
        '''| "ドラグハート"''',
        "「ドラグハート・フォートレス」 read as a race",
    ),
    M(
        "modifier-of-both",
        "dmrules/reading/cardtext/normalize.py",
        """re.compile(_UNMODIFIED + r"(光|水|闇|火|自然)の(クリーチャー|カード|呪文)""",
        """re.compile(r"(光|水|闇|火|自然)の(クリーチャー|カード|呪文)""",
        "「コスト5以下の光のクリーチャーまたは水のクリーチャー」 limits the water creatures too",
    ),
    M(
        "cause-of-both",
        "dmrules/reading/cardtext/normalize.py",
        """r"(?<![^、。])このクリーチャーが((?:(?!によって)[^、。])*?)時、または(?=[^、。が]*時)",""",
        """r"(?<![^、。])このクリーチャーが([^、。]*?)時、または(?=[^、。が]*時)",""",
        "a cause said with the first of two events is dropped from the second",
    ),
    M(
        "cost-then-instead-any-card",
        "dmrules/reading/cardtext/normalize.py",
        """    if match.group("named") and not _watches_this(head, "この"):""",
        "    if False:",
        "「その場合、このクリーチャーを…かわりに」 after another card's event moves that card",
    ),
    M(
        "katakana-act-own",
        "dmrules/reading/cardtext/textreader.py",
        "(?P<stem>[一-龥]+|[ァ-ヺー]+(?=する))",
        "(?P<stem>[一-龥]+)",
        "「このクリーチャーは、…ブレイクするかわりに」 set aside as an effect's own self-replacement",
    ),
    M(
        "cast-back-put-into",
        "asp/common/match.lp",
        "class(E,put_into_graveyard) :- event_to(E,graveyard), event_from(E,Z), Z != graveyard, not cast_back(E).",
        "class(E,put_into_graveyard) :- event_to(E,graveyard), event_from(E,Z), Z != graveyard.",
        "a spell cast from the graveyard is put into it again after it is cast (409.2a)",
    ),
    M(
        "cast-back-kind",
        "asp/common/match.lp",
        "class(E,K) :- event_kind(E,K), not back_to_own_zone(E), not summoning(E), not cast_back(E).",
        "class(E,K) :- event_kind(E,K), not back_to_own_zone(E), not summoning(E).",
        "a spell cast from the mana zone that a replacement puts back there is put into it (409.2a)",
    ),
    M(
        "unnamed-after-this",
        "dmrules/reading/cardtext/transform/instead.py",
        '        if watch.subject != "this":  # another card\'s event',
        "        if False:",
        "「かわりにこのクリーチャーを手札に戻すか、マナゾーンに置く」 moves the watched card in its second option",
    ),
    M(
        "opponent-topic-subject",
        "dmrules/reading/cardtext/normalize.py",
        """    if match.group(2) == "相手" and _PLAYER_DOES.search(rest):""",
        "    if False:",
        "「相手は、クリーチャーを出す時、かわりにカードを1枚引く」 has the ability's player draw",
    ),
    M(
        "next-line-dropped",
        "dmrules/reading/cardtext/textreader.py",
        "    goes_on = body.startswith(_GOES_ON_WORDS) or _USE_LIMITED.match(body) is not None",
        "    goes_on = False",
        "「そうした場合、…」 on the line after a replacement is dropped as an ability of its own",
    ),
    M(
        "group-trigger-all-replaced",
        "asp/common/result.lp",
        "no_trigger(G) :- group_event(G), not group_part_happens(G).",
        "",
        "a trigger on a W-break triggers when both shields were taken by a replacement",
    ),
    M(
        "overflow-at-the-end",
        "dmrules/solving/engine.py",
        "        overflow = overflow_checks(state, path) if queue and path else None",
        "        overflow = None",
        "a card drawn into a full hand stays there while the effect's next step discards",
    ),
    M(
        "self-results-never-forced",
        "asp/common/feasible.lp",
        "closed(E) :- event_self_replaced(E), self_results_final.",
        "closed(E) :- event_self_replaced(E).",
        "under Dimension Zero a mandatory replacement of what a self-replacement made may be declined",
    ),
    M(
        "keyword-beside-others",
        "dmrules/reading/cardtext/textreader.py",
        "    named = _replacement_keyword_in(bare)\n",
        "    named = None\n",
        "「W・ブレイカー(…) シールド・セイバー」 read as complete with no replacement",
    ),
    M(
        "grant-to-hand",
        "dmrules/game/grants.py",
        '    return card.zone == "battle" or (card.id == casting and names_spells)',
        '    return card.zone == "battle" or card.id == casting or card.zone == ability.works_in',
        "a grant to 「自分のクリーチャー」 gives a hand card マッドネス",
    ),
    M(
        "source-anywhere",
        "asp/common/match.lp",
        "cond_ok(R,E,source_in_battle) :- subject_ok(R,E), event_source(E,C), zone(C,battle).",
        "cond_ok(R,E,source_in_battle) :- subject_ok(R,E), event_source(E,C).",
        "「バトルゾーンにあるクリーチャーの能力によって」 taken for a creature's ability from anywhere",
    ),
    M(
        "no-source-is-none",
        "asp/common/match.lp",
        "unmodelled(source_unknown) :- subject_ok(R,E), reads_source(R), not event_source(E,_), not event_by(E,rule),",
        "unmodelled(source_unknown) :- subject_ok(R,E), reads_source(R), not event_source(E,_), event_by(E,rule),",
        "an effect with no source is taken for one whose source is no creature",
    ),
    M(
        "twinpact-cast-as-creature",
        "asp/common/match.lp",
        "twinpact_cast(E) :- event_kind(E,spell_to_graveyard), subject(E,C), multi_face(C).",
        "twinpact_cast(E) :- event_kind(E,spell_to_graveyard), subject(E,C), multi_face(C), #false.",
        "a twinpact cast as a spell is seen through its creature side with no word",
    ),
    M(
        "flip-to-nothing",
        "dmrules/solving/engine.py",
        "    other = card.definition.other_side\n",
        "    other = None\n",
        "a card flipped to a bundled card has no abilities of that card",
    ),
    M(
        "brought-taken",
        "asp/common/feasible.lp",
        "brought_for(R,E,C) :- brought(R,E,_,C).",
        "brought_for(R,E,C) :- brought(R,E,_,C), #false.",
        "under Duel Masters Play's a card an earlier replacement brought is taken from the later one",
    ),
    M(
        "arrival-written-order",
        "asp/dmps/limits.lp",
        "arrival_key(C,(K,N)) :- arrived(C,_,Z), happens(X), event_card(X,C), event_to(X,Z), not overtaken(X),\n"
        "                        made(X,E,R), key(R,E,K,N,_).",
        "arrival_key(C,(K,N,O)) :- arrived(C,_,Z), happens(X), event_card(X,C), event_to(X,Z), not overtaken(X),\n"
        "                        made(X,E,R), key(R,E,K,N,O).",
        "cards of the hand put out arrive in the order they are written in",
    ),
    M(
        "nested-pile",
        "dmrules/reading/scenario.py",
        "            if card.under is not None and top.id != card.under:",
        "            if False:",
        "a card under a card under another is left behind when the pile moves",
    ),
    # -- the scope of a card phrase's parts (tests/test_cardtext_scope.py) ----------------------------------
    M(
        "modifier-each-head-unsaid",
        "dmrules/reading/cardtext/transform/nouns.py",
        "                if bare is not None and len(heads) > 1:",
        "                if False and bare is not None and len(heads) > 1:",
        "「光のクリーチャーまたはドラゴン」: a modifier said once before two heads read as each head's",
    ),
    M(
        "breaker-any-shields",
        "dmrules/reading/cardtext/transform/events.py",
        '        if shields.filter.whose == "any":',
        "        if False:",
        "「自分のドラゴンがシールドをブレイクする」: the shields of either player",
    ),
    M(
        "break-made-instead-not-counted",
        "dmrules/solving/engine.py",
        "    for event in (*window.events, *window.happened):",
        "    for event in window.events:",
        "a break a replacement made instead is no break of the turn for a later 「各ターンはじめて」",
    ),
    M(
        "effect-conditions-of-its-card",
        "dmrules/solving/facts.py",
        "            and not ability_holds(effect.ability, scenario, scenario.cards[effect.source], effect.controller)",
        "            and not ability_holds(effect.ability, scenario, scenario.cards[effect.source])",
        "an effect in play reads 「自分」 of its conditions as its source card's controller",
    ),
    M(
        "once-per-turn-spends-the-card",
        "dmrules/solving/engine.py",
        "            spent[card_id] = spent.get(card_id, frozenset()) | {card.ability_keys()[index - 1]}",
        "            spent[card_id] = spent.get(card_id, frozenset()) | set(card.ability_keys())",
        "one 「各ターンに1度」 ability used spends every such ability of its card",
    ),
    M(
        "either-phrase-modifiers-dropped",
        "dmrules/reading/cardtext/transform/nouns.py",
        '        alternatives = tuple(replace(p.filter, whose="any") for p in (first, second))',
        '        alternatives = tuple(replace(p.filter, whose="any", cost_max=None) for p in (first, second))',
        "「…、またはコスト5以下の光のクリーチャー」: an alternative's own bound dropped",
    ),
    M(
        "by-equipped-any-source",
        "asp/common/match.lp",
        "cond_ok(R,E,by_equipped) :- subject_ok(R,E), w_source(R,W), equipped(W,C), event_source(E,C).",
        "cond_ok(R,E,by_equipped) :- subject_ok(R,E).",
        "「これをクロスしたクリーチャーがシールドをブレイクする時」 of a break by any creature",
    ),
    M(
        "either-first-modifier-both",
        "dmrules/reading/cardtext/transform/nouns.py",
        "        if unsaid:  #",
        "        if False:  #",
        "a modifier of the first of two phrases that the second does not say, read as the first's alone",
    ),
    M(
        "under-the-breaking-creature",
        "dmrules/reading/cardtext/render.py",
        '    if beside and "break" in first.watch.events:',
        "    if False:",
        "the cards under the creature breaking a shield read as the cards under the shield",
    ),
    M(
        "at-most-dropped",
        "dmrules/reading/cardtext/transform/conditions.py",
        '        return ("if", replace(_count_condition(zone, whose, phrase, 0, bool(besides)), at_most=at_most))',
        '        return ("if", _count_condition(zone, whose, phrase, 0, bool(besides)))',
        "「…が2枚以下であれば」 read as no bound",
    ),
    M(
        "crossed-filter-dropped",
        "dmrules/reading/cardtext/transform/events.py",
        "        flt = subject[2] if len(subject) > 2 else None",
        "        flt = None",
        "「これをクロスした自分のサムライ・クリーチャー」 read as any creature this is crossed to",
    ),
    M(
        "crossed-filter-unchecked",
        "asp/common/match.lp",
        "subject_bad(R,E) :- subject_ok(R,E), watch_subject(R,_), watch_filter(R,F),",
        "subject_bad(R,E) :- subject_ok(R,E), watch_subject(R,this), watch_filter(R,F),",
        "the filter of the creature a cross gear is crossed to left unchecked by the solver",
    ),
    M(
        "not-type-dropped",
        "dmrules/reading/cardtext/transform/nouns.py",
        '        return ("mod", "add", "not_types", (TYPE_BY_WORD[str(items[0])],))',
        '        return ("mod", "add", "not_types", ())',
        "「サイキック・クリーチャーではない」 read as no bound on the type",
    ),
    M(
        "recycled-zone-unchecked",
        "dmrules/reading/cardtext/textreader.py",
        '    if zone == "墓地" and keyword == "リサイクル" and not said_before.startswith("この呪文を"):',
        "    if True:",
        "「こうして唱えた後」 of a spell cast from the mana zone read as cast from the graveyard",
    ),
    M(
        "saber-choice-any-player",
        "dmrules/reading/cardtext/textreader.py",
        'r"を持つクリーチャーを(?=\\d)", r"\\1を持つ自分のクリーチャーを", sentence',
        'r"を持つクリーチャーを(?=\\d)", r"\\1を持つクリーチャーを", sentence',
        "「「セイバー:ドラゴン」を持つクリーチャーを1体」 of a grant may take the opponent's creature",
    ),
    M(
        "recycle-any-caster",
        "dmrules/reading/cardtext/transform/events.py",
        'watch = Watch(events=("spell_to_graveyard",), subject="cast_by_this", cast_from=zone)',
        'watch = Watch(events=("spell_to_graveyard",), subject="this", cast_from=zone)',
        "リサイクル's 「こうして唱えた後」 read as this spell cast from the graveyard by any card",
    ),
    M(
        "caster-unchecked",
        "asp/common/match.lp",
        "unmodelled(caster_unknown) :- caster_unknown(R,E).",
        "caster_unknown_unused :- caster_unknown(R,E).",
        "a spell's event that says not who cast it solved as if another card had",
    ),
    M(
        "first-break-each-shield",
        "asp/common/feasible.lp",
        'violation(rule("TEXT-1"), first_break_twice(E1,E2))',
        "first_break_twice(E1,E2)",
        "both shields of a W-break that is the turn's first break replaced by 「はじめてブレイクされる時」",
    ),
    M(
        "first-break-mandatory-owed-twice",
        "asp/common/feasible.lp",
        "not ex_life_taken(R,E), not first_taken(R,E),",
        "not ex_life_taken(R,E),",
        "a mandatory first-break replacement owed on each shield of a W-break: no legal resolution",
    ),
    M(
        "group-owed-after-its-shields-replaced",
        "asp/common/feasible.lp",
        "not members_taken(R,E), not deck_blocked(R,E),",
        "not deck_blocked(R,E),",
        "「1つ以上ブレイクされる時」 still owed once the turn player's replacement took every shield (V61)",
    ),
    M(
        "sequential-member-of-replaced-group",
        "asp/sequential/order.lp",
        'violation(rule("D0-5"), group_replaced(R,M))',
        "group_replaced_member(R,M)",
        "under the sequential ruleset a shield's break replaced after its break was replaced as a whole",
    ),
    M(
        "mixed-group-followed",
        "asp/common/match.lp",
        "unmodelled(break_mixed) :- subject_ok(R,E), watch_once(R), mixed_group(E).",
        "mixed_watched :- subject_ok(R,E), watch_once(R), mixed_group(E).",
        "a break of both players' shields in one event replaced whole by what watches one player's",
    ),
    M(
        "group-superseded-by-one-shield",
        "asp/common/result.lp",
        "superseded(G) :- group_event(G), card_taken(G,_), shield_out(G,C) : event_card(G,C).",
        "superseded(G) :- group_event(G), card_taken(G,_).",
        "a break of two shields superseded when another replacement takes one of them away",
    ),
    M(
        "unbreakable-group-occurs",
        "asp/common/result.lp",
        "prevented(G) :- group_event(G), event_kind(G,break), event_group(_,G), prevented(M) : event_group(M,G).",
        "unbroken_group(G) :- group_event(G), event_kind(G,break), event_group(_,G), prevented(M) : event_group(M,G).",
        "a break of shields none of which can be broken replaced whole",
    ),
    M(
        "sequential-partly-replaced-followed",
        "asp/sequential/order.lp",
        "unmodelled(break_partly_replaced) :- members_taken(R,G).",
        "partly_replaced :- members_taken(R,G).",
        "under the sequential ruleset a break watched whole listed after a shield's break was replaced first",
    ),
    M(
        "creature-with-no-zone-of-any-zone",
        "dmrules/reading/cardtext/transform/events.py",
        "elif from_zone is None and not ev.anywhere and in_the_battle_zone(flt, watch.events):",
        "elif False:",
        "「自分の他のクリーチャーが墓地に置かれる時」 read as a creature card of any zone (a discard watched)",
    ),
    M(
        "battle-destroyed-without-a-battle",
        "dmrules/reading/cardtext/normalize.py",
        'r"(^|、)このクリーチャーが(バトルで)?([^、。がを]*?クリーチャー)を(?(2)|バトルで)破壊する時"',
        'r"(^|、)このクリーチャーが(バトルで)?([^、。がを]*?クリーチャー)を(?:バトルで)?破壊する時"',
        "「このクリーチャーが相手のクリーチャーを破壊する時」 read as a destruction by a battle with it",
    ),
    M(
        "group-excused-by-first-taker",
        "asp/dm/priority.lp",
        "superseding_rank(E,K) :- taker_rank(E,_), K = #max{ K2 : taker_rank(E,K2) }.",
        "superseding_rank(E,K) :- taker_rank(E,K).",
        "a break of two shields excused at the rank that took its first shield, not its last",
    ),
    M(
        "unbreakable-shield-still-broken",
        "asp/common/result.lp",
        "shield_out(G,C) :- event_group(M,G), event_card(M,C), prevented(M).",
        "shield_kept(G,C) :- event_group(M,G), event_card(M,C), prevented(M).",
        "a shield that cannot be broken counted as broken in a break whose other shield was taken away",
    ),
    M(
        "own-cast-for-effects",
        "asp/common/match.lp",
        "watch_subject(R,cast_by_this), not watch_own_cast(R), w_source(R,C),",
        "watch_subject(R,cast_by_this), not rep_self_spell(R), w_source(R,C),",
        "an effect in play of the spell its source cast, the effect's own, read as a spell cast by its own permission",
    ),
    M(
        "survivors-unchecked",
        "dmrules/reading/cardtext/textreader.py",
        "    if reminder is None or all(a.granted_to is not None for a in result.abilities):",
        "    if True:",
        "a replacement the サバイバー reminder gives the other survivors read as this card's alone",
    ),
    M(
        "breaks-at-once-unchecked",
        "asp/common/match.lp",
        "unmodelled(break_split) :- split_break(R,E1), split_break(R,E2), E1 != E2.",
        "break_split_unused :- split_break(R,E1), split_break(R,E2), E1 != E2.",
        "a break of several shields written as an event each, replaced each by 「1つ以上ブレイクされる時」",
    ),
    M(
        "granted-keyword-unchecked",
        "dmrules/reading/cardtext/textreader.py",
        "    if any(name != keyword for name in named):",
        "    if False:",
        "「「ブロッカー」を得たクリーチャー」 read as this creature",
    ),
    M(
        "card-named-again-unchecked",
        "dmrules/reading/cardtext/transform/sentences.py",
        '        return Original(verb="card", ref=str(_typed_tokens(items, "REF")[0]))',
        '        return Original(verb="card")',
        "「そのエンジェル・コマンドのかわりに」 of a dragon's event read as the dragon",
    ),
    M(
        "creature-side-allowed",
        "dmrules/reading/cardtext/transform/instead.py",
        '{"other_side"} if watch.subject == "this" else {"other_side", "creature_side"}',
        '{"other_side", "creature_side"}',
        "a creature's own event flipping it 「クリーチャー側に」, the side it is on",
    ),
    M(
        "hand-to-graveyard-no-discard",
        "asp/common/match.lp",
        "class(E,discard) :- event_kind(E,move), event_from(E,hand), event_to(E,graveyard), not made(E,_,_).",
        "",
        "a card an effect puts from the hand into the graveyard not watched as discarded (no マッドネス)",
    ),
    M(
        "instead-to-graveyard-discarded",
        "asp/common/match.lp",
        "event_to(E,graveyard), not made(E,_,_).",
        "event_to(E,graveyard).",
        "a card that would come into the battle zone and goes to the graveyard instead taken for discarded (R29)",
    ),
    M(
        "own-power-unknown-allowed",
        "dmrules/reading/scenario.py",
        "            if reads_own and card.power is None:",
        "            if False:",
        "「そのパワーが0より大きければ」 of a creature with no power given, taken for 0",
    ),
    M(
        "earlier-count-unchecked",
        "dmrules/reading/cardtext/textreader.py",
        "    if earlier == {1} and counts and counts[-1] != 1:",
        "    if False:",
        "「それが」 after several cards read as the one card an earlier sentence names",
    ),
    M(
        "every-some-only",
        "asp/common/choice.lp",
        "pick(R,E,S,C) :- apply(R,E), slot_all(R,S), every_usable(R,E,S,C).",
        "{ pick(R,E,S,C) : every_usable(R,E,S,C) } :- apply(R,E), slot_all(R,S).",
        "「すべて」 taken for any number of the cards",
    ),
    M(
        "every-none-owed",
        "asp/common/feasible.lp",
        "slot_short(R,E) :- rwatches(R,E), obliging(R), slot_all(R,_), not every_some(R,E).",
        "% (none)",
        "a mandatory 「すべて」 owed with no card to take",
    ),
    M(
        "mill-instead-of-a-draw-refused",
        "dmrules/reading/cardtext/transform/sentences.py",
        'anyones = _ANYONES_ACTS | ({"mill"} if actor == "the drawing player" else set())',
        "anyones = _ANYONES_ACTS",
        "a mill of a named deck instead of another player's draw refused, as the drawing player's",
    ),
    M(
        "kind-after-of-another-card",
        "dmrules/reading/cardtext/normalize.py",
        '|バトル(?!ゾーン)|(?<!ゾーン)を|との|に(?=破壊|ブレイク|選ばれ)"',
        '"',
        "「そのクリーチャーのコストが…」 after an event naming another creature read as the watched card's",
    ),
    M(
        "first-draw-forgotten",
        "dmrules/solving/engine.py",
        'this_turn.setdefault(event.player, set()).add("draw")',
        "this_turn.setdefault(event.player, set())",
        "a draw of an earlier window not counted for 「各ターン、はじめてカードを引く時」",
    ),
    M(
        "first-draw-any",
        "asp/common/match.lp",
        "event_kind(E,draw), event_player(E,P), not this_turn(P,draw).",
        "event_kind(E,draw), event_player(E,P).",
        "every draw taken for the turn's first",
    ),
    M(
        "every-untouchable-skipped",
        "asp/common/feasible.lp",
        "every_blocked(R,E,S,C) :- blocked(R,E,S,C,W), slot_all(R,S), W != untouchable.",
        "every_blocked(R,E,S,C) :- blocked(R,E,S,C,W), slot_all(R,S).",
        "「すべて」 leaves out an アンタッチャブル card, as a choice would",
    ),
    M(
        "first-of-any-event",
        "asp/common/feasible.lp",
        "not watch_once(R), event_kind(E,break).",
        "not watch_once(R).",
        "a first draw replaced counted as the turn's first break replaced",
    ),
    M(
        "follow-up-lead-kept",
        "dmrules/reading/cardtext/textreader.py",
        '    body = _FOLLOW_UP_LEAD.sub("", sentence)',
        "    body = sentence",
        "a card's event after 「そうした場合、」 taken for the effect's own",
    ),
    M(
        "earlier-card-unmoved",
        "dmrules/reading/cardtext/textreader.py",
        "        if not (in_line and _EARLIER_CARD.match(body) and _same_move(body, earlier)) and (",
        "        if not (in_line and _EARLIER_CARD.match(body)) and (",
        "「そのクリーチャーは破壊されるかわりに」 after a sentence that does nothing to it taken for the effect's own",
    ),
    M(
        "attack-trigger-begins",
        "dmrules/reading/cardtext/textreader.py",
        "    trigger = _TRIGGER_HEAD.match(before)",
        "    trigger = None",
        "「攻撃する時、」 before an effect taken for a watched event a sentence after it goes on replacing",
    ),
    M(
        "trigger-condition-acts",
        "dmrules/reading/cardtext/textreader.py",
        '            said.group("passive") or said.group("stem") not in _acts_of(earlier)',
        '            said.group("passive") or said.group("stem") not in earlier',
        "the verb of a trigger's condition (「攻撃する時、」) taken for an act the effect does",
    ),
    M(
        "any-sentence-after-trigger",
        "dmrules/reading/cardtext/textreader.py",
        "    if trigger is not None and _CONDITION_THEN_INSTEAD.match(normalize(sentence)):",
        "    if trigger is not None:",
        "any sentence after 「攻撃する時、…」 taken for the effect's own (the attack's break replaced, set aside)",
    ),
    M(
        "attack-names-no-other",
        "dmrules/reading/cardtext/normalize.py",
        "(?:クリーチャー|カード|能力|[》」]|攻撃|ブロック)(?:によって|で)",
        "(?:クリーチャー|カード|能力|[》」])(?:によって|で)",
        "「そのクリーチャー」 after 「…クリーチャーの攻撃によって破壊される時」 taken for the destroyed one",
    ),
    M(
        "no-card-event-moved",
        "dmrules/reading/cardtext/transform/sentences.py",
        "    if set(watch.events) & _NO_CARD_WATCHES and any(_moves_event_card(a) for a in acts):",
        "    if False:",
        "「自分がゲームに負ける時、かわりに手札に戻す」 read as a loss replaced by nothing",
    ),
    M(
        "bare-keyword-race",
        "dmrules/reading/cardtext/transform/nouns.py",
        "    return bool(_KEYWORD_END.search(word)) or word in _keyword_names()",
        "    return bool(_KEYWORD_END.search(word))",
        "「自分のサイレントスキルが…」 read as a race no creature has",
    ),
    M(
        "spell-line-lasting",
        "dmrules/reading/cardtext/textreader.py",
        "    if spell and (problem := _spell_effect_problem(abilities, sentence)) is not None:",
        "    if False:",
        "a spell's line watching other cards read as an ability of the battle zone, for no time said",
    ),
    M(
        "turn-start-line-no-trigger",
        "dmrules/reading/cardtext/textreader.py",
        '_TRIGGER_HEAD.pattern + "|" + _PASSIVE_TRIGGER.pattern + r"|^[^。、]*?ターンの(?:はじめ|終わり|最初)に、"',
        '_TRIGGER_HEAD.pattern + "|" + _PASSIVE_TRIGGER.pattern',
        "a replacement after 「自分のターンのはじめに、…」 read as the card's ability that always works",
    ),
    M(
        "card-said-creature",
        "dmrules/reading/cardtext/normalize.py",
        '    if head == "カード" and not kind.endswith(("カード", "呪文")):',
        "    if False:",
        "「自分のカードが…時、それがクリーチャーであれば」 read as the battle zone's creatures alone",
    ),
    M(
        "that-spell-any-card",
        "dmrules/reading/cardtext/transform/instead.py",
        '_ANY_CARD_REFS = (None, "それ", "そのカード", "そのシールド")',
        '_ANY_CARD_REFS = (None, "それ", "そのカード", "そのシールド", "その呪文")',
        "「かわりにその呪文を…」 after a spell's cause read as the watched creature moved",
    ),
    M(
        "cause-creature-that",
        "dmrules/reading/cardtext/transform/instead.py",
        '        and watch.subject == "this"\n        and {"by_creature", "by_attack"} & set(watch.conditions)',
        "        and False",
        "「かわりにそのクリーチャーを」 after a creature's cause read as the watched one",
    ),
    M(
        "mill-tapped-dropped",
        "dmrules/reading/cardtext/transform/instead.py",
        'tapped="tapped" in clause.manners\n    )',
        "tapped=False\n    )",
        "「…をタップしてマナゾーンに置く」 of the deck's top cards read as put untapped",
    ),
    M(
        "zone-of-cards-unowned",
        "dmrules/reading/cardtext/transform/conditions.py",
        '        if flt.whose not in ("own", "opponent"):',
        "        if False:",
        "「マナゾーンに闇のカードが」 read with no player said",
    ),
    # 「そのかわりに」 after a restriction, a keyword given, where a card stays, a deck run out, bare 「ブロッカー」
    M(
        "exchange-after-restriction-watches",
        "dmrules/reading/cardtext/textreader.py",
        '    watches = re.search(r"時|場合|際|なら|ずに|ず、|かわり|[「『]", body) is not None',
        "    watches = False",
        "an event watched after 「そのかわりに」 passed over as no replacement",
    ),
    M(
        "exchange-after-restriction-gives",
        "dmrules/reading/cardtext/textreader.py",
        "    return not watches and not c.names_replacing_keyword(rest)",
        "    return not watches",
        "a keyword given after 「そのかわりに」 passed over as no replacement",
    ),
    M(
        "replacing-keyword-given",
        "dmrules/reading/cardtext/parsing.py",
        "    return not events and not any(replacing_keyword(k) for k in given)",
        "    return not events",
        "「「ブロッカー」のかわりに「シールド・セイバー」を持つ」 read as no replacement",
    ),
    M(
        "stay-in-the-hand",
        "dmrules/reading/cardtext/transform/instead.py",
        '    "discard": "hand",\n',
        "",
        "a discarded card said to stay in the battle zone read as staying",
    ),
    M(
        "deck-run-out-by-a-mill",
        "asp/common/match.lp",
        "event_cause(E,deck_run_out) :- event_kind(E,lose), event_cause(E,deck_empty).",
        "",
        "「山札が0枚になってゲームに負ける時」 blind to a deck milled out",
    ),
    M(
        "own-replacement-event-after-instead",
        "dmrules/reading/cardtext/textreader.py",
        "    if _CARD_EVENT_WATCHED.search(after) or c.EVENT_SAID_OTHERWISE.search(after) or _NOT_MOVED.search(after):",
        "    if _NOT_MOVED.search(after):",
        "「…を失い、そのかわりに、このクリーチャーが破壊される場合、手札に戻す」 read as the effect's own",
    ),
    M(
        "exchange-event-said-otherwise",
        "dmrules/reading/cardtext/textreader.py",
        '    watches = re.search(r"時|場合|際|なら|ずに|ず、|かわり|[「『]", body) is not None',
        '    watches = re.search(r"時|ずに|ず、|かわり|[「『]", body) is not None',
        "「そのかわりに、…破壊される場合、…」 passed over as no replacement",
    ),
    M(
        "own-replacement-not-moved",
        "dmrules/reading/cardtext/textreader.py",
        '_NOT_MOVED = re.compile(r"(?:され|られ|離れ|置かれ|戻され)ずに?、?")',
        '_NOT_MOVED = re.compile(r"(?!)")',
        "「…を失い、そのかわりに、このクリーチャーは破壊されずに手札に戻る」 read as the effect's own",
    ),
    M(
        "not-a-keyword-race",
        "dmrules/reading/cardtext/transform/nouns.py",
        '        if _keyword_noun(race):\n            raise ReadError(f"「{race}ではない」',
        '        if False:\n            raise ReadError(f"「{race}ではない」',
        "「ブロッカーではないクリーチャー」 read as of no race ブロッカー (every creature)",
    ),
    M(
        "race-kind-words",
        "dmrules/reading/cardtext/transform/nouns.py",
        "    if word in _NOT_RACES or head in _NOT_RACES or head in TYPE_BY_WORD:",
        "    if False:",
        "「自分のツインパクト」「自分のオーラ・クリーチャー」 read as races no card has",
    ),
    M(
        "race-card-name",
        "dmrules/reading/cardtext/transform/nouns.py",
        "    return word in names and word not in races",
        "    return False",
        "「自分のボルシャック・ドラゴン」 read as a race no card has",
    ),
    M(
        "grant-fixed-recheck",
        "dmrules/game/grants.py",
        "                card.id in only\n                if only is not None",
        "                card.id in only and card_passes(ability.granted_to, receiver, controller, giver, board)\n"
        "                if only is not None",
        "a fixed receiver of a grant loses it when its characteristics change",
    ),
    M(
        "grant-fixed-left",
        "dmrules/game/grants.py",
        "            return frozenset(i for i in e.receivers if _receives(state.cards[i], e.ability, casting))",
        "            return e.receivers",
        "a receiver of a grant that left and came back keeps it",
    ),
    M(
        "shields-put-from-anywhere",
        "dmrules/reading/cardtext/transform/parts.py",
        '    "put_into_shields",\n}',
        "}",
        "「相手のクリーチャーがシールドゾーンに置かれる時」 watches creature cards of the hand and the graveyard too",
    ),
    M(
        "face-side-break",
        "dmrules/reading/cardtext/transform/events.py",
        "    plain = replace(shields.filter, properties=()) == Filter(whose=shields.filter.whose)",
        "    plain = shields.filter == Filter(whose=shields.filter.whose)",
        "「自分の表向きのシールドをブレイクする時」 refused",
    ),
    M(
        "spell-move-after-lead",
        "dmrules/reading/cardtext/normalize.py",
        'r"(^|。)(?:その後|そうした場合|そうしたら)、(この|その)呪文を、?墓地に置くかわりに"',
        'r"(?!)"',
        "「その後、この呪文を墓地に置くかわりに…」 not read as the spell's move after it is cast",
    ),
    M(
        "blocker-as-a-race",
        "dmrules/reading/cardtext/normalize.py",
        '        "「ブロッカー」を持つクリーチャー",',
        '        "ブロッカー",',
        "「自分の他のブロッカー」 refused as a keyword said as a race",
    ),
    # -- this release's reviews ----------------------------------------------------------------------
    M(
        "spell-put-out",
        "asp/common/feasible.lp",
        "no_battle_card(C) :- card_type(C,spell), not card_type(C,creature).",
        "no_battle_card(C) :- card_type(C,spell), card_type(C,creature).",
        "a spell shield put into the battle zone instead of broken (403.1)",
    ),
    M(
        "evolution-put-out",
        "asp/common/feasible.lp",
        "unmodelled(evolution_put_out) :- enters(X,_,_,C), happens(X), evolution(C).",
        "",
        "an evolution creature put into the battle zone instead with nothing under it",
    ),
    M(
        "deck-top-order-free",
        "dmrules/solving/nextwindows.py",
        "and not (spec.kind in DECK_TOP_KINDS and not spec.cards)",
        "and True",
        "two サイレントスキル taking the top cards of one deck listed in one order alone",
    ),
    M(
        "s-trigger-cast-from-hand",
        "asp/common/match.lp",
        "cast_via(E,hand) :- event_cast_from(E,shields).",
        "",
        "a spell cast with S・トリガー not seen as cast from the hand",
    ),
    M(
        "this-or-others-twice",
        "dmrules/reading/cardtext/transform/events.py",
        "filter=replace(o.filter, other=True)) if isinstance(o, Phrase)",
        "filter=o.filter) if isinstance(o, Phrase)",
        "「このクリーチャーまたは自分のドラゴン」 replacing this dragon's destruction twice",
    ),
    M(
        "made-before-condition",
        "dmrules/reading/cardtext/textreader.py",
        "and _begun_before(line_before, sentence):",
        "and False:",
        "a condition on a card the sentence before makes as the event happens read, the act dropped",
    ),
    M(
        "misspelt-creature-race",
        "dmrules/reading/cardtext/transform/nouns.py",
        '"クリーチ" in word or "リーチャ" in word',
        "False",
        "「クリーチヤー」 read as a race",
    ),
    M(
        "grant-turns-dropped",
        "dmrules/reading/cardtext/textreader.py",
        "    if grant.turns:\n",
        "    if False:\n",
        "「相手のターン中、…を得る」 read as had in every turn",
    ),
    # -- the sets r81 and r82, and the review of real cards in the solver ----------------------------
    M(
        "follow-up-names-a-new-card",
        "dmrules/solving/nextwindows.py",
        'if not any(c in ("this", "event_card") and refs.get(c) in gone for c in e.cards)',
        "if True",
        "a follow-up's 「このクリーチャー」 moves the card another event of the window moved (a new card)",
    ),
    M(
        "mode-counts-replace",
        "dmrules/reading/cardtext/parsing.py",
        'r"\\d+つ(?:の|(?:を)?選ぶ)かわりに、?\\d+つ(?:だけ|まで)?(?:を)?選(?:ぶ|んでもよい)"',
        'r"(?!)"',
        "「2つのかわりに1つだけ選ぶ」 not recognised as replacing no event",
    ),
    M(
        "cost-number-replaces",
        "dmrules/reading/cardtext/parsing.py",
        'r"コストは、?\\d+のかわりに、?\\d+になる"',
        'r"(?!)"',
        "「コストは7のかわりに3になる」 not recognised as replacing no event",
    ),
    M(
        "keyword-list-replaces",
        "dmrules/reading/cardtext/parsing.py",
        'のかわりに、?(?:[ァ-ヴー・A-Z＝]+と)*[ァ-ヴー・A-Z＝]+"',
        'のかわりに、?[ァ-ヴー・A-Z＝]+"',
        "「W・ブレイカーのかわりに、ブロッカーとスレイヤーを得てもよい」 not recognised as replacing no event",
    ),
    M(
        "evolution-put-out-replaces",
        "dmrules/reading/cardtext/parsing.py",
        'r"[^。]*進化クリーチャーを(?:バトルゾーンに)?出す時、(?:(?!かわりに)[^。])*?\\d+体のかわりに',
        'r"(?!)[^。]*進化クリーチャーを(?:バトルゾーンに)?出す時、(?:(?!かわりに)[^。])*?\\d+体のかわりに',
        "「…進化クリーチャーを出す時、サムライ1体のかわりに…の上に置いてもよい」 not recognised as replacing no event",
    ),
    M(
        "summon-said-again",
        "dmrules/reading/cardtext/transform/sentences.py",
        '"バトルゾーンに出す": frozenset({"enter", "put_into_battle", "summon"}),',
        '"バトルゾーンに出す": frozenset({"enter", "put_into_battle"}),',
        "「相手がクリーチャーを召喚する時、バトルゾーンに出すかわりに…」 refused",
    ),
    M(
        "deck-cards-gone",
        "dmrules/reading/cardtext/normalize.py",
        'r"(^|、)(自分|相手)の山札(?:のカード)?が(?:0枚に|なく)なって、?(?:\\2が)?ゲームに負ける(?=時)"',
        'r"(^|、)(自分|相手)の山札が(?:0枚に|なく)なって、?(?:\\2が)?ゲームに負ける(?=時)"',
        "「山札のカードがなくなってゲームに負ける時」 refused",
    ),
    M(
        "untap-step-watched-phrase",
        "dmrules/reading/cardtext/normalize.py",
        'r"(?:^|(?<=[。、]))(自分|相手)のターンのはじめに、((?!この)[^。、]*?)がアンタップ(?:される|する)時、"',
        'r"(?!)"',
        "「相手のターンのはじめに、相手の…がアンタップされる時」 refused",
    ),
    M(
        "hand-discarded-unnamed",
        "dmrules/reading/cardtext/grammar.lark",
        '     | OWNER "の手札が" "、"? causes? "捨てられる"                      -> watch_hand_discarded\n',
        "",
        "「自分の手札が…捨てられる時」 refused without naming why",
    ),
    M(
        "unread-not-shown",
        "dmrules/presenting/cardinfo.py",
        "    if card.unread:",
        "    if False:",
        "'dmrules cards' does not say a text is unread",
    ),
    M(
        "refusal-speaks-of-resolutions-above",
        "dmrules/presenting/render.py",
        'if count[0] else "no resolution is listed"',
        'if True else ""',
        "a refusal before any resolution speaks of the resolutions above",
    ),
    M(
        "condition-line-past-the-next",
        "dmrules/reading/cardtext/textreader.py",
        "            if below is not None and not first and not line.startswith(labels):",
        "            if False:",
        "a replacement two lines below メタモーフ's reminder read as always held",
    ),
    M(
        "condition-sentence-below",
        "dmrules/reading/cardtext/textreader.py",
        "            elif _SENTENCE_BELOW.search(line):",
        "            elif False:",
        "a replacement after 「…なければ、このクリーチャーは次の能力を得る。」 read as always held",
    ),
    M(
        "ability-named-after",
        "dmrules/reading/cardtext/textreader.py",
        '    if any(s.verdict == "replacement" for s in done) and _NAMES_AN_ABILITY.match(body):',
        "    if False:",
        "「上の能力は使えない」 after a replacement dropped",
    ),
    M(
        "spell-put-out-owed",
        "asp/common/feasible.lp",
        "                 not enter_blocked(R,E).",
        "                 true.",
        "a mandatory replacement that would put a spell into the battle zone owed: no resolution",
    ),
    M(
        "step-card-moved-out",
        "dmrules/solving/engine.py",
        "        if gone:",
        "        if False:",
        "a 「その後、」 step solved after another event of its window took the card it would have chosen",
    ),
    M(
        "state-said-with-toki",
        "dmrules/reading/cardtext/normalize.py",
        'r"(?<=が)([^、。時「」]*?)(にある|もない|(?<=が)ない|\\d+[枚体つ](?:以上|以下)の)時、"',
        'r"(?<=が)([^、。時「」]*?)(にある|もない|(?<=が)ない|\\d+[枚体つ](?:以上|以下)の)時X"',
        "a state said with 「時」 before the watched event not read as its condition",
    ),
    M(
        "exception-to-no-event",
        "dmrules/reading/cardtext/textreader.py",
        '        and said[-1].verdict == "not_replacement"',
        '        and said[-1].verdict == "nothing"',
        "「ただし、その「S・トリガー」は使えない」 after an alternative cost not recognised",
    ),
    M(
        "any-number-then-listed",
        "asp/common/options.lp",
        "unmodelled(any_number_then) :- rwatches(R,_), open_slot(R,_), rep_afterwards(R).",
        "% (dropped)",
        "「好きな数」 with a 「その後、」 step listed without the application that takes none",
    ),
    M(
        "pile-under-listed",
        "asp/common/after.lp",
        "unmodelled(pile_under) :- goes_under(C,T), zone(C,battle), under(D,C), not moved(D), C != T.",
        "% (dropped)",
        "an evolution creature put under another card listed with its pile left under it",
    ),
    M(
        "cost-said-first-listed",
        "dmrules/reading/scenario.py",
        "            if watching:",
        "            if False:",
        "ギガスタンド's discard said apart listed as unreplaceable beside a マッドネス card",
    ),
    M(
        "owner-zone-listed",
        "dmrules/reading/scenario.py",
        "        if card.owner != card.controller and said is not None:",
        "        if False:",
        "a card controlled by a non-owner read with 「自分の墓地」 as its owner's",
    ),
    M(
        "condition-first-taken-for-watched",
        "dmrules/reading/cardtext/normalize.py",
        "            return part.startswith(this)",
        "            return head.startswith(this)",
        "a condition on this creature said first makes another card's event read as this creature's",
    ),
    M(
        "other-comma-or-both",
        "dmrules/reading/cardtext/transform/nouns.py",
        "                if other and item[3] and len(heads) > 1:",
        "                if False:",
        "「自分の他のドラゴン、またはファイアー・バード」 read with 「他の」 for both heads",
    ),
]

EQUIVALENT: dict[str, str] = {}


SOURCE = ROOT  # where copies come from: a snapshot of HEAD, or the working tree


def snapshot(dest: Path) -> Path:
    """The last commit's files, once: every mutant starts from the same tree, whatever is edited meanwhile."""
    archive = subprocess.run(
        ["git", "archive", "HEAD", "dmrules", "asp", "tests", "fixtures"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
    return dest


def copy_tree(dest: Path) -> None:
    for name in ("dmrules", "asp", "tests", "fixtures"):
        shutil.copytree(SOURCE / name, dest / name, ignore=shutil.ignore_patterns("__pycache__", ".hypothesis"))
    # The installed package maps dmrules.asp to asp/: mirror that inside the copy.
    (dest / "dmrules" / "asp").symlink_to(Path("..") / "asp")


def environment(tree: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(tree) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["DMRULES_ORACLE_EXAMPLES"] = ORACLE_EXAMPLES
    env["DMRULES_NO_SHRINK"] = "1"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["COLUMNS"] = "1000"  # pytest's summary line keeps the failure's message (a timing one shows)
    return env


def run_tests(tree: Path, timeout: float, tests: list[str] | None = None) -> tuple[bool, str, float]:
    """Whether the fast tests pass on ``tree``, the first failure's line, and the seconds it took."""
    started = time.monotonic()
    try:
        out = subprocess.run(
            [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-k", DESELECT, *(tests or TESTS)],
            cwd=tree,
            env=environment(tree),
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return False, "timeout", time.monotonic() - started
    failed = next((line for line in out.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))), "")
    return out.returncode == 0, failed, time.monotonic() - started


def check_copy_is_used(tree: Path) -> None:
    code = "import dmrules, dmrules.solving.encodings as s; print(dmrules.__file__); print(s.encodings_dir())"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tree, env=environment(tree), capture_output=True, text=True, check=True
    ).stdout.split()
    if not all(Path(p).resolve().is_relative_to(tree.resolve()) for p in out):
        raise SystemExit(f"the copy is not the code under test: {out}")


def run_mutant(mutant: Mutant, timeout: float, tests: list[str] | None = None) -> tuple[str, str, float]:
    """The mutant's status and what decided it (the killing test, or why not killed)."""
    with tempfile.TemporaryDirectory(prefix="dmrules-mutant-") as tmp:
        tree = Path(tmp)
        copy_tree(tree)
        path = tree / mutant.path
        text = path.read_text(encoding="utf-8") if path.is_file() else ""
        if text.count(mutant.old) != 1:
            return "stale", f"the text occurs {text.count(mutant.old)} times in {mutant.path}", 0.0
        path.write_text(text.replace(mutant.old, mutant.new), encoding="utf-8")
        passed, failed, seconds = run_tests(tree, timeout, tests)
    if passed:
        return ("equivalent" if mutant.name in EQUIVALENT else "survived"), EQUIVALENT.get(mutant.name, ""), seconds
    return kill_kind(failed), failed, seconds


def killer(failed: str) -> str:
    """The test id of pytest's first ``FAILED``/``ERROR`` line."""
    words = failed.split()
    return words[1] if len(words) > 1 else failed


def kill_kind(failed: str) -> str:
    """How a mutant was killed: ``killed`` by a test that checks an answer; ``timing`` by a test
    that bounds a time alone; ``error`` when a test could not even run (collection, set-up: an
    unrelated failure); ``timeout`` when the tests did not finish."""
    if failed == "timeout":
        return "timeout"
    if failed.startswith("ERROR"):
        return "error"
    if any(word in failed for word in TIMED_WORDS):
        return "timing"
    return "killed"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("-k", dest="select", help="only the mutants whose name contains this")
    parser.add_argument("--timeout", type=float, default=900, help="seconds per mutant")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--no-baseline", action="store_true", help="skip the run of the unmutated tree")
    parser.add_argument("--tests", nargs="+", metavar="FILE", help="run these test files instead of the fast set")
    parser.add_argument("--worktree", action="store_true", help="mutate the files as they are, not the last commit")
    args = parser.parse_args(argv)
    global SOURCE
    base = None
    if not args.worktree:
        base = tempfile.TemporaryDirectory(prefix="dmrules-head-")
        SOURCE = snapshot(Path(base.name))
    mutants = [m for m in MUTANTS if not args.select or args.select in m.name]
    if args.list:
        for m in mutants:
            print(f"{m.name:32} {m.path:34} {m.what}")
        return 0
    started = time.monotonic()
    if not args.no_baseline:
        with tempfile.TemporaryDirectory(prefix="dmrules-mutant-") as tmp:
            copy_tree(Path(tmp))
            check_copy_is_used(Path(tmp))
            passed, failed, seconds = run_tests(Path(tmp), args.timeout, args.tests)
        print(f"baseline (no mutant): {'pass' if passed else 'FAIL ' + failed} in {seconds:.0f} s", flush=True)
        if not passed:
            return 2
    results: dict[str, tuple[str, str, float]] = {}
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {m.name: pool.submit(run_mutant, m, args.timeout, args.tests) for m in mutants}
        for m in mutants:
            status, detail, seconds = results[m.name] = futures[m.name].result()
            print(
                f"{status.upper():10} {m.name:32} {seconds:5.0f} s  {m.what}"
                + (f"\n           {detail}" if detail else ""),
                flush=True,
            )
    kinds = ("killed", "timing", "error", "timeout", "survived", "equivalent", "stale")
    counts = {s: sum(r[0] == s for r in results.values()) for s in kinds}
    if base is not None:
        base.cleanup()
    print(f"\n{'mutant':34} {'status':10} killed by")
    for m in mutants:
        status, detail, _ = results[m.name]
        print(f"{m.name:34} {status:10} {killer(detail) if status in kinds[:4] else detail}")
    print(
        f"\n{len(results)} mutants: {counts['killed']} killed by a test that checks an answer, "
        f"{counts['timing']} by a timing test alone, {counts['error']} by an error, {counts['timeout']} timed out, "
        f"{counts['survived']} survived, {counts['equivalent']} equivalent, {counts['stale']} stale; "
        f"{time.monotonic() - started:.0f} s"
    )
    return 0 if counts["killed"] + counts["equivalent"] == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
