"""The end of a round (rounds.py): ten balanced cards and Life Complete, A Life Well Lived, the draw pile."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from companion.rules.games import unyielding_universe as uu

from .conftest import ANN_DEAL, BO_DEAL, CY_DEAL, GAME, act, dealt, lived_well, pass_turn, place, ran_out, refused


def test_ten_balanced_cards_and_a_life_complete_end_the_round():
    state = dealt(["yr-002", "yr-004", "yr-006", "yr-008", "yr-011"], ["yr-013", "yr-014", "yr-015",
                                                                        "yr-016", "yr-017"])  # 1, 3, 5, 7, 10
    state = place(state, "yr-020", "yr-024", "yr-026", "yr-032")  # 18, 21, 23, 28: nine balanced
    state = act(state, "play_life_complete", player=0, card="lc-37")
    refused(state, "end_round", "takes 10 balanced Year cards and a Life Complete card, and Ann has 9", player=0)
    state = pass_turn(state)
    state = act(state, "place_at_end", player=0, card="yr-034")  # 30: ten balanced and Life Complete 37
    assert uu.view(state)["end_of_round"]["life_complete"] == [0]
    refused(state, "end_round", "no Life Complete card", player=1)
    ended = act(state, "end_round", player=0)  # right after the turn that got her there
    assert ended.rounds[0].reason == "life_complete" and ended.rounds[0].by == 0
    assert ended.round == 2 and ended.lifelines[0].years == () and ended.universe is None
    assert sum(ended.rounds[0].points[0]) == 37 + (3 + 1 + 2 + 1 + 3 + 3 + 1 + 3 + 3 + 3)
    state = pass_turn(state)  # Bo goes on instead; Ann may end it on her turn
    assert act(state, "end_round", player=0).rounds[0].reason == "life_complete"
    refused(act(state, "set_turn", player=1), "end_round", "It is Bo's turn: Ann may end the round only on their "
            "own turn", player=0)


def test_the_rulebook_109_point_example():
    state = lived_well(regretful=True)
    assert uu.view(state)["end_of_round"]["may_claim_life_well_lived"] == [0]
    state = act(state, "claim_life_well_lived", player=0)
    result = state.rounds[0]
    points = dict(zip(state.categories, result.points[0]))
    assert points == {"Years lived": 84, "Blue years": 6, "Purple years": 4, "Green years": 6, "Universe": -6,
                      "Life Well Lived": 15}
    assert sum(result.points[0]) == 109 == uu.score(state)["players"][0]["total"]
    assert result.reason == "life_well_lived" and state.round == 2


def test_life_well_lived_is_claimed_on_the_following_turn_only():
    state = dealt(["yr-004", "yr-024", "yr-042", "yr-049", "yr-059"], BO_DEAL)
    state = place(state, "yr-062", "yr-071", "yr-074", "yr-082")
    refused(state, "claim_life_well_lived", "does not qualify .* it has 9 spanning 74", player=0)
    state = act(state, "correct_card", card="yr-092", to="lifeline", player=0)  # qualifies during her turn
    refused(state, "claim_life_well_lived", "only on their following turn", player=0)
    state = pass_turn(state)
    refused(state, "claim_life_well_lived", "It is Bo's turn", player=0)
    state = pass_turn(state)
    assert act(state, "claim_life_well_lived", player=0).rounds[0].reason == "life_well_lived"


def test_life_well_lived_numbers_come_from_game_toml():
    constants = {**GAME.constants, "life_well_lived_points": 20, "life_well_lived_min_span": 74, "winning_score": 100}
    game = replace(GAME, constants=MappingProxyType(constants))
    state = dealt(["yr-004", "yr-024", "yr-042", "yr-049", "yr-059"], BO_DEAL, game=game)
    state = place(state, "yr-062", "yr-071", "yr-074", "yr-077")  # 56, 64, 67, 70
    state = act(state, "place_at_end", player=0, card="yr-082")    # 74: ten cards spanning 74 years
    state = act(pass_turn(state), "claim_life_well_lived", player=0)
    points = dict(zip(state.categories, state.rounds[0].points[0]))
    assert points["Life Well Lived"] == 20 and points["Years lived"] == 74 and sum(points.values()) == 110
    assert state.finished and uu.score(state)["winners"] == [0]  # 110 passes game.toml's 100


def test_state_survives_a_snapshot():
    import pickle

    state = lived_well(regretful=True)
    assert pickle.loads(pickle.dumps(state)) == state


def test_life_well_lived_needs_no_life_complete_and_84_years():
    state = lived_well()
    state = act(state, "play_life_complete", player=0, card="lc-81")  # the 84 is removed; so is the claim
    state = pass_turn(state)
    refused(state, "claim_life_well_lived", "has a Life Complete card", player=0)
    short = dealt(["yr-004", "yr-024", "yr-042", "yr-049", "yr-059"], BO_DEAL)
    short = place(short, "yr-062", "yr-071", "yr-074", "yr-082", "yr-089")  # ten cards, only up to 81
    refused(short, "claim_life_well_lived", "spanning at least 84 years, and it has 10 spanning 81", player=0)


def test_the_draw_pile_running_out_ends_the_round_and_the_next_seat_starts():
    state = dealt(ANN_DEAL, BO_DEAL, CY_DEAL)
    state = pass_turn(pass_turn(state))
    state = ran_out(state)
    assert [r.reason for r in state.rounds] == ["draw_pile_empty"]
    assert [sum(row) for row in state.rounds[0].points] == [21 + 3 + 2 + 1, 12 + 3 + 2 + 3 + 1 + 2,
                                                            15 + 1 + 2 + 1 + 2 + 3]
    assert state.round == 2 and state.turn == 1 and uu.view(state)["phase"] == "deal"
    refused(state, "draw_pile_ran_out", "still being dealt")
