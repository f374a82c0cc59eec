"""What opens the windows after one: the conditions of an effect's later steps (101.3a), the
follow-ups a replacement's 「そうした場合」 makes (101.5a), a battle's result, and the
state-based checks once the effect is over (703.4)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from ..game.abilities import ReplacementAbility
from ..game.errors import InputError
from ..game.events import EventSpec, MovedCount, Step
from ..game.grants import board_of, card_passes
from ..game.outcome import Application, ReplacementRef, Window
from ..game.scenario import Scenario
from ..game.vocabulary import DECK_TOP_KINDS


@dataclass(frozen=True)
class Pending:
    """A window still to open: a step of events, under an effect."""

    step: Step
    controller: str
    source: str | None
    by: str
    label: str
    kind: str  # effect, follow-up, battle, state
    # (source, controller, by) its events are attributed to: an 「その後、」 step of a replacement is part of what the
    # replacement makes happen, whose events keep those of the event it replaced (110.5)
    acts_for: tuple[str | None, str, str] | None = None
    # the cards in each zone as the replacement was decided (card, zone): what its 「その後、」 step may choose
    zones_before: frozenset[tuple[str, str]] | None = None


def condition_holds(scenario: Scenario, step: Step, path: tuple[Window, ...]) -> bool:
    """「そうした場合」: 101.3a says attempting the action is enough; 「こうして…がN体以上なら」
    counts what the earlier events actually moved."""
    if step.moved is not None:
        return moved_count(scenario, step.moved, path) >= step.moved.at_least
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


def moved_count(scenario: Scenario, moved: MovedCount, path: tuple[Window, ...]) -> int:
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
            card = scenario.cards[event.card]
            board = board_of(scenario.cards.values())
            if card_passes(moved.filter, card, scenario.program.controller, scenario.program.source, board):
                cards.add(event.card)
    return len(cards)


def referee(scenario: Scenario, path: tuple[Window, ...]) -> Callable[..., int | None]:
    """The cost of the card an earlier event (or choice) acted on, before any replacement;
    or, with ``result``, of the card it actually moved (「こうして…したカード」): the event
    happened, and was neither replaced, superseded nor forbidden."""

    def cost_of(event_id: str, result: bool = False) -> int | None:
        for window in path:
            for event in window.happened if result else window.events:
                if result and event.instead_of:
                    continue  # a replacement's event is not the effect's result
                if (event.id == event_id or event.id.startswith(event_id + ":")) and event.card:
                    card = scenario.cards[event.card]
                    if card.definition is not None and card.definition.sides and event.from_zone != "battle":
                        # Either side's cost may be counted (the official Q&A on twinpacts).
                        raise InputError(
                            scenario.path,
                            "effect",
                            f"a later part reads the cost of {card.label}, a twinpact that was not in "
                            "the battle zone: either side's cost may be counted, and dmrules does not "
                            "list that choice",
                        )
                    return card.cost
        return None

    return cost_of


def revealed(event_id: str, path: tuple[Window, ...]) -> list[str]:
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


def _attribution(state: Scenario, event_id: str) -> tuple[str | None, str, str] | None:
    """(source, controller, by) of an event of the window's state: one of its events, or a card chosen by one of
    its choices (「e1.AR」 of the choice e1)."""
    for event in state.events:
        if event.id == event_id:
            return event.source, event.controller, event.by
    for template in state.templates:
        if event_id == template.id or event_id.startswith(template.id + "."):
            return template.source, template.controller, template.by
    return None


def _order_free(ability: ReplacementAbility) -> bool:
    """Whether the ability's follow-ups come out the same in any order among others': they make no event, or act on
    its own card alone with no choice and no place in a deck's order (「その後、このクリーチャーを山札に戻し、
    シャッフルする」)."""
    return all(
        spec.choose is None
        and set(spec.cards) <= {"this"}
        and not (spec.to_zone == "deck" and spec.position != "shuffle")
        and spec.kind not in ("draw", "mill", "reveal")
        and not (spec.kind in DECK_TOP_KINDS and not spec.cards)  # the top cards of a deck, taken by their order
        for step in ability.then
        for spec in step.events
    )


def _refuse_two_follow_ups(state: Scenario, window: Window) -> None:
    """Two different replacements applied in one window that each go on with a follow-up (「そうした場合」, 「その後」)
    are refused: each is a window of its own (101.5a), and in which order they come no rule or ruling says (one
    ability applied to several events says the same sentence each time, and is solved)."""
    following = {
        app.replacement.id: app
        for app in window.applied
        if not app.void and (a := _ability_of(state, app.replacement)) and not _order_free(a)
    }
    if len(following) > 1:
        raise InputError(
            state.path,
            "effect",
            "not modelled: two replacements applied in one window each go on with a follow-up (「そうした場合」, "
            f"「その後」: {', '.join(following)}), and in which "
            "order those come, no rule or ruling says",
        )


def _follow_up(state: Scenario, app: Application, step: Step, label: str) -> Pending:
    """The window of a replacement's follow-up step: a 「その後、」 step is what the replacement makes, attributed to
    the event it replaced and choosing among the cards as they were when it was decided."""
    if not step.afterwards:
        return Pending(step, app.player, app.replacement.card, "ability", label, "follow-up")
    before = frozenset((c.id, c.zone) for c in state.cards.values())
    acts_for = _attribution(state, app.event)
    return Pending(step, app.player, app.replacement.card, "ability", label, "follow-up", acts_for, before)


def follow_ups(state: Scenario, window: Window) -> list[Pending]:
    """The windows a solved window opens itself: its replacements' 「そうした場合」 sentences
    (101.5a), then its battles' results."""
    out: list[Pending] = []
    _refuse_two_follow_ups(state, window)
    for app in window.applied:
        if app.void:
            continue
        ability = _ability_of(state, app.replacement)
        replaced = next((e for e in window.events if e.id == app.event), None)
        refs = {
            "this": app.replacement.card,
            "event_card": replaced.card if replaced else None,
            "event_source": replaced.source if replaced else None,
        }
        gone = _moved_by_others(state, window, app)
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
                    # 「そうした場合、このクリーチャーを…」: a card another event of the window moved is a new card,
                    # which the step no longer names: that part does nothing
                    if not any(c in ("this", "event_card") and refs.get(c) in gone for c in e.cards)
                ),
                by=step.by,
                condition=condition,
                label=label,
                afterwards=step.afterwards,
            )
            out.append(_follow_up(state, app, step, label))
    battle = _battle_result(state, window)
    if battle is not None:
        out.append(battle)
    return out


