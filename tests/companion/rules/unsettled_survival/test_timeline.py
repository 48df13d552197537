"""The Timeline and Group Trust (timeline.py): Time advancing, Triggers, the wrap, trust flips."""

from __future__ import annotations

from dataclasses import replace

import pytest

from .conftest import AWARENESS, C, ENERGY, RULES, WONDER, at, focus, new, place, play, refused


# ---- the Timeline ----------------------------------------------------------------------------------

def test_rest_raises_the_cube_and_always_advances_time():
    state = play(new(), "take_action", cube="wonder", action="rest")
    assert focus(state, 0)[WONDER] == 2 + C["rest_focus_gain"] and state.time == 1 + C["rest_time_advance"]
    refused(state, "take_action", "already on REST", cube="energy", action="rest")


def test_rulebook_example_focus_at_zero_advances_time():
    # Awareness 2, Wonder 1, Energy 0: INVESTIGATE, UNEARTH at 0 (Time +1), REST (Wonder 2, Time +1).
    state = at(new(), 0, "scarab", focus=(2, 1, 0))
    state = play(state, "take_action", cube="awareness", action="investigate", card="op-supply-capsule")
    state = play(state, "take_action", cube="energy", action="unearth")
    assert focus(state, 0) == (1, 1, 0) and state.time == 2
    state = play(state, "take_action", cube="wonder", action="rest")
    assert focus(state, 0) == (1, 2, 0) and state.time == 3
    assert state.trigger_log[-1][0] == 3  # space 3 holds a Trigger: everyone aboard, nothing happens
    assert "nothing happens" in state.trigger_log[-1][2]


def test_rulebook_example_time_marker_lands_on_the_last_space_then_wraps():
    state = place(replace(new(), time=11), "env-mosswood-canopy", 0, 1)
    state = play(state, "take_action", cube="wonder", action="rest")
    assert state.time == 12 and state.trigger_log[-1][0] == 12
    state = play(state, "move", direction="n")  # Mosswood Canopy's south edge shows Time
    loss = C["timeline_wrap_endurance_loss"]
    assert state.time == C["time_start_space"]
    assert [e.endurance for e in state.explorers] == [C["endurance_start"] - loss] * 2
    assert any("passes the last space" in line for line in state.journal)


def test_action_costs_advance_time():
    state = at(new(), 0, "env-rootvault")
    state = place(state, "env-rootvault", 0, 1)
    built = play(state, "take_action", cube="wonder", action="build", structure="research_hut")
    assert built.time == 1 + C["structure_build_time_cost"]  # no Robotics Comprehension on the node
    knowing = at(state, 1, "env-rootvault", comprehension=("robotics",))
    assert play(knowing, "take_action", cube="wonder", action="build", structure="research_hut").time == 1
    destroyed = play(built, "take_action", cube="energy", action="destroy")
    assert destroyed.time == built.time + C["structure_destroy_time_cost"]
    calming = at(state, 0, "env-rootvault", breakthroughs=("bt-che-calming-agent",), distress=(("charge", "ds-panic"),))
    calming = replace(calming, materials=1)
    calmed = play(calming, "use_breakthrough", player=0, card="bt-che-calming-agent")
    assert calmed.time == 2 and calmed.materials == 0 and calmed.explorers[0].distress == ()


def test_advance_time_event_passes_over_triggers_and_lands_on_the_last_space():
    state = replace(new(), time=2)
    passed = play(state, "advance_time", steps=2, reason="Sinkhole")
    assert passed.time == 4 and passed.trigger_log == ()  # passing space 3 does nothing
    landed = play(state, "advance_time", steps=3)
    assert landed.time == 5 and [s for s, _, _ in landed.trigger_log] == [5]


