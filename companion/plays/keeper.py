"""Keeps each game's play up to date as its log changes: written when the game ends, rewritten by a later
correction, taken back when an undo reopens a game nobody has edited the play of."""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy import Connection

from companion.plays.recording import ending_move, finished, play_of
from companion.plays.store import PlayStore
from companion.simulate.models import end_of
from companion.storage.store import EventRow
from companion.table.catalog import Catalog
from companion.table.ledger import META

log = logging.getLogger(__name__)


def lab_end(slug: str, state: Any) -> str:
    """How the game ended in the lab's words, for a game whose rules have a table model in the lab; "" otherwise."""
    try:
        return end_of(slug, state)
    except Exception:  # a table model that cannot read this state leaves the play's end unnamed
        log.exception("the lab's table model of %s could not name how a game ended", slug)
        return ""


class Keeper:
    """Called by the sessions inside the transaction of every change (`Sessions.keeper`)."""

    def __init__(self, plays: PlayStore, catalog: Catalog):
        self.plays, self.catalog = plays, catalog

    @staticmethod
    def concerned(before: Any, after: Any) -> bool:
        """Whether the change may touch the game's play: it ends the game, or follows or undoes its end (most
        changes do neither, and cost the keeper nothing)."""
        return finished(after.scores) or (before is not None and finished(before.scores))

    def __call__(self, conn: Connection, before: Any, after: Any, row: EventRow | None) -> None:
        """`before` and `after` are the game as it was and is (companion.table.sessions.Current); `row` the change
        (None: the game arrived whole, by an import)."""
        if not finished(after.scores):
            if before is not None and finished(before.scores):
                old = self.plays.play_of_game(conn, after.game.id)
                if old is not None and old.updated_at == old.created_at and old.group is None:
                    self.plays.delete_play(conn, old.id)  # reopened by an undo, and nobody had touched it
            return
        stopped: bool | None = None
        label = ""
        if row is not None and row.type not in META and before is not None and not finished(before.scores):
            move = ending_move(before.legal, row.type, row.payload)
            stopped = bool(move is not None and not move.get("primary"))
            label = str(move.get("label") or "") if move is not None else ""
        entry = self.catalog.get(after.game.slug)
        scores = after.scores
        words = lab_end(entry.game.rules or entry.game.slug, after.state)
        result = scores.get("result") if isinstance(scores.get("result"), str) else ""
        play = play_of(game_id=after.game.id, slug=after.game.slug, title=self.catalog.title(after.game.slug),
                       players=after.game.players, options=after.game.options, created_at=after.game.created_at,
                       ended_at=row.created_at if row is not None else after.game.created_at, scores=scores,
                       view=after.rules.view(after.state), end=words or result or label, stopped_early=stopped,
                       before=self.plays.play_of_game(conn, after.game.id), group=after.game.group,
                       playtest=after.game.playtest)
        self.plays.save_play(conn, play)
