"""Scenarios and resolutions told in Japanese: the words of ``render.py`` for the workbench's
日本語 mode (the command line keeps English).

The functions mirror ``render.py``'s (``event_line``, ``application_line``, ``resolution_lines``,
...), so the HTML report takes either module as its words. Ids stay as written; the two usual
player names read 自分 and 相手.
"""

from __future__ import annotations

import re

from ..game.events import Event
from ..game.outcome import EventInfo, Resolution, Trigger, Window
from ..game.scenario import Scenario
from ..game.vocabulary import ZONE_WORDS_JA
from .render import journeys
from .safe import visible

EVENT_ZONE_WORDS = {**ZONE_WORDS_JA, "pending": "保留"}  # a spell being cast is in no zone (409.1b)
PLAYER_WORDS = {"me": "自分", "opponent": "相手"}

# What an event does, in words: {c} the card(s), {p} the player.
EVENT_WORDS = {
    "destroy": "{c}が破壊される",
    "return_to_hand": "{c}が手札に戻る",
    "discard": "{c}が捨てられる",
    "put_into_mana": "{c}がマナゾーンに置かれる",
    "mill": "{c}が山札から墓地に置かれる",
    "break": "{c}がブレイクされる",
    "move": "{c}が移動する",
    "spell_to_graveyard": "{c}が唱えられた後、墓地に置かれる",
    "put_into_battle": "{c}がバトルゾーンに出る",
    "power_change": "{c}のパワーが変わる",
    "swap": "{c}が入れ替わる",
    "battle": "{c}がバトルする",
    "draw": "{p}が{c}を引く",
    "lose": "{p}がゲームに負ける",
    "pay_cost": "{p}が{c}のコストを支払う",
    "choose": "{p}が選ぶ",
    "flip": "{c}が裏返る",
    "turn_face_up": "{c}が表向きになる",
    "reveal_card": "{c}が山札の上から表向きにされる",
    "untap": "{c}がアンタップされる",
}
BY_WORDS = {
    "ability": "能力",
    "spell": "呪文",
    "attack": "攻撃",
    "battle": "バトル",
    "rule": "ルール",
    "cost": "コスト",
    "summon": "召喚",
}
RANK_WORDS_JA = {0: "呪文自身の移動 (609.8a)", 1: "ターン・プレイヤー", 2: "非ターン・プレイヤー"}
RULESET_WORDS = {"dm": "デュエル・マスターズ", "sequential": "デュエル・マスターズ ゼロ", "dmps": "デュエマプレイス"}


def player(name: str | None) -> str:
    """A player's name as the page shows it: 自分 for ``me``, 相手 for ``opponent``."""
    if name is None:
        return "プレイヤー"
    return PLAYER_WORDS.get(name, visible(name))


def zone(name: str | None) -> str:
    return EVENT_ZONE_WORDS.get(name or "", name or "")


def card_label(scenario: Scenario, card_id: str | None) -> str:
    if card_id is None:
        return "-"
    card = scenario.cards.get(card_id)
    return visible(card.label if card else card_id)


def _cards(scenario: Scenario, ids) -> str:
    labels = [card_label(scenario, c) for c in ids]
    if len(labels) <= 2:
        return "と".join(labels)
    return "、".join(labels[:-1]) + "と" + labels[-1]


def _owner(scenario: Scenario, card_id: str) -> str | None:
    card = scenario.cards.get(card_id)
    return card.owner if card else None


