"""Explaining outcomes with rule numbers: `why-not` and `why`.

The encodings derive every broken rule as a labelled violation. In
explanation mode (asp/explain.lp) violations are allowed but minimised, so
the optimal answer sets that meet a user's expectation show the smallest set
of rules standing in the way. ``why`` fixes a legal resolution and asks, for
each replacement that watched an event but did not apply, what applying it
would have broken.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

import clingo
import yaml
from clingo import Function, String, Symbol, SymbolType

from ..game.abilities import variants
from ..game.errors import InputError, SolveError
from ..game.outcome import Resolution
from ..game.scenario import Scenario
from ..game.vocabulary import ZONES
from ..solving.count import beyond_one_window, fast_path
from ..solving.decode import Builder
from ..solving.facts import P, name_of
from ..solving.ground import make_control
from ..solving.progress import set_solve
from ..solving.run import solve
from .expect import event_id_problem

MAX_OPTIMAL_MODELS = 50


@lru_cache(maxsize=1)
def rule_catalogue() -> dict[str, dict[str, str]]:
    """Rule number → {heading, paraphrase} (dmrules/data/rules.yaml)."""
    text = (resources.files("dmrules") / "data" / "rules.yaml").read_text(encoding="utf-8")
    return {str(k): v for k, v in yaml.safe_load(text)["rules"].items()}


# Why an event is not replaced: the effect says so (鬼タイム), or it is an event of the effect's own 「かわりに」 (E15)
_NOT_REPLACED = {
    "unreplaceable": "cannot be replaced (its effect says so)",
    "self_replaced": "is an event of its effect's own 「かわりに」 (a self-replacement, 609.7), not replaced further",
}
# An action on every card of a kind, with none there (rule 609.4): what it would put elsewhere.
_NONE_TO_MOVE = {
    "nothing_under": "every card under its card elsewhere, and there is none (the ruling change of 2025-04-08)",
    "no_ex_life": "the shields its card's 「EXライフ」 made elsewhere, and none is in the shield zone",
    "no_shield": "its card onto one of its player's shields (裁きの紋章), and that player has none",
    "face_up_already": "the event's card face up, and it is face up already",
    "no_host": "the event's card under a card of the battle zone its text names, and there is none",
}


# -- conditions ------------------------------------------------------------------


@dataclass(frozen=True)
class OutcomeCondition:
    """``J1=battle`` (final zone), ``e1=replaced`` / ``e1=happened``, ``me=lost`` / ``me=not_lost``."""

    subject: str
    value: str

    def text(self) -> str:
        return f"{self.subject}={self.value}"


def parse_conditions(
    scenario: Scenario, texts: list[str], where: tuple[str, str] | None = None
) -> list[OutcomeCondition]:
    """The outcome conditions ``texts`` say (``CARD=ZONE``, ``EVENT=happened|replaced``, ``PLAYER=lost|not_lost``);
    an error names ``where`` (the file and the field said in, ``why-not``'s ``--expect`` of the scenario file unless
    given: a batch item's line and its ``observed``)."""
    path, field = where or (scenario.path, "--expect")
    out = []
    events = {e.id for e in scenario.events}
    for text in texts:
        for item in text.split(","):
            item = item.strip()
            if not item:
                continue
            if "=" not in item:
                raise InputError(
                    path, f"{field} {item}", "write CARD=ZONE, EVENT=happened|replaced or PLAYER=lost|not_lost"
                )
            subject, value = (part.strip() for part in item.split("=", 1))
            problem = _condition_problem(scenario, events, subject, value)
            if problem is not None:
                raise InputError(path, f"{field} {item}", problem)
            out.append(OutcomeCondition(subject, value))
    if not out:
        raise InputError(path, field, "give at least one condition, such as J1=battle")
    return out


def _condition_problem(scenario: Scenario, events: set[str], subject: str, value: str) -> str | None:
    if subject in scenario.cards:
        return None if value in ZONES else f"unknown zone '{value}' (zones: {', '.join(ZONES)})"
    if subject in events or "/" in subject or ":" in subject:
        if value not in ("happened", "replaced"):
            return "an event is 'happened' or 'replaced'"
        return event_id_problem(subject, scenario)
    if subject in scenario.players:
        return None if value in ("lost", "not_lost") else "a player is 'lost' or 'not_lost'"
    return f"'{subject}' is no card, event or player of the scenario"


def event_symbols(ctl: clingo.Control, builder: Builder) -> dict[str, Symbol]:
    """Every event the grounded program can make, by its id as printed (``e1``, ``e1/J1.2:h1``).

    Made events are terms (``res(rep("J1",1),"e1",2,"h1")``), so an id is looked up
    among the events that exist rather than read as a string.
    """
    return {
        builder.event_id(atom.symbol.arguments[0]): atom.symbol.arguments[0]
        for atom in ctl.symbolic_atoms.by_signature("event", 1)
    }


def condition_literal(
    scenario: Scenario, cond: OutcomeCondition, events: dict[str, Symbol] | None = None
) -> tuple[Symbol, bool]:
    """The atom a condition fixes, and whether it must be true."""
    if cond.subject in scenario.cards:
        return Function("final", [String(cond.subject), Function(cond.value)]), True
    if cond.subject in scenario.players:
        return Function("loses", [P(cond.subject)]), cond.value == "lost"
    atom = "replaced" if cond.value == "replaced" else "happens"
    event = (events or {}).get(cond.subject, String(cond.subject))
    return Function(atom, [event]), True


# -- violations in words ------------------------------------------------------------


@dataclass
class Violation:
    rule: str
    kind: str
    text: str
    cards: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)

    @property
    def paraphrase(self) -> str:
        return rule_catalogue().get(self.rule, {}).get("paraphrase", "")

    @property
    def heading(self) -> str:
        return rule_catalogue().get(self.rule, {}).get("heading", "")


