"""Expectations written in scenario files, and checking a solution against them.

The language (docs/scenario-format.md, "Expectations"):

- ``count``: the exact number of resolutions; ``states``: of distinct final states.
- ``resolutions``: the exact set of resolutions. Each entry gives ``applied``
  (every replacement applied: event, the replacement by its card id, the
  chosen cards), ``final`` (the cards that end outside their starting zone;
  every card not listed stays), and optionally ``lost``, ``flipped``.
- ``groups``: the exact set of resolutions grouped by what was applied (the
  events and replacements, not the chosen cards), each group with its exact
  ``count`` and, optionally, ``final`` zones every resolution of it shares.
  For situations where listing every choice of interchangeable cards (any 4
  of 8 graveyard cards) would hide the ruling.
- ``some``: patterns each of which at least one resolution matches.
- ``none``: patterns no resolution matches.
- ``always``: patterns every resolution matches.

A pattern is a mapping of conditions that must all hold: ``final`` (cards →
zones), ``happened`` and ``replaced`` (event ids), ``applied`` (applications,
partially given), ``lost``, ``flipped``, ``not_applied`` (events no
replacement applies to).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..game.limits import under_ruleset
from ..game.outcome import Application, Resolution, Solution
from ..game.scenario import Scenario
from ..game.vocabulary import ZONES
from ..reading.reader import Node

EXPECT_FIELDS = ("count", "states", "resolutions", "groups", "some", "none", "always", "note")
GROUP_FIELDS = ("applied", "count", "final", "note")
ENTRY_FIELDS = (
    "applied",
    "final",
    "under",
    "lost",
    "flipped",
    "triggered",
    "trigger_counts",
    "broken",
    "tapped",
    "attempted",
    "note",
)
APPLIED_FIELDS = ("event", "by", "chosen")
PATTERN_FIELDS = (
    "final",
    "happened",
    "replaced",
    "applied",
    "not_applied",
    "lost",
    "flipped",
    "triggered",
    "not_triggered",
    "broken",
    "not_broken",
    "attempted",
    "source",
    "note",
)


@dataclass(frozen=True)
class AppPattern:
    event: str | None = None
    by: str | None = None
    chosen: frozenset[str] | None = None

    def matches(self, app: Application) -> bool:
        return (
            (self.event is None or app.event == self.event)
            and (self.by is None or app.replacement.id == self.by)
            and (self.chosen is None or frozenset(app.chosen) == self.chosen)
        )

    def text(self) -> str:
        parts = [self.event or "any event", "by " + (self.by or "any replacement")]
        if self.chosen is not None:
            parts.append("choosing " + (", ".join(sorted(self.chosen)) or "nothing"))
        return " ".join(parts)


@dataclass(frozen=True)
class Pattern:
    """Conditions on one resolution."""

    final: tuple[tuple[str, str], ...] = ()
    happened: tuple[str, ...] = ()
    replaced: tuple[str, ...] = ()
    applied: tuple[AppPattern, ...] = ()
    not_applied: tuple[str, ...] = ()
    lost: tuple[str, ...] | None = None
    flipped: tuple[str, ...] | None = None
    triggered: tuple[str, ...] = ()
    not_triggered: tuple[str, ...] = ()
    broken: tuple[str, ...] = ()
    not_broken: tuple[str, ...] = ()
    attempted: tuple[str, ...] = ()
    sources: tuple[tuple[str, str], ...] = ()

    def matches(self, r: Resolution) -> bool:
        happened = {e.id for e in r.happened}
        replaced = {e.id for e in r.replaced}
        triggered = trigger_names(r)
        source = {e.id: e.source for e in r.happened}
        return (
            all(source.get(e, "") == c for e, c in self.sources)
            and all(t in triggered for t in self.triggered)
            and not any(t in triggered for t in self.not_triggered)
            and all(s in r.broken for s in self.broken)
            and not any(s in r.broken for s in self.not_broken)
            and all(e in r.attempted for e in self.attempted)
            and all(r.final.get(c) == z for c, z in self.final)
            and all(e in happened for e in self.happened)
            and all(e in replaced for e in self.replaced)
            and all(any(p.matches(a) for a in r.applied) for p in self.applied)
            and all(r.application(e) is None for e in self.not_applied)
            and (self.lost is None or set(self.lost) <= set(r.lost))
            and (self.flipped is None or set(self.flipped) <= set(r.flipped))
        )

    def text(self) -> str:
        parts = [f"{c}={z}" for c, z in self.final]
        parts += [f"{e} happened" for e in self.happened]
        parts += [f"{e} replaced" for e in self.replaced]
        parts += [f"applied {p.text()}" for p in self.applied]
        parts += [f"nothing applied to {e}" for e in self.not_applied]
        parts += [f"{p} loses" for p in self.lost or ()]
        parts += [f"{c} flipped" for c in self.flipped or ()]
        parts += [f"{t} triggered" for t in self.triggered]
        parts += [f"{t} not triggered" for t in self.not_triggered]
        parts += [f"{s} broken" for s in self.broken]
        parts += [f"{s} not broken" for s in self.not_broken]
        parts += [f"{e} attempted" for e in self.attempted]
        parts += [f"{e} happened with source {c}" for e, c in self.sources]
        return ", ".join(parts) or "(anything)"


def _read_trigger_counts(node: Node, scenario: Scenario) -> tuple[tuple[str, int], ...]:
    """``{CARD: N}`` or ``{CARD#k: N}``: how many times each triggered ability triggers (CARD is
    its first); checked exactly: every ability that triggers is listed."""
    out = []
    for key, value in node.items():
        card, _, k = key.partition("#")
        if card not in scenario.cards:
            raise value.error(f"no card with id '{card}' is in the scenario")
        if k and not k.isdigit():
            raise value.error(f"'{key}' is not a card id or CARD#k")
        out.append((f"{card}#{k or 1}", value.integer(low=1)))
    return tuple(sorted(out))


def trigger_names(r: Resolution) -> set[str]:
    """A triggered ability by its card's id, and by ``CARD#k``."""
    return {t.card for t in r.triggered} | {f"{t.card}#{t.ability}" for t in r.triggered}


