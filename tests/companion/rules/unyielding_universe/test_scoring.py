"""Totals and the end of the game (scoring.py): running totals, the winning score, ties, finishing."""

from __future__ import annotations

from companion.rules.games import unyielding_universe as uu

from .conftest import ANN_DEAL, BO_DEAL, act, dealt, ran_out, refused


def test_totals_run_over_rounds_until_the_winning_score():
    state = dealt(winning_score=60)
    state = ran_out(state)  # Ann 21 + 3 + 2 + 1 = 27, Bo 12 + 11 = 23
    assert [p["total"] for p in uu.score(state)["players"]] == [27, 23] and not state.finished
    for player, cards in enumerate((BO_DEAL, ANN_DEAL)):
        state = act(state, "deal", player=player, cards=cards)
    state = ran_out(state)
    score = uu.score(state)
    assert [p["total"] for p in score["players"]] == [50, 50] and not state.finished
    assert [p["rounds"] for p in score["players"]] == [[27, 23], [23, 27]]
    for player, cards in enumerate((ANN_DEAL, BO_DEAL)):
        state = act(state, "deal", player=player, cards=cards)
    state = ran_out(state)
    score = uu.score(state)
    assert state.finished and score["finished"] and score["winners"] == [0]  # both passed 60: 77 beats 73
    refused(state, "place_at_end", "The game is over", player=0, card="yr-050")


def test_an_exact_tie_at_the_winning_score_is_shared():
    state = dealt(winning_score=20)
    state = act(state, "set_points", player=1, category="Universe", points=4)  # Bo 23 + 4 = 27 = Ann
    state = ran_out(state)
    assert state.finished and uu.score(state)["winners"] == [0, 1]
    assert [p["place"] for p in uu.score(state)["players"]] == [1, 1]


def test_finish_by_agreement_goes_to_the_highest_total():
    state = act(act(dealt(), "add_points", player=1, category="Years lived", points=9), "finish")
    assert uu.score(state)["winners"] == [1]
