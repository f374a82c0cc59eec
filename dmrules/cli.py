"""The ``dmrules`` command."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .game.errors import InputError, InternalError, SolveError
from .presenting.safe import visible
from .text import plural

if TYPE_CHECKING:
    from .checking.verify import VerifyResult

EXIT_OK, EXIT_FAIL, EXIT_INPUT, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_INTERRUPTED, EXIT_PIPE = 130, 141  # Ctrl-C; a closed output pipe (as 128 + SIGPIPE)


class _Parser(argparse.ArgumentParser):
    """argparse, but bad arguments exit 2 with one clear line (as argparse does) and no usage dump."""

    def error(self, message: str):  # noqa: D401
        self.exit(EXIT_INPUT, f"dmrules: error: {message}\n")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


MAX_SECONDS = 1_000_000  # the solver's wait() overflows on larger values


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text} must be more than 0 seconds")
    if not value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(
            f"{text} is more than {MAX_SECONDS:,} seconds; leave --timeout out for no limit"
        )
    return value


def _mebibytes(text: str) -> int:
    value = _positive(text)
    if not 64 <= value <= 1_048_576:
        raise argparse.ArgumentTypeError(f"{value} MiB is outside 64 to 1,048,576")
    return value


def _memory_option(parser: argparse.ArgumentParser) -> None:
    from .worker import DEFAULT_MAX_MEMORY

    parser.add_argument(
        "--max-memory",
        type=_mebibytes,
        default=DEFAULT_MAX_MEMORY,
        metavar="MIB",
        help=f"stop with exit 2 if solving needs more than MIB mebibytes (default {DEFAULT_MAX_MEMORY:,})",
    )


EXIT_CODES = """\
exit status:
  0    success: the command ran; why-not: the outcome is legal; cards: found
  1    verify: an expectation failed; why-not: the outcome is not legal;
       cards: no card found (the closest names are suggested)
  2    bad input: a file, a scenario or an argument (the message names the
       file, the place and the problem); or a limit reached with no answer:
       more memory than --max-memory, no answer within --timeout
  3    internal error: a fault of dmrules (no legal resolution found, which
       every situation has), never an answer
  130  interrupted (Ctrl-C)
A closed output pipe (dmrules ... | head) ends the command at once, quietly,
as it ends other Unix tools (SIGPIPE)."""

SCENARIO_HELP = "scenario file (YAML), or - to read it from standard input"


def _epilog(example: str, status: str) -> str:
    return f"example:\n{example}\n\nexit status:\n{status}"


def build_parser() -> argparse.ArgumentParser:
    from .version import __version__

    formatter = argparse.RawDescriptionHelpFormatter
    parser = _Parser(
        prog="dmrules",
        formatter_class=formatter,
        description="Every legal way to apply replacement effects (置換効果) in a Duel Masters situation.\n"
        "Run without a command, dmrules prints this help and exits 0.",
        epilog="examples:\n"
        "  dmrules solve fixtures/A01-two-jashintei.yaml\n"
        "  dmrules verify fixtures/\n"
        "  dmrules why-not fixtures/A01-two-jashintei.yaml --expect J1=battle,J2=battle\n"
        "  cat scenario.yaml | dmrules solve -\n"
        "Each command has its own help: dmrules COMMAND --help\n\n" + EXIT_CODES,
    )
    parser.add_argument(
        "--version", action="version", version=f"dmrules {__version__}", help="print the version and exit"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    _solve_parser(sub, formatter)
    _verify_parser(sub, formatter)
    _why_not_parser(sub, formatter)
    _why_parser(sub, formatter)
    _cards_parser(sub, formatter)
    _serve_parser(sub, formatter)
    return parser


def _solve_parser(sub, formatter: type[argparse.HelpFormatter]) -> None:
    """The ``solve`` command: every legal resolution, as text, JSON, JSON lines or HTML."""
    solve = sub.add_parser(
        "solve",
        help="list every legal resolution of a scenario",
        formatter_class=formatter,
        description="List every legal resolution of the scenario's effect, window after window, in a "
        "deterministic order,\nwith the replacements applied, the affected cards and where every card ends.",
        epilog=_epilog(
            "  dmrules solve fixtures/A01-two-jashintei.yaml\n"
            "  dmrules solve fixtures/A01-two-jashintei.yaml --json --ruleset sequential\n"
            "  dmrules solve - --html report.html < scenario.yaml",
            "  0 the resolutions were listed (also when a limit cut the list short: it says so)\n"
            "  2 bad input, or no resolution found within --timeout, or more memory needed than --max-memory",
        ),
    )
    solve.add_argument("scenario", help=SCENARIO_HELP)
    solve.add_argument("--json", action="store_true", help="print one JSON document")
    solve.add_argument(
        "--jsonl",
        action="store_true",
        help="stream the resolutions as JSON lines as they are found (the fields of --json's "
        "resolutions), then a trailer line with the counts",
    )
    solve.add_argument(
        "--verbose",
        action="store_true",
        help="with --json or --jsonl: each resolution also lists its events as they happened and were replaced",
    )
    _solve_limits(solve)
    solve.add_argument(
        "--group",
        choices=("names",),
        help="list resolutions up to interchangeable cards (same name, zone and properties, named "
        "by nothing) and units (alike cards with alike events of their own), each with the "
        "number of resolutions it stands for",
    )
    solve.add_argument(
        "--ruleset", choices=("dm", "sequential", "dmps"), help="solve under this ruleset instead of the scenario's"
    )
    solve.add_argument(
        "--html",
        metavar="FILE",
        help="also write an HTML report of the resolutions to FILE (its path is printed on standard error)",
    )
    _memory_option(solve)
    solve.set_defaults(run=cmd_solve)


def _solve_limits(solve: argparse.ArgumentParser) -> None:
    """``solve``'s limits on the resolutions listed, the time and the windows of one resolution."""
    solve.add_argument(
        "--max-resolutions",
        type=_positive,
        metavar="N",
        help="list only the first N resolutions (numbered as the whole list and why number them)",
    )
    solve.add_argument(
        "--timeout",
        type=_seconds,
        metavar="S",
        help="stop after S seconds, with the resolutions found so far (exit 2 if none was found)",
    )
    solve.add_argument(
        "--max-windows",
        type=_positive,
        metavar="N",
        help="open at most N replacement windows in one resolution (default 12)",
    )


