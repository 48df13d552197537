"""The steps a build and a reprint share: the options checked and the sheets imposed, the cards laid out in
print order, the conversion to CMYK, and the options as a manifest records them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from cardgen.export.cmyk import FLATTEN_DPI, CmykError, Engine, convert_all, find_engine
from cardgen.gamedata import Card, CardSize, Deck, Game
from cardgen.gamedata.cardsizes import card_size
from cardgen.impose import SheetOptions, impose, paper
from cardgen.impose.duplex import DUPLEX
from cardgen.impose.grid import MARGIN, ImpositionError, Sheet
from cardgen.layout.audit import Finding, Seen, note_finding, seen_on
from cardgen.layout.compose import Composer
from cardgen.layout.icons import check_glyphs
from cardgen.layout.resize import Resize
from cardgen.layout.ops import Face
from cardgen.layout.spec import LayoutError
from cardgen.output import Staging
from cardgen.presets import PresetError, preset
from cardgen.render.pdf_sheets import Placed


class BuildError(ValueError):
    """A build that cannot go ahead; the message is a sentence naming the option, file or box."""


@dataclass(frozen=True)
class BuildOptions:
    """What to build and how; the defaults suit a home printer with A4 paper."""

    paper: str = "a4"
    card_size: str | None = None      # a size name or WxH in mm for every deck; None keeps each deck's
    bleed: float = 3.0
    sheet: str = "butted"
    duplex: str = "long"
    flip: str = "long"                # with duplex "none": the edge the backs sheet is turned over by hand
    margin: float = MARGIN            # mm of the paper's edge no mark or text goes into
    back_offset: tuple[float, float] = (0.0, 0.0)
    out: Path = Path("output")
    tokens: bool = False              # token sheets
    single: bool = False              # one card per page, with TrimBox and BleedBox, for print shops
    rulebook: bool = True             # the rulebook (PDF and HTML), when the game has one
    booklet: bool = False             # the rulebook as a saddle-stitch booklet too
    png: bool = False                 # every card front and deck back as PNG, incrementally
    preset: str | None = None         # a print shop's image preset (templates/print/presets.toml)
    copies_in_names: str | None = None  # PNG file names with their copies: a format of {stem} and {copies}
    dpi: float = 300.0                # for PNG and Tabletop Simulator images without a preset
    art_dpi: float = 300.0            # raster art in PDFs is scaled down to this resolution at its printed size; 0 keeps it
    tts: bool = False                 # Tabletop Simulator deck sheets and saved object
    tts_base_url: str | None = None   # http(s) URL the tts/ images are hosted under; None: file:/// URLs
    strict: bool = False              # every warning is an error: the build stops and writes nothing
    pack_decks: bool = False          # decks of one card size share sheets, one file per size
    cmyk: bool = False                # deck sheets and --single PDFs as CMYK PDF/X (Ghostscript); a preset may ask too


Progress = Callable[[int], None]  # called with how many more card faces were laid out
T = TypeVar("T")


def sheets_for(game: Game, options: BuildOptions) -> Callable[[Deck], Sheet]:
    """The options checked (BuildError names a wrong one) and every deck imposed: the sheet of each deck."""
    try:
        page = paper(options.paper)
    except ValueError as error:
        raise BuildError(f"--paper: {error}") from None
    override = printed_size(options)
    if options.duplex not in DUPLEX:
        raise BuildError(f"--duplex must be one of {', '.join(DUPLEX)}, not {options.duplex!r}")
    if options.flip not in ("long", "short"):
        raise BuildError(f"--flip must be long or short, not {options.flip!r}")
    if options.bleed < 0 or options.bleed > 10:
        raise BuildError(f"--bleed must be from 0 to 10 mm, not {options.bleed:g}")
    if options.art_dpi != 0 and not 50 <= options.art_dpi <= 2400:
        raise BuildError(f"--art-dpi must be from 50 to 2400 (or 0 to keep art as it is), not {options.art_dpi:g}")
    if not 0 <= options.margin <= 30:
        raise BuildError(f"--margin must be from 0 to 30 mm, not {options.margin:g}")
    sheets: dict[tuple[float, float], Sheet] = {}

    def sheet_for(deck: Deck) -> Sheet:
        size = override or deck.size
        key = (size.width, size.height)
        if key not in sheets:
            try:
                sheets[key] = impose(SheetOptions(page, size.width, size.height, options.bleed, options.sheet,
                                                  margin=options.margin))
            except ImpositionError as error:
                raise BuildError(f"deck {deck.id!r}: {error}") from None
        return sheets[key]

    for deck in game.decks:  # impose every deck now, so a card too big for the paper stops the build early
        refusal = Resize(deck.size, override).refusal(deck.id, str(game.root / "game.toml")) if override else None
        if refusal:
            raise BuildError(refusal)
        sheet_for(deck)
    return sheet_for


def printed_size(options: BuildOptions) -> CardSize | None:
    """The size --card-size asks every deck to be printed at (None: each deck's own); BuildError when it is not one."""
    if not options.card_size:
        return None
    try:
        return card_size(_size_value(options.card_size))
    except ValueError as error:
        raise BuildError(f"--card-size must be {error}, not {options.card_size!r}") from None


def composer_for(game: Game, options: BuildOptions) -> Composer:
    """The composer of a build: the game's layouts at the build's bleed, at --card-size when one is asked for.
    BuildError when --card-size comes with card images, which are drawn at each deck's own size."""
    if options.card_size and (options.png or options.preset or options.tts):
        raise BuildError("--card-size changes the printed sheets only; card images (--png, --preset, --tts) are "
                         "drawn at each deck's own size: set card_size in the deck's [decks.<id>] of game.toml to "
                         "draw them at another size, or build the images without --card-size")
    return Composer(game, options.bleed, printed_size(options))


def _size_value(text: str) -> object:
    parts = text.lower().replace("mm", "").split("x")
    if len(parts) == 2:
        try:
            return [float(parts[0]), float(parts[1])]
        except ValueError:
            pass
    return text


def check_layouts(game: Game, composer: Composer) -> None:
    """Every deck's layouts and the game's icons checked before anything is drawn; BuildError naming the first problem."""
    problems = check_glyphs(game.icons)
    if problems:
        raise BuildError(f"{game.root / 'game.toml'}: " + "; ".join(problems))
    try:
        for deck in game.decks:
            composer.check(deck)
    except LayoutError as error:
        raise BuildError(str(error)) from None


def in_print_order(composer: Composer, deck: Deck, found: list[Finding], progress: Progress | None,
            seen: Callable[[Deck, Card, Face, Face], object] | None = None) -> Iterator[Placed]:
    """Each physical card's front and back in print order, copies of a card sharing one face; what laying
    them out noticed goes into `found` (a deck's shared back once); `seen` is told each card's faces.

    Faces are laid out as the renderer asks for them, so a deck never sits in memory whole.
    (Laying out in worker processes was measured slower: pickling the faces back costs more than
    the layout itself.)
    """
    resize = composer.resize(deck)  # --card-size: the deck's layouts scaled to another card than theirs
    warning = resize.warning(deck.id, str(composer.game.root / "game.toml")) if resize else None
    if warning:
        found.append(Finding("warning", "", warning, (Seen(deck.id, f"every card of deck {deck.id!r}"),)))
    for index, card in enumerate(deck.cards, start=1):
        face = composer.front(deck, card, index)
        back = composer.back(deck, card, index)
        found += [note_finding(note, seen_on(deck, card)) for note in face.notes]
        if composer.back_varies(deck) or index == 1:
            found += [note_finding(note, seen_on(deck, card if composer.back_varies(deck) else None))
                      for note in back.notes]
        if seen:
            seen(deck, card, face, back)
        if progress:
            progress(1)
        for _ in range(card.count):
            yield face, card.count > 1, back


def cmyk_engine(options: BuildOptions) -> Engine | None:
    """Ghostscript, when --cmyk or the print-shop preset asks for CMYK; BuildError naming the package when missing."""
    asked = "--cmyk" if options.cmyk else None
    if not asked and options.preset:
        try:
            shop = preset(options.preset)
        except PresetError as error:
            raise BuildError(f"--preset: {error}") from None
        asked = f"--preset {options.preset} ({shop.title} wants CMYK PDF/X files)" if shop.cmyk else None
    if not asked:
        return None
    try:
        return find_engine()
    except CmykError as error:
        raise BuildError(f"{asked}: {error}") from None


def to_cmyk(engine: Engine, staging: Staging, names: list[str]) -> str:
    """Converts the staged PDFs `names` to CMYK PDF/X in place; the note that says so."""
    try:
        flattened = convert_all(engine, [staging.folder / name for name in names])
    except CmykError as error:
        raise BuildError(str(error)) from None
    note = (f"CMYK PDF/X-3: {len(names)} file(s) converted by Ghostscript {engine.version} for a SWOP press "
            f"({engine.profile.name}); the duplex test page, token sheets and rulebook stay RGB")
    if flattened:
        note += (f"; {sum(flattened.values())} page(s) with transparent art ({', '.join(sorted(flattened))}) became "
                 f"one {FLATTEN_DPI} dpi picture each, text included (PDF/X-3 has no transparency: use opaque art)")
    return note


def laying_out(step: Callable[[], T]) -> T:
    """Runs a step that lays out cards, turning a layout problem into a BuildError."""
    try:
        return step()
    except LayoutError as error:
        raise BuildError(str(error)) from None


def described(options: BuildOptions) -> dict:
    """The options as manifest.json records them."""
    return {key: (list(value) if isinstance(value, tuple) else value)
            for key, value in vars(options).items()
            if key != "out" and not (key in ("pack_decks", "cmyk", "strict", "copies_in_names") and not value)}  # without them, manifests stay as they were
