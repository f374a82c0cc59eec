"""The command line and the Python API behave like the Python tools people know: version, help,
standard input, exit statuses, closed pipes, Ctrl-C, explanations in decision order, forgiving lookup."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import dmrules
from dmrules.reading.carddb import bundled

from .conftest import FIXTURES, ROOT, fixture_sample, run_cli, scenario

A01 = FIXTURES / "A01-two-jashintei.yaml"
B03 = FIXTURES / "B03-baiken-setsudan.yaml"


def run(
    *args: str, input: str | None = None, module: str = "dmrules.cli", process: bool = False
) -> subprocess.CompletedProcess:
    """The command's exit status and outputs: in this process (``run_cli``, standard input
    included) when the test is about what it writes, in a new process as a user starts it when
    ``python -m`` or the process itself (``process``) is the point."""
    if module == "dmrules.cli" and not process:
        return run_cli(*args, input=input)
    return subprocess.run(
        [sys.executable, "-m", module, *args], capture_output=True, text=True, cwd=ROOT, input=input, timeout=120
    )


def clean(out: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in out.stdout + out.stderr


# -- version, help, python -m, standard input ------------------------------------------------------


def test_version():
    out = run("--version")
    assert out.returncode == 0
    assert out.stdout.strip() == f"dmrules {dmrules.__version__}"


def test_bare_command_prints_help_and_exits_0():
    out = run()
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("usage: dmrules")
    assert "exit status:" in out.stdout and "130" in out.stdout
    assert out.stderr == ""


def test_python_dash_m_dmrules():
    out = run("solve", str(A01), module="dmrules")
    assert out.returncode == 0, out.stderr
    assert out.stdout.rstrip().endswith("3 resolutions, 3 final states")


@pytest.mark.parametrize("command", ["solve", "verify", "why-not", "why", "cards"])
def test_each_command_help_has_a_description_an_example_and_exit_codes(command):
    out = run(command, "--help")
    assert out.returncode == 0
    usage, _, rest = out.stdout.partition("\n\n")
    description = rest.split("\n\n")[0]
    assert len(description) > 40 and not description.startswith(("positional", "options")), out.stdout
    assert f"example:\n  dmrules {command}" in out.stdout
    assert "exit status:\n  0 " in out.stdout and "  2 bad input" in out.stdout


def test_dash_reads_the_scenario_from_standard_input():
    text = A01.read_text(encoding="utf-8")
    out = run("solve", "-", input=text, process=True)  # a real pipe once; the others in this process
    assert out.returncode == 0, out.stderr
    assert out.stdout == run("solve", str(A01)).stdout
    out = run("verify", "-", input=text)
    assert out.returncode == 0 and out.stdout.startswith("PASS  A01") and "<stdin>" in out.stdout
    out = run("why-not", "-", "--expect", "J1=battle,J2=battle", input=text)
    assert out.returncode == 1 and "609.9b" in out.stdout
    out = run("why", "-", "--resolution", "2", input=text)
    assert out.returncode == 0 and "applies J1" in out.stdout
    out = run("solve", "-", "--jsonl", input=text)
    assert out.returncode == 0 and len(out.stdout.splitlines()) == 6  # header, window, 3 resolutions, trailer
    assert json.loads(out.stdout.splitlines()[-1])["trailer"] is True


def test_bad_standard_input_exits_2_naming_stdin():
    out = run("solve", "-", input="turn: me\n")
    assert out.returncode == 2
    assert out.stderr.startswith("dmrules: error: <stdin>")
    clean(out)
    out = run("solve", "-", input="")
    assert out.returncode == 2 and "<stdin>: is empty" in out.stderr


# -- exit statuses ---------------------------------------------------------------------------------


def test_why_not_exits_1_when_not_legal_and_0_when_legal():
    assert run("why-not", str(A01), "--expect", "J1=battle,J2=battle").returncode == 1
    out = run("why-not", str(A01), "--expect", "J1=battle")
    assert out.returncode == 0 and out.stdout.startswith("A legal resolution has J1=battle")


NOTHING_IN_TIME = (
    "no resolution was found within the time limit of 1e-09 s (--timeout); "
    "raise the limit, or make the scenario smaller"
)


@pytest.mark.parametrize(
    "path, jsonl_lines",
    [(A01, 2), (B03, 1)],  # the header; the compact path defines its one window before it searches
    ids=["one window (the compact path)", "several windows (the engine)"],
)
def test_a_time_limit_with_nothing_found_is_the_same_error_in_text_json_and_jsonl(path, jsonl_lines):
    """Nothing found in the time allowed is no answer: SolveError (docs/api.md), exit 2 (a limit reached with no
    answer), whatever the writer; the text's lines written before it end as whole lines."""
    for writer in ([], ["--json"], ["--jsonl"]):
        out = run("solve", str(path), "--timeout", "0.000000001", *writer)
        assert (out.returncode, out.stderr) == (2, f"dmrules: error: {path}: {NOTHING_IN_TIME}\n"), writer
        assert (
            out.stdout
            == {
                "": run("solve", str(path)).stdout.split("\n\n")[0] + "\n",
                "--json": "",
                "--jsonl": "".join(run("solve", str(path), "--jsonl").stdout.splitlines(keepends=True)[:jsonl_lines]),
            }["".join(writer)]
        ), writer
    said = r"no resolution was found within the time limit of 1e-09 s"
    with pytest.raises(dmrules.SolveError, match=said):
        dmrules.solve(str(path), timeout=1e-9)
    with pytest.raises(dmrules.SolveError, match=said):
        dmrules.stream(str(path), print, timeout=1e-9)
    with pytest.raises(dmrules.SolveError, match=said):
        dmrules.api.stream_compact(str(path), print, timeout=1e-9)


