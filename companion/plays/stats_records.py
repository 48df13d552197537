"""The statistics of plays as frozen records: per game, per seat, per level, streaks, head-to-head and lengths.

Every count here is a whole number and every rate is computed from two of them, so a page shows exactly the numbers
it was given (companion.plays.stats builds them).
"""

from __future__ import annotations

from dataclasses import dataclass


def percent(wins: int, plays: int) -> int | None:
    """`wins` of `plays` as a whole percentage (half rounds up), None when there were no plays."""
    return (200 * wins + plays) // (2 * plays) if plays else None


@dataclass(frozen=True)
class Rate:
    """Wins out of plays for one seat number or one opponent level."""

    value: int                         # the seat number (1 is the first seat) or the opponent's level
    plays: int
    wins: int

    @property
    def percent(self) -> int | None:
        return percent(self.wins, self.plays)


@dataclass(frozen=True)
class PlayRef:
    """One play that holds a record (a length, a score), so a page can link it."""

    play: str                          # the play's id
    slug: str
    title: str
    played_on: str
    value: float                       # minutes, rounds or points
    person: str = ""                   # whose record it is (a person key), for a score


@dataclass(frozen=True)
class Tally:
    """How many times one person did something (won a game)."""

    person: str
    count: int


@dataclass(frozen=True)
class GameStats:
    """One game's plays: how many, how many were won (by the person; for a group, by people rather than by an
    automated opponent or the game), their scores and their lengths."""

    slug: str
    title: str
    plays: int                         # every play, those stopped early too
    counted: int                       # the plays that count for wins: not stopped early
    wins: int
    shared: int                        # of the wins, those shared by tied winners of a game played against each other
    best: PlayRef | None               # the highest score
    average: float | None              # the average score (of the seats with a score)
    scores: int                        # how many scores the best and average are of
    longest: PlayRef | None            # by minutes
    shortest: PlayRef | None
    most_rounds: PlayRef | None        # by rounds
    fewest_rounds: PlayRef | None
    winners: tuple[Tally, ...] = ()    # a group's: each person's wins of this game, most first

    @property
    def percent(self) -> int | None:
        return percent(self.wins, self.counted)


@dataclass(frozen=True)
class Streak:
    """A person's runs of wins in a row, in one game (`slug`) or in all games (`slug` "")."""

    person: str
    slug: str
    title: str
    longest: int
    current: int


@dataclass(frozen=True)
class HeadToHead:
    """Two people who played together: how often, each one's wins, who placed above whom, and the ties."""

    first: str                         # a person key
    second: str
    plays: int                         # every play they sat in together
    first_wins: int
    second_wins: int
    first_above: int                   # games played against each other that placed `first` above `second`
    second_above: int
    ties: int                          # ... that placed them equal


@dataclass(frozen=True)
class PersonStats:
    """One person's plays and wins in a group's plays."""

    person: str
    plays: int
    counted: int
    wins: int
    shared: int

    @property
    def percent(self) -> int | None:
        return percent(self.wins, self.counted)


@dataclass(frozen=True)
class GroupStats:
    """The statistics of a set of plays (a group's, or everyone's)."""

    plays: int
    counted: int
    stopped: int
    wins: int                          # plays won by a person at the table (not an automated opponent), crews too
    games: tuple[GameStats, ...]       # most played first
    people: tuple[PersonStats, ...]    # most wins first
    seats: tuple[Rate, ...]
    levels: tuple[Rate, ...]
    streaks: tuple[Streak, ...]        # each person's longest run in all games, longest first
    game_streaks: tuple[Streak, ...]   # each game's longest run, by title
    pairs: tuple[HeadToHead, ...]      # most plays together first
    longest: PlayRef | None            # by minutes, in any game
    shortest: PlayRef | None
    best: PlayRef | None               # the highest score in any game

    @property
    def percent(self) -> int | None:
        return percent(self.wins, self.counted)


@dataclass(frozen=True)
class PlayerStats:
    """The statistics of one person in a set of plays."""

    person: str
    name: str
    plays: int
    counted: int
    stopped: int
    wins: int
    shared: int
    games: tuple[GameStats, ...]
    seats: tuple[Rate, ...]
    levels: tuple[Rate, ...]
    streak: Streak                     # in all games
    game_streaks: tuple[Streak, ...]
    opponents: tuple[HeadToHead, ...]  # `first` is always this person
    longest: PlayRef | None
    shortest: PlayRef | None
    best: PlayRef | None

    @property
    def percent(self) -> int | None:
        return percent(self.wins, self.counted)
