"""Exports each distinct card's front and each deck's back as a print-ready PNG, redrawing only what changed.

Files: `png/<deck>/<card id>.png` and `png/<deck>-back.png` under the build's folder (or, when a
deck's back prints the card's fields, each card's back as `png/<deck>-backs/<card id>.png`), at the DPI and
bleed of a print-shop preset (scaled to the shop's exact pixel size) or of the options, the DPI
stored in each file. `png/png-cache.json` records each file's fingerprint (cardgen.export.fingerprint),
so a rebuild redraws only the images whose inputs changed and keeps the others where they are.

Beside the images, an order sheet for the print shop: `png/order.csv` and `png/order.json` list each
image (its file relative to `png/`, side, deck, card id, name and quantity: the copies to print), and
the totals per deck and overall, the card counts `cardgen check --json` reports (in the CSV, rows
whose side is `total` after the images: one per deck, then one for all decks). A CSV cell a spreadsheet would
run as a formula (starting with = + - @, a tab or a carriage return) gets a leading apostrophe
(cardgen.export.spreadsheet_cells); order.json holds the text as it is. A deck's single back
image is listed once with the deck's total; per-card backs each with their card's copies.

For shops and ordering tools that read the copies from the file name, a format of {stem} and {copies}
(the preset's `copies_in_name`, or `--copies-in-names`) writes them in: `png/heroes/h-1_x2.png`,
`png/heroes-back_x3.png`, 1 copy as `_x1`. A rebuild after a count changed renames the image (the
earlier file, drawn from the same fingerprint, is linked to its new name and the old name removed); a
card whose own count changed is still redrawn, as its count is one of the fields its fingerprint covers.
"""

from __future__ import annotations

import csv
import hashlib
import io
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Callable

from cardgen.export import pool
from cardgen.export.cache import ImageCache, remove_stale
from cardgen.export.fingerprint import Fingerprints
from cardgen.export.spreadsheet_cells import neutral_row
from cardgen.gamedata import Card, Deck, Game
from cardgen.layout.art_files import drawn_files
from cardgen.layout.compose import Composer
from cardgen.layout.ops import Image
from cardgen.build.staging import Staging
from cardgen.export.presets import Preset, copies_format, preset
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
    copies_in_names: str | None = None  # a format of {stem} and {copies} (cardgen.export.presets.copies_format); None:
    #                                     the preset's copies_in_name, or plain names


@dataclass
class PngReport:
    """What an export drew and kept; `files` maps every image's name (relative to the build's folder)
    to its sha256, the images kept from an earlier export included."""

    drawn: int = 0
    reused: int = 0                # kept as they were, renamed ones included
    renamed: int = 0               # kept under a new name: only the copies written in the name changed
    dpi: float = 0.0
    bleed: float = 0.0
    preset: str | None = None
    files: dict[str, str] = field(default_factory=dict)
    stale: list[str] = field(default_factory=list)  # earlier images of cards that are gone

    def remove_stale(self, target: Path) -> None:
        """Deletes the images of cards that are gone; call it after the Staging's commit."""
        remove_stale(target, self.stale)


@dataclass(frozen=True)
class Names:
    """The images' file names (relative to the build's folder), with the copies written in when `copies`, a
    format of {stem} and {copies}, says so."""

    copies: str | None = None

    def front(self, deck: Deck, card: Card) -> str:
        return self._name(f"{deck.id}/", card.id, card.count)

    def back(self, deck: Deck, card: Card | None = None) -> str:
        """The deck's back image, or `card`'s own back when the deck's back prints the card."""
        return self._name(f"{deck.id}-backs/", card.id, card.count) if card else \
            self._name("", f"{deck.id}-back", deck.total)

    def _name(self, folder: str, stem: str, copies: int) -> str:
        return f"{FOLDER}/{folder}{self.copies.format(stem=stem, copies=copies) if self.copies else stem}.png"


def resolve(options: PngOptions) -> tuple[float, float, Preset | None]:
    """(dpi, bleed, preset) the options ask for; ValueError (a PresetError for presets) saying what is wrong."""
    if options.copies_in_names is not None:
        try:
            copies_format(options.copies_in_names)
        except ValueError as error:
            raise ValueError(f"--copies-in-names: {error}") from None
    if options.preset:
        shop = preset(options.preset)
        return shop.dpi, shop.bleed, shop
    if not 72 <= options.dpi <= 1200:
        raise ValueError(f"--dpi must be from 72 to 1200, not {options.dpi:g}")
    if not 0 <= options.bleed <= 10:
        raise ValueError(f"--bleed must be from 0 to 10 mm, not {options.bleed:g}")
    return float(options.dpi), float(options.bleed), None


