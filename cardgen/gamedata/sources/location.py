"""Where in a deck's data file something is, said as a CSV (`heroes.csv:7:2`) or a spreadsheet (`cell B7`) says it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Location:
    """A file, and in it a line (a row) and a column counted from 1; `sheet` names the sheet of a spreadsheet.

    A CSV place reads `heroes.csv:7:2`; a spreadsheet place reads `cards.xlsx, sheet Heroes, cell B7`
    (or `row 7` when the column is not known).
    """

    file: Path
    line: int | None = None
    column: int | None = None
    sheet: str | None = None

    def __str__(self) -> str:
        return self._said(str(self.file))

    def brief(self) -> str:
        """The place with the file's name only, for naming another place inside a message."""
        return self._said(Path(self.file).name)

    def row(self) -> str:
        """`line 7` for a CSV, `row 7` for a spreadsheet."""
        return f"{'line' if self.sheet is None else 'row'} {self.line}"

    def _said(self, name: str) -> str:
        if self.sheet is None:
            parts = [name]
            if self.line is not None:
                parts.append(str(self.line))
                if self.column is not None:
                    parts.append(str(self.column))
            return ":".join(parts)
        text = f"{name}, sheet {self.sheet}"
        if self.line is None:
            return text
        if self.column is None:
            return f"{text}, row {self.line}"
        return f"{text}, cell {column_letters(self.column)}{self.line}"


def column_letters(column: int) -> str:
    """A spreadsheet column's letters: 1 is A, 26 is Z, 27 is AA."""
    if column < 1:
        raise ValueError(f"columns are counted from 1, not {column}")
    letters = ""
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters
