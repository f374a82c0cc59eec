"""Scenario files: a game situation and the effect that makes events happen.

``load_scenario(path)`` reads a YAML scenario (docs/scenario-format.md),
checks it, and returns a ``Scenario``. Every problem is an ``InputError``
naming the file, the place and the problem.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from ..cache import cache_root, content_key, load, reading_key, store
from ..game.abilities import ReplacementAbility, bind_chosen, unsolved
from ..game.cards import MARKERS, CardDef, CardInstance
from ..game.errors import InputError, Where
from ..game.events import EventSpec, Step
from ..game.filters import each_filter
from ..game.grants import with_grants
from ..game.limits import DMPS_LIMITS, check_within_limits
from ..game.realize import Realizer
from ..game.scenario import (
    EFFECT_DURATIONS,
    PAST_KINDS,
    PLAYER_ACTIONS,
    THIS_TURN,
    About,
    EffectInPlay,
    EffectProgram,
    PastEvent,
    Scenario,
)
from ..game.vocabulary import CIVILIZATIONS, EFFECT_BY, EVENT_FROM, EVENT_TO, RULESETS, ZONES
from .abilities import parse_ability
from .carddb import CardDatabase, bundled, parse_card, require_counts
from .cardtext.normalize import COST_SAID_FIRST
from .coherence import (
    check_choice_references,
    check_effect_has_source,
    check_effect_sources,
    face_down_warnings,
    step_node,
)
from .events import read_event, read_instead, read_steps
from .keepable import decode, encode
from .keywords import is_soul
from .named import check_named_cards
from .reader import Node, has_control, shorten, unsafe_description
from .statics import CHANGE_KINDS, OWN, printed_changes
from .yamlsrc import load_located, load_located_text, located_from_bytes, place_text, read_bounded

MAX_CARDS = 400
MAX_EVENTS = 60
# What the solver grounds grows with (replacement, event it can watch, card it
# can choose): beyond this, grounding alone takes more than about ten seconds
# and hundreds of megabytes, which --timeout cannot cut short.
MAX_COMBINATIONS = 50_000

SCENARIO_FIELDS = (
    "ruleset",
    "title",
    "source",
    "note",
    "turn",
    "players",
    "effect",
    "replacement_effects",
    "happened_this_turn",
    "expect",
    "expect_under",
)
PLAYER_FIELDS = ZONES + ("cannot", "this_turn", "limits")
CARD_ENTRY_FIELDS = (
    "id",
    "card",
    "owner",
    "tapped",
    "face_up",
    "face_down",
    "cost",
    "power",
    "races",
    "civilizations",
    "keywords",
    "under",
    "placed_under",
    "equipped_to",
    "fortifies",
    "component_of",
    "ex_life_of",
    "flags",
    "note",
) + MARKERS
EFFECT_FIELDS = ("source", "controller", "by", "cast_from", "cast_by", "events", "instead", "then", "printed")
SOURCE_FIELDS = ("ruling", "seeds", "rules", "note")


@dataclass(frozen=True)
class _Cast:
    """What the effect says of the spell it is (when it is one): the zone it was cast from, and the card whose
    ability cast it (「…を唱えてもよい。それを唱えた後、…」); the default of each of its spell_to_graveyard events."""

    cast_from: str | None
    cast_by: str | None


def load_scenario(path: str | Path, db: CardDatabase | None = None) -> Scenario:
    """Read and check a scenario file. With the bundled cards, a file read before (the same
    name and the same bytes, under the same dmrules) is taken from the cache folder
    (``dmrules/cache.py``) instead of being read again."""
    if db is not None:
        return read_scenario(Node.root(load_located(path)), db)

    raw = read_bounded(path)
    name = os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike)) else str(path)
    kept = _kept_file(name, raw)
    scenario = _load_kept(kept)
    if scenario is None:
        scenario = read_scenario(Node.root(located_from_bytes(raw, name)))
        _store_kept(kept, scenario)
    return scenario


def _kept_file(name: str, raw: bytes) -> Path | None:

    root, key = cache_root(), reading_key()
    if root is None or key is None:
        return None
    return root / f"scenarios-{key}" / f"{content_key(name, raw)}.json"


def _load_kept(path: Path | None) -> Scenario | None:
    """A scenario kept at ``path`` (JSON: ``keepable.py``), its bundled cards the database's own
    objects; None when absent, edited, or of the wrong shape."""
    kept = load(path)
    if kept is None:
        return None
    try:
        scenario = decode(kept, bundled().find)
    except ValueError:
        return None
    return scenario if isinstance(scenario, Scenario) else None


def _store_kept(path: Path | None, scenario: Scenario) -> None:

    if path is None:
        return
    try:
        value = encode(scenario, bundled().find)
    except ValueError:  # something that is not kept
        return
    store(path, value)


def scenario_from_text(text: str, name: str = "<scenario>", db: CardDatabase | None = None) -> Scenario:
    """Read and check a scenario from YAML text; ``name`` stands for the file in error messages."""
    return read_scenario(Node.root(load_located_text(text, name)), db)


def read_scenario(root: Node, db: CardDatabase | None = None) -> Scenario:
    return _Reader(root, db or bundled()).read()


def _player_names(players_node: Node) -> tuple[str, str]:
    """The two players' names, none empty or with control characters."""
    names = [name for name, _ in players_node.items()]
    if len(names) != 2:
        raise players_node.error(f"a scenario has exactly two players, found {len(names)}")
    for name in names:
        if not name.strip():
            raise players_node.error("a player's name cannot be empty")
        if has_control(name):
            raise players_node.error(
                "a player's name cannot contain control characters such as NUL or a "
                "line break, bidi overrides, line separators or zero-width characters; "
                f"found {unsafe_description(name)}",
                name,
            )
    return (names[0], names[1])


def _zone_limits(node: Node, ruleset: str) -> dict[str, int]:
    """A player's zone limits, which only Duel Masters Play's ruleset has."""
    limits = {zone: element.integer(0, MAX_CARDS) for zone, element in node.items()}
    for zone in limits:
        if zone not in ZONES:
            raise node.error(f"unknown zone '{zone}' (zones: {', '.join(ZONES)})", zone)
        if zone not in DMPS_LIMITS:
            raise node.error(
                f"no limit can be given to the zone '{zone}' (zones with one: battle, hand, shields)", zone
            )
    if ruleset != "dmps":
        raise node.error(
            "zone limits are Duel Masters Play's (ruleset: dmps, which has its own: battle 7, hand 10, "
            f"shields 10); the card game has none, and this scenario's ruleset is '{ruleset}'"
        )
    return limits


