"""Realizing a step against a state: the events and templates of a window.

Cards are looked up where they are when the window opens, the top of a deck is the top then,
and choices (「1体選び」) become templates the solver enumerates.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from .cards import CardInstance
from .errors import InputError, Where
from .events import Event, EventSpec, Step, Template
from .filters import names_cards
from .grants import board_of, card_passes, count_holds
from .scenario import Scenario
from .vocabulary import DECK_TOP_MOVES, EVENT_FROM, EVENT_TO, PLAYER_KINDS, ZONE_WORDS


def _next_id(event_id: str) -> str:
    """``e2`` → ``e2.2``, ``e2.2`` → ``e2.3``: the ids of the cards of a multi-card draw."""
    head, _, tail = event_id.rpartition(".")
    return f"{head}.{int(tail) + 1}" if head and tail.isdigit() else f"{event_id}.2"


# The events of several cards that happen as one (「1つ以上ブレイクされる時」, 「手札を捨てる時」 watch them
# whole): where their cards come from and go.
_GROUPS = {"break": ("shields", "hand"), "discard": ("hand", "graveyard")}


@dataclass
class Realized:
    events: list[Event] = field(default_factory=list)
    templates: list[Template] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    deferred: list[EventSpec] = field(default_factory=list)  # the later draws of a multi-card draw (609.6a)


class _Lookups:
    """The state a step is realized against, and how a problem is told: in the first step an
    error in the file, later a part that does nothing."""

    def __init__(
        self,
        state: Scenario,
        strict: bool,
        refer: Callable[[str, bool], int | None] | None = None,
        attempted: Callable[[str], bool] | None = None,
        revealed: Callable[[str], list[str]] | None = None,
    ):
        self.state = state
        self.strict = strict
        self.refer = refer  # event id → the cost of the card it acted on (earlier windows)
        self.attempted = attempted  # event id → whether an earlier window attempted it (101.3a)
        self.revealed = revealed  # reveal event id → the cards it (or a replacement instead) turned face up

    def player(self, name: str | None, controller: str, node: Where | None) -> str:
        """A player's name as written; ``@own``/``@opponent`` (card data) are read from ``controller``."""
        players = self.state.players
        if name is None or name == "@own":
            return controller
        if name == "@opponent":
            return self.state.opponent(controller)
        if name in players:
            return name
        raise self._error(node, f"unknown player '{name}' (players: {', '.join(players)})")

    def _error(self, node: Where | None, problem: str) -> InputError:
        if node is not None:
            return node.error(problem)
        return InputError(self.state.path, "", problem)

    def _skip_or_raise(self, out: Realized, spec: EventSpec, problem: str) -> None:
        if self.strict:
            raise self._error(spec.cards_node or spec.node, problem)
        out.skipped.append(f"{spec.id} does nothing: {problem}")

    def _card(self, spec: EventSpec, card_id: str) -> CardInstance:
        card = self.state.cards.get(card_id)
        if card is None:
            raise self._error(spec.cards_node or spec.node, f"no card with id '{card_id}' is in any zone")
        return card

    def pending(self, card: CardInstance) -> bool:
        """The spell being cast is in no zone's count until it has resolved (409.1c)."""
        return card.id == self.state.program.pending

    def deck(self, player: str) -> list[CardInstance]:
        if player in self.state.shuffled:
            raise InputError(
                self.state.path,
                "effect",
                f"{player}'s deck was shuffled by an earlier part of the "
                "effect, or had several cards put on its top at once (their order is their owner's choice), "
                "so which cards are on top is unknown: dmrules cannot list what a later draw, "
                "mill or reveal from it takes",
            )
        return sorted(
            (c for c in self.state.cards.values() if c.zone == "deck" and c.owner == player),
            key=lambda c: c.deck_pos or 0,
        )


