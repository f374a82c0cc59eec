"""The parse tree of a sentence, turned into the structured form (docs/card-text.md).

One method per rule or alias of grammar.lark. Sub-rules return small pieces
(dicts of watch fields, actions, filters); the sentence rules put them
together. The result of a sentence is a dict with ``kind``: ``replacement``
(and the ability's fields), ``self_replacement``, ``not_replacement``, or a
follow-up (``then``, ``shuffle``, ``no_trigger``, ``stays``).
"""

from __future__ import annotations

from lark import Token, Transformer

from ...game.filters import CONDITION_WORDS

CIVS = {"光": "light", "水": "water", "闇": "darkness", "火": "fire", "自然": "nature", "ゼロ": "zero"}
WHOSE = {"自分": "own", "相手": "opponent"}
ZONES = {
    "墓地": "graveyard",
    "手札": "hand",
    "マナゾーン": "mana",
    "シールドゾーン": "shields",
    "山札": "deck",
    "バトルゾーン": "battle",
}
# Katakana words that name a card type rather than a race.
TYPE_WORDS = {
    "シールド": (),
    "カード": (),
    "クリーチャー": ("creature",),
    "クロスギア": ("cross_gear",),
    "呪文": ("spell",),
    "タマシード": ("tamaseed",),
    "ドラグハート": ("dragheart",),
    "サイキック・クリーチャー": ("psychic",),
    "フィールド": ("field",),
    "城": ("castle",),
}


def _optional(token) -> bool:
    return str(token).endswith("もよい")


def _ends(items) -> bool:
    """Whether any verb ending among the items says 「〜てもよい」."""
    return any(isinstance(i, Token) and i.type == "VERB_END" and _optional(i) for i in items)


def _count(token) -> int:
    digits = "".join(ch for ch in str(token) if ch.isdigit())
    return int(digits)


def _tokens(items, kind):
    return [i for i in items if isinstance(i, Token) and i.type == kind]


