"""Exports Tabletop Simulator decks: per deck, sheets of up to 10 x 7 trimmed cards, a back image, and one saved object.

Each sheet holds up to 69 distinct cards in reading order and, in its last slot, the deck's back as
the hidden-card image; no side exceeds 4096 px (cards are scaled down to fit, and never above
`dpi`). Files: `tts/<deck>-<n>.png`, `tts/<deck>-back.png` and `<slug>-tts.json`, whose URLs are
`file:///` URLs of the images where the build commits them, or with a base URL (`--tts-base-url`),
`<base URL>/<path relative to the game's build folder>`, such as `https://example.org/game/tts/park-1.png`,
for images the designer hosts (Tabletop Simulator has no URLs relative to the saved object: it loads
`file:///` paths on the host's machine only, so the other players of a multiplayer table need http(s)).
A saved object written with a base URL names no local folder, so it is the same wherever it is built.
A deck whose back prints the card's fields gets, instead of one back image, a sheet of backs per sheet of fronts (`tts/<deck>-<n>-back.png`,
each card's back in its front's slot: Tabletop Simulator's UniqueBack). Sheets are fingerprinted like the
PNG export's images (`tts/tts-cache.json`), so a rebuild redraws only sheets whose cards changed.
"""

from __future__ import annotations

import hashlib
import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Callable
from urllib.parse import quote, urlsplit

from PIL import Image as PILImage

from cardgen.export import pool
from cardgen.export.cache import ImageCache, remove_stale
from cardgen.export.fingerprint import Fingerprints, digest
from cardgen.export.pngs import prepare
from cardgen.export.tts_save import SheetRef, saved_object
from cardgen.gamedata import Deck, Game
from cardgen.layout.art_files import drawn_files
from cardgen.layout.compose import Composer
from cardgen.layout.ops import Image
from cardgen.build.staging import Staging
from cardgen.render.png_draw import RENDERER_VERSION, render
from cardgen.render.png_encode import encode_png

FOLDER = "tts"
CACHE = f"{FOLDER}/tts-cache.json"
MAX_COLS, MAX_ROWS, MAX_SIDE = 10, 7, 4096
PER_SHEET = MAX_COLS * MAX_ROWS - 1  # the last slot holds the hidden-card image
LAYOUT_BLEED = 3.0                   # cards are laid out as for print, then trimmed
MM_PER_INCH = 25.4


@dataclass(frozen=True)
class TtsOptions:
    dpi: float = 300.0           # the most detail a card gets; full sheets are about 409 x 585 px a poker card
    workers: int | None = None   # processes; None: one per core
    base_url: str | None = None  # http(s) URL the tts/ images are hosted under; None: local file:/// URLs


