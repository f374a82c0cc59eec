"""The card language's sentences as the grammar reads them: the grammar (grammar.lark) and its
parser, keywords and their reminders (keywords.yaml), the fixed phrases that mark a replacement,
a follow-up, a self-replacement or a 「かわりに」 that replaces no event, and what a compile gives
(``Compiled``, its ``Sentence``s: compiled.py). compiler.py compiles whole texts with them."""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

import lark

from .compiled import Compiled, Sentence  # noqa: F401 - the reader makes them as parsing.Compiled, parsing.Sentence
from .deadline import in_time, time_limit  # noqa: F401 - the reader checks parsing.in_time
from .transform import read_tree
from .transform.parts import ReadError, Unstated, keyword_table

INSTEAD = "かわり"


MAX_SENTENCE = 200  # characters of a normalised sentence; a longer one is not parsed


FOLLOW_UP = (
    "そうした場合",
    "そうしたら",
    "その場合",
    "その後",
    "ただし",
    "その「S・トリガー」",
    "そのクリーチャーはバトルゾーンにとどまる",
    "このクリーチャーはバトルゾーンにとどまる",
    "そのクリーチャーはバトルゾーンに留まる",
    "このクリーチャーはバトルゾーンに留まる",
)


# What a sentence says before an act it does instead of another, with no watched event (「…時、」) nor 「かわりに」
_NO_WATCH_BEFORE = r"(?:(?!時、|かわりに)[^。])*?"
# The same, where a state said with 「時」 (「自分のマナゾーンにある時、」) may come before: no event
_NO_EVENT_BEFORE = r"(?:(?!時、|かわりに)[^。]|(?<=[あい]る)時、)*?"

# A keyword's reminder in brackets that says no 「かわりに」
_REMINDER_NO_INSTEAD = r"(?:\((?:(?!かわり)[^()。])*\))?"

