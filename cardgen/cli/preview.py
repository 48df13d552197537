"""`cardgen preview GAME`: the game's cards in a web browser, as they will print, updated each time a file is saved."""

from __future__ import annotations

import signal
import threading
import time
import webbrowser
from pathlib import Path

import click

from cardgen.cli.loading import DATA_ERROR, assets_option
from cardgen.gamedata import game_folder


class _Stop(Exception):
    """SIGTERM: stop as Ctrl-C does."""


@click.command()
@click.argument("game")
@assets_option
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to serve the page on. 127.0.0.1 is this computer only; 0.0.0.0 lets other devices "
                   "on your network (a phone, a tablet) open it too, at this computer's address.")
@click.option("--port", default=8765, show_default=True, type=click.IntRange(0, 65535),
              help="The port to serve the page on (0: any free port).")
@click.option("--open/--no-open", "open_page", default=True, show_default=True,
              help="Open the page in your web browser.")
def preview(game: str, assets: tuple[Path, ...], host: str, port: int, open_page: bool) -> None:
    """Show GAME's cards in your web browser as they will print, deck by deck, and keep them up to date.

    Each time you save a CSV file or spreadsheet, game.toml, a layout, an icon or an art file of the game, the
    page shows the new cards within a second or so; only the cards that print differently are drawn again.
    Type in the search box to find cards by name or by any text printed on them; click a card to see it large,
    front and back.

    When a change makes the game invalid, the page lists what `cardgen check` would say, at its file and line,
    and keeps showing the last cards that were fine; once you fix it, the list goes away by itself.

    Ctrl-C stops the preview.
    """
    from cardgen.preview.app import Preview  # the web server and file watcher load only for this command
    from cardgen.preview.server import PortError

    try:
        folder = game_folder(game)
    except LookupError as error:
        click.echo(f"error: {error}", err=True)
        raise SystemExit(DATA_ERROR) from None
    in_main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _terminate) if in_main else None
    live = None
    try:
        live = Preview(folder, assets, log=lambda message: click.echo(f"{_now()} {message}"))
        address = live.bind(host, port)
        title = live.cards.title if live.cards else folder.resolve().name
        click.echo(f"Previewing {title} at {address}")
        if live.problems:
            count = len(live.problems)
            click.echo(f"The game has {count} problem{'s' if count != 1 else ''} now: the page lists them, as "
                       "cardgen check does.")
        click.echo("The page updates each time you save a file of the game. Ctrl-C stops the preview.")
        if open_page:
            threading.Thread(target=webbrowser.open, args=(address,), daemon=True).start()
        live.serve()
    except PortError as error:
        click.echo(f"error: {error}", err=True)
        raise SystemExit(DATA_ERROR) from None
    except (KeyboardInterrupt, _Stop):
        pass
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        if live is not None:
            live.close()
    click.echo("\nPreview stopped.")


def _terminate(signum, frame) -> None:
    raise _Stop()


def _now() -> str:
    return time.strftime("%H:%M:%S")
