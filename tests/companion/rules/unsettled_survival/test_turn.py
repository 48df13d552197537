"""The turn (turn.py): the checklist from Set Focus to the end of turn, programming LUNA, her Primary Function."""

from __future__ import annotations

from dataclasses import replace

from .conftest import end_early, RULES, at, new, place, play, refused


def test_turn_checklist_set_focus_move_luna_and_end_of_turn():
    state = place(place(new(), "env-rootvault", 0, 1), "env-salt-pans", 0, 2)
    refused(state, "end_turn", "one cube goes on REST every turn")
    state = play(state, "move", direction="n")
    refused(state, "move", "No movement is left", direction="n")
    state = play(state, "take_action", cube="wonder", action="rest")
    refused(state, "take_action", "already placed this turn", cube="wonder", action="research")
    refused(state, "take_action", "takes the energy cube", cube="awareness", action="charge")
    state = play(state, "take_action", cube="energy", action="charge")
    refused(state, "end_turn", "INVESTIGATE is still open for your Awareness cube: place it first")
    refused(state, "program_luna", "only from her node", scan="data")
    ended = end_early(state)
    assert ended.turn.player == 1 and ended.turn.number == 2 and ended.explorers[0].focus == (2, 3, 1)
    assert RULES.view(ended)["turn"]["name"] == "Bo"


def test_luna_is_programmed_from_her_node_unless_a_card_says_otherwise():
    state = place(replace(new(), power=3, triggers=()), "env-rootvault", 0, 1)
    state = at(state, 0, "env-rootvault", breakthroughs=("bt-rob-remote-link",))
    refused(state, "program_luna", "only from her node", direction="n")
    state = play(state, "use_breakthrough", player=0, card="bt-rob-remote-link")
    state = play(state, "program_luna", direction="n")
    assert state.luna == "env-rootvault" and state.power == 2
    refused(state, "program_luna", "has moved her 1 node", direction="s")
    refused(replace(state, turn=replace(state.turn, luna_moves=1)), "program_luna", "Carrier Frame",
            direction="s", carry=0)
    refused(replace(state, turn=replace(state.turn, luna_moves=1)), "program_luna", "only onto revealed nodes",
            direction="n")


def test_lunas_primary_function_scans_her_node_and_the_revealed_nodes_next_to_her():
    state = place(place(replace(new(), power=2), "env-rootvault", 0, 1), "env-salt-pans", 5, 5)
    state = play(state, "luna_function", resource="data")
    scanned = {n for n, _, _ in state.cubes}
    assert state.power == 0 and scanned <= {"scarab", "env-rootvault"} and "env-salt-pans" not in scanned
    refused(replace(state, power=2), "luna_function", "once per turn", resource="data")
    refused(new(), "luna_function", "costs 2 Power", resource="data")
