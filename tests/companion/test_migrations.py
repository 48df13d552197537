"""Upgrading the schema keeps every saved game; a newer database than the code is refused."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import text

from companion.storage import schema
from companion.storage.engine import make_engine
from companion.storage.migrations import current_version, migrate


@pytest.fixture
def new_engine(database_url):
    """`new_engine()` -> an engine on the test's database (as one worker would have); each is disposed after."""
    engines = []

    def make():
        engines.append(make_engine(database_url))
        return engines[-1]

    yield make
    for engine in engines:
        engine.dispose()


def test_version_1_database_upgrades_without_losing_games(new_engine):
    engine = new_engine()
    assert migrate(engine, target=1) == (0, 1)
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO games (id, slug, seed, players, options, edit_hash, created_at) VALUES "
                          "('g1', 'emigration', 7, :players, '{}', 'hash', '2026-01-01T00:00:00Z')"),
                     {"players": json.dumps(["Ann", "Bo"])})
        conn.execute(text("INSERT INTO events (game_id, seq, type, payload, target, random, created_at) VALUES "
                          "('g1', 1, 'note', '{\"text\": \"hi\"}', NULL, false, '2026-01-01T00:00:01Z')"))
    assert migrate(engine) == (1, schema.VERSION)
    with engine.connect() as conn:
        assert current_version(conn) == schema.VERSION
        row = conn.execute(text("SELECT type, payload, author FROM events WHERE game_id = 'g1'")).one()
        assert row.type == "note" and json.loads(row.payload) == {"text": "hi"} and row.author is None
        assert conn.execute(text("SELECT count(*) FROM snapshots")).scalar() == 0
    assert migrate(engine) == (schema.VERSION, schema.VERSION)  # nothing left to do


def test_a_newer_database_is_refused(new_engine):
    engine = new_engine()
    migrate(engine)
    with engine.begin() as conn:
        conn.execute(text(f"UPDATE schema_version SET version = {schema.VERSION + 1}"))
    with pytest.raises(RuntimeError, match="newer than this companion"):
        migrate(engine)


def test_workers_migrating_at_once_run_each_step_once(new_engine):
    import threading

    engines = [new_engine() for _ in range(4)]
    errors = []

    def run(engine):
        try:
            migrate(engine)
        except Exception as error:  # noqa: BLE001 - the test reports any failure
            errors.append(error)

    threads = [threading.Thread(target=run, args=(engine,)) for engine in engines]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with engines[0].connect() as conn:
        assert current_version(conn) == schema.VERSION
        assert conn.execute(text("SELECT count(*) FROM schema_version")).scalar() == 1


def test_version_3_keeps_the_draws_made_and_draws_on_from_a_secret(new_engine, make_app, database_url, sheet_game,
                                                                   monkeypatch):
    import random

    from companion.rules import dice

    engine = new_engine()
    migrate(engine, target=2)
    roll = {"dice": 6, "sides": 6}
    made = dice.settle(roll, random.Random("7:0"))  # how a version 2 server drew the game's first roll
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO games (id, slug, seed, players, options, edit_hash, created_at) VALUES "
                          "('g1', 'sheet', 7, :players, '{}', 'hash', '2026-01-01T00:00:00.000+00:00')"),
                     {"players": json.dumps(["Ann", "Bo"])})
        conn.execute(text("INSERT INTO events (game_id, seq, type, payload, target, random, created_at) VALUES "
                          "('g1', 1, 'roll', :payload, NULL, true, '2026-01-01T00:00:01.000+00:00')"),
                     {"payload": json.dumps(made)})
    monkeypatch.setattr("secrets.token_hex", lambda n=32: "ab" * n)  # the key the step gives, for a repeatable test
    assert migrate(engine) == (2, schema.VERSION)
    with engine.connect() as conn:
        row = conn.execute(text("SELECT seeded, draw_key, known_draws FROM games WHERE id = 'g1'")).one()
    assert not row.seeded and row.draw_key == "ab" * 32 and json.loads(row.known_draws) == ["7:0"]
    app = make_app({"DATABASE_URL": database_url, "SECRET_KEY": "x", "GAME_FOLDERS": [str(sheet_game)]})
    client = app.test_client()
    game = client.get("/api/games/g1").json
    assert game["state"]["rolls"] == [made["results"]] and game["seed"] is None
    with app.app_context():
        from companion import services
        from companion.table.draws import seed_for

        after = services().sessions.current("g1").game
    assert seed_for(after, 0) == "7:0" and seed_for(after, 1) != "7:1"  # the next draws come from the secret


def test_version_3_database_upgrades_to_plays_keeping_its_games(new_engine):
    """Version 4 adds plays, players, groups and feedback beside the games: a saved game keeps its row and log, and
    is of no group and no playtest."""
    from companion.storage.store import Store

    engine = new_engine()
    assert migrate(engine, target=3) == (0, 3)
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO games (id, slug, seed, players, options, edit_hash, created_at, seeded, "
                          "draw_key, known_draws) VALUES ('g3', 'emigration', 0, :players, '{}', 'hash', "
                          "'2026-01-01T00:00:00Z', false, 'key', '[]')"), {"players": json.dumps(["Ann", "Bo"])})
    assert migrate(engine) == (3, schema.VERSION)
    with engine.connect() as conn:
        game = Store(engine).game(conn, "g3")
        assert game is not None and game.players == ("Ann", "Bo") and game.group is None and not game.playtest
        for table in ("groups", "players", "plays", "play_seats", "feedback"):
            assert conn.execute(text(f"SELECT count(*) FROM {table}")).scalar() == 0
