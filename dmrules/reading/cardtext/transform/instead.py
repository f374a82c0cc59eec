"""What happens instead: the clauses after 「かわりに」 as ``Action`` objects.

A clause that names no card, or the event's card (「そのクリーチャーを」), sends the event's card
elsewhere (``move``); one on 「このクリーチャー」 is this card's (``move_source``, ``tap_source``);
one on a card phrase with a number is a choice of affected cards (``choose`` with its ``Slot``:
from the zone the text names, to where it puts them); 「カードを2枚引く」 is a draw, 「山札の上から
2枚を墓地に置く」 a mill. Whatever has no action of the vocabulary is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ....game.abilities import Action, Slot, Watch
from ....game.filters import Filter
from ....game.vocabulary import ZONES
from .parts import LEAVE_EVENT, Clause, Instead, Phrase, PutPlace, ReadError, Target

_CHOICE_VERBS = {"put": "put", "return": "return", "add": "add_to_hand", "enter": "put", "discard": "discard"}
_MOVE_VERBS = ("put", "return", "add", "enter")
# What each verb says of where the card goes when the text names no place.
_VERB_PLACE = {"enter": "battle", "discard": "graveyard", "destroy": "graveyard"}


def instead_actions(instead: Instead, watch: Watch) -> tuple[Action, ...]:
    """The actions of what happens instead of ``watch``'s event, in order."""
    if instead.original is not None and instead.original.under:
        return _under_watched(instead, watch)
    if instead.one_of:
        if len(instead.clauses) != 2:
            raise ReadError("「〜か、〜」 of more than two")
        _check_unnamed_after_this(*instead.clauses, watch)
        first, second = (tuple(clause_actions(c, watch)) for c in instead.clauses)
        return (Action("one_of", options=(first, second)),)
    actions: list[Action] = []
    clauses = _joined(instead.clauses)
    for i, clause in enumerate(clauses):
        this_before = bool(actions) and actions[-1].kind in ("flip_source", "move_source", "tap_source")
        named_this = clause.target is not None and clause.target.kind == "this"
        if clause.verb == "untap" and (clause.target is None or named_this) and this_before:
            # 「このドラグハートをクリーチャー側に裏返し、(このドラグハートを)アンタップする」: the card the clause
            # before names
            _check_manners(clause, set())
            actions.append(Action("untap_source"))
            continue
        _check_unnamed_after_this(clauses[i - 1] if i else None, clause, watch)
        actions.extend(clause_actions(clause, watch))
    return tuple(actions)


def _under_watched(instead: Instead, watch: Watch) -> tuple[Action, ...]:
    """「そのクリーチャーの下にあるカードは、墓地に置くかわりにマナゾーンに置く」: the watched card goes as its event
    sends it (``move_top``), the cards under it elsewhere (``under_watched_to``)."""
    if instead.one_of or len(instead.clauses) != 1 or instead.original is None or instead.original.verb != "墓地に置く":
        raise ReadError("the cards under the watched card, otherwise than put into one zone instead of the graveyard")
    clause = instead.clauses[0]
    if clause.target is not None or clause.actor is not None or clause.verb not in _MOVE_VERBS or clause.manners:
        raise ReadError("the cards under the watched card, otherwise than put into one zone instead of the graveyard")
    if set(watch.events) - {"destroy", "leave"} or watch.from_zone not in (None, "battle"):
        raise ReadError("the cards under a card of an event that takes it from no battle zone")
    whose = "own" if watch.subject == "this" else (watch.filter.whose if watch.filter is not None else None)
    zone, position = _place(clause, theirs=whose == "opponent", either=whose not in ("own", "opponent"))
    if zone in ("graveyard", "under_this", "battle"):
        raise ReadError(f"the cards under the watched card put into the {zone} instead of the graveyard")
    return (Action("move_top"), Action("under_watched_to", zone=zone, position=position))


def _check_unnamed_after_this(before: Clause | None, clause: Clause, watch: Watch) -> None:
    """「かわりにこのクリーチャーを手札に戻すか、マナゾーンに置く」「このドラグハートを裏返し、手札に戻す」: a clause
    that names no card after one on this card goes on with this card, which the vocabulary reads as the watched card's
    move only when that is this card's own event."""
    this_before = before is not None and before.target is not None and before.target.kind == "this"
    if this_before and clause.target is None:
        if watch.subject != "this":  # another card's event
            raise ReadError("a clause that names no card after one on this card, for another card's event")


