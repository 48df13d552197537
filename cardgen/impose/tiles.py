"""Where a board larger than the paper goes: a grid of overlapping tiles, each on its own sheet.

Board coordinates are millimetres from the board's trim top-left, y down; page coordinates from
the page's top-left. Neighbouring tiles show the same `overlap` mm of the board: the tile nearer
the top-left (A1) goes underneath and carries the glue strip, the other is cut along its window's
edge and laid over it. Every tile's window (the board it shows) is the same size, so each sheet
keeps the same room around it: `RESERVE` mm on every side for bleed, crop marks and targets, and a
`BAND` at the foot for the sheet's name, the board's title and a map of where the sheet goes.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass

from cardgen.impose.papers import Paper
from cardgen.impose.sheet import MARGIN, MARK_GAP, MARK_LENGTH

OVERLAP = 10.0  # mm shared by two neighbouring tiles
RESERVE_MARKS = MARK_GAP + MARK_LENGTH  # beyond the bleed, on every side of a tile's window
BAND = 14.0  # mm at the foot of a tiled sheet for its name, the title and the map


class TileError(ValueError):
    """A board that cannot be tiled as asked; the message names the value that is wrong."""


def row_name(row: int) -> str:
    """The letter(s) of row `row` (from 0): A..Z, then AA, AB..."""
    letters = string.ascii_uppercase
    name = ""
    row += 1
    while row:
        row, rest = divmod(row - 1, 26)
        name = letters[rest] + name
    return name


@dataclass(frozen=True)
class Tile:
    """One sheet: the board window it shows (board mm) and where the board's origin lies on the page."""

    row: int
    col: int
    x: float  # window, board coordinates (trim only, no bleed)
    y: float
    width: float
    height: float
    origin_x: float  # page position of the board's (0, 0)
    origin_y: float

    @property
    def name(self) -> str:
        """Row letter and column number: "B2"."""
        return f"{row_name(self.row)}{self.col + 1}"

    def page(self, x: float, y: float) -> tuple[float, float]:
        """The page position of board point (x, y) on this sheet."""
        return self.origin_x + x, self.origin_y + y


@dataclass(frozen=True)
class TilePlan:
    """A board's tiles on sheets of `paper` (turned as chosen), in reading order."""

    board_width: float
    board_height: float
    paper: Paper
    margin: float
    overlap: float
    bleed: float
    rows: int
    cols: int
    tiles: tuple[Tile, ...]

    def tile(self, row: int, col: int) -> Tile:
        return self.tiles[row * self.cols + col]

    def bleeds(self, tile: Tile) -> tuple[float, float, float, float]:
        """Bleed drawn on the (left, top, right, bottom) of `tile`: on the board's outer edges only."""
        b = self.bleed
        return (b if tile.col == 0 else 0.0, b if tile.row == 0 else 0.0,
                b if tile.col == self.cols - 1 else 0.0, b if tile.row == self.rows - 1 else 0.0)

    def clip(self, tile: Tile) -> tuple[float, float, float, float]:
        """(x, y, w, h) on the page of what the sheet prints of the board: its window plus outer bleed."""
        left, top, right, bottom = self.bleeds(tile)
        x, y = tile.page(tile.x - left, tile.y - top)
        return x, y, tile.width + left + right, tile.height + top + bottom

    @property
    def reserve(self) -> float:
        """The room kept around every window: bleed, crop-mark gap and length."""
        return self.bleed + RESERVE_MARKS


def _windows(length: float, room: float, overlap: float, what: str) -> list[tuple[float, float]]:
    """Equal windows (start, size) covering `length`, each at most `room`, neighbours sharing `overlap`."""
    if length <= room + 1e-9:
        return [(0.0, length)]
    if room <= overlap:
        raise TileError(f"overlap {overlap:g} mm leaves no room on the paper: the sheet shows {room:g} mm "
                        f"of the board's {what}")
    count = math.ceil((length - overlap) / (room - overlap) - 1e-9)
    size = (length + (count - 1) * overlap) / count
    return [(i * (size - overlap), size) for i in range(count)]


def _layout(board_w: float, board_h: float, page: Paper, margin: float, overlap: float,
            bleed: float) -> TilePlan:
    reserve = bleed + RESERVE_MARKS
    room_w = page.width - 2 * margin - 2 * reserve
    room_h = page.height - 2 * margin - 2 * reserve - BAND
    if room_w <= 0 or room_h <= 0:
        raise TileError(f"paper {page.name} ({page.width:g} x {page.height:g} mm) has no room for a board "
                        f"inside a {margin:g} mm margin and {reserve:g} mm of bleed and marks")
    single = board_w <= room_w + 1e-9 and board_h <= room_h + 1e-9
    columns = _windows(board_w, room_w, overlap, "width")
    rows = _windows(board_h, room_h, overlap, "height")
    tiles = []
    for r, (y, h) in enumerate(rows):
        for c, (x, w) in enumerate(columns):
            if single:  # one sheet: the board centred on the page
                left, top = (page.width - w) / 2, (page.height - h) / 2
            else:  # the window centred in the room above the band
                left = margin + reserve + (room_w - w) / 2
                top = margin + reserve + (room_h - h) / 2
            tiles.append(Tile(r, c, x, y, w, h, left - x, top - y))
    return TilePlan(board_w, board_h, page, margin, overlap, bleed, len(rows), len(columns), tuple(tiles))


def tile_plan(board_w: float, board_h: float, paper: Paper, margin: float = MARGIN,
              overlap: float = OVERLAP, bleed: float = 0.0) -> TilePlan:
    """The sheets of `paper` a `board_w` x `board_h` mm board prints on, turned the way that needs fewer
    (portrait on a tie); TileError for sizes that cannot work."""
    for name, value in (("board width", board_w), ("board height", board_h)):
        if not (isinstance(value, (int, float)) and math.isfinite(value) and value > 0):
            raise TileError(f"{name} must be a positive number of mm, not {value!r}")
    for name, value in (("margin", margin), ("overlap", overlap), ("bleed", bleed)):
        if not (isinstance(value, (int, float)) and math.isfinite(value) and value >= 0):
            raise TileError(f"{name} must be zero or a positive number of mm, not {value!r}")
    portrait = Paper(paper.name, min(paper.width, paper.height), max(paper.width, paper.height))
    landscape = Paper(paper.name, portrait.height, portrait.width)
    plans = []
    for page in (portrait, landscape):
        try:
            plans.append(_layout(float(board_w), float(board_h), page, margin, overlap, bleed))
        except TileError as error:
            problem = error
    if not plans:
        raise problem
    return min(plans, key=lambda plan: len(plan.tiles))
