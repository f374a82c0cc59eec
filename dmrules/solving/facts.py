"""The situation as ASP facts, built as clingo symbols (never as program text).

Every identifier that comes from a scenario (card ids, names, races, event
ids) becomes a ``clingo.String``, so a card named ``x"). forbidden. in_hand("y``
is just a string. Player names become ``pl("me")``: a card whose id is a
player's name is still another thing than that player (a filter that reads
"the player a card or player stands for" must not confuse them). The
predicates are documented in asp/common/input.lp.
"""

from __future__ import annotations

from collections.abc import Iterator

from clingo import Function, Number, String, Symbol, SymbolType

from ..game.abilities import ReplacementAbility, TriggeredAbility, Watch, ability_filters, variants
from ..game.cards import CardInstance, faces, properties
from ..game.conditions import ability_holds
from ..game.events import Event, Template
from ..game.filters import Filter, alternatives, each_filter
from ..game.limits import zone_limits
from ..game.scenario import Scenario


def S(value: str) -> Symbol:
    return String(value)


def P(name: str) -> Symbol:
    """A player: a typed term, so that no card id can be mistaken for it."""
    return Function("pl", [String(name)])


def name_of(sym: Symbol) -> str:
    """The id or name a symbol stands for: a card or event id (a string), or a player (``pl("me")``)."""
    if sym.type == SymbolType.String:
        return sym.string
    if sym.type == SymbolType.Function and sym.name == "pl" and len(sym.arguments) == 1:
        return sym.arguments[0].string
    return str(sym)


def C(word: str) -> Symbol:
    return Function(word)


def fact(name: str, *args: Symbol) -> Symbol:
    return Function(name, list(args))


def trigger_symbol(card_id: str, index: int) -> Symbol:
    return Function("trg", [S(card_id), Number(index)])


def replacement_symbol(owner: str, index: int, effect: bool = False, option: int | None = None) -> Symbol:
    """``rep("J1",1)`` for a card's first ability, ``eff("chishin")`` for an effect in play; with
    ``option``, the ability applied with that option of its ``one_of`` (``rep("J1",1,2)``)."""
    extra = [] if option is None else [Number(option)]
    return Function("eff", [S(owner), *extra]) if effect else Function("rep", [S(owner), Number(index), *extra])


def replacement_variants(
    owner: str, index: int, ability: ReplacementAbility, effect: bool = False
) -> list[tuple[Symbol, ReplacementAbility]]:
    """The replacements the solver sees for one ability: the ability, or one a ``one_of`` option."""
    options = variants(ability)
    if len(options) == 1:
        return [(replacement_symbol(owner, index, effect), ability)]
    return [(replacement_symbol(owner, index, effect, k), v) for k, v in enumerate(options, start=1)]


def _all_filters(scenario: Scenario) -> Iterator[Filter]:
    for ability, _ in _abilities(scenario):
        yield from ability_filters(ability)
    for card in scenario.cards.values():
        for trigger in card.triggers:  # its watch's card, battle partner and the card the event is by
            yield from (
                f for f in (trigger.watch.filter, trigger.watch.partner, trigger.watch.by_card) if f is not None
            )
        for restriction in card.restrictions:
            if restriction.forbid.filter is not None:
                yield restriction.forbid.filter
    for template in scenario.templates:
        yield template.filter
        if template.under is not None:
            yield template.under


def every_filter(scenario: Scenario) -> Iterator[Filter]:
    """Every filter the scenario's abilities, triggers, restrictions and choices read, with their alternatives."""
    for flt in _all_filters(scenario):
        yield from each_filter(flt)


def race_words(scenario: Scenario) -> set[str]:
    """Race words used by any filter in the scenario."""
    return {word for flt in every_filter(scenario) for word in flt.races + flt.not_races}


def keyword_words(scenario: Scenario) -> set[str]:
    """Keywords (「「ブロッカー」を持つ」) read by any filter in the scenario."""
    return {word for flt in every_filter(scenario) for word in flt.keywords}