def _joined(clauses: tuple[Clause, ...]) -> list[Clause]:
    """Clauses with a lone 「シャッフルする」 joined to the move into the deck before it."""
    out: list[Clause] = []
    for clause in clauses:
        if clause.verb == "shuffle" and clause.target is None and clause.place is None:
            if not out or not out[-1].place or out[-1].place.zone != "deck":
                raise ReadError("「シャッフルする」 follows no move into the deck")
            out[-1] = replace(out[-1], shuffle=True, mode=clause.mode if clause.mode == "may" else out[-1].mode)
            continue
        out.append(clause)
    for clause in out[:-1]:
        if clause.mode not in ("cont", "te"):
            raise ReadError("a clause ends before the next (「〜する、〜」)")
    return out


# The words of 「その〜」 that name any card again (「それ」, 「そのカード」) or a kind every watched card is of
_ANY_CARD_REFS = (None, "それ", "そのカード", "そのシールド")


def shield_event(watch: Watch) -> bool:
    """A shield's event: broken, leaving the shield zone, or moved from it (「自分のシールドが手札に加えられる時」)."""
    return set(watch.events) <= {"break", "leave_shields"} or watch.from_zone == "shields"


def check_ref(ref: str | None, watch: Watch, said_again: bool = False) -> None:
    """「その〜」 names the watched card again by a word of its own phrase: 「自分のドラゴンが…時、そのドラゴンを」.
    A word the watch does not say (「自分のクリーチャーが…時、そのドラゴンを」) would narrow the cards the
    replacement takes, and 「そのクリーチャー」 is no shield. ``said_again``: the card whose event is said again
    before 「かわりに」 (「そのクリーチャーは手札に戻されるかわりに」), the watched one whatever the cause."""
    if (
        watch.partner is not None
        and ref is not None
        and (ref == "それ" or ref.removeprefix("その") in ("クリーチャー", "カード", *watch.partner.races))
    ):
        # 「このクリーチャーが相手のクリーチャーとのバトルで破壊される時、かわりにそのクリーチャーを…」
        # (「そのドラゴン」 after 「自分のドラゴンが相手のクリーチャーとのバトルで」 is the watched one)
        raise ReadError(f"「{ref}」 after a battle with a creature the sentence names: the watched card or its partner")
    if (
        ref == "そのクリーチャー"
        and not said_again
        and watch.subject == "this"
        and {"by_creature", "by_attack"} & set(watch.conditions)
    ):
        # 「このクリーチャーが相手のクリーチャーの能力によって破壊される時、かわりにそのクリーチャーを…」: this one is
        # 「このクリーチャー」; 「そのクリーチャー」 is the cause's (after 「自分のクリーチャーが…」, the watched one)
        raise ReadError(f"「{ref}」 after a cause the sentence names a creature of: the watched card or that creature")
    if ref in _ANY_CARD_REFS:
        return
    if ref.startswith("この"):  # 「このクリーチャーを墓地に置くかわりに」: this card's own event, no other card's
        if watch.subject != "this":
            raise ReadError(f"「{ref}」 before 「かわりに」 names this card, not the card of the watched event")
        return
    word = ref[len("その") :]
    shields = shield_event(watch)
    if word == "呪文" and "spell_to_graveyard" in watch.events:
        return  # 「相手が呪文を唱えた後、墓地に置くかわりにその呪文を…」: the spell cast
    if word == "クリーチャー":
        if not shields:
            return
    elif watch.subject is None and watch.filter is not None:
        # the one race the phrase says (of 「ドラゴンまたはエンジェル」, 「そのエンジェル」 would be a part)
        if (watch.filter.races == (word,) and not watch.filter.any_of) or word in _TYPE_WORDS.get(
            watch.filter.types, ()
        ):
            return
    raise ReadError(f"「{ref}」 names a card the watched event's phrase does not say")


# (「その呪文」 after 「自分の呪文が…時」; after 「…が相手の呪文によって破壊される時」 it would be the cause's)
_TYPE_WORDS: dict[tuple[str, ...], tuple[str, ...]] = {
    ("cross_gear",): ("クロスギア",),
    ("tamaseed",): ("タマシード",),
    ("spell",): ("呪文",),
}


def _check_event_player_may(clause: Clause, watch: Watch) -> None:
    """「かわりにそのプレイヤーはそれを手札に戻してもよい」 of another player's card: theirs to decide."""
    own = watch.subject == "this" or (watch.filter is not None and watch.filter.whose == "own")
    if clause.optional and not own:
        raise ReadError("what the watched card's player, not the ability's controller, may do instead (「てもよい」)")


