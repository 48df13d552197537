"""`cardgen games`: lists the registered games, the bundled ones and those installed packages bring."""

from __future__ import annotations

import json
from typing import Any

import click

from cardgen.gamedata import GameDataError, load_game
from cardgen.gamedata.registry import problems, registered


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
def games(as_json: bool) -> None:
    """List the games you can name by their slug: the bundled games and those an installed package adds.

    Shows each game's slug, title, players, number of cards and the package it comes from. A game that cannot be
    loaded (a broken package, a slug two packages register, a data folder missing or with problems) is left out of
    the list and said on stderr, one sentence each; the others are listed all the same.
    """
    left_out = problems()
    rows: list[dict[str, Any]] = []
    for slug, entry in registered().items():
        try:
            game = load_game(entry.registration.data)
        except GameDataError as error:
            left_out[slug] = f"the data folder of {slug} ({entry.source}) cannot be loaded: {error}"
            continue
        if game.slug != slug:
            left_out[slug] = (f"{entry.source} registers the game {slug!r}, but its data folder "
                              f"{entry.registration.data} says slug = {game.slug!r} in game.toml; the two must agree")
            continue
        low, high = game.players
        rows.append({
            "slug": slug, "title": game.title,
            "players": f"{low}" if low == high else f"{low}-{high}",
            "cards": sum(deck.total for deck in game.decks),
            "package": entry.distribution.split(" ", 1)[0],
        })
    for slug, sentence in sorted(left_out.items()):
        click.echo(f"warning: {slug} is left out: {sentence}", err=True)
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    width = max([4] + [len(r["slug"]) for r in rows])
    title_width = max([5] + [len(r["title"]) for r in rows])
    click.echo(f"{'slug':<{width}}  {'title':<{title_width}}  players  cards  package")
    for r in rows:
        click.echo(f"{r['slug']:<{width}}  {r['title']:<{title_width}}  {r['players']:>7}  {r['cards']:>5}  "
                   f"{r['package']}")
