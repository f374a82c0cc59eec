"""A situation: the game state before the effect, the effect's program, and what the file
says about itself.

``Scenario`` is the game state a window is solved in (frozen: the engine makes a new one for
each later window); its ``program`` is the effect that makes events happen (its steps, its
source, who controls it, what it is), and ``about`` the file's own words (its title, the
ruling it checks, what it expects), which no window reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .abilities import ReplacementAbility
from .cards import CardInstance
from .events import Event, EventSpec, Step, Template
from .vocabulary import PENDING_BY

# What a player cannot do, as a scenario states it (「自分は手札を捨てられない」).
PLAYER_ACTIONS = ("discard", "flip")
# What a player has done this turn, as a scenario states it: a shield of theirs was broken;
# they summoned a creature just before casting the spell of the effect (サイクロン's 「この呪文を
# 唱える直前にクリーチャーを召喚していれば」), or at some point before it this turn.
THIS_TURN = ("shield_break", "draw", "summoned_just_before_cast", "summoned_before_cast")
# The events a scenario can say already happened this turn before the effect (``happened_this_turn``), for the
# conditions that ask (「このターン、相手のクリーチャーが2体以上出ていれば」): the written kinds that move a card,
# and a creature's summoning.
PAST_KINDS = ("destroy", "return_to_hand", "discard", "put_into_mana", "put_into_battle", "summon", "mill", "move")
# How long an effect in play lasts.
EFFECT_DURATIONS = ("this_turn", "until_next_turn", "until_opponent_turn_end", "while_in_play")


@dataclass(frozen=True)
class EffectInPlay:
    """A replacement effect created by a spell or ability (龍素知新's 「墓地に置くかわりに」).

    ``duration`` is the duration its text states (``this_turn``, ...); with
    none, the sequential ruleset applies it once and then it is used up.
    """

    id: str
    controller: str
    ability: ReplacementAbility
    source: str | None = None
    duration: str | None = None
    self_replacement: bool = False  # part of the resolving spell or ability itself (自己置換効果)
    # a grant's receivers, fixed as the scenario begins (grants.with_grants): None until then
    receivers: frozenset[str] | None = None


@dataclass(frozen=True)
class EffectProgram:
    """The effect that makes events happen: its steps (the first window's events, then the
    parts that follow), its source card, the player who controls it, and what it is (a spell,
    an ability, an attack, ...)."""

    steps: tuple[Step, ...] = ()
    source: str | None = None
    controller: str = ""
    by: str = "ability"

    @property
    def pending(self) -> str | None:
        """The spell being cast or the creature being summoned (the source of such an effect): in no zone's count
        until it has resolved (409.1b, 409.1c)."""
        return self.source if self.by in PENDING_BY else None


@dataclass(frozen=True)
class PastEvent:
    """An event that happened this turn before the effect (as the scenario states it), or in an earlier
    window of the effect: its kind (PAST_KINDS, or any kind an earlier window made happen), its card, where
    from and where to."""

    kind: str
    card: str
    from_zone: str | None = None
    to_zone: str | None = None
    controller: str | None = None  # who controlled the card as it happened (an earlier window's), if known


@dataclass(frozen=True)
class About:
    """What a scenario file says about itself: no window reads it."""

    title: str | None = None
    note: str | None = None
    ruling: str | None = None
    seeds: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    expect: Any = None  # the file's ``expect`` as read (a reader's node), checked by checking/expect.py
    expect_under: Mapping[str, Any] = field(default_factory=dict)  # the expectation under another ruleset
    warnings: tuple[str, ...] = ()  # things the reader let through but a user should know (file: place: what)
    player_lines: Mapping[str, int] = field(default_factory=dict)  # the line of each player's zones in the file


@dataclass(frozen=True)
class Scenario:
    """The game state a window is solved in: players, whose turn it is, every card and where it
    is, the window's events and the effect's choices, the replacement effects in play; with the
    effect's ``program`` and the file's ``about``. ``path`` names the file for error messages."""

    path: str
    ruleset: str
    players: tuple[str, str]
    turn_player: str
    cards: Mapping[str, CardInstance]
    events: tuple[Event, ...] = ()
    effects: tuple[EffectInPlay, ...] = ()
    templates: tuple[Template, ...] = ()
    deferred: tuple[EventSpec, ...] = ()  # the later draws of a multi-card draw in the first step
    first_notes: tuple[str, ...] = ()  # what realizing the first step said (its self-replacement, ...)
    player_cannot: Mapping[str, frozenset[str]] = field(default_factory=dict)
    this_turn: Mapping[str, frozenset[str]] = field(default_factory=dict)
    happened_this_turn: tuple[PastEvent, ...] = ()
    limits: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    shuffled: frozenset[str] = frozenset()  # players whose deck an earlier window shuffled: its order is unknown
    results: bool = False  # the window's events are what a replacement makes happen (「。その後、」, 101.5a)
    program: EffectProgram = EffectProgram()
    about: About = About()

    def opponent(self, player: str) -> str:
        return self.players[1] if player == self.players[0] else self.players[0]

    def card(self, card_id: str) -> CardInstance:
        return self.cards[card_id]

    def replacement_abilities(self) -> list[ReplacementAbility]:
        """Every replacement ability of the scenario: its cards' (given ones among them), then its effects' in play."""
        return [a for c in self.cards.values() for a in c.replacements] + [e.ability for e in self.effects]
