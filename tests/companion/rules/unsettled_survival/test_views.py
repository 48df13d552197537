"""The view and the event log (views.py, events.py): hidden decks, the checklist, schemas, replay."""

from __future__ import annotations

import json
import random

import pytest

from companion.rules import Event, RuleError

from .conftest import RULES, new, play


def test_the_view_hides_the_order_of_the_decks():
    state = play(new(), "move", direction="n")
    text = json.dumps(RULES.view(state))
    remaining = list(state.environment)
    assert all(card not in text for card in remaining)
    assert RULES.view(state)["decks"]["environment"] == len(remaining) == 25


def test_every_event_type_is_documented_and_imported_logs_are_checked():
    assert all(spec.description for spec in RULES.events.values())
    with pytest.raises(RuleError, match=r"payload\.cube: is required"):
        RULES.apply(new(), Event(1, "take_action", {"action": "rest"}))
    with pytest.raises(RuleError, match="not an event"):
        RULES.apply(new(), Event(1, "teleport", {}))


def test_the_view_shows_the_turn_checklist():
    state = play(new(), "take_action", cube="wonder", action="rest")
    steps = {s["step"]: s["done"] for s in RULES.view(state)["checklist"]}
    assert steps["Set Focus: one cube on REST"] and not steps["Set Focus: 2 cubes on actions"]
    assert not steps["Move your explorer"] and not steps["Program LUNA"]


def test_states_pickle_and_replaying_an_event_gives_the_same_state():
    import pickle

    state = new()
    payload = RULES.prepare(state, "move", RULES.events["move"].check({"direction": "n"}), random.Random(5))
    assert "seed" in payload
    first, second = (RULES.apply(state, Event(1, "move", payload)) for _ in range(2))
    assert first == second and pickle.loads(pickle.dumps(first)) == first