def _checked(clause: Clause, watch: Watch) -> Clause:
    """The clause's card named again and its player checked: 「そのプレイヤーはそのカードを…」 is the event's card, by
    its player; another player named, or cards of two kinds joined by 「と」, are refused."""
    if clause.target is not None and clause.target.kind == "that":
        check_ref(clause.target.ref, watch)
    if clause.target is not None and clause.target.phrase is not None and clause.target.phrase.both:
        # 「ドラゴンとエンジェル・コマンドを1体」: one of either, or one of each (「ずつ」 not said)
        raise ReadError(
            "「…と…を」: cards of two kinds joined by 「と」, one of either or one of each, the text does not say"
        )
    if clause.actor == "event_player" and (clause.target is None or clause.target.kind == "that"):
        _check_event_player_may(clause, watch)
        clause = replace(clause, actor=None)
    if clause.actor is not None:
        raise ReadError("what happens instead, done by a player the text names")
    return _shieldified(clause)


def clause_actions(clause: Clause, watch: Watch) -> list[Action]:
    clause = _checked(clause, watch)
    target = clause.target
    verb = clause.verb
    said = _said_whole(clause, watch)
    if said is not None:
        return [said]
    if verb == "flip" and (target is None or target.kind == "this"):
        if watch.subject != "this" and target is None:
            raise ReadError("the event's card flipped, for an event of another card than this one")
        # 「クリーチャー側に」: of this card's own event, the side this creature is on already
        _check_manners(clause, {"other_side"} if watch.subject == "this" else {"other_side", "creature_side"})
        return [Action("flip_source")]
    if verb == "choose_instead":
        return [Action("choose_instead", whose=None if clause.whose == "own" else clause.whose)]
    if (target is None or target.kind == "that") and "battle" in watch.events and verb in _MOVE_VERBS:
        # a battle's cards are its two creatures: which moves is said (「その2体を」, 「このクリーチャーを」)
        raise ReadError("a battle's creature moved instead, with no word for which of the two")
    if target is None or target.kind == "that":
        return [_event_card(clause, watch)]
    if target.kind == "this" and clause.verb == "untap" and watch.subject == "this":
        # 「このクリーチャーをアンタップする」 of its own event: the event's card
        return [_event_card(replace(clause, target=None), watch)]
    if target.kind == "this":
        return _this_instead(clause)
    if target.kind == "battling_both":
        return _battling_both(clause, watch)
    if target.kind == "battle_pair":  # 「その2体を」: the watched battle's two creatures, which its move takes
        if watch.events != ("battle",):
            raise ReadError("「その2体」 of a watched event that is no battle")
        return [_event_card(clause, watch)]
    if target.kind == "this_in_hand":
        if verb != "discard":
            raise ReadError("this card in the hand, other than discarded")
        return [Action("move_source", zone="graveyard", verb="discard")]
    if target.kind == "ex_life":
        return [_ex_life(clause, target, watch)]
    if target.kind == "deck_top":
        return [_mill(clause, target)]
    if target.kind == "either":
        return [_either_instead(clause, target)]
    if verb == "draw":
        return [_draw_instead(clause, target)]
    if verb == "battle":
        return [_battle_other(clause, target)]
    if target.kind == "phrase" and target.amount is not None and target.amount.every:
        if target.the_phrase().zone == "under_this":
            return [_every_under(clause, target.the_phrase())]
    return [Action("choose", slot=slot) for slot in _choice_slots(clause, target)]


# The zone a card stays in instead of the watched event (「シールドゾーンにとどまる」): the zone it would leave.
_STAYS_IN = {
    **{event: zone for zone, event in LEAVE_EVENT.items() if zone != "battle"},
    "break": "shields",
    "discard": "hand",
    "mill": "deck",
}


