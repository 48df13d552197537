"""Unsettled's free actions as legal moves: what any explorer may do beside the turn's actions (Breakthroughs,
Structures, Discoveries, exchanges, Distress, the pursuit)."""

from __future__ import annotations

from itertools import product
from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.unsettled_survival import board, moves as map_moves, task
from companion.rules.games.unsettled_survival.book import SCARAB
from companion.rules.games.unsettled_survival.effects import open_actions
from companion.rules.games.unsettled_survival.events import STRUCTURES
from companion.rules.games.unsettled_survival.state import Game
from companion.rules.legal import Choice, Move

from companion.rules.games.unsettled_survival.legal_words import (
    DIRECTIONS, DIRECTION_WORDS, DRAW, RESOURCE_WORDS, action_label, card_label, cube_label, die_choice, focus_choice, node_label, words)


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
