"""Does the solver take each compiled replacement card of the classic list, in a scenario?

    python bench/accept.py            # the table and the SUMMARY line
    python bench/accept.py FILE       # the same, of the cards of a file of printed texts (tests/cards/current.tsv)
    python bench/cards.py FILE        # prints the same figures after the compiler's coverage

For every card of the classic list whose printed text the card-text compiler reads into at least
one replacement ability (``dmrules/cards/classic.json``), a small scenario is built around it: the
card where its ability works, each player with cards in every zone, and one event of the effect
that its first ability watches (on the card itself, on the creature it is crossed to, on the shield
it fortifies, or on a card made to pass the ability's filter). The scenario names the card by name
(its characteristics are the list's), and the solver lists its resolutions. Each card is
*accepted* (the scenario is read and solved; *exercised* when some resolution applies its
ability), *refused by name* (an error naming the card and the part the solver does not model
yet), or a *failure*: any other error, which is a defect of dmrules or of this builder. An ability
that a spell or ability creates for a time (``duration``) is set in play as the scenario's
``replacement_effects`` would list it. The target: at least 95% accepted, no failure.

Of a file of printed texts whose cards are not in the classic list (``FILE``: name, type, kind, text), each
`replacement` row the compiler reads completely is a card given by its text alone, as a scenario may give it
(its characteristics unknown: a filter that needs them refuses it by name), tried the same way; a row of a
type no scenario names yet (タマシード, GRクリーチャー, ...) is refused by name.
"""

from __future__ import annotations

import csv
import os
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import dmrules  # noqa: E402
from dmrules.game.abilities import ReplacementAbility, bind_chosen, unsolved  # noqa: E402
from dmrules.game.cards import CardDef  # noqa: E402
from dmrules.game.filters import Filter  # noqa: E402
from dmrules.game.grants import with_grants  # noqa: E402
from dmrules.game.scenario import EffectInPlay  # noqa: E402
from dmrules.reading import carddb, classic  # noqa: E402
from dmrules.reading.carddb import CardDatabase  # noqa: E402
from dmrules.reading.cardtext.compiler import compile_text  # noqa: E402
from dmrules.reading.classic import classic_cards  # noqa: E402

TARGET = 0.95
TIMEOUT = 20.0
FILLER = {"name": "能力のないクリーチャー", "type": "creature", "cost": 1, "power": 1000}
SPELL = {"name": "効果の呪文", "type": "spell", "cost": 1}
TYPE_NAMES = {"creature": "creature", "spell": "spell", "cross_gear": "cross_gear", "castle": "castle"}


@dataclass
class Acceptance:
    accepted: list[str] = field(default_factory=list)
    exercised: list[str] = field(default_factory=list)
    refused: dict[str, list[str]] = field(default_factory=dict)  # the part named -> the cards
    failures: list[tuple[str, str]] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def total(self) -> int:
        return len(self.accepted) + sum(len(v) for v in self.refused.values()) + len(self.failures)

    @property
    def share(self) -> float:
        return len(self.accepted) / self.total if self.total else 0.0


def _zone_cards(prefix: str, n: int) -> list[dict]:
    return [{"id": f"{prefix}{i}", "card": dict(FILLER)} for i in range(1, n + 1)]


def _board() -> dict:
    """Both players with cards in every zone (the affected cards a replacement may need)."""
    return {
        "me": {
            "battle": _zone_cards("b", 2),
            "hand": _zone_cards("h", 3),
            "mana": _zone_cards("m", 3),
            "graveyard": _zone_cards("g", 3),
            "shields": _zone_cards("s", 3),
            "deck": _zone_cards("d", 5),
        },
        "opponent": {
            "battle": _zone_cards("o", 2),
            "hand": [*_zone_cards("oh", 2), {"id": "OS", "card": dict(SPELL)}],
            "mana": _zone_cards("om", 2),
            "graveyard": _zone_cards("og", 2),
            "shields": _zone_cards("os", 3),
            "deck": _zone_cards("od", 5),
        },
    }


