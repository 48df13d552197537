"""Schema migrations: each version's step, applied in order, so an upgrade never loses a saved game."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable

from sqlalchemy import (BigInteger, Boolean, Column, Connection, Engine, ForeignKey, Integer, MetaData, String, Table, Text,
                        inspect, select, text)

from companion.storage import schema


def _version_1(conn: Connection) -> None:
    """Games and their event logs (as first released)."""
    meta = MetaData()
    Table("schema_version", meta, Column("version", Integer, nullable=False))
    Table("games", meta,  # written out, not taken from schema.py: a step never changes once released
          Column("id", String(40), primary_key=True), Column("slug", String(64), nullable=False),
          Column("seed", BigInteger, nullable=False), Column("players", Text, nullable=False),
          Column("options", Text, nullable=False), Column("edit_hash", String(64), nullable=False),
          Column("created_at", String(32), nullable=False))
    Table("events", meta,
          Column("game_id", String(40), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
          Column("seq", Integer, primary_key=True, autoincrement=False),
          Column("type", String(64), nullable=False), Column("payload", Text, nullable=False),
          Column("target", Integer), Column("random", Boolean, nullable=False),
          Column("created_at", String(32), nullable=False))
    meta.create_all(conn)


def _version_2(conn: Connection) -> None:
    """Who made each change (events.author), and state snapshots so long games load fast."""
    conn.execute(text("ALTER TABLE events ADD COLUMN author VARCHAR(64)"))
    schema.snapshots.create(conn)


def _version_3(conn: Connection) -> None:
    """Dice nobody at the table can foresee: each game gets a secret draw key; the draws a game made before keep
    their seeds (its seed and the draw's number), listed as known, so its log replays the same; a game's seed
    is marked as chosen only from now on."""
    for column in ("seeded BOOLEAN NOT NULL DEFAULT FALSE", "draw_key VARCHAR(64)", "known_draws TEXT"):
        conn.execute(text(f"ALTER TABLE games ADD COLUMN {column}"))
    drawn: dict[str, int] = {game_id: int(count) for game_id, count in conn.execute(
        text("SELECT game_id, COUNT(*) FROM events WHERE events.random GROUP BY game_id")).all()}
    for game_id, seed in conn.execute(text("SELECT id, seed FROM games")).all():
        # a draw's number never exceeds the random events logged before it: these seeds cover every draw made
        known = [f"{seed}:{n}" for n in range(drawn.get(game_id, 0))]
        conn.execute(text("UPDATE games SET draw_key = :key, known_draws = :known WHERE id = :id"),
                     {"key": secrets.token_hex(32), "known": json.dumps(known), "id": game_id})


def _version_4(conn: Connection) -> None:
    """Plays remembered across games, the players the companion knows, the groups they play in, and playtest
    feedback: new tables, and a game's group and playtest mark, so every saved game stays as it was."""
    for column in ("group_id VARCHAR(40)", "playtest BOOLEAN NOT NULL DEFAULT FALSE"):
        conn.execute(text(f"ALTER TABLE games ADD COLUMN {column}"))
    for table in (schema.groups, schema.players, schema.plays, schema.play_seats, schema.feedback):
        table.create(conn)  # created as released in version 4; a later change to them is a step of its own


STEPS: dict[int, Callable[[Connection], None]] = {1: _version_1, 2: _version_2, 3: _version_3, 4: _version_4}
assert max(STEPS) == schema.VERSION


def current_version(conn: Connection) -> int:
    if not inspect(conn).has_table("schema_version"):
        return 0
    return conn.execute(select(schema.schema_version.c.version)).scalar() or 0


LOCK_KEY = 7_426_001  # PostgreSQL advisory lock held while a step runs


def migrate(engine: Engine, target: int = schema.VERSION) -> tuple[int, int]:
    """Brings the database up to `target`, one step per transaction; returns (from, to).

    Several server workers start at once and each migrates: every step runs under a lock (an advisory
    lock on PostgreSQL; SQLite's BEGIN IMMEDIATE already holds the write lock) and re-reads the version
    first, so each step runs exactly once."""
    with engine.begin() as conn:
        start = current_version(conn)
    if start > schema.VERSION:
        raise RuntimeError(f"the database is at schema version {start}, newer than this companion ({schema.VERSION}); "
                           "upgrade pnpkit")
    for version in range(start + 1, target + 1):
        with engine.begin() as conn:
            if engine.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
            if current_version(conn) >= version:
                continue  # another worker ran this step while we waited
            STEPS[version](conn)
            conn.execute(schema.schema_version.delete())
            conn.execute(schema.schema_version.insert().values(version=version))
    return start, max(start, target)
