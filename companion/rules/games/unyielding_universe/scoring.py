"""End-of-round scoring and the running totals: years lived, colour points, Universe modifiers, A Life Well
Lived; the first to reach the winning score wins, the highest total among those who reach it together."""

from __future__ import annotations

from companion.rules.games.unyielding_universe.lifeline import counted, years_lived
from companion.rules.games.unyielding_universe.state import State

YEARS_LIVED = "Years lived"
UNIVERSE = "Universe"
LIFE_WELL_LIVED = "Life Well Lived"
# game.toml's [scoring] categories, which the add_points schema offers (a test keeps the two in step)
SHEET = (YEARS_LIVED, "Blue years", "Purple years", "Green years", UNIVERSE, LIFE_WELL_LIVED)


def colour_category(colour: str) -> str:
    return f"{colour.capitalize()} years"


def categories(sheet: tuple[str, ...], colours: tuple[str, ...]) -> tuple[str, ...]:
    """The score sheet's categories (game.toml [scoring]), plus any that scoring needs and the sheet lacks."""
    needed = (YEARS_LIVED, *(colour_category(c) for c in colours), UNIVERSE, LIFE_WELL_LIVED)
    return tuple(sheet) + tuple(name for name in needed if name not in sheet)


def round_points(state: State, player: int, life_well_lived: bool = False) -> tuple[int, ...]:
    """The player's points for the round as their lifeline stands, by category. Only counted (balanced,
    within the cap) cards score; the active Universe card's modifier applies to those it names."""
    c, line = state.constants, state.lifelines[player]
    points = dict.fromkeys(state.categories, 0)
    points[YEARS_LIVED] = years_lived(state, line) * c.points_per_year_lived
    cards = [state.catalog.year(card_id) for card_id in counted(state, line)]
    for card in cards:
        points[colour_category(card.colour)] += c.colour_points(card.colour)
    if state.universe:
        universe = state.catalog.universe(state.universe)
        if universe.effect == "score_modifier":
            points[UNIVERSE] = universe.modifier * sum(1 for card in cards if universe.hits(card))
    if life_well_lived:
        points[LIFE_WELL_LIVED] = c.life_well_lived_points
    return tuple(points[name] for name in state.categories)


def category_totals(state: State, player: int) -> tuple[int, ...]:
    """The player's points over every scored round, plus what was set by hand, by category."""
    totals = list(state.adjustments[player])
    for result in state.rounds:
        totals = [a + b for a, b in zip(totals, result.points[player])]
    return tuple(totals)


def totals(state: State) -> list[int]:
    return [sum(category_totals(state, p)) for p in range(len(state.players))]


def reached(state: State) -> bool:
    return any(total >= state.constants.winning_score for total in totals(state))


def winners(state: State) -> list[int]:
    """Once the game is over: of those who reached the winning score, the highest total wins; an exact tie
    shares the victory. A game ended by hand goes to the highest totals."""
    if not state.finished:
        return []
    scores = totals(state)
    pool = [p for p, t in enumerate(scores) if t >= state.constants.winning_score] or list(range(len(scores)))
    best = max(scores[p] for p in pool)
    return [p for p in pool if scores[p] == best]


def places(scores: list[int]) -> list[int]:
    """1 for the highest total; tied players share a place (1, 2, 2, 4)."""
    return [1 + sum(1 for other in scores if other > total) for total in scores]
