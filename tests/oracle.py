"""A brute-force oracle for one replacement window under the Duel Masters rules.

This is a second implementation of docs/semantics.md, written from that page
(and from docs/scenario-format.md for the vocabulary), not from the ASP
encodings. It enumerates every candidate resolution as a product of choices:
for each event of the effect, either no replacement, or one replacement that
watches it together with one choice of its affected cards. It then keeps the
candidates that pass the rules of the page, numbered as there:

    1  one per event                    5  source present
    2  affected cards                   6  unreplaceable events
    3  cards that cannot be moved       7  no chaining
    4  each affected card once          8  no card in two places
                                        9  priority and mandatory replacements

Only the part of the vocabulary that tests/test_oracle.py generates is
supported; anything else raises NotImplementedError instead of guessing.

``legal_resolutions(scenario)`` returns the legal resolutions in a canonical,
comparable form: a frozenset of ``(applications, final)`` pairs where
``applications`` is a frozenset of ``(event id, replacement id,
frozenset(chosen card ids))`` and ``final`` is a sorted tuple of ``(card id,
zone)`` for every card.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the oracle reads dmrules's data classes, it runs none of its solving code
    from dmrules.reading.abilities import Filter, ReplacementAbility, Slot
    from dmrules.reading.scenario import CardInstance, Event, Scenario

Canonical = frozenset[tuple[frozenset[tuple[str, str, frozenset[str]]], tuple[tuple[str, str], ...]]]

# Event kinds the oracle knows: each moves one card from its zone to another
# (the scenario loader puts from_zone / to_zone on every event).
SUPPORTED_EVENT_KINDS = ("destroy", "return_to_hand", "discard", "put_into_mana", "break", "move")


def _is_move(e: Event) -> bool:
    return e.from_zone is not None and e.to_zone is not None and e.from_zone != e.to_zone


# The classes of event a replacement can watch ("Which replacement watches
# which event"): a kind-named class matches events of that kind; the words for
# zone changes match any event that makes that zone change, whatever its kind.
WATCH_CLASSES = {
    "destroy": lambda e: e.kind == "destroy",
    "discard": lambda e: e.kind == "discard",
    "return_to_hand": lambda e: e.kind == "return_to_hand",
    "put_into_mana": lambda e: e.kind == "put_into_mana",
    "break": lambda e: e.kind == "break",
    "leave": lambda e: _is_move(e) and e.from_zone == "battle",
    "put_into_graveyard": lambda e: _is_move(e) and e.to_zone == "graveyard",
    "put_into_hand": lambda e: _is_move(e) and e.to_zone == "hand",
}

CONDITIONS = ("opponent_turn", "own_turn", "by_opponent", "by_self")
FILTER_FIELDS = ("whose", "types", "races", "other", "ids")
# The actions the oracle knows, with the fields each one uses.
ACTION_FIELDS = {
    "stay": ("kind",),
    "move": ("kind", "zone"),  # the event's card goes to zone instead
    "choose": ("kind", "slot"),  # N chosen cards move from one zone to another
    "move_source": ("kind", "zone", "verb"),  # R's own card is destroyed / moved
}


def _only(obj, where: str, known: tuple[str, ...]) -> None:
    """NotImplementedError if a field of the data class ``obj`` outside ``known`` is not at its default."""
    for f in dataclasses.fields(obj):
        if f.name in known:
            continue
        if f.default is not dataclasses.MISSING:
            default = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            raise NotImplementedError(f"{where}: field {f.name}")
        value = getattr(obj, f.name)
        if value != default and not (_empty(value) and _empty(default)):
            raise NotImplementedError(f"{where}: {f.name} = {value!r}")


def _empty(value) -> bool:
    """None, an empty collection, or a mapping of empty collections (a player -> words map)."""
    if isinstance(value, dict):
        return all(_empty(v) for v in value.values())
    return value is None or (isinstance(value, (tuple, list, set, frozenset, str)) and not value)


@dataclass(frozen=True)
class Replacement:
    """One replacement ability of one card, with its output id and its rank (rule 9)."""

    id: str
    card: str
    controller: str
    ability: ReplacementAbility
    rank: int

    @property
    def optional(self) -> bool:
        return self.ability.optional

    @property
    def slots(self) -> list[Slot]:
        return self.ability.slots()

    def moves_own_card(self) -> bool:
        return any(a.kind == "move_source" for a in self.ability.instead)

    def own_destination(self) -> str | None:
        """Where R sends its own card (``destroy_this`` / ``this_to``)."""
        return next((a.zone for a in self.ability.instead if a.kind == "move_source"), None)


@dataclass(frozen=True)
class Application:
    """R applied to E, with the cards chosen for each of R's choices (in slot order)."""

    replacement: Replacement
    event: Event
    chosen: tuple[tuple[str, ...], ...]

    @property
    def chosen_cards(self) -> frozenset[str]:
        return frozenset(c for group in self.chosen for c in group)

    @property
    def affected(self) -> frozenset[str]:
        """Rule 4: the chosen cards, and R's own card when R destroys or moves it."""
        own = {self.replacement.card} if self.replacement.moves_own_card() else set()
        return self.chosen_cards | own

    def made_moves(self) -> list[tuple[str, str]]:
        """The (card, zone) moves of the events this application makes happen instead."""
        moves: list[tuple[str, str]] = []
        slot_index = 0
        for action in self.replacement.ability.instead:
            if action.kind == "stay":
                continue
            if action.kind == "move":  # the event's card goes elsewhere
                moves.append((self.event.card, action.zone))
            elif action.kind == "choose":  # chosen cards are discarded / destroyed / moved
                moves.extend((c, action.slot.to_zone) for c in self.chosen[slot_index])
                slot_index += 1
            elif action.kind == "move_source":  # R's own card is destroyed or moved
                moves.append((self.replacement.card, action.zone))
            else:  # pragma: no cover - rejected by Oracle.check_supported
                raise NotImplementedError(f"action {action.kind}")
        return moves

    def key(self) -> tuple[str, str, frozenset[str]]:
        return (self.event.id, self.replacement.id, self.chosen_cards)