class ToForm(Transformer):
    def __default__(self, data, children, meta):
        # A rule named after a condition word (grammar: 「このクリーチャーがタップされていた場合」 -> this_tapped).
        if data in CONDITION_WORDS:
            return ("if", str(data))
        return super().__default__(data, children, meta)

    # -- sentences ------------------------------------------------------------------
    def replacement_sentence(self, items):
        ability: dict = {}
        watch: dict = {}
        when: list[str] = []
        conditions: list = []
        instead = None
        optional = False
        extra_watches = []
        refs: set = set()
        for item in items:
            tag = item[0] if isinstance(item, tuple) else None
            if tag == "watch":
                watch = item[1]
                ability.update(item[2])
                extra_watches.extend(item[3:])
            elif tag == "when":
                when.append(item[1])
            elif tag == "if":
                conditions.append(item[1])
            elif tag == "duration":
                ability["duration"] = "this_turn"
            elif tag == "once":
                ability["once_per_turn"] = True
            elif tag == "watch_or":
                extra_watches.append(item[1][1])
                ability.update(item[1][2])
                extra_watches.extend(item[1][3:])
            elif tag == "instead":
                instead, optional = item[1], item[2]
                refs = item[3] if len(item) > 3 else set()
            elif tag in ("while", "start_of_turn"):
                continue
        watches: list[dict] = []
        for one in extra_watches + [watch]:
            for i, earlier in enumerate(watches):
                merged = _merge_watch(earlier, one)
                if merged is not None:
                    watches[i] = merged
                    break
            else:
                watches.append(one)
        if "shield" in refs and not all(
            set(_as_list(one.get("event"))) <= {"break", "leave_shields"} for one in watches
        ):
            raise ValueError("「そのシールド」 names no shield: the watched event is not a shield's")
        forms = [
            _replacement_form(dict(one), list(when), list(conditions), instead, optional, ability) for one in watches
        ]
        if len(forms) == 1:
            return forms[0]
        # 「このクリーチャーが離れる時、または自分がゲームに負ける時、かわりに…」: events one watch cannot name
        # together are watched by one ability each, which is the same unless the ability counts its uses.
        if ability.get("once_per_turn"):
            raise ValueError(
                "「各ターンに1度」 with events that one watch cannot name together cannot be stated: "
                "one ability a watch would each be used once a turn"
            )
        return {"kind": "replacements", "forms": forms}

    def self_replacement(self, items):
        return {"kind": "self_replacement"}

    def not_replacement(self, items):
        return {"kind": "not_replacement"}

    # -- prefixes -------------------------------------------------------------------
    def prefix(self, items):
        return items[0]

    def duration_prefix(self, items):
        return ("duration",)

    def turn_prefix(self, items):
        return ("when", "own_turn" if WHOSE[str(items[0])] == "own" else "opponent_turn")

    def once_prefix(self, items):
        return ("once",)

    def while_prefix(self, items):
        return ("while",)

    def start_of_turn_prefix(self, items):
        return ("start_of_turn",)

    def watch_or(self, items):
        return ("watch_or", items[0])

    # -- watched events -------------------------------------------------------------
    def watch_clause(self, items):
        parts = [i for i in items if not isinstance(i, Token)]
        if len(parts) == 1 and isinstance(parts[0], tuple) and parts[0][0] == "watch":
            return parts[0]
        if len(parts) == 2 and isinstance(parts[0], dict) and "player" in parts[0]:
            who, event = parts
            return (
                "watch",
                {**event, "player": who["player"], **({"cause": who["cause"]} if "cause" in who else {})},
                {},
            )
        if len(parts) == 4:  # 「自分がゲームに負ける時、または相手が勝つ時」
            first = self.watch_clause(parts[:2])
            second = self.watch_clause(parts[2:])
            merged = _merge_watch(second[1], first[1])
            return ("watch", merged, {}) if merged is not None else ("watch", second[1], {}, first[1])
        either = next((p for p in parts if isinstance(p, tuple) and p and p[0] == "cause_or"), None)
        if either is not None:  # 「相手の呪文または相手のクリーチャーの能力によって」: one watch a cause
            rest = [p for p in parts if p is not either]
            one, two = (self.watch_clause(rest + [("cause", cause)]) for cause in either[1])
            return ("watch", two[1], {**one[2], **two[2]}, one[1])
        causes = [p for p in parts if isinstance(p, tuple) and p and p[0] == "cause"]
        parts = [p for p in parts if not (isinstance(p, tuple) and p and p[0] == "cause")]
        subject, event = parts
        watch = dict(event)
        for cause in causes:
            watch["when"] = list(watch.get("when", [])) + cause[1]
        ability = watch.pop("_ability", {})
        own_zone = watch.pop("_own_zone", False)
        if subject[0] == "filter":
            flt = dict(subject[1])
            if flt.pop("_in_battle", False) and "from" not in watch:
                watch["from"] = "battle"
            if own_zone and "whose" not in flt:
                flt["whose"] = "own"
            watch["card"] = flt
        else:
            watch["card"] = subject[0]
        return ("watch", watch, ability)

    def watch_two_events(self, items):
        """「このクリーチャーが破壊される時、または手札に戻される時」: one subject, two events."""
        subject, first, second = [i for i in items if not isinstance(i, Token)]
        one = self.watch_clause([subject, first])
        two = self.watch_clause([subject, second])
        return ("watch", two[1], {**one[2], **two[2]}, one[1])

    def watch_head(self, items):
        return items[0]

    def cause_effect(self, items):
        return (
            "cause",
            ["by_opponent" if WHOSE[str(items[0])] == "opponent" else "by_self", "by_effect"]
            + (["by_spell"] if _tokens(items, "SPELL_OF") else []),
        )

    def cause_spell(self, items):
        return ("cause", ["by_opponent" if WHOSE[str(items[0])] == "opponent" else "by_self", "by_spell"])

    def cause_spell_or_creature_ability(self, items):
        """「相手の呪文または(相手の)クリーチャーの能力によって」: either cause; the second names its player or
        is the first's."""
        owners = ["by_opponent" if WHOSE[str(t)] == "opponent" else "by_self" for t in _tokens(items, "OWNER")]
        return ("cause_or", [[owners[0], "by_spell"], [owners[-1], "by_ability", "by_creature"]])

    def cause_creature_in_battle(self, items):
        raise ValueError(
            "「バトルゾーンにあるクリーチャーの能力によって」: `by_creature` says the effect's source is a "
            "creature, not that it is in the battle zone, and no cause says so"
        )

    def cause_creature_ability(self, items):
        return (
            "cause",
            ["by_opponent" if WHOSE[str(items[0])] == "opponent" else "by_self", "by_ability", "by_creature"],
        )

    def this(self, items):
        return ("this",)

    def equipped(self, items):
        return ("equipped",)

    def fortified(self, items):
        return ("fortified",)

    def subject(self, items):
        flt = {k: v for k, v in items[0].items() if not k.startswith("_") or k == "_in_battle"}
        return ("filter", flt)

    def player_subject(self, items):
        return {"player": WHOSE[str(items[0])]}

    def opponent_wins_not_by_attack(self, items):
        return ("watch", {"event": "lose", "player": "own", "cause": "not_attack"}, {})

    def opponent_wins_by_attack(self, items):
        return ("watch", {"event": "lose", "player": "own", "cause": "attack"}, {})

    def lose(self, items):
        return {"event": "lose"}

    def win(self, items):
        return {"event": "lose", "_win": True}

    def draw(self, items):
        return {"event": "draw"}

    # event phrases
    def destroy(self, items):
        return {"event": "destroy"}

    def leave(self, items):
        return {"event": "leave"}

    def to_graveyard_from_battle(self, items):
        return {"event": "put_into_graveyard", "from": "battle"}

    def discard(self, items):
        return {"event": "discard"}

    def discard_put(self, items):
        return {"event": "put_into_graveyard", "from": "hand"}

    def return_to_hand(self, items):
        return {"event": "return_to_hand"}

    def return_to_hand_from_battle(self, items):
        return {"event": "return_to_hand", "from": "battle"}

    def mana_to_graveyard(self, items):
        return {"event": "put_into_graveyard", "from": "mana", "_own_zone": ("zone_owner_own",) in items}

    def to_graveyard(self, items):
        return {"event": "put_into_graveyard"}

    def to_deck_bottom(self, items):
        return {"event": "put_into_deck", "to_position": "bottom"}

    def broken(self, items):
        watch = {"event": "break"}
        if items and isinstance(items[0], list):
            watch["when"] = items[0]
        return watch

    def broken_once(self, items):
        return {"event": "break", "once": True}

    def by_opponent_creature(self, items):
        return ["by_opponent", "by_creature"]

    def by_opponent(self, items):
        return ["by_opponent"]

    def break_subject(self, items):
        return items[0]

    def battle(self, items):
        return {"event": "battle"}

    def enter(self, items):
        return {"event": "enter"}

    def put_into_battle(self, items):
        return {"event": "put_into_battle"}

    def leave_shields_face_up(self, items):
        return {"event": "leave_shields", "_face_up": True}

    def chosen(self, items):
        return {"event": "choose"}

    def summon(self, items):
        return {"event": "summon"}

    def spell_own(self, items):
        return ("watch", {"event": "spell_to_graveyard", "card": "this"}, {"spell_own_movement": True})

    def spell_recycled(self, items):
        return (
            "watch",
            {"event": "spell_to_graveyard", "card": "this", "cast_from": "graveyard"},
            {"spell_own_movement": True},
        )

    def grant(self, items):
        flt = {k: v for k, v in items[0].items() if not k.startswith("_")}
        return {"kind": "grant", "granted_to": flt, "keyword": _name(items[1])}

    def grant_own_spells(self, items):
        return {"kind": "grant", "granted_to": {"whose": "own", "type": "spell"}, "keyword": _name(items[0])}

    def keyword_others(self, items):
        return (
            "if",
            {
                "zone": "battle",
                "at_least": _count(items[1]),
                "type": "creature",
                "keyword": _name(items[0]),
                "other": True,
            },
        )

    def spell_granted(self, items):
        return ("watch", {"event": "spell_to_graveyard", "card": "this"}, {"spell_own_movement": True})

    def put_into_graveyard_from(self, items):
        """「自分のカードを手札またはバトルゾーンから墓地に置く時」: a card put into the graveyard from each zone
        named (whoever puts it: the sentence names no one); one watch a zone."""
        flt = {k: v for k, v in items[0].items() if not k.startswith("_")}
        if items[0].get("_count") or items[0].get("_not_evolution") or items[0].get("_untapped"):
            raise ValueError("a count or qualifier of the cards put into the graveyard cannot be stated")
        watches = [{"event": "put_into_graveyard", "card": dict(flt), "from": zone} for zone in items[1]]
        return ("watch", watches[-1], {}, *watches[:-1])

    def source_zones(self, items):
        zones = [ZONES[str(t)] for t in _tokens(items, "ZONE_WORD")]
        if len(set(zones)) != len(zones):
            raise ValueError("a zone named twice")
        return zones

    def cast_by_shield_trigger(self, items):
        return (
            "watch",
            {"event": "spell_to_graveyard", "card": {"whose": "own", "type": "spell"}, "cast_from": "shields"},
            {},
        )

    def this_breaks(self, items):
        return ("watch", {"event": "break", "card": {"whose": "opponent"}, "when": ["by_this"]}, {})

    def others_break(self, items):
        return ("watch", {"event": "break", "card": {"whose": "opponent"}}, {"_breaker": items[0]})

    def battle_start(self, items):
        return ("watch", {"event": "battle", "card": "this"}, {})

    def untap(self, items):
        return ("watch", {"event": "untap", "card": "this", "this_tapped_if": True}, {})

    def choose_shield(self, items):
        owner, chooser = (WHOSE[str(t)] for t in _tokens(items, "OWNER"))
        return ("watch", {"event": "choose", "card": {"whose": owner}, "player": chooser}, {})

    def choose_creature(self, items):
        return ("watch", {"event": "choose", "player": WHOSE[str(_tokens(items, "OWNER")[0])]}, {})

    # -- card phrases ---------------------------------------------------------------
    def card_phrase(self, items):
        flt: dict = {}
        count = None
        for item in items:
            if isinstance(item, dict):
                for key, value in item.items():
                    if key in ("race", "type", "civilization", "name", "name_contains") and key in flt:
                        flt[key] = _as_list(flt[key]) + _as_list(value)
                    else:
                        flt[key] = value
            elif isinstance(item, tuple) and item[0] == "count":
                count = item[1]
        if count is not None:
            flt["_count"] = count
        return flt

    def name_prefix(self, items):
        return {"name_contains": _name(items[0])}

    def owner_part(self, items):
        owners = _tokens(items, "OWNER")
        out = {"whose": WHOSE[str(owners[0])]} if owners else {}
        if _tokens(items, "IN_BATTLE"):
            out["_in_battle"] = True
        return out

    def other_part(self, items):
        return {"other": True}

    def quals(self, items):
        out: dict = {}
        for item in items:
            for key, value in item.items():
                out[key] = _as_list(out[key]) + _as_list(value) if key in out and key != "evolution" else value
        return out

    def power_min(self, items):
        return {"power_min": _count(items[0])}

    def cost_max(self, items):
        return {"cost_max": _count(items[0])}

    def cost_min(self, items):
        return {"cost_min": _count(items[0])}

    def power_max(self, items):
        return {"power_max": _count(items[0])}

    def civs(self, items):
        return {"civilization": items[0]}

    def civ_list(self, items):
        values = [CIVS[str(t)] for t in items if isinstance(t, Token) and t.type == "CIV"]
        return values[0] if len(values) == 1 else values

    def name_contains(self, items):
        return {"name_contains": _name(items[0])}

    def keyword(self, items):
        return {"keyword": str(items[0])}

    def not_evolution(self, items):
        return {"_not_evolution": True}

    def face_up(self, items):
        return {"face_up": True}

    def face_down(self, items):
        return {"face_down": True}

    def multicolor(self, items):
        return {"multicolor": True}

    def untapped(self, items):
        return {"_untapped": True}

    def kind_part(self, items):
        out: dict = {}
        for item in items:
            if not isinstance(item, dict):
                continue
            for key, value in item.items():
                if key == "evolution":
                    out["evolution"] = True
                elif key in out:
                    out[key] = _as_list(out[key]) + _as_list(value)
                else:
                    out[key] = value
        # 「クリーチャー」 after a race says nothing more: the race implies it.
        if "race" in out and out.get("type") == "creature":
            del out["type"]
        return out

    def kind_word(self, items):
        word = str(items[0])
        if word == "シールド":
            return {"_shield": True}
        if word in TYPE_WORDS:
            types = TYPE_WORDS[word]
            return {"type": types[0]} if len(types) == 1 else ({"type": list(types)} if types else {})
        return {"race": word}

    def soul(self, items):
        return {"keyword": str(items[0]).strip("()"), "type": "creature"}

    def evolution_creature(self, items):
        return {"type": "creature", "evolution": True}

    def not_creature(self, items):
        return {"not_type": "creature"}

    def named(self, items):
        return {"name": _name(items[0])}

    def kanji_race(self, items):
        return {"race": "超化獣"}

    def any_card(self, items):
        return {}

    def count_suffix(self, items):
        return ("count", _count(items[0]) if items else 1)

    def zone_owner(self, items):
        return ("zone_owner_own",) if str(items[0]) == "自分の" else ("zone_owner",)

    # -- conditions -----------------------------------------------------------------
    def state_condition(self, items):
        return ("if", items[0])

    def count_condition(self, items):
        where, flt, least = items[0]
        return (
            "if",
            {
                "zone": where[0],
                **({"whose": where[1]} if where[1] else {}),
                **flt,
                **({"at_least": least} if least != 1 else {}),
            },
        )

    def zone_count(self, items):
        where = items[0]
        flt = {}
        least = 1
        for item in items[1:]:
            if isinstance(item, dict):
                flt = {k: v for k, v in item.items() if not k.startswith("_")}
            elif isinstance(item, int):
                least = item
        if "whose" in flt:
            where = (where[0], flt.pop("whose"))
        return (where, flt, least)

    def in_battle(self, items):
        owners = _tokens(items, "OWNER")
        return ("battle", WHOSE[str(owners[0])] if owners else None)

    def in_battle_any(self, items):
        return ("battle", None)

    def in_zone(self, items):
        return (ZONES[str(_tokens(items, "ZONE_WORD")[0])], WHOSE[str(_tokens(items, "OWNER")[0])])

    def at_least(self, items):
        return _count(items[0])

    def at_least_one(self, items):
        return 1

    def mana_at_least(self, items):
        return ("if", {"zone": "mana", "whose": "own", "at_least": _count(items[0])})

    # -- what happens instead -------------------------------------------------------
    def instead_part(self, items):
        actions: list = []
        optional = False
        refs: set = set()
        for item in items:
            if isinstance(item, tuple) and item[0] in ("actions", "instead"):
                actions.extend(item[1])
                optional = optional or item[2]
                refs.update(item[3] if len(item) > 3 else ())
        if not any(_moves_event_card(a) for a in actions) and "stay" not in actions:
            actions.insert(0, "stay")
        return ("instead", actions, optional, refs)

    def actions(self, items):
        acts = [i for i in items if isinstance(i, tuple) and i[0] == "action"]
        return (
            "actions",
            [a for act in acts for a in _flatten(act[1])],
            any(a[2] for a in acts),
            {ref for act in acts for ref in act[3:]},
        )

    def action_then(self, items):
        return items[0]

    def do_that_creature(self, items):
        return items[-1]

    def do_that_shield(self, items):
        """「そのシールドを…」: the watched event's card, which must be a shield."""
        return items[-1] + ("shield",)

    def tapped(self, items):
        return ("tapped",)

    # the event's card goes elsewhere
    def do_to_hand(self, items):
        return _action({"move_to": "hand"}, items)

    def do_to_mana(self, items):
        tapped = ("tapped",) in items
        return _action({"move_to": {"zone": "mana", "tapped": True} if tapped else "mana"}, items)

    def do_to_deck_top(self, items):
        return _action({"move_to": {"zone": "deck", "position": "top"}}, items)

    def do_to_deck_bottom(self, items):
        return _action({"move_to": {"zone": "deck", "position": "bottom"}}, items)

    def do_to_deck_shuffle(self, items):
        return _action({"move_to": {"zone": "deck", "position": "shuffle"}}, items)

    def do_to_deck(self, items):
        return _action({"move_to": "deck"}, items)

    def do_to_shields(self, items):
        return _action({"move_to": "shields"}, items)

    def do_to_graveyard(self, items):
        return _action({"move_to": "graveyard"}, items)

    def do_to_battle(self, items):
        return _action({"move_to": "battle"}, items)

    def do_stay(self, items):
        return ("action", "stay", False)

    def do_under_this(self, items):
        return _action({"move_to": "under_this"}, items)

    def do_top_card_only(self, items):
        return ("action", "top_card_only", False)

    # this card instead
    def do_destroy_this(self, items):
        return _action("destroy_this", items)

    def do_this_to_graveyard(self, items):
        return _action({"this_to": "graveyard"}, items)

    def do_this_to_mana(self, items):
        return _action({"this_to": "mana"}, items)

    def do_flip_this(self, items):
        return _action("flip_this", items)

    def do_guardman(self, items):
        return ("action", ["tap_this", {"battle_instead": "this"}], _ends(items))

    def destroy_this_instead(self, items):
        return ("instead", ["destroy_this"], _ends(_flat_tokens(items)))

    # costs and choices of affected cards
    def do_discard(self, items):
        return _action({"discard": _count(_tokens(items, "COUNT")[0])}, items)

    def do_discard_filtered(self, items):
        flt = _filter(next(i for i in items if isinstance(i, dict)))
        count = flt.pop("_count", 1)
        return _action({"discard": {"count": count, **flt}}, items)

    def do_shield_to_hand(self, items):
        return _action({"shield_to_hand": _count(_tokens(items, "COUNT")[0])}, items)

    def do_destroy_other(self, items):
        return _action(_destroy(items[0]), items)

    def destroy_obj(self, items):
        return ("instead", ["stay", _destroy(items[0])], _ends(_flat_tokens(items)))

    def verb_destroy(self, items):
        return items

    def object(self, items):
        flt = dict(items[0])
        counts = _tokens(items, "COUNT")
        if counts:
            flt["_count"] = _count(counts[0])
        if _tokens(items, "ANY_NUMBER"):
            flt["_count"] = "any"  # 「好きな数」
        return flt

    def mana_to_graveyard_instead(self, items):
        return (
            "instead",
            [
                "stay",
                {
                    "choose": {
                        "count": _count(_tokens(items, "COUNT")[0]),
                        "from": "mana",
                        "to": "graveyard",
                        "verb": "put",
                    }
                },
            ],
            _ends(items),
        )

    def battle_other_instead(self, items):
        flt = _filter(items[0])
        flt.pop("_count", None)
        return ("instead", [{"battle_instead": flt}], _ends(items))

    def do_choose_move(self, items):
        flt = _filter(next(i for i in items if isinstance(i, dict)))
        source = next(i for i in items if isinstance(i, tuple) and i[0] == "from")
        dest = next(i for i in items if isinstance(i, tuple) and i[0] == "dest")
        return _action(_choices(flt, source[1], dest), items)

    def do_choose_return(self, items):
        flt = _filter(items[0])
        source = next(i for i in items if isinstance(i, tuple) and i[0] == "from")
        return _action(_choices(flt, source[1], ("dest", "hand", "return", None)), items)

    def do_choose_return_any(self, items):
        flt = _filter(items[0])
        flt["_count"] = "any"
        source = next(i for i in items if isinstance(i, tuple) and i[0] == "from")
        return _action(_choices(flt, source[1], ("dest", "hand", "return", None)), items)

    def either_kinds(self, items):
        quals, *kinds = [i for i in items if isinstance(i, dict)]
        return ("either", quals, kinds, _count(_tokens(items, "COUNT")[0]))

    def do_choose_either_or_both(self, items):
        """「AかBをN体、または両方M体ずつを、…」: N cards that are A or B, or M of each, as a ``one_of``."""
        _, quals, (first, second), either_count = items[0]
        each_count = _count(_tokens(items, "COUNT")[0])
        if len(first) != 1 or first.keys() != second.keys() or any(k.startswith("_") for k in first) or first == second:
            raise ValueError(
                f"「AかBをN体、または両方M体ずつ」 with A {first} and B {second}: a choice of either "
                "or of each is stated only for two values of one filter field (two races, two types)"
            )
        (key,) = first
        source = next(i for i in items if isinstance(i, tuple) and i[0] == "from")
        dest = next(i for i in items if isinstance(i, tuple) and i[0] == "dest")
        if any(k.startswith("_") for k in quals):
            raise ValueError(f"the qualifier {sorted(quals)} of 「AかB」 cannot be stated")
        base = _filter(quals)

        def choice(count, value):
            return {"choose": _choice({**base, key: value, "_count": count}, source[1], dest)}

        either = [choice(either_count, _as_list(first[key]) + _as_list(second[key]))]
        both = [choice(each_count, first[key]), choice(each_count, second[key])]
        return _action({"one_of": [either, both]}, items)

    def do_choose_in_zone(self, items):
        zone = ZONES[str(_tokens(items, "ZONE_WORD")[0])]
        flt = _filter(next(i for i in items if isinstance(i, dict)))
        flt.pop("whose", None)
        dest = next(i for i in items if isinstance(i, tuple) and i[0] == "dest")
        return _action({"choose": _choice(flt, zone, dest)}, items)

    def from_zone(self, items):
        zones = [ZONES[str(t)] for t in _tokens(items, "ZONE_WORD")]
        return ("from", zones[0] if len(zones) == 1 else zones)

    def dest(self, items):
        """「持ち主の」 or 「自分の」 before the destination: kept to check the chosen cards are the player's."""
        owner = _tokens(items, "DEST_OWNER")
        zone = items[-1]
        return zone + (str(owner[0]),) if owner else zone

    def dest_add_to_hand(self, items):
        return ("dest", "hand", "add_to_hand", None)

    def dest_return_to_hand(self, items):
        return ("dest", "hand", "return", None)

    def dest_mana(self, items):
        return ("dest", "mana", "put", None)

    def dest_graveyard(self, items):
        return ("dest", "graveyard", "put", None)

    def deck_bottom(self, items):
        return ("dest", "deck", "put", "bottom")

    def deck_top(self, items):
        return ("dest", "deck", "put", "top")

    def hyperspatial(self, items):
        return ("dest", "hyperspatial", "return", None)

    def do_draw(self, items):
        return _action({"draw": _count(_tokens(items, "COUNT")[0])}, items)

    def do_draw_double(self, items):
        raise ValueError("「その2倍の枚数」: a count taken from the replaced event cannot be stated")

    def do_this_to_hand(self, items):
        return _action({"this_to": "hand"}, items)

    def do_mill(self, items):
        return _action(
            {"mill": {"player": WHOSE[str(_tokens(items, "OWNER")[0])], "count": _count(_tokens(items, "COUNT")[0])}},
            items,
        )

    def do_hand_choice(self, items):
        dest = next(i for i in items if isinstance(i, tuple) and i[0] == "dest")
        choice = _choice({"_count": _count(_tokens(items, "COUNT")[0])}, "hand", dest)
        return _action({"choose": choice}, items)

    def do_choose_count_from(self, items):
        """「自分のマナゾーンから1枚選び、墓地に置く」: N cards of a zone, whatever they are."""
        source = next(i for i in items if isinstance(i, tuple) and i[0] == "from")
        dest = next(i for i in items if isinstance(i, tuple) and i[0] == "dest")
        return _action(_choices({"_count": _count(_tokens(items, "COUNT")[0])}, source[1], dest), items)

    def do_choose_move_from_first(self, items):
        return self.do_choose_move(items)

    def do_choose_inferred(self, items):
        phrase = next(i for i in items if isinstance(i, dict))
        source = "shields" if phrase.get("_shield") else "battle"
        flt = _filter(phrase)
        dest = next(i for i in items if isinstance(i, tuple) and i[0] == "dest")
        return _action({"choose": _choice(flt, source, dest)}, items)

    def do_crossed_to_graveyard(self, items):
        return _action(
            {"choose": {"count": _count(items[0]), "from": "crossed_to_this", "to": "graveyard", "verb": "put"}}, items
        )

    def do_under_to_graveyard(self, items):
        return _action(
            {"choose": {"count": _count(items[0]), "from": "under_this", "to": "graveyard", "verb": "put"}}, items
        )

    def do_tap_this(self, items):
        return _action("tap_this", items)

    def do_this_to_shields(self, items):
        return _action({"this_to": "shields"}, items)

    def do_use_ability(self, items):
        return _action("use_ability", items)

    def do_choose_instead(self, items):
        return ("action", "choose_instead", False)

    def do_opponent_chooses(self, items):
        return ("action", {"choose_instead": "opponent"}, False)

    def do_discard_this(self, items):
        return _action("discard_this", items)

    def one_of_actions(self, items):
        acts = [i for i in items if isinstance(i, tuple) and i[0] == "action"]
        return (
            "actions",
            [{"one_of": [_flatten(a[1]) for a in acts]}],
            any(a[2] for a in acts),
            {ref for act in acts for ref in act[3:]},
        )

    # -- follow-ups -----------------------------------------------------------------
    def if_done(self, items):
        return {"kind": "then", "events": items[-1]}

    def afterwards(self, items):
        return {"kind": "then", "events": items[-1]}

    def then_shuffle(self, items):
        return {"kind": "shuffle"}

    def no_trigger(self, items):
        return {"kind": "no_trigger"}

    def stays(self, items):
        return {"kind": "stays"}

    def followup_actions(self, items):
        return list(items)

    def then_this_to_deck_bottom(self, items):
        return {"move": "this", "to": "deck", "position": "bottom"}

    def then_this_to_deck_shuffle(self, items):
        return {"move": "this", "to": "deck", "position": "shuffle"}

    def then_draw(self, items):
        owners = _tokens(items, "OWNER")
        return {"draw": WHOSE[str(owners[0])] if owners else "own", "count": _count(_tokens(items, "COUNT")[0])}

    def then_destroy_this(self, items):
        return {"destroy": "this"}

    def then_this_to_hand(self, items):
        return {"return_to_hand": "this"}

    def then_this_to_graveyard(self, items):
        return {"move": "this", "to": "graveyard"}

    def then_this_to_mana(self, items):
        return {"put_into_mana": "this"}

    def then_this_to_deck_top(self, items):
        return {"move": "this", "to": "deck", "position": "top"}

    def then_discard(self, items):
        return {"discard": {"choose": {"count": _count(_tokens(items, "COUNT")[0]), "from": "hand", "whose": "own"}}}

    def then_hand_to_graveyard(self, items):
        return {
            "move": {"choose": {"count": _count(_tokens(items, "COUNT")[0]), "from": "hand", "whose": "own"}},
            "to": "graveyard",
        }

    def then_mana_under(self, items):
        phrases = [i for i in items if isinstance(i, dict)]
        moved = _filter(phrases[0])
        moved.pop("_count", None)
        under = _filter(phrases[1])
        under.pop("_count", None)
        owners = _tokens(items, "OWNER")
        return {
            "move": {
                "choose": {
                    "count": _count(_tokens(items, "COUNT")[0]),
                    "from": "mana",
                    "whose": WHOSE[str(owners[0])],
                    **moved,
                    **({"optional": True} if _ends(items) else {}),
                }
            },
            "to": "battle",
            "under": {"choose": {"whose": WHOSE[str(owners[1])], **under}},
        }

    def then_graveyard_to_hand(self, items):
        flt = _filter(next(i for i in items if isinstance(i, dict)))
        flt.pop("_count", None)
        flt.pop("whose", None)
        owners = _tokens(items, "OWNER")
        return {
            "return_to_hand": {
                "choose": {
                    "count": _count(_tokens(items, "COUNT")[0]),
                    "from": "graveyard",
                    "whose": WHOSE[str(owners[0])],
                    **flt,
                    **({"optional": True} if _ends(items) else {}),
                }
            }
        }

    def used_ability(self, items):
        return items[0]

    def then_mana_to_hand(self, items):
        flt = _filter(next(i for i in items if isinstance(i, dict)))
        count = flt.pop("_count", None)
        counts = _tokens(items, "COUNT")
        count = _count(counts[0]) if counts else (count or 1)
        flt.pop("whose", None)
        return {"return_to_hand": {"choose": {"count": count, "from": "mana", "whose": "own", **flt}}}