def name_parts(scenario: Scenario) -> set[str]:
    """Name parts (「名前に《X》とある」) used by any filter in the scenario."""
    return {part for flt in every_filter(scenario) for part in flt.name_parts}


def _abilities(scenario: Scenario) -> Iterator[tuple[ReplacementAbility, Symbol]]:
    for card in scenario.cards.values():
        for index, ability in enumerate(card.replacements, start=1):
            for r, variant in replacement_variants(card.id, index, ability):
                yield variant, r
    for effect in scenario.effects:
        for r, variant in replacement_variants(effect.id, 0, effect.ability, effect=True):
            yield variant, r


# An event's optional fields: (predicate, attribute, term); an empty field gives no fact.
_EVENT_FIELDS = (
    ("event_player", "player", P),
    ("event_from", "from_zone", C),
    ("event_to", "to_zone", C),
    ("event_source", "source", S),
    ("event_cause", "cause", C),
    ("event_cast_from", "cast_from", C),
    ("event_cast_by", "cast_by", S),
    ("event_amount", "amount", Number),
    ("event_group", "group", S),
    ("event_swap", "swap", S),
    ("event_whole", "whole", S),
    ("event_position", "position", C),
    ("event_partner", "partner", S),
)
# An event's yes/no fields: (predicate, attribute).
_EVENT_FLAGS = (
    ("event_unreplaceable", "unreplaceable"),
    ("event_self_replaced", "self_replaced"),
    ("last_draw", "last_draw"),
    ("group_event", "is_group"),
    ("whole_event", "is_whole"),
    ("event_ignores_cannot_leave", "ignores_cannot_leave"),
)


# A card's flag, set by the scenario: its 「各ターンに1度」 abilities were used this turn, every one of them. One that
# applies in a window of the effect is used for the later windows by itself (``CardInstance.spent``).
USED_THIS_TURN = "used_this_turn"


def situation_facts(scenario: Scenario) -> list[Symbol]:
    """All facts describing the scenario."""
    out = _player_facts(scenario)
    words = (race_words(scenario), name_parts(scenario), keyword_words(scenario))
    for card in scenario.cards.values():
        out.extend(card_facts(card, *words))
    for event in scenario.events:
        out.extend(_event_facts(event))
    for template in scenario.templates:
        out.extend(template_facts(template))
    for card in scenario.cards.values():
        for index, trigger in enumerate(card.triggers, start=1):
            out.extend(trigger_facts(trigger_symbol(card.id, index), trigger, card.id, card.controller))
    for card in scenario.cards.values():
        for index, restriction in enumerate(card.restrictions, start=1):
            x = Function("res", [S(card.id), Number(index)])
            out += [
                fact("restriction", x),
                fact("res_source", x, S(card.id)),
                fact("res_controller", x, P(card.controller)),
                fact("res_active_zone", x, C(restriction.works_in)),
            ]
            out.extend(watch_facts(x, restriction.forbid))
    out.extend(replacement_facts(scenario))
    return out


def _player_facts(scenario: Scenario) -> list[Symbol]:
    """The players, what each cannot do and did this turn, their zones' limits, the battle
    zone's order, whose turn it is, and the card being cast or summoned."""
    out: list[Symbol] = []
    add = out.append
    for player in scenario.players:
        add(fact("player", P(player)))
        for action in sorted(scenario.player_cannot.get(player, ())):
            add(fact("player_cannot", P(player), C(action)))
        for word in sorted(scenario.this_turn.get(player, ())):
            add(fact("this_turn", P(player), C(word)))
        for zone, size in sorted(zone_limits(scenario, player).items()) if scenario.ruleset == "dmps" else ():
            add(fact("limit", P(player), C(zone), Number(size)))
        # The battle zone's cards in the order the scenario lists them (left to right).
        battle = [card for card in scenario.cards.values() if card.zone == "battle" and card.controller == player]
        for position, card in enumerate(battle, start=1):
            add(fact("board_pos", S(card.id), Number(position)))
    add(fact("turn_player", P(scenario.turn_player)))
    if scenario.results:
        add(fact("results_window"))
    if scenario.program.pending:
        add(fact("pending", S(scenario.program.pending)))
    return out


