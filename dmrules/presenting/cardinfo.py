"""Showing cards and the structured form of their replacement abilities (`dmrules cards`)."""

from __future__ import annotations

from dataclasses import asdict

from ..game.abilities import Action, ReplacementAbility
from ..game.cards import CardDef
from .ability_words import action_words, filter_words, then_words
from .safe import visible

ACTION_WORDS = {
    "stay": "stay",
    "move_under": "goes under this card instead",
    "turn_face_up": "is turned face up where it is instead",
    "move_top": "only the top card of its stack goes",
    "choose_instead": "this card's player chooses instead",
    "flip_source": "this card flips",
    "destroy_partner": "destroy the other creature of the battle",
    "win": "its controller wins",
}


def filter_text(flt, noun: str = "card") -> str:
    """A filter in words, as `cards parse` says it (``another ガーディアン of yours``), never a Python repr."""
    extra = []
    if flt.cost_not is not None:
        extra.append(f"cost other than {flt.cost_not}")
    if flt.flags:
        extra.append("marked " + ", ".join(flt.flags))
    if flt.without_flags:
        extra.append("not marked " + ", ".join(flt.without_flags))
    if flt.ids:
        extra.append("one of " + ", ".join(flt.ids))
    return filter_words(flt, noun) + (f" ({'; '.join(extra)})" if extra else "")


def action_text(action: Action) -> str:
    if action.kind in ACTION_WORDS:
        return ACTION_WORDS[action.kind]
    if action.kind == "move":
        return f"goes to {action.zone} instead"
    if action.kind == "move_source":
        return f"this card: {action.verb} → {action.zone}"
    if action.kind == "power":
        return f"power {action.count:+}"
    if action.kind == "mill":
        return f"top {action.count} of {action.whose} deck → {action.zone or 'graveyard'}"
    if action.kind == "draw":
        return f"draw {action.count}"
    if action.kind == "partner_to":
        return f"the other creature of the battle goes to {action.zone} too"
    slot = action.slot
    if slot is None:
        return action_words(action)
    return f"choose {slot.count_form} from {slot.from_zone} ({slot.verb} → {slot.to_zone}): {filter_text(slot.filter)}"


def _watch_text(w) -> str:
    watch = "/".join(w.events)
    if w.subject:
        watch += f" of {w.subject}"
    if w.filter is not None:
        watch += f" of {filter_text(w.filter)}"
    for label, value in (("from", w.from_zone), ("to", w.to_zone), ("cause", w.cause), ("cast from", w.cast_from)):
        if value:
            watch += f", {label} {value}"
    if w.from_not:
        watch += f", not from {'/'.join(w.from_not)}"
    if w.to_not:
        watch += f", not to {'/'.join(w.to_not)}"
    if w.partner is not None:
        watch += f", with {filter_text(w.partner)}"
    if w.conditions:
        watch += f", when {'+'.join(w.conditions)}"
    if w.once:
        watch += ", as a whole (one event however many cards)"
    if w.on is not None:
        watch += f", on [{_watch_text(w.on)}]"
    return watch


def ability_lines(ability: ReplacementAbility) -> list[str]:
    w = ability.watch
    watch = _watch_text(w)
    kind = "optional" if ability.optional else "mandatory"
    if ability.spell_own_movement:
        kind += ", spell's own movement (609.8a)"
    lines = [
        f"    watches: {watch}",
        f"    instead: {'; '.join(action_text(a) for a in ability.instead)}",
        f"    {kind}; works in: {ability.works_in}"
        + (f"; needs flag {ability.requires_flag}" if ability.requires_flag else ""),
    ]
    for step in ability.then:
        lines.append(f"    then: {then_words(step)}")
    if ability.text:
        lines.insert(0, f"  「{ability.text}」")
    return lines


def characteristic_lines(card: CardDef) -> list[str]:
    """The card's type, civilizations, races, cost and power, each on its line (what the card
    pool gives; a characteristic it does not give is said to be unknown)."""
    kinds = "/".join(card.types)
    lines = [f"  type: {card.printed_type} ({kinds})" if card.printed_type else f"  type: {kinds}"]
    unknown = set(card.unknown)
    for field, label in (("civilizations", "civilization"), ("races", "race")):
        values = getattr(card, field)
        if values:
            lines.append(f"  {label}{'s' if len(values) > 1 else ''}: {' / '.join(values)}")
        elif field in unknown:
            lines.append(f"  {label}: unknown (the card list does not give it)")
    for field in ("cost", "power"):
        value = getattr(card, field)
        if value is not None:
            sign = card.power_sign if field == "power" else None
            changes = {"+": " (an ability raises it)", "-": " (an ability lowers it)"}.get(sign or "", "")
            lines.append(f"  {field}: {value}{sign or ''}{changes}")
        elif field in unknown:
            lines.append(f"  {field}: unknown (the card list does not give it)")
    if card.keywords:
        lines.append(f"  keywords: {', '.join(card.keywords)}")
    if card.sets:
        lines.append(f"  sets: {', '.join(card.sets)}")
    return lines


def card_text(card: CardDef, detailed: bool = False) -> str:
    head = f"{card.name}  [{'/'.join(card.types)}]"
    if card.cost is not None:
        head += f" cost {card.cost}"
    if not detailed:
        n = len(card.replacements)
        return visible(head) + (f"  ({n} replacement ability{'s' if n != 1 else ''})" if n else "") + "\n"
    lines = [head, *characteristic_lines(card)]
    if card.text:
        lines.append(f"  text: {card.text}")
    if card.source:
        lines.append(f"  source: {card.source}")
    if card.text_source == "paraphrase":
        lines.append("  (text written from the rulings' paraphrase, not the printed card)")
    if card.hand_written and (card.replacements or card.triggers):
        lines.append("  (structured form written by hand)")
    if card.partial:
        lines.append(f"  partial: {card.partial}")
    if card.unread:  # a text with an ability the compiler cannot read: a scenario naming the card is refused
        lines.append(f"  unread: {card.unread}")
    if card.note:
        lines.append(f"  note: {card.note}")
    for i, ability in enumerate(card.replacements, start=1):
        lines.append(f"  replacement {i}:")
        lines.extend(ability_lines(ability))
    for i, restriction in enumerate(card.restrictions, start=1):
        w = restriction.forbid
        what = "/".join(w.events) + (f" of {w.subject}" if w.subject else "")
        if w.filter is not None:
            what += f" of { ({k: v for k, v in asdict(w.filter).items() if v not in (None, False, (), 'any')}) }"
        for label, value in (("from", w.from_zone), ("to", w.to_zone)):
            if value:
                what += f", {label} {value}"
        if w.conditions:
            what += f", when {'+'.join(w.conditions)}"
        lines.append(f"  restriction {i}:" + (f" 「{restriction.text}」" if restriction.text else ""))
        lines.append(f"    forbids: {what}; works in: {restriction.works_in}")
    return visible("\n".join(lines), lines=True) + "\n\n"


def card_json(card: CardDef) -> dict:
    """The card and its structured abilities as plain data (places in the source file left out)."""

    def clean(value):
        if isinstance(value, dict):
            return {k: clean(v) for k, v in value.items() if k not in ("node", "cards_node")}
        if isinstance(value, (list, tuple)):
            return [clean(v) for v in value]
        return value

    return clean(asdict(card))
