"""Hostile input: every bad scenario gives a clear error, never a traceback or a hang.

Each file of ``tests/hostile/`` is one bad scenario (or, for ``inject-*``, a
good one whose names look like ASP program text). The real command runs on
each; a bad one must exit 2 with ``PATH:LINE: PLACE: PROBLEM`` and no
traceback. Cases that need a big or binary file are generated in a temporary
folder. Every command runs with a time limit, so a hang fails the test
instead of stalling the run.
"""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import dmrules
from dmrules.reading.scenario import MAX_CARDS, MAX_COMBINATIONS, MAX_EVENTS
from dmrules.reading.yamlsrc import MAX_FILE_BYTES

from .conftest import ROOT, run_cli

HOSTILE = Path(__file__).resolve().parent / "hostile"
LIMIT = 60  # seconds any one command may take before the test calls it a hang

# file → (command, line, place, a distinctive fragment of the problem).
# ``line`` None: the message has no line; ``place`` "": the whole file.
CASES: dict[str, tuple[str, int | None, str, str]] = {
    # -- malformed YAML --------------------------------------------------------------
    "yaml-unclosed-bracket.yaml": ("solve", 3, "", "expected ',' or ']'"),
    "yaml-bad-indentation.yaml": ("solve", 5, "", "check the indentation"),
    "yaml-tab-indentation.yaml": ("solve", 3, "", "indent with spaces"),
    "yaml-document-is-list.yaml": ("solve", 1, "", "expected a mapping, found a list"),
    "yaml-document-is-scalar.yaml": ("solve", 1, "", "expected a mapping, found 'just some words'"),
    "yaml-several-documents.yaml": ("solve", 5, "", "several YAML documents"),
    "yaml-empty.yaml": ("solve", None, "", "is empty"),
    "yaml-only-comments.yaml": ("solve", None, "", "is empty"),
    "yaml-duplicate-key.yaml": ("solve", 5, "turn", "key 'turn' appears twice"),
    "yaml-mapping-as-key.yaml": ("solve", 3, "players", "a mapping key must be a plain word"),
    "yaml-python-tag.yaml": ("solve", 1, "turn", "tag '!!python/object/apply:os.system' is not allowed"),
    "yaml-custom-tag.yaml": ("solve", 2, "players", "tag '!include' is not allowed"),
    "yaml-merge-key.yaml": ("solve", 5, "effect", "merge keys ('<<') are not supported"),
    "yaml-nested-200-lists.yaml": ("solve", 2, "note[0][0][0][0][0][0][0]...", "nested deeper than 40 levels"),
    "yaml-billion-laughs.yaml": ("solve", 1, "f[1][7][8][6][5][8]", "holds more than 200,000 values"),
    "yaml-recursive-alias.yaml": ("solve", 2, "players.me.hand[1]", "alias refers to the value that contains it"),
    # -- wrong types -----------------------------------------------------------------
    "type-number-for-list.yaml": ("solve", 5, "effect.events", "expected a list, found '3'"),
    "type-number-for-zone.yaml": ("solve", 4, "players.me.hand", "expected a list, found '5'"),
    "type-list-for-card.yaml": ("solve", 4, "players.me.hand[0]", "an id or a mapping with 'id', found a list"),
    "type-mapping-for-text.yaml": ("solve", 1, "turn", "expected a text, found a mapping"),
    "type-mapping-for-card-id.yaml": ("solve", 5, "players.me.battle[0].id", "expected a text, found a mapping"),
    "type-boolean-card-ids.yaml": ("solve", 4, "players.me.hand[0]", "found 'true' (YAML reads true and false"),
    "type-boolean-event-card.yaml": ("solve", 3, "effect.events[0].discard", "put the word in quotes"),
    "type-boolean-turn.yaml": ("solve", 1, "turn", "expected a text, found 'true'"),
    "type-float-count.yaml": ("solve", 3, "effect.events[0].count", "expected a whole number, found '1.5'"),
    "type-float-cost.yaml": ("solve", 5, "players.me.battle[0].cost", "expected a whole number, found '7.5'"),
    "type-list-for-boolean.yaml": ("solve", 5, "players.me.battle[0].tapped", "expected true or false, found a list"),
    "type-null-required.yaml": ("verify", 6, "expect.resolutions[0].applied[0].event", "field 'event' has no value"),
    "text-nul-escape.yaml": ("solve", 2, "players.me.hand[0]", "cannot contain the character NUL"),
    "id-line-break.yaml": ("solve", 2, "players.me.hand[0]", "an id cannot contain control characters"),
    # -- card names ------------------------------------------------------------------
    "card-near-miss.yaml": (
        "solve",
        5,
        "players.me.battle[0].card",
        "unknown card 'アビスベル＝ジャシン'; did you mean 'アビスベル＝ジャシン帝'?",
    ),
    "card-half-width-near-miss.yaml": (
        "solve",
        5,
        "players.me.battle[0].card",
        "unknown card 'ｱﾋﾞｽﾍﾞﾙ=ｼﾞｬｼﾝ'; did you mean 'アビスベル＝ジャシン帝'?",
    ),
    "card-unknown.yaml": (
        "solve",
        5,
        "players.me.battle[0].card",
        "unknown card 'まったく知らないカード' (define it inline",
    ),
    # -- ids -------------------------------------------------------------------------
    "id-duplicate-in-zone.yaml": (
        "solve",
        4,
        "players.me.hand[2]",
        "card id 'h1' is used twice (also at players.me.hand[0]",
    ),
    "id-same-card-two-zones.yaml": (
        "solve",
        7,
        "players.you.hand[0]",
        "card id 'J1' is used twice (also at players.me.battle[0], line 5)",
    ),
    "id-event-twice.yaml": ("solve", 7, "effect.events[1].id", "event id 'e1' is used twice"),
    "id-effect-is-card.yaml": ("solve", 5, "replacement_effects[0].id", "effect id 'h1' is also a card id"),
    "id-effect-twice.yaml": (
        "solve",
        9,
        "replacement_effects[1].id",
        "effect id 'R' is used twice (also at replacement_effects[0], line 5)",
    ),
    # -- events ----------------------------------------------------------------------
    "event-destroy-hand-card.yaml": (
        "solve",
        3,
        "effect.events[0].destroy",
        "needs a card in the battle zone, but 'h1' is in the hand zone",
    ),
    "event-discard-battle-card.yaml": (
        "solve",
        7,
        "effect.events[0].discard",
        "needs a card in the hand zone, but 'J1' is in the battle zone",
    ),
    "event-destroy-chosen-from-hand.yaml": (
        "solve",
        5,
        "effect.events[0].destroy.choose.from",
        "a 'destroy' event needs a card in the battle zone, not the hand zone",
    ),
    "event-discard-all-from-battle.yaml": (
        "solve",
        5,
        "effect.events[0].discard.all.from",
        "a 'discard' event needs a card in the hand zone, not the battle zone",
    ),
    "event-field-of-another-kind.yaml": (
        "solve",
        3,
        "effect.events[0].amount",
        "a 'destroy' event takes no 'amount' (only power_change events do)",
    ),
    "event-draw-names-a-card.yaml": (
        "solve",
        3,
        "effect.events[0].card",
        "a 'draw' event is a player's and takes no 'card'",
    ),
    "event-card-named-twice.yaml": (
        "solve",
        3,
        "effect.events[0].cards",
        "the event's card is named by 'destroy' already; 'cards' would name it again",
    ),
    "event-paid-not-summoned.yaml": (
        "solve",
        3,
        "effect.events[0].cause",
        "a card put into the battle zone otherwise than by a summon is put there without its cost paid",
    ),
    "event-break-not-shield.yaml": ("solve", 7, "effect.events[0].break", "'h1' is in the hand zone"),
    "event-unknown-card.yaml": ("solve", 3, "effect.events[0].discard", "no card with id 'h9' is in any zone"),
    "event-source-unknown.yaml": ("solve", 3, "effect.source", "no card with id 'X' is in any zone"),
    "event-same-card-twice.yaml": ("solve", 7, "effect.events[1]", "card 'h1' is already moved by event 'e1'"),
    "event-unknown-kind.yaml": (
        "solve",
        3,
        "effect.events[0].kind",
        "unknown value 'destory'; did you mean 'destroy'?",
    ),
    "event-unknown-kind-shorthand.yaml": ("solve", 3, "effect.events[0].exile", "unknown field 'exile'"),
    "event-no-kind.yaml": ("solve", 3, "effect.events[0]", "an event needs a kind"),
    "event-unknown-player.yaml": ("solve", 3, "effect.events[0]", "unknown player 'them' (players: me, you)"),
    # -- counts and numbers ----------------------------------------------------------
    "count-negative.yaml": ("solve", 3, "effect.events[0].count", "-1 is out of range (1 to 60)"),
    "count-absurd.yaml": ("solve", 3, "effect.events[0].count", "100000 is out of range (1 to 60)"),
    "count-zero-choice.yaml": ("solve", 6, "effect.events[0].destroy.choose.count", "0 is out of range"),
    "cost-negative.yaml": ("solve", 5, "players.me.battle[0].cost", "-5 is out of range (0 to 999)"),
    "power-absurd.yaml": ("solve", 5, "players.me.battle[0].power", "1000000000000000000000000000000 is out of range"),
    "amount-absurd.yaml": ("solve", 7, "effect.events[0].amount", "is out of range (-1000000 to 1000000)"),
    "limits-negative.yaml": ("solve", 5, "players.me.limits.hand", "-1 is out of range"),
    "expect-count-negative.yaml": ("verify", 4, "expect.count", "-1 is out of range"),
    # Python itself refuses to read a number of more than 4,300 digits: refused before that.
    "number-long-card-id.yaml": (
        "solve",
        4,
        "players.me.hand[1]",
        "a number of 5,000 digits; numbers have at most 100",
    ),
    "number-long-count.yaml": ("solve", 3, "effect.events[0].count", "a number of 4,400 digits"),
    # -- unknown words ---------------------------------------------------------------
    "unknown-ruleset.yaml": ("solve", 1, "ruleset", "unknown value 'mtg' (known: dm, sequential, dmps)"),
    "unknown-zone.yaml": ("solve", 5, "players.me.graveyrd", "unknown field 'graveyrd'; did you mean 'graveyard'?"),
    "unknown-zone-in-move.yaml": ("solve", 3, "effect.events[0].to", "unknown value 'exile'"),
    "unknown-zone-in-limits.yaml": ("solve", 5, "players.me.limits.banished", "unknown zone 'banished'"),
    "limit-on-graveyard.yaml": ("solve", 6, "players.me.limits.graveyard", "no limit can be given to the zone"),
    "over-limit-at-start.yaml": ("solve", 5, "players.me", "3 elements in the hand zone of 'me', over its limit of 2"),
    "over-limit-expected-under-dmps.yaml": (
        "verify",
        4,
        "players.me",
        "11 elements in the hand zone of 'me', over its limit of 10 (Duel Masters Play's, DMPS-1)",
    ),
    "place-under-in-hand.yaml": (
        "solve",
        2,
        "players.me.hand[1].under",
        "no card is stacked under another in the hand zone",
    ),
    "place-weapon-in-hand.yaml": (
        "solve",
        2,
        "players.me.hand[0].equipped_to",
        "a weapon equipped to a creature is in the battle zone, not the hand zone",
    ),
    "place-psychic-in-hand.yaml": (
        "solve",
        2,
        "players.me.hand[0].card",
        "a psychic card is in the battle or hyperspatial zone, not the hand zone",
    ),
    "place-tapped-in-hand.yaml": (
        "solve",
        2,
        "players.me.hand[0].tapped",
        "a card in the hand zone cannot be tapped (only the battle and mana zones')",
    ),
    "place-under-the-opponents.yaml": (
        "solve",
        2,
        "players.me.battle[1].under",
        "'X' is in the battle zone of 'you': a card under it is listed there too (its owner given by 'owner')",
    ),
    "unknown-card-in-then.yaml": (
        "solve",
        12,
        "players.me.battle[0].card.replacements[0].then[0].events[0].destroy",
        "no card with id 'NOPE' is in any zone",
    ),
    "unknown-field-top.yaml": ("solve", 3, "efect", "unknown field 'efect'; did you mean 'effect'?"),
    "unknown-field-card.yaml": ("solve", 5, "players.me.battle[0].crad", "unknown field 'crad'; did you mean 'card'?"),
    "unknown-player-turn.yaml": ("solve", 1, "turn", "unknown value 'mee'; did you mean 'me'?"),
    "players-three.yaml": ("solve", 2, "players", "exactly two players, found 3"),
    "players-empty-name.yaml": ("solve", 2, "players", "a player's name cannot be empty"),
    "missing-effect.yaml": ("solve", 1, "", "missing field 'effect'"),
    "link-under-missing-card.yaml": ("solve", 6, "players.me.battle[1].under", "names card 'J9', which is in no zone"),
    "link-under-circle.yaml": ("solve", 5, "players.me.battle[0].under", "stacked under each other in a circle"),
    "link-under-nested.yaml": (
        "solve",
        10,
        "players.me.battle[2].under",
        "'U2' is itself stacked under 'EV': a pile has one top card, every card of it is 'under: EV'",
    ),
    # -- inline abilities and effects in play -----------------------------------------
    "ability-unknown-action.yaml": (
        "solve",
        11,
        "players.me.battle[0].card.replacements[0].instead[0]",
        "unknown value 'explode'",
    ),
    "filter-flag-false.yaml": (
        "solve",
        10,
        "players.me.battle[0].card.replacements[0].watch.card.multicolor",
        "'multicolor: false' is not a filter",
    ),
    "ability-count-zero.yaml": (
        "solve",
        11,
        "players.me.battle[0].card.replacements[0].instead[1].discard",
        "0 is out of range (1 to 60)",
    ),
    "ability-unknown-watch-event.yaml": (
        "solve",
        10,
        "players.me.battle[0].card.replacements[0].watch.event",
        "unknown value 'destory'; did you mean 'destroy'?",
    ),
    "ability-unknown-card-type.yaml": (
        "solve",
        6,
        "players.me.battle[0].card.type",
        "unknown value 'creture'; did you mean 'creature'?",
    ),
    "ability-instead-empty.yaml": (
        "solve",
        11,
        "players.me.battle[0].card.replacements[0].instead",
        "says nothing about what happens instead",
    ),
    "effect-in-play-bad.yaml": ("solve", 8, "replacement_effects[0].instead[0].move_to", "unknown value 'exile'"),
    # -- cards named where they are not, and older forms that mean nothing now -----------
    "named-under-old-form.yaml": (
        "solve",
        13,
        "players.me.battle[0].card.replacements[0].instead[1].choose.id[0]",
        "names card 'U1', which is stacked under 'M': a choice from the battle zone cannot take",
    ),
    "named-wrong-zone.yaml": (
        "solve",
        11,
        "players.me.battle[0].card.replacements[0].instead[1].graveyard_to_deck.id[0]",
        "names card 'h1', which is in the hand zone, not the graveyard zone",
    ),
    "named-no-card.yaml": (
        "solve",
        10,
        "players.me.battle[0].card.replacements[0].watch.card.id",
        "names card 'X9', which is in no zone of the scenario",
    ),
    "named-effect-choice.yaml": (
        "solve",
        10,
        "effect.events[0].destroy.choose.id[1]",
        "names card 'h1', which is in the hand zone, not the battle zone",
    ),
    "older-form-text-verified.yaml": (
        "solve",
        5,
        "players.me.battle[0].card.text_verified",
        "'text_verified' is an older form that no longer means anything: write 'text_source: paraphrase'",
    ),
    "older-form-top-card-to.yaml": (
        "solve",
        10,
        "players.me.battle[0].card.replacements[0].instead[0].top_card_to",
        "'top_card_to' is an older form that no longer means anything: write 'top_card_only'",
    ),
    # -- expectations ----------------------------------------------------------------
    "expect-unknown-card.yaml": ("verify", 7, "expect.always[0].final.h9", "no card with id 'h9' is in the scenario"),
    "expect-p-attempted-typo.yaml": ("verify", 30, "expect.none[0].attempted[0]", "no event with id 'eONE'"),
    "expect-p-source.yaml": ("verify", 30, "expect.none[0].source.e1", "no card with id 'NOSUCHCARD'"),
    "expect-p-nottrig.yaml": ("verify", 30, "expect.always[0].not_triggered[0]", "J1 has 0 triggered abilities"),
    "expect-unknown-event.yaml": ("verify", 7, "expect.always[0].happened[0]", "no event with id 'e9'"),
    "expect-made-event-card-typo.yaml": (
        "verify",
        7,
        "expect.none[0].happened[0]",
        "'e1/h1.1:hl': no card with id 'hl' is in the scenario",
    ),
    "expect-unknown-replacement.yaml": (
        "verify",
        6,
        "expect.resolutions[0].applied[0].by",
        "'J1' is no replacement of this scenario",
    ),
    "expect-unknown-field.yaml": ("verify", 5, "expect.cuont", "unknown field 'cuont'; did you mean 'count'?"),
    # -- an effect whose source cannot make it ---------------------------------------------
    "effect-spell-from-creature.yaml": ("solve", 5, "effect.by", "is a creature card, not a spell"),
    "effect-attack-from-hand.yaml": ("solve", 5, "effect.by", "is in the hand zone: the source of an attack"),
    "effect-summon-in-battle.yaml": ("solve", 8, "effect.by", "is in the battle zone already: the source of a summon"),
    "effect-in-play-this-no-source.yaml": (
        "solve",
        8,
        "replacement_effects[0].watch.card",
        "'card: this' names the card that created the effect, and this effect has no 'source'",
    ),
    # -- a step that reads its own events or later ones ------------------------------------
    "step-condition-own-event.yaml": (
        "solve",
        9,
        "effect.then[0].if",
        "the condition names event 'e2', which comes in no earlier step",
    ),
    "choice-counts-own-event.yaml": (
        "solve",
        9,
        "effect.then[0].events[0].discard.choose.count_attempted",
        "'count_attempted' names event 'e2', which comes in no earlier step",
    ),
    "choice-among-revealed-not-reveal.yaml": (
        "solve",
        9,
        "effect.then[0].events[0].discard.choose.among_revealed",
        "'among_revealed' names event 'e1', a 'discard', which reveals no card",
    ),
}

