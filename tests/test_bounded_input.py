"""No traceback from any input, and the commands that read files bounded like ``solve``:
numbers of any length, ``cards coverage`` on what is not a file, file names that would forge
a line, card texts compiled under ``--timeout``, and the sequential ruleset's chains."""

from __future__ import annotations

import os
import shutil

import pytest

import dmrules
from dmrules.reading.cardtext import compiler, deadline
from tests.conftest import FIXTURES, run_cli

A01 = FIXTURES / "A01-two-jashintei.yaml"


def _clean_refusal(done, *words: str) -> None:
    text = done.stdout + done.stderr
    assert done.returncode == 2, text
    assert "Traceback" not in text
    for word in words:
        assert word in done.stderr, done.stderr


# -- numbers of any length ----------------------------------------------------------------------


def test_verify_of_a_folder_reports_a_number_too_long_and_verifies_the_rest(tmp_path) -> None:
    shutil.copy(A01, tmp_path / "a-good.yaml")
    (tmp_path / "b-long-id.yaml").write_text(
        "turn: me\nplayers:\n  me:\n    hand: [h1, " + "7" * 4400 + "]\n  you: {}\n"
        "effect: {controller: me, events: [{discard: h1}]}\nexpect: {count: 1}\n",
        encoding="utf-8",
    )
    shutil.copy(A01, tmp_path / "c-good.yaml")
    done = run_cli("verify", str(tmp_path))
    assert done.returncode == 2 and "Traceback" not in done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("PASS") and lines[2].startswith("PASS"), lines
    assert lines[1].startswith("ERROR") and "b-long-id.yaml:4: players.me.hand[1]: a number of 4,400 digits" in lines[1]
    assert lines[-1] == "3 scenarios: 2 passed, 0 failed, 1 with bad input"


def test_a_number_of_100_digits_is_still_read() -> None:
    text = A01.read_text(encoding="utf-8").replace("hand: [h1, h2]", "hand: [h1, " + "8" * 100 + "]")
    scenario = dmrules.scenario_from_text(text, "long-id.yaml")
    assert "8" * 100 in scenario.cards


# -- cards coverage reads a file as solve does -----------------------------------------------------


def test_coverage_refuses_a_fifo_without_waiting(tmp_path) -> None:
    fifo = tmp_path / "texts.tsv"
    os.mkfifo(fifo)
    _clean_refusal(run_cli("cards", "coverage", str(fifo), timeout=30), "FIFO", "not a regular file")


def test_coverage_refuses_a_device() -> None:
    _clean_refusal(run_cli("cards", "coverage", "/dev/zero", timeout=30), "/dev/zero", "a device")


def test_coverage_refuses_a_file_over_the_size_limit(tmp_path) -> None:
    big = tmp_path / "big.tsv"
    with open(big, "wb") as stream:
        stream.truncate(3 * 1024**3)
    _clean_refusal(run_cli("cards", "coverage", str(big)), "3,221,225,472 bytes", "limited to 2,000,000")


def test_coverage_refuses_a_field_too_long_and_a_short_row(tmp_path) -> None:
    long_field = tmp_path / "long.tsv"
    long_field.write_text("name\tkind\ttext\nx\treplacement\t" + "あ" * 200_000 + "\n", encoding="utf-8")
    _clean_refusal(run_cli("cards", "coverage", str(long_field)), "cannot be read as tab-separated text")
    short = tmp_path / "short.tsv"
    short.write_text("name\tkind\ttext\nx\treplacement\n", encoding="utf-8")
    _clean_refusal(run_cli("cards", "coverage", str(short)), "line 2: has fewer columns than the header")


# -- names printed safely --------------------------------------------------------------------------


def test_a_line_break_in_a_file_name_cannot_forge_a_line_of_verify(tmp_path) -> None:
    forged = "x\nPASS  A99   609.9b        fake.yaml  (1 resolution)\n9 scenarios: 9 passed, 0 failed\n.yaml"
    shutil.copy(A01, tmp_path / forged)
    done = run_cli("verify", str(tmp_path))
    lines = done.stdout.splitlines()
    assert len(lines) == 2, lines  # the file's line and the count: nothing else
    assert "\\x0aPASS  A99" in lines[0] and lines[1] == "1 scenario: 1 passed, 0 failed"


# -- compiling a card text under --timeout ---------------------------------------------------------


def test_compiling_stops_at_the_time_limit_and_says_so(monkeypatch) -> None:
    monkeypatch.setenv("DMRULES_CACHE", "off")
    compiler._compiled_text.cache_clear()
    text = " / ".join(["このクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。"] * 3)
    with deadline.time_limit(0.0), pytest.raises(dmrules.SolveError) as caught:
        compiler.compile_text(text)
    message = str(caught.value)
    assert "compiling a printed card text stopped at --timeout" in message and "character 1 of" in message
    assert "grounding" not in message
    compiler._compiled_text.cache_clear()
    assert compiler.compile_text(text).complete  # nothing of the stopped compile was kept


