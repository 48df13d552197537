"""Emigration's moves as sentences for the history, cards named as printed."""

from __future__ import annotations

from typing import Any
from collections.abc import Mapping, Sequence


def describe(event: Mapping[str, Any], players: Sequence[str], game: Any) -> str | None:
    kind, p = event["type"], event.get("payload") or {}
    names = {c.id: c.name for d in game.decks for c in d.cards}
    seat = lambda key: players[p[key]] if isinstance(p.get(key), int) and 0 <= p[key] < len(players) else None  # noqa: E731
    who, owner = seat("player") or "A player", seat("owner")
    card = f"*{names[p['card']]}*" if p.get("card") in names else "a card"
    where = "" if owner is None else (" from their own Card Layout" if owner == who else f" from {owner}'s Card Layout")
    die = f" (the die fell on {p['rolls'][0]})" if p.get("rolls") else ""
    said = {
        "deal": lambda: "The cards are dealt" + (f"; {seat('first_player')} starts." if seat("first_player") else "."),
        "buy": lambda: f"{who} buys a card{where}.",
        "discard": lambda: f"{who} discards a card{where} and takes money from the bank.",
        "activate": lambda: f"{who} activates a card{where}{die}.",
        "buy_travel": lambda: f"{who} buys {card}.",
        "take_by_skipping": lambda: f"{who} skips a turn to take {card}.",
        "scalp": lambda: f"{who} buys {card} from {seat('seller') or 'another player'}.",
        "go_to_college": lambda: f"{who} goes to college{die}.",
        "graduate": lambda: f"{who} tries to graduate{die}.",
        "sell": lambda: f"{who} sells {card}.",
        "forfeit": lambda: f"{who} forfeits the turn.",
        "withdraw": lambda: f"{who} trades for Assurance.",
        "cross_border": lambda: f"{who} crosses at lane {p.get('lane')}"
        + (f" and draws a token worth {p['token']}" if p.get("token") is not None else "") + ".",
        "set_money": lambda: f"Correction: {who} has {p.get('money')} money.",
        "set_assurance": lambda: f"Correction: {who} has {p.get('assurance')} Assurance.",
        "set_turn": lambda: f"Correction: it is {who}'s turn.",
        "set_card": lambda: f"Correction: {card} is face up in {owner or 'a player'}'s Card Layout.",
        "set_identity": lambda: f"Correction: {who}'s cards are set as dealt at the table.",
    }
    return said[kind]() if kind in said else None
