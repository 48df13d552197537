"""A game's own fonts: the [fonts] table of game.toml, each family's font files checked at load.

Stdlib only. An entry is a font file in the game folder, a table of files by style, a font installed on
this machine ("system:Family", found by cardgen.gamedata.system_fonts), one of the built-in DejaVu Sans
faces ("Sans", "Sans Bold", "Sans Italic", "Sans Bold Italic"), or a list of these: a fallback list, whose
first font found on this machine sets the text and whose later ones (then DejaVu Sans) give the glyphs
it lacks. A file must lie inside the game folder (a system font's wherever fontconfig has it) and be a
TrueType or OpenType font (.ttf, or .otf with TrueType or CFF outlines) that the PDF may embed: a
variable CFF2 font, a font collection, a web font, a file cut short or a font whose licence flags forbid
embedding is refused here, at the game.toml line that names it, before anything is laid out. The
glyphs themselves are read by the layout (cardgen.layout.fonts, which converts CFF outlines), which
names the same line if it still cannot use one.
"""

from __future__ import annotations

import hashlib
import re
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from collections.abc import Mapping, Sequence

from cardgen.gamedata.containment import contained
from cardgen.gamedata.system_fonts import PREFIX as SYSTEM, NotInstalled, system_files

STYLES = ("regular", "bold", "italic", "bolditalic")
FAMILY_NAME = re.compile(r"[a-z][a-z0-9_-]*")
DEFAULT = "default"  # the family a box gets when neither it nor its layout names one
# tables reportlab reads to embed a TrueType font and Pillow reads to draw it
REQUIRED = ("cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post")
# those of an OpenType font with CFF outlines, which cardgen.layout.cff_fonts turns into the above
REQUIRED_CFF = ("CFF ", "cmap", "head", "hhea", "hmtx", "maxp", "name", "post")
TRUETYPE = (b"\x00\x01\x00\x00", b"true")
CFF = b"OTTO"
NOT_TRUETYPE = {
    b"ttcf": "a font collection (several fonts in one file); use a .ttf or .otf file of the one font you want",
    b"wOFF": "a web font (WOFF); use the font's .ttf or .otf file",
    b"wOF2": "a web font (WOFF2); use the font's .ttf or .otf file",
}
BUILT_IN_FOLDER = Path(__file__).resolve().parent.parent / "fonts"
BUILT_IN_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "italic": "DejaVuSans-Oblique.ttf",
                  "bolditalic": "DejaVuSans-BoldOblique.ttf"}
BUILT_IN = re.compile(r"(?:dejavu )?sans( bold)?( italic| oblique)?", re.IGNORECASE)
FONT_SUFFIXES = (".ttf", ".otf")
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")


@dataclass(frozen=True)
class FontFamily:
    """A family of fonts a game declares in [fonts]: a file per style, checked, with its game.toml line."""

    name: str
    files: Mapping[str, str]  # style -> resolved path; "regular" always, the others when given
    line: int                 # of its [fonts] entry in game.toml, for errors about the files
    digest: str               # of the files' bytes: names the family uniquely, and changes when a file does
    # a fallback list's later fonts found on this machine (each style -> path), for the glyphs the first lacks
    fallbacks: tuple[Mapping[str, str], ...] = ()
    skipped: tuple[str, ...] = ()  # the list's system fonts not installed here, each with why


