"""`cardgen build`: renders print-ready files for one bundled game, a game folder, or all of them."""

from __future__ import annotations

import contextlib

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any
from collections.abc import Callable

import click

from cardgen.build.options import BuildError, BuildOptions
from cardgen.cli.card_limit import MAX_CARDS, max_cards_option, over_limit
from cardgen.cli.changed_since import changed_since_option, check_changed_since, echo_reprint
from cardgen.cli.loading import DATA_ERROR, assets_option, load_or_exit, set_option, variant_names, variant_option
from cardgen.gamedata import Game, bundled_slugs
from cardgen.gamedata.manifest.variants import NO_SETTINGS, Settings

if TYPE_CHECKING:
    from cardgen.build.games_at_once import Outcome
from cardgen.impose.duplex import DUPLEX
from cardgen.impose.sheet import MARGIN, STYLES
from cardgen.build.staging import Terminated, terminated_as_exception
from cardgen.export.presets import COPIES_IN_NAME


def _base_url(ctx, param, value: str | None) -> str | None:
    if value is None:
        return None
    from cardgen.export.tts import check_base_url  # Pillow and the exporters load only when a build needs them
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
@variant_option
@set_option
@click.option("--all", "all_games", is_flag=True,
              help="Build every bundled game, several at once on a machine with more than one core (the files are "
                   "the same as building each game on its own). A game that cannot be built is reported and the "
                   "others are still built; the exit status is then 2.")
@click.option("--paper", default="a4", show_default=True, help="a4, letter, a3, legal, tabloid, or WIDTHxHEIGHT in mm.")
@click.option("--board-paper", default=None, metavar="PAPER",
              help="The paper boards, mats and aids are printed on (default: --paper): a board larger than it is "
                   "tiled over several sheets to glue, with alignment marks and a map on each; a3 or tabloid prints "
                   "most boards whole. See docs/designers/boards.md.")
@click.option("--board-shop", default=None, metavar="SIZE",
              help="Also write each board at a print shop's board size with its bleed, one side per page "
                   "(sizes in templates/print/boards.toml, such as tgc-bi-fold-board).")
@click.option("--card-size", default=None,
              help="Print every deck at this size: poker, bridge, tarot, mini, mini-euro, skat, business, square, "
                   "or WIDTHxHEIGHT in mm. Default: each deck's own size from game.toml. The layouts are scaled to "
                   "it, box by box, and their text fitted again (with a warning when the shape differs from the "
                   "deck's: give the deck card_size in game.toml and layouts of that size for a real layout); a "
                   "portrait deck is not printed on a landscape card or the other way round.")
@click.option("--bleed", type=float, default=3.0, show_default=True, help="Bleed around each card and token in mm (0 allowed). The page is turned to landscape "
                   "where only that keeps it and the crop marks inside --margin (4 x 2 poker cards on Letter); where "
                   "neither way does, it gives way to --margin and the build says so.")
@click.option("--sheet", type=click.Choice(STYLES), default="butted", show_default=True,
              help="butted: cards share cut lines (most per page that keep the bleed); gutter: each card with its own bleed and a gap; "
                   "fold: each front beside its back with a fold line between (fold, glue, cut: no duplex needed, "
                   "--duplex and --back-offset do not apply).")
