"""The contract every game's rules fulfil: setup, apply, score, a public view and event schemas.

Rules are pure functions over immutable state. An illegal event raises RuleError with a sentence a
player understands. Randomness is drawn once, by `prepare`, when an event is appended; its outcome
is stored in the event, so replaying a log never rolls again.

A game declares its rules as a `Game` (in the spirit of boardgame.io's game object): its events and one
move per event, the shared events it opts into (companion.rules.shared_events), and the helpers it opts
into: `over` (is the game over, and why), `phases` (events that belong to one phase), `turn` (whose move it
is; companion.rules.turn_order words the refusals). `Game.apply` makes the opening checks every event
passes, live or imported, before the game's own move runs: the event is one of the game's, the game is not
over (or the event is one allowed after it), the payload fits its schema again (an imported log was never
checked by the app), the phase allows it, and every player it names sits at this table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import ModuleType
from typing import Any
from collections.abc import Callable, Iterable, Mapping

from companion.rules.fields import EventSpec, FieldError
from companion.rules.legal import Move as LegalMove, from_schemas, offered


RECENT = 10  # how many of a list that grows with the game (notes, rolls, news) a view carries


def recent(items: Any) -> list[Any]:
    """The newest RECENT items of a list that grows with the game: what a page shows of it (the history keeps them
    all), so the view of a game of 10,000 changes stays as small as one of ten."""
    return list(items[-RECENT:])


class RuleError(Exception):
    """An event the rules do not allow; the message is a sentence that says which rule forbids it."""


@dataclass(frozen=True)
class Event:
    """One entry of a game's log as the rules see it."""

    seq: int
    type: str
    payload: Mapping[str, Any]


@dataclass(frozen=True)
class SetupConfig:
    """What a new game starts from: the players' names, options, and the game's data."""

    players: tuple[str, ...]
    options: Mapping[str, Any]
    game: Any  # cardgen.gamedata.Game


@dataclass(frozen=True)
class Rules:
    """A game's rules as the app uses them, built from a rules module or from game.toml alone."""

    slug: str
    events: Mapping[str, EventSpec]
    setup: Callable[[SetupConfig], Any]
    apply: Callable[[Any, Event], Any]
    score: Callable[[Any], dict[str, Any]]
    view: Callable[[Any], dict[str, Any]]
    prepare: Callable[[Any, str, dict[str, Any], random.Random], dict[str, Any]]
    version: str = "1"
    options: EventSpec | None = None  # the schema of the setup options, if any
    # (event, players) -> a sentence in the players' words, card titles marked *Title*; None for the shared wording
    describe: Callable[[Mapping[str, Any], Any], str | None] | None = None
    turn: Callable[[Any], int | None] | None = None  # whose move it is (a seat), None when nobody's in particular
    # the moves the game may offer now (companion.rules.legal), before the rules' own checks narrow them
    candidates: Callable[[Any], Iterable[LegalMove]] = lambda state: ()
    corrections: tuple[str, ...] = ("note", "rename_player")  # events a page offers only among its corrections
    page: str = ""  # whose rules these are (a registered rules' slug, "generic" for the tracker): the page they use

    def legal(self, state: Any, seat: int | None = None) -> list[LegalMove]:
        """Every move the rules accept now (for `seat` and the table when given): the candidates, each value of each
        choice checked by `apply` itself, so the list and the rules cannot disagree."""
        moves = offered(self.candidates(state), lambda kind, payload: accepted(self, state, kind, payload))
        return [m for m in moves if seat is None or m.seat is None or m.seat == seat]


def accepted(rules: Rules, state: Any, kind: str, payload: dict[str, Any]) -> bool:
    """Whether the rules take `kind` with `payload` now, drawn as the app would draw it (with a fixed seed)."""
    spec = rules.events.get(kind)
    if spec is None:
        return False
    try:
        checked = spec.check(payload)
        if spec.random:
            checked = rules.prepare(state, kind, checked, random.Random(0))
        rules.apply(state, Event(0, kind, checked))
    except (RuleError, FieldError):
        return False
    return True


