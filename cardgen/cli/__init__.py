"""The `cardgen` command line: a thin click group; each verb lives in its own module."""

from __future__ import annotations

import click

from cardgen import __version__
from cardgen.cli.build import build
from cardgen.cli.check import check
from cardgen.cli.games import games
from cardgen.cli.new import new
from cardgen.cli.preview import preview
from cardgen.cli.rulebook import rulebook


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardgen")
def main() -> None:
    """Print-and-play card games from CSV and TOML: check a game's data, build its decks.

    GAME is the slug of a bundled or installed game (see `cardgen games`) or the path of your own game folder.
    """


main.add_command(games)
main.add_command(build)
main.add_command(rulebook)
main.add_command(check)
main.add_command(new)
main.add_command(preview)
