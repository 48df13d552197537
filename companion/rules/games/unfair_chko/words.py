"""Unfair's moves as sentences for the history, in the table's words."""

from __future__ import annotations

from typing import Any
from collections.abc import Mapping, Sequence


def describe(event: Mapping[str, Any], players: Sequence[str], game: Any) -> str | None:
    kind, p = event["type"], event.get("payload") or {}
    who = players[p["player"]] if isinstance(p.get("player"), int) and 0 <= p["player"] < len(players) else "A player"
    coins = p.get("coins")
    plural = lambda n, word: f"{n} {word}{'' if n == 1 else 's'}"  # noqa: E731
    said = {
        "choose_packs": lambda: f"Theme packs chosen: {', '.join(p.get('packs') or []) or 'none'}.",
        "use_recommended_packs": lambda: "The packs recommended for new players are used.",
        "draw_packs": lambda: "Theme packs drawn from the bag" + (f": {', '.join(p['drawn'])}." if p.get("drawn") else "."),
        "choose_game_changers": lambda: f"Game Changers: {', '.join(p.get('game_changers') or []) or 'none'}.",
        "confirm_everyone_knows": lambda: "The table confirms everyone knows the game." if p.get("confirmed")
        else "Not everyone knows the game.",
        "start_game": lambda: "The game begins" + (f": {players[p['starting_player']]} starts."
                                                  if isinstance(p.get("starting_player"), int)
                                                  and 0 <= p["starting_player"] < len(players) else "."),
        "advance": lambda: "The game moves on to the next step.",
        "end_turn": lambda: f"{who} {({'event': 'played an event', 'pass': 'passed', 'hard_pass': 'hard passed'}).get(p.get('action') or '', 'ended their turn')}.",
        "cleanup": lambda: "The next Cleanup step is done.",
        "set_round": lambda: f"Correction: the round tracker is set to round {p.get('round')}.",
        "set_starting_player": lambda: f"Correction: {who} has the Starting Player marker.",
        "gain_coins": lambda: f"{who} gains {plural(coins, 'coin')}.",
        "pay_coins": lambda: f"{who} pays {plural(coins, 'coin')}.",
        "set_coins": lambda: f"Correction: {who} has {plural(coins, 'coin')}.",
        "take_loan": lambda: f"{who} takes a loan.",
        "repay_loan": lambda: f"{who} repays a loan.",
        "roll_dice": lambda: "Two dice rolled" + (f": {' and '.join(map(str, p['dice']))}." if p.get("dice") else "."),
        "reveal_city": lambda: "This round's City card is revealed" + (f": {p['card']}." if p.get("card") else "."),
        "kaiju_roll": lambda: ("The kaiju's dice fell" if p.get("entered") else "The app rolled for the kaiju")
        + (": " + "; ".join(" and ".join(map(str, d)) for d in p["dice"]) + "." if p.get("dice") else "."),
        "hit_kaiju": lambda: f"{who} hits the kaiju in Market space {p.get('space')}"
        + (f" for {p['damage']}" if (p.get("damage") or 1) > 1 else "") + (f" with {p['source']}" if p.get("source") else "") + ".",
        "kaiju_enters": lambda: f"Correction: {p.get('kaiju')} enters the Market.",
        "set_kaiju_health": lambda: f"Correction: the kaiju in Market space {p.get('space')} has health {p.get('health')}.",
        "award_medals": lambda: f"The City awards {who} {plural(p.get('silver') or 1, 'silver medal')}.",
        "exchange_medals": lambda: f"{who} exchanges medals for {p.get('to')}.",
        "sell_medals": lambda: f"{who} sells {plural(p.get('count') or 1, (p.get('medal') or 'silver') + ' medal')}.",
        "set_medals": lambda: f"Correction: {who} has {p.get('silver')} silver and {p.get('gold')} gold medals.",
        "score_sheet": lambda: f"{who}'s score sheet is filled in.",
        "end_game": lambda: "The game is over.",
    }
    return said[kind]() if kind in said else None