class _ModelWords:
    """What the sentences about one model name: its cards, replacements, events, slots and
    restrictions, and what the model says of them (``affected``, ``apply``, ``pick``, ``available``)."""

    def __init__(self, scenario: Scenario, builder: Builder, symbols: list[Symbol]):
        self.scenario = scenario
        self.b = builder
        self.affected: dict[str, list[tuple[Symbol, Symbol]]] = {}
        self.applied: dict[Symbol, list[Symbol]] = {}
        self.picks: dict[tuple[Symbol, Symbol], list[str]] = {}
        self.available: dict[tuple[Symbol, Symbol, int], int] = {}
        for sym in symbols:
            if sym.name == "affected":
                self.affected.setdefault(sym.arguments[2].string, []).append((sym.arguments[0], sym.arguments[1]))
            elif sym.name == "apply":
                self.applied.setdefault(sym.arguments[1], []).append(sym.arguments[0])
            elif sym.name == "pick":
                self.picks.setdefault((sym.arguments[0], sym.arguments[1]), []).append(sym.arguments[3].string)
            elif sym.name == "available":
                a = sym.arguments
                self.available[(a[0], a[1], a[2].number)] = a[3].number

    def card(self, card_id: str) -> str:
        card = self.scenario.cards.get(card_id)
        return card.label if card else card_id

    def rep(self, sym: Symbol) -> str:
        ref = self.b.replacement(sym)
        return f"{ref.id} ({ref.name})" if ref.name and ref.name != ref.card else ref.id

    def ev(self, sym: Symbol) -> str:
        return self.b.event_id(sym)

    def slot(self, r: Symbol, index: int):
        ref = self.b.replacement(r)
        if r.name == "eff":
            ability = next(e.ability for e in self.scenario.effects if e.id == ref.id)
        else:
            assert ref.card is not None  # a card's ability: an effect in play has none
            ability = self.scenario.cards[ref.card].replacements[ref.ability - 1]
        option = r.arguments[-1].number if len(r.arguments) == (2 if r.name == "eff" else 3) else None
        if option is not None:  # the ability applied with one option of its one_of
            ability = variants(ability)[option - 1]
        slots = ability.slots()
        return slots[index - 1] if 0 < index <= len(slots) else None

    def restriction(self, word: Symbol) -> str:
        """What a restriction is, in words: 「破壊されない」, 「離れない」, a card's restriction ability."""
        if word.type == SymbolType.Function and word.name == "restricted" and word.arguments:
            card = word.arguments[0].string
            definition = self.scenario.cards[card].definition if card in self.scenario.cards else None
            texts = [r.text for r in definition.restrictions if r.text] if definition else []
            return f"{self.card(card)}'s restriction" + (f" (「{texts[0].rstrip('。')}」)" if len(texts) == 1 else "")
        return {
            "cannot_be_destroyed": "「破壊されない」",
            "cannot_leave": "「離れない」",
            "cannot_discard": "a player who cannot discard",
        }.get(str(word), str(word).replace("_", " "))