def _replacement_form(watch: dict, when: list, conditions: list, instead: list, optional: bool, ability: dict) -> dict:
    """One replacement ability of a sentence: its watch, and what the sentence says of all its watches."""
    ability = dict(ability)
    if watch.get("event") == "lose" and watch.pop("_win", False):  # 「相手がゲームに勝つ時」: its opponent loses
        watch["player"] = _loser({**watch, "_win": True})
    conds = watch.pop("when", [])
    when = conds + when
    if when:
        watch["when"] = when
    if watch.pop("this_tapped_if", False):
        conditions.insert(0, "this_tapped")
    if watch.pop("_face_up", False):  # 「このクリーチャーが表向きでシールドゾーンを離れる時」
        conditions.insert(0, "this_face_up")
    if set(_as_list(watch.get("event"))) <= {"draw", "lose", "choose", "untap", "battle"} and len(instead) > 1:
        instead = [a for a in instead if a != "stay"]  # no card of the event to keep where it is
    if watch.get("card") == "this":
        instead = [{"move_to": a["this_to"]} if isinstance(a, dict) and "this_to" in a else a for a in instead]
        if any(isinstance(a, dict) and "move_to" in a for a in instead) and "stay" in instead:
            instead = [a for a in instead if a != "stay"]
    form = {"kind": "replacement", "watch": watch, "instead": instead}
    if optional:
        form["optional"] = True
    if conditions:
        form["if"] = conditions
    if "discard_this" in instead:
        ability["works_in"] = "hand"  # 「自分の手札にあるこのカード」
    if any(c in ("summoned_just_before_cast", "summoned_before_cast") for c in conditions):
        ability.pop("duration", None)  # 「このターン、この呪文を唱える前に…」 scopes the condition
    form.update(ability)
    return form


