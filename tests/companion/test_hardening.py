"""No input breaks a table's pages or the server: text that is not valid Unicode, numbers past what the database
stores, JSON nested past the parser, each refused with a sentence naming the field (never a 500), on both
databases; and every answer carries the headers that keep the play page from being framed or leaking its link."""

from __future__ import annotations

import pytest

from tests.conftest import ApiTable

LONE = "Ann\ud800"


def test_text_that_is_not_valid_unicode_is_refused_everywhere_it_can_enter(client, new_game):
    refused = client.post("/api/games", json={"slug": "sheet", "players": ["Bo", LONE]})
    assert refused.status_code == 422 and refused.json["field"] == "players[1]"
    game_id, headers, _ = new_game("sheet", ("Ann", "Bo"))
    table = ApiTable(client, game_id, headers)
    table.refused("note", "not valid Unicode", text=LONE)
    table.refused("rename_player", "not valid Unicode", player=0, name=LONE)
    response = client.post(f"/api/games/{game_id}/events", headers=headers,
                           json={"type": "note", "based_on": 0, "author": LONE, "payload": {"text": "hi"}})
    assert response.status_code == 422 and response.json["field"] == "author"
    assert client.get("/").status_code == 200 and client.get(f"/games/{game_id}").status_code == 200


def test_an_import_is_refused_when_its_text_or_numbers_cannot_be_stored(client, new_game):
    game_id, headers, _ = new_game("sheet", ("Ann", "Bo"))
    ApiTable(client, game_id, headers).do("note", text="fine")
    export = client.get(f"/api/games/{game_id}/export", headers=headers).json
    client.post(f"/api/games/{game_id}/undo", headers=headers, json={"based_on": 1})

    def imported(change):
        doc = {**export, "game": {**export["game"], "id": "copy" + str(abs(hash(str(change))))[:8]},
               "events": [dict(e) for e in export["events"]]}
        change(doc)
        return client.post("/api/games/import", json=doc)

    bad = imported(lambda d: d["events"][0].__setitem__("payload", {"text": LONE}))
    assert bad.status_code == 422 and bad.json["field"] == "events[0].payload.text"
    bad = imported(lambda d: d["game"].__setitem__("players", ["Ann", LONE]))
    assert bad.status_code == 422 and bad.json["field"] == "game.players[1]"
    bad = imported(lambda d: d["game"].__setitem__("seed", 2**63))
    assert bad.status_code == 422 and bad.json["field"] == "game.seed"
    bad = imported(lambda d: d["events"][0].__setitem__("target", 10**30))
    assert bad.status_code == 422 and bad.json["field"] == "events[0].target"
    assert client.get("/").status_code == 200


@pytest.mark.parametrize("after", ["99999999999999999999", "2147483648", "-1", "1e3", "x"])
def test_numbers_in_the_address_are_checked_where_they_are_read(client, new_game, after):
    game_id, _, _ = new_game("sheet", ("Ann", "Bo"))
    for path in (f"/api/games/{game_id}/events?after={after}", f"/api/games/{game_id}/stream?after={after}"):
        response = client.get(path)
        assert response.status_code == 422 and response.json["field"] == "after", path


def test_json_nested_past_the_parser_is_refused_not_a_server_error(client, new_game):
    game_id, headers, _ = new_game("sheet", ("Ann", "Bo"))
    deep = "[" * 100_000
    for path in ("/api/games", f"/api/games/{game_id}/events", "/api/games/import"):
        response = client.post(path, data=deep, content_type="application/json", headers=headers)
        assert response.status_code == 400 and "nests too deeply" in response.json["error"], path


def test_every_answer_carries_the_security_headers_and_405_says_what_is_allowed(client, new_game):
    game_id, _, _ = new_game("sheet", ("Ann", "Bo"))
    for path in ("/", f"/games/{game_id}", f"/api/games/{game_id}", "/static/game.js", "/nowhere"):
        with client.get(path) as response:  # a static file's answer holds the file open until closed
            headers = response.headers
        csp = headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
        assert "frame-ancestors 'none'" in csp and headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer", path
    refused = client.delete(f"/api/games/{game_id}/events")
    assert refused.status_code == 405 and "POST" in refused.headers["Allow"]
