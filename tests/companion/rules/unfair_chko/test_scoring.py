"""The score sheet (scoring.py): panoramas, attractions with buried cards, every category, the winner."""

from __future__ import annotations

import pytest

from companion.rules import RuleError
from companion.rules.games import unfair_chko as uc
from companion.rules.games.unfair_chko.scoring import attraction_points, panorama_points

from .conftest import ANN, BO, C, act, refused, started


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
    scoring = act(state, "end_game")                                     # stopped by agreement: score the parks
    assert scoring.phase == "scoring" and not uc.score(scoring)["finished"]
    over = act(scoring, "end_game")
    assert uc.score(over)["winners"] == [ANN] and uc.score(over)["finished"]
    tied = act(over, "score_sheet", player=BO, other_points=88 - 31)
    assert uc.score(tied)["winners"] == [ANN, BO]
