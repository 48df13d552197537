"""Where dice rolls, revealed cards and border tokens come from: drawn once, then read back from the log.

The rules resolve an event with a Source. When the event is appended, `prepare` resolves it with a
Recorder, which draws from the server's seeded generator and notes every outcome in the payload;
`apply` (and every replay) resolves it with a Replayer, which only reads those notes back.
"""

from __future__ import annotations

import random
from typing import Any
from collections.abc import Callable

from companion.rules.contract import RuleError

OUTCOME_KEYS = ("rolls", "reveals", "token", "deal", "entered", "dealt", "took", "target_card", "got_in")


class EnteredError(RuleError):
    """A die or token the table entered that cannot be: it cannot fall that way, or no such token is left."""


class Source:
    """The interface: a die roll, the card an uncovered face-down card turns out to be, a border token."""

    def roll(self, sides: int) -> int:
        raise NotImplementedError

    def reveal(self, hidden: tuple[str, ...], unseen: Callable[[str], tuple[str, ...]]) -> str:
        raise NotImplementedError

    def recorded_reveals(self) -> bool:
        """Whether the event says what its uncovered face-down cards are (a log from before the table did)."""
        return False

    def token(self, values: tuple[int, ...]) -> int:
        raise NotImplementedError


class Recorder(Source):
    """Draws from `rng` and remembers what it drew (used by `prepare`); a die the table rolled (`fell`) or a token it
    drew (`drawn`) is taken as it fell instead, once checked against what can be."""

    def __init__(self, rng: random.Random, fell: int | None = None, drawn: int | None = None):
        self.rng = rng
        self.rolls: list[int] = []
        self.reveals: list[str] = []
        self.tokens: list[int] = []
        self.fell, self.drawn = fell, drawn

    def roll(self, sides: int) -> int:
        if self.fell is not None and not self.rolls:
            if not 1 <= self.fell <= sides:
                raise EnteredError(f"The die shows 1 to {sides}, not {self.fell}.")
            self.rolls.append(self.fell)
        else:
            self.rolls.append(self.rng.randint(1, sides))
        return self.rolls[-1]

    def reveal(self, hidden: tuple[str, ...], unseen: Callable[[str], tuple[str, ...]]) -> str:
        # an unseen card is equally likely to be any of the cards the table has not seen yet
        pick = self.rng.choice(hidden)
        card = self.rng.choice(unseen(pick)) if pick in ("document", "connection", "payday") else pick
        self.reveals.append(card)
        return card

    def token(self, values: tuple[int, ...]) -> int:
        if self.drawn is not None:
            if self.drawn not in values:
                left = ", ".join(str(v) for v in sorted(set(values)))
                raise EnteredError(f"No Border Control token worth {self.drawn} is left in the lanes (tokens left: "
                                   f"{left}): check the token, or correct the game if one was drawn by mistake.")
            self.tokens.append(self.drawn)
            return self.drawn
        # the lanes were shuffled from the same tokens, so a lane's top token is any token not drawn yet
        self.tokens.append(self.rng.choice(values))
        return self.tokens[-1]

    def outcome(self) -> dict[str, Any]:
        found: dict[str, Any] = {}
        if self.rolls:
            found["rolls"] = self.rolls
        if self.reveals:
            found["reveals"] = self.reveals
        if self.tokens:
            found["token"] = self.tokens[0]
        if self.fell is not None or self.drawn is not None:
            found["entered"] = True  # as it fell at the table
        return found


class Replayer(Source):
    """Reads back the outcomes stored in an event's payload (used by `apply`)."""

    def __init__(self, payload: Any):
        payload = payload if isinstance(payload, dict) else {}
        self.rolls = list(payload.get("rolls") or [])
        self.reveals = list(payload.get("reveals") or [])
        self.tokens = [payload["token"]] if payload.get("token") is not None else []

    def roll(self, sides: int) -> int:
        if not self.rolls:
            raise RuleError("This event has no recorded die roll: the app rolls the die when the event is added.")
        value = self.rolls.pop(0)
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= sides:
            raise RuleError(f"A recorded die roll must be a number from 1 to {sides}, not {value!r}.")
        return value

    def recorded_reveals(self) -> bool:
        return bool(self.reveals)

    def reveal(self, hidden: tuple[str, ...], unseen: Callable[[str], tuple[str, ...]]) -> str:
        if not self.reveals:
            raise RuleError("This event uncovers a face-down card but records no card: the app turns cards "
                            "face up when the event is added.")
        value = self.reveals.pop(0)
        if not isinstance(value, str):
            raise RuleError(f"A recorded card must be a card id, not {value!r}.")
        return value  # the caller checks it can be one of the unseen cards

    def token(self, values: tuple[int, ...]) -> int:
        if not self.tokens:
            raise RuleError("This event records no Border Control token: the app draws it when the event is added.")
        value = self.tokens.pop(0)
        if value not in values or isinstance(value, bool):
            raise RuleError(f"No Border Control token worth {value!r} is left to draw.")
        return value
