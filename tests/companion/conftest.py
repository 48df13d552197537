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



@pytest.fixture
def play_through():
    """`play_through(client, game_id, key, seed, stop=False)` plays the game to its end through the app: each move a
    seeded choice among the legal moves the rules list now (half the time among the rules' primary moves, else
    companion.simulate.random_play's choice, which never stops a game early here), its choices filled as a player
    fills them, posted like a phone posts it. The app draws its own dice, so games differ from run to run. `stop` ends it
    with the first "end" move that is not the rules' own end instead. Returns the game as the API shows it."""
    import random as random_module

    from companion.simulate.random_play import pick

    def run(client, game_id: str, key: dict[str, str], seed: int = 0, stop: bool = False, limit: int = 3000):
        rng = random_module.Random(seed)
        sessions = client.application.extensions["companion"].sessions
        for _ in range(limit):
            current = sessions.current(game_id)
            if current.scores.get("finished"):
                return client.get(f"/api/games/{game_id}").json
            moves = current.rules.legal(current.state)
            stops = [m for m in moves if m.group == "end" and not m.primary]
            if stop and stops:
                move = stops[0]
            else:
                others = [m for m in moves if m not in stops] or moves
                primary = [m for m in others if m.primary]  # half the time the move the table most likely makes:
                move = pick(primary if primary and rng.random() < 0.5 else others, rng)  # games reach their end
            answer = client.post(f"/api/games/{game_id}/events", headers=key, json={
                "based_on": current.ledger.head, "type": move.event, "payload": move.sample(rng)})
            assert answer.status_code == 201, (move.label, answer.json)
        raise AssertionError(f"game {game_id} not over after {limit} moves")

    return run
