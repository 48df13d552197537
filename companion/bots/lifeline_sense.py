"""What a Year card would do for a lifeline of Unyielding Universe: extend it, fill a gap, keep room to grow.

Pure helpers over the rules' own state, used by the bot's host to answer its flowchart's checks. A
lifeline is judged by (balanced cards that count, room left after the last of them, their colour points):
more counted cards first, then a younger last card, which leaves more years for the cards still to come,
then more colour points.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.games.unyielding_universe.cards import YearCard
from companion.rules.games.unyielding_universe.lifeline import cap, counted
from companion.rules.games.unyielding_universe.state import Lifeline, State

OLDEST = 110  # the oldest Year card of the deck; a lifeline without a cap may grow up to it


@dataclass(frozen=True)
class Swap:
    """The best replacement for a drawn card: the card it replaces (None: none helps) and what it gains."""

    replaced: str | None
    gain: int          # more counted cards
    room: int          # years of room won (when the count stays the same)
    points: int = 0    # colour points won (when the count stays the same and no room is lost)


def admissible(state: State, line: Lifeline, card: YearCard) -> bool:
    """Whether the cap and the active Universe card let `card` into the lifeline at all."""
    limit = cap(state, line)
    if limit is not None and card.year > limit:
        return False
    if state.universe and state.constants.remove_blocks_play:
        universe = state.catalog.universe(state.universe)
        if universe.removes and universe.hits(card):
            return False
    return True


def legal(state: State, line: Lifeline, card: YearCard, instead_of: str | None) -> bool:
    """Whether the rules let `card` into the lifeline (in place of `instead_of`): cap, Universe, duplicates."""
    if not admissible(state, line, card):
        return False
    if state.constants.duplicate_years_allowed:
        return True
    return not any(other != instead_of and state.catalog.year(other).year == card.year for other in line.years)


def extends(state: State, line: Lifeline, card: YearCard) -> bool:
    """Placed at the end, the card counts: the whole lifeline counts and the card is older than its last."""
    if not legal(state, line, card, None):
        return False
    cards = counted(state, line)
    if len(cards) != len(line.years):
        return False
    last = state.catalog.year(cards[-1]).year if cards else state.constants.life_begins_year
    return card.year > last


def _worth(years: list[int], colours: list[int], start: int, limit: int | None) -> tuple[int, int, int]:
    """(counted balanced cards, room left after the last of them, their colour points), from the lifeline's
    years and colour points, Life Begins' year and the cap: bigger is better."""
    previous, count, points = start, 0, 0
    for year, colour in zip(years, colours):
        if year <= previous or (limit is not None and year > limit):
            break
        previous, count, points = year, count + 1, points + colour
    return count, (OLDEST if limit is None else limit) - previous, points


def best_swap(state: State, line: Lifeline, card: YearCard) -> Swap:
    """The Year card whose replacement by `card` improves the lifeline most (first of equals, left to right)."""
    if not admissible(state, line, card):
        return Swap(None, 0, 0)  # capped or forbidden: it goes nowhere
    cards = [state.catalog.year(c) for c in line.years]
    years = [c.year for c in cards]
    colours = [state.constants.colour_points(c.colour) for c in cards]
    start, limit = state.constants.life_begins_year, cap(state, line)
    before = _worth(years, colours, start, limit)
    mine = state.constants.colour_points(card.colour)
    duplicates = not state.constants.duplicate_years_allowed
    best = Swap(None, 0, 0)
    for index, old in enumerate(line.years):
        if duplicates and any(y == card.year for k, y in enumerate(years) if k != index):
            continue
        after = _worth(years[:index] + [card.year] + years[index + 1:],
                       colours[:index] + [mine] + colours[index + 1:], start, limit)
        gain, room, points = after[0] - before[0], after[1] - before[1], after[2] - before[2]
        helps = gain > 0 or (gain == 0 and room >= 0 and (room, points) > (0, 0))
        if helps and (gain, room, points) > (best.gain, best.room, best.points):
            best = Swap(old, gain, room, points)
    return best