def event_words(scenario: Scenario, event: Event | EventInfo) -> str:
    """What the event does, in words, without its id."""
    kind = event.kind
    if kind == "break" and (getattr(event, "is_group", False) or len(event.cards) > 1):
        owners = {_owner(scenario, c) for c in event.cards}
        whose = f"{player(owners.pop())}の" if len(owners) == 1 and None not in owners else ""
        return f"{whose}シールド {'、'.join(event.cards)} が同時にブレイクされる"
    if kind == "discard" and (getattr(event, "is_group", False) or len(event.cards) > 1):
        return f"{_cards(scenario, event.cards)}が同時に捨てられる"
    if kind == "draw" and not event.cards:
        return f"{player(event.player)}がカードを1枚引く"
    if kind == "reveal":
        count = getattr(event, "amount", None) or next((e.amount for e in scenario.events if e.id == event.id), None)
        what = {None: "カード", 1: "1枚"}.get(count, f"{count}枚")
        return f"{player(event.player)}が山札の上から{what}を表向きにする"
    template = EVENT_WORDS.get(kind)
    if kind == "move" and event.to_zone:
        template = "{c}が" + zone(event.to_zone) + "に置かれる"
    cards = _cards(scenario, event.cards) if event.cards else ""
    if template is None:
        text = f"{cards}のイベント" if cards else "イベント"
    else:
        text = template.format(c=cards or "カード", p=player(event.player))
    if kind == "break" and event.cards:
        owner = _owner(scenario, event.cards[0])
        if owner:
            text = f"{text} ({player(owner)}のシールド)"
    return text


def zones_text(event: Event | EventInfo) -> str:
    if event.from_zone and event.to_zone:
        return f"{zone(event.from_zone)} → {zone(event.to_zone)}"
    return ""


def event_line(scenario: Scenario, event: Event | EventInfo) -> str:
    """``J1 (アビスベル＝ジャシン帝)が破壊される: バトルゾーン → 墓地 [e1]``."""
    text = event_words(scenario, event)
    zones = zones_text(event)
    if zones:
        text += f": {zones}"
    return f"{text} [{event.id}]"


def event_label(scenario: Scenario, event_id: str, events=()) -> str:
    for event in (*events, *scenario.events):
        if event.id == event_id:
            return f"{event_words(scenario, event)} [{event_id}]"
    return f"[{event_id}]"


def window_title(scenario: Scenario, window: Window) -> str:
    if window.kind == "effect":
        words = "効果" if window.label == "effect" else "効果の次の手順"
    elif window.kind == "follow-up":
        event, _, rest = window.label.rpartition("/")
        source = rest.split(".then", 1)[0]
        words = f"{card_label(scenario, source)}による置換の後に続く処理"
        if event:
            words = f"{event}の" + words
    elif window.kind == "battle":
        words = "バトルの結果"
    elif window.kind == "state":
        words = "状況起因処理"
    else:
        words = "ウィンドウ"
    return words if window.label == "effect" else f"{words} [{window.label}]"


def trigger_line(scenario: Scenario, trigger: Trigger, events=()) -> str:
    twice = "2度" if trigger.times == 2 else ""
    line = f"{card_label(scenario, trigger.card)}が{twice}誘発する: {event_label(scenario, trigger.event, events)}時"
    return line + _changed_by(scenario, trigger)


def untrigger_line(scenario: Scenario, trigger: Trigger, events=()) -> str:
    event = event_label(scenario, trigger.event, events)
    return f"{card_label(scenario, trigger.card)}は誘発しない: {event}時" + _changed_by(scenario, trigger)


def _changed_by(scenario: Scenario, trigger: Trigger) -> str:
    return f" ({replacement_label(scenario, trigger.changed_by)}の能力による)" if trigger.changed_by else ""


def broken_line(scenario: Scenario, shields) -> str:
    owners = {_owner(scenario, s) for s in shields}
    whose = f" ({player(owners.pop())}のシールド)" if len(owners) == 1 and None not in owners else ""
    return f"ブレイクされたシールド{whose}: {'、'.join(card_label(scenario, s) for s in shields)}"


def journey_text(path) -> str:
    return " → ".join(zone(z) for z in path)


def replacement_label(scenario: Scenario, ref) -> str:
    if ref.card and ref.card in scenario.cards:
        label = card_label(scenario, ref.card)
        return label + (f" (能力 {ref.ability})" if ref.ability > 1 else "")
    return f"効果 {ref.id}" + (f" ({visible(ref.name)})" if ref.name else "")


def application_line(scenario: Scenario, app, events=()) -> str:
    """``J1 (…)が破壊される [e1]: J1 (…)の置換効果 (自分が決定); 影響を受けるカード: h1、h2``."""
    text = (
        f"{event_label(scenario, app.event, events)}: {replacement_label(scenario, app.replacement)}の置換効果"
        f"で置き換わる ({player(app.player)}が決定)"
    )
    if app.chosen:
        text += "; 影響を受けるカード: " + "、".join(card_label(scenario, c) for c in app.chosen)
    if app.void:
        text += " (入れ替えは失敗する: これも入れ替えも起こらない、701.26b)"
    return text


