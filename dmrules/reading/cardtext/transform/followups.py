"""What follows a replacement: 「そうした場合、…」, 「その後、…」 as follow-up steps (``events.Step``).

The clauses of a follow-up are events of the step vocabulary of docs/scenario-format.md: this
card moved (「このクリーチャーを山札の一番下に置く」 → ``{move: this, to: deck, position: bottom}``),
a draw (「カードを1枚引く」), cards chosen from a zone and moved (「自分の手札から1枚選び、墓地に
置く」), the top cards of a deck put somewhere (「自分の山札の上から1枚目をマナゾーンに置く」). A follow-up the
player may do or not (「引いてもよい」) is no event of a step: refused, except a choice that may take none
(「…手札に戻してもよい」: ``optional``).
"""

from __future__ import annotations

from dataclasses import replace

from ....game.events import ChoiceSpec, EventSpec, Step
from ....game.filters import Filter
from ....game.vocabulary import DECK_TOP_MOVES, EVENT_TO
from .instead import _choice_count, _joined, _mill
from .nouns import _typed_tokens
from .parts import WHOSE_BY_WORD, Clause, Followup, Phrase, ReadError, Target

_THIS_MOVES = {
    ("destroy", None): ("destroy", None, None),
    ("return", "hand"): ("return_to_hand", None, None),
    ("put", "graveyard"): ("move", "graveyard", None),
    ("put", "mana"): ("put_into_mana", None, None),
}


def then_step(clauses: tuple[Clause, ...], label: str, afterwards: bool = False) -> Step:
    """The events of one follow-up sentence, as the step ``label`` (``then1``); ``afterwards``: 「その後、」."""
    events = tuple(_followup_event(clause, f"{label}.{i}") for i, clause in enumerate(_joined(clauses), start=1))
    return Step(events=events, label=label, afterwards=afterwards)


def _followup_event(clause: Clause, event_id: str) -> EventSpec:
    target = clause.target
    if clause.verb == "draw":
        return _draw_followup(clause, event_id)
    if clause.actor is not None and (target is None or target.kind not in ("phrase", "zone_cards", "amount")):
        raise ReadError("a follow-up done by a player the text names, other than a draw or a choice of their cards")
    if target is not None and target.kind == "deck_top":
        return _deck_top_followup(clause, target, event_id)
    if target is not None and target.kind == "breaker":
        return _breaker(clause, event_id)
    if target is not None and target.kind == "this":
        if clause.optional:
            raise ReadError("a follow-up the player may do or not (「〜てもよい」) is no event of a step")
        return _this_followup(clause, event_id)
    if target is None or target.kind not in ("phrase", "zone_cards", "amount"):
        raise ReadError("a follow-up that names no card it acts on")
    return _chosen_followup(clause, target, event_id)


def _draw_followup(clause: Clause, event_id: str) -> EventSpec:
    target = clause.target
    if clause.optional:
        raise ReadError("a follow-up the player may do or not (「引いてもよい」) is no event of a step")
    if (
        target is None
        or target.kind != "phrase"
        or not target.the_phrase().card
        or target.the_phrase().filter != Filter()
    ):
        raise ReadError("a draw of cards the text qualifies")
    count, up_to = _choice_count(target)
    if count is None or up_to:
        raise ReadError("a draw of no fixed number")
    if clause.manners:
        raise ReadError(f"「{'、'.join(sorted(clause.manners))}」 of a follow-up cannot be stated")
    return EventSpec(id=event_id, kind="draw", player="@" + (clause.actor or "own"), count=count)


def _deck_top_followup(clause: Clause, target: Target, event_id: str) -> EventSpec:
    """「その後、自分の山札の上から2枚を墓地に置く」「…をマナゾーンに置く」「…をシールド化する」: the top cards of that
    player's deck, one event each (``{mill: own, count: 2}``)."""
    if clause.optional:
        raise ReadError("a follow-up the player may do or not (「〜てもよい」) is no event of a step")
    action = _mill(clause, target)
    kind = next(k for k in DECK_TOP_MOVES if EVENT_TO[k] == (action.zone or "graveyard"))
    return EventSpec(id=event_id, kind=kind, player="@" + (action.whose or "own"), count=action.count)


