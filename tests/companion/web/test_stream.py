"""The live stream: each change reaches every open page, from any worker, and a reconnect catches up."""

from __future__ import annotations

import http.client
import json


def read_events(server, path: str, headers: dict | None = None, want: int = 1) -> list[dict]:
    """Reads server-sent events until `want` change events arrived (the server ends the stream at its limit)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.request("GET", path, headers=headers or {})
    response = conn.getresponse()
    assert response.status == 200 and response.getheader("Content-Type").startswith("text/event-stream")
    changes, block = [], []
    while len(changes) < want:
        line = response.readline().decode()
        if not line:
            break
        if line.strip():
            block.append(line.rstrip("\n"))
            continue
        fields = dict(item.split(": ", 1) for item in block if ": " in item and not item.startswith(":"))
        if fields.get("event") == "change":
            changes.append({"id": int(fields["id"]), **json.loads(fields["data"])})
        block = []
    conn.close()
    return changes


def test_stream_replays_from_last_event_id_and_follows_other_workers(live_server):
    server = live_server()
    status, body = server.request("POST", "/api/games", {"slug": "sheet", "players": ["A", "B"]})
    game_id, headers = body["id"], {"Authorization": f"Bearer {body['edit_secret']}"}
    for seq in range(3):  # the two workers share the writes between them
        status, _ = server.request("POST", f"/api/games/{game_id}/events",
                                   {"type": "note", "based_on": seq, "payload": {"text": f"n{seq}"}}, headers)
        assert status == 201
    changes = read_events(server, f"/api/games/{game_id}/stream", {"Last-Event-ID": "1"}, want=2)
    assert [c["id"] for c in changes] == [2, 3]
    assert changes[-1]["seq"] == 3 and "game" not in changes[-1] and changes[-1]["event"]["payload"]["text"] == "n2"
    for _ in range(4):  # whichever worker streams, it sees writes made through the other
        changes = read_events(server, f"/api/games/{game_id}/stream?after=3", want=0)
        assert changes == []
    status, _ = server.request("POST", f"/api/games/{game_id}/events",
                               {"type": "note", "based_on": 3, "payload": {"text": "late"}}, headers)
    changes = read_events(server, f"/api/games/{game_id}/stream?after=3", want=1)
    assert changes[0]["event"]["payload"]["text"] == "late"


def test_stream_of_unknown_game_is_404(client):
    assert client.get("/api/games/nope/stream").status_code == 404
