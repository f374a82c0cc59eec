"""The ``dmrules`` command."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .errors import DmrulesError, InputError

EXIT_OK, EXIT_FAIL, EXIT_INPUT = 0, 1, 2


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
        raise argparse.ArgumentTypeError(f"{text} is more than {MAX_SECONDS:,} seconds; leave --timeout out for no limit")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="dmrules", description="Every legal way to apply replacement effects (置換効果) in a Duel Masters situation.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    solve = sub.add_parser("solve", help="list every legal resolution of a scenario")
    solve.add_argument("scenario", help="scenario file (YAML)")
    solve.add_argument("--json", action="store_true", help="print one JSON document")
    solve.add_argument("--jsonl", action="store_true",
                       help="stream the resolutions as JSON lines as they are found (applications only for "
                            "one-window scenarios; whole resolutions otherwise)")
    solve.add_argument("--max-resolutions", type=_positive, metavar="N", help="stop after N resolutions")
    solve.add_argument("--timeout", type=_seconds, metavar="S", help="stop after S seconds")
    solve.add_argument("--group", choices=("names",),
                       help="list resolutions up to interchangeable cards (same name, zone and properties, named "
                            "by nothing), each with the number of resolutions it stands for")
    solve.add_argument("--ruleset", choices=("dm", "sequential"),
                       help="solve under this ruleset instead of the scenario's")
    solve.add_argument("--max-windows", type=_positive, metavar="N",
                       help="open at most N replacement windows in one resolution (default 12)")
    solve.add_argument("--html", metavar="FILE", help="also write an HTML report of the resolutions to FILE")
    solve.set_defaults(run=cmd_solve)

    verify = sub.add_parser("verify", help="check the expectations written in scenario files")
    verify.add_argument("paths", nargs="+", metavar="PATH", help="scenario files or folders of them")
    verify.add_argument("--json", action="store_true", help="print one JSON document")
    verify.set_defaults(run=cmd_verify)

    why_not = sub.add_parser("why-not", help="why no legal resolution has the expected outcome")
    why_not.add_argument("scenario", help="scenario file (YAML)")
    why_not.add_argument("--expect", action="append", required=True, metavar="COND[,COND...]",
                         help="CARD=ZONE, EVENT=happened|replaced, PLAYER=lost|not_lost")
    why_not.add_argument("--json", action="store_true", help="print one JSON document")
    why_not.set_defaults(run=cmd_why_not)

    why = sub.add_parser("why", help="how a resolution is legal, decision by decision")
    why.add_argument("scenario", help="scenario file (YAML)")
    why.add_argument("--resolution", type=_positive, required=True, metavar="N", help="its number in `solve`")
    why.add_argument("--json", action="store_true", help="print one JSON document")
    why.set_defaults(run=cmd_why)

    cards = sub.add_parser(
        "cards", help="list the bundled cards; read printed card text (cards parse TEXT, cards coverage FILE)",
        description="dmrules cards [QUERY]: the bundled cards whose name matches. "
                    "dmrules cards parse TEXT (or --scenario FILE): the replacement abilities the card-text compiler "
                    "reads from a printed text, sentence by sentence; exit 0 when every sentence is read (or the "
                    "text has no replacement), 2 when one cannot be read. "
                    "dmrules cards coverage FILE: how many texts of a tab-separated file (name, type, kind, text) "
                    "compile.")
    cards.add_argument("query", nargs="*", help="part of a card name; or 'parse TEXT'; or 'coverage FILE'")
    cards.add_argument("--scenario", metavar="FILE", help="with 'parse': the inline cards of this scenario")
    cards.add_argument("--json", action="store_true", help="print one JSON document")
    cards.set_defaults(run=cmd_cards)

    serve = sub.add_parser("serve", help="a local web app: build a situation, solve it, ask why")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=_port, default=8765, help="port (default 8765)")
    serve.add_argument("--timeout", type=_seconds, default=20.0, metavar="S", help="solving time per request (default 20)")
    serve.add_argument("--max-resolutions", type=_positive, default=2000, metavar="N",
                       help="resolutions listed per request, then grouped counting (default 2000)")
    serve.set_defaults(run=cmd_serve)
    return parser


def _port(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"'{text}' is not a port (1 to 65535)")
    return int(text)


def cmd_serve(args: argparse.Namespace) -> int:
    from .presenting.web import Limits, serve

    serve(args.host, args.port, Limits(timeout=args.timeout, max_resolutions=args.max_resolutions))
    return EXIT_OK


def cmd_solve(args: argparse.Namespace) -> int:
    from .presenting.render import solution_text
    from .reading.scenario import load_scenario
    from .solving.solver import solve

    scenario = load_scenario(args.scenario)
    if args.ruleset:
        from dataclasses import replace

        scenario = replace(scenario, ruleset=args.ruleset)
    if args.jsonl:
        from .solving.stream import stream_jsonl

        stream_jsonl(scenario, args.scenario, sys.stdout)
        return EXIT_OK
    solution = solve(scenario, max_resolutions=args.max_resolutions, timeout=args.timeout,
                     max_windows=args.max_windows, group=args.group == "names")
    if args.html:
        from .presenting.report import write_html

        verdicts, explanations = _report_extras(scenario, solution)
        try:
            write_html(scenario, solution, args.html, explanations=explanations, verdicts=verdicts)
        except OSError as exc:
            raise InputError(args.html, "--html", f"cannot be written: {exc.strerror or exc}") from None
    if args.json:
        sys.stdout.write(json.dumps(solution.to_json(), ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.write(solution_text(scenario, solution))
    return EXIT_OK


MAX_EXPLAINED = 40


def _report_extras(scenario, solution):
    """The expectations' verdicts and, for a one-window scenario, why each resolution is legal."""
    from .checking.expect import read_expectation, verdicts
    from .checking.explain import why
    from .presenting.explain_text import why_text

    expectation = read_expectation(scenario)
    checks = None if expectation.empty else verdicts(expectation, solution, scenario)
    explanations = {}
    if all(len(r.windows) == 1 for r in solution.resolutions) and len(solution.resolutions) <= MAX_EXPLAINED:
        for i, resolution in enumerate(solution.resolutions):
            lines = why_text(scenario, i + 1, resolution, why(scenario, resolution)).splitlines()
            explanations[i] = [line.strip() for line in lines[1:] if line.strip()]
    return checks, explanations


