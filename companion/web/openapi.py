"""The OpenAPI document of the JSON API, built from the same schemas the API checks requests with."""

from __future__ import annotations

from typing import Any

from companion.rules.fields import Field
from companion.table.catalog import Catalog
from companion.table.names import AUTHOR, PLAYERS
from companion.table.portable import FORMAT, READS
from companion.version import __version__
from companion.web.request_schemas import CREATE, WRITE  # the API's own request schemas

ERROR = {"type": "object", "required": ["error"], "properties": {
    "error": {"type": "string", "description": "What is wrong, as a sentence."},
    "field": {"type": "string", "description": "The request field it concerns."},
    "current": {"$ref": "#/components/schemas/Game"}}}
GAME = {"type": "object", "properties": {
    "id": {"type": "string"}, "slug": {"type": "string"}, "seq": {"type": "integer"},
    "players": {"type": "array", "items": {"type": "string"}}, "created_at": {"type": "string"},
    "seed": {"type": ["integer", "null"], "description": "The seed chosen when the game was created (a server that "
             "allows it: tests, the lab), from which anyone can foresee its dice; null: the server's secret draws."},
    "state": {"type": "object", "description": "The game's public state, as its rules show it."},
    "scores": {"type": "object"}, "can_undo": {"type": "boolean"}, "can_redo": {"type": "boolean"},
    "legal": {"type": "array", "description": "Every move the rules accept now: post one as an event with its `payload` "
              "and a value for each of its `choices` (each from its `options`, or from `low` to `high`; one with "
              "`draw` may be left out for the app to draw it; one whose `field` is empty merges its value's fields).",
              "items": {"$ref": "#/components/schemas/LegalMove"}},
    "corrections": {"type": "array", "items": {"type": "string"},
                    "description": "Events that fix the record when the table did something else; not moves."}}}
CHOICE = {"type": "object", "required": ["field", "label", "kind", "options"], "properties": {
    "field": {"type": "string", "description": "The payload field it fills; empty: each value is an object of fields."},
    "label": {"type": "string", "description": "The question, in the players' words."},
    "kind": {"type": "string", "enum": ["pick", "seat", "card", "cards", "number", "die", "dice", "flag", "text"]},
    "options": {"type": "array", "items": {"type": "array", "minItems": 2, "maxItems": 2},
                "description": "[value, label] pairs: the values that can be there, each with its printed words."},
    "low": {"type": "integer"}, "high": {"type": "integer"}, "count": {"type": "integer"},
    "optional": {"type": "boolean"}, "draw": {"type": "string", "description": "Words of the app's draw or roll."}}}
LEGAL_MOVE = {"type": "object", "required": ["key", "event", "label", "payload", "choices", "group", "primary"],
              "properties": {
    "key": {"type": "string", "description": "The move as a control: the same key means the same move."},
    "event": {"type": "string"}, "label": {"type": "string", "description": "The move in the players' words."},
    "payload": {"type": "object", "description": "The fields it always sends."},
    "choices": {"type": "array", "items": {"$ref": "#/components/schemas/Choice"}},
    "seat": {"type": ["integer", "null"], "description": "Whose move it is; null: the table's."},
    "group": {"type": "string", "enum": ["setup", "turn", "chance", "end"]}, "primary": {"type": "boolean"},
    "help": {"type": "string"}, "submit": {"type": "string"}, "short": {"type": "string"}}}
EVENT = {"type": "object", "properties": {
    "seq": {"type": "integer"}, "type": {"type": "string"}, "payload": {"type": "object"},
    "target": {"type": ["integer", "null"]}, "random": {"type": "boolean"}, "created_at": {"type": "string"},
    "author": {"type": ["string", "null"]}}}


def _object(fields: dict[str, Field | None]) -> dict[str, Any]:
    """A request body: its fields' schemas; an optional field may also be null (read as left out)."""
    properties = {name: (_nullable(spec.json_schema()) if spec and not spec.required else spec.json_schema() if spec
                         else {"type": ["object", "null"]}) for name, spec in fields.items()}
    required = [name for name, spec in fields.items() if spec is not None and spec.required]
    return {"type": "object", "additionalProperties": False, "properties": properties, "required": required}


