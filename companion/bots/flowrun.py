"""Runs an automated opponent's flowchart: checks, rolls and actions by itself, questions to the table.

A pure function of the flowchart, the bot's immutable state, the game's state (`world`) and a `Host`
that tells the game's facts and carries out named hooks. Dice come from a function the caller
gives, so the app can draw them once when the event is appended and replay them from the log.
Every step is recorded as a sentence, with the reason behind it, for the page to show.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Protocol
from collections.abc import Callable, Mapping

from cardgen.gamedata.flows.expressions import ExpressionError
from cardgen.gamedata.flows.charts import Flow
from companion.rules import automa
from companion.rules.automa import Bot, Said, new_bot  # the state a bot keeps, held by the rules

__all__ = ["MAX_STEPS", "Bot", "FlowError", "Host", "Said", "answer", "asking", "begin", "new_bot", "score"]

MAX_STEPS = 500  # a turn that runs this many checks and actions without the table goes in circles


class FlowError(Exception):
    """A move the flowchart does not allow now (an answer it did not ask for); the message is a sentence."""


class Host(Protocol):
    """What a game gives the runner: its facts (names the flowchart reads) and its hooks."""

    def facts(self, world: Any, bot: Bot) -> Mapping[str, Any]: ...

    def hook(self, name: str, world: Any, bot: Bot) -> tuple[Any, Bot, str]: ...


def begin(flow: Flow, bot: Bot, world: Any, host: Host, roll: Callable[[int], int]) -> tuple[Bot, Any]:
    """Starts a turn at the flowchart's start and runs until it ends or asks the table something."""
    question = asking(flow, bot, world, host)
    if question is not None:
        raise FlowError(f"{flow.title} is still waiting for an answer: {question['text']}")
    return _walk(flow, replace(bot, turn=(), turns=bot.turns + 1), world, host, roll, flow.start)


def answer(flow: Flow, bot: Bot, world: Any, host: Host, roll: Callable[[int], int], reply: str) -> tuple[Bot, Any]:
    """Gives the table's answer to the question the bot waits on and runs on."""
    if not bot.waiting:
        raise FlowError(f"{flow.title} has asked nothing: start its turn first.")
    node = flow.nodes[bot.waiting]
    said = automa.said(node, _scope(bot, world, host), "")
    asked = said.text
    if node.kind == "question":
        if reply not in node.branches:
            raise FlowError(f"The answer to \"{asked}\" is one of {', '.join(node.branches)}, not {reply!r}.")
        target, outcome = node.branches[reply], reply
    else:
        number = _number(reply)
        if number is None or not 0 <= number <= node.most:
            raise FlowError(f"The answer to \"{asked}\" is a whole number from 0 to {node.most}, not {reply!r}.")
        if node.store:
            bot = bot.with_values(**{node.store: number})
        target, outcome = node.target(number), str(number)
    bot = replace(bot, waiting=None, turn=bot.turn + (replace(said, outcome=outcome),))
    return _walk(flow, bot, world, host, roll, target)


def asking(flow: Flow, bot: Bot, world: Any, host: Host) -> dict[str, Any] | None:
    """The question the bot waits on, for a page: its sentence, kind, answers or largest number, and why."""
    return automa.asking(flow, bot, host.facts(world, bot))


def score(flow: Flow, bot: Bot, world: Any, host: Host) -> dict[str, int]:
    """The bot's own score sheet: each category of the flowchart's [flow.score] evaluated."""
    return automa.score(flow, bot, host.facts(world, bot))


def _scope(bot: Bot, world: Any, host: Host) -> dict[str, Any]:
    return automa.scope(bot, host.facts(world, bot))


def _number(reply: str) -> int | None:
    text = str(reply).strip()
    return int(text) if text.isdigit() else None


def _walk(flow: Flow, bot: Bot, world: Any, host: Host, roll: Callable[[int], int], node_id: str | None):
    for _ in range(MAX_STEPS):
        if node_id is None:
            return replace(bot, waiting=None), world
        node = flow.nodes[node_id]
        if node.kind in ("question", "count"):
            return replace(bot, waiting=node.id), world
        scope = _scope(bot, world, host)
        told = None
        target: str | None  # None: the turn ends
        try:
            if node.kind == "check":
                if node.test is not None:
                    outcome = "yes" if node.test(scope) else "no"
                    target = node.branches[outcome]
                else:
                    assert node.value is not None  # a check has a test or a value (cardgen.gamedata.flows.charts)
                    number = max(0, int(node.value(scope)))
                    outcome, target = str(number), node.target(number)
            elif node.kind == "roll":
                face = roll(node.sides)
                if not 1 <= face <= node.sides:
                    raise FlowError(f"A {node.sides}-sided die cannot show {face}.")
                if node.store:
                    bot = bot.with_values(**{node.store: face})
                    scope = {**scope, node.store: face}
                outcome, target = f"rolled {face}", node.target(face)
            else:
                for name, expression in node.effects:
                    value = int(expression(scope))
                    bot = bot.with_values(**{name: value})
                    scope = {**scope, name: value}
                outcome, target = "", node.branches.get("next")
                if node.hook:  # the sentence names the world as the move finds it, the outcome what came of it
                    told = automa.said(node, scope, "")
                    world, bot, outcome = host.hook(node.hook, world, bot)
        except ExpressionError as error:
            raise FlowError(f"{flow.title}, node {node.id!r}: {error}") from None
        said = automa.said(node, scope, outcome) if told is None else replace(told, outcome=outcome)
        bot, node_id = replace(bot, turn=bot.turn + (said,)), target
    raise FlowError(f"{flow.title} went round {MAX_STEPS} steps without asking the table or ending: "
                    f"the flowchart loops at {node_id!r}.")
