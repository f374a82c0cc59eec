"""Property test: dmrules and an independent oracle (tests/oracle.py) agree.

Random small replacement windows are generated as YAML text, loaded with the
real loader and solved by ``dmrules.solve``, and read and solved by the
brute-force oracle written from docs/semantics.md and docs/scenario-format.md
(it reads the YAML itself, so a loader bug is a disagreement too). Some have
later steps and 「そうしたら」 sentences, so several windows open one after
another. The two must give the same legal resolutions: the same windows in the
same order, each with the same events and the same applications (event,
replacement, chosen cards), the same final zone for every card, and the same
players losing.
"""

from __future__ import annotations

import json
import os
import re
import textwrap
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, Phase, assume, given, note, seed, settings
from hypothesis import strategies as st

import dmrules

from .conftest import fixture_files
from .oracle import Unsettled, legal_resolutions
from .test_invariants import check_invariants

PLAYERS = ("me", "opponent")

# Zones a replacement can send a card to with move_to / this_to.
MOVE_TO = ("hand", "mana", "graveyard", "deck")
# Classes of events a replacement can watch; for `card: this` on a creature,
# only the classes that take it out of the battle zone.
WATCH_ANY = (
    "leave",
    "destroy",
    "return_to_hand",
    "discard",
    "put_into_mana",
    "break",
    "put_into_graveyard",
    "put_into_hand",
    "spell_to_graveyard",
)
WATCH_THIS = ("leave", "destroy", "return_to_hand", "put_into_mana", "put_into_graveyard")
CONDITIONS = ("opponent_turn", "own_turn", "by_opponent", "by_self")
MARKERS = ("cannot_be_destroyed", "cannot_leave", "untouchable")
# Event kinds by the zone of their card.
KINDS_BY_ZONE = {
    "battle": ("destroy", "return_to_hand", "put_into_mana", "move:graveyard"),
    "hand": ("discard", "put_into_mana", "move:graveyard"),
    "graveyard": ("return_to_hand", "put_into_mana"),
    "shields": ("break",),
    "mana": ("return_to_hand", "move:graveyard"),
}
# Kinds of the events of later steps and follow-up sentences, whatever zone their card is in
# by then: an event whose card is elsewhere does nothing (101.3).
LATER_KINDS = ("destroy", "return_to_hand", "discard", "put_into_mana", "move:graveyard")
# What a follow-up sentence does to the replacement's own card (L・ゲート: 「このクリーチャーを
# 山札の一番下に置く」; バイケン's bounce).
THIS_KINDS = ("move:deck", "return_to_hand", "put_into_mana", "destroy", "move:graveyard")


# -- a tiny YAML writer (block style, flow style for small mappings) -------------
_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9_#]*")
_RESERVED = {"yes", "no", "on", "off", "true", "false", "null", "y", "n", "~"}


def _scalar(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if _PLAIN.fullmatch(value) and value.lower() not in _RESERVED:
        return value
    return json.dumps(value, ensure_ascii=False)


def _flow(value) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_scalar(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    return _scalar(value)


def _small(value) -> bool:
    return len(_flow(value)) <= 90


def to_yaml(value, indent: int = 0) -> str:
    pad = " " * indent
    lines = []
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, (dict, list)) and item and not _small(item):
                lines.append(f"{pad}{_scalar(key)}:")
                lines.append(to_yaml(item, indent + 2))
            else:
                lines.append(f"{pad}{_scalar(key)}: {_flow(item)}")
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, dict) and not _small(item):
                body = to_yaml(item, indent + 2).split("\n")
                lines.append(f"{pad}- {body[0].lstrip()}")
                lines.extend(body[1:])
            else:
                lines.append(f"{pad}- {_flow(item)}")
    return "\n".join(lines)


# -- strategies ------------------------------------------------------------------
def classes_of(kind: str, zone: str) -> list[str]:
    """The watch classes that an event of ``kind`` on a card in ``zone`` belongs to."""
    to = {
        "destroy": "graveyard",
        "discard": "graveyard",
        "move:graveyard": "graveyard",
        "return_to_hand": "hand",
        "break": "hand",
        "put_into_mana": "mana",
        "move:deck": "deck",
    }[kind]
    found = [kind] if kind in WATCH_ANY else []
    if zone == "battle":
        found.append("leave")
    if to == "graveyard":
        found.append("put_into_graveyard")
    if to == "hand":
        found.append("put_into_hand")
    return found


@st.composite
def watch_filters(draw, other: bool | None = None) -> dict:
    flt: dict = {"whose": draw(st.sampled_from(("own", "opponent", "any")))}
    if draw(st.integers(0, 3)) == 0:
        flt["type"] = "creature"
    if other is None:
        other = draw(st.booleans())
    if other:
        flt["other"] = True
    return flt


