"""`cardgen build --changed-since PATH`: the option, the options it does not go with, and what it reports."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from cardgen.reprint.listing import summary

if TYPE_CHECKING:  # the reprint itself (and the renderers) load only when --changed-since is used
    from cardgen.reprint.run import ReprintResult

changed_since_option = click.option(
    "--changed-since", type=click.Path(path_type=Path), default=None, metavar="PATH",
    help="Reprint only what changed: compare every card with the build you printed (its manifest.json, or the "
         "folder holding it) and write only sheets of the cards that now print differently, new cards and extra "
         "copies, each with its back, duplexed like the deck, decks of one card size sharing sheets. They go into "
         "OUT/<slug>/reprint/ with reprint.txt and reprint.csv (what to print and which cards to take out, by deck "
         "and name); the full build's files are not touched. Cards are compared by what they print, not by file "
         "dates. With nothing changed nothing is written. See docs/designers/reprint.md.")

NOT_WITH = ("tokens", "single", "png", "tts", "all_formats", "booklet", "preset")


def check_changed_since(since: Path | None, given: dict) -> None:
    """UsageError for an option that writes files a reprint does not write."""
    if since is None:
        return
    for name in NOT_WITH:
        if given.get(name):
            raise click.UsageError(f"--changed-since writes only the reprint sheets and their list: leave out "
                                   f"--{name.replace('_', '-')} (build without --changed-since for those files)")


def echo_reprint(slug: str, result: ReprintResult) -> None:
    """The reprint's summary, the list of cards, notes and files written."""
    for warning in result.warnings:
        click.echo(f"warning: {slug}: {warning}", err=True)
    if not result.changes:
        click.echo(f"{slug}: {result.notes[-1]}")
        for note in result.notes[:-1]:
            click.echo(f"  {note}")
        return
    click.echo(f"{slug}: {summary(result.changes)}; {result.pages} page{'s' if result.pages != 1 else ''} to print, "
               f"{len(result.files)} files written in {result.target}")
    for note in result.notes:
        click.echo(f"  {note}")
    for line in result.listing[1:]:
        click.echo(f"  {line}" if line else "")
    click.echo("")
    for path in result.files:
        click.echo(f"  {path}")