def _verify_parser(sub, formatter: type[argparse.HelpFormatter]) -> None:
    """The ``verify`` command: the expectations of scenario files; and ``check``, just after it."""
    verify = sub.add_parser(
        "verify",
        help="check the expectations written in scenario files",
        formatter_class=formatter,
        description="Solve each scenario and check the expectation it states ('expect', 'expect_under'): one line "
        "per file,\nPASS, FAIL (with the difference), NONE (the file states no expectation: it is only "
        "read,\nand neither passes nor fails) or ERROR (bad input).",
        epilog=_epilog(
            "  dmrules verify fixtures/\n  dmrules verify fixtures/A01-two-jashintei.yaml my-case.yaml",
            "  0 no expectation failed (files with no expectation do not count either way)\n"
            "  1 an expectation failed\n"
            "  2 bad input in a file, or a file that needed more memory or time than allowed\n"
            "    (the other files are still verified)",
        ),
    )
    verify.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help="scenario files or folders of them (*.yaml, searched recursively); - reads one "
        "scenario from standard input",
    )
    verify.add_argument("--json", action="store_true", help="print one JSON document")
    _memory_option(verify)
    verify.add_argument(
        "--jobs", type=_positive, default=1, metavar="N", help="verify N files at once, each in a process of its own"
    )
    verify.add_argument("--timeout", type=_seconds, metavar="S", help="give each file at most S seconds")
    verify.set_defaults(run=cmd_verify, bounds_each=True)
    _check_parser(sub, formatter)


def _why_not_parser(sub, formatter: type[argparse.HelpFormatter]) -> None:
    """The ``why-not`` command: whether a legal resolution has an outcome, and the rules in the way."""
    why_not = sub.add_parser(
        "why-not",
        help="why no legal resolution has the expected outcome",
        formatter_class=formatter,
        description="Is there a legal resolution with this outcome? If there is, show it; if not, name the rules\n"
        "the closest outcomes break, with the cards and events involved. Every window of the effect\n"
        "counts: a condition may name an event of a later window (e1/BK.then1.1:ST).",
        epilog=_epilog(
            "  dmrules why-not fixtures/A01-two-jashintei.yaml --expect J1=battle,J2=battle",
            "  0 a legal resolution has the outcome\n"
            "  1 no legal resolution has it (the rules in the way are shown)\n"
            "  2 bad input, or more memory needed than --max-memory",
        ),
    )
    why_not.add_argument("scenario", help=SCENARIO_HELP)
    why_not.add_argument(
        "--expect",
        action="append",
        required=True,
        metavar="COND[,COND...]",
        help="CARD=ZONE, EVENT=happened|replaced, PLAYER=lost|not_lost",
    )
    why_not.add_argument("--json", action="store_true", help="print one JSON document")
    _memory_option(why_not)
    why_not.set_defaults(run=cmd_why_not)


