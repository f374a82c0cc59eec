"""Watched events: 「自分のクリーチャーが相手の効果によってバトルゾーンから墓地に置かれる時」 → ``Watch``.

A watched event is its subject (「このクリーチャー」, a card phrase, a player), the cause
(「相手の呪文によって」) and the event: the verb with where the card comes from and where it
goes (「マナゾーンから墓地に置かれる」, 「山札の一番下に置かれる」, 「シールドゾーンを離れる」).
The same verb and zones make the same event whatever the subject; a zone the events of the
vocabulary cannot watch is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from lark import Token

from ....game.abilities import Watch
from ....game.filters import Filter
from .nouns import _number, _typed_tokens
from .parts import (
    LEAVE_EVENT,
    WHOSE_BY_WORD,
    ZONE_BY_WORD,
    EventCause,
    Phrase,
    Prefix,
    ReadError,
    Unstated,
    WatchPart,
    in_the_battle_zone,
    word,
)

OTHER = {"own": "opponent", "opponent": "own"}
_PUT = {
    "graveyard": "put_into_graveyard",
    "mana": "put_into_mana",
    "deck": "put_into_deck",
    "battle": "enter",
    "shields": "put_into_shields",
}
_CAUSE_KINDS = {
    "by_effect": ("by_effect",),
    "by_spell_effect": ("by_effect", "by_spell"),
    "by_spell": ("by_spell",),
    "by_creature_ability": ("by_ability", "by_creature"),
    "by_attack": ("by_attack",),
    "by_creature": ("by_creature",),
    "by_creature_in_battle": ("by_ability", "by_creature", "source_in_battle"),
}


class _Kind(str):
    """A cause kind that says its player inside it (「バトルゾーンにある相手のクリーチャーの能力」)."""

    whose: str | None

    def __new__(cls, kind: str, whose: str | None) -> _Kind:
        made = super().__new__(cls, kind)
        made.whose = whose
        return made


@dataclass(frozen=True)
class Ev:
    """An event phrase: the event and its zones, before its subject is known."""

    events: tuple[str, ...]
    from_zone: str | None = None
    from_whose: str | None = None
    to_whose: str | None = None  # 「自分の墓地に置かれる」: the zone's player, whose card it is
    to_position: str | None = None
    once: bool = False
    conditions: tuple[str, ...] = ()  # when: 「相手のクリーチャーにブレイクされる」
    state: tuple[str, ...] = ()  # if: 「表向きで」 (this_face_up)
    anywhere: bool = False  # 「どこからでも」
    to_not: tuple[str, ...] = ()  # 「手札以外のゾーンに」: anywhere but these zones
    from_not: tuple[str, ...] = ()  # 「超次元ゾーン以外から出る」: from anywhere but these zones
    partner: Filter | None = None  # 「相手のクリーチャーとバトルする」: the battle's other creature
    by_card: Filter | None = None  # 「相手のドラゴンにブレイクされる」: the creature breaking
    cause: str | None = None  # free: 「コストを支払わずに出る」
    turn_of: str | None = None  # 「相手のターンのはじめにアンタップする」: the player whose turn's untap step it is


def _whose(token) -> str:
    return WHOSE_BY_WORD[str(token)]


class EventParts:
    """The watched event and its subject."""

    # -- the head: 「AがX時、またはBがY時」 ---------------------------------------------
    def head(self, items: list):
        if len(items) == 1 and isinstance(items[0], tuple) and items[0] and items[0][0] == "head":
            return items[0]  # 「この呪文を唱えた後」, 「このクリーチャーがタップされていたら」
        parts: list[WatchPart] = []
        for item in items:
            if isinstance(item, Token):
                continue
            for part in item if isinstance(item, tuple) else (item,):
                if part.same_subject and not parts:
                    # 「離れる時、かわりに…」 with no card named: the subject left out is the card itself, as in
                    # 「マナゾーンに置く時、このカードはタップして置く」 (G-NEO進化's reminder)
                    part = replace(part, same_subject=False, watch=replace(part.watch, subject="this"))
                if part.same_subject:
                    if parts[-1].watch.subject is None and parts[-1].watch.filter is None:
                        raise ReadError("a watched event with no subject")
                    before = parts[-1].watch
                    watch = replace(part.watch, subject=before.subject, filter=before.filter, chooser=None)
                    if (
                        watch.subject is None
                        and watch.from_zone is None
                        and in_the_battle_zone(watch.filter, watch.events)
                    ):
                        watch = replace(watch, from_zone="battle")  # the creature said before: of the battle zone
                    part = replace(part, same_subject=False, watch=watch)
                parts.append(part)
        return ("head", tuple(parts))

    # -- a triggered ability's triggering -------------------------------------------------
    def trigger_on(self, items: list):
        """「自分のクリーチャーが破壊される時またはバトルゾーンを離れる時にトリガーする」: its events, one watch."""
        _, parts = self.head(items)  # 「…時またはバトルゾーンを離れる時」: the card said once
        first = parts[0].watch
        if any(replace(p.watch, events=()) != replace(first, events=()) or p.ability or p.conditions for p in parts):
            raise ReadError("a triggered ability triggering on events one watch cannot name together")
        if any(p.win for p in parts):
            raise ReadError("a triggered ability triggering on a player's win")
        return ("trigger_on", replace(first, events=tuple(dict.fromkeys(e for p in parts for e in p.watch.events))))

    def head_trigger(self, items: list):
        """「…時にトリガーする自分のクリーチャーの能力がトリガーする時」: the triggering of an ability of the cards the
        phrase names (of the battle zone), on the events ``trigger_on`` watches."""
        on = next(i[1] for i in items if isinstance(i, tuple) and i and i[0] == "trigger_on")
        phrase = next(i for i in items if isinstance(i, Phrase))
        if phrase.count is not None or phrase.zone not in (None, "battle") or phrase.shield or phrase.any_one:
            raise ReadError("the triggered abilities of cards named with a number or a zone other than the battle zone")
        return ("head", (WatchPart(watch=Watch(events=("trigger",), filter=phrase.filter, on=on)),))

    def watch_card(self, items: list):
        subject = next(i for i in items if isinstance(i, (Phrase, tuple)) and not _is_cause_or_amount(i))
        if isinstance(subject, tuple) and subject[0] == "subjects":  # 「このクリーチャーまたは自分のドラゴンが」
            rest = [i for i in items if i is not subject]
            return tuple(part for one in _others_than_this(subject[1]) for part in self.watch_card([one, *rest]))
        cause = next((i for i in items if isinstance(i, EventCause)), EventCause())
        turns = tuple(str(i.value) for i in items if isinstance(i, Prefix) and i.kind == "turn")
        if turns:  # 「このクリーチャーが相手のターン中に破壊される時」: the turn said after the card
            if cause.either:
                raise ReadError("a turn said after the card, with either of two causes")
            cause = replace(cause, conditions=cause.conditions + turns)
        amount = next((i for i in items if isinstance(i, tuple) and i and i[0] == "amount"), None)
        ev = next(i for i in items if isinstance(i, Ev))
        if amount is not None and (amount[1].count != 1 or amount[1].up_to or amount[1].every):
            raise ReadError("a watched event of several cards at once (a count) cannot be stated")
        return _watches(subject, ev, cause)

    def watch_card_from_first(self, items: list):
        """「相手の山札から、手札以外のゾーンにカードが置かれる時」: where the card comes from, said before it."""
        source = next(i for i in items if isinstance(i, tuple) and i and i[0] == "from")
        ev = next(i for i in items if isinstance(i, Ev))
        if ev.from_zone is not None:
            raise ReadError("a watched card's zone said twice")
        rest = [_from(i, source) if i is ev else i for i in items if i is not source]
        return self.watch_card(rest)

    def watch_card_zones_first(self, items: list):
        """「相手の山札から、手札以外のゾーンにカードが置かれる時」: where the card comes from and where it is put,
        said before it; the event as 「カードが相手の山札から手札以外のゾーンに置かれる」 says it."""
        source = next((i for i in items if isinstance(i, tuple) and i and i[0] == "from"), None)
        to = next(i for i in items if isinstance(i, tuple) and i and i[0] in ("to_except", "to_place"))
        verb = _typed_tokens(items, "PUT_PASSIVE")
        given = [source] if source is not None else []
        if to[0] == "to_except":
            ev = _put_except_event([*given, Token("ZONE", to[1]), *verb])
        else:
            ev = _put_event([*given, *to[1], *verb])
        subject = next(i for i in items if isinstance(i, (Phrase, tuple)) and i is not source and i is not to)
        return self.watch_card([subject, ev])

    def watch_card_enter_zone_first(self, items: list):
        """「バトルゾーンに他のクリーチャーが出る時」: the battle zone said before the card."""
        subject = next(i for i in items if isinstance(i, (Phrase, tuple)))
        return self.watch_card([subject, Ev(events=("enter",))])

    def to_except(self, items: list):
        return ("to_except", str(_typed_tokens(items, "ZONE")[0]))

    def to_place(self, items: list):
        return ("to_place", items)

    def watch_same_subject(self, items: list):
        cause = next((i for i in items if isinstance(i, EventCause)), EventCause())
        ev = next(i for i in items if isinstance(i, Ev))
        parts = _watches(("subject", "this"), ev, cause)
        return tuple(replace(part, same_subject=True, watch=replace(part.watch, subject=None)) for part in parts)

    def watch_player(self, items: list):
        owner = _whose(_typed_tokens(items, "OWNER")[0])
        cause = next((i for i in items if isinstance(i, EventCause)), EventCause())
        event = next(i for i in items if isinstance(i, tuple) and i and i[0] == "player_event")
        _, kind, count = event
        if cause.either:
            raise ReadError("two causes of a player's event")
        if kind in ("lose", "win") and set(cause.conditions) == {"by_opponent", "by_attack"}:
            cause = EventCause(cause="attack")  # 「相手のクリーチャーの攻撃によって」: the opponent's win by an attack
        if cause.cause is not None and kind not in ("lose", "win"):
            raise ReadError("an attack as the cause of a player's event other than winning or losing")
        player = OTHER[owner] if kind == "win" else owner
        if count not in (None, 1):
            raise ReadError("a draw of several cards watched as one cannot be stated")
        if kind == "turn_start":  # 「自分のターンのはじめにカードを引く時」: the rules' draw, no effect's
            if cause.conditions:
                raise ReadError("a cause of the turn's draw, which the rules make")
            watch = Watch(events=("draw",), filter=Filter(whose=player), conditions=("turn_start",))
            return (WatchPart(watch=watch),)
        events = ("lose",) if kind == "win" else (kind,)
        if kind == "choose":  # 「相手がクリーチャーを選ぶ時」: a choice of creatures, in the battle zone
            creatures = Filter(types=("creature",))
            watch = Watch(
                events=events, filter=creatures, chooser=player, from_zone="battle", conditions=cause.conditions
            )
            return (WatchPart(watch=watch),)
        watch = Watch(events=events, filter=Filter(whose=player), cause=cause.cause, conditions=cause.conditions)
        return (WatchPart(watch=watch, win=kind == "win"),)

    pe_lose = word(("player_event", "lose", None))
    pe_win = word(("player_event", "win", None))

    pe_turn_start = word(("player_event", "turn_start", None))

    def pe_draw(self, items: list):
        counts = _typed_tokens(items, "COUNT")
        return ("player_event", "draw", _number(counts[0]) if counts else None)

    pe_choose = word(("player_event", "choose", None))

    def watch_choice_of(self, items: list):
        phrase = next(i for i in items if isinstance(i, Phrase))
        chooser = _whose(_typed_tokens(items, "OWNER")[0])
        where = "shields" if phrase.shield else phrase.zone
        return (WatchPart(watch=Watch(events=("choose",), filter=_filter(phrase), chooser=chooser, from_zone=where)),)

    def watch_hand_discarded(self, items: list):
        """「自分の手札を捨てる時」: a player's discarding of cards from the hand, as one event."""
        raise Unstated(
            "「手札を捨てる時」: a player's discarding, as one event of all the cards discarded, is no event the "
            "vocabulary watches (each card's is 「…が手札から捨てられる時」)"
        )

    def watch_put_by_own(self, items: list):
        phrase = next(i for i in items if isinstance(i, Phrase))
        zones = next(i for i in items if isinstance(i, list))
        flt = _filter(phrase)
        return tuple(
            WatchPart(watch=Watch(events=("put_into_graveyard",), filter=flt, from_zone=zone)) for zone in zones
        )

    def watch_discard_by_own(self, items: list):
        """「このカードを自分の手札から捨てる時」: the player discards it, the event 「捨てられる」 names."""
        this = _typed_tokens(items, "THIS")
        subject = ("subject", "this") if this else next(i for i in items if isinstance(i, Phrase))
        owners = _typed_tokens(items, "PLACE_OWNER")
        whose = {"自分の": "own", "持ち主の": None, "相手の": "opponent"}[str(owners[0])] if owners else None
        return _watches(subject, Ev(events=("discard",), from_whose=whose), EventCause())

    def source_zones(self, items: list):
        zones = [ZONE_BY_WORD[str(t)] for t in _typed_tokens(items, "ZONE")]
        if len(set(zones)) != len(zones):
            raise ReadError("a zone named twice")
        return zones

    def watch_this_breaks(self, items: list):
        """「このクリーチャーがシールドをブレイクする時」, 「これをクロスしたクリーチャーが…」: the opponent's shields,
        broken by this creature or by the creature this card is crossed to."""
        owners = _typed_tokens(items, "OWNER")
        if owners and _whose(owners[0]) != "opponent":
            raise ReadError("a creature breaking its own player's shields")
        by = "by_equipped" if _typed_tokens(items, "EQUIPPED") else "by_this"
        watch = Watch(events=("break",), filter=Filter(whose="opponent"), conditions=(by,))
        return (WatchPart(watch=watch),)

    def watch_breaks(self, items: list):
        """「相手のクリーチャーが自分のシールドをブレイクする時」: a break of the shields, by that player's creature."""
        breaker, shields = (i for i in items if isinstance(i, Phrase))
        if not _shields_alone(shields):
            raise ReadError("a break of cards other than shields")
        _, by = _breaking_creature(breaker)
        # 「自分のドラゴンがシールドをブレイクする」: the other player's shields
        if shields.filter.whose == "any":
            shields = replace(shields, filter=replace(shields.filter, whose=OTHER[breaker.filter.whose]))
        # 「自分のドラゴンがシールドをブレイクする時」: the creature breaking passes the filter
        if isinstance(by, Filter):
            watch = Watch(events=("break",), filter=shields.filter, by_card=by)
        else:
            watch = Watch(events=("break",), filter=shields.filter, conditions=by)
        return (WatchPart(watch=watch),)

    def watch_deck_out(self, items: list):
        """「自分の山札の最後の1枚を引いたことによってゲームに負ける時」: the loss by drawing the last card."""
        owner = _whose(_typed_tokens(items, "OWNER")[0])
        return (WatchPart(watch=Watch(events=("lose",), filter=Filter(whose=owner), cause="deck_out")),)

    def watch_deck_run_out(self, items: list):
        """「自分の山札が0枚になってゲームに負ける時」: the loss of a deck run out, however it ran out."""
        owner = _whose(_typed_tokens(items, "OWNER")[0])
        return (WatchPart(watch=Watch(events=("lose",), filter=Filter(whose=owner), cause="deck_run_out")),)

    def watch_last_draw(self, items: list):
        """「自分の山札の最後の1枚を引く時」: the draw of the deck's last card (with 「ゲームに負けるかわりに」 said
        again, the loss that draw brings: sentences._check_original)."""
        owner = _whose(_typed_tokens(items, "OWNER")[0])
        return (WatchPart(watch=Watch(events=("draw",), filter=Filter(whose=owner), conditions=("last_card",))),)

    def untap_head(self, items: list):
        return ("head", (WatchPart(watch=Watch(events=("untap",), subject="this"), conditions=("this_tapped",)),))

    # -- subjects ---------------------------------------------------------------------
    def subject(self, items: list):
        return items[0]

    def subjects_or(self, items: list):
        return ("subjects", tuple(i for i in items if not isinstance(i, Token)))

    this_subject = word(("subject", "this"))
    equipped_subject = word(("subject", "equipped"))

    def equipped_filtered_subject(self, items: list):
        """「これをクロスした自分のサムライ・クリーチャー」: the crossed creature, passing the filter."""
        phrase = next(i for i in items if isinstance(i, Phrase))
        if phrase.zone is not None or phrase.shield or phrase.card or phrase.named or phrase.both:
            raise ReadError("the creature this is crossed to, said with a zone or a head other than a creature")
        flt = _filter(phrase)
        # 「これをクロスしたクリーチャー」 read this way too: the plain subject
        return ("subject", "equipped") if flt == Filter(types=("creature",)) else ("subject", "equipped", flt)

    fortified_subject = word(("subject", "fortified"))
    chosen_subject = word(("subject", "chosen"))


