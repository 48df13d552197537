"""An icon drawn from the designer's own file: a PNG (its alpha kept) or an SVG inside the game folder.

Checked when game.toml is read, so a wrong path is an error at the [icons] line, before anything is
laid out. Stdlib only: the file is opened and its kind confirmed here (the PNG signature, an <svg>
root element); decoding the picture itself is the layout's job, which names the file if it fails.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Any

SUFFIXES = (".png", ".svg")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def icon_file(root: Path, written: Any) -> tuple[str | None, str | None]:
    """(resolved path, None) for a usable icon file written relative to the game folder `root`,
    else (None, a sentence saying what is wrong)."""
    if not isinstance(written, str) or not written.strip():
        return None, f"file must be a path in quotes to a .png or .svg file in the game folder, found {written!r}"
    if not written.lower().endswith(SUFFIXES):
        return None, f"file {written!r} must be a .png (with transparency) or .svg file"
    folder = root.resolve()
    path = (folder / written).resolve()
    if not path.is_relative_to(folder):
        return None, f"file {written!r} is outside the game folder {folder}; copy it into the folder"
    if not path.is_file():
        return None, f"file {written!r} is not in the game folder (looked for {path})"
    try:
        if path.suffix.lower() == ".png":
            with path.open("rb") as stream:
                if stream.read(len(PNG_SIGNATURE)) != PNG_SIGNATURE:
                    return None, f"file {written!r} is not a PNG image"
        else:
            element = ElementTree.parse(path).getroot()
            if element.tag.rsplit("}", 1)[-1] != "svg":
                return None, f"file {written!r} is XML but not an SVG drawing (its root is <{element.tag}>)"
    except OSError as error:
        return None, f"file {written!r} cannot be read ({error.strerror})"
    except ElementTree.ParseError as error:
        return None, f"file {written!r} is not a readable SVG file ({error})"
    return str(path), None