class _CardEvents(_Lookups):
    """The events of cards a written event names, of every card a filter takes, of a reveal, and
    of a swap of zones."""

    def _every(self, at: _At, out: Realized) -> None:
        """「…をすべて」: one event for each card of the zone that passes the filter now."""
        spec = at.spec
        assert spec.every is not None
        board = board_of(self.state.cards.values())
        matched = [
            c
            for c in self.state.cards.values()
            if c.zone == spec.every_from
            and (c.under is None or names_cards(spec.every))
            and not self.pending(c)
            and card_passes(spec.every, c, at.controller, at.source, board)
        ]
        if not matched:
            out.skipped.append(f"{spec.id} does nothing: no card in the {spec.every_from} zone passes its filter")
        to_zone = spec.to_zone if spec.kind == "move" else EVENT_TO.get(spec.kind)
        for i, card in enumerate(matched):
            out.events.append(
                Event(
                    id=f"{spec.id}.{card.id}",
                    order=at.order + i,
                    cards=(card.id,),
                    from_zone=card.zone,
                    to_zone=to_zone,
                    position=spec.position if to_zone == "deck" else None,
                    **at.common,
                )
            )

    def _reveal(self, at: _At, out: Realized) -> None:
        """「山札の上からN枚を表向きにする」: the reveal as a whole (what a replacement watches, its
        player the subject), and one event for each card turned face up; the cards stay where
        they are. A deck with fewer cards reveals what it has."""
        spec = at.spec
        player = self.player(spec.player, at.controller, spec.node)
        out.events.append(Event(id=spec.id, order=at.order, player=player, amount=spec.count, **at.common))
        for i, card in enumerate(self.deck(player)[: spec.count], start=1):
            out.events.append(
                Event(
                    id=f"{spec.id}.{i}",
                    order=at.order + i,
                    cards=(card.id,),
                    from_zone="deck",
                    group=spec.id,
                    **{**at.common, "kind": "reveal_card"},
                )
            )

    def _swap_zones(self, at: _At, out: Realized) -> None:
        """Two zones of a player exchanged whole: one move for each card of either."""
        spec = at.spec
        player = self.player(spec.player, at.controller, spec.node)
        a, b = spec.zones
        i = 0
        for zone, other in ((a, b), (b, a)):
            for card in self.state.cards.values():
                if card.zone == zone and card.owner == player and card.under is None and not self.pending(card):
                    i += 1
                    out.events.append(
                        Event(
                            id=f"{spec.id}.{card.id}",
                            order=at.order + i - 1,
                            cards=(card.id,),
                            from_zone=zone,
                            to_zone=other,
                            **{**at.common, "kind": "move"},
                        )
                    )
        if not i:
            out.skipped.append(f"{spec.id}: both zones are empty")

    def _of_cards(self, at: _At, out: Realized, cards: list[CardInstance]) -> None:
        """An event of the cards it names: a battle, a swap, a break of several shields, a cast
        spell's way to the graveyard, or one card's move, power change or untap."""
        spec = at.spec
        kind = spec.kind
        if kind == "battle":
            return self._battle(at, out, cards)
        if kind == "swap":
            return self._swap(at, out, cards)
        if kind in _GROUPS and len(cards) > 1:
            return self._group(at, out, cards)
        card = cards[0]
        if kind == "spell_to_graveyard":
            if "spell" not in card.types and card.definition is not None:
                raise self._error(spec.node, f"'{card.id}' is not a spell")
            out.events.append(
                Event(
                    id=spec.id,
                    order=at.order,
                    cards=(card.id,),
                    from_zone="pending",
                    to_zone="graveyard",
                    cast_from=spec.cast_from or card.zone,
                    cast_by=spec.cast_by,
                    **at.common,
                )
            )
            return None
        allowed = EVENT_FROM.get(kind)
        if allowed and card.zone not in allowed:
            return self._skip_or_raise(
                out,
                spec,
                f"a '{kind}' event needs a card in the {' or '.join(allowed)} zone, "
                f"but '{card.id}' is in the {card.zone} zone",
            )
        return self._card_event(at, out, card)

    def _card_event(self, at: _At, out: Realized, card: CardInstance) -> None:
        spec = at.spec
        kind = spec.kind
        if kind == "power_change":
            out.events.append(Event(id=spec.id, order=at.order, cards=(card.id,), amount=spec.amount, **at.common))
            return None
        if kind == "untap":
            # The untap step (「自分のターンのはじめに」): a tapped card is untapped; it does not move.
            if not card.tapped:
                return self._skip_or_raise(
                    out, spec, f"'{card.id}' is not tapped: there is nothing to untap (write 'tapped: true' on it)"
                )
            out.events.append(Event(id=spec.id, order=at.order, cards=(card.id,), **at.common))
            return None
        to_zone = spec.to_zone if kind in ("move", "overflow") else EVENT_TO[kind]
        if to_zone == card.zone:
            return self._skip_or_raise(out, spec, f"'{card.id}' is already in the {to_zone} zone")
        out.events.append(
            Event(
                id=spec.id,
                order=at.order,
                cards=(card.id,),
                from_zone=card.zone,
                to_zone=to_zone,
                position=spec.position if to_zone == "deck" else None,
                # a summon with its cost paid or not (「コストを支払わずに召喚」): cause free, paid
                cause=spec.cause if kind == "put_into_battle" else None,
                **at.common,
            )
        )
        return None

    def _battle(self, at: _At, out: Realized, cards: list[CardInstance]) -> None:
        for card in cards:
            if card.zone != "battle":
                return self._skip_or_raise(
                    out,
                    at.spec,
                    f"a battle needs creatures in the battle zone, but '{card.id}' is in the {card.zone} zone",
                )
        out.events.append(Event(id=at.spec.id, order=at.order, cards=tuple(c.id for c in cards), **at.common))
        return None

    def _swap(self, at: _At, out: Realized, cards: list[CardInstance]) -> None:
        """A swap of single cards (701.26b): its two halves."""
        a, b = cards
        if a.zone == b.zone:
            return self._skip_or_raise(out, at.spec, "a swap exchanges cards in two different zones")
        for half, (card, other) in enumerate(((a, b), (b, a)), start=1):
            kind = "put_into_battle" if other.zone == "battle" else "move"  # not summoned: 「召喚以外の方法で出る」
            out.events.append(
                Event(
                    id=f"{at.spec.id}.{half}",
                    order=at.order + half - 1,
                    cards=(card.id,),
                    from_zone=card.zone,
                    to_zone=other.zone,
                    swap=at.spec.id,
                    **{**at.common, "kind": kind},
                )
            )
        return None

    def _group(self, at: _At, out: Realized, cards: list[CardInstance]) -> None:
        """A break of several shields, or a discard of several cards: the event as a whole, and one event for each
        card."""
        spec = at.spec
        source, destination = _GROUPS[spec.kind]
        for card in cards:
            if card.zone != source:
                return self._skip_or_raise(
                    out,
                    spec,
                    f"a '{spec.kind}' event needs cards in the {source} zone, "
                    f"but '{card.id}' is in the {card.zone} zone",
                )
        out.events.append(
            Event(id=spec.id, order=at.order, cards=tuple(c.id for c in cards), is_group=True, **at.common)
        )
        for i, card in enumerate(cards, start=1):
            out.events.append(
                Event(
                    id=f"{spec.id}.{i}",
                    order=at.order + i,
                    cards=(card.id,),
                    from_zone=source,
                    to_zone=destination,
                    group=spec.id,
                    **at.common,
                )
            )
        return None