def _others_than_this(subjects: tuple) -> list:
    """This card's event is watched once: the cards the phrase beside it names (「自分のドラゴン」, which this dragon is
    too) are the others, so one event is never replaced by the printed ability twice."""
    return [replace(o, filter=replace(o.filter, other=True)) if isinstance(o, Phrase) else o for o in subjects]


class CastParts:
    """The spell cast a sentence watches: 「この呪文を唱えた後」, 「自分の墓地から呪文を唱えた後」."""

    def watch_cast_by_trigger(self, items: list):
        whose = _whose(_typed_tokens(items, "OWNER")[0])
        flt = Filter(whose=whose, types=("spell",))
        return (WatchPart(watch=Watch(events=("spell_to_graveyard",), filter=flt, cast_from="shields")),)

    def cast_this(self, items: list):
        watch = Watch(events=("spell_to_graveyard",), subject="this")
        return ("head", (WatchPart(watch=watch, ability=(("spell_own_movement", True),)),))

    def cast_earlier(self, items: list):
        """「それを唱えた後」: the spell an earlier sentence casts (textreader.py checks that one does)."""
        return ("head", (WatchPart(watch=Watch(events=("spell_to_graveyard",), subject="cast_by_this")),))

    def cast_this_from(self, items: list):
        zone = ZONE_BY_WORD[str(_typed_tokens(items, "ZONE")[0])]
        owners = _typed_tokens(items, "PLACE_OWNER")
        if owners and str(owners[0]) != "自分の":
            raise ReadError("this spell cast from another player's zone")
        watch = Watch(events=("spell_to_graveyard",), subject="this", cast_from=zone)
        return ("head", (WatchPart(watch=watch, ability=(("spell_own_movement", True),)),))

    def cast_spell_from(self, items: list):
        """「自分の墓地から呪文を唱えた後」: any spell of the player's cast from that zone, after it is cast."""
        whose = _whose(_typed_tokens(items, "OWNER")[0])
        zone = ZONE_BY_WORD[str(_typed_tokens(items, "ZONE")[0])]
        if whose != "own":
            raise ReadError("a spell cast from the opponent's zone: whose spell and who casts it are not said")
        if zone == "shields":
            raise ReadError("a spell cast from the shield zone, said otherwise than 「S・トリガーを使って」")
        flt = Filter(whose=whose, types=("spell",))
        return ("head", (WatchPart(watch=Watch(events=("spell_to_graveyard",), filter=flt, cast_from=zone)),))

    def cast_spells(self, items: list):
        """「自分の呪文を唱えた後」: any spell the card phrase says, after it is cast."""
        phrase = next(i for i in items if isinstance(i, Phrase))
        flt = phrase.filter
        if phrase.zone is not None or phrase.count is not None or flt.types != ("spell",) or flt.whose != "own":
            raise ReadError("a spell cast, said of no spells of the player's")
        return ("head", (WatchPart(watch=Watch(events=("spell_to_graveyard",), filter=flt)),))

    def cast_spells_by(self, items: list):
        """「自分が呪文を唱えた後」: any spell the card phrase says that the player casts (the effect's controller),
        after it is cast; the spell may be another player's (cast from their graveyard)."""
        caster = _whose(_typed_tokens(items, "OWNER")[0])
        phrase = next(i for i in items if isinstance(i, Phrase))
        flt = phrase.filter
        if phrase.zone is not None or phrase.count is not None or flt.types != ("spell",) or flt.whose != "any":
            raise ReadError("a spell a player casts, said of other cards than spells or of a player's spells")
        cause = "by_self" if caster == "own" else "by_opponent"
        return ("head", (WatchPart(watch=Watch(events=("spell_to_graveyard",), filter=flt, conditions=(cause,))),))

    def cast_recycled(self, items: list):
        """「こうして唱えた後」 (リサイクル): this spell cast from its owner's graveyard by the permission the sentence
        before gives, its own ability (textreader.py checks the sentence says so); cast otherwise, it is not watched.
        「こうしてマナゾーンから唱えた後」: the zone the sentence before casts it from, if not the graveyard."""
        zones = _typed_tokens(items, "ZONE")
        zone = ZONE_BY_WORD[str(zones[0])] if zones else "graveyard"
        watch = Watch(events=("spell_to_graveyard",), subject="cast_by_this", cast_from=zone)
        return ("head", (WatchPart(watch=watch, ability=(("spell_own_movement", True),)),))


