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
    actor = seat("by") or "The active explorer"
    card = f"*{names[p['card']]}*" if p.get("card") in names else "a card"
    words = lambda value: str(value or "").replace("_", " ")  # noqa: E731
    node = lambda value: "the Scarab" if value == "scarab" else f"*{names[value]}*" if value in names else None  # noqa: E731
    action = lambda value: {"rest": "REST", "opportunity": "the Opportunity"}.get(value or "", words(value).upper())  # noqa: E731
    item = str(p.get("item") or "")
    given = (f"{item.partition(':')[2].capitalize()} Comprehension" if item.startswith("comprehension:")
             else f"*{names[item]}*" if item in names else "a card")
    said = {
        "take_action": lambda: f"{actor} sets Focus: the {words(p.get('cube')).capitalize()} cube on "
        + action(p.get("action"))
        + (f" to build the {words(p.get('structure')).title()}" if p.get("structure") else "")
        + (f" to support {seat('target')}" if seat("target") and p.get("action") == "support" else "")
        + (f", revealing {card}" if p.get("card") else "") + ".",
        "move": lambda: f"{actor} moves {DIRECTIONS.get(p.get('direction') or '', 'on')}"
        + (f", revealing {card}" if p.get("card") else f" to {node(p.get('to'))}" if node(p.get("to")) else "") + ".",
        "program_luna": lambda: f"{actor} programs LUNA to " + " and ".join(
            ([f"move {DIRECTIONS[p['direction']]}"] if p.get("direction") in DIRECTIONS else [])
            + ([f"scan for {p['scan'].capitalize()}"] if p.get("scan") else []) or ["stay"])
        + (f", carrying {seat('carry')}" if seat("carry") else "")
        + (f"; the Discovery die fell on {p['roll']}" if p.get("roll") else "") + ".",
        "luna_function": lambda: f"{actor} uses LUNA's Primary Function: she scans around her for "
                                 f"{words(p.get('resource')).capitalize()}"
        + (f"; the Discovery dice fell on {', '.join(str(r) for r in p['rolls'])}" if p.get("rolls") else "") + ".",
        "end_turn": lambda: "The turn ends: the crew regroups.",
        "resolve": lambda: "The crew makes its choice" + (f": the {words(p['cube']).capitalize()} cube" if p.get("cube") else "")
        + (f": the Distress card goes on {action(p['action'])}" if p.get("action") else "")
        + (": " + ", ".join(f"{players[int(i.partition(':')[0])] if i.partition(':')[0].isdigit() and int(i.partition(':')[0]) < len(players) else 'an explorer'}'s {i.partition(':')[2].capitalize()}" for i in p["focus"]) if p.get("focus") else "") + ".",
        "use_breakthrough": lambda: f"{who} uses the Breakthrough {card}"
        + (f" on {seat('target')}" if seat("target") else "")
        + (f", revealing *{names[p['reveal']]}*" if p.get("reveal") in names else "") + ".",
        "use_structure": lambda: f"{who} uses the {words(p.get('structure')).title() or 'Structure'}"
        + (f" on {seat('target')}'s {words(p.get('cube')).capitalize()} cube" if seat("target") and p.get("cube") else
           f" on the {words(p.get('cube')).capitalize()} cube" if p.get("cube") else "")
        + (f", moving LUNA {DIRECTIONS[p['direction']]}" if p.get("direction") in DIRECTIONS else "") + ".",
        "consume_discovery": lambda: f"{who} consumes a Discovery ({card}).",
        "exchange": lambda: f"{who} gives {given} to {seat('receiver') or 'another explorer'}.",
        "move_distress": lambda: f"{who} moves a Distress card from {action(p.get('from_action'))} to "
                                 f"{action(p.get('to_action'))}.",
        "pursue": lambda: f"{who} pursues {words(p.get('discipline')).capitalize()}.",
        "forfeit": lambda: f"The crew forfeits the Opportunity {card}.",
        "complete_objective": lambda: (f"{who} completes" if seat("player") else "The crew completes")
        + " an objective of the Survival Task.",
        "lift_off": lambda: "The Scarab lifts off.",
        "give_up": lambda: "The crew gives up: Wenora has won.",
        "choose_trait": lambda: f"{who} keeps the Trait tile *{names[p['trait']]}*." if p.get("trait") in names
        else f"{who} keeps a Trait tile.",
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
