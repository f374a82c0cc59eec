"""The workbench's messages in the page's language: errors point at the field (its place in the
situation, in words), never at a line of the scenario file the page writes behind the scenes.

``error_json(exc, lang, doc)`` is what every endpoint answers with: ``message`` (for the user),
``place`` (the dotted place the page marks), ``problem`` (the reader's own words, English) and
``field`` (the place in words)."""

from __future__ import annotations

import re

from ...game.errors import InputError
from .. import ja

FIELDS = {
    "ja": {
        "timeout": "制限時間 (秒)",
        "max_resolutions": "最大の解決数",
        "resolution": "解決の番号",
        "text": "印刷されたテキスト",
        "name": "カード名",
        "turn": "ターン・プレイヤー",
        "ruleset": "ルール",
        "effect": "効果",
        "effect.events": "効果のイベント",
        "effect.controller": "効果のコントローラー",
        "effect.source": "効果の発生源",
        "effect.by": "効果の種類",
        "players": "プレイヤー",
        "fixture": "裁定の例",
        "--expect": "なぜできない? の指定",
        "scenario": "状況",
        "key": "解いた結果のキー",
        "type": "カードの種類",
        "yaml": "シナリオの YAML",
    },
    "en": {
        "timeout": "Time limit (s)",
        "max_resolutions": "Max resolutions",
        "resolution": "Resolution number",
        "text": "Printed text",
        "name": "Card name",
        "turn": "Turn player",
        "ruleset": "Ruleset",
        "effect": "Effect",
        "effect.events": "the effect's events",
        "effect.controller": "the effect's controller",
        "effect.source": "the effect's source",
        "effect.by": "the effect's kind",
        "players": "Players",
        "fixture": "Ruling",
        "--expect": "the why-not question",
        "scenario": "Situation",
        "key": "the solve's key",
        "type": "Card type",
        "yaml": "Scenario YAML",
    },
}

# The reader's problems the builder can make, in Japanese (pattern, replacement).
PROBLEMS_JA: list[tuple[str, str]] = [
    (r"^the effect makes no event happen$", "効果がイベントを1つも起こしません。イベントを加えてください"),
    (
        r"^card '(.+)' is already moved by event '(.+)'; one effect moves a card once$",
        r"カード \1 はすでにイベント \2 で移動します。1つの効果がカードを動かすのは1回だけです",
    ),
    (
        r"^an? '(\w+)' event needs a card in the (\w+) zone, but '(.+)' is in the (\w+) zone$",
        r"このイベントには \2 のカードが必要ですが、\3 は \4 にあります",
    ),
    (r"^unknown card '(.+)'; did you mean (.+)\? \(.*\)$", r"カード「\1」は見つかりません。もしかして: \2"),
    (r"^unknown card '(.+)'(?: \(.*\))?$", r"カード「\1」は見つかりません"),
    (r"^unknown value '(.+)' \(known: (.+)\)$", r"「\1」は選べません (選べるもの: \2)"),
    (r"^card id '(.+)' is used twice \(also at (.+?)(?:, line \d+)?\)$", r"カードの id「\1」が2回使われています"),
    (r"^'(\w+)' names card '(.+)', which is in no zone$", r"カード \2 はどのゾーンにもありません"),
    (r"^no card with id '(.+)' is in any zone$", r"id「\1」のカードはどのゾーンにもありません"),
    (
        r"^the text of (.+) cannot be read: cannot read 「(.+?)」 at character (\d+) .*$",
        r"\1 のテキストを読めません: 「\2」(\3 文字目)",
    ),
    (r"^missing field '(.+)'$", r"項目「\1」がありません"),
    (
        r"^'(.+)' is no card, event or player of the scenario$",
        r"「\1」はこの状況のカード、イベント、プレイヤーのどれでもありません",
    ),
    (r"^give at least one condition, such as J1=battle$", "カードの終わる場所を1つ以上選んでください"),
    (r"^there are (\d+) resolutions; (\d+) is not one$", r"解決は \1 通りです。\2 番はありません"),
    (r"^(\d+) resolutions are listed; (\d+) is not one$", r"表示されている解決は \1 通りです。\2 番はありません"),
    (
        r"^(\d+) resolutions are listed, which stand for (\d+); (\d+) is not one$",
        r"表示されている解決は \1 通り (\2 通りを表します) です。\3 番はありません",
    ),
    (r"^unknown zone '(.+)' \(zones: .*\)$", r"「\1」というゾーンはありません"),
]
ZONE_RE = re.compile(r"\b(battle|hand|mana|graveyard|shields|deck|hyperspatial|gr)\b")


def problem_ja(problem: str) -> str:
    for pattern, replacement in PROBLEMS_JA:
        found = re.match(pattern, problem)
        if found:
            return ZONE_RE.sub(lambda m: ja.EVENT_ZONE_WORDS[m.group(1)], found.expand(replacement))
    return "この項目を読めません"


_ZONE_PLACE = re.compile(r"^players\.([^.\[]+)\.(\w+)\[(\d+)\](.*)$")
_EVENT_PLACE = re.compile(r"^effect\.events\[(\d+)\](.*)$")


def _entry_id(doc: dict | None, player: str, zone: str, index: int) -> str | None:
    if doc is None:
        return None
    try:
        entry = doc["players"][player][zone][index]
    except (KeyError, IndexError, TypeError):
        return None
    return str(entry.get("id")) if isinstance(entry, dict) else str(entry)


