"""Imported plays and players brought into a group: each play once, each player linked to the group's player of the
same name (said on the page, since two people may share a name) or added, with ids of this companion's own."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace

from sqlalchemy import Connection

from companion.plays.bgstats import Imported
from companion.plays.records import Play, Player
from companion.plays.store import PlayStore
from companion.table.sessions import now


@dataclass(frozen=True)
class Merged:
    """What an import did: plays added, plays the group had already, players linked by name and players added."""

    added: tuple[Play, ...]
    already: int
    linked: tuple[str, ...]
    new_players: tuple[str, ...]


def fingerprint(play: Play) -> tuple:
    """What makes two imports of one play the same play: its game, its moment and its seats as they were."""
    return play.slug, play.started_at, tuple((s.name.casefold(), s.score, s.winner) for s in play.seats)


def merge(store: PlayStore, conn: Connection, group: str, found: Imported) -> Merged:
    """Saves `found` into `group` in the caller's transaction (all or nothing with it)."""
    known = {p.name.strip().casefold(): p for p in store.players(conn, group)}
    ids: dict[str, str] = {}
    linked, added_players = [], []
    for player in found.players:
        same = known.get(player.name.strip().casefold())
        if same is not None:
            ids[player.id] = same.id
            linked.append(same.name)
            continue
        fresh = Player(secrets.token_urlsafe(9), group, player.name.strip(), now())
        store.add_player(conn, fresh)
        known[fresh.name.casefold()] = fresh
        ids[player.id] = fresh.id
        added_players.append(fresh.name)
    there = {fingerprint(p) for p in store.plays(conn, group=group)}
    added, already = [], 0
    for play in found.plays:
        if fingerprint(play) in there:
            already += 1
            continue
        seats = tuple(replace(seat, player=ids.get(seat.player or "")) for seat in play.seats)
        stamp = now()
        kept = replace(play, id=secrets.token_urlsafe(9), group=group, seats=seats, created_at=stamp,
                       updated_at=stamp)
        store.save_play(conn, kept)
        there.add(fingerprint(kept))
        added.append(kept)
    return Merged(tuple(added), already, tuple(sorted(set(linked), key=str.casefold)), tuple(added_players))
