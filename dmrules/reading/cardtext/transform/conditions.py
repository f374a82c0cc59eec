"""State conditions (``if``): 「バトルゾーンに自分の《X》が1体でもあれば」 → ``Condition``.

A count of cards is where they are (「バトルゾーンに」, 「自分のマナゾーンに」), which cards (a card
phrase, or none: 「7枚以上カードが」), how many (「5枚以上」, 「1体でも」; 「他に」: besides this
card). The other conditions are words of the vocabulary, each with its printed wording in the
grammar (``CONDITION_WORDS``).
"""

from __future__ import annotations

from dataclasses import replace

from ....game.filters import CONDITION_WORDS, THIS_PLACES, Condition, Filter
from .nouns import _number, _typed_tokens
from .parts import CIVS, WHOSE_BY_WORD, ZONE_BY_WORD, Phrase, ReadError, word

_COMPARED_WORDS = (("多", "more"), ("以上", "at_least"), ("少な", "fewer"), ("以下", "at_most"))


class ConditionParts:
    def cond_count(self, items: list):
        zone, whose = items[0]
        phrase = _one_kind(next((i for i in items if isinstance(i, Phrase)), Phrase()))
        at_least = next((i for i in items if isinstance(i, int) and not isinstance(i, bool)), 1)
        other = bool(_typed_tokens(items, "BESIDES"))
        if len(_typed_tokens(items, "BESIDES")) > 1:
            raise ReadError("「他に」 said twice")
        return ("if", _count_condition(zone, whose, phrase, at_least, other))

    def cond_none(self, items: list):
        """「自分のシールドが1枚もなければ」「バトルゾーンに自分のクリーチャーが他になければ」: none of those cards
        there."""
        zone, whose = items[0]
        phrase = _one_kind(next((i for i in items if isinstance(i, Phrase)), Phrase()))
        other = bool(_typed_tokens(items, "BESIDES"))
        if len(_typed_tokens(items, "BESIDES")) > 1:
            raise ReadError("「他に」 said twice")
        return ("if", replace(_count_condition(zone, whose, phrase, 0, other), at_most=0))

    def cond_count_at_most(self, items: list):
        """「相手のマナゾーンにカードが5枚以下であれば」: at most N of those cards there."""
        zone, whose = items[0]
        phrase = _one_kind(next((i for i in items if isinstance(i, Phrase)), Phrase()))
        besides = _typed_tokens(items, "BESIDES")
        if len(besides) > 1:
            raise ReadError("「他に」 said twice")
        at_most = _number(_typed_tokens(items, "NUMBER")[0])
        return ("if", replace(_count_condition(zone, whose, phrase, 0, bool(besides)), at_most=at_most))

    def cond_only_this(self, items: list):
        """「バトルゾーンにある自分のクリーチャーがこのクリーチャーだけであれば」: none of those cards there besides
        this one."""
        phrase = next(i for i in items if isinstance(i, Phrase))
        if phrase.zone != "battle":
            raise ReadError("the cards that are this creature alone, in no zone of creatures")
        if phrase.filter.other:
            raise ReadError("「他の」 cards that are this creature alone")
        flat = replace(phrase, zone=None, zone_whose=None)
        return ("if", replace(_count_condition("battle", None, flat, 0, True), at_most=0))

    def cond_this_in(self, items: list):
        """「このクリーチャーがバトルゾーンまたは表向きで自分のシールドゾーンにあれば」: where this card is."""
        places = tuple(i for i in items if isinstance(i, str) and i in THIS_PLACES)
        if len(set(places)) != len(places):
            raise ReadError("a place named twice")
        return ("if", Condition(this_in=places))

    def this_zone(self, items: list):
        """「バトルゾーン」「自分の墓地」「表向きで自分のシールドゾーン」: a place of this card's."""
        zone = ZONE_BY_WORD[str(_typed_tokens(items, "ZONE")[0])]
        owners = _typed_tokens(items, "OWNER")
        if owners and WHOSE_BY_WORD[str(owners[0])] != "own":
            raise ReadError("this card in a zone of the opponent's")
        if _typed_tokens(items, "FACE_UP_IN"):
            if zone != "shields":
                raise ReadError("「表向きで」 in a zone other than the shield zone")
            return "face_up_shields"
        if zone not in THIS_PLACES:
            raise ReadError("this card in a zone it cannot be in")
        return zone

    def zone_cards(self, items: list):
        """「自分のシールド」「相手の手札」「自分のマナゾーンのカード」: one player's zone, where its cards are
        counted."""
        words = [str(t) for t in _typed_tokens(items, "COUNTED") + _typed_tokens(items, "ZONE")]
        word = words[0] if words else "シールド"  # 「相手にシールドが」
        zone = ZONE_BY_WORD["シールドゾーン" if word == "シールド" else word]
        return (zone, WHOSE_BY_WORD[str(_typed_tokens(items, "OWNER")[0])])

    def cards_under_this(self, items: list):
        """「このクリーチャーの下にカードがあれば」「…カードが3枚以上あれば」: at least that many cards under it."""
        at_least = next((i for i in items if isinstance(i, int) and not isinstance(i, bool)), 1)
        return ("if", Condition(word="cards_under_this", at_least=at_least))

    def cond_count_cards(self, items: list):
        zone, whose = items[0]
        at_least = next(i for i in items if isinstance(i, int) and not isinstance(i, bool))
        return ("if", _count_condition(zone, whose, Phrase(card=True), at_least, False))

    def cond_civilizations(self, items: list):
        """「自分のマナゾーンに火と水の文明があれば」: a card of each civilization there (a card of two counts for
        both), one count condition each."""
        zone, whose = items[0]
        if whose == _OF_THE_CARDS:
            raise ReadError("a zone counted in whose player neither it nor its cards say")
        civs = [CIVS[str(t)] for t in _typed_tokens(items, "CIV")]
        if len(set(civs)) != len(civs):
            raise ReadError("a civilization named twice")
        return (
            "if",
            *(
                _count_condition(zone, whose, Phrase(filter=Filter(civilizations=(civ,)), card=True), 1, False)
                for civ in civs
            ),
        )

    def cond_at_most(self, items: list):
        """「自分と相手のシールドの数が合計6つ以下なら」: at most N cards in the zone of one player, or of both
        (「合計」 only sums the two)."""
        owners = next(i for i in items if isinstance(i, list))
        if len(set(owners)) != len(owners):
            raise ReadError("a player named twice")
        if _typed_tokens(items, "TOTAL") and len(owners) == 1:
            raise ReadError("「合計」 of one player's cards")
        if not _typed_tokens(items, "TOTAL") and len(owners) > 1:
            raise ReadError(
                "「自分と相手の…以下」 with no 「合計」: each player's cards or their sum, which the text does not say"
            )
        zone = ZONE_BY_WORD[str(_typed_tokens(items, "COUNTED")[0]).replace("シールド", "シールドゾーン")]
        whose = owners[0] if len(owners) == 1 else "any"
        at_most = _number(_typed_tokens(items, "NUMBER")[0])
        return ("if", Condition(zone=zone, filter=Filter(whose=whose), at_least=0, at_most=at_most))

    def cond_earlier_is(self, items: list):
        """「それが光のカードであれば」: the one card an earlier sentence names (drawn, revealed) is such a card."""
        return ("if", _earlier_condition(next(i for i in items if isinstance(i, Phrase)), 1, at_most=None))

    def cond_earlier_not(self, items: list):
        """「それが呪文でなければ」: the one card an earlier sentence names is no such card."""
        return ("if", _earlier_condition(next(i for i in items if isinstance(i, Phrase)), 1, at_most=0))

    def cond_earlier_none(self, items: list):
        """「3枚ともドラゴンでない場合」: none of the N cards an earlier sentence names is such a card."""
        count = _number(_typed_tokens(items, "COUNT")[0])
        if count < 2:
            raise ReadError(f"「{count}枚とも」 of fewer than two cards")
        return ("if", _earlier_condition(next(i for i in items if isinstance(i, Phrase)), count, at_most=0))

    def cond_happened(self, items: list):
        """「このターン、相手の他のクリーチャーが2体以上出ていれば」: at least N of those cards had the event happen to
        them this turn, before the effect."""
        at_least = next((i for i in items if isinstance(i, int) and not isinstance(i, bool)), 1)
        return ("if", _happened_condition(items, at_least, None))

    def cond_not_happened(self, items: list):
        """「このターン中に相手のクリーチャーが1体も破壊されていなければ」: none of those cards did."""
        return ("if", _happened_condition(items, 0, 0))

    # 「破壊されて」「出て」…: the past event a condition counts
    past_destroy = word(("past", "destroy"))
    past_enter = word(("past", "enter"))
    past_summon = word(("past", "summon"))
    past_graveyard = word(("past", "put_into_graveyard"))
    past_mana = word(("past", "put_into_mana"))
    past_return = word(("past", "return_to_hand"))
    past_leave = word(("past", "leave"))

    def cond_compared(self, items: list):
        """「自分のマナゾーンのカードが相手のより多ければ」: one player's cards of a zone compared with the other's
        (「自分のシールドの数が相手以上であれば」 is ホーリー・フィールド's condition word)."""
        (zone, whose), rival = items[0], next(i for i in items[1:] if isinstance(i, tuple))
        if rival[1] == whose:
            raise ReadError("a player's cards compared with that player's own")
        if rival[0] is not None and rival[0] != zone:
            raise ReadError("the cards of one zone compared with another zone's")
        word = str(_typed_tokens(items, "COMPARE")[0])
        comparison = next(c for key, c in _COMPARED_WORDS if key in word)
        if (zone, whose, comparison) == ("shields", "own", "at_least"):
            return ("if", Condition(word="shields_at_least_opponent"))
        return ("if", Condition(zone=zone, filter=Filter(whose=whose), at_least=0, than_other=comparison))

    def rival_player(self, items: list):
        return (None, WHOSE_BY_WORD[str(_typed_tokens(items, "OWNER")[0])])

    def rival_cards(self, items: list):
        return items[0]

    def owners(self, items: list):
        return [WHOSE_BY_WORD[str(t)] for t in _typed_tokens(items, "OWNER")]

    def where_battle(self, items: list):
        return ("battle", None)

    def where_zone(self, items: list):
        return (
            ZONE_BY_WORD[str(_typed_tokens(items, "ZONE")[0])],
            WHOSE_BY_WORD[str(_typed_tokens(items, "OWNER")[0])],
        )

    def where_zone_of_cards(self, items: list):
        return (ZONE_BY_WORD[str(_typed_tokens(items, "COUNTED_ZONE")[0])], _OF_THE_CARDS)

    def at_least_n(self, items: list):
        return _number(_typed_tokens(items, "NUMBER")[0])

    def at_least_one(self, items: list):
        return 1

    def condition(self, items: list):
        return items[0]

    def condition_prefix(self, items: list):
        return items[0]

    def condition_alone(self, items: list):
        return items[0]

    def watched_alone(self, items: list):
        return items

    def __default_condition__(self, data: str, items):
        """A rule named after a condition word (「このクリーチャーがタップされていた場合」 → this_tapped)."""
        if data in CONDITION_WORDS:
            return ("if", Condition(word=data))
        return None


