"""The JSON output's schema 2 (docs/json.md): every document and line that `solve --json` and
`--jsonl` write is valid under the JSON Schema shipped in the package, and the compact
resolutions built straight from the solver's atoms (solving/brief.py) are those built from the
resolution objects (game/compact.py), in the same order, for every fixture."""

from __future__ import annotations

import io
import json
from importlib import resources

import pytest
from jsonschema import Draft202012Validator

import dmrules
from dmrules.game import compact
from dmrules.presenting.json import stream_json, stream_jsonl
from dmrules.solving import brief

from .conftest import FIXTURES, fixture_sample


@pytest.fixture(scope="module")
def validator() -> Draft202012Validator:
    text = resources.files("dmrules.presenting").joinpath("schema/solve.schema.json").read_text(encoding="utf-8")
    schema = json.loads(text)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _valid(validator: Draft202012Validator, doc: dict, where: str) -> None:
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
    assert not errors, f"{where}: {errors[0].message} at {list(errors[0].path)}"


def test_every_fixtures_jsonl_is_valid_and_the_fast_path_gives_what_the_objects_give(validator):
    fast_paths = 0
    paths = fixture_sample()  # every fixture: python bench/sweep.py
    for path in paths:
        scenario = dmrules.load_scenario(path)
        lines = io.StringIO()
        streamed = stream_jsonl(scenario, lines)
        parsed = [json.loads(line) for line in lines.getvalue().splitlines()]
        for line in parsed:
            _valid(validator, line, str(path))
        resolutions = [line for line in parsed if "windows" in line]
        windows = {
            line["window"]: {k: v for k, v in line.items() if k != "window"} for line in parsed if "window" in line
        }
        # The same, from the resolution objects, in the same order.
        table = compact.WindowTable(scenario)
        slow: list[dict] = []
        expected = dmrules.stream(
            scenario, lambda r, s=scenario, t=table, out=slow: out.append(compact.compact_resolution(r, s, t.of))
        )
        assert resolutions == slow, path
        assert windows == table.definitions, path
        assert streamed == expected, path
        fast_paths += brief.eligible(scenario, group=False)
    assert 3 * fast_paths >= 2 * len(paths)  # most fixtures are one window of fixed events


@pytest.mark.parametrize("name", ["V22-turn-face-up-crystanal-k", "V23-face-up-shield-yes-xanadu"])
def test_the_fast_path_says_which_cards_were_turned_face_up(name):
    """A window of one fixed effect is read straight from the atoms; the cards a resolution turns face up are part
    of what it changed, as the resolution objects say."""
    scenario = dmrules.load_scenario(FIXTURES / f"{name}.yaml")
    assert brief.eligible(scenario, group=False)
    lines = io.StringIO()
    stream_jsonl(scenario, lines)
    fast = [json.loads(line) for line in lines.getvalue().splitlines() if '"windows"' in line]
    table = compact.WindowTable(scenario)
    slow: list[dict] = []
    dmrules.stream(scenario, lambda r: slow.append(compact.compact_resolution(r, scenario, table.of)))
    assert fast == slow
    assert any("face_up" in r for r in slow)


def test_json_documents_are_valid_and_hold_the_lines(validator):
    for name in (
        "A01-two-jashintei",
        "B03-baiken-setsudan",
        "B10-stratobag-tech-dan-shinsekai",
        "E09-kyokutsuukaze-gachirobo",
    ):
        scenario = dmrules.load_scenario(FIXTURES / f"{name}.yaml")
        doc, lines = io.StringIO(), io.StringIO()
        stream_json(scenario, doc)
        stream_jsonl(scenario, lines)
        parsed = json.loads(doc.getvalue())
        _valid(validator, parsed, name)
        streamed = [json.loads(line) for line in lines.getvalue().splitlines()]
        assert parsed["schema"] == streamed[0]["schema"] == streamed[-1]["schema"] == 2
        assert [line for line in streamed if "windows" in line] == parsed["resolutions"], name
        assert {k: v for k, v in streamed[0].items() if k != "header"} == {
            k: parsed[k] for k in ("schema", "ruleset", "cards", "replacements", "triggers")
        }


def test_verbose_grouped_and_cut_short_documents_are_valid(validator):
    a01 = FIXTURES / "A01-two-jashintei.yaml"
    b10 = FIXTURES / "B10-stratobag-tech-dan-shinsekai.yaml"
    for path, limits in ((a01, {"verbose": True}), (a01, {"group": True}), (b10, {"max_resolutions": 3})):
        out = io.StringIO()
        stream_json(dmrules.load_scenario(path), out, **limits)
        doc = json.loads(out.getvalue())
        _valid(validator, doc, f"{path} {limits}")
    assert doc["complete"] is False and doc["stopped_by"] == "max_resolutions=3" and len(doc["resolutions"]) == 3


def test_an_invalid_document_is_refused(validator):
    out = io.StringIO()
    stream_json(dmrules.load_scenario(FIXTURES / "A01-two-jashintei.yaml"), out)
    doc = json.loads(out.getvalue())
    doc["resolutions"][1]["applied"][0] = {"event": "e1"}  # schema 1's form
    assert list(validator.iter_errors(doc))
    assert list(validator.iter_errors({**doc, "schema": 1}))


def test_counts_beyond_64_bits_are_written_exactly(validator):
    # Twelve アビスベル＝ジャシン帝 destroyed at once, 24 unknown hand cards: more resolutions than 2**64.
    creatures = "\n".join(f"      - {{id: J{i}, card: アビスベル＝ジャシン帝}}" for i in range(1, 13))
    hand = ", ".join(f"h{i}" for i in range(1, 25))
    events = "\n".join(f"    - {{id: e{i}, destroy: J{i}}}" for i in range(1, 13))
    scenario = dmrules.scenario_from_text(
        f"turn: opponent\nplayers:\n  me:\n    battle:\n{creatures}\n    hand: [{hand}]\n  opponent: {{}}\n"
        f"effect:\n  controller: opponent\n  events:\n{events}\n"
    )
    doc, lines = io.StringIO(), io.StringIO()
    stream_json(scenario, doc, group=True)
    stream_jsonl(scenario, lines, group=True)
    parsed = json.loads(doc.getvalue())
    _valid(validator, parsed, "12 x 24 grouped")
    total = dmrules.count(scenario, group=True)
    assert total >= 2**64 and parsed["counts"]["resolutions"] == total
    assert json.loads(lines.getvalue().splitlines()[-1])["counts"]["resolutions"] == total
    assert sum(r.get("multiplicity", 1) for r in parsed["resolutions"]) == total
