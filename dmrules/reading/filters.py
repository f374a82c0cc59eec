"""Reading filters (which cards a text refers to) and state conditions (``if``)."""

from __future__ import annotations

from ..game.filters import (
    COMPARISONS,
    CONDITION_WORDS,
    HAPPENED,
    NOT_PROPERTIES,
    PROPERTIES,
    THIS_PLACES,
    Condition,
    Filter,
)
from ..game.vocabulary import CARD_TYPES, CIVILIZATIONS, WHOSE, ZONES
from .reader import Node

# A list in race, civilization, type or name means any of them (「AまたはB」).
FILTER_FIELDS = (
    "whose",
    "type",
    "race",
    "civilization",
    "cost_max",
    "cost_min",
    "cost_not",
    "other",
    "name",
    "evolution",
    "flag",
    "without_flag",
    "cost_exceeds_mana",
    "id",
    "name_contains",
    "power_min",
    "power_max",
    "not_type",
    "not_race",
    "keyword",
    "component_of_this",
    "chosen_race",
    "any_of",
    "not_property",
) + PROPERTIES

# The fields that say what a card is (its heads): each alternative of ``any_of`` gives one at least.
ALTERNATIVE_HEADS = ("type", "race", "name", "evolution", "keyword")
# The fields an alternative of ``any_of`` may give: its heads, and modifiers of its own (「自分のクリーチャー、または
# コスト3以下のタマシード」), read with the filter's other parts (its player is the filter's).
ALTERNATIVE_FIELDS = tuple(f for f in FILTER_FIELDS if f not in ("whose", "any_of", "id"))


# A filter's flags state what a card is; none states what it is not ('multicolor: false' is no
# 「多色以外」, 'evolution: false' no 「進化ではない」): a flag written false would be dropped, and the
# filter would take cards the text does not, so it is refused.
FILTER_FLAGS = ("other", "evolution", "cost_exceeds_mana", "component_of_this", "chosen_race") + PROPERTIES


def _refuse_false_flags(node: Node) -> None:
    for word in FILTER_FLAGS:
        if node.has(word) and not node.child(word).boolean():
            raise node.child(word).error(
                f"'{word}: false' is not a filter: a filter states what a card is, never what it is not "
                f"(leave '{word}' out to take any card; a text that excludes such cards cannot be stated yet)"
            )


def parse_filter(node: Node, extra: tuple[str, ...] = (), default_whose: str = "any") -> Filter:
    node.keys(FILTER_FIELDS + extra)
    _refuse_false_flags(node)
    types = tuple(node.opt_texts("type", CARD_TYPES))
    return Filter(
        whose=node.opt_text("whose", default_whose, WHOSE),
        types=types,
        races=tuple(node.opt_texts("race")),
        civilizations=tuple(node.opt_texts("civilization", CIVILIZATIONS)),
        cost_max=node.opt_int("cost_max", None, 0, 99),
        cost_min=node.opt_int("cost_min", None, 0, 99),
        cost_not=node.opt_int("cost_not", None, 0, 99),
        other=node.opt_bool("other"),
        names=tuple(node.opt_texts("name")),
        evolution=node.opt_bool("evolution"),
        flags=tuple(node.opt_texts("flag")),
        cost_exceeds_mana=node.opt_bool("cost_exceeds_mana"),
        ids=tuple(node.opt_texts("id")),
        without_flags=tuple(node.opt_texts("without_flag")),
        name_parts=tuple(node.opt_texts("name_contains")),
        power_min=node.opt_int("power_min", None, 0, 1_000_000),
        power_max=node.opt_int("power_max", None, 0, 1_000_000),
        not_types=tuple(node.opt_texts("not_type", CARD_TYPES)),
        not_races=tuple(node.opt_texts("not_race")),
        keywords=tuple(node.opt_texts("keyword")),
        properties=tuple(word for word in PROPERTIES if node.opt_bool(word)),
        not_properties=tuple(node.opt_texts("not_property", NOT_PROPERTIES)),
        component_of_this=node.opt_bool("component_of_this"),
        chosen_race=node.opt_bool("chosen_race"),
        any_of=_alternatives(node),
    )


