"""Sentences: a replacement sentence's parts put together into ``ReplacementAbility`` objects.

What stands before the watched event (「このターン、」: a duration; 「相手のターン中、」: a turn;
「各ターンに1度、」; a state condition), the watched events (one ability a watch that one watch
cannot name with the others), what is replaced said again (「墓地に置くかわりに」: it must be the
watched event), and what happens instead. Grants (「…はすべて「X」を得る」) say which cards have
the keyword ability that the next sentence (or the keyword's reminder) states.
"""

from __future__ import annotations

from dataclasses import replace

from ....game.abilities import CARD_CONDITIONS, Action, ReplacementAbility, Watch, default_works_in
from ....game.filters import Condition, Filter
from .instead import check_ref, instead_actions, shield_event
from .nouns import _name, _number, _typed_tokens
from .parts import (
    LEAVE_EVENT,
    WHOSE_BY_WORD,
    Clause,
    Grant,
    Instead,
    Original,
    Phrase,
    Prefix,
    ReadError,
    Target,
    WatchPart,
    of_the_battle_zone,
)

# What a replaced event said again before 「かわりに」 may be: the events it names.
_GRAVEYARD = frozenset({"destroy", "put_into_graveyard", "spell_to_graveyard", "discard", "leave", "mill"})
ORIGINAL_EVENTS = {
    "墓地に置く": _GRAVEYARD,
    "墓地に置かれる": _GRAVEYARD,
    "墓地の": _GRAVEYARD,  # 「墓地のかわりに」: the graveyard the event would put the card into
    # 「離れる」 said again: leaving the watched event's zone (「カードが自分の山札から離れる時、離れるかわりに」)
    "離れる": frozenset(LEAVE_EVENT.values()),
    "バトルゾーンを離れる": frozenset({"leave"}),
    "バトルゾーンから離れる": frozenset({"leave"}),
    # 「このクリーチャーが離れる時、超次元ゾーンに戻すかわりに」: a psychic creature's leaving, which ends there (its
    # destruction too: 「自分のサイキック・クリーチャーが破壊される時、超次元ゾーンに戻すかわりに」)
    "超次元ゾーンに戻す": frozenset({"leave", "destroy"}),
    "超次元ゾーンに戻る": frozenset({"leave", "destroy"}),
    "超次元ゾーンに戻される": frozenset({"leave", "destroy"}),
    "手札に加える": frozenset({"break", "put_into_hand"}),
    "手札に戻る": frozenset({"return_to_hand"}),
    "戻る": frozenset({"return_to_hand"}),  # 「手札に戻される時、戻るかわりに」
    "戻される": frozenset({"return_to_hand"}),
    "手札に戻される": frozenset({"return_to_hand"}),
    "手札に戻す": frozenset({"return_to_hand"}),  # 「手札に戻される時、手札に戻すかわりに」
    "アンタップする": frozenset({"untap"}),
    "バトルゾーンに出る": frozenset({"enter", "put_into_battle"}),
    "出る": frozenset({"enter", "put_into_battle"}),
    "シールドをブレイクする": frozenset({"break"}),
    "ブレイクする": frozenset({"break"}),  # 「…シールドをブレイクする時、ブレイクするかわりに」
    "山札の一番下に置かれる": frozenset({"put_into_deck"}),
    "山札に戻される": frozenset({"put_into_deck"}),
    "山札に戻す": frozenset({"put_into_deck"}),  # 「山札に戻される時、山札に戻すかわりに」
    "破壊される": frozenset({"destroy"}),
    "破壊する": frozenset({"destroy"}),
    "ブレイクされる": frozenset({"break"}),
    "捨てられる": frozenset({"discard"}),
    "捨てる": frozenset({"discard"}),
    "マナゾーンに置く": frozenset({"put_into_mana"}),
    "マナゾーンに置かれる": frozenset({"put_into_mana"}),
    "バトルゾーンに出す": frozenset({"enter", "put_into_battle", "summon"}),
    "バトルゾーンに置く": frozenset({"enter", "put_into_battle"}),
    "バトルする": frozenset({"battle"}),
    "バトルの": frozenset({"battle"}),
    "ゲームに負ける": frozenset({"lose"}),
    "シールドブレイクの": frozenset({"break"}),
    "出す": frozenset({"enter", "put_into_battle", "summon"}),
    "カードを引く": frozenset({"draw"}),
    "引く": frozenset({"draw"}),
    "shield": frozenset({"break"}),
    "chooser": frozenset({"choose"}),
}
_PLAYER_WATCHES = frozenset({"draw", "lose", "choose", "untap", "battle"})
_NO_CARD_WATCHES = frozenset({"lose", "choose"})  # events of no card a replacement could put elsewhere instead
_ORDER_FREE = frozenset({"summoned_just_before_cast", "summoned_before_cast"})
# A break's cause said as the card that breaks (「このクリーチャーが」, 「これをクロスしたクリーチャーが」)
_BY_A_CARD = frozenset({"by_this", "by_equipped", "by_creature"})


