"""Exports each distinct card's front and each deck's back as a print-ready PNG, redrawing only what changed.

Files: `png/<deck>/<card id>.png` and `png/<deck>-back.png` under the build's folder (or, when a
deck's back prints the card's fields, each card's back as `png/<deck>-backs/<card id>.png`), at the DPI and
bleed of a print-shop preset (scaled to the shop's exact pixel size) or of the options, the DPI
stored in each file. `png/png-cache.json` records each file's fingerprint (cardgen.export.fingerprint),
so a rebuild redraws only the images whose inputs changed and keeps the others where they are.

Beside the images, an order sheet for the print shop: `png/order.csv` and `png/order.json` list each
image (its file relative to `png/`, side, deck, card id, name and quantity: the copies to print), and
the totals per deck and overall, the card counts `cardgen check --json` reports (in the CSV, rows
whose side is `total` after the images: one per deck, then one for all decks). A deck's single back
image is listed once with the deck's total; per-card backs each with their card's copies.
"""

from __future__ import annotations

import csv
import hashlib
import io
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from cardgen.export import pool
from cardgen.export.cache import ImageCache, remove_stale
from cardgen.export.fingerprint import Fingerprints
from cardgen.gamedata import Card, Deck, Game
from cardgen.layout.compose import Composer
from cardgen.layout.ops import Image
from cardgen.output import Staging
from cardgen.presets import Preset, preset
from cardgen.render.png_draw import RENDERER_VERSION, render
from cardgen.render.png_encode import encode_png

FOLDER = "png"
CACHE = f"{FOLDER}/png-cache.json"
ORDER_CSV = f"{FOLDER}/order.csv"
ORDER_JSON = f"{FOLDER}/order.json"
ORDER_COLUMNS = ("file", "side", "deck", "card", "name", "quantity")


@dataclass(frozen=True)
class PngOptions:
    """How to export: a print shop's preset, or a DPI and bleed of your own."""

    dpi: float = 300.0
    bleed: float = 3.0             # mm on every side; a preset brings its own
    preset: str | None = None      # a name in templates/print/presets.toml: tgc, mpc, drivethru...
    workers: int | None = None     # processes; None: one per core


@dataclass
class PngReport:
    """What an export drew and kept; `files` maps every image's name (relative to the build's folder)
    to its sha256, the images kept from an earlier export included."""

    drawn: int = 0
    reused: int = 0
    dpi: float = 0.0
    bleed: float = 0.0
    preset: str | None = None
    files: dict[str, str] = field(default_factory=dict)
    stale: list[str] = field(default_factory=list)  # earlier images of cards that are gone

    def remove_stale(self, target: Path) -> None:
        """Deletes the images of cards that are gone; call it after the Staging's commit."""
        remove_stale(target, self.stale)


def front_name(deck: Deck, card: Card) -> str:
    return f"{FOLDER}/{deck.id}/{card.id}.png"


def back_name(deck: Deck, card: Card | None = None) -> str:
    """The deck's back image, or `card`'s own back when the deck's back prints the card."""
    return f"{FOLDER}/{deck.id}-backs/{card.id}.png" if card else f"{FOLDER}/{deck.id}-back.png"


def resolve(options: PngOptions) -> tuple[float, float, Preset | None]:
    """(dpi, bleed, preset) the options ask for; ValueError (a PresetError for presets) saying what is wrong."""
    if options.preset:
        shop = preset(options.preset)
        return shop.dpi, shop.bleed, shop
    if not 72 <= options.dpi <= 1200:
        raise ValueError(f"--dpi must be from 72 to 1200, not {options.dpi:g}")
    if not 0 <= options.bleed <= 10:
        raise ValueError(f"--bleed must be from 0 to 10 mm, not {options.bleed:g}")
    return float(options.dpi), float(options.bleed), None


