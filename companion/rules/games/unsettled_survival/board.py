"""The map and the crew's resources: where nodes lie, their edges, cubes on nodes, the supply and the Dynamo.

The Scarab is node "scarab" at (0, 0); every revealed Environment card lies north-up at a grid
position next to a revealed node (n = y + 1, e = x + 1). Data and Materials come from a supply of
constants.data_cubes / material_cubes cubes, so the crew can never gain more cubes than exist.
"""

from __future__ import annotations


from companion.rules.contract import RuleError
from companion.rules.games.unsettled_survival.book import DIRECTIONS, SCARAB
from companion.rules.games.unsettled_survival.state import Game, draw, note, replace

RESOURCES = ("data", "materials", "power")


def position(game: Game, node: str) -> tuple[int, int]:
    for name, x, y in game.nodes:
        if name == node:
            return x, y
    raise RuleError("That is not a revealed node of the map: choose a node that lies on the map.")


def node_at(game: Game, x: int, y: int) -> str | None:
    return next((name for name, nx, ny in game.nodes if (nx, ny) == (x, y)), None)


def toward(game: Game, node: str, direction: str) -> tuple[int, int]:
    if direction not in DIRECTIONS:
        raise RuleError("Movement is orthogonal: choose north, east, south or west.")
    x, y = position(game, node)
    dx, dy = DIRECTIONS[direction]
    return x + dx, y + dy


def adjacent(game: Game, a: str, b: str) -> bool:
    (ax, ay), (bx, by) = position(game, a), position(game, b)
    return abs(ax - bx) + abs(ay - by) == 1


def distance_from_scarab(game: Game, node: str) -> int:
    x, y = position(game, node)
    return abs(x) + abs(y)


def edge(game: Game, node: str, direction: str) -> str:
    """The symbol on a node's edge; the Scarab's edges are constants.scarab_edges."""
    if node == SCARAB:
        return game.book["scarab_edges"]
    return game.book.card(node).get(f"edge_{direction}", "none")


def build_site(game: Game, node: str) -> bool:
    return node != SCARAB and bool(game.book.card(node).get("build_site"))


def parse_space(text: str) -> tuple[int, int]:
    try:
        x, y = (int(part) for part in text.split(","))
    except ValueError:
        raise RuleError("Choose an empty space of the map by where it lies (the Scarab is 0,0).") from None
    return x, y


# ---- resources -----------------------------------------------------------------------------------

def cubes_on(game: Game, node: str) -> tuple[int, int]:
    return next(((d, m) for name, d, m in game.cubes if name == node), (0, 0))


def set_cubes(game: Game, node: str, data: int, materials: int) -> Game:
    rest = tuple(c for c in game.cubes if c[0] != node)
    return replace(game, cubes=rest + (((node, data, materials),) if data or materials else ()))


def supply(game: Game, resource: str) -> int:
    """Cubes left in the general supply (neither collected nor lying on a node)."""
    total = game.book["data_cubes" if resource == "data" else "material_cubes"]
    return total - getattr(game, resource) - sum(data if resource == "data" else materials
                                                 for _, data, materials in game.cubes)


def gain(game: Game, resource: str, amount: int) -> Game:
    """Data or Materials from the supply into the Database / Stockpile, or Power charged."""
    if resource == "power":
        return replace(game, power=min(game.book["power_discs"], game.power + amount))
    return replace(game, **{resource: getattr(game, resource) + min(amount, supply(game, resource))})


def spend(game: Game, resource: str, amount: int, why: str) -> Game:
    if getattr(game, resource) < amount:
        where = {"data": "the Database", "materials": "the Stockpile", "power": "the Dynamo's upper half"}[resource]
        raise RuleError(f"{why} costs {amount} {resource.capitalize()}, "
                        f"but {where} holds only {getattr(game, resource)}.")
    return replace(game, **{resource: getattr(game, resource) - amount})


def collect(game: Game, node: str, resource: str) -> tuple[Game, int]:
    """Moves every cube of one kind from a node to the Database / Stockpile; returns how many."""
    data, materials = cubes_on(game, node)
    amount = data if resource == "data" else materials
    game = set_cubes(game, node, 0 if resource == "data" else data, 0 if resource == "materials" else materials)
    return replace(game, **{resource: getattr(game, resource) + amount}), amount


# ---- revealing -----------------------------------------------------------------------------------

def reveal(game: Game, x: int, y: int, card: str | None = None) -> tuple[Game, str]:
    """Places an Environment card at (x, y): the card the table drew, or one drawn by the app."""
    if node_at(game, x, y) is not None:
        raise RuleError(f"Space {x},{y} already holds a node: only an empty space can be revealed.")
    if not any(abs(nx - x) + abs(ny - y) == 1 for _, nx, ny in game.nodes):
        raise RuleError(f"Space {x},{y} is not next to a revealed node: new nodes are revealed next to the map.")
    if not game.environment:
        raise RuleError("Every Environment card is on the map: there is no node left to reveal.")
    if card is None:
        game, card = draw(game, game.environment)
    elif card not in game.environment:
        raise RuleError("That card is not in the Environment deck: name a card that has not been revealed yet.")
    game = replace(game, environment=tuple(c for c in game.environment if c != card),
                   nodes=game.nodes + ((card, x, y),))
    return note(game, f"{game.book.card(card).name} is revealed at {x},{y}."), card
