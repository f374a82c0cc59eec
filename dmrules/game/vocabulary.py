"""The game's vocabulary: zones, event kinds, the classes of events a text watches, and the
words every layer shares.

``KINDS`` is the one table of event kinds: for each, the zones it takes its card from and
sends it to, whether it names a card or a player, whether a replacement can watch it and a
scenario can write it, and its words in Japanese (as card texts say it) and in English (as
the narrative and the ability's description say it). Every other table of kinds is derived
from it here; ``tests/test_vocabulary.py`` checks that each kind is read, encoded and
written.
"""

from __future__ import annotations

from dataclasses import dataclass

ZONES = ("battle", "hand", "mana", "graveyard", "shields", "deck", "hyperspatial", "gr")
# A cast spell waiting to go to the graveyard is in no zone (409.1b).
EVENT_ZONES = ZONES + ("pending",)
ZONE_WORDS = {
    "battle": "battle zone",
    "hand": "hand",
    "mana": "mana zone",
    "graveyard": "graveyard",
    "shields": "shield zone",
    "deck": "deck",
    "hyperspatial": "hyperspatial zone",
    "gr": "super GR zone",
    "pending": "pending",  # a spell being cast is in no zone (409.1b)
}
ZONE_WORDS_JA = {
    "battle": "バトルゾーン",
    "hand": "手札",
    "mana": "マナゾーン",
    "graveyard": "墓地",
    "shields": "シールドゾーン",
    "deck": "山札",
    "hyperspatial": "超次元ゾーン",
    "gr": "超GRゾーン",
}
# How long an effect a spell or ability creates lasts, as the card text says it.
DURATION_WORDS_JA = {
    "this_turn": "このターン",
    "until_next_turn": "次の自分のターンのはじめまで",
    "until_opponent_turn_end": "次の相手のターンの終わりまで",
}

RULESETS = ("dm", "sequential", "dmps")
CIVILIZATIONS = ("light", "water", "darkness", "fire", "nature", "zero")
CARD_TYPES = (
    "creature",
    "spell",
    "tamaseed",
    "cross_gear",
    "castle",
    "g_castle",
    "field",
    "aura",
    "dragheart",
    "weapon",
    "fortress",
    "psychic",
    "gr",
    "evolution",
    "neo",
    "core",
)
# Printed card types and what they mean for the rules.
TYPE_EXPANSION: dict[str, tuple[str, ...]] = {
    "creature": ("creature",),
    "evolution_creature": ("creature", "evolution"),
    "psychic_creature": ("creature", "psychic"),
    "gr_creature": ("creature", "gr"),  # GRクリーチャー: of the super GR zone (超GR), not the deck
    "neo_creature": ("creature", "neo"),  # NEOクリーチャー
    "dragheart_creature": ("creature", "dragheart"),
    "dragheart_weapon": ("dragheart", "weapon"),
    "dragheart_fortress": ("dragheart", "fortress"),
    "spell": ("spell",),
    "castle": ("castle",),
    # G城: executed, it is put face up into the shield zone as a shield of its own (no castle fortifying one)
    "g_castle": ("g_castle",),
    "tamaseed": ("tamaseed",),
    "cross_gear": ("cross_gear",),
    "field": ("field",),
    "aura": ("aura",),
    "core": ("core",),  # 禁断コア: a component card of ドルマゲドンX
}
# What the effect that makes events happen is: a spell, an ability, an attack, a battle, a rule
# (state-based checks), a cost being paid, a summoning.
EFFECT_BY = ("spell", "ability", "attack", "battle", "rule", "cost", "summon")
# The card whose casting or summoning is the effect is pending until it resolves (409.1b, 409.1c).
PENDING_BY = ("spell", "summon")
POSITIONS = ("top", "bottom", "shuffle")
WHOSE = ("own", "opponent", "any")


@dataclass(frozen=True)
class Kind:
    """One kind of event."""

    name: str
    names: str  # what it acts on: "card", "cards" (several at once), "player", "zones"
    ja: str  # as card texts say it
    happens: str  # the narrative: "{c} is destroyed" ({c}: the cards, {p}: the player)
    watched: str  # what a watched event is: "be destroyed"
    from_zones: tuple[str, ...] = ()  # where its card must be (empty: any zone, or no card)
    to_zone: str | None = None  # where it sends its card (None: the event says, or nothing moves)
    choice_from: str | None = None  # where a choice of its card takes from, unless it says
    watchable: bool = True  # a replacement ability can watch it (``watch: {event: KIND}``)
    written: bool = True  # a scenario's effect can write it (else: only the engine or the encodings make it)
    deck_top: bool = False  # can take the top N cards of a deck (``count: N``), one event each
    every: bool = False  # can take every card that passes a filter (「〜をすべて」)


