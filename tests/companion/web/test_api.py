"""The JSON API through the real app, on SQLite and on PostgreSQL."""

from __future__ import annotations

import pytest

ADD = {"type": "add_points", "payload": {"player": 0, "category": "Points", "points": 5}}


def add(client, game_id, headers, based_on, player=0, points=5, category="Years lived"):
    return client.post(f"/api/games/{game_id}/events", headers=headers, json={
        "type": "add_points", "based_on": based_on, "payload": {"player": player, "category": category,
                                                                 "points": points}})


def test_create_read_and_append(client, new_game):
    game_id, headers, body = new_game()
    assert body["seq"] == 0 and body["players"] == ["Ann", "Bo", "Cy"]
    assert body["links"]["play"].endswith(f"#key={headers['Authorization'][7:]}")
    response = add(client, game_id, headers, 0, player=1, points=7)
    assert response.status_code == 201
    assert response.json["seq"] == 1 and response.json["event"]["type"] == "add_points"
    state = client.get(f"/api/games/{game_id}").json
    assert state["seq"] == 1
    assert [p["total"] for p in state["scores"]["players"]] == [0, 7, 0]
    assert client.get(f"/api/games/{game_id}/events").json[0]["payload"]["points"] == 7


def test_stale_write_is_refused_with_the_current_game(client, new_game):
    game_id, headers, _ = new_game()
    assert add(client, game_id, headers, 0).status_code == 201
    stale = add(client, game_id, headers, 0, points=3)
    assert stale.status_code == 409
    assert stale.json["current"]["seq"] == 1
    assert "based on #0 but the game is at #1" in stale.json["error"]
    assert len(client.get(f"/api/games/{game_id}/events").json) == 1


@pytest.mark.parametrize(("headers", "status"), [({}, 401), ({"Authorization": "Bearer wrong"}, 403),
                                                  ({"Authorization": "Basic abc"}, 401)])
def test_writes_need_the_edit_secret(client, new_game, headers, status):
    """No secret at all is HTTP's 401 (saying how to give one); a secret that is not the game's is 403."""
    game_id, _, _ = new_game()
    response = add(client, game_id, headers, 0)
    assert response.status_code == status and "edit secret" in response.json["error"]
    assert (response.headers.get("WWW-Authenticate") == 'Bearer realm="pnpkit companion"') == (status == 401)
    assert client.post(f"/api/games/{game_id}/undo", json={"based_on": 0}, headers=headers).status_code == status
    assert client.get(f"/api/games/{game_id}").json["seq"] == 0


def test_spectator_view_reads_but_cannot_edit(client, new_game):
    _, _, body = new_game()
    page = client.get(body["links"]["watch"])
    assert page.status_code == 200 and b'data-mode="watch"' in page.data
    assert b"<button" not in page.data and b"<form" not in page.data


@pytest.mark.parametrize(
    ("payload", "field", "message"),
    [
        ({"slug": "sheet", "players": []}, "players", "expected a list of 1 to 12 items"),
        ({"slug": "sheet", "players": ["Ann", " "]}, "players[1]", "expected text, found nothing"),
        ({"slug": "", "players": ["Ann"]}, "slug", "expected text, found nothing"),
        ({"slug": "sheet", "players": "Ann"}, "players", "expected a list"),
        ({"slug": "sheet", "players": ["A" * 41]}, "players[0]", "at most 40 characters"),
        ({"slug": "chess", "players": ["Ann"]}, "slug", "no game called 'chess'"),
        ({"slug": "sheet", "players": ["Ann"], "colour": "red"}, "colour", "unknown field"),
        ({"players": ["Ann"]}, "slug", "is required"),
    ],
)
def test_create_validates_every_field(client, payload, field, message):
    response = client.post("/api/games", json=payload)
    assert response.status_code in (404, 422)
    assert response.json["field"] == field and message in response.json["error"]


@pytest.mark.parametrize(
    ("event", "field", "message"),
    [
        ({"type": "add_points", "payload": {"player": 0, "category": "Gold", "points": 1}}, "payload.category",
         "expected one of Years lived"),
        ({"type": "add_points", "payload": {"player": "me", "category": "Universe", "points": 1}}, "payload.player",
         "expected a whole number"),
        ({"type": "add_points", "payload": {"player": 7, "category": "Universe", "points": 1}}, "type",
         "This game has 3 players; choose one of them."),
        ({"type": "teleport", "payload": {}}, "type", "'teleport' is not an event"),
        ({"type": "add_points", "payload": {"player": 0}}, "payload.category", "is required"),
    ],
)
def test_events_are_checked_against_schema_and_rules(client, new_game, event, field, message):
    game_id, headers, _ = new_game()
    response = client.post(f"/api/games/{game_id}/events", headers=headers, json={"based_on": 0, **event})
    assert response.status_code == 422
    assert response.json["field"] == field and message in response.json["error"]


