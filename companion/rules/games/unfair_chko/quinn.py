"""Quinn, the solo opponent, as Unfair's rules keep it: its record, what it may do now, its moves, score and view.

Quinn takes one turn in each step (Events, Park, Guests, Cleanup) of every round. The rules hold
Quinn's record (level, collection, coins, medals, the question it waits on, the steps it has acted
in) and apply its moves on the game: its hunters strike a kaiju, it takes a silver medal from the
City's supply or exchanges silver for gold. Its flowchart (card_data/unfair_chko/quinn.flow.toml) is
walked by the bot side (companion/bots/unfair_chko.py), which decides and calls these moves.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from companion.rules import automa
from companion.rules.automa import Bot
from companion.rules.contract import RuleError
from companion.rules.games.unfair_chko import kaiju
from companion.rules.games.unfair_chko.state import State, playing
from companion.rules.plural import plural

NAME = "Quinn"
COLLECTION = ("coins", "cards", "attractions", "stars", "silver", "gold")  # the numbers the table sees


@dataclass(frozen=True)
class Quinn:
    """Quinn's state: its bot record (level, numbers, question, this turn's steps), and the steps it has taken its
    turn in this round."""

    bot: Bot
    round: int = 0
    acted: tuple[str, ...] = ()          # steps of `round` Quinn has finished its turn in

    def done_in(self, state: State) -> bool:
        return self.round == state.round and state.step in self.acted


def flow(state: State):
    if state.consts.quinn is None:
        raise RuleError("This game's data has no quinn.flow.toml, so there is no solo opponent to run.")
    return state.consts.quinn


def facts(world: State, bot: Bot) -> dict[str, Any]:
    """The game's numbers Quinn's flowchart reads (its `facts`), for the market space Quinn shops in."""
    c = world.consts
    space = dict(bot.values).get("space", 0)
    return {"step": world.step, "round": world.round, "rounds": world.rounds, "kaiju": len(world.market),
            "blocked": int(any(k.space == space for k in world.market)), "spaces": c.market_spaces,
            "supply_silver": world.supply_silver, "supply_gold": world.supply_gold,
            "silver_points": c.silver_points, "gold_points": c.gold_points,
            "silver_per_gold": c.silver_per_gold, "coins_per_point": c.coins_per_point}


def arrive(state: State, level: int | None) -> State:
    """Quinn joins a solo game (at `level`, or the lowest) and leaves a game that is not solo."""
    if not state.solo:
        return replace(state, automa=None)
    if state.automa is not None and level is None:
        return state
    try:
        bot = automa.new_bot(flow(state), level)
    except KeyError as error:
        raise RuleError(str(error).strip("'\"")) from None
    return replace(state, automa=Quinn(bot))


def present(state: State) -> Quinn:
    """Quinn's record; refused outside a solo game."""
    if not state.solo or state.automa is None:
        raise RuleError("Quinn plays only in a solo game (the Solo Mode Game Changer, one player).")
    return state.automa


def asking(state: State, bot: Bot) -> dict[str, Any] | None:
    """The question Quinn waits on, in words, or None."""
    return automa.asking(flow(state), bot, facts(state, bot))


def question(state: State, bot: Bot) -> str:
    """The sentence of the question Quinn waits on ("" when it waits on none)."""
    asked = asking(state, bot)
    return asked["text"] if asked else ""


# -- Quinn's turn --------------------------------------------------------------------------------------------------
def may_begin(state: State) -> None:
    """Refuses Quinn's turn when the game is not being played, or its turn in this step is not due."""
    q = present(state)
    playing(state, "Quinn's turn")
    reason = not_now(state, q)
    if reason:
        raise RuleError(reason)


def not_now(state: State, q: Quinn) -> str | None:
    """Why Quinn cannot start a turn now (a sentence), or None when its turn is due."""
    if q.bot.waiting:
        return f"Quinn is waiting for an answer: {question(state, q.bot)}"
    if q.done_in(state):
        return f"Quinn has already taken its turn in the {state.step} step of round {state.round}."
    if state.step == "Events" and (state.section == "Draw" or state.city_round != state.round
                                   or (state.market and state.rolled_round != state.round)):
        return "Quinn takes its Events turn after this round's City card is revealed and the kaiju have rolled."
    return None


