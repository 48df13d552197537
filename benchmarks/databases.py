"""Runs a benchmark once per database: SQLite in a folder, and PostgreSQL as the tests start it (when installed)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.postgres_server import PostgresServer, binaries


def each_database(database: str, folder: Path, run: Callable[[str, str], None]) -> None:
    """Calls `run(kind, url)` for SQLite and/or PostgreSQL (`database`: sqlite, postgresql or both)."""
    for kind in ("sqlite", "postgresql") if database == "both" else (database,):
        if kind == "sqlite":
            run(kind, f"sqlite:///{folder / 'companion.sqlite3'}")
            continue
        bin_dir = binaries()
        if bin_dir is None:
            print("postgresql: skipped (no PostgreSQL binaries; `make test` installs them)")
            continue
        postgres = PostgresServer(bin_dir)
        postgres.start()
        try:
            run(kind, postgres.create_database("bench"))
        finally:
            postgres.stop()