class Describer(_ModelWords):
    """Turns violation atoms of one model into sentences, with the cards and events involved."""

    def describe(self, rule: str, what: Symbol) -> Violation:
        for kind in (self._choice_violation, self._event_violation, self._card_violation, self._order_violation):
            found = kind(rule, what.name, what.arguments)
            if found is not None:
                return found
        return Violation(rule, what.name, self.b.describe(what))

    def _choice_violation(self, rule: str, name: str, a: list[Symbol]) -> Violation | None:
        """A card chosen twice or that cannot be, too few cards, too few in the deck, no room."""
        if name == "chosen_twice":
            card = a[0].string
            users = sorted(self.affected.get(card, []), key=lambda re: (self.b.order(re[1]), str(re[0])))
            text = (
                f"{self.card(card)} is affected by "
                + " and by ".join(f"{self.rep(r)} on {self.ev(e)}" for r, e in users)
                + " (chosen twice)"
            )
            return Violation(rule, name, text, [card], [self.ev(e) for _, e in users])
        if name == "too_few":
            r, e, slot = a[0], a[1], a[2].number
            need = self.slot(r, slot)
            have = self.available.get((r, e, slot))
            text = (
                f"{self.rep(r)} on {self.ev(e)} needs {need.count} card{'s' if need.count != 1 else ''} "
                f"from the {need.from_zone}"
                if need
                else f"{self.rep(r)} on {self.ev(e)} needs more cards"
            )
            if have is not None:
                text += f"; {have} {'was' if have == 1 else 'were'} there when it was decided (609.9a)"
            return Violation(rule, name, text, [], [self.ev(e)])
        if name == "cannot_choose":
            card, why = a[2].string, str(a[3]).replace("_", " ")
            return Violation(
                rule, name, f"{self.rep(a[0])} chose {self.card(card)}, which it cannot: {why}", [card], [self.ev(a[1])]
            )
        if name == "deck_short":
            return Violation(
                rule,
                name,
                f"{self.rep(a[0])} would take more cards than {name_of(a[2])}'s deck holds",
                [],
                [self.ev(a[1])],
            )
        if name == "no_room":
            return Violation(
                rule,
                name,
                f"{self.rep(a[0])} would send a card to a full zone, and its text needs room "
                "there (the one exception to overflow)",
                [],
                [self.ev(a[1])],
            )
        return None

    def _event_violation(self, rule: str, name: str, a: list[Symbol]) -> Violation | None:
        """An event replaced twice or when it cannot be, by what is absent or itself, or nowhere to go."""
        if name == "several":
            e = a[0]
            reps = self.applied.get(e, [])
            return Violation(
                rule, name, f"{self.ev(e)} is replaced by " + " and ".join(self.rep(r) for r in reps), [], [self.ev(e)]
            )
        if name == "chained":
            r, e = a[0], a[1]
            return Violation(
                rule, name, f"{self.rep(r)} would replace {self.ev(e)}, an event a replacement made", [], [self.ev(e)]
            )
        if name == "absent":
            r = a[0]
            ref = self.b.replacement(r)
            where = (
                self.scenario.cards[ref.card].zone if ref.card is not None and ref.card in self.scenario.cards else "?"
            )
            return Violation(
                rule,
                name,
                f"{self.rep(r)} does not exist when {self.ev(a[1])} happens (its card is in the {where} zone)",
                [ref.card] if ref.card else [],
                [self.ev(a[1])],
            )
        if name in _NOT_REPLACED:
            text = f"{self.ev(a[1])} {_NOT_REPLACED[name]}; {self.rep(a[0])} cannot apply"
            return Violation(rule, name, text, [], [self.ev(a[1])])
        if name == "same_event":
            return Violation(
                rule,
                name,
                f"{self.rep(a[0])} would make {self.ev(a[1])} itself happen instead: what happens "
                "instead is another event",
                [],
                [self.ev(a[1])],
            )
        if name == "two_places":
            card = a[0].string
            return Violation(
                rule, name, f"{self.card(card)} would go to the {a[1]} and to the {a[2]} zone at once", [card], []
            )
        if name in _NONE_TO_MOVE:
            text = f"{self.rep(a[0])} would put {_NONE_TO_MOVE[name]}: it cannot be applied"
            return Violation(rule, name, text, [], [self.ev(a[1])])
        if name == "shield_gone":
            card = a[2].string
            text = f"{self.rep(a[0])} would put its card onto {self.card(card)}, which leaves the shield zone at once"
            return Violation(rule, name, text, [card], [self.ev(a[1])])
        return None

    def _card_violation(self, rule: str, name: str, a: list[Symbol]) -> Violation | None:
        """What a card's effects forbid: 「離れない」 ignored, a restriction, its own card or the partner."""
        if name == "ignored":
            return Violation(
                rule,
                name,
                f"{self.ev(a[1])}'s effect ignores 「離れない」 effects, so "
                f"{self.rep(a[0])}'s 「離れる時」/「破壊される時」 replacement cannot apply",
                [],
                [self.ev(a[1])],
            )
        if name == "restricted":
            card = a[2].string
            return Violation(
                rule,
                name,
                f"{self.rep(a[0])} would make an event on {self.card(card)} that "
                f"{self.restriction(a[3])} forbids: it cannot be applied",
                [card],
                [self.ev(a[1])],
            )
        if name == "source_cannot":
            ref = self.b.replacement(a[0])
            return Violation(
                rule,
                name,
                f"{self.rep(a[0])} would move or flip its own card, which {str(a[2]).replace('_', ' ')}",
                [ref.card] if ref.card else [],
                [self.ev(a[1])],
            )
        if name == "partner_cannot":
            card = a[2].string
            return Violation(
                rule,
                name,
                f"{self.rep(a[0])} would destroy {self.card(card)}, which cannot be destroyed or leave",
                [card],
                [self.ev(a[1])],
            )
        return None

    def _order_violation(self, rule: str, name: str, a: list[Symbol]) -> Violation | None:
        """The order of decisions: a mandatory replacement skipped or excused, who decides first."""
        if name == "mandatory_skipped":
            return Violation(
                rule,
                name,
                f"{self.rep(a[0])} is mandatory and could apply to {self.ev(a[1])}, but nothing replaced it",
                [],
                [self.ev(a[1])],
            )
        if name == "excused_later":
            return Violation(
                rule,
                name,
                f"{self.rep(a[0])} is mandatory and could apply to {self.ev(a[1])} when its "
                "player decided; a replacement decided later cannot excuse it by moving that card",
                [],
                [self.ev(a[1])],
            )
        if name == "own_movement_first":
            return Violation(
                rule,
                name,
                f"{self.rep(a[0])} applied to {self.ev(a[1])} although the spell's own "
                f"movement replacement {self.rep(a[2])} could",
                [],
                [self.ev(a[1])],
            )
        if name == "turn_player_first":
            return Violation(
                rule,
                name,
                f"{self.rep(a[0])} (non-turn player) applied to {self.ev(a[1])} although "
                f"the turn player's mandatory {self.rep(a[2])} could",
                [],
                [self.ev(a[1])],
            )
        return None