# The words a replacement's follow-up step names a card by, besides a card's id (solving/nextwindows.py)
_STEP_REFS = ("this", "event_card", "event_source")


def _check_step_cards(scenario: Scenario) -> None:
    """Every card a replacement's follow-up step names by id is in the scenario: found when the scenario is read,
    never halfway through its solution."""
    abilities = scenario.replacement_abilities()
    for ability in abilities:
        for spec in (spec for step in ability.then for spec in step.events):
            for card_id in spec.cards:
                if card_id not in scenario.cards and card_id not in _STEP_REFS:
                    where = spec.cards_node or spec.node
                    problem = f"no card with id '{card_id}' is in any zone"
                    raise where.error(problem) if where is not None else InputError(scenario.path, "", problem)


def _past_zones(node: Node, kind: str) -> tuple[str | None, str | None]:
    """Where a past event took its card and sent it: the zones its kind says (the vocabulary's), ``from``/``to``
    the rest. A summon is a creature put into the battle zone, from the hand unless ``from`` says."""
    key = "put_into_battle" if kind == "summon" else kind
    froms, to_zone = EVENT_FROM.get(key), EVENT_TO.get(key)
    given_from, given_to = node.opt_text("from", None, ZONES), node.opt_text("to", None, ZONES)
    if (given_from and froms and given_from not in froms) or (given_to and to_zone and given_to != to_zone):
        where = "/".join(froms) if froms else "any zone"
        raise node.error(f"a '{kind}' event goes from {where} to {to_zone or 'any zone'}")
    if kind == "move" and not given_to:
        raise node.error("a past 'move' says where the card went ('to')")
    default_from = "hand" if kind == "summon" else (froms[0] if froms and len(froms) == 1 else None)
    return given_from or default_from, given_to or to_zone


def _past_events(node: Node, cards: Mapping[str, CardInstance]) -> tuple[PastEvent, ...]:
    """``happened_this_turn``: the events that already happened this turn before the effect, in the effect's
    event syntax (``{destroy: C1}``, ``{summon: C2, from: mana}``, ``{move: C3, to: graveyard}``): what the
    conditions 「このターン、…ていれば」 count."""
    out = []
    for item in node.elements():
        item.expect(dict)
        kinds = [k for k in PAST_KINDS if item.has(k)]
        if len(kinds) != 1:
            raise item.error(f"a past event names one kind of event as its key ({', '.join(PAST_KINDS)})")
        kind = kinds[0]
        item.keys((kind, "from", "to"))
        card = item.child(kind).text()
        if card not in cards:
            raise item.error(f"no card '{card}' in the scenario", kind)
        out.append(PastEvent(kind, card, *_past_zones(item, kind)))
    return tuple(out)


class _Reader:
    """A scenario file read: the players, their cards (``_CardsReader``), the effect
    (``_EffectReader``), what the file says about itself, and the checks (``_Checks``)."""

    def __init__(self, root: Node, db: CardDatabase):
        self.root = root
        self.parts = _CardsReader(db)

    def read(self) -> Scenario:
        root = self.root.keys(SCENARIO_FIELDS, required=("turn", "players", "effect"))
        ruleset = root.opt_text("ruleset", "dm", RULESETS)
        players_node = root.child("players").expect(dict)
        players = _player_names(players_node)
        turn = root.child("turn").text(players)
        cannot, this_turn, limits = self._read_players(players_node, players, ruleset)
        cards = self.parts.cards
        if len(cards) > MAX_CARDS:
            raise players_node.error(f"{len(cards)} cards; a scenario holds at most {MAX_CARDS}")
        self.parts.check_links()
        scenario = Scenario(
            path=root.located.path,
            ruleset=ruleset,
            players=players,
            turn_player=turn,
            cards=cards,
            player_cannot=cannot,
            this_turn=this_turn,
            happened_this_turn=_past_events(root.child("happened_this_turn"), cards)
            if root.has("happened_this_turn")
            else (),
            limits=limits,
        )
        effect = _EffectReader(root, cards)
        scenario = effect.read_effect(root.child("effect"), scenario)
        self.parts.warnings.extend(check_effect_sources(root.child("effect"), scenario))
        self.parts.warnings.extend(face_down_warnings(cards, self.parts.card_nodes))
        if root.has("replacement_effects"):
            scenario = replace(
                scenario, effects=tuple(effect.read_effects(root.child("replacement_effects"), scenario))
            )
        scenario = replace(scenario, about=self._about(root, ruleset))
        if ruleset == "dmps":
            check_within_limits(scenario)
        _check_step_cards(scenario)
        checks = _Checks(root, self.parts.card_nodes)
        checks.check_size(scenario)
        checks.check_characteristics(scenario)
        granted = with_grants(scenario)  # what the cards in play give others
        checks.check_keywords(granted)
        checks.check_powers(scenario)
        checks.check_static_changes(granted)
        checks.check_cost_said_first(granted)
        check_named_cards(root.located, scenario)  # a card named by id where its text looks for it

        return granted

    def _read_players(
        self, players_node: Node, players: tuple[str, str], ruleset: str
    ) -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]], dict[str, dict[str, int]]]:
        """Each player's cards (read into ``parts``), what they cannot do, what they did this turn,
        and their zone limits (Duel Masters Play's)."""
        cannot: dict[str, frozenset[str]] = {}
        this_turn: dict[str, frozenset[str]] = {}
        limits: dict[str, dict[str, int]] = {}
        for name, pnode in players_node.items():
            if pnode.value is None:
                continue
            pnode.keys(PLAYER_FIELDS)
            cannot[name] = frozenset(pnode.opt_texts("cannot", PLAYER_ACTIONS))
            this_turn[name] = frozenset(pnode.opt_texts("this_turn", THIS_TURN))
            if pnode.has("limits"):
                limits[name] = _zone_limits(pnode.child("limits"), ruleset)
            for zone in ZONES:
                if pnode.has(zone):
                    self.parts.read_zone(pnode.child(zone), name, zone, players)
        return cannot, this_turn, limits

    def _about(self, root: Node, ruleset: str) -> About:
        """What the file says about itself: its title and note, the ruling it checks, what it expects."""
        expect_under: dict[str, Node] = {}
        if root.has("expect_under"):
            for name, node in root.child("expect_under").items():
                if name not in RULESETS:
                    raise node.error(f"unknown ruleset '{name}' (rulesets: {', '.join(RULESETS)})")
                if name == ruleset:
                    raise node.error(f"the scenario's own ruleset is '{ruleset}': write its expectation in 'expect'")
                expect_under[name] = node
        source = root.child("source").keys(SOURCE_FIELDS) if root.has("source") else None
        return About(
            title=root.opt_text("title"),
            note=root.opt_text("note"),
            ruling=source.opt_text("ruling") if source else None,
            seeds=tuple(str(s) for s in source.opt_texts("seeds")) if source else (),
            rules=tuple(str(s) for s in source.opt_texts("rules")) if source else (),
            expect=root.child("expect") if root.has("expect") else None,
            expect_under=expect_under,
            warnings=tuple(self.parts.warnings),
            player_lines={
                name: line for name in root.child("players").value if (line := root.located.line(("players", name)))
            },
        )


