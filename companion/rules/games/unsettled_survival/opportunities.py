"""Opportunities and Discoveries: INVESTIGATE, the Opportunity action spaces, forfeiting, claiming Discoveries.

INVESTIGATE puts an Investigated token on a node (once per node), reveals an Opportunity from a pile
whose Moment marker is at home and resolves its left column. At most constants.max_active_opportunities
are active. Using an Opportunity's action completes it at the regroup.
"""

from __future__ import annotations

from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.unsettled_survival import board, effects, timeline
from companion.rules.games.unsettled_survival.book import Card
from companion.rules.games.unsettled_survival.state import Game, draw, explorer, note, trait_side, with_explorer, replace


def markers_home(game: Game) -> tuple[str, ...]:
    out = {marker for _, _, marker in game.opportunities}
    return tuple(m for m, left in game.piles if m not in out and left > 0)


def here(game: Game, node: str) -> Card:
    """The active Opportunity on a node; its action space is free unless used this turn."""
    card = next((c for c, n, _ in game.opportunities if n == node), None)
    if card is None:
        raise RuleError("There is no active Opportunity on your node.")
    if card in game.turn.used:
        raise RuleError("This Opportunity's action space already holds a cube this turn.")
    return game.book.card(card)


def investigate(game: Game, player: int, p: dict[str, Any]) -> Game:
    book, node = game.book, explorer(game, player).node
    if node in game.investigated:
        raise RuleError("This node has been investigated already: each node can be investigated only once.")
    if game.investigated_left <= 0:
        raise RuleError("Every Investigated token is on the map: no node can be investigated any more.")
    if len(game.opportunities) >= book["max_active_opportunities"]:
        raise RuleError(f"{book['max_active_opportunities']} Opportunities are active: complete or forfeit one "
                        "before you investigate again.")
    home = markers_home(game)
    marker = p.get("pile") or (home[0] if home else None)
    if marker not in home:
        raise RuleError(f"INVESTIGATE reveals a card from a pile whose Moment marker is at home and that still has "
                        f"cards: {', '.join(home) or 'none is'}.")
    card = p.get("card")
    if card is None:
        game, card = draw(game, game.opportunity_deck)
    elif card not in game.opportunity_deck:
        raise RuleError("That card is not in the Opportunity piles: name the card that was revealed.")
    game = replace(game, investigated=game.investigated + (node,), investigated_left=game.investigated_left - 1,
                   opportunity_deck=tuple(c for c in game.opportunity_deck if c != card),
                   piles=tuple((m, left - 1 if m == marker else left) for m, left in game.piles),
                   opportunities=game.opportunities + ((card, node, marker),))
    opportunity = book.card(card)
    game = note(game, f"{game.explorers[player].name} investigates and reveals {opportunity.name} "
                      f"({marker} marker): {opportunity.get('reveal_effect')}")
    game = reveal_effect(game, player, node, opportunity)
    side = trait_side(game, player, "investigate")
    if side == "white" or (side == "black" and p.get("trait")):
        if side == "black":
            game = effects.lose_endurance(game, player, game.book["trait_bonus"], "Keen Eye (black)")
        game = effects.gain_insight(game, player, game.book["trait_bonus"])
    return game


def reveal_effect(game: Game, player: int, node: str, card: Card) -> Game:
    code, amount, reason = card.get("reveal_code"), card.get("reveal_amount", 0), card.name
    if code == "advance_time":
        return timeline.advance(game, amount, reason)
    if code == "place_data":
        data, materials = board.cubes_on(game, node)
        return board.set_cubes(game, node, data + min(amount, board.supply(game, "data")), materials)
    for _ in range(amount):
        if code == "gain_distress":
            game = effects.gain_distress(game, player, reason)
        elif code == "lose_endurance":
            game = effects.lose_endurance(game, player, 1, reason)
        elif code == "lose_focus":
            game = timeline.ask_focus(game, player, "lose_focus", reason)
        elif code == "trust_down":
            game = timeline.change_trust(game, "down", reason)
    return game


def use(game: Game, player: int, p: dict[str, Any]) -> Game:
    """Resolves the Opportunity's action; the Opportunity completes at the regroup."""
    node = explorer(game, player).node
    card = here(game, node)
    game = replace(game, turn=replace(game.turn, used=game.turn.used + (card.id,)))
    code = card.get("action_code")
    if code != "trust_up_remove_distress" and (p.get("target") is not None or p.get("distress")):
        raise RuleError(f"{card.name} does not remove a Distress card: leave out whose.")
    if p.get("distress") and p.get("target") is None:
        raise RuleError(f"{card.name}: say whose Distress card goes, with the action it covers.")
    amount = game.book.table("opportunity_action_amounts", card.id, 1)
    game = note(game, f"{game.explorers[player].name} takes {card.name}: {card.get('action')}")
    if code in ("gain_discovery", "gain_discovery_data"):
        game = gain_discovery(game, player)
    if code in ("gain_materials", "gain_power_materials"):
        game = board.gain(game, "materials", amount)
    if code in ("gain_data", "gain_discovery_data", "gain_data_insight"):
        game = board.gain(game, "data", amount)
    if code in ("gain_power", "gain_power_materials"):
        game = board.gain(game, "power", amount)
    if code in ("gain_insight", "gain_data_insight"):
        game = effects.gain_insight(game, player, amount)
    if code == "heal_endurance":
        game = effects.heal(game, player, amount)
    if code == "gain_focus_node":
        for other, person in enumerate(game.explorers):
            if person.node == node:
                game = timeline.ask_focus(game, other, "gain_focus", card.name)
    if code == "trust_up_remove_distress":
        target = p.get("target")
        if target is None:
            target = next((o for o, e in enumerate(game.explorers) if e.node == node and e.distress), None)
        elif explorer(game, target).node != node:
            raise RuleError(f"{card.name} removes Distress from an explorer on this node only.")
        elif not game.explorers[target].distress:
            raise RuleError(f"{game.explorers[target].name} has no Distress card to remove.")
        if target is not None and game.explorers[target].distress:
            game = effects.remove_distress(game, target, p.get("distress"))
        game = timeline.change_trust(game, "up", card.name)
    return game


def gain_discovery(game: Game, player: int) -> Game:
    """Claims a Discovery token and draws an Anomaly to put it on."""
    if game.discoveries_left <= 0 or not game.anomaly_deck:
        return note(game, "No Discovery token or Anomaly card is left: the Discovery is lost.")
    game, card = draw(game, game.anomaly_deck)
    person = explorer(game, player)
    game = with_explorer(game, player, anomalies=person.anomalies + (card,))
    game = replace(game, anomaly_deck=tuple(c for c in game.anomaly_deck if c != card),
                   discoveries_left=game.discoveries_left - 1)
    return note(game, f"{person.name} makes a Discovery: {game.book.card(card).name}.")


def forfeit(game: Game, card: str) -> Game:
    entry = next((o for o in game.opportunities if o[0] == card), None)
    if entry is None:
        raise RuleError("That card is not an active Opportunity: only an Opportunity on the map can be forfeited.")
    if card in game.turn.used:
        raise RuleError("An Opportunity with a Focus cube on it cannot be forfeited.")
    if any(e.node == entry[1] for e in game.explorers):
        raise RuleError("An Opportunity with an explorer on its node cannot be forfeited.")
    game = replace(game, opportunities=tuple(o for o in game.opportunities if o[0] != card))
    return note(game, f"{game.book.card(card).name} is forfeited; its {entry[2]} Moment marker goes home.")
