"""Abilities as data: replacement abilities, triggered abilities and restrictions.

A replacement ability (置換効果を生成する能力) says what event it watches, what happens
instead, whether it is optional and which affected cards it needs. The same types serve the
bundled card database, cards defined inline in a scenario, replacement effects that a spell or
ability created, and what the card-text compiler reads from a printed text.
docs/scenario-format.md describes the fields as a scenario writes them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .events import Step
from .filters import Condition, Filter
from .vocabulary import KINDS, ZONES

# When a watched event counts: whose turn, whose effect, what kind of effect.
WATCH_CONDITIONS = (
    "opponent_turn",
    "own_turn",
    "by_opponent",
    "by_self",
    "by_spell",
    "by_ability",
    "by_attack",
    "by_this",
    "by_equipped",  # 「これをクロスしたクリーチャーが…ブレイクする時」: the creature this card is crossed to causes it
    "by_creature",
    "source_in_battle",  # 「バトルゾーンにあるクリーチャーの能力によって」: the effect's source is in the battle zone
    "by_effect",
    "by_battle",
    "battle_with_this",  # 「このクリーチャーとのバトルによって」: the battle was with this card (with by_battle)
    "blocking",  # 「ブロックしたバトルで」: the event's card is blocking (with by_battle; its flag 'blocking')
    "blocked",  # 「ブロックされたバトルで」: the event's card's attack was blocked (with by_battle; its flag 'blocked')
    "first_this_turn",
    "last_card",  # 「山札の最後の1枚を引く時」: a draw that takes the last card of the deck
    "turn_start",  # 「自分のターンのはじめにカードを引く時」: what the rules do at a turn's start (`by: rule`)
)
# free: a card put into the battle zone without its cost paid (「コストを支払わずに出る」); deck_run_out: a loss of a
# deck run out, by the draw of its last card (deck_out) or by the state check after any other move (「山札が0枚になって
# ゲームに負ける」)
CAUSES = ("deck_out", "deck_run_out", "no_shields", "opponent_wins", "effect", "attack", "not_attack", "free")


# How long an effect a spell or ability creates lasts.
ABILITY_DURATIONS = ("this_turn", "until_next_turn", "until_opponent_turn_end")


# cast_by_this: the spell an ability of this card cast (「それを唱えた後、墓地のかわりに山札の下に置く」): the
# event's ``cast_by`` is this card.
# chosen: the creatures an earlier sentence of the text chose (「…を1体選ぶ。次の自分のターンのはじめまで、
# そのクリーチャーが…時」), which a scenario's effect in play names (``chosen``)
SUBJECTS = ("this", "equipped", "fortified", "cast_by_this", "chosen")
# Zones a choice of affected cards can take from or put into, besides the zones.
# ex_life_of_this: the shields this card's 「EXライフ」 made (「そのシールドのうち1つ」).
# under_watched, crossed_to_watched: the cards stacked under, the cross gears crossed to, the watched event's card
# (「その進化クリーチャーの下にあるカード」, 「そのクリーチャーにクロスされているクロスギア」).
SLOT_FROM = ZONES + ("under_this", "crossed_to_this", "ex_life_of_this", "under_watched", "crossed_to_watched")
SLOT_TO = ZONES + ("under_this",)


# turn_face_up: the chosen cards stay where they are, turned face up (「裏向きのカードを3枚、表向きにする」).
# break: the chosen shields are broken by this card (「かわりにこのクリーチャーは相手のシールドを1つブレイクする」).
VERBS = ("discard", "destroy", "put", "return", "add_to_hand", "turn_face_up", "break", "tap")


@dataclass(frozen=True)
class Watch:
    """The event a replacement waits for: 「〜する時」."""

    events: tuple[str, ...]
    subject: str | None = None
    filter: Filter | None = None
    from_zone: str | None = None
    to_zone: str | None = None
    from_not: tuple[str, ...] = ()
    to_not: tuple[str, ...] = ()  # 「手札以外のゾーンに」: the event sends the card to none of these zones
    cause: str | None = None
    conditions: tuple[str, ...] = ()
    cast_from: str | None = None
    once: bool = False
    to_position: str | None = None
    chooser: str | None = None  # a watched 'choose' that names both who chooses and what is chosen
    partner: Filter | None = None  # a battle's other creature (「相手のクリーチャーとバトルする時」)
    by_card: Filter | None = None  # the card the event is by: the creature breaking (「自分のドラゴンがシールドを…」)
    # event 'trigger' (「…破壊された時にトリガーする自分のクリーチャーの能力は」): a triggered ability triggering;
    # ``on`` watches the event it triggers on, ``filter`` the card whose ability it is
    on: Watch | None = None


@dataclass(frozen=True)
class Slot:
    """Affected cards the replacement's controller chooses (609.9a)."""

    count: int | None  # None: 「好きな数」 (or, with ``every``, all of them)
    from_zone: str
    to_zone: str
    verb: str
    filter: Filter
    up_to: bool = False  # 「〜枚まで」
    position: str | None = None  # where in the deck the chosen cards go
    tapped: bool = False
    no_trigger: bool = False  # 「その「S・トリガー」は使えない」
    every: bool = False  # 「すべて」: every card the slot may take, one at least (``count`` None)
    # 「相手の手札を見ないで1枚選び、捨てさせる」: chosen without seeing them (at random): every card the slot may
    # take may be the one, so the resolutions are those of any choice, whoever chooses
    blind: bool = False

    def __post_init__(self) -> None:
        # a card of the hand put into the graveyard is discarded (捨てる), whatever the words that put it there
        if (self.verb, self.from_zone, self.to_zone) == ("put", "hand", "graveyard"):
            object.__setattr__(self, "verb", "discard")

    @property
    def count_form(self) -> int | str:
        """The count as a form writes it: a number, ``any`` (「好きな数」) or ``all`` (「すべて」)."""
        return "all" if self.every else "any" if self.count is None else self.count


