"""Small games for the generator's tests: art with transparency over a coloured field, backs that print the card."""

from __future__ import annotations

from pathlib import Path
from collections.abc import Callable

import pytest
from PIL import Image, ImageDraw

from tests.conftest import MINIMAL_TOML

FIELD = (34, 170, 68)   # the card's background, under the art
RED = (200, 30, 30)     # the PNG's opaque part
BLUE = (30, 100, 200)   # the SVG's filled half

ART_TOML = """\
[game]
title = "Art"
players = 2

[decks.art]
title = "Art"
layout = "face"

[decks.art.columns.picture]
type = "art"
"""

ART_LAYOUT = """\
[boxes.field]
kind = "rect"
x = "-bleed"
y = "-bleed"
w = "W + 2 * bleed"
h = "H + 2 * bleed"
fill = "#22aa44"

[boxes.picture]
kind = "art"
column = "{{ card.picture }}"
x = 10
y = 10
w = 20
h = 20
"""

# 40 x 40 units; only the right half is painted, the left half is transparent
HALF_SVG = """<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">
  <rect x="20" y="0" width="20" height="40" fill="#1e64c8"/>
</svg>
"""


def corner_png(path: Path) -> None:
    """A 40 x 40 px red square whose top-left quarter is fully transparent."""
    image = Image.new("RGBA", (40, 40), (*RED, 255))
    ImageDraw.Draw(image).rectangle((0, 0, 19, 19), fill=(0, 0, 0, 0))
    image.save(path)


@pytest.fixture
def art_game(make_game) -> Callable[..., Path]:
    """A game of two cards over a green field: a PNG with a transparent top-left quarter at (10, 10)
    to (30, 30) mm, and an SVG whose left half is transparent in the same box.

    `art_game(rows=...)` replaces the CSV rows; extra keyword arguments are files written into art/.
    """

    def make(rows: str = "c-png,PNG card,corner.png\nc-svg,SVG card,half.svg\n", **art: str | bytes) -> Path:
        folder = make_game(toml=ART_TOML, name="art", art_csv="id,name,picture\n" + rows)
        (folder / "layouts").mkdir()
        (folder / "layouts" / "face.toml").write_text(ART_LAYOUT, encoding="utf-8")
        (folder / "art").mkdir()
        corner_png(folder / "art" / "corner.png")
        (folder / "art" / "half.svg").write_text(HALF_SVG, encoding="utf-8")
        for name, content in art.items():
            target = folder / "art" / name.replace("_", ".")
            if isinstance(content, bytes):
                target.write_bytes(content)
            else:
                target.write_text(content, encoding="utf-8")
        (folder / "heroes.csv").unlink()  # make_game's default deck file, not a deck of this game
        return folder

    return make


BACKS_TOML = """\
[game]
title = "Backs"
players = 2

[columns.type]
type = "enum"
values = ["Fire", "Water", "Earth"]

[decks.spells]
title = "Spells"
back = "typed-back"
shared_columns = ["type"]
"""

TYPED_BACK = """\
[boxes.field]
kind = "rect"
x = "-bleed"
y = "-bleed"
w = "W + 2 * bleed"
h = "H + 2 * bleed"
fill = "#35577d"

[boxes.type]
kind = "text"
x = 4
y = 40
w = "W - 8"
h = 10
text = "{{ card.type }} Card"
size = 12
align = "center"
colour = "#ffffff"
"""


@pytest.fixture
def backs_game(make_game) -> Callable[..., Path]:
    """A deck whose back prints each card's type (`{{ card.type }} Card`), the type a shared column."""

    def make(rows: str) -> Path:
        folder = make_game(toml=BACKS_TOML, name="backs", spells_csv="id,name,type,count\n" + rows)
        (folder / "layouts").mkdir()
        (folder / "layouts" / "typed-back.toml").write_text(TYPED_BACK, encoding="utf-8")
        (folder / "heroes.csv").unlink()
        return folder

    return make


BOARDS_TOML = MINIMAL_TOML + """
[constants]
goal = 30

[boards.main]
title = "Score board"
size = [420, 297]
layout = "score"
folds = { x = [210] }

[boards.square]
title = "Square board"
size = [457.2, 457.2]
layout = "square"

[boards.aid]
title = "Player aid"
kind = "aid"
size = "a5"
layout = "aid"
count = 4
"""
BOARD_SCORE = """
[boxes.title]
x = 30
y = 120
w = "W - 60"
h = 20
text = "First to {{ game.constants.goal }}"
size = 24

[tracks.score]
around = [5, 5, "W - 10", "H - 10"]
spaces = "0..{{ game.constants.goal }}"
size = 14
mark_every = 5

[slots.draw]
fits = "deck:heroes"
x = 60
y = 150
label = "Draw pile"
"""
BOARD_SQUARE = """
[boxes.title]
x = 20
y = 20
w = 200
h = 20
text = "{{ board.title }}"
size = 20
"""
BOARD_AID = """
[boxes.turn]
x = 10
y = 10
w = "W - 20"
h = 20
text = "On your turn: play a hero"
size = 12
"""


@pytest.fixture
def board_game(make_game) -> Path:
    """A tiny game with three boards: a score board (a track to a constant, a slot), a square board, an aid."""
    folder = make_game(BOARDS_TOML)
    (folder / "layouts").mkdir()
    for name, text in (("score", BOARD_SCORE), ("square", BOARD_SQUARE), ("aid", BOARD_AID)):
        (folder / "layouts" / f"{name}.toml").write_text(text, encoding="utf-8")
    return folder
