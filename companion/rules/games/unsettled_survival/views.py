"""What the table sees: the public state as JSON (no deck order, only counts) and the crew's score.

The game is co-operative: score() gives the crew's outcome (won or lost, together), "winners" (every player
when the crew won; nobody otherwise), no places and the score-sheet line of game.toml's [scoring] (objectives done,
Endurance left).
"""

from __future__ import annotations

from typing import Any

from companion.rules.games.unsettled_survival import board, task
from companion.rules.games.unsettled_survival.book import SCARAB
from companion.rules.games.unsettled_survival.state import Game, Pending, bottom, conscious, trait_side

def node_name(game: Game, node: str) -> str:
    return "the Scarab" if node == SCARAB else game.book.card(node).name


def explorer_view(game: Game, player: int) -> dict[str, Any]:
    e, book = game.explorers[player], game.book
    trait = book.card(e.trait) if e.trait else None
    side = trait_side(game, player, trait.get("action")) if trait else None
    return {
        "name": e.name, "endurance": e.endurance, "endurance_max": book["endurance_start"],
        "endurance_bottom": bottom(game), "unconscious": not conscious(game, player),
        "focus": dict(zip(book["focus_types"], e.focus)), "pursuit": e.pursuit, "insight": e.insight,
        "insight_track": book["insight_track_length"], "comprehension": list(e.comprehension),
        "breakthroughs": [{"id": c, "name": book.card(c).name, "ability": book.card(c).get("ability"),
                           "used_this_turn": c in game.turn.breakthroughs} for c in e.breakthroughs],
        "anomalies": [{"id": c, "name": book.card(c).name, "needs": book.card(c).get("required_comprehension"),
                       "property": book.card(c).get("property")} for c in e.anomalies],
        "distress": [{"action": a, "card": c, "name": book.card(c).name} for a, c in e.distress],
        "trait": {"id": trait.id, "name": trait.name, "action": trait.get("action"), "side": side,
                  "text": trait.get(f"{side}_side")} if trait else None,
        "node": e.node, "node_name": node_name(game, e.node), "on_scarab": e.node == SCARAB,
    }


def pending_view(game: Game, choice: Pending) -> dict[str, Any]:
    who = "the crew" if choice.player < 0 else game.explorers[choice.player].name
    return {"kind": choice.kind, "player": choice.player, "who": who, "amount": choice.amount,
            "count": choice.count, "reason": choice.reason,
            "title": {"lose_focus": "Lose Focus", "gain_focus": "Gain Focus", "place_distress": "Place a Distress card",
                      "trust_focus": "Distribute the Focus"}.get(choice.kind, "A choice")}


def checklist(game: Game) -> list[dict[str, Any]]:
    """The active explorer's turn, step by step (steps 1-4 in any order; free actions any time)."""
    turn, need = game.turn, game.book["focus_cubes_on_actions"]
    luna = turn.luna_moves < game.book["luna_base_movement"] or turn.luna_scans < game.book["luna_scan_per_turn"]
    return [
        {"step": "Set Focus: one cube on REST", "required": True, "done": turn.rest is not None},
        {"step": f"Set Focus: {need} cubes on actions", "required": True, "done": len(turn.placed) >= need},
        {"step": "Move your explorer", "required": False, "done": turn.moving != "no"},
        {"step": "Program LUNA", "required": False, "done": luna},
        {"step": "Free actions (any time)", "required": False, "done": bool(turn.breakthroughs)},
        {"step": "End the turn: retrieve Focus, regroup", "required": True, "done": False},
    ]