def _passing(flt: Filter | None, card_id: str, db: CardDatabase) -> dict:
    """A card that passes ``flt``, as a scenario writes it."""
    if flt is None:
        return {"id": card_id, "card": dict(FILLER)}
    if flt.names and db.find(flt.names[0]) is not None:
        return {"id": card_id, "card": flt.names[0]}
    kinds = [t for t in flt.types if t in TYPE_NAMES] or ["creature"]
    kind = "evolution_creature" if flt.evolution and kinds[0] == "creature" else kinds[0]
    name = flt.names[0] if flt.names else f"《{flt.name_parts[0]}》のカード" if flt.name_parts else "条件に合うカード"
    card = {"name": name, "type": kind, "cost": flt.cost_min or flt.cost_max or 1}
    if kind != "spell":
        card["power"] = flt.power_min or flt.power_max or 1000
    if flt.races:
        card["races"] = [flt.races[0]]
    if flt.civilizations:
        card["civilizations"] = [flt.civilizations[0]]
    elif "multicolor" in flt.properties:
        card["civilizations"] = ["light", "water"]
    out = {"id": card_id, "card": card}
    if "tapped" in flt.properties:
        out["tapped"] = True
    return out


# What event of the effect each watched class is written as: (kind, the zone its card is in).
EVENT_FOR = {
    "destroy": ("destroy", "battle"),
    "leave": ("destroy", "battle"),
    "return_to_hand": ("return_to_hand", "battle"),
    "put_into_hand": ("return_to_hand", "battle"),
    "put_into_mana": ("put_into_mana", "battle"),
    "put_into_deck": ("move_deck", "battle"),
    "discard": ("discard", "hand"),
    "leave_hand": ("discard", "hand"),
    "break": ("break", "shields"),
    "leave_shields": ("break", "shields"),
    "leave_mana": ("move_graveyard", "mana"),
    "leave_graveyard": ("move_hand", "graveyard"),
    "mill": ("mill", "deck"),
    "enter": ("put_into_battle", "hand"),
    "put_into_battle": ("put_into_battle", "hand"),
    "power_change": ("power_change", "battle"),
}


def _event(kind: str, card_id: str) -> dict:
    if kind == "move_deck":
        return {"id": "e1", "move": card_id, "to": "deck"}
    if kind == "move_graveyard":
        return {"id": "e1", "move": card_id, "to": "graveyard"}
    if kind == "move_hand":
        return {"id": "e1", "move": card_id, "to": "hand"}
    if kind == "power_change":
        return {"id": "e1", "power_change": card_id, "amount": -1000}
    return {"id": "e1", kind: card_id}


@dataclass
class Built:
    data: dict
    effects: list[ReplacementAbility]  # abilities set in play (``duration``)


def _place(board: dict, player: str, zone: str, card: dict, first: bool = False) -> None:
    cards = board[player].setdefault(zone, [])
    cards.insert(0, card) if first else cards.append(card)