def test_a_time_limit_that_cuts_the_list_is_said_as_the_user_gave_it(tmp_path):
    from .test_hostile import jashintei_flood

    path = jashintei_flood(tmp_path)  # millions of resolutions in one window
    for writer in ("--json", "--jsonl"):
        out = run("solve", str(path), "--timeout", "0.5", writer)
        assert out.returncode == 0, out.stderr
        assert (
            json.loads(out.stdout.splitlines()[-1] if writer == "--jsonl" else out.stdout)["stopped_by"]
            == "timeout=0.5s"
        )
    assert "(cut short by timeout=0.5s: there may be more)" in run("solve", str(path), "--timeout", "0.5").stdout


def test_why_with_no_answer_within_its_time_limit_exits_2(tmp_path):
    from .test_hostile import jashintei_flood

    out = run("why", str(A01), "--resolution", "1", "--timeout", "0.000000001")
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr == f"dmrules: error: {A01}: {NOTHING_IN_TIME}\n"
    flood = jashintei_flood(tmp_path)  # millions of resolutions: some found in time, not all
    out = run("why", str(flood), "--resolution", "1", "--timeout", "0.5")
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr == (
        f"dmrules: error: {flood}: no answer within the time limit of 0.5 s (--timeout): resolutions are numbered "
        "once every one is found; raise the limit\n"
    )
    assert "or no answer within --timeout" in run("why", "--help").stdout


def test_verify_of_a_file_without_expectation_says_so_and_does_not_fail(tmp_path):
    text = A01.read_text(encoding="utf-8")
    path = tmp_path / "open-question.yaml"
    path.write_text(text[: text.index("expect:")], encoding="utf-8")
    out = run("verify", str(path))
    assert out.returncode == 0, out.stdout
    assert out.stdout.startswith("NONE ") and "states no expectation" in out.stdout
    assert "FAIL" not in out.stdout
    assert out.stdout.rstrip().endswith("1 scenario: 0 passed, 0 failed, 1 with no expectation")
    doc = json.loads(run("verify", str(path), "--json").stdout)
    assert doc["results"][0]["status"] == "none" and doc["no_expectation"] == 1


def test_cards_exit_status_and_suggestions():
    out = run("cards", "xyz")
    assert out.returncode == 1
    assert out.stdout.startswith("no card matches 'xyz'")
    out = run("cards", "ジャシンテイ")
    assert out.returncode == 1
    assert "closest: アビスベル＝ジャシン帝" in out.stdout
    doc = json.loads(run("cards", "ジャシンテイ", "--json").stdout)
    assert doc["cards"] == [] and doc["suggestions"][0] == "アビスベル＝ジャシン帝"


def test_a_card_whose_text_is_unread_says_so_beside_its_text():
    """A text the compiler cannot read shows why, so that no replacement listed is not taken for none printed."""
    out = run("cards", "封魔ダンリモス")
    assert out.returncode == 0
    assert "\n  unread: " in out.stdout and "replacement 1" not in out.stdout


