"""What the table sees: each board with its stacks, VP and prices, the turn, and the score.

Everything shown is public at a real table (boards, discard pile, how many cards each player
holds); the app never learns what is in a hand, so nothing hidden can leak.
"""

from __future__ import annotations

from typing import Any

from companion.rules.contract import recent
from companion.rules.games.unsettled_immigration import board
from companion.rules.games.unsettled_immigration.cards import KINDS
from companion.rules.games.unsettled_immigration.moves import milestone_due, payoff_due
from companion.rules.games.unsettled_immigration.state import State, Stack, card

EFFECTS = ("extra_resource", "extra_op", "salvage_resource", "cycle_op", "cycle_resource", "ignore_document_cost",
           "discount_time", "cheaper_attack_removal")


def _stack(state: State, player: int, index: int, s: Stack) -> dict[str, Any]:
    return {"index": index, "type": s.type, "cards": list(s.cards), "names": [card(state, c).name for c in s.cards],
            "vp": board.stack_vp(state, s), "scores": board.scores(state, s), "covered_by": s.attack,
            "collapsed": s.attack is not None,
            "pay_off": payoff_due(state, player, card(state, s.attack))[0] if s.attack else None}


def _player(state: State, i: int) -> dict[str, Any]:
    p = state.players[i]
    milestones = [c for c in state.cards if c.kind == "milestone"]
    return {
        "name": p.name, "ops": p.ops, "resources": p.resources, "vp": board.vp(state, i),
        "stacks": [_stack(state, i, k, s) for k, s in enumerate(p.stacks)],
        "deported_by": p.deport,
        "deport_pay_off": payoff_due(state, i, card(state, p.deport))[0] if p.deport else None,
        "starting_milestones": list(p.starting), "mulligans": p.mulligans,
        "skips_buying_next_turn": p.skip_buying, "skips_resource_draw_next_turn": p.skip_draw,
        "abilities_left": {e: n for e in EFFECTS if (n := board.available(state, i, e))},
        "prices": {c.id: milestone_due(state, i, c)[0] for c in milestones},
    }


def _tied(state: State) -> list[int]:
    """The players tied for the lowest-cost starting Milestone, once every player has placed one (setup)."""
    from companion.rules.games.unsettled_immigration.turns import starting_cost

    if state.phase != "setup" or any(not p.starting for p in state.players):
        return []
    costs = [starting_cost(state, i) for i in range(len(state.players))]
    tied = [i for i, c in enumerate(costs) if c == min(costs)]
    return tied if len(tied) > 1 else []


def view(state: State) -> dict[str, Any]:
    t = state.turn
    return {
        "playable": [[c.id, c.name, c.kind] for c in sorted(state.cards, key=lambda c: c.name)
                     if c.kind in ("attack", "action")],
        "tied_for_first": _tied(state),
        "phase": state.phase, "vp_to_win": state.vp_to_win, "first_player": state.first_player,
        "resource_values": dict(zip(KINDS, state.consts.values)),
        "turn": None if t is None else {
            "player": t.player, "name": state.players[t.player].name, "number": t.number, "actions": t.actions,
            "drew": {"resources": t.drew_resources, "ops": t.drew_ops}, "abilities_used": dict(t.used),
            "bought": list(t.bought), "no_buying": t.no_buying},
        "players": [_player(state, i) for i in range(len(state.players))],
        "shutdowns": [{"player": s.player, "turns_left": s.turns_left, "exempt": list(s.exempt)}
                      for s in state.shutdowns],
        "op_discard": list(state.op_discard), "winners": list(state.winners), "told": state.told,
        "notes": recent(state.notes), "disaster_waiting": list(state.disaster), "ended_by": state.ended_by,
    }


def _by_type(state: State, stacks: tuple[Stack, ...]) -> dict[str, int]:
    out: dict[str, int] = {}
    for s in stacks:
        if board.scores(state, s):
            out[s.type] = out.get(s.type, 0) + board.stack_vp(state, s)
    return out


def score(state: State) -> dict[str, Any]:
    """VP showing per player (covered stacks count nothing), places (ties share) and the winners."""
    rows: list[dict[str, Any]] = []
    for i, p in enumerate(state.players):
        showing = board.vp(state, i)
        covered = sum(board.stack_vp(state, s) for s in p.stacks if not board.scores(state, s))
        rows.append({"name": p.name, "total": showing, "covered_vp": covered,
                     "categories": {"Milestone VP": showing + covered, "Covered by attacks": -covered},
                     "stacks": _by_type(state, p.stacks)})
    totals = [r["total"] for r in rows]
    for r in rows:
        r["place"] = 1 + sum(1 for t in totals if t > r["total"])
    return {"players": rows, "winners": list(state.winners), "finished": state.phase == "over",
            "vp_to_win": state.vp_to_win}