def _event_facts(event: Event) -> list[Symbol]:
    """One of the window's events."""
    e = S(event.id)
    out = [
        fact("event", e),
        fact("event_kind", e, C(event.kind)),
        fact("event_order", e, Number(event.order)),
    ]
    add = out.append
    for card_id in event.cards:
        add(fact("event_card", e, S(card_id)))
    add(fact("event_controller", e, P(event.controller)))
    add(fact("event_by", e, C(event.by)))
    for predicate, attribute, term in _EVENT_FIELDS:
        value = getattr(event, attribute)
        if value is not None and value != "":
            add(fact(predicate, e, term(value)))
    for predicate, attribute in _EVENT_FLAGS:
        if getattr(event, attribute):
            add(fact(predicate, e))
    return out


def card_facts(card: CardInstance, words: set[str], parts: set[str], keywords: set[str]) -> list[Symbol]:
    """A card of the situation: what it is where it is (``characteristic_facts``), where, whose,
    and the keywords that the scenario's filters read and it has."""
    out: list[Symbol] = []
    add = out.append
    c = S(card.id)
    add(fact("card", c))
    add(fact("owner", c, P(card.owner)))
    add(fact("controller", c, P(card.controller)))
    add(fact("zone", c, C(card.zone)))
    if card.deck_pos is not None:
        add(fact("deck_pos", c, Number(card.deck_pos)))
    out.extend(characteristic_facts(card, words, parts))
    if card.definition is not None and card.definition.hyperspatial:
        add(fact("hyperspatial_card", c))
    if card.definition is not None and card.definition.gr:
        add(fact("gr_card", c))
    for keyword in sorted(keywords):
        if card.has_keyword(keyword):
            add(fact("has_keyword", c, S(keyword)))
    if card.tapped:
        add(fact("tapped", c))
    for prop in sorted(properties(card)):  # 「タップされている」, 「表向き」, 「多色」, 「無色」, ...
        add(fact("card_property", c, C(prop)))
    if card.under:
        add(fact("under", c, S(card.under)))
        if card.placed:
            add(fact("placed_under", c))
    if card.equipped_to:
        add(fact("equipped", c, S(card.equipped_to)))
    if card.fortifies:
        add(fact("fortifies", c, S(card.fortifies)))
    if card.component_of:
        add(fact("component", c, S(card.component_of)))
    if card.ex_life_of:
        add(fact("ex_life", c, S(card.ex_life_of)))
    for marker in sorted(card.markers):
        add(fact("marker", c, C(marker)))
    for flag in sorted(card.flags):
        add(fact("flag", c, S(flag)))
    return out


def replacement_facts(scenario: Scenario) -> list[Symbol]:
    """The replacement abilities of the cards and the effects in play, one replacement an option of a
    ``one_of`` (``rep_option``), those whose conditions do not hold left out."""
    out: list[Symbol] = []
    for card in scenario.cards.values():
        keys = card.ability_keys()
        for index, ability in enumerate(card.replacements, start=1):
            if ability.duration is not None:
                continue  # an effect its spell or ability creates: in play once created, as the scenario's effect
            if ability.granted_to is None and ability_holds(ability, scenario, card):  # a grant is its receivers'
                for r, variant in replacement_variants(card.id, index, ability):
                    out.extend(ability_facts(r, variant, card.id, card.controller))
                    if ability.requires_flag and card.definition is not None and card.definition.partial:
                        # a form written by hand for the flag's case alone: the other case is not stated
                        out.append(fact("rep_partial_flag", r))
                    if variant is not ability:
                        out.append(fact("rep_option", r, replacement_symbol(card.id, index)))
                    # the scenario's flag: every such ability of the card; or this one, used in an earlier window
                    if ability.once_per_turn and (USED_THIS_TURN in card.flags or keys[index - 1] in card.spent):
                        out.append(fact("rep_spent", r))
    for effect in scenario.effects:
        if effect.ability.granted_to is not None:
            continue  # a grant is its receivers' (game/grants.py)
        # Its conditions read 「自分」 as the effect's controller, not as its card's: the card may be the other
        # player's (their spell, cast by the effect's controller).
        if (
            effect.ability.conditions
            and effect.source is not None  # an effect with conditions has its source (reading/scenario.py)
            and not ability_holds(effect.ability, scenario, scenario.cards[effect.source], effect.controller)
        ):
            continue
        for r, variant in replacement_variants(effect.id, 0, effect.ability, effect=True):
            out.extend(ability_facts(r, variant, effect.source, effect.controller))
            if variant is not effect.ability:
                out.append(fact("rep_option", r, replacement_symbol(effect.id, 0, effect=True)))
            if effect.duration is None:
                out.append(fact("rep_once", r))
            if effect.self_replacement:
                out.append(fact("rep_self_spell", r))
    return out