# 「かわりに」 that replaces no event: the tap ability instead of attacking, mana numbers, a keyword
# had instead of another.
NOT_REPLACEMENT = (
    re.compile(
        r"(この|これをクロスした)クリーチャーで攻撃するかわりに、?[^。]*(?:次の(?:[A-Z]+)?|タップ)能力を使っ[てで]もよい"
    ),
    # the tap ability given to creatures (「…はすべて「このクリーチャーで攻撃するかわりに、…使ってもよい。…」を得る」)
    re.compile(r"[^。「]*「このクリーチャーで攻撃するかわりに、?[^。」]*次の能力を使っ[てで]もよい。[^「」]*」を得る"),
    # (「…はすべて「このクリーチャーで攻撃するかわりに、タップして、…てもよい」を得る」: what it may do instead)
    # (what it may do, and what follows in the quote with no event watched: 「そうした場合、カードを1枚引く」)
    re.compile(
        r"[^。「]*「このクリーチャーで攻撃するかわりに、?[^「」。]*?[てで]もよい(?:。(?:(?!かわり|時)[^「」。])+)*。?」を(?:得る|与える)"
    ),
    re.compile(r"[^。]*をタップし、攻撃するかわりに次の能力を使っ[てで]もよい"),
    re.compile(r"[^。]*マナの数字は、?\d+のかわりに\d+になる"),
    re.compile(r"[^。]*マナの数字を、?\d+のかわりに\d+にし[てで]もよい"),  # a mana number chosen: no event
    re.compile(r"[^。]*「[^」]+」のかわりに「[^」]+」を(?:得る|持つ)"),
    # 「このクリーチャーはブロッカーのかわりにスピードアタッカーを持つ」: a keyword had instead of another, unbracketed
    # (one with a replacement given is one: ``replaces_no_event``), each perhaps with its reminder
    # (「T・ブレイカー(…)」)
    re.compile(
        _NO_WATCH_BEFORE
        + r"は、?(?:[^、。]*、)?[ァ-ヴー・A-Z＝]+"
        + _REMINDER_NO_INSTEAD
        + r"のかわりに、?(?:[ァ-ヴー・A-Z＝]+と)*[ァ-ヴー・A-Z＝]+"
        + _REMINDER_NO_INSTEAD
        + r"を(?:得る|持つ|得[てで]もよい)"
    ),
    # 「自分のマナゾーンでタップした時、1マナのかわりに2マナを生み出す」: the mana a card makes, no event
    re.compile(r"[^。]*\d+マナのかわりに\d+マナを生み出す"),
    # 「手札のかわりに自分の墓地から…を唱えてもよい」: a zone a card may be cast or put out from, no event replaced
    re.compile(
        r"(?:(?!時、|かわりに|唱えた後)[^。])*?(?:手札|墓地|マナゾーン|山札)のかわりに、?(?:自分の|相手の)?"
        r"(?:手札|墓地|マナゾーン|山札|シールドゾーン)から(?:(?!かわり)[^。])*?(?:唱え|召喚し|出し)[てで]もよい"
    ),
    # 「…の数を数える時、かわりに…の数を数えてもよい」「…パワーのかわりに、…をこのクリーチャーのパワーとして扱う」:
    # a count or a power taken otherwise, no event
    re.compile(r"(?:(?!かわり)[^。])*数える時、かわりに、?(?:(?!かわり)[^。])*数え(?:る|[てで]もよい)"),
    re.compile(r"(?:(?!かわり)[^。])*パワーのかわりに、?(?:(?!かわり)[^。])*パワーとして扱(?:う|っ[てで]もよい)"),
    # 「…の数を数える時、このクリーチャーは1体のかわりに2体として数える」「…の枚数のかわりに、…の数を数えてもよい」:
    # what is counted, no event (a count's 「時」 watches none)
    re.compile(
        r"(?:(?!かわり)[^。])*数える時、(?:(?!かわり|時、)[^。])*のかわりに、?[^。]*?として数え(?:る|[てで]もよい)"
    ),
    re.compile(
        r"(?:(?!かわり)[^。])*の(?:数|枚数)のかわりに、?(?:(?!かわり|時、)[^。])*の(?:数|枚数)を数え(?:る|[てで]もよい)"
    ),
    # 「このクリーチャーがバトルする時、パワーのかわりにコストを比べる」: what a battle compares, no event
    re.compile(r"(?:(?!かわり)[^。])*バトルする時、パワーのかわりに、?(?:(?!かわり|時、)[^。])*を(?:比べる|使う)"),
    # 「このクリーチャーのパワーは、印刷されているパワーのかわりに、…となる」: a characteristic said otherwise, as its
    # name or cost (a bonus of another value, 「+4000のかわりに+12000される」, is the effect's own: 609.7)
    re.compile(_NO_WATCH_BEFORE + r"パワーは、?(?:(?!時|マイナス|プラス)[^。])*?のかわりに、?[^。]*?(?:となる|になる)"),
    # 「…は「ブロッカー」を失い、そのかわりにパワー+2000される」: in exchange for an ability lost, no event
    re.compile(r"(?:(?!時、|かわり)[^。])*を失い、そのかわり(?:に)?、?(?:(?!かわり|時|場合|際|なら|ずに|ず、)[^。])*"),
    # an alternative cost (代替コスト), and a choice of both modes: no event is replaced
    re.compile(r"[^。]*コスト(を支払う|の)かわりに、?[^。]*(支払っ[てで]もよい|唱え[てで]もよい|召喚し[てで]もよい)"),
    # 「…の召喚コストは、マナのかわりに…支払ってもよい」「この呪文を唱えるコストのかわりに、…てもよい」
    re.compile(_NO_WATCH_BEFORE + r"コストは、?マナのかわりに[^。]*支払(う|っ[てで]もよい)"),
    re.compile(_NO_WATCH_BEFORE + r"コストのかわりに、?[^。]*[てで]もよい"),
    # A card treated as another kind, or used as one (「水のクリーチャーのかわりに自然のクリーチャーとして扱う」
    # 「進化元として、ドラゴンのかわりに使ってもよい」「文明を持つかわりに無色クリーチャーとして扱う」): no event
    re.compile(_NO_EVENT_BEFORE + r"(?:の|持つ)かわりに、?[^。]*として扱(う|っ[てで]もよい)"),
    re.compile(_NO_EVENT_BEFORE + r"のかわりに、?(?:進化元として)?(?:使|扱)(う|っ[てで]もよい)"),
    # 「…のかわりに、…として2体分に数える」: a card counted as others, no event
    re.compile(_NO_EVENT_BEFORE + r"のかわりに、?[^。]*として[^。]*数え(る|[てで]もよい)"),
    # 「…コストを支払う時、…をマナゾーンのカード1枚のかわりとして扱う」: a card paying as another, what the sentence
    # ends with (never after a watched event, nor going on with an act: 「…が破壊される場合、このクリーチャーを
    # そのクリーチャーのかわりとして扱い、破壊してもよい」 replaces)
    re.compile(
        r"(?:(?!時、|かわりに)[^。]|(?:(?<=[あい]る)|(?<=支払う))時、)*?のかわりとして(?:扱|使|数え)(?:う|る|っ[てで]もよい|[てで]もよい)"
    ),
    # 「このカードの名前は、自分の手札と墓地では、かわりに《…》として扱う」: a characteristic said otherwise, no event
    re.compile(_NO_WATCH_BEFORE + r"(?:名前|文明|種族|コスト)は、?[^。]*?かわりに、?[^。]*として扱(う|っ[てで]もよい)"),
    # 「自分の進化クリーチャーをバトルゾーンに出す時、このクリーチャーをサムライのかわりにガーディアンとして
    # 扱ってもよい」: a race treated as another for an evolution, no event
    re.compile(
        r"[^。]*進化クリーチャーを(?:バトルゾーンに)?出す時、[^。]*のかわりに、?[^。]*として扱(う|っ[てで]もよい)"
    ),
    # 「…進化クリーチャーを出す時、このクリーチャーをナイト1体のかわりに進化元として扱ってもよい」: an evolution source
    re.compile(r"[^。]*のかわりに、?[^。]*進化元として(?:扱|使)(?:う|っ[てで]もよい)"),
    # 「…のかわりに、…を進化元にしてもよい」: never after a card's event (「破壊される時、墓地のかわりに…進化元に」)
    re.compile(r"(?:(?!れる時|離れる時|かわりに)[^。])*?のかわりに、?[^。]*進化元に(?:する|し[てで]もよい)"),
    # 「…進化クリーチャーを出す時、このクリーチャーを、必要な進化元のうち2体のかわりにしてもよい」
    re.compile(
        r"[^。]*進化クリーチャーを(?:バトルゾーンに)?(?:出す|召喚する)時、[^。]*進化元[^。]*のかわりにし[てで]もよい"
    ),
    # 「このクリーチャーを召喚する時、ナイト1体のかわりに、自分のサムライ2体の上に置いてもよい」: its evolution source
    re.compile(r"[^。]*を召喚する時、(?:(?!かわりに)[^。])*?のかわりに、?[^。]*の上に置(?:い[てで]もよい|く)"),
    # 「自分の…進化クリーチャーをバトルゾーンに出す時、ドラゴン1体のかわりにこのクリーチャーの上に置いてもよい」
    re.compile(
        r"[^。]*進化クリーチャーを(?:バトルゾーンに)?出す時、(?:(?!かわりに)[^。])*?\d+体のかわりに、?[^。]*の上に置"
        r"(?:い[てで]もよい|く)"
    ),
    # 「ドラゴン1体のかわりに、自分の火のクリーチャーを2体重ねて、その上に置いてもよい」: other evolution sources
    re.compile(_NO_WATCH_BEFORE + r"\d+体のかわりに、?[^。]*?を\d+体重ねて、?その上に置(?:い[てで]もよい|く)"),
    # 「このクリーチャーは、エンジェル・コマンドのかわりに、…1体の上に置いて進化させてもよい」: another evolution source
    re.compile(_NO_WATCH_BEFORE + r"のかわりに、?[^。]*の上に(?:置いて|重ねて)進化(?:させて|して)もよい"),
    # 「このクリーチャーの召喚コストを支払うかわりに、…をタップしてもよい」: what a player may pay instead
    re.compile(_NO_WATCH_BEFORE + r"コストを支払うかわりに、?[^。]*[てで]もよい"),
    # An act a player may do instead of another of theirs (attacking, blocking, summoning this card, casting
    # this spell): 「このクリーチャーで攻撃するかわりに、…してもよい」「自分の他のクリーチャーは、攻撃するかわりに
    # …」「このクリーチャーでブロックするかわりに…」 (after 「…が攻撃する時、」), 「この呪文を唱えるかわりに…」: a
    # choice of what to do, no event of a card or a player replaced; never after another watched event (「…が
    # 破壊される時、かわりに…」 replaces it).
    re.compile(
        r"(?:[^。、]*攻撃する時、)?"
        + _NO_WATCH_BEFORE
        + r"(?:で|は、?(?:すべて、?)?)(?:[^、。]*?(?:ターン中|ターン)に、?)?(?:[^、。]*?を)?(?:攻撃|ブロック)"
        + r"するかわりに、?[^。]*[てで]もよい"
    ),
    # (said first, its creature in what it taps: 「相手プレイヤーを攻撃するかわりに、このクリーチャーをタップして…
    # てもよい」; 「このクリーチャーが攻撃できる時、攻撃するかわりにタップしてもよい」)
    re.compile(
        r"(?:(?:この|その)クリーチャーが攻撃できる時、)?(?:相手(?:プレイヤー)?を)?攻撃するかわりに、?"
        r"(?:この(?:クリーチャー|カード)を)?タップし(?:[てで]もよい|[てで]、?[^。]*[てで]もよい)"
    ),
    re.compile(
        _NO_WATCH_BEFORE + r"この(?:クリーチャー|カード|呪文)を(?:召喚する|唱える)かわりに、?[^。]*[てで]もよい"
    ),
    # 「このクリーチャーを召喚する時、コストを支払うかわりに…」「この呪文を唱える時、マナゾーンのカードを
    # タップするかわりに…」「このクロスギアをクロスする時、コストをもう一度支払うかわりに…」: a summon's, a
    # cast's or a cross's cost paid otherwise, no event replaced
    re.compile(
        r"[^。]*(召喚する|唱える|クロスする|要塞化する)時、[^。]*"
        r"(コストを(?:もう1度)?支払う|マナを\d+つ支払う|マナゾーン(?:にある|の)(?:タップされていない)?カードを(?:\d+枚)?タップする)"
        r"かわりに[^。]*[てで]もよい"
    ),
    # 「自分のマナゾーンのカード4枚のかわりに、…をタップしてもよい」: cards of the mana zone are tapped to pay a cost;
    # what is tapped in their place pays it, no event replaced
    re.compile(
        _NO_WATCH_BEFORE + r"マナゾーンの(?:タップされていない)?カード\d+枚のかわりに、?[^。]*タップし[てで]もよい"
    ),
    # 「自分のマナゾーンにあるカードをタップするかわりに、…てもよい」: a cost's mana paid otherwise; 「…置く」 too
    # after a permission to summon (「…召喚してもよい。その場合、…タップするかわりに」): the summon's cost
    re.compile(
        _NO_WATCH_BEFORE
        + r"マナゾーン(?:にある|の)(?:タップされていない)?カードを(?:\d+枚)?タップするかわりに[^。]*[てで]もよい"
    ),
    re.compile(
        r"(?:その場合|そうした場合)、[^。]*マナゾーン(?:にある|の)(?:タップされていない)?カードを(?:\d+枚)?"
        r"タップするかわりに[^。]*"
    ),
    # 「このクリーチャーの召喚コストを支払う時、かわりに…してもよい」: what is paid instead of the summoning cost
    re.compile(r"この(クリーチャー|カード)の召喚コストを支払う時、かわりに[^。]*[てで]もよい"),
    re.compile(r"[^。]*\d+つのかわりに両方選んでもよい"),
    # 「次のうちいずれか1つを選ぶ。…があれば、かわりに両方選んでもよい」: both modes chosen instead of one
    re.compile(r"[^。]*かわりに両方選んでもよい"),
    # 「1つ選ぶかわりに両方を選んでもよい」「…あれば、かわりにすべて選ぶ」「かわりに3回選ぶ」: how many modes (or times)
    # are chosen, no event
    re.compile(_NO_WATCH_BEFORE + r"(?:\d+つ(?:を)?選ぶ)?かわりに、?(?:両方|すべて|\d+回)(?:を)?選(?:ぶ|んでもよい)"),
    # 「2つのかわりに1つだけ選ぶ」「1つのかわりに2つ選ぶ」「1つ選ぶかわりに3つまで選んでもよい」: other mode counts
    re.compile(_NO_WATCH_BEFORE + r"\d+つ(?:の|(?:を)?選ぶ)かわりに、?\d+つ(?:だけ|まで)?(?:を)?選(?:ぶ|んでもよい)"),
    # 「…カードを使うコストは、かわりに8になる」: a cost set to another number, no event replaced
    re.compile(r"[^。]*コストは、?かわりに\d+になる"),
    # 「このクリーチャーのコストは8のかわりに4になる」: a cost said as another number, no event
    re.compile(_NO_WATCH_BEFORE + r"コストは、?\d+のかわりに、?\d+になる"),
    # 「このクリーチャーは、バトルゾーンにある進化元のかわりに、…を1体選び、その上に重ねつつ出してもよい」: another
    # evolution source; 「…は、《X》のかわりに、…ゴッドの左横にリンクしてもよい」: another god linked to: no event
    re.compile(_NO_WATCH_BEFORE + r"進化元のかわりに、?[^。]*[てで]もよい"),
    re.compile(_NO_WATCH_BEFORE + r"のかわりに、?[^。]*にリンク(?:する|してもよい)"),
    # 「…戻してもよい。そうしたら、そのかわりに、…出す」: in exchange for what the player did (it happened), no event
    re.compile(r"(?:そうしたら|そうした場合)、そのかわり(?:に)?、?[^。]*"),
    # 「その後、捨てたカードのかわりに、同じ枚数のカードを引く」: in place of cards already moved (said in the past), no
    # event replaced
    re.compile(_NO_WATCH_BEFORE + r"(?:捨て|引い|戻し|加え)た(?:カード|クリーチャー)のかわりに、?[^。]*"),
)


