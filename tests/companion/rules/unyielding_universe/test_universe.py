"""Universe cards (universe.py): one active at a time, removing, starred, Vengeful, Annoying, modifiers."""

from __future__ import annotations

from companion.rules.games import unyielding_universe as uu
from companion.rules.games.unyielding_universe.places import in_draw_pile

from .conftest import BO_DEAL, act, dealt, pass_turn, refused, this_round, years


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
