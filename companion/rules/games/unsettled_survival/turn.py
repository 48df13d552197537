"""The turn checklist: move the explorer, program LUNA, her Primary Function, and the end of turn regroup.

Set Focus is in actions.py. The end of the turn needs the cube on REST and the action cubes placed;
the regroup flips built Structures, returns destroyed ones, completes used Opportunities, checks the
Survival Task's objectives and turns its page, then play passes to the next conscious explorer.
"""

from __future__ import annotations

from typing import Any

from companion.rules import turn_order
from companion.rules.contract import RuleError
from companion.rules.games.unsettled_survival import actions, board, moves, task
from companion.rules.games.unsettled_survival.state import Game, Turn, conscious, explorer, note, replace


def fresh_turn(game: Game, player: int, number: int) -> Turn:
    book = game.book
    return Turn(player=player, number=number, moves_left=book["base_movement"], luna_moves=book["luna_base_movement"],
                luna_scans=book["luna_scan_per_turn"], luna_functions=book["luna_function_per_turn"])


def active(game: Game) -> int:
    player = game.turn.player
    if not conscious(game, player):
        raise RuleError(f"{game.explorers[player].name} is unconscious and cannot act: end the turn.")
    return player


def move(game: Game, p: dict[str, Any]) -> Game:
    player, turn = active(game), game.turn
    if turn.moving == "ended":
        raise RuleError("Movement is one continuous move, and yours has ended "
                        "(a Focus action or a revealed node ends it).")
    if turn.moves_left <= 0:
        raise RuleError(f"No movement is left this turn: base movement is {game.book['base_movement']} node; "
                        "TRAVERSE and some cards add more.")
    return moves.step(replace(game, started=True), player, p["direction"], p.get("card"))


def program_luna(game: Game, p: dict[str, Any]) -> Game:
    player, turn = active(game), game.turn
    direction, resource, carry = p.get("direction"), p.get("scan"), p.get("carry")
    if direction is None and resource is None:
        raise RuleError("Program LUNA to move her, to scan her node, or both: choose a direction or a resource.")
    if p.get("roll") is not None and resource is None:
        raise RuleError("The Discovery die is rolled only for a scan: choose what LUNA scans for, or leave the die out.")
    if carry is not None and direction is None:
        raise RuleError("LUNA carries an explorer only when she moves: choose her direction.")
    remote = "remote_program" in turn.effects or not game.book["luna_program_requires_same_node"]
    if not remote and explorer(game, player).node != game.luna:
        raise RuleError("You program LUNA only from her node (a Robotics Breakthrough such as Remote Link lifts this).")
    game = replace(game, started=True)
    if direction is not None:
        if turn.luna_moves <= 0:
            raise RuleError(f"LUNA has moved her {game.book['luna_base_movement']} node this turn.")
        if carry is not None and "luna_carry" not in turn.effects:
            raise RuleError("LUNA carries an explorer only with a card that says so (Carrier Frame).")
        game = moves.move_luna(game, direction, carry)
        game = replace(game, turn=replace(game.turn, luna_moves=game.turn.luna_moves - 1))
    if resource is not None:
        if game.turn.luna_scans <= 0:
            raise RuleError("LUNA has scanned this turn: she scans once per turn, for Data or Materials.")
        game = replace(game, turn=replace(game.turn, luna_scans=game.turn.luna_scans - 1))
        game = moves.scan(game, game.luna, resource, p.get("roll"))
    return game


def luna_function(game: Game, p: dict[str, Any]) -> Game:
    """Wenora's Primary Function, from anywhere: scan LUNA's node and each revealed node next to her."""
    active(game)
    card = game.book.deck("luna")[0]
    if game.turn.luna_functions <= 0:
        raise RuleError(f"{card.name} works once per turn.")
    game = board.spend(game, "power", card.get("cost_power", 0), card.name)
    game = replace(game, started=True, turn=replace(game.turn, luna_functions=game.turn.luna_functions - 1))
    resource = p["resource"]
    nodes = scanned_by_function(game, resource)
    rolls = p.get("rolls")
    if rolls is not None and len(rolls) != len(nodes):
        raise RuleError(f"{card.name} rolls the Discovery die once for each node it scans: "
                        f"{len(nodes)} here, so enter {len(nodes)} dice (or let the app roll them).")
    for i, node in enumerate(nodes):
        game = moves.scan(game, node, resource, rolls[i] if rolls else None)
    return game


def scanned_by_function(game: Game, resource: str) -> list[str]:
    """The nodes LUNA's Primary Function scans for `resource`: hers, then each revealed node next to her, that do not
    hold it already (one Discovery die each, in this order)."""
    around = [game.luna] + [n for n, _, _ in game.nodes if n != game.luna and board.adjacent(game, n, game.luna)]
    return [n for n in around if not board.cubes_on(game, n)[0 if resource == "data" else 1]]


def end_turn(game: Game, p: dict[str, Any]) -> Game:
    turn, book = game.turn, game.book
    player = turn.player
    if conscious(game, player):
        if turn.rest is None:
            raise RuleError("Set Focus is mandatory: one cube goes on REST every turn before it ends.")
        left = actions.spaces_left(game)
        if left:
            cube, action = left[0]
            where = "the Opportunity" if action == "opportunity" else action.upper()
            raise RuleError(f"Set Focus places {book['focus_cubes_on_actions']} cubes on actions you qualify for, "
                            f"and {where} is still open for your {cube.capitalize()} cube: place it first (the turn "
                            "ends early only when no action space is left for your cubes).")
    game = regroup(game)
    if game.outcome != "playing":
        return game
    following = turn_order.next_seat(player, len(game.explorers), skip=lambda q: not conscious(game, q))
    following = player if following is None else following
    game = replace(game, started=True, turn=fresh_turn(game, following, turn.number + 1))
    return note(game, f"Turn {turn.number + 1}: {game.explorers[following].name} plays.")


def regroup(game: Game) -> Game:
    turn = game.turn
    structures = tuple((k, n, "active" if k in turn.built and s == "building" else s)
                       for k, n, s in game.structures if not (k in turn.destroyed and s == "destroyed"))
    done = [o for o in game.opportunities if o[0] in turn.used]
    game = replace(game, structures=structures, opportunities=tuple(o for o in game.opportunities if o not in done))
    for card, _, marker in done:
        game = note(game, f"{game.book.card(card).name} is complete; the {marker} Moment marker goes home.")
    return task.turn_pages(task.check_objectives(game))