class SentenceParts:
    # -- prefixes -----------------------------------------------------------------------
    def duration(self, items: list):
        return Prefix("duration", "this_turn")

    def until_next_turn(self, items: list):
        """「次の自分のターンのはじめまで、」: the effect lasts until its player's next turn begins."""
        return Prefix("duration", "until_next_turn")

    def until_opponent_turn_end(self, items: list):
        """「次の相手のターンの終わりまで、」: the effect lasts until the end of its player's opponent's next turn."""
        return Prefix("duration", "until_opponent_turn_end")

    def turn(self, items: list):
        return Prefix(
            "turn", "own_turn" if WHOSE_BY_WORD[str(_typed_tokens(items, "OWNER")[0])] == "own" else "opponent_turn"
        )

    def once(self, items: list):
        return Prefix("once")

    def first_each_turn(self, items: list):
        """「各ターンはじめて自分のシールドが…ブレイクされる時」: the first break of the player's shields in a turn."""
        return Prefix("turn", "first_this_turn")

    def next_time(self, items: list):
        return Prefix("next")

    def while_here(self, items: list):
        return Prefix("while")

    def as_type(self, items: list):
        return Prefix("as_type")  # the card's type, as its type line says: no part of the replacement

    def start_of_turn(self, items: list):
        if WHOSE_BY_WORD[str(_typed_tokens(items, "OWNER")[0])] != "own":
            raise ReadError("the start of the opponent's turn")
        return Prefix("start_of_turn")

    # -- what happens instead --------------------------------------------------------------
    def instead_after(self, items: list):
        original = next((i for i in items if isinstance(i, Original)), None)
        _, clauses, one_of = next(i for i in items if isinstance(i, tuple) and i and i[0] == "clauses")
        return Instead(clauses=clauses, original=original, one_of=one_of)

    def instead_around(self, items: list):
        """「Xし、[墓地に置く]かわりにY」: X and Y are both what happens instead, in that order."""
        before = tuple(i for i in items if isinstance(i, Clause))
        original = next(i for i in items if isinstance(i, Original))
        _, after, one_of = next(i for i in items if isinstance(i, tuple) and i and i[0] == "clauses")
        if one_of:
            raise ReadError("「〜か、〜」 after what is done before 「かわりに」")
        return Instead(clauses=before + after, original=original)

    def instead_by_actor(self, items: list):
        """「そのプレイヤーはかわりに…」: a player named before 「かわりに」 otherwise than as the one whose card the
        event is of (「相手はかわりにそれを墓地に置く」 reads as that: ``original_actor``, checked)."""
        raise ReadError("what happens instead, done by a player the text names")

    def instead_object_first(self, items: list):
        target = next(i for i in items if isinstance(i, Target))
        rest = next(i for i in items if isinstance(i, Clause))
        return Instead(clauses=(replace(rest, target=target),))

    def original_event(self, items: list):
        refs = [str(t) for t in items if getattr(t, "type", None) in ("REF", "THIS")]
        verb = str(_typed_tokens(items, "ORIGINAL_VERB")[0])
        if refs and refs[0] == "そのシールド":
            verb = "shield"
        # 「相手はそのクリーチャーをバトルゾーンに置くかわりに」: its player; 「相手の手札に加えるかわりに」: the zone's
        # player, whose card the event is of
        owners = [str(t) for t in _typed_tokens(items, "OWNER")]
        owners += ["相手" for t in _typed_tokens(items, "ORIGINAL_OWNER") if str(t) == "相手の"]
        ref = refs[0] if refs and refs[0].startswith(("その", "この")) else None
        return Original(verb=verb, whose=WHOSE_BY_WORD[owners[0]] if owners else None, ref=ref)

    def original_under(self, items: list):
        """「そのクリーチャーの下にあるカードは、墓地に置くかわりに」: the cards under the watched card (checked)."""
        topic = str(_typed_tokens(items, "UNDER_TOPIC")[0])
        verb = str(_typed_tokens(items, "ORIGINAL_VERB")[0])
        return Original(verb=verb, ref=topic[: topic.index("の下")], under=True)

    def original_card(self, items: list):
        """「そのクリーチャーのかわりに」: the watched card named again (checked against the watch)."""
        return Original(verb="card", ref=str(_typed_tokens(items, "REF")[0]))

    def original_count(self, items: list):
        refs = _typed_tokens(items, "REF")
        return Original(
            verb="count", count=_number(_typed_tokens(items, "COUNT")[0]), ref=str(refs[0]) if refs else None
        )

    def original_chooser(self, items: list):
        return Original(verb="chooser", whose=WHOSE_BY_WORD[str(_typed_tokens(items, "OWNER")[0])])

    def original_actor(self, items: list):
        """「相手はかわりに…」: the player who does what is replaced (checked against the watched event)."""
        return Original(verb="actor", whose=WHOSE_BY_WORD[str(_typed_tokens(items, "OWNER")[0])])

    def original_owner(self, items: list):
        """「その持ち主はかわりに…」: the owner of the watched event's card does what is done instead."""
        return Original(verb="actor", whose=None)

    def original_shield(self, items: list):
        if WHOSE_BY_WORD[str(_typed_tokens(items, "OWNER")[0])] != "opponent":
            raise ReadError("「自分はそのシールドを手札に加える」 of a break of the opponent's shields")
        return Original(verb="shield", whose="opponent")

    # -- the sentence --------------------------------------------------------------------
    def replacement(self, items) -> tuple[ReplacementAbility, ...]:
        prefixes = [i for i in items if isinstance(i, Prefix)]
        conditions = [i[1:] for i in items if isinstance(i, tuple) and i and i[0] == "if"]
        prefixes += [Prefix("condition", c) for each in conditions for c in each]
        head = next(i[1] for i in items if isinstance(i, tuple) and i and i[0] == "head")
        after = items[next(k for k, i in enumerate(items) if isinstance(i, tuple) and i and i[0] == "head") :]
        if any(
            isinstance(c, Condition) and c.earlier is not None
            for i in after
            if isinstance(i, tuple) and i and i[0] == "if"
            for c in i[1:]
        ):
            # 「自分のクリーチャーが破壊される時、そのクリーチャーが進化クリーチャーであれば」: of each watched card
            raise ReadError("a condition on the watched card, said after its event: no condition of the vocabulary")
        _check_condition_before_duration(items)
        instead = next(i for i in items if isinstance(i, Instead))
        return abilities(head, prefixes, instead)

    # -- grants ----------------------------------------------------------------------------
    def grant_gets(self, items: list):
        return _grant(items)

    def grant_gives(self, items: list):
        return _grant(items)

    def grantee_phrase(self, items: list):
        phrase: Phrase = items[0]
        if phrase.count is not None or phrase.zone not in (None, "battle") or phrase.shield:
            raise ReadError("an ability given to cards named with a number or a zone other than the battle zone")
        return phrase.filter

    def grantee_this(self, items: list):
        """「このクリーチャーは「X」を得る」: the card's own ability (under the grant's conditions), given no other."""
        return "this"

    def grantee_own_spells(self, items: list):
        if WHOSE_BY_WORD[str(_typed_tokens(items, "OWNER")[0])] != "own":
            raise ReadError("the spells the opponent casts")
        return Filter(whose="own", types=("spell",))

    def grantee_equipped(self, items: list):
        raise ReadError("an ability given to the creature this card is crossed to: no filter names it")


