"""Clauses of what is done: 「カードを2枚、自分の墓地から好きな順序で山札の一番下に置き、」 → ``Clause``.

A clause is who does it (「相手は」), what it acts on (a card phrase and how many, 「このクリーチャー」,
「そのクリーチャー」: the event's card), where from (「自分の墓地から」), how (「タップして」,
「裏向きにして」, 「好きな順序で」), where to (「山札の一番下に」) and the verb with its ending
(「置く」, 「置いてもよい」: optional, 「置き、」: and then). The clause says nothing yet of what it
means: the same clause is an action instead of the event (instead.py) or a follow-up event
(followups.py).
"""

from __future__ import annotations

import re
from dataclasses import replace

from lark import Token

from .nouns import _number, _typed_tokens
from .parts import (
    ACTOR,
    WHOSE_BY_WORD,
    ZONE_BY_WORD,
    Amount,
    Clause,
    Phrase,
    PutPlace,
    ReadError,
    Target,
    Unstated,
    word,
)

_STEMS = {
    "破壊": "destroy",
    "タップ": "tap",
    "シャッフル": "shuffle",
    "シールド化": "shieldify",
    "表向きに": "face_up",
    "アンタップ": "untap",
    "戻": "return",
    "出": "enter",
    "置": "put",
    "引": "draw",
    "捨て": "discard",
    "加え": "add",
    "入れ": "add",
    "バトルさせ": "battle",
    "龍解させ": "flip",
    "裏返": "flip",
    "ブレイク": "break",
    "見": "look",
}
# A clause of the watched card's own move (「手札に戻る」), which names no card: set aside in ``clause``
_ITSELF = "itself"
_VERB = re.compile(
    r"(破壊|タップ|シャッフル|シールド化|表向きに|アンタップ|ブレイク|裏返|戻|出|置|引|捨て|加え|入れ|バトルさせ|龍解させ|見)(.*)"
)


def verb_mode(token) -> tuple[str, str]:
    """``(verb, mode)`` of a verb as printed: 「置いてもよい」 → (put, may); 「捨て」 (before 「、」) → (discard,
    cont)."""
    match = _VERB.fullmatch(str(token))
    if match is None:
        raise ReadError(f"「{token}」 is no verb the clauses know")
    stem, ending = match.groups()
    if ending.endswith("よい"):
        mode = "may"
    elif ending in ("して", "いて", "て"):
        mode = "te"
    elif ending in ("", "し", "き"):
        mode = "cont"
    else:  # する, す, く, る, かれる
        mode = "plain"
    if stem == "置" and ending == "かれる":
        return "put", "plain"
    return _STEMS[stem], mode


def _mode_of(text: str) -> str:
    return "may" if text.endswith("よい") else "plain"


class PlaceParts:
    """Where a clause puts a card (「自分のマナゾーンに」) and how (「タップして」「表向きにして」)."""

    # -- places ---------------------------------------------------------------------------
    def place_zone(self, items: list):
        return PutPlace(zone=ZONE_BY_WORD[str(_typed_tokens(items, "ZONE")[0])], owner=_place_owner(items))

    def place_deck_end(self, items: list):
        position = "top" if str(_typed_tokens(items, "DECK_END")[0]) == "上" else "bottom"
        return PutPlace(zone="deck", position=position, owner=_place_owner(items))

    def place_under_this(self, items: list):
        return PutPlace(zone="under_this")

    def place_new_shield(self, items: list):
        if ZONE_BY_WORD[str(_typed_tokens(items, "ZONE")[0])] != "shields":
            raise ReadError("「新しいシールドとして」 somewhere other than the shield zone")
        owners = _typed_tokens(items, "PLACE_OWNER")
        return PutPlace(zone="shields", owner=str(owners[0]) if owners else None, new_shield=True)

    def place_on_shield(self, items: list):
        owners = _typed_tokens(items, "PLACE_OWNER")
        return PutPlace(zone="on_shield", owner=str(owners[0]) if owners else None)

    def place_shields(self, items: list):
        owners = _typed_tokens(items, "PLACE_OWNER")
        return PutPlace(zone="shields", owner=str(owners[0]) if owners else None)

    def place_under(self, items: list):
        return PutPlace(zone="under", under=next(i for i in items if isinstance(i, Phrase)))

    # -- manners ------------------------------------------------------------------------
    manner_tapped = word("tapped")
    manner_face_down = word("face_down")
    manner_any_order = word("any_order")
    manner_face_up = word("face_up")
    manner_other_side = word("other_side")
    manner_creature_side = word("creature_side")

    def manner_shown(self, items: list):
        """「相手に見せてから」: the cards shown to the opponent first (no action states it: refused where checked)."""
        return "shown"

    def manner_free(self, items: list):
        """「コストを支払わずに」: without paying the cost (no action states it: refused where checked)."""
        return "free"