def _violations(describer: Describer, symbols: list[Symbol]) -> list[Violation]:
    out = [
        describer.describe(sym.arguments[0].arguments[0].string, sym.arguments[1])
        for sym in symbols
        if sym.name == "violation"
    ]
    return sorted(out, key=lambda v: (v.rule, v.text))


# -- why-not -------------------------------------------------------------------------


@dataclass
class WhyNot:
    """Whether some legal resolution has the outcome asked about (``legal``: one that has it),
    and if none has, what stands in the way: the closest outcomes with the rules they break
    (``options``, closest first), the conditions nothing can bring about (``impossible``), the
    window where the closest outcomes break rules (``window``)."""

    conditions: list[OutcomeCondition]
    legal: Resolution | None = None
    impossible: list[OutcomeCondition] = field(default_factory=list)
    options: list[tuple[Resolution, list[Violation]]] = field(default_factory=list)
    window: str | None = None  # where the closest outcomes break rules (effects of several windows)
    elsewhere: bool = False  # each window allows its part, but no resolution of the whole effect has all

    @property
    def cost(self) -> int | None:
        return len(self.options[0][1]) if self.options else None


def _assumptions(ctl: clingo.Control, fixed: list[tuple[Symbol, bool]]) -> tuple[list[int], list[Symbol]]:
    literals, missing = [], []
    for sym, truth in fixed:
        atom = ctl.symbolic_atoms[sym]
        if atom is None:
            if truth:
                missing.append(sym)
            continue
        literals.append(atom.literal if truth else -atom.literal)
    return literals, missing


