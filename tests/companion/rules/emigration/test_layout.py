"""The Card Layout (layout.py): uncovered face-down cards turned face up, only unseen cards revealed."""

from __future__ import annotations

from companion.rules.games import emigration as em
from companion.rules.games.emigration.state import HIDDEN

from .conftest import ANN, BO, FRONT_LEFT, FRONT_RIGHT, act, drawn, refused, table


def test_uncovered_face_down_cards_are_turned_face_up_by_the_table_or_drawn_for_it():
    state = act(table(), "discard", player=ANN, owner=ANN, slot=FRONT_LEFT)
    state = act(state, "activate", player=BO, owner=BO, slot=FRONT_RIGHT, rolls=[3])  # Exchange Rate Shock
    state = act(state, "activate", player=ANN, owner=ANN, slot=FRONT_RIGHT)          # Payday
    state = act(state, "discard", player=BO, owner=BO, slot=FRONT_LEFT)
    state = act(state, "activate", player=ANN, owner=ANN, slot=9)  # that Payday uncovers place 5
    assert state.players[ANN].layout[5:7] == (HIDDEN, HIDDEN)  # the table turns it face up and says what it is
    (move,) = [m for m in em.GAME.rules("emigration").legal(state) if m.event != "stop"]
    assert move.event == "turn_up" and move.payload == {"owner": ANN, "slot": 5} and move.choices[0].draw
    assert "Passport Photos" in dict(move.choices[0].options).values()
    refused(state, "discard", "First turn face up the card uncovered at Ann's Card Layout, row 2 from the back",
            player=BO, owner=BO, slot=11)
    refused(state, "turn_up", "cannot be face down", owner=ANN, slot=5, card="con-recruiter")  # discarded already
    state = act(state, "turn_up", owner=ANN, slot=5, card="doc-passport-photos")
    assert state.players[ANN].layout[5:7] == ("doc-passport-photos", HIDDEN)  # place 6 is still under place 10
    state = act(state, "activate", player=BO, owner=ANN, slot=10)  # Bo's Pickpocket uncovers place 6
    state, stored = drawn(state, "turn_up", seed=5, owner=ANN, slot=6)  # Draw for us
    assert state.players[ANN].layout[6] == stored["dealt"]
    assert len(state.hidden) == 10 - 2 and em.view(state)["players"][ANN]["layout"][5]["face"] == "up"


def test_a_log_from_before_the_table_turned_cards_replays_its_recorded_cards():
    state = act(table(), "discard", player=ANN, owner=ANN, slot=FRONT_LEFT)
    state = act(state, "activate", player=BO, owner=BO, slot=FRONT_RIGHT, rolls=[3])
    state = act(state, "activate", player=ANN, owner=ANN, slot=FRONT_RIGHT)
    state = act(state, "discard", player=BO, owner=BO, slot=FRONT_LEFT)
    state = act(state, "activate", player=ANN, owner=ANN, slot=9, reveals=["doc-passport-photos"])
    assert state.players[ANN].layout[5] == "doc-passport-photos"


def test_a_card_that_was_never_unseen_cannot_be_revealed():
    state = act(table(), "discard", player=ANN, owner=ANN, slot=FRONT_LEFT)
    state = act(state, "activate", player=BO, owner=BO, slot=FRONT_RIGHT, rolls=[3])
    state = act(state, "activate", player=ANN, owner=ANN, slot=FRONT_RIGHT)
    state = act(state, "discard", player=BO, owner=BO, slot=FRONT_LEFT)
    refused(state, "activate", "cannot be among the unseen cards", player=ANN, owner=ANN, slot=9,
            reveals=["con-recruiter"])  # already in the discard pile
