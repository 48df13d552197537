"""Short texts on boards (space numbers, labels, grid coordinates): sized to fit a box and centred on a point."""

from __future__ import annotations

import math
from collections.abc import Iterable

from cardgen.layout import fonts
from cardgen.layout.ops import Text

MIN_SIZE = 4.0  # points: smaller than this is unreadable on a table, so a text that needs less does not fit


def fit_size(texts: Iterable[str], width: float, height: float, font: str = "bold", largest: float = 14.0) -> float:
    """The largest font size (points, at most `largest`) at which every text fits `width` x `height` mm on one line.

    0.0 when none of `texts` has anything to set; below MIN_SIZE the caller decides what not fitting means.
    """
    widest = max((fonts.unit_width(text, font) for text in texts if text), default=0.0)
    if widest == 0.0:
        return 0.0
    tall = fonts.ascent_mm(font, 1.0) + fonts.descent_mm(font, 1.0)
    return math.floor(min(largest, width / widest, height / tall) * 100) / 100  # down: never past the box


def centred(text: str, cx: float, cy: float, font: str, size: float, colour: str) -> Text:
    """`text` at `size` points with the middle of its line (ascent to descent) on (cx, cy)."""
    ascent, descent = fonts.ascent_mm(font, size), fonts.descent_mm(font, size)
    return Text(cx - fonts.width_mm(text, font, size) / 2, cy + (ascent - descent) / 2, text, font, size, colour)
