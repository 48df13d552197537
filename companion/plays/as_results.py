"""A real play as the lab's GameResult, so plays and simulated games are counted by the same code."""

from __future__ import annotations

from companion.plays.records import Play
from companion.simulate.record import GameResult

PARTS = "; "  # a game of several scored rounds ends in several ways, joined by this (see models.end_of)


def as_result(play: Play) -> GameResult | None:
    """The play as a GameResult (a person's level is 0; turns unknown: rounds times seats); None for a play stopped
    early or without a length, which the comparison leaves out and counts apart."""
    if play.stopped_early or play.rounds is None:
        return None
    scores = tuple(round(seat.score) if seat.score is not None else 0 for seat in play.seats)
    ends = tuple(part for part in play.end.split(PARTS) if part) if play.end else ()
    return GameResult(levels=tuple((seat.level or 0) if seat.bot else 0 for seat in play.seats), scores=scores,
                      winners=tuple(i for i, seat in enumerate(play.seats) if seat.winner),
                      turns=play.rounds * len(play.seats), rounds=play.rounds, ends=ends, phases=max(1, len(ends)))


def split(plays: list[Play]) -> tuple[list[tuple[Play, GameResult]], list[Play]]:
    """The plays that count (each with its result) and those left out (stopped early or of unknown length)."""
    counted, apart = [], []
    for play in plays:
        result = as_result(play)
        if result is None:
            apart.append(play)
        else:
            counted.append((play, result))
    return counted, apart