class Oracle:
    """Enumerates the legal resolutions of one scenario by brute force."""

    def __init__(self, scenario: Scenario):
        self.s = scenario
        self.check_supported()
        self.replacements: list[Replacement] = []
        for card in scenario.cards.values():
            abilities = card.replacements
            for index, ability in enumerate(abilities, start=1):
                rid = card.id if len(abilities) == 1 else f"{card.id}#{index}"
                # Rule 9: rank 0 for a spell's own movement (not supported here),
                # rank 1 for the turn player's, rank 2 for the non-turn player's.
                rank = 1 if card.controller == scenario.turn_player else 2
                self.replacements.append(Replacement(rid, card.id, card.controller, ability, rank))

    # -- the supported vocabulary ------------------------------------------------
    def check_supported(self) -> None:
        """Raise NotImplementedError for anything outside the supported vocabulary:
        every field the oracle does not read must keep its default value."""
        s = self.s
        if s.ruleset != "dm":
            raise NotImplementedError(f"ruleset {s.ruleset}")
        _only(s, "scenario", ("path", "ruleset", "players", "turn_player", "cards", "events", "steps",
                              "player_cannot", "effect_source", "effect_controller", "effect_by", "title", "note",
                              "ruling", "seeds", "rules", "expect"))
        # One window: the effect's events, happening at once (no later step, no
        # event whose card the effect chooses when the window opens).
        steps = getattr(s, "steps", ())
        if len(steps) > 1 or any(getattr(step, "condition", None) is not None for step in steps):
            raise NotImplementedError("an effect of several steps")
        if any(getattr(spec, "choose", None) is not None for step in steps for spec in step.events):
            raise NotImplementedError("an event whose card the effect chooses")
        for e in s.events:
            _only(e, f"event {e.id}", ("id", "kind", "order", "controller", "by", "cards", "from_zone", "to_zone",
                                       "source", "unreplaceable"))
            if e.kind not in SUPPORTED_EVENT_KINDS or len(e.cards) != 1 or e.from_zone == e.to_zone:
                raise NotImplementedError(f"event {e.id} of kind {e.kind}")
            if e.from_zone == "deck":  # a deck emptied this way makes a state-based loss
                raise NotImplementedError(f"event {e.id} moves a deck card")
        for card in s.cards.values():
            _only(card, f"card {card.id}", ("id", "zone", "owner", "controller", "definition", "deck_pos", "types",
                                            "civilizations", "cost", "power", "races", "tapped", "markers",
                                            "flags"))
            if card.owner != card.controller:
                raise NotImplementedError(f"card {card.id}: owner and controller differ")
            if "psychic" in card.types or "dragheart" in card.types:
                raise NotImplementedError(f"card {card.id}: hyperspatial cards")
            if "cannot_flip" in card.markers:
                raise NotImplementedError(f"card {card.id}: cannot_flip")
            if card.definition is not None:
                _only(card.definition, f"card {card.id}", ("name", "types", "civilizations", "cost", "power",
                                                           "races", "text", "replacements", "text_verified",
                                                           "note", "flips_to"))
                for ability in card.definition.replacements:
                    self._check_ability(ability, card.id)

    def _check_ability(self, ability: ReplacementAbility, where: str) -> None:
        _only(ability, where, ("watch", "instead", "optional", "works_in", "text", "note"))
        w = ability.watch
        _only(w, where, ("events", "subject", "filter", "conditions"))
        if any(ev not in WATCH_CLASSES for ev in w.events):
            raise NotImplementedError(f"{where}: watched events {w.events}")
        if w.subject not in (None, "this") or (w.subject is None and w.filter is None):
            raise NotImplementedError(f"{where}: watched subject {w.subject}")
        if w.filter is not None:
            _only(w.filter, where, FILTER_FIELDS)
        if any(c not in CONDITIONS for c in w.conditions):
            raise NotImplementedError(f"{where}: conditions {w.conditions}")
        for action in ability.instead:
            if action.kind not in ACTION_FIELDS:
                raise NotImplementedError(f"{where}: action {action.kind}")
            _only(action, where, ACTION_FIELDS[action.kind])
            if action.slot is not None:
                _only(action.slot.filter, where, FILTER_FIELDS)

    # -- reading the state before the window ---------------------------------------
    def card(self, card_id: str) -> CardInstance:
        return self.s.cards[card_id]

    def passes(self, f: Filter, card: CardInstance, r: Replacement) -> bool:
        """A filter, with own/opponent read from R's controller."""
        if f.whose == "own" and card.controller != r.controller:
            return False
        if f.whose == "opponent" and card.controller == r.controller:
            return False
        if f.types and not any(t in card.types for t in f.types):
            return False
        if f.races and not any(word in race for word in f.races for race in card.races):
            return False
        if f.other and card.id == r.card:
            return False
        if f.ids and card.id not in f.ids:
            return False
        return True

    # -- which replacement watches which event -------------------------------------
    def watches(self, r: Replacement, e: Event) -> bool:
        w = r.ability.watch
        # E is of a class R's text names.
        if not any(WATCH_CLASSES[cls](e) for cls in w.events):
            return False
        # E acts on the card R's text names.
        if w.subject == "this":
            if e.card != r.card:
                return False
        elif not self.passes(w.filter, self.card(e.card), r):
            return False
        # R's conditions hold.
        for cond in w.conditions:
            if cond == "opponent_turn" and self.s.turn_player == r.controller:
                return False
            if cond == "own_turn" and self.s.turn_player != r.controller:
                return False
            if cond == "by_opponent" and e.controller == r.controller:
                return False
            if cond == "by_self" and e.controller != r.controller:
                return False
        return True

    # -- conditions on one application, independent of the others -------------------
    def source_present(self, r: Replacement) -> bool:
        """Rule 5: R's card is in the zone where R works, not stacked under another card."""
        card = self.card(r.card)
        works_in = r.ability.works_in
        return (works_in == "any" or card.zone == works_in) and card.under is None

    def own_card_movable(self, r: Replacement) -> bool:
        """Rule 3 (second part): R cannot destroy / move its own card if that card cannot be."""
        card = self.card(r.card)
        for action in r.ability.instead:
            if action.kind != "move_source":
                continue
            if action.verb == "destroy" and "cannot_be_destroyed" in card.markers:
                return False
            if card.zone == "battle" and action.zone != "battle" and "cannot_leave" in card.markers:
                return False
        return True

    def choosable(self, r: Replacement, e: Event, slot: Slot) -> list[str]:
        """Rules 2 and 3: the cards one choice of R may take when R replaces E."""
        found = []
        for card in self.s.cards.values():
            # Rule 2: from the named zone, passing the filter, in the state
            # before the window, excluding the card E itself acts on.
            if card.zone != slot.from_zone or card.id == e.card or card.under is not None:
                continue
            if not self.passes(slot.filter, card, r):
                continue
            # Rule 3: a card that cannot be moved that way cannot be chosen.
            if slot.verb == "destroy" and "cannot_be_destroyed" in card.markers:
                continue
            if slot.from_zone == "battle" and slot.to_zone != "battle" and "cannot_leave" in card.markers:
                continue
            if "untouchable" in card.markers and card.controller != r.controller:
                continue
            if slot.verb == "discard" and "discard" in self.s.player_cannot.get(card.controller, frozenset()):
                continue
            found.append(card.id)
        return found

    def choices(self, r: Replacement, e: Event, excluded: list[frozenset[str]] | None = None):
        """Every way to fill R's choices with exactly N cards each (rules 2 and 3),
        no card twice and never R's own card when R moves it (rule 4 within one
        application). ``excluded`` sets cards aside, choice by choice (rule 9)."""
        slots = r.slots
        own = {r.card} if r.moves_own_card() else set()
        pools = [[c for c in self.choosable(r, e, slot)
                  if c not in own and (excluded is None or c not in excluded[i])]
                 for i, slot in enumerate(slots)]

        def fill(i: int, used: frozenset[str]):
            if i == len(slots):
                yield ()
                return
            for group in combinations([c for c in pools[i] if c not in used], slots[i].count):
                for rest in fill(i + 1, used | set(group)):
                    yield (tuple(group),) + rest

        yield from fill(0, frozenset())

    def forbidden(self, e: Event) -> bool:
        """Rule 3 and "What a resolution leads to": a restriction forbids the
        effect's event itself, which then does not happen (nor can it be replaced, 609.5)."""
        card = self.card(e.card)
        if e.kind == "destroy" and "cannot_be_destroyed" in card.markers:
            return True
        if e.from_zone == "battle" and e.to_zone != "battle" and "cannot_leave" in card.markers:
            return True
        return e.kind == "discard" and "discard" in self.s.player_cannot.get(card.owner, frozenset())

    def options(self, e: Event) -> list[Application]:
        """The applications that could replace E, each judged on its own."""
        if e.unreplaceable or self.forbidden(e):  # Rule 6; a forbidden event does not occur (609.5).
            return []
        found = []
        for r in self.replacements:
            if not self.watches(r, e):
                continue
            if not self.source_present(r):  # Rule 5
                continue
            if not self.own_card_movable(r):  # Rule 3
                continue
            for chosen in self.choices(r, e):  # Rules 2, 3 and 4 within one application
                found.append(Application(r, e, chosen))
        return found

    # -- what happens --------------------------------------------------------------
    @staticmethod
    def made_moves(apps: list[Application]) -> list[tuple[str, str]]:
        """The (card, zone) moves of the events the applications make."""
        return [move for a in apps for move in a.made_moves()]

    def happening_moves(self, apps: list[Application]) -> list[tuple[str, str]]:
        """The (card, zone) moves of the events that happen: the events the
        applications make, and the effect's events that were neither replaced
        (609.4) nor superseded (rule 8: an application's event moves their card)."""
        replaced = {a.event.id for a in apps}
        made = self.made_moves(apps)
        taken = {card for card, _ in made}
        effect = [(e.card, e.to_zone) for e in self.s.events
                  if e.id not in replaced and e.card not in taken and not self.forbidden(e)]
        return effect + made

    def no_card_in_two_places(self, apps: list[Application]) -> bool:
        """Rule 8: the events that happen never send one card to two different zones.
        An effect's event on a card that an application moves is superseded, so
        only the events made by applications can conflict."""
        dest: dict[str, str] = {}
        for card, zone in self.happening_moves(apps):
            if dest.setdefault(card, zone) != zone:
                return False
        return True

    def final(self, apps: list[Application]) -> dict[str, str]:
        """Where every card is after the window: its destination if it moves, else where it was."""
        dest = dict(self.happening_moves(apps))
        return {c.id: dest.get(c.id, c.zone) for c in self.s.cards.values()}

    # -- rule 9 --------------------------------------------------------------------
    def could_apply(self, r: Replacement, e: Event, apps: list[Application]) -> bool:
        """Rule 9: whether the mandatory R of rank k could apply to E, given the
        other applications of the candidate resolution."""
        if not self.watches(r, e):
            return False
        # Conditions 2-7 would hold for R: 5, 6, 3 for its own card ...
        if not self.source_present(r) or e.unreplaceable or self.forbidden(e) or not self.own_card_movable(r):
            return False
        # ... and, with the cards affected by the applications on other events
        # of rank <= k set aside (rule 4 towards them), enough usable cards remain.
        others = [a for a in apps if a.event.id != e.id and a.replacement.rank <= r.rank]
        set_aside: set[str] = set()
        for a in others:
            set_aside |= a.affected
        if r.moves_own_card() and r.card in set_aside:
            return False
        # Also set aside: the cards that those same applications' events send
        # elsewhere, i.e. to another zone than this choice would send them to;
        # and R cannot move or flip its own card if they send it elsewhere.
        going: dict[str, set[str]] = {}
        for card, zone in self.made_moves(others):
            going.setdefault(card, set()).add(zone)
        if r.moves_own_card() and going.get(r.card, set()) - {r.own_destination()}:
            return False
        excluded_per_slot = []
        for slot in r.slots:
            elsewhere = {c for c, zones in going.items() if zones - {slot.to_zone}}
            excluded_per_slot.append(frozenset(set_aside | elsewhere))
        return next(self.choices(r, e, excluded_per_slot), None) is not None

    def priority_respected(self, apps: list[Application]) -> bool:
        """Rule 9: a mandatory replacement that could apply forces a replacement of
        E, and forbids replacements of a later rank on E; a superseded event
        (rule 8) obliges nothing."""
        by_event = {a.event.id: a for a in apps}
        # The earliest rank at which an application decided to move each card (rule 8).
        moved_at: dict[str, int] = {}
        for a in apps:
            for card, _ in a.made_moves():
                moved_at[card] = min(moved_at.get(card, a.replacement.rank), a.replacement.rank)
        for e in self.s.events:
            applied = by_event.get(e.id)
            for r in self.replacements:
                if r.optional or not self.could_apply(r, e, apps):
                    continue
                if applied is None:  # some replacement must apply to E ...
                    if e.card in moved_at and moved_at[e.card] <= r.rank:
                        # ... unless E is superseded (rule 8) by a decision made no
                        # later than R's: it will not happen (609.5).
                        continue
                    return False
                if applied.replacement.rank > r.rank:  # no replacement of a later rank
                    return False
        return True

    # -- the enumeration -------------------------------------------------------------
    def resolutions(self) -> list[list[Application]]:
        events = list(self.s.events)
        options = [self.options(e) for e in events]
        legal: list[list[Application]] = []

        def walk(i: int, apps: list[Application], used: frozenset[str]) -> None:
            if i == len(events):
                # Rule 7 holds by construction: only the effect's events are
                # ever replaced, never the events an application makes.
                if self.no_card_in_two_places(apps) and self.priority_respected(apps):  # Rules 8, 9
                    legal.append(list(apps))
                return
            walk(i + 1, apps, used)  # Rule 1: E gets no replacement ...
            for a in options[i]:  # ... or exactly one.
                if a.affected & used:  # Rule 4: each affected card once in the whole window.
                    continue
                walk(i + 1, apps + [a], used | a.affected)

        walk(0, [], frozenset())
        return legal

    def canonical(self) -> Canonical:
        out = set()
        for apps in self.resolutions():
            final = tuple(sorted(self.final(apps).items()))
            out.add((frozenset(a.key() for a in apps), final))
        return frozenset(out)


def legal_resolutions(scenario: Scenario) -> Canonical:
    """The legal resolutions of ``scenario`` in canonical form (see the module docstring)."""
    return Oracle(scenario).canonical()
