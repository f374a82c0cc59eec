"""Outcomes: the typed resolutions every layer reads (built from answer sets in one place,
solving/decode.py; written as JSON by presenting/json.py, as text and HTML beside it)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .events import Event
from .scenario import Scenario


@dataclass(frozen=True)
class ReplacementRef:
    """A replacement ability of a card (``J1``, or ``J1#2`` for its second one) or an effect in play."""

    id: str
    player: str
    card: str | None = None
    ability: int = 0
    name: str | None = None
    text: str | None = None


@dataclass(frozen=True)
class EventInfo:
    """An event: one of the effect's, or one a replacement made instead (``instead_of``)."""

    id: str
    kind: str
    order: int
    cards: tuple[str, ...] = ()
    player: str | None = None
    from_zone: str | None = None
    to_zone: str | None = None
    source: str | None = None
    instead_of: str | None = None
    made_by: str | None = None
    chosen_by: str | None = None  # the player who chose the card of an effect's choice
    position: str | None = None  # top, bottom, shuffle: where in the deck a card put there goes

    @property
    def card(self) -> str | None:
        return self.cards[0] if self.cards else None

    @classmethod
    def given(cls, e: Event) -> EventInfo:
        """One of the effect's own events, as a resolution lists it."""
        return cls(
            id=e.id,
            kind=e.kind,
            order=e.order,
            cards=e.cards,
            player=e.player,
            from_zone=e.from_zone,
            to_zone=e.to_zone,
            source=e.source,
            position=e.position,
        )


@dataclass(frozen=True)
class Application:
    """A replacement applied to an event, with the affected cards its player chose."""

    event: str
    replacement: ReplacementRef
    chosen: tuple[str, ...] = ()
    window: int = 1
    void: bool = False  # applied to half of a swap that therefore failed (701.26b): it did not happen

    @property
    def player(self) -> str:
        return self.replacement.player


@dataclass(frozen=True)
class Trigger:
    """A triggered ability that triggers on an event that happened."""

    card: str
    ability: int
    name: str | None
    text: str | None
    event: str
    window: int = 1
    times: int = 1  # 2: an ability of another card makes it trigger twice (「1度のかわりに2度トリガーする」)
    # the replacement that changed how often it triggers (times 2, or 0 in a window's ``untriggered``)
    changed_by: ReplacementRef | None = None

    @property
    def id(self) -> str:
        return self.card


@dataclass(frozen=True)
class Window:
    """One replacement window: the events that happened at once, and how they were resolved."""

    index: int
    label: str
    kind: str  # effect, follow-up, battle, state
    events: tuple[EventInfo, ...]
    applied: tuple[Application, ...]
    final: Mapping[str, str]
    happened: tuple[EventInfo, ...]
    replaced: tuple[EventInfo, ...]
    lost: tuple[str, ...] = ()
    flipped: tuple[str, ...] = ()
    triggered: tuple[Trigger, ...] = ()
    untriggered: tuple[Trigger, ...] = ()  # triggers a replacement stopped (「かわりにその能力はトリガーしない」)
    broken: tuple[str, ...] = ()
    untapped: tuple[str, ...] = ()  # cards the untap step untapped
    tapped: tuple[str, ...] = ()  # cards a replacement tapped (スーパーガードマン)
    face_up: tuple[str, ...] = ()  # cards put face up into the shield zone or turned face up where they are
    face_down: tuple[str, ...] = ()  # cards put face down into the mana zone (水晶チャージャー)
    battle_losers: tuple[tuple[str, str], ...] = ()
    # The state-based checks (703.4) this window leads to: (what, card or player), in order.
    sba: tuple[tuple[str, str], ...] = field(default=(), compare=False, repr=False)
    final_power: Mapping[str, int] = field(default_factory=dict)
    final_under: Mapping[str, str] = field(default_factory=dict)
    skipped: tuple[str, ...] = ()
    used: tuple[str, ...] = ()  # effects in play used up (sequential ruleset)
    multiplicity: int = 1  # labelled resolutions this one stands for (grouping interchangeable cards and units)
    units_folded: tuple[str, ...] = ()  # cards of the interchangeable units whose exchange gives some of them
    violations: tuple[tuple[str, str], ...] = ()
    key: tuple[Any, ...] = field(default=(), compare=False, repr=False)  # the order windows are listed in
    atoms: tuple[Any, ...] = field(default=(), compare=False, repr=False)  # the solver's atoms of the decisions
    state: Any = field(default=None, compare=False, repr=False)  # the Scenario this window was solved in


@dataclass(frozen=True)
class Resolution:
    """One legal way to resolve the whole effect: a window, and the windows that follow it."""

    windows: tuple[Window, ...]
    attempted: tuple[str, ...] = ()
    stopped: str | None = None

    @property
    def applied(self) -> tuple[Application, ...]:
        return tuple(a for w in self.windows for a in w.applied)

    @property
    def final(self) -> Mapping[str, str]:
        return self.windows[-1].final

    @property
    def happened(self) -> tuple[EventInfo, ...]:
        return tuple(e for w in self.windows for e in w.happened)

    @property
    def replaced(self) -> tuple[EventInfo, ...]:
        return tuple(e for w in self.windows for e in w.replaced)

    @property
    def lost(self) -> tuple[str, ...]:
        return tuple(sorted({p for w in self.windows for p in w.lost}))

    @property
    def flipped(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c for w in self.windows for c in w.flipped))

    @property
    def tapped(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c for w in self.windows for c in w.tapped))

    @property
    def stacked(self) -> Mapping[str, str]:
        """Which card ends stacked under which: card → the card it is under."""
        return self.windows[-1].final_under if self.windows else {}

    def put_under(self, scenario: Scenario) -> dict[str, str]:
        """The cards that end under a card they were not under (「…の下に置く」, a shield a card was put
        onto): card → the card it is under."""
        cards = scenario.cards
        return {c: host for c, host in self.stacked.items() if c not in cards or cards[c].under != host}

    @property
    def placement(self) -> tuple[Any, ...]:
        """Where the cards end: their zones, the players who lost, the cards flipped, and which card is
        stacked under which (a shield a card was put onto, the cards put under a creature)."""
        return (tuple(sorted(self.final.items())), self.lost, self.flipped, tuple(sorted(self.stacked.items())))

    @property
    def face_up(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c for w in self.windows for c in w.face_up))

    @property
    def face_down(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c for w in self.windows for c in w.face_down))

    @property
    def untapped(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c for w in self.windows for c in w.untapped))

    @property
    def triggered(self) -> tuple[Trigger, ...]:
        return tuple(t for w in self.windows for t in w.triggered)

    @property
    def untriggered(self) -> tuple[Trigger, ...]:
        return tuple(t for w in self.windows for t in w.untriggered)

    @property
    def trigger_counts(self) -> tuple[tuple[str, int, int], ...]:
        """How many times each triggered ability triggers, as ``(card, ability, count)``: once for
        each event it watches that happened, in every window (603.5c: one whose card leaves with
        others looks back at its own card only), twice for one another card's ability doubles."""
        counts: dict[tuple[str, int], int] = {}
        for t in self.triggered:
            counts[(t.card, t.ability)] = counts.get((t.card, t.ability), 0) + t.times
        return tuple((card, ability, n) for (card, ability), n in counts.items())

    @property
    def broken(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(s for w in self.windows for s in w.broken))

    @property
    def violations(self) -> tuple[tuple[str, str], ...]:
        return tuple(v for w in self.windows for v in w.violations)

    @property
    def atoms(self) -> tuple[Any, ...]:
        return self.windows[0].atoms

    @property
    def key(self) -> tuple[Any, ...]:
        return tuple(w.key for w in self.windows)

    @property
    def multiplicity(self) -> int:
        """How many labelled resolutions this one stands for (1 unless grouping)."""
        n = 1
        for w in self.windows:
            n *= w.multiplicity
        return n

    @property
    def units_folded(self) -> tuple[str, ...]:
        """The cards of the interchangeable units whose exchange gives some of the labelled
        resolutions this one stands for (none: only interchangeable cards are exchanged)."""
        return tuple(dict.fromkeys(c for w in self.windows for c in w.units_folded))

    @property
    def order(self) -> dict[str, list[str]]:
        """For each event, the replacements applied to it in the order they applied
        (the first to the event itself, the next to what the first made, ...)."""
        chains: dict[str, list[tuple[int, str]]] = {}
        for app in self.applied:
            root = app.event.split("/", 1)[0]
            chains.setdefault(root, []).append((app.event.count("/"), app.replacement.id))
        return {root: [rid for _, rid in sorted(steps)] for root, steps in chains.items()}

    def moved(self, scenario: Scenario) -> dict[str, tuple[str, str]]:
        """Cards whose zone changed: id → (from, to)."""
        return {c: (scenario.cards[c].zone, z) for c, z in self.final.items() if scenario.cards[c].zone != z}

    def application(self, event: str) -> Application | None:
        return next((a for a in self.applied if a.event == event), None)


