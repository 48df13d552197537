"""Writes a board (a Face of the board's size) tiled over sheets of home paper, as poster-tiling tools do.

The board is written once as a form XObject and placed on every sheet, clipped to that sheet's window.
Each sheet carries alignment targets at the corners of its overlaps, a hatched glue strip where its
neighbour to the right or below goes over it, a cut line where it goes over its own neighbours, crop
marks on the board's outer trim, fold ticks, and at its foot its name (row letter and column: "B2"),
the board's title and a map of the board with this sheet filled. A mat's back face follows each
sheet, placed so that it lands behind it when printed on both sides (flipped as `duplex` says).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cardgen.impose.duplex import back_slot
from cardgen.impose.papers import Paper
from cardgen.impose.sheet import MARGIN, MARK_STROKE, Mark, Sheet, SheetOptions, Slot
from cardgen.impose.tile_marks import GlueStrip, check_folds, crop_marks, cut_lines, fold_ticks, glue_strips, targets
from cardgen.impose.tiles import BAND, OVERLAP, Tile, TileError, TilePlan, tile_plan
from cardgen.layout import fonts
from cardgen.layout.ops import Face
from cardgen.render.pdf_art import ART_DPI
from cardgen.render.pdf_draw import PageDrawer, colour
from cardgen.render.pdf_sheets import PRINT_NOTE, new_canvas

MARK_COLOUR = "#000000"
TARGET_COLOUR = "#000000"
CUT_COLOUR = "#c00060"
FOLD_COLOUR = "#0060c0"
GLUE_COLOUR = "#9a9a9a"
MAP_COLOUR = "#404040"
TARGET_RADIUS = 2.0  # mm; the cross reaches 1 mm further
HATCH_STEP = 2.5  # mm between the glue strip's hatch lines
LABEL_SIZE = 14.0  # pt: the sheet's name
TEXT_SIZE = 6.5  # pt: title, instructions
SMALLEST = 4.5  # pt: a line too long for the band shrinks to this, then is shortened


def board_canvas(path: Path, paper: Paper, title: str, subject: str) -> Canvas:
    """A deterministic canvas (as the card sheets' are) of pages the size of `paper`."""
    return new_canvas(path, Sheet(SheetOptions(paper, paper.width, paper.height, 0.0), 1, 1, (), ()),
                      title, subject)


def check_faces(face: Face, back: Face | None, bleed: float) -> None:
    """TileError when the back's size differs from the front's or `bleed` exceeds what the faces drew."""
    for name, side in (("board", face), ("back", back)):
        if side is None:
            continue
        if not (side.width > 0 and side.height > 0):
            raise TileError(f"the {name}'s face is {side.width:g} x {side.height:g} mm: it needs a size")
        if bleed > side.bleed + 1e-9:
            raise TileError(f"bleed {bleed:g} mm is more than the {name}'s layout draws ({side.bleed:g} mm)")
    if back is not None and (abs(back.width - face.width) > 1e-6 or abs(back.height - face.height) > 1e-6):
        raise TileError(f"the back is {back.width:g} x {back.height:g} mm, the board {face.width:g} x "
                        f"{face.height:g} mm: a mat's two sides must be the same size")


def write_board_pdf(face: Face, path: Path, paper: Paper, *, title: str = "", margin: float = MARGIN,
                    overlap: float = OVERLAP, bleed: float = 0.0, back: Face | None = None, duplex: str = "long",
                    back_offset: tuple[float, float] = (0.0, 0.0), folds: Sequence[tuple[str, float]] = (),
                    art_dpi: float = ART_DPI) -> TilePlan:
    """Writes `face` tiled on sheets of `paper` to `path` (one sheet when it fits) and returns the plan.

    `folds` are ("x", mm) or ("y", mm) board positions of fold lines; `back`, a mat's other side, is
    printed after each sheet to land behind it with `duplex` "long" or "short" edge flipping (the
    back seen with the mat turned over the same way). TileError for what cannot be printed; nothing
    is written then.
    """
    check_faces(face, back, bleed)
    if back is not None and duplex not in ("long", "short"):
        raise TileError(f"duplex must be long or short for a two-sided board, not {duplex!r}")
    plan = tile_plan(face.width, face.height, paper, margin, overlap, bleed)
    check_folds(plan, folds)
    named = title or "board"
    canvas = board_canvas(path, plan.paper, f"{named} ({len(plan.tiles)} sheets)",
                          f"{named}: {plan.rows} x {plan.cols} sheets to glue, {overlap:g} mm overlap")
    drawer = PageDrawer(canvas, plan.paper.height, art_dpi)
    for tile in plan.tiles:
        drawer.face(face, tile.origin_x, tile.origin_y, plan.clip(tile), reuse=True)
        draw_marks(canvas, plan, tile, folds)
        draw_band(canvas, plan, tile, title)
        canvas.showPage()
        if back is not None:
            x, y, clip = back_place(plan, tile, duplex, back_offset)
            drawer.face(back, x, y, clip, reuse=True)
            if len(plan.tiles) > 1:
                draw_back_name(canvas, plan, tile, duplex)
            canvas.showPage()
    canvas.save()
    return plan


def back_place(plan: TilePlan, tile: Tile, duplex: str,
               offset: tuple[float, float]) -> tuple[float, float, tuple[float, float, float, float]]:
    """Where the back face's origin goes on the page behind `tile`, and the clip there.

    The sheet's window flips as a card's slot does (cardgen.impose.duplex); the board point behind
    board x is board_width - x when the page turns left to right, board_height - y when top to bottom."""
    x, y = plan.clip(tile)[:2]
    left, top, right, bottom = plan.bleeds(tile)
    slot = Slot(0, tile.row, tile.col, x + left, y + top, tile.width, tile.height, left, top, right, bottom)
    behind = back_slot(slot, plan.paper, duplex, offset)
    portrait = plan.paper.width <= plan.paper.height
    if (duplex == "long") == portrait:  # turned left to right: the window's right end is the back's left
        origin_x = behind.x - (plan.board_width - tile.x - tile.width)
        origin_y = behind.y - tile.y
    else:
        origin_x = behind.x - tile.x
        origin_y = behind.y - (plan.board_height - tile.y - tile.height)
    return origin_x, origin_y, behind.bleed_box()


def draw_back_name(canvas: Canvas, plan: TilePlan, tile: Tile, duplex: str) -> None:
    """"B2 (back)" behind where the front's band names the sheet, to sort the sheets by."""
    page = plan.paper
    x, y = tile.page(tile.x, 0.0)[0] + 1.0, page.height - plan.margin - 3.0
    canvas.saveState()
    canvas.setFillColor(colour(MAP_COLOUR))
    canvas.setFont(fonts.PDF_NAMES["regular"], TEXT_SIZE)
    if (duplex == "long") == (page.width <= page.height):  # turned left to right: the name ends where it began
        canvas.drawRightString((page.width - x) * mm, (page.height - y) * mm, f"{tile.name} (back)")
    else:  # turned top to bottom: the band is at the top of the back
        canvas.drawString(x * mm, y * mm, f"{tile.name} (back)")
    canvas.restoreState()


def _line(canvas: Canvas, page_h: float, mark: Mark) -> None:
    canvas.line(mark.x1 * mm, (page_h - mark.y1) * mm, mark.x2 * mm, (page_h - mark.y2) * mm)


def _stroke(canvas: Canvas, hex_colour: str, width: float, dash: tuple[float, ...] = ()) -> None:
    canvas.setStrokeColor(colour(hex_colour))
    canvas.setLineWidth(width * mm)
    canvas.setDash([d * mm for d in dash] if dash else [])


def draw_marks(canvas: Canvas, plan: TilePlan, tile: Tile, folds: Sequence[tuple[str, float]]) -> None:
    """The glue strips, targets, cut lines, crop marks and fold ticks of `tile`'s sheet."""
    page_h = plan.paper.height
    canvas.saveState()
    for strip in glue_strips(plan, tile):
        draw_glue(canvas, page_h, strip)
    _stroke(canvas, TARGET_COLOUR, 0.15)
    for bx, by in targets(plan, tile):
        x, y = tile.page(bx, by)
        canvas.circle(x * mm, (page_h - y) * mm, TARGET_RADIUS * mm, stroke=1, fill=0)
        reach = TARGET_RADIUS + 1.0
        _line(canvas, page_h, Mark(x - reach, y, x + reach, y))
        _line(canvas, page_h, Mark(x, y - reach, x, y + reach))
    _stroke(canvas, CUT_COLOUR, 0.25, (3.0, 1.5))
    for line in cut_lines(plan, tile):
        _line(canvas, page_h, line)
    _stroke(canvas, MARK_COLOUR, MARK_STROKE)
    for mark in crop_marks(plan, tile):
        _line(canvas, page_h, mark)
    _stroke(canvas, FOLD_COLOUR, 0.3, (1.5, 1.0))
    for tick in fold_ticks(plan, tile, folds):
        _line(canvas, page_h, tick)
    canvas.restoreState()


def draw_glue(canvas: Canvas, page_h: float, strip: GlueStrip) -> None:
    """Light diagonal hatching over the strip, the word "glue" and an arrow towards the sheet laid over it."""
    x, y, w, h = strip.x, strip.y, strip.width, strip.height
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(x * mm, (page_h - y - h) * mm, w * mm, h * mm)
    canvas.clipPath(path, stroke=0, fill=0)
    _stroke(canvas, GLUE_COLOUR, 0.15)
    start = -h
    while start < w:
        _line(canvas, page_h, Mark(x + start, y + h, x + start + h, y))
        start += HATCH_STEP
    canvas.restoreState()
    canvas.saveState()
    cx, cy = x + w / 2, y + h / 2
    canvas.translate(cx * mm, (page_h - cy) * mm)
    if strip.side == "right":  # the strip runs down the page: its text reads upwards
        canvas.rotate(90)
    canvas.setFillColor(colour(GLUE_COLOUR))
    canvas.setFont(fonts.PDF_NAMES["bold"], TEXT_SIZE)
    canvas.drawCentredString(-6 * mm, -0.8 * mm, "glue")
    canvas.setStrokeColor(colour(GLUE_COLOUR))
    canvas.setLineWidth(0.3 * mm)
    # the arrow points where the neighbour comes from: right, or down the page (the rotated text's "right"
    # for a strip down the right edge is up the page, so its arrow turns to point right on the page)
    arrow = canvas.beginPath()
    if strip.side == "right":
        arrow.moveTo(-0.5 * mm, 0)
        arrow.lineTo(-0.5 * mm, -4 * mm)
        arrow.moveTo(-1.5 * mm, -3 * mm)
        arrow.lineTo(-0.5 * mm, -4 * mm)
        arrow.lineTo(0.5 * mm, -3 * mm)
    else:
        arrow.moveTo(0, 0.5 * mm)
        arrow.lineTo(0, -3.5 * mm)
        arrow.moveTo(-1 * mm, -2.5 * mm)
        arrow.lineTo(0, -3.5 * mm)
        arrow.lineTo(1 * mm, -2.5 * mm)
    canvas.drawPath(arrow, stroke=1, fill=0)
    canvas.restoreState()


def map_cells(plan: TilePlan) -> tuple[float, float, float]:
    """The map's cell width, cell height and its left end's offset from the band's right end (mm)."""
    scale = min(10.0 / plan.board_height, 40.0 / plan.board_width)
    return plan.board_width * scale / plan.cols, plan.board_height * scale / plan.rows, plan.board_width * scale


def draw_band(canvas: Canvas, plan: TilePlan, tile: Tile, title: str) -> None:
    """The sheet's name, the title, what goes where, and the map of the sheets; on a single sheet, the title."""
    page, page_h = plan.paper, plan.paper.height
    canvas.saveState()
    canvas.setFillColor(colour(MAP_COLOUR))
    if len(plan.tiles) == 1:
        y = tile.origin_y + plan.board_height + plan.reserve + 3.0
        left = max(plan.margin, tile.origin_x - plan.bleed)
        _fitted(canvas, f"{title}. {PRINT_NOTE}" if title else PRINT_NOTE, left, page_h - y,
                page.width - plan.margin - left)
        canvas.restoreState()
        return
    top = page.height - plan.margin - BAND
    left = tile.page(tile.x, 0.0)[0] + 1.0  # right of the cut line, so nothing of the band is cut through
    canvas.setFont(fonts.PDF_NAMES["bold"], LABEL_SIZE)
    canvas.drawString(left * mm, (page_h - top - 6.5) * mm, tile.name)
    number = tile.row * plan.cols + tile.col + 1
    heading = f"{title}: " if title else ""
    cell_w, cell_h, width = map_cells(plan)
    mx = page.width - plan.margin - 1.0 - width
    room = mx - 2.0 - (left + 16)
    lines = (f"{heading}sheet {tile.name}, {number} of {len(plan.tiles)} ({plan.rows} rows x {plan.cols} columns)",
             _instructions(plan, tile), PRINT_NOTE)
    for index, line in enumerate(lines):
        _fitted(canvas, line, left + 16, page_h - top - 3.5 - 3.5 * index, room)
    my = top + 1.0
    canvas.setFillColor(colour(MAP_COLOUR))
    canvas.rect((mx + tile.col * cell_w) * mm, (page_h - my - (tile.row + 1) * cell_h) * mm, cell_w * mm,
                cell_h * mm, stroke=0, fill=1)
    _stroke(canvas, MAP_COLOUR, 0.15)
    for r in range(plan.rows):
        for c in range(plan.cols):
            canvas.rect((mx + c * cell_w) * mm, (page_h - my - (r + 1) * cell_h) * mm, cell_w * mm, cell_h * mm,
                        stroke=1, fill=0)
    canvas.restoreState()


def _fitted(canvas: Canvas, text: str, x: float, y: float, room: float) -> None:
    """`text` at (x, y) (PDF mm, y up), shrunk down to SMALLEST pt and then shortened to fit `room` mm."""
    name, size = fonts.PDF_NAMES["regular"], TEXT_SIZE
    width = stringWidth(text, name, size) / mm
    if width > room:
        size = max(SMALLEST, size * room / width)
    while len(text) > 1 and stringWidth(text, name, size) / mm > room:
        text = text[:-2] + "\u2026"
    canvas.setFont(name, size)
    canvas.drawString(x * mm, y * mm, text)


def _instructions(plan: TilePlan, tile: Tile) -> str:
    """What to do with this sheet: which neighbours it is cut to lie over, which are glued onto it."""
    over = [plan.tile(tile.row, tile.col - 1).name] if tile.col else []
    over += [plan.tile(tile.row - 1, tile.col).name] if tile.row else []
    under = [plan.tile(tile.row, tile.col + 1).name] if tile.col + 1 < plan.cols else []
    under += [plan.tile(tile.row + 1, tile.col).name] if tile.row + 1 < plan.rows else []
    parts = []
    if over:
        parts.append(f"cut on the dashed line, lay over {' and '.join(over)} on the targets")
    if under:
        parts.append(f"glue {' and '.join(under)} on the hatched strip")
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "." if text else ""

