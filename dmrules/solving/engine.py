"""Window after window: resolving a whole effect.

The solver (window.py) lists the legal resolutions of one replacement window.
An effect rarely ends there: a replacement's 「そうした場合」 sentence is a new,
replaceable event (101.5a), a later part of a spell sees the result of the
earlier ones (101.4d), a battle destroys its loser, and once the effect is
over the state-based checks (703.4) may move more cards. Each of those opens
the next window. A resolution of the whole effect is one path through the
windows; ``solve`` lists them all, depth first, up to a bound on the number
of windows the user can set.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from ..game.cards import CardInstance
from ..game.errors import InputError, InternalError
from ..game.events import Step
from ..game.grants import board_of, card_passes, with_grants
from ..game.outcome import Resolution, Solution, Window
from ..game.realize import Realizer
from ..game.scenario import PastEvent, Scenario
from ..text import plural
from .nextwindows import (
    Pending,
    condition_holds,
    emptied,
    follow_ups,
    overflow_checks,
    referee,
    revealed,
    state_checks,
)
from .window import solve_window, stream_window

DEFAULT_MAX_WINDOWS = 12
# A window's resolutions are listed sorted by their decisions up to this many; a window with
# more lists them in the solver's order, as clingo finds them, so that none need be held.
SORTED_UP_TO = 5_000


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a solve: ``solution`` holds the resolutions found so far (``complete`` false,
    ``stopped_by`` "interrupted"), for a caller that wants to keep them."""

    def __init__(self, engine: Engine):
        super().__init__("interrupted")
        self._engine = engine

    @property
    def solution(self) -> Solution:  # built only when asked for: sorting a long list takes time
        return self._engine._solution()


