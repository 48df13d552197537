"""Square and hex grids of cols x rows cells, with coordinates, as drawing operations in mm (y down).

Hex grids follow protograf's conventions: `orientation` "flat" (flat tops; columns offset) or "pointy" (pointed
tops; rows offset), `side` the length of each of a hex's six equal sides, and `offset` "even" (protograf's
default: the 2nd, 4th... column, or row, counted from 1, sits half a hex lower, or further right) or "odd" (the 1st,
3rd...). Neighbouring hexes share their edges exactly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.layout.board_text import MIN_SIZE, centred, fit_size
from cardgen.layout.ops import Op, Path, Rect

Point = tuple[float, float]
KINDS = ("square", "hex")
ORIENTATIONS = ("flat", "pointy")
OFFSETS = ("even", "odd")
COORDS = ("none", "A1", "0101", "q,r")
PLACES = ("top", "middle", "bottom")
ROOT3 = math.sqrt(3)


class GridError(ValueError):
    """A grid that cannot be drawn as asked (no cells, or coordinates that do not fit its cells)."""


@dataclass(frozen=True)
class GridStyle:
    """How a grid looks: lines, fill, and the coordinates printed in each cell (`coords`, at `place`)."""

    stroke: str = "#000000"
    fill: str | None = None
    stroke_width: float = 0.3
    coords: str = "none"
    place: str = "top"
    font: str = "regular"
    colour: str = "#555555"


@dataclass(frozen=True)
class Cell:
    """One cell: its column and row counted from 0, its centre and its corners (clockwise), in mm."""

    col: int
    row: int
    centre: Point
    corners: tuple[Point, ...]


def _check_counts(cols: int, rows: int, size: float) -> None:
    if cols < 1 or rows < 1:
        raise GridError(f"a grid needs at least one column and one row, found {cols} x {rows}")
    if size <= 0:
        raise GridError(f"a grid's cell size must be above 0 mm, found {size:g}")


def square_cells(x: float, y: float, cols: int, rows: int, size: float) -> list[Cell]:
    """Square cells of `size` mm, the grid's top-left corner at (x, y); row by row from the top."""
    _check_counts(cols, rows, size)
    cells = []
    for row in range(rows):
        for col in range(cols):
            left, top = x + col * size, y + row * size
            corners = ((left, top), (left + size, top), (left + size, top + size), (left, top + size))
            cells.append(Cell(col, row, (left + size / 2, top + size / 2), corners))
    return cells


def shifted(index: int, offset: str) -> bool:
    """Whether column (flat) or row (pointy) `index`, counted from 0, sits half a hex out of line."""
    return index % 2 == (1 if offset == "even" else 0)


def hex_cells(x: float, y: float, cols: int, rows: int, side: float, orientation: str = "flat",
              offset: str = "even") -> list[Cell]:
    """Regular hexes of `side` mm, the grid's bounding box's top-left corner at (x, y); row by row from the top."""
    _check_counts(cols, rows, side)
    if orientation not in ORIENTATIONS:
        raise GridError(f"orientation must be one of {', '.join(ORIENTATIONS)}, found {orientation!r}")
    if offset not in OFFSETS:
        raise GridError(f"offset must be one of {', '.join(OFFSETS)}, found {offset!r}")
    first = 0 if orientation == "flat" else 30  # the angle of the first corner, clockwise from 3 o'clock
    unit = [(side * math.cos(math.radians(first + 60 * k)), side * math.sin(math.radians(first + 60 * k)))
            for k in range(6)]
    centres = {}
    for row in range(rows):
        for col in range(cols):
            if orientation == "flat":
                centres[col, row] = (1.5 * side * col, ROOT3 * side * (row + (0.5 if shifted(col, offset) else 0)))
            else:
                centres[col, row] = (ROOT3 * side * (col + (0.5 if shifted(row, offset) else 0)), 1.5 * side * row)
    left = min(cx + dx for cx, _ in centres.values() for dx, _ in unit)
    top = min(cy + dy for _, cy in centres.values() for _, dy in unit)
    cells = []
    for (col, row), (cx, cy) in centres.items():
        px, py = x - left + cx, y - top + cy
        cells.append(Cell(col, row, (px, py), tuple((px + dx, py + dy) for dx, dy in unit)))
    return cells


