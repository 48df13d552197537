"""A bot's dice in the event log: drawn once when the event is appended, then replayed from the stored faces."""

from __future__ import annotations

import random
from typing import Any
from collections.abc import Callable, Iterator

from companion.rules.contract import RuleError


def stored(payload: dict[str, Any]) -> Callable[[int], int]:
    """A die that shows the faces stored in the event's `dice`, in order; RuleError when they run out."""
    faces: Iterator[int] = iter(payload.get("dice") or ())

    def roll(sides: int) -> int:
        face = next(faces, None)
        if face is None:
            raise RuleError("This event's stored dice ran out: the log does not match the bot's flowchart.")
        return face
    return roll


def recording(rng: random.Random) -> tuple[Callable[[int], int], list[int]]:
    """A seeded die and the list of faces it rolled, to be stored in the event."""
    faces: list[int] = []

    def roll(sides: int) -> int:
        faces.append(rng.randint(1, sides))
        return faces[-1]
    return roll, faces
