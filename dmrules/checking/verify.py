"""`dmrules verify`: run the expectations written in scenario files."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..game.errors import InputError
from ..game.scenario import Scenario
from ..reading.reader import unsafe_char
from ..reading.scenario import load_scenario
from ..solving.prefetch import prefetch
from ..solving.run import solve
from ..text import plural
from .expect import check_expectations, expectations


@dataclass
class VerifyResult:
    path: str
    status: str  # pass, fail, none (no expectation stated), error
    ruling: str | None = None
    rules: tuple[str, ...] = ()
    resolutions: int | None = None
    problems: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        """Its fields as plain data (what crosses from a worker process, and what --json prints)."""
        return {
            "path": self.path,
            "status": self.status,
            "ruling": self.ruling,
            "rules": list(self.rules),
            "resolutions": self.resolutions,
            "problems": self.problems,
        }


def scenario_files(paths: list[str]) -> list[Path]:
    """The scenario files named, folders expanded to their *.yaml files (sorted)."""
    out: list[Path] = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            found = sorted(path.rglob("*.yaml"))
            if not found:
                raise InputError(str(path), "", "no *.yaml scenario in this folder")
            out.extend(found)
        else:
            out.append(path)
    return out


def verify_files(paths: list[Path], batch: int = 16) -> Iterator[VerifyResult]:
    """``verify_file`` of each path, in order, each as soon as it is known. The first windows
    of a batch of scenarios are solved together first (one grounding for all of them)."""
    for start in range(0, len(paths), batch):
        loaded: list[tuple[Path, Scenario | VerifyResult]] = []
        variants: list[Scenario] = []
        for path in paths[start : start + batch]:
            try:
                scenario = load_scenario(path)
            except InputError as exc:
                loaded.append((path, VerifyResult(str(path), "error", problems=[str(exc)])))
                continue
            loaded.append((path, scenario))
            try:
                checks = expectations(scenario)
            except InputError:
                continue  # reported by verify_scenario
            if any(not expectation.empty for _, expectation in checks):
                variants.extend(variant for variant, _ in checks)
        prefetch(variants)
        for path, item in loaded:
            yield item if isinstance(item, VerifyResult) else verify_scenario(item, str(path))


def verify_file(path: Path) -> VerifyResult:
    """Load a scenario file and check its expectations (``status``: pass, fail, none or error)."""
    try:
        scenario = load_scenario(path)
    except InputError as exc:
        return VerifyResult(str(path), "error", problems=[str(exc)])
    return verify_scenario(scenario, str(path))


def verify_scenario(scenario: Scenario, path: str) -> VerifyResult:
    """Check a loaded scenario's expectations. A scenario that states none has the status
    ``none``: it neither passes nor fails (it was read and checked for bad input only)."""
    try:
        checks = expectations(scenario)
    except InputError as exc:
        return VerifyResult(path, "error", problems=[str(exc)])
    result = VerifyResult(path, "fail", scenario.about.ruling, scenario.about.rules)
    if all(expectation.empty for _, expectation in checks):  # 'expect_under' alone is checked too
        result.status = "none"
        result.problems = ["states no expectation ('expect'): nothing to check"]
        return result
    for variant, expectation in checks:
        solution = solve(variant)
        if variant is scenario:
            result.resolutions = len(solution.resolutions)
        prefix = "" if variant is scenario else f"[{variant.ruleset}] "
        result.problems += [prefix + p for p in check_expectations(expectation, solution, variant)]
    result.status = "fail" if result.problems else "pass"
    return result


def verify_line(result: VerifyResult) -> str:
    """``PASS  A01   609.9b        fixtures/A01-two-jashintei.yaml  (3 resolutions)`` and the differences.
    What comes from input (the file's name, its ruling, the problems, which quote it) is made
    visible on one line each: a line break in a file name cannot make a line of its own."""
    path, problems = _one_line(result.path), [_one_line(p) for p in result.problems]
    ruling, rules = _one_line(result.ruling or "-"), _one_line(",".join(result.rules) or "-")
    if result.status == "error":
        return f"ERROR {'-':<5} {'':<14} {problems[0]}\n"
    if result.status == "none":
        return f"NONE  {ruling:<5} {rules:<14} {path}  ({problems[0]})\n"
    count = f"  ({plural(result.resolutions, 'resolution')})" if result.resolutions is not None else ""
    line = f"{result.status.upper():<5} {ruling:<5} {rules:<14} {path}{count}\n"
    for problem in problems:
        line += f"      {problem}\n"
    return line


def _one_line(text: str) -> str:
    """``text`` with every character that would act on a terminal (a line break among them)
    written out as ``\\x0a``, ``\\u202e``: as ``presenting.safe.visible`` shows them."""
    return "".join(_escaped(ch) if unsafe_char(ch) else ch for ch in text)


def _escaped(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
