"""The pictures an SVG's <image> elements name, kept inside the game's folders and inlined as data: URIs.

Inkscape embeds a picture as a `data:` URI, or links it by path. Both renderers are handed the SVG
returned by `sealed`, in which every picture is a PNG or JPEG `data:` URI, so drawing it reads no
other file: a relative reference is read here once containment.referenced finds it inside the game
folder (or the SVG's own folder); absolute paths, `../` escapes, URLs and `file:` URLs are refused at
the SVG's file and line.
"""

from __future__ import annotations

import base64
import binascii
import functools
import gzip
import io
import re
import urllib.parse
import warnings
from pathlib import Path

from cardgen.gamedata.containment import referenced
from cardgen.layout.art_error import ArtError

XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
MIME = {"PNG": "image/png", "JPEG": "image/jpeg"}   # what svglib reads from a data: URI; others become PNG
KINDS = "PNG, JPEG, GIF or WebP"
_NUMBER = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(?:px)?\s*$")
_DATA = re.compile(r"^data:([^,;]*)((?:;[^,;]*)*),(.*)$", re.S)
_ADVICE = ("embed the picture in the SVG (Inkscape: File > Import, 'Embed') or copy it into the game folder "
           "and name it by a path relative to the SVG")


def sealed(path: str, max_pixels: int) -> bytes | None:
    """The SVG at `path` with every picture inlined as a PNG or JPEG data: URI, None when it names no other file;
    ArtError at the file and line of a reference that leaves the game folder, or a picture that cannot be read."""
    from lxml import etree  # type: ignore[import-untyped]  # svglib's XML library, no stubs installed

    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)
    try:
        with (gzip.open if path.lower().endswith(".svgz") else open)(path, "rb") as source:
            text = source.read()
        tree = etree.parse(io.BytesIO(text), parser)
    except (OSError, etree.XMLSyntaxError) as error:
        raise ArtError(f"{path}: not a readable SVG file ({error})") from None
    lines = text.split(b"\n")
    changed = False
    for element in tree.iter():
        if not isinstance(element.tag, str):  # comments and processing instructions
            continue
        for key in (XLINK_HREF, "href"):
            written = element.get(key)
            if written is None or not written.strip() or written.strip().startswith("#"):
                continue
            name = etree.QName(element).localname
            if name == "a":  # a hyperlink, never loaded
                continue
            where = f"{path}:{_line(lines, element.sourceline)}"
            if name != "image":
                raise ArtError(f"{where}: <{name}> refers to {_shown(written)}, outside this SVG; only <image> "
                               "may name another file (copy the shapes into this SVG)")
            uri, size = _data_uri(Path(path), written.strip(), where, max_pixels)
            element.set(key, uri)
            _fit(element, size)
            changed = True
    return etree.tostring(tree, xml_declaration=True, encoding="UTF-8") if changed else None


@functools.lru_cache(maxsize=256)
def linked(path: str, mtime_ns: int, size: int) -> tuple[str, ...]:
    """The files the SVG at `path` (in this version of it) names by a path that stays inside the game, in order:
    what else must be unchanged for its drawing to be; () when it cannot be read (read_art says why)."""
    from lxml import etree

    found = []
    try:
        with (gzip.open if path.lower().endswith(".svgz") else open)(path, "rb") as source:
            tree = etree.parse(source, etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True))
    except (OSError, etree.XMLSyntaxError):
        return ()
    for element in tree.iter("{*}image", "image"):
        for key in (XLINK_HREF, "href"):
            written = (element.get(key) or "").strip()
            if written and not written.startswith("#") and not written.lower().startswith("data:"):
                target, _ = referenced(path, written)
                if target is not None:
                    found.append(str(target))
    return tuple(dict.fromkeys(found))


def _line(lines: list[bytes], end: int | None) -> int:
    """The line of the href attribute of an element whose start tag ends on line `end` (lxml's sourceline)."""
    if not end:
        return 1
    return next((number for number in range(min(end, len(lines)), 0, -1) if b"href" in lines[number - 1]), end)


