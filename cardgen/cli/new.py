"""`cardgen new DIR [--from SLUG] [--title TITLE]`: starts a game folder that checks and builds at once."""

from __future__ import annotations

import shlex
from pathlib import Path

import click

from cardgen.cli.loading import DATA_ERROR
from cardgen.gamedata.new_game import NewGameError, new_game
from cardgen.build.staging import Terminated, terminated_as_exception


@click.command()
@click.argument("directory", metavar="DIR", type=click.Path(path_type=Path))
@click.option("--from", "source", metavar="SLUG",
              help="Start from a copy of this bundled game (see `cardgen games`): its cards, layouts, rulebook, "
                   "flowcharts, art and lab records. The copy is played in the companion with that game's rules, "
                   "and its constants are checked against what those rules read.")
@click.option("--title", help="The game's title. Default: made from DIR's name for a blank game; a copy keeps the "
                              "bundled game's title.")
def new(directory: Path, source: str | None, title: str | None) -> None:
    """Make DIR a new game folder that `cardgen check DIR` and `cardgen build DIR` accept at once.

    Without --from, a blank game: game.toml with a title, rule constants and a score sheet for the
    companion's tracker page; one deck (cards.csv, two example cards with a count column); its card
    face and back in DIR/layouts/; a rulebook (rulebook.md.j2). With --from SLUG, a copy of that bundled
    game with everything it needs inside DIR.

    The game's slug is DIR's name made lower-case letters, digits and _ ("Dragon Dice" becomes
    dragon_dice). DIR must not exist yet, or be an empty folder; nothing is left behind if the game
    cannot be made.
    """
    try:
        with terminated_as_exception():
            made = new_game(directory, source, title)
    except (NewGameError, LookupError) as error:  # LookupError: an installed game's registration is broken
        click.echo(f"error: {error}", err=True)
        raise SystemExit(DATA_ERROR) from None
    except OSError as error:
        click.echo(f"error: could not make {directory}: {error.strerror or error}"
                   + (f" ({error.filename})" if error.filename else ""), err=True)
        raise SystemExit(DATA_ERROR) from None
    except Terminated:
        click.echo(f"error: stopped by SIGTERM; {directory} was not made", err=True)
        raise SystemExit(Terminated.status) from None
    what = f"a copy of {source}, played with its rules" if source else "a blank game"
    named = shlex.quote(str(directory))
    click.echo(f"{made}: {what}. Next: cardgen check {named}, then cardgen build {named}")
