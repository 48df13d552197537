"""Sets marked-up text in a box: line breaking, shrinking to fit, inline icons on the baseline."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from collections.abc import Callable

from cardgen.layout import fonts
from cardgen.layout.markup import Piece
from cardgen.layout.ops import Op, Text

ICON_SCALE = 1.0  # an inline icon is as tall as the font's size (its em)
ICON_GAP = 0.08   # of the size, on each side of an inline icon
STEP = 0.25       # points: how finely the size shrinks

IconDrawer = Callable[[str, float, float, float], list[Op]]  # (name, x, top, size_mm) -> ops


@dataclass(frozen=True)
class TextStyle:
    size: float
    min_size: float
    colour: str
    align: str = "left"      # left, center, right
    valign: str = "top"      # top, middle, bottom
    leading: float = 1.2     # line height as a multiple of the size
    family: str = ""         # the font family (cardgen.layout.fonts.family), "" for DejaVu Sans


@dataclass(frozen=True)
class Fitted:
    ops: tuple[Op, ...]
    size: float
    lines: int
    overflow: bool  # the text did not fit even at the minimum size; lines below the box are dropped


def fit(pieces: tuple[Piece, ...], box: tuple[float, float, float, float], style: TextStyle,
        draw_icon: IconDrawer) -> Fitted:
    """The text set as large as it fits in `box` (x, y, w, h mm), but not below `style.min_size`."""
    words = _words(pieces, style.family)

    def emit(line: list[Measured], left: float, baseline: float, size: float) -> list[Op]:
        return _draw_line(line, left, baseline, size, style.colour, draw_icon, style.family)

    return _set(lambda limit: [(_units(line), line) for line in _wrap(words, limit, style.family)], emit, box, style)


def fit_plain(text: str, font: str, box: tuple[float, float, float, float], style: TextStyle) -> Fitted:
    """`fit` for text in one face with no markup, icons or line breaks: the same lines and
    positions, found with plain strings (most card text is like this, and it is the hot path).

    A deck sets the same text in the same box over and over (costs, types, keywords, a title on every
    back): each is fitted once per process and the result, which is immutable, handed out again."""
    return _fit_plain(text, font, tuple(box), style)


@functools.lru_cache(maxsize=4096)
def _fit_plain(text: str, font: str, box: tuple[float, float, float, float], style: TextStyle) -> Fitted:
    words = text.split()
    unit = fonts.unit_width
    widths = [unit(word, font) for word in words]
    space = unit(" ", font)

    def wrap(limit: float) -> list[tuple[float, tuple[int, int]]]:
        lines, start, used = [], 0, 0.0
        for i, width in enumerate(widths):
            if i > start and used + space + width > limit + 1e-9:
                lines.append((used, (start, i)))
                start, used = i, width
            else:
                used = width if i == start else used + space + width
        lines.append((used, (start, len(words))))
        return lines

    def emit(span: tuple[int, int], left: float, baseline: float, size: float) -> list[Op]:
        return [Text(left, baseline, " ".join(words[span[0]:span[1]]), font, size, style.colour)] if words else []

    return _set(wrap, emit, box, style)


def _set(wrap, emit, box: tuple[float, float, float, float], style: TextStyle) -> Fitted:
    """Shrinks until the wrapped lines fit, then places them; `wrap(limit)` gives (width at 1 pt, line)
    pairs for a box `limit` mm per pt wide, `emit(line, left, baseline, size)` draws one line."""
    x, y, w, h = box
    size = style.size
    while True:  # shrink until the lines fit the box's height and no line is wider than the box
        lines = wrap(w / size)
        height = len(lines) * size * style.leading * fonts.PT
        # the widest line decides (a product by the same positive size keeps the order of the widths)
        fits = height <= h + 1e-6 and max(units for units, _ in lines) * size <= w + 1e-6
        if fits or size <= style.min_size:
            break
        size = max(style.min_size, size - STEP)
    line_height = size * style.leading * fonts.PT
    overflow = not fits
    shown = [line for i, line in enumerate(lines) if (i + 1) * line_height <= h + 1e-6] if overflow else lines
    used = len(shown) * line_height
    valign = style.valign
    top = y + (0.0 if valign == "top" else (h - used) / 2 if valign == "middle" else h - used)
    ascent = fonts.ascent_mm(fonts.style_of(False, False, style.family), size)
    extra = (line_height - size * fonts.PT) / 2  # half the leading above the first line, as CSS does
    align = style.align
    ops: list[Op] = []
    for index, (units, line) in enumerate(shown):
        baseline = top + index * line_height + extra + ascent
        width = units * size
        left = x + (0.0 if align == "left" else (w - width) / 2 if align == "center" else w - width)
        ops += emit(line, left, baseline, size)
    return Fitted(tuple(ops), size, len(lines), overflow)


Measured = tuple[Piece, float]  # a piece and its width in mm at 1 pt


@functools.lru_cache(maxsize=65536)
def _unit(piece: Piece, family: str = "") -> float:
    if piece.kind == "icon":
        return fonts.PT * (ICON_SCALE + 2 * ICON_GAP)
    return fonts.width_mm(piece.text, fonts.style_of(piece.bold, piece.italic, family), 1.0)


def _units(line: list[Measured]) -> float:
    return sum(unit for _, unit in line)


Word = tuple[list[Measured], float]  # the pieces of an unbreakable word and its width at 1 pt


def _words(pieces: tuple[Piece, ...], family: str = "") -> list[Word | str]:
    """Measured pieces grouped into unbreakable words, with "space" and "break" markers between them."""
    out: list[Word | str] = []
    word: list[Measured] = []
    for piece in pieces:
        if piece.kind in ("space", "break"):
            if word:
                out.append((word, _units(word)))
                word = []
            out.append(piece.kind)
        else:
            word.append((piece, _unit(piece, family)))
    if word:
        out.append((word, _units(word)))
    return out


def _wrap(words: list[Word | str], width: float, family: str = "") -> list[list[Measured]]:
    """Greedy line breaking; `width` is the box's width divided by the size (mm per pt)."""
    lines: list[list[Measured]] = [[]]
    used = 0.0
    pending: Measured | None = None
    for item in words:
        if item == "break":
            lines.append([])
            used, pending = 0.0, None
            continue
        if item == "space":
            if lines[-1]:
                last = lines[-1][-1][0]
                space = Piece("space", " ", last.bold, last.italic, last.colour)
                pending = (space, _unit(space, family))
            continue
        assert isinstance(item, tuple)
        word, word_width = item
        gap = pending[1] if pending else 0.0
        if lines[-1] and used + gap + word_width > width + 1e-9:
            lines.append([])
            used, gap, pending = 0.0, 0.0, None
        if pending:
            lines[-1].append(pending)
        lines[-1].extend(word)
        used += gap + word_width
        pending = None
    while len(lines) > 1 and not lines[-1]:
        lines.pop()
    return lines


