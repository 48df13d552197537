"""Links for other phones never come from the request's Host header: PUBLIC_URL, else the address the server is
served on, else relative links the page completes itself (its QR codes drawn in the browser); live pages and the
API's answers are not kept by caches; the served address of a host and port."""

from __future__ import annotations

import http.client
import ipaddress
import re
import socket

import pytest

from companion.config import SettingError
from companion.web import addresses
from companion.web.addresses import served_url
from companion.web.qrcode import qr_svg
from tests.live_server import LiveServer

EVIL = {"Host": "evil.example"}
PUBLIC = "https://games.example.org"
LAN = "http://192.168.1.20:5000"


@pytest.fixture(autouse=True)
def _no_address_from_the_shell(monkeypatch):
    """Each test sets the addresses it means (`companion serve`, run in-process by another test, sets one)."""
    for variable in ("PUBLIC_URL", "COMPANION_SERVED_URL"):
        monkeypatch.delenv(variable, raising=False)


def make(make_app, database_url, sheet_game, **config):
    return make_app({"DATABASE_URL": database_url, "SECRET_KEY": "test", "GAME_FOLDERS": [str(sheet_game)], **config})


def new_sheet(client, **headers) -> tuple[str, dict]:
    response = client.post("/api/games", json={"slug": "sheet", "players": ["Ann", "Bo"]}, headers=headers)
    assert response.status_code == 201, response.json
    return response.json["id"], response.json


def watch_qr(link: str) -> str:
    return str(qr_svg(link, "QR code of the watch link"))


# ---- links and QR codes -------------------------------------------------------------------------------------


def test_without_an_address_links_are_relative_and_the_same_for_any_host(client):
    game_id, created = new_sheet(client, **EVIL)
    assert "evil.example" not in str(created["links"]) and created["links"]["watch"] == f"/games/{game_id}/watch"
    pages = [client.get(f"/games/{game_id}", headers={"Host": host}).get_data(as_text=True)
             for host in ("evil.example", "localhost", "other.example:8080")]
    assert pages[0] == pages[1] == pages[2]  # nothing on the page depends on the Host a request claims
    page = pages[0]
    assert f'data-play="/games/{game_id}"' in page
    assert f'id="watch-link" href="/games/{game_id}/watch">/games/{game_id}/watch</a>' in page
    assert '<figure id="watch-qr-box" hidden>' in page and "<svg" not in page.split('id="watch-qr"')[1][:20]
    assert "use the address this page was opened" in page and 'id="only-here"' not in page
    for path in ("/api/games", f"/api/games/{game_id}", f"/api/games/{game_id}/events"):
        assert "evil.example" not in client.get(path, headers=EVIL).get_data(as_text=True), path
    joined = client.get("/join", query_string={"code": game_id}, headers=EVIL)
    assert joined.status_code == 302 and joined.headers["Location"] == f"/games/{game_id}"


def test_public_url_writes_every_link_and_qr_code_whatever_the_host(make_app, database_url, sheet_game):
    client = make(make_app, database_url, sheet_game, PUBLIC_URL=PUBLIC + "/", SERVED_URL=LAN).test_client()
    game_id, _ = new_sheet(client)
    page = client.get(f"/games/{game_id}", headers=EVIL).get_data(as_text=True)
    assert "evil.example" not in page and "192.168.1.20" not in page
    assert watch_qr(f"{PUBLIC}/games/{game_id}/watch") in page
    assert f'data-play="{PUBLIC}/games/{game_id}"' in page and f'href="{PUBLIC}/games/{game_id}/watch"' in page
    assert f"public address,\n    <strong>{PUBLIC}</strong> (PUBLIC_URL)" in page


def test_the_served_address_writes_the_links_and_qr_code_without_public_url(make_app, database_url, sheet_game):
    client = make(make_app, database_url, sheet_game, SERVED_URL=LAN).test_client()
    game_id, _ = new_sheet(client)
    page = client.get(f"/games/{game_id}", headers=EVIL).get_data(as_text=True)
    assert "evil.example" not in page and watch_qr(f"{LAN}/games/{game_id}/watch") in page
    assert f'data-play="{LAN}/games/{game_id}"' in page and '<figure id="watch-qr-box">' in page
    assert f"companion serves on, <strong>{LAN}</strong>" in page and 'id="only-here"' not in page


