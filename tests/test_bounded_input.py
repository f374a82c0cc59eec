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


# -- bad values refused with their place --------------------------------------------------------

BASE = """\
turn: me
players:
  me:
    battle: [{id: J1, card: アビスベル＝ジャシン帝}]
    hand: [h1, h2]
  opponent:
    battle: [{id: X, card: {name: 全体破壊のクリーチャー, type: creature}}]
effect: {source: X, controller: opponent, events: [{id: e1, destroy: J1}]}
"""


def _scenario(tmp_path, text: str, name: str = "s.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    "line, place, tag",
    [
        ("expect: {count: !!int abc}", ":9: expect.count", "!!int"),
        ("expect: {count: !!bool maybe}", ":9: expect.count", "!!bool"),
        ("expect: {count: !!float abc}", ":9: expect.count", "!!float"),
        ("expect: {count: !!int 0x2}", ":9: expect.count", "!!int"),
        ("expect: {count: !!int 1:30}", ":9: expect.count", "!!int"),
        ("note: !!int ''", ":9: note", "!!int"),
    ],
)
def test_a_yaml_core_tag_is_refused_at_its_place_by_every_command(tmp_path, line, place, tag) -> None:
    path = _scenario(tmp_path, BASE + line + "\n")
    problem = f"{path}{place}: the YAML tag '{tag}' is not allowed in a scenario"
    for command in (
        ("solve", path),
        ("why", path, "--resolution", "1"),
        ("why-not", path, "--expect", "J1=battle"),
        ("cards", "parse", "--scenario", path),
    ):
        _clean_refusal(run_cli(*command), problem)
    done = run_cli("verify", path)
    assert done.returncode == 2 and "Traceback" not in done.stdout + done.stderr
    assert problem in done.stdout and "internal" not in done.stdout


def test_an_id_written_with_a_core_tag_is_refused_never_read_the_yaml_1_1_way(tmp_path) -> None:
    for written in ("!!int 010", "!!int 1_0", '!!int ""', "!!str 7"):
        path = _scenario(tmp_path, BASE.replace("[h1, h2]", f"[h1, {written}]"))
        tag = written.split()[0]
        _clean_refusal(run_cli("solve", path), f"{path}:5: players.me.hand[1]: the YAML tag '{tag}' is not allowed")
    text = "turn: me\nplayers: {me: {hand: [h1]}, you: {}}\n!!int effect: {controller: me, events: [{discard: h1}]}\n"
    path = _scenario(tmp_path, text)
    _clean_refusal(run_cli("solve", path), f"{path}:3: effect: the YAML tag '!!int' is not allowed")


@pytest.mark.parametrize(
    "text, problem",
    [
        ("players: 5\n", ":1: players: expected a mapping, found '5'"),
        ("players: [a, b]\n", ":1: players: expected a mapping, found a list"),
        ("players: {me: [1, 2]}\n", ":1: players.me: expected a mapping, found a list"),
        ("players: {me: 7}\n", ":1: players.me: expected a mapping, found '7'"),
        ("- 1\n- 2\n", ":1: expected a mapping, found a list"),
    ],
)
def test_cards_parse_of_a_scenario_that_is_not_mappings_says_where(tmp_path, text, problem) -> None:
    path = _scenario(tmp_path, text)
    _clean_refusal(run_cli("cards", "parse", "--scenario", path), path + problem)


def test_the_cast_fields_on_an_effect_that_is_not_a_spells_are_refused(tmp_path) -> None:
    for key, value in (("cast_from", "graveyard"), ("cast_by", "J1")):
        text = BASE.replace("controller: opponent,", f"controller: opponent, {key}: {value},")
        path = _scenario(tmp_path, text)
        problem = f"{path}:8: effect.{key}: '{key}' is for a spell's effect (by: spell); this effect is by: ability"
        _clean_refusal(run_cli("solve", path), problem)


@pytest.mark.parametrize(
    "expect, line",
    [("expect: {count: }", 9), ("expect:\n  count:\n  some:\n", 10), ("expect: {count: ~, states: 2}", 9)],
)
def test_an_expectation_field_given_no_value_is_an_error_naming_it(tmp_path, expect, line) -> None:
    path = _scenario(tmp_path, BASE + expect + "\n")
    done = run_cli("verify", path)
    assert done.returncode == 2 and "Traceback" not in done.stdout + done.stderr
    assert f"{path}:{line}: expect.count: 'count' is given no value" in done.stdout
    assert "no expectation" not in done.stdout


def test_solve_html_with_an_empty_file_name_is_refused(tmp_path) -> None:
    for name in ("", " "):
        _clean_refusal(run_cli("solve", str(A01), "--html", name), "dmrules: error: --html: give a file name")
