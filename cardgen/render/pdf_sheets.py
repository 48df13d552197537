"""Writes a deck's print sheets (or, with --pack-decks, those of decks sharing sheets) as a vector PDF:
fronts, mirrored backs (or fold pairs), crop marks, a footer."""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Iterable, Sequence

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, xObjectName
from reportlab.pdfgen.canvas import Canvas

from cardgen import __version__
from cardgen.impose.duplex import back_slot
from cardgen.impose.footer import Box, Run, free_runs
from cardgen.impose.marks import marks_for
from cardgen.impose.sheet import MARK_STROKE, Mark, Sheet
from cardgen.impose.papers import Paper
from cardgen.impose.shared_sheets import Section
from cardgen.layout import fonts
from cardgen.layout.ops import Face
from cardgen.render.pdf_art import ART_DPI
from cardgen.render.pdf_draw import PageDrawer, centred_string, codes

rl_config.useA85 = 0  # ASCII85 only inflates compressed streams: about 20% smaller, twice as fast
MARK_WIDTH = MARK_STROKE  # mm
FOOTER_SIZE = 6.5     # pt
SMALLEST_FOOTER = 5.0  # pt: the footer shrinks to fit a stretch of margin down to this size, then splits
PRINT_NOTE = "Print at 100% (actual size), not fit to page"


@dataclass(frozen=True)
class SheetJob:
    """What one PDF of sheets holds and how to place faces on the sheets."""

    title: str
    subject: str
    sheet: Sheet
    duplex: str              # long, short or none
    back_offset: tuple[float, float] = (0.0, 0.0)
    flip: str = "long"       # with duplex "none": the edge the designer turns the backs sheet over by hand
    unlabelled: list[str] = field(default_factory=list)  # pages whose footer found no room (filled in by writing)
    # decks sharing the sheets (--pack-decks): where each deck's cards are; `title` is then the game's
    sections: tuple[Section, ...] = ()
    art_dpi: float = ART_DPI  # raster art is scaled down to this resolution at its printed size (pdf_art)

    def page_titles(self, number: int) -> tuple[str, ...]:
        """What the footer of sheet `number` (from 1) calls its cards: the title, with shared sheets
        followed by the decks on that sheet, then shorter forms for a page where that does not fit."""
        if not self.sections:
            return (self.title,)
        names = [s.title for s in self.sections if number in s.sheets(self.sheet.per_page)]
        shorter = (f"{self.title}: {len(names)} decks", f"{len(names)} decks") if len(names) > 1 else ()
        return (f"{self.title}: {', '.join(names)}", ", ".join(names)) + shorter

    def document_title(self) -> str:
        """The PDF's title: the title, with shared sheets followed by every deck on them."""
        return f"{self.title}: " + ", ".join(s.title for s in self.sections) if self.sections else self.title


# A card: its front, whether that front is drawn more than once (then it becomes a form), and its back.
# Backs are always forms: a composer hands out one Face object per distinct back, so each is written once.
Placed = tuple[Face, bool, Face]


class _Canvas(Canvas):
    """reportlab's canvas, each form keeping its own transparency: reportlab notes the alpha states
    (ExtGState) a form uses but leaves them out of the form's resources, so readers drew a
    translucent colour inside a form (a back, a card with copies, a token) opaque."""

    def endForm(self, **extra_attributes) -> None:
        name = self._formData[0]
        super().endForm(**extra_attributes)
        form = self._doc.idToObject[xObjectName(name)]
        if form.ExtGState:  # the resources reportlab would give the form, and its alpha states
            resources = PDFResourceDictionary()
            resources.basicFonts()
            resources.allProcs()
            if form.XObjects:
                resources.XObject = form.XObjects
            resources.ExtGState = form.ExtGState
            form.Resources = resources


