"""What a play says about its seats for statistics: does it count, who won, was the win shared, who placed above.

- A play stopped early (by agreement, before the rules' own end) counts as a play, never for wins, streaks, win
  rates, placing, scores or lengths: its result and its length are not the game's.
- Tied winners: every seat marked winner has won, and the win is shared (a tie is a win for each, never a half).
- A co-op crew wins or loses together: its win is a win for every seat, bots of the crew too; co-op plays count for
  plays and wins, never for win rate by seat, opponent levels or who placed above whom.
"""

from __future__ import annotations

from companion.plays.records import Play, Seat


def counts(play: Play) -> bool:
    """Whether `play` counts for wins, streaks, win rates, scores and lengths: it was not stopped early."""
    return not play.stopped_early


def crew_won(play: Play) -> bool:
    """A co-op play's result: its outcome when it says "won" or "lost", else whether any seat is a winner."""
    if play.outcome in ("won", "lost"):
        return play.outcome == "won"
    return any(seat.winner for seat in play.seats)


def won(play: Play, seat: Seat) -> bool:
    """Whether `seat` won `play` (a counted one): marked winner, or one of a co-op crew that won."""
    if not counts(play):
        return False
    return crew_won(play) if play.cooperative else seat.winner


def tied(play: Play) -> bool:
    """Whether a game played against each other was won by more than one seat."""
    return not play.cooperative and sum(seat.winner for seat in play.seats) > 1


def people_won(play: Play) -> bool:
    """Whether a person at the table, not an automated opponent, won `play` (a co-op crew's win included)."""
    if not counts(play):
        return False
    if play.cooperative:
        return crew_won(play)
    return any(seat.winner and not seat.bot for seat in play.seats)


def placing(first: Seat, second: Seat) -> int | None:
    """1 when `first` placed above `second`, -1 below, 0 equal, None when the play does not say: by their places
    when both have one, else a winner is above a seat that did not win and two winners are equal."""
    if first.place is not None and second.place is not None:
        return (first.place < second.place) - (first.place > second.place)
    if first.winner != second.winner:
        return 1 if first.winner else -1
    return 0 if first.winner else None