def _this_followup(clause: Clause, event_id: str) -> EventSpec:
    place = clause.place
    zone = place.zone if place is not None else None
    if place is not None and place.owner == "相手の":
        raise ReadError("this card put into the opponent's zone")
    if clause.manners:
        raise ReadError(f"「{'、'.join(sorted(clause.manners))}」 of a follow-up cannot be stated")
    if place is not None and place.zone == "deck":
        position = "shuffle" if clause.shuffle else place.position
        if clause.verb not in ("put", "return", "add") or position is None:
            raise ReadError("this card put into the deck at no stated place")
        return EventSpec(id=event_id, kind="move", cards=("this",), to_zone="deck", position=position)
    key = (clause.verb, zone)
    if key not in _THIS_MOVES:
        raise ReadError(f"this card {clause.verb} as a follow-up: no event of the vocabulary")
    kind, to_zone, _ = _THIS_MOVES[key]
    return EventSpec(id=event_id, kind=kind, cards=("this",), to_zone=to_zone)


def _breaker(clause: Clause, event_id: str) -> EventSpec:
    """「そのシールドをブレイクしたクリーチャーを破壊する」: the replaced break's creature (``event_source``; the
    ability's watch must be a break by a creature: textreader checks it)."""
    if clause.verb != "destroy" or clause.optional or clause.place or clause.manners or clause.sources:
        raise ReadError("the creature that broke the shield, other than destroyed, as a follow-up")
    return EventSpec(id=event_id, kind="destroy", cards=("event_source",))


def _chosen_followup(clause: Clause, target: Target, event_id: str) -> EventSpec:
    """Cards chosen from a zone of the player's and moved: 「自分の墓地からクリーチャーを1体、自分の手札に戻す」."""
    phrase = target.phrase if target.kind == "phrase" else None
    amount = target.the_amount() if target.kind == "amount" else None
    count, up_to = (amount.count, amount.up_to) if amount is not None else _choice_count(target)
    if count is None or up_to:
        raise ReadError("a follow-up choice of no fixed number")
    zones: tuple[str, ...] = clause.sources
    if not zones and target.kind == "zone_cards" and target.zone is not None:
        zones = (target.zone,)
    if phrase is not None and phrase.zone is not None:
        zones = zones or (phrase.zone,)
    whose = clause.source_whose or (target.whose if target.kind == "zone_cards" else None)
    actor = clause.actor or "own"  # 「相手は自分自身の手札を1枚選び、捨てる」: the player who chooses and whose cards
    flt = phrase.filter if phrase is not None else Filter()
    if phrase is not None and phrase.shield and zones in ((), ("shields",)):
        zones, whose = ("shields",), whose or flt.whose  # 「自分のシールドを1つ」: of that player's shield zone
    if not zones and clause.verb == "destroy" and phrase is not None and not phrase.shield:
        zones = ("battle",)  # 「相手のクリーチャーを1体選び、破壊する」: creatures of the battle zone
    # 「バトルゾーンにあるクリーチャーを1体選び、持ち主の手札に戻す」: anyone's, or as the phrase says
    if zones == ("battle",) and whose is None and clause.verb in ("return", "destroy"):
        whose = flt.whose
    elif len(zones) != 1 or whose != actor:
        raise ReadError("a follow-up choice from no one zone of the player's own")
    if flt.whose not in ("any", whose):
        raise ReadError("the chosen cards' player and their zone's player differ")
    flt = replace(flt, whose=whose)
    optional = clause.optional
    if actor != "own":
        if zones[0] == "battle" or whose != actor:
            raise ReadError("a player named choosing cards of another player's, or of the battle zone, as a follow-up")
        flt = replace(flt, whose="own")  # a choice's player is read from its chooser: the cards are the chooser's
    choice = ChoiceSpec(count=count, from_zone=zones[0], filter=flt, chooser="@" + actor, optional=optional)
    place = clause.place
    if place is not None and place.owner == "相手の":
        raise ReadError("cards put into the opponent's zone")
    if clause.verb == "destroy" and place is None and zones == ("battle",):
        return EventSpec(id=event_id, kind="destroy", choose=choice)
    if clause.verb == "discard" and place is None and zones == ("hand",):
        if optional:
            raise ReadError("a discard the player may do or not")
        return EventSpec(id=event_id, kind="discard", choose=choice)
    if place is None:
        raise ReadError("a follow-up that says not where the cards go")
    if place.zone == "under":
        if place.under is None:
            raise ReadError("a card put under a card the text names not")
        return _under(clause, place.under, event_id, choice)
    if clause.manners - {"any_order"}:
        raise ReadError(f"「{'、'.join(sorted(clause.manners))}」 of a follow-up cannot be stated")
    if clause.verb == "return" and place.zone == "hand":
        return EventSpec(id=event_id, kind="return_to_hand", choose=choice)
    if clause.verb == "put" and place.zone == "graveyard" and not optional:
        return EventSpec(id=event_id, kind="move", choose=choice, to_zone="graveyard")
    if clause.verb in ("enter", "put") and place.zone == "battle" and zones[0] != "battle":
        # 「コスト6以下のクリーチャーを1体、自分の墓地からバトルゾーンに出す」: put there, not summoned
        return EventSpec(id=event_id, kind="put_into_battle", choose=choice)
    raise ReadError(f"chosen cards {clause.verb} into the {place.zone} zone as a follow-up: no event of the vocabulary")


