"""Pages of a game's printed material: its rulebook, a gallery of its cards and boards, and the pictures cardgen built."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, current_app, render_template, send_from_directory

from companion.table.errors import NotFound
from companion.web.library import gallery, gallery_boards, rulebook_body
from companion.web.services import services

blueprint = Blueprint("printed", __name__)


def output_dir() -> Path:
    return Path(current_app.config["OUTPUT_DIR"])


@blueprint.get("/library/<slug>/rulebook")
def rulebook(slug: str):
    entry = services().catalog.get(slug)
    body, problem = rulebook_body(entry.game)
    return render_template("pages/rulebook.html", title=services().catalog.title(slug), slug=slug, body=body, problem=problem)


@blueprint.get("/library/<slug>/cards")
def cards(slug: str):
    entry = services().catalog.get(slug)
    return render_template("pages/gallery.html", title=services().catalog.title(slug), slug=slug,
                           decks=gallery(entry.game, output_dir()), boards=gallery_boards(entry.game, output_dir()),
                           game_data=entry.game)


@blueprint.get("/library/<slug>/png/<deck>/<name>.png")
def card_image(slug: str, deck: str, name: str):
    services().catalog.get(slug)  # only the games the companion knows
    folder = output_dir() / slug / "png" / deck
    if not (folder / f"{name}.png").is_file():
        raise NotFound("this server has no picture of that card")
    return send_from_directory(folder, f"{name}.png", mimetype="image/png")


@blueprint.get("/library/<slug>/boards/<name>.png")
def board_image(slug: str, name: str):
    entry = services().catalog.get(slug)  # only the games the companion knows, and only their boards
    folder = output_dir() / slug / "boards"
    if name not in {board.id for board in entry.game.boards} or not (folder / f"{name}.png").is_file():
        raise NotFound("this server has no picture of that board")
    return send_from_directory(folder, f"{name}.png", mimetype="image/png")
