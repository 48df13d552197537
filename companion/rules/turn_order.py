"""Turn order a game opts into: the next seat clockwise, the seats after one, and "whose move is it" refused in words.

Seats are numbered from 0 in the players' order around the table; play goes clockwise, to the next number.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.rules.contract import RuleError


def following(seat: int, seats: int) -> int:
    """The seat after `seat`, clockwise."""
    return (seat + 1) % seats


def after(seat: int, seats: int, including: bool = False) -> list[int]:
    """The other seats in turn order starting after `seat` (`including` ends the list with `seat` itself)."""
    return [(seat + k) % seats for k in range(1, seats + (1 if including else 0))]


def next_seat(seat: int, seats: int, skip: Callable[[int], bool] = lambda s: False) -> int | None:
    """The first seat after `seat` that `skip` does not pass over (`seat` itself last); None when every seat is."""
    return next((s for s in after(seat, seats, including=True) if not skip(s)), None)


def check_turn(whose: int, player: int, name: Callable[[int], str], how: str = "") -> None:
    """RuleError unless it is `player`'s move: "It is Ann's turn, not Bo's" and, when given, `how` play goes."""
    if player != whose:
        raise RuleError(f"It is {name(whose)}'s turn, not {name(player)}'s{': ' + how if how else ''}.")
