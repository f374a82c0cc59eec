"""How much of a file of printed texts the card-text compiler reads (`dmrules cards coverage FILE`).

The file is tab-separated with a header: ``name``, ``type``, ``kind``
(``replacement`` or ``not_replacement``) and ``text`` (lines joined by
「 / 」), as ``tests/cards/printed.tsv``. A ``replacement`` text compiles
*completely* when every sentence is read and at least one replacement (or
self-replacement) is found, *partly* when some are found but a sentence is
unreadable, *not at all* otherwise. A ``not_replacement`` text is recognised
when every sentence is read and no replacement is found.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from dataclasses import dataclass, field

from ..game.errors import InputError
from ..reading.cardtext.compiler import compile_text
from .verify import _one_line

# Shape families, for the report only: the first whose words the text holds.
FAMILIES = (
    ("silent skill", ("サイレントスキル", "アンタップするかわりに")),
    ("battle", ("バトルさせ", "バトルする時", "バトルを始める")),
    ("shield go", ("シールド・ゴー", "表向きでシールドゾーン")),
    ("spell's own card", ("チャージャー", "サイクロン", "リサイクル", "唱えた後")),
    ("shield saver", ("シールド・セイバー", "シールドがブレイクされる", "シールドが1枚ブレイク")),
    ("saver", ("セイバー", "かわりにこのクリーチャーを破壊", "このクリーチャーをかわりに破壊")),
    ("losing the game", ("ゲームに負ける", "ゲームに勝つ", "勝つ時")),
    ("draw", ("引く時",)),
    ("break", ("ブレイクする時", "ブレイクされる時")),
    ("cross gear", ("クロスした", "クロスしてある")),
    ("madness", ("捨てられる",)),
    ("self-replacement", ("のかわりに",)),
    ("staying", ("とどまる",)),
    ("recovering from the graveyard", ("墓地から手札", "自分の墓地から")),
    ("cost instead", ("捨てても", "手札に加えても", "墓地に置いても", "破壊しても", "山札の一番下に置いても")),
    ("own leaving sent elsewhere", ("このクリーチャーが",)),
    ("others' leaving sent elsewhere", ("",)),
)


def family(text: str) -> str:
    for name, words in FAMILIES:
        if any(word in text for word in words):
            return name
    return "others' leaving sent elsewhere"  # pragma: no cover - the last family holds every text


@dataclass
class Coverage:
    families: dict[str, Counter] = field(default_factory=dict)
    recognised: int = 0
    not_recognised: list[str] = field(default_factory=list)
    failures: list[tuple[str, str, str]] = field(default_factory=list)  # (name, verdict, problem)

    def total(self) -> Counter:
        out: Counter = Counter()
        for counts in self.families.values():
            out.update(counts)
        return out

    def to_json(self) -> dict:
        total = self.total()
        return {
            "replacement": {
                "complete": total["complete"],
                "partly": total["partly"],
                "not": total["not"],
                "families": {k: dict(v) for k, v in sorted(self.families.items())},
            },
            "not_replacement": {"recognised": self.recognised, "not_recognised": self.not_recognised},
            "failures": [{"name": n, "verdict": v, "problem": p} for n, v, p in self.failures],
        }


def load_rows(path: str) -> list[dict]:
    """The rows of a tab-separated file of printed texts, read as a scenario file is: a regular
    file (not a FIFO nor a device) of at most 2,000,000 bytes, UTF-8; InputError otherwise."""
    from ..reading.yamlsrc import read_bounded

    raw = read_bounded(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(path, "", f"is not UTF-8 text (byte {exc.start})") from None
    try:
        rows = list(csv.DictReader(io.StringIO(text), delimiter="\t"))
    except csv.Error as exc:
        raise InputError(path, "", f"cannot be read as tab-separated text: {exc}") from None
    missing = {"name", "kind", "text"} - set(rows[0] if rows else ())
    if missing:
        raise InputError(
            path, "", f"needs tab-separated columns name, kind and text (missing {', '.join(sorted(missing))})"
        )
    for line, row in enumerate(rows, start=2):
        if row["kind"] not in ("replacement", "not_replacement"):
            raise InputError(path, f"line {line}", f"kind is '{row['kind']}': replacement or not_replacement")
        if row["text"] is None or row["name"] is None:
            raise InputError(path, f"line {line}", "has fewer columns than the header")
    return rows


def coverage(rows: list[dict]) -> Coverage:
    result = Coverage()
    for row in rows:
        compiled = compile_text(row["text"], row.get("type"))
        if row["kind"] == "not_replacement":
            if compiled.complete and not compiled.has_replacement:
                result.recognised += 1
            else:
                result.not_recognised.append(row["name"])
            continue
        if compiled.complete and compiled.has_replacement:
            verdict = "complete"
        elif compiled.has_replacement:
            verdict = "partly"
        else:
            verdict = "not"
        result.families.setdefault(family(row["text"]), Counter())[verdict] += 1
        if verdict != "complete":
            problem = compiled.problems[0].problem if compiled.problems else "no replacement found"
            result.failures.append((row["name"], verdict, problem or ""))
    return result


def coverage_text(result: Coverage) -> str:
    lines = [f"{'family':34} {'complete':>8} {'partly':>7} {'not':>5}"]
    for name, counts in sorted(result.families.items(), key=lambda kv: -sum(kv[1].values())):
        lines.append(f"{name:34} {counts['complete']:>8} {counts['partly']:>7} {counts['not']:>5}")
    total = result.total()
    n = sum(total.values())
    lines.append(f"{'total':34} {total['complete']:>8} {total['partly']:>7} {total['not']:>5}")
    share = 100 * total["complete"] / n if n else 0.0
    lines.append(f"replacement texts compiled completely: {total['complete']} of {n} ({share:.1f}%)")
    m = result.recognised + len(result.not_recognised)
    lines.append(f"not_replacement texts recognised: {result.recognised} of {m}")
    for name, verdict, problem in result.failures:  # a file's names and texts, on one line each
        lines.append(f"  {verdict:8} {_one_line(name)}: {_one_line(problem)}")
    return "\n".join(lines) + "\n"
