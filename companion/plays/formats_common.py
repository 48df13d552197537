"""What the play exports share: the error a bad import file raises, and numbers and names written the same way."""

from __future__ import annotations

from companion.plays.records import Play, Seat


class ImportFormatError(ValueError):
    """A file that cannot be read as plays: the message names the file, where in it and the value found there."""


def number_text(value: float | None) -> str:
    """A score as text: 12 rather than 12.0, nothing when there is none."""
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def bot_name(seat: Seat) -> str:
    """The seat's name, saying it is an automated opponent and its level when the name does not already."""
    if not seat.bot or "level" in seat.name.casefold():
        return seat.name
    return f"{seat.name} (bot, level {seat.level})" if seat.level is not None else f"{seat.name} (bot)"


def comment_lines(play: Play) -> list[str]:
    """What a play says beyond its seats, in words, for formats that keep it only as comments."""
    lines = [play.notes.strip()] if play.notes.strip() else []
    if play.expansions:
        lines.append("Played with: " + ", ".join(play.expansions) + ".")
    if play.stopped_early:
        lines.append(STOPPED)
    if play.playtest:
        lines.append(PLAYTEST)
    return lines


STOPPED = "Stopped early."
PLAYTEST = "Playtest."
