"""The events of Unfair: CHKO and the options of a new game, as payload schemas."""

from __future__ import annotations

from companion.rules.fields import EventSpec, Field
from companion.rules.shared_events import PLAYER, shared

PACK = Field("string", max_length=40, description="A theme pack's name, e.g. Ocean, Kaiju, Pirate.")
PACKS = Field("array", items=PACK, max_items=12, description="Theme pack names.")
CHANGERS = Field("array", items=Field("string", max_length=40), max_items=10,
                 description="Game Changer names, e.g. First Date, Tournament, Leisure Suits, Hard Pass, Solo Mode.")
SPACE = Field("integer", minimum=1, maximum=12, description="A Market space, numbered from 1.")
SPACES = Field("array", items=SPACE, required=False, default=[], max_items=12, description="Market spaces.")
COUNT = Field("integer", minimum=1, maximum=100, required=False, default=1, description="How many.")
AMOUNT = Field("integer", minimum=0, maximum=9999, description="A number of coins or tokens.")
ICONS = Field("array", items=Field("integer", minimum=0, maximum=99), max_items=20, required=False)
POINTS = Field("array", items=Field("integer", minimum=-999, maximum=999), max_items=20, required=False,
               description="Points of each revealed blueprint (negative for a failed one).")

OPTIONS = EventSpec("Options of a new game of Unfair: CHKO.", {
    "packs": Field("array", items=PACK, max_items=12, required=False, default=[], label="Theme packs",
                   description="One per player; leave them all unticked to choose or draw them at the table."),
    "game_changers": Field("array", items=CHANGERS.items, max_items=10, required=False, default=[],
                           label="Game Changers"),
    "new_players": Field("boolean", required=False, default=False, label="New players",
                         description="someone at the table is new: First Date and the recommended packs"),
    "everyone_knows_the_game": Field("boolean", required=False, default=False, label="Everyone knows the game",
                                     description="needed to play with five"),
    "solo": Field("boolean", required=False, default=False, label="Solo",
                  description="play alone against Quinn, the automated opponent (the Solo Mode Game Changer)"),
    "quinn_level": Field("integer", minimum=1, maximum=9, required=False, label="Quinn's level",
                         description="in a solo game; the easiest when left empty"),
})


def options_for(game) -> EventSpec:
    """The options with the packs, Game Changers and Quinn's levels of this game's data offered by name."""
    from dataclasses import replace

    from companion.rules.games.unfair_chko.consts import load

    c = load(game)
    fields = dict(OPTIONS.fields)
    fields["packs"] = replace(fields["packs"], items=replace(PACK, choices=tuple(c.known_packs)))
    changers = fields["game_changers"].items
    assert changers is not None  # OPTIONS gives game_changers its items
    fields["game_changers"] = replace(fields["game_changers"], items=replace(
        changers, choices=tuple(name for name, _ in c.game_changers)))
    if c.quinn is not None:
        fields["quinn_level"] = replace(fields["quinn_level"], labels={
            lv.number: f"{lv.number}: {lv.name}" for lv in c.quinn.levels})
    return replace(OPTIONS, fields=fields)


