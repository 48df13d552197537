"""Paying (payment.py): Time units, any mix of Resources, no change, Green Card and ESL discounts."""

from __future__ import annotations

import pytest

from companion.rules.games import unsettled_immigration as rules
from companion.rules.games.unsettled_immigration import board, payment
from companion.rules.games.unsettled_immigration.state import card

from .conftest import do, refused, stacks, started


def test_costs_in_time_units_and_the_green_card_rule():
    consts = started().consts
    naturalize = card(started(), "op-naturalize")
    assert payment.units(naturalize.cost, consts) == 42
    assert payment.due(naturalize.cost, consts, green_card=True) == 18
    assert payment.units(payment.as_pay({"document": 1}), consts) == 8 == payment.units((8, 0, 0, 0), consts)
    assert payment.can_pay(payment.as_pay({"influence": 2}), 8, consts)  # 2 Influence pay a Document
    assert not payment.can_pay(payment.as_pay({"cash": 3}), 8, consts)


@pytest.mark.parametrize("pay, lost", [({"cash": 2, "time": 1}, 0), ({"time": 5}, 0),
                                       ({"influence": 1, "time": 1}, 0), ({"influence": 1, "cash": 1}, 1)])
def test_any_mix_pays_a_job_and_no_change_is_given(pay, lost):
    # The rulebook's example: a Job (2 Cash + 1 Time = 5) paid four ways; Influence + Cash loses 1.
    s = started(hands=(6,), start="op-apartment")
    s = do(s, "buy_milestone", card="op-job", **pay)
    assert stacks(s, 0)[-1] == ("job", ("op-job",), None)
    assert s.players[0].resources == 6 - sum(pay.values())
    said = f"{lost} Time unit overpaid is lost" if lost == 1 else f"{lost} Time units overpaid are lost"
    assert (said in s.told) == bool(lost)


def test_a_short_payment_or_one_larger_than_the_hand_is_refused():
    s = started(start="op-apartment")
    refused(s, "buy_milestone", "Job costs 5 Time units.*worth only 4.*any mix", card="op-job", cash=2)
    refused(s, "buy_milestone", "takes 3 Resource cards.*only 2 in hand", card="op-job", cash=2, time=1)


def test_green_card_pays_naturalize_for_18_once_per_turn():
    s = started(boards={0: ["op-green-card"]}, hands=(12,), start="op-apartment")
    assert rules.view(s)["players"][0]["prices"]["op-naturalize"] == 18
    s = do(s, "buy_milestone", card="op-naturalize", influence=3, cash=3)
    assert board.vp(s, 0) == 1 + 3 + 6 and s.players[0].resources == 6
    # The Green Card works once per turn: a second Document cost this turn is paid in full.
    assert rules.view(s)["players"][0]["prices"]["op-visa"] == 8


def test_esl_takes_one_time_off_the_first_milestone_of_the_turn():
    s = started(hands=(4,))  # Ann started with ESL Classes
    assert rules.view(s)["players"][0]["prices"]["op-job"] == 4
    s = do(s, "buy_milestone", card="op-job", cash=2)
    assert rules.view(s)["players"][0]["prices"]["op-job"] == 5


def test_a_covered_green_card_no_longer_removes_documents():
    s = started(boards={1: ["op-green-card"]})
    assert rules.view(s)["players"][1]["prices"]["op-naturalize"] == 18
    s = do(s, "play_attack", card="op-background-check", target=1, stack=0)
    assert rules.view(s)["players"][1]["prices"]["op-naturalize"] == 42
