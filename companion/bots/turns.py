"""A bot's turn against a game's rules, for every way bots are hosted: the walk, its dice, the event's payload.

The flowchart runner's refusals become the rules' (RuleError, a sentence for the table); dice are drawn
once when the event is appended and stored in its `dice`, then replayed from the log.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from cardgen.gamedata.flows.charts import Flow
from companion.bots import dice, flowrun
from companion.bots.flowrun import Bot, FlowError, Host
from companion.rules.contract import Event, RuleError
from companion.rules.fields import EventSpec, FieldError
from companion.rules.legal import Choice, Move


def walk(flow: Flow, bot: Bot, world: Any, host: Host, roll: Callable[[int], int],
         reply: str | None = None) -> tuple[Bot, Any]:
    """The bot's turn from the flowchart's start (no `reply`) or on from the table's answer, until it ends or asks."""
    try:
        if reply is None:
            return flowrun.begin(flow, bot, world, host, roll)
        return flowrun.answer(flow, bot, world, host, roll, reply)
    except FlowError as error:
        raise RuleError(str(error)) from None


def drawn(payload: dict[str, Any], rng: random.Random, run: Callable[[Callable[[int], int]], Any]) -> dict[str, Any]:
    """The payload with the faces of every die `run` rolls (it walks the turn as the event will), to be stored."""
    roll, faces = dice.recording(rng)
    run(roll)
    return {**payload, "dice": faces}


def checked(events: Mapping[str, EventSpec], event: Event) -> dict[str, Any]:
    """A bot event's payload checked against its schema again (an imported log was never checked by the app), with
    what the app drew for it kept; RuleError naming the field that does not fit."""
    spec = events[event.type]
    raw = event.payload
    try:
        if not isinstance(raw, Mapping):
            raise FieldError("payload", f"expected an object, found {raw!r}"[:200])
        kept = {key: raw[key] for key in spec.drawn if key in raw}
        return {**spec.check({k: v for k, v in raw.items() if k not in kept}), **kept}
    except FieldError as error:
        raise RuleError(f"{event.type}: {error}.") from None


def answer_moves(event: str, asked: dict[str, Any] | None, who: str) -> list[Move]:
    """The table's answers to a bot's question as legal moves: one big button per answer, or a count to pick."""
    if asked is None:
        return []
    if asked.get("answers"):
        # the question itself stands above the answers, on the bot's card (games/_automa.html)
        return [Move(event, str(answer).replace("_", " ").strip().capitalize(), {"answer": str(answer)}, primary=i == 0)
                for i, answer in enumerate(asked["answers"])]
    most = int(asked.get("most") or 0)
    return [Move(event, f"Answer {who}", choices=(Choice("answer", asked["text"], "pick",
                                                         tuple((str(n), str(n)) for n in range(most + 1))),),
                 primary=True, submit="Answer")]
