"""A game night of many tables on one server: open pages hold no thread, servers on one PostgreSQL see each
other's writes live, and a long game is fetched and pushed small."""

from __future__ import annotations

import http.client
import json
import socket

import pytest

from tests.live_server import LiveServer

LONG_STREAMS = {"COMPANION_STREAM_MAX_SECONDS": "120"}


class Page:
    """An open live page: one socket holding the game's event stream, read as server-sent events."""

    def __init__(self, server: LiveServer, game_id: str):
        self.sock = socket.create_connection(("127.0.0.1", server.port), timeout=20)
        self.sock.sendall(f"GET /api/games/{game_id}/stream HTTP/1.1\r\nHost: table\r\n\r\n".encode())
        self.buffer = b""

    def until(self, marker: bytes) -> bytes:
        while marker not in self.buffer:
            chunk = self.sock.recv(65536)
            assert chunk, f"the stream closed before {marker!r}: {self.buffer[-300:]!r}"
            self.buffer += chunk
        return self.buffer

    def close(self) -> None:
        self.sock.close()


def new_table(server: LiveServer) -> tuple[str, dict[str, str]]:
    status, body = server.request("POST", "/api/games", {"slug": "sheet", "players": ["Ann", "Bo", "Cy", "Di"]})
    assert status == 201, body
    return body["id"], {"Authorization": f"Bearer {body['edit_secret']}"}


def note(server: LiveServer, game_id: str, headers: dict, based_on: int, text: str) -> None:
    status, body = server.request("POST", f"/api/games/{game_id}/events",
                                  {"type": "note", "based_on": based_on, "payload": {"text": text}}, headers)
    assert status == 201, body


def test_two_hundred_open_pages_leave_every_other_request_answered(database_url, tmp_path, sheet_game):
    """Forty tables of four phones and a watch page each: 200 open streams on a server of two processes (the
    threaded server answered nothing else past 32); plain requests are still answered, and a write reaches
    its table's open pages."""
    server = LiveServer(database_url, tmp_path / "instance", workers=2, games=[sheet_game], env=LONG_STREAMS)
    server.start()
    pages: list[Page] = []
    try:
        tables = [new_table(server) for _ in range(40)]
        for game_id, _ in tables:
            for _ in range(5):
                pages.append(Page(server, game_id))
        for page in pages:
            page.until(b"event: beat")  # every stream is open and answered
        for game_id, _ in tables[:10]:
            status, game = server.request("GET", f"/api/games/{game_id}")
            assert status == 200 and game["seq"] == 0
        home = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
        home.request("GET", "/")
        assert home.getresponse().status == 200
        home.close()
        game_id, headers = tables[7]
        note(server, game_id, headers, 0, "the dragon wakes")
        for page in pages[35:40]:  # the five pages of table 7, whichever process holds them
            page.until(b"the dragon wakes")
    finally:
        for page in pages:
            page.close()
        server.stop()


def test_a_closed_page_frees_its_connection_within_seconds(tmp_path, sheet_game):
    """A server that holds at most 20 connections: 20 open pages fill it, so a plain request waits; once the
    pages close, the server notices at their next beat (2 s) and answers again."""
    server = LiveServer(f"sqlite:///{tmp_path / 'companion.sqlite3'}", tmp_path / "instance", workers=1,
                        games=[sheet_game], env=LONG_STREAMS, args=["--connections", "20"])
    server.start()
    try:
        game_id, _ = new_table(server)
        pages = [Page(server, game_id) for _ in range(20)]
        for page in pages:
            page.until(b"event: beat")
        waiting = socket.create_connection(("127.0.0.1", server.port), timeout=1.5)
        waiting.sendall(f"GET /api/games/{game_id} HTTP/1.1\r\nHost: table\r\n\r\n".encode())
        with pytest.raises(socket.timeout):
            waiting.recv(100)  # full: every connection is an open page
        waiting.close()
        for page in pages:
            page.close()
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=8)
        conn.request("GET", f"/api/games/{game_id}")
        assert conn.getresponse().status == 200
        conn.close()
    finally:
        server.stop()


def test_two_servers_on_one_postgresql_see_each_others_writes_live(postgres, tmp_path, sheet_game):
    """As behind a load balancer: a page open on one server follows writes made through another, woken by
    PostgreSQL's notification (no server polls)."""
    url = postgres.create_database("two_servers")
    first = LiveServer(url, tmp_path / "first", workers=1, games=[sheet_game], env=LONG_STREAMS)
    second = LiveServer(url, tmp_path / "second", workers=1, games=[sheet_game], env=LONG_STREAMS)
    first.start()
    second.start()
    try:
        game_id, headers = new_table(first)
        watching = Page(second, game_id)
        watching.until(b"event: beat")
        note(first, game_id, headers, 0, "written through the first")
        assert b'"seq": 1' in watching.until(b"written through the first")
        playing = Page(first, game_id)
        playing.until(b"event: beat")
        note(second, game_id, headers, 1, "and through the second")
        playing.until(b"and through the second")
        watching.close()
        playing.close()
    finally:
        first.stop()
        second.stop()


def test_a_game_of_ten_thousand_changes_is_fetched_and_pushed_small(client, new_game):
    """Notes, rolls and news grow with a game; a view carries the latest few (the history keeps them all), and a
    push carries one change and the new sequence number, never the game."""
    game_id, headers, _ = new_game("sheet", ("Ann", "Bo"))
    export = client.get(f"/api/games/{game_id}/export", headers=headers).json
    events = [{"seq": n, "type": "note", "payload": {"text": f"note number {n} of a long evening"},
               "target": None, "random": False, "created_at": "2026-11-24T20:00:00.000+00:00", "author": "Ann"}
              for n in range(1, 10_001)]
    doc = {**export, "game": {**export["game"], "id": "long-evening"}, "events": events}
    response = client.post("/api/games/import", json=doc)
    assert response.status_code == 201, response.json
    fetched = client.get("/api/games/long-evening")
    assert fetched.status_code == 200 and len(fetched.data) < 10_000, len(fetched.data)
    assert fetched.json["seq"] == 10_000 and fetched.json["state"]["notes"][-1] == "note number 10000 of a long evening"
    stream = client.get("/api/games/long-evening/stream?after=9999", buffered=False)
    push = next(chunk for chunk in stream.response if b"event: change" in chunk)
    stream.close()
    data = json.loads(push.decode().split("data: ", 1)[1])
    assert data["seq"] == 10_000 and "game" not in data and len(push) < 2_000


def test_links_and_qr_codes_use_the_public_address_not_the_host_header(app, client, new_game):
    app.config["PUBLIC_URL"] = "https://games.example.org"
    game_id, _, _ = new_game("sheet", ("Ann", "Bo"))
    page = client.get(f"/games/{game_id}", headers={"Host": "evil.example"}).get_data(as_text=True)
    assert f"https://games.example.org/games/{game_id}/watch" in page and "evil.example" not in page