def _print_json(doc) -> None:
    sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")


def cmd_verify(args: argparse.Namespace) -> int:
    from .checking.verify import scenario_files, verify_file, verify_line

    files = scenario_files(args.paths)
    results = [verify_file(path) for path in files]
    if args.json:
        _print_json({"results": [r.to_json() for r in results],
                     "passed": sum(r.status == "pass" for r in results), "total": len(results)})
    else:
        for result in results:
            sys.stdout.write(verify_line(result))
        passed = sum(r.status == "pass" for r in results)
        failed = sum(r.status == "fail" for r in results)
        errors = sum(r.status == "error" for r in results)
        sys.stdout.write(f"{len(results)} scenarios: {passed} passed, {failed} failed"
                         + (f", {errors} with bad input" if errors else "") + "\n")
    if any(r.status == "error" for r in results):
        return EXIT_INPUT
    return EXIT_FAIL if any(r.status != "pass" for r in results) else EXIT_OK


def cmd_why_not(args: argparse.Namespace) -> int:
    from .checking.explain import parse_conditions, why_not
    from .presenting.explain_text import why_not_text
    from .reading.scenario import load_scenario

    scenario = load_scenario(args.scenario)
    result = why_not(scenario, parse_conditions(scenario, args.expect))
    if args.json:
        _print_json(result.to_json())
    else:
        sys.stdout.write(why_not_text(scenario, result))
    return EXIT_OK