# -- closed pipe, Ctrl-C ---------------------------------------------------------------------------


def flood(tmp_path: Path) -> Path:
    """Millions of resolutions: a command that runs until it is stopped."""
    lines = ["turn: opponent", "players:", "  me:", "    battle:"]
    lines += [f"      - {{id: J{i}, card: アビスベル＝ジャシン帝}}" for i in range(1, 7)]
    lines += [
        "    hand: [" + ", ".join(f"h{i}" for i in range(1, 17)) + "]",
        "  opponent: {}",
        "effect:",
        "  controller: opponent",
        "  events:",
    ]
    lines += [f"    - {{destroy: J{i}}}" for i in range(1, 7)]
    path = tmp_path / "flood.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def children_of(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
    return out


@pytest.mark.skipif(os.name != "posix", reason="pipes and signals as on Unix")
@pytest.mark.parametrize("args", [("verify", str(FIXTURES)), ("solve", "FLOOD", "--jsonl")])
def test_a_closed_pipe_ends_the_command_at_once_and_quietly(tmp_path, args):
    args = [str(flood(tmp_path)) if a == "FLOOD" else a for a in args]
    process = subprocess.Popen(
        [sys.executable, "-m", "dmrules.cli", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT
    )
    first = process.stdout.readline()
    assert first
    kids = children_of(process.pid)
    process.stdout.close()  # as `| head -1` does
    try:
        process.wait(timeout=30)  # ended by the closed pipe, not by this limit (it raises TimeoutExpired)
    finally:
        process.kill()
    assert process.returncode in (-signal.SIGPIPE, 141)
    assert process.stderr.read() == b""
    time.sleep(0.3)
    assert not [
        k
        for k in kids
        if Path(f"/proc/{k}").exists()
        and "Z" not in (Path(f"/proc/{k}/stat").read_text().rsplit(")", 1)[1].split()[:1])
    ]


def sigint_blocked(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    mask = next((int(line.split()[1], 16) for line in status.splitlines() if line.startswith("SigBlk:")), 0)
    return bool(mask & (1 << (signal.SIGINT - 1)))


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="signals as on Linux")
@pytest.mark.parametrize("extra", [(), ("--jsonl",)])
def test_ctrl_c_exits_130_without_traceback(tmp_path, extra):
    process = subprocess.Popen(
        [sys.executable, "-m", "dmrules.cli", "solve", str(flood(tmp_path)), *extra],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    deadline = time.monotonic() + 30  # until the command has taken over Ctrl-C (SIGINT blocked, see cli.py)
    while time.monotonic() < deadline and not sigint_blocked(process.pid):
        time.sleep(0.05)
    time.sleep(0.25)  # well into the solve
    kids = children_of(process.pid)
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=5)
    finally:
        process.kill()
    assert process.returncode == 130
    assert process.stderr.read().decode() == "dmrules: interrupted\n"

    def left() -> list[int]:
        alive = []
        for k in kids:
            try:
                if "Z" not in Path(f"/proc/{k}/stat").read_text().rsplit(")", 1)[1].split()[:1]:
                    alive.append(k)
            except OSError:  # gone
                pass
        return alive

    deadline = time.monotonic() + 5  # its children end with it: a moment to be reaped
    while left() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not left()


# -- explanations in decision order, every window --------------------------------------------------

DECISION_ORDER = """
title: My optional C1 declined; the opponent's Y then takes m2, which C1 would have taken
turn: me
players:
  me:
    battle:
      - id: C1
        card:
          name: 身代わりの甲
          type: creature
          replacements:
            - watch: {event: destroy, card: this}
              instead: [{destroy: {count: 1, whose: own, other: true}}]
              optional: true
      - {id: m2, card: {name: ただのクリーチャー, type: creature}}
  opponent:
    battle:
      - id: Y
        card:
          name: 身代わりの乙
          type: creature
          replacements:
            - watch: {event: destroy, card: this}
              instead: [{destroy: {count: 1, whose: opponent}}]
              optional: true
effect:
  controller: opponent
  events:
    - {id: e1, destroy: C1}
    - {id: e4, destroy: Y}
"""


def test_why_gives_the_reason_that_held_when_the_player_decided():
    # I (the turn player) decide first: my optional C1 could take m2 then; that the opponent's Y
    # later took m2 is no reason of mine (609.9a).
    s = scenario(DECISION_ORDER)
    solution = dmrules.solve(s)
    number, resolution = next(
        (i, r)
        for i, r in enumerate(solution.resolutions, 1)
        if [(a.event, a.replacement.id, a.chosen) for a in r.applied] == [("e4", "Y", ("m2",))]
    )
    from dmrules.checking.explain import why

    steps = why(s, resolution)
    assert [(st.replacement, st.rank, st.applied, st.kind) for st in steps] == [
        ("C1", 1, False, "choice"),
        ("Y", 2, True, "applied"),
    ]
    assert steps[0].reason == "optional, and its player did not apply it" and not steps[0].violations
    out = run("why", "-", "--resolution", str(number), input=textwrap.dedent(DECISION_ORDER))
    assert out.returncode == 0
    assert "not C1: optional, and its player did not apply it" in out.stdout
    assert "609.9b" not in out.stdout
    assert out.stdout.index("First, the turn player (me)") < out.stdout.index("Then, the non-turn player (opponent)")


def test_why_names_the_earlier_rank_and_a_same_player_conflict():
    out = run("why", str(FIXTURES / "A34-raikou-sapphire.yaml"), "--resolution", "1")
    assert "not RK: the turn player decided first and applied SP to e1 (609.8)" in out.stdout
    out = run("why", str(A01), "--resolution", "2")  # my J1 took h1 and h2, so my J2 cannot
    assert "not J2: blocked when its player decided:" in out.stdout and "609.9b: h1" in out.stdout


def test_why_says_when_an_earlier_decision_superseded_the_event():
    # A08: each アーテル・ゴルギーニ destroys the other instead of returning: once A takes B as its
    # affected card, B's own event does not happen, so B's replacement has nothing to replace.
    out = run("why", str(FIXTURES / "A08-two-artel-gorgini.yaml"), "--resolution", "2")
    assert "not B: e2 does not happen: A on e1 took its card B as an affected card and moves it (609.5)" in out.stdout


def test_why_covers_every_window():
    out = run("why", str(B03), "--resolution", "4")
    assert out.returncode == 0
    text = out.stdout
    assert "Window 1 (effect):" in text and "Window 2 (e1/BK.then1):" in text
    assert text.index("applies BK") < text.index("Window 2") < text.index("applies ST")
    doc = json.loads(run("why", str(B03), "--resolution", "4", "--json").stdout)
    assert [(s["window"], s["replacement"], s["applied"]) for s in doc["steps"]] == [(1, "BK", True), (2, "ST", True)]


def test_why_not_explains_in_the_window_where_a_rule_stands_in_the_way():
    # B19: リリアング at 0 power is destroyed by state-based checks again and again; its エスケープ
    # saves it once per shield. With its shield gone, the next check's destruction cannot be replaced.
    out = run("why-not", str(FIXTURES / "B19-reima-gensou-liliang.yaml"), "--expect", "LL=battle")
    assert out.returncode == 1
    lines = out.stdout.splitlines()
    assert lines[:2] == ["No legal resolution has LL=battle.", "In window 3 (sba2):"]
    assert "609.4" in out.stdout and "needs 1 card from the shields; 0 were there when it was decided" in out.stdout
    doc = json.loads(
        run("why-not", str(FIXTURES / "B19-reima-gensou-liliang.yaml"), "--expect", "LL=battle", "--json").stdout
    )
    assert doc["legal"] is False and doc["window"] == "window 3 (sba2)" and doc["rules"] == ["609.4"]


def test_why_not_covers_every_window():
    # The follow-up's event (window 2) is replaced in some resolutions: legal.
    out = run("why-not", str(B03), "--expect", "e1/BK.then1.1:ST=replaced")
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.startswith("A legal resolution has e1/BK.then1.1:ST=replaced")
    assert (
        "ST (巨人の覚醒者セツダン) returns to the hand [e1/BK.then1.1:ST]: replaced by ST (巨人の覚醒者セツダン), "
        "decided by opponent"
    ) in out.stdout


# -- the Python API --------------------------------------------------------------------------------


def test_solve_and_count_take_a_path_and_agree_on_every_fixture():
    # count reads the solver's statistics only for one window of fixed events that opens no other
    # window, and is solve(...).total otherwise: every fixture where it takes the short way agrees.
    import yaml

    from dmrules.solving.count import fast_path

    short = 0
    paths = fixture_sample()  # every fixture: python bench/sweep.py
    for path in paths:
        s = dmrules.load_scenario(path)
        expected = (yaml.safe_load(path.read_text(encoding="utf-8")).get("expect") or {}).get("count")
        if expected is not None and fast_path(s):
            # The fixture tests check that solve() finds exactly `count` resolutions.
            short += 1
            assert dmrules.count(path) == expected, path.name
    assert short >= len(paths) // 3
    assert dmrules.count(str(B03)) == dmrules.solve(B03).total == 4  # the first window alone has 2
    from dmrules.solving.count import count_first_window

    assert count_first_window(dmrules.load_scenario(B03)) == 2


def test_solve_takes_a_ruleset():
    a11 = FIXTURES / "A11-perfect-galaxy-substitute.yaml"
    dm = dmrules.solve(a11)
    seq = dmrules.solve(a11, ruleset="sequential")
    assert dm.ruleset == "dm" and seq.ruleset == "sequential"
    assert {tuple(sorted(r.final.items())) for r in dm.resolutions} != {
        tuple(sorted(r.final.items())) for r in seq.resolutions
    }
    with pytest.raises(dmrules.InputError, match="unknown ruleset 'magic'"):
        dmrules.solve(a11, ruleset="magic")
    with pytest.raises(dmrules.InputError, match="no such file"):
        dmrules.solve("no/such/file.yaml")


def test_public_names_are_typed_and_documented():
    import importlib.resources

    assert (importlib.resources.files("dmrules") / "py.typed").is_file()
    assert "py.typed" in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for name in dmrules.__all__:
        if name != "__version__":
            doc = getattr(dmrules, name).__doc__ or ""
            assert doc.strip() and not doc.startswith(name + "("), name
    assert (ROOT / "docs" / "api.md").is_file()


# -- forgiving card lookup -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query", ["じゃしん", "ｼﾞｬｼﾝ帝", "《アビスベル=ジャシン帝》", "あびすべる じゃしん", "アビスベルジャシン帝"]
)
def test_card_lookup_forgives_width_kana_brackets_separators(query):
    out = run("cards", query)
    assert out.returncode == 0, out.stdout
    assert out.stdout.startswith("アビスベル＝ジャシン帝  [creature]")


