"""Typed abilities written back into card Japanese, from the abilities alone.

``render_group(abilities, grant)`` writes the abilities of one replacement sentence (and the
grant that names their cards) as a card would print them: the watched events, what happens
instead, the follow-ups. It never looks at the sentence they were read from: the compiler
compares the rendering with the printed sentence (both through ``normalize.canonical``), and a
reading whose rendering differs is refused. So a word the grammar passed over, a filter it
widened or a default it guessed shows as a difference instead of a wrong answer.

The wording is the current one (「離れる時」, 「出す」); ``canonical`` maps the older wordings
that mean the same onto it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from ...game.abilities import Action, ReplacementAbility, Slot, Watch
from ...game.events import EventSpec, Step
from ...game.filters import Condition, Filter
from ...game.vocabulary import DECK_TOP_MOVES, DURATION_WORDS_JA, EVENT_TO
from .normalize import may_form
from .transform.parts import CIVS, LEAVE_EVENT, ZONE_BY_WORD, Grant, ReadError, in_the_battle_zone

_Given = TypeVar("_Given")


def _given(value: _Given | None, what: str) -> _Given:
    """``value``, which an ability rendered here states; an ability that does not state it has no printed phrase."""
    if value is None:
        raise ReadError(f"an ability that states no {what} has no printed phrase")
    return value


_CIV = {v: k for k, v in CIVS.items()}
_ZONE = {v: k for k, v in ZONE_BY_WORD.items()}
_TYPE = {
    "creature": "クリーチャー",
    "spell": "呪文",
    "cross_gear": "クロスギア",
    "tamaseed": "タマシード",
    "dragheart": "ドラグハート",
    "weapon": "ドラグハート・ウエポン",
    "fortress": "ドラグハート・フォートレス",
    "psychic": "サイキック・クリーチャー",
    "gr": "GRクリーチャー",
    "neo": "NEOクリーチャー",
    "field": "フィールド",
    "castle": "城",
    "g_castle": "G城",
    "aura": "オーラ",
}
_WHOSE = {"own": "自分", "opponent": "相手"}
_SUBJECT = {
    "this": "このクリーチャー",
    "equipped": "これをクロスしたクリーチャー",
    "fortified": "この城を付けて要塞化したシールド",
    "chosen": "そのクリーチャー",
}


def _or(words: list[str]) -> str:
    if len(words) <= 2:
        return "または".join(words)
    return "、".join(words[:-1]) + "、または" + words[-1]


def phrase(flt: Filter, *, head: str | None = None) -> str:
    """A filter as a card phrase: 「自分の他のパワー6000以上の光のドラゴン」."""
    if flt.ids or flt.flags or flt.without_flags or flt.cost_not is not None:
        raise ReadError("a filter with fields no printed phrase states")
    if flt.cost_exceeds_mana and flt.whose not in _WHOSE:
        raise ReadError("a cost above the mana of the card's controller, of no one player")
    if flt.component_of_this:
        if flt != Filter(whose="own", component_of_this=True) or head is not None:
            raise ReadError("this card's component cards, qualified")
        return "このクリーチャーの禁断コア"
    parts = [f"名前に《{p}》とある" for p in flt.name_parts]
    if flt.cost_exceeds_mana:  # said first: 「相手のマナゾーンにあるカードの枚数より大きいコストを持つ相手の…」
        parts.append(f"{_WHOSE[flt.whose]}のマナゾーンにあるカードの枚数より大きいコストを持つ")
    if flt.whose != "any":
        parts.append(_WHOSE[flt.whose] + "の")
    if flt.other:
        parts.append("他の")
    if flt.chosen_race:
        parts.append("その種族の")
    parts += _bounds(flt)
    if flt.civilizations:
        parts.append(_or([_CIV[c] for c in flt.civilizations]) + "の")
    keywords = [k for k in flt.keywords if "・ソウル" not in k]
    souls = [f"({k})" for k in flt.keywords if "・ソウル" in k]
    parts += [f"「{k}」を持つ" for k in keywords]
    parts += [
        {
            "face_up": "表向きの",
            "face_down": "裏向きの",
            "tapped": "タップされている",
            "untapped": "タップされていない",
            "multicolor": "多色の",
            "colorless": "無色の",
        }[p]
        for p in flt.properties
    ]
    negations, flt = _negations(flt)
    parts += negations
    if flt.races and flt.types and "creature" not in flt.types and head is None:
        parts.append(_or(list(flt.races)) + "を持つ")  # 「魔導具を持つ呪文」
        flt = replace(flt, races=())
    heads = head is None and (len(flt.types) > 1 or len(flt.races) > 1 or len(flt.names) > 1)
    if flt.any_of:  # 「進化クリーチャーまたはタマシード」: the alternatives' heads
        if head is not None or souls or flt.types or flt.races or flt.names or flt.evolution or flt.not_types:
            raise ReadError("a filter of alternatives with heads of its own")
        words = [phrase(alt) for alt in flt.any_of]
        # 「自分のクリーチャー、またはコスト3以下のタマシード」: alternatives with modifiers of their own
        modified = any(_modifiers_only(alt) != Filter() for alt in flt.any_of)
        head, heads = ("、または".join(words) if modified else _or(words)), True
    head = head if head is not None else _head(flt, souls)
    # 「コスト3以下の、進化クリーチャーまたはタマシード」: a modifier set off holds for each head
    if heads and len(parts) > (flt.whose != "any") + flt.other:
        head = "、" + head
    parts.append(head)
    return "".join(parts)


def _negations(flt: Filter) -> tuple[list[str], Filter]:
    """「多色ではない」「ドラゴンではない」「進化ではない」「サイキック・クリーチャーではない」, and the filter left for
    the head (「城ではないカード」 is a head)."""
    parts = [{"multicolor": "多色ではない", "colorless": "無色ではない"}[p] for p in flt.not_properties]
    parts += [f"{race}ではない" for race in flt.not_races]
    parts += ["進化ではない"] if "evolution" in flt.not_types else []
    parts += [f"{_NOT_TYPE_WORDS[t]}ではない" for t in flt.not_types if t in _NOT_TYPE_WORDS]
    said = {"evolution", *_NOT_TYPE_WORDS}
    return parts, replace(flt, not_types=tuple(t for t in flt.not_types if t not in said))


_NOT_TYPE_WORDS = {
    "psychic": "サイキック・クリーチャー",
    "gr": "GRクリーチャー",
    "neo": "NEOクリーチャー",
    "spell": "呪文",
    "tamaseed": "タマシード",
    "cross_gear": "クロスギア",
}

# The creature breaking the opponent's shields a watch names by its condition
_BREAKING = {"by_this": "このクリーチャー", "by_equipped": "これをクロスしたクリーチャー"}


def _modifiers_only(flt: Filter) -> Filter:
    """The filter without the fields that say what the card is (its head): how it is modified."""
    return replace(flt, types=(), races=(), names=(), evolution=False, keywords=(), not_types=())


def _bounds(flt: Filter) -> list[str]:
    """「パワー6000以上の」, 「コスト5以下の」, 「コスト9の」 (that cost exactly)."""
    exact = flt.cost_min is not None and flt.cost_min == flt.cost_max
    words = []
    for attr, word, bound in (
        ("power_min", "パワー", "以上"),
        ("power_max", "パワー", "以下"),
        ("cost_min", "コスト", "以上"),
        ("cost_max", "コスト", "以下"),
    ):
        value = getattr(flt, attr)
        if value is not None and not (exact and attr.startswith("cost")):
            words.append(f"{word}{value}{bound}の")
    return words + ([f"コスト{flt.cost_min}の"] if exact else [])


def head_word(flt: Filter) -> str:
    """The head of a filter's card phrase (「ハンター」, 「サイキック・クリーチャー」, 「クリーチャー」)."""
    return _head(flt, [f"({k})" for k in flt.keywords if "・ソウル" in k])