def _said_whole(clause: Clause, watch: Watch) -> Action | None:
    """The action of a clause said as a whole (「とどまる」, 「次の能力を使う」, 「一番上のカードが離れる」, …), if it
    is one."""
    verb, target = clause.verb, clause.target
    if verb == "stay":
        if target is not None and not (target.kind == "that" or (target.kind == "this" and watch.subject == "this")):
            raise ReadError("a card that stays instead, other than the replaced event's")
        if clause.place is not None and clause.place.zone != (
            watch.from_zone or _STAYS_IN.get(watch.events[0], "battle")
        ):
            raise ReadError("「…にとどまる」 in another zone than the one the watched card leaves")
        # 「タップされたままになる」: of an untapping alone (the card stays tapped)
        _check_manners(clause, {"kept_tapped"} if watch.events == ("untap",) and clause.place is None else set())
        return Action("stay")
    if verb == "not_lose":  # 「ゲームに負ける時、かわりに負けない」: the loss does not happen, and nothing else
        if watch.events != ("lose",):
            raise ReadError("「負けない」 instead of another event than the game's loss")
        return Action("stay")
    if verb in ("trigger_twice", "no_trigger"):  # 「2度トリガーする」「トリガーしない」
        if watch.events != ("trigger",) or target is not None or clause.place is not None:
            raise ReadError("「…トリガーする」 instead of another event than a triggered ability's triggering")
        _check_manners(clause, set())
        return Action("trigger", count=2 if verb == "trigger_twice" else 0)
    if verb == "use":
        return Action("use_ability")
    if verb == "under_leave":  # 「かわりに下のカードすべてが離れる」 (G-NEO進化)
        if watch.subject != "this" or watch.events != ("leave",):
            raise ReadError("the cards under this one leaving instead of an event other than its own leaving")
        return Action("under_leave")
    if verb == "top_card_only":
        return Action("move_top")
    if verb == "top_card_to_graveyard":  # the top card alone put where the destruction puts it
        if watch.events != ("destroy",):
            raise ReadError("the top card put into the graveyard instead of an event that does not put it there")
        if (clause.whose == "this" and watch.subject != "this") or (clause.whose == "that" and watch.partner):
            raise ReadError("the top card of another creature than the one destroyed")
        return Action("move_top")
    if verb == "destroy_partner":
        if "battle" not in watch.events:
            raise ReadError("「その相手クリーチャー」 of no watched battle")
        return Action("destroy_partner")
    if verb == "win":
        if watch.events != ("lose",):
            raise ReadError("a win instead of an event other than a loss")
        return Action("win")
    return None


def _every_under(clause: Clause, phrase: Phrase) -> Action:
    """「このクリーチャーの下にあるカードをすべて墓地に置き」: every card under this one goes there (``under_to``;
    with none under it the action cannot be done). Of other cards 「すべて」 is a choice of every one
    (``_choice_slots``)."""
    if not phrase.card or phrase.filter != Filter() or phrase.count is not None:
        raise ReadError("「すべて」 of the cards under this one, with a filter or a number, cannot be stated")
    if clause.verb not in _MOVE_VERBS:
        raise ReadError(f"every card under this one {clause.verb} instead: no action of the vocabulary")
    _check_manners(clause, set())
    zone, position = _place(clause)
    if zone not in ZONES or zone == "battle" or position is not None or clause.sources:
        raise ReadError("every card under this one put somewhere no action states")
    return Action("under_to", zone=zone)


def _place(clause: Clause, theirs: bool = False, either: bool = False) -> tuple[str, str | None]:
    """(zone, deck position) the clause puts a card into (``theirs``: the card is the opponent's, and 「相手の」
    zone is its owner's; ``either``: the card may be either player's, and 「自分の」 zone may be another player's
    than its owner's)."""
    place = clause.place
    if place is None:
        if clause.verb in _VERB_PLACE:
            return _VERB_PLACE[clause.verb], None
        raise ReadError("a clause that says not where the card goes")
    if place.owner == "相手の" and not theirs:
        raise ReadError("a card put into the opponent's zone")
    if place.owner == "自分の" and either and clause.actor is None:
        raise ReadError("a card of either player put into 「自分の」 zone (a zone of another player than its owner)")
    if place.owner == "自分の" and theirs and clause.actor is None:
        raise ReadError("the opponent's card put into one's own zone (a zone of another player than its owner)")
    if place.zone == "under":
        raise ReadError("a card put under a chosen card, instead of the event")
    if clause.verb == "add" and place.zone not in ("hand", "shields", "deck"):
        raise ReadError("「加える」 into a zone cards are not added to")
    position = place.position
    if clause.shuffle:
        if place.zone != "deck":
            raise ReadError("「シャッフルする」 after a move elsewhere than the deck")
        position = "shuffle"
    return place.zone, position


def _check_manners(clause: Clause, allowed: set[str]) -> None:
    extra = set(clause.manners) - allowed
    if extra:
        raise ReadError(f"「{'、'.join(sorted(extra))}」 cannot be stated here")