def new_canvas(path: Path, sheet: Sheet, title: str, subject: str) -> Canvas:
    """A canvas that writes byte-identical files for identical input (reportlab's invariant mode)."""
    page = sheet.options.paper
    fonts.register()
    canvas = _Canvas(str(path), pagesize=(page.width * mm, page.height * mm), invariant=1, pageCompression=1,
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
    title = job.document_title()
    drawer = PageDrawer(new_canvas(path, job.sheet, title, job.subject), height, job.art_dpi)
    backs = PageDrawer(new_canvas(backs_path, job.sheet, title + " (backs)", job.subject), height, job.art_dpi) \
        if backs_path else None
    per_page = job.sheet.per_page
    count = -(-total // per_page)
    stream = iter(fronts)
    for number in range(1, count + 1):
        page = list(itertools.islice(stream, per_page))
        names = job.page_titles(number)
        if job.sheet.backs:  # fold-and-glue: each back beside its front, one page per sheet
            _fold_page(drawer, job, page, [f"{name} · page {number}/{count} · fold on the dashed ticks, glue, cut"
                                           for name in names])
            continue
        _page(drawer, job, [(front, reuse) for front, reuse, _ in page], front=True,
              labels=[f"{name} · fronts, page {number}/{count}" for name in names])
        _page(backs or drawer, job, [(back, True) for _, _, back in page], front=False,
              labels=[f"{name} · backs, page {number}/{count}" for name in names])
    drawer.canvas.save()
    if backs:
        backs.canvas.save()
    return count * (1 if backs or job.sheet.backs else 2)


def _fold_page(drawer: PageDrawer, job: SheetJob, page: list[Placed], labels: list[str]) -> None:
    canvas = drawer.canvas
    for front_slot, back_slot_, (front, reuse, back) in zip(job.sheet.slots, job.sheet.backs, page):
        drawer.face(front, front_slot.x, front_slot.y, front_slot.bleed_box(), reuse=reuse)
        drawer.face(back, back_slot_.x, back_slot_.y, back_slot_.bleed_box(), reuse=True)
    draw_marks(canvas, job.sheet, len(page))
    canvas.saveState()
    canvas.setDash(1 * mm, 0.6 * mm)
    canvas.setStrokeColor(HexColor("#000000"))
    canvas.setLineWidth(MARK_WIDTH * mm)
    height = job.sheet.options.paper.height
    path = canvas.beginPath()
    for m in job.sheet.folds_for(len(page)):
        path.moveTo(m.x1 * mm, (height - m.y1) * mm)
        path.lineTo(m.x2 * mm, (height - m.y2) * mm)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()
    _footer(canvas, job.sheet, labels, job.unlabelled)
    canvas.showPage()


def _page(drawer: PageDrawer, job: SheetJob, faces: list[tuple[Face, bool]], front: bool,
          labels: list[str]) -> None:
    page = job.sheet.options.paper
    canvas = drawer.canvas
    for slot, (face, reuse) in zip(job.sheet.filled(len(faces)), faces):
        if not front:
            # by hand the backs are mirrored for the flip just as a duplex printer's would be, slot by
            # slot, so a part-filled page's backs land behind their own fronts too
            slot = back_slot(slot, page, job.flip if job.duplex == "none" else job.duplex, job.back_offset)
        drawer.face(face, slot.x, slot.y, slot.bleed_box(), reuse=reuse)
    if front or job.duplex == "none":
        draw_marks(canvas, job.sheet, len(faces))
    _footer(canvas, job.sheet, labels, job.unlabelled)
    canvas.showPage()


def draw_marks(canvas: Canvas, sheet: Sheet, count: int | None = None) -> None:
    """The crop marks of a page of the sheet holding `count` cards (all of them without) as one stroked
    path: a part-filled page marks only the cards it has."""
    marks = sheet.marks if count is None else marks_for(sheet, count)
    canvas.setStrokeColor(HexColor("#000000"))
    canvas.setLineWidth(MARK_WIDTH * mm)
    codes(canvas).draw(("marks", marks, sheet.options.paper.height, canvas._fillMode),
                       lambda: _mark_path(canvas, sheet, marks))


def _mark_path(canvas: Canvas, sheet: Sheet, marks: tuple[Mark, ...]) -> None:
    height = sheet.options.paper.height
    path = canvas.beginPath()
    for m in marks:
        path.moveTo(m.x1 * mm, (height - m.y1) * mm)
        path.lineTo(m.x2 * mm, (height - m.y2) * mm)
    canvas.drawPath(path, stroke=1, fill=0)


def _footer(canvas: Canvas, sheet: Sheet, labels: list[str], missed: list[str]) -> None:
    """The first of `labels` (each followed by the print note) that fits; `missed` notes a page where none does."""
    obstacles = _obstacles(sheet)
    for label in labels:
        if draw_footer(canvas, sheet.options.paper, sheet.options.margin, obstacles, f"{label} · {PRINT_NOTE}"):
            return
    missed.append(f"{labels[0]} · {PRINT_NOTE}")


def sheet_obstacles(sheet: Sheet) -> list[Box]:
    """What a footer keeps clear of on a sheet: every card's bleed box and every crop mark."""
    return [s.bleed_box() for s in sheet.slots + sheet.backs] + [
        (min(m.x1, m.x2) - MARK_WIDTH, min(m.y1, m.y2) - MARK_WIDTH, abs(m.x2 - m.x1) + 2 * MARK_WIDTH,
         abs(m.y2 - m.y1) + 2 * MARK_WIDTH) for m in sheet.marks + sheet.folds]


@functools.lru_cache(maxsize=64)
def _obstacles(sheet: Sheet) -> tuple[Box, ...]:
    """`sheet_obstacles`, worked out once per sheet: every page of a deck has the same."""
    return tuple(sheet_obstacles(sheet))


@functools.lru_cache(maxsize=256)
def _free_runs(paper: Paper, margin: float, band: float, obstacles: tuple[Box, ...]) -> tuple[Run, ...]:
    return tuple(free_runs(paper, margin, band, obstacles))


def draw_footer(canvas: Canvas, paper: Paper, margin: float, obstacles: Sequence[Box], text: str,
                colour: str = "#555555") -> bool:
    """Sets `text` inside the printable area (`margin` mm from every edge) where nothing else is:
    whole in the bottom margin if it fits, else in the longest free stretch of any margin, shrunk
    down to SMALLEST_FOOTER, else its " · " parts split over two stretches. False when it cannot
    be placed at all (the page keeps its cards and marks; the caller says so)."""
    fonts.register()
    canvas.setFillColor(HexColor(colour))
    band = (fonts.ascent_mm("regular", FOOTER_SIZE) + fonts.descent_mm("regular", FOOTER_SIZE))
    runs = list(_free_runs(paper, margin, band, tuple(obstacles)))  # the same margins on every page of a deck
    full = fonts.width_mm(text, "regular", FOOTER_SIZE)
    for run in sorted(runs, key=lambda r: ("bottom", "top", "left", "right").index(r.side)):
        if full <= run.length:
            _set(canvas, paper, margin, run, text, FOOTER_SIZE)
            return True
    if runs and full * SMALLEST_FOOTER / FOOTER_SIZE <= runs[0].length:
        _set(canvas, paper, margin, runs[0], text, FOOTER_SIZE * runs[0].length / full)
        return True
    parts = text.split(" · ")
    if len(parts) > 1 and len(runs) > 1:
        halves = (" · ".join(parts[:-1]), parts[-1])
        sizes = [min(FOOTER_SIZE, FOOTER_SIZE * run.length / fonts.width_mm(half, "regular", FOOTER_SIZE))
                 for half, run in zip(halves, runs)]
        if min(sizes) >= SMALLEST_FOOTER:
            for half, run, size in zip(halves, runs, sizes):
                _set(canvas, paper, margin, run, half, size)
            return True
    return False


def _set(canvas: Canvas, paper: Paper, margin: float, run: Run, text: str, size: float) -> None:
    """One line centred in a free stretch, its descenders (or ascenders) on the margin's line."""
    ascent, descent = fonts.ascent_mm("regular", size), fonts.descent_mm("regular", size)
    middle = (run.start + run.end) / 2
    canvas.saveState()
    canvas.setFont(fonts.PDF_NAMES["regular"], size)
    if run.side == "bottom":
        canvas.translate(middle * mm, (margin + descent) * mm)
    elif run.side == "top":
        canvas.translate(middle * mm, (paper.height - margin - ascent) * mm)
    elif run.side == "left":  # reads upwards, the tops of the letters towards the edge
        canvas.translate((margin + ascent) * mm, (paper.height - middle) * mm)
        canvas.rotate(90)
    else:  # right: reads downwards, the tops of the letters towards the edge
        canvas.translate((paper.width - margin - ascent) * mm, (paper.height - middle) * mm)
        canvas.rotate(-90)
    centred_string(canvas, text)
    canvas.restoreState()
