"""Free actions between explorers and on one's own dashboard: exchange, moving Distress, the pursuit, the Trait.

Exchanges happen between explorers on the same node; an unconscious explorer can be exchanged with
(but two unconscious explorers cannot exchange). Moving a Distress card is allowed at any time, even
on another player's turn.
"""

from __future__ import annotations

from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.unsettled_survival.effects import open_actions
from companion.rules.games.unsettled_survival.state import Game, conscious, explorer, note, with_explorer


def exchange(game: Game, p: dict[str, Any]) -> Game:
    giver, receiver, item = p["player"], p["receiver"], p["item"]
    a, b = explorer(game, giver), explorer(game, receiver)
    if giver == receiver:
        raise RuleError("An exchange is between two explorers.")
    if a.node != b.node:
        raise RuleError(f"Exchanges happen between explorers on the same node; {a.name} and {b.name} are apart.")
    if not (conscious(game, giver) or conscious(game, receiver)):
        raise RuleError("Two unconscious explorers cannot exchange anything.")
    if item.startswith("comprehension:"):
        discipline = item.partition(":")[2]
        if discipline not in a.comprehension:
            raise RuleError(f"{a.name} holds no {discipline} Comprehension.")
        held = list(a.comprehension)
        held.remove(discipline)
        game = with_explorer(game, giver, comprehension=tuple(held))
        game = with_explorer(game, receiver, comprehension=b.comprehension + (discipline,))
        what = f"{discipline} Comprehension"
    elif item in a.breakthroughs:
        game = with_explorer(game, giver, breakthroughs=tuple(c for c in a.breakthroughs if c != item))
        game = with_explorer(game, receiver, breakthroughs=b.breakthroughs + (item,))
        what = game.book.card(item).name
    elif item in a.anomalies:
        game = with_explorer(game, giver, anomalies=tuple(c for c in a.anomalies if c != item))
        game = with_explorer(game, receiver, anomalies=b.anomalies + (item,))
        what = game.book.card(item).name
    else:
        raise RuleError(f"{a.name} does not hold that: give one of their Breakthrough or Anomaly cards, or a "
                        "Comprehension token.")
    return note(game, f"{a.name} gives {what} to {b.name}.")


def move_distress(game: Game, p: dict[str, Any]) -> Game:
    player, source, target = p["player"], p["from_action"], p["to_action"]
    person = explorer(game, player)
    card = next((c for a, c in person.distress if a == source), None)
    if card is None:
        raise RuleError(f"{person.name} has no Distress on {source.upper()}.")
    if target not in open_actions(game, player):
        raise RuleError(f"A Distress card moves to an action other than REST that has no Distress; "
                        f"{target.upper()} cannot take it.")
    distress = tuple((target if a == source else a, c) for a, c in person.distress)
    return with_explorer(game, player, distress=distress)


def pursue(game: Game, p: dict[str, Any]) -> Game:
    player, discipline = p["player"], p["discipline"]
    person = explorer(game, player)
    if discipline not in game.book["disciplines"]:
        raise RuleError(f"That is not a discipline: {', '.join(d.capitalize() for d in game.book['disciplines'])}.")
    if game.started and discipline == person.pursuit:
        raise RuleError(f"{person.name} already pursues {discipline}: abandoning points a different discipline up.")
    game = with_explorer(game, player, pursuit=discipline, insight=1)
    if game.started and person.insight > 1:
        game = note(game, f"{person.name} abandons {person.pursuit} for {discipline}: the progress is lost.")
    return game


def choose_trait(game: Game, p: dict[str, Any]) -> Game:
    player, trait = p["player"], p["trait"]
    person = explorer(game, player)
    if game.started:
        raise RuleError("Trait tiles are chosen at setup (step 7), before the first turn.")
    if trait not in {c.id for c in game.book.deck("trait")}:
        raise RuleError("That is not a Trait tile: choose one by its printed name.")
    holder = next((e.name for i, e in enumerate(game.explorers) if e.trait == trait and i != player), None)
    if holder:
        raise RuleError(f"{holder} kept {game.book.card(trait).name} already: each Trait tile exists once.")
    return note(with_explorer(game, player, trait=trait),
                f"{person.name} keeps {game.book.card(trait).name}, white side up.")