def test_card_lookup_case_and_ranking():
    db = bundled()
    assert db.search("crymax")[0].name == "CRYMAX ジャオウガ"
    assert db.find("crymax じゃおうが").name == "CRYMAX ジャオウガ"
    names = [c.name for c in db.search("モモキング")]
    assert names[0] == "モモキング-MAX" or names[0].startswith("モモキング")  # names that begin with it first
    assert set(names) >= {"モモキング-MAX", "ボルシャック・モモキング"}
    assert all(names.index(n) > names.index("モモキング-MAX") for n in names if not n.startswith("モモキング"))
    assert db.search("xyz") == [] and db.near("xyz") == []
    assert db.near("ジャシンテイ")[0].name == "アビスベル＝ジャシン帝"


def test_scenario_card_names_match_loosely():
    text = A01.read_text(encoding="utf-8").replace("card: アビスベル＝ジャシン帝", "card: 《あびすべる=じゃしん帝》")
    assert "《あびすべる=じゃしん帝》" in text
    s = dmrules.scenario_from_text(text, "loose.yaml")
    assert s.cards["J1"].definition.name == "アビスベル＝ジャシン帝"


# -- the small things ------------------------------------------------------------------------------


def test_plurals(tmp_path):
    out = run("verify", str(A01))
    assert out.stdout.rstrip().endswith("1 scenario: 1 passed, 0 failed")
    one = tmp_path / "one.yaml"
    one.write_text(
        textwrap.dedent("""
        turn: me
        players: {me: {battle: [J1]}, opponent: {}}
        effect: {controller: me, events: [{id: e1, destroy: J1}]}
        expect: {count: 1}
        """),
        encoding="utf-8",
    )
    out = run("verify", str(one))
    assert "(1 resolution)" in out.stdout and "resolutions)" not in out.stdout
    out = run("solve", str(FIXTURES / "B03-baiken-setsudan.yaml"), "--max-windows", "1")
    assert "stopped after 1 window;" in out.stdout and "1 windows" not in out.stdout