@dataclass(frozen=True)
class Action:
    """One thing that happens instead: 「かわりに〜」."""

    kind: str  # stay, move, move_under, move_under_chosen, move_top, choose, move_source, flip_source, mill, draw,
    #            win, under_to, destroy_partner, power, choose_instead, use_ability, tap_source, battle_instead, reveal,
    #            turn_face_up, ex_life_to (every shield this card's 「EXライフ」 made goes to ``zone``),
    #            under_leave (every card under this one leaves where the event would send it: G-NEO進化),
    #            untap_source (this card untaps: 「このドラグハートをクリーチャー側に裏返し、アンタップする」),
    #            tap_event (the event's card stays and is tapped: 「破壊するかわりにタップする」),
    #            untap_event (the event's card stays and untaps: 「破壊されるかわりにアンタップする」),
    #            under_watched_to (the cards under the event's card go to ``zone`` instead of going with it; beside
    #            move_top: 「そのクリーチャーの下にあるカードは、墓地に置くかわりに…に置く」),
    #            trigger (the watched triggered ability triggers ``count`` times, 0 or 2: 「かわりにその能力はトリガー
    #            しない」, 「1度のかわりに2度トリガーする」), partner_to (the other creature of the battle whose result
    #            the watched destruction is goes to ``zone``: 「そのバトルをしているクリーチャーを2体とも…に置く」)
    zone: str | None = None
    verb: str | None = None
    slot: Slot | None = None
    count: int | None = None
    whose: str | None = None
    position: str | None = None  # top, bottom, shuffle: where in the deck
    tapped: bool = False
    face_up: bool = False
    face_down: bool = (
        False  # 「裏向きにしてマナゾーンに置く」 (水晶チャージャー): a card of the mana zone put face down
    )
    # 「自分のシールド1つの上に表向きにして置く」 (裁きの紋章): the card goes onto one of its player's shields, the
    # stack counted as one shield
    on_shield: bool = False
    # battle_instead: the creature that battles instead (None: this card); move_under_chosen: the card it goes under
    filter: Filter | None = None
    options: tuple[tuple[Action, ...], ...] = ()  # one_of: the lists of actions its player chooses between


@dataclass(frozen=True)
class ReplacementAbility:
    """A replacement ability of a card, or a replacement effect in play."""

    watch: Watch
    instead: tuple[Action, ...]
    optional: bool
    works_in: str
    spell_own_movement: bool = False
    requires_flag: str | None = None
    text: str | None = None
    note: str | None = None
    then: tuple[Step, ...] = ()  # follow-up steps (「そうした場合」)
    needs_room: bool = False  # cannot apply when the zone it sends a card to is full (B32)
    conditions: tuple[Condition, ...] = ()  # ``if``: state conditions, all of which must hold
    once_per_turn: bool = False
    # this_turn, until_next_turn, until_opponent_turn_end: an effect a spell or ability creates
    duration: str | None = None
    granted_to: Filter | None = None
    keyword: str | None = None

    def slots(self) -> list[Slot]:
        """Every choice of affected cards its text makes, those of each option of a ``one_of`` too."""
        return [slot for action in self.instead for slot in _slots(action)]


