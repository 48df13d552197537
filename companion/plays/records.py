"""What a play is: a finished (or stopped) game with its seats, scores, places, length and feedback, as frozen records.

A play is written when a game of the companion ends (companion.plays.recording), or arrives from another app (a BG
Stats export). It is a record of its own: editing a play (a typo in a name, the place it was played) never touches
the game's log. Players the companion knows and the groups they play in are records too; a seat at the table is
linked to a known player only when somebody links it (suggested by name, never merged silently).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from collections.abc import Mapping

LENGTHS = ("too short", "just right", "too long")  # the feedback form's answers about the game's length


@dataclass(frozen=True)
class Seat:
    """One seat of a play: who sat there (the name as typed at the table), the known player it is linked to, their
    score, place and whether they won. An automated opponent is a seat with `bot` set and its level."""

    name: str
    player: str | None = None          # the id of the known player this seat is linked to (None: not linked)
    score: float | None = None         # None when the game keeps no score for the seat
    place: int | None = None           # 1 is first; tied seats share a place; None in a co-op game
    winner: bool = False               # in a co-op game every seat of a winning crew
    bot: bool = False                  # an automated opponent (a bot in a seat, or one beside the players)
    level: int | None = None           # the bot's difficulty level
    colour: str = ""                   # the colour the seat played (BGG's and BG Stats' "color")
    new: bool = False                  # the player's first play of this game
    categories: tuple[tuple[str, float], ...] = ()  # the score by category, in the game's order


@dataclass(frozen=True)
class Feedback:
    """One player's answers to the short form after a playtest: fun and clarity from 1 to 5, the length as one of
    LENGTHS, and a note. Every answer is optional."""

    fun: int | None = None
    length: str | None = None
    clarity: int | None = None
    note: str = ""
    created_at: str = ""


@dataclass(frozen=True)
class Play:
    """A finished game: when and where, which game with which options, the seats, the result and how long it took.

    `end` is how the game ended in words: for a game the lab has a table model of, in the lab's own words
    (companion.simulate.models' `end_of`), so real plays and simulated ones can be counted side by side.
    """

    id: str
    slug: str                          # the game's slug in the catalog (a copied game has its own)
    title: str                         # the game's title when it was played
    played_on: str                     # the date, YYYY-MM-DD
    seats: tuple[Seat, ...]
    started_at: str = ""               # ISO date and time the game was created, when known
    location: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)  # the game's setup options as it was created with
    expansions: tuple[str, ...] = ()
    cooperative: bool = False          # the crew wins or loses together: no places
    outcome: str = ""                  # a co-op game's "won" or "lost"; "" otherwise
    stopped_early: bool = False        # ended by agreement before the rules' own end
    end: str = ""                      # how it ended (see above)
    rounds: int | None = None          # the game's length in its rounds (or turns, for a game counted by turns)
    minutes: int | None = None         # the game's length in minutes, first change to last
    game_id: str | None = None         # the companion game this play is of (None: imported)
    group: str | None = None           # the group it belongs to (None: nobody's in particular)
    playtest: bool = False             # the game was a playtest: the designer's lab reads it
    feedback: tuple[Feedback, ...] = ()
    source: str = "companion"          # "companion", or where it was imported from ("bgstats")
    notes: str = ""
    created_at: str = ""
    updated_at: str = ""

    @property
    def winners(self) -> tuple[Seat, ...]:
        return tuple(seat for seat in self.seats if seat.winner)


@dataclass(frozen=True)
class Group:
    """The people who play together (a game night, a family). Who may see and edit its history is decided by its
    link, which carries a secret of its own; the secret itself is never stored, only its hash."""

    id: str
    name: str
    created_at: str = ""


@dataclass(frozen=True)
class Player:
    """A person the companion knows, in a group: the seats of plays linked to them are their history."""

    id: str
    group: str
    name: str
    created_at: str = ""
