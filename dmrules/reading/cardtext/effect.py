"""The steps of an effect, read from its source card's printed text.

A scenario's effect may say ``printed: true`` instead of listing its events:
its steps are then read from the text of its source card, in the step
vocabulary of docs/scenario-format.md. Only a small vocabulary of effect
sentences is read, the grammar effect.lark; any other sentence of the effect
is an error naming the phrase, never approximated (docs/card-text.md,
"Effects read from the text"):

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

from functools import lru_cache
from importlib import resources

import lark

from .normalize import normalize, sentences
from .parsing import _LINES, MAX_SENTENCE

# The sentences themselves are read with effect.lark; these are the line's parts around them.
TRIGGERS = ("このクリーチャーをバトルゾーンに出した時、", "このクリーチャーがバトルゾーンに出た時、")
EFFECT_WHOSE = {"相手の": "opponent", "自分の": "own"}
SKIPPED = ("S・トリガー",)


class Unread(Exception):
    """A phrase of the effect outside the vocabulary read: ``phrase`` as normalised, and why."""

    def __init__(self, phrase: str, problem: str):
        super().__init__(f"「{phrase}」: {problem}")
        self.phrase = phrase
        self.problem = problem


@lru_cache(maxsize=1)
def _parser() -> lark.Lark:
    grammar = (resources.files(__package__) / "effect.lark").read_text(encoding="utf-8")
    return lark.Lark(
        grammar, parser="earley", lexer="dynamic", start=["sentence", "condition", "instead", "metamorph", "used"]
    )


def _parse(text: str, start: str) -> lark.Tree | None:
    if len(text) > MAX_SENTENCE:  # longer than any printed sentence: not read (and not parsed)
        return None
    try:
        return _parser().parse(text, start=start)
    except lark.exceptions.UnexpectedInput:
        return None


def _token_values(tree: lark.Tree, kind: str) -> list[str]:
    return [str(t) for t in tree.scan_values(lambda v: isinstance(v, lark.Token) and v.type == kind)]


def _effect_condition(text: str) -> dict:
    tree = _parse(text, "condition")
    if tree is None:
        raise Unread(
            text,
            "a condition dmrules does not read (it reads 「バトルゾーンに自分の《X》が1体でも」 "
            "and 「自分のマナゾーンにN枚以上カードが」)",
        )
    whose = EFFECT_WHOSE[_token_values(tree, "WHOSE")[0]]
    if tree.data == "battle_has":
        return {"zone": "battle", "whose": whose, "name": _token_values(tree, "NAME")[0]}
    return {"zone": "mana", "whose": whose, "at_least": int(_token_values(tree, "NUMBER")[0])}


def _destroy_all(whose: str | None, power_max: str | None) -> dict:
    flt: dict = {}
    if whose:
        flt["whose"] = EFFECT_WHOSE[whose]
    flt["type"] = "creature"
    if power_max is not None:
        flt["power_max"] = int(power_max)
    return {"destroy": {"all": flt}}


def _base(sentence: str, tree: lark.Tree | None, own: str) -> dict:
    if tree is not None and tree.data == "destroy_all":
        whose, power = _token_values(tree, "WHOSE"), _token_values(tree, "NUMBER")
        if len(whose) > 1:
            raise Unread(sentence, "two owners named")
        return _destroy_all(whose[0] if whose else None, power[0] if power else None)
    if tree is not None and tree.data == "mana_top":
        return {
            "put_into_mana": own,
            "count": 1 if _token_values(tree, "FIRST") else int(_token_values(tree, "NUMBER")[0]),
        }
    raise Unread(
        sentence,
        "an effect sentence dmrules does not read (it reads 「…クリーチャーをすべて破壊する」, "
        "「自分の山札の上からN枚を自分のマナゾーンに置く」 and their self-replacements)",
    )


def _self_replacement(body: str, step: dict | None) -> dict:
    """The events of 「〜のかわりに〜する」 as the sentence before it (``step``) is modified."""
    base = step["events"][0] if step and len(step["events"]) == 1 else {}
    tree = _parse(body, "instead")
    if tree is None:
        raise Unread(
            body,
            "a self-replacement dmrules does not read (it reads 「パワーN以下のかわりにM以下の…"
            "クリーチャーをすべて破壊する」 and 「自分の山札の上から1枚目のかわりに、上からN枚を自分の"
            "マナゾーンに置く」)",
        )
    old, new = (int(n) for n in _token_values(tree, "NUMBER"))
    if tree.data == "mana_top_instead":
        if "put_into_mana" not in base or base["count"] != old:
            raise Unread(body, f"the sentence before it puts no {old} cards of the deck's top into the mana zone")
        return {"put_into_mana": base["put_into_mana"], "count": new}
    base = base["destroy"]["all"] if isinstance(base.get("destroy"), dict) else None
    if base is None or base.get("power_max") != old:
        raise Unread(body, f"the sentence before it destroys no creature of power {old} or less")
    whose = _token_values(tree, "WHOSE")
    if whose and EFFECT_WHOSE[whose[0]] != base.get("whose"):
        raise Unread(body, "it names other owners than the sentence it replaces")
    if not whose and base.get("whose") is not None:
        # 「パワー2000以下のかわりに4000以下のクリーチャーをすべて破壊する」 after 「相手の…」: every player's
        # creatures, as printed, or the sentence's owners still, is not said
        raise Unread(body, "it names no owner, where the sentence it replaces names one")
    return _destroy_all(whose[0] if whose else None, str(new))


def effect_steps(text: str, by: str, own: str = "own") -> list[dict]:
    """The steps of the effect of a card's printed ``text``, the first one the effect's first
    window: each ``{events: [...]}`` with an optional ``instead: {if: [...], events: [...]}``.
    ``by`` is ``spell`` (the whole text is the spell's) or ``ability`` (the one triggered ability
    of the text); ``own`` is the name of the effect's controller (「自分の山札」). Raises ``Unread``
    for a phrase outside the vocabulary."""
    lines = [normalize(line) for line in _LINES.split(text) if line.strip()]
    units = _effect_units(text, lines, by)
    steps: list[dict] = []
    for keyword_condition, line in units:
        for _, sentence in sentences(line):
            tree = _parse(sentence, "sentence")
            if keyword_condition is None:
                if tree is not None and tree.data == "conditioned":
                    if not steps:
                        raise Unread(sentence, "a self-replacement with no sentence before it to replace")
                    if "instead" in steps[-1]:
                        raise Unread(sentence, "a second self-replacement of the same sentence")
                    condition_text = _token_values(tree, "CONDITION_TEXT")[0]
                    body = _token_values(tree, "INSTEAD_TEXT")[0]
                    steps[-1]["instead"] = {
                        "if": [_effect_condition(condition_text)],
                        "events": [_self_replacement(body, steps[-1])],
                    }
                    continue
            else:
                if "かわり" not in sentence:
                    raise Unread(sentence, "an ability メタモーフ gives that is not a self-replacement")
                if not steps:
                    raise Unread(sentence, "a self-replacement with no sentence before it to replace")
                if "instead" in steps[-1]:
                    raise Unread(sentence, "a second self-replacement of the same sentence")
                steps[-1]["instead"] = {"if": [keyword_condition], "events": [_self_replacement(sentence, steps[-1])]}
                continue
            if "かわり" in sentence:
                raise Unread(sentence, "a self-replacement dmrules does not read")
            steps.append({"events": [_base(sentence, tree, own)]})
    if not steps:
        raise Unread(text, "the text has no effect sentence")
    return steps


def _effect_units(text: str, lines: list[str], by: str) -> list[tuple[dict | None, str]]:
    """The lines of the effect, each with the condition a keyword before it gives it (メタモーフ)."""
    units: list[tuple[dict | None, str]] = []
    if by == "ability":
        triggered = [line for line in lines if line.startswith(TRIGGERS)]
        if len(triggered) != 1:
            raise Unread(
                text,
                f"{len(triggered)} triggered abilities 「このクリーチャーをバトルゾーンに出した時、」 "
                "in the text; dmrules reads the effect of exactly one",
            )
        body = next(triggered[0][len(t) :] for t in TRIGGERS if triggered[0].startswith(t))
        return [(None, body)]
    if by != "spell":
        raise Unread(text, f"an effect 'by: {by}' is not read from a printed text (only 'spell' and 'ability')")
    condition: dict | None = None
    for line in lines:
        if line in SKIPPED:
            continue
        keyword = _parse(line, "metamorph")
        if keyword is not None:
            condition = _effect_condition(_token_values(keyword, "CONDITION_TEXT")[0])
            continue
        units.append((condition, line))
        condition = None
    if condition is not None:
        raise Unread(lines[-1], "メタモーフ gives no line after it")
    return units


# -- the ability a サイレントスキル uses instead of untapping -----------------------------------


def _used_event(tree: lark.Tree) -> dict | None:
    """One event of a used ability, in the vocabulary of a card's follow-up steps (players
    ``own``/``opponent`` from the ability's controller); None for an effect that lasts."""
    numbers = [int(n) for n in _token_values(tree, "NUMBER")]
    count = 1 if _token_values(tree, "FIRST") else numbers[0] if numbers else 1
    kind = tree.data
    if kind == "destroy_all":
        whose, power = _token_values(tree, "WHOSE"), _token_values(tree, "NUMBER")
        if len(whose) > 1:
            raise Unread(str(tree), "two owners named")
        return _destroy_all(whose[0] if whose else None, power[0] if power else None)
    if kind in ("top_to_mana", "top_to_shields"):
        return {"put_into_mana" if kind == "top_to_mana" else "put_into_shields": "own", "count": count}
    if kind == "draw":
        return {"draw": "own", "count": count}
    if kind == "break_shields":
        return {"break": {"choose": {"count": count, "from": "shields", "whose": "opponent"}}}
    if kind == "destroy_chosen":
        choice: dict = {"count": count, "type": "creature"}
        whose = _token_values(tree, "WHOSE")
        if whose:
            choice["whose"] = EFFECT_WHOSE[whose[0]]
        if _token_values(tree, "KEYWORD"):
            choice["keyword"] = _token_values(tree, "KEYWORD")[0]
        return {"destroy": {"choose": choice}}
    if kind == "mana_to_battle":
        return {
            "put_into_battle": {
                "choose": {"count": count, "from": "mana", "whose": "own", "race": _token_values(tree, "RACE")[0]}
            }
        }
    if kind == "opponent_destroys_own":
        return {"destroy": {"choose": {"count": count, "whose": "own", "type": "creature", "chooser": "opponent"}}}
    if kind == "discard_seen":
        return {"discard": {"choose": {"count": count, "from": "hand", "whose": "opponent"}}}
    if kind == "mana_to_hand":
        choice = {"count": count, "from": "mana", "whose": "own"}
        if _token_values(tree, "UP_TO"):
            choice["optional"] = True
        return {"return_to_hand": {"choose": choice}}
    if kind == "hand_to_shields":
        choice = {"count": count, "from": "hand", "whose": "own"}
        if _token_values(tree, "MAY"):
            choice["optional"] = True
        return {"put_into_shields": {"choose": choice}}
    if kind == "shields_to_hand":
        return {"move": {"choose": {"count": count, "from": "shields", "whose": "own"}}, "to": "hand"}
    return None  # lasting: 「このターン、…」