def build(card: CardDef, db: CardDatabase) -> Built:
    """The scenario of one card (ids: X the card, P a card its filter names)."""
    lasting = [a for a in card.replacements if a.duration is not None]
    ability = next((a for a in card.replacements if a.duration is None), lasting[0] if lasting else None)
    watch = ability.watch
    if watch.subject == "chosen":  # the creature an earlier sentence chose: the card itself here (try_card binds it)
        watch = replace(watch, subject="this")
    board = _board()
    conditions = set(watch.conditions)
    turn = "me" if "own_turn" in conditions or "untap" in watch.events else "opponent"
    by_self = "by_self" in conditions
    effect: dict = {"controller": "me" if by_self else "opponent", "by": "ability", "source": "b1" if by_self else "o1"}
    if "by_spell" in conditions:
        effect.update(by="spell", source="OS", controller="opponent")
    elif "by_attack" in conditions:
        effect["by"] = "attack"
    x = {"id": "X", "card": card.name}
    zone = ability.works_in if ability.works_in in ("battle", "hand", "mana", "graveyard", "shields") else "battle"
    event_name = watch.events[0]
    target = "X"
    if event_name == "spell_to_graveyard":
        # The card's own spell after it is cast; or, for an ability about other spells (or given to
        # them, 「自分が唱える呪文はすべて「サイクロン」を得る」), a spell of mine cast beside it.
        own = watch.subject == "this" and ability.granted_to is None
        spell, cast_from = ("X", "hand") if own else ("R", watch.cast_from or "hand")
        if own:
            zone = "hand"
        else:
            _place(board, "me", cast_from, {"id": "R", "card": dict(SPELL)}, True)
        effect = {"controller": "me", "by": "spell", "source": spell, "cast_from": cast_from}
        if watch.subject == "cast_by_this":  # the spell an ability of the card cast
            effect["cast_by"] = "X"
        event = {"id": "e1", "spell_to_graveyard": spell}
    elif watch.subject == "equipped":
        x["equipped_to"] = "b1"
        event = _event(EVENT_FOR.get(event_name, ("destroy", "battle"))[0], "b1")
    elif watch.subject == "fortified":
        zone, x["fortifies"] = "shields", "s1"
        event = _event("break", "s1")
    elif event_name == "untap":
        x["tapped"] = True
        effect = {"controller": "me", "by": "rule"}
        event = {"id": "e1", "untap": "X"}
    elif event_name in ("draw", "lose"):
        player = "opponent" if watch.filter is not None and watch.filter.whose == "opponent" else "me"
        event = {"id": "e1", event_name: player}
        if event_name == "lose":
            # a deck run out by any move is a loss of the deck's last card drawn here (match.lp)
            event["cause"] = {"deck_run_out": "deck_out", None: "no_shields"}.get(watch.cause, watch.cause)
    elif event_name == "battle":
        target = "X" if watch.subject == "this" else "P"
        if target == "P":
            _place(board, "me", "battle", _passing(watch.filter, "P", db))
        event = {"id": "e1", "battle": [target, "o1"]}
    else:
        kind, where = EVENT_FOR.get(event_name, ("destroy", "battle"))
        if watch.from_zone == "hand" and kind == "destroy":
            kind, where = "discard", "hand"
        elif watch.from_zone in ("mana", "shields") and kind == "destroy":
            kind, where = "move_graveyard", watch.from_zone  # a card of that zone put into the graveyard
        if watch.subject == "this":
            zone = where if ability.works_in == "battle" and where != "battle" else zone
        else:
            target = "P"
            whose = watch.filter.whose if watch.filter is not None else "any"
            _place(board, "opponent" if whose == "opponent" else "me", where, _passing(watch.filter, "P", db), True)
        event = _event(kind, target)
    _place(board, "me", zone, x, first=zone == "deck")
    effect["events"] = [event]
    return Built({"turn": turn, "players": board, "effect": effect}, lasting)


def _named(error: dmrules.InputError, card: CardDef) -> str | None:
    """The part the solver does not model, when the error refuses the card by name."""
    problem = error.problem
    if "not modelled" in problem:  # a situation the encodings refuse by name (``unmodelled``), whatever the card
        return "not modelled" + problem.split("not modelled", 1)[1]
    if card.name not in problem:
        return None
    for marker in ("uses ", "the effect uses "):
        if marker in problem and "which the solver does not model yet" in problem:
            return problem.split(marker, 1)[1].split(", which the solver", 1)[0]
    if "cannot read its printed text" in problem:
        return "its printed text is not read"
    return problem.split(": ", 1)[-1]


