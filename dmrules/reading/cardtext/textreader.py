"""A card's whole text read line by line and sentence by sentence (compiler.compile_text).

Each replacement sentence, with the sentences that follow it (「そうした場合、…」), the condition
a keyword gives it (ホーリー・フィールド) and the grant that names its cards (「…はすべて「X」を
得る」), is one *group*: its abilities are rendered back into card Japanese (render.py) and
compared with those printed sentences; a group whose rendering differs is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ...game.abilities import Action, ReplacementAbility, default_works_in
from ...game.filters import Condition, Filter
from ..serialise import read_back
from . import parsing as c
from .normalize import EARLIER_DONE, canonical, normalize, sentences
from .render import head_word, render_group
from .transform.followups import then_step
from .transform.instead import shield_event
from .transform.parts import Followup, Grant, ReadError

# Words of a watched event (「〜時」, 「唱えた後」, 「〜たら」): a sentence with one before its 「かわりに」 is never
# read as the effect's own self-replacement.
_WATCH_HEAD = re.compile(r"時|後|たら")
# 「…シールドを、相手のかわりに自分が選ぶ」: a player in another's place, which no self-replacement says
_PLAYER_REPLACED = re.compile(r"(自分|相手|プレイヤー)のかわりに、?(自分|相手)(が|は)")


# 「…手札に戻す。そのかわりに相手は…出してもよい」: in exchange for what the sentence before does (which still
# happens) or instead of it: the text does not say which, and no self-replacement is read from it
_IN_EXCHANGE = re.compile(r"^そのかわり(?:に)?、?")
# (after a restriction, 「かわりに、」 alone too: 「このクリーチャーは攻撃できない。かわりに、…」)
_IN_EXCHANGE_FOR = re.compile(r"^(?:その)?かわり(?:に)?、?")
_IN_EXCHANGE_PROBLEM = (
    "「そのかわりに」 after what the sentence before does: in exchange for it (which still happens) or instead of it, "
    "the text does not say"
)


# 「このクリーチャーは攻撃できない。そのかわりに、…」: a restriction of attacks, blocks, casts or summons before
# 「そのかわりに」, which no act replaces (「…は破壊されない。そのかわりに、…」 may say a replacement: not this); the
# sentence before watches no event (「…破壊される時、そのクリーチャーは破壊されない。」 begins a replacement)
_RESTRICTION = re.compile(
    r"^(?:(?!時)[^。])*(?:攻撃できない|ブロックできない|攻撃されない|ブロックされない|唱えられない|召喚できない|を失う)。?$"
)


def _in_exchange_for_restriction(sentence: str, before: str | None) -> bool:
    """「このクリーチャーは攻撃できない。そのかわりに、…」: in exchange for a restriction, no act replaced; never
    with another 「かわりに」 in the sentence, an event it watches (a triggered ability's 「…攻撃する時、」 aside) or an
    ability it gives in 「」 (which may replace an event)."""
    if not _IN_EXCHANGE_FOR.match(sentence) or not _RESTRICTION.search(before or ""):
        return False
    rest = _IN_EXCHANGE_FOR.sub("", sentence)
    head = _TRIGGER_HEAD.match(rest)
    body = rest[head.end() :] if head else rest
    watches = re.search(r"時|場合|際|なら|ずに|ず、|かわり|[「『]", body) is not None
    return not watches and not c.names_replacing_keyword(rest)


# 「…は破壊されずに手札に戻る」: a card's event said not to happen, what a replacement says
_NOT_MOVED = re.compile(r"(?:され|られ|離れ|置かれ|戻され)ずに?、?")


def _own_replacement(sentence: str, offset: int, keyword: str | None) -> c.Sentence:
    """A 「かわりに」 of the effect's own (609.7), or 「そのかわりに」, which may say no replacement (refused); a
    keyword given in place of another that is itself a replacement (「「ブロッカー」のかわりに「エスケープ」を得る」)
    is refused: the ability it gives would be lost."""
    if _IN_EXCHANGE.match(sentence):
        return c.Sentence(sentence, offset, "unreadable", keyword, problem=_IN_EXCHANGE_PROBLEM)
    after = sentence.split(c.INSTEAD, 1)[-1]
    if _CARD_EVENT_WATCHED.search(after) or c.EVENT_SAID_OTHERWISE.search(after) or _NOT_MOVED.search(after):
        problem = "a card's event watched after 「かわりに」: a replacement it may begin, no effect's own"
        return c.Sentence(sentence, offset, "unreadable", keyword, problem=problem)
    given = [k for k in c.keywords_given(sentence) if c.replacing_keyword(k)]
    if given:
        problem = f"「{given[0]}」 given in place of another: a replacement given so is no form of the vocabulary"
        return c.Sentence(sentence, offset, "unreadable", keyword, problem=problem)
    return c.Sentence(sentence, offset, "self_replacement")


# A card's event watched (「破壊される時、」「離れる時、」), which a sentence after it may replace
_CARD_EVENT_WATCHED = re.compile(r"(?:される|られる|離れる|出る|負ける)時、")


# A triggered ability's condition (「このクリーチャーが出た時、」「この呪文を唱えた時、」「攻撃する時、」): no event a
# replacement watches (those are 「…る時」; a card 「破壊された時」 may be an old wording of one, never taken here)
_TRIGGER_HEAD = re.compile(
    r"^[^。、]*?(?:出た|出した|唱えた|召喚した|攻撃する|攻撃した|ブロックする|ブロックした|勝った|ブレイクした)(?:時|とき)、"
)
# A line of a triggered ability, for what its effect creates (``_in_trigger_problem``): also 「破壊された時、」 (which
# may be an old wording of a watched destruction, never taken for the effect's own) and a turn's start or end
_PASSIVE_TRIGGER = re.compile(r"^[^。、]*?(?:され|られ)た(?:時|とき)、")
_TRIGGER_LINE = re.compile(
    _TRIGGER_HEAD.pattern + "|" + _PASSIVE_TRIGGER.pattern + r"|^[^。、]*?ターンの(?:はじめ|終わり|最初)に、"
)


# 「このターン、」「次の自分のターンのはじめまで、」: what an ability creates lasts that long (no effect's own)
# (「このターン、…出ていれば、」 is what happened this turn, a condition: no duration)
_DURATION_FIRST = re.compile(
    r"^(?:このターン(?![^。]*?(?:ていれば|ていた場合|ていなければ)、)|次の[^、。]*?まで|[^、。]*?終わりまで)、"
)

# 「このクリーチャーが攻撃する時、シールドをブレイクするかわりに…」
_BREAK_INSTEAD = re.compile(r"^[^。、]*ブレイク(?:する、?かわりに|した[^。、]*シールドは)")


def _effects_own(sentence: str, earlier: str | None, no_spell: bool = False, in_line: bool = False) -> bool:
    """The effect's own quantity or card replaced (自己置換効果), which no player in another's place is; in a
    triggered ability, after what its effect does first (「この呪文を唱えた時、カードを1枚引くかわりに2枚
    引いてもよい」). ``earlier``: for the first sentence of a line, the text's sentences before it that are no
    replacement. Such a sentence whose 「かわりに」 follows what a card or a player does, said with its subject, is
    no effect's own when that is an event of a card (「自分のシールドはブレイクされるかわりに…」) or an act no
    earlier sentence does (「相手はカードを引くかわりに…」; 「相手の手札を相手自身が選んで捨てるかわりに」 after
    「相手は…捨てる」 is): it may be a replacement of that event, never set aside unread. On a card that is no
    spell, such a line of no triggered ability is its static ability, no effect: with no subject said either
    (「自分のシールドを手札に加えるかわりに、…」). After a sentence of the same line (``in_line``), the card that
    sentence acts on (「そのクリーチャーは墓地に置かれるかわりに…」) is the effect's own. A card's event said as a
    condition (「破壊されれば、かわりに」「破壊されるようなら、かわりに」) is never the effect's own; nor, after a
    trigger, a card's event or a move the rules make (「唱えた後、墓地に置くかわりに」, 「このクリーチャーを山札の
    一番下に置くかわりに」)."""
    if _EVENT_IF.search(sentence) or _RULES_ACT.search(sentence):
        return False
    if c.EVENT_SAID_OTHERWISE.search(sentence.split(c.INSTEAD)[0]):
        return False  # 「…離れる場合は、墓地のかわりに…」: a card's event said as a condition
    trigger = _TRIGGER_HEAD.match(sentence)
    if trigger is not None and "攻撃" in trigger.group(0) and _BREAK_INSTEAD.match(sentence[trigger.end() :]):
        return False  # the attack breaks the shields, not the triggered ability's effect
    if _DURATION_FIRST.match(sentence[trigger.end() :] if trigger is not None else sentence):
        return False  # 「このターン、…かわりに」: an effect the ability creates, lasting, no quantity of its own
    if trigger is not None and _WATCH_HEAD.search(sentence[trigger.end() :].split(c.INSTEAD)[0]):
        return False  # a card's event watched after the trigger (「攻撃する時、…破壊される時、…かわりに」)
    body = _FOLLOW_UP_LEAD.sub("", sentence)  # 「そうした場合、そのクリーチャーは…」: the subject after the lead
    if trigger is not None and not sentence[trigger.end() :].startswith(c.INSTEAD):
        sentence = sentence[trigger.end() :]
        said = _ACT_BEFORE.match(sentence)
        if _RULES_MOVE.search(sentence) or _PASSIVE_BEFORE.match(sentence) or (said and said.group("passive")):
            return False  # a move the rules make, or a card's event: no act the triggered effect does first
    elif earlier is not None and (said := (_ACT_BEFORE if no_spell else _SUBJECT_EVENT).match(body)) is not None:
        if not (in_line and _EARLIER_CARD.match(body) and _same_move(body, earlier)) and (
            said.group("passive") or said.group("stem") not in _acts_of(earlier)
        ):
            return False
    return bool(c.SELF_REPLACEMENT.fullmatch(sentence)) and _player_replaced(sentence) is None


def _named(line: str, name: str | None) -> str:
    """The card's own name printed bare (「双光の使徒カリュートが他に1体でも」) as a name: 《…》."""
    if name is None or name not in line:
        return line
    parts = re.split(r"(《[^》]*》|「[^」]*」)", line)
    return "".join(p if i % 2 else p.replace(name, f"《{name}》") for i, p in enumerate(parts))