class CauseParts:
    """Who or what makes the watched event happen: 「相手の呪文の効果によって」, 「バトルで」."""

    def causes(self, items: list):
        return items[0]

    def cause_of(self, items: list):
        # 「相手クリーチャーの能力によって」: the player's, said without 「の」
        owners = [_whose(t) for t in _typed_tokens(items, "WHOSE_BARE") + _typed_tokens(items, "OWNER")]
        kinds = [i for i in items if isinstance(i, str) and not isinstance(i, Token)]
        # 「呪文によって」 with no player said: either player's
        who: list[tuple[str, ...]] = [("by_opponent",) if o == "opponent" else ("by_self",) for o in owners] or [()]
        # 「バトルゾーンにある相手のクリーチャーの能力」: the player said inside the kind is that kind's
        whose = [
            (("by_opponent",) if k.whose == "opponent" else ("by_self",))
            if isinstance(k, _Kind) and k.whose is not None
            else None
            for k in kinds
        ]
        first, last = whose[0] or who[0], whose[-1] or who[-1]
        if len(kinds) == 1:
            return EventCause(conditions=(*first, *_CAUSE_KINDS[kinds[0]]))
        return EventCause(either=((*first, *_CAUSE_KINDS[kinds[0]]), (*last, *_CAUSE_KINDS[kinds[1]])))

    by_effect = word("by_effect")
    by_spell_effect = word("by_spell_effect")
    by_spell = word("by_spell")
    by_creature_ability = word("by_creature_ability")
    by_attack = word("by_attack")
    by_creature = word("by_creature")

    def by_creature_in_battle(self, items: list):
        """「バトルゾーンにある(相手の)クリーチャーの能力」: an ability of a creature in the battle zone."""
        owners = _typed_tokens(items, "OWNER")
        return _Kind("by_creature_in_battle", _whose(owners[0]) if owners else None)

    def cause_player(self, items: list):
        """「相手によって」: the player whose effect, ability or attack makes the event happen, and nothing more."""
        whose = _whose(_typed_tokens(items, "OWNER")[0])
        return EventCause(conditions=("by_opponent" if whose == "opponent" else "by_self",))

    def cause_agent(self, items: list):
        """「相手に破壊される」: as 「相手によって」."""
        whose = "opponent" if str(_typed_tokens(items, "AGENT")[0]).startswith("相手") else "own"
        return EventCause(conditions=("by_opponent" if whose == "opponent" else "by_self",))

    def cause_attack(self, items: list):
        if _whose(_typed_tokens(items, "OWNER")[0]) != "opponent":
            raise ReadError("an attack of one's own creature as the cause of one's win")
        return EventCause(cause="attack")

    def cause_not_attack(self, items: list):
        return EventCause(cause="not_attack")

    def cause_battle(self, items: list):
        """「バトルで破壊される」: destroyed by a battle (the loser of a battle)."""
        return EventCause(conditions=("by_battle",))

    def cause_battle_blocking(self, items: list):
        """「ブロックしたバトルで破壊される」: destroyed by a battle in which it blocks."""
        return EventCause(conditions=("by_battle", "blocking"))

    def cause_battle_blocked(self, items: list):
        """「ブロックされたバトルで破壊される」: destroyed by a battle in which its attack was blocked."""
        return EventCause(conditions=("by_battle", "blocked"))

    def cause_battle_with(self, items: list):
        """「相手のクリーチャーとのバトルで破壊される」: destroyed by a battle whose other creature the phrase says."""
        phrase = next(i for i in items if isinstance(i, Phrase))
        return EventCause(conditions=("by_battle",), partner=_partner(phrase))

    def cause_battle_with_this(self, items: list):
        """「このクリーチャーとのバトルによって破壊される」: destroyed by a battle with this card."""
        return EventCause(conditions=("by_battle", "battle_with_this"))