def _optimal(
    ctl: clingo.Control, assumptions: list[int], limit: int = MAX_OPTIMAL_MODELS, deadline: float | None = None
) -> list[list[Symbol]]:
    """The optimal models (fewest violations) under the assumptions; SolveError once ``deadline`` passes."""
    set_solve(ctl, opt_mode="optN", models=0)
    found: list[list[Symbol]] = []

    def on_model(model: clingo.Model) -> bool:
        if model.optimality_proven:
            found.append(list(model.symbols(shown=True)))
            return len(found) < limit
        return True

    if deadline is None:
        ctl.solve(assumptions=assumptions, on_model=on_model)
        return found
    with ctl.solve(assumptions=assumptions, on_model=on_model, async_=True) as handle:
        if not handle.wait(max(deadline - time.monotonic(), 0.0)):
            handle.cancel()
            handle.get()
            raise SolveError("the explanation ran out of time (--timeout)")
        handle.get()
    return found


def _why_not_window(
    scenario: Scenario, conditions: list[OutcomeCondition], index: int = 1, label: str = "effect", kind: str = "effect"
) -> WhyNot:
    """Within one window: is there a legal resolution meeting the conditions? If not, what stands in the way."""
    ctl = make_control(scenario, mode="explain")
    builder = Builder(scenario, index, label, kind)
    result = WhyNot(conditions)
    ids = event_symbols(ctl, builder)
    fixed = [condition_literal(scenario, c, ids) for c in conditions]
    literals, missing = _assumptions(ctl, fixed)
    if missing:
        result.impossible = [c for c, (sym, _) in zip(conditions, fixed) if sym in missing]
        return result
    models = _optimal(ctl, literals)
    if not models:
        result.impossible = list(conditions)
        return result
    seen = set()
    for symbols in models:
        describer = Describer(scenario, builder, symbols)
        violations = _violations(describer, symbols)
        resolution = Resolution(windows=(builder.build(symbols),))
        if not violations:
            result.legal = resolution
            result.options = []
            return result
        key = tuple((v.rule, v.text) for v in violations)
        if key in seen:
            continue
        seen.add(key)
        result.options.append((resolution, violations))
    result.options.sort(key=lambda o: [(v.rule, v.text) for v in o[1]])
    return result