def _with_other_side(card: CardDef, db: CardDatabase) -> CardDef:
    """An inline card whose 'flips_to' names a bundled card: that card is its other side, whose
    abilities and characteristics it has once it flips (解除, 龍解, 覚醒)."""
    other = db.find(card.flips_to) if card.flips_to else None
    if other is None or other.name != card.flips_to:
        return card
    return replace(card, other_side=other)


# 「自分の墓地」「自分の手札」: a zone of the text's 「自分」, which the reading of a card's move takes as its owner's
_OWN_ZONE = re.compile(r"自分の(?:墓地|手札|マナゾーン|山札|シールド)")


def _definition_problem(
    definition: CardDef | None, abilities: tuple[ReplacementAbility, ...], remedy: str = ""
) -> str | None:
    """Why a card (or the side it may flip to) cannot be played: its text unread (``remedy`` said after it), or an
    ability (not one its spell or ability creates for a time) that uses a part the solver does not model."""
    if definition is not None and definition.unread:
        return f"the card-text compiler cannot read its printed text yet ({definition.unread}){remedy}"
    for index, ability in enumerate(abilities, start=1):
        gaps = unsolved(ability) if ability.duration is None else []
        if gaps:
            return (
                f"its ability {index} ({shorten(ability.text or '')}) uses {', '.join(dict.fromkeys(gaps))}, "
                "which the solver does not model yet"
            )
    return None


def _named_id_warning(node: Node, card_id: str) -> str:
    """An id that is a bundled card's name, with no card given: a card of no type and no ability, said so."""
    return str(
        node.error(
            f"'{card_id}' is the id of a card with no type and no ability here, not the bundled card of that name "
            f"(write '{{id: ..., card: {card_id}}}' to use it)"
        )
    )