def _why_parser(sub, formatter: type[argparse.HelpFormatter]) -> None:
    """The ``why`` command: one resolution replayed in decision order."""
    why = sub.add_parser(
        "why",
        help="how a resolution is legal, decision by decision",
        formatter_class=formatter,
        description="Replay one resolution in decision order (609.8a, 609.8, 609.9a): in each window, the spell's "
        "own\nmovement first, then the turn player, then the non-turn player. For each replacement "
        "that did not\napply, the reason that held when its player decided: not applied by choice, "
        "blocked by a rule\n(with its number), or superseded by an earlier decision.",
        epilog=_epilog(
            "  dmrules why fixtures/A01-two-jashintei.yaml --resolution 2",
            "  0 the resolution was explained\n"
            "  2 bad input (or no such resolution), or no answer within --timeout (every resolution must be found\n"
            "    to number them), or more memory needed than --max-memory",
        ),
    )
    why.add_argument("scenario", help=SCENARIO_HELP)
    why.add_argument("--resolution", type=_positive, required=True, metavar="N", help="its number in `solve`")
    why.add_argument("--json", action="store_true", help="print one JSON document")
    why.add_argument("--timeout", type=_seconds, metavar="S", help="give up after S seconds")
    _memory_option(why)
    why.set_defaults(run=cmd_why)


def _cards_parser(sub, formatter: type[argparse.HelpFormatter]) -> None:
    """The ``cards`` command: the bundled cards found by name; a printed text read."""
    cards = sub.add_parser(
        "cards",
        help="find bundled cards; read printed card text (cards parse TEXT, cards coverage FILE)",
        formatter_class=formatter,
        description="dmrules cards [QUERY]: list the bundled cards, or find cards by name. Lookup forgives width\n"
        "(ｼﾞｬｼﾝ), hiragana for katakana (じゃしん), romaji (jashin), 《》, ＝ or = or none, spaces, middle dots\n"
        "and case; words that match no name are looked for in the printed texts (墓地に置くかわりに);\n"
        "filters: t:TYPE (t:呪文, t:creature), c:CIVILIZATION (c:闇, c:fire), r:RACE (r:ドラゴン), o:TEXT.\n"
        "A typo gets the closest names (edit distance). Cards found are shown with their structured\n"
        "replacement abilities.\n"
        "dmrules cards parse TEXT (or --scenario FILE): the replacement abilities the card-text compiler\n"
        "reads from a printed text, sentence by sentence; with --effect spell|ability, the steps of the\n"
        "effect that a scenario's 'printed: true' reads from it.\n"
        "dmrules cards coverage FILE: how many texts of a tab-separated file (name, type, kind, text)\n"
        "compile.",
        epilog=_epilog(
            "  dmrules cards\n  dmrules cards じゃしん\n  dmrules cards 'ｼﾞｬｼﾝ帝' --json\n"
            "  dmrules cards parse 'このクリーチャーが離れる時、かわりに自分の手札を2枚捨ててもよい。'",
            "  0 cards found (or listed); parse: every sentence read (or the text has no replacement)\n"
            "  1 no card matches: the closest names are suggested\n"
            "  2 bad input; parse: a sentence cannot be read; parse, coverage: compiling stopped at --timeout;\n"
            "    more memory needed than --max-memory",
        ),
    )
    cards.add_argument("query", nargs="*", help="part of a card name; or 'parse TEXT'; or 'coverage FILE'")
    cards.add_argument("--scenario", metavar="FILE", help="with 'parse': the inline cards of this scenario")
    cards.add_argument(
        "--effect",
        choices=("spell", "ability"),
        help="with 'parse TEXT': the steps of the effect a scenario's 'printed: true' reads from the text "
        "(the spell's, or its one triggered ability's); 'own' stands for the effect's controller",
    )
    cards.add_argument(
        "--type",
        metavar="TYPE",
        help="with 'parse TEXT': the card's printed type (呪文, クリーチャー, 城, クロスギア, …); without it a line "
        "with no trigger is read as an ability that works in the battle zone",
    )
    cards.add_argument("--json", action="store_true", help="print one JSON document")
    cards.add_argument(
        "--timeout", type=_seconds, metavar="S", help="with 'parse' or 'coverage': stop compiling after S seconds"
    )
    _memory_option(cards)
    cards.add_argument(
        "--hand-written",
        action="store_true",
        help="only the cards whose structured form is written by hand (not compiled from the text)",
    )
    cards.set_defaults(run=cmd_cards)


def _serve_parser(sub, formatter: type[argparse.HelpFormatter]) -> None:
    """The ``serve`` command: the local web app."""
    serve = sub.add_parser(
        "serve",
        help="a local web app: build a situation, solve it, ask why",
        formatter_class=formatter,
        description="Start the workbench, a local web app: place cards, choose the effect, solve, ask why and "
        "why-not.\n"
        "It listens on this machine only unless --host says otherwise; Ctrl-C stops it.",
        epilog=_epilog(
            "  dmrules serve\n  dmrules serve --port 9000 --timeout 60",
            "  0 stopped (Ctrl-C)\n  2 bad input: a port out of range, an address that cannot be listened on",
        ),
    )
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)"
    )
    serve.add_argument("--port", type=_port, default=8765, help="port (default 8765)")
    serve.add_argument(
        "--timeout", type=_seconds, default=20.0, metavar="S", help="solving time per request (default 20)"
    )
    serve.add_argument(
        "--max-resolutions",
        type=_positive,
        default=2000,
        metavar="N",
        help="resolutions listed per request, then grouped counting (default 2000)",
    )
    serve.add_argument(
        "--max-memory",
        dest="serve_memory",
        type=_mebibytes,
        default=2048,
        metavar="MIB",
        help="memory of each solve, explanation or compile, in its own process (default 2,048 MiB)",
    )
    serve.add_argument(
        "--concurrent",
        type=_positive,
        default=2,
        metavar="N",
        help="solves run at once (default 2); 4 more wait, any beyond are refused (503)",
    )
    serve.set_defaults(run=cmd_serve)


