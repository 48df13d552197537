"""The outputs a build adds beside the card sheets: tokens, single-card PDFs, the rulebook, images."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from collections.abc import Callable

from cardgen.gamedata import Game
from cardgen.impose import paper
from cardgen.impose.sheet import ImpositionError
from cardgen.layout.compose import Composer
from cardgen.layout.spec import LayoutError
from cardgen.build.staging import Staging
from cardgen.build.reuse import Inputs, Keeper
from cardgen.rulebook import RulebookError, has_rulebook, rulebook_names, rulebook_warnings, write_rulebook


class ExtraError(ValueError):
    """An extra output that cannot be made; the message names the file or the problem."""


@dataclass
class Extras:
    """What the extras wrote: pages, images kept from an earlier build (name -> sha256, for the
    manifest), clean-ups to run once the build is committed, and a line for the summary each."""

    pages: int = 0
    shop_pdfs: list[str] = field(default_factory=list)  # the single-card PDFs (names in staging), for --cmyk
    kept: dict[str, str] = field(default_factory=dict)
    after_commit: list[Callable[[Path], None]] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)


def write_extras(game: Game, composer: Composer, options: Any, staging: Staging, warnings: list[str],
                 keeper: Keeper, inputs: Inputs) -> Extras:
    """Writes what `options` asks for beside the sheets; single-card PDFs and the rulebook made from unchanged
    inputs are kept from the last build (`keeper`; PNG and Tabletop Simulator images keep their own record)."""
    # each exporter is imported when the options ask for it (Pillow, the rulebook's PDF side: cardgen.rulebook)
    page = paper(options.paper)
    done = Extras()
    pages = 0
    try:
        if options.png or options.preset:
            from cardgen.export.pngs import PngOptions, export_pngs
            report = export_pngs(game, PngOptions(options.dpi, options.bleed, options.preset,
                                                          copies_in_names=options.copies_in_names), staging)
            done.kept |= report.files
            done.after_commit.append(report.remove_stale)
            done.summary.append(f"card images: {report.drawn} drawn, {report.reused} unchanged and kept")
        if options.tts:
            from cardgen.export.tts import TtsOptions, export_tts
            sheets = export_tts(game, TtsOptions(dpi=options.dpi, base_url=options.tts_base_url), staging)
            done.kept |= sheets.files
            done.after_commit.append(sheets.remove_stale)
            done.summary.append(f"Tabletop Simulator: {sheets.drawn} sheet images drawn, {sheets.reused} kept")
        if options.tokens and game.tokens:
            from cardgen.render.pdf_tokens import token_file_name, write_token_sheets
            pages += write_token_sheets(game, page, staging.path(token_file_name(game.build_name, page)), bleed=options.bleed,
                                        duplex=options.duplex, back_offset=options.back_offset, warnings=warnings,
                                        margin=options.margin, art_dpi=options.art_dpi)
        if options.single:
            from cardgen.render.pdf_single import single_file_name, write_single_cards
            for deck in game.decks:
                name = single_file_name(game.build_name, deck)

                def single(deck=deck, name=name) -> tuple[int, list[str]]:
                    done.shop_pdfs.append(name)  # made now: converted to CMYK when asked
                    return write_single_cards(composer, deck, staging.path(name), art_dpi=options.art_dpi), []

                pages += keeper.files(f"single {deck.id}", inputs.deck(deck), [name], single)[0]
        if options.rulebook and has_rulebook(game):
            pdf, html, booklet = rulebook_names(game.build_name, page)
            names = [pdf, html] + ([booklet] if options.booklet else [])

            def rulebook() -> tuple[int, list[str]]:
                return write_rulebook(game, page, staging.path(pdf), staging.path(html),
                                      staging.path(booklet) if options.booklet else None), rulebook_warnings(game)

            made, notes, _ = keeper.files("rulebook", inputs.whole, names, rulebook)
            pages += made
            warnings += notes  # kept with the files: an unchanged rulebook warns again
    except (ImpositionError, LayoutError, RulebookError, ValueError) as error:
        raise ExtraError(str(error)) from None
    done.pages = pages
    return done
