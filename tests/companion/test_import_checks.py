"""An imported game passes the checks a live write passes, event by event: its schema, the rules, and the
outcomes the server drew, drawn again from the game's seed. Every bundled game's played log comes back whole;
an edited one is refused with the event and field named, never stored and never a server error."""

from __future__ import annotations

import pytest

from companion import services
from companion.table.portable import export_game
from tests.companion.bots import test_seats
from tests.companion.test_player_words import SCENARIOS
from tests.conftest import ApiTable

PLAYED = {**SCENARIOS, "unyielding_universe_bot": test_seats.test_a_bot_takes_its_unyielding_universe_turn_through_the_api}


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize("scenario", sorted(PLAYED))
def test_every_games_played_log_is_imported_whole(scenario, app, client, new_game, tmp_path, sheet_game, make_app):
    PLAYED[scenario](client, new_game)
    with app.app_context(), services().store.engine.connect() as conn:
        games = [row for row, _ in services().store.list_games(conn, limit=100)]
    assert games
    other = make_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'other.sqlite3'}", "SECRET_KEY": "x",
                        "GAME_FOLDERS": [str(sheet_game)]}).test_client()
    for game in games:
        with app.app_context():
            doc = export_game(services(), game.id)  # what the export route gives with the edit secret
        imported = other.post("/api/games/import", json=doc)
        assert imported.status_code == 201, (game.slug, imported.json)
        original = client.get(f"/api/games/{game.id}").json
        copy = imported.json
        assert (copy["seq"], copy["state"], copy["scores"]) == (original["seq"], original["state"], original["scores"])


def exported_with(client, new_game, moves):
    game_id, headers, _ = new_game("sheet", ("Ann", "Bo"))
    table = ApiTable(client, game_id, headers)
    for kind, payload in moves:
        table.do(kind, **payload)
    doc = client.get(f"/api/games/{game_id}/export", headers=headers).json
    return {**doc, "game": {**doc["game"], "id": game_id + "-copy"}}


def refused(client, doc, field, words):
    response = client.post("/api/games/import", json=doc)
    assert response.status_code == 422, response.json
    assert response.json["field"] == field and words in response.json["error"], response.json
    assert client.get(f"/api/games/{doc['game']['id']}").status_code == 404  # nothing was stored


def test_an_edited_payload_is_refused_at_its_event_and_field(client, new_game):
    doc = exported_with(client, new_game, [("note", {"text": "hello"}),
                                           ("add_points", {"player": 0, "category": "Points", "points": 3})])
    doc["events"][0]["payload"] = {"text": 5}
    refused(client, doc, "events[0].payload.text", "expected text")
    doc["events"][0]["payload"] = {"text": "hello", "extra": True}
    refused(client, doc, "events[0].payload.extra", "is not a field of this event")
    doc["events"][0]["payload"] = {"text": "hello"}
    doc["events"][1]["payload"] = {}
    refused(client, doc, "events[1].payload.player", "")
    doc["events"][1]["payload"] = {"player": 7, "category": "Points", "points": 3}
    refused(client, doc, "events[1].type", "")
    doc["events"][1]["payload"] = {"player": 0, "category": "Points", "points": 3}
    assert client.post("/api/games/import", json=doc).status_code == 201  # as exported, it comes back


def test_dice_the_server_rolled_cannot_be_changed_but_dice_entered_as_they_fell_come_back(client, new_game):
    doc = exported_with(client, new_game, [("roll", {"dice": 2, "sides": 6}), ("roll", {"fell": [6, 6]})])
    rolled, entered = doc["events"][0]["payload"], doc["events"][1]["payload"]
    assert entered["entered"] is True and entered["results"] == [6, 6]
    other = [7 - face for face in rolled["results"]]
    doc["events"][0]["payload"] = {**rolled, "results": other}
    refused(client, doc, "events[0].payload", "not the one the server draws from the game's seed")
    doc["events"][0]["payload"] = rolled
    doc["events"][0]["random"] = False
    refused(client, doc, "events[0].random", "the server draws this event's outcome")
    doc["events"][0]["random"] = True
    doc["events"][1]["payload"] = {**entered, "results": [7, 6]}  # not what the table entered
    refused(client, doc, "events[1].payload", "not the one")
    doc["events"][1]["payload"] = entered
    assert client.post("/api/games/import", json=doc).status_code == 201


def test_undo_and_redo_in_an_import_name_changes_in_effect(client, new_game):
    doc = exported_with(client, new_game, [("note", {"text": "one"})])
    doc["events"].append({"seq": 2, "type": "undo", "payload": {}, "target": 5, "random": False,
                          "created_at": "2026-11-24T20:00:00.000+00:00", "author": None})
    refused(client, doc, "events[1].target", "not in effect")
    doc["events"][1]["target"] = 1
    doc["events"].append({"seq": 3, "type": "redo", "payload": {}, "target": 1, "random": False,
                          "created_at": "2026-11-24T20:00:00.000+00:00", "author": None})
    assert client.post("/api/games/import", json=doc).status_code == 201


def test_an_unfair_event_imported_empty_is_refused_not_a_server_error(client, new_game):
    game_id, headers, _ = new_game("unfair_chko", ("Ann", "Bo"))
    ApiTable(client, game_id, headers).do("choose_packs", packs=["Ocean", "Pirate"])
    doc = client.get(f"/api/games/{game_id}/export", headers=headers).json
    doc = {**doc, "game": {**doc["game"], "id": "unfair-copy"}}
    doc["events"][0]["payload"] = {}
    refused(client, doc, "events[0].payload.packs", "")
    doc["events"][0]["payload"] = {"packs": ["Ocean", "Nope"]}
    refused(client, doc, "events[0].type", "no theme pack called Nope")
