"""How the English words of a card's filter say it: a race and a type both hold; races, and types, either."""

from __future__ import annotations

import pytest

from dmrules.game.filters import Filter
from dmrules.presenting.ability_words import filter_words


@pytest.mark.parametrize(
    ("flt", "words"),
    [
        (
            Filter(whose="own", other=True, races=("デーモン・コマンド",), types=("creature",)),
            "another デーモン・コマンド creature",
        ),
        (Filter(races=("ドラゴン", "ファイアー・バード")), "ドラゴン or ファイアー・バード"),
        (Filter(types=("creature", "tamaseed")), "creature or tamaseed"),
        (Filter(), "card"),
    ],
)
def test_a_filters_words_say_which_parts_both_hold(flt, words):
    assert filter_words(flt).startswith(words)
