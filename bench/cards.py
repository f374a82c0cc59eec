"""Coverage of the card-text compiler on a file of printed texts, on the part it was developed on and
on the part held out.

    python bench/cards.py tests/cards/classic.tsv              # dev (DM-01..DM-24) and held out (DM-25..DM-39)
    python bench/cards.py tests/cards/printed.tsv              # every row is dev
    python bench/cards.py tests/cards/current.tsv              # the sets since 2012, split by its split column
    python bench/cards.py FILE --failures dev|held-out|all     # list the texts not compiled (default: dev)

A row with a ``split`` column (``dev`` or ``held-out``) is in that part: ``tests/cards/current.tsv``
says it for each row (the rule is in tests/cards/README.md). Otherwise the split is by set: a row of
a file with a ``sets`` column is *dev* when its first classic set (the lowest DM-NN it was printed
in) is DM-01 to DM-24, *held out* otherwise (DM-25 to DM-39, the collection decks DMC-NN alone, and
every set since 2012). Other rows are dev.

A row's ``kind`` is its column when the file has one; else the kind ``tests/cards/printed.tsv`` gives
the same card; else it is read from the text by the rule below, written independently of the
grammar: a text is ``not_replacement`` when every 「かわりに」 of it is one of the wordings that
replace no event (the tap ability instead of attacking, a mana number, a keyword had instead of
another), ``replacement`` when it has another 「かわりに」 or a keyword with a replacement printed
alone (keywords.yaml), and not counted otherwise. A replacement text compiles *completely* when
every sentence is read (and renders back as printed) and at least one replacement or
self-replacement is found, *partly* when some are found but a sentence is not read, *not at all*
otherwise. Forms refused for not rendering back as printed are counted with their sentences. A
text whose compilation ends in an exception is a traceback (the target is none).
"""

from __future__ import annotations

import argparse
import csv
import re
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from dmrules.reading.cardtext.compiler import compile_text
from dmrules.reading.cardtext.parsing import keyword_table

ROOT = Path(__file__).resolve().parents[1]
DEV_LAST_SET = 24
NO_EVENT = (
    re.compile(r"(この|これをクロスした)クリーチャーで攻撃する(かわり|代わり)に"),
    re.compile(r"攻撃する(かわり|代わり)に次の能力を使ってもよい"),
    re.compile(r"マナの数字は、1の(かわり|代わり)に2になる"),
    re.compile(r"」の(かわり|代わり)に「[^」]+」を得る"),
    re.compile(r"コスト(を支払う|の)(かわり|代わり)に"),
    re.compile(r"\dつの(かわり|代わり)に両方選んでもよい"),
)
INSTEAD = re.compile(r"かわり|代わり")


def first_set(row: dict) -> int | None:
    numbers = [int(n) for n in re.findall(r"(?:^|\s)DM-?(\d+)(?=\s|$)", row.get("sets") or "")]
    return min(numbers) if numbers else None


def part_of(row: dict) -> str:
    if row.get("split") in ("dev", "held-out"):
        return row["split"]
    if "sets" not in row:
        return "dev"
    number = first_set(row)
    return "dev" if number is not None and number <= DEV_LAST_SET else "held-out"


PARTS = ("dev", "held-out", "unseen")


def read_kinds() -> dict[str, str]:
    with open(ROOT / "tests/cards/printed.tsv", encoding="utf-8") as stream:
        return {row["name"]: row["kind"] for row in csv.DictReader(stream, delimiter="\t")}


def kind_of(row: dict, printed: dict[str, str]) -> str | None:
    if row.get("kind") in ("replacement", "not_replacement"):
        return row["kind"]
    if row["name"] in printed:
        return printed[row["name"]]
    text = row["text"]
    instead = len(INSTEAD.findall(text))
    no_event = sum(len(p.findall(text)) for p in NO_EVENT)
    if instead and instead == no_event:
        return "not_replacement"
    if instead:
        return "replacement"
    words = set(keyword_table()["keywords"]) | set(keyword_table()["two_kinds"])
    lines = [line.strip() for line in re.split(r"\s+/\s+|\n", text)]
    if any(re.match(r"^(" + "|".join(map(re.escape, words)) + r")([:：\-].*)?$", line) for line in lines):
        return "replacement"
    return None


