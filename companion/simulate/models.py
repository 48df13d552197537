"""The table models the lab knows, by game slug: each is a module with `play_game(match) -> GameResult`.

A table model is a seeded model of the physical table of one game (its shuffled decks, the cards drawn
for each bot, the answers to the bots' questions) that plays a whole game through the game's rules
module. A game's registration names its table model and the bot flowchart it plays (`lab` and `lab_flow`,
see cardgen.gamedata.registry); `register` adds one in this process only (tests, experiments).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping

from cardgen.gamedata.registry import registrations
from companion.simulate.record import GameResult, Match, SimulationError


class _ByGame(Mapping[str, str]):
    """One field of the registered games that have a table model (`lab` or `lab_flow`), by slug, with those
    `register` added; read afresh each time, so a package installed later is seen."""

    def __init__(self, field: str):
        self.field = field
        self.added: dict[str, str] = {}

    def _all(self) -> dict[str, str]:
        found = {slug: getattr(r, self.field) for slug, r in registrations().items() if r.lab}
        return {**found, **self.added}

    def __getitem__(self, slug: str) -> str:
        return self._all()[slug]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


MODELS: Mapping[str, str] = _ByGame("lab")        # slug -> the table model's module
FLOWS: Mapping[str, str] = _ByGame("lab_flow")    # slug -> the id of the bot flowchart it plays


def register(slug: str, module: str, flow: str) -> None:
    """Adds a game's table model (a module path) and the id of the bot flowchart it plays, in this process."""
    MODELS.added[slug], FLOWS.added[slug] = module, flow  # type: ignore[attr-defined]


def model_for(slug: str) -> Callable[[Match], GameResult]:
    """The `play_game` of the game's table model; SimulationError when the game has none."""
    if slug not in MODELS:
        raise SimulationError(f"{slug} has no table model for simulated games yet; games with one: "
                              f"{', '.join(sorted(MODELS))}.")
    return importlib.import_module(MODELS[slug]).play_game


def unwrap(state: object, has: str) -> object:
    """The rules' own state inside what a real game keeps (the bots' Seated world, a bot's view of the table):
    peels `.world` and `.state` until the object has the attribute `has`."""
    for _ in range(5):
        if hasattr(state, has):
            return state
        inner = getattr(state, "world", None) or getattr(state, "state", None)
        if inner is None:
            break
        state = inner
    return state


def end_of(slug: str, state: object) -> str:
    """How a real game ended, in the words the game's table model writes into GameResult.ends ("" when the game
    has no table model, or its model no `end_of`)."""
    if slug not in MODELS:
        return ""
    found = getattr(importlib.import_module(MODELS[slug]), "end_of", None)
    return found(state) if found else ""