REASONS = {400: "Not a JSON object, or JSON nested too deeply", 401: "No edit secret (Authorization: Bearer ...)",
           403: "Not the game's edit secret", 404: "No such game",
           405: "Not a method of this address (the Allow header lists those that are)",
           409: "Based on an old sequence number: the body carries the game as it is now",
           413: "Body too large", 422: "A field that does not fit, or an event the rules refuse"}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {**schema, "type": [schema["type"], "null"]}


def _errors(*codes: int) -> dict[str, Any]:
    return {str(code): {"description": REASONS[code], "content": {"application/json": {
        "schema": {"$ref": "#/components/schemas/Error"}}}} for code in codes}


def _responses(ok: str, schema: dict[str, Any], *errors: int, links: dict[str, Any] | None = None) -> dict[str, Any]:
    answer: dict[str, Any] = {"description": "OK", "content": {"application/json": {"schema": schema}}}
    if links:
        answer["links"] = links
    return {ok: answer, **_errors(*errors)}


NUMBER = {"type": "integer", "minimum": 0, "maximum": 2**31 - 1}
SSE = {"type": "object", "description": "One server-sent event: `change` (data: {event, seq}) or `beat` (data: {})",
       "required": ["event", "data"], "properties": {
           "event": {"enum": ["change", "beat"]}, "data": {"type": "string", "contentMediaType": "application/json"},
           "id": {"type": "string", "pattern": "^[0-9]+$"}, "retry": {"type": "integer"}}}  # what the database stores for a sequence number


def _export() -> dict[str, Any]:
    text = {"type": "string", "minLength": 1}
    moment = {**text, "maxLength": 32, "format": "date-time"}
    game = {"type": "object", "required": ["id", "slug", "players", "created_at"], "additionalProperties": False,
            "properties": {
        "id": {"type": "string", "pattern": "^(?!import$)[A-Za-z0-9_-]{1,40}$"}, "slug": {**text, "maxLength": 64},
        "seed": {"type": "integer", "minimum": 0, "maximum": 2**48 - 1,
                 "description": "Only for a game created with a chosen seed (version 2); every version 1 export has it."},
        "players": {**PLAYERS.json_schema(), "description": "As a created game takes them: no two alike, none blank."},
        "options": {"type": "object"}, "created_at": moment}}
    event = {"type": "object", "required": ["seq", "type", "created_at"], "additionalProperties": False, "properties": {
        "seq": {**NUMBER, "minimum": 1}, "type": {**text, "maxLength": 64}, "payload": {"type": "object"},
        "target": {"type": ["integer", "null"], "minimum": 1,
                   "description": "The event an undo or redo names (an undo without one undoes the last change)."},
        "random": {"type": "boolean"}, "created_at": moment, "author": _nullable(AUTHOR.json_schema())}}
    draws = {"type": "array", "items": {**text, "maxLength": 100},
             "description": "The seed of each draw the game made, in order, so the importing server can check every "
                            "drawn outcome; never the key later draws come from (version 2)."}
    return {"type": "object", "required": ["format", "version", "game", "events"], "additionalProperties": False,
            "description": "As GET /api/games/{game_id}/export gives it (version 2; version 1 is still read); every "
                           "event is checked as a live write, and the rows stored are the rows checked.",
            "properties": {"format": {"const": FORMAT}, "version": {"enum": list(READS)}, "game": game,
                           "draws": draws, "events": {"type": "array", "items": event}}}