EVENTS = {
    # setup
    "choose_packs": EventSpec("Choose the theme packs, one per player.", {"packs": PACKS}),
    "use_recommended_packs": EventSpec("Use the packs recommended for new players at this player count."),
    "draw_packs": EventSpec(
        "Draw theme packs with the randomiser tokens: one token per pack in the bag, an extra one for each "
        "favourite, and for rarely wanted packs one token while the others get two. The app draws.",
        {"packs": PACKS,
         "favourites": Field("array", items=PACK, max_items=12, required=False, default=[]),
         "rarely": Field("array", items=PACK, max_items=12, required=False, default=[]),
         "count": Field("integer", minimum=1, maximum=12, required=False,
                        description="How many packs to draw (one per player unless given).")},
        random=True, drawn=("drawn",)),
    "choose_game_changers": EventSpec("Choose the Game Changers for this game.", {"game_changers": CHANGERS}),
    "confirm_everyone_knows": EventSpec("The table confirms (or not) that every player knows the game.",
                                        {"confirmed": Field("boolean")}),
    "start_game": EventSpec(
        "End setup: the app builds the City deck (with the Kaiju pack) and, unless named, picks the starting player.",
        {"starting_player": Field("integer", minimum=0, maximum=PLAYER.maximum, required=False,
                                  label="Starting player", seat=True),
         "starting_coins": Field("integer", minimum=0, maximum=999, required=False)}, random=True,
        hidden=("city_deck",), drawn=("city_deck",)),  # the shuffled City deck: revealed card by card, never public
    # rounds
    "advance": EventSpec("Go on to the next section or step of the round (after the Cleanup step: the next round)."),
    "end_turn": EventSpec("In the Play section, the player whose turn it is played an event, passed or hard passed.",
                          {"player": PLAYER, "action": Field("string", choices=("event", "pass", "hard_pass"))}),
    "cleanup": EventSpec("Do the next step of the Cleanup sequence (or the one named, which must be next).",
                         {"step": Field("integer", minimum=1, maximum=20, required=False)}),
    "set_round": EventSpec("Correction: put the round tracker on a round and step by hand.",
                           {"round": Field("integer", minimum=1, maximum=20, label="Round"),
                            "stage": Field("integer", minimum=0, maximum=20, required=False, default=0, label="Step",
                                           choices=(0, 1, 2, 3, 4, 5),
                                           labels={0: "Events: Draw", 1: "Events: City", 2: "Events: Play",
                                                   3: "Park", 4: "Guests", 5: "Cleanup"})}),
    "set_starting_player": EventSpec("Correction: give the Starting Player marker to a player.", {"player": PLAYER}),
    "gain_coins": EventSpec("A player gains coins (income, cards).", {"player": PLAYER, "coins": AMOUNT}),
    "pay_coins": EventSpec("A player pays coins.", {"player": PLAYER, "coins": AMOUNT}),
    "set_coins": EventSpec("Correction: set a player's coins by hand.", {"player": PLAYER, "coins": AMOUNT}),
    "take_loan": EventSpec("A player flips their Loan card and gains its coins.", {"player": PLAYER}),
    "repay_loan": EventSpec("A player repays a loan.", {"player": PLAYER}),
    "roll_dice": EventSpec("Two dice for a card (e.g. Hit and Miss): enter how they fell, or let the app roll.",
                           {"fell": Field("array", items=Field("integer", minimum=1, maximum=6), max_items=2,
                                          required=False, label="How the dice fell")},
                           random=True, drawn=("dice", "entered")),
    # City and kaiju
    "reveal_city": EventSpec(
        "Reveal this round's City card: the top of the app's City deck; when the table keeps the deck, the card it "
        "turned over (or one the app draws from the cards left).",
        {"card": Field("string", max_length=80, required=False, label="The City card turned over")},
        random=True, drawn=("shown",)),  # shown: the cards the app turned over from its own deck, for the history
    "kaiju_roll": EventSpec(
        "Each kaiju in the Market rolls two dice, in Market order: enter how they fell, or let the app roll.",
        {"one_die": SPACES, "cannot_attack": SPACES,
         "fell": Field("array", items=Field("integer", minimum=1, maximum=6), max_items=24, required=False,
                       label="How the dice fell", description="Two dice for each kaiju, in Market order.")},
        random=True, drawn=("dice", "entered")),
    "hit_kaiju": EventSpec(
        "A player reduces a kaiju's health and gains one silver medal per point.",
        {"player": PLAYER, "space": SPACE,
         "damage": Field("integer", minimum=1, maximum=6, required=False,
                         description="Only with Mecha-Rarrgon: how much health it takes (otherwise 1)."),
         "source": Field("string", max_length=80, required=False,
                         description="The card used, by its printed name; only Mecha-Rarrgon hits for more than 1."),
         "coins_paid": Field("integer", minimum=0, maximum=99, required=False,
                             description="Coins the card costs to use (e.g. Military Air Strike).")}),
    "kaiju_enters": EventSpec("Correction: a kaiju enters the Market by hand.",
                              {"kaiju": Field("string", max_length=40), "space": Field(
                                  "integer", minimum=1, maximum=12, required=False)}),
    "set_kaiju_health": EventSpec("Correction: set a kaiju's health by hand (0 sends it to the City discard).",
                                  {"space": SPACE, "health": Field("integer", minimum=0, maximum=6)}),
    # medals
    "award_medals": EventSpec("The City awards a player silver medals from its supply.",
                              {"player": PLAYER, "silver": COUNT}),
    "exchange_medals": EventSpec("Exchange 5 silver medals for a gold one, or a gold one for 5 silver.",
                                 {"player": PLAYER, "to": Field("string", choices=("gold", "silver")),
                                  "count": COUNT}),
    "sell_medals": EventSpec("Sell silver medals for coins (no action).",
                             {"player": PLAYER, "medal": Field("string", choices=("silver", "gold"), required=False),
                              "count": COUNT,
                              "coins_each": Field("integer", minimum=0, maximum=99, required=False,
                                                  description="When a card changes the price (Souvenir Medal Mint).")}),
    "set_medals": EventSpec("Correction: set a player's medals by hand; the City's supply makes up the difference.",
                            {"player": PLAYER, "silver": AMOUNT, "gold": AMOUNT}),
    # the final scoring, after the last round (or after the table stops early): one entry at a time
    "add_attraction": EventSpec("Score one attraction of a player's park by its icon size.",
                                {"player": PLAYER, "icons": Field("integer", minimum=1, maximum=99, label="Icon size",
                                                                  description="its printed icons, and one more for "
                                                                  "each card buried under it")}),
    "add_blueprint": EventSpec("Score one revealed blueprint of a player's park (negative for a failed one).",
                               {"player": PLAYER, "points": Field("integer", minimum=-999, maximum=999,
                                                                  label="Points")}),
    "add_panorama": EventSpec("Score one panorama of a player's park by the cards assembled.",
                              {"player": PLAYER, "cards": Field("integer", minimum=1, maximum=20, label="Cards"),
                               "complete": Field("boolean", label="Complete")}),
    "add_park_points": EventSpec("Add a player's staff points, or other points the cards give, to the score sheet.",
                                 {"player": PLAYER, "points_for": Field("string", choices=("staff", "other"), label="Points for"),
                                  "points": Field("integer", minimum=-999, maximum=999, label="Points")}),
    # scoring
    "score_sheet": EventSpec(
        "Enter what a player's park shows for scoring; fields left out keep what was entered before.",
        {"player": PLAYER,
         "attraction_icons": ICONS,
         "buried": ICONS,
         "blueprint_points": POINTS,
         "staff_points": Field("integer", minimum=-999, maximum=999, required=False),
         "coins": Field("integer", minimum=0, maximum=9999, required=False),
         "unpaid_loans": Field("integer", minimum=0, maximum=9, required=False),
         "panorama_sizes": ICONS,
         "panorama_complete": Field("array", items=Field("boolean"), max_items=20, required=False),
         "other_points": Field("integer", minimum=-999, maximum=999, required=False)}),
    "end_game": EventSpec("End the game: after the last round, once every park is scored; or stop early by "
                          "agreement and score the parks as they stand."),
    **shared("note"),
}