def _alternatives(node: Node) -> tuple[Filter, ...]:
    """``any_of: [{evolution: true}, {type: tamaseed}]`` (「進化クリーチャーまたはタマシード」): what the card is, one
    of these; the filter's other parts hold for each, so neither gives what the other says."""
    if not node.has("any_of"):
        return ()
    items = node.child("any_of").listed()
    if len(items) < 2:
        raise node.child("any_of").error("'any_of' lists two alternatives or more")
    for key in ALTERNATIVE_HEADS[:3]:
        if node.has(key):
            raise node.error(f"'{key}' beside 'any_of': give it in the alternatives")
    return tuple(parse_filter_alternative(item) for item in items)


def parse_filter_alternative(node: Node) -> Filter:
    node.keys(ALTERNATIVE_FIELDS)
    _refuse_false_flags(node)
    flt = parse_filter(node)
    if not any(node.has(key) for key in ALTERNATIVE_HEADS):
        raise node.error("an alternative of 'any_of' says what the card is (its type, race, name, evolution, keyword)")
    return flt


def _compared_condition(node: Node, extra: tuple[str, ...]) -> Condition:
    """``{zone: Z, whose: own, than_other: more}``: one player's cards of the zone compared with the other's
    (「自分のマナゾーンのカードが相手のより多ければ」)."""
    for key in ("earlier", "at_least", "at_most"):
        if node.has(key):
            raise node.error(f"'than_other' compares two counts: no '{key}' with it", key)
    flt = parse_filter(node, extra=extra)
    if flt.whose not in ("own", "opponent"):
        raise node.error("'than_other' compares one player's cards with the other's: give 'whose: own' or 'opponent'")
    return Condition(
        zone=node.child("zone").text(ZONES),
        filter=flt,
        at_least=0,
        than_other=node.child("than_other").text(COMPARISONS),
    )


def parse_condition(node: Node) -> Condition:
    """One state condition of ``if``: a word, or ``{zone: Z, at_least: N, at_most: M, ...filter}`` (with
    ``at_most``, ``at_least`` is 0 unless given), or the same count of the N cards an earlier sentence
    names, ``{earlier: N, ...}`` in place of the zone; or where the ability's own card is, ``{this_in: [PLACE,
    ...]}``."""
    if isinstance(node.value, str):
        return Condition(word=node.text(CONDITION_WORDS))
    if node.has("cards_under_this"):  # 「このクリーチャーの下にカードが3枚以上あれば」: at least N cards under it
        node.keys(("cards_under_this",))
        return Condition(word="cards_under_this", at_least=node.child("cards_under_this").integer(1, 99))
    if node.has("this_in"):
        node.keys(("this_in",))
        places = tuple(node.child("this_in").texts(THIS_PLACES))
        if not places or len(set(places)) != len(places):
            raise node.error("'this_in' names one place or more, each once", "this_in")
        return Condition(this_in=places)
    extra = ("zone", "earlier", "happened", "at_least", "at_most", "than_other")
    node.keys(FILTER_FIELDS + extra)
    if sum(node.has(key) for key in ("zone", "earlier", "happened")) != 1:
        raise node.error(
            "a count condition names the 'zone' whose cards it counts, the 'earlier' cards or the cards an event "
            "'happened' to this turn: one of them"
        )
    if node.has("than_other"):
        return _compared_condition(node, extra)
    earlier = node.opt_int("earlier", None, 1, 99)
    at_most = node.opt_int("at_most")
    at_least = node.opt_int("at_least", 1, 1) if at_most is None else node.opt_int("at_least", 0, 0, at_most)
    return Condition(
        zone=node.child("zone").text(ZONES) if node.has("zone") else None,
        filter=parse_filter(node, extra=extra),
        at_least=at_least,
        at_most=at_most,
        earlier=earlier,
        happened=node.child("happened").text(HAPPENED) if node.has("happened") else None,
    )