# A watched event said otherwise than with 「…時、」 (「破壊される場合、」「離れるなら、」「破壊される際、」
# 「破壊される時に、」「離れる場合は、」「捨てる時に、」「手札に戻る場合、」「破壊されようとしている時、」): what the
# sentence does after it replaces that event.
EVENT_SAID_OTHERWISE = re.compile(
    r"(?:れる|離れる|出る)(?:場合|なら|際|時に)(?:は|には|でも|に)?、"
    r"|[くすつうぶむぐる](?:時に|場合|際)(?:は|には|でも|に)?、"
    r"|ようとしている時、"
)


def replaces_no_event(sentence: str) -> bool:
    """The printed sentence uses 「かわりに」 (or 「かわりとして」) of no event replaced (NOT_REPLACEMENT), and no
    event is watched before it in other words, nor does it give a keyword that is a replacement (「「ブロッカー」の
    かわりに「エスケープ」を得る」: the ability it gives replaces)."""
    if not any(p.fullmatch(sentence) for p in NOT_REPLACEMENT) or EVENT_SAID_OTHERWISE.search(sentence):
        return False
    # an ability given written out (「「ブロッカー」のかわりに「このクリーチャーが…時、かわりに…」を得る」), or a
    # keyword with a replacement named after 「かわり」 with or without its brackets: it may replace an event
    watched = re.compile(r"(?:される|られる|離れる|出る|負ける|引く|捨てる)時|唱えた後")
    given = keywords_given(sentence)
    events = [k for k in given if watched.search(k) or EVENT_SAID_OTHERWISE.search(k)]
    return not events and not any(replacing_keyword(k) for k in given)