class Realizer(_CardEvents):
    """Turns a step into the events and templates of a window, given the state then.

    With ``strict`` (the scenario's first step), a card that is not where its
    event needs it is an error in the file; later, the event does nothing.
    """

    def self_replaced(self, step: Step, controller: str, source: str | None) -> bool:
        """Whether the step's self-replacement applies: each of its counts holds in the state as
        the window opens, read from the effect's controller (「自分の」 is that player's)."""
        if step.instead is None:
            return False
        cards = [c for c in self.state.cards.values() if not self.pending(c)]
        return all(count_holds(cond, cards, controller, source) for cond in step.instead.conditions)

    def realize(self, step: Step, controller: str, source: str | None, by: str) -> Realized:
        out = Realized()
        specs = step.events
        if step.instead is not None:
            if self.self_replaced(step, controller, source):
                # The events a sentence with 「〜のかわりに〜する」 makes are not replaced further
                # (seed 000, the ruling of 2011-11-24: E06, E15).
                specs = tuple(replace(spec, unreplaceable=True, self_replaced=True) for spec in step.instead.events)
                out.skipped.append(
                    "the effect's own 「かわりに」 (self-replacement, 609.7) applies: its condition "
                    + (
                        "holds as the window opens; the other replacements apply to its events after it (D0-6)"
                        if self.state.ruleset == "sequential"
                        else "holds as the window opens; its events cannot be replaced (E15)"
                    )
                )
            else:
                out.skipped.append(
                    "the effect's own 「かわりに」 (self-replacement, 609.7) does not apply: its "
                    "condition does not hold as the window opens"
                )
        for spec in specs:
            self._one(spec, out, controller, source, by, len(out.events) + len(out.templates) + 1)
        out.events = with_wholes(self.state, out.events, out.templates)
        out.events = [replace(e, order=i) for i, e in enumerate(out.events, start=1)]
        n = len(out.events)
        out.templates = [replace(t, order=n + i) for i, t in enumerate(out.templates, start=1)]
        return out

    def _one(self, spec: EventSpec, out: Realized, controller: str, source: str | None, by: str, order: int) -> None:
        ctrl = self.player(spec.controller, controller, spec.node) if spec.controller else controller
        src = spec.source if spec.source is not None else source
        if src is not None and src not in self.state.cards:
            raise self._error(spec.node, f"no card with id '{src}' is in any zone")
        at = _At(
            spec,
            ctrl,
            src,
            order,
            dict(
                kind=spec.kind,
                controller=ctrl,
                by=spec.by or by,
                source=src,
                unreplaceable=spec.unreplaceable,
                self_replaced=spec.self_replaced,
                ignores_cannot_leave=spec.ignores_cannot_leave,
                partner=spec.partner,
            ),
        )
        kind = spec.kind
        if spec.every is not None:
            self._every(at, out)
        elif spec.choose is not None:
            self._choice(at, out)
        elif kind == "reveal":
            self._reveal(at, out)
        elif kind in PLAYER_KINDS or (kind in DECK_TOP_MOVES and spec.count is not None and spec.player):
            self._of_player(at, out)
        elif kind == "swap_zones":
            self._swap_zones(at, out)
        else:
            self._of_cards(at, out, [self._card(spec, c) for c in spec.cards])

    def _choice(self, at: _At, out: Realized) -> None:
        """「1体選び、…」: a template the solver enumerates, its filter bounded by what earlier
        events did (a cost, what was revealed) and its count by what they attempted."""
        spec = at.spec
        choice = spec.choose
        assert choice is not None
        flt = choice.filter
        for ref, below, result in (
            (choice.cost_max_of, 0, False),
            (choice.cost_below_of, 1, False),
            (choice.cost_max_of_result, 0, True),
            (choice.cost_below_of_result, 1, True),
        ):
            if ref is None:
                continue
            cost = self.refer(ref, result) if self.refer else None
            if cost is None and result:
                # 「こうして…したカード」 names the result: no card was moved that way.
                out.skipped.append(f"{spec.id} does nothing: no card is one '{ref}' moved (the text names the result)")
                return
            if cost is None:
                return self._skip_or_raise(out, spec, f"no earlier event '{ref}' acted on a card with a cost")
            flt = replace(flt, cost_max=cost - below)
        if choice.among_revealed is not None:
            revealed = self.revealed(choice.among_revealed) if self.revealed else ()
            if not revealed:
                out.skipped.append(f"{spec.id} does nothing: no card was revealed by '{choice.among_revealed}'")
                return
            flt = replace(flt, ids=tuple(revealed))
        count = choice.count
        if choice.count_attempted:
            count = sum(1 for ref in choice.count_attempted if self.attempted and self.attempted(ref))
            if count == 0:
                out.skipped.append(f"{spec.id} does nothing: none of {', '.join(choice.count_attempted)} was attempted")
                return
        out.templates.append(
            Template(
                id=spec.id,
                kind=spec.kind,
                order=at.order,
                count=count,
                optional=choice.optional,
                from_zone=choice.from_zone,
                to_zone=spec.to_zone or EVENT_TO.get(spec.kind),
                filter=flt,
                chooser=self.player(choice.chooser, at.controller, spec.node),
                controller=at.controller,
                by=at.common["by"],
                source=at.source,
                amount=spec.amount,
                unreplaceable=spec.unreplaceable,
                self_replaced=spec.self_replaced,
                under=spec.under,
            )
        )

    def _of_player(self, at: _At, out: Realized) -> None:
        """An event of a player: a draw (each card its own event, 609.6a), a loss, a cost, or the
        top cards of the player's deck milled or put into the mana zone."""
        spec = at.spec
        player = self.player(spec.player, at.controller, spec.node)
        if spec.kind == "draw":
            if spec.count and spec.count > 1:
                out.deferred.append(replace(spec, id=_next_id(spec.id), count=spec.count - 1))
            deck = self.deck(player)
            out.events.append(
                Event(
                    id=spec.id,
                    order=at.order,
                    cards=(deck[0].id,) if deck else (),
                    player=player,
                    from_zone="deck",
                    to_zone="hand",
                    last_draw=len(deck) == 1,
                    **at.common,
                )
            )
        elif spec.kind == "lose":
            out.events.append(
                Event(id=spec.id, order=at.order, player=player, cause=spec.cause or "effect", **at.common)
            )
        elif spec.kind in DECK_TOP_MOVES:
            self._deck_top(at, out, player)
        else:
            cards = tuple(c for c in spec.cards if self._card(spec, c))
            out.events.append(Event(id=spec.id, order=at.order, player=player, cards=cards, **at.common))

    def _deck_top(self, at: _At, out: Realized, player: str) -> None:
        spec = at.spec
        count = spec.count or 1
        deck = self.deck(player)
        if count > len(deck):
            verb = "mills" if spec.kind == "mill" else "puts into the " + ZONE_WORDS[EVENT_TO[spec.kind]]
            self._skip_or_raise(out, spec, f"{verb} {count} cards but {player}'s deck holds {len(deck)}")
        for i, card in enumerate(deck[:count], start=1):
            out.events.append(
                Event(
                    id=f"{spec.id}.{i}" if count > 1 else spec.id,
                    order=at.order + i - 1,
                    cards=(card.id,),
                    from_zone="deck",
                    to_zone=EVENT_TO[spec.kind],
                    **at.common,
                )
            )