@pytest.mark.parametrize("served", ["http://127.0.0.1:5000", "http://[::1]:5000", "http://localhost:5000"])
def test_a_server_only_this_computer_reaches_says_how_to_let_phones_in(make_app, database_url, sheet_game, served):
    client = make(make_app, database_url, sheet_game, SERVED_URL=served).test_client()
    game_id, _ = new_sheet(client)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'id="only-here"' in page and "Other phones cannot open this address" in page
    assert "<code>companion serve --host 0.0.0.0</code>" in page and watch_qr(f"{served}/games/{game_id}/watch") in page


def test_the_served_address_comes_from_the_environment_and_a_bad_address_is_named(make_app, database_url,
                                                                                 sheet_game, monkeypatch):
    monkeypatch.setenv("COMPANION_SERVED_URL", LAN + "/")
    assert make(make_app, database_url, sheet_game).config["SERVED_URL"] == LAN
    monkeypatch.setenv("COMPANION_SERVED_URL", "192.168.1.20:5000")
    with pytest.raises(SettingError, match=r"COMPANION_SERVED_URL must be an address such as .* found '192.168"):
        make(make_app, database_url, sheet_game)
    monkeypatch.delenv("COMPANION_SERVED_URL")
    monkeypatch.setenv("PUBLIC_URL", "games.example.org")
    with pytest.raises(SettingError, match="PUBLIC_URL must be an address"):
        make(make_app, database_url, sheet_game)


def test_the_qr_route_labels_the_watch_link_and_names_a_wrong_link_kind(client):
    watch = client.post("/qr?link=watch", data="http://192.168.1.20:5000/games/abc/watch")
    assert watch.status_code == 200 and watch.get_data(as_text=True) == watch_qr("http://192.168.1.20:5000/games/abc/watch")
    wrong = client.post("/qr?link=edit", data="http://192.168.1.20:5000/games/abc")
    assert wrong.status_code == 400 and "link must be play or watch" in wrong.json["error"]


# ---- caching ------------------------------------------------------------------------------------------------


def test_live_pages_and_game_answers_are_not_kept_by_caches_but_static_files_are(app, client):
    game_id, _ = new_sheet(client)
    for path in (f"/games/{game_id}", f"/games/{game_id}/watch", f"/games/{game_id}/panel", f"/games/{game_id}/history",
                 f"/games/{game_id}/summary", "/", "/games/nosuchgame"):
        response = client.get(path, headers=EVIL)
        assert response.headers.get("Cache-Control") == "no-cache", path
        assert "Host" not in response.vary, path  # no page reads the Host header
    created = client.post("/api/games", json={"slug": "sheet", "players": ["Ann", "Bo"]})
    assert created.headers["Cache-Control"] == "no-store" and "edit_secret" in created.json
    for path in (f"/api/games/{game_id}", f"/api/games/{game_id}/events", "/api/games", "/api/games/nosuchgame"):
        response = client.get(path)
        assert response.headers.get("Cache-Control") == "no-store", path
        assert "Authorization" in response.vary, path  # the edit secret decides what the API answers
    stream = client.get(f"/api/games/{game_id}/stream", buffered=False)
    assert stream.headers["Cache-Control"] == "no-cache" and "Last-Event-ID" in stream.vary
    stream.close()
    app.config["SEND_FILE_MAX_AGE_DEFAULT"] = 3600
    with client.get("/static/game.js") as script:
        assert script.status_code == 200 and script.headers["Cache-Control"] == "public, max-age=3600"


# ---- the served address of a host and port --------------------------------------------------------------------


def test_a_specific_address_is_served_as_it_is_ipv6_in_brackets():
    assert served_url("127.0.0.1", 5000) == "http://127.0.0.1:5000"
    assert served_url("::1", 8080) == "http://[::1]:8080"
    assert served_url("[::1]", 8080) == "http://[::1]:8080"
    assert served_url("192.168.1.20", 5000) == LAN
    for port in (0, 65536, True):
        with pytest.raises(ValueError, match="port must be a whole number from 1 to 65535"):
            served_url("127.0.0.1", port)


@pytest.mark.parametrize("host", ["0.0.0.0", "::", ""])
def test_every_interface_is_served_as_this_machines_own_address(host):
    url = served_url(host, 5000)
    assert url.startswith("http://") and url.endswith(":5000")
    address = ipaddress.ip_address(url[len("http://"):-len(":5000")].strip("[]"))
    assert not address.is_unspecified
    with socket.socket(socket.AF_INET6 if address.version == 6 else socket.AF_INET) as probe:
        probe.bind((str(address), 0))  # only an address of this machine can be bound


