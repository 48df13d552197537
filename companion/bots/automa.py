"""An automated opponent beside the players: a game's rules with the opponent's turn, answer and level events.

Some games bring one automa that plays against the players without a seat in their order (Unfair's
Quinn in Solo Mode). The game's rules hold the automa's record and apply its moves; an `Automa` says
where the rules keep it, when its turn may start, and its three events' names. Its flowchart is
walked here through its host, as the seated bots' are (companion/bots/seats.py): the app makes its
checks and rolls, asks the table what only the table sees, and every move it makes is the rules'.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from collections.abc import Callable, Mapping
from typing import Any

from cardgen.gamedata.flows.charts import Flow
from companion.bots import dice, turns
from companion.bots.flowrun import Bot, Host
from companion.bots import flowrun
from companion.bots.turns import answer_moves
from companion.rules.contract import Event, RuleError, Rules
from companion.rules.legal import Move
from companion.rules.fields import EventSpec


@dataclass(frozen=True)
class Automa:
    """How a game's automated opponent plays beside the players: its flowchart, host, events, and its rules' side."""

    flow: str                                       # the flowchart's id in the game's data
    host: Callable[[Rules], Host]
    events: Mapping[str, EventSpec]                 # its turn, answer and level events, by name
    turn: str                                       # which of `events` starts its turn (no payload but dice)
    answer: str                                     # ... answers its question (`answer`)
    level: str                                      # ... changes its level (`level`)
    bot: Callable[[Any], Bot]                       # the rules' state -> its record (RuleError when it has none)
    may_begin: Callable[[Any], None]                # the rules' state -> RuleError when its turn is not due
    moved: Callable[[Any, Any, Bot, bool], Any]     # (state before, world after, its record, a new turn) -> state
    set_level: Callable[[Any, int], Any]            # (state, level) -> state
    describe: Callable[[Mapping[str, Any], Any], str | None]  # its events in words: (event, players) -> sentence
    before: str | None = None                       # the rules' event its own are listed before (None: at the end)


class _Beside:
    """The wrapped rules; `rules` are the game's own, which hold the automa's record and apply its moves."""

    def __init__(self, rules: Rules, kind: Automa, flow: Flow):
        self.rules, self.kind, self.flow = rules, kind, flow
        self.host = kind.host(rules)

    def apply(self, state: Any, event: Event) -> Any:
        if event.type not in self.kind.events:
            return self.rules.apply(state, event)
        payload = turns.checked(self.kind.events, event)
        if event.type == self.kind.level:
            return self.kind.set_level(state, payload["level"])
        return self._run(state, event.type, payload, dice.stored(payload))

    def prepare(self, state: Any, kind: str, payload: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        if kind not in (self.kind.turn, self.kind.answer):
            return self.rules.prepare(state, kind, payload, rng)
        return turns.drawn(payload, rng, lambda roll: self._run(state, kind, payload, roll))

    def _run(self, state: Any, kind: str, payload: dict[str, Any], roll: Callable[[int], int]) -> Any:
        bot = self.kind.bot(state)
        began = kind == self.kind.turn
        if began:
            self.kind.may_begin(state)
        bot, world = turns.walk(self.flow, bot, state, self.host, roll, None if began else str(payload["answer"]))
        return self.kind.moved(state, world, bot, began)

    def candidates(self, state: Any) -> list[Move]:
        """The answer to the automa's question while it waits; else the game's moves and the automa's turn (which
        the rules keep only when it is due)."""
        try:
            bot = self.kind.bot(state)
        except RuleError:
            return list(self.rules.candidates(state))
        automa = self.rules.score(state).get("automa")
        name = str(automa.get("name")) if isinstance(automa, dict) and automa.get("name") else self.flow.title
        if bot.waiting:
            return answer_moves(self.kind.answer, flowrun.asking(self.flow, bot, state, self.host), name)
        turn = Move(self.kind.turn, f"Play {name}'s turn", primary=True)
        return [turn, *self.rules.candidates(state)]

    def describe(self, event: Any, players: Any) -> str | None:
        if event["type"] in self.kind.events:
            return self.kind.describe(event, players)
        return self.rules.describe(event, players) if self.rules.describe else None


def beside_players(game: Any, rules: Rules, kind: Automa) -> Rules:
    """The game's rules with its automated opponent's events, when the game's data has its flowchart; else `rules`."""
    flow = next((f for f in game.flows if f.id == kind.flow), None)
    if flow is None:
        return rules
    beside = _Beside(rules, kind, flow)
    return Rules(slug=rules.slug, events=_listed(rules.events, kind), setup=rules.setup, apply=beside.apply,
                 score=rules.score, view=rules.view, prepare=beside.prepare, version=f"{rules.version}+automa-1",
                 options=rules.options, describe=beside.describe, turn=rules.turn, candidates=beside.candidates,
                 page=rules.page, corrections=rules.corrections + (kind.level,))


def _listed(events: Mapping[str, EventSpec], kind: Automa) -> dict[str, EventSpec]:
    """The rules' events with the automa's, in the order menus list them: the automa's before `kind.before`."""
    if kind.before not in events:
        return {**events, **kind.events}
    listed: dict[str, EventSpec] = {}
    for name, spec in events.items():
        if name == kind.before:
            listed.update(kind.events)
        listed[name] = spec
    return listed
