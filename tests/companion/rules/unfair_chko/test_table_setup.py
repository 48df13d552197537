"""The setup assistant (table_setup.py): player counts, solo, five players, packs, the bag, Game Changers."""

from __future__ import annotations

import random

import pytest

from companion.rules import Event, RuleError
from companion.rules.games import unfair_chko as uc

from .conftest import C, act, new_game, refused, started, step, to_stage


@pytest.mark.parametrize("players", [(), tuple("ABCDEF")])
def test_player_counts_outside_one_to_five_are_refused(players):
    with pytest.raises(RuleError, match="Unfair plays with 1 to 5 players"):
        new_game(players)


def test_one_player_needs_solo_mode_and_solo_mode_needs_one_player():
    assert new_game(("Ann",)).solo                        # one player plays solo: Solo Mode comes with it
    with pytest.raises(RuleError, match="Solo Mode Game Changer is for one player"):
        new_game(("Ann", "Bo"), solo=True)
    solo = new_game(("Ann",), solo=True)
    assert solo.solo and "Solo Mode" in solo.game_changers and solo.automa.bot.level == 1
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
    assert act(state, "choose_packs", packs=["  kaiju", "western"]).packs == ("Kaiju", "Western")  # no cards here
    refused(state, "choose_packs", "no theme pack called Nope; the packs are Alien, B-movie", packs=["Ocean", "Nope"])
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
    assert state.phase == "scoring" and state.round == 6 and not uc.score(state)["finished"]
    refused(state, "advance", "The rounds are over")
    state = act(state, "end_game")
    assert state.phase == "over" and uc.score(state)["finished"]
    refused(state, "advance", "The game is over")


def test_setup_events_are_refused_once_the_game_started():
    state = started()
    refused(state, "choose_packs", "part of setup, and the game has already started", packs=["Ocean", "Kaiju"])
    refused(new_game(), "advance", "The game has not started")
