"""The chosen cards' fronts as Pillow images: drawn as the PNG export draws them, at the trim, corners rounded."""

from __future__ import annotations

from PIL import Image, ImageDraw

from cardgen.gamedata import Card, Deck, Game
from cardgen.layout.compose import Composer
from cardgen.render.png_draw import MM_PER_INCH, render

FINE = 4  # the corner mask is drawn this many times larger, then reduced: antialiased corners


def faces(game: Game, chosen: list[tuple[Deck, Card]], dpi: float, radius_mm: float) -> list[Image.Image]:
    """Each chosen card's front as an RGBA image at `dpi`, without bleed, its corners rounded to `radius_mm`
    (transparent outside); a card chosen twice is drawn once. Raises LayoutError as a build would."""
    composer = Composer(game, 0.0)
    drawn: dict[tuple[str, str], Image.Image] = {}
    images = []
    for deck, card in chosen:
        key = (deck.id, card.id)
        if key not in drawn:
            face = composer.front(deck, card, deck.cards.index(card) + 1)
            drawn[key] = rounded(render(face, dpi, bleed=0.0), radius_mm * dpi / MM_PER_INCH)
        images.append(drawn[key])
    return images


def rounded(image: Image.Image, radius: float) -> Image.Image:
    """`image` as RGBA with its corners cut round to `radius` px (antialiased); square corners when 0."""
    card = image.convert("RGBA")
    radius = min(radius, image.width / 2, image.height / 2)
    if radius <= 0:
        return card
    size = max(1, round(2 * radius))
    disc = Image.new("L", (size * FINE, size * FINE), 0)
    ImageDraw.Draw(disc).ellipse((0, 0, disc.width - 1, disc.height - 1), fill=255)
    disc = disc.resize((size, size), Image.Resampling.BOX)  # an antialiased disc: its quarters are the corners
    mask = Image.new("L", image.size, 255)
    half = size // 2
    right, bottom = image.width - (size - half), image.height - (size - half)
    for box, at in (((0, 0, half, half), (0, 0)), ((half, 0, size, half), (right, 0)),
                    ((0, half, half, size), (0, bottom)), ((half, half, size, size), (right, bottom))):
        mask.paste(disc.crop(box), at)
    card.putalpha(mask)
    return card