Move = Callable[[Any, dict[str, Any]], Any]


@dataclass(frozen=True)
class Phases:
    """Events that belong to one phase of the game (setup, play, ...): at another time the game's sentence refuses them.

    `of(state)` names the phase the game is in; `only[phase]` the events that happen in that phase alone;
    `refusal[phase]` the sentence for one of them at another time, where "{event}" is the event in words.
    """

    of: Callable[[Any], str]
    only: Mapping[str, tuple[str, ...]]
    refusal: Mapping[str, str]

    def check(self, state: Any, kind: str) -> None:
        now = self.of(state)
        for phase, kinds in self.only.items():
            if kind in kinds and phase != now:
                raise RuleError(self.refusal[phase].format(event=kind.replace("_", " ").capitalize()))


def players_at(state: Any) -> int:
    """How many players sit at the table: `len(state.players)` unless a game says otherwise."""
    return len(state.players)


@dataclass(frozen=True)
class Game:
    """A game's rules as its package declares them; `apply` makes the opening checks, then runs the event's move.

    `events` holds every event the game takes, its own and the shared ones it opts into; `moves` one function
    `(state, payload) -> state` for each. `over(state)` is None while the game goes on, else the sentence
    saying it is over (only the events of `after_over` are then allowed). `before(state, kind, payload)` is
    the game's own check of what only it knows (a choice the rules wait for), returning the state the move
    starts from; `after(state)` what the rules settle after every move (a winner reached). `turn(state)` is
    whose move it is (None when nobody's in particular), for pages and bots.
    """

    name: str
    events: Mapping[str, EventSpec]
    moves: Mapping[str, Move]
    setup: Callable[[SetupConfig], Any]
    score: Callable[[Any], dict[str, Any]]
    view: Callable[[Any], dict[str, Any]]
    prepare: Callable[[Any, str, dict[str, Any], random.Random], dict[str, Any]] | None = None
    over: Callable[[Any], str | None] | None = None
    after_over: tuple[str, ...] = ("note", "rename_player")
    phases: Phases | None = None
    turn: Callable[[Any], int | None] | None = None
    seats: Callable[[Any], int] = players_at
    before: Callable[[Any, str, dict[str, Any]], Any] | None = None
    after: Callable[[Any], Any] | None = None
    version: str = "1"
    options: EventSpec | None = None
    describe: Callable[[Mapping[str, Any], Any, Any], str | None] | None = None  # (event, players, game data)
    # the moves the rules may offer now, each with its event, payload and choices (companion.rules.legal); the
    # contract narrows them to what `apply` accepts. Events named in `corrections` are offered apart, as fixes.
    legal: Callable[[Any], Iterable[LegalMove]] | None = None
    corrections: tuple[str, ...] = ("note", "rename_player")

    def __post_init__(self) -> None:
        if set(self.moves) != set(self.events):
            missing = sorted(set(self.events) ^ set(self.moves))
            raise TypeError(f"{self.name}: every event needs one move and every move an event: {', '.join(missing)}")

    def payload(self, kind: str, raw: Any) -> dict[str, Any]:
        """The payload checked against the event's schema, defaults filled in; what the app drew for it (`drawn`
        keys) kept beside the fields for the move to read. RuleError naming the field that does not fit."""
        spec = self.events[kind]
        try:
            if not isinstance(raw, Mapping):
                raise FieldError("payload", f"expected an object, found {raw!r}"[:200])
            drawn = {key: raw[key] for key in spec.drawn if key in raw}
            return {**spec.check({k: v for k, v in raw.items() if k not in drawn}), **drawn}
        except FieldError as error:
            raise RuleError(f"{kind}: {error}.") from None

    def checked(self, state: Any, event: Event) -> dict[str, Any]:
        """The opening checks every event passes, live or imported, in this order: one of the game's events, the
        game not over (unless the event is allowed after it), the payload fits its schema, the phase allows it,
        every player it names sits at the table. Returns the checked payload."""
        kind = event.type
        if kind not in self.events:
            raise RuleError(f"Unknown event {kind!r}: {self.name} has no event by that name ({kind!r} is not an "
                            "event of its rules).")
        if self.over is not None and kind not in self.after_over:
            why = self.over(state)
            if why:
                raise RuleError(why)
        payload = self.payload(kind, event.payload)
        if self.phases is not None:
            self.phases.check(state, kind)
        for name, spec in self.events[kind].fields.items():
            for value in _seats_named(spec, payload.get(name)):
                if not 0 <= value < (seats := self.seats(state)):
                    role = (spec.items.label if spec.type == "array" and spec.items else spec.label) or name.replace("_", " ")
                    must = f": the {role.lower()} must be one of the players" if role.lower() != "player" else ""
                    raise RuleError(f"There is no player {value}{must}. This game has {seats} players; choose one "
                                    "of them.")
        return payload

    def apply(self, state: Any, event: Event) -> Any:
        """The state after `event`: the opening checks, the game's own check, the move, then what follows every move."""
        payload = self.checked(state, event)
        if self.before is not None:
            state = self.before(state, event.type, payload)
        state = self.moves[event.type](state, payload)
        return self.after(state) if self.after is not None else state

    def rules(self, slug: str, game: Any = None) -> Rules:
        """The Rules the app uses; `game` (the game's data) is handed to `describe`."""
        own = self.describe
        return Rules(slug=slug, events=self.events, setup=self.setup, apply=self.apply, score=self.score,
                     view=self.view, prepare=self.prepare or _unchanged, version=self.version, options=self.options,
                     describe=(lambda event, players: own(event, players, game)) if own else None, turn=self.turn,
                     candidates=self.legal or _schema_moves(self.events, self.corrections),
                     corrections=self.corrections)