def _head(flt: Filter, souls: list[str]) -> str:
    if flt.evolution:
        if flt.types not in ((), ("creature",)) or flt.races or flt.names:
            raise ReadError("an evolution filter with other heads")
        return "進化クリーチャー"
    if flt.not_types:
        if flt.not_types not in (("creature",), ("castle",)) or flt.types or flt.races:
            raise ReadError("a filter of cards that are not of several types")
        return "城ではないカード" if flt.not_types == ("castle",) else "クリーチャーではないカード"
    heads = [sum(1 for x in (souls, flt.races, flt.names) if x)]
    if heads[0] > 1:
        raise ReadError("a filter of several kinds of heads")
    if souls:
        return _or(souls) + "クリーチャー"
    if flt.races:
        return _or(list(flt.races))
    if flt.names:
        return _or([f"《{n}》" for n in flt.names])
    if flt.types:
        return _or([_TYPE[t] for t in flt.types])
    return "カード"


# -- the watched event --------------------------------------------------------------------


# The watch conditions said as a prefix of the sentence (「自分のターン中、…」), not in the watched event.
_TURNS = {"own_turn": "自分のターン中", "opponent_turn": "相手のターン中", "first_this_turn": "各ターンはじめて"}


def _cause(conditions: tuple[str, ...]) -> tuple[str, list[str]]:
    """The cause phrase of a watch's conditions (「相手の呪文の効果によって」), and the conditions left."""
    if "by_battle" in conditions:
        rest = [c for c in conditions if c not in ("by_battle", "battle_with_this", "blocking", "blocked")]
        if set(rest) - set(_TURNS):
            raise ReadError("a battle as the cause, with other causes")
        block = [c for c in ("blocking", "blocked") if c in conditions]
        if block:
            if "battle_with_this" in conditions or len(block) > 1:
                raise ReadError("a battle in which the card blocks or is blocked, with this creature or both")
            return ("ブロックしたバトルで" if block == ["blocking"] else "ブロックされたバトルで"), rest
        if "battle_with_this" in conditions:
            return "このクリーチャーとのバトルによって", rest
        return "バトルで", rest  # 「自分のターン中、…バトルで破壊される時」: the turn is said before
    causes = ("by_effect", "by_spell", "by_ability", "by_creature", "by_attack", "source_in_battle")
    rest = [c for c in conditions if c not in ("by_opponent", "by_self", *causes)]
    who = "相手" if "by_opponent" in conditions else "自分" if "by_self" in conditions else None
    kinds = {c for c in conditions if c in causes}
    if not kinds:
        return ("", rest) if who is None else (f"{who}に", rest)
    words = {
        frozenset({"by_effect"}): "効果",
        frozenset({"by_effect", "by_spell"}): "呪文の効果",
        frozenset({"by_spell"}): "呪文",
        frozenset({"by_ability", "by_creature"}): "クリーチャーの能力",
        frozenset({"by_ability", "by_creature", "source_in_battle"}): "バトルゾーンにあるクリーチャーの能力",
        frozenset({"by_creature"}): "クリーチャー",
        frozenset({"by_attack"}): "クリーチャーの攻撃",
    }
    word = words.get(frozenset(kinds))
    if word is None:
        raise ReadError("a cause no printed phrase states")
    if who is None:  # 「呪文によって」: either player's
        return f"{word}によって", rest
    if word == "クリーチャー":
        return f"{who}のクリーチャーに", rest
    if "source_in_battle" in kinds:  # 「バトルゾーンにある相手のクリーチャーの能力によって」
        return f"バトルゾーンにある{who}のクリーチャーの能力によって", rest
    return f"{who}の{word}によって", rest


def _event_phrase(watch: Watch, face_up: bool) -> str:
    events = watch.events
    words = []
    for event in events:
        words.append(_event_word(event, watch, face_up))
    return "時、または".join(words)


_LEFT_ZONE = {
    ("leave_mana", "mana"),
    ("leave_graveyard", "graveyard"),
    ("leave_hand", "hand"),
    ("leave_deck", "deck"),
    ("discard", "hand"),
    ("leave", "battle"),
}


def _event_word(event: str, watch: Watch, face_up: bool) -> str:
    if watch.to_not:
        left = {v: k for k, v in LEAVE_EVENT.items()}
        if event not in left or len(watch.to_not) != 1 or watch.from_zone or face_up:
            raise ReadError("a card put into any zone but some, no printed phrase states")
        return f"{_ZONE[left[event]]}から{_ZONE[watch.to_not[0]]}以外のゾーンに置かれる"
    source = f"{_ZONE[watch.from_zone]}から" if watch.from_zone and watch.from_zone != "pending" else ""
    if watch.from_zone == "battle" and in_the_battle_zone(watch.filter, watch.events):
        source = ""  # 「自分のクリーチャーが墓地に置かれる」: a creature named with no zone is of the battle zone
    if (event, watch.from_zone) in _LEFT_ZONE:
        source = ""  # 「自分のマナゾーンのカードがマナゾーンを離れる」: the zone the event leaves anyway
    if event == "leave" and watch.to_zone == "graveyard":  # 「離れる時、墓地に置くかわりに」 (normalize.canonical)
        return "バトルゾーンから墓地に置かれる"
    if watch.to_zone is not None:
        raise ReadError("a watched event's destination no printed phrase states")
    position = {"top": "山札の上", "bottom": "山札の下"}.get(watch.to_position or "", "山札")
    table = {
        "destroy": "破壊される",
        "leave": "離れる",
        "leave_shields": ("表向きで" if face_up else "") + "シールドゾーンを離れる",
        "leave_mana": "マナゾーンを離れる",
        "leave_graveyard": "墓地を離れる",
        "leave_hand": "手札を離れる",
        "leave_deck": "山札を離れる",
        "put_into_graveyard": f"{source}墓地に置かれる",
        "put_into_mana": f"{source}マナゾーンに置かれる",
        "put_into_shields": f"{source}シールドゾーンに置かれる",
        "put_into_hand": f"{source}手札に加えられる",
        "put_into_deck": f"{source}{position}に置かれる",
        "return_to_hand": f"{source}手札に戻される",
        "discard": "手札から1枚以上捨てられる" if watch.once else "手札から捨てられる",
        "break": "1つ以上ブレイクされる" if watch.once else "ブレイクされる",
        "enter": f"{source}出る",
        "put_into_battle": "召喚以外の方法で出る",
        "battle": "バトルする",
        "choose": "選ばれる",
        "summon": "召喚される",
    }
    if event not in table:
        raise ReadError(f"a watched '{event}' no printed phrase states")
    if source and event not in (
        "put_into_graveyard",
        "put_into_mana",
        "put_into_shields",
        "put_into_hand",
        "put_into_deck",
        "return_to_hand",
        "enter",
    ):
        if not (watch.from_zone == "shields" and event in ("break", "leave_shields")):
            raise ReadError("a watched zone no printed phrase states")
    return table[event]


