"""Winners and the view (scoring.py): everyone who entered wins, the Ultimate Winner, JSON, bad payloads."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from companion.rules import Event, RuleError
from companion.rules.games import emigration as em

from .conftest import ANN, BO, act, arrange, table


def finished(assurance, money, papers=(True, True)):
    state = table()
    for p in (ANN, BO):
        stash = ("pass-passport", "tick-ferry") if papers[p] else ()
        state = arrange(state, p, {}, assurance=assurance[p] + 2, money=money[p], stash=stash, withdrawn=True)
    state = replace(state, phase="border", turn=ANN)
    state = act(state, "cross_border", player=ANN, lane=1, token=2)
    return act(state, "cross_border", player=BO, lane=1, token=2)


@pytest.mark.parametrize(("assurance", "money", "papers", "winners", "ultimate"), [
    ((5, 4), (0, 9), (True, True), [ANN, BO], ANN),      # most assurance left
    ((5, 5), (2, 3), (True, True), [ANN, BO], BO),       # tied: most money
    ((5, 5), (3, 3), (True, True), [ANN, BO], None),     # tied on both: the joy is in the journey
    ((9, 1), (3, 3), (False, True), [BO], BO),           # no Passport and Ticket: Ann stays out
])
def test_everyone_who_entered_wins_and_the_ultimate_winner(assurance, money, papers, winners, ultimate):
    score = em.score(finished(assurance, money, papers))
    assert score["winners"] == winners and score["ultimate_winner"] == ultimate


def test_every_state_is_json_viewable_and_a_bad_payload_is_a_rule_error():
    state = table()
    assert json.loads(json.dumps(em.view(state)))["turn"] == ANN and json.dumps(em.score(state))
    with pytest.raises(RuleError, match="slot"):
        em.apply(state, Event(1, "buy", {"player": 0, "owner": 0}))
    with pytest.raises(RuleError, match="no event"):
        em.apply(state, Event(1, "teleport", {}))
