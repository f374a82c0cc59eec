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
from dataclasses import dataclass, replace

from ..game.cards import CardInstance
from ..game.errors import InputError, InternalError
from ..game.events import EventSpec, MovedCount, Step
from ..game.grants import card_passes, with_grants
from ..game.outcome import Resolution, Solution, Window
from ..game.realize import Realizer
from ..game.scenario import Scenario
from ..text import plural
from .facts import USED_THIS_TURN
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


@dataclass(frozen=True)
class Pending:
    """A window still to open: a step of events, under an effect."""

    step: Step
    controller: str
    source: str | None
    by: str
    label: str
    kind: str  # effect, follow-up, battle, state


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
            self.states.add(hash((tuple(sorted(resolution.final.items())), resolution.lost, resolution.flipped)))
            self.units_folded = self.units_folded or bool(resolution.units_folded)
        if self.on_resolution is not None:
            self.on_resolution(resolution)

    def _window(
        self, state: Scenario, item: Pending, queue: list[Pending], path: tuple[Window, ...], first_window: bool = False
    ) -> None:
        if self._full():
            return
        if first_window:
            window_state = state
            skipped: list[str] = list(self.scenario.first_notes)
            if self.scenario.deferred:
                queue = [replace(item, step=Step(self.scenario.deferred, by=item.by, label=item.label))] + queue
        else:
            if not self._condition_holds(item.step, path):
                return self._next(state, queue, path)
            realized = Realizer(
                state,
                strict=False,
                refer=self._referee(path),
                attempted=lambda ref: self._condition_holds(Step((), by="ability", condition=("attempted", ref)), path),
                revealed=lambda ref: self._revealed(ref, path),
            ).realize(item.step, item.controller, item.source, item.by)
            skipped = realized.skipped
            if realized.deferred:
                queue = [replace(item, step=Step(tuple(realized.deferred), by=item.step.by, label=item.label))] + queue
            if not realized.events and not realized.templates:
                return self._next(state, queue, path)
            window_state = replace(state, events=tuple(realized.events), templates=tuple(realized.templates))
        if window_state.shuffled:
            _refuse_deck_order(window_state)
        if len(path) >= self.max_windows:
            self.stopped = self.stopped or f"max_windows={self.max_windows}"
            return self._finish(
                path, stopped=f"stopped after {plural(self.max_windows, 'window')}; still to resolve: {item.label}"
            )
        remaining = None if self.deadline is None else max(self.deadline - time.monotonic(), 0.001)
        # Every answer of a window ends in at least one resolution, so one answer more
        # than the resolutions still wanted tells whether the count cuts anything.
        wanted = None if self.max_resolutions is None else self.max_resolutions - self.count + 1
        windows, cut = self.solve_window(
            window_state,
            len(path) + 1,
            item.label,
            item.kind,
            timeout=remaining,
            max_models=wanted,
            group=self.group,
            spill=SORTED_UP_TO,
        )
        if cut is None and not windows:
            raise no_resolution(window_state, len(path) + 1, item.label)
        if cut != "spill":
            if cut == "timeout":
                self.stopped = self.stopped or f"timeout={self.timeout}s"
            for window in windows:
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
        follow = self._follow_ups(window_state, window)
        new_path = path + (window,)
        if window.lost:
            self._finish(new_path)  # the game is over
            return
        if not follow and not queue and not window.sba and not self._emptied(window_state, window.final, new_path):
            self._finish(new_path)  # nothing opens another window: the state after it is not needed
            return
        self._next(advance(window_state, window), follow + queue, new_path)

    def _next(self, state: Scenario, queue: list[Pending], path: tuple[Window, ...]) -> None:
        if queue:
            return self._window(state, queue[0], queue[1:], path)
        checks = self._state_checks(state, path) if path else None
        if checks is None:
            return self._finish(path)
        return self._window(state, checks, [], path)

    # -- what opens the next windows ----------------------------------------------------
    def _condition_holds(self, step: Step, path: tuple[Window, ...]) -> bool:
        """「そうした場合」: 101.3a says attempting the action is enough; 「こうして…がN体以上なら」
        counts what the earlier events actually moved."""
        if step.moved is not None:
            return self._moved_count(step.moved, path) >= step.moved.at_least
        if step.condition is None:
            return True
        word, event = step.condition

        def names(infos):
            return {e.id for e in infos} | {e.id.split(":", 1)[0] for e in infos if ":" in e.id}

        if word == "attempted":
            return any(event in names(w.events) for w in path)
        if word == "happened":
            return any(event in names(w.happened) for w in path)
        return any(event in names(w.replaced) for w in path)

    def _moved_count(self, moved: MovedCount, path: tuple[Window, ...]) -> int:
        """The cards the events ``moved.events`` (and the events made from them: ``e1.CARD``,
        ``e1:CARD``) moved themselves: events that happened and no replacement made; a card a
        replacement kept or sent elsewhere, or a restriction kept, is not counted (R005). Their
        characteristics are read as the scenario gives them."""
        cards: set[str] = set()
        for window in path:
            for event in window.happened:
                if event.instead_of or event.card is None:
                    continue
                if not any(event.id == ref or event.id.startswith((ref + ".", ref + ":")) for ref in moved.events):
                    continue
                if moved.to_zone is not None and event.to_zone != moved.to_zone:
                    continue
                card = self.scenario.cards[event.card]
                if card_passes(moved.filter, card, self.scenario.program.controller, self.scenario.program.source):
                    cards.add(event.card)
        return len(cards)

    def _referee(self, path: tuple[Window, ...]):
        """The cost of the card an earlier event (or choice) acted on, before any replacement;
        or, with ``result``, of the card it actually moved (「こうして…したカード」): the event
        happened, and was neither replaced, superseded nor forbidden."""

        def cost_of(event_id: str, result: bool = False) -> int | None:
            for window in path:
                for event in window.happened if result else window.events:
                    if result and event.instead_of:
                        continue  # a replacement's event is not the effect's result
                    if (event.id == event_id or event.id.startswith(event_id + ":")) and event.card:
                        card = self.scenario.cards[event.card]
                        if card.definition is not None and card.definition.sides and event.from_zone != "battle":
                            # Either side's cost may be counted (the official Q&A on twinpacts).
                            raise InputError(
                                self.scenario.path,
                                "effect",
                                f"a later part reads the cost of {card.label}, a twinpact that was not in "
                                "the battle zone: either side's cost may be counted, and dmrules does not "
                                "list that choice",
                            )
                        return card.cost
            return None

        return cost_of

    @staticmethod
    def _revealed(event_id: str, path: tuple[Window, ...]) -> list[str]:
        """The cards a reveal event turned face up (「その中から」), in deck order: its own
        cards, or those a replacement revealed instead of it (E09), whatever happened."""
        cards: list[str] = []
        for window in path:
            ours = {event_id}
            infos = window.happened + window.replaced
            grown = True
            while grown:  # a replacement's event may itself have been replaced
                more = {e.id for e in infos if e.instead_of in ours or e.id.startswith(event_id + ".")}
                grown = not more <= ours
                ours |= more
            for event in window.happened:
                if event.kind == "reveal_card" and event.id in ours and event.card and event.card not in cards:
                    cards.append(event.card)
        return cards

    def _follow_ups(self, state: Scenario, window: Window) -> list[Pending]:
        out: list[Pending] = []
        for app in window.applied:
            if app.void:
                continue
            ability = self._ability(state, app.replacement)
            replaced = next((e for e in window.events if e.id == app.event), None)
            refs = {
                "this": app.replacement.card,
                "event_card": replaced.card if replaced else None,
                "event_source": replaced.source if replaced else None,
            }
            for k, step in enumerate(ability.then if ability else (), start=1):
                label = f"{app.event}/{app.replacement.id}.then{k}"
                # A step's 「そうした場合」 within the follow-ups names an earlier one's event (``then1.1``).
                condition = step.condition and (
                    step.condition[0],
                    f"{app.event}/{app.replacement.id}.{step.condition[1]}",
                )
                step = Step(
                    events=tuple(
                        replace(e, id=f"{label}.{j}", cards=tuple(refs.get(c) or c for c in e.cards))
                        for j, e in enumerate(step.events, 1)
                    ),
                    by=step.by,
                    condition=condition,
                    label=label,
                )
                out.append(Pending(step, app.player, app.replacement.card, "ability", label, "follow-up"))
        if window.battle_losers:
            events = {e.id: e for e in window.happened}
            specs = tuple(
                EventSpec(
                    id=f"{battle}/loses:{card}",
                    kind="destroy",
                    cards=(card,),
                    source=events[battle].source if battle in events else None,
                    by="battle",
                )
                for battle, card in window.battle_losers
            )
            battle = window.battle_losers[0][0]
            controller = next((e.controller for e in state.events if e.id == battle), state.turn_player)
            out.append(
                Pending(
                    Step(specs, by="battle", label=f"{battle}/result"),
                    controller,
                    None,
                    "battle",
                    f"{battle}/result",
                    "battle",
                )
            )
        return out

    def _ability(self, state: Scenario, ref):
        if ref.card is None or ref.card not in state.cards or ref.ability < 1:
            effect = next((e for e in state.effects if e.id == ref.id), None)
            return effect.ability if effect else None
        return state.cards[ref.card].replacements[ref.ability - 1]

    def _emptied(self, state: Scenario, final, path: tuple[Window, ...]) -> list[str]:
        """The players whose deck the effect has emptied: a deck that held cards in the
        scenario or when one of the effect's windows opened, and holds none where ``final``
        (card → zone) puts the cards of ``state``."""
        had = set(self._had_deck)
        for window in path:
            if window.state is not None:
                had.update(c.owner for c in window.state.cards.values() if c.zone == "deck")
        if not had:
            return []
        has = {state.cards[c].owner for c, zone in final.items() if zone == "deck" and c in state.cards}
        return [p for p in state.players if p in had and p not in has]

    def _state_checks(self, state: Scenario, path: tuple[Window, ...]) -> Pending | None:
        """The state-based checks (703.4) after the effect: events of a new window, if any.
        A player whose deck the effect emptied loses, in whichever of its windows the deck
        became empty (the last window's own checks see only what it emptied)."""
        last = path[-1]
        # A check whose event an earlier state-based window already made, and which a
        # restriction kept from happening there (a creature of power 0 that cannot leave:
        # neither happened nor replaced), changes nothing again.
        idle = {
            (e.kind, e.cards)
            for w in path
            if w.kind == "state"
            for e in w.events
            if e.id not in {h.id for h in (*w.happened, *w.replaced)}
        }
        made = [sba_event(check, "") for check in last.sba]
        checks = [c for c, spec in zip(last.sba, made) if (spec.kind, spec.cards) not in idle]
        specs = [sba_event(check, f"sba{last.index}.{n}") for n, check in enumerate(checks, start=1)]
        out_already = {arg for what, arg in last.sba if what == "deck_out"}
        lost = {p for w in path for p in w.lost}
        for player in self._emptied(state, {c.id: c.zone for c in state.cards.values()}, path):
            if player not in out_already and player not in lost:
                specs.append(
                    EventSpec(
                        id=f"sba{last.index}.{len(specs) + 1}",
                        kind="lose",
                        player=player,
                        cause="deck_empty",
                        by="rule",
                    )
                )
        if not specs:
            return None
        label = f"sba{last.index}"
        return Pending(Step(tuple(specs), by="rule", label=label), state.turn_player, None, "rule", label, "state")


