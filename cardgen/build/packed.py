"""--pack-decks: the decks of each card size on shared sheets, one file per size, each card's own back behind it."""

from __future__ import annotations

import itertools

from cardgen.build.faces import in_print_order, laying_out
from cardgen.build.result import BuildResult, Drawing
from cardgen.build.staging import Staging
from cardgen.impose.shared_sheets import share_sheets
from cardgen.render.pdf_sheets import SheetJob, write_sheets


def write_packed(drawing: Drawing, staging: Staging, result: BuildResult) -> None:
    """The decks of each card size on shared sheets, one file per size, each deck's cards from the slot after
    the previous deck's and every card's own back behind it."""
    game, options, manifest, printed = drawing.game, drawing.options, drawing.manifest, drawing.printed

    decks = {deck.id: deck for deck in game.decks}
    for shared in share_sheets((deck.id, deck.title, deck.total, drawing.sheet_for(deck)) for deck in game.decks):
        job = SheetJob(game.title, f"{game.title} print sheets", shared.sheet, options.duplex, options.back_offset,
                       options.flip, sections=shared.sections, art_dpi=options.art_dpi)
        name = f"{game.build_name}-decks-{shared.size_name()}-{shared.sheet.options.paper.name}"
        backs = f"{name}-backs.pdf" if options.duplex == "none" and options.sheet != "fold" else None
        fronts = itertools.chain.from_iterable(
            in_print_order(drawing.composer, decks[section.key], drawing.found, drawing.progress, printed.add) for section in shared.sections)
        result.pages += laying_out(lambda: write_sheets(job, fronts, shared.total, staging.path(f"{name}.pdf"),  # noqa: B023 - laying_out runs it at once, in this iteration
                                                     staging.path(backs) if backs else None))  # noqa: B023
        result.cards += shared.total
        if job.unlabelled:
            result.notes.append(drawing.no_footer(f"{name}.pdf", len(job.unlabelled)))
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


