"""Reads a deck's CSV file into a header and rows that remember their line numbers."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from cardgen.gamedata.errors import Collector


@dataclass(frozen=True)
class Table:
    """A CSV file's header and its non-blank rows, each with the line it starts on."""

    header: tuple[str, ...]
    rows: tuple[tuple[int, tuple[str, ...]], ...]


def read_table(path: Path, problems: Collector, expected: str) -> Table | None:
    """The table in `path`, or None after recording why it cannot be read.

    `expected` names the columns the header should have, for the message about an empty file.
    """
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        problems.add(path, "file not found: game.toml declares this deck, so its CSV must exist")
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        problems.add(path, f"not UTF-8 text: byte 0x{data[error.start]:02x} cannot be decoded; "
                     "save the file as UTF-8 (CSV UTF-8 in spreadsheet programs)", line, column)
        return None
    if not text.strip():
        problems.add(path, f"the file is empty: expected a header row naming the columns ({expected}) "
                     "and one row per card", 1)
        return None
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    rows: list[tuple[int, tuple[str, ...]]] = []
    header: tuple[str, ...] | None = None
    start = 1
    try:
        for cells in reader:
            if header is None:
                header = tuple(cell.strip() for cell in cells)
            elif any(cell.strip() for cell in cells):
                rows.append((start, tuple(cells)))
            start = reader.line_num + 1
    except csv.Error as error:
        problems.add(path, f"not readable as CSV: {error} (check the quotes on this row)", start)
        return None
    if header is None or not any(header):
        problems.add(path, f"the header row is empty: expected the column names ({expected})", 1)
        return None
    return Table(header, tuple(rows))
