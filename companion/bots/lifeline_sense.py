"""What a Year card would do for a lifeline of Unyielding Universe: extend it, fill a gap, keep room to grow.

Pure helpers over the rules' own state, used by the bot's host to answer its flowchart's checks. A
lifeline is judged by (balanced cards that count, room left after the last of them): more counted
cards first, then a younger last card, which leaves more years for the cards still to come.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

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


def worth(state: State, line: Lifeline) -> tuple[int, int]:
    """(counted balanced cards, room left after the last of them): bigger is better."""
    cards = counted(state, line)
    last = state.catalog.year(cards[-1]).year if cards else state.constants.life_begins_year
    limit = cap(state, line)
    return len(cards), (OLDEST if limit is None else limit) - last


def legal(state: State, line: Lifeline, card: YearCard, instead_of: str | None) -> bool:
    """Whether the rules let `card` into the lifeline (in place of `instead_of`): cap, duplicates, Universe."""
    limit = cap(state, line)
    if limit is not None and card.year > limit:
        return False
    if state.universe and state.constants.remove_blocks_play:
        universe = state.catalog.universe(state.universe)
        if universe.removes and universe.hits(card):
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


def paced(state: State, line: Lifeline, card: YearCard, needed: int) -> bool:
    """The card leaves room for the cards still needed: it uses at most twice its fair share of the years left."""
    count, room = worth(state, line)
    last = (OLDEST if cap(state, line) is None else cap(state, line)) - room
    missing = max(1, needed - count)
    return card.year - last <= max(2, 2 * room // (missing + 1))


def best_swap(state: State, line: Lifeline, card: YearCard) -> Swap:
    """The Year card whose replacement by `card` improves the lifeline most (first of equals, left to right)."""
    before = worth(state, line)
    best = Swap(None, 0, 0)
    for index, old in enumerate(line.years):
        if not legal(state, line, card, old):
            continue
        after = worth(state, replace(line, years=line.years[:index] + (card.id,) + line.years[index + 1:]))
        gain, room = after[0] - before[0], after[1] - before[1]
        if (gain, room) > (best.gain, best.room) and (gain > 0 or (gain == 0 and room > 0)):
            best = Swap(old, gain, room)
    return best
