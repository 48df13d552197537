"""Encodes an RGB image as PNG bytes, fast and byte-for-byte reproducible, with its DPI stored.

Pillow's PNG writer tries four row filters on every row and deflates with memLevel 9; for card
faces (flat colour, text, some art) that costs about 23 ms per 825 x 1125 px card at its default
level 6 and still about 14 ms at level 1. Unfiltered rows deflated at level 1 with memLevel 6 take
about 5 ms, and the files are about 6% smaller than Pillow's at level 1 and 14% larger than at
level 6 (measured on cards of the bundled games). The output is a plain 8-bit RGB PNG; it has no
timestamp or other varying chunk, so the same pixels always give the same bytes.

Photographic art is the exception: unfiltered rows of a photograph deflate poorly (a card with a
grainy photograph came out 9% larger than Pillow's default, one with a smooth photograph twice as
large). So the filter is chosen per image from a sample (BAND rows of every SPACING), deflated
quickly three ways: unfiltered, and with PNG's Sub and Up filters (each byte minus the same byte of
the pixel to the left, or above; worked out by Pillow for a whole image at once). A face is
photographic when its unfiltered sample deflates to more than PHOTO_RATIO of its raw size (grain),
or to more than SMOOTH_RATIO and a filter shrinks it to FILTER_GAIN of that or less (smooth light:
flat colour, which a filter shrinks too, deflates below SMOOTH_RATIO unfiltered);
every row of it is then filtered the way that deflated smallest and deflated at PHOTO_LEVEL.
Measured on 825 x 1125 px cards (benchmarks/png_throughput.py and the bundled games): with a grainy
photograph 3-4% smaller than Pillow's default, with a smooth one or a JPEG 7-10% smaller, in about
40 ms where Pillow's default takes 50-60 ms. A flat face costs one more quick deflate of its sample
(about 0.5 ms), and the bundled games' flat faces keep the fast unfiltered way, byte for byte as
before (except a few busy faces, which are now filtered and smaller). Both ways are deterministic.
"""

from __future__ import annotations

import struct
import zlib

from PIL import Image, ImageChops

LEVEL = 1
MEM_LEVEL = 6
PHOTO_RATIO = 0.05   # unfiltered sample deflated to more than this share of its raw pixels: photographic
FILTER_GAIN = 0.78   # a filter that deflates the sample to this share of the unfiltered size or less: photographic
SMOOTH_RATIO = 0.02  # ... provided the unfiltered sample is above this share (below: flat colour, no filter tried)
PHOTO_LEVEL = 6
PHOTO_MEM_LEVEL = 8  # measured smaller than 9 on photographs, and as fast
BAND, SPACING = 32, 256  # the sample: 32 rows of every 256 (deflated unfiltered in about 0.5 ms a card)
NONE, SUB, UP = 0, 1, 2  # PNG filter types
SIGNATURE = b"\x89PNG\r\n\x1a\n"
INCH = 0.0254  # metres


def encode_png(image: Image.Image, dpi: float) -> bytes:
    """`image` (RGB) as PNG bytes whose pHYs chunk says `dpi`."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    width, height = image.size
    raw = image.tobytes()
    kind, photographic = choose_filter(image, raw)
    data = b""
    if not photographic:
        data = _deflate(raw, width * 3, NONE, LEVEL, MEM_LEVEL)
    if photographic or len(data) > PHOTO_RATIO * len(raw):  # a grain the sample missed: photographic after all
        filtered = _filtered(image, kind).tobytes() if kind != NONE else raw
        data = _deflate(filtered, width * 3, kind, PHOTO_LEVEL, PHOTO_MEM_LEVEL)
    per_metre = int(dpi / INCH + 0.5)  # rounded as Pillow rounds it, so Pillow reads the same DPI back
    return b"".join((SIGNATURE,
                     _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)),
                     _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)),
                     _chunk(b"IDAT", data),
                     _chunk(b"IEND", b"")))


def choose_filter(image: Image.Image, raw: bytes) -> tuple[int, bool]:
    """The PNG filter for every row of `image` (RGB, `raw` its bytes) if it is photographic (the one whose
    sample deflates smallest), and whether it is."""
    sizes = sample_sizes(image, raw, (NONE,))
    ratio = sizes[NONE] / max(1, _sample_raw(image))
    if ratio <= SMOOTH_RATIO:  # flat colour deflates this well unfiltered: no filter is tried
        return NONE, False
    sizes = sample_sizes(image, raw)
    best = min(sizes, key=lambda kind: sizes[kind])  # on a tie the first: NONE, then SUB
    return best, ratio > PHOTO_RATIO or sizes[best] <= FILTER_GAIN * sizes[NONE]


def _bands(height: int) -> list[tuple[int, int]]:
    """The sampled rows: (first, end) of a BAND-row band every SPACING rows, each with a row above it."""
    if height < 2:
        return []
    return [(y, min(height, y + BAND)) for y in range(max(1, min(SPACING // 2, height // 2)), height, SPACING)]


def _sample_raw(image: Image.Image) -> int:
    return sum(end - first for first, end in _bands(image.height)) * image.width * 3


def sample_sizes(image: Image.Image, raw: bytes, kinds: tuple[int, ...] = (NONE, SUB, UP)) -> dict[int, int]:
    """Deflated sizes (level 1) of the sampled rows with each filter of `kinds`: {NONE: ..., SUB: ..., UP: ...}."""
    width, height = image.size
    stride, view, bands = width * 3, memoryview(raw), _bands(height)
    if not bands:  # one row: nothing to compare
        return {kind: int(kind != NONE) for kind in kinds}
    rows = sum(end - first + 1 for first, end in bands)
    sample = Image.frombytes("RGB", (width, rows), b"".join([view[(first - 1) * stride:end * stride]
                                                               for first, end in bands]))
    sizes = {}
    for kind in kinds:
        data = memoryview(_filtered(sample, kind).tobytes() if kind else sample.tobytes())
        kept, at = [], 0  # each band's row above only served the Up filter: left out
        for first, end in bands:
            kept.append(data[(at + 1) * stride:(at + 1 + end - first) * stride])
            at += end - first + 1
        sizes[kind] = len(_deflate(b"".join(kept), stride, kind, LEVEL, PHOTO_MEM_LEVEL))
    return sizes


def _filtered(image: Image.Image, kind: int) -> Image.Image:
    """Each byte minus the same byte of the pixel to the left (SUB) or above (UP), 0 past the edge, modulo 256."""
    dx, dy = (1, 0) if kind == SUB else (0, 1)
    neighbour = ImageChops.offset(image, dx, dy)  # wraps round: the first column (or row) is set to 0
    neighbour.paste((0, 0, 0), (0, 0, dx or image.width, dy or image.height))
    return ImageChops.subtract_modulo(image, neighbour)


def _deflate(data: bytes, stride: int, kind: int, level: int, mem_level: int) -> bytes:
    """zlib data of PNG rows: each `stride` bytes of `data` after its filter type byte."""
    view, tag = memoryview(data), bytes((kind,))
    rows = b"".join([part for start in range(0, len(data), stride) for part in (tag, view[start:start + stride])])
    packer = zlib.compressobj(level, zlib.DEFLATED, 15, mem_level, zlib.Z_DEFAULT_STRATEGY)
    return packer.compress(rows) + packer.flush()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
