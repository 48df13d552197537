"""A game recorded under an earlier version of its rules still opens: an event the rules in use refuse is kept in
the log, set aside (not applied) and shown as such in the history, and the game goes on."""

from __future__ import annotations

from companion.storage.store import EventRow
from companion.table.sessions import now
from companion.web.services import services


def test_an_event_the_rules_now_refuse_is_set_aside_and_the_game_still_opens(app, client, new_game):
    game_id, headers, _ = new_game("sheet", ("Ann", "Bo"))
    assert client.post(f"/api/games/{game_id}/events", headers=headers, json={
        "based_on": 0, "type": "add_points", "payload": {"player": 0, "category": "Points", "points": 4}}).status_code == 201
    with app.app_context():
        sessions = services().sessions
        with sessions.store.transaction() as conn:  # as an older version of the rules accepted and stored it
            sessions.store.append(conn, game_id, EventRow(2, "add_points", {"player": 7, "category": "Points",
                                                                            "points": 9}, None, False, now(), "Ann"))
        sessions._cache.clear()  # a server started after the rules changed folds the log afresh
    page = client.get(f"/games/{game_id}")
    assert page.status_code == 200
    game = client.get(f"/api/games/{game_id}").json
    assert game["seq"] == 2 and [p["total"] for p in game["scores"]["players"]] == [4, 0]
    history = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert "not applied" in history and "There is no player 7" in history
    assert client.post(f"/api/games/{game_id}/events", headers=headers, json={  # and the game goes on
        "based_on": 2, "type": "add_points", "payload": {"player": 1, "category": "Points", "points": 3}}).status_code == 201
    assert [p["total"] for p in client.get(f"/api/games/{game_id}").json["scores"]["players"]] == [4, 3]
    undo = client.post(f"/api/games/{game_id}/undo", headers=headers, json={"based_on": 3})
    assert undo.status_code == 201, undo.json
