"""Replacement abilities in Japanese: what the workbench shows for a text it read (the paste
panel) and for a card whose text and structured form disagree. ``ability_words.py`` says the
same in English."""

from __future__ import annotations

from dataclasses import replace

from ..game.abilities import Action, ReplacementAbility, Slot
from ..game.filters import Filter
from ..game.vocabulary import DURATION_WORDS_JA, ZONE_WORDS_JA

WATCHED_EVENT_JA = {
    "leave": "バトルゾーンを離れる",
    "destroy": "破壊される",
    "return_to_hand": "手札に戻される",
    "discard": "捨てられる",
    "put_into_mana": "マナゾーンに置かれる",
    "put_into_graveyard": "墓地に置かれる",
    "put_into_hand": "手札に加えられる",
    "put_into_deck": "山札に置かれる",
    "enter": "バトルゾーンに出る",
    "put_into_battle": "バトルゾーンに出る (召喚以外)",
    "leave_shields": "シールドゾーンを離れる",
    "leave_mana": "マナゾーンを離れる",
    "leave_graveyard": "墓地を離れる",
    "leave_hand": "手札を離れる",
    "mill": "山札から墓地に置かれる",
    "break": "ブレイクされる",
    "draw": "カードを引く",
    "lose": "ゲームに負ける",
    "spell_to_graveyard": "唱えられた後に墓地に置かれる",
    "battle": "バトルする",
    "pay_cost": "コストを支払う",
    "move": "移動する",
    "power_change": "パワーが変わる",
    "flip": "裏返る",
    "choose": "カードを選ぶ",
    "untap": "ターンのはじめにアンタップする",
    "summon": "召喚される",
    "reveal": "山札の上からカードを表向きにする",
}
WHOSE_JA = {"own": "自分の", "opponent": "相手の", "any": ""}
ZONE_OR_ANY_JA = {**ZONE_WORDS_JA, "any": "どのゾーン"}
TYPE_JA = {
    "creature": "クリーチャー",
    "evolution_creature": "進化クリーチャー",
    "psychic_creature": "サイキック・クリーチャー",
    "gr_creature": "GRクリーチャー",
    "dragheart_creature": "ドラグハート・クリーチャー",
    "dragheart_weapon": "ドラグハート・ウエポン",
    "dragheart_fortress": "ドラグハート・フォートレス",
    "spell": "呪文",
    "castle": "城",
    "g_castle": "G城",
    "tamaseed": "タマシード",
    "cross_gear": "クロスギア",
    "field": "フィールド",
    "aura": "オーラ",
    "evolution": "進化",
    "card": "カード",
}
CIVILIZATION_JA = {"light": "光", "water": "水", "darkness": "闇", "fire": "火", "nature": "自然", "zero": "ゼロ"}
POSITION_JA = {"top": "山札の上", "bottom": "山札の下", "shuffle": "山札 (シャッフル)"}


def filter_words(flt: Filter | None, noun: str = "カード") -> str:
    """「自分の他のドラゴン」."""
    if flt is None:
        return noun
    parts = [WHOSE_JA.get(flt.whose, "")]
    if flt.other:
        parts.append("他の")
    if flt.chosen_race:
        parts.append("その種族の")
    if flt.civilizations:
        parts.append("または".join(CIVILIZATION_JA.get(c, c) for c in flt.civilizations) + "の")
    words = {
        "multicolor": "多色の",
        "colorless": "無色の",
        "tapped": "タップされた",
        "untapped": "タップされていない",
        "face_up": "表向きの",
        "face_down": "裏向きの",
    }
    parts += [words[p] for p in flt.properties if p in words]
    if flt.power_min is not None:
        parts.append(f"パワー{flt.power_min}以上の")
    if flt.power_max is not None:
        parts.append(f"パワー{flt.power_max}以下の")
    if flt.cost_max is not None:
        parts.append(f"コスト{flt.cost_max}以下の")
    if flt.cost_min is not None:
        parts.append(f"コスト{flt.cost_min}以上の")
    if flt.name_parts:
        parts.append("名前に" + "か".join(f"《{p}》" for p in flt.name_parts) + "とある")
    if flt.keywords:
        parts.append("か".join(f"「{k}」" for k in flt.keywords) + "を持つ")
    if flt.not_types:
        parts.append("か".join(TYPE_JA.get(t, t) for t in flt.not_types) + "ではない")
    if flt.not_races:
        parts.append("か".join(flt.not_races) + "ではない")
    parts += [{"multicolor": "多色ではない", "colorless": "無色ではない"}[p] for p in flt.not_properties]
    kinds = (
        list(flt.races) + [TYPE_JA.get(t, t) for t in flt.types if t != "evolution"] + [f"《{n}》" for n in flt.names]
    )
    if flt.evolution:
        kinds = ["進化" + k for k in kinds] or ["進化カード"]
    if flt.any_of:  # 「進化クリーチャーまたはタマシード」
        kinds += [filter_words(alt, noun) for alt in flt.any_of]
    parts.append("または".join(kinds) if kinds else noun)
    return "".join(parts)