def font_family(root: Path, name: str, value: Any, line: int) -> tuple[FontFamily | None, list[tuple[str, str]]]:
    """The family `name` = `value` of game.toml's [fonts] (a font, or a list of fonts whose first found here is
    used), written at `line`, with its files checked (a game's inside the game folder `root`); and the problems
    found, as (key, sentence) pairs: key is the style whose file is wrong ("" for the entry as a whole)."""
    problems: list[tuple[str, str]] = []
    if not FAMILY_NAME.fullmatch(name):
        problems.append(("", f"font name {name!r} must be lower-case letters, digits, - and _, starting with a letter"))
    listed = isinstance(value, list)
    if listed and not value:
        return None, problems + [("", f"font {name!r} is an empty list: name one font or more, e.g. "
                                  "[\"fonts/Display.otf\", \"system:Liberation Sans\", \"Sans Bold\"]")]
    found: list[dict[str, str]] = []
    skipped: list[str] = []
    for number, candidate in enumerate(value if listed else [value]):
        label = f"font {name!r}" + (f" ({ORDINALS[number] if number < len(ORDINALS) else f'number {number + 1}'} "
                                    "of its list)" if listed else "")
        files, wrong, absent = one_font(root, label, candidate, listed)
        problems += [(style if not listed else "", sentence) for style, sentence in wrong]
        if absent:
            skipped.append(absent)
        elif files and not wrong:
            found.append(files)
    if problems:
        return None, problems
    if not found:
        return None, [("", f"font {name!r}: none of the fonts of its list is available on this machine: "
                       f"{'; '.join(skipped)}")]
    hasher = hashlib.sha256()
    for files in found:
        for style in STYLES:
            if style in files:
                hasher.update(style.encode() + b"\0" + Path(files[style]).read_bytes() + b"\0")
        hasher.update(b"\1")
    return FontFamily(name, found[0], line, hasher.hexdigest()[:16], tuple(found[1:]), tuple(skipped)), []


def one_font(root: Path, label: str, value: Any, listed: bool) -> tuple[dict[str, str], list[tuple[str, str]], str]:
    """One font of an entry (labelled `label` in sentences): its files by style, the problems found as (style,
    sentence) pairs, and, for a system font of a list (`listed`) not installed here, why ("" otherwise)."""
    if isinstance(value, str) and value.startswith(SYSTEM):
        try:
            installed = system_files(value[len(SYSTEM):])
        except NotInstalled as error:
            return {}, ([] if listed else [("", f"{label}: {error}")]), (f"{value!r}: {error}" if listed else "")
        wrong = [("", f"{label} {style}: the installed file {path} is {problem}") for style, path in installed.items()
                 if (problem := font_problem(Path(path).read_bytes()))]
        return installed, wrong, ""
    if isinstance(value, str) and (built_in := BUILT_IN.fullmatch(value.strip())):
        bold, italic = bool(built_in.group(1)), bool(built_in.group(2))
        faces = {"regular": ("bold" if bold else "") + ("italic" if italic else "") or "regular",
                 "bold": "bolditalic" if italic else "bold", "italic": "bolditalic" if bold else "italic",
                 "bolditalic": "bolditalic"}
        return {style: str(BUILT_IN_FOLDER / BUILT_IN_FILES[face]) for style, face in faces.items()}, [], ""
    if isinstance(value, str) and "/" not in value and not value.lower().endswith(FONT_SUFFIXES) \
            and not (root / value).is_file():
        return {}, [("", f"{label}: {value!r} is neither a font file (a path ending in .ttf or .otf) nor a built-in "
                     "font (\"Sans\", \"Sans Bold\", \"Sans Italic\", \"Sans Bold Italic\"); a font installed on "
                     f"this machine is written \"system:{value}\"")], ""
    if isinstance(value, str):
        value = {"regular": value}
    if not isinstance(value, dict):
        return {}, [("", f"{label} must be a path in quotes, \"system:Family Name\", \"Sans\" or \"Sans Bold\", "
                     "or a table { regular = \"fonts/Name-Regular.ttf\", bold = \"...\", italic = \"...\", "
                     f"bolditalic = \"...\" }}, found {value!r}")], ""
    problems: list[tuple[str, str]] = []
    for key in value:
        if key not in STYLES:
            problems.append((key, f"{label}: unknown style {key!r}: expected {', '.join(STYLES)}"))
    if "regular" not in value:
        problems.append(("", f"{label} needs regular = \"fonts/Name-Regular.ttf\" (bold, italic and "
                         "bolditalic are optional)"))
    files: dict[str, str] = {}
    for style in STYLES:
        if style not in value:
            continue
        path, problem = font_file(root, value[style])
        if problem:
            problems.append((style, f"{label} {style}: {problem}"))
        else:
            assert path is not None
            files[style] = str(path)
    return files, problems, ""


