"""The build: a game's data, laid out, imposed and rendered into print-ready files.

load -> lay out -> impose -> render -> write, readable top to bottom in `build()`.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar
from collections.abc import Callable, Iterator

from cardgen import __version__
from cardgen.export.cmyk import FLATTEN_DPI, CmykError, Engine, convert_all, find_engine
from cardgen.extras import ExtraError, write_extras
from cardgen.gamedata import Card, CardSize, Deck, Game
from cardgen.gamedata.cardsizes import card_size
from cardgen.impose import SheetOptions, impose, paper
from cardgen.impose.duplex import DUPLEX
from cardgen.impose.grid import MARGIN, ImpositionError, Sheet
from cardgen.impose.shared_sheets import share_sheets
from cardgen.layout.audit import Finding, grouped, note_finding, seen_on
from cardgen.layout.compose import Composer
from cardgen.layout.icons import check_glyphs
from cardgen.layout.ops import Face
from cardgen.layout.spec import LayoutError
from cardgen.output import MANIFEST, Staging, obsolete_files, owned_files, sha256
from cardgen.presets import PresetError, preset
from cardgen.printed_faces import PrintedFaces
from cardgen.render.pdf_alignment import write_alignment_test
from cardgen.render.pdf_sheets import Placed, SheetJob, write_sheets
from cardgen.reuse import Inputs, Keeper, Reuse


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


@dataclass
class BuildResult:
    """What a build wrote and what it noticed."""

    files: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    cards: int = 0
    pages: int = 0
    kept: int = 0          # files of the last build kept because what they are made from is unchanged
    unchanged: bool = False  # nothing changed since the last build into the folder: nothing was written


Progress = Callable[[int], None]  # called with how many more card faces were laid out
T = TypeVar("T")


def build(game: Game, options: BuildOptions, progress: Progress | None = None) -> BuildResult:
    """Builds the game's print sheets under `options.out/<slug>/`; BuildError before writing on bad input."""
    sheet_for = _sheets(game, options)                               # options checked, sheets imposed
    reuse = Reuse(options.out / game.slug)                           # what the last build made, and from what
    inputs = Inputs(game, _describe(options), options.out, reuse.inputs)
    if reuse.unchanged(inputs.whole):
        return _unchanged(game, options, reuse)
    composer = Composer(game, options.bleed)
    composer.measure_ink = options.strict  # the safe zone is `cardgen check`'s question, and --strict's
    _check_layouts(game, composer)                                   # layouts checked against columns
    engine = _cmyk_engine(options)                                   # Ghostscript found, if CMYK is asked for
    result = BuildResult()
    found: list[Finding] = []  # what laying out the cards noticed, grouped into result.warnings once all are laid out
    result.notes += _sheet_notes(game, sheet_for)
    printed = PrintedFaces(inputs.files)  # what each card prints, for a later --changed-since
    manifest: dict = {"game": game.slug, "generator": f"pnpkit cardgen {__version__}", "options": _describe(options),
                      "decks": {}, "files": {}}
    with Staging(options.out / game.slug) as staging:
        keeper = Keeper(reuse, staging.folder, owned_files(staging.target))
        if options.pack_decks:
            _write_shared(game, options, sheet_for, composer, staging, result, manifest, progress, found, printed)
        for deck in () if options.pack_decks else game.decks:
            job = SheetJob(f"{game.title}: {deck.title}", f"{game.title} print sheets", sheet_for(deck),
                           options.duplex, options.back_offset, options.flip, art_dpi=options.art_dpi)
            stem = f"{game.slug}-{deck.id}-{job.sheet.options.paper.name}"
            names = [f"{stem}.pdf"] + ([f"{stem}-backs.pdf"] if options.duplex == "none" and options.sheet != "fold" else [])

            def make(job=job, deck=deck, names=names) -> tuple[int, list[str]]:
                fronts = _fronts(composer, deck, found, progress, printed.add)  # laid out as the pages need them
                backs = staging.path(names[1]) if len(names) > 1 else None
                pages = _layout(lambda: write_sheets(job, fronts, deck.total, staging.path(names[0]), backs))
                return pages, ([f"deck {deck.id!r}: {len(job.unlabelled)} page(s) have no footer: no stretch of "
                                f"the {options.margin:g} mm margin is free of cards and marks"] if job.unlabelled else [])

            pages, notes, kept = keeper.files(f"sheets {deck.id}", inputs.deck(deck), names, make)
            if kept:  # its cards are still laid out, for what they would warn about
                _layout(lambda: sum(1 for _ in _fronts(composer, deck, found, progress, printed.add)))  # noqa: B023 - _layout runs it at once, in this iteration
            result.pages += pages
            result.notes += notes
            result.cards += deck.total
            manifest["decks"][deck.id] = {"cards": deck.total, "per_page": job.sheet.per_page,
                                          "card_size": [job.sheet.options.card_width, job.sheet.options.card_height],
                                          "title": deck.title, "printed": printed.decks.get(deck.id, {})}
        sheet_pdfs = [name for name in staging.names if name.endswith(".pdf")]  # the deck sheets, so far
        result.warnings += [finding.text() for finding in grouped(found)]  # a problem of many cards once
        try:
            extras = write_extras(game, composer, options, staging, result.warnings, keeper, inputs)
        except ExtraError as error:
            raise BuildError(str(error)) from None
        result.pages += extras.pages
        result.notes += extras.summary
        if options.duplex != "none" and options.sheet != "fold":  # a fold sheet needs no duplex at all
            first = sheet_for(game.decks[0])
            write_alignment_test(staging.path(f"{game.slug}-duplex-test-{first.options.paper.name}.pdf"), first,
                                 options.duplex, options.back_offset, game.title)
        if engine:
            result.notes.append(_to_cmyk(engine, staging, sheet_pdfs + extras.shop_pdfs))
        manifest["files"] = dict(sorted({**extras.kept, **keeper.kept,
                                         **{name: sha256(staging.folder / name) for name in staging.names}}.items()))
        result.kept = len(keeper.kept)
        if options.strict and result.warnings:  # before anything is committed: nothing is written
            raise BuildError(f"--strict: {len(result.warnings)} warning{'s' if len(result.warnings) != 1 else ''} "
                             "count as errors, so nothing was written:\n  " + "\n  ".join(result.warnings))
        manifest["warnings"] = result.warnings
        staging.write_json(MANIFEST, manifest)
        obsolete = obsolete_files(staging.target, owned_files(staging.target), manifest["files"])
        if obsolete:  # the folder holds one build's output: the earlier build's other files go
            result.notes.append(f"removed {len(obsolete)} file(s) of the previous build that this one does not "
                                f"write: {', '.join(obsolete[:3])}" + (", ..." if len(obsolete) > 3 else ""))
        result.files = staging.commit(obsolete)
        for cleanup in extras.after_commit:
            cleanup(staging.target)
        reuse.save(inputs.whole, inputs.files, [*manifest["files"], MANIFEST], result.pages)
    return result


