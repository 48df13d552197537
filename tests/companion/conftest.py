"""Browser fixtures for the table pages: one Chromium and one companion server per test module, phones of 360 px."""

from __future__ import annotations

from typing import Any

import pytest

PHONE = {"width": 360, "height": 800}


@pytest.fixture(scope="module")
def server(tmp_path_factory, sheet_game):
    """`companion serve` on SQLite for the whole module, with the designer's `sheet` game."""
    from tests.live_server import LiveServer

    folder = tmp_path_factory.mktemp("browser")
    live = LiveServer(f"sqlite:///{folder / 'companion.sqlite3'}", folder / "instance", games=[sheet_game])
    live.start()
    live.base = f"http://127.0.0.1:{live.port}"
    yield live
    live.kill()  # a clean stop would wait for the pages' open event streams to time out


@pytest.fixture
def phone(browser):
    """`phone()` -> a new page in its own browser context (its own storage), 360 x 800; closed after the test."""
    contexts: list[Any] = []

    def open_page(**options):
        # the test harness evaluates its own scripts (wait_for_function, axe-core), which the app's CSP forbids;
        # test_a_page_works_under_its_content_security_policy checks the pages with the CSP in force
        context = browser.new_context(**{"viewport": PHONE, "bypass_csp": True, **options})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    yield open_page
    for context in contexts:
        context.close()

