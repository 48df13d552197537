"""The round tracker (rounds.py): steps, Cleanup, turns and Hard Pass, coins and loans, the starting player."""

from __future__ import annotations

import pytest

from companion.rules.fields import FieldError
from companion.rules.games import unfair_chko as uc

from .conftest import ANN, BO, C, CY, act, new_game, refused, started, step, to_stage, with_kaiju


def test_the_round_goes_through_its_steps_and_sections():
    state = started(packs=("Ocean", "Hacker"))
    seen = []
    for _ in range(6):
        seen.append((state.step, state.section))
        state = step(state)
    assert seen == [("Events", "Draw"), ("Events", "City"), ("Events", "Play"), ("Park", ""), ("Guests", ""),
                    ("Cleanup", "")]
    assert (state.round, state.step, state.section) == (2, "Events", "Draw")


def test_the_cleanup_sequence_goes_in_order_and_moves_the_starting_player_marker():
    state = to_stage(started(players=("Ann", "Bo", "Cy"), packs=("Ocean", "Hacker", "Pirate"), first=BO), 1, 5)
    refused(state, "advance", "step 1 is next: Discard any pinned Event cards")
    refused(state, "cleanup", "step 1 comes next", step=2)
    for number in range(1, 6):
        state = act(state, "cleanup", step=number)
    assert state.starting_player == BO
    state = act(state, "cleanup")
    assert state.starting_player == CY and "Cy now has the Starting Player marker" in state.told
    assert all(item["done"] for item in uc.view(state)["cleanup"])
    refused(state, "cleanup", "All the Cleanup steps are done")
    state = act(state, "advance")
    assert state.round == 2 and state.cleanup == 0
    refused(state, "cleanup", "belongs to the Cleanup step")


def test_play_section_turns_go_round_from_the_starting_player():
    state = to_stage(started(packs=("Ocean", "Hacker")), 1, 2)
    assert state.turn == ANN
    refused(state, "end_turn", "It is Ann's turn in the Play section, not Bo's", player=BO, action="event")
    refused(state, "end_turn", "needs the Hard Pass Game Changer", player=ANN, action="hard_pass")
    state = act(act(state, "end_turn", player=ANN, action="pass"), "end_turn", player=BO, action="event")
    assert state.turn == ANN and not state.play_over                     # Ann may play again after a pass
    state = act(act(state, "end_turn", player=ANN, action="pass"), "end_turn", player=BO, action="pass")
    assert state.play_over and "Everyone has passed" in state.told


def test_hard_pass_gains_a_coin_each_time_that_players_turn_comes_round():
    state = to_stage(started(packs=("Ocean", "Hacker"), changers=["Hard Pass"]), 1, 2)
    state = act(state, "end_turn", player=ANN, action="hard_pass")
    assert state.players[ANN].hard_passed and state.turn == BO
    start = state.players[ANN].coins
    state = act(state, "end_turn", player=BO, action="event")            # Ann's turn comes round: a coin
    assert state.turn == BO and state.players[ANN].coins == start + 1 and "Ann gains 1 coin (Hard Pass)" in state.told
    state = act(state, "end_turn", player=BO, action="event")
    assert state.players[ANN].coins == start + 2
    refused(state, "end_turn", "not Ann's", player=ANN, action="event")
    state = act(state, "end_turn", player=BO, action="pass")
    assert state.play_over and state.players[ANN].coins == start + 2
    state = to_stage(state, 1, 5)
    state = act(act(act(state, "cleanup"), "cleanup"), "cleanup")
    assert not state.players[ANN].hard_passed and "Hard Pass cards are returned" in state.told


def test_a_hard_passed_player_cannot_attack_a_kaiju():
    state = act(with_kaiju("Gamigora", changers=["Hard Pass"]), "kaiju_roll", {"dice": [[6, 6]]})
    state = act(act(state, "advance"), "end_turn", player=ANN, action="hard_pass")
    refused(state, "hit_kaiju", "Ann has hard passed and cannot play events again", player=ANN, space=1)
    assert act(state, "hit_kaiju", player=BO, space=1).players[BO].silver == 1


def test_coins_and_loans():
    state = started()
    state = act(act(state, "gain_coins", player=ANN, coins=7), "pay_coins", player=ANN, coins=2)
    assert state.players[ANN].coins == C["starting_coins"] + 5
    refused(state, "pay_coins", "coins never go below 0", player=BO, coins=21)
    state = act(state, "take_loan", player=BO)
    assert state.players[BO].coins == 40 and uc.score(state)["players"][BO]["categories"]["Loans"] == -30
    state = act(state, "repay_loan", player=BO)
    assert state.players[BO].coins == 15 and state.players[BO].loans == 0
    refused(state, "repay_loan", "Bo has no loan to repay", player=BO)


def test_the_starting_player_can_be_drawn_and_set_by_hand():
    state = new_game(packs=["Ocean", "Kaiju"])
    firsts = {act(state, "start_game", seed=s).starting_player for s in range(10)}
    assert firsts == {ANN, BO}
    assert act(started(), "set_starting_player", player=BO).starting_player == BO
    refused(state, "start_game", "starting player must be one of the players", starting_player=5)


def test_two_dice_for_a_card_are_taken_as_they_fell_or_rolled_and_kept():
    state = started()
    fell = act(state, "roll_dice", fell=[6, 2])
    assert list(fell.dice) == [6, 2]
    rolled = act(state, "roll_dice", seed=5)
    assert len(rolled.dice) == 2 and all(1 <= d <= 6 for d in rolled.dice)
    assert act(state, "roll_dice", seed=5).dice == rolled.dice        # the same seed, the same dice
    refused(state, "roll_dice", "2 dice of 1 to 6", fell=[6])
    with pytest.raises(FieldError, match="from 1 to 6"):
        act(state, "roll_dice", fell=[0, 7])
