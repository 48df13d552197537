"""Quinn's host, Unfair's solo opponent: the facts its flowchart reads, its hooks as the rules' moves, its events.

Quinn plays beside the one player, not in a seat (companion/bots/automa.py). The rules of Unfair keep
Quinn's record and apply its moves (companion/rules/games/unfair_chko/quinn.py); this host walks
card_data/unfair_chko/quinn.flow.toml against them: the flowchart reads the rules' numbers, and each
hook it names (hit_kaiju, take_silver, exchange_gold) is one of the rules' moves. Quinn takes one turn
in each step of the round (quinn_turn), the table answers what only it sees (quinn_answer), and its
level can change (quinn_level).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.bots.automa import Automa
from companion.bots.flowrun import Bot
from companion.rules.contract import RuleError, Rules
from companion.rules.fields import EventSpec, Field
from companion.rules.games.unfair_chko import quinn
from companion.rules.games.unfair_chko.state import State

EVENTS = {
    "quinn_turn": EventSpec(
        "Quinn takes its turn in the current step: the app rolls Quinn's dice, makes its checks, says what to do "
        "on the table, and asks what only the table can see.", random=True, drawn=("dice",)),
    "quinn_answer": EventSpec(
        "Answer Quinn's question: one of the answers it offers (yes, no) or a number it asks for.",
        {"answer": Field("string", max_length=20, description="yes, no, or a whole number such as 3.")},
        random=True, drawn=("dice",)),
    "quinn_level": EventSpec("Change Quinn's difficulty level; its collection, coins and medals stay.",
                             {"level": Field("integer", minimum=1, maximum=9)}),
}


class QuinnHost:
    """The facts Quinn's flowchart reads from the game, and its hooks, each one of the rules' moves."""

    def __init__(self, rules: Rules):
        self.rules = rules

    def facts(self, world: State, bot: Bot) -> Mapping[str, Any]:
        return quinn.facts(world, bot)

    def hook(self, name: str, world: State, bot: Bot) -> tuple[State, Bot, str]:
        move = quinn.MOVES.get(name)
        if move is None:
            raise RuleError(f"Quinn's flowchart names a hook {name!r} the Unfair rules do not know "
                            f"(hooks: {', '.join(quinn.MOVES)}).")
        return move(world, bot)


def describe(event: Mapping[str, Any], players: Any) -> str | None:
    """Quinn's events in the history's words."""
    kind, p = event["type"], event.get("payload") or {}
    if kind == "quinn_turn":
        return "Quinn took its turn."
    if kind == "quinn_answer":
        return f"The table answered Quinn: {p.get('answer')}."
    if kind == "quinn_level":
        return f"Quinn now plays at level {p.get('level')}."
    return None


def automa() -> Automa:
    """Quinn as an automated opponent beside the player: what the bot side needs to host it."""
    return Automa(flow="quinn", host=QuinnHost, events=EVENTS, turn="quinn_turn", answer="quinn_answer",
                  level="quinn_level", bot=lambda state: quinn.present(state).bot, may_begin=quinn.may_begin,
                  moved=quinn.moved, set_level=quinn.set_level, describe=describe, before="end_game")
