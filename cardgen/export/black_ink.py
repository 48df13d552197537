"""Sets an RGB PDF's grey and black text and fine lines in the black ink alone, ready for the CMYK conversion.

Converted through a press profile, RGB black becomes a four-ink "rich" black (Ghostscript's SWOP
profile: 72/68/67/88, 295% ink) and every grey a four-ink mixture too. On a press the four plates
never land exactly on one another, so small text and thin lines in four inks print blurred, with
coloured fringes, and print shops' preflight flags them: shops ask for small text and thin lines in
100% K alone and keep rich black for large areas and large type (Smart Levels' print guide: 100% K
for text under 36 pt, rich black for large solid areas; Drummond and Page 1 Printers: small type in
100% K, rich black for large areas and headlines; Scribus: no four-ink black for text under 12 pt).

So before Ghostscript converts a file, every neutral RGB colour (red = green = blue: black, and the
greys such as the default ink #1f1f1f) used for detail is replaced by the same darkness in the
black ink alone, as DeviceCMYK 0 0 0 K with K = 1 - the grey level (the rule Ghostscript applies to
DeviceGray), which the conversion keeps as it is: #000000 becomes 0/0/0/100. Detail is
text below TEXT_BELOW points, strokes thinner than LINE_BELOW points and filled shapes narrower than
AREA_BELOW points; larger type and areas keep the profile's rich black. Colours that are not
neutral, images and shadings are left to the profile. Sizes are measured on the page, through the
current transformation and text matrices.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from pypdf import PdfWriter
from pypdf.errors import PyPdfError
from pypdf.generic import DictionaryObject

from cardgen.export.content_ops import ContentError, Operand, operations

TEXT_BELOW = 24.0   # pt: type this size and larger may keep rich black (large headlines)
LINE_BELOW = 2.0    # pt: a stroke thinner than this is a fine line
AREA_BELOW = 24.0   # pt: a filled shape narrower than this (on its shorter side) is detail, not an area

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
FILL_OPS = {b"rg", b"g", b"k", b"cs", b"sc", b"scn"}
STROKE_OPS = {b"RG", b"G", b"K", b"CS", b"SC", b"SCN"}
PATH_OPS = {b"m", b"l", b"c", b"v", b"y", b"re", b"h"}
STROKES = {b"S", b"s"}
FILLS = {b"f", b"F", b"f*"}
BOTH = {b"B", b"B*", b"b", b"b*"}
PAINTS = STROKES | FILLS | BOTH | {b"n"}
TEXT_SHOWN = {b"Tj", b"TJ", b"'", b'"'}
USES_INHERITED = {b"Do", b"BI", b"sh"}   # may paint with the current colour (forms, image masks)


class BlackInkError(ValueError):
    """A page or form whose content cannot be read; the message says which and where."""


@dataclass
class Ink:
    """One of the two current colours: how it was set (to set it again), its black-ink equivalent, what is in effect."""

    setter: bytes = b""              # the operation that set it; empty: inherited from the caller, unknown here
    black: float | None = None       # K for a neutral RGB colour, else None
    swapped: bool = False            # the stream has 0 0 0 K in effect instead of `setter`

    def set_by(self, data: bytes, start: int, end: int, operands: list[Operand], operator: bytes) -> Ink:
        neutral = None
        if operator in (b"rg", b"RG") and len(operands) == 3 and operands[0] == operands[1] == operands[2]:
            neutral = 1.0 - float(operands[0] or 0.0)
        return Ink(data[start:end] + b"\n", neutral)


@dataclass
class State:
    """The graphics state this rewrite follows (saved by q, restored by Q)."""

    ctm: Matrix = IDENTITY
    fill: Ink = field(default_factory=Ink)
    stroke: Ink = field(default_factory=Ink)
    width: float = 1.0
    font_size: float = 0.0
    render: int = 0

    def saved(self) -> State:
        return replace(self, fill=replace(self.fill), stroke=replace(self.stroke))


def set_in_black(writer: PdfWriter) -> int:
    """Rewrites every page (and the forms they draw) of `writer`; returns how many paintings now use K alone."""
    rewrite = Rewrite()
    for number, page in enumerate(writer.pages, start=1):
        content = page.get_contents()
        if content is None:
            continue
        data = rewrite.stream(content.get_data(), _resources(page), State(), f"page {number}")
        if data is not None:
            content.set_data(data)
            page.replace_contents(content)
    return rewrite.moved


class Rewrite:
    """Walks content streams, forms included (each once, sized where it is first drawn), counting what it moves."""

    def __init__(self) -> None:
        self.moved = 0
        self.forms: set[int] = set()

    def stream(self, data: bytes, resources: DictionaryObject, state: State, where: str) -> bytes | None:
        """`data` with the colour operations inserted, or None when nothing needed to change."""
        stack: list[State] = []
        points: list[tuple[float, float]] = []
        path_start = -1
        text_matrix = IDENTITY
        inserts: list[tuple[int, bytes]] = []
        try:
            for operands, operator, start, end in operations(data):
                numbers = [value for value in operands if isinstance(value, float)]
                if operator in PATH_OPS:
                    path_start = start if path_start < 0 else path_start
                    points.extend(_path_points(numbers, operator, state.ctm))
                elif operator in PAINTS:
                    at = path_start if path_start >= 0 else start  # colours are set before the path begins
                    if operator in FILLS or operator in BOTH:
                        self._use(inserts, at, state.fill, False, _narrow(points))
                    if operator in STROKES or operator in BOTH:
                        self._use(inserts, at, state.stroke, True, state.width * _scale(state.ctm) < LINE_BELOW)
                    points, path_start = [], -1
                elif operator == b"q":
                    stack.append(state.saved())
                elif operator == b"Q" and stack:
                    state = stack.pop()
                elif operator == b"cm" and len(numbers) == 6:
                    state.ctm = _times(_matrix(numbers), state.ctm)
                elif operator == b"w" and numbers:
                    state.width = numbers[0]
                elif operator == b"Tf" and numbers:
                    state.font_size = numbers[-1]
                elif operator == b"Tr" and numbers:
                    state.render = int(numbers[0])
                elif operator == b"BT":
                    text_matrix = IDENTITY
                elif operator == b"Tm" and len(numbers) == 6:
                    text_matrix = _matrix(numbers)
                elif operator in FILL_OPS:
                    state.fill = state.fill.set_by(data, start, end, operands, operator)
                elif operator in STROKE_OPS:
                    state.stroke = state.stroke.set_by(data, start, end, operands, operator)
                elif operator in TEXT_SHOWN:
                    small = state.font_size * _scale(_times(text_matrix, state.ctm)) < TEXT_BELOW
                    if state.render in (0, 2, 4, 6):  # the rendering modes that fill the glyphs
                        self._use(inserts, start, state.fill, False, small)
                    if state.render in (1, 2, 5, 6):  # and those that stroke them
                        self._use(inserts, start, state.stroke, True, small)
                elif operator in USES_INHERITED:
                    self._use(inserts, start, state.fill, False, False)
                    self._use(inserts, start, state.stroke, True, False)
                    if operator == b"Do" and operands and isinstance(operands[0], bytes):
                        self._form(resources, operands[0].decode("latin-1"), state, where)
        except ContentError as error:
            raise BlackInkError(f"{where}: {error}") from None
        if not inserts:
            return None
        pieces, last = [], 0
        for at, text in inserts:
            pieces += [data[last:at], text]
            last = at
        return b"".join(pieces) + data[last:]

    def _use(self, inserts: list, at: int, ink: Ink, stroke: bool, in_black: bool) -> None:
        """Puts the colour a painting needs in effect: K alone for neutral detail, else the colour that was set."""
        if in_black and ink.black is not None:
            if not ink.swapped:
                inserts.append((at, b"0 0 0 %s %s\n" % (_number(ink.black), b"K" if stroke else b"k")))
                ink.swapped = True
            self.moved += 1
        elif ink.swapped and ink.setter:
            inserts.append((at, ink.setter))
            ink.swapped = False

    def _form(self, resources: DictionaryObject, name: str, state: State, where: str) -> None:
        xobjects = resources.get("/XObject")
        xobjects = xobjects.get_object() if xobjects is not None else None
        reference = xobjects.get(name) if isinstance(xobjects, DictionaryObject) else None
        if reference is None:
            return
        form = reference.get_object()
        key = getattr(reference, "idnum", None) or id(form)
        if form.get("/Subtype") != "/Form" or key in self.forms:
            return
        self.forms.add(key)
        matrix = _matrix([float(v) for v in form["/Matrix"]]) if "/Matrix" in form else IDENTITY
        inner = State(ctm=_times(matrix, state.ctm), width=state.width, font_size=state.font_size, render=state.render)
        try:
            data = self.stream(form.get_data(), _resources(form) or resources, inner, f"{where}, form {name}")
            if data is not None:
                form.set_data(data)
        except PyPdfError as error:
            raise BlackInkError(f"{where}, form {name}: {error}") from None


def _resources(obj) -> DictionaryObject:
    resources = obj.get("/Resources")
    resources = resources.get_object() if resources is not None else None
    return resources if isinstance(resources, DictionaryObject) else DictionaryObject()


def _number(value: float) -> bytes:
    return (b"%.4f" % value).rstrip(b"0").rstrip(b".") or b"0"


def _matrix(values: list[float]) -> Matrix:
    a, b, c, d, e, f = values
    return (a, b, c, d, e, f)


def _times(m: Matrix, n: Matrix) -> Matrix:
    """m x n, PDF's row-vector convention: m applied first."""
    return (m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3],
            m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
            m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5])


def _scale(m: Matrix) -> float:
    """How much the matrix enlarges lengths (the square root of its area factor)."""
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _path_points(values: list[float], operator: bytes, ctm: Matrix) -> list[tuple[float, float]]:
    if operator == b"re" and len(values) == 4:
        x, y, w, h = values
        values = [x, y, x + w, y, x + w, y + h, x, y + h]
    return [(x * ctm[0] + y * ctm[2] + ctm[4], x * ctm[1] + y * ctm[3] + ctm[5])
            for x, y in zip(values[::2], values[1::2])]


def _narrow(points: list[tuple[float, float]]) -> bool:
    """Whether a filled path's box, on the page, is narrower than AREA_BELOW on its shorter side."""
    if not points:
        return False
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(max(xs) - min(xs), max(ys) - min(ys)) < AREA_BELOW
