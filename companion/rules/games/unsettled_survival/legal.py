"""Unsettled's legal moves (companion.rules.legal): every move the rules may accept now, in the crew's words.

The candidates follow the turn as the rulebook orders it: a choice the rules wait for comes first (which cube
loses Focus, where a Distress card goes, where the crew's Focus goes); otherwise the active explorer's Set Focus
(one move per cube and action space, so a cube is offered only the actions it can take), moving (a move into an
empty space asks which Environment card came up, "Draw for us" the other choice), programming LUNA (the Discovery
die as it fell, or "Roll for us"), her Primary Function and the end of the turn; any explorer's free actions
(Breakthroughs, Structures, Discoveries, exchanges, Distress, the pursuit); and the end of the game (lifting off,
the crew giving up). The contract narrows each candidate to what `apply` accepts, value by value.
"""

from __future__ import annotations

from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.unsettled_survival import board, opportunities
from companion.rules.games.unsettled_survival.book import SCARAB
from companion.rules.games.unsettled_survival.effects import open_actions
from companion.rules.games.unsettled_survival.events import STRUCTURES
from companion.rules.games.unsettled_survival.state import Game, conscious
from companion.rules.games.unsettled_survival.turn import scanned_by_function
from companion.rules.legal import Choice, Move

from companion.rules.games.unsettled_survival.legal_free import distress_moves, free_moves
from companion.rules.games.unsettled_survival.legal_words import (
    die_choice, DIRECTIONS, DRAW, HINTS, RESOURCE_WORDS, ROLL, action_label, card_label, cube_label, focus_choice, node_label, words)


def legal(game: Game) -> list[Move]:
    """The candidates for every move the crew may make now (the contract keeps those the rules accept, and offers
    "draw for us" only where the rules accept the app's draw)."""
    if game.outcome != "playing":
        return []
    moves: list[Move] = []
    if game.pending:
        moves += answers(game)
    else:
        moves += setup_moves(game) + turn_moves(game) + free_moves(game)
    moves += distress_moves(game)
    moves += end_moves(game)
    # a drawn or optional choice with no value left is dropped, or made required, by the contract (legal.offered)
    return moves


# ---- a choice the rules wait for ------------------------------------------------------------------------------

def answers(game: Game) -> list[Move]:
    choice = game.pending[0]
    cubes = game.book["focus_types"]
    if choice.kind in ("lose_focus", "gain_focus"):
        person = game.explorers[choice.player]
        step = -choice.amount if choice.kind == "lose_focus" else choice.amount
        verb = "loses" if step < 0 else "gains"
        out = []
        for cube, value in zip(cubes, person.focus):
            after = max(game.book["focus_min"], min(game.book["focus_max"], value + step))
            change = f"{value} to {after}" if after != value else f"at {value}: Time advances instead" if step < 0 \
                else f"already at {value}"
            out.append(Move("resolve", f"{person.name} {verb} {abs(step)} Focus on the {cube_label(cube)} cube ({change})",
                            {"cube": cube}, seat=choice.player, primary=True, help=words(choice.reason)))
        return out
    if choice.kind == "place_distress":
        person = game.explorers[choice.player]
        options = tuple((a, action_label(a)) for a in open_actions(game, choice.player))
        return [Move("resolve", f"{person.name} places the Distress card", {},
                     (Choice("action", "On which action (it is blocked until SUPPORT removes the card)", "pick",
                             options),), seat=choice.player, primary=True, help=words(choice.reason),
                     submit="Place the Distress card")]
    step = choice.amount
    return [Move("resolve", f"The crew distributes {step * choice.count:+d} Focus", {},
                 (focus_choice(game, choice.count, "Which cubes"),), primary=True, help=words(choice.reason),
                 submit="Distribute the Focus")]




# ---- setup ------------------------------------------------------------------------------------------------------

def setup_moves(game: Game) -> list[Move]:
    if game.started:
        return []
    book, out = game.book, []
    traits = tuple((c.id, card_label(book, c.id)) for c in book.deck("trait"))
    for p, person in enumerate(game.explorers):
        out.append(Move("choose_trait", f"{person.name} keeps a Trait tile", {"player": p},
                        (Choice("trait", "The Trait tile kept (white side up)", "card", traits),), seat=p,
                        group="setup", submit="Keep it"))
    return out