def test_the_timeout_of_solve_cuts_a_long_card_text_with_its_own_message(tmp_path) -> None:
    sentence = "このクリーチャーが破壊される時、かわりに自分の手札を{n}枚捨ててもよい。"
    text = " / ".join(sentence.format(n=1 + i % 9) for i in range(600))
    path = tmp_path / "long-text.yaml"
    path.write_text(
        "turn: me\nplayers:\n  me:\n    battle:\n      - id: C\n        card: {name: 長いカード, text: '"
        + text
        + "'}\n  you: {}\neffect: {controller: me, events: [{destroy: C}]}\n",
        encoding="utf-8",
    )
    env_cache = os.environ.get("DMRULES_CACHE")
    os.environ["DMRULES_CACHE"] = "off"
    try:
        done = run_cli("solve", str(path), "--timeout", "0.5", process=True)
    finally:
        if env_cache is None:
            del os.environ["DMRULES_CACHE"]
        else:
            os.environ["DMRULES_CACHE"] = env_cache
    assert done.returncode == 2 and "Traceback" not in done.stderr  # a limit reached with no answer
    assert "compiling a printed card text stopped at --timeout" in done.stderr
    assert "grounding" not in done.stderr


# -- the sequential ruleset's chains -----------------------------------------------------------------


def test_a_sequential_chain_offers_no_replacement_what_it_made() -> None:
    # D0-4: ヴェール・バビロニア's two draws instead are never offered to it again; in the ground
    # program no application of it to an event it made exists at all (so chains stay small).
    from clingo import SymbolType

    from dmrules.api import as_scenario
    from dmrules.solving.ground import make_control

    ctl = make_control(as_scenario(FIXTURES / "A13-vail-babylonia-shakogail.yaml", "sequential"))
    applied = [a.symbol for a in ctl.symbolic_atoms.by_signature("apply", 2)]
    assert applied
    for atom in applied:
        replacement, event = atom.arguments
        maker = event
        while maker.type == SymbolType.Function and maker.name in ("res", "deck_out") and len(maker.arguments) >= 3:
            assert maker.arguments[0] != replacement, atom
            maker = maker.arguments[1]


def test_a16_under_the_sequential_ruleset_grounds_small() -> None:
    # A chain offers no replacement an event it made (D0-4): with three draw replacements the
    # chains are the orders of three, where repeating them once made the program explode.
    from dmrules.api import as_scenario
    from dmrules.solving.ground import make_control

    ctl = make_control(as_scenario(FIXTURES / "A16-shinsekai-draw.yaml", "sequential"))
    assert len(ctl.symbolic_atoms) < 20_000


def test_sequential_chains_too_long_to_order_a_deck_are_refused() -> None:
    replacements = "\n".join(
        f"      - {{id: C{i}, card: {{name: 引き替え{i}, type: creature, replacements: "
        "[{watch: {event: draw, player: own}, instead: [{draw: 2}], optional: true}]}}"
        for i in range(10)
    )
    text = f"ruleset: sequential\nturn: me\nplayers:\n  me:\n    battle:\n{replacements}\n    deck: [d1, d2]\n"
    text += "  you: {}\neffect: {controller: me, events: [{draw: me}]}\n"
    with pytest.raises(dmrules.InputError, match="chains of at most 9 replacements"):
        dmrules.solve(dmrules.scenario_from_text(text, "ten.yaml"))


# -- cards named where they are -------------------------------------------------------------------

NAMED = """\
turn: opponent
players:
  me:
    battle:
      - id: M
        card:
          name: 身代わりを選ぶクリーチャー
          type: creature
          replacements:
            - watch: {event: destroy, card: this}
              instead: [stay, {choose: {count: 1, from: battle, to: graveyard, verb: destroy, id: [A, B]}}]
              optional: true
      - {id: A, card: {name: 名指しのクリーチャーA, type: creature}}
      - {id: B, card: {name: 名指しのクリーチャーB, type: creature}}
      - {id: C, card: {name: 名指しでないクリーチャー, type: creature}}
  opponent: {}
effect: {controller: opponent, events: [{id: e1, destroy: M}]}
"""


def test_a_choice_naming_cards_where_they_are_takes_only_them() -> None:
    # M may stay by destroying one of the creatures its text names (A or B), never C.
    solution = dmrules.solve(dmrules.scenario_from_text(NAMED, "named.yaml"))
    got = sorted(tuple((a.event, a.replacement.id, a.chosen) for a in r.applied) for r in solution.resolutions)
    assert got == [(), (("e1", "M", ("A",)),), (("e1", "M", ("B",)),)]


def test_cards_parse_and_coverage_show_what_would_act_on_a_terminal_escaped(tmp_path) -> None:
    done = run_cli("cards", "parse", "このクリーチャーが破壊される時、かわりに\x1b[31m赤")
    assert "\x1b" not in done.stdout and "\\x1b[31m" in done.stdout
    rows = tmp_path / "rows.tsv"
    rows.write_text('name\tkind\ttext\n"\x1b[2Jevil\nname"\treplacement\tこのクリーチャーが破壊される時、かわりにあ\n')
    done = run_cli("cards", "coverage", str(rows))
    assert "\x1b" not in done.stdout and "\\x1b[2Jevil\\x0aname" in done.stdout