# Names and ids that look like ASP program text: data, never program text.
# file → (the number of resolutions, as with plain names; the names, shown unchanged).
INJECTIONS: dict[str, tuple[int, list[str]]] = {
    "inject-card-name.yaml": (2, ['x"). forbidden. in_hand("y']),
    "inject-rule-ids.yaml": (2, ["J1 :- not x.", "h1). :- h(", 'h2"', "e1. #show."]),
    "inject-const.yaml": (2, ["#const max_depth=0.", '#include "/etc/passwd".', "#script (python) import os #end."]),
    "inject-comment.yaml": (4, ["%comment", "%* block", "*% end", "new line"]),
}


def run(*args: str, timeout: float | None = None) -> subprocess.CompletedProcess:
    """The command on ``args``: its entry point in this process (what a user's run prints and
    returns, without starting Python again), or a new process when a ``timeout`` must hold."""
    return run_cli(*args, timeout=timeout)


def assert_clean_error(out: subprocess.CompletedProcess, path: str, line: int | None, place: str, problem: str) -> str:
    """Exit 2, no traceback, and ``PATH:LINE: PLACE: PROBLEM`` in the message."""
    text = out.stdout + out.stderr
    assert out.returncode == 2, text
    assert "Traceback" not in text
    where = path + (f":{line}" if line is not None else "") + ": " + (f"{place}: " if place else "")
    assert where in text, f"expected {where!r} in:\n{text}"
    assert problem in text, f"expected {problem!r} in:\n{text}"
    return text