@st.composite
def abilities(draw, hints: list[list[str]], this_hint: list[str], focus: list[str] | None = None) -> dict:
    """One replacement ability of a creature in the battle zone. ``hints`` are the
    watch classes of the window's events, ``this_hint`` those of the events on
    this card: watches are drawn from them more often than not. With ``focus``, it
    watches those classes on any card (a 「そうしたら」 sentence's event)."""
    shape = draw(
        st.sampled_from(("save_discard", "save_graveyard", "save_destroy", "move", "saver", "this_to", "two", "mill"))
    )
    own_card = shape in ("saver", "this_to")
    if focus:
        card = draw(watch_filters(other=True if own_card else None))
        card["whose"] = "any"
        events = draw(st.lists(st.sampled_from(focus), min_size=1, max_size=2, unique=True))
    elif not own_card and draw(st.integers(0, 2 if this_hint else 5)) == 0:
        card: str | dict = "this"
        pool = [c for c in this_hint if c in WATCH_THIS] if draw(st.booleans()) else []
        events = draw(st.lists(st.sampled_from(pool or WATCH_THIS), min_size=1, max_size=2, unique=True))
    else:
        card = draw(watch_filters(other=True if own_card else None))
        pool = draw(st.sampled_from(hints)) if hints and draw(st.integers(0, 2)) else []
        events = draw(st.lists(st.sampled_from(pool or WATCH_ANY), min_size=1, max_size=2, unique=True))
    watch: dict = {"event": events[0] if len(events) == 1 else events, "card": card}
    if draw(st.integers(0, 3)) == 0:
        watch["when"] = draw(st.sampled_from(CONDITIONS))
    n = draw(st.integers(1, 2))
    if shape == "save_discard":
        instead = ["stay", {"discard": n}]
    elif shape == "save_graveyard":
        instead = ["stay", {"graveyard_to_deck": n}]
    elif shape == "save_destroy":
        if draw(st.booleans()):
            instead = ["stay", {"destroy": 1}]
        else:
            spec: dict = {"count": 1, "whose": draw(st.sampled_from(("own", "opponent", "any")))}
            if draw(st.booleans()):
                spec["other"] = True
            instead = ["stay", {"destroy": spec}]
    elif shape == "move":
        instead = [{"move_to": draw(st.sampled_from(MOVE_TO))}]
    elif shape == "saver":
        instead = ["stay", "destroy_this"]
    elif shape == "this_to":
        instead = ["stay", {"this_to": draw(st.sampled_from(("hand", "mana")))}]
    elif shape == "mill":
        instead = ["stay", {"mill": {"player": draw(st.sampled_from(("own", "opponent"))), "count": n}}]
    else:
        instead = ["stay", {"discard": 1}, {"graveyard_to_deck": 1}]
    ability = {"watch": watch, "instead": instead}
    # (A deck action is always optional here: the oracle leaves out how a mandatory one
    # reads the decks other applications take from.)
    if draw(st.booleans()) or shape == "mill":
        ability["optional"] = True
    return ability


@st.composite
def madness(draw) -> dict:
    """A replacement of a hand card's own discard (マッドネス): it works in the hand."""
    ability: dict = {
        "watch": {"event": "discard", "card": "this"},
        "instead": [{"move_to": draw(st.sampled_from(("battle", "mana")))}],
    }
    if draw(st.booleans()):
        ability["watch"]["when"] = "opponent_turn"
    if draw(st.booleans()):
        ability["optional"] = True
    return ability


def event_entry(event_id: str | None, kind: str, card: str) -> dict:
    event: dict = {"id": event_id} if event_id else {}
    if kind.startswith("move:"):
        event.update({"kind": "move", "card": card, "to": kind.split(":")[1]})
        if event["to"] == "deck":
            event["position"] = "bottom"
    else:
        event[kind] = card
    return event


@st.composite
def sentences(
    draw, zone: str, stays: bool, watched: list[str], pool: list[str], where: dict[str, str]
) -> tuple[list, list]:
    """A 「そうしたら」 sentence: one step of one event, on the replacement's own card (in ``zone``
    by then) or on another card; never one its own replacement would replace again (``stays``:
    the card is still where that replacement works, watching ``watched``). With the watch
    classes of the event, as hints."""
    own = [
        k
        for k in THIS_KINDS + ("discard",)
        if (k != "destroy" or zone == "battle")
        and (k != "discard" or zone == "hand")
        and k.split(":")[-1] != zone
        and not (k == "return_to_hand" and zone == "hand")
        and not (stays and set(classes_of(k, zone)) & set(watched))
    ]
    if not own and not pool:  # (an endless chain of windows: the oracle refuses it, Unsettled)
        own = list(THIS_KINDS)
    if own and (not pool or draw(st.integers(0, 2))):
        kind = draw(st.sampled_from(own))
        event = event_entry(None, kind, "this")
    else:
        card = draw(st.sampled_from(pool))
        kind = draw(st.sampled_from(KINDS_BY_ZONE[where[card]] + LATER_KINDS))
        event, zone = event_entry(None, kind, card), where[card]
    return [{"events": [event]}], classes_of(kind, zone)


