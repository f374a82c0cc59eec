"""Wordings that mean the same must read the same: the dev replacement sentences, reworded.

    python bench/rewordings.py                 # the classic list's and the current texts' dev rows
    python bench/rewordings.py --show 40       # the rewordings that read otherwise, at most 40

Each replacement sentence of the dev rows (bench/cards.py's split: never a held-out row) that the compiler
reads whole is reworded, one change at a time, in the ways the printed texts say one thing: the old and new
phrasings of an event (「バトルゾーンを離れる」/「離れる」, 「バトルゾーンに出す」/「出す」, 「山札の一番下」/
「山札の下」), 「時」/「とき」, 「してもよい」/「してよい」, 「そうした場合」/「そうしたら」, 「相手のクリーチャー」/
「相手クリーチャー」, kana numbers, what is replaced said again or not (「墓地に置くかわりに」/「かわりに」), the zone's
player said or not (「手札に戻す」/「自分の手札に戻す」/「持ち主の墓地に置く」), 「とどまる」/「残る」, a clause's
「し、」/「して、」, commas, 「バトルゾーンにある自分の」/「自分のバトルゾーンにある」,
「マナゾーンにある」/「マナゾーンの」, 「シールドを1つ」/「1枚」, 「山札の上から1枚目」/「山札の一番上のカード」,
the player said once or twice (「相手の呪文または相手のクリーチャーの能力」), a choice said or not
(「1体選び、破壊する」), the count before or after 「を」 (「クリーチャー1体を」), 「かわりに、」, 「代わりに」,
「留まる」, 「バトルゾーンから離れる」, a comma after the watched subject, 「あるなら」/「ある場合」, 「手札を」,
「墓地に置かれるかわりに」, 「このクリーチャー以外の自分の」, 「1体でもあれば」, 「バトルゾーンにとどまる」,
「その場合」, 「マナゾーンにタップして置く」, the watched card as the topic (「このクリーチャーは、…時」),
「カードを1枚、自分の手札から捨て」, 「マナゾーンからカードを」, a comma after a count, 「時は、」, 「手札に加える」
for 「手札に戻す」 from the graveyard or the mana zone, 「シールドゾーンに置く」, kanji counts, 「相手プレイヤーは」.
Each rewording must read to the same abilities as the sentence (the same comparable forms); the share that does
is printed, with those that do not. The target: all of them.
"""

from __future__ import annotations

import argparse
import csv
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

from cards import part_of  # noqa: E402

from dmrules.reading.cardtext.compiler import comparable, compile_text  # noqa: E402

