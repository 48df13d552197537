"""Reads an art file's kind (raster picture or SVG vectors) and size, or says in a sentence why it cannot."""

from __future__ import annotations

import functools
import io
import logging
import re
import warnings
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path

from cardgen.layout.art_error import ArtError

SVG_SUFFIXES = (".svg", ".svgz")
MAX_PIXELS = 100_000_000  # a raster picture larger than this is refused, not decoded


@dataclass(frozen=True)
class ArtFile:
    """A readable art file: its resolved path, whether it is SVG, and its size (pixels, or points for SVG)."""

    path: str
    vector: bool
    width: float
    height: float


def is_svg(path: str | Path) -> bool:
    return str(path).lower().endswith(SVG_SUFFIXES)


def read_art(path: str) -> ArtFile:
    """The art file at `path` (resolved), decoded once to be sure it draws; ArtError when it cannot be read."""
    return _read_art(path, *file_version(path))


def svg_drawing(path: str):
    """The SVG file at `path` as a reportlab Drawing (svglib), parsed once per version of the file."""
    return _svg_drawing(path, *file_version(path))


def drawn_files(path: str) -> tuple[str, ...]:
    """The files drawing the art file at `path` reads: itself, and for an SVG the pictures it names by path."""
    if not is_svg(path):
        return (path,)
    from cardgen.layout.svg_images import linked

    try:
        stat = Path(path).stat()
    except OSError:
        return (path,)
    return (path, *linked(path, stat.st_mtime_ns, stat.st_size))


def file_version(path: str) -> tuple[int, int]:
    """What tells one version of a file from the next, so an edited file is read again (for an SVG, also
    an edit of a picture it names by path)."""
    try:
        stat = Path(path).stat()
    except OSError as error:
        raise ArtError(f"{path}: cannot be opened ({error.strerror})") from None
    if not is_svg(path):
        return stat.st_mtime_ns, stat.st_size
    from cardgen.layout.svg_images import linked

    versions = [(stat.st_mtime_ns, stat.st_size)]
    for picture in linked(path, stat.st_mtime_ns, stat.st_size):
        try:
            seen = Path(picture).stat()
            versions.append((seen.st_mtime_ns, seen.st_size))
        except OSError:
            versions.append((0, -1))
    return (stat.st_mtime_ns, stat.st_size) if len(versions) == 1 else (hash(tuple(versions)), stat.st_size)


@functools.lru_cache(maxsize=256)
def _read_art(path: str, mtime_ns: int, size: int) -> ArtFile:
    if is_svg(path):
        drawing = svg_drawing(path)
        width, height = drawing.width, drawing.height
    else:
        from PIL import Image as PILImage, UnidentifiedImageError

        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", PILImage.DecompressionBombWarning)  # our own limit says more
                with PILImage.open(path) as image:
                    width, height = image.size
                    if width * height > MAX_PIXELS:
                        raise ArtError(f"{path}: the image is {width} x {height} px "
                                       f"({width * height / 1e6:g} megapixels), more than the limit of "
                                       f"{MAX_PIXELS // 1_000_000} megapixels; scale it down (300 dpi is plenty "
                                       "for print)")
                    if image.format == "JPEG":  # decoded at an eighth of its size: the whole file is still read
                        image.draft(image.mode, (max(1, width // 8), max(1, height // 8)))
                    image.load()  # a truncated file fails here, not halfway through a PDF
        except ArtError:
            raise
        except PILImage.DecompressionBombError as error:  # too big for Pillow to even open
            found = re.search(r"\((\d+) pixels\)", str(error))
            amount = f" ({int(found.group(1)) / 1e6:g} megapixels)" if found else ""
            raise ArtError(f"{path}: the image is too large{amount}, more than the limit of "
                           f"{MAX_PIXELS // 1_000_000} megapixels; scale it down (300 dpi is plenty for print)") from None
        except UnidentifiedImageError:
            raise ArtError(f"{path}: not an image Pillow can read (use PNG, JPEG, WebP, GIF or TIFF, or "
                           "SVG with a .svg name)") from None
        except (OSError, ValueError, SyntaxError) as error:
            raise ArtError(f"{path}: the image cannot be read ({error}); is the file complete?") from None
    if not (width > 0 and height > 0):
        hint = ": its <svg> element needs a width and height or a viewBox" if is_svg(path) else ""
        raise ArtError(f"{path}: the image has no size ({width:g} x {height:g}){hint}")
    return ArtFile(path, is_svg(path), float(width), float(height))


@functools.lru_cache(maxsize=64)
def _svg_drawing(path: str, mtime_ns: int, size: int):
    if not path.lower().endswith(".svgz"):  # svglib's parser recovers from broken XML and draws nothing
        try:
            ElementTree.parse(path)
        except ElementTree.ParseError as error:
            line, column = error.position
            raise ArtError(f"{path}: not a readable SVG file: not well-formed XML at line {line}, "
                           f"column {column + 1}") from None
    from svglib.svglib import svg2rlg

    from cardgen.layout.svg_images import sealed

    inlined = sealed(path, MAX_PIXELS)  # its pictures as data: URIs: svglib reads no other file
    logger = logging.getLogger("svglib.svglib")
    level = logger.level
    logger.setLevel(logging.CRITICAL)  # svglib logs its own failure; ours says more
    try:
        drawing = svg2rlg(path if inlined is None else io.BytesIO(inlined))
    except Exception as error:  # noqa: BLE001 - svglib raises whatever its XML and CSS parsers raise
        raise ArtError(f"{path}: not a readable SVG file ({type(error).__name__}: {error})") from None
    finally:
        logger.setLevel(level)
    if drawing is None:
        raise ArtError(f"{path}: not a readable SVG file (it is not well-formed XML with an <svg> root)")
    return drawing