class EventPhraseParts:
    """The event phrases: the verb with where the card comes from and where it goes."""

    # -- event phrases ------------------------------------------------------------------
    def ev_destroy(self, items: list):
        return Ev(events=("destroy",))

    def ev_turn_untap(self, items: list):
        """「…が相手のターンのはじめにアンタップする」 (「相手のターンのはじめに、…は、アンタップするかわりに」): the
        untap step's untapping, of the cards of the player whose turn it is."""
        return Ev(events=("untap",), conditions=("turn_start",), turn_of=_whose(_typed_tokens(items, "OWNER")[0]))

    def ev_untapped(self, items: list):
        """「アンタップされる」: any untapping, the untap step's or an effect's."""
        return Ev(events=("untap",))

    def ev_leave(self, items: list):
        """「(自分の)マナゾーンを離れる」: the zone's player is the card's (its owner; in the battle zone, who
        controls it)."""
        owners = _typed_tokens(items, "PLACE_OWNER")
        if owners and str(owners[0]) == "相手の":
            raise ReadError("a card leaving the opponent's zone (whose card it is is not said)")
        zones = _typed_tokens(items, "ZONE")
        zone = ZONE_BY_WORD[str(zones[0])] if zones else "battle"
        if zone not in LEAVE_EVENT:
            raise ReadError(f"a card leaving the {zone} zone cannot be watched")
        return Ev(events=(LEAVE_EVENT[zone],), from_whose="own" if owners and str(owners[0]) == "自分の" else None)

    def ev_leave_face_up(self, items: list):
        owners = _typed_tokens(items, "PLACE_OWNER")
        if owners and str(owners[0]) == "相手の":
            raise ReadError("this card in the opponent's shield zone")
        if ZONE_BY_WORD[str(_typed_tokens(items, "ZONE")[0])] != "shields":
            raise ReadError("「表向きで」 of a card outside the shield zone")
        return Ev(events=("leave_shields",), state=("this_face_up",))

    def ev_put(self, items: list):
        return _put_event(items)

    def put_zone(self, items: list):
        return ("put", ZONE_BY_WORD[str(_typed_tokens(items, "ZONE")[0])], None)

    def put_deck_end(self, items: list):
        return ("put", "deck", "top" if str(_typed_tokens(items, "DECK_END")[0]) == "上" else "bottom")

    def from_zone(self, items: list):
        owners = _typed_tokens(items, "PLACE_OWNER")
        whose = {"自分の": "own", "相手の": "opponent"}.get(str(owners[0])) if owners else None
        return ("from", ZONE_BY_WORD[str(_typed_tokens(items, "ZONE")[0])], whose)

    def place_owner(self, items: list):
        return ("place_owner", str(items[0]))

    def ev_put_from_anywhere(self, items: list):
        """「どこからでも自分の墓地に置かれる時」: from any zone (the ability works in every zone)."""
        ev = _put_event([i for i in items if not (isinstance(i, tuple) and i and i[0] == "from")])
        return replace(ev, anywhere=True)

    def ev_put_except(self, items: list):
        return _put_except_event(items)

    def ev_leave_except(self, items: list):
        """「バトルゾーンから墓地以外のどこかに離れる」: the card leaves its zone for any zone but the one named."""
        source = next(i for i in items if isinstance(i, tuple) and i and i[0] == "from")
        zone = ZONE_BY_WORD[str(_typed_tokens(items, "ZONE")[-1])]
        return _from(Ev(events=("leave_elsewhere",), to_not=(zone,)), source)

    def ev_lose_battle(self, items: list):
        """「このクリーチャーがバトルに負ける時」: the loser of a battle is destroyed (a destruction the battle
        makes): what 「バトルに負けて破壊される時」 watches."""
        return Ev(events=("destroy",), conditions=("by_battle",))

    def ev_lose_battle_with(self, items: list):
        """「このクリーチャーが相手のクリーチャーとのバトルに負ける時」: destroyed by a battle with such a creature."""
        partner = _partner(next(i for i in items if isinstance(i, Phrase)))
        return Ev(events=("destroy",), conditions=("by_battle",), partner=partner)

    def ev_discard(self, items: list):
        return Ev(events=("discard",))

    def ev_discard_once(self, items: list):
        """「(自分のカードが)手札から1枚以上捨てられる」 (「自分の手札を捨てる時」): the player's discard as a whole."""
        if _number(_typed_tokens(items, "COUNT")[0]) != 1:
            raise ReadError("a discard of at least some number of cards, watched whole: no event of the vocabulary")
        return Ev(events=("discard",), once=True)

    def ev_return(self, items: list):
        source = next((i for i in items if isinstance(i, tuple) and i and i[0] == "from"), None)
        return _from(Ev(events=("return_to_hand",)), source)

    def ev_return_deck(self, items: list):
        """「(バトルゾーンから)山札に戻される」: put into the deck, as 「山札に加えられる」 says."""
        source = next((i for i in items if isinstance(i, tuple) and i and i[0] == "from"), None)
        _, _, position = next(i for i in items if isinstance(i, tuple) and i and i[0] == "put")
        owners = [i[1] for i in items if isinstance(i, tuple) and i and i[0] == "place_owner"]
        to_whose = {"自分の": "own", "相手の": "opponent"}.get(owners[0]) if owners else None
        return _from(Ev(events=("put_into_deck",), to_position=position, to_whose=to_whose), source)

    def put_deck(self, items: list):
        return ("put", "deck", None)

    def ev_break(self, items: list):
        by = next((i for i in items if isinstance(i, tuple) and i and i[0] == "breaker"), None)
        if by is not None and isinstance(by[1], Filter):
            return Ev(events=("break",), by_card=by[1])
        return Ev(events=("break",), conditions=by[1] if by else ())

    def breaker_card(self, items: list):
        """「相手のクリーチャーに」: that player's creature; 「相手のドラゴンに」: a creature passing the filter."""
        return _breaking_creature(next(i for i in items if isinstance(i, Phrase)))

    def breaker_player(self, items: list):
        who = "by_opponent" if _whose(_typed_tokens(items, "OWNER")[0]) == "opponent" else "by_self"
        return ("breaker", (who,))

    def ev_break_once(self, items: list):
        return Ev(events=("break",), once=True)

    def ev_enter(self, items: list):
        return Ev(events=("enter",))

    def ev_enter_free(self, items: list):
        """「コストを支払わずに出る」: put into the battle zone without its cost paid (by an effect, or a free
        summon)."""
        return Ev(events=("enter",), cause="free")

    def ev_enter_except(self, items: list):
        """「超次元ゾーン以外から出る」: put into the battle zone from any zone but one."""
        zone = ZONE_BY_WORD[str(_typed_tokens(items, "ZONE")[0])]
        if zone == "battle":
            raise ReadError("a card put into the battle zone from anywhere but the battle zone")
        return Ev(events=("enter",), from_not=(zone,))

    def ev_enter_from(self, items: list):
        """「墓地から出る」「マナゾーンからバトルゾーンに出る」: put into the battle zone from that zone."""
        source = next(i for i in items if isinstance(i, tuple) and i and i[0] == "from")
        if source[1] == "battle":
            raise ReadError("a card put into the battle zone from the battle zone")
        return _from(Ev(events=("enter",)), source)

    def ev_put_into_battle(self, items: list):
        return Ev(events=("put_into_battle",))

    def ev_battle(self, items: list):
        return Ev(events=("battle",))

    def ev_battle_with(self, items: list):
        """「相手のクリーチャーとバトルする」: a battle whose other creature the phrase says."""
        return Ev(events=("battle",), partner=_partner(next(i for i in items if isinstance(i, Phrase))))

    def ev_chosen(self, items: list):
        return Ev(events=("choose",))

    def ev_summoned(self, items: list):
        return Ev(events=("summon",))


