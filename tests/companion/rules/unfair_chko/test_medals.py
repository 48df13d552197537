"""The medal bank (medals.py): awarding, exchanging and selling medals, the City's supply, medal points."""

from __future__ import annotations

from companion.rules.games import unfair_chko as uc

from .conftest import ANN, BO, C, act, refused, started, with_kaiju


def test_the_medal_bank_awards_exchanges_and_sells():
    state = act(started(), "award_medals", player=ANN, silver=7)
    assert state.supply_silver == 12
    state = act(state, "exchange_medals", player=ANN, to="gold")
    assert (state.players[ANN].silver, state.players[ANN].gold, state.supply_silver, state.supply_gold) == (2, 1, 17, 4)
    refused(state, "exchange_medals", "a gold medal takes 5 silver ones", player=ANN, to="gold")
    refused(state, "sell_medals", "A gold medal cannot be sold: exchange it for 5 silver medals first",
            player=ANN, medal="gold")
    state = act(state, "sell_medals", player=ANN, count=2)
    assert state.players[ANN].coins == C["starting_coins"] + 20 and state.supply_silver == 19
    state = act(state, "exchange_medals", player=ANN, to="silver")
    assert (state.players[ANN].silver, state.players[ANN].gold, state.supply_silver, state.supply_gold) == (5, 0, 14, 5)
    refused(state, "sell_medals", "Bo has 0 silver medals and cannot sell 1", player=BO)
    assert act(state, "sell_medals", player=ANN, coins_each=12).players[ANN].coins == C["starting_coins"] + 32


def test_the_city_supply_never_goes_negative():
    state = act(started(), "award_medals", player=ANN, silver=19)
    refused(state, "award_medals", "The City's supply has 0 silver medals left, not 1", player=BO)
    refused(state, "set_medals", "never goes below zero", player=BO, silver=1, gold=0)
    state = act(state, "exchange_medals", player=ANN, to="gold", count=3)
    state = act(state, "set_medals", player=BO, silver=2, gold=2)
    assert (state.supply_silver, state.supply_gold) == (13, 0)
    state = act(state, "award_medals", player=ANN, silver=1)
    refused(state, "exchange_medals", "supply has 0 gold medals left", player=ANN, to="gold")
    refused(state, "set_medals", "never goes below zero", player=BO, silver=0, gold=3)


def test_a_hit_is_refused_when_the_supply_has_no_silver_left():
    state = act(act(with_kaiju("Gamigora"), "kaiju_roll", {"dice": [[6, 6]]}), "advance")
    state = act(state, "award_medals", player=BO, silver=19)
    refused(state, "hit_kaiju", "supply has 0 silver medals, not the 1 this hit earns", player=ANN, space=1)


def test_medals_score_10_and_50_points():
    state = act(act(started(), "award_medals", player=ANN, silver=8), "exchange_medals", player=ANN, to="gold")
    assert uc.score(state)["players"][ANN]["categories"]["Medals"] == 50 + 3 * 10
