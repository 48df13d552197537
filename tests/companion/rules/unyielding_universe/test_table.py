"""Table events (table.py): cards, the turn and points corrected by hand, names, notes, dice."""

from __future__ import annotations

import random

import pytest

from companion.rules import Event, RuleError
from companion.rules.games import unyielding_universe as uu
from companion.rules.games.unyielding_universe.places import in_draw_pile

from .conftest import act, dealt, refused, years


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
    with pytest.raises(RuleError, match="recorded with the faces the dice showed"):
        uu.apply(state, Event(4, "roll", {"dice": 1}))