def _flat_tokens(items):
    out = []
    for item in items:
        if isinstance(item, list):
            out.extend(_flat_tokens(item))
        elif isinstance(item, Token):
            out.append(item)
    return out


def _flatten(action):
    return action if isinstance(action, list) else [action]


def _action(action, items) -> tuple:
    return ("action", action, _ends(items))


def _as_list(value) -> list:
    return value if isinstance(value, list) else [value]


def _name(token) -> str:
    return str(token)[1:-1]


def _destroy(flt: dict) -> dict:
    """「自分の他のクリーチャーを1体破壊する」 as a ``destroy`` action."""
    flt = _filter(flt)
    count = flt.pop("_count", 1)
    if flt.get("type") == "creature":
        del flt["type"]
    return {"destroy": {"count": count, **flt} if count != 1 else (flt or 1)}


def _filter(flt) -> dict:
    """A card phrase as a filter of the structured form (private markers dropped or mapped)."""
    if not isinstance(flt, dict):
        raise ValueError("expected a card phrase")
    out = {k: v for k, v in flt.items() if not k.startswith("_") or k == "_count"}
    if flt.get("_not_evolution"):
        raise ValueError("「進化クリーチャーではない」 cannot be stated")
    return out


def _choice(flt: dict, from_zone: str, dest: tuple) -> dict:
    _, to_zone, verb, position, *owner = dest
    if owner == ["自分の"] and flt.get("whose") == "opponent":
        raise ValueError(
            "the opponent's cards put into 「自分の」 zone (a zone of another player than their owner) cannot be stated"
        )
    count = flt.pop("_count", 1)
    choice = {"count": count, "from": from_zone, "to": to_zone, "verb": verb}
    if position:
        choice["position"] = position
    choice.update(flt)
    return choice


