"""What the blueprints use, one set per app: the store, the games that can be played, the sessions and the change
signal (built by create_app in web/app.py, read by each request through `services()`)."""

from __future__ import annotations

from dataclasses import dataclass

from flask import current_app

from companion.storage.store import Store
from companion.table.catalog import Catalog
from companion.table.changes import Changes
from companion.table.sessions import Sessions


@dataclass(frozen=True)
class Services:
    """What the blueprints use: the store, the games that can be played, and the sessions."""

    store: Store
    catalog: Catalog
    sessions: Sessions
    changes: Changes

    def close(self) -> None:
        """Stops the change watcher and closes the database's pooled connections (an app that is done with)."""
        self.changes.close()
        self.store.engine.dispose()


def services() -> Services:
    return current_app.extensions["companion"]
