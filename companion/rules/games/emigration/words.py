"""Emigration's moves as sentences for the history: who did what to which card, cards named as printed."""

from __future__ import annotations

from typing import Any
from collections.abc import Mapping, Sequence

from companion.rules.games.emigration.state import listed

KINDS = {"passport": "a Passport", "ticket": "a Ticket", "nationality": "Nationality card",
         "destination": "Destination card", "career": "Career card"}


def _row(game: Any, place: Any) -> str:
    """The row of a Card Layout's place, in words (the back row first)."""
    rows = list((getattr(game, "constants", None) or {}).get("layout_rows") or [])
    if not isinstance(place, int) or not rows or not 0 <= place < sum(rows):
        return ""
    row = next(r for r in range(len(rows)) if place < sum(rows[:r + 1]))
    return " (back row)" if row == 0 else " (front row)" if row == len(rows) - 1 else f" (row {row + 1})"


def describe(event: Mapping[str, Any], players: Sequence[str], game: Any) -> str | None:
    kind, p = event["type"], event.get("payload") or {}
    names = {c.id: c.name for d in game.decks for c in d.cards}
    seat = lambda key: players[p[key]] if isinstance(p.get(key), int) and 0 <= p[key] < len(players) else None  # noqa: E731
    named = lambda key: f"*{names[p[key]]}*" if isinstance(p.get(key), str) and p[key] in names else None  # noqa: E731
    who, owner = seat("player") or "A player", seat("owner")
    card = named("card") or "a card"
    took = named("took") or "a card"
    where = "" if owner is None else (" from their own Card Layout" if owner == who else f" from {owner}'s Card Layout")
    die = f" (the die fell on {p['rolls'][0]})" if p.get("rolls") else ""
    target_owner = seat("target") or who
    aimed = named("target_card")
    effect = ""
    if aimed:
        effect = f", discarding {aimed} from " + ("their own Card Layout" if target_owner == who else
                                                   f"{target_owner}'s Card Layout")
    elif seat("target"):
        effect = f", taking money from {seat('target')}"
    dealt = named("card") or named("dealt") or "a card"
    by = "The table" if p.get("card") else "The app"
    if p.get("what") == "layout":
        card_words = f"{by} deals {dealt} into {seat('player') or 'a player'}'s Card Layout{_row(game, p.get('place'))}."
    elif p.get("what") in ("passport", "ticket"):
        card_words = f"{by} lays out {dealt} in the middle of the table."
    else:
        card_words = f"{by} deals {seat('player') or 'a player'}'s {KINDS.get(str(p.get('what')), 'card')}: {dealt}."
    first = seat("first_player")
    deal: dict[str, Any] = p["deal"] if isinstance(p.get("deal"), dict) else {}
    opener = deal.get("first_player")
    starter = players[opener] if isinstance(opener, int) and 0 <= opener < len(players) else None
    said = {
        "choose_packs": lambda: "The table shuffles in the " + listed(p.get("packs") or [])
        + " Life card packs.",
        "deal_card": lambda: card_words,
        "turn_up": lambda: f"{by} turns face up {dealt} in {owner or 'a player'}'s Card Layout{_row(game, p.get('slot'))}.",
        "deal": lambda: (f"{first} rolled highest and starts." if first else
                         "The app deals the cards still to deal" + (f"; {starter} starts." if starter else ".")),
        "buy": lambda: f"{who} buys {took}{where}.",
        "discard": lambda: f"{who} discards {took}{where} and takes money from the bank.",
        "activate": lambda: f"{who} activates {took}{where}{die}{effect}.",
        "buy_travel": lambda: f"{who} buys {card} from the middle of the table.",
        "take_by_skipping": lambda: f"{who} skips a turn to take {card} from the middle of the table.",
        "scalp": lambda: f"{who} buys {seat('seller') or 'another player'}'s spare {card}.",
        "go_to_college": lambda: f"{who} goes to college{die}.",
        "graduate": lambda: f"{who} tries to graduate{die}.",
        "sell": lambda: f"{who} sells {card}.",
        "forfeit": lambda: f"{who} can do no Required Action and forfeits the turn.",
        "withdraw": lambda: f"{who} trades " + (", ".join(f"{p[key]} set{'s' if p[key] != 1 else ''} of {what}"
                                                          for key, what in (("connection_sets", "Connections"),
                                                                            ("money_sets", "Money"),
                                                                            ("document_sets", "Documents"))
                                                          if isinstance(p.get(key), int))
                                                or "all they can") + " for Assurance.",
        "cross_border": lambda: f"{who} crosses the border at lane {p.get('lane')}"
        + (f" and draws a token worth {p['token']}" if p.get("token") is not None else "")
        + ("" if p.get("got_in") is None else ": they enter" if p["got_in"] else ": they are turned away") + ".",
        "stop": lambda: "The table ends the game early, by agreement.",
        "set_money": lambda: f"Correction: {who} has {p.get('money')} money.",
        "set_assurance": lambda: f"Correction: {who} has {p.get('assurance')} Assurance.",
        "set_turn": lambda: f"Correction: it is {who}'s turn.",
        "set_card": lambda: f"Correction: {card} is face up in {owner or 'a player'}'s Card Layout.",
        "set_identity": lambda: f"Correction: {who}'s cards are set as dealt at the table.",
    }
    return said[kind]() if kind in said else None
