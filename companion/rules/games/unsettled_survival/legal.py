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

import re
from itertools import combinations_with_replacement, product
from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.unsettled_survival import board, moves as map_moves, opportunities, task
from companion.rules.games.unsettled_survival.book import SCARAB, Book
from companion.rules.games.unsettled_survival.effects import open_actions
from companion.rules.games.unsettled_survival.events import ACTIONS, STRUCTURES
from companion.rules.games.unsettled_survival.state import Game, conscious
from companion.rules.games.unsettled_survival.turn import scanned_by_function
from companion.rules.legal import Choice, Move

DIRECTIONS = (("n", "north"), ("e", "east"), ("s", "south"), ("w", "west"))
DIRECTION_WORDS = dict(DIRECTIONS)
HINTS = {"rest": "+1 Focus; Time advances 1", "traverse": "move further this turn", "investigate": "reveal an Opportunity",
         "analyze": "collect the Data here", "unearth": "collect the Materials here", "charge": "charge Power",
         "research": "gain Insight", "build": "build a Structure here", "destroy": "destroy the Structure here",
         "support": "remove another explorer's Distress"}
RESOURCE_WORDS = {"data": "Data", "materials": "Materials"}
DRAW = "Draw for us"
ROLL = "Roll for us"


def words(text: Any) -> str:
    """A card's text as plain words: icons (":power:") by their name, no Markdown markers."""
    return re.sub(r":([a-z_]+):", lambda m: m.group(1).replace("_", " "), str(text or "")).replace("*", "").strip()


def card_label(book: Book, card_id: str) -> str:
    """A card by its printed name (a name printed on two decks' cards says which deck, as the pages do)."""
    labels = _LABELS.get(id(book))
    if labels is None or labels[0] is not book:
        decks: dict[str, set[str]] = {}
        for c in book.cards:
            decks.setdefault(c.name.casefold(), set()).add(c.deck)
        labels = _LABELS[id(book)] = (book, {c.id: c.name if len(decks[c.name.casefold()]) == 1 else
                                             f"{c.name} ({c.deck.replace('_', ' ')})" for c in book.cards})
    return labels[1].get(card_id) or book.card(card_id).name


_LABELS: dict[int, tuple[Book, dict[str, str]]] = {}


def node_label(game: Game, node: str) -> str:
    return "the Scarab" if node == SCARAB else game.book.card(node).name


def cube_label(cube: str) -> str:
    return cube.capitalize()


def action_label(action: str) -> str:
    return ACTIONS.get(action, action.upper())


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


def focus_choice(game: Game, count: int, label: str, optional: bool = False) -> Choice:
    """The crew's Focus distribution as one choice: `count` cubes (the same cube twice allowed), in any order."""
    items = [(p, cube) for p in range(len(game.explorers)) for cube in game.book["focus_types"]]
    options = []
    for combo in combinations_with_replacement(items, count):
        value = {"focus": [f"{p}:{cube}" for p, cube in combo]}
        text = " and ".join(f"{game.explorers[p].name}'s {cube_label(cube)}" for p, cube in combo)
        options.append((value, text))
    return Choice("", label, "pick", tuple(options), optional=optional)


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


def die_choice(game: Game) -> Choice:
    sides = game.book["discovery_die_sides"]
    return Choice("roll", "The Discovery die as it fell", "die", tuple((n, str(n)) for n in range(1, sides + 1)),
                  draw=ROLL)


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


# ---- free actions ---------------------------------------------------------------------------------------------------

def free_moves(game: Game) -> list[Move]:
    out: list[Move] = []
    for p in range(len(game.explorers)):
        out += breakthrough_moves(game, p) + structure_moves(game, p, "use_structure", {"player": p})
        out += discovery_moves(game, p) + exchange_moves(game, p) + pursue_moves(game, p)
    for card, node, _ in game.opportunities:
        out.append(Move("forfeit", f"Forfeit {card_label(game.book, card)} (on {node_label(game, node)})",
                        {"card": card}))
    for objective in task.open_objectives(game):
        text = task.describe(game, objective)
        if objective in (task.RESTORE_POWER, task.TRANSMIT):
            who = Choice("player", "Who does it (anyone who can, when left out)", "seat",
                         tuple((p, e.name) for p, e in enumerate(game.explorers)), optional=True)
            out.append(Move("complete_objective", f"Complete the objective: {text}", {"objective": objective}, (who,),
                            primary=True, submit="Complete it"))
        else:
            out.append(Move("complete_objective", f"Complete the objective: {text}", {"objective": objective},
                            primary=True))
    return out


def others_here(game: Game, player: int) -> tuple[tuple[int, str], ...]:
    node = game.explorers[player].node
    return tuple((p, e.name) for p, e in enumerate(game.explorers) if p != player and e.node == node)


def cube_choice(label: str = "Which Focus cube") -> Choice:
    return Choice("cube", label, "pick", tuple((c, cube_label(c)) for c in ("awareness", "wonder", "energy")))


