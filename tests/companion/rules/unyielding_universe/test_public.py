"""The public view (public.py): the view and the score after a round are JSON."""

from __future__ import annotations

from companion.rules.games import unyielding_universe as uu

from .conftest import act, lived_well


def test_view_and_score_are_json():
    import json

    state = act(lived_well(regretful=True), "claim_life_well_lived", player=0)
    json.dumps(uu.view(state))
    json.dumps(uu.score(state))
    assert uu.view(state)["rounds"][0]["points"][0]["total"] == 109