@dataclass
class Part:
    counts: Counter = field(default_factory=Counter)
    recognised: int = 0
    not_recognised: list[str] = field(default_factory=list)
    failures: list[tuple[str, str, str]] = field(default_factory=list)
    round_trip: list[tuple[str, str]] = field(default_factory=list)
    tracebacks: list[tuple[str, str]] = field(default_factory=list)

    @property
    def replacement(self) -> int:
        return sum(self.counts.values())

    def share(self) -> float:
        return self.counts["complete"] / self.replacement if self.replacement else 0.0


def measure(rows: list[dict]) -> dict[str, Part]:
    printed = read_kinds()
    parts: dict[str, Part] = {}
    for row in rows:
        kind = kind_of(row, printed)
        if kind is None:
            continue
        name = part_of(row)
        measured = [parts.setdefault(name, Part())]
        if name == "held-out" and row["name"] not in printed:
            measured.append(parts.setdefault("unseen", Part()))  # held out, and not a row of printed.tsv either
        for part in measured:
            _measure(row, kind, part)
    return parts


SLOWEST: list[tuple[float, str]] = []


def _measure(row: dict, kind: str, part: Part) -> None:
    start = time.perf_counter()
    try:
        compiled = compile_text(row["text"], row.get("type") or None, row["name"])
        SLOWEST.append((time.perf_counter() - start, row["name"]))
    except Exception:  # noqa: BLE001 - a traceback is what is counted
        part.tracebacks.append((row["name"], traceback.format_exc(limit=3)))
        part.counts["not"] += kind == "replacement"
        return
    part.round_trip += [(row["name"], s.text) for s in compiled.sentences if s.refusal == "round_trip"]
    part.tracebacks += [(row["name"], s.problem) for s in compiled.sentences if s.refusal == "internal"]
    if kind == "not_replacement":
        if compiled.complete and not compiled.has_replacement:
            part.recognised += 1
        else:
            part.not_recognised.append(row["name"])
        return
    verdict = (
        "complete"
        if compiled.complete and compiled.has_replacement
        else "partly"
        if compiled.has_replacement
        else "not"
    )
    part.counts[verdict] += 1
    if verdict != "complete":
        problem = compiled.problems[0].problem if compiled.problems else "no replacement found"
        part.failures.append((row["name"], verdict, problem or ""))


def report(parts: dict[str, Part], show: str) -> str:
    lines = []
    for name in PARTS:
        part = parts.get(name)
        if part is None:
            continue
        n, m = part.replacement, part.recognised + len(part.not_recognised)
        lines.append(
            f"{name:9} replacement texts compiled completely: {part.counts['complete']} of {n} ({part.share():.1%}); "
            f"partly {part.counts['partly']}, not {part.counts['not']}; not_replacement recognised "
            f"{part.recognised} of {m}; refused for not rendering back as printed: {len(part.round_trip)}; "
            f"tracebacks: {len(part.tracebacks)}"
        )
        if show in (name, "all") or (show == "held-out" and name == "unseen"):
            for card, verdict, problem in part.failures:
                lines.append(f"    {verdict:8} {card}: {problem}")
            for card in part.not_recognised:
                lines.append(f"    not_replacement not recognised: {card}")
            for card, sentence in part.round_trip:
                lines.append(f"    round trip refused: {card}: 「{sentence}」")
            for card, trace in part.tracebacks:
                lines.append(f"    TRACEBACK {card}:\n{trace}")
    return "\n".join(lines) + "\n"


