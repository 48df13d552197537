"""The duplex alignment test: print it double-sided, hold it to the light, read the back's shift."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm

from cardgen.impose.duplex import back_slot
from cardgen.impose.grid import Sheet
from cardgen.layout import fonts
from cardgen.render.pdf_sheets import draw_marks, new_canvas

RULER = 5  # mm each way from a card's centre, in 0.5 mm steps


def write_alignment_test(path: Path, sheet: Sheet, duplex: str, offset: tuple[float, float], title: str) -> None:
    """Front: each card's outline and a bullseye at its centre. Back: a millimetre ruler behind each
    bullseye. Held to the light, the bullseye shows on the back's ruler how far the back is shifted;
    pass the reading to --back-offset (x right, y down, as seen on the back)."""
    fonts.register()
    page = sheet.options.paper
    canvas = new_canvas(path, sheet, f"{title}: duplex alignment test", "duplex alignment test")
    y = lambda v: (page.height - v) * mm  # noqa: E731
    canvas.setFont(fonts.PDF_NAMES["bold"], 9)
    for side in ("front", "back"):
        for slot in sheet.slots:
            s = slot if side == "front" else back_slot(slot, page, duplex, offset)
            cx, cy = s.x + s.width / 2, s.y + s.height / 2
            canvas.setStrokeColor(HexColor("#9aa5b1"))
            canvas.setLineWidth(0.2 * mm)
            canvas.rect(s.x * mm, y(s.y + s.height), s.width * mm, s.height * mm, stroke=1, fill=0)
            canvas.setStrokeColor(HexColor("#000000"))
            if side == "front":
                for radius in (1, 2, 3):
                    canvas.circle(cx * mm, y(cy), radius * mm, stroke=1, fill=0)
                canvas.line((cx - 4) * mm, y(cy), (cx + 4) * mm, y(cy))
                canvas.line(cx * mm, y(cy - 4), cx * mm, y(cy + 4))
            else:
                _ruler(canvas, cx, cy, y)
            canvas.setFillColor(HexColor("#333333"))
            canvas.drawCentredString(cx * mm, y(s.y + 8), f"{side} {slot.row + 1}-{slot.col + 1}")
        if side == "front":
            draw_marks(canvas, sheet)
        canvas.setFont(fonts.PDF_NAMES["regular"], 7)
        canvas.drawCentredString(page.width / 2 * mm, y(page.height - 2.5),
                                 f"Duplex {duplex}-edge test, {side}. Print at 100%, both sides; hold to the light "
                                 "and read where each bullseye falls on the back's ruler (mm).")
        canvas.setFont(fonts.PDF_NAMES["bold"], 9)
        canvas.showPage()
    canvas.save()


def _ruler(canvas, cx: float, cy: float, y) -> None:
    steps = int(RULER * 2)
    canvas.setLineWidth(0.12 * mm)
    for i in range(-steps, steps + 1):
        offset = i / 2
        tick = 1.6 if i % 2 == 0 else 0.8
        canvas.line((cx + offset) * mm, y(cy - tick / 2), (cx + offset) * mm, y(cy + tick / 2))
        canvas.line((cx - tick / 2) * mm, y(cy + offset), (cx + tick / 2) * mm, y(cy + offset))
    canvas.setLineWidth(0.2 * mm)
    canvas.line((cx - RULER) * mm, y(cy), (cx + RULER) * mm, y(cy))
    canvas.line(cx * mm, y(cy - RULER), cx * mm, y(cy + RULER))
