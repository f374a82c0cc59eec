"""The grammar's parts on the phrases of the dev sets' texts, with or without 「かわりに」.

    python bench/parts.py                          # tests/cards/classic.tsv, its dev rows (DM-01..DM-24)
    python bench/parts.py FILE --show 40           # the 40 most frequent phrases of each part not read

A replacement sentence is made of the language's parts, and the same parts are printed in texts that
replace nothing: the card phrases of 「…を1体破壊する」, the conditions before 「、」, the watched events
before 「時、」, the clauses of what is done. Each phrase of the dev rows' texts (bench/cards.py's split:
never a held-out row) is parsed with the grammar's own rule for its part, with the compiler's grammar and
parser options (``part_parser``): a watched event with ``watched_alone``, a condition with
``condition_alone``, a clause with ``used_ability`` (the clauses of what is done), the cards a clause acts
on (「自分のクリーチャーを1体」) with ``target``, a follow-up (「その後、…」) with ``followup``. Only phrases of
the vocabulary's verbs and events are taken (a trigger's event in the past, 「破壊された時」, in the
present a replacement watches it in): an attack or a summon is no part of a replacement's language.

Then new sentences are made of the dev replacement sentences' parts (``combinations``): another watched
event, a condition read above, another watched card, another number, another zone, 「てもよい」. Each
must read whole or be refused naming what the vocabulary cannot state (``verdict``), never be unread
or rendered otherwise than it says. The share read of each part, the most frequent phrases not read and
the combinations unread are printed; the SUMMARY line gives the figures.
"""

from __future__ import annotations

import argparse
import csv
import random
import re
import sys
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from importlib import resources
from pathlib import Path

import lark

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from cards import part_of  # noqa: E402

from dmrules.reading.cardtext import parsing  # noqa: E402
from dmrules.reading.cardtext.compiler import compile_text  # noqa: E402
from dmrules.reading.cardtext.normalize import normalize, sentences  # noqa: E402

# The verbs of what is done that the clause rule reads, with their endings (plain, may).
_DONE = (
    r"(?:破壊|タップ|アンタップ)(?:する|してもよい)|(?:戻|出)(?:す|してもよい)|(?:置|引)(?:く|いてもよい)"
    r"|(?:捨て|加え)(?:る|てもよい)"
)
# The events a replacement watches, in the present (a trigger's past 「破壊された時」 is no replacement's).
_WATCHED = (
    r"(?:破壊される|離れる|置かれる|加えられる|戻される|手札に戻る|捨てられる|ブレイクされる|ブレイクする|出る"
    r"|ゲームに負ける|バトルする|選ぶ|引く)時"
)
# A trigger's event in the past (「破壊された時」), said in the present as a replacement watches it.
_PAST = {
    "破壊された": "破壊される",
    "置かれた": "置かれる",
    "離れた": "離れる",
    "戻された": "戻される",
    "ブレイクされた": "ブレイクされる",
    "捨てられた": "捨てられる",
    "出た": "出る",
    "加えられた": "加えられる",
    "バトルした": "バトルする",
    "選ばれた": "選ばれる",
}
_PAST_END = re.compile(f"({'|'.join(_PAST)})$")
_CONDITION_END = re.compile(r"(?:あれば|いれば|なければ|あるなら|であれば|でない場合|ていれば|ていた場合)$")
# The cards a clause acts on, its last 「…を」 with the number after it (「自分のクリーチャーを1体」).
_TARGET = re.compile(
    r"(?:^|、|は)([^、。は]+?を(?:\d+[体枚つ](?:まで)?|すべて)?)、?(?:選び、?|選んで)?[^、。を]*?(?:" + _DONE + r")$"
)
# A keyword's label before what it says (「G・ゼロ-」, 「クロスギア:」): no part of the phrase.
_LABEL = re.compile(r"^[^、。(:\-]{1,12}[:\-]")
# Where the cards of a target are taken from (「自分のマナゾーンから」): the clause's part, before the target.
_SOURCE = re.compile(
    r"^(?:(?:自分|相手|自分自身)の)?(?:手札|墓地|マナゾーン|山札|シールドゾーン|バトルゾーン)(?:または(?:手札|墓地|マナゾーン))?から、?"
)
_FOLLOW_UP = re.compile(r"^(?:その後|そうした場合|そうしたら)、")

PARTS = {  # part: (start symbol, what it is)
    "watched": ("watched_alone", "a watched event (「…が破壊される時」)"),
    "condition": ("condition_alone", "a condition (「…にあれば」)"),
    "clause": ("used_ability", "what is done (「…を1体破壊する」)"),
    "target": ("target", "the cards a clause acts on (「自分のクリーチャーを1体」)"),
    "followup": ("followup", "a follow-up (「その後、…」)"),
}


