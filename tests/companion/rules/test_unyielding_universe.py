"""Unyielding Universe's rules, pure: the deal, turns, balanced lifelines, Life Complete and Universe cards,
the three ends of a round, scoring (the rulebook's worked examples exactly), totals, winners, corrections."""

from __future__ import annotations

import random
from dataclasses import replace
from types import MappingProxyType

import pytest

from cardgen.gamedata import card_data_dir, load_game
from companion.rules import Event, RuleError, SetupConfig
from companion.rules.games import unyielding_universe as uu
from companion.rules.games.unyielding_universe.places import in_draw_pile

GAME = load_game(card_data_dir() / "unyielding_universe")
FILLERS = tuple(f"yr-{n:03d}" for n in range(108, 92, -1))  # ages 85+, never needed by a test's lifelines
ANN_DEAL = ["yr-005", "yr-010", "yr-024", "yr-019", "yr-034"]   # 4, 9, 21, 17, 30
BO_DEAL = ["yr-002", "yr-006", "yr-009", "yr-012", "yr-013"]    # 1, 5, 8, 11, 12
CY_DEAL = ["yr-004", "yr-007", "yr-008", "yr-014", "yr-016"]    # 3, 6, 7, 13, 15
OTHER_DEAL = ["yr-020", "yr-021", "yr-025", "yr-027", "yr-030"]  # 18, 19, 22, 24, 26


def act(state, kind, **payload):
    return uu.apply(state, Event(1, kind, payload))


def refused(state, kind, match, **payload):
    with pytest.raises(RuleError, match=match):
        act(state, kind, **payload)


def new_game(players=("Ann", "Bo"), game=GAME, **options):
    return uu.setup(SetupConfig(tuple(players), options, game))


def dealt(*deals, game=GAME, **options):
    deals = deals or (ANN_DEAL, BO_DEAL)
    state = new_game(("Ann", "Bo", "Cy", "Di")[:len(deals)], game, **options)
    for player, cards in enumerate(deals):
        state = act(state, "deal", player=player, cards=list(cards))
    return state


def years(state, player):
    line = state.lifelines[player]
    return [state.catalog.year(c).year for c in line.years] + (
        [f"LC{state.catalog.life_complete(line.life_complete).age}"] if line.life_complete else [])


def pass_turn(state):
    """The player whose turn it is draws a card nobody needs and discards it."""
    card = next(c for c in FILLERS if in_draw_pile(state, c))
    return act(state, "discard_drawn", player=state.turn, card=card)


def place(state, *cards):
    """Ann places each card at the end of her lifeline; everyone else passes in between."""
    for card in cards:
        assert state.turn == 0
        state = act(state, "place_at_end", player=0, card=card)
        while state.turn != 0:
            state = pass_turn(state)
    return state


def this_round(state, player):
    return uu.score(state)["players"][player]["this_round"]


# ---- setup and constants ----------------------------------------------------------------------------------

def test_constants_are_read_from_game_toml():
    c = new_game().constants
    k = GAME.constants
    assert dict(c.points_per_colour) == dict(k["points_per_colour"]) == {"green": 3, "purple": 2, "blue": 1}
    assert (c.life_well_lived_points, c.winning_score, c.life_well_lived_min_span, c.vengeful_age) == (
        k["life_well_lived_points"], k["winning_score"], k["life_well_lived_min_span"], k["vengeful_age_threshold"])
    assert (c.balanced_to_end_round, c.cards_dealt_at_setup) == (10, 5)


def test_other_constants_in_game_toml_change_the_rules():
    constants = {**GAME.constants, "points_per_colour": {"green": 5, "purple": 2, "blue": 1},
                 "points_per_year_lived": 2, "vengeful_age_threshold": 40}
    game = replace(GAME, constants=MappingProxyType(constants))
    state = dealt(["yr-011", "yr-016", "yr-026", "yr-014", "yr-074"], BO_DEAL, game=game)
    state = act(state, "play_life_complete", player=0, card="lc-44")
    assert this_round(state, 0)["total"] == 44 * 2 + 3 * 5
    state = act(state, "play_universe", player=1, card="univ-vengeful")
    assert this_round(state, 0)["Years lived"] == 40 * 2  # Life Complete 44 counts as 40 now


