"""Manual corrections (corrections.py): money, assurance, turn, a layout card and identity by hand."""

from __future__ import annotations

from .conftest import ANN, BO, FRONT_LEFT, FRONT_RIGHT, act, refused, table


def test_corrections_set_money_assurance_turn_and_a_layout_card_by_hand():
    state = act(table(), "set_money", player=BO, money=12)
    state = act(state, "set_assurance", player=BO, assurance=4)
    state = act(state, "set_turn", player=BO)
    assert (state.players[BO].money, state.players[BO].assurance, state.turn) == (12, 4, BO)
    state = act(state, "set_card", owner=ANN, slot=FRONT_LEFT, card="con-mentor")  # Recruiter back to the unseen
    assert state.players[ANN].layout[FRONT_LEFT] == "con-mentor" and state.hidden.count("connection") == 1
    refused(state, "set_card", "cannot be among the unseen cards", owner=ANN, slot=FRONT_RIGHT, card="con-mentor")
    refused(state, "set_card", "face down", owner=ANN, slot=5, card="con-mentor")
    state = act(state, "set_identity", player=ANN, destination="dest-japan")
    assert state.players[ANN].destination == "dest-japan"
    refused(state, "set_identity", "never their own country", player=ANN, destination="dest-india")