class Engine:
    def __init__(
        self,
        scenario: Scenario,
        *,
        max_windows: int = DEFAULT_MAX_WINDOWS,
        max_resolutions: int | None = None,
        timeout: float | None = None,
        on_resolution: Callable[[Resolution], None] | None = None,
        group: bool = False,
        keep: bool = True,
    ):
        self.scenario = scenario
        self.max_windows = max_windows
        self.max_resolutions = max_resolutions
        self.deadline = time.monotonic() + timeout if timeout is not None else None
        self.timeout = timeout
        self.on_resolution = on_resolution
        # The window solvers, which prefetch.py replaces with ones that only look ahead.
        self.solve_window: Callable[..., tuple[list[Window], str | None]] = solve_window
        self.stream_window: Callable[..., str | None] = stream_window
        self.group = group
        # Without ``keep`` (streaming), resolutions go to ``on_resolution`` in the order they are
        # found and are not kept: memory stays flat however many there are.
        self.keep = keep
        self.found: list[Resolution] = []
        self.count = 0  # resolutions found
        self.total = 0  # labelled resolutions they stand for (with grouping)
        self.states: set[int] = set()  # hashes of the distinct final states (streaming)
        self.units_folded = False  # some resolution stands for others that exchange units (streaming)
        self.stopped: str | None = None
        self._had_deck = {c.owner for c in scenario.cards.values() if c.zone == "deck"}

    # -- the search -------------------------------------------------------------------
    def run(self) -> Solution:
        first = Pending(
            self.scenario.program.steps[0] if self.scenario.program.steps else Step(()),
            self.scenario.program.controller,
            self.scenario.program.source,
            self.scenario.program.by,
            "effect",
            "effect",
        )
        queue = [
            Pending(
                step,
                step.controller or self.scenario.program.controller,
                step.source or self.scenario.program.source,
                step.by,
                step.label,
                "effect",
            )
            for step in self.scenario.program.steps[1:]
        ]
        try:
            self._window(self.scenario, first, queue, (), first_window=True)
        except KeyboardInterrupt:
            self.stopped = "interrupted"
            raise Interrupted(self) from None
        return self._solution()

    def _solution(self) -> Solution:
        # In the order found: window after window, each window's resolutions sorted by their
        # decisions (in one of more than SORTED_UP_TO, as clingo finds them).
        return Solution(
            ruleset=self.scenario.ruleset,
            resolutions=tuple(self.found),
            complete=self.stopped is None,
            stopped_by=self.stopped,
            grouped=self.group,
        )

    def _count_reached(self) -> bool:
        if self.max_resolutions is not None and self.count >= self.max_resolutions:
            self.stopped = self.stopped or f"max_resolutions={self.max_resolutions}"
            return True
        return False

    def _time_up(self) -> bool:
        if self.deadline is not None and time.monotonic() >= self.deadline:
            self.stopped = self.stopped or f"timeout={self.timeout}s"
            return True
        return False

    def _full(self) -> bool:
        """Whether a limit refuses what comes next; it is then recorded in ``stopped``."""
        return self._count_reached() or self._time_up()

    def _finish(self, path: tuple[Window, ...], stopped: str | None = None) -> None:
        # Only the count refuses a finished resolution: once the time is up no new
        # window opens, but a resolution whose windows were all solved is kept.
        if self._count_reached():
            return
        attempted = tuple(e.id for w in path if w.kind == "effect" for e in w.events)
        resolution = Resolution(windows=path, attempted=attempted, stopped=stopped)
        self.count += 1
        self.total += resolution.multiplicity
        if self.keep:
            self.found.append(resolution)
        else:
            self.states.add(hash(resolution.placement))
            self.units_folded = self.units_folded or bool(resolution.units_folded)
        if self.on_resolution is not None:
            self.on_resolution(resolution)

    def _window(
        self, state: Scenario, item: Pending, queue: list[Pending], path: tuple[Window, ...], first_window: bool = False
    ) -> None:
        if self._full():
            return
        window_state, skipped, queue = self._open(state, item, queue, path, first_window)
        if window_state is None:
            return self._next(state, queue, path)
        if window_state.shuffled:
            _refuse_deck_order(window_state)
        if len(path) >= self.max_windows:
            self.stopped = self.stopped or f"max_windows={self.max_windows}"
            return self._finish(
                path, stopped=f"stopped after {plural(self.max_windows, 'window')}; still to resolve: {item.label}"
            )
        self._solve(window_state, item, skipped, queue, path)

    def _open(
        self, state: Scenario, item: Pending, queue: list[Pending], path: tuple[Window, ...], first_window: bool
    ) -> tuple[Scenario | None, list[str], list[Pending]]:
        """The state of the window ``item`` opens (None when it opens none: its condition does
        not hold, or it makes no event), what of it does nothing, and the queue after it (with
        the part of its step that waits for this window's result)."""
        if first_window:
            if self.scenario.deferred:
                queue = [replace(item, step=Step(self.scenario.deferred, by=item.by, label=item.label))] + queue
            return state, list(self.scenario.first_notes), queue
        if not condition_holds(self.scenario, item.step, path):
            return None, [], queue
        realized = Realizer(
            state,
            strict=False,
            refer=referee(self.scenario, path),
            attempted=lambda ref: condition_holds(
                self.scenario, Step((), by="ability", condition=("attempted", ref)), path
            ),
            revealed=lambda ref: revealed(ref, path),
        ).realize(item.step, item.controller, item.source, item.by)
        if realized.deferred:
            rest = Step(tuple(realized.deferred), by=item.step.by, label=item.label, afterwards=item.step.afterwards)
            queue = [replace(item, step=rest)] + queue
        if not realized.events and not realized.templates:
            return None, realized.skipped, queue
        events, templates = tuple(realized.events), tuple(realized.templates)
        if item.zones_before is not None:
            _refuse_chosen_after(state, templates, item.zones_before)
        if item.acts_for is not None:  # 「その後、」 of a replacement: attributed as what the replacement makes
            source, controller, by = item.acts_for
            events = tuple(replace(e, source=source, controller=controller, by=by) for e in events)
            templates = tuple(replace(t, acts_for=item.acts_for) for t in templates)
        return (
            replace(
                state,
                events=events,
                templates=templates,
                results=item.step.afterwards,
            ),
            realized.skipped,
            queue,
        )

    def _solve(
        self, window_state: Scenario, item: Pending, skipped: list[str], queue: list[Pending], path: tuple[Window, ...]
    ) -> None:
        """The window's resolutions, each followed to the end (listed, or streamed when long)."""
        remaining = None if self.deadline is None else max(self.deadline - time.monotonic(), 0.001)
        # Every answer of a window (up to SORTED_UP_TO) is found, even when the count wants fewer resolutions: the
        # first ones of the sorted list are the first of the whole order only once all of them are known.
        windows, cut = self.solve_window(
            window_state,
            len(path) + 1,
            item.label,
            item.kind,
            timeout=remaining,
            group=self.group,
            spill=SORTED_UP_TO,
        )
        if cut is None and not windows:
            raise no_resolution(window_state, len(path) + 1, item.label)
        if cut != "spill":
            if cut == "timeout":
                self.stopped = self.stopped or f"timeout={self.timeout}s"
            for window in windows:
                if self._count_reached():  # each window left leads to a resolution at least: the count cuts them
                    break
                self._after(window_state, window, skipped, queue, path)
            return

        def each(window: Window) -> bool:
            self._after(window_state, window, skipped, queue, path)
            # Stop once a resolution beyond the count was refused (``_finish`` says so in
            # ``stopped``) or the time is up; reaching the count exactly stops nothing yet.
            return self.stopped is not None or self._time_up()

        cut = self.stream_window(
            window_state, len(path) + 1, item.label, item.kind, timeout=remaining, group=self.group, on_window=each
        )
        if cut == "timeout":
            self.stopped = self.stopped or f"timeout={self.timeout}s"

    def _after(
        self, window_state: Scenario, window: Window, skipped: list[str], queue: list[Pending], path: tuple[Window, ...]
    ) -> None:
        """What a solved window leads to: the end of a resolution, or the windows after it."""
        if skipped:
            window = replace(window, skipped=tuple(skipped))
        follow = follow_ups(window_state, window)
        new_path = path + (window,)
        if window.lost:
            self._finish(new_path)  # the game is over
            return
        if (
            not follow
            and not queue
            and not window.sba
            and not emptied(window_state, window.final, new_path, self._had_deck)
        ):
            self._finish(new_path)  # nothing opens another window: the state after it is not needed
            return
        self._next(advance(window_state, window), follow + queue, new_path)

    def _next(self, state: Scenario, queue: list[Pending], path: tuple[Window, ...]) -> None:
        overflow = overflow_checks(state, path) if queue and path else None
        if overflow is not None:  # Duel Masters Play's: before the next step
            return self._window(state, overflow, queue, path)
        if queue:
            return self._window(state, queue[0], queue[1:], path)
        checks = state_checks(state, path, self._had_deck) if path else None
        if checks is None:
            return self._finish(path)
        return self._window(state, checks, [], path)