def _slots(action: Action) -> list[Slot]:
    if action.kind == "one_of":
        return [slot for option in action.options for a in option for slot in _slots(a)]
    return [action.slot] if action.slot is not None else []


def variants(ability: ReplacementAbility) -> tuple[ReplacementAbility, ...]:
    """The ways the ability can be applied: itself, or, when what it does instead is a choice
    between actions (``one_of``: 「〜か、〜」), one ability an option, each doing the actions
    around the choice and that option's. Its player picks one when applying it; since they watch
    the same event, at most one of them applies to it (609.3)."""
    at = next((i for i, action in enumerate(ability.instead) if action.kind == "one_of"), None)
    if at is None:
        return (ability,)
    before, after = ability.instead[:at], ability.instead[at + 1 :]
    return tuple(
        variant
        for option in ability.instead[at].options
        for variant in variants(replace(ability, instead=before + option + after))
    )


def default_works_in(watch: Watch, own_movement: bool) -> str:
    """Where the source must be for the ability to work (609.2)."""
    if own_movement or watch.subject == "cast_by_this":
        return "any"  # an effect its ability created works wherever the card is (the spell it cast is named)
    if watch.subject == "fortified":
        return "shields"  # a castle works where it is: attached to its shield
    if watch.subject == "this":
        if watch.from_zone in ZONES:
            return watch.from_zone
        if "discard" in watch.events or "leave_hand" in watch.events:
            return "hand"
        for event, zone in (
            ("leave_shields", "shields"),
            ("break", "shields"),
            ("leave_mana", "mana"),
            ("leave_graveyard", "graveyard"),
            ("leave_deck", "deck"),
        ):
            if event in watch.events:
                return zone
    return "battle"


@dataclass(frozen=True)
class TriggeredAbility:
    """A triggered ability (「〜した時」): dmrules reports whether it triggers."""

    watch: Watch
    works_in: str
    requires_flag: str | None = None
    text: str | None = None
    note: str | None = None


# What a restriction may depend on.
RESTRICTION_CONDITIONS = ("by_opponent", "by_self")


@dataclass(frozen=True)
class Restriction:
    """A static ability that forbids an event (「相手のカードは、墓地を離れない」)."""

    forbid: Watch
    works_in: str
    text: str | None = None
    note: str | None = None


# Condition words of the ability's own card (its state; its player's ガチンコ・ジャッジ, a flag the card carries)
CARD_CONDITIONS = (
    "this_tapped",
    "this_untapped",
    "cards_under_this",
    "this_linked",
    "this_attacking",
    "this_blocking",
    "this_evolution",
    "this_neo_evolved",
    "this_face_up",
    "not_fortified_by_other_castle",
    "this_power_positive",
    "won_judge",
)
# Condition words the solver evaluates; the others are read but not yet solved.
SOLVED_CONDITIONS = CARD_CONDITIONS + (
    "summoned_just_before_cast",
    "summoned_before_cast",
    "shields_at_least_opponent",
    "five_civilizations_in_battle",
)


