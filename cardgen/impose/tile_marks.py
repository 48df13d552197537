"""The marks of a tiled board's sheet, in page mm: crop marks, targets, glue strips, cut lines, fold ticks.

Targets sit at the corners of every overlap a sheet shares with a neighbour, on both sheets, at the
same board point, so two sheets laid over each other line up exactly. The glue strip is on the sheet
underneath (nearer A1); the sheet over it is cut along its window's edge (the cut line).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.impose.sheet import MARK_GAP, MARK_LENGTH, Mark
from cardgen.impose.tiles import Tile, TileError, TilePlan

FOLD_AXES = ("x", "y")  # a fold at x = position runs top to bottom; at y = position, left to right


@dataclass(frozen=True)
class GlueStrip:
    """An overlap to glue on the sheet underneath, and the side its neighbour comes from."""

    x: float
    y: float
    width: float
    height: float
    side: str  # "right" or "bottom"


def crop_marks(plan: TilePlan, tile: Tile) -> list[Mark]:
    """Marks extending the board's outer trim lines past both ends of this sheet's window, beyond the bleed."""
    left, top, right, bottom = plan.bleeds(tile)
    x0, x1, y0, y1 = tile.x, tile.x + tile.width, tile.y, tile.y + tile.height
    board: list[tuple[float, float, float, float]] = []  # board points: start x, y, direction dx, dy
    if tile.row == 0:
        board += [(x0 - left - MARK_GAP, 0.0, -1, 0), (x1 + right + MARK_GAP, 0.0, 1, 0)]
    if tile.row == plan.rows - 1:
        board += [(x0 - left - MARK_GAP, plan.board_height, -1, 0), (x1 + right + MARK_GAP, plan.board_height, 1, 0)]
    if tile.col == 0:
        board += [(0.0, y0 - top - MARK_GAP, 0, -1), (0.0, y1 + bottom + MARK_GAP, 0, 1)]
    if tile.col == plan.cols - 1:
        board += [(plan.board_width, y0 - top - MARK_GAP, 0, -1), (plan.board_width, y1 + bottom + MARK_GAP, 0, 1)]
    marks = []
    for x, y, dx, dy in board:
        px, py = tile.page(x, y)
        marks.append(Mark(px, py, px + dx * MARK_LENGTH, py + dy * MARK_LENGTH))
    return marks


def overlaps(plan: TilePlan, tile: Tile) -> list[tuple[float, float, float, float]]:
    """The board rectangles (x, y, w, h) this sheet shares with its neighbours left, right, above and below."""
    found = []
    for dr, dc in ((0, -1), (0, 1), (-1, 0), (1, 0)):
        r, c = tile.row + dr, tile.col + dc
        if 0 <= r < plan.rows and 0 <= c < plan.cols:
            other = plan.tile(r, c)
            x0, x1 = max(tile.x, other.x), min(tile.x + tile.width, other.x + other.width)
            y0, y1 = max(tile.y, other.y), min(tile.y + tile.height, other.y + other.height)
            found.append((x0, y0, x1 - x0, y1 - y0))
    return found


def targets(plan: TilePlan, tile: Tile) -> list[tuple[float, float]]:
    """Board points of the alignment targets on this sheet: every corner of every overlap it shares."""
    points: list[tuple[float, float]] = []
    for x, y, w, h in overlaps(plan, tile):
        for point in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
            if all(abs(point[0] - p[0]) > 1e-6 or abs(point[1] - p[1]) > 1e-6 for p in points):
                points.append(point)
    return points


def glue_strips(plan: TilePlan, tile: Tile) -> list[GlueStrip]:
    """The overlaps on this sheet that a neighbour to the right or below is glued over (page mm)."""
    strips = []
    if tile.col + 1 < plan.cols:
        other = plan.tile(tile.row, tile.col + 1)
        x, y = tile.page(other.x, tile.y)
        strips.append(GlueStrip(x, y, tile.x + tile.width - other.x, tile.height, "right"))
    if tile.row + 1 < plan.rows:
        other = plan.tile(tile.row + 1, tile.col)
        x, y = tile.page(tile.x, other.y)
        strips.append(GlueStrip(x, y, tile.width, tile.y + tile.height - other.y, "bottom"))
    return strips


def cut_lines(plan: TilePlan, tile: Tile) -> list[Mark]:
    """Where this sheet is cut before it goes over its neighbours: its window's left and top edges, from
    margin to margin (sheets in the first column or row are not cut there)."""
    page, m = plan.paper, plan.margin
    lines = []
    x, y = tile.page(tile.x, tile.y)
    if tile.col > 0:
        lines.append(Mark(x, m, x, page.height - m))
    if tile.row > 0:
        lines.append(Mark(m, y, page.width - m, y))
    return lines


def check_folds(plan: TilePlan, folds: Sequence[tuple[str, float]]) -> None:
    """TileError naming the first fold that is not an axis and a position inside the board."""
    for index, fold in enumerate(folds):
        if not (isinstance(fold, (tuple, list)) and len(fold) == 2 and fold[0] in FOLD_AXES
                and isinstance(fold[1], (int, float))):
            raise TileError(f"fold {index + 1}: {fold!r} is not (\"x\" or \"y\", position in mm)")
        axis, position = fold
        length = plan.board_width if axis == "x" else plan.board_height
        if not 0 < position < length:
            raise TileError(f"fold {index + 1}: {axis} = {position:g} mm is not inside the board "
                            f"(0 to {length:g} mm)")


def fold_ticks(plan: TilePlan, tile: Tile, folds: Sequence[tuple[str, float]]) -> list[Mark]:
    """The ends of the board's fold lines that fall on this sheet, drawn outside the trim beyond the bleed."""
    b, ticks = plan.bleed, []
    for axis, position in folds:
        if axis == "x" and tile.x - 1e-9 <= position <= tile.x + tile.width + 1e-9:
            if tile.row == 0:
                ticks.append((position, -b - MARK_GAP, 0, -1))
            if tile.row == plan.rows - 1:
                ticks.append((position, plan.board_height + b + MARK_GAP, 0, 1))
        elif axis == "y" and tile.y - 1e-9 <= position <= tile.y + tile.height + 1e-9:
            if tile.col == 0:
                ticks.append((-b - MARK_GAP, position, -1, 0))
            if tile.col == plan.cols - 1:
                ticks.append((plan.board_width + b + MARK_GAP, position, 1, 0))
    marks = []
    for x, y, dx, dy in ticks:
        px, py = tile.page(x, y)
        marks.append(Mark(px, py, px + dx * MARK_LENGTH, py + dy * MARK_LENGTH))
    return marks
