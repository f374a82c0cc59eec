"""Printed text as the grammar reads it.

Variants of the same wording are made one before parsing (the grammar lists
only one of each): full and half width (NFKC), 「代わり」/「かわり」,
「とき」/「時」, kana numbers, spaces. Card names inside 《》 are left as
printed, since they are looked up as printed.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

# Whole-word variants of the printed wording, old and new.
WORDING = (
    ("代わり", "かわり"),
    # a keyword's printed reading (「「S(シールド)・トリガー」は使えない」): the keyword
    ("S(シールド)・トリガー", "S・トリガー"),
    ("ときは、", "時、"),
    ("時は、", "時、"),  # 「…離れる時は、かわりに」
    ("とき、", "時、"),
    ("ひとつ", "1つ"),
    ("ふたつ", "2つ"),
    ("みっつ", "3つ"),
    ("ゾーンから、", "ゾーンから"),
    ("一度", "1度"),
    ("このシノビ", "このクリーチャー"),  # a shinobi's text names itself by its race: this creature
    ("コストの小さい方に", "コストの小さいほうに"),  # a card of two sides, flipped: 「方」 in kanji or kana
    ("コストの大きい方に", "コストの大きいほうに"),
    # 「…が5枚以上あるなら、」「…カードであるなら、」: the condition said with 「なら」
    ("であるなら、", "であれば、"),
    ("あるなら、", "あれば、"),
    ("ある場合、", "あれば、"),
    ("ている場合、", "ていれば、"),
    ("ているなら、", "ていれば、"),
    ("一回", "1回"),
    # once each turn, however said: 「各ターン1回」「1ターンに1回」「1ターンに1度」 (as 「各ターンに1度」)
    ("各ターン1回", "各ターンに1度"),
    ("各ターン1度", "各ターンに1度"),
    ("各ターンに1回", "各ターンに1度"),
    ("1ターンに1回", "各ターンに1度"),
    ("1ターンに1度", "各ターンに1度"),
    ("好きな枚数", "好きな数"),
    ("そろって", "揃って"),
    ("の1番上", "の一番上"),
    ("一枚", "1枚"),
    ("一体", "1体"),
    ("ほかの", "他の"),  # 「自分のほかの自然のクリーチャー」
    ("の1番下", "の一番下"),
    ("好きな順番で", "好きな順序で"),
    ("そのあと、", "その後、"),
    ("全て", "すべて"),  # 「自分のクリーチャーは全て」: the kanji of 「すべて」
    ("好きな順で", "好きな順序で"),
    ("進化ー", "進化-"),  # the keyword's label, its dash printed as a long vowel mark
    ("\u2212", "-"),  # a keyword's label after the minus sign (「龍回避−このクリーチャーが…」)
    ("\u2015", "-"),  # or after a dash (「マナ武装3―このクリーチャーが…」)
    ("をを", "を"),  # a particle printed twice (a card list's typo: 「そのシールドのうち1つをを」)
    ("相手プレイヤー", "相手"),  # the old wording of 「相手」
    ("相手クリーチャーにブレイクされる", "相手のクリーチャーにブレイクされる"),
    ("相手のカードの効果によって", "相手の効果によって"),  # the effect of an opponent's card: theirs
    ("自分のカードの効果によって", "自分の効果によって"),
    ("相手のカードの効果で", "相手の効果によって"),
    ("自分のカードの効果で", "自分の効果によって"),
    ("自分の手札にあるこのカードが捨てられる", "このカードが手札から捨てられる"),
    ("自分の手札にあるこのカードが手札から捨てられる", "このカードが手札から捨てられる"),
    ("この呪文が自分の手札から捨てられる", "このカードが手札から捨てられる"),  # a spell's card, from the hand
    ("この呪文が手札から捨てられる", "このカードが手札から捨てられる"),
    # what is done instead: 「このカードを自分の手札から捨てる」 is 「自分の手札にあるこのカードを捨てる」
    ("かわりにこのカードを自分の手札から捨て", "かわりに自分の手札にあるこのカードを捨て"),
    ("かわりにこのカードを手札から捨て", "かわりに自分の手札にあるこのカードを捨て"),
    ("このターン中に1度、", "このターン、次に、"),  # once this turn: the next time this turn
    ("ただし、そうした場合、", "そうした場合、"),  # 「ただし」 (however) before a follow-up adds nothing
    ("引く時、1枚につき、かわりに", "引く時、かわりに"),  # each card drawn is a draw of its own (609.6)
    ("引く時、1枚のかわりに", "引く時、かわりにカードを"),  # 「1枚のかわりに2枚引く」: each card drawn, two instead
    ("唱えた後、その呪文を墓地に置く時、かわりに", "唱えた後、墓地に置くかわりに"),  # the spell's move said as an event
    ("ただし、そうしたら、", "そうしたら、"),
    # 「…を新しいシールドとして加える」: into its owner's shield zone, the one zone a shield is added to
    ("新しいシールドとして加え", "新しいシールドとして持ち主のシールドゾーンに加え"),
    # 「相手はそのシールドを手札に加えず、かわりに墓地に置く」: not done, and instead, as 「加えるかわりに」 says it
    ("加えず、かわりに", "加えるかわりに"),
    ("置かず、かわりに", "置くかわりに"),
    ("戻さず、かわりに", "戻すかわりに"),
    # 「この城が付いているシールド」「この城で要塞化したシールド」: the shield this castle fortifies
    ("この城が付いているシールド", "この城を付けて要塞化したシールド"),
    ("この城で要塞化したシールド", "この城を付けて要塞化したシールド"),
    ("この城が要塞化しているシールド", "この城を付けて要塞化したシールド"),
    ("この城が要塞化されているシールド", "この城を付けて要塞化したシールド"),
    ("この城で要塞化されたシールド", "この城を付けて要塞化したシールド"),
    ("この城によって要塞化されたシールド", "この城を付けて要塞化したシールド"),
    ("このカードで要塞化されたシールド", "この城を付けて要塞化したシールド"),  # the castle's own card
    ("このカードで要塞化したシールド", "この城を付けて要塞化したシールド"),
    ("このカードを付けて要塞化したシールド", "この城を付けて要塞化したシールド"),
    ("この城で要塞化されているシールド", "この城を付けて要塞化したシールド"),
    ("この進化クリーチャー", "このクリーチャー"),  # this card, an evolution creature: what its type line says
    # 「このクロスギアがクロスされているクリーチャー」: the creature it is crossed to, said of the gear
    ("このクロスギアがクロスされているクリーチャー", "これをクロスしたクリーチャー"),
    ("これがクロスされているクリーチャー", "これをクロスしたクリーチャー"),
    ("｢", "「"),
    ("<<", "《"),  # a card list's brackets for a card name: 「<<ブラザー・リザード>>」
    (">>", "》"),
    ("｣", "」"),
)
_STEM = {"置い": "置き", "捨て": "捨て", "戻し": "戻し", "破壊し": "破壊し", "加え": "加え"}


def may_form(text: str) -> str | None:
    """``text`` with its last verb said with 「てもよい」 (「手札に戻す」 → 「手札に戻してもよい」); None when it
    ends in no verb this knows."""
    if text.endswith("とどまる"):
        return text[:-1] + "ってもよい"
    for plain, may in (
        ("する", "してもよい"),
        ("す", "してもよい"),
        ("く", "いてもよい"),
        ("る", "てもよい"),
        ("う", "ってもよい"),
    ):
        if text.endswith(plain):
            return text[: -len(plain)] + may
    return None


# 「…墓地に置いてよい。その場合、…かわりに…」: what the player does first, said in a sentence of its own, which
# _cost_then_instead and _cost_then_stays read as part of one replacement (its result, 101.5); a scenario refuses it
# beside another ability that may replace that act (reading/scenario.py)
COST_SAID_FIRST = re.compile(r"て(?:も)?よい。\s*(?:その場合|そうした場合|そうしたら)、[^。]*かわりに")


def _watches_this(head: str, this: str) -> bool:
    """The event 「…時、」 ends ``head`` with is of this card: the clause that says it begins with ``this``
    (「このクリーチャーが」), a condition before it aside (「このクリーチャーがタップされていれば、自分のドラゴンが破壊
    される時」 watches the dragon); a clause with no subject of its own goes on with the one before it."""
    for part in reversed([p for p in re.split(r"[、。]", head) if p]):
        if "が" in part or "は" in part:
            return part.startswith(this)
    return False


def _cost_then_instead(match: re.Match[str]) -> str:
    """「…置かれるとき、手札を1枚墓地に置いてよい。その場合、このクリーチャーを墓地に置くかわりに手札に戻す」:
    what the player may do, then what is done instead if they do, is one optional replacement whose actions are
    both: 「…置かれるとき、墓地に置くかわりに、手札を1枚墓地に置き、手札に戻してもよい」. Only when the card the second
    sentence names (「このクリーチャーを」) is the one the first watches; else the text is left as printed."""
    head, cost, stem, original, rest, verb = match.group("head", "cost", "stem", "original", "rest", "verb")
    if match.group("named") and not _watches_this(head, "この"):
        return match.group(0)  # this card named after another card's event: no one replacement of it
    return f"{head}{original}かわりに、{cost}{_STEM[stem]}、{may_form(rest + verb)}"


_KIND_SAID_AFTER = re.compile(
    r"(?P<lead>^|、)(?P<whose>自分|相手)の(?P<mods>(?:(?!ターン|時)[^、。がに])*?)(?P<head>クリーチャー|カード|シールド|手札|[ァ-ヺー・]+)が"
    r"(?P<event>(?:[^、。をと]|(?<=ゾーン)を(?=離れ))*?(?:時|とき))、(?P<ref>それ|その(?:クリーチャー|カード|シールド|[ァ-ヺー・]+))が(?P<kind>[^、。がをには]+?)"
    r"(?P<neg>であれば|なら|でなければ|でない場合)、"
)
# An event that names another card than the watched one (a cause that is a card's, a battle's other creature, an
# object), which 「そのクリーチャー」 after it could name: 「…の能力によって破壊される時、そのクリーチャーのコストが…」
# (a spell or an effect as the cause, 「相手の効果によって」, names no creature)
_NAMES_ANOTHER = re.compile(
    r"(?:クリーチャー|カード|能力|[》」]|攻撃|ブロック)(?:によって|で)|バトル(?!ゾーン)|(?<!ゾーン)を|との|に(?=破壊|ブレイク|選ばれ)"
)
_NOUN_END = re.compile(r"(?:クリーチャー|カード|呪文|[ァ-ヺー・]+)$")
_NOUN_HEADS = ("クリーチャー", "カード", "シールド", "手札")  # the heads of _KIND_SAID_AFTER that are no race


def _another_named(head: str, ref: str, event: str) -> bool:
    """Whether 「その<ref>」 after 「…の<head>が<event>時、」 may name another card than the watched one: the
    event names another card, or 「そのクリーチャー」 follows another head than 「クリーチャー」 (a race's
    「そのエイリアン」 is its own; a shield, a card, a cross gear is no creature)."""
    return bool(_NAMES_ANOTHER.search(event)) or ref != head


def _kind_said_after(match: re.Match[str]) -> str:
    """「自分のクリーチャーが…時、それが進化クリーチャーであれば、」: 「自分の進化クリーチャーが…時、」."""
    lead, whose, mods, head, event, kind, neg = match.group("lead", "whose", "mods", "head", "event", "kind", "neg")
    if kind.startswith(("自分", "相手", "この", "その", "他の")) or "以外" in kind or "召喚" in kind or "出" in kind:
        return match.group(0)
    # the card named again is the watched one: its head, or 「それ」, and the event names no other card (no object
    # 「…を」, no partner 「…と」, no cause 「…によって」, whose card 「そのクリーチャー」 could be)
    if match.group("ref") not in ("それ", "その" + head, *(("そのカード",) if head in ("シールド", "手札") else ())):
        return match.group(0)
    if _NAMES_ANOTHER.search(event):
        return match.group(0)
    if re.fullmatch(r"(?:パワー|コスト)\d+(?:以上|以下)", kind) and head not in ("シールド", "手札"):
        # 「そのクリーチャーがコスト5以下であれば」: its cost or power, a modifier of the watched card
        return match.group(0) if neg not in ("であれば", "なら") else f"{lead}{whose}の{kind}の{mods}{head}が{event}、"
    if head not in _NOUN_HEADS:  # a race: 「そのエイリアンが光のクリーチャーであれば」
        said = kind.removesuffix("クリーチャー")
        if neg not in ("であれば", "なら") or said in ("", kind) or "進化" in said or not said.endswith(("の", "る")):
            return match.group(0)
        return f"{lead}{whose}の{mods}{said}{head}が{event}、"
    if head in ("シールド", "手札"):  # 「自分のシールドが手札に加えられる時、そのカードがシノビであれば」
        zone, verb = ("シールドゾーン", "手札に加えられる") if head == "シールド" else ("手札", "捨てられる")
        if neg not in ("であれば", "なら") or mods or not event.startswith(verb):
            return match.group(0)
        return f"{lead}{whose}の{kind}が{zone}から{event}、"
    if neg in ("でなければ", "でない場合"):
        if kind == "進化クリーチャー":
            kind = "進化"
        elif kind in (
            "サイキック・クリーチャー",
            "GRクリーチャー",
            "NEOクリーチャー",
            "呪文",
            "タマシード",
            "クロスギア",
        ):
            pass  # 「それがサイキック・クリーチャーでなければ」: 「サイキック・クリーチャーではないクリーチャー」
        elif kind not in ("多色", "無色") and not re.fullmatch(r"[ァ-ヺー・]+", kind) or kind.endswith("クリーチャー"):
            return match.group(0)  # 「サイキック・クリーチャーでなければ」: no modifier says it
        return f"{lead}{whose}の{mods}{kind}ではない{head}が{event}、"
    if kind in ("多色", "無色"):
        return f"{lead}{whose}の{mods}{kind}の{head}が{event}、"
    if not _NOUN_END.search(kind) or (head == "クリーチャー" and kind.endswith(("カード", "呪文"))):
        return match.group(0)
    if head == "カード" and not kind.endswith(("カード", "呪文")):
        # 「自分のカードが墓地に置かれる時、それがクリーチャーであれば」: a creature card of any zone, which
        # 「自分のクリーチャーが」 (of the battle zone) does not say
        return match.group(0)
    return f"{lead}{whose}の{mods}{kind}が{event}、"


# The te-form of a verb's ending (「戻す」→「戻して」), for 「…ことができる」 said as 「…てもよい」
_TE = {"す": "して", "く": "いて", "ぐ": "いで", "つ": "って", "む": "んで", "ぶ": "んで", "う": "って"}


def _may(match: re.Match[str]) -> str:
    """「かわりに手札に戻すことができる」: 「かわりに手札に戻してもよい」 (a verb in 「える」「出る」 drops its 「る」;
    another in 「る」, 「とどまる」, doubles it: 「とどまって」)."""
    before, stem, end = match.group(1, 2, 3)
    if stem + end == "する":
        return f"{before}してもよい"
    if end == "る":
        te = "て" if stem in "えけせてねべめれげでじ出見い" else "って"
        return f"{before}{stem}{te}もよい"
    return f"{before}{stem}{_TE[end]}もよい"


def _player_puts_cards(match: re.Match[str]) -> str:
    """「相手が山札からカードを手札に加える時」: 「相手のカードが山札から手札に加えられる時」."""
    player, by, source, to_first, to_after, verb = match.group(1, 2, 3, 4, 5, 6)
    to = to_first or to_after
    if source == to or to == "シールドゾーン":
        # (「相手がシールドゾーンにカードを置く時」: the player putting, whose cards not said: left as printed)
        return match.group(0)
    passive = "加えられる" if verb == "加え" else "置かれる"
    return f"{player}のカードが{by or ''}{source + 'から' if source else ''}{to}に{passive}"


# What the topic's player would do in what follows 「時、」: a choice it makes, a card it draws, 「てもよい」 it decides
# (a choice of cards, said with a count, 「すべて」 or 「好きな」, or of one of two acts 「…か…」, is that player's too)
_PLAYER_DOES = re.compile(r"てもよい|引く|選|捨て|見|\d+(?:体|枚|つ)|すべて|好きな|か(?!わり|ら)")


def _player_topic(match: re.Match[str]) -> str:
    """「相手は、自身のクリーチャーを出す時、」: the player who does the event said as the topic, as 「相手が…」. The
    topic is also the subject of what follows: 「相手は、クリーチャーを出す時、かわりにカードを1枚引く」 has the
    opponent draw, and 「…てもよい」 the opponent decide; said of the opponent, such a text is left as printed."""
    rest = match.group(3) or ""
    if match.group(2) == "相手" and _PLAYER_DOES.search(rest):
        return match.group(0)
    return f"{match.group(1)}{match.group(2)}が"


def _cost_then_stays(match: re.Match[str]) -> str:
    """「このクリーチャーが破壊される時、…を墓地に置いてもよい。そうした場合、このクリーチャーは墓地に置かれるかわりに
    バトルゾーンにとどまる」: what the player may do, then the creature staying if they do, is one optional
    replacement of the watched event by what they do: 「このクリーチャーが破壊される時、かわりに、…を墓地に置いても
    よい」. Only when the second sentence names the watched creature and the event the first watches (a
    destruction is its going to the graveyard; a leaving, its leaving); else the text is left as printed."""
    head, cost, stem, who, original = match.group("head", "cost", "stem", "who", "original")
    own = _watches_this(head, "このクリーチャーが")
    if (who == "この") != own:
        return match.group(0)
    destroyed = "破壊される時" in head or "破壊されるとき" in head
    if original not in (("墓地に置かれる", "破壊される") if destroyed else ("バトルゾーンを離れる", "離れる")):
        return match.group(0)
    return f"{head}かわりに、{cost}{stem}てもよい"


def _each_chosen(match: re.Match[str]) -> str:
    """「ファイアー・バード1体とアース・ドラゴン1体を自分のマナゾーンから自分の墓地に置いてもよい」: a choice of
    cards of two kinds, N of one and M of the other, is a choice of each, done together: 「ファイアー・バード1体を…
    墓地に置き、アース・ドラゴン1体を…墓地に置いてもよい」."""
    pre, first, n, second, m, rest, stem, may = match.group("pre", "a", "n", "b", "m", "rest", "stem", "may")
    # 「自分のドラゴン1体とファイアー・バード1体」: the player said first is both kinds'; a modifier of the first
    # alone (「他の」, 「タップされている」) may be both kinds' or not: left as printed (not read)
    player = re.search(r"(?:自分|相手)の", first)
    if player and not second.startswith(("自分の", "相手の")):
        if re.search(r"他の|タップ|以外|墓地|マナゾーン|手札|山札|シールド|バトルゾーン", first):
            return match.group(0)
        second = player.group(0) + second
    return f"{pre}{first}{n}を{rest}{_STEM[stem]}、{second}{m}を{rest}{stem}て{may}"


# Before the first of two card phrases joined by 「または」: nothing that modifies it alone (「コスト5以下の光の
# クリーチャーまたは水のクリーチャー」 limits the light creatures only, its head said again): the start, a mark, a
# particle, or a player's 「自分の」 「相手の」 (said of both).
_UNMODIFIED = r"(?:^|(?<=[、。はがをにで])|(?<=自分の)|(?<=相手の))"

# 「バトルゾーンに自分のガーディアンが」: the cards a condition names (one kind of one player's, ``p`` its words
# before the kind ``h``), which what is done instead names again (「かわりにそのガーディアンを…」)
_CONDITION_CARDS = (
    r"(^|、)バトルゾーンに(?P<p>(?:(?!時|この|その)[^、。が])*?(?:自分|相手)の(?:(?!時|この|その)[^、。が])*?)"
    r"(?<!または)(?<!および)(?<!か)(?<!と)(?<!や)(?P<h>クリーチャー|[ァ-ヺー・]+)が"
)
# What is done instead is only where the watched card goes: 「墓地に置くかわりに持ち主のマナゾーンに置く」, to the end.
_ONLY_MOVED = (
    r"(?:(?:墓地に置く|墓地の)?かわりに、?(?:その(?:カード|手札)を|それを)?(?:[裏表]向きにして、?|タップして、?)?"
    r"(?:持ち主の|自分の|相手の)?(?:マナゾーン|手札|山札の(?:一番)?(?:上|下)|山札|シールド(?:ゾーン)?"
    r"|超次元ゾーン)に(?:タップして)?(?:置く|戻す|加える|置いてもよい|戻してもよい|加えてもよい)(?:。|$)"
    r"|(?:墓地に置く|墓地の)?かわりに、?(?:その(?:カード|手札)を|それを)?バトルゾーンに出(?:す|してもよい)(?:。|$))"
)
# A player's cards named with no zone (「自分のドラゴン」, 「相手の多色ではないクリーチャー」), said first in a segment:
# no zone, card, spell or shield word in it, and a creature or a katakana head.
_BATTLE_CARDS = (
    r"(^|、|:|。)((?:自分|相手)の(?:(?!シールド|手札|墓地|マナ|山札|ゾーン|カード|呪文|この)[^、。がを])*?"
    r"(?:クリーチャー|[ァ-ヺー]))"
)
# A watched card said first in its sentence or after what stands before the watched event (「相手のターン中、」
# 「…あれば、」): (where it begins)(the card); 「その…」, a card an effect acts on, is never one
_WATCHED_FIRST = (
    r"(^|。|(?:中|ターン|ば|なら|度|まで)、(?:次に、?)?)((?:この|自分の|相手の|バトルゾーンにある)[^、。はが「」]*?"
    r"(?:クリーチャー|カード|クロスギア|シールド|(?<=の)[ァ-ヺー・=]{2,}))"  # 「自分のドラゴン」: a race as the head
)
_WORDING_PATTERNS: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    # 「多色以外のクリーチャー」「ドラゴン以外のクリーチャー」: 「多色ではない」「ドラゴンではない」 (never
    # 「このクリーチャー以外の」, the others than a card)
    (
        re.compile(r"(多色|無色|(?<=[の、])[ァ-ヺー・=]+(?<!クリーチャー)(?<!カード))以外の(?=クリーチャー)"),
        r"\1ではない",
    ),
    # 「自分の他のブロッカー」「相手のブロッカーを1体」: 「ブロッカー」 is the keyword and the name of the creatures
    # that have it (「「ブロッカー」を持つクリーチャー」), a card phrase's head after 「の」; 「ブロッカーを持つ」 too
    (
        re.compile(r"(?<=の)(?<!その)ブロッカー(?=が|を(?!持)|は|と|または|か、|\d+体|すべて|以外)"),
        "「ブロッカー」を持つクリーチャー",
    ),
    (re.compile(r"(?<![「・])ブロッカーを持つ"), "「ブロッカー」を持つ"),
    # 「自分のシールドゾーンにあるこのカードが墓地に置かれる時」: this card leaving that zone for another, as
    # 「このカードがシールドゾーンから墓地に置かれる時」 (its own zone is its player's)
    (
        re.compile(
            r"(^|、)自分の(シールドゾーン|マナゾーン|墓地|山札|手札)にあるこのカードが((?:[^、。がを]*?によって)?)"
            r"(?=(?:手札|マナゾーン|墓地|山札の[^、。]*?|山札|シールドゾーン|バトルゾーン)に(?:置かれる|加えられる|戻される)時)"
        ),
        r"\1このカードが\3\2から",
    ),
    # the untap step's untapping replaced (サイレントスキル): 「…がタップされていれば/いる場合、
    # アンタップするかわりに」, and 「自分のターンのはじめに、このクリーチャーをアンタップするかわりに」 (no untap of
    # an untapped card to replace)
    (re.compile(r"がタップされて(?:いれば|いる場合|いるなら)、(?=アンタップするかわりに)"), "がタップされていたら、"),
    (
        re.compile(r"^(自分のターンのはじめに、)(この(?:クリーチャー|カード))をアンタップするかわりに、?"),
        r"\1\2がタップされていたら、アンタップするかわりに",
    ),
    # 「相手の手札が5枚以上なら、」: a count of cards as a condition, as 「…が5枚以上あれば、」 (a power's
    # 「6000以上なら」 has no counting word)
    (re.compile(r"(?<=が)(\d+)(枚|体|つ)以上なら、"), r"\1\2以上あれば、"),
    # 「自分の進化ではないクリーチャーがバトルゾーンにある間、…時、」: while such cards are there, as 「バトルゾーンに
    # 自分の進化ではないクリーチャーがあれば、」 (a replacement is looked at as its event would happen)
    (
        re.compile(r"(^|、)((?:自分|相手)の[^、。がを]*?)がバトルゾーンにある間に?、(?=[^。]*?時、)"),
        r"\1バトルゾーンに\2があれば、",
    ),
    # 「このターン、自分がクリーチャーを召喚していなければ」: the player's creatures summoned (put out) this turn, as
    # 「このターン、自分のクリーチャーが召喚されていなければ」
    (
        re.compile(
            r"((?:この|その)ターン(?:中に|中、|に|、))(自分|相手)が、?([^、。がを]*?)を(\d+[体枚]以上|1[体枚]も)?"
            r"(召喚して|(?:バトルゾーンに)?出して)(?=いれば|いる場合|いなければ|いない場合)"
        ),
        lambda m: f"{m[1]}{m[2]}の{m[3]}が{m[4] or ''}{'召喚されて' if m[5] == '召喚して' else '出て'}",
    ),
    # 「かわりに、このクリーチャーとその下にあるカードをすべて…に置く」: the creature put there, the cards stacked
    # under it going with it (as with any card that moves)
    (re.compile(r"(?<=かわりに)、?(この|その)クリーチャーとその下にあるカードをすべて、?"), r"\1クリーチャーを"),
    # 「自分の進化クリーチャーが破壊される時、かわりにその下にあるカードを…」: under the watched creature
    (
        re.compile(r"^([^。]*?クリーチャー(?:\d体)?が(?:(?!を(?!離れる))[^。])*?時、[^。]*?)その下にある"),
        r"\1そのクリーチャーの下にある",
    ),
    # 「このクリーチャーの下にあったカードはすべて、墓地に置くかわりに…」 (「…下にあるカードは墓地に置くかわりにすべて
    # …」): the cards under the watched creature, whose own move is replaced, said one way
    (
        re.compile(
            r"(?<=時、)(その|この)(?:進化)?クリーチャーの下に(?:ある|あった|重ねた|重ねてある)カード[はを]、?(?:すべて、?)?"
            r"墓地に置くかわりに、?(?:すべて、?)?"
        ),
        r"\1クリーチャーの下にあるカードは、墓地に置くかわりに",
    ),
    # 「このクリーチャーが攻撃中に破壊される時」「攻撃中、このクリーチャーが…時」「このクリーチャーが攻撃している
    # 間、…時」: while this creature attacks, said as a condition before the watched event
    (
        re.compile(r"(?:^|(?<=。))攻撃中(?:に|、)、?(?=(この(?:クリーチャー|カード))が[^。]*?時、)"),
        r"このクリーチャーが攻撃中であれば、",
    ),
    (
        re.compile(r"(?:^|(?<=。))(この(?:クリーチャー|カード))が攻撃(?:中に|している間に)(?=[^、。]*?時、)"),
        r"\1が攻撃中であれば、\1が",
    ),
    (
        re.compile(r"(?:^|(?<=。))(この(?:クリーチャー|カード))が攻撃している間、(?=[^。]*?時、)"),
        r"\1が攻撃中であれば、",
    ),
    # 「自分のターンのはじめにカードを引く時」「自分のターンの最初に、カードを引くかわりに」: the turn's draw, its
    # player said first (「自分がターンのはじめにカードを引く時」)
    (
        re.compile(r"(?:^|(?<=。))(自分|相手)のターンの(?:はじめ|最初)に、?(?:(?:\1|自身)が)?カードを引く(?=時、)"),
        r"\1がターンのはじめにカードを引く",
    ),
    (
        re.compile(
            r"(?:^|(?<=。))(自分|相手)のターンの(?:はじめ|最初)に、?(?:(?:\1|自身)が)?カードを引く、?かわりに、?"
        ),
        r"\1がターンのはじめにカードを引く時、かわりに",
    ),
    # 「相手のターンのはじめに、相手のクリーチャーは、アンタップするかわりに」: the untap step's untapping of those
    # cards, as 「相手のクリーチャーが相手のターンのはじめにアンタップする時、かわりに」 (this card's: サイレントスキル)
    (
        re.compile(r"(?:^|(?<=[。、]))(自分|相手)のターンのはじめに、((?!この)[^。]*?)は、?アンタップするかわりに、?"),
        r"\2が\1のターンのはじめにアンタップする時、かわりに",
    ),
    # 「相手のターンのはじめに、相手のクリーチャーがアンタップされる時、」: the same, said with the watched phrase
    (
        re.compile(
            r"(?:^|(?<=[。、]))(自分|相手)のターンのはじめに、((?!この)[^。、]*?)がアンタップ(?:される|する)時、"
        ),
        r"\2が\1のターンのはじめにアンタップする時、",
    ),
    # 「そうした場合、そのクリーチャーはバトルゾーンを離れない」: after what was done instead, it stays (as
    # 「…はバトルゾーンにとどまる」 says it; alone, 「離れない」 is a restriction: left as printed)
    (
        re.compile(
            r"((?:その場合|そうした場合|そうしたら)、(?:この|その)クリーチャーは)バトルゾーンを離れない(?=。|$)"
        ),
        r"\1バトルゾーンにとどまる",
    ),
    # 「自分の手札があれば」「相手のシールドがあれば」: at least one card there, as 「…が1枚以上あれば」 says it
    (
        re.compile(r"((?:自分|相手)の(?:手札|山札|(?:マナゾーン|墓地)(?:のカード|にあるカード)))があれば"),
        r"\1が1枚以上あれば",
    ),
    (re.compile(r"((?:自分|相手)のシールド)があれば"), r"\1が1つ以上あれば"),
    # 「タップされたままにする」「タップされたままでいる」「タップしたままにする」: 「タップされたままになる」 (and
    # 「…にしてもよい」: 「…になってもよい」)
    (re.compile(r"タップ(?:され|し)たまま(?:にする|でいる)"), "タップされたままになる"),
    (re.compile(r"タップ(?:され|し)たまま(?:にし|でい)てもよい"), "タップされたままになってもよい"),
    # 「相手の手札を見ないで1枚選び、捨てさせる」: 「相手の手札を1枚見ないで選び、捨てる」 (what the player is made to
    # discard is discarded: the card chosen goes from that hand to the graveyard)
    (re.compile(r"相手の手札を、?見ないで(\d+)枚、?選"), r"相手の手札を\1枚見ないで選"),
    (
        re.compile(r"(相手の手札を\d+枚見ないで選)(?:び、?|んで)捨てさせ(る|てもよい)"),
        lambda m: f"{m[1]}び、捨て{'る' if m[2] == 'る' else 'てもよい'}",
    ),
    # 「ブロックしてバトルで破壊される時」: the battle in which the card blocks
    (re.compile(r"ブロックして、?バトルで(?=[^、。]*?時、)"), "ブロックしたバトルで"),
    (re.compile(r"ブロックされ、?バトルで(?=[^、。]*?時、)"), "ブロックされたバトルで"),
    # 「このクリーチャーが破壊される時、タップされていなければ、かわりに…」: the watched card's state, its subject
    # left unsaid
    (
        re.compile(
            r"(?:^|(?<=。))(この(?:クリーチャー|カード))が([^、。が]*?時、)(タップされて(?:いれば|いなければ)|アンタップしていれば)、"
        ),
        r"\1が\2\1が\3、",
    ),
    # 「…このクリーチャーの下に重ねてもよい」: put under it (「重ねて置く」)
    (re.compile(r"の下に重ねる(?=$|。)"), "の下に置く"),
    (re.compile(r"の下に重ねてもよい(?=$|。)"), "の下に置いてもよい"),
    # 「その後、相手は自身の手札を1枚選んで捨てる」: the cards of the player the clause names, 「自分自身の」
    (re.compile(r"((?:そうしたら|そうした場合|その後)、)(相手|自分)は、?自身の(?=[^、。]*?を)"), r"\1\2は自分自身の"),
    (
        re.compile(r"(かわりに、?)(相手|自分)は、?自身の(?=[^、。]*?を)"),
        r"\1\2は自分自身の",
    ),  # 「かわりに相手は自身の…」
    # 「自分の呪文によって相手の手札が捨てられる時」 (「…の効果で」): a cause said first, set off from the card
    # it acts on
    (
        re.compile(
            r"^((?:自分|相手)の(?:呪文|効果|呪文の効果|クリーチャーの能力))(?:によって|で)(?=(?:自分|相手)の[^、。]*?が)"
        ),
        r"\1によって、",
    ),
    # 「相手のクリーチャーが…時、かわりに相手はそのクリーチャーを自身の山札の下に置く」: the watched card moved by its
    # own player, as 「かわりにそのクリーチャーを持ち主の山札の下に置く」 (the player the watched phrase's, not a
    # condition's before it; what that player may do, 「てもよい」, is theirs to decide: left as printed)
    (
        re.compile(
            r"^((?:[^。]*?、)?(相手|自分)の[^、。]*?が[^、。]*?時、)かわりに、?\2は、?(その(?:クリーチャー|カード)|それ)を"
            r"(?:自身の|自分自身の|持ち主の)?(?=(?:山札|手札|マナゾーン|墓地|シールドゾーン))(?![^。]*?てもよい)"
        ),
        r"\1かわりに\3を持ち主の",
    ),
    # 「相手がカードを引く時、かわりに相手は自分自身の山札の上から1枚目を墓地に置く」 (「相手はカードを引くかわりに
    # 自身の山札の…」): the drawing player's own deck, named by the player the sentence watches drawing, as
    # 「かわりに相手の山札の…」 (「相手は自分の山札」, whose 「自分」 may be either player's, is left as printed)
    (
        re.compile(
            r"^([^。]*?(相手|自分)がカードを(?:\d枚)?引く時、[^。]*?)(?:かわりに、?\2は、?|\2は、?(?:カードを)?引くかわりに、?)"
            r"(?:自分自身|自身)の山札の"
        ),
        r"\1かわりに\2の山札の",
    ),
    # 「…置かれるとき墓地に置くかわりに」: the comma after the watched event's 「時」, printed or not
    (re.compile(r"(?<=[るた])(?:時|とき)(?=[^、。はにのまで)」])"), "時、"),
    # 「このクリーチャーが破壊される時、これを墓地に置くかわりに」「…かわりにこれを自分の墓地に置く」: this card,
    # said 「これ」 in a sentence that watches it (elsewhere 「これ」 may be a card an earlier sentence chose)
    (
        re.compile(
            r"^(この(?:クリーチャー|カード)(?:が|は、?)[^。]*?[、に])これ"
            r"(?=を(?:自分の|持ち主の)?(?:墓地|手札|マナゾーン|山札|シールド|裏向き|表向き))"
        ),
        r"\1このカード",
    ),
    # 「このカードが自分の手札にあれば、…時、かわりにこのカードを捨ててもよい」: this card discarded from the hand, the
    # place said as a condition (「かわりに自分の手札にあるこのカードを捨ててもよい」)
    (
        re.compile(r"^このカードが自分の手札にあれば、([^。]*?時、)(かわりに)、?このカードを(?=捨て)"),
        r"\1\2自分の手札にあるこのカードを",
    ),
    # 「二枚」「三体」「一つ」: a count in kanji
    (
        re.compile(r"(?<!「)([一二三四五六七八九])(?=枚|体|つ)"),
        lambda m: str("一二三四五六七八九".index(m.group(1)) + 1),
    ),
    # 「コスト3以上5以下の」: both bounds, each said with its word; 「コストが5以下の」「パワーが3000以上の」: the same
    (re.compile(r"(コスト|パワー)(\d+)以上(\d+)以下の"), r"\1\2以上の\1\3以下の"),
    (re.compile(r"(コスト|パワー)が(\d+)(以上|以下)の"), r"\1\2\3の"),
    # 「このクリーチャーがバトルゾーンにある時、自分のシールドがブレイクされる時、」「自分のシールドが2枚以下の時、…破壊
    # されるかわりに」: a state said with 「時」 before the event the replacement watches, a condition (「…あれば、」)
    (
        re.compile(
            r"(?<=が)([^、。時「」]*?)(にある|もない|(?<=が)ない|\d+[枚体つ](?:以上|以下)の)時、"
            r"(?=[^。]*?(?:る時、|るなら、|[るう]かわりに))"
        ),
        lambda m: (
            m.group(1)
            + {"にある": "にあれば", "もない": "もなければ", "ない": "なければ"}.get(
                m.group(2), m.group(2).removesuffix("の") + "なら"
            )
            + "、"
        ),
    ),
    # 「種族にドラゴンとある自分のクリーチャー」: whose said first, as 「自分の種族にドラゴンとあるクリーチャー」
    (
        re.compile(r"(種族に(?:「[^」]*」|[ァ-ヺー・=]+)とある)((?:自分|相手)の(?:他の)?)(?=クリーチャー|カード)"),
        r"\2\1",
    ),
    # 「…が1枚もない場合、」「…がないなら、」: 「…なければ、」 (「…でない場合」 of an earlier card is its own rule)
    (re.compile(r"(?<!で)ない(?:場合|なら)、"), "なければ、"),
    # 「このクリーチャーの進化元」: the cards under this evolution creature (its evolution sources, 200.3a)
    (re.compile(r"(この(?:進化)?クリーチャー)の進化元(?:のカード)?(?=を(?:\d+枚|すべて))"), r"\1の下にあるカード"),
    # 「相手のバトルゾーンにクリーチャーがなければ」: 「バトルゾーンに相手のクリーチャーがなければ」 (the battle zone is
    # both players'; the cards are that player's)
    (
        re.compile(
            r"(自分|相手)のバトルゾーンに(?=[^、。をはが]+が(?:\d+[体枚つ](?:以上|以下)?|1体も|1枚も)?(?:あれば|なければ))"
        ),
        r"バトルゾーンに\1の",
    ),
    # 「このクリーチャーが、相手のターン中、バトルゾーンを離れる時」: the turn said after the subject, as before it
    (re.compile(r"^(この[^、。]*?が)、((?:自分|相手)のターン中)、(?=[^。]*?時、)"), r"\2、\1"),
    # 「相手のシールドがこのクリーチャーによってブレイクされる時」: 「このクリーチャーが相手のシールドをブレイクする時」
    (
        re.compile(r"(^|、)((?:自分|相手)の)?シールドがこのクリーチャー(?:によって|に)ブレイクされる時"),
        r"\1このクリーチャーが\2シールドをブレイクする時",
    ),
    # 「このクリーチャーがブレイクした相手のシールドは、手札に加えるかわりに墓地に置く」: the shields it breaks, as
    # 「このクリーチャーがシールドをブレイクする時、相手はそのシールドを手札に加えるかわりに」 says them
    (
        re.compile(
            r"^((?:この|自分の)[^、。をがは]*?)がブレイクした(相手の)?シールドは、?(?:相手の|持ち主の)?手札に加えるかわりに、?"
        ),
        r"\1が\2シールドをブレイクする時、相手はそのシールドを手札に加えるかわりに",
    ),
    # 「相手がそのターンはじめてカードを引く時」「自分のシールドがそのターンはじめて…」: the first in each turn, as
    # 「各ターン、相手がはじめて…」 says it
    (
        re.compile(r"(^|、)((?:自分|相手)(?:の[^、。がを]*?)?が)(?:そのターン|各ターン)、?はじめて(?=[^、。]*?時、)"),
        r"\1各ターン、\2はじめて",
    ),
    # 「自分のシールドゾーンにあるカードを手札に加える時」: a shield put into the hand, 「自分のシールドを…」
    (re.compile(r"(^|、)((?:自分|相手)の)シールドゾーン(?:にある|の)カードを(?=手札に加える時、)"), r"\1\2シールドを"),
    # 「…破壊する。その後、この呪文を墓地に置くかわりに手札に戻す」「…唱えてもよい。そうした場合、その呪文を墓地に置く
    # かわりに…」: the spell put into the graveyard after it is cast, a move the rules make (no act of the effect's),
    # as 「この呪文を唱えた後、墓地に置くかわりに」 and 「その呪文を唱えた後、…」 say it
    (
        re.compile(r"(^|。)(?:その後|そうした場合|そうしたら)、(この|その)呪文を、?墓地に置くかわりに"),
        r"\1\2呪文を唱えた後、墓地に置くかわりに",
    ),
    # 「…が破壊される場合、かわりに…」: a card's event watched, said with 「場合」 as with 「時」
    (
        re.compile(
            r"(?<=[^、。]{2})(される|られる|離れる|ブレイクする|置かれる|戻される|加えられる|負ける)場合(は)?、"
            r"(?=(?:(?!時、|場合)[^。])*かわりに)"
        ),
        r"\1時、",
    ),
    # 「もし…なら、」: the condition said with 「もし」, which adds nothing
    (re.compile(r"(^|、)もし(?!くは)、?(?=[^。]*?(?:なら|あれば|れば|時|場合)、)"), r"\1"),
    # 「かわりに…することができる」: what may be done instead, 「…してもよい」
    (re.compile(r"(かわりに[^。]*?)(.)(る|す|く|ぐ|つ|む|ぶ|う)ことができる(?=。|$)"), lambda m: _may(m)),
    # 「…がシールドに加えられる時」: a card put into the shield zone (「シールド」 alone is a shield, a card)
    (
        re.compile(r"(?<=[が、にて])((?:自分の|相手の|持ち主の)?)シールド(?:ゾーン)?に(?:加えられる|置かれる)時、"),
        r"\1シールドゾーンに置かれる時、",
    ),
    (
        re.compile(r"(^|、)((?:自分の|相手の)?シールドゾーンに(?:(?!向き)[^、。])*?が)加えられる時、"),
        r"\1\2置かれる時、",
    ),
    # 「相手の山札を2枚墓地に置く」「自分の山札からカードを1枚…」: cards of a deck taken with no search are its top ones
    (
        re.compile(
            r"((?:自分|相手)の)山札(?:からカードを|のカードを|を)(\d+枚)、?"
            r"(?=(?:自分の|持ち主の)?(?:墓地|マナゾーン|シールド|手札|山札の)[^、。]*?(?:置|加え|戻|化))"
        ),
        r"\1山札の上から\2を",
    ),
    # 「自分の手札を1枚墓地に置く」: a hand's card put into the graveyard is discarded (「捨てる」)
    (
        re.compile(
            r"((?:自分|相手)の手札(?:から[^、。を]*?)?を(?:\d+枚|好きな数|すべて)?、?)(?:自分の|持ち主の)?墓地に置(く|き|いて)"
        ),
        lambda m: m.group(1) + {"く": "捨てる", "き": "捨て", "いて": "捨てて"}[m.group(2)],
    ),
    # 「自分の手札から1枚選び、自分の墓地に置く」「手札からカードを1枚選んで墓地に置いてよい」: discarded likewise
    (
        re.compile(
            r"((?:自分|相手)の手札(?:から(?:[^、。を]*?を)?|を)(?:\d+(?:枚|体)|好きな数))選(?:び、?|んで)(?:自分の|持ち主の)?"
            r"墓地に置(く|き|いて)"
        ),
        lambda m: m.group(1) + {"く": "捨てる", "き": "捨て", "いて": "捨てて"}[m.group(2)],
    ),
    # 「バトルで負ける時」: 「バトルに負ける時」
    (re.compile(r"バトルで負ける"), "バトルに負ける"),
    # 「相手のターンの間、」: 「相手のターン中、」 (「次の相手のターンの間」 is a duration, kept)
    (re.compile(r"(?<!次の)(自分|相手)のターンの間、"), r"\1のターン中、"),
    # 「破壊される、または手札に戻される時」「破壊されるか手札に戻される時」: two events of one card, 「…時、または…時」
    (re.compile(r"(される|離れる)(?:、または|、あるいは|か(?!わり))(?=[^、。]*?(?:される|離れる)時)"), r"\1時、または"),
    # 「ゼロ文明のクリーチャー」: the civilization's name said with 「文明」
    (re.compile(r"(光|水|闇|火|自然|ゼロ)文明の"), r"\1の"),
    # 「…に火または水の文明があれば」: a card of either there, 「…に火または水のカードがあれば」
    (
        re.compile(r"に(光|水|闇|火|自然|ゼロ)(?:または|か)(光|水|闇|火|自然|ゼロ)の文明が(?=あれば|あり|あるなら)"),
        r"に\1または\2のカードが",
    ),
    # 「光または水または闇の」: a list of civilizations, 「光、水または闇の」
    (re.compile(r"(光|水|闇|火|自然|ゼロ)または(?=(?:光|水|闇|火|自然|ゼロ)または)"), r"\1、"),
    # 「このクリーチャーが、バトルゾーンを離れる時」: a comma after the subject of a watched event (a noun's
    # 「が」, never the 「…できるが、」 of "but")
    (re.compile(r"(?:(?<=[^、。ぁ-ん])|^)が、(?=[^、。]*?時)"), "が"),
    # 「バトルゾーンに自分のガーディアンがあれば、かわりにそのガーディアンを1体選び、破壊してもよい」「…があれば、
    # かわりにそのうちの1体を」: what is done instead acts on one of the cards the condition names, which it can do only
    # when there is one: 「かわりに自分のガーディアンを1体…」 says the same (the condition said before the watched event
    # or after it)
    (
        re.compile(
            _CONDITION_CARDS + r"(?:1体以上)?あれば、"
            r"(?P<q>(?:[^、。]*?時、)?[^、。]*?かわりに、?)(?:その(?P=h)を(?P<n>1体)|そのうちの(?P<m>1体)を)"
        ),
        lambda m: f"{m[1]}{m['q']}{m['p']}{m['h']}を{m['n'] or m['m']}",
    ),
    # (「…があれば、かわりにそのゴッドをすべて破壊する」: all the cards the condition names, the condition kept: with
    # none, nothing would be done instead)
    (
        re.compile(_CONDITION_CARDS + r"(?P<c>(?:1体以上)?あれば、)(?P<q>[^。]*?かわりに、?)その(?P=h)を(?=すべて)"),
        lambda m: f"{m[1]}バトルゾーンに{m['p']}{m['h']}が{m['c']}{m['q']}{m['p']}{m['h']}を",
    ),
    # 「このクリーチャーが離れる時、その下にあったカードは、…」: the cards under the watched creature
    (
        re.compile(r"(?<=^このクリーチャーが)([^、。が時]*?離れる時、)その下にあったカード"),
        r"\1このクリーチャーの下にあるカード",
    ),
    # 「表向きにして新しいシールドとして置く」: the card's owner's shield zone, unsaid
    (re.compile(r"(?<!ゾーンに)新しいシールドとして置(?=く|いてもよい)"), "新しいシールドとしてシールドゾーンに置"),
    (re.compile(r"((?:自分の|持ち主の)?シールドゾーンに)新しいシールドとして(?=置)"), r"新しいシールドとして\1"),
    (
        re.compile(r"(?:自分の|持ち主の)?シールドゾーンに新しいシールドとして(?=持ち主のシールドゾーンに加え)"),
        "新しいシールドとして",
    ),
    # 「ブレイクされた自分のシールドを手札に加える時、かわりに」「自分のシールドがブレイクされて手札に加えられる時、
    # かわりに」: the break, the shield's going to the hand said again (「…ブレイクされる時、手札に加えるかわりに」)
    (
        re.compile(r"(^|、)ブレイクされた((?:自分|相手)の)シールドを手札に加える時、かわりに"),
        r"\1\2シールドがブレイクされる時、手札に加えるかわりに",
    ),
    (
        re.compile(
            r"(^|、)((?:自分|相手)の)シールドがブレイクされて手札に加えられる時、(?=(?:[^、。]*?[ばら]、)?かわりに)"
        ),
        r"\1\2シールドがブレイクされる時、手札に加える",
    ),
    # 「この呪文は唱えた後に墓地に置かれるかわりに…に置かれる」: the spell as the topic, in the passive
    (
        re.compile(r"(^|、)この呪文は、?唱えた後(?:に|で)?、?墓地に置かれるかわりに、?([^。]*?)置かれる(?=。|$)"),
        r"\1この呪文を唱えた後、墓地に置くかわりに\2置く",
    ),
    # 「相手の呪文やクリーチャーの能力によって」: 「や」 as 「または」
    (re.compile(r"(?<=呪文)や(?=(?:(?:自分|相手)の)?クリーチャーの能力)"), "または"),
    # 「このシノビを山札の一番下に置く時」: this card put there, said in the active voice (「…に置かれる時」)
    (
        re.compile(
            r"(^|、)(この(?:クリーチャー|カード|[ァ-ヺー・]+))を((?:持ち主の|自分の)?(?:山札の一番下|山札の一番上|山札の下"
            r"|山札の上|墓地|マナゾーン))に置く(?=時、)"
        ),
        r"\1\2が\3に置かれる",
    ),
    # 「かわりにバトルゾーンに残してもよい」: the watched card left in the battle zone, 「バトルゾーンにとどまる」 (a
    # card named before it may be another than the watched one: left as printed)
    (re.compile(r"(?<=かわりに)、?バトルゾーンに残し(?=てもよい)"), "バトルゾーンにとどまっ"),
    (re.compile(r"(?<=かわりに)、?バトルゾーンに残す(?=$|。)"), "バトルゾーンにとどまる"),
    # 「自分の山札がなくなって自分がゲームに負ける時」「山札のカードがなくなって…」「山札が0枚になった時、ゲームに
    # 負けるかわりに」: the loss of a
    # deck run out, however it ran out (by its last card drawn, or by any other move and the state check after it),
    # as 「自分の山札が0枚になってゲームに負ける時」 (the older 「山札の最後の1枚を引いたことによって」: the draw's)
    (
        re.compile(r"(^|、)(自分|相手)の山札(?:のカード)?が(?:0枚に|なく)なって、?(?:\2が)?ゲームに負ける(?=時)"),
        r"\1\2の山札が0枚になってゲームに負ける",
    ),
    (
        re.compile(r"(^|、)(自分|相手)の山札(?:のカード)?が(?:0枚に|なく)なった時、(?=ゲームに負けるかわりに)"),
        r"\1\2の山札が0枚になってゲームに負ける時、",
    ),
    # 「相手がコストを支払わずにクリーチャーを出す時」: that player's creatures put out for free, as
    # 「相手のクリーチャーがコストを支払わずに出る時」 (a phrase that says whose they are is left as printed)
    (
        re.compile(
            r"(^|、)(自分|相手)が、?コストを支払わずに((?:(?!自分|相手|この|その|時)[^、。がを])+?)を(?:バトルゾーンに)?出す(?=時)"
        ),
        r"\1\2の\3がコストを支払わずに出る",
    ),
    # 「クロスしたクリーチャーが…時、かわりにこのクロスギアを…」: a cross gear's text names the creature it is crossed
    # to without 「これを」; 「このオーラを付けたクリーチャー」: the creature this aura is attached to, as equipped
    (re.compile(r"(^|、)クロスし(?:た|ている)クリーチャー(?=[^。]*このクロスギア)"), r"\1これをクロスしたクリーチャー"),
    (re.compile(r"(?:このオーラ|これ)を付けたクリーチャー"), "これを装備したクリーチャー"),
    # 「このドラグハートを装備したクリーチャー」: this card named by its type
    (re.compile(r"このドラグハート(?:・ウエポン)?を装備したクリーチャー"), "これを装備したクリーチャー"),
    # 「相手が山札からカードを手札に加える時」「相手がマナゾーンにカードを置く時」: that player's cards put there (as
    # 「相手のカードが山札から手札に加えられる時」; 「相手が呪文によって…」: the cause kept, said after the
    # cards); a zone said 「自分の」 (whose?) is left as printed
    (
        re.compile(
            r"(自分|相手)が、?((?:呪文|クリーチャー|カード)[^、。をが]{0,16}?によって)?、?(?:自身の)?"
            r"(?:(手札|墓地|マナゾーン|山札|シールドゾーン)から、?)?"
            r"(?:(手札|墓地|マナゾーン|シールドゾーン)に)?カードを(?(4)|(?:自身の)?(手札|墓地|マナゾーン|シールドゾーン)に)"
            r"(加え|置)(?:る|く)(?=時)"
        ),
        _player_puts_cards,
    ),
    # 「自分のシールドを手札に加える時」「相手が自身のシールドを手札に加える時」: that player's shields put into
    # the hand (as 「自分のシールドが手札に加えられる時」); 「相手が自分のシールドを…」 (whose?) is left as printed
    (
        re.compile(
            r"(?:(?<=^)|(?<=、))(?:(?P<who>自分|相手)が)?(?P<whose>自分|相手|自身)のシールドを(?:1(?:枚|つ))?、?"
            r"手札に加える(?=時)"
        ),
        lambda m: (
            m.group(0)
            if (m.group("who") and m.group("whose") not in ("自身", m.group("who")))
            or (m.group("whose") == "自身" and not m.group("who"))
            else f"{m.group('who') or m.group('whose')}のシールドが手札に加えられる"
        ),
    ),
    # what the player may do, then 「その場合、…かわりに…」: one optional replacement (_cost_then_instead)
    (
        re.compile(
            r"(?P<head>(?:^|(?<=。))[^。]*?(?:れる|る)(?:時|とき)、)(?P<cost>[^。]*?)(?P<stem>置い|捨て|戻し|破壊し|加え)"
            r"て(?:も)?よい。(?:その場合|そうした場合|そうしたら)、(?P<named>この(?:クリーチャー|カード)を)?"
            r"(?P<original>墓地に置く|離れる|バトルゾーンを離れる|破壊される|手札に戻る)かわりに、?"
            r"(?P<rest>[^。]*?)(?P<verb>戻す|出す|置く|加える|捨てる)(?=。|$)"
        ),
        _cost_then_instead,
    ),
    # what the player may do, then 「そうした場合、このクリーチャーは墓地に置かれるかわりにとどまる」 (_cost_then_stays)
    (
        re.compile(
            r"(?P<head>(?:^|(?<=。))[^。]*?クリーチャーが[^。]*?(?:破壊される|離れる)(?:時|とき)、)"
            r"(?P<cost>(?![^。]*かわりに)[^。]*?)(?P<stem>置い|捨て|戻し|破壊し|加え)て(?:も)?よい。"
            r"(?:その場合|そうした場合|そうしたら)、(?P<who>この|その)クリーチャーは"
            r"(?P<original>墓地に置かれる|破壊される|バトルゾーンを離れる|離れる)かわりに、?(?:バトルゾーンに)?"
            r"(?:とどまる|留まる|残る)(?=。|$)"
        ),
        _cost_then_stays,
    ),
    # 「この呪文を、自分の墓地から唱えてもよい。そうしたら、唱えた後、墓地に置くかわりに…」 (絶望と反魂と滅殺の
    # 決断): what is done after this spell is cast so, by that permission, as リサイクル's 「こうして唱えた後、…」 says
    # it (「こうしてマナゾーンから唱えた後、」 from another zone)
    (
        re.compile(
            r"(?P<may>(?:^|(?<=。))この呪文を、?(?P<zone>(?:自分の)?(?:墓地|マナゾーン|手札|山札|シールドゾーン))から"
            r"唱えてもよい。)(?:そうしたら|そうした場合|その場合)、(?:この呪文を)?唱えた後、"
        ),
        lambda m: (
            m["may"]
            + (
                "こうして唱えた後、"
                if "墓地" in m["zone"]
                else f"こうして{m['zone'].removeprefix('自分の')}から唱えた後、"
            )
        ),
    ),
    # 「…時、そのかわりに…」: 「かわりに」 of the watched event, said with 「その」
    (re.compile(r"時、そのかわりに"), "時、かわりに"),
    # 「自分はこの呪文を唱えた後で、」 (ブチクダキ・ハンマー): the spell's own player, who cast it, said as the topic
    (re.compile(r"(^|、)自分は、?(?=この呪文を唱えた後)"), r"\1"),
    (re.compile(r"この呪文を唱えた後で、"), "この呪文を唱えた後、"),
    # 「この呪文を相手のターン中に唱えた後」: the turn said after the spell, as before it
    (re.compile(r"(^|、)この呪文を、?((?:自分|相手)のターン中)に?、?(?=唱えた後)"), r"\1\2、この呪文を"),
    # 「AをN体とBをM体」 said 「A N体とB M体を」: a choice of each kind (_each_chosen)
    (
        re.compile(
            r"(?P<pre>(?:^|、|かわりに、?))(?P<a>[^、。をと]+?)(?P<n>\d+(?:体|枚|つ))と(?P<b>[^、。をと]+?)"
            r"(?P<m>\d+(?:体|枚|つ))を(?P<rest>[^。、]*?)(?P<stem>置い|捨て|戻し|破壊し|加え)て(?P<may>もよい|)(?=。|$)"
        ),
        _each_chosen,
    ),
    # 「このクリーチャーが破壊される時、かわりにその下に重ねたカードを…」: the cards under the watched creature
    (
        re.compile(r"((?:^|、)このクリーチャー(?:が|は、?)[^、。]*?時、かわりに、?)その下に(?:重ねた|ある)カード"),
        r"\1このクリーチャーの下にあるカード",
    ),
    # 「かわりに光のコスト9の手札を1枚捨てる」: a card of the hand of those characteristics
    (
        re.compile(r"(?<=かわりに)((?:(?:光|水|闇|火|自然)の|コスト\d+(?:以上|以下)?の)+)手札を(?=\d+枚、?捨て)"),
        r"自分の手札から\1カードを",
    ),
    # 「自分のクリーチャーが…離れる時、そのクリーチャーのパワーが0より大きく、」: the watched creature's power, a
    # modifier of it (power 1 or more)
    (
        re.compile(
            r"(自分|相手)の((?:(?!ターン|時)[^、。がに])*?クリーチャー)が([^、。]*?時)、そのクリーチャーのパワーが0より大きく(?:ければ)?、"
        ),
        lambda m: m.group(0) if _NAMES_ANOTHER.search(m.group(3)) else f"{m[1]}のパワー1以上の{m[2]}が{m[3]}、",
    ),
    # 「自分のクリーチャーが…破壊される時、そのクリーチャーのパワーが3000以下であれば、」: the watched creature's
    # power or cost when the event would happen, a modifier of it
    (
        re.compile(
            r"(自分|相手)の((?:(?!ターン|時)[^、。がに])*?)(?<![ァ-ヺー・])(クリーチャー|[ァ-ヺー・]+)が([^、。]*?時)、"
            r"その(クリーチャー|\3)の"
            r"(パワー|コスト)が(\d+)(以上|以下)(?:であれば|なら|ならば)、"
        ),
        lambda m: (
            m.group(0) if _another_named(m[3], m[5], m[4]) else f"{m[1]}の{m[6]}{m[7]}{m[8]}の{m[2]}{m[3]}が{m[4]}、"
        ),
    ),
    # 「相手の呪文によって自分が手札を捨てる時」: a cause first, before the watched subject, set off by its comma
    # 「このクリーチャーが相手のクリーチャーをバトルで破壊する時」: the creature it destroys in a battle, watched
    (
        re.compile(r"(^|、)このクリーチャーが(バトルで)?([^、。がを]*?クリーチャー)を(?(2)|バトルで)破壊する時"),
        r"\1このクリーチャーとのバトルで\3が破壊される時",
    ),
    # (「このクリーチャーとのバトルで相手のクリーチャーが破壊される時」 likewise)
    (
        re.compile(
            r"^((?:(?!が|時)[^、。])*?(?:によって|とのバトルで))(?=(?:自分|相手)(?:が|の(?:(?!時)[^、。])*?が))"
        ),
        r"\1、",
    ),
    # 「このクリーチャーがタップしていなければ」: 「タップされていなければ」, the card's state
    (re.compile(r"(?<=が)タップしてい(?=る|な|れ|た)"), "タップされてい"),
    # 「このクリーチャーがアンタップされていれば」: untapped, 「アンタップしていれば」
    (re.compile(r"(?<=が)アンタップされて(?:いれば|いる場合|いるなら)(?=、)"), "アンタップしていれば"),
    # 「自分のクリーチャーが破壊される時、それが進化クリーチャーであれば、」: the watched card's kind said after its
    # event, a modifier of it (「自分の進化クリーチャーが破壊される時、」); 「…でなければ」 as 「…ではない」
    (_KIND_SAID_AFTER, lambda m: _kind_said_after(m)),
    # 「この城を付けて要塞化したシールドが…時、そのシールドが他の城によって…」: the shield this castle fortifies
    (
        re.compile(
            r"((?:^|、)この城を付けて要塞化したシールドが[^。]*?時、)そのシールドが(?=他の城によって要塞化されていなければ)"
        ),
        r"\1この城を付けて要塞化したシールドが",
    ),
    # 「…あれば、このクリーチャーは「このクリーチャーが…時、…かわりに…」を得る」: this creature's own replacement,
    # under the condition
    (
        re.compile(
            r"(^|。)([^。「」:]*?(?:あれば|なら)、)このクリーチャーは「(このクリーチャーが[^「」]*?かわりに[^「」]*?)」を得る"
        ),
        r"\1\2\3",
    ),
    # 「自分のマナゾーンに水または火のカードが合計7枚以上あれば」: the cards of one zone, each counted once anyway
    (re.compile(r"((?:自分|相手)の(?:マナゾーン|墓地|手札)に[^、。]*?が)合計(?=\d+[枚体つ]以上あれば)"), r"\1"),
    # 「エターナル・Ω(…)。」: a keyword's reminder ends its line, with no 「。」 after it
    (re.compile(r"\)。$"), ")"),
    # 「…はすべて「シールド・セイバー」を得る(…)」: the reminder after the grant, its sentence ended
    (re.compile(r"(」(?:能力)?を(?:得る|与える))(?=\()"), r"\1。"),
    # 「このクリーチャーは破壊されるかわりに手札に戻る」: a card's event in the present said before 「かわりに」 with no
    # 「時」 is what the replacement watches (「このクリーチャーが破壊される時、破壊されるかわりに…」), never the
    # effect's own; 「そのクリーチャーは…」 (a card the effect acts on) is not taken here. What the event is by
    # (「相手の呪文によって」) stays with the watched event.
    (
        re.compile(
            _WATCHED_FIRST + r"[はが]、?((?:[^、。はがをに]*?(?:によって|で)、?)?)"
            r"((?:破壊される|バトルゾーンを離れる|離れる|(?:墓地|マナゾーン|山札の下|山札の一番下)に置かれる|手札に戻される"
            r"|手札に加えられる|ブレイクされる|(?:バトルゾーンに)?出る)(?=、?かわりに))"
        ),
        r"\1\2が\3\4時、\4",
    ),
    # 「このクリーチャーが破壊される場合、かわりに…」「…破壊されるなら、かわりに…」「…際、」: an event in the present
    # before 「かわりに」 is what the replacement watches, as 「…破壊される時、」 says it (never the effect's own)
    (
        re.compile(
            r"(が[^。、]*?(?:破壊される|離れる|置かれる|加えられる|戻される|捨てられる|ブレイクされる|ゲームに負ける))"
            r"(?:場合|際|なら)、(?=[^。]*?かわりに)"
        ),
        r"\1時、",
    ),
    # 「このクリーチャーは、破壊される時、…」: the watched card said as the topic, as 「このクリーチャーが破壊される時」
    # (the card, then its event in the present, then 「時、」; 「…はすべて」 is a grant's, never this)
    (re.compile(_WATCHED_FIRST + r"は、?(?=[^、。がは]*?る時(?:、|または))"), r"\1\2が"),
    # 「パワー2000以下のクリーチャーはすべて、破壊される時、…」「すべてのクリーチャーは、…時、…」: the cards watched
    # said as the topic, each one's event (a grant's 「…はすべて「…」を得る」 has no 「時、」 after the topic)
    # (「自分のナイトすべては、」 likewise)
    (
        re.compile(r"(^|。|中、)([^、。はが「」]*?)(?:はすべて|すべては)、(?=(?:[^、。がは「」]|または)*?る時、)"),
        r"\1\2が",
    ),
    (re.compile(r"(^|。)すべての(クリーチャー|カード)は、(?=[^、。がは「」]*?る時、)"), r"\1\2が"),
    # 「自分のシールドが1枚もなく、このクリーチャーがタップされていたら、」: two conditions, each said as one
    (re.compile(r"(?<=\d[枚体つ])もなく、(?=[^。]*?(?:ば|たら|なら|場合)、)"), "もなければ、"),
    # 「各ターン、自分のシールドがはじめてブレイクされる時」: 「各ターンはじめて、自分のシールドがブレイクされる時」
    (re.compile(r"(^|、)各ターン、([^、。]*?が)はじめて([^、。]*?[るく]時)"), r"\1各ターンはじめて、\2\3"),
    (re.compile(r"(^|、)各ターン、はじめて(?=[^、。]*?[るく]時)"), r"\1各ターンはじめて"),
    # 「自分のターンに1枚目のカードを引く時」「1枚目のカードを引く時」: the player's first draw of the turn
    (
        re.compile(r"(^|、)((?:自分|相手)のターン)(?:中|に)、?(?:(自分|相手)が)?1枚目のカードを引く時"),
        lambda m: f"{m[1]}{m[2]}中、各ターンはじめて{m[3] or '自分'}がカードを引く時",  # no one said: the controller
    ),
    # 「相手のターン中、はじめて…時」「相手のターン中、自分のシールドがはじめて…時」: that turn's first,
    # 「各ターンはじめて」 in those turns
    (re.compile(r"(^|、)((?:自分|相手)のターン中、)はじめて(?=[^、。]*?[るく]時)"), r"\1\2各ターンはじめて"),
    (
        re.compile(r"(^|、)((?:自分|相手)のターン中、)([^、。]*?が)はじめて(?=[^、。]*?[るく]時)"),
        r"\1\2各ターンはじめて、\3",
    ),
    # 「このクリーチャーが…離れる時にアンタップしていたら、」: its state when the event would happen, said after it
    (
        re.compile(r"(^|、)このクリーチャーが([^、。]*?時)にアンタップしていたら、"),
        r"\1このクリーチャーが\2、このクリーチャーがアンタップしていれば、",
    ),
    # 「…を裏向きにし、新しいシールドとして…シールドゾーンに加える」: 「裏向きにして」, one move
    (re.compile(r"裏向きにし、(?=(?:新しいシールドとして)?(?:(?:自分|持ち主)の)?シールドゾーンに)"), "裏向きにして、"),
    # 「…を裏向きのまま、新しいシールドとして自分のシールドゾーンに置く」 (「…シールドに加える」): a shield is put
    # face down anyway
    (re.compile(r"裏向きのまま、?(?=(?:新しいシールドとして)?(?:(?:自分|持ち主)の)?シールド(?:ゾーン)?に)"), ""),
    # 「…時、かわりにそのシールドはブレイクされずにシールドゾーンに残る」: with 「かわりに」 said, the event not
    # happening said again is the watched card's staying (a card named other than the watched one: as printed; the
    # watched one is the subject of the clause before 「時」, a condition before it aside)
    (
        re.compile(
            r"^(?P<head>(?:[^。]*?、)?(?P<this>このクリーチャーが)?[^、。]*?(?P<verb>離れ|破壊され|ブレイクされ)る時、かわりに)、?"
            r"(?(this)このクリーチャー|その(?:シールド|クリーチャー))は、?(?P=verb)ずに?、?"
            r"(?=(?:バトルゾーン|シールドゾーン)?に?(?:とどまる|留まる|残る))"
        ),
        r"\g<head>",
    ),
    (re.compile(r"(?<=時、かわりに)シールドゾーンに残(?=る|ってもよい)"), "シールドゾーンにとどま"),
    # 「バトルゾーンから離れずにとどまる」「破壊されずバトルゾーンに留まる」: 「離れるかわりにとどまる」 said without
    # 「かわりに」 (a replacement all the same: 609.1)
    (
        re.compile(r"(離れ|破壊され|置かれ|戻され)ずに?、?(?=(?:バトルゾーンに)?(?:とどまる|留まる|残る))"),
        r"\1るかわりに",
    ),
    # 「このクリーチャーがバトルゾーンを離れる時、一番上のカードだけがバトルゾーンから離れる」: 「かわりに一番上のカード
    # が離れる」 (スター進化's) said without 「かわりに」
    (
        re.compile(r"(?<=離れる)(時|とき)、一番上のカードだけが(?:バトルゾーンから)?離れる"),
        r"\1、かわりに一番上のカードが離れる",
    ),
    # 「…されるときかわりに」: 「とき」 before 「かわりに」 with no comma; 「…あればかわりに」: a condition's comma
    # left out
    (re.compile(r"(?<=[るた])とき(?=かわりに)"), "時"),
    (re.compile(r"(?:(?<=あれば)|(?<=なら))(?=かわりに)"), "、"),
    # 「かわりにこのクリーチャーがバトルする」「かわりにこのクリーチャーにバトルさせてもよい」: this creature battles
    # instead, as 「…をバトルさせる」 says it
    (re.compile(r"(?<=かわりに)、?このクリーチャーがバトルする(?=$|。)"), "このクリーチャーをバトルさせる"),
    (
        re.compile(r"(?<=かわりに)、?このクリーチャー(?:が|に)バトル(?:して|させて)(もよい|よい)(?=$|。)"),
        r"このクリーチャーをバトルさせて\1",
    ),
    # 「かわりにこのクリーチャーは相手のシールドを1つブレイクする」: what this card breaks instead, its card said
    (re.compile(r"(?<=かわりに)、?このクリーチャーは、?(?=相手のシールドを\d+つブレイク)"), ""),
    # 「…の下に置いてカードを1枚引く」: a clause ending in 「て」 and the draw after it, said with no comma
    (re.compile(r"(?<=[いしえ]て)(?=カードを\d+枚引)"), "、"),
    # A triggered ability's triggering replaced. 「…出て、相手のクリーチャーの能力がトリガーする時、かわりにその
    # 能力はトリガーしない」 and 「…破壊された時にトリガーする自分のクリーチャーの能力は(すべて)、1度のかわりに2度
    # トリガーする」 are said as 「Xた時にトリガーするYの能力がトリガーする時、かわりにトリガーしない / 2度
    # トリガーする」, and the events an ability triggers on in the present tense, as every watched event is
    # (「破壊される時にトリガーする」)
    (
        re.compile(
            r"(^|、)([^、。]*?)(?:バトルゾーンに)?出て、([^、。]*?)の能力がトリガーする時、かわりにその能力はトリガーしない"
        ),
        r"\1\2出た時にトリガーする\3の能力がトリガーする時、かわりにトリガーしない",
    ),
    # 「…が出て、その能力がトリガーする時、その能力を1度のかわりに2度トリガーしてもよい」 (ブルーバード5000RT): the same
    # shape, of the ability of the card put out (「その能力」)
    (
        re.compile(
            r"(^|、)([^、。]*?)(?:バトルゾーンに)?出て、その能力がトリガーする時、その能力を1度のかわりに2度トリガー"
        ),
        r"\1\2出た時にトリガーするその能力がトリガーする時、かわりに2度トリガー",
    ),
    (
        re.compile(r"時にトリガーする([^、。]*?)の能力は(?:すべて)?、?1度のかわりに2度トリガー(する|してもよい)"),
        r"時にトリガーする\1の能力がトリガーする時、かわりに2度トリガー\2",
    ),
    (re.compile(r"した時(?=[^。]*?時にトリガーする|にトリガーする)"), "する時"),
    (re.compile(r"た時(?=[^。]*?時にトリガーする|にトリガーする)"), "る時"),
    # 「…あれば、このクリーチャーに「ブロッカー」を与え、破壊される時、…かわりに…」 (AQ NETWORK): a keyword given and a
    # replacement of this creature's, both under the condition: two sentences, each with it (a keyword's label,
    # 「シビルカウント3:」, before the first alone)
    (
        re.compile(
            r"(^|。)((?:[^。:]*?:)?)([^。:]*?(?:あれば|なら)、)(このクリーチャー)に(「[^」]+」)を与え、"
            r"(?=[^。]*?時、[^。]*?かわりに)"
        ),
        r"\1\2\3\4に\5を与える。\3\4が",
    ),
    # 「…あれば、このクリーチャーは攻撃できず、バトルゾーンを離れる時、かわりにとどまる」 (白皇世の意志 御嶺): a
    # restriction and a replacement of this creature's, both under the condition: two sentences, each with it
    (
        re.compile(
            r"(^|。)([^。:]*?(?:あれば|なら|勝ったら)、(?:このターン、)?)(このクリーチャー)は([^、。]*?(?:でき|され))ず、"
            r"(?:このクリーチャーが)?([^。、]*?時、[^。]*?かわりに[^。]*)"
        ),
        r"\1\2\3が\5。\2\3は\4ない",
    ),
    # 「相手は、自身の…を出す時」: the player who does the event said as the topic, as 「相手が…」
    (
        re.compile(r"(^|、)(自分|相手)は、(?=[^、。]*?(?:出す|置く|捨てる|唱える|選ぶ|ブレイクする)時(、[^。]*)?)"),
        _player_topic,
    ),
    # 「相手が自分のシールドをブレイクする時」: a player breaking shields, as 「自分のシールドが相手にブレイクされる時」
    (re.compile(r"(^|、)(自分|相手)が((?:自分|相手)のシールド)をブレイクする(?=時)"), r"\1\3が\2にブレイクされる"),
    # 「相手が自分のクリーチャーを手札に戻す時」「相手が自分のクリーチャーを破壊する時」: the player who does it said as
    # the agent, as 「自分のクリーチャーが相手に手札に戻される時」 (a creature is in the battle zone)
    (
        re.compile(
            r"(^|、)(自分|相手)が((?:自分|相手)の[^、。をがは「」]*?クリーチャー)を(?:バトルゾーンから)?"
            r"(手札に戻|破壊)す(?=時)"
        ),
        r"\1\3が\2に\4される",
    ),
    # 「自分の手札が捨てられる時」「相手が手札を捨てる時」 with what is done instead only where the cards discarded go:
    # each card's discard, as 「自分のカードが手札から捨てられる時」 (the same whether the discard is one event of the
    # cards or one a card). With anything else done instead it stays a player's discarding, one event (events.py).
    (
        re.compile(
            # (a cause said first, with no comma, is said after the card: 「相手の呪文によって自分の手札が」)
            r"(^|、)((?:(?:自分|相手)の[^、。が]*?(?:によって|の効果で))?)(自分|相手)の手札が([^、。が]*?(?:によって|の効果で))?"
            r"(?=捨てられる時、" + _ONLY_MOVED + ")"
        ),
        r"\1\3のカードが\2\4手札から",
    ),
    (
        re.compile(
            # 「相手が自身の手札を」: the opponent's; 「相手が自分の手札を」 names this card's player's hand: not this
            r"(^|、)(自分|相手)が(?:\2の|自身の)?(?:手札を|手札からカードを)捨てる(?=時、" + _ONLY_MOVED + ")"
        ),
        r"\1\2のカードが手札から捨てられる",
    ),
    # 「相手の呪文によって自分の手札を捨てる時」: with a cause said and no player, the hand's player discarding
    (
        re.compile(
            r"(^|、)((?:自分|相手)の[^、。がを]*?(?:によって|の効果で))、?(自分|相手)の手札を捨てる(?=時、"
            + _ONLY_MOVED
            + ")"
        ),
        r"\1\3のカードが\2手札から捨てられる",
    ),
    # 「自分の呪文によって自分の手札からドラゴンを捨てる時」 with what is done instead only where the cards go: each
    # such card's discard (「自分のドラゴンが自分の呪文によって手札から捨てられる時」); 「このクリーチャーを自分の
    # 手札から捨てる時」: this card's
    (
        re.compile(
            # (「相手の手札から…を捨てる時」: whoever discards it, a player said of no one: left as printed)
            r"(^|、)(?:([^、。]*?によって)、?)?(自分)の手札から((?!この)[^、。がを]+?)を捨てる(?=時、"
            + _ONLY_MOVED
            + ")"
        ),
        lambda m: f"{m[1]}{m[3]}の{m[4]}が{m[2] or ''}手札から捨てられる",
    ),
    (
        re.compile(r"(^|、)(この(?:クリーチャー|カード|呪文))を(?:自分の|持ち主の)?手札から捨てる(?=時、)"),
        r"\1\2が手札から捨てられる",
    ),
    (
        re.compile(
            r"(^|、)((?:[^、。]*?によって、?)?)(?:自分の)?手札から(この(?:クリーチャー|カード|呪文))を捨てる(?=時、)"
        ),
        r"\1\3が\2手札から捨てられる",
    ),
    # 「自分の手札を捨てる時、その手札のかわりに…を破壊すれば1枚も捨てなくてよい」 (円舞の使徒ラストル): the player's
    # discarding as a whole, none of its cards discarded (「1枚以上捨てられる時」: however many cards one discard takes,
    # one event). With anything else done instead, whether it is a discard of all the cards or of each the text does
    # not say: refused (events.py)
    (
        re.compile(
            r"(^|、)(自分|相手)(?:が(?:\2の|自身の)?手札を捨てる|の手札を捨てる)時、"
            r"その手札のかわりに([^、。]*?)を破壊すれば1枚も捨てなくてよい"
        ),
        r"\1\2のカードが手札から1枚以上捨てられる時、かわりに\3を破壊してもよい",
    ),
    # 「このカードがいずれかのゾーンから墓地に置かれる時」: from any zone, 「どこからでも」
    (re.compile(r"(?<=が)、?いずれかのゾーンから、?(?=[^、。]*?に置かれる(?:時|とき))"), "どこからでも"),
    # 「手札以外のどこからでも出る」 is 「手札以外から出る」; 「相手が手札以外から…を出す」 is the player's own zones'
    (re.compile(r"(?<=以外)のどこからでも(?=(?:バトルゾーンに)?出|[^、。]*?を(?:バトルゾーンに)?出す)"), "から"),
    (
        re.compile(r"(^|、)(自分|相手)が(?=(?:手札|墓地|マナゾーン|山札|超次元ゾーン|シールドゾーン)以外から)"),
        r"\1\2が自身の",
    ),
    # 「相手のカードが、相手の手札以外からマナゾーンに置かれる時」: as 「相手が自身の手札以外からマナゾーンに
    # カードを置く時」
    (
        re.compile(
            r"(^|、)(自分|相手)の((?:(?!時)[^、。が])*?)が、?(?:\2の|自身の)?"
            r"(手札|墓地|マナゾーン|山札|シールドゾーン)以外から(マナゾーン|墓地)に置かれる(?=時)"
        ),
        r"\1\2が自身の\4以外から\5に\3を置く",
    ),
    # 「自分のドラゴンが2体以上あれば」, 「…が合計3つ以上あれば」 (シビルカウント): creatures (or other cards of
    # the battle zone) counted with no zone said are those of the battle zone, as 「バトルゾーンに自分のドラゴンが
    # 2体以上あれば」, 「…が3枚以上あれば」
    (
        re.compile(_BATTLE_CARDS + r"が((?:他に)?(?:\d+体以上|1体も)?)(?=あれば|なければ|あるなら|あり、)"),
        r"\1バトルゾーンに\2が\3",
    ),
    # 「自分のドラゴンがバトルゾーンにあれば」「相手のクリーチャーがバトルゾーンに2体以上あれば」: the same, the zone
    # said after the cards
    (
        re.compile(
            _BATTLE_CARDS
            + r"がバトルゾーンに((?:他に)?(?:\d+体以上|1体も|1体でも)?)(?=あれば|なければ|あるなら|あり、)"
        ),
        r"\1バトルゾーンに\2が\3",
    ),
    (re.compile(_BATTLE_CARDS + r"が(?:合計)?(\d+)つ以上(?=あれば|あるなら|あり、)"), r"\1バトルゾーンに\2が\3枚以上"),
    # 「自分のマナゾーンにあるカードが6枚以上なら」「自分の墓地のクリーチャーが5体以上あれば」: the cards of a zone
    # counted, as 「自分のマナゾーンにカードが6枚以上あれば」
    (
        re.compile(
            r"(自分|相手)の(マナゾーン|墓地)(?:にある|の)([^、。が]*?)が(\d+(?:枚|体)以上)(?:あれば|なら)(?=、)"
        ),
        r"\1の\2に\3が\4あれば",
    ),
    # 「自分のマナゾーンにあるカードが離れる時」: the zone the card is in is the one it leaves, as 「自分のマナゾーンの
    # カードがマナゾーンを離れる時」 (「離れる」 said alone is the battle zone's)
    (
        re.compile(r"(^|、)(自分|相手)の(マナゾーン|墓地|シールドゾーン)にある([^、。が]*?)が離れる(?=時)"),
        r"\1\2の\3の\4が\3を離れる",
    ),
    # 「この城が離れる時」: a castle leaves the shield zone, where it is (never the battle zone)
    (re.compile(r"(^|、)この城が、?離れる(?=時)"), r"\1この城がシールドゾーンを離れる"),
    # 「自分のシールドが離れる時」: a card of one's shield zone that is no castle leaves it (a castle fortifies a
    # shield and is none: 「自分の城ではないカードがシールドゾーンを離れる」)
    (
        re.compile(
            r"(^|、)(自分|相手)の(表向きの)?シールドが((?:(?!時)[^、。がを])*?によって)?(?:シールドゾーンを)?離れる(?=時)"
        ),
        r"\1\2の\3城ではないカードが\4シールドゾーンを離れる",
    ),
    # 「このクリーチャーが自分のシールドゾーンに表向きであれば」 is 「…が表向きで自分のシールドゾーンにあれば」
    (re.compile(r"(?<=が)((?:自分の)?シールドゾーン)に表向きで(?=あれば)"), r"表向きで\1に"),
    # 「自分のクリーチャー1体またはタマシードを1枚」「コスト5以下のクリーチャー1体またはコスト5以下のタマシードを1枚」:
    # one card of either type, each counted with its own counter, as 「クリーチャーまたはタマシードを1枚」 (one only:
    # 「クリーチャー2体またはタマシードを2枚」 is two of one type, never a mix)
    (
        re.compile(
            _UNMODIFIED
            + r"((?:(?:コスト|パワー)\d+以[下上]の)?)クリーチャー(1)体または\1(タマシード|クロスギア)を\2(?:枚|つ)"
        ),
        # the bound said before each head is each head's, set off by a comma
        lambda m: f"{m[1]}{'、' if m[1] else ''}クリーチャーまたは{m[3]}を{m[2]}枚",
    ),
    # 「自然のクリーチャーまたは自然のタマシード」: one civilization said before each head, as
    # 「自然の、クリーチャーまたはタマシード」 (set off by its comma: each head's)
    (
        re.compile(
            _UNMODIFIED
            + r"(光|水|闇|火|自然)の(クリーチャー|タマシード|クロスギア)(?:または|か)"
            + r"\1の(クリーチャー|タマシード|クロスギア)"
        ),
        r"\1の、\2または\3",
    ),
    # 「相手が、自身のマナゾーンのカードの枚数よりコストが大きいクリーチャーを出す時」: as
    # 「相手のマナゾーンにあるカードの枚数より大きいコストを持つ相手のクリーチャーが出る時」
    (
        re.compile(
            r"(^|、)(自分|相手)が、?自身のマナゾーン(?:の|にある)カードの(?:枚数|数)よりコストが大きい"
            r"(クリーチャー)を(?:バトルゾーンに)?出す(?=時)"
        ),
        r"\1\2のマナゾーンにあるカードの枚数より大きいコストを持つ\2の\3が出る",
    ),
    # 「光のクリーチャーまたは水のクリーチャー」: one head said after each civilization, as 「光または水のクリーチャー」
    (
        re.compile(_UNMODIFIED + r"(光|水|闇|火|自然)の(クリーチャー|カード|呪文)(?:または|か)(光|水|闇|火|自然)の\2"),
        r"\1または\3の\2",
    ),
    # 「自分のシールドを1枚裏向きのまま選び」: a shield chosen as it lies, face down (the classic wording, from before
    # shields could be face up): one of the face-down shields
    (re.compile(r"(自分|相手)のシールドを(\d+)(?:枚|つ)、?裏向きのまま(?=選)"), r"\1の裏向きのシールドを\2つ"),
    # 「自分の手札を、好きな数捨てる」「山札の一番上のカードを2枚、…」: a comma after a zone's cards said before
    # their number; 「山札の一番上のカードを2枚」「山札のカードを上から2枚」 are 「山札の上から2枚を」
    (re.compile(r"(?<=(?:手札|墓地)を)、(?=\d+枚|好きな数)"), ""),
    (re.compile(r"山札の(?:一番上のカードを|上のカードを|カードを上から)(\d+)枚、?(?!まで)"), r"山札の上から\1枚を"),
    # 「「S・トリガー」で唱えた自分の呪文は、唱えた後、」「S・トリガーを使って自分の呪文を唱えた後、その呪文を」:
    # the spells cast by S・トリガー, after they are cast, as 「S・トリガーを使って自分の呪文を唱えた時、」 says it
    (
        re.compile(r"(?:「S・トリガー」|S・トリガー)で唱えた(自分|相手)の呪文は、?唱えた後、?"),
        r"S・トリガーを使って\1の呪文を唱えた時、",
    ),
    (
        re.compile(
            r"(S・トリガーを使って(?:自分|相手)の呪文を唱えた)(?:後|とき|時)、(?:その呪文を)?(?=墓地に置くかわりに)"
        ),
        r"\1時、",
    ),
    # 「バトルゾーンにあるこのクロスギアが墓地に置かれる時」: this card leaving the battle zone, said by its zone
    (
        re.compile(
            r"(^|、)バトルゾーンにある(この(?:クロスギア|クリーチャー|タマシード))が((?:(?!時)[^、。がを])*?によって)?"
            r"(?=(?:墓地|マナゾーン|手札|山札[^、。]*?|シールドゾーン)に(?:置かれる|戻される|加えられる)時)"
        ),
        r"\1\2が\3バトルゾーンから",
    ),
    (
        re.compile(
            r"(^|、)バトルゾーンにある(?=この(?:クロスギア|クリーチャー|タマシード)が(?:(?!時)[^、。がを])*?"
            r"(?:破壊される|バトルゾーンを離れる|離れる)時)"
        ),
        r"\1",
    ),
    # 「相手のシールドが相手の手札に加えられる時」: a shield goes to its own player's hand, said again
    (
        re.compile(r"(自分|相手)のシールドが((?:(?!時)[^、。がを])*?)\1の手札に(?=加えられる時)"),
        r"\1のシールドが\2手札に",
    ),
    # 「サイキック・クリーチャーが超次元ゾーンに戻される時」: a psychic creature goes nowhere else when it leaves the
    # battle zone (the only zone it is put into): its leaving
    (
        re.compile(
            r"(サイキック・(?:スーパー・)?クリーチャー)が((?:(?!時)[^、。がを])*?によって)?超次元ゾーンに戻(?:され)?る(?=時)"
        ),
        r"\1が\2バトルゾーンを離れる",
    ),
    # 「相手の呪文または能力によって」: whatever that player's spells and abilities do, their effects
    (re.compile(r"(自分|相手)の呪文または(?:\1の)?能力(?=によって|で)"), r"\1の効果"),
    # 「自分の光の呪文は、唱えた後、」: the spells said as the topic, after they are cast
    (re.compile(r"(^|、)((?:自分|相手)の[^、。「」]{0,12}?呪文)は、?(?=唱えた後)"), r"\1\2を"),
    # 「相手が唱えた呪文は、唱えた後、」: the spells that player casts, as 「相手が呪文を唱えた後、」 says it
    (re.compile(r"(^|、)(自分|相手)が唱え(?:た|る)([^、。「」]{0,12}?呪文)は、?(?=唱えた後)"), r"\1\2が\3を"),
    # 「このクリーチャーとのバトルに負けた相手のクリーチャーが破壊される時」: the battle's loser said before it, as
    # 「相手のクリーチャーがこのクリーチャーとのバトルに負けて破壊される時」 (after the topic said as the watched
    # card, 「…クリーチャーは、破壊されるかわりに」)
    (
        re.compile(
            r"(?:^|(?<=[。、]))(この(?:クリーチャー|カード))とのバトルに負けた((?:自分|相手)の[^、。がを]*?)が(?=破壊される時)"
        ),
        r"\2が\1とのバトルに負けて",
    ),
    # 「…時、かわりに…。この能力は各ターンに1度しか使えない」: the replacement's limit said after it (and after its
    # follow-ups), as 「各ターンに1度、…時、かわりに…」 says it
    (
        re.compile(
            # (the line's first sentence and its follow-ups alone: 「この能力」 is the whole line's)
            r"^((?!各ターンに1度)[^。「」]*?時、[^。「」]*?かわりに[^。「」]*?)((?:。(?:そうした場合|そうしたら|その後)、[^。「」]*?)*)"
            r"。(?:ただし、)?この能力は各ターンに1度しか使えない。?$"
        ),
        r"各ターンに1度、\1\2",
    ),
)
_NAME = re.compile(r"(《[^》]*》)")
# 「かわりに、…」: the comma after 「かわりに」, printed or not
_INSTEAD_COMMA = re.compile(r"(?<=かわりに)、")
_SPACE = re.compile(r"\s+")


def normalize(text: str) -> str:
    """One sentence or text, in the form the grammar reads."""
    parts = _NAME.split(text)
    out = []
    for i, part in enumerate(parts):
        if i % 2 == 1:  # a card name: as printed, without spaces at its ends
            out.append(part.strip())
            continue
        part = unicodedata.normalize("NFKC", part)
        part = _SPACE.sub("", part)
        part = _INSTEAD_COMMA.sub("", part)  # before the wordings, which say 「かわりに…」 with no comma
        for old, new in WORDING:
            part = part.replace(old, new)
        for pattern, by in _WORDING_PATTERNS:
            part = pattern.sub(by, part)
        out.append(part)
    return "".join(out)


_OPEN = "(「《"
_CLOSE = ")」》"


def _used_after(line: str, colon: int) -> bool:
    """「…次の能力を使ってもよい:…」 at ``colon``, what follows no 「かわりに」."""
    return (
        line[:colon].endswith(("次の能力を使ってもよい", "次の能力を使う"))
        and "かわりに" not in line[colon:].split("。")[0]
    )


def sentences(line: str) -> list[tuple[int, str]]:
    """A line split at 「。」 outside brackets: (offset in the line, sentence without its 「。」); and after
    「次の能力を使ってもよい」 at a colon, the ability used said after it (「…タップして次の能力を使ってもよい:…」),
    unless that says 「かわりに」 (an effect the ability used makes, never read as the card's own ability)."""
    found = []
    depth = 0
    start = 0
    for i, ch in enumerate(line):
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE and depth:
            depth -= 1
        elif (ch == "。" or (ch in ":：" and _used_after(line, i))) and depth == 0:
            if line[start:i].strip():
                found.append((start, line[start:i]))
            start = i + 1
    if line[start:].strip():
        found.append((start, line[start:]))
    return found


# --- the comparison of a reading's rendering with the printed sentence -----------------------
#
# ``canonical`` is applied to both sides, the printed sentence and the rendering (render.py),
# and maps only wordings that mean the same onto one: widths and kana numbers (``normalize``),
# とき/時, してよい/してもよい, the units of a count (体/枚/つ), the old and new phrasings of one
# event (「バトルゾーンを離れる」/「離れる」, 「バトルゾーンに出す」/「出す」, 「山札の一番下」/
# 「山札の下」), what is replaced said again before 「かわりに」 (「墓地に置くかわりに」: the
# grammar checks it is the watched event), 「自分の」/「持ち主の」 before where a card is put (its
# owner's zone either way; the grammar refuses the opponent's cards put into one's own zone),
# the order of a card phrase's modifiers and of the conditions before the watched event, the
# place of the chosen cards' zone and number (「自分のマナゾーンのカードを3枚」/「カードを3枚、
# 自分のマナゾーンから」), 「選び、」 before what is done with the chosen, and commas.

_CANON_WORDS = (
    # 「このクリーチャー以外の自分のクリーチャー」: 「自分の他のクリーチャー」 (the player said first, as the rules
    # below read it)
    ("このクリーチャー以外の自分の", "自分の他の"),
    ("このカード以外の自分の", "自分の他の"),
    ("このクリーチャー以外の", "他の"),
    ("このカード以外の", "他の"),
    ("このカードが", "このクリーチャーが"),  # this card, said as the creature the rules below name
    ("これが進化クリーチャー", "このクリーチャーが進化クリーチャー"),
    ("が進化クリーチャーなら", "が進化クリーチャーであれば"),
    ("これがNEO進化クリーチャー", "このクリーチャーがNEO進化クリーチャー"),
    ("がNEO進化クリーチャーなら", "がNEO進化クリーチャーであれば"),
    ("それぞれの持ち主の", "持ち主の"),
    ("このサバイバー", "このクリーチャー"),  # a survivor's ■ ability: each survivor's own (textreader.py)
    ("タップしてい", "タップされてい"),  # 「タップしているクリーチャー」, 「タップしていれば」
    ("がタップされていれば", "がタップされていた場合"),  # the card's state when the event would happen
    ("このクリーチャーがタップされていなければ", "このクリーチャーがアンタップされていれば"),
    ("がリンクしていれば", "がリンクしていて"),
    ("がリンクしている場合", "がリンクしていて"),
    ("自分がガチンコ・ジャッジに勝", "自分が勝"),
    ("自分が勝った場合", "自分が勝ったら"),
    ("自分が勝てば", "自分が勝ったら"),
    ("これを装備したクリーチャー", "これをクロスしたクリーチャー"),
    ("このクロスギアをクロスし", "これをクロスし"),
    ("これをクロスしているクリーチャー", "これをクロスしたクリーチャー"),
    # the spell an earlier sentence casts: 「それを」「その呪文を」 (after 「そうしたら」, 「こうして呪文を唱えたなら」)
    ("こうして呪文を唱えたなら、それを唱えた後", "その呪文を唱えた後"),
    ("そうしたら、その呪文を唱えた後", "その呪文を唱えた後"),
    ("それを唱えた後", "その呪文を唱えた後"),
    ("そうして唱えた後", "こうして唱えた後"),  # リサイクル's reminder as the later sets print it
    ("そうしたら、唱えた後", "その呪文を唱えた後"),
    ("呪文を唱えた時、唱えた後で", "呪文を唱えた後"),
    ("とき", "時"),
    ("バトルゾーンを離れ", "離れ"),
    ("バトルゾーンから離れ", "離れ"),
    ("バトルゾーンに出", "出"),
    ("バトルを始める", "バトルする"),
    ("山札の一番下", "山札の下"),
    ("山札の一番上", "山札の上"),
    ("新しいシールドとして", ""),
    ("シールドに加え", "シールドゾーンに加え"),
    ("手札に戻る時", "手札に戻される時"),  # the card returns, or is returned: one event
    ("留まる", "とどまる"),
    ("残る", "とどまる"),
    ("バトルゾーンにとどまる", "とどまる"),
    ("留まってもよい", "とどまってもよい"),
    ("残ってもよい", "とどまってもよい"),
    ("バトルゾーンにとどまってもよい", "とどまってもよい"),
    ("相手自身", "相手"),
    ("自分自身", "自分"),  # one's own: the reading of a clause with an actor of its own is refused (instead.py)
    ("ただし、", ""),
    ("そうしたら、", "そうした場合、"),
    ("その場合、", "そうした場合、"),
    ("このクリーチャーがバトルゾーンにある間に、", ""),
    ("このクリーチャーがバトルゾーンにある間、", ""),
    ("裏向きのまま", "裏向きにして"),
    ("表向きのまま", "表向きにして"),
    ("シャッフルしてから", "シャッフルして"),
    ("このターン中", "このターン"),
    ("このターンの終わりまで、", "このターン、"),  # an effect of this turn: it ends with the turn
    ("このターンが終わるまで、", "このターン、"),
    ("そのターン、", "このターン、"),
    ("このターンに", "このターン、"),  # 「このターン中に…ていれば」: what happened this turn
)
_ZONE_COUNT = (
    r"(?=(?:他に)?(?:\d+(?:体|枚|つ)(?:以上|でも|も)(?:あれば|あり|あるなら|なければ)|なければ"
    r"|0(?:体|枚|つ)(?:なら|であれば)))"
)
# 「こうしてマナゾーンに置いたのが」: the card an earlier sentence did something with (what it did, the verb)
EARLIER_DONE = r"こうして([^、。がを]*?)(置いた|引いた|見せた|表向きにした|加えた|捨てた)(?:の|カード)が"

_CREATURE_HEAD = re.compile(r"(?:クリーチャー|[ァ-ヺー・]+)(?<!カード)(?<!シールド)$")


def _anywhere_said(match: re.Match[str]) -> str:
    """「…が、どこからでも」: of a card, what a zone-less event says anyway; of a creature, which with no zone is
    one of the battle zone, it stays said."""
    groups = [g or "" for g in match.groups()]
    head = groups[-1]
    kept = "どこからでも" if _CREATURE_HEAD.search(head) else ""
    return "".join(groups[:-1]) + head + "が" + kept


_CANON_PATTERNS = tuple(
    (re.compile(pattern), replacement)
    for pattern, replacement in (
        (r"(自分|相手)クリーチャー(?!の攻撃)", r"\1のクリーチャー"),  # 「相手クリーチャー」
        # 「自分のマナゾーンのカードがマナゾーンを離れる時」: the zone said twice, as whose cards and as the zone left
        (
            r"(自分|相手)の(マナゾーン|墓地|手札)(?:にある|の)カードが((?:(?!時)[^、。がを])*?)\2を離れる(?=時)",
            r"\1のカードが\3\2を離れる",
        ),
        # 「破壊される時、かわりにそのクリーチャーの一番上のカードだけを墓地に置く」: the top card alone destroyed, as
        # 「かわりに一番上のカードが離れる」 says it (the reader takes it of a destruction alone)
        (
            # (the sentence's last clause: before 「か、」 or another clause its object would be the top card's too)
            r"(破壊される時、(?:墓地に置く)?かわりに、?)(?:(?:この|その)(?:進化)?クリーチャーの)?一番上のカード(?:だけ)?を"
            r"墓地に置(く|いてもよい)(?=$|。)",
            lambda m: m[1] + "一番上のカードが離れ" + ("る" if m[2] == "く" else "てもよい"),
        ),
        # 「相手のクリーチャーとのバトルでこのクリーチャーが破壊される時」: the battle said before this card
        (r"(?<![^、。])([^、。]*?とのバトル(?:で|によって|に負けて))(この(?:クリーチャー|カード))が", r"\2が\1"),
        # 「自分のサムライが…時、かわりにそのサムライにクロスされている…」: the watched card, named by its race again
        (r"([ァ-ヺー]+)(が[^。]*?時、[^。]*?)その\1(?=の下にある|にクロス)", r"\1\2そのクリーチャー"),
        # 「自分のマナゾーンから自分の墓地にカードが置かれる時」: the zones said before the card, as after it
        (
            r"(?<![^、。])(自分|相手)の(マナゾーン|墓地|手札|山札)から(?:(?:自分|相手|持ち主)の)?(墓地|手札|マナゾーン|山札)に"
            r"カードが(?=置かれる時)",
            r"\1のカードが\2から\3に",
        ),
        # 「自分のマナゾーンのカードが相手の呪文によって離れる」: 「自分のカードが相手の呪文によってマナゾーンを離れる」
        (
            r"(?<![^、。])(自分|相手)の(マナゾーン|墓地|手札|山札)(?:にある|の)カードが((?:[^、。が]*?によって)?)離れ",
            r"\1のカードが\3\2を離れ",
        ),
        (
            r"「([A-Zァ-ヺー]+・ソウル)」を持つ",
            r"(\1)",
        ),  # a soul said as a keyword: 「「W・ソウル」を持つクリーチャー」
        (r"(裏向きにして|表向きにして|タップして)、", r"\1"),  # a manner's comma: 「裏向きにして、…に加える」
        (r"(?<=の)、", ""),  # a modifier's comma: 「コスト3以下の、進化クリーチャーまたはタマシード」
        # 「相手のカードが、どこからでも墓地に置かれる時」: from any zone, as a zone-less event says it (of this card it
        # says more: that its ability works wherever it is)
        (r"(^|、)((?!この)[^、。が]*?)が、?どこからでも、?(?=[^、。]*?に置かれる時)", _anywhere_said),
        # 「このターン、自分のクリーチャーが召喚されていなければ」: none of them, 「1体も」 said or not
        (
            r"が(?=(?:破壊され|バトルゾーンに出|出|召喚され|墓地に置かれ|マナゾーンに置かれ|手札に戻され|離れ)て(?:いなければ|いない場合))",
            "が1枚も",
        ),
        (r"1つでも(?=ブレイクされる)", "1つ以上"),  # one break, however many shields: 「1つでも」 as 「1つ以上」
        # 「進化ではない自分のクリーチャー」「ドラゴンではない自分のクリーチャー」: the player said after what the card
        # is
        (r"(^|、)(進化|多色|無色|[ァ-ヺー・=]+)ではない(自分|相手)の", r"\1\3の\2ではない"),
        # 「自分のドラゴンが…時、かわりにそのドラゴンの下にある」: the watched card named by its own word
        (r"(の([ァ-ヺー・=]+)が[^。]*?時、[^。]*?)その\2の下にある", r"\1そのクリーチャーの下にある"),
        # 「自分のシールドが、シールドゾーンから…」: the cards of the player's shield zone
        (r"(自分|相手)のシールドが、?(?=シールドゾーンから)", r"\1のカードが"),
        # 「…かわりにシールドゾーンにとどまる」: where the card stays is the zone it would leave (instead.py)
        (r"かわりに(?:シールドゾーン|マナゾーン|墓地)にとどまる", "かわりにとどまる"),
        (r"(?<![分手])自身の(?=(?:墓地|手札|マナゾーン|山札|シールドゾーン)(?:に|の))", "持ち主の"),  # 「自身の墓地に」
        (r"(?<!の)シールド1つの上に", "自分のシールド1つの上に"),  # 裁きの紋章: one's own shield unless said
        # 「こうしてマナゾーンに置いたのが」: the one card an earlier sentence names, 「それが」
        (EARLIER_DONE, "それが"),
        (
            r"この呪文を、?唱えた後で?(?=、|墓地)",
            "この呪文を唱えた後、",
        ),  # 「この呪文を、唱えた後で墓地に置くかわりに」
        (r"^唱えた後、", "その呪文を唱えた後、"),  # 「唱えた後、その呪文を墓地に置くかわりに」 (龍素知新)
        # 「自分のマナゾーンにあるカードが相手のより多ければ」: the cards of the zone compared
        (
            r"(自分|相手)の(マナゾーン|墓地)にあるカード(?=(?:の数|の枚数)?が(?:自分|相手)[^、。]*?(?:より|以上|以下))",
            r"\1の\2のカード",
        ),
        # a count compared with the other player's: 「自分のシールドの数が相手のシールドの数より」 → 「自分のシールドが
        # 相手より」, 「相手の」「相手のもの」 the same; 「多い場合」「よりも多ければ」 → 「より多ければ」
        (
            r"(自分|相手)の(シールド|手札|山札|マナゾーンのカード|墓地のカード)(?:の数|の枚数)?が(自分|相手)"
            r"(?:の(?:もの|\2(?:の数|の枚数)?)?)?(?=より|以上|以下)",
            r"\1の\2が\3",
        ),
        (r"(?<=[分手])よりも?多(?:ければ|い場合)", "より多ければ"),
        (r"(?<=[分手])よりも?少な(?:ければ|い場合)", "より少なければ"),
        (r"(?<=[分手])(以上|以下)(?:であれば|なら|の場合)", r"\1であれば"),
        # 「相手の呪文の効果で」: what makes it happen
        (r"(効果|能力|呪文)で(?=この|自分|相手|その|、)", r"\1によって"),
        (r"(効果|能力|呪文)で(?![なあはも])(?=[^、。]*?(?:れる|離れる)時)", r"\1によって"),  # 「…の効果で離れる時」
        # 「山札に戻される」「山札に加えられる」「山札に置かれる」: a card put into the deck
        (r"山札(に|の下に|の上に)(?:戻される|戻る|加えられる)(?=時)", r"山札\1置かれる"),
        (r"以外のどこかに離れる", "以外のゾーンに置かれる"),  # 「バトルゾーンから墓地以外のどこかに離れる」
        # G-NEO進化's reminder: 「カードが下にあれば、NEO進化クリーチャーとして扱い、離れる時、かわりに下のカード
        # すべてが離れる」: the cards under this creature; its type (the type line's); its own leaving, the subject
        # left out
        (r"(^|、)カードが(?:このクリーチャーの)?下にあれば", r"\1このクリーチャーの下にカードがあれば"),
        (r"、NEO進化クリーチャーとして扱い(?=、)", ""),
        (r"(^|、)(離れる|破壊される)時", r"\1このクリーチャーが\2時"),
        # 「相手の呪文によって手札に戻される時」: this creature's event, its cause said, no subject
        (
            # (only conditions or a turn before it: no subject said)
            r"^((?:[^、。]*?(?:ば|なら|場合|中)、)*)((?:自分|相手)の[^、。がを]*?によって)"
            r"(手札に戻される|破壊される|離れる|バトルゾーンを離れる)時",
            r"\1このクリーチャーが\2\3時",
        ),
        (r"かわりに(?:このクリーチャーの)?下(?:の|にある)カードすべてが離れる", "かわりに下のカードすべてが離れる"),
        # 「自分のシールドが1枚でもあれば」「自分のマナゾーンのカードが5枚以上あれば」: the cards of one player's zone
        (r"(自分|相手)(?:のシールドが|にシールドが)" + _ZONE_COUNT, r"\1のシールドゾーンにカードが"),
        (r"に他に([^、。が]*?)が" + _ZONE_COUNT, r"に\1が他に"),
        (r"(自分|相手)のバトルゾーンにある", r"バトルゾーンにある\1の"),  # a player's battle zone: their cards
        (r"バトルゾーンにある([^、。が]*?)がこのクリーチャーだけであれば", r"バトルゾーンに\1が他になければ"),
        (r"(自分|相手)の(手札|マナゾーン|墓地|山札)(?:のカード)?が" + _ZONE_COUNT, r"\1の\2にカードが"),
        # 「マナゾーンに自分の闇のカードが5枚以上あれば」: the zone's player said on the cards counted
        (r"(^|、)(手札|マナゾーン|墓地)に(自分|相手)の([^、。が]*?)が" + _ZONE_COUNT, r"\1\3の\2に\4が"),
        (r"このターン、(?=この呪文を唱える)", ""),
        # 「「サイクロン」を持つ呪文を唱える直前に…していれば、その呪文を唱えた後」: the spell that has the ability
        (r"(を持つ呪文を唱える直前にクリーチャーを召喚していれば、)その呪文を唱えた後", r"\1この呪文を唱えた後"),
        (r"「[^」]*」を持つ呪文を唱える直前", "この呪文を唱える直前"),
        (r"「[^」]*」を得たクリーチャー", "このクリーチャー"),
        # a keyword's reminder a grant gives: the card that has it, said with no number, is the one given it
        (r"「[^」]*」を持つクリーチャーを(?![\d、])(?=破壊)", "このクリーチャーを"),
        (r"(自分|相手|いずれか)のシールドゾーン(?:にある|の)(表向きの|裏向きの)?カード", r"\1の\2シールド"),
        (r"に(光|水|闇|火|自然|ゼロ)の文明が(?=あれば|あり|あるなら)", r"に\1のカードが"),
        (r"多色の", "多色"),
        (r"無色の", "無色"),
        # 「種族にドラゴンとあるクリーチャー」「「サイバー」と付く種族」: a creature of a race containing the word
        (r"種族に(?:「([^」]*)」|([ァ-ヺー・=]+))とある(?:クリーチャー|カード)?", r"\1\2"),
        (r"「([^」]*)」と(?:付く|つく)種族", r"\1"),
        (r"「([^」]*)」と種族にある(?:クリーチャー)?", r"\1"),
        (r"(?<![」》])(?<=[ァ-ヺー])を持つクリーチャー", ""),  # 「ドラゴンを持つクリーチャー」: a creature of the race
        (r"進化クリーチャーではない、?", "進化ではない"),  # a card that is no evolution card
        (r"進化ではない、", "進化ではない"),
        # 「このカードを自分の手札から捨てる時」: the discard 「このカードが手札から捨てられる時」 names
        (r"(^|、)([^、。を]*?)を((?:自分|持ち主)の)?手札から捨てる時", r"\1\2が\3手札から捨てられる時"),
        # 「シールドの数が合計6つ以下」/「シールドが6つ以下」: the number of the cards, summed over the players named
        (r"(シールド|手札|山札)(?:の数)?が(?:合計)?(?=\d)", r"\1が"),
        (r"(?<=\d)(体|枚|つ)以下であれば", r"\1以下なら"),
        (  # 「自分の山札が0枚なら」: none there, 「…にカードが1枚もなければ」
            r"(自分|相手)の(シールド|手札|山札)が0(?:体|枚|つ)(?:以下)?(?:なら|であれば)",
            lambda m: f"{m.group(1)}の{m.group(2).replace('シールド', 'シールドゾーン')}にカードが1枚もなければ",
        ),
        (r"山札に入れ", "山札に加え"),
        # 「カードが自分の山札から離れる」: the zone's player is the card's, as 「自分のカードが山札を離れる」 says
        # it; 「持ち主の」 zone is any card's own
        (
            r"(^|、)(?!自分の|相手の|この|その)([^、。が]*?)が(自分|持ち主)の"
            r"(?=(?:(?:シールドゾーン|マナゾーン|墓地|手札|山札)(?:を|から)、?)?離れ)",
            lambda m: f"{m.group(1)}{'自分の' if m.group(3) == '自分' else ''}{m.group(2)}が",
        ),
        (
            r"(^|、)([^、。]*?によって)、?((?:この|自分の|相手の|その|バトルゾーンにある)[^、。]*?が|(?:クリーチャー|カード)が)",
            r"\1\3\2",
        ),
        (r"(?<=が)(自分|持ち主)の(?=離れ)", ""),  # 「…が自分のバトルゾーンを離れる」, 「バトルゾーンを」 gone already
        (r"(自分|持ち主)の(?=(シールドゾーン|マナゾーン|墓地|手札|山札|バトルゾーン)(を|から)、?離れ)", ""),
        (r"(シールドゾーン|マナゾーン|墓地|手札|山札)から、?(?=離れ)", r"\1を"),
        (r"山札の上から1(体|枚|つ)目", "山札の上から1枚"),
        (r"山札の上のカードを", "山札の上から1枚を"),
        (r"山札の1枚目", "山札の上から1枚"),
        (r"アンタップされている", "タップされていない"),
        (r"(?:バトルによって|バトルに負けて)(?=破壊される)", "バトルで"),
        (r"(?<=クリーチャー)とバトルして(?=破壊される)", "とのバトルで"),  # 「…とバトルして破壊される」
        (r"バトルに負ける時", "バトルで破壊される時"),  # the loser of a battle is destroyed
        # 「…墓地に置かれるかわりに手札に戻る」: the card's own return said of it, as 「…かわりに手札に戻す」
        (r"(かわりに、?[^。、]*?に)戻る$", r"\1戻す"),
        (
            r"超次元ゾーンに戻(してもよい|して|す|し(?=、))",
            lambda m: (
                "超次元ゾーンに置" + {"してもよい": "いてもよい", "して": "いて", "す": "く", "し": "き"}[m.group(1)]
            ),
        ),
        (r"このクリーチャーにクロス(?:している|されている)", "このクリーチャーにクロスしてある"),
        (r"その進化クリーチャー(?=の下にある|にクロス)", "そのクリーチャー"),
        (r"そのクリーチャーにクロス(?:している|されている)", "そのクリーチャーにクロスしてある"),
        # 「そのカードが呪文であれば」: the one card an earlier sentence names, as 「それが」 says it
        (r"(^|、)その(?:カード|クリーチャー)が(?=[^、。]*?(?:であれば|でなければ|でない場合|なら)、)", r"\1それが"),
        (r"(^|、)(それが[^、。]*?)なら、", r"\1\2であれば、"),
        (r"(^|、)(それが[^、。]*?)でない場合、", r"\1\2でなければ、"),
        # 「相手の山札から、手札以外のゾーンにカードが置かれる時」: where the card comes from, said before it
        (r"いずれかのプレイヤーの(?=(?:手札|墓地|マナゾーン|山札|シールドゾーン)から)", "§ANY§"),
        (
            r"(^|、)((?:自分の|相手の|§ANY§)(?:手札|墓地|マナゾーン|山札|シールドゾーン|バトルゾーン)から)、?"
            r"((?:手札|墓地|マナゾーン|山札|シールドゾーン|バトルゾーン)以外のゾーンに)?([^、。が]+?)が",
            r"\1\4が\2\3",
        ),
        # 「バトルゾーンに他のクリーチャーが出る時」「自分の墓地にクリーチャーが置かれる時」: where the card goes,
        # said before it
        (r"(^|、)バトルゾーンに、?([^、。がにを]+?)が、?出る時", r"\1\2が出る時"),
        (
            r"(^|、)((?:自分の|相手の|持ち主の)?(?:手札|墓地|マナゾーン|山札|シールドゾーン)に)、?([^、。がにを]+?)が、?"
            r"(置かれる|加えられる)時",
            r"\1\3が\2\4時",
        ),
        (r"§ANY§", ""),  # either player's zone: a card of no one player's, as the reading says it
        # 「このクリーチャーが自分のマナゾーンから」: this card's zone is its own player's
        (
            r"(^|、)このクリーチャーが(?:自分|持ち主)の(?=(?:手札|墓地|マナゾーン|山札|シールドゾーン)から)",
            r"\1このクリーチャーが",
        ),
        (r"引いたことによってゲームに負ける時", "引く時"),
        (r"この呪文を自分の", "この呪文を"),
        (r"龍解させ", "裏返"),
        (r"裏返し、このクリーチャーをアンタップ", "裏返し、アンタップ"),  # the card the clause before names
        (r"コストの(?:小さい|大きい)ほうに", ""),
        (
            r"(?:ドラグハート・)?(クロスギア|クリーチャー|ドラグハート|フォートレス|ウエポン)側に(?=裏返)",
            "",
        ),  # a card of two sides flips
        (r"下に重ねた", "下にある"),
        (r"相手のクリーチャーの攻撃", "相手クリーチャーの攻撃"),
        (
            r"(自分|相手|相手のクリーチャー)によって(?=[^、。]*?(?:破壊され|置かれ|離れ|戻され|捨てられ|加えられ|ブレイクされ)る時)",
            r"\1に",
        ),
        (r"かわりにそのクリーチャーをアンタップ", "かわりにアンタップ"),  # the watched card, said again
        (r"このクリーチャーのパワーが0より大きく", "そのパワーが0より大きければ"),
        (r"自分のバトルゾーンに(?=置|出)", "バトルゾーンに"),  # the battle zone is one: 「自分のバトルゾーンに置く」
        (r"(?:その持ち主|そのプレイヤー)は、?かわりに", "かわりに"),  # the event's card's player does it
        # 「相手のクリーチャーが…時、かわりにそれを相手の超次元ゾーンに置く」: the event's card into its owner's zone
        # (the grammar reads 「相手の」 so only of the opponent's card)
        (
            r"(?<=かわりに)((?:それ|その[^、。を]*?)を)相手の(?=(?:手札|墓地|マナゾーン|山札|シールドゾーン|超次元ゾーン)に)",
            r"\1",
        ),
        (r"その([^、。をは]*)はかわりに", r"かわりにその\1を"),
        (r"かわりにそのプレイヤーは、?", "かわりに"),
        # 「相手のクリーチャーが超次元ゾーン以外から出る時」: the player's cards put out from any zone of theirs but one
        (
            r"(自分|相手)の((?:(?!自分の|相手の)[^、。がに])*?)が、?((?:手札|墓地|マナゾーン|山札|シールドゾーン|超次元ゾーン)以外から)"
            r"(?:バトルゾーンに)?出る時",
            r"\1が自身の\3\2を出す時",
        ),
        # 「相手が手札からクリーチャーを出す時」「相手がクリーチャーを自身の手札から出す時」: that player's cards enter
        # from that zone
        (
            r"(自分|相手)が(?:自身の)?(手札|墓地|マナゾーン|山札|シールドゾーン)から、?([^、。がを]*?)を(?:バトルゾーンに)?出す時",
            r"\1の\3が\2から出る時",
        ),
        (
            r"(自分|相手)が([^、。がを]*?)を(?:自身の)?(手札|墓地|マナゾーン|山札|シールドゾーン)から(?:バトルゾーンに)?出す時",
            r"\1の\2が\3から出る時",
        ),
        (r"(自分|相手)が召喚以外の方法で([^、。]*?)を(?:バトルゾーンに)?出す時", r"\1の\2が召喚以外の方法で出る時"),
        (r"(?:いずれかの)?プレイヤーが(召喚以外の方法で)?([^、。]*?)を(?:バトルゾーンに)?出す時", r"\2が\1出る時"),
        (r"(自分|相手)が([^、。]*?)を(?:バトルゾーンに)?(?:出す|置く)時", r"\1の\2が出る時"),
        (r"(^|、)([^、。がを]+?)を(?:バトルゾーンに)?出す時", r"\1\2が出る時"),  # 「相手のクリーチャーを出す時」
        (r"(^|、)(自分|相手)が、?([^、。が]+?)を選ぶ時", r"\1\3を\2が選ぶ時"),
        (r"バトルゾーンの(?=[^、。をが]*?(?:クリーチャー|カード|クロスギア)[^、。]*?(?:を|が))", "バトルゾーンにある"),
        (r"カードを(\d+)(?:体|枚|つ)、?(自分|相手)のシールドゾーンから", r"\2のシールドを\1枚"),
        # 「シールドを1つブレイクするたび」: one shield's break each time, as 「シールドをブレイクする時」 says it
        (r"シールド(?:を1つ|1つ)ブレイクする(時|たび)", "シールドをブレイクする時"),
        (r"ブレイクするたび(?=、)", "ブレイクする時"),
        # 「このクリーチャーがシールドをブレイクする」 (and the creature a cross gear is crossed to): the opponent's
        (
            r"(このクリーチャー|これをクロスしたクリーチャー|これを装備したクリーチャー)がシールドをブレイクする",
            r"\1が相手のシールドをブレイクする",
        ),
        # 「自分のドラゴンがシールドをブレイクする」: a player's creature breaks the other player's shields
        (
            r"(^|、)((?:バトルゾーンにある)?(自分|相手)の[^、。がを]+?)がシールドをブレイクする(?=時)",
            lambda m: f"{m[1]}{m[2]}が{'相手' if m[3] == '自分' else '自分'}のシールドをブレイクする",
        ),
        # 「自分のシールドが相手のドラゴンにブレイクされる」: 「相手のドラゴンが自分のシールドをブレイクする」
        (
            r"(^|、)((?:自分|相手)の(?:[表裏]向きの)?)?シールドが((?:自分|相手)の[^、。がを]+?)(?:によって|に)ブレイクされる(?=時)",
            r"\1\3が\2シールドをブレイクする",
        ),
        (
            r"(相手|自分)のクリーチャーが((?:自分|相手)の(?:[表裏]向きの)?)?シールドをブレイクする",
            r"\2シールドが\1のクリーチャーにブレイクされる",
        ),
        (
            r"(^|、)(?!この|自分|相手|その(?!種族))((?:(?!自分の|相手の)[^、。が])*?)が((?:バトルゾーン|マナゾーン|手札|山札|シールドゾーン)から)?"
            r"(自分|相手)の(?=(墓地|手札|マナゾーン|山札|シールドゾーン)に(?:置かれる|加えられる))",
            r"\1\4の\2が\3",
        ),
        # 「相手のカードが相手の手札に加えられる」: the zone of the card's own player, said again
        (
            r"(?<![^、。])(自分|相手)の((?:(?!時)[^、。が])*?)が((?:バトルゾーン|マナゾーン|手札|山札|シールドゾーン)から)?"
            r"\1の(?=(?:墓地|手札|マナゾーン|山札|シールドゾーン)に(?:置かれる|加えられる|戻される))",
            r"\1の\2が\3",
        ),
        # 「相手のクリーチャーが…時、墓地に置くかわりに相手の山札の一番下に置く」: the opponent's card into its
        # owner's zone
        (
            r"^((?:[^、。]*、)*?相手の[^、。]*?が(?![^、。]*?(?:あれば|なら|場合)、)[^。]*?時、[^、。]*?かわりに(?:そのカードを|それを)?(?:[裏表]向きにして)?)相手の"
            r"(?=(?:手札|墓地|マナゾーン|山札|シールドゾーン|超次元ゾーン)(?:の|に))",
            r"\1",
        ),
        (r"(?<![ク])(?<!サイキック)(?<!ドラグハート)・クリーチャー", ""),
        (r"この城を付けて要塞化したシールド", "§FORT§"),
        (
            r"この(サイキック・スーパー・クリーチャー|サイキック・クリーチャー|ドラグハート・クリーチャー|カード|呪文"
            r"|クロスギア|タマシード|ドラグハート|D2フィールド|フィールド|オーラ|城|ゴッド(?![ァ-ヺー・]))",
            "このクリーチャー",
        ),
        (r"のクリーチャーによってブレイクされる", "のクリーチャーにブレイクされる"),
        (r"(自分|相手)のターン(中に|に|中)、?", r"\1のターン中、"),
        # 「このクリーチャーが相手のターン中に破壊される時」: the turn said after the card, as before it
        (r"(^|、)([^、。]*?が)、?((?:自分|相手)のターン中、)", r"\1\3\2"),
        (
            r"バトルゾーンに置(く|いてもよい|いて|き)",
            lambda m: "出" + {"く": "す", "いてもよい": "してもよい", "いて": "して", "き": "し"}[m.group(1)],
        ),
        (r"(して|いて|て)よい", r"\1もよい"),
        (r"(\d+)(体|枚|つ|個)", r"\1枚"),
        (r"カードを1枚引く時", "カードを引く時"),
        (r"(?<!\d)1枚が", "が"),
        (r"墓地の置かれ", "墓地に置かれ"),
        (r"置かれる(?=$|。)", "置く"),
        (r"好きな順序で", ""),
        (r"シャッフルして(?:から)?(?=(?:自分の)?山札の(?:一番)?(?:下|上)に)", ""),
        (r"ずつを", "ずつ"),
        (r"((?:自分の|持ち主の)?(?:マナゾーン|バトルゾーン)に)タップして", r"タップして\1"),
        (r"((?:自分の|持ち主の)?マナゾーンに)裏向きにして", r"裏向きにして\1"),
        (r"(自分|相手)の((?:(?!自分の|相手の)[^、。])*?)または(?!自分|相手)([^、。]*?によって)", r"\1の\2または\1の\3"),
        (
            r"([^、。]*?)を((?:(?:手札|墓地|マナゾーン|バトルゾーン|山札|シールドゾーン)(?:、または|、|または))*(?:手札|墓地|マナゾーン|バトルゾーン|山札|シールドゾーン))から墓地に置く時",
            r"\1が\2から墓地に置かれる時",
        ),
        (r"重ねて置", "置"),
        (r"名前に「([^」]*)」とある", r"名前に《\1》とある"),
        (r"好きな数の([^。を]*?)を", r"\1を好きな数"),
        (r"(?<=[^、。をがは])すべてを", "をすべて"),
        (r"相手が、?((?:クリーチャーによる攻撃以外の方法で)?)、?(ゲームに)?勝つ", r"自分が\1ゲームに負ける"),
        # 「自分のマナゾーンにあるカードが墓地に置かれる時」: the watched card's zone, said before it
        (
            r"(自分|相手)の(マナゾーン|墓地|手札|山札)(?:にある|の)([^、。が]*?)が(?!(?:マナゾーン|墓地|手札|山札)から)",
            r"\1の\3が\2から",
        ),
        # 「このクリーチャーが…時、または…時」: the second event of the same card, its subject not said again; not when
        # the first says a cause (「相手の呪文によって破壊される時、または手札に戻される時」: whether it is the second's
        # too is not said where the reading could check it)
        (
            r"(?<![^、。])このクリーチャーが((?:(?!によって)[^、。])*?)時、または(?=[^、。が]*時)",
            r"このクリーチャーが\1時、またはこのクリーチャーが",
        ),
        # 「…が相手の呪文によって破壊される時、または相手のクリーチャーの能力によって破壊される時」: one event by
        # one cause or another, said as one (「相手の呪文または相手のクリーチャーの能力によって破壊される時」)
        (
            r"(?<![^、。])([^、。が]+)が([^、。]*?)によって([^、。時]+?)時、または(?:\1が)?([^、。が]*?)によって\3時",
            r"\1が\2または\4によって\3時",
        ),
        # 「相手がクリーチャーを召喚する時」: that player's creatures summoned
        (r"(?<![^、。])(自分|相手)が((?:(?!時)[^、。がを])*?)を召喚する時", r"\1の\2が召喚される時"),
        # 「自分のマナゾーンのカードがマナゾーンを離れる」: the zone left, said twice
        (r"(マナゾーン|墓地|手札|山札)から\1を離れる", r"\1を離れる"),
        (r"(自分|相手)のシールドゾーン(?:にある|の)([^、。が]*?)が(?=シールドゾーンを離れる)", r"\1の\2が"),
        (r"(自分|相手)の(表向きの)?シールドが(?=シールドゾーンを離れる)", r"\1の\2城ではないカードが"),
        (r"手札から手札から捨てられる", "手札から捨てられる"),
        # 「自分のクリーチャーが自分の手札から捨てられる」: a player's card is discarded from the player's own hand
        (r"((?:自分|相手)の[^、。が]*?が(?:[^、。が]*?によって)?)(?:自分|持ち主)の(?=手札から捨てられ)", r"\1"),
        # the zone a watched card comes from, and what makes it happen: the zone first
        (
            r"((?:自分|相手)の(?:(?!によって)[^、。が])*?によって|(?:自分|相手)に)"
            r"((?:(?:自分|相手)の)?(?:マナゾーン|墓地|手札|山札|シールドゾーン|バトルゾーン)から)",
            r"\2\1",
        ),
        (r"(自分|相手)の((?:(?!ターン)[^、。が])*?)が(?=(手札|墓地|マナゾーン|山札|シールドゾーン)から)", r"\2が\1の"),
        # 「自分のシールドが手札に加えられる時」: a card of one's shield zone put elsewhere
        (
            r"(自分|相手)のシールドが(?=(?:[^、。]*?によって)?(?:手札|墓地|マナゾーン|山札)に(?:加えられ|置かれ|戻され)る時)",
            r"カードが\1のシールドゾーンから",
        ),
        # 「バトルゾーンにある自分のクロスギアを1枚墓地に置く」: cards chosen are of the battle zone unless said
        (r"バトルゾーンにある、?(?=[^、。が時]*?を)", ""),
        # 「自分の他のクリーチャーが、どこからでも墓地に置かれる」: another card's, from any zone (said or not)
        (r"((?:^|、)(?:自分|相手)の[^、。が]*?)が、?どこからでも", _anywhere_said),
        # 「このカードが自分のシールドゾーンから」: the zone this card is in is its player's anyway
        (r"(?<=このクリーチャーが)自分の(?=(?:シールドゾーン|マナゾーン|墓地|手札|山札)から)", ""),
        # 「バトルゾーンにある自分のクリーチャーが破壊される時」: a destroyed or leaving card is in the battle zone (and
        # one that breaks shields, or untaps)
        (
            r"バトルゾーンにある((?:(?!時)(?:[^、。が]|(?<=の)、))*?)が"
            r"(?=(?:(?!時)[^、。])*?(?:破壊される|離れる|バトルする|ブレイクする|アンタップする|アンタップされる)時)",
            r"\1が",
        ),
        # 「バトルゾーンにある自分のクリーチャーがバトルゾーンから墓地に置かれる時」: the zone said twice
        (r"バトルゾーンにある([^、。が]*?)が(?=バトルゾーンから)", r"\1が"),
        (r"バトルゾーンにある([^、。が]*?)が(?!バトルゾーンから)", r"\1がバトルゾーンから"),
        (r"選(び、?|んで)", ""),
        # 「自分のクリーチャーが…時、かわりにこのクリーチャーをバトルゾーンから手札に戻す」: this creature is where
        # its ability works, the battle zone (not so when the event watched is this creature's own, from elsewhere)
        (r"^((?:(?!このクリーチャーが)[^。])*?かわりに、?このクリーチャーを)バトルゾーンから", r"\1"),
        (
            r"(自分|持ち主|自身)の(?=(手札|墓地|マナゾーン|山札|シールドゾーン|シールド|超次元ゾーン)(に|の下に|の上に)[置戻加出裏表タ捨])",
            "",
        ),
        (
            r"(?:(自分|相手)の)?(手札|墓地|マナゾーン|山札)を(\d+枚|好きな数)",
            lambda m: f"カードを{m.group(3)}{m.group(1) or '自分'}の{m.group(2)}から",
        ),
        (r"自分の手札(?:の|にある)([^、。を]*?)を(\d+枚)(?=[^、。]*捨て)", r"\1を\2"),
        (r"(自分の|持ち主の)?手札から(?=[^、。]*捨て)", ""),
        (
            r"手札に加え(る|てもよい|て|(?=、))",
            lambda m: "手札に戻" + {"る": "す", "てもよい": "してもよい", "て": "して", "": "し"}[m.group(1)],
        ),
        (  # 「シールド化する」: added to the shields, face down unless said
            r"(表向きにして|裏向きにして)?シールド化(する|してもよい|して|し(?=、))",
            lambda m: (
                (m.group(1) or "裏向きにして")
                + "シールドゾーンに加え"
                + {"する": "る", "してもよい": "てもよい", "して": "て", "し": ""}[m.group(2)]
            ),
        ),
        (r"(シールドゾーンに|(?:自分の)?シールド1[つ枚]の上に)(裏向きにして|表向きにして)", r"\2\1"),
        # a card put into the shield zone is added to it: 「シールドゾーンに裏向きにして置く」
        (
            r"シールドゾーンに置(く|いてもよい|いて|き(?=、))",
            lambda m: (
                "シールドゾーンに加え" + {"く": "る", "いてもよい": "てもよい", "いて": "て", "き": ""}[m.group(1)]
            ),
        ),
        # a card added to the shield zone is face down unless said otherwise (「自分のシールドに加える」)
        # 「自分のシールドに裏向きにして加える」: the manner said after the place
        (r"シールド(?:ゾーン)?に(裏向きにして|表向きにして)(?=加え)", r"\1シールドゾーンに"),
        (r"裏向きにして(?=シールドゾーンに加え)", ""),
        (r"(捨て|加え)(?:て)?、", r"\1る、"),  # 「捨て、」「捨てて、」: one clause after another
        (r"置(?:き|いて)、", "置く、"),
        (r"破壊(?:し|して)、", "破壊する、"),
        (r"戻(?:し|して)、", "戻す、"),
        (
            r"山札に(戻す|戻して|加えて)、?((?:そうした場合|その後)、(?:自分の|持ち主の)?山札を)?シャッフル",
            "山札に戻してシャッフル",
        ),
        # its place in the deck is lost
        (r"山札の下に置く。(?:そうした場合|その後)、(?:自分の|持ち主の)?山札をシャッフル", "山札に戻してシャッフル"),
        (r"山札に戻す。(?:そうした場合|その後)、(?:自分の|持ち主の)?山札をシャッフル", "山札に戻してシャッフル"),
        (r"自分がゲームに負ける時、?または相手が(ゲームに)?勝つ時", "自分がゲームに負ける時"),
        (r"相手が(ゲームに)?勝つ", "自分がゲームに負ける"),
        (r"自分が(ゲームに)?勝つ", "相手がゲームに負ける"),
        (r"かわりに、?(?:この|その)クリーチャーは(?=とどまる)", "かわりに"),  # what happens instead: it stays
        # the watched creature tapped or untapped instead, 「そのクリーチャー」 where its event names no other creature
        (
            r"^([^。]*?クリーチャーが([^、。]*?)時、)かわりに、?そのクリーチャーを(?=(?:アン)?タップ(?:する|してもよい))",
            lambda m: m[0] if _NAMES_ANOTHER.search(m[2]) else f"{m[1]}かわりに",
        ),
        # the card that stays is checked against the watched one by the reader (「そのハンターは…」)
        (r"[。、]?(そうした場合、?)?(この|その)(?:クリーチャー|[ァ-ヺー・]+)は(バトルゾーンに)?とどまる", ""),
        (r"[。、]?(そうした場合、?)?そのシールドは(シールドゾーンに)?とどまる", ""),
        (r"[。、]?そうした場合、?相手はゲームに勝たない", ""),
        (r"(?<=」)能力を(?=得る|与える)", "を"),  # 「「シールド・セイバー」能力を与える」: the keyword's ability
        (r"([^。]*?)すべてに(「[^」]*」)を与える", r"\1はすべて\2を得る"),
        (r"(自分がゲームに負ける時)、?または\1", r"\1"),
        (r"このクリーチャーが([^、。]*?)時、?または([^、。]*?)が\1時", r"このクリーチャーまたは\2が\1時"),
        # 「クリーチャーを1体、墓地から出す」: cards taken from a zone of no player named are one's own
        (r"(?<=[、に])(墓地|マナゾーン)から(?!、?離れ)", r"自分の\1から"),
        # 「相手のクリーチャーが相手の墓地から出る」: the card's player, said again as the zone's
        (
            r"(?<![^、。])(自分|相手)の((?:(?!時)[^、。が])*?)が\1の(?=(?:墓地|手札|マナゾーン|山札|シールドゾーン)から)",
            r"\2が\1の",
        ),
        # 「自分の山札から相手の呪文によって墓地に置かれる」: the cause said after the zone, as before it
        (
            r"((?:自分|相手)の(?:墓地|手札|マナゾーン|山札|シールドゾーン)から)((?:(?!時)[^、。がを])*?によって)",
            r"\2\1",
        ),
        # 「相手の墓地から相手の手札に戻される」: a card's own zones, its player said again
        (
            r"(自分|相手)の(墓地|手札|マナゾーン|山札|シールドゾーン)から\1の(?=(?:墓地|手札|マナゾーン|山札)に)",
            r"\1の\2から",
        ),
        # 「バトルゾーンから相手の呪文によって」: the cause before the zone the card leaves, as the other way round
        (r"(?<=が)バトルゾーンから((?:(?!時)[^、。がを])*?によって)", r"\1バトルゾーンから"),
        # 「自分のクリーチャーが(バトルゾーンから)墓地に置かれる」: a creature named with no zone is one of the battle
        # zone (its cards of other zones are said with their zone): 「バトルゾーンから」 adds nothing
        (
            r"((?:^|、)[^、。がを]*?[^、。がを》](?<!カード)(?<!シールド)(?<!呪文))が((?:(?!時)[^、。がを])*?によって)?"
            r"バトルゾーンから(?=(?:墓地|マナゾーン|手札|山札[^、。]*?)に(?:置かれる|戻される|加えられる))",
            r"\1が\2",
        ),
        # 「このクリーチャーまたは自分の他のドラゴン」 (「…が…時、または自分の他のドラゴンが…時」 made one above): this
        # card or the others, as 「…または自分のドラゴン」 says it
        (r"(このクリーチャーまたは(?:自分|相手)の)他の", r"\1"),
    )
)
# What is replaced, said again before 「かわりに」.
_ORIGINAL = re.compile(
    r"(?:(?:(?:その|この)[^、を。は]*|相手)(?:を|は))?(?:自分の|持ち主の|相手の)?"
    r"(?:墓地に置く|墓地に置かれる|墓地の|離れる|超次元ゾーンに(?:戻す|戻る|戻される|置く|置かれる)|手札に戻る|手札に戻される|手札に戻す|戻る|戻される|アンタップする|出る"
    r"|(?:シールドを)?ブレイクする|山札の下に置かれる|山札の下に置く|山札に(?:置|戻)(?:く|す|かれる|される)|(?:自分|相手)が選ぶ|破壊される|破壊する|ブレイクされる|捨てられる|捨てる"
    r"|マナゾーンに置く|マナゾーンに置かれる|ゲームに負ける|バトルする|バトルの|シールドブレイクの|出す|(?:カードを)?引く)(?=かわりに)"
    r"|(?:自分|相手)は(?:その[^、。を]*を)?(?:出す|出る)(?=かわりに)"
    r"|相手はそれを手札に戻す(?=かわりに)"
    r"|相手はそのシールドを手札に戻す(?=かわりに)"
    r"|(?:自分|相手)[のは](?=かわりに)"
    r"|(?:その[^、。]*?)?(?:\d+枚)?の(?=かわりに)"
)
# 「…時、Xし、[墓地に置く]かわりにY」: what is done before 「かわりに」 is done instead too (「…時、かわりにX、Y」).
_DONE_BEFORE = re.compile(r"(時、|後、)((?:(?!かわりに|時、|後、)[^。])*?[くする]、)かわりに")
_OBJECT_FIRST = re.compile(r"(時|れば|場合|あり|ていて|なら)、([^、。]*?を(?:\d+枚)?)、?かわりに、?")
_CHOICE_ZONE_MOD = re.compile(
    r"(自分|相手)の(手札|墓地|マナゾーン|山札|超次元ゾーン)(?:の|にある)((?:[^、。を]|を持つ)*?)を(\d+枚(?:まで)?|好きな数|すべて)、?"
)
_CHOICE_SOURCE_FIRST = re.compile(
    r"(自分|相手)の((?:手札|墓地|マナゾーン|山札|超次元ゾーン)(?:または(?:手札|墓地|マナゾーン|山札))?)から((?:[^、。を]|を持つ)*?)を"
    r"(\d+枚|好きな数|すべて)"
)
_CHOICE_SOURCE_COUNT = re.compile(r"(自分|相手)の(手札|墓地|マナゾーン|山札|超次元ゾーン)から(\d+枚)")
_MODIFIER = (
    r"(?:§C(?:自分|相手)§|自分の|相手の|他の|その種族の|バトルゾーンにある|パワー\d+(?:以上|以下)の|コスト\d+(?:以上|以下)?の"
    r"|名前に§N\d+§とある|§N\d+§を持つ|表向きの|裏向きの|タップされている|タップされていない|多色ではない|無色ではない|多色"
    r"|進化ではない"
    r"|(?:(?:光|水|闇|火|自然|ゼロ)(?:または)?)+の)"
)
_EXCEEDS_MANA = re.compile(r"(自分|相手)のマナゾーン(?:にある|の)カードの(?:枚数|数)より大きいコストを持つ、?")
_MODIFIER_RUN = re.compile(f"(?:{_MODIFIER}){{2,}}")
_ONE_MODIFIER = re.compile(_MODIFIER)
_KIND_OR = re.compile(r"(?<=[ァ-ヺー・)§])(?:、または|または|と|か|および)(?=[ァ-ヺー・(§])")
_QUOTED = re.compile(r"《[^》]*》|「[^」]*」")
_PREFIX_SEGMENT = re.compile(
    r"^(このターン|(自分|相手)のターン中|各ターンに1度|(?!そうした場合).*(ば|あり|場合|ていて|なら))$"
)


_LEAVE_TO_GRAVEYARD = re.compile(
    r"(?:バトルゾーンを|バトルゾーンから)?離れる時、((?:この|その)クリーチャーの下にあるカードは、)?"
    r"(?:(?:この|その)[^、。を]*を|これを|それを)?(?:墓地に置(?:く|かれる)|墓地の)かわりに、?"
)


# 「自分の手札から1枚捨てる」: cards of the hand
_COUNT_DISCARDED = re.compile(
    r"(?:(?<=かわりに)|(?<=[きしりえち]、)|(?<=そうした場合)|(?<=そうした場合、)|(?<=その後)|(?<=その後、))(\d+枚)(?=捨て)"
)


def _unnamed_object(text: str) -> str:
    """「かわりにそのクリーチャーを手札に戻す」: the watched card, named or not after 「かわりに」
    (「このクリーチャーを」 of this creature's own event)."""
    if text.startswith("このクリーチャーが") or "、このクリーチャーが" in text:
        text = re.sub(
            r"かわりに、?このクリーチャーを(?=(手札|マナゾーン|山札|墓地|裏向き|表向き|タップして|アンタップ|シールド|出|裏返|超次元))",
            "かわりに",
            text,
        )
    return re.sub(
        r"かわりに、?(?:その(?:(?!のうち)[^、。を])*|それ)を"
        r"(?=(手札|マナゾーン|山札|墓地|裏向き|表向き|タップして|シールド|出|持ち主|自身|超次元))"
        r"|かわりに、?(?:その(?:クリーチャー|シールド|カード)|それ)を(?=この(?:クリーチャー|カード)の下)",
        "かわりに",
        text,
    )


def canonical(text: str) -> str:
    """``text`` (a printed sentence or a rendering) in the wording both are compared in (see above)."""
    text = re.sub(r"(?<=[きしりえち])、その後、", "、", normalize(text).rstrip("。"))  # 「…を引き、その後、…」
    # 「相手のマナゾーンにあるカードの枚数より大きいコストを持つ」: one modifier, set aside from the zone patterns
    text = _EXCEEDS_MANA.sub(r"§C\1§", text)
    # 「離れる時、墓地に置くかわりに」: a leaving that would put the card into the graveyard, replaced (no other)
    text = _LEAVE_TO_GRAVEYARD.sub(r"バトルゾーンから墓地に置かれる時、\1かわりに", text)
    for old, new in _CANON_WORDS:
        text = text.replace(old, new)
    for pattern, replacement in _CANON_PATTERNS:
        text = pattern.sub(replacement, text)
    if "§FORT§" in text:
        text = text.replace("そのシールドが", "§FORT§が")
    if "を得る" in text:
        text = text.replace("バトルゾーンにある", "")
    # 「…時、そのクリーチャーをかわりに…」: the object said before 「かわりに」, as after it
    text = _OBJECT_FIRST.sub(r"\1、かわりに\2", text)
    text = _unnamed_object(text)
    text = _ORIGINAL.sub("", text)
    text = _DONE_BEFORE.sub(r"\1かわりに\2", text)
    text = text.replace("かわりに、", "かわりに")
    text = _CHOICE_ZONE_MOD.sub(lambda m: f"{m.group(3) or 'カード'}を{m.group(4)}{m.group(1)}の{m.group(2)}から", text)
    text = _CHOICE_SOURCE_FIRST.sub(
        lambda m: f"{m.group(3) or 'カード'}を{m.group(4)}{m.group(1)}の{m.group(2)}から", text
    )
    text = _CHOICE_SOURCE_COUNT.sub(r"カードを\3\1の\2から", text)
    text = re.sub(r"(\d+枚)を", r"を\1", text)
    text = _COUNT_DISCARDED.sub(r"カードを\1", text)
    text = re.sub(r"に(\d+枚以上)カードが", r"にカードが\1", text)
    text = re.sub(r"が(あり|あるなら|あれば)(?=、|$)", "が1枚以上あれば", text)
    text = re.sub(r"が(他に)?(\d+枚)(以上|でも)(あり|あるなら|あれば)", r"が\1\2以上あれば", text)
    text = re.sub(r"が(他に)?(?:(?:1枚も)?なければ|0枚(?:なら|であれば))", r"が\g<1>1枚もなければ", text)
    text = re.sub(r"他の((?:(?!他の)[^、。が])*?)が(?=\d+枚(?:以上あれば|もなければ))", r"\1が他に", text)
    text = re.sub(r"が1枚(?=[^以も])", "が", text)
    text = re.sub(r"(?<!カードを)(?<![\dを])(\d+)枚引", r"カードを\1枚引", text)
    # 「クリーチャーを1体、墓地から」: the zone chosen cards come from is the chooser's unless another player's is said
    text = re.sub(r"(\d+枚)、?自分の(墓地|マナゾーン|手札)から", r"\1\2から", text)
    text = "。".join(_order_prefixes(s) for s in text.split("。"))
    names: list[str] = []

    def set_aside(match: re.Match[str]) -> str:
        names.append(match.group(0))
        return f"§N{len(names) - 1}§"

    text = _QUOTED.sub(set_aside, text)
    text = _KIND_OR.sub("、", text).replace("、", "")
    text = _MODIFIER_RUN.sub(lambda m: "".join(sorted(_ONE_MODIFIER.findall(m.group(0)))), text)
    text = re.sub(r"§C(自分|相手)§", r"\1のマナゾーンにあるカードの枚数より大きいコストを持つ", text)
    return re.sub(r"§N(\d+)§", lambda m: names[int(m.group(1))], text)


def _order_prefixes(sentence: str) -> str:
    """The segments before the watched event that are a duration, a turn or a condition, first and sorted;
    a cause before the watched card (「相手の効果によって、自分のクリーチャーが」) after it."""
    segments = _split_top(sentence)
    for i in range(len(segments) - 1):
        if segments[i].endswith(("によって", "とのバトルで")) and "が" in segments[i + 1]:
            head, _, rest = segments[i + 1].partition("が")
            segments[i], segments[i + 1] = "", f"{head}が{segments[i]}{rest}"
    segments = [s for s in segments if s]
    prefixes = sorted(s for s in segments if _PREFIX_SEGMENT.match(s))
    return "、".join(prefixes + [s for s in segments if not _PREFIX_SEGMENT.match(s)])


def _split_top(sentence: str) -> list[str]:
    out, depth, start = [], 0, 0
    for i, ch in enumerate(sentence):
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE and depth:
            depth -= 1
        elif ch == "、" and depth == 0:
            out.append(sentence[start:i])
            start = i + 1
    out.append(sentence[start:])
    return [s for s in out if s]
