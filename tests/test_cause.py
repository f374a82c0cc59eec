"""why-not names the cause: the smallest change of the situation that makes the outcome legal
(checking/cause.py). Each cause is checked by solving the changed situation from the rules' side:
the counts come from 609.9b (no hand card twice) and the printed texts, not from the program."""

import copy
import textwrap

import yaml

import dmrules
from dmrules.checking.cause import causes
from dmrules.checking.explain import outcome_holds, parse_conditions

from .conftest import FIXTURES, run_cli


def savers(n: int, hand: int) -> dict:
    """n アビスベル＝ジャシン帝 destroyed at once, ``hand`` unknown hand cards: keeping k of them needs 2k cards."""
    return {
        "turn": "opponent",
        "players": {
            "me": {
                "battle": [{"id": f"J{i}", "card": "アビスベル＝ジャシン帝"} for i in range(1, n + 1)],
                "hand": [f"h{i}" for i in range(1, hand + 1)],
            },
            "opponent": {},
        },
        "effect": {"controller": "opponent", "events": [{"id": f"e{i}", "destroy": f"J{i}"} for i in range(1, n + 1)]},
    }


def scenario_of(doc: dict):
    return dmrules.scenario_from_text(yaml.safe_dump(doc, allow_unicode=True), "t.yaml")


def legal(doc: dict, expect: str) -> bool:
    scenario = scenario_of(doc)
    conditions = parse_conditions(scenario, [expect])
    return any(all(outcome_holds(scenario, r, c) for c in conditions) for r in dmrules.solve(scenario).resolutions)


def test_keeping_three_savers_needs_six_hand_cards_and_there_are_five():
    doc = savers(3, 5)
    expect = "J1=battle,J2=battle,J3=battle"
    assert not legal(doc, expect)
    [cause] = causes(doc, scenario_of(doc), [expect])
    assert (cause.kind, cause.player, cause.zone, cause.have, cause.count) == ("add", "me", "hand", 5, 1)
    assert cause.text() == "needs 6 cards in me's hand, there are 5"
    assert legal(savers(3, 6), expect)  # the change named really makes it legal


def test_the_smallest_change_is_found_not_the_first():
    doc = savers(2, 1)
    expect = "J1=battle,J2=battle"
    [cause] = causes(doc, scenario_of(doc), [expect])
    assert cause.text() == "needs 4 cards in me's hand, there are 1"
    assert not legal(savers(2, 3), expect) and legal(savers(2, 4), expect)


def test_the_turn_player_and_a_mandatory_ability_can_be_the_cause():
    # A34: the opponent, whose turn it is, applies ボルメテウス・サファイア・ドラゴン's mandatory
    # replacement first (609.8), so my 「雷光の聖騎士」 cannot keep the shield. Were it my turn, I would
    # decide first; were SP's replacement optional, the opponent could leave the break to mine.
    path = FIXTURES / "A34-raikou-sapphire.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    scenario = dmrules.load_scenario(path)
    found = causes(doc, scenario, ["s1=shields"])
    assert [(c.kind, c.player, c.card, c.detail) for c in found] == [
        ("turn", "me", None, None),
        ("optional", None, "SP", "1"),
    ]
    assert [c.text() for c in found] == [
        "legal if the turn were me's",
        "legal if SP's replacement ability 1 were optional (てもよい)",
    ]
    edited = {k: v for k, v in copy.deepcopy(doc).items() if k != "expect"}
    edited["turn"] = "me"
    assert legal(edited, "s1=shields") and not legal({k: v for k, v in doc.items() if k != "expect"}, "s1=shields")


def test_an_outcome_nothing_can_bring_about_has_no_cause():
    doc = savers(1, 2)
    assert causes(doc, scenario_of(doc), ["h1=mana"]) == []


def test_why_not_on_the_command_line_says_the_cause(tmp_path):
    path = tmp_path / "savers.yaml"
    path.write_text(yaml.safe_dump(savers(3, 5), allow_unicode=True), encoding="utf-8")
    done = run_cli("why-not", str(path), "--expect", "J1=battle,J2=battle,J3=battle")
    assert done.returncode == 1
    assert done.stdout.endswith(
        textwrap.dedent(
            """\
            The smallest change of the situation that makes it legal:
              needs 6 cards in me's hand, there are 5
            """
        )
    )