@st.composite
def markers(draw) -> dict:
    return {m: True for m in MARKERS if draw(st.integers(0, 6)) == 0}


def _self_replacement(draw, effect: dict, events: list[dict]) -> None:
    """Now and then the first step has a self-replacement (609.7) whose condition counts the
    controller's creatures: when it holds, the step makes the same events (later steps may name
    them), and none of them can be replaced (E15); otherwise they are open to replacement."""
    if effect["by"] != "spell" and draw(st.integers(0, 3)) == 0:
        effect["instead"] = {
            "if": [{"zone": "battle", "whose": "own", "type": "creature", "at_least": draw(st.integers(1, 2))}],
            "events": [{k: v for k, v in e.items() if k != "unreplaceable"} for e in events],
        }


@dataclass
class _Board:
    """The cards of a random window as they are drawn: by player and zone, each card's zone,
    the replacement sources, the マッドネス cards and the stacked cards."""

    zones: dict[str, dict[str, list]] = field(default_factory=lambda: {p: {} for p in PLAYERS})
    where: dict[str, str] = field(default_factory=dict)  # card id -> zone
    sources: list[dict] = field(default_factory=list)  # the entries of the creatures with replacement abilities
    madness_cards: list[dict] = field(default_factory=list)
    stacked: set[str] = field(default_factory=set)

    def put(self, player: str, zone: str, entry) -> None:
        self.zones[player].setdefault(zone, []).append(entry)
        self.where[entry if isinstance(entry, str) else entry["id"]] = zone


def _board(draw) -> _Board:
    """The window's cards."""
    board = _Board()
    put, sources, madness_cards = board.put, board.sources, board.madness_cards
    # Up to 4 replacement sources: creatures, now and then a マッドネス hand card.
    for i in range(1, draw(st.integers(1, 4)) + 1):
        player = draw(st.sampled_from(PLAYERS))
        sid = f"S{i}"
        if draw(st.integers(0, 5)) == 0:
            entry = {
                "id": sid,
                "card": {"name": f"madness {sid}", "type": "creature", "replacements": [draw(madness())]},
            }
            put(player, "hand", entry)
            madness_cards.append(entry)
            continue
        entry = {"id": sid, "card": {"name": f"source {sid}", "type": "creature", "replacements": []}}
        entry.update(draw(markers()))
        put(player, "battle", entry)
        sources.append(entry)

    # Up to 6 candidate cards: other creatures, hand cards, graveyard cards.
    counters = {"battle": 0, "hand": 0, "graveyard": 0}
    prefix = {"battle": "C", "hand": "h", "graveyard": "g"}
    for _ in range(draw(st.integers(0, 6))):
        player = draw(st.sampled_from(PLAYERS))
        zone = draw(st.sampled_from(("battle", "hand", "hand", "graveyard")))
        counters[zone] += 1
        cid = f"{prefix[zone]}{counters[zone]}"
        if zone == "battle":
            entry = {"id": cid, "card": {"name": "creature", "type": "creature"}}
            entry.update(draw(markers()))
            put(player, zone, entry)
        else:
            put(player, zone, cid)
    # Now and then a card stacked under a creature (an evolution source): it goes where
    # that creature goes, cannot be chosen, and its abilities do not work (609.2).
    battle = [(p, e) for p in PLAYERS for e in board.zones[p].get("battle", [])]
    if battle and draw(st.integers(0, 3)) == 0:
        player, top = draw(st.sampled_from(battle))
        entry = {"id": "U1", "under": top["id"], "card": {"name": "stacked", "type": "creature", "replacements": []}}
        put(player, "battle", entry)
        board.stacked.add("U1")
        if draw(st.booleans()):
            sources.append(entry)
    # Decks, for the deck actions (top card first).
    for p in PLAYERS:
        for i in range(1, draw(st.integers(0, 3)) + 1):
            put(p, "deck", f"d{p[0]}{i}")
    # Shields and mana cards, as targets of the effect's events.
    for i in range(1, draw(st.integers(0, 2)) + 1):
        put(draw(st.sampled_from(PLAYERS)), "shields", f"s{i}")
    if draw(st.integers(0, 3)) == 0:
        put(draw(st.sampled_from(PLAYERS)), "mana", "m1")
    return board