def _shields_alone(shields: Phrase) -> bool:
    """「自分のシールド」, or 「自分の裏向きのシールド」 (the shields face down, or up): no other filter."""
    sides = set(shields.filter.properties)
    plain = replace(shields.filter, properties=()) == Filter(whose=shields.filter.whose)
    return shields.shield and plain and sides <= {"face_down", "face_up"} and len(sides) <= 1


def _is_cause_or_amount(item) -> bool:
    return isinstance(item, tuple) and bool(item) and item[0] in ("amount",)


def _put_event(items: list) -> Ev:
    """「(マナゾーンから)自分の墓地に置かれる」, 「山札の一番下に置かれる」, 「手札に加えられる」."""
    source = next((i for i in items if isinstance(i, tuple) and i and i[0] == "from"), None)
    place = next(i for i in items if isinstance(i, tuple) and i and i[0] == "put")
    verb = str(_typed_tokens(items, "PUT_PASSIVE")[0])
    _, zone, position = place
    if verb == "加えられる":
        kinds = {"hand": "put_into_hand", "deck": "put_into_deck", "shields": "put_into_shields"}
    else:
        kinds = _PUT
    if zone not in kinds:
        raise ReadError(f"a card put into the {zone} zone cannot be watched")
    owners = [i[1] for i in items if isinstance(i, tuple) and i and i[0] == "place_owner"]
    to_whose = {"自分の": "own", "相手の": "opponent"}.get(owners[0]) if owners else None
    return _from(Ev(events=(kinds[zone],), to_position=position, to_whose=to_whose), source)


