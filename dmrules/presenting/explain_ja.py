"""Explanations in Japanese for the workbench: why a resolution is legal, why an outcome is not,
and the change of the situation that would make it legal (``explain_text.py`` in English)."""

from __future__ import annotations

from ..checking.explain import WhyNot, WhyStep, rule_catalogue
from ..game.outcome import Resolution
from ..game.scenario import Scenario
from . import ja
from .report import MARKER_WORDS_JA
from .safe import visible

CONDITION_VALUES = {"happened": "起こる", "replaced": "置き換えられる", "lost": "負ける", "not_lost": "負けない"}


def condition_text(scenario: Scenario, cond) -> str:
    """``J1=battle`` → 「J1 (アビスベル＝ジャシン帝)がバトルゾーン」."""
    if cond.value in ja.EVENT_ZONE_WORDS and cond.subject in scenario.cards:
        return f"{ja.card_label(scenario, cond.subject)}が{ja.zone(cond.value)}"
    if cond.subject in scenario.players:
        return f"{ja.player(cond.subject)}が{CONDITION_VALUES.get(cond.value, cond.value)}"
    return f"{visible(cond.subject)}が{CONDITION_VALUES.get(cond.value, cond.value)}"


def cause_text(scenario: Scenario, cause) -> str:
    """A cause (``checking.cause.Cause``) in Japanese."""
    zone = ja.zone(cause.zone)
    who = ja.player(cause.player)
    if cause.kind == "add":
        return f"{who}の{zone}に{cause.have + cause.count}枚必要だが、{cause.have}枚しかない"
    if cause.kind == "remove":
        return f"{who}の{zone}が{cause.have - cause.count}枚以下なら合法 (いまは{cause.have}枚)"
    if cause.kind == "turn":
        return f"{who}のターンなら合法"
    card = ja.card_label(scenario, cause.card) if cause.card else ""
    if cause.kind == "untap":
        return f"{card}がアンタップされていれば合法"
    if cause.kind == "unmark":
        return f"{card}が「{MARKER_WORDS_JA.get(cause.detail, cause.detail)}」でなければ合法"
    if cause.kind == "unflag":
        return f"{card}の「各ターンに1度」の能力がまだ使われていなければ合法"
    return f"{card}の置換能力 {cause.detail} が任意 (てもよい) なら合法"


def cause_lines(scenario: Scenario, causes) -> list[str]:
    if not causes:
        return []
    return ["合法にする最小の変更:"] + [f"  {cause_text(scenario, c)}" for c in causes]


def why_not_text(scenario: Scenario, result: WhyNot, causes=()) -> str:
    wanted = "、".join(condition_text(scenario, c) for c in result.conditions)
    lines = []
    if result.legal is not None:
        lines.append(f"合法な解決があります ({wanted}):")
        lines.extend(ja.resolution_lines(scenario, 1, result.legal)[1:])
    elif result.elsewhere:
        lines.append(
            f"{wanted} となる合法な解決はありません。どのウィンドウもその部分を禁じてはいませんが、"
            "各ウィンドウの合法な結果を組み合わせてもそうはなりません。"
        )
    elif result.impossible:
        lines.append(
            f"{'、'.join(condition_text(scenario, c) for c in result.impossible)} となる結果は、合法でも"
            "違法でもありません: この状況では何もそれを起こせません。"
        )
    else:
        lines += _closest_legal(scenario, result, wanted)
    lines += cause_lines(scenario, causes)
    return visible("\n".join(lines), lines=True) + "\n"


def _closest_legal(scenario: Scenario, result: WhyNot, wanted: str) -> list[str]:
    lines = [f"{wanted} となる合法な解決はありません。"]
    if result.window:
        lines.append(f"{result.window.replace('window', 'ウィンドウ')} で:")
    best = result.options[0][1]
    rules = sorted({v.rule for v in best})
    lines.append(f"最も近い結果は {len(rules)} つの規則に反します (違反 {len(best)} 件):")
    for rule in rules:
        entry = rule_catalogue().get(rule, {})
        lines.append(f"  {rule}  {entry.get('paraphrase_ja', '')}  ({entry.get('heading', '')})")
        for v in best:
            if v.rule == rule and ja.translate(v.text):
                lines.append(f"        {ja.translate(v.text)}")
    if len(result.options) > 1:
        lines.append(f"  (同じ数の規則に反するほかの道筋が {len(result.options) - 1} 通りあります)")
    return lines


def why_text(scenario: Scenario, number: int, resolution: Resolution, steps: list[WhyStep]) -> str:
    """A resolution replayed in decision order, in Japanese."""
    lines = [
        f"解決 {number} はなぜ合法か (決定の順に。609.9a: まず呪文自身の移動、次にターン・プレイヤー、"
        "次に非ターン・プレイヤーが決め、それからすべてが同時に適用される)"
        if scenario.ruleset != "sequential"
        else f"解決 {number} はなぜ合法か (D0-6: 置換効果は1つずつ順に、前の置換効果の結果に適用される)"
    ]
    several = len(resolution.windows) > 1
    for window in resolution.windows:
        state = window.state if window.state is not None else scenario
        mine = [s for s in steps if s.window == window.index]
        if several:
            lines.append(f"ウィンドウ {window.index} ({ja.window_title(scenario, window)}):")
        lines += _ranks(state, window, mine, "  " if several else "", scenario.ruleset == "sequential")
    if scenario.ruleset == "dmps":
        lines.append("その後、置換効果は盤面の順に1つずつ適用され、それぞれ前の結果を見る (DMPS-2):")
    elif scenario.ruleset != "sequential":
        lines.append("その後、すべてが同時に適用される (609.9):")
    lines.extend(ja.resolution_lines(scenario, number, resolution)[1:])
    return visible("\n".join(lines), lines=True) + "\n"


def _ranks(state: Scenario, window, mine: list[WhyStep], indent: str, chained: bool = False) -> list[str]:
    events = {e.id: e for e in (*window.events, *window.happened, *window.replaced)}
    lines = []
    ranks = [0, 1, 2] if any(s.rank == 0 for s in mine) else [1, 2]
    for position, rank in enumerate(ranks if not chained else [r for r in ranks if r < 2]):
        who = ja.RANK_WORDS_JA[rank] if not (chained and rank) else "置換効果 (1つずつ順に: D0-6)"
        if rank and not chained:
            player = state.turn_player if rank == 1 else state.opponent(state.turn_player)
            who += f" ({ja.player(player)})"
        lines.append(f"{indent}{'まず' if position == 0 else '次に'}、{who}:")
        here = [s for s in mine if s.rank == rank]
        if not here:
            lines.append(f"{indent}    このプレイヤーの置換効果が見るイベントはない")
        for step in here:
            ev = events.get(step.event)
            lines.append(f"{indent}  " + (ja.event_line(state, ev) if ev else step.event))
            if step.applied:
                chosen = f"。影響を受けるカード: {'、'.join(step.chosen)}" if step.chosen else ""
                lines.append(f"{indent}    {step.replacement} を適用する{chosen}")
            elif step.violations:
                lines.append(f"{indent}    {step.replacement} ではない: 決定の時点で規則に妨げられた:")
                for i, v in enumerate([*step.violations, *(v for way in step.alternatives for v in way)]):
                    words = ja.translate(v.text) or rule_catalogue().get(v.rule, {}).get("paraphrase_ja", "")
                    lead = "または " if i >= len(step.violations) and i else ""
                    lines.append(f"{indent}      {lead}{v.rule}: {words}")
            else:
                lines.append(f"{indent}    {step.replacement} ではない: {ja.reason(step)}")
    return lines