def no_resolution(state: Scenario, index: int, label: str) -> InternalError:
    """The error for a window the solver found no legal resolution of."""
    return InternalError(
        f"{state.path}: no legal resolution of window {index} ({label}): every situation has at least one "
        "(a replacement that cannot apply is not applied, 609.4), so this is a fault of dmrules's model, "
        "not an answer; please report it with the scenario"
    )


def _refuse_chosen_after(state: Scenario, templates: tuple, before: frozenset[tuple[str, str]]) -> None:
    """A replacement's 「その後、」 step is part of what it makes happen (101.5a), whose cards are chosen as it is
    decided (609.9a); a choice of that step that could take a card the replacement has just put in that zone (the card
    「かわりにカードを1枚引いてもよい。その後、自分の手札を1枚捨てる」 drew) is refused: which cards it may take, the
    rules leave to the moment of the decision, which the step comes after. So is one that could have taken a card the
    window moved out of that zone (another replacement's choice, 609.9b, or the effect's own event took it): chosen as
    the replacement was decided, the step would have taken it first, which the step, solved after the window, cannot
    say."""
    board = board_of(state.cards.values())
    for template in templates:
        chooses = [
            c
            for c in state.cards.values()
            if card_passes(template.filter, c, template.controller, template.source, board)
        ]
        if any(c.zone == template.from_zone and (c.id, c.zone) not in before for c in chooses):
            raise InputError(
                state.path,
                "effect",
                "not modelled: a replacement's 「その後、」 step chooses cards from a zone the replacement has just "
                f"put cards into ({template.from_zone}): whether it may take them, chosen as the replacement was "
                "decided (609.9a), dmrules does not say",
            )
        gone = sorted(c.id for c in chooses if c.zone != template.from_zone and (c.id, template.from_zone) in before)
        if gone:
            raise InputError(
                state.path,
                "effect",
                "not modelled: a replacement's 「その後、」 step chooses cards from a zone another event of its window "
                f"moved {', '.join(gone)} out of ({template.from_zone}): chosen as the replacement was decided "
                "(609.9a), the step could have taken it before it moved, which dmrules does not play",
            )