def _seats_named(spec: Any, value: Any) -> list[int]:
    """The seats a field's value names: the value of a seat field, the items of a list of seats."""
    if spec.type == "array" and spec.items is not None and spec.items.seat and isinstance(value, list):
        values = value
    else:
        values = [value] if spec.seat else []
    return [v for v in values if isinstance(v, int) and not isinstance(v, bool)]


def _schema_moves(events: Mapping[str, EventSpec], corrections: tuple[str, ...]) -> Callable[[Any], list[LegalMove]]:
    """Candidates for rules that list no legal moves: every event's schema as a move (companion.rules.legal)."""
    def candidates(state: Any) -> list[LegalMove]:
        names = getattr(state, "players", ())
        players = [n for n in names if isinstance(n, str)] if isinstance(names, (tuple, list)) else []
        return from_schemas(events, corrections, players)
    return candidates


def _unchanged(state: Any, kind: str, payload: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    return payload


def from_module(slug: str, module: ModuleType, game: Any = None) -> Rules:
    """Rules from a module: its `GAME` (a Game) when it declares one; otherwise a module defining EVENTS, setup,
    apply, score, view and optionally prepare and `describe(event, players, game)` (its sentences name cards as
    printed, so it is given the game's data)."""
    declared = getattr(module, "GAME", None)
    if isinstance(declared, Game):
        return declared.rules(slug, game)
    own = getattr(module, "describe", None)
    corrections = tuple(getattr(module, "CORRECTIONS", ("note", "rename_player")))
    return Rules(
        slug=slug, events=module.EVENTS, setup=module.setup, apply=module.apply, score=module.score,
        view=module.view, prepare=getattr(module, "prepare", lambda state, kind, payload, rng: payload),
        version=getattr(module, "VERSION", "1"), options=getattr(module, "OPTIONS", None),
        describe=(lambda event, players: own(event, players, game)) if own else None,
        candidates=getattr(module, "legal", None) or _schema_moves(module.EVENTS, corrections), corrections=corrections,
    )