@lru_cache(maxsize=1)
def part_parser() -> lark.Lark:
    """The compiler's grammar and parser options (parsing.parser), started from each part's rule."""
    grammar = (resources.files(parsing.__package__) / "grammar.lark").read_text(encoding="utf-8")
    return lark.Lark(
        grammar, parser="earley", lexer="dynamic", ambiguity="explicit", start=[s for s, _ in PARTS.values()]
    )


def dev_texts(path: Path) -> Iterator[str]:
    """The texts of the dev rows of ``path``, a line and each reminder in parentheses apart."""
    with open(path, encoding="utf-8") as stream:
        for row in csv.DictReader(stream, delimiter="\t"):
            if part_of(row) != "dev":
                continue
            for line in re.split(r"\s+//?\s+|\n", row["text"]):
                yield from _lines(normalize(line))


def _lines(line: str) -> Iterator[str]:
    depth, start, outside = 0, 0, []
    for i, ch in enumerate(line):
        if ch == "(":
            if depth == 0:
                outside.append(line[start:i])
                start = i + 1
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
            if depth == 0:
                yield from _lines(line[start:i])
                start = i + 1
    outside.append(line[start:])
    yield "".join(outside)


def phrases(text: str) -> Iterator[tuple[str, str]]:
    """(part, phrase) of one normalised line: the parts a replacement sentence is made of."""
    for _, sentence in sentences(text):
        if "かわり" in sentence:
            continue  # the replacement sentences themselves: bench/cards.py measures them
        if _FOLLOW_UP.match(sentence):
            yield "followup", sentence
            continue
        head, _, rest = sentence.rpartition("時、") if "時、" in sentence else ("", "", sentence)
        if head and "時" not in head:
            present = _PAST_END.sub(lambda m: _PAST[m.group(1)], head)
            if re.search(_WATCHED + "$", present + "時"):
                yield "watched", present + "時"
        segments = _LABEL.sub("", rest).split("、")
        while segments and _CONDITION_END.search(segments[0]):
            yield "condition", segments.pop(0)
        done = "、".join(segments)
        if re.search(r"(?:" + _DONE + r")$", done):
            yield "clause", done
            found = _TARGET.search(done)
            if found:
                yield "target", _SOURCE.sub("", found.group(1))


def reads(part: str, phrase: str) -> bool:
    """Whether the grammar's rule for ``part`` reads ``phrase`` whole."""
    try:
        part_parser().parse(phrase, start=PARTS[part][0])
    except lark.exceptions.LarkError:
        return False
    return True


def measure(path: Path) -> dict[str, tuple[Counter, Counter]]:
    """Per part: (every phrase, the phrases not read), each with how often it is printed."""
    found: dict[str, tuple[Counter, Counter]] = {part: (Counter(), Counter()) for part in PARTS}
    for text in dev_texts(path):
        for part, phrase in phrases(text):
            found[part][0][phrase] += 1
    for part, (every, unread) in found.items():
        for phrase, n in every.items():
            if not reads(part, phrase):
                unread[phrase] = n
    return found


# -- new combinations of known parts -------------------------------------------------------------------

# The watched card of a card's event (not a shield's break, nor a player's choice), and a number of cards.
_SUBJECT = re.compile(
    r"^((?:[^、。]*?、)?)([^、。がを]+?)が(?=[^、。]*?(?:破壊される|離れる|置かれる|戻される|捨てられる)時、)"
)
_COUNT = re.compile(r"(?<![\d上下])([1-3])(体|枚|つ)(?![目でも]|ブレイク)")
# Where what happens instead puts a card, and the ending that makes it optional.
_PLACE = re.compile(
    r"(?<=かわりに)(?:、?(?:自分の|持ち主の))?(手札に戻|マナゾーンに置|山札の一番下に置|墓地に置)(す|く)$"
)
_PLACES = ("持ち主の手札に戻す", "持ち主のマナゾーンに置く", "持ち主の山札の一番下に置く", "持ち主の墓地に置く")
_MAY = re.compile(r"(戻|出|置|捨て|加え|破壊)(す|く|る|する)$")
_MAY_ENDING = {"す": "してもよい", "く": "いてもよい", "る": "てもよい", "する": "してもよい"}


def dev_replacements(path: Path) -> list[str]:
    """The dev rows' replacement sentences the compiler reads whole (normalised, without 「。」), in order."""
    found: dict[str, None] = {}
    with open(path, encoding="utf-8") as stream:
        for row in csv.DictReader(stream, delimiter="\t"):
            if part_of(row) != "dev" or "かわり" not in row["text"]:
                continue
            compiled = compile_text(row["text"], row.get("type") or None, row["name"])
            for sentence in compiled.sentences:
                if sentence.verdict == "replacement" and "時、" in sentence.text and _reads_alone(sentence.text):
                    found[normalize(sentence.text).rstrip("。")] = None
    return list(found)