class _CardsReader:
    """The cards of the players' zones: each entry read, its definition found or read inline,
    the links between cards checked; what it warns of on the way (an inline card that replaces a
    bundled one, a bundled card's caveat)."""

    def __init__(self, db: CardDatabase):
        self.db = db
        self.cards: dict[str, CardInstance] = {}
        self.card_nodes: dict[str, Node] = {}
        self.warnings: list[str] = []
        self._caveats: set[str] = set()  # the cards already warned about

    def read_zone(self, node: Node, player: str, zone: str, players: tuple[str, str]) -> None:
        for position, element in enumerate(node.listed(), start=1):
            if isinstance(element.value, list):
                raise element.error("expected a card: an id or a mapping with 'id', found a list")
            if not isinstance(element.value, dict):
                card_id, definition, fields = element.identifier(), None, None
            else:
                element.keys(CARD_ENTRY_FIELDS, required=("id",))
                card_id = element.child("id").identifier()
                definition = self._definition(element.child("card")) if element.has("card") else None
                fields = element
            if fields is not None and fields.has("face_up") and zone != "shields":
                raise fields.error(
                    "only a shield can be face up (シールド・ゴー): 'face_up' is for the shields zone", "face_up"
                )
            if fields is not None and fields.has("face_down") and zone not in ("battle", "mana"):
                raise fields.error(
                    "'face_down' is for a card of the battle or mana zone put face down (every other one is face "
                    "up; the shields are face down, and a shield put face up says 'face_up')",
                    "face_down",
                )
            if card_id in self.cards:
                other = self.card_nodes[card_id]
                raise element.error(f"card id '{card_id}' is used twice (also at {_where(other)})")
            if definition is None and self.db.find(card_id) is not None:
                self.warnings.append(_named_id_warning(element, card_id))
            owner = player
            if fields is not None and fields.has("owner"):
                owner = fields.child("owner").text(players)
            base = definition
            instance = CardInstance(
                id=card_id,
                zone=zone,
                owner=owner,
                controller=player,
                definition=definition,
                deck_pos=position if zone == "deck" else None,
                types=base.types if base else (),
                civilizations=base.civilizations if base else (),
                cost=base.cost if base else None,
                power=base.power if base and not base.power_sign else None,
                races=base.races if base else (),
                keywords=frozenset(base.keywords) if base else frozenset(),
            )
            if fields is not None:
                instance = self._with_properties(fields, instance)
            if definition is not None and definition.unknown_in_play:
                given = set(fields.value) if fields is not None else set()
                if "keywords" in given:
                    given.add("souls")  # the scenario states the card's souls with its keywords
                instance = _replace(instance, unknown=frozenset(definition.unknown_in_play) - given)
            self._check_solvable(element, instance)
            self.cards[card_id] = instance
            self.card_nodes[card_id] = element

    def _check_solvable(self, node: Node, card: CardInstance) -> None:
        """Refuse a card whose abilities, or those of the side it may flip to, use a part the solver does not
        model yet."""
        problem = _definition_problem(
            card.definition, card.replacements, "; define the card inline with its 'replacements'"
        )
        if problem:
            raise node.error(f"{card.label}: {problem}")
        said = next((m for a in card.replacements if (m := _OWN_ZONE.search(a.text or ""))), None)
        if card.owner != card.controller and said is not None:
            raise node.error(
                f"{card.label}: its controller is not its owner, and its text says 「{said.group(0)}」: a card goes "
                "to its owner's zones, and whether 「自分の」 there names its owner's or its controller's, the "
                "reading does not keep; not modelled"
            )
        other = card.definition.other_side if card.definition is not None else None
        problem = _definition_problem(other, other.replacements) if other is not None else None
        if other is not None and problem:
            raise node.error(
                f"{card.label}: its other side {other.name} ('flips_to'), which it has once it flips: {problem}"
            )
        for index, ability in enumerate(card.replacements, start=1):
            if ability.duration is not None:
                # An effect its spell or ability creates: not the card's while it is somewhere; in play once
                # created, as the scenario's effect (its 'replacement_effects'), which the scenario says
                self.warnings.append(
                    str(
                        node.error(
                            f"{card.label}: its ability {index} is an effect its spell or ability creates "
                            f"('duration: {ability.duration}'); it is in play only as listed under "
                            "'replacement_effects', with this card as its source"
                        )
                    )
                )

    def _definition(self, node: Node) -> CardDef:
        if isinstance(node.value, dict):
            card = parse_card(node, from_text=True)
            known = self.db.find(card.name)
            if known is not None:
                # An inline card overrides the bundled card of that name in this scenario (for
                # example a card given by its printed text), and says so.
                self.warnings.append(
                    str(
                        node.child("name").error(
                            f"this inline card replaces the bundled card {known.name} in this scenario "
                            f"(write 'card: {known.name}' to use the bundled one)"
                        )
                    )
                )
            return _with_other_side(card, self.db)
        name = node.text()
        found = self.db.find(name)
        if found is None:
            hints = self.db.suggest(name)
            hint = f"; did you mean {' or '.join(repr(h) for h in hints)}?" if hints else ""
            raise node.error(
                f"unknown card '{shorten(name)}'{hint} (define it inline with name, type and replacements)"
            )
        card = found
        caveat = card.caveat
        if caveat and card.name not in self._caveats:
            # Said once per card: the answer is right for the abilities as written, which may
            # not be all of the real card's (``dmrules cards NAME`` shows them).
            self._caveats.add(card.name)
            self.warnings.append(
                str(
                    node.error(
                        f"{card.name}: {caveat}; an answer that turns on what it leaves "
                        f"out may not hold for the real card"
                    )
                )
            )
        return card

    def _with_properties(self, node: Node, card: CardInstance) -> CardInstance:
        changes: dict = {}
        if card.definition is not None and card.definition.sides:
            for key in ("cost", "power", "races", "civilizations"):
                if node.has(key):
                    raise node.error(
                        f"{card.label} is a twinpact: its '{key}' is each side's, stated on its sides", key
                    )
        if node.has("cost"):
            changes["cost"] = node.child("cost").integer(0, 999)
        if node.has("power"):
            changes["power"] = node.child("power").integer(0, 10_000_000)
        if node.has("races"):
            changes["races"] = tuple(node.opt_texts("races"))
        if node.has("civilizations"):
            changes["civilizations"] = tuple(node.opt_texts("civilizations", CIVILIZATIONS))
        if node.has("keywords"):
            changes["keywords"] = card.keywords | frozenset(node.opt_texts("keywords"))
        changes["tapped"] = node.opt_bool("tapped")
        changes["face_up"] = node.opt_bool("face_up")
        changes["face_down"] = node.opt_bool("face_down")
        for link in ("under", "equipped_to", "fortifies", "component_of", "ex_life_of"):
            if node.has(link):
                changes[link] = node.child(link).text()
        if node.has("placed_under"):
            if node.has("under"):
                raise node.error("give either 'under' (an evolution source) or 'placed_under', not both")
            changes["under"] = node.child("placed_under").text()
            changes["placed"] = True
        changes["markers"] = frozenset(m for m in MARKERS if node.opt_bool(m))
        changes["flags"] = frozenset(node.opt_texts("flags"))
        return _replace(card, **changes)

    def check_places(self) -> None:
        """Each card where it can be: tapped in the battle or mana zone, a weapon equipped in the battle zone,
        a psychic card in the battle or hyperspatial zone, a pile in one player's battle zone."""
        for card_id, card in self.cards.items():
            node = self.card_nodes[card_id]
            if card.tapped and card.zone not in ("battle", "mana"):
                raise node.error(
                    f"a card in the {card.zone} zone cannot be tapped (only the battle and mana zones')", "tapped"
                )
            if card.equipped_to is not None and card.zone != "battle":
                raise node.error(
                    f"a weapon equipped to a creature is in the battle zone, not the {card.zone} zone", "equipped_to"
                )
            if "psychic" in card.types and card.zone not in ("battle", "hyperspatial"):
                raise node.error(
                    f"a psychic card is in the battle or hyperspatial zone, not the {card.zone} zone", "card"
                )
            if card.under is None or card.under not in self.cards:
                continue
            link = "placed_under" if card.placed else "under"
            if card.zone not in ("battle", "shields"):
                raise node.error(f"no card is stacked under another in the {card.zone} zone", link)
            top = self.cards[card.under]
            if card.zone == "battle" and top.zone == "battle" and top.controller != card.controller:
                raise node.error(
                    f"'{card.under}' is in the battle zone of '{top.controller}': a card under it is listed there "
                    "too (its owner given by 'owner')",
                    link,
                )

    def check_links(self) -> None:
        self.check_places()
        for card_id, card in self.cards.items():
            node = self.card_nodes[card_id]
            if card.component_of is not None and card.zone != "battle":
                raise node.error("a component card is in the battle zone, with its creature", "component_of")
            if card.ex_life_of is not None and card.zone != "shields":
                raise node.error("an 「EXライフ」 shield is in the shield zone", "ex_life_of")
            for link, zone_rule in (
                ("under", None),
                ("equipped_to", "battle"),
                ("fortifies", "shields"),
                ("component_of", "battle"),
                ("ex_life_of", "battle"),
            ):
                target = getattr(card, link)
                if target is None:
                    continue
                if target not in self.cards:
                    raise node.error(f"'{link}' names card '{target}', which is in no zone", link)
                if target == card_id:
                    raise node.error(f"a card cannot be '{link}' itself", link)
                other = self.cards[target]
                if link == "under" and other.zone != card.zone:
                    raise node.error(
                        f"is in the {card.zone} zone but '{target}' it is under is in the {other.zone} zone", link
                    )
                if zone_rule and other.zone != zone_rule:
                    raise node.error(f"'{target}' is in the {other.zone} zone, not the {zone_rule} zone", link)
            seen = set()
            top = card
            while top.under is not None:
                if top.id in seen:
                    raise node.error("cards stacked under each other in a circle", "under")
                seen.add(top.id)
                top = self.cards[top.under]
            if card.under is not None and top.id != card.under:
                link = "placed_under" if card.placed else "under"
                raise node.error(
                    f"'{card.under}' is itself stacked under '{self.cards[card.under].under}': a pile has one top "
                    f"card, every card of it is '{link}: {top.id}'",
                    link,
                )


