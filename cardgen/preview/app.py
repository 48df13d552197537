"""A game's live preview: its cards laid out, its files watched, and the page served, updated on every save.

On a change the game is read again and every card laid out and fingerprinted (cheap: no pixels); the page
is sent the new state at once, and asks only for the images whose fingerprint it has not seen, which are
the only ones drawn. When the game no longer reads or lays out, the page is sent `cardgen check`'s report
and keeps the last cards that did.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from cardgen.gamedata.loader import read_game
from cardgen.layout.spec import LayoutError
from cardgen.preview.cards import Cards, CardView, lay_out
from cardgen.preview.images import FaceImages
from cardgen.preview.problems import Line, data_lines, layout_lines
from cardgen.preview.server import Channel, PreviewServer
from cardgen.preview.watch import Watcher


class Preview:
    """The preview of the game in `folder` (with the --assets folders it may use)."""

    def __init__(self, folder: Path, assets: Iterable[Path] = (), log: Callable[[str], None] | None = None):
        self.folder, self.assets = Path(folder), tuple(assets)
        self.images = FaceImages()
        self.channel = Channel()
        self.log = log or (lambda message: None)
        self.cards: Cards | None = None     # the last cards that laid out
        self.problems: list[Line] = []      # why the game does not lay out now ([] when it does)
        self.last_update = 0.0              # seconds the last reload took, from the save being noticed to the page told
        self._folders: set[Path] = {self.folder, *self.assets}
        self._reloading = threading.Lock()
        self._data_files: set[Path] = set()  # the deck data files (CSV, spreadsheets) of the game, as last read
        self._reuse = False  # whether self.cards' faces may be reused: only deck data files saved since them
        self._server: PreviewServer | None = None
        self._serving = False
        self._watcher = Watcher(lambda: self._folders, self.reload)
        self.reload()

    # ---- the game ---------------------------------------------------------------------------------------

    def reload(self, saved: Iterable[Path] = ()) -> None:
        """Reads and lays out the game again and tells the pages: new cards, or the problems and the old cards."""
        with self._reloading:
            started = time.perf_counter()
            earlier = self.cards
            try:
                self.problems = self._lay_out({Path(path).resolve() for path in saved})
            except Exception as error:  # noqa: BLE001 (a bug in cardgen must not stop the preview: the page says it)
                self.problems = [Line("error", "", f"cardgen could not lay out the cards ({type(error).__name__}: "
                                                   f"{error}); this is a bug in cardgen, please report it")]
            self.images.show(self.cards.faces if self.cards else {})
            changed = _changed(earlier, self.cards) if earlier and not self.problems else []
            self.channel.publish(self._state(sorted(self._named(saved)), changed))
            names = [card.name for card in changed]
            self.last_update = time.perf_counter() - started
            self._report(saved, names)

    def _lay_out(self, saved: set[Path]) -> list[Line]:
        """Lays the game out into self.cards; the problems found instead (self.cards is then left as it was).

        When only deck data files were saved since the last cards (and since every reload after them), the
        faces of the cards that are as they were are taken from the last cards, not laid out again."""
        if not saved or not saved <= self._data_files:
            self._reuse = False  # until the next cards: anything else may change any face
        game, problems = read_game(self.folder, assets=self.assets)
        if game is not None:
            self._data_files = {deck.file.resolve() for deck in game.decks}
            # art, icons and fonts are inside the game folder or an --assets folder; layouts may be shared ones
            self._folders = {self.folder, *self.assets, *(path.parent for path in game.layouts.values())}
        if problems or game is None:
            return data_lines(self.folder, game, problems)
        try:
            self.cards = lay_out(game, self.cards.made if self.cards and self._reuse else None)
            self._reuse = True
        except LayoutError:
            return list(layout_lines(self.folder, game)) or [
                Line("error", "", "the cards cannot be laid out; run cardgen check for the details")]
        return []

    def _state(self, saved: list[str], changed: list[CardView]) -> dict:
        """What the page shows, as the event stream sends it."""
        cards = self.cards
        return {
            "title": cards.title if cards else self.folder.resolve().name,
            "images": self.images.version,
            "decks": [{"key": deck.key, "title": deck.title, "total": deck.total, "distinct": deck.distinct,
                       "width": deck.width, "height": deck.height, "kind": deck.kind,
                       "cards": [{"key": card.key, "name": card.name, "copies": card.copies, "front": card.front,
                                  "back": card.back, "words": card.words, "place": card.place}
                                 for card in deck.cards]}
                      for deck in (cards.decks if cards else ())],
            "problems": [vars(line) for line in self.problems],
            "warnings": [vars(line) for line in (cards.warnings if cards and not self.problems else ())],
            "saved": saved,                                  # the files whose saving brought this state
            "changed": [card.name for card in changed],      # the cards that print differently since the last state
            "fresh": [card.key for card in changed],
        }

    def _named(self, paths: Iterable[Path]) -> set[str]:
        """The saved files named from the game folder (those still there: an editor's temporary files come and go)."""
        paths = [Path(path) for path in paths]
        names = set()
        for path in [path for path in paths if path.exists()] or paths:
            relative = os.path.relpath(Path(path).resolve(), self.folder.resolve())
            names.add(Path(path).name if relative.startswith("..") else relative)
        return names

    def _report(self, saved: Iterable[Path], changed: list[str]) -> None:
        if not saved:
            return
        if self.problems:
            errors = sum(1 for line in self.problems if line.level == "error")
            self.log(f"{len(self.problems)} problem{'s' if len(self.problems) != 1 else ''} "
                     f"({errors} error{'s' if errors != 1 else ''}): the page shows them and keeps the last cards")
        else:
            what = ", ".join(changed[:5]) + (f" and {len(changed) - 5} more" if len(changed) > 5 else "")
            self.log(f"updated in {self.last_update:.2f} s: {what or 'no card prints differently'}")

    # ---- serving --------------------------------------------------------------------------------------

    def bind(self, host: str = "127.0.0.1", port: int = 8765) -> str:
        """Listens on `host`:`port` (0: any free port) and starts watching; the page's address.
        PortError (a sentence naming --host or --port) when it cannot."""
        self._server = PreviewServer((host, port), self.channel, self.images.png)
        self._watcher.start()
        shown = "127.0.0.1" if host in ("", "0.0.0.0") else (f"[{host}]" if ":" in host else host)
        return f"http://{shown}:{self._server.server_address[1]}/"

    def serve(self) -> None:
        """Answers the pages until `close` (from another thread) or Ctrl-C (KeyboardInterrupt, in this thread)."""
        assert self._server is not None, "bind() first"
        self._serving = True
        self._server.serve_forever(poll_interval=0.2)

    def watching(self, timeout: float = 5.0) -> bool:
        """Waits until the game's folders are watched (a file saved from then on is seen); whether they are."""
        return self._watcher.ready.wait(timeout)

    def close(self) -> None:
        """Stops watching, ends the event streams and stops serving; call it once, from any thread but serve's."""
        self.channel.close()
        self._watcher.close()
        if self._server is not None:
            if self._serving:  # (shutdown waits for serve_forever to end, forever if it never began)
                self._server.shutdown()
            self._server.server_close()


def _changed(earlier: Cards, now: Cards | None) -> list[CardView]:
    """The cards that print differently (or are new) since `earlier`, in game order."""
    if now is None:
        return []
    before = {card.key: (card.front, card.back) for deck in earlier.decks for card in deck.cards}
    return [card for deck in now.decks for card in deck.cards if before.get(card.key) != (card.front, card.back)]