def _refuse_deck_order(state: Scenario) -> None:
    """After a deck was shuffled, a replacement that takes cards from the top of a deck cannot
    be listed: which cards it takes is unknown."""
    abilities = [(c, a) for c in state.cards.values() for a in c.replacements] + [
        (None, e.ability) for e in state.effects
    ]
    for card, ability in abilities:
        if any(action.kind in ("mill", "draw", "reveal") for action in ability.instead):
            who = card.label if card is not None else "an effect in play"
            raise InputError(
                state.path,
                "effect",
                f"{', '.join(sorted(state.shuffled))}'s deck was shuffled by an "
                "earlier part of the effect, or had several cards put on its top at once (their order is their "
                f"owner's choice), and {who} may take cards from the top of a deck "
                "instead: which cards is unknown, so dmrules cannot list the resolutions",
            )


def advance(state: Scenario, window: Window) -> Scenario:
    """The state after a window: every card where the window left it."""
    positions, shuffled = _deck_positions(state, window)
    flipped = set(window.flipped)
    spent = _spent_once_per_turn(state, window)
    cards = {
        card_id: _card_after(card_id, card, window, positions.get(card_id), card_id in flipped, spent.get(card_id))
        for card_id, card in state.cards.items()
    }
    this_turn = {p: set(words) for p, words in state.this_turn.items()}
    # A player's shields broken this turn: by the window's events (a break replaced still came, B22) and by what the
    # replacements made happen instead (a break made instead is a break of that turn too)
    for event in (*window.events, *window.happened):
        if event.kind == "break":
            for card_id in event.cards:
                this_turn.setdefault(state.cards[card_id].owner, set()).add("shield_break")
        elif event.kind == "draw" and event.player is not None:  # a draw, replaced or not: its timing came
            this_turn.setdefault(event.player, set()).add("draw")
    effects = tuple(e for e in state.effects if e.id not in window.used)
    # What the window made happen is, for the windows after it, what happened this turn
    past = tuple(
        PastEvent(e.kind, c, e.from_zone, e.to_zone, state.cards[c].controller)
        for e in window.happened
        for c in e.cards
    )
    return with_grants(
        replace(
            state,
            cards=cards,
            events=(),
            templates=(),
            effects=effects,
            this_turn={p: frozenset(words) for p, words in this_turn.items()},
            happened_this_turn=state.happened_this_turn + past,
            shuffled=frozenset(shuffled),
        )
    )


def _deck_positions(state: Scenario, window: Window) -> tuple[dict[str, int], set[str]]:
    """Each card's position in its deck after the window, and the players whose deck order is
    unknown from then on (a card shuffled into it)."""
    old_deck = sorted((c for c in state.cards.values() if c.zone == "deck"), key=lambda c: (c.owner, c.deck_pos))
    positions: dict[str, int] = {}
    # Where each card put into the deck goes: the position its event says (the bottom unless
    # it says otherwise); several cards put on top in one window leave the deck's order unknown (their owner
    # chooses it).
    placed_at: dict[str, str] = {}
    for event in sorted(window.happened, key=lambda e: e.order):
        if event.to_zone == "deck" and event.card is not None:
            placed_at[event.card] = event.position or "bottom"
    shuffled = set(state.shuffled)
    for owner in state.players:
        # A card of the deck put into it again (「かわりにそのカードを持ち主の山札の下に置く」) moves as added.
        stayed = [
            c.id for c in old_deck if c.owner == owner and window.final.get(c.id) == "deck" and c.id not in placed_at
        ]
        added = [c for c in placed_at if state.cards[c].owner == owner and window.final.get(c) == "deck"] + [
            c
            for c in state.cards
            if state.cards[c].owner == owner
            and state.cards[c].zone != "deck"
            and window.final.get(c) == "deck"
            and c not in placed_at
        ]
        top = [c for c in placed_at if placed_at[c] == "top" and c in added][::-1]
        bottom = [c for c in added if placed_at.get(c) != "top"]
        if any(placed_at.get(c) == "shuffle" for c in added) or len(top) > 1:
            # the order of this deck is unknown from now on: shuffled, or several cards put on its top at once, in
            # the order their owner chooses (seed 000: cards that join a deck at once are moved in any order)
            shuffled.add(owner)
        for i, card_id in enumerate(top + stayed + bottom, start=1):
            positions[card_id] = i
    return positions, shuffled


