"""Deciding which known player sits in each seat of a play: what people chose, never a silent merge by name."""

from __future__ import annotations

import secrets
from dataclasses import replace
from collections.abc import Mapping

from sqlalchemy import Connection

from companion.plays.records import Play, Player, Seat
from companion.plays.store import PlayStore
from companion.table.errors import BadRequest
from companion.table.sessions import now

NEW = "new"  # the choice that adds the seat's name as a new player of the group


def suggestion(seat: Seat, known: list[Player]) -> str:
    """The known player a seat's name suggests (the same name, without case and outer spaces), "" for none: only
    ever offered, the seat is linked when somebody says so."""
    wanted = seat.name.strip().casefold()
    return next((p.id for p in known if p.name.strip().casefold() == wanted), "")


def link_seats(store: PlayStore, conn: Connection, play: Play, group: str, chosen: Mapping[int, str]
               ) -> tuple[Seat, ...]:
    """The play's seats linked as `chosen` says (seat -> a player's id, NEW, or "" to unlink); a seat linked to a
    player for the first time is marked new to the game when that player has no earlier play of it."""
    known = {p.id: p for p in store.players(conn, group)}
    seats = []
    for i, seat in enumerate(play.seats):
        choice = chosen.get(i, seat.player or "")
        if seat.bot or choice == (seat.player or ""):
            seats.append(seat)
            continue
        if choice == NEW:
            player = Player(secrets.token_urlsafe(9), group, seat.name.strip(), now())
            store.add_player(conn, player)
            known[player.id] = player
            choice = player.id
        elif choice and choice not in known:
            raise BadRequest(f"seat {i + 1} ({seat.name}): choose one of the group's players", field=f"player-{i}")
        taken = next((j for j, s in enumerate(seats) if s.player and s.player == choice), None)
        if choice and taken is not None:
            raise BadRequest(f"{known[choice].name} already sits in seat {taken + 1} of this play", field=f"player-{i}")
        seats.append(replace(seat, player=choice or None,
                             new=bool(choice) and not _played_before(store, conn, play, group, choice)))
    return tuple(seats)


def _played_before(store: PlayStore, conn: Connection, play: Play, group: str, player: str) -> bool:
    """Whether the player has a play of the same game before this one."""
    return any(p.id != play.id and (p.played_on, p.started_at) < (play.played_on, play.started_at)
               for p in store.plays(conn, slug=play.slug, group=group, player=player))
