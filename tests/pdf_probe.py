"""Measures what a PDF page draws: clip rectangles, line segments and images, in page millimetres.

Segments stroked while no clip is active are the sheet's own lines (crop marks); lines inside a
card are drawn within its bleed-box clip and only counted. Outlines stroked with no clip active
(paths with curves, such as circles, and rectangles: tokens' cut lines) are kept as bounding boxes, and
every XObject drawn is kept with where its origin lands.

Every stroke is also kept with its colour and line width in mm (`strokes`), and every string shown
on the page itself (not inside a form) with its bounding box (`texts`), measured from the font's own
/Widths, /Ascent and /Descent in the file, so rotated text and the descenders count.

A small content-stream walker over pypdf, so tests can check positions in the real file rather
than trusting the code that wrote it. Coordinates are converted to mm from the top-left, y down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from pypdf import PdfReader
from pypdf.generic import ContentStream

PT = 25.4 / 72


@dataclass
class PageProbe:
    width: float
    height: float
    clips: list[tuple[float, float, float, float]] = field(default_factory=list)   # x, y, w, h
    segments: list[tuple[float, float, float, float]] = field(default_factory=list)  # unclipped: x1, y1, x2, y2
    clipped_segments: int = 0  # lines stroked inside a clip: card content, not crop marks
    images: list[str] = field(default_factory=list)  # XObject names drawn
    outlines: list[tuple[str, float, float, float, float]] = field(default_factory=list)  # "curve"/"rect", x, y, w, h
    placements: list[tuple[str, float, float]] = field(default_factory=list)  # XObject name, origin x, y
    strokes: list[tuple[str, float, list]] = field(default_factory=list)  # colour "#rrggbb", width mm, segments
    texts: list[tuple[float, float, float, float]] = field(default_factory=list)  # bounding boxes: x, y, w, h


def _raw(value) -> bytes:
    """A string operand's bytes as written (pypdf decodes some strings to text)."""
    if isinstance(value, bytes):
        return bytes(value)
    return bytes(getattr(value, "original_bytes", None) or value.encode("latin-1"))


def _font_metrics(page, name):
    """(first char, widths, ascent, descent) of a page font resource, in 1/1000 of the size."""
    font = page["/Resources"]["/Font"][name].get_object()
    descriptor = font["/FontDescriptor"].get_object()
    return (int(font.get("/FirstChar", 0)), [float(w) for w in font.get("/Widths", [])],
            float(descriptor["/Ascent"]), float(descriptor["/Descent"]))


def multiply(a, b):
    """The matrix `a` then `b` (PDF's `cm` concatenates its operands before the current matrix)."""
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
            a[2] * b[1] + a[3] * b[3], a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])


def probe(reader: PdfReader, index: int) -> PageProbe:
    page = reader.pages[index]
    box = page.mediabox
    result = PageProbe(float(box.width) * PT, float(box.height) * PT)
    height_pt = float(box.height)
    content = ContentStream(page.get_contents(), reader)
    matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    clipped = False
    stack: list = []
    path: list = []
    points: list = []  # every point of the current path (curves' control points too), for outlines
    curved = False
    pending_rect = None
    current = None

    def point(x: float, y: float) -> tuple[float, float]:
        px = matrix[0] * x + matrix[2] * y + matrix[4]
        py = matrix[1] * x + matrix[3] * y + matrix[5]
        return px * PT, (height_pt - py) * PT

    font, size, text_matrix, line_matrix = None, 0.0, None, None

    def show(data: bytes) -> None:
        first, widths, ascent, descent = font
        advance = sum(widths[c - first] if 0 <= c - first < len(widths) else 0.0 for c in data) / 1000 * size
        full = multiply(text_matrix, matrix)
        corners = []
        for tx, ty in ((0, descent / 1000 * size), (advance, descent / 1000 * size),
                       (0, ascent / 1000 * size), (advance, ascent / 1000 * size)):
            px, py = full[0] * tx + full[2] * ty + full[4], full[1] * tx + full[3] * ty + full[5]
            corners.append((px * PT, (height_pt - py) * PT))
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        result.texts.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))

    clip_next = False
    stroke_colour, line_width = "#000000", 1.0  # the PDF defaults: black, 1 unit
    for operands, operator in content.operations:
        op = operator.decode() if isinstance(operator, bytes) else operator
        values = [float(v) for v in operands] if op in ("cm", "re", "m", "l", "c") else operands
        if op == "q":
            stack.append((matrix, clipped, stroke_colour, line_width))
        elif op == "Q":
            matrix, clipped, stroke_colour, line_width = stack.pop()
        elif op == "RG":
            stroke_colour = "#" + "".join(f"{round(float(v) * 255):02x}" for v in operands)
        elif op == "w":
            line_width = float(operands[0])
        elif op == "cm":
            matrix = multiply(tuple(values), matrix)
        elif op == "re":
            x, y, w, h = values
            (x1, y1), (x2, y2) = point(x, y), point(x + w, y + h)
            pending_rect = (min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
        elif op == "m":
            current = point(*values)
            points.append(current)
        elif op == "l":
            end = point(*values)
            if current is not None:
                path.append((*current, *end))
            current = end
            points.append(end)
        elif op == "c":
            controls = [point(values[i], values[i + 1]) for i in (0, 2, 4)]
            points.extend(controls)
            current, curved = controls[-1], True
        elif op in ("W", "W*"):
            clip_next = True
        elif op == "n":
            if clip_next and pending_rect:
                result.clips.append(pending_rect)
            clipped = clipped or clip_next
            clip_next, pending_rect, path, points, curved = False, None, [], [], False
        elif op in ("S", "s"):
            result.strokes.append((stroke_colour, line_width * math.hypot(matrix[0], matrix[1]) * PT, list(path)))
            if clipped:
                result.clipped_segments += len(path)
            else:
                result.segments.extend(path)
                if curved and points:
                    xs, ys = [p[0] for p in points], [p[1] for p in points]
                    result.outlines.append(("curve", min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
                elif pending_rect:
                    result.outlines.append(("rect", *pending_rect))
            path, pending_rect, points, curved = [], None, [], False
        elif op in ("f", "f*", "B", "B*", "b", "b*"):
            path, pending_rect, points, curved = [], None, [], False
        elif op == "BT":
            text_matrix = line_matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
        elif op == "Tf":
            font, size = _font_metrics(page, operands[0]), float(operands[1])
        elif op == "Tm":
            text_matrix = line_matrix = tuple(float(v) for v in operands)
        elif op in ("Td", "TD"):
            line_matrix = multiply((1.0, 0.0, 0.0, 1.0, float(operands[0]), float(operands[1])), line_matrix)
            text_matrix = line_matrix
        elif op == "Tj":
            show(_raw(operands[0]))
        elif op == "TJ":
            show(b"".join(_raw(part) for part in operands[0] if isinstance(part, (str, bytes))))
        elif op == "Do":
            result.images.append(str(operands[0]))
            result.placements.append((str(operands[0]), *point(0.0, 0.0)))
    return result
