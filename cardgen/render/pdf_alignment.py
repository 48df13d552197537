"""The duplex alignment test: print it double-sided, hold it to the light, read the back's shift."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm

from cardgen.impose.duplex import back_slot
from cardgen.impose.sheet import Sheet
from cardgen.layout import fonts
from cardgen.render.pdf_sheets import draw_footer, draw_marks, new_canvas, sheet_obstacles

RULER = 5  # mm each way from a card's centre, in 0.5 mm steps
LABEL_SIZE = 3.6  # pt: the ruler's numbers


def write_alignment_test(path: Path, sheet: Sheet, duplex: str, offset: tuple[float, float], title: str) -> None:
    """Front: each card's outline and a bullseye at its centre. Back: a millimetre ruler behind each
    bullseye. Held to the light and read from the back, the bullseye falls on the ruler's numbers:
    the x number (along the horizontal ruler) and the y number (along the vertical one) are, signs
    included, what to pass as --back-offset X,Y (x right, y down, as seen on the back). A back
    printed 1 mm too far right shows the bullseye at -1: --back-offset -1,0 moves it 1 mm left."""
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
        draw_footer(canvas, page, sheet.options.margin, sheet_obstacles(sheet),
                    f"Duplex {duplex}-edge test, {side} · Print at 100%, both sides; hold to the light, read from the "
                    "back where each bullseye falls on the ruler: the numbers are --back-offset X,Y in mm",
                    colour="#333333")
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
    # Numbers every millimetre, signed as --back-offset reads them: x grows to the right and y
    # downwards as seen on this (back) side, so the number under the bullseye is the correction.
    canvas.saveState()
    canvas.setFillColor(HexColor("#000000"))
    canvas.setFont(fonts.PDF_NAMES["regular"], LABEL_SIZE)
    for value in range(-RULER, RULER + 1):
        if value % 2:  # odd numbers only: at this size two neighbours would touch
            canvas.drawCentredString((cx + value) * mm, y(cy - 1.3), ruler_label(value))   # above the x ruler
            canvas.drawString((cx + 1.2) * mm, y(cy + value + 0.45), ruler_label(value))  # right of the y ruler
    canvas.drawString((cx + RULER + 0.6) * mm, y(cy + 0.45), "x")
    canvas.drawString((cx - 0.6) * mm, y(cy + RULER + 1.6), "y")
    canvas.restoreState()


def ruler_label(value: int) -> str:
    """A ruler number as --back-offset wants it: +2, -3 (ASCII minus, so it can be typed back)."""
    return f"{value:+d}"