# What a card is given or said to have: 「…を得る」「…を与える」, 「…を持つ」 ending a clause (「…を持つクリーチャー」
# is a card phrase's)
_GIVEN = r"を(?:得る|得て|与える|与え|持ち、|持つ(?=$|。|、))"


@lru_cache(maxsize=1)
def _replacing_names() -> tuple[str, ...]:
    """The keywords with a replacement (keywords.yaml), their reminders known or not."""
    table = keyword_table()
    return (*table["keywords"], *table["two_kinds"], *table["unknown"])


def keywords_given(sentence: str) -> list[str]:
    """The abilities a sentence gives or says a card has: what 「」 quotes (「「エスケープ」を得る」), and a keyword
    with a replacement named without its brackets (「エスケープを得る」)."""
    quoted = re.findall(r"「([^「」]+)」" + _GIVEN, sentence)
    bare = [n for n in _replacing_names() if re.search(re.escape(n) + r"(?:[:：][^をの、。「」]*)?" + _GIVEN, sentence)]
    return quoted + bare


def names_replacing_keyword(text: str) -> bool:
    """The text names a keyword with a replacement, in brackets or not, given or not."""
    return any(name in text for name in _replacing_names())


def replacing_keyword(keyword: str) -> bool:
    """A keyword with a replacement, said alone or with what it takes (「セイバー:ドラゴン」)."""
    return any(keyword == n or keyword.startswith((n + ":", n + "：", n + "-")) for n in _replacing_names())