def _subject(watch: Watch) -> str:
    if watch.subject == "equipped" and watch.filter is not None:
        return "これをクロスした" + phrase(watch.filter)
    if watch.subject is not None:
        return _SUBJECT[watch.subject]
    return phrase(_given(watch.filter, "watched card"))


def render_watch(watch: Watch, conditions: tuple[Condition, ...], anywhere: bool = False) -> str:
    """「自分のクリーチャーが相手の効果によって破壊される」 (without 「時」)."""
    events = set(watch.events)
    if watch.on is not None:  # 「…破壊される時にトリガーする自分のクリーチャーの能力がトリガーする」
        card = phrase(_given(watch.filter, "card whose triggered ability it is"))
        return f"{render_watch(watch.on, ())}時にトリガーする{card}の能力がトリガーする"
    if events == {"untap"} and watch.subject is not None:  # サイレントスキル
        return f"自分のターンのはじめに、{_SUBJECT[_given(watch.subject, 'untapped card')]}がタップされていたら"
    if events == {"untap"}:  # another card's untapping: the untap step's, or any
        return _untapped(watch)
    if events == {"spell_to_graveyard"}:
        return _cast(watch)
    cause, rest = _cause(watch.conditions)
    rest = [c for c in rest if c not in _TURNS]
    last_draw = _named_draw(watch, rest)
    if last_draw is not None:
        return last_draw
    if events <= {"lose", "draw"} and watch.subject is None and watch.chooser is None:
        return _player_watch(watch, cause, rest)
    if watch.chooser is not None:
        shields = watch.from_zone == "shields"
        chosen = phrase(_given(watch.filter, "chosen card"), head="シールド" if shields else None)
        return f"{chosen}を{_WHOSE[watch.chooser]}が選ぶ"
    if watch.from_not:
        return _puts_except(watch, cause, rest)
    if len(rest) == 1 and rest[0] in _BREAKING and events == {"break"} and watch.filter == Filter(whose="opponent"):
        return f"{_BREAKING[rest[0]]}が相手のシールドをブレイクする"
    if rest:
        raise ReadError(f"a watch's conditions no printed phrase states: {', '.join(rest)}")
    face_up = any(c.word == "this_face_up" for c in conditions)
    subject = _subject(watch)
    if watch.filter is not None and watch.from_zone == "shields" and events <= {"break", "leave_shields"} | set():
        subject = phrase(watch.filter, head="シールド")
    elif watch.filter is not None and "break" in events:
        subject = phrase(watch.filter, head="シールド")
    if watch.cause == "free" and set(watch.events) == {"enter"} and not watch.from_zone:
        return f"{subject}が{cause}コストを支払わずに出る"  # 「相手のクリーチャーがコストを支払わずに出る」
    if watch.cause:
        raise ReadError("a card's event with a cause no phrase states")
    # 「どこからでも」: this card's event in every zone, or a creature's (which with no zone is of the battle zone)
    lead = (
        "どこからでも"
        if anywhere or (watch.from_zone is None and in_the_battle_zone(watch.filter, watch.events))
        else ""
    )
    if watch.by_card is not None:  # 「自分のドラゴンがシールドをブレイクする」: the creature breaking
        if events != {"break"} or cause or lead or watch.partner is not None:
            raise ReadError("the card an event is by, in an event no printed phrase states")
        return f"{phrase(watch.by_card)}が{subject}をブレイクする"
    if watch.partner is not None:  # 「…が相手のクリーチャーとバトルする」「…とのバトルで破壊される」
        if cause == "バトルで" and events == {"destroy"} and not lead:
            return f"{subject}が{phrase(watch.partner)}とのバトルで破壊される"
        if events != {"battle"} or cause or lead:
            raise ReadError("a battle partner of an event no printed phrase states")
        return f"{subject}が{phrase(watch.partner)}とバトルする"
    event = _event_phrase(watch, face_up)
    if cause in ("相手に", "自分に") and event.endswith("離れる"):
        cause = f"{cause[:-1]}によって"  # 「相手によって離れる」: a leaving is no passive verb
    return f"{subject}が{cause}{lead}{event}"


def _puts_except(watch: Watch, cause: str, rest: list[str]) -> str:
    """「相手が自身の手札以外からマナゾーンにカードを置く」: a player's cards put somewhere from any zone of theirs but
    one."""
    flt = _given(watch.filter, "the cards put")
    places: dict[tuple[str, ...], str] = {
        ("enter",): "",
        ("put_into_mana",): "マナゾーンに",
        ("put_into_graveyard",): "墓地に",
    }
    to = places.get(watch.events)
    if to is None or len(watch.from_not) != 1 or cause or rest or watch.subject or flt.whose == "any":
        raise ReadError("cards put from any zone but one, no printed phrase states")
    verb = "出す" if watch.events == ("enter",) else "置く"
    return (
        f"{_WHOSE[flt.whose]}が自身の{_ZONE[watch.from_not[0]]}以外から{to}{phrase(replace(flt, whose='any'))}を{verb}"
    )


def _cast(watch: Watch) -> str:
    if watch.subject == "cast_by_this":
        # this spell cast by its own permission (リサイクル) from its graveyard, or a spell an earlier sentence casts
        if watch.cast_from is None:
            return "その呪文を唱えた後"
        return "こうして唱えた後" if watch.cast_from == "graveyard" else f"こうして{_ZONE[watch.cast_from]}から唱えた後"
    if watch.subject == "this":
        return f"この呪文を{_ZONE[watch.cast_from]}から唱えた後" if watch.cast_from else "この呪文を唱えた後"
    if watch.cast_from == "shields" and watch.filter is not None:
        return f"S・トリガーを使って{phrase(watch.filter)}を唱えた"
    flt = watch.filter
    if watch.cast_from is not None and flt is not None and flt == Filter(whose=flt.whose, types=("spell",)):
        if flt.whose != "any":
            return f"{_WHOSE[flt.whose]}の{_ZONE[watch.cast_from]}から呪文を唱えた後"
    if watch.cast_from is None and watch.subject is None and flt is not None and flt.whose == "own":
        return f"{phrase(flt)}を唱えた後"
    casters = {"by_self": "自分", "by_opponent": "相手"}
    said = [c for c in watch.conditions if c not in _TURNS]
    if watch.cast_from is None and watch.subject is None and flt is not None and flt.whose == "any":
        if len(said) == 1 and said[0] in casters:  # 「自分が呪文を唱えた後」: the spells that player casts
            return f"{casters[said[0]]}が{phrase(flt)}を唱えた後"
    raise ReadError("a spell's movement no printed phrase states")