def test_the_score_sheet_is_game_toml_s():
    assert uu.EVENTS["add_points"].fields["category"].choices == tuple(GAME.scoring["categories"])
    assert new_game().categories == tuple(GAME.scoring["categories"])


def test_setup_options_override_constants_and_are_checked():
    assert new_game(winning_score=100).constants.winning_score == 100
    assert new_game(("A", "B", "C"), first_player=2).turn == 2
    fixed = replace(GAME, constants=MappingProxyType({**GAME.constants, "winning_score_configurable": False}))
    with pytest.raises(RuleError, match="winning score is fixed at 250"):
        new_game(game=fixed, winning_score=100)
    with pytest.raises(RuleError, match="2 to 4 players, not 5"):
        new_game(("A", "B", "C", "D", "E"))
    with pytest.raises(RuleError, match="setup option colour"):
        new_game(colour="red")
    with pytest.raises(RuleError, match="no player 3 to start"):
        new_game(first_player=3)
    short = new_game(leave_out=["lc-29", "lc-37"])
    assert uu.view(short)["draw_pile"] == 108 + 7 + 8 - 2
    with pytest.raises(RuleError, match="left out of the deck"):
        act(dealt(leave_out=["lc-29"]), "play_life_complete", player=0, card="lc-29")


# ---- the deal ---------------------------------------------------------------------------------------------

def test_the_deal_goes_into_the_lifeline_in_the_order_received():
    state = new_game()
    state = act(state, "deal", player=0, cards=["yr-005", "yr-010"])
    state = act(state, "deal", player=0, cards=["yr-024", "yr-019", "yr-034"])
    assert years(state, 0) == [4, 9, 21, 17, 30]
    assert uu.view(state)["phase"] == "deal"
    refused(state, "place_at_end", "deal is not finished: each player is dealt 5 Year cards before the first turn, "
            "and Bo has 0", player=0, card="yr-050")
    refused(state, "deal", "Ann already has the 5 Year cards dealt at setup", player=0, cards=["yr-050"])
    refused(state, "deal", "Only Year cards are dealt at setup: shuffle Life Complete 44 back", player=1,
            cards=["lc-44"])
    refused(state, "deal", "already has a year 16 card .*Shuffle it back", player=1, cards=["yr-017", "yr-018"])
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


# ---- turns and balance ------------------------------------------------------------------------------------

def test_the_rulebook_balance_example():
    state = dealt()
    state = place(state, "yr-059")  # Ann: 4, 9, 21, 17, 30, 53
    line = uu.view(state)["lifelines"][0]
    assert line["balanced"] == 3 and [c.get("balanced") for c in line["cards"]][1:] == [True] * 3 + [False] * 3
    state = act(state, "replace_card", player=0, card="yr-029", replaced="yr-019")  # 25 replaces 17
    assert years(state, 0) == [4, 9, 21, 25, 30, 53] and uu.view(state)["lifelines"][0]["balanced"] == 6
    assert state.discard[-1] == "yr-019"


def test_chronological_not_consecutive_and_not_from_year_zero():
    state = dealt(["yr-004", "yr-012", "yr-013", "yr-045", "yr-001"], OTHER_DEAL)  # 3, 11, 12, 40, 0
    assert uu.view(state)["lifelines"][0]["balanced"] == 4  # Life Begins is year 0: a 0 never balances


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
    refused(state, "place_at_end", "no card 'yr-999'", player=0, card="yr-999")
    refused(state, "replace_card", "not a Year card in Ann's lifeline", player=0, card="yr-050", replaced="yr-002")
    refused(state, "discard_drawn", "Life Complete card is played at once", player=0, card="lc-44")
    refused(state, "place_at_end", "Universe card is played at once", player=0, card="univ-joyless")
    refused(state, "play_universe", "not a Universe card", player=0, card="yr-050")
    refused(state, "place_at_end", "There is no player 2", player=2, card="yr-050")