def structure_moves(game: Game, player: int, event: str, fixed: dict[str, Any], label: str = "") -> list[Move]:
    """An active Structure's ability (or a card that uses one for free): one move per Structure."""
    who = game.explorers[player].name
    out = []
    for kind, _, status in game.structures:
        if status != "active":
            continue
        name = STRUCTURES.get(kind, kind)
        text = label or f"{who} uses the {name}"
        payload = {**fixed, "structure": kind}
        if kind == "laboratory":
            others = tuple((p, e.name) for p, e in enumerate(game.explorers) if p != player)
            out.append(Move(event, f"{text}: +1 Focus", payload, (
                cube_choice(), Choice("target", "Whose cube (yours when left out)", "seat", others, optional=True)),
                seat=player, submit="Use it"))
        elif kind == "workshop":
            out.append(Move(event, f"{text}: move LUNA 1 node", payload, (
                Choice("direction", "Which way LUNA goes", "pick", DIRECTIONS),), seat=player, submit="Move her"))
        else:
            out.append(Move(event, f"{text}: +1 Insight", payload, seat=player))
    return out


def empty_spaces(game: Game) -> tuple[tuple[str, str], ...]:
    """The empty spaces next to the map, as "x,y" and where they lie."""
    seen: dict[str, str] = {}
    for node, x, y in game.nodes:
        for d, name in DIRECTIONS:
            dx, dy = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}[d]
            if board.node_at(game, x + dx, y + dy) is None:
                seen.setdefault(f"{x + dx},{y + dy}", f"{name} of {node_label(game, node)}")
    return tuple(seen.items())


def breakthrough_moves(game: Game, player: int) -> list[Move]:
    book = game.book
    person = game.explorers[player]
    out = []
    for card_id in person.breakthroughs:
        card = book.card(card_id)
        label = f"{person.name} uses {card.name}"
        fixed = {"player": player, "card": card_id}
        effect = card.get("effect")
        help_text = words(card.get("ability"))
        if effect == "reveal_node":
            environment = tuple((c, card_label(book, c)) for c in sorted(game.environment, key=lambda c: book.card(c).name))
            out.append(Move("use_breakthrough", label, fixed, (
                Choice("space", "Which empty space", "pick", empty_spaces(game)),
                Choice("reveal", "Which Environment card came up", "card", environment, draw=DRAW)),
                seat=player, help=help_text, submit="Reveal it"))
        elif effect == "gain_focus":
            out.append(Move("use_breakthrough", label, fixed, (cube_choice(),), seat=player, help=help_text,
                            submit="Use it"))
        elif effect == "heal_endurance":
            out.append(Move("use_breakthrough", label, fixed, (
                Choice("target", "Who heals (you when left out)", "seat", others_here(game, player), optional=True),),
                seat=player, help=help_text, submit="Use it"))
        elif effect == "remove_distress":
            for target, them in [(None, person)] + [(p, game.explorers[p]) for p, _ in others_here(game, player)]:
                if not them.distress:
                    continue
                distress = tuple((a, f"{action_label(a)} ({card_label(book, c)})") for a, c in them.distress)
                out.append(Move("use_breakthrough", f"{label} on {them.name}",
                                {**fixed, **({"target": target} if target is not None else {})},
                                (Choice("distress", "Which Distress card (the first when left out)", "pick", distress,
                                        optional=True),), seat=player, help=help_text, submit="Use it"))
        elif effect == "structure_free":
            out += structure_moves(game, player, "use_breakthrough", fixed, f"{label} for the")
        else:
            out.append(Move("use_breakthrough", label, fixed, seat=player, help=help_text))
    return out


def luna_paths(game: Game, amount: int) -> list[list[str]]:
    """Every way LUNA may go up to `amount` nodes over revealed nodes (blocked edges stop her)."""
    paths: list[list[str]] = [[]]
    frontier: list[tuple[list[str], str]] = [([], game.luna)]
    for _ in range(amount):
        nxt = []
        for path, node in frontier:
            for d, _ in DIRECTIONS:
                target = board.node_at(game, *board.toward(game, node, d))
                if target is None:
                    continue
                try:
                    map_moves.crossing(game, node, d, target, False)
                except RuleError:
                    continue
                nxt.append((path + [d], target))
        paths += [p for p, _ in nxt]
        frontier = nxt
    return paths


def luna_end(game: Game, path: list[str]) -> str:
    node = game.luna
    for d in path:
        node = board.node_at(game, *board.toward(game, node, d)) or node
    return node