def _unchanged(game: Game, options: BuildOptions, reuse: Reuse) -> BuildResult:
    """The result of a build whose inputs and files are all as the last build into the folder left them:
    nothing is written; its warnings are the last build's."""
    result = BuildResult(cards=sum(deck.total for deck in game.decks), pages=reuse.pages, unchanged=True,
                         kept=len(reuse.outputs))
    try:
        result.warnings = list(json.loads((reuse.target / MANIFEST).read_text(encoding="utf-8")).get("warnings", []))
    except (OSError, ValueError, AttributeError):
        result.warnings = []
    if options.strict and result.warnings:
        raise BuildError(f"--strict: {len(result.warnings)} warning{'s' if len(result.warnings) != 1 else ''} "
                         "count as errors (nothing changed since the last build, which warned):\n  "
                         + "\n  ".join(result.warnings))
    result.notes.append(f"nothing changed since the last build: its {result.kept} files in {reuse.target} are up to date")
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


def _fronts(composer: Composer, deck: Deck, found: list[Finding], progress: Progress | None,
            seen: Callable[[Deck, Card, Face, Face], object] | None = None) -> Iterator[Placed]:
    """Each physical card's front and back in print order, copies of a card sharing one face; what laying
    them out noticed goes into `found` (a deck's shared back once); `seen` is told each card's faces.

    Faces are laid out as the renderer asks for them, so a deck never sits in memory whole.
    (Laying out in worker processes was measured slower: pickling the faces back costs more than
    the layout itself.)
    """
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


