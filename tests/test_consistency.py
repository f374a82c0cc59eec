"""One source of truth for a card: a card whose printed text and structured form disagree is named,
with both, on the command line (the workbench: test_web.py, test_web_browser.py)."""

import textwrap

import dmrules
from dmrules.reading.consistency import disagreements

from .conftest import fixture_files, run_cli

CARD = """
turn: opponent
players:
  me:
    battle:
      - id: C
        card:
          name: テキストと形のクリーチャー
          type: creature
          text: このクリーチャーが破壊される時、かわりに自分の手札を2枚捨ててもよい。
{extra}          replacements:
            - watch: {{event: destroy, card: this}}
              instead: [{instead}]
              optional: true
    hand: [h1, h2]
  opponent: {{}}
effect:
  controller: opponent
  events:
    - {{id: e1, destroy: C}}
"""
STAY = "stay"
DISCARD = "stay, {discard: 2}"


def write(tmp_path, instead: str, extra: str = "") -> str:
    path = tmp_path / "card.yaml"
    path.write_text(textwrap.dedent(CARD.format(instead=instead, extra=extra)), encoding="utf-8")
    return str(path)


def test_a_text_read_otherwise_than_its_form_is_warned_of_naming_both(tmp_path):
    path = write(tmp_path, STAY)
    done = run_cli("solve", path)
    assert done.returncode == 0
    [warning] = [line for line in done.stderr.splitlines() if "disagree" in line]
    assert warning.startswith(f"dmrules: warning: {path}: card C (テキストと形のクリーチャー): its printed text")
    assert "the text 「このクリーチャーが破壊される時、かわりに自分の手札を2枚捨ててもよい。」 reads as: " in warning
    assert "instead: the card stays where it is; discard 2 card of yours" in warning
    assert "the 'replacements' given say: when this card would be destroyed; instead: the card stays" in warning
    assert "the solver follows the 'replacements'" in warning


def test_a_form_that_says_what_the_text_says_is_not_warned_of(tmp_path):
    scenario = dmrules.load_scenario(write(tmp_path, DISCARD))
    assert disagreements(scenario) == []
    assert "disagree" not in run_cli("solve", write(tmp_path, DISCARD)).stderr


def test_a_form_marked_hand_written_is_not_compared(tmp_path):
    path = write(tmp_path, STAY, extra="          hand_written: true\n")
    assert disagreements(dmrules.load_scenario(path)) == []


def test_no_fixture_card_says_one_thing_in_its_text_and_another_in_its_form():
    found = {p.name: [d.card.id for d in disagreements(dmrules.load_scenario(p))] for p in fixture_files()}
    assert {name: ids for name, ids in found.items() if ids} == {}
