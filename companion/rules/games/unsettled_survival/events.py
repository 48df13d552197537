"""The events of Unsettled and their payloads. Names of cards, cubes and actions are checked by the rules
against the game's data (so the schema holds no game data of its own); `random` events may draw cards
or roll dice, and the app gives each a seed when it is appended.
"""

from __future__ import annotations


from dataclasses import replace

from companion.rules import shared_events
from companion.rules.fields import EventSpec, Field


def text(description: str, required: bool = False) -> Field:
    return Field("string", required=required, max_length=64, description=description)


def number(description: str, minimum: int = 0, maximum: int = 99, required: bool = False,
           default: int | None = None) -> Field:
    return Field("integer", required=required, minimum=minimum, maximum=maximum, default=default,
                 description=description)


PLAYER = replace(shared_events.PLAYER, label="Explorer")
TARGET = replace(PLAYER, required=False, label="Another explorer it applies to")
CUBES = {"awareness": "Awareness", "wonder": "Wonder", "energy": "Energy"}
ACTIONS = {"rest": "REST", "traverse": "TRAVERSE", "investigate": "INVESTIGATE", "analyze": "ANALYZE",
           "unearth": "UNEARTH", "charge": "CHARGE", "research": "RESEARCH", "build": "BUILD", "destroy": "DESTROY",
           "support": "SUPPORT", "opportunity": "the Opportunity"}
STRUCTURES = {"research_hut": "Research Hut", "laboratory": "Laboratory", "workshop": "Workshop"}
CUBE = Field("string", required=False, choices=tuple(CUBES), labels=CUBES, label="Focus cube")
DIRECTION = Field("string", required=False, choices=("n", "e", "s", "w"), label="Direction",
                  labels={"n": "north", "e": "east", "s": "south", "w": "west"})
RESOURCE = Field("string", required=False, choices=("data", "materials"), label="Resource",
                 labels={"data": "Data", "materials": "Materials"})
ROLL = Field("integer", required=False, minimum=1, maximum=99, label="The die as it fell",
             description="the app rolls when left empty")
FOCUS = Field("array", required=False, items=Field("string", max_length=24), max_items=12, label="Where the Focus goes",
              description="one explorer and cube for each step")
LIST = Field("array", required=False, items=Field("string", max_length=24), max_items=6, description="")

