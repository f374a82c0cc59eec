"""Compile printed card text into structured replacement abilities.

The text is split into lines (「 / 」 or line breaks) and sentences (「。」
outside brackets); keyword reminders in parentheses are read as the text they
stand for, and keywords printed without their reminder are read from
keywords.yaml. Each sentence with 「かわりに」 is parsed with grammar.lark;
the sentences that follow a replacement (「そうした場合」, 「その後」,
「ただし、その「S・トリガー」は使えない」) are parsed as its follow-ups. A
sentence the grammar cannot read is reported with its position and what the
grammar expected there: nothing is approximated.
"""

from __future__ import annotations

import copy
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

import lark
import yaml

from .normalize import MAX_SENTENCE, normalize, sentences
from .transform import ToForm

INSTEAD = "かわり"
FOLLOW_UP = (
    "そうした場合",
    "そうしたら",
    "その後",
    "ただし",
    "その「S・トリガー」",
    "そのクリーチャーはバトルゾーンにとどまる",
    "このクリーチャーはバトルゾーンにとどまる",
)


@dataclass
class Sentence:
    """One sentence of the text and what the compiler made of it."""

    text: str  # as printed
    offset: int  # where it starts in the whole text
    verdict: str  # replacement, self_replacement, not_replacement, follow_up, other, unreadable
    keyword: str | None = None
    problem: str | None = None

    def to_json(self) -> dict:
        out = {"text": self.text, "offset": self.offset, "verdict": self.verdict}
        if self.keyword:
            out["keyword"] = self.keyword
        if self.problem:
            out["problem"] = self.problem
        return out


@dataclass
class Compiled:
    """A card text compiled: its replacement abilities, and every sentence's verdict."""

    text: str
    abilities: list[dict] = field(default_factory=list)
    sentences: list[Sentence] = field(default_factory=list)
    self_replacements: int = 0

    @property
    def problems(self) -> list[Sentence]:
        return [s for s in self.sentences if s.verdict == "unreadable"]

    @property
    def complete(self) -> bool:
        return not self.problems

    @property
    def has_replacement(self) -> bool:
        return bool(self.abilities) or self.self_replacements > 0

    def to_json(self) -> dict:
        return {
            "text": self.text,
            "complete": self.complete,
            "replacements": self.abilities,
            "self_replacements": self.self_replacements,
            "sentences": [s.to_json() for s in self.sentences],
        }


@lru_cache(maxsize=1)
def parser() -> lark.Lark:
    grammar = (resources.files(__package__) / "grammar.lark").read_text(encoding="utf-8")
    return lark.Lark(
        grammar,
        parser="earley",
        lexer="dynamic",
        ambiguity="resolve",
        start=["start", "replacement_sentence", "followup_sentence", "grant", "used_ability"],
    )


@lru_cache(maxsize=1)
def keyword_table() -> dict:
    return yaml.safe_load((resources.files(__package__) / "keywords.yaml").read_text(encoding="utf-8"))


_LINES = re.compile(r"\s+/\s+|\n")


def _keyword_parts(line: str) -> tuple[str | None, str | None, str]:
    """``(keyword, condition reminder, body)`` of a normalised line.

    「セイバー:ドラゴン(自分のドラゴンが…)」 → ("セイバー", None, reminder);
    「ホーリー・フィールド(…次の能力を得る)このクリーチャーが…」 → (None, reminder, rest);
    「マナ武装5:自分のクリーチャーが…」 → ("マナ武装", None, rest).
    """
    table = keyword_table()
    for word in table["conditions"]:
        # 「ホーリー・フィールド(…)」, or with what the keyword takes: 「O・ドライブ-光x1と自然x1:(…)」
        opening = re.match(re.escape(word) + r"(?:[-:][^()]*)?\(", line)
        if opening:
            close = _matching(line, opening.end() - 1)
            if close is not None:
                return None, line[opening.end() : close], line[close + 1 :]
    m = re.match(r"^(\{SG\})?([^()、。:]{1,24}?)(?:[:\-]([^()。]*?))?\((.*)\)$", line)
    if m and INSTEAD in m.group(4) and _matching(line, line.index("(")) == len(line) - 1:
        return m.group(2), None, m.group(4)
    m = re.match(r"^(\{SG\})?([^()、。:]{1,24}?)\s*:\s*(.*)$", line) or re.match(
        r"^(\{SG\})?([^()、。:\-]{1,24}?)\s*-\s*(.*)$", line
    )
    if m and INSTEAD in m.group(3) and "時" in m.group(3) and not m.group(2).startswith(("自分", "相手", "この")):
        return m.group(2).rstrip("0123456789"), None, m.group(3)
    m = re.match(r"^(\{SG\})?([^()、。:]{1,24}?)(?:[:\-](.*))?$", line)
    if m:
        word = m.group(2)
        arg = (m.group(3) or "").strip()
        pair = re.fullmatch(r"([^と《》「」]+)と([^と《》「」]+)", arg)
        if pair and word in table["two_kinds"]:
            return word, None, table["two_kinds"][word].replace("{A}", pair.group(1)).replace("{B}", pair.group(2))
        if word in table["keywords"] and (arg or "{X}" not in table["keywords"][word]):
            return word, None, table["keywords"][word].replace("{X}", arg)
    return None, None, line


