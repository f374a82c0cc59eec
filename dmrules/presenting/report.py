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
from typing import Any

from ..game.cards import CardInstance
from ..game.outcome import Application, Resolution, Solution, Window
from ..game.scenario import Scenario
from ..solving.grouping import interchangeable_classes
from . import ja
from . import render as english_words
from .render import journeys

ZONE_ORDER = ("battle", "shields", "hand", "mana", "graveyard", "deck", "hyperspatial", "gr")
# Labels of the boards: Japanese (the game's own words) by default, English on request.
LABELS: dict[str, dict[str, Any]] = {
    "ja": {
        "zones": {
            "battle": "バトルゾーン",
            "shields": "シールドゾーン",
            "hand": "手札",
            "mana": "マナゾーン",
            "graveyard": "墓地",
            "deck": "山札",
            "hyperspatial": "超次元ゾーン",
            "gr": "超GRゾーン",
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
            "gr": "Super GR zone",
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
# The report's sentences, in the narrative's language (``render_body(narrative=...)``).
SENTENCES = {
    "en": {
        "ruling": "ruling {0}",
        "rules": "rules {0}",
        "rule": "rule {0}",
        "turn_fact": "turn player: {0}",
        "ruleset": "ruleset {0}",
        "grouping": "Grouped counting: one resolution is listed for each arrangement of {0}, with the number "
        "of resolutions it stands for{1}.",
        "grouping_units": " (an interchangeable unit: alike cards with alike events of their own)",
        "cut": "The enumeration was cut short ({0}): there may be more resolutions.",
        "expectations": "Expectations: {0}",
        "all_pass": "all {0} pass",
        "some_fail": "{0} of {1} fail",
        "before": "Before",
        "makes": "The {by}{source}, controlled by {controller}, makes these events happen at once:",
        "of_source": " of {0}",
        "abilities": "Replacement abilities and effects:",
        "effect_in_play": "effect {id}{by}, controlled by {controller}: {text}",
        "from_source": " (from {0})",
        "one_of_choices": "Affected cards: one of the choices below.",
        "why_title": "why resolution {0} is legal",
        "final_state": "Final state {0}",
        "loses_badge": "{0} loses the game",
        "flips_badge": "{0} flips",
        "no_move": "no card moves",
        "interchangeable": "Interchangeable cards ({0}): the board shows one arrangement; any other arrangement "
        "of them is the same state.",
        "why_legal": "Why resolution {0} is legal",
        "window": "Window {0}: {1}",
        "nothing_chosen": "no card chosen: nothing happens",
        "no_replacement": "no replacement applies: every event happens as it is",
        "No_replacement": "No replacement applies: every event happens as it is.",
        "resolution": "Resolution",
        "resolutions": "Resolutions",
        "or_resolution": "or resolution",
        "or_resolutions": "or resolutions",
        "ways": "{0} ways to choose the affected cards, all leading to this state",
        "more_ways": "… and {0} more (ask why for any number in the why panel)",
        "why": "why",
        "after_states": "After: {0}",
        "after_boards": "After: {0}, final states up to {1}",
        "legend": "Moved cards are highlighted with the zone they came from (← zone); cards an event would have "
        "moved but that stay are outlined in green; broken shields in red. Each resolution is told window by "
        "window, in order.",
        "deck_order": " Decks list the top card first.",
        "flipped": "flipped",
        "tapped": "tapped",
        "under": "under",
        "put_under": "now under",
        "face_up": "face up",
        "face_down": "face down",
        "equipped_to": "equipped to",
        "fortifies": "fortifies",
    },
    "ja": {
        "untitled": "状況",
        "ruling": "裁定 {0}",
        "rules": "規則 {0}",
        "rule": "規則 {0}",
        "turn_fact": "ターン・プレイヤー: {0}",
        "ruleset": "ルール: {0}",
        "grouping": "まとめて数えています: {0}の並べ方ごとに1つの解決を示し、それが表す解決の数を添えます{1}。",
        "grouping_units": " (交換可能な単位: 同じ種類のイベントを持つ同じカード)",
        "cut": "列挙は途中で打ち切られました ({0}): 解決はまだあるかもしれません。",
        "expectations": "期待: {0}",
        "all_pass": "{0}件すべて合格",
        "some_fail": "{1}件中{0}件が不合格",
        "before": "処理の前",
        "makes": "{controller}がコントロールする{source}{by}が、次のイベントを同時に起こします:",
        "of_source": "{0}の",
        "abilities": "置換能力と置換効果:",
        "effect_in_play": "効果 {id}{by} ({controller}がコントロール): {text}",
        "from_source": " ({0}から)",
        "one_of_choices": "影響を受けるカード: 下の選び方のいずれか。",
        "why_title": "解決 {0} はなぜ合法か",
        "final_state": "最終状態 {0}",
        "loses_badge": "{0}がゲームに負ける",
        "flips_badge": "{0}が裏返る",
        "no_move": "カードは移動しない",
        "interchangeable": "交換可能なカード ({0}): 盤面は並べ方の1つを示します。ほかの並べ方も同じ状態です。",
        "why_legal": "解決 {0} はなぜ合法か",
        "window": "ウィンドウ {0}: {1}",
        "nothing_chosen": "カードは選ばれず、何も起こらない",
        "no_replacement": "置換効果は適用されない: すべてのイベントがそのまま起こる",
        "No_replacement": "置換効果は適用されない: すべてのイベントがそのまま起こる。",
        "resolution": "解決",
        "resolutions": "解決",
        "or_resolution": "または解決",
        "or_resolutions": "または解決",
        "ways": "影響を受けるカードの選び方 {0} 通り (どれもこの状態になる)",
        "more_ways": "… ほか {0} 通り (番号を入力して「なぜ?」で確かめられます)",
        "why": "なぜ?",
        "after_states": "処理の後: {0}",
        "after_boards": "処理の後: {0} ({1}を区別しない最終状態)",
        "legend": "移動したカードは元のゾーンとともに強調されます (← ゾーン)。"
        "イベントで移動するはずだったのにとどまった"
        "カードは緑の枠、ブレイクされたシールドは赤の枠です。各解決はウィンドウごとに順に示されます。",
        "deck_order": " 山札は上のカードから順に並びます。",
        "flipped": "裏返った",
        "tapped": "タップ",
        "under": "進化元",
        "put_under": "下に重なった先",
        "face_up": "表向き",
        "face_down": "裏向き",
        "equipped_to": "装備先",
        "fortifies": "要塞化",
    },
}
# Most choices listed under one board of the workbench (the why panel takes any number).
MAX_LISTED_WAYS = 60

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


# Counted nouns in Japanese: 「3 通りの解決」, 「3 個の最終状態」.
_JA_COUNTED = {"resolution": "通りの解決", "final state": "個の最終状態", "board": "枚の盤面"}


def counted(n: int, word: str, lang: str = "en") -> str:
    """``3 resolutions`` / ``3 通りの解決``."""
    return f"{n:,} {_JA_COUNTED[word]}" if lang == "ja" else _plural(n, word)


def _folded_words(solution, lang: str) -> str:
    if lang == "ja":
        return "交換可能なカードと単位" if solution.units_folded else "交換可能なカード"
    return solution.folded


def final_state_key(resolution: Resolution, classes: Sequence[Sequence[str]] = ()) -> tuple:
    """What makes two resolutions lead to the same final state, up to interchangeable cards:
    within a class of interchangeable cards (dmrules/grouping.py) only how many end in each zone counts;
    which card ends stacked under which counts as it is."""
    final = dict(resolution.final)
    folded = []
    for ids in classes:
        folded.append(tuple(sorted(final.pop(c) for c in ids)))
    klass = {c: k for k, ids in enumerate(classes) for c in ids}
    stacked = tuple(sorted((str(klass.get(c, c)), str(klass.get(h, h))) for c, h in resolution.stacked.items()))
    return (tuple(sorted(final.items())), tuple(folded), resolution.lost, resolution.flipped, stacked)


def group_states(solution: Solution, scenario: Scenario | None = None) -> list[list[int]]:
    """Indexes of the resolutions leading to each distinct final state (up to interchangeable
    cards when the scenario is given), in order of first appearance."""
    classes = interchangeable_classes(scenario) if scenario is not None else []
    groups: dict[tuple, list[int]] = {}
    for index, resolution in enumerate(solution.resolutions):
        groups.setdefault(final_state_key(resolution, classes), []).append(index)
    return list(groups.values())


def counts_text(solution: Solution, boards: int | None = None, lang: str = "en") -> str:
    """The counts, as the command line gives them, and how the boards group them."""
    n = len(solution.resolutions)
    folded = _folded_words(solution, lang)
    if lang == "ja":
        text = f"{counted(solution.total, 'resolution', 'ja')}、{counted(solution.states, 'final state', 'ja')}"
        if solution.grouped:
            text = (
                f"{counted(solution.total, 'resolution', 'ja')} ({folded}を区別せずに {n:,} 通りを表示)、"
                f"{folded}を区別しない最終状態 {solution.states:,} 個"
            )
        if boards is not None and boards != solution.states:
            text += f"。盤面 {boards:,} 枚で表示: 交換可能なカードは、各ゾーンに何枚あるかだけを区別します"
        return text
    if solution.grouped:
        text = (
            f"{_plural(solution.total, 'resolution')} ({n:,} listed up to {folded}), "
            f"{_plural(solution.states, 'final state')} up to {folded}"
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


def _words(narrative: str):
    if narrative == "ja":
        return ja
    return english_words


class _Pieces:
    """The report's pieces: where cards are, a card, a board."""

    def __init__(
        self,
        scenario: Scenario,
        solution: Solution,
        explanations: Mapping[int, Sequence[str]] | None,
        lang: str = "ja",
        interactive: bool = False,
        narrative: str = "en",
    ):
        self.s = scenario
        self.solution = solution
        self.explanations = dict(explanations or {})
        self.labels = LABELS.get(lang, LABELS["ja"])
        self.lang = lang if lang in LABELS else "ja"
        self.narrative = narrative if narrative in SENTENCES else "en"
        if self.narrative == "ja":  # Japanese throughout: no English glosses
            self.labels = {**LABELS["ja"], **JA_ONLY}
        self.t = SENTENCES[self.narrative]
        self.w = _words(self.narrative)
        self.interactive = interactive
        self.start = {c.id: (c.controller, c.zone) for c in scenario.cards.values()}
        self.subjects = {c for e in scenario.events for c in e.cards if e.from_zone}  # cards an event moves
        self.zones = self._zones_shown()

        self.classes = interchangeable_classes(scenario)

    def zone_title(self, zone: str) -> str:
        return self.labels["zones"].get(zone, zone)

    def player(self, name: str) -> str:
        return self.w.player(name) if self.narrative == "ja" else name

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
            tags = [self.t["tapped"]] if card.tapped else []
            tags += [
                f"{self.t[word]} {value}"
                for word, value in (
                    ("under", card.under),
                    ("equipped_to", card.equipped_to),
                    ("fortifies", card.fortifies),
                )
                if value
            ]
            tags += sorted(self.marker(m) for m in card.markers)
            parts += [f'<span class="tag">{_e(tag)}</span>' for tag in tags]
        return f'<li class="{cls}" data-card="{_e(card.id)}"{attrs}>{"".join(parts)}{extra}</li>'

    def marker(self, marker: str) -> str:
        if self.narrative == "ja":
            return MARKER_WORDS_JA.get(marker, marker)
        return marker.replace("_", " ")

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
                f"<h4>{_e(self.player(player))} {badges}</h4>"
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


class _Ways(_Pieces):
    """How the resolutions of a board are told: the ways, window by window, and their choices."""

    def application(self, app: Application, chosen_varies: bool, events=()) -> str:
        ref = app.replacement
        line = self.w.application_line(self.s, app, events)
        if chosen_varies:
            line = line.split("; affected cards:", 1)[0].split("; 影響を受けるカード:", 1)[0]
        out = [f'<li class="application" data-event="{_e(app.event)}" data-replacement="{_e(ref.id)}">{_e(line)}']
        if ref.text:
            out.append(f'<p class="ability" lang="ja">{_e(ref.text)}</p>')
        if chosen_varies:
            out.append(f'<p class="chosen">{_e(self.t["one_of_choices"])}</p>')
        out.append("</li>")
        return "".join(out)

    def ref(self, index: int) -> str:
        if self.interactive:
            return (
                f'<button type="button" class="why-button" data-resolution="{index + 1}" '
                f'title="{_e(self.t["why_title"].format(index + 1))}">#{index + 1:,}</button>'
            )
        if index in self.explanations:
            return f'<a href="#resolution-{index + 1}">#{index + 1:,}</a>'
        return f"#{index + 1:,}"

    def window(self, window: Window, varies: Sequence[bool]) -> str:
        events = (*window.events, *window.happened, *window.replaced)
        title = self.t["window"].format(window.index, self.w.window_title(self.s, window))
        out = [f'<li class="window" data-window="{window.index}"><span class="window-title">{_e(title)}</span>']
        if window.index > 1 and window.events:
            out.append(
                '<ul class="happened">'
                + "".join(f'<li data-event="{_e(e.id)}">{_e(self.w.event_line(self.s, e))}</li>' for e in window.events)
                + "</ul>"
            )
        elif window.index > 1:
            out.append(f'<p class="muted">{_e(self.t["nothing_chosen"])}</p>')
        if window.applied:
            out.append('<ul class="applications">')
            out += [self.application(app, v, events) for app, v in zip(window.applied, varies)]
            out.append("</ul>")
        else:
            out.append(f'<p class="muted">{_e(self.t["no_replacement"])}</p>')
        notes = [self.w.note(n) if self.narrative == "ja" else n for n in window.skipped]
        out += [f'<p class="muted">{_e(note)}</p>' for note in notes]
        out.append("</li>")
        return "".join(out)

    def way(self, members: list[int], alternative: bool = False) -> str:
        rs = [self.solution.resolutions[i] for i in members]
        refs = ", ".join(self.ref(i) for i in members[:12]) + (" …" if len(members) > 12 else "")
        label = self.t[("or_" if alternative else "") + ("resolution" if len(members) == 1 else "resolutions")]
        if not alternative:
            label = label[0].upper() + label[1:]
        out = [f'<div class="way"><p class="muted">{_e(label)} {refs}</p>']
        first = rs[0]
        if len(first.windows) == 1 and not first.applied:
            out.append(f"<p>{_e(self.t['No_replacement'])}</p></div>")
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
            out.append(self.alternatives(members, rs, flat_varies))
        out.append("</div>")
        return "".join(out)

    def alternatives(self, members: list[int], rs: list[Resolution], flat_varies: list[bool]) -> str:
        """The ways to choose the affected cards that lead to the same state (the workbench lists
        ``MAX_LISTED_WAYS`` at most)."""
        shown = len(rs) if not self.interactive else min(len(rs), MAX_LISTED_WAYS)
        out = [
            f'<details class="alternatives"{" open" if len(rs) <= 4 else ""}><summary>'
            f"{_e(self.t['ways'].format(f'{len(rs):,}'))}</summary><ol>"
        ]
        for i, r in list(zip(members, rs))[:shown]:
            picks = "; ".join(f"{a.event}: " + ", ".join(a.chosen) for a, v in zip(r.applied, flat_varies) if v)
            why = f' <a href="#resolution-{i + 1}">{_e(self.t["why"])}</a>' if i in self.explanations else ""
            if self.interactive:
                why = " " + self.ref(i)
            out.append(f'<li value="{i + 1}">{_e(picks)}{why}</li>')
        out.append("</ol>")
        if shown < len(rs):
            out.append(f'<p class="muted more-ways">{_e(self.t["more_ways"].format(f"{len(rs) - shown:,}"))}</p>')
        out.append("</details>")
        return "".join(out)


class _Page(_Ways):
    """The report's sections: the header, the situation, a board per final state."""

    # -- sections -----------------------------------------------------------------
    def header(self, verdicts: Sequence[tuple[str, bool]] | None, boards: int) -> str:
        s, sol, t = self.s, self.solution, self.t
        title = s.about.title or (t["untitled"] if self.narrative == "ja" else Path(s.path).name)
        facts = [
            t["ruling"].format(s.about.ruling) if s.about.ruling else None,
            (t["rules" if len(s.about.rules) > 1 else "rule"].format(", ".join(s.about.rules)))
            if s.about.rules
            else None,
            t["turn_fact"].format(self.player(s.turn_player)),
            t["ruleset"].format(
                self.w.RULESET_WORDS.get(s.ruleset, s.ruleset) if self.narrative == "ja" else s.ruleset
            ),
        ]
        out = [
            f"<header><h1>{_e((s.about.ruling + '  ') if s.about.ruling else '')}{_e(title)}</h1>",
            '<p class="facts">' + "".join(f"<span>{_e(f)}</span>" for f in facts if f) + "</p>",
            f'<p class="totals" data-resolutions="{sol.total}" data-states="{sol.states}" data-boards="{boards}">'
            f"{_e(counts_text(sol, boards, self.narrative))}</p>",
        ]
        if sol.grouped:
            units = t["grouping_units"] if sol.units_folded else ""
            out.append(f'<p class="grouping">{_e(t["grouping"].format(_folded_words(sol, self.narrative), units))}</p>')
        if not sol.complete:
            out.append(f'<p class="warn">{_e(t["cut"].format(self.stopped(sol.stopped_by)))}</p>')
        if s.about.note:
            out.append(f'<p class="muted">{_e(s.about.note)}</p>')
        out.append("</header>")
        if verdicts is not None:
            out.append(self.verdicts(verdicts))
        return "".join(out)

    def stopped(self, what: str | None) -> str:
        if self.narrative != "ja":
            return str(what)
        return {"timeout": "制限時間", "max_models": "最大の解決数", "max_resolutions": "最大の解決数"}.get(
            str(what), "制限"
        )

    def verdicts(self, verdicts: Sequence[tuple[str, bool]]) -> str:
        failed = sum(1 for _, ok in verdicts if not ok)
        summary = (
            self.t["all_pass"].format(len(verdicts))
            if not failed
            else self.t["some_fail"].format(failed, len(verdicts))
        )
        out = [
            f'<section class="verdicts" data-failed="{failed}">'
            f"<h2>{_e(self.t['expectations'].format(summary))}</h2><ul>"
        ]
        for text, ok in verdicts:
            mark, word = ("\u2713", "pass") if ok else ("\u2717", "fail")
            out.append(
                f'<li class="verdict {word}" data-ok="{str(bool(ok)).lower()}">'
                f'<span class="mark" title="{word}">{mark}</span>{_e(text)}</li>'
            )
        out.append("</ul></section>")
        return "".join(out)

    def situation(self) -> str:
        s, t = self.s, self.t
        cards = {c.id: self.card(c, situation=True) for c in s.cards.values()}
        source = t["of_source"].format(self.card_name(s.program.source)) if s.program.source else ""
        by = self.w.BY_WORDS.get(s.program.by, s.program.by) if self.narrative == "ja" else s.program.by
        makes = t["makes"].format(by=_e(by), source=source, controller=_e(self.player(s.program.controller)))
        out = [
            f'<section class="situation"><h2>{_e(t["before"])}</h2>',
            self.board(self.start, cards),
            f'<p>{makes}</p><ol class="events">',
        ]
        out += [f'<li data-event="{_e(e.id)}">{_e(self.w.event_line(s, e))}</li>' for e in s.events]
        out.append("</ol>")
        abilities = [(c, a) for c in s.cards.values() for a in c.replacements if a.text]
        if abilities or s.effects:
            out.append(f'<p>{_e(t["abilities"])}</p><ul class="abilities">')
            out += [f'<li>{self.card_name(c.id)}: <span lang="ja">{_e(a.text)}</span></li>' for c, a in abilities]
            for eff in s.effects:
                by = t["from_source"].format(self.card_name(eff.source)) if eff.source else ""
                text = f'<span lang="ja">{_e(eff.ability.text or "")}</span>'
                line = t["effect_in_play"].format(
                    id=f'<span class="id">{_e(eff.id)}</span>',
                    by=by,
                    controller=_e(self.player(eff.controller)),
                    text=text,
                )
                out.append(f"<li>{line}</li>")
            out.append("</ul>")
        out.append("</section>")
        return "".join(out)

    def state(self, number: int, indexes: list[int]) -> str:
        resolutions = [self.solution.resolutions[i] for i in indexes]
        first = resolutions[0]
        places = {c.id: self.final_place(first, c) for c in self.s.cards.values()}
        cards = {c.id: self.final_card(first, c) for c in self.s.cards.values()}
        total = sum(r.multiplicity for r in resolutions)
        out = [
            f'<section class="state" id="state-{number}" data-state="{number}" '
            f'data-resolutions="{total}"><header><h3>{_e(self.t["final_state"].format(f"{number:,}"))}</h3>'
            f'<span class="count">{_e(counted(total, "resolution", self.narrative))}</span>'
        ]
        out += [
            f'<span class="badge lost">{_e(self.t["loses_badge"].format(self.player(p)))}</span>' for p in first.lost
        ]
        out += [
            f'<span class="badge flip">{_e(self.t["flips_badge"].format(self.w.card_label(self.s, c)))}</span>'
            for c in first.flipped
        ]
        if not journeys(self.s, first) and not first.flipped and not first.lost:
            out.append(f'<span class="muted">{_e(self.t["no_move"])}</span>')
        out.append("</header>")
        moved = first.moved(self.s)
        folded = [ids for ids in self.classes if any(moved.get(c) for c in ids) or total > len(indexes)]
        if folded and (total > 1):
            names = "; ".join(", ".join(ids) for ids in folded)
            out.append(f'<p class="note">{_e(self.t["interchangeable"].format(names))}</p>')
        ways: dict[tuple, list[int]] = {}
        for i, r in zip(indexes, resolutions):
            ways.setdefault(way_key(r), []).append(i)
        out += [self.way(members, alternative=k > 0) for k, members in enumerate(ways.values())]
        out.append(self.board(places, cards, first.lost))
        out.append(self.aftermath(first))
        out.append(self.explained(indexes))
        out.append("</section>")
        return "".join(out)

    def final_card(self, first: Resolution, c: CardInstance) -> str:
        """A card on a final board, marked with where it came from, its path, a break, a trigger."""
        moved = first.moved(self.s)
        paths = journeys(self.s, first)
        zones = self.labels["zones"]
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
        if c.id in set(first.broken):
            classes.append("broken")
            extra += f'<span class="brk">{_e(self.labels["broken"])}</span>'
        if any(t.card == c.id for t in first.triggered):
            classes.append("triggered")
            extra += f'<span class="trg">{_e(self.labels["triggers"])}</span>'
        if c.id in first.flipped:
            classes.append("flipped")
            to = c.definition.flips_to if c.definition and c.definition.flips_to else None
            extra += f'<span class="flip">{_e(self.t["flipped"])}{_e(" → " + to) if to else ""}</span>'
        if c.id in first.face_up:
            extra += f'<span class="tag">{_e(self.t["face_up"])}</span>'
        if c.id in first.face_down:
            extra += f'<span class="tag">{_e(self.t["face_down"])}</span>'
        host = first.put_under(self.s).get(c.id)
        if host is not None:  # 「…の下に置く」, a shield a card was put onto
            extra += f'<span class="tag">{_e(self.t["put_under"])} {_e(host)}</span>'
        return self.card(c, classes, extra)

    def explained(self, indexes: list[int]) -> str:
        why = [i for i in indexes if i in self.explanations]
        if not why:
            return ""
        out = ['<div class="why">']
        for i in why:
            lines = "".join(f"<li>{_e(line)}</li>" for line in self.explanations[i])
            out.append(
                f'<details id="resolution-{i + 1}"><summary>{_e(self.t["why_legal"].format(f"{i + 1:,}"))}</summary>'
                f"<ul>{lines}</ul></details>"
            )
        out.append("</div>")
        return "".join(out)

    def aftermath(self, resolution: Resolution) -> str:
        """Journeys, broken shields, triggers, losses of the state, in words under its board."""
        w = self.w
        lines = []
        for card_id, path in journeys(self.s, resolution).items():
            if len(path) > 2:
                lines.append(f"{w.card_label(self.s, card_id)}: {w.journey_text(path)}")
        if resolution.broken:
            lines.append(w.broken_line(self.s, resolution.broken))
        events = (*resolution.happened, *resolution.replaced)
        lines += [w.trigger_line(self.s, t, events) for t in resolution.triggered]
        lines += [w.untrigger_line(self.s, t, events) for t in resolution.untriggered]
        lines += [self.t["loses_badge"].format(self.player(p)) for p in resolution.lost]
        if resolution.stopped:
            lines.append(w.note(resolution.stopped) if self.narrative == "ja" else resolution.stopped)
        if not lines:
            return ""
        return '<ul class="aftermath">' + "".join(f"<li>{_e(line)}</li>" for line in lines) + "</ul>"


JA_ONLY = {"loses": "敗北", "stays": "とどまる", "broken": "ブレイク", "triggers": "誘発"}
MARKER_WORDS_JA = {
    "cannot_be_destroyed": "破壊されない",
    "cannot_leave": "離れない",
    "untouchable": "アンタッチャブル",
    "cannot_flip": "龍解できない",
    "cannot_be_broken": "ブレイクされない",
}


def render_parts(
    scenario: Scenario,
    solution: Solution,
    *,
    explanations: Mapping[int, Sequence[str]] | None = None,
    verdicts: Sequence[tuple[str, bool]] | None = None,
    lang: str = "ja",
    interactive: bool = False,
    narrative: str = "en",
    fold: bool = True,
) -> tuple[str, str, list[str]]:
    """The report in pieces: the header and the situation, the title of the boards, and one HTML
    fragment per board (the workbench shows them page by page). With ``fold`` false there is one
    board per final state as the counts count them; with it, interchangeable cards are folded."""
    page = _Page(scenario, solution, explanations, lang, interactive, narrative)
    t = page.t
    states = group_states(solution, scenario if fold else None)
    n = len(states)
    if n == solution.states and not solution.grouped:
        title = t["after_states"].format(counted(n, "final state", page.narrative))
    else:
        title = t["after_boards"].format(counted(n, "board", page.narrative), _folded_words(solution, page.narrative))
    legend = t["legend"] + (t["deck_order"] if any("deck" in z for z in page.zones.values()) else "")
    head = page.header(verdicts, n) + page.situation()
    boards_title = f'<h2>{_e(title)}</h2><p class="muted">{_e(legend)}</p>'
    return head, boards_title, [page.state(k, indexes) for k, indexes in enumerate(states, start=1)]


def render_body(
    scenario: Scenario,
    solution: Solution,
    *,
    explanations: Mapping[int, Sequence[str]] | None = None,
    verdicts: Sequence[tuple[str, bool]] | None = None,
    lang: str = "ja",
    interactive: bool = False,
    narrative: str = "en",
) -> str:
    """The report's content (no page around it): shared by the HTML file and the web app."""
    head, title, boards = render_parts(
        scenario,
        solution,
        explanations=explanations,
        verdicts=verdicts,
        lang=lang,
        interactive=interactive,
        narrative=narrative,
    )
    return head + '<section class="states">' + title + "".join(boards) + "</section>"


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
