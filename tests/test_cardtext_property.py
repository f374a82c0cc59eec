"""No text makes the card-text compiler fail, and none makes it slow: a property test.

Whatever it is given (every printed text of the classic sets, their sentences shuffled and
cut anywhere, random joins of real sentences, a text of 100 KB, a sentence of 25 KB), the
compiler ends in a reading (abilities the card loader accepts) or a refusal that quotes the
phrase it cannot read; never an exception. Its work is bounded per character: the grammar
is given no sentence longer than ``MAX_SENTENCE`` characters, and the characters it is given
in all are at most ``WORK_PER_CHARACTER`` times the text's (plus what a line's keyword
stands for), so the time is linear in the text. The work is counted, not timed.

A sample runs here, with fixed seeds and a random one; ``python bench/cardtext_property.py``
runs every text of the file and measures the time of a text twice as long.
"""

from __future__ import annotations

import csv
import random
import re

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from dmrules.reading.cardtext import compiler, parsing
from dmrules.reading.cardtext.normalize import sentences
from dmrules.reading.cardtext.parsing import MAX_SENTENCE
from tests.conftest import ROOT

VERDICTS = {"replacement", "self_replacement", "not_replacement", "follow_up", "other", "unreadable"}
# Each character is parsed at most three times (the sentence's rules tried in turn), a keyword's
# reminder counts as its own text: a generous bound per character, and per line.
WORK_PER_CHARACTER = 6
WORK_PER_LINE = 4 * MAX_SENTENCE


def classic_texts() -> list[str]:
    """The printed texts of the classic card list (``tests/cards/classic.tsv``, a copy of the
    shared list the bundled database is made from)."""
    with open(ROOT / "tests" / "cards" / "classic.tsv", encoding="utf-8", newline="") as stream:
        return [row["text"] for row in csv.DictReader(stream, delimiter="\t") if row["text"]]


TEXTS = classic_texts()
SENTENCES = [s for text in TEXTS for line in parsing._LINES.split(text) for _, s in sentences(line)]


class Counting:
    """The grammar, counting what it is given."""

    def __init__(self, real) -> None:
        self.real = real
        self.work = 0  # characters given to the grammar, in all
        self.longest = 0  # the longest text given at once

    def parse(self, text: str, start: str = "start"):
        self.work += len(text)
        self.longest = max(self.longest, len(text))
        return self.real.parse(text, start=start)

    def __getattr__(self, name: str):
        return getattr(self.real, name)


@pytest.fixture(scope="module")
def grammar():
    return parsing.parser()


def compiled(text: str, grammar, monkeypatch) -> tuple[parsing.Compiled, Counting]:
    """``compile_text`` of ``text``, compiled afresh (no cache), with the grammar's work counted."""
    counting = Counting(grammar)
    monkeypatch.setattr(parsing, "parser", lambda: counting)
    monkeypatch.setenv("DMRULES_CACHE", "off")
    compiler._compiled_text.cache_clear()
    try:
        return compiler.compile_text(text), counting
    finally:
        monkeypatch.undo()


def check(text: str, grammar, monkeypatch) -> parsing.Compiled:
    result, counting = compiled(text, grammar, monkeypatch)
    for sentence in result.sentences:
        assert sentence.verdict in VERDICTS, sentence
        if sentence.verdict == "unreadable":
            assert sentence.problem and "「" in sentence.problem, sentence  # a refusal quotes the phrase
    if result.abilities:
        assert compiler.read_forms(result.forms()) == tuple(result.abilities)  # the card loader reads each back
    lines = len(parsing._LINES.split(text))
    assert counting.longest <= MAX_SENTENCE, (counting.longest, text[:80])
    assert counting.work <= WORK_PER_CHARACTER * len(text) + WORK_PER_LINE * lines, (counting.work, len(text))
    return result


def variants(text: str, rng: random.Random) -> list[str]:
    """The text, its sentences shuffled, and the shuffled text cut at a random place."""
    parts = [s for line in parsing._LINES.split(text) for _, s in sentences(line)]
    rng.shuffle(parts)
    shuffled = "。".join(parts) + "。"
    return [text, shuffled, shuffled[: rng.randint(0, len(shuffled))]]


def joined(rng: random.Random) -> str:
    """Real sentences of several cards, joined into one text (lines or sentences)."""
    picked = rng.sample(SENTENCES, rng.randint(2, 6))
    return rng.choice(("。", " / ")).join(picked) + "。"


@pytest.mark.parametrize("fixed", [11, 23])
def test_classic_texts_shuffled_cut_and_joined(fixed: int, grammar, monkeypatch) -> None:
    rng = random.Random(fixed)
    for text in rng.sample(TEXTS, 40):
        for variant in variants(text, rng):
            check(variant, grammar, monkeypatch)
    for _ in range(30):
        check(joined(rng), grammar, monkeypatch)


