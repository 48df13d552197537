"""The tables as the current schema version defines them."""

from __future__ import annotations

from sqlalchemy import (BigInteger, Boolean, Column, ForeignKey, Integer, LargeBinary, MetaData, String, Table,
                        Text)

VERSION = 3

metadata = MetaData()

schema_version = Table("schema_version", metadata, Column("version", Integer, nullable=False))

games = Table(
    "games", metadata,
    Column("id", String(40), primary_key=True),
    Column("slug", String(64), nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("players", Text, nullable=False),        # JSON list of names
    Column("options", Text, nullable=False),        # JSON object
    Column("edit_hash", String(64), nullable=False),  # sha256 of the edit secret
    Column("created_at", String(32), nullable=False),
    Column("seeded", Boolean, nullable=False, default=False),  # added in version 3: `seed` was chosen, not drawn
    Column("draw_key", String(64)),                 # added in version 3: the secret the game's draws come from
    Column("known_draws", Text),                    # added in version 3: JSON list of seeds of draws made before
)

events = Table(
    "events", metadata,
    Column("game_id", String(40), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),  # the key makes a stale write fail, never duplicate
    Column("type", String(64), nullable=False),
    Column("payload", Text, nullable=False),        # JSON, random outcomes included
    Column("target", Integer),                      # undo / redo: the seq they undo or redo
    Column("random", Boolean, nullable=False),
    Column("created_at", String(32), nullable=False),
    Column("author", String(64)),                   # added in version 2
)

snapshots = Table(                                  # added in version 2: a cache, never the source of truth
    "snapshots", metadata,
    Column("game_id", String(40), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("fingerprint", String(64), nullable=False),  # which events the state folds in
    Column("rules_version", String(32), nullable=False),
    Column("state", LargeBinary, nullable=False),
)