@dataclass(frozen=True)
class Streamed:
    """What a streamed solve found, its resolutions having gone out one by one: the counts
    and whether the list is complete (``--jsonl``'s trailer line)."""

    ruleset: str
    resolutions: int
    total: int  # labelled resolutions they stand for (with grouping)
    states: int
    complete: bool = True
    stopped_by: str | None = None
    grouped: bool = False
    units_folded: bool = False

    @property
    def folded(self) -> str:
        return "interchangeable cards and units" if self.units_folded else "interchangeable cards"


@dataclass(frozen=True)
class Solution:
    """Every legal resolution of a scenario."""

    ruleset: str
    resolutions: tuple[Resolution, ...]
    complete: bool = True
    stopped_by: str | None = None
    grouped: bool = False

    @property
    def units_folded(self) -> bool:
        """Whether some listed resolution stands for others that exchange interchangeable units."""
        return any(r.units_folded for r in self.resolutions)

    @property
    def folded(self) -> str:
        """What the grouping folds, in words: "interchangeable cards" (and units, if any)."""
        return "interchangeable cards and units" if self.units_folded else "interchangeable cards"

    @property
    def total(self) -> int:
        """The number of labelled resolutions (with grouping, the sum of multiplicities)."""
        return sum(r.multiplicity for r in self.resolutions)

    @property
    def states(self) -> int:
        """Distinct final placements of the cards."""
        return len({r.placement for r in self.resolutions})

    def counted(self) -> Streamed:
        """Its counts, as a stream of the same resolutions would give them."""
        return Streamed(
            ruleset=self.ruleset,
            resolutions=len(self.resolutions),
            total=self.total,
            states=self.states,
            complete=self.complete,
            stopped_by=self.stopped_by,
            grouped=self.grouped,
            units_folded=self.units_folded,
        )
