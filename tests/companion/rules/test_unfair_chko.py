"""Unfair: CHKO's rules, pure: setup (packs, randomiser, Game Changers, five players, the Kaiju City deck),
the round tracker (Cleanup sequence, Starting Player marker, Hard Pass), the medal bank, kaiju (entering,
the rulebook's attack examples exactly, Negantis, Teravore, Mecha-Rarrgon, defeat), and the score sheet."""

from __future__ import annotations

import json
import pickle
import random
from fractions import Fraction

import pytest

from cardgen.gamedata import card_data_dir, load_game
from companion.rules import Event, RuleError, SetupConfig
from companion.rules.games import unfair_chko as uc
from companion.rules.games.unfair_chko import kaiju as kj
from companion.rules.games.unfair_chko.scoring import attraction_points, panorama_points

GAME = load_game(card_data_dir() / "unfair_chko")
C = GAME.constants
KAIJU_IDS = {c.id: c.name for c in GAME.deck("city").cards if c["city_type"] == "kaiju"}
ANN, BO, CY = 0, 1, 2


def act(state, kind, outcome=None, seed=0, **payload):
    """Applies an event as the app does: the schema fills defaults, `prepare` draws (or `outcome` is stored)."""
    checked = uc.EVENTS[kind].check(payload)
    if uc.EVENTS[kind].random:
        checked = {**checked, **outcome} if outcome is not None else uc.prepare(state, kind, checked,
                                                                                 random.Random(seed))
    return uc.apply(state, Event(1, kind, checked))


def refused(state, kind, match, outcome=None, **payload):
    with pytest.raises(RuleError, match=match):
        act(state, kind, outcome, **payload)


def new_game(players=("Ann", "Bo"), **options):
    return uc.setup(SetupConfig(tuple(players), options, GAME))


def started(players=("Ann", "Bo"), packs=("Kaiju", "Ocean"), changers=(), first=ANN, seed=0):
    state = new_game(players, packs=list(packs), game_changers=list(changers))
    return act(state, "start_game", seed=seed, starting_player=first)


def step(state, dice=None):
    """Finishes what the current stage needs (City card, kaiju roll, Cleanup sequence) and advances."""
    if state.section == "City":
        if state.city_round != state.round:
            state = act(state, "reveal_city")
        if state.market and state.rolled_round != state.round:
            state = act(state, "kaiju_roll", {"dice": dice or [[6, 6]] * len(state.market)})
    if state.step == "Cleanup":
        while state.cleanup < len(C["cleanup_steps"]):
            state = act(state, "cleanup")
    return act(state, "advance")


def to_stage(state, round_, stage):
    while (state.round, state.stage) != (round_, stage):
        state = step(state)
    return state


def with_kaiju(*names, changers=()):
    """A started game in round 1's City section, its City card revealed, with these kaiju in the Market."""
    state = to_stage(started(changers=changers), 1, 1)
    state = act(state, "reveal_city")
    for name in names:
        state = act(state, "kaiju_enters", kaiju=name)
    return state


# ---- setup --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [(), tuple("ABCDEF")])
def test_player_counts_outside_one_to_five_are_refused(players):
    with pytest.raises(RuleError, match="Unfair plays with 1 to 5 players"):
        new_game(players)


def test_one_player_needs_solo_mode_and_solo_mode_needs_one_player():
    with pytest.raises(RuleError, match="one player uses the Solo Mode Game Changer"):
        new_game(("Ann",))
    with pytest.raises(RuleError, match="Solo Mode Game Changer is for one player"):
        new_game(("Ann", "Bo"), solo=True)
    solo = new_game(("Ann",), solo=True)
    assert solo.solo and "Solo Mode" in solo.game_changers and solo.automa is None
    assert uc.view(solo)["setup"]["solo"] is True
    state = act(act(solo, "choose_packs", packs=["Ocean"]), "start_game")
    assert state.phase == "play" and state.players[0].coins == C["starting_coins"]


