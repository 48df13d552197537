"""Draws one card per layout of every bundled game as a reference PNG; run it to refresh them on purpose.

`make references` (or `python -m tests.cardgen.reference.refresh [slug ...]` from the project's
folder) redraws every reference image with cardgen's own PNG renderer and writes a file only where
its pixels changed, so an unchanged card leaves git untouched. tests/cardgen/test_reference_images.py
draws the same cards with the same function (`image`) and compares them with these files.

Which card shows a layout: the decks in game.toml's order, the cards of each in CSV order; a front
layout is drawn on the first card that uses it, a back layout as the back of the first deck that uses
it (the back of that deck's first card when the back prints the card's fields). `index.csv` lists
every image with its game, layout, side, deck and card, so a reader knows what each picture is.
"""

from __future__ import annotations

import csv
import functools
import io
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from PIL import Image as PILImage
from PIL import ImageChops

from cardgen.gamedata import Game, GameDataError, bundled_slugs, card_data_dir, load_game
from cardgen.layout.compose import Composer
from cardgen.layout.spec import LayoutError
from cardgen.render.png_draw import render

DPI = 100      # enough to see a box move by 1 mm (about 4 px), small enough to keep in git
BLEED = 3.0    # mm, the build's default: the bleed is drawn too
FOLDER = Path(__file__).resolve().parent
INDEX = FOLDER / "index.csv"
INDEX_COLUMNS = ("game", "layout", "side", "deck", "card", "file")


@dataclass(frozen=True)
class Sample:
    """The card that shows one layout of one game."""

    game: str
    layout: str
    side: str      # "front" or "back"
    deck: str
    card: str      # the card's id; "" for a deck back that is the same for every card

    @property
    def file(self) -> str:
        """The reference image's path relative to this folder."""
        return f"{self.game}/{self.layout}.png"

    def row(self) -> dict[str, str]:
        return {"game": self.game, "layout": self.layout, "side": self.side, "deck": self.deck,
                "card": self.card, "file": self.file}


@functools.cache
def bundled(slug: str) -> Game:
    """A bundled game, loaded once."""
    return load_game(card_data_dir() / slug)


def samples(game: Game) -> list[Sample]:
    """One sample per layout the game's cards use, fronts and backs, in the order the decks list them."""
    composer = Composer(game, BLEED)
    found: dict[str, Sample] = {}
    for deck in game.decks:
        for card in deck.cards:
            if card.layout not in found:
                found[card.layout] = Sample(game.slug, card.layout, "front", deck.id, card.id)
        if deck.back not in found:
            card_id = deck.cards[0].id if deck.cards and composer.back_varies(deck) else ""
            found[deck.back] = Sample(game.slug, deck.back, "back", deck.id, card_id)
    return list(found.values())


def image(game: Game, layout: str) -> PILImage.Image:
    """The card of `game` that shows `layout` (see `samples`), drawn by cardgen's PNG renderer at DPI with BLEED."""
    sample = next((s for s in samples(game) if s.layout == layout), None)
    if sample is None:
        raise ValueError(f"no card of {game.slug!r} uses layout {layout!r}")
    composer = Composer(game, BLEED)
    deck = next(d for d in game.decks if d.id == sample.deck)
    index, card = next(((i, c) for i, c in enumerate(deck.cards, 1) if c.id == sample.card), (0, None))
    if sample.side == "front":
        face = composer.front(deck, card, index)
    else:
        face = composer.back(deck, card, index) if card else composer.back(deck)
    return render(face, DPI)


def read_index() -> list[Sample]:
    """The samples index.csv lists (empty when there is none yet)."""
    if not INDEX.exists():
        return []
    with open(INDEX, encoding="utf-8", newline="") as stream:
        return [Sample(row["game"], row["layout"], row["side"], row["deck"], row["card"])
                for row in csv.DictReader(stream)]


def same_pixels(path: Path, picture: PILImage.Image) -> bool:
    """Whether the PNG at `path` exists and holds exactly `picture`'s pixels."""
    if not path.exists():
        return False
    with PILImage.open(path) as stored:
        stored = stored.convert("RGB")
        return stored.size == picture.size and ImageChops.difference(stored, picture).getbbox() is None


def write_atomically(path: Path, data: bytes) -> None:
    """Writes `data` to a temporary file beside `path`, then renames it over `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_bytes(data)
    os.replace(temporary, path)


def png_bytes(picture: PILImage.Image) -> bytes:
    """`picture` as a PNG file's bytes, compressed as small as Pillow makes them (the references live in git)."""
    stream = io.BytesIO()
    picture.save(stream, "PNG", optimize=True)
    return stream.getvalue()


def refresh(slugs: list[str]) -> list[str]:
    """Redraws the reference images of `slugs` and rewrites index.csv; returns what it did, a line per change.

    Every card is drawn before any file is written, so a game that cannot be drawn leaves the folder as it was.
    """
    drawn = {slug: [(sample, image(bundled(slug), sample.layout)) for sample in samples(bundled(slug))]
             for slug in slugs}
    done: list[str] = []
    fresh = [sample for sample in read_index() if sample.game not in slugs]
    for slug, pictures in drawn.items():
        for sample, picture in pictures:
            path = FOLDER / sample.file
            if not same_pixels(path, picture):
                done.append(f"{'redrawn' if path.exists() else 'new'}: {sample.file}")
                write_atomically(path, png_bytes(picture))
        files = {sample.file for sample, _ in pictures}
        for stale in sorted((FOLDER / slug).glob("*.png")):
            if f"{slug}/{stale.name}" not in files:
                stale.unlink()
                done.append(f"removed (no card uses this layout any more): {slug}/{stale.name}")
        fresh += [sample for sample, _ in pictures]
    text = io.StringIO()
    writer = csv.DictWriter(text, INDEX_COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(sample.row() for sample in sorted(fresh, key=lambda s: (s.game, s.file)))
    if not INDEX.exists() or INDEX.read_text(encoding="utf-8") != text.getvalue():
        write_atomically(INDEX, text.getvalue().encode("utf-8"))
        done.append("rewritten: index.csv")
    return done


def main(argv: list[str]) -> int:
    known = bundled_slugs()
    if any(arg in ("-h", "--help") for arg in argv):
        print("usage: python -m tests.cardgen.reference.refresh [GAME ...]\n\nRedraws the reference image of one "
              "card per layout of the bundled games (all of them when no GAME is named) into "
              f"{FOLDER}, writing only the images whose pixels changed.\nGames: {', '.join(known)}")
        return 0
    unknown = [arg for arg in argv if arg not in known]
    if unknown:
        print(f"unknown game {unknown[0]!r}; the bundled games are: {', '.join(known)}", file=sys.stderr)
        return 2
    try:
        done = refresh(argv or known)
    except (GameDataError, LayoutError) as error:
        print(f"error: nothing written, a game could not be drawn: {error}\n(`cardgen check GAME` lists every "
              "problem of a game's data and layouts)", file=sys.stderr)
        return 2
    for line in done:
        print(line)
    count = sum(1 for sample in read_index() if sample.game in (argv or known))
    print(f"{count} reference images checked, {len(done)} change(s) in {FOLDER}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