def _matching(text: str, open_at: int) -> int | None:
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i
    return None


def _describe(error: lark.exceptions.UnexpectedInput, sentence: str) -> str:
    pos = max(0, min(len(sentence), _position(error)))
    expected = sorted(getattr(error, "expected", None) or getattr(error, "allowed", None) or [])
    words = []
    for name in expected[:6]:
        try:
            pattern = parser().get_terminal(name).pattern
            words.append(pattern.value if pattern.type == "str" else name)
        except KeyError:
            words.append(name)
    near = f"; the grammar expected {' or '.join(repr(w) for w in words)}" if words else ""
    return f"cannot read 「{sentence[pos : pos + 12]}…」 at character {pos + 1} of 「{sentence}」{near}"


def _parse(sentence: str, start: str = "start"):
    """Parse a sentence; on failure, raise the error of the rule that read furthest."""
    try:
        return parser().parse(sentence, start=start)
    except lark.exceptions.UnexpectedInput as error:
        if start != "start":
            raise
        furthest = error
        for rule in ("replacement_sentence", "followup_sentence"):
            try:
                parser().parse(sentence, start=rule)
            except lark.exceptions.UnexpectedInput as other:
                if _position(other) > _position(furthest):
                    furthest = other
        raise furthest from None


def _position(error: lark.exceptions.UnexpectedInput) -> int:
    return getattr(error, "pos_in_stream", None) or 0


def compile_text(text: str, card_type: str | None = None) -> Compiled:
    """Compile a card's printed text (the whole text, lines joined by 「 / 」 or line breaks).

    ``card_type`` is the printed type (城 for a castle): a castle's abilities work
    in the shield zone. What a text compiles to is kept between runs (``reading/cache.py``).
    """
    return copy.deepcopy(_compiled_text(text, card_type))


@lru_cache(maxsize=512)
def _compiled_text(text: str, card_type: str | None) -> Compiled:
    from ..cache import cache_root, code_key, content_key, load, store
    from ..keepable import decode, encode

    root, key = cache_root(), code_key()
    path = None
    if root is not None and key is not None:
        path = root / f"texts-{key}" / f"{content_key(str(card_type), text)}.json"
    kept = load(path)
    if kept is not None:
        try:
            found = decode(kept)
            if isinstance(found, Compiled) and found.text == text:
                return found
        except ValueError:  # of the wrong shape: compiled again
            pass
    result = _compile(text, card_type)
    store(path, encode(result))
    return result


