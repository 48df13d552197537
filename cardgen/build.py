"""The build: a game's data, laid out, imposed and rendered into print-ready files.

load -> lay out -> impose -> render -> write, readable top to bottom in `build()`.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Callable

from cardgen import __version__
from cardgen.extras import ExtraError, write_extras
from cardgen.gamedata import Deck, Game
from cardgen.impose.grid import Sheet
from cardgen.impose.shared_sheets import share_sheets
from cardgen.layout.audit import Finding, grouped
from cardgen.layout.compose import Composer
from cardgen.output import MANIFEST, Staging, obsolete_files, owned_files, sha256
from cardgen.printed_faces import PrintedFaces
from cardgen.render.pdf_alignment import write_alignment_test
from cardgen.render.pdf_sheets import SheetJob, write_sheets
from cardgen.reuse import Inputs, Keeper, Reuse
from cardgen.build_steps import (BuildError, BuildOptions, Progress, check_layouts, cmyk_engine, composer_for,
                                 described, in_print_order, laying_out, sheets_for, to_cmyk)

__all__ = ["BuildError", "BuildOptions", "BuildResult", "Progress", "build"]


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




def build(game: Game, options: BuildOptions, progress: Progress | None = None) -> BuildResult:
    """Builds the game's print sheets under `options.out/<slug>/`; BuildError before writing on bad input."""
    sheet_for = sheets_for(game, options)                               # options checked, sheets imposed
    reuse = Reuse(options.out / game.slug)                           # what the last build made, and from what
    inputs = Inputs(game, described(options), options.out, reuse.inputs)
    if reuse.unchanged(inputs.whole):
        return _unchanged(game, options, reuse)
    composer = composer_for(game, options)  # the faces laid out at --card-size when it is given
    composer.measure_ink = options.strict  # the safe zone is `cardgen check`'s question, and --strict's
    check_layouts(game, composer)                                   # layouts checked against columns
    engine = cmyk_engine(options)                                   # Ghostscript found, if CMYK is asked for
    result = BuildResult()
    found: list[Finding] = []  # what laying out the cards noticed, grouped into result.warnings once all are laid out
    result.notes += _sheet_notes(game, sheet_for)
    printed = PrintedFaces(inputs.files)  # what each card prints, for a later --changed-since
    manifest: dict = {"game": game.slug, "generator": f"pnpkit cardgen {__version__}", "options": described(options),
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
                fronts = in_print_order(composer, deck, found, progress, printed.add)  # laid out as the pages need them
                backs = staging.path(names[1]) if len(names) > 1 else None
                pages = laying_out(lambda: write_sheets(job, fronts, deck.total, staging.path(names[0]), backs))
                return pages, ([f"deck {deck.id!r}: {len(job.unlabelled)} page(s) have no footer: no stretch of "
                                f"the {options.margin:g} mm margin is free of cards and marks"] if job.unlabelled else [])

            pages, notes, kept = keeper.files(f"sheets {deck.id}", inputs.deck(deck), names, make)
            if kept:  # its cards are still laid out, for what they would warn about
                laying_out(lambda: sum(1 for _ in in_print_order(composer, deck, found, progress, printed.add)))  # noqa: B023 - laying_out runs it at once, in this iteration
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
            result.notes.append(to_cmyk(engine, staging, sheet_pdfs + extras.shop_pdfs))
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


def _sheet_notes(game: Game, sheet_for: Callable[[Deck], Sheet]) -> list[str]:
    """What gave way to the printable margin on the game's sheets, each sentence once."""
    return list(dict.fromkeys(note for deck in game.decks for note in sheet_for(deck).notes))


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
        fronts = itertools.chain.from_iterable(
            in_print_order(composer, decks[section.key], found, progress, printed.add) for section in shared.sections)
        result.pages += laying_out(lambda: write_sheets(job, fronts, shared.total, staging.path(f"{name}.pdf"),  # noqa: B023 - laying_out runs it at once, in this iteration
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


