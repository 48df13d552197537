"""The rules contract's property test for every bundled game: seeded random games over the legal moves, from setup
to the end, at the fewest and the most players the game allows (companion.simulate.random_play checks every
promise as it plays). Each game's own tests/companion/rules/<game>/test_legal.py plays its options and bots too;
benchmarks/legal_playthroughs.py plays 10,000 games a game."""

from __future__ import annotations

import functools

import pytest

from companion.simulate.random_play import play
from companion.table.catalog import Catalog
from tests.conftest import BUNDLED

SEEDS = range(4)
LIMIT = 5000  # moves: far above any game's length (each game's test_legal.py derives a tighter bound)


@functools.cache
def catalog() -> Catalog:
    return Catalog()


@pytest.mark.parametrize("slug", BUNDLED)
@pytest.mark.parametrize("most", [False, True], ids=["fewest", "most"])
def test_random_games_over_the_legal_moves_end_and_every_offered_move_is_accepted(slug, most):
    entry = catalog().get(slug)
    low, high = entry.game.players
    players = [f"Player {i + 1}" for i in range(high if most else low)]
    for seed in SEEDS:
        done = play(entry.rules, entry.game, players, {}, seed=seed, limit=LIMIT)
        assert done.finished and done.moves


@pytest.mark.parametrize("slug", BUNDLED)
def test_every_game_can_be_ended_by_an_ordinary_move_from_its_first_turn(slug):
    entry = catalog().get(slug)
    from companion.rules import SetupConfig
    low, _ = entry.game.players
    state = entry.rules.setup(SetupConfig(tuple(f"Player {i + 1}" for i in range(max(low, 2))), {}, entry.game))
    assert any(m.group == "end" for m in entry.rules.legal(state)), "no move ends the game at its start"