def _effects_before(done: list[c.Sentence]) -> str:
    return "。".join(s.text for s in done if s.verdict == "other")


# A subject (「…は」「…が」) and the verb of what it does right before 「かわりに」, in the sentence's first segment: a
# card's event (passive, or its own leaving, entering, losing), or an act whose stem (kanji, or katakana before
# 「する」: 「ブレイクする」) an earlier sentence says
_DONE_BEFORE_INSTEAD = (
    r"[^。]*?(?:(?P<passive>される|られる|離れる|出る|負ける)|(?P<stem>[一-龥]+|[ァ-ヺー]+(?=する))[ぁ-ん]*?[るすくうつ])"
    r"、?(?:かわりに|代わりに)"
)
# 「そのクリーチャーは」「それが」: the card the sentence before acts on
_EARLIER_CARD = re.compile(r"^(?:それ|その(?:クリーチャー|カード|呪文|シールド))[がは]")
# 「そうした場合、」「その後、」: a follow-up's lead, before the subject of what it says
_FOLLOW_UP_LEAD = re.compile(r"^(?:そうした場合|そうしたら|その場合|その後)、")
# 「そのクリーチャーは墓地に置かれるかわりに…」 after 「…を1体選び、破壊する」: the card's event said is the move the
# sentence before ends doing (to the card 「その…」 names), the effect's own; any other event of that card is one a
# lasting effect the sentence makes would replace
_SAME_MOVE = (
    (re.compile(r"(?:破壊され|墓地に置かれ)る"), re.compile(r"破壊(?:する|してもよい)$")),
    (re.compile(r"墓地に置かれる"), re.compile(r"墓地に置(?:く|いてもよい)$")),
    (re.compile(r"手札に戻される"), re.compile(r"手札に戻(?:す|してもよい)$")),
    (re.compile(r"マナゾーンに置かれる"), re.compile(r"マナゾーンに置(?:く|いてもよい)$")),
    (
        re.compile(r"山札の[^、。]*?に(?:置かれ|戻され)る"),
        re.compile(r"山札の[^、。]*?に(?:置|戻)(?:く|す|いてもよい|してもよい)$"),
    ),
)


def _same_move(sentence: str, before: str) -> bool:
    replaced = sentence.split(c.INSTEAD)[0]
    done = before.rstrip("。")
    return any(event.search(replaced) and act.search(done) for event, act in _SAME_MOVE)


def _acts_of(earlier: str) -> str:
    """What the earlier sentences do, without their triggers' conditions (「攻撃する時、」 is no act done)."""
    return "。".join(_TRIGGER_HEAD.sub("", s) for s in earlier.split("。"))


# 「自分のクリーチャーが破壊されれば、かわりに」「破壊されるようなら、かわりに」: a card's event as a condition
_EVENT_IF = re.compile(r"(?:(?:さ|ら|離)れれば|[るくすつうぶむぐ](?:なら(?:ば)?|ようなら))、?(?:かわりに|代わりに)")
# After a trigger (「…唱えた時、」「…勝った時、」): a card's move the rules make, not the triggered effect — a spell
# put into the graveyard after it is cast, a card named put somewhere (「このクリーチャーを山札の一番下に置くかわりに」)
_RULES_MOVE = re.compile(
    r"唱えた後|墓地(?:に置く|の)、?(?:かわりに|代わりに)|(?:この|その)(?:クリーチャー|カード|呪文)を[^、。]*?置く、?(?:かわりに|代わりに)"
)
# What the rules do, replaced (the untap step's untapping, the battle after a block, said before 「かわりに」 or, as
# デジロン's 「かわりに、…が攻撃クリーチャーとバトルする」, after it): never an effect's own
_RULES_ACT = re.compile(
    r"(?:アンタップ|バトル)する、?(?:かわりに|代わりに)"
    r"|(?:かわりに|代わりに)、?[^。]*?(?:攻撃|ブロック)(?:中の)?クリーチャーとバトルする"
)
_SUBJECT_EVENT = re.compile(r"^[^、。]*?[がは]、?" + _DONE_BEFORE_INSTEAD)
# The same with or without a subject (a line of a card that is no spell)
_ACT_BEFORE = re.compile(r"^" + _DONE_BEFORE_INSTEAD)
# 「破壊されるかわりに」 first: a card's event, however its verb's stem is read
_PASSIVE_BEFORE = re.compile(r"^[^。、]*?(?:される|られる|離れる|出る|負ける)、?(?:かわりに|代わりに)")


def _player_replaced(sentence: str) -> str | None:
    found = _PLAYER_REPLACED.search(sentence)
    if found is None:
        return None
    return (
        f"「{found.group(0)}…」: a player who does something in another player's place is no form of the "
        "vocabulary (nor the effect's own quantity or card replaced)"
    )


# The sentence that makes the shields a later 「そのシールド」 of this card's leaving names (EXライフ,
# エクストラEXライフ).
_MAKES_SHIELDS = re.compile(
    r"このクリーチャーを(?:バトルゾーンに)?出す時、自分の山札の上から(\d+)枚目?をシールド化する"
)
# A sentence that casts a spell (「…コストを支払わずに唱えてもよい」, 「…実行してもよい」): the spell a later
# 「それを唱えた後」 names.
_CASTS = re.compile(r"(唱え|実行)(る|てもよい|てよい|する|してもよい|してよい)$")
_GRANT = re.compile(r"「([^」:]+)(?::([^」]*))?」(?:能力)?を(得る|与える)(?=$|。)")


@dataclass
class Group:
    """The abilities of one replacement sentence and the printed sentences they are read from."""

    abilities: list[ReplacementAbility]
    sentence: c.Sentence
    texts: list[str]
    grant: Grant | None = None
    grant_text: str | None = None
    prefix: str | None = None  # a keyword's condition: 「自分のシールドの数が相手以上であれば」
    follow_ups: list[c.Sentence] = field(default_factory=list)


@dataclass
class PendingGrant:
    grant: Grant
    text: str
    keyword: str
    reminder: str | None  # the keyword's reminder (keywords.yaml), when it is not printed


# A grant of the lines printed after it (超魂X: 「これがクリーチャーの下にあれば、そのクリーチャーにも以下の能力を
# 与える」).
_GIVEN_BELOW = re.compile(r"[^(、。]*(?:以下|次)の能力を与える")


def _given_below(line: str, given: str | None) -> tuple[str | None, str | None]:
    """(the refusal of a replacement line the grant before gives to another card too, the grant so far)."""
    if given is not None and c.INSTEAD in line:
        return (
            f"「{given}」 gives the abilities printed after it to another card too: an ability given to the "
            "creature this card is under is no form of the vocabulary",
            given,
        )
    found = _GIVEN_BELOW.search(line)
    return None, found.group(0) if found else given


# 「サバイバー(このクリーチャーがバトルゾーンにある間、自分の他のサバイバーも上の能力を得る)」: the abilities printed
# with it are every survivor's of its player's too (「このサバイバー」 says it of a sentence, read as a grant)
_SURVIVORS_GET = re.compile(
    r"サバイバー[(（][^)）]*?(?:上の\s*能力を得る|■\s*能力を得る|■\s*能力は[^)）]*持つ)"
    r"|(?:^|[/\n])\s*サバイバー\s*(?=[/\n]|$)(?=[\s\S]*■)"  # the keyword alone, its abilities marked 「■」
)


def _survivors_refused(result: c.Compiled) -> c.Compiled:
    """A replacement read as this card's alone on a card whose サバイバー reminder gives it to the other survivors
    too is refused: read so, they would lack it."""
    reminder = _SURVIVORS_GET.search(result.text)
    if reminder is None or all(a.granted_to is not None for a in result.abilities):
        return result
    # 「上の能力」: the abilities printed before it; 「■能力」: those marked, wherever they are
    end = reminder.start() if "上の" in reminder.group(0) else len(result.text)
    given = [s for s in result.sentences if s.verdict == "replacement" and s.offset < end]
    if not given:
        return result
    problem = (
        "「サバイバー」's reminder gives the abilities printed with it to the player's other survivors too: read as "
        "this card's alone, they would lack them (「このサバイバーが…時」 says whose they are)"
    )
    sentences = [replace(s, verdict="unreadable", problem=problem) if s in given else s for s in result.sentences]
    texts = {s.text for s in given}
    kept = [a for a in result.abilities if a.granted_to is not None or a.text not in texts]
    return replace(result, abilities=kept, sentences=sentences)


# 「…このクリーチャーは次の能力を得る」: abilities printed after it, under its condition. Which of the lines after it
# it gives, the text as given (one line after another) does not say: a reminder's condition (「メタモーフ(…次の能力を
# 得る)」, a condition keyword alone) is read on the line right after it (``_keyword_condition``, by the same pattern),
# and a replacement on any later line, or after a sentence that says it (「…なければ、…次の能力を得る。」), is refused.
_REMINDER_BELOW = re.compile(r"\([^()]*(?:次|以下)の(?:\d+つの)?能力を(?:得る|持つ)\)$")
_SENTENCE_BELOW = re.compile(r"(?:次|以下)の(?:\d+つの)?能力を(?:得る|持つ)。?$")
_SIDES = re.compile(r"\s*／\s*(?![^《「]*[》」])")


def _lines_below(text: str) -> list[tuple[int, int, str]]:
    """(start, end, the line that gives it) of each line of ``text`` that a line before it may give its abilities
    to under a condition, but for the one line a reminder's condition is read on."""
    table = c.keyword_table()
    alone = {*table.get("condition_reminders", {}), *table["conditions"], *table.get("flag_keywords", {})}
    labels = tuple(f"{label}{mark}" for label in (*table.get("labels", {}), *table.get("flags", {})) for mark in "-−:")
    out: list[tuple[int, int, str]] = []
    offset = 0
    for side in _SIDES.split(text):  # a twinpact's other side is a card of its own
        below, first = None, False
        for raw in c._LINES.split(side):
            if not raw.strip():
                continue
            start = text.find(raw, offset)
            offset = start + len(raw)
            line = normalize(raw).rstrip("。")
            if below is not None and not first and not line.startswith(labels):
                out.append((start, offset, below))
            first = False
            if _REMINDER_BELOW.search(line) or line in alone:
                below, first = line, True
            elif _SENTENCE_BELOW.search(line):
                below = line
    return out


