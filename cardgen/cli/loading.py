"""Loads the game a command names, turning data problems into a clear report and exit status 2."""

from __future__ import annotations

import click

from cardgen.gamedata import Game, GameDataError, game_folder, load_game

DATA_ERROR = 2


def load_or_exit(name: str) -> Game:
    """The game named on the command line; on any problem, print them all and exit with status 2."""
    try:
        return load_game(game_folder(name))
    except LookupError as error:
        click.echo(f"error: {error}", err=True)
    except GameDataError as error:
        click.echo(f"error: {name}: {error}", err=True)
    raise SystemExit(DATA_ERROR)