def test_five_players_need_the_table_to_confirm_everyone_knows_the_game():
    five = ("Ann", "Bo", "Cy", "Di", "Ed")
    state = new_game(five, packs=["Comicbook", "Hacker", "Kaiju", "Ocean", "Pirate"])
    refused(state, "start_game", "only if all players are already familiar", starting_player=0)
    assert uc.view(state)["setup"]["five_player_rule"] == C["five_player_note"]
    state = act(state, "confirm_everyone_knows", confirmed=True)
    assert act(state, "start_game", starting_player=0).phase == "play"
    assert act(new_game(five, packs=["Comicbook", "Hacker", "Kaiju", "Ocean", "Pirate"],
                        everyone_knows_the_game=True), "start_game").phase == "play"
    with pytest.raises(RuleError, match="Play with fewer players while someone is new"):
        new_game(five, new_players=True)


@pytest.mark.parametrize("count", ["2", "3", "4"])
def test_new_players_get_first_date_and_the_recommended_packs(count):
    state = new_game(("Ann", "Bo", "Cy", "Di")[:int(count)], new_players=True)
    assert state.packs == tuple(C["recommended_packs"][count]) and "First Date" in state.game_changers
    assert act(new_game(("Ann", "Bo", "Cy", "Di")[:int(count)]), "use_recommended_packs").packs == state.packs


def test_no_recommended_packs_for_five_and_packs_are_played_once():
    five = new_game(("Ann", "Bo", "Cy", "Di", "Ed"), everyone_knows_the_game=True)
    refused(five, "use_recommended_packs", "recommends packs for new players only for 2, 3, 4 players, not 5")
    state = new_game()
    refused(state, "choose_packs", "Each theme pack is played at most once, and Ocean is named 2 times",
            packs=["Ocean", "ocean"])
    assert act(state, "choose_packs", packs=["  kaiju", "Robot"]).packs == ("Kaiju", "Robot")
    refused(state, "start_game", "one theme pack per player: choose or draw 2 packs")


def test_the_randomiser_bag_weights_favourites_and_rarely_wanted_packs():
    from companion.rules.games.unfair_chko.table_setup import bag

    state = new_game()
    assert sorted(bag(state.consts, {"packs": ["Ocean", "Kaiju"], "favourites": ["Kaiju"], "rarely": []})) == [
        "Kaiju", "Kaiju", "Ocean"]
    assert sorted(bag(state.consts, {"packs": ["Ocean", "Kaiju", "Hacker"], "favourites": [],
                                     "rarely": ["Hacker"]})) == ["Hacker", "Kaiju", "Kaiju", "Ocean", "Ocean"]
    refused(state, "draw_packs", "Pirate is not among the packs put in the bag", packs=["Ocean"], favourites=["Pirate"])
    refused(state, "draw_packs", "The bag holds 1 different packs, and 2 must be drawn", packs=["Ocean"])


def test_the_randomiser_draw_happens_in_prepare_is_seeded_and_stored():
    state = new_game(("Ann", "Bo", "Cy"))
    payload = uc.EVENTS["draw_packs"].check({"packs": ["Comicbook", "Hacker", "Kaiju", "Ocean", "Pirate"],
                                             "favourites": ["Kaiju"]})
    drawn = uc.prepare(state, "draw_packs", payload, random.Random(7))
    assert drawn == uc.prepare(state, "draw_packs", payload, random.Random(7))  # seeded: the same again
    after = uc.apply(state, Event(1, "draw_packs", drawn))
    assert len(after.packs) == 3 and len(set(after.packs)) == 3 and after.drawn_tokens == tuple(drawn["drawn"])
    assert uc.view(after)["setup"]["drawn_tokens"] == drawn["drawn"]
    refused(state, "draw_packs", "names tokens that are not in the bag", outcome={"drawn": ["Vampire"] * 3},
            packs=["Ocean", "Kaiju", "Pirate"])


