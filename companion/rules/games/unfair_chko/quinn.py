"""Quinn, the solo opponent: its flowchart (card_data/unfair_chko/quinn.flow.toml) run in each step of the round.

Quinn takes one turn in each step (Events, Park, Guests, Cleanup) of every round. The app walks
the flowchart: it makes Quinn's checks and dice rolls itself, asks the table yes/no or count
questions for what only the table shows, says in one sentence what to do for Quinn, and keeps
Quinn's collection, coins and medals. Medals come from the City's supply like everyone's; a kaiju
Quinn's hunters strike loses health on the table's tracker. Dice are drawn once, when the event is
appended (`prepare`), and replayed from the log.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any
from collections.abc import Callable, Mapping

from companion.bots import dice, flowrun
from companion.bots.flowrun import Bot, FlowError
from companion.rules.contract import RuleError
from companion.rules.games.unfair_chko import kaiju
from companion.rules.games.unfair_chko.state import State, playing

NAME = "Quinn"


@dataclass(frozen=True)
class Quinn:
    """Quinn's state: the flowchart runner's bot, and the steps it has taken its turn in this round."""

    bot: Bot
    round: int = 0
    acted: tuple[str, ...] = ()          # steps of `round` Quinn has finished its turn in

    def done_in(self, state: State) -> bool:
        return self.round == state.round and state.step in self.acted


class _Host:
    """The facts Quinn's flowchart reads from the game, and the hooks it asks the game to carry out."""

    def facts(self, world: State, bot: Bot) -> Mapping[str, Any]:
        c = world.consts
        space = dict(bot.values).get("space", 0)
        return {"step": world.step, "round": world.round, "rounds": world.rounds, "kaiju": len(world.market),
                "blocked": int(any(k.space == space for k in world.market)), "spaces": c.market_spaces,
                "supply_silver": world.supply_silver, "supply_gold": world.supply_gold,
                "silver_points": c.silver_points, "gold_points": c.gold_points,
                "silver_per_gold": c.silver_per_gold, "coins_per_point": c.coins_per_point}

    def hook(self, name: str, world: State, bot: Bot) -> tuple[State, Bot, str]:
        if name == "hit_kaiju":
            return _hit(world, bot)
        if name == "take_silver":
            if world.supply_silver < 1:
                return world, bot, "The City's supply has no silver medal left: Quinn gets none."
            return (replace(world, supply_silver=world.supply_silver - 1), bot.with_values(silver=bot.get("silver") + 1),
                    f"Quinn has {bot.get('silver') + 1} silver medal(s).")
        if name == "exchange_gold":
            per = world.consts.silver_per_gold
            if bot.get("silver") < per or world.supply_gold < 1:
                return world, bot, "No exchange is possible."
            bot = bot.with_values(silver=bot.get("silver") - per, gold=bot.get("gold") + 1)
            return (replace(world, supply_silver=world.supply_silver + per, supply_gold=world.supply_gold - 1), bot,
                    f"Quinn has {bot.get('gold')} gold and {bot.get('silver')} silver medal(s).")
        raise RuleError(f"Quinn's flowchart names a hook {name!r} the Unfair rules do not know "
                        "(hooks: hit_kaiju, take_silver, exchange_gold).")


HOST = _Host()


def _hit(world: State, bot: Bot) -> tuple[State, Bot, str]:
    """Quinn's hunters lower the health of the kaiju in the lowest Market space by 1; a silver medal if any is left."""
    if not world.market:
        return world, bot, "No kaiju is left in the Market."
    target = min(world.market, key=lambda k: k.space)
    medal = 1 if world.supply_silver > 0 else 0
    name = world.consts.city_card(target.card).name
    told = (f"{name} in Market space {target.space} drops to health {target.health - 1}; Quinn "
            + ("gains a silver medal." if medal else "gains no medal: the City's supply is empty."))
    world = kaiju.set_to(replace(world, supply_silver=world.supply_silver - medal), target, target.health - 1, told)
    return world, bot.with_values(silver=bot.get("silver") + medal), world.told


def flow(state: State):
    if state.consts.quinn is None:
        raise RuleError("This game's data has no quinn.flow.toml, so there is no solo opponent to run.")
    return state.consts.quinn


def arrive(state: State, level: int | None) -> State:
    """Quinn joins a solo game (at `level`, or the lowest) and leaves a game that is not solo."""
    if not state.solo:
        return replace(state, automa=None)
    if state.automa is not None and level is None:
        return state
    try:
        bot = flowrun.new_bot(flow(state), level)
    except KeyError as error:
        raise RuleError(str(error).strip("'\"")) from None
    return replace(state, automa=Quinn(bot))


def _quinn(state: State) -> Quinn:
    if not state.solo or state.automa is None:
        raise RuleError("Quinn plays only in a solo game (the Solo Mode Game Changer, one player).")
    return state.automa