def _port(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"'{text}' is not a port (1 to 65535)")
    return int(text)


def cmd_serve(args: argparse.Namespace) -> int:
    from .presenting.web import serve
    from .presenting.web.routes import RequestLimits

    limits = RequestLimits(
        timeout=args.timeout,
        max_resolutions=args.max_resolutions,
        max_memory=args.serve_memory,
        concurrent=args.concurrent,
    )
    serve(args.host, args.port, limits)
    return EXIT_OK


def _stdin_text() -> str:
    """A scenario read from standard input, with the same size limit as files."""
    from .reading.yamlsrc import MAX_FILE_BYTES

    raw = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise InputError(
            STDIN, "", f"is more than {MAX_FILE_BYTES:,} bytes; scenarios are limited to {MAX_FILE_BYTES:,}"
        )
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(STDIN, "", f"is not UTF-8 text (byte {exc.start})") from None


STDIN = "<stdin>"


def _load(path: str):
    """The scenario named on the command line: a file, or ``-`` for standard input."""
    from .reading.scenario import load_scenario, scenario_from_text

    scenario = scenario_from_text(_stdin_text(), STDIN) if path == "-" else load_scenario(path)
    _warn(scenario)
    return scenario


def _warn(scenario) -> None:
    from .presenting.forms_text import disagreement_warnings

    for warning in [*scenario.about.warnings, *disagreement_warnings(scenario)]:
        sys.stderr.write(f"dmrules: warning: {visible(warning)}\n")


def _check_solve_options(args: argparse.Namespace) -> None:
    if args.html is not None and not args.html.strip():
        raise InputError("--html", "", "give a file name")
    for flag, given in (("--json", args.json), ("--html", args.html)):
        if args.jsonl and given:
            raise InputError(
                "--jsonl",
                "",
                f"cannot be combined with {flag}: --jsonl streams each resolution "
                "as it is found and keeps none to write them again",
            )


def cmd_solve(args: argparse.Namespace) -> int:
    _check_solve_options(args)
    if args.scenario == "-":
        text = _stdin_text()
        from .reading.scenario import scenario_from_text

        scenario = scenario_from_text(text, STDIN)
        _warn(scenario)
    else:
        scenario = _load(args.scenario)
    if args.ruleset:
        from .game.limits import under_ruleset

        scenario = under_ruleset(scenario, args.ruleset)
    limits = dict(
        max_resolutions=args.max_resolutions,
        timeout=args.timeout,
        max_windows=args.max_windows,
        group=args.group == "names",
    )
    from .presenting.writers import writer

    chosen = writer("jsonl" if args.jsonl else "json" if args.json else "text")
    if not args.html:  # written as the resolutions are found, none kept
        if args.json or args.jsonl:
            limits.update(verbose=args.verbose)
        if not args.json:  # a refusal halfway through ends the list written with a line that says so (the writer's)
            chosen.stream(scenario, sys.stdout, **limits)
            return EXIT_OK
        # one JSON document: written out whole once solved (spilled to a temporary file past a few megabytes), so a
        # scenario refused halfway through its solution leaves no broken document on the standard output
        import shutil
        import tempfile

        with tempfile.SpooledTemporaryFile(max_size=8 << 20, mode="w+", encoding="utf-8") as document:
            chosen.stream(scenario, document, **limits)
            document.seek(0)
            shutil.copyfileobj(document, sys.stdout)
        return EXIT_OK
    from .api import solve
    from .presenting.report import write_html

    solution = solve(scenario, **limits)  # --html holds the whole list
    verdicts, explanations = _report_extras(scenario, solution)
    try:
        write_html(scenario, solution, args.html, explanations=explanations, verdicts=verdicts)
    except OSError as exc:
        raise InputError(args.html, "--html", f"cannot be written: {exc.strerror or exc}") from None
    sys.stderr.write(f"dmrules: wrote the HTML report to {visible(args.html)}\n")
    assert chosen.whole is not None  # --jsonl with --html was refused above
    chosen.whole(scenario, solution, sys.stdout)
    return EXIT_OK


MAX_EXPLAINED = 40