def test_without_a_route_the_hostnames_address_then_loopback_is_served(monkeypatch):
    def no_route(self, address):
        raise OSError("Network is unreachable")

    monkeypatch.setattr(socket.socket, "connect", no_route)
    monkeypatch.setattr(socket, "gethostbyname", lambda name: "10.1.2.3")
    assert served_url("0.0.0.0", 5000) == "http://10.1.2.3:5000"
    monkeypatch.setattr(socket, "gethostbyname", lambda name: "127.0.1.1")  # Debian's usual /etc/hosts line
    assert addresses.lan_address() == "127.0.0.1"


# ---- a real server and a real browser -------------------------------------------------------------------------


def start(database_url, tmp_path, sheet_game, served: str) -> LiveServer:
    server = LiveServer(database_url, tmp_path / "instance", workers=1, games=[sheet_game],
                        env={"COMPANION_SERVED_URL": served})  # "" = no served address (as with `flask run`)
    server.start()
    return server


def test_a_real_server_writes_no_link_from_a_spoofed_host(database_url, tmp_path, sheet_game):
    server = start(database_url, tmp_path, sheet_game, LAN)
    try:
        status, body = server.request("POST", "/api/games", {"slug": "sheet", "players": ["Ann", "Bo"]}, EVIL)
        assert status == 201, body
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        conn.request("GET", f"/games/{body['id']}", headers=EVIL)
        response = conn.getresponse()
        page = response.read().decode()
        conn.close()
        assert response.status == 200 and response.getheader("Cache-Control") == "no-cache"
        assert "evil.example" not in page and watch_qr(f"{LAN}/games/{body['id']}/watch") in page
    finally:
        server.stop()


def test_the_page_draws_the_watch_qr_code_when_no_address_is_configured(database_url, tmp_path, sheet_game, browser):
    server = start(database_url, tmp_path, sheet_game, "")
    context = browser.new_context(viewport={"width": 360, "height": 800})
    try:
        status, body = server.request("POST", "/api/games", {"slug": "sheet", "players": ["Ann", "Bo"]})
        assert status == 201, body
        base = f"http://127.0.0.1:{server.port}"
        page = context.new_page()
        page.goto(base + body["links"]["play"])
        page.wait_for_selector("#watch-qr-box svg", state="visible", timeout=10_000)
        page.wait_for_selector("#play-qr-box svg", state="visible", timeout=10_000)
        assert page.text_content("#watch-qr-box title") == "QR code of the watch link"
        assert page.inner_text("#watch-link") == f"{base}/games/{body['id']}/watch"
        assert page.get_attribute("#play-link", "href") == f"{base}/games/{body['id']}#key={body['edit_secret']}"
        drawn = page.eval_on_selector_all("#watch-qr path", "paths => paths.map(p => p.getAttribute('d'))")
        assert drawn == re.findall(r' d="([^"]+)"', watch_qr(f"{base}/games/{body['id']}/watch"))  # the link's modules
    finally:
        context.close()
        server.stop()


def test_the_play_link_uses_the_served_address_not_the_one_the_page_was_opened_with(database_url, tmp_path,
                                                                                    sheet_game, browser):
    server = start(database_url, tmp_path, sheet_game, LAN)
    context = browser.new_context(viewport={"width": 360, "height": 800})
    try:
        status, body = server.request("POST", "/api/games", {"slug": "sheet", "players": ["Ann", "Bo"]})
        assert status == 201, body
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{server.port}" + body["links"]["play"])
        page.wait_for_selector("#play-qr-box svg", state="visible", timeout=10_000)
        assert page.get_attribute("#play-link", "href") == f"{LAN}/games/{body['id']}#key={body['edit_secret']}"
        assert page.inner_text("#watch-link") == f"{LAN}/games/{body['id']}/watch"
    finally:
        context.close()
        server.stop()


@pytest.mark.parametrize("host", ["0.0.0.0", "127.0.0.1"])
def test_companion_serve_writes_the_links_with_the_address_it_listens_on(database_url, tmp_path, sheet_game, host,
                                                                         monkeypatch):
    monkeypatch.delenv("COMPANION_SERVED_URL", raising=False)  # serve sets it from --host and --port
    server = LiveServer(database_url, tmp_path / "instance", workers=1, games=[sheet_game], args=["--host", host])
    server.start()
    try:
        status, body = server.request("POST", "/api/games", {"slug": "sheet", "players": ["Ann", "Bo"]})
        assert status == 201, body
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        conn.request("GET", f"/games/{body['id']}", headers=EVIL)
        page = conn.getresponse().read().decode()
        conn.close()
        served = served_url(host, server.port)
        assert not served.startswith("http://0.0.0.0") and watch_qr(f"{served}/games/{body['id']}/watch") in page
        assert ('id="only-here"' in page) == (host == "127.0.0.1")
    finally:
        server.stop()