# ---- the active explorer's turn -----------------------------------------------------------------------------------

def turn_moves(game: Game) -> list[Move]:
    player = game.turn.player
    person = game.explorers[player]
    out: list[Move] = []
    if conscious(game, player):
        out += focus_moves(game, player)
        out += walk_moves(game, player)
        out += luna_moves(game, player)
    placed = len(game.turn.placed)
    need = game.book["focus_cubes_on_actions"]
    if not conscious(game, player):
        label = f"End {person.name}'s turn ({person.name} is unconscious)"
    elif placed >= need:
        label = "End the turn: take back the cubes and regroup"
    else:
        used = {game.turn.rest} | {c for c, _ in game.turn.placed}
        free = [cube_label(c) for c in game.book["focus_types"] if c not in used]
        label = (f"End the turn: no action space is left for your {' and '.join(free)} "
                 f"cube{'s' if len(free) > 1 else ''}")
    out.append(Move("end_turn", label, seat=player, primary=True))
    return out


def focus_moves(game: Game, player: int) -> list[Move]:
    """Set Focus: one move per cube and action space (the rules keep those the cube qualifies for now)."""
    book, turn = game.book, game.turn
    used = ({turn.rest} if turn.rest else set()) | {c for c, _ in turn.placed}
    cubes = [c for c in book["focus_types"] if c not in used]
    out: list[Move] = []

    def add(cube: str, action: str, label: str, extra: dict[str, Any] | None = None,
            choices: tuple[Choice, ...] = (), submit: str = "") -> None:
        out.append(Move("take_action", f"{cube_label(cube)} on {label}", {"cube": cube, "action": action, **(extra or {})},
                        choices, seat=player, submit=submit or "Place the cube",
                        help=HINTS.get(action, "")))

    for cube in cubes:
        if turn.rest is None:
            add(cube, "rest", "REST")
    if len(turn.placed) >= book["focus_cubes_on_actions"]:
        return out
    for action in book.dashboard():
        if action == "rest":
            continue
        focus, _ = book.action(action)
        for cube in cubes:
            if focus not in ("any", cube):
                continue
            if action == "build":
                built = {s[0] for s in game.structures}
                options = tuple((k, STRUCTURES.get(k, k)) for k, _ in book["structure_discipline"] if k not in built)
                add(cube, action, "BUILD", choices=(Choice("structure", "Which Structure", "pick", options),),
                    submit="Build it")
            elif action == "support":
                for other, them in enumerate(game.explorers):
                    if other == player:
                        continue
                    distress = tuple((a, f"{action_label(a)} ({card_label(book, c)})") for a, c in them.distress)
                    add(cube, action, f"SUPPORT: help {them.name}", {"target": other},
                        (Choice("distress", "Which Distress card goes (the first when left out)", "pick", distress,
                                optional=True),) if len(distress) > 1 else (), submit="Support")
            elif action == "investigate":
                out.append(investigate_move(game, player, cube))
            else:
                add(cube, action, action_label(action))
    out += opportunity_moves(game, player, cubes)
    return out


def investigate_move(game: Game, player: int, cube: str) -> Move:
    book = game.book
    home = opportunities.markers_home(game)
    choices = []
    if len(home) > 1:
        choices.append(Choice("pile", "From which pile (its Moment marker)", "pick",
                              tuple((m, f"the {m} pile") for m in home), optional=True))
    choices.append(Choice("card", "Which Opportunity card came up", "card",
                          tuple((c, card_label(book, c)) for c in sorted(game.opportunity_deck,
                                                                         key=lambda c: book.card(c).name)),
                          draw=DRAW))
    person = game.explorers[player]
    trait = book.card(person.trait) if person.trait else None
    if trait is not None and trait.get("action") == "investigate" and game.trust != book["trust_states"][0]:
        choices.append(Choice("trait", f"{trait.name}: lose 1 Endurance to gain 1 Insight", "flag", optional=True))
    return Move("take_action", f"{cube_label(cube)} on INVESTIGATE", {"cube": cube, "action": "investigate"},
                tuple(choices), seat=player, submit="Investigate", help=HINTS["investigate"])


