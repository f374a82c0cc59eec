"""An HTML report of a solution: the situation, then every distinct final state as a board.

``write_html(scenario, solution, path)`` writes one self-contained page (inline
CSS, no script, nothing fetched) that reads at phone and desktop widths. Each
final state groups the resolutions that lead to the same placement of the
cards, up to interchangeable cards (ten resolutions that differ only in which
two unknown hand cards were discarded are one board with a note); the cards
that moved are marked with the zone they came from. Every text is escaped: card names and
ids are user input.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from pathlib import Path

from ..game.cards import CardInstance
from ..game.outcome import Application, Resolution, Solution, Window
from ..game.scenario import Scenario
from ..solving.grouping import interchangeable_classes
from .render import (
    application_line,
    broken_line,
    card_label,
    event_line,
    journey_text,
    journeys,
    trigger_line,
    window_title,
)

ZONE_ORDER = ("battle", "shields", "hand", "mana", "graveyard", "deck", "hyperspatial")
# Labels of the boards: Japanese (the game's own words) by default, English on request.
LABELS = {
    "ja": {
        "zones": {
            "battle": "バトルゾーン",
            "shields": "シールドゾーン",
            "hand": "手札",
            "mana": "マナゾーン",
            "graveyard": "墓地",
            "deck": "山札",
            "hyperspatial": "超次元ゾーン",
            "pending": "保留",
        },
        "turn": "ターン・プレイヤー",
        "loses": "敗北 (loses the game)",
        "stays": "とどまる (stays)",
        "broken": "ブレイク (broken)",
        "triggers": "誘発 (triggers)",
        "none": "なし",
    },
    "en": {
        "zones": {
            "battle": "Battle zone",
            "shields": "Shield zone",
            "hand": "Hand",
            "mana": "Mana zone",
            "graveyard": "Graveyard",
            "deck": "Deck",
            "hyperspatial": "Hyperspatial zone",
            "pending": "Pending",
        },
        "turn": "turn player",
        "loses": "loses the game",
        "stays": "stays",
        "broken": "broken",
        "triggers": "triggers",
        "none": "none",
    },
}
ZONE_TITLES = LABELS["en"]["zones"]

CSS = """
*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:#f3f4f7;color:#1d2330;line-height:1.45;font-size:15px;
 font-family:system-ui,-apple-system,"Segoe UI","Noto Sans CJK JP","Noto Sans JP","Hiragino Sans",
 "Hiragino Kaku Gothic ProN","Yu Gothic","Meiryo",sans-serif;overflow-wrap:anywhere}
