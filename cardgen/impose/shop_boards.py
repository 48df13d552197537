"""Print shops' board and mat sizes, read and checked from templates/print/boards.toml."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardgen.gamedata import templates_dir
from cardgen.gamedata.toml_file import read_toml_file

MM_PER_INCH = 25.4
_TEXT, _NUMBER, _LIST = ((str,), "string"), ((int, float), "number"), ((list,), "list")
KEYS: dict[str, tuple[tuple[type, ...], str]] = {"title": _TEXT, "kind": _TEXT, "template_px": _LIST, "dpi": _NUMBER,
                                                  "bleed_in": _NUMBER, "url": _TEXT}
KINDS = ("board", "mat")


class ShopBoardError(ValueError):
    """A shop size that does not exist or a boards file that is wrong; the message names the file and key."""


@dataclass(frozen=True)
class ShopBoard:
    """A shop's board or mat: its finished size and bleed in mm, and where the figures come from."""

    name: str
    title: str
    kind: str
    width: float  # trim, mm
    height: float
    bleed: float  # mm on every side
    url: str


def boards_file() -> Path:
    return templates_dir() / "print" / "boards.toml"


def shop_board_sizes(path: Path | None = None) -> dict[str, ShopBoard]:
    """Every board and mat size in `path` (templates/print/boards.toml), by name; ShopBoardError when wrong."""
    path = boards_file() if path is None else path
    data = read_toml_file(path, ShopBoardError, "shops' board sizes")
    sizes = {}
    for name, entry in data.items():
        where = f"{path} [{name}]"
        if not isinstance(entry, dict):
            raise ShopBoardError(f"{where}: must be a table of {', '.join(KEYS)}")
        for key, (types, kind) in KEYS.items():
            if key not in entry:
                raise ShopBoardError(f"{where}: {key} is missing")
            if not isinstance(entry[key], types) or isinstance(entry[key], bool):
                raise ShopBoardError(f"{where}: {key} = {entry[key]!r} is not a {kind}")
        unknown = sorted(set(entry) - set(KEYS))
        if unknown:
            raise ShopBoardError(f"{where}: unknown key {unknown[0]!r} (known: {', '.join(KEYS)})")
        if entry["kind"] not in KINDS:
            raise ShopBoardError(f"{where}: kind = {entry['kind']!r} must be board or mat")
        pixels, dpi, bleed = entry["template_px"], entry["dpi"], entry["bleed_in"]
        if not (len(pixels) == 2 and all(isinstance(p, int) and not isinstance(p, bool) and p > 0 for p in pixels)):
            raise ShopBoardError(f"{where}: template_px = {pixels!r} must be [width, height] in whole pixels")
        if dpi <= 0 or bleed < 0:
            raise ShopBoardError(f"{where}: dpi must be positive and bleed_in zero or more")
        width, height = (p / dpi - 2 * bleed for p in pixels)
        if width <= 0 or height <= 0:
            raise ShopBoardError(f"{where}: the bleed leaves nothing of the {pixels[0]} x {pixels[1]} px template")
        sizes[name] = ShopBoard(name, entry["title"], entry["kind"], width * MM_PER_INCH, height * MM_PER_INCH,
                                bleed * MM_PER_INCH, entry["url"])
    return sizes


def shop_board(name: str, path: Path | None = None) -> ShopBoard:
    """The shop size called `name`; ShopBoardError listing the known names otherwise."""
    sizes = shop_board_sizes(path)
    if name not in sizes:
        raise ShopBoardError(f"unknown shop board size {name!r}: use one of {', '.join(sorted(sizes))}")
    return sizes[name]

