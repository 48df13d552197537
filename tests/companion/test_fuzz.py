"""Property-based fuzzing of the JSON API from its OpenAPI document: no input makes the server fail (5xx)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-2**63, max_value=2**63) | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=12,
)
FIELDS = ["slug", "players", "options", "seed", "type", "based_on", "payload", "target", "author", "format",
          "version", "game", "events", "player", "category", "points", "dice", "sides", "text"]
BODY = st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=6) | JSON


@pytest.fixture
def fuzz_target(client, new_game):
    game_id, headers, _ = new_game("sheet")
    spec = client.get("/api/openapi.json").json
    routes = [(path, method) for path, methods in spec["paths"].items() for method in methods
              if not path.endswith("/stream")]
    return client, game_id, headers, routes


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_input_makes_the_api_fail(fuzz_target, data):
    client, game_id, headers, routes = fuzz_target
    path, method = data.draw(st.sampled_from(routes))
    path = path.replace("{game_id}", data.draw(st.sampled_from([game_id, "nope", "x" * 60, "%00"])))
    auth = data.draw(st.sampled_from([headers, {}, {"Authorization": "Bearer x"}]))
    if method == "get":
        query = data.draw(st.dictionaries(st.sampled_from(["after", "limit"]), st.text(max_size=5), max_size=2))
        response = client.get(path, query_string=query, headers=auth)
    else:
        body = data.draw(BODY)
        raw = data.draw(st.booleans())
        if raw:
            response = client.post(path, data=data.draw(st.binary(max_size=60)), headers=auth,
                                   content_type="application/json")
        else:
            response = client.post(path, json=body, headers=auth)
    assert response.status_code < 500, (method, path, response.get_data(as_text=True)[:300])
    assert response.is_json or response.status_code == 404