def _below_refused(result: c.Compiled) -> c.Compiled:
    """A replacement (or the effect's own 「かわりに」) printed after a line that gives the abilities after it under a
    condition, where that condition is not read on it, is refused: read as always held, it would apply without it."""
    spans = _lines_below(result.text)
    verdicts = ("replacement", "self_replacement")
    given = {
        id(s): below
        for s in result.sentences
        if s.verdict in verdicts
        for start, end, below in spans
        if start <= s.offset < end
    }
    if not given:
        return result
    sentences = [
        replace(
            s,
            verdict="unreadable",
            problem=f"「{given[id(s)][:20]}…」 gives the abilities after it under a condition: whether this line is "
            "one of them, the text as given (one line after another) does not say; not read",
        )
        if id(s) in given
        else s
        for s in result.sentences
    ]
    texts = {s.text for s in result.sentences if id(s) in given}
    kept = [a for a in result.abilities if a.text not in texts]
    lost = sum(s.verdict == "self_replacement" for s in result.sentences if id(s) in given)
    return replace(result, abilities=kept, sentences=sentences, self_replacements=result.self_replacements - lost)


_SPELL_TYPES = ("呪文", "spell", "twinpact", "ツインパクト")
# A card of a type that is no creature, as its abilities name it (「このクロスギア」)
_THIS_NOUNS = {
    "クロスギア": "このクロスギア",
    "タマシード": "このタマシード",
    "城": "この城",
    "フィールド": "このフィールド",
    "D2フィールド": "このD2フィールド",
    "オーラ": "このオーラ",
    "ドラグハート・ウエポン": "このドラグハート",
    "ドラグハート・フォートレス": "このドラグハート",
}


def _replaces_none(sentence: str, group: Group | None, line_before: str | None) -> bool:
    """The sentence's 「かわりに」 replaces no event (parsing.replaces_no_event, or in exchange for a restriction);
    never of a sentence that begins as a follow-up (「そうしたら、そのかわりに」「その後、捨てたカードのかわりに」)
    after a replacement, or after a sentence that watches a card's event (「…破壊される時、…捨ててもよい。」): it
    may go on with that replacement."""
    if _in_exchange_for_restriction(sentence, line_before):
        return True
    if c.INSTEAD not in sentence or not c.replaces_no_event(sentence):
        return False
    if not sentence.startswith(c.FOLLOW_UP):
        return True
    return group is None and _CARD_EVENT_WATCHED.search(line_before or "") is None


def _excepts_none(sentence: str, result: c.Compiled, line_before: str | None) -> bool:
    """「ただし、…」 in the line of a sentence whose 「かわりに」 replaces no event (「…コストを支払うかわりに、…
    手札に加えてもよい。ただし、その「S・トリガー」は使えない」): an exception to it, no event replaced either."""
    said = result.sentences
    return (
        sentence.startswith("ただし")
        and c.INSTEAD not in sentence
        and line_before is not None
        and bool(said)
        and said[-1].verdict == "not_replacement"
    )


class TextReader:
    def __init__(self, text: str, card_type: str | None, name: str | None = None):
        self.text = text
        self.name = normalize(name) if name and len(name) >= 4 else None
        self.castle, self.no_spell, self.spell = _type_flags(card_type)
        self.this_noun = _THIS_NOUNS.get(card_type or "")  # 「このクロスギア」: how the rendering names this card
        self.result = c.Compiled(text=text)
        self.group: Group | None = None
        self.groups: list[Group] = []
        self.grant: PendingGrant | None = None
        self.carried: list[Condition] = []
        self.carried_text: str | None = None
        self.line_before: str | None = None  # the sentence before, in the same line
        self.line_acts = False  # a sentence of the line before is an effect's or an ability's, no replacement
        self.given_below: str | None = None  # 「…にも以下の能力を与える」 (超魂X): the lines after it, given on

    # -- the text -----------------------------------------------------------------------
    def compile(self) -> c.Compiled:
        offset = 0
        using: ReplacementAbility | None = None
        for raw_line in c._LINES.split(self.text):
            if not raw_line.strip():
                continue  # before a line's mark (「■…」), or an empty cell
            line_offset = self.text.find(raw_line, offset)
            offset = line_offset + len(raw_line)
            c.in_time(self.text, line_offset)
            if using is not None and self._used_ability(raw_line, line_offset, using):
                using = None
                continue
            before = len(self.groups)
            self._line(raw_line, line_offset)
            self._end_grant()
            self._close()
            using = _using_ability(self.groups[before:])
        _check(self.groups, self.result, self.this_noun)
        return _below_refused(_survivors_refused(self.result))

    def _used_ability(self, raw_line: str, line_offset: int, ability: ReplacementAbility) -> bool:
        """The line after an ability that uses 「次の能力」 instead (サイレントスキル): when it is actions the
        grammar reads, they become the ability's follow-up step, and the line is that ability's."""
        line = normalize(raw_line)
        if c.INSTEAD in line or not line.strip():
            return False
        body = line[:-1] if line.endswith("。") else line
        try:
            follow = c.read_sentence(body, "used_ability")
            step = then_step(follow.clauses, "then1")
        except ReadError:
            return False
        for group in self.groups:
            if ability in group.abilities:
                i = group.abilities.index(ability)
                group.abilities[i] = replace(ability, then=(step,))
                group.texts.append(body)
        self.result.sentences.append(c.Sentence(line, line_offset, "follow_up"))
        return True

    def _line(self, raw_line: str, line_offset: int) -> None:
        line = _named(normalize(raw_line), self.name)
        refused, self.given_below = _given_below(line, self.given_below)
        if refused is not None:
            self._add(c.Sentence(raw_line, line_offset, "unreadable", problem=refused))
            return
        keyword, condition, body = c._keyword_parts(line)
        conditions, prefix = self.carried, self.carried_text
        self.carried, self.carried_text = [], None
        condition, body = _keyword_condition(line, keyword, condition, body, bool(conditions))
        keyword, prefix, conditions = _after_reminder(prefix, keyword, line, conditions)
        if prefix == _UNKNOWN_CONDITION or condition == _UNKNOWN_CONDITION:
            # a condition keyword whose condition dmrules does not know (O・ドライブ): what it labels is refused
            self.carried_text = _UNKNOWN_CONDITION if not body.strip() and prefix != _UNKNOWN_CONDITION else None
            self._add(c.Sentence(raw_line, line_offset, "unreadable", problem=_unknown_condition(line)))
            return
        if condition is not None:
            conditions, prefix, problem = _said_condition(condition)
            if problem is not None:
                self._add(c.Sentence(raw_line, line_offset, "unreadable", problem=problem))
                return
            if not body.strip():
                self.carried, self.carried_text = conditions, prefix
                self._add(c.Sentence(raw_line, line_offset, "other"))
                return
        if c.INSTEAD not in body and keyword in (None, "◎") and not _grants_a_keyword(body):
            problem = _line_problem(body, self.result.sentences)
            self._add(c.Sentence(raw_line, line_offset, "other" if problem is None else "unreadable", problem=problem))
            return
        self.line_before = None
        self.line_acts = False
        for start, sentence in sentences(body):
            c.in_time(self.text, line_offset + start)
            self._sentence(sentence, line_offset + start, keyword, conditions, prefix)
            self.line_before = sentence

    # -- one sentence -------------------------------------------------------------------
    def _sentence(self, sentence: str, offset: int, keyword, conditions, prefix, reminder: bool = False) -> None:
        if sentence.startswith("(") and sentence.endswith(")") and c._matching(sentence, 0) == len(sentence) - 1:
            inner = sentences(sentence[1:-1])  # a reminder after its keyword's sentence: 「…上に置く。(…)」
            for start, one in inner:
                self._sentence(one, offset + 1 + start, keyword, conditions, prefix, reminder=True)
            return
        if self.grant is not None:
            # the granted keyword's reminder is printed in brackets; a sentence after the grant without them is an
            # ability of the card's own (「…「エターナル・Ω」を得る。自分のシールドがブレイクされる時、…」)
            if c.INSTEAD in sentence and reminder:
                pending, self.grant = self.grant, None
                self._replacement(sentence, offset, pending.keyword, conditions, prefix, pending)
                return
            self._end_grant()
        if _replaces_none(sentence, self.group, self.line_before) or _excepts_none(
            sentence, self.result, self.line_before
        ):
            self._close()
            self._add(c.Sentence(sentence, offset, "not_replacement"))
            return
        granted = _grants_a_keyword(sentence) if c.INSTEAD not in sentence else _quoted_ability(sentence)
        if granted is not None and conditions and prefix:
            self._close()  # a grant under a condition keyword's condition (「メタモーフ / …「エターナル・Ω」を得る」)
            self._add(c.Sentence(sentence, offset, "unreadable", problem=_grant_under_condition(sentence)))
            return
        if granted is not None:
            self._grant(sentence, offset, *granted)
            return
        if c.INSTEAD not in sentence:
            if self.group is not None and sentence.startswith(c.FOLLOW_UP):
                self._follow_up(self.group, sentence, offset)
                return
            problem = _other_problem(self.group, sentence, reminder, self.line_acts, self.line_before is not None)
            self.line_acts = self.line_acts or problem is None
            self._close()
            self._add(c.Sentence(sentence, offset, "other" if problem is None else "unreadable", problem=problem))
            return
        self._replacement(sentence, offset, keyword, conditions, prefix, None)

    def _replacement(self, sentence, offset, keyword, conditions, prefix, pending: PendingGrant | None) -> None:
        self._close()
        try:
            abilities = _read_replacement(_holder_named(sentence, pending, keyword))
        except ReadError as error:
            head = _WATCH_HEAD.search(sentence.split(c.INSTEAD)[0])
            if head is None and pending is None and _begun_before(self.line_before, sentence):
                self._add(c.Sentence(sentence, offset, "unreadable", keyword, problem=_across_sentences(sentence)))
                return
            earlier = self.line_before if self.line_before is not None else _effects_before(self.result.sentences)
            own = _effects_own(sentence, earlier, self.no_spell, in_line=self.line_before is not None)
            own = own and not _replaces_before(self.result.sentences, self.line_before)
            if (head is None or _TRIGGER_HEAD.match(sentence)) and pending is None and own:
                self._add(_own_replacement(sentence, offset, keyword))
                return
            self._add(
                c.Sentence(sentence, offset, "unreadable", keyword, problem=_unread(error, sentence, head or pending))
            )
            return
        grant = pending.grant if pending else None
        before = self.result.sentences[-1].text if self.result.sentences else ""
        problem = _made_before_problem(abilities, sentence, None if pending else self.line_before)
        problem = problem or _earlier_cards_problem(abilities, sentence, before, self.no_spell and grant is None, grant)
        problem = problem or _keyword_problem(abilities, sentence, before, keyword, grant)
        problem = problem or _effect_problem(abilities, sentence, self.line_before, self.spell and grant is None)
        if problem is not None:
            self._add(c.Sentence(sentence, offset, "unreadable", keyword, problem=problem))
            return
        made = [self._finished(a, sentence, keyword, conditions, grant) for a in abilities]
        record = c.Sentence(sentence, offset, "replacement", keyword=keyword)
        self._add(record)
        texts = ([prefix + "、"] if prefix else []) + [sentence]
        self.group = Group(made, record, ["".join(texts)], grant, pending.text if pending else None, prefix)

    def _finished(self, ability, sentence, keyword, conditions, grant: Grant | None) -> ReplacementAbility:
        ability = replace(ability, conditions=tuple(conditions) + ability.conditions, text=sentence)
        if grant is not None and ability.watch.subject == "cast_by_this":
            # 「その呪文を唱えた後」 in the reminder a grant gives (サイクロン): the spell the grant names, which has it
            ability = replace(ability, watch=replace(ability.watch, subject="this"), spell_own_movement=True)
        if grant is not None:
            ability = _given_by(ability, grant)
        elif keyword:
            ability = replace(ability, keyword=keyword)
        flag = c.keyword_table().get("flags", {}).get(keyword)
        if flag is not None:  # 「SF−このクリーチャーが離れる時、…」: while the scenario's flag says so
            ability = replace(ability, requires_flag=flag)
        return _of_castle(ability) if self.castle else ability

    def _follow_up(self, group: Group, sentence: str, offset: int) -> None:
        try:
            follow: Followup = c.read_sentence(sentence, "followup")
            group.abilities = [_attach(a, follow) for a in group.abilities]
        except ReadError as error:
            self._add(c.Sentence(sentence, offset, "unreadable", problem=_quoting(error, sentence)))
            self.group = None
            self.groups.append(group)
            return
        record = c.Sentence(sentence, offset, "follow_up")
        self._add(record)
        group.texts.append(sentence)
        group.follow_ups.append(record)

    # -- grants -------------------------------------------------------------------------
    def _grant(self, sentence: str, offset: int, word: str, arg: str | None, quoted: bool = False) -> None:
        self._close()
        try:
            grant: Grant = c.read_sentence(sentence.replace(f"「{word}」", "「…」") if quoted else sentence, "grant")
            quotes = _quoted_sentences(sentence, word) if quoted else []
        except ReadError as error:
            self._add(c.Sentence(sentence, offset, "unreadable", word, problem=_quoting(error, sentence)))
            return
        if (problem := _given_in_trigger(grant, sentence, self.line_before)) is not None:
            self._add(c.Sentence(sentence, offset, "unreadable", word, problem=problem))
            return
        if quoted:  # the quoted sentences, read as a keyword's reminder is: the first one the replacement
            self._add(c.Sentence(sentence, offset, "other"))
            self.grant = PendingGrant(replace(grant, keyword="", quoted=True), sentence, "", None)
            self._given(self.grant, [(offset + start, inner) for start, inner in quotes])
            return
        self._add(c.Sentence(sentence, offset, "other", keyword=word))
        self.grant = PendingGrant(grant, sentence, word, c.keyword_reminder(word, arg or ""))

    def _end_grant(self) -> None:
        """A grant whose keyword's reminder is not printed after it: the reminder keywords.yaml gives."""
        pending, self.grant = self.grant, None
        if pending is None:
            return
        if pending.reminder is None:
            record = next(s for s in reversed(self.result.sentences) if s.text == pending.text)
            record.verdict, record.problem = "unreadable", f"「{pending.keyword}」 has no reminder to read"
            return
        offset = self._offset_of(pending.text)
        self._given(pending, [(offset, sentence) for _, sentence in sentences(pending.reminder)])
        self._close()

    def _given(self, pending: PendingGrant, given: list[tuple[int, str]]) -> None:
        """A grant's sentences: each replacement the grant's (never the giver's), each after one its follow-up."""
        self.grant = None
        for offset, sentence in given:
            if c.INSTEAD in sentence or self.group is None:
                self._replacement(sentence, offset, pending.keyword or None, [], None, pending)
            else:
                self._sentence(sentence, offset, pending.keyword or None, [], None)

    def _offset_of(self, text: str) -> int:
        return next((s.offset for s in reversed(self.result.sentences) if s.text == text), 0)

    # -- groups -------------------------------------------------------------------------
    def _close(self) -> None:
        if self.group is not None:
            self.groups.append(self.group)
            self.group = None

    def _add(self, sentence: c.Sentence) -> None:
        self.result.sentences.append(sentence)
        self.result.self_replacements += sentence.verdict == "self_replacement"