class _EffectReader:
    """The effect (its program and the events of its first window) and the replacement effects in
    play, whose card references name the cards read."""

    def __init__(self, root: Node, cards: dict[str, CardInstance]):
        self.root = root
        self.cards = cards
        self._spec_nodes: dict[str, Node] = {}  # the first step's events as written, by id

    def _card_ref(self, node: Node) -> str:
        card_id = node.text()
        if card_id not in self.cards:
            raise node.error(f"no card with id '{card_id}' is in any zone")
        return card_id

    def _player_ref(self, node: Node, players: tuple[str, str]) -> str:
        return node.text(players)

    def _printed_effect(self, node: Node, program: EffectProgram) -> Node:
        """``printed: true``: the effect's steps read from its source card's printed text
        (dmrules/reading/cardtext/effect.py), as the effect's ``events``, ``instead`` and
        ``then`` would be written. Errors name the card and the phrase not read."""
        for key in ("events", "instead", "then"):
            if node.has(key):
                raise node.error(
                    f"an effect read from its source card's printed text ('printed: true') gives no '{key}' of its own",
                    key,
                )
        if program.source is None:
            raise node.error("an effect read from its card's printed text ('printed: true') needs its 'source'")
        card = self.cards[program.source]
        text = card.definition.text if card.definition is not None else None
        if not text:
            raise node.error(f"{card.label} has no printed text to read the effect from", "printed")
        # Loaded only here, for an effect read from its card's text (the parser is slow to import).
        from .cardtext.effect import Unread, effect_steps

        try:
            steps = effect_steps(text, program.by, own=program.controller)
        except Unread as unread:
            raise node.error(
                f"{card.label}: its printed text is not read as the effect's steps: "
                f"「{unread.phrase}」: {unread.problem}; dmrules does not model this effect yet "
                "(list its 'events' by hand)",
                "printed",
            ) from None
        value = {"events": steps[0]["events"]}
        if "instead" in steps[0]:
            value["instead"] = steps[0]["instead"]
        if len(steps) > 1:
            value["then"] = steps[1:]
        return Node(node.located, node.place + ("printed",), value)

    def read_effect(self, node: Node, scenario: Scenario) -> Scenario:
        """The scenario with the effect's program and the events and choices of its first window."""
        node.keys(EFFECT_FIELDS, required=("controller",))
        program = EffectProgram(
            controller=self._player_ref(node.child("controller"), scenario.players),
            source=self._card_ref(node.child("source")) if node.has("source") else None,
            by=node.opt_text("by", "ability", EFFECT_BY) or "ability",
        )
        # where the spell was cast from, and the card whose ability cast it: the default of its spell_to_graveyard
        cast_by = self._card_ref(node.child("cast_by")) if node.has("cast_by") else None
        cast = _Cast(node.opt_text("cast_from", None, ZONES), cast_by)
        steps_node = self._printed_effect(node, program) if node.opt_bool("printed") else node
        elements = steps_node.child("events").listed()
        if not elements:
            raise node.error("the effect makes no event happen", "events")
        if len(elements) > MAX_EVENTS:
            raise node.error(f"{len(elements)} events; an effect makes at most {MAX_EVENTS} happen at once", "events")
        first = self._first_step(steps_node, elements, program, cast)
        later = self._later_steps(steps_node, program, cast)
        _check_cast_fields(node, program.by, later)
        check_choice_references((first, *later))
        scenario = replace(scenario, program=replace(program, steps=(first, *later)))
        realized = Realizer(scenario, strict=True).realize(first, program.controller, program.source, program.by)
        self._check_window(realized.events, elements)
        _check_later_ids(realized, later, first.events[-1])
        return replace(
            scenario,
            events=tuple(realized.events),
            templates=tuple(realized.templates),
            deferred=tuple(realized.deferred),
            first_notes=tuple(realized.skipped),
        )

    def _first_step(self, steps_node: Node, elements: list[Node], program: EffectProgram, cast: _Cast) -> Step:
        """The effect's first step: its events as written (each id once) and what happens instead."""
        specs = tuple(self._spec(read_event(e, f"e{i}"), cast, program.by) for i, e in enumerate(elements, start=1))
        for spec in specs:
            if spec.id in self._spec_nodes:
                raise _written(spec).error(
                    f"event id '{spec.id}' is used twice (also at {_where(self._spec_nodes[spec.id])})", "id"
                )
            self._spec_nodes[spec.id] = spec.node
        instead = read_instead(steps_node.child("instead"), "e") if steps_node.has("instead") else None
        if instead is not None:
            instead = replace(instead, events=tuple(self._spec(e, cast, program.by) for e in instead.events))
        return Step(
            events=specs,
            source=program.source,
            controller=program.controller,
            by=program.by,
            label="effect",
            instead=instead,
        )

    def _later_steps(self, steps_node: Node, program: EffectProgram, cast: _Cast) -> tuple[Step, ...]:
        """The effect's later steps (``then``), with the effect's source, controller and kind (``by``) by default."""
        later = read_steps(steps_node.child("then"), "s", by=program.by) if steps_node.has("then") else ()
        return tuple(
            replace(
                step,
                events=tuple(self._spec(e, cast, step.by) for e in step.events),
                instead=step.instead
                and replace(step.instead, events=tuple(self._spec(e, cast, step.by) for e in step.instead.events)),
                source=step.source or program.source,
                controller=step.controller or program.controller,
            )
            for step in later
        )

    def _spec(self, spec, cast: _Cast, by: str):
        """Check the card and player references of an event as written (its step of the kind ``by``)."""
        if spec.kind == "put_into_battle" and spec.cause == "paid" and (spec.by or by) != "summon":
            raise _written(spec).error(
                "a card put into the battle zone otherwise than by a summon is put there without its cost paid: "
                "'cause: paid' is for a summon (by: summon)",
                "cause",
            )
        for card_id in spec.cards:
            if card_id not in self.cards:
                raise (spec.cards_node or spec.node).error(f"no card with id '{card_id}' is in any zone")
        if spec.source is not None and spec.source not in self.cards:
            raise _written(spec).error(f"no card with id '{spec.source}' is in any zone")
        if spec.cast_by is not None and spec.cast_by not in self.cards:
            raise _written(spec).error(f"no card with id '{spec.cast_by}' is in any zone", "cast_by")
        if spec.kind == "spell_to_graveyard" and spec.cast_from is None and cast.cast_from:
            spec = replace(spec, cast_from=cast.cast_from)
        if spec.kind == "spell_to_graveyard" and spec.cast_by is None and cast.cast_by:
            spec = replace(spec, cast_by=cast.cast_by)
        return spec

    def _check_window(self, events, elements) -> None:
        ids: dict[str, str] = {}
        subjects: dict[str, str] = {}
        for event in events:
            node = self._event_node(event.id)
            if event.id in ids:
                if node is not None:
                    raise node.error(f"event id '{event.id}' is used twice")
                raise InputError(self.root.located.path, "effect.events", f"event id '{event.id}' is used twice")
            ids[event.id] = event.id
            if event.kind == "battle" or event.is_group:
                continue
            for card_id in event.cards:
                if card_id in subjects:
                    problem = (
                        f"card '{card_id}' is already moved by event '{subjects[card_id]}'; "
                        "one effect moves a card once"
                    )
                    if node is not None:
                        raise node.error(problem)
                    raise InputError(self.root.located.path, "effect.events", problem)
                subjects[card_id] = event.id

    def _event_node(self, event_id: str) -> Node | None:
        """The event as written that a realized event comes from (``e1``, or ``e1.2`` of a mill of several)."""
        nodes = self._spec_nodes
        return nodes.get(event_id) or nodes.get(event_id.rsplit(".", 1)[0]) or nodes.get(event_id.split(":", 1)[0])

    def _chosen_bound(self, element: Node, ability: ReplacementAbility) -> ReplacementAbility:
        """``chosen: [C1, ...]``: the creatures an earlier sentence of the effect's text chose, which its watch of
        「そのクリーチャー」 (``card: chosen``) names."""
        if not element.has("chosen"):
            return ability
        if ability.watch.subject != "chosen":
            raise element.error(
                "'chosen' names the creatures an earlier sentence chose, which the effect watches as "
                "「そのクリーチャー」 (card: chosen); this effect watches none",
                "chosen",
            )
        cards = tuple(self._card_ref(n) for n in element.child("chosen").elements())
        if not cards or len(set(cards)) != len(cards):
            raise element.error("'chosen' names one creature or more, each once", "chosen")
        return bind_chosen(ability, cards)

    def read_effects(self, node: Node, scenario: Scenario) -> list[EffectInPlay]:
        effects = []
        seen: dict[str, Node] = {}  # each effect's id, where it was given
        for i, element in enumerate(node.elements(), start=1):
            element.expect(dict)
            extra = {
                k: v
                for k, v in element.value.items()
                if k in ("id", "source", "controller", "duration", "self_replacement", "chosen")
            }
            ability_node = Node(
                element.located, element.place, {k: v for k, v in element.value.items() if k not in extra}
            )
            ability = self._chosen_bound(element, parse_ability(require_counts(ability_node), effect=True))
            gaps = unsolved(ability)
            if gaps:
                raise element.error(
                    f"the effect uses {', '.join(dict.fromkeys(gaps))}, which the solver does not model yet"
                )
            if ability.conditions and not element.has("source"):
                raise element.error(
                    "an effect with conditions ('if') needs its 'source': the card whose conditions they are", "if"
                )
            check_effect_has_source(element, ability)
            effect_id = element.opt_identifier("id", f"effect{i}")
            if effect_id in self.cards:
                raise element.error(f"effect id '{effect_id}' is also a card id", "id")
            if effect_id in seen:
                raise element.error(f"effect id '{effect_id}' is used twice (also at {_where(seen[effect_id])})", "id")
            seen[effect_id] = element
            effects.append(
                EffectInPlay(
                    id=effect_id,
                    controller=self._player_ref(element.child("controller"), scenario.players),
                    ability=ability,
                    source=self._card_ref(element.child("source")) if element.has("source") else None,
                    duration=element.opt_text("duration", None, EFFECT_DURATIONS),
                    self_replacement=element.opt_bool("self_replacement"),
                )
            )
        return effects


