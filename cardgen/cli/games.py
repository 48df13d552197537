"""`cardgen games`: lists the registered games, the bundled ones and those installed packages bring."""

from __future__ import annotations

import json
from typing import Any

import click

from cardgen.cli.loading import DATA_ERROR, load_or_exit
from cardgen.gamedata.registry import RegistryError, registered


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
def games(as_json: bool) -> None:
    """List the games you can name by their slug: the bundled games and those an installed package adds.

    Shows each game's slug, title, players, number of cards and the package it comes from.
    """
    try:
        found = registered()
    except RegistryError as error:
        click.echo(f"error: {error}", err=True)
        raise SystemExit(DATA_ERROR) from None
    rows: list[dict[str, Any]] = []
    for slug, entry in found.items():
        game = load_or_exit(slug)
        low, high = game.players
        rows.append({
            "slug": slug, "title": game.title,
            "players": f"{low}" if low == high else f"{low}-{high}",
            "cards": sum(deck.total for deck in game.decks),
            "package": entry.distribution.split(" ", 1)[0],
        })
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    width = max([4] + [len(r["slug"]) for r in rows])
    title_width = max([5] + [len(r["title"]) for r in rows])
    click.echo(f"{'slug':<{width}}  {'title':<{title_width}}  players  cards  package")
    for r in rows:
        click.echo(f"{r['slug']:<{width}}  {r['title']:<{title_width}}  {r['players']:>7}  {r['cards']:>5}  "
                   f"{r['package']}")
