"""Turns the rows of one deck's CSV into validated Card records."""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from cardgen.gamedata.columns import CellError, Column
from cardgen.gamedata.sources.csvfile import Table
from cardgen.gamedata.errors import Collector
from cardgen.gamedata.sources.location import Location
from cardgen.gamedata.records import Card, Deck
from cardgen.gamedata.rowfilter import ConditionError


COPY_COLUMNS = ("qty", "quantity", "copies")  # what other tools call `count`; read as it


@dataclass(frozen=True)
class RowId:
    """The card id a row of a deck's CSV gives, and where: for the game-wide check that ids are unique."""

    id: str
    deck: str
    file: Path
    line: int
    column: int  # of the id cell, counted from 1
    sheet: str | None = None  # when the deck's file is a spreadsheet

    def location(self) -> Location:
        """Where the id cell is: `heroes.csv:7:1`, or `cards.xlsx, sheet Heroes, cell A7`."""
        return Location(self.file, self.line, self.column, self.sheet)


def read_cards(deck: Deck, table: Table, problems: Collector, ids: list[RowId] | None = None) -> tuple[Card, ...]:
    """The deck's cards; every unknown, missing or ill-typed cell is recorded as a problem.

    `ids`, when given, receives the id of every row the deck takes, in file order: the rows with
    errors in other cells too, so a duplicate id is reported in the same run as those errors.
    """
    path = deck.file
    problems = problems.in_sheet(path, deck.sheet)  # a spreadsheet deck's problems name its sheet and cells
    positions = _positions(deck, table.header, problems)
    source = deck.ids_from or "name"  # the column ids are made from when the file has none
    made_up = (deck.rows_are_copies or deck.ids_from is not None) and "id" not in positions
    for column in deck.columns:
        if column.required and column.default is None and column.name not in positions \
                and not (made_up and column.name == "id"):
            problems.add(path, f"missing column {column.name!r}: deck {deck.id!r} requires it "
                         f"({column.expectation()})" + (_ROWS_ARE_COPIES if column.name == "id" else ""), 1)
    if made_up and source not in positions and source != "name":  # a missing name is said above
        problems.add(path, f"missing column {source!r}: deck {deck.id!r} makes its cards' ids from it (ids_from)", 1)
    if ("id" not in positions and not made_up) or "name" not in positions or (made_up and source not in positions):
        return ()
    cards = []
    seen: dict[tuple[str, Any], int] = {}
    names: dict[str, int] = {}
    kept = 0
    failed: list[int] = []  # the first row the condition fails on, reported once
    for line, cells in table.rows:
        if len(cells) != len(table.header):
            problems.add(path, f"this row has {len(cells)} cells but the header has {len(table.header)} "
                         "(a missing or extra comma, or an unquoted comma in a cell)", line)
            continue
        values, ok = _row_values(deck, positions, cells, path, line, problems, skip={"id"} if made_up else set())
        if not ok:  # its other cells are still checked against the rows around it
            if _may_take(deck, values):
                if ids is not None and not made_up and values.get("id") is not None:
                    ids.append(RowId(values["id"], deck.id, path, line, positions["id"] + 1, deck.sheet))
                _check_unique(deck, values, positions, seen, path, line, problems)
            continue
        if not _taken(deck, values, path, line, problems, reported=failed):
            continue
        kept += 1
        if made_up:
            if values.get(source) in (None, ""):
                problems.add(path, f"column {source!r} is empty, and this card's id is made from it (ids_from)", line,
                             positions[source] + 1)
                continue
            stem = f"{deck.id}-{_id_word(str(values[source]))}"
            names[stem] = names.get(stem, 0) + 1
            values["id"] = f"{stem}-{names[stem]}"
        _check_unique(deck, values, positions, seen, path, line, problems)
        if ids is not None:
            ids.append(RowId(values["id"], deck.id, path, line, positions.get("id", positions["name"]) + 1,
                             deck.sheet))
        layout = str(values.get(deck.layout_by) or "") if deck.layout_by else deck.layout
        cards.append(Card(
            id=values["id"], name=values["name"], deck=deck.id, count=values["count"], layout=layout,
            fields=MappingProxyType(values), file=path, line=line, sheet=deck.sheet,
        ))
    if deck.where is not None and table.rows and not kept and not problems.problems:
        problems.add(deck.where.file, f"deck {deck.id!r}: where {deck.where.source!r} takes none of the "
                     f"{len(table.rows)} rows of {Location(path, sheet=deck.sheet).brief()}", deck.where.line)
    return tuple(cards)


def _check_unique(deck: Deck, values: dict[str, Any], positions: dict[str, int], seen: dict[tuple[str, Any], int],
                  path: Path, line: int, problems: Collector) -> None:
    """Records a problem for each `unique` column (but id, checked game-wide) whose value an earlier row has."""
    for column in deck.columns:
        if column.unique and values.get(column.name) is not None and column.name != "id":
            key = (column.name, values[column.name])
            if key in seen:
                problems.add(path, f"column {column.name!r}: value {values[column.name]!r} is already used "
                             f"on {Location(path, seen[key], sheet=deck.sheet).row()}; it must be unique", line,
                             positions[column.name] + 1)
            seen.setdefault(key, line)


