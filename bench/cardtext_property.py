"""The card-text compiler on every printed text, and its time against the text's length.

    python bench/cardtext_property.py            # every text of tests/cards/classic.tsv
    python bench/cardtext_property.py --sample 200

Every text of the classic sets, the same with its sentences shuffled, and cut at a random
place, and random joins of real sentences: each must end in a reading or a refusal quoting
the phrase, with the grammar's work bounded per character (tests/test_cardtext_property.py
runs a sample). Then a text of 100 KB of replacement sentences, and each of its halves, compiled
in the same run: the processor time of the whole must stay within 1.25 times the sum of its
halves' (linear, not quadratic). Ends with a SUMMARY line.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["DMRULES_CACHE"] = "off"

import pytest  # noqa: E402

from dmrules.reading.cardtext import compiler, parsing  # noqa: E402
from tests.test_cardtext_property import SENTENCES, TEXTS, check, joined, variants  # noqa: E402

RATIO_TARGET = 1.25


def timed(text: str) -> float:
    compiler._compiled_text.cache_clear()
    started = time.process_time()
    compiler.compile_text(text)
    return time.process_time() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=0, help="only this many texts (0: all)")
    args = parser.parse_args()
    rng = random.Random(1)
    texts = rng.sample(TEXTS, args.sample) if args.sample else TEXTS
    grammar = parsing.parser()
    failures: list[str] = []
    checked = 0
    started = time.perf_counter()
    with pytest.MonkeyPatch.context() as monkeypatch:
        for text in texts:
            for variant in [*variants(text, rng), joined(rng)]:
                try:
                    check(variant, grammar, monkeypatch)
                except Exception as exc:  # noqa: BLE001 - reported, with the text
                    failures.append(f"{type(exc).__name__}: {exc} in {variant[:80]!r}")
                checked += 1
    elapsed = time.perf_counter() - started
    print(f"{checked} texts ({len(texts)} printed, their variants and joins) in {elapsed:.1f} s")
    for line in failures[:20]:
        print("FAIL", line)
    instead = [s for s in SENTENCES if "かわり" in s]
    long_text = " / ".join(rng.choice(instead) for _ in range(4000))[:100_000]
    halves = long_text[:50_000], long_text[50_000:]
    t_halves = [timed(half) for half in halves]
    t_long = timed(long_text)
    ratio = t_long / sum(t_halves)
    per_character = 1e3 * t_long / len(long_text)
    print(f"100 KB of replacement sentences: {t_long:.1f} s of processor time ({per_character:.2f} ms per character)")
    print(f"its halves: {t_halves[0]:.1f} s and {t_halves[1]:.1f} s; the whole over their sum: {ratio:.2f}")
    verdict = "met" if not failures and ratio <= RATIO_TARGET else "NOT met"
    print(
        f"SUMMARY: texts ending in a reading or a refusal {checked - len(failures)}/{checked} (target all), "
        f"time of 100 KB over its halves' {ratio:.2f} (target <= {RATIO_TARGET}): {verdict}"
    )
    return 0 if verdict == "met" else 1


if __name__ == "__main__":
    sys.exit(main())
