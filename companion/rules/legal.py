"""Legal moves: every move the rules accept now, with the choices still open and their words for a page.

A game lists its candidate moves (`Game.legal`, in the spirit of boardgame.io's `enumerate` and OpenSpiel's
`legal_actions`); `offered` keeps of them only what the game's own `apply` accepts, value by value, so the
list and the rules share one code path for their checks and cannot disagree. Pages draw a control for each
move, bots and the lab choose among them, and the contract's property test plays random games over them.

A number's range whose two ends the rules accept is taken whole (checking every coin a player could pay would
cost a rules check per coin); a range with a refused end is narrowed value by value. The random playthroughs
try values inside the ranges. A move's choices are independent: any value of one combined with any value of
another is accepted. Choices
that depend on each other (a payment whose parts must add up) are one choice whose values set several fields
(`field=""`: each value is a mapping merged into the payload).
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field, replace
from typing import Any
from collections.abc import Callable, Iterable, Mapping, Sequence

# How a page asks for a choice: a select ("pick"), the players' names ("seat"), a card typed or picked by its
# printed name ("card"), several cards in order ("cards"), a whole number in a range ("number"), a die's faces as
# big buttons ("die"), several dice ("dice"), a yes-or-no box ("flag"), free text ("text").
KINDS = ("pick", "seat", "card", "cards", "number", "die", "dice", "flag", "text")
# Where a page puts a move: setup, the turn's moves, chance (what the table drew or rolled), the end of the game.
GROUPS = ("setup", "turn", "chance", "end")
MAX_CHECKED = 400  # a choice with more values than this is checked at its ends only (a number in a wide range)


@dataclass(frozen=True)
class Choice:
    """A value a move still needs from the table: its payload field, the question in players' words, its domain.

    `options` are (value, label) pairs; a "number" has `low`..`high` instead; "cards" and "dice" take a list of
    `count` values (between `low` and `high` items for cards) from the options. `optional`: may be left out.
    `draw`: the words of the other choice, "roll for us" / "draw for us": left out, the app draws the value.
    """

    field: str
    label: str
    kind: str = "pick"
    options: tuple[tuple[Any, str], ...] = ()
    low: int | None = None
    high: int | None = None
    count: int = 1
    optional: bool = False
    draw: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise TypeError(f"a choice's kind is one of {', '.join(KINDS)}, not {self.kind!r}")

    def values(self) -> list[Any]:
        """Every single value the choice may take (for a list: every item)."""
        if self.kind == "number":
            assert self.low is not None and self.high is not None
            return list(range(self.low, self.high + 1))
        if self.kind == "flag":
            return [False, True]
        return [value for value, _ in self.options]

    def sample(self, rng: random.Random) -> Any:
        """A random value in the domain, as a page would send it (a list for cards and dice)."""
        if self.kind == "text":
            return rng.choice(["", "x", "A note"]) if not self.options else rng.choice(self.values())
        if self.kind == "cards":
            items = self.values()
            low = self.low or 0
            high = min(self.high if self.high is not None else len(items), len(items))
            return rng.sample(items, rng.randint(low, high)) if high >= low else []
        if self.kind == "dice":
            return [rng.choice(self.values()) for _ in range(self.count)]
        if self.kind == "number":
            assert self.low is not None and self.high is not None
            return rng.randint(self.low, self.high)
        return rng.choice(self.values())

    def holds(self, value: Any) -> bool:
        """Whether `value` is one the choice offers."""
        if self.kind == "text":
            return isinstance(value, str)
        if self.kind == "number":
            return isinstance(value, int) and self.low is not None and self.high is not None and self.low <= value <= self.high
        domain = self.values()
        if self.kind in ("cards", "dice"):
            if not isinstance(value, list) or not all(item in domain for item in value):
                return False
            if self.kind == "dice":
                return len(value) == self.count
            return (self.low or 0) <= len(value) <= (self.high if self.high is not None else len(domain))
        return value in domain

    def first(self) -> Any:
        """A value to check the move's other choices with."""
        if self.kind == "cards":
            return self.values()[: self.low or 0]
        if self.kind == "dice":
            return [self.values()[0]] * self.count
        if self.kind == "text":
            return "x"
        return self.values()[0]

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"field": self.field, "label": self.label, "kind": self.kind,
                               "options": [[value, label] for value, label in self.options]}
        for name in ("low", "high"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        if self.count != 1:
            out["count"] = self.count
        if self.optional:
            out["optional"] = True
        if self.draw:
            out["draw"] = self.draw
        return out


@dataclass(frozen=True)
class Move:
    """One move the rules accept now: its event, the payload it always sends, the choices still open, its label in
    the players' words, whose move it is (None: anyone's, or the table's), where a page puts it and whether it is
    the move the table most likely makes next (`primary`)."""

    event: str
    label: str
    payload: Mapping[str, Any] = field(default_factory=dict)
    choices: tuple[Choice, ...] = ()
    seat: int | None = None
    group: str = "turn"
    primary: bool = False
    help: str = ""
    submit: str = ""  # the words on a form's button ("Buy it"); a move without choices is its label's button
    short: str = ""   # a button's text where the page has little room ("+"); the label is then what it says aloud

    def __post_init__(self) -> None:
        if self.group not in GROUPS:
            raise TypeError(f"a move's group is one of {', '.join(GROUPS)}, not {self.group!r}")

    @property
    def key(self) -> str:
        """The move as the page sends it, without its open choices: the same key means the same control."""
        return f"{self.event}:{json.dumps(dict(self.payload), sort_keys=True)}:{self.label}"

    def fill(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """The payload with `values` for the choices, by field (a merged choice's value, under "", is a mapping of
        several fields)."""
        return self.filled({i: values[c.field] for i, c in enumerate(self.choices) if c.field in values})

    def filled(self, picks: Mapping[int, Any]) -> dict[str, Any]:
        """The payload with a value for the choices at these positions (two merged choices each add their own)."""
        payload = dict(self.payload)
        for i, value in picks.items():
            if self.choices[i].field == "":
                payload.update(value)
            else:
                payload[self.choices[i].field] = value
        return payload

    def sample(self, rng: random.Random) -> dict[str, Any]:
        """A payload a player could send: a random value for each choice (an optional or drawn one sometimes left
        out)."""
        picks = {}
        for i, choice in enumerate(self.choices):
            if (choice.optional or choice.draw) and (rng.random() < 0.3 or not _has_values(choice)):
                continue
            picks[i] = choice.sample(rng)
        return self.filled(picks)

    def accepts(self, kind: str, payload: Mapping[str, Any]) -> bool:
        """Whether the event `kind` with `payload` is this move with some values of its choices."""
        if kind != self.event:
            return False
        rest = dict(payload)
        for name, value in self.payload.items():
            if rest.pop(name, None) != value:
                return False
        for choice in self.choices:
            if choice.field == "":
                picked = next((v for v in choice.values() if all(rest.get(k) == x for k, x in v.items())), None)
                if picked is None:
                    if choice.optional or choice.draw:
                        continue
                    return False
                for name in picked:
                    rest.pop(name, None)
                continue
            if choice.field not in rest or rest[choice.field] is None or (
                    rest[choice.field] == [] and (choice.optional or choice.draw)):
                rest.pop(choice.field, None)
                if choice.optional or choice.draw:
                    continue
                return False
            if not choice.holds(rest.pop(choice.field)):
                return False
        return not {k: v for k, v in rest.items() if v not in (None, [], "", False)}

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key, "event": self.event, "label": self.label, "payload": dict(self.payload),
                               "choices": [c.as_json() for c in self.choices], "seat": self.seat, "group": self.group,
                               "primary": self.primary}
        if self.help:
            out["help"] = self.help
        if self.submit:
            out["submit"] = self.submit
        if self.short:
            out["short"] = self.short
        return out


Check = Callable[[str, dict[str, Any]], bool]  # (event, payload) -> whether the rules accept it now


def offered(candidates: Iterable[Move], accepts: Check) -> list[Move]:
    """The candidates as the rules accept them: each choice's values narrowed to those `accepts` takes (the other
    choices at an accepted value), a move left out when no value of a choice is accepted, and a move without
    choices kept only when accepted as it is."""
    tried: dict[str, bool] = {}

    def once(kind: str, payload: dict[str, Any]) -> bool:  # the same payload is often tried by two rounds
        key = kind + json.dumps(payload, sort_keys=True, default=str)
        if key not in tried:
            tried[key] = accepts(kind, payload)
        return tried[key]

    kept = []
    for move in candidates:
        narrowed = _narrow(move, once)
        if narrowed is not None:
            kept.append(narrowed)
    return kept


def _narrow(move: Move, accepts: Check) -> Move | None:
    if not move.choices:
        return move if accepts(move.event, dict(move.payload)) else None
    choices = list(move.choices)
    for _ in range(2 if len(choices) > 1 else 1):  # a second round checks each choice again, the others at a
        # value the first round kept (the first tried them with the others' first values, which may be refused)
        choices = [_narrowed(move, move.choices[i], choices, i, accepts) for i in range(len(choices))]
    kept = []
    for i, choice in enumerate(choices):
        if choice.optional or choice.draw:
            # left out, the app draws it or the rules go without it: offered only where the rules accept that
            others = {j: c.first() for j, c in enumerate(choices) if j != i and _has_values(c)}
            if not accepts(move.event, move.filled(others)):
                choice = replace(choice, optional=False, draw="")
            elif not _has_values(choice):
                continue  # no value can be there, and leaving it out is accepted: the move asks nothing of it
        if not (_has_values(choice) or choice.optional or choice.draw or (choice.kind == "cards" and not choice.low)):
            return None
        kept.append(choice)
    return replace(move, choices=tuple(kept))


def _narrowed(move: Move, choice: Choice, choices: list[Choice], i: int, accepts: Check) -> Choice:
    """`choice` (the move's i-th) with the values the rules accept, the other choices at a value each has in
    `choices`."""
    if choice.kind in ("text", "flag") or not _has_values(choice):
        return choice
    others = {}
    for j, (now, before) in enumerate(zip(choices, move.choices)):
        if j != i and (_has_values(now) or _has_values(before)):
            others[j] = (now if _has_values(now) else before).first()

    def tries(value: Any) -> bool:
        return accepts(move.event, move.filled({**others, i: value}))

    if choice.kind == "number":
        assert choice.low is not None and choice.high is not None
        if tries(choice.low) and tries(choice.high):
            return choice  # a range the game gave whose ends are accepted: taken as a whole (the property test
            # tries random values inside it)
        if choice.high - choice.low + 1 > MAX_CHECKED:
            return replace(choice, kind="pick", options=(), low=None, high=None)
        good = [v for v in choice.values() if tries(v)]
        if good and good == list(range(good[0], good[-1] + 1)):
            return replace(choice, low=good[0], high=good[-1])
        return replace(choice, kind="pick", options=tuple((v, str(v)) for v in good), low=None, high=None)
    if choice.kind == "cards":
        return replace(choice, options=tuple((v, label) for v, label in choice.options if tries([v])))
    if choice.kind == "dice":
        return replace(choice, options=tuple((v, label) for v, label in choice.options if tries([v] * choice.count)))
    return replace(choice, options=tuple((v, label) for v, label in choice.options if tries(v)))


def _has_values(choice: Choice) -> bool:
    return choice.kind in ("number", "flag", "text") or bool(choice.options)


def for_seat(moves: Sequence[Move], seat: int | None) -> list[Move]:
    """The moves `seat` may make: its own and the table's."""
    return [m for m in moves if seat is None or m.seat is None or m.seat == seat]


def matching(moves: Sequence[Move], kind: str, payload: Mapping[str, Any]) -> Move | None:
    """The move that `kind` with `payload` is, if any is."""
    return next((m for m in moves if m.accepts(kind, payload)), None)


def from_schemas(events: Mapping[str, Any], corrections: Sequence[str], players: Sequence[str]) -> list[Move]:
    """Moves made from the events' schemas alone, for rules that list no legal moves of their own (a rules package
    written before the contract had them): one move per event that is not a correction, a choice per field. The
    contract still narrows them to what the rules accept, so no control the rules refuse is shown."""
    moves = []
    for kind, spec in events.items():
        if kind in corrections:
            continue
        choices = []
        for name, f in spec.fields.items():
            choice = _from_field(name, f, players)
            if choice is None:
                if f.required:
                    break
                continue
            choices.append(choice)
        else:
            label = re.split(r"(?<!\be\.g)(?<!\bi\.e)\.\s", spec.description.strip(), maxsplit=1)[0].rstrip(".").replace("`", "")
            moves.append(Move(kind, label, choices=tuple(choices)))
    return moves


def _from_field(name: str, f: Any, players: Sequence[str]) -> Choice | None:
    label = f.label or name.replace("_", " ").capitalize()
    optional = not f.required
    if f.choices is not None:
        labels = f.labels or {}
        return Choice(name, label, "pick", tuple((v, labels.get(v, str(v).replace("_", " "))) for v in f.choices),
                      optional=optional)
    if f.type == "integer" and f.seat:
        return Choice(name, label, "seat", tuple(enumerate(players)), optional=optional)
    if f.type == "integer":
        low = f.minimum if f.minimum is not None else -999
        high = f.maximum if f.maximum is not None else 999
        return Choice(name, label, "number", low=max(low, -999), high=min(high, 999), optional=optional)
    if f.type == "string":
        return Choice(name, label, "text", optional=optional)
    if f.type == "boolean":
        return Choice(name, label, "flag", optional=optional)
    return None
