"""Phones on one game in a real browser: changes appear live on the others, a stale change is kept and can
be sent again, the spectator view cannot edit, undo works from the history page, a lost connection says so."""

from __future__ import annotations

import time

from tests.companion.phone import click_and_wait, shown_scores

SHOWS_BO_7 = "[...document.querySelectorAll('#scores tbody tr')].some(r => r.innerText.includes('Bo') && r.querySelector('td.total').innerText.trim() === '{}')"


def new_sheet(server, players=("Ann", "Bo")):
    status, body = server.request("POST", "/api/games", {"slug": "sheet", "players": list(players)})
    assert status == 201, body
    return body


def add_points(page, player, points, category='"Points"'):
    """The player's "Points for ..." move: its category (when the sheet has several), the points, Add the points."""
    form = page.locator("#panel form.move[data-event='add_points']").nth(player)
    if form.locator("select").count():
        form.locator("select").select_option(category)
    form.locator("input[type=number]").fill(str(points))
    form.get_by_role("button", name="Add the points").click()


def test_two_phones_and_a_spectator_follow_one_game_live(server, phone):
    body = new_sheet(server)
    first, second, watcher = phone(), phone(), phone()
    first.goto(server.base + body["links"]["play"])
    second.goto(server.base + body["links"]["play"])
    watcher.goto(server.base + body["links"]["watch"])
    for page in (first, second, watcher):
        page.wait_for_selector("#connection:text('Live')")
    add_points(first, 1, 7)
    started = time.monotonic()
    for page in (second, watcher):  # no reload: the stream brings the change
        page.wait_for_function(SHOWS_BO_7.format(7), timeout=3000)
    assert time.monotonic() - started < 3
    add_points(second, 0, 2)
    first.wait_for_function("document.querySelector('#scores').innerText.includes('Ann\\t2')", timeout=3000)
    assert shown_scores(first) == shown_scores(second) == shown_scores(watcher) == [("Ann", "2"), ("Bo", "7")]


def test_the_spectator_view_has_no_controls_and_the_api_refuses_it(server, phone):
    body = new_sheet(server)
    watcher = phone()
    watcher.goto(server.base + body["links"]["watch"])
    watcher.wait_for_selector("#connection:text('Live')")
    assert watcher.locator("button, input, select, textarea, form").count() == 0
    status, answer = server.request("POST", f"/api/games/{body['id']}/events",
                                    {"based_on": 0, "type": "next_round", "payload": {}})
    assert status == 401 and "edit secret" in answer["error"]
    # a phone that opens the play page without the secret (no #key=) cannot change the game either
    stranger = phone()
    stranger.goto(server.base + f"/games/{body['id']}")
    stranger.wait_for_selector("#nokey", state="visible")
    assert stranger.get_by_role("button", name="Add the points").first.is_disabled()


def test_a_stale_tap_that_is_still_the_same_legal_move_goes_through(server, phone):
    """A phone that missed another's change taps a move made on the old game: the server refuses it as stale, and
    the phone sends it again against the game as it is now because the same move is still legal and means the
    same (three points for Bo are three points for Bo after Ann scored): nothing to ask."""
    body = new_sheet(server)
    first, second = phone(), phone()
    first.goto(server.base + body["links"]["play"])
    second.route("**/api/games/*/stream*", lambda route: route.abort())  # this phone misses the live news
    second.goto(server.base + body["links"]["play"])
    first.wait_for_selector("#connection:text('Live')")
    add_points(first, 0, 5)
    first.wait_for_function("document.querySelector('#panel').dataset.seq === '1'")
    add_points(second, 1, 3)  # made on #0
    second.wait_for_function("document.querySelector('#panel').dataset.seq === '2'")
    assert second.locator("#conflict").is_hidden()
    assert shown_scores(second) == [("Ann", "5"), ("Bo", "3")]
    status, game = server.request("GET", f"/api/games/{body['id']}")
    assert status == 200, game
    assert [p["total"] for p in game["scores"]["players"]] == [5, 3]