def used_ability_steps(line: str) -> list[dict]:
    """The follow-up steps of a サイレントスキル: the ability it uses instead of untapping, the
    line after the keyword (「パワー2000以下のクリーチャーをすべて破壊する」 → one step, its
    destructions). An ability whose effect lasts for the turn (「このターン、自分の光のクリーチャー
    はブロックされない」) makes no event now: one step with no events. Raises ``Unread`` for a
    sentence outside the vocabulary (effect.lark, start symbol ``used``)."""
    steps: list[dict] = []
    for _, sentence in sentences(normalize(line)):
        if sentence in NO_TRIGGER:
            continue  # the shield added to the hand is no shield broken: nothing triggers (dmrules models none)
        condition = None
        if sentence.startswith(IF_DONE):
            # 「そうした場合、…」: only when the step before it was done (101.3a: attempted)
            events = steps[-1]["events"] if steps else []
            if len(events) != 1:
                raise Unread(sentence, "「そうした場合」 after no single event")
            condition, sentence = {"attempted": f"then{len(steps)}.1"}, sentence[len(IF_DONE) :]
        tree = _parse(sentence, "used")
        if tree is None:
            raise Unread(sentence, "an ability used instead (サイレントスキル) that dmrules does not read")
        event = _used_event(tree)
        steps.append({"events": [] if event is None else [event], **({"if": condition} if condition else {})})
    if not steps:
        raise Unread(line, "no ability to use")
    return steps


IF_DONE = "そうした場合、"
NO_TRIGGER = ("(その「S・トリガー」能力は使えない)", "(その「S・トリガー」は使えない)")
