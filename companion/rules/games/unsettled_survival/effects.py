"""What happens to an explorer: Endurance lost and regained, Insight gained, Distress taken.

Each function takes the game and returns the game after the effect, following every rule the effect
sets off: the 5th Insight pushes the pursuit cube off the track (Comprehension and a Breakthrough), a
Distress that cannot be placed costs every explorer Endurance, and the last explorer to fall
unconscious loses the game at once. Focus is turned in timeline.py: a cube at 0 that must turn down
advances Time, and Time's Triggers turn Focus again, so the two live in one module.
"""

from __future__ import annotations


from companion.rules.contract import RuleError
from companion.rules.games.unsettled_survival.state import (
    replace,
    Game, Pending, bottom, conscious, draw, explorer, note, with_explorer)


def lose_endurance(game: Game, player: int, amount: int, reason: str) -> Game:
    if amount <= 0 or game.outcome != "playing":
        return game
    if player in game.turn.shields:  # a Spore Filter prevents the next loss this turn
        shields = list(game.turn.shields)
        shields.remove(player)
        game = note(replace(game, turn=replace(game.turn, shields=tuple(shields))),
                    f"{game.explorers[player].name}'s next Endurance loss is prevented.")
        amount -= 1
    was = conscious(game, player)
    value = max(bottom(game), explorer(game, player).endurance - amount)
    game = with_explorer(game, player, endurance=value)
    if was and not conscious(game, player):
        game = note(game, f"{game.explorers[player].name} falls unconscious ({reason}).")
        if not any(conscious(game, p) for p in range(len(game.explorers))):
            game = note(replace(game, outcome="defeat", pending=()), "Every explorer is unconscious: Wenora has won.")
    return game


def lose_endurance_all(game: Game, amount: int, reason: str) -> Game:
    for player in range(len(game.explorers)):
        game = lose_endurance(game, player, amount, reason)
    return game


def heal(game: Game, player: int, amount: int) -> Game:
    was = conscious(game, player)
    value = min(game.book["endurance_start"], explorer(game, player).endurance + amount)
    game = with_explorer(game, player, endurance=value)
    if not was and conscious(game, player):
        game = note(game, f"{game.explorers[player].name} wakes up.")
    return game


def gain_insight(game: Game, player: int, amount: int) -> Game:
    """Moves the pursuit cube up; off the top: 1 Comprehension, Breakthrough draw(s), back to the bottom."""
    book = game.book
    for _ in range(amount):
        person = explorer(game, player)
        if person.insight < book["insight_track_length"]:
            game = with_explorer(game, player, insight=person.insight + 1)
            continue
        discipline = person.pursuit
        assert discipline is not None  # an explorer's pursuit cube is on a discipline from setup on
        game = with_explorer(game, player, insight=1)
        if comprehension_left(game, discipline) > 0:
            game = with_explorer(game, player, comprehension=person.comprehension + (discipline,))
        drawn = []
        for _ in range(book["breakthroughs_drawn_per_comprehension"]):
            pool = tuple(c for c in game.breakthrough_deck if book.card(c).get("discipline") == discipline)
            if pool:
                game, card = draw(game, pool)
                game = replace(game, breakthrough_deck=tuple(c for c in game.breakthrough_deck if c != card))
                game = with_explorer(game, player, breakthroughs=game.explorers[player].breakthroughs + (card,))
                drawn.append(book.card(card).name)
        game = note(game, f"{person.name} reaches a {discipline} breakthrough: Comprehension and "
                          f"{', '.join(drawn) or 'no card (the pile is empty)'}.")
    return game


def comprehension_left(game: Game, discipline: str) -> int:
    held = sum(e.comprehension.count(discipline) for e in game.explorers)
    return game.book["comprehension_per_discipline"] - held


def open_actions(game: Game, player: int) -> tuple[str, ...]:
    """Dashboard actions that can take a Distress card: every action but REST without one already."""
    taken = {action for action, _ in explorer(game, player).distress}
    rest_ok = game.book["distress_blocks_rest"]
    return tuple(a for a in game.book.dashboard() if (a != "rest" or rest_ok) and a not in taken)


def gain_distress(game: Game, player: int, reason: str, action: str | None = None) -> Game:
    """Takes the top Distress card onto an action; when impossible, every explorer loses Endurance."""
    spaces = open_actions(game, player)
    if not spaces or game.distress_left <= 0:
        why = "the Distress pile is empty" if spaces else f"{game.explorers[player].name}'s dashboard is full"
        game = note(game, f"{game.explorers[player].name} cannot gain Distress ({why}): "
                          "every explorer loses Endurance.")
        return lose_endurance_all(game, game.book["distress_unavailable_endurance_loss"], "no Distress to take")
    if action is None and len(spaces) > 1:
        return replace(game, pending=game.pending + (Pending("place_distress", player, reason=reason),))
    return place_distress(game, player, action or spaces[0])


def place_distress(game: Game, player: int, action: str) -> Game:
    if action == "rest" and not game.book["distress_blocks_rest"]:
        raise RuleError("Distress is never placed on REST: choose another action of the dashboard.")
    if action not in open_actions(game, player):
        raise RuleError(f"Distress goes on an action without Distress: {action.upper()} cannot take it.")
    in_play = {card for e in game.explorers for _, card in e.distress}
    card = next(c.id for c in game.book.deck("distress") if c.id not in in_play)
    person = explorer(game, player)
    game = with_explorer(game, player, distress=person.distress + ((action, card),))
    game = replace(game, distress_left=game.distress_left - 1)
    return note(game, f"{person.name} gains Distress ({game.book.card(card).name}) on {action.upper()}.")


def remove_distress(game: Game, player: int, action: str | None) -> Game:
    """Takes a Distress card off an action (the first one when no action is named); it goes back under the pile."""
    person = explorer(game, player)
    if not person.distress:
        raise RuleError(f"{person.name} has no Distress to remove.")
    action = action or person.distress[0][0]
    if action not in {a for a, _ in person.distress}:
        raise RuleError(f"{person.name} has no Distress on {action.upper()}.")
    game = with_explorer(game, player, distress=tuple(d for d in person.distress if d[0] != action))
    return replace(game, distress_left=game.distress_left + 1)
