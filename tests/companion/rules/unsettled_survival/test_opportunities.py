"""Opportunities (opportunities.py): INVESTIGATE, two at most, forfeiting, completing, Discoveries."""

from __future__ import annotations

from dataclasses import replace

from .conftest import end_early, C, RULES, at, new, place, play, refused


def test_opportunities_investigate_once_at_most_two_forfeit_and_complete_at_regroup():
    state = place(place(new(), "env-rootvault", 0, 1), "env-salt-pans", 1, 0)
    state = play(state, "take_action", cube="awareness", action="investigate", card="op-supply-capsule")
    assert state.opportunities == (("op-supply-capsule", "scarab", "pink"),) and state.investigated == ("scarab",)
    refused(replace(state, turn=replace(state.turn, placed=())), "take_action", "investigated only once",
            cube="awareness", action="investigate")
    second = play(at(replace(state, turn=replace(state.turn, placed=())), 0, "env-rootvault"), "take_action",
                  cube="awareness", action="investigate", card="op-crashed-probe")
    assert [m for _, _, m in second.opportunities] == ["pink", "blue"]
    third = at(replace(second, turn=replace(second.turn, placed=())), 0, "env-salt-pans")
    refused(third, "take_action", "2 Opportunities are active", cube="awareness", action="investigate")
    refused(second, "forfeit", "an explorer on its node", card="op-supply-capsule")  # Bo is on the Scarab
    forfeited = play(at(second, 1, "env-salt-pans"), "forfeit", card="op-supply-capsule")
    assert [c for c, _, _ in forfeited.opportunities] == ["op-crashed-probe"]
    taken = play(second, "take_action", cube="energy", action="opportunity")  # Crashed Probe, on Rootvault
    assert taken.power == 1 and taken.materials == 1
    refused(taken, "forfeit", "Focus cube on it", card="op-crashed-probe")
    done = play(play(taken, "take_action", cube="wonder", action="rest"), "end_turn")
    assert [c for c, _, _ in done.opportunities] == ["op-supply-capsule"]
    assert any("blue Moment marker goes home" in line for line in done.journal)


def test_an_opportunity_gives_a_discovery_on_a_drawn_anomaly():
    state = play(new(), "take_action", cube="awareness", action="investigate", card="op-strange-tracks")
    assert state.time == 2  # Strange Tracks' left column: advance Time 1
    state = end_early(play(state, "take_action", cube="wonder", action="rest"))
    state = play(replace(state, turn=replace(state.turn, player=0)), "take_action", cube="awareness",
                 action="opportunity")
    (anomaly,) = state.explorers[0].anomalies
    assert anomaly not in state.anomaly_deck
    assert RULES.view(state)["decks"]["discovery_tokens"] == C["discovery_tokens"] - 1
    assert RULES.view(state)["explorers"][0]["anomalies"][0]["id"] == anomaly