def _grant(items: list) -> Grant:
    """A grant, with the conditions printed before it (「マナ武装 5:自分のマナゾーンに…あれば、」)."""
    conditions = tuple(c for i in items if isinstance(i, tuple) and i and i[0] == "if" for c in i[1:])
    granted_to = next((i for i in items if isinstance(i, Filter)), None)
    if conditions and granted_to is not None and granted_to.whose != "own":
        # the conditions are the giver's player's, read on each card given the ability: its own player alone
        raise ReadError("a grant with a condition, to cards of another player than the giver's")
    if granted_to is not None and any(_of_the_giver(c) for c in conditions):
        # the giver's own state (「このクリーチャーがタップされていれば」「自分の他のドラゴンが」), which the ability
        # given, read on each card that has it, would read on that card
        raise ReadError("a grant under a condition on the granting card itself: read on each card given it, not read")
    duration = next((str(i.value) for i in items if isinstance(i, Prefix) and i.kind == "duration"), None)
    turns = tuple(str(i.value) for i in items if isinstance(i, Prefix) and i.kind == "turn")
    if turns and granted_to is not None and granted_to.whose != "own":
        # 「相手のターン」 is the giver's opponent's turn, which the card given it would read as its own player's
        raise ReadError("a grant in a player's turns, to cards of another player than the giver's")
    return Grant(
        granted_to=granted_to,
        keyword=_name(_typed_tokens(items, "NAME")[0]),
        conditions=conditions,
        duration=duration,
        turns=turns,
    )


