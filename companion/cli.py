"""The `companion` command line: serve the app, prepare its database."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import ClassVar

import click

from companion import __version__, create_app
from companion.simulate.options import simulate_options


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="companion")
def main() -> None:
    """The pnpkit table companion: scores, logs and live sync for every phone at the table.

    Settings come from the environment: DATABASE_URL (default: SQLite in the instance folder),
    SECRET_KEY (default: generated into the instance folder), COMPANION_GAMES (designers' game folders to offer
    besides the registered games, separated by ':', or ';' on Windows).
    """


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0 for the LAN).")
@click.option("--port", default=5000, show_default=True, type=int)
@click.option("--workers", type=click.IntRange(1, 64),
              help="Server processes. Default: 1 on SQLite (one writer, so writes never wait on another process's "
                   "lock), 2 on PostgreSQL (add more, or more servers on the same database, for more tables).")
@click.option("--connections", default=4000, show_default=True, type=click.IntRange(10, 100_000),
              help="Requests in progress per process: each open page holds one for its live stream (no thread). A "
                   "request finding all taken waits for one, up to 10 s, then gets a 503. The open-files limit is "
                   "raised to fit, as far as the system allows.")
@click.option("--waiting", type=click.IntRange(10, 100_000),
              help="Connections per process held while they send a request head or sit between a phone's taps, "
                   "besides --connections; past it the one waiting longest is closed, so a crowd of slow or "
                   "half-open connections never stops the server answering. Default: as many as --connections.")
@click.option("--header-timeout", default=5.0, show_default=True, type=click.FloatRange(0.5, 120),
              help="Seconds a new connection has to send its request head before it is closed. Between taps a "
                   "phone's connection is kept 30 s; an open page's live stream is never cut by either.")
@click.option("--dev", is_flag=True, help="Use Flask's development server (a thread per open page) instead of gunicorn.")
@click.option("--quiet", is_flag=True, help="Do not log each request (method, path, status, time in ms).")
def serve(host: str, port: int, workers: int | None, connections: int, waiting: int | None, header_timeout: float,
          dev: bool, quiet: bool) -> None:
    """Serve the companion: gunicorn's gevent workers on UNIX (open pages cost a socket, not a thread), or --dev
    for Flask's server. Behind a reverse proxy, turn buffering off for /api/games/*/stream and set PUBLIC_URL."""
    from companion.config import check_addresses
    from companion.web.addresses import served_url

    try:  # the address links and QR codes use without PUBLIC_URL; a bad address is said before any worker starts
        os.environ.setdefault("COMPANION_SERVED_URL", served_url(host, port))
        check_addresses(os.environ)
    except ValueError as error:
        raise click.ClickException(str(error)) from None
    if dev or sys.platform == "win32":
        _serving_or_exit().run(host=host, port=port, threaded=True)
        return
    _games_or_exit()  # a refused game is said here, once, before any worker starts
    from gunicorn.app.base import BaseApplication

    postgres = os.environ.get("DATABASE_URL", "").startswith("postgres")
    workers = workers or (2 if postgres else 1)
    waiting = waiting or connections
    _open_files(2 * connections + waiting + 256)  # per process: requests, requests waiting for a place, heads

    class Server(BaseApplication):
        slow_clients: ClassVar[dict] = {"header_timeout": header_timeout, "waiting": waiting}  # read by the worker

        def load_config(self) -> None:
            if "control_socket_disable" in self.cfg.settings:  # one fixed path per user: servers would collide
                self.cfg.set("control_socket_disable", True)
            for key, value in {"bind": f"{host}:{port}", "workers": workers,
                               "worker_class": "companion.web.worker.SlowClientWorker",  # header timeout
                               "worker_connections": connections, "timeout": 60, "graceful_timeout": 5,
                               "backlog": 4096,  # many pages opening at once (the kernel caps it at somaxconn)
                               "keepalive": 30,  # phones keep their connection between taps
                               "accesslog": None if quiet else "-",
                               "access_log_format": '%(h)s "%(m)s %(U)s" %(s)s %(M)sms'}.items():
                self.cfg.set(key, value)  # the path without its query; secrets travel in headers and fragments

        def load(self):
            return create_app()

    click.echo(f"companion on http://{host}:{port}/ ({workers} worker{'s' if workers > 1 else ''}, "
               f"{'PostgreSQL' if postgres else 'SQLite'}, up to {connections} connections each)")
    Server().run()


