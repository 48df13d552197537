"""Kaiju (kaiju.py): entering the Market, the attack roll and its chance, hits and medals, defeat, healing."""

from __future__ import annotations

from fractions import Fraction

from companion.rules.games import unfair_chko as uc
from companion.rules.games.unfair_chko import kaiju as kj

from .conftest import ANN, BO, C, act, refused, started, to_stage, with_kaiju


def test_a_kaiju_enters_the_lowest_numbered_market_space_without_one_at_its_starting_health():
    state = with_kaiju("Gamigora")
    assert "discard the Park card there" in state.told
    state = act(state, "kaiju_enters", kaiju="Brutazar")
    assert [(k.space, k.health) for k in state.market] == [(1, 4), (2, 4)]
    state = act(state, "set_kaiju_health", space=1, health=0)     # defeated: space 1 is free again
    assert state.city_discard[-1] == "city-kj-gamigora"
    assert [k.space for k in act(state, "kaiju_enters", kaiju="Rarrgon").market] == [1, 2]
    refused(state, "kaiju_enters", "already in the Market", kaiju="Brutazar")


def test_the_rulebooks_three_attack_examples():
    assert kj.attacks(4, (2, 5)) and kj.attacks(5, (3, 5)) and not kj.attacks(3, (4, 6))
    # Gamigora at full health 4 rolls 2 and 5: the attack proceeds.
    state = act(with_kaiju("Gamigora"), "kaiju_roll", {"dice": [[2, 5]]})
    assert state.last_roll[0].health == 4 and state.last_roll[0].attacks == 1
    assert "strong enough, it attacks once" in state.told
    # Rarrgon (6) takes one hit, down to 5, then rolls 3 and 5: it attacks once, not once per die.
    state = act(with_kaiju("Rarrgon"), "kaiju_roll", {"dice": [[6, 6]]})
    state = act(act(state, "advance"), "hit_kaiju", player=ANN, space=1)
    state = act(to_stage(state, 2, 1), "reveal_city")
    state = act(state, "kaiju_roll", {"dice": [[3, 5]]})
    assert state.last_roll[0].health == 5 and state.last_roll[0].attacks == 1
    # Brutazar (4) takes one hit, down to 3, then rolls 4 and 6: too weak, the attack fails.
    state = act(with_kaiju("Brutazar"), "kaiju_roll", {"dice": [[1, 1]]})
    state = act(act(state, "advance"), "hit_kaiju", player=ANN, space=1)
    state = act(act(to_stage(state, 2, 1), "reveal_city"), "kaiju_roll", {"dice": [[4, 6]]})
    assert state.last_roll[0].health == 3 and state.last_roll[0].attacks == 0
    assert "every value is above its health, so the attack fails" in state.told


def test_each_kaiju_rolls_in_market_order_once_a_round_with_two_dice():
    state = with_kaiju("Gamigora", "Brutazar")
    refused(state, "kaiju_roll", "2 dice for each of the 2 kaiju", {"dice": [[1, 1]]})
    refused(state, "kaiju_roll", "2 dice for each of the 2 kaiju", {"dice": [[1], [1]]})
    rolled = act(state, "kaiju_roll", seed=5)
    assert [a.space for a in rolled.last_roll] == [1, 2] and all(len(a.dice) == 2 for a in rolled.last_roll)
    assert rolled.last_roll == act(state, "kaiju_roll", seed=5).last_roll    # the same seed rolls the same
    refused(rolled, "kaiju_roll", "already rolled this round")
    refused(act(rolled, "advance"), "kaiju_roll", "City section of the Events step")


def test_negantis_attacks_twice_and_teravore_heals_every_kaiju_once_a_round():
    state = with_kaiju("Negantis", "Teravore", "Gamigora")
    state = act(state, "set_kaiju_health", space=1, health=2)
    state = act(state, "set_kaiju_health", space=3, health=3)
    rolled = act(state, "kaiju_roll", {"dice": [[2, 6], [1, 1], [4, 5]]})
    negantis, teravore, gamigora = rolled.last_roll
    assert negantis.attacks == 2 and "attacks 2 times (2 heads)" in rolled.told
    assert teravore.attacks == 1 and teravore.healed
    assert gamigora.health == 4 and gamigora.attacks == 1       # healed from 3 before it rolled 4 and 5
    assert [k.health for k in rolled.market] == [3, 5, 4]
    full = act(act(state, "set_kaiju_health", space=2, health=6), "kaiju_roll", {"dice": [[6, 6], [6, 6], [6, 6]]})
    assert full.market[1].health == C["die_sides"]             # never above the die's 6


