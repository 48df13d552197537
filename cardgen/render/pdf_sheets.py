"""Writes a deck's print sheets as a vector PDF: fronts, mirrored backs, crop marks, a footer."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen import __version__
from cardgen.impose.duplex import back_slot
from cardgen.impose.grid import EDGE, Sheet
from cardgen.layout import fonts
from cardgen.layout.ops import Face
from cardgen.render.pdf_draw import PageDrawer

rl_config.useA85 = 0  # ASCII85 only inflates compressed streams: about 20% smaller, twice as fast
MARK_WIDTH = 0.2      # mm
FOOTER_SIZE = 6.5     # pt
PRINT_NOTE = "Print at 100% (actual size), not fit to page"


@dataclass(frozen=True)
class SheetJob:
    """What one PDF of sheets holds and how to place faces on the sheets."""

    title: str
    subject: str
    sheet: Sheet
    duplex: str              # long, short or none
    back_offset: tuple[float, float] = (0.0, 0.0)


# A card: its front, whether that front is drawn more than once (then it becomes a form), and its back.
# Backs are always forms: a composer hands out one Face object per distinct back, so each is written once.
Placed = tuple[Face, bool, Face]


def new_canvas(path: Path, sheet: Sheet, title: str, subject: str) -> Canvas:
    """A canvas that writes byte-identical files for identical input (reportlab's invariant mode)."""
    page = sheet.options.paper
    fonts.register()
    canvas = Canvas(str(path), pagesize=(page.width * mm, page.height * mm), invariant=1, pageCompression=1,
                    initialFontName=fonts.PDF_NAMES["regular"], initialFontSize=FOOTER_SIZE)
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setAuthor("pnpkit")
    canvas.setCreator(f"pnpkit cardgen {__version__}")
    canvas.setKeywords("print and play, cards")
    return canvas


def write_sheets(job: SheetJob, fronts: Iterable[Placed], total: int, path: Path,
                 backs_path: Path | None = None) -> int:
    """Writes `total` fronts, taken from `fronts` as they come, a page at a time, each page
    followed by its backs (or the backs into `backs_path` with duplex "none"), each card's back behind
    its own front. Returns the page count."""
    height = job.sheet.options.paper.height
    drawer = PageDrawer(new_canvas(path, job.sheet, job.title, job.subject), height)
    backs = PageDrawer(new_canvas(backs_path, job.sheet, job.title + " (backs)", job.subject), height) \
        if backs_path else None
    per_page = job.sheet.per_page
    count = -(-total // per_page)
    stream = iter(fronts)
    for number in range(1, count + 1):
        page = list(itertools.islice(stream, per_page))
        _page(drawer, job, [(front, reuse) for front, reuse, _ in page], front=True,
              label=f"fronts, page {number}/{count}")
        _page(backs or drawer, job, [(back, True) for _, _, back in page], front=False,
              label=f"backs, page {number}/{count}")
    drawer.canvas.save()
    if backs:
        backs.canvas.save()
    return count * (1 if backs else 2)


def _page(drawer: PageDrawer, job: SheetJob, faces: list[tuple[Face, bool]], front: bool, label: str) -> None:
    page = job.sheet.options.paper
    canvas = drawer.canvas
    for slot, (face, reuse) in zip(job.sheet.slots, faces):
        if not front:
            slot = back_slot(slot, page, job.duplex, job.back_offset)
        drawer.face(face, slot.x, slot.y, slot.bleed_box(), reuse=reuse)
    if front or job.duplex == "none":
        draw_marks(canvas, job.sheet)
    _footer(canvas, job.sheet, f"{job.title} · {label} · {PRINT_NOTE}")
    canvas.showPage()


def draw_marks(canvas: Canvas, sheet: Sheet) -> None:
    """All crop marks of the sheet as one stroked path."""
    height = sheet.options.paper.height
    canvas.setStrokeColor(HexColor("#000000"))
    canvas.setLineWidth(MARK_WIDTH * mm)
    path = canvas.beginPath()
    for m in sheet.marks:
        path.moveTo(m.x1 * mm, (height - m.y1) * mm)
        path.lineTo(m.x2 * mm, (height - m.y2) * mm)
    canvas.drawPath(path, stroke=1, fill=0)


def _footer(canvas: Canvas, sheet: Sheet, text: str) -> None:
    """The footer goes in the bottom margin when it has room below the marks, else up the left side."""
    fonts.register()
    page = sheet.options.paper
    lowest = max([s.bleed_box()[1] + s.bleed_box()[3] for s in sheet.slots] + [max(m.y1, m.y2) for m in sheet.marks])
    leftmost = min([s.bleed_box()[0] for s in sheet.slots] + [min(m.x1, m.x2) for m in sheet.marks])
    size = FOOTER_SIZE
    canvas.setFillColor(HexColor("#555555"))
    canvas.setFont(fonts.PDF_NAMES["regular"], size)
    height_mm = size * fonts.PT
    if page.height - lowest - EDGE >= height_mm + 0.5:
        canvas.drawCentredString(page.width / 2 * mm, (EDGE + 0.5) * mm + 1, text)
    elif leftmost - EDGE >= height_mm + 0.5:
        canvas.saveState()
        canvas.translate((EDGE + height_mm) * mm, page.height / 2 * mm)
        canvas.rotate(90)
        canvas.drawCentredString(0, 0, text)
        canvas.restoreState()
