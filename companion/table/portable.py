"""Export and import of a whole game as one JSON document, so a game moves between servers intact.

An export (version 2) carries the game's setup, its complete log, and the seeds of the draws it has made, so the
importing server checks every drawn outcome; never the game's draw key, so nobody holding an export can tell a
draw still to come (table/draws.py). Version 1 exports, which carried the game's one seed, are still read.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from companion.rules.fields import Field, FieldError, is_unicode
from companion.storage.store import DuplicateGame, EventRow, GameRow
from companion.table.draws import made_so_far
from companion.table.errors import Invalid, Stale
from companion.table.ledger import ledger
from companion.table.names import author, player_names
from companion.table.sessions import GAME_ID

FORMAT = "pnpkit-companion-game"
VERSION = 2
READS = (1, 2)
GAME_FIELDS = {"id", "slug", "seed", "players", "options", "created_at"}
EVENT_FIELDS = {"seq", "type", "payload", "target", "random", "created_at", "author"}


def export_game(services, game_id: str) -> dict[str, Any]:
    """The game's setup, its complete log (undos included) and the seeds of the draws in it; never its edit
    secret or its draw key."""
    game = services.sessions.current(game_id).game
    with services.store.engine.connect() as conn:
        rows = list(services.store.iter_events(conn, game_id))
    made = ledger([(row.seq, row.type, row.target, row.random) for row in rows]).draws  # of these very rows
    setup = {"id": game.id, "slug": game.slug, "players": list(game.players), "options": game.options,
             "created_at": game.created_at}
    if game.seed is not None:  # chosen at creation and public: said, for a replay
        setup["seed"] = game.seed
    return {"format": FORMAT, "version": VERSION, "game": setup, "draws": made_so_far(game, made),
            "events": [row.as_json() for row in rows]}


def import_game(services, doc: dict[str, Any]):
    """Stores an exported game under its own id with a new edit secret; Invalid names what is wrong."""
    if doc.get("format") != FORMAT or doc.get("version") not in READS:
        raise Invalid(f"not an exported game: expected format {FORMAT!r} version 1 or {VERSION}", field="format")
    _known(doc, {"format", "version", "game", "events"} | ({"draws"} if doc["version"] == 2 else set()), "")
    game = _object(doc.get("game"), "game")
    _known(game, GAME_FIELDS, "game.")
    seed = game.get("seed")
    if doc["version"] == 1 or seed is not None:
        seed = _integer(seed, "game.seed", 2**48 - 1)
    row = GameRow(id=_game_id(game.get("id")), slug=_text(game.get("slug"), "game.slug", 64), seed=seed,
                  players=tuple(player_names(game.get("players"), "game.players")),
                  options=_unicode(_object(game.get("options", {}), "game.options"), "game.options"), edit_hash="",
                  created_at=_moment(game.get("created_at"), "game.created_at"))
    raw_events = doc.get("events")
    if not isinstance(raw_events, list):
        raise Invalid("expected a list of events", field="events")
    events = [_event(raw, index) for index, raw in enumerate(raw_events)]
    if doc["version"] == 1:
        def seed_for(n: int) -> str | None:
            return f"{seed}:{n}"
    else:
        seeds = _seeds(doc.get("draws"), len(events))

        def seed_for(n: int) -> str | None:
            return seeds[n] if n < len(seeds) else None
    try:
        return services.sessions.adopt(row, events, seed_for)
    except DuplicateGame:
        raise Stale(f"a game with id {row.id!r} already exists here", field="game.id") from None


def _event(raw: Any, index: int) -> EventRow:
    where = f"events[{index}]"
    raw = _object(raw, where)
    _known(raw, EVENT_FIELDS, f"{where}.")
    seq = _integer(raw.get("seq"), f"{where}.seq")
    target = raw.get("target")
    if target is not None:
        target = _integer(target, f"{where}.target")
    random_ = raw.get("random", False)
    if not isinstance(random_, bool):
        raise Invalid("expected true or false", field=f"{where}.random")
    payload = _unicode(_object(raw.get("payload", {}), f"{where}.payload"), f"{where}.payload")
    return EventRow(seq, _text(raw.get("type"), f"{where}.type", 64), payload, target, random_,
                    _moment(raw.get("created_at"), f"{where}.created_at"), author(raw.get("author"), f"{where}.author"))


def _known(value: dict[str, Any], fields: set[str], prefix: str) -> None:
    unknown = sorted(set(value) - fields)
    if unknown:
        raise Invalid(f"not a field of an exported game; fields: {', '.join(sorted(fields))}",
                      field=f"{prefix}{unknown[0]}"[:200])


def _seeds(value: Any, events: int) -> list[str]:
    """The seeds of the draws the game made: one text per draw, never more draws than events."""
    if not isinstance(value, list) or len(value) > events:
        raise Invalid("expected the list of the seeds of the game's draws, one per draw (no more than its events)",
                      field="draws")
    return [_text(seed, f"draws[{n}]", 100) for n, seed in enumerate(value)]


def _moment(value: Any, field: str) -> str:
    """A time as the server writes it (ISO 8601 with its offset from UTC)."""
    text = _text(value, field, 32)
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise Invalid(f"expected a time such as 2026-11-26T18:05:00.000+00:00, found {text!r}", field=field)
    return text


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