def test_cards_that_change_a_kaiju_roll():
    state = with_kaiju("Gamigora", "Brutazar")
    rolled = act(state, "kaiju_roll", {"dice": [[5, 1], [1, 1]]}, one_die=[1], cannot_attack=[2])
    assert [a.attacks for a in rolled.last_roll] == [0, 0] and "cannot attack this round" in rolled.told
    refused(state, "kaiju_roll", "no kaiju in Market space 4", {"dice": [[1, 1], [1, 1]]}, one_die=[4])


def test_the_chance_of_an_attack_is_one_minus_the_chance_both_dice_miss():
    consts = started().consts
    for h in range(1, 6):
        assert kj.chance(consts, h) == 1 - Fraction(6 - h, 6) ** 2
    assert kj.chance(consts, 1) == Fraction(11, 36) and kj.chance(consts, 6) == 1
    market = uc.view(with_kaiju("Gamigora"))["market"][0]
    assert market["chance_of_attack"] == round(1 - (2 / 6) ** 2, 4) and market["chance_text"] == "32 in 36"


def test_hits_earn_a_silver_medal_each_and_a_defeated_kaiju_goes_to_the_city_discard():
    state = act(act(with_kaiju("Brutazar"), "kaiju_roll", {"dice": [[6, 6]]}), "advance")
    for _ in range(3):
        state = act(state, "hit_kaiju", player=ANN, space=1)
    assert state.players[ANN].silver == 3 and state.market[0].health == 1
    refused(state, "hit_kaiju", "It is Ann's turn to play an event", player=BO, space=1)
    state = act(act(state, "end_turn", player=ANN, action="event"), "hit_kaiju", player=BO, space=1)
    assert not state.market and state.city_discard[-1] == "city-kj-brutazar"
    assert state.players[BO].silver == 1 and state.supply_silver == C["medals"]["supply_silver"] - 4
    assert "refill Market space 1" in state.told
    refused(state, "hit_kaiju", "no kaiju in Market space 1", player=BO, space=1)


def test_only_mecha_rarrgon_hits_for_more_and_never_earns_more_medals_than_the_health_left():
    state = act(act(with_kaiju("Gamigora"), "kaiju_roll", {"dice": [[6, 6]]}), "advance")
    refused(state, "hit_kaiju", "Only Mecha-Rarrgon can reduce a kaiju's health by more than 1", player=ANN,
            space=1, damage=2, source="Guest Reassurance Pylon")
    state = act(state, "hit_kaiju", player=ANN, space=1, damage=2, source="Mecha-Rarrgon")
    assert state.market[0].health == 2 and state.players[ANN].silver == 2
    state = act(state, "hit_kaiju", player=ANN, space=1, damage=4, source="mecha-rarrgon")   # 2 health left
    assert state.players[ANN].silver == 4 and not state.market


def test_kaiju_are_hit_in_the_play_section_and_cards_may_cost_coins():
    state = with_kaiju("Gamigora")
    refused(state, "hit_kaiju", "in the Play section of the Events step", player=ANN, space=1)
    state = act(act(state, "kaiju_roll", {"dice": [[6, 6]]}), "advance")
    state = act(state, "hit_kaiju", player=ANN, space=1, coins_paid=6, source="Military Air Strike")
    assert state.players[ANN].coins == C["starting_coins"] - 6
    refused(state, "hit_kaiju", "cannot pay 99", player=ANN, space=1, coins_paid=99)
    state = act(act(state, "end_turn", player=ANN, action="pass"), "end_turn", player=BO, action="pass")
    refused(state, "hit_kaiju", "the Play section is over", player=ANN, space=1)


def test_gamigora_regenerates_in_cleanup_step_three_up_to_its_starting_health():
    state = act(act(with_kaiju("Gamigora"), "kaiju_roll", {"dice": [[6, 6]]}), "advance")
    state = act(act(state, "hit_kaiju", player=ANN, space=1), "hit_kaiju", player=ANN, space=1)
    state = to_stage(state, 1, 5)
    state = act(act(state, "cleanup"), "cleanup")
    assert state.market[0].health == 2
    state = act(state, "cleanup", step=3)
    assert state.market[0].health == 3 and "Gamigora regenerates to 3" in state.told
