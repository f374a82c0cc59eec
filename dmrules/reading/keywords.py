"""The keywords a printed text gives its card (「ブロッカー」, 「サイレントスキル」, ...), for the
filter 「「K」を持つ」 (``keyword: K``).

A card has a keyword when its printed text gives it: a line that is the keyword (「ブロッカー」,
「W(ダブル)・ブレイカー(…)」, 「セイバー:ドラゴン(…)」), or a sentence that gives it to the card
itself (「このクリーチャーは「ブロッカー」を得る」), unless a condition keyword on the line before
makes that line's abilities conditional (ホーリー・フィールド, メタモーフ, シールド・フォース: 「…次の
能力を得る」). A cross gear's 「これをクロスしたクリーチャーは「K」を得る」 gives K to the creature it
is crossed to. Every other sentence that gives a keyword (to other cards, or under a condition) is
kept as it is printed: the solver does not read who gets it, and a scenario in which a filter reads
that keyword is refused, naming the card and the sentence.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

# The readings printed in brackets inside a keyword (「W(ダブル)・ブレイカー」, 「S(シールド)・トリガー」).
_READING = re.compile(r"\((?:ダブル|トリプル|クワトロ|ワールド|シールド)\)")
# A line that is a keyword: its name, then nothing, a reminder, a colon, a dash, a number or a name.
_HEAD = re.compile(r"^([^\s(:\-《「」、。+0-9をにはがのでと]{2,20}?) ?(\+?[0-9]+)?(?=$|[(:\-《])")
_GIVES = re.compile(r"「([^「」]+)」を(?:得る|与える)")
_SELF = re.compile(r"^このクリーチャー(?:は、?|に)「([^「」]+)」を(?:得る|与える)$")
_CROSSED = re.compile(r"^これをクロスしたクリーチャー(?:は、?|のパワーは[+\-0-9]+され、)「([^「」]+)」を得る$")
# Words a keyword line does not begin with: a sentence of the text.
_SENTENCE_WORDS = ("この", "自分", "相手", "バトル", "各", "その", "これ", "すべて", "マナゾーン", "墓地", "手札")
CONDITION_LINE = "次の"  # 「…このクリーチャーは次の能力を得る)」: the next line's abilities are conditional


@dataclass(frozen=True)
class PrintedKeywords:
    own: tuple[str, ...] = ()  # the keywords the card has
    crossed: tuple[str, ...] = ()  # the keywords it gives the creature it is crossed to
    grants: tuple[tuple[str, str], ...] = ()  # (keyword, sentence): given otherwise, not read


def _plain(text: str) -> str:
    return _READING.sub("", unicodedata.normalize("NFKC", text)).strip()


def bracket_sentences(line: str) -> list[str]:
    """The sentences of a line, split at each 「。」 outside brackets (「(」「「」「《」)."""
    depth, start, out = 0, 0, []
    for i, ch in enumerate(line):
        if ch in "(「《":
            depth += 1
        elif ch in ")」》" and depth:
            depth -= 1
        elif ch == "。" and depth == 0:
            out.append(line[start:i])
            start = i + 1
    out.append(line[start:])
    return [s.strip() for s in out if s.strip()]


def line_keyword(line: str) -> list[str]:
    """The keyword a line is, if it is one (「パワーアタッカー+3000」 is both that and 「パワーアタッカー」)."""
    m = _HEAD.match(line)
    if m is None or line.startswith(_SENTENCE_WORDS):
        return []
    name = m.group(1)
    return [name + m.group(2), name] if m.group(2) and m.group(2).startswith("+") else [name]


def printed_keywords(text: str | None) -> PrintedKeywords:
    """The keywords a printed text gives (module docstring)."""
    own: list[str] = []
    crossed: list[str] = []
    grants: list[tuple[str, str]] = []
    conditional = False
    for raw in re.split(r"\s+//?\s+|\n|\s*／\s*(?![^《「]*[》」])", text or ""):  # lines, and a twin card's sides
        line = _plain(raw)
        if not line:
            continue
        for name in line_keyword(line):
            (grants.append((name, line)) if conditional else own.append(name))
        for sentence in bracket_sentences(line):
            for name in _GIVES.findall(sentence):
                body = _plain(sentence)
                if not conditional and _SELF.match(body):
                    own.append(name)
                elif _CROSSED.match(body):
                    (grants.append((name, sentence)) if conditional else crossed.append(name))
                else:
                    grants.append((name, sentence))
        conditional = CONDITION_LINE in line and "能力を得る" in line
    return PrintedKeywords(tuple(dict.fromkeys(own)), tuple(dict.fromkeys(crossed)), tuple(dict.fromkeys(grants)))


def is_soul(keyword: str) -> bool:
    """A soul (「W・ソウル」, 「K・ソウル」): a mark of the card that no card list gives."""
    return keyword.endswith("ソウル")
