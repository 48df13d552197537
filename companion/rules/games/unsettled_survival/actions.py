"""Set Focus: placing a Focus cube on REST, a dashboard action or an Opportunity, and resolving the action.

Each turn the active explorer places one cube on REST and constants.focus_cubes_on_actions cubes on
action spaces they qualify for; the cube turns up or down as constants.actions says (a cube at 0 that
must turn down advances Time instead), then the action resolves. Distress blocks the action it covers.
"""

from __future__ import annotations

from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.unsettled_survival import board, effects, opportunities, timeline
from companion.rules.games.unsettled_survival.book import SCARAB
from companion.rules.games.unsettled_survival.state import (
    replace,
    Game, comprehension_on, conscious, explorer, note, trait_side)


# what each action asks for besides the cube (every other field is refused: a form sends only what it asks)
ASKS = {"build": ("structure",), "support": ("target", "distress"), "investigate": ("pile", "card", "trait"),
        "opportunity": ("target", "distress")}
ASKED = {"structure": "a Structure", "target": "another explorer", "distress": "a Distress card to remove",
         "pile": "a pile", "card": "a card drawn", "trait": "your Trait's optional effect"}


def only_asked(p: dict[str, Any], asked: tuple[str, ...], words: dict[str, str], what: str) -> None:
    """Refuses a value the move does not ask for (a form for one action sending another's)."""
    for name, thing in words.items():
        if name not in asked and p.get(name) not in (None, [], ""):
            raise RuleError(f"{what} does not ask for {thing}: leave it out.")


def take_action(game: Game, p: dict[str, Any]) -> Game:
    player, turn, book = game.turn.player, game.turn, game.book
    person = explorer(game, player)
    if not conscious(game, player):
        raise RuleError(f"{person.name} is unconscious and cannot act: end the turn.")
    cube, action = p["cube"], p["action"]
    only_asked(p, ASKS.get(action, ()), ASKED, "REST" if action == "rest" else
               "The Opportunity" if action == "opportunity" else action.upper())
    if p.get("trait") is not None and trait_side(game, player, "investigate") != "black":
        raise RuleError("Only Keen Eye's black side asks whether to lose 1 Endurance for 1 Insight after you "
                        "INVESTIGATE; leave that box out.")
    if cube == turn.rest or cube in {c for c, _ in turn.placed}:
        raise RuleError(f"The {cube} cube is already placed this turn: each cube goes on one action.")
    if action == "rest":
        if turn.rest is not None:
            raise RuleError(f"A cube ({turn.rest}) is already on REST: one cube rests each turn.")
        focus, direction = book.action("rest")
    else:
        if len(turn.placed) >= book["focus_cubes_on_actions"]:
            raise RuleError(f"Set Focus places {book['focus_cubes_on_actions']} cubes on actions and 1 on REST; "
                            "your action cubes are all placed.")
        if action in {a for _, a in turn.placed}:
            raise RuleError(f"A cube is already on {action.upper()} this turn: an action space holds one cube.")
        if action == "opportunity":
            card = opportunities.here(game, person.node)
            focus, direction = card.get("action_focus"), card.get("action_direction", "down")
        else:
            focus, direction = book.action(action)
            if action in {a for a, _ in person.distress}:
                raise RuleError(f"Distress covers {action.upper()}: it is blocked until SUPPORT removes the card.")
    if focus != "any" and focus != cube:
        raise RuleError(f"{action.upper()} takes the {focus} cube, not {cube}.")
    placed = (turn.placed + ((cube, action),)) if action != "rest" else turn.placed
    moving = "ended" if action != "traverse" and turn.moving == "yes" else turn.moving
    game = replace(game, started=True, turn=replace(turn, placed=placed, rest=cube if action == "rest" else turn.rest,
                                                    moving=moving))
    step = book["rest_focus_gain"] if action == "rest" else (1 if direction == "up" else -1)
    game = timeline.turn_focus(game, player, cube, step, f"{cube} on {action.upper()}")
    if game.outcome != "playing":
        return game
    if action == "rest":
        return timeline.advance(game, book["rest_time_advance"], "REST")
    if action == "opportunity":
        return opportunities.use(game, player, p)
    if action == "investigate":
        return opportunities.investigate(game, player, p)
    return RESOLVE[action](game, player, p)


def traverse(game: Game, player: int, p: dict[str, Any]) -> Game:
    side = trait_side(game, player, "traverse")
    extra = game.book["trait_traverse_moves"] if side else game.book["traverse_extra_moves"]
    game = replace(game, turn=replace(game.turn, moves_left=game.turn.moves_left + extra))
    return timeline.advance(game, 1, "Pathfinder (black)") if side == "black" else game


def gather(resource: str, trait_action: str):
    def resolve(game: Game, player: int, p: dict[str, Any]) -> Game:
        node = game.explorers[player].node
        if game.luna != node:
            raise RuleError(f"{trait_action.upper()} needs LUNA on your node.")
        game, found = board.collect(game, node, resource)
        side = trait_side(game, player, trait_action)
        if side == "white":
            game = board.gain(game, resource, game.book["trait_bonus"])
        elif side == "black" and found >= game.book["trait_collect_threshold"]:
            game = effects.gain_insight(game, player, game.book["trait_bonus"])
        return note(game, f"{game.explorers[player].name} collects {found} {resource}.")
    return resolve


