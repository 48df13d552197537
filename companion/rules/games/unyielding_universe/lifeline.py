"""What a lifeline is worth and how it moves: balanced cards, the Life Complete cap, Annoyed cards shifting.

"Balanced" is the rulebook's definition: reading from Life Begins (year `life_begins_year`), every Year
card older than the one before it; the first card that is not breaks the chain for everything after it.
A Life Complete card caps the lifeline at its age (Vengeful Universe lowers a cap above its threshold);
balanced cards older than the cap neither count towards the end of the round nor score.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.rules.games.unyielding_universe.cards import YearCard
from companion.rules.games.unyielding_universe.state import Lifeline, State, evolve as replace


def active_universe_effect(state: State) -> str | None:
    return state.catalog.universe(state.universe).effect if state.universe else None


def cap(state: State, line: Lifeline) -> int | None:
    """The age the lifeline is capped at: its Life Complete card's, or the Vengeful threshold below it."""
    if line.life_complete is None:
        return None
    age = state.catalog.life_complete(line.life_complete).age
    limit = state.constants.vengeful_age
    return limit if active_universe_effect(state) == "vengeful" and age > limit else age


def balanced(state: State, line: Lifeline) -> tuple[str, ...]:
    """The balanced Year cards: the chronological run from the beginning of the lifeline."""
    previous, run = state.constants.life_begins_year, []
    for card_id in line.years:
        year = state.catalog.year(card_id).year
        if year <= previous:
            break
        run.append(card_id)
        previous = year
    return tuple(run)


def counted(state: State, line: Lifeline) -> tuple[str, ...]:
    """The balanced cards that count and score: those not older than the lifeline's cap."""
    limit = cap(state, line)
    return tuple(c for c in balanced(state, line) if limit is None or state.catalog.year(c).year <= limit)


def oldest_counted_year(state: State, line: Lifeline) -> int:
    cards = counted(state, line)
    return state.catalog.year(cards[-1]).year if cards else state.constants.life_begins_year


def years_lived(state: State, line: Lifeline) -> int:
    """The Life Complete card's age when there is one, however balanced the lifeline; else the oldest
    balanced card's year."""
    limit = cap(state, line)
    return limit if limit is not None else oldest_counted_year(state, line)


def span(state: State, line: Lifeline) -> int:
    return oldest_counted_year(state, line) - state.constants.life_well_lived_span_from


def ends_with_life_complete(state: State, line: Lifeline) -> bool:
    """End of round, first way: enough balanced Year cards and a Life Complete card."""
    return line.life_complete is not None and len(counted(state, line)) >= state.constants.balanced_to_end_round


def lives_well(state: State, line: Lifeline) -> bool:
    """End of round, second way: enough balanced Year cards spanning the minimum years, no Life Complete."""
    c = state.constants
    if line.life_complete is not None and c.life_well_lived_forbidden_with_life_complete:
        return False
    return len(counted(state, line)) >= c.balanced_to_end_round and span(state, line) >= c.life_well_lived_min_span


def refresh_qualifications(state: State) -> State:
    """Notes the turn in which each lifeline began to qualify for A Life Well Lived (None when it does not)."""
    lines, changed = [], False
    for line in state.lifelines:
        well = lives_well(state, line)
        if not well and line.qualified_since is not None:
            line, changed = replace(line, qualified_since=None), True
        elif well and line.qualified_since is None:
            line, changed = replace(line, qualified_since=state.turn_number), True
        lines.append(line)
    return replace(state, lifelines=tuple(lines)) if changed else state


def shift_right(cards: tuple[str, ...], hit: Callable[[str], bool], spaces: int) -> tuple[str, ...]:
    """Each run of adjacent hit cards moves right as one unit, `spaces` times; a run at the end stays."""
    out = list(cards)
    for _ in range(spaces):
        j = len(out) - 1
        while j >= 0:
            if hit(out[j]):
                end = j
                while j > 0 and hit(out[j - 1]):
                    j -= 1
                if end + 1 < len(out):
                    out = out[:j] + [out[end + 1]] + out[j:end + 1] + out[end + 2:]
            j -= 1
    return tuple(out)


def annoy(state: State, player: int) -> State:
    """Annoying Universe, at the start of `player`'s turn: the cards it names move right in their lifeline
    (never past the Life Complete card, which is kept apart at the end)."""
    if not state.universe or active_universe_effect(state) != "annoying":
        return state
    universe = state.catalog.universe(state.universe)
    line = state.lifelines[player]
    years = shift_right(line.years, lambda c: universe.hits(state.catalog.year(c)),
                        state.constants.annoying_move_spaces)
    lifelines = state.lifelines[:player] + (replace(line, years=years),) + state.lifelines[player + 1:]
    return replace(state, lifelines=lifelines)


def remove_years(state: State, doomed: Callable[[int, YearCard], bool]) -> tuple[State, tuple[str, ...]]:
    """Removes the Year cards `doomed(player, card)` picks from every lifeline (the rest shift down to close
    the gap); returns the state and the removed ids in seating order, left to right."""
    removed: list[str] = []
    lines = []
    for player, line in enumerate(state.lifelines):
        keep: list[str] = []
        for card_id in line.years:
            (removed if doomed(player, state.catalog.year(card_id)) else keep).append(card_id)
        lines.append(replace(line, years=tuple(keep)))
    return replace(state, lifelines=tuple(lines)), tuple(removed)
