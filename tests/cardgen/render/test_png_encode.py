"""PNG encoding picks its way per image: flat faces the fast unfiltered way, photographs (grainy or smooth)
with the row filter that suits them, all lossless, reproducible and carrying their DPI; a photograph's
file is no larger than Pillow's default PNG of the same pixels."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
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


def smooth_photo_card() -> Image.Image:
    """A card whose middle is a smooth photograph without grain, as a JPEG leaves it."""
    small = Image.effect_mandelbrot((400, 267), (-2.0, -1.2, 1.0, 1.2), 70).convert("RGB")
    photo = small.resize((632, 480), Image.Resampling.BICUBIC).filter(ImageFilter.GaussianBlur(3))
    card = Image.new("RGB", SIZE, "white")
    card.paste(photo, (96, 165))
    stream = io.BytesIO()
    card.save(stream, "JPEG", quality=85)
    return Image.open(io.BytesIO(stream.getvalue())).convert("RGB")


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


def row_filters(data: bytes) -> set[int]:
    """The PNG filter types the rows of an 8-bit RGB PNG use, read from its inflated IDAT data."""
    width, height = struct.unpack(">II", data[16:24])
    at, idat = 8, b""
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        if kind == b"IDAT":
            idat += data[at + 8:at + 8 + length]
        at += 12 + length
    rows = zlib.decompress(idat)
    return {rows[row * (width * 3 + 1)] for row in range(height)}


def pillow_default(image: Image.Image) -> bytes:
    stream = io.BytesIO()
    image.save(stream, "PNG")  # Pillow's defaults: level 6, a filter tried per row
    return stream.getvalue()


def test_a_flat_face_takes_the_fast_unfiltered_way():
    data = encode_png(flat_card(), DPI)
    assert b"pHYs" in data and data[37:41] == b"pHYs"  # written by our own encoder: pHYs right after IHDR
    assert len(data) <= PHOTO_RATIO * SIZE[0] * SIZE[1] * 3
    assert row_filters(data) == {0}
    assert decoded(data).tobytes() == flat_card().tobytes()


@pytest.mark.parametrize("make", [photo_card, smooth_photo_card], ids=["grainy", "smooth"])
def test_a_photograph_is_filtered_and_no_larger_than_pillows_default(make):
    card = make()
    data = encode_png(card, DPI)
    assert row_filters(data) in ({1}, {2})  # Sub or Up on every row, whichever the sample found smaller
    assert len(data) <= len(pillow_default(card))
    image = decoded(data)
    assert image.tobytes() == card.tobytes()
    assert round(image.info["dpi"][0]) == DPI
    assert data == encode_png(card.copy(), DPI)  # the same pixels, the same bytes
    assert b"tIME" not in data and b"tEXt" not in data


def test_the_smooth_photograph_would_be_twice_as_large_unfiltered():
    """What the choice is for: unfiltered, even at level 6, the smooth photograph is far above Pillow's size."""
    card = smooth_photo_card()
    rows = b"".join(b"\x00" + card.tobytes()[y * SIZE[0] * 3:(y + 1) * SIZE[0] * 3] for y in range(SIZE[1]))
    assert len(zlib.compress(rows, 1)) > 1.5 * len(encode_png(card, DPI))


@pytest.mark.parametrize("size", [(1, 1), (7, 1), (1, 9), (40, 33), (300, 700)])
def test_any_size_encodes_losslessly(size):
    noise = Image.effect_noise(size, 40).convert("RGB")
    data = encode_png(noise, DPI)
    assert decoded(data).tobytes() == noise.tobytes()
    assert data == encode_png(noise.copy(), DPI)