def field_words(place: str | None, lang: str, doc: dict | None = None) -> str:
    """The place of an error in words: ``players.me.battle[0].card`` → 「自分のバトルゾーンのカード J1」."""
    if not place:
        return FIELDS[lang]["scenario"]
    if place in FIELDS[lang]:
        return FIELDS[lang][place]
    found = _ZONE_PLACE.match(place)
    if found:
        player, zone, index = found.group(1), found.group(2), int(found.group(3))
        card = _entry_id(doc, player, zone, index) or f"#{index + 1}"
        if lang == "ja":
            return f"{ja.player(player)}の{ja.zone(zone)}のカード {card}"
        return f"{player}'s {zone} card {card}"
    found = _EVENT_PLACE.match(place)
    if found:
        number = int(found.group(1)) + 1
        return f"イベント {number}" if lang == "ja" else f"event {number}"
    if place.startswith("--expect"):
        return FIELDS[lang]["--expect"]
    head = place.split(".", 1)[0].split("[", 1)[0]
    return FIELDS[lang].get(head, FIELDS[lang]["scenario"])


def error_json(exc: Exception, lang: str = "ja", doc: dict | None = None) -> dict:
    """An error as the page shows it: the field in words, then the problem, in the page's language."""
    place: str | None
    if isinstance(exc, InputError):
        place, problem = exc.place, exc.problem
    else:
        place, problem = getattr(exc, "place", None), getattr(exc, "message", None) or str(exc)
    field = field_words(place, lang, doc)
    said = problem_ja(problem) if lang == "ja" and isinstance(exc, InputError) else problem
    return {"message": f"{field}: {said}", "place": place, "field": field, "problem": problem}


def refusal(key: str, lang: str, **values) -> str:
    """The workbench's own refusals, in the page's language."""
    text = REFUSALS[lang if lang in REFUSALS else "ja"][key]
    return text.format(**values)


REFUSALS = {
    "ja": {
        "busy": "ほかの計算で混み合っています。少し待ってからもう一度試してください",
        "too_large": "リクエストが {limit:,} バイトを超えています",
        "not_json": "リクエストが JSON ではありません",
        "not_object": "リクエストが JSON のオブジェクトではありません",
        "no_scenario": "状況がありません",
        "nested": "入れ子が深すぎます",
        "number": "{field} は数で入力してください",
        "whole": "{field} は整数で入力してください",
        "positive": "{field} は 0 より大きくしてください",
        "at_most": "{field} は {limit:g} 以下にしてください (この workbench の上限)",
        "which": "どの解決ですか? 番号を入力してください",
        "expect": "カードの終わる場所を1つ以上選んでください (例: J1=battle)",
        "paste": "カードの印刷されたテキストを貼ってください",
        "memory": "計算に必要なメモリが上限 ({limit:,} MiB) を超えたため止めました。状況を小さくしてください",
        "grounding": "制限時間内に答えが出ませんでした (問題の組み立てが終わりません)。状況を小さくしてください",
        "cancelled": "中止しました",
        "unsolved": "制限時間内に答えが出ませんでした。制限時間を延ばすか、状況を小さくしてください",
        "stale": "この答えは別の状況のものです。もう一度解いてください",
        "no_fixture": "「{name}」という裁定の例はありません",
        "origin": "ほかのサイトからのリクエストは受け付けません",
        "content_type": "リクエストは application/json で送ってください",
        "internal": "内部エラーが起きました (状況とともに報告してください)",
        "too_long": "{field} が長すぎます ({limit:,} 文字まで)",
        "digits": "リクエストの数の桁が多すぎます ({limit:,} 桁まで)",
        "surrogate": "Unicode の文字列として正しくありません (対になっていないサロゲート {code}、{at} 文字目)",
        "no_key": "どの解決の結果への質問か分かりません (解いた結果のキーがありません)。先に解いてください",
    },
    "en": {
        "busy": "the solver is busy with other requests; try again in a moment",
        "too_large": "the request is larger than {limit:,} bytes",
        "not_json": "the request is not JSON",
        "not_object": "the request is not a JSON object",
        "no_scenario": "the request has no scenario",
        "nested": "the request is nested too deeply",
        "number": "{field} must be a number",
        "whole": "{field} must be a whole number",
        "positive": "{field} must be more than 0",
        "at_most": "{field} must be at most {limit:g} (this workbench's limit)",
        "which": "which resolution? give its number",
        "expect": "mark at least one card, event or player, such as J1=battle",
        "paste": "paste the card's printed text",
        "memory": "stopped: the solve needed more memory than the server allows ({limit:,} MiB); make the "
        "situation smaller",
        "grounding": "no answer within the time limit: building the program does not end; make the situation smaller",
        "cancelled": "cancelled",
        "unsolved": "no answer within the time limit: give it more time or make the situation smaller",
        "stale": "this answer is of another situation: solve again",
        "no_fixture": "no ruling named '{name}'",
        "origin": "requests from another site are refused",
        "content_type": "send the request as application/json",
        "internal": "internal error (please report it with the situation)",
        "too_long": "{field} is too long (at most {limit:,} characters)",
        "digits": "a number of the request has too many digits (at most {limit:,})",
        "surrogate": "not valid Unicode text: a lone surrogate {code} at character {at}",
        "no_key": "the request has no key of a solve: solve the situation first and ask with the key of its answer",
    },
}
