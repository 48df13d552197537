"""Drawing operations for one card face, in millimetres from the trim box's top-left, y down.

The layout stage produces them; each renderer (reportlab for PDF, Pillow for PNG) draws them.
Colours are "#rrggbb" strings; font sizes are points.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.3
    radius: float = 0.0


@dataclass(frozen=True)
class Ellipse:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.3


@dataclass(frozen=True)
class Path:
    """A vector path: commands ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)."""

    commands: tuple[tuple, ...]
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.3


@dataclass(frozen=True)
class Text:
    """A run of text in one font, its left end on the baseline at (x, y)."""

    x: float
    y: float
    text: str
    font: str
    size: float
    colour: str


@dataclass(frozen=True)
class Image:
    """An image file drawn into (x, y, w, h) and clipped to `clip` (x, y, w, h).

    Its transparency shows what is drawn beneath; `vector` art (SVG) is drawn as vectors in a PDF.
    """

    path: str
    x: float
    y: float
    w: float
    h: float
    clip: tuple[float, float, float, float]
    vector: bool = False


Op = Rect | Ellipse | Path | Text | Image


@dataclass(frozen=True)
class Face:
    """Everything drawn on one side of one card: its size, bleed and operations."""

    width: float
    height: float
    bleed: float
    ops: tuple[Op, ...]
    warnings: tuple[str, ...] = ()
    # what the layout noticed, behind each warning (cardgen.layout.compose.Note), so repeated ones can be
    # grouped across cards; not part of the face's identity
    notes: tuple = field(default=(), compare=False, repr=False)