def _of_the_giver(condition: Condition) -> bool:
    """Whether a condition printed before a grant reads the granting card itself (its state, where it is, the cards
    「他の」 leaves out, what an earlier sentence of its text names)."""
    return (
        condition.word in CARD_CONDITIONS
        or bool(condition.this_in)
        or condition.earlier is not None
        or (condition.filter is not None and condition.filter.other)
    )


def _merge(parts: tuple[WatchPart, ...]) -> list[WatchPart]:
    """「AがX時、またはBがY時」: one watch when one watch can name both (the same card, zones and
    conditions: the events differ), else one ability a watch."""
    out: list[WatchPart] = []
    for part in parts:
        for i, earlier in enumerate(out):
            merged = _merged(earlier, part)
            if merged is not None:
                out[i] = merged
                break
        else:
            out.append(part)
    return out


def _merged(first: WatchPart, second: WatchPart) -> WatchPart | None:
    a, b = first.watch, second.watch
    if a.events == ("lose",) and b.events == ("lose",) and a.filter == b.filter and a.subject == b.subject:
        if (first.win or second.win) and first.conditions == second.conditions and first.ability == second.ability:
            return replace(
                first, watch=replace(a, cause=None, conditions=tuple(dict.fromkeys(a.conditions))), win=False
            )
    if (a.from_zone is None) != (b.from_zone is None):  # a creature's destruction and its move from the battle zone
        a, b = of_the_battle_zone(a), of_the_battle_zone(b)
    if replace(a, events=()) != replace(b, events=()) or (first.ability, first.conditions) != (
        second.ability,
        second.conditions,
    ):
        return None
    events = a.events + tuple(e for e in b.events if e not in a.events)
    return replace(first, watch=replace(a, events=events))


def _check_card_named(ref: str | None, watch: Watch) -> None:
    """「そのシールドのかわりに」「その呪文のかわりに」: a shield's or a spell's event; any other word, the watched
    card's phrase says it (check_ref)."""
    if ref == "そのシールド" and not shield_event(watch):
        raise ReadError("「そのシールドのかわりに」 of an event that is no shield's")
    if ref == "その呪文" and watch.events != ("spell_to_graveyard",):
        raise ReadError("「その呪文のかわりに」 of an event that is no spell's")


