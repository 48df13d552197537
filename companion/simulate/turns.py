"""One bot turn at a modelled table: the flowchart runs, and the table model answers each question it asks."""

from __future__ import annotations

from typing import Any, Protocol
from collections.abc import Callable

from cardgen.gamedata.flows.charts import Flow
from companion.bots.flowrun import Bot, Host, answer, begin
from companion.simulate.record import SimulationError

MAX_QUESTIONS = 300  # a turn that asks this many questions loops


class Table(Protocol):
    """A game's table model as the runner sees it: it answers what only the table can see."""

    def answer(self, node: str, world: Any, bot: Bot) -> str: ...


def play_turn(flow: Flow, bot: Bot, world: Any, host: Host, roll: Callable[[int], int],
              table: Table) -> tuple[Bot, Any, int]:
    """The bot's whole turn; returns the bot, the world after it, and how many questions the table answered."""
    bot, world = begin(flow, bot, world, host, roll)
    asked = 0
    while bot.waiting:
        asked += 1
        if asked > MAX_QUESTIONS:
            raise SimulationError(f"{flow.title} asked {MAX_QUESTIONS} questions in one turn: the flowchart "
                                  f"loops at {bot.waiting!r}.")
        bot, world = answer(flow, bot, world, host, roll, table.answer(bot.waiting, world, bot))
    return bot, world, asked
