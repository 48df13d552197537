"""Moving on the map (moves.py): continuous moves, revealed nodes, edges, LUNA scans, Scientific Properties."""

from __future__ import annotations

from dataclasses import replace

from companion.rules.games.unsettled_survival.state import with_explorer

from .conftest import C, RULES, at, new, place, play, refused


def test_movement_is_one_continuous_move_and_traverse_extends_it():
    state = place(place(place(new(), "env-rootvault", 0, 1), "env-salt-pans", 0, 2), "env-hull-fragment", 0, 3)
    state = play(state, "take_action", cube="energy", action="traverse")
    state = play(play(state, "move", direction="n"), "move", direction="n")
    assert state.explorers[0].node == "env-salt-pans" and state.turn.moves_left == 1
    state = play(state, "take_action", cube="wonder", action="research")
    refused(state, "move", "continuous move", direction="n")


def test_revealing_a_node_draws_a_card_and_ends_movement():
    state = play(new(), "take_action", cube="energy", action="traverse")
    state = play(state, "move", direction="e", card="env-cargo-pod")  # its west edge shows Focus
    assert state.explorers[0].node == "env-cargo-pod" and state.materials == 1  # When Entering: gain 1 Materials
    assert state.pending[0].kind == "gain_focus" and "env-cargo-pod" not in state.environment
    state = play(state, "resolve", cube="awareness")
    refused(state, "move", "continuous move", direction="e")
    drawn = play(new(), "move", direction="w", seed=3)
    again = play(new(), "move", direction="w", seed=3)
    assert drawn.nodes == again.nodes and drawn.nodes[-1][1:] == (-1, 0)  # the seed decides the draw


def test_blocked_edges_stop_explorers_and_luna():
    state = place(new(), "env-basalt-ridge", 0, -1)  # its north edge is blocked, facing the Scarab
    refused(state, "move", "blocked edge cannot be crossed", direction="s")
    refused(state, "program_luna", "blocked edge cannot be crossed", direction="s")
    shown = play(new(), "move", direction="s", card="env-basalt-ridge")
    assert shown.explorers[0].node == "scarab" and shown.nodes[-1][0] == "env-basalt-ridge"


def test_rulebook_example_edges_both_sides_and_when_entering():
    state = place(place(new(), "env-salt-pans", 1, 0), "env-fallen-obelisk", 2, 0)
    state = at(state, 0, "env-salt-pans")
    state = play(state, "take_action", cube="energy", action="traverse")
    state = play(state, "move", direction="e")
    assert state.time == 2 and state.trust == "low"  # west edge Time, then the argument
    state = play(state, "move", direction="w")  # back the same way: the same edges again
    assert state.time == 3 and state.trigger_log[-1][0] == 3 and state.pending[0].player == 0


def test_rulebook_example_luna_scans_rootvault_then_unearth():
    state = place(new(), "env-rootvault", 0, 1)
    state = replace(at(state, 0, "env-rootvault"), luna="env-rootvault")
    state = play(state, "program_luna", scan="materials", roll=C["discovery_die_sides"])
    assert RULES.view(state)["map"][1]["materials"] == C["materials_die_faces"][-1]
    refused(state, "program_luna", "scans once per turn", scan="data")
    state = play(state, "take_action", cube="energy", action="unearth")
    assert state.materials == 3 and state.cubes == ()
    refused(replace(state, luna="scarab"), "take_action", "needs LUNA on your node", cube="awareness", action="analyze")


def test_scientific_properties_work_while_held():
    state = place(replace(new(), triggers=()), "env-glass-dunes", 0, 1)  # Glass Dunes: south edge Time
    plain = play(state, "move", direction="n")
    held = play(with_explorer(state, 0, anomalies=("an-gravity-well",)), "move", direction="n")
    assert plain.time == 2 and held.time == 1  # Gravity Well: Time edges do nothing
    blocked = place(new(), "env-basalt-ridge", 0, -1)
    floating = play(with_explorer(blocked, 0, anomalies=("an-floating-stone",)), "move", direction="s")
    assert floating.explorers[0].node == "env-basalt-ridge"
