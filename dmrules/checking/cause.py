"""The cause of a why-not: the smallest change to the situation that makes the outcome legal.

``why_not`` names the rules the closest outcomes break ("h1 chosen twice", 609.9b). A judge
also wants the cause: keeping all three needs 6 hand cards and there are 5; the outcome would
be legal if the turn were the opponent's. ``causes`` searches small edits of the situation
(cards added to or taken from a zone, the turn player, a tapped card, a marker or a flag of a
card, a mandatory ability made optional), re-solves each edited situation with the normal
solver, and keeps the edits of the smallest size that really make the outcome legal. The
search is bounded (a few dozen edits, each a small solve with its own time limit, all within
a budget); an edit whose solve is cut short makes no claim, so every cause reported is exact.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

import yaml

from ..game.cards import MARKERS
from ..game.errors import DmrulesError
from ..game.scenario import Scenario
from ..game.vocabulary import ZONE_WORDS
from ..reading.scenario import scenario_from_text
from ..solving.run import stream
from .explain import outcome_holds, parse_conditions

MAX_EXTRA = 4  # cards added to (or taken from) one zone at most
MAX_EDITS = 48  # edited situations solved at most
EDIT_SECONDS = 2.0  # each edited situation's solve
BUDGET = 12.0  # seconds for the whole search
COUNTED_ZONES = ("hand", "graveyard", "mana", "shields", "deck", "battle")
FLAGS = ("used_this_turn",)


@dataclass(frozen=True)
class Cause:
    """One edit that makes the outcome legal. ``kind``: ``add`` / ``remove`` (``count`` cards in
    ``player``'s ``zone``, which holds ``have``), ``turn`` (``player`` the other turn player),
    ``untap`` / ``unmark`` / ``unflag`` (of ``card``, ``detail`` the marker or flag), ``optional``
    (``card``'s ability ``detail`` made optional)."""

    kind: str
    size: int
    player: str | None = None
    zone: str | None = None
    count: int = 0
    have: int = 0
    card: str | None = None
    detail: str | None = None

    def text(self) -> str:
        """In English, as the command line says it."""
        zone = ZONE_WORDS.get(self.zone or "", self.zone)
        if self.kind == "add":
            return f"needs {self.have + self.count} cards in {self.player}'s {zone}, there are {self.have}"
        if self.kind == "remove":
            return f"needs at most {self.have - self.count} cards in {self.player}'s {zone}, there are {self.have}"
        if self.kind == "turn":
            return f"legal if the turn were {self.player}'s"
        if self.kind == "untap":
            return f"legal if {self.card} were untapped"
        if self.kind in ("unmark", "unflag"):
            return f"legal if {self.card} were not {str(self.detail).replace('_', ' ')}"
        return f"legal if {self.card}'s replacement ability {self.detail} were optional (てもよい)"


@dataclass(frozen=True)
class Edit:
    cause: Cause
    make: Callable[[], Scenario | None]  # the edited situation, or None when it cannot be read


def causes(doc: dict, scenario: Scenario, texts: list[str], *, budget: float = BUDGET, most: int = 3) -> list[Cause]:
    """The smallest edits of the situation (``doc``, the scenario's mapping) that make the outcome
    of ``texts`` (why-not's ``--expect`` conditions) legal, at most ``most``; empty when none
    is found within the bounds."""
    deadline = time.monotonic() + budget
    found: list[Cause] = []
    # Every edited situation is kept until the search ends: the solver knows a card's definition
    # by its identity (solver.state_key), which a freed definition could pass on to the next one.
    kept: list[Scenario | None] = []
    for size in range(1, MAX_EXTRA + 1):
        for edit in _edits(doc, scenario, texts, size):
            if len(kept) >= MAX_EDITS or time.monotonic() > deadline:
                return found
            edited = edit.make()
            kept.append(edited)
            if edited is not None and _legal(edited, texts, deadline):
                found.append(edit.cause)
                if len(found) >= most:
                    return found
        if found:
            return found
    return found


def _legal(scenario: Scenario, texts: list[str], deadline: float) -> bool:
    """Whether a legal resolution of the edited situation meets the conditions (found, not guessed)."""

    try:
        conditions = parse_conditions(scenario, texts)
    except DmrulesError:
        return False

    class Found(Exception):
        pass

    def check(resolution) -> None:
        if all(outcome_holds(scenario, resolution, c) for c in conditions):
            raise Found()

    seconds = max(0.1, min(EDIT_SECONDS, deadline - time.monotonic()))
    try:
        stream(scenario, check, timeout=seconds, max_resolutions=20_000)
    except Found:
        return True
    except DmrulesError:
        return False
    return False


# -- the edits -----------------------------------------------------------------------------------


def _reader(doc: dict, name: str) -> Callable[[], Scenario | None]:
    def make() -> Scenario | None:
        try:
            text = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)
            return scenario_from_text(text, name)
        except (DmrulesError, RecursionError, ValueError):
            return None

    return make


def _bare(doc: dict) -> dict:
    out = copy.deepcopy(doc)
    out.pop("expect", None)
    out.pop("expect_under", None)
    return out


def _edits(doc: dict, scenario: Scenario, texts: list[str], size: int) -> Iterator[Edit]:
    """The edits of ``size`` (how many cards, or 1 for any other change)."""
    if size == 1:
        yield from _turn(doc, scenario)
        yield from _card_changes(doc, scenario)
        yield from _made_optional(scenario)
    yield from _counts(doc, scenario, texts, size)


def _turn(doc: dict, scenario: Scenario) -> Iterator[Edit]:
    other = scenario.opponent(scenario.turn_player)
    edited = _bare(doc)
    edited["turn"] = other
    yield Edit(Cause("turn", 1, player=other), _reader(edited, scenario.path))


def _zone_list(doc: dict, player: str, zone: str) -> list | None:
    zones = (doc.get("players") or {}).get(player)
    if not isinstance(zones, dict):
        return None
    cards = zones.get(zone)
    return cards if isinstance(cards, list) else None


def _counts(doc: dict, scenario: Scenario, texts: list[str], size: int) -> Iterator[Edit]:
    """``size`` unknown cards more in a zone a text counts or takes from, or ``size`` fewer."""
    named = _kept_cards(scenario, texts)
    for zone in _counted_zones(scenario):
        for player in scenario.players:
            have = sum(1 for c in scenario.cards.values() if c.controller == player and c.zone == zone)
            if zone != "battle":
                edited = _bare(doc)
                zones = edited.setdefault("players", {}).setdefault(player, {}) or {}
                edited["players"][player] = zones
                cards = zones.setdefault(zone, [])
                if isinstance(cards, list):
                    used = set(scenario.cards)
                    cards.extend(_fresh(used, zone, size))
                    yield Edit(Cause("add", size, player, zone, size, have), _reader(edited, scenario.path))
            removable = [
                i
                for i, entry in enumerate(_zone_list(doc, player, zone) or [])
                if isinstance(entry, (str, int)) and str(entry) not in named
            ]
            if len(removable) >= size:
                edited = _bare(doc)
                cards = _zone_list(edited, player, zone)
                assert cards is not None  # a copy of the list the removable entries are in
                for index in sorted(removable[-size:], reverse=True):
                    del cards[index]
                yield Edit(Cause("remove", size, player, zone, size, have), _reader(edited, scenario.path))


def _fresh(used: set[str], zone: str, n: int) -> list[str]:
    out: list[str] = []
    k = 0
    while len(out) < n:
        k += 1
        candidate = f"{zone}+{k}"
        if candidate not in used:
            out.append(candidate)
    return out


def _kept_cards(scenario: Scenario, texts: list[str]) -> set[str]:
    """Cards the conditions, the events or other cards name: never taken away."""
    named = {c.split("=", 1)[0].strip() for t in texts for c in t.split(",")}
    for event in scenario.events:
        named.update(event.cards)
    for card in scenario.cards.values():
        named.update(x for x in (card.under, card.equipped_to, card.fortifies) if x)
    if scenario.program.source:
        named.add(scenario.program.source)
    return named


def _counted_zones(scenario: Scenario) -> list[str]:
    """The zones an ability takes cards from or counts, and the hand."""
    zones = {"hand"}
    for card in scenario.cards.values():
        for ability in card.replacements:
            zones.update(slot.from_zone for slot in ability.slots())
            zones.update(c.zone for c in ability.conditions if c.zone)
    return [z for z in COUNTED_ZONES if z in zones]


def _entry_edits(entry: dict) -> Iterator[tuple[str, str, Callable[[dict], None]]]:
    if entry.get("tapped") is True:
        yield "untap", "tapped", lambda e: e.pop("tapped")
    for marker in MARKERS:
        if entry.get(marker) is True:
            yield "unmark", marker, _without_key(marker)
    flags = entry.get("flags")
    if isinstance(flags, list):
        for flag in FLAGS:
            if flag in flags:
                yield "unflag", flag, _without_flag(flag)


def _without_key(key: str) -> Callable[[dict], None]:
    def edit(entry: dict) -> None:
        entry.pop(key)

    return edit


def _without_flag(flag: str) -> Callable[[dict], None]:
    def edit(entry: dict) -> None:
        entry["flags"] = [x for x in entry["flags"] if x != flag]

    return edit


def _card_changes(doc: dict, scenario: Scenario) -> Iterator[Edit]:
    """A tapped card untapped, a marker or a flag taken off a card."""
    for player, zones in (doc.get("players") or {}).items():
        if not isinstance(zones, dict):
            continue
        for zone, cards in zones.items():
            if not isinstance(cards, list):
                continue
            for index, entry in enumerate(cards):
                if not isinstance(entry, dict):
                    continue
                for kind, detail, change in _entry_edits(entry):
                    edited = _bare(doc)
                    change(edited["players"][player][zone][index])
                    card = str(entry.get("id"))
                    yield Edit(Cause(kind, 1, card=card, detail=detail), _reader(edited, scenario.path))


def _made_optional(scenario: Scenario) -> Iterator[Edit]:
    """A mandatory replacement ability made optional (the rest of the situation as it is)."""
    for card in scenario.cards.values():
        if card.definition is None:
            continue
        for number, ability in enumerate(card.definition.replacements, start=1):
            if ability.optional:
                continue

            def make(card=card, number=number) -> Scenario:
                abilities = list(card.definition.replacements)
                abilities[number - 1] = replace(abilities[number - 1], optional=True)
                definition = replace(card.definition, replacements=tuple(abilities))
                cards = dict(scenario.cards)
                cards[card.id] = replace(card, definition=definition)
                return replace(scenario, cards=cards)

            yield Edit(Cause("optional", 1, card=card.id, detail=str(number)), make)
