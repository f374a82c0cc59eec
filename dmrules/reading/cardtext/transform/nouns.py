"""Card phrases: 「バトルゾーンにある自分の他の、名前に《X》とあるコスト5以下の光のドラゴン1体」 → ``Phrase``.

A phrase is its modifiers (whose, where, power, cost, civilization, name, keyword, face up,
tapped, 「他の」) and its head (races, types, 「カード」, 「シールド」, a card's name), any of
which the text may join with 「または」, 「、」, 「と」, 「か」. Each modifier is one field of the
``Filter``; a head of several words is any of them: within one field (two races, two types) the field's values,
across fields (「進化クリーチャーまたはゴッド」) one alternative a field (``any_of``).
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from lark import Token

from ....game.filters import Filter
from .parts import ACTOR, CIVS, TYPE_BY_WORD, WHOSE_BY_WORD, ZONE_BY_WORD, Phrase, ReadError, keyword_table


def _number(token) -> int:
    return int("".join(ch for ch in str(token) if ch.isdigit()))


def _name(token) -> str:
    return str(token)[1:-1]


def _typed_tokens(items, kind: str) -> list[Token]:
    return [i for i in items if isinstance(i, Token) and i.type == kind]


def _add(flt: Filter, attr: str, values: tuple) -> Filter:
    return replace(flt, **{attr: getattr(flt, attr) + tuple(v for v in values if v not in getattr(flt, attr))})


def _set(flt: Filter, attr: str, value) -> Filter:
    old = getattr(flt, attr)
    if old not in (None, False, "any") and old != value:
        raise ReadError(f"the phrase says two things of one card: {attr} {old} and {value}")
    return replace(flt, **{attr: value})


# A keyword said as if it were a race (「自分のブロッカー」): no race is one (a race whose name ends so would be
# read as the creatures that have the keyword, a guess)
_KEYWORD_END = re.compile(
    r"(ブロッカー|ブレイカー|アタッカー|スレイヤー|セイバー|トリガー|ガードマン|キラー|チャージャー)$"
)


@lru_cache(maxsize=1)
def _keyword_names() -> frozenset[str]:
    """The keywords keywords.yaml names (no suffix of theirs: a race may end in one's word, ワイバーン)."""
    table = keyword_table()
    names = [*table["keywords"], *table["two_kinds"], *table["unknown"], *table["conditions"], *table["prefixes"]]
    return frozenset(names + table["other_keywords"])


def _keyword_noun(word: str) -> bool:
    return bool(_KEYWORD_END.search(word)) or word in _keyword_names()


# Words printed where a race is that name none (「自分のツインパクト」「自分のマナ」「自分のゼロ・クリーチャー」): kinds
# of cards, a zone, a civilization; read as a race, the filter would be one no card meets
_NOT_RACES = frozenset(
    {
        "ツインパクト",
        "サイキック",
        "サイキック・セル",
        "スペル",
        "キャッスル",
        "マナ",
        "シールド",
        "ゼロ",
        "エレメント",
        "オレガ・オーラ",
        "ルール・プラス",
        "ドラグハート",
        "エグザイル",
    }
)


@lru_cache(maxsize=1)
def _classic_names_and_races() -> tuple[frozenset[str], frozenset[str]]:
    """The classic list's card names and its cards' races."""
    from ...classic import classic_entries  # the bundled list, read once

    entries = classic_entries()
    races = frozenset(race for entry in entries for race in entry.get("races", ()))
    return frozenset(entry["name"] for entry in entries), races


def _name_part(word: str) -> bool:
    """A card's name printed bare (「ボルシャック・ドラゴン」) that is no race of the classic list (a part of names,
    「ボルシャック」, may be a race of a later set, 「ハンター」: left to the text)."""
    names, races = _classic_names_and_races()
    return word in names and word not in races


def _checked_race(word: str) -> str:
    """The word, a race; one that names none (``race_problem``) is refused."""
    problem = race_problem(word)
    if problem is not None:
        raise ReadError(problem)
    return word


def race_problem(word: str) -> str | None:
    """Why a word printed where a race is names none: a keyword, a kind of card, a card's name without 《》."""
    if _keyword_noun(word):
        return (
            f"「{word}」 names a keyword, no race: the creatures that have it are "
            f"「「{word}」を持つクリーチャー」, which the text does not say"
        )
    if word.endswith("カード"):
        return f"「{word}」 ends in 「カード」: a kind of card (a shield, a twinpact) no race names"
    head = word.removesuffix("・クリーチャー")
    if word in _NOT_RACES or head in _NOT_RACES or head in TYPE_BY_WORD:
        return f"「{word}」 names a kind of card, a zone or a civilization, no race"
    if _name_part(word):
        return f"「{word}」 is a card's name printed without 《》, no race"
    if (
        "クリーチ" in word or "リーチャ" in word
    ):  # 「クリーチヤー」「コノクリーチャー」: a word misspelt or run together
        return f"「{word}」 is no race: 「クリーチャー」 misspelt, or run into another word"
    return None


# 「自分の光のクリーチャーまたはドラゴン」: a printed text repeats a modifier that holds for each head
# (「水のクリーチャーまたは水のタマシード」) or sets it off with a comma (「コスト4以下の、クリーチャーまたは
# タマシード」); said once before the first, whether it holds for the first alone or for each is not said
_ONE_OR_EACH = (
    "a modifier before heads joined by 「または」「と」 with no comma after it (「光のクリーチャーまたはドラゴン」): "
    "whether it holds for the first head alone or for each is not said"
)


# 「自分の他のドラゴン、またはファイアー・バード」: the comma may set the second head apart from 「他の」
_OTHER_COMMA_OR = (
    "「他の」 before heads joined by 「、または」 (「自分の他のドラゴン、またはファイアー・バード」): whether it holds "
    "for the head after the comma too is not said"
)


# What a modifier of the first of two card phrases says that the second does not say of its own: whether it holds
# for the second too is not said
_EITHER_SCOPE = (
    "a modifier of the first of two card phrases joined by 「、または」 that the second does not say "
    "(「自分の他の闇のクリーチャー、または光のクリーチャー」): whether it holds for the second too is not said"
)
_QUALIFIERS = (
    "civilizations",
    "cost_max",
    "cost_min",
    "power_min",
    "power_max",
    "other",
    "name_parts",
    "keywords",
    "properties",
    "not_properties",
    "not_races",
    "not_types",
    "chosen_race",
    "cost_exceeds_mana",
)


class NounParts:
    """Card phrases, their modifiers and heads."""

    # -- the phrase -----------------------------------------------------------------
    def card_phrase(self, items) -> Phrase:
        phrase = Phrase()
        heads: list = []
        mana_of = None  # 「相手のマナゾーンにあるカードの枚数より大きいコストを持つ」: whose mana the cost exceeds
        bare = None  # a modifier that says what the card is, with no comma after it (「光の」)
        other = False  # 「他の」 said before the heads
        for item in items:
            if isinstance(item, Token) and item.type == "MOD_COMMA":
                bare = None
            elif isinstance(item, tuple) and item and item[0] == "exceeds_mana":
                mana_of, bare = item[1], "a cost"
                phrase = replace(phrase, filter=replace(phrase.filter, cost_exceeds_mana=True))
            elif isinstance(item, tuple) and item and item[0] == "mod":
                phrase = _modified(phrase, *item[1:])
                bare = None if item[1] == "zone" or item[2] in ("whose", "other") else item[2]
                other = other or item[2] == "other"
            elif isinstance(item, tuple) and item and item[0] == "kinds":
                heads = item[1]
                phrase = replace(phrase, both=item[2])
                if bare is not None and len(heads) > 1:
                    raise ReadError(_ONE_OR_EACH)
                if other and item[3] and len(heads) > 1:
                    raise ReadError(_OTHER_COMMA_OR)
            elif isinstance(item, tuple) and item and item[0] == "count":
                phrase = replace(phrase, count=item[1], any_one=item[2])
        if mana_of is not None and phrase.filter.whose != mana_of:
            raise ReadError("a cost compared with the mana zone of another player than the card's")
        return _head_fields(phrase, heads)

    def card_phrase_either(self, items) -> Phrase:
        """「自分のクリーチャー、またはコスト3以下のタマシード」: a card that is either, each with its own modifiers; a
        player said first and none second is both phrases' (a zone, a count said last, the whole phrase's)."""
        cut = next(i for i, item in enumerate(items) if isinstance(item, Token) and item.type == "EITHER_OR")
        count = [i for i in items[cut + 1 :] if isinstance(i, tuple) and i and i[0] == "count"]
        if any(isinstance(item, Token) and item.type == "MOD_COMMA" for item in items[:cut]):
            raise ReadError(_EITHER_SCOPE)  # 「コスト5以下の、闇のクリーチャー、または…」: the first's, or both's
        first = self.card_phrase(items[:cut])
        second = self.card_phrase([i for i in items[cut + 1 :] if i not in count])
        if any(p.card or p.shield or p.filter.any_of or p.count is not None for p in (first, second)):
            raise ReadError("either of two card phrases, one of them no kind of card an alternative can be")
        unsaid = {f for f in _QUALIFIERS if getattr(first.filter, f) != getattr(Filter(), f)} - {
            f for f in _QUALIFIERS if getattr(second.filter, f) != getattr(Filter(), f)
        }
        if unsaid:  # 「自分の他の闇のクリーチャー、または光のクリーチャー」: may be both phrases' or the first's
            raise ReadError(_EITHER_SCOPE)
        if second.zone not in (None, first.zone) or (second.zone is not None and first.zone is None):
            raise ReadError("either of two card phrases in two zones")
        whose = first.filter.whose
        # 「クリーチャー、または相手のタマシード」: not both the opponent's
        if second.filter.whose not in ("any", whose):
            raise ReadError("either of two card phrases of two players, or of a player said of the second alone")
        alternatives = tuple(replace(p.filter, whose="any") for p in (first, second))
        phrase = replace(first, filter=Filter(whose=whose, any_of=alternatives), named=False)
        phrase = replace(phrase, creature_word=first.creature_word or second.creature_word)
        return replace(phrase, count=count[0][1], any_one=count[0][2]) if count else phrase

    def mod_cost_exceeds_mana(self, items: list):
        """「相手のマナゾーンにあるカードの枚数より大きいコストを持つ」: a cost above the number of cards of that
        player's mana zone (``cost_exceeds_mana``: the card's controller's, who must be that player)."""
        return ("exceeds_mana", WHOSE_BY_WORD[str(_typed_tokens(items, "OWNER")[0])])

    def count(self, items: list):
        return ("count", _number(items[0]), False)

    def count_any_one(self, items: list):
        return ("count", 1, True)

    # -- modifiers: ("mod", how, field, value) ---------------------------------------
    def mod_whose(self, items: list):
        return ("mod", "set", "whose", WHOSE_BY_WORD[str(items[0])])

    def mod_whose_actor(self, items: list):
        """「自分自身の」: the cards of the player who does what the clause says (read with the clause)."""
        return ("mod", "set", "whose", ACTOR)

    def mod_other(self, items: list):
        return ("mod", "set", "other", True)

    def mod_chosen_race(self, items: list):
        """「その種族の」: of the race an earlier sentence chose (「種族を1つ選ぶ。」)."""
        return ("mod", "set", "chosen_race", True)

    def mod_in_battle(self, items: list):
        return ("mod", "zone", "battle", None)

    def mod_in_zone(self, items: list):
        """「自分のマナゾーンにある」「相手の墓地の」「自分のマナゾーンで」 (where a clause acts on the cards), and
        「自分自身の…にある」 (the actor's: ``ACTOR``, read with the clause)."""
        owners = _typed_tokens(items, "OWNER")
        return (
            "mod",
            "zone",
            ZONE_BY_WORD[str(_typed_tokens(items, "ZONE")[0])],
            WHOSE_BY_WORD[str(owners[0])] if owners else ACTOR,
        )

    def mod_in_anyones_zone(self, items: list):
        """「いずれかのシールドゾーンにある」: the zone of either player."""
        zone = ZONE_BY_WORD[str(_typed_tokens(items, "ZONE")[0])]
        if zone == "battle":
            raise ReadError("「いずれかのバトルゾーン」: the battle zone is no one player's")
        return ("mod", "zone", zone, "any")

    def mod_under_this(self, items: list):
        return ("mod", "zone", "under_this", None)

    def mod_crossed_to_this(self, items: list):
        return ("mod", "zone", "crossed_to_this", None)

    def mod_under_watched(self, items: list):
        return ("mod", "zone", "under_watched", None)

    def mod_crossed_to_watched(self, items: list):
        return ("mod", "zone", "crossed_to_watched", None)

    def mod_power(self, items: list):
        attr = "power_min" if str(_typed_tokens(items, "BOUND")[0]) == "以上" else "power_max"
        return ("mod", "set", attr, _number(_typed_tokens(items, "NUMBER")[0]))

    def mod_cost(self, items: list):
        bounds = _typed_tokens(items, "BOUND")
        if not bounds:  # 「コスト9の」: that cost exactly
            return ("mod", "set", "cost_exact", _number(_typed_tokens(items, "NUMBER")[0]))
        attr = "cost_min" if str(bounds[0]) == "以上" else "cost_max"
        return ("mod", "set", attr, _number(_typed_tokens(items, "NUMBER")[0]))

    def mod_civs(self, items: list):
        return ("mod", "add", "civilizations", items[0])

    def civs(self, items: list):
        return tuple(CIVS[str(t)] for t in _typed_tokens(items, "CIV"))

    def mod_name_part(self, items: list):
        return ("mod", "add", "name_parts", (_name(_typed_tokens(items, "NAME")[0]),))

    def mod_keyword(self, items: list):
        return ("mod", "add", "keywords", (_name(_typed_tokens(items, "NAME")[0]),))

    def mod_face_up(self, items: list):
        return ("mod", "add", "properties", ("face_up",))

    def mod_face_down(self, items: list):
        return ("mod", "add", "properties", ("face_down",))

    def mod_tapped(self, items: list):
        return ("mod", "add", "properties", ("tapped",))

    def mod_multicolor(self, items: list):
        return ("mod", "add", "properties", ("multicolor",))

    def mod_not_multicolor(self, items: list):
        """「多色ではない」: a card that is not multicolored."""
        return ("mod", "add", "not_properties", ("multicolor",))

    def mod_not_colorless(self, items: list):
        """「無色ではない」: a card that is not colorless."""
        return ("mod", "add", "not_properties", ("colorless",))

    def mod_not_evolution(self, items: list):
        """「進化ではない」「進化クリーチャーではない」: a card that is no evolution card."""
        return ("mod", "add", "not_types", ("evolution",))

    def mod_not_type(self, items: list):
        """「サイキック・クリーチャーではない」: a card that is not of that type."""
        return ("mod", "add", "not_types", (TYPE_BY_WORD[str(items[0])],))

    def mod_race_had(self, items: list):
        """「魔導具を持つ呪文」: a card of that race (「ブロッカーを持つ」, a bracketless keyword: refused)."""
        if _keyword_noun(str(items[0])):
            raise ReadError(f"「{items[0]}を持つ」 names a keyword, no race, without the brackets 「」 a keyword has")
        return ("mod", "add", "races", (_checked_race(str(items[0])),))

    def mod_not_race(self, items: list):
        """「ドラゴンではない」: of no race that contains the word (「ブロッカーではない」, a keyword: refused)."""
        race = str(_typed_tokens(items, "RACE")[0])
        if _keyword_noun(race):
            raise ReadError(f"「{race}ではない」 names a keyword, no race: no filter says a card lacks a keyword")
        return ("mod", "add", "not_races", (_checked_race(race),))

    def mod_untapped(self, items: list):
        return ("mod", "add", "properties", ("untapped",))

    def mod_colorless(self, items: list):
        return ("mod", "add", "properties", ("colorless",))

    # -- heads --------------------------------------------------------------------
    def kinds(self, items: list):
        said = [str(t) for t in _typed_tokens(items, "KIND_OR")]
        joins = {t.lstrip("、") for t in said}
        comma = any(t.startswith("、") and t != "、" for t in said)  # 「A、またはB」
        return ("kinds", [i for i in items if isinstance(i, tuple)], bool(joins & {"と", "および"}), comma)

    def kind_race(self, items: list):
        return ("race", _checked_race(str(_typed_tokens(items, "RACE")[0])), len(items) > 1)

    def kind_race_word(self, items: list):
        """「種族にドラゴンとあるクリーチャー」「「サイバー」と付く種族」: a creature whose races contain the word."""
        token = items[0]
        word = _name(token) if token.type == "NAME" else str(token)
        if token.type == "NAME" and not str(token).startswith("「"):
            raise ReadError("a race word in 《》: a card name is no race")
        return ("race", word, True)

    def kind_race_word_card(self, items: list):
        """「種族にドラゴンとあるカード」: a card of any type whose races contain the word."""
        return ("race", self.kind_race_word(items)[1], False)

    def kind_type(self, items: list):
        return ("type", TYPE_BY_WORD[str(items[0])], str(items[0]) == "クリーチャー")

    def kind_card(self, items: list):
        return ("card", None, False)

    def kind_cores_of_this(self, items: list):
        """「このクリーチャーの禁断コア」: the component cards of this card (ドルマゲドンX's), its controller's."""
        return ("cores_of_this", None, False)

    def kind_shield(self, items: list):
        return ("shield", None, False)

    def kind_evolution(self, items: list):
        return ("evolution", None, True)

    def kind_not_creature(self, items: list):
        return ("not_type", "creature", False)

    def kind_not_castle(self, items: list):
        return ("not_type", "castle", False)

    def kind_soul(self, items: list):
        return ("keyword", str(items[0]).strip("()"), True)

    def kind_name(self, items: list):
        return ("name", _name(items[0]), False)


def _modified(phrase: Phrase, how: str, attr: str, value) -> Phrase:
    if how == "zone":
        return _placed(phrase, attr, value)
    if how == "add":
        return replace(phrase, filter=_add(phrase.filter, attr, value))
    if attr == "cost_exact":
        return replace(phrase, filter=_set(_set(phrase.filter, "cost_min", value), "cost_max", value))
    return replace(phrase, filter=_set(phrase.filter, attr, value))


def _placed(phrase: Phrase, zone: str, whose: str | None) -> Phrase:
    if phrase.zone is not None and phrase.zone != zone:
        raise ReadError("the phrase names two zones")
    if whose is not None and phrase.filter.whose not in ("any", whose):
        raise ReadError("the phrase names two players")
    flt = phrase.filter if whose is None else replace(phrase.filter, whose=whose)
    if zone == "battle":
        # 「自分のバトルゾーンにある」 is 「バトルゾーンにある自分の」: a player's battle zone holds the cards
        # they control.
        return replace(phrase, zone=zone, zone_whose=None, filter=flt)
    return replace(phrase, zone=zone, zone_whose=whose, filter=flt)


_FIELDS = {"race": "races", "type": "types", "name": "names", "keyword": "keywords", "not_type": "not_types"}


# Heads that are no kind of card an alternative can be (「カード」, 「シールド」, 「このクリーチャーの禁断コア」,
# 「クリーチャーではないカード」).
_NO_ALTERNATIVE = {"card", "shield", "cores_of_this", "not_type"}


def _either_heads(phrase: Phrase, words: list[tuple]) -> Phrase:
    """「進化クリーチャーまたはタマシード」「サムライ・クリーチャーまたはクロスギア」: heads of different fields, a card
    being any of them: one alternative (``any_of``) a field, the phrase's modifiers holding for each."""
    kinds = list(dict.fromkeys(kind for kind, _, _ in words))
    printed = "、".join(str(value or kind) for kind, value, _ in words)
    if _NO_ALTERNATIVE & set(kinds):
        raise ReadError(f"「{printed}」: any of these heads ({', '.join(kinds)}) cannot be stated")
    alternatives = tuple(_head_fields(Phrase(), [w for w in words if w[0] == kind]).filter for kind in kinds)
    flt = replace(phrase.filter, any_of=alternatives)
    return replace(phrase, filter=flt, creature_word=any(creature for _, _, creature in words))


def _head_fields(phrase: Phrase, words: list[tuple]) -> Phrase:
    """The head words of a phrase, any of which a card may be: one field of the filter each."""
    kinds = {kind for kind, _, _ in words}
    flt = phrase.filter
    creature_word = any(creature for _, _, creature in words)
    if len(words) > 1 and len(kinds) > 1:
        return _either_heads(phrase, words)
    kind = words[0][0]
    values = tuple(value for _, value, _ in words)
    if len(set(values)) != len(values):
        raise ReadError("a head word named twice")
    if kind == "card":
        return replace(phrase, card=True)
    if kind == "shield":
        return replace(phrase, shield=True)
    if kind == "cores_of_this":
        if flt != Filter() or phrase.zone is not None:
            raise ReadError("this card's 禁断コア, qualified")
        return replace(phrase, filter=Filter(whose="own", component_of_this=True))
    if kind == "evolution":
        if len(words) > 1:
            raise ReadError("「進化クリーチャー」 among other heads")
        flt = replace(_add(flt, "types", ("creature",)), evolution=True)
        return replace(phrase, filter=flt, creature_word=True)
    if kind == "keyword" and len(words) == 1:
        flt = _add(flt, "types", ("creature",))
    if kind == "keyword" and len(words) > 1:
        flt = _add(flt, "types", ("creature",))
    flt = _add(flt, _FIELDS[kind], values)
    return replace(phrase, filter=flt, creature_word=creature_word, named=kind == "name")