class ClauseParts:
    """Clauses, their targets and sources (their places and manners: ``PlaceParts``)."""

    def clauses(self, items: list):
        clauses = tuple(i for i in items if isinstance(i, Clause))
        afterwards = any(isinstance(i, Token) and i.type == "CONT_SEP" and "その後" in i for i in items)
        if afterwards and clauses[-1].mode == "may":
            # 「カードを2枚引き、その後、手札を1枚捨ててもよい」: the last part may be done, or the whole
            raise ReadError("「…、その後、…てもよい」: whether all of it or only what follows 「その後」 may be done")
        return ("clauses", clauses, False)

    def clauses_one_of(self, items: list):
        return ("clauses", tuple(i for i in items if isinstance(i, Clause)), True)

    def clause(self, items: list):
        if len(items) == 1 and isinstance(items[0], Clause):
            return replace(items[0], manners=items[0].manners - {_ITSELF})
        actor = next((i[1] for i in items if isinstance(i, tuple) and i[0] == "actor"), None)
        target = next((i for i in items if isinstance(i, Target)), None)
        sources = [i for i in items if isinstance(i, tuple) and i[0] == "source"]
        rest = next(i for i in items if isinstance(i, Clause))
        if _ITSELF in rest.manners:
            raise ReadError("「戻る」 of cards the clause names (「戻す」 moves them)")
        before = frozenset(i for i in items if isinstance(i, str) and not isinstance(i, Token))  # 「裏向きのまま1枚…」
        if len(sources) > 1:
            raise ReadError("a clause names two zones to take from")
        zones, whose = (sources[0][1], sources[0][2]) if sources else ((), None)
        return _of_actor(
            Clause(
                verb=rest.verb,
                mode=rest.mode,
                target=target,
                sources=zones,
                source_whose=whose,
                place=rest.place,
                manners=rest.manners | before,
                shuffle=rest.shuffle,
                actor=actor,
            )
        )

    def clause_rest(self, items: list):
        manners = frozenset(i for i in items if isinstance(i, str) and not isinstance(i, Token))
        verb = next(i for i in items if isinstance(i, Clause))
        return Clause(
            verb=verb.verb, mode=verb.mode, place=verb.place, manners=manners | verb.manners, shuffle=verb.shuffle
        )

    def actor(self, items: list):
        return ("actor", WHOSE_BY_WORD[str(items[0])])

    def actor_event_player(self, items: list):
        """「そのプレイヤーは」: the player whose card the watched event is of."""
        return ("actor", "event_player")

    # -- the verb -----------------------------------------------------------------------
    def verb_phrase(self, items: list):
        place = next((i for i in items if isinstance(i, PutPlace)), None)
        manners = frozenset(i for i in items if isinstance(i, str) and not isinstance(i, Token))
        verb, mode = verb_mode(_typed_tokens(items, "VERB")[0])
        shuffles = _typed_tokens(items, "V_SHUFFLE")
        if shuffles:
            if mode != "te":
                raise ReadError("「シャッフルする」 after a verb that does not lead to it")
            return Clause(verb=verb, mode=_mode_of(str(shuffles[0])), place=place, manners=manners, shuffle=True)
        return Clause(verb=verb, mode=mode, place=place, manners=manners)

    def vp_stay(self, items: list):
        """「とどまる」「バトルゾーンにとどまる」「シールドゾーンにとどまる」: where it stays is checked against the
        watched event's zone (instead.py)."""
        place = next((i for i in items if isinstance(i, PutPlace)), None)
        words = [str(t) for t in _typed_tokens(items, "V_STAY")]
        may = any(w.endswith("よい") for w in words)  # 「とどまってもよい」
        kept = frozenset({"kept_tapped"} if any(w.startswith("タップ") for w in words) else ())  # 「タップされたまま」
        return Clause(verb="stay", place=place, mode="may" if may else "plain", manners=kept)

    def vp_returns(self, items: list):
        """「手札に戻る」: the watched card returns there, said of it (``clause`` refuses it of a card it names)."""
        place = next((i for i in items if isinstance(i, PutPlace)), None)
        return Clause(verb="return", place=place, manners=frozenset({_ITSELF}))

    def vp_not_lose(self, items: list):
        """「負けない」: the player does not lose the game (a ``lose`` event replaced by nothing, instead.py)."""
        return Clause(verb="not_lose")

    def vp_trigger_twice(self, items: list):
        """「(1度のかわりに)2度トリガーする」: the watched triggered ability triggers twice (instead.py)."""
        return Clause(verb="trigger_twice")

    def vp_trigger_twice_may(self, items: list):
        """「2度トリガーしてもよい」: its player may make the watched triggered ability trigger twice."""
        return Clause(verb="trigger_twice", mode="may")

    def vp_no_trigger(self, items: list):
        """「(かわりにその能力は)トリガーしない」: the watched triggered ability does not trigger (instead.py)."""
        return Clause(verb="no_trigger")

    # -- sources ------------------------------------------------------------------------
    def source_zone(self, items: list):
        zones = tuple(ZONE_BY_WORD[str(t)] for t in _typed_tokens(items, "ZONE"))
        if len(set(zones)) != len(zones):
            raise ReadError("a zone named twice")
        return ("source", zones, _zone_whose(items))

    def source_zone_any(self, items: list):
        return ("source", (ZONE_BY_WORD[str(_typed_tokens(items, "ZONE")[0])],), None)

    # -- targets ------------------------------------------------------------------------
    def target_thing(self, items: list):
        thing = items[0]
        amount = next((i for i in items if isinstance(i, Amount)), None)
        chosen = _chosen_by_clause(items, blind_ok=not isinstance(thing, Phrase))
        if any(isinstance(i, str) and not isinstance(i, Token) for i in items[1:]):
            raise Unstated("「裏向きのまま選び」: cards chosen without seeing them are no choice of the vocabulary")
        if isinstance(thing, Phrase):
            return Target(kind="phrase", phrase=thing, amount=amount, chosen=chosen)
        _, zone, whose = thing
        if amount is None:
            raise ReadError(f"the cards of a zone ({zone}) with no number")
        return Target(kind="zone_cards", zone=zone, whose=whose, amount=amount, chosen=chosen, blind=_blind(items))

    def target_any_number(self, items: list):
        return Target(kind="phrase", phrase=items[0], amount=Amount(count=None))

    def target_either(self, items: list):
        return items[0]

    def either_or_both(self, items: list):
        thing = items[0]
        if not isinstance(thing, Phrase):
            raise ReadError("「AかB」 of a zone's cards")
        either, each = (_number(t) for t in _typed_tokens(items, "COUNT"))
        return Target(kind="either", phrase=thing, either=(either, each))

    def target_ref(self, items: list):
        token = items[0]
        if token.type == "THIS":
            return Target(kind="this", ref=str(token))
        return Target(kind="that", ref=str(token))

    def target_ref_part(self, items: list):
        """「そのシールドのうち1つを」: some of the shields an earlier sentence of the text made (EXライフ)."""
        ref = str(_typed_tokens(items, "REF")[0])
        if ref != "そのシールド":
            raise ReadError(f"「{ref}のうち」: a part of the cards an earlier sentence names")
        return Target(kind="ex_life", ref=ref, amount=Amount(count=_number(_typed_tokens(items, "COUNT")[0])))

    def target_granted(self, items: list):
        return Target(kind="this", ref="このクリーチャー")

    def target_this_in_hand(self, items: list):
        if WHOSE_BY_WORD[str(_typed_tokens(items, "OWNER")[0])] != "own":
            raise ReadError("this card in the opponent's hand")
        return Target(kind="this_in_hand")

    def target_amount(self, items: list):
        amount = next(i for i in items if isinstance(i, Amount))
        return Target(kind="amount", amount=amount, chosen=_chosen_by_clause(items))

    def target_deck_top(self, items: list):
        whose = _zone_whose(items)
        counts = _typed_tokens(items, "COUNT")
        count = _number(counts[0]) if counts else 1  # 「山札の一番上のカードを」: the top card
        if _typed_tokens(items, "NTH") and count != 1:
            raise ReadError(f"「上から{count}枚目」: one card below the top of the deck")
        return Target(kind="deck_top", zone="deck", whose=whose, amount=Amount(count=count))

    def target_breaker(self, items: list):
        """「そのシールドをブレイクしたクリーチャーを」: the creature whose break is the replaced event."""
        ref = str(_typed_tokens(items, "REF")[0])
        if ref != "そのシールド":
            raise ReadError(f"「{ref}をブレイクした」: only a shield is broken")
        return Target(kind="breaker", ref=ref)

    def target_battle_pair(self, items: list):
        """「その2体を」: both creatures of the watched battle (instead.py checks the watch)."""
        return Target(kind="battle_pair")

    def target_battling(self, items: list):
        """「そのバトルをしているクリーチャーを2体とも」: both creatures of the battle the watched destruction ends."""
        if _number(_typed_tokens(items, "COUNT")[0]) != 2:
            raise ReadError("the creatures of a battle counted otherwise than two")
        return Target(kind="battling_both")

    def thing_phrase(self, items: list):
        return items[0]

    def thing_own_zone_cards(self, items: list):
        zone = ZONE_BY_WORD[str(_typed_tokens(items, "ZONE")[0])]
        if zone == "battle":
            raise ReadError("「バトルゾーンを」: cards of no one player's")
        return ("zone_cards", zone, "own")

    def thing_zone_cards(self, items: list):
        return (
            "zone_cards",
            ZONE_BY_WORD[str(_typed_tokens(items, "ZONE")[0])],
            _zone_whose(items),
        )

    def amount_n(self, items: list):
        return Amount(count=_number(items[0]))

    def amount_up_to(self, items: list):
        return Amount(count=_number(items[0]), up_to=True)

    def amount_any(self, items: list):
        return Amount(count=None)

    def amount_all(self, items: list):
        return Amount(count=None, every=True)

    # -- special clauses ----------------------------------------------------------------
    def special(self, items: list):
        return items[0]

    def do_use_ability(self, items: list):
        return Clause(verb="use", mode=_mode_of(str(_typed_tokens(items, "V_USE")[0])))

    def do_choose_instead(self, items: list):
        return Clause(verb="choose_instead", whose=WHOSE_BY_WORD[str(_typed_tokens(items, "OWNER")[0])])

    def do_top_card_only(self, items: list):
        return Clause(verb="top_card_only")

    def do_top_card_to_graveyard(self, items: list):
        """「(そのクリーチャーの)一番上のカード(だけ)を墓地に置く」: whose top card (this card's, the watched one's, or
        unsaid) is checked against the watched event (instead.py)."""
        said = str(items[0])
        whose = "this" if said.startswith("この") else "that" if said.startswith("その") else None
        return Clause(verb="top_card_to_graveyard", mode="may" if said.endswith("てもよい") else "plain", whose=whose)

    def do_under_leave(self, items: list):
        return Clause(verb="under_leave")

    def do_destroy_partner(self, items: list):
        verb, mode = verb_mode(_typed_tokens(items, "VERB")[0])
        if verb != "destroy":
            raise ReadError("the other creature of the battle, other than destroyed")
        return Clause(verb="destroy_partner", mode=mode)

    def do_win(self, items: list):
        return Clause(verb="win")

    def do_double_draw(self, items: list):
        raise ReadError("「その2倍の枚数」: a count taken from the replaced event cannot be stated")

    def do_declare_name(self, items: list):
        raise ReadError("「カード名を1つ選んで言う」: a card name declared is no action of the vocabulary")


