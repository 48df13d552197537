"""`cardgen games`: lists the bundled games."""

from __future__ import annotations

import json
from typing import Any

import click

from cardgen.cli.loading import load_or_exit
from cardgen.gamedata import bundled_slugs


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
def games(as_json: bool) -> None:
    """List the bundled games: slug, title, players and number of cards."""
    rows: list[dict[str, Any]] = []
    for slug in bundled_slugs():
        game = load_or_exit(slug)
        low, high = game.players
        rows.append({
            "slug": slug, "title": game.title,
            "players": f"{low}" if low == high else f"{low}-{high}",
            "cards": sum(deck.total for deck in game.decks),
        })
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    width = max(len(r["slug"]) for r in rows) if rows else 4
    title_width = max(len(r["title"]) for r in rows) if rows else 5
    click.echo(f"{'slug':<{width}}  {'title':<{title_width}}  players  cards")
    for r in rows:
        click.echo(f"{r['slug']:<{width}}  {r['title']:<{title_width}}  {r['players']:>7}  {r['cards']:>5}")
