"""Free actions with cards and Structures: Breakthroughs (once per player turn) and Structure abilities.

A Breakthrough's cost comes from its card (Data, Materials, Power, Time); if the crew cannot pay, the
Breakthrough cannot be used. Active Structures' abilities work from anywhere, for any explorer.
"""

from __future__ import annotations

from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.unsettled_survival import board, effects, moves, timeline
from companion.rules.games.unsettled_survival.actions import only_asked
from companion.rules.games.unsettled_survival.state import Game, explorer, note, replace

TURN_EFFECTS = ("remote_program", "luna_carry", "free_build", "ignore_edges", "extra_move")
# what a Breakthrough or a Structure asks for besides the card (every other field is refused)
BREAKTHROUGH_ASKS = {"reveal_node": ("space", "reveal"), "gain_focus": ("cube",),
                     "heal_endurance": ("target",), "remove_distress": ("target", "distress")}
STRUCTURE_ASKS = {"laboratory": ("target", "cube"), "workshop": ("direction",)}
ASKED = {"target": "another explorer", "cube": "a Focus cube", "distress": "a Distress card",
         "space": "a space of the map", "reveal": "an Environment card", "structure": "a Structure",
         "direction": "a direction"}


def use_breakthrough(game: Game, p: dict[str, Any]) -> Game:
    player, card_id = p["player"], p["card"]
    person, book = explorer(game, player), game.book
    if card_id not in person.breakthroughs:
        raise RuleError(f"{person.name} does not hold that Breakthrough: only a card in front of them can be used.")
    card = book.card(card_id)
    effect = card.get("effect")
    asked = BREAKTHROUGH_ASKS.get(effect, ())
    if effect == "structure_free":
        asked = ("structure",) + STRUCTURE_ASKS.get(p.get("structure") or "", ())
    only_asked(p, asked, ASKED, card.name)
    if effect in ("heal_endurance", "remove_distress") and p.get("target") == player:
        raise RuleError(f"{card.name} works on you when you name nobody else: leave the other explorer out.")
    if card_id in game.turn.breakthroughs:
        raise RuleError(f"{card.name} was used this player turn already: each Breakthrough works once per player turn.")
    for resource in ("data", "materials", "power"):
        game = board.spend(game, resource, card.get(f"cost_{resource}", 0), card.name)
    turn = game.turn
    game = replace(game, turn=replace(turn, breakthroughs=turn.breakthroughs + (card_id,)))
    game = note(game, f"{person.name} uses {card.name}: {card.get('ability')}")
    if card.get("cost_time", 0):  # the whole cost is paid before the ability resolves
        game = timeline.advance(game, card.get("cost_time", 0), card.name)
    effect, amount = card.get("effect"), card.get("amount", 1)
    if effect in TURN_EFFECTS:
        game = replace(game, turn=replace(game.turn, effects=game.turn.effects + (effect,)))
    if effect == "extra_move":
        game = replace(game, turn=replace(game.turn, moves_left=game.turn.moves_left + amount))
    elif effect == "luna_extra_move":
        game = replace(game, turn=replace(game.turn, luna_moves=game.turn.luna_moves + amount))
    elif effect == "luna_dual_scan":
        game = replace(game, turn=replace(game.turn, luna_scans=game.turn.luna_scans + amount))
    elif effect == "reveal_node":
        if not p.get("space"):
            raise RuleError(f"{card.name} reveals a node: name the empty space (x,y) next to a revealed node.")
        game, _ = board.reveal(game, *board.parse_space(p["space"]), p.get("reveal"))
    elif effect == "gain_focus":
        game = timeline.turn_focus(game, player, required(p, "cube", card.name), amount, card.name)
    elif effect == "prevent_endurance":
        game = replace(game, turn=replace(game.turn, shields=game.turn.shields + (player,) * amount))
    elif effect in ("heal_endurance", "remove_distress"):
        target = p["target"] if p.get("target") is not None else player
        if explorer(game, target).node != person.node:
            raise RuleError(f"{card.name} works on an explorer on your node.")
        game = (effects.heal(game, target, amount) if effect == "heal_endurance"
                else effects.remove_distress(game, target, p.get("distress")))
    elif effect == "gain_insight":
        game = effects.gain_insight(game, player, amount)
    elif effect == "charge_power":
        game = board.gain(game, "power", amount)
    elif effect == "structure_free":
        game = use_structure(game, p, free=True)
    return game


def required(p: dict[str, Any], field: str, what: str) -> Any:
    if p.get(field) is None:
        raise RuleError(f"{what} needs a choice: choose {ASKED.get(field, 'one')}.")
    return p[field]


def use_structure(game: Game, p: dict[str, Any], free: bool = False) -> Game:
    """An active Structure's ability, from anywhere: Research Hut, Laboratory or Workshop."""
    player, kind = p["player"], required(p, "structure", "Using a Structure")
    explorer(game, player)
    if not free:
        only_asked(p, ("structure",) + STRUCTURE_ASKS.get(kind, ()), ASKED,
                   f"The {kind.replace('_', ' ').title()}")
    if kind == "laboratory" and p.get("target") == player:
        raise RuleError("The Laboratory turns your own cube when you name nobody else: leave the other explorer out.")
    if not any(k == kind and status == "active" for k, _, status in game.structures):
        raise RuleError(f"The {kind.replace('_', ' ')} is not built and active: its ability cannot be used.")
    resource = game.book.table("structure_ability_resource", kind)
    amount = game.book["structure_ability_amount"]
    if not free:
        game = board.spend(game, resource, amount, f"The {kind.replace('_', ' ')}")
    if kind == "research_hut":
        game = effects.gain_insight(game, player, amount)
    elif kind == "laboratory":
        target = p["target"] if p.get("target") is not None else player
        explorer(game, target)
        game = timeline.turn_focus(game, target, required(p, "cube", "The Laboratory"), amount, "the Laboratory")
    elif kind == "workshop":
        for _ in range(amount):
            game = moves.move_luna(game, required(p, "direction", "The Workshop"))
    return note(game, f"{game.explorers[player].name} uses the {kind.replace('_', ' ')}.")