def _choices(flt: dict, source, dest: tuple):
    """A choice from one zone, or 「AまたはBから…好きな数」 from two: any number from the one and any number
    from the other (both chosen when the replacement is decided) is the same choice. A fixed number from two
    zones is not two choices, and is not stated."""
    if isinstance(source, str):
        return {"choose": _choice(dict(flt), source, dest)}
    if flt.get("_count") != "any":
        raise ValueError(
            f"a choice of {flt.get('_count', 1)} cards from either of two zones "
            f"({' or '.join(source)}) cannot be stated: `choose` takes one `from`"
        )
    return [{"choose": _choice(dict(flt), zone, dest)} for zone in source]


def _moves_event_card(action) -> bool:
    if isinstance(action, str):
        return action in ("top_card_only",)
    return "move_to" in action


def _loser(watch: dict) -> str | None:
    """The player who loses in a watched 「〜がゲームに負ける」 or 「〜が勝つ」 (its opponent loses)."""
    player = watch.get("player")
    if watch.get("_win"):
        return {"own": "opponent", "opponent": "own"}.get(player, player)
    return player


def _merge_watch(first: dict, second: dict) -> dict | None:
    """「AがX時、またはBがY時」: two watched events of one ability, as one watch when one watch can name
    both (the same card, zones and conditions); None when it cannot."""
    if first.get("event") == "lose" and second.get("event") == "lose":
        # 「自分がゲームに負ける時、または相手が勝つ時」: the same event, said twice
        if _loser(first) != _loser(second):
            return None
        merged = dict(first)
        merged.pop("_win", None)
        merged["player"] = _loser(first)
        merged.pop("cause", None)
        return merged
    if {k: v for k, v in first.items() if k != "event"} != {k: v for k, v in second.items() if k != "event"}:
        return None
    events = _as_list(first.get("event")) + [
        e for e in _as_list(second.get("event")) if e not in _as_list(first.get("event"))
    ]
    merged = {**second, "event": events}
    return merged