# ---- Life Complete ----------------------------------------------------------------------------------------

def test_life_complete_removes_older_balanced_cards_and_caps_the_lifeline():
    state = dealt(["yr-011", "yr-016", "yr-056", "yr-066", "yr-022"], BO_DEAL)  # 10, 15, 50, 60, 20
    state = act(state, "play_life_complete", player=0, card="lc-44")
    assert years(state, 0) == [10, 15, 20, "LC44"]  # 50 and 60 removed; the 20 slid down and now balances
    assert set(state.discard) == {"yr-056", "yr-066"}
    state = pass_turn(state)
    refused(state, "place_at_end", "capped at 44 by Life Complete 44: no card older than 44", player=0,
            card="yr-050")
    state = place(state, "yr-042")
    assert years(state, 0) == [10, 15, 20, 37, "LC44"]  # the end of the lifeline is before Life Complete


def test_life_complete_leaves_unbalanced_cards_which_never_score():
    state = dealt(["yr-011", "yr-016", "yr-026", "yr-014", "yr-074"], BO_DEAL)  # 10-15-23-13-67
    state = act(state, "play_life_complete", player=0, card="lc-44")
    assert years(state, 0) == [10, 15, 23, 13, 67, "LC44"]
    state = pass_turn(state)
    state = act(state, "replace_card", player=0, card="yr-034", replaced="yr-014")  # 30 for 13: 67 follows
    line = uu.view(state)["lifelines"][0]
    assert line["balanced"] == 5 and line["counted"] == 4  # 67 is past the cap: it does not count


def test_life_complete_is_replaced_only_by_a_younger_one():
    state = dealt(["yr-011", "yr-016", "yr-026", "yr-042", "yr-049"], BO_DEAL)  # 10, 15, 23, 37, 44
    state = pass_turn(act(state, "play_life_complete", player=0, card="lc-44"))
    state = act(state, "play_life_complete", player=0, card="lc-52")
    assert state.lifelines[0].life_complete == "lc-44" and state.discard[-1] == "lc-52" and state.turn == 1
    state = pass_turn(state)
    state = act(state, "play_life_complete", player=0, card="lc-29")
    assert years(state, 0) == [10, 15, 23, "LC29"] and set(state.discard[-3:]) == {"lc-44", "yr-042", "yr-049"}
    house = dealt(["yr-011", "yr-016", "yr-026", "yr-042", "yr-049"], BO_DEAL, any_life_complete_replaces=True)
    house = pass_turn(act(house, "play_life_complete", player=0, card="lc-44"))
    assert act(house, "play_life_complete", player=0, card="lc-52").lifelines[0].life_complete == "lc-52"


def test_the_rulebook_life_complete_scoring_example():
    """`10-15-23-13-67-Life Complete 44` scores 44 years plus the points of 10, 15 and 23."""
    state = dealt(["yr-011", "yr-016", "yr-026", "yr-014", "yr-074"], BO_DEAL)
    state = act(state, "play_life_complete", player=0, card="lc-44")
    points = {10: 3, 15: 3, 23: 3}  # all three are green
    assert this_round(state, 0)["total"] == 44 + sum(points.values()) == 53
    state = act(state, "draw_pile_ran_out")
    assert state.rounds[0].reason == "draw_pile_empty"
    assert uu.score(state)["players"][0]["total"] == 53
    assert uu.score(state)["players"][0]["categories"]["Years lived"] == 44


# ---- Universe cards ---------------------------------------------------------------------------------------

def test_one_universe_card_is_active_and_the_next_replaces_it():
    state = act(dealt(), "play_universe", player=0, card="univ-regretful")
    state = act(state, "play_universe", player=1, card="univ-annoying")
    assert state.universe == "univ-annoying" and state.discard == ("univ-regretful",)
    assert uu.view(state)["universe"]["name"] == "Annoying Universe"