def _window_lines(scenario: Scenario, window: Window, several: bool) -> list[str]:
    lines = []
    indent = "  "
    if several:
        lines.append(f"  ウィンドウ {window.index}: {window_title(scenario, window)}")
        indent = "    "
        chosen = [e for e in window.events if ":" in e.id and "/" not in e.id.split(":", 1)[1]]
        if window.index > 1 or chosen:
            lines += [f"{indent}{event_line(scenario, event)}" for event in window.events]
            if not window.events:
                lines.append(f"{indent}カードは選ばれず、何も起こらない")
    if not window.applied:
        lines.append(f"{indent}置換効果は適用されない")
    for app in window.applied:
        lines.append(indent + application_line(scenario, app, (*window.events, *window.happened, *window.replaced)))
        for made in window.happened:
            if made.instead_of == app.event and made.kind == "reveal_card":
                lines.append(f"{indent}  かわりに: {event_words(scenario, made)}")
    lines += [f"{indent}{note(text)}" for text in window.skipped]
    return lines


def resolution_lines(scenario: Scenario, number: int, resolution: Resolution) -> list[str]:
    lines = [f"解決 {number}"]
    if resolution.multiplicity != 1:
        lines[0] += f" (×{resolution.multiplicity:,}: 交換可能なカードを別に並べたものも同じ)"
    several = len(resolution.windows) > 1
    for window in resolution.windows:
        lines += _window_lines(scenario, window, several)
    moved = resolution.moved(scenario)
    paths = journeys(scenario, resolution)
    if several:
        lines.append("  結果:")
    for card_id, path in paths.items():
        back = " (元の場所に戻った)" if card_id not in moved else ""
        lines.append(f"    {card_label(scenario, card_id)}: {journey_text(path)}{back}")
    for word, ids in (("裏返った", resolution.flipped), ("アンタップされた", resolution.untapped)):
        lines += [f"    {card_label(scenario, c)}: {word}" for c in ids]
    lines += [f"    {card_label(scenario, c)}: タップされた" for c in resolution.tapped]
    lines += [f"    {card_label(scenario, c)}: 表向きになった" for c in resolution.face_up]
    lines += [f"    {card_label(scenario, c)}: 裏向きになった" for c in resolution.face_down]
    lines += [
        f"    {card_label(scenario, c)}: {card_label(scenario, host)}の下に重なった"
        for c, host in resolution.put_under(scenario).items()
    ]
    lines += [f"    {player(p)}がゲームに負ける" for p in resolution.lost]
    marks = (
        resolution.flipped,
        resolution.lost,
        resolution.untapped,
        resolution.tapped,
        resolution.face_up,
        resolution.face_down,
    )
    if not (paths or any(marks)):
        lines.append("    カードは移動しない")
    if resolution.broken:
        lines.append("    " + broken_line(scenario, resolution.broken))
    events = (*resolution.happened, *resolution.replaced)
    lines += ["    " + trigger_line(scenario, t, events) for t in resolution.triggered]
    lines += ["    " + untrigger_line(scenario, t, events) for t in resolution.untriggered]
    if resolution.stopped:
        lines.append(f"    {note(resolution.stopped)}")
    lines += [f"    {rule} に反する: {translate(what)}" for rule, what in resolution.violations]
    return lines


# -- notes and explanations the engine writes in English ------------------------------------------

