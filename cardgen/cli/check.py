"""`cardgen check GAME`: validates a game's data and layouts and prints its component list."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import click

from cardgen.cli.card_limit import MAX_CARDS, max_cards_option, over_limit
from cardgen.cli.loading import DATA_ERROR, assets_option, echo_problems, read_or_exit, set_option
from cardgen.gamedata.manifest.variants import Settings
from cardgen.gamedata import Game
from cardgen.export.spreadsheet_cells import formula_warnings
from cardgen.gamedata.errors import Problem
from cardgen.gamedata.sound import sound_decks
from cardgen.impose import paper
from cardgen.layout.audit import Finding, audit, split_place
from cardgen.layout.spec import LayoutError
from cardgen.rulebook import RulebookError, check_rulebook, has_rulebook, rulebook_warnings


@click.command()
@click.argument("game")
@assets_option
@click.option("--variant", default="", metavar="NAME",
              help="Check the game as its [variants.NAME] in game.toml says (see cardgen build --variant).")
@set_option
@click.option("--json", "as_json", is_flag=True,
              help='Print {"game", "decks": {deck: {"cards", "distinct"}}, "tokens": {token: count}} (and "boards" when it has any).')
@click.option("--strict", is_flag=True,
              help="Every warning is an error: the exit status is 2 when there is any (for a print run or CI).")
@click.option("--verbose", "-v", is_flag=True,
              help="List every card a problem shows on, instead of the first card and how many more.")
@max_cards_option
def check(game: str, as_json: bool, assets: tuple[Path, ...], strict: bool, verbose: bool,
          max_cards: int = MAX_CARDS, variant: str = "", values: tuple[str, ...] = ()) -> None:
    """Validate GAME's game.toml, CSV files (or .xlsx/.ods sheets) and layouts and list its components.

    Every card's front and back is laid out as the build would, and the rulebook rendered, without
    writing anything: template errors, names no column has, missing art and markup that ate characters
    are reported at the layout's file:line with the card's CSV file:line, every one of them in one run;
    a rulebook that cannot be rendered at its template's file:line. Warnings say what would print badly:
    text that does not fit, text, icons and badges inside the deck's safe zone (3 mm inside the trim
    unless the deck's safe_zone says otherwise) or wholly off the card, type under 6 pt, and columns no
    layout prints. A problem many cards share is one line naming the first card. Errors make the exit
    status 2 (warnings too, with --strict).

    Every problem comes in one run: when the data has errors, they are listed first, then the layout
    problems of the decks whose data has none (a deck with a data error is laid out once it is fixed).
    """
    loaded, problems = read_or_exit(game, assets, Settings(variant, values))
    if problems:
        _data_problems(game, loaded, problems, strict, verbose)
    assert loaded is not None
    _too_many_cards(loaded, max_cards)
    errors = _layout_problems(loaded, strict, verbose) + _board_problems(loaded, strict)
    rulebook = _rulebook_problem(loaded, errors > 0, strict)
    cells = _formula_cells(loaded, strict)
    if errors or rulebook or cells:
        why = " (--strict: warnings count as errors)" if strict and errors else ""
        where = [f"{_count(errors)} in the layouts{why}"] * bool(errors) + [f"{_count(1)} in the rulebook"] * rulebook
        where += [f"{_count(cells)} in the card data"] * bool(cells)
        click.echo(f"error: {loaded.slug}: {' and '.join(where)}", err=True)
        raise SystemExit(DATA_ERROR)
    components = loaded.components()
    if as_json:
        click.echo(json.dumps(components, indent=2))
        return
    low, high = loaded.players
    players = f"{low}" if low == high else f"{low}-{high}"
    click.echo(f"{loaded.title} ({loaded.slug}): {players} players, data OK")
    width = max([len(d.title) for d in loaded.decks] + [len(t.title) for t in loaded.tokens]
                + [len(b.title) for b in loaded.boards] + [5])
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
    if loaded.boards:
        click.echo("\nBoards, mats and aids")
        for board in loaded.boards:
            sides = "double-sided" if board.back else "one side"
            click.echo(f"  {board.title:<{width}}  {board.count:>4}  ({board.kind}, {board.width:g} x "
                       f"{board.height:g} mm, {sides})")


def _too_many_cards(game: Game, max_cards: int) -> None:
    """Exits with status 2, before laying out a card, when the game has more cards than a build makes."""
    too_many = over_limit(game, max_cards)
    if too_many:
        click.echo(f"error: {game.slug}: {too_many.replace('; nothing was written', ': cardgen build refuses it')}",
                   err=True)
        raise SystemExit(DATA_ERROR)


def _formula_cells(game: Game, strict: bool) -> int:
    """Prints each card cell a CSV cardgen writes would hold neutralised (a spreadsheet would run it as a formula);
    how many count as errors (all of them with --strict, else none)."""
    warnings = formula_warnings(game)
    for warning in warnings:
        click.echo(warning.replace(": warning: ", ": error: ", 1) if strict else warning, err=True)
    return len(warnings) if strict else 0


def _rulebook_problem(game: Game, layouts_failed: bool, strict: bool = False) -> bool:
    """Renders the game's rulebook as a build does (on A4), writing nothing; prints its error at the template's
    file:line and says whether there was one. A layout error in its card gallery was said with the layouts'.
    Its warnings (characters the font has no glyph for) follow; with --strict they are the problem."""
    if not has_rulebook(game):
        return False
    try:
        check_rulebook(game, paper("a4"))
    except (RulebookError, LayoutError, ValueError) as error:
        if isinstance(error, LayoutError) and layouts_failed:
            return False
        place, message = split_place(str(error))
        click.echo(f"{place}: error: rulebook: {message}" if place else f"error: rulebook: {message}", err=True)
        return True
    warnings = rulebook_warnings(game)
    for warning in warnings:
        place, message = split_place(warning)
        level = "error" if strict else "warning"
        click.echo(f"{place}: {level}: rulebook: {message}" if place else f"{level}: rulebook: {message}", err=True)
    return strict and bool(warnings)


def _board_problems(game: Game, strict: bool) -> int:
    """Lays out every side of every board as a build does (writing nothing) and prints what is wrong at its
    layout's file and table; how many problems there were (warnings too with --strict)."""
    from cardgen.layout.compose import Composer
    from cardgen.layout.spec import each_error

    composer, count = Composer(game, 3.0), 0
    for board in game.boards:
        for side in ("front", "back") if board.back else ("front",):
            try:
                warnings = composer.board(board, side).warnings
            except LayoutError as error:
                for problem in each_error(error):
                    click.echo(f"error: board {board.id!r} ({side}): {problem}", err=True)
                    count += 1
                continue
            for warning in warnings:
                click.echo(f"{'error' if strict else 'warning'}: board {board.id!r} ({side}): {warning}", err=True)
            count += len(warnings) if strict else 0
    return count