EVENTS = {
    # ---- the turn ----------------------------------------------------------------------------------
    "take_action": EventSpec("Set Focus: place one of your cubes on REST, a dashboard action or the Opportunity on "
                             "your node, and resolve it.", {
        "cube": Field("string", choices=tuple(CUBES), labels=CUBES, label="Focus cube"),
        "action": Field("string", choices=tuple(ACTIONS), labels=ACTIONS, label="Action"),
        "structure": Field("string", required=False, choices=tuple(STRUCTURES), labels=STRUCTURES,
                           label="BUILD: the Structure"),
        "target": TARGET, "distress": text("SUPPORT or Shared Meal: the action whose Distress card is removed."),
        "pile": text("INVESTIGATE: the pile to draw from, by its Moment marker (pink or blue)."),
        "card": text("INVESTIGATE: the Opportunity card drawn at the table, by its name (the app draws when empty)."),
        "trait": Field("boolean", required=False, label="Keen Eye (black): lose 1 Endurance to gain 1 Insight"),
    }, random=True),
    "move": EventSpec("Move your explorer one node; moving into an empty space reveals a node.", {
        "direction": Field("string", choices=("n", "e", "s", "w"), label="Direction",
                           labels={"n": "north", "e": "east", "s": "south", "w": "west"}),
        "card": text("The Environment card drawn at the table when revealing, by its name (the app draws when empty)."),
    }, random=True),
    "program_luna": EventSpec("Program LUNA: move her one node and/or scan her node.", {
        "direction": DIRECTION, "scan": RESOURCE, "roll": ROLL,
        "carry": replace(TARGET, label="Carrier Frame: the explorer LUNA carries")}, random=True),
    "luna_function": EventSpec("Use LUNA's Primary Function (Seismic Sounding).", {
        "resource": Field("string", choices=("data", "materials"), label="The resource scanned for",
                          labels={"data": "Data", "materials": "Materials"}),
        "rolls": Field("array", required=False, items=Field("integer", minimum=1, maximum=99), max_items=5,
                       label="The Discovery die for each node, as it fell", description="the app rolls when left empty")},
        random=True),
    "end_turn": EventSpec("End the turn: retrieve the Focus cubes, regroup, and pass to the next explorer (early "
                          "only when no action space is left for your cubes)."),
    "resolve": EventSpec("Make the choice the rules wait for (the first pending choice).", {
        "cube": text("The Focus cube: awareness, wonder or energy."),
        "action": Field("string", required=False, choices=tuple(ACTIONS), labels=ACTIONS,
                        label="Where the Distress card goes"), "focus": FOCUS}),
    # ---- free actions -----------------------------------------------------------------------------
    "use_breakthrough": EventSpec("Use a Breakthrough card (a free action, once per player turn).", {
        "player": PLAYER, "card": text("The Breakthrough card, by its name.", required=True), "target": TARGET,
        "cube": CUBE, "distress": text("The action whose Distress card is removed."),
        "space": text("The space to reveal: its column and row, such as 2,3."),
        "reveal": text("The Environment card drawn at the table, by its name."),
        "structure": Field("string", required=False, choices=tuple(STRUCTURES), labels=STRUCTURES,
                           label="Relay Mast: the Structure"),
        "direction": DIRECTION}, random=True),
    "use_structure": EventSpec("Use an active Structure's ability, from anywhere.", {
        "player": PLAYER, "structure": Field("string", choices=tuple(STRUCTURES), labels=STRUCTURES, label="Structure"),
        "target": TARGET, "cube": CUBE, "direction": DIRECTION}, random=True),
    "consume_discovery": EventSpec("Consume a Discovery: resolve its Anomaly's discard effect.", {
        "player": PLAYER, "card": text("The Anomaly card, by its name.", required=True), "path": LIST,
        "resource": RESOURCE,
        "roll": ROLL, "spaces": LIST, "node": text("A revealed node."), "structure": text("A Structure."),
        "moves": LIST, "focus": FOCUS}, random=True),
    "exchange": EventSpec("Give a card or a Comprehension token to an explorer on your node.", {
        "player": PLAYER, "receiver": PLAYER,
        "item": text("A Breakthrough or Anomaly card, or a Comprehension token and its discipline "
                     "(comprehension:robotics).", required=True)}),
    "move_distress": EventSpec("Move one of your Distress cards to another action (never REST).", {
        "player": PLAYER, "from_action": Field("string", choices=tuple(ACTIONS), labels=ACTIONS, label="From"),
        "to_action": Field("string", choices=tuple(ACTIONS), labels=ACTIONS, label="To")}),
    "pursue": EventSpec("Choose (or abandon for) a discipline: the pursuit cube goes back to the bottom.", {
        "player": PLAYER, "discipline": Field("string", choices=("robotics", "chemistry", "engineering"),
                                              label="Discipline", labels={"robotics": "Robotics",
                                                                          "chemistry": "Chemistry",
                                                                          "engineering": "Engineering"})}),
    "forfeit": EventSpec("Forfeit an active Opportunity.",
                         {"card": text("The Opportunity card, by its name.", required=True)}),
    "complete_objective": EventSpec("Complete an objective of the open Survival Task page.", {
        "objective": text("The objective, as the task page words it (the page's Complete buttons send it).",
                          required=True), "player": TARGET}),
    "lift_off": EventSpec("Lift off with whoever is aboard (a hollow victory if anyone stays behind)."),
    "give_up": EventSpec("The crew gives up: the game ends as a loss."),
    "choose_trait": EventSpec("Setup: the Trait tile an explorer keeps.", {
        "player": PLAYER, "trait": text("The Trait tile, by its name.", required=True)}),
    # ---- effects from cards and the table, resolved by the rules ----------------------------------
    "trust": EventSpec("Increase or decrease Group Trust (already there: choose where the Focus goes).", {
        "direction": Field("string", choices=("up", "down"), label="Direction", labels={"up": "up", "down": "down"}),
        "focus": FOCUS}),
    "advance_time": EventSpec("Advance the Time marker (a card or effect the app does not track).", {
        "steps": number("Spaces.", 1, 24, required=True), "reason": text("What advanced it.")}),
    "effect": EventSpec("Apply an effect to an explorer, with every rule it sets off.", {
        "kind": Field("string", choices=("lose_endurance", "heal_endurance", "gain_insight", "gain_distress",
                                         "gain_focus", "lose_focus", "gain_discovery", "gain_data", "gain_materials",
                                         "charge_power", "spend_data", "spend_materials", "spend_power"),
                      label="The effect", labels={
                          "lose_endurance": "lose Endurance", "heal_endurance": "heal Endurance",
                          "gain_insight": "gain Insight", "gain_distress": "gain a Distress card",
                          "gain_focus": "gain Focus", "lose_focus": "lose Focus", "gain_discovery": "gain a Discovery",
                          "gain_data": "gain Data", "gain_materials": "gain Materials", "charge_power": "charge Power",
                          "spend_data": "spend Data", "spend_materials": "spend Materials",
                          "spend_power": "spend Power"}),
        "player": TARGET, "amount": number("How much.", 1, 24, default=1), "cube": CUBE,
        "action": Field("string", required=False, choices=tuple(ACTIONS), labels=ACTIONS,
                        label="A Distress card: the action it goes on")}, random=True),
    # ---- manual corrections: set a value by hand, no other rule runs ------------------------------
    "set_time": EventSpec("Correction: put the Time marker on a space.",
                          {"space": number("Space.", 1, 99, required=True)}),
    "set_trust": EventSpec("Correction: set Group Trust.", {"level": Field("string", choices=("high", "low"),
                                                                           label="Group Trust",
                                                                           labels={"high": "high", "low": "low"})}),
    "set_explorer": EventSpec("Correction: set an explorer's Endurance, Insight space or one Focus cube.", {
        "player": PLAYER, "endurance": number("Endurance."), "insight": number("Insight space.", 1),
        "cube": CUBE, "focus": number("The cube's value.")}),
    "set_resources": EventSpec("Correction: set the Database, the Stockpile and the charged Power.", {
        "data": number("Data."), "materials": number("Materials."), "power": number("Charged Power discs.")}),
    "set_location": EventSpec("Correction: put an explorer (or LUNA, without player) on a revealed node.", {
        "player": TARGET, "node": text("The Scarab (scarab), or the Environment card of the node, by its name.",
                                       required=True)}),
    "set_objective": EventSpec("Correction: mark an objective done or not done.", {
        "objective": text("The objective, as the task page words it.", required=True),
        "done": Field("boolean", label="Done")}),
    "cancel_pending": EventSpec("Correction: drop the first pending choice (the table resolved it otherwise)."),
    **shared_events.shared("note", described={"note": "Write a note in the crew's journal."}),
}
# a random event's cards and dice are drawn from the seed the app gives it when it is appended
# (and, for the history, who acted and where the explorer arrived: `by`, `to`)
EVENTS = {kind: replace(spec, drawn=("seed", "by", "to")) if spec.random else spec for kind, spec in EVENTS.items()}

FREE_PLAYER_EVENTS = ("use_breakthrough", "use_structure", "consume_discovery", "exchange", "move_distress", "pursue")
CORRECTIONS = ("set_time", "set_trust", "set_explorer", "set_resources", "set_location", "set_objective",
               "cancel_pending", "note")
# the events a page offers only among its corrections ("More actions"): setting a value by hand, and applying an
# effect of a card or of the table that the rules do not track
FIXES = ("trust", "advance_time", "effect") + CORRECTIONS