def _event_card(clause: Clause, watch: Watch) -> Action:
    """The event's card goes elsewhere: 「墓地に置くかわりに手札に戻す」, 「そのクリーチャーをマナゾーンに置く」."""
    if clause.target is not None and clause.target.ref == "そのシールド":
        if not shield_event(watch):
            return _ex_life(clause, clause.target, watch)
    clause = _shieldified(clause)
    if clause.verb == "face_up":
        # 「相手はそのシールドを手札に加えるかわりに表向きにする」: the card stays where it is, turned face up
        # 「かわりにそのシールドを表向きにする」: the event's card named
        named = clause.target is not None and clause.target.ref not in ("そのシールド", "それ", "そのカード")
        if clause.place is not None or clause.manners or clause.sources or named:
            raise ReadError("the event's card turned face up and put somewhere")
        if not set(watch.events) <= {"break", "leave_shields"}:
            raise ReadError("a card turned face up instead of an event that is not a shield's")
        return Action("turn_face_up")
    if clause.verb in ("tap", "untap") and clause.mode != "te":
        # 「（相手のクリーチャーが…破壊される時、）破壊するかわりにタップする」: it stays in the battle zone, tapped;
        # 「自分のジョーカーズが…時、かわりにそのジョーカーズをタップしてもよい」: the watched card named again
        ref = clause.target.ref if clause.target is not None else None
        if ref is not None and ref.startswith("その") and ref not in ("そのクリーチャー", "それ"):
            check_ref(ref, watch)
            ref = "それ"
        named = clause.target is not None and ref not in ("そのクリーチャー", "それ")
        done = "tapped" if clause.verb == "tap" else "untapped"
        if clause.place is not None or clause.manners or clause.sources or named:
            raise ReadError(f"the event's card {done} and put somewhere")
        if not set(watch.events) <= {"destroy", "leave", "return_to_hand"} or watch.from_zone not in (None, "battle"):
            raise ReadError(f"a card {done} instead of an event that takes it from no battle zone")
        return Action("tap_event" if clause.verb == "tap" else "untap_event")
    if clause.verb not in _MOVE_VERBS:
        raise ReadError(f"the event's card {clause.verb} instead: no action of the vocabulary")
    if clause.place is not None and clause.place.zone == "under":
        return _under_chosen(clause)
    if clause.place is not None and clause.place.zone == "on_shield":
        return _on_shield(clause)
    # 「相手のクリーチャーが…時、かわりにそれを相手の超次元ゾーンに置く」: the opponent's card, into its owner's zone
    either = watch.subject is None and (watch.filter is None or watch.filter.whose == "any")
    zone, position = _place(clause, theirs=watch.filter is not None and watch.filter.whose == "opponent", either=either)
    if zone == "under_this":
        _check_manners(clause, set())
        return Action("move_under")
    face_up = "face_up" in clause.manners
    if "face_down" in clause.manners and zone not in ("shields", "mana"):
        raise ReadError("a card put face down elsewhere than the shield or mana zone")
    _check_manners(clause, {"tapped", "face_down", "face_up"} if zone in ("mana", "shields", "battle") else set())
    return Action(
        "move",
        zone=zone,
        position=position,
        tapped="tapped" in clause.manners,
        face_up=face_up,
        face_down="face_down" in clause.manners and zone == "mana",  # a shield is face down unless said
    )


def _battling_both(clause: Clause, watch: Watch) -> list[Action]:
    """「そのバトルをしているクリーチャーを2体とも持ち主のマナゾーンに置く」 (剛勇傀儡ガシガシ): the watched
    destruction by a battle's card, and the other creature of that battle, both go there."""
    if watch.events != ("destroy",) or "by_battle" not in watch.conditions:
        raise ReadError("「そのバトルをしているクリーチャー」 of an event that is no destruction by a battle")
    if clause.verb not in _MOVE_VERBS:
        raise ReadError(f"the creatures of a battle {clause.verb} instead: no action of the vocabulary")
    _check_manners(clause, set())
    zone, position = _place(clause, theirs=True)
    if position is not None or zone in ("under", "under_this", "on_shield", "battle"):
        raise ReadError("the creatures of a battle put somewhere no action of the vocabulary states")
    return [Action("move", zone=zone), Action("partner_to", zone=zone)]


def _ex_life(clause: Clause, target: Target, watch: Watch) -> Action:
    """「このクリーチャーが離れる時、かわりにそのシールドを墓地に置く」: the shields an earlier sentence of this card's
    text made (EXライフ's 「…自分の山札の上から1枚目をシールド化する」; the text reader checks that sentence): all of
    them (``ex_life_to``), or some (「そのシールドのうち1つを」: a choice from ``ex_life_of_this``)."""
    if watch.subject != "this":
        raise ReadError("「そのシールド」 names no shield: the watched event is not a shield's")
    if clause.verb != "put" or clause.manners or clause.sources:
        raise ReadError("the shields this card made, other than put somewhere")
    zone, position = _place(clause)
    if zone not in ZONES or zone in ("battle", "shields") or position is not None:
        raise ReadError("the shields this card made, put somewhere no action states")
    if target.kind != "ex_life":
        return Action("ex_life_to", zone=zone)
    amount = target.the_amount()
    return Action("choose", slot=Slot(amount.count, "ex_life_of_this", zone, "put", Filter(whose="own")))


