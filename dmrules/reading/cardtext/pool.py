"""Cards of the bundled pool built from printed texts: `python -m dmrules.reading.cardtext.pool FILE`.

Reads a tab-separated file of printed texts (``name``, ``type``, ``kind``,
``text``, ``source``: tests/cards/printed.tsv) and prints the card entries of
dmrules/cards/printed.yaml: each `replacement` card that is not in the classic
list (``classic.json`` holds those) with its printed text, the
list it was taken from, and the structured form the compiler reads from the
text (``compiled: true``), or, where the compiler cannot read the text yet, no
form and the reason (``unread``), so that a scenario naming that card is
refused rather than solved without its ability. The card lists give no races,
civilizations, cost or power: ``unknown`` says so, and a scenario that needs
them must state them. tests/test_pool.py checks that the file is what the
compiler makes of the texts.
"""

from __future__ import annotations

import csv
import sys
from importlib import resources

import yaml

from ..carddb import load_card_file
from ..classic import classic_cards
from .compiler import compile_text

POOL_TYPES = {
    "クリーチャー": "creature",
    "呪文": "spell",
    "城": "castle",
    "G城": "g_castle",
    "クロスギア": "cross_gear",
    "進化クロスギア": "cross_gear",
    "ドラグハート・クリーチャー": "dragheart_creature",
    "ドラグハート・ウエポン": "dragheart_weapon",
    "ドラグハート・フォートレス": "dragheart_fortress",
    "サイキック・クリーチャー": "psychic_creature",
    "GRクリーチャー": "gr_creature",
    "NEOクリーチャー": "neo_creature",
    "G-NEOクリーチャー": "neo_creature",  # a G-NEO creature is a NEO creature (803.1)
    "キング・クリーチャー": "creature",
    "最終禁断クリーチャー": "creature",
    "タマシード": "tamaseed",
    "オーラ": "aura",
    "フィールド": "field",
    "D2フィールド": "field",
    "無月フィールド": "field",
    "クリーチャー／呪文": ["creature", "spell"],
    "タマシード／クリーチャー": ["tamaseed", "creature"],  # a twinpact of a タマシード side and a creature side
}
UNKNOWN = ["races", "civilizations", "cost", "power"]


def card_type(printed: str):
    if printed in POOL_TYPES:
        return POOL_TYPES[printed]
    if "進化クリーチャー" in printed:
        return "evolution_creature"
    raise ValueError(f"unknown printed type {printed!r}")


def hand_written_names() -> set[str]:
    """The bundled cards written by hand (every file but printed.yaml): printed.yaml leaves them out."""

    folder = resources.files("dmrules") / "cards"
    return {
        card.name
        for entry in folder.iterdir()
        if entry.name.endswith(".yaml") and entry.name != "printed.yaml"
        for card in load_card_file(f"dmrules/cards/{entry.name}", entry.read_text(encoding="utf-8"))
    }


def skipped_names() -> set[str]:
    """The cards printed.yaml leaves out: those written by hand, and those of the classic list
    (dmrules/cards/classic.json holds them, with their characteristics)."""
    return hand_written_names() | {card.name for card in classic_cards()}


def entries(rows: list[dict], skip: set[str]) -> list[dict]:
    out = []
    for row in rows:
        if row["kind"] != "replacement" or row["name"] in skip:
            continue
        compiled = compile_text(row["text"], row["type"], row["name"])
        entry = {
            "name": row["name"],
            "type": card_type(row["type"]),
            "text": row["text"],
            "source": f"card list {row['source']}",
            "unknown": UNKNOWN,
        }
        if compiled.complete:
            entry["compiled"] = True
            if compiled.abilities:
                entry["replacements"] = compiled.forms()
        else:
            entry["unread"] = compiled.problems[0].problem
        out.append(entry)
    return out


HEADER = """\
# Cards built from printed texts (tests/cards/printed.tsv) of the sets after the classic
# list (classic.json holds those): written by
# `python -m dmrules.reading.cardtext.pool tests/cards/printed.tsv`, never by hand.
# `compiled: true`: the replacement abilities are what the card-text compiler
# reads from `text`; `unread`: the compiler cannot read the text yet, and a
# scenario naming the card is refused. `unknown`: characteristics the card
# lists do not give (a scenario that needs them states them).
"""


def main(argv: list[str]) -> int:
    path = argv[0] if argv else "tests/cards/printed.tsv"
    rows = list(csv.DictReader(open(path, encoding="utf-8"), delimiter="\t"))
    skip = skipped_names()
    doc = {"cards": entries(rows, skip)}
    sys.stdout.write(HEADER + yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=1000))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
