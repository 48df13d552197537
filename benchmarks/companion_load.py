"""Companion load: 64 concurrent clients over 16 games against a real server on loopback.

Prints the throughput of acknowledged events and the p50/p99 latency of every write, next to the raw
SQLite insert rate of this machine measured in the same run (same pragmas, one transaction per
insert, as each event is), and the time to load a 5,000-event game in a fresh process.
Targets: p99 <= 50 ms, throughput >= 25% of the raw insert rate, load <= 50 ms.

    .venv/bin/python benchmarks/companion_load.py [--seconds 10] [--clients 64] [--games 16]
"""

from __future__ import annotations

import argparse
import http.client
import json
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.live_server import LiveServer  # noqa: E402  (the same server runner the tests use)


def client(server: LiveServer, game_id: str, secret: str, until: float, latencies: list, counts: dict) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {secret}"}
    seq, n = 0, 0
    while time.monotonic() < until:
        body = json.dumps({"type": "note", "based_on": seq, "payload": {"text": f"n{n}"}})
        start = time.perf_counter()
        conn.request("POST", f"/api/games/{game_id}/events", body=body, headers=headers)
        response = conn.getresponse()
        answer = json.loads(response.read())
        latencies.append(time.perf_counter() - start)
        n += 1
        if response.status == 201:
            seq = answer["seq"]
            counts["acknowledged"] += 1
        elif response.status == 409:
            seq = answer["current"]["seq"]
            counts["stale"] += 1
        else:
            counts["other"] += 1


def raw_insert_rate(folder: Path, seconds: float = 3.0) -> float:
    """Single-row transactions into a similar table with the companion's SQLite settings."""
    db = sqlite3.connect(folder / "raw.sqlite3", isolation_level=None)
    for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON"):
        db.execute(f"PRAGMA {pragma}")
    db.execute("CREATE TABLE events (game_id TEXT, seq INTEGER, type TEXT, payload TEXT, created_at TEXT, "
               "PRIMARY KEY (game_id, seq))")
    n, until = 0, time.monotonic() + seconds
    while time.monotonic() < until:
        n += 1
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO events VALUES ('g', ?, 'note', '{\"text\": \"x\"}', '2026-01-01')", (n,))
        db.execute("COMMIT")
    return n / seconds


def score_sheet_game(folder: Path) -> Path:
    """A game made of data alone: its events are the generic score sheet's (notes, points)."""
    game = folder / "sheet"
    game.mkdir()
    (game / "game.toml").write_text('[game]\ntitle = "Sheet"\nplayers = [1, 6]\n[scoring]\n'
                                    'categories = ["Points"]\n[decks.cards]\ntitle = "Cards"\n')
    (game / "cards.csv").write_text("id,name\nc-1,One\n")
    return game


LOAD_SCRIPT = """
import sys, time, statistics
from companion import create_app
app = create_app({"DATABASE_URL": sys.argv[1], "SECRET_KEY": "b", "GAME_FOLDERS": [sys.argv[3]]})
sessions = app.extensions["companion"].sessions
times = []
for _ in range(7):
    sessions._cache.clear()
    start = time.perf_counter()
    sessions.current(sys.argv[2])
    times.append(time.perf_counter() - start)
print(statistics.median(times))
"""


def load_time(folder: Path) -> float:
    from companion import create_app

    url = f"sqlite:///{folder / 'long.sqlite3'}"
    sheet = folder / "sheet"
    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "b", "GAME_FOLDERS": [str(sheet)]})
    sessions = app.extensions["companion"].sessions
    current, secret = sessions.create("sheet", ["Ann", "Bo", "Cy"], {})
    seq = 0
    for i in range(5000):
        kind, payload = ("add_points", {"player": i % 3, "category": "Points", "points": 1}) if i % 2 else \
            ("note", {"text": f"note {i}"})
        _, current = sessions.write(current.game.id, secret, seq, kind, payload)
        seq = current.ledger.head
    result = subprocess.run([sys.executable, "-c", LOAD_SCRIPT, url, current.game.id, str(sheet)], capture_output=True,
                            text=True, check=True)
    return float(result.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--games", type=int, default=16)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        sheet = score_sheet_game(folder)
        server = LiveServer(f"sqlite:///{folder / 'companion.sqlite3'}", folder / "instance", games=[sheet])
        server.start()
        try:
            games = [server.request("POST", "/api/games", {"slug": "sheet", "players": ["A", "B"]})[1]
                     for _ in range(args.games)]
            latencies: list[float] = []
            counts = {"acknowledged": 0, "stale": 0, "other": 0}
            until = time.monotonic() + args.seconds
            threads = [threading.Thread(target=client, args=(server, games[i % args.games]["id"],
                                                             games[i % args.games]["edit_secret"], until, latencies,
                                                             counts)) for i in range(args.clients)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        finally:
            server.stop()
        raw = raw_insert_rate(folder)
        load = load_time(folder)
    quantiles = statistics.quantiles(latencies, n=100)
    throughput = counts["acknowledged"] / args.seconds
    print(f"{args.clients} clients over {args.games} games for {args.seconds:g} s (gunicorn, 2 workers, SQLite WAL)")
    print(f"  writes: {len(latencies)} ({counts['acknowledged']} acknowledged, {counts['stale']} stale, "
          f"{counts['other']} other)")
    print(f"  throughput: {throughput:.0f} acknowledged events/s")
    print(f"  latency: p50 {quantiles[49] * 1000:.1f} ms, p99 {quantiles[98] * 1000:.1f} ms (target p99 <= 50 ms)")
    print(f"raw SQLite insert rate (same pragmas, one transaction each): {raw:.0f} rows/s")
    print(f"  throughput / raw insert rate: {throughput / raw:.0%} (target >= 25%)")
    print(f"load a 5,000-event game in a fresh process: {load * 1000:.1f} ms (target <= 50 ms)")


if __name__ == "__main__":
    main()