def _slot_count_ja(slot: Slot) -> str:
    if slot.every:
        return "すべて"
    if slot.count is None:
        return "好きな数"
    return f"{slot.count}枚まで" if slot.up_to else f"{slot.count}枚"


def slot_words(slot: Slot) -> str:
    where = {
        "under_this": "このカードの下",
        "crossed_to_this": "これにクロスされたクロスギア",
        "under_watched": "そのカードの下",
        "crossed_to_watched": "そのカードにクロスされたクロスギア",
        "ex_life_of_this": "このカードの「EXライフ」シールド",
    }.get(slot.from_zone, ZONE_OR_ANY_JA.get(slot.from_zone, slot.from_zone))
    to = (
        POSITION_JA.get(slot.position or "", "山札")
        if slot.to_zone == "deck"
        else ZONE_OR_ANY_JA.get(slot.to_zone, slot.to_zone)
    )
    noun = filter_words(slot.filter)
    if slot.verb == "destroy":
        return f"{noun}を{_slot_count_ja(slot)}破壊する"
    if slot.verb == "discard":
        return f"手札から{noun}を{_slot_count_ja(slot)}捨てる"
    if slot.verb == "turn_face_up":
        return f"{where}の{noun}を{_slot_count_ja(slot)}表向きにする"
    if slot.verb == "break":
        return f"このカードが{noun}を{_slot_count_ja(slot)}ブレイクする"
    if slot.verb == "tap":
        return f"{where}のアンタップしている{noun}を{_slot_count_ja(slot)}タップする"
    return f"{where}から{noun}を{_slot_count_ja(slot)}{to}に置く"


def _trigger_or_partner(action: Action, zone: str) -> str:
    if action.kind == "partner_to":
        return f"そのバトルの相手のクリーチャーも{zone}に置かれる"
    return "その能力は2度トリガーする" if action.count == 2 else "その能力はトリガーしない"


# Actions said in the same words whatever their fields.
_FIXED_JA = {
    "stay": "そのカードはその場にとどまる",
    "move_under": "そのカードはこのカードの下に置かれる",
    "turn_face_up": "そのカードはその場で表向きにされる",
    "move_top": "そのカードの一番上のカードだけが移動する",
    "under_leave": "かわりにこのカードの下のカードすべてが離れる",
    "use_ability": "かわりに次の能力を使う",
    "tap_source": "このカードをタップする",
    "untap_source": "このカードをアンタップする",
    "tap_event": "そのカードをタップする",
    "untap_event": "そのカードをアンタップする",
    "flip_source": "このカードを裏返す",
    "destroy_partner": "バトルの相手のクリーチャーを破壊する",
    "win": "自分がゲームに勝つ",
}


def action_words(action: Action) -> str:
    kind = action.kind
    zone = ZONE_OR_ANY_JA.get(action.zone or "", action.zone or "")
    if kind in _FIXED_JA:
        return _FIXED_JA[kind]
    if kind == "choose_instead":
        return "かわりに相手が選ぶ" if action.whose == "opponent" else "かわりに自分が選ぶ"
    if kind == "under_to":
        return f"このカードの下のカードをすべて{zone}に置く"
    if kind == "under_watched_to":
        where = POSITION_JA.get(action.position or "", zone) if action.zone == "deck" else zone
        return f"そのカードの下のカードはすべて{where}に置かれる"
    if kind == "ex_life_to":
        return f"このカードの「EXライフ」シールドをすべて{zone}に置く"
    if kind == "move_under_chosen":
        return f"そのカードは選んだ{filter_words(action.filter)}の下に置かれる"
    if kind == "move" and action.on_shield:
        return "そのカードは自分のシールド1つの上に表向きにして置かれる"
    if kind == "move":
        where = POSITION_JA.get(action.position or "", zone) if action.zone == "deck" else zone
        lead = (
            ("タップして" if action.tapped else "")
            + ("裏向きにして" if action.face_down else "")
            + ("表向きのまま" if action.face_up else "")
        )
        return f"そのカードは{where}に{lead}置かれる"
    if kind == "move_source":
        verb = {"destroy": "破壊する", "discard": "捨てる", "put": f"{zone}に置く"}.get(action.verb or "", "移動させる")
        return f"このカードを{verb}"
    if kind == "choose":
        assert action.slot is not None  # a choice always has its slot (reading/abilities.py)
        return slot_words(action.slot)
    if kind == "draw":
        return f"カードを{action.count}枚引く"
    if kind == "mill":
        put = {None: "墓地に置く", "mana": "マナゾーンに置く", "shields": "シールドゾーンに置く"}[action.zone]
        return f"{WHOSE_JA.get(action.whose or '', '')}山札の上から{action.count}枚を{put}"
    if kind == "reveal":
        return f"かわりに上から{action.count}枚だけを表向きにする"
    if kind == "power":
        return f"かわりにパワーが{action.count:+}される"
    if kind == "battle_instead":
        return (
            "かわりにこのクリーチャーがバトルする"
            if action.filter is None
            else (f"かわりに{filter_words(action.filter, 'クリーチャー')}がバトルする")
        )
    if kind == "one_of":
        return "、または".join("「" + "、".join(action_words(a) for a in option) + "」" for option in action.options)
    if kind in ("trigger", "partner_to"):
        return _trigger_or_partner(action, zone)
    return "かわりの処理"


