"""The score steps kept per game for the summary equal a fold from scratch after appends, undos and redos (on the
score sheet and on the five bundled games played by their legal moves), a repeated summary folds nothing and one
after an append folds that event alone, and the kept games stay bounded."""

from __future__ import annotations

import dataclasses
import http.client
import random
import re
import threading
import time

import pytest

from companion.table.errors import Invalid
from companion.table.progress import score_steps
from companion.table.views import Views, views_of
from tests.conftest import BUNDLED, ApiTable


def from_scratch(app, game_id):
    """The steps folded over the whole log, as the summary computed them on every request before they were kept."""
    companion = app.extensions["companion"]
    current = companion.sessions.current(game_id)
    return score_steps(current, companion.catalog.get(current.game.slug).game,
                       companion.sessions.events(game_id, 0, 100_000))


def kept(app, game_id):
    companion = app.extensions["companion"]
    current = companion.sessions.current(game_id)
    steps = views_of(app.extensions, companion.sessions).steps(current, companion.catalog.get(current.game.slug).game)
    return steps.unit, list(steps.steps)


def counting(app, slug):
    """The events the game's rules apply from now on (by number: the legal moves' trials, numbered 0, are left out)."""
    companion = app.extensions["companion"]
    entry = companion.catalog.entries[slug]
    original = entry.rules.apply
    folded: list[int] = []

    def apply(state, event):
        if event.seq > 0:
            folded.append(event.seq)
        return original(state, event)

    companion.catalog.entries[slug] = dataclasses.replace(entry, rules=dataclasses.replace(entry.rules, apply=apply))
    return folded


def summary(client, game_id) -> str:
    response = client.get(f"/games/{game_id}/summary")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_kept_steps_equal_a_fold_from_scratch_after_appends_undos_and_redos(app, client, new_game):
    game_id, headers, _ = new_game("sheet", ("Ann", "Bo"))
    table = ApiTable(client, game_id, headers)
    rng = random.Random(28)
    for turn in range(60):
        roll = rng.random()
        if roll < 0.15 and table.game()["can_undo"]:
            target = rng.choice(app.extensions["companion"].sessions.current(game_id).ledger.done)
            response = client.post(f"/api/games/{game_id}/undo", headers=headers,
                                   json={"based_on": table.seq, "target": target})
        elif roll < 0.3 and table.game()["can_redo"]:
            response = client.post(f"/api/games/{game_id}/redo", headers=headers, json={"based_on": table.seq})
        else:
            kind = "next_round" if turn % 9 == 8 else "add_points"
            payload = {} if kind == "next_round" else {"player": rng.randrange(2), "category": "Points",
                                                       "points": rng.randint(-3, 9)}
            response = client.post(f"/api/games/{game_id}/events", headers=headers,
                                   json={"type": kind, "based_on": table.seq, "payload": payload})
        if response.status_code == 201:
            table.seq = response.json["seq"]
        if turn % 3 == 0:
            assert kept(app, game_id) == from_scratch(app, game_id), turn
    assert kept(app, game_id) == from_scratch(app, game_id)
    page = summary(client, game_id)
    app.extensions.pop("companion.views")  # the page drawn from a fold from scratch is the same page
    assert summary(client, game_id) == page


def test_a_repeated_summary_folds_nothing_and_one_after_an_append_folds_that_event(app, client, new_game):
    folded = counting(app, "sheet")
    game_id, headers, _ = new_game("sheet", ("Ann", "Bo"))
    table = ApiTable(client, game_id, headers)
    for i in range(40):
        table.do("add_points", player=i % 2, category="Points", points=i)
    folded.clear()
    first = summary(client, game_id)
    assert folded == list(range(1, 41))  # the first summary in this process folds the game once
    folded.clear()
    assert summary(client, game_id) == first and folded == []
    table.do("add_points", player=0, category="Points", points=100)
    folded.clear()
    assert "<td>480</td>" in summary(client, game_id) and folded == [41]  # Ann: 0 + 2 + ... + 38, then 100
    table.undo()  # the last change: the state before it was kept
    folded.clear()
    summary(client, game_id)
    assert folded == []
    client.post(f"/api/games/{game_id}/redo", headers=headers, json={"based_on": table.seq})
    table.seq += 1
    folded.clear()
    summary(client, game_id)
    assert folded == [41]
    assert kept(app, game_id) == from_scratch(app, game_id)
    client.post(f"/api/games/{game_id}/undo", headers=headers, json={"based_on": table.seq, "target": 5})
    folded.clear()
    summary(client, game_id)  # an early change undone: the events after it are folded again, no more
    assert folded == [seq for seq in range(1, 42) if seq != 5]
    assert kept(app, game_id) == from_scratch(app, game_id)