def _put_except_event(items: list) -> Ev:
    """「(山札から)手札以外のゾーンに置かれる」: the card leaves its zone for any zone but the one named."""
    source = next((i for i in items if isinstance(i, tuple) and i and i[0] == "from"), None)
    zones = _typed_tokens(items, "ZONE")
    if str(_typed_tokens(items, "PUT_PASSIVE")[0]) != "置かれる":
        raise ReadError("「以外のゾーンに加えられる」: no zone is put into that way")
    return _from(Ev(events=("leave_elsewhere",), to_not=(ZONE_BY_WORD[str(zones[-1])],)), source)


def _from(ev: Ev, source) -> Ev:
    if source is None:
        return ev
    _, zone, whose = source
    if zone == "hand" and ev.events == ("put_into_graveyard",):
        return replace(ev, from_zone="hand", from_whose=whose)
    return replace(ev, from_zone=zone, from_whose=whose)


def _breaking_creature(breaker: Phrase) -> tuple[str, tuple[str, ...] | Filter]:
    """The creature breaking a shield: a player's creature (its conditions), or creatures passing a filter."""
    whose = breaker.filter.whose
    if (
        whose not in ("own", "opponent")
        or breaker.count is not None
        or breaker.any_one
        or breaker.both
        or breaker.shield
        or breaker.card
        or breaker.zone not in (None, "battle")
        or set(breaker.filter.types) - {"creature"}
    ):  # 「相手の呪文によって」 is a cause, no card breaking
        raise ReadError("a break by creatures the text names otherwise than as a player's creatures")
    if breaker.filter == Filter(whose=whose, types=("creature",)):
        return ("breaker", ("by_opponent" if whose == "opponent" else "by_self", "by_creature"))
    return ("breaker", breaker.filter)


