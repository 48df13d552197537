"""An import cannot stall a server: on one gevent worker (gunicorn, as `companion serve` runs it), a log built to
cost its square answers within seconds, and the worker answers other requests within a second meanwhile."""

from __future__ import annotations

import threading
import time

import pytest

from tests.live_server import LiveServer

T = "2026-11-26T18:00:00.000+00:00"


def document(game_id: str, events: list[dict]) -> dict:
    return {"format": "pnpkit-companion-game", "version": 2, "draws": [], "events": events,
            "game": {"id": game_id, "slug": "sheet", "players": ["Ann", "Bo"], "options": {}, "created_at": T}}


def event(seq: int, kind: str, payload: dict | None = None, target: int | None = None) -> dict:
    return {"seq": seq, "type": kind, "payload": payload or {}, "target": target, "random": False, "created_at": T,
            "author": None}


def undone_and_redone(pairs: int) -> list[dict]:
    """One note, then `pairs` undo/redo pairs all naming it: the stall of issue #28 (4,001 events took 60 s)."""
    events = [event(1, "note", {"text": "hi"})]
    for _ in range(pairs):
        events += [event(len(events) + 1, "undo", target=1), event(len(events) + 2, "redo", target=1)]
    return events


def early_undos(changes: int) -> list[dict]:
    """`changes` changes, then an undo of each from the first: every undo folds all that follows it again."""
    events = [event(seq, "add_points", {"player": seq % 2, "category": "Points", "points": 1})
              for seq in range(1, changes + 1)]
    return events + [event(changes + 1 + i, "undo", target=i + 1) for i in range(changes)]


@pytest.fixture
def one_worker(database_url, tmp_path, sheet_game):
    server = LiveServer(database_url, tmp_path / "instance", workers=1, games=[sheet_game])
    server.start()
    yield server
    server.stop()


def while_importing(server: LiveServer, doc: dict) -> tuple[int, float, list[float]]:
    """The import's answer and its time in ms, and the waits in ms of the GETs sent every 20 ms meanwhile."""
    answered: dict = {}

    def send() -> None:
        start = time.monotonic()
        answered["status"], answered["body"] = server.request("POST", "/api/games/import", doc)
        answered["ms"] = (time.monotonic() - start) * 1000

    sender = threading.Thread(target=send)
    sender.start()
    waits = []
    while sender.is_alive():
        start = time.monotonic()
        assert server.request("GET", "/api/catalog")[0] == 200
        waits.append((time.monotonic() - start) * 1000)
        time.sleep(0.02)
    sender.join()
    return answered["status"], answered["ms"], waits


@pytest.mark.parametrize("events, status", [(undone_and_redone(2000), 201), (early_undos(3000), 422)],
                         ids=["undo-redo-pairs", "early-undos"])
def test_an_import_answers_within_seconds_while_the_same_worker_answers_others(one_worker, events, status):
    answered, took, waits = while_importing(one_worker, document("big", events))
    assert answered == status
    assert took < 10_000, f"the import took {took:,.0f} ms"
    assert max(waits, default=0) < 1000, f"a GET waited {max(waits):,.0f} ms while the import ran"