def _report_extras(scenario, solution):
    """The expectations' verdicts and why each resolution is legal, window by window (for a few)."""
    from .checking.expect import read_expectation, verdicts
    from .checking.explain import why
    from .presenting.explain_text import why_text

    expectation = read_expectation(scenario)
    checks = None if expectation.empty else verdicts(expectation, solution, scenario)
    explanations = {}
    if len(solution.resolutions) <= MAX_EXPLAINED:
        for i, resolution in enumerate(solution.resolutions):
            lines = why_text(scenario, i + 1, resolution, why(scenario, resolution)).splitlines()
            explanations[i] = [line.strip() for line in lines[1:] if line.strip()]
    return checks, explanations


def _print_json(doc) -> None:
    from .game.compact import SCHEMA  # the JSON output's schema: docs/json.md

    sys.stdout.write(json.dumps({"schema": SCHEMA, **doc}, ensure_ascii=False, indent=2) + "\n")


def cmd_verify(args: argparse.Namespace) -> int:
    from functools import partial

    from .checking.verify import scenario_files

    if args.paths.count("-") > 1:
        raise InputError(STDIN, "", "standard input (-) can be read once")
    expanded: list[Path | str] = []
    for path in args.paths:
        expanded.extend(["-"] if path == "-" else scenario_files([path]))
    results: list[VerifyResult] = []
    show = partial(_show_verified, args, results)
    if getattr(args, "bounded", False):  # each file in a capped process (batch/pool.py)
        _verify_bounded(args, expanded, show)
    else:
        for result in _verified_in_order(expanded):
            show(result)
    return _verify_summary(args, results)


def _verified_in_order(expanded: list[Path | str]) -> Iterator[VerifyResult]:
    """Each result in order; the files between two "-" are verified in batches (verify_files)."""
    from .checking.verify import VerifyResult, verify_files, verify_scenario

    def stdin() -> VerifyResult:
        try:
            return verify_scenario(_load("-"), STDIN)
        except InputError as exc:
            return VerifyResult(STDIN, "error", problems=[str(exc)])

    files: list[Path] = []
    for path in expanded:
        if isinstance(path, Path):
            files.append(path)
        else:  # "-"
            yield from verify_files(files)
            files = []
            yield stdin()
    yield from verify_files(files)


def _verify_summary(args: argparse.Namespace, results: list[VerifyResult]) -> int:
    """The counts of the results, as JSON or one line; the exit status they make."""
    from .presenting.json import verify_json

    counts = {status: sum(r.status == status for r in results) for status in ("pass", "fail", "none", "error")}
    if args.json:
        _print_json(
            {
                "results": [verify_json(r) for r in results],
                "passed": counts["pass"],
                "failed": counts["fail"],
                "no_expectation": counts["none"],
                "errors": counts["error"],
                "total": len(results),
            }
        )
    else:
        sys.stdout.write(
            f"{plural(len(results), 'scenario')}: {counts['pass']} passed, {counts['fail']} failed"
            + (f", {counts['none']} with no expectation" if counts["none"] else "")
            + (f", {counts['error']} with bad input" if counts["error"] else "")
            + "\n"
        )
    if counts["error"]:
        return EXIT_INPUT
    return EXIT_FAIL if counts["fail"] else EXIT_OK


def _check_parser(sub, formatter) -> None:
    from .worker import DEFAULT_MAX_MEMORY

    check = sub.add_parser(
        "check",
        help="check a batch of situations (JSON lines, or a folder): one JSON line each",
        formatter_class=formatter,
        description="Answer each item of a batch on one JSON line, in input order: its counts, whether the list is\n"
        "complete and, for an observed outcome, whether it is legal and if not the rules that stand in the\n"
        "way. An item is a JSON object: scenario (YAML text or an object) or path, id, observed\n"
        "(J1=battle,e1=replaced,...), ruleset, timeout, max_memory. Each item runs in a process of its\n"
        "own under the memory cap and the timeout, --jobs at once (or on a Dask cluster: --scheduler);\n"
        "an item that cannot be answered gets an error line and the batch goes on.",
        epilog=_epilog(
            "  dmrules check situations.jsonl > answers.jsonl\n"
            "  dmrules check fixtures/ --jobs 2\n"
            "  dmrules check situations.jsonl --resume answers.jsonl\n"
            "  dmrules check situations.jsonl --scheduler tcp://10.0.0.5:8786",
            "  0 every item answered, and every observed outcome is legal\n"
            "  1 an observed outcome is not legal\n"
            "  2 an item got an error line (bad input, memory, timeout, a process that died),\n"
            "    or the batch cannot be read",
        ),
    )
    check.add_argument("batch", metavar="BATCH", help="a file of JSON lines, a folder of scenario files, or -")
    check.add_argument("--jobs", type=_positive, metavar="N", help="items at once on this machine (default: its cores)")
    check.add_argument(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        help="run the items on the Dask cluster of this scheduler (default: DMRULES_SCHEDULER, else this machine)",
    )
    check.add_argument("--timeout", type=_seconds, default=60.0, metavar="S", help="seconds per item (default 60)")
    check.add_argument(
        "--max-memory",
        type=_mebibytes,
        default=DEFAULT_MAX_MEMORY,
        metavar="MIB",
        help="what each item's process may add, in MiB, to the warmed process it is forked from "
        f"(default {DEFAULT_MAX_MEMORY:,})",
    )
    check.add_argument(
        "--resolutions",
        action="store_true",
        help="add each item's resolutions as solve --json writes them, and the windows they name",
    )
    check.add_argument("--max-resolutions", type=_positive, metavar="N", help="list at most N resolutions per item")
    check.add_argument("--max-windows", type=_positive, metavar="N", help="open at most N windows per resolution")
    check.add_argument("--ruleset", choices=("dm", "sequential", "dmps"), help="the ruleset of items that name none")
    check.add_argument("--no-cache", action="store_true", help="solve every item, even one answered before")
    check.add_argument("--output", "-o", metavar="OUT", help="write the lines to OUT instead of standard output")
    check.add_argument("--resume", metavar="OUT", help="skip the ids answered in OUT, and add the other lines to it")
    check.set_defaults(run=cmd_check, bounds_each=True)


