"""`cardgen build --changed-since`: print sheets of only the cards whose printed faces changed since an earlier build.

Every card is laid out as a build would, its faces fingerprinted (cardgen.build.printed_faces) and compared with
the earlier build's manifest.json. The cards that print differently, new cards and extra copies go on
reprint sheets, each with its own back, duplexed like the deck; decks of one card size share sheets.
Everything goes into OUT/<slug>/reprint/ (the full build's files stay as they are): the sheets,
reprint.csv and reprint.txt (what to print and what to take out, by deck and name), and a manifest.json
recording every card as it now prints, so the next reprint can be made since this one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from cardgen import __version__
from cardgen.build.checks import check_layouts, composer_for, sheets_for
from cardgen.build.cmyk import cmyk_engine, to_cmyk
from cardgen.build.faces import in_print_order, laying_out
from cardgen.build.options import BuildError, BuildOptions, Progress, described
from cardgen.gamedata import Card, Deck, Game
from cardgen.impose.shared_sheets import share_sheets
from cardgen.layout.audit import Finding, grouped
from cardgen.layout.ops import Face
from cardgen.build.staging import MANIFEST, Staging, obsolete_files, owned_files, sha256
from cardgen.build.printed_faces import PrintedFaces
from cardgen.render.pdf_sheets import Placed, SheetJob, write_sheets
from cardgen.build.boards import board_faces, printed_boards
from cardgen.reprint.boards import board_changes, boards_gone, write_changed_boards
from cardgen.reprint.listing import as_csv, as_text, summary
from cardgen.reprint.since import Change, SinceError, read_earlier, to_print, to_remove

FOLDER = "reprint"


@dataclass
class ReprintResult:
    """What a reprint wrote: nothing at all when no card changed."""

    target: Path
    changes: list[Change] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    listing: list[str] = field(default_factory=list)  # reprint.txt's lines
    pages: int = 0
    copies: int = 0  # cards to print


def reprint(game: Game, options: BuildOptions, since: Path, progress: Progress | None = None) -> ReprintResult:
    """Writes OUT/<slug>/reprint/ for the cards changed since the build `since` names; BuildError on bad input."""
    try:
        earlier = read_earlier(since, game.slug)
    except SinceError as error:
        raise BuildError(str(error)) from None
    sheet_for = sheets_for(game, options)
    composer = composer_for(game, options)  # the faces laid out at --card-size when it is given
    check_layouts(game, composer)
    boards = board_faces(game, options)
    engine = cmyk_engine(options)
    result = ReprintResult(options.out / game.build_name / FOLDER)
    if earlier.bleed is not None and earlier.bleed != options.bleed:
        result.notes.append(f"{earlier.path} was built with --bleed {earlier.bleed:g}, this reprint with --bleed "
                            f"{options.bleed:g}: the bleed is printed too, so every card counts as changed")
    found: list[Finding] = []
    printed = PrintedFaces()
    wanted: dict[str, list[tuple[Card, Face, Face, int, str]]] = {}

    def seen(deck: Deck, card: Card, front: Face, back: Face) -> None:
        before = earlier.decks.get(deck.id, ("", {}))[1].get(card.id)
        change = to_print(before, printed.add(deck, card, front, back))
        if change:
            wanted.setdefault(deck.id, []).append((card, front, back, *change))

    for deck in game.decks:
        laying_out(lambda: sum(1 for _ in in_print_order(composer, deck, found, progress, seen)))  # noqa: B023 - laying_out runs it at once, in this iteration
    result.warnings = [finding.text() for finding in grouped(found)]
    if options.strict and result.warnings:
        raise BuildError(f"--strict: {len(result.warnings)} warning{'s' if len(result.warnings) != 1 else ''} "
                         "count as errors, so nothing was written:\n  " + "\n  ".join(result.warnings))
    removed = list(to_remove(earlier, printed.decks))
    now_boards = printed_boards(game, boards, printed)
    changed_boards = board_changes(earlier.boards, now_boards)
    removed += boards_gone(earlier.boards, now_boards)
    if not wanted and not removed and not changed_boards:
        earlier_reprint = (result.target / MANIFEST).is_file()
        result.notes.append(f"no card prints differently since {earlier.path}: nothing to reprint, no file written"
                            + (f" (the earlier reprint in {result.target} is left as it was)" if earlier_reprint else ""))
        return result
    with Staging(result.target) as staging:
        decks = {deck.id: deck for deck in game.decks}
        for shared in share_sheets((deck.id, deck.title, sum(c[3] for c in wanted[deck.id]), sheet_for(deck))
                                   for deck in game.decks if deck.id in wanted):
            name = f"{game.build_name}-reprint-{shared.size_name()}-{shared.sheet.options.paper.name}"
            job = SheetJob(f"{game.title} reprint", f"{game.title} reprint sheets", shared.sheet, options.duplex,
                           options.back_offset, options.flip, sections=shared.sections, art_dpi=options.art_dpi)
            backs = f"{name}-backs.pdf" if options.duplex == "none" and options.sheet != "fold" else None
            placed: list[Placed] = []
            for section in shared.sections:
                for card, front, back, copies, why in wanted[section.key]:
                    result.changes.append(Change(section.key, decks[section.key].title, card.id, card.name, "print",
                                                 copies, why, f"{name}.pdf", len(placed) // shared.sheet.per_page + 1))
                    placed += [(front, copies > 1, back)] * copies
            result.pages += laying_out(lambda: write_sheets(job, placed, len(placed), staging.path(f"{name}.pdf"),  # noqa: B023 - laying_out runs it at once, in this iteration
                                                         staging.path(backs) if backs else None))  # noqa: B023
            result.copies += len(placed)
            if job.unlabelled:
                result.notes.append(f"{name}.pdf: {len(job.unlabelled)} page(s) have no footer: no stretch of the "
                                    f"{options.margin:g} mm margin is free of cards and marks")
        pages, board_lines = write_changed_boards(game, options, boards, changed_boards, staging)
        result.pages += pages
        result.changes += board_lines + removed
        if engine:
            result.notes.append(to_cmyk(engine, staging, [n for n in staging.names if n.endswith(".pdf")]))
        result.listing = as_text(game.title, str(since), result.changes)
        staging.path("reprint.csv").write_text(as_csv(result.changes), encoding="utf-8")
        staging.path("reprint.txt").write_text("\n".join(result.listing) + "\n", encoding="utf-8")
        manifest = {"game": game.slug, "generator": f"pnpkit cardgen {__version__}", "options": described(options),
                    "changed_since": {"manifest_sha256": earlier.sha256}, "summary": summary(result.changes),
                    "decks": {deck.id: {"title": deck.title, "cards": deck.total,
                                        "printed": printed.decks.get(deck.id, {})} for deck in game.decks},
                    **({"boards": now_boards} if now_boards else {}),
                    "files": {name: sha256(staging.folder / name) for name in sorted(staging.names)},
                    "warnings": result.warnings}
        staging.write_json(MANIFEST, manifest)
        result.files = staging.commit(obsolete_files(result.target, owned_files(result.target), manifest["files"]))
    return result