def _chosen_by_clause(items: list, blind_ok: bool = False) -> bool:
    """「選び」 after the cards a clause acts on; 「見ないで選び」 (without seeing them: ``_blind``) only of a zone's
    cards (``blind_ok``: 「相手の手札を見ないで1枚選び」), refused by name of others."""
    choosing = _typed_tokens(items, "CHOOSING")
    if _blind(items) and not blind_ok:
        raise Unstated("「見ないで選び」 of other cards than a zone's: cards chosen without seeing them, no choice")
    if choosing and str(choosing[0]) == "さがして":
        raise Unstated("「さがして」: a search of the deck (shuffled after it) is no choice of the vocabulary")
    return bool(choosing)


def _blind(items: list) -> bool:
    """「見ないで選び」: the cards chosen without seeing them."""
    return any(str(t).startswith("見ないで") for t in _typed_tokens(items, "CHOOSING"))


def _place_owner(items: list) -> str | None:
    """The word before where a card is put: 「自分の」「持ち主の」「相手の」; 「自身の」 is its owner's (持ち主の)."""
    if _typed_tokens(items, "OWN_PLACE"):
        return "持ち主の"
    owners = _typed_tokens(items, "PLACE_OWNER")
    if owners and str(owners[0]) == "それぞれの持ち主の":  # each card its own owner's: 「持ち主の」
        return "持ち主の"
    return str(owners[0]) if owners else None


def _zone_whose(items: list) -> str:
    """The player a zone or a deck is of: 「自分の」「相手の」, or 「自分自身の」 (``ACTOR``)."""
    selves = _typed_tokens(items, "SELF")
    return ACTOR if selves else WHOSE_BY_WORD[str(_typed_tokens(items, "OWNER")[0])]


def _of_actor(clause: Clause) -> Clause:
    """The clause with 「自分自身の」 read as its actor's cards (「相手は自分自身の手札を…」), one's own without one."""
    who = clause.actor or "own"
    target = clause.target
    if target is not None:
        phrase = target.phrase
        if phrase is not None and phrase.filter.whose == ACTOR:
            phrase = replace(phrase, filter=replace(phrase.filter, whose=who))
        if phrase is not None and phrase.zone_whose == ACTOR:
            phrase = replace(phrase, zone_whose=who)
        target = replace(target, phrase=phrase, whose=who if target.whose == ACTOR else target.whose)
    return replace(clause, target=target, source_whose=who if clause.source_whose == ACTOR else clause.source_whose)


def is_token(item) -> bool:
    return isinstance(item, Token)