def _may_take(deck: Deck, values: dict[str, Any]) -> bool:
    """Whether the deck's `where` takes a row with errors, as far as its readable cells tell (no when unsure)."""
    if deck.where is None:
        return True
    try:
        return deck.where.keeps(values)
    except ConditionError:
        return False


def _taken(deck: Deck, values: dict[str, Any], path: Path, line: int, problems: Collector,
           reported: list[int]) -> bool:
    """Whether the deck's `where` takes this row; the first row it fails on is a problem at game.toml's line."""
    if deck.where is None:
        return True
    try:
        return deck.where.keeps(values)
    except ConditionError as error:
        if not reported:
            problems.add(deck.where.file, f"deck {deck.id!r}: where {deck.where.source!r} fails on the row at "
                         f"{Location(path, line, sheet=deck.sheet).brief()}: {error}", deck.where.line)
        reported.append(line)
        return False


_ROWS_ARE_COPIES = (" (or say ids_from = \"name\" in the deck's table to make the ids from the names, or "
                    "rows_are_copies = true when each row is one card)")


def _positions(deck: Deck, header: tuple[str, ...], problems: Collector) -> dict[str, int]:
    """Column name -> cell index; a `qty`, `quantity` or `copies` column stands for `count`. A header matches its
    column whatever its capitals (`Name` is `name`) when the deck declares no other column it could be."""
    path = deck.file
    declared = {column.name: column for column in deck.columns}
    folded: dict[str, list[str]] = {}
    for column_name in declared:
        folded.setdefault(column_name.casefold(), []).append(column_name)
    positions: dict[str, int] = {}
    copies: list[tuple[str, int]] = [("count", header.index("count"))] if "count" in header else []
    for index, name in enumerate(header):
        same = folded.get(name.casefold(), [])
        column = name if name in declared else same[0] if len(same) == 1 else None
        if not name:
            problems.add(path, "a column in the header has no name", 1, index + 1)
        elif (column or name) in positions:
            problems.add(path, f"column {name!r} appears twice in the header"
                         + ("" if column in (None, name) else f" (as {column!r}, capitals aside)"), 1, index + 1)
        elif name.lower() in COPY_COLUMNS:
            if copies:
                problems.add(path, f"column {name!r} would say how many copies of each card to print, as "
                             f"column {copies[0][0]!r} already does; keep one of them (rename {name!r}, e.g. to "
                             "'amount', if it means something else)", 1, index + 1)
            else:
                copies.append((name, index))
            if column is not None:
                positions[column] = index
        elif column is None:
            close = difflib.get_close_matches(name.casefold(), list(folded), n=1, cutoff=0.75)
            hint = f"; did you mean {folded[close[0]][0]!r}?" if close else ""
            problems.add(path, f"unknown column {name!r}: deck {deck.id!r} declares "
                         + ", ".join(declared) + f" (declare it in game.toml or fix the header){hint}", 1, index + 1)
        else:
            positions[column] = index
    if copies and deck.rows_are_copies:
        name, index = copies[0]
        problems.add(path, f"column {name!r} says how many copies to print, but deck {deck.id!r} has "
                     "rows_are_copies = true (each row is one card); remove the column or the setting", 1, index + 1)
        positions.pop("count", None)
    elif copies:
        positions["count"] = copies[0][1]
    return positions


def _id_word(name: str) -> str:
    """The card's name as letters, digits and dashes, for an id made up from it."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-") or "card"


def _row_values(deck: Deck, positions: dict[str, int], cells: tuple[str, ...], path: Path, line: int,
                problems: Collector, skip: set[str]) -> tuple[dict[str, Any], bool]:
    """The row's typed values and whether all of them could be read (a cell that cannot is left out)."""
    values: dict[str, Any] = {}
    ok = True
    for column in deck.columns:
        if column.name in skip:
            continue
        index = positions.get(column.name)
        text = cells[index] if index is not None else ""
        if not text.strip():
            if column.required and column.default is None:
                problems.add(path, f"column {column.name!r}: expected {column.expectation()}, found an empty cell",
                             line, (index or 0) + 1)
                ok = False
            values[column.name] = column.default
            continue
        try:
            values[column.name] = column.parse(text)
        except CellError as error:
            problems.add(path, f"column {column.name!r}: expected {error.expected}, found {_shown(text)}",
                         line, (index or 0) + 1)
            ok = False
    return values, ok


def _shown(text: str) -> str:
    text = text.strip()
    return repr(text if len(text) <= 40 else text[:37] + "...")


def required_header(columns: tuple[Column, ...]) -> str:
    """The column names a deck's header needs, for messages."""
    return ", ".join(c.name for c in columns if c.required and c.default is None)
