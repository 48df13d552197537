"""Server-sent events: every change of a game, live, to every open page, from any server worker.

The stream reads new events from the database, so it works the same with one worker or many and
with SQLite or PostgreSQL. A reconnecting browser sends Last-Event-ID and gets what it missed. A `beat`
event every BEAT_SECONDS lets a page notice within a few seconds that its connection died (a phone that
went offline keeps a dead stream open without any error).
"""

from __future__ import annotations

import json
import time

from flask import Blueprint, Response, current_app, request

from companion import services
from companion.api import query_number

blueprint = Blueprint("stream", __name__, url_prefix="/api")
BEAT_SECONDS = 2.0  # pages call the connection lost after 5 s without a beat


@blueprint.get("/games/<game_id>/stream")
def events(game_id: str) -> Response:
    sessions = services().sessions
    sessions.current(game_id)  # 404 before the stream starts for an unknown game
    last = query_number("after", 0)
    header = (request.headers.get("Last-Event-ID") or "").strip()
    if header.isdigit() and int(header) <= 2**31 - 1:  # a browser's reconnection: a malformed one starts over
        last = int(header)
    poll = current_app.config["STREAM_POLL_SECONDS"]
    deadline = time.monotonic() + current_app.config["STREAM_MAX_SECONDS"]

    def generate():
        nonlocal last
        yield "retry: 1000\nevent: beat\ndata: {}\n\n"
        quiet_since = time.monotonic()
        while time.monotonic() < deadline:
            rows = sessions.public_events(game_id, after=last, limit=200)
            if rows:
                game = sessions.current(game_id).as_json()
                for row in rows:
                    data = json.dumps({"event": row, "game": game if row is rows[-1] else None})
                    yield f"id: {row['seq']}\nevent: change\ndata: {data}\n\n"
                last = rows[-1]["seq"]
                quiet_since = time.monotonic()
                continue
            if time.monotonic() - quiet_since > BEAT_SECONDS:
                yield "event: beat\ndata: {}\n\n"
                quiet_since = time.monotonic()
            time.sleep(poll)

    response = Response(generate(), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"
    return response
