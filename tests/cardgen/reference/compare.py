"""Compares a card drawn now with its reference image, with a tolerance, and pictures the difference.

Two measures, both over every pixel and channel (0-255): the mean absolute difference of the worst
channel, and the number of pixels where some channel moved by more than STRONG. A glyph edge drawn
a little differently (another FreeType's antialiasing) changes many pixels a little; a box moved by
1 mm at 100 DPI (about 4 px) changes a band of pixels along each of its edges completely.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image as PILImage
from PIL import ImageChops, ImageStat

MEAN_LIMIT = 1.0     # the worst channel's mean absolute difference, 0-255
STRONG = 32          # a channel moved by more than this: the pixel changed
PIXEL_LIMIT = 20     # at most this many changed pixels (see docs/extending/reference-images.md for the measure)
FADE = 0.3           # how much of the reference shows under the difference picture's red
CHANGED = (230, 0, 0)        # moved by more than STRONG
TOUCHED = (255, 170, 170)    # moved, by STRONG or less


@dataclass(frozen=True)
class Difference:
    """How far a drawing is from its reference."""

    size: tuple[int, int]
    reference_size: tuple[int, int]
    mean: float          # the worst channel's mean absolute difference
    changed: int         # pixels where a channel moved by more than STRONG

    @property
    def within_tolerance(self) -> bool:
        return self.size == self.reference_size and self.mean <= MEAN_LIMIT and self.changed <= PIXEL_LIMIT

    def __str__(self) -> str:
        if self.size != self.reference_size:
            return (f"size {self.size[0]} x {self.size[1]} px, the reference is "
                    f"{self.reference_size[0]} x {self.reference_size[1]} px")
        return (f"mean difference {self.mean:.3f} (limit {MEAN_LIMIT}), {self.changed} pixels changed by more "
                f"than {STRONG} (limit {PIXEL_LIMIT})")


def _padded(picture: PILImage.Image, size: tuple[int, int]) -> PILImage.Image:
    """`picture` on a white canvas of `size`, top-left aligned (the same picture when already that size)."""
    if picture.size == size:
        return picture
    canvas = PILImage.new("RGB", size, "#ffffff")
    canvas.paste(picture, (0, 0))
    return canvas


def _common(picture: PILImage.Image, reference: PILImage.Image) -> tuple[PILImage.Image, PILImage.Image]:
    size = (max(picture.width, reference.width), max(picture.height, reference.height))
    return _padded(picture.convert("RGB"), size), _padded(reference.convert("RGB"), size)


def difference(picture: PILImage.Image, reference: PILImage.Image) -> Difference:
    """The measures of how far `picture` is from `reference` (compared on the larger size if they differ)."""
    drawn, stored = _common(picture, reference)
    delta = ImageChops.difference(drawn, stored)
    red, green, blue = delta.split()
    peak = ImageChops.lighter(ImageChops.lighter(red, green), blue)  # each pixel's largest channel change
    changed = peak.point(lambda value: 255 if value > STRONG else 0).histogram()[255]
    return Difference(picture.size, reference.size, max(ImageStat.Stat(delta).mean), changed)


def difference_picture(picture: PILImage.Image, reference: PILImage.Image) -> PILImage.Image:
    """The reference faded towards white, its pixels that changed by more than STRONG in red and the
    pixels that changed less in pale red."""
    drawn, stored = _common(picture, reference)
    red, green, blue = ImageChops.difference(drawn, stored).split()
    peak = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    white = PILImage.new("RGB", stored.size, "#ffffff")
    faded = PILImage.blend(white, stored.convert("L").convert("RGB"), FADE)
    faded.paste(TOUCHED, mask=peak.point(lambda value: 255 if 0 < value <= STRONG else 0))
    faded.paste(CHANGED, mask=peak.point(lambda value: 255 if value > STRONG else 0))
    return faded