def test_kept_games_are_bounded_least_recently_used_first(app, new_game):
    companion = app.extensions["companion"]
    folded = counting(app, "sheet")
    views = Views(companion.sessions, max_games=2, max_steps=1000)
    games = []
    for _ in range(3):
        current, secret = companion.sessions.create("sheet", ["Ann", "Bo"], {})
        for seq in range(5):
            companion.sessions.write(current.game.id, secret, seq, "add_points",
                                     {"player": 0, "category": "Points", "points": 1})
        games.append(current.game.id)
    data = companion.catalog.get("sheet").game

    def show(game_id):
        folded.clear()
        views.steps(companion.sessions.current(game_id), data)
        return len(folded)

    assert [show(g) for g in games] == [5, 5, 5]  # the third pushes out the first
    assert [show(games[2]), show(games[1]), show(games[0])] == [0, 0, 5]
    assert show(games[2]) == 5  # the second and the first were shown since: the third went
    small = Views(companion.sessions, max_games=10, max_steps=8)  # 6 steps a game: over 8 steps, one game stays
    for game_id in games:
        small.steps(companion.sessions.current(game_id), data)
    assert list(small._steps) == [games[2]]


def play_with_undos(app, slug, changes, seed):
    """A game of `slug` played by its legal moves through the sessions, with undos and redos among them; after each
    change the kept steps must equal a fold from scratch."""
    companion = app.extensions["companion"]
    players = ["Ann", "Bo", "Cy"][:max(2, companion.catalog.get(slug).game.players[0])]
    current, secret = companion.sessions.create(slug, players, {})
    game_id, rng = current.game.id, random.Random(seed)
    for _ in range(changes):
        current = companion.sessions.current(game_id)
        moves = [m for m in current.rules.legal(current.state) if m.group != "end"]
        roll = rng.random()
        try:
            if roll < 0.5 and current.ledger.redo:
                companion.sessions.write(game_id, secret, current.ledger.head, "redo", {})
            elif roll < 0.2 and current.ledger.done:
                companion.sessions.write(game_id, secret, current.ledger.head, "undo", {},
                                         target=rng.choice(current.ledger.done[-3:]))
            elif moves:
                move = rng.choice(moves)
                companion.sessions.write(game_id, secret, current.ledger.head, move.event, move.sample(rng))
        except Invalid:
            continue  # a move the rules refuse here (an undo another change depends on): the table tries another
        assert kept(app, game_id) == from_scratch(app, game_id)
    return game_id


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize("slug", BUNDLED)
def test_each_bundled_games_kept_summary_equals_one_from_scratch(app, client, slug):
    game_id = play_with_undos(app, slug, 60, seed=slug)
    rows = app.extensions["companion"].sessions.events(game_id, 0, 1000)
    assert len(rows) >= 40 and any(row.type == "undo" for row in rows)  # it was played, and changes were undone
    page = summary(client, game_id)
    app.extensions.pop("companion.views")
    assert summary(client, game_id) == page


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_long_game_charted_by_moves_shows_evenly_spaced_points_the_last_among_them(app, client, new_game):
    game_id, headers, _ = new_game("emigration", ("Ann", "Bo"))
    sessions = app.extensions["companion"].sessions
    for seq in range(300):
        sessions.write(game_id, headers["Authorization"].split()[1], seq, "note", {"text": f"note {seq}"})
    page = summary(client, game_id)
    points = re.search(r'<polyline data-player="0"[^>]* points="([^"]+)"', page).group(1).split()
    assert len(points) == 151 and "Each point is the score after every 2 moves and at the end" in page
    assert "Scores after 300 moves" in page
    rows = re.findall(r"<tr><td>(\w+)</td>", page)
    assert rows[:3] == ["Start", "2", "4"] and rows[-1] == "300" and len(rows) == 151


def test_a_long_games_first_summary_lets_the_workers_other_requests_through(make_app, database_url, tmp_path,
                                                                            sheet_game):
    """One gevent worker: while it folds a long game's summary for the first time, a request for the catalog is
    answered before the summary is (it used to wait for the whole fold)."""
    from tests.live_server import LiveServer

    writer = make_app({"DATABASE_URL": database_url, "SECRET_KEY": "test", "GAME_FOLDERS": [str(sheet_game)]})
    sessions = writer.extensions["companion"].sessions
    current, secret = sessions.create("unyielding_universe", ["Ann", "Bo"], {})
    for seq in range(5000):
        sessions.write(current.game.id, secret, seq, "note", {"text": f"note {seq}"})
    server = LiveServer(database_url, tmp_path / "instance", workers=1, games=[sheet_game])
    server.start()
    try:
        answered: list[str] = []

        def get(path: str) -> None:
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
            try:
                conn.request("GET", path)
                response = conn.getresponse()
                response.read()
            finally:
                conn.close()
            assert response.status == 200, path
            answered.append(path)

        summary = threading.Thread(target=get, args=(f"/games/{current.game.id}/summary",))
        summary.start()
        time.sleep(0.2)  # the worker is folding by now
        get("/api/catalog")
        summary.join(60)
        assert answered == ["/api/catalog", f"/games/{current.game.id}/summary"]
    finally:
        server.stop()
