"""Makes a showcase PNG from a game and the options: cards chosen, arranged, drawn, encoded, written whole."""

from __future__ import annotations

import io
import math
import os
import uuid
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from cardgen.gamedata import Game
from cardgen.render.png_draw import pixel_size
from cardgen.showcase import styles
from cardgen.showcase.choose import ShowcaseError, choose
from cardgen.showcase.draw import draw, ground
from cardgen.showcase.faces import faces

STYLES = ("fan", "row", "grid", "pile")
DPI_RANGE = (36, 600)
MAX_PIXELS = 60_000_000  # a bigger picture is no use on a web page, and drawing it would take gigabytes


@dataclass(frozen=True)
class ShowcaseOptions:
    """What `cardgen showcase` was asked for."""

    style: str = "fan"
    deck: str | None = None
    cards: str | None = None       # ids separated by commas
    dpi: float = 150.0
    background: str = "white"
    shadow: bool = True
    tilt: bool = True              # a row's cards turned a little away, as Squib's showcase
    radius: float = 3.0            # mm: the cards' rounded corners


def make_showcase(game: Game, options: ShowcaseOptions) -> bytes:
    """The showcase as PNG bytes, the DPI recorded; ShowcaseError for options that cannot be used, LayoutError
    for a layout that cannot be drawn. The same game and options always give the same bytes."""
    if not DPI_RANGE[0] <= options.dpi <= DPI_RANGE[1]:
        raise ShowcaseError(f"--dpi {options.dpi:g}: give a value from {DPI_RANGE[0]} to {DPI_RANGE[1]}")
    if not 0 <= options.radius <= 20:
        raise ShowcaseError(f"--radius {options.radius:g}: give the corners' radius from 0 to 20 mm")
    background = ground(options.background)
    chosen = choose(game, options.style, options.deck, options.cards)
    sizes = [pixel_size(deck.size.width, deck.size.height, options.dpi) for deck, _ in chosen]
    if options.style == "fan":
        arrangement = styles.fan(sizes, options.dpi)
    elif options.style == "row":
        arrangement = styles.row(sizes, options.dpi, options.tilt)
    elif options.style == "grid":
        arrangement = styles.grid(sizes, options.dpi)
    else:
        arrangement = styles.pile(sizes, options.dpi, seed=",".join(f"{deck.id}/{card.id}" for deck, card in chosen))
    width, height = arrangement.size
    if width * height > MAX_PIXELS:  # checked before any card is drawn
        most = int(options.dpi * math.sqrt(MAX_PIXELS / (width * height)))
        raise ShowcaseError(f"--dpi {options.dpi:g}: the picture would be {width} x {height} px, more than "
                            f"{MAX_PIXELS // 1_000_000} million; give --dpi {most} or less, or fewer cards")
    images = faces(game, chosen, options.dpi, options.radius)
    return encode(draw(arrangement, images, options.dpi, background, options.shadow), options.dpi)


def encode(image: Image.Image, dpi: float) -> bytes:
    """`image` as PNG bytes with its DPI and no time or other varying chunk: the same pixels give the same bytes.
    Pillow's writer at its default level: a picture to post is written once, so small beats fast here."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", dpi=(dpi, dpi))
    return buffer.getvalue()


def write_whole(path: Path, data: bytes) -> None:
    """Writes `data` to `path` through a temporary file beside it (made with the umask's permissions, as a plain
    open would): the file is whole or as it was, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}-{uuid.uuid4().hex}.tmp")
    try:
        with os.fdopen(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
