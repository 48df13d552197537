"""A new game (start.py): constants and the score sheet from game.toml, and setup options over them."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest

from companion.rules import RuleError
from companion.rules.games import unyielding_universe as uu

from .conftest import BO_DEAL, GAME, act, dealt, new_game, this_round


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
    with pytest.raises(RuleError, match=r"Who starts must be one of the 2 players\."):
        new_game(first_player=3)
    short = new_game(leave_out=["lc-29", "lc-37"])
    assert uu.view(short)["draw_pile"] == 108 + 7 + 8 - 2
    with pytest.raises(RuleError, match="left out of the deck"):
        act(dealt(leave_out=["lc-29"]), "play_life_complete", player=0, card="lc-29")
