"""Setup (setup.py): starting Focus by player count and difficulty, the crew aboard, refusals, Traits."""

from __future__ import annotations

import json

import pytest

from companion.rules import RuleError

from .conftest import C, RULES, new, play, refused


@pytest.mark.parametrize(("players", "difficulty", "expected"), [
    (1, "standard", 3), (2, "standard", 2), (4, "standard", 2), (1, "easy", 3), (2, "easy", 3), (3, "hard", 1)])
def test_starting_focus_follows_player_count_and_difficulty(players, difficulty, expected):
    state = new([f"P{i}" for i in range(players)], difficulty=difficulty)
    assert all(e.focus == (expected,) * 3 for e in state.explorers)


def test_setup_puts_the_crew_on_the_scarab_with_triggers_from_page_one():
    state = new()
    view = RULES.view(state)
    assert view["timeline"]["space"] == C["time_start_space"] and view["timeline"]["triggers"] == [3, 5, 7, 9, 11, 12]
    assert view["group_trust"] == {"level": "high", "traits": "white"}
    assert all(e["on_scarab"] and e["endurance"] == C["endurance_start"] for e in view["explorers"])
    assert view["luna"]["on_scarab"] and view["resources"]["power"] == 0
    assert view["resources"]["power_uncharged"] == C["power_discs"]
    assert view["decks"]["distress"] == 2 * C["distress_per_player"]
    assert view["decks"]["opportunity_piles"] == {"pink": 8, "blue": 8}
    assert [o["id"] for o in view["task"]["objectives"]] == [
        "st-a-obj-restore-power", "st-a-obj-calibrate", "st-a-obj-relay", "st-a-obj-transmit"]
    json.dumps(view), json.dumps(RULES.score(state))


@pytest.mark.parametrize(("players", "options", "message"), [
    ((), {}, "played by 1 to 4 explorers"), (("A",) * 5, {}, "played by 1 to 4 explorers"),
    (("A",), {"difficulty": "brutal"}, "difficulty"), (("A", "B"), {"first_player": 2}, "numbered 0 to 1"),
    (("A", "B"), {"traits": ["trait-medic", "trait-medic"]}, "exists once")])
def test_setup_refuses_what_the_rules_do_not_allow(players, options, message):
    with pytest.raises(RuleError, match=message):
        new(players, **options)


def test_traits_are_chosen_at_setup_only():
    state = play(new(), "choose_trait", player=0, trait="trait-theorist")
    assert RULES.view(state)["explorers"][0]["trait"]["side"] == "white"
    refused(state, "choose_trait", "exists once", player=1, trait="trait-theorist")
    started = play(state, "take_action", cube="wonder", action="rest")
    refused(started, "choose_trait", r"chosen at setup \(step 7\)", player=1, trait="trait-medic")
