"""`cardgen build`: renders print-ready files for one bundled game, a game folder, or all of them."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from cardgen.build import BuildError, BuildOptions, build as run_build
from cardgen.export.tts import check_base_url
from cardgen.cli.changed_since import changed_since_option, check_changed_since, echo_reprint
from cardgen.cli.loading import DATA_ERROR, assets_option, load_or_exit
from cardgen.gamedata import bundled_slugs
from cardgen.impose.duplex import DUPLEX
from cardgen.impose.grid import MARGIN, STYLES
from cardgen.output import Terminated, terminated_as_exception
from cardgen.reprint import reprint as run_reprint


def _base_url(ctx, param, value: str | None) -> str | None:
    if value is None:
        return None
    try:
        return check_base_url(value)
    except ValueError as error:
        raise click.BadParameter(str(error)) from None


def _offset(ctx, param, value: str) -> tuple[float, float]:
    try:
        x, y = (float(part) for part in value.split(","))
    except ValueError:
        raise click.BadParameter(f"expected X,Y in millimetres such as 0.5,-1, not {value!r}") from None
    return (x, y)


@click.command()
@click.argument("game", required=False)
@assets_option
@click.option("--all", "all_games", is_flag=True, help="Build every bundled game.")
@click.option("--paper", default="a4", show_default=True, help="a4, letter, a3, legal, tabloid, or WIDTHxHEIGHT in mm.")
@click.option("--card-size", default=None,
              help="Print every deck at this size: poker, bridge, tarot, mini, mini-euro, skat, business, square, "
                   "or WIDTHxHEIGHT in mm. Default: each deck's own size from game.toml.")
@click.option("--bleed", type=float, default=3.0, show_default=True, help="Bleed around each card and token in mm (0 allowed); it gives way to --margin "
                   "where both do not fit.")
@click.option("--sheet", type=click.Choice(STYLES), default="butted", show_default=True,
              help="butted: cards share cut lines (most per page); gutter: each card with its own bleed and a gap; "
                   "fold: each front beside its back with a fold line between (fold, glue, cut: no duplex needed, "
                   "--duplex and --back-offset do not apply).")
@click.option("--margin", type=float, default=MARGIN, show_default=True,
              help="Printable margin in mm: no crop mark or text closer to the paper's edge (raise it for printers "
                   "with a wider unprintable edge). Where the cards leave less room, their bleed gives way first, "
                   "then the marks shorten; the build says so.")
@click.option("--duplex", type=click.Choice(DUPLEX), default="long", show_default=True,
              help="long or short: backs follow each front page, mirrored for a duplex printer's flip on that edge; "
                   "none: backs in a separate PDF, mirrored for turning the sheets over by hand (see --flip).")
@click.option("--flip", type=click.Choice(("long", "short")), default="long", show_default=True,
              help="With --duplex none: the edge you turn the printed fronts over by before printing the backs.")
@click.option("--back-offset", default="0,0", callback=_offset, show_default=True,
              help="Shift the backs by X,Y mm (x right, y down, as seen on the back) to correct a printer: the signed "
                   "numbers the duplex test page's rulers show under the bullseye.")
@click.option("--pack-decks", is_flag=True,
              help="Let decks share sheets: the decks of one card size are printed one after another, each deck's "
                   "cards starting in the slot after the last deck's, into one PDF per card size "
                   "(<slug>-decks-<W>x<H>-<paper>.pdf) instead of one per deck, so small decks waste no paper. "
                   "Every card keeps its own back behind it; manifest.json lists each deck's file and pages.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"), show_default=True,
              help="Folder to write into; each game goes to OUT/<slug>/, which holds one build's output: files "
                   "an earlier build wrote (listed in its manifest.json) that this one does not write are removed; "
                   "files of your own there are left alone.")
@click.option("--tokens", is_flag=True, help="Also write token sheets (double-sided tokens duplexed like the cards).")
@click.option("--single", is_flag=True, help="Also write one card per page, with TrimBox and BleedBox, for print shops.")
@click.option("--cmyk", is_flag=True,
              help="Convert the deck sheets and the --single PDFs to CMYK PDF/X-3, the print-ready files shops such "
                   "as DriveThruCards ask for (colours in printing inks, fonts embedded, the press they were made "
                   "for). Colours shift slightly: see docs/designers/printing.md. Needs Ghostscript: "
                   "apt-get install ghostscript. --preset drivethru turns it on.")
@click.option("--booklet", is_flag=True, help="Also write the rulebook as a saddle-stitch booklet.")
@click.option("--no-rulebook", is_flag=True, help="Skip the rulebook (written by default when the game has one).")
@click.option("--png", is_flag=True, help="Also write every card front and deck back as PNG (only changed cards are "
                                          "redrawn on a rebuild), with an order sheet of the copies of each: "
                                          "png/order.csv and png/order.json.")
@click.option("--preset", default=None, help="PNGs sized for a print shop: tgc, mpc, drivethru (templates/print/presets.toml). "
                                             "png/order.csv and png/order.json list each image with the copies to order. "
                                             "drivethru also turns on --cmyk (its PDFs as CMYK PDF/X).")
@click.option("--dpi", type=float, default=300.0, show_default=True, help="Resolution of PNGs without a preset.")
@click.option("--art-dpi", type=float, default=300.0, show_default=True,
              help="Raster art in the PDFs is scaled down to this resolution at the size it is printed (photographs "
                   "stored as JPEG, flat art and transparency lossless), so a folder of camera photos makes a small, "
                   "fast PDF; 0 embeds every picture as it is.")
@click.option("--tts", is_flag=True, help="Also write Tabletop Simulator deck sheets and a saved object to import "
                                          "(image URLs are file:/// paths on this machine: see --tts-base-url).")
@click.option("--tts-base-url", default=None, callback=_base_url, metavar="URL",
              help="With --tts: write image URLs as URL/tts/<image>, for the OUT/<slug>/tts/ folder uploaded to "
                   "URL/tts/ (http or https), so every player of a multiplayer table loads them and the saved object "
                   "does not depend on where it was built.")
@click.option("--all-formats", is_flag=True,
              help="Everything: sheets, tokens, single-card PDFs, PNGs, Tabletop Simulator, rulebook and booklet.")
@click.option("--strict", is_flag=True,
              help="Every warning is an error (text that does not fit, text inside the safe zone, type under 6 pt...): "
                   "the build stops with exit status 2 and writes nothing. Without it, warnings are printed and the "
                   "files are written.")
@changed_since_option
def build(game: str | None, all_games: bool, paper: str, card_size: str | None, bleed: float, sheet: str,
          margin: float, duplex: str, flip: str, back_offset: tuple[float, float], out: Path, tokens: bool,
          single: bool, booklet: bool, no_rulebook: bool, png: bool, preset: str | None, dpi: float, art_dpi: float,
          tts: bool, tts_base_url: str | None, pack_decks: bool, cmyk: bool, all_formats: bool, assets: tuple[Path, ...], strict: bool,
          changed_since: Path | None) -> None:
    """Render GAME's card sheets as vector PDFs, with crop marks and duplex backs, and its rulebook.

    Paper, margin, bleed, manual duplex and the fold sheet: docs/designers/printing.md.

    Files are written to OUT/<slug>/ only when the whole build succeeds; a build that fails leaves
    the previous files as they were. A rebuild keeps every file whose inputs (data, layouts, art,
    templates, options, cardgen itself) are unchanged since the last build into the folder; with
    nothing changed it only checks. Print the PDFs at 100% ("actual size"), never "fit to page".

    With --changed-since, only the sheets of the cards that changed since the build you printed are
    written, into OUT/<slug>/reprint/: docs/designers/reprint.md.
    """
    if bool(game) == all_games:
        raise click.UsageError("name one GAME (a bundled slug or a folder) or use --all")
    if tts_base_url and not (tts or all_formats):
        raise click.UsageError("--tts-base-url applies to the Tabletop Simulator export: add --tts (or --all-formats)")
    check_changed_since(changed_since, {"tokens": tokens, "single": single, "png": png, "tts": tts, "booklet": booklet,
                                        "all_formats": all_formats, "preset": preset})
    options = BuildOptions(paper=paper, card_size=card_size, bleed=bleed, sheet=sheet, margin=margin, duplex=duplex,
                           flip=flip, back_offset=back_offset, out=out, tokens=tokens or all_formats,
                           single=single or all_formats, rulebook=not no_rulebook,
                           booklet=booklet or all_formats, png=png or all_formats, preset=preset, dpi=dpi,
                           art_dpi=art_dpi, tts=tts or all_formats, tts_base_url=tts_base_url,
                           pack_decks=pack_decks, cmyk=cmyk, strict=strict)
    for name in (bundled_slugs() if all_games else [game]):
        loaded = load_or_exit(name, assets)
        total = sum(deck.distinct for deck in loaded.decks)
        try:
            with terminated_as_exception(), click.progressbar(length=total, label=f"{loaded.slug:<22}",
                                                               file=sys.stderr, show_pos=True) as bar:
                result = (run_reprint(loaded, options, changed_since, progress=bar.update) if changed_since
                          else run_build(loaded, options, progress=bar.update))
        except BuildError as error:
            click.echo(f"error: {loaded.slug}: {error}", err=True)
            raise SystemExit(DATA_ERROR) from None
        except Terminated as stop:
            done = " after its files were written" if stop.committed else "; the build's unfinished files were removed"
            click.echo(f"\nerror: {loaded.slug}: stopped by SIGTERM{done}", err=True)
            raise SystemExit(Terminated.status) from None
        if changed_since:
            echo_reprint(loaded.slug, result)
            continue
        for warning in result.warnings:
            click.echo(f"warning: {loaded.slug}: {warning}", err=True)
        if result.unchanged:
            click.echo(f"{loaded.slug}: {result.cards} cards on {result.pages} pages, nothing changed since the last "
                       f"build: its {result.kept} files in {out / loaded.slug} are up to date")
            continue
        kept = f" ({result.kept} unchanged, kept)" if result.kept else ""
        click.echo(f"{loaded.slug}: {result.cards} cards on {result.pages} pages, "
                   f"{len(result.files)} files written{kept} in {out / loaded.slug}")
        for note in result.notes:
            click.echo(f"  {note}")
        for path in result.files:
            click.echo(f"  {path}")