def test_game_changers_are_known_ones():
    state = new_game()
    refused(state, "choose_game_changers", "'Lunch Break' is not a Game Changer", game_changers=["Lunch Break"])
    state = act(state, "choose_game_changers", game_changers=["tournament", "Leisure Suits", "Hard Pass"])
    assert state.game_changers == ("Tournament", "Leisure Suits", "Hard Pass")
    shown = {g["name"]: g["chosen"] for g in uc.view(state)["setup"]["game_changers"]}
    assert shown["Tournament"] and shown["Leisure Suits"] and not shown["Solo Mode"] and not shown["First Date"]


def test_first_date_plays_six_rounds_instead_of_eight():
    assert started().rounds == C["rounds"] == 8
    state = started(changers=["First Date"])
    assert state.rounds == C["first_date_rounds"] == 6
    state = to_stage(state, 6, 5)
    state = step(state)
    assert state.phase == "over" and state.round == 6 and uc.score(state)["finished"]
    refused(state, "advance", "The game is over")


# ---- the City deck with the Kaiju pack ------------------------------------------------------------------------

def types_of(state, deck):
    return [state.consts.city_card(card).type for card in deck]


@pytest.mark.parametrize("seed", range(5))
def test_the_kaiju_city_deck_is_built_as_the_rulebook_says(seed):
    state = started(packs=("Kaiju", "Ocean", "Hacker"), players=("Ann", "Bo", "Cy"), seed=seed)
    deck = state.city_deck
    assert types_of(state, deck) == list(C["kaiju_city_deck_order"])   # 4 Funfair, Closure, 3 kaiju, 1 Unfair
    assert all(state.consts.city_card(c).pack in ("Kaiju", "Ocean", "Hacker") for c in deck if c != "blueprint_closure")
    assert state.consts.city_card(deck[-1]).pack != "Kaiju"            # "Unfair" from the other packs
    assert len(set(deck)) == len(deck)


def test_the_deck_differs_by_seed_and_names_base_game_packs_by_pack():
    decks = {started(seed=s).city_deck for s in range(8)}
    assert len(decks) > 1
    pirate = started(packs=("Kaiju", "Pirate"), seed=3)
    assert pirate.city_deck[-1].startswith("unfair:Pirate:")
    assert "Pirate pack" in pirate.consts.city_card(pirate.city_deck[-1]).name


def test_no_city_deck_without_the_kaiju_pack():
    state = started(packs=("Ocean", "Hacker"))
    assert state.city_deck is None and uc.view(state)["city"]["kept_by_app"] is False
    state = act(to_stage(state, 1, 1), "reveal_city", card="Regatta Day")
    assert uc.view(state)["city"]["current"] == ["Regatta Day"]


def test_the_city_deck_stays_hidden_and_kaiju_arrive_in_round_five():
    state = started(seed=11)
    hidden = [KAIJU_IDS[c] for c in state.city_deck if c in KAIJU_IDS]
    assert len(hidden) == C["kaiju_per_game"]
    shown = json.dumps(uc.view(state))
    assert not any(name in shown for name in KAIJU_IDS.values()) and "city-" not in shown
    assert uc.view(state)["city"]["cards_left"] == 9
    for round_ in range(1, 5):
        state = act(to_stage(state, round_, 1), "reveal_city")
        assert not state.market and state.consts.city_card(state.city_now[0]).type == "funfair"
    state = act(to_stage(state, 5, 1), "reveal_city")
    assert [state.consts.city_card(c).type for c in state.city_now] == ["blueprint_closure", "kaiju"]
    assert state.round == C["kaiju_arrival_round"] and [k.space for k in state.market] == [1]
    assert uc.view(state)["market"][0]["kaiju"] == hidden[0] and hidden[1] not in json.dumps(uc.view(state))
    refused(state, "reveal_city", "already revealed: one City card each round")
    refused(state, "advance", "roll for them")


def test_city_cards_are_revealed_only_in_the_city_section():
    state = started()
    refused(state, "reveal_city", "City section of the Events step, and this is the Events step \\(Draw section\\)")
    refused(act(state, "advance"), "advance", "Reveal this round's City card")


# ---- kaiju -----------------------------------------------------------------------------------------------------

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


