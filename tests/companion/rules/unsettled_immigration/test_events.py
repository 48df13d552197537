"""Events and the rules contract (events.py): unknown cards and events, unchecked payloads, immutability."""

from __future__ import annotations

import json
import pickle

import pytest

from companion.rules import rules_for
from companion.rules.contract import Event, RuleError
from companion.rules.games import unsettled_immigration as rules

from .conftest import GAME, do, new, refused, started


def test_unknown_cards_and_events_are_refused():
    refused(started(), "buy_milestone", "no Op card called 'op-pony'", card="op-pony")
    refused(started(), "buy_milestone", "not a Milestone", card="op-lawyer")
    with pytest.raises(RuleError, match="Unknown event"):
        rules.apply(started(), Event(1, "add_points", {}))


def test_the_app_finds_this_module_and_its_state_is_immutable_and_picklable():
    assert rules_for(GAME).events is rules.EVENTS
    s = started(boards={1: ["op-job"]})
    assert pickle.loads(pickle.dumps(s)) == s
    before = pickle.dumps(s)
    do(s, "play_attack", card="op-layoff", target=1, stack=0)
    assert pickle.dumps(s) == before
    json.dumps(rules.view(s)), json.dumps(rules.score(s))


def test_a_payload_that_skipped_the_schema_is_refused_with_a_rule_error():
    # An imported log reaches apply without the app's schema check.
    with pytest.raises(RuleError, match=r"payload\.player"):
        rules.apply(new(), Event(1, "mulligan", {"player": "Ann"}))
    assert rules.apply(new(), Event(1, "set_hand", {"player": 1, "ops": 2})).players[1].ops == 2