# Runs each case of the corpus through the command's entry point, one after another in one
# process, and prints each result as a JSON line as soon as it has it; a traceback that
# escapes the command is written to its stderr, as the process would.
_DRIVER = """
import contextlib, io, json, sys, traceback
from dmrules.cli import main
for line in sys.stdin:
    command, path = json.loads(line)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main([command, path])
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        except BaseException:
            traceback.print_exc()
            code = 1
    print(json.dumps([path, code, out.getvalue(), err.getvalue()]), flush=True)
"""


@pytest.fixture(scope="module")
def corpus_results() -> dict[str, subprocess.CompletedProcess | subprocess.TimeoutExpired]:
    """Every case of the corpus, in two processes side by side. A case that has not answered
    when its process's time limit is up is reported as a hang."""
    names = sorted(CASES) + sorted(INJECTIONS)
    halves = [names[0::2], names[1::2]]

    def batch(part: list[str]) -> dict:
        lines = "".join(json.dumps([CASES[n][0] if n in CASES else "solve", str(HOSTILE / n)]) + "\n" for n in part)
        try:
            done = subprocess.run(
                [sys.executable, "-c", _DRIVER], input=lines, capture_output=True, text=True, cwd=ROOT, timeout=LIMIT
            )
            stdout = done.stdout
        except subprocess.TimeoutExpired as exc:
            stdout = exc.stdout.decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
        answered = {}
        for line in stdout.splitlines():
            path, code, out, err = json.loads(line)
            answered[Path(path).name] = subprocess.CompletedProcess(["dmrules", path], code, out, err)
        return {n: answered.get(n, subprocess.TimeoutExpired(n, LIMIT)) for n in part}

    with ThreadPoolExecutor(max_workers=2) as pool:
        found: dict = {}
        for part in pool.map(batch, halves):
            found.update(part)
        return found