def _partner(phrase: Phrase) -> Filter:
    """The other creature of a battle: 「相手のクリーチャー」, 「パワー6000以上のクリーチャー」."""
    if phrase.zone not in (None, "battle") or phrase.count is not None or phrase.any_one or phrase.shield:
        raise ReadError("a battle partner said otherwise than as creatures of the battle zone")
    flt = phrase.filter if phrase.filter.types else replace(phrase.filter, types=("creature",))
    if flt.types != ("creature",):
        raise ReadError("a battle with another thing than a creature")
    return flt


def _filter(phrase: Phrase) -> Filter:
    if phrase.count not in (None, 1) or phrase.any_one:
        raise ReadError("a count of the cards of a watched event cannot be stated")
    return phrase.filter


def _watches(subject, ev: Ev, cause: EventCause) -> tuple[WatchPart, ...]:
    """The watches of a subject's event: one a cause when the text names either of two (no event has both)."""
    if cause.cause is not None:
        raise ReadError("an attack as the cause of a card's event")
    causes = cause.either or (cause.conditions,)
    return tuple(_watch(subject, ev, EventCause(conditions=c, partner=cause.partner)) for c in causes)


def _watch(subject, ev: Ev, cause: EventCause) -> WatchPart:
    """The watch of a subject's event."""
    conditions = ev.conditions + cause.conditions
    if "by_battle" in conditions and ev.events != ("destroy",):
        raise ReadError("「バトルで」 of an event other than a destruction")
    if ev.events == ("leave_elsewhere",):
        if ev.from_zone not in LEAVE_EVENT or ev.from_zone in ev.to_not:
            raise ReadError("a card put into any zone but one, from no zone it can leave")
        ev = replace(ev, events=(LEAVE_EVENT[ev.from_zone],), from_zone=None)
    watch = Watch(
        events=ev.events,
        to_not=ev.to_not,
        from_not=ev.from_not,
        from_zone=ev.from_zone,
        to_position=ev.to_position,
        once=ev.once,
        conditions=conditions,
        partner=ev.partner or cause.partner,
        by_card=ev.by_card,
        cause=ev.cause,
    )
    if isinstance(subject, tuple):
        if ev.events == ("untap",):
            raise ReadError("this card's untapping said otherwise than as サイレントスキル says it")
        if "battle_with_this" in conditions:
            raise ReadError(
                "「このクリーチャーとのバトルによって」 of this card's own event, or of another card's it names"
            )
        if ev.state and subject[1] != "this":
            raise ReadError("「表向きで」 of a card other than this one")
        if "opponent" in (ev.from_whose, ev.to_whose):
            raise ReadError("this card in the opponent's zone")
        extra = (("works_in", "any"),) if ev.anywhere else ()
        flt = subject[2] if len(subject) > 2 else None
        return WatchPart(watch=replace(watch, subject=subject[1], filter=flt), conditions=ev.state, ability=extra)
    if ev.state:
        raise ReadError("「表向きで」 of a card other than this one")
    if ev.anywhere and (ev.from_zone is not None or not all(e.startswith("put_into") for e in ev.events)):
        raise ReadError("「どこからでも」 of a card other than this one, of an event that says where it is from")
    flt = _filter(subject)
    if ev.turn_of is not None and flt.whose != ev.turn_of:
        raise ReadError("a turn's untap step untapping another player's cards than that turn's player's")
    if ev.events == ("untap",) and "untapped" in flt.properties:
        raise ReadError("an untapping of cards said to be untapped already")
    for whose in (ev.from_whose, ev.to_whose):
        if whose is not None:
            if flt.whose not in ("any", whose):
                raise ReadError("the card's player and the zone's player differ")
            flt = replace(flt, whose=whose)
    from_zone = _zone_said(subject, watch.from_zone, ev)
    if subject.shield and not set(ev.events) & {"break", "leave_shields"}:
        from_zone = from_zone or "shields"
    elif from_zone is None and not ev.anywhere and in_the_battle_zone(flt, watch.events):
        from_zone = "battle"  # 「自分のクリーチャーが墓地に置かれる時」 (parts.in_the_battle_zone)
    events = watch.events
    if from_zone in LEAVE_EVENT and events == ("leave",):
        # 「自分のシールドが離れる」, 「マナゾーンにあるカードが離れる」: 「離れる」 of the zone the card is in
        events, from_zone = (LEAVE_EVENT[from_zone],), None
    return WatchPart(watch=replace(watch, events=events, filter=flt, from_zone=from_zone))


