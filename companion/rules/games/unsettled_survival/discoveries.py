"""Consuming a Discovery: the Anomaly's Comprehension must be on your node; its discard effect resolves,
then the card is discarded and the Discovery token goes back. (Scientific Properties: see moves.properties.)
"""

from __future__ import annotations

from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.unsettled_survival import actions, board, effects, moves, timeline
from companion.rules.games.unsettled_survival.book import SCARAB
from companion.rules.games.unsettled_survival.state import Game, comprehension_on, explorer, note, with_explorer, replace


def consume(game: Game, p: dict[str, Any]) -> Game:
    player, card_id = p["player"], p["card"]
    person = explorer(game, player)
    if card_id not in person.anomalies:
        raise RuleError(f"{person.name} holds no Discovery on that Anomaly: only a card in front of them can be consumed.")
    card = game.book.card(card_id)
    actions.only_asked(p, ANOMALY_ASKS.get(card.get("discard_code"), ()), ASKED, card.name)
    needed = card.get("required_comprehension")
    if not comprehension_on(game, person.node, needed):
        raise RuleError(f"Consuming {card.name} needs {needed} Comprehension on your node, and nobody there holds it.")
    game = with_explorer(game, player, anomalies=tuple(a for a in person.anomalies if a != card_id))
    game = note(replace(game, discoveries_left=game.discoveries_left + 1),
                f"{person.name} consumes {card.name}: {card.get('discard_effect')}")
    return EFFECTS[card.get("discard_code")](game, player, card.get("amount", 1), p)


# what each Anomaly's discard effect asks for (every other field is refused)
ANOMALY_ASKS = {"luna_move_scan": ("path", "resource", "roll"), "reveal_nodes": ("spaces",), "teleport": ("node",),
                "free_structure": ("node", "structure"), "move_toward_scarab": ("moves",), "trust_up": ("focus",)}
ASKED = {"path": "LUNA's path", "resource": "a resource to scan for", "roll": "a die roll", "spaces": "spaces to reveal",
         "node": "a node", "structure": "a Structure", "moves": "explorers' moves", "focus": "Focus to distribute"}


def luna_move_scan(game: Game, player: int, amount: int, p: dict[str, Any]) -> Game:
    path = p.get("path") or []
    if len(path) > amount:
        raise RuleError(f"LUNA moves up to {amount} nodes here, not {len(path)}.")
    for direction in path:
        game = moves.move_luna(game, direction)
    return moves.scan(game, game.luna, p["resource"], p.get("roll")) if p.get("resource") else game


def reveal_nodes(game: Game, player: int, amount: int, p: dict[str, Any]) -> Game:
    spaces = p.get("spaces") or []
    if len(spaces) > amount:
        raise RuleError(f"This reveals up to {amount} nodes, not {len(spaces)}.")
    if not spaces:
        raise RuleError(f"Choose the empty spaces to reveal (up to {amount}, next to revealed nodes).")
    if len(set(spaces)) != len(spaces):
        raise RuleError("Each space is revealed once: choose different spaces.")
    for space in spaces:
        game, _ = board.reveal(game, *board.parse_space(space))
    return game


def heal_node(game: Game, player: int, amount: int, p: dict[str, Any]) -> Game:
    node = game.explorers[player].node
    for other, person in enumerate(game.explorers):
        if person.node == node:
            game = effects.heal(game, other, amount)
    return game


def teleport(game: Game, player: int, amount: int, p: dict[str, Any]) -> Game:
    node = p.get("node")
    if node is None:
        raise RuleError("Choose the revealed node to move to.")
    board.position(game, node)
    return moves.enter(game, player, node)


def free_structure(game: Game, player: int, amount: int, p: dict[str, Any]) -> Game:
    node = p.get("node")
    if node is None:
        raise RuleError("Choose the node with the empty build site.")
    board.position(game, node)
    here = game.explorers[player].node
    game = actions.build(with_explorer(game, player, node=node), player, p, free=True)
    game = with_explorer(game, player, node=here)
    kind = p["structure"]
    return replace(game, structures=tuple((k, n, "active" if k == kind else s) for k, n, s in game.structures),
                   turn=replace(game.turn, built=tuple(b for b in game.turn.built if b != kind)))


def toward_scarab(game: Game, player: int, amount: int, p: dict[str, Any]) -> Game:
    moved: set[str] = set()
    for item in p.get("moves") or []:
        who, _, direction = item.partition(":")
        if not who.isdigit():
            raise RuleError("Choose each explorer who moves and the direction toward the Scarab.")
        if who in moved:
            raise RuleError("Each explorer moves at most 1 node toward the Scarab.")
        moved.add(who)
        mover = explorer(game, int(who))
        if mover.node == SCARAB:
            raise RuleError(f"{mover.name} is on the Scarab already.")
        target = board.node_at(game, *board.toward(game, mover.node, direction))
        if target is None or board.distance_from_scarab(game, target) >= board.distance_from_scarab(game, mover.node):
            raise RuleError(f"{mover.name} may move only onto a revealed node closer to the Scarab.")
        game = moves.enter(game, int(who), target)
    return game


def resource_gain(resource: str, second: str | None = None):
    def resolve(game: Game, player: int, amount: int, p: dict[str, Any]) -> Game:
        game = board.gain(game, resource, amount)
        return board.gain(game, second, game.book["anomaly_second_amount"]) if second else game
    return resolve


def trust_up(game: Game, player: int, amount: int, p: dict[str, Any]) -> Game:
    focus = timeline.parse_focus(p["focus"]) if p.get("focus") else None
    for _ in range(amount):
        game = timeline.change_trust(game, "up", "an Anomaly", focus)
    return game


EFFECTS = {
    "luna_move_scan": luna_move_scan, "charge_power": resource_gain("power"),
    "gain_materials": resource_gain("materials"), "reveal_nodes": reveal_nodes, "heal_node": heal_node,
    "trust_up": trust_up, "gain_data_materials": resource_gain("data", "materials"),
    "time_back": lambda game, player, amount, p: timeline.move_back(game, amount),
    "teleport": teleport, "free_structure": free_structure, "move_toward_scarab": toward_scarab,
}
