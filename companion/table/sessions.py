"""Game sessions: state is the game's rules folded over the events in effect; every change appends.

Writes name the sequence number they were based on, so a stale write is refused (with the game as
it is now) and never silently lost. Dice and shuffles are drawn when an event is appended, from the seed
of the draw's number (the draws in effect before it; table/draws.py): undoing a roll and rolling again gives
the same result, so undo can never be used to re-roll, and nobody can foresee a draw still to come.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import hmac
import pickle
import re
import secrets
import threading
from dataclasses import dataclass, field, replace
from datetime import datetime, UTC
from typing import TYPE_CHECKING, Any
from collections.abc import Callable, Sequence

from sqlalchemy import Connection

from companion.rules import Event, RuleError, Rules, SetupConfig
from companion.storage.store import DuplicateGame, EventRow, GameRow, StaleWrite, Store
from companion.table import draws, wording
from companion.table.catalog import Catalog
from companion.table.changes import Changes
from companion.table.checking import ordinary
from companion.table.draws import seed_for
from companion.table.errors import Forbidden, Invalid, NotFound, Stale, Unauthorized
from companion.table.printed_cards import by_printed_name
from companion.table.ledger import META, Ledger, ledger
from companion.table.replay import BUDGET_BASE, BUDGET_PER_EVENT, Budget, Replay

if TYPE_CHECKING:
    from companion.plays.keeper import Keeper

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
    # what pages and streams made from this very game state (a panel, the events after a number), made once for
    # every phone of the table: the next change makes a new Current, so nothing here is ever stale
    made: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    @functools.cached_property
    def scores(self) -> dict[str, Any]:
        """The rules' score of the game now (made once for this state)."""
        return self.rules.score(self.state)

    @functools.cached_property
    def legal(self) -> list[dict[str, Any]]:
        """Every move the rules accept now, as pages and clients draw them (companion.rules.legal)."""
        return [move.as_json() for move in self.rules.legal(self.state)]

    def as_json(self) -> dict[str, Any]:
        return {"id": self.game.id, "slug": self.game.slug, "seq": self.ledger.head,
                "players": list(self.game.players), "created_at": self.game.created_at,
                "seed": self.game.seed,  # a seed chosen at creation (anyone may foresee its dice); null otherwise
                "state": self.rules.view(self.state), "scores": self.scores,
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


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class Sessions:
    """Creates games, reads them and appends to their logs; a per-process cache is checked against the log."""

    def __init__(self, store: Store, catalog: Catalog, changes: Changes | None = None,
                 keeper: Keeper | None = None):
        self.store, self.catalog, self.changes = store, catalog, changes
        # called in the transaction of every change, with the game before and after it: keeps each game's play
        # (companion.plays.keeper); a failure there is logged and never refuses the change
        self.keeper = keeper
        self._cache: dict[str, Current] = {}
        self._games: dict[str, GameRow] = {}  # a game's row never changes once created
        self._lock = threading.Lock()

    def create(self, slug: str, players: list[str], options: dict[str, Any], seed: int | None = None,
               game_id: str | None = None, created_at: str | None = None, group: str | None = None,
               playtest: bool = False) -> tuple[Current, str]:
        """A new game; returns it with its edit secret (shown once, stored only as a hash). `group`: the group whose
        play it becomes (its access checked by the caller); `playtest`: its play feeds the designer's lab."""
        entry = self.catalog.get(slug)
        secret = secrets.token_urlsafe(24)
        row = GameRow(game_id or secrets.token_urlsafe(12), slug, seed, tuple(players), options, hash_secret(secret),
                      created_at or now(), draw_key=draws.new_key(), group=group, playtest=playtest)
        self._setup(entry.rules, row)  # the rules may refuse the players or options
        with self.store.transaction() as conn:
            self.store.create_game(conn, row)
        return self.current(row.id), secret

    def adopt(self, row: GameRow, events: list[EventRow], seed_for: Callable[[int], str | None]) -> tuple[Current, str]:
        """Stores a game with its whole log (an import): every event is checked in order as a live write is
        (schema, rules, and a server-drawn outcome drawn again from `seed_for` its draw's number), in memory and in
        bounded time (table/replay.py), then the rows as checked are stored in one transaction; the draws made keep
        their seeds and later ones come from a new key; a new edit secret replaces the old one. All or nothing."""
        entry = self.catalog.get(row.slug)
        with self.store.engine.connect() as conn:
            if self.store.game(conn, row.id) is not None:  # before the work of checking the log
                raise DuplicateGame(row.id)
        secret = secrets.token_urlsafe(24)
        replay = Replay(entry.rules, row, self._setup(entry.rules, row), seed_for,
                        Budget(BUDGET_BASE + BUDGET_PER_EVENT * len(events)))
        rows = [replay.add(event, f"events[{index}]") for index, event in enumerate(events)]
        led = replay.ledger()
        known = tuple(seed for seed in (seed_for(n) for n in range(led.draws)) if seed is not None)
        row = replace(row, seed=None, edit_hash=hash_secret(secret), draw_key=draws.new_key(), known_draws=known)
        with self.store.transaction() as conn:
            self.store.create_game(conn, row)
            self.store.append_many(conn, row.id, rows)
            if led.done:  # the game loads in any process without folding its log again
                self.store.save_snapshot(conn, row.id, led.done[-1], led.fingerprint(led.done[-1]),
                                         entry.rules.version, pickle.dumps(replay.state))
            current = Current(row, entry.rules, led, replay.state)
            self._keep(conn, None, current, rows[-1] if rows else None)
        with self._lock:
            self._cache[row.id] = current
        self._announce(row.id, led.head)
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
        key = ("public events", after, limit)
        if key not in current.made:  # every open page of the table asks for the same ones after a change
            rows = [row for row in self.events(game_id, after, limit) if row.seq <= current.ledger.head]
            current.made[key] = [public(row, current.rules, current.game.players, self.target_of(game_id, row, rows))
                                 for row in rows]
        return current.made[key]

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
                self._keep(conn, current, after, row)
        except StaleWrite:
            raise Stale("the game changed while this change was saved; it was not applied",
                        current=self.current(game_id).as_json()) from None
        with self._lock:
            self._cache[game_id] = after
        self._announce(game_id, row.seq)
        return row, after

    def _keep(self, conn: Connection, before: Current | None, after: Current, row: EventRow | None) -> None:
        """Hands the change to the keeper of plays, in a savepoint: what it fails to write is undone alone."""
        if self.keeper is None or not self.keeper.concerned(before, after):
            return
        try:
            with conn.begin_nested():
                self.keeper(conn, before, after, row)
        except Exception:
            log.exception("game %s: its play could not be recorded after change #%s", after.game.id, after.ledger.head)

    def _announce(self, game_id: str, seq: int) -> None:
        """Wakes this process's streams of the game now (others hear it from the database)."""
        if self.changes is not None:
            self.changes.changed(game_id, seq)

    def _next(self, conn: Connection, current: Current, kind: str, payload: dict[str, Any], author: str | None,
              target: int | None) -> tuple[EventRow, Current]:
        """The event a phone sent, to append, and the game after it; Invalid when the rules or the schema refuse it."""
        seq, rules, led = current.ledger.head + 1, current.rules, current.ledger
        if kind == "undo":
            target = target if target is not None else (led.done[-1] if led.done else None)
            if target is None or target not in led.done:
                raise Invalid("There is nothing to undo." if target is None else "That change is not in effect (it was "
                              "undone already, or never made), so it cannot be undone.", field="target")
            after = led.undo(seq, target)
            row = EventRow(seq, "undo", {}, target, False, now(), author)
        elif kind == "redo":
            if not led.redo:
                raise Invalid("There is nothing to redo.", field="target")
            target = led.redo[-1]
            after = led.redone(seq, target)
            row = EventRow(seq, "redo", {}, target, False, now(), author)
        else:
            row, state = ordinary(rules, current.game.slug, current.state, seq, kind, payload, author,
                                  seed_for(current.game, led.randoms), now())
            return row, Current(current.game, rules, led.append(seq, row.random), state, current.set_aside)
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
        for row in rows:  # never paused: under gevent a pause inside a SQLite transaction would stall its writers
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

