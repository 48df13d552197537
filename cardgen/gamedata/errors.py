"""Problems found in a game's data, each naming its place, and the error that carries them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardgen.gamedata.sources.location import Location


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the data: where it is and what is wrong there."""

    file: Path
    message: str
    line: int | None = None
    column: int | None = None
    sheet: str | None = None  # the sheet, when the file is a spreadsheet (.xlsx, .ods)

    def place(self) -> str:
        """`file:line:column` (`file, sheet S, cell B7` in a spreadsheet), with as much of it as is known."""
        return str(Location(self.file, self.line, self.column, self.sheet))

    def __str__(self) -> str:
        return f"{self.place()}: {self.message}"


class GameDataError(Exception):
    """A game folder that cannot be loaded; `problems` lists every reason at once."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]):
        self.problems = tuple(problems)
        count = len(self.problems)
        head = f"{count} problem{'s' if count != 1 else ''} in the game data"
        super().__init__("\n".join([head + ":", *(f"  {p}" for p in self.problems)]))


class Collector:
    """Gathers problems while a game is read, so all of them are reported together."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, file: Path, message: str, line: int | None = None, column: int | None = None,
            sheet: str | None = None) -> None:
        self.problems.append(Problem(file, message, line, column, sheet))

    def in_sheet(self, file: Path, sheet: str | None) -> Collector:
        """This collector, adding `sheet` to each problem about `file` (a spreadsheet) that names no sheet."""
        return _SheetCollector(self, file, sheet) if sheet is not None else self

    def raise_if_any(self) -> None:
        if self.problems:
            raise GameDataError(self.problems)


class _SheetCollector(Collector):
    """A view of a Collector for one sheet of a spreadsheet: the problems about its file name the sheet."""

    def __init__(self, collector: Collector, file: Path, sheet: str) -> None:
        self.problems = collector.problems  # the same list: what is added here is the collector's
        self._collector, self._file, self._sheet = collector, file, sheet

    def add(self, file: Path, message: str, line: int | None = None, column: int | None = None,
            sheet: str | None = None) -> None:
        if sheet is None and file == self._file:
            sheet = self._sheet
        self._collector.add(file, message, line, column, sheet)