def _player_watch(watch: Watch, cause: str, rest: list[str]) -> str:
    if watch.filter is None or watch.filter != Filter(whose=watch.filter.whose) or watch.filter.whose == "any":
        raise ReadError("a player's event of no one player")
    who = _WHOSE[watch.filter.whose]
    if watch.events == ("draw",) and cause.endswith("によって") and not rest:
        return f"{who}が{cause}カードを引く"  # 「自分の呪文によって自分がカードを引く時」
    if rest or cause:
        raise ReadError("a player's event with conditions no printed phrase states")
    if watch.events == ("lose",):
        if watch.cause == "deck_out":
            return f"{who}の山札の最後の1枚を引く"
        if watch.cause == "deck_run_out":
            return f"{who}の山札が0枚になってゲームに負ける"
        lead = {"attack": "相手クリーチャーの攻撃によって", "not_attack": "クリーチャーによる攻撃以外の方法で"}.get(
            watch.cause or "", ""
        )
        if watch.cause and watch.filter.whose != "own":
            raise ReadError("the opponent's loss by a cause")
        return f"{who}が{lead}ゲームに負ける"
    if watch.events == ("draw",):
        return f"{who}がカードを引く"
    raise ReadError("a player's event no printed phrase states")


def _untapped(watch: Watch) -> str:
    """「相手のクリーチャーが相手のターンのはじめにアンタップする」 (the untap step's untapping of that player's
    cards), 「…がアンタップされる」 (any)."""
    flt = _given(watch.filter, "untapped card")
    if watch.conditions == ("turn_start",) and flt.whose in ("own", "opponent"):
        return f"{phrase(flt)}が{_WHOSE[flt.whose]}のターンのはじめにアンタップする"
    if watch.conditions:
        raise ReadError("an untapping with conditions no printed phrase states")
    return f"{phrase(flt)}がアンタップされる"


# The draws a condition names alone: the deck's last card, the draw the rules make at the start of the player's turn
_NAMED_DRAWS = {"last_card": "{who}の山札の最後の1枚を引く", "turn_start": "{who}がターンのはじめにカードを引く"}


def _named_draw(watch: Watch, rest: list[str]) -> str | None:
    """「自分の山札の最後の1枚を引く」, 「自分がターンのはじめにカードを引く」: a draw its condition names."""
    named = [c for c in _NAMED_DRAWS if c in watch.conditions]
    if watch.events != ("draw",) or not named:
        return None
    flt = watch.filter
    if rest != named or flt is None or flt != Filter(whose=flt.whose) or flt.whose == "any":
        raise ReadError("a draw its condition names, with conditions no printed phrase states, or of no one player")
    return _NAMED_DRAWS[named[0]].format(who=_WHOSE[flt.whose])


# -- conditions and prefixes ----------------------------------------------------------------

_WORDS = {
    "this_tapped": "このクリーチャーがタップされていた場合",
    "this_untapped": "このクリーチャーがアンタップしていれば",
    "cards_under_this": "このクリーチャーの下にカードがあれば",
    "this_linked": "このクリーチャーがリンクしていて",
    "this_attacking": "このクリーチャーが攻撃中であれば",
    "this_blocking": "このクリーチャーがブロックしていれば",
    "this_evolution": "このクリーチャーが進化クリーチャーであれば",
    "this_neo_evolved": "このクリーチャーがNEO進化クリーチャーであれば",
    "this_power_positive": "そのパワーが0より大きければ",
    "not_fortified_by_other_castle": "この城を付けて要塞化したシールドが他の城によって要塞化されていなければ",
    "five_civilizations_in_battle": "バトルゾーンに5文明すべてのカードが揃っていれば",
    "won_judge": "自分が勝ったら",
    "summoned_just_before_cast": "この呪文を唱える直前にクリーチャーを召喚していれば",
    "summoned_before_cast": "この呪文を唱える前にクリーチャーを召喚していれば",
    "shields_at_least_opponent": "自分のシールドの数が相手以上であれば",
}


_PLACE = {"battle": "バトルゾーン", "face_up_shields": "表向きで自分のシールドゾーン"}


def render_condition(condition: Condition) -> str:
    if condition.this_in:
        places = "または".join(_PLACE.get(p) or f"自分の{_ZONE[p]}" for p in condition.this_in)
        return f"このクリーチャーが{places}にあれば"
    if condition.word is not None:
        if condition.word not in _WORDS:
            raise ReadError(f"the condition '{condition.word}' has no printed phrase")
        if condition.word == "cards_under_this" and condition.at_least != 1:
            return f"このクリーチャーの下にカードが{condition.at_least}枚以上あれば"
        return _WORDS[condition.word]
    flt = condition.filter or Filter()
    if condition.happened is not None:
        return _render_happened(condition, flt)
    if condition.earlier is not None:
        return _render_earlier(condition, flt)
    if condition.than_other is not None:
        return _render_compared(condition, flt)
    none = condition.at_most == 0 and condition.at_least == 0
    if condition.at_most is not None and not none and condition.zone in _COUNTED and _whose_only(flt):
        return _render_at_most(condition, flt)
    if condition.at_most is not None and not none and condition.at_least != 0:
        raise ReadError("a count between two bounds no printed phrase states")
    where = (
        "バトルゾーンに"
        if condition.zone == "battle"
        else f"{_WHOSE.get(flt.whose, '')}の{_ZONE[_given(condition.zone, 'zone')]}に"
    )
    if condition.zone != "battle":
        if flt.whose == "any":
            raise ReadError("a count of cards in a zone of no one player")

        flt = replace(flt, whose="any")
    besides = "他に" if flt.other else ""
    if flt.other:
        flt = replace(flt, other=False)
    what = phrase(flt)
    if none:
        return f"{where}{what}が{besides}1枚もなければ"
    if condition.at_most is not None:
        return f"{where}{what}が{besides}{condition.at_most}枚以下であれば"
    return f"{where}{what}が{besides}{condition.at_least}枚以上あれば"


def _whose_only(flt: Filter) -> bool:
    return replace(flt, whose="any") == Filter()


# 「このターン、…が破壊されていれば」: the past event a condition counts, as printed
_HAPPENED = {
    "destroy": "破壊されて",
    "enter": "出て",
    "summon": "召喚されて",
    "put_into_graveyard": "墓地に置かれて",
    "put_into_mana": "マナゾーンに置かれて",
    "return_to_hand": "手札に戻されて",
    "leave": "離れて",
}


def _render_happened(condition: Condition, flt: Filter) -> str:
    """「このターン、相手の他のクリーチャーが2体以上出ていれば」「このターン、…が1体も破壊されていなければ」."""
    what, done = phrase(flt), _HAPPENED[_given(condition.happened, "past event")]
    if condition.at_most == 0 and condition.at_least == 0:
        return f"このターン、{what}が1枚も{done}いなければ"
    if condition.at_most is not None:
        raise ReadError("an upper bound of a count of past events no printed phrase states")
    count = f"{condition.at_least}枚以上" if condition.at_least != 1 else ""
    return f"このターン、{what}が{count}{done}いれば"