def _happened_condition(items: list, at_least: int, at_most: int | None) -> Condition:
    phrase = _one_kind(next(i for i in items if isinstance(i, Phrase)))
    kind = next(i[1] for i in items if isinstance(i, tuple) and i[:1] == ("past",))
    if phrase.count is not None or phrase.any_one or phrase.zone is not None or phrase.shield:
        raise ReadError("the cards something happened to this turn, with a number, a zone or shields of their own")
    if phrase.filter.chosen_race:
        raise ReadError("the cards something happened to this turn, of a race an earlier sentence chose")
    return Condition(happened=kind, filter=phrase.filter, at_least=at_least, at_most=at_most)


def _earlier_condition(phrase: Phrase, earlier: int, at_most: int | None) -> Condition:
    phrase = _one_kind(phrase)
    if phrase.count is not None or phrase.any_one or phrase.zone is not None or phrase.shield:
        raise ReadError("the cards an earlier sentence names, with a number, a zone or shields of their own")
    if phrase.filter.whose != "any" or phrase.filter.other or phrase.filter.chosen_race:
        raise ReadError("the cards an earlier sentence names, said to be a player's or other")
    if phrase.filter == Filter():
        raise ReadError("the cards an earlier sentence names, said to be any card")
    return Condition(earlier=earlier, filter=phrase.filter, at_least=1 if at_most is None else 0, at_most=at_most)