# (pattern, Japanese): the sentences the engine, the event reader and the explainer write.
NOTES: list[tuple[str, str]] = [
    (
        r"^(\S+) does nothing: no card in the (\S+) zone passes its filter$",
        r"\1 は何もしない: \2 に条件を満たすカードがない",
    ),
    (r"^(\S+) does nothing: no card was revealed by '(.+)'$", r"\1 は何もしない: '\2' で表向きにされたカードがない"),
    (r"^(\S+) does nothing: (.+)$", r"\1 は何もしない (\2)"),
    (r"^(\S+): both zones are empty$", r"\1: どちらのゾーンも空"),
    (
        r"^stopped after (.+) windows?; still to resolve: (.+)$",
        r"\1 ウィンドウで打ち切り。まだ処理されていないもの: \2",
    ),
]
REASONS: list[tuple[str, str]] = [
    (
        r"^the spell's own movement \(609\.8a\) decided first and applied (\S+) to (\S+) \((\S+)\); .*$",
        r"呪文自身の移動 (609.8a) が先に決定し、\2 に \1 を適用した (\3)。"
        "1つのイベントに適用される置換効果は1つだけ (609.3)",
    ),
    (
        r"^the turn player decided first and applied (\S+) to (\S+) \((\S+)\); .*$",
        r"ターン・プレイヤーが先に決定し、\2 に \1 を適用した (\3)。1つのイベントに適用される置換効果は1つだけ (609.3)",
    ),
    (
        r"^its player applied (\S+) to (\S+) instead; .*$",
        r"そのプレイヤーはかわりに \2 に \1 を適用した。1つのイベントに適用される置換効果は1つだけ (609.3)",
    ),
    (
        r"^(\S+) does not happen: (\S+) on (\S+) took its card (.+) as an affected card and moves it \(609\.5\)$",
        r"\1 は起こらない: \3 に対する \2 がそのカード \4 を影響を受けるカードとして選び、移動させる (609.5)",
    ),
    (r"^cannot be applied here$", "ここでは適用できない"),
    (r"^optional, and its player did not apply it$", "任意 (てもよい) で、そのプレイヤーは適用しなかった"),
    (
        r"^its player did not apply it, and no rule required it here$",
        "そのプレイヤーは適用せず、ここでそれを求める規則もなかった",
    ),
]
_ID = r"(\S+(?: \([^()]*\))?)"  # an id, or an id with the card's name: J1 (アビスベル＝ジャシン帝)
VIOLATIONS: list[tuple[str, str]] = [
    (rf"^{_ID} is affected by (.+) \(chosen twice\)$", "chosen_twice"),
    (
        rf"^{_ID} on (\S+) needs (\d+) cards? from the (\S+); (\d+) (?:was|were) there when it was decided "
        r"\(609\.9a\)$",
        r"\2 に対する \1 には \4 のカードが \3 枚必要だが、決定の時点で \5 枚だった (609.9a)",
    ),
    (rf"^{_ID} on (\S+) needs (\d+) cards? from the (\S+)$", r"\2 に対する \1 には \4 のカードが \3 枚必要"),
    (rf"^{_ID} on (\S+) needs more cards$", r"\2 に対する \1 にはもっと多くのカードが必要"),
    (r"^(\S+) is replaced by (.+)$", r"\1 が複数の置換効果で置き換えられている: \2"),
    (
        rf"^{_ID} would replace (\S+), an event a replacement made$",
        r"\1 が、置換効果が作ったイベント \2 を置き換えようとしている",
    ),
    (
        rf"^{_ID} does not exist when (\S+) happens \(its card is in the (\S+) zone\)$",
        r"\2 が起こる時、\1 は存在しない (そのカードは \3 にある)",
    ),
    (
        rf"^(\S+) cannot be replaced \(its effect says so\); {_ID} cannot apply$",
        r"\1 は置き換えられない (その効果による)。\2 は適用できない",
    ),
    (rf"^{_ID} chose {_ID}, which it cannot: (.+)$", r"\1 が \2 を選んだが、選べない (\3)"),
    (
        rf"^{_ID} would send a card to a full zone, .*$",
        r"\1 は満杯のゾーンにカードを送るが、そのテキストはそこに空きを必要とする",
    ),
    (
        rf"^(\S+)'s effect ignores 「離れない」 effects, so {_ID}'s .*$",
        r"\1 の効果は「離れない」効果を無視するので、\2 の「離れる時」「破壊される時」の置換効果は適用できない",
    ),
    (
        rf"^{_ID} would make an event on {_ID} that (.+) forbids: it cannot be applied$",
        r"\1 は \2 にイベントを起こすが、\3 がそれを禁じる: 適用できない",
    ),
    (
        rf"^{_ID} would move or flip its own card, which (.+)$",
        r"\1 は自身のカードを移動または裏返すが、それはできない (\2)",
    ),
    (
        rf"^{_ID} would destroy {_ID}, which cannot be destroyed or leave$",
        r"\1 は \2 を破壊するが、\2 は破壊されず離れない",
    ),
    (rf"^{_ID} would take more cards than (\S+)'s deck holds$", r"\1 は \2 の山札にある枚数より多くのカードを取る"),
    (rf"^{_ID} would go to the (\S+) and to the (\S+) zone at once$", r"\1 が \2 と \3 に同時に行くことになる"),
    (
        rf"^{_ID} is mandatory and could apply to (\S+), but nothing replaced it$",
        r"\1 は強制で \2 に適用できたが、何も置き換えなかった",
    ),
    (
        rf"^{_ID} is mandatory and could apply to (\S+) when its player decided; .*$",
        r"\1 は強制で、決定の時点で \2 に適用できた。後で決まった置換効果がそのカードを動かしても免除されない",
    ),
    (
        rf"^{_ID} applied to (\S+) although the spell's own movement replacement {_ID} could$",
        r"呪文自身の移動の置換効果 \3 が適用できたのに、\1 が \2 に適用された",
    ),
    (
        rf"^{_ID} \(non-turn player\) applied to (\S+) although the turn player's mandatory {_ID} could$",
        r"ターン・プレイヤーの強制の \3 が適用できたのに、非ターン・プレイヤーの \1 が \2 に適用された",
    ),
]
_ZONE_RE = re.compile(r"\b(battle|hand|mana|graveyard|shields|deck|hyperspatial|gr)\b")