def _render_earlier(condition: Condition, flt: Filter) -> str:
    """「それが光のカードであれば」 (the one card), 「3枚ともドラゴンでない場合」 (none of N)."""
    earlier = _given(condition.earlier, "number of earlier cards")
    if earlier == 1 and condition.at_least == 1 and condition.at_most is None:
        return f"それが{phrase(flt)}であれば"
    if earlier == 1 and condition.at_least == 0 and condition.at_most == 0:
        return f"それが{phrase(flt)}でなければ"
    if earlier > 1 and condition.at_least == 0 and condition.at_most == 0:
        return f"{earlier}枚とも{phrase(flt)}でない場合"
    raise ReadError("a count of the cards an earlier sentence names that no printed phrase states")


_COUNTED = {"shields": ("シールド", "つ"), "hand": ("手札", "枚"), "deck": ("山札", "枚")}


# The noun of a zone whose cards a comparison counts (「自分のシールド」「相手のマナゾーンのカード」)
_COMPARED = {
    "shields": "シールド",
    "hand": "手札",
    "deck": "山札",
    "mana": "マナゾーンのカード",
    "graveyard": "墓地のカード",
}
_COMPARISON = {"more": "より多ければ", "at_least": "以上であれば", "fewer": "より少なければ", "at_most": "以下であれば"}


def _render_compared(condition: Condition, flt: Filter) -> str:
    """「自分のマナゾーンのカードが相手より多ければ」: one player's cards of a zone compared with the other's (the
    printed 「相手の」「相手のシールドの数より」 and 「多い場合」 are the same phrase, normalised)."""
    if condition.zone not in _COMPARED or flt.whose not in ("own", "opponent"):
        raise ReadError("a comparison of counts no printed phrase states")
    if replace(flt, whose="any") != Filter():
        raise ReadError("a comparison of counts of some cards of a zone: no printed phrase states it")
    other = "相手" if flt.whose == "own" else "自分"
    comparison = _COMPARISON[_given(condition.than_other, "comparison")]
    return f"{_WHOSE[flt.whose]}の{_COMPARED[_given(condition.zone, 'zone')]}が{other}{comparison}"


def _render_at_most(condition: Condition, flt: Filter) -> str:
    """「自分と相手のシールドの数が合計6つ以下なら」: an upper bound of one player's (or both players') shields, hand or
    deck (the caller checks the zone and that the filter says no more than the player)."""
    if condition.at_least != 0:
        raise ReadError("an upper bound of a count no printed phrase states")
    noun, unit = _COUNTED[_given(condition.zone, "zone")]
    owners = "自分と相手" if flt.whose == "any" else _WHOSE[flt.whose]
    total = "合計" if flt.whose == "any" else ""
    return f"{owners}の{noun}の数が{total}{condition.at_most}{unit}以下なら"


def _prefix(ability: ReplacementAbility, skip: set[str]) -> list[str]:
    parts = []
    if ability.duration is not None:
        if ability.duration in ("until_next_turn", "until_opponent_turn_end") and ability.once_per_turn:
            raise ReadError("「各ターンに1度」 of an effect that lasts until its player's next turn")
        parts.append(DURATION_WORDS_JA[ability.duration])
    for turn, word in _TURNS.items():
        if turn in ability.watch.conditions:
            parts.append(word)
    if ability.once_per_turn:
        parts.append("次に" if ability.duration == "this_turn" else "各ターンに1度")
    parts += _condition_phrases([c for c in ability.conditions if c.word not in skip])
    return parts


def _condition_phrases(conditions: list[Condition]) -> list[str]:
    """The conditions as printed; a card of each of several civilizations in one zone of a player's is one
    phrase (「自分のマナゾーンに火と水の文明があれば」)."""
    out: list[str] = []
    civs: list[str] = []
    for i, condition in enumerate(conditions):
        civ = _one_civilization(condition)
        if civ is not None and i + 1 < len(conditions) and _one_civilization(conditions[i + 1]) is not None:
            if replace(conditions[i + 1], filter=condition.filter) == condition:
                civs.append(civ)
                continue
        if civ is not None and civs:
            where = render_condition(condition).split(f"{civ}のカードが")[0]
            out.append(f"{where}{'と'.join(civs + [civ])}の文明があれば")
            civs = []
            continue
        out.append(render_condition(condition))
    return out


def _one_civilization(condition: Condition) -> str | None:
    """The civilization of a count of at least one card of one civilization in a zone of a player's."""
    flt = condition.filter
    if condition.word is not None or flt is None or condition.at_least != 1 or condition.zone == "battle":
        return None
    if len(flt.civilizations) != 1 or replace(flt, civilizations=(), whose="any") != Filter():
        return None
    return _CIV[flt.civilizations[0]]


# -- what happens instead -------------------------------------------------------------------


def _zone_verb(
    zone: str,
    position: str | None,
    verb: str = "put",
    tapped: bool = False,
    face_up: bool = False,
    face_down: bool = False,
) -> str:
    lead = ("タップして" if tapped else "") + ("裏向きにして" if face_down else "")
    if zone == "hand":
        return "手札に戻す"
    if zone == "deck":
        if position == "shuffle":
            return "山札に戻してシャッフルする"
        if position is None:
            # 「山札に戻す」 with no place said: the top, the bottom or shuffled would be a guess
            raise ReadError("「山札に戻す」 with no place in the deck said (its top, its bottom, or shuffled)")
        return {"top": "山札の上に置く", "bottom": "山札の下に置く"}[position]
    if zone == "shields":
        return ("表向きにして" if face_up else "裏向きにして") + "シールドゾーンに加える"
    if zone == "battle":
        return lead + "出す"
    if zone == "under_this":
        return "このクリーチャーの下に置く"
    return f"{lead}{_ZONE[zone]}に置く"


def _count_words(count: int | None, up_to: bool = False, flt: Filter | None = None, unit: str | None = None) -> str:
    """「2体」, 「1つ」, 「3枚まで」, 「好きな数」: creatures are counted in 体, shields in つ, other cards in 枚
    (a race with no type said is a creature's; 「魔導具を持つ呪文を1枚」 is a spell's)."""
    if count is None:
        return "好きな数"
    if unit is None:
        creature = flt is not None and (
            flt.types == ("creature",) or (not flt.types and bool(flt.races or flt.evolution))
        )
        unit = "体" if creature else "枚"
    return f"{count}{unit}" + ("まで" if up_to else "")


def _slot_count(slot: Slot, flt: Filter | None = None, unit: str | None = None) -> str:
    """How many cards a choice takes: 「すべて」 (every one), or its number (``_count_words``)."""
    return "すべて" if slot.every else _count_words(slot.count, slot.up_to, flt, unit)


_BESIDE = {
    "under_this": "このクリーチャーの下にある",
    "crossed_to_this": "このクリーチャーにクロスしてある",
    "under_watched": "そのクリーチャーの下にある",
    "crossed_to_watched": "そのクリーチャーにクロスしてある",
}


