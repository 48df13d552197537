"""`cardgen check GAME`: validates a game's data and layouts and prints its component list."""

from __future__ import annotations

import json
from pathlib import Path

import click

from cardgen.cli.loading import DATA_ERROR, assets_option, load_or_exit
from cardgen.layout.audit import audit


@click.command()
@click.argument("game")
@assets_option
@click.option("--json", "as_json", is_flag=True,
              help='Print {"game", "decks": {deck: {"cards", "distinct"}}, "tokens": {token: count}}.')
@click.option("--strict", is_flag=True,
              help="Every warning is an error: the exit status is 2 when there is any (for a print run or CI).")
@click.option("--verbose", "-v", is_flag=True,
              help="List every card a problem shows on, instead of the first card and how many more.")
def check(game: str, as_json: bool, assets: tuple[Path, ...], strict: bool, verbose: bool) -> None:
    """Validate GAME's game.toml, CSV files (or .xlsx/.ods sheets) and layouts and list its components.

    Every card's front and back is laid out as the build would, without writing anything: template
    errors, names no column has, missing art and markup that ate characters are reported at the
    layout's file:line with the card's CSV file:line. Warnings say what would print badly: text that
    does not fit, text, icons and badges inside the deck's safe zone (3 mm inside the trim unless the
    deck's safe_zone says otherwise), type under 6 pt, and columns no layout prints. A problem many
    cards share is one line naming the first card. Errors make the exit status 2 (warnings too, with
    --strict).
    """
    loaded = load_or_exit(game, assets)
    findings = audit(loaded, group=not verbose)
    if strict:
        findings = [finding.as_error() for finding in findings]
    for finding in findings:
        click.echo(str(finding), err=True)
    errors = sum(1 for finding in findings if finding.level == "error")
    if errors:
        why = " (--strict: warnings count as errors)" if strict else ""
        click.echo(f"error: {loaded.slug}: {errors} problem{'s' if errors != 1 else ''} in the layouts{why}", err=True)
        raise SystemExit(DATA_ERROR)
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
