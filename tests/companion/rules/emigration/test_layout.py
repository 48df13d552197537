"""The Card Layout (layout.py): uncovered face-down cards turned face up, only unseen cards revealed."""

from __future__ import annotations

from companion.rules.games import emigration as em
from companion.rules.games.emigration.state import HIDDEN

from .conftest import ANN, BO, FRONT_LEFT, FRONT_RIGHT, act, drawn, refused, table


def test_uncovered_face_down_cards_are_turned_face_up_with_the_drawn_card():
    state = act(table(), "discard", player=ANN, owner=ANN, slot=FRONT_LEFT)
    state = act(state, "activate", player=BO, owner=BO, slot=FRONT_RIGHT, rolls=[3])  # Exchange Rate Shock
    state = act(state, "activate", player=ANN, owner=ANN, slot=FRONT_RIGHT)          # Payday
    state = act(state, "discard", player=BO, owner=BO, slot=FRONT_LEFT)
    refused(state, "activate", "records no card", player=ANN, owner=ANN, slot=9)  # that Payday uncovers place 5
    state, stored = drawn(state, "activate", seed=4, player=ANN, owner=ANN, slot=9)
    assert state.players[ANN].layout[5:7] == (stored["reveals"][0], HIDDEN)  # place 6 is still under place 10
    state, stored = drawn(state, "activate", seed=5, player=BO, owner=ANN, slot=10)  # Bo's Pickpocket uncovers 6
    assert state.players[ANN].layout[6] == stored["reveals"][0] and len(stored["reveals"]) == 1
    assert len(state.hidden) == 10 - 2 and em.view(state)["players"][ANN]["layout"][5]["face"] == "up"


def test_a_card_that_was_never_unseen_cannot_be_revealed():
    state = act(table(), "discard", player=ANN, owner=ANN, slot=FRONT_LEFT)
    state = act(state, "activate", player=BO, owner=BO, slot=FRONT_RIGHT, rolls=[3])
    state = act(state, "activate", player=ANN, owner=ANN, slot=FRONT_RIGHT)
    state = act(state, "discard", player=BO, owner=BO, slot=FRONT_LEFT)
    refused(state, "activate", "cannot be among the unseen cards", player=ANN, owner=ANN, slot=9,
            reveals=["con-recruiter"])  # already in the discard pile