def _shieldified(clause: Clause) -> Clause:
    """「シールド化する」: put into the shield zone as a new shield (face down unless 「表向きにして」)."""
    if clause.verb != "shieldify":
        return clause
    if clause.place is not None:
        raise ReadError("「シールド化する」 with a place")
    return replace(clause, verb="put", place=PutPlace(zone="shields"))


def _on_shield(clause: Clause) -> Action:
    """「墓地に置くかわりに自分のシールド1つの上に表向きにして置く」 (裁きの紋章): the event's card goes face up onto
    one of its player's shields (the stack counts as one shield)."""
    if clause.verb != "put" or set(clause.manners) != {"face_up"} or clause.sources:
        raise ReadError("a card put onto a shield otherwise than 「表向きにして置く」")
    if clause.place is not None and clause.place.owner not in (None, "自分の"):
        raise ReadError("a card put onto a shield of another player's")
    return Action("move", zone="shields", face_up=True, on_shield=True)


def _under_chosen(clause: Clause) -> Action:
    """「墓地に置くかわりに自分のNEOクリーチャー1体の下に置く」: the event's card goes under one card its player
    chooses."""
    host = clause.place.under if clause.place is not None else None
    if host is None or clause.verb != "put" or clause.manners or clause.sources:
        raise ReadError("the event's card put under a chosen card otherwise than 「…1体の下に置く」")
    if host.count != 1 or host.any_one or host.shield or host.zone not in (None, "battle"):
        raise ReadError("the event's card put under other than one chosen card of the battle zone")
    if host.filter.whose == "any":
        raise ReadError("the event's card put under a card of no one player")
    return Action("move_under_chosen", filter=host.filter)


def _this_instead(clause: Clause) -> list[Action]:
    """This card instead: 「このクリーチャーを破壊してもよい」, 「…を自分のマナゾーンに置く」, 「…をタップして…」."""
    clause = _shieldified(clause)
    verb = clause.verb
    if verb == "destroy":
        _check_manners(clause, set())
        return [Action("move_source", zone="graveyard", verb="destroy")]
    if verb == "tap":
        _check_manners(clause, set())
        return [Action("tap_source")]
    if verb == "battle":
        _check_manners(clause, {"tapped"})
        return ([Action("tap_source")] if "tapped" in clause.manners else []) + [Action("battle_instead")]
    if verb == "flip":
        return [Action("flip_source")]
    if verb in _MOVE_VERBS:
        zone, position = _place(clause)
        if zone in ("under_this",):
            raise ReadError("this card put under itself")
        _check_manners(clause, {"tapped", "face_down", "face_up"} if zone in ("mana", "shields") else set())
        if "face_down" in clause.manners and zone not in ("shields", "mana"):
            raise ReadError("a card put face down elsewhere than the shield or mana zone")
        return [
            Action(
                "move_source",
                zone=zone,
                verb="put",
                position=position,
                tapped="tapped" in clause.manners,
                face_up="face_up" in clause.manners,
                face_down="face_down" in clause.manners and zone == "mana",
            )
        ]
    raise ReadError(f"this card {verb} instead: no action of the vocabulary")


def _mill(clause: Clause, target: Target) -> Action:
    """「自分の山札の上から2枚を墓地に置く」; 「…をマナゾーンに置く」, 「…をシールド化する」 (the deck's player's
    zone)."""
    clause = _shieldified(clause)
    theirs = target.whose == "opponent"
    if clause.place is not None and clause.place.owner == ("自分の" if theirs else "相手の"):
        raise ReadError("the deck's top cards put into a zone of another player than the deck's")
    zone, position = _place(clause, theirs=theirs)
    if (clause.verb, zone) not in (("put", "graveyard"), ("put", "mana"), ("put", "shields"), ("add", "shields")):
        raise ReadError("the deck's top cards put elsewhere than the graveyard, the mana or the shield zone")
    if (clause.manners - ({"tapped"} if zone == "mana" else set())) or position is not None:
        raise ReadError("the deck's top cards put otherwise than as they are")
    to = None if zone == "graveyard" else zone
    # 「…をタップしてマナゾーンに置く」: into the mana zone tapped
    return Action(
        "mill", count=target.the_amount().count, whose=target.whose, zone=to, tapped="tapped" in clause.manners
    )


def _draw_instead(clause: Clause, target: Target) -> Action:
    amount = target.amount if target.kind in ("amount", "phrase") else None
    if target.kind == "phrase" and (target.the_phrase().filter != Filter() or not target.the_phrase().card):
        raise ReadError("a draw of cards the text qualifies")
    if amount is None or amount.count is None or amount.up_to or clause.place or clause.sources:
        raise ReadError("a draw of no fixed number")
    _check_manners(clause, set())
    return Action("draw", count=amount.count)


