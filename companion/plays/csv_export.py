"""Plays as a spreadsheet: one row per seat, RFC 4180 CSV with a header row, safe to open in a spreadsheet.

RFC 4180 (https://www.rfc-editor.org/rfc/rfc4180): CRLF line ends, fields with commas, quotes or line breaks in
double quotes. OWASP's CSV injection advice (https://owasp.org/www-community/attacks/CSV_Injection): a cell that
starts with = + - @ (or a tab or carriage return) is prefixed with an apostrophe so no spreadsheet runs it as a
formula. Numbers the companion writes itself (scores, minutes) are not text typed by a player and are left as they are.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from companion.plays.formats_common import number_text
from companion.plays.records import Play

HEADER = ("Play", "Date", "Game", "Location", "Minutes", "Rounds", "Player", "Linked player", "Score", "Place",
          "Winner", "Bot level", "New", "Co-op result", "Stopped early", "Playtest", "Notes")
RISKY = ("=", "+", "-", "@", "\t", "\r")


def safe(text: str) -> str:
    """A typed text made harmless for a spreadsheet (OWASP): a leading apostrophe before a formula's first sign."""
    return "'" + text if text.startswith(RISKY) else text


def _yes(value: bool) -> str:
    return "yes" if value else "no"


def export(plays: Sequence[Play]) -> str:
    """The plays as CSV text, one row per seat, in the order given (the same plays give the same bytes)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL)
    writer.writerow(HEADER)
    for p in plays:
        for seat in p.seats:
            writer.writerow((
                safe(p.id), p.played_on, safe(p.title), safe(p.location), "" if p.minutes is None else p.minutes,
                "" if p.rounds is None else p.rounds, safe(seat.name), safe(seat.player or ""),
                number_text(seat.score), "" if seat.place is None else seat.place, _yes(seat.winner),
                "" if seat.level is None else seat.level, _yes(seat.new), p.outcome if p.cooperative else "",
                _yes(p.stopped_early), _yes(p.playtest), safe(p.notes)))
    return out.getvalue()