def test_undo_and_redo_append_and_round_trip(client, new_game):
    game_id, headers, _ = new_game()
    add(client, game_id, headers, 0, points=5)
    add(client, game_id, headers, 1, points=3)
    undone = client.post(f"/api/games/{game_id}/undo", headers=headers, json={"based_on": 2})
    assert undone.status_code == 201 and undone.json["event"]["target"] == 2
    assert undone.json["scores"]["players"][0]["total"] == 5 and undone.json["can_redo"]
    redone = client.post(f"/api/games/{game_id}/redo", headers=headers, json={"based_on": 3})
    assert redone.json["scores"]["players"][0]["total"] == 8 and not redone.json["can_redo"]
    log = client.get(f"/api/games/{game_id}/events").json
    assert [(e["seq"], e["type"], e["target"]) for e in log] == [
        (1, "add_points", None), (2, "add_points", None), (3, "undo", 2), (4, "redo", 2)]
    # fixing a past event while later ones stay
    fixed = client.post(f"/api/games/{game_id}/undo", headers=headers, json={"based_on": 4, "target": 1})
    assert fixed.json["scores"]["players"][0]["total"] == 3
    nothing = client.post(f"/api/games/{game_id}/redo", headers=headers, json={"based_on": 5})
    assert nothing.status_code == 201  # #1 comes back
    again = client.post(f"/api/games/{game_id}/redo", headers=headers, json={"based_on": 6})
    assert again.status_code == 422 and again.json["error"] == "There is nothing to redo."


def test_undo_after_a_roll_does_not_reroll(client, new_game):
    game_id, headers, _ = new_game()
    roll = {"type": "roll", "payload": {"dice": 3, "sides": 6}}
    first = client.post(f"/api/games/{game_id}/events", headers=headers, json={"based_on": 0, **roll}).json
    results = first["event"]["payload"]["results"]
    assert len(results) == 3 and all(1 <= r <= 6 for r in results)
    client.post(f"/api/games/{game_id}/undo", headers=headers, json={"based_on": 1})
    add(client, game_id, headers, 2)  # something else first, then roll again
    second = client.post(f"/api/games/{game_id}/events", headers=headers, json={"based_on": 3, **roll}).json
    assert second["event"]["payload"]["results"] == results
    third = client.post(f"/api/games/{game_id}/events", headers=headers, json={"based_on": 4, **roll}).json
    assert third["state"]["rolls"][0] == results  # the next roll is a new draw, recorded after it


def test_export_imports_into_an_empty_database_identically(client, new_game, tmp_path, sheet_game, make_app):
    game_id, headers, _ = new_game()
    add(client, game_id, headers, 0)
    client.post(f"/api/games/{game_id}/events", headers=headers,
                json={"based_on": 1, "type": "roll", "payload": {"dice": 2}})
    client.post(f"/api/games/{game_id}/undo", headers=headers, json={"based_on": 2})
    assert client.get(f"/api/games/{game_id}/export").status_code == 401
    exported = client.get(f"/api/games/{game_id}/export", headers=headers).json
    assert "edit_hash" not in str(exported) and headers["Authorization"][7:] not in str(exported)
    other = make_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'other.sqlite3'}", "SECRET_KEY": "x",
                        "GAME_FOLDERS": [str(sheet_game)]}).test_client()
    imported = other.post("/api/games/import", json=exported)
    assert imported.status_code == 201
    original = client.get(f"/api/games/{game_id}").json
    assert {k: v for k, v in imported.json.items() if k not in ("edit_secret", "links")} == original
    new_secret = {"Authorization": f"Bearer {imported.json['edit_secret']}"}
    assert other.get(f"/api/games/{game_id}/export", headers=new_secret).json == exported
    assert other.post("/api/games/import", json=exported).status_code == 409


def test_import_names_what_is_wrong(client):
    doc = {"format": "pnpkit-companion-game", "version": 1,
           "game": {"id": "x", "slug": "sheet", "seed": 1, "players": ["A"], "created_at": "now"},
           "events": [{"seq": 2, "type": "note", "created_at": "2026-11-26T18:00:00.000+00:00"}]}
    response = client.post("/api/games/import", json=doc)
    assert response.status_code == 422 and response.json["field"] == "game.created_at"
    assert "expected a time such as" in response.json["error"]
    doc["game"]["created_at"] = "2026-11-26T17:00:00.000+00:00"
    response = client.post("/api/games/import", json=doc)
    assert response.status_code == 422 and response.json["field"] == "events[0].seq"


def test_body_size_is_limited(client, new_game):
    game_id, headers, _ = new_game()
    response = client.post(f"/api/games/{game_id}/events", headers=headers,
                           data=b'{"note": "' + b"x" * (3 * 1024 * 1024) + b'"}',
                           content_type="application/json")
    assert response.status_code == 413
    assert "larger than this server takes (2,097,152 bytes; COMPANION_MAX_BODY_BYTES" in response.json["error"]


def test_player_names_are_escaped_on_pages(client, new_game):
    _, _, body = new_game(players=["<script>alert(1)</script>", "Bo"])
    for page in (client.get("/"), client.get(body["links"]["watch"])):
        assert b"<script>alert(1)" not in page.data
    assert b"&lt;script&gt;alert(1)" in client.get("/").data


def test_ties_share_a_place_and_both_win(client, new_game):
    game_id, headers, _ = new_game(players=["Ann", "Bo", "Cy"])
    add(client, game_id, headers, 0, player=0, points=9)
    add(client, game_id, headers, 1, player=1, points=9)
    finished = client.post(f"/api/games/{game_id}/events", headers=headers,
                           json={"based_on": 2, "type": "finish", "payload": {}}).json
    assert [p["place"] for p in finished["scores"]["players"]] == [1, 1, 3]
    assert finished["scores"]["winners"] == [0, 1]


def test_unknown_game_and_list(client, new_game):
    assert client.get("/api/games/nope").status_code == 404
    game_id, _, _ = new_game()
    assert game_id in [g["id"] for g in client.get("/api/games").json]


def test_openapi_document_is_valid(client):
    from openapi_spec_validator import validate

    spec = client.get("/api/openapi.json").json
    validate(spec)
    assert "sheet.add_points" in spec["components"]["schemas"]
