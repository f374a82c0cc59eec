"""Filters (which cards or players a text refers to: 「自分の他のアビス・クリーチャー」) and state
conditions of abilities (``if``: 「自分のマナゾーンに7枚以上あれば」)."""

from __future__ import annotations

from dataclasses import dataclass, replace

# Card properties a filter may require (docs/card-text.md).
PROPERTIES = ("face_up", "face_down", "tapped", "untapped", "multicolor", "colorless")
# The properties a filter may exclude (「多色ではない」, 「無色ではない」).
NOT_PROPERTIES = ("multicolor", "colorless")


# Where the ability's own card may be for a ``this_in`` condition (「このクリーチャーがバトルゾーンまたは表向きで自分の
# シールドゾーンにあれば」): a zone of its owner's, or face_up_shields (face up in the shield zone).
THIS_PLACES = ("battle", "hand", "mana", "graveyard", "shields", "deck", "face_up_shields")


# How a count condition's cards compare with the same count of the other player's (``than_other``):
# 「自分のマナゾーンのカードが相手のより多ければ」 more, 「…相手以上であれば」 at_least, 「…相手より少なければ」
# fewer, 「…相手以下であれば」 at_most.
COMPARISONS = ("more", "at_least", "fewer", "at_most")
# What a condition can ask happened this turn before the effect (「このターン、…が破壊されていれば」): the event
# kinds of a scenario's ``happened_this_turn`` it counts (conditions.py says which past events each takes)
HAPPENED = ("destroy", "enter", "summon", "put_into_graveyard", "put_into_mana", "return_to_hand", "leave")


# State conditions of an ability (``if``) that are a word.
CONDITION_WORDS = (
    "this_face_up",
    "cards_under_this",
    "this_tapped",
    "this_untapped",
    "this_linked",
    "this_attacking",
    "this_blocking",
    "this_evolution",
    "this_neo_evolved",
    "this_power_positive",
    "not_fortified_by_other_castle",
    "shields_at_least_opponent",
    "five_civilizations_in_battle",
    "summoned_just_before_cast",
    "summoned_before_cast",
    "won_judge",
)


@dataclass(frozen=True)
class Filter:
    """Which cards (or players) a text refers to: 「自分の他のアビス・クリーチャー」."""

    whose: str = "any"
    types: tuple[str, ...] = ()
    races: tuple[str, ...] = ()
    civilizations: tuple[str, ...] = ()
    cost_max: int | None = None
    cost_min: int | None = None
    cost_not: int | None = None
    other: bool = False
    names: tuple[str, ...] = ()
    evolution: bool = False
    flags: tuple[str, ...] = ()
    cost_exceeds_mana: bool = False
    ids: tuple[str, ...] = ()
    without_flags: tuple[str, ...] = ()
    name_parts: tuple[str, ...] = ()  # 「名前に《X》とある」
    power_min: int | None = None
    power_max: int | None = None
    not_types: tuple[str, ...] = ()  # 「クリーチャーではない」
    not_races: tuple[str, ...] = ()  # 「ドラゴンではない」: none of its races contains any of these words
    keywords: tuple[str, ...] = ()  # 「「ブロッカー」を持つ」
    properties: tuple[str, ...] = ()  # face_up, face_down, tapped, untapped, multicolor, colorless
    not_properties: tuple[str, ...] = ()  # 「多色ではない」「無色ではない」: multicolor, colorless the card is not
    component_of_this: bool = False  # 「このクリーチャーの禁断コア」: a component card of the text's own card
    chosen_race: bool = False  # 「その種族の」: of the race an earlier sentence of the text chose
    # 「進化クリーチャーまたはタマシード」: heads of different fields, any of which the card is; the card passes the
    # filter's other parts and at least one of these (``alternatives``)
    any_of: tuple[Filter, ...] = ()


# The parts of a filter that read one face of a card (asp/common/faces.lp): with ``any_of``, one face must pass them
# together with one alternative's.
FACE_FIELDS: tuple[str, ...] = ("types", "races", "civilizations", "cost_max", "cost_min", "cost_not", "names")
FACE_FIELDS += ("name_parts", "power_min", "power_max")


def alternatives(flt: Filter) -> tuple[Filter, tuple[Filter, ...]]:
    """A filter with ``any_of`` as (the parts every card must pass, the alternatives one of which it must pass), the
    parts that read one face put into each alternative, so that one face passes them together; ``(flt, ())`` for a
    filter without ``any_of``."""
    if not flt.any_of:
        return flt, ()
    face = {name: getattr(flt, name) for name in FACE_FIELDS if getattr(flt, name) not in ((), None)}
    common = replace(flt, any_of=(), **{name: getattr(Filter(), name) for name in face})
    return common, tuple(replace(alt, **face) for alt in flt.any_of)


def names_cards(flt: Filter) -> bool:
    """Whether the filter names cards (「コスト5以下のカード」), no card type, race or evolution card: an effect that
    names cards reads the characteristics of the cards stacked under another card, which are otherwise ignored
    (200.3a; asp/common/filters.lp)."""
    return not any(g.types or g.races or g.evolution for g in each_filter(flt))


def each_filter(flt: Filter) -> tuple[Filter, ...]:
    """The filter and its alternatives (whatever words any of them reads)."""
    return (flt,) + tuple(g for alt in flt.any_of for g in each_filter(alt))


@dataclass(frozen=True)
class Condition:
    """A state condition of an ability (``if``): a word, or a count of cards in a zone."""

    word: str | None = None
    zone: str | None = None
    filter: Filter | None = None
    at_least: int = 1
    at_most: int | None = None  # 「自分と相手のシールドの数が合計6つ以下なら」: at most N (and at_least 0)
    # The N cards an earlier sentence of the text names (revealed, drawn) instead of a zone's:
    # 「それが光のカードであれば」 (1), 「3枚ともドラゴンでない場合」 (3, at_most 0).
    earlier: int | None = None
    # 「このクリーチャーがバトルゾーンまたは表向きで自分のシールドゾーンにあれば」: the ability's own card is in one
    # of these places (THIS_PLACES)
    this_in: tuple[str, ...] = ()
    # The count of the zone's cards of one player (the filter's ``whose``) compared with the same count of the
    # other player's (COMPARISONS); ``at_least``/``at_most`` are then unused
    than_other: str | None = None
    # 「このターン、相手のクリーチャーが2体以上出ていれば」: the count is of the cards an event of this kind (HAPPENED)
    # happened to this turn before the effect, as the scenario states them (``happened_this_turn``), not of a zone
    happened: str | None = None
