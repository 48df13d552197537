"""Slow clients are dropped fast: a connection that never finishes its request head is closed within the header
timeout, a crowd of half-open connections past the cap leaves the server answering, and neither an open live
page nor a phone's connection between taps is cut by the header timeout."""

from __future__ import annotations

import http.client
import socket
import time

import pytest

from tests.live_server import LiveServer

PARTIAL_HEAD = b"GET /api/catalog HTTP/1.1\r\nHost: table\r\nAccept: application/json\r\n"  # no blank line: unfinished


def half_open(server: LiveServer) -> socket.socket:
    """A connection that sends part of a request head and never the rest."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    sock.sendall(PARTIAL_HEAD)
    return sock


def closed_after(sock: socket.socket, limit: float) -> float | None:
    """Seconds until the server closes the connection (reads end-of-file or a reset), or None if it is still open
    after `limit` seconds."""
    start = time.monotonic()
    sock.settimeout(limit)
    try:
        while sock.recv(4096):
            pass
    except TimeoutError:
        return None
    except ConnectionResetError:
        pass
    return time.monotonic() - start


def server_of(database_url: str, tmp_path, sheet_game, *args: str, env: dict | None = None) -> LiveServer:
    workers = 2 if database_url.startswith("postgres") else 1  # what `companion serve` chooses by itself
    server = LiveServer(database_url, tmp_path / "instance", workers=workers, games=[sheet_game], env=env,
                        args=["--quiet", *args])
    server.start()
    return server


def test_a_half_open_connection_is_closed_within_the_header_timeout(database_url, tmp_path, sheet_game):
    """The default header timeout is a few seconds (it was the 30 s keep-alive timeout: 4,000 half-open
    connections held a server for half a minute)."""
    server = server_of(database_url, tmp_path, sheet_game)
    try:
        sock = half_open(server)
        try:
            took = closed_after(sock, 12)
        finally:
            sock.close()
        assert took is not None, "a connection that never finished its head was still open after 12 s"
        assert took < 8, f"closed only after {took:.1f} s"
        assert server.request("GET", "/api/catalog")[0] == 200  # and the server goes on answering
    finally:
        server.stop()


def test_twice_the_cap_held_half_open_leaves_the_server_answering(database_url, tmp_path, sheet_game):
    """--connections 20 per process and 40 half-open connections per process: each probe is answered within
    a couple of seconds (the gevent pool used to fill, its accept loop stopped, and probes waited in the
    kernel's backlog until the half-open ones were dropped 30 s later)."""
    server = server_of(database_url, tmp_path, sheet_game, "--connections", "20")
    crowd: list[socket.socket] = []
    try:
        for _ in range(2 * 20 * server.workers):
            crowd.append(half_open(server))
        time.sleep(0.5)  # every one accepted or queued before the probes
        for attempt in range(5):
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
            start = time.monotonic()
            try:
                status, _ = server.request("GET", "/api/catalog", connection=conn)
            except TimeoutError:
                pytest.fail(f"probe {attempt + 1} was not answered within 10 s")
            finally:
                conn.close()
            took = time.monotonic() - start
            assert status == 200
            assert took < 2.5, f"probe {attempt + 1} answered after {took:.1f} s"
            crowd.append(half_open(server))  # the crowd keeps coming
    finally:
        for sock in crowd:
            sock.close()
        server.stop()


def test_an_open_live_page_and_a_phone_between_taps_outlive_the_header_timeout(database_url, tmp_path, sheet_game):
    """With a 1 s header timeout, a live stream open for 4 s still hears a change, and a keep-alive connection
    idle for 3 s still carries the next request: the timeout is for the head, not for what follows it."""
    server = server_of(database_url, tmp_path, sheet_game, "--header-timeout", "1",
                       env={"COMPANION_STREAM_MAX_SECONDS": "60"})
    try:
        status, game = server.request("POST", "/api/games", {"slug": "sheet", "players": ["Ann", "Bo"]})
        assert status == 201, game
        page = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        phone = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        try:
            page.sendall(f"GET /api/games/{game['id']}/stream HTTP/1.1\r\nHost: table\r\n\r\n".encode())
            assert server.request("GET", f"/api/games/{game['id']}", connection=phone)[0] == 200
            heard = b""
            until = time.monotonic() + 4
            while time.monotonic() < until:
                chunk = page.recv(65536)
                assert chunk, f"the live stream was closed after {4 - (until - time.monotonic()):.1f} s"
                heard += chunk
            assert heard.count(b"event: beat") >= 2
            headers = {"Authorization": f"Bearer {game['edit_secret']}"}
            status, body = server.request("POST", f"/api/games/{game['id']}/events",
                                          {"type": "note", "based_on": 0, "payload": {"text": "still here"}},
                                          headers, connection=phone)  # the same connection, idle since
            assert status == 201, body
            while b"still here" not in heard:
                chunk = page.recv(65536)
                assert chunk, "the live stream closed before the change arrived"
                heard += chunk
        finally:
            page.close()
            phone.close()
    finally:
        server.stop()


def test_a_request_finding_every_place_taken_gets_a_clear_503(tmp_path, sheet_game):
    """--connections 10 and ten open pages: a plain request waits for a place, then gets a 503 saying why, with
    Retry-After, instead of hanging in the kernel's backlog until a page closes."""
    server = server_of(f"sqlite:///{tmp_path / 'companion.sqlite3'}", tmp_path, sheet_game, "--connections", "10",
                       env={"COMPANION_STREAM_MAX_SECONDS": "60"})
    pages: list[socket.socket] = []
    try:
        status, game = server.request("POST", "/api/games", {"slug": "sheet", "players": ["Ann", "Bo"]})
        assert status == 201, game
        for _ in range(10):
            page = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            page.sendall(f"GET /api/games/{game['id']}/stream HTTP/1.1\r\nHost: table\r\n\r\n".encode())
            pages.append(page)
            heard = b""
            while b"event: beat" not in heard:
                chunk = page.recv(4096)
                assert chunk, "a live page was closed before its first beat"
                heard += chunk
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
        try:
            conn.request("GET", "/api/catalog")
            response = conn.getresponse()
            body = response.read()
        finally:
            conn.close()
        assert response.status == 503
        assert response.getheader("Retry-After") == "5"
        assert b"the server is busy: 10 requests in progress" in body
    finally:
        for page in pages:
            page.close()
        server.stop()