def discovery_moves(game: Game, player: int) -> list[Move]:
    book = game.book
    person = game.explorers[player]
    out = []
    for card_id in person.anomalies:
        card = book.card(card_id)
        label = f"{person.name} consumes {card.name}"
        fixed = {"player": player, "card": card_id}
        code, amount = card.get("discard_code"), card.get("amount", 1)
        help_text = words(card.get("discard_effect"))
        choices: tuple[Choice, ...] = ()
        if code == "luna_move_scan":
            options = []
            for path in luna_paths(game, amount):
                end = luna_end(game, path)
                went = ", ".join(DIRECTION_WORDS[d] for d in path)
                data, materials = board.cubes_on(game, end)
                free: list[str | None] = [r for r, held in (("data", data), ("materials", materials)) if not held]
                for resource in free or [None]:
                    value: dict[str, Any] = {"path": path}
                    text = f"LUNA goes {went} to {node_label(game, end)}" if path else "LUNA stays"
                    if resource:
                        value["resource"] = resource
                        text += f" and scans for {RESOURCE_WORDS[resource]}"
                    options.append((value, text))
            choices = (Choice("", "Where LUNA goes and what she scans for", "pick", tuple(options)),
                       die_choice(game))
        elif code == "reveal_nodes":
            choices = (Choice("spaces", "Which empty spaces (the app draws the cards)", "cards", empty_spaces(game),
                              low=1, high=min(amount, len(game.environment))),)
        elif code == "teleport":
            choices = (Choice("node", "To which revealed node", "pick",
                              tuple((n, node_label(game, n)) for n, _, _ in game.nodes)),)
        elif code == "free_structure":
            taken = {s[1] for s in game.structures}
            built = {s[0] for s in game.structures}
            sites = tuple((n, node_label(game, n)) for n, _, _ in game.nodes
                          if board.build_site(game, n) and n not in taken)
            kinds = tuple((k, STRUCTURES.get(k, k)) for k, _ in book["structure_discipline"] if k not in built)
            choices = (Choice("node", "On which build site", "pick", sites),
                       Choice("structure", "Which Structure", "pick", kinds))
        elif code == "move_toward_scarab":
            steps = []
            for p, e in enumerate(game.explorers):
                ways: list[tuple[str | None, str]] = [(None, f"{e.name} stays")]
                if e.node != SCARAB:
                    here = board.distance_from_scarab(game, e.node)
                    for d, name in DIRECTIONS:
                        target = board.node_at(game, *board.toward(game, e.node, d))
                        if target is not None and board.distance_from_scarab(game, target) < here:
                            ways.append((f"{p}:{d}", f"{e.name} {name} to {node_label(game, target)}"))
                steps.append(ways)
            options = []
            for combo in product(*steps):
                value = {"moves": [item for item, _ in combo if item]}
                options.append((value, ", ".join(text for _, text in combo)))
            choices = (Choice("", "Who moves toward the Scarab", "pick", tuple(options)),)
        elif code == "trust_up" and game.trust == book["trust_states"][0]:
            choices = (focus_choice(game, book["trust_same_side_focus"],
                                    "Group Trust is already high: where the Focus goes (asked after when left out)",
                                    optional=True),)
        out.append(Move("consume_discovery", label, fixed, choices, seat=player, help=help_text,
                        submit="Consume it" if choices else ""))
    return out


def exchange_moves(game: Game, player: int) -> list[Move]:
    book = game.book
    giver = game.explorers[player]
    items = ([(f"comprehension:{d}", f"{d.capitalize()} Comprehension") for d in dict.fromkeys(giver.comprehension)]
             + [(c, card_label(book, c)) for c in giver.breakthroughs + giver.anomalies])
    if not items:
        return []
    return [Move("exchange", f"{giver.name} gives {them.name} a card or token", {"player": player, "receiver": other},
                 (Choice("item", "What", "pick", tuple(items)),), seat=player, submit="Give it")
            for other, them in enumerate(game.explorers) if other != player and them.node == giver.node]


def distress_moves(game: Game) -> list[Move]:
    out = []
    for p, person in enumerate(game.explorers):
        open_to = tuple((a, action_label(a)) for a in open_actions(game, p))
        for action, card in person.distress:
            out.append(Move("move_distress", f"{person.name} moves {card_label(game.book, card)} off {action_label(action)}",
                            {"player": p, "from_action": action},
                            (Choice("to_action", "To which action", "pick", open_to),), seat=p, submit="Move it"))
    return out


def pursue_moves(game: Game, player: int) -> list[Move]:
    person = game.explorers[player]
    options = tuple((d, d.capitalize()) for d in game.book["disciplines"] if d != person.pursuit or not game.started)
    label = (f"{person.name} chooses a Scientific Pursuit" if not game.started else
             f"{person.name} abandons {str(person.pursuit).capitalize()} for another discipline (Insight back to the bottom)")
    return [Move("pursue", label, {"player": player}, (Choice("discipline", "Which discipline", "pick", options),),
                 seat=player, group="setup" if not game.started else "turn", submit="Pursue it")]


# ---- the end --------------------------------------------------------------------------------------------------------

def end_moves(game: Game) -> list[Move]:
    left = [e.name for e in game.explorers if e.node != SCARAB] + ([] if game.luna == SCARAB else ["LUNA"])
    lift = "Lift off: every objective is done" + (f" (a hollow victory: {', '.join(left)} stay behind)" if left else "")
    return [Move("lift_off", lift, group="end", primary=True),
            Move("give_up", "The crew gives up: the game ends as a loss", group="end")]

