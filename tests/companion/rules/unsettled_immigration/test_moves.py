"""The turn player's moves (moves.py): paying off Attacks, Processing Delay, abilities once per turn."""

from __future__ import annotations

from dataclasses import replace

from companion.rules.games import unsettled_immigration as rules

from .conftest import do, next_turn, refused, stacks, started


def test_paying_off_an_attack_with_a_home_and_a_green_card():
    s = started(boards={0: ["op-visa", "op-apartment", "op-green-card"]}, hands=(6,))
    s = do(s, "set_actions", actions=0)
    s = next_turn(s, to=1)
    s = do(s, "play_attack", card="op-visa-revoked", target=0, stack=1)  # Visa stack, after ESL
    s = next_turn(s, to=0)
    view = rules.view(s)["players"][0]
    # Visa Revoked: 1 Cash + 1 Document = 10; the Green Card drops the Document, the Apartment 1 Cash.
    assert view["stacks"][1]["pay_off"] == 0
    s = do(s, "pay_off_attack", stack=1)
    assert stacks(s, 0)[1] == ("visa", ("op-visa",), None)
    assert "Visa Revoked" in s.told
    # Eviction (3 Cash = 6) on the Home stack: the covered Apartment gives no discount, so 6 is due.
    s = next_turn(s, to=1)
    s = do(s, "play_attack", card="op-eviction", target=0, stack=2)
    s = next_turn(s, to=0)
    assert rules.view(s)["players"][0]["stacks"][2]["pay_off"] == 6
    refused(s, "pay_off_attack", "costs 6 Time units", stack=2, cash=2)


def test_processing_delay_sends_the_milestone_back_and_the_resources_to_the_discard():
    # The rulebook's example: Ben pays 42 for Naturalize; Ana's Processing Delay sends it back.
    s = started(("Ana", "Ben", "Chloe"), hands=(0, 0, 0))
    s = do(s, "end_turn")
    s = do(s, "set_hand", player=1, resources=12, ops=4)
    s = do(s, "buy_milestone", card="op-naturalize", document=3, influence=3, cash=3, processing_delay_by=0)
    assert stacks(s, 1) == [] and s.players[1].resources == 3 and s.players[1].ops == 4
    assert s.turn.actions == 0 and "op-processing-delay" in s.op_discard
    assert "returns to Ben's hand" in s.told


def test_a_lawyer_stops_processing_delay_and_the_blitz_cannot():
    s = started(hands=(5,))
    refused(s, "buy_milestone", "Bureaucratic Blitz cannot stop a Processing Delay", card="op-job", time=4,
            processing_delay_by=1, defense="op-bureaucratic-blitz")
    refused(s, "buy_milestone", "opponent's turn", card="op-job", time=4, processing_delay_by=0)
    refused(s, "play_action", "played on an opponent's turn as they buy", card="op-processing-delay")
    s = do(s, "buy_milestone", card="op-job", time=4, processing_delay_by=1, defense="op-lawyer")
    assert stacks(s, 0)[-1] == ("job", ("op-job",), None)


def test_abilities_are_free_once_per_turn_and_work_the_turn_they_are_bought():
    s = started(hands=(8,))
    s = do(s, "set_actions", actions=2)
    s = do(s, "buy_milestone", card="op-visa", document=1)
    s = do(s, "use_ability", card="op-visa", discard="op-overtime")
    assert s.players[0].ops == 6 - 1 and s.turn.actions == 1
    refused(s, "use_ability", "already used Visa's ability this turn", card="op-visa")
    refused(s, "use_ability", "works by itself", card="op-esl-classes")
    refused(s, "use_ability", "no Family", card="op-family")
    s = next_turn(s, to=0)
    assert do(s, "use_ability", card="op-visa").turn.uses("cycle_op") == 1


def test_when_abilities_start_and_the_hand_limit_follow_the_constants():
    s = started(hands=(20,))
    s = replace(s, consts=replace(s.consts, usable_when_bought=False, hand_limit=10))
    s = do(s, "buy_milestone", card="op-visa", document=1)
    refused(s, "use_ability", "bought Visa this turn.*from the next turn", card="op-visa")
    refused(s, "end_turn", "discard down to 10")
    s = do(do(s, "set_hand", player=0, resources=5), "end_turn")
    assert s.turn.player == 1


def test_family_takes_the_top_resource_discard():
    s = started(boards={0: ["op-family"]})
    assert do(s, "use_ability", card="op-family").players[0].resources == 3
