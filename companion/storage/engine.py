"""Creates the database engine: SQLite in WAL mode by default, PostgreSQL when the URL says so."""

from __future__ import annotations

import sqlite3
import time

from sqlalchemy import Engine, create_engine, event

LOCK_WAIT_SECONDS = 30.0


def make_engine(url: str) -> Engine:
    """An engine for `url`. SQLite writers take the lock when their transaction begins
    (BEGIN IMMEDIATE), so concurrent appends queue instead of failing half-way."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection, _record) -> None:
            dbapi_connection.isolation_level = None  # we issue BEGIN ourselves
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA busy_timeout=30000")
            _wal(cursor)
            cursor.execute("PRAGMA synchronous=FULL")  # an acknowledged event survives a crash
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _begin(conn) -> None:
            conn.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://"):]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    return create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)


def _wal(cursor) -> None:
    """Puts the database in WAL mode (a setting kept in the file). Switching needs the file to itself, and SQLite
    answers "database is locked" at once, without its busy timeout, while another connection opens or switches
    the same new file (several workers starting together): wait and try again, for as long as a busy write would."""
    deadline = time.monotonic() + LOCK_WAIT_SECONDS
    while True:
        try:
            mode = cursor.execute("PRAGMA journal_mode=WAL").fetchone()[0].lower()
            if mode in ("wal", "memory"):  # an in-memory database keeps no journal
                return
            if time.monotonic() > deadline:
                raise RuntimeError("the SQLite database could not be switched to WAL mode")
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)