# The effect's own 「〜のかわりに〜」 (自己置換効果): a quantity or a card of the effect replaced by another; or
# what it does after a clause of its own (「〜を手札に戻し、かわりに、…」).
# 「…があれば、かわりに…」: what the effect does instead when a condition holds.
SELF_REPLACEMENT = re.compile(r"[^。]*(の|る|す|く|う|つ|[しきえて]、|(?:ば|なら)、)(かわりに)[^。]*")


@lru_cache(maxsize=1)
def parser() -> lark.Lark:
    grammar = (resources.files(__package__) / "grammar.lark").read_text(encoding="utf-8")
    return lark.Lark(
        grammar,
        parser="earley",
        lexer="dynamic",
        ambiguity="explicit",
        start=["replacement", "followup", "grant", "used_ability", "condition_alone", "watched_alone"],
    )


# 「 / 」 between lines, 「 // 」 or 「／」 between the two sides of a twin card (not a 「／」 of a name in 《》
# or 「」); a line as the official card list prints it (「■このクリーチャーが…」) or as a wiki's table cell
# (「|このクリーチャーが…|」)
_LINES = re.compile(r"\s+//?\s+|\n|\s*[■|｜]\s*|\s*／\s*(?![^《「]*[》」])")


def _keyword_parts(line: str) -> tuple[str | None, str | None, str]:
    """``(keyword, condition reminder, body)`` of a normalised line.

    「セイバー:ドラゴン(自分のドラゴンが…)」 → ("セイバー", None, reminder);
    「ホーリー・フィールド(…次の能力を得る)このクリーチャーが…」 → (None, reminder, rest);
    「マナ武装5:自分のクリーチャーが…」 → ("マナ武装", None, rest).
    """
    table = keyword_table()
    if line.startswith("◎"):  # 「◎このターン中に一度、…」: the 「◎能力」 S・トリガー・プラス gives the spell
        return "◎", None, line[1:]
    tagged = re.match(r"^(<([^>]+)>(?:\[[^\]]*\])?)\((.*)\)$", line)  # 「<ギャラクシールド>[光(5)](…)」
    if tagged and _matching(line, len(tagged.group(1))) == len(line) - 1:
        return tagged.group(2), None, tagged.group(3)
    labelled = re.match(r"^<([^<>\[\]()]+)>(?![\[(])(.+)$", line)  # 「<鬼タイム>相手がクリーチャーを選ぶ時、…」
    if labelled and INSTEAD in labelled.group(2) and "時" in labelled.group(2):
        return labelled.group(1), None, labelled.group(2)  # the ability word names the ability it introduces
    for word in table["conditions"]:
        # 「ホーリー・フィールド(…)」, or with what the keyword takes: 「O・ドライブ-光x1と自然x1:(…)」
        opening = re.match(re.escape(word) + r"(?:[-:][^()]*)?\(", line)
        if opening:
            close = _matching(line, opening.end() - 1)
            if close is not None:
                return None, line[opening.end() : close], line[close + 1 :]
    m = re.match(r"^(\{SG\})?([^()、。:]{1,24}?)(?:[:\-]([^()。]*?))?\((.*)\)$", line)
    if m and INSTEAD in m.group(4) and _matching(line, line.index("(")) == len(line) - 1:
        return m.group(2), None, m.group(4)
    m = re.match(r"^(\{SG\})?([^()、。:]{1,24}?)\s*:\s*(.*)$", line) or re.match(
        r"^(\{SG\})?([^()、。:\-]{1,24}?)\s*-\s*(.*)$", line
    )
    if m and INSTEAD in m.group(3) and "時" in m.group(3) and not m.group(2).startswith(("自分", "相手", "この")):
        return m.group(2).rstrip("0123456789"), None, m.group(3)
    bare = line[:-1] if line.endswith("。") and "(" not in line else line  # 「エスケープ。」: the keyword alone
    for word in sorted(table["keywords"], key=len, reverse=True):  # a name with a dash in it: 「G-NEO進化:…」
        if "-" in word and re.match(re.escape(word) + r"(?:[:\-]|$)", bare):
            reminder = keyword_reminder(word, bare[len(word) + 1 :].strip())
            if reminder is not None:
                return word, None, reminder
    m = re.match(r"^(\{SG\})?([^()、。:]{1,24}?)(?:[:\-](.*))?$", bare)
    if m:
        word = m.group(2)
        reminder = keyword_reminder(word, (m.group(3) or "").strip())
        if reminder is not None:
            return word, None, reminder
        # a label and a keyword: 「HF−エターナル・Ω」「SF−シールド・セイバー」 (the label's condition or flag, the
        # keyword's reminder)
        if (word in table.get("labels", {}) or word in table.get("flags", {})) and m.group(3):
            inner = _keyword_parts(m.group(3).strip())
            labels = {**table.get("labels", {}), **table.get("flags", {})}
            if inner[0] is not None and inner[0] not in labels and inner[2] != m.group(3).strip():
                return word, None, inner[2]  # (two labels, 「HF−SF−…」: each a condition, not read as one)
    return None, None, line