ResolutionKey = tuple


def resolution_key(applied, final: dict[str, str], lost, flipped, under=()) -> ResolutionKey:
    """What tells resolutions apart: the applications, where every card ends, the players who lost,
    the cards flipped, and the cards that end under a card they were not under (``under``)."""
    return (frozenset(applied), tuple(sorted(final.items())), frozenset(lost), frozenset(flipped), frozenset(under))


def actual_key(r: Resolution, scenario: Scenario | None = None) -> ResolutionKey:
    apps = [(a.event, a.replacement.id, frozenset(a.chosen)) for a in r.applied]
    under = list(r.put_under(scenario).items()) if scenario is not None else []
    return resolution_key(apps, dict(r.final), r.lost, r.flipped, under)


@dataclass
class Expectation:
    count: int | None = None
    states: int | None = None
    resolutions: list[tuple[ResolutionKey, str]] | None = None
    entry_checks: dict = field(default_factory=dict)
    groups: dict[frozenset, tuple[int, Pattern]] | None = None
    some: list[Pattern] = field(default_factory=list)
    none: list[Pattern] = field(default_factory=list)
    always: list[Pattern] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return (
            self.count is None
            and self.states is None
            and self.resolutions is None
            and self.groups is None
            and not self.some
            and not self.none
            and not self.always
        )


def _check_card(node: Node, scenario: Scenario) -> str:
    card = node.text()
    if card not in scenario.cards:
        raise node.error(f"no card with id '{card}' is in the scenario")
    return card


def known_event_ids(scenario: Scenario) -> set[str]:
    """Ids of the events the scenario's steps name (the first step's, templates', later steps')."""
    ids = {e.id for e in scenario.events} | {t.id for t in scenario.templates}
    for step in scenario.program.steps:
        ids |= {spec.id for spec in step.events}
    return ids


def _check_event(node: Node, scenario: Scenario, made: bool = True) -> str:
    """An event id: one the scenario names, a card chosen by one (``e1:C``), a later
    card of a multi-card event (``e1.2``), or an event made later (``e1/...``)."""
    event = node.text()
    problem = event_id_problem(event, scenario, made)
    if problem is not None:
        raise node.error(problem)
    return event


