"""Writes a board for a print shop: the board alone on a page of its size plus bleed, front then back.

As the one-card-per-page files (pdf_single): MediaBox = BleedBox = trim + bleed all round, TrimBox on
the board, no marks. Given a shop's size (cardgen.impose.shop_boards), the board is scaled to it when
its shape is the same (within SHAPE_TOLERANCE), so a board laid out at 450 mm prints on an 18 in board.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.units import mm

from cardgen.impose.papers import Paper
from cardgen.impose.shop_boards import ShopBoard
from cardgen.impose.tiles import TileError
from cardgen.layout.ops import Face
from cardgen.render.pdf_art import ART_DPI
from cardgen.render.pdf_board import board_canvas, check_faces
from cardgen.render.pdf_draw import PageDrawer

SHAPE_TOLERANCE = 0.01  # a board may differ this much (relatively) in shape from the shop's size


def shop_scale(face: Face, shop: ShopBoard | None) -> float:
    """How much the board is scaled to the shop's size (1 without one); TileError when the shapes differ."""
    if shop is None:
        return 1.0
    across, down = shop.width / face.width, shop.height / face.height
    if abs(across - down) > SHAPE_TOLERANCE * max(across, down):
        raise TileError(f"the board is {face.width:g} x {face.height:g} mm, {shop.title} ({shop.name}) is "
                        f"{shop.width:g} x {shop.height:g} mm: lay the board out in that shape to print it there")
    return min(across, down)


def write_board_shop_pdf(face: Face, path: Path, bleed: float | None = None, *, back: Face | None = None,
                         title: str = "", shop: ShopBoard | None = None, art_dpi: float = ART_DPI) -> int:
    """Writes the board (and its `back`) one side per page to `path` and returns the page count.

    `bleed` defaults to the shop's, else to what the board's layout draws; the faces must have drawn at
    least that much bleed (scaled to the shop's size). TileError otherwise; nothing is written then.
    """
    bleed = (shop.bleed if shop else face.bleed) if bleed is None else bleed
    if bleed < 0:
        raise TileError(f"bleed must be zero or more mm, not {bleed:g}")
    scale = shop_scale(face, shop)
    width, height = (shop.width, shop.height) if shop else (face.width, face.height)
    # the board centred on the trim, drawn in its own mm and scaled: the drawer's page is the board itself
    left, bottom = bleed + (width - face.width * scale) / 2, bleed + (height - face.height * scale) / 2
    check_faces(face, back, 0.0)
    needed = max(left, bottom) / scale  # the board's own mm drawn beyond its trim, scaled to the page
    for name, side in (("board", face), ("back", back)):
        if side is not None and needed > side.bleed + 1e-9:
            scaled = f" (scaled by {scale:.4g} to {shop.title})" if shop else ""
            raise TileError(f"{bleed:g} mm of bleed{scaled} needs {needed:.4g} mm of the {name}'s bleed; its "
                            f"layout draws {side.bleed:g} mm")
    page = Paper(f"{width:g}x{height:g}mm+{bleed:g}", width + 2 * bleed, height + 2 * bleed)
    where = f" at {shop.title} size" if shop else ""
    canvas = board_canvas(path, page, f"{title or 'board'} (print-shop file{where})",
                          f"{title or 'board'}: trim {width:g} x {height:g} mm with {bleed:g} mm bleed")
    canvas.setBleedBox((0, 0, page.width * mm, page.height * mm))
    canvas.setTrimBox((bleed * mm, bleed * mm, (bleed + width) * mm, (bleed + height) * mm))
    drawer = PageDrawer(canvas, face.height, art_dpi)
    clip = (-left / scale, -(page.height - bottom - face.height * scale) / scale, page.width / scale,
            page.height / scale)
    pages = 0
    for side in (face, back):
        if side is None:
            continue
        canvas.saveState()
        canvas.translate(left * mm, bottom * mm)
        canvas.scale(scale, scale)
        drawer.face(side, 0.0, 0.0, clip, reuse=True)
        canvas.restoreState()
        canvas.showPage()
        pages += 1
    canvas.save()
    return pages