def _slot(slot: Slot) -> str:
    flt = slot.filter
    if slot.from_zone == "ex_life_of_this":
        if flt != Filter(whose="own") or slot.up_to or slot.count is None:
            raise ReadError("a filtered choice of the shields this card made")
        return f"そのシールドのうち{slot.count}つを{_zone_verb(slot.to_zone, slot.position)}"
    if slot.from_zone in _BESIDE:
        where = _BESIDE[slot.from_zone]
        if flt != Filter(whose="own"):
            raise ReadError("a filtered choice of the cards under this card")
        head = "クロスギア" if slot.from_zone.startswith("crossed_to") else "カード"
        verb = "破壊する" if slot.verb == "destroy" else _zone_verb(slot.to_zone, slot.position)
        return f"{where}{head}を{_slot_count(slot)}{verb}"
    amount = _slot_count(slot, flt)
    if slot.verb == "destroy":
        if slot.from_zone != "battle":
            raise ReadError("a destruction elsewhere than the battle zone")
        return f"{phrase(flt)}を{amount}破壊する"
    if slot.from_zone == "shields" and not (flt.types or flt.races or flt.names or flt.keywords):
        either = "いずれかの" if flt.whose == "any" else ""  # 「いずれかのシールドゾーンにある」
        return f"{either}{phrase(flt, head='シールド')}を{_slot_count(slot, unit='つ')}{_to(slot)}"
    if slot.from_zone == "battle":
        return f"{phrase(flt)}を{amount}{_to(slot)}"

    owner = _WHOSE.get(flt.whose)
    if owner is None:
        raise ReadError("chosen cards of a zone of no one player")
    if slot.blind:  # 「相手の手札を1枚見ないで選び、捨てさせる」
        if (slot.from_zone, slot.verb, flt) != ("hand", "discard", Filter(whose="opponent")) or slot.count is None:
            raise ReadError("cards chosen without seeing them, other than the opponent's hand discarded")
        return f"相手の手札を{slot.count}枚見ないで選び、捨てさせる"
    if slot.verb in ("turn_face_up", "tap"):  # where they are: 「自分のマナゾーンにある…を3枚、表向きにする」
        return f"{owner}の{_ZONE[slot.from_zone]}にある{phrase(replace(flt, whose='any'))}を{amount}、{_to(slot)}"
    return f"{phrase(replace(flt, whose='any'))}を{amount}{owner}の{_ZONE[slot.from_zone]}から{_to(slot)}"


def _to(slot: Slot) -> str:
    if slot.verb == "discard":
        return "捨てる"
    if slot.verb == "break":
        return "ブレイクする"
    if slot.verb == "tap":
        if slot.to_zone != slot.from_zone or slot.position or slot.tapped:
            raise ReadError("cards tapped and moved, no printed phrase states")
        return "タップする"
    if slot.verb == "turn_face_up":
        if slot.to_zone != slot.from_zone or slot.position or slot.tapped:
            raise ReadError("cards turned face up and moved, no printed phrase states")
        return "表向きにする"
    lead = "タップして" if slot.tapped else ""
    if slot.to_zone == "hand" and slot.verb == "add_to_hand":
        return "手札に加える"  # a shield put into the hand (「シールドを1つ手札に加える」)
    return lead + _zone_verb(slot.to_zone, slot.position)


def _moved(action: Action) -> str:
    """Where a moved card goes and how: 「タップしてマナゾーンに置く」."""
    if action.on_shield:
        return "自分のシールド1つの上に表向きにして置く"
    return _zone_verb(
        _given(action.zone, "zone"),
        action.position,
        tapped=action.tapped,
        face_up=action.face_up,
        face_down=action.face_down,
    )


def _deck_top(whose: str, count: int | None, zone: str, tapped: bool = False) -> str:
    """「自分の山札の上から2枚を墓地に置く」「…を(タップして)マナゾーンに置く」「…をシールド化する」."""
    put = {"graveyard": "墓地に置く", "mana": "マナゾーンに置く", "shields": "シールド化する"}[zone]
    return f"{_WHOSE[whose]}の山札の上から{count}枚を{'タップして' if tapped else ''}{put}"


# Actions said by one fixed phrase.
_FIXED_ACTIONS = {
    "move_under": "このクリーチャーの下に置く",
    "move_top": "一番上のカードが離れる",
    "under_leave": "このクリーチャーの下にあるカードすべてが離れる",
    "tap_source": "このクリーチャーをタップする",
    "tap_event": "タップする",
    "untap_event": "アンタップする",
    "turn_face_up": "表向きにする",
    "flip_source": "このクリーチャーを裏返す",
    "untap_source": "このクリーチャーをアンタップする",
    "win": "勝つ",
    "destroy_partner": "その相手クリーチャーを破壊する",
    "use_ability": "次の能力を使う",
    "stay": "とどまる",
}


def render_action(action: Action) -> str:
    kind = action.kind
    if kind in _FIXED_ACTIONS:
        return _FIXED_ACTIONS[kind]
    if kind == "move":
        return _moved(action)
    if kind == "move_under_chosen":
        host = _given(action.filter, "card it goes under")
        creature = bool(set(host.types) & {"creature", "neo", "psychic", "evolution"} or host.races or host.evolution)
        return f"{phrase(host)}1{'体' if creature else '枚'}の下に置く"
    if kind == "trigger":  # the watched triggered ability, triggering twice or not at all
        return {0: "トリガーしない", 2: "2度トリガーする"}[_given(action.count, "number of triggers")]
    if kind == "under_to":
        return "このクリーチャーの下にあるカードをすべて" + _zone_verb(_given(action.zone, "zone"), None)
    if kind == "under_watched_to":  # said after 「…の下にあるカードは、墓地に置くかわりに」 (render_ability_sentence)
        return _zone_verb(_given(action.zone, "zone"), action.position)
    if kind == "ex_life_to":
        return "そのシールドを" + _zone_verb(_given(action.zone, "zone"), None)
    if kind == "move_source":
        if action.verb == "destroy":
            return "このクリーチャーを破壊する"
        if action.verb == "discard":
            return "自分の手札にあるこのカードを捨てる"
        return "このクリーチャーを" + _moved(action)
    if kind == "battle_instead":
        return (
            "このクリーチャーをバトルさせる"
            if action.filter is None
            else f"バトルゾーンにある{phrase(action.filter)}をバトルさせる"
        )
    if kind == "choose":
        return _slot(_given(action.slot, "choice"))
    if kind == "mill":
        return _deck_top(_given(action.whose, "player"), action.count, action.zone or "graveyard", action.tapped)
    if kind == "draw":
        return f"カードを{action.count}枚引く"
    if kind == "choose_instead":
        return "相手自身が選ぶ" if action.whose == "opponent" else "自分が選ぶ"
    raise ReadError(f"the action '{kind}' has no printed phrase")


def _either_words(action: Action) -> str | None:
    """「AかBをN枚、または両方M枚ずつを、…」 of a ``one_of`` that is one."""
    first, second = action.options
    if len(first) != 1 or len(second) != 2 or not all(a.kind == "choose" for a in first + second):
        return None
    either, a, b = first[0].slot, second[0].slot, second[1].slot
    if either is None or a is None or b is None:
        return None
    if len(either.filter.races) != 2 or (a.filter.races + b.filter.races) != either.filter.races:
        return None

    text = _slot(replace(either, filter=replace(either.filter, races=("\0",))))
    kinds = "か".join(either.filter.races)
    n, m = _count_words(either.count, flt=either.filter), _count_words(a.count, flt=either.filter)
    return text.replace("\0", kinds).replace(f"を{n}", f"を{n}、または両方{m}ずつを", 1)


