"""`dmrules verify`: run the expectations written in scenario files."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Iterator

from ..errors import InputError
from .expect import check, expectations
from ..reading.scenario import load_scenario
from ..solving.solver import solve


@dataclass
class VerifyResult:
    path: str
    status: str  # pass, fail, error
    ruling: str | None = None
    rules: tuple[str, ...] = ()
    resolutions: int | None = None
    problems: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"path": self.path, "status": self.status, "ruling": self.ruling, "rules": list(self.rules),
                "resolutions": self.resolutions, "problems": self.problems}


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


def _load(path: Path):
    try:
        scenario = load_scenario(path)
        return scenario, expectations(scenario)
    except InputError as exc:
        return VerifyResult(str(path), "error", problems=[str(exc)]), None


def verify_files(paths: list[Path], batch: int = 16) -> Iterator[VerifyResult]:
    """``verify_file`` of each path, in order, as each is known. The first windows of a
    batch of scenarios are solved together first (one grounding for all of them)."""
    from ..solving.solver import prefetch

    for start in range(0, len(paths), batch):
        loaded = [(path, *_load(path)) for path in paths[start:start + batch]]
        prefetch(variant for _, _, checks in loaded if checks for variant, _ in checks)
        for path, scenario, checks in loaded:
            yield scenario if checks is None else _verify(path, scenario, checks)


def verify_file(path: Path) -> VerifyResult:
    scenario, checks = _load(path)
    if checks is None:
        return scenario
    return _verify(path, scenario, checks)


def _verify(path: Path, scenario, checks) -> VerifyResult:
    result = VerifyResult(str(path), "fail", scenario.ruling, scenario.rules)
    if checks[0][1].empty:
        result.problems = ["the scenario states no expectation"]
        return result
    for variant, expectation in checks:
        solution = solve(variant)
        if variant is scenario:
            result.resolutions = len(solution.resolutions)
        prefix = "" if variant is scenario else f"[{variant.ruleset}] "
        result.problems += [prefix + p for p in check(expectation, solution, variant)]
    result.status = "fail" if result.problems else "pass"
    return result


def verify_line(result: VerifyResult) -> str:
    """``PASS  A01   609.9b        fixtures/A01-two-jashintei.yaml  (3 resolutions)`` and the differences."""
    if result.status == "error":
        return f"ERROR {'-':<5} {'':<14} {result.problems[0]}\n"
    rules = ",".join(result.rules) or "-"
    count = f"  ({result.resolutions} resolutions)" if result.resolutions is not None else ""
    line = f"{result.status.upper():<5} {result.ruling or '-':<5} {rules:<14} {result.path}{count}\n"
    for problem in result.problems:
        line += f"      {problem}\n"
    return line
