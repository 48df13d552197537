"""The JSON API: create games, read them, append events (undo and redo too), the log, export and import."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify, request, url_for
from werkzeug.routing import BaseConverter

from companion.rules.fields import Field, FieldError
from companion.table.errors import BadRequest, Invalid
from companion.table.names import player_names
from companion.table.portable import export_game, import_game
from companion.table.sessions import public
from companion.web.group_keys import group_for_game
from companion.web.openapi import document
from companion.web.request_schemas import CREATE, WRITE
from companion.web.services import services

blueprint = Blueprint("api", __name__, url_prefix="/api")


class GameId(BaseConverter):
    """A game's id in an address, never `import` (POST /api/games/import), so that address allows only POST."""

    regex = r"(?!import$)[A-Za-z0-9_-]{1,40}"


@blueprint.record_once
def _converter(state) -> None:
    state.app.url_map.converters["game"] = GameId


def body(fields: dict[str, Field | None]) -> dict[str, Any]:
    """The request's JSON object with each field checked; 400 for no JSON, 422 naming a bad field."""
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise BadRequest("the request body must be a JSON object")
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise Invalid(f"unknown field; fields: {', '.join(fields)}", field=unknown[0])
    checked: dict[str, Any] = {}
    for name, spec in fields.items():
        value = data.get(name)
        if spec is None:  # an object checked later by the game's own schema
            if value is not None and not isinstance(value, dict):
                raise Invalid(f"expected an object, found {value!r}"[:200], field=name)
            checked[name] = value or {}
        elif value is None:
            if spec.required:
                raise Invalid("is required", field=name)
            checked[name] = None
        else:
            try:
                checked[name] = spec.check(name, value)
            except FieldError as error:
                raise Invalid(error.message, field=error.field) from None
    return checked


def query_number(name: str, default: int, least: int = 0, most: int = 2**31 - 1) -> int:
    """A whole number from the query string, within what the database stores; 422 naming the parameter if not."""
    raw = request.args.get(name)
    if raw is None:
        return default
    if not raw.strip().isdigit() or not least <= int(raw) <= most:
        raise Invalid(f"expected a whole number from {least} to {most}, found {raw[:40]!r}", field=name)
    return int(raw)


def bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    return header[7:].strip() or None if header.startswith("Bearer ") else None


def links(game_id: str, secret: str | None = None) -> dict[str, str]:
    play = url_for("pages.game", game_id=game_id)
    return {"play": f"{play}#key={secret}" if secret else play, "watch": url_for("pages.watch", game_id=game_id),
            "api": url_for("api.game", game_id=game_id), "stream": url_for("stream.events", game_id=game_id)}


@blueprint.get("/openapi.json")
def openapi():
    return jsonify(document(services().catalog))


@blueprint.get("/catalog")
def catalog():
    return jsonify(services().catalog.describe())


@blueprint.get("/games")
def games():
    with services().store.engine.connect() as conn:
        rows = services().store.list_games(conn)
    return jsonify([{"id": g.id, "slug": g.slug, "players": list(g.players), "created_at": g.created_at,
                     "seq": head, "links": links(g.id)} for g, head in rows])


@blueprint.post("/games")
def create():
    data = body(CREATE)
    if data["seed"] is not None and not current_app.config["ALLOW_CHOSEN_SEED"]:
        raise Invalid("this server draws every game's dice from a secret of its own, so no seed can be chosen (a "
                      "seed is for tests and the lab: start the server with COMPANION_ALLOW_SEED=1)", field="seed")
    group = group_for_game(data.get("group"), data.get("group_key"))
    current, secret = services().sessions.create(data["slug"], player_names(data["players"], "players"),
                                                 data["options"], data["seed"], group=group,
                                                 playtest=bool(data.get("playtest")))
    return jsonify({**current.as_json(), "edit_secret": secret, "links": links(current.game.id, secret)}), 201


@blueprint.get("/games/<game:game_id>")
def game(game_id: str):
    return jsonify(services().sessions.current(game_id).as_json())


@blueprint.post("/games/<game_id>/events")
def append(game_id: str):
    data = body(WRITE)
    return _write(game_id, data["type"], data)


@blueprint.post("/games/<game_id>/undo")
def undo(game_id: str):
    data = body({k: WRITE[k] for k in ("based_on", "author", "target")})
    return _write(game_id, "undo", {**data, "payload": {}})


@blueprint.post("/games/<game_id>/redo")
def redo(game_id: str):
    data = body({k: WRITE[k] for k in ("based_on", "author")})
    return _write(game_id, "redo", {**data, "payload": {}, "target": None})


def _write(game_id: str, kind: str, data: dict[str, Any]):
    row, current = services().sessions.write(game_id, bearer(), data["based_on"], kind, data["payload"],
                                             data.get("author"), data.get("target"))
    target = services().sessions.target_of(game_id, row)
    return jsonify({"event": public(row, current.rules, current.game.players, target), **current.as_json()}), 201


@blueprint.get("/games/<game_id>/events")
def log(game_id: str):
    after = query_number("after", 0)
    limit = min(query_number("limit", 500, least=1), 5000)
    return jsonify(services().sessions.public_events(game_id, after, limit))


@blueprint.get("/games/<game_id>/export")
def export(game_id: str):
    services().sessions.check_secret(game_id, bearer())  # the full log holds what the rules keep hidden
    response = jsonify(export_game(services(), game_id))
    response.headers["Content-Disposition"] = f'attachment; filename="pnpkit-game-{game_id}.json"'
    return response


@blueprint.post("/games/import")
def import_():
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise BadRequest("the request body must be an exported game (a JSON object)")
    current, secret = import_game(services(), data)
    return jsonify({**current.as_json(), "edit_secret": secret, "links": links(current.game.id, secret)}), 201

