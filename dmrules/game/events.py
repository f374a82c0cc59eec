"""Events: what an effect makes happen, step by step.

A scenario's effect is a list of *steps*: its first events (the first window), then the parts
that follow (``then``: 「そうした場合」 sentences, later parts of a spell, which see the result
of the earlier ones, 101.4d). A replacement ability may also have follow-up steps. Steps are
written as ``EventSpec``s and *realized* against the state when their window opens
(``realize.py``): cards are looked up where they are then, the top of a deck is the top then,
and choices (「1体選び」) become templates the solver enumerates.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import Where
from .filters import Condition, Filter


@dataclass(frozen=True)
class Event:
    """An event of one window, realized against the state of that window."""

    id: str
    kind: str
    order: int
    controller: str
    by: str
    cards: tuple[str, ...] = ()
    player: str | None = None
    from_zone: str | None = None
    to_zone: str | None = None
    source: str | None = None
    cause: str | None = None
    unreplaceable: bool = False
    self_replaced: bool = False  # unreplaceable as an event of the effect's own 「かわりに」 (101.5a; E15)
    # 「この効果は「離れない」効果を無視する」 (鬼タイム): 「離れない」 does not keep the
    # card, and no 「離れる時」/「破壊される時」 replacement can apply (A21).
    ignores_cannot_leave: bool = False
    last_draw: bool = False
    cast_from: str | None = None
    cast_by: str | None = None  # the card whose ability cast the spell of a spell_to_graveyard event
    amount: int | None = None
    position: str | None = None  # top, bottom, shuffle: where in the deck a card put there goes
    group: str | None = None  # a break of several shields: the whole break
    swap: str | None = None  # a swap of single cards (701.26b): its two halves
    is_group: bool = False
    whole: str | None = None  # the event of the whole creature this component card's move is part of
    is_whole: bool = False  # a creature made of several cards moving as a whole (it moves nothing itself)
    partner: str | None = None  # a destruction by a battle: the other creature of that battle

    @property
    def card(self) -> str | None:
        return self.cards[0] if self.cards else None


@dataclass(frozen=True)
class Template:
    """A choice the effect makes when its window opens: 「クリーチャーを1体選び、破壊する」."""

    id: str
    kind: str
    order: int
    count: int
    optional: bool
    from_zone: str
    to_zone: str | None
    filter: Filter
    chooser: str
    controller: str
    by: str
    source: str | None = None
    amount: int | None = None
    unreplaceable: bool = False  # the choosing and each chosen card's event cannot be replaced
    self_replaced: bool = False  # unreplaceable as events of the effect's own 「かわりに」 (101.5a; E15)
    # (source, controller, by) each chosen card's event is attributed to, when not the choice's own (a replacement's
    # 「その後、」: those of the event it replaced, 110.5); the filter is still read from the choice's own
    acts_for: tuple[str | None, str, str] | None = None
    under: Filter | None = None  # 「…の下に重ねて置く」: each chosen card goes under a card of this filter


@dataclass(frozen=True)
class ChoiceSpec:
    count: int
    from_zone: str
    filter: Filter
    chooser: str | None  # a player's name; in card data "@own" or "@opponent"; None: the controller
    optional: bool
    # 「そのクリーチャーのコスト以下」/「より小さい」: the cost of the card an earlier
    # event acted on, as it was before any replacement (the wiki page 「置換効果」: the information
    # from before the replacement is not lost).
    cost_max_of: str | None = None
    cost_below_of: str | None = None
    # 「こうして墓地に置いたカードのコスト以下」: the cost of the card an earlier event
    # actually moved (it happened: not replaced, superseded or forbidden); with
    # no such card there is nothing to compare with and the part does nothing
    # (the wiki page 「置換効果」, E03, E04).
    cost_max_of_result: str | None = None
    cost_below_of_result: str | None = None
    # 「捨てた枚数だけ選ぶ」 read as 101.3a does: one card for each listed earlier event
    # that was attempted, replaced or not (B08: the キャロル that stayed in hand count).
    count_attempted: tuple[str, ...] = ()
    # 「その中から」 after 「山札の上からN枚を表向きにする」: the cards an earlier reveal
    # event turned face up, by itself or by what a replacement revealed instead (E09).
    among_revealed: str | None = None


@dataclass(frozen=True)
class EventSpec:
    """An event as the scenario (or a card's follow-up) writes it."""

    id: str
    kind: str
    node: Where | None = field(default=None, compare=False, repr=False)
    cards_node: Where | None = field(default=None, compare=False, repr=False)
    cards: tuple[str, ...] = ()
    player: str | None = None
    to_zone: str | None = None
    count: int | None = None
    amount: int | None = None
    source: str | None = None
    controller: str | None = None
    by: str | None = None
    cause: str | None = None
    unreplaceable: bool = False
    self_replaced: bool = False  # made by the effect's own 「かわりに」: unreplaceable (101.5a; E15)
    ignores_cannot_leave: bool = False
    cast_from: str | None = None
    cast_by: str | None = None
    choose: ChoiceSpec | None = None
    zones: tuple[str, ...] = ()
    position: str | None = None  # top, bottom, shuffle: where a card put into the deck goes
    under: Filter | None = None  # 「〜の下に重ねて置く」: put under a card chosen by this filter
    # 「…をすべて破壊する」: every card of ``every_from`` that passes the filter when the window
    # opens (read from the event's controller), one event each (``e1.CARD``).
    every: Filter | None = None
    every_from: str | None = None
    partner: str | None = None  # a destruction by a battle (a battle's result): the other creature of that battle


@dataclass(frozen=True)
class SelfReplacement:
    """The effect's own 「〜のかわりに〜する」 (自己置換効果, 609.7) of one step: when every
    condition holds as the step's window opens, its events happen instead of the step's."""

    conditions: tuple[Condition, ...]
    events: tuple[EventSpec, ...]


@dataclass(frozen=True)
class MovedCount:
    """「こうして手札に戻されたクリーチャーが6体以上なら」: at least ``at_least`` cards that
    the earlier events ``events`` actually moved (to ``to_zone``, when given) and that pass
    ``filter``: a card a replacement kept or sent elsewhere, or a restriction kept, is not one
    of them, nor is a card a replacement moved instead (R005, E03)."""

    events: tuple[str, ...]
    at_least: int
    to_zone: str | None = None
    filter: Filter = Filter()


@dataclass(frozen=True)
class Step:
    """The events of one window, under one effect."""

    events: tuple[EventSpec, ...]
    source: str | None = None
    controller: str | None = None  # a player's name; None: the effect's controller
    by: str = "ability"
    condition: tuple[str, str] | None = None
    label: str = ""
    instead: SelfReplacement | None = None
    moved: MovedCount | None = None  # a count of what earlier events actually moved (``if: {moved: ...}``)
    # 「。その後、」 after a replacement: the step's events are part of what the replacement makes happen (101.5a),
    # never replaced
    afterwards: bool = False
