"""`cardgen rulebook GAME`: renders the game's rulebook alone (PDF, HTML page, booklet)."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.cli.loading import DATA_ERROR, assets_option, load_or_exit
from cardgen.impose import paper as paper_named
from cardgen.build.staging import MANIFEST, Staging, Terminated, sha256, terminated_as_exception, with_files
from cardgen.rulebook import RulebookError, rulebook_names, rulebook_warnings, write_rulebook


@click.command()
@click.argument("game")
@assets_option
@click.option("--paper", default="a4", show_default=True, help="a4, letter, ... or WIDTHxHEIGHT in mm.")
@click.option("--booklet", is_flag=True, help="Also write a saddle-stitch booklet (pages padded to a multiple of 4).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"), show_default=True)
def rulebook(game: str, paper: str, booklet: bool, out: Path, assets: tuple[Path, ...]) -> None:
    """Render GAME's rulebook from templates/rulebooks/<slug>/rulebook.md.j2 and the game's data.

    Writes OUT/<slug>/<slug>-rulebook-PAPER.pdf and <slug>-rulebook.html (and
    <slug>-rulebook-booklet-PAPER.pdf), and adds them to the folder's manifest.json: they join the
    last build's files, and the next `cardgen build` into the folder replaces them like its own.
    """
    loaded = load_or_exit(game, assets)
    try:
        page = paper_named(paper)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--paper") from None
    try:
        with terminated_as_exception(), Staging(out / loaded.slug) as staging:
            pdf, html, booklet_pdf = rulebook_names(loaded.slug, page)
            pages = write_rulebook(loaded, page, staging.path(pdf), staging.path(html),
                                   staging.path(booklet_pdf) if booklet else None)
            staging.write_json(MANIFEST, with_files(staging.target, loaded.slug, {
                name: sha256(staging.folder / name) for name in staging.names}))
            files = staging.commit()
    except RulebookError as error:
        click.echo(f"error: {loaded.slug}: {error}", err=True)
        raise SystemExit(DATA_ERROR) from None
    except Terminated as stop:
        done = " after its files were written" if stop.committed else "; the unfinished files were removed"
        click.echo(f"error: {loaded.slug}: stopped by SIGTERM{done}", err=True)
        raise SystemExit(Terminated.status) from None
    for warning in rulebook_warnings(loaded):  # as a build lists its cards' warnings
        click.echo(f"warning: {loaded.slug}: {warning}", err=True)
    click.echo(f"{loaded.slug}: rulebook of {pages} pages")
    for path in files:
        click.echo(f"  {path}")
