"""Turns (turns.py): forfeiting only without a Required Action, the stalemate, the end of Phase 1."""

from __future__ import annotations

from dataclasses import replace


from .conftest import ANN, BO, C, FRONT_LEFT, act, arrange, money, refused, table


# ---- exceptions -------------------------------------------------------------------------------------------

def test_forfeit_only_when_no_required_action_is_possible():
    refused(table(), "forfeit", "can still take a Passport or Ticket.*if you can do a Required Action, you must",
            player=ANN)
    state = replace(table(), passports=(), tickets=())
    state = arrange(state, ANN, {}, money=0)
    state = arrange(state, BO, {FRONT_LEFT: "life-con-remittance"}, money=0)
    state = act(state, "forfeit", player=ANN)  # Bo can still activate his own card: no stalemate money
    assert money(state) == [0, 0] and state.turn == BO


def test_when_nobody_can_act_every_player_takes_1_money():
    # only in a position set by hand: the owner of an available card can always act on it, and an uncovered
    # face-down card is turned face up by the table before anyone acts
    state = replace(table(), passports=(), tickets=())
    for p in (ANN, BO):
        state = arrange(state, p, {}, money=0)
    state = act(state, "forfeit", player=ANN)
    assert money(state) == [C["stalemate_money"]] * 2 and state.turn == BO


# ---- end of Phase 1 ------------------------------------------------------------------------------------------

def test_the_last_layout_card_starts_phase_2_and_turned_cards_reach_the_stash():
    state = arrange(table(), ANN, {FRONT_LEFT: "con-lawyer"})
    state = arrange(state, BO, {}, pending="pass-passport")
    state = act(state, "discard", player=ANN, owner=ANN, slot=FRONT_LEFT)
    assert state.phase == "border" and state.turn == BO and state.players[BO].stash == ("pass-passport",)
    refused(state, "buy_travel", "belongs to Phase 1", player=BO, card="pass-passport")
