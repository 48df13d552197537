"""The public view (view.py): the state pickles, and the view and the score are JSON."""

from __future__ import annotations

import json
import pickle

from companion.rules.games import unfair_chko as uc

from .conftest import act, with_kaiju


def test_the_state_pickles_and_the_view_is_json():
    state = act(with_kaiju("Gamigora"), "kaiju_roll", {"dice": [[1, 2]]})
    assert pickle.loads(pickle.dumps(state)) == state
    json.dumps(uc.view(state)), json.dumps(uc.score(state))
