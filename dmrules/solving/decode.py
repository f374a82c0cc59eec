"""Answer sets → outcome objects: the one place where the solver's atoms become the typed
resolutions of ``game/outcome.py``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
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


class Names:
    """How the solver's terms read: replacements, triggers and events by their ids, an event's
    place in the window's order, and a violation's details."""

    def __init__(self, scenario: Scenario, index: int = 1):
        self.scenario = scenario
        self.index = index
        self.events = {e.id: e for e in scenario.events}
        self.templates = {t.id: t for t in scenario.templates}
        self._refs: dict[int, ReplacementRef] = {}  # by symbol_key: an int hashes without calling clingo
        self._ids: dict[int, str] = {}

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


# How ``Builder._gather`` files a decoded atom: into a list (``_LISTED``, in the order found),
# into a mapping (``_MAPPED``, its value's first part to its second), as an event's attribute,
# or by a rule of its own (``_gather``'s last branches).
_LIST, _MAP, _ATTR, _OWN = 0, 1, 2, 3
_LISTED = (
    "happens",
    "replaced",
    "target",
    "triggered",
    "broken",
    "battle_loser",
    "sba",
    "used",
    "loses",
    "flipped",
    "untapped",
    "tapped_now",
    "face_up_now",
    "face_down_now",
    "violation",
)
_MAPPED = ("final", "made", "final_power", "final_under", "chooser", "trigger_times", "trigger_changed")
_UNMODELLED = {  # never listed as if it were followed (``unmodelled`` of the encodings)
    "tap_shared": "not modelled: a replacement chooses cards to tap (「…を1体選び、タップする」) that another "
    "replacement of the same window may tap too; which is decided first, and whether the other can still be done "
    "then, dmrules does not follow",
    # asp/common/options.lp
    "any_number_then": "not modelled: a replacement takes any number of cards (「好きな数」「N枚まで」) and goes on "
    "with a 「その後、」 step: applied with none taken, the step still happens, and whether it may be applied so, no "
    "rule or ruling says",
    # asp/common/feasible.lp
    "every_event_card": "not modelled: a text takes every card of a kind instead (「すべて」), and the card of the "
    "event it replaces is one of them: whether that card goes by its event or with the others, no rule says",
    "under_watched_shared": "not modelled: the cards under a creature sent elsewhere instead of the graveyard (「その"
    "クリーチャーの下にあるカードは、墓地に置くかわりに…」) while another replacement watches an event of that "
    "creature: whether that one still replaces the creature's own move, no rule says",
    "every_shared": "not modelled: a text takes every card of a kind instead (「すべて」), and one of them is "
    "another event's card, another replacement's own card or one it may choose (609.9b): whether the one taking "
    "every card takes it too, no rule says",
    # asp/sequential/order.lp
    "deck_order": "not modelled yet under the sequential ruleset: a card a replacement took from the top of a deck "
    "is replaced in turn while other cards are taken from that deck (the cards they take would not "
    "be followed)",
    # asp/common/result.lp, match.lp
    "trigger_changes": "not modelled: two abilities that change how often a triggered ability triggers could change "
    "the same trigger (which applies, or whether both do, no ruling says)",
    "discard_split": "a text watches a player's discard as a whole (「手札を捨てる時」), and the scenario states two "
    "discards of the cards it watches as events of their own: one discard or two, it does not say (state a discard of "
    "several cards as one event: {discard: [h1, h2]})",
    "break_split": "a text watches the break of a player's shields as a whole (「1つ以上ブレイクされる時」), and the "
    "scenario breaks the shields it watches in one window otherwise than by one event (an event each, a break of "
    "several beside another, a choice of shields), each of which would be replaced: name them in one event "
    "(break: [s1, s2])",
    "break_partly_replaced": "not modelled yet under the sequential ruleset: a text watches the break of a player's "
    "shields as a whole (「1つ以上ブレイクされる時」), and another replacement replaces the break of one of those "
    "shields first: the text could replace the break of the rest in turn, which dmrules cannot state",
    "break_mixed": "a text watches the break of a player's shields as a whole (「1つ以上ブレイクされる時」), and one "
    "event breaks shields of both players at once: it replaces the break of its player's shields alone, which dmrules "
    "cannot part from the other's (state each player's shields as an event of their own)",
    "caster_unknown": "who cast the spell is not said, and a text in this scenario reads it (「それを唱えた後」: the "
    "spell an ability of its card cast; 「こうして唱えた後」: the spell cast by its own permission): give 'cast_by' "
    "(the card whose ability cast it; the spell itself when its own リサイクル did)",
    "summon_cost_unknown": "a text watches a card put into the battle zone without its cost paid "
    "(「コストを支払わずに出る」), and the scenario does not say whether the summon paid its cost: give the summon's "
    "event 'cause: free' (「コストを支払わずに召喚」) or 'cause: paid'",
    "source_unknown": "a text reads the source of the effect (「クリーチャーの能力によって」, "
    "「このクリーチャーが…する時」, 「自分のドラゴンがシールドをブレイクする時」), and the effect names none: give "
    "the effect's 'source'",
    "twinpact_cast": "not modelled: a twinpact cast as a spell goes to the graveyard afterwards, and a text that "
    "does not watch a spell cast would see it as a card of both sides (its own card's ability, or one that reads a "
    "side: 「自分のクリーチャーが…墓地に置かれる時」): whether its creature side counts while it is a spell, no rule "
    "or ruling dmrules has says",
    "battle_partner_unknown": "a destruction by a battle that the scenario states without its battle: which creature "
    "it battled, which a text reads (「このクリーチャーとのバトルによって」, 「相手のクリーチャーとのバトルで」), "
    "is unknown (state the battle as a 'battle' event)",
    "afterwards_chained": "not modelled yet under the sequential ruleset: a replacement could replace an event of "
    "what another replacement makes happen after 「。その後、」 (101.5a), and which replacement made it (none "
    "replaces its own result) the window does not say",
    "pile_under": "not modelled: a card with cards under it (an evolution creature) is put under another card: "
    "its pile goes with it, which dmrules does not play",
    "under_leaving": "not modelled: a card is put under a card that leaves the battle zone in the same window "
    "(「…の下に置く」 of a creature destroyed or moved with it): where the card put under it ends, no rule or ruling "
    "says",
    "overflow_order": "not modelled: more cards arrive at once in a Duel Masters Play's zone than it has room for, and "
    "which of them overflow depends on the order they arrive in, which no rule or ruling says (cards the effect "
    "itself moves at once, or that replacements of one place on the board, or of none (the hand's), move; "
    "replacements apply in board order, DMPS-2)",
    "room_filled_first": "not modelled: a replacement that needs room in a zone (ブラックルシファー, P03) comes "
    "after another that puts cards into that zone in the board order Duel Masters Play's applies them in (DMPS-2), "
    "and the zone is full only after it: whether the replacement still applies, no ruling says",
    "evolution_put_out": "not modelled: a replacement would put an evolution creature into the battle zone, which "
    "goes onto a creature it evolves from and cannot be put there without one (which creatures it may go on, dmrules "
    "does not follow)",
    "partial_case": "not modelled: a card's structured form, written by hand, states its ability for a flag's case "
    "alone (its note names the flag), the card lacks that flag, and the event the ability watches happens: what its "
    "printed text does in the other case is not stated (give the flag when that case holds)",
    "linked_leaving": "not modelled: a linked god (flag linked, G・リンク) would leave the battle zone; the linked "
    "gods are one creature, and one of its cards is chosen to leave (「バトルゾーンを離れる時は、どちらか1枚を選ぶ」), "
    "which dmrules does not play",
    "castle_leaving": "not modelled: a castle whose shield leaves goes to the graveyard afterwards, and the castle's "
    "own replacement would replace that move (「この城が離れる時、かわりに…」): a later event dmrules does not play",
    "trigger_change_leaves": "not modelled: the card of an ability that changes how often a triggered ability "
    "triggers leaves where it works in the window whose triggers it would change (whether it still changes them, "
    "no ruling says)",
}


def _first_string(b: Builder, args: Sequence[Symbol]) -> str:
    return args[0].string


def _two_strings(b: Builder, args: Sequence[Symbol]) -> tuple[str, str]:
    return args[0].string, args[1].string


def _handle_of(b: Builder, args: Sequence[Symbol]) -> int:
    return b._handle(args[0])


# What each shown atom reads as, by its name: how it is filed, and its value.
_DECODERS: dict[str, tuple[int, Callable[[Builder, Sequence[Symbol]], Any]]] = {
    "apply": (_OWN, lambda b, a: (b._handle(a[0]), b._handle(a[1]))),
    "pick": (_OWN, lambda b, a: ((b._handle(a[0]), b._handle(a[1])), a[3].string)),
    "final": (_MAP, lambda b, a: (a[0].string, a[1].name)),
    "happens": (_LIST, _handle_of),
    "replaced": (_LIST, _handle_of),
    "derived": (_OWN, _handle_of),
    "sba": (_LIST, lambda b, a: a[0]),
    "made": (_MAP, lambda b, a: (b._handle(a[0]), (b._handle(a[1]), b._handle(a[2])))),
    "target": (_OWN, _two_strings),
    "triggered": (_LIST, lambda b, a: b.trigger(a[0], a[1])),
    "trigger_times": (_MAP, lambda b, a: (b.trigger(a[0], a[1]), a[2].number)),  # a trigger's count other than 1
    "trigger_changed": (_MAP, lambda b, a: (b.trigger(a[1], a[2]), b.replacement(a[0]))),  # what changed its count
    "loses": (_LIST, lambda b, a: name_of(a[0])),  # a player: pl("NAME")
    "broken": (_LIST, _first_string),
    "swap_failed": (_OWN, _first_string),
    "flipped": (_LIST, _first_string),
    "untapped": (_LIST, _first_string),
    "tapped_now": (_LIST, _first_string),
    "face_up_now": (_LIST, _first_string),
    "face_down_now": (_LIST, _first_string),
    "battle_loser": (_LIST, lambda b, a: (b.event_id(a[0]), a[1].string)),
    "final_power": (_MAP, lambda b, a: (a[0].string, a[1].number)),
    "chooser": (_MAP, lambda b, a: (a[0].string, name_of(a[1]))),  # a template and a player
    "final_under": (_MAP, _two_strings),
    "used": (_LIST, lambda b, a: b.replacement(a[0]).id),
    "violation": (_LIST, lambda b, a: (a[0].arguments[0].string, b.describe(a[1]))),
    "unit_profile": (_OWN, lambda b, a: (a[0].string, a[1])),
}


def _stacking_key(scenario: Scenario, key: Callable[[str], Any], final_under: dict[str, str]) -> tuple:
    """The cards that end under a card they were not under (a shield a card was put onto), in card
    order: a decision of the window's when its player picked that card."""
    cards = scenario.cards
    new = sorted((key(c), key(h)) for c, h in final_under.items() if c not in cards or cards[c].under != h)
    return (tuple(new),) if new else ()


