"""Build the bundled database of the classic card list: ``python -m dmrules.reading.classic_build
tests/cards/classic.tsv > dmrules/cards/classic.json``.

Each row of the list becomes one entry of the database (``classic.py`` reads it): the card's
name, its printed type, its civilizations in the model's words, its races, cost and power (with
the sign 「+」 or 「-」 of a power an ability changes), its text, sets and sources, and what the
card-text compiler reads from the text (``textforms.py``): the replacement abilities as typed
forms (``formdata.py``), or ``unread`` with the first phrase it cannot read. Two rows that name
one card in two spellings are one entry. tests/test_classic_pool.py checks that the committed
file is what this script makes of the list.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

from ..game.errors import InputError
from .classic import CLASSIC_SCHEMA, card_types, civilizations, power
from .formdata import to_data
from .keywords import printed_keywords
from .names import name_key
from .textforms import read_text

COLUMNS = ("name", "type", "civilizations", "races", "cost", "power", "text", "sets", "source")


def entry(row: dict) -> dict:
    """The database entry of one row of the list (raises ValueError for a value it cannot read)."""
    value, sign = power(row["power"])
    out: dict = {"name": row["name"], "type": row["type"]}
    card_types(row["type"])  # a type outside the table is refused here, not when the file is read
    for key, item in (
        ("civilizations", civilizations(row["civilizations"])),
        ("races", [r for r in row["races"].split("/") if r]),
        ("cost", int(row["cost"]) if row["cost"].strip() else None),
        ("power", value),
        ("power_sign", sign),
        ("text", row["text"] or None),
        ("sets", row["sets"].split()),
        ("source", "card list " + "; ".join(s for s in row["source"].split(";") if s)),
    ):
        if item not in (None, []):
            out[key] = item
    keywords = printed_keywords(row["text"])
    for key, item in (
        ("keywords", list(keywords.own)),
        ("crossed_keywords", list(keywords.crossed)),
        ("keyword_grants", [list(g) for g in keywords.grants]),
    ):
        if item:
            out[key] = item
    if row["text"]:
        reading = read_text(row["text"], row["type"], row["name"], row["name"])
        if reading.unread is not None:
            out["unread"] = reading.unread
        else:
            for key, items in (
                ("replacements", reading.abilities),
                ("restrictions", reading.restrictions),
                ("triggers", reading.triggers),
            ):
                if items:
                    out[key] = [to_data(item) for item in items]
    return out


def read_rows(text: str, path: str) -> list[dict]:
    rows = list(csv.DictReader(io.StringIO(text), delimiter="\t"))
    missing = set(COLUMNS) - set(rows[0] if rows else ())
    if missing:
        columns, absent = ", ".join(COLUMNS), ", ".join(sorted(missing))
        raise InputError(path, "", f"needs tab-separated columns {columns} (missing {absent})")
    return rows


FIRST_LIST = "super-pylori/duel-masters-cardlist"


def distinct(rows: list[dict]) -> list[tuple[int, dict]]:
    """The rows of distinct cards, with their line numbers, in the list's order: two rows whose names
    differ only by width or spacing (「ＪＫヤミノグーデリアン」, 「JK ヤミノグーデリアン」) are one card, the
    two lists' spellings of it; the first list's row is kept, with the sets and sources of both."""
    kept: dict[str, tuple[int, dict]] = {}
    for line, row in enumerate(rows, start=2):
        key = name_key(row["name"])
        if key not in kept:
            kept[key] = (line, dict(row))
            continue
        first_line, first = kept[key]
        if FIRST_LIST in row["source"] and FIRST_LIST not in first["source"]:
            first_line, first, row = line, dict(row), first
        first["sets"] = " ".join(dict.fromkeys(first["sets"].split() + row["sets"].split()))
        first["source"] = ";".join(dict.fromkeys(first["source"].split(";") + row["source"].split(";")))
        kept[key] = (first_line, first)
    return sorted(kept.values(), key=lambda item: item[0])


def database_text(rows: list[dict], path: str = "tests/cards/classic.tsv") -> str:
    """The file ``dmrules/cards/classic.json``: one card a line, in the list's order."""
    lines = []
    for line, row in distinct(rows):
        try:
            lines.append(json.dumps(entry(row), ensure_ascii=False, separators=(",", ":")))
        except ValueError as exc:
            raise InputError(path, f"line {line}", f"{row['name']}: {exc}") from None
    head = json.dumps({"schema": CLASSIC_SCHEMA, "source": Path(path).name}, ensure_ascii=False)[:-1]
    return head + ',"cards":[\n' + ",\n".join(lines) + "\n]}\n"


def main(argv: list[str]) -> int:
    path = argv[0] if argv else "tests/cards/classic.tsv"
    rows = read_rows(Path(path).read_text(encoding="utf-8"), path)
    sys.stdout.write(database_text(rows, path))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
