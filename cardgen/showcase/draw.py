"""Draws a showcase: each card turned or tilted where its Placement says, with a soft shadow or a reflection."""

from __future__ import annotations

import difflib
import math

from PIL import Image, ImageChops, ImageColor, ImageFilter

from cardgen.showcase.choose import ShowcaseError
from cardgen.showcase.styles import REFLECTION, REFLECTION_GAP, Arrangement, Placement, perspective_inverse

TRANSPARENT = "transparent"
SHADOW_OFFSET = (0.02, 0.04)  # inches right and down
SHADOW_BLUR = 0.04            # inches: the Gaussian blur's radius
SHADOW_OPACITY = 0.45
REFLECTION_STRENGTH = 0.25    # the reflection's opacity next to the card, fading to none (Squib's reflect_strength)


def ground(value: str) -> tuple[int, int, int, int]:
    """`--background` as RGBA: a colour name, #rgb, #rrggbb or #rrggbbaa, or "transparent"; ShowcaseError else."""
    text = value.strip().lower()
    if text == TRANSPARENT:
        return (0, 0, 0, 0)
    try:
        rgba = ImageColor.getcolor(text, "RGBA")
    except ValueError:
        close = difflib.get_close_matches(text, [TRANSPARENT, *ImageColor.colormap], n=1, cutoff=0.7)
        raise ShowcaseError(f"--background {value!r}: not a colour; give a name (white, black, navy...), #rrggbb or "
                            "transparent" + (f"; did you mean {close[0]!r}?" if close else "")) from None
    if not isinstance(rgba, tuple):  # a grey level: Pillow gives one number for some modes
        return (rgba, rgba, rgba, 255)
    red, green, blue, alpha = rgba
    return (red, green, blue, alpha)


def draw(arrangement: Arrangement, cards: list[Image.Image], dpi: float, background: tuple[int, int, int, int],
         shadow: bool) -> Image.Image:
    """The picture: `cards` (RGBA, by placement index) on `background`; RGB unless the background is see-through."""
    canvas = Image.new("RGBA", arrangement.size, background)
    for placement in arrangement.placements:
        card = cards[placement.index]
        if card.size != (placement.w, placement.h):
            card = card.resize((placement.w, placement.h), Image.Resampling.LANCZOS)
        sprite, left, top = _sprite(placement, card)
        if arrangement.reflections:
            mirror, mirror_left, mirror_top = _sprite(placement, reflection(card, dpi), reflected=True)
            _paste(canvas, mirror, mirror_left, mirror_top)
        if shadow:
            _shadow(canvas, sprite, left, top, dpi)
        _paste(canvas, sprite, left, top)
    return canvas if background[3] < 255 else canvas.convert("RGB")


def reflection(card: Image.Image, dpi: float) -> Image.Image:
    """What shows below a card on a shiny table: a gap, then its lower part upside down, fading out; as tall as
    the card plus the gap plus the reflection, the card's own part left clear."""
    gap, height = round(REFLECTION_GAP * dpi), max(1, round(REFLECTION * card.height))
    mirrored = card.transpose(Image.Transpose.FLIP_TOP_BOTTOM).crop((0, 0, card.width, height))
    fade = Image.linear_gradient("L").transpose(Image.Transpose.FLIP_TOP_BOTTOM).resize((card.width, height))
    fade = fade.point(lambda v: round(v * REFLECTION_STRENGTH))
    mirrored.putalpha(ImageChops.multiply(mirrored.getchannel("A"), fade))
    whole = Image.new("RGBA", (card.width, card.height + gap + height), (0, 0, 0, 0))
    whole.paste(mirrored, (0, card.height + gap))
    return whole


def _sprite(placement: Placement, image: Image.Image, reflected: bool = False) -> tuple[Image.Image, int, int]:
    """`image` turned or tilted as the placement says, and where its top-left corner goes on the picture."""
    left, top = placement.cx - placement.drawn_width / 2, placement.cy - placement.h / 2
    premultiplied = image.convert("RGBa")  # no dark fringe where an edge blends with the transparent outside
    if placement.tilt:
        coefficients = perspective_inverse(placement.w, placement.h, placement.tilt)
        out = premultiplied.transform((math.ceil(placement.drawn_width), image.height), Image.Transform.PERSPECTIVE,
                                      coefficients, Image.Resampling.BICUBIC)
    elif placement.angle:
        out = premultiplied.rotate(-placement.angle, Image.Resampling.BICUBIC, expand=True)
        left, top = placement.cx - out.width / 2, placement.cy - out.height / 2
    else:
        out = premultiplied
    return out.convert("RGBA"), round(left), round(top)


def _shadow(canvas: Image.Image, sprite: Image.Image, left: int, top: int, dpi: float) -> None:
    """A soft shadow of `sprite`'s shape, a little below and to the right of where it goes."""
    blur = SHADOW_BLUR * dpi
    pad = math.ceil(3 * blur)
    alpha = Image.new("L", (sprite.width + 2 * pad, sprite.height + 2 * pad), 0)
    alpha.paste(sprite.getchannel("A"), (pad, pad))
    alpha = alpha.filter(ImageFilter.GaussianBlur(blur)).point(lambda v: round(v * SHADOW_OPACITY))
    dark = Image.new("RGBA", alpha.size, (0, 0, 0, 0))
    dark.putalpha(alpha)
    _paste(canvas, dark, left - pad + round(SHADOW_OFFSET[0] * dpi), top - pad + round(SHADOW_OFFSET[1] * dpi))


def _paste(canvas: Image.Image, sprite: Image.Image, left: int, top: int) -> None:
    """Composites `sprite` over `canvas` at (left, top), whatever of it falls outside cut off."""
    box = (max(0, -left), max(0, -top), min(sprite.width, canvas.width - left), min(sprite.height, canvas.height - top))
    if box[2] > box[0] and box[3] > box[1]:
        canvas.alpha_composite(sprite, (left + box[0], top + box[1]), box)
