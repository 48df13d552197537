"""The immutable state of a game of Unyielding Universe: lifelines, Universe, discard pile, turns, rounds."""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.games.unyielding_universe.cards import Catalog
from companion.rules.records import evolve


@dataclass(frozen=True)
class Constants:
    """Every rule number and choice, read from game.toml's [constants] (setup options may override some)."""

    points_per_colour: tuple[tuple[str, int], ...]
    points_per_year_lived: int
    life_well_lived_points: int
    winning_score: int
    balanced_to_end_round: int
    life_well_lived_min_span: int
    life_well_lived_span_from: int
    life_well_lived_on_following_turn: bool
    life_well_lived_forbidden_with_life_complete: bool
    life_begins_year: int
    cards_dealt_at_setup: int
    vengeful_age: int
    annoying_move_spaces: int
    duplicate_years_allowed: bool
    life_complete_replace_only_by_younger: bool
    remove_blocks_play: bool
    one_time_replaces_active_universe: bool
    max_lifeline_cards: int  # 0 = no limit

    def colour_points(self, colour: str) -> int:
        return dict(self.points_per_colour).get(colour, 0)


@dataclass(frozen=True)
class Lifeline:
    """One player's lifeline after their Life Begins card: Year card ids left to right, then a Life Complete."""

    years: tuple[str, ...] = ()
    life_complete: str | None = None
    dealt: int = 0                        # Year cards dealt to this player at the start of the round
    qualified_since: int | None = None    # turn number since which it qualifies for A Life Well Lived


@dataclass(frozen=True)
class RoundResult:
    """A scored round: why it ended, who ended it, each player's points by category, the final lifelines."""

    number: int
    reason: str                      # "life_complete", "life_well_lived", "draw_pile_empty"
    by: int | None
    points: tuple[tuple[int, ...], ...]   # points[player][category]
    lifelines: tuple[Lifeline, ...]
    universe: str | None


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    catalog: Catalog
    constants: Constants
    categories: tuple[str, ...]
    lifelines: tuple[Lifeline, ...]
    first_player_option: int = 0          # who starts round 1; later rounds start one seat further on
    round: int = 1
    first_player: int = 0                 # who starts this round
    turn: int = 0                         # whose turn it is
    turn_number: int = 0                  # turns taken this round
    last_mover: int | None = None         # who took the last turn (may still declare the end of the round)
    universe: str | None = None           # the active Universe card
    discard: tuple[str, ...] = ()         # bottom to top
    rounds: tuple[RoundResult, ...] = ()
    adjustments: tuple[tuple[int, ...], ...] = ()   # points set by hand, [player][category]
    rolls: tuple[tuple[int, ...], ...] = ()
    notes: tuple[str, ...] = ()
    finished: bool = False

    def name(self, player: int) -> str:
        return self.players[player]

    def dealing(self) -> bool:
        """True until every player has been dealt their Year cards for this round."""
        return any(line.dealt < self.constants.cards_dealt_at_setup for line in self.lifelines)






def with_lifeline(state: State, player: int, line: Lifeline) -> State:
    lifelines = state.lifelines[:player] + (line,) + state.lifelines[player + 1:]
    return evolve(state, lifelines=lifelines)
