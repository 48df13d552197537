"""Every database access of the companion: games, their append-only event logs, and snapshots."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any
from collections.abc import Iterator

from sqlalchemy import Connection, Engine, and_, bindparam, func, select, text
from sqlalchemy.exc import IntegrityError

from companion.storage.schema import events, games, snapshots


class StaleWrite(Exception):
    """Another write got there first: the event was based on a sequence number that is no longer the head."""


class DuplicateGame(Exception):
    """A game with that id already exists."""


@dataclass(frozen=True)
class GameRow:
    id: str
    slug: str
    seed: int | None                  # a seed chosen when the game was created (tests, the lab); None: drawn by key
    players: tuple[str, ...]
    options: dict[str, Any]
    edit_hash: str
    created_at: str
    draw_key: str = ""                # the secret the game's draws are derived from (table/draws.py); never shown
    known_draws: tuple[str, ...] = ()  # seeds of draws made elsewhere before an import (or before draw keys)
    group: str | None = None          # the group whose play the game becomes when it ends
    playtest: bool = False            # a playtest: its play keeps what the designer's lab compares


@dataclass(frozen=True)
class EventRow:
    seq: int
    type: str
    payload: dict[str, Any]
    target: int | None
    random: bool
    created_at: str
    author: str | None

    def as_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "type": self.type, "payload": self.payload, "target": self.target,
                "random": self.random, "created_at": self.created_at, "author": self.author}


def _game(row) -> GameRow:
    return GameRow(row.id, row.slug, int(row.seed) if row.seeded else None, tuple(json.loads(row.players)),
                   json.loads(row.options), row.edit_hash, row.created_at, row.draw_key or "",
                   tuple(json.loads(row.known_draws or "[]")), row.group_id, bool(row.playtest))


def _event(row) -> EventRow:
    return EventRow(row.seq, row.type, json.loads(row.payload), row.target, bool(row.random), row.created_at,
                    row.author)


# The statements of the write path, built once: constructing them anew costs more than running them.
_GAME = select(games).where(games.c.id == bindparam("id"))
_SUMMARY = (select(events.c.seq, events.c.type, events.c.target, events.c.random)
            .where(events.c.game_id == bindparam("id"), events.c.seq > bindparam("after")).order_by(events.c.seq))
_EVENTS = select(events).where(events.c.game_id == bindparam("id"), events.c.seq > bindparam("after")) \
    .order_by(events.c.seq)
_INSERT = events.insert()
CHANNEL = "companion_changes"  # PostgreSQL's NOTIFY channel for appended events; the payload is "<game id> <seq>"
_NOTIFY = text(f"SELECT pg_notify('{CHANNEL}', :payload)")


class Store:
    """SQL over one engine; writers use `transaction()` so a check and its insert are atomic."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"

    def transaction(self) -> Any:
        return self.engine.begin()

    def create_game(self, conn: Connection, game: GameRow) -> None:
        """Inserts the game; DuplicateGame if the id is taken (the transaction is then void)."""
        try:
            conn.execute(games.insert().values(
                id=game.id, slug=game.slug, seed=game.seed or 0, seeded=game.seed is not None,
                players=json.dumps(list(game.players)), options=json.dumps(game.options, sort_keys=True),
                edit_hash=game.edit_hash, created_at=game.created_at, draw_key=game.draw_key,
                known_draws=json.dumps(list(game.known_draws)), group_id=game.group, playtest=game.playtest))
        except IntegrityError:
            raise DuplicateGame(game.id) from None

    def game(self, conn: Connection, game_id: str, lock: bool = False) -> GameRow | None:
        """The game's row; `lock` holds it for this transaction, serialising writers per game (PostgreSQL;
        SQLite's BEGIN IMMEDIATE already serialises every writer)."""
        row = conn.execute(_GAME.with_for_update() if lock and self.postgres else _GAME, {"id": game_id}).first()
        return _game(row) if row else None

    def list_games(self, conn: Connection, limit: int = 200) -> list[tuple[GameRow, int]]:
        """The newest games with their head sequence numbers."""
        heads = select(events.c.game_id, func.max(events.c.seq).label("head")).group_by(events.c.game_id).subquery()
        query = (select(games, func.coalesce(heads.c.head, 0).label("head"))
                 .outerjoin(heads, heads.c.game_id == games.c.id)
                 .order_by(games.c.created_at.desc(), games.c.id).limit(limit))
        return [(_game(row), int(row.head)) for row in conn.execute(query)]

    def head(self, conn: Connection, game_id: str) -> int:
        return int(conn.execute(select(func.coalesce(func.max(events.c.seq), 0))
                                .where(events.c.game_id == game_id)).scalar_one())

    def summary(self, conn: Connection, game_id: str, after: int = 0) -> list[tuple[int, str, int | None, bool]]:
        """(seq, type, target, random) of the events after `after`: enough to tell which are in effect."""
        return [(r.seq, r.type, r.target, bool(r.random)) for r in conn.execute(_SUMMARY, {"id": game_id, "after": after})]

    def events(self, conn: Connection, game_id: str, after: int = 0, limit: int | None = None) -> list[EventRow]:
        query = _EVENTS if limit is None else _EVENTS.limit(limit)
        return [_event(row) for row in conn.execute(query, {"id": game_id, "after": after})]

    def iter_events(self, conn: Connection, game_id: str, after: int = 0, batch: int = 1000) -> Iterator[EventRow]:
        while True:
            chunk = self.events(conn, game_id, after, batch)
            yield from chunk
            if len(chunk) < batch:
                return
            after = chunk[-1].seq

    def append(self, conn: Connection, game_id: str, row: EventRow) -> None:
        """Inserts the event; StaleWrite if its seq is taken (a concurrent writer won: the transaction is void)."""
        try:
            conn.execute(_INSERT, {"game_id": game_id, "seq": row.seq, "type": row.type,
                                   "payload": json.dumps(row.payload, sort_keys=True), "target": row.target,
                                   "random": row.random, "created_at": row.created_at, "author": row.author})
        except IntegrityError:
            raise StaleWrite(row.seq) from None
        if self.postgres:  # delivered when the transaction commits: every server's live streams wake (table/changes.py)
            conn.execute(_NOTIFY, {"payload": f"{game_id} {row.seq}"})

    def append_many(self, conn: Connection, game_id: str, rows: list[EventRow]) -> None:
        """Inserts a whole log at once (an import, into a game created in the same transaction)."""
        if not rows:
            return
        conn.execute(_INSERT, [{"game_id": game_id, "seq": row.seq, "type": row.type,
                                "payload": json.dumps(row.payload, sort_keys=True), "target": row.target,
                                "random": row.random, "created_at": row.created_at, "author": row.author}
                               for row in rows])
        if self.postgres:
            conn.execute(_NOTIFY, {"payload": f"{game_id} {rows[-1].seq}"})

    def save_snapshot(self, conn: Connection, game_id: str, seq: int, fingerprint: str, rules_version: str,
                      state: bytes) -> None:
        conn.execute(snapshots.delete().where(snapshots.c.game_id == game_id, snapshots.c.seq == seq))
        conn.execute(snapshots.insert().values(game_id=game_id, seq=seq, fingerprint=fingerprint,
                                               rules_version=rules_version, state=state))

    def snapshots(self, conn: Connection, game_id: str, before: int) -> list[tuple[int, str, str, bytes]]:
        """(seq, fingerprint, rules_version, state) of the game's snapshots at or before `before`, newest first."""
        query = (select(snapshots).where(and_(snapshots.c.game_id == game_id, snapshots.c.seq <= before))
                 .order_by(snapshots.c.seq.desc()).limit(5))
        return [(r.seq, r.fingerprint, r.rules_version, bytes(r.state)) for r in conn.execute(query)]