def test_removing_universe_removes_shifts_down_and_forbids():
    state = dealt(["yr-011", "yr-034", "yr-016", "yr-026", "yr-040"], ["yr-047", "yr-002", "yr-006", "yr-009",
                                                                        "yr-012"])  # 10, 30D, 15, 23, 35D
    assert uu.view(state)["lifelines"][0]["balanced"] == 2
    state = act(state, "play_universe", player=0, card="univ-heirless")
    assert years(state, 0) == [10, 15, 23] and years(state, 1) == [1, 5, 8, 11]
    assert uu.view(state)["lifelines"][0]["balanced"] == 3
    assert state.discard == ("yr-034", "yr-040", "yr-047")
    refused(state, "place_at_end", "Heirless Universe is active: no card with descendant may be played", player=1,
            card="yr-060")
    refused(state, "replace_card", "Heirless Universe is active", player=1, card="yr-060", replaced="yr-012")
    state = act(state, "discard_drawn", player=1, card="yr-060")  # letting it go is fine
    state = act(state, "play_universe", player=0, card="univ-joyless")
    assert years(state, 0) == [15, 23]  # the 10 shows joy
    assert years(state, 1) == [5, 8, 11]  # the 1 shows joy
    refused(state, "place_at_end", "Joyless Universe is active: no card with joy", player=1, card="yr-066")
    state = act(state, "place_at_end", player=1, card="yr-074")  # descendants are welcome again
    assert years(state, 1)[-1] == 67


def test_starred_universe_cards_happen_once_and_the_active_card_stays():
    state = act(dealt(), "play_universe", player=0, card="univ-regretful")
    state = act(state, "play_universe", player=1, card="univ-restless")
    assert years(state, 0) == [4, 9, 21, 17] and years(state, 1) == [1, 5, 8, 11]
    assert state.universe == "univ-regretful" and state.discard == ("yr-034", "yr-013", "univ-restless")
    before = uu.view(state)["draw_pile"]
    state = act(state, "play_universe", player=0, card="univ-forgiving")
    assert state.discard == ("univ-forgiving",) and state.universe == "univ-regretful"
    assert uu.view(state)["draw_pile"] == before - 1 + 3
    assert in_draw_pile(state, "yr-034")


def test_vengeful_universe_supersedes_old_life_complete_cards_without_removing_them():
    state = dealt(["yr-011", "yr-026", "yr-045", "yr-056", "yr-063"], BO_DEAL)  # 10, 23, 40, 50, 57
    state = act(state, "play_life_complete", player=0, card="lc-66")
    assert this_round(state, 0)["Years lived"] == 66 and uu.view(state)["lifelines"][0]["counted"] == 5
    state = act(state, "play_universe", player=1, card="univ-vengeful")
    line = uu.view(state)["lifelines"][0]
    assert years(state, 0) == [10, 23, 40, 50, 57, "LC66"]  # nothing removed
    assert line["counted"] == 4 and line["balanced"] == 5 and line["life_complete"]["counts_as"] == 50
    assert this_round(state, 0)["Years lived"] == 50
    refused(state, "place_at_end", "capped at 50 by Life Complete 66 \\(Vengeful Universe makes it count as 50\\)",
            player=0, card="yr-075")
    state = pass_turn(state)
    state = act(state, "place_at_end", player=1, card="yr-088")  # 80: no Life Complete, Bo is not affected
    state = act(state, "play_universe", player=0, card="univ-regretful")
    assert this_round(state, 0)["Years lived"] == 66 and uu.view(state)["lifelines"][0]["counted"] == 5