def _battle_other(clause: Clause, target: Target) -> Action:
    if target.kind != "phrase" or clause.sources or clause.place:
        raise ReadError("another creature battling instead, named otherwise than by a phrase")
    _check_manners(clause, set())
    return Action("battle_instead", filter=_owned(target.the_phrase().filter, "own"))


def _owned(flt: Filter, default: str) -> Filter:
    return flt if flt.whose != "any" else replace(flt, whose=default)


def _choice_count(target: Target) -> tuple[int | None, bool]:
    """(count, up to) of a choice: the number the text prints, never a default."""
    amount = target.amount
    count = target.phrase.count if target.phrase is not None else None
    if amount is not None and count is not None:
        raise ReadError("two numbers for one choice")
    if amount is not None:
        if amount.every:
            raise ReadError("「すべて」 as a choice of affected cards cannot be stated")
        return amount.count, amount.up_to
    if count is None:
        raise ReadError("a choice of cards that prints no number")
    return count, False


def _sources(clause: Clause, target: Target, phrase: Phrase | None) -> tuple[tuple[str, ...], str | None]:
    """The zones the chosen cards come from, and whose they are."""
    zones: tuple[str, ...] = clause.sources
    whose = clause.source_whose
    if target.kind == "zone_cards":
        if zones:
            raise ReadError("a zone named twice")
        if target.zone is None:
            raise ReadError("the cards of a zone the text names not")
        zones, whose = (target.zone,), target.whose
    if phrase is not None and phrase.zone is not None:
        if zones and zones != (phrase.zone,):
            raise ReadError("the chosen cards' zone named twice")
        zones = (phrase.zone,)
        whose = whose or phrase.zone_whose
    if phrase is not None and phrase.shield:
        if zones and zones != ("shields",):
            raise ReadError("shields taken from elsewhere than the shield zone")
        zones = ("shields",)
    if not zones:
        zones = ("hand",) if clause.verb == "discard" else ("battle",)
    return zones, whose


def _slot_amount(target: Target, every: bool) -> tuple[int | None, bool]:
    """(count, up to) of a choice; 「自分のマナゾーンにあるカードをすべて墓地に置く」 (``every``): every such card."""
    if target.kind == "amount":
        return target.the_amount().count, target.the_amount().up_to
    if every:
        if target.phrase is not None and target.phrase.count is not None:
            raise ReadError("two numbers for one choice")
        return None, False
    return _choice_count(target)


def _choice_slots(clause: Clause, target: Target) -> list[Slot]:
    """A choice of affected cards: 「自分のクリーチャーを1体破壊する」, 「カードを2枚、自分の墓地から…置く」."""
    phrase = target.phrase if target.kind == "phrase" else None
    every = phrase is not None and target.amount is not None and target.amount.every
    count, up_to = _slot_amount(target, every)
    zones, whose = _sources(clause, target, phrase)
    if every and "battle" in zones and phrase is not None and phrase.filter.whose != "opponent":
        if not phrase.filter.other:  # 「自分のクリーチャーをすべて」: this card, or the event's, taken too?
            raise ReadError("「すべて」 of cards this card may be one of (no 「他の」): whether it is taken too")
    flt = phrase.filter if phrase is not None else Filter()
    if whose is not None:
        if flt.whose not in ("any", whose):
            raise ReadError("the chosen cards' player and their zone's player differ")
        flt = replace(flt, whose=whose)
    if clause.verb == "destroy":
        # the cross gears crossed to a creature are in the battle zone with it
        if zones not in (("battle",), ("crossed_to_this",), ("crossed_to_watched",)) or clause.place is not None:
            raise ReadError("cards destroyed elsewhere than in the battle zone")
        if not flt.types and not flt.any_of and not (phrase is not None and (phrase.card or phrase.named)):
            flt = replace(flt, types=("creature",))
        to_zone, position, verb = "graveyard", None, "destroy"
    elif clause.verb == "break":
        # 「かわりに(このクリーチャーは)相手のシールドを1つブレイクする」: shields broken by this card
        if zones != ("shields",) or flt != Filter(whose="opponent") or clause.place is not None or up_to or every:
            raise ReadError("a break of other cards than a number of the opponent's shields")
        to_zone, position, verb = "hand", None, "break"
    elif clause.verb in ("tap", "face_up"):
        to_zone, position, verb = _in_place(clause, zones, flt, every)
    elif clause.verb in _CHOICE_VERBS:
        to_zone, position = _place(clause)
        verb = _CHOICE_VERBS[clause.verb]
        if verb == "add_to_hand" and to_zone != "hand":
            verb = "put"
        if clause.verb == "discard" and (zones != ("hand",) or to_zone != "graveyard"):
            raise ReadError("cards discarded from elsewhere than the hand")
    else:
        raise ReadError(f"chosen cards {clause.verb}: no action of the vocabulary")
    if flt.whose == "any" and zones != ("battle",) and whose != "any":
        # the controller's hand, graveyard, mana, shields, deck (「いずれかの」: either's)
        flt = replace(flt, whose="own")
    elif flt.whose == "opponent" and clause.place is not None and clause.place.owner == "自分の":
        raise ReadError("the opponent's cards put into one's own zone (a zone of another player than their owner)")
    _check_manners(clause, {"tapped", "any_order"})
    if "any_order" in clause.manners and to_zone != "deck":
        raise ReadError("「好きな順序で」 of a move elsewhere than the deck")
    if len(zones) > 1 and count is not None:
        raise ReadError(
            f"a choice of {count} cards from either of two zones ({' or '.join(zones)}) cannot be stated: "
            "`choose` takes one `from`"
        )
    if zones in (("crossed_to_this",), ("crossed_to_watched",)) and flt.types == ("cross_gear",):
        flt = replace(flt, types=())  # what is crossed to a creature is a cross gear
    tapped = "tapped" in clause.manners
    _check_blind(target, zones, flt, verb)
    return [Slot(count, z, to_zone, verb, flt, up_to, position, tapped, every=every, blind=target.blind) for z in zones]


