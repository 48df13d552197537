"""Bots in the app's seats: a game's rules with `bot_turn`, `bot_answer` and `bot_level` events around them.

(An automated opponent that plays beside the players instead, without a seat, is hosted by
companion/bots/automa.py; `with_bots` wraps a game's rules either way.)

The option `bots` gives each seat a bot level (0 for a person). A bot's turn runs its flowchart
(card_data/<slug>/bot.flow.toml) through the game's bot host: the app makes the bot's checks and
rolls, asks the table what only the table sees (which card it drew), says in one sentence what to do
for the bot, and every move the bot makes is one of the game's own events, applied by its rules.
Dice are drawn once when the event is appended (`prepare`) and replayed from the log.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any
from collections.abc import Callable

from cardgen.gamedata.flows.charts import Flow
from companion.bots import dice, flowrun, turns
from companion.bots.automa import Automa, beside_players
from companion.bots.flowrun import Bot
from companion.bots.kinds import BotKind, bot_kind
from companion.rules.contract import Event, RuleError, Rules, SetupConfig
from companion.rules.fields import EventSpec, Field
from companion.rules.legal import Choice, Move

LEVELS = Field("array", items=Field("integer", minimum=0, maximum=9), max_items=12, required=False, default=[],
               description="Who plays each seat, in the players' order: 0 for a person, or a bot's level (1 the easiest).")
SEAT = Field("integer", minimum=0, maximum=11, required=False,
             description="The bot whose turn it is (the one the game says when left out).")
EVENTS = {
    "bot_turn": EventSpec("A bot takes its turn: the app rolls its dice, makes its checks, says what to do on the "
                          "table for it, and asks what only the table can see.", {"seat": SEAT}, random=True),
    "bot_answer": EventSpec("Answer the bot's question: one of the answers it offers (yes, no, ...) or a number.",
                            {"answer": Field("string", max_length=40, description="yes, no, or a whole number.")},
                            random=True),
    "bot_level": EventSpec("Change a bot's difficulty level.", {"seat": Field("integer", minimum=0, maximum=11),
                                                                 "level": Field("integer", minimum=1, maximum=9)}),
}


@dataclass(frozen=True)
class Seated:
    """The game's world as its bots see it, the bot in each bot seat, and the seat whose bot awaits an answer."""

    world: Any
    names: tuple[str, ...]
    bots: tuple[tuple[int, Bot], ...]
    acting: int | None = None

    def bot(self, seat: int) -> Bot:
        return dict(self.bots)[seat]

    def with_bot(self, seat: int, bot: Bot) -> Seated:
        return replace(self, bots=tuple((s, bot if s == seat else b) for s, b in self.bots))