def cmd_check(args: argparse.Namespace) -> int:
    from .batch.checkrun import CheckOptions, run_check
    from .batch.pool import default_jobs

    options = CheckOptions(
        batch=args.batch,
        jobs=args.jobs or default_jobs(),
        scheduler=args.scheduler,
        timeout=args.timeout,
        max_memory=args.max_memory,
        resolutions=args.resolutions,
        max_resolutions=args.max_resolutions,
        max_windows=args.max_windows,
        ruleset=args.ruleset,
        cache=not args.no_cache,
        resume=args.resume,
        output=args.output,
    )
    return run_check(options)


def _show_verified(args: argparse.Namespace, results: list, result) -> None:
    from .checking.verify import verify_line

    results.append(result)
    if not args.json:
        sys.stdout.write(visible(verify_line(result), lines=True))
        sys.stdout.flush()


def _verify_bounded(args: argparse.Namespace, paths: list, show) -> None:
    from .batch.pool import verify_each
    from .batch.supervisor import Limits

    verify_each(paths, args.jobs, Limits(args.max_memory, args.timeout), _stdin_text, show)


def cmd_why_not(args: argparse.Namespace) -> int:
    from .checking.explain import parse_conditions, why_not
    from .presenting.explain_text import why_not_text
    from .presenting.json import cause_json, why_not_json

    scenario, doc = _load_with_document(args.scenario)
    result = why_not(scenario, parse_conditions(scenario, args.expect))
    found = []
    if result.legal is None and doc is not None:
        from .checking.cause import causes

        found = causes(doc, scenario, args.expect)
    if args.json:
        _print_json({**why_not_json(result), "causes": [cause_json(c) for c in found]})
    else:
        sys.stdout.write(why_not_text(scenario, result, found))
    return EXIT_OK if result.legal is not None else EXIT_FAIL


def _load_with_document(path: str):
    """The scenario named on the command line, and its mapping as read (for edits of it)."""
    from .reading.scenario import scenario_from_text
    from .reading.yamlsrc import load_located, load_located_text

    if path == "-":
        text = _stdin_text()
        scenario = scenario_from_text(text, STDIN)
        _warn(scenario)
        located = load_located_text(text, STDIN)
    else:
        scenario = _load(path)
        located = load_located(path)
    return scenario, located.data if isinstance(located.data, dict) else None


def cmd_why(args: argparse.Namespace) -> int:
    from .api import why
    from .presenting.explain_text import why_text
    from .presenting.json import resolution_json, why_step_json

    scenario = _load(args.scenario)
    result = why(scenario, args.resolution, timeout=args.timeout)
    if args.json:
        _print_json(
            {
                "resolution": result.number,
                "steps": [why_step_json(s) for s in result.steps],
                "outcome": resolution_json(result.resolution),
            }
        )
    else:
        sys.stdout.write(why_text(scenario, result.number, result.resolution, list(result.steps)))
    return EXIT_OK