# ---- round tracker ---------------------------------------------------------------------------------------------

def test_the_round_goes_through_its_steps_and_sections():
    state = started(packs=("Ocean", "Hacker"))
    seen = []
    for _ in range(6):
        seen.append((state.step, state.section))
        state = step(state)
    assert seen == [("Events", "Draw"), ("Events", "City"), ("Events", "Play"), ("Park", ""), ("Guests", ""),
                    ("Cleanup", "")]
    assert (state.round, state.step, state.section) == (2, "Events", "Draw")


def test_the_cleanup_sequence_goes_in_order_and_moves_the_starting_player_marker():
    state = to_stage(started(players=("Ann", "Bo", "Cy"), packs=("Ocean", "Hacker", "Pirate"), first=BO), 1, 5)
    refused(state, "advance", "step 1 is next: Discard any pinned Event cards")
    refused(state, "cleanup", "step 1 comes next", step=2)
    for number in range(1, 6):
        state = act(state, "cleanup", step=number)
    assert state.starting_player == BO
    state = act(state, "cleanup")
    assert state.starting_player == CY and "Cy now has the Starting Player marker" in state.told
    assert all(item["done"] for item in uc.view(state)["cleanup"])
    refused(state, "cleanup", "All the Cleanup steps are done")
    state = act(state, "advance")
    assert state.round == 2 and state.cleanup == 0
    refused(state, "cleanup", "belongs to the Cleanup step")


def test_play_section_turns_go_round_from_the_starting_player():
    state = to_stage(started(packs=("Ocean", "Hacker")), 1, 2)
    assert state.turn == ANN
    refused(state, "end_turn", "It is Ann's turn in the Play section, not Bo's", player=BO, action="event")
    refused(state, "end_turn", "needs the Hard Pass Game Changer", player=ANN, action="hard_pass")
    state = act(act(state, "end_turn", player=ANN, action="pass"), "end_turn", player=BO, action="event")
    assert state.turn == ANN and not state.play_over                     # Ann may play again after a pass
    state = act(act(state, "end_turn", player=ANN, action="pass"), "end_turn", player=BO, action="pass")
    assert state.play_over and "Everyone has passed" in state.told


def test_hard_pass_gains_a_coin_each_time_that_players_turn_comes_round():
    state = to_stage(started(packs=("Ocean", "Hacker"), changers=["Hard Pass"]), 1, 2)
    state = act(state, "end_turn", player=ANN, action="hard_pass")
    assert state.players[ANN].hard_passed and state.turn == BO
    start = state.players[ANN].coins
    state = act(state, "end_turn", player=BO, action="event")            # Ann's turn comes round: a coin
    assert state.turn == BO and state.players[ANN].coins == start + 1 and "Ann gains 1 coin (Hard Pass)" in state.told
    state = act(state, "end_turn", player=BO, action="event")
    assert state.players[ANN].coins == start + 2
    refused(state, "end_turn", "not Ann's", player=ANN, action="event")
    state = act(state, "end_turn", player=BO, action="pass")
    assert state.play_over and state.players[ANN].coins == start + 2
    state = to_stage(state, 1, 5)
    state = act(act(act(state, "cleanup"), "cleanup"), "cleanup")
    assert not state.players[ANN].hard_passed and "Hard Pass cards are returned" in state.told


def test_a_hard_passed_player_cannot_attack_a_kaiju():
    state = act(with_kaiju("Gamigora", changers=["Hard Pass"]), "kaiju_roll", {"dice": [[6, 6]]})
    state = act(act(state, "advance"), "end_turn", player=ANN, action="hard_pass")
    refused(state, "hit_kaiju", "Ann has hard passed and cannot play events again", player=ANN, space=1)
    assert act(state, "hit_kaiju", player=BO, space=1).players[BO].silver == 1


