"""Shared for Unsettled (immigration) rules tests: the game, and helpers to start, play and read boards."""

from __future__ import annotations

import pytest

from cardgen.gamedata import card_data_dir, load_game
from companion.rules.contract import Event, RuleError, SetupConfig
from companion.rules.games import unsettled_immigration as rules


GAME = load_game(card_data_dir() / "unsettled_immigration")
C = GAME.constants


def new(players=("Ann", "Bo", "Cy"), **options):
    return rules.setup(SetupConfig(tuple(players), options, GAME))


def do(state, kind, **payload):
    return rules.apply(state, Event(1, kind, rules.EVENTS[kind].check(payload)))


def refused(state, kind, match, **payload):
    with pytest.raises(RuleError, match=match):
        do(state, kind, **payload)


def started(players=("Ann", "Bo", "Cy"), boards=None, hands=(0, 0, 0), start="op-esl-classes", **options):
    """A game in play: Ann (player 0) placed `start` and moves first; boards placed and Resources set by hand."""
    s = new(players, **options)
    s = do(s, "place_starting_milestone", player=0, card=start)
    s = do(s, "start_game")
    for player, cards in (boards or {}).items():
        for c in cards:
            s = do(s, "place_milestone", player=player, card=c)
    for player, n in enumerate(hands):
        if n:
            s = do(s, "set_hand", player=player, resources=n)
    return s


def stacks(state, player):
    return [(s.type, s.cards, s.attack) for s in state.players[player].stacks]


def next_turn(s, to=0):
    s = do(s, "end_turn")
    while s.turn.player != to:
        s = do(s, "end_turn")
    return s
