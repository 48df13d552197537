"""Draws a game's icons: the designer's own PNG or SVG file, its chosen glyph in its colour, or a
lettered badge when it has none."""

from __future__ import annotations

from collections.abc import Mapping

from cardgen.gamedata import IconSpec
from cardgen.layout import fonts
from cardgen.layout.art_error import ArtError
from cardgen.layout.art_files import read_art
from cardgen.layout.glyphs import GLYPHS, ICON_COLOUR, PAPER
from cardgen.layout.ops import Ellipse, Image, Op, Path, Rect, Text

DEFAULT_COLOUR = ICON_COLOUR
WHITE = "#ffffff"


class IconError(ValueError):
    """An icon whose glyph does not exist."""


def check_glyphs(icons: Mapping[str, IconSpec]) -> list[str]:
    """Sentences naming every icon whose declared glyph is unknown or whose own file cannot be drawn."""
    problems = [f"[icons] {spec.name}: unknown glyph {spec.glyph!r}; glyphs: {', '.join(sorted(GLYPHS))}"
                for spec in icons.values() if spec.glyph and spec.glyph not in GLYPHS]
    for spec in icons.values():
        if spec.file:
            try:
                read_art(spec.file)
            except ArtError as error:
                problems.append(f"line {spec.line}: [icons] {spec.name}: file {error}")
    return problems


def draw_icon(spec: IconSpec | None, name: str, x: float, y: float, size: float, colour: str | None = None) -> list[Op]:
    """Ops drawing icon `name` in the square (x, y, size) mm; `colour` overrides the icon's own."""
    if spec and spec.file:
        return _picture(spec.file, x, y, size)
    ink = colour or (spec.colour if spec else None) or DEFAULT_COLOUR
    glyph = (spec.glyph if spec else None) or (name if name in GLYPHS else None)
    if glyph is None:
        return _badge(spec.label if spec else name, x, y, size, ink)
    ops: list[Op] = []
    for shape in GLYPHS[glyph]:
        tone = WHITE if shape[-1] == PAPER else ink
        if shape[0] == "circle":
            _, cx, cy, r, _ = shape
            ops.append(Ellipse(x + (cx - r) * size, y + (cy - r) * size, 2 * r * size, 2 * r * size, fill=tone))
        elif shape[0] == "rect":
            _, rx, ry, rw, rh, _ = shape
            ops.append(Rect(x + rx * size, y + ry * size, rw * size, rh * size, fill=tone))
        else:
            points = shape[1]
            commands = [("M", x + points[0][0] * size, y + points[0][1] * size)]
            commands += [("L", x + px * size, y + py * size) for px, py in points[1:]]
            ops.append(Path(tuple(commands) + (("Z",),), fill=tone))
    return ops


def _picture(path: str, x: float, y: float, size: float) -> list[Op]:
    """The file scaled to fit the square, keeping its proportions, centred and standing on its bottom
    edge (inline, that edge is the baseline)."""
    art = read_art(path)
    scale = size / max(art.width, art.height, 1e-9)
    w, h = art.width * scale, art.height * scale
    left, top = x + (size - w) / 2, y + size - h
    return [Image(art.path, left, top, w, h, (left, top, w, h), art.vector)]


def _badge(label: str, x: float, y: float, size: float, ink: str) -> list[Op]:
    letter = next((ch for ch in label if ch.isalnum()), "?").upper()
    text_size = size / fonts.PT * 0.62
    width = fonts.width_mm(letter, "bold", text_size)
    baseline = y + size / 2 + fonts.ascent_mm("bold", text_size) * 0.36
    return [Ellipse(x, y, size, size, fill=ink), Text(x + (size - width) / 2, baseline, letter, "bold", text_size, WHITE)]