class Builder(Names):
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
        super().__init__(scenario, index)
        self.classes = classes or []
        self.units = units or []
        self.label = label
        self.kind = kind
        self.card_order = {c: i for i, c in enumerate(scenario.cards)}
        # What each shown atom reads as, by the atom's clingo handle (its ``_rep``: equal
        # symbols have equal handles, and an int hashes without a call into clingo). Events
        # and replacements are named by their handle in what ``build`` gathers (``_sym``).
        self._decoded: dict[Any, tuple[int | None, str, Any]] = {}
        self._sym: dict[int, Symbol] = {}
        self._infos: dict[tuple, EventInfo] = {}

    # -- one answer set ---------------------------------------------------------
    def _decode(self, sym: Symbol) -> tuple[int | None, str, Any]:
        """How ``build`` files one shown atom and what it reads from it; read once per distinct
        atom (atoms recur from answer set to answer set, and each read of a symbol's parts is
        a call into clingo)."""
        name = sym.name
        found = _DECODERS.get(name)
        if found is not None:
            return found[0], name, found[1](self, sym.arguments)
        if name.startswith("event_"):
            args = sym.arguments
            return _ATTR, "event_", (self._handle(args[0]), name[6:], _text(args[1]))
        if name == "unmodelled":
            raise InputError(self.scenario.path, "ruleset", _UNMODELLED[sym.arguments[0].name])
        return None, name, None

    def _handle(self, sym: Symbol) -> int:
        key = symbol_key(sym)
        self._sym[key] = sym
        return key

    def _gather(self, symbols: Iterable[Symbol]) -> tuple:
        """The atoms of one answer set, filed: lists, mappings, the replacements applied
        ((replacement, event) handles -> cards), each event's attributes, the swaps that
        failed, the units' profiles, and the atoms a resolution keeps (``Window.atoms``)."""
        lists: dict[str, list] = {name: [] for name in _LISTED}  # happens, replaced: event handles
        # "made": event -> (the event it replaced, the replacement)
        maps: dict[str, dict] = {name: {} for name in _MAPPED}
        applied: dict[tuple[int, int], list[str]] = {}
        attrs: dict[int, dict[str, list[str]]] = {}
        failed: set[str] = set()
        profiles: dict[str, list[Symbol]] = {}
        atoms: list[Symbol] = []
        decoded = self._decoded
        for sym in symbols:
            key = symbol_key(sym)
            item = decoded.get(key)
            if item is None:
                item = decoded[key] = self._decode(sym)
            how, name, value = item
            if how == _ATTR:
                attrs.setdefault(value[0], {}).setdefault(value[1], []).append(value[2])
            elif how == _LIST:
                lists[name].append(value)
            elif how == _MAP:
                maps[name][value[0]] = value[1]
            elif name == "apply":
                applied.setdefault(value, [])
                atoms.append(sym)
            elif name == "pick":
                applied.setdefault(value[0], []).append(value[1])
                atoms.append(sym)
            elif name == "target":
                lists["target"].append(value)
                atoms.append(sym)
            elif name == "derived":
                attrs.setdefault(value, {})
            elif name == "swap_failed":
                failed.add(value)
            elif name == "unit_profile":
                profiles.setdefault(value[0], []).append(value[1])
        return lists, maps, applied, attrs, failed, profiles, atoms

    def _triggers(self, triggered: list, times: dict, changed: dict) -> tuple[tuple[Trigger, ...], ...]:
        """The triggers, each with how often it triggers and what changed that; and those a replacement stopped."""
        order = sorted(triggered, key=lambda t: (self._card_key(t.card), t.ability, t.event))
        stopped = sorted(set(changed) - set(triggered), key=lambda t: (self._card_key(t.card), t.ability, t.event))
        return (
            tuple(replace(t, times=times.get(t, 1), changed_by=changed.get(t)) for t in order),
            tuple(replace(t, times=0, changed_by=changed[t]) for t in stopped),
        )

    def build(self, symbols: Iterable[Symbol]) -> Window:
        lists, maps, applied, attrs, failed, profiles, atoms = self._gather(symbols)
        made, targets, card_key = maps["made"], lists["target"], self._card_key
        apps = self._applications(applied, failed)
        chosen = tuple(sorted(targets, key=lambda tc: (self.templates[tc[0]].order, card_key(tc[1]))))
        final = maps["final"]
        triggered, untriggered = self._triggers(lists["triggered"], maps["trigger_times"], maps["trigger_changed"])
        return Window(
            index=self.index,
            label=self.label,
            kind=self.kind,
            events=self._window_events(chosen, maps["chooser"]),
            applied=apps,
            final={c: final[c] for c in sorted(final, key=card_key)},
            happened=self._events(lists["happens"], made, attrs),
            replaced=self._events(lists["replaced"], made, attrs),
            lost=tuple(sorted(lists["loses"])),
            flipped=tuple(sorted(lists["flipped"], key=card_key)),
            untapped=tuple(sorted(lists["untapped"], key=card_key)),
            tapped=tuple(sorted(lists["tapped_now"], key=card_key)),
            face_up=tuple(sorted(lists["face_up_now"], key=card_key)),
            face_down=tuple(sorted(lists["face_down_now"], key=card_key)),
            triggered=triggered,
            untriggered=untriggered,
            broken=tuple(sorted(lists["broken"], key=card_key)),
            battle_losers=tuple(sorted(lists["battle_loser"])),
            sba=tuple((s.name, name_of(s.arguments[0])) for s in sorted(lists["sba"])),
            final_power=maps["final_power"],
            final_under=maps["final_under"],
            used=tuple(sorted(lists["used"])),
            multiplicity=self._multiplicity(applied, targets, profiles),
            units_folded=self._units_folded(profiles),
            violations=tuple(sorted(lists["violation"])),
            key=(chosen, tuple((self._order_of(a.event), a.event, a.replacement.id, a.chosen) for a in apps))
            + _stacking_key(self.scenario, self._card_key, maps["final_under"]),
            atoms=tuple(atoms),
            state=self.scenario,
        )

    def _applications(self, applied: dict[tuple[int, int], list[str]], failed: set[str]) -> tuple[Application, ...]:
        swap_of = {e.id: e.swap for e in self.scenario.events if e.swap}
        return tuple(
            sorted(
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
        infos = [EventInfo.given(e) for e in self.scenario.events]
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
            return EventInfo.given(self.events[sym.string])
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
