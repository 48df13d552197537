"""Plays N seeded games between bots and gathers their results: the same seed gives the same games."""

from __future__ import annotations

import random
from collections.abc import Callable

from cardgen.gamedata import Game
from companion.simulate.models import FLOWS, model_for
from companion.simulate.record import GameResult, Match, SimulationError


def seats(levels: tuple[int, ...], players: int) -> tuple[int, ...]:
    """Each seat's level: one level for every seat, or one per seat (a solo game's levels take turns, game by game)."""
    if len(levels) == 1 or players == 1:
        return levels * players
    if len(levels) != players:
        raise SimulationError(f"--bots gives {len(levels)} levels for {players} players: give one level for "
                              "every seat, or a single level for all of them.")
    return levels


def check(game: Game, players: int, levels: tuple[int, ...]):
    """The game's bot flowchart, once the player count and levels are known to fit it."""
    rules = game.rules or game.slug  # a copy of a game (game.toml's `rules`) plays at its rules' table
    play = model_for(rules)
    low, high = game.players
    if not low <= players <= high:
        raise SimulationError(f"{game.title} is played by {low} to {high} players, not {players}.")
    flow = next((f for f in game.flows if f.id == FLOWS[rules]), None)
    if flow is None:
        raise SimulationError(f"{game.title} has no bot flowchart {FLOWS[rules]}.flow.toml in its card data.")
    known = [level.number for level in flow.levels]
    for level in levels:
        if level not in known:
            raise SimulationError(f"{flow.title} has no level {level}; its levels are "
                                  f"{', '.join(map(str, known))}.")
    return play, flow


def run(game: Game, games: int, players: int, levels: tuple[int, ...], seed: int,
        options: tuple[tuple[str, object], ...] = (), progress: Callable[[int, int], None] | None = None
        ) -> list[GameResult]:
    """`games` games; game g seats the levels rotated by g places, so every level sits in every seat."""
    base = seats(levels, players)
    play, flow = check(game, players, base)
    if games < 1:
        raise SimulationError(f"--games must be at least 1, not {games}.")
    results = []
    for g in range(games):
        shift = g % len(base)
        rotated = (base[shift],) if players == 1 else base[shift:] + base[:shift]
        results.append(play(Match(game, flow, rotated, random.Random(f"{seed}:{g}"), options)))
        if progress:
            progress(g + 1, games)
    return results
