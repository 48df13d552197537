"""Reads a deck's sheet of an .xlsx or .ods file into the same header and rows a CSV gives.

The reader, python-calamine, is an optional extra (`pip install 'pnpkit[spreadsheets]'`): it is imported
only when a deck names a spreadsheet, so a game of CSV files loads with the standard library alone.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cardgen.gamedata.sources.cell_text import cell_text
from cardgen.gamedata.sources.csvfile import Table
from cardgen.gamedata.errors import Collector
from cardgen.gamedata.sources.location import column_letters
from cardgen.gamedata.sources.ods_merges import ods_merged_ranges
from cardgen.gamedata.records import Deck
from cardgen.gamedata.tomlplaces import TomlPlaces
from cardgen.gamedata.sources.unsaved_formulas import unsaved_formulas

SPREADSHEET_SUFFIXES = (".xlsx", ".ods")
INSTALL = "pip install 'pnpkit[spreadsheets]'"


def is_spreadsheet(path: Path) -> bool:
    """Whether a deck's file is a spreadsheet (read a sheet of it) rather than a CSV file."""
    return path.suffix.lower() in SPREADSHEET_SUFFIXES


def read_sheet(deck: Deck, problems: Collector, expected: str, manifest: Path) -> tuple[Table | None, str | None]:
    """The deck's sheet as a Table whose rows carry their row numbers in the sheet, and the sheet's name;
    (None, None) after recording why it cannot be read.

    The sheet is the one game.toml names (`sheet = "Heroes"`), else the one named like the deck
    (`Heroes` for deck `heroes`, case and spaces aside), else the first. `expected` names the columns
    the header should have; `manifest` is game.toml, where a problem with the deck's own keys is reported.
    """
    path = deck.file
    try:
        import python_calamine
    except ImportError:
        problems.add(manifest, f"deck {deck.id!r}: {path.name} is a spreadsheet, and reading one needs pnpkit's "
                     f"spreadsheet support, which is not installed; install it with: {INSTALL}",
                     _line(manifest, deck.id, "file"))
        return None, None
    if not path.is_file():
        problems.add(path, "file not found: game.toml declares this deck, so its spreadsheet must exist")
        return None, None
    try:
        workbook = python_calamine.CalamineWorkbook.from_path(str(path))
    except python_calamine.PasswordError:
        problems.add(path, "the file is protected by a password; save a copy without one for pnpkit to read")
        return None, None
    except (python_calamine.CalamineError, OSError, ValueError) as error:
        problems.add(path, f"not readable as an {path.suffix.lower()} spreadsheet ({error}); open it in your "
                     f"spreadsheet program and save it again as {path.suffix.lower()}")
        return None, None
    name = deck.sheet
    try:
        name = _sheet_name(deck, workbook, problems, manifest)
        if name is None:
            return None, None
        sheet = workbook.get_sheet_by_name(name)
        grid = sheet.to_python(skip_empty_area=False)
        merged = sheet.merged_cell_ranges
    except (python_calamine.CalamineError, ValueError) as error:
        problems.add(path, f"sheet {name!r} is not readable ({error}); open the file in your spreadsheet program "
                     f"and save it again as {path.suffix.lower()}")
        return None, None
    finally:
        workbook.close()
    if merged is None and path.suffix.lower() == ".ods":
        merged = ods_merged_ranges(path, name)
    unsaved = unsaved_formulas(path, name)
    if unsaved:  # their cells read as empty: said once, with the way out, rather than as an empty cell each
        problems.add(path, f"{len(unsaved)} cell{'s' if len(unsaved) > 1 else ''} ({', '.join(unsaved[:5])}"
                     f"{', ...' if len(unsaved) > 5 else ''}) hold a formula with no saved result: the file was last "
                     "written by a program that does not calculate (a script, such as one using openpyxl); open it "
                     "in Excel or LibreOffice Calc and save it, so each result is saved beside its formula",
                     sheet=name)
        return None, name
    return _table(path, name, _spread(grid, merged or ()), problems, expected), name


def _sheet_name(deck: Deck, workbook: Any, problems: Collector, manifest: Path) -> str | None:
    """The sheet the deck reads: the one game.toml names, else the one named like the deck, else the first."""
    names = list(workbook.sheet_names)
    listed = ", ".join(repr(name) for name in names) or "none"
    if deck.sheet is not None:
        if deck.sheet in names:
            return deck.sheet
        problems.add(manifest, f"deck {deck.id!r}: {deck.file.name} has no sheet {deck.sheet!r}; its sheets are "
                     f"{listed}", _line(manifest, deck.id, "sheet"))
        return None
    for name in names:
        if _as_id(name) == deck.id:
            return name
    from python_calamine import SheetTypeEnum, SheetVisibleEnum  # imported already by read_sheet

    worksheets = [meta.name for meta in workbook.sheets_metadata
                  if meta.typ == SheetTypeEnum.WorkSheet and meta.visible == SheetVisibleEnum.Visible]
    if not worksheets:
        problems.add(deck.file, f"the file has no sheet of cells to read (sheets: {listed})")
        return None
    return worksheets[0]


def _as_id(name: str) -> str:
    """A sheet's name the way a deck id is written: `Hero Cards` -> `hero_cards`."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def _spread(grid: list[list[Any]], merged: Any) -> list[list[Any]]:
    """The grid with each merged range's value (its top-left cell's) in every cell of the range."""
    rows = [list(row) for row in grid]
    for (top, left), (bottom, right) in merged:
        value = rows[top][left] if top < len(rows) and left < len(rows[top]) else None
        for row in range(top, bottom + 1):
            while len(rows) <= row:
                rows.append([])
            cells = rows[row]
            cells.extend([None] * (right + 1 - len(cells)))
            for column in range(left, right + 1):
                cells[column] = value
    return rows


def _table(path: Path, sheet: str, grid: list[list[Any]], problems: Collector, expected: str) -> Table | None:
    """The header (row 1) and the non-blank rows below it, each as wide as the header, as text."""
    texts = [[cell_text(value) for value in row] for row in grid]
    while texts and not any(text.strip() for text in texts[-1]):
        texts.pop()
    if not texts:
        problems.add(path, f"the sheet is empty: expected a header row naming the columns ({expected}) "
                     "and one row per card", sheet=sheet)
        return None
    header = [text.strip() for text in texts[0]]
    while header and not header[-1]:
        header.pop()
    if not header:
        problems.add(path, f"the header row is empty: expected the column names ({expected}) in row 1",
                     1, sheet=sheet)
        return None
    width = len(header)
    rows: list[tuple[int, tuple[str, ...]]] = []
    for number, cells in enumerate(texts[1:], start=2):
        beyond = next((index for index in range(width, len(cells)) if cells[index].strip()), None)
        if beyond is not None:
            letter = column_letters(width)
            problems.add(path, f"this cell has a value, but its column has no name in row 1 (the last named "
                         f"column is {letter}); name the column in row 1 or clear the cell", number, beyond + 1,
                         sheet=sheet)
        cells = (cells + [""] * width)[:width]
        if any(cell.strip() for cell in cells):
            rows.append((number, tuple(cells)))
    return Table(tuple(header), tuple(rows))


def _line(manifest: Path, deck_id: str, key: str) -> int | None:
    """The line of `[decks.<id>] key` in game.toml (or of the deck's table when the key is not written)."""
    try:
        return TomlPlaces(manifest.read_text(encoding="utf-8-sig")).line("decks", deck_id, key)
    except (OSError, UnicodeDecodeError):
        return None