def _players(draw, board: _Board) -> dict:
    players: dict = {}
    for p in PLAYERS:
        body = {
            z: board.zones[p][z]
            for z in ("battle", "hand", "graveyard", "shields", "mana", "deck")
            if z in board.zones[p]
        }
        if draw(st.integers(0, 9)) == 0:
            body["cannot"] = ["discard"]
        players[p] = body
    return players


def _events(draw, board: _Board, sentence: bool) -> tuple[list[dict], list[list[str]], dict[str, list[str]]]:
    """The effect's events, the kinds of events the abilities should watch (``hints``), and
    those of each card's own events."""
    targets = draw(
        st.lists(
            st.sampled_from(sorted(c for c, z in board.where.items() if z != "deck" and c not in board.stacked)),
            min_size=1,
            max_size=5 if sentence else 6,
            unique=True,
        )
    )
    events = []
    hints: list[list[str]] = []
    this_hints: dict[str, list[str]] = {}
    for i, cid in enumerate(targets, start=1):
        kind = draw(st.sampled_from(KINDS_BY_ZONE[board.where[cid]]))
        hints.append(this_hints.setdefault(cid, classes_of(kind, board.where[cid])))
        event = event_entry(f"e{i}", kind, cid)
        if draw(st.integers(0, 7)) == 0:
            event["controller"] = draw(st.sampled_from(PLAYERS))
        if draw(st.integers(0, 9)) == 0:
            event["unreplaceable"] = True
        events.append(event)
    return events, hints, this_hints


def _sentence(
    draw,
    board: _Board,
    creatures: list[dict],
    pool: list[str],
    events: list[dict],
    hints: list[list[str]],
    this_hints: dict[str, list[str]],
) -> tuple[tuple[dict, dict] | None, list[str], str]:
    """A replacement with a 「そうしたら」 sentence, with an event of the window it watches: the
    creature and its ability (None: the sentence is a マッドネス card's own), the classes of the
    sentence's event, and its card."""
    followed: tuple[dict, dict] | None = None
    if board.madness_cards and (not creatures or draw(st.booleans())):
        entry = draw(st.sampled_from(board.madness_cards))
        ability = entry["card"]["replacements"][0]
        if entry["id"] not in this_hints:
            this_hints[entry["id"]] = classes_of("discard", "hand")
            hints.append(this_hints[entry["id"]])
            events.append({"id": f"e{len(events) + 1}", "discard": entry["id"]})
        arrives = ability["instead"][0]["move_to"]
        ability["then"], classes = draw(
            sentences(arrives, False, ["discard"], [c for c in pool if c != entry["id"]], board.where)
        )
    else:
        entry = draw(st.sampled_from(creatures))
        if entry["id"] not in this_hints:
            kind = draw(st.sampled_from(KINDS_BY_ZONE["battle"]))
            this_hints[entry["id"]] = classes_of(kind, "battle")
            hints.append(this_hints[entry["id"]])
            events.append(event_entry(f"e{len(events) + 1}", kind, entry["id"]))
        hint = [c for c in this_hints[entry["id"]] if c in WATCH_THIS]
        watched = draw(
            st.lists(
                st.sampled_from(hint if hint and draw(st.integers(0, 3)) != 3 else WATCH_THIS),
                min_size=1,
                max_size=2,
                unique=True,
            )
        )
        stays = draw(st.booleans())
        ability = {
            "watch": {"event": watched[0] if len(watched) == 1 else watched, "card": "this"},
            "instead": ["stay"] if stays else [{"move_to": draw(st.sampled_from(("hand", "mana", "deck")))}],
        }
        if draw(st.booleans()):
            ability["optional"] = True
        zone = "battle" if stays else ability["instead"][0]["move_to"]
        ability["then"], classes = draw(
            sentences(zone, stays, watched, [c for c in pool if c != entry["id"]], board.where)
        )
        followed = (entry, ability)
    hints.extend([classes] * 3)  # other abilities watch the sentence's event often: it is replaceable
    return followed, classes, entry["id"]