def no_resolution(state: Scenario, index: int, label: str) -> InternalError:
    """The error for a window the solver found no legal resolution of."""
    return InternalError(
        f"{state.path}: no legal resolution of window {index} ({label}): every situation has at least one "
        "(a replacement that cannot apply is not applied, 609.4), so this is a fault of dmrules's model, "
        "not an answer; please report it with the scenario"
    )


def sba_event(check: tuple[str, str], event_id: str) -> EventSpec:
    """The event a state-based check makes happen."""
    what, arg = check
    if what == "lone_card":
        return EventSpec(id=event_id, kind="move", cards=(arg,), to_zone="graveyard", by="rule")
    if what == "no_power":
        return EventSpec(id=event_id, kind="destroy", cards=(arg,), by="rule")
    if what == "deck_out":
        return EventSpec(id=event_id, kind="lose", player=arg, cause="deck_empty", by="rule")
    if what == "overflow":
        return EventSpec(id=event_id, kind="overflow", cards=(arg,), to_zone="graveyard", by="rule")
    raise ValueError(f"unknown state-based check {check}")  # pragma: no cover - after.lp makes only these


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
                f"earlier part of the effect, and {who} may take cards from the top of a deck "
                "instead: which cards is unknown, so dmrules cannot list the resolutions",
            )


