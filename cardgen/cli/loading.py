"""Loads the game a command names, turning data problems into a clear report and exit status 2."""

from __future__ import annotations

import tomllib
from pathlib import Path
from collections.abc import Iterable

import click

from cardgen.gamedata import Game, GameDataError, game_folder, load_game
from cardgen.gamedata.errors import Problem
from cardgen.gamedata.loader import read_game
from cardgen.gamedata.manifest.variants import NO_SETTINGS, Settings

DATA_ERROR = 2

assets_option = click.option(
    "--assets", "assets", multiple=True, metavar="DIR",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="A folder of shared files (art kept beside several games) the game may use besides its own folder; "
         "an art name not found in art/ is looked up there. Repeat for several folders. Every other file "
         "outside the game folder is refused.")


variant_option = click.option(
    "--variant", "variants", multiple=True, metavar="NAME",
    help="Build the game as its [variants.NAME] in game.toml says (constants, icons, an art folder), into "
         "OUT/<slug>-NAME/ beside the game's own build. Repeat for several variants, or --variant all for every "
         "one. See docs/designers/variants.md.")
set_option = click.option(
    "--set", "values", multiple=True, metavar="NAME=VALUE",
    help="Replace a constant of game.toml's [constants] for this run (dotted for a key of a table: medals.gold=4), "
         "checked against the game's [schema]; after --variant. Repeat for several.")


def variant_names(name: str, asked: Iterable[str]) -> list[str]:
    """The variants `--variant` asks for (all of game.toml's for "all"); [""] (the game as it is) when none."""
    asked = list(dict.fromkeys(asked))
    if "all" not in asked:
        return asked or [""]
    try:
        with (game_folder(name) / "game.toml").open("rb") as file:
            table = tomllib.load(file).get("variants", {})
    except (LookupError, OSError, tomllib.TOMLDecodeError):
        return [""]  # loading the game says what is wrong with it
    if not isinstance(table, dict) or not table:
        raise click.UsageError(f"--variant all: {name} has no [variants.<name>] tables in its game.toml")
    return list(table)


def load_or_exit(name: str, assets: Iterable[Path] = (), settings: Settings = NO_SETTINGS) -> Game:
    """The game named on the command line (with the --assets folders it may use, as --variant and --set ask);
    on any problem, print them all and exit with status 2."""
    try:
        return load_game(game_folder(name), assets=assets, settings=settings)
    except LookupError as error:
        click.echo(f"error: {error}", err=True)
    except GameDataError as error:
        echo_problems(name, error.problems)
    raise SystemExit(DATA_ERROR)


def read_or_exit(name: str, assets: Iterable[Path] = (),
                 settings: Settings = NO_SETTINGS) -> tuple[Game | None, tuple[Problem, ...]]:
    """The game named on the command line as far as it could be read, and its data problems (none: it loaded
    whole), for `cardgen check` to look at what loaded too; exits with status 2 when there is no such game."""
    try:
        return read_game(game_folder(name), assets=assets, settings=settings)
    except LookupError as error:
        click.echo(f"error: {error}", err=True)
    except GameDataError as error:
        return None, error.problems
    raise SystemExit(DATA_ERROR)


def echo_problems(name: str, problems: Iterable[Problem]) -> None:
    """Prints the data problems as a command that cannot load the game does."""
    click.echo(f"error: {name}: {GameDataError(list(problems))}", err=True)
