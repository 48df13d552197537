"""The table models the lab knows, by game slug: each is a module with `play_game(match) -> GameResult`.

A table model is a seeded model of the physical table of one game (its shuffled decks, the cards drawn
for each bot, the answers to the bots' questions) that plays a whole game through the game's rules
module. To plug a game in, write such a module and add its slug here (or call `register`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from companion.simulate.record import GameResult, Match, SimulationError

MODELS: dict[str, str] = {
    "unyielding_universe": "companion.simulate.universe_table",
    "unsettled_immigration": "companion.simulate.immigration_table",
    "unfair_chko": "companion.simulate.unfair_table",
}
FLOWS: dict[str, str] = {"unyielding_universe": "bot", "unsettled_immigration": "bot", "unfair_chko": "quinn"}  # the flowchart each uses


def register(slug: str, module: str, flow: str) -> None:
    """Adds a game's table model (a module path) and the id of the bot flowchart it plays."""
    MODELS[slug], FLOWS[slug] = module, flow


def model_for(slug: str) -> Callable[[Match], GameResult]:
    """The `play_game` of the game's table model; SimulationError when the game has none."""
    if slug not in MODELS:
        raise SimulationError(f"{slug} has no table model for simulated games yet; games with one: "
                              f"{', '.join(sorted(MODELS))}.")
    return importlib.import_module(MODELS[slug]).play_game
