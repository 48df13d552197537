"""Shared for Unfair: CHKO rules tests: the game, and helpers to start a game and step through rounds."""

from __future__ import annotations

import random

import pytest

from cardgen.gamedata import card_data_dir, load_game
from companion.rules import Event, RuleError, SetupConfig
from companion.rules.games import unfair_chko as uc


GAME = load_game(card_data_dir() / "unfair_chko")
C = GAME.constants
ANN, BO, CY = 0, 1, 2


def act(state, kind, outcome=None, seed=0, **payload):
    """Applies an event as the app does: the schema fills defaults, `prepare` draws (or `outcome` is stored)."""
    checked = uc.EVENTS[kind].check(payload)
    if uc.EVENTS[kind].random:
        checked = {**checked, **outcome} if outcome is not None else uc.prepare(state, kind, checked,
                                                                                 random.Random(seed))
    return uc.apply(state, Event(1, kind, checked))


def refused(state, kind, match, outcome=None, **payload):
    with pytest.raises(RuleError, match=match):
        act(state, kind, outcome, **payload)


def new_game(players=("Ann", "Bo"), **options):
    return uc.setup(SetupConfig(tuple(players), options, GAME))


def started(players=("Ann", "Bo"), packs=("Kaiju", "Ocean"), changers=(), first=ANN, seed=0):
    state = new_game(players, packs=list(packs), game_changers=list(changers))
    return act(state, "start_game", seed=seed, starting_player=first)


def step(state, dice=None):
    """Finishes what the current stage needs (City card, kaiju roll, Cleanup sequence) and advances."""
    if state.section == "City":
        if state.city_round != state.round:
            state = act(state, "reveal_city")
        if state.market and state.rolled_round != state.round:
            state = act(state, "kaiju_roll", {"dice": dice or [[6, 6]] * len(state.market)})
    if state.section == "Play":
        while not state.play_over:
            state = act(state, "end_turn", player=state.turn, action="pass")
    if state.step == "Cleanup":
        while state.cleanup < len(C["cleanup_steps"]):
            state = act(state, "cleanup")
    return act(state, "advance")


def to_stage(state, round_, stage):
    while (state.round, state.stage) != (round_, stage):
        state = step(state)
    return state


def with_kaiju(*names, changers=()):
    """A started game in round 1's City section, its City card revealed, with these kaiju in the Market."""
    state = to_stage(started(changers=changers), 1, 1)
    state = act(state, "reveal_city")
    for name in names:
        state = act(state, "kaiju_enters", kaiju=name)
    return state
