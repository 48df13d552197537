"""What one simulated game starts from (a Match) and what it came to (a GameResult), as plain frozen records."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from cardgen.gamedata.flows.charts import Flow


class SimulationError(Exception):
    """A simulation that cannot run as asked; the message is one sentence saying why."""


@dataclass(frozen=True)
class Match:
    """One game to play: the game's data, its bot flowchart, each seat's bot level, and the game's own dice."""

    game: Any                 # cardgen.gamedata.Game
    flow: Flow
    levels: tuple[int, ...]   # per seat
    rng: random.Random
    options: tuple[tuple[str, Any], ...] = ()  # setup options of the rules (e.g. the VP cap)


@dataclass(frozen=True)
class GameResult:
    """How a game ended: each seat's level and score, the winning seats, its length and its end conditions."""

    levels: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    turns: int                # turns taken, all seats together
    rounds: int               # full rounds: every seat took a turn
    ends: tuple[str, ...]     # how the game (or each of its scored rounds) ended
    phases: int = 1           # the game's own rounds (Unyielding Universe scores several)
