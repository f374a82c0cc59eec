"""The steps of an effect, read from its source card's printed text.

A scenario's effect may say ``printed: true`` instead of listing its events:
its steps are then read from the text of its source card, in the step
vocabulary of docs/scenario-format.md. Only a small vocabulary of effect
sentences is read; any other sentence of the effect is an error naming the
phrase, never approximated (docs/card-text.md, "Effects read from the text"):

- 「このクリーチャーをバトルゾーンに出した時、」 (or 「出た時、」) opens the
  triggered ability whose effect it is (``by: ability``): its sentences are
  the rest of that line;
- 「(相手の|自分の)(パワーN以下の)(相手の|自分の)クリーチャーをすべて破壊する」 →
  ``{destroy: {all: {whose, type: creature, power_max: N}}}``: every matching
  creature when the step's window opens, one destroy event each;
- 「自分の山札の上から1枚目を(N枚を)自分のマナゾーンに置く」 → ``{put_into_mana: OWN,
  count: N}``: the top N cards of the controller's deck as the window opens, one event each;
- a self-replacement (自己置換効果, 609.7) of the sentence before it:
  「CONDITIONあれば、パワーN以下のかわりにM以下の…をすべて破壊する」 → the step's
  ``instead``, with the condition read as counts of cards in a zone (likewise
  「自分の山札の上から1枚目のかわりに、上からN枚を自分のマナゾーンに置く」):
  「バトルゾーンに自分の《X》が1体でも」 → ``{zone: battle, whose: own, name: X}``;
  「自分のマナゾーンにN枚以上カードが」 → ``{zone: mana, whose: own, at_least: N}``.
  The keyword メタモーフ (「メタモーフ(自分のマナゾーンに7枚以上カードがあれば、
  この呪文は次の能力を得る)」) gives the line after it that condition.

For a spell (``by: spell``), every line is the effect, except 「S・トリガー」.
"""

from __future__ import annotations

import re

from .compiler import _LINES
from .normalize import normalize, sentences

TRIGGER = re.compile(r"^このクリーチャーをバトルゾーンに出した時、|^このクリーチャーがバトルゾーンに出た時、")
WHOSE = {"相手の": "opponent", "自分の": "own"}
DESTROY_ALL = re.compile(r"^(?P<w1>相手の|自分の)?(?:パワー(?P<max>\d+)以下の)?(?P<w2>相手の|自分の)?"
                         r"クリーチャーをすべて破壊する$")
POWER_INSTEAD = re.compile(r"^パワー(?P<old>\d+)以下のかわりに(?P<new>\d+)以下の(?P<w>相手の|自分の)?"
                           r"クリーチャーをすべて破壊する$")
MANA_TOP = re.compile(r"^自分の山札の上から(?:(?P<nth>1)枚目|(?P<n>\d+)枚)を自分のマナゾーンに置く$")
MANA_TOP_INSTEAD = re.compile(r"^自分の山札の上から(?P<old>\d+)枚目のかわりに、上から(?P<new>\d+)枚を自分のマナゾーンに"
                              r"置く$")
CONDITION = re.compile(r"^(?P<cond>.+?)(?:あれば|なら)、(?P<body>.+)$")
COUNTS = (
    (re.compile(r"^バトルゾーンに(?P<w>自分の|相手の)《(?P<name>[^》]+)》が1体でも$"),
     lambda m: {"zone": "battle", "whose": WHOSE[m["w"]], "name": m["name"]}),
    (re.compile(r"^(?P<w>自分の|相手の)マナゾーンに(?P<n>\d+)枚以上カードが$"),
     lambda m: {"zone": "mana", "whose": WHOSE[m["w"]], "at_least": int(m["n"])}),
)
METAMORPH = re.compile(r"^メタモーフ\((?P<cond>.+)あれば、この呪文は次の能力を得る\)$")
SKIPPED = ("S・トリガー",)


class Unread(Exception):
    """A phrase of the effect outside the vocabulary read: ``phrase`` as normalised, and why."""

    def __init__(self, phrase: str, problem: str):
        super().__init__(f"「{phrase}」: {problem}")
        self.phrase = phrase
        self.problem = problem


def _condition(text: str) -> dict:
    for pattern, make in COUNTS:
        m = pattern.match(text)
        if m:
            return make(m)
    raise Unread(text, "a condition dmrules does not read (it reads 「バトルゾーンに自分の《X》が1体でも」 "
                       "and 「自分のマナゾーンにN枚以上カードが」)")


def _destroy_all(whose: str | None, power_max: str | None) -> dict:
    flt: dict = {}
    if whose:
        flt["whose"] = WHOSE[whose]
    flt["type"] = "creature"
    if power_max is not None:
        flt["power_max"] = int(power_max)
    return {"destroy": {"all": flt}}