# A sentence that names again a card the sentence before it named: 「それが…」「それ以外の…」.
# 「それが…」「その中にある呪文を…」「そのシールドを…」: the card the replacement acted on, named again (「それぞれ」,
# each, names nothing again; 裁きの紋章's 「そのシールドの束は1つと数える」 says what on_shield is)
REFERS_BACK = re.compile(r"それ(?!ぞれ)|その(?:中|カード|クリーチャー|呪文)|そのシールド(?!の束は1つと数える)")


# The sentence before names creatures that 「そのクリーチャー」 can be: it chooses them, or puts them out
_NAMES_CREATURES = re.compile(r"クリーチャー[^。]*?(選ぶ|選び|選んで|出す|出し)")


# 「この呪文を自分の墓地から唱えてもよい。こうして唱えた後、…」 (リサイクル): the spell cast from the graveyard, as the
# sentence before says (「こうしてマナゾーンから唱えた後」: from the zone it says)
_CAST_SO = re.compile(r"(?:こうして|そうして)(?:(墓地|マナゾーン|手札|山札|シールドゾーン)から)?唱えた後")


def _keyword_problem(abilities, sentence: str, before: str, keyword: str | None, grant) -> str | None:
    """Why the abilities cannot be read as the keyword's (or the grant's) whose reminder the sentence is, if so."""
    holder = grant.keyword if grant is not None else keyword
    problem = _recycled_problem(sentence, before, keyword) or _granted_problem(sentence, holder)
    return problem or _holder_problem(abilities, holder)


def _recycled_problem(sentence: str, before: str, keyword: str | None) -> str | None:
    """Why 「こうして唱えた後」 cannot be read as this spell cast from its owner's graveyard, if it cannot: the sentence
    before casts it from another zone, or casts nothing (the keyword リサイクル printed alone says the graveyard)."""
    said_before = normalize(before)
    cast = _CAST_SO.search(normalize(sentence))
    if cast is None:
        return None
    zone = cast.group(1) or "墓地"
    if re.match(f"^この呪文を、?(?:自分の)?{zone}から[^。]*唱え(?:る|てもよい|てよい)。?$", said_before):
        return None
    if zone == "墓地" and keyword == "リサイクル" and not said_before.startswith("この呪文を"):
        return None
    return "「こうして唱えた後」 of this spell cast from another zone than the sentence before says, or of no cast said"


def _granted_problem(sentence: str, keyword: str | None) -> str | None:
    """Why 「「X」を得たクリーチャー」 cannot be read as the card the reminder of X is of: X is not that keyword."""
    named = re.findall(r"「([^」]*)」を得たクリーチャー", sentence)
    if any(name != keyword for name in named):
        return "「「X」を得たクリーチャー」 outside the reminder of the keyword X: the creatures that have it, unstated"
    return None


def _given_by(ability: ReplacementAbility, grant: Grant) -> ReplacementAbility:
    """The ability a grant gives: to the cards it names (its keyword's whole name), under its conditions, its event
    watched in its turns (「相手のターン中、…を得る」), for its duration (「このターン、…を得る」: one renders)."""
    ability = replace(ability, granted_to=grant.granted_to, keyword=grant.keyword or None)
    ability = replace(ability, conditions=grant.conditions + ability.conditions)
    if grant.turns:
        ability = replace(ability, watch=replace(ability.watch, conditions=(*grant.turns, *ability.watch.conditions)))
    if grant.duration is not None:
        ability = replace(ability, duration=grant.duration)
    return ability


def _made_before_problem(abilities, sentence: str, line_before: str | None) -> str | None:
    """A condition on a card the sentence before makes as the event happens, which is part of what is done instead
    (「…破壊される時、カードを1枚引いてもよい。それが光のカードであれば、…かわりにとどまる」): read alone, the
    replacement would drop it."""
    if any(c.earlier is not None for a in abilities for c in a.conditions) and _begun_before(line_before, sentence):
        return _across_sentences(sentence)
    return None


def _earlier_cards_problem(abilities, sentence: str, before: str, no_spell: bool, grant) -> str | None:
    """Why the abilities cannot name the cards an earlier sentence made or cast, if they name some:
    「そのシールド」 of this card's leaving that the sentence just before did not make
    (「このクリーチャーを出す時、自分の山札の上から1枚目をシールド化する」), or a spell cast
    (「その呪文を唱えた後」「それを唱えた後」, or on a card that is no spell) not given to the spells by a grant."""
    counts = [
        a.slot.count if a.slot is not None else None
        for ability in abilities
        for a in ability.instead
        if a.kind == "ex_life_to" or (a.slot is not None and a.slot.from_zone == "ex_life_of_this")
    ]
    if counts:
        made = _MAKES_SHIELDS.fullmatch(normalize(before).rstrip("。"))
        if made is None:
            return "「そのシールド」 names no shield: the event is not a shield's, and no sentence before makes one"
        if any(count is not None and not 0 < count < int(made.group(1)) for count in counts):
            return "「そのシールドのうち」 as many shields as there are, or more"
    judged = any(c.word == "won_judge" for a in abilities for c in a.conditions)
    if judged and "ガチンコ・ジャッジ" not in before:
        return "「自分が勝ったら」 of no ガチンコ・ジャッジ the sentence before makes"
    if judged and not all(a.spell_own_movement or a.duration is not None for a in abilities):
        # the spell's own movement after it is cast, or an effect the judge's resolution creates for a time
        return (
            "「自分が勝ったら」 of a replacement other than the spell's own after it is cast or an effect that lasts: "
            "one the judge's effect makes"
        )
    chosen = any(a.watch.subject == "chosen" for a in abilities)
    if chosen and not _NAMES_CREATURES.search(normalize(before)):
        return "「そのクリーチャーが…時」 of no creature the sentence before chooses or puts out"
    if chosen and any(a.duration is None for a in abilities):
        return (
            "「そのクリーチャーが…時」 of an effect that says not how long it lasts (「このターン、」, "
            "「次の自分のターンのはじめまで、」)"
        )
    if grant is None and no_spell and any(a.spell_own_movement for a in abilities):
        return "「この呪文を唱えた後」 of a card that is no spell"
    # 「それを唱えた後」: a spell an earlier sentence casts (リサイクル's 「こうして唱えた後」, this spell's own
    # movement after its own permission cast it, is checked as the keyword's: _recycled_problem)
    cast_earlier = [a for a in abilities if a.watch.subject == "cast_by_this" and not a.spell_own_movement]
    earlier = grant is None and bool(cast_earlier)
    if earlier and normalize(before).startswith("この呪文を"):
        return "「唱えた後」 of this spell, which the sentence before casts: the zone it is cast from is said there"
    if earlier and not _CASTS.search(normalize(before).rstrip("。")):
        return (
            "「それを唱えた後」「その呪文を唱えた後」 of a spell no sentence before it casts "
            "(「…唱えてもよい」「…唱える」): the vocabulary cannot name that spell"
        )
    return _earlier_count_problem(abilities, sentence, before)