def outcome_holds(scenario: Scenario, resolution: Resolution, cond: OutcomeCondition) -> bool:
    """Whether a resolution of the whole effect (every window) meets a condition."""
    if cond.subject in scenario.players:
        return (cond.subject in resolution.lost) == (cond.value == "lost")
    if cond.subject in scenario.cards:
        return resolution.final.get(cond.subject, scenario.cards[cond.subject].zone) == cond.value
    events = resolution.replaced if cond.value == "replaced" else resolution.happened
    return any(e.id == cond.subject for e in events)


# How many resolutions the list that checks an outcome the optimisation found none for may hold
_CROSS_CHECK = 10_000


def why_not(scenario: Scenario, conditions: list[OutcomeCondition]) -> WhyNot:
    """Is there a legal resolution of the whole effect meeting the conditions? If not, what stands
    in the way: the rules the closest outcomes break, in the window where they break them."""
    if fast_path(scenario) and not beyond_one_window(scenario):
        # One window and nothing after it: answered by optimisation, without listing resolutions.
        result = _why_not_window(scenario, conditions)
        if result.legal is None and not result.options:
            # no outcome found at all (a window with nothing to minimise proves no optimality): the list decides
            listed = solve(scenario, max_resolutions=_CROSS_CHECK)
            for resolution in listed.resolutions:
                if all(outcome_holds(scenario, resolution, c) for c in conditions):
                    return WhyNot(conditions, legal=resolution)
        return result
    solution = solve(scenario)
    for resolution in solution.resolutions:
        if all(outcome_holds(scenario, resolution, c) for c in conditions):
            return WhyNot(conditions, legal=resolution)
    if all(len(r.windows) == 1 for r in solution.resolutions):
        result = _why_not_window(scenario, conditions)
        if result.legal is not None:  # legal in the window, but not for the whole effect
            result = WhyNot(conditions, elsewhere=True)
        return result
    # Several windows: explain in each window reached, with the conditions that window can decide
    # (events of its own; cards and players, as the window leaves them), and keep the closest.
    best: WhyNot | None = None
    seen: set = set()
    impossible: set[OutcomeCondition] = set(conditions)
    for resolution in solution.resolutions:
        for window in resolution.windows:
            state = window.state
            if state is None or (window.label, window.index, id(state)) in seen:
                continue
            seen.add((window.label, window.index, id(state)))
            local = [
                c
                for c in conditions
                if c.subject in state.cards
                or c.subject in state.players
                or any(
                    c.subject == e.id or c.subject.startswith(e.id + ":") or c.subject.startswith(e.id + "/")
                    for e in window.events
                )
            ]
            if not local:
                continue
            found = _why_not_window(state, local, window.index, window.label, window.kind)
            impossible -= set(local) - set(found.impossible)
            if found.legal is not None or not found.options:
                continue
            found.conditions = conditions
            found.window = f"window {window.index} ({window.label})"
            if best is None or (found.cost or 0) < (best.cost or 0):
                best = found
    if best is not None:
        return best
    if impossible:
        return WhyNot(conditions, impossible=sorted(impossible, key=conditions.index))
    return WhyNot(conditions, elsewhere=True)


# -- why -----------------------------------------------------------------------------


@dataclass
class WhyStep:
    """One replacement that watched an event of the resolution, and what became of it.

    ``reason`` says why it did not apply, as it stood when its player decided
    (609.9a: ranks in order); ``kind`` is ``applied``, ``choice`` (optional, not
    applied by its player), ``blocked`` (a rule forbade it, see ``violations``),
    ``earlier`` (an earlier rank replaced the event: 609.8a, 609.8, 609.3),
    ``same_player`` (its player applied another replacement to the event) or
    ``superseded`` (an application decided no later took the event's card).
    """

    event: str
    replacement: str
    player: str
    rank: int
    applied: bool
    chosen: tuple[str, ...] = ()
    reason: str = ""
    violations: list[Violation] = field(default_factory=list)
    # other ways to apply it that break as few rules (each its own violations): no one of them is "the" reason
    alternatives: list[list[Violation]] = field(default_factory=list)
    kind: str = "applied"
    window: int = 1
    window_label: str = "effect"