def _write_shared(game: Game, options: BuildOptions, sheet_for: Callable[[Deck], Sheet], composer: Composer,
                  staging: Staging, result: BuildResult, manifest: dict, progress: Progress | None,
                  found: list[Finding], printed: PrintedFaces) -> None:
    """--pack-decks: the decks of each card size on shared sheets, one file per size, each deck's cards
    from the slot after the previous deck's and every card's own back behind it."""
    decks = {deck.id: deck for deck in game.decks}
    for shared in share_sheets((deck.id, deck.title, deck.total, sheet_for(deck)) for deck in game.decks):
        job = SheetJob(game.title, f"{game.title} print sheets", shared.sheet, options.duplex, options.back_offset,
                       options.flip, sections=shared.sections, art_dpi=options.art_dpi)
        name = f"{game.slug}-decks-{shared.size_name()}-{shared.sheet.options.paper.name}"
        backs = f"{name}-backs.pdf" if options.duplex == "none" and options.sheet != "fold" else None
        fronts = itertools.chain.from_iterable(_fronts(composer, decks[section.key], found, progress, printed.add)
                                               for section in shared.sections)
        result.pages += _layout(lambda: write_sheets(job, fronts, shared.total, staging.path(f"{name}.pdf"),  # noqa: B023 - _layout runs it at once, in this iteration
                                                     staging.path(backs) if backs else None))  # noqa: B023
        result.cards += shared.total
        if job.unlabelled:
            result.notes.append(f"{name}.pdf: {len(job.unlabelled)} page(s) have no footer: no stretch of "
                                f"the {options.margin:g} mm margin is free of cards and marks")
        both = not backs and not shared.sheet.backs  # each sheet's backs follow it in the same file
        for section in shared.sections:
            sheets = section.sheets(shared.sheet.per_page)
            entry = {"cards": section.count, "per_page": shared.sheet.per_page,
                     "card_size": [shared.sheet.options.card_width, shared.sheet.options.card_height],
                     "file": f"{name}.pdf", "title": section.title, "printed": printed.decks.get(section.key, {}),
                     "pages": [page for n in sheets for page in ((2 * n - 1, 2 * n) if both else (n,))]}
            if backs:
                entry.update(backs_file=backs, back_pages=list(sheets))
            manifest["decks"][section.key] = entry
        manifest.setdefault("shared_sheets", {})[f"{name}.pdf"] = {
            "card_size": [shared.sheet.options.card_width, shared.sheet.options.card_height],
            "decks": [section.key for section in shared.sections], "pages": shared.count * (2 if both else 1)}


def _cmyk_engine(options: BuildOptions) -> Engine | None:
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


def _to_cmyk(engine: Engine, staging: Staging, names: list[str]) -> str:
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


def _layout(step: Callable[[], T]) -> T:
    """Runs a step that lays out cards, turning a layout problem into a BuildError."""
    try:
        return step()
    except LayoutError as error:
        raise BuildError(str(error)) from None


def _describe(options: BuildOptions) -> dict:
    return {key: (list(value) if isinstance(value, tuple) else value)
            for key, value in vars(options).items()
            if key != "out" and not (key in ("pack_decks", "cmyk", "strict", "copies_in_names") and not value)}  # without them, manifests stay as they were
