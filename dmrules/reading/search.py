"""Finding cards the way Scryfall finds them: forgiving names, text search, filters, "did you mean".

``find_cards(db, query)`` reads a query of words and filters:

- words match the card's name, forgiving width (ｼﾞｬｼﾝ), hiragana for katakana (じゃしん), long
  vowels, separators (＝, ・), 《》, spaces and case, and romaji (``jashin``, ``crymax``);
- ``o:TEXT`` (or ``text:``, ``テキスト:``) matches the printed text; words that match no name
  are looked for in the texts too (``墓地に置くかわりに``);
- ``t:`` (``type:``, ``種類:``), ``c:`` (``civ:``, ``文明:``) and ``r:`` (``race:``, ``種族:``)
  filter by type, civilization and race, in English or Japanese (``t:呪文``, ``c:闇``).

When nothing matches, ``suggestions`` holds the names closest to the words by edit distance
(ジャシソ帝 → アビスベル＝ジャシン帝).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from ..game.cards import CardDef
from .carddb import CardDatabase, loose

TYPE_NAMES = {
    "creature": ("creature", "クリーチャー"),
    "evolution": ("evolution", "進化"),
    "spell": ("spell", "呪文"),
    "psychic_creature": ("psychic", "サイキック"),
    "gr_creature": ("gr", "GR"),
    "dragheart_creature": ("dragheart", "ドラグハート"),
    "dragheart_weapon": ("weapon", "ウエポン", "ドラグハート・ウエポン"),
    "dragheart_fortress": ("fortress", "フォートレス"),
    "castle": ("castle", "城"),
    "g_castle": ("g_castle", "G城"),
    "tamaseed": ("tamaseed", "タマシード"),
    "cross_gear": ("crossgear", "cross_gear", "クロスギア"),
    "field": ("field", "フィールド"),
    "aura": ("aura", "オーラ"),
}
CIVILIZATION_NAMES = {
    "light": ("light", "光"),
    "water": ("water", "水"),
    "darkness": ("darkness", "dark", "闇"),
    "fire": ("fire", "火"),
    "nature": ("nature", "自然"),
    "zero": ("zero", "colorless", "ゼロ", "無色"),
}
KEYS = {
    "t": "type", "type": "type", "種類": "type", "タイプ": "type",
    "c": "civ", "civ": "civ", "文明": "civ",
    "r": "race", "race": "race", "種族": "race",
    "o": "text", "text": "text", "テキスト": "text",
}  # fmt: skip
MAX_DISTANCE = 3


@dataclass
class Found:
    """The cards a query finds, best first; ``by`` says how (``name``, ``romaji``, ``text``,
    ``filter``); ``suggestions`` are the closest names when nothing is found; ``problems`` the
    filters that name nothing (``c:purple``)."""

    cards: list[CardDef] = field(default_factory=list)
    by: str = "name"
    suggestions: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def fold(text: str) -> str:
    """Text as texts are compared: NFKC (width), katakana for hiragana, no spaces, lower case."""
    text = unicodedata.normalize("NFKC", text)
    text = "".join(chr(ord(ch) + 0x60) if "\u3041" <= ch <= "\u3096" else ch for ch in text)
    return "".join(text.split()).lower()


def _split(query: str) -> tuple[list[str], dict[str, list[str]], list[str]]:
    words: list[str] = []
    filters: dict[str, list[str]] = {}
    problems: list[str] = []
    for word in unicodedata.normalize("NFKC", query).split():
        key, colon, value = word.partition(":")
        if colon and key.lower() in KEYS and value:
            filters.setdefault(KEYS[key.lower()], []).append(value)
        elif colon and key.lower() in KEYS:
            problems.append(f"'{word}': give a value after the colon")
        else:
            words.append(word)
    return words, filters, problems


def _named_key(value: str, names: dict[str, tuple[str, ...]]) -> str | None:
    folded = fold(value)
    for key, spellings in names.items():
        if folded in (fold(s) for s in spellings):
            return key
    return None


def _filter_tests(filters: dict[str, list[str]], problems: list[str]):
    """Predicates of the filters; a value that names nothing is a problem."""
    tests = []
    for value in filters.get("type", []):
        kind = _named_key(value, TYPE_NAMES)
        if kind is None:
            problems.append(f"t:{value}: no such card type")
        else:
            tests.append(lambda card, k=kind: k in card.types)
    for value in filters.get("civ", []):
        civ = _named_key(value, CIVILIZATION_NAMES)
        if civ is None:
            problems.append(f"c:{value}: no such civilization")
        else:
            tests.append(lambda card, c=civ: c in card.civilizations)
    for value in filters.get("race", []):
        race_key = fold(value)
        tests.append(lambda card, r=race_key: any(r in fold(race) for race in card.races))
    for value in filters.get("text", []):
        text_key = fold(value)
        tests.append(lambda card, t=text_key: t in fold(card.text or ""))
    return tests


def find_cards(db: CardDatabase, query: str) -> Found:
    """The cards of ``db`` that the query finds (module docstring)."""
    words, filters, problems = _split(query)
    tests = _filter_tests(filters, problems)
    if problems:
        return Found(problems=problems)
    pool = [c for c in db if all(test(c) for test in tests)]
    if not words:
        return Found(pool if tests else [], "filter")
    name = " ".join(words)
    allowed = {id(c) for c in pool}
    for by, text in (("name", name), ("romaji", romaji(name))):
        if text:
            cards = [c for c in db.search(text) if id(c) in allowed]
            if cards:
                return Found(cards, by)
    keys = [fold(w) for w in words]
    cards = [c for c in pool if all(k in fold(c.text or "") for k in keys)]
    if cards:
        return Found(cards, "text")
    return Found(by="name", suggestions=suggest(db, name))


def distance(a: str, b: str, bound: int = MAX_DISTANCE + 1) -> int:
    """Levenshtein distance of two strings (at most ``bound``: larger ones are cut there)."""
    if abs(len(a) - len(b)) >= bound:
        return bound
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i]
        for j, cb in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        if min(current) >= bound:
            return bound
        previous = current
    return min(previous[-1], bound)


def _closest(query: str, key: str) -> int:
    """The distance of the query to the name, or to the stretch of it that is closest."""
    best = distance(query, key)
    width = len(query)
    if len(key) > width:
        for start in range(len(key) - width + 1):
            best = min(best, distance(query, key[start : start + width]))
    return best


def suggest(db: CardDatabase, query: str, n: int = 3) -> list[str]:
    """The names closest to the query by edit distance (romaji read as kana), closest first;
    the near misses of ``CardDatabase.near`` when none is within a few edits."""
    queries = [q for q in (loose(query), loose(romaji(query) or "")) if q]
    if not queries:
        return []
    bound = max(1, min(MAX_DISTANCE, len(queries[0]) // 3))
    scored = []
    for card in db:
        key = loose(card.name)
        best = min(_closest(q, key) for q in queries)
        if best <= bound:
            scored.append((best, len(key), card.name))
    if scored:
        return [name for *_, name in sorted(scored)[:n]]
    return db.suggest(query, n)


# -- romaji --------------------------------------------------------------------------------------

_KANA = {
    "a": "ア", "i": "イ", "u": "ウ", "e": "エ", "o": "オ",
    "ka": "カ", "ki": "キ", "ku": "ク", "ke": "ケ", "ko": "コ",
    "ga": "ガ", "gi": "ギ", "gu": "グ", "ge": "ゲ", "go": "ゴ",
    "sa": "サ", "shi": "シ", "si": "シ", "su": "ス", "se": "セ", "so": "ソ",
    "za": "ザ", "ji": "ジ", "zi": "ジ", "zu": "ズ", "ze": "ゼ", "zo": "ゾ",
    "ta": "タ", "chi": "チ", "ti": "チ", "tsu": "ツ", "tu": "ツ", "te": "テ", "to": "ト",
    "da": "ダ", "de": "デ", "do": "ド", "di": "ディ", "du": "ドゥ",
    "na": "ナ", "ni": "ニ", "nu": "ヌ", "ne": "ネ", "no": "ノ",
    "ha": "ハ", "hi": "ヒ", "fu": "フ", "hu": "フ", "he": "ヘ", "ho": "ホ",
    "ba": "バ", "bi": "ビ", "bu": "ブ", "be": "ベ", "bo": "ボ",
    "pa": "パ", "pi": "ピ", "pu": "プ", "pe": "ペ", "po": "ポ",
    "ma": "マ", "mi": "ミ", "mu": "ム", "me": "メ", "mo": "モ", "ya": "ヤ", "yu": "ユ", "yo": "ヨ",
    "ra": "ラ", "ri": "リ", "ru": "ル", "re": "レ", "ro": "ロ",
    "la": "ラ", "li": "リ", "lu": "ル", "le": "レ", "lo": "ロ",
    "wa": "ワ", "wo": "ヲ", "va": "ヴァ", "vi": "ヴィ", "vu": "ヴ", "ve": "ヴェ", "vo": "ヴォ",
    "fa": "ファ", "fi": "フィ", "fe": "フェ", "fo": "フォ", "je": "ジェ", "she": "シェ", "che": "チェ",
    "ti-": "ティ", "xa": "ァ", "xi": "ィ", "xu": "ゥ", "xe": "ェ", "xo": "ォ",
}  # fmt: skip
_YOON = {"a": "ャ", "u": "ュ", "o": "ョ"}
_YOON_STEMS = {
    "ky": "キ", "gy": "ギ", "sh": "シ", "j": "ジ", "ch": "チ", "ny": "ニ", "hy": "ヒ", "by": "ビ", "py": "ピ",
    "my": "ミ", "ry": "リ", "jy": "ジ", "sy": "シ", "ty": "チ", "dy": "ヂ", "zy": "ジ",
}  # fmt: skip


def romaji(text: str) -> str | None:
    """Latin letters read as katakana (``jashin`` → ジャシン, ``bolshack`` → ボルシャック); None
    when the text is not all Latin letters or cannot be read."""
    text = unicodedata.normalize("NFKC", text).lower().replace(" ", "")
    if not text or not text.isascii() or not all(ch.isalpha() or ch == "-" for ch in text):
        return None
    out, i = [], 0
    while i < len(text):
        ch = text[i]
        if ch == "-":
            out.append("ー")
            i += 1
            continue
        if ch == "n" and (i + 1 == len(text) or text[i + 1] not in "aiueoy"):
            out.append("ン")
            i += 1
            continue
        if ch == "c" and text.startswith("ck", i):  # bolshack: ボルシャック
            out.append("ッ")
            i += 1
            continue
        if i + 1 < len(text) and ch == text[i + 1] and ch not in "aiueon":
            out.append("ッ")  # a doubled consonant
            i += 1
            continue
        piece = _piece(text, i)
        if piece is None:
            if ch in "ckgstdbpmzhfjrl":  # a consonant alone (the end of an English spelling): its u-sound
                out.append(_KANA.get(ch + "u", "ク"))
                i += 1
                continue
            return None
        kana, length = piece
        out.append(kana)
        i += length
    return "".join(out)


def _piece(text: str, i: int) -> tuple[str, int] | None:
    for length in (3, 2, 1):
        chunk = text[i : i + length]
        if chunk in _KANA:
            return _KANA[chunk], length
    for stem, kana in _YOON_STEMS.items():
        if text.startswith(stem, i) and i + len(stem) < len(text) and text[i + len(stem)] in _YOON:
            return kana + _YOON[text[i + len(stem)]], len(stem) + 1
    return None