def characteristic_facts(card: CardInstance, words: set[str], parts: set[str]) -> list[Symbol]:
    """A card's characteristics where it is (``faces``: a twinpact's creature side in the battle
    zone, both sides elsewhere): the card-level facts are the union of its faces', and a card of
    several faces has each face's own (``face``, ``face_type``, ...) for the filters that read one."""
    c = S(card.id)
    out: list[Symbol] = []
    sides = faces(card)
    several = len(sides) > 1
    names = {side.name for side in sides if side.name}
    for k, side in enumerate(sides, start=1):
        f = Number(k)
        if several:
            out.append(fact("face", c, f))
        for t in side.types:
            if t == "evolution":
                out.append(fact("evolution", c))
            else:
                out.append(fact("card_type", c, C(t)))
                if several:
                    out.append(fact("face_type", c, f, C(t)))
        for word in sorted(words):
            if any(word in race for race in side.races):
                out.append(fact("has_race_word", c, S(word)))
                if several:
                    out.append(fact("face_race_word", c, f, S(word)))
        for part in sorted(parts):
            if part in side.name:
                out.append(fact("has_name_part", c, S(part)))
                if several:
                    out.append(fact("face_name_part", c, f, S(part)))
        for civ in side.civilizations:
            out.append(fact("civ", c, C(civ)))
            if several:
                out.append(fact("face_civ", c, f, C(civ)))
        for predicate, value in (("cost", side.cost), ("power", side.power)):
            if value is not None:
                out.append(fact(predicate, c, Number(value)))
                if several:
                    out.append(fact(f"face_{predicate}", c, f, Number(value)))
        if several:
            out.append(fact("face_name", c, f, S(side.name)))
    for name in sorted(names):
        out.append(fact("card_name", c, S(name)))
    return list(dict.fromkeys(out))


def _flag_facts(r: Symbol, ability: ReplacementAbility) -> list[Symbol]:
    """The facts of what the ability is or is not: optional, limited to once a turn, followed by a 「その後、」 step."""
    flags = {
        "rep_optional": ability.optional,
        "rep_needs_room": ability.needs_room,
        "rep_once_per_turn": ability.once_per_turn,
        "rep_afterwards": any(step.afterwards for step in ability.then),
    }
    return [fact(flag, r) for flag, holds in flags.items() if holds]


