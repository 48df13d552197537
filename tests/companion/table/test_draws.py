"""Chance nobody at the table can foresee (table/draws.py): an attacker holding everything the API gives, the
export included, cannot tell the next server roll; an export's draws are still checked on import; a seed chosen
by a client is for tests and the lab only, and a seeded game says so."""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import re

import pytest

from companion.rules import dice
from tests.conftest import ApiTable

ROLL = {"dice": 6, "sides": 6}  # 46,656 outcomes: a lucky guess of one roll is 1 in 46,656


@pytest.fixture
def fixed_key(monkeypatch):
    """The server's draw keys made reproducible for the test (the attacker below never sees them)."""
    keys = iter(hashlib.sha256(str(n).encode()).hexdigest() for n in range(1000))
    monkeypatch.setattr("companion.table.draws.new_key", lambda: next(keys))


def guesses(export: dict, n: int) -> list[list[int]]:
    """Every roll an attacker can compute for draw `n` from the export: the old scheme over every number in it,
    each seed it reveals taken as the draw's seed or as an HMAC key, and the seeds' own counter scheme."""
    numbers = {int(x) for x in re.findall(r"\d+", json.dumps(export))}
    seeds = [f"{v}:{n}" for v in numbers] + list(export.get("draws", []))
    for revealed in export.get("draws", []):
        if re.fullmatch(r"[0-9a-f]{2,}", revealed) and len(revealed) % 2 == 0:
            seeds.append(hmac.new(bytes.fromhex(revealed), f"draw {n}".encode(), hashlib.sha256).hexdigest())
        seeds.append(f"{revealed.split(':')[0]}:{n}")
    return [dice.settle(ROLL, random.Random(seed))["results"] for seed in seeds]


def test_nobody_predicts_the_next_roll_with_the_export_in_hand(client, new_game, fixed_key):
    game_id, headers, _ = new_game("sheet", ("Ann", "Bo"))
    table = ApiTable(client, game_id, headers)
    for _ in range(3):  # the table has rolled before it is exported
        table.do("roll", **ROLL)
    export = client.get(f"/api/games/{game_id}/export", headers=headers).json
    hits = 0
    for n in range(3, 13):
        rolled = table.do("roll", **ROLL)["state"]["rolls"][-1]
        hits += rolled in guesses(export, n)
    assert hits <= 1, f"{hits} of 10 future rolls were predicted from the export"  # 10 of 10 with a seed in it
    assert len(export["draws"]) == 3 and "seed" not in export["game"]


def test_the_draw_key_never_leaves_the_server(client, new_game, app):
    game_id, headers, _ = new_game("sheet", ("Ann", "Bo"))
    ApiTable(client, game_id, headers).do("roll", **ROLL)
    with app.app_context():
        key = app.extensions["companion"].sessions.current(game_id).game.draw_key
    assert len(key) == 64
    answers = [client.get(path, headers=headers).get_data(as_text=True) for path in (
        f"/api/games/{game_id}", f"/api/games/{game_id}/events", f"/api/games/{game_id}/export", "/api/games",
        f"/games/{game_id}", f"/games/{game_id}/watch", f"/games/{game_id}/history", f"/games/{game_id}/summary")]
    assert all(key not in answer for answer in answers)


def test_an_export_is_checked_on_import_without_handing_over_future_draws(client, new_game, fixed_key):
    game_id, headers, _ = new_game("sheet", ("Ann", "Bo"))
    table = ApiTable(client, game_id, headers)
    table.do("roll", **ROLL)
    second = table.do("roll", **ROLL)["state"]["rolls"][-1]
    table.undo()
    table.do("roll", **ROLL)  # drawn at the undone roll's number: the same result, undo never re-rolls
    state = table.game()["state"]
    assert state["rolls"][1] == second
    export = client.get(f"/api/games/{game_id}/export", headers=headers).json
    assert len(export["draws"]) == 2

    tampered = json.loads(json.dumps(export))
    tampered["game"]["id"] = "tampered"
    tampered["events"][0]["payload"]["results"] = [7 - face for face in tampered["events"][0]["payload"]["results"]]
    refused = client.post("/api/games/import", json=tampered)
    assert refused.status_code == 422 and refused.json["field"] == "events[0].payload"

    appended = json.loads(json.dumps(export))  # a roll added to the log, drawn from a seed the export does not hold
    appended["game"]["id"] = "appended"
    appended["events"].append({**appended["events"][0], "seq": len(appended["events"]) + 1})
    refused = client.post("/api/games/import", json=appended)
    assert refused.status_code == 422 and refused.json["field"] == f"events[{len(export['events'])}].payload"

    planted = json.loads(json.dumps(export))  # a seed added for the next draw is not taken for it
    planted["game"]["id"] = "planted"
    planted["draws"].append("chosen by the exporter")
    imported = client.post("/api/games/import", json=planted)
    assert imported.status_code == 201, imported.json
    copy = ApiTable(client, "planted", {"Authorization": f"Bearer {imported.json['edit_secret']}"})
    copy.seq = imported.json["seq"]
    rolled = copy.do("roll", **ROLL)["state"]["rolls"][-1]
    assert rolled != dice.settle(ROLL, random.Random("chosen by the exporter"))["results"]
    assert imported.json["state"]["rolls"] == state["rolls"]


def test_a_version_1_export_with_its_seed_still_imports(client, new_game):
    game_id, headers, _ = new_game("sheet", ("Ann", "Bo"), seed=77)
    ApiTable(client, game_id, headers).do("roll", **ROLL)
    export = client.get(f"/api/games/{game_id}/export", headers=headers).json
    old = {"format": export["format"], "version": 1, "game": {**export["game"], "id": "old"},
           "events": export["events"]}
    imported = client.post("/api/games/import", json=old)
    assert imported.status_code == 201, imported.json
    assert imported.json["state"]["rolls"] == [dice.settle(ROLL, random.Random("77:0"))["results"]]
    assert imported.json["seed"] is None  # it draws on from a key of its own


def test_a_chosen_seed_is_refused_unless_the_server_allows_it(make_app, database_url, sheet_game):
    strict = make_app({"DATABASE_URL": database_url, "SECRET_KEY": "x", "GAME_FOLDERS": [str(sheet_game)]})
    client = strict.test_client()
    refused = client.post("/api/games", json={"slug": "sheet", "players": ["Ann"], "seed": 0})
    assert refused.status_code == 422 and refused.json["field"] == "seed"
    assert "COMPANION_ALLOW_SEED" in refused.json["error"]
    assert b'id="seed"' not in client.get("/").data
    made = client.post("/api/games", json={"slug": "sheet", "players": ["Ann"]})
    assert made.status_code == 201 and made.json["seed"] is None
    assert b"practice game" not in client.get(f"/games/{made.json['id']}").data.lower()


def test_a_seeded_game_says_so_on_its_pages(client, new_game):
    assert b'id="seed"' in client.get("/").data  # the tests' server allows a chosen seed
    game_id, _, body = new_game("sheet", ("Ann", "Bo"), seed=2024)
    assert body["seed"] == 2024
    for path in (f"/games/{game_id}", f"/games/{game_id}/watch"):
        assert b"A practice game: its dice come from seed 2024" in client.get(path).data