def _chosen_twice(found: re.Match) -> str:
    """「h1 は J1 (…) が e1 で、J2 (…) が e2 で選んでいる (2回選ばれている)」."""
    matches = [re.match(r"^(.+) on (\S+)$", part) for part in found.group(2).split(" and by ")]
    users = [u for u in matches if u is not None]
    if len(users) != len(matches):
        return f"{found.group(1)} が2回選ばれている"
    return (
        f"{found.group(1)} を "
        + "と".join(f"{u.group(2)} の {u.group(1)}" for u in users)
        + " が選んでいる (2回選ばれている)"
    )


SPECIAL = {"chosen_twice": _chosen_twice}


def _apply(table: list[tuple[str, str]], text: str) -> str | None:
    for pattern, replacement in table:
        found = re.match(pattern, text)
        if found:
            out = SPECIAL[replacement](found) if replacement in SPECIAL else found.expand(replacement)
            out = re.sub(r"(\S+(?: \([^()]*\))?)'s restriction", r"\1 の制限", out)
            out = out.replace("a player who cannot discard", "捨てられないプレイヤー")
            return _ZONE_RE.sub(lambda m: EVENT_ZONE_WORDS[m.group(1)], out)
    return None


def note(text: str) -> str:
    """A note of the engine (a part that does nothing, a resolution cut short) in Japanese."""
    return _apply(NOTES, text) or "注記: この部分は処理されない"


def reason(step) -> str:
    """Why a replacement did not apply (``Step.reason``), in Japanese; by its kind when the
    sentence is not one of the known ones."""
    found = _apply(REASONS, step.reason)
    if found:
        return found
    return {
        "earlier": "先に決定したプレイヤーが別の置換効果を適用した。1つのイベントに適用される置換効果は1つだけ (609.3)",
        "same_player": "そのプレイヤーは別の置換効果を適用した (609.3)",
        "chained": "別の置換効果が先に適用された。置換効果は1つずつ順に、前の結果に適用される (D0-6)",
        "superseded": "そのイベントは起こらない: 別の置換効果がそのカードを移動させる (609.5)",
        "choice": "そのプレイヤーは適用しなかった",
    }.get(step.kind, "規則により適用できない")


def translate(text: str) -> str:
    """A violation's sentence in Japanese; empty when it is not one of the known ones (the rule's
    own words then say it)."""
    return _apply(VIOLATIONS, text) or ""
