"""Manual corrections (corrections.py): values set by hand run no other rule; cancelling a choice."""

from __future__ import annotations

from .conftest import WONDER, new, place, play, refused


def test_manual_corrections_set_values_without_other_rules():
    state = play(new(), "set_time", space=3)
    assert state.time == 3 and state.trigger_log == ()  # no Trigger: a correction runs no other rule
    state = play(state, "set_trust", level="low")
    state = play(state, "set_explorer", player=1, endurance=2, cube="wonder", focus=0, insight=4)
    state = play(state, "set_resources", data=4, materials=1, power=6)
    state = play(place(state, "env-rootvault", 0, 1), "set_location", node="env-rootvault")
    state = play(state, "set_objective", objective="st-a-obj-relay", done=True)
    bo = state.explorers[1]
    assert (state.trust, bo.endurance, bo.focus[WONDER], bo.insight) == ("low", 2, 0, 4)
    assert (state.data, state.materials, state.power, state.luna) == (4, 1, 6, "env-rootvault")
    assert state.done == ("st-a-obj-relay",)
    refused(state, "set_resources", "6 Power discs", power=7)
    refused(state, "set_location", "not a revealed node", node="env-salt-pans")
    asked = play(state, "effect", kind="lose_focus", player=0)
    assert play(asked, "cancel_pending").pending == ()