def test_annoying_universe_moves_annoyed_cards_at_the_start_of_their_owner_s_turn():
    # 2A, 14A, 4, 31A, 36A (A = annoyed); Bo: 1, 5, 8, 11, 20A
    state = dealt(["yr-003", "yr-015", "yr-005", "yr-036", "yr-041"], ["yr-002", "yr-006", "yr-009", "yr-012",
                                                                        "yr-022"])
    state = act(state, "play_universe", player=0, card="univ-annoying")
    assert years(state, 1) == [1, 5, 8, 11, 20]  # Bo's turn starts: his 20 is last and cannot move
    state = act(state, "place_at_end", player=1, card="yr-050")  # 45A ... Ann's turn starts
    assert years(state, 0) == [4, 2, 14, 31, 36]  # 2 and 14 move together; 31-36 sit at the end
    assert years(state, 1) == [1, 5, 8, 11, 20, 45]  # only the player whose turn starts
    state = act(state, "play_life_complete", player=0, card="lc-81")
    state = act(state, "place_at_end", player=1, card="yr-049")
    assert years(state, 0)[-3:] == [31, 36, "LC81"]  # never past Life Complete
    state = act(state, "place_at_end", player=0, card="yr-062")  # 56 after the annoyed run
    state = pass_turn(state)  # Bo's 20-45 moved past his 44 at his turn; now Ann's four move past the 56
    assert years(state, 1) == [1, 5, 8, 11, 44, 20, 45]
    assert years(state, 0) == [4, 56, 2, 14, 31, 36, "LC81"]


def test_universe_modifier_counts_only_when_active_at_scoring():
    state = dealt(["yr-024", "yr-049", "yr-059", "yr-062", "yr-071"], BO_DEAL)  # 21R, 44R, 53R, 56, 64
    state = act(state, "play_universe", player=0, card="univ-regretful")
    assert this_round(state, 0)["Universe"] == -6
    state = act(state, "play_universe", player=1, card="univ-annoying")
    assert this_round(state, 0)["Universe"] == 0


# ---- the end of a round -----------------------------------------------------------------------------------

def test_ten_balanced_cards_and_a_life_complete_end_the_round():
    state = dealt(["yr-002", "yr-004", "yr-006", "yr-008", "yr-011"], ["yr-013", "yr-014", "yr-015",
                                                                        "yr-016", "yr-017"])  # 1, 3, 5, 7, 10
    state = place(state, "yr-020", "yr-024", "yr-026", "yr-032")  # 18, 21, 23, 28: nine balanced
    state = act(state, "play_life_complete", player=0, card="lc-37")
    refused(state, "end_round", "takes 10 balanced Year cards and a Life Complete card, and Ann has 9", player=0)
    state = pass_turn(state)
    state = act(state, "place_at_end", player=0, card="yr-034")  # 30: ten balanced and Life Complete 37
    assert uu.view(state)["end_of_round"]["life_complete"] == [0]
    refused(state, "end_round", "no Life Complete card", player=1)
    ended = act(state, "end_round", player=0)  # right after the turn that got her there
    assert ended.rounds[0].reason == "life_complete" and ended.rounds[0].by == 0
    assert ended.round == 2 and ended.lifelines[0].years == () and ended.universe is None
    assert sum(ended.rounds[0].points[0]) == 37 + (3 + 1 + 2 + 1 + 3 + 3 + 1 + 3 + 3 + 3)
    state = pass_turn(state)  # Bo goes on instead; Ann may end it on her turn
    assert act(state, "end_round", player=0).rounds[0].reason == "life_complete"
    refused(act(state, "set_turn", player=1), "end_round", "It is Bo's turn: Ann may end the round only on their "
            "own turn", player=0)


def lived_well(regretful=False):
    """The rulebook's 109-point example: ten balanced cards up to 84, no Life Complete."""
    state = dealt(["yr-004", "yr-024", "yr-042", "yr-049", "yr-059"], BO_DEAL)  # 3, 21, 37, 44, 53
    state = place(state, "yr-062", "yr-071", "yr-074", "yr-082")  # 56, 64, 67, 74
    state = act(state, "place_at_end", player=0, card="yr-092")  # 84: ten balanced spanning 84 years
    if regretful:
        return act(state, "play_universe", player=1, card="univ-regretful")
    return pass_turn(state)


