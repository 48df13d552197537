"""A new game and each new round: the players, the rule constants from game.toml (and the setup options
that override them), the deck, empty lifelines waiting for the deal."""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from collections.abc import Mapping

from companion.rules.contract import RuleError, SetupConfig
from companion.rules.fields import EventSpec, Field, FieldError
from companion.rules.games.unyielding_universe.cards import load_catalog
from companion.rules.games.unyielding_universe.scoring import categories
from companion.rules.games.unyielding_universe.state import Constants, Lifeline, State

OPTIONS = EventSpec("Setup options: the winning score, who starts, cards left out, house rules.", {
    "winning_score": Field("integer", required=False, minimum=1, maximum=100000, label="Winning score",
                           description="The score that ends the game, agreed before play (the rulebook's target "
                                       "when left empty)."),
    "first_player": Field("integer", required=False, minimum=0, maximum=11, default=0, label="Who starts",
                          seat=True, description="Who starts the first round; later rounds start one seat on."),
    "leave_out": Field("array", required=False, default=[], max_items=30, label="Cards left out of the deck",
                       items=Field("string", max_length=40, description="A card, as printed."),
                       description="Taken out before shuffling (the FAQ's shorter game: leave out a few Life "
                                   "Complete cards)."),
    "duplicate_years": Field("boolean", required=False, label="House rule",
                             description="allow two Year cards of the same year in one lifeline"),
    "any_life_complete_replaces": Field("boolean", required=False, label="House rule",
                                        description="a drawn Life Complete card replaces yours even if it is not "
                                                    "younger"),
})


def options_for(game: Any) -> EventSpec:
    """The setup options, with the cards that may be left out (the Life Complete cards) offered by name."""
    completes = [card for deck in game.decks for card in deck.cards if "age" in card.fields]
    leave_out = OPTIONS.fields["leave_out"]
    assert leave_out.items is not None  # OPTIONS above gives it its items
    items = replace(leave_out.items, choices=tuple(c.id for c in completes),
                    labels={c.id: f"{c.name} {c['age']}" for c in completes})
    return replace(OPTIONS, fields={**OPTIONS.fields, "leave_out": replace(leave_out, items=items)})


def _constant(constants: Mapping[str, Any], name: str) -> Any:
    if name not in constants:
        raise RuleError(f"game.toml has no constant {name!r} in [constants], and the rules need it.")
    return constants[name]


def read_constants(game: Any, options: Mapping[str, Any]) -> Constants:
    """The rule constants from game.toml, with the setup options applied."""
    k = game.constants
    winning = _constant(k, "winning_score")
    if options.get("winning_score") is not None:
        if not k.get("winning_score_configurable", True):
            raise RuleError("This game's winning score is fixed at "
                            f"{winning} (game.toml winning_score_configurable), so it cannot be changed.")
        winning = options["winning_score"]
    duplicates = options.get("duplicate_years")
    any_complete = options.get("any_life_complete_replaces")
    return Constants(
        points_per_colour=tuple(dict(_constant(k, "points_per_colour")).items()),
        points_per_year_lived=_constant(k, "points_per_year_lived"),
        life_well_lived_points=_constant(k, "life_well_lived_points"),
        winning_score=winning,
        balanced_to_end_round=_constant(k, "balanced_year_cards_to_end_round"),
        life_well_lived_min_span=_constant(k, "life_well_lived_min_span"),
        life_well_lived_span_from=_constant(k, "life_well_lived_span_from"),
        life_well_lived_on_following_turn=bool(_constant(k, "life_well_lived_claim_on_following_turn")),
        life_well_lived_forbidden_with_life_complete=bool(_constant(k, "life_well_lived_forbidden_with_life_complete")),
        life_begins_year=_constant(k, "life_begins_year"),
        cards_dealt_at_setup=_constant(k, "cards_dealt_at_setup"),
        vengeful_age=_constant(k, "vengeful_age_threshold"),
        annoying_move_spaces=_constant(k, "annoying_move_spaces"),
        duplicate_years_allowed=bool(_constant(k, "duplicate_years_in_lifeline") if duplicates is None else duplicates),
        life_complete_replace_only_by_younger=bool(_constant(k, "life_complete_replace_only_by_younger")
                                                   if any_complete is None else not any_complete),
        remove_blocks_play=bool(_constant(k, "remove_blocks_play")),
        one_time_replaces_active_universe=bool(_constant(k, "one_time_replaces_active_universe")),
        max_lifeline_cards=_constant(k, "max_lifeline_cards"),
    )


def setup(config: SetupConfig) -> State:
    """A new game: round 1, nobody dealt yet."""
    game = config.game
    try:
        options = OPTIONS.check(dict(config.options or {}))
    except FieldError as error:
        option = error.field.removeprefix("payload.")
        field = OPTIONS.fields.get(option.split("[")[0])
        if field is None:
            raise RuleError(f"There is no setup option {option} in this game.") from None
        raise RuleError(f"{field.label}: {error.message}.") from None
    low, high = game.players
    if not low <= len(config.players) <= high:
        raise RuleError(f"{game.title} is played by {low} to {high} players, not {len(config.players)}.")
    if options["first_player"] >= len(config.players):
        raise RuleError(f"Who starts must be one of the {len(config.players)} players.")
    constants = read_constants(game, options)
    shuffled = tuple(_constant(game.constants, "setup_shuffled_decks"))
    catalog = load_catalog(game, shuffled, ())
    for card_id in options["leave_out"]:
        if catalog.find(card_id) is None:
            raise RuleError("A card to leave out is not in this game's deck.")
    catalog = replace(catalog, left_out=tuple(options["leave_out"]))
    sheet = categories(tuple(game.scoring.get("categories", ())), tuple(c for c, _ in constants.points_per_colour))
    players = tuple(config.players)
    return State(players=players, catalog=catalog, constants=constants, categories=sheet,
                 lifelines=tuple(Lifeline() for _ in players), first_player_option=options["first_player"],
                 first_player=options["first_player"], turn=options["first_player"],
                 adjustments=tuple((0,) * len(sheet) for _ in players))


def next_round(state: State) -> State:
    """All cards gathered and shuffled again: empty lifelines, no Universe card, an empty discard pile; the
    next seat starts (a choose_first_player event may say otherwise)."""
    first = (state.first_player_option + state.round) % len(state.players)
    return replace(state, round=state.round + 1, lifelines=tuple(Lifeline() for _ in state.players),
                   universe=None, discard=(), first_player=first, turn=first, turn_number=0, last_mover=None)