def _serving_or_exit():
    """The app, or exit with the sentence saying which games cannot be offered side by side (a designer's folder
    taking another game's slug) instead of starting a server that would fail later. A game that cannot be played
    (a broken package, a folder missing or with a data problem) does not stop it: the catalog says which, in the
    log, and leaves that game out."""
    from cardgen.gamedata import GameDataError
    from companion.table.catalog import CatalogError

    try:
        return create_app()
    except (CatalogError, GameDataError) as error:
        raise click.ClickException(f"cannot serve the games: {error}") from None


def _games_or_exit() -> None:
    """Loads the games the workers will offer (the registered ones and COMPANION_GAMES's folders), or exits as
    `_serving_or_exit` does; a game left out is said here, once (the workers, forked after, do not repeat it).
    No app is made here: the workers make theirs after the fork, database and all."""
    from cardgen.gamedata import GameDataError
    from companion.config import ENVIRONMENT
    from companion.table.catalog import Catalog, CatalogError

    folders = ENVIRONMENT["COMPANION_GAMES"][1](os.environ.get("COMPANION_GAMES", ""))
    try:
        Catalog(tuple(Path(p) for p in folders))
    except (CatalogError, GameDataError) as error:
        raise click.ClickException(f"cannot serve the games: {error}") from None


def _open_files(wanted: int) -> None:
    """Raises this process's open-files limit (inherited by the workers) towards `wanted`, up to the hard limit:
    each open page is a socket, and the usual soft limit of 1,024 would refuse a game night long before the
    server is busy."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    if target < wanted:
        click.echo(f"note: the system allows {target} open files, fewer than {wanted} for "
                   f"the connections asked for (raise it with ulimit -n)")


@main.command("init-db")
def init_db() -> None:
    """Create the database or bring it up to the current schema (done on every start as well)."""
    from companion.storage.migrations import current_version

    app = create_app()
    try:
        with app.extensions["companion"].store.engine.connect() as conn:
            click.echo(f"database ready at schema version {current_version(conn)}: {app.config['DATABASE_URL']}")
    finally:
        app.extensions["companion"].close()


@main.command()
@simulate_options
def simulate(game: str, games: int, players: int, bots: tuple[str, ...], seed: int, options: tuple[str, ...],
             seconds_per_turn: float | None, out: Path, record_as: str | None, verify: bool) -> None:
    """Play whole games between bots and report win rates, scores, game length and how games end."""
    from companion.simulate.command import simulate as run
    from companion.simulate.command import verify as check_records
    from companion.simulate.record import SimulationError

    try:
        if verify:
            drifted = check_records(game)
            for line in drifted:
                click.echo(f"drifted: {line}")
            if drifted:
                click.echo(f"{len(drifted)} recorded figures drifted: record them again and read the rulebook's "
                           "sentences that quote them.", err=True)
                sys.exit(1)
            click.echo("every recorded figure plays again the same")
            return
        report, chart = run(game, games, players, bots, seed, options, out, seconds_per_turn, record_as)
    except SimulationError as error:
        click.echo(f"Error: {error}", err=True)
        sys.exit(2)
    click.echo(report, nl=False)
    click.echo(f"\nChart: {chart}")


@main.command()
@click.argument("game")
@click.option("--players", type=int, help="Only the plays with this many seats.")
@click.option("--lab-games", default=200, show_default=True, type=int, help="Bot games the lab plays for each group.")
@click.option("--seed", default=1, show_default=True, type=int, help="The lab's seed: the same seed, the same report.")
@click.option("--record", "record_as", metavar="NAME",
              help="Also write the real plays' figures to the game's lab/NAME.json, for its rulebook (lab.NAME).")
@click.option("--min-plays", default=10, show_default=True, type=int, help="Plays needed before --record writes.")
def playtests(game: str, players: int | None, lab_games: int, seed: int, record_as: str | None,
              min_plays: int) -> None:
    """Report a game's playtest plays beside the lab's simulated games."""
    from companion.plays.playtest_command import PlaytestError, run

    app = create_app()
    try:
        click.echo(run(app, game, players, lab_games, seed, record_as, min_plays), nl=False)
    except PlaytestError as error:
        click.echo(f"Error: {error}", err=True)
        sys.exit(2)
    finally:
        app.extensions["companion"].close()
