"""An automated opponent's state as a game's rules hold it: its level, numbers, question and this turn's steps.

The rules keep this record and read it (a score sheet, the question it waits on, in words); the bot
runner (companion.bots.flowrun) walks the flowchart and hands back a new record. Sentences are the
flowchart's own, with the numbers of `facts` (what the game shows the bot) and of the bot put in.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from collections.abc import Mapping
from typing import Any

from cardgen.gamedata.flows.charts import PLACEHOLDER, Flow, Node


@dataclass(frozen=True)
class Said:
    """One step of a bot's turn: the node, its sentence as carried out, the reason, and how it came out."""

    node: str
    kind: str
    text: str
    why: str
    outcome: str = ""


@dataclass(frozen=True)
class Bot:
    """A bot's state: its level, tracked numbers, the question it waits on, and this turn's steps."""

    level: int
    values: tuple[tuple[str, int], ...]
    waiting: str | None = None
    turn: tuple[Said, ...] = ()
    turns: int = 0

    def get(self, name: str) -> int:
        return dict(self.values)[name]

    def with_values(self, **changes: int) -> Bot:
        values = dict(self.values)
        unknown = set(changes) - set(values)
        if unknown:
            raise KeyError(f"not tracked: {', '.join(sorted(unknown))}")
        values.update(changes)
        return replace(self, values=tuple(values.items()))


def new_bot(flow: Flow, level: int | None = None) -> Bot:
    """A bot at `level` (the lowest when None) with the level's starting numbers; KeyError for an unknown level."""
    if not flow.levels:
        return Bot(level or 1, flow.tracked)
    chosen = flow.level(level) if level is not None else flow.levels[0]
    return Bot(chosen.number, tuple({**dict(flow.tracked), **dict(chosen.values)}.items()))


def scope(bot: Bot, facts: Mapping[str, Any]) -> dict[str, Any]:
    """The names a flowchart's expressions and sentences read: the game's facts, the bot's numbers, its level."""
    return {**facts, **dict(bot.values), "level": bot.level}


def said(node: Node, names: Mapping[str, Any], outcome: str) -> Said:
    """The step as recorded: its sentence and reason with the numbers put in."""
    def put(text: str) -> str:
        return PLACEHOLDER.sub(lambda m: str(names.get(m.group(1), m.group(0))), text)
    return Said(node.id, node.kind, put(node.text), put(node.why), outcome)


def asking(flow: Flow, bot: Bot, facts: Mapping[str, Any]) -> dict[str, Any] | None:
    """The question the bot waits on, for a page: its sentence, kind, answers or largest number, and why."""
    if not bot.waiting:
        return None
    node = flow.nodes[bot.waiting]
    step = said(node, scope(bot, facts), "")
    return {"node": node.id, "kind": node.kind, "text": step.text,
            "answers": list(node.branches) if node.kind == "question" else None,
            "most": node.most if node.kind == "count" else None, "why": step.why}


def score(flow: Flow, bot: Bot, facts: Mapping[str, Any]) -> dict[str, int]:
    """The bot's own score sheet: each category of the flowchart's [flow.score] evaluated."""
    names = scope(bot, facts)
    return {label: int(expression(names)) for label, expression in flow.score}