def result(results: dict, name: str) -> subprocess.CompletedProcess:
    out = results[name]
    if isinstance(out, subprocess.TimeoutExpired):
        pytest.fail(f"{name}: no answer within {LIMIT} s")
    return out


def test_the_corpus_and_the_table_agree():
    files = {p.name for p in HOSTILE.glob("*.yaml")}
    assert files == set(CASES) | set(INJECTIONS)
    assert len(CASES) >= 35


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_scenario_gives_a_clean_error(name, corpus_results):
    command, line, place, problem = CASES[name]
    assert_clean_error(result(corpus_results, name), str(HOSTILE / name), line, place, problem)


@pytest.mark.parametrize("name", sorted(INJECTIONS))
def test_asp_looking_names_solve_as_data(name, corpus_results):
    out = result(corpus_results, name)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stdout + out.stderr
    count, names = INJECTIONS[name]
    assert out.stdout.rstrip().endswith(f"{count} resolutions, {count} final states")
    for evil in names:
        assert evil in out.stdout, evil


@pytest.mark.parametrize("name", ["inject-rule-ids.yaml", "inject-const.yaml", "inject-comment.yaml"])
def test_asp_looking_ids_come_back_unchanged_in_json(name):
    out = run("solve", str(HOSTILE / name), "--json", "--verbose")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    count, names = INJECTIONS[name]
    assert doc["complete"] is True
    assert doc["counts"]["resolutions"] == count
    finals = set(doc["cards"]) | {card for r in doc["resolutions"] for card in r["final"]}
    events = {e["id"] for r in doc["resolutions"] for e in r["happened"]} | {
        event for r in doc["resolutions"] for event in r["replaced"]
    }
    for evil in names:
        assert evil in finals | events, evil