class _Seats:
    """The wrapped rules; `rules` are the game's own, which check every event, the bots' included."""

    def __init__(self, rules: Rules, kind: BotKind, flow: Flow):
        self.rules, self.kind, self.flow = rules, kind, flow

    def setup(self, config: SetupConfig) -> Seated:
        options = dict(config.options or {})
        levels = options.pop("bots", None) or []
        try:
            levels = LEVELS.check("bots", levels)
        except ValueError:
            raise RuleError("Say for each seat whether a person or a bot plays it, and the bot's level.") from None
        if len(levels) > len(config.players):
            raise RuleError(f"There are {len(levels)} seats for bots and people but {len(config.players)} players.")
        known = [level.number for level in self.flow.levels]
        for level in levels:
            if level and level not in known:
                raise RuleError(f"{self.flow.title} has no level {level}; its levels are "
                                + ", ".join(f"{lv.number} ({lv.name})" for lv in self.flow.levels) + ".")
        state = self.rules.setup(replace(config, options=options))
        bots = tuple((seat, flowrun.new_bot(self.flow, level)) for seat, level in enumerate(levels) if level)
        return Seated(self.kind.world(state, None), tuple(config.players), bots)

    def apply(self, seated: Seated, event: Event) -> Seated:
        payload = dict(event.payload)
        if event.type in ("bot_turn", "bot_answer"):
            return self._run(seated, event.type, payload, dice.stored(payload))
        if event.type == "bot_level":
            return self._level(seated, payload)
        if seated.acting is not None and event.type != "note":
            raise RuleError(f"{seated.names[seated.acting]} (a bot) is waiting for the table's answer first: "
                            f"{self._asking(seated)['text']} Answer it, or undo the bot's turn.")
        inner = self.kind.state(seated.world)
        if event.type not in self.rules.corrections:
            due = self.kind.whose_turn(inner)
            if due in dict(seated.bots) and event.type not in {m.event for m in self.rules.candidates(inner)
                                                                if m.group == "end"}:
                name = seated.names[due]
                raise RuleError(f"It is {name}'s turn, and {name} is a bot: tap “Play {name}'s turn (a bot)” and "
                                "it makes its own moves.")
        state = self.rules.apply(inner, event)
        return replace(seated, world=self.kind.world(state, seated.world))

    def prepare(self, seated: Seated, kind: str, payload: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        if kind not in ("bot_turn", "bot_answer"):
            return self.rules.prepare(self.kind.state(seated.world), kind, payload, rng)
        return turns.drawn(payload, rng, lambda roll: self._run(seated, kind, payload, roll))

    def _run(self, seated: Seated, kind: str, payload: dict[str, Any], roll: Callable[[int], int]) -> Seated:
        if kind == "bot_turn":
            seat = self._turn_seat(seated, payload.get("seat"))
            bot, world = turns.walk(self.flow, seated.bot(seat), seated.world, self._host(seat), roll)
        else:
            if seated.acting is None:
                raise RuleError("No bot has asked the table anything: start a bot's turn first.")
            seat = seated.acting
            bot, world = turns.walk(self.flow, seated.bot(seat), seated.world, self._host(seat), roll,
                                    str(payload["answer"]))
        return replace(seated.with_bot(seat, bot), world=world, acting=seat if bot.waiting else None)

    def _turn_seat(self, seated: Seated, asked: int | None) -> int:
        if seated.acting is not None:
            raise RuleError(f"{seated.names[seated.acting]} (a bot) is waiting for an answer: "
                            f"{self._asking(seated)['text']}")
        due = self.kind.whose_turn(self.kind.state(seated.world))
        seat = asked if asked is not None else due
        if seat is not None and seat not in dict(seated.bots):
            bots = " and ".join(seated.names[s] for s, _ in seated.bots) or "nobody"
            who = seated.names[seat] if seat < len(seated.names) else "That seat"
            raise RuleError(f"{who} is not a bot; the bots at this table: {bots}.")
        if seat is None:
            raise RuleError("Name the bot's seat: the game does not say whose turn it is now.")
        if seat not in dict(seated.bots):
            bots = " and ".join(seated.names[s] for s, _ in seated.bots) or "nobody"
            who = seated.names[seat] if seat < len(seated.names) else "That seat"
            raise RuleError(f"{who} is not a bot; the bots at this table: {bots}.")
        if due is not None and due != seat:
            raise RuleError(f"It is {seated.names[due]}'s turn, not {seated.names[seat]}'s.")
        return seat

    def _level(self, seated: Seated, payload: dict[str, Any]) -> Seated:
        if self.rules.score(self.kind.state(seated.world)).get("finished"):
            raise RuleError("The game is over: a bot's level no longer changes anything.")
        seat = payload["seat"]
        if seat not in dict(seated.bots):
            raise RuleError(f"{seated.names[seat] if seat < len(seated.names) else 'That seat'} is not a bot.")
        if seated.acting == seat:
            raise RuleError("Answer the bot's question before changing its level.")
        try:
            level = self.flow.level(payload["level"])
        except KeyError as error:
            raise RuleError(str(error).strip("'\"")) from None
        bot = replace(seated.bot(seat).with_values(**dict(level.values)), level=level.number)
        return seated.with_bot(seat, bot)

    def turn(self, seated: Seated) -> int | None:
        return self.kind.whose_turn(self.kind.state(seated.world))

    def candidates(self, seated: Seated) -> list[Move]:
        """The table's moves with bots in seats: the answer to a bot's question while it waits; its turn when
        due (with the game's end, nothing else: the bot makes its seat's moves); the game's moves otherwise, less
        those of the bots' seats."""
        if seated.acting is not None:
            return turns.answer_moves("bot_answer", self._asking(seated), seated.names[seated.acting])
        state = self.kind.state(seated.world)
        if self.rules.score(state).get("finished"):
            return []  # after the end only corrections: a bot's level no longer matters either
        bots = dict(seated.bots)
        due = self.kind.whose_turn(state)
        moves = [m for m in self.rules.candidates(state) if m.seat not in bots]
        levels = tuple((lv.number, f"{lv.number}: {lv.name}") for lv in self.flow.levels)
        tuning = [Move("bot_level", f"{seated.names[seat]}'s level", {"seat": seat},
                       (Choice("level", "Level", "pick", tuple(o for o in levels if o[0] != bot.level)),),
                       submit="Change the level") for seat, bot in seated.bots]
        if due in bots:
            turn = Move("bot_turn", f"Play {seated.names[due]}'s turn (a bot)", {"seat": due}, primary=True)
            return [turn] + [m for m in moves if m.group == "end"] + tuning
        return moves + tuning

    def _host(self, seat: int):
        return self.kind.host(self.rules, seat)

    def _asking(self, seated: Seated) -> dict[str, Any]:
        seat = seated.acting
        assert seat is not None  # asked only while a bot waits for the table's answer
        asked = flowrun.asking(self.flow, seated.bot(seat), seated.world, self._host(seat))
        assert asked is not None  # the acting bot waits on a question
        return asked

    def score(self, seated: Seated) -> dict[str, Any]:
        return self.rules.score(self.kind.state(seated.world))

    def view(self, seated: Seated) -> dict[str, Any]:
        state = self.kind.state(seated.world)
        due = self.kind.whose_turn(state)
        levels = {lv.number: lv for lv in self.flow.levels}
        bots = [{
            "seat": seat, "name": seated.names[seat], "level": bot.level,
            "level_name": levels[bot.level].name if bot.level in levels else "",
            "level_text": levels[bot.level].text if bot.level in levels else "",
            "asking": self._asking(seated) if seated.acting == seat else None,
            "turn": [{"node": s.node, "kind": s.kind, "text": s.text, "why": s.why, "outcome": s.outcome}
                     for s in bot.turn],
            "turn_due": seated.acting is None and due == seat,
        } for seat, bot in seated.bots]
        return {**self.rules.view(state), "bots": bots,
                "bot_levels": [{"level": lv.number, "name": lv.name, "text": lv.text} for lv in self.flow.levels],
                "bot_title": self.flow.title}


def with_bots(game: Any, rules: Rules) -> Rules:
    """The game's rules with seats for bots, or with its automated opponent beside the players, when the game has
    bots that can play in the app; else `rules`."""
    kind: Any = bot_kind(game)
    if isinstance(kind, Automa):
        return beside_players(game, rules, kind)
    flow = next((f for f in game.flows if kind and f.id == kind.flow), None)
    if kind is None or flow is None:
        return rules
    seats = _Seats(rules, kind, flow)
    inner = rules.options
    options = EventSpec((inner.description if inner else "Setup options.") + " `bots` seats bots.",
                        {**(dict(inner.fields) if inner else {}), "bots": LEVELS})
    return Rules(slug=rules.slug, events={**rules.events, **EVENTS}, setup=seats.setup, apply=seats.apply,
                 score=seats.score, view=seats.view, prepare=seats.prepare, version=f"{rules.version}+bots-1",
                 options=options, describe=_describer(rules, flow), turn=seats.turn, candidates=seats.candidates,
                 page=rules.page, corrections=rules.corrections)


def _describer(rules: Rules, flow: Flow) -> Callable[[Any, Any], str | None]:
    """The bots' own events in words, then the game's."""
    levels = {lv.number: lv.name for lv in flow.levels}

    def describe(event: Any, players: Any) -> str | None:
        kind, p = event["type"], event.get("payload") or {}
        seat = p.get("seat")
        who = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "The bot"
        if kind == "bot_turn":
            return f"{who} (a bot) took its turn."
        if kind == "bot_answer":
            return f"The table answered the bot: {p.get('answer', '')}."
        if kind == "bot_level":
            level = p.get("level")
            return f"{who} (a bot) now plays at level {level}{' (' + levels[level] + ')' if level in levels else ''}."
        return rules.describe(event, players) if rules.describe else None
    return describe