def moved(state: State, world: State, bot: Bot, began: bool) -> State:
    """The game after Quinn's flowchart ran from `state` to `world` (its moves applied) and left Quinn as `bot`:
    a new turn (`began`) counts for this round; a turn that asks nothing more is done in this step; the table
    is told the question Quinn waits on, or its last step."""
    q = present(state)
    if began:
        q = replace(q, acted=q.acted if q.round == state.round else (), round=state.round)
    if bot.waiting is None:
        q = replace(q, acted=q.acted + (state.step,))
    asked = asking(world, bot)
    last = bot.turn[-1].text if bot.turn else ""
    return replace(world, automa=replace(q, bot=bot), told=asked["text"] if asked else last)


def set_level(state: State, level: int) -> State:
    """Changes Quinn's difficulty: the level's numbers replace the old level's; the collection stays."""
    q = present(state)
    if q.bot.waiting:
        raise RuleError("Answer Quinn's question before changing its level.")
    try:
        chosen = flow(state).level(level)
    except KeyError as error:
        raise RuleError(str(error).strip("'\"")) from None
    bot = replace(q.bot.with_values(**dict(chosen.values)), level=chosen.number)
    return replace(state, automa=replace(q, bot=bot), told=f"Quinn plays at level {chosen.number}, {chosen.name}.")


# -- Quinn's moves on the game: (the game, Quinn's bot) -> (the game, Quinn's bot, how it came out) ----------------
def strike(world: State, bot: Bot) -> tuple[State, Bot, str]:
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


def take_silver(world: State, bot: Bot) -> tuple[State, Bot, str]:
    """Quinn takes a silver medal from the City's supply (none when it is empty)."""
    if world.supply_silver < 1:
        return world, bot, "The City's supply has no silver medal left: Quinn gets none."
    return (replace(world, supply_silver=world.supply_silver - 1), bot.with_values(silver=bot.get("silver") + 1),
            f"Quinn has {plural(bot.get('silver') + 1, 'silver medal')}.")


def exchange_gold(world: State, bot: Bot) -> tuple[State, Bot, str]:
    """Quinn exchanges silver medals for a gold one from the City's supply, when it has enough and one is left."""
    per = world.consts.silver_per_gold
    if bot.get("silver") < per or world.supply_gold < 1:
        return world, bot, "No exchange is possible."
    bot = bot.with_values(silver=bot.get("silver") - per, gold=bot.get("gold") + 1)
    return (replace(world, supply_silver=world.supply_silver + per, supply_gold=world.supply_gold - 1), bot,
            f"Quinn has {bot.get('gold')} gold and {plural(bot.get('silver'), 'silver medal')}.")


MOVES = {"hit_kaiju": strike, "take_silver": take_silver, "exchange_gold": exchange_gold}  # by the chart's hook names


# -- the game goes on only after Quinn -----------------------------------------------------------------------------
def holding(state: State) -> str | None:
    """Why the game may not leave this step yet because of Quinn (a sentence), or None."""
    if not state.solo or state.automa is None or state.phase != "play":
        return None
    q: Quinn = state.automa
    if q.bot.waiting:
        return f"Quinn is waiting for an answer first: {question(state, q.bot)}"
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
    categories = automa.score(flow(state), q.bot, facts(state, q.bot))
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
        "collection": {k: v for k, v in q.bot.values if k in COLLECTION},
        "asking": asking(state, q.bot),
        "turn": [{"node": s.node, "kind": s.kind, "text": s.text, "why": s.why, "outcome": s.outcome}
                 for s in q.bot.turn],
        "turn_due": state.phase == "play" and not_now(state, q) is None,
        "holding": holding(state),
        "acted": list(q.acted) if q.round == state.round else [],
        "score": sheet(state),
    }
