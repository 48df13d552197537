"""`cardgen showcase GAME`: one PNG of a few cards, fanned, in a row, in a grid or in a pile, for a shop page."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.cli.loading import DATA_ERROR, assets_option, load_or_exit


@click.command()
@click.argument("game")
@click.option("--deck", metavar="ID", help="The deck to show cards of (default: the game's first deck).")
@click.option("--cards", metavar="ID,ID,...",
              help="The cards to show, by id, in this order (default: the deck's first 5). Without --deck, each id "
                   "is looked up in every deck.")
@click.option("--style", type=click.Choice(["fan", "row", "grid", "pile"]), default="fan", show_default=True,
              help="fan: a hand of cards (up to 15); row: side by side, turned a little away, reflected on a "
                   "shiny table (up to 10); grid: a contact sheet (up to 100); pile: a loose stack, the first "
                   "card on top (up to 30).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE.png",
              help="The picture to write (default: output/<slug>/<slug>-showcase-<style>.png).")
@click.option("--dpi", type=float, default=150.0, show_default=True,
              help="Pixels per inch of card (36-600): 150 draws a poker card 375 px wide.")
@click.option("--background", default="white", show_default=True, metavar="COLOUR",
              help="The ground: a colour name, #rrggbb, or transparent.")
@click.option("--shadow/--no-shadow", default=True, show_default=True, help="A soft shadow under each card.")
@click.option("--tilt/--no-tilt", default=True, show_default=True,
              help="--style row: each card turned a little away, in perspective.")
@click.option("--radius", type=float, default=3.0, show_default=True, metavar="MM",
              help="The cards' rounded corners (0: square).")
@assets_option
def showcase(game: str, deck: str | None, cards: str | None, style: str, out: Path | None, dpi: float,
             background: str, shadow: bool, tilt: bool, radius: float, assets: tuple[Path, ...]) -> None:
    """Draw a few of GAME's cards as one PNG for a shop page, BoardGameGeek or a crowdfunding page.

    The cards' fronts are drawn as `cardgen build --png` draws them, trimmed, with rounded corners. The same
    command always writes the same bytes. Without options: a fan of the first deck's first 5 cards.
    """
    from cardgen.layout.spec import LayoutError  # Pillow and the layout engine load only for this command
    from cardgen.showcase.choose import ShowcaseError
    from cardgen.showcase.picture import ShowcaseOptions, make_showcase, write_whole

    if out is not None and out.suffix.lower() != ".png":
        click.echo(f"error: --out {str(out)!r}: a showcase is a PNG; name the file .png", err=True)
        raise SystemExit(DATA_ERROR)
    loaded = load_or_exit(game, assets)
    options = ShowcaseOptions(style=style, deck=deck, cards=cards, dpi=dpi, background=background, shadow=shadow,
                              tilt=tilt, radius=radius)
    try:
        data = make_showcase(loaded, options)
    except (ShowcaseError, LayoutError) as error:
        click.echo(f"error: {loaded.slug}: {error}", err=True)
        raise SystemExit(DATA_ERROR) from None
    target = out or Path("output") / loaded.slug / f"{loaded.slug}-showcase-{style}.png"
    try:
        write_whole(target, data)
    except OSError as error:
        click.echo(f"error: --out {str(target)!r}: cannot write it: {error.strerror or error}", err=True)
        raise SystemExit(DATA_ERROR) from None
    click.echo(f"{loaded.slug}: {target} ({style}, {dpi:g} dpi)")