# 「こうしてマナゾーンに置いたのが」: the card an earlier sentence did it with, and the verb's stem there
_DONE_EARLIER = re.compile(EARLIER_DONE)
_DONE_STEM = {
    "置いた": "置",
    "引いた": "引",
    "見せた": "見せ",
    "表向きにした": "表向きにし",
    "加えた": "加え",
    "捨てた": "捨て",
}


def _earlier_count_problem(abilities, sentence: str, before: str) -> str | None:
    """Why a condition on the cards an earlier sentence names (「それが…であれば」「こうして…置いたのが…」「3枚とも…」)
    cannot be read, if it cannot: the sentence before names another number of cards, or not once what was done."""
    earlier = {c.earlier for a in abilities for c in a.conditions if c.earlier is not None}
    if not earlier:
        return None
    said = normalize(before)
    counts = [int(n) for n in re.findall(r"(\d+)(?:枚|体|つ)", said)]
    # 「それが」 after several cards, the last the sentence before names (「N枚とも」 may count cards said earlier)
    if earlier == {1} and counts and counts[-1] != 1:
        return "the cards an earlier sentence names, of another number than the sentence before says"
    done = _DONE_EARLIER.search(sentence)
    if done is not None:
        stem = done.group(1) + _DONE_STEM[done.group(2)]
        where = said.find(stem)
        clause = re.split("[、。]", said[:where])[-1] if where >= 0 else ""
        if said.count(stem) != 1 or not re.search(r"(?<!\d)1(?:枚|体|つ)", clause):
            return "「こうして…たのが」 of cards the sentence before does not name one by what it does with them"
    return None


# 「このクリーチャーがバトルゾーンから自分の墓地に置かれるとき、裏向きにして自分のシールドに加える」: the watched card
# (or 「その…を」) sent elsewhere as it is put somewhere, with no 「かわりに」 (the wording of the first sets): a
# replacement or a trigger, which the text does not say.
_UNMARKED = re.compile(
    r"(置かれる|離れる|破壊される|戻される)時、(?:(?:その[^、。を]*|このクリーチャー|それ)を)?(?:(?!を)[^。])*"
    r"(置|加え|戻)(く|る|す|かれる|られる|される|いてもよい|いてよい|てもよい|てよい|してもよい|してよい)$"
    # or where it goes said with 「…ずに」「…のではなく」 (「墓地に置かれずに山札の一番下に置かれる」), or a card put
    # somewhere as a card is broken, discarded, drawn or put into a zone
    r"|(?:れる|る|く)時、[^。]*(?:ずに|ず、|ではなく)[^。]*(?:置|加え|戻)(?:かれる|られる|される|る|く|す)$"
    # the watched card put out as it is discarded, put somewhere or removed (「…捨てられる時、バトルゾーンに出す」)
    r"|(?:捨てられる|置かれる|離れる|破壊される)時、(?:(?:このクリーチャー|その[^、。を]*|それ)を)?(?:(?!を)[^。])*"
    r"出(?:す|る|してもよい)$"
    # 「唱えた後、墓地ではなく…に置く」, 「…破壊されず、手札に戻る」 (no watched event said)
    r"|唱えた後、[^。]*(?:ずに|ではなく)[^。]*(?:置|加え|戻)(?:かれる|られる|される|る|く|す)$"
    r"|(?:破壊され|離れ|置かれ|ブレイクされ)ず(?:に|、)[^。]*(?:置|加え|戻)(?:かれる|られる|される|る|く|す)$"
    r"|(?:ブレイクされる|ブレイクする|捨てられる|捨てる|引く|置かれる|加えられる)時、(?:(?:自分|相手)は、?)?"
    r"(?:その[^、。を]*|それ)を[^。]*"
    r"(?:置|加え|戻)(?:く|る|す|いてもよい|えてもよい|してもよい)$"
)


def _using_ability(groups: list[Group]) -> ReplacementAbility | None:
    """The ability of these groups that uses 「次の能力」 instead and waits for the line that prints it."""
    return next(
        (a for g in groups for a in g.abilities if any(x.kind == "use_ability" for x in a.instead) and not a.then),
        None,
    )


def _after_reminder(prefix: str | None, keyword: str | None, line: str, conditions: list) -> tuple:
    """(keyword, prefix, conditions) of the line after a reminder that gives it under a condition: シールド・フォース's
    (``_FLAG_LINE``), whose label's flag it holds under, printed (「SF−」) or not; one dmrules does not read
    (``_UNREAD_REMINDER``), where a replacement or a grant of a keyword with one is refused."""
    if prefix is not None and prefix.startswith(_FLAG_LINE):
        label = prefix.removeprefix(_FLAG_LINE)
        keyword = keyword or label
        return keyword, (None if keyword == label else _UNKNOWN_CONDITION), []
    if prefix == _UNREAD_REMINDER:
        replaces = c.INSTEAD in line or _grants_a_keyword(line) is not None
        return keyword, (_UNKNOWN_CONDITION if replaces else None), []
    return keyword, prefix, conditions


def _said_condition(condition: str) -> tuple[list, str, str | None]:
    """(conditions, prefix, problem) of a condition said before a line's abilities: a reminder's marker (carried to
    the next line), or a condition read."""
    if condition.startswith((_FLAG_LINE, _UNREAD_REMINDER)):
        return [], condition, None
    head = condition.split("、")[0]
    try:
        reading = c.read_sentence(head, "condition_alone")
    except ReadError:
        return [], head, f"cannot read the condition 「{head}」"
    return [reading[1]], head, None


def _grant_under_condition(sentence: str) -> str:
    return f"「{sentence[:16]}…」 gives a keyword under the condition of the line before, which is not read"


def _keyword_condition(
    line: str, keyword: str | None, condition: str | None, body: str, carried: bool
) -> tuple[str | None, str]:
    """(condition, body) of a line: a condition keyword printed alone (「ホーリー・フィールド」) is its condition as the
    card list prints its reminder, for the line after it; an ability labelled with its short name (「HF−…」) has it.
    A condition keyword whose condition is not known (O・ドライブ), alone or as a label: ``_UNKNOWN_CONDITION``."""
    table = c.keyword_table()
    reminders = table.get("condition_reminders", {})
    bare = line.rstrip("。")
    if condition is None and bare in reminders:
        return reminders[bare], ""
    if condition is None and any(re.fullmatch(re.escape(w) + r"(?:[-:][^()]*)?", bare) for w in table["conditions"]):
        return _UNKNOWN_CONDITION, ""  # 「O・ドライブ-光x1」 printed without its reminder
    labelled = table.get("labels", {}).get(keyword or "")
    if condition is None and not carried and labelled is not None:
        return reminders.get(labelled, _UNKNOWN_CONDITION), body
    known = {*table.get("flags", {}), *table.get("labels", {})}
    if keyword is not None and re.fullmatch(r"[A-Z]{1,4}", keyword) and keyword not in known:
        return _UNKNOWN_CONDITION, body  # 「KP−…」: a label of abilities used only as its keyword says
    if keyword is not None and _NUMBERED_LABEL.match(line) and not _CONDITION_SAID.search(body):
        return _UNKNOWN_CONDITION, body  # 「マナ武装5:」「革命2−」 with no condition said after it: the label's
    if condition is None and _REMINDER_BELOW.search(bare):
        # a reminder whose condition dmrules does not read (アクセル, 「自然x1(…次の能力を得る)」): the abilities after
        # it are conditional, never read as always held; シールド・フォース's are read where its label says so (「SF−」)
        label = next((v for k, v in table.get("flag_keywords", {}).items() if bare.startswith(k)), None)
        return (_FLAG_LINE + label if label is not None else _UNREAD_REMINDER), ""
    return condition, body


# 「マナ武装5:」「革命2−」: a label of a number, whose condition the printed sentence after it says again
_NUMBERED_LABEL = re.compile(r"^[^()、。:\-]{1,24}?\s*\d+\s*[:\-]")
_CONDITION_SAID = re.compile(r"(?:あれば|なら|ならば|なければ|以上|以下)")

# A condition keyword's condition that dmrules does not know: the abilities it conditions are not read
_UNKNOWN_CONDITION = "\0unknown condition"
# A keyword's line whose state the scenario states with a flag (シールド・フォース), then its label: the line after
# it holds its ability under that label (「SF−…」, keywords.yaml ``flags``), printed or not
_FLAG_LINE = "\0flag line"
# A reminder that gives the next ability under a condition dmrules does not read (アクセル): a replacement or a grant
# there is refused; any other ability there is no replacement, and the line after it is the card's own
_UNREAD_REMINDER = "\0unread reminder"


def _unknown_condition(line: str) -> str:
    return (
        f"「{line[:16]}…」: a label or a keyword's condition (KP−, O・ドライブ: a cost paid as the creature is "
        "summoned) that dmrules does not know, on the abilities it labels or precedes: not read"
    )