main{max-width:76rem;margin:0 auto;padding:1rem}
h1{font-size:1.35rem;margin:.2rem 0 .4rem}
h2{font-size:1.1rem;margin:1.6rem 0 .6rem}
h3{font-size:1rem;margin:0}
p{margin:.3rem 0}
ul,ol{margin:.3rem 0;padding-left:1.3rem}
.facts{display:flex;flex-wrap:wrap;gap:.3rem .5rem;margin:.4rem 0}
.facts span,.badge{background:#e2e6ee;border-radius:1rem;padding:.05rem .6rem;font-size:.85rem}
.badge.lost{background:#c62828;color:#fff}
.badge.flip{background:#6a3fb5;color:#fff}
.badge.turn{background:#1d4f91;color:#fff}
.muted{color:#5b6474;font-size:.88rem}
.note{color:#5b6474;font-size:.88rem;font-style:italic}
.totals{font-weight:600}
.warn{color:#a33b00;font-weight:600}
.verdicts ul{list-style:none;padding:0}
.verdict{padding:.15rem 0}
.mark{display:inline-block;width:1.4rem;font-weight:700}
.pass .mark{color:#1b7a36}
.fail .mark{color:#c62828}
.verdict.fail{color:#8e1b1b}
.situation,.state{background:#fff;border:1px solid #d5dae3;border-radius:.6rem;padding:.8rem;margin:.8rem 0}
.state>header{display:flex;flex-wrap:wrap;align-items:baseline;gap:.3rem .7rem;margin-bottom:.5rem}
.count{font-weight:600;color:#1d4f91}
.board{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,24rem),1fr));gap:.6rem;margin:.6rem 0}
.player{border:1px solid #d5dae3;border-radius:.5rem;padding:.5rem;background:#fafbfd;min-width:0}
.player.lost{border-color:#c62828;background:#fff5f5}
.player>h4{margin:0 0 .4rem;font-size:.95rem;display:flex;flex-wrap:wrap;gap:.4rem;align-items:center}
.zone{display:grid;grid-template-columns:6.2rem minmax(0,1fr);gap:.4rem;padding:.3rem 0;border-top:1px dashed #e1e5ec}
.zone>h5{margin:.2rem 0 0;font-size:.8rem;font-weight:600;color:#5b6474;overflow-wrap:normal}
.cards{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;align-items:flex-start;gap:.3rem}
.card{display:flex;flex-direction:column;min-width:3rem;max-width:100%;padding:.2rem .45rem;
 border:1px solid #b9c1cf;border-radius:.35rem;background:#fff;font-size:.88rem;line-height:1.25}
.card .id{font-family:ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace;font-size:.75rem;color:#5b6474}
.card .tag{font-size:.72rem;color:#5b6474}
.card.anon .name{font-family:ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace}
.card.moved{background:#fff3c4;border-color:#d49b00;box-shadow:0 0 0 1px #d49b00}
.card.moved .from{font-size:.75rem;font-weight:600;color:#7a5600}
.card.kept{border-color:#1b7a36;box-shadow:0 0 0 1px #1b7a36}
.card.kept .from{font-size:.75rem;font-weight:600;color:#1b7a36}
.card.flipped{background:#efe7fb;border-color:#6a3fb5;box-shadow:0 0 0 1px #6a3fb5}
.card.flipped .flip{font-size:.75rem;font-weight:600;color:#6a3fb5}
.card.broken{border-color:#c62828;box-shadow:0 0 0 1px #c62828}
.card .brk{font-size:.75rem;font-weight:600;color:#c62828}
.card.triggered .trg{font-size:.75rem;font-weight:600;color:#1d4f91}
.card .path{font-size:.75rem;color:#7a5600}
.windows{margin:.3rem 0;padding-left:1.6rem}
.windows>li{margin:.25rem 0}
.window-title{font-size:.85rem;color:#5b6474}
.happened{list-style:none;padding:0;font-size:.88rem}
.grouping{color:#1d4f91;font-size:.9rem}
.none{color:#9aa3b2;font-size:.85rem}
.events li,.abilities li{margin:.15rem 0}
.way{border-left:3px solid #1d4f91;padding:.1rem 0 .1rem .6rem;margin:.4rem 0}
.way+.way{margin-top:.7rem}
.applications{list-style:none;padding:0}
.application{margin:.25rem 0}
.ability{margin:.2rem 0;padding:.25rem .5rem;background:#f3f4f7;border-radius:.3rem;font-size:.88rem}
details{margin:.3rem 0}
summary{cursor:pointer;color:#1d4f91}
.alternatives ol{font-size:.88rem;padding-left:2.8rem}
.why details{border-top:1px dashed #e1e5ec;padding-top:.2rem}
a{color:#1d4f91}
section>h2:first-child{margin-top:0}
@media (max-width:30rem){main{padding:.5rem}.situation,.state{padding:.55rem}.player{padding:.4rem}
 .zone{grid-template-columns:minmax(0,1fr);gap:.2rem}.zone>h5{margin:0}
 h1{font-size:1.2rem}.card{font-size:.82rem;padding:.15rem .35rem}}
"""


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def state_key(resolution: Resolution, classes: Sequence[Sequence[str]] = ()) -> tuple:
    """What makes two resolutions lead to the same final state, up to interchangeable cards:
    within a class of interchangeable cards (dmrules/grouping.py) only how many end in each zone counts."""
    final = dict(resolution.final)
    folded = []
    for ids in classes:
        folded.append(tuple(sorted(final.pop(c) for c in ids)))
    return (tuple(sorted(final.items())), tuple(folded), resolution.lost, resolution.flipped)


def group_states(solution: Solution, scenario: Scenario | None = None) -> list[list[int]]:
    """Indexes of the resolutions leading to each distinct final state (up to interchangeable
    cards when the scenario is given), in order of first appearance."""
    classes = interchangeable_classes(scenario) if scenario is not None else []
    groups: dict[tuple, list[int]] = {}
    for index, resolution in enumerate(solution.resolutions):
        groups.setdefault(state_key(resolution, classes), []).append(index)
    return list(groups.values())


def counts_text(solution: Solution, boards: int | None = None) -> str:
    """The counts, as the command line gives them, and how the boards group them."""
    n = len(solution.resolutions)
    if solution.grouped:
        text = (
            f"{_plural(solution.total, 'resolution')} ({n:,} listed up to {solution.folded}), "
            f"{_plural(solution.states, 'final state')} up to {solution.folded}"
        )
    else:
        text = f"{_plural(solution.total, 'resolution')}, {_plural(solution.states, 'final state')}"
    if boards is not None and boards != solution.states:
        text += (
            f"; shown as {_plural(boards, 'board')}: cards that are interchangeable (same card, zone and "
            "properties, named by nothing) are folded, only how many of them end in each zone counts"
        )
    return text


def way_key(resolution: Resolution) -> tuple:
    """Resolutions told the same way: the same replacements on the same events in every window, and the
    same later windows (which cards are chosen may differ)."""
    return tuple(
        (
            w.index,
            w.label,
            tuple(e.id for e in w.events) if w.index > 1 else (),
            tuple((a.event, a.replacement.id) for a in w.applied),
        )
        for w in resolution.windows
    )


class _Page:
    def __init__(
        self,
        scenario: Scenario,
        solution: Solution,
        explanations: Mapping[int, Sequence[str]] | None,
        lang: str = "ja",
        interactive: bool = False,
    ):
        self.s = scenario
        self.solution = solution
        self.explanations = dict(explanations or {})
        self.labels = LABELS.get(lang, LABELS["ja"])
        self.lang = lang if lang in LABELS else "ja"
        self.interactive = interactive
        self.start = {c.id: (c.controller, c.zone) for c in scenario.cards.values()}
        self.subjects = {c for e in scenario.events for c in e.cards if e.from_zone}  # cards an event moves
        self.zones = self._zones_shown()

        self.classes = interchangeable_classes(scenario)

    def zone_title(self, zone: str) -> str:
        return self.labels["zones"].get(zone, zone)

    # -- where cards are ----------------------------------------------------------
    def final_place(self, resolution: Resolution, card: CardInstance) -> tuple[str, str]:
        zone = resolution.final.get(card.id, card.zone)
        return (card.controller, zone) if zone == card.zone else (card.owner, zone)

    def _zones_shown(self) -> dict[str, list[str]]:
        """Per player, the zones that hold a card before or in some final state (one layout for all boards)."""
        used = set(self.start.values())
        for r in self.solution.resolutions:
            used.update(self.final_place(r, c) for c in self.s.cards.values())
        return {p: [z for z in ZONE_ORDER if (p, z) in used] or ["battle"] for p in self.s.players}

    # -- pieces -------------------------------------------------------------------
    def card_name(self, card_id: str) -> str:
        card = self.s.cards.get(card_id)
        if card is None or not card.name:
            return f'<span class="id">{_e(card_id)}</span>'
        return f'<strong lang="ja">{_e(card.name)}</strong> <span class="id">{_e(card_id)}</span>'

    def card(self, card: CardInstance, classes: Iterable[str] = (), extra: str = "", situation: bool = False) -> str:
        cls = " ".join(["card", *classes] + ([] if card.name else ["anon"]))
        title = " / ".join(a.text for a in card.replacements if a.text)
        attrs = f' title="{_e(title)}"' if title and situation else ""
        lang = ' lang="ja"' if card.name else ""
        parts = [f'<span class="name"{lang}>{_e(card.name or card.id)}</span>']
        if card.name:
            parts.append(f'<span class="id">{_e(card.id)}</span>')
        if situation:
            tags = ["tapped"] if card.tapped else []
            tags += [
                f"{word} {value}"
                for word, value in (
                    ("under", card.under),
                    ("equipped to", card.equipped_to),
                    ("fortifies", card.fortifies),
                )
                if value
            ]
            tags += sorted(m.replace("_", " ") for m in card.markers)
            parts += [f'<span class="tag">{_e(tag)}</span>' for tag in tags]
        return f'<li class="{cls}" data-card="{_e(card.id)}"{attrs}>{"".join(parts)}{extra}</li>'

    def board(
        self, places: Mapping[str, tuple[str, str]], cards_html: Mapping[str, str], lost: Iterable[str] = ()
    ) -> str:
        lost = set(lost)
        out = ['<div class="board">']
        for player, zones in self.zones.items():
            badges = ""
            if player == self.s.turn_player:
                badges += f'<span class="badge turn">{_e(self.labels["turn"])}</span>'
            if player in lost:
                badges += f'<span class="badge lost">{_e(self.labels["loses"])}</span>'
            out.append(
                f'<div class="player{" lost" if player in lost else ""}" data-player="{_e(player)}">'
                f"<h4>{_e(player)} {badges}</h4>"
            )
            for zone in zones:
                here = [c for c in self.s.cards if places[c] == (player, zone)]
                here.sort(key=lambda c: places[c] != self.start[c])  # cards that arrived come last
                body = "".join(cards_html[c] for c in here) or f'<li class="none">{_e(self.labels["none"])}</li>'
                out.append(
                    f'<div class="zone" data-zone="{zone}"><h5>{_e(self.zone_title(zone))}</h5>'
                    f'<ul class="cards">{body}</ul></div>'
                )
            out.append("</div>")
        out.append("</div>")
        return "".join(out)

    # -- sections -----------------------------------------------------------------
    def header(self, verdicts: Sequence[tuple[str, bool]] | None, boards: int) -> str:
        s, sol = self.s, self.solution
        title = s.about.title or Path(s.path).name
        facts = [
            f"ruling {s.about.ruling}" if s.about.ruling else None,
            ("rule" + ("s " if len(s.about.rules) > 1 else " ") + ", ".join(s.about.rules)) if s.about.rules else None,
            f"turn player: {s.turn_player}",
            f"ruleset {s.ruleset}",
        ]
        out = [
            f"<header><h1>{_e((s.about.ruling + '  ') if s.about.ruling else '')}{_e(title)}</h1>",
            '<p class="facts">' + "".join(f"<span>{_e(f)}</span>" for f in facts if f) + "</p>",
            f'<p class="totals" data-resolutions="{sol.total}" data-states="{sol.states}">'
            f"{_e(counts_text(sol, boards))}</p>",
        ]
        if sol.grouped:
            out.append(
                '<p class="grouping">Grouped counting: one resolution is listed for each arrangement of '
                f"{_e(sol.folded)}, with the number of resolutions it stands for"
                + (" (an interchangeable unit: alike cards with alike events of their own)" if sol.units_folded else "")
                + ".</p>"
            )
        if not sol.complete:
            out.append(
                f'<p class="warn">The enumeration was cut short ({_e(sol.stopped_by)}): '
                "there may be more resolutions.</p>"
            )
        if s.about.note:
            out.append(f'<p class="muted">{_e(s.about.note)}</p>')
        out.append("</header>")
        if verdicts is not None:
            failed = sum(1 for _, ok in verdicts if not ok)
            summary = f"all {len(verdicts)} pass" if not failed else f"{failed} of {len(verdicts)} fail"
            out.append(f'<section class="verdicts" data-failed="{failed}"><h2>Expectations: {summary}</h2><ul>')
            for text, ok in verdicts:
                mark, word = ("\u2713", "pass") if ok else ("\u2717", "fail")
                out.append(
                    f'<li class="verdict {word}" data-ok="{str(bool(ok)).lower()}">'
                    f'<span class="mark" title="{word}">{mark}</span>{_e(text)}</li>'
                )
            out.append("</ul></section>")
        return "".join(out)

    def situation(self) -> str:
        s = self.s
        cards = {c.id: self.card(c, situation=True) for c in s.cards.values()}
        source = f" of {self.card_name(s.program.source)}" if s.program.source else ""
        out = [
            '<section class="situation"><h2>Before</h2>',
            self.board(self.start, cards),
            f"<p>The {_e(s.program.by)}{source}, controlled by {_e(s.program.controller)}, "
            'makes these events happen at once:</p><ol class="events">',
        ]
        out += [f'<li data-event="{_e(e.id)}">{_e(event_line(s, e))}</li>' for e in s.events]
        out.append("</ol>")
        abilities = [(c, a) for c in s.cards.values() for a in c.replacements if a.text]
        if abilities or s.effects:
            out.append('<p>Replacement abilities and effects:</p><ul class="abilities">')
            out += [f'<li>{self.card_name(c.id)}: <span lang="ja">{_e(a.text)}</span></li>' for c, a in abilities]
            for eff in s.effects:
                by = f" (from {self.card_name(eff.source)})" if eff.source else ""
                out.append(
                    f'<li>effect <span class="id">{_e(eff.id)}</span>{by}, controlled by '
                    f'{_e(eff.controller)}: <span lang="ja">{_e(eff.ability.text or "")}</span></li>'
                )
            out.append("</ul>")
        out.append("</section>")
        return "".join(out)

    def application(self, app: Application, chosen_varies: bool, events=()) -> str:
        ref = app.replacement
        line = application_line(self.s, app, events)
        if chosen_varies:
            line = line.split("; affected cards:", 1)[0]
        out = [f'<li class="application" data-event="{_e(app.event)}" data-replacement="{_e(ref.id)}">{_e(line)}']
        if ref.text:
            out.append(f'<p class="ability" lang="ja">{_e(ref.text)}</p>')
        if chosen_varies:
            out.append('<p class="chosen">Affected cards: one of the choices below.</p>')
        out.append("</li>")
        return "".join(out)

    def ref(self, index: int) -> str:
        if self.interactive:
            return (
                f'<button type="button" class="why-button" data-resolution="{index + 1}" '
                f'title="why resolution {index + 1} is legal">#{index + 1:,}</button>'
            )
        if index in self.explanations:
            return f'<a href="#resolution-{index + 1}">#{index + 1:,}</a>'
        return f"#{index + 1:,}"

    def state(self, number: int, indexes: list[int]) -> str:
        resolutions = [self.solution.resolutions[i] for i in indexes]
        first = resolutions[0]
        moved = first.moved(self.s)
        paths = journeys(self.s, first)
        broken = set(first.broken)
        triggered: dict[str, list] = {}
        for t in first.triggered:
            triggered.setdefault(t.card, []).append(t)
        places = {c.id: self.final_place(first, c) for c in self.s.cards.values()}
        cards = {}
        zones = self.labels["zones"]
        for c in self.s.cards.values():
            classes, extra = [], ""
            if c.id in moved:
                classes.append("moved")
                extra += (
                    f'<span class="from" data-from="{_e(moved[c.id][0])}">← '
                    f"{_e(zones.get(moved[c.id][0], moved[c.id][0]))}</span>"
                )
            elif c.id in self.subjects and c.id not in paths:
                classes.append("kept")
                extra += f'<span class="from">{_e(self.labels["stays"])}</span>'
            if c.id in paths and len(paths[c.id]) > 2 or (c.id in paths and c.id not in moved):
                extra += '<span class="path">' + _e(" → ".join(zones.get(z, z) for z in paths[c.id])) + "</span>"
            if c.id in broken:
                classes.append("broken")
                extra += f'<span class="brk">{_e(self.labels["broken"])}</span>'
            if c.id in triggered:
                classes.append("triggered")
                extra += f'<span class="trg">{_e(self.labels["triggers"])}</span>'
            if c.id in first.flipped:
                classes.append("flipped")
                to = c.definition.flips_to if c.definition and c.definition.flips_to else None
                extra += f'<span class="flip">flipped{_e(" → " + to) if to else ""}</span>'
            cards[c.id] = self.card(c, classes, extra)
        total = sum(r.multiplicity for r in resolutions)
        out = [
            f'<section class="state" id="state-{number}" data-state="{number}" '
            f'data-resolutions="{total}"><header><h3>Final state {number:,}</h3>'
            f'<span class="count">{_plural(total, "resolution")}</span>'
        ]
        out += [f'<span class="badge lost">{_e(p)} loses the game</span>' for p in first.lost]
        out += [f'<span class="badge flip">{_e(card_label(self.s, c))} flips</span>' for c in first.flipped]
        if not paths and not first.flipped and not first.lost:
            out.append('<span class="muted">no card moves</span>')
        out.append("</header>")
        folded = [ids for ids in self.classes if any(moved.get(c) for c in ids) or total > len(indexes)]
        if folded and (total > 1):
            names = "; ".join(", ".join(ids) for ids in folded)
            out.append(
                f'<p class="note">Interchangeable cards ({_e(names)}): the board shows one arrangement; '
                f"any other arrangement of them is the same state.</p>"
            )
        ways: dict[tuple, list[int]] = {}
        for i, r in zip(indexes, resolutions):
            ways.setdefault(way_key(r), []).append(i)
        out += [self.way(members, alternative=k > 0) for k, members in enumerate(ways.values())]
        out.append(self.board(places, cards, first.lost))
        out.append(self.aftermath(first))
        why = [i for i in indexes if i in self.explanations]
        if why:
            out.append('<div class="why">')
            for i in why:
                lines = "".join(f"<li>{_e(line)}</li>" for line in self.explanations[i])
                out.append(
                    f'<details id="resolution-{i + 1}"><summary>Why resolution {i + 1:,} is legal</summary>'
                    f"<ul>{lines}</ul></details>"
                )
            out.append("</div>")
        out.append("</section>")
        return "".join(out)

    def aftermath(self, resolution: Resolution) -> str:
        """Journeys, broken shields, triggers, losses of the state, in words under its board."""
        lines = []
        for card_id, path in journeys(self.s, resolution).items():
            if len(path) > 2:
                lines.append(f"{card_label(self.s, card_id)}: {journey_text(path)}")
        if resolution.broken:
            lines.append(broken_line(self.s, resolution.broken))
        events = (*resolution.happened, *resolution.replaced)
        lines += [trigger_line(self.s, t, events) for t in resolution.triggered]
        lines += [f"{p} loses the game" for p in resolution.lost]
        if resolution.stopped:
            lines.append(resolution.stopped)
        if not lines:
            return ""
        return '<ul class="aftermath">' + "".join(f"<li>{_e(line)}</li>" for line in lines) + "</ul>"

    def window(self, window: Window, varies: Sequence[bool]) -> str:
        events = (*window.events, *window.happened, *window.replaced)
        out = [
            f'<li class="window" data-window="{window.index}"><span class="window-title">'
            f"Window {window.index}: {_e(window_title(self.s, window))}</span>"
        ]
        if window.index > 1 and window.events:
            out.append(
                '<ul class="happened">'
                + "".join(f'<li data-event="{_e(e.id)}">{_e(event_line(self.s, e))}</li>' for e in window.events)
                + "</ul>"
            )
        elif window.index > 1:
            out.append('<p class="muted">no card chosen: nothing happens</p>')
        if window.applied:
            out.append('<ul class="applications">')
            out += [self.application(app, v, events) for app, v in zip(window.applied, varies)]
            out.append("</ul>")
        else:
            out.append('<p class="muted">no replacement applies: every event happens as it is</p>')
        out += [f'<p class="muted">{_e(note)}</p>' for note in window.skipped]
        out.append("</li>")
        return "".join(out)

    def way(self, members: list[int], alternative: bool = False) -> str:
        rs = [self.solution.resolutions[i] for i in members]
        refs = ", ".join(self.ref(i) for i in members[:12]) + (" …" if len(members) > 12 else "")
        label = ("or r" if alternative else "R") + ("esolution" if len(members) == 1 else "esolutions")
        out = [f'<div class="way"><p class="muted">{label} {refs}</p>']
        first = rs[0]
        if len(first.windows) == 1 and not first.applied:
            out.append("<p>No replacement applies: every event happens as it is.</p></div>")
            return "".join(out)
        flat_varies = [len({r.applied[k].chosen for r in rs}) > 1 for k in range(len(first.applied))]
        if len(first.windows) == 1:
            events = (*first.windows[0].events, *first.happened, *first.replaced)
            out.append('<ul class="applications">')
            out += [self.application(app, v, events) for app, v in zip(first.applied, flat_varies)]
            out.append("</ul>")
        else:
            out.append('<ol class="windows">')
            k = 0
            for window in first.windows:
                out.append(self.window(window, flat_varies[k : k + len(window.applied)]))
                k += len(window.applied)
            out.append("</ol>")
        if len(rs) > 1:
            out.append(
                f'<details class="alternatives"{" open" if len(rs) <= 4 else ""}><summary>'
                f"{len(rs):,} ways to choose the affected cards, all leading to this state</summary><ol>"
            )
            for i, r in zip(members, rs):
                picks = "; ".join(f"{a.event}: " + ", ".join(a.chosen) for a, v in zip(r.applied, flat_varies) if v)
                why = f' <a href="#resolution-{i + 1}">why</a>' if i in self.explanations else ""
                if self.interactive:
                    why = " " + self.ref(i)
                out.append(f'<li value="{i + 1}">{_e(picks)}{why}</li>')
            out.append("</ol></details>")
        out.append("</div>")
        return "".join(out)


def render_body(
    scenario: Scenario,
    solution: Solution,
    *,
    explanations: Mapping[int, Sequence[str]] | None = None,
    verdicts: Sequence[tuple[str, bool]] | None = None,
    lang: str = "ja",
    interactive: bool = False,
) -> str:
    """The report's content (no page around it): shared by the HTML file and the web app."""
    page = _Page(scenario, solution, explanations, lang, interactive)
    states = group_states(solution, scenario)
    body = [
        page.header(verdicts, len(states)),
        page.situation(),
        '<section class="states"><h2>After: '
        + (
            _plural(len(states), "final state")
            if len(states) == solution.states and not solution.grouped
            else f"{_plural(len(states), 'board')}, final states up to {solution.folded}"
        )
        + "</h2>",
        '<p class="muted">Moved cards are highlighted with the zone they came from (← zone); '
        "cards an event would have moved but that stay are outlined in green; broken shields in red. "
        "Each resolution is told window by window, in order."
        + (" Decks list the top card first." if any("deck" in z for z in page.zones.values()) else "")
        + "</p>",
    ]
    body += [page.state(n, indexes) for n, indexes in enumerate(states, start=1)]
    body.append("</section>")
    return "".join(body)


def render_html(
    scenario: Scenario,
    solution: Solution,
    *,
    explanations: Mapping[int, Sequence[str]] | None = None,
    verdicts: Sequence[tuple[str, bool]] | None = None,
    lang: str = "ja",
) -> str:
    """The report as one self-contained HTML document."""
    title = " ".join(x for x in (scenario.about.ruling, scenario.about.title or Path(scenario.path).name) if x)
    body = render_body(scenario, solution, explanations=explanations, verdicts=verdicts, lang=lang)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(title)} · dmrules</title><style>{CSS}</style></head>"
        f"<body><main>{body}</main></body></html>\n"
    )


def write_html(
    scenario: Scenario,
    solution: Solution,
    path: str | Path,
    *,
    explanations: Mapping[int, Sequence[str]] | None = None,
    verdicts: Sequence[tuple[str, bool]] | None = None,
    lang: str = "ja",
) -> None:
    """Write the report to ``path`` (UTF-8)."""
    text = render_html(scenario, solution, explanations=explanations, verdicts=verdicts, lang=lang)
    Path(path).write_text(text, encoding="utf-8")