def event_id_problem(event: str, scenario: Scenario, made: bool = True) -> str | None:
    """What is wrong with an event id an expectation or a question names, if anything: an event the scenario does
    not name, or (``made``: an event made later, ``e1/J1.2:h1``) a card or replacement it lacks."""
    known = known_event_ids(scenario)
    base = event.split(":", 1)[0].split("/", 1)[0]
    if event not in known and not (
        made and (base in known or base.rsplit(".", 1)[0] in known or base.startswith("sba"))
    ):
        unknown = base if made else event
        return f"no event with id '{unknown}' in the scenario (events: {', '.join(sorted(known))})"
    problem = _made_parts_problem(event, scenario)
    return None if problem is None else f"'{event}': {problem}"


# The words of an event id that name no card nor replacement (``e1/choice``, ``e1/VB.1/deck_out``, ``e1/loses:C``)
_MADE_WORDS = frozenset({"choice", "deck_out", "loses"})


def _made_parts_problem(event: str, scenario: Scenario) -> str | None:
    """What an event id names that the scenario lacks: the card after a 「:」 (``e1:C``, ``e1/J1.2:h1``), or the
    replacement (its card or effect id) that made each part after a 「/」 (``e1/J1.2``)."""
    parts = event.split("/")
    for i, part in enumerate(parts):
        head, _, card = part.partition(":")
        if card and card not in scenario.cards:
            return f"no card with id '{card}' is in the scenario"
        maker = head.split(".", 1)[0].split("#", 1)[0]
        if i and maker not in _MADE_WORDS and maker not in scenario.cards and maker not in _replacement_ids(scenario):
            return f"no card or replacement with id '{maker}' made a part of it"
        if i:
            problem = _action_problem(head, card, scenario)
            if problem is not None:
                return problem
    return None


def _action_problem(head: str, card: str, scenario: Scenario) -> str | None:
    """What is wrong with the action a part of a made event's id names (``J1.2`` of ``e1/J1.2:h1``): an action the
    card's replacement does not have, one that makes no event (「とどまる」), or one that makes an event for each card
    it chooses, named without the card."""
    maker, _, index = head.partition(".")
    name, _, which = maker.partition("#")
    holder = scenario.cards.get(name)
    if holder is None or not index.isdigit() or not holder.replacements:
        return None
    abilities = holder.replacements
    if (which and not which.isdigit()) or int(which or 1) > len(abilities) or (not which and len(abilities) > 1):
        return None
    actions = abilities[int(which or 1) - 1].instead
    n = int(index)
    if not 1 <= n <= len(actions):
        return f"the replacement of '{maker}' does {len(actions)} thing(s): no action {n}"
    if actions[n - 1].kind == "stay":
        return f"action {n} of '{maker}' keeps the card where it is: it makes no event"
    if actions[n - 1].slot is not None and not card:
        return f"action {n} of '{maker}' makes one event for each card it chooses: name the card ('…/{head}:CARD')"
    return None


def _replacement_ids(scenario: Scenario) -> set[str]:
    ids = {e.id for e in scenario.effects}
    for card in scenario.cards.values():
        n = len(card.replacements)
        if n == 1:
            ids.add(card.id)
        for i in range(1, n + 1) if n > 1 else ():
            ids.add(f"{card.id}#{i}")
    return ids


def _read_app(node: Node, scenario: Scenario, exact: bool) -> AppPattern:
    node.keys(APPLIED_FIELDS, required=("event", "by") if exact else ())
    by = node.opt_text("by")
    if by is not None and by not in _replacement_ids(scenario):
        raise node.error(
            f"'{by}' is no replacement of this scenario "
            f"(replacements: {', '.join(sorted(_replacement_ids(scenario))) or 'none'})",
            "by",
        )
    chosen = None
    if node.has("chosen") or exact:
        chosen = (
            frozenset(_check_card(c, scenario) for c in node.child("chosen").elements())
            if node.has("chosen")
            else frozenset()
        )
    return AppPattern(
        event=_check_event(node.child("event"), scenario) if node.has("event") else None,
        by=by,
        chosen=chosen,
    )


def _read_final(node: Node, scenario: Scenario) -> dict[str, str]:
    out = {}
    for card, zone in node.items():
        _check_card(Node(node.located, node.place + (card,), card), scenario)
        out[card] = zone.text(ZONES)
    return out


