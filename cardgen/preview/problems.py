"""What `cardgen check` says about a game, as lines for the preview page: where (file:line) and what."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from cardgen.gamedata import Game
from cardgen.gamedata.errors import Problem
from cardgen.gamedata.sources.location import Location
from cardgen.gamedata.sound import sound_decks
from cardgen.layout.audit import Finding, audit

_PLACE = re.compile(r"(.+?)((?::\d+)+)$")  # a path, then :line (and :column)


@dataclass(frozen=True)
class Line:
    """One problem as the page lists it: "error" or "warning", its place (a file:line, "" when it has none), what."""

    level: str
    place: str
    message: str


def data_lines(root: Path, game: Game | None, problems: Iterable[Problem]) -> list[Line]:
    """A game whose data has problems, as `cardgen check` reports it: the data problems, then the layout
    problems of the decks none of them is about (when game.toml could be read at all)."""
    problems = tuple(problems)
    lines = [Line("error", str(replace_file(problem, root)), within(root, problem.message)) for problem in problems]
    if game is not None:
        sound, _ = sound_decks(game, problems)
        if sound:
            lines += layout_lines(root, replace(game, decks=sound))
    return lines


def layout_lines(root: Path, game: Game) -> list[Line]:
    """Every layout problem of a game whose data loads, errors and warnings, as `cardgen check` lists them."""
    return [finding_line(root, finding) for finding in audit(game)]


def finding_line(root: Path, finding: Finding) -> Line:
    """A layout finding (of `cardgen check` or of laying out the cards) as a line."""
    return Line(finding.level, shown(root, finding.place), within(root, f"{finding.message} [{finding.where()}]"))


def replace_file(problem: Problem, root: Path) -> Location:
    """The problem's place with its file named from the game folder (`heroes.csv:7`), as a designer opens it."""
    return Location(Path(shown(root, str(problem.file))), problem.line, problem.column, problem.sheet)


def within(root: Path, message: str) -> str:
    """The message with the files of the game folder it names named from the folder (`heroes.csv:1`, not
    `/home/me/games/mine/heroes.csv:1`), as the page names them everywhere else."""
    prefixes = {str(root.resolve()), str(root), os.path.relpath(root.resolve())}
    for prefix in sorted((p for p in prefixes if p not in ("", ".") and not p.startswith("..")), key=len, reverse=True):
        message = re.sub(r"(?<![\w./\\-])" + re.escape(prefix + os.sep), "", message)
    return message


def shown(root: Path, place: str) -> str:
    """A place (`path` or `path:line[:column]`) with the path named from the game folder when it is inside it."""
    if not place:
        return ""
    match = _PLACE.match(place)
    path, tail = (match.group(1), match.group(2)) if match else (place, "")
    try:
        relative = os.path.relpath(Path(path).resolve(), root.resolve())
    except ValueError:  # another drive on Windows
        return place
    return (path if relative.startswith("..") else relative) + tail