def test_a_state_over_a_zone_limit_is_refused_however_dmps_is_chosen(tmp_path):
    path = HOSTILE / "over-limit-expected-under-dmps.yaml"
    problem = "11 elements in the hand zone of 'me', over its limit of 10 (Duel Masters Play's, DMPS-1)"
    assert run("solve", str(path)).returncode == 0  # the card game has no zone limit
    assert_clean_error(run("solve", str(path), "--ruleset", "dmps"), str(path), 4, "players.me", problem)
    with pytest.raises(dmrules.InputError) as raised:
        dmrules.solve(path, ruleset="dmps")
    assert (raised.value.line, raised.value.place, raised.value.problem) == (
        4,
        "players.me",
        problem + ": no such state can be",
    )
    batch = tmp_path / "batch.jsonl"
    batch.write_text(json.dumps({"id": "b", "path": str(path)}) + "\n", encoding="utf-8")
    out = run("check", str(batch), "--ruleset", "dmps", "--no-cache")
    assert out.returncode == 2
    assert json.loads(out.stdout) == {
        "id": "b",
        "line": 1,
        "error": f"{path}:4: players.me: {problem}: no such state can be",
        "reason": "input",
    }


# -- files that are not scenarios ------------------------------------------------------------


MINIMAL = "turn: me\nplayers: {me: {hand: [h1]}, you: {}}\neffect: {controller: you, events: [{discard: h1}]}\n"


