"""Cells a spreadsheet would run as a formula (OWASP's CSV injection), neutralised with a leading apostrophe."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from cardgen.gamedata.sources.location import Location

STARTS = ("=", "+", "-", "@", "\t", "\r")  # what makes Excel, LibreOffice or Google Sheets read a cell as a formula


def neutral(value: Any) -> Any:
    """`value`, with an apostrophe in front when it is text a spreadsheet would run; numbers are left as they are."""
    return "'" + value if isinstance(value, str) and value.startswith(STARTS) else value


def neutral_row(row: Iterable[Any]) -> list[Any]:
    return [neutral(value) for value in row]


def formula_warnings(game: Any) -> list[str]:
    """A warning for each card id, name or deck title a CSV cardgen writes (png/order.csv, reprint.csv) would
    hold neutralised: at the card's file:line:column (a spreadsheet's sheet and row), or game.toml's deck."""
    warnings = []
    for deck in game.decks:
        if deck.title.startswith(STARTS):
            warnings.append(f"{game.root / 'game.toml'}: warning: deck {deck.id!r} has title {deck.title!r}, "
                            f"which a spreadsheet would run as a formula; the CSV files cardgen writes hold it as "
                            f"{neutral(deck.title)!r}")
        header = _header(deck.file) if deck.sheet is None else ()
        for card in deck.cards:
            for column, value in (("id", card.id), ("name", card.name)):
                if not value.startswith(STARTS):
                    continue
                position = header.index(column) + 1 if column in header else None
                place = Location(card.file, card.line, position, card.sheet)
                warnings.append(f"{place}: warning: card {column} {value!r} starts with {value[0]!r}, which a "
                                f"spreadsheet would run as a formula; the CSV files cardgen writes (png/order.csv, "
                                f"reprint.csv) hold it as {neutral(value)!r}")
    return warnings


def _header(path: Path) -> tuple[str, ...]:
    """The column names of a deck's CSV file, as the loader reads them; () when it cannot be read."""
    from cardgen.gamedata.sources.csvfile import read_table
    from cardgen.gamedata.errors import Collector

    table = read_table(path, Collector(), "")
    return table.header if table else ()
