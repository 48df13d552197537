"""The events of Unsettled and their payloads. Names of cards, cubes and actions are checked by the rules
against the game's data (so the schema holds no game data of its own); `random` events may draw cards
or roll dice, and the app gives each a seed when it is appended.
"""

from __future__ import annotations

from companion.rules.fields import EventSpec, Field


def text(description: str, required: bool = False) -> Field:
    return Field("string", required=required, max_length=64, description=description)


def number(description: str, minimum: int = 0, maximum: int = 99, required: bool = False,
           default: int | None = None) -> Field:
    return Field("integer", required=required, minimum=minimum, maximum=maximum, default=default,
                 description=description)


PLAYER = number("The explorer, numbered from 0 in player order.", maximum=11, required=True)
TARGET = number("Another explorer the effect applies to, numbered from 0.", maximum=11)
CUBE = text("A Focus cube: awareness, wonder or energy.")
DIRECTION = Field("string", required=False, choices=("n", "e", "s", "w"), description="Orthogonal direction.")
RESOURCE = Field("string", required=False, choices=("data", "materials"), description="Data or Materials.")
ROLL = number("The Discovery die as rolled at the table (1-8); the app rolls when it is left out.", 1, 99)
FOCUS = Field("array", required=False, items=Field("string", max_length=24), max_items=12,
              description="The Focus distribution: one 'explorer:cube' item per step, e.g. ['0:wonder', '1:energy'].")
LIST = Field("array", required=False, items=Field("string", max_length=24), max_items=6, description="")