def try_card(card: CardDef, timeout: float = TIMEOUT, given: bool = False) -> tuple[str, str]:
    """("accepted" | "exercised" | "refused" | "failure", detail). ``given``: the card is not in the classic
    list, and the database the scenario reads has it besides."""
    db = CardDatabase(list(classic_cards()))
    if given:
        db.add(card)
    built = build(card, db)
    text = yaml.safe_dump(built.data, allow_unicode=True, sort_keys=False)
    try:
        scenario = dmrules.scenario_from_text(text, f"{card.name}.yaml", db)
        if built.effects:
            # 「そのクリーチャー」 of an effect: the creature its earlier sentence chose is the card itself here
            built.effects = [bind_chosen(a, ("X",)) if a.watch.subject == "chosen" else a for a in built.effects]
            gaps = [gap for ability in built.effects for gap in unsolved(ability)]
            if gaps:
                return "refused", ", ".join(dict.fromkeys(gaps))
            effects = tuple(
                EffectInPlay(id=f"effect{i}", controller="me", ability=a, source="X", duration=a.duration)
                for i, a in enumerate(built.effects, start=1)
            )
            scenario = with_grants(replace(scenario, effects=effects))
        solution = dmrules.solve(scenario, timeout=timeout)
    except dmrules.InputError as error:
        part = _named(error, card)
        return ("refused", part) if part is not None else ("failure", str(error))
    except Exception as error:  # noqa: BLE001 - any other error is a failure to report
        return "failure", f"{type(error).__name__}: {error}"
    if not solution.complete:
        return "failure", f"not solved within {timeout:.0f} s ({solution.stopped_by})"
    applied = any(
        a.replacement.card == "X" or a.replacement.card is None for r in solution.resolutions for a in r.applied
    )
    return ("exercised" if applied else "accepted"), ""


def characteristics(path: str) -> dict[str, dict]:
    """The civilizations, races, cost and power of the cards of a file of printed texts, where a file beside it
    (``current.tsv``: ``current-characteristics.tsv``, each row with the page it was read from) gives them."""
    beside = Path(path).with_name(Path(path).stem + "-characteristics.tsv")
    if not beside.exists():
        return {}
    out: dict[str, dict] = {}
    with open(beside, encoding="utf-8") as stream:
        for row in csv.DictReader(stream, delimiter="\t"):
            fields: dict = {"civilizations": [classic.CIVILIZATION_WORDS[w] for w in row["civilizations"].split("/")]}
            fields["races"] = [r for r in row["races"].split("/") if r]
            fields["cost"] = int(row["cost"])
            if row["power"]:
                fields["power"] = int(row["power"])
            out[row["name"]] = fields
    return out


def file_cards(path: str) -> tuple[list[CardDef], dict[str, list[str]]]:
    """The cards of a file of printed texts whose replacement texts compile completely, and the rows refused
    before a scenario can name them (a type no scenario names); a card's characteristics are unknown unless
    the file beside it gives them (``characteristics``)."""
    from dmrules.reading.cardtext.pool import UNKNOWN, card_type

    known = characteristics(path)
    cards: list[CardDef] = []
    refused: dict[str, list[str]] = {}
    with open(path, encoding="utf-8") as stream:
        for row in csv.DictReader(stream, delimiter="\t"):
            if row.get("kind") != "replacement":
                continue
            compiled = compile_text(row["text"], row["type"], row["name"])
            if not compiled.complete or not compiled.abilities:
                continue
            try:
                kind = card_type(row["type"])
            except ValueError:
                refused.setdefault(f"a card of the type {row['type']}", []).append(row["name"])
                continue
            entry = {"name": row["name"], "type": kind, "text": row["text"], "unknown": UNKNOWN, "compiled": True}
            if row["name"] in known:
                entry.update(known[row["name"]])
                entry["unknown"] = [u for u in UNKNOWN if u not in known[row["name"]]]
            entry["replacements"] = compiled.forms()
            text = yaml.safe_dump({"cards": [entry]}, allow_unicode=True, sort_keys=False)
            cards.extend(carddb.load_card_file(f"{row['name']}.yaml", text))
    return cards, refused


