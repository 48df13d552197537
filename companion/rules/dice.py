"""Dice at the table, declared once for every game: entered as they fell, or rolled by the app for the table.

The roll event's fields (`ROLL`) and how its outcome is settled when the event is appended (`settle`): the
faces the table entered are checked against the dice and kept (marked `entered`); otherwise the app rolls
from the game's seeded generator. Either way the outcome is stored in the event, so undo never re-rolls.
"""

from __future__ import annotations

import random
from typing import Any

from companion.rules.contract import RuleError
from companion.rules.fields import EventSpec, Field

ROLL = EventSpec("Dice rolled at the table (enter how they fell), or rolled by the app for the table.", {
    "dice": Field("integer", minimum=1, maximum=10, required=False, default=1, label="How many dice"),
    "sides": Field("integer", minimum=2, maximum=100, required=False, default=6, label="Sides of each die"),
    "fell": Field("array", items=Field("integer", minimum=1, maximum=100), max_items=10, required=False,
                  label="How they fell", description="Leave empty for the app to roll."),
}, random=True, drawn=("results", "entered"))


def settle(payload: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The roll's payload with its `results`: the entered faces (checked) or the app's roll."""
    fell = payload.get("fell")
    if fell:
        if any(face > payload["sides"] for face in fell):
            raise RuleError(f"A die with {payload['sides']} sides shows 1 to {payload['sides']}, not {max(fell)}.")
        return {**payload, "dice": len(fell), "results": list(fell), "entered": True}
    return {**payload, "results": [rng.randint(1, payload["sides"]) for _ in range(payload["dice"])]}


def results(payload: dict[str, Any]) -> list[int]:
    """The faces a stored roll recorded; RuleError for a roll imported without them."""
    found = payload.get("results")
    if not isinstance(found, list) or not found or not all(isinstance(r, int) and r >= 1 for r in found):
        raise RuleError("A roll is recorded with the faces the dice showed.")
    return found