def unsolved(ability: ReplacementAbility) -> list[str]:
    """The parts of an ability that dmrules reads but its solver does not model yet.

    A scenario whose cards use one of them is refused with this list, rather
    than solved as if the part were not there.
    """
    gaps = []
    if ability.once_per_turn and len(variants(ability)) > 1:
        gaps.append("'one_of' (a choice between actions) limited to 「各ターンに1度」")
    for variant in variants(ability):
        for action in variant.instead:
            gaps += _action_gaps(action, variant)
    for condition in ability.conditions:
        if condition.word is not None and condition.word not in SOLVED_CONDITIONS:
            gaps.append(f"the condition '{condition.word}'")
    beside_watched = {"under_watched", "crossed_to_watched"} & {slot.from_zone for slot in ability.slots()}
    players_events = all(e in KINDS and KINDS[e].names == "player" for e in ability.watch.events)
    if beside_watched and (players_events or ability.watch.chooser):
        gaps.append("the cards under, or crossed to, the card of an event that acts on no card")
    entering = {"enter", "put_into_battle", "summon"} & set(ability.watch.events)
    if ability.watch.subject == "this" and entering and ability.works_in == "battle":
        # its ability would work only once the card is where the event puts it: it would never apply
        gaps.append("this card's own entering the battle zone (「このクリーチャーが出る時、かわりに…」)")
    if "battle" in ability.watch.events and ability.watch.from_zone is not None:
        gaps.append("a battle watched from a zone (a battle moves no card: it is from no zone, and would never match)")
    if _card_chosen(ability.watch):
        gaps.append("a card's being chosen (「…が選ばれる時」): a choice is an event of the player who chooses")
    if ability.watch.subject == "chosen":
        gaps.append(
            "the creatures an earlier sentence of the text chose (「そのクリーチャーが…時」) unnamed: an effect in "
            "play names them ('chosen')"
        )
    if any(flt.chosen_race for flt in ability_filters(ability)):
        gaps.append("the race an earlier sentence of the text chose (「その種族の」)")
    for step in ability.then:
        for event in step.events:
            if event.under is not None and event.choose is None:
                gaps.append("a follow-up that puts a card it names (not one it chooses) under a chosen card")
    return list(dict.fromkeys(gaps))


def _card_chosen(watch: Watch) -> bool:
    """A watched choice said of the card chosen and not of who chooses (「このクリーチャーが相手に選ばれる時」): a
    choosing has no card of its own in the model, so the watch would never match."""
    if "choose" not in watch.events or watch.chooser is not None:
        return False
    return watch.subject is not None or (watch.filter is not None and watch.filter != Filter(whose=watch.filter.whose))


def ability_filters(ability: ReplacementAbility) -> list[Filter]:
    """Every filter of the ability: its watch's (and its battle partner's, the card the event is by, and those of the
    event a watched trigger triggers on), its choices', its conditions', its grant's."""
    out = [ability.watch.filter] if ability.watch.filter is not None else []
    out += [f for f in (ability.watch.partner, ability.watch.by_card) if f is not None]
    on = ability.watch.on
    out += [f for f in (on.filter, on.partner, on.by_card) if f is not None] if on is not None else []
    out += [slot.filter for slot in ability.slots()]
    out += [c.filter for c in ability.conditions if c.filter is not None]
    out += [ability.granted_to] if ability.granted_to is not None else []
    for variant in variants(ability):
        out += [a.filter for a in variant.instead if a.filter is not None]
    return out


def _action_gaps(action: Action, ability: ReplacementAbility) -> list[str]:
    gaps = []
    if action.kind == "use_ability" and not ability.then:
        gaps.append(
            "'use_ability' (サイレントスキル) without the events of the ability it uses (give them as "
            "the replacement's 'then')"
        )
    if action.kind == "battle_instead" and action.filter is not None and ability.watch.subject != "this":
        gaps.append("'battle_instead' with a chosen creature, for a battle of another creature than this one")
    if action.kind == "battle_instead" and "battle" not in ability.watch.events:
        gaps.append("'battle_instead' for an event that is not a battle")
    if action.face_up and not action.on_shield and action.zone != "shields":
        gaps.append("'face_up' placement")
    if action.face_down and (action.kind not in ("move", "move_source") or action.zone != "mana"):
        gaps.append("'face_down' placement elsewhere than the mana zone")
    slot = action.slot
    if slot is not None:
        if ((slot.count is None and not slot.every) or slot.up_to) and not ability.optional:
            gaps.append("a choice of any number of cards ('count: any' or 'up_to') by a mandatory replacement")
        if slot.from_zone in ("hand", "deck") and {"face_up", "face_down"} & set(slot.filter.properties):
            gaps.append(f"a face-up or face-down card chosen from the {slot.from_zone} (a card revealed there)")
    return gaps


def bind_chosen(ability: ReplacementAbility, cards: tuple[str, ...]) -> ReplacementAbility:
    """The ability with the creatures an earlier sentence of its text chose named (an effect in play's ``chosen``):
    its watch of 「そのクリーチャー」 (``card: chosen``) becomes a watch of those cards."""
    if ability.watch.subject != "chosen":
        raise ValueError("the ability watches no creature an earlier sentence chose")
    return replace(ability, watch=replace(ability.watch, subject=None, filter=Filter(ids=cards)))
