"""The parts the grammar reads whole that no word of the vocabulary states, each refused by name.

A rule of grammar.lark aliased ``unstated_…`` is a phrase of the card language the compiler
understands as a part (so that the sentence around it parses, and a new combination of it reads
with no new rule) but whose meaning no typed form states: reading it raises ``Unstated`` with the
reason below, and the sentence is refused naming it, never approximated.
"""

from __future__ import annotations

UNSTATED = {
    # conditions
    "unstated_not_done": (
        "「そうしなければ」: what follows when an earlier choice is not made is no condition of the vocabulary"
    ),
    "unstated_summoned_tapping": (
        "「…を自分のマナゾーンでタップしてこのクリーチャーを召喚していた場合」: "
        "the cards tapped to summon this creature are no condition of the vocabulary"
    ),
    "unstated_all_of_zone": (
        "「…のカードがすべて…であれば」: every card of a zone being of a kind is no condition of the vocabulary"
    ),
    "unstated_otherwise": (
        "「それ以外の…であれば」: the other case of an earlier condition is no condition of the vocabulary"
    ),
    "unstated_among": ("「その中に」: the cards an earlier sentence looked at are no zone of the vocabulary"),
    # card phrases
    "unstated_except": ("「…以外の」: no filter field says a card is not of a name, race, civilization or kind"),
    "unstated_same_name": ("「同じ名前の」: no filter field says two cards share a name"),
    "unstated_earlier_act": (
        "「選んだ」「表向きにした」…: cards named by what an earlier sentence did with them are no filter field"
    ),
    "unstated_power_compared": (
        "「パワーが…より大きい/小さい」: no filter field compares a card's power with another's or bounds it strictly"
    ),
    "unstated_most_power": ("「パワーの一番大きい/小さい」: no filter field says a card has the most or least power"),
    "unstated_exact_power": ("「パワーNの」: no filter field says a card's power is exactly N"),
    "unstated_same_count": ("「同じ枚数の」: a number taken from an earlier sentence cannot be stated"),
    "unstated_any_race": ("「どんな種族の」: a race requirement waived is no filter field"),
    "unstated_last": ("「最後の」: no filter field says a card is the last of its zone"),
    "unstated_crossing": ("「クロスギアをクロスしている」: no filter field says a creature has a cross gear crossed"),
    # clauses of what is done
    "unstated_rest": (
        "「残り」「それ以外」「他のN枚」: the rest of the cards an earlier sentence names is no card phrase"
    ),
    "unstated_more": ("「さらに」「余分に」: cards beyond those an earlier sentence counts cannot be stated"),
    "unstated_later": (
        "「バトルの後」「ターンの終わりに」: what is done at a later time is no action of the vocabulary"
    ),
    "unstated_among_source": ("「その中から」: the cards an earlier sentence looked at are no zone of the vocabulary"),
    "unstated_on_top": ("「…の上に置く」: a card put on top of another (an evolution) is no action of the vocabulary"),
    "unstated_back": ("「元の場所に戻す」: a card put back where it was is no action of the vocabulary"),
    "unstated_gains_next": ("「次の能力を得る」: an ability gained is no action of the vocabulary"),
    "unstated_cast_free": (
        "「コストを支払わずに唱える/召喚する」: a card cast or summoned is no action of the vocabulary"
    ),
    "unstated_battle_with": (
        "「…とバトルする」: a battle with a creature the text names is no event of the vocabulary"
    ),
    "unstated_per_each": "「…1体につき」: a number counted from cards is no count of the vocabulary",
    "unstated_each_player": "「各プレイヤーは」: what each player does in turn is no action of the vocabulary",
    "unstated_this_spell": (
        "「この呪文を」: the spell itself acted on by a clause (its own movement is the watched event) cannot be stated"
    ),
    # watched events
    "unstated_own_ability": (
        "「その能力がトリガーする時」: the abilities of the card the event it triggers on acts on are no card phrase "
        "of the vocabulary"
    ),
    "unstated_designated_god": ("「指定ゴッド」: the God a link names is no filter field"),
}


class UnstatedParts:
    """The inner parts of the rules refused by name: read as their children, for the rule around them to name."""

    def later(self, items: list):  # 「バトルの後」「自分のターンの終わりに」
        return items

    def per_each(self, items: list):  # 「…1体につき」
        return items
