"""The tables as the current schema version defines them."""

from __future__ import annotations

from sqlalchemy import (BigInteger, Boolean, Column, Float, ForeignKey, Integer, LargeBinary, MetaData, String, Table,
                        Text)

VERSION = 4

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
    Column("group_id", String(40)),                 # added in version 4: the group whose play it becomes
    Column("playtest", Boolean, nullable=False, default=False),  # added in version 4: its play feeds the lab
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


# added in version 4: plays remembered across games, the players the companion knows and the groups they play in
groups = Table(
    "groups", metadata,
    Column("id", String(40), primary_key=True),
    Column("name", String(80), nullable=False),
    Column("secret_hash", String(64), nullable=False),  # sha256 of the group link's secret
    Column("created_at", String(32), nullable=False),
)

players = Table(
    "players", metadata,
    Column("id", String(40), primary_key=True),
    Column("group_id", String(40), ForeignKey("groups.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("name", String(80), nullable=False),
    Column("created_at", String(32), nullable=False),
)

plays = Table(
    "plays", metadata,
    Column("id", String(40), primary_key=True),
    Column("game_id", String(40), unique=True),      # the companion game it is of; NULL for an imported play
    Column("group_id", String(40), ForeignKey("groups.id", ondelete="CASCADE"), index=True),
    Column("slug", String(64), nullable=False, index=True),
    Column("title", String(200), nullable=False),
    Column("played_on", String(10), nullable=False),  # YYYY-MM-DD
    Column("started_at", String(32), nullable=False),
    Column("location", String(120), nullable=False),
    Column("options", Text, nullable=False),          # JSON object
    Column("expansions", Text, nullable=False),       # JSON list
    Column("cooperative", Boolean, nullable=False),
    Column("outcome", String(10), nullable=False),
    Column("stopped_early", Boolean, nullable=False),
    Column("end_text", String(200), nullable=False),
    Column("rounds", Integer),
    Column("minutes", Integer),
    Column("playtest", Boolean, nullable=False),
    Column("source", String(20), nullable=False),
    Column("notes", Text, nullable=False),
    Column("created_at", String(32), nullable=False),
    Column("updated_at", String(32), nullable=False),
)

play_seats = Table(
    "play_seats", metadata,
    Column("play_id", String(40), ForeignKey("plays.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("name", String(80), nullable=False),
    Column("player_id", String(40), ForeignKey("players.id", ondelete="SET NULL"), index=True),
    Column("score", Float),
    Column("place", Integer),
    Column("winner", Boolean, nullable=False),
    Column("bot", Boolean, nullable=False),
    Column("level", Integer),
    Column("colour", String(30), nullable=False),
    Column("new", Boolean, nullable=False),
    Column("categories", Text, nullable=False),       # JSON list of [category, points]
)

feedback = Table(
    "feedback", metadata,
    Column("play_id", String(40), ForeignKey("plays.id", ondelete="CASCADE"), primary_key=True),
    Column("n", Integer, primary_key=True, autoincrement=False),
    Column("fun", Integer),
    Column("length", String(12)),
    Column("clarity", Integer),
    Column("note", Text, nullable=False),
    Column("created_at", String(32), nullable=False),
)