def test_a_trigger_asks_each_explorer_off_the_scarab_for_a_focus_cube():
    state = at(place(replace(new(), time=2), "env-rootvault", 0, 1), 1, "env-rootvault")
    state = play(state, "advance_time", steps=1)
    assert state.trigger_log[-1][1] == "lose_focus_off_scarab" and "Bo loses 1 Focus" in state.trigger_log[-1][2]
    view = RULES.view(state)
    assert view["pending"][0]["kind"] == "lose_focus" and view["pending"][0]["who"] == "Bo"
    refused(state, "take_action", "First the choice the rules wait for", cube="wonder", action="rest")
    state = play(state, "resolve", cube="energy")
    assert focus(state, 1) == (2, 2, 1) and focus(state, 0) == (2, 2, 2) and state.pending == ()


@pytest.mark.parametrize(("page", "effect"),
                         [(2, "active_gains_distress"), (3, "trust_down"), (4, "all_lose_endurance")])
def test_the_trigger_effect_is_the_open_pages(page, effect):
    state = play(replace(new(), page=page, time=4), "advance_time", steps=1)
    assert state.trigger_log[-1][:2] == (5, effect)
    if effect == "active_gains_distress":
        assert state.pending[0].kind == "place_distress" and state.pending[0].player == 0
        refused(state, "resolve", "never placed on REST", action="rest")
        state = play(state, "resolve", action="traverse")
        assert state.explorers[0].distress[0][0] == "traverse"
    elif effect == "trust_down":
        assert state.trust == "low"
    else:
        assert [e.endurance for e in state.explorers] == [C["endurance_start"] - C["trigger_amount"]] * 2


# ---- Group Trust ---------------------------------------------------------------------------------

def test_decrease_flips_traits_black_then_distributes_minus_two_focus():
    state = new(traits=["trait-theorist", "trait-medic"])
    low = play(state, "trust", direction="down")
    view = RULES.view(low)
    assert view["group_trust"] == {"level": "low", "traits": "black"}
    assert view["explorers"][0]["trait"]["text"].startswith("RESEARCH gains 1 extra :insight: if LUNA")
    refused(low, "trust", "already low, so this distributes -2 Focus", direction="down")
    refused(low, "trust", "name exactly 2 cubes", direction="down", focus=["0:wonder"])
    after = play(low, "trust", direction="down", focus=["0:wonder", "0:wonder"])
    assert focus(after, 0) == (2, 0, 2) and after.time == 1
    at_zero = play(after, "trust", direction="down", focus=["0:wonder", "1:energy"])
    assert focus(at_zero, 0)[WONDER] == 0 and focus(at_zero, 1)[ENERGY] == 1 and at_zero.time == 2
    refused(state, "trust", "moves to low, so no Focus", direction="down", focus=["0:wonder", "1:wonder"])


def test_increase_flips_traits_white_then_distributes_plus_two_focus():
    state = replace(new(traits=["trait-theorist", "trait-medic"]), trust="low")
    high = play(state, "trust", direction="up")
    assert RULES.view(high)["group_trust"] == {"level": "high", "traits": "white"}
    more = play(high, "trust", direction="up", focus=["0:wonder", "1:awareness"])
    assert focus(more, 0)[WONDER] == 3 and focus(more, 1)[AWARENESS] == 3
    capped = play(more, "trust", direction="up", focus=["0:wonder", "0:wonder"])
    assert focus(capped, 0)[WONDER] == C["focus_max"]


def test_rulebook_example_group_trust_opportunity_then_when_entering():
    state = place(new(), "env-fallen-obelisk", 1, 0)
    state = play(state, "take_action", cube="awareness", action="investigate", card="op-echo-stone")
    assert state.trust == "low"  # Echo Stone's left column decreases Group Trust
    state = play(state, "move", direction="e")  # Fallen Obelisk: decrease Group Trust when entering
    assert state.pending[0].kind == "trust_focus" and state.pending[0].count == 2
    state = play(state, "resolve", focus=["0:wonder", "1:energy"])
    assert focus(state, 0)[WONDER] == 1 and focus(state, 1)[ENERGY] == 1 and state.pending == ()