def _later_steps(draw, events: list[dict], pool: list[str], board: _Board, hints: list[list[str]]) -> list[dict]:
    # Now and then later steps of the effect (101.4d): each a window of its own, realized against
    # the state the earlier ones left, so that an event may act on a card a replacement moved (or
    # do nothing: its card is no longer where it needs it, 101.3); some under a condition on an
    # earlier event (101.3a: attempting is enough for 「そうした場合」).
    steps: list[dict] = []
    if draw(st.integers(0, 3)) == 0:
        ids = [e["id"] for e in events]
        for _ in range(draw(st.integers(1, 2))):
            step_events = []
            for cid in draw(st.lists(st.sampled_from(pool), min_size=1, max_size=2, unique=True)):
                kind = draw(st.sampled_from(KINDS_BY_ZONE[board.where[cid]] + LATER_KINDS))
                hints.append(classes_of(kind, board.where[cid]))
                step_events.append(event_entry(f"e{len(ids) + len(step_events) + 1}", kind, cid))
            step: dict = {}
            if draw(st.booleans()):
                step["if"] = {draw(st.sampled_from(("attempted", "happened", "replaced"))): draw(st.sampled_from(ids))}
            step["events"] = step_events
            steps.append(step)
            ids += [e["id"] for e in step_events]
    return steps


def _source_abilities(
    draw,
    sources: list[dict],
    sentence: bool,
    sentence_card: str | None,
    classes: list[str],
    hints: list[list[str]],
    this_hints: dict[str, list[str]],
    followed: tuple[dict, dict] | None,
) -> None:
    # The sources' abilities, watching the window's events more often than not.
    # (A card with a 「そうしたら」 sentence has one more ability at most: three make slow windows.)
    # Often another card has one ability only, that watches the sentence's event (101.5a).
    others = [e["id"] for e in sources if sentence and e["id"] != sentence_card]
    focused = draw(st.sampled_from(others)) if classes and others and draw(st.integers(0, 2)) else None
    for entry in sources:
        if entry["id"] == focused:
            entry["card"]["replacements"] = [draw(abilities(hints, [], focus=classes))]
            continue
        entry["card"]["replacements"] = draw(
            st.lists(
                abilities(hints, this_hints.get(entry["id"], [])),
                min_size=1,
                max_size=1 if followed is not None and entry is followed[0] else 2,
            )
        )
    if followed is not None:
        followed[0]["card"]["replacements"].append(followed[1])


def _effect(draw, players: dict, controller: str, events: list[dict], steps: list[dict]) -> dict:
    """The effect: an ability's, or now and then a spell's."""
    effect: dict = {"controller": controller, "by": "ability", "events": events}
    # Now and then the effect is a spell's, whose own movement to the graveyard is one more
    # event of the window, with its own replacement of that movement (チャージャー: rank 0, 609.8a).
    if draw(st.integers(0, 3)) == 0:
        ability: dict = {
            "watch": {"event": "spell_to_graveyard", "card": "this"},
            "spell_own_movement": True,
            "instead": [{"move_to": draw(st.sampled_from(("mana", "deck", "hand")))}],
        }
        if draw(st.booleans()):
            ability["optional"] = True
        spell = {"id": "SP", "card": {"name": "spell", "type": "spell", "replacements": [ability]}}
        players[controller].setdefault("hand", []).append(spell)
        effect.update({"by": "spell", "source": "SP"})
        # It moves once its text has resolved: after its last step, when it has later steps.
        moved = {"id": f"e{len(events) + sum(len(s['events']) for s in steps) + 1}", "spell_to_graveyard": "SP"}
        if steps:
            steps.append({"events": [moved]})
        else:
            events.append(moved)
    return effect


@st.composite
def windows(draw) -> str:
    """A random small window as scenario YAML text."""
    turn = draw(st.sampled_from(PLAYERS))
    board = _board(draw)
    players = _players(draw, board)
    # Up to 6 events at once, each on a different card (5 and one more on a card with a
    # 「そうしたら」 sentence, below).
    controller = draw(st.sampled_from(PLAYERS))
    creatures = [e for e in board.sources if e["id"] != "U1"]
    sentence = bool(creatures or board.madness_cards) and draw(st.integers(0, 2)) == 0
    events, hints, this_hints = _events(draw, board, sentence)
    # Now and then one replacement with a 「そうしたら」 sentence (101.5a: a new window after the
    # one where it applied, before the effect's next step, and open to replacement): a creature's
    # replacement of its own leaving (L・ゲート), or a マッドネス card's (バイケン), whose card the
    # effect acts on. One at most: the order of two sentences of one window is in no rule.
    pool = sorted(c for c, z in board.where.items() if z != "deck" and c not in board.stacked)
    followed: tuple[dict, dict] | None = None
    classes: list[str] = []
    sentence_card: str | None = None
    if sentence:
        followed, classes, sentence_card = _sentence(draw, board, creatures, pool, events, hints, this_hints)
    steps = _later_steps(draw, events, pool, board, hints)
    _source_abilities(draw, board.sources, sentence, sentence_card, classes, hints, this_hints, followed)
    effect = _effect(draw, players, controller, events, steps)
    _self_replacement(draw, effect, events)
    if steps:
        effect["then"] = steps
    scenario = {"ruleset": "dm", "turn": turn, "players": players, "effect": effect}
    return to_yaml(scenario) + "\n"


