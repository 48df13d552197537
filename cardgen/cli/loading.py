"""Loads the game a command names, turning data problems into a clear report and exit status 2."""

from __future__ import annotations

from pathlib import Path
from collections.abc import Iterable

import click

from cardgen.gamedata import Game, GameDataError, game_folder, load_game
from cardgen.gamedata.errors import Problem
from cardgen.gamedata.loader import read_game

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
        echo_problems(name, error.problems)
    raise SystemExit(DATA_ERROR)


def read_or_exit(name: str, assets: Iterable[Path] = ()) -> tuple[Game | None, tuple[Problem, ...]]:
    """The game named on the command line as far as it could be read, and its data problems (none: it loaded
    whole), for `cardgen check` to look at what loaded too; exits with status 2 when there is no such game."""
    try:
        return read_game(game_folder(name), assets=assets)
    except LookupError as error:
        click.echo(f"error: {error}", err=True)
    except GameDataError as error:
        return None, error.problems
    raise SystemExit(DATA_ERROR)


def echo_problems(name: str, problems: Iterable[Problem]) -> None:
    """Prints the data problems as a command that cannot load the game does."""
    click.echo(f"error: {name}: {GameDataError(list(problems))}", err=True)