def _check_original(original: Original | None, watch: Watch) -> Watch:
    """The watch, checked against what the sentence says again before 「かわりに」, and narrowed by it: 「離れる時、
    墓地に置くかわりに」 replaces a leaving only when it would put the card into the graveyard."""
    if original is not None and original.verb in ("card", "count"):
        _check_card_named(original.ref, watch)
    if original is None or original.verb == "card":
        return watch
    if original.verb == "count":
        if original.count != 1:
            raise ReadError("「Nのかわりに」 of more than one card: a count the replacement does not state")
        return watch
    if original.verb == "actor":  # 「相手は」; 「その持ち主は」 (whose None): the card's owner, whoever that is
        if original.whose is not None and original.whose != _event_player(watch):
            raise ReadError("the player named before 「かわりに」 is not the one whose card the watched event is of")
        return watch
    if original.verb == "ゲームに負ける" and watch.events == ("draw",) and "last_card" in watch.conditions:
        # 「山札の最後の1枚を引く時、ゲームに負けるかわりに」: the loss that drawing the last card brings
        rest = tuple(c for c in watch.conditions if c != "last_card")
        return Watch(events=("lose",), filter=watch.filter, cause="deck_out", conditions=rest)
    allowed = ORIGINAL_EVENTS.get(original.verb)
    # this card's leaving (a psychic creature's own text), or cards said to be psychic creatures and nothing else
    psychic = (watch.subject == "this" and watch.events == ("leave",)) or (
        watch.filter is not None and watch.filter.types == ("psychic",)
    )
    if original.verb.startswith("超次元ゾーン") and not psychic:
        raise ReadError(f"「{original.verb}かわりに」 of a card the watched phrase does not say is a psychic creature")
    if allowed is None or not set(watch.events) <= allowed:
        raise ReadError(
            f"「{original.verb}かわりに」 says again an event the sentence does not watch ({', '.join(watch.events)})"
        )
    if original.verb != "chooser" and original.whose is not None:
        if original.whose != _event_player(watch):
            raise ReadError("the player named before 「かわりに」 is not the one whose card the watched event is of")
    chooser = watch.chooser or (watch.filter.whose if watch.filter is not None else None)
    if original.verb == "chooser" and original.whose is not None and original.whose != chooser:
        raise ReadError("the chooser said again before 「かわりに」 is not the player whose choice is watched")
    if "一番下" in original.verb:  # 「山札の一番下に置かれるかわりに」: a move to the bottom of the deck alone
        if watch.to_position not in (None, "bottom"):
            raise ReadError("「山札の一番下に置かれるかわりに」 of a card the sentence puts elsewhere in the deck")
        return replace(watch, to_position="bottom")
    if allowed is _GRAVEYARD and watch.events == ("leave",):
        if watch.to_zone not in (None, "graveyard"):
            raise ReadError("「墓地に置くかわりに」 of a leaving the sentence sends elsewhere")
        return replace(watch, to_zone="graveyard")
    return watch


# What is done instead that is the same whoever does it: the event's card kept, moved, tapped or turned face up.
_ANYONES_ACTS = {
    "stay",
    "move",
    "move_top",
    "move_under",
    "tap_event",
    "untap_event",
    "turn_face_up",
    "trigger",
    "under_watched_to",
}


def _check_actor(original: Original | None, watch: Watch, actions: tuple[Action, ...], optional: bool) -> None:
    """「相手はかわりに…」「その持ち主はかわりに…」, 「相手がカードを引く時、かわりに2枚引く」: what another player than
    the ability's controller does instead. The vocabulary's choices, discards, draws and mills are the controller's,
    so only what is the same whoever does it is read."""
    actor: str | None = "own"
    if original is not None and original.verb == "actor":
        actor = original.whose or "owner"  # 「相手は」; 「その持ち主は」
    elif original is not None and original.verb != "chooser" and original.whose is not None:
        actor = original.whose  # 「相手はそのシールドを手札に加えるかわりに」
    if "draw" in watch.events and _event_player(watch) != "own":
        actor = actor if actor != "own" else "the drawing player"
    if actor == "own":
        return
    if optional:
        raise ReadError(
            f"what another player than the ability's controller ({actor}) may do instead (「てもよい」): whether to "
            "is that player's choice, and the vocabulary's optional replacements are their controller's"
        )
    anyones = _ANYONES_ACTS | ({"mill"} if actor == "the drawing player" else set())  # 「相手の山札の上から…」
    done = sorted({a.kind for a in actions} - anyones)
    if done:
        raise ReadError(
            f"what another player than the ability's controller ({actor}) does instead ({', '.join(done)}): "
            "the vocabulary's choices, discards and draws are the controller's"
        )


