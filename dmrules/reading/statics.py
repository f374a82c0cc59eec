"""The sentences of a printed text that change what a filter reads, which the solver does not apply.

A card's lasting ability may change other cards' (or its own) characteristics while it is in play: their power
(「自分の他のドリームメイトすべてのパワーは+1000される」, 「パワーアタッカー+2000」), their races (「種族に
デーモン・コマンドを追加する」), civilizations (「すべての文明のカードとして扱う」) or names (「…という名前と
しても扱う」), or forbid choosing a card (「このクリーチャーを選ぶことはできない」). The solver reads
characteristics as printed (or as the scenario states them), so a scenario in which such a card is in the battle
zone and a text reads that characteristic (or a card is chosen) is refused, naming the card and the sentence,
rather than answered as if the ability were not there.

So is a rule the text changes that the compiler does not read as a restriction: a card that does not leave, is not
destroyed or put out (「離れない」「出ない」), a player who does not lose (「ゲームに負けない」), a battle won
(「すべてのバトルに勝つ」), a card not treated as a creature.

A sentence that only lasts the turn an effect made it (「このターン、…」) or a spell's is no lasting ability of a
card in play, and is not listed.
"""

from __future__ import annotations

import re
import unicodedata

from .keywords import bracket_sentences

# What each kind of change is, in the words of the refusal, and the sentences that make it.
CHANGE_KINDS = {
    "power": "power",
    "races": "races",
    "civilizations": "civilizations",
    "names": "names",
    "chosen": "being chosen",
    "leave": "whether a card may move",
    "enter": "whether a card may be put into the battle zone",
    "loss": "whether a player may lose",
    "type": "a card's type",
    "battle": "who wins a battle",
}
_CHANGES = (
    ("power", re.compile(r"パワー(?:は|を|が)?[+\-]\d|パワーアタッカー")),
    ("races", re.compile(r"種族に[^。]*?を(?:追加|加え)|種族[^。]*?として(?:も)?扱")),
    ("civilizations", re.compile(r"文明(?:のカード)?として(?:も)?扱")),
    ("names", re.compile(r"名前[^。]*?として(?:も)?扱|という名前としても|名前に[^。]*?を追加")),
    ("chosen", re.compile(r"選ぶことはできない|選ばれない|選べない|選ぶことができない")),
    # what the rules would do, forbidden or done otherwise (read as a restriction, it is left out: restrictions)
    ("leave", re.compile(r"(?:離れ|破壊され|戻ら|戻され|置かれ|捨てられ)(?:ない|ず)")),
    ("enter", re.compile(r"出(?:ない|せない|ず)")),
    ("loss", re.compile(r"負け(?:ない|ず)|勝てない")),
    ("type", re.compile(r"として扱わない|はクリーチャーではない")),
    ("battle", re.compile(r"バトルに(?:勝つ|負けない)|バトルの勝敗")),
)
# A sentence that changes its own card's characteristic alone: the scenario may state the value in play on it.
OWN = re.compile(r"^(?:[^。]*?、)?このクリーチャー(?:の(?:パワー|種族)|を選ぶ|は)")
# An event watched in the present (「…離れる時、」), as a replacement watches it (a trigger's is in the past)
_WATCHES = re.compile(r"(?<!た)(?:時|とき)(?:は)?、")
# A sentence of what an effect does once (until the end of the turn, or next turn), not a lasting ability.
_ONCE = re.compile(r"(?:この|その)ターン|次の(?:自分|相手)の")


def _all_sentences(text: str) -> list[str]:
    return [s for line in re.split(r"\s+/\s+|\n", text) for s in bracket_sentences(unicodedata.normalize("NFKC", line))]


def printed_changes(
    text: str | None, types: tuple[str, ...] | list[str] = (), read: tuple[str, ...] = ()
) -> tuple[tuple[str, str], ...]:
    """(kind, sentence) for each change of a characteristic a printed text makes (module docstring); none for a
    spell's text, nor for a sentence ``read`` (a restriction the solver applies: its text)."""
    if not text or (types and all(t == "spell" for t in types)):
        return ()
    done = {unicodedata.normalize("NFKC", r).rstrip("。") for r in read}
    out: list[tuple[str, str]] = []
    for sentence in _all_sentences(text):
        if _ONCE.search(sentence) or ("時" in sentence and "かわり" in sentence):
            continue  # once, or a replacement (read, or refused, as one)
        if sentence.rstrip("。") in done:
            continue
        for kind, pattern in _CHANGES:
            if kind == "leave" and _WATCHES.search(sentence):
                continue  # 「…離れる時、離れずにとどまる」: a replacement, which the reader reads or refuses as one
            if pattern.search(sentence):
                out.append((kind, sentence))
    return tuple(dict.fromkeys(out))
