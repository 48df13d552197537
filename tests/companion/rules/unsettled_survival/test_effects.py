"""An explorer's dashboard (effects.py): Endurance, Focus, Insight and Comprehension, Distress."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.rules.games.unsettled_survival.state import with_explorer

from .conftest import C, ENERGY, GAME, RULES, WONDER, focus, new, play, refused


def test_endurance_bottom_is_unconscious_and_unconscious_explorers_cannot_act():
    state = play(new(), "effect", kind="lose_endurance", player=0, amount=C["endurance_track_length"])
    view = RULES.view(state)
    ann = view["explorers"][0]
    assert ann["unconscious"] and ann["endurance"] == ann["endurance_bottom"]
    refused(state, "take_action", "unconscious and cannot act", cube="wonder", action="rest")
    refused(state, "use_structure", "unconscious and cannot act", player=0, structure="laboratory")
    state = play(state, "end_turn")  # an unconscious explorer's turn only ends
    assert state.turn.player == 1
    state = play(play(play(state, "take_action", cube="awareness", action="rest"), "take_action", cube="wonder",
                      action="research"), "take_action", cube="energy", action="charge")
    assert play(state, "end_turn").turn.player == 1  # Ann's turn is skipped
    woken = play(state, "effect", kind="heal_endurance", player=0)
    assert not RULES.view(woken)["explorers"][0]["unconscious"]


def test_focus_turns_up_to_the_top_and_down_to_the_sand_timer():
    state = play(new(), "effect", kind="gain_focus", player=0, cube="energy", amount=3)
    assert focus(state, 0)[ENERGY] == C["focus_max"]
    state = play(state, "effect", kind="lose_focus", player=0, cube="wonder", amount=3)
    assert focus(state, 0)[WONDER] == C["focus_min"] and state.time == 2  # the third step costs Time
    asked = play(state, "effect", kind="lose_focus", player=0)
    assert asked.pending[0].kind == "lose_focus"
    refused(asked, "resolve", "not a Focus cube", cube="courage")


def test_rulebook_example_research_pushes_the_pursuit_cube_off_the_top():
    state = with_explorer(new(pursuits=["chemistry", "robotics"]), 0, insight=C["insight_track_length"] - 1)
    state = play(state, "take_action", cube="wonder", action="research")
    ann = state.explorers[0]
    assert ann.insight == 1 and ann.comprehension == ("chemistry",)
    assert len(ann.breakthroughs) == 1 and GAME.card(ann.breakthroughs[0])["discipline"] == "chemistry"
    assert RULES.view(state)["decks"]["breakthrough"]["chemistry"] == 4


def test_leftover_insight_climbs_again_and_abandoning_loses_progress():
    state = with_explorer(new(), 0, insight=C["insight_track_length"])
    state = play(state, "effect", kind="gain_insight", player=0, amount=3)
    assert state.explorers[0].insight == 3 and state.explorers[0].comprehension == ("robotics",)
    state = play(state, "pursue", player=0, discipline="engineering")
    assert state.explorers[0].insight == 1 and state.explorers[0].pursuit == "engineering"


def test_distress_blocks_an_action_never_rest_and_can_be_moved_or_supported_away():
    state = play(new(), "effect", kind="gain_distress", player=0, action="charge")
    assert state.explorers[0].distress[0][0] == "charge" and state.distress_left == 2 * C["distress_per_player"] - 1
    refused(state, "take_action", "Distress covers CHARGE", cube="energy", action="charge")
    refused(state, "effect", "never placed on REST", kind="gain_distress", player=0, action="rest")
    refused(state, "move_distress", "cannot take it", player=0, from_action="charge", to_action="rest")
    moved = play(state, "move_distress", player=0, from_action="charge", to_action="build")
    assert moved.explorers[0].distress[0][0] == "build"
    bo_turn = replace(moved, turn=replace(moved.turn, player=1))
    refused(bo_turn, "take_action", "SUPPORT helps another explorer", cube="wonder", action="support", target=1)
    calm = new()
    refused(replace(calm, turn=replace(calm.turn, player=1)), "take_action",
            "SUPPORT removes Distress, and Ann has none", cube="wonder", action="support", target=0)
    supported = play(bo_turn, "take_action", cube="wonder", action="support", target=0)
    assert supported.explorers[0].distress == () and supported.distress_left == 2 * C["distress_per_player"]
    assert focus(supported, 1)[WONDER] == 3  # SUPPORT turns the Wonder cube up


@pytest.mark.parametrize("why", ["pile", "dashboard"])
def test_cannot_gain_distress_so_everyone_loses_endurance(why):
    state = new()
    if why == "pile":
        state = replace(state, distress_left=0)
    else:
        actions = [a for a in C["actions"] if a != "rest"]
        state = with_explorer(state, 0, distress=tuple((a, f"ds-{i}") for i, a in enumerate(actions)))
    state = play(state, "effect", kind="gain_distress", player=0)
    loss = C["distress_unavailable_endurance_loss"]
    assert [e.endurance for e in state.explorers] == [C["endurance_start"] - loss] * 2
