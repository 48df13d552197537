"""A finished game as a play: its seats, scores, places and winners from the rules' score, its length from its log.

Called by the sessions in the same transaction as the change that ends a game (and every change after, such as
a point correction), so a play is never missing and always says what the game says. What people edited on the
play (its place, group, notes, the seats linked to known players, feedback) is kept when the game's result is
written again.

A game is *stopped early* when the move that ended it was one of the rules' "end" moves other than the rules' own
end (companion.rules.legal: the end the rules expect is the `primary` one), in a game won or lost by players
against each other; a co-op crew that gives up has lost, which the play says as its outcome.
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from datetime import datetime
from typing import Any
from collections.abc import Mapping, Sequence

from companion.plays.records import Play, Seat


def finished(scores: Mapping[str, Any]) -> bool:
    return bool(scores.get("finished"))


def ending_move(legal: Sequence[Mapping[str, Any]], kind: str, payload: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The legal move (as pages draw them) that `kind` with `payload` was: the "end" move of that event whose fixed
    payload the event carries; None when the event was not one of the rules' end moves."""
    for move in legal:
        if move.get("event") == kind and move.get("group") == "end" and all(
                payload.get(key) == value for key, value in (move.get("payload") or {}).items()):
            return move
    return None


def _number(value: Any) -> float | None:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _minutes(start: str, end: str) -> int | None:
    try:
        span = datetime.fromisoformat(end) - datetime.fromisoformat(start)
    except ValueError:
        return None
    return max(0, round(span.total_seconds() / 60))


def seats_of(scores: Mapping[str, Any], names: Sequence[str], options: Mapping[str, Any]) -> tuple[Seat, ...]:
    """Each player's seat from the rules' score (its names, totals, places, categories), then the automated opponent
    beside the players, if any. A bot in a player's seat (the `bots` option) is marked with its level."""
    rows = [row for row in scores.get("players") or [] if isinstance(row, Mapping)]
    winners = {w for w in scores.get("winners") or [] if isinstance(w, int)}
    given = options.get("bots")
    bots: list[Any] = given if isinstance(given, list) else []
    coop = bool(scores.get("cooperative"))
    seats = []
    for i, row in enumerate(rows):
        level = bots[i] if i < len(bots) and isinstance(bots[i], int) and bots[i] > 0 else None
        categories = tuple((str(k), v) for k, v in (row.get("categories") or {}).items() if _number(v) is not None)
        place = row.get("place") if isinstance(row.get("place"), int) and not coop else None
        seats.append(Seat(name=str(row.get("name") or (names[i] if i < len(names) else f"Player {i + 1}")),
                          score=_number(row.get("total")), place=place, winner=i in winners, bot=level is not None,
                          level=level, categories=categories))
    automa = scores.get("automa")
    if isinstance(automa, Mapping):
        categories = tuple((str(k), v) for k, v in (automa.get("categories") or {}).items() if _number(v) is not None)
        level = automa.get("level") if isinstance(automa.get("level"), int) else None
        seats.append(Seat(name=str(automa.get("name") or "Automa"), score=_number(automa.get("total")),
                          place=automa.get("place") if isinstance(automa.get("place"), int) else None,
                          winner=bool(automa.get("wins")) and finished(scores), bot=True, level=level,
                          categories=categories))
    return tuple(seats)


def rounds_of(view: Mapping[str, Any]) -> int | None:
    """The game's length in its rounds (or turns, for a game counted by turns), as its view says."""
    if isinstance(view.get("round"), int) and not isinstance(view.get("round"), bool):
        return view["round"]
    turn = view.get("turn")
    if isinstance(turn, Mapping) and isinstance(turn.get("number"), int):
        return turn["number"]
    return None


def play_of(*, game_id: str, slug: str, title: str, players: Sequence[str], options: Mapping[str, Any],
            created_at: str, ended_at: str, scores: Mapping[str, Any], view: Mapping[str, Any],
            end: str, stopped_early: bool | None, before: Play | None, group: str | None = None,
            playtest: bool = False) -> Play:
    """The play of a finished game; `before` is the play already recorded for it (its edits are kept), and
    `stopped_early` None when the ending move is not known (an undo or redo ended the game): as recorded before."""
    coop = bool(scores.get("cooperative"))
    seats = seats_of(scores, players, options)
    edited = before is not None and before.updated_at != before.created_at
    if before is not None:  # the links people made stay with their seats, and the names they corrected
        olds = before.seats
        seats = tuple(replace(seat, player=olds[i].player, colour=olds[i].colour, new=olds[i].new,
                              name=olds[i].name if edited else seat.name)
                      if i < len(olds) and not seat.bot else seat for i, seat in enumerate(seats))
    outcome = ""
    if coop:
        outcome = str(scores.get("outcome")) if scores.get("outcome") in ("won", "lost") else (
            "won" if any(s.winner for s in seats) else "lost")
    stopped = bool(stopped_early if stopped_early is not None else (before.stopped_early if before else False))
    fresh = Play(id=before.id if before else secrets.token_urlsafe(9), slug=slug, title=title,
                 played_on=ended_at[:10], seats=seats, started_at=created_at,
                 options=dict(options), cooperative=coop, outcome=outcome,
                 stopped_early=stopped and not coop, end=end[:200], rounds=rounds_of(view),
                 minutes=_minutes(created_at, ended_at), game_id=game_id, group=group, playtest=playtest,
                 created_at=ended_at, updated_at=ended_at)
    if before is None:
        return fresh
    return replace(fresh, played_on=before.played_on if edited else fresh.played_on, location=before.location,
                   expansions=before.expansions, group=before.group, playtest=before.playtest,
                   feedback=before.feedback, notes=before.notes, created_at=before.created_at,
                   updated_at=before.updated_at if edited else ended_at)
