"""Variants of a scenario with its replacement abilities made mandatory, optional, or mandatory
once per turn (「各ターンに1度」), for the invariant that every situation has at least one legal
resolution (tests/test_every_situation.py, bench/every_situation.py).

``variant`` changes a loaded scenario (every ability, however the card was given: bundled,
inline, by its printed text, granted, or an effect in play). ``yaml_variant`` writes the same
change into the scenario's YAML text, for the oracle (tests/oracle.py), which reads YAML and
knows neither 「各ターンに1度」 nor printed texts: it gives None where the text cannot say it.
"""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

import yaml

from dmrules.game.scenario import Scenario
from dmrules.reading.abilities import ReplacementAbility

MODES = ("mandatory", "optional", "once_per_turn")
RULESETS = ("dm", "sequential", "dmps")
CARDS_DIR = Path(__file__).resolve().parent.parent / "dmrules" / "cards"


def _ability(ability: ReplacementAbility, mode: str) -> ReplacementAbility:
    if mode == "mandatory":
        return dataclasses.replace(ability, optional=False)
    if mode == "optional":
        return dataclasses.replace(ability, optional=True)
    if mode == "once_per_turn":
        return dataclasses.replace(ability, optional=False, once_per_turn=True)
    raise ValueError(f"unknown mode {mode}")


def variant(scenario: Scenario, mode: str, ruleset: str | None = None) -> Scenario:
    """``scenario`` with every replacement ability changed as ``mode`` says, under ``ruleset``."""
    cards = {}
    for card_id, card in scenario.cards.items():
        definition = card.definition
        if definition is not None and definition.replacements:
            definition = dataclasses.replace(
                definition, replacements=tuple(_ability(a, mode) for a in definition.replacements)
            )
        cards[card_id] = dataclasses.replace(
            card, definition=definition, granted=tuple(_ability(a, mode) for a in card.granted)
        )
    effects = tuple(dataclasses.replace(e, ability=_ability(e.ability, mode)) for e in scenario.effects)
    return dataclasses.replace(scenario, cards=cards, effects=effects, ruleset=ruleset or scenario.ruleset)


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@functools.lru_cache(maxsize=1)
def _bundled() -> dict[str, dict]:
    out: dict[str, dict] = {}
    for path in sorted(CARDS_DIR.glob("*.yaml")):
        for card in yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)["cards"]:
            out[card["name"]] = card
    return out


def yaml_variant(text: str, mode: str) -> str | None:
    """The scenario's YAML with every replacement's ``optional`` set as ``mode`` says (a bundled
    card written out inline); None for ``once_per_turn``, for a card given by its printed text
    alone, and where nothing would change."""
    if mode not in ("mandatory", "optional"):
        return None
    raw = yaml.load(text, Loader=_LOADER)
    bundled = _bundled()
    changed = False

    def change(abilities: list) -> None:
        nonlocal changed
        for ability in abilities:
            ability["optional"] = mode == "optional"
            changed = True

    for zones in (raw.get("players") or {}).values():
        for cards in (zones or {}).values():
            if not isinstance(cards, list):
                continue
            for card in cards:
                if not isinstance(card, dict) or "card" not in card:
                    continue
                definition = card["card"]
                if isinstance(definition, str):
                    if definition not in bundled:
                        return None
                    definition = card["card"] = dict(bundled[definition])
                    definition["replacements"] = [dict(a) for a in definition.get("replacements") or ()]
                if definition.get("text") and "replacements" not in definition:
                    return None  # the compiler reads its abilities: the YAML cannot say 'optional'
                change(definition.get("replacements") or [])
    change(raw.get("replacement_effects") or [])
    if not changed:
        return None
    raw.pop("expect", None)
    raw.pop("expect_under", None)
    return yaml.safe_dump(raw, allow_unicode=True, sort_keys=False)
