"""`cardgen check GAME`: validates a game's data and prints its component list."""

from __future__ import annotations

import json

import click

from cardgen.cli.loading import load_or_exit


@click.command()
@click.argument("game")
@click.option("--json", "as_json", is_flag=True,
              help='Print {"game", "decks": {deck: {"cards", "distinct"}}, "tokens": {token: count}}.')
def check(game: str, as_json: bool) -> None:
    """Validate GAME's game.toml and CSV files and list its components.

    Every problem is reported with its file, line and column; the exit status is 2 when there is
    any. Nothing is written.
    """
    loaded = load_or_exit(game)
    components = loaded.components()
    if as_json:
        click.echo(json.dumps(components, indent=2))
        return
    low, high = loaded.players
    players = f"{low}" if low == high else f"{low}-{high}"
    click.echo(f"{loaded.title} ({loaded.slug}): {players} players, data OK")
    width = max([len(d.title) for d in loaded.decks] + [len(t.title) for t in loaded.tokens] + [5])
    click.echo("\nDecks")
    for deck in loaded.decks:
        size = f"{deck.size.width:g} x {deck.size.height:g} mm"
        noun = "card " if deck.total == 1 else "cards"
        click.echo(f"  {deck.title:<{width}}  {deck.total:>4} {noun}  ({deck.distinct} distinct, {size})")
    click.echo(f"  {'total':<{width}}  {sum(d.total for d in loaded.decks):>4} cards")
    if loaded.tokens:
        click.echo("\nTokens")
        for token in loaded.tokens:
            sides = "double-sided" if token.back is not None else "single-sided"
            click.echo(f"  {token.title:<{width}}  {token.count:>4}  ({token.shape}, {sides})")