EVENTS = {
    # ---- the turn ----------------------------------------------------------------------------------
    "take_action": EventSpec("Set Focus: place one of your cubes on REST, a dashboard action or the Opportunity on "
                             "your node, and resolve it.", {
        "cube": text("The Focus cube placed.", required=True),
        "action": text("rest, traverse, investigate, analyze, unearth, charge, research, build, destroy, support, "
                       "or opportunity.", required=True),
        "structure": text("BUILD: research_hut, laboratory or workshop."),
        "target": TARGET, "distress": text("SUPPORT / Shared Meal: the action whose Distress is removed."),
        "pile": text("INVESTIGATE: the Moment marker (pink or blue) of the pile to draw from."),
        "card": text("INVESTIGATE: the Opportunity card drawn at the table (the app draws when left out)."),
        "trait": Field("boolean", required=False, default=False, description="Use your Trait's optional effect."),
    }, random=True),
    "move": EventSpec("Move your explorer one node; moving into an empty space reveals a node.", {
        "direction": Field("string", choices=("n", "e", "s", "w"), description="Orthogonal direction."),
        "card": text("The Environment card drawn at the table when revealing (the app draws when left out)."),
    }, random=True),
    "program_luna": EventSpec("Program LUNA: move her one node and/or scan her node.", {
        "direction": DIRECTION, "scan": RESOURCE, "roll": ROLL,
        "carry": number("Carrier Frame: the explorer LUNA carries.", maximum=11)}, random=True),
    "luna_function": EventSpec("Use LUNA's Primary Function (Seismic Sounding).", {
        "resource": Field("string", choices=("data", "materials"), description="The resource scanned for.")},
        random=True),
    "end_turn": EventSpec("End the turn: retrieve the Focus cubes, regroup, and pass to the next explorer.", {
        "stuck": Field("boolean", required=False, default=False,
                       description="No action space is left for your remaining cubes.")}),
    "resolve": EventSpec("Make the choice the rules wait for (the first pending choice).", {
        "cube": CUBE, "action": text("Where the Distress card goes."), "focus": FOCUS}),
    # ---- free actions -----------------------------------------------------------------------------
    "use_breakthrough": EventSpec("Use a Breakthrough card (a free action, once per player turn).", {
        "player": PLAYER, "card": text("The Breakthrough card id.", required=True), "target": TARGET, "cube": CUBE,
        "distress": text("The action whose Distress is removed."), "space": text("x,y of the space to reveal."),
        "reveal": text("The Environment card drawn at the table."), "structure": text("Relay Mast: the Structure."),
        "direction": DIRECTION}, random=True),
    "use_structure": EventSpec("Use an active Structure's ability, from anywhere.", {
        "player": PLAYER, "structure": text("research_hut, laboratory or workshop.", required=True),
        "target": TARGET, "cube": CUBE, "direction": DIRECTION}, random=True),
    "consume_discovery": EventSpec("Consume a Discovery: resolve its Anomaly's discard effect.", {
        "player": PLAYER, "card": text("The Anomaly card id.", required=True), "path": LIST, "resource": RESOURCE,
        "roll": ROLL, "spaces": LIST, "node": text("A revealed node."), "structure": text("A Structure."),
        "moves": LIST, "focus": FOCUS}, random=True),
    "exchange": EventSpec("Give a card or a Comprehension token to an explorer on your node.", {
        "player": PLAYER, "receiver": PLAYER,
        "item": text("A Breakthrough or Anomaly card id, or comprehension:<discipline>.", required=True)}),
    "move_distress": EventSpec("Move one of your Distress cards to another action (never REST).", {
        "player": PLAYER, "from_action": text("", required=True), "to_action": text("", required=True)}),
    "pursue": EventSpec("Choose (or abandon for) a discipline: the pursuit cube goes back to the bottom.", {
        "player": PLAYER, "discipline": text("robotics, chemistry or engineering.", required=True)}),
    "forfeit": EventSpec("Forfeit an active Opportunity.", {"card": text("The Opportunity card id.", required=True)}),
    "complete_objective": EventSpec("Complete an objective of the open Survival Task page.", {
        "objective": text("The objective id.", required=True), "player": TARGET}),
    "lift_off": EventSpec("Lift off with whoever is aboard (a hollow victory if anyone stays behind)."),
    "choose_trait": EventSpec("Setup: the Trait tile an explorer keeps.", {
        "player": PLAYER, "trait": text("The Trait tile id.", required=True)}),
    # ---- effects from cards and the table, resolved by the rules ----------------------------------
    "trust": EventSpec("Increase or decrease Group Trust (already there: distribute the Focus in 'focus').", {
        "direction": Field("string", choices=("up", "down")), "focus": FOCUS}),
    "advance_time": EventSpec("Advance the Time marker (a card or effect the app does not track).", {
        "steps": number("Spaces.", 1, 24, required=True), "reason": text("What advanced it.")}),
    "effect": EventSpec("Apply an effect to an explorer, with every rule it sets off.", {
        "kind": Field("string", choices=("lose_endurance", "heal_endurance", "gain_insight", "gain_distress",
                                         "gain_focus", "lose_focus", "gain_discovery", "gain_data", "gain_materials",
                                         "charge_power", "spend_data", "spend_materials", "spend_power"),
                      description="The effect."),
        "player": TARGET, "amount": number("How much.", 1, 24, default=1), "cube": CUBE,
        "action": text("gain_distress: the action the card goes on.")}, random=True),
    # ---- manual corrections: set a value by hand, no other rule runs ------------------------------
    "set_time": EventSpec("Correction: put the Time marker on a space.",
                          {"space": number("Space.", 1, 99, required=True)}),
    "set_trust": EventSpec("Correction: set Group Trust.", {"level": text("high or low.", required=True)}),
    "set_explorer": EventSpec("Correction: set an explorer's Endurance, Insight space or one Focus cube.", {
        "player": PLAYER, "endurance": number("Endurance."), "insight": number("Insight space.", 1),
        "cube": CUBE, "focus": number("The cube's value.")}),
    "set_resources": EventSpec("Correction: set the Database, the Stockpile and the charged Power.", {
        "data": number("Data."), "materials": number("Materials."), "power": number("Charged Power discs.")}),
    "set_location": EventSpec("Correction: put an explorer (or LUNA, without player) on a revealed node.", {
        "player": TARGET, "node": text("scarab or an Environment card id.", required=True)}),
    "set_objective": EventSpec("Correction: mark an objective done or not done.", {
        "objective": text("The objective id.", required=True), "done": Field("boolean")}),
    "cancel_pending": EventSpec("Correction: drop the first pending choice (the table resolved it otherwise)."),
    "note": EventSpec("Write a note in the crew's journal.", {"text": Field("string", max_length=300)}),
}

FREE_PLAYER_EVENTS = ("use_breakthrough", "use_structure", "consume_discovery", "exchange", "move_distress", "pursue")
CORRECTIONS = ("set_time", "set_trust", "set_explorer", "set_resources", "set_location", "set_objective",
               "cancel_pending", "note")