def ability_facts(r: Symbol, ability: ReplacementAbility, source: str | None, controller: str) -> list[Symbol]:
    """Facts for one replacement ability or effect ``r``."""
    out: list[Symbol] = [fact("replacement", r), fact("rep_controller", r, P(controller))]
    add = out.append
    if source is not None:
        add(fact("rep_source", r, S(source)))
    add(fact("rep_active_zone", r, C(ability.works_in)))
    if ability.spell_own_movement:
        add(fact("rep_self_spell", r))
        if ability.watch.subject == "cast_by_this":
            add(fact("watch_own_cast", r))  # リサイクル's 「こうして唱えた後」: the spell its own permission cast
    if ability.requires_flag:
        add(fact("rep_requires_flag", r, S(ability.requires_flag)))
    out += _flag_facts(r, ability)

    out.extend(watch_facts(r, ability.watch))

    slot_index = 0
    # A creature chosen to battle instead is a choice too, numbered after the choices of cards to move
    # (the numbers of those are the ones ``ReplacementAbility.slots`` gives).
    battling = len(ability.slots())
    for i, action in enumerate(ability.instead, start=1):
        n = Number(i)
        if action.kind == "battle_instead" and action.filter is not None:
            battling += 1
            s = Number(battling)
            f = Function("flt", [r, s])
            add(fact("does", r, n, Function("battle_with", [s])))
            out += [fact("slot", r, s), fact("slot_count", r, s, Number(1)), fact("slot_from", r, s, C("battle"))]
            out += [fact("slot_filter", r, s, f), *filter_facts(f, action.filter)]
            continue
        if action.kind != "choose":
            out += action_facts(r, n, action)
            continue
        slot_index += 1
        s = Number(slot_index)
        slot = action.slot
        assert slot is not None
        add(fact("does", r, n, Function("choose", [s])))
        add(fact("slot", r, s))
        if slot.every or slot.count is None:  # 「すべて」: every card it may take; 「好きな数」 (an optional one's)
            add(fact("slot_all" if slot.every else "slot_any", r, s))
        elif slot.up_to:  # 「2枚まで」
            add(fact("slot_up_to", r, s, Number(slot.count)))
        else:
            add(fact("slot_count", r, s, Number(slot.count)))
        add(fact("slot_from", r, s, C(slot.from_zone)))
        add(fact("slot_to", r, s, C(slot.to_zone)))
        add(fact("slot_verb", r, s, C(slot.verb)))
        if slot.to_zone == "deck" and slot.position:
            add(fact("action_position", r, n, C(slot.position)))
        f = Function("flt", [r, s])
        add(fact("slot_filter", r, s, f))
        out.extend(filter_facts(f, slot.filter))
    return out


def action_facts(r: Symbol, n: Symbol, action) -> list[Symbol]:
    """Facts for the ``n``-th thing ``r`` does instead, other than a choice of cards."""
    out = [fact("does", r, n, action_term(action))]
    if action.kind in ("move", "move_source", "under_watched_to") and action.zone == "deck" and action.position:
        out.append(fact("action_position", r, n, C(action.position)))
    if action.kind == "move_under_chosen" and action.filter is not None:
        host = Function("flt", [r, n, C("host")])
        out += [fact("host_filter", r, n, host), *filter_facts(host, action.filter)]
    if action.kind == "move" and action.face_up and not action.on_shield:
        out.append(fact("action_face_up", r, n))  # 「表向きのまま新しいシールドとして…置く」
    if action.kind in ("move", "move_source") and action.face_down:
        out.append(fact("action_face_down", r, n))  # 「裏向きにしてマナゾーンに置く」 (水晶チャージャー)
    return out


# Actions that are a word in the encodings; the others carry their arguments.
WORD_ACTIONS = (
    "stay",
    "move_under",
    "move_top",
    "choose_instead",
    "flip_source",
    "destroy_partner",
    "win",
    "use_ability",
    "tap_source",
    "under_leave",
    "untap_source",
    "tap_event",
    "untap_event",
    "turn_face_up",
    "move_under_chosen",
)