def test_cards_show_filters_in_words_not_python():
    out = run("cards", "ブレイガー")
    assert out.returncode == 0
    assert "{'" not in out.stdout and "': " not in out.stdout and "True" not in out.stdout
    assert "watches: destroy of another creature of yours" in out.stdout  # セイバー：全種族


def test_html_says_where_it_wrote(tmp_path):
    target = tmp_path / "a01.html"
    out = run("solve", str(A01), "--html", str(target))
    assert out.returncode == 0 and target.is_file()
    assert out.stderr == f"dmrules: wrote the HTML report to {target}\n"


def test_html_numbers_have_thousands_separators():
    from dmrules.presenting.report import _plural

    assert _plural(72_809_947, "resolution") == "72,809,947 resolutions"


def test_choose_without_count_is_an_error():
    text = (FIXTURES / "B06-belladonna-stratobag.yaml").read_text(encoding="utf-8")
    text = text.replace("{choose: {count: 1, whose: opponent}}", "{choose: {whose: opponent}}")
    with pytest.raises(dmrules.InputError, match="how many cards it takes: 'count: N'"):
        dmrules.scenario_from_text(text, "b06.yaml")
    # A replacement's choice of affected cards too.
    card = textwrap.dedent("""
        turn: me
        players:
          me:
            battle:
              - id: S
                card:
                  name: 身代わりを選ぶクリーチャー
                  type: creature
                  replacements:
                    - watch: {event: destroy, card: this}
                      instead: [stay, {choose: {from: hand, to: graveyard, verb: discard}}]
            hand: [h1]
          opponent: {}
        effect: {controller: me, events: [{id: e1, destroy: S}]}
        """)
    with pytest.raises(dmrules.InputError) as error:
        dmrules.scenario_from_text(card, "card.yaml")
    assert str(error.value).startswith(
        "card.yaml:12: players.me.battle[0].card.replacements[0].instead[1].choose: "
        "a choice says how many cards it takes"
    )
    solution = dmrules.solve(
        dmrules.scenario_from_text(card.replace("{from: hand", "{count: 1, from: hand"), "card.yaml")
    )
    assert [[(a.event, a.replacement.id, a.chosen) for a in r.applied] for r in solution.resolutions] == [
        [("e1", "S", ("h1",))]
    ]  # mandatory: it discards h1 and stays


