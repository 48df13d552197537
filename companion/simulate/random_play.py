"""Random playthroughs over the legal moves: the rules contract's property test, and a benchmark's player.

A seeded player takes a random legal move with random values in its choices, from setup until the game is over,
and checks what the contract promises (as OpenSpiel's test harness does): every offered move is accepted, there
is never a state without a legal move before the end, the game ends within a bound, after the end only
corrections are offered, and a sample of moves the list does not offer is refused by the rules too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Mapping, Sequence

from companion.rules.contract import Event, RuleError, Rules, SetupConfig, accepted
from companion.rules.fields import Field, FieldError
from companion.rules.legal import Move, matching

STOP_WEIGHT = 0.01  # how likely the player stops a game early (a move of the "end" group that is not primary)


class ContractBroken(AssertionError):
    """The rules and their legal moves disagree, or a game does not end; the message says where."""


@dataclass
class Playthrough:
    """What one random game did: the moves made (event, payload, label), whether it ended, the moves probed."""

    moves: list[tuple[str, dict[str, Any], str]] = field(default_factory=list)
    finished: bool = False
    probed: int = 0
    offered: set[str] = field(default_factory=set)  # the events offered at least once
    state: Any = None


def applied(rules: Rules, state: Any, kind: str, payload: dict[str, Any], seq: int, rng: random.Random) -> Any:
    """The state after the event, drawn as the app draws it when the event is appended."""
    spec = rules.events[kind]
    checked = spec.check(payload)
    if spec.random:
        checked = rules.prepare(state, kind, checked, rng)
    return rules.apply(state, Event(seq, kind, checked))


def pick(moves: Sequence[Move], rng: random.Random) -> Move:
    """A random move; stopping the game early (an "end" move that is not the game's natural end) is rare."""
    weights = [STOP_WEIGHT if m.group == "end" and not m.primary else 1.0 for m in moves]
    return rng.choices(list(moves), weights)[0]


def play(rules: Rules, game: Any, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0,
         limit: int = 2000, probe: float = 0.1) -> Playthrough:
    """One seeded random game from setup to its end; ContractBroken when the contract does not hold."""
    rng, draws = random.Random(seed), random.Random(f"draws:{seed}")
    state = rules.setup(SetupConfig(tuple(players), dict(options or {}), game))
    done = Playthrough()
    where = f"{rules.slug}, {len(players)} players, options {dict(options or {})}, seed {seed}"
    for seq in range(1, limit + 1):
        moves = rules.legal(state)
        done.offered.update(m.event for m in moves)
        if rules.score(state).get("finished"):
            if moves:
                raise ContractBroken(f"{where}: the game is over but {moves[0].label!r} ({moves[0].event}) is offered")
            _probe(rules, state, moves, game, rng, where, seq, after_end=True)
            _viewable(rules, state, where, done)
            done.finished, done.state = True, state
            return done
        if not moves:
            raise ContractBroken(f"{where}: no legal move after {len(done.moves)} moves and the game is not over "
                                 f"(last: {done.moves[-1][2] if done.moves else 'setup'})")
        move = pick(moves, rng)
        payload = move.sample(rng)
        try:
            state = applied(rules, state, move.event, payload, seq, draws)
        except (RuleError, FieldError) as error:
            raise ContractBroken(f"{where}: move {len(done.moves) + 1}, {move.label!r} was offered but refused with "
                                 f"{payload}: {error}") from None
        done.moves.append((move.event, payload, move.label))
        if probe and rng.random() < probe:
            done.probed += _probe(rules, state, rules.legal(state), game, rng, where, seq)
            _viewable(rules, state, where, done)
    raise ContractBroken(f"{where}: not over after {limit} moves (last: {done.moves[-1][2] if done.moves else '-'})")


def _viewable(rules: Rules, state: Any, where: str, done: Playthrough) -> None:
    """The page and the kept play read every state through `view` and `score`: neither may fail on one."""
    try:
        rules.view(state)
        rules.score(state)
    except Exception as error:  # noqa: BLE001 - any failure here is the contract broken
        raise ContractBroken(f"{where}: after {len(done.moves)} moves (last: "
                             f"{done.moves[-1][2] if done.moves else 'setup'}) the game's view or score fails: "
                             f"{type(error).__name__}: {error}") from None


def _probe(rules: Rules, state: Any, moves: Sequence[Move], game: Any, rng: random.Random, where: str, seq: int,
           after_end: bool = False) -> int:
    """Tries random events the list does not offer: the rules must refuse every one of them (corrections aside)."""
    # A bot's turn named by its seat while nobody's turn is due (a bot's setup, sent through the API) is accepted
    # and not offered: at setup the page offers the bot's seat to the table instead. So it is not probed.
    kinds = [k for k in rules.events if k not in rules.corrections and k != "bot_turn"]
    cards = [card.id for deck in getattr(game, "decks", ()) for card in deck.cards]
    tried = 0
    for _ in range(3):
        if not kinds:
            break
        kind = rng.choice(kinds)
        payload = {name: _value(spec, rng, cards) for name, spec in rules.events[kind].fields.items()
                   if spec.required or rng.random() < 0.5}
        tried += 1
        if not _offered(moves, rules.events[kind], kind, payload) and accepted(rules, state, kind, payload):
            what = "after the game's end" if after_end else f"at move {seq}"
            raise ContractBroken(f"{where}: {kind} {payload} is accepted by the rules {what} but not offered as a "
                                 "legal move")
    return tried


def _offered(moves: Sequence[Move], spec: Any, kind: str, payload: dict[str, Any]) -> bool:
    """Whether a move of the list is this payload: as sent, with its defaults filled in, or without the fields
    left at their defaults (a move need not spell out a default)."""
    try:
        checked = spec.check(payload)
    except FieldError:
        return matching(moves, kind, payload) is not None
    bare = {k: v for k, v in checked.items() if v != spec.fields[k].default}
    return any(matching(moves, kind, p) is not None for p in (payload, checked, bare))


def _value(spec: Field, rng: random.Random, cards: Sequence[str]) -> Any:
    """A random value that fits the field's schema (numbers near the small end, texts among the cards' ids)."""
    if spec.choices:
        return rng.choice(spec.choices)
    if spec.type == "integer":
        low = spec.minimum if spec.minimum is not None else -5
        high = spec.maximum if spec.maximum is not None else 20
        return rng.randint(max(low, -5), min(high, max(low, -5) + 25))
    if spec.type == "boolean":
        return rng.random() < 0.5
    if spec.type == "string":
        return rng.choice(list(cards) or ["x"]) if rng.random() < 0.8 else "x"
    if spec.type == "array" and spec.items is not None:
        return [_value(spec.items, rng, cards) for _ in range(rng.randint(0, min(3, spec.max_items)))]
    return None