def _in_place(clause: Clause, zones: tuple[str, ...], flt: Filter, every: bool) -> tuple[str, None, str]:
    """(zone, no position, verb) of chosen cards changed where they are."""
    if clause.verb == "tap":
        # 「自分のマナゾーンのカードを2枚タップする」「相手のクリーチャーを1体選び、タップする」: tapped where they are
        if clause.place is not None or len(zones) != 1 or zones[0] not in ("mana", "battle") or every:
            raise ReadError("chosen cards tapped elsewhere than in the mana or battle zone where they are")
        if "tapped" in flt.properties:
            raise ReadError("chosen cards tapped that are said to be tapped already")
        return zones[0], None, "tap"
    # 「自分のマナゾーンにある裏向きのカードを3枚、表向きにする」: turned face up where they are
    if clause.place is not None or clause.manners or len(zones) != 1 or zones[0] not in ("mana", "shields"):
        raise ReadError("chosen cards turned face up elsewhere than in the mana or shield zone where they are")
    if "face_down" not in flt.properties:
        raise ReadError("chosen cards turned face up that are not said to be face down")
    return zones[0], None, "turn_face_up"


def _check_blind(target: Target, zones: tuple[str, ...], flt: Filter, verb: str) -> None:
    """「見ないで選び」: only of the opponent's hand, discarded (「相手の手札を見ないで1枚選び、捨てさせる」)."""
    if target.blind and (zones != ("hand",) or flt.whose != "opponent" or verb != "discard"):
        raise ReadError("「見ないで選び」 of other cards than the opponent's hand discarded")


def _either_instead(clause: Clause, target: Target) -> Action:
    """「AかBをN体、または両方M体ずつを、…」: N cards that are A or B, or M of each (``one_of``)."""
    flt = target.the_phrase().filter
    fields = {
        "races": lambda values: replace(flt, races=values),
        "types": lambda values: replace(flt, types=values),
        "names": lambda values: replace(flt, names=values),
    }
    kinds = [attr for attr in fields if len(getattr(flt, attr)) == 2]
    if len(kinds) != 1:
        raise ReadError("「AかBをN体、または両方M体ずつ」 is stated only for two values of one filter field")
    (attr,) = kinds
    if target.either is None:
        raise ReadError("「AかBを、または両方を」 with no numbers")
    either, each = target.either
    first, second = getattr(flt, attr)
    with_values: Callable[[tuple[str, ...]], Filter] = fields[attr]
    base = Clause(
        verb=clause.verb,
        mode=clause.mode,
        sources=clause.sources,
        source_whose=clause.source_whose,
        place=clause.place,
        manners=clause.manners,
    )

    def choice(count: int, values: tuple[str, ...]) -> Action:
        one = Target(kind="phrase", phrase=Phrase(filter=with_values(values), count=count))
        return Action("choose", slot=_choice_slots(replace(base, target=one), one)[0])

    return Action(
        "one_of", options=((choice(either, (first, second)),), (choice(each, (first,)), choice(each, (second,))))
    )
