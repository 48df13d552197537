"""A game's own fonts: the [fonts] table of game.toml, each family's TrueType files checked at load.

Stdlib only. A file must lie inside the game folder and be a TrueType font (a .ttf, or an .otf with
TrueType outlines) that the PDF may embed: an OpenType font with PostScript (CFF) outlines, a font
collection, a web font, a file cut short or a font whose licence flags forbid embedding is refused
here, at the game.toml line that names it, before anything is laid out. The glyphs themselves are
read by the layout (cardgen.layout.fonts), which names the same line if it still cannot use one.
"""

from __future__ import annotations

import hashlib
import re
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from collections.abc import Mapping

from cardgen.gamedata.containment import contained

STYLES = ("regular", "bold", "italic", "bolditalic")
FAMILY_NAME = re.compile(r"[a-z][a-z0-9_-]*")
DEFAULT = "default"  # the family a box gets when neither it nor its layout names one
# tables reportlab reads to embed a TrueType font and Pillow reads to draw it
REQUIRED = ("cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post")
TRUETYPE = (b"\x00\x01\x00\x00", b"true")
NOT_TRUETYPE = {
    b"OTTO": "an OpenType font with PostScript (CFF) outlines, which cannot be embedded in the PDFs cardgen "
             "writes; use the TrueType (.ttf) version of the font (most font sites offer both)",
    b"ttcf": "a font collection (several fonts in one file); use a .ttf file of the one font you want",
    b"wOFF": "a web font (WOFF); use the font's .ttf file",
    b"wOF2": "a web font (WOFF2); use the font's .ttf file",
}


@dataclass(frozen=True)
class FontFamily:
    """A family of fonts a game declares in [fonts]: a file per style, checked, with its game.toml line."""

    name: str
    files: Mapping[str, str]  # style -> resolved path; "regular" always, the others when given
    line: int                 # of its [fonts] entry in game.toml, for errors about the files
    digest: str               # of the files' bytes: names the family uniquely, and changes when a file does


def font_family(root: Path, name: str, value: Any, line: int) -> tuple[FontFamily | None, list[tuple[str, str]]]:
    """The family `name` = `value` of game.toml's [fonts] (a path, or a table of paths by style), written
    at `line`, with its files checked inside the game folder `root`; and the problems found, as
    (key, sentence) pairs: key is the style whose file is wrong ("" for the entry as a whole)."""
    problems: list[tuple[str, str]] = []
    if not FAMILY_NAME.fullmatch(name):
        problems.append(("", f"font name {name!r} must be lower-case letters, digits, - and _, starting with a letter"))
    if isinstance(value, str):
        value = {"regular": value}
    if not isinstance(value, dict):
        return None, problems + [("", f"font {name!r} must be a path in quotes or a table {{ regular = \"fonts/"
                                  "Name-Regular.ttf\", bold = \"...\", italic = \"...\", bolditalic = \"...\" }")]
    for key in value:
        if key not in STYLES:
            problems.append((key, f"font {name!r}: unknown style {key!r}: expected {', '.join(STYLES)}"))
    if "regular" not in value:
        problems.append(("", f"font {name!r} needs regular = \"fonts/Name-Regular.ttf\" (bold, italic and "
                         "bolditalic are optional)"))
    files: dict[str, str] = {}
    hasher = hashlib.sha256()
    for style in STYLES:
        if style not in value:
            continue
        path, problem = font_file(root, value[style])
        if problem:
            problems.append((style, f"font {name!r} {style}: {problem}"))
        else:
            assert path is not None
            files[style] = str(path)
            hasher.update(style.encode() + b"\0" + path.read_bytes() + b"\0")
    if problems:
        return None, problems
    return FontFamily(name, files, line, hasher.hexdigest()[:16]), []


def font_file(root: Path, written: Any) -> tuple[Path | None, str | None]:
    """(resolved path, None) for a usable TrueType file written relative to the game folder `root`,
    else (None, a sentence saying what is wrong)."""
    if not isinstance(written, str) or not written.strip():
        return None, f"must be the path in quotes of a .ttf file in the game folder, found {written!r}"
    folder = root.resolve()
    if not contained(folder, written):
        return None, f"file {written!r} is outside the game folder {folder}; copy it into the folder (into fonts/, say)"
    path = (folder / written).resolve()
    if not path.is_file():
        return None, f"file {written!r} is not in the game folder (looked for {path})"
    try:
        data = path.read_bytes()
    except OSError as error:
        return None, f"file {written!r} cannot be read ({error.strerror})"
    problem = truetype_problem(data)
    return (None, f"file {written!r} is {problem}") if problem else (path, None)


def truetype_problem(data: bytes) -> str | None:
    """None when `data` is a TrueType font a PDF may embed, else what it is instead, as the end of a sentence."""
    tag = data[:4]
    if tag in NOT_TRUETYPE:
        return NOT_TRUETYPE[tag]
    if tag not in TRUETYPE or len(data) < 12:
        return "not a font file (TrueType fonts end in .ttf)"
    count = struct.unpack(">H", data[4:6])[0]
    if len(data) < 12 + 16 * count:
        return "a font file that is cut short (its table directory is incomplete); download it again"
    tables = {}
    for index in range(count):
        tag, _, offset, length = struct.unpack(">4sLLL", data[12 + 16 * index:28 + 16 * index])
        tables[tag.decode("latin-1")] = (offset, length)
    missing = [name for name in REQUIRED if name not in tables]
    if missing:
        return f"a font file without the {', '.join(missing)} table{'s' if len(missing) > 1 else ''} a TrueType " \
               "font needs"
    if any(offset + length > len(data) for offset, length in tables.values()):
        return "a font file that is cut short (a table runs past its end); download it again"
    head = tables["head"][0]
    if data[head + 12:head + 16] != b"\x5f\x0f\x3c\xf5":
        return "a damaged font file (its head table has no magic number)"
    if "OS/2" in tables and tables["OS/2"][1] >= 10:
        fs_type = struct.unpack(">H", data[tables["OS/2"][0] + 8:tables["OS/2"][0] + 10])[0]
        if fs_type == 0x0002 or fs_type & 0x0300:
            return "a font whose licence flags (OS/2 fsType) forbid embedding it in a PDF; choose another font"
    return None