def bound() -> str:
    """The parse time of sentences made to be hard, at the bound of a sentence's length (MAX_SENTENCE):
    a sentence's time is bounded, so a text's is linear in its length."""
    from dmrules.reading.cardtext.parsing import MAX_SENTENCE, parser, read_sentence
    from dmrules.reading.cardtext.transform.parts import ReadError

    parser()
    heads = "このクリーチャーが破壊される時、"
    cases = {
        "modifiers": heads + "かわりに" + "自分の他のパワー6000以上の光の" * 20,
        "heads": "自分の" + "ドラゴンまたは" * 40 + "サムライが破壊される時、かわりにこのクリーチャーを破壊してもよい",
        "clauses": heads + "かわりに" + "自分の手札を1枚捨て、" * 20 + "自分の手札を1枚捨ててもよい",
        "commas": heads + "、" * 150 + "かわりに手札に戻す",
        "watches": heads + "または手札に戻される時、" * 15 + "かわりにとどまる",
    }
    out = []
    for name, sentence in cases.items():
        start = time.perf_counter()
        try:
            read_sentence(sentence[:MAX_SENTENCE], "replacement")
        except ReadError:
            pass
        out.append(f"{name} {time.perf_counter() - start:.2f} s")
    return f"sentences of {MAX_SENTENCE} characters made to be hard: " + ", ".join(out) + "\n"


def main(argv: list[str]) -> int:
    args = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    args.add_argument("file", nargs="?", default=str(ROOT / "tests/cards/printed.tsv"))
    args.add_argument("--failures", choices=("dev", "held-out", "all", "none"), default="dev")
    options = args.parse_args(argv)
    with open(options.file, encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream, delimiter="\t"))
    from dmrules.reading.cardtext.parsing import parser

    parser()  # built once, before the texts are timed
    start = time.perf_counter()
    parts = measure(rows)
    seconds = time.perf_counter() - start
    sys.stdout.write(report(parts, options.failures))
    if SLOWEST:
        seconds_one, name = max(SLOWEST)
        sys.stdout.write(f"slowest text: {seconds_one:.2f} s ({name}); ")
    sys.stdout.write(bound())
    shares = {name: part.share() for name, part in parts.items()}
    tracebacks = sum(len(p.tracebacks) for p in parts.values())
    recognised = all(not p.not_recognised for p in parts.values())
    everything = Part()
    for name in ("dev", "held-out"):
        everything.counts.update(parts[name].counts if name in parts else Counter())
    total = everything.share()
    gap = abs(shares["dev"] - shares["held-out"]) if {"dev", "held-out"} <= set(shares) else 0.0
    met = total >= 0.97 and recognised and tracebacks == 0 and gap <= 0.03
    figures = ", ".join(f"{name} {share:.1%}" for name, share in shares.items())
    summary_parts = [
        f"complete {total:.1%} of {everything.replacement} replacement texts (target ≥ 97%; {figures}; "
        f"gap {gap:.1%}, target ≤ 3.0 points), not_replacement recognised: {'all' if recognised else 'not all'}, "
        f"tracebacks {tracebacks} (target 0), {len(rows)} rows in {seconds:.1f} s"
    ]
    if rows and {"races", "sets"} <= set(rows[0]):  # the classic list: its cards in scenarios (bench/accept.py)
        from accept import acceptance, acceptance_text, startup, summary

        sys.stdout.write(startup())
        accepted = acceptance()
        sys.stdout.write(acceptance_text(accepted))
        line, solver_met = summary(accepted)
        summary_parts.append(line)
        met = met and solver_met
    elif rows and "kind" in rows[0]:  # a file of texts of cards not in the classic list: given by their text
        from accept import acceptance, acceptance_text, summary

        accepted = acceptance(path=str(options.file))
        sys.stdout.write(acceptance_text(accepted, str(options.file)))
        summary_parts.append(summary(accepted, Path(options.file).name)[0])
    sys.stdout.write(f"SUMMARY: {'; '.join(summary_parts)}: {'met' if met else 'missed'}\n")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