def _read_pattern(node: Node, scenario: Scenario) -> Pattern:
    node.keys(PATTERN_FIELDS)
    return Pattern(
        final=tuple(_read_final(node.child("final"), scenario).items()) if node.has("final") else (),
        happened=tuple(_check_event(e, scenario) for e in node.child("happened").elements())
        if node.has("happened")
        else (),
        replaced=tuple(_check_event(e, scenario) for e in node.child("replaced").elements())
        if node.has("replaced")
        else (),
        applied=tuple(_read_app(a, scenario, exact=False) for a in node.child("applied").elements())
        if node.has("applied")
        else (),
        not_applied=tuple(_check_event(e, scenario) for e in node.child("not_applied").elements())
        if node.has("not_applied")
        else (),
        lost=tuple(node.child("lost").texts(scenario.players)) if node.has("lost") else None,
        flipped=tuple(_check_card(c, scenario) for c in node.child("flipped").elements())
        if node.has("flipped")
        else None,
        triggered=_expected_cards(node, "triggered", scenario),
        not_triggered=_expected_cards(node, "not_triggered", scenario),
        broken=_expected_cards(node, "broken", scenario),
        not_broken=_expected_cards(node, "not_broken", scenario),
        attempted=tuple(_check_attempted(a, scenario) for a in node.child("attempted").elements())
        if node.has("attempted")
        else (),
        sources=tuple(
            (_check_event(Node(node.located, node.place + ("source", e), e), scenario), _check_card(c, scenario))
            for e, c in node.child("source").items()
        )
        if node.has("source")
        else (),
    )


def _check_attempted(node: Node, scenario: Scenario) -> str:
    """An attempted event as a resolution names it: an event of the scenario, with the card it acts on
    (``e1.AR``)."""
    text = node.text()
    event, _, card = text.partition(".")
    base = event.split(":", 1)[0].split("/", 1)[0]
    if base not in known_event_ids(scenario) and not base.startswith("sba"):
        raise node.error(f"no event with id '{event}' in the scenario")
    if card and card not in scenario.cards and not card.isdigit():
        raise node.error(f"no card with id '{card}' is in the scenario")
    problem = _made_parts_problem(event, scenario)
    if problem is not None:
        raise node.error(f"'{text}': {problem}")
    return text


def _expected_cards(node: Node, key: str, scenario: Scenario) -> tuple[str, ...]:
    """Card ids (``CARD#k`` names one of a card's several triggered abilities)."""
    if not node.has(key):
        return ()
    out = []
    for element in node.child(key).elements():
        name = element.text()
        card, _, number = name.partition("#")
        if card not in scenario.cards:
            raise element.error(f"no card with id '{name}' is in the scenario")
        abilities = len(scenario.cards[card].triggers)
        if number and not (number.isdigit() and 1 <= int(number) <= abilities):
            raise element.error(f"'{name}': {card} has {abilities} triggered abilities")
        out.append(name)
    return tuple(out)


def read_expectation(scenario: Scenario, node: Node | None = None) -> Expectation:
    """The expectations of a scenario file (empty when it has none); ``node``: another one of its expectations."""
    node = scenario.about.expect if node is None else node
    if node is None:
        return Expectation()
    node.keys(EXPECT_FIELDS)
    for key, value in node.items():
        if value.value is None:
            raise value.error(f"'{key}' is given no value: write what is expected, or leave the field out")
    exp = Expectation(count=node.opt_int("count", None, 0, 10**9), states=node.opt_int("states", None, 0, 10**9))
    if node.has("resolutions"):
        exp.resolutions = []
        seen: dict[ResolutionKey, int | None] = {}
        for entry in node.child("resolutions").elements():
            entry.keys(ENTRY_FIELDS)
            apps = []
            events = set()
            for a in entry.child("applied").elements() if entry.has("applied") else ():
                p = _read_app(a, scenario, exact=True)
                if p.event in events:
                    raise a.error(f"event '{p.event}' is listed twice in one resolution")
                events.add(p.event)
                apps.append((p.event, p.by, p.chosen))
            final = {c.id: c.zone for c in scenario.cards.values()}
            if entry.has("final"):
                final.update(_read_final(entry.child("final"), scenario))
            lost = entry.child("lost").texts(scenario.players) if entry.has("lost") else []
            flipped = (
                [_check_card(c, scenario) for c in entry.child("flipped").elements()] if entry.has("flipped") else []
            )
            under = {}
            if entry.has("under"):  # 「…の下に重ねて置く」: card → the card it ends under
                for card, host in entry.child("under").items():
                    under[_check_card_id(entry.child("under"), card, scenario)] = host.text(tuple(scenario.cards))
            key = resolution_key(apps, final, lost, flipped, under.items())
            if key in seen:
                raise entry.error(f"the same resolution is listed twice (also at {seen[key]})")
            seen[key] = entry.located.line(entry.place)
            exp.resolutions.append((key, describe_key(key, scenario)))
            checks = {
                k: (tuple(entry.child(k).texts()) if entry.has(k) else None)
                for k in ("triggered", "broken", "tapped", "attempted")
            }
            if entry.has("trigger_counts"):
                checks["trigger_counts"] = _read_trigger_counts(entry.child("trigger_counts"), scenario)
            if any(v is not None for v in checks.values()):
                exp.entry_checks[key] = checks
    if node.has("groups"):
        exp.groups = {}
        for entry in node.child("groups").elements():
            entry.keys(GROUP_FIELDS, required=("applied", "count"))
            group = frozenset(_group_key(entry.child("applied"), scenario))
            if group in exp.groups:
                raise entry.error("the same group is listed twice")
            placed = tuple(_read_final(entry.child("final"), scenario).items()) if entry.has("final") else ()
            exp.groups[group] = (entry.child("count").integer(1, 10**9), Pattern(final=placed))
    for name in ("some", "none", "always"):
        if node.has(name):
            setattr(exp, name, [_read_pattern(p, scenario) for p in node.child(name).elements()])
    return exp