def _joined_zones(actions: list[Action]) -> list:
    """「自分の墓地またはマナゾーンから…を好きな数」: the choices of any number from each of two zones, as one."""
    out: list = []
    for action in actions:
        before = out[-1] if out else None
        prior = before.slot if isinstance(before, Action) and before.kind == "choose" else None
        slot = action.slot if action.kind == "choose" else None
        if (
            prior is not None
            and slot is not None
            and prior.count is None
            and slot.count is None
            and prior.from_zone != slot.from_zone
            and prior.from_zone not in ("battle", "shields")
            and slot.from_zone not in ("battle", "shields")
        ):
            if replace(prior, from_zone=slot.from_zone) == slot:
                text = _slot(prior)
                zone = _ZONE[prior.from_zone]
                out[-1] = text.replace(f"の{zone}から", f"の{zone}または{_ZONE[slot.from_zone]}から", 1)
                continue
        out.append(action)
    return out


def render_actions(actions: tuple[Action, ...], optional: bool) -> str:
    kinds = [(a.kind, a.zone) for a in actions]
    if len(kinds) == 2 and kinds[0][0] == "move" and kinds[1] == ("partner_to", kinds[0][1]):
        # the watched destruction's card and the other creature of its battle, both moved
        text = "そのバトルをしているクリーチャーを2体とも" + _zone_verb(_given(actions[0].zone, "zone"), None)
        return _optional(text) if optional else text
    shown = _joined_zones([a for a in actions if a.kind != "stay"] or list(actions))
    words = []
    for action in shown:
        if isinstance(action, str):
            words.append(action)
            continue
        if action.kind == "one_of":
            either = _either_words(action)
            if either is not None:
                words.append(either)
                continue
            options = ["、".join(render_action(a) for a in option) for option in action.options]
            words.append("か、".join(options))
        elif action.kind == "tap_source" and any(a.kind == "battle_instead" and a.filter is None for a in shown):
            continue
        elif action.kind == "battle_instead" and action.filter is None and any(a.kind == "tap_source" for a in shown):
            words.append("このクリーチャーをタップしてバトルさせる")
        else:
            words.append(render_action(action))
    text = "、".join([_continuative(w) for w in words[:-1]] + words[-1:])
    return _optional(text) if optional else text


def _continuative(text: str) -> str:
    """An action followed by the next, as cards print it: 「置き、」, 「戻し、」, 「捨て、」."""
    for plain, joined in (
        ("置く", "置き"),
        ("する", "し"),
        ("戻す", "戻し"),
        ("捨てる", "捨て"),
        ("加える", "加え"),
        ("裏返す", "裏返し"),
        ("引く", "引き"),
        ("出す", "出し"),
    ):
        if text.endswith(plain):
            return text[: -len(plain)] + joined
    return text


def _optional(text: str) -> str:
    """The last verb of ``text`` with 「てもよい」."""
    may = may_form(text)
    if may is None:
        raise ReadError("an optional action with no verb to say so")
    return may


# -- follow-ups --------------------------------------------------------------------------------


def render_event(event: EventSpec) -> str:
    if event.cards == ("event_source",) and event.kind == "destroy":
        return "そのシールドをブレイクしたクリーチャーを破壊する"
    if event.cards == ("this",):
        if event.kind == "move":
            return "このクリーチャーを" + _zone_verb(_given(event.to_zone, "zone"), event.position)
        return (
            "このクリーチャーを"
            + {
                "destroy": "破壊する",
                "return_to_hand": "手札に戻す",
                "put_into_mana": "マナゾーンに置く",
            }[event.kind]
        )
    if event.kind == "draw":
        who = "" if event.player == "@own" else "相手は"
        return f"{who}カードを{event.count}枚引く"
    if event.kind in DECK_TOP_MOVES and event.choose is None and not event.cards:
        return _deck_top(_given(event.player, "player").lstrip("@"), event.count, EVENT_TO[event.kind])
    choice = event.choose
    if choice is not None and choice.chooser == "@opponent":
        return _opponents_choice(event, choice)
    if choice is None or (choice.filter.whose != "own" and choice.from_zone != "battle"):
        raise ReadError("a follow-up event no printed phrase states")

    if choice.from_zone == "battle":
        what = "バトルゾーンにある" + phrase(choice.filter)
        source = f"を{_count_words(choice.count, flt=choice.filter)}"
    else:
        what = phrase(replace(choice.filter, whose="any"))
        source = f"を{_count_words(choice.count, flt=choice.filter)}自分の{_ZONE[choice.from_zone]}から"
    end = "てもよい" if choice.optional else ""
    if event.kind == "discard":
        text = f"{what}{source}捨てる"
    elif event.kind == "return_to_hand":
        text = f"{what}{source}手札に戻す"
    elif event.kind == "destroy" and choice.from_zone == "battle":
        text = f"{what}{source}破壊する"
    elif event.kind == "move" and event.under is not None:
        text = f"{what}{source}バトルゾーンにある{phrase(event.under)}1枚の下に置く"
    elif event.kind == "move":
        text = f"{what}{source}{_zone_verb(_given(event.to_zone, 'zone'), event.position)}"
    elif event.kind == "put_into_battle":
        text = f"{what}{source}バトルゾーンに出す"
    else:
        raise ReadError("a follow-up event no printed phrase states")
    return _optional(text) if end else text


def _opponents_choice(event: EventSpec, choice) -> str:
    """「相手は自分自身の手札を1枚選び、捨てる」: the opponent's cards of a zone of theirs, chosen by them."""
    if choice.filter.whose != "own" or choice.from_zone == "battle" or choice.optional:  # whose: the chooser's
        raise ReadError("a follow-up event no printed phrase states")
    own = replace(event, choose=replace(choice, chooser="@own"))
    return "相手は" + render_event(own).replace("自分の", "自分自身の", 1)


def render_step(step: Step, lead: str = "そうした場合、") -> str:
    """A follow-up step: 「そうした場合、…」 (the ability a サイレントスキル uses: its events alone)."""
    return lead + "、".join(render_event(e) for e in step.events)


# -- the sentence ------------------------------------------------------------------------------


