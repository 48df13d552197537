"""Art files as Pillow pictures of an exact pixel size, keeping their transparency; SVG rasterised by resvg."""

from __future__ import annotations

import functools
import io

from PIL import Image as PILImage

from cardgen.layout import fonts
from cardgen.layout.art_error import ArtError
from cardgen.layout.art_files import MAX_PIXELS, file_version
from cardgen.layout.svg_images import sealed


def picture(path: str, width: int, height: int, vector: bool) -> PILImage.Image:
    """The file scaled to `width` x `height` px (cached: many cards share the same art): RGBA when it
    has any transparency (an alpha channel, or a palette or colour key marked transparent), else RGB."""
    return _picture(path, width, height, vector, *file_version(path))


@functools.lru_cache(maxsize=32)
def _picture(path: str, width: int, height: int, vector: bool, mtime_ns: int, size: int) -> PILImage.Image:
    source = _rasterise(path, width, height) if vector else _open(path, width, height)
    transparent = source.mode in ("RGBA", "LA", "PA", "RGBa", "La") or "transparency" in source.info
    source = source.convert("RGBA" if transparent else "RGB")
    if source.size != (width, height):  # Pillow resamples RGBA premultiplied: no dark fringes
        source = source.resize((width, height), PILImage.Resampling.LANCZOS)
    return source


def _open(path: str, width: int, height: int) -> PILImage.Image:
    """The file decoded; a JPEG much larger than needed is decoded at a half, quarter or eighth of its size
    (the decoder's own DCT scaling: far faster and lighter than decoding it whole), never below twice the
    size wanted, so the Lanczos resampling after it still has the detail to work from."""
    with PILImage.open(path) as source:
        if source.format == "JPEG":
            source.draft(source.mode, (width * 2, height * 2))
        source.load()
        return source.copy()  # keeps the palette's transparency in its info


def _rasterise(path: str, width: int, height: int) -> PILImage.Image:
    """The SVG drawn at the output's own resolution, so its edges stay sharp at any DPI.

    System fonts are skipped and the card fonts given instead, so text in an SVG looks the same on
    every machine. The pictures it names are inlined first (svg_images): resvg opens no other file.
    """
    import resvg_py

    inlined = sealed(path, MAX_PIXELS)  # its pictures as data: URIs: resvg reads no other file
    try:
        data = resvg_py.svg_to_bytes(svg_path=path if inlined is None else None,
                                     svg_string=None if inlined is None else inlined.decode("utf-8"),
                                     width=width, height=height, skip_system_fonts=True,
                                     font_files=[str(f) for f in fonts.FILES.values()])
    except ValueError as error:
        raise ArtError(f"{path}: the SVG cannot be drawn ({error})") from None
    with PILImage.open(io.BytesIO(bytes(data))) as image:
        image.load()
        return image.copy()