def cmd_cards(args: argparse.Namespace) -> int:
    words = list(args.query)
    if words and words[0] == "parse":
        return cmd_cards_parse(args, " ".join(words[1:]))
    if words and words[0] == "coverage":
        return cmd_cards_coverage(args, words[1:])
    if args.scenario:
        raise InputError("--scenario", "", "goes with 'dmrules cards parse'")
    args.query = " ".join(words) if words else None
    from .presenting.cardinfo import card_json, card_text
    from .reading.carddb import bundled

    db = bundled()
    if args.query is None:
        cards = list(db)
        if args.hand_written:
            cards = [c for c in cards if c.hand_written]
        if args.json:
            _print_json({"cards": [card_json(c) for c in cards]})
        else:
            for card in cards:
                sys.stdout.write(card_text(card))
            sys.stdout.write(f"{plural(len(cards), 'card')}\n")
        return EXIT_OK
    from .reading.search import find_cards

    found = find_cards(db, args.query)
    if found.problems:
        raise InputError("cards", "", "; ".join(found.problems))
    cards = found.cards
    if args.hand_written:
        cards = [c for c in cards if c.hand_written]
    near = [] if cards else found.suggestions
    if args.json:
        _print_json({"query": args.query, "by": found.by, "cards": [card_json(c) for c in cards], "suggestions": near})
        return EXIT_OK if cards else EXIT_FAIL
    if not cards:
        line = f"no card matches '{args.query}'"
        line += (
            ("; closest: " + ", ".join(near))
            if near
            else f" and no name is close ({plural(len(db), 'bundled card')}: `dmrules cards` lists them)"
        )
        sys.stdout.write(visible(line) + "\n")
        return EXIT_FAIL
    for card in cards:
        sys.stdout.write(card_text(card, detailed=True))
    how = {"text": " by their text", "filter": "", "romaji": " read as kana"}.get(found.by, "")
    if len(cards) > 1 or found.by == "text":
        sys.stdout.write(visible(f"{plural(len(cards), 'card')} match '{args.query}'{how}") + "\n")
    return EXIT_OK


def cmd_cards_parse(args: argparse.Namespace, text: str) -> int:
    """The replacement abilities read from a printed text, or from each inline card of a scenario."""
    from .presenting.cardtext_view import compiled_text
    from .reading.cardtext.compiler import compile_text

    if bool(text) == bool(args.scenario):
        raise InputError("cards parse", "", 'give the printed text (dmrules cards parse "TEXT") or --scenario FILE')
    if args.effect:
        return _effect_steps(args, text)
    if args.type is not None and not text:
        raise InputError("cards parse", "--type", "goes with the printed text: the scenario's cards give their types")
    if text:
        items: list[tuple[str | None, Any]] = [(None, compile_text(text, args.type))]
    else:
        items = [
            (f"{card_id} ({name})", compile_text(card_text, card_type))
            for card_id, name, card_text, card_type in _inline_texts(args.scenario)
        ]
    if args.json:
        _print_json(
            {
                "cards": [
                    {"card": title, **compiled.to_json()} if title else compiled.to_json() for title, compiled in items
                ]
            }
        )
    else:
        for title, compiled in items:
            sys.stdout.write(compiled_text(compiled, title))
        if text and args.type is None and _spell_reads_otherwise(text, items[0][1]):
            sys.stdout.write(
                "  (no --type given: a line with no trigger is read as an ability that works in the battle zone, as "
                "on a creature; give --type 呪文 to read a spell's text)\n"
            )
    return EXIT_OK if all(compiled.complete for _, compiled in items) else EXIT_INPUT


def _spell_reads_otherwise(text: str, compiled: Any) -> bool:
    """Whether the text, read as a spell's, reads otherwise than with no type given (its lines with no trigger)."""
    from .reading.cardtext.compiler import compile_text

    spell = compile_text(text, "呪文")
    return (spell.complete, spell.forms()) != (compiled.complete, compiled.forms())


def _effect_steps(args: argparse.Namespace, text: str) -> int:
    """``cards parse --effect spell|ability TEXT``: the effect's steps read from the text."""
    from .reading.cardtext.effect import Unread, effect_steps

    if not text:
        raise InputError("cards parse", "--effect", 'give the printed text: dmrules cards parse --effect spell "TEXT"')
    try:
        steps = effect_steps(text, args.effect)
    except Unread as unread:
        raise InputError("cards parse", "--effect", f"「{unread.phrase}」: {unread.problem}") from None
    if args.json:
        _print_json({"text": text, "by": args.effect, "steps": steps})
    else:
        import yaml

        sys.stdout.write(yaml.safe_dump({"steps": steps}, allow_unicode=True, sort_keys=False, width=200))
    return EXIT_OK


def _inline_texts(path: str) -> list[tuple[str, str, str, str | None]]:
    """(id, name, printed text, type) of each inline card with a text in a scenario file."""
    from .reading.reader import Node
    from .reading.yamlsrc import load_located

    root = Node.root(load_located(path))
    players = root.expect(dict).child("players")
    found = []
    for _, zones in players.items() if players.value is not None else ():
        for _, zone in zones.items() if zones.value is not None else ():
            if not isinstance(zone.value, list):
                continue
            for element in zone.elements():
                card = element.value.get("card") if isinstance(element.value, dict) else None
                if isinstance(card, dict) and isinstance(card.get("text"), str):
                    types = card.get("type")
                    found.append(
                        (
                            str(element.value.get("id")),
                            str(card.get("name")),
                            card["text"],
                            types if isinstance(types, str) else None,
                        )
                    )
    if not found:
        raise InputError(path, "players", "no inline card gives a printed 'text'")
    return found