def _run(state: State, p: dict[str, Any], roll: Callable[[int], int]) -> State:
    q = _quinn(state)
    try:
        if p.get("answer") is None:
            playing(state, "Quinn's turn")
            _may_start(state, q)
            bot, world = flowrun.begin(flow(state), q.bot, state, HOST, roll)
            q = replace(q, acted=q.acted if q.round == state.round else (), round=state.round)
        else:
            bot, world = flowrun.answer(flow(state), q.bot, state, HOST, roll, str(p["answer"]))
    except FlowError as error:
        raise RuleError(str(error)) from None
    if bot.waiting is None:
        q = replace(q, acted=q.acted + (state.step,))
    last = bot.turn[-1].text if bot.turn else ""
    asked = flowrun.asking(flow(state), bot, world, HOST)
    return replace(world, automa=replace(q, bot=bot), told=asked["text"] if asked else last)


def _may_start(state: State, q: Quinn) -> None:
    reason = not_now(state, q)
    if reason:
        raise RuleError(reason)


def not_now(state: State, q: Quinn) -> str | None:
    """Why Quinn cannot start a turn now (a sentence), or None when its turn is due."""
    question = flowrun.asking(flow(state), q.bot, state, HOST)
    if question is not None:
        return f"Quinn is waiting for an answer: {question['text']}"
    if q.done_in(state):
        return f"Quinn has already taken its turn in the {state.step} step of round {state.round}."
    if state.step == "Events" and (state.section == "Draw" or state.city_round != state.round
                                   or (state.market and state.rolled_round != state.round)):
        return "Quinn takes its Events turn after this round's City card is revealed and the kaiju have rolled."
    return None


def play(state: State, p: dict[str, Any]) -> State:
    """quinn_turn (no answer: Quinn starts its turn in this step) or quinn_answer (the table's answer); Quinn runs
    until its turn ends or it asks the table something, rolling the dice stored in the event."""
    return _run(state, p, dice.stored(p))


def prepare(state: State, p: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Walks Quinn's flowchart as the event will, drawing each die it rolls; the faces are stored in the event."""
    roll, faces = dice.recording(rng)
    _run(state, p, roll)
    return {**p, "dice": faces}


def set_level(state: State, p: dict[str, Any]) -> State:
    """Changes Quinn's difficulty: the level's numbers replace the old level's; the collection stays."""
    q = _quinn(state)
    if q.bot.waiting:
        raise RuleError("Answer Quinn's question before changing its level.")
    chart = flow(state)
    try:
        chosen = chart.level(p["level"])
    except KeyError as error:
        raise RuleError(str(error).strip("'\"")) from None
    bot = replace(q.bot.with_values(**dict(chosen.values)), level=chosen.number)
    return replace(state, automa=replace(q, bot=bot), told=f"Quinn plays at level {chosen.number}, {chosen.name}.")


def holding(state: State) -> str | None:
    """Why the game may not leave this step yet because of Quinn (a sentence), or None."""
    if not state.solo or state.automa is None or state.phase != "play":
        return None
    q: Quinn = state.automa
    question = flowrun.asking(flow(state), q.bot, state, HOST)
    if question is not None:
        return f"Quinn is waiting for an answer first: {question['text']}"
    last_section = state.stage + 1 >= len(state.consts.stages) or state.consts.stages[state.stage + 1][0] != state.step
    if last_section and not q.done_in(state):
        return f"Quinn takes its turn in the {state.step} step before the game goes on."
    return None


def must_have_acted(state: State) -> None:
    """Refuses to leave a step of a solo game before Quinn has finished its turn in it."""
    reason = holding(state)
    if reason:
        raise RuleError(reason)


def sheet(state: State) -> dict[str, Any] | None:
    """Quinn's score by its own sheet, for the score and the view; None outside solo games."""
    if not state.solo or state.automa is None:
        return None
    q: Quinn = state.automa
    categories = flowrun.score(flow(state), q.bot, state, HOST)
    return {"name": NAME, "level": q.bot.level, "categories": categories, "total": sum(categories.values())}


def view(state: State) -> dict[str, Any] | None:
    """What the table sees of Quinn: level, numbers, the question it waits on, this turn's steps and why."""
    if not state.solo or state.automa is None:
        return None
    q: Quinn = state.automa
    chart = flow(state)
    level = next((lv for lv in chart.levels if lv.number == q.bot.level), None)
    return {
        "name": NAME, "title": chart.title, "description": chart.description,
        "level": q.bot.level, "level_name": level.name if level else "", "level_text": level.text if level else "",
        "levels": [{"level": lv.number, "name": lv.name, "text": lv.text} for lv in chart.levels],
        "collection": {k: v for k, v in q.bot.values if k in ("coins", "cards", "attractions", "stars", "silver",
                                                               "gold")},
        "asking": flowrun.asking(chart, q.bot, state, HOST),
        "turn": [{"node": s.node, "kind": s.kind, "text": s.text, "why": s.why, "outcome": s.outcome}
                 for s in q.bot.turn],
        "turn_due": state.phase == "play" and not_now(state, q) is None,
        "holding": holding(state),
        "acted": list(q.acted) if q.round == state.round else [],
        "score": sheet(state),
    }
