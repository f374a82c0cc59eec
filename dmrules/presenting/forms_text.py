"""A card whose printed text and structured form disagree, in words (``reading.consistency``):
the warning of the command line (English) and of the workbench (either language)."""

from __future__ import annotations

from ..reading.consistency import Disagreement, disagreements
from .ability_ja import ability_words as ability_words_ja
from .ability_words import ability_words as ability_words_en
from .safe import visible


def _forms(abilities, lang: str) -> str:
    if lang == "ja":
        empty, joint = "置換能力なし", "、"
    else:
        empty, joint = "no replacement ability", "; "
    if not abilities:
        return empty
    words = ability_words_ja if lang == "ja" else ability_words_en
    return " | ".join(joint.join(words(a)) for a in abilities)


def disagreement_text(found: Disagreement, lang: str = "en") -> str:
    """The warning, naming the card, its text and both forms."""
    card = found.card
    label = visible(card.label)
    text = visible(found.text)
    if lang == "ja":
        return (
            f"カード {label}: 印刷されたテキストと構造化された形 (replacements) が食い違っています。"
            f"テキスト「{text}」の読み取り: {_forms(found.from_text, 'ja')}。"
            f"与えられた形: {_forms(found.given, 'ja')}。"
            "解くときは与えられた形に従います (テキストだけを与えれば印刷どおりに解きます)"
        )
    return (
        f"card {label}: its printed text and its 'replacements' disagree: the text 「{text}」 reads as: "
        f"{_forms(found.from_text, 'en')}; the 'replacements' given say: {_forms(found.given, 'en')}; "
        "the solver follows the 'replacements' (give 'text' alone to solve the card as printed)"
    )


def disagreement_warnings(scenario, lang: str = "en") -> list[str]:
    """One warning per inline card whose text and form disagree (English with the file's name)."""
    found = disagreements(scenario)
    if lang == "ja":
        return [disagreement_text(d, "ja") for d in found]
    return [f"{scenario.path}: {disagreement_text(d)}" for d in found]
