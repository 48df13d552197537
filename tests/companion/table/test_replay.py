"""An import is checked in memory in time that grows with its log (table/replay.py), and the rows stored are the
rows checked: an undo with no target is stored with the one it undid, times and names are checked as a live
write and a new game check them, and a log built to cost the square of its length is refused in bounded work."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion import create_app
from tests.conftest import ApiTable

T = "2026-11-26T18:00:00.000+00:00"


def document(game_id, events, players=("Ann", "Bo"), **game):
    return {"format": "pnpkit-companion-game", "version": 2, "draws": [], "events": events,
            "game": {"id": game_id, "slug": "sheet", "players": list(players), "options": {}, "created_at": T, **game}}


def event(seq, kind, payload=None, target=None, **extra):
    return {"seq": seq, "type": kind, "payload": payload or {}, "target": target, "random": False, "created_at": T,
            "author": None, **extra}


def points(seq, player=0):
    return event(seq, "add_points", {"player": player, "category": "Points", "points": 1})


@pytest.fixture
def applies(app, monkeypatch):
    """Counts the score sheet's applications of an event, in the app's catalog."""
    count = [0]
    entries = app.extensions["companion"].catalog.entries
    rules = entries["sheet"].rules

    def counted(state, event):
        count[0] += 1
        return rules.apply(state, event)

    monkeypatch.setitem(entries, "sheet", replace(entries["sheet"], rules=replace(rules, apply=counted)))
    return count


def test_undo_and_redo_of_an_early_change_cost_no_more_than_the_changes_after_it(client, applies):
    events = [points(seq) for seq in range(1, 51)]
    for _ in range(200):  # the stall: the same early change undone and redone again and again
        events += [event(len(events) + 1, "undo", target=1), event(len(events) + 2, "redo", target=1)]
    response = client.post("/api/games/import", json=document("stall", events))
    assert response.status_code == 201, response.json
    assert response.json["seq"] == 450 and response.json["scores"]["players"][0]["total"] == 50
    assert applies[0] < 3 * 50  # the first undo folds the 49 changes after #1 again; the rest are kept states


def test_a_log_built_to_cost_its_square_is_refused_with_nothing_stored(client):
    events = [points(seq) for seq in range(1, 2001)]
    events += [event(2001 + i, "undo", target=i + 1) for i in range(2000)]  # each undo folds what follows again
    response = client.post("/api/games/import", json=document("square", events))
    assert response.status_code == 422, response.json
    assert "undoes and redoes early changes so often" in response.json["error"]
    assert response.json["field"].startswith("events[")
    assert client.get("/api/games/square").status_code == 404


def test_an_undo_without_a_target_is_stored_with_the_change_it_undid(client, app, database_url, sheet_game):
    events = [points(1), points(2, player=1), event(3, "undo", target=None)]
    response = client.post("/api/games/import", json=document("untargeted", events))
    assert response.status_code == 201, response.json
    log = client.get("/api/games/untargeted/events").json
    assert log[2]["type"] == "undo" and log[2]["target"] == 2
    # another process (a restart, or the other PostgreSQL worker) loads the game from the database alone
    fresh = create_app({"DATABASE_URL": database_url, "SECRET_KEY": "test", "GAME_FOLDERS": [str(sheet_game)]})
    try:
        other = fresh.test_client()
        assert other.get("/api/games/untargeted").status_code == 200
        assert other.get("/api/games/untargeted").json["scores"] == response.json["scores"]
        assert other.get("/games/untargeted").status_code == 200
    finally:
        fresh.extensions["companion"].close()


@pytest.mark.parametrize("change, field, words", [
    (lambda e: e[0].update(target=1), "events[0].target", "only an undo or a redo names a target"),
    (lambda e: e[1].update(random=True), "events[1].random", "an undo or redo draws nothing"),
    (lambda e: e[1].update(payload={"x": 1}), "events[1].payload", "carries no payload"),
    (lambda e: e[0].update(created_at="yesterday"), "events[0].created_at", "expected a time"),
    (lambda e: e[0].update(created_at="2026-11-26T18:00:00"), "events[0].created_at", "expected a time"),
    (lambda e: e[0].update(colour="red"), "events[0].colour", "not a field of an exported game"),
    (lambda e: e[0].update(author="x" * 65), "events[0].author", "64"),
])
def test_import_refuses_what_a_live_write_refuses(client, change, field, words):
    events = [event(1, "note", {"text": "hi"}), event(2, "undo", target=1)]
    change(events)
    response = client.post("/api/games/import", json=document("refused", events))
    assert response.status_code == 422 and response.json["field"] == field and words in response.json["error"], \
        response.json
    assert client.get("/api/games/refused").status_code == 404


@pytest.mark.parametrize("players", [["Ann", "Ann"], ["Ann", "ann "], ["Ann", "   "], [], ["x" * 41]])
def test_import_refuses_the_player_names_creating_a_game_refuses(client, players):
    created = client.post("/api/games", json={"slug": "sheet", "players": players})
    imported = client.post("/api/games/import", json=document("names", [], players=players))
    assert created.status_code == imported.status_code == 422
    assert imported.json["field"] == "game." + created.json["field"]
    assert imported.json["error"] == created.json["error"]


def test_names_are_kept_as_a_new_game_keeps_them(client):
    created = client.post("/api/games", json={"slug": "sheet", "players": [" Ann", "Bo "]})
    imported = client.post("/api/games/import", json=document("trimmed", [], players=[" Ann", "Bo "]))
    assert created.json["players"] == imported.json["players"] == ["Ann", "Bo"]


def test_an_untouched_export_with_an_empty_author_comes_back(client, new_game):
    game_id, headers, _ = new_game("sheet", ("Ann", "Bo"))
    written = client.post(f"/api/games/{game_id}/events", headers=headers,
                          json={"type": "note", "based_on": 0, "author": "", "payload": {"text": "hi"}})
    assert written.status_code == 201
    ApiTable(client, game_id, headers).seq = 1
    doc = client.get(f"/api/games/{game_id}/export", headers=headers).json
    doc["game"]["id"] = game_id + "-copy"
    response = client.post("/api/games/import", json=doc)
    assert response.status_code == 201, response.json
    assert client.get(f"/api/games/{game_id}-copy/events").json[0]["author"] == ""


def test_the_rows_stored_are_the_rows_checked(client, new_game):
    game_id, headers, _ = new_game("sheet", ("Ann", "Bo"))
    table = ApiTable(client, game_id, headers)
    table.do("add_points", player=0, category="Points", points=3)
    table.undo()
    doc = client.get(f"/api/games/{game_id}/export", headers=headers).json
    doc["game"]["id"] = "checked"
    response = client.post("/api/games/import", json=doc)
    assert response.status_code == 201, response.json
    again = client.get("/api/games/checked/export", headers={"Authorization": f"Bearer {response.json['edit_secret']}"})
    assert again.json["events"] == doc["events"]  # nothing added, nothing dropped, each field as exported
