"""Passports and Tickets (travel.py): buying, taking one by skipping a turn, assurance once, scalping."""

from __future__ import annotations

from dataclasses import replace

from .conftest import ANN, BO, C, FRONT_LEFT, act, arrange, money, refused, table


def test_passports_and_tickets_are_bought_or_taken_by_skipping_a_turn_and_both_give_1_assurance_once():
    state = arrange(table(), ANN, {FRONT_LEFT: "con-lawyer"}, money=5)
    state = act(state, "buy_travel", player=ANN, card="pass-passport")
    assert state.players[ANN].money == 0 and state.passports == ("pass-passport",)
    refused(state, "buy_travel", "Bo has 3 money, but the Ferry Crossing costs 5", player=BO, card="tick-ferry")
    state = act(state, "discard", player=BO, owner=BO, slot=FRONT_LEFT)
    state = act(state, "take_by_skipping", player=ANN, card="tick-ferry")
    assert state.players[ANN].pending == "tick-ferry" and state.turn == BO
    state = act(state, "discard", player=BO, owner=ANN, slot=FRONT_LEFT)
    ann = state.players[ANN]  # Ann's turn went to placing the ticket in her stash
    assert state.turn == BO and ann.pending is None and "tick-ferry" in ann.stash
    assert ann.assurance == C["passport_and_ticket_assurance"]
    state = replace(state, tickets=("tick-budget-flight",), turn=ANN)
    state = act(arrange(state, ANN, {FRONT_LEFT: "con-lawyer"}, money=9), "buy_travel", player=ANN,
                card="tick-budget-flight")
    assert state.players[ANN].assurance == C["passport_and_ticket_assurance"]  # still only once


def test_scalping_pays_the_seller_the_price_plus_1_and_needs_a_spare():
    state = arrange(table(), ANN, {FRONT_LEFT: "con-lawyer"}, stash=("tick-budget-flight", "tick-economy-flight"))
    state = replace(state, turn=BO)
    state = arrange(state, BO, {FRONT_LEFT: "doc-diploma"}, money=4, stash=("pass-passport",))
    refused(state, "take_by_skipping", "never taken by skipping", player=BO, card="tick-economy-flight")
    state = act(state, "scalp", player=BO, seller=ANN, card="tick-budget-flight")
    assert money(state) == [3 + 3 + C["scalping_fee"], 0]
    assert state.players[ANN].stash == ("tick-economy-flight",) and state.players[BO].assurance == 1
    state = arrange(replace(state, turn=BO), BO, {FRONT_LEFT: "doc-diploma"}, money=9)
    refused(state, "scalp", "only one ticket: you may only SCALP an extra", player=BO, seller=ANN,
            card="tick-economy-flight")
