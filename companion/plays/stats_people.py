"""Who is who across plays: a seat's person (a linked player, a name, or a bot), with a display name each.

A seat's person is the known player it is linked to when it is linked; otherwise its name, trimmed and compared
case-insensitively ("Ann" and " ann " are one person). An automated opponent is a person of its own, named by its
name without its level ("Quinn (level 2)" and "Quinn (level 3)" are one Quinn). A seat linked to a player is never
merged with an unlinked seat of the same name: linking is what people do, not what statistics guess.

The keys these functions return are for code (a dictionary key, an address); pages show `Person.name`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from collections.abc import Iterable, Sequence

from companion.plays.records import Play, Seat

_LEVEL = re.compile(r"\s*\(\s*level\s+\d+\s*\)\s*$", re.IGNORECASE)  # "Quinn (level 2)" -> "Quinn"


@dataclass(frozen=True)
class Person:
    """One person of a set of plays: the key that identifies them, the name to show (the most recent spelling),
    whether they are an automated opponent, and how many plays they sat in."""

    key: str
    name: str
    bot: bool = False
    plays: int = 0


def bot_name(name: str) -> str:
    """A bot's name without the level some apps write after it."""
    return _LEVEL.sub("", name).strip()


def _fold(name: str) -> str:
    return " ".join(name.split()).casefold()


def person_of(seat: Seat) -> str:
    """The key of the person who sat in `seat`."""
    if seat.bot:
        return "bot:" + _fold(bot_name(seat.name))
    if seat.player:
        return "player:" + seat.player
    return "name:" + _fold(seat.name)


def player_key(player_id: str) -> str:
    """The person key of a known player (companion.plays.records.Player's id)."""
    return "player:" + player_id


def in_date_order(plays: Iterable[Play]) -> list[Play]:
    """The plays oldest first: by date, then the time the game started, then when it was recorded, then id."""
    return sorted(plays, key=lambda p: (p.played_on, p.started_at, p.created_at, p.id))


def seat_of(play: Play, person: str) -> tuple[int, Seat] | None:
    """The seat number (1 is the first seat) and the seat where `person` sat in `play`, or None."""
    for number, seat in enumerate(play.seats, start=1):
        if person_of(seat) == person:
            return number, seat
    return None


def people(plays: Sequence[Play]) -> tuple[Person, ...]:
    """Everyone who sat in `plays`, each with the most recent spelling of their name (the last play in date order,
    the first seat there), ordered by name (case-insensitive), then key."""
    names: dict[str, str] = {}
    bots: dict[str, bool] = {}
    counts: dict[str, int] = {}
    for play in in_date_order(plays):
        seen: set[str] = set()
        for seat in play.seats:
            key = person_of(seat)
            if key in seen:
                continue
            seen.add(key)
            shown = " ".join((bot_name(seat.name) if seat.bot else seat.name).split())
            names[key] = shown or "Unnamed player"
            bots[key] = seat.bot
            counts[key] = counts.get(key, 0) + 1
    found = [Person(key, names[key], bots[key], counts[key]) for key in names]
    return tuple(sorted(found, key=lambda p: (p.name.casefold(), p.name, p.key)))


def names_of(plays: Sequence[Play]) -> dict[str, str]:
    """Each person's key to their display name (see `people`)."""
    return {person.key: person.name for person in people(plays)}
