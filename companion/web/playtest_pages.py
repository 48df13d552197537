"""The designer's playtest page: a game's playtest plays beside the lab's bot games (companion.plays.playtests)."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template

from companion.plays import playtests
from companion.plays.store import PlayStore
from companion.table.pacing import Pacer
from companion.web.services import services

blueprint = Blueprint("playtests", __name__)
_made: dict[tuple, playtests.Report] = {}  # the last report made, by the plays it counts (seeded: the same plays, the same report)

ENDS = {"vp_cap": "a player reached the points to win", "turn_limit": "the turn limit ran out",
        "life_complete": "a life was complete", "life_well_lived": "a life well lived was claimed",
        "draw_pile_empty": "the draw pile ran out"}  # the lab's words for how a game ended, as players say it


def said(word: str) -> str:
    """A lab word (an end, an option's name) as a player reads it."""
    return ENDS.get(word, word.replace("_", " "))


@blueprint.get("/designer/<slug>/playtests")
def playtests_page(slug: str) -> str:
    """The report for the game with this slug; the lab plays PLAYTEST_LAB_GAMES games a group (200 unless set)."""
    entry = services().catalog.get(slug)  # NotFound names the games there are
    store = services().store
    with store.engine.connect() as conn:
        plays = PlayStore(store).plays(conn, slug=slug, playtest=True)
    lab_games = int(current_app.config.get("PLAYTEST_LAB_GAMES", 200))
    key = (slug, lab_games, tuple((p.id, p.updated_at, len(p.feedback)) for p in plays))
    report = _made.get(key)
    if report is None:  # the lab's games pause every few milliseconds: the worker's live pages go on meanwhile
        pacer = Pacer()
        report = playtests.report(entry.game, plays, lab_games=lab_games, seed=1,
                                  progress=lambda done, total: pacer.tick(), title=services().catalog.title(slug))
        _made.clear()  # the newest report only: the lab's games are the work worth keeping
        _made[key] = report
    return render_template("pages/playtests.html", report=report, title=services().catalog.title(slug),
                           played=len(plays), said=said)