RANK_WORDS = {0: "the spell's own movement (609.8a)", 1: "the turn player", 2: "the non-turn player"}
# How many of the ways to apply a replacement that break the fewest rules an explanation names
_WAYS = 4


def why(scenario: Scenario, resolution: Resolution, deadline: float | None = None) -> list[WhyStep]:
    """For each replacement watching an event of the resolution, window by window: applied, or what
    kept it out when its player decided (never a reason that only a later player's choice made).

    ``deadline`` (a ``time.monotonic()`` value) bounds the time spent: SolveError once it passes."""
    steps: list[WhyStep] = []
    for window in resolution.windows:
        steps.extend(_why_window(window.state if window.state is not None else scenario, window, deadline))
    return steps


def _why_window(scenario: Scenario, window, deadline: float | None = None) -> list[WhyStep]:
    return _WindowWhy(scenario, window, deadline).steps()


class _WindowWhy:
    """Why each replacement watching an event of one window was applied or not: the window's
    model solved once for the ranks, then once more for each replacement not applied."""

    def __init__(self, scenario: Scenario, window, deadline: float | None):
        self.scenario, self.window, self.deadline = scenario, window, deadline
        self.ctl = make_control(scenario, mode="explain")
        self.builder = Builder(scenario, window.index, window.label, window.kind)
        self.fixed_true = set(window.atoms)
        self.all_apply = [a.symbol for a in self.ctl.symbolic_atoms.by_signature("apply", 2)]
        self.all_pick = [a.symbol for a in self.ctl.symbolic_atoms.by_signature("pick", 4)]
        self.all_target = [a.symbol for a in self.ctl.symbolic_atoms.by_signature("target", 2)]
        base = [(s, s in self.fixed_true) for s in self.all_apply + self.all_pick + self.all_target]
        literals, _ = _assumptions(self.ctl, base)
        models = _optimal(self.ctl, literals, limit=1, deadline=deadline)
        symbols = models[0] if models else []
        self.watchers = [(s.arguments[0], s.arguments[1]) for s in symbols if s.name == "rwatches"]
        self.ranks = {(s.arguments[0], s.arguments[1]): s.arguments[2].number for s in symbols if s.name == "rank"}
        self.happened = {e.id for e in window.happened} | {e.id for e in window.replaced}
        self.own_events = {e.id: e for e in window.events}
        self.applied = {(s.arguments[0], s.arguments[1]) for s in window.atoms if s.name == "apply"}
        self.by_event: dict[Symbol, Symbol] = {e: r for r, e in self.applied}
        self.chosen_by: dict[str, tuple[Symbol, Symbol]] = {}
        for s in window.atoms:
            if s.name == "pick":
                self.chosen_by[s.arguments[3].string] = (s.arguments[0], s.arguments[1])

    def steps(self) -> list[WhyStep]:
        builder, ranks, window = self.builder, self.ranks, self.window
        steps: list[WhyStep] = []
        for r, e in sorted(self.watchers, key=lambda re: (ranks.get(re, 3), builder.order(re[1]), str(re[0]))):
            event_id = builder.event_id(e)
            superseded = event_id in self.own_events and event_id not in self.happened
            if (event_id not in self.happened and not superseded) or (r, e) not in ranks:
                continue
            ref = builder.replacement(r)
            rank = ranks[(r, e)]
            step = WhyStep(
                event_id,
                ref.id,
                ref.player,
                rank,
                (r, e) in self.applied,
                window=window.index,
                window_label=window.label,
            )
            steps.append(step)
            if step.applied:
                app = next((a for a in window.applied if a.event == event_id), None)
                step.chosen = app.chosen if app else ()
            elif not self._decided_before(step, e, superseded):
                self._tried(step, r, e, ref)
        return steps

    def _decided_before(self, step: WhyStep, e: Symbol, superseded: bool) -> bool:
        """Whether another decision kept the replacement out (an earlier player's, its own player's,
        or a replacement that moves the event's card): the step's kind and reason say which."""
        builder, ranks, rank, event_id = self.builder, self.ranks, step.rank, step.event
        other = self.by_event.get(e)
        if other is not None and self.scenario.ruleset == "sequential":
            step.kind = "chained"
            later = any(str(a.replacement.id) == step.replacement for a in self.window.applied if a.event != event_id)
            step.reason = f"{builder.replacement(other).id} applied to {event_id} first; " + (
                "this one applies in turn, to what that one made (D0-6)"
                if later
                else "the replacements apply one after another, each to what the one before made (D0-6), and "
                "this one was not applied to it"
            )
            return True
        first = ranks.get((other, e), 3) if other is not None else None
        if other is not None and first is not None and first < rank:
            rule = "609.8a" if first == 0 else "609.8"
            step.kind = "earlier"
            step.reason = (
                f"{RANK_WORDS[first]} decided first and applied {builder.replacement(other).id} "
                f"to {event_id} ({rule}); only one replacement applies to an event (609.3)"
            )
            return True
        if other is not None and first == rank:
            step.kind = "same_player"
            step.reason = (
                f"its player applied {builder.replacement(other).id} to {event_id} instead; "
                "only one replacement applies to an event (609.3)"
            )
            return True
        if superseded:
            card = self.own_events[event_id].card
            taker = self.chosen_by.get(card) if card else None
            if taker is not None and ranks.get(taker, 3) <= rank:
                step.kind = "superseded"
                step.reason = (
                    f"{event_id} does not happen: {builder.replacement(taker[0]).id} on "
                    f"{builder.event_id(taker[1])} took its card {card} as an affected card and moves it "
                    "(609.5)"
                )
                return True
        return False

    def _tried(self, step: WhyStep, r: Symbol, e: Symbol, ref) -> None:
        """The replacement forced on what held when its player decided (the decisions of earlier
        ranks and this player's other decisions as they were, later players' decisions left open):
        the violations that keep it out, or none (its player chose not to apply it)."""
        ranks, rank, fixed_true = self.ranks, step.rank, self.fixed_true

        def decided_by_then(sym: Symbol) -> bool:
            k = ranks.get((sym.arguments[0], sym.arguments[1]))
            return k is not None and k <= rank

        trial = [(Function("apply", [r, e]), True)]
        trial += [(s, s in fixed_true) for s in self.all_apply if s != Function("apply", [r, e]) and decided_by_then(s)]
        trial += [
            (s, s in fixed_true)
            for s in self.all_pick
            if (s.arguments[0], s.arguments[1]) != (r, e) and decided_by_then(s)
        ]
        trial += [(s, s in fixed_true) for s in self.all_target]
        literals, _ = _assumptions(self.ctl, trial)
        models = _optimal(self.ctl, literals, limit=_WAYS, deadline=self.deadline)
        if not models:
            step.kind = "blocked"
            step.reason = "cannot be applied here"
            return
        ways: list[list[Violation]] = []
        for found in models:  # the ways to apply it that break the fewest rules, each named (A18: 101.5 or 609.4)
            way = _violations(Describer(self.scenario, self.builder, found), found)
            if way not in ways:
                ways.append(way)
        violations = ways[0]
        if violations:
            step.kind = "blocked"
            step.violations, step.alternatives = violations, [w for w in ways[1:] if w]
            step.reason = " or ".join("; ".join(f"{v.rule}: {v.text}" for v in way) for way in ways if way)
        else:
            step.kind = "choice"
            step.reason = (
                "optional, and its player did not apply it"
                if _optional_ability(self.scenario, ref)
                else "its player did not apply it, and no rule required it here"
            )


def _optional_ability(scenario: Scenario, ref) -> bool:
    if ref.card is not None and ref.card in scenario.cards and ref.ability >= 1:
        abilities = scenario.cards[ref.card].replacements
        return ref.ability <= len(abilities) and abilities[ref.ability - 1].optional
    effect = next((e for e in scenario.effects if e.id == ref.id), None)
    return bool(effect and effect.ability.optional)