def render_ability_sentence(abilities: list[ReplacementAbility]) -> str:
    """One replacement sentence of one or more abilities (one a watch): 「…時、または…時、かわりに…」."""
    first = abilities[0]
    beside = {"under_watched", "crossed_to_watched"} & {slot.from_zone for slot in first.slots()}
    if beside and "break" in first.watch.events:  # the event's card is the shield, not the creature breaking it
        raise ReadError("the cards under, or crossed to, the card of a break: a shield, not the creature breaking it")
    skip = {"this_tapped", "this_face_up"} & {c.word for c in first.conditions if c.word}
    untap = set(first.watch.events) == {"untap"} and first.watch.subject is not None  # サイレントスキル
    skip = {"this_face_up"} | ({"this_tapped"} if untap else set())
    prefix = _prefix(first, skip)
    heads = _watch_heads(abilities)
    if len({_instead(a) for a in abilities}) != 1 or len({tuple(_prefix(a, skip)) for a in abilities}) != 1:
        raise ReadError("the abilities of one sentence differ otherwise than in their watch")
    head = "時、または".join(heads)
    # 「唱えた後」 needs no 「時」
    after = (
        first.watch.subject in ("this", "cast_by_this")
        or first.watch.cast_from not in (None, "shields")
        or (first.watch.subject is None and first.watch.cast_from is None)
    )
    cast = first.watch.events == ("spell_to_graveyard",) and after
    if not untap and not cast:
        head += "時"
    if [a.kind for a in first.instead] == ["move_top", "under_watched_to"]:
        under = (
            f"{'この' if first.watch.subject == 'this' else 'その'}クリーチャーの下にあるカードは、墓地に置くかわりに"
        )
        return "、".join(prefix + [head, under]) + render_actions(first.instead[1:], first.optional)
    return "、".join(prefix + [head]) + "、かわりに" + _instead(first)


def _watch_heads(abilities: list[ReplacementAbility]) -> list[str]:
    """The watched events of one sentence; one ability a zone (「マナゾーン、手札またはバトルゾーンから」) or a
    cause (「相手の呪文または相手のクリーチャーの能力によって」) is one phrase."""
    watches = [a.watch for a in abilities]
    base = watches[0]
    if len(watches) > 1 and set(base.events) == {"put_into_graveyard"} and base.filter is not None:
        if all(replace(w, from_zone=None) == replace(base, from_zone=None) for w in watches):
            text = render_watch(replace(base, from_zone=None), abilities[0].conditions)
            zones = _or([_ZONE[_given(w.from_zone, "zone")] for w in watches])
            return [text.replace("が墓地に置かれる", f"が{zones}から墓地に置かれる", 1)]
    if len(watches) > 1:  # 「このクリーチャーまたは自分のドラゴンが相手の呪文またはクリーチャーの能力によって離れる」
        subjects = list(dict.fromkeys((w.subject, w.filter) for w in watches))
        causes = list(dict.fromkeys(w.conditions for w in watches))
        every = {replace(base, subject=s, filter=f, conditions=c) for s, f in subjects for c in causes}
        if len(watches) == len(subjects) * len(causes) and every == set(watches):
            said = _causes_or(replace(base, conditions=causes[0]), causes, abilities[0].conditions)
            said = _subjects_or(said, subjects) if said is not None else None
            if said is not None:
                return [said]
    return [render_watch(a.watch, a.conditions, _anywhere(a)) for a in abilities]


def _causes_or(base: Watch, causes: list[tuple[str, ...]], conditions: tuple[Condition, ...]) -> str | None:
    """One watched event by one cause or another: 「相手の呪文または相手のクリーチャーの能力によって破壊される」."""
    text = render_watch(base, conditions)
    if len(causes) == 1:
        return text
    said = [_cause(c) for c in causes]
    if len(causes) != 2 or not all(c.endswith("によって") for c, _ in said) or said[0][1] != said[1][1]:
        return None
    first, second = said[0][0], said[1][0]
    return text.replace(first, first[: -len("によって")] + "または" + second, 1)


def _subjects_or(text: str, subjects: list[tuple[str | None, Filter | None]]) -> str | None:
    """This card or others: 「このクリーチャーまたは自分のドラゴンが…」."""
    if len(subjects) == 1:
        return text
    if len(subjects) != 2 or subjects[0] != ("this", None) or subjects[1][0] is not None or subjects[1][1] is None:
        return None
    if "このクリーチャーが" not in text or not subjects[1][1].other:
        return None
    # the others: this card's event is the first watch's alone (the reader's 「他の」, printed with no word)
    return text.replace(
        "このクリーチャーが", f"このクリーチャーまたは{phrase(replace(subjects[1][1], other=False))}が", 1
    )


def _anywhere(ability: ReplacementAbility) -> bool:
    """「どこからでも」: this card's event watched in every zone."""
    here = any(c.this_in for c in ability.conditions)  # 「このクリーチャーが…にあれば」 says where it is
    return ability.works_in == "any" and ability.watch.subject == "this" and not ability.spell_own_movement and not here


def _instead(ability: ReplacementAbility) -> str:
    if ability.watch.events == ("lose",) and [a.kind for a in ability.instead] == ["stay"] and not ability.optional:
        return "負けない"  # the loss replaced by nothing
    kept = ability.watch.events == ("untap",) and ability.watch.subject is None  # another card's untapping
    if kept and [a.kind for a in ability.instead] == ["stay"]:
        return "タップされたままになってもよい" if ability.optional else "タップされたままになる"
    return render_actions(ability.instead, ability.optional)


def _without_turns(ability: ReplacementAbility, turns: tuple[str, ...]) -> ReplacementAbility:
    """The ability a grant gives, its event's turns said with the grant (「相手のターン中、…を得る」)."""
    watch = ability.watch
    return replace(ability, watch=replace(watch, conditions=tuple(c for c in watch.conditions if c not in turns)))


def render_group(abilities: list[ReplacementAbility], grant: Grant | None = None) -> str:
    """The sentences of a group: the grant, the replacement sentence, its follow-ups."""
    if not abilities:
        raise ReadError("no ability to render")
    parts = []
    if grant is not None:
        own_spells = grant.granted_to == Filter(whose="own", types=("spell",))
        grantee = (
            "自分が唱える呪文" if own_spells else phrase(grant.granted_to) if grant.granted_to else "このクリーチャー"
        )
        conditions = [c for c in abilities[0].conditions if c in grant.conditions]
        if conditions != list(grant.conditions):
            raise ReadError("a grant's conditions not on the ability it gives")
        during = [DURATION_WORDS_JA[abilities[0].duration]] if abilities[0].duration is not None else []
        if any(t not in abilities[0].watch.conditions for t in grant.turns):
            raise ReadError("a grant's turns not on the event the ability it gives watches")
        during += [_TURNS[t] for t in grant.turns]
        lead = "".join(f"{c}、" for c in during + _condition_phrases(conditions))
        abilities = [_without_turns(a, grant.turns) for a in abilities]
        # the grant's conditions and duration are said with it, not again in the ability it gives
        rest = tuple(c for c in abilities[0].conditions if c not in grant.conditions)
        abilities = [replace(a, conditions=rest, duration=None) for a in abilities]
        every = "すべて" if grant.granted_to is not None else ""  # 「このクリーチャーは「X」を得る」: one card
        if grant.quoted:  # the ability rendered inside the quotes: 「…はすべて「…かわりに…」を得る」
            return f"{lead}{grantee}は{every}「{render_group(abilities)}」を得る"
        parts.append(f"{lead}{grantee}は{every}「{grant.keyword}」を得る")
    parts.append(render_ability_sentence(abilities))
    first = abilities[0]
    uses = any(a.kind == "use_ability" for a in first.instead)
    parts += [render_step(s, lead="" if uses else "その後、" if s.afterwards else "そうした場合、") for s in first.then]
    for action in first.instead:
        if action.slot is not None and action.slot.no_trigger:
            parts.append("その「S・トリガー」は使えない")
    return "。".join(parts)