def _check_card_id(node: Node, card: str, scenario: Scenario) -> str:
    if card not in scenario.cards:
        raise node.error(f"no card with id '{card}' is in the scenario", card)
    return card


def _group_key(node: Node, scenario: Scenario) -> list[tuple[str, str]]:
    out = []
    for a in node.elements():
        a.keys(("event", "by"), required=("event", "by"))
        p = _read_app(a, scenario, exact=False)
        assert p.event is not None and p.by is not None  # both required above
        out.append((p.event, p.by))
    return out


def group_text(key: frozenset) -> str:
    return "; ".join(f"{e} by {b}" for e, b in sorted(key)) or "no replacement"


def describe_key(key: ResolutionKey, scenario: Scenario) -> str:
    apps, final, lost, flipped, under = key
    parts = []
    for event, by, chosen in sorted(apps, key=lambda a: (a[0], a[1])):
        text = f"{event} by {by}"
        if chosen:
            text += " [" + ", ".join(sorted(chosen)) + "]"
        parts.append(text)
    applied = "; ".join(parts) if parts else "no replacement"
    moved = [f"{c}→{z}" for c, z in final if scenario.cards[c].zone != z]
    text = applied + " | " + (", ".join(moved) if moved else "nothing moves")
    if lost:
        text += " | lost: " + ", ".join(sorted(lost))
    if flipped:
        text += " | flipped: " + ", ".join(sorted(flipped))
    if under:
        text += " | under: " + ", ".join(f"{c} under {t}" for c, t in sorted(under))
    return text


def check_expectations(expectation: Expectation, solution: Solution, scenario: Scenario) -> list[str]:
    """Differences between the expectation and the solution (empty when it holds)."""
    problems: list[str] = []
    n = len(solution.resolutions)
    if not solution.complete:
        problems.append(f"the enumeration was cut short ({solution.stopped_by})")
    if expectation.count is not None and expectation.count != n:
        problems.append(f"expected {expectation.count} resolutions, found {n}")
    if expectation.states is not None and expectation.states != solution.states:
        problems.append(f"expected {expectation.states} final states, found {solution.states}")
    if expectation.resolutions is not None:
        problems += _resolution_problems(expectation, solution, scenario)
    if expectation.groups is not None:
        problems += _group_problems(expectation.groups, solution)
    problems += _pattern_problems(expectation, solution)
    return problems


