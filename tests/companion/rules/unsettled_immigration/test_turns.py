"""Setup and the turn cycle (turns.py): starting hands, the first player, draws, the VP cap and winner."""

from __future__ import annotations

import pytest

from companion.rules.contract import RuleError
from companion.rules.games import unsettled_immigration as rules
from companion.rules.games.unsettled_immigration import board

from .conftest import C, do, new, refused, stacks, started


# ---- setup, first player, VP cap ------------------------------------------------------------------------

def test_setup_deals_starting_hands_and_reads_the_vp_cap_per_player_count():
    s = new()
    assert [p.ops for p in s.players] == [C["starting_op_cards"]] * 3
    assert [p.resources for p in s.players] == [C["starting_resources"]] * 3
    assert s.vp_to_win == C["vp_to_win_by_players"]["3"]
    assert new(("A", "B", "C", "D")).vp_to_win == C["vp_to_win"] == 12
    assert new(("A", "B")).vp_to_win == C["vp_to_win_by_players"]["2"]


def test_vp_cap_is_a_setup_option():
    assert new(vp_to_win=20).vp_to_win == 20
    with pytest.raises(RuleError, match="vp_to_win"):
        new(vp_to_win=0)
    with pytest.raises(RuleError, match="colour"):
        new(colour="red")


def test_player_count_comes_from_the_game():
    with pytest.raises(RuleError, match="2 to 5 players"):
        new(("Solo",))


def test_document_icon_milestones_may_not_start_on_the_board():
    # The rulebook's example: a Job may start for free, a Visa (1 Document) has to wait.
    s = do(new(), "place_starting_milestone", player=0, card="op-job")
    assert stacks(s, 0) == [("job", ("op-job",), None)] and s.players[0].ops == 5
    for doc in ("op-visa", "op-green-card", "op-naturalize", "op-house"):
        refused(new(), "place_starting_milestone", "Document.*never free", player=1, card=doc)
    refused(s, "place_starting_milestone", "each player may place 1", player=0, card="op-esl-classes")
    refused(new(), "place_starting_milestone", "not a Milestone", player=0, card="op-lawyer")


def test_a_new_starting_hand_once_and_before_placing():
    s = do(new(), "mulligan", player=1)
    assert s.players[1].ops == 6
    refused(s, "mulligan", "already drew a new starting hand", player=1)
    s = do(s, "place_starting_milestone", player=2, card="op-job")
    refused(s, "mulligan", "new hand is drawn before", player=2)


def test_first_player_has_the_lowest_cost_starting_milestone():
    # The rulebook's example: Ana's Apartment (2 Cash = 4), Ben's ESL Classes (3 Time = 3), Chloe nothing.
    s = new(("Ana", "Ben", "Chloe"))
    s = do(s, "place_starting_milestone", player=0, card="op-apartment")
    s = do(s, "place_starting_milestone", player=1, card="op-esl-classes")
    s = do(s, "start_game")
    assert s.first_player == 1 and s.turn.player == 1 and s.phase == "play"
    assert "Ben goes first" in s.told


def test_a_tie_is_broken_by_naming_the_newest_arrival():
    s = new()
    s = do(s, "place_starting_milestone", player=0, card="op-job")
    s = do(s, "place_starting_milestone", player=2, card="op-job")
    refused(s, "start_game", "Ann and Cy tie.*least time in the country")
    refused(s, "start_game", "lowest-cost starting Milestone goes first, and that is Ann and Cy", first_player=1)
    assert do(s, "start_game", first_player=2).turn.player == 2
    # Nobody placed one: everybody ties.
    refused(new(), "start_game", "Ann and Bo and Cy tie")


def test_setup_moves_belong_to_setup():
    s = started()
    refused(s, "place_starting_milestone", "belongs to setup", player=1, card="op-job")
    refused(new(), "buy_milestone", "has not started", card="op-job")


# ---- turns ----------------------------------------------------------------------------------------------

def test_a_turn_draws_two_resources_and_one_op_card_and_gives_one_action():
    s = started()
    assert (s.turn.drew_resources, s.turn.drew_ops, s.turn.actions) == (2, 1, 1)
    assert (s.players[0].resources, s.players[0].ops) == (2, 6)  # 6 dealt - ESL placed + 1 drawn
    s = do(s, "play_action", card="op-overtime")
    assert s.players[0].resources == 4 and s.turn.actions == 0
    refused(s, "play_action", "no action left", card="op-overtime")
    s = do(s, "end_turn")
    assert s.turn.player == 1 and s.players[1].resources == 2 and s.players[1].ops == 7
    assert "Bo's turn: draw 2 Resource cards and 1 Op card" in s.told


def test_jobs_and_marriage_draw_extra_cards_once_per_milestone():
    # The rulebook's example: three stacked Jobs draw 3 extra Resources every turn and are worth 3 VP.
    s = started(boards={1: ["op-job"] * 3 + ["op-marriage"]})
    assert stacks(s, 1)[0] == ("job", ("op-job",) * 3, None)
    assert board.vp(s, 1) == 3 + 2
    s = do(s, "end_turn")
    assert (s.turn.drew_resources, s.turn.drew_ops) == (2 + 3, 1 + 1)


# ---- the winner -----------------------------------------------------------------------------------------

def test_reaching_the_vp_cap_wins_at_once_and_ends_the_game():
    s = started(boards={0: ["op-naturalize", "op-small-business"]}, hands=(9,), vp_to_win=12)
    assert board.vp(s, 0) == 1 + 6 + 3 and s.phase == "play"
    s = do(s, "buy_milestone", card="op-skilled-job", cash=2, influence=1)  # 8 - 1 (ESL) = 7
    assert s.phase == "over" and s.winners == (0,)
    assert rules.score(s)["winners"] == [0] and rules.score(s)["finished"]
    refused(s, "end_turn", "The game is over: Ann reached 12 VP")
    assert do(s, "note", text="well played").notes == ("well played",)


def test_a_covered_stack_does_not_count_towards_the_cap():
    s = started(boards={1: ["op-naturalize", "op-small-business", "op-job"]}, vp_to_win=12)
    s = do(s, "play_attack", card="op-tax-audit", target=1, stack=1)
    s = do(s, "end_turn")
    s = do(s, "set_hand", player=1, resources=10)
    s = do(s, "buy_milestone", card="op-skilled-job", cash=2, influence=1)
    assert board.vp(s, 1) == 9 and s.phase == "play"
