"""Invariants that hold for every resolution of every fixture (and of every window the
property test in tests/test_oracle.py generates)."""

import subprocess
import sys
from collections import Counter

import pytest

import dmrules
from dmrules.game.vocabulary import ZONES

from .conftest import ROOT, fixture_sample, run_cli


@pytest.fixture(scope="module", params=fixture_sample(), ids=lambda p: p.stem)  # every fixture: bench/sweep.py
def solved(request):
    scenario = dmrules.load_scenario(request.param)
    return scenario, dmrules.solve(scenario)


def test_every_card_ends_in_exactly_one_zone(solved):
    scenario, solution = solved
    for r in solution.resolutions:
        assert set(r.final) == set(scenario.cards)
        assert all(zone in ZONES for zone in r.final.values())


def test_at_most_one_replacement_per_event_under_duel_masters_rules(solved):
    scenario, solution = solved
    if scenario.ruleset != "dm":
        return
    for r in solution.resolutions:
        per_event = Counter((a.window, a.event) for a in r.applied)
        assert max(per_event.values(), default=0) <= 1


def test_no_affected_card_is_chosen_twice_in_a_window(solved):
    scenario, solution = solved
    for r in solution.resolutions:
        for w in r.windows:
            chosen = Counter(c for a in w.applied for c in a.chosen)
            for card, times in chosen.items():
                if scenario.ruleset == "dmps" and times == 2:
                    # Duel Masters Play's board order (DMPS-2): the second choice took the
                    # card where an earlier replacement's event had just brought it.
                    made = [e for e in w.happened if e.card == card and e.instead_of]
                    assert made, (card, w.applied)
                else:
                    assert times <= 1, card


def test_replaced_events_never_happened(solved):
    _, solution = solved
    for r in solution.resolutions:
        for w in r.windows:
            assert not {e.id for e in w.happened} & {e.id for e in w.replaced}


# -- invariants that a realistic bug breaks ---------------------------------------------------


def _ability(scenario, ref):
    """The replacement ability an application used (a card's, or an effect in play)."""
    if ref.card is not None and ref.card in scenario.cards and ref.ability >= 1:
        return scenario.cards[ref.card].replacements[ref.ability - 1]
    return next((e.ability for e in scenario.effects if e.id == ref.id), None)


def _zone_before(scenario, resolution, window_index: int, card_id: str) -> str:
    if window_index == 1:
        return scenario.cards[card_id].zone
    return resolution.windows[window_index - 2].final[card_id]


def check_chosen_cards_were_eligible(scenario, solution) -> None:
    """Every chosen card was, in the state before its window, in a zone one of the
    replacement's choices takes from, and the card of the replaced event only for another
    event than that one; in the
    first window it also passed that choice's own/opponent filter (609.9a). (Under dmps,
    replacements apply one after another, each seeing the last one's result: not checked.)"""
    if scenario.ruleset == "dmps":
        return
    for r in solution.resolutions:
        for w in r.windows:
            events = {e.id: e for e in w.events} | {e.id: e for e in w.replaced}
            for app in w.applied:
                ability = _ability(w.state if w.state is not None else scenario, app.replacement)
                slots = ability.slots() if ability else []
                event = events.get(app.event)
                for card_id in app.chosen:
                    if ability and not any(a.kind == "choose" for a in ability.instead):
                        continue  # a card the replacement itself moves (its own, a battle partner)
                    zone = _zone_before(scenario, r, w.index, card_id)
                    card = scenario.cards[card_id]
                    if event is not None and card_id in event.cards:
                        # The replaced event's card, chosen for another event only (609.1).
                        made = [
                            x
                            for x in (*w.happened, *w.replaced)
                            if x.instead_of == app.event and x.made_by == app.replacement.id and card_id in x.cards
                        ]
                        assert made and all((x.kind, x.to_zone) != (event.kind, event.to_zone) for x in made), (
                            app,
                            "chose the replaced event's card for the same event",
                        )
                    state = w.state if w.state is not None else scenario
                    beside = {
                        "under_this": state.cards[card_id].under == app.replacement.card,
                        "crossed_to_this": state.cards[card_id].equipped_to == app.replacement.card,
                    }
                    ok = [s for s in slots if s.from_zone == zone or beside.get(s.from_zone, False)]
                    if w.index == 1:
                        ok = [
                            s
                            for s in ok
                            if s.filter.whose == "any" or (s.filter.whose == "own") == (card.controller == app.player)
                        ]
                    assert ok, f"{app.replacement.id} on {app.event} chose {card_id} from the {zone} zone"


