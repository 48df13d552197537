"""Unsettled's moves as sentences for the history, each Op card named as printed (a turn's moves are the turn
 player's, so they read as "Bought *Job*, paying 2 Cash.")."""

from __future__ import annotations

from typing import Any
from collections.abc import Mapping, Sequence

KINDS = ("time", "cash", "influence", "document")


def describe(event: Mapping[str, Any], players: Sequence[str], game: Any) -> str | None:
    kind, p = event["type"], event.get("payload") or {}
    names = {c.id: c.name for d in game.decks for c in d.cards}
    seat = lambda key: players[p[key]] if isinstance(p.get(key), int) and 0 <= p[key] < len(players) else None  # noqa: E731
    who, target = seat("player") or "A player", seat("target")
    card = f"*{names.get(p.get('card'), 'a card')}*"
    paid = ", ".join(f"{p[k]} {k.capitalize()}" for k in KINDS if p.get(k))
    answer = ""
    if p.get("defense") == "op-lawyer":
        answer = f"; {target or 'the target'} answers with a Lawyer"
    elif p.get("defense") == "op-bureaucratic-blitz":
        answer = f"; the Bureaucratic Blitz sends it to {seat('redirect_to') or 'another player'}"
    said = {
        "mulligan": lambda: f"{who} takes a mulligan.",
        "place_starting_milestone": lambda: f"{who} places {card} as their starting Milestone.",
        "start_game": lambda: "The game begins" + (f": {seat('first_player')} goes first." if seat("first_player") else "."),
        "buy_milestone": lambda: f"Bought {card}" + (f", paying {paid}" if paid else "") + "."
        + (f" {seat('processing_delay_by')} answers with a Processing Delay." if seat("processing_delay_by") else ""),
        "play_attack": lambda: f"Played {card}" + (f" on {target}" if target else "") + answer + ".",
        "play_action": lambda: f"Played {card}" + (f" on {target}" if target else "") + answer + ".",
        "pay_off_attack": lambda: "Paid off " + ("the Deport" if p.get("deport") else "an Attack")
        + (f", paying {paid}" if paid else "") + ".",
        "use_ability": lambda: f"Used the ability of {card}.",
        "end_turn": lambda: "Ended the turn; the next player draws.",
        "reshuffle_op_discard": lambda: "The Op discard pile is shuffled into the Op draw pile.",
        "set_hand": lambda: f"Correction: {who}'s hand is counted again.",
        "place_milestone": lambda: f"Correction: {card} is placed on {who}'s board.",
        "remove_milestone": lambda: f"Correction: {card} is taken off {who}'s board.",
        "remove_attack": lambda: f"Correction: an Attack on {who}'s board is discarded.",
        "set_actions": lambda: f"Correction: {p.get('actions')} actions left this turn.",
    }
    return said[kind]() if kind in said else None