def _reads_alone(sentence: str) -> bool:
    compiled = compile_text(sentence)
    return compiled.complete and bool(compiled.abilities)


def combinations(sentences: list[str], conditions: list[str], rng: random.Random, n: int) -> Iterator[tuple[str, str]]:
    """``n`` sentences made of parts of ``sentences``, each with how it was made: one sentence's watched event
    with another's instead (``head``), a condition read before it (``condition``), another watched card
    (``subject``), another number (``count``), another zone the card is put into instead (``place``), what
    is done instead made optional (``may``)."""
    heads = sorted({s.split("時、", 1)[0] for s in sentences})
    tails = sorted({s.split("時、", 1)[1] for s in sentences})
    # a watched card of its own: not one an earlier sentence names (「その種族の」)
    watched = [m for s in sentences if (m := _SUBJECT.match(s)) and not re.search("、|その|ターン", m.group(2))]
    subjects = sorted({m.group(2) for m in watched})
    counted = [s for s in sentences if _COUNT.search(s)]
    placed = [s for s in sentences if _PLACE.search(s)]
    plain = [s for s in sentences if _MAY.search(s) and not s.endswith("もよい")]
    ways = ("head", "condition", "subject", "count", "place", "may")
    for i in range(n):
        how = ways[i % len(ways)]
        if how == "head":
            yield how, f"{rng.choice(heads)}時、{rng.choice(tails)}"
        elif how == "condition":
            yield how, f"{rng.choice(conditions)}、{rng.choice(sentences)}"
        elif how == "subject" and watched:
            m = rng.choice(watched)
            yield how, f"{m.group(1)}{rng.choice(subjects)}が{m.string[m.end() :]}"
        elif how == "count" and counted:
            yield how, _COUNT.sub(lambda m: f"{rng.choice('123')}{m.group(2)}", rng.choice(counted), count=1)
        elif how == "place" and placed:
            yield how, _PLACE.sub(rng.choice(_PLACES), rng.choice(placed))
        elif how == "may" and plain:
            yield how, _MAY.sub(lambda m: m.group(1) + _MAY_ENDING[m.group(2)], rng.choice(plain))


def verdict(sentence: str) -> tuple[str, str]:
    """``complete``, ``refused`` (read, and a part the vocabulary cannot state is named), ``unread`` (the grammar
    does not read it) or ``round_trip`` (read, but rendered otherwise than printed), with the problem."""
    compiled = compile_text(sentence)
    if compiled.complete and compiled.abilities:
        return "complete", ""
    problem = next((s.problem or "" for s in compiled.problems), "no replacement found")
    if any(s.refusal == "round_trip" for s in compiled.sentences):
        return "round_trip", problem
    return ("unread" if problem.startswith("cannot read") else "refused"), problem


def main(argv: list[str]) -> int:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("file", nargs="?", default=str(ROOT / "tests/cards/classic.tsv"))
    args.add_argument("--show", type=int, default=15, help="phrases not read shown per part")
    args.add_argument("--combinations", type=int, default=400, help="new combinations of known parts compiled")
    options = args.parse_args(argv)
    found = measure(Path(options.file))
    shares = []
    for part, (every, unread) in found.items():
        total, missed = sum(every.values()), sum(unread.values())
        share = (total - missed) / total if total else 0.0
        shares.append(f"{part} {share:.1%} of {total}")
        print(f"{part:9} {PARTS[part][1]}: read {total - missed} of {total} ({share:.1%}), {len(every)} distinct")
        for phrase, n in unread.most_common(options.show):
            print(f"    {n:3}  {phrase}")
    every, unread = found["condition"]
    conditions = sorted(c for c in every if c not in unread)
    made = list(combinations(dev_replacements(Path(options.file)), conditions, random.Random(1), options.combinations))
    verdicts = Counter()
    for how, sentence in made:
        kind, problem = verdict(sentence)
        verdicts[kind] += 1
        if kind in ("unread", "round_trip") and options.show:
            print(f"    {kind} ({how}): 「{sentence}」: {problem[:160]}")
    figures = ", ".join(f"{k} {verdicts[k]}" for k in ("complete", "refused", "unread", "round_trip"))
    print(f"combinations of the dev sentences' parts: {len(made)}: {figures}")
    print(
        f"SUMMARY: phrases of the dev texts read by their part's rule: {', '.join(shares)}; "
        f"new combinations of known parts read or refused by name {verdicts['complete'] + verdicts['refused']}"
        f"/{len(made)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