@dataclass(frozen=True)
class _At:
    """What every event made from one written event shares: the spec, its controller and source,
    its order in the window, and the fields each of its events carries."""

    spec: EventSpec
    controller: str
    source: str | None
    order: int
    common: dict[str, Any]


def with_wholes(state: Scenario, events: list[Event], templates: list[Template]) -> list[Event]:
    """The events of a window with one event for each creature made of several cards whose
    component cards the window's events take out of the battle zone (official Q&A 42391: the
    whole is offered to replacement, and once its 「離れるかわりに」 is applied the effect that was
    moving its components does nothing more; 808.1d: a creature's leave replacements apply to a
    cell leaving). The whole's event moves nothing; its members are the components' events.
    When the creature's own card is moved too, its own event is the whole."""
    parts: dict[str, list[str]] = {}
    for card in state.cards.values():
        if card.component_of is not None and card.zone == "battle":
            parts.setdefault(card.component_of, []).append(card.id)
    if not parts:
        return events
    for template in templates:
        if template.from_zone == "battle":
            raise InputError(
                state.path,
                "effect",
                f"the effect's choice '{template.id}' may choose among the component cards of "
                f"{', '.join(sorted(parts))}: a choice that may join or split a creature made of several "
                "cards is not modelled yet",
            )
    out = list(events)
    for whole_card, components in parts.items():
        members = [
            i
            for i, e in enumerate(out)
            if len(e.cards) == 1
            and e.cards[0] in components
            and e.from_zone == "battle"
            and e.to_zone not in (None, "battle")
            and not e.is_group
        ]
        if not members:
            continue
        own = next((e for e in out if e.cards == (whole_card,) and e.from_zone == "battle" and e.to_zone), None)
        if own is None:
            first = out[members[0]]
            own = replace(
                first,
                id=f"{first.id.split('.')[0].split(':')[0]}.{whole_card}",
                kind="move_whole",
                cards=(whole_card,),
                is_whole=True,
                unreplaceable=all(out[i].unreplaceable for i in members),
                self_replaced=all(out[i].self_replaced for i in members),
            )
            out.insert(members[0], own)
            members = [i + 1 for i in members]
        for i in members:
            out[i] = replace(out[i], whole=own.id)
    return out
