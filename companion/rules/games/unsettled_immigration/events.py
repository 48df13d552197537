"""The events of Unsettled and their payloads: setup, the turn player's moves, table chores, corrections.

Cards are named by their Op deck ids (op-job, op-layoff, op-lawyer...), stacks by their number on
the board as the game's state lists them (0 first), players by their seat (0 first).
"""

from __future__ import annotations

from typing import Any

from companion.rules.fields import EventSpec, Field
from companion.rules.shared_events import PLAYER, shared

CARD = Field("string", max_length=40, label="Card", card=True,
             description="The Op card: its id, or its name as printed where one card only bears it.")
STACK = Field("integer", required=False, minimum=0, maximum=40, label="Stack",
              description="The stack on the player's board, in the order the page lists them (the first is 0).")


def _opt(field: Field, description: str) -> Field:
    return Field(field.type, required=False, minimum=field.minimum, maximum=field.maximum,
                 max_length=field.max_length, description=description)


PAYMENT = {kind: Field("integer", required=False, default=0, minimum=0, maximum=60,
                       description=f"{kind.title()} cards paid.")
           for kind in ("time", "cash", "influence", "document")}
ANSWER = {
    "defense": _opt(CARD, "The target's answer: op-lawyer (no effect) or op-bureaucratic-blitz (redirect)."),
    "redirect_to": _opt(PLAYER, "Bureaucratic Blitz: the player the card hits instead."),
    "redirect_stack": _opt(STACK, "Bureaucratic Blitz: the new target's stack, for an Attack on a stack."),
}
AIMED = {"target": _opt(PLAYER, "The opponent the card is played on."),
         "stack": _opt(STACK, "The target's stack, for an Attack on a stack.")}

# The turn player's moves: the app records whose turn it was ("by") when it appends one, for the history.
# With it, the stacks the move names as the history says them ("stack_type", "redirect_type") and the Attack paid
# off ("attack"): the app records them, nobody sends them.
BY: dict[str, Any] = {"random": True, "drawn": ("by", "stack_type", "redirect_type", "attack")}

EVENTS = {
    # setup
    "mulligan": EventSpec("Setup: a player discards their whole starting hand and draws a new one (once).",
                          {"player": PLAYER}),
    "place_starting_milestone": EventSpec(
        "Setup: a player places a Milestone from their starting hand on their board for free (no Document icon).",
        {"player": PLAYER, "card": CARD}),
    "start_game": EventSpec(
        "End setup: the player with the lowest-cost starting Milestone goes first and draws for their turn.",
        {"first_player": _opt(PLAYER, "Only on a tie: the tied player who has spent the least time in "
                                      "the country you are playing in.")}),
    # the turn player's moves
    "buy_milestone": EventSpec(
        "Action: the turn player pays for a Milestone and places it on their board; an opponent may answer "
        "with Processing Delay, which the buyer may stop with a Lawyer.",
        {"card": CARD, **PAYMENT,
         "processing_delay_by": _opt(PLAYER, "The opponent who plays Processing Delay on this purchase."),
         "defense": _opt(CARD, "The buyer's answer to a Processing Delay: op-lawyer.")}, **BY),
    "play_attack": EventSpec("Action: the turn player plays an Attack card on an opponent.",
                             {"card": CARD, **AIMED, **ANSWER}, **BY),
    "play_action": EventSpec(
        "Action: the turn player plays an Action card (Boost, Amnesty, attack Action or Event).",
        {"card": CARD, **AIMED, **ANSWER,
         "discard": _opt(CARD, "NSA: the kind of card discarded from the target's hand: op (an Op card), "
                               "time, cash, influence or document."),
         "lawyers": Field("array", required=False, items=PLAYER, max_items=12,
                          description="Event: the players who answer it with a Lawyer."),
         "blitz_by": _opt(PLAYER, "Event: the player who answers it with the Bureaucratic Blitz."),
         "stacks": Field("array", required=False, items=Field("integer", minimum=-1, maximum=40), max_items=12,
                         description="No longer used: each player hit by Natural Disaster discards a stack "
                                     "with discard_stack.")}, **BY),
    "pay_off_attack": EventSpec(
        "Action: the turn player pays an Attack's cost and discards it; the stack splays out again.",
        {"stack": _opt(STACK, "The covered stack (counting from 0)."),
         "deport": Field("boolean", required=False, default=False, description="Pay off the Deport instead."),
         **PAYMENT}, **BY),
    "use_ability": EventSpec(
        "Free: the turn player uses a Milestone's ability (Visa, Family, Community Volunteer), once per turn.",
        {"card": CARD, "discard": _opt(CARD, "Visa: the Op card discarded, if you want it on record.")}, **BY),
    "end_turn": EventSpec("The turn passes clockwise; the next player draws and takes their action.", **BY),
    "discard_stack": EventSpec("Natural Disaster: a player it hit discards 1 Milestone stack of their choice.",
                               {"player": PLAYER, "stack": STACK}, **BY),
    "end_game": EventSpec("The table stops the game by agreement: the VP on the boards as they stand decide."),
    # the table
    "reshuffle_op_discard": EventSpec("The Op discard pile is shuffled into the Op draw pile."),
    **shared("note"),
    # manual corrections
    "set_hand": EventSpec("Correction: set how many Op and Resource cards a player holds.",
                          {"player": PLAYER, "ops": Field("integer", required=False, minimum=0, maximum=99),
                           "resources": Field("integer", required=False, minimum=0, maximum=99)}),
    "place_milestone": EventSpec("Correction: put a Milestone on a player's board, paying nothing.",
                                 {"player": PLAYER, "card": CARD}),
    "remove_milestone": EventSpec("Correction: take a Milestone off a player's stack into the discard pile.",
                                  {"player": PLAYER, "stack": STACK, "card": CARD}),
    "remove_attack": EventSpec("Correction: discard an Attack covering a stack (or the Deport), paying nothing.",
                               {"player": PLAYER, "stack": STACK,
                                "deport": Field("boolean", required=False, default=False)}),
    "set_actions": EventSpec("Correction: set the actions left in this turn.",
                             {"actions": Field("integer", minimum=0, maximum=20)}),
}