def test_default_whose_is_documented_and_holds():
    doc = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    assert "`whose` defaults to `own`" in doc
    # {discard: 2} of アビスベル＝ジャシン帝 chooses its controller's hand cards, never the opponent's.
    s = scenario("""
        turn: opponent
        players:
          me: {battle: [{id: J1, card: アビスベル＝ジャシン帝}], hand: [h1]}
          opponent: {hand: [o1, o2]}
        effect: {controller: opponent, events: [{id: e1, destroy: J1}]}
        """)
    assert [r.applied for r in dmrules.solve(s).resolutions] == [()]


def test_an_inline_card_with_a_bundled_cards_name_overrides_it_with_a_warning():
    text = textwrap.dedent("""
        turn: me
        players:
          me:
            battle:
              - {id: J1, card: {name: アビスベル＝ジャシン帝, type: creature}}
            hand: [h1, h2]
          opponent: {}
        effect: {controller: me, events: [{id: e1, destroy: J1}]}
        """)
    s = dmrules.scenario_from_text(text, "inline.yaml")
    assert s.about.warnings == (
        "inline.yaml:6: players.me.battle[0].card.name: this inline card replaces the bundled card "
        "アビスベル＝ジャシン帝 in this scenario (write 'card: アビスベル＝ジャシン帝' to use the bundled one)",
    )
    assert s.cards["J1"].replacements == ()  # the inline card, not the bundled one
    out = run("solve", "-", input=text)
    assert out.returncode == 0
    assert out.stderr == f"dmrules: warning: {s.about.warnings[0].replace('inline.yaml', '<stdin>')}\n"
    assert dmrules.scenario_from_text(A01.read_text(encoding="utf-8"), "a01.yaml").about.warnings == ()