def action_term(action) -> Symbol:
    """The term of ``does(R,I,A)`` for an action other than a choice of cards."""
    if action.kind == "choose_instead" and action.whose == "opponent":  # 「かわりに相手自身が選ぶ」
        return C("opponent_chooses")
    if action.kind in WORD_ACTIONS:
        return C(action.kind)
    if action.kind == "move" and action.on_shield:
        return C("onto_shield")
    if action.kind == "move":
        return Function("move", [C(action.zone)])
    if action.kind == "move_source":
        return Function("move_source", [C(action.zone), C(action.verb)])
    if action.kind == "power":
        return Function("power", [Number(action.count)])
    if action.kind == "under_to":
        return Function("under_to", [C(action.zone)])
    if action.kind == "under_watched_to":
        return Function("under_watched_to", [C(action.zone)])
    if action.kind == "ex_life_to":
        return Function("ex_life_to", [C(action.zone)])
    if action.kind == "mill" and action.zone is not None:  # the top cards put into the mana or shield zone
        return Function("deck_top", [C(action.whose), Number(action.count), C(action.zone)])
    if action.kind == "mill":
        return Function("mill", [C(action.whose), Number(action.count)])
    if action.kind == "draw":
        return Function("draw", [Number(action.count)])
    if action.kind == "reveal":
        return Function("reveal", [Number(action.count)])
    if action.kind == "trigger":
        return Function("trigger", [Number(action.count)])
    if action.kind == "partner_to":
        return Function("partner_to", [C(action.zone)])
    if action.kind == "battle_instead" and action.filter is None:
        return C("battle_instead")
    raise ValueError(f"unknown action kind {action.kind}")  # pragma: no cover - abilities.py makes only these


def watch_facts(r: Symbol, watch: Watch) -> list[Symbol]:
    """What a replacement or triggered ability ``r`` waits for."""
    out: list[Symbol] = [fact("watch_event", r, C(event)) for event in watch.events]
    add = out.append
    if watch.subject:
        add(fact("watch_subject", r, C(watch.subject)))
    if watch.chooser:  # 「自分のシールドを相手が選ぶ時」: who chooses; the filter is of the cards chosen
        add(fact("watch_chooser", r, C(watch.chooser)))
    if watch.filter is not None:
        f = Function("flt", [r, C("watch")])
        add(fact("watch_filter", r, f))
        out.extend(filter_facts(f, watch.filter))
    if watch.partner is not None:  # 「…とバトルする時」: the battle's other creature
        p = Function("flt", [r, C("partner")])
        add(fact("watch_partner", r, p))
        out.extend(filter_facts(p, watch.partner))
    if watch.by_card is not None:  # 「自分のドラゴンがシールドをブレイクする時」: the creature breaking
        b = Function("flt", [r, C("by_card")])
        add(fact("watch_by_card", r, b))
        out.extend(filter_facts(b, watch.by_card))
    if watch.from_zone:
        add(fact("watch_from", r, C(watch.from_zone)))
    if watch.to_zone:
        add(fact("watch_to", r, C(watch.to_zone)))
    for zone in watch.from_not:
        add(fact("watch_from_not", r, C(zone)))
    for zone in watch.to_not:
        add(fact("watch_to_not", r, C(zone)))
    if watch.cause:
        add(fact("watch_cause", r, C(watch.cause)))
    for condition in watch.conditions:
        add(fact("watch_cond", r, C(condition)))
    if watch.cast_from:
        add(fact("watch_cast_from", r, C(watch.cast_from)))
    if watch.once:
        add(fact("watch_once", r))
    if watch.to_position:
        add(fact("watch_to_position", r, C(watch.to_position)))
    if watch.on is not None:  # a watched trigger: the event it triggers on, watched as a watcher of its own
        o = Function("on", [r])
        add(fact("trigger_change", r, o))
        out.extend(watch_facts(o, watch.on))
    return out


def trigger_facts(t: Symbol, trigger: TriggeredAbility, source: str, controller: str) -> list[Symbol]:
    """Facts for one triggered ability ``t`` of a card."""
    out = [
        fact("trigger", t),
        fact("trg_source", t, S(source)),
        fact("trg_controller", t, P(controller)),
        fact("trg_active_zone", t, C(trigger.works_in)),
    ]
    if trigger.requires_flag:
        out.append(fact("trg_requires_flag", t, S(trigger.requires_flag)))
    out.extend(watch_facts(t, trigger.watch))
    return out