_KINDS = (
    Kind(
        "destroy",
        "card",
        "破壊される",
        "{c} is destroyed",
        "be destroyed",
        ("battle",),
        "graveyard",
        "battle",
        every=True,
    ),
    Kind(
        "return_to_hand",
        "card",
        "手札に戻される",
        "{c} returns to the hand",
        "return to the hand",
        (),
        "hand",
        "battle",
        every=True,
    ),
    Kind(
        "discard", "card", "捨てられる", "{c} is discarded", "be discarded", ("hand",), "graveyard", "hand", every=True
    ),
    Kind(
        "put_into_mana",
        "card",
        "マナゾーンに置かれる",
        "{c} is put into the mana zone",
        "be put into the mana zone",
        (),
        "mana",
        "battle",
        deck_top=True,
        every=True,
    ),
    Kind(
        "put_into_shields",
        "card",
        "シールドゾーンに置かれる",
        "{c} is put into the shield zone",
        "be put into the shield zone",
        (),
        "shields",
        "battle",
        deck_top=True,
        every=True,
    ),
    Kind(
        "mill",
        "card",
        "山札から墓地に置かれる",
        "{c} is put from the deck into the graveyard",
        "be milled",
        ("deck",),
        "graveyard",
        deck_top=True,
    ),
    Kind("break", "cards", "ブレイクされる", "{c} is broken", "be broken", ("shields",), "hand", "shields"),
    Kind("move", "card", "置かれる", "{c} is moved", "move", (), None, "battle", every=True),
    Kind("draw", "player", "カードを引く", "{p} draws {c}", "draw", (), "hand", deck_top=True),
    Kind("lose", "player", "ゲームに負ける", "{p} loses the game", "lose the game"),
    Kind(
        "spell_to_graveyard",
        "card",
        "唱えた後、墓地に置かれる",
        "{c} goes to the graveyard after it was cast",
        "go to the graveyard after being cast",
        (),
        "graveyard",
    ),
    Kind(
        "put_into_battle",
        "card",
        "バトルゾーンに出る",
        "{c} is put into the battle zone",
        "be put into the battle zone (not summoned)",
        ("hand", "mana", "graveyard", "shields", "deck", "hyperspatial", "gr"),
        "battle",
        "hand",
    ),
    Kind("battle", "cards", "バトルする", "{c} battle", "battle"),
    Kind("pay_cost", "player", "コストを支払う", "{p} pays the cost of {c}", "pay a cost"),
    Kind(
        "reveal",
        "player",
        "山札の上から表向きにする",
        "{p} reveals cards from the top of the deck",
        "reveal cards from the top of the deck",
        deck_top=True,
    ),
    Kind(
        "power_change",
        "card",
        "パワーが変わる",
        "{c}'s power changes",
        "change power",
        ("battle",),
        choice_from="battle",
    ),
    Kind("untap", "card", "アンタップする", "{c} untaps", "untap at the start of its turn", ("battle",)),
    Kind(
        "extra_turn",
        "player",
        "このターンの後にもう一度自分のターンを行う",
        "{p} takes another turn after this one",
        "take another turn",
        watchable=False,
    ),
    Kind("swap", "cards", "入れ替える", "{c} swap places", "swap", watchable=False),
    Kind("swap_zones", "zones", "入れ替える", "{p}'s zones swap", "swap zones", watchable=False),
    # Made by the engine or the encodings, never written by a scenario:
    Kind(
        "reveal_card",
        "card",
        "表向きにされる",
        "{c} is revealed from the top of the deck",
        "be revealed",
        ("deck",),
        watchable=False,
        written=False,
    ),
    Kind("flip", "card", "裏返る", "{c} flips", "flip", written=False),
    # A card turned face up where it is, what happens instead (エターナル・Κ); it stays in its zone.
    Kind(
        "turn_face_up",
        "card",
        "表向きになる",
        "{c} is turned face up",
        "be turned face up",
        watchable=False,
        written=False,
    ),
    # A creature made of several cards (ドルマゲドンX and its 禁断コア, a ドラグハート・スーパー・
    # クリーチャー's cells) whose component cards an effect moves: one event for the whole, offered
    # to replacement; it moves nothing itself (its components' own events do, unless it is replaced).
    Kind(
        "move_whole",
        "card",
        "構成カードが移動する",
        "{c} would move as a whole (its component cards)",
        "move as a whole",
        ("battle",),
        watchable=False,
        written=False,
    ),
    # Duel Masters Play's: a card over its zone's limit goes to the graveyard by a state-based
    # check; that is not the original action, and nothing 「墓地に置かれた時」 triggers on it.
    Kind(
        "overflow",
        "card",
        "ゾーン溢れにより墓地に置かれる",
        "{c} overflows into the graveyard",
        "overflow into the graveyard",
        (),
        "graveyard",
        watchable=False,
        written=False,
    ),
    Kind("choose", "player", "選ぶ", "{p} chooses", "choose cards", written=False),
)
KINDS: dict[str, Kind] = {kind.name: kind for kind in _KINDS}