# When compiling must stop (time.monotonic()), innermost last: ``time_limit``.
_DEADLINES: list[float] = []


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Within the block, compiling a text stops with ``SolveError`` once ``seconds`` have passed
    (the command's ``--timeout``); None sets no limit."""
    if seconds is None:
        yield
        return
    _DEADLINES.append(time.monotonic() + seconds)
    try:
        yield
    finally:
        _DEADLINES.pop()


def _in_time(text: str, offset: int) -> None:
    """Raise SolveError when the time to compile is up (checked before each sentence)."""
    if _DEADLINES and time.monotonic() > _DEADLINES[-1]:
        from ...errors import SolveError

        raise SolveError(
            f"compiling a printed card text stopped at --timeout, at character {offset + 1:,} of {len(text):,} "
            f"(「{text[:20]}…」); raise --timeout, or give a shorter text"
        )


def _compile(text: str, card_type: str | None) -> Compiled:
    result = Compiled(text=text)
    offset = 0
    carried: list = []  # a condition keyword's condition, for the abilities of the next line
    using: dict | None = None  # an ability that uses 「次の能力」 instead (サイレントスキル), waiting for it
    for raw_line in _LINES.split(text):
        line_offset = text.find(raw_line, offset)
        offset = line_offset + len(raw_line)
        _in_time(text, line_offset)
        if using is not None and _used_ability(raw_line, line_offset, using, result):
            using = None
            continue
        before = len(result.abilities)
        carried = _compile_line(raw_line, line_offset, result, carried)
        using = next(
            (a for a in result.abilities[before:] if "use_ability" in a["instead"] and not a.get("then")), None
        )
    if card_type is not None and ("城" in card_type or card_type == "castle"):
        for ability in result.abilities:
            if ability["watch"].get("card") != "fortified":
                ability.setdefault("works_in", "shields")
    return result


def _used_ability(raw_line: str, line_offset: int, ability: dict, result: Compiled) -> bool:
    """The line after an ability that uses 「次の能力」 instead: when it is actions the grammar
    reads (「自分の墓地からクリーチャーを1体、自分の手札に戻す。」), they become the ability's
    follow-up step, and the line is that ability's. Whether it was read so."""
    line = normalize(raw_line)
    if INSTEAD in line or len(line) > MAX_SENTENCE:
        return False
    try:
        events = ToForm().transform(_parse(line, "used_ability"))
    except (lark.exceptions.UnexpectedInput, lark.exceptions.VisitError):
        return False
    ability["then"] = [{"events": events}]
    result.sentences.append(Sentence(line, line_offset, "follow_up"))
    return True


def _compile_line(raw_line: str, line_offset: int, result: Compiled, carried: list) -> list:
    """Compile one line; returns the conditions it leaves for the next line's abilities."""
    line = normalize(raw_line)
    keyword, condition, body = _keyword_parts(line)
    conditions = list(carried)
    if condition is not None:
        head = condition.split("、")[0]
        try:
            if len(head) > MAX_SENTENCE:
                raise ValueError("too long")
            conditions = [_condition(head)]
        except (lark.exceptions.UnexpectedInput, lark.exceptions.VisitError, ValueError):
            result.sentences.append(
                Sentence(raw_line, line_offset, "unreadable", problem=f"cannot read the condition 「{head}」")
            )
            return []
        if not body.strip():
            result.sentences.append(Sentence(raw_line, line_offset, "other"))
            return conditions
    known_keyword = keyword in keyword_table()["keywords"]
    if INSTEAD not in body and not known_keyword:
        result.sentences.append(Sentence(raw_line, line_offset, "other"))
        return []
    current: list[dict] | None = None  # the abilities of the last replacement sentence, for its follow-ups
    granted: dict | None = None
    for start, sentence in sentences(body):
        _in_time(result.text, line_offset + start)
        if sentence.startswith("(") and sentence.endswith(")") and _matching(sentence, 0) == len(sentence) - 1:
            sentence = sentence[1:-1]  # a reminder after its keyword's sentence: 「…上に置く。(…)」
        if len(sentence) > MAX_SENTENCE:
            current = None
            result.sentences.append(Sentence(sentence, line_offset + start, "unreadable", keyword, _too_long(sentence)))
            continue
        if INSTEAD not in sentence and sentence.endswith("を得る"):
            try:
                granted = ToForm().transform(_parse(sentence, "grant"))
                result.sentences.append(Sentence(sentence, line_offset + start, "other"))
                continue
            except (lark.exceptions.UnexpectedInput, lark.exceptions.VisitError):
                granted = None
        verdict, forms, problem = _compile_sentence(sentence, current)
        if verdict == "replacement":
            problem = next((p for p in map(_refused, forms) if p is not None), None)
            if problem is not None:
                verdict, current = "unreadable", None
                result.sentences.append(Sentence(sentence, line_offset + start, verdict, keyword, problem))
                continue
            current = []
            for form in forms:
                if conditions:
                    form["if"] = conditions + form.get("if", [])
                if granted is not None:
                    form = {"keyword": granted["keyword"], "granted_to": granted["granted_to"], **form}
                elif keyword:
                    form = {"keyword": keyword, **form}
                form["text"] = sentence
                result.abilities.append(form)
                current.append(form)
        elif verdict == "self_replacement":
            result.self_replacements += 1
            current = None
        elif verdict != "follow_up":
            current = None
        result.sentences.append(Sentence(sentence, line_offset + start, verdict, keyword=keyword, problem=problem))
    return []


def _too_long(sentence: str) -> str:
    return (
        f"cannot read 「{sentence[:12]}…」: a sentence of {len(sentence):,} characters, longer than any "
        f"printed one (at most {MAX_SENTENCE} are read)"
    )


def _refused(form: dict) -> str | None:
    """Why the card loader refuses a compiled form (never expected: the check keeps the two in step)."""
    from ...errors import InputError

    try:
        read_forms([form])
    except InputError as exc:
        return f"the sentence compiles to a form the card loader refuses: {exc.problem}"
    return None


def _condition(text: str) -> dict | str:
    """A condition keyword's reminder: 「自分のシールドの数が相手以上であれば」."""
    tree = _parse(text + "、このクリーチャーが破壊される時、かわりにとどまる")
    form = ToForm().transform(tree)
    conditions = form.get("if") or []
    if len(conditions) != 1:
        raise ValueError("not one condition")
    return conditions[0]


def _compile_sentence(sentence: str, current: list[dict] | None) -> tuple[str, list[dict] | None, str | None]:
    """A sentence's verdict, the abilities it compiles to (one a watch the sentence names that one watch
    cannot name with the others), and its problem; follow-ups are added to ``current``, the abilities of
    the sentence before."""
    if INSTEAD not in sentence:
        if current is not None and sentence.startswith(FOLLOW_UP):
            try:
                follow = ToForm().transform(_parse(sentence))
            except lark.exceptions.UnexpectedInput as error:
                return "unreadable", None, _describe(error, sentence)
            except lark.exceptions.VisitError as error:
                return "unreadable", None, f"cannot read 「{sentence}」: {error.orig_exc}"
            try:
                for ability in current:
                    _attach(ability, copy.deepcopy(follow))
            except ValueError as error:  # the sentence before was read as something it cannot follow
                return "unreadable", None, f"cannot read 「{sentence}」 after the sentence before it: {error}"
            return "follow_up", None, None
        return "other", None, None
    try:
        form = ToForm().transform(_parse(sentence))
    except lark.exceptions.UnexpectedInput as error:
        return "unreadable", None, _describe(error, sentence)
    except lark.exceptions.VisitError as error:
        return "unreadable", None, f"cannot read 「{sentence}」: {error.orig_exc}"
    kind = form.pop("kind")
    if kind == "replacement":
        return "replacement", [form], None
    if kind == "replacements":  # one ability a watch: 「このクリーチャーが離れる時、または自分がゲームに負ける時」
        forms = form["forms"]
        for one in forms:
            one.pop("kind")
        return "replacement", forms, None
    return kind, None, None


def _attach(ability: dict, follow: dict) -> None:
    """A follow-up sentence's meaning, added to the replacement it follows."""
    kind = follow["kind"]
    if kind == "then":
        ability.setdefault("then", []).append({"events": follow["events"]})
    elif kind == "shuffle":
        for action in ability["instead"]:
            target = action.get("move_to") if isinstance(action, dict) else None
            if isinstance(target, dict) and target.get("zone") == "deck":
                target["position"] = "shuffle"
                return
            if target == "deck":
                action["move_to"] = {"zone": "deck", "position": "shuffle"}
                return
        raise ValueError("「山札をシャッフルする」 follows no move into the deck")
    elif kind == "no_trigger":
        for action in ability["instead"]:
            if isinstance(action, dict) and "shield_to_hand" in action:
                count = action["shield_to_hand"]
                action["shield_to_hand"] = (
                    {"count": count, "no_trigger": True} if isinstance(count, int) else {**count, "no_trigger": True}
                )
                return
            choice = action.get("choose") if isinstance(action, dict) else None
            if isinstance(choice, dict) and choice.get("from") == "shields" and choice.get("to") == "hand":
                choice["no_trigger"] = True  # 「シールドを2つ、手札に加えてもよい」: a choice of shields
                return
        raise ValueError("「その「S・トリガー」は使えない」 follows no shield put into the hand")
    elif kind == "stays":
        if "stay" not in ability["instead"]:
            ability["instead"].insert(0, "stay")


def read_forms(forms: list[dict], name: str = "<compiled>") -> tuple:
    """Structured forms (dicts) read as the card loader reads them: ``ReplacementAbility`` objects."""
    from ..abilities import parse_ability
    from ..reader import Node
    from ..yamlsrc import load_located_text

    located = load_located_text(yaml.safe_dump({"replacements": forms}, allow_unicode=True, sort_keys=False), name)
    root = Node.root(located)
    return tuple(parse_ability(a) for a in root.child("replacements").elements())


def comparable(ability) -> tuple:
    """An ability as golden forms are compared: without its text, note, keyword and ``stay``, and with the
    conditions of its watch (``when``, all of which must hold) in one order."""
    from dataclasses import replace

    instead = tuple(a for a in ability.instead if a.kind != "stay")
    watch = replace(ability.watch, conditions=tuple(sorted(ability.watch.conditions)))
    return replace(ability, text=None, note=None, keyword=None, instead=instead, watch=watch)