def template_facts(template: Template) -> list[Symbol]:
    """Facts for a choice the effect makes when its window opens."""
    t = S(template.id)
    out = [
        fact("template", t),
        fact("template_kind", t, C(template.kind)),
        fact("template_count", t, Number(template.count)),
        fact("template_from", t, C(template.from_zone)),
        fact("template_chooser", t, P(template.chooser)),
        fact("template_order", t, Number(template.order)),
        fact("template_controller", t, P(template.controller)),
        fact("template_by", t, C(template.by)),
    ]
    if template.optional:
        out.append(fact("template_optional", t))
    if template.unreplaceable:
        out.append(fact("template_unreplaceable", t))
    if template.self_replaced:
        out.append(fact("template_self_replaced", t))
    if template.acts_for is not None:
        acts_source, acts_controller, acts_by = template.acts_for
        out += [fact("template_acts", t), fact("template_acts_controller", t, P(acts_controller))]
        out.append(fact("template_acts_by", t, C(acts_by)))
        if acts_source is not None:
            out.append(fact("template_acts_source", t, S(acts_source)))
    if template.to_zone:
        out.append(fact("template_to", t, C(template.to_zone)))
    if template.source:
        out.append(fact("template_source", t, S(template.source)))
    if template.amount is not None:
        out.append(fact("template_amount", t, Number(template.amount)))
    f = Function("flt", [t, C("choose")])
    out.append(fact("template_filter", t, f))
    out.extend(filter_facts(f, template.filter))
    if template.under is not None:
        u = Function("flt", [t, C("under")])
        out.append(fact("template_under", t, u))
        out.extend(filter_facts(u, template.under))
    return out


def filter_facts(f: Symbol, flt: Filter) -> list[Symbol]:
    common, alts = alternatives(flt)
    if alts:  # 「進化クリーチャーまたはタマシード」: one alternative a filter of its own (asp/common/filters.lp)
        out = _filter_parts(f, common)
        for k, alt in enumerate(alts, start=1):
            g = Function("alt", [f, Number(k)])
            out += [fact("filter_alt", f, g), *filter_facts(g, alt)]
        return out
    return _filter_parts(f, flt)


def _filter_parts(f: Symbol, flt: Filter) -> list[Symbol]:
    out = [fact("filter_whose", f, C(flt.whose))]
    # 「進化」 among other types (`type: [evolution, tamaseed]`) is one of them, as each type is; alone, or as
    # ``evolution``, it is a requirement of its own
    alone = flt.types == ("evolution",)
    out += [fact("filter_type", f, C(t)) for t in flt.types if not alone]
    if alone or flt.evolution:
        out.append(fact("filter_evolution", f))
    out += [fact("filter_race", f, S(w)) for w in flt.races]
    out += [fact("filter_civ", f, C(x)) for x in flt.civilizations]
    if flt.cost_max is not None:
        out.append(fact("filter_cost_max", f, Number(flt.cost_max)))
    if flt.cost_min is not None:
        out.append(fact("filter_cost_min", f, Number(flt.cost_min)))
    if flt.cost_not is not None:
        out.append(fact("filter_cost_not", f, Number(flt.cost_not)))
    if flt.other:
        out.append(fact("filter_other", f))
    out += [fact("filter_name", f, S(name)) for name in flt.names]
    out += [fact("filter_flag", f, S(x)) for x in flt.flags]
    if flt.cost_exceeds_mana:
        out.append(fact("filter_cost_exceeds_mana", f))
    out += [fact("filter_id", f, S(card_id)) for card_id in flt.ids]
    out += [fact("filter_without_flag", f, S(x)) for x in flt.without_flags]
    out += [fact("filter_name_part", f, S(x)) for x in flt.name_parts]
    if flt.power_min is not None:
        out.append(fact("filter_power_min", f, Number(flt.power_min)))
    if flt.power_max is not None:
        out.append(fact("filter_power_max", f, Number(flt.power_max)))
    out += [fact("filter_not_type", f, C(x)) for x in flt.not_types]
    out += [fact("filter_not_race", f, S(x)) for x in flt.not_races]
    out += [fact("filter_property", f, C(x)) for x in flt.properties]
    out += [fact("filter_not_property", f, C(x)) for x in flt.not_properties]
    if flt.component_of_this:
        out.append(fact("filter_component_of_this", f))
    out += [fact("filter_keyword", f, S(x)) for x in flt.keywords]
    return out