def test_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes(MINIMAL.replace("h1]", "h1, caf\xe9]").encode("latin-1"))
    assert_clean_error(run("solve", str(path)), str(path), None, "", "is not UTF-8 text (byte")


def test_binary_file(tmp_path):
    path = tmp_path / "binary.yaml"
    path.write_bytes(bytes(range(256)) * 4)
    assert_clean_error(run("solve", str(path)), str(path), None, "", "is not UTF-8 text")


def test_control_character_in_the_file(tmp_path):
    path = tmp_path / "nul.yaml"
    path.write_text(MINIMAL.replace("turn: me", "turn: me\0"), encoding="utf-8")
    assert_clean_error(run("solve", str(path)), str(path), 1, "", "the character #x0000 is not allowed")


def test_folder_instead_of_a_file(tmp_path):
    folder = tmp_path / "scenario.yaml"
    folder.mkdir()
    assert_clean_error(run("solve", str(folder)), str(folder), None, "", "is a folder, not a scenario file")


def test_verify_an_empty_folder(tmp_path):
    assert_clean_error(run("verify", str(tmp_path)), str(tmp_path), None, "", "no *.yaml scenario in this folder")


@pytest.mark.parametrize("command", ["solve", "verify", "why-not", "why"])
def test_missing_file(tmp_path, command):
    path = str(tmp_path / "nowhere.yaml")
    extra = {"why-not": ["--expect", "J1=battle"], "why": ["--resolution", "1"]}.get(command, [])
    assert_clean_error(run(command, path, *extra), path, None, "", "no such file")


def test_file_over_the_size_limit(tmp_path):
    path = tmp_path / "huge.yaml"
    path.write_text(MINIMAL + "note: '" + "x" * MAX_FILE_BYTES + "'\n", encoding="utf-8")
    assert_clean_error(run("solve", str(path)), str(path), None, "", f"limited to {MAX_FILE_BYTES:,}")


