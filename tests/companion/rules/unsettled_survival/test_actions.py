"""Dashboard actions (actions.py): CHARGE into the Dynamo, BUILD and DESTROY Structures."""

from __future__ import annotations

from dataclasses import replace

from .conftest import end_early, C, at, new, place, play, refused


def test_power_charges_two_on_the_scarab_and_never_beyond_the_discs():
    state = play(new(), "take_action", cube="energy", action="charge")
    assert state.power == C["charge_power_on_scarab"]
    full = play(replace(new(), power=5), "take_action", cube="energy", action="charge")
    assert full.power == C["power_discs"]
    refused(new(), "effect", "costs 1 Power, but the Dynamo", kind="spend_power")


def test_structures_are_built_flip_at_regroup_work_from_anywhere_and_return_when_destroyed():
    state = place(replace(new(), triggers=()), "env-rootvault", 0, 1)
    state = at(state, 0, "env-rootvault")
    refused(at(state, 0, "scarab"), "take_action", "cogwheel build site", cube="wonder", action="build",
            structure="laboratory")
    state = play(state, "take_action", cube="wonder", action="build", structure="research_hut")
    assert state.structures == (("research_hut", "env-rootvault", "building"),)
    refused(replace(state, data=1), "use_structure", "not built and active", player=1, structure="research_hut")
    state = end_early(play(state, "take_action", cube="energy", action="rest"))
    assert state.structures == (("research_hut", "env-rootvault", "active"),)
    used = play(replace(state, data=1), "use_structure", player=1, structure="research_hut")  # Bo, on the Scarab
    assert used.data == 0 and used.explorers[1].insight == 2
    refused(state, "use_structure", "costs 1 Data", player=1, structure="research_hut")
    bo = at(state, 1, "env-rootvault")
    refused(bo, "take_action", "already holds a Structure", cube="wonder", action="build", structure="laboratory")
    gone = play(play(bo, "take_action", cube="energy", action="destroy"), "take_action", cube="wonder", action="rest")
    assert gone.structures[0][2] == "destroyed"
    assert end_early(gone).structures == ()