def test_a_stale_tap_whose_move_changed_meaning_asks_first(server, phone):
    """Two phones tap "End round 1" at once: the second tap, made on the old game, would end round 2 now. It is
    not sent; the phone says the game moved on, shows what changed, and offers send anyway or drop."""
    body = new_sheet(server)
    first, second = phone(), phone()
    first.goto(server.base + body["links"]["play"])
    second.route("**/api/games/*/stream*", lambda route: route.abort())
    second.goto(server.base + body["links"]["play"])
    first.wait_for_selector("#connection:text('Live')")
    click_and_wait(first, first.get_by_role("button", name="End round 1"))
    second.get_by_role("button", name="End round 1").click()
    second.wait_for_selector("#conflict", state="visible")
    assert "The game moved on" in second.inner_text("#conflict-text")
    assert "End round 1" in second.inner_text("#conflict-text")
    assert "The round ends." in second.inner_text("#conflict-changes")  # what changed meanwhile
    second.get_by_role("button", name="Drop my change").click()
    assert second.locator("#conflict").is_hidden()
    status, game = server.request("GET", f"/api/games/{body['id']}")
    assert status == 200 and game["seq"] == 1 and game["state"]["round"] == 2  # the round ended once


def test_typing_survives_a_change_from_another_phone(server, phone):
    body = new_sheet(server)
    first, second = phone(), phone()
    for page in (first, second):
        page.goto(server.base + body["links"]["play"])
        page.wait_for_selector("#connection:text('Live')")
    second.locator("#panel form.move[data-event='add_points']").nth(1).locator("input[type=number]").fill("42")
    add_points(first, 0, 1)
    second.wait_for_function("document.querySelector('#panel').dataset.seq === '1'")
    assert second.locator("#panel form.move[data-event='add_points']").nth(1).locator("input[type=number]").input_value() == "42"


def test_undo_and_redo_from_the_history_page(server, phone):
    body = new_sheet(server)
    player, other = phone(), phone()
    player.goto(server.base + body["links"]["play"])
    other.goto(server.base + body["links"]["play"])
    other.wait_for_selector("#connection:text('Live')")
    player.select_option("#me", "Ann")  # who this phone is: carried over to the history page's undo
    add_points(player, 1, 7)
    player.wait_for_function("document.querySelector('#panel').dataset.seq === '1'")
    player.get_by_role("link", name="History, undo and redo").click()
    player.wait_for_selector("#connection:text('Live')")
    assert "Bo scores 7 points (Points)." in player.inner_text("#log")
    player.get_by_role("button", name="Undo the last change").click()
    player.wait_for_function("document.querySelector('#log').innerText.includes('Undid: Bo scores 7 points')")
    assert "undone" in player.inner_text("#log")
    assert player.locator("#log li").first.locator(".who").inner_text().startswith("Ann,")
    other.wait_for_function(SHOWS_BO_7.format(0), timeout=3000)  # the other phone follows live
    player.get_by_role("button", name="Redo").click()
    player.wait_for_function("document.querySelector('#log').innerText.includes('Redid: Bo scores 7 points')")
    other.wait_for_function(SHOWS_BO_7.format(7), timeout=3000)


def test_a_lost_connection_retries_and_says_so(tmp_path, sheet_game, phone):
    from tests.live_server import LiveServer

    server = LiveServer(f"sqlite:///{tmp_path / 'c.sqlite3'}", tmp_path / "instance", games=[sheet_game])
    server.start()
    try:
        body = new_sheet(server)
        page = phone()
        page.goto(f"http://127.0.0.1:{server.port}" + body["links"]["play"])
        page.wait_for_selector("#connection:text('Live')")
        server.kill()
        page.wait_for_selector("#connection:text('Offline: no connection to the server')", timeout=10_000)
        server.start()
        page.wait_for_selector("#connection:text('Live')", timeout=15_000)
        server.request("POST", f"/api/games/{body['id']}/events", {"based_on": 0, "type": "add_points", "payload": {
            "player": 0, "category": "Points", "points": 4}}, headers={"Authorization": f"Bearer {body['edit_secret']}"})
        page.wait_for_function("document.querySelector('#scores').innerText.includes('Ann\\t4')", timeout=5000)
    finally:
        server.stop()


