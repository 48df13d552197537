"""The build, step after step: a game's data checked, laid out, imposed and rendered into print-ready files.

check -> lay out and draw the sheets -> extras -> CMYK -> manifest -> commit, readable top to bottom in `build()`;
the reprint (cardgen.reprint.run) takes the same steps for the cards that changed.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from cardgen import __version__
from cardgen.build.boards import board_faces, printed_boards, write_boards
from cardgen.build.checks import check_layouts, composer_for, sheets_for
from cardgen.build.cmyk import cmyk_engine, to_cmyk
from cardgen.build.decks import write_decks
from cardgen.build.extras import ExtraError, write_extras
from cardgen.build.options import BuildError, BuildOptions, Progress, described
from cardgen.build.packed import write_packed
from cardgen.build.printed_faces import PrintedFaces
from cardgen.build.result import BuildResult, Drawing
from cardgen.build.reuse import Inputs, Keeper, Reuse
from cardgen.build.staging import MANIFEST, Staging, obsolete_files, owned_files, sha256
from cardgen.gamedata import Deck, Game
from cardgen.gamedata.font_files import font_record
from cardgen.impose.sheet import Sheet
from cardgen.layout.audit import Finding, grouped
from cardgen.render.pdf_alignment import write_alignment_test


def build(game: Game, options: BuildOptions, progress: Progress | None = None) -> BuildResult:
    """Builds the game's print sheets under `options.out/<slug>/`; BuildError before writing on bad input."""
    sheet_for = sheets_for(game, options)                               # options checked, sheets imposed
    reuse = Reuse(options.out / game.build_name)                           # what the last build made, and from what
    inputs = Inputs(game, described(options), options.out, reuse.inputs)
    if reuse.unchanged(inputs.whole):
        return _unchanged(game, options, reuse)
    composer = composer_for(game, options)  # the faces laid out at --card-size when it is given
    composer.measure_ink = options.strict  # the safe zone is `cardgen check`'s question, and --strict's
    check_layouts(game, composer)                                   # layouts checked against columns
    boards = board_faces(game, options)                       # boards, mats and aids laid out
    engine = cmyk_engine(options)                                   # Ghostscript found, if CMYK is asked for
    result = BuildResult(notes=_sheet_notes(game, sheet_for))
    found: list[Finding] = []  # what laying out the cards noticed, grouped into result.warnings once all are laid out
    printed = PrintedFaces(inputs.files)  # what each card prints, for a later --changed-since
    manifest: dict = {"game": game.slug, "generator": f"pnpkit cardgen {__version__}", "options": described(options),
                      **_variant(game), **({"fonts": font_record(game.fonts, game.root)} if game.fonts else {}),
                      "decks": {}, "files": {}}
    with Staging(options.out / game.build_name) as staging:
        keeper = Keeper(reuse, staging.folder, owned_files(staging.target))
        drawing = Drawing(game, options, sheet_for, composer, progress, found, printed, manifest)
        if options.pack_decks:
            write_packed(drawing, staging, result)
        else:
            write_decks(drawing, staging, keeper, inputs, result)
        sheet_pdfs = [name for name in staging.names if name.endswith(".pdf")]  # the deck sheets, so far
        result.warnings += [finding.text() for finding in grouped(found)]  # a problem of many cards once
        pages, warnings, summary = write_boards(game, options, boards, staging, keeper, inputs)
        if game.boards:  # what each board prints, for a later --changed-since
            manifest["boards"] = printed_boards(game, boards, printed)
        result.pages, result.warnings, result.notes = result.pages + pages, result.warnings + warnings, result.notes + summary
        try:
            extras = write_extras(game, composer, options, staging, result.warnings, keeper, inputs)
        except ExtraError as error:
            raise BuildError(str(error)) from None
        result.pages += extras.pages
        result.notes += extras.summary
        if options.duplex != "none" and options.sheet != "fold":  # a fold sheet needs no duplex at all
            first = sheet_for(game.decks[0])
            write_alignment_test(staging.path(f"{game.build_name}-duplex-test-{first.options.paper.name}.pdf"), first,
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


def _variant(game: Game) -> dict:
    """The variant and --set values the game was built with, for manifest.json (nothing for the game as its
    game.toml has it)."""
    return ({"variant": {"name": game.variant.name, "title": game.variant.title}} if game.variant.name else {}) | (
        {"set": list(game.variant.set)} if game.variant.set else {})


def _sheet_notes(game: Game, sheet_for: Callable[[Deck], Sheet]) -> list[str]:
    """What gave way to the printable margin on the game's sheets, each sentence once."""
    return list(dict.fromkeys(note for deck in game.decks for note in sheet_for(deck).notes))
