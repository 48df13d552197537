"""Pages for people: the list of games, a new game, a game's live page and its spectator view."""

from __future__ import annotations

from flask import Blueprint, render_template

from companion import services

blueprint = Blueprint("pages", __name__)


@blueprint.get("/")
def home():
    with services().store.engine.connect() as conn:
        games = services().store.list_games(conn, limit=50)
    return render_template("pages/home.html", games=games, catalog=services().catalog.describe())


@blueprint.get("/games/<game_id>")
def game(game_id: str):
    current = services().sessions.current(game_id)
    title = services().catalog.get(current.game.slug).game.title
    return render_template("pages/game.html", game=current.as_json(), title=title, editable=True)


@blueprint.get("/games/<game_id>/watch")
def watch(game_id: str):
    current = services().sessions.current(game_id)
    title = services().catalog.get(current.game.slug).game.title
    return render_template("pages/game.html", game=current.as_json(), title=title, editable=False)
