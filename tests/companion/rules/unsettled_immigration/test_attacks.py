"""Attacks (attacks.py): targets, whole-stack discards, Deport, attack Actions, Lawyer and the Blitz."""

from __future__ import annotations

import pytest

from companion.rules.games import unsettled_immigration as rules
from companion.rules.games.unsettled_immigration import board

from .conftest import C, do, refused, stacks, started


def test_attacks_respect_their_target_type_and_cover_only_uncovered_stacks():
    s = started(boards={1: ["op-job", "op-visa"]})
    refused(s, "play_attack", "only target a Job stack.*Visa", card="op-layoff", target=1, stack=1)
    refused(s, "play_attack", "targets an opponent", card="op-lost-paperwork", target=0, stack=0)
    s2 = do(do(s, "set_actions", actions=2), "play_attack", card="op-lost-paperwork", target=1, stack=1)
    refused(s2, "play_attack", "already covered by Lost Paperwork", card="op-background-check", target=1, stack=1)
    refused(started(), "play_attack", "no Milestones on their board", card="op-lost-paperwork", target=2, stack=0)


@pytest.mark.parametrize("attack", ["op-application-denied", "op-family-separation"])
def test_application_denied_and_family_separation_discard_the_whole_stack(attack):
    s = started(boards={1: ["op-family", "op-job", "op-job"]})
    index = 1 if attack == "op-application-denied" else 0
    s = do(s, "play_attack", card=attack, target=1, stack=index)
    gone = ("op-job", "op-job") if index else ("op-family",)
    assert all(c not in [x for st in stacks(s, 1) for x in st[1]] for c in gone)
    assert [s.op_discard.count(c) for c in set(gone)] == [len(gone)] and attack in s.op_discard
    refused(started(boards={1: ["op-job"]}), "play_attack", "only target a Family stack",
            card="op-family-separation", target=1, stack=0)


def test_application_denied_takes_a_covering_attack_with_the_stack():
    s = started(boards={1: ["op-job"]})
    s = do(do(s, "set_actions", actions=2), "play_attack", card="op-layoff", target=1, stack=0)
    s = do(s, "play_attack", card="op-application-denied", target=1, stack=0)
    assert stacks(s, 1) == [] and "op-layoff" in s.op_discard


def test_deport_blocks_new_milestones_and_every_ability_but_not_vp():
    s = started(boards={1: ["op-green-card", "op-job", "op-visa"]})
    s = do(do(s, "set_actions", actions=2), "play_attack", card="op-deport", target=1)
    assert s.players[1].deport == "op-deport" and board.vp(s, 1) == 3 + 1 + 2
    refused(s, "play_attack", "already Deported", card="op-deport", target=1)
    s = do(s, "end_turn")
    assert s.turn.drew_resources == 2  # the Job draws nothing while Deported
    s = do(s, "set_hand", player=1, resources=20)
    refused(s, "buy_milestone", "Deported player cannot play new Milestones", card="op-job", cash=3)
    refused(s, "use_ability", "Deported player cannot use any Milestone ability", card="op-visa")
    # Paying it off: the Green Card is switched off too, so the Document is paid: 2 Influence + 1 Document.
    assert rules.view(s)["players"][1]["deport_pay_off"] == 16
    refused(s, "pay_off_attack", "costs 16 Time units", deport=True, influence=2)
    s = do(s, "pay_off_attack", deport=True, influence=4)
    assert s.players[1].deport is None and s.players[1].resources == 16


def test_a_naturalized_player_cannot_be_deported():
    s = started(boards={1: ["op-naturalize"]})
    refused(s, "play_attack", "Naturalized: Deport cannot be played", card="op-deport", target=1)


def test_a_lawyer_discards_the_attack_with_no_effect():
    s = started(boards={1: ["op-job"]})
    s = do(s, "play_attack", card="op-layoff", target=1, stack=0, defense="op-lawyer")
    assert stacks(s, 1) == [("job", ("op-job",), None)]
    assert {"op-layoff", "op-lawyer"} <= set(s.op_discard)
    assert s.players[1].ops == 5 and s.turn.actions == 0


def test_the_bureaucratic_blitz_redirects_to_a_player_it_affects_and_there_is_only_one():
    s = started(boards={1: ["op-job"], 2: ["op-job", "op-visa"]})
    s = do(s, "set_actions", actions=3)
    refused(s, "play_attack", "must have an effect on its new target.*only target a Job", card="op-layoff",
            target=1, stack=0, defense="op-bureaucratic-blitz", redirect_to=2, redirect_stack=1)
    refused(s, "play_attack", "different player", card="op-layoff", target=1, stack=0,
            defense="op-bureaucratic-blitz", redirect_to=1)
    s = do(s, "play_attack", card="op-layoff", target=1, stack=0, defense="op-bureaucratic-blitz",
           redirect_to=2, redirect_stack=0)
    assert stacks(s, 1)[0][2] is None and stacks(s, 2)[0][2] == "op-layoff"
    refused(s, "play_attack", "only 1 Bureaucratic Blitz", card="op-lost-paperwork", target=1, stack=0,
            defense="op-bureaucratic-blitz", redirect_to=2, redirect_stack=1)
    s = do(s, "reshuffle_op_discard")
    do(s, "play_attack", card="op-lost-paperwork", target=1, stack=0, defense="op-bureaucratic-blitz",
       redirect_to=2, redirect_stack=1)
    assert C["bureaucratic_blitz_count"] == 1


def test_attack_actions_hit_hands_and_purchases():
    s = started(hands=(0, 5, 0))
    s = do(s, "set_actions", actions=3)
    s = do(s, "play_action", card="op-notario-fraud", target=1)
    assert s.players[1].resources == 3
    refused(s, "play_action", "does not name them", card="op-nsa", target=1, discard="op-lawyer")
    s = do(s, "play_action", card="op-nsa", target=1, discard="op")
    assert s.players[1].ops == 5 and "discards an Op card" in s.told
    refused(s, "play_action", "say which kind", card="op-nsa", target=1)
    s = do(s, "play_action", card="op-visa-backlog", target=1)
    s = do(s, "end_turn")
    refused(s, "buy_milestone", "Visa Backlog: Bo cannot buy", card="op-job", time=5)


def test_a_redirected_attack_action_must_do_something_to_its_new_target():
    s = do(started(hands=(0, 3, 0)), "set_hand", player=2, ops=0)
    refused(s, "play_action", "must have an effect on its new target: Cy holds no cards", card="op-nsa",
            target=1, discard="time", defense="op-bureaucratic-blitz", redirect_to=2)
    s = do(s, "play_action", card="op-notario-fraud", target=2)  # a useless card may still be played
    assert s.players[2].resources == 0 and "discards 0 random" in s.told