def test_huge_value_is_quoted_short(tmp_path):
    path = tmp_path / "long.yaml"
    path.write_text(MINIMAL.replace("turn: me", "turn: '" + "y" * (MAX_FILE_BYTES // 2) + "'"), encoding="utf-8")
    text = assert_clean_error(run("solve", str(path)), str(path), 1, "turn", "characters)' (known: me, you)")
    assert len(text) < 500


def test_too_many_cards(tmp_path):
    path = tmp_path / "cards.yaml"
    hand = ", ".join(f"h{i}" for i in range(1, MAX_CARDS + 2))
    path.write_text(
        f"turn: me\nplayers:\n  me:\n    hand: [{hand}]\n  you: {{}}\n"
        "effect: {controller: you, events: [{discard: h1}]}\n",
        encoding="utf-8",
    )
    assert_clean_error(
        run("solve", str(path)), str(path), 3, "players", f"{MAX_CARDS + 1} cards; a scenario holds at most {MAX_CARDS}"
    )


def test_too_many_events(tmp_path):
    path = tmp_path / "events.yaml"
    n = MAX_EVENTS + 1
    hand = ", ".join(f"h{i}" for i in range(1, n + 1))
    events = ", ".join(f"{{discard: h{i}}}" for i in range(1, n + 1))
    path.write_text(
        f"turn: me\nplayers: {{me: {{hand: [{hand}]}}, you: {{}}}}\neffect: {{controller: you, events: [{events}]}}\n",
        encoding="utf-8",
    )
    assert_clean_error(
        run("solve", str(path)),
        str(path),
        3,
        "effect.events",
        f"{n} events; an effect makes at most {MAX_EVENTS} happen at once",
    )


def test_too_large_to_ground(tmp_path):
    """Replacements that watch every event, with many cards: refused at once, not ground for minutes."""
    path = tmp_path / "any.yaml"
    card = (
        "{name: 万能, type: creature, replacements: [{watch: {event: destroy, card: {whose: any}}, "
        "instead: [stay, {discard: 2}], optional: true}]}"
    )
    lines = ["turn: opponent", "players:", "  me:", "    battle:"]
    lines += [f"      - {{id: J{i}, card: {card}}}" for i in range(1, 61)]
    lines += [
        "    hand: [" + ", ".join(f"h{i}" for i in range(1, 301)) + "]",
        "  opponent: {}",
        "effect:",
        "  controller: opponent",
        "  events:",
    ]
    lines += [f"    - {{destroy: J{i}}}" for i in range(1, 61)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert_clean_error(
        run("solve", str(path), "--timeout", "1", timeout=30),
        str(path),
        70,
        "effect.events",
        f"combinations to consider (at most {MAX_COMBINATIONS:,})",
    )


def test_very_deep_nesting(tmp_path):
    path = tmp_path / "deep.yaml"
    path.write_text(MINIMAL + "note: " + "[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    out = run("solve", str(path))
    text = out.stdout + out.stderr
    assert out.returncode == 2 and "Traceback" not in text
    assert str(path) in text and ("nested" in text or "nesting" in text)


def test_half_width_printed_name_is_found(tmp_path):
    """Width does not matter: the whole name in half-width katakana is the card."""
    path = tmp_path / "half.yaml"
    path.write_text(
        "turn: opponent\nplayers:\n  me:\n    battle:\n      - {id: J1, card: ｱﾋﾞｽﾍﾞﾙ=ｼﾞｬｼﾝ帝}\n"
        "    hand: [h1, h2]\n  opponent: {}\n"
        "effect: {controller: opponent, events: [{destroy: J1}]}\n",
        encoding="utf-8",
    )
    out = run("solve", str(path))
    assert out.returncode == 0, out.stderr
    assert "アビスベル＝ジャシン帝" in out.stdout


# -- bad command-line values -------------------------------------------------------------------

A01 = "fixtures/A01-two-jashintei.yaml"


@pytest.mark.parametrize(
    "args, fragments",
    [
        (["solve", A01, "--max-resolutions", "0"], ["--max-resolutions", "0 must be at least 1"]),
        (["solve", A01, "--max-resolutions", "-3"], ["--max-resolutions", "-3 must be at least 1"]),
        (["solve", A01, "--max-windows", "0"], ["--max-windows", "0 must be at least 1"]),
        (["solve", A01, "--timeout", "-1"], ["--timeout", "-1 must be more than 0 seconds"]),
        (["solve", A01, "--timeout", "0"], ["--timeout", "0 must be more than 0 seconds"]),
        (["solve", A01, "--timeout", "abc"], ["--timeout", "'abc' is not a number of seconds"]),
        (["solve", A01, "--timeout", "nan"], ["--timeout", "must be more than 0 seconds"]),
        (["solve", A01, "--ruleset", "mtg"], ["--ruleset", "invalid choice: 'mtg'"]),
        (["why-not", A01, "--expect", "J1battle"], ["--expect", "J1battle", "write CARD=ZONE"]),
        (["why-not", A01, "--expect", "J9=battle"], ["--expect", "'J9' is no card, event or player"]),
        (["why-not", A01, "--expect", "J1=exile"], ["--expect", "unknown zone 'exile'"]),
        (["why-not", A01, "--expect", "e1/J1.2:hl=happened"], ["--expect", "no card with id 'hl' is in the scenario"]),
        (["why-not", A01, "--expect", "e9/J1.2:h1=happened"], ["--expect", "no event with id 'e9' in the scenario"]),
        (["why-not", A01, "--expect", "e1/JX.2:h1=happened"], ["--expect", "no card or replacement with id 'JX'"]),
        (["why", A01, "--resolution", "99"], [A01, "--resolution", "there are 3 resolutions; 99 is not one"]),
        (["why", A01, "--resolution", "abc"], ["--resolution", "'abc' is not a whole number"]),
        (["why-not", A01, "--expect", "J1battle"], [A01, "--expect J1battle", "write CARD=ZONE"]),
        (["solve", A01, "--timeout", "inf"], ["--timeout", "more than 1,000,000 seconds"]),
        (["solve", A01, "--timeout", "1e300"], ["--timeout", "more than 1,000,000 seconds"]),
    ],
)
def test_bad_command_line_values(args, fragments):
    out = run_cli(*args)  # in this process: an exception would fail the test as a traceback does
    text = out.stdout + out.stderr
    assert out.returncode == 2, text
    assert "Traceback" not in text
    assert "usage:" not in text
    for fragment in fragments:
        assert fragment in text, f"expected {fragment!r} in:\n{text}"


# -- huge enumerations stop, quickly, and say so ----------------------------------------------------


def jashintei_flood(tmp_path: Path, creatures: int = 6, hand: int = 16) -> Path:
    """Many destroyed アビスベル＝ジャシン帝 and many hand cards: millions of resolutions."""
    lines = ["turn: opponent", "players:", "  me:", "    battle:"]
    lines += [f"      - {{id: J{i}, card: アビスベル＝ジャシン帝}}" for i in range(1, creatures + 1)]
    lines += [
        "    hand: [" + ", ".join(f"h{i}" for i in range(1, hand + 1)) + "]",
        "  opponent: {}",
        "effect:",
        "  controller: opponent",
        "  events:",
    ]
    lines += [f"    - {{destroy: J{i}}}" for i in range(1, creatures + 1)]
    path = tmp_path / "flood.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_timeout_stops_a_huge_enumeration_and_says_so(tmp_path):
    path = jashintei_flood(tmp_path)
    out = run("solve", str(path), "--timeout", "0.5", timeout=30)
    assert out.returncode == 0, out.stderr
    assert "cut short by timeout" in out.stdout
    out = run("solve", str(path), "--timeout", "0.5", "--json")  # in this process: the limit holds, as just seen
    doc = json.loads(out.stdout)
    assert doc["complete"] is False
    assert doc["stopped_by"].startswith("timeout")


def test_max_resolutions_stops_a_huge_enumeration_and_says_so(tmp_path):
    path = jashintei_flood(tmp_path)
    # The time limit is a safety net: the count alone must stop it, and say so.
    out = run("solve", str(path), "--max-resolutions", "5", "--json", "--timeout", "5", timeout=30)
    doc = json.loads(out.stdout)
    assert doc["complete"] is False
    assert doc["stopped_by"] == "max_resolutions=5"
    assert len(doc["resolutions"]) == 5
    out = run("solve", str(path), "--max-resolutions", "5", "--timeout", "5", timeout=30)
    assert "cut short by max_resolutions=5" in out.stdout


def test_max_resolutions_that_cuts_nothing_leaves_the_answer_complete():
    for limit in ("3", "4"):  # A01 has exactly 3 resolutions
        doc = json.loads(run_cli("solve", A01, "--max-resolutions", limit, "--json").stdout)
        assert len(doc["resolutions"]) == 3
        assert doc["complete"] is True
        assert "stopped_by" not in doc


def test_max_resolutions_on_a_small_scenario_says_so():
    out = run_cli("solve", A01, "--max-resolutions", "2", "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert len(doc["resolutions"]) == 2
    assert doc["complete"] is False
    assert doc["stopped_by"] == "max_resolutions=2"
