"""The pictures of docs/players/ (companion.md shows the game pages at phone size), taken by the table tests at the
moment each page shows what the picture is for.

A test run writes them to the test's temporary folder and checks them there: `make test` never changes a tracked
file. `make pictures` runs the tests marked `player_picture` with PNPKIT_PLAYER_PICTURES=docs/players, which
writes them where the docs show them.
"""

from __future__ import annotations

import os
from pathlib import Path

from PIL import Image

DOCS = Path(__file__).resolve().parents[2] / "docs" / "players"
VARIABLE = "PNPKIT_PLAYER_PICTURES"  # the folder to write the pictures to; set by `make pictures` only


def folder(tmp_path: Path) -> Path:
    """Where the pictures go: PNPKIT_PLAYER_PICTURES when `make pictures` runs the tests, else `tmp_path`."""
    chosen = os.environ.get(VARIABLE)
    return Path(chosen) if chosen else tmp_path


def take(page, name: str, tmp_path: Path, **options) -> Path:
    """A screenshot of `page` as docs/players/`name`, checked: a PNG of the phone's viewport that shows something."""
    path = folder(tmp_path) / name
    page.screenshot(path=str(path), **options)
    viewport = page.viewport_size
    with Image.open(path) as image:
        assert image.format == "PNG", name
        if not options.get("full_page"):
            assert image.size == (viewport["width"], viewport["height"]), (name, image.size, viewport)
        low, high = image.convert("L").getextrema()
        assert high - low > 64, f"{name} is blank"
    assert f"]({name})" in (DOCS / "companion.md").read_text(encoding="utf-8"), \
        f"docs/players/companion.md shows no {name}"
    return path
