"""The window cache's keys: a key remembered for one state is never given to another."""

from __future__ import annotations

import builtins
import gc
import weakref
from pathlib import Path

import pytest

import dmrules
from dmrules.presenting.json import resolution_json
from dmrules.solving import windowcache

# A creature defined in the scenario itself (a new definition object at each load), destroyed;
# with GUARD, its own replacement lets it stay by discarding the two cards in hand instead.
SITUATION = """\
turn: opponent
players:
  me:
    battle:
      - id: X
        card:
          name: 身代わりのクリーチャー
          type: creature
          civilizations: [darkness]
          races: [デーモン・コマンド]
          cost: 5
          power: 5000
{guard}    hand: [h1, h2]
  opponent: {{}}
effect:
  controller: opponent
  events:
    - {{id: e1, destroy: X}}
"""
GUARD = """\
          replacements:
            - text: このクリーチャーが離れる時、かわりに自分の手札を2枚捨ててもよい。
              watch: {event: leave, card: this}
              instead: [stay, {discard: 2}]
              optional: true
"""


def load(tmp_path: Path, guarded: bool, name: str) -> dmrules.Scenario:
    path = tmp_path / name
    path.write_text(SITUATION.format(guard=GUARD if guarded else ""), encoding="utf-8")
    return dmrules.load_scenario(path)


def answer(scenario: dmrules.Scenario) -> list:
    return [resolution_json(r) for r in dmrules.solve(scenario).resolutions]


@pytest.fixture
def fresh_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(windowcache, "WINDOWS", windowcache.WindowCache())


def test_a_freed_definitions_id_taken_by_a_new_one_does_not_bring_back_the_old_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache: None
) -> None:
    expected_plain = answer(load(tmp_path, False, "plain-first.yaml"))
    expected_guarded = answer(load(tmp_path, True, "guarded-first.yaml"))
    assert len(expected_plain) == 1 and len(expected_guarded) == 2
    monkeypatch.setattr(windowcache, "WINDOWS", windowcache.WindowCache())

    guarded = load(tmp_path, True, "guarded.yaml")
    assert answer(guarded) == expected_guarded  # its window's key is remembered
    definition = guarded.cards["X"].definition
    freed, kept = id(definition), weakref.ref(definition)
    windowcache.WINDOWS.built.clear()  # the built windows have a bound of their own: here they went first
    del guarded, definition
    gc.collect()
    # The remembered key names the definition by its id: the definition lives as long as the key.
    assert kept() is not None

    # A new definition at the address of a freed one has its id: the key must not match it.
    plain = load(tmp_path, False, "plain.yaml")
    new = plain.cards["X"].definition
    monkeypatch.setattr(windowcache, "id", lambda o: freed if o is new else builtins.id(o), raising=False)
    assert windowcache.state_key(plain)[4][0][1] == freed
    assert answer(plain) == expected_plain


def test_a_remembered_key_is_given_only_to_a_state_with_the_same_definitions(tmp_path: Path, fresh_cache: None) -> None:
    scenario = load(tmp_path, True, "guarded.yaml")
    definitions = windowcache.state_definitions(scenario)
    cache = windowcache.WindowCache()
    cache.remember_key(("state",), (("key",), {}), definitions)
    assert cache.known_key(("state",), definitions) == (("key",), {})
    again = load(tmp_path, True, "again.yaml")  # equal, but a definition object of its own
    assert again.cards["X"].definition == scenario.cards["X"].definition
    assert again.cards["X"].definition is not scenario.cards["X"].definition
    assert cache.known_key(("state",), windowcache.state_definitions(again)) is None
    assert cache.known_key(("state",), definitions[:-1]) is None
    assert cache.known_key(("other",), definitions) is None