def _check_cast_fields(node: Node, by: str, later: tuple[Step, ...]) -> None:
    """Refuse the effect's ``cast_from`` and ``cast_by`` when no step of it is a spell's: they would mean nothing."""
    if by == "spell" or any(step.by == "spell" for step in later):
        return
    for key in ("cast_from", "cast_by"):
        if key in node.value:
            raise node.error(f"'{key}' is for a spell's effect (by: spell); this effect is by: {by}", key)


class _Checks:
    """What a scenario read must hold to be solved: the powers a battle compares, the
    characteristics and keywords a text reads, a size that can be grounded."""

    def __init__(self, root: Node, card_nodes: dict[str, Node]):
        self.root = root
        self.card_nodes = card_nodes

    def check_powers(self, scenario: Scenario) -> None:
        """A battle compares powers: refuse a creature that may battle and has none, rather than
        list a battle no one loses; likewise a power that changes."""

        def named(kind: str) -> set[str]:
            return {
                c
                for step in scenario.program.steps
                for spec in step.events + (step.instead.events if step.instead is not None else ())
                if spec.kind == kind
                for c in spec.cards
            }

        battling = named("battle")
        if battling:
            instead = [
                (card_id, action)
                for card_id, card in scenario.cards.items()
                for ability in card.replacements
                for action in ability.instead
                if action.kind == "battle_instead"
            ]
            battling |= {card_id for card_id, _ in instead}
            if any(action.filter is not None for _, action in instead):  # a chosen creature may battle instead
                battling |= {
                    c for c, card in scenario.cards.items() if card.zone == "battle" and "creature" in card.types
                }
        for cards, why in (
            (
                named("power_change"),
                "its power changes in this scenario, and only a power can change (0 or less destroys it)",
            ),
            (battling, "it may battle in this scenario, and a battle compares powers"),
        ):
            for card_id in sorted(cards, key=list(scenario.cards).index):
                card = scenario.cards.get(card_id)
                if card is not None and card.power is None:
                    raise self.card_nodes[card_id].error(f"{card.label}: {why}: give 'power: N' on the card")

    def check_characteristics(self, scenario: Scenario) -> None:
        """Refuse a card whose races, civilizations, cost or power are unknown when a text reads them;
        a creature's power, or a card's cost, is unknown when neither the card pool nor the scenario
        gives one (every creature has a power and every card a cost: none stated is not none at all)."""
        for card_id, card in scenario.cards.items():
            # 「そのパワーが0より大きければ」: the card's own power, unknown when no one gave it (not 0 or less)
            reads_own = any(c.word == "this_power_positive" for a in card.replacements for c in a.conditions)
            if reads_own and card.power is None:
                raise self.card_nodes[card_id].error(
                    f"{card.label}: neither the card pool nor the scenario gives its power, which its text reads "
                    "(「そのパワーが0より大きければ」); give power on the card"
                )
        read = _characteristics_read(scenario)
        if not read:
            return
        for card_id, card in scenario.cards.items():
            missing = set(card.unknown)
            if card.power is None and "creature" in card.types:
                missing.add("power")
            if card.cost is None and card.types:
                missing.add("cost")
            needed = sorted(missing & read)
            if needed:
                varies = ""
                if "power" in needed and card.definition is not None and card.definition.power_sign:
                    printed = f"{card.definition.power}{card.definition.power_sign}"
                    varies = f" (its printed power {printed} is changed by an ability)"
                if "souls" in needed:
                    varies += " (no card list gives a card's souls: state them with its keywords)"
                fields = ", ".join(dict.fromkeys("keywords" if n == "souls" else n for n in needed))
                raise self.card_nodes[card_id].error(
                    f"{scenario.cards[card_id].label}: neither the card pool nor the scenario gives its "
                    f"{' or '.join(needed)}{varies}, which a text in this scenario reads; "
                    f"give {fields} on the card"
                )

    def check_keywords(self, scenario: Scenario) -> None:
        """Refuse a scenario in which a text reads a keyword (「「ブロッカー」を持つ」) that a card may
        have without the solver knowing: a card whose text gives it in a way the solver does not read
        (to other cards, or under a condition), or a card of a keyword that contains it (「ドラゴン・
        ブロッカー」 for 「ブロッカー」), whose being that keyword the rules would have to say."""
        read = {k for flt in scenario_filters(scenario) for k in flt.keywords if not is_soul(k)}
        for keyword in sorted(read):
            for card_id, card in scenario.cards.items():
                grants = card.definition.keyword_grants if card.definition is not None else ()
                sentence = next((text for k, text in grants if k == keyword), None)
                if sentence is not None and not _grant_modelled(card, keyword):
                    raise self.card_nodes[card_id].error(
                        f"{card.label}: its text gives 「{keyword}」 (「{sentence}」), which a text in this "
                        "scenario reads; the solver does not model who gets it that way yet (state each card's "
                        "'keywords' and give this card inline without that sentence)"
                    )
                near = sorted(k for k in card.keywords if keyword in k and k != keyword)
                if near and not card.has_keyword(keyword):
                    raise self.card_nodes[card_id].error(
                        f"{card.label}: it has 「{near[0]}」, and a text in this scenario reads 「{keyword}」; "
                        f"whether the one is the other, dmrules does not say (state its 'keywords')"
                    )

    def check_cost_said_first(self, scenario: Scenario) -> None:
        """A replacement whose printed text says what the player does first in a sentence of its own (ギガスタンド's
        「…墓地に置いてよい。その場合、このクリーチャーを墓地に置くかわりに手札に戻す」) is read as one replacement that
        does it instead, whose result no other replacement replaces (101.5); printed apart, it may be an event of its
        own that another replacement replaces (101.5a). Refused where another ability of the scenario watches the
        zone it takes cards from: which it is, no ruling says."""
        abilities: list[tuple[str | None, ReplacementAbility]]
        abilities = [(c.id, a) for c in scenario.cards.values() for a in c.replacements]
        abilities += [(None, e.ability) for e in scenario.effects]
        for card_id, card in scenario.cards.items():
            text = card.definition.text if card.definition is not None else None
            if not text or not COST_SAID_FIRST.search(text):
                continue
            zones = {s.from_zone for a in card.replacements for s in a.slots()}
            watching = sorted(
                other or "an effect in play"
                for other, a in abilities
                if other != card_id
                and (a.watch.from_zone in zones or ("hand" in zones and "discard" in a.watch.events))
            )
            if watching:
                raise self.card_nodes[card_id].error(
                    f"{card.label}: its text says what its player does first in a sentence of its own (「…てよい。"
                    "その場合、…かわりに…」), read as part of the replacement, which no other replacement may replace "
                    f"(101.5); {', '.join(watching)} watches the cards it takes, and whether that sentence's event may "
                    "be replaced (101.5a), no ruling says; not modelled"
                )

    def check_static_changes(self, scenario: Scenario) -> None:
        """Refuse a scenario in which a card of the battle zone has a lasting ability that changes what a text of
        the scenario reads (power, races, civilizations, names, or whether a card may be chosen), which the solver
        does not apply (reading/statics.py); a change of the card's own power, races, civilizations or being
        chosen holds as the scenario states it when the scenario gives that field on the card."""
        read = _characteristics_read(scenario) | _other_reads(scenario)
        choosers = _choosers(scenario)
        for card_id, card in scenario.cards.items():
            if card.zone != "battle" or card.definition is None:
                continue
            node = self.card_nodes[card_id]
            definition = card.definition
            read_texts = tuple(  # the sentences read as abilities
                t
                for t in [r.text for r in definition.restrictions]
                + [r.text for r in definition.replacements]
                + [t.text for t in definition.triggers]
                if t
            )
            for kind, sentence in printed_changes(card.definition.text, card.types, read_texts):
                fields = _STATED_BY.get(kind, ())
                own = OWN.match(sentence) is not None
                if kind == "chosen" and not choosers - {card.controller}:
                    continue  # only its controller chooses cards: no opponent's choice it could forbid
                if kind not in read | {"chosen", "leave", "type"} or (own and any(node.has(f) for f in fields)):
                    continue
                if kind == "type" and card.definition.note:
                    continue  # a card the rulings need: its note says how its type is given
                if kind in _RULE_KINDS:
                    advice = (
                        "state what it forbids on the cards by hand (cannot_be_destroyed, cannot_leave, a player's "
                        "cannot), and give this card inline without that sentence"
                    )
                elif own:
                    advice = f"state '{fields[0]}' on the card as it is in play"
                else:
                    advice = (
                        f"state {(fields or (kind,))[0]!r} as it is in play on each card it changes, and give this "
                        "card inline without that sentence"
                    )
                reads = "" if kind in ("leave", "type") else ", which a text in this scenario reads"
                raise node.error(
                    f"{card.label}: its text changes {CHANGE_KINDS[kind]} (「{sentence}」){reads}; the solver does "
                    f"not apply that ability ({advice})"
                )

    def check_size(self, scenario: Scenario) -> None:
        """Refuse a situation too large to ground (each replacement may make an event per card it chooses)."""
        cards = len(scenario.cards)
        events = len(scenario.events) + len(scenario.templates) * cards
        abilities = scenario.replacement_abilities()
        # A replacement of 'this' card watches at most its own card's event; one with a filter, every event.
        watched = sum(1 if a.watch.subject is not None else events for a in abilities)
        size = watched * cards
        if size > MAX_COMBINATIONS:
            raise self.root.child("effect").error(
                f"too large to solve: {len(abilities)} replacement abilities watch {watched:,} events in all, and "
                f"with {cards} cards that makes {size:,} combinations to consider (at most {MAX_COMBINATIONS:,})",
                "events",
            )