def test_random_texts_and_joins(grammar, monkeypatch) -> None:
    @settings(max_examples=40, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(
        st.sampled_from(TEXTS),
        st.randoms(use_true_random=False),
        st.integers(min_value=0, max_value=3),
    )
    def property_(text: str, rng: random.Random, kind: int) -> None:
        if kind == 3:
            check(joined(rng), grammar, monkeypatch)
        else:
            check(variants(text, rng)[kind], grammar, monkeypatch)

    property_()


def test_random_texts_with_a_fixed_seed(grammar, monkeypatch) -> None:
    @seed(47)
    @settings(max_examples=20, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(st.sampled_from(SENTENCES), min_size=1, max_size=8), st.sampled_from(("。", " / ", "、")))
    def property_(parts: list[str], glue: str) -> None:
        check(glue.join(parts), grammar, monkeypatch)

    property_()


def test_a_text_of_100_kb_is_read_in_linear_work(grammar, monkeypatch) -> None:
    # Mostly sentences with no 「かわり」 (read without the grammar), a replacement sentence every
    # so often: the whole text is gone through, each sentence once (bench/ reads 100 KB of
    # replacement sentences).
    rng = random.Random(5)
    # (a line that gives the abilities after it under a condition, 「…次の能力を得る」, would refuse every replacement
    # after it: none is among them)
    plain = [
        s for s in SENTENCES if "かわり" not in s and not re.search(r"(?:次|以下)の(?:\d+つの)?能力を(?:得る|持つ)", s)
    ]
    instead = [s for s in SENTENCES if "かわり" in s]
    parts: list[str] = []
    while sum(map(len, parts)) < 100_000:
        parts.append(rng.choice(instead) if len(parts) % 250 == 0 else rng.choice(plain))
    text = " / ".join(parts)
    result = check(text, grammar, monkeypatch)
    assert len(result.sentences) >= len(parts)
    assert result.abilities  # the replacement sentences among them were read


def test_a_sentence_of_25_kb_is_refused_with_its_phrase(grammar, monkeypatch) -> None:
    sentence = "このクリーチャーが破壊される時、かわりに" + "、".join(["自分の手札を1枚捨て"] * 2500) + "てもよい。"
    result, counting = compiled(sentence, grammar, monkeypatch)
    assert counting.work == 0  # not given to the grammar at all
    (problem,) = result.problems
    assert "「このクリーチャーが破壊さ" in problem.problem and f"at most {MAX_SENTENCE}" in problem.problem


def test_the_s_trigger_sentence_after_a_choice_of_shields() -> None:
    # 百獣槍 ジャベレオン and 新・天命王 ネオエンド: 「シールドを…、手札に加えてもよい」 is read as a
    # choice of shields put into the hand, and 「ただし、その「S・トリガー」は使えない」 belongs to it (no traceback).
    for text, count, watch in (
        (
            "これを装備したクリーチャーが破壊される時、かわりに自分のシールドをひとつ、手札に加えてもよい。"
            "ただし、その「S・トリガー」は使えない。 / 龍解:自分のターンの終わりに、自分のシールドが3つ以下"
            "であれば、このドラグハートをフォートレス側に裏返してもよい。",
            1,
            {"event": "destroy", "card": "equipped"},
        ),
        (
            "ブロッカー / T・ブレイカー / 自分のドラゴンが攻撃する時、相手のクリーチャーを1体選び、タップする。"
            "次の相手のターンのはじめに、そのクリーチャーはアンタップしない。 / 自分のドラゴンがバトルゾーンを"
            "離れる時、かわりに自分のシールドを2つ、手札に加えてもよい。ただし、その「S・トリガー」は使えない。",
            2,
            {"event": "leave", "card": {"whose": "own", "race": "ドラゴン"}},
        ),
    ):
        result = compiler.compile_text(text)
        assert result.complete, result.problems
        (ability,) = result.forms()
        assert ability["watch"] == watch
        assert {"shield_to_hand": {"count": count, "no_trigger": True}} in ability["instead"]
        (read,) = compiler.read_forms(result.forms())
        (slot,) = read.slots()
        assert (slot.count, slot.from_zone, slot.to_zone, slot.no_trigger) == (count, "shields", "hand", True)


def test_a_follow_up_that_cannot_follow_is_refused_with_its_phrase() -> None:
    result = compiler.compile_text(
        "このクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。ただし、その「S・トリガー」は使えない。"
    )
    (problem,) = result.problems
    assert "「その「S・トリガー」は使えない」" in problem.problem and "shield" in problem.problem