def axial(col: int, row: int, orientation: str, offset: str) -> tuple[int, int]:
    """The axial coordinates (q, r) of the hex in column `col`, row `row` (from 0): neighbours differ by one of
    (+1, 0), (-1, 0), (0, +1), (0, -1), (+1, -1), (-1, +1)."""
    if orientation == "flat":
        if shifted(1, offset):  # the odd columns (from 0) sit lower
            return col, row - (col - (col & 1)) // 2
        return col, row - (col + (col & 1)) // 2
    if shifted(1, offset):
        return col - (row - (row & 1)) // 2, row
    return col - (row + (row & 1)) // 2, row


def letters(index: int) -> str:
    """A, B, ... Z, AA, AB ... for 0, 1, ... (spreadsheet columns)."""
    text = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        text = chr(ord("A") + rest) + text
    return text


def coordinate(cell: Cell, coords: str, kind: str, orientation: str, offset: str, digits: int) -> str:
    """The coordinate printed in `cell`: "A1" (column letters, row from 1), "0101" (column then row from 1, each
    `digits` long, as wargames number hexes), "q,r" (axial for hexes, column,row from 0 for squares)."""
    if coords == "A1":
        return f"{letters(cell.col)}{cell.row + 1}"
    if coords == "0101":
        return f"{cell.col + 1:0{digits}d}{cell.row + 1:0{digits}d}"
    if coords == "q,r":
        q, r = axial(cell.col, cell.row, orientation, offset) if kind == "hex" else (cell.col, cell.row)
        return f"{q},{r}"
    return ""


def grid_ops(cells: Sequence[Cell], style: GridStyle, kind: str = "square", orientation: str = "flat",
             offset: str = "even") -> tuple[Op, ...]:
    """Each cell in turn: its outline (a Rect for squares, a closed Path for hexes) and its coordinate."""
    if style.coords not in COORDS:
        raise GridError(f"coords must be one of {', '.join(COORDS)}, found {style.coords!r}")
    if style.place not in PLACES:
        raise GridError(f"coordinates' place must be one of {', '.join(PLACES)}, found {style.place!r}")
    if not cells:
        return ()
    digits = max(2, len(str(max(max(c.col, c.row) for c in cells) + 1)))
    texts = [coordinate(cell, style.coords, kind, orientation, offset, digits) for cell in cells]
    first = cells[0].corners
    if kind == "square":
        size = first[1][0] - first[0][0]
        box_w, box_h, lift = 0.8 * size, 0.25 * size, 0.3 * size
    elif orientation == "flat":
        side = math.dist(first[0], first[1])
        box_w, box_h, lift = 0.95 * side, 0.3 * side, 0.476 * side
    else:
        side = math.dist(first[0], first[1])
        box_w, box_h, lift = 1.2 * side, 0.25 * side, 0.45 * side
    lift = {"top": -lift, "middle": 0.0, "bottom": lift}[style.place]
    size = fit_size(texts, box_w, box_h, style.font, largest=10.0)
    if style.coords != "none" and size < MIN_SIZE:
        raise GridError(f"coordinates such as {max(texts, key=len)!r} do not fit these cells at {MIN_SIZE:g} pt "
                        "or more; make the cells larger")
    ops: list[Op] = []
    for cell, text in zip(cells, texts):
        if kind == "square":
            (left, top), (right, _), (_, bottom) = cell.corners[0], cell.corners[1], cell.corners[2]
            ops.append(Rect(left, top, right - left, bottom - top, style.fill, style.stroke, style.stroke_width))
        else:
            commands: list[tuple] = [("M", *cell.corners[0])]
            commands += [("L", *corner) for corner in cell.corners[1:]]
            ops.append(Path((*commands, ("Z",)), style.fill, style.stroke, style.stroke_width))
        if text:
            ops.append(centred(text, cell.centre[0], cell.centre[1] + lift, style.font, size, style.colour))
    return tuple(ops)