def test_the_rulebook_109_point_example():
    state = lived_well(regretful=True)
    assert uu.view(state)["end_of_round"]["may_claim_life_well_lived"] == [0]
    state = act(state, "claim_life_well_lived", player=0)
    result = state.rounds[0]
    points = dict(zip(state.categories, result.points[0]))
    assert points == {"Years lived": 84, "Blue years": 6, "Purple years": 4, "Green years": 6, "Universe": -6,
                      "Life Well Lived": 15}
    assert sum(result.points[0]) == 109 == uu.score(state)["players"][0]["total"]
    assert result.reason == "life_well_lived" and state.round == 2


def test_life_well_lived_is_claimed_on_the_following_turn_only():
    state = dealt(["yr-004", "yr-024", "yr-042", "yr-049", "yr-059"], BO_DEAL)
    state = place(state, "yr-062", "yr-071", "yr-074", "yr-082")
    refused(state, "claim_life_well_lived", "does not qualify .* it has 9 spanning 74", player=0)
    state = act(state, "correct_card", card="yr-092", to="lifeline", player=0)  # qualifies during her turn
    refused(state, "claim_life_well_lived", "only on their following turn", player=0)
    state = pass_turn(state)
    refused(state, "claim_life_well_lived", "It is Bo's turn", player=0)
    state = pass_turn(state)
    assert act(state, "claim_life_well_lived", player=0).rounds[0].reason == "life_well_lived"


def test_life_well_lived_numbers_come_from_game_toml():
    constants = {**GAME.constants, "life_well_lived_points": 20, "life_well_lived_min_span": 74, "winning_score": 100}
    game = replace(GAME, constants=MappingProxyType(constants))
    state = dealt(["yr-004", "yr-024", "yr-042", "yr-049", "yr-059"], BO_DEAL, game=game)
    state = place(state, "yr-062", "yr-071", "yr-074", "yr-077")  # 56, 64, 67, 70
    state = act(state, "place_at_end", player=0, card="yr-082")    # 74: ten cards spanning 74 years
    state = act(pass_turn(state), "claim_life_well_lived", player=0)
    points = dict(zip(state.categories, state.rounds[0].points[0]))
    assert points["Life Well Lived"] == 20 and points["Years lived"] == 74 and sum(points.values()) == 110
    assert state.finished and uu.score(state)["winners"] == [0]  # 110 passes game.toml's 100


def test_state_survives_a_snapshot():
    import pickle

    state = lived_well(regretful=True)
    assert pickle.loads(pickle.dumps(state)) == state


def test_life_well_lived_needs_no_life_complete_and_84_years():
    state = lived_well()
    state = act(state, "play_life_complete", player=0, card="lc-81")  # the 84 is removed; so is the claim
    state = pass_turn(state)
    refused(state, "claim_life_well_lived", "has a Life Complete card", player=0)
    short = dealt(["yr-004", "yr-024", "yr-042", "yr-049", "yr-059"], BO_DEAL)
    short = place(short, "yr-062", "yr-071", "yr-074", "yr-082", "yr-089")  # ten cards, only up to 81
    refused(short, "claim_life_well_lived", "spanning at least 84 years, and it has 10 spanning 81", player=0)


def test_the_draw_pile_running_out_ends_the_round_and_the_next_seat_starts():
    state = dealt(ANN_DEAL, BO_DEAL, CY_DEAL)
    state = pass_turn(pass_turn(state))
    state = act(state, "draw_pile_ran_out")
    assert [r.reason for r in state.rounds] == ["draw_pile_empty"]
    assert [sum(row) for row in state.rounds[0].points] == [21 + 3 + 2 + 1, 12 + 3 + 2 + 3 + 1 + 2,
                                                            15 + 1 + 2 + 1 + 2 + 3]
    assert state.round == 2 and state.turn == 1 and uu.view(state)["phase"] == "deal"
    refused(state, "draw_pile_ran_out", "still being dealt")


