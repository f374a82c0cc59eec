"""Cards: a card as printed (``CardDef``) and a card in the situation (``CardInstance``)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .abilities import ReplacementAbility, Restriction, TriggeredAbility

# What a scenario can say of a card in play: effects that keep it where it is or out of reach.
MARKERS = ("cannot_be_destroyed", "cannot_leave", "untouchable", "cannot_flip", "cannot_be_broken")
# The zones whose cards are face up unless a card was put face down (the shields are face down).
FACE_UP_ZONES = ("battle", "mana", "graveyard")
# The characteristics a card list may leave out (``CardDef.unknown``); no card list gives souls.
CHARACTERISTICS = ("races", "civilizations", "cost", "power", "souls")


@dataclass(frozen=True)
class CardSide:
    """One side of a twinpact (ツインパクト): its own name, types and characteristics."""

    name: str
    types: tuple[str, ...]
    civilizations: tuple[str, ...] = ()
    races: tuple[str, ...] = ()
    cost: int | None = None
    power: int | None = None
    text: str | None = None


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
    other_side: CardDef | None = None  # the card ``flips_to`` names, when the card pool has it
    source: str | None = None  # where the printed text was found (a public name)
    compiled: bool = False  # the replacements are what the compiler reads from ``text``
    unread: str | None = None  # why the compiler cannot read ``text`` yet
    unknown: tuple[str, ...] = ()  # characteristics the source does not give
    partial: str | None = None  # what the structured form leaves out of the printed text, or states otherwise
    sides: tuple[CardSide, ...] = ()  # a twinpact's two sides (the card's own fields are their union)
    keywords: tuple[str, ...] = ()  # the keywords its printed text gives it (「ブロッカー」, 「サイレントスキル」)
    crossed_keywords: tuple[str, ...] = ()  # the keywords it gives the creature it is crossed to
    # Keywords its text gives otherwise (to other cards, or under a condition): (keyword, sentence), not read.
    keyword_grants: tuple[tuple[str, str], ...] = ()
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
        not give, the power when an ability changes the printed one (「3000+」: how much, the card
        pool does not say), and the souls of a card of a card list (「W・ソウル」: none gives them)."""
        unknown = self.unknown
        if self.power_sign and "power" not in unknown:
            unknown += ("power",)
        if (self.printed_type or unknown) and "souls" not in unknown:
            unknown += ("souls",)  # a card list gives no souls (「W・ソウル」)
        return unknown

    @property
    def evolution(self) -> bool:
        return "evolution" in self.types

    @property
    def hyperspatial(self) -> bool:
        """Psychic and dragheart cards return to the hyperspatial zone."""
        return "psychic" in self.types or "dragheart" in self.types

    @property
    def gr(self) -> bool:
        """GR creatures go to the bottom of their owner's super GR (超GR) in the super GR zone (118.1)."""
        return "gr" in self.types


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
    face_down: bool = False  # a card of the battle or mana zone put face down (every other one is face up)
    under: str | None = None
    placed: bool = False  # put under its card rather than an evolution source: stays when that card leaves
    equipped_to: str | None = None
    fortifies: str | None = None
    component_of: str | None = None  # a component card of that creature (禁断コア, a dragheart cell): it moves with it
    ex_life_of: str | None = None  # a shield that creature's 「EXライフ」 made (「EXライフ」シールド)
    markers: frozenset[str] = frozenset()
    flags: frozenset[str] = frozenset()
    unknown: frozenset[str] = frozenset()  # characteristics neither the card pool nor the scenario gives
    granted: tuple[ReplacementAbility, ...] = ()  # abilities other cards give it (game/grants.py)
    granted_by: tuple[str, ...] = ()  # each given ability's giver (``given:G#2``: card G's second ability; an effect)
    spent: frozenset[str] = frozenset()  # its 「各ターンに1度」 abilities used this turn (``ability_keys``)
    keywords: frozenset[str] = frozenset()  # its keywords: its printed text's and those the scenario states
    given_keywords: frozenset[str] = frozenset()  # keywords other cards give it (game/grants.py)

    @property
    def name(self) -> str | None:
        return self.definition.name if self.definition else None

    @property
    def side_up(self) -> str | None:
        """「表向き」 or 「裏向き」: ``face_up`` or ``face_down``. Cards in the battle zone, the mana zone
        and the graveyard are face up unless put face down; shields face down unless put face up;
        a card in the hand or the deck is neither (its owner sees it, or no one does)."""
        if self.zone == "shields":
            return "face_up" if self.face_up else "face_down"
        if self.zone in FACE_UP_ZONES:
            return "face_down" if self.face_down else "face_up"
        return None

    def has_keyword(self, keyword: str) -> bool:
        """「「K」を持つ」: its printed text, the scenario or a grant gives it K."""
        return keyword in self.keywords or keyword in self.given_keywords

    @property
    def replacements(self) -> tuple[ReplacementAbility, ...]:
        """Its own replacement abilities (a giver's ``granted_to`` ones among them), then those
        given to it."""
        return (self.definition.replacements if self.definition else ()) + self.granted

    def ability_keys(self) -> tuple[str, ...]:
        """Each of its replacement abilities (``replacements``, in order) as one ability of the turn, for the
        limit each has (「各ターンに1度」): a printed one by its side's name and place, a given one by its giver.
        The other side of a flipped card has other abilities, a given ability another giver's is another one."""
        own = self.definition.replacements if self.definition else ()
        return tuple(f"printed:{self.name}#{i}" for i in range(1, len(own) + 1)) + self.granted_by

    @property
    def triggers(self) -> tuple[TriggeredAbility, ...]:
        return self.definition.triggers if self.definition else ()

    @property
    def restrictions(self) -> tuple[Restriction, ...]:
        return self.definition.restrictions if self.definition else ()

    @property
    def label(self) -> str:
        return f"{self.id} ({self.name})" if self.name else self.id


def faces(card: CardInstance) -> tuple[CardSide, ...]:
    """The characteristics that count for ``card`` where it is: a twinpact's creature side in the
    battle zone, both sides elsewhere (each with its own name, types, civilizations, races, cost
    and power); any other card has one face, its own."""
    sides = card.definition.sides if card.definition is not None else ()
    if not sides:
        sides = (CardSide(card.name or "", card.types, card.civilizations, card.races, card.cost, card.power),)
    elif card.zone == "battle":
        sides = tuple(side for side in sides if "creature" in side.types) or sides
        if card.power is not None and len(sides) == 1:
            # its power as an earlier window left it (engine.advance): a twinpact's creature side changed
            sides = (replace(sides[0], power=card.power),)
    if card.zone == "mana" and card.side_up == "face_down":
        # 「マナゾーンにある裏向きのカードは、マナの数字が1の無色カードとして扱う」 (水晶マナ): no civilization there
        sides = tuple(replace(side, civilizations=()) for side in sides)
    return sides


def properties(card: CardInstance) -> frozenset[str]:
    """The filter properties the card has where it is (``Filter.properties``), for the solver's facts and the
    grants alike: tapped or untapped, face up or face down, 「多色」 (two civilizations or more among the faces
    that count), 「無色」 (ゼロ文明 alone, or a face-down card of the mana zone; a card that states no
    civilization is a placeholder, not known to be colorless)."""
    civilizations = {civ for side in faces(card) for civ in side.civilizations}
    out = {"tapped" if card.tapped else "untapped"}
    if card.side_up is not None:
        out.add(card.side_up)
    if len(civilizations) > 1:
        out.add("multicolor")
    if civilizations == {"zero"} or (card.zone == "mana" and card.side_up == "face_down"):
        out.add("colorless")
    return frozenset(out)
