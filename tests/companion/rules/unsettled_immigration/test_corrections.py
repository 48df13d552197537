"""Manual corrections (corrections.py): the table set by hand, and hand counts guarding the moves."""

from __future__ import annotations

from .conftest import do, refused, stacks, started


def test_corrections_set_the_table_by_hand():
    s = started(boards={1: ["op-job", "op-job"]})
    s = do(s, "remove_milestone", player=1, stack=0, card="op-job")
    assert stacks(s, 1) == [("job", ("op-job",), None)]
    s = do(s, "play_attack", card="op-layoff", target=1, stack=0)
    s = do(s, "remove_attack", player=1, stack=0)
    assert stacks(s, 1) == [("job", ("op-job",), None)]
    refused(s, "remove_attack", "not Deported", player=1, deport=True)
    refused(s, "remove_milestone", "Bo has no such stack", player=1, stack=3, card="op-job")
    refused(s, "set_hand", "no player 7", player=7, ops=1)


def test_hand_counts_guard_the_moves():
    s = do(started(), "set_hand", player=0, ops=0)
    refused(s, "play_action", "holds 0 Op cards.*More actions", card="op-overtime")
