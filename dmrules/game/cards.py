"""Cards: a card as printed (``CardDef``) and a card in the situation (``CardInstance``)."""

from __future__ import annotations

from dataclasses import dataclass

from .abilities import ReplacementAbility, Restriction, TriggeredAbility

# What a scenario can say of a card in play: effects that keep it where it is or out of reach.
MARKERS = ("cannot_be_destroyed", "cannot_leave", "untouchable", "cannot_flip", "cannot_be_broken")
# The characteristics a card list may leave out (``CardDef.unknown``).
CHARACTERISTICS = ("races", "civilizations", "cost", "power")


@dataclass(frozen=True)
class CardDef:
    """A card as printed, with the structured form of its replacement abilities."""

    name: str
    types: tuple[str, ...]
    civilizations: tuple[str, ...] = ()
    cost: int | None = None
    power: int | None = None
    races: tuple[str, ...] = ()
    text: str | None = None
    replacements: tuple[ReplacementAbility, ...] = ()
    triggers: tuple[TriggeredAbility, ...] = ()
    restrictions: tuple[Restriction, ...] = ()
    text_source: str = "printed"  # printed, or paraphrase: written from a ruling's paraphrase
    hand_written: bool = False  # the structured form was written by hand, not compiled from the text
    note: str | None = None
    flips_to: str | None = None
    source: str | None = None  # where the printed text was found (a public name)
    compiled: bool = False  # the replacements are what the compiler reads from ``text``
    unread: str | None = None  # why the compiler cannot read ``text`` yet
    unknown: tuple[str, ...] = ()  # characteristics the source does not give
    partial: str | None = None  # what the structured form leaves out of the printed text, or states otherwise
    printed_type: str | None = None  # the type as printed (進化クリーチャー(究極進化)), when a card list gives it
    power_sign: str | None = None  # "+" or "-" after the printed power (「3000+」): an ability changes it
    sets: tuple[str, ...] = ()  # the sets it was printed in, as the card lists name them

    @property
    def caveat(self) -> str | None:
        """Why answers that turn on this card's abilities may not hold for the real card, if they may not."""
        if self.partial:
            return f"its structured form is partial: {self.partial}"
        if self.text_source == "paraphrase" and (self.replacements or self.triggers or self.restrictions):
            return (
                "its text is a ruling's paraphrase (its printed text was not found): its structured form "
                "states only what that ruling needs"
            )
        return None

    @property
    def unknown_in_play(self) -> tuple[str, ...]:
        """The characteristics a scenario must give when a text reads them: those the source does
        not give, and the power when an ability changes the printed one (「3000+」): how much, the
        card pool does not say."""
        if self.power_sign and "power" not in self.unknown:
            return self.unknown + ("power",)
        return self.unknown

    @property
    def evolution(self) -> bool:
        return "evolution" in self.types

    @property
    def hyperspatial(self) -> bool:
        """Psychic and dragheart cards return to the hyperspatial zone."""
        return "psychic" in self.types or "dragheart" in self.types


@dataclass(frozen=True)
class CardInstance:
    """A card in the situation: where it is, whose it is, what it is."""

    id: str
    zone: str
    owner: str
    controller: str
    definition: CardDef | None
    deck_pos: int | None = None
    types: tuple[str, ...] = ()
    civilizations: tuple[str, ...] = ()
    cost: int | None = None
    power: int | None = None
    races: tuple[str, ...] = ()
    tapped: bool = False
    face_up: bool = False  # a shield put face up (シールド・ゴー); every other shield is face down
    under: str | None = None
    placed: bool = False  # put under its card rather than an evolution source: stays when that card leaves
    equipped_to: str | None = None
    fortifies: str | None = None
    markers: frozenset[str] = frozenset()
    flags: frozenset[str] = frozenset()
    unknown: frozenset[str] = frozenset()  # characteristics neither the card pool nor the scenario gives
    granted: tuple[ReplacementAbility, ...] = ()  # abilities other cards give it (reading/grants.py)

    @property
    def name(self) -> str | None:
        return self.definition.name if self.definition else None

    @property
    def replacements(self) -> tuple[ReplacementAbility, ...]:
        """Its own replacement abilities (a giver's ``granted_to`` ones among them), then those
        given to it."""
        return (self.definition.replacements if self.definition else ()) + self.granted

    @property
    def triggers(self) -> tuple[TriggeredAbility, ...]:
        return self.definition.triggers if self.definition else ()

    @property
    def restrictions(self) -> tuple[Restriction, ...]:
        return self.definition.restrictions if self.definition else ()

    @property
    def label(self) -> str:
        return f"{self.id} ({self.name})" if self.name else self.id
