"""Every event kind of the one kind table (dmrules/game/vocabulary.py) is read, encoded and written.

For each kind a scenario can write, a scenario with one such event is read, solved and told:
the events it realizes into have kinds the encodings name, the text tells each with the
table's words, and the JSON lists it with its kind. A kind added to the table without a
reader, an encoding or words fails here.
"""

from __future__ import annotations

import json
import re
from io import StringIO
from pathlib import Path

import pytest

import dmrules
from dmrules.game.vocabulary import KINDS, WATCH_EVENTS, WATCHED_WORDS, WRITTEN_KINDS
from dmrules.presenting.json import stream_json
from dmrules.presenting.render import event_words, solution_text

ASP = Path(__file__).resolve().parents[1] / "asp"
ENCODINGS = "\n".join(p.read_text(encoding="utf-8") for p in ASP.rglob("*.lp"))

# One event of each kind, on this board: X and Y in my battle zone (X tapped), H in my hand,
# s1 in my shields, d1 and d2 in my deck, S the spell being cast.
EVENTS = {
    "destroy": "{destroy: X}",
    "return_to_hand": "{return_to_hand: X}",
    "discard": "{discard: H}",
    "put_into_mana": "{put_into_mana: X}",
    "put_into_shields": "{put_into_shields: X}",
    "mill": "{mill: me, count: 1}",
    "break": "{break: s1}",
    "move": "{move: X, to: graveyard}",
    "draw": "{draw: me}",
    "lose": "{lose: me}",
    "spell_to_graveyard": "{spell_to_graveyard: S}",
    "put_into_battle": "{put_into_battle: H}",
    "battle": "{battle: [X, Y]}",
    "pay_cost": "{pay_cost: me, card: H}",
    "reveal": "{reveal: me, count: 1}",
    "power_change": "{power_change: X, amount: -1000}",
    "untap": "{untap: X}",
    "extra_turn": "{extra_turn: me}",
    "swap": "{swap: [X, H]}",
    "swap_zones": "{swap_zones: me, zones: [hand, mana]}",
}


def _scenario(event: str) -> dmrules.Scenario:
    return dmrules.scenario_from_text(
        f"""
turn: me
players:
  me:
    battle:
      - {{id: X, tapped: true, power: 3000, card: {{name: 甲, type: creature}}}}
      - {{id: Y, power: 2000, card: {{name: 乙, type: creature}}}}
    hand:
      - {{id: H, power: 1000, card: {{name: 丙, type: creature}}}}
      - {{id: S, card: {{name: 呪文, type: spell}}}}
    shields: [s1]
    deck: [d1, d2]
  opponent: {{}}
effect: {{source: S, controller: me, by: spell, events: [{event}]}}
""",
        "kinds.yaml",
    )


def test_every_written_kind_has_an_example_here():
    assert set(EVENTS) == set(WRITTEN_KINDS)


@pytest.mark.parametrize("kind", sorted(EVENTS))
def test_each_kind_is_read_encoded_and_written(kind):
    scenario = _scenario(EVENTS[kind])
    realized = {e.kind for e in scenario.events}
    assert realized, kind
    for made in realized:
        assert made in KINDS, made
        assert re.search(rf"\b{made}\b", ENCODINGS), f"no encoding names the kind '{made}'"
    solution = dmrules.solve(scenario)
    assert solution.complete and solution.resolutions
    text = solution_text(scenario, solution)
    for event in scenario.events:
        # Told in words of its own, not the fallback that names the kind.
        words = event_words(scenario, event)
        assert not words.startswith(event.kind.replace("_", " ")) and words in text, (event.kind, words)
    out = StringIO()
    stream_json(scenario, out, verbose=True)
    listed = {e["kind"] for r in json.loads(out.getvalue())["resolutions"] for e in r["happened"]}
    assert listed <= set(KINDS)


def test_every_watchable_kind_and_class_has_words():
    assert all(word in WATCHED_WORDS for word in WATCH_EVENTS)