@click.option("--margin", type=float, default=MARGIN, show_default=True,
              help="Printable margin in mm: no crop mark or text closer to the paper's edge (raise it for printers "
                   "with a wider unprintable edge). Where the cards leave less room in both orientations, their bleed "
                   "gives way first, then the marks shorten, then a row or column goes (every cut line keeps its "
                   "marks); the build says so.")
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
@click.option("--copies-in-names", is_flag=False, flag_value=COPIES_IN_NAME, default=None, metavar="[=FORMAT]",
              help="Write each PNG's copies into its file name, for shops and ordering tools that read them there: "
                   "png/heroes/h-1_x2.png, 1 copy as _x1. Alone it means --copies-in-names='{stem}_x{copies}'; "
                   "give your own format with --copies-in-names='{stem} x{copies}' ({stem}: the card's id, or "
                   "<deck>-back). png/order.csv lists the same names. Needs --png, --preset or --all-formats.")
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
@max_cards_option
def build(game: str | None, all_games: bool, paper: str, board_paper: str | None, board_shop: str | None,
          card_size: str | None, bleed: float, sheet: str,
          margin: float, duplex: str, flip: str, back_offset: tuple[float, float], out: Path, tokens: bool,
          single: bool, booklet: bool, no_rulebook: bool, png: bool, preset: str | None,
          copies_in_names: str | None, dpi: float, art_dpi: float,
          tts: bool, tts_base_url: str | None, pack_decks: bool, cmyk: bool, all_formats: bool, assets: tuple[Path, ...], strict: bool,
          changed_since: Path | None, max_cards: int = MAX_CARDS, variants: tuple[str, ...] = (),
          values: tuple[str, ...] = ()) -> None:
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
    if all_games and (variants or values):
        raise click.UsageError("--variant and --set are one game's: name the GAME instead of --all")
    if tts_base_url and not (tts or all_formats):
        raise click.UsageError("--tts-base-url applies to the Tabletop Simulator export: add --tts (or --all-formats)")
    if copies_in_names and not (png or preset or all_formats):
        raise click.UsageError("--copies-in-names names the PNG files: add --png, --preset or --all-formats")
    check_changed_since(changed_since, {"tokens": tokens, "single": single, "png": png, "tts": tts, "booklet": booklet,
                                        "all_formats": all_formats, "preset": preset})
    options = BuildOptions(paper=paper, card_size=card_size, bleed=bleed, sheet=sheet, margin=margin, duplex=duplex,
                           flip=flip, back_offset=back_offset, out=out, tokens=tokens or all_formats,
                           single=single or all_formats, rulebook=not no_rulebook,
                           booklet=booklet or all_formats, png=png or all_formats, preset=preset, dpi=dpi,
                           copies_in_names=copies_in_names, art_dpi=art_dpi, tts=tts or all_formats, tts_base_url=tts_base_url,
                           pack_decks=pack_decks, cmyk=cmyk, strict=strict, board_paper=board_paper,
                           board_shop=board_shop)
    names = [(name, NO_SETTINGS) for name in bundled_slugs()] if all_games or game is None else \
        [(game, Settings(variant, values)) for variant in variant_names(game, variants)]  # one of the two, checked above
    if len(names) > 1 and _can_run_at_once(len(names)):
        status = _at_once(names, assets, options, changed_since, max_cards)
    else:
        status = _in_turn(names, assets, options, changed_since, all_games, max_cards)
    if status:
        raise SystemExit(status)


def _can_run_at_once(games: int) -> bool:
    from cardgen.build.games_at_once import can_run_at_once  # multiprocessing only for several games

    return can_run_at_once(games)


def _make(loaded: Game, options: BuildOptions, since: Path | None, progress: Callable[[int], None],
          max_cards: int = MAX_CARDS) -> Any:
    too_many = over_limit(loaded, max_cards)  # before anything is drawn or written
    if too_many:
        raise BuildError(too_many)
    if since:
        from cardgen.reprint.run import reprint
        return reprint(loaded, options, since, progress=progress)
    from cardgen.build.run import build  # the renderers load when a game is built, not for --help
    return build(loaded, options, progress=progress)


def _bar(loaded: Game) -> Any:
    """A progress bar on a terminal; elsewhere (a log, a pipe, CI) nothing, not a stray line of the game's slug."""
    if not sys.stderr.isatty():
        return contextlib.nullcontext(_Quiet())
    total = sum(deck.distinct for deck in loaded.decks)
    return click.progressbar(length=total, label=f"{loaded.build_name:<22}", file=sys.stderr, show_pos=True)


class _Quiet:
    """Stands in for the progress bar where nobody watches it."""

    def update(self, steps: int) -> None:
        pass


