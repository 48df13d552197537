"""The OpenAPI document of the JSON API, built from the same schemas the API checks requests with."""

from __future__ import annotations

from typing import Any

from companion import __version__
from companion.catalog import Catalog
from companion.rules.fields import Field

ERROR = {"type": "object", "required": ["error"], "properties": {
    "error": {"type": "string", "description": "What is wrong, as a sentence."},
    "field": {"type": "string", "description": "The request field it concerns."},
    "current": {"$ref": "#/components/schemas/Game"}}}
GAME = {"type": "object", "properties": {
    "id": {"type": "string"}, "slug": {"type": "string"}, "seq": {"type": "integer"},
    "players": {"type": "array", "items": {"type": "string"}}, "created_at": {"type": "string"},
    "state": {"type": "object", "description": "The game's public state, as its rules show it."},
    "scores": {"type": "object"}, "can_undo": {"type": "boolean"}, "can_redo": {"type": "boolean"}}}
EVENT = {"type": "object", "properties": {
    "seq": {"type": "integer"}, "type": {"type": "string"}, "payload": {"type": "object"},
    "target": {"type": ["integer", "null"]}, "random": {"type": "boolean"}, "created_at": {"type": "string"},
    "author": {"type": ["string", "null"]}}}


def _object(fields: dict[str, Field | None]) -> dict[str, Any]:
    properties = {name: (spec.json_schema() if spec else {"type": "object"}) for name, spec in fields.items()}
    required = [name for name, spec in fields.items() if spec is not None and spec.required]
    return {"type": "object", "additionalProperties": False, "properties": properties, "required": required}


def _responses(ok: str, schema: dict[str, Any], *errors: int) -> dict[str, Any]:
    reasons = {400: "Not a JSON object", 403: "No or wrong edit secret", 404: "No such game",
               409: "Based on an old sequence number: the body carries the game as it is now",
               413: "Body too large", 422: "A field that does not fit, or an event the rules refuse"}
    responses: dict[str, Any] = {ok: {"description": "OK", "content": {"application/json": {"schema": schema}}}}
    for code in errors:
        responses[str(code)] = {"description": reasons[code], "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Error"}}}}
    return responses


def document(catalog: Catalog) -> dict[str, Any]:
    from companion.api import CREATE, WRITE  # the API's own request schemas

    game_ref = {"$ref": "#/components/schemas/Game"}
    game_id = [{"name": "game_id", "in": "path", "required": True, "schema": {"type": "string", "maxLength": 40}}]
    secured = [{"editSecret": []}]
    write = {"requestBody": {"required": True, "content": {"application/json": {"schema": _object(WRITE)}}},
             "parameters": game_id, "security": secured,
             "responses": _responses("201", game_ref, 400, 403, 404, 409, 413, 422)}
    undo = {k: WRITE[k] for k in ("based_on", "author", "target")}
    redo = {k: WRITE[k] for k in ("based_on", "author")}
    events = {f"{slug}.{kind}": {**spec.json_schema(), "x-random": spec.random}
              for slug, entry in catalog.entries.items() for kind, spec in entry.rules.events.items()}
    return {
        "openapi": "3.1.0",
        "info": {"title": "pnpkit companion", "version": __version__,
                 "description": "Game sessions as append-only event logs. Every write names the sequence number "
                                "it was based on; a stale write gets 409 with the current game."},
        "components": {"schemas": {"Error": ERROR, "Game": GAME, "Event": EVENT, **events},
                       "securitySchemes": {"editSecret": {"type": "http", "scheme": "bearer",
                                                          "description": "The edit secret returned at creation."}}},
        "paths": {
            "/api/games": {
                "get": {"summary": "List games", "responses": _responses("200", {"type": "array"})},
                "post": {"summary": "Create a game", "requestBody": {"required": True, "content": {
                    "application/json": {"schema": _object(CREATE)}}},
                    "responses": _responses("201", game_ref, 400, 404, 413, 422)}},
            "/api/games/import": {"post": {"summary": "Import an exported game", "requestBody": {
                "required": True, "content": {"application/json": {"schema": {"type": "object"}}}},
                "responses": _responses("201", game_ref, 400, 404, 409, 413, 422)}},
            "/api/games/{game_id}": {"get": {"summary": "The game now: seq, state, scores", "parameters": game_id,
                                             "responses": _responses("200", game_ref, 404)}},
            "/api/games/{game_id}/events": {
                "get": {"summary": "The event log", "parameters": game_id + [
                    {"name": "after", "in": "query", "schema": {"type": "integer", "minimum": 0}},
                    {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1}}],
                    "responses": _responses("200", {"type": "array", "items": {"$ref": "#/components/schemas/Event"}},
                                            404, 422)},
                "post": {"summary": "Append an event (payload per game: components.schemas.<slug>.<type>)", **write}},
            "/api/games/{game_id}/undo": {"post": {"summary": "Undo the last event in effect, or #target", **write,
                                                   "requestBody": {"required": True, "content": {
                                                       "application/json": {"schema": _object(undo)}}}}},
            "/api/games/{game_id}/redo": {"post": {"summary": "Redo the last undone event", **write,
                                                   "requestBody": {"required": True, "content": {
                                                       "application/json": {"schema": _object(redo)}}}}},
            "/api/games/{game_id}/export": {"get": {"summary": "The whole game as one JSON document (hidden "
                                                               "fields included, so it needs the edit secret)",
                                                    "parameters": game_id, "security": secured,
                                                    "responses": _responses("200", {"type": "object"}, 403, 404)}},
            "/api/games/{game_id}/stream": {"get": {"summary": "Server-sent events: each change as it happens",
                                                    "parameters": game_id, "responses": {"200": {
                                                        "description": "text/event-stream"}}}},
            "/api/catalog": {"get": {"summary": "The games this server can play",
                                     "responses": _responses("200", {"type": "array"})}},
        },
    }
