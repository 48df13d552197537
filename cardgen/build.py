"""The build: a game's data, laid out, imposed and rendered into print-ready files.

load -> lay out -> impose -> render -> write, readable top to bottom in `build()`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, TypeVar

from cardgen import __version__
from cardgen.extras import ExtraError, write_extras
from cardgen.gamedata import CardSize, Deck, Game
from cardgen.gamedata.cardsizes import card_size
from cardgen.impose import SheetOptions, impose, paper
from cardgen.impose.duplex import DUPLEX
from cardgen.impose.grid import MARGIN, ImpositionError, Sheet
from cardgen.layout.compose import Composer
from cardgen.layout.icons import check_glyphs
from cardgen.layout.spec import LayoutError
from cardgen.output import Staging, sha256
from cardgen.render.pdf_alignment import write_alignment_test
from cardgen.render.pdf_sheets import Placed, SheetJob, write_sheets


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
    dpi: float = 300.0                # for PNG and Tabletop Simulator images without a preset
    tts: bool = False                 # Tabletop Simulator deck sheets and saved object
    tts_base_url: str | None = None   # http(s) URL the tts/ images are hosted under; None: file:/// URLs


@dataclass
class BuildResult:
    """What a build wrote and what it noticed."""

    files: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    cards: int = 0
    pages: int = 0


Progress = Callable[[int], None]  # called with how many more card faces were laid out
T = TypeVar("T")


def build(game: Game, options: BuildOptions, progress: Progress | None = None) -> BuildResult:
    """Builds the game's print sheets under `options.out/<slug>/`; BuildError before writing on bad input."""
    sheet_for = _sheets(game, options)                               # options checked, sheets imposed
    composer = Composer(game, options.bleed)
    _check_layouts(game, composer)                                   # layouts checked against columns
    result = BuildResult()
    result.notes += _sheet_notes(game, sheet_for)
    manifest: dict = {"game": game.slug, "generator": f"pnpkit cardgen {__version__}", "options": _describe(options),
                      "decks": {}, "files": {}}
    with Staging(options.out / game.slug) as staging:
        for deck in game.decks:
            job = SheetJob(f"{game.title}: {deck.title}", f"{game.title} print sheets", sheet_for(deck),
                           options.duplex, options.back_offset, options.flip)
            stem = f"{game.slug}-{deck.id}-{job.sheet.options.paper.name}"
            backs = staging.path(f"{stem}-backs.pdf") if options.duplex == "none" and options.sheet != "fold" else None
            fronts = _fronts(composer, deck, result.warnings, progress)  # laid out as the pages need them
            result.pages += _layout(lambda: write_sheets(job, fronts, deck.total, staging.path(f"{stem}.pdf"), backs))
            result.cards += deck.total
            if job.unlabelled:
                result.notes.append(f"deck {deck.id!r}: {len(job.unlabelled)} page(s) have no footer: no stretch of "
                                    f"the {options.margin:g} mm margin is free of cards and marks")
            manifest["decks"][deck.id] = {"cards": deck.total, "per_page": job.sheet.per_page,
                                          "card_size": [job.sheet.options.card_width, job.sheet.options.card_height]}
        try:
            extras = write_extras(game, composer, options, staging, result.warnings)
        except ExtraError as error:
            raise BuildError(str(error)) from None
        result.pages += extras.pages
        result.notes += extras.summary
        if options.duplex != "none" and options.sheet != "fold":  # a fold sheet needs no duplex at all
            first = sheet_for(game.decks[0])
            write_alignment_test(staging.path(f"{game.slug}-duplex-test-{first.options.paper.name}.pdf"), first,
                                 options.duplex, options.back_offset, game.title)
        manifest["files"] = dict(sorted({**extras.kept,
                                         **{name: sha256(staging.folder / name) for name in staging.names}}.items()))
        manifest["warnings"] = result.warnings
        staging.write_json("manifest.json", manifest)
        result.files = staging.commit()
        for cleanup in extras.after_commit:
            cleanup(staging.target)
    return result


def _sheets(game: Game, options: BuildOptions) -> Callable[[Deck], Sheet]:
    try:
        page = paper(options.paper)
    except ValueError as error:
        raise BuildError(f"--paper: {error}") from None
    override: CardSize | None = None
    if options.card_size:
        try:
            override = card_size(_size_value(options.card_size))
        except ValueError as error:
            raise BuildError(f"--card-size must be {error}, not {options.card_size!r}") from None
    if options.duplex not in DUPLEX:
        raise BuildError(f"--duplex must be one of {', '.join(DUPLEX)}, not {options.duplex!r}")
    if options.flip not in ("long", "short"):
        raise BuildError(f"--flip must be long or short, not {options.flip!r}")
    if options.bleed < 0 or options.bleed > 10:
        raise BuildError(f"--bleed must be from 0 to 10 mm, not {options.bleed:g}")
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
        sheet_for(deck)
    return sheet_for


def _sheet_notes(game: Game, sheet_for: Callable[[Deck], Sheet]) -> list[str]:
    """What gave way to the printable margin on the game's sheets, each sentence once."""
    return list(dict.fromkeys(note for deck in game.decks for note in sheet_for(deck).notes))


def _size_value(text: str) -> object:
    parts = text.lower().replace("mm", "").split("x")
    if len(parts) == 2:
        try:
            return [float(parts[0]), float(parts[1])]
        except ValueError:
            pass
    return text


def _check_layouts(game: Game, composer: Composer) -> None:
    problems = check_glyphs(game.icons)
    if problems:
        raise BuildError(f"{game.root / 'game.toml'}: " + "; ".join(problems))
    try:
        for deck in game.decks:
            composer.check(deck)
    except LayoutError as error:
        raise BuildError(str(error)) from None


def _fronts(composer: Composer, deck: Deck, warnings: list[str], progress: Progress | None) -> Iterator[Placed]:
    """Each physical card's front and back in print order, copies of a card sharing one face.

    Faces are laid out as the renderer asks for them, so a deck never sits in memory whole.
    (Laying out in worker processes was measured slower: pickling the faces back costs more than
    the layout itself.)
    """
    for index, card in enumerate(deck.cards, start=1):
        face = composer.front(deck, card, index)
        back = composer.back(deck, card, index)
        warnings += [f"{card.file.name}:{card.line} {card.name!r}: {w}" for w in face.warnings]
        warnings += [f"{card.file.name}:{card.line} {card.name!r} (back): {w}" for w in back.warnings
                     if composer.back_varies(deck)]
        if progress:
            progress(1)
        for _ in range(card.count):
            yield face, card.count > 1, back


def _layout(step: Callable[[], T]) -> T:
    """Runs a step that lays out cards, turning a layout problem into a BuildError."""
    try:
        return step()
    except LayoutError as error:
        raise BuildError(str(error)) from None


def _describe(options: BuildOptions) -> dict:
    return {key: (list(value) if isinstance(value, tuple) else value)
            for key, value in vars(options).items() if key != "out"}