def _under(clause: Clause, under: Phrase, event_id: str, choice: ChoiceSpec) -> EventSpec:
    """「クリーチャーを1体、自分のマナゾーンからバトルゾーンにある自分の進化クリーチャー1体の下に重ねて置く」."""
    if clause.verb != "put" or under.count not in (None, 1) or under.zone not in (None, "battle"):
        raise ReadError("a card put under a card named otherwise")
    flt = under.filter if under.filter.whose != "any" else replace(under.filter, whose="own")
    return EventSpec(id=event_id, kind="move", choose=choice, to_zone="battle", under=flt)


def followup_parts(items, kind: str) -> Followup:
    clauses: tuple[Clause, ...] = next((i[1] for i in items if isinstance(i, tuple) and i and i[0] == "clauses"), ())
    if any(isinstance(i, tuple) and i and i[0] == "clauses" and i[2] for i in items):
        raise ReadError("a follow-up of one of two things (「〜か、〜」)")
    if len(clauses) == 1 and clauses[0].verb == "stay":  # 「そうした場合、このクリーチャーはバトルゾーンにとどまる」
        target = clauses[0].target
        if target is None or target.kind not in ("this", "that") or target.ref is None:
            raise ReadError("「とどまる」 of another card than the event's")
        if target.kind == "this" and target.ref != "このクリーチャー":
            raise ReadError(f"「{target.ref}はとどまる」 of another card than the event's")
        return Followup(kind="stays", card=target.ref)  # which card it is: checked against the watched one
    return Followup(kind=kind, clauses=clauses)


class FollowupParts:
    def followup_if_done(self, items: list):
        return followup_parts(items, "then")

    def followup_afterwards(self, items: list):
        """「その後、…」: part of what the replacement makes happen (101.5a), never replaced itself."""
        return followup_parts(items, "afterwards")

    def followup_shuffle(self, items: list):
        return Followup(kind="shuffle")

    def followup_shuffle_own(self, items: list):
        """「その後、自分の山札をシャッフルする」: the deck of the replacement's player."""
        return Followup(kind="shuffle_own")

    def followup_no_trigger(self, items: list):
        return Followup(kind="no_trigger")

    def followup_stays(self, items: list):
        refs = [i for i in items if getattr(i, "type", None) in ("REF", "THIS")]
        if refs and str(refs[0]) not in ("そのクリーチャー", "このクリーチャー"):
            raise ReadError(f"「{refs[0]}はとどまる」 of another card than the event's")
        return Followup(kind="stays", card=str(refs[0]) if refs else None)

    def followup_no_win(self, items: list):
        """「そうした場合、相手はゲームに勝たない」: the replaced win does not happen (what the replacement says)."""
        if WHOSE_BY_WORD[str(_typed_tokens(items, "OWNER")[0])] != "opponent":
            raise ReadError("「自分はゲームに勝たない」: a win of one's own is no event a replacement watches")
        return Followup(kind="no_win")

    def used_ability(self, items: list):
        return followup_parts(items, "then")
