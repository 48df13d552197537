"""Many phones, one game: racing writers lose nothing and duplicate nothing; a killed server keeps every
acknowledged event. Against a real multi-worker server, on SQLite and on PostgreSQL."""

from __future__ import annotations

import http.client
import threading
import time
from collections import Counter


def create(server) -> tuple[str, dict[str, str]]:
    status, body = server.request("POST", "/api/games", {"slug": "sheet", "players": ["A", "B"]})
    assert status == 201
    return body["id"], {"Authorization": f"Bearer {body['edit_secret']}"}


def writer(server, game_id, headers, name, attempts, acknowledged, refused, failures, stop=None, unknown=None):
    """Writes notes as fast as it can, each based on the last seq it saw (as a phone would).

    A dropped connection leaves the write's fate unknown; like a phone, the writer reconnects and goes
    on (retrying with the same based_on can never duplicate: it would be refused as stale)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    seq = 0
    for i in range(attempts):
        if stop is not None and stop.is_set():
            break
        tag = f"{name}-{i}"
        try:
            status, body = server.request("POST", f"/api/games/{game_id}/events",
                                          {"type": "note", "based_on": seq, "payload": {"text": tag}},
                                          headers, connection=connection)
        except (OSError, http.client.HTTPException):
            connection.close()
            if stop is not None:
                break  # the server was killed under us
            unknown.append(tag)
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            continue
        if status == 201:
            acknowledged.append(tag)
            seq = body["seq"]
        elif status == 409:
            refused.append(tag)
            seq = body["current"]["seq"]
        else:
            failures.append((status, body))
    connection.close()


def log_tags(server, game_id) -> list[str]:
    events, after = [], 0
    while True:
        status, chunk = server.request("GET", f"/api/games/{game_id}/events?after={after}&limit=5000")
        assert status == 200
        if not chunk:
            return [e["payload"]["text"] for e in events]
        events += chunk
        assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
        after = chunk[-1]["seq"]


def test_ten_clients_racing_500_writes_each(live_server):
    server = live_server()
    game_id, headers = create(server)
    acknowledged, refused, failures, unknown = [], [], [], []
    threads = [threading.Thread(target=writer, args=(server, game_id, headers, f"c{n}", 500, acknowledged, refused,
                                                     failures, None, unknown)) for n in range(10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == [], server.log.read_text()[-3000:]
    assert len(acknowledged) + len(refused) + len(unknown) == 5000
    assert len(unknown) < 50, f"{len(unknown)} dropped connections: {server.log.read_text()[-3000:]}"
    assert refused, "the clients never raced: the test would prove nothing"
    counts = Counter(log_tags(server, game_id))
    assert all(counts[tag] == 1 for tag in acknowledged), "an acknowledged event is missing or duplicated"
    assert set(counts) <= set(acknowledged) | set(unknown) and max(counts.values()) == 1
    assert not set(refused) & set(counts)


def test_sigkilled_server_keeps_every_acknowledged_event(live_server):
    server = live_server()
    game_id, headers = create(server)
    acknowledged, refused, failures = [], [], []
    stop = threading.Event()
    threads = [threading.Thread(target=writer, args=(server, game_id, headers, f"k{n}", 10**6, acknowledged,
                                                     refused, failures, stop)) for n in range(4)]
    for t in threads:
        t.start()
    time.sleep(1.5)
    server.kill()
    stop.set()
    for t in threads:
        t.join()
    assert failures == [] and len(acknowledged) > 20
    again = live_server()
    tags = log_tags(again, game_id)
    counts = Counter(tags)
    assert all(counts[tag] == 1 for tag in acknowledged), "an acknowledged event was lost or duplicated"
    assert all(n == 1 for n in counts.values())
    status, body = again.request("GET", f"/api/games/{game_id}")
    assert status == 200 and body["seq"] == len(tags)