def view(game: Game) -> dict[str, Any]:
    book, turn = game.book, game.turn
    return {
        "outcome": game.outcome, "finished": game.outcome != "playing",
        "turn": {"player": turn.player, "name": game.explorers[turn.player].name, "number": turn.number,
                 "rest": turn.rest, "actions": [{"cube": c, "action": a} for c, a in turn.placed],
                 "focus_set": turn.rest is not None and len(turn.placed) >= book["focus_cubes_on_actions"],
                 "may_end_stuck": turn.rest is not None and len(turn.placed) < book["focus_cubes_on_actions"],
                 "moves_left": turn.moves_left, "movement": turn.moving, "luna_moves_left": turn.luna_moves,
                 "luna_scans_left": turn.luna_scans, "breakthroughs_used": list(turn.breakthroughs),
                 "effects": list(turn.effects)},
        "checklist": checklist(game),
        "timeline": {"space": game.time, "length": book["timeline_length"], "triggers": list(game.triggers),
                     "trigger_effect": book.pages()[game.page - 1].get("trigger_text"),
                     "resolved": [{"space": s, "effect": e, "text": t} for s, e, t in game.trigger_log]},
        "group_trust": {"level": game.trust, "traits": "white" if game.trust == book["trust_states"][0] else "black"},
        "explorers": [explorer_view(game, p) for p in range(len(game.explorers))],
        "luna": {"node": game.luna, "node_name": node_name(game, game.luna), "on_scarab": game.luna == SCARAB},
        "resources": {"data": game.data, "materials": game.materials, "power": game.power,
                      "power_uncharged": book["power_discs"] - game.power,
                      "supply": {"data": board.supply(game, "data"), "materials": board.supply(game, "materials")}},
        "structures": [{"kind": k, "node": n, "status": s} for k, n, s in game.structures],
        "opportunities": [{"card": c, "name": book.card(c).name, "node": n, "marker": m,
                           "action": book.card(c).get("action"), "used_this_turn": c in turn.used}
                          for c, n, m in game.opportunities],
        "max_opportunities": book["max_active_opportunities"],
        "map": [{"node": n, "name": node_name(game, n), "x": x, "y": y,
                 "data": board.cubes_on(game, n)[0], "materials": board.cubes_on(game, n)[1],
                 "investigated": n in game.investigated} for n, x, y in game.nodes],
        "task": {"page": game.page, "title": book.pages()[game.page - 1].name, "relay": game.relay,
                 "complete": task.task_complete(game),
                 "objectives": [{"id": o, "page": book.page_of(o), "text": task.describe(game, o),
                                 "done": o in game.done} for o in book.objectives()]},
        "decks": {"environment": len(game.environment), "opportunity_piles": dict(game.piles),
                  "anomaly": len(game.anomaly_deck), "breakthrough": {d: sum(1 for c in game.breakthrough_deck
                                                                         if book.card(c).get("discipline") == d)
                                                                     for d in book["disciplines"]},
                  "distress": game.distress_left, "discovery_tokens": game.discoveries_left,
                  "investigated_tokens": game.investigated_left},
        "pending": [pending_view(game, c) for c in game.pending],
        "journal": list(game.journal[-20:]),
    }


def score(game: Game) -> dict[str, Any]:
    """The crew's result: a co-operative game is won or lost together, so nobody gets a place. `outcome` is
    "playing", "won" (a victory, or a hollow one: the Scarab lifted off without the whole crew) or "lost" (every
    explorer unconscious, or the crew gave up); `ending` says which; `result` is the sentence for the summary."""
    ended = game.outcome != "playing"
    won = game.outcome in ("victory", "hollow_victory")
    done = len(game.done)
    left = sum(e.endurance for e in game.explorers)
    return {
        "outcome": "playing" if not ended else "won" if won else "lost", "ending": game.outcome,
        "finished": ended, "cooperative": True,
        "result": {"victory": "The crew won: everyone lifted off together with LUNA.",
                   "hollow_victory": "The crew won a hollow victory: the Scarab lifted off without the whole crew.",
                   "defeat": "The crew lost: every explorer is unconscious, and Wenora has won.",
                   "given_up": "The crew lost: it gave up, and Wenora has won."}.get(game.outcome),
        "winners": list(range(len(game.explorers))) if won else [],
        "crew": dict(zip(game.book.categories, (done, left))),
        "players": [{"name": e.name, "total": e.endurance,
                     "categories": dict(zip(game.book.categories[1:], (e.endurance,)))} for e in game.explorers],
    }