_OF_THE_CARDS = "of the cards"  # the zone's player: the counted cards' (「マナゾーンに自分の…が」)


def _count_condition(zone: str, whose: str | None, phrase: Phrase, at_least: int, other: bool) -> Condition:
    if phrase.count is not None or phrase.zone is not None:
        raise ReadError("a counted card phrase with a number or a zone of its own")
    flt = phrase.filter
    if whose == _OF_THE_CARDS:
        if flt.whose not in ("own", "opponent"):
            raise ReadError("a zone counted in whose player neither it nor its cards say")
        whose = None
    if whose is not None:
        if flt.whose not in ("any", whose):
            raise ReadError("the counted cards' player and their zone's player differ")
        flt = replace(flt, whose=whose)
    if other:
        flt = replace(flt, other=True)
    if phrase.shield:
        raise ReadError("counted shields")
    return Condition(zone=zone, filter=flt if flt != Filter() else Filter(), at_least=at_least)


def _one_kind(phrase: Phrase) -> Phrase:
    """The cards a condition counts: of one kind or of any of several (「ドラゴンまたはエンジェル・コマンド」);
    「ドラゴンとエンジェル・コマンドがあれば」 asks for each of them, which no condition of the vocabulary states."""
    if phrase.both:
        raise ReadError(
            "「…と…があれば」: each of two kinds of cards there, which no condition of the vocabulary states"
        )
    return phrase