# -- the comparison --------------------------------------------------------------
def dmrules_resolutions(scenario: dmrules.Scenario):
    """dmrules's legal resolutions in the oracle's canonical form (after the invariants)."""
    solution = dmrules.solve(scenario)
    assert solution.complete
    check_invariants(scenario, solution)
    found = set()
    for r in solution.resolutions:
        assert not r.flipped and r.stopped is None
        # The windows that opened, in order (the state-based check's aside: it shows in `lost`).
        windows = tuple(
            (
                frozenset(e.id for e in w.events),
                frozenset((a.event, a.replacement.id, frozenset(a.chosen)) for a in w.applied),
            )
            for w in r.windows
            if w.kind != "state"
        )
        found.add((windows, tuple(sorted(r.final.items())), tuple(r.lost)))
    assert len(found) == len(solution.resolutions), "dmrules listed a resolution twice"
    return frozenset(found)


def describe(resolutions) -> str:
    def window(events, applied) -> str:
        apps = ", ".join(f"{e} by {r} chosen {sorted(c)}" for e, r, c in sorted(applied, key=lambda t: (t[0], t[1])))
        return f"{sorted(events)}: {apps or 'nothing applied'}"

    lines = []
    for windows, final, lost in sorted(resolutions, key=repr):
        steps = " | ".join(window(*w) for w in windows)
        lines.append(f"  [{steps}] final {dict(final)}" + (f" lost {list(lost)}" if lost else ""))
    return "\n".join(lines) or "  (none)"


def compare(text: str, name: str, *, notes: bool = False) -> None:
    """dmrules and the oracle must list the same resolutions for the scenario ``text``."""
    if notes:
        note("scenario:\n" + text)
    scenario = dmrules.scenario_from_text(text, name)
    expected = legal_resolutions(text)
    got = dmrules_resolutions(scenario)
    if got != expected and notes:
        note("only in dmrules:\n" + describe(got - expected))
        note("only in the oracle:\n" + describe(expected - got))
    assert got == expected, (
        f"{name}: dmrules and the oracle differ\n{text}\n"
        f"only in dmrules:\n{describe(got - expected)}\n"
        f"only in the oracle:\n{describe(expected - got)}"
    )


# A fixed list of seeds, so that a bug the property found once is found on every run, and one
# random seed more, so that every run also looks somewhere new. DMRULES_ORACLE_EXAMPLES sets
# the examples per seed (python bench/sweep.py and bench/mutants.py run 60 of each);
# DMRULES_NO_SHRINK=1 reports the first failure as found (bench/mutants.py).
FIXED_SEEDS = (11, 23, 47)
EXAMPLES = int(os.environ.get("DMRULES_ORACLE_EXAMPLES", "20"))
MAX_RESOLUTIONS = 40
PHASES = (
    (Phase.explicit, Phase.generate)
    if os.environ.get("DMRULES_NO_SHRINK")
    else (Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink)
)


@pytest.mark.parametrize("fixed_seed", FIXED_SEEDS + (None,), ids=lambda s: f"seed{s}" if s else "random")
def test_dmrules_agrees_with_the_oracle(fixed_seed) -> None:
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
        phases=PHASES,
        database=None if fixed_seed is not None else settings.default.database,
    )
    @given(windows())
    def agree(text: str) -> None:
        # A window with very many resolutions opens many later windows (state-based checks
        # after a deck is emptied): slow, and no more telling than a smaller one.
        try:
            resolutions = legal_resolutions(text)
        except Unsettled:  # the rules leave the answer open (see tests/oracle.py): no question to ask
            resolutions = None
        assume(resolutions is not None and len(resolutions) <= MAX_RESOLUTIONS)
        compare(text, "generated.yaml", notes=True)

    (seed(fixed_seed)(agree) if fixed_seed is not None else agree)()


