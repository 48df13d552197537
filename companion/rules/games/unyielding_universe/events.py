"""The events of Unyielding Universe: each move the rules allow, the end of a round, hand corrections."""

from __future__ import annotations

from companion.rules.fields import EventSpec, Field
from companion.rules.games.unyielding_universe.scoring import SHEET
from companion.rules.shared_events import PLAYER, shared

CARD = Field("string", max_length=40, label="Card", card=True,
             description="The card: its id, or its name as printed where one card only bears it.")
SOURCE = Field("string", required=False, default="draw_pile", choices=("draw_pile", "discard"), label="Drawn from",
               labels={"draw_pile": "the draw pile", "discard": "the top of the discard pile"})
DRAWN = {"player": PLAYER, "card": CARD, "source": SOURCE}

EVENTS = {
    "deal": EventSpec("Cards dealt to a player at setup, one at a time; Year cards go into the lifeline in the "
                      "order received, a Life Complete or Universe card or a year the lifeline already has goes back "
                      "into the draw pile. Left out, the app deals them for the table.",
                      {"player": PLAYER, "cards": Field("array", items=CARD, max_items=120, required=False, default=None,
                                                        label="The cards dealt, in the order received")},
                      random=True, drawn=("by_app", "returned")),
    "choose_first_player": EventSpec("Pick the round's starting player (before the first turn).",
                                     {"player": PLAYER}),
    "place_at_end": EventSpec("Turn: the drawn Year card goes at the end of the player's lifeline.", DRAWN),
    "replace_card": EventSpec("Turn: the drawn Year card replaces a Year card of the player's lifeline; the "
                              "replaced card goes to the discard pile.", {**DRAWN, "replaced": CARD}),
    "discard_drawn": EventSpec("Turn: the drawn Year card goes to the discard pile.", DRAWN),
    "play_life_complete": EventSpec("Turn: a drawn Life Complete card is played at once to the player's own "
                                    "lifeline (it removes the balanced cards older than its age and caps the "
                                    "lifeline; one already there is replaced only by a younger one).", DRAWN),
    "play_universe": EventSpec("Turn: a drawn Universe card is played at once beside the draw pile (a starred "
                               "one happens once; any other replaces the active one).", DRAWN),
    "end_round": EventSpec("The player, with enough balanced Year cards and a Life Complete card, ends the round; "
                           "it is scored.", {"player": PLAYER}),
    "claim_life_well_lived": EventSpec("On the player's following turn: \"A Life Well Lived!\" The round ends and is "
                                       "scored, with the Life Well Lived card for the player.", {"player": PLAYER}),
    "draw_pile_ran_out": EventSpec("The draw pile ran out: the round ends and everyone scores their balanced cards."),
    "correct_card": EventSpec("Correction: put a card where the table has it, without any rule effect.", {
        "card": CARD,
        "to": Field("string", choices=("lifeline", "discard", "draw_pile", "universe"), label="Where it is now",
                    labels={"lifeline": "in a lifeline", "discard": "on the discard pile",
                            "draw_pile": "back in the draw pile", "universe": "the active Universe card"}),
        "player": Field("integer", required=False, minimum=0, maximum=PLAYER.maximum, label="Whose lifeline",
                        seat=True),
        "position": Field("integer", required=False, minimum=1, maximum=200, label="Its place in the lifeline",
                          description="1 is just after Life Begins; the end when left empty."),
    }),
    "set_turn": EventSpec("Correction: it is this player's turn now.", {"player": PLAYER}),
    **shared("add_points", "set_points", "rename_player", "note", "roll", "finish", categories=SHEET,
             described={"add_points": "Correction: add points to a player's category.",
                        "set_points": "Correction: set a player's total in a category.",
                        "finish": "End the game now, by agreement: the highest totals win."}),
}
