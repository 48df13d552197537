"""Places a diagram's short labels where their text touches no other text and stays inside the drawing."""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.layout import fonts

CLEARANCE = 0.4  # mm kept free around every label


@dataclass(frozen=True)
class Rect:
    """An area of the drawing in mm, y down from its top."""

    left: float
    top: float
    right: float
    bottom: float

    def touches(self, other: Rect, clearance: float = CLEARANCE) -> bool:
        return (self.left < other.right + clearance and other.left < self.right + clearance
                and self.top < other.bottom + clearance and other.top < self.bottom + clearance)


@dataclass(frozen=True)
class Label:
    """A line of text placed in a diagram: its baseline's left end (mm, y down), what it says and how."""

    x: float
    baseline: float
    text: str
    font: str
    size: float

    @property
    def rect(self) -> Rect:
        return text_rect(self.text, self.font, self.size, self.x, self.baseline)


def text_rect(text: str, font: str, size: float, x: float, baseline: float) -> Rect:
    """The area a line of text covers, from its font's ascent to its descent."""
    return Rect(x, baseline - fonts.ascent_mm(font, size), x + fonts.width_mm(text, font, size),
                baseline + fonts.descent_mm(font, size))


def place(text: str, font: str, size: float, spots: list[tuple[float, float]], taken: list[Rect],
          bounds: Rect) -> Label | None:
    """The label at the first spot (x, y) where it touches nothing taken and stays within bounds, tried to the
    right of the spot, then to its left, each above and below it; None when no spot has room."""
    width = fonts.width_mm(text, font, size)
    ascent, descent = fonts.ascent_mm(font, size), fonts.descent_mm(font, size)
    for x, y in spots:
        for left in (x + 1.0, x - 1.0 - width, x - width / 2):
            for baseline in (y - descent - 0.5, y + ascent + 0.5, y + (ascent - descent) / 2):
                label = Label(left, baseline, text, font, size)
                rect = label.rect
                inside = (rect.left >= bounds.left and rect.right <= bounds.right and rect.top >= bounds.top
                          and rect.bottom <= bounds.bottom)
                if inside and not any(rect.touches(other) for other in taken):
                    return label
    return None