# ---- totals and the end of the game ----------------------------------------------------------------------

def test_totals_run_over_rounds_until_the_winning_score():
    state = dealt(winning_score=60)
    state = act(state, "draw_pile_ran_out")  # Ann 21 + 3 + 2 + 1 = 27, Bo 12 + 11 = 23
    assert [p["total"] for p in uu.score(state)["players"]] == [27, 23] and not state.finished
    for player, cards in enumerate((BO_DEAL, ANN_DEAL)):
        state = act(state, "deal", player=player, cards=cards)
    state = act(state, "draw_pile_ran_out")
    score = uu.score(state)
    assert [p["total"] for p in score["players"]] == [50, 50] and not state.finished
    assert [p["rounds"] for p in score["players"]] == [[27, 23], [23, 27]]
    for player, cards in enumerate((ANN_DEAL, BO_DEAL)):
        state = act(state, "deal", player=player, cards=cards)
    state = act(state, "draw_pile_ran_out")
    score = uu.score(state)
    assert state.finished and score["finished"] and score["winners"] == [0]  # both passed 60: 77 beats 73
    refused(state, "place_at_end", "The game is over", player=0, card="yr-050")


def test_an_exact_tie_at_the_winning_score_is_shared():
    state = dealt(winning_score=20)
    state = act(state, "set_points", player=1, category="Universe", points=4)  # Bo 23 + 4 = 27 = Ann
    state = act(state, "draw_pile_ran_out")
    assert state.finished and uu.score(state)["winners"] == [0, 1]
    assert [p["place"] for p in uu.score(state)["players"]] == [1, 1]


def test_finish_by_agreement_goes_to_the_highest_total():
    state = act(act(dealt(), "add_points", player=1, category="Years lived", points=9), "finish")
    assert uu.score(state)["winners"] == [1]


# ---- corrections and table events ------------------------------------------------------------------------

def test_corrections_put_cards_where_the_table_has_them():
    state = dealt()
    state = act(state, "correct_card", card="yr-034", to="lifeline", player=1, position=1)
    assert years(state, 0) == [4, 9, 21, 17] and years(state, 1)[0] == 30
    state = act(state, "correct_card", card="yr-050", to="discard")
    state = act(state, "correct_card", card="univ-joyless", to="universe")
    assert state.discard == ("yr-050",) and state.universe == "univ-joyless"
    state = act(state, "correct_card", card="yr-050", to="draw_pile")
    assert state.discard == () and in_draw_pile(state, "yr-050")
    refused(state, "correct_card", "never goes into a lifeline", card="univ-annoying", to="lifeline", player=0)
    refused(state, "correct_card", "Say whose lifeline", card="yr-050", to="lifeline")
    state = act(state, "set_turn", player=1)
    assert state.turn == 1
    state = act(state, "rename_player", player=1, name="Bob")
    state = act(state, "note", text="Bo's cat sat on the discard pile")
    assert uu.view(state)["players"] == ["Ann", "Bob"] and uu.view(state)["notes"]


def test_points_by_hand_and_dice():
    state = act(dealt(), "add_points", player=0, category="Universe", points=-3)
    state = act(state, "set_points", player=1, category="Years lived", points=12)
    assert [p["total"] for p in uu.score(state)["players"]] == [-3, 12]
    payload = uu.prepare(state, "roll", {"dice": 2, "sides": 6}, random.Random(1))
    state = uu.apply(state, Event(3, "roll", payload))
    assert uu.view(state)["rolls"] == [payload["results"]]
    with pytest.raises(RuleError, match="recorded with the dice"):
        uu.apply(state, Event(4, "roll", {"dice": 1}))


def test_view_and_score_are_json():
    import json

    state = act(lived_well(regretful=True), "claim_life_well_lived", player=0)
    json.dumps(uu.view(state))
    json.dumps(uu.score(state))
    assert uu.view(state)["rounds"][0]["points"][0]["total"] == 109