def _draw_line(line: list[Measured], left: float, baseline: float, size: float, colour: str,
               draw_icon: IconDrawer, family: str = "") -> list[Op]:
    """One line's ops: a Text op per run of one face and colour (a colour span's, else `colour`)."""
    ops: list[Op] = []
    x = left
    run_text, run_style, run_x = "", ("", ""), left  # run_style is set with the run's first character
    for piece, unit in line:
        if piece.kind == "icon":
            if run_text:
                ops.append(Text(run_x, baseline, run_text, run_style[0], size, run_style[1]))
                run_text = ""
            icon = size * fonts.PT * ICON_SCALE
            ops += draw_icon(piece.text, x + size * fonts.PT * ICON_GAP, baseline - icon, icon)
            x += unit * size
            run_x = x
            continue
        style = (fonts.style_of(piece.bold, piece.italic, family), piece.colour or colour)
        if run_text and style != run_style:
            if piece.kind == "space" and style[0] == run_style[0]:
                style = run_style  # a space shows no ink: it joins the run before it, whatever its colour
            else:
                ops.append(Text(run_x, baseline, run_text, run_style[0], size, run_style[1]))
                run_text, run_x = "", x
        if not run_text:
            run_x, run_style = x, style
        run_text += piece.text
        x += unit * size
    if run_text.strip():
        ops.append(Text(run_x, baseline, run_text, run_style[0], size, run_style[1]))
    return ops


def set_lines(pieces: tuple[Piece, ...], width: float, style: TextStyle, draw_icon: IconDrawer) -> list[tuple[Op, ...]]:
    """Text of any length set at `style.size` in lines `width` mm wide (for running text such as a
    rulebook, which flows across pages instead of shrinking): each line's ops with its top at y = 0."""
    size = style.size
    line_height = size * style.leading * fonts.PT
    baseline = (line_height - size * fonts.PT) / 2 + fonts.ascent_mm(fonts.style_of(False, False, style.family), size)
    lines = []
    for line in _wrap(_words(pieces, style.family), width / size, style.family):
        used = _units(line) * size
        left = {"left": 0.0, "center": (width - used) / 2, "right": width - used}[style.align]
        lines.append(tuple(_draw_line(line, left, baseline, size, style.colour, draw_icon, style.family)))
    return lines
