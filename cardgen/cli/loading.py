"""Loads the game a command names, turning data problems into a clear report and exit status 2."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

import click

from cardgen.gamedata import Game, GameDataError, game_folder, load_game

DATA_ERROR = 2

assets_option = click.option(
    "--assets", "assets", multiple=True, metavar="DIR",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="A folder of shared files (art kept beside several games) the game may use besides its own folder; "
         "an art name not found in art/ is looked up there. Repeat for several folders. Every other file "
         "outside the game folder is refused.")


def load_or_exit(name: str, assets: Iterable[Path] = ()) -> Game:
    """The game named on the command line (with the --assets folders it may use); on any problem, print them
    all and exit with status 2."""
    try:
        return load_game(game_folder(name), assets=assets)
    except LookupError as error:
        click.echo(f"error: {error}", err=True)
    except GameDataError as error:
        click.echo(f"error: {name}: {error}", err=True)
    raise SystemExit(DATA_ERROR)