# -- derived from KINDS --------------------------------------------------------------------
# The kinds a scenario's effect (or a card's follow-up) can write.
WRITTEN_KINDS = tuple(k.name for k in _KINDS if k.written)
# The kinds that act on a player (draw, lose, pay_cost, reveal).
PLAYER_KINDS = tuple(k.name for k in _KINDS if k.written and k.names == "player")
# Where each kind of event takes its card from, and where it sends it.
EVENT_FROM = {k.name: k.from_zones for k in _KINDS if k.written and k.from_zones}
EVENT_TO = {k.name: k.to_zone for k in _KINDS if k.written and k.to_zone}
CHOICE_FROM = {k.name: k.choice_from for k in _KINDS if k.choice_from}
# Kinds that take the top N cards of a player's deck (``{mill: P, count: N}``), one event each,
# and of those the kinds that move the cards (a draw moves them too, but is the player's).
DECK_TOP_KINDS = tuple(k.name for k in _KINDS if k.deck_top)
DECK_TOP_MOVES = tuple(k.name for k in _KINDS if k.deck_top and k.names == "card")
# 「〜をすべて」: every card of a zone that passes a filter, one event each.
EVERY_KINDS = tuple(k.name for k in _KINDS if k.every)


@dataclass(frozen=True)
class WatchClass:
    """A class of events a text watches whatever their kind: the words texts use for zone
    changes (「離れる時」 is any event that takes the card out of the battle zone;
    asp/common/match.lp says which events are in each)."""

    name: str
    ja: str
    watched: str
    restrictable: bool = True  # a restriction (「離れない」) can forbid it


_CLASSES = (
    WatchClass("leave", "バトルゾーンを離れる", "leave the battle zone"),
    WatchClass("put_into_graveyard", "墓地に置かれる", "be put into the graveyard"),
    WatchClass("put_into_hand", "手札に加えられる", "be put into the hand"),
    WatchClass("put_into_deck", "山札に加えられる", "be put into the deck"),
    WatchClass("enter", "バトルゾーンに出る", "enter the battle zone", restrictable=False),
    WatchClass("leave_shields", "シールドゾーンを離れる", "leave the shield zone"),
    WatchClass("leave_mana", "マナゾーンを離れる", "leave the mana zone"),
    WatchClass("leave_graveyard", "墓地を離れる", "leave the graveyard"),
    WatchClass("leave_hand", "手札を離れる", "leave the hand"),
    WatchClass("leave_deck", "山札を離れる", "leave the deck", restrictable=False),
    WatchClass("summon", "召喚される", "be summoned", restrictable=False),
    # a triggered ability triggering (the watch's ``on`` says on which event): no event of a card's own
    WatchClass("trigger", "トリガーする", "trigger", restrictable=False),
)
WATCH_CLASSES: dict[str, WatchClass] = {c.name: c for c in _CLASSES}

# What a replacement ability can watch: the watchable kinds, and the classes.
WATCH_EVENTS = tuple(k.name for k in _KINDS if k.watchable) + tuple(WATCH_CLASSES)
# The events a restriction (「離れない」, 「破壊されない」) can forbid: the classes of a card's
# move (asp/common/restrictions.lp reads the same words).
RESTRICTION_EVENTS = tuple(
    sorted(("destroy", "discard", "put_into_mana", "return_to_hand", *(c.name for c in _CLASSES if c.restrictable)))
)
# The narrative of an event (presenting/render.py) and the description of a watched event
# (presenting/ability_words.py), both from the tables above.
HAPPENS_WORDS = {k.name: k.happens for k in _KINDS}
WATCHED_WORDS = {**{k.name: k.watched for k in _KINDS if k.watchable}, **{c.name: c.watched for c in _CLASSES}}
WATCHED_WORDS_JA = {**{k.name: k.ja for k in _KINDS}, **{c.name: c.ja for c in _CLASSES}}