def names_for(game: Game, options: PngOptions, shop: Preset | None) -> Names:
    """The file names the options ask for (`--copies-in-names` before the preset's copies_in_name); ValueError
    when two images would get the same name."""
    names = Names(options.copies_in_names or (shop.copies_in_name if shop else None))
    if names.copies:
        taken: dict[str, str] = {}
        for deck in game.decks:
            for card in deck.cards:
                for name in (names.front(deck, card), names.back(deck, card)):
                    earlier = taken.setdefault(name, card.id)
                    if earlier != card.id:
                        raise ValueError(f"copies in file names {names.copies!r}: cards {earlier!r} and {card.id!r} "
                                         f"would both be {name}; put a separator between {{stem}} and {{copies}}")
    return names


def export_pngs(game: Game, options: PngOptions, staging: Staging,
                progress: Callable[[int], None] | None = None) -> PngReport:
    """Writes the game's card PNGs through `staging` (its target is the game's build folder).

    Raises ValueError for bad options and LayoutError for a layout that cannot be used, before
    drawing anything.
    """
    dpi, bleed, shop = resolve(options)
    names = names_for(game, options, shop)
    composer = Composer(game, bleed)
    sizes = {deck.id: shop.pixels(deck.size) if shop else None for deck in game.decks}
    pinned = sorted(dict(shop.sizes).items()) + ["inch-exact"] if shop else None
    prints = Fingerprints(game, ["png", RENDERER_VERSION, dpi, bleed, pinned])
    cache = ImageCache(staging.target, CACHE)
    report = PngReport(dpi=dpi, bleed=bleed, preset=shop.name if shop else None)
    jobs = []
    for deck_index, deck in enumerate(game.decks):
        faces = [(names.front(deck, card), prints.front(deck, card, i), i, False)
                 for i, card in enumerate(deck.cards, 1)]
        if composer.back_varies(deck):
            faces += [(names.back(deck, card), prints.back(deck, card, i), i, True)
                      for i, card in enumerate(deck.cards, 1)]
        else:
            faces.append((names.back(deck), prints.back(deck), 0, True))
        for name, key, index, back in faces:
            if cache.reuse(name, key):
                report.reused += 1
            elif renamed(cache, name, key, staging):
                report.reused += 1
                report.renamed += 1
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
    write_order(game, composer, names, report, staging)
    report.files = {name: record.sha256 for name, record in sorted(cache.new.items())}
    report.stale = cache.stale()
    return report


def renamed(cache: ImageCache, name: str, key: str, staging: Staging) -> bool:
    """Keeps an earlier image drawn from `key` under another name (only the copies in its name changed): linked
    (or copied) to `name` through `staging`, the old name left for the stale clean-up. False when there is none."""
    for old, record in cache.old.items():
        if old == name or record.key != key or old in cache.new or not cache.reuse(old, key):
            continue
        del cache.new[old]  # reuse() kept it under its old name; it moves to the new one
        path = staging.path(name)
        try:
            os.link(staging.target / old, path)
        except OSError:  # a file system without hard links
            shutil.copy2(staging.target / old, path)
        stat = os.stat(path)
        cache.record(name, key, record.sha256, stat.st_size, stat.st_mtime_ns, list(record.art))
        return True
    return False


def order_items(game: Game, composer: Composer, names: Names = Names()) -> list[dict]:
    """Every image a print shop prints, with the copies of it: fronts, then the deck's back(s), deck by deck."""
    items = []

    def item(name: str, side: str, deck: Deck, card: Card | None, quantity: int) -> dict:
        return {"file": name[len(FOLDER) + 1:], "side": side, "deck": deck.id, "card": card.id if card else "",
                "name": card.name if card else f"{deck.title} (back)", "quantity": quantity}

    for deck in game.decks:
        items += [item(names.front(deck, card), "front", deck, card, card.count) for card in deck.cards]
        if composer.back_varies(deck):
            items += [item(names.back(deck, card), "back", deck, card, card.count) for card in deck.cards]
        else:
            items.append(item(names.back(deck), "back", deck, None, deck.total))
    return items


def write_order(game: Game, composer: Composer, names: Names, report: PngReport, staging: Staging) -> None:
    """Writes the order sheet, `png/order.csv` and `png/order.json`, through `staging`."""
    items = order_items(game, composer, names)
    decks = {deck.id: {"title": deck.title, "cards": deck.total, "distinct": deck.distinct,
                       "card_size": deck.size.name} for deck in game.decks}
    staging.write_json(ORDER_JSON, {"game": game.slug, "title": game.title, "preset": report.preset,
                                    "dpi": report.dpi, "bleed_mm": report.bleed, "items": items, "decks": decks,
                                    "total": sum(deck.total for deck in game.decks)})
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(ORDER_COLUMNS)
    writer.writerows(neutral_row(entry[column] for column in ORDER_COLUMNS) for entry in items)
    writer.writerows(neutral_row(["", "total", deck.id, "", deck.title, deck.total]) for deck in game.decks)
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
    art = sorted({f for op in face.ops if isinstance(op, Image) for f in drawn_files(op.path)})  # an SVG's pictures too
    return name, key, hashlib.sha256(data).hexdigest(), len(data), os.stat(path).st_mtime_ns, art