def _data_uri(svg: Path, written: str, where: str, max_pixels: int) -> tuple[str, tuple[int, int]]:
    """The picture `written` names as a PNG or JPEG data: URI, and its size in pixels."""
    if written.lower().startswith("data:"):
        return _inlined(_decoded(written, where), where, "the embedded picture", max_pixels)
    target, why = referenced(svg, written)
    if target is None:
        raise ArtError(f"{where}: <image> names {_shown(written)}, {why}: {_ADVICE}")
    if not target.is_file():
        raise ArtError(f"{where}: <image> names {_shown(written)}, which is not found at {target}")
    return _inlined(target.read_bytes(), where, f"the picture {_shown(written)}", max_pixels)


def _decoded(written: str, where: str) -> bytes:
    """The bytes of a data: URI (base64, whitespace allowed, or percent-encoded)."""
    match = _DATA.match(written)
    if match is None:
        raise ArtError(f"{where}: <image> has a data: URI without a comma; embed the picture again")
    payload = match.group(3)
    if ";base64" in match.group(2).lower():
        try:
            return base64.b64decode(re.sub(r"\s+", "", urllib.parse.unquote(payload)), validate=True)
        except (binascii.Error, ValueError):
            raise ArtError(f"{where}: <image> has a data: URI whose base64 is damaged; embed the picture "
                                "again") from None
    return urllib.parse.unquote_to_bytes(payload)


def _inlined(data: bytes, where: str, what: str, max_pixels: int) -> tuple[str, tuple[int, int]]:
    """`data` checked to be a picture, as a data: URI (converted to PNG unless it is PNG or JPEG) and its size."""
    from PIL import Image as PILImage

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PILImage.DecompressionBombWarning)
            with PILImage.open(io.BytesIO(data)) as image:
                width, height = image.size
                if width * height > max_pixels:
                    raise ArtError(f"{where}: <image>: {what} is {width} x {height} px, more than the limit of "
                                        f"{max_pixels // 1_000_000} megapixels; scale it down")
                kind = image.format
                image.load()
                if kind not in MIME:
                    keep = "RGBA" if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info else "RGB"
                    stream = io.BytesIO()
                    image.convert(keep).save(stream, "PNG")
                    data, kind = stream.getvalue(), "PNG"
    except ArtError:
        raise
    except Exception:  # noqa: BLE001 - Pillow raises whatever its decoders raise on a damaged file
        raise ArtError(f"{where}: <image>: {what} is not a {KINDS} picture Pillow can read") from None
    return f"data:{MIME[kind]};base64,{base64.b64encode(data).decode('ascii')}", (width, height)


def _fit(element, size: tuple[int, int]) -> None:
    """An <image>'s box narrowed to its picture's proportions where preserveAspectRatio's `meet` puts it (resvg
    does, svglib stretches the picture), so the PDF and the PNG draw it alike; `slice` is left as written."""
    ratio = [word for word in (element.get("preserveAspectRatio") or "xMidYMid").split() if word != "defer"]
    box = [_number(element.get(key, "0" if key in ("x", "y") else None)) for key in ("x", "y", "width", "height")]
    if not ratio or ratio[0] == "none" or ratio[-1] == "slice" or None in box:
        return
    x, y, w, h = (v or 0.0 for v in box)
    if w <= 0 or h <= 0:
        return
    scale = min(w / size[0], h / size[1])
    fitted_w, fitted_h = size[0] * scale, size[1] * scale
    share = {"Min": 0.0, "Mid": 0.5, "Max": 1.0}
    x += (w - fitted_w) * share.get(ratio[0][1:4], 0.5)
    y += (h - fitted_h) * share.get(ratio[0][5:8], 0.5)
    for key, value in (("x", x), ("y", y), ("width", fitted_w), ("height", fitted_h)):
        element.set(key, format(value, ".10g"))
    element.set("preserveAspectRatio", "none")


def _number(written: str | None) -> float | None:
    """A length written as a plain number (or in px), None for anything else (%, units, missing)."""
    found = _NUMBER.match(written) if written is not None else None
    return float(found.group(1)) if found else None


def _shown(written: str) -> str:
    """A reference as a message quotes it: whole when short, a data: URI by its start."""
    return repr(written if len(written) <= 120 else written[:100] + "...")
