"""Between explorers (crew.py): exchanges, Traits' white and black sides, the Medic's support."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.rules.games.unsettled_survival.state import with_explorer

from .conftest import at, new, place, play, refused


def test_exchange_between_explorers_on_the_same_node_even_unconscious():
    state = with_explorer(new(), 0, comprehension=("robotics",), breakthroughs=("bt-eng-field-dynamo",), endurance=0)
    given = play(state, "exchange", player=0, receiver=1, item="comprehension:robotics")  # Ann is unconscious
    assert given.explorers[1].comprehension == ("robotics",) and given.explorers[0].comprehension == ()
    card = play(given, "exchange", player=0, receiver=1, item="bt-eng-field-dynamo")
    assert card.explorers[1].breakthroughs == ("bt-eng-field-dynamo",)
    refused(at(state, 1, "env-rootvault"), "exchange", "are apart", player=0, receiver=1, item="bt-eng-field-dynamo")


@pytest.mark.parametrize(("trait", "trust", "action", "expected"), [
    ("trait-theorist", "high", "research", 3),          # +1 Insight (white)
    ("trait-theorist", "low", "research", 3),           # +1 if LUNA on your node (black; she is)
    ("trait-tinkerer", "high", "charge", 3),            # +1 Power (white)
    ("trait-tinkerer", "low", "charge", 3),             # +1 on the Scarab (black)
    ("trait-pathfinder", "high", "traverse", 4),        # TRAVERSE moves up to 3 (+ base 1)
])
def test_traits_white_and_black_sides(trait, trust, action, expected):
    state = replace(new(traits=[trait, ""]), trust=trust, triggers=())
    cube = {"research": "wonder", "charge": "energy", "traverse": "energy"}[action]
    state = play(state, "take_action", cube=cube, action=action)
    value = {"research": state.explorers[0].insight - 1, "charge": state.power,
             "traverse": state.turn.moves_left}[action]
    assert value == expected
    if trait == "trait-pathfinder" and trust == "low":
        assert state.time == 2


def test_medic_black_supports_an_adjacent_explorer_and_white_heals():
    state = place(new(traits=["trait-medic", ""]), "env-rootvault", 0, 1)
    state = with_explorer(state, 1, distress=(("build", "ds-panic"),), endurance=3)
    white = play(state, "take_action", cube="wonder", action="support", target=1)
    assert white.explorers[1].distress == () and white.explorers[1].endurance == 4
    away = at(state, 1, "env-rootvault")
    refused(away, "take_action", "on your node, and Bo is elsewhere", cube="wonder", action="support", target=1)
    black = play(replace(away, trust="low"), "take_action", cube="wonder", action="support", target=1)
    assert black.explorers[1].distress == () and black.explorers[1].endurance == 3
