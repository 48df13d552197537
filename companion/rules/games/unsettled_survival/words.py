"""Unsettled (survival)'s moves as sentences for the crew's history, cards named as printed."""

from __future__ import annotations

from typing import Any
from collections.abc import Mapping, Sequence

DIRECTIONS = {"n": "north", "e": "east", "s": "south", "w": "west"}


def describe(event: Mapping[str, Any], players: Sequence[str], game: Any) -> str | None:
    kind, p = event["type"], event.get("payload") or {}
    names = {c.id: c.name for d in game.decks for c in d.cards}
    seat = lambda key: players[p[key]] if isinstance(p.get(key), int) and 0 <= p[key] < len(players) else None  # noqa: E731
    who = seat("player") or "An explorer"
    card = f"*{names[p['card']]}*" if p.get("card") in names else "a card"
    words = lambda value: str(value or "").replace("_", " ")  # noqa: E731
    said = {
        "take_action": lambda: f"Set Focus: {words(p.get('cube')).capitalize()} on "
        + ("REST" if p.get("action") == "rest" else "the Opportunity" if p.get("action") == "opportunity"
           else words(p.get("action")).upper()) + (f", drawing {card}" if p.get("card") else "") + ".",
        "move": lambda: f"The explorer moves {DIRECTIONS.get(p.get('direction') or '', 'on')}"
        + (f", revealing {card}" if p.get("card") else "") + ".",
        "program_luna": lambda: "LUNA is programmed to " + " and ".join(
            ([f"move {DIRECTIONS[p['direction']]}"] if p.get("direction") in DIRECTIONS else [])
            + ([f"scan for {p['scan'].capitalize()}"] if p.get("scan") else []) or ["stay"])
        + (f"; the die fell on {p['roll']}" if p.get("roll") else "") + ".",
        "luna_function": lambda: f"LUNA's Primary Function scans for {words(p.get('resource')).capitalize()}.",
        "end_turn": lambda: "The turn ends" + (" with no action space left for the cubes" if p.get("stuck") else "") + ".",
        "resolve": lambda: "The crew makes its choice" + (f": {words(p['cube']).capitalize()}" if p.get("cube") else "")
        + (f": the Distress card goes on {words(p['action']).upper()}" if p.get("action") else "") + ".",
        "use_breakthrough": lambda: f"{who} uses the Breakthrough {card}.",
        "use_structure": lambda: f"{who} uses the {words(p.get('structure')).title() or 'Structure'}.",
        "consume_discovery": lambda: f"{who} consumes a Discovery ({card}).",
        "exchange": lambda: f"{who} gives {seat('receiver') or 'another explorer'} something.",
        "move_distress": lambda: f"{who} moves a Distress card from {words(p.get('from_action')).upper()} to "
                                 f"{words(p.get('to_action')).upper()}.",
        "pursue": lambda: f"{who} pursues {words(p.get('discipline')).capitalize()}.",
        "forfeit": lambda: f"The crew forfeits the Opportunity {card}.",
        "complete_objective": lambda: "An objective of the Survival Task is complete.",
        "lift_off": lambda: "The Scarab lifts off.",
        "choose_trait": lambda: f"{who} keeps a Trait tile.",
        "trust": lambda: f"Group Trust goes {'up' if p.get('direction') == 'up' else 'down'}.",
        "advance_time": lambda: "The Time marker advances.",
        "effect": lambda: {"lose_endurance": f"{who} loses {p.get('amount', 1)} Endurance.",
                           "heal_endurance": f"{who} heals {p.get('amount', 1)} Endurance.",
                           "gain_insight": f"{who} gains {p.get('amount', 1)} Insight.",
                           "gain_distress": f"{who} gains a Distress card."}.get(p.get("kind") or "", f"An effect on {who}."),
        "set_time": lambda: "Correction: the Time marker is moved.",
        "set_trust": lambda: f"Correction: Group Trust is {p.get('level')}.",
        "set_explorer": lambda: f"Correction: {who}'s tracks are set by hand.",
        "set_resources": lambda: "Correction: the Database, Stockpile and Power are set by hand.",
        "set_location": lambda: "Correction: a figure is moved on the map.",
        "set_objective": lambda: "Correction: an objective is marked " + ("done." if p.get("done") else "not done."),
        "cancel_pending": lambda: "Correction: the waiting choice is dropped.",
    }
    return said[kind]() if kind in said else None