def acceptance(timeout: float = TIMEOUT, path: str | None = None) -> Acceptance:
    result = Acceptance()
    start = time.perf_counter()
    cards, refused = file_cards(path) if path else (list(classic_cards()), {})
    for part, names in refused.items():
        result.refused.setdefault(part, []).extend(names)
    for card in cards:
        if not card.replacements:
            continue
        verdict, detail = try_card(card, timeout, given=path is not None)
        if verdict in ("accepted", "exercised"):
            result.accepted.append(card.name)
            if verdict == "exercised":
                result.exercised.append(card.name)
        elif verdict == "refused":
            result.refused.setdefault(detail, []).append(card.name)
        else:
            result.failures.append((card.name, detail))
    result.seconds = time.perf_counter() - start
    return result


def acceptance_text(result: Acceptance, of: str = "the classic list") -> str:
    refused = sum(len(v) for v in result.refused.values())
    lines = [
        f"compiled replacement cards of {of} in a scenario: {result.total}",
        f"  accepted by the solver: {len(result.accepted)} ({result.share:.1%}); "
        f"its ability applied in some resolution: {len(result.exercised)}",
        f"  refused by name: {refused}",
    ]
    for part, names in sorted(result.refused.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        lines.append(f"    {len(names):3}  {part}: {', '.join(names)}")
    lines.append(f"  failures: {len(result.failures)}")
    for name, detail in result.failures:
        lines.append(f"    {name}: {detail}")
    return "\n".join(lines) + "\n"


def summary(result: Acceptance, of: str = "classic") -> tuple[str, bool]:
    met = result.share >= TARGET and not result.failures
    return (
        f"solver accepts {result.share:.1%} of {result.total} compiled {of} replacement cards "
        f"(target ≥ {TARGET:.0%}), {sum(len(v) for v in result.refused.values())} refused by name, "
        f"{len(result.failures)} failures, in {result.seconds:.1f} s"
    ), met


def startup() -> str:
    """How fast the bundled database is read at start-up, against compiling the texts it holds the
    compiler's reading of (what a start-up would do without it), in the same run."""
    classic.classic_entries.cache_clear()
    carddb.bundled.cache_clear()
    carddb.bundled()  # the files' cards kept between runs, as at any start-up but the first
    classic.classic_entries.cache_clear()
    carddb.bundled.cache_clear()
    start = time.perf_counter()
    db = carddb.bundled()
    read = time.perf_counter() - start
    cards = classic.classic_cards()
    texts = [(c.text, c.printed_type) for c in cards if c.text and ("かわり" in c.text or "代わり" in c.text)]
    kept, os.environ["DMRULES_CACHE"] = os.environ.get("DMRULES_CACHE"), "off"  # compile them, keep nothing
    try:
        start = time.perf_counter()
        for text, printed in texts:
            compile_text(text, printed)
        compiled = time.perf_counter() - start
    finally:
        if kept is None:
            del os.environ["DMRULES_CACHE"]
        else:
            os.environ["DMRULES_CACHE"] = kept
    return (
        f"the bundled database: {len(db)} cards read in {read * 1000:.0f} ms; compiling the {len(texts)} texts "
        f"with 「かわりに」 instead takes {compiled:.1f} s ({compiled / read:.0f} times as long)\n"
    )


def main(argv: list[str]) -> int:
    path = argv[0] if argv else None
    if path is None:
        sys.stdout.write(startup())
    result = acceptance(path=path)
    sys.stdout.write(acceptance_text(result, path or "the classic list"))
    line, met = summary(result, "classic" if path is None else Path(path).name)
    sys.stdout.write(f"SUMMARY: {line}: {'met' if met else 'missed'}\n")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