def _in_turn(names: list[tuple[str, Settings]], assets: tuple[Path, ...], options: BuildOptions, since: Path | None,
             all_games: bool, max_cards: int = MAX_CARDS) -> int:
    """Builds the games (or one game's variants) one after another; the exit status (0, or 2 when one could not
    be built)."""
    status = 0
    for name, settings in names:
        loaded = _load(name, assets, settings) if all_games or len(names) > 1 else load_or_exit(name, assets, settings)
        if loaded is None:
            status = DATA_ERROR
            continue
        try:
            with terminated_as_exception(), _bar(loaded) as bar:
                result = _make(loaded, options, since, bar.update, max_cards)
        except BuildError as error:
            click.echo(f"error: {loaded.build_name}: {error}", err=True)
            status = DATA_ERROR
            continue
        except Terminated as stop:
            _echo_stopped(loaded.build_name, stop.committed)
            raise SystemExit(Terminated.status) from None
        _echo_result(loaded.build_name, result, options.out, since)
    return status


def _at_once(names: list[tuple[str, Settings]], assets: tuple[Path, ...], options: BuildOptions, since: Path | None,
             max_cards: int = MAX_CARDS) -> int:
    """Builds the games side by side (cardgen.build.games_at_once), reporting each in the order of `names` as soon as
    it and those before it are done; the exit status as `_in_turn`'s, 143 after SIGTERM."""
    from cardgen.build.games_at_once import GamesAtOnce

    loaded = [_load(name, assets, settings) for name, settings in names]
    status = DATA_ERROR if None in loaded else 0
    games = [game for game in loaded if game is not None]
    running = GamesAtOnce(lambda index, progress: _make(games[index], options, since, progress, max_cards),
                          [sum(deck.distinct for deck in game.decks) for game in games],  # cards to draw
                          errors=(BuildError,))
    reported = 0
    try:
        with terminated_as_exception(), running:
            for index, game in enumerate(games):
                with _bar(game) as bar:
                    outcome = running.wait(index, bar.update)
                reported = index + 1
                status = max(status, _echo_outcome(game.build_name, outcome, options.out, since))
    except Terminated:  # every game still running was stopped and has answered: say how each ended
        for index in range(reported, len(games)):
            if index in running.outcomes:
                _echo_outcome(games[index].build_name, running.outcomes[index], options.out, since)
            else:
                click.echo(f"\nerror: {games[index].build_name}: not built: stopped by SIGTERM before its turn", err=True)
        raise SystemExit(Terminated.status) from None
    return status


def _load(name: str, assets: tuple[Path, ...], settings: Settings) -> Game | None:
    """The game, or None when it cannot be loaded (its problems are printed)."""
    try:
        return load_or_exit(name, assets, settings)
    except SystemExit:
        return None


def _echo_outcome(slug: str, outcome: Outcome, out: Path, since: Path | None) -> int:
    """Prints how a game built in its own process ended; the exit status it asks for."""
    if outcome.kind == "done":
        _echo_result(slug, outcome.value, out, since)
        return 0
    if outcome.kind == "error":
        click.echo(f"error: {slug}: {outcome.value}", err=True)
        return DATA_ERROR
    if outcome.kind == "stopped":
        _echo_stopped(slug, outcome.value)
        return Terminated.status
    click.echo(f"error: {slug}: the build failed unexpectedly (a bug in cardgen; please report it):\n"
               f"{outcome.value}", err=True)
    return 1


def _echo_stopped(slug: str, committed: bool) -> None:
    done = " after its files were written" if committed else "; the build's unfinished files were removed"
    click.echo(f"\nerror: {slug}: stopped by SIGTERM{done}", err=True)


def _echo_result(slug: str, result: Any, out: Path, since: Path | None) -> None:
    if since:
        echo_reprint(slug, result)
        return
    for warning in result.warnings:
        click.echo(f"warning: {slug}: {warning}", err=True)
    if result.unchanged:
        click.echo(f"{slug}: {result.cards} cards on {result.pages} pages, nothing changed since the last "
                   f"build: its {result.kept} files in {out / slug} are up to date")
        return
    kept = f" ({result.kept} unchanged, kept)" if result.kept else ""
    click.echo(f"{slug}: {result.cards} cards on {result.pages} pages, "
               f"{len(result.files)} files written{kept} in {out / slug}")
    for note in result.notes:
        click.echo(f"  {note}")
    for path in result.files:
        click.echo(f"  {path}")
