"""The deal and turns (turns.py, places.py): the deal, the first player, where a card may be drawn from."""

from __future__ import annotations

from companion.rules.games import unyielding_universe as uu

from .conftest import BO_DEAL, GAME, OTHER_DEAL, act, dealt, new_game, pass_turn, refused, years


def test_the_deal_goes_into_the_lifeline_in_the_order_received():
    state = new_game()
    state = act(state, "deal", player=0, cards=["yr-005", "yr-010"])
    state = act(state, "deal", player=0, cards=["yr-024", "yr-019", "yr-034"])
    assert years(state, 0) == [4, 9, 21, 17, 30]
    assert uu.view(state)["phase"] == "deal"
    refused(state, "place_at_end", "deal is not finished: each player is dealt 5 Year cards before the first turn, "
            "and Bo has 0", player=0, card="yr-050")
    refused(state, "deal", "Ann already has the 5 Year cards dealt at setup", player=0, cards=["yr-050"])
    # the rulebook's setup, step 4: a Life Complete or Universe card dealt goes back into the draw pile, and so does a
    # year the lifeline already has (no duplicate years); the player is dealt another card
    back = act(state, "deal", player=1, cards=["lc-44", "yr-017", "yr-018"])  # 16 twice: the second goes back
    assert years(back, 1) == [16] and back.lifelines[1].dealt == 1 and back.discard == ()
    said = uu.describe({"type": "deal", "payload": uu.prepare(state, "deal", {"player": 1, "cards": [
        "lc-44", "yr-017", "yr-018"]}, None)}, ["Ann", "Bo"], GAME)
    assert said.startswith("Bo was dealt *Life Complete* 44, *") and said.endswith(
        " go back into the draw pile: Bo is dealt 2 more cards.") and said.count("*Life Complete* 44") == 2
    refused(state, "deal", "enter at most 5 more cards now, not 6", player=1, cards=OTHER_DEAL + ["yr-050"])
    refused(state, "deal", "is not in the draw pile: it is in Ann's lifeline", player=1, cards=["yr-005"])
    state = act(state, "deal", player=1, cards=BO_DEAL)
    assert uu.view(state)["phase"] == "play" and uu.view(state)["draw_pile"] == 123 - 10
    refused(pass_turn(state), "deal", "deal is over", player=1, cards=["yr-050"])


def test_first_player_is_chosen_before_the_first_turn():
    state = act(dealt(), "choose_first_player", player=1)
    refused(state, "place_at_end", "It is Bo's turn, not Ann's", player=0, card="yr-050")
    state = act(state, "place_at_end", player=1, card="yr-050")
    assert state.turn == 0 and state.turn_number == 1
    refused(state, "choose_first_player", "before the first turn", player=1)


def test_drawing_from_the_discard_pile_takes_its_top_card_only():
    state = pass_turn(dealt())  # Ann discards yr-108
    state = pass_turn(state)    # Bo discards yr-107
    refused(state, "place_at_end", "Only the top card of the discard pile may be drawn, and its top card is "
            "Stubborn Heart", player=0, card="yr-108", source="discard")
    state = act(state, "place_at_end", player=0, card="yr-107", source="discard")
    assert years(state, 0)[-1] == 105 and state.discard == ("yr-108",)


def test_no_duplicate_years_in_a_lifeline():
    state = dealt(["yr-017", "yr-002", "yr-003", "yr-004", "yr-005"], OTHER_DEAL)  # 16, 1, 2, 3, 4
    refused(state, "place_at_end", "already has a year 16 card .*no duplicate years", player=0, card="yr-018")
    state = act(state, "replace_card", player=0, card="yr-018", replaced="yr-017")  # 16 for 16 is fine
    assert state.lifelines[0].years[0] == "yr-018"
    house = dealt(["yr-017", "yr-002", "yr-003", "yr-004", "yr-005"], OTHER_DEAL, duplicate_years=True)
    assert years(act(house, "place_at_end", player=0, card="yr-018"), 0)[-1] == 16


def test_a_card_is_drawn_only_from_where_it_is():
    state = dealt()
    refused(state, "place_at_end", "is not in the draw pile: it is in Bo's lifeline", player=0, card="yr-002")
    refused(state, "place_at_end", "There is no such card in this game's deck", player=0, card="yr-999")
    refused(state, "replace_card", "not a Year card in Ann's lifeline", player=0, card="yr-050", replaced="yr-002")
    refused(state, "discard_drawn", "Life Complete card is played at once", player=0, card="lc-44")
    refused(state, "place_at_end", "Universe card is played at once", player=0, card="univ-joyless")
    refused(state, "play_universe", "not a Universe card", player=0, card="yr-050")
    refused(state, "place_at_end", "This game has 2 players; choose one of them.", player=2, card="yr-050")