def charge(game: Game, player: int, p: dict[str, Any]) -> Game:
    aboard = game.explorers[player].node == SCARAB
    amount = game.book["charge_power_on_scarab"] if aboard else game.book["charge_power"]
    side = trait_side(game, player, "charge")
    if side == "white" or (side == "black" and aboard):
        amount += game.book["trait_bonus"]
    return board.gain(game, "power", amount)


def research(game: Game, player: int, p: dict[str, Any]) -> Game:
    amount = game.book["research_insight"]
    side = trait_side(game, player, "research")
    if side == "white" or (side == "black" and game.luna == game.explorers[player].node):
        amount += game.book["trait_bonus"]
    return effects.gain_insight(game, player, amount)


def build(game: Game, player: int, p: dict[str, Any], free: bool = False) -> Game:
    kind, node = p.get("structure") or "", game.explorers[player].node
    kinds = [k for k, _ in game.book["structure_discipline"]]
    if kind not in kinds:
        raise RuleError(f"BUILD names the Structure to build: one of {', '.join(kinds)}.")
    if not board.build_site(game, node):
        raise RuleError("A Structure is built only on a node with a cogwheel build site.")
    if any(s[1] == node for s in game.structures):
        raise RuleError("This build site already holds a Structure.")
    if any(s[0] == kind for s in game.structures):
        raise RuleError(f"The {kind.replace('_', ' ')} is not on the Breakthrough Board: "
                        "there is only one of each Structure.")
    side = trait_side(game, player, "build")
    quick = "free_build" in game.turn.effects
    game = replace(game, structures=game.structures + ((kind, node, "building"),),
                   turn=replace(game.turn, built=game.turn.built + (kind,),
                                effects=tuple(e for e in game.turn.effects if e != "free_build")))
    game = note(game, f"{game.explorers[player].name} builds the {kind.replace('_', ' ')} "
                      f"on {game.book.card(node).name}.")
    if not (free or quick or side == "white" or
            comprehension_on(game, node, game.book.table("structure_discipline", kind))):
        game = timeline.advance(game, game.book["structure_build_time_cost"], "BUILD")
    return effects.gain_insight(game, player, game.book["trait_bonus"]) if side == "black" else game


def destroy(game: Game, player: int, p: dict[str, Any]) -> Game:
    node = game.explorers[player].node
    here = [s for s in game.structures if s[1] == node and s[2] != "destroyed"]
    if not here:
        raise RuleError("DESTROY needs a Structure on your node.")
    kind = here[0][0]
    game = replace(game, structures=tuple((k, n, "destroyed" if k == kind else s) for k, n, s in game.structures),
                   turn=replace(game.turn, destroyed=game.turn.destroyed + (kind,)))
    return timeline.advance(game, game.book["structure_destroy_time_cost"], "DESTROY")


def support(game: Game, player: int, p: dict[str, Any]) -> Game:
    target = p.get("target")
    if target is None or target == player:
        raise RuleError("SUPPORT helps another explorer: choose which one.")
    helper, other = explorer(game, player), explorer(game, target)
    side = trait_side(game, player, "support")
    near = other.node == helper.node or (side == "black" and board.adjacent(game, other.node, helper.node))
    if not near:
        raise RuleError(f"SUPPORT reaches an explorer on your node, and {other.name} is elsewhere.")
    if not other.distress:
        raise RuleError(f"SUPPORT removes Distress, and {other.name} has none.")
    for _ in range(game.book["support_removes_distress"]):
        if game.explorers[target].distress:
            game = effects.remove_distress(game, target, p.get("distress"))
    if side == "white":
        game = effects.heal(game, target, game.book["trait_bonus"])
    return note(game, f"{helper.name} supports {other.name}.")


RESOLVE = {"traverse": traverse, "analyze": gather("data", "analyze"), "unearth": gather("materials", "unearth"),
           "charge": charge, "research": research, "build": build, "destroy": destroy, "support": support}


def spaces_left(game: Game) -> list[tuple[str, str]]:
    """The (cube, action) pairs the active explorer could still place now: an action space left for a cube not
    placed yet (with any Structure to build or explorer to support). Empty when the cubes are stuck."""
    turn = game.turn
    if turn.rest is None or len(turn.placed) >= game.book["focus_cubes_on_actions"]:
        return []
    used = {turn.rest} | {c for c, _ in turn.placed}
    left = []
    extras: dict[str, list[dict[str, Any]]] = {
        "build": [{"structure": k} for k, _ in game.book["structure_discipline"]],
        "support": [{"target": t} for t in range(len(game.explorers))]}
    for cube in game.book["focus_types"]:
        if cube in used:
            continue
        for action in tuple(a for a in game.book.dashboard() if a != "rest") + ("opportunity",):
            for extra in extras.get(action, [{}]):
                try:
                    take_action(game, {"cube": cube, "action": action, "seed": 0, **extra})
                except RuleError:
                    continue
                left.append((cube, action))
                break
    return left