def _check_kept_psychic(original: Original | None, actions: tuple[Action, ...]) -> None:
    """「超次元ゾーンに戻すかわりに」: a psychic creature kept in the battle zone; sent to another zone, it would go
    to the hyperspatial zone all the same (117.1), which the text says it does not."""
    said = original is not None and original.verb.startswith("超次元ゾーン")
    if said and any(_moves_event_card(a) for a in actions):
        raise ReadError("a psychic creature sent elsewhere instead of the hyperspatial zone, where the rules send it")


def _check_discard_chooser(actions: tuple[Action, ...]) -> None:
    """「相手の手札を1枚捨てる」 instead: that player's choice, or one at random (「見ないで」)? Not said."""
    for action in actions:
        slot = action.slot
        if slot is not None and slot.verb == "discard" and slot.filter.whose == "opponent" and not slot.blind:
            raise ReadError("the opponent's hand cards discarded instead, with no chooser said")


def _event_player(watch: Watch) -> str | None:
    """The player whose card (or, for a player's event, who) the watched event is of."""
    if watch.subject is not None:
        return "own"
    return watch.filter.whose if watch.filter is not None and watch.filter.whose != "any" else None


def _moves_event_card(action: Action) -> bool:
    return action.kind in ("move", "move_under", "move_under_chosen", "move_top")


def _with_stay(actions: tuple[Action, ...], watch: Watch) -> tuple[Action, ...]:
    """``stay`` where the event's card does not move at all (docs/card-text.md), as the golden forms write it."""
    acts = list(actions)
    if watch.on is not None:
        return actions  # a triggered ability's triggering: no card of its own
    if set(watch.events) & _NO_CARD_WATCHES and any(_moves_event_card(a) for a in acts):
        # 「自分がゲームに負ける時、かわりに手札に戻す」: the event moves no card; the text's card goes, unsaid which
        raise ReadError("a card put somewhere instead of an event that moves none (a loss, a choice)")
    if not any(_moves_event_card(a) for a in acts) and not any(a.kind == "stay" for a in acts):
        acts.insert(0, Action("stay"))
    if set(watch.events) <= _PLAYER_WATCHES and len(acts) > 1:
        acts = [a for a in acts if a.kind != "stay"]  # no card of the event to keep where it is
    if watch.subject == "this" and "battle" not in watch.events:  # a battle's cards are two: this card is one
        acts = [replace(a, kind="move", verb=None) if a.kind == "move_source" and a.verb == "put" else a for a in acts]
        if any(a.kind == "move" for a in acts):
            acts = [a for a in acts if a.kind != "stay"]
    return tuple(acts)


def _check_condition_before_duration(items: list) -> None:
    """「…あれば、このターン、…時、」: a condition said before the effect's duration is whether the effect is made,
    checked once when it resolves, not when each event would happen (「自分が勝ったら、このターン、」 excepted: the
    scenario states the judge's result)."""
    durations = [k for k, i in enumerate(items) if isinstance(i, Prefix) and i.kind == "duration"]
    if not durations:
        return
    for item in items[: durations[0]]:
        if isinstance(item, tuple) and item and item[0] == "if":
            # the judge's result and what an earlier sentence named (「それが光のカードであれば、そのターン、」) are the
            # scenario's to state
            if not all(isinstance(c, Condition) and (c.word == "won_judge" or c.earlier) for c in item[1:]):
                raise ReadError("a condition said before 「このターン」: checked once, when the effect is made")


def _check_first_this_turn(watch: Watch) -> None:
    """「各ターンはじめて自分のシールドが…ブレイクされる時」: the first break of those shields this turn;
    「各ターン、自分がはじめてカードを引く時」: the player's first draw this turn."""
    if "first_this_turn" not in watch.conditions:
        return
    if set(watch.events) == {"draw"} and watch.filter is not None and watch.filter.whose in ("own", "opponent"):
        return
    if set(watch.events) != {"break"}:
        raise ReadError(
            "「各ターンはじめて」 of another event than a break or a player's draw: the first such event is no "
            "condition"
        )
    if watch.by_card is not None or set(watch.conditions) & _BY_A_CARD:
        # 「各ターンはじめてこのクリーチャーがシールドをブレイクする時」: the creature's first break, which no
        # scenario states, or the first break of those shields this turn?
        raise ReadError("「各ターンはじめて」 of a break by a creature the text names: whose first break it is")
    if watch.filter is None or watch.filter.whose == "any":
        # 「各ターンはじめてシールドがブレイクされる時」: the turn's first break of any player's shields, or each
        # player's first? (a scenario states the breaks of each player's shields this turn)
        raise ReadError("「各ターンはじめて」 of the shields of no player named: whose first break it is")


