"""Raster art made ready for a PDF: resampled once to the size it is printed at, stored the way that suits it.

A 4000 x 2667 photograph drawn 53 mm wide needs 626 pixels across at 300 dpi, not 4000: art larger than
the print resolution asks for is scaled down once (Lanczos, the same resampling as the PNG export)
and kept in a cache folder named by the file's content, so every card, every PDF and every later
build reuses it. Photographs (a JPEG source, or more than PHOTO_COLOURS colours once scaled) are stored
as JPEG at JPEG_QUALITY with full colour resolution (4:4:4); flat art (logos, icons, drawn frames) and
anything with transparency stays lossless. Art no larger than the print needs is drawn from its own
file, untouched. reportlab embeds each file once per PDF however often it is drawn, under a name made from
the file's content (ArtFile), so a PDF is the same bytes wherever the game folder or the art cache lies.
"""

from __future__ import annotations

import functools
import hashlib
import math
import os
import tempfile

from cardgen.layout.art_files import file_version, read_art
from cardgen.layout.cache_folders import cache_folder

ART_DPI = 300.0        # default print resolution of raster art
JPEG_QUALITY = 92      # measured: at 300 dpi, no visible difference from lossless in a print (docs/designers/layouts.md)
PHOTO_COLOURS = 4096   # more distinct colours than this, once scaled, and the art is photographic
OVERSIZE = 1.05        # art up to 5% larger than needed is drawn as it is: resampling it gains nothing
_VERSION = "2"         # bump when the resampling or encoding changes, so cached files are made again


def art_for_pdf(path: str, width_mm: float, height_mm: float, dpi: float = ART_DPI) -> str:
    """The file to embed for `path` drawn at width_mm x height_mm: `path` itself when it is not larger than
    `dpi` needs, else a cached copy scaled to that resolution."""
    if dpi <= 0:
        return path
    art = read_art(path)
    across = max(1, math.ceil(width_mm / 25.4 * dpi - 1e-6))
    down = max(1, math.ceil(height_mm / 25.4 * dpi - 1e-6))
    if art.width <= across * OVERSIZE or art.height <= down * OVERSIZE:
        return path  # cannot shrink on both axes without losing detail on one
    return _scaled(path, across, down, *file_version(path))


class NamedByContent(str):
    """A file to hand to reportlab's drawImage, which then names the image in the PDF after the file's content.

    reportlab names an image given by file name after `'%s%s' % (image, mask)`, and `%s` of a str subclass is
    its `__str__`: here the content's digest, while opening the file still reads the path. Without it the same
    art in another folder (a copied game, another machine's art cache) gave a PDF of other bytes. Only for
    drawImage: anything else would read `str()` of it as the digest.
    """

    key: str

    def __new__(cls, path: str) -> NamedByContent:
        made = super().__new__(cls, path)
        made.key = _content(path, *file_version(path))
        return made

    def __str__(self) -> str:
        return f"art-{self.key}"


@functools.lru_cache(maxsize=1024)
def _content(path: str, mtime_ns: int, size: int) -> str:
    """The SHA-256 of the file at `path` (in this version of it)."""
    digest = hashlib.sha256()
    with open(path, "rb") as source:
        for block in iter(lambda: source.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


@functools.lru_cache(maxsize=256)
def _scaled(path: str, across: int, down: int, mtime_ns: int, size: int) -> str:
    digest = hashlib.sha256(f"{_VERSION} {across}x{down} q{JPEG_QUALITY} ".encode())
    with open(path, "rb") as source:
        for block in iter(lambda: source.read(1 << 20), b""):
            digest.update(block)
    folder = cache_folder()
    for suffix in (".jpg", ".png"):
        ready = folder / f"{digest.hexdigest()}{suffix}"
        if ready.exists():
            return str(ready)
    data, suffix = _encode(path, across, down)
    ready = folder / f"{digest.hexdigest()}{suffix}"
    handle, temporary = tempfile.mkstemp(prefix=".art-", dir=folder)  # concurrent builds never see half a file
    with os.fdopen(handle, "wb") as stream:
        stream.write(data)
    os.replace(temporary, ready)
    return str(ready)


def _encode(path: str, across: int, down: int) -> tuple[bytes, str]:
    """The art scaled to across x down px as (file bytes, suffix): JPEG for photographs, else PNG."""
    import io

    from cardgen.render.png_art import picture

    image = picture(path, across, down, vector=False)
    stream = io.BytesIO()
    if image.mode == "RGB" and _photographic(path, image):
        image.save(stream, "JPEG", quality=JPEG_QUALITY, subsampling=0)  # optimize=True: ~6% smaller, 16 ms more a photo
        return stream.getvalue(), ".jpg"
    image.save(stream, "PNG", compress_level=6)
    return stream.getvalue(), ".png"


def _photographic(path: str, image) -> bool:
    if path.lower().endswith((".jpg", ".jpeg")):
        return True  # already stored lossily: a lossless copy would only be larger
    return image.getcolors(maxcolors=PHOTO_COLOURS) is None