def _zone_said(subject: Phrase, from_zone: str | None, ev: Ev) -> str | None:
    """The zone the watched card's phrase says it is in (「バトルゾーンにある自分のクリーチャー」), as the event's."""
    if subject.zone is None:
        return from_zone
    if subject.zone not in ZONE_BY_WORD.values() or (from_zone is not None and from_zone != subject.zone):
        raise ReadError("the watched card's zone and the event's zone differ")
    # 「バトルゾーンにある自分のクリーチャーが破壊される」: a destruction, a leaving, a battle or an untapping is there
    # anyway (a battle or an untapping has no zone it is from: said as one, the watch would never match)
    there = {"destroy", "leave", "battle", "untap"}
    implied = subject.zone == "battle" and from_zone is None and set(ev.events) <= there
    return None if implied else subject.zone


class PlayerPutParts:
    """The watched events of cards a player puts out or summons (「相手がクリーチャーを出す時」)."""

    def watch_player_puts(self, items: list):
        """「相手がコマンドまたはドラゴンをバトルゾーンに出す時」: that player's cards put into the battle zone;
        「プレイヤーが」: any player's; 「召喚以外の方法で」: put there otherwise than by summoning."""
        owners = _typed_tokens(items, "OWNER")
        phrase = next(i for i in items if isinstance(i, Phrase))
        flt = _filter(phrase)
        if owners and flt.whose not in ("any", _whose(owners[0])):
            raise ReadError("a player putting another player's cards into the battle zone")
        event = "put_into_battle" if _typed_tokens(items, "OTHERWISE") else "enter"
        flt = replace(flt, whose=_whose(owners[0])) if owners else flt
        return (WatchPart(watch=Watch(events=(event,), filter=flt)),)

    def watch_player_summons(self, items: list):
        """「相手がクリーチャーを召喚する時」: that player's creatures summoned."""
        owner = _whose(_typed_tokens(items, "OWNER")[0])
        phrase = next(i for i in items if isinstance(i, Phrase))
        flt = _filter(phrase)
        if flt.whose not in ("any", owner) or phrase.zone is not None:
            raise ReadError("a player summoning cards the text qualifies by another player or zone")
        return (WatchPart(watch=Watch(events=("summon",), filter=replace(flt, whose=owner))),)

    def watch_cards_put(self, items: list):
        """「相手のクリーチャーをバトルゾーンに出す時」: those cards put into the battle zone, by whoever puts them."""
        phrase = next(i for i in items if isinstance(i, Phrase))
        if phrase.zone is not None:
            raise ReadError("cards put into the battle zone, qualified by a zone they are in")
        return (WatchPart(watch=Watch(events=("enter",), filter=_filter(phrase))),)

    def watch_player_puts_from(self, items: list):
        """「相手が手札からクリーチャーを出す時」: that player's cards put into the battle zone from that zone of
        theirs."""
        owner = _whose(_typed_tokens(items, "OWNER")[0])
        zone = next(i for i in items if isinstance(i, tuple) and i[:1] == ("put_from",))[1]
        phrase = next(i for i in items if isinstance(i, Phrase))
        flt = _filter(phrase)
        if flt.whose not in ("any", owner) or phrase.zone is not None or zone == "battle":
            raise ReadError("a player putting cards the text qualifies by another player or zone")
        return (WatchPart(watch=Watch(events=("enter",), filter=replace(flt, whose=owner), from_zone=zone)),)

    def put_from(self, items: list):
        return ("put_from", ZONE_BY_WORD[str(_typed_tokens(items, "ZONE")[0])])

    def watch_player_puts_except(self, items: list):
        """「相手が自身の手札以外からマナゾーンにカードを置く時」: that player's cards put into a zone (the battle zone
        unless said) from any zone of theirs but one."""
        owner = _whose(_typed_tokens(items, "OWNER")[0])
        zones = [ZONE_BY_WORD[str(t)] for t in _typed_tokens(items, "ZONE")]
        phrase = next(i for i in items if isinstance(i, Phrase))
        flt = _filter(phrase)
        if flt.whose not in ("any", owner) or phrase.zone is not None:
            raise ReadError("a player putting cards the text qualifies by another player or zone")
        to = zones[1] if len(zones) > 1 else "battle"
        event = {"battle": "enter", "mana": "put_into_mana", "graveyard": "put_into_graveyard"}.get(to)
        if event is None or zones[0] == to:
            raise ReadError("a player putting cards into a zone no watched event names")
        watch = Watch(events=(event,), filter=replace(flt, whose=owner), from_not=(zones[0],))
        return (WatchPart(watch=watch),)