def _battle_result(state: Scenario, window: Window) -> Pending | None:
    """The window of a battle's result: its losers destroyed."""
    if not window.battle_losers:
        return None
    events = {e.id: e for e in window.happened}
    specs = tuple(
        EventSpec(
            id=f"{battle}/loses:{card}",
            kind="destroy",
            cards=(card,),
            source=events[battle].source if battle in events else None,
            by="battle",
            partner=next((c for c in events[battle].cards if c != card), None) if battle in events else None,
        )
        for battle, card in window.battle_losers
    )
    battle = window.battle_losers[0][0]
    controller = next((e.controller for e in state.events if e.id == battle), state.turn_player)
    return Pending(
        Step(specs, by="battle", label=f"{battle}/result"), controller, None, "battle", f"{battle}/result", "battle"
    )


def _moved_by_others(state: Scenario, window: Window, app: Application) -> frozenset[str]:
    """The cards that changed zones in the window by an event the application did not make itself: each is a new
    card in its new zone, which its follow-up's 「このクリーチャー」「そのクリーチャー」 does not name (the card
    ネムカッチャン's L・ゲート kept in the battle zone, then destroyed instead of 神羅スカル・ムーン, is not put
    from the graveyard into the deck)."""
    return frozenset(
        card
        for e in window.happened
        if e.to_zone is not None and not (e.instead_of == app.event and e.made_by == app.replacement.id)
        for card in e.cards
        if card in state.cards and window.final.get(card, state.cards[card].zone) != state.cards[card].zone
    )


def _ability_of(state: Scenario, ref: ReplacementRef) -> ReplacementAbility | None:
    if ref.card is None or ref.card not in state.cards or ref.ability < 1:
        effect = next((e for e in state.effects if e.id == ref.id), None)
        return effect.ability if effect else None
    return state.cards[ref.card].replacements[ref.ability - 1]


def emptied(state: Scenario, final: Mapping[str, str], path: tuple[Window, ...], had_deck: set[str]) -> list[str]:
    """The players whose deck the effect has emptied: a deck that held cards in the
    scenario or when one of the effect's windows opened, and holds none where ``final``
    (card → zone) puts the cards of ``state``."""
    had = set(had_deck)
    for window in path:
        if window.state is not None:
            had.update(c.owner for c in window.state.cards.values() if c.zone == "deck")
    if not had:
        return []
    has = {state.cards[c].owner for c, zone in final.items() if zone == "deck" and c in state.cards}
    return [p for p in state.players if p in had and p not in has]


def state_checks(state: Scenario, path: tuple[Window, ...], had_deck: set[str]) -> Pending | None:
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
    for player in emptied(state, {c.id: c.zone for c in state.cards.values()}, path, had_deck):
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
    return _state_window(state, last, specs)


def overflow_checks(state: Scenario, path: tuple[Window, ...]) -> Pending | None:
    """Duel Masters Play's: cards the last window put over a zone's limit, put into the graveyard before the effect's
    next step (a card that moves over the limit is put into the graveyard as it moves, as the game's help says;
    seed 000's 「ゾーン溢れ」): a window of those checks alone. The other checks wait for the end of the effect."""
    last = path[-1]
    checks = [check for check in last.sba if check[0] == "overflow"]
    return _state_window(state, last, [sba_event(c, f"sba{last.index}.{n}") for n, c in enumerate(checks, start=1)])


def _state_window(state: Scenario, last: Window, specs: list[EventSpec]) -> Pending | None:
    """The window of the state-based checks after ``last``: its events, by the rules, if any."""
    if not specs:
        return None
    label = f"sba{last.index}"
    return Pending(Step(tuple(specs), by="rule", label=label), state.turn_player, None, "rule", label, "state")


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
