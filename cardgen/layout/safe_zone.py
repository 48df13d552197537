"""Information on a card face measured for print: the ink of text, icons and badges against the deck's safe
zone (the margin inside the trim that an uneven cut can reach), and type set too small to read.

What counts as information is decided from the box: text and icon boxes always; a rect or ellipse when it
is a badge: wholly on the card, at most half its width and height, with a text or icon box centred on it
(a cost disc, a stat plate); never art, lines, frames, bands, backgrounds and shapes that carry nothing. A box's `safe = false` says it is decoration
(neither checked for the safe zone nor for small type); `safe = true` asks for the check on any box.
Text is judged by its glyphs, not by its box: a short name set left in a wide box is as far from the
right edge as its last letter.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any
from collections.abc import Iterable

from PIL import ImageFont

from cardgen.layout import fonts
from cardgen.layout.ops import Ellipse, Image, Op, Path, Rect, Text

SAFE_ZONE = 3.0        # mm inside the trim, the print shops' 1/8 in rounded down (docs/designers/printing.md)
SMALLEST_TYPE = 6.0    # points: the smallest type that prints readably on a home printer
TOLERANCE = 0.005      # mm: a measured distance that rounds to the limit is at the limit
BADGE_SHARE = 0.5      # a rect or ellipse is a badge when it is at most this share of the card's width and height
_EM = 1000             # glyph outlines are measured at 1000 px to the em
NOUNS = {"text": "text", "icon": "icon", "rect": "badge", "ellipse": "badge", "art": "art", "line": "line"}


@dataclass(frozen=True)
class Fact:
    """One measurement that breaks a print rule, about one box on one face.

    `topic` is "safe_zone" (value: mm from the trim, negative past it; `edge` the nearest edge),
    "off_card" (value: mm from the trim's `edge` to the nearest ink of a box wholly past it; `limit`
    the bleed) or "small_type" (value: the size in points the text was set at). Facts about the same
    box and topic on several cards are described together by `describe`.
    """

    topic: str
    what: str       # text, icon, badge...
    value: float
    limit: float
    edge: str = ""

    def sentence(self) -> str:
        return describe([self])


def describe(facts: Iterable[Fact]) -> str:
    """One sentence for facts of one topic about one box, with the range of what was measured."""
    facts = list(facts)
    first = facts[0]
    low, high = min(f.value for f in facts), max(f.value for f in facts)
    if first.topic == "small_type":
        sizes = f"{low:g} pt" if round(low, 2) == round(high, 2) else f"{low:g} to {high:g} pt"
        return (f"type set at {sizes}, under the {first.limit:g} pt that prints readably (make the box "
                f"bigger, the text shorter, or size and min_size larger)")
    edges = sorted({f.edge for f in facts}, key=("top", "bottom", "left", "right").index)
    edge = f"{' and '.join(edges)} edge{'s' if len(edges) > 1 else ''}"
    if first.topic == "off_card":
        beyond = (f"beyond the {first.limit:g} mm bleed too, so it does not print at all" if low > first.limit
                  else f"where only the {first.limit:g} mm bleed is printed, which the cut takes off")
        return (f"{first.what} is entirely off the card, {_mm(low, high)} past the trim's {edge}: {beyond} "
                f"(move it onto the card: look at its x, y, w and h)")
    if high < 0:
        where = f"runs {_mm(-high, -low)} past the trim's {edge}"
    else:
        where = f"is {_mm(low, high)} from the trim's {edge}"
    return (f"{first.what} {where}, inside the {first.limit:g} mm safe zone where a cut can go astray "
            f"(move it inward, or say safe = false if the box is decoration)")


def _mm(low: float, high: float) -> str:
    return f"{low:.2f} mm" if f"{low:.2f}" == f"{high:.2f}" else f"{low:.2f} to {high:.2f} mm"


def informs(box: Any, rect: tuple[float, ...], width: float, height: float,
            centres: Iterable[tuple[float, float]] = ()) -> bool:
    """Whether the box draws information a player reads (see the module's description); `centres` are the
    centres of the face's text and icon boxes, which make a small shape under one of them a badge."""
    said = box.values.get("safe")
    if said is not None:
        return said
    if box.kind in ("text", "icon"):
        return True
    if box.kind in ("rect", "ellipse"):
        x, y, w, h = rect
        on_card = x >= -TOLERANCE and y >= -TOLERANCE and x + w <= width + TOLERANCE and y + h <= height + TOLERANCE
        small = w <= width * BADGE_SHARE and h <= height * BADGE_SHARE
        return on_card and small and any(x <= cx <= x + w and y <= cy <= y + h for cx, cy in centres)
    return False


def outside(placed: Iterable[tuple[Any, tuple[float, ...], list[Op]]], width: float, height: float,
            safe_zone: float) -> list[tuple[Any, Fact]]:
    """(box, Fact) for each box of a face whose ink comes closer to the trim than `safe_zone` mm.

    `placed` is every box the face drew, in drawing order: the box, its rectangle and its ops.
    """
    placed = list(placed)
    centres = [(x + w / 2, y + h / 2) for box, (x, y, w, h), _ in placed
               if box.kind in ("text", "icon") and box.values.get("safe") is not False]
    found = []
    for box, rect, ops in placed:
        if not informs(box, rect, width, height, centres):
            continue
        extent = ink(ops)
        if extent is None:
            continue
        left, top, right, bottom = extent
        distance, edge = min((top, "top"), (height - bottom, "bottom"), (left, "left"), (width - right, "right"))
        if distance < safe_zone - TOLERANCE:
            found.append((box, Fact("safe_zone", NOUNS.get(box.kind, box.kind), round(distance, 2), safe_zone, edge)))
    return found


def off_card(placed: Iterable[tuple[Any, tuple[float, ...], list[Op]]], width: float, height: float,
             bleed: float) -> list[tuple[Any, Fact]]:
    """(box, Fact) for each box of a face that informs (text, icons...) and is drawn wholly outside the trim,
    so that nothing of it is on the cut card. Cheap enough for every build: only a box whose rectangle is off
    the card has its ink measured, for the distance."""
    found = []
    for box, rect, ops in placed:
        x, y, w, h = rect
        if x + w >= -TOLERANCE and x <= width + TOLERANCE and y + h >= -TOLERANCE and y <= height + TOLERANCE:
            continue  # the box reaches onto the card: what it draws is measured against the safe zone instead
        if not informs(box, rect, width, height):
            continue
        extent = ink(ops)
        if extent is None:
            continue
        left, top, right, bottom = extent
        distance, edge = max((-bottom, "top"), (top - height, "bottom"), (-right, "left"), (left - width, "right"))
        if distance > TOLERANCE:
            found.append((box, Fact("off_card", NOUNS.get(box.kind, box.kind), round(distance, 2), bleed, edge)))
    return found


def small_type(box: Any, size: float, text: str) -> Fact | None:
    """A Fact when a text box that informs was set (after shrinking to fit) under SMALLEST_TYPE points."""
    if box.values.get("safe") is False or size >= SMALLEST_TYPE - 1e-9 or not text.strip():
        return None
    return Fact("small_type", "type", round(size, 2), SMALLEST_TYPE)


def ink(ops: Iterable[Op]) -> tuple[float, float, float, float] | None:
    """(left, top, right, bottom) in mm of everything the ops put on paper, None when they draw nothing."""
    boxes = [b for b in (_ink_of(op) for op in ops) if b is not None]
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _ink_of(op: Op) -> tuple[float, float, float, float] | None:
    if isinstance(op, Text):
        glyphs = _line_ink(op.text, op.font)
        if glyphs is None:
            return None
        scale = op.size * fonts.PT / _EM
        left, top, right, bottom = glyphs
        return (op.x + left * scale, op.y + top * scale, op.x + right * scale, op.y + bottom * scale)
    if isinstance(op, (Rect, Ellipse)):
        if op.fill is None and op.stroke is None:
            return None
        pen = op.stroke_width / 2 if op.stroke else 0.0
        return (op.x - pen, op.y - pen, op.x + op.w + pen, op.y + op.h + pen)
    if isinstance(op, Path):
        points = [(c[i], c[i + 1]) for c in op.commands for i in range(1, len(c) - 1, 2)]
        if not points:
            return None
        pen = op.stroke_width / 2 if op.stroke else 0.0
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return (min(xs) - pen, min(ys) - pen, max(xs) + pen, max(ys) + pen)
    if isinstance(op, Image):
        cx, cy, cw, ch = op.clip
        left, top = max(op.x, cx), max(op.y, cy)
        right, bottom = min(op.x + op.w, cx + cw), min(op.y + op.h, cy + ch)
        return (left, top, right, bottom) if right > left and bottom > top else None
    return None


@functools.lru_cache(maxsize=65536)
def _line_ink(text: str, font: str) -> tuple[float, float, float, float] | None:
    """The ink of a run of text at 1000 px to the em, from the left end of its baseline (y down), with each
    glyph at the advance widths the renderers use; None for a run of spaces."""
    face = _font(font)
    pen = 0.0
    found: list[tuple[float, float, float, float]] = []
    for char in text:
        if not char.isspace():
            left, top, right, bottom = _glyph(face, char)
            if right > left and bottom > top:
                found.append((pen + left, top, pen + right, bottom))
        pen += fonts.width_mm(char, font, 1.0) / fonts.PT * _EM  # the advance, in em / 1000
    if not found:
        return None
    return (min(b[0] for b in found), min(b[1] for b in found), max(b[2] for b in found), max(b[3] for b in found))


@functools.cache
def _font(font: str) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(fonts.file_of(font)), _EM, layout_engine=ImageFont.Layout.BASIC)


@functools.lru_cache(maxsize=4096)
def _glyph(face: ImageFont.FreeTypeFont, char: str) -> tuple[int, int, int, int]:
    """The inked pixels of one glyph (its outline rasterised at 1000 px), from its pen position on the
    baseline; (0, 0, 0, 0) for a glyph with no ink. (FreeType's bounding box would give the advance
    box sideways, not the ink.)"""
    mask, (dx, dy) = face.getmask2(char, anchor="ls")
    inked = mask.getbbox()
    if inked is None:
        return (0, 0, 0, 0)
    return (dx + inked[0], dy + inked[1], dx + inked[2], dy + inked[3])
