"""How long `cardgen preview` takes to show a saved change: per bundled game, from writing a changed card name
into the first deck's CSV to the page's event stream bringing the new state, and to its new card image fetched;
and from saving game.toml (a comment added: every card is laid out again, none prints differently) to the new
state.

Each game is copied into a temporary folder and previewed in-process on a free port; an HTTP client reads the
event stream as a page does. The figures are the median and the slowest of a few saves, and the preview's own
share (reading the game again and laying out the cards, from the save being noticed to the state sent).

    .venv/bin/python benchmarks/preview_latency.py [--saves 5] [--game SLUG]
"""

from __future__ import annotations

import argparse
import csv
import http.client
import io
import json
import queue
import shutil
import socket
import statistics
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from cardgen.gamedata import bundled_slugs, card_data_dir, load_game
from cardgen.preview.app import Preview


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=5)
    parser.add_argument("--game", action="append", help="a bundled game's slug (repeat); all of them by default")
    options = parser.parse_args()
    print(f"{'':30} {'a CSV cell saved: ms to':^54} {'game.toml saved':^28}")
    print(f"{'game':24} {'cards':>5} {'state (median/max)':>19} {'image (median/max)':>19} {'preview':>8} "
          f"{'state (median/max)':>19} {'preview':>8}")
    for slug in options.game or bundled_slugs():
        with tempfile.TemporaryDirectory() as temporary:
            folder = Path(temporary) / slug
            shutil.copytree(card_data_dir() / slug, folder)
            print(measure(folder, options.saves), flush=True)


def measure(folder: Path, saves: int) -> str:
    game = load_game(folder)
    deck = game.decks[0]
    preview = Preview(folder)
    url = preview.bind("127.0.0.1", 0)
    server = threading.Thread(target=preview.serve)
    server.start()
    stream = Stream(url)
    states, images, own = [], [], []
    try:
        preview.watching()
        stream.states.get(timeout=30)  # the state a page gets when it connects
        text = deck.file.read_text(encoding="utf-8-sig")
        for save in range(saves):
            changed = rename_first(text, f" {save + 1}")
            saved = time.perf_counter()
            deck.file.write_text(changed, encoding="utf-8")
            while True:
                arrived, state = stream.states.get(timeout=30)
                first = state["decks"][0]["cards"][0]
                if first["name"].endswith(f" {save + 1}"):
                    break
            with urllib.request.urlopen(f"{url}card/{first['front']}.png", timeout=30) as response:
                response.read()
            fetched = time.perf_counter()
            states.append(arrived - saved)
            images.append(fetched - saved)
            own.append(preview.last_update)
        deck.file.write_text(text, encoding="utf-8")
        stream.states.get(timeout=30)
        toml = folder / "game.toml"
        manifest = toml.read_text(encoding="utf-8")
        whole, whole_own = [], []
        for save in range(saves):
            saved = time.perf_counter()
            toml.write_text(manifest + f"\n# saved {save + 1}\n", encoding="utf-8")
            arrived, _ = stream.states.get(timeout=30)
            whole.append(arrived - saved)
            whole_own.append(preview.last_update)
    finally:
        stream.close()
        preview.close()
        server.join()
    cards = sum(len(d.cards) for d in game.decks)
    return (f"{game.slug:24} {cards:5} {_ms(states):>19} {_ms(images):>19} {statistics.median(own) * 1000:8.0f} "
            f"{_ms(whole):>19} {statistics.median(whole_own) * 1000:8.0f}")


def rename_first(text: str, suffix: str) -> str:
    """The CSV with `suffix` after the first card's name (every other cell as it was)."""
    rows = list(csv.reader(io.StringIO(text)))
    column = rows[0].index("name")
    rows[1][column] += suffix
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def _ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.0f} / {max(values) * 1000:.0f}"


class Stream:
    """The preview's event stream read in a thread: (when it arrived, state) for each state."""

    def __init__(self, url: str):
        host, port = url.split("//", 1)[1].rstrip("/").rsplit(":", 1)
        self._connection = http.client.HTTPConnection(host, int(port), timeout=60)
        self._connection.request("GET", "/events")
        self._socket = self._connection.sock
        self._response = self._connection.getresponse()
        self.states: queue.Queue = queue.Queue()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            for raw in self._response:
                if raw.startswith(b"data: "):
                    self.states.put((time.perf_counter(), json.loads(raw[len(b"data: "):])))
        except (OSError, ValueError):
            pass

    def close(self) -> None:
        try:
            self._socket.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._thread.join(timeout=5)
        self._response.close()
        self._connection.close()


if __name__ == "__main__":
    main()
