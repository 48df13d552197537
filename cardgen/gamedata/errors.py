"""Problems found in a game's data, each naming its place, and the error that carries them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the data: where it is and what is wrong there."""

    file: Path
    message: str
    line: int | None = None
    column: int | None = None

    def place(self) -> str:
        """`file:line:column`, with as much of it as is known."""
        parts = [str(self.file)]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

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

    def add(self, file: Path, message: str, line: int | None = None, column: int | None = None) -> None:
        self.problems.append(Problem(file, message, line, column))

    def raise_if_any(self) -> None:
        if self.problems:
            raise GameDataError(self.problems)
