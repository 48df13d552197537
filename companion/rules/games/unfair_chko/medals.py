"""The City's medal bank: awarding silver, exchanging 5 silver for a gold and back, selling silver for coins.

The supply holds the tokens in the box (19 silver, 5 gold) and never goes below zero. A sold medal goes
back to the supply, so the City can award it again.
"""

from __future__ import annotations

from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.unfair_chko.state import replace, State, player, with_player


def _not_over(state: State, what: str) -> None:
    if state.phase == "setup":
        raise RuleError(f"The game has not started: {what} happens during the game (Start the game).")
    if state.phase in ("scoring", "over"):
        raise RuleError(f"The rounds are over: {what} happens during the game.")


def _plural(n: int, word: str) -> str:
    return f"{n} {word} medal" + ("" if n == 1 else "s")


def award(state: State, p: dict[str, Any]) -> State:
    _not_over(state, "awarding medals")
    who, n = player(state, p["player"]), p["silver"]
    if n > state.supply_silver:
        raise RuleError(f"The City's supply has {_plural(state.supply_silver, 'silver')} left, not {n}: the supply "
                        "cannot go below zero.")
    state = with_player(state, p["player"], silver=who.silver + n)
    return replace(state, supply_silver=state.supply_silver - n,
                   told=f"The City awards {who.name} {_plural(n, 'silver')}.")


def exchange(state: State, p: dict[str, Any]) -> State:
    """5 silver medals for a gold one (to="gold"), or a gold one for 5 silver (to="silver")."""
    _not_over(state, "exchanging medals")
    c, who, n = state.consts, player(state, p["player"]), p["count"]
    rate = c.silver_per_gold
    if p["to"] == "gold":
        if who.silver < n * rate:
            raise RuleError(f"{who.name} has {_plural(who.silver, 'silver')}: a gold medal takes {rate} silver ones.")
        if state.supply_gold < n:
            raise RuleError(f"The City's supply has {_plural(state.supply_gold, 'gold')} left, not {n}.")
        state = with_player(state, p["player"], silver=who.silver - n * rate, gold=who.gold + n)
        return replace(state, supply_silver=state.supply_silver + n * rate, supply_gold=state.supply_gold - n,
                       told=f"{who.name} exchanges {n * rate} silver medals for {_plural(n, 'gold')}.")
    if who.gold < n:
        raise RuleError(f"{who.name} has {_plural(who.gold, 'gold')}, not {n}.")
    if state.supply_silver < n * rate:
        raise RuleError(f"The City's supply has {_plural(state.supply_silver, 'silver')} left, not the {n * rate} "
                        "this exchange needs.")
    state = with_player(state, p["player"], silver=who.silver + n * rate, gold=who.gold - n)
    return replace(state, supply_silver=state.supply_silver - n * rate, supply_gold=state.supply_gold + n,
                   told=f"{who.name} exchanges {_plural(n, 'gold')} for {n * rate} silver medals.")


def sell(state: State, p: dict[str, Any]) -> State:
    """Silver medals sell for coins at any time, without an action; gold must be exchanged first."""
    _not_over(state, "selling medals")
    c, who, n = state.consts, player(state, p["player"]), p["count"]
    if p.get("medal") == "gold":
        raise RuleError(f"A gold medal cannot be sold: exchange it for {c.silver_per_gold} silver medals first "
                        "and sell those.")
    if who.silver < n:
        raise RuleError(f"{who.name} has {_plural(who.silver, 'silver')} and cannot sell {n}.")
    each = c.silver_sell_coins if p.get("coins_each") is None else p["coins_each"]
    if each not in dict(c.sell_prices):
        raise RuleError(f"A silver medal sells for {' or '.join(label for _, label in c.sell_prices)}, not {each}.")
    state = with_player(state, p["player"], silver=who.silver - n, coins=who.coins + n * each)
    return replace(state, supply_silver=state.supply_silver + n,
                   told=f"{who.name} sells {_plural(n, 'silver')} for {n * each} coins.")


def set_medals(state: State, p: dict[str, Any]) -> State:
    """Correction: the player's medals become what the table shows; the supply gives or takes the difference."""
    who = player(state, p["player"])
    silver = state.supply_silver - (p["silver"] - who.silver)
    gold = state.supply_gold - (p["gold"] - who.gold)
    if silver < 0 or gold < 0:
        raise RuleError(f"The City's supply holds {state.supply_silver} silver and {state.supply_gold} gold medals: "
                        f"it cannot give {who.name} that many (the supply never goes below zero).")
    state = with_player(state, p["player"], silver=p["silver"], gold=p["gold"])
    return replace(state, supply_silver=silver, supply_gold=gold,
                   told=f"{who.name} now holds {p['silver']} silver and {p['gold']} gold medals.")
