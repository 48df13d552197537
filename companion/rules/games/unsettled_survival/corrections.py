"""Choices the rules wait for, effects the table applies from cards, and manual corrections.

`resolve` answers the first pending choice. `trust`, `advance_time` and `effect` apply an effect with
every rule it sets off (Triggers, wrap, flips, unconsciousness). The set_* events put a value right by
hand when the table and the app disagree: they run no other rule, and the log keeps them.
"""

from __future__ import annotations

from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.unsettled_survival import board, effects, opportunities, timeline
from companion.rules.games.unsettled_survival.state import (
    replace,
    Game, bottom, explorer, focus_index, note, with_explorer)


def resolve(game: Game, p: dict[str, Any]) -> Game:
    if not game.pending:
        raise RuleError("No choice is pending.")
    choice, game = game.pending[0], replace(game, pending=game.pending[1:])
    asks = {"lose_focus": "cube", "gain_focus": "cube", "place_distress": "action"}.get(choice.kind, "focus")
    words = {"cube": "a Focus cube", "action": "an action for a Distress card", "focus": "Focus to distribute"}
    for name, thing in words.items():
        if name != asks and p.get(name) not in (None, [], ""):
            raise RuleError(f"{choice.reason}: this choice does not ask for {thing}; leave it out.")
    if choice.kind in ("lose_focus", "gain_focus"):
        if not p.get("cube"):
            raise RuleError(f"{choice.reason}: choose the Focus cube.")
        step = -choice.amount if choice.kind == "lose_focus" else choice.amount
        return timeline.turn_focus(game, choice.player, p["cube"], step, choice.reason)
    if choice.kind == "place_distress":
        if not p.get("action"):
            raise RuleError(f"{choice.reason}: choose the action the Distress card goes on.")
        return effects.place_distress(game, choice.player, p["action"])
    return timeline.distribute(game, timeline.parse_focus(p.get("focus") or []), choice.amount, choice.count,
                               choice.reason)


def trust(game: Game, p: dict[str, Any]) -> Game:
    focus = timeline.parse_focus(p["focus"]) if p.get("focus") else None
    already = game.trust == (game.book["trust_states"][0] if p["direction"] == "up" else game.book["trust_states"][1])
    if already and focus is None:
        count = game.book["trust_same_side_focus"]
        raise RuleError(f"Group Trust is already {game.trust}, so this distributes "
                        f"{count if p['direction'] == 'up' else -count:+d} Focus instead: "
                        f"choose where each of the {count} Focus cubes goes.")
    return timeline.change_trust(game, p["direction"], "the table", focus)


def advance_time(game: Game, p: dict[str, Any]) -> Game:
    return timeline.advance(game, p["steps"], p.get("reason") or "an effect")


def effect(game: Game, p: dict[str, Any]) -> Game:
    player = game.turn.player if p.get("player") is None else p["player"]
    explorer(game, player)
    kind, amount, reason = p["kind"], p["amount"], "an effect"
    if kind == "lose_endurance":
        return effects.lose_endurance(game, player, amount, reason)
    if kind == "heal_endurance":
        return effects.heal(game, player, amount)
    if kind == "gain_insight":
        return effects.gain_insight(game, player, amount)
    if kind in ("gain_data", "gain_materials", "charge_power"):
        return board.gain(game, {"gain_data": "data", "gain_materials": "materials"}.get(kind, "power"), amount)
    if kind.startswith("spend_"):
        return board.spend(game, kind[6:], amount, "This effect")
    for _ in range(amount):
        if kind == "gain_distress":
            game = effects.gain_distress(game, player, reason, p.get("action"))
        elif kind == "gain_discovery":
            game = opportunities.gain_discovery(game, player)
        elif p.get("cube"):
            game = timeline.turn_focus(game, player, p["cube"], 1 if kind == "gain_focus" else -1, reason)
        else:
            game = timeline.ask_focus(game, player, kind, reason)
    return game


def set_time(game: Game, p: dict[str, Any]) -> Game:
    if p["space"] > game.book["timeline_length"]:
        raise RuleError(f"The Timeline has {game.book['timeline_length']} spaces.")
    return note(replace(game, time=p["space"]), f"Correction: the Time marker is put on space {p['space']}.")


def set_trust(game: Game, p: dict[str, Any]) -> Game:
    if p["level"] not in game.book["trust_states"]:
        raise RuleError(f"Group Trust is {' or '.join(game.book['trust_states'])}.")
    return note(replace(game, trust=p["level"]), f"Correction: Group Trust is set to {p['level']}.")


def set_explorer(game: Game, p: dict[str, Any]) -> Game:
    player, book = p["player"], game.book
    person = explorer(game, player)
    changes: dict[str, Any] = {}
    if p.get("endurance") is not None:
        if not bottom(game) <= p["endurance"] <= book["endurance_start"]:
            raise RuleError(f"Endurance runs from the bottom of the track to {book['endurance_start']}.")
        changes["endurance"] = p["endurance"]
    if p.get("insight") is not None:
        if p["insight"] > book["insight_track_length"]:
            raise RuleError(f"The Insight track has {book['insight_track_length']} spaces.")
        changes["insight"] = p["insight"]
    if p.get("focus") is not None:
        index = focus_index(game, p.get("cube") or "")
        if not book["focus_min"] <= p["focus"] <= book["focus_max"]:
            raise RuleError(f"A Focus cube shows {book['focus_min']} to {book['focus_max']}.")
        changes["focus"] = tuple(p["focus"] if i == index else v for i, v in enumerate(person.focus))
    game = with_explorer(game, player, **changes)
    return note(game, f"Correction: {person.name}'s dashboard is set by hand.")


def set_resources(game: Game, p: dict[str, Any]) -> Game:
    changes = {k: p[k] for k in ("data", "materials", "power") if p.get(k) is not None}
    if changes.get("power", 0) > game.book["power_discs"]:
        raise RuleError(f"There are {game.book['power_discs']} Power discs.")
    for resource in ("data", "materials"):
        if resource in changes and board.supply(replace(game, **{resource: changes[resource]}), resource) < 0:
            raise RuleError(f"There are not that many {resource} cubes in the game.")
    return note(replace(game, **changes), "Correction: the crew's resources are set by hand.")


def set_location(game: Game, p: dict[str, Any]) -> Game:
    board.position(game, p["node"])
    if p.get("player") is None:
        return note(replace(game, luna=p["node"]), f"Correction: LUNA is put on {p['node']}.")
    explorer(game, p["player"])
    return note(with_explorer(game, p["player"], node=p["node"]),
                f"Correction: {game.explorers[p['player']].name} is put on {p['node']}.")


def set_objective(game: Game, p: dict[str, Any]) -> Game:
    objective = p["objective"]
    game.book.page_of(objective)
    done = tuple(o for o in game.done if o != objective) + ((objective,) if p["done"] else ())
    marked = "done" if p["done"] else "not done"
    return note(replace(game, done=done), f"Correction: objective {objective} marked {marked}.")


def cancel_pending(game: Game, p: dict[str, Any]) -> Game:
    if not game.pending:
        raise RuleError("No choice is pending.")
    return note(replace(game, pending=game.pending[1:]), f"Correction: dropped the choice '{game.pending[0].reason}'.")


def write_note(game: Game, p: dict[str, Any]) -> Game:
    return note(game, f"Note: {p['text']}")
