"""Server-sent events: every change of a game, live, to every open page, from any server process.

A stream reads the game's events from the database once, then waits (table/changes.py) until this process writes
the game or hears from the database that another process did: no open page polls the database. Each push is
one event in words and the game's new sequence number, never the whole game: a page fetches its panel once.
A reconnecting browser sends Last-Event-ID and gets what it missed. A `beat` every BEAT_SECONDS lets a page
notice within a few seconds that its connection died (a phone that went offline keeps a dead stream open
without any error), and lets the server notice a closed page at its next beat.
"""

from __future__ import annotations

import json
import time

from flask import Blueprint, Response, current_app, request

from companion.web.api import query_number
from companion.web.services import services

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
    changes = services().changes
    deadline = time.monotonic() + current_app.config["STREAM_MAX_SECONDS"]

    def generate():
        nonlocal last
        yield "retry: 1000\nevent: beat\ndata: {}\n\n"
        rows = sessions.public_events(game_id, after=last, limit=200)
        while True:
            for row in rows:
                yield f"id: {row['seq']}\nevent: change\ndata: {json.dumps({'event': row, 'seq': rows[-1]['seq']})}\n\n"
            last = rows[-1]["seq"] if rows else last
            left = deadline - time.monotonic()
            if left <= 0:
                return
            if len(rows) == 200 or changes.wait(game_id, last, min(BEAT_SECONDS, left)) > last:
                rows = sessions.public_events(game_id, after=last, limit=200)
            else:
                rows = []
                yield "event: beat\ndata: {}\n\n"

    response = Response(generate(), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"
    return response
