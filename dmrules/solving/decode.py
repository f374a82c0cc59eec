"""Answer sets → outcome objects: the one place where the solver's atoms become the typed
resolutions of ``game/outcome.py``."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import Any

from clingo import Symbol, SymbolType

from ..game.errors import InputError
from ..game.outcome import Application, EventInfo, ReplacementRef, Trigger, Window
from ..game.scenario import Scenario
from .facts import name_of
from .grouping import multiplicity, unit_ways


# A symbol's key in the dictionaries of ``Builder.build``, read once per shown atom of every
# answer set: clingo's handle of the symbol (``_rep``, an int: equal symbols have equal
# handles, and an int hashes without calling into clingo). It is not public API: the clingo
# versions it is known on are pinned in pyproject.toml and checked by tests/test_perf.py;
# without it, the symbol itself serves (the same answers, more slowly).
def _symbol_itself(sym: Symbol) -> Any:
    return sym


symbol_key: Callable[[Symbol], Any] = (
    attrgetter("_rep") if "_rep" in getattr(Symbol, "__slots__", ()) else _symbol_itself  # pragma: no branch
)


def _text(sym: Symbol) -> str:
    if sym.type == SymbolType.String:
        return sym.string
    if sym.type == SymbolType.Function and sym.name == "pl":
        return name_of(sym)
    if sym.type == SymbolType.Number:
        return str(sym.number)
    return str(sym)


class Builder:
    """Turns the shown atoms of one answer set into a ``Window``."""

    def __init__(
        self,
        scenario: Scenario,
        index: int = 1,
        label: str = "effect",
        kind: str = "effect",
        classes: list[list[str]] | None = None,
        units: list | None = None,
    ):
        self.scenario = scenario
        self.classes = classes or []
        self.units = units or []
        self.index = index
        self.label = label
        self.kind = kind
        self.events = {e.id: e for e in scenario.events}
        self.templates = {t.id: t for t in scenario.templates}
        self.card_order = {c: i for i, c in enumerate(scenario.cards)}
        self._refs: dict[int, ReplacementRef] = {}  # by symbol_key: an int hashes without calling clingo
        self._ids: dict[int, str] = {}
        # What each shown atom reads as, by the atom's clingo handle (its ``_rep``: equal
        # symbols have equal handles, and an int hashes without a call into clingo). Events
        # and replacements are named by their handle in what ``build`` gathers (``_sym``).
        self._decoded: dict[Any, tuple[str, Any]] = {}
        self._sym: dict[int, Symbol] = {}
        self._infos: dict[tuple, EventInfo] = {}

    # -- names ------------------------------------------------------------------
    def replacement(self, sym: Symbol) -> ReplacementRef:
        key = symbol_key(sym)  # an int: no call into clingo to hash or compare the symbol
        ref = self._refs.get(key)
        if ref is None:
            ref = self._refs[key] = self._make_ref(sym)
        return ref

    def _make_ref(self, sym: Symbol) -> ReplacementRef:
        if sym.name == "eff":
            effect_id = sym.arguments[0].string
            effect = next(e for e in self.scenario.effects if e.id == effect_id)
            source = self.scenario.cards.get(effect.source) if effect.source else None
            return ReplacementRef(
                id=effect_id,
                player=effect.controller,
                card=effect.source,
                name=source.name if source else None,
                text=effect.ability.text,
            )
        card_id, index = sym.arguments[0].string, sym.arguments[1].number
        card = self.scenario.cards[card_id]
        rid = card_id if len(card.replacements) == 1 else f"{card_id}#{index}"
        return ReplacementRef(
            id=rid,
            player=card.controller,
            card=card_id,
            ability=index,
            name=card.name,
            text=card.replacements[index - 1].text,
        )

    def trigger(self, sym: Symbol, event: Symbol) -> Trigger:
        card_id, index = sym.arguments[0].string, sym.arguments[1].number
        card = self.scenario.cards[card_id]
        return Trigger(card_id, index, card.name, card.triggers[index - 1].text, self.event_id(event), self.index)

    def event_id(self, sym: Symbol) -> str:
        key = symbol_key(sym)
        found = self._ids.get(key)
        if found is None:
            found = self._ids[key] = self._make_event_id(sym)
        return found

    def _make_event_id(self, sym: Symbol) -> str:
        if sym.type == SymbolType.String:
            return sym.string
        args = sym.arguments
        if sym.name == "res":
            text = f"{self.event_id(args[1])}/{self.replacement(args[0]).id}.{args[2].number}"
            if len(args) == 4:
                text += f":{args[3].string}"
            return text
        if sym.name == "tev":
            return f"{args[0].string}:{args[1].string}"
        if sym.name == "choice":
            return f"{args[0].string}/choice"
        if sym.name == "deck_out" and len(args) == 1:
            return f"{self.event_id(args[0])}/deck_out"
        if sym.name == "deck_out":
            return f"{self.event_id(args[1])}/{self.replacement(args[0]).id}.{args[2].number}/deck_out"
        return str(sym)

    def order(self, sym: Symbol) -> int:
        if sym.type == SymbolType.String:
            return self.events[sym.string].order
        if sym.name in ("tev", "choice"):
            return self.templates[sym.arguments[0].string].order
        if sym.name == "res" or (sym.name == "deck_out" and len(sym.arguments) == 3):
            return self.order(sym.arguments[1])
        return self.order(sym.arguments[0])

    # -- one answer set ---------------------------------------------------------
    def _decode(self, sym: Symbol) -> tuple[str, Any]:
        """What ``build`` reads from one shown atom; read once per distinct atom (atoms recur
        from answer set to answer set, and each read of a symbol's parts is a call into clingo)."""
        name, args = sym.name, sym.arguments
        k = self._handle
        if name == "apply":
            return name, (k(args[0]), k(args[1]))
        if name == "pick":
            return name, ((k(args[0]), k(args[1])), args[3].string)
        if name == "final":
            return name, (args[0].string, args[1].name)
        if name in ("happens", "replaced", "derived"):
            return name, k(args[0])
        if name == "sba":
            return name, args[0]
        if name == "made":
            return name, (k(args[0]), (k(args[1]), k(args[2])))
        if name.startswith("event_"):
            return "event_", (k(args[0]), name[6:], _text(args[1]))
        if name == "target":
            return name, (args[0].string, args[1].string)
        if name == "triggered":
            return name, self.trigger(args[0], args[1])
        if name == "loses":  # a player: pl("NAME")
            return name, name_of(args[0])
        if name in ("broken", "swap_failed", "flipped", "untapped", "tapped_now"):
            return name, args[0].string
        if name == "battle_loser":
            return name, (self.event_id(args[0]), args[1].string)
        if name == "final_power":
            return name, (args[0].string, args[1].number)
        if name == "chooser":  # a template and a player
            return name, (args[0].string, name_of(args[1]))
        if name == "final_under":
            return name, (args[0].string, args[1].string)
        if name == "used":
            return name, self.replacement(args[0]).id
        if name == "violation":
            return name, (args[0].arguments[0].string, self.describe(args[1]))
        if name == "unit_profile":
            return name, (args[0].string, args[1])
        if name == "unmodelled":  # asp/sequential/order.lp: never listed as if it were followed
            raise InputError(
                self.scenario.path,
                "ruleset",
                "not modelled yet under the sequential ruleset: a card a replacement took from the top of a deck "
                "is replaced in turn while other cards are taken from that deck (the cards they take would not "
                "be followed)",
            )
        return name, None

    def _handle(self, sym: Symbol) -> int:
        key = symbol_key(sym)
        self._sym[key] = sym
        return key

    def build(self, symbols: Iterable[Symbol]) -> Window:
        applied: dict[tuple[int, int], list[str]] = {}  # (replacement, event) handles -> cards
        final: dict[str, str] = {}
        happens: list[int] = []  # event handles
        replaced: list[int] = []
        made: dict[int, tuple[int, int]] = {}  # event -> (the event it replaced, the replacement)
        attrs: dict[int, dict[str, list[str]]] = {}
        lost: list[str] = []
        flipped: list[str] = []
        untapped: list[str] = []
        tapped: list[str] = []
        violations: list[tuple[str, str]] = []
        atoms: list[Symbol] = []
        targets: list[tuple[str, str]] = []
        triggered: list[Trigger] = []
        broken: list[str] = []
        losers: list[tuple[str, str]] = []
        sba: list[Symbol] = []
        power: dict[str, int] = {}
        under: dict[str, str] = {}
        failed: set[str] = set()
        choosers: dict[str, str] = {}
        used: list[str] = []
        profiles: dict[str, list[Symbol]] = {}
        decoded = self._decoded
        for sym in symbols:
            key = symbol_key(sym)
            item = decoded.get(key)
            if item is None:
                item = decoded[key] = self._decode(sym)
            name, value = item
            if name == "apply":
                applied.setdefault(value, [])
                atoms.append(sym)
            elif name == "pick":
                applied.setdefault(value[0], []).append(value[1])
                atoms.append(sym)
            elif name == "final":
                final[value[0]] = value[1]
            elif name == "happens":
                happens.append(value)
            elif name == "replaced":
                replaced.append(value)
            elif name == "made":
                made[value[0]] = value[1]
            elif name == "event_":
                attrs.setdefault(value[0], {}).setdefault(value[1], []).append(value[2])
            elif name == "derived":
                attrs.setdefault(value, {})
            elif name == "target":
                targets.append(value)
                atoms.append(sym)
            elif name == "triggered":
                triggered.append(value)
            elif name == "broken":
                broken.append(value)
            elif name == "battle_loser":
                losers.append(value)
            elif name == "sba":
                sba.append(value)
            elif name == "final_power":
                power[value[0]] = value[1]
            elif name == "final_under":
                under[value[0]] = value[1]
            elif name == "swap_failed":
                failed.add(value)
            elif name == "chooser":
                choosers[value[0]] = value[1]
            elif name == "used":
                used.append(value)
            elif name == "loses":
                lost.append(value)
            elif name == "flipped":
                flipped.append(value)
            elif name == "untapped":
                untapped.append(value)
            elif name == "tapped_now":
                tapped.append(value)
            elif name == "violation":
                violations.append(value)
            elif name == "unit_profile":
                profiles.setdefault(value[0], []).append(value[1])
        swap_of = {e.id: e.swap for e in self.scenario.events if e.swap}
        apps = sorted(
            (
                Application(
                    self.event_id(self._sym[e]),
                    self.replacement(self._sym[r]),
                    tuple(sorted(c, key=self._card_key)),
                    self.index,
                    void=swap_of.get(self.event_id(self._sym[e])) in failed,
                )
                for (r, e), c in applied.items()
            ),
            key=lambda a: (self._order_of(a.event), a.event, a.replacement.id),
        )
        chosen = tuple(sorted(targets, key=lambda tc: (self.templates[tc[0]].order, self._card_key(tc[1]))))
        return Window(
            index=self.index,
            label=self.label,
            kind=self.kind,
            events=self._window_events(chosen, choosers),
            applied=tuple(apps),
            final={c: final[c] for c in sorted(final, key=self._card_key)},
            happened=self._events(happens, made, attrs),
            replaced=self._events(replaced, made, attrs),
            lost=tuple(sorted(lost)),
            flipped=tuple(sorted(flipped, key=self._card_key)),
            untapped=tuple(sorted(untapped, key=self._card_key)),
            tapped=tuple(sorted(tapped, key=self._card_key)),
            triggered=tuple(sorted(triggered, key=lambda t: (self._card_key(t.card), t.ability, t.event))),
            broken=tuple(sorted(broken, key=self._card_key)),
            battle_losers=tuple(sorted(losers)),
            sba=tuple((s.name, name_of(s.arguments[0])) for s in sorted(sba)),
            final_power=power,
            final_under=under,
            used=tuple(sorted(used)),
            multiplicity=self._multiplicity(applied, targets, profiles),
            units_folded=self._units_folded(profiles),
            violations=tuple(sorted(violations)),
            key=(chosen, tuple((self._order_of(a.event), a.event, a.replacement.id, a.chosen) for a in apps)),
            atoms=tuple(atoms),
            state=self.scenario,
        )

    def _units_folded(self, profiles) -> tuple[str, ...]:
        return tuple(u.card for members in self.units if unit_ways([members], profiles) > 1 for u in members)

    def _multiplicity(self, applied, targets, profiles) -> int:
        if not self.classes and not self.units:
            return 1
        roles: dict[str, list] = {}
        for (r, e), cards in applied.items():
            for card in cards:
                roles.setdefault(card, []).append((str(self._sym[r]), str(self._sym[e])))
        for template, card in targets:
            roles.setdefault(card, []).append(template)
        return multiplicity(self.classes, roles, self.units, profiles)

    def _order_of(self, event_id: str) -> int:
        if event_id in self.events:
            return self.events[event_id].order
        template = event_id.split(":", 1)[0]
        return self.templates[template].order if template in self.templates and ":" in event_id else 10**6

    def _window_events(self, chosen, choosers) -> tuple[EventInfo, ...]:
        infos = [
            EventInfo(
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
            for e in self.scenario.events
        ]
        for template_id, card_id in chosen:
            t = self.templates[template_id]
            infos.append(
                EventInfo(
                    id=f"{template_id}:{card_id}",
                    kind=t.kind,
                    order=t.order,
                    cards=(card_id,),
                    from_zone=self.scenario.cards[card_id].zone if t.to_zone else None,
                    to_zone=t.to_zone,
                    source=t.source,
                    chosen_by=choosers.get(template_id),
                )
            )
        return tuple(infos)

    def _card_key(self, card_id: str):
        return (self.card_order.get(card_id, 10**6), card_id)

    def _events(self, handles: list[int], made: dict, attrs: dict) -> tuple[EventInfo, ...]:
        infos = [self._event(h, made, attrs) for h in handles]
        return tuple(sorted(infos, key=lambda e: (e.order, e.instead_of is not None, e.id)))

    def _event(self, handle: int, made: dict, attrs: dict) -> EventInfo:
        a = attrs.get(handle)
        key = (handle, made.get(handle), tuple((k, tuple(v)) for k, v in a.items()) if a else None)
        info = self._infos.get(key)
        if info is None:
            info = self._infos[key] = self._make_event(handle, made, attrs)
        return info

    def _make_event(self, handle: int, made: dict, attrs: dict) -> EventInfo:
        sym = self._sym[handle]
        if sym.type == SymbolType.String:
            e = self.events[sym.string]
            return EventInfo(
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
        if sym.name == "tev":
            t = self.templates[sym.arguments[0].string]
            card_id = sym.arguments[1].string
            return EventInfo(
                id=self.event_id(sym),
                kind=t.kind,
                order=t.order,
                cards=(card_id,),
                from_zone=self.scenario.cards[card_id].zone if t.to_zone else None,
                to_zone=t.to_zone,
                source=t.source,
            )
        if sym.name == "choice":
            t = self.templates[sym.arguments[0].string]
            return EventInfo(id=self.event_id(sym), kind="choose", order=t.order, player=t.chooser, source=t.source)
        a = attrs.get(handle, {})
        parent = made.get(handle)

        def one(key):
            values = a.get(key)
            return values[0] if values else None

        return EventInfo(
            id=self.event_id(sym),
            kind=one("kind") or "event",
            order=self.order(sym),
            cards=tuple(a.get("card", ())),
            player=one("player"),
            from_zone=one("from"),
            to_zone=one("to"),
            source=one("source"),
            instead_of=self.event_id(self._sym[parent[0]]) if parent else None,
            made_by=self.replacement(self._sym[parent[1]]).id if parent else None,
            position=one("position"),
        )

    def describe(self, sym: Symbol) -> str:
        """A violation's details with readable ids."""
        if sym.type == SymbolType.String:
            return sym.string
        if sym.type == SymbolType.Number:
            return str(sym.number)
        if sym.type == SymbolType.Function and sym.name == "pl":
            return name_of(sym)
        if sym.type == SymbolType.Function and sym.name in ("rep", "eff"):
            return self.replacement(sym).id
        if sym.type == SymbolType.Function and sym.name in ("res", "deck_out", "tev", "choice"):
            return self.event_id(sym)
        if sym.type == SymbolType.Function and sym.arguments:
            return f"{sym.name}(" + ",".join(self.describe(a) for a in sym.arguments) + ")"
        return str(sym)