FILES = (ROOT / "tests/cards/classic.tsv", ROOT / "tests/cards/current.tsv")
# (pattern, replacement): one change of wording that keeps the meaning; a pattern matches where the change is
# one (「離れる時」 not already after 「バトルゾーンを」).
REWORDINGS = (
    (r"バトルゾーンを離れる", "離れる"),
    (r"(?<!バトルゾーンを)(?<!から)(?<!を)(?<!に)離れる時", "バトルゾーンを離れる時"),
    (r"バトルゾーンに出す", "出す"),
    (r"(?<!バトルゾーンに)(?<!以外から)出す(?=。|$)", "バトルゾーンに出す"),
    (r"バトルゾーンに出る", "出る"),
    (r"山札の一番下", "山札の下"),
    (r"山札の下", "山札の一番下"),
    (r"時、", "とき、"),
    (r"てもよい", "てよい"),
    (r"そうした場合", "そうしたら"),
    (r"そうしたら", "そうした場合"),
    (r"相手のクリーチャー(?!の)", "相手クリーチャー"),
    (r"1枚", "一枚"),
    (r"1体", "一体"),
    (r"1つ", "ひとつ"),
    (r"(?<=[るくす])かわりに、", "かわりに"),
    (r"(?<![をのにはがで、])(?<!自分の)(?<!持ち主の)手札に戻す", "自分の手札に戻す"),
    (r"(?<![をのにはがで、])(?<!自分の)(?<!持ち主の)マナゾーンに置く", "自分のマナゾーンに置く"),
    (r"とどまる", "残る"),
    (r"捨て、", "捨てて、"),
    (r"置き、", "置いて、"),
    (r"相手の(?=ターン)", "相手プレイヤーの"),
    (r"自分の手札を(?=\d枚捨て)", "自分の手札から"),
    (r"バトルゾーンにある自分の", "自分のバトルゾーンにある"),
    (r"(自分|相手)の(マナゾーン|墓地)にある", r"\1の\2の"),
    (r"(自分|相手)の(マナゾーン|墓地)の(?=カード|クリーチャー|呪文)", r"\1の\2にある"),
    (r"(?<=[をに、])墓地に置(?=[くきいけ])", "持ち主の墓地に置"),
    (r"(?<=ターン中)、", "に、"),
    (r"シールドを1つ", "シールドを1枚"),
    (r"山札の上から1枚目", "山札の一番上のカード"),
    (r"(相手|自分)の呪文またはクリーチャーの能力", r"\1の呪文または\1のクリーチャーの能力"),
    (r"(?<=[をに])、(?=[^、。]*(?:置|戻|加え|捨て|破壊))", ""),
    (r"(?<=を)(\d[体枚つ])(?=(?:破壊|墓地|手札|マナ))", r"\1選び、"),
    (r"(クリーチャー|カード|シールド)を(\d[体枚つ])(?!と)(?=[^、。]*?(?:破壊|置|戻|加え|捨て))", r"\1\2を"),
    (r"(?<=[るくす])かわりに(?!、)", "かわりに、"),
    (r"かわりに", "代わりに"),
    (r"とどまる", "留まる"),
    (r"バトルゾーンを離れる", "バトルゾーンから離れる"),
    (r"(?<=[^、。]{2})が(?=(?:破壊|バトルゾーンを離れ|離れ)る時)", "が、"),
    (r"あれば、", "あるなら、"),
    (r"(?<=[^で])あれば、", "ある場合、"),
    (r"(?<=かわりに)(?:自分|持ち主)の(?=(?:山札|マナゾーン|手札|墓地)(?:の一番下|の下|の上)?に(?:置|戻))", ""),
    (r"自分の手札を(?=\d枚捨て)", "手札を"),
    (r"(?<=、)墓地に置くかわりに", "墓地に置かれるかわりに"),
    (r"自分の他の", "このクリーチャー以外の自分の"),
    (r"が1体でもあれば", "があれば"),
    (r"^((?:(?!山札から)[^。])*?)(?<!バトルゾーンに)とどまる", r"\1バトルゾーンにとどまる"),
    (r"そうした場合", "その場合"),
    (r"タップしてマナゾーンに置", "マナゾーンにタップして置"),
    (r"^このクリーチャーが(?=[^、。]*?時、)", "このクリーチャーは、"),
    (r"自分の手札を(\d)枚捨て", r"カードを\1枚、自分の手札から捨て"),
    (r"自分のマナゾーン(?:の|にある)カードを(\d)枚", r"自分のマナゾーンからカードを\1枚"),
    (r"(\d[体枚つ])(?=(?:墓地|手札|マナゾーン|山札)に)", r"\1、"),
    (r"時、かわりに", "時は、かわりに"),
    (r"((?:墓地|マナゾーン)(?:にある|の|から)[^、。]*?手札に)戻す", r"\1加える"),
    (r"((?:墓地|マナゾーン)(?:にある|の|から)[^、。]*?手札に)戻してもよい", r"\1加えてもよい"),
    (r"シールドゾーンに加える", "シールドゾーンに置く"),
    (r"シールドゾーンに加えてもよい", "シールドゾーンに置いてもよい"),
    (r"2枚", "二枚"),
    (r"2つ", "ふたつ"),
    (r"相手は(?!、)", "相手プレイヤーは"),
    (r"バトルゾーンに((?:自分|相手)の[^、。が]*?)が(?=(?:\d体以上)?(?:1体でも)?あれば)", r"\1がバトルゾーンに"),
    (r"(?<=[、。])このクリーチャーを(?=(?:自分の)?墓地に置くかわりに)", "これを"),
    (r"(?<=かわりに)このクリーチャーを(?=(?:自分の|持ち主の)?(?:墓地|手札|マナゾーン|山札|シールド))", "これを"),
    (r"(?<=かわりに)(?!、)", "、"),
)


def dev_sentences() -> list[str]:
    out: dict[str, None] = {}
    for path in FILES:
        with open(path, encoding="utf-8") as stream:
            for row in csv.DictReader(stream, delimiter="\t"):
                if part_of(row) != "dev" or not re.search("かわり|代わり", row["text"]):
                    continue
                for line in re.split(r" / ", row["text"]):
                    for sentence in line.split("。"):
                        if "かわりに" in sentence and "(" not in sentence and sentence.strip():
                            out[sentence.strip()] = None
    return list(out)


def reading(text: str) -> tuple[bool, list]:
    compiled = compile_text(text)
    return compiled.complete, [comparable(a) for a in compiled.abilities]


def main(argv: list[str]) -> int:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--show", type=int, default=20, help="rewordings that read otherwise, shown")
    options = args.parse_args(argv)
    total, same, shown = 0, 0, 0
    for sentence in dev_sentences():
        base = reading(sentence)
        if not base[0] or not base[1]:
            continue
        for pattern, new in REWORDINGS:
            reworded, n = re.subn(pattern, new, sentence, count=1)
            if not n or reworded == sentence:
                continue
            total += 1
            if reading(reworded) == base:
                same += 1
            elif shown < options.show:
                shown += 1
                problems = [s.problem for s in compile_text(reworded).problems]
                sys.stdout.write(
                    f"    {pattern} → {new}: 「{reworded}」: {(problems or ['read otherwise'])[0][:140]}\n"
                )
    share = same / total if total else 1.0
    sys.stdout.write(
        f"SUMMARY: rewordings of the dev replacement sentences that read the same: {same} of {total} ({share:.1%}), "
        f"target all: {'met' if same == total else 'missed'}\n"
    )
    return 0 if same == total else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
