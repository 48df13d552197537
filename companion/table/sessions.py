"""Game sessions: state is the game's rules folded over the events in effect; every change appends.

Writes name the sequence number they were based on, so a stale write is refused (with the game as
it is now) and never silently lost. Dice and shuffles are drawn when an event is appended, from the
game's seed and the number of draws in effect before it: undoing a roll and rolling again gives the
same result, so undo can never be used to re-roll.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import hmac
import pickle
import random
import re
import secrets
import threading
from dataclasses import dataclass
from datetime import datetime, UTC
from typing import Any
from collections.abc import Sequence

from sqlalchemy import Connection

from companion.rules import Event, RuleError, Rules, SetupConfig
from companion.rules.fields import FieldError
from companion.storage.store import EventRow, GameRow, StaleWrite, Store
from companion.table import wording
from companion.table.catalog import Catalog
from companion.table.changes import Changes
from companion.table.errors import Forbidden, Invalid, NotFound, Stale, Unauthorized
from companion.table.printed_cards import by_printed_name
from companion.table.ledger import META, Ledger, ledger

SNAPSHOT_EVERY = 100
log = logging.getLogger(__name__)
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")


@dataclass(frozen=True)
class Current:
    """A game as it stands: its row, rules, which events are in effect, and the folded state."""

    game: GameRow
    rules: Rules
    ledger: Ledger
    state: Any
    # events of the log the rules in use refuse (recorded under an earlier version of them): kept in the log and
    # shown in the history, not applied, so a game recorded before a rule was tightened still opens
    set_aside: tuple[tuple[int, str], ...] = ()

    @functools.cached_property
    def legal(self) -> list[dict[str, Any]]:
        """Every move the rules accept now, as pages and clients draw them (companion.rules.legal)."""
        return [move.as_json() for move in self.rules.legal(self.state)]

    def as_json(self) -> dict[str, Any]:
        return {"id": self.game.id, "slug": self.game.slug, "seq": self.ledger.head,
                "players": list(self.game.players), "created_at": self.game.created_at,
                "state": self.rules.view(self.state), "scores": self.rules.score(self.state),
                "legal": self.legal, "corrections": list(self.rules.corrections),
                "can_undo": bool(self.ledger.done), "can_redo": bool(self.ledger.redo)}


def public(row: EventRow, rules: Rules, players: Sequence[str] = (), target: EventRow | None = None) -> dict[str, Any]:
    """The event as the table may see it: the payload fields its rules keep hidden are left out, and the
    change in a sentence (`text`; `html` with card titles in italics). An undo or redo is worded with the
    event it targets, when given."""
    spec = rules.events.get(row.type)
    event = row.as_json()
    if spec is not None and spec.hidden:
        event["payload"] = {k: v for k, v in row.payload.items() if k not in spec.hidden}
        event["hidden"] = [k for k in spec.hidden if k in row.payload]
    aimed = public(target, rules, players) if target is not None and target.type not in META else None
    sentence = wording.describe(event, players, rules.describe, spec.description if spec else None, aimed)
    event["text"], event["html"] = wording.plain(sentence), str(wording.rich_sentence(sentence))
    return event


def _inputs(payload: dict[str, Any], spec: Any) -> dict[str, Any]:
    """What a phone sent for a stored event: its payload's fields of the event's schema (a drawn outcome, stored
    beside them, is left out; an unknown field, too, and then found missing when the check is compared)."""
    return {key: value for key, value in payload.items() if key in spec.fields}


def _drawn_again(rules: Rules, state: Any, kind: str, spec: Any, payload: dict[str, Any], seed: str) -> bool:
    """Whether the game's seed draws `payload` again for this event. A drawn value may fill a field the phone left
    empty (who starts), so the fields as stored are tried, then each one left out in turn."""
    inputs = _inputs(payload, spec)
    for tried in [inputs] + [{k: v for k, v in inputs.items() if k != key} for key in inputs]:
        try:
            if rules.prepare(state, kind, spec.check(tried), random.Random(seed)) == payload:
                return True
        except (FieldError, RuleError):
            continue
    return False


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class Sessions:
    """Creates games, reads them and appends to their logs; a per-process cache is checked against the log."""

    def __init__(self, store: Store, catalog: Catalog, changes: Changes | None = None):
        self.store, self.catalog, self.changes = store, catalog, changes
        self._cache: dict[str, Current] = {}
        self._games: dict[str, GameRow] = {}  # a game's row never changes once created
        self._lock = threading.Lock()

    def create(self, slug: str, players: list[str], options: dict[str, Any], seed: int | None = None,
               game_id: str | None = None, created_at: str | None = None) -> tuple[Current, str]:
        """A new game; returns it with its edit secret (shown once, stored only as a hash)."""
        entry = self.catalog.get(slug)
        secret = secrets.token_urlsafe(24)
        row = GameRow(game_id or secrets.token_urlsafe(12), slug, secrets.randbits(48) if seed is None else seed,
                      tuple(players), options, hash_secret(secret), created_at or now())
        self._setup(entry.rules, row)  # the rules may refuse the players or options
        with self.store.transaction() as conn:
            self.store.create_game(conn, row)
        return self.current(row.id), secret

    def adopt(self, row: GameRow, events: list[EventRow]) -> tuple[Current, str]:
        """Stores a game with its whole log (an import): every event is checked in order as a live write is
        (schema, rules, and a server-drawn outcome drawn again from the seed); a new edit secret replaces the
        old one. All or nothing."""
        entry = self.catalog.get(row.slug)
        secret = secrets.token_urlsafe(24)
        row = GameRow(row.id, row.slug, row.seed, row.players, row.options, hash_secret(secret), row.created_at)
        with self.store.transaction() as conn:
            self.store.create_game(conn, row)
            for event in events:
                self.store.append(conn, row.id, event)
            current = Current(row, entry.rules, ledger([]), self._setup(entry.rules, row))
            for index, event in enumerate(events):  # each as if a phone had sent it now
                try:
                    _, current = self._next(conn, current, event.type, event.payload, event.author, event.target,
                                            stored=event)
                except Invalid as error:
                    raise Invalid(error.message, field=f"events[{index}].{error.field or 'payload'}") from None
        with self._lock:
            self._cache[row.id] = current
        self._announce(row.id, current.ledger.head)
        return current, secret

    def current(self, game_id: str) -> Current:
        with self.store.engine.connect() as conn:
            return self._load(conn, self._game(conn, game_id))

    def events(self, game_id: str, after: int = 0, limit: int = 500) -> list[EventRow]:
        """Events as stored, hidden fields included (for export, which needs the edit secret)."""
        with self.store.engine.connect() as conn:
            self._game(conn, game_id)
            return self.store.events(conn, game_id, after, limit)

    def public_events(self, game_id: str, after: int = 0, limit: int = 500) -> list[dict[str, Any]]:
        """Events as anyone with the game's link may see them: hidden fields left out."""
        current = self.current(game_id)
        rows = self.events(game_id, after, limit)
        return [public(row, current.rules, current.game.players, self.target_of(game_id, row, rows)) for row in rows]

    def target_of(self, game_id: str, row: EventRow, rows: Sequence[EventRow] = ()) -> EventRow | None:
        """The event an undo or redo names (looked up in `rows` first), for its wording; None for others."""
        if row.type not in META or row.target is None:
            return None
        found = next((r for r in rows if r.seq == row.target), None)
        if found is None:
            found = next(iter(self.events(game_id, row.target - 1, 1)), None)
        return found if found is not None and found.seq == row.target else None

    def check_secret(self, game_id: str, secret: str | None) -> None:
        with self.store.engine.connect() as conn:
            game = self._game(conn, game_id)
        if secret is None:
            raise Unauthorized("this needs the game's edit secret (Authorization: Bearer ...)")
        if not hmac.compare_digest(hash_secret(secret), game.edit_hash):
            raise Forbidden("this is not the game's edit secret")

    def write(self, game_id: str, secret: str | None, based_on: int, kind: str, payload: dict[str, Any],
              author: str | None = None, target: int | None = None) -> tuple[EventRow, Current]:
        """Appends an event (or an undo / redo) based on sequence number `based_on`."""
        try:
            with self.store.transaction() as conn:
                game = self._game(conn, game_id, lock=True)
                if secret is None:
                    raise Unauthorized("this game can only be changed with its edit secret (Authorization: Bearer ...)")
                if not hmac.compare_digest(hash_secret(secret), game.edit_hash):
                    raise Forbidden("this is not the game's edit secret, so the game was not changed")
                current = self._load(conn, game)
                if kind in current.rules.events:  # a card may be named as printed: the rules see its id
                    payload = by_printed_name(current.rules.events[kind], payload, self.catalog.get(game.slug).game)
                if based_on != current.ledger.head:
                    raise Stale(f"the game has changed: this change was based on #{based_on} but the game is at "
                                f"#{current.ledger.head}", current=current.as_json())
                row, after = self._next(conn, current, kind, payload, author, target)
                self.store.append(conn, game_id, row)
                if kind not in META and len(after.ledger.done) % SNAPSHOT_EVERY == 0:
                    self.store.save_snapshot(conn, game_id, row.seq, after.ledger.fingerprint(row.seq),
                                             after.rules.version, pickle.dumps(after.state))
        except StaleWrite:
            raise Stale("the game changed while this change was saved; it was not applied",
                        current=self.current(game_id).as_json()) from None
        with self._lock:
            self._cache[game_id] = after
        self._announce(game_id, row.seq)
        return row, after

    def _announce(self, game_id: str, seq: int) -> None:
        """Wakes this process's streams of the game now (others hear it from the database)."""
        if self.changes is not None:
            self.changes.changed(game_id, seq)

    def _next(self, conn: Connection, current: Current, kind: str, payload: dict[str, Any], author: str | None,
              target: int | None, stored: EventRow | None = None) -> tuple[EventRow, Current]:
        """The event to append and the game after it; Invalid when the rules or the schema refuse it.

        Live writes and imports take this one path: an imported event (`stored`) is checked as if a phone had
        sent it, and an outcome the server drew must be the one the game's seed draws again."""
        seq, rules, led = current.ledger.head + 1, current.rules, current.ledger
        if kind == "undo":
            target = target if target is not None else (led.done[-1] if led.done else None)
            if target is None or target not in led.done:
                raise Invalid("There is nothing to undo." if target is None else "That change is not in effect (it was "
                              "undone already, or never made), so it cannot be undone.", field="target")
            after = led.undo(seq, target)
            row = EventRow(seq, "undo", {}, target, False, now(), author)
        elif kind == "redo":
            if not led.redo or (stored is not None and stored.target != led.redo[-1]):
                raise Invalid("There is nothing to redo." if not led.redo else "Redo brings back the change undone "
                              "last, not another.", field="target" if led.redo else "type")
            target = led.redo[-1]
            after = led.redone(seq, target)
            row = EventRow(seq, "redo", {}, target, False, now(), author)
        else:
            spec = rules.events.get(kind)
            if spec is None:
                raise Invalid(f"{kind!r} is not an event of {current.game.slug}; events: "
                              + ", ".join(sorted(rules.events) + list(META)), field="type")
            if stored is not None and stored.random != spec.random:
                raise Invalid("expected " + ("true: the server draws this event's outcome" if spec.random else
                                             "false: this event has no drawn outcome"), field="random")
            try:
                checked = spec.check(payload if stored is None else _inputs(stored.payload, spec))
                if stored is not None and not spec.random and checked != stored.payload:
                    extra = sorted(set(stored.payload) - set(checked))
                    raise FieldError(f"payload.{extra[0]}" if extra else "payload",
                                     "is not a field of this event" if extra else "differs from the event's fields "
                                     "as the server records them")
            except FieldError as error:
                raise Invalid(error.message, field=error.field) from None
            try:
                if spec.random:  # a rule may refuse while drawing (a bot's move that is not allowed now)
                    seed = f"{current.game.seed}:{led.randoms}"  # the same draws live and when an import replays
                    if stored is not None:  # drawn by the app, or settled from what the table entered
                        if not _drawn_again(rules, current.state, kind, spec, stored.payload, seed):
                            raise Invalid("the outcome recorded is not the one the server draws from the game's "
                                          "seed (an exported game cannot be given other dice)", field="payload")
                        checked = stored.payload
                    else:
                        checked = rules.prepare(current.state, kind, checked, random.Random(seed))
                row = EventRow(seq, kind, checked, None, spec.random, now(), author)
                state = rules.apply(current.state, Event(seq, kind, checked))
            except RuleError as error:
                raise Invalid(str(error), field="type") from None
            except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
                if stored is None:
                    raise
                raise Invalid(f"the event cannot be applied as recorded ({type(error).__name__})",
                              field="payload") from None
            return row, Current(current.game, rules, led.append(seq, spec.random), state, current.set_aside)
        try:
            state, _ = self._fold(conn, current.game, rules, after, extra=[row],
                                  aside={seq for seq, _ in current.set_aside})
        except RuleError as error:
            what = "undone" if kind == "undo" else "redone"
            raise Invalid(f"That change cannot be {what}: {error}", field="target") from None
        return row, Current(current.game, rules, after, state, current.set_aside)

    def _game(self, conn: Connection, game_id: str, lock: bool = False) -> GameRow:
        """The game's row. PostgreSQL writers read it with a row lock, which serialises them per game;
        otherwise a row already seen is reused."""
        if not (lock and self.store.postgres) and game_id in self._games:
            return self._games[game_id]
        game = self.store.game(conn, game_id, lock) if GAME_ID.fullmatch(game_id) else None
        if game is None:
            raise NotFound(f"no game with id {game_id!r}", field="id")
        self._games[game_id] = game
        return game

    def _setup(self, rules: Rules, game: GameRow) -> Any:
        try:
            return rules.setup(SetupConfig(game.players, game.options, self.catalog.get(game.slug).game))
        except RuleError as error:
            raise Invalid(str(error), field="players") from None

    def _load(self, conn: Connection, game: GameRow) -> Current:
        """The game now. The per-process cache is brought up to date from the rows after its head (another
        worker may have appended), so a read costs one small query when nothing changed."""
        rules = self.catalog.get(game.slug).rules
        cached = self._cache.get(game.id)
        if cached is not None:
            rows = self.store.summary(conn, game.id, after=cached.ledger.head)
            if not rows:
                return cached
            led = cached.ledger.advance(rows)
            if all(kind not in META for _, kind, _, _ in rows):  # only new ordinary events: fold them on
                state = cached.state
                for row in self.store.events(conn, game.id, after=cached.ledger.head):
                    state = rules.apply(state, Event(row.seq, row.type, row.payload))
                current = Current(game, rules, led, state, cached.set_aside)
            else:
                current = Current(game, rules, led, *self._fold(conn, game, rules, led, lenient=True))
        else:
            led = ledger(self.store.summary(conn, game.id))
            current = Current(game, rules, led, *self._fold(conn, game, rules, led, lenient=True))
        with self._lock:
            self._cache[game.id] = current
        return current

    def _fold(self, conn: Connection, game: GameRow, rules: Rules, led: Ledger, extra: Sequence[EventRow] = (),
              lenient: bool = False, aside: set[int] | frozenset[int] = frozenset()
              ) -> tuple[Any, tuple[tuple[int, str], ...]]:
        """The state after the events in effect, starting from the newest snapshot that still holds, and the events
        set aside. `aside` are events already set aside (skipped); `lenient`: an event the rules refuse is set aside
        with their sentence (a game recorded under an earlier version of the rules), rather than raising."""
        state, start = None, 0
        for seq, fingerprint, version, blob in self.store.snapshots(conn, game.id, led.head):
            if version == rules.version and fingerprint == led.fingerprint(seq):
                state, start = pickle.loads(blob), seq
                break
        if state is None:
            state = self._setup(rules, game)
        wanted = {s for s in led.done if s > start}
        rows = [r for r in self.store.iter_events(conn, game.id, start) if r.seq in wanted]
        rows += [r for r in extra if r.seq in wanted]
        refused: list[tuple[int, str]] = []
        for row in rows:
            if row.seq in aside:
                continue
            try:
                state = rules.apply(state, Event(row.seq, row.type, row.payload))
            except RuleError as error:
                if not lenient:
                    raise
                refused.append((row.seq, str(error)))
                log.warning("game %s: event #%s (%s) is set aside: the rules in use refuse it: %s", game.id, row.seq,
                            row.type, error)
        return state, tuple(refused)

