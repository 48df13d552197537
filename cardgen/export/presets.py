"""Print-shop presets for PNG export (and CMYK PDF/X), read and checked from templates/print/presets.toml.

A preset fixes the DPI and the bleed, and may pin the exact pixel size (bleed included) a shop
wants for a card size; other sizes get (trim + 2 * bleed) at the preset's DPI, where a trim given in
rounded millimetres for an inch size (tarot's 69.9 x 120.7 mm is 2.75 x 4.75 in) counts as the exact
inches, so tarot with 1/8 in bleed at 300 DPI is 900 x 1500 px, not 901 x 1501. MakePlayingCards' (`mpc`)
tarot, 897 x 1497 px, is such a computed size, not a published template's: 2.75 x 4.75 in at 300 DPI is
825 x 1425 px, plus its 36 px (3.048 mm) bleed on each side. A preset with
`cmyk = true` (a shop that wants PDF/X files) turns the build's `--cmyk` on. `copies_in_name`, a
format such as "{stem}_x{copies}", writes each image's copies into its file name (see `copies_format`).
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any
from collections.abc import Mapping

from cardgen.gamedata import CardSize, templates_dir
from cardgen.gamedata.cardsizes import CARD_SIZES
from cardgen.gamedata.toml_file import read_toml_file

MM_PER_INCH = 25.4
KEYS = ("title", "dpi", "bleed", "cmyk", "copies_in_name", "sizes")
COPIES_IN_NAME = "{stem}_x{copies}"  # what `--copies-in-names` alone writes: h-1_x3.png
_NOT_IN_NAMES = set('/\\:*?"<>|')  # characters a file name cannot hold on every system
INCH_STEP = MM_PER_INCH / 16  # trims within SNAP mm of a sixteenth of an inch are inch sizes
SNAP = 0.06
TOLERANCE = 0.02  # a pinned pixel size may differ this much (relatively) from what dpi and bleed give


class PresetError(ValueError):
    """A preset that does not exist or a presets file that is wrong; the message names the file and key."""


@dataclass(frozen=True)
class Preset:
    """How one print shop wants its card images."""

    name: str
    title: str
    dpi: float
    bleed: float  # mm on every side
    sizes: Mapping[str, tuple[int, int]] = field(default_factory=lambda: MappingProxyType({}))
    cmyk: bool = False  # the shop wants CMYK PDF/X files: the build's PDFs are converted (see --cmyk)
    copies_in_name: str | None = None  # a format of {stem} and {copies}: each image's copies in its file name

    def pixels(self, size: CardSize) -> tuple[int, int]:
        """The image size in pixels, bleed included, for cards of `size`."""
        if size.name in self.sizes:
            return self.sizes[size.name]
        return _pixels(inch_exact(size.width), inch_exact(size.height), self.bleed, self.dpi)


def inch_exact(mm: float) -> float:
    """`mm`, or the exact length of the sixteenth of an inch it rounds (69.9 -> 69.85 for 2.75 in)."""
    exact = round(mm / INCH_STEP) * INCH_STEP
    return exact if abs(exact - mm) <= SNAP else mm


def copies_format(value: object) -> str:
    """`value` when it is a usable file-name format for an image's copies, else ValueError saying why.

    It holds {stem} (the name without copies: the card's id, or `<deck>-back`) and {copies} (how many to
    print, 1 included), once each, and text that any file system takes: "{stem}_x{copies}" -> h-1_x3.png.
    """
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"must be a file-name format with {{stem}} and {{copies}} such as {COPIES_IN_NAME!r}, "
                         f"not {value!r}")
    nonsense = f"{value!r} is not a format of {{stem}} and {{copies}}"
    try:
        parts = list(string.Formatter().parse(value))
    except ValueError as error:
        raise ValueError(f"{nonsense} ({error})") from None
    if sorted(field for _, field, _, _ in parts if field is not None) != ["copies", "stem"]:
        raise ValueError(f"{value!r} must hold {{stem}} and {{copies}} once each and no other {{name}}, "
                         f"such as {COPIES_IN_NAME!r}")
    try:
        sample = value.format(stem="card", copies=12)
    except (ValueError, KeyError, IndexError) as error:
        raise ValueError(f"{nonsense} ({error})") from None
    text = "".join(literal for literal, _, _, _ in parts)
    bad = sorted({char for char in text if char in _NOT_IN_NAMES or not char.isprintable()})
    if bad or sample != sample.strip(" ."):
        shown = " ".join(bad) if bad else "a space or dot at the start or end"
        raise ValueError(f"{value!r} would give file names with {shown}, which not every system accepts")
    return value


def default_path() -> Path:
    return templates_dir() / "print" / "presets.toml"


def load_presets(path: Path | None = None) -> dict[str, Preset]:
    """Every preset of the file (the bundled one by default); PresetError naming the first problem."""
    path = path or default_path()
    data = read_toml_file(path, PresetError, "print presets")
    presets = {}
    for name, table in data.items():
        if not isinstance(table, dict):
            raise PresetError(f"{path}: {name!r} must be a table [{name}] describing a print shop")
        presets[name] = _preset(path, name, table)
    return presets


def preset(name: str, path: Path | None = None) -> Preset:
    """The preset called `name`; PresetError listing the presets there are when there is none."""
    presets = load_presets(path)
    if name not in presets:
        raise PresetError(f"unknown print preset {name!r}; presets: {', '.join(sorted(presets)) or 'none'} "
                          f"(in {path or default_path()})")
    return presets[name]


def _preset(path: Path, name: str, table: dict[str, Any]) -> Preset:
    where = f"{path}: [{name}]"
    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        raise PresetError(f"{where}: unknown key {unknown[0]!r}; a preset has {', '.join(KEYS)}")
    title = table.get("title", name)
    if not isinstance(title, str) or not title.strip():
        raise PresetError(f"{where}: title must be the shop's name in quotes")
    dpi = _number(table, "dpi", where, 72, 1200, "DPI")
    bleed = _number(table, "bleed", where, 0, 10, "mm")
    cmyk = table.get("cmyk", False)
    if not isinstance(cmyk, bool):
        raise PresetError(f"{where}: cmyk must be true or false (whether the shop wants CMYK PDF/X files), not {cmyk!r}")
    copies = table.get("copies_in_name")
    if copies is not None:
        try:
            copies = copies_format(copies)
        except ValueError as error:
            raise PresetError(f"{where}: copies_in_name {error}") from None
    sizes = table.get("sizes", {})
    if not isinstance(sizes, dict):
        raise PresetError(f"{where}: sizes must be a table [{name}.sizes] of card size = [width, height] in px")
    pinned: dict[str, tuple[int, int]] = {}
    for size_name, pixels in sizes.items():
        if size_name not in CARD_SIZES:
            raise PresetError(f"{where}.sizes: unknown card size {size_name!r}; sizes: {', '.join(CARD_SIZES)}")
        if not (isinstance(pixels, list) and len(pixels) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in pixels)):
            raise PresetError(f"{where}.sizes: {size_name} must be [width, height] in whole pixels, not {pixels!r}")
        size = CARD_SIZES[size_name]
        expected = _pixels(size.width, size.height, bleed, dpi)
        if any(abs(got - want) > TOLERANCE * want for got, want in zip(pixels, expected)):
            raise PresetError(f"{where}.sizes: {size_name} = {pixels} is far from the {expected[0]} x {expected[1]} px "
                              f"that {dpi:g} DPI and {bleed:g} mm bleed give; check dpi, bleed and the size")
        pinned[size_name] = (pixels[0], pixels[1])
    return Preset(name, title.strip(), dpi, bleed, MappingProxyType(pinned), cmyk, copies)


def _number(table: dict[str, Any], key: str, where: str, low: float, high: float, unit: str) -> float:
    if key not in table:
        raise PresetError(f"{where}: {key} is missing ({unit}, from {low:g} to {high:g})")
    value = table[key]
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise PresetError(f"{where}: {key} must be a number of {unit} from {low:g} to {high:g}, not {value!r}")
    return float(value)


def _pixels(width: float, height: float, bleed: float, dpi: float) -> tuple[int, int]:
    # the same rounding as cardgen.render.png_draw.pixel_size, without importing Pillow here
    return (max(1, round((width + 2 * bleed) * dpi / MM_PER_INCH + 1e-6)),
            max(1, round((height + 2 * bleed) * dpi / MM_PER_INCH + 1e-6)))