def opportunity_moves(game: Game, player: int, cubes: list[str]) -> list[Move]:
    node = game.explorers[player].node
    try:
        card = opportunities.here(game, node)
    except RuleError:
        return []
    focus = card.get("action_focus")
    out = []
    for cube in cubes:
        if focus not in ("any", cube):
            continue
        label = f"{cube_label(cube)} on {card.name}"
        base = {"cube": cube, "action": "opportunity"}
        out.append(Move("take_action", label, base, seat=player, help=words(card.get("action"))))
        if card.get("action_code") == "trust_up_remove_distress":
            for other, them in enumerate(game.explorers):
                if them.node != node or not them.distress:
                    continue
                distress = tuple((a, f"{action_label(a)} ({card_label(game.book, c)})") for a, c in them.distress)
                out.append(Move("take_action", f"{label}: {them.name}'s Distress goes", {**base, "target": other},
                                (Choice("distress", "Which Distress card (the first when left out)", "pick", distress,
                                        optional=True),), seat=player, submit="Place the cube"))
    return out


def walk_moves(game: Game, player: int) -> list[Move]:
    book = game.book
    person = game.explorers[player]
    out = []
    for d, name in DIRECTIONS:
        x, y = board.toward(game, person.node, d)
        target = board.node_at(game, x, y)
        if target is not None:
            out.append(Move("move", f"Move {name} to {node_label(game, target)}", {"direction": d}, seat=player))
        elif game.environment:
            options = tuple((c, card_label(book, c)) for c in sorted(game.environment, key=lambda c: book.card(c).name))
            out.append(Move("move", f"Move {name}: reveal a new node", {"direction": d},
                            (Choice("card", "Which Environment card came up", "card", options, draw=DRAW),),
                            seat=player, submit="Reveal it"))
    return out




def luna_moves(game: Game, player: int) -> list[Move]:
    out = []
    carry: tuple[Choice, ...] = ()
    if "luna_carry" in game.turn.effects:
        riders = tuple((p, e.name) for p, e in enumerate(game.explorers) if e.node == game.luna)
        carry = (Choice("carry", "Carrier Frame: the explorer LUNA carries", "seat", riders, optional=True),)
    for d, name in DIRECTIONS:
        x, y = board.toward(game, game.luna, d)
        target = board.node_at(game, x, y)
        if target is None:
            continue
        where = node_label(game, target)
        out.append(Move("program_luna", f"Program LUNA: move her {name} to {where}", {"direction": d}, carry,
                        seat=player, submit="Move her"))
        for resource, word in RESOURCE_WORDS.items():
            out.append(Move("program_luna", f"Program LUNA: move her {name} to {where} and scan for {word}",
                            {"direction": d, "scan": resource}, (die_choice(game),) + carry, seat=player,
                            submit="Record the scan"))
    for resource, word in RESOURCE_WORDS.items():
        out.append(Move("program_luna", f"Program LUNA: scan {node_label(game, game.luna)} for {word}",
                        {"scan": resource}, (die_choice(game),), seat=player, submit="Record the scan"))
    function = game.book.deck("luna")[0]
    sides = game.book["discovery_die_sides"]
    for resource, word in RESOURCE_WORDS.items():
        name = function.name.split(": ", 1)[-1]
        nodes = scanned_by_function(game, resource)
        dice = (Choice("rolls", "The Discovery die for each node, in order: " + ", ".join(node_label(game, n) for n in nodes),
                       "dice", tuple((n, str(n)) for n in range(1, sides + 1)), count=len(nodes), draw=ROLL),) if nodes else ()
        out.append(Move("luna_function", f"{name}: LUNA scans around her for {word} ({function.get('cost_power', 0)} "
                                         "Power)", {"resource": resource}, dice,
                        seat=player, help=words(function.get("ability")), submit="Record the scans"))
    return out


# ---- the end --------------------------------------------------------------------------------------------------------

def end_moves(game: Game) -> list[Move]:
    left = [e.name for e in game.explorers if e.node != SCARAB] + ([] if game.luna == SCARAB else ["LUNA"])
    lift = "Lift off: every objective is done" + (f" (a hollow victory: {', '.join(left)} stay behind)" if left else "")
    return [Move("lift_off", lift, group="end", primary=True),
            Move("give_up", "The crew gives up: the game ends as a loss", group="end")]