# -- corner cases of docs/semantics.md, written out ----------------------------------
CORNER_CASES = {
    # A self-replacement's events are not replaced again (E15): with the opponent's X in play,
    # its 「かわりに」 applies and C's return to hand cannot apply to the destruction it makes.
    "self-replacement-events-unreplaceable": """
        turn: me
        players:
          me:
            battle:
              - id: C
                card:
                  name: returner
                  type: creature
                  replacements:
                    - {watch: {event: destroy, card: this}, instead: [{move_to: hand}]}
              - {id: D, card: {name: creature, type: creature}}
          opponent:
            battle:
              - {id: X, card: {name: creature, type: creature}}
        effect:
          controller: opponent
          events: [{id: e1, destroy: D}]
          instead:
            if: [{zone: battle, whose: own, type: creature}]
            events: [{id: e1, destroy: C}]
    """,
    # The same self-replacement with its condition unmet: C's own event is the effect's first
    # sentence, and its return to hand applies.
    "self-replacement-not-applied": """
        turn: me
        players:
          me:
            battle:
              - id: C
                card:
                  name: returner
                  type: creature
                  replacements:
                    - {watch: {event: destroy, card: this}, instead: [{move_to: hand}]}
          opponent: {}
        effect:
          controller: opponent
          events: [{id: e1, destroy: C}]
          instead:
            if: [{zone: battle, whose: own, type: creature}]
            events: [{id: e1, destroy: C}]
    """,
    # Rule 8: A takes B, which the same effect returns to hand; B's return is
    # superseded and B goes to the graveyard (A08 with one アーテル・ゴルギーニ).
    "chosen-card-supersedes-effect-event": """
        turn: opponent
        players:
          me:
            battle:
              - id: A
                card:
                  name: saver
                  type: creature
                  replacements:
                    - {watch: {event: leave, card: this}, instead: [stay, {destroy: 1}], optional: true}
              - {id: B, card: {name: creature, type: creature}}
          opponent: {}
        effect:
          controller: opponent
          events: [{id: e1, return_to_hand: A}, {id: e2, return_to_hand: B}]
        """,
    # Rule 8 with R's own card: S's own move supersedes the effect's destruction
    # of S, even though that destruction is unreplaceable (rule 6).
    "own-card-supersedes-unreplaceable-event": """
        turn: me
        players:
          me:
            battle:
              - {id: A, card: {name: creature, type: creature}}
          opponent:
            battle:
              - id: S
                card:
                  name: mover
                  type: creature
                  replacements:
                    - {watch: {event: leave, card: {whose: opponent}}, instead: [stay, {this_to: hand}]}
        effect:
          controller: me
          events: [{id: e1, destroy: A}, {id: e2, destroy: S, unreplaceable: true}]
        """,
    # Rule 9: a superseded event obliges nothing. When T's choice destroys S,
    # e1 will not happen, so S's mandatory replacement need not apply to it;
    # it still may (S discards h1, and T's destruction of S goes on).
    "superseded-event-obliges-nothing": """
        turn: me
        players:
          me:
            battle:
              - id: S
                card:
                  name: forced saver
                  type: creature
                  replacements:
                    - {watch: {event: leave, card: this}, instead: [stay, {discard: 1}]}
              - id: T
                card:
                  name: substitute
                  type: creature
                  replacements:
                    - watch: {event: return_to_hand, card: {whose: own, other: true}}
                      instead: [stay, {destroy: {count: 1, other: true}}]
                      optional: true
              - {id: C, card: {name: creature, type: creature}}
            hand: [h1]
          opponent: {}
        effect:
          controller: opponent
          events: [{id: e1, destroy: S}, {id: e2, return_to_hand: C}]
        """,
    # Rule 9: the non-turn player's application on e1 sends S1 elsewhere, and
    # that sets S1 aside for the turn player's mandatory S2 on e2.
    "other-rank-sends-elsewhere": """
        turn: opponent
        players:
          me:
            battle:
              - id: S1
                card:
                  name: bouncer
                  type: creature
                  replacements:
                    - watch: {event: destroy, card: {whose: own, other: true}}
                      instead: [stay, {this_to: hand}]
                      optional: true
              - {id: A, card: {name: creature, type: creature}, untouchable: true}
          opponent:
            battle:
              - id: S2
                card:
                  name: forced substitute
                  type: creature
                  replacements:
                    - {watch: {event: leave, card: this}, instead: [stay, {destroy: {count: 1, whose: opponent}}]}
        effect:
          controller: opponent
          events: [{id: e1, destroy: A}, {id: e2, destroy: S2}]
        """,
    # Rule 9 bullet 3: the turn player's mandatory T could take N for e1, so the
    # non-turn player's N cannot replace e1 (N's own move to hand is the
    # application on e1 itself, not another application that could stand
    # beside T's).
    "turn-player-mandatory-first": """
        turn: me
        players:
          me:
            battle:
              - id: T
                card:
                  name: forced substitute
                  type: creature
                  replacements:
                    - {watch: {event: destroy, card: {whose: own, other: true}}, instead: [stay, {destroy: 1}]}
                cannot_be_destroyed: true
              - {id: A, card: {name: creature, type: creature}}
          opponent:
            battle:
              - id: N
                card:
                  name: bouncer
                  type: creature
                  replacements:
                    - watch: {event: destroy, card: {whose: opponent}}
                      instead: [stay, {this_to: hand}]
                      optional: true
        effect:
          controller: opponent
          events: [{id: e1, destroy: A}]
        """,
    # Rules 8 and 9 together leave no legal resolution: S's two mandatory
    # replacements must both apply and send S to two zones.
    "no-legal-resolution": """
        turn: me
        players:
          me:
            battle:
              - id: S
                card:
                  name: two mandatory replacements
                  type: creature
                  replacements:
                    - {watch: {event: leave, card: this}, instead: [{move_to: hand}]}
                    - {watch: {event: discard, card: {whose: own}}, instead: [stay, destroy_this]}
            hand: [h1]
          opponent: {}
        effect:
          controller: opponent
          events: [{id: e1, destroy: S}, {id: e2, discard: h1}]
        """,
    # 101.5a and the seeds' バイケン: S's 「そうしたら」 sentence (discard this card) comes right
    # after the window where S applied, before the effect's next step; that step then finds S
    # in the graveyard and returns it to hand. The other way round, e2 would do nothing (S is
    # already in hand) and S would end in the graveyard.
    "follow-up-before-the-next-step": """
        turn: me
        players:
          me:
            battle:
              - id: S
                card:
                  name: back to hand, then discard
                  type: creature
                  replacements:
                    - watch: {event: destroy, card: this}
                      instead: [{move_to: hand}]
                      then: [{events: [{discard: this}]}]
          opponent: {}
        effect:
          controller: opponent
          events: [{id: e1, destroy: S}]
          then:
            - events: [{id: e2, return_to_hand: S}]
        """,
    # 101.5a: the sentence is a new event, open to replacement: M's マッドネス replaces the
    # discard that S's sentence makes (on the opponent's turn). e1 was attempted, so e2's step
    # opens even when S's replacement kept e1 from happening (101.3a); e3's, under `happened`,
    # opens only when S did not apply.
    "follow-up-replaced-and-attempted": """
        turn: opponent
        players:
          me:
            battle:
              - id: S
                card:
                  name: stays, then discards
                  type: creature
                  replacements:
                    - watch: {event: destroy, card: this}
                      instead: [stay]
                      optional: true
                      then: [{events: [{discard: M}]}]
            hand:
              - id: M
                card:
                  name: madness
                  type: creature
                  replacements:
                    - watch: {event: discard, card: this, when: opponent_turn}
                      instead: [{move_to: battle}]
            graveyard: [g1]
          opponent: {}
        effect:
          controller: opponent
          events: [{id: e1, destroy: S}]
          then:
            - if: {attempted: e1}
              events: [{id: e2, return_to_hand: g1}]
            - if: {happened: e1}
              events: [{id: e3, put_into_mana: M}]
        """,
    # The state-based check after the effect: S1 mills the only card of my deck in the first
    # window; the next step's window touches no deck; my deck became empty, so I lose.
    "deck-emptied-before-the-last-window": """
        turn: me
        players:
          me:
            battle:
              - id: S1
                card:
                  name: miller
                  type: creature
                  replacements:
                    - watch: {event: destroy, card: this}
                      instead: [stay, {mill: {player: own, count: 1}}]
                      optional: true
              - {id: C1, card: {name: creature, type: creature}}
            deck: [dm1]
          opponent: {}
        effect:
          controller: me
          events: [{id: e1, destroy: S1}]
          then:
            - events: [{id: e2, return_to_hand: C1}]
        """,
}


@pytest.mark.parametrize("name", sorted(CORNER_CASES))
def test_corner_case(name: str) -> None:
    compare(textwrap.dedent(CORNER_CASES[name]).lstrip(), f"{name}.yaml")


def test_fixtures_in_the_oracles_vocabulary() -> None:
    """The oracle and dmrules agree on every fixture the oracle supports."""
    supported = 0
    for path in fixture_files():
        try:
            scenario = dmrules.load_scenario(path)
            expected = legal_resolutions(path.read_text(encoding="utf-8"))
        except (NotImplementedError, dmrules.InputError):  # beyond the oracle; tests/test_fixtures.py checks them
            continue
        supported += 1
        got = dmrules_resolutions(scenario)
        assert got == expected, (
            f"{path.name}\nonly in dmrules:\n{describe(got - expected)}\n"
            f"only in the oracle:\n{describe(expected - got)}"
        )
    assert supported >= 10