def test_coins_and_loans():
    state = started()
    state = act(act(state, "gain_coins", player=ANN, coins=7), "pay_coins", player=ANN, coins=2)
    assert state.players[ANN].coins == C["starting_coins"] + 5
    refused(state, "pay_coins", "coins never go below 0", player=BO, coins=21)
    state = act(state, "take_loan", player=BO)
    assert state.players[BO].coins == 40 and uc.score(state)["players"][BO]["categories"]["Loans"] == -30
    state = act(state, "repay_loan", player=BO)
    assert state.players[BO].coins == 15 and state.players[BO].loans == 0
    refused(state, "repay_loan", "Bo has no loan to repay", player=BO)


def test_the_starting_player_can_be_drawn_and_set_by_hand():
    state = new_game(packs=["Ocean", "Kaiju"])
    firsts = {act(state, "start_game", seed=s).starting_player for s in range(10)}
    assert firsts == {ANN, BO}
    assert act(started(), "set_starting_player", player=BO).starting_player == BO
    refused(state, "start_game", "starting player must be one of the players", starting_player=5)


# ---- medals ------------------------------------------------------------------------------------------------------

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


# ---- scoring -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("cards", "partial", "complete"),
                         [(2, 5, 10), (3, 10, 20), (4, 25, 40), (5, 35, 60), (6, 45, None)])
def test_the_panorama_table(cards, partial, complete):
    consts = started().consts
    assert panorama_points(consts, cards, False) == partial
    if complete is None:
        with pytest.raises(RuleError, match="no complete panorama of 6 cards"):
            panorama_points(consts, cards, True)
    else:
        assert panorama_points(consts, cards, True) == complete


def test_panoramas_need_two_to_six_cards_and_buried_cards_add_an_icon_each():
    consts = started().consts
    with pytest.raises(RuleError, match="2 to 6 cards assembled, not 1"):
        panorama_points(consts, 1, False)
    table = C["attraction_points"]
    assert attraction_points(consts, 3, 0) == table["3"] and attraction_points(consts, 3, 2) == table["5"]
    with pytest.raises(RuleError, match="at least its own icon"):
        attraction_points(consts, 0, 1)


def test_the_score_sheet_totals_every_category_and_names_the_winner():
    state = act(started(), "award_medals", player=BO, silver=2)
    state = act(state, "score_sheet", player=ANN, attraction_icons=[4, 2, 1], buried=[1, 0, 0],
                blueprint_points=[20, -10], staff_points=6, coins=31, unpaid_loans=1,
                panorama_sizes=[5, 2], panorama_complete=[True, False], other_points=3)
    state = act(state, "score_sheet", player=BO, attraction_icons=[3], coins=10)
    refused(state, "score_sheet", "one buried count per attraction: 1 attractions and 2", player=BO, buried=[1, 1])
    refused(state, "score_sheet", "no complete panorama of 6 cards", player=BO, panorama_sizes=[6],
            panorama_complete=[True])
    scores = uc.score(state)
    ann = scores["players"][ANN]["categories"]
    assert ann == {"Attractions": 15 + 3 + 1, "Blueprints": 10, "Staff": 6, "Coins": 15, "Loans": -30,
                   "Panoramas": 60 + 5, "Medals": 0, "Other": 3}
    assert scores["players"][ANN]["total"] == 19 + 10 + 6 + 15 - 30 + 65 + 3
    assert scores["players"][BO]["total"] == 6 + 5 + 20
    assert scores["winners"] == [] and not scores["finished"]
    over = act(state, "end_game")
    assert uc.score(over)["winners"] == [ANN] and uc.score(over)["finished"]
    tied = act(over, "score_sheet", player=BO, other_points=88 - 31)
    assert uc.score(tied)["winners"] == [ANN, BO]


def test_the_state_pickles_and_the_view_is_json():
    state = act(with_kaiju("Gamigora"), "kaiju_roll", {"dice": [[1, 2]]})
    assert pickle.loads(pickle.dumps(state)) == state
    json.dumps(uc.view(state)), json.dumps(uc.score(state))


def test_setup_events_are_refused_once_the_game_started():
    state = started()
    refused(state, "choose_packs", "part of setup, and the game has already started", packs=["Ocean", "Kaiju"])
    refused(new_game(), "advance", "The game has not started")
