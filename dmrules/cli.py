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


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text} must be more than 0 seconds")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="dmrules", description="Every legal way to apply replacement effects (置換効果) in a Duel Masters situation.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    solve = sub.add_parser("solve", help="list every legal resolution of a scenario")
    solve.add_argument("scenario", help="scenario file (YAML)")
    solve.add_argument("--json", action="store_true", help="print one JSON document")
    solve.add_argument("--max-resolutions", type=_positive, metavar="N", help="stop after N resolutions")
    solve.add_argument("--timeout", type=_seconds, metavar="S", help="stop after S seconds")
    solve.set_defaults(run=cmd_solve)
    return parser


def cmd_solve(args: argparse.Namespace) -> int:
    from .render import solution_text
    from .scenario import load_scenario
    from .solver import solve

    scenario = load_scenario(args.scenario)
    solution = solve(scenario, max_resolutions=args.max_resolutions, timeout=args.timeout)
    if args.json:
        sys.stdout.write(json.dumps(solution.to_json(), ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.write(solution_text(scenario, solution))
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
