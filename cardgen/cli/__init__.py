"""The `cardgen` command line: a thin click group; each verb lives in its own module, imported when it runs."""

from __future__ import annotations

import click

from cardgen import __version__
from cardgen.cli.lazy_group import LazyGroup

COMMANDS = {  # name -> the module and attribute of its click command (`cardgen --help` lists them by name)
    "games": "cardgen.cli.games:games",
    "build": "cardgen.cli.build:build",
    "rulebook": "cardgen.cli.rulebook:rulebook",
    "check": "cardgen.cli.check:check",
    "new": "cardgen.cli.new:new",
    "preview": "cardgen.cli.preview:preview",
    "showcase": "cardgen.cli.showcase:showcase",
}


@click.group(cls=LazyGroup, lazy=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardgen")
def main() -> None:
    """Print-and-play card games from CSV and TOML: check a game's data, build its decks.

    GAME is the slug of a bundled or installed game (see `cardgen games`) or the path of your own game folder.
    """
