"""The table pages in a real browser (Debian's Chromium driven by Playwright): two phones on one game
see each other's moves live, the spectator view cannot edit, undo works from the page."""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture
def browser():
    playwright_api = pytest.importorskip("playwright.sync_api")
    if not shutil.which("chromium"):
        if os.environ.get("CI"):
            pytest.fail("Chromium is missing: `make test` installs Debian's chromium package")
        pytest.skip("Chromium not installed")
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu",
                                                                    "--disable-background-networking"])
        yield browser
        browser.close()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_two_phones_and_a_spectator_follow_one_game(browser, live_server, tmp_path):
    server = live_server()
    status, body = server.request("POST", "/api/games", {"slug": "sheet", "players": ["Ann", "Bo"]})
    base = f"http://127.0.0.1:{server.port}"
    phones = [browser.new_context(viewport={"width": 360, "height": 800}) for _ in range(2)]
    first, second = (context.new_page() for context in phones)
    first.goto(base + body["links"]["play"])
    second.goto(base + body["links"]["play"])
    watcher = browser.new_context().new_page()
    watcher.goto(base + body["links"]["watch"])
    for page in (first, second, watcher):
        page.wait_for_selector("#connection:text('Live')")
    assert watcher.locator("#event").count() == 0  # the spectator view has no controls

    first.select_option("#event-type", "add_points")
    first.select_option("#field-player", "1")
    first.select_option("#field-category", '"Points"')
    first.fill("#field-points", "7")
    first.click("text=Record")
    for page in (first, second, watcher):  # within a second on every open page
        page.wait_for_function("document.querySelector('#scores').innerText.includes('Bo\\t7')", timeout=3000)
    first.screenshot(path=str(tmp_path / "phone.png"))

    second.click("#undo")
    for page in (first, watcher):
        page.wait_for_function("document.querySelector('#scores').innerText.includes('Bo\\t0')", timeout=3000)
    second.wait_for_function("document.querySelector('#history').innerText.includes('undo #1')", timeout=3000)
    for context in phones:
        context.close()
