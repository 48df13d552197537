"""`cardgen rulebook GAME`: renders the game's rulebook alone (PDF, HTML page, booklet)."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.cli.loading import DATA_ERROR, load_or_exit
from cardgen.impose import paper as paper_named
from cardgen.output import Staging, Terminated, terminated_as_exception
from cardgen.rulebook import RulebookError, write_rulebook


@click.command()
@click.argument("game")
@click.option("--paper", default="a4", show_default=True, help="a4, letter, ... or WIDTHxHEIGHT in mm.")
@click.option("--booklet", is_flag=True, help="Also write a saddle-stitch booklet (pages padded to a multiple of 4).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"), show_default=True)
def rulebook(game: str, paper: str, booklet: bool, out: Path) -> None:
    """Render GAME's rulebook from templates/rulebooks/<slug>/rulebook.md.j2 and the game's data.

    Writes OUT/<slug>/<slug>-rulebook.pdf and <slug>-rulebook.html (and <slug>-rulebook-booklet.pdf).
    """
    loaded = load_or_exit(game)
    try:
        page = paper_named(paper)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--paper") from None
    try:
        with terminated_as_exception(), Staging(out / loaded.slug) as staging:
            pages = write_rulebook(loaded, page, staging.path(f"{loaded.slug}-rulebook.pdf"),
                                   staging.path(f"{loaded.slug}-rulebook.html"),
                                   staging.path(f"{loaded.slug}-rulebook-booklet.pdf") if booklet else None)
            files = staging.commit()
    except RulebookError as error:
        click.echo(f"error: {loaded.slug}: {error}", err=True)
        raise SystemExit(DATA_ERROR) from None
    except Terminated:
        click.echo(f"error: {loaded.slug}: stopped by SIGTERM; the unfinished files were removed", err=True)
        raise SystemExit(Terminated.status) from None
    click.echo(f"{loaded.slug}: rulebook of {pages} pages")
    for path in files:
        click.echo(f"  {path}")
