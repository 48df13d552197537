"""Unsettled's moves as sentences for the history: who did what to which card, each card named as printed.

A turn player's move carries whose turn it was (`by`, recorded by the app when the move is made), so it reads
"Ann played *Lost Paperwork* on Bo's Job stack." (an event logged before the app recorded it says "The turn
player").
"""

from __future__ import annotations

from typing import Any
from collections.abc import Mapping, Sequence

KINDS = ("time", "cash", "influence", "document")


def _words(kind: str) -> str:
    return kind.replace("_", " ").title()


def describe(event: Mapping[str, Any], players: Sequence[str], game: Any) -> str | None:
    kind, p = event["type"], event.get("payload") or {}
    names = {c.id: c.name for d in game.decks for c in d.cards}
    seat = lambda key: players[p[key]] if isinstance(p.get(key), int) and 0 <= p[key] < len(players) else None  # noqa: E731
    who, target = seat("player") or "A player", seat("target")
    actor = seat("by") or "The turn player"
    card = f"*{names.get(p.get('card'), 'a card')}*"
    paid = " + ".join(f"{p[k]} {k.capitalize()}" for k in reversed(KINDS) if p.get(k))
    stack = f"{_words(p['stack_type'])} stack" if isinstance(p.get("stack_type"), str) else "stack"
    on = ""
    if target:
        on = f" on {target}" + (f"'s {stack}" if p.get("stack") is not None else "")
    answer = ""
    if p.get("defense") == "op-lawyer":
        answer = f"; {target or 'the player it hit'} stopped it with a *Lawyer*"
    elif p.get("defense") == "op-bureaucratic-blitz":
        answer = (f"; {target or 'the player it hit'}'s *Bureaucratic Blitz* sent it to "
                  f"{seat('redirect_to') or 'another player'}")
        if isinstance(p.get("redirect_type"), str):
            answer += f"'s {_words(p['redirect_type'])} stack"
    lawyers = [players[j] for j in p.get("lawyers") or [] if isinstance(j, int) and 0 <= j < len(players)]
    if lawyers:
        answer += f"; {' and '.join(lawyers)} answered with a *Lawyer*"
    if seat("blitz_by"):
        answer += f"; {seat('blitz_by')} answered with the *Bureaucratic Blitz*"
    attack = f"*{names[p['attack']]}*" if p.get("attack") in names else "an Attack"
    delay = ""
    if seat("processing_delay_by"):
        delay = f" {seat('processing_delay_by')} answered with a *Processing Delay*" + (
            f", stopped by {actor}'s *Lawyer*." if p.get("defense") == "op-lawyer" else
            f": the Milestone went back to {actor}'s hand.")
    said = {
        "mulligan": lambda: f"{who} took a mulligan: a new starting hand.",
        "place_starting_milestone": lambda: f"{who} placed {card} as their starting Milestone.",
        "start_game": lambda: "The game began" + (f": {seat('first_player')} goes first." if seat("first_player")
                                                  else "."),
        "buy_milestone": lambda: f"{actor} bought {card}" + (f", paying {paid}" if paid else "") + "." + delay,
        "play_attack": lambda: f"{actor} played {card}{on}{answer}.",
        "play_action": lambda: f"{actor} played {card}{on}{answer}.",
        "pay_off_attack": lambda: f"{actor} paid off {attack}" + (" (their Deport)" if p.get("deport") else
                                                                   f" on their {stack}") + (
            f" with {paid}" if paid else "") + ".",
        "use_ability": lambda: f"{actor} used the ability of {card}.",
        "end_turn": lambda: f"{actor} ended their turn; the next player draws.",
        "discard_stack": lambda: f"Natural Disaster: {who} discarded their {stack}.",
        "end_game": lambda: "The table stopped the game: the VP on the boards decide.",
        "reshuffle_op_discard": lambda: "The Op discard pile was shuffled into the Op draw pile.",
        "set_hand": lambda: f"Correction: {who}'s hand was counted again.",
        "place_milestone": lambda: f"Correction: {card} was placed on {who}'s board.",
        "remove_milestone": lambda: f"Correction: {card} was taken off {who}'s board.",
        "remove_attack": lambda: f"Correction: an Attack on {who}'s board was discarded.",
        "set_actions": lambda: f"Correction: {p.get('actions')} action{'s' if p.get('actions') != 1 else ''} left "
                               "this turn.",
    }
    return said[kind]() if kind in said else None
