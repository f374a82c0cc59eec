"""Bounded input and safe output: files that are not files, huge files, text that is not
text, YAML numbers and ids as written, and characters that would act on a terminal."""

from __future__ import annotations

import os

import pytest

import dmrules
from dmrules.game.errors import InputError
from tests.conftest import FIXTURES, run_cli, scenario

A01 = str(FIXTURES / "A01-two-jashintei.yaml")


def _fast_error(out, *words):
    # A refusal before anything is read (a read would hang on a FIFO, or run the memory out on
    # /dev/zero: the command's time limit, ``run_cli(timeout=...)``, fails the test then).
    assert out.returncode == 2, out.stdout + out.stderr
    assert "Traceback" not in out.stderr
    for word in words:
        assert word in out.stderr, out.stderr


def test_dev_zero_is_refused_before_reading():
    _fast_error(run_cli("solve", "/dev/zero", timeout=20), "/dev/zero", "not a regular file")


def test_fifo_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "scenario.yaml"
    os.mkfifo(fifo)
    _fast_error(run_cli("solve", str(fifo), timeout=20), "FIFO", "not a regular file")


def test_huge_sparse_file_is_refused_by_size(tmp_path):
    big = tmp_path / "big.yaml"
    with open(big, "wb") as f:
        f.truncate(3 * 1024**3)  # 3 GB, sparse: nothing is written
    _fast_error(run_cli("solve", str(big), timeout=20), "3,221,225,472 bytes", "limited to 2,000,000")


def test_reading_stops_after_the_limit(tmp_path, monkeypatch):
    from dmrules.reading import yamlsrc

    path = tmp_path / "a.yaml"
    path.write_bytes(b"#" * 5000)
    reads = []
    real = os.read
    monkeypatch.setattr(yamlsrc.os, "read", lambda fd, n: reads.append(n) or real(fd, n))
    with pytest.raises(InputError, match="limited to 1,000"):
        yamlsrc.read_bounded(path, limit=1000)
    assert sum(reads) <= 1001 or reads == []  # the size check may refuse before any read


def test_verify_reports_non_files_and_goes_on(tmp_path):
    (tmp_path / "A01.yaml").write_bytes(open(A01, "rb").read())
    os.mkfifo(tmp_path / "b-fifo.yaml")
    os.symlink("/dev/zero", tmp_path / "c-zero.yaml")
    out = run_cli("verify", str(tmp_path), timeout=60)
    assert out.returncode == 2, out.stdout + out.stderr
    assert "PASS" in out.stdout and "A01.yaml" in out.stdout
    assert out.stdout.count("ERROR") == 2 and "FIFO" in out.stdout and "device" in out.stdout
    assert "3 scenarios: 1 passed, 0 failed, 2 with bad input" in out.stdout


@pytest.mark.parametrize(
    "text",
    [
        "title: \ud800\nturn: me\n",
        'turn: me\nplayers:\n  me: {hand: ["h\udc80"]}\n  you: {}\neffect: {controller: me}\n',
        b"turn: me\n",
        None,
    ],
)
def test_api_raises_input_error_on_bad_text(text):
    with pytest.raises(InputError):
        dmrules.scenario_from_text(text)


@pytest.mark.parametrize("path", ["a\0b", "/dev/zero", 3, None, b"/dev/null"])
def test_api_raises_input_error_on_bad_paths(path):
    with pytest.raises(InputError):
        dmrules.load_scenario(path)


# -- YAML numbers and ids as written --------------------------------------------------------

IDS = """\
turn: me
players:
  me: {{hand: [{a}, {b}]}}
  you: {{}}
effect: {{controller: me, events: [{{discard: {a}}}]}}
"""


@pytest.mark.parametrize(
    "a,b",
    [
        ("010", "8"),
        ("0x10", "16"),
        ("1:30:00", "5400"),
        ("0o10", "8"),
        ("yes", "no"),
        ("1_000", "1000"),
        ("+5", "5"),
        ("1e3", "1000.0"),
    ],
)
def test_ids_are_read_as_written(a, b):
    # YAML 1.1 turned 010 into 8 (and reported "'8' used twice"); ids are text as written.
    s = scenario(IDS.format(a=a, b=b))
    assert list(s.cards) == [a, b]
    assert [e.cards for e in s.events] == [(a,)]


def test_counts_accept_plain_numbers_only():
    text = """\
    turn: me
    players: {me: {deck: [d1, d2, d3, d4, d5, d6, d7, d8, d9, d10]}, you: {}}
    effect: {controller: me, events: [{mill: me, count: 010}]}
    """
    with pytest.raises(InputError, match="whole number"):
        scenario(text)
    assert len(scenario(text.replace("010", "10")).events) == 10


# -- characters that act on a terminal ----------------------------------------------------------


@pytest.mark.parametrize(
    "bad", ["\u202e", "\u2066", "\u2069", "\u2028", "\u2029", "\u200d", "\u200b", "\x1b", "\r", "\x85"]
)
def test_ids_and_player_names_refuse_display_characters(bad):
    bad = f"\\u{ord(bad):04x}"  # written as a YAML escape: a raw U+2028 is a line break to YAML
    card = IDS.format(a=f'"h{bad}1"', b="h2")
    with pytest.raises(InputError, match="an id cannot contain control characters.*U\\+"):
        scenario(card)
    player = IDS.format(a="h1", b="h2").replace("you:", f'"you{bad}":')
    with pytest.raises(InputError, match="player's name cannot contain"):
        scenario(player)


def test_title_and_names_print_escaped(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text(
        'title: "x\\e[2J\\e]0;pwned\\a\\ry \\u202e z"\nturn: me\nplayers:\n'
        '  me: {hand: [{id: h1, card: {name: "n\\e[31mred\\u2028", type: creature}}]}\n  you: {}\n'
        "effect: {controller: me, events: [{discard: h1}]}\n",
        encoding="utf-8",
    )
    out = run_cli("solve", str(path))
    assert out.returncode == 0, out.stderr
    assert "\x1b" not in out.stdout and "\r" not in out.stdout and "\u202e" not in out.stdout
    assert "\u2028" not in out.stdout and "\x07" not in out.stdout
    assert out.stdout.splitlines()[0] == "x\\x1b[2J\\x1b]0;pwned\\x07\\x0dy \\u202e z"
    assert "h1 (n\\x1b[31mred\\u2028)" in out.stdout


def test_error_messages_print_escaped(tmp_path):
    path = tmp_path / "bad\x1b[2J.yaml"
    path.write_text("turn: [\n", encoding="utf-8")
    out = run_cli("solve", str(path))
    assert out.returncode == 2
    assert "\x1b" not in out.stderr and "bad\\x1b[2J.yaml" in out.stderr


def test_visible_escapes_exactly_the_display_characters():
    from dmrules.presenting.safe import visible

    assert visible("アビスベル＝ジャシン帝 J1 →") == "アビスベル＝ジャシン帝 J1 →"
    assert visible("a\nb") == "a\\x0ab"
    assert visible("a\nb", lines=True) == "a\nb"
    assert visible("\u202e\u200d\x7f") == "\\u202e\\u200d\\x7f"


def test_why_has_a_timeout():
    out = run_cli("why", A01, "--resolution", "2", "--timeout", "60")
    assert out.returncode == 0, out.stderr
    assert "Resolution 2" in out.stdout
    out = run_cli("why", A01, "--resolution", "2", "--timeout", "0")
    assert out.returncode == 2 and "more than 0 seconds" in out.stderr
