"""Groups through the real app: a group's link is its access (no account), its plays and players, seats linked to
players only when someone says so, games started for a group, and a group deleted whole."""

from __future__ import annotations

import html
from urllib.parse import urlsplit

import pytest

from companion.plays.store import PlayStore
from tests.companion.audit import problems, visible_text
from tests.companion.web.test_plays_pages import finish


def start_group(client, name="Thursday night") -> tuple[str, str]:
    """Starts a group from the plays page: returns its id and its link (with the secret) as the page shows it."""
    made = client.post("/groups", data={"name": name})
    assert made.status_code == 303
    group_id = made.headers["Location"].rsplit("/", 1)[1]
    page = client.get(f"/groups/{group_id}").get_data(as_text=True)
    link = html.unescape(page.split('class="group-link"')[0].rsplit('href="', 1)[1].split('"')[0])
    return group_id, link


def store_of(client) -> PlayStore:
    return PlayStore(client.application.extensions["companion"].store)


def text_of(answer) -> str:
    return " ".join(html.unescape(visible_text(answer.get_data(as_text=True))).split())


def test_the_groups_link_is_its_access(client, app):
    group_id, link = start_group(client)
    stranger = app.test_client()
    refused = stranger.get(f"/groups/{group_id}")
    assert refused.status_code == 403 and "for the people with its link" in text_of(refused)
    bad = stranger.get(f"/groups/{group_id}?key=wrong")
    assert bad.status_code == 400 and "not whole" in text_of(bad)
    parts = urlsplit(link)
    opened = stranger.get(f"{parts.path}?{parts.query}")
    assert opened.status_code == 303 and opened.headers["Location"] == f"/groups/{group_id}"  # the key leaves the bar
    cookie = opened.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    page = stranger.get(f"/groups/{group_id}")
    assert page.status_code == 200 and problems(visible_text(page.get_data(as_text=True))) == []
    assert "Thursday night" in text_of(stranger.get("/plays"))  # this phone's groups
    stranger.post(f"/groups/{group_id}/leave")
    assert stranger.get(f"/groups/{group_id}").status_code == 403


def test_a_play_put_into_a_group_links_seats_only_as_chosen(client, new_game):
    group_id, _ = start_group(client)
    assert client.post(f"/groups/{group_id}/players", data={"player": "Ann"}).status_code == 303
    duplicate = client.post(f"/groups/{group_id}/players", data={"player": " ann "})
    assert duplicate.status_code == 400 and "already has a player called ann" in text_of(duplicate)
    play_id, _, secret = finish(client, new_game, ("ANN", "Bo"))
    assert client.post(f"/plays/{play_id}/group", data={"group": group_id}).status_code == 403  # no secret
    assert client.post(f"/plays/{play_id}/group", data={"group": group_id, "secret": secret}).status_code == 303
    with store_of(client).store.engine.connect() as conn:
        [ann] = store_of(client).players(conn, group_id)
        play = store_of(client).play(conn, play_id)
    assert play.group == group_id and all(s.player is None for s in play.seats)  # suggested, never merged
    page = client.get(f"/plays/{play_id}").get_data(as_text=True)
    assert f'<option value="{ann.id}" selected>Ann (suggested: same name)</option>' in page
    assert client.post(f"/plays/{play_id}/links", data={"player-0": ann.id, "player-1": "new"}).status_code == 303
    with store_of(client).store.engine.connect() as conn:
        play = store_of(client).play(conn, play_id)
        people = {p.id: p.name for p in store_of(client).players(conn, group_id)}
    assert [people[s.player] for s in play.seats] == ["Ann", "Bo"] and all(s.new for s in play.seats)
    twice = client.post(f"/plays/{play_id}/links", data={"player-0": ann.id, "player-1": ann.id})
    assert twice.status_code == 400 and "Ann already sits in seat 1" in text_of(twice)
    assert "/plays/" + play_id in client.get(f"/groups/{group_id}/players/{ann.id}").get_data(as_text=True)
    # the group's play is no longer listed for everyone, and is closed to a phone without the link
    assert play_id not in client.get("/plays").get_data(as_text=True)
    assert client.application.test_client().get(f"/plays/{play_id}").status_code == 403


def test_a_game_started_for_a_group_becomes_its_play(client, app, new_game):
    group_id, _ = start_group(client)
    stranger = app.test_client()
    refused = stranger.post("/api/games", json={"slug": "sheet", "players": ["Ann"], "group": group_id})
    assert refused.status_code == 422 and refused.json["field"] == "group"
    wrong = stranger.post("/api/games", json={"slug": "sheet", "players": ["Ann"], "group": group_id,
                                              "group_key": "nope"})
    assert wrong.status_code == 422 and wrong.json["field"] == "group_key"
    play_id, _, _ = finish(client, new_game, group=group_id, playtest=True)  # this client opened the link
    with store_of(client).store.engine.connect() as conn:
        play = store_of(client).play(conn, play_id)
    assert play.group == group_id and play.playtest
    assert 'name="group"' in client.get("/").get_data(as_text=True)  # the home page offers this phone's groups


def test_a_group_is_deleted_whole_after_its_name_is_typed(client, new_game):
    group_id, _ = start_group(client, "Family")
    play_id, _, _ = finish(client, new_game, group=group_id)
    client.post(f"/groups/{group_id}/players", data={"player": "Ann"})
    wrong = client.post(f"/groups/{group_id}/delete", data={"confirm": "Familie"})
    assert wrong.status_code == 400 and "Type the group's name, Family" in text_of(wrong)
    assert client.post(f"/groups/{group_id}/delete", data={"confirm": " family "}).status_code == 303
    with store_of(client).store.engine.connect() as conn:
        assert store_of(client).group(conn, group_id) is None and store_of(client).play(conn, play_id) is None
        assert store_of(client).players(conn, group_id) == []
    assert client.get(f"/groups/{group_id}").status_code == 404


@pytest.mark.parametrize("name", ["", "   ", "x" * 81])
def test_a_group_needs_a_name_that_fits(client, name):
    answer = client.post("/groups", data={"name": name})
    assert answer.status_code == 400 and "name" in text_of(answer)


def test_a_group_exports_whole_as_one_file_the_same_bytes_each_time(client, new_game):
    import json

    group_id, _ = start_group(client, "Family night")
    first, _, _ = finish(client, new_game, ("Ann", "Bo"), group=group_id, playtest=True)
    finish(client, new_game, ("Cy", "Bo"), points=(2, 8), group=group_id)
    client.post(f"/groups/{group_id}/players", data={"player": "Ann"})
    client.post(f"/plays/{first}/feedback", data={"fun": "5", "note": "More, please"})
    answer = client.get(f"/groups/{group_id}/export/everything")
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    assert 'filename="family-night-everything.json"' in answer.headers["Content-Disposition"]
    data = json.loads(answer.get_data(as_text=True))
    assert (data["format"], data["version"], data["group"]["name"]) == ("pnpkit-group", 1, "Family night")
    assert [p["name"] for p in data["players"]] == ["Ann"]
    assert [[s["name"] for s in p["seats"]] for p in data["plays"]] == [["Ann", "Bo"], ["Cy", "Bo"]]
    assert data["plays"][0]["feedback"][0]["note"] == "More, please" and data["plays"][0]["playtest"]
    assert client.get(f"/groups/{group_id}/export/everything").data == answer.data
    assert client.application.test_client().get(f"/groups/{group_id}/export/everything").status_code == 403
