"""A player's board (board.py): covered stacks lose VP and abilities, one-per-board cards, stacks joining."""

from __future__ import annotations

from companion.rules.games import unsettled_immigration as rules
from companion.rules.games.unsettled_immigration import board

from .conftest import do, next_turn, refused, stacks, started


def test_an_attack_covers_the_whole_stack_its_vp_and_its_abilities():
    s = started(boards={1: ["op-job", "op-skilled-job", "op-visa"]})
    assert board.vp(s, 1) == 1 + 2 + 2
    s = do(s, "play_attack", card="op-layoff", target=1, stack=0)
    assert stacks(s, 1)[0] == ("job", ("op-job", "op-skilled-job"), "op-layoff")
    assert board.vp(s, 1) == 2
    score = rules.score(s)["players"][1]
    assert score["total"] == 2 and score["covered_vp"] == 3
    assert rules.view(s)["players"][1]["stacks"][0]["collapsed"] is True
    s = do(s, "end_turn")
    assert s.turn.drew_resources == 2  # the covered Jobs draw nothing


def test_a_covered_visa_blocks_its_ability_and_still_counts_as_your_only_visa():
    s = started(boards={0: ["op-visa"]}, hands=(10,))
    s = do(s, "set_actions", actions=0)
    s = next_turn(s, to=1)
    s = do(s, "play_attack", card="op-visa-revoked", target=0, stack=1)
    s = next_turn(s, to=0)
    refused(s, "use_ability", "covered by an Attack: a covered stack gives no ability", card="op-visa")
    refused(s, "buy_milestone", "covered by an Attack, but it still counts.*only have 1 Visa",
            card="op-visa", document=1)


def test_only_one_on_your_board_until_it_leaves():
    s = started(boards={1: ["op-marriage"]})
    s = do(s, "set_actions", actions=3)
    s = do(s, "play_attack", card="op-application-denied", target=1, stack=0)
    assert stacks(s, 1) == []
    s = do(s, "end_turn")
    s = do(s, "set_hand", player=1, resources=6)
    s = do(s, "buy_milestone", card="op-marriage", influence=1, cash=1)
    refused(s, "buy_milestone", "only have 1 Marriage", card="op-marriage", influence=1, cash=1)


def test_a_third_job_beside_a_covered_stack_starts_a_new_stack_and_they_join_when_the_attack_goes():
    # The rulebook's example: two Jobs under a Layoff; a third Job draws a Resource and scores 1 VP.
    s = started(boards={1: ["op-job", "op-job"]})
    s = do(s, "play_attack", card="op-layoff", target=1, stack=0)
    s = do(s, "end_turn")
    s = do(s, "set_hand", player=1, resources=10)
    s = do(s, "set_actions", actions=2)
    s = do(s, "buy_milestone", card="op-job", cash=2, time=1)
    assert stacks(s, 1) == [("job", ("op-job", "op-job"), "op-layoff"), ("job", ("op-job",), None)]
    assert board.vp(s, 1) == 1
    s = next_turn(s, to=1)
    assert s.turn.drew_resources == 3
    s = do(s, "pay_off_attack", stack=0, cash=2)
    assert stacks(s, 1) == [("job", ("op-job",) * 3, None)]
    assert board.vp(s, 1) == 3 and "op-layoff" in s.op_discard
