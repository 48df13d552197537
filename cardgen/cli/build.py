"""`cardgen build`: renders print-ready files for one bundled game, a game folder, or all of them."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from cardgen.build import BuildError, BuildOptions, build as run_build
from cardgen.export.tts import check_base_url
from cardgen.cli.loading import DATA_ERROR, load_or_exit
from cardgen.gamedata import bundled_slugs
from cardgen.impose.duplex import DUPLEX
from cardgen.impose.grid import MARGIN, STYLES
from cardgen.output import Terminated, terminated_as_exception


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
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"), show_default=True,
              help="Folder to write into; each game goes to OUT/<slug>/.")
@click.option("--tokens", is_flag=True, help="Also write token sheets (double-sided tokens duplexed like the cards).")
@click.option("--single", is_flag=True, help="Also write one card per page, with TrimBox and BleedBox, for print shops.")
@click.option("--booklet", is_flag=True, help="Also write the rulebook as a saddle-stitch booklet.")
@click.option("--no-rulebook", is_flag=True, help="Skip the rulebook (written by default when the game has one).")
@click.option("--png", is_flag=True, help="Also write every card front and deck back as PNG (only changed cards are "
                                          "redrawn on a rebuild), with an order sheet of the copies of each: "
                                          "png/order.csv and png/order.json.")
@click.option("--preset", default=None, help="PNGs sized for a print shop: tgc, mpc, drivethru (templates/print/presets.toml). "
                                             "png/order.csv and png/order.json list each image with the copies to order.")
@click.option("--dpi", type=float, default=300.0, show_default=True, help="Resolution of PNGs without a preset.")
@click.option("--tts", is_flag=True, help="Also write Tabletop Simulator deck sheets and a saved object to import "
                                          "(image URLs are file:/// paths on this machine: see --tts-base-url).")
@click.option("--tts-base-url", default=None, callback=_base_url, metavar="URL",
              help="With --tts: write image URLs as URL/tts/<image>, for the OUT/<slug>/tts/ folder uploaded to "
                   "URL/tts/ (http or https), so every player of a multiplayer table loads them and the saved object "
                   "does not depend on where it was built.")
@click.option("--all-formats", is_flag=True,
              help="Everything: sheets, tokens, single-card PDFs, PNGs, Tabletop Simulator, rulebook and booklet.")
def build(game: str | None, all_games: bool, paper: str, card_size: str | None, bleed: float, sheet: str,
          margin: float, duplex: str, flip: str, back_offset: tuple[float, float], out: Path, tokens: bool,
          single: bool, booklet: bool, no_rulebook: bool, png: bool, preset: str | None, dpi: float, tts: bool, tts_base_url: str | None,
          all_formats: bool) -> None:
    """Render GAME's card sheets as vector PDFs, with crop marks and duplex backs, and its rulebook.

    Paper, margin, bleed, manual duplex and the fold sheet: docs/designers/printing.md.

    Files are written to OUT/<slug>/ only when the whole build succeeds; a build that fails leaves
    the previous files as they were. Print the PDFs at 100% ("actual size"), never "fit to page".
    """
    if bool(game) == all_games:
        raise click.UsageError("name one GAME (a bundled slug or a folder) or use --all")
    if tts_base_url and not (tts or all_formats):
        raise click.UsageError("--tts-base-url applies to the Tabletop Simulator export: add --tts (or --all-formats)")
    options = BuildOptions(paper=paper, card_size=card_size, bleed=bleed, sheet=sheet, margin=margin, duplex=duplex,
                           flip=flip, back_offset=back_offset, out=out, tokens=tokens or all_formats,
                           single=single or all_formats, rulebook=not no_rulebook,
                           booklet=booklet or all_formats, png=png or all_formats, preset=preset, dpi=dpi,
                           tts=tts or all_formats, tts_base_url=tts_base_url)
    for name in (bundled_slugs() if all_games else [game]):
        loaded = load_or_exit(name)
        total = sum(deck.distinct for deck in loaded.decks)
        try:
            with terminated_as_exception(), click.progressbar(length=total, label=f"{loaded.slug:<22}",
                                                               file=sys.stderr, show_pos=True) as bar:
                result = run_build(loaded, options, progress=bar.update)
        except BuildError as error:
            click.echo(f"error: {loaded.slug}: {error}", err=True)
            raise SystemExit(DATA_ERROR) from None
        except Terminated:
            click.echo(f"\nerror: {loaded.slug}: stopped by SIGTERM; the build's unfinished files were removed",
                       err=True)
            raise SystemExit(Terminated.status) from None
        for warning in result.warnings:
            click.echo(f"warning: {loaded.slug}: {warning}", err=True)
        click.echo(f"{loaded.slug}: {result.cards} cards on {result.pages} pages, "
                   f"{len(result.files)} files written in {out / loaded.slug}")
        for note in result.notes:
            click.echo(f"  {note}")
        for path in result.files:
            click.echo(f"  {path}")