def chained(families: Sequence[FontFamily]) -> FontFamily:
    """One family of several of [fonts] named in turn (a box's font = ["display", "body"]): the first's files,
    then every later font of them all for the glyphs it lacks, named "display+body"."""
    first = families[0]
    later = [font for family in families for font in (family.files, *family.fallbacks)][1:]
    digest = hashlib.sha256("\0".join(family.digest for family in families).encode()).hexdigest()[:16]
    return FontFamily("+".join(family.name for family in families), first.files, first.line, digest, tuple(later),
                      tuple(reason for family in families for reason in family.skipped))


def font_record(families: Mapping[str, FontFamily], root: Path) -> dict[str, dict[str, str]]:
    """The files a game's fonts are drawn from, for the build's record: {"name/style": {"file", "sha256"}} for
    the font each family sets text in, and "name/2/style", "name/3/style"... for the later fonts of a fallback
    list found here. A file in the game folder `root` is written relative to it, any other (a system font,
    a built-in one) in full."""
    folder = root.resolve()
    record: dict[str, dict[str, str]] = {}
    for name in sorted(families):
        family = families[name]
        for number, files in enumerate((family.files, *family.fallbacks), start=1):
            for style in STYLES:
                if style in files:
                    path = Path(files[style])
                    shown = path.relative_to(folder).as_posix() if path.is_relative_to(folder) else str(path)
                    key = f"{name}/{style}" if number == 1 else f"{name}/{number}/{style}"
                    record[key] = {"file": shown, "sha256": hashlib.sha256(path.read_bytes()).hexdigest()}
    return record


def font_file(root: Path, written: Any) -> tuple[Path | None, str | None]:
    """(resolved path, None) for a usable font file written relative to the game folder `root`,
    else (None, a sentence saying what is wrong)."""
    if not isinstance(written, str) or not written.strip():
        return None, f"must be the path in quotes of a .ttf or .otf file in the game folder, found {written!r}"
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
    problem = font_problem(data)
    return (None, f"file {written!r} is {problem}") if problem else (path, None)


def font_problem(data: bytes) -> str | None:
    """None when `data` is a TrueType font, or an OpenType font with CFF outlines, that a PDF may embed; else what
    it is instead, as the end of a sentence."""
    tag = data[:4]
    if tag in NOT_TRUETYPE:
        return NOT_TRUETYPE[tag]
    if (tag not in TRUETYPE and tag != CFF) or len(data) < 12:
        return "not a font file (fonts end in .ttf or .otf)"
    count = struct.unpack(">H", data[4:6])[0]
    if len(data) < 12 + 16 * count:
        return "a font file that is cut short (its table directory is incomplete); download it again"
    tables = {}
    for index in range(count):
        name, _, offset, length = struct.unpack(">4sLLL", data[12 + 16 * index:28 + 16 * index])
        tables[name.decode("latin-1")] = (offset, length)
    if tag == CFF and "CFF2" in tables:
        return "a variable OpenType font (CFF2 outlines), which cardgen cannot embed; use the static .otf or .ttf " \
               "file of the style you want (variable fonts usually ship with a static/ folder)"
    missing = [name for name in (REQUIRED_CFF if tag == CFF else REQUIRED) if name not in tables]
    if missing:
        kind = "an OpenType (CFF)" if tag == CFF else "a TrueType"
        return f"a font file without the {', '.join(name.strip() for name in missing)} table{'s' if len(missing) > 1 else ''} {kind} " \
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