def _line_problem(body: str, done: list[c.Sentence]) -> str | None:
    """Why a line with no 「かわりに」, no keyword and no grant is not read as an ability of its own."""
    problem = _unmarked_problem(body, done) or _unknown_keyword_problem(body) or _unread_grant_problem(body)
    return problem or _shared_line_problem(body)


def _unmarked_problem(body: str, done: list[c.Sentence]) -> str | None:
    """Why a line with no 「かわりに」 is not read: it goes on with the replacement of the line before (「そうした場合、
    …」「この能力は1ターンに1度しか使えない」 on a line of its own), it sends the card it watches elsewhere
    (``_UNMARKED``), or it says the event it watches in the present does not happen or is done otherwise
    (``_DENIED``): 「自分のシールドがブレイクされる時、自分の手札を2枚捨ててもよい。そうした場合、そのシールドは
    ブレイクされない」."""
    goes_on = body.startswith(_GOES_ON_WORDS) or _USE_LIMITED.match(body) is not None
    body = _AS_TOKI.sub(r"\1時、", body)  # 「破壊される場合、」: the watched event, as 「時、」 says it
    if done and done[-1].verdict == "replacement" and goes_on:
        return (
            f"「{body[:16]}…」 on the line after a replacement goes on with it (what follows it, when it may be used): "
            "part of the replacement the line break cannot set apart; not read"
        )
    if any(s.verdict == "replacement" for s in done) and _NAMES_AN_ABILITY.match(body):
        return (
            f"「{body[:16]}…」 after a replacement says when an ability printed before it may not be used, or who "
            "else has it: which ability, and what it changes, the vocabulary does not state; not read"
        )
    unmarked = next((s for _, s in sentences(body) if _UNMARKED.search(s.rstrip("。"))), None)
    if unmarked is not None:
        return (
            f"「{unmarked[:16]}…」 sends the card it watches elsewhere as it is put there, without 「かわりに」 (an "
            "old wording): a replacement or a trigger, which the text does not say; not read"
        )
    if any(re.search(watched + r"(時|とき)、", body) and re.search(denied, body) for watched, denied in _DENIED):
        return (
            f"「{body[:16]}…」 says the event it watches does not happen, or happens otherwise, without 「かわりに」: "
            "a replacement said so is no form of the vocabulary; not read"
        )
    return None


def _shared_line_problem(body: str) -> str | None:
    """Why a line of several keywords (「ブロッカー、シールド・セイバー」, 「W・ブレイカー エスケープ」, whose space the
    normalisation drops) one of which has a replacement is not read: each keyword stands on a line of its own in the
    card lists, and which words are one keyword's is not known."""
    bare = body.rstrip("。")
    named = _replacement_keyword_in(bare)
    if named is not None:
        return _shared_line(named, bare)
    if "(" in body:
        return None
    for name, reminder in c.keyword_table()["keywords"].items():  # run on with another keyword, its space dropped
        rest = bare[: -len(name)] if bare.endswith(name) else bare[len(name) :] if bare.startswith(name) else None
        if "{X}" not in reminder and rest and re.fullmatch(r"[ァ-ヺー・A-Za-z0-9+:\-]+", rest):
            return _shared_line(name, bare)
    return None


def _replacement_keyword_in(line: str) -> str | None:
    """A keyword with a replacement named in a line that is no keyword line, outside reminders and quotes
    (「W・ブレイカー(…) シールド・セイバー」, 「ブロッカー/エスケープ」, 「◎エターナル・Ω」,
    「HF−SF−エターナル・Ω」)."""
    plain = re.sub(r"\([^()]*\)|「[^」]*」|《[^》]*》", " ", line)
    table = c.keyword_table()
    for name in (*table["keywords"], *table.get("unknown", ())):
        if re.search(f"(?<![ァ-ヺー]){re.escape(name)}(?![ァ-ヺー])", plain):
            return name
    return None


def _shared_line(word: str, line: str) -> str:
    return f"「{word}」, a keyword with a replacement, shares its line with other words (「{line[:16]}…」): not read"


def _unknown_keyword_problem(body: str) -> str | None:
    """Why a line that is a keyword with a replacement dmrules has no reminder for is not read (keywords.yaml)."""
    bare = body.rstrip("。")
    known = c.keyword_table().get("unknown", ())
    word = next((w for w in known if re.fullmatch(re.escape(w) + r"(?:[-:][^()]*)?", bare)), None)
    if word is None:
        return None
    return f"「{word}」 has a replacement, and its reminder is neither printed here nor known: not read"


# (a watched event in the present, what says it does not happen or happens otherwise): 「そのシールドはブレイク
# されない」「その呪文は効果を失い」「ブレイクされるシールドを…自分で選ぶ」, said without 「かわりに」
# 「…破壊される場合、」「…離れる際、」「…引くなら、」: an event in the present, said as 「…時、」 says it
_AS_TOKI = re.compile(r"(される|られる|離れる|引く|捨てる|出る)(?:場合|際|なら)、")

_DENIED = (
    # 「このクリーチャーが破壊される時、バトルゾーンにとどまる」: the watched card staying, said without 「かわりに」
    (r"(?:される|られる|離れる)", r"時、(?:(?:この|その)[^、。]*?は、?)?(?:バトルゾーンに)?(?:とどまる|留まる|残る)"),
    ("ブレイクされる", r"ブレイクされない|(自分|相手)で選ぶ"),
    ("破壊される", r"破壊されない|破壊しない|墓地に置かれない"),
    ("離れる", r"離れない|墓地に置かれない"),
    ("置かれる", r"置かれない"),
    ("実行される", r"効果を失い"),
    ("アンタップする", r"アンタップされない|アンタップしない"),
    # 「…破壊される時、…てもよい。そうしたら、このクリーチャーはバトルゾーンにとどまる」: what the player may do, then
    # the watched card staying, not happening or sent elsewhere if they do
    (
        r"(?:される|られる|離れる|出る|負ける|引く)",
        r"(?:そうしたら|そうした場合|その場合)、[^。]*?(?:とどまる|留まる|残る|ない|(?:その|この)(?:クリーチャー|カード|シールド)を)",
    ),
)


# A watched event in the present (「…置かれるとき、」「…ブレイクされる時、」), the way a replacement watches it; a
# trigger's is in the past (「…置かれた時、」).
_PRESENT_WATCH = re.compile(r"(?<!た)(時|とき)(は)?、")


def _begun_before(before: str | None, sentence: str) -> bool:
    """Whether the sentence before (in the same line) begins a replacement: it watches an event in the present
    and has no 「かわりに」 of its own (「…置かれるとき、自分の手札を1枚墓地に置いてよい。その場合、…かわりに…」);
    a triggered ability's 「攻撃する時、」 watches none when the sentence is a condition, then what its effect does
    instead (「自分のシールドが2枚以下なら、かわりに…を出す」)."""
    if before is None or c.INSTEAD in before:
        return False
    before = normalize(before)
    trigger = _TRIGGER_HEAD.match(before)  # 「攻撃する時、」: a triggered ability's condition, no event watched
    if trigger is not None and _CONDITION_THEN_INSTEAD.match(normalize(sentence)):
        before = before[trigger.end() :]
    return _PRESENT_WATCH.search(before.replace("時", "とき")) is not None


# 「自分のシールドが2枚以下なら、かわりに…」: a condition, then what is done instead (no follow-up's lead)
_CONDITION_THEN_INSTEAD = re.compile(r"^(?!そう|その)[^。、]*?(?:あれば|なら|ならば|ていれば|いれば)、?かわりに")


# サバイバー: 「このサバイバー」's ■ ability is had by every survivor of its player's in the battle zone
# (「このクリーチャーの■能力は、バトルゾーンにある自分のサバイバーすべてが持つ」), each its own 「このクリーチャー」
_SURVIVOR = "このサバイバー"
SURVIVORS = Filter(whose="own", races=("サバイバー",))


def _read_replacement(sentence: str) -> list:
    """The abilities of a replacement sentence; 「このサバイバーが…時」 is each own survivor's (a grant to them)."""
    if _SURVIVOR not in sentence:
        return c.read_sentence(sentence, "replacement")
    abilities = c.read_sentence(sentence.replace(_SURVIVOR, "このクリーチャー"), "replacement")
    if any(a.watch.subject != "this" for a in abilities):
        raise ReadError("「このサバイバー」 named otherwise than as the card whose event is watched")
    return [replace(a, granted_to=SURVIVORS) for a in abilities]


def _holder_named(sentence: str, pending: PendingGrant | None, keyword: str | None) -> str:
    """In the reminder of a keyword a grant gives, 「「X」を持つクリーチャーを」 with no number is the card the keyword
    is given to, as 「「X」を得たクリーチャーを」 says it (「かわりに「シールド・セイバー」を持つクリーチャーを
    破壊してもよい」); in the reminder of a keyword, given or printed, 「「X」を持つクリーチャーが…時」 is the card that
    has it (「「エスケープ」を持つクリーチャーが破壊される時」: its own destruction, not every creature's with it), and
    「「X」を持つクリーチャーを1体」 one of its player's creatures that have it."""
    held = pending.keyword if pending is not None else keyword
    if not held:
        return sentence
    # the keyword by its name (「「セイバー」を持つ」) or with what follows its colon (「「セイバー:X」を持つ」)
    word = f"「{re.escape(held.split(':')[0])}(?::[^」]*)?」"
    sentence = re.sub(f"({word})" + r"を持つクリーチャーが", r"\1を得たクリーチャーが", sentence)
    # a number of them chosen (「「セイバー:ドラゴン」を持つクリーチャーを1体」): its player's, whose the keyword is;
    # an opponent's creature with it has it for the opponent's cards
    sentence = re.sub(
        f"(?<!自分の)(?<!相手の)({word})" + r"を持つクリーチャーを(?=\d)", r"\1を持つ自分のクリーチャーを", sentence
    )
    if pending is None:
        return sentence
    return re.sub(f"({word})" + r"を持つクリーチャーを(?![\d、])", r"\1を得たクリーチャーを", sentence)