def _resolution_problems(expectation: Expectation, solution: Solution, scenario: Scenario) -> list[str]:
    """The resolutions missing or unexpected, and the checks of each expected one."""
    problems: list[str] = []
    expected = {key: text for key, text in expectation.resolutions or ()}
    actual = {actual_key(r, scenario): describe_key(actual_key(r, scenario), scenario) for r in solution.resolutions}
    for key, text in expected.items():
        if key not in actual:
            problems.append(f"missing resolution: {text}")
    for key, text in actual.items():
        if key not in expected:
            problems.append(f"unexpected resolution: {text}")
    by_key = {actual_key(r, scenario): r for r in solution.resolutions}
    for key, checks in expectation.entry_checks.items():
        r = by_key.get(key)
        if r is None:
            continue
        got = {
            "triggered": tuple(sorted({t.card for t in r.triggered})),
            "trigger_counts": tuple(sorted((f"{c}#{a}", n) for c, a, n in r.trigger_counts)),
            "broken": tuple(sorted(r.broken)),
            "tapped": tuple(sorted(r.tapped)),
            "attempted": tuple(sorted(r.attempted)),
        }
        for name, want in checks.items():
            if want is not None and tuple(sorted(want)) != got[name]:
                problems.append(f"resolution {expected[key]}: {name} {list(got[name])}, expected {sorted(want)}")
    return problems


def _group_problems(groups: dict[frozenset, tuple[int, Pattern]], solution: Solution) -> list[str]:
    """Each expected group of resolutions (the same replacements applied): its size and its pattern."""
    problems: list[str] = []
    actual_groups: dict[frozenset, list[Resolution]] = {}
    for r in solution.resolutions:
        actual_groups.setdefault(frozenset((a.event, a.replacement.id) for a in r.applied), []).append(r)
    for group, (count, pattern) in groups.items():
        members = actual_groups.get(group, [])
        if len(members) != count:
            problems.append(f"group '{group_text(group)}': expected {count} resolutions, found {len(members)}")
        bad = [r for r in members if not pattern.matches(r)]
        if bad:
            problems.append(f"group '{group_text(group)}': a resolution lacks {pattern.text()}")
    for group, members in actual_groups.items():
        if group not in groups:
            problems.append(f"unexpected group '{group_text(group)}' ({len(members)} resolutions)")
    return problems


def _pattern_problems(expectation: Expectation, solution: Solution) -> list[str]:
    """The patterns some, none or every resolution should have."""
    problems: list[str] = []
    for pattern in expectation.some:
        if not any(pattern.matches(r) for r in solution.resolutions):
            problems.append(f"no resolution has {pattern.text()}")
    for pattern in expectation.none:
        hits = [i for i, r in enumerate(solution.resolutions, start=1) if pattern.matches(r)]
        if hits:
            problems.append(f"resolution {hits[0]} has {pattern.text()}, which no resolution should")
    for pattern in expectation.always:
        misses = [i for i, r in enumerate(solution.resolutions, start=1) if not pattern.matches(r)]
        if misses:
            problems.append(f"resolution {misses[0]} lacks {pattern.text()}, which every resolution should have")
    return problems


def expectations(scenario: Scenario) -> list[tuple[Scenario, Expectation]]:
    """The scenario under each ruleset it states an expectation for, with that expectation."""
    out = [(scenario, read_expectation(scenario))]
    for ruleset, node in scenario.about.expect_under.items():
        out.append((under_ruleset(scenario, ruleset), read_expectation(scenario, node)))
    return out


def verdicts(expectation: Expectation, solution: Solution, scenario: Scenario) -> list[tuple[str, bool]]:
    """Each part of the expectation, in words, and whether it holds (for the HTML report)."""
    blank = Expectation()
    parts: list[tuple[str, Expectation]] = []
    if expectation.count is not None:
        parts.append((f"{expectation.count} resolutions", replace(blank, count=expectation.count)))
    if expectation.states is not None:
        parts.append((f"{expectation.states} final states", replace(blank, states=expectation.states)))
    if expectation.resolutions is not None:
        parts.append(
            (
                "exactly the expected resolutions",
                replace(blank, resolutions=expectation.resolutions, entry_checks=expectation.entry_checks),
            )
        )
    if expectation.groups is not None:
        parts.append(("exactly the expected groups of resolutions", replace(blank, groups=expectation.groups)))
    for name, word in (
        ("some", "some resolution has"),
        ("none", "no resolution has"),
        ("always", "every resolution has"),
    ):
        for pattern in getattr(expectation, name):
            part = replace(blank)
            setattr(part, name, [pattern])
            parts.append((f"{word} {pattern.text()}", part))
    return [(text, not check_expectations(part, solution, scenario)) for text, part in parts]