def _check_later_ids(realized, later: tuple[Step, ...], spec: EventSpec) -> None:
    """Each event id of the later steps used once, and the events their conditions name come
    in earlier steps (told at the step's ``if``); a problem of a step with no event of its own is
    told at ``spec``, the last event seen before it (at first, the first step's last)."""
    ids = {e.id for e in realized.events} | {t.id for t in realized.templates}
    for step in later:
        earlier = set(ids)  # a step's condition reads the steps before it, not its own events
        for spec in step.events:
            if spec.id in ids:
                raise _written(spec).error(f"event id '{spec.id}' is used twice")
            ids.add(spec.id)
        if step.instead is not None:
            own = {spec.id for spec in step.events}
            for spec in step.instead.events:
                if spec.id in ids and spec.id not in own:
                    raise _written(spec).error(f"event id '{spec.id}' is used twice")
                ids.add(spec.id)
        where = step_node(step.events[0]) if step.events else _written(spec)
        if step.condition and step.condition[1] not in earlier:
            raise where.error(
                f"the condition names event '{step.condition[1]}', which comes in no earlier step (a step's "
                "condition reads the events of the steps before it)",
                "if",
            )
        for ref in step.moved.events if step.moved else ():
            if ref not in earlier and not any(i.startswith((ref + ".", ref + ":")) for i in earlier):
                raise where.error(
                    f"the condition names event '{ref}', which comes in no earlier step (a step's condition reads "
                    "the events of the steps before it)",
                    "if",
                )


