"""A build's deck sheets: one PDF per deck (and its backs file when printed by hand), kept when unchanged."""

from __future__ import annotations

from cardgen.build.faces import in_print_order, laying_out
from cardgen.build.result import BuildResult, Drawing
from cardgen.build.reuse import Inputs, Keeper
from cardgen.build.staging import Staging
from cardgen.gamedata import Deck
from cardgen.render.pdf_sheets import SheetJob, write_sheets


def write_decks(drawing: Drawing, staging: Staging, keeper: Keeper, inputs: Inputs, result: BuildResult) -> None:
    """Every deck's sheets into `staging`, or kept from the last build when what they print is unchanged."""
    for deck in drawing.game.decks:
        _write_deck(drawing, deck, staging, keeper, inputs, result)


def _write_deck(drawing: Drawing, deck: Deck, staging: Staging, keeper: Keeper, inputs: Inputs,
                result: BuildResult) -> None:
    game, options = drawing.game, drawing.options
    job = SheetJob(f"{game.title}: {deck.title}", f"{game.title} print sheets", drawing.sheet_for(deck),
                   options.duplex, options.back_offset, options.flip, art_dpi=options.art_dpi)
    stem = f"{game.build_name}-{deck.id}-{job.sheet.options.paper.name}"
    names = [f"{stem}.pdf"] + ([f"{stem}-backs.pdf"] if options.duplex == "none" and options.sheet != "fold" else [])

    def laid_out():  # each card's faces, laid out as the pages need them
        return in_print_order(drawing.composer, deck, drawing.found, drawing.progress, drawing.printed.add)

    def make() -> tuple[int, list[str]]:
        backs = staging.path(names[1]) if len(names) > 1 else None
        pages = laying_out(lambda: write_sheets(job, laid_out(), deck.total, staging.path(names[0]), backs))
        return pages, ([drawing.no_footer(f"deck {deck.id!r}", len(job.unlabelled))] if job.unlabelled else [])

    pages, notes, kept = keeper.files(f"sheets {deck.id}", inputs.deck(deck), names, make)
    if kept:  # its cards are still laid out, for what they would warn about and what they print
        laying_out(lambda: sum(1 for _ in laid_out()))
    result.pages += pages
    result.notes += notes
    result.cards += deck.total
    drawing.manifest["decks"][deck.id] = {
        "cards": deck.total, "per_page": job.sheet.per_page,
        "card_size": [job.sheet.options.card_width, job.sheet.options.card_height],
        "title": deck.title, "printed": drawing.printed.decks.get(deck.id, {})}