# The words that begin what follows a replacement (「そうした場合、」「その後、」), and a limit on when the ability
# before may be used (「この能力は1ターンに1度しか使えない」)
_GOES_ON_WORDS = tuple(c.FOLLOW_UP) + ("その後", "そうしなければ", "そうしない場合")
_USE_LIMITED = re.compile(r"(?:この|その)(?:能力|効果)は|[^。]*?(?:しか使え|のみ使え)")
# 「…タップされていれば、上の能力は使えない」「相手のターン中、この能力は使えない」「…他のドラゴンもこの能力を得る」:
# an ability printed before it, named (a condition on its use, or a grant of it to other cards)
_NAMES_AN_ABILITY = re.compile(
    r"[^。]*?(?:この|上の|これらの|その)(?:能力|効果)(?:は[^。]*?使え(?:ない|ず)|を[^。]*?(?:得る|持つ|与える))"
)


# A sentence after a replacement, in its line, that says more of it: when it may be used (「この能力は1ターンに
# 1度しか使えない」「この効果は相手のターン中にのみ使える」), what may not be used (「(「S・トリガー」は使えない)」, in
# brackets too, when no follow-up reads it), what is done if it is not (「そうしなければ、…」), or
# what is done with the cards it acted on (「捨てたカードがクリーチャーなら、…」「こうして…」)
_SAYS_MORE = re.compile(
    r"(そうしなければ|そうしない場合|(この|その)(能力|効果)|この方法で|[^、。]{0,6}た(カード|クリーチャー|シールド)|こうして"
    r"|[^。]*?(?:1ターンに|各ターン|しか使え|のみ使え|のみ使う|使ってもよい|は使えない))"
)


def _part_of_the_replacement(group: Group, sentence: str) -> str | None:
    """Why a sentence after a replacement is part of it, which the vocabulary cannot state; never dropped as a
    sentence of its own."""
    if REFERS_BACK.match(sentence) and not _names_earlier(group):
        # 「…かわりに表向きにする。それが「S・トリガー」を持つ呪文なら、…」: what is done with the replaced event's card
        return (
            f"「{sentence[:12]}…」 after a replacement names its card again: what is done with it is part of the "
            "replacement, which the vocabulary cannot state"
        )
    if _SAYS_MORE.match(sentence):
        return (
            f"「{sentence[:12]}…」 after a replacement says more of it (when it may be used, what is done if it is "
            "not, or with what it acted on), which the vocabulary cannot state"
        )
    return None


# What may follow a replacement of the card's own in its line and be an ability of its own: a restriction of this
# card, with no duration and no other card named (「このクリーチャーは攻撃できない」, said with the replacement:
# 「このクリーチャーは攻撃できず、…離れる時、かわりにとどまる」).
_OWN_RESTRICTION = re.compile(
    r"^(?:[^。]*?(?:あれば|なら)、)?このクリーチャーは(?:(?!その|この|次の)[^。])*?(?:できない|されない)$"
)


def _other_problem(group: Group | None, sentence: str, reminder: bool, line_acts: bool, in_line: bool) -> str | None:
    """Why a sentence with no 「かわりに」 and no grant is not read as an ability of its own: part of the replacement
    before it, in its line (a reminder in brackets explains and adds nothing), a grant of a replacement keyword in
    other words, or an exception to the sentence before (「ただし、このクリーチャーは得ない」)."""
    problem = _part_of_the_replacement(group, sentence) if group is not None else None
    if problem is None and group is not None and not line_acts and not _made_by_an_effect(group) and not reminder:
        problem = _goes_on(sentence)
    problem = problem or _unread_grant_problem(sentence)
    if problem is None and sentence.startswith("ただし") and in_line and not reminder:
        problem = f"「{sentence[:12]}…」 makes an exception to the sentence before, which no form states"
    return problem


def _goes_on(sentence: str) -> str | None:
    """A sentence after a replacement of the card's own, in its line, goes on with it: its 「。」 joins them (101.5a),
    so it is part of what happens instead (an else branch, what the player does then, a duration, a narrowing),
    never an ability of its own, unless it is a restriction of this card alone (``_OWN_RESTRICTION``)."""
    if _OWN_RESTRICTION.match(sentence):
        return None
    return (
        f"「{sentence[:12]}…」 after a replacement, in its line, goes on with it (「。」 joins the sentences, "
        "101.5a): what it adds is no form of the vocabulary"
    )


def _made_by_an_effect(group: Group) -> bool:
    """Whether the group's replacements are made by an effect (「そのターン、…」, 「それが光のカードであれば」 after
    what a triggered ability does): a sentence after them may be that effect's, not theirs."""
    return _names_earlier(group) or any(a.duration is not None for a in group.abilities)


def _replaces_before(done: list[c.Sentence], line_before: str | None) -> bool:
    """Whether the sentence before, in the same line, is a replacement (read or not): a 「かわりに」 after it goes on
    with it (「ただし、…なら、かわりに…」), never the effect's own (a static ability has no effect)."""
    if line_before is None or not done:
        return False
    before = done[-1]
    return before.text == line_before and c.INSTEAD in before.text and before.verdict in ("replacement", "unreadable")


def _names_earlier(group: Group) -> bool:
    """Whether the group's abilities read the cards an earlier sentence names (「それが光のカードであれば」): then a
    「それ」 after it names those cards too, not the replaced event's."""
    return any(cond.earlier is not None for a in group.abilities for cond in a.conditions)


def _named_as(rendering: str, noun: str) -> str:
    """The rendering with this card named 「<noun>」 outside 「」 (a quoted ability's 「このクリーチャー」 is the card
    given it; a keyword's name is no card)."""
    out, depth, start = [], 0, 0
    for i, char in enumerate(rendering):
        if char == "「" and depth == 0:
            out.append(rendering[start:i].replace("このクリーチャー", noun))
            start = i
        if char in "「」":
            depth += 1 if char == "「" else -1
            if depth == 0:
                out.append(rendering[start : i + 1])
                start = i + 1
    if depth != 0:
        return rendering  # quotes that do not close: left as rendered
    return "".join(out) + rendering[start:].replace("このクリーチャー", noun)


def _check(groups: list[Group], result: c.Compiled, this_noun: str | None) -> None:
    """Each group's rendering against its printed sentences; a group that differs is refused. ``this_noun`` names
    this card in the rendering when it is no creature (「このクロスギア」), as its type says."""
    for group in groups:
        problem, rendering = _round_trip(group)
        if rendering is not None and this_noun is not None:
            rendering = _named_as(rendering, this_noun)
        group.sentence.rendering = rendering
        if problem is not None:
            group.sentence.verdict, group.sentence.problem = "unreadable", problem
            group.sentence.refusal = "round_trip"
            continue
        unread = _cast_by_which(group, result.text)
        if unread is not None:
            group.sentence.verdict, group.sentence.problem = "unreadable", unread
            continue
        if group.sentence.verdict == "replacement":
            result.abilities.extend(group.abilities)


def _of_castle(ability: ReplacementAbility) -> ReplacementAbility:
    """An ability of a castle: its own 「離れる」 is of the shield zone it is in (its rendering then names that zone),
    and it works there, fortifying a shield."""
    if ability.watch.subject == "this" and ability.watch.events == ("leave",):
        ability = replace(ability, watch=replace(ability.watch, events=("leave_shields",)))
    if ability.watch.subject != "fortified":
        if ability.works_in == default_works_in(ability.watch, ability.spell_own_movement):
            ability = replace(ability, works_in="shields")
    return ability


def _cast_by_which(group: Group, text: str) -> str | None:
    """「それを唱えた後」 names the spell the sentence before it cast; on a card with more than one ability that casts a
    spell, the vocabulary's 「this card's ability cast it」 would take the others' spells too: refused."""
    if not any(a.watch.subject == "cast_by_this" for a in group.abilities):
        return None
    plain = re.sub(r"[（(][^）)]*[）)]", "", text)  # a keyword's reminder (S・トリガー's 「この呪文を…唱えてもよい」)
    if len(re.findall(r"(?<!この)呪文を[^。]*?唱え(?:てもよい|てよい|る(?=。|$|\s))", plain)) < 2:
        return None
    return (
        "「それを唱えた後」 on a card with more than one ability that casts a spell: the spell of the sentence before "
        "it alone, which the vocabulary cannot state apart from the others'"
    )


def _type_flags(card_type: str | None) -> tuple[bool, bool, bool]:
    """Whether a card of this type is a castle; is no spell (「クリーチャー」, 'creature': no ability of its own watches
    itself cast); is a spell alone (no twinpact, whose creature side's abilities work in the battle zone)."""
    castle = card_type is not None and ("城" in card_type or card_type in ("castle", "g_castle"))
    no_spell = card_type is not None and not any(w in card_type for w in _SPELL_TYPES)
    return castle, no_spell, card_type in ("呪文", "spell")


def _given_in_trigger(grant: Grant, sentence: str, line_before: str | None) -> str | None:
    """「…出た時、カードを1枚引く。自分のクリーチャーはすべて「…」を得る」: what the triggered effect gives, for no
    time said, which the vocabulary cannot state."""
    if grant.duration is not None or line_before is None or not _TRIGGER_LINE.match(line_before):
        return None
    return f"「{sentence[:16]}…」 after what a triggered ability does, in its line: given for no time said"


def _spell_effect_problem(abilities: list[ReplacementAbility], sentence: str) -> str | None:
    """Why a spell's replacement of other cards' events with no time said (「■自分のクリーチャーが破壊される時、
    かわりに手札に戻す」) is not read: an effect the spell creates as it resolves, lasting no time said, not an ability
    of a card in the battle zone (a spell never is). Its own card's events (「この呪文を唱えた後」, its discard) are
    its own."""
    lasting = [a for a in abilities if a.duration is None and a.watch.subject != "this" and a.works_in == "battle"]
    if not lasting or any(a.watch.events == ("spell_to_graveyard",) for a in lasting):
        return None  # (an ability working where the spell is, its hand: 「かわりに自分の手札にあるこのカードを捨て」)
    return f"「{sentence[:16]}…」 on a spell: an effect it creates, for no time said, which the vocabulary cannot state"


# 「このターン、自分のクリーチャー1体が…時」: one card of the watched event counted, in an effect that lasts
_ONE_WATCHED = re.compile(r"(?:^|、)[^、。]*?(?:クリーチャー|カード|[ァ-ヺー・]+)1(?:体|枚|つ)が[^、。]*?時、")


