"""A group's plays taken to BG Stats, BoardGameGeek and a spreadsheet, and a BG Stats export imported, through the
real app: what the files hold, the filters they follow, an import all or nothing and never twice."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

from companion.plays.store import PlayStore
from tests.companion.web.test_group_pages import start_group, text_of
from tests.companion.web.test_plays_pages import finish

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "plays" / "bgstats_export.json"


def upload(client, group_id, data: bytes, name="export.json"):
    return client.post(f"/groups/{group_id}/import", data={"file": (io.BytesIO(data), name)},
                       content_type="multipart/form-data")


def test_the_exports_hold_the_groups_plays_as_filtered(client, new_game):
    group_id, _ = start_group(client)
    finish(client, new_game, ("Ann", "Bo"), points=(6, 2), group=group_id)
    finish(client, new_game, ("Cy", "Ann"), points=(1, 9), group=group_id)
    bgstats = client.get(f"/groups/{group_id}/export/bgstats")
    assert bgstats.status_code == 200 and 'filename="thursday-night-bgstats.json"' in bgstats.headers[
        "Content-Disposition"]
    data = json.loads(bgstats.data)
    assert len(data["plays"]) == 2 and {p["name"] for p in data["players"]} == {"Ann", "Bo", "Cy"}
    assert [g["name"] for g in data["games"]] == ["Score Sheet"]
    plays = ET.fromstring(client.get(f"/groups/{group_id}/export/bgg").data)
    assert [[p.get("name") for p in play.iter("player")] for play in plays.iter("play")] == [["Ann", "Bo"], ["Cy", "Ann"]]
    rows = list(csv.reader(io.StringIO(client.get(f"/groups/{group_id}/export/csv").get_data(as_text=True))))
    assert len(rows) == 1 + 4  # the header, a row per seat
    only_cy = client.get(f"/groups/{group_id}/export/bgstats?player=cy")
    assert len(json.loads(only_cy.data)["plays"]) == 1
    assert client.get(f"/groups/{group_id}/export/pdf").status_code == 404
    assert client.application.test_client().get(f"/groups/{group_id}/export/csv").status_code == 403


def test_a_bg_stats_export_is_imported_once_with_its_players(client):
    group_id, _ = start_group(client)
    client.post(f"/groups/{group_id}/players", data={"player": "mara"})  # the group knows Mara already
    answer = upload(client, group_id, FIXTURE.read_bytes(), "BGStatsExport.json")
    text = text_of(answer)
    assert answer.status_code == 200, text
    # of the file's four plays: Unsettled: Survival matches this companion's game by its name; Azul is not a game of
    # the companion, and the bundled Emigration has no BoardGameGeek number to match "Emigration (prototype)" by
    assert "1 play added" in text and "2 plays of Azul: not a game of this companion" in text
    assert "Linked to the group's players of the same name: mara" in text
    store = PlayStore(client.application.extensions["companion"].store)
    with store.store.engine.connect() as conn:
        [play] = store.plays(conn, group=group_id)
        people = {p.id: p.name for p in store.players(conn, group_id)}
    assert play.slug == "unsettled_survival" and play.cooperative and play.outcome == "lost"
    assert play.title == "Unsettled: survival"  # the companion's name of the game, not the file's "UNSETTLED: SURVIVAL"
    assert all(s.player in people for s in play.seats if not s.bot) and play.source == "bgstats"
    again = upload(client, group_id, FIXTURE.read_bytes())
    assert "0 plays added, 1 already here" in text_of(again)
    with store.store.engine.connect() as conn:
        assert len(store.plays(conn, group=group_id)) == 1 and len(store.players(conn, group_id)) == len(people)


def test_a_file_that_is_not_a_bg_stats_export_changes_nothing(client):
    group_id, _ = start_group(client)
    broken = upload(client, group_id, b'{"games": [], "players": [], "plays": [', "mine.json")
    assert broken.status_code == 400 and "mine.json, line 1, column" in text_of(broken)
    bad = json.loads(FIXTURE.read_text())
    bad["plays"][-1]["playerScores"][0]["playerRefId"] = 999
    wrong = upload(client, group_id, json.dumps(bad).encode(), "mine.json")
    assert wrong.status_code == 400 and "not a BG Stats export the companion can read" in text_of(wrong)
    assert "names no player of the file" in text_of(wrong)
    assert upload(client, group_id, b"\xff\xfe\x00", "photo.jpg").status_code == 400
    store = PlayStore(client.application.extensions["companion"].store)
    with store.store.engine.connect() as conn:
        assert store.plays(conn, group=group_id) == [] and store.players(conn, group_id) == []