def _who(ability: ReplacementAbility) -> str:
    watch = ability.watch
    if watch.subject == "this":
        return "このカード"
    if watch.subject == "equipped":
        return "このカードがクロスまたは装備されたクリーチャー"
    if watch.subject == "fortified":
        return "この城が要塞化したシールド"
    if watch.subject == "cast_by_this":
        return "このカードの能力で唱えた呪文"
    flt = watch.filter
    if flt is not None and watch.events and watch.events[0] in ("draw", "lose", "choose", "reveal"):
        if not (flt.types or flt.races):
            return {"own": "自分", "opponent": "相手", "any": "プレイヤー"}.get(flt.whose, "プレイヤー")
    return filter_words(flt)


def ability_words(ability: ReplacementAbility) -> list[str]:
    """An ability as a few lines of Japanese."""
    watch = ability.watch
    events = "か".join(WATCHED_EVENT_JA.get(e, "イベントが起こる") for e in watch.events)
    partner = f"{filter_words(watch.partner)}と" if watch.partner is not None else ""
    when = f"{_who(ability)}が{partner}{events}時"
    if watch.on is not None:  # a triggered ability's triggering: whose ability, on which event
        on = ability_words(replace(ability, watch=watch.on, conditions=(), instead=()))[0]
        when = f"{on}にトリガーする{_who(ability)}の能力がトリガーする時"
    if watch.once:
        when += " (何枚でも1つのイベント)"
    for label, value in (("から", watch.from_zone), ("へ", watch.to_zone), ("から唱えられて", watch.cast_from)):
        if value:
            when += f" ({ZONE_OR_ANY_JA.get(value, value)}{label})"
    lines = [when]
    if ability.conditions:
        lines.append("条件: " + "、".join(_condition(c) for c in ability.conditions))
    lines.append("かわりに: " + "。".join(action_words(a) for a in ability.instead))
    kind = "任意 (てもよい)" if ability.optional else "強制"
    if ability.spell_own_movement:
        kind += "、呪文自身の移動 (609.8a)"
    if ability.duration:
        kind += f"、{DURATION_WORDS_JA[ability.duration]}の効果"
    if ability.once_per_turn:
        kind += "、各ターンに1度"
    if ability.granted_to is not None:
        kind += f"、{filter_words(ability.granted_to)}に与えられる"
    if ability.works_in != "any":
        kind += f"。{ZONE_OR_ANY_JA.get(ability.works_in, ability.works_in)}で働く"
    lines.append(kind)
    if ability.then:
        lines.append("その後: 続く処理がある")
    return lines


_COMPARED_JA = {"more": "より多い", "at_least": "以上ある", "fewer": "より少ない", "at_most": "以下しかない"}


# What happened this turn, as a condition counts it (「このターン、…が破壊されていれば」)
_HAPPENED_JA = {
    "destroy": "破壊され",
    "enter": "バトルゾーンに出",
    "summon": "召喚され",
    "put_into_graveyard": "墓地に置かれ",
    "put_into_mana": "マナゾーンに置かれ",
    "return_to_hand": "手札に戻され",
    "leave": "バトルゾーンを離れ",
}


def _condition(condition) -> str:
    if condition.word:
        return "条件「" + condition.word + "」"
    if condition.this_in:
        places = "または".join(
            "表向きでシールドゾーン" if p == "face_up_shields" else ZONE_OR_ANY_JA.get(p, p) for p in condition.this_in
        )
        return f"このカードが{places}にある"
    if condition.happened is not None:
        what = f"このターン、{filter_words(condition.filter)}が"
        done = _HAPPENED_JA[condition.happened]
        if condition.at_most is not None:
            return f"{what}{done}たのが{condition.at_most}枚以下"
        return f"{what}{condition.at_least}枚以上{done}た"
    if condition.earlier is not None:
        where = f"前の文の{condition.earlier}枚のうち{filter_words(condition.filter)}が"
        if condition.at_most is not None:
            return f"{where}{condition.at_most}枚以下"
        return f"{where}{condition.at_least}枚以上"
    where = f"{ZONE_OR_ANY_JA.get(condition.zone, condition.zone)}に{filter_words(condition.filter)}が"
    if condition.than_other is not None:
        return f"{where}もう一方のプレイヤーの同じカード{_COMPARED_JA[condition.than_other]}"
    if condition.at_most is not None:
        return f"{where}{condition.at_most}枚以下"
    at_least = f"{condition.at_least}枚以上" if condition.at_least != 1 else ""
    return f"{where}{at_least}ある"