def keyword_reminder(word: str, arg: str) -> str | None:
    """The reminder a keyword stands for, with what its colon names (keywords.yaml), or None."""
    table = keyword_table()
    pair = re.fullmatch(r"([^と《》「」]+)と([^と《》「」]+)", arg)
    if pair and word in table["two_kinds"]:
        return table["two_kinds"][word].replace("{A}", pair.group(1)).replace("{B}", pair.group(2))
    if word in table["keywords"] and (arg or "{X}" not in table["keywords"][word]):
        return table["keywords"][word].replace("{X}", arg)
    return None


def _matching(text: str, open_at: int) -> int | None:
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i
    return None


# What a terminal of the grammar that is a pattern stands for, in an error message.
TERMINAL_WORDS = {
    "VERB": "a verb (置く, 戻す, 加える, 捨てる, 破壊する, 出す, 引く)",
    "V_STAY": "とどまる",
    "RACE": "a race",
    "NAME": "a name in 《》 or 「」",
    "THIS": "このクリーチャー",
    "REF": "そのクリーチャー",
    "COUNT": "a number (1体, 2枚)",
    "NUMBER": "a number",
    "OWNER": "自分 or 相手",
    "ZONE": "a zone (墓地, 手札, マナゾーン, ...)",
    "CIV": "a civilization",
    "EARLIER_ACT": "a past verb (選んだ, 表向きにした)",
    "OWN_PLACE": "自身の",
}