def test_joining_by_pasting_the_play_link_keeps_the_edit_secret(server, phone):
    body = new_sheet(server)
    page = phone()
    page.goto(server.base + "/")
    page.fill("#code", server.base + body["links"]["play"])
    page.get_by_role("button", name="Open the game").click()
    page.wait_for_selector("#connection:text('Live')")
    assert page.locator("#nokey").is_hidden() and page.get_by_role("button", name="Add the points").first.is_enabled()
    add_points(page, 0, 3)
    page.wait_for_function("document.querySelector('#scores').innerText.includes('Ann\\t3')")
    watcher = phone()  # the code alone opens the game without the secret
    watcher.goto(server.base + "/")
    watcher.fill("#code", body["id"])
    watcher.get_by_role("button", name="Open the game").click()
    watcher.wait_for_selector("#nokey", state="visible")
    assert "Ann\t3" in watcher.inner_text("#scores")


def test_a_phone_that_goes_offline_says_so_and_sends_its_taps_when_back(server, phone):
    """The stream of a phone set offline stays open without an error; the server's beat stops, so within 5 s the
    page says it is offline. A tap made meanwhile is kept and sent on reconnect, against the game as it is then
    (another phone changed it in between), and nothing is lost."""
    import time

    body = new_sheet(server)
    page, other = phone(), phone()
    page.goto(server.base + body["links"]["play"])
    other.goto(server.base + body["links"]["play"])
    page.wait_for_selector("#connection:text('Live')")
    page.context.set_offline(True)
    went = time.monotonic()
    page.wait_for_selector("#connection.lost", timeout=8_000)
    assert time.monotonic() - went < 6.5 and "Offline" in page.inner_text("#connection")
    add_points(page, 1, 3)                                      # tapped while offline: kept
    page.wait_for_selector("#connection:text('1 change waiting to be sent')")
    add_points(other, 0, 5)                                     # meanwhile another phone changes the game
    other.wait_for_function("document.querySelector('#panel').dataset.seq === '1'")
    page.context.set_offline(False)
    page.wait_for_selector("#connection:text('Live')", timeout=10_000)
    page.wait_for_function("document.querySelector('#panel').dataset.seq === '2'", timeout=10_000)
    status, game = server.request("GET", f"/api/games/{body['id']}")
    assert status == 200, game
    assert [p["total"] for p in game["scores"]["players"]] == [5, 3]  # both changes, none lost


def test_an_offline_tap_that_no_longer_means_the_same_is_not_replayed(server, phone):
    """A tap queued offline is replayed only while the same move is still legal: "End round 1" tapped offline,
    while another phone ended round 1, is held and asked about instead of ending round 2."""
    body = new_sheet(server)
    page, other = phone(), phone()
    page.goto(server.base + body["links"]["play"])
    other.goto(server.base + body["links"]["play"])
    page.wait_for_selector("#connection:text('Live')")
    page.context.set_offline(True)
    page.wait_for_selector("#connection.lost", timeout=8_000)
    page.get_by_role("button", name="End round 1").click()       # tapped while offline: kept
    page.wait_for_selector("#connection:text('1 change waiting to be sent')")
    other.wait_for_selector("#connection:text('Live')")
    click_and_wait(other, other.get_by_role("button", name="End round 1"))
    page.context.set_offline(False)
    page.wait_for_selector("#conflict", state="visible", timeout=10_000)
    assert "The game moved on" in page.inner_text("#conflict-text")
    status, game = server.request("GET", f"/api/games/{body['id']}")
    assert status == 200 and game["seq"] == 1 and game["state"]["round"] == 2


def test_a_page_works_under_its_content_security_policy(server, phone):
    """With the CSP in force (no inline script, no eval), the play page goes live and records a tap, and the
    browser reports no violation."""
    body = new_sheet(server)
    page = phone(bypass_csp=False)
    violations = []
    page.on("console", lambda message: violations.append(message.text)
            if "Content Security Policy" in message.text else None)
    page.goto(server.base + body["links"]["play"])
    page.wait_for_selector("#connection:text('Live')")
    add_points(page, 0, 4)
    page.wait_for_selector(".scorestrip:has-text('Ann 4')")
    page.get_by_role("link", name="History, undo and redo").click()
    page.wait_for_selector("#log li:has-text('Ann scores 4 points')")
    assert violations == []