def document(catalog: Catalog) -> dict[str, Any]:
    """The OpenAPI 3.1 document: exactly what each route accepts and answers (tested with schemathesis)."""
    game_ref = {"$ref": "#/components/schemas/Game"}
    game_id = [{"name": "game_id", "in": "path", "required": True,
                "schema": {"type": "string", "pattern": "^(?!import$)[A-Za-z0-9_-]{1,40}$"}}]
    after = {"name": "after", "in": "query", "schema": NUMBER}
    secured: list[dict[str, list[str]]] = [{"editSecret": []}]
    follow = {name: {"operationId": operation, "parameters": {"game_id": "$response.body#/id"}}
              for name, operation in (("GetGame", "getGame"), ("GetEvents", "getEvents"),
                                      ("AppendEvent", "appendEvent"), ("Undo", "undo"), ("Redo", "redo"),
                                      ("ExportGame", "exportGame"), ("FollowGame", "followGame"))}

    def write(operation: str, summary: str, fields: dict[str, Any]) -> dict[str, Any]:
        return {"summary": summary, "operationId": operation, "parameters": game_id, "security": secured,
                "requestBody": {"required": True, "content": {"application/json": {"schema": _object(fields)}}},
                "responses": _responses("201", game_ref, 400, 401, 403, 404, 409, 413, 422, links=follow)}

    create = _object(CREATE)
    create["properties"]["slug"]["enum"] = sorted(catalog.entries)  # the games this server can play
    events = {f"{slug}.{kind}": {**spec.json_schema(), "x-random": spec.random}
              for slug, entry in catalog.entries.items() for kind, spec in entry.rules.events.items()}
    return {
        "openapi": "3.1.0",
        "info": {"title": "pnpkit companion", "version": __version__,
                 "description": "Game sessions as append-only event logs. Every write names the sequence number "
                                "it was based on; a stale write gets 409 with the current game. Any other "
                                "method of an address answers 405 with an Allow header."},
        "components": {"schemas": {"Error": ERROR, "Game": GAME, "LegalMove": LEGAL_MOVE, "Choice": CHOICE, "Event": EVENT,
                                   "Export": _export(), **events},
                       "securitySchemes": {"editSecret": {"type": "http", "scheme": "bearer",
                                                          "description": "The edit secret returned at creation."}}},
        "paths": {
            "/api/games": {
                "get": {"summary": "List games", "operationId": "listGames",
                        "responses": _responses("200", {"type": "array"})},
                "post": {"summary": "Create a game", "operationId": "createGame", "requestBody": {
                    "required": True, "content": {"application/json": {"schema": create}}},
                    "responses": _responses("201", game_ref, 400, 404, 413, 422, links=follow)}},
            "/api/games/import": {"post": {
                "summary": "Import an exported game", "operationId": "importGame",
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Export"}}}},
                "responses": _responses("201", game_ref, 400, 404, 409, 413, 422, links=follow)}},
            "/api/games/{game_id}": {"get": {"summary": "The game now: seq, state, scores", "operationId": "getGame",
                                             "parameters": game_id, "responses": _responses("200", game_ref, 404)}},
            "/api/games/{game_id}/events": {
                "get": {"summary": "The event log", "operationId": "getEvents", "parameters": game_id + [
                    after, {"name": "limit", "in": "query", "schema": {**NUMBER, "minimum": 1}}],
                    "responses": _responses("200", {"type": "array", "items": {"$ref": "#/components/schemas/Event"}},
                                            404, 422)},
                "post": write("appendEvent", "Append an event (payload per game: components.schemas.<slug>.<type>)",
                              WRITE)},
            "/api/games/{game_id}/undo": {"post": write("undo", "Undo the last event in effect, or #target",
                                                        {k: WRITE[k] for k in ("based_on", "author", "target")})},
            "/api/games/{game_id}/redo": {"post": write("redo", "Redo the last undone event",
                                                        {k: WRITE[k] for k in ("based_on", "author")})},
            "/api/games/{game_id}/export": {"get": {
                "summary": "The whole game as one JSON document (hidden fields included, so it needs the edit "
                           "secret)", "operationId": "exportGame", "parameters": game_id, "security": secured,
                "responses": _responses("200", {"$ref": "#/components/schemas/Export"}, 401, 403, 404)}},
            "/api/games/{game_id}/stream": {"get": {
                "summary": "Server-sent events: each change (the event in words and the game's new seq) as it "
                           "happens, and a beat every 2 s", "operationId": "followGame",
                "parameters": game_id + [after, {"name": "Last-Event-ID", "in": "header", "required": False,
                                                 "schema": {"type": "string"}}],
                "responses": {"200": {"description": "OK", "content": {"text/event-stream": {
                    "schema": SSE}}}, **_errors(404, 422)}}},
            "/api/catalog": {"get": {"summary": "The games this server can play", "operationId": "catalog",
                                     "responses": _responses("200", {"type": "array"})}},
            "/api/openapi.json": {"get": {"summary": "This document", "operationId": "openapi",
                                          "responses": _responses("200", {"type": "object"})}},
        },
    }