def _describe_error(error: lark.exceptions.UnexpectedInput, sentence: str) -> str:
    pos = max(0, min(len(sentence), _position(error)))
    expected = sorted(getattr(error, "expected", None) or getattr(error, "allowed", None) or [])
    # a comma after a modifier, a second card phrase: never what is missing
    expected = [name for name in expected if name not in ("MOD_COMMA", "EITHER_OR")]
    words = []
    for name in expected[:6]:
        try:
            pattern = parser().get_terminal(name).pattern
            words.append(pattern.value if pattern.type == "str" else TERMINAL_WORDS.get(name, name))
        except KeyError:
            words.append(name)
    near = f"; the grammar expected {' or '.join(repr(w) for w in words)}" if words else ""
    return f"cannot read 「{sentence[pos : pos + 12]}…」 at character {pos + 1} of 「{sentence}」{near}"


def _position(error: lark.exceptions.UnexpectedInput) -> int:
    return getattr(error, "pos_in_stream", None) or 0


def read_sentence(sentence: str, start: str):
    """The typed reading of one normalised sentence from ``start``; ``ReadError`` with the reason otherwise."""
    if len(sentence) > MAX_SENTENCE:
        raise ReadError(
            f"cannot read 「{sentence[:12]}…」: a sentence of {len(sentence):,} characters, longer than any "
            f"printed one (at most {MAX_SENTENCE} are read)"
        )
    try:
        tree = parser().parse(sentence, start=start)
    except lark.exceptions.UnexpectedInput as error:
        message = _describe_error(error, sentence)
        refusal = _watch_refusal(sentence) if start == "replacement" else None
        raise ReadError(f"{refusal}; {message}" if refusal else message) from None
    except RecursionError:  # pragma: no cover - bounded by MAX_SENTENCE
        raise ReadError("the sentence is too deeply nested to read") from None
    return read_tree(tree)


def _watch_refusal(sentence: str) -> str | None:
    """Why the watched event of a sentence that does not parse cannot be stated, when its head alone (what
    stands before the first 「時、」) parses into a part the vocabulary has no word for (``Unstated``); None
    otherwise."""
    at = sentence.find("時、")
    if at < 0:
        return None
    try:
        read_tree(parser().parse(sentence[: at + 1], start="watched_alone"))
    except Unstated as error:
        return str(error)
    except (ReadError, lark.exceptions.UnexpectedInput):
        return None
    return None
