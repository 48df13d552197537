"""Shared for Unsettled (survival) rules tests: the game, its rules and constants, and event helpers."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cardgen.gamedata import card_data_dir, load_game
from companion.rules import Event, RuleError, SetupConfig, rules_for
from companion.rules.games.unsettled_survival.state import with_explorer


GAME = load_game(card_data_dir() / "unsettled_survival")
RULES = rules_for(GAME)
C = GAME.constants
AWARENESS, WONDER, ENERGY = 0, 1, 2


def new(players=("Ann", "Bo"), **options):
    return RULES.setup(SetupConfig(tuple(players), options, GAME))


def play(state, kind, /, seed=7, **payload):
    """Appends one event as the app does: schema check, the seed for random events, then apply."""
    spec = RULES.events[kind]
    checked = spec.check(payload)
    if spec.random:
        checked = RULES.prepare(state, kind, checked, random.Random(seed))
    return RULES.apply(state, Event(1, kind, checked))


def refused(state, kind, match, /, **payload):
    with pytest.raises(RuleError, match=match):
        play(state, kind, **payload)


def place(state, card, x, y):
    """Lays an Environment card on the map as if revealed."""
    return replace(state, nodes=state.nodes + ((card, x, y),),
                   environment=tuple(c for c in state.environment if c != card))


def at(state, player, node, **changes):
    return with_explorer(state, player, node=node, **changes)


def focus(state, player):
    return state.explorers[player].focus


def end_early(state):
    """Ends the turn as if no action space were left for the cubes not placed (the rules refuse an early end while
    one is open, so the test marks the missing cubes placed first): for tests about what the end of a turn does."""
    missing = C["focus_cubes_on_actions"] - len(state.turn.placed)
    state = replace(state, turn=replace(state.turn, placed=state.turn.placed + (("-", "-"),) * max(0, missing)))
    return play(state, "end_turn")
