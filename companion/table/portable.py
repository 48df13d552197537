"""Export and import of a whole game as one JSON document, so a game moves between servers intact."""

from __future__ import annotations

from typing import Any

from companion.rules.fields import Field, FieldError, is_unicode
from companion.storage.store import DuplicateGame, EventRow, GameRow
from companion.table.errors import Invalid, Stale
from companion.table.sessions import GAME_ID

FORMAT = "pnpkit-companion-game"
VERSION = 1


def export_game(services, game_id: str) -> dict[str, Any]:
    """The game's setup and its complete log (undos included); never its edit secret."""
    current = services.sessions.current(game_id)
    game = current.game
    with services.store.engine.connect() as conn:
        events = [row.as_json() for row in services.store.iter_events(conn, game_id)]
    return {"format": FORMAT, "version": VERSION,
            "game": {"id": game.id, "slug": game.slug, "seed": game.seed, "players": list(game.players),
                     "options": game.options, "created_at": game.created_at},
            "events": events}


def import_game(services, doc: dict[str, Any]):
    """Stores an exported game under its own id with a new edit secret; Invalid names what is wrong."""
    if doc.get("format") != FORMAT or doc.get("version") != VERSION:
        raise Invalid(f"not an exported game: expected format {FORMAT!r} version {VERSION}", field="format")
    game = _object(doc.get("game"), "game")
    row = GameRow(
        id=_game_id(game.get("id")), slug=_text(game.get("slug"), "game.slug", 64),
        seed=_integer(game.get("seed"), "game.seed", 2**48 - 1), players=tuple(_players(game.get("players"))),
        options=_unicode(_object(game.get("options", {}), "game.options"), "game.options"), edit_hash="",
        created_at=_text(game.get("created_at"), "game.created_at", 32))
    raw_events = doc.get("events")
    if not isinstance(raw_events, list):
        raise Invalid("expected a list of events", field="events")
    events = [_event(raw, index) for index, raw in enumerate(raw_events)]
    try:
        return services.sessions.adopt(row, events)
    except DuplicateGame:
        raise Stale(f"a game with id {row.id!r} already exists here", field="game.id") from None


def _event(raw: Any, index: int) -> EventRow:
    where = f"events[{index}]"
    raw = _object(raw, where)
    seq = _integer(raw.get("seq"), f"{where}.seq")
    if seq != index + 1:
        raise Invalid(f"expected event #{index + 1} (events are numbered from 1 without gaps), found #{seq}",
                      field=f"{where}.seq")
    target = raw.get("target")
    if target is not None:
        target = _integer(target, f"{where}.target")
    random_ = raw.get("random", False)
    if not isinstance(random_, bool):
        raise Invalid("expected true or false", field=f"{where}.random")
    author = raw.get("author")
    payload = _unicode(_object(raw.get("payload", {}), f"{where}.payload"), f"{where}.payload")
    return EventRow(seq, _text(raw.get("type"), f"{where}.type", 64), payload,
                    target, random_, _text(raw.get("created_at"), f"{where}.created_at", 32),
                    _text(author, f"{where}.author", 64) if author is not None else None)


def _object(value: Any, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise Invalid(f"expected an object, found {value!r}"[:200], field=field)
    return value


def _text(value: Any, field: str, limit: int) -> str:
    if not isinstance(value, str) or not value or len(value) > limit or "\x00" in value or not is_unicode(value):
        raise Invalid(f"expected text of 1 to {limit} characters, found {value!r}"[:200], field=field)
    return value


def _unicode(value: Any, field: str) -> Any:
    """`value` (a payload) with every text in it checked to be valid Unicode, since pages will show it."""
    if isinstance(value, str) and not is_unicode(value):
        raise Invalid("expected text, found characters that are not valid Unicode (an unpaired surrogate)", field=field)
    if isinstance(value, dict):
        for key, item in value.items():
            _unicode(key, field)
            _unicode(item, f"{field}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _unicode(item, f"{field}[{i}]")
    return value


def _game_id(value: Any) -> str:
    if not isinstance(value, str) or not GAME_ID.fullmatch(value) or value == "import":
        raise Invalid(f"expected 1 to 40 letters, digits, - or _ (not the word import), found {value!r}"[:200],
                      field="game.id")
    return value


def _integer(value: Any, field: str, most: int = 10**9) -> int:
    try:  # the live API's own check of a whole number (8.0 is 8)
        return Field("integer", minimum=0, maximum=most).check(field, value)
    except FieldError as error:
        raise Invalid(error.message[:200], field=field) from None


def _players(value: Any) -> list[str]:
    if not isinstance(value, list) or not value or len(value) > 12:
        raise Invalid("expected 1 to 12 player names", field="game.players")
    return [_text(name, f"game.players[{i}]", 40) for i, name in enumerate(value)]