def export_pngs(game: Game, options: PngOptions, staging: Staging,
                progress: Callable[[int], None] | None = None) -> PngReport:
    """Writes the game's card PNGs through `staging` (its target is the game's build folder).

    Raises ValueError for bad options and LayoutError for a layout that cannot be used, before
    drawing anything.
    """
    dpi, bleed, shop = resolve(options)
    composer = Composer(game, bleed)
    sizes = {deck.id: shop.pixels(deck.size) if shop else None for deck in game.decks}
    pinned = sorted(dict(shop.sizes).items()) + ["inch-exact"] if shop else None
    prints = Fingerprints(game, ["png", RENDERER_VERSION, dpi, bleed, pinned])
    cache = ImageCache(staging.target, CACHE)
    report = PngReport(dpi=dpi, bleed=bleed, preset=shop.name if shop else None)
    jobs = []
    for deck_index, deck in enumerate(game.decks):
        faces = [(front_name(deck, card), prints.front(deck, card, i), i, False)
                 for i, card in enumerate(deck.cards, 1)]
        if composer.back_varies(deck):
            faces += [(back_name(deck, card), prints.back(deck, card, i), i, True)
                      for i, card in enumerate(deck.cards, 1)]
        else:
            faces.append((back_name(deck), prints.back(deck), 0, True))
        for name, key, index, back in faces:
            if cache.reuse(name, key):
                report.reused += 1
            else:
                jobs.append((name, str(staging.path(name)), key, deck_index, index, back, sizes[deck.id]))
    if progress and report.reused:
        progress(report.reused)
    prepare(composer, {job[3] for job in jobs})
    for name, key, sha, size, mtime_ns, art in pool.run(_draw, jobs, (composer, dpi), options.workers):
        cache.record(name, key, sha, size, mtime_ns, art)
        report.drawn += 1
        if progress:
            progress(1)
    cache.save(staging)
    write_order(game, composer, report, staging)
    report.files = {name: record.sha256 for name, record in sorted(cache.new.items())}
    report.stale = cache.stale()
    return report


def order_items(game: Game, composer: Composer) -> list[dict]:
    """Every image a print shop prints, with the copies of it: fronts, then the deck's back(s), deck by deck."""
    items = []

    def item(name: str, side: str, deck: Deck, card: Card | None, quantity: int) -> dict:
        return {"file": name[len(FOLDER) + 1:], "side": side, "deck": deck.id, "card": card.id if card else "",
                "name": card.name if card else f"{deck.title} (back)", "quantity": quantity}

    for deck in game.decks:
        items += [item(front_name(deck, card), "front", deck, card, card.count) for card in deck.cards]
        if composer.back_varies(deck):
            items += [item(back_name(deck, card), "back", deck, card, card.count) for card in deck.cards]
        else:
            items.append(item(back_name(deck), "back", deck, None, deck.total))
    return items


def write_order(game: Game, composer: Composer, report: PngReport, staging: Staging) -> None:
    """Writes the order sheet, `png/order.csv` and `png/order.json`, through `staging`."""
    items = order_items(game, composer)
    decks = {deck.id: {"title": deck.title, "cards": deck.total, "distinct": deck.distinct,
                       "card_size": deck.size.name} for deck in game.decks}
    staging.write_json(ORDER_JSON, {"game": game.slug, "title": game.title, "preset": report.preset,
                                    "dpi": report.dpi, "bleed_mm": report.bleed, "items": items, "decks": decks,
                                    "total": sum(deck.total for deck in game.decks)})
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(ORDER_COLUMNS)
    writer.writerows([entry[column] for column in ORDER_COLUMNS] for entry in items)
    writer.writerows(["", "total", deck.id, "", deck.title, deck.total] for deck in game.decks)
    writer.writerow(["", "total", "", "", "all decks", sum(deck.total for deck in game.decks)])
    with open(staging.path(ORDER_CSV), "w", encoding="utf-8", newline="") as stream:
        stream.write(text.getvalue())


def prepare(composer: Composer, deck_indexes: set[int]) -> None:
    """Checks and reads the layouts of these decks before the workers fork (LayoutError when one
    names a column its deck does not have), so no worker reads them again."""
    for deck_index in sorted(deck_indexes):
        composer.check(composer.game.decks[deck_index])


def _draw(job: tuple) -> tuple:
    """In a worker: lays out, draws, encodes and writes one image; returns what the cache records."""
    name, path, key, deck_index, index, back, size = job
    composer, dpi = pool.state()
    deck = composer.game.decks[deck_index]
    card = deck.cards[index - 1] if index else None
    face = composer.back(deck, card, index) if back else composer.front(deck, card, index)
    data = encode_png(render(face, dpi, size=size), dpi)
    with open(path, "wb") as stream:
        stream.write(data)
    art = sorted({op.path for op in face.ops if isinstance(op, Image)})
    return name, key, hashlib.sha256(data).hexdigest(), len(data), os.stat(path).st_mtime_ns, art