def cmd_cards_coverage(args: argparse.Namespace, paths: list[str]) -> int:
    from .checking.coverage import coverage, coverage_text, load_rows

    if len(paths) != 1:
        raise InputError("cards coverage", "", "give one tab-separated file of printed texts")
    result = coverage(load_rows(paths[0]))
    if args.json:
        _print_json(result.to_json())
    else:
        sys.stdout.write(coverage_text(result))
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; ``argv`` defaults to the process's arguments. Run as the process itself
    (``argv`` None), it also ends at once and quietly on Ctrl-C (exit 130) or a closed output pipe."""
    if argv is None:
        _process_handlers()
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:
        if args.command == "cards" and not any(word.startswith("-") for word in extra):
            # The words of a query or a card text after an option (``cards parse --json TEXT``).
            args.query = [*args.query, *extra]
        else:
            parser.parse_args(argv)  # says what is not understood, as argparse does, and exits 2
    if args.command is None:
        parser.print_help(sys.stdout)
        return EXIT_OK
    if argv is None and getattr(args, "bounds_each", False):
        from .worker import available

        args.bounded = available()  # each file or item in a capped process of its own, not the whole command
    elif argv is None and getattr(args, "max_memory", None):
        from .worker import available, run_in_worker

        if available():
            codes = {
                "fail": EXIT_FAIL,
                "input": EXIT_INPUT,
                "internal": EXIT_INTERNAL,
                "pipe": EXIT_PIPE,
                "interrupted": EXIT_INTERRUPTED,
            }
            # Ctrl-C and a closed pipe end this process as they would (_process_handlers), and the
            # worker with it; the worker takes them over for itself too.
            return run_in_worker(
                lambda: _run_command(args),
                args.max_memory,
                getattr(args, "timeout", None),
                codes,
                prepare=_process_handlers,
            )
    return _run_command(args)


def _run_command(args: argparse.Namespace) -> int:
    from .reading.cardtext.deadline import time_limit

    # --timeout bounds compiling the card texts read too (the server bounds each request itself).
    limit = None if args.command == "serve" else getattr(args, "timeout", None)
    try:
        with time_limit(limit):
            return args.run(args)
    except InputError as exc:
        sys.stderr.write(f"dmrules: error: {visible(str(exc))}\n")
        return EXIT_INPUT
    except InternalError as exc:
        sys.stderr.write(f"dmrules: internal error: {visible(str(exc))}\n")
        return EXIT_INTERNAL
    except SolveError as exc:  # a limit reached with no answer: exit 2, as a worker out of memory
        sys.stderr.write(f"dmrules: error: {visible(str(exc))}\n")
        return EXIT_INPUT
    except KeyboardInterrupt:
        sys.stderr.write("dmrules: interrupted\n")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # Where SIGPIPE does not end the process: leave quietly, and keep Python's
        # final flush from complaining about the closed pipe.
        import os

        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return EXIT_PIPE


def _process_handlers() -> None:
    """Ctrl-C and a closed output pipe end the command at once, whatever it is doing.

    The solver runs in C for long stretches, where a Python signal handler would
    wait: SIGINT is blocked in every thread and taken by a thread of its own,
    and another thread notices when the reader of a piped standard output has
    gone (a Unix pipe then reports an error to poll) and ends the process by
    SIGPIPE, as a write to the pipe would.
    """
    import os
    import signal
    import threading

    if os.name != "posix" or threading.current_thread() is not threading.main_thread():
        return
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})

    def on_interrupt() -> None:
        signal.sigwait({signal.SIGINT})
        try:
            os.write(2, b"dmrules: interrupted\n")
        finally:
            os._exit(EXIT_INTERRUPTED)

    threading.Thread(target=on_interrupt, name="dmrules-interrupt", daemon=True).start()
    try:
        import select
        import stat

        piped = stat.S_ISFIFO(os.fstat(1).st_mode) or stat.S_ISSOCK(os.fstat(1).st_mode)
    except (OSError, ImportError):
        return
    if not piped or not hasattr(select, "poll"):
        return

    def watch_pipe() -> None:
        poller = select.poll()
        poller.register(1, 0)  # errors only: POLLERR once no process reads the pipe
        while True:
            for _, events in poller.poll():
                if events & (select.POLLERR | select.POLLHUP | select.POLLNVAL):
                    os.kill(os.getpid(), signal.SIGPIPE)
                    os._exit(EXIT_PIPE)

    threading.Thread(target=watch_pipe, name="dmrules-pipe", daemon=True).start()


if __name__ == "__main__":
    sys.exit(main())
