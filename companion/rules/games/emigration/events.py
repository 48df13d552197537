"""The events of Emigration and their payloads; `random` ones get their dice, cards and tokens from the app."""

from __future__ import annotations

from dataclasses import replace

from companion.rules.fields import EventSpec, Field
from companion.rules.games.emigration.outcomes import OUTCOME_KEYS
from companion.rules.shared_events import PLAYER, shared

OWNER = replace(PLAYER, label="Whose Card Layout")
SLOT = Field("integer", minimum=0, maximum=99, label="Place in the Card Layout",
             description="the back row's first card is 0, then row by row towards the front")
CARD = Field("string", max_length=64, label="Card", card=True,
             description="The card: its id, or its name as printed where one card only bears it.")
FELL = Field("integer", minimum=1, maximum=20, required=False, label="The die as it fell",
             description="the app rolls when left empty")
COUNT = Field("integer", minimum=0, maximum=999, required=False,
              description="How many sets to trade; leave it out to trade as many as you can.")
MONEY = Field("integer", minimum=0, maximum=9999)


def _at(description: str, random: bool = True, **extra: Field) -> EventSpec:
    return EventSpec(description, {"player": PLAYER, "owner": OWNER, "slot": SLOT, **extra}, random=random)


EVENTS = {
    "choose_packs": EventSpec(
        "Setup: the Life card packs the table shuffles into the layout deck, before dealing the cards itself.",
        {"packs": Field("array", items=Field("string", max_length=40), max_items=10, label="Life card packs")}),
    "deal_card": EventSpec(
        "Setup: one card as the table dealt it (the page asks for each in turn); left out, the app deals that card.",
        {"what": Field("string", choices=("passport", "ticket", "nationality", "destination", "career", "layout"),
                       label="Which card", labels={"passport": "a Passport", "ticket": "a Ticket",
                                                   "nationality": "a Nationality card",
                                                   "destination": "a Destination card", "career": "a Career card",
                                                   "layout": "a card of a Card Layout"}),
         "player": replace(PLAYER, required=False, label="Whose card"),
         "place": Field("integer", minimum=0, maximum=99, required=False, label="Place",
                        description="the place in the Card Layout, or which Passport or Ticket of the middle"),
         "card": replace(CARD, required=False)},
        random=True),
    "deal": EventSpec(
        "Setup: the app shuffles and deals what the table has not dealt (the Card Layouts, Nationality, Destination "
        "and Career cards, the Passports and Tickets) and rolls for the first player unless the table says who "
        "starts.",
        {"packs": Field("array", required=False, items=Field("string", max_length=40), max_items=10,
                        description="The Life card packs to play with; leave it out for the recommended ones."),
         "first_player": Field("integer", minimum=0, maximum=5, required=False,
                               description="Who starts, if the table rolled for it; otherwise the app rolls.")},
        random=True),
    "turn_up": EventSpec(
        "Revealing Cards: the table turns face up a face-down card that nothing covers any more and says which card "
        "it is; left out, the app draws it.",
        {"owner": OWNER, "slot": SLOT, "card": replace(CARD, required=False)}, random=True),
    "buy": _at("Required Action: BUY an available Document or Connection from a Card Layout."),
    "discard": _at("Required Action: DISCARD an available Document or Connection and take money from the bank."),
    "activate": _at("Required Action: ACTIVATE an available Life card or Payday.",
                    target=Field("integer", minimum=0, maximum=5, required=False,
                                 description="The player the card names (Lamp in Daylight), or whose layout holds "
                                             "the card it discards (Mental Fog, Declutter)."),
                    target_slot=Field("integer", minimum=0, maximum=99, required=False,
                                      description="The place of the card Mental Fog or Declutter discards."),
                    fell=FELL),
    "buy_travel": EventSpec("Required Action: BUY a Passport or Ticket from the middle of the table.",
                            {"player": PLAYER, "card": CARD}),
    "take_by_skipping": EventSpec("Required Action: SKIP YOUR TURN to take a Passport or Ticket from the middle; "
                                  "it reaches your stash on your next turn, which you skip.",
                                  {"player": PLAYER, "card": CARD}),
    "scalp": EventSpec("Required Action: BUY another player's spare Passport or Ticket for its price plus the "
                       "scalping fee, paid to them.",
                       {"player": PLAYER, "seller": Field("integer", minimum=0, maximum=5), "card": CARD}),
    "go_to_college": EventSpec("Required Action: GO TO COLLEGE; the tuition is rolled (enter the die as it fell, or "
                               "let the app roll).", {"player": PLAYER, "fell": FELL}, random=True),
    "graduate": EventSpec("Optional Action: try to GRADUATE FROM COLLEGE (enter the die as it fell, or let the app "
                          "roll).", {"player": PLAYER, "fell": FELL}, random=True),
    "sell": EventSpec("Optional Action: SELL a Document or Connection from your stash.",
                      {"player": PLAYER, "card": CARD}),
    "forfeit": EventSpec("Forfeit the turn when no Required Action is possible.", {"player": PLAYER}),
    "withdraw": EventSpec("Phase 2: trade Connections, Money and Documents for assurance by your Destination card.",
                          {"player": PLAYER, "connection_sets": COUNT, "money_sets": COUNT, "document_sets": COUNT}),
    "cross_border": EventSpec("Phase 2: choose a lane and draw its top Border Control token (enter its value as "
                              "printed, or let the app draw).",
                              {"player": PLAYER, "lane": Field("integer", minimum=1, maximum=99, label="Lane"),
                               "drawn": Field("integer", minimum=0, maximum=99, required=False,
                                              label="The token drawn", description="its printed value")},
                              random=True),
    "set_money": EventSpec("Correction: set a player's money by hand.", {"player": PLAYER, "money": MONEY}),
    "set_assurance": EventSpec("Correction: set a player's assurance by hand.", {"player": PLAYER, "assurance": MONEY}),
    "set_turn": EventSpec("Correction: say whose turn it is.", {"player": PLAYER}),
    "set_card": EventSpec("Correction: the face-up card at a place of a Card Layout, as the table shows it.",
                          {"owner": OWNER, "slot": SLOT, "card": CARD}),
    "set_identity": EventSpec("Correction: a player's Nationality, Destination or Career card, as dealt at the table.",
                              {"player": PLAYER, "nationality": Field("string", required=False, max_length=64),
                               "destination": Field("string", required=False, max_length=64),
                               "career": Field("string", required=False, max_length=64)}),
    "stop": EventSpec("End the game here by agreement: the players who have entered their destination win."),
    **shared("note", "rename_player"),
}
# what the app drew for a random event (dice, revealed cards, a border token) is stored beside its fields
EVENTS = {kind: replace(spec, drawn=OUTCOME_KEYS) if spec.random else spec for kind, spec in EVENTS.items()}