def check_base_url(url: str) -> str:
    """`url` without a trailing slash; ValueError saying what is wrong unless it is an http(s) URL of a host."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"--tts-base-url must be an http:// or https:// URL such as https://example.org/mygame, "
                         f"not {url!r}")
    if parts.query or parts.fragment or re.search(r"\s", url):
        raise ValueError(f"--tts-base-url must be a plain folder URL without spaces, '?' or '#', not {url!r}")
    return url.rstrip("/")


def image_url(name: str, target: Path, base_url: str | None) -> str:
    """The URL of the image `name` (relative to the build folder `target`) in the saved object."""
    if base_url is None:
        return (target / name).resolve().as_uri()
    return f"{check_base_url(base_url)}/{quote(name)}"


@dataclass(frozen=True)
class Plan:
    """One image to draw: a sheet of cards (`cards` are 1-based indexes into the deck) or the back.

    `backs`: a sheet of the cards' own backs, for a deck whose back prints the card's fields.
    """

    name: str
    deck_index: int
    number: int                  # the sheet's id in CustomDeck (0 for a back image)
    cards: tuple[int, ...]
    cols: int
    rows: int
    cell: tuple[int, int]
    backs: bool = False


@dataclass
class TtsReport:
    drawn: int = 0
    reused: int = 0
    files: dict[str, str] = field(default_factory=dict)  # every image, kept ones included -> sha256
    stale: list[str] = field(default_factory=list)
    json: str = ""
    sheets: list[Plan] = field(default_factory=list)

    def remove_stale(self, target: Path) -> None:
        """Deletes sheets an earlier export wrote that this one has not; call it after the commit."""
        remove_stale(target, self.stale)


def grid(slots: int) -> tuple[int, int]:
    """(columns, rows) for `slots` slots: at most 10 x 7, and at least 2 x 2 to be safe (whether every
    version of Tabletop Simulator loads a one-row or one-column sheet is not established)."""
    rows = max(2, math.ceil(slots / MAX_COLS))
    return max(2, math.ceil(slots / rows)), rows


def cell_size(deck: Deck, cols: int, rows: int, dpi: float) -> tuple[int, int]:
    """A card's pixel size on a cols x rows sheet: no side over 4096 px, no more than `dpi`."""
    width, height = deck.size.width, deck.size.height
    cell_w = min(MAX_SIDE // cols, round(width * dpi / MM_PER_INCH))
    cell_h = round(cell_w * height / width)
    if cell_h * rows > MAX_SIDE:
        cell_h = MAX_SIDE // rows
        cell_w = min(MAX_SIDE // cols, round(cell_h * width / height))
    return cell_w, cell_h


def plan(game: Game, dpi: float, unique_backs: frozenset[str] = frozenset()) -> list[Plan]:
    """Every image of the export: each deck's sheets, then its back (or, for the decks named in
    `unique_backs`, a sheet of backs after each sheet of fronts)."""
    plans, number = [], 0
    for deck_index, deck in enumerate(game.decks):
        indexes = list(range(1, deck.distinct + 1))
        chunks = [tuple(indexes[i:i + PER_SHEET]) for i in range(0, len(indexes), PER_SHEET)]
        cell = cell_size(deck, *grid(len(chunks[0]) + 1), dpi) if chunks else cell_size(deck, 2, 2, dpi)
        for n, chunk in enumerate(chunks, start=1):
            number += 1
            plans.append(Plan(f"{FOLDER}/{deck.id}-{n}.png", deck_index, number, chunk, *grid(len(chunk) + 1), cell))
            if deck.id in unique_backs:
                plans.append(Plan(f"{FOLDER}/{deck.id}-{n}-back.png", deck_index, 0, chunk, *grid(len(chunk) + 1),
                                  cell, backs=True))
        if deck.id not in unique_backs:
            plans.append(Plan(f"{FOLDER}/{deck.id}-back.png", deck_index, 0, (), 1, 1, cell))
    return plans


def export_tts(game: Game, options: TtsOptions, staging: Staging,
               progress: Callable[[int], None] | None = None) -> TtsReport:
    """Writes the game's Tabletop Simulator sheets, backs and saved object through `staging`."""
    if not 20 <= options.dpi <= 1200:
        raise ValueError(f"--tts-dpi must be from 20 to 1200, not {options.dpi:g}")
    if options.base_url is not None:
        check_base_url(options.base_url)
    composer = Composer(game, LAYOUT_BLEED)
    prints = Fingerprints(game, ["tts", RENDERER_VERSION, LAYOUT_BLEED])
    cache = ImageCache(staging.target, CACHE)
    unique = frozenset(deck.id for deck in game.decks if composer.back_varies(deck))
    report = TtsReport(sheets=plan(game, options.dpi, unique))
    jobs = []
    for item in report.sheets:
        deck = game.decks[item.deck_index]
        backs = [prints.back(deck, deck.cards[i - 1], i) for i in item.cards] if deck.id in unique else []
        cards = backs if item.backs else [prints.front(deck, deck.cards[i - 1], i) for i in item.cards]
        key = digest(item.cols, item.rows, item.cell, cards, backs[0] if backs else prints.back(deck))
        if cache.reuse(item.name, key):
            report.reused += 1
        else:
            jobs.append((item, str(staging.path(item.name)), key))
    prepare(composer, {item.deck_index for item, _, _ in jobs})
    for name, key, sha, size, mtime_ns, art in pool.run(_draw, jobs, composer, options.workers):
        cache.record(name, key, sha, size, mtime_ns, art)
        report.drawn += 1
        if progress:
            progress(1)
    cache.save(staging)
    report.json = f"{game.build_name}-tts.json"
    staging.write_json(report.json, _save(game, report.sheets, staging, options.base_url))
    report.files = {name: record.sha256 for name, record in sorted(cache.new.items())}
    report.stale = cache.stale()
    return report


def _save(game: Game, plans: list[Plan], staging: Staging, base_url: str | None = None) -> dict:
    url = {item.name: image_url(item.name, staging.target, base_url) for item in plans}
    decks = []
    for deck_index, deck in enumerate(game.decks):
        shared = url.get(f"{FOLDER}/{deck.id}-back.png")
        sheets = [SheetRef(item.number, url[item.name], shared or url[item.name[:-len(".png")] + "-back.png"],
                           item.cols, item.rows,
                           tuple((deck.cards[i - 1].id, deck.cards[i - 1].name, deck.cards[i - 1].count)
                                 for i in item.cards), unique_back=shared is None)
                  for item in plans if item.deck_index == deck_index and item.number]
        decks.append((deck.id, deck.title, (deck.size.width, deck.size.height), sheets))
    return saved_object(game.title, decks)


def _draw(job: tuple) -> tuple:
    """In a worker: draws one sheet (or back image), encodes it and writes it."""
    item, path, key = job
    composer: Composer = pool.state()
    deck = composer.game.decks[item.deck_index]
    cell_w, cell_h = item.cell
    dpi = cell_w / (deck.size.width / MM_PER_INCH)
    sheet = PILImage.new("RGB", (item.cols * cell_w, item.rows * cell_h), "#ffffff")
    side = composer.back if item.backs else composer.front
    faces = [side(deck, deck.cards[i - 1], i) for i in item.cards]
    # the last slot holds a back: the deck's, or when each card has its own, the sheet's first card's
    faces.append(composer.back(deck, deck.cards[item.cards[0] - 1], item.cards[0]) if item.cards
                 else composer.back(deck))
    slots = list(range(len(faces) - 1)) + [item.cols * item.rows - 1]
    for slot, face in zip(slots, faces):
        place = ((slot % item.cols) * cell_w, (slot // item.cols) * cell_h)
        sheet.paste(render(face, dpi, bleed=0.0, size=item.cell), place)
    data = encode_png(sheet, dpi)
    with open(path, "wb") as stream:
        stream.write(data)
    art = sorted({f for face in faces for op in face.ops if isinstance(op, Image) for f in drawn_files(op.path)})
    return item.name, key, hashlib.sha256(data).hexdigest(), len(data), os.stat(path).st_mtime_ns, art
