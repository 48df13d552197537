"""Lifelines (lifeline.py): balanced cards, Life Complete removing, capping and replacing, its score."""

from __future__ import annotations

from companion.rules.games import unyielding_universe as uu

from .conftest import BO_DEAL, OTHER_DEAL, act, dealt, pass_turn, place, ran_out, refused, this_round, years


# ---- turns and balance ------------------------------------------------------------------------------------

def test_the_rulebook_balance_example():
    state = dealt()
    state = place(state, "yr-059")  # Ann: 4, 9, 21, 17, 30, 53
    line = uu.view(state)["lifelines"][0]
    assert line["balanced"] == 3 and [c.get("balanced") for c in line["cards"]][1:] == [True] * 3 + [False] * 3
    state = act(state, "replace_card", player=0, card="yr-029", replaced="yr-019")  # 25 replaces 17
    assert years(state, 0) == [4, 9, 21, 25, 30, 53] and uu.view(state)["lifelines"][0]["balanced"] == 6
    assert state.discard[-1] == "yr-019"


def test_chronological_not_consecutive_and_not_from_year_zero():
    state = dealt(["yr-004", "yr-012", "yr-013", "yr-045", "yr-001"], OTHER_DEAL)  # 3, 11, 12, 40, 0
    assert uu.view(state)["lifelines"][0]["balanced"] == 4  # Life Begins is year 0: a 0 never balances


# ---- Life Complete ----------------------------------------------------------------------------------------

def test_life_complete_removes_older_balanced_cards_and_caps_the_lifeline():
    state = dealt(["yr-011", "yr-016", "yr-056", "yr-066", "yr-022"], BO_DEAL)  # 10, 15, 50, 60, 20
    state = act(state, "play_life_complete", player=0, card="lc-44")
    assert years(state, 0) == [10, 15, 20, "LC44"]  # 50 and 60 removed; the 20 slid down and now balances
    assert set(state.discard) == {"yr-056", "yr-066"}
    state = pass_turn(state)
    refused(state, "place_at_end", "capped at 44 by Life Complete 44: no card older than 44", player=0,
            card="yr-050")
    state = place(state, "yr-042")
    assert years(state, 0) == [10, 15, 20, 37, "LC44"]  # the end of the lifeline is before Life Complete


def test_life_complete_leaves_unbalanced_cards_which_never_score():
    state = dealt(["yr-011", "yr-016", "yr-026", "yr-014", "yr-074"], BO_DEAL)  # 10-15-23-13-67
    state = act(state, "play_life_complete", player=0, card="lc-44")
    assert years(state, 0) == [10, 15, 23, 13, 67, "LC44"]
    state = pass_turn(state)
    state = act(state, "replace_card", player=0, card="yr-034", replaced="yr-014")  # 30 for 13: 67 follows
    line = uu.view(state)["lifelines"][0]
    assert line["balanced"] == 5 and line["counted"] == 4  # 67 is past the cap: it does not count


def test_life_complete_is_replaced_only_by_a_younger_one():
    state = dealt(["yr-011", "yr-016", "yr-026", "yr-042", "yr-049"], BO_DEAL)  # 10, 15, 23, 37, 44
    state = pass_turn(act(state, "play_life_complete", player=0, card="lc-44"))
    state = act(state, "play_life_complete", player=0, card="lc-52")
    assert state.lifelines[0].life_complete == "lc-44" and state.discard[-1] == "lc-52" and state.turn == 1
    state = pass_turn(state)
    state = act(state, "play_life_complete", player=0, card="lc-29")
    assert years(state, 0) == [10, 15, 23, "LC29"] and set(state.discard[-3:]) == {"lc-44", "yr-042", "yr-049"}
    house = dealt(["yr-011", "yr-016", "yr-026", "yr-042", "yr-049"], BO_DEAL, any_life_complete_replaces=True)
    house = pass_turn(act(house, "play_life_complete", player=0, card="lc-44"))
    assert act(house, "play_life_complete", player=0, card="lc-52").lifelines[0].life_complete == "lc-52"


def test_the_rulebook_life_complete_scoring_example():
    """`10-15-23-13-67-Life Complete 44` scores 44 years plus the points of 10, 15 and 23."""
    state = dealt(["yr-011", "yr-016", "yr-026", "yr-014", "yr-074"], BO_DEAL)
    state = act(state, "play_life_complete", player=0, card="lc-44")
    points = {10: 3, 15: 3, 23: 3}  # all three are green
    assert this_round(state, 0)["total"] == 44 + sum(points.values()) == 53
    state = ran_out(state)
    assert state.rounds[0].reason == "draw_pile_empty"
    assert uu.score(state)["players"][0]["total"] == 53
    assert uu.score(state)["players"][0]["categories"]["Years lived"] == 44
