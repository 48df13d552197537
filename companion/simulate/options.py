"""The arguments of `companion simulate`: the command line takes them, and `--verify` reads each recorded command
line back with the very same parser."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from collections.abc import Callable

import click

OPTIONS = (
    click.argument("game"),
    click.option("--games", default=100, show_default=True, type=int, help="How many games to play."),
    click.option("--players", default=2, show_default=True, type=int, help="Seats at the table, every one a bot."),
    click.option("--bots", multiple=True, default=("1",), show_default=True,
                 help="Bot levels: one for every seat or one per seat (--bots 1,2 or --bots 1 --bots 2)."),
    click.option("--seed", default=1, show_default=True, type=int, help="The same seed gives the same report."),
    click.option("--option", "options", multiple=True, help="A setup option of the game, name=value (vp_to_win=12)."),
    click.option("--seconds-per-turn", type=float, help="Estimate game minutes from turns at this pace."),
    click.option("--out", default="output", show_default=True, type=click.Path(path_type=Path),
                 help="Folder for the chart (written to OUT/GAME/simulation-*.svg)."),
    click.option("--record", "record_as", metavar="NAME",
                 help="Also write the figures to the game's lab/NAME.json, where its rulebook reads them (lab.NAME)."),
    click.option("--verify", is_flag=True,
                 help="Play every recorded command of the game again (lab/*.json) and fail if a figure drifted."),
)


def simulate_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Gives a command function the arguments of `companion simulate`, in the order its --help lists them."""
    for option in reversed(OPTIONS):
        command = option(command)
    return command


def parse(words: list[str]) -> dict[str, Any]:
    """The arguments of `companion simulate` (the words after it), as the command line reads them."""
    parser = click.command("simulate")(simulate_options(lambda **_: None))
    return parser.make_context("simulate", words).params