def test_an_id_that_is_a_bundled_cards_name_is_a_blank_card_with_a_warning():
    text = textwrap.dedent("""
        turn: opponent
        players:
          me:
            battle: [アビスベル＝ジャシン帝]
          opponent: {}
        effect: {controller: opponent, events: [{id: e1, destroy: アビスベル＝ジャシン帝}]}
        """)
    s = dmrules.scenario_from_text(text, "bare.yaml")
    assert s.about.warnings == (
        "bare.yaml:5: players.me.battle[0]: 'アビスベル＝ジャシン帝' is the id of a card with no type and no ability "
        "here, not the bundled card of that name (write '{id: ..., card: アビスベル＝ジャシン帝}' to use it)",
    )
    assert s.cards["アビスベル＝ジャシン帝"].replacements == ()


# -- self-contained documentation ------------------------------------------------------------------


def test_documentation_cites_nothing_a_user_does_not_have():
    import re

    texts = {
        p: p.read_text(encoding="utf-8")
        for p in [ROOT / "README.md", *(ROOT / "docs").glob("*.md"), *(ROOT / "dmrules" / "cards").glob("*.yaml")]
    }
    for path, text in texts.items():
        assert "../shared" not in text and "RULINGS.md" not in text and "RULES.md" not in text, path.name
        assert not re.search(r"\b[Ss]eeds? \d{3}", text), (path.name, re.search(r".{40}\b[Ss]eeds? \d{3}.{20}", text))
    rulings = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    cited = set()
    for path in FIXTURES.glob("*.yaml"):
        cited |= set(re.findall(r"ruling: ([ABDEPR]\d\d)", path.read_text(encoding="utf-8")))
    assert cited and all(f"| {ruling} |" in rulings for ruling in cited), sorted(
        r for r in cited if f"| {r} |" not in rulings
    )
    assert "official Q&A (公式Q＆A), update of 2023-04-10" in rulings


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="address-space caps as on Linux")
def test_max_memory_stops_a_solve_that_needs_more_with_exit_2_and_no_traceback(tmp_path):
    path = flood(tmp_path)
    out = subprocess.run(
        [sys.executable, "-m", "dmrules.cli", "solve", str(path), "--max-memory", "160", "--timeout", "60"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert out.returncode == 2, out.stderr
    assert "needed more memory than --max-memory allows (160 MiB)" in out.stderr
    assert "Traceback" not in out.stderr and "MemoryError" not in out.stderr and "terminate" not in out.stderr
    # The same command with room to spare answers (cut short by its own limit).
    out = subprocess.run(
        [sys.executable, "-m", "dmrules.cli", "solve", str(path), "--max-resolutions", "5"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert out.returncode == 0 and "cut short by max_resolutions=5" in out.stdout


def test_max_memory_refuses_a_cap_too_small_to_start():
    out = run("solve", str(A01), "--max-memory", "10", process=True)
    assert out.returncode == 2 and "outside 64 to 1,048,576" in out.stderr


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="a forked worker as on Linux")
def test_a_fault_in_the_worker_is_said_not_a_bare_exit_status(capfd):
    from dmrules import worker

    def broken() -> int:
        raise NameError("fault")

    codes = {"fail": 1, "input": 2, "pipe": 141, "interrupted": 130}
    assert worker.run_in_worker(broken, 4096, None, codes) == 1
    err = capfd.readouterr().err
    assert "dmrules: internal error" in err and "NameError: fault" in err


REFUSED_HALFWAY = """
turn: opponent
players:
  me:
    battle:
      - {id: A, card: {name: 山上A, type: creature, text: "%s"}}
      - {id: B, card: {name: 山上B, type: creature, text: "%s"}}
    deck: [d1]
  opponent:
    battle:
      - {id: X, card: {name: 破壊者, type: creature}}
effect:
  source: X
  controller: opponent
  events: [{id: e1, destroy: A}, {id: e2, destroy: B}]
  then: [{events: [{id: e3, draw: me}]}]
"""


def test_json_of_a_scenario_refused_halfway_is_no_broken_document(tmp_path):
    """Two cards put on top of the deck at once, then a draw: refused in a later window (their order is their owner's
    choice). --json promises one document: the standard output stays empty, the error goes to the standard error."""
    path = tmp_path / "halfway.yaml"
    top = "このクリーチャーが破壊される時、墓地に置くかわりに山札の上に置く。"
    path.write_text(REFUSED_HALFWAY % (top, top), encoding="utf-8")
    result = run_cli("solve", str(path), "--json")
    assert result.returncode == 2
    assert result.stdout == ""
    assert "cannot list" in result.stderr and "Traceback" not in result.stderr
