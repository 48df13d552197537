"""What an import costs as its log grows, and whether the server answers others meanwhile.

Four shapes of log, each at several lengths: plain changes; one change undone and redone again and again (issue
#28's stall: 4,001 events took 60 s and timed out before); changes each undone from the first (every undo folds
all that follows: refused once its work passes the budget); and rolls the server drew (each checked against the
export's seeds). Prints, per shape and length: the answer, its time in ms, and the rules' steps taken. Then, on a
real `companion serve` with one worker (gunicorn, gevent), the longest wait of a GET /api/catalog sent every 20 ms
while the heaviest import runs, on SQLite and PostgreSQL.

    .venv/bin/python benchmarks/import_cost.py [--sizes 1000 4001 15000] [--database sqlite|postgresql|both]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from companion import create_app
from tests.conftest import SHEET_TOML as SHEET
from databases import each_database
from tests.companion.test_import_stall import document, early_undos, undone_and_redone, while_importing
from tests.live_server import LiveServer

def plain(n: int) -> list[dict]:
    return early_undos(n)[:n]


def undo_redo_pairs(n: int) -> list[dict]:
    return undone_and_redone((n - 1) // 2)


def halves_undone(n: int) -> list[dict]:
    return early_undos(n // 2)


def rolled(app, n: int) -> dict:
    """An export of a game of `n` rolls the server drew."""
    client = app.test_client()
    made = client.post("/api/games", json={"slug": "sheet", "players": ["Ann", "Bo"]}).json
    headers = {"Authorization": f"Bearer {made['edit_secret']}"}
    for seq in range(n):
        client.post(f"/api/games/{made['id']}/events", headers=headers,
                    json={"type": "roll", "based_on": seq, "payload": {"dice": 3, "sides": 6}})
    doc = client.get(f"/api/games/{made['id']}/export", headers=headers).json
    return {**doc, "game": {**doc["game"], "id": f"{made['id']}-copy"}}


def in_process(folder: Path, sizes: list[int]) -> None:
    app = create_app({"DATABASE_URL": f"sqlite:///{folder / 'bench.sqlite3'}", "SECRET_KEY": "bench",
                      "GAME_FOLDERS": [str(folder / "sheet")], "MAX_CONTENT_LENGTH": 64 * 1024 * 1024})
    client = app.test_client()
    from companion.table import replay

    used: list[int] = []
    original = replay.Budget.step

    def counted(self, where):
        original(self, where)
        used[-1] = self.used

    replay.Budget.step = counted  # type: ignore[method-assign]
    print(f"{'log':<22}{'events':>8}{'answer':>8}{'ms':>10}{'rule steps':>12}")
    for name, shape in (("plain changes", plain), ("undo/redo of #1", undo_redo_pairs), ("early undos", halves_undone)):
        for n in sizes:
            used.append(0)
            events = shape(n)
            start = time.perf_counter()
            answer = client.post("/api/games/import", json=document(f"{name[:5]}-{n}".replace(" ", "-").replace("/", "-"),
                                                                      events))
            ms = (time.perf_counter() - start) * 1000
            print(f"{name:<22}{len(events):>8,}{answer.status_code:>8}{ms:>10.1f}{used[-1]:>12,}")
    for n in (100, 1000):
        doc = rolled(app, n)
        used.append(0)
        start = time.perf_counter()
        answer = client.post("/api/games/import", json=doc)
        ms = (time.perf_counter() - start) * 1000
        print(f"{'server-drawn rolls':<22}{n:>8,}{answer.status_code:>8}{ms:>10.1f}{used[-1]:>12,}")
    app.extensions["companion"].close()


def beside_a_server(kind: str, url: str, folder: Path, n: int) -> None:
    server = LiveServer(url, folder / f"instance-{kind}", workers=1, games=[folder / "sheet"])
    server.start()
    try:
        for name, events in (("undo/redo of #1", undo_redo_pairs(n)), ("early undos", halves_undone(n))):
            status, took, waits = while_importing(server, document(f"live-{time.time_ns()}", events))
            print(f"{kind:<11} {name:<16} {len(events):>7,} events: {status} in {took:,.0f} ms; "
                  f"{len(waits)} GETs meanwhile, the longest waited {max(waits):.0f} ms")
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 4001, 15000])
    parser.add_argument("--database", choices=("sqlite", "postgresql", "both"), default="both")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "sheet").mkdir()
        (folder / "sheet" / "game.toml").write_text(SHEET)
        (folder / "sheet" / "cards.csv").write_text("id,name\nc-1,One\n")
        in_process(folder, args.sizes)
        heaviest = min(max(args.sizes), 12000)  # within the default 2 MB body limit
        each_database(args.database, folder, lambda kind, url: beside_a_server(kind, url, folder, heaviest))


if __name__ == "__main__":
    main()