def _spent_once_per_turn(state: Scenario, window: Window) -> dict[str, frozenset[str]]:
    """「各ターンに1度」: for each card, its abilities so limited that applied in the window, each by its key
    (``CardInstance.ability_keys``), marked for the rest of the turn. The limit is each ability's: the card's
    other abilities are not used by it."""
    spent: dict[str, frozenset[str]] = {}
    for a in window.applied:
        card_id, index = a.replacement.card, a.replacement.ability
        if card_id is None or card_id not in state.cards or index < 1:
            continue
        card = state.cards[card_id]
        if card.replacements[index - 1].once_per_turn:
            spent[card_id] = spent.get(card_id, frozenset()) | {card.ability_keys()[index - 1]}
    return spent


def _other_side(card: CardInstance) -> CardInstance:
    """A card that flipped (解除, 龍解) as its other side: the abilities and keywords printed on the
    side it flipped from are gone (the 解除 of a card flipped by it does not keep it a second time);
    the other side's are those of the card its ``flips_to`` names when the card pool has it, and
    otherwise not stated (a card gives only its name)."""
    if card.definition is None:
        return card
    other = card.definition.other_side
    if other is not None:
        back = replace(card.definition, other_side=None)
        return replace(
            card,
            definition=replace(other, flips_to=card.definition.name, other_side=back),
            types=other.types,
            civilizations=other.civilizations,
            cost=other.cost,
            power=other.power if not other.power_sign else None,
            races=other.races,
            keywords=frozenset(other.keywords),
        )
    bare = replace(
        card.definition,
        replacements=(),
        triggers=(),
        restrictions=(),
        keywords=(),
        crossed_keywords=(),
        keyword_grants=(),
    )
    return replace(card, definition=bare, keywords=frozenset())


def _card_after(
    card_id: str,
    card: CardInstance,
    window: Window,
    deck_pos: int | None,
    flipped: bool,
    spent: frozenset[str] | None,
) -> CardInstance:
    """One card as the window left it."""
    zone = window.final.get(card_id, card.zone)
    under = window.final_under.get(card_id)
    equipped = card.equipped_to
    if equipped and (zone != "battle" or window.final.get(equipped) != "battle" or flipped):
        equipped = None
    fortifies = card.fortifies
    if fortifies and (zone != "shields" or window.final.get(fortifies) != "shields"):
        fortifies = None
    flags = card.flags | {"flipped"} if flipped else card.flags
    if flipped:
        card = _other_side(card)
    tapped = (card.tapped and card_id not in window.untapped) or card_id in window.tapped
    placed = card.placed if under is not None and under == card.under else under is not None and card.under is None
    placed = placed and zone == "battle"  # a shield's stack is one shield: none of it stays behind
    return replace(
        card,
        zone=zone,
        under=under,
        placed=placed,
        equipped_to=equipped,
        fortifies=fortifies,
        deck_pos=deck_pos,
        power=window.final_power.get(card_id, card.power),
        flags=flags,
        spent=card.spent | spent if spent else card.spent,
        controller=card.controller if zone == "battle" else card.owner,
        tapped=tapped,
        face_up=(card.face_up and zone == card.zone) or (card_id in window.face_up and zone == "shields"),
        face_down=(card.face_down and zone == card.zone and card_id not in window.face_up)
        or (card_id in window.face_down and zone == "mana"),
    )
