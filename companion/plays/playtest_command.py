"""`companion playtests GAME`: reads the game's playtest plays from the companion's database and reports them
beside the lab (companion.plays.playtests); `--record NAME` writes the real plays' figures for the rulebook."""

from __future__ import annotations

from typing import Any

from cardgen.gamedata.manifest.values import SLUG
from companion.plays import playtests
from companion.plays.playtest_text import text
from companion.simulate import figures as lab_figures
from companion.simulate.record import SimulationError


class PlaytestError(Exception):
    """A playtest report that cannot be made as asked; the message is one sentence saying why."""


def plays_of(app: Any, slug: str) -> list:
    """The playtest plays of the game, newest first, from the app's database."""
    from companion.plays.store import PlayStore
    store = app.extensions["companion"].store
    with store.engine.connect() as conn:
        return PlayStore(store).plays(conn, slug=slug, playtest=True)


def run(app: Any, slug: str, players: int | None, lab_games: int, seed: int, record_as: str | None,
        min_plays: int) -> str:
    """The report's text (and, with `record_as`, the path written); PlaytestError says what is wrong."""
    catalog = app.extensions["companion"].catalog
    if slug not in catalog.entries:
        raise PlaytestError(f"There is no game called {slug!r}; games: {', '.join(sorted(catalog.entries))}.")
    if lab_games < 1:
        raise PlaytestError(f"--lab-games must be at least 1, not {lab_games}.")
    game, title = catalog.get(slug).game, catalog.title(slug)
    plays = [p for p in plays_of(app, slug) if players is None or len(p.seats) == players]
    if not plays:
        seats = f" with {players} seats" if players is not None else ""
        return (f"{title} has no playtest plays{seats} yet. Mark a game as a playtest: tick "
                "\"A playtest\" when you start it on the home page, or on a finished play's page.\n")
    report = playtests.report(game, plays, lab_games, seed, title=title)
    out = text(report)
    if record_as is not None:
        out += f"\nRecorded for the rulebook: {record(game, report, record_as, players, min_plays)}\n"
    return out


def record(game: Any, report: playtests.Report, name: str, players: int | None, min_plays: int) -> str:
    """Writes the real plays' figures to the game's lab/NAME.json; the path written."""
    if not SLUG.fullmatch(name):
        raise PlaytestError(f"--record takes a name of lower-case letters, digits and _ (the rulebook reads it as "
                            f"lab.{name}), not {name!r}.")
    if len(report.groups) != 1:
        counts = ", ".join(f"{g.players} seats" + (" with other options" if g.options or g.unknown else "")
                           for g in report.groups)
        raise PlaytestError(f"The playtests of {report.title} were played in {len(report.groups)} ways ({counts}): "
                            "choose one with --players to record it.")
    group = report.groups[0]
    if group.plays < min_plays:
        raise PlaytestError(f"Only {group.plays} finished playtest plays of {report.title} at {group.players} seats: "
                            f"recording needs at least {min_plays} (--min-plays).")
    words = f"companion playtests {game.slug} --players {group.players} --min-plays {min_plays}"
    try:
        return str(lab_figures.record(game.root, name, words, playtests.figures(group)))
    except (SimulationError, OSError) as error:
        raise PlaytestError(f"Cannot write lab/{name}.json in {game.root}: {error}") from None