def _step_filters(steps) -> list:
    filters: list = []
    for step in steps:
        specs = step.events + (step.instead.events if step.instead is not None else ())
        filters.extend(spec.choose.filter for spec in specs if spec.choose is not None)
        filters.extend(spec.every for spec in specs if spec.every is not None)
        filters.extend(spec.under for spec in specs if spec.under is not None)
        if step.instead is not None:
            filters.extend(condition.filter for condition in step.instead.conditions)
    return filters


def _grant_modelled(card, keyword: str) -> bool:
    """Whether the card's text gives the keyword by a grant the solver plays (game/grants.py): an ability given to
    the cards it names while the card is in play, under no condition (「自分のファイアー・バードすべてに「セイバー:
    ドラゴン」を与える」), so that the cards given it have the keyword when a text reads it."""
    abilities = card.definition.replacements if card.definition is not None else ()
    return any(
        a.granted_to is not None
        and a.keyword == keyword
        and not a.conditions
        and a.requires_flag is None
        and a.duration is None
        for a in abilities
    )


def scenario_filters(scenario: Scenario) -> list:
    """Every filter a text of the scenario reads: of the abilities (their watches, choices,
    conditions, the cards they give abilities to and their follow-up steps), of the triggers, and
    of the effect's steps and choices."""
    filters = []
    for ability in scenario.replacement_abilities():
        filters.append(ability.watch.filter)
        filters.append(ability.granted_to)
        filters.extend(action.filter for action in ability.instead)
        filters.extend(slot.filter for slot in ability.slots())
        filters.extend(c.filter for c in ability.conditions)
        filters.extend(_step_filters(ability.then))
    for card in scenario.cards.values():
        filters.extend(trigger.watch.filter for trigger in card.triggers)
    filters.extend(t.filter for t in scenario.templates)
    filters.extend(_step_filters(scenario.program.steps))
    return [g for flt in filters if flt is not None for g in each_filter(flt)]


def _characteristics_read(scenario: Scenario) -> set[str]:
    """Which characteristics (races, civilizations, cost, power, souls) any filter of the scenario reads."""
    filters = scenario_filters(scenario)
    read = set()
    for flt in filters:
        if flt is None:
            continue
        if flt.races or flt.not_races:
            read.add("races")
        if flt.civilizations or {"multicolor", "colorless"} & set(flt.properties + flt.not_properties):
            read.add("civilizations")
        if flt.cost_max is not None or flt.cost_min is not None or flt.cost_not is not None or flt.cost_exceeds_mana:
            read.add("cost")
        if flt.power_max is not None or flt.power_min is not None:
            read.add("power")
        if any(is_soul(k) for k in flt.keywords):
            read.add("souls")
    return read


# The card fields a scenario states a change of the card's own with, as it is in play.
_STATED_BY = {
    "power": ("power",),
    "races": ("races",),
    "civilizations": ("civilizations",),
    "chosen": ("untouchable",),
    "leave": ("cannot_leave", "cannot_be_destroyed"),
}
# Changes of what may happen (reading/statics.py), rather than of a characteristic
_RULE_KINDS = ("leave", "enter", "loss", "type")


def _other_reads(scenario: Scenario) -> set[str]:
    """What else a change of a card's characteristics may decide: a battle compares powers, a name filter reads
    names, and a choice of cards may take one that cannot be chosen."""
    read = set()
    if any(flt.names or flt.name_parts for flt in scenario_filters(scenario)):
        read.add("names")
    abilities = scenario.replacement_abilities()
    actions = [action for ability in abilities for action in ability.instead]
    specs = [
        spec
        for step in scenario.program.steps
        for spec in step.events + (step.instead.events if step.instead is not None else ())
    ]
    if any(spec.kind == "battle" for spec in specs) or any(a.kind == "battle_instead" for a in actions):
        read |= {"power", "battle"}
    kinds = {spec.kind for spec in specs}
    if kinds & {"put_into_battle", "summon", "enter"} or any(a.zone == "battle" for a in actions):
        read.add("enter")
    if kinds & {"lose", "draw"} or any(a.kind in ("draw", "lose") for a in actions):
        read.add("loss")
    return read


def _choosers(scenario: Scenario) -> set[str]:
    """The players who choose cards in the scenario: a replacement's controller that chooses the cards it acts on,
    an effect's chooser."""
    out = {t.chooser for t in scenario.templates}
    for owner, ability in [(c.controller, a) for c in scenario.cards.values() for a in c.replacements] + [
        (e.controller, e.ability) for e in scenario.effects
    ]:
        if ability.slots() or any(a.filter is not None for a in ability.instead):
            out.add(owner)
    steps = scenario.program.steps
    if any(spec.choose is not None for step in steps for spec in step.events):
        out.add(scenario.program.controller)
    return out


def _replace(card: CardInstance, **changes) -> CardInstance:
    return replace(card, **changes)


def _where(node: Node) -> str:
    line = node.located.line(node.place)
    return place_text(node.place) + (f", line {line}" if line else "")


def _written(spec: EventSpec) -> Where:
    """Where an event read from the file was written (every event the reader reads has its place)."""
    assert spec.node is not None
    return spec.node