def _base(sentence: str, own: str) -> dict:
    m = DESTROY_ALL.match(sentence)
    if m:
        if m["w1"] and m["w2"]:
            raise Unread(sentence, "two owners named")
        return _destroy_all(m["w1"] or m["w2"], m["max"])
    m = MANA_TOP.match(sentence)
    if m:
        return {"put_into_mana": own, "count": int(m["nth"] or m["n"])}
    raise Unread(sentence, "an effect sentence dmrules does not read (it reads 「…クリーチャーをすべて破壊する」, "
                           "「自分の山札の上からN枚を自分のマナゾーンに置く」 and their self-replacements)")


def _self_replacement(body: str, step: dict | None) -> dict:
    """The events of 「〜のかわりに〜する」 as the sentence before it (``step``) is modified."""
    base = step["events"][0] if step and len(step["events"]) == 1 else {}
    m = MANA_TOP_INSTEAD.match(body)
    if m:
        if "put_into_mana" not in base or base["count"] != int(m["old"]):
            raise Unread(body, f"the sentence before it puts no {m['old']} cards of the deck's top into the mana zone")
        return {"put_into_mana": base["put_into_mana"], "count": int(m["new"])}
    m = POWER_INSTEAD.match(body)
    if not m:
        raise Unread(body, "a self-replacement dmrules does not read (it reads 「パワーN以下のかわりにM以下の…"
                           "クリーチャーをすべて破壊する」 and 「自分の山札の上から1枚目のかわりに、上からN枚を自分の"
                           "マナゾーンに置く」)")
    base = base["destroy"]["all"] if isinstance(base.get("destroy"), dict) else None
    if base is None or base.get("power_max") != int(m["old"]):
        raise Unread(body, f"the sentence before it destroys no creature of power {m['old']} or less")
    if m["w"] and WHOSE[m["w"]] != base.get("whose"):
        raise Unread(body, "it names other owners than the sentence it replaces")
    return _destroy_all(m["w"] or next((k for k, v in WHOSE.items() if v == base.get("whose")), None), m["new"])


def effect_steps(text: str, by: str, own: str = "own") -> list[dict]:
    """The steps of the effect of a card's printed ``text``, the first one the effect's first
    window: each ``{events: [...]}`` with an optional ``instead: {if: [...], events: [...]}``.
    ``by`` is ``spell`` (the whole text is the spell's) or ``ability`` (the one triggered ability
    of the text); ``own`` is the name of the effect's controller (「自分の山札」). Raises ``Unread``
    for a phrase outside the vocabulary."""
    lines = [normalize(line) for line in _LINES.split(text) if line.strip()]
    if by == "ability":
        triggered = [line for line in lines if TRIGGER.match(line)]
        if len(triggered) != 1:
            raise Unread(text, f"{len(triggered)} triggered abilities 「このクリーチャーをバトルゾーンに出した時、」 "
                               "in the text; dmrules reads the effect of exactly one")
        body = TRIGGER.sub("", triggered[0])
        units = [(None, body)]
    elif by == "spell":
        units = []
        condition = None
        for line in lines:
            if line in SKIPPED:
                continue
            m = METAMORPH.match(line)
            if m:
                condition = _condition(m["cond"])
                continue
            units.append((condition, line))
            condition = None
        if condition is not None:
            raise Unread(lines[-1], "メタモーフ gives no line after it")
    else:
        raise Unread(text, f"an effect 'by: {by}' is not read from a printed text (only 'spell' and 'ability')")
    steps: list[dict] = []
    for keyword_condition, line in units:
        for _, sentence in sentences(line):
            if keyword_condition is None:
                m = CONDITION.match(sentence)
                if m and "かわり" in m["body"]:
                    if not steps:
                        raise Unread(sentence, "a self-replacement with no sentence before it to replace")
                    if "instead" in steps[-1]:
                        raise Unread(sentence, "a second self-replacement of the same sentence")
                    steps[-1]["instead"] = {"if": [_condition(m["cond"])],
                                            "events": [_self_replacement(m["body"], steps[-1])]}
                    continue
            else:
                if "かわり" not in sentence:
                    raise Unread(sentence, "an ability メタモーフ gives that is not a self-replacement")
                if not steps:
                    raise Unread(sentence, "a self-replacement with no sentence before it to replace")
                if "instead" in steps[-1]:
                    raise Unread(sentence, "a second self-replacement of the same sentence")
                steps[-1]["instead"] = {"if": [keyword_condition],
                                        "events": [_self_replacement(sentence, steps[-1])]}
                continue
            if "かわり" in sentence:
                raise Unread(sentence, "a self-replacement dmrules does not read")
            steps.append({"events": [_base(sentence, own)]})
    if not steps:
        raise Unread(text, "the text has no effect sentence")
    return steps