def _counted_problem(abilities: list[ReplacementAbility], sentence: str) -> str | None:
    """An effect for a time said that watches 「…1体が」 (「このターン、自分のクリーチャー1体が墓地に置かれる時、…」,
    不死身の果実): whether it is used up by one card or replaces each is not said (a static ability's 「1体が」,
    a saver's, is each card's event)."""
    if any(a.duration is not None for a in abilities) and _ONE_WATCHED.search(sentence.split(c.INSTEAD)[0]):
        return "「…1体が…時」 in an effect for a time: used up by one card, or each card's, the text does not say"
    return None


def _effect_problem(
    abilities: list[ReplacementAbility], sentence: str, line_before: str | None, spell: bool
) -> str | None:
    """Why a replacement an effect creates is not read: the cards it watches counted (``_counted_problem``), or made
    for no time said (``_in_trigger_problem``)."""
    return _counted_problem(abilities, sentence) or _in_trigger_problem(abilities, sentence, line_before, spell)


def _in_trigger_problem(
    abilities: list[ReplacementAbility], sentence: str, line_before: str | None, spell: bool
) -> str | None:
    """Why a replacement an effect creates for no time said is not read: after what a triggered ability does, in its
    line (「このクリーチャーが攻撃する時、カードを1枚引く。このクリーチャーは破壊されるかわりに…」), or on a spell
    (``spell``: ``_spell_effect_problem``), not the card's ability that always works. The spell the triggered
    ability casts (「それを唱えた後、墓地のかわりに…」) is replaced as long as it is cast."""
    lasting = [a for a in abilities if a.duration is None and a.watch.events != ("spell_to_graveyard",)]
    if spell and (problem := _spell_effect_problem(abilities, sentence)) is not None:
        return problem
    if line_before is None or not lasting or not _TRIGGER_LINE.match(line_before):
        return None
    if _PASSIVE_TRIGGER.match(line_before) and re.search(r"時、(?:[^、。]*?(?:ば|なら)、)?かわりに", sentence):
        return None  # after 「破壊された時、…」, one watching an event of its own may be an ability (シールド・ゴー)
    return (
        f"「{sentence[:16]}…」 after what a triggered ability does, in its line: an effect that ability creates, "
        "for no time said, which the vocabulary cannot state; not read"
    )


def _holder_problem(abilities: list[ReplacementAbility], keyword: str | None) -> str | None:
    """Why a keyword's reminder that watches cards with its own keyword other than the one that has it
    (「「エスケープ」を持つ自分のクリーチャーが…時」) is not read: ``_holder_named`` reads only the holder."""
    word = (keyword or "").split(":")[0]
    for ability in abilities:
        if word and ability.watch.filter is not None and word in ability.watch.filter.keywords:
            return (
                f"「{word}」's reminder watches the cards with 「{word}」 in other words than the one that has it "
                "(「「…」を持つクリーチャーが…時」): which cards, the vocabulary cannot state"
            )
    return None


def _holder_printed(text: str, abilities: list[ReplacementAbility]) -> str:
    """The printed sentence with the keyword holder said as ``_holder_named`` read it (「「K」を得たクリーチャーが」,
    which the comparison's normalisation says as the rendering does)."""
    for ability in abilities:
        if ability.keyword:
            text = _holder_named(text, None, ability.keyword)
    return text


def _round_trip(group: Group) -> tuple[str | None, str | None]:
    for ability in group.abilities:
        problem = read_back(ability)
        if problem is not None:
            return problem, None
    try:
        rendering = render_group(group.abilities, group.grant)
    except ReadError as error:
        return f"its reading cannot be written back in card Japanese ({error})", None
    quoted = group.grant is not None and group.grant.quoted  # the ability's sentences are the grant's, quoted
    texts = [_holder_printed(text, group.abilities) for text in group.texts]
    printed = "。".join(([group.grant_text] if group.grant_text else []) + ([] if quoted else texts))
    if canonical(rendering) != canonical(printed):
        return f"its reading renders as 「{rendering}」, not as printed 「{printed}」", rendering
    return None, rendering


def _grants_a_keyword(sentence: str) -> tuple[str, str | None] | None:
    """(keyword, what its colon names) when the sentence grants a keyword that has a replacement."""
    m = _GRANT.search(sentence)
    if m is None:
        return None
    word = m.group(1)
    if word in c.keyword_table()["keywords"] or word in c.keyword_table()["two_kinds"]:
        return word, m.group(2)
    return None


def _unread_grant_problem(body: str) -> str | None:
    """Why a sentence that gives a keyword with a replacement, in words other than one keyword's grant
    (「「エターナル・Ω」と「W・ブレイカー」を得る」, 「「シールド・セイバー」を得、…」), is not read."""
    if not re.search(r"(?:得る|得、|得て|与える|与え、|与えて)", body):
        return None
    table = c.keyword_table()
    for found in re.finditer(r"「([^」:]+)(?::[^」]*)?」(?!を持)", body):  # 「「K」を持つ」 is a filter, no grant
        word = found.group(1)
        if word in table.get("unknown", ()):
            return f"「{word}」 given (「{body[:16]}…」) has a replacement whose reminder is not known: not read"
        if word in table["keywords"] or word in table["two_kinds"]:
            return (
                f"「{word}」 given with other words than one keyword's grant (「{body[:16]}…」): which cards get it, "
                "the vocabulary cannot state; not read"
            )
    return None


def _quoted_ability(sentence: str) -> tuple[str, None, bool] | None:
    """(the ability, no colon, quoted) when the sentence gives the replacement ability it quotes (「…はすべて「この
    クリーチャーが破壊される時、かわりに手札に戻す」を得る」): the quotes that close before 「を得る」「を与える」."""
    end = re.search(r"」を(得る|与える)$", sentence)
    if end is None:
        return None
    depth = 0
    for i in range(end.start(), -1, -1):
        depth += {"」": 1, "「": -1}.get(sentence[i], 0)
        if depth == 0:
            inner = sentence[i + 1 : end.start()]
            return (inner, None, True) if c.INSTEAD in inner else None
    return None


def _quoted_sentences(sentence: str, inner: str) -> list[tuple[int, str]]:
    """The quoted ability's sentences, with their offsets in the grant's sentence; the first one is the
    replacement (a quoted ability that begins otherwise is refused with its first sentence)."""
    start = sentence.rindex(f"「{inner}」") + 1
    found = [(start + at, one) for at, one in sentences(inner)]
    if found and c.INSTEAD not in found[0][1]:
        raise ReadError("a quoted ability whose first sentence is no replacement")
    return found


def _break_by_creature(watch) -> bool:
    return watch.events == ("break",) and "by_creature" in watch.conditions


def _attach(ability: ReplacementAbility, follow: Followup) -> ReplacementAbility:
    """A follow-up sentence's meaning, added to the replacement it follows."""
    if follow.kind in ("then", "afterwards"):
        # 「その後、」 goes on with the sentence before it: the replacement's (part of what it makes happen), or a
        # 「そうした場合、」 step's (a new event, 101.5a)
        afterwards = follow.kind == "afterwards" and all(s.afterwards for s in ability.then)
        step = then_step(follow.clauses, f"then{len(ability.then) + 1}", afterwards=afterwards)
        if any("event_source" in e.cards for e in step.events) and not _break_by_creature(ability.watch):
            raise ReadError(
                "「そのシールドをブレイクしたクリーチャー」 of a watched event that is no break by a creature"
            )
        return replace(ability, then=ability.then + (step,))
    if follow.kind in ("shuffle", "shuffle_own"):
        watch = ability.watch
        if (
            follow.kind == "shuffle_own"
            and watch.subject != "this"
            and (watch.filter is None or watch.filter.whose != "own")
        ):
            raise ReadError(
                "「自分の山札をシャッフルする」 after a card that may be another player's is put into its deck"
            )
        for i, action in enumerate(ability.instead):
            if action.kind in ("move", "move_source") and action.zone == "deck":
                instead = list(ability.instead)
                instead[i] = replace(action, position="shuffle")
                return replace(ability, instead=tuple(instead))
        raise ReadError("「山札をシャッフルする」 follows no move into the deck")
    if follow.kind == "no_trigger":
        for i, action in enumerate(ability.instead):
            slot = action.slot
            if slot is not None and (slot.from_zone, slot.to_zone) == ("shields", "hand"):
                instead = list(ability.instead)
                instead[i] = replace(action, slot=replace(slot, no_trigger=True))
                return replace(ability, instead=tuple(instead))
        raise ReadError("「その「S・トリガー」は使えない」 follows no shield put into the hand")
    if follow.kind == "no_win":
        if ability.watch.events != ("lose",) or ability.watch.filter != Filter(whose="own"):
            raise ReadError("「相手はゲームに勝たない」 of a watched event that is no win of the opponent's")
        return ability  # the replaced win does not happen: the replacement says so
    _stays_said_of_watched(ability, follow.card)
    if not any(a.kind == "stay" for a in ability.instead):  # stays
        return replace(ability, instead=(Action("stay"),) + ability.instead)
    return ability


def _stays_said_of_watched(ability: ReplacementAbility, card: str | None) -> None:
    """「そうした場合、このクリーチャーはとどまる」 names the watched card: this card when the replacement watches it,
    else 「その」 and the watched phrase's head (「自分のハンターが離れる時、…。そうした場合、そのハンターは…」;
    「そのシールド」 of a watched shield)."""
    watch = ability.watch
    if card is None or card in ("そのクリーチャー", "そのカード") or (card == "そのシールド" and shield_event(watch)):
        return
    if card.startswith("この"):
        if watch.subject != "this":
            raise ReadError(f"「{card}はとどまる」 after a replacement that watches other cards than this one")
        return
    noun = card.removeprefix("その")
    if watch.subject == "this" or watch.filter is None or noun not in (head_word(watch.filter), *watch.filter.races):
        raise ReadError(f"「{card}はとどまる」 names no card the watched event's phrase says")


def _across_sentences(sentence: str) -> str:
    return (
        f"「{sentence[:16]}…」 goes on with the replacement the sentence before begins "
        "(「…る時、…」): a replacement said across two sentences is no form of the vocabulary"
    )


def _unread(error: ReadError, sentence: str, watch_said: object) -> str:
    """Why a replacement sentence is not read: with no watched event said, a player in another's place by name."""
    player = None if watch_said else _player_replaced(sentence)
    return player or _quoting(error, sentence)


def _quoting(error: ReadError, sentence: str) -> str:
    """The refusal, quoting the sentence it is of when it quotes no phrase itself."""
    problem = str(error)
    return problem if "「" in problem else f"{problem} (「{sentence[:24]}…」)"
