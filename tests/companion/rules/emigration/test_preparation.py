"""Phase 1 actions (preparation.py): BUY and DISCARD with fees, GO TO COLLEGE, tuition, GRADUATE, SELL."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.rules.games import emigration as em

from .conftest import ANN, BO, C, FRONT_LEFT, FRONT_RIGHT, act, arrange, money, refused, table


# ---- Phase 1: buy, discard, fees, turns ----------------------------------------------------------------

def test_buy_pays_the_bank_and_a_card_from_someone_elses_layout_pays_its_owner_1():
    state = act(table(), "buy", player=ANN, owner=ANN, slot=FRONT_LEFT)  # Recruiter, 3, from her own layout
    assert money(state) == [0, 3] and state.players[ANN].stash == ("con-recruiter",) and state.turn == BO
    state = act(state, "buy", player=BO, owner=BO, slot=FRONT_LEFT)  # Apostilled Diploma, 3
    assert money(state) == [0, 0] and state.players[BO].stash == ("doc-diploma",) and state.turn == ANN


def test_the_rulebooks_fee_example_buying_or_discarding_the_neighbours_recruiter():
    state = arrange(arrange(table(), ANN, {0: "con-lawyer"}, money=5), BO, {FRONT_LEFT: "con-recruiter"}, money=0)
    bought = act(state, "buy", player=ANN, owner=BO, slot=FRONT_LEFT)
    assert money(bought) == [5 - 3 - 1, 1] and bought.players[ANN].stash == ("con-recruiter",)  # 4 in all
    discarded = act(state, "discard", player=ANN, owner=BO, slot=FRONT_LEFT)
    assert money(discarded) == [5 + 2 - 1, 1]  # takes 2 from the bank, hands 1 to Bo, keeps 1


def test_buy_needs_the_price_plus_the_fee_and_an_available_document_or_connection():
    state = table()
    refused(state, "buy",
            r"Ann has 3 money, but the Apostilled Diploma costs 3 plus 1 for Bo.*\(Required Action: BUY\)",
            player=ANN, owner=BO, slot=FRONT_LEFT)
    refused(state, "buy", "still covered: only available cards can be bought", player=ANN, owner=ANN, slot=9)
    refused(state, "buy", "face down", player=ANN, owner=ANN, slot=5)
    refused(state, "buy", "Life cards and Paydays are ACTIVATED", player=ANN, owner=ANN, slot=FRONT_RIGHT)
    refused(state, "buy", "It is Ann's turn, not Bo's", player=BO, owner=BO, slot=FRONT_LEFT)


def test_discard_takes_2_from_the_bank_and_pays_the_owner_1():
    state = act(table(), "discard", player=ANN, owner=BO, slot=FRONT_LEFT)
    assert money(state) == [3 + C["discard_money"] - C["owner_fee"], 3 + C["owner_fee"]]
    assert state.discard == ("doc-diploma",)
    refused(state, "discard", "only Documents and Connections can be discarded", player=BO, owner=BO, slot=FRONT_RIGHT)


# ---- college ------------------------------------------------------------------------------------------------

def test_go_to_college_needs_1_more_money_than_the_nationality_card_and_a_free_pay_raise_slot():
    state = table()  # Ann is from India: 3 money on the card, and has 3
    refused(state, "go_to_college", r"needs at least 4 money, 1 more than the Nationality card's 3, and has 3",
            player=ANN, rolls=[1])
    refused(arrange(state, ANN, {}, money=9, raises=(1, 3)), "go_to_college", "no free Pay Raise slot", player=ANN)


@pytest.mark.parametrize(("have", "roll", "left", "in_college"), [(6, 5, 6, False), (6, 2, 1, True), (9, 6, 0, True)])
def test_tuition_is_the_roll_plus_the_nationality_money_or_the_turn_is_forfeited(have, roll, left, in_college):
    state = act(arrange(table(), ANN, {FRONT_LEFT: "doc-diploma"}, money=have), "go_to_college", player=ANN,
                rolls=[roll])
    assert state.players[ANN].money == left and state.players[ANN].in_college is in_college and state.turn == BO


def test_graduating_takes_a_roll_of_1_to_3_gives_assurance_and_the_pay_raises():
    state = arrange(table(), ANN, {FRONT_LEFT: "con-lawyer"}, in_college=True)
    state = act(state, "graduate", player=ANN, rolls=[4])
    assert state.players[ANN].in_college and state.turn == ANN
    refused(state, "graduate", "tried to graduate this turn already", player=ANN, rolls=[1])
    state = act(state, "discard", player=ANN, owner=ANN, slot=FRONT_LEFT)
    refused(state, "graduate", "Bo is not in college", player=BO, rolls=[1])
    state = act(arrange(state, ANN, {FRONT_LEFT: "con-lawyer"}), "discard", player=BO, owner=BO, slot=FRONT_LEFT)
    state = act(state, "graduate", player=ANN, rolls=[3])
    ann = state.players[ANN]
    assert not ann.in_college and ann.assurance == C["graduation_assurance"] and ann.raises == (1,)
    later = replace(arrange(state, ANN, {FRONT_LEFT: "con-lawyer"}, in_college=True), graduation_tried=False)
    state = act(later, "graduate", player=ANN, rolls=[1])
    assert state.players[ANN].raises == tuple(C["pay_raise_values"])
    assert em.view(state)["players"][ANN]["salary"] == 2 + 1 + 3


def test_sell_is_optional_and_takes_2_for_a_bought_document_or_connection():
    state = arrange(table(), ANN, {FRONT_LEFT: "con-lawyer"}, stash=("doc-tax-return", "pass-passport"))
    state = act(state, "sell", player=ANN, card="doc-tax-return")
    assert state.players[ANN].money == 3 + C["sell_money"] and state.turn == ANN
    refused(state, "sell", "has not bought the Tax Return", player=ANN, card="doc-tax-return")
    refused(state, "sell", "Only Documents and Connections can be sold", player=ANN, card="pass-passport")