def _layout_problems(game: Game, strict: bool, verbose: bool) -> int:
    """Prints the layout findings of the game's decks; how many are errors (warnings too with --strict)."""
    findings: list[Finding] = audit(game, group=not verbose)
    if strict:
        findings = [finding.as_error() for finding in findings]
    for finding in findings:
        click.echo(str(finding), err=True)
    return sum(1 for finding in findings if finding.level == "error")


def _data_problems(name: str, game: Game | None, problems: tuple[Problem, ...], strict: bool, verbose: bool) -> None:
    """Prints the data problems, then the layout problems of the decks none of them is about; exits with status 2."""
    echo_problems(name, problems)
    if game is None:  # no game.toml to read: nothing to lay out
        raise SystemExit(DATA_ERROR)
    sound, everywhere = sound_decks(game, problems)
    if not sound:
        why = ("game.toml has a problem outside the decks' own tables, which can change every deck" if everywhere
               else "every deck has a problem in its data")
        click.echo(f"Layouts not checked: {why}; fix the data and run cardgen check again.", err=True)
        raise SystemExit(DATA_ERROR)
    laid_out = {deck.id for deck in sound}
    waiting = ", ".join(deck.id for deck in game.decks if deck.id not in laid_out)
    later = f"; laid out once their data is fixed: {waiting}" if waiting else ""
    click.echo(f"\nLayouts of the decks whose data has no problem: {', '.join(deck.id for deck in sound)}{later}",
               err=True)
    errors = _layout_problems(replace(game, decks=sound), strict, verbose)
    layouts = f" and {errors} in the layouts" if errors else ", none in the layouts checked"
    why = " (--strict: warnings count as errors)" if strict and errors else ""
    click.echo(f"error: {game.slug}: {_count(len(problems))} in the game data{layouts}{why}", err=True)
    raise SystemExit(DATA_ERROR)


def _count(problems: int) -> str:
    return f"{problems} problem{'s' if problems != 1 else ''}"
