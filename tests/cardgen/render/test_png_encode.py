"""PNG encoding picks its way per image: flat faces the fast unfiltered way, photographs with row filters,
both lossless, reproducible and carrying their DPI; a photograph's file comes close to Pillow's default size."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw, ImageFilter

from cardgen.render.png_encode import PHOTO_RATIO, encode_png

DPI = 300
SIZE = (825, 1125)  # a poker card with 1/8 in bleed at 300 dpi


def photo_card() -> Image.Image:
    """A card whose middle is a photograph: smooth light and colour with a little grain (random each call)."""
    small = Image.effect_mandelbrot((200, 140), (-2.2, -1.2, 1.0, 1.2), 80).convert("RGB")
    small = Image.merge("RGB", (small.getchannel(0), Image.linear_gradient("L").resize((200, 140)),
                                small.getchannel(0).rotate(180)))
    base = small.resize((660, 480), Image.Resampling.BICUBIC).filter(ImageFilter.GaussianBlur(2))
    photo = Image.blend(base, Image.effect_noise((660, 480), 30).convert("RGB"), 0.03)
    card = Image.new("RGB", SIZE, "white")
    card.paste(photo, (80, 160))
    return card


def flat_card() -> Image.Image:
    card = Image.new("RGB", SIZE, "#35577d")
    draw = ImageDraw.Draw(card)
    draw.rounded_rectangle((40, 40, 785, 1085), radius=30, fill="white", outline="#333333", width=6)
    draw.text((80, 80), "Card 1", fill="#1f1f1f", font_size=60)
    return card


def decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_a_flat_face_takes_the_fast_unfiltered_way():
    data = encode_png(flat_card(), DPI)
    assert b"pHYs" in data and data[37:41] == b"pHYs"  # written by our own encoder: pHYs right after IHDR
    assert len(data) <= PHOTO_RATIO * SIZE[0] * SIZE[1] * 3
    assert decoded(data).tobytes() == flat_card().tobytes()


def test_a_photograph_is_filtered_and_close_to_pillows_default_size():
    card = photo_card()
    data = encode_png(card, DPI)
    pillow = io.BytesIO()
    card.save(pillow, "PNG")  # Pillow's defaults: level 6
    unfiltered = PHOTO_RATIO * SIZE[0] * SIZE[1] * 3
    assert len(data) > unfiltered / 4  # it is a photograph indeed
    assert len(data) <= len(pillow.getvalue()) * 1.10
    image = decoded(data)
    assert image.tobytes() == card.tobytes()
    assert round(image.info["dpi"][0]) == DPI
    assert data == encode_png(card.copy(), DPI)  # the same pixels, the same bytes
    assert b"tIME" not in data and b"tEXt" not in data
