"""The Survival Task and the end of the game: objectives, turning pages, victory, hollow victory, defeat.

Only the open page's objectives can be completed. Objectives that are a state of the table (the crew
holds every Comprehension; a Structure stands far enough out) are checked at each regroup; the others
are actions with a cost (complete_objective). Victory comes the moment every objective is done and
every explorer and LUNA are on the Scarab; defeat the moment every explorer is unconscious.
"""

from __future__ import annotations

from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.unsettled_survival import board
from companion.rules.games.unsettled_survival.book import SCARAB
from companion.rules.games.unsettled_survival.state import Game, explorer, note, replace

RESTORE_POWER, CALIBRATE, RELAY, TRANSMIT = ("st-a-obj-restore-power", "st-a-obj-calibrate", "st-a-obj-relay",
                                             "st-a-obj-transmit")
DESCRIPTIONS = {
    RESTORE_POWER: "An explorer on the Scarab spends {objective_restore_power_cost} Power.",
    CALIBRATE: "The crew holds Comprehension of every discipline.",
    RELAY: "A Structure stands {objective_relay_distance}+ nodes from the Scarab (the relay).",
    TRANSMIT: "LUNA and an explorer on the relay's node spend {objective_transmit_data} Data and "
              "{objective_transmit_materials} Materials.",
}


def describe(game: Game, objective: str) -> str:
    text = DESCRIPTIONS.get(objective, objective)
    return text.format(**{k: game.book[k] for k in ("objective_restore_power_cost", "objective_relay_distance",
                                                     "objective_transmit_data", "objective_transmit_materials")})


def open_objectives(game: Game) -> tuple[str, ...]:
    page = game.book.pages()[game.page - 1]
    return tuple(o for o in page.get("objectives", ()) if o not in game.done)


def relay_site(game: Game) -> str | None:
    far = [n for _, n, status in game.structures if status != "destroyed"
           and board.distance_from_scarab(game, n) >= game.book["objective_relay_distance"]]
    return far[0] if far else None


def condition_met(game: Game, objective: str) -> bool:
    if objective == CALIBRATE:
        return all(any(d in e.comprehension for e in game.explorers) for d in game.book["disciplines"])
    if objective == RELAY:
        return relay_site(game) is not None
    return False


def complete(game: Game, objective: str) -> Game:
    game = replace(game, done=game.done + (objective,), relay=relay_site(game) if objective == RELAY else game.relay)
    return note(game, f"Objective complete: {describe(game, objective)}")


def complete_objective(game: Game, p: dict[str, Any]) -> Game:
    objective = p["objective"]
    if objective in game.done:
        raise RuleError("This objective is complete already.")
    if objective not in open_objectives(game):
        raise RuleError(f"Only the open page's objectives count, and that objective is not on page {game.page}.")
    if objective in (CALIBRATE, RELAY):
        if p.get("player") is not None:
            raise RuleError("This objective is a state of the table, not an explorer's action: leave the explorer out.")
        if not condition_met(game, objective):
            raise RuleError(f"Not yet: {describe(game, objective)}")
        return complete(game, objective)
    # presence counts, conscious or not: unconscious explorers still count for the Survival Task
    people = range(len(game.explorers)) if p.get("player") is None else [p["player"]]
    for player in people:
        explorer(game, player)
    if objective == RESTORE_POWER:
        if not any(game.explorers[q].node == SCARAB for q in people):
            raise RuleError(f"{describe(game, objective)} No such explorer is on the Scarab.")
        game = board.spend(game, "power", game.book["objective_restore_power_cost"], "Restoring the Scarab's power")
    elif objective == TRANSMIT:
        there = game.relay is not None and game.luna == game.relay and \
            any(game.explorers[q].node == game.relay for q in people)
        if not there:
            raise RuleError(f"{describe(game, objective)} They are not both there.")
        game = board.spend(game, "data", game.book["objective_transmit_data"], "Transmitting")
        game = board.spend(game, "materials", game.book["objective_transmit_materials"], "Transmitting")
    else:
        raise RuleError("That is not an objective of this Survival Task.")
    return complete(game, objective)


def check_objectives(game: Game) -> Game:
    for objective in open_objectives(game):
        if condition_met(game, objective):
            game = complete(game, objective)
    return game


def turn_pages(game: Game) -> Game:
    last = len(game.book.pages())
    while game.page < last and not open_objectives(game):
        game = replace(game, page=game.page + 1)
        page = game.book.pages()[game.page - 1]
        game = check_objectives(note(game, f"Turn the Survival Task to page {game.page}: {page.name}."))
    return game


def task_complete(game: Game) -> bool:
    return all(o in game.done for o in game.book.objectives())


def aboard(game: Game) -> tuple[int, ...]:
    return tuple(p for p, e in enumerate(game.explorers) if e.node == SCARAB)


def settle(game: Game) -> Game:
    """Victory at once when the task is complete and everyone (LUNA too) is aboard."""
    if game.outcome == "playing" and task_complete(game) and len(aboard(game)) == len(game.explorers) \
            and game.luna == SCARAB:
        return note(replace(game, outcome="victory", pending=()),
                    "Every objective is complete and the whole crew and LUNA are aboard: "
                    "the Scarab lifts off. Victory!")
    return game


def lift_off(game: Game, p: dict[str, Any]) -> Game:
    """The crew lifts off with whoever is aboard: a hollow victory if anyone (or LUNA) stays behind."""
    if not task_complete(game):
        missing = [describe(game, o) for o in game.book.objectives() if o not in game.done]
        raise RuleError("The Scarab lifts off only once the Survival Task is complete; still to do: "
                        + " ".join(missing))
    if not aboard(game):
        raise RuleError("At least one explorer must be on the Scarab to lift off.")
    if game.turn.rest is not None or game.turn.placed or game.turn.moving != "no" or game.turn.breakthroughs:
        raise RuleError("The crew lifts off at the end of a turn: finish this turn first.")
    settled = settle(game)
    if settled.outcome == "victory":
        return settled
    left = [e.name for e in game.explorers if e.node != SCARAB] + ([] if game.luna == SCARAB else ["LUNA"])
    return note(replace(game, outcome="hollow_victory", pending=()),
                f"The Scarab lifts off without {', '.join(left)}: a hollow victory.")


def give_up(game: Game, p: dict[str, Any]) -> Game:
    """The crew stops here: the game ends as a loss (Wenora wins)."""
    return note(replace(game, outcome="given_up", pending=()), "The crew gives up: Wenora has won.")
