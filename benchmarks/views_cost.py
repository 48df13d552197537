"""What a game's summary and history pages cost as its log grows: for games of 100, 1,000 and 15,000 events, the
first GET in a fresh process, the repeated GET, and the GET after one more event is appended, in ms; the most CPU
time a first summary held the worker without letting its other requests run; and the summary as it was
computed before (every event folded on every request) for comparison.

Each game is written through the sessions into a temporary SQLite database (or --database-url), then read through
the Flask test client of a fresh app on that database, as a newly started worker would. The default game is the
score sheet (events that cost little); `--slug` takes a bundled game, whose events are notes.

    .venv/bin/python benchmarks/views_cost.py [--events 100 1000 15000] [--slug unfair_chko] [--repeat 5]
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from companion import create_app
from companion.table import views
from companion.table.progress import score_steps
from tests.conftest import SHEET_TOML as SHEET


def sheet_folder(root: Path) -> Path:
    folder = root / "sheet"
    folder.mkdir()
    (folder / "game.toml").write_text(SHEET)
    (folder / "cards.csv").write_text("id,name\nc-1,One\n")
    return folder


def event(slug: str, index: int) -> tuple[str, dict]:
    if slug == "sheet":
        return "add_points", {"player": index % 2, "category": "Points", "points": index % 7}
    return "note", {"text": f"note {index}"}


def ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def timed(client, path: str) -> float:
    started = time.perf_counter()
    response = client.get(path)
    took = ms(started)
    assert response.status_code == 200, (path, response.status_code)
    return took


def longest_hold(client, path: str) -> tuple[float, float]:
    """The GET's time and the most CPU time it spent between two pauses (when the worker's other requests run)."""
    marks = [time.process_time()]
    pause = views.pause

    def noted() -> None:
        marks.append(time.process_time())
        pause()

    views.pause = noted
    try:
        took = timed(client, path)
    finally:
        views.pause = pause
    marks.append(time.process_time())
    return took, max(b - a for a, b in itertools.pairwise(marks)) * 1000


def measure(config: dict, slug: str, size: int, repeat: int) -> dict[str, float]:
    writer = create_app(config)
    sessions = writer.extensions["companion"].sessions
    current, secret = sessions.create(slug, ["Ann", "Bo"], {})
    game_id = current.game.id
    for seq in range(size):
        kind, payload = event(slug, seq)
        sessions.write(game_id, secret, seq, kind, payload)
    fresh = create_app(config)  # a worker that has not seen the game
    client = fresh.extensions["companion"]
    figures: dict[str, float] = {}
    page = fresh.test_client()
    summary, history = f"/games/{game_id}/summary", f"/games/{game_id}/history"
    figures["summary first"], figures["summary hold"] = longest_hold(page, summary)
    figures["summary again"] = statistics.median(timed(page, summary) for _ in range(repeat))
    figures["history first"] = timed(page, history)
    figures["history again"] = statistics.median(timed(page, history) for _ in range(repeat))
    kind, payload = event(slug, size)
    client.sessions.write(game_id, secret, size, kind, payload)
    figures["summary +1"] = timed(page, summary)
    figures["history +1"] = timed(page, history)
    current = client.sessions.current(game_id)
    data = client.catalog.get(slug).game
    started = time.perf_counter()
    for _ in range(repeat):
        score_steps(current, data, client.sessions.events(game_id, 0, 100_000))
    figures["refold"] = ms(started) / repeat
    writer.extensions["companion"].close()
    client.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, nargs="+", default=[100, 1000, 15000])
    parser.add_argument("--slug", default="sheet", help="sheet (the score sheet) or a bundled game's slug")
    parser.add_argument("--repeat", type=int, default=5, help="GETs the repeated figure is the median of")
    parser.add_argument("--database-url", help="an empty database (default: a temporary SQLite file)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        url = options.database_url or f"sqlite:///{root / 'views.sqlite3'}"
        config = {"DATABASE_URL": url, "SECRET_KEY": "benchmark", "GAME_FOLDERS": [str(sheet_folder(root))]}
        print(f"{options.slug}: ms per GET through the Flask test client ({url.split(':')[0]})")
        print(f"{'events':>7} | {'summary: first':>14} {'held':>6} {'again':>6} {'+1 event':>8} | "
              f"{'history: first':>14} {'again':>6} {'+1 event':>8} | {'fold from scratch':>17}")
        for size in options.events:
            f = measure(config, options.slug, size, options.repeat)
            print(f"{size:>7,} | {f['summary first']:>14.1f} {f['summary hold']:>6.1f} {f['summary again']:>6.1f} "
                  f"{f['summary +1']:>8.1f} | {f['history first']:>14.1f} {f['history again']:>6.1f} "
                  f"{f['history +1']:>8.1f} | {f['refold']:>17.1f}")
        print("held: the most CPU time the first summary spent between two pauses (other requests run in them);\n"
              "fold from scratch: what every summary GET cost before the steps were kept")


if __name__ == "__main__":
    main()