def _check_time(prefixes: list[Prefix], conditions: list[Condition], duration: str | None, once: bool) -> bool:
    """Whether the ability is used once at most (「このターン、次に…時」: one event of the turn the effect lasts;
    「次に」 alone lasts until used, which cannot be stated). 「この呪文を唱える前に…召喚していれば」 with no
    「このターン、」 is of any turn before, which the condition of this turn would narrow: refused."""
    if any(c.word == "summoned_before_cast" for c in conditions) and duration != "this_turn":
        raise ReadError("「唱える前に…していれば」 of no turn said: this turn's or any before, the text does not say")
    if not any(p.kind == "next" for p in prefixes):
        return once
    if duration != "this_turn" or once:
        raise ReadError("「次に」 of no duration of this turn: an effect that lasts until it is used cannot be stated")
    return True


def abilities(head: tuple[WatchPart, ...], prefixes: list[Prefix], instead: Instead) -> tuple[ReplacementAbility, ...]:
    """The abilities of one replacement sentence: one a watch that one watch cannot name with the others."""
    when = tuple(p.value for p in prefixes if p.kind == "turn" and isinstance(p.value, str))
    conditions = [p.value for p in prefixes if p.kind == "condition" and isinstance(p.value, Condition)]
    once = any(p.kind == "once" for p in prefixes)
    duration = next((str(p.value) for p in prefixes if p.kind == "duration"), None)
    once = _check_time(prefixes, conditions, duration, once)
    if any(c.word in _ORDER_FREE for c in conditions):
        duration = None  # 「このターン、この呪文を唱える前に…」 scopes the condition

    watches = _merge(head)
    if once and len(watches) > 1:
        raise ReadError(
            "「各ターンに1度」 with events that one watch cannot name together cannot be stated: "
            "one ability a watch would each be used once a turn"
        )
    out = []
    for part in watches:
        watch = replace(part.watch, conditions=part.watch.conditions + when)
        _check_first_this_turn(watch)
        watch = _check_original(instead.original, watch)
        check_ref(instead.original.ref if instead.original is not None else None, watch, said_again=True)
        words = {c.word for c in conditions} | set(part.conditions)
        if "this_power_positive" in words and watch.subject != "this":
            # 「自分の他のクリーチャーが…離れる時、そのパワーが0より大きければ」: 「その」 is the watched card's
            raise ReadError("「そのパワー」 after the event of another card than this one: the watched card's power")
        actions = _with_stay(instead_actions(instead, watch), watch)
        _check_kept_psychic(instead.original, actions)
        _check_actor(instead.original, watch, actions, any(c.optional for c in instead.clauses))
        _check_discard_chooser(actions)
        fields = dict(part.ability)
        own = bool(fields.get("spell_own_movement"))
        given = fields.get("works_in")
        works_in = given if isinstance(given, str) and given else default_works_in(watch, own)
        if any(a.kind == "move_source" and a.verb == "discard" for a in actions):
            works_in = "hand"  # 「自分の手札にあるこのカード」
        places = {p.replace("face_up_shields", "shields") for c in conditions for p in c.this_in}
        if places and watch.subject != "this":
            works_in = "any"  # 「このクリーチャーが…にあれば」 says where this card must be
        elif places and works_in not in places:
            raise ReadError("where this card is, said as a condition, is not where its own event happens to it")
        out.append(
            ReplacementAbility(
                watch=watch,
                instead=actions,
                optional=any(c.optional for c in instead.clauses),
                works_in=works_in,
                spell_own_movement=own,
                conditions=tuple(Condition(word=w) for w in part.conditions) + tuple(conditions),
                once_per_turn=once,
                duration=duration,
            )
        )
    return tuple(out)
