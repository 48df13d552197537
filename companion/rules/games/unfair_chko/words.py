"""Unfair's moves as sentences for the history, in the table's words."""

from __future__ import annotations

from typing import Any
from collections.abc import Mapping, Sequence

from companion.rules.contract import RuleError
from companion.rules.games.unfair_chko.consts import stand_in


def _card(game: Any, card: Any) -> str:
    """A City card's printed name from its id (a stand-in's words for a pack the app has no cards for)."""
    text = str(card)
    if text.startswith("named:"):
        return text[len("named:"):]
    try:
        return game.card(text).name
    except Exception:  # noqa: BLE001 - a stand-in or a name the table typed
        try:
            return stand_in(text).name
        except RuleError:
            return text


def _kaiju_roll(p: Mapping[str, Any]) -> str:
    dice = p.get("dice") or []
    if not dice:
        return "The kaiju roll."
    rolls = "; ".join(" and ".join(map(str, d)) for d in dice)
    return ("The kaiju's dice fell " if p.get("entered") else "The app rolled for the kaiju: ") + rolls + "."


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
        "advance": lambda: "The table goes on to the next step of the round.",
        "end_turn": lambda: f"{who} {({'event': 'played an event', 'pass': 'passed', 'hard_pass': 'hard passed'}).get(p.get('action') or '', 'ended their turn')} in the Play section.",
        "cleanup": lambda: f"Cleanup step {p['step']} is done." if p.get("step") else "The next Cleanup step is done.",
        "set_round": lambda: f"Correction: the round tracker is set to round {p.get('round')}.",
        "set_starting_player": lambda: f"Correction: {who} has the Starting Player marker.",
        "gain_coins": lambda: f"{who} gains {plural(coins, 'coin')}.",
        "pay_coins": lambda: f"{who} pays {plural(coins, 'coin')}.",
        "set_coins": lambda: f"Correction: {who} has {plural(coins, 'coin')}.",
        "take_loan": lambda: f"{who} takes a loan.",
        "repay_loan": lambda: f"{who} repays a loan.",
        "roll_dice": lambda: ("Two dice for a card fell " if p.get("entered") else "The app rolled two dice for a card: ")
        + (" and ".join(map(str, p["dice"])) if p.get("dice") else "?") + ".",
        "reveal_city": lambda: "This round's City card is "
        + (" and ".join(f"*{_card(game, c)}*" for c in (p.get("shown") or ([p["card"]] if p.get("card") else [])))
           or "revealed") + ".",
        "kaiju_roll": lambda: _kaiju_roll(p),
        "hit_kaiju": lambda: f"{who} hits the kaiju in Market space {p.get('space')}"
        + (f" for {p['damage']}" if (p.get("damage") or 1) > 1 else "") + (f" with *{p['source']}*" if p.get("source") else "") + ".",
        "kaiju_enters": lambda: f"Correction: {p.get('kaiju')} enters the Market.",
        "set_kaiju_health": lambda: f"Correction: the kaiju in Market space {p.get('space')} has health {p.get('health')}.",
        "award_medals": lambda: f"The City awards {who} {plural(p.get('silver') or 1, 'silver medal')}.",
        "exchange_medals": lambda: (f"{who} exchanges {5 * (p.get('count') or 1)} silver medals for "
                                    f"{plural(p.get('count') or 1, 'gold medal')}." if p.get("to") == "gold" else
                                    f"{who} exchanges {plural(p.get('count') or 1, 'gold medal')} for "
                                    f"{5 * (p.get('count') or 1)} silver medals."),
        "sell_medals": lambda: f"{who} sells {plural(p.get('count') or 1, (p.get('medal') or 'silver') + ' medal')}.",
        "set_medals": lambda: f"Correction: {who} has {p.get('silver')} silver and {p.get('gold')} gold medals.",
        "score_sheet": lambda: f"Correction: {who}'s score sheet is filled in by hand.",
        "add_attraction": lambda: f"{who} scores an attraction of {plural(p.get('icons'), 'icon')}.",
        "add_blueprint": lambda: f"{who} scores a blueprint worth {plural(p.get('points'), 'point')}.",
        "add_panorama": lambda: f"{who} scores a {'complete' if p.get('complete') else 'partial'} panorama of "
        f"{plural(p.get('cards'), 'card')}.",
        "add_park_points": lambda: f"{who} adds {plural(p.get('points'), 'point')} "
        f"{'for staff' if p.get('points_for') == 'staff' else 'from other cards'}.",
        "end_game": lambda: "The table ends the game.",
    }
    return said[kind]() if kind in said else None