def advance(state: Scenario, window: Window) -> Scenario:
    """The state after a window: every card where the window left it."""
    cards: dict[str, CardInstance] = {}
    old_deck = sorted((c for c in state.cards.values() if c.zone == "deck"), key=lambda c: (c.owner, c.deck_pos))
    positions: dict[str, int] = {}
    # Where each card put into the deck goes: the position its event says (the bottom unless
    # it says otherwise); cards put on top one after another end with the last one on top.
    placed_at: dict[str, str] = {}
    for event in sorted(window.happened, key=lambda e: e.order):
        if event.to_zone == "deck" and event.card is not None:
            placed_at[event.card] = event.position or "bottom"
    shuffled = set(state.shuffled)
    for owner in state.players:
        stayed = [c.id for c in old_deck if c.owner == owner and window.final.get(c.id) == "deck"]
        added = [
            c
            for c in state.cards
            if state.cards[c].owner == owner and state.cards[c].zone != "deck" and window.final.get(c) == "deck"
        ]
        top = [c for c in placed_at if placed_at[c] == "top" and c in added][::-1]
        bottom = [c for c in added if placed_at.get(c) != "top"]
        if any(placed_at.get(c) == "shuffle" for c in added):
            shuffled.add(owner)  # the order of this deck is unknown from now on
        for i, card_id in enumerate(top + stayed + bottom, start=1):
            positions[card_id] = i
    flipped = set(window.flipped)
    # 「各ターンに1度」: a card whose ability so limited applied is marked for the rest of the turn.
    spent = {
        a.replacement.card
        for a in window.applied
        if a.replacement.card is not None
        and a.replacement.card in state.cards
        and a.replacement.ability >= 1
        and state.cards[a.replacement.card].replacements[a.replacement.ability - 1].once_per_turn
    }
    for card_id, card in state.cards.items():
        zone = window.final.get(card_id, card.zone)
        under = window.final_under.get(card_id)
        equipped = card.equipped_to
        if equipped and (zone != "battle" or window.final.get(equipped) != "battle" or card_id in flipped):
            equipped = None
        fortifies = card.fortifies
        if fortifies and (zone != "shields" or window.final.get(fortifies) != "shields"):
            fortifies = None
        flags = card.flags | {"flipped"} if card_id in flipped else card.flags
        if card_id in spent:
            flags = flags | {USED_THIS_TURN}
        tapped = (card.tapped and card_id not in window.untapped) or card_id in window.tapped
        placed = card.placed if under is not None and under == card.under else under is not None and card.under is None
        cards[card_id] = replace(
            card,
            zone=zone,
            under=under,
            placed=placed,
            equipped_to=equipped,
            fortifies=fortifies,
            deck_pos=positions.get(card_id),
            power=window.final_power.get(card_id, card.power),
            flags=flags,
            controller=card.controller if zone == "battle" else card.owner,
            tapped=tapped,
            face_up=card.face_up and zone == card.zone,
            face_down=card.face_down and zone == card.zone,
        )
    this_turn = {p: set(words) for p, words in state.this_turn.items()}
    for event in window.events:
        if event.kind == "break":
            for card_id in event.cards:
                this_turn.setdefault(state.cards[card_id].owner, set()).add("shield_break")
    effects = tuple(e for e in state.effects if e.id not in window.used)
    return with_grants(
        replace(
            state,
            cards=cards,
            events=(),
            templates=(),
            effects=effects,
            this_turn={p: frozenset(words) for p, words in this_turn.items()},
            shuffled=frozenset(shuffled),
        )
    )
