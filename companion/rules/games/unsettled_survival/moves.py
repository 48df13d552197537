"""Moving on the map: explorers crossing node edges (symbols, blocked edges, When Entering), LUNA moving and scanning.

Crossing an edge resolves the symbol on the side left and the one on the side entered
(constants.edge_resolves_both_sides), then the entered node's When Entering effect. LUNA ignores both,
but no one crosses a blocked edge without a card that says so.
"""

from __future__ import annotations


from companion.rules.contract import RuleError
from companion.rules.games.unsettled_survival import board, effects, timeline
from companion.rules.games.unsettled_survival.book import OPPOSITE, SCARAB
from companion.rules.games.unsettled_survival.state import Game, explorer, note, roll, with_explorer, replace


def properties(game: Game, player: int | None = None) -> set[str]:
    """Scientific Properties in force: one explorer's, or the whole crew's when player is None."""
    people = game.explorers if player is None else (game.explorers[player],)
    return {game.book.card(a).get("property_code") for e in people for a in e.anomalies
            if game.book.card(a).get("scientific_property")}


def crossing(game: Game, source: str, direction: str, target: str | None, may_cross_blocked: bool) -> tuple[str, str]:
    """The two symbols of the crossing; RuleError for a blocked edge the mover may not cross."""
    leave = board.edge(game, source, direction)
    enter = board.edge(game, target, OPPOSITE[direction]) if target else "none"
    if "blocked" in (leave, enter) and not may_cross_blocked:
        raise RuleError("A blocked edge cannot be crossed (only a card that says so lets you).")
    return leave, enter


def edge_effect(game: Game, player: int, symbol: str, reason: str) -> Game:
    if symbol == "time":
        return timeline.advance(game, 1, reason)
    if symbol == "insight":
        return effects.gain_insight(game, player, 1)
    if symbol == "endurance":
        return effects.lose_endurance(game, player, 1, reason)
    if symbol in ("data", "materials", "power"):
        return board.gain(game, symbol, 1)
    if symbol == "focus":
        return timeline.ask_focus(game, player, "gain_focus", reason)
    if symbol == "distress":
        return effects.gain_distress(game, player, reason)
    return game


def cross(game: Game, player: int, symbols: tuple[str, ...], ignore_edges: bool) -> Game:
    ignored = properties(game, player)
    for symbol in symbols:
        if ignore_edges or symbol in ("none", "blocked") or game.outcome != "playing":
            continue
        if (symbol == "time" and "ignore_time_edges" in ignored) or \
                (symbol == "endurance" and "ignore_endurance_edges" in ignored):
            continue
        game = edge_effect(game, player, symbol, f"a {symbol} edge")
    return game


def enter(game: Game, player: int, node: str) -> Game:
    """Puts the explorer on the node and resolves its When Entering effect for them."""
    game = with_explorer(game, player, node=node)
    if node == SCARAB:
        return game
    card = game.book.card(node)
    code, amount = card.get("when_entering_effect"), card.get("when_entering_amount", 0)
    reason = f"entering {card.name}"
    for _ in range(amount if code else 0):
        if code == "advance_time":
            game = timeline.advance(game, 1, reason)
        elif code == "gain_insight":
            game = effects.gain_insight(game, player, 1)
        elif code == "lose_endurance":
            game = effects.lose_endurance(game, player, 1, reason)
        elif code == "gain_distress":
            game = effects.gain_distress(game, player, reason)
        elif code in ("lose_focus", "gain_focus"):
            game = timeline.ask_focus(game, player, code, reason)
        elif code in ("gain_data", "gain_materials", "charge_power"):
            game = board.gain(game, {"gain_data": "data", "gain_materials": "materials"}.get(code, "power"), 1)
        elif code in ("trust_up", "trust_down"):
            game = timeline.change_trust(game, code[6:], reason)
    return game


def step(game: Game, player: int, direction: str, card: str | None = None) -> Game:
    """One step of an explorer's own move: onto a revealed node, or into an empty space to reveal one."""
    person, turn = explorer(game, player), game.turn
    may_cross = "cross_blocked" in properties(game, player) or "extra_move" in turn.effects
    x, y = board.toward(game, person.node, direction)
    target = board.node_at(game, x, y)
    if target is None:
        crossing(game, person.node, direction, None, may_cross)
        game, target = board.reveal(game, x, y, card)
        game = replace(game, turn=replace(game.turn, moves_left=0, moving="ended"))
        try:
            crossing(game, person.node, direction, target, may_cross)
        except RuleError:
            return note(game, f"{game.book.card(target).name} shows a blocked edge: {person.name} stays put.")
    elif card is not None:
        raise RuleError(f"Space {x},{y} is already revealed: only a move into an empty space draws a card.")
    else:
        game = replace(game, turn=replace(turn, moves_left=turn.moves_left - 1, moving="yes"))
    leave, arrive = crossing(game, person.node, direction, target, may_cross)
    if "blocked" in (leave, arrive) and "cross_blocked" not in properties(game, player):
        game = replace(game, turn=replace(game.turn, effects=tuple(e for e in game.turn.effects if e != "extra_move")))
    symbols = (leave, arrive) if game.book["edge_resolves_both_sides"] else (arrive,)
    game = with_explorer(game, player, node=target)  # crossing: the explorer has left their node
    game = cross(game, player, symbols, "ignore_edges" in game.turn.effects)
    return enter(game, player, target) if game.outcome == "playing" else game


def move_luna(game: Game, direction: str, carry: int | None = None) -> Game:
    """LUNA moves to the revealed node next to hers; she ignores symbols and When Entering, not blocked edges.
    A carried explorer (Carrier Frame) moves with her, ignoring edges."""
    x, y = board.toward(game, game.luna, direction)
    target = board.node_at(game, x, y)
    if target is None:
        raise RuleError("LUNA moves only onto revealed nodes: explorers reveal new ones.")
    crossing(game, game.luna, direction, target, False)
    if carry is not None:
        if explorer(game, carry).node != game.luna:
            raise RuleError(f"LUNA carries only an explorer on her node, "
                            f"and {game.explorers[carry].name} is not there.")
        game = enter(game, carry, target)
    return replace(game, luna=target)


def scan(game: Game, node: str, resource: str, given: int | None = None) -> Game:
    """LUNA scans a node for Data or Materials: a d8 roll (or the roll made at the table) gives the cubes."""
    if resource not in ("data", "materials"):
        raise RuleError("LUNA scans for Data or Materials.")
    data, materials = board.cubes_on(game, node)
    if (data if resource == "data" else materials):
        raise RuleError(f"The node already holds {resource}: LUNA never scans for a resource lying on her node.")
    sides = game.book["discovery_die_sides"]
    if given is not None:
        if not 1 <= given <= sides:
            raise RuleError(f"A Discovery die shows 1 to {sides}, not {given}.")
        face = given
    else:
        game, face = roll(game, sides)
        if "luna_scan_advantage" in properties(game):  # Magnetic Seed: roll twice, keep the higher
            game, second = roll(game, sides)
            face = max(face, second)
    found = min(game.book[f"{resource}_die_faces"][face - 1], board.supply(game, resource))
    game = board.set_cubes(game, node, data + (found if resource == "data" else 0),
                           materials + (found if resource == "materials" else 0))
    name = "the Scarab" if node == SCARAB else game.book.card(node).name
    return note(game, f"LUNA scans {name} for {resource}: the die shows {face}, {found} {'cube' if found == 1 else 'cubes'} placed.")