def cmd_why(args: argparse.Namespace) -> int:
    from .checking.explain import why
    from .presenting.explain_text import why_text
    from .reading.scenario import load_scenario
    from .solving.solver import solve

    scenario = load_scenario(args.scenario)
    solution = solve(scenario)
    n = len(solution.resolutions)
    if args.resolution > n:
        raise InputError(args.scenario, "--resolution", f"there are {n} resolutions; {args.resolution} is not one")
    resolution = solution.resolutions[args.resolution - 1]
    steps = why(scenario, resolution)
    if args.json:
        _print_json({"resolution": args.resolution, "steps": [s.to_json() for s in steps],
                     "outcome": resolution.to_json()})
    else:
        sys.stdout.write(why_text(scenario, args.resolution, resolution, steps))
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
    cards = db.search(args.query) if args.query else list(db)
    if args.json:
        _print_json({"cards": [card_json(c) for c in cards]})
        return EXIT_OK
    if args.query and cards and all(args.query not in c.name for c in cards):
        found = db.find(args.query)
        if found is None:
            sys.stdout.write(f"no card named '{args.query}'; closest: " + ", ".join(c.name for c in cards) + "\n")
            return EXIT_FAIL
    for card in cards:
        sys.stdout.write(card_text(card, detailed=bool(args.query)))
    if not args.query:
        sys.stdout.write(f"{len(cards)} cards\n")
    return EXIT_OK


def cmd_cards_parse(args: argparse.Namespace, text: str) -> int:
    """The replacement abilities read from a printed text, or from each inline card of a scenario."""
    from .presenting.cardtext_view import compiled_text
    from .reading.cardtext import compile_text

    if bool(text) == bool(args.scenario):
        raise InputError("cards parse", "", "give the printed text (dmrules cards parse \"TEXT\") or --scenario FILE")
    if text:
        items = [(None, compile_text(text))]
    else:
        items = [(f"{card_id} ({name})", compile_text(card_text, card_type))
                 for card_id, name, card_text, card_type in _inline_texts(args.scenario)]
    if args.json:
        _print_json({"cards": [{"card": title, **compiled.to_json()} if title else compiled.to_json()
                               for title, compiled in items]})
    else:
        for title, compiled in items:
            sys.stdout.write(compiled_text(compiled, title))
    return EXIT_OK if all(compiled.complete for _, compiled in items) else EXIT_INPUT


def _inline_texts(path: str) -> list[tuple[str, str, str, str | None]]:
    """(id, name, printed text, type) of each inline card with a text in a scenario file."""
    from .reading.reader import Node
    from .reading.yamlsrc import load_located

    root = Node.root(load_located(path))
    found = []
    for player in (root.child("players").value or {}):
        zones = root.child("players").child(player)
        for zone in (zones.value or {}):
            if not isinstance(zones.value[zone], list):
                continue
            for element in zones.child(zone).elements():
                card = element.value.get("card") if isinstance(element.value, dict) else None
                if isinstance(card, dict) and isinstance(card.get("text"), str):
                    types = card.get("type")
                    found.append((str(element.value.get("id")), str(card.get("name")), card["text"],
                                  types if isinstance(types, str) else None))
    if not found:
        raise InputError(path, "players", "no inline card gives a printed 'text'")
    return found


def cmd_cards_coverage(args: argparse.Namespace, paths: list[str]) -> int:
    from .checking.coverage import coverage, coverage_text, read_rows

    if len(paths) != 1:
        raise InputError("cards coverage", "", "give one tab-separated file of printed texts")
    result = coverage(read_rows(paths[0]))
    if args.json:
        _print_json(result.to_json())
    else:
        sys.stdout.write(coverage_text(result))
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except InputError as exc:
        sys.stderr.write(f"dmrules: error: {exc}\n")
        return EXIT_INPUT
    except DmrulesError as exc:
        sys.stderr.write(f"dmrules: error: {exc}\n")
        return EXIT_FAIL
    except KeyboardInterrupt:
        sys.stderr.write("dmrules: interrupted\n")
        return 130
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
