"""Every database access of plays, the players the companion knows and their groups (schema version 4 of
companion/storage/schema.py)."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from sqlalchemy import Connection, delete, func, select, update

from companion.plays.records import Feedback, Group, Play, Player, Seat
from companion.storage.schema import feedback, groups, play_seats, players, plays
from companion.storage.store import Store


def _play_values(play: Play) -> dict[str, Any]:
    return {"id": play.id, "game_id": play.game_id, "group_id": play.group, "slug": play.slug, "title": play.title,
            "played_on": play.played_on, "started_at": play.started_at, "location": play.location,
            "options": json.dumps(dict(play.options), sort_keys=True), "expansions": json.dumps(list(play.expansions)),
            "cooperative": play.cooperative, "outcome": play.outcome, "stopped_early": play.stopped_early,
            "end_text": play.end[:200], "rounds": play.rounds, "minutes": play.minutes, "playtest": play.playtest,
            "source": play.source, "notes": play.notes, "created_at": play.created_at, "updated_at": play.updated_at}


def _seat_values(play_id: str, index: int, seat: Seat) -> dict[str, Any]:
    return {"play_id": play_id, "seat": index, "name": seat.name, "player_id": seat.player, "score": seat.score,
            "place": seat.place, "winner": seat.winner, "bot": seat.bot, "level": seat.level, "colour": seat.colour,
            "new": seat.new, "categories": json.dumps([list(pair) for pair in seat.categories])}


def _number(value: float | None) -> float | None:
    """A score as it was entered: a whole number stays whole (the database keeps every score as a float)."""
    return int(value) if value is not None and float(value).is_integer() else value


def _seat(row: Any) -> Seat:
    return Seat(name=row.name, player=row.player_id, score=_number(row.score), place=row.place, winner=bool(row.winner),
                bot=bool(row.bot), level=row.level, colour=row.colour, new=bool(row.new),
                categories=tuple((str(name), _number(points) or 0) for name, points in json.loads(row.categories)))


class PlayStore:
    """SQL of plays, players and groups over the companion's store (its engine; writers in `store.transaction()`)."""

    def __init__(self, store: Store):
        self.store = store

    # plays

    def save_play(self, conn: Connection, play: Play) -> None:
        """Inserts the play or replaces it whole (its seats and feedback with it)."""
        conn.execute(delete(play_seats).where(play_seats.c.play_id == play.id))
        conn.execute(delete(feedback).where(feedback.c.play_id == play.id))
        if conn.execute(select(plays.c.id).where(plays.c.id == play.id)).first() is None:
            conn.execute(plays.insert().values(**_play_values(play)))
        else:
            conn.execute(update(plays).where(plays.c.id == play.id).values(**_play_values(play)))
        if play.seats:
            conn.execute(play_seats.insert(), [_seat_values(play.id, i, s) for i, s in enumerate(play.seats)])
        if play.feedback:
            conn.execute(feedback.insert(), [
                {"play_id": play.id, "n": n, "fun": f.fun, "length": f.length, "clarity": f.clarity, "note": f.note,
                 "created_at": f.created_at} for n, f in enumerate(play.feedback)])

    def play(self, conn: Connection, play_id: str) -> Play | None:
        found = self._plays(conn, select(plays).where(plays.c.id == play_id))
        return found[0] if found else None

    def play_of_game(self, conn: Connection, game_id: str) -> Play | None:
        found = self._plays(conn, select(plays).where(plays.c.game_id == game_id))
        return found[0] if found else None

    def plays(self, conn: Connection, slug: str | None = None, group: str | bool | None = None,
              player: str | None = None, since: str | None = None, until: str | None = None,
              playtest: bool | None = None, limit: int | None = None) -> list[Play]:
        """Plays newest first. `group`: a group's id, or False for the plays of no group (None: any);
        `player`: the plays with a seat linked to that player; `since` / `until`: dates (YYYY-MM-DD) inclusive."""
        query = select(plays)
        if slug is not None:
            query = query.where(plays.c.slug == slug)
        if group is False:
            query = query.where(plays.c.group_id.is_(None))
        elif isinstance(group, str):
            query = query.where(plays.c.group_id == group)
        if player is not None:
            query = query.where(plays.c.id.in_(select(play_seats.c.play_id).where(play_seats.c.player_id == player)))
        if since:
            query = query.where(plays.c.played_on >= since)
        if until:
            query = query.where(plays.c.played_on <= until)
        if playtest is not None:
            query = query.where(plays.c.playtest == playtest)
        query = query.order_by(plays.c.played_on.desc(), plays.c.started_at.desc(), plays.c.id)
        return self._plays(conn, query.limit(limit) if limit else query)

    def delete_play(self, conn: Connection, play_id: str) -> None:
        conn.execute(delete(plays).where(plays.c.id == play_id))

    def _plays(self, conn: Connection, query: Any) -> list[Play]:
        rows = conn.execute(query).all()
        ids = [row.id for row in rows]
        seats: dict[str, list[Seat]] = defaultdict(list)
        answers: dict[str, list[Feedback]] = defaultdict(list)
        for chunk in (ids[i:i + 500] for i in range(0, len(ids), 500)):
            for row in conn.execute(select(play_seats).where(play_seats.c.play_id.in_(chunk))
                                    .order_by(play_seats.c.play_id, play_seats.c.seat)):
                seats[row.play_id].append(_seat(row))
            for row in conn.execute(select(feedback).where(feedback.c.play_id.in_(chunk))
                                    .order_by(feedback.c.play_id, feedback.c.n)):
                answers[row.play_id].append(Feedback(row.fun, row.length, row.clarity, row.note, row.created_at))
        return [Play(id=row.id, slug=row.slug, title=row.title, played_on=row.played_on, seats=tuple(seats[row.id]),
                     started_at=row.started_at, location=row.location, options=json.loads(row.options),
                     expansions=tuple(json.loads(row.expansions)), cooperative=bool(row.cooperative),
                     outcome=row.outcome, stopped_early=bool(row.stopped_early), end=row.end_text, rounds=row.rounds,
                     minutes=row.minutes, game_id=row.game_id, group=row.group_id, playtest=bool(row.playtest),
                     feedback=tuple(answers[row.id]), source=row.source, notes=row.notes, created_at=row.created_at,
                     updated_at=row.updated_at) for row in rows]

    # groups and players

    def create_group(self, conn: Connection, group: Group, secret_hash: str) -> None:
        conn.execute(groups.insert().values(id=group.id, name=group.name, secret_hash=secret_hash,
                                            created_at=group.created_at))

    def group(self, conn: Connection, group_id: str) -> tuple[Group, str] | None:
        """The group and the hash of its link's secret."""
        row = conn.execute(select(groups).where(groups.c.id == group_id)).first()
        return (Group(row.id, row.name, row.created_at), row.secret_hash) if row else None

    def rename_group(self, conn: Connection, group_id: str, name: str) -> None:
        conn.execute(update(groups).where(groups.c.id == group_id).values(name=name))

    def delete_group(self, conn: Connection, group_id: str) -> None:
        """The group and everything of it: its players and its plays (their seats and feedback go with them)."""
        conn.execute(delete(plays).where(plays.c.group_id == group_id))
        conn.execute(delete(players).where(players.c.group_id == group_id))
        conn.execute(delete(groups).where(groups.c.id == group_id))

    def add_player(self, conn: Connection, player: Player) -> None:
        conn.execute(players.insert().values(id=player.id, group_id=player.group, name=player.name,
                                             created_at=player.created_at))

    def rename_player(self, conn: Connection, player_id: str, name: str) -> None:
        conn.execute(update(players).where(players.c.id == player_id).values(name=name))

    def players(self, conn: Connection, group_id: str) -> list[Player]:
        query = select(players).where(players.c.group_id == group_id).order_by(func.lower(players.c.name), players.c.id)
        return [Player(row.id, row.group_id, row.name, row.created_at) for row in conn.execute(query)]

    def player(self, conn: Connection, player_id: str) -> Player | None:
        row = conn.execute(select(players).where(players.c.id == player_id)).first()
        return Player(row.id, row.group_id, row.name, row.created_at) if row else None
