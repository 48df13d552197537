"""The list that comes with a reprint: what to print and what to take out, by deck and name (reprint.csv, reprint.txt)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from cardgen.export.spreadsheet_cells import neutral_row
from cardgen.reprint.boards import BOARDS
from cardgen.reprint.since import Change

COLUMNS = ("deck", "deck_title", "card", "name", "action", "copies", "why", "file", "sheet")


def as_csv(changes: Iterable[Change]) -> str:
    """One row per card: `action` is print or remove; `file` and `sheet` say where a printed card is (a cell a
    spreadsheet would run as a formula gets a leading apostrophe)."""
    stream = io.StringIO()
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(COLUMNS)
    for change in changes:
        writer.writerow(neutral_row([change.deck, change.deck_title, change.card, change.name, change.action,
                                     change.copies, change.why, change.file, change.sheet or ""]))
    return stream.getvalue()


def as_text(title: str, since: str, changes: list[Change]) -> list[str]:
    """The list as lines for a person: what to print, deck by deck, then what to take out of the printed decks."""
    printing = [c for c in changes if c.action == "print"]
    removing = [c for c in changes if c.action == "remove"]
    lines = [f"{title}: {summary(changes)} since {since}"]
    if printing:
        lines += ["", "Print (at 100%, actual size) and cut; a changed card replaces all its old copies:"]
        lines += _by_deck(printing, lambda c: f"{c.copies} x {c.name} ({c.card}): {c.why}, {c.file}"
                                              + (" (all its sheets)" if c.deck == BOARDS else f" sheet {c.sheet}"))
    if removing:
        lines += ["", "Take out of the printed decks:"]
        lines += _by_deck(removing, lambda c: f"{c.copies} x {c.name} ({c.card}): {c.why}")
    return lines


def summary(changes: list[Change]) -> str:
    """'2 cards to print (3 copies), 1 to take out' and the like."""
    boards = [c for c in changes if c.deck == BOARDS]
    changes = [c for c in changes if c.deck != BOARDS]
    printing = [c for c in changes if c.action == "print"]
    removing = [c for c in changes if c.action == "remove"]
    parts = []
    if any(c.action == "print" for c in boards):
        parts.append(_n(sum(c.action == "print" for c in boards), "board") + " to print")
    if printing:
        copies = sum(c.copies for c in printing)
        parts.append(f"{_n(len(printing), 'card')} to print ({_n(copies, 'copy', 'copies')})")
    if removing:
        parts.append(f"{_n(len(removing), 'card')} to take out ({_n(sum(c.copies for c in removing), 'copy', 'copies')})")
    if any(c.action == "remove" for c in boards):
        parts.append(_n(sum(c.action == "remove" for c in boards), "board") + " to put away")
    return ", ".join(parts) or "no card changed"


def _by_deck(changes: list[Change], line) -> list[str]:
    lines, deck = [], None
    for change in changes:
        if change.deck != deck:
            deck = change.deck
            lines.append(f"  {change.deck_title}")
        lines.append(f"    {line(change)}")
    return lines


def _n(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else (many or one + 's')}"