def check_replaced_and_made_events(scenario, solution) -> None:
    """An applied replacement's event is among the replaced events and not among those that
    happened; the events it made instead (one per chosen card) are among those that happened
    or, where a later replacement replaced them in turn, the replaced ones."""
    for r in solution.resolutions:
        for w in r.windows:
            happened = {e.id: e for e in w.happened}
            replaced = {e.id: e for e in w.replaced}
            for app in w.applied:
                if app.void:
                    continue
                assert app.event in replaced and app.event not in happened, (app.event, "not replaced")
                prefix = f"{app.event}/{app.replacement.id}."
                made = [e for e in list(happened.values()) + list(replaced.values()) if e.id.startswith(prefix)]
                ability = _ability(w.state if w.state is not None else scenario, app.replacement)
                if ability and any(a.kind == "choose" for a in ability.instead):
                    for card_id in app.chosen:
                        assert any(card_id in e.cards for e in made), f"{prefix}: no event moves {card_id}"
            for event_id in replaced:
                assert any(a.event == event_id for a in w.applied), f"{event_id} replaced by nothing"


def check_mandatory_could_not_apply(scenario, solution) -> None:
    """Duel Masters rules, first window: a resolution that leaves an event happen although a
    mandatory replacement could have replaced it is illegal (609.1, 609.8). So no legal
    resolution is another legal resolution plus one mandatory application on an event that
    happened (neither replaced nor superseded) in the smaller one: in the smaller one, that
    application could be made, given every other decision."""
    if scenario.ruleset != "dm":
        return
    firsts = []
    for r in solution.resolutions:
        w = r.windows[0]
        apps = frozenset((a.event, a.replacement.id, a.chosen) for a in w.applied)
        firsts.append((apps, {e.id for e in w.happened}, {a.replacement.id: a.replacement for a in w.applied}))
    by_apps = {apps: (happened, refs) for apps, happened, refs in firsts}
    for apps, (_, refs) in by_apps.items():
        for app in apps:
            smaller = apps - {app}
            if smaller not in by_apps:
                continue
            happened_there, _ = by_apps[smaller]
            ability = _ability(scenario, refs[app[1]])
            if ability is None or ability.optional:
                continue
            assert app[0] not in happened_there, (
                f"{app[1]} is mandatory and could replace {app[0]}, yet a resolution lets {app[0]} happen"
            )


INVARIANTS = (check_chosen_cards_were_eligible, check_replaced_and_made_events, check_mandatory_could_not_apply)


def check_invariants(scenario, solution) -> None:
    for invariant in INVARIANTS:
        invariant(scenario, solution)


@pytest.mark.parametrize("invariant", INVARIANTS, ids=lambda f: f.__name__)
def test_invariant(solved, invariant):
    invariant(*solved)


# A process solves each fixture of the sample in turn: two processes (each with its own hash
# seed) must print the same bytes for each.
_SOLVE_EACH = """
import contextlib, io, sys
from dmrules.cli import main
for path in sys.argv[1:]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["solve", path, "--json"])
    sys.stdout.write(repr(out.getvalue()) + "\\n")
"""


def test_the_same_input_gives_byte_identical_output():
    paths = [str(p) for p in fixture_sample()]  # every fixture: python bench/sweep.py
    # One run in a new process (its own hash seed, nothing cached), one in this one (another hash
    # seed, and whatever the tests before it left in the caches).
    run = subprocess.run([sys.executable, "-c", _SOLVE_EACH, *paths], capture_output=True, cwd=ROOT, encoding="utf-8")
    assert run.returncode == 0, run.stderr
    here = [repr(run_cli("solve", path, "--json").stdout) for path in paths]
    outputs = [run.stdout.splitlines(), here]
    assert len(outputs[0]) == len(paths)
    for path, first, second in zip(paths, *outputs):
        assert first == second, path
        assert len(first) > 10, path
