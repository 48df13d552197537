"""Phase 2 (border.py): withdrawing assurance by the Destination card, then crossing the border."""

from __future__ import annotations

from dataclasses import replace

from companion.rules.games import emigration as em

from .conftest import ANN, BO, act, arrange, drawn, refused, table


def border(**ann):
    """Phase 2 with Ann to play, holding `ann` (money, stash, ...)."""
    state = arrange(arrange(table(), BO, {}), ANN, {}, **ann)
    return replace(state, phase="border", turn=ANN)


def test_the_rulebooks_withdrawal_example_comes_out_exactly():
    # Canada: 3 Connections = 5, 7 Money = 2, 2 Documents = 3; need 2 Documents, lose 3 per missing one
    state = border(money=15, stash=("doc-visa-form", "con-cousin", "con-mentor", "con-coworker"))
    state = act(state, "withdraw", player=ANN)
    ann = state.players[ANN]
    assert ann.assurance == 6 and ann.money == 1 and ann.stash == ("doc-visa-form",)
    assert "for 9 assurance, and loses 3 for 1 missing Document: 6 assurance now" in state.news[0]


def test_pay_raise_money_never_counts_and_the_penalty_never_goes_below_zero():
    state = act(border(money=6, raises=(1, 3)), "withdraw", player=ANN)  # 6 < 7: no set; no Documents: -6
    assert state.players[ANN].money == 6 and state.players[ANN].assurance == 0


def test_the_penalty_counts_documents_held_before_trading_them():
    state = replace(border(stash=("doc-visa-form", "doc-tax-return"), assurance=1), turn=ANN)
    state = act(state, "withdraw", player=ANN, document_sets=1)
    assert state.players[ANN].assurance == 1 + 3 and state.players[ANN].stash == ()


def test_withdraw_fewer_sets_but_never_more_than_held():
    state = border(money=15)
    refused(state, "withdraw", "at most 2 sets of 7 Money at Canada, not 3", player=ANN, money_sets=3)
    assert act(state, "withdraw", player=ANN, money_sets=1).players[ANN].money == 8


def test_crossing_the_border_needs_enough_assurance_and_a_passport_and_a_ticket():
    state = border(assurance=9, money=0, stash=("doc-visa-form", "doc-tax-return", "pass-passport", "tick-ferry"))
    refused(state, "cross_border", "must WITHDRAW ASSURANCE TOKENS before", player=ANN, lane=1, token=2)
    state = act(state, "withdraw", player=ANN, document_sets=0)
    refused(state, "cross_border", "no lane 6", player=ANN, lane=6, token=2)
    state = act(state, "cross_border", player=ANN, lane=2, token=8)
    ann = state.players[ANN]
    assert ann.entered and ann.assurance == 1 and state.lanes == (3, 2, 3, 3, 3) and state.turn == BO
    assert em.view(state)["lanes"][1] == {"lane": 2, "tokens_left": 2, "drawn": [8]}
    assert em.score(state)["finished"] is False  # Bo must attempt too
    state = act(act(state, "withdraw", player=BO), "cross_border", player=BO, lane=2, token=2)
    assert state.players[BO].entered is False and state.phase == "over"
    score = em.score(state)
    assert score["finished"] and score["winners"] == [ANN] and score["ultimate_winner"] == ANN
    refused(state, "withdraw", "The game is over", player=ANN)


def test_a_lane_with_no_token_left_cannot_be_chosen_and_a_drawn_token_must_be_left():
    state = act(border(assurance=3), "withdraw", player=ANN)
    refused(replace(state, lanes=(0, 3, 3, 3, 3)), "cross_border", "Lane 1 has no Border Control token left",
            player=ANN, lane=1, token=2)
    refused(replace(state, tokens=(3, 4)), "cross_border", "No Border Control token worth 8", player=ANN, lane=1,
            token=8)
    state, stored = drawn(state, "cross_border", seed=1, player=ANN, lane=4)
    assert state.drawn == ((4, ANN, stored["token"]),) and len(state.tokens) == 14
