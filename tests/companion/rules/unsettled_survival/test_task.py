"""The Survival Task and the end (task.py): objectives, pages, victory, hollow victory, defeat, lift-off."""

from __future__ import annotations

from dataclasses import replace

from companion.rules.games.unsettled_survival.state import with_explorer

from .conftest import RULES, at, new, place, play, refused


ALL_DONE = ("st-a-obj-restore-power", "st-a-obj-calibrate", "st-a-obj-relay", "st-a-obj-transmit")


def test_objectives_checklist_and_page_turns():
    state = replace(new(), power=3)
    refused(at(state, 0, "env-rootvault"), "complete_objective", "No such explorer is on the Scarab",
            objective="st-a-obj-restore-power", player=0)
    refused(state, "complete_objective", "that objective is not on page 1", objective="st-a-obj-transmit")
    state = play(state, "complete_objective", objective="st-a-obj-restore-power")
    assert state.power == 0 and state.page == 1  # the page turns at the regroup
    state = play(play(play(state, "take_action", cube="wonder", action="rest"), "take_action", cube="energy",
                      action="charge"), "take_action", cube="awareness", action="investigate", card="op-supply-capsule")
    state = play(with_explorer(state, 1, comprehension=("robotics", "chemistry", "engineering")), "end_turn")
    assert state.page == 2 and "st-a-obj-calibrate" in state.done  # checked at the same regroup
    objectives = RULES.view(state)["task"]["objectives"]
    assert [o["done"] for o in objectives] == [True, True, False, False]


def test_relay_then_transmit_counts_an_unconscious_explorer_as_present():
    state = place(place(place(new(), "env-rootvault", 1, 0), "env-salt-pans", 2, 0), "env-hull-fragment", 3, 0)
    state = replace(state, page=2, done=("st-a-obj-restore-power", "st-a-obj-calibrate"), data=3, materials=2,
                    structures=(("workshop", "env-hull-fragment", "active"),))
    state = play(state, "complete_objective", objective="st-a-obj-relay")
    assert state.relay == "env-hull-fragment"
    state = replace(state, page=3, luna="env-hull-fragment")
    state = at(state, 1, "env-hull-fragment", endurance=0)  # Bo is there, unconscious
    refused(replace(state, luna="scarab"), "complete_objective", "not both there", objective="st-a-obj-transmit")
    state = play(state, "complete_objective", objective="st-a-obj-transmit")
    assert state.data == 0 and state.materials == 0 and RULES.view(state)["task"]["complete"]


def test_rulebook_example_victory_carrying_an_unconscious_crewmate():
    state = place(new(("Ann", "Bo", "Cy", "Di")), "env-rootvault", 0, 1)
    state = replace(state, page=4, done=ALL_DONE, luna="env-rootvault", materials=1,
                    turn=replace(state.turn, player=2))
    state = at(state, 2, "env-rootvault", breakthroughs=("bt-rob-carrier-frame",))
    state = at(state, 3, "env-rootvault", endurance=0)
    state = play(state, "use_breakthrough", player=2, card="bt-rob-carrier-frame")
    state = play(state, "program_luna", direction="s", carry=3)
    assert state.luna == "scarab" and state.explorers[3].node == "scarab" and state.outcome == "playing"
    state = play(state, "move", direction="s")
    assert state.outcome == "victory"
    assert RULES.score(state)["winners"] == [0, 1, 2, 3] and RULES.score(state)["finished"]
    refused(state, "end_turn", r"The game is over \(the crew lifted off together with LUNA: victory\)")


def test_hollow_victory_when_the_crew_lifts_off_without_everyone():
    state = place(new(), "env-rootvault", 0, 1)
    refused(state, "lift_off", "only once the Survival Task is complete")
    state = at(replace(state, done=ALL_DONE, page=4), 1, "env-rootvault")
    over = play(state, "lift_off")
    assert over.outcome == "hollow_victory" and "without Bo" in over.journal[-1]
    score = RULES.score(over)
    # a co-operative game is won or lost by the whole crew (issue #26): a hollow victory is the crew's win
    assert score["outcome"] == "won" and score["ending"] == "hollow_victory" and score["finished"]
    assert score["winners"] == [0, 1] and all("place" not in p for p in score["players"])
    assert play(at(state, 1, "scarab"), "lift_off").outcome == "victory"
    refused(at(at(state, 0, "env-rootvault"), 1, "env-rootvault"), "lift_off", "At least one explorer")


def test_defeat_when_every_explorer_is_unconscious():
    state = play(new(), "effect", kind="lose_endurance", player=0, amount=6)
    assert state.outcome == "playing"
    state = play(state, "effect", kind="lose_endurance", player=1, amount=9)
    assert state.outcome == "defeat" and RULES.score(state)["winners"] == []
    assert RULES.view(state)["finished"] and "Wenora has won" in state.journal[-1]
    refused(state, "take_action", "The game is over", cube="wonder", action="rest")
    assert play(state, "note", text="gg").journal[-1] == "Note: gg"


def test_the_wrap_can_end_the_game():
    state = replace(new(), time=12)
    state = with_explorer(with_explorer(state, 0, endurance=1), 1, endurance=1)
    assert play(state, "advance_time", steps=1).outcome == "defeat"


def test_the_crew_lifts_off_only_between_turns_and_pursuits_change_to_another_discipline():
    state = replace(new(), done=ALL_DONE, page=4)
    state = at(place(state, "env-rootvault", 0, 1), 1, "env-rootvault")
    state = play(state, "take_action", cube="wonder", action="rest")
    refused(state, "lift_off", "at the end of a turn")
    refused(state, "pursue", "abandoning points a different discipline up", player=0, discipline="robotics")
    refused(new(), "resolve", "No choice is pending", cube="wonder")
