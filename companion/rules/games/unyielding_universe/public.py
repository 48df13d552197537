"""What everyone at the table may see (the lifelines, the Universe card, the discard pile's top, how many
cards the draw pile holds, never which) and the scores: running totals, each round, this round so far."""

from __future__ import annotations

from typing import Any

from companion.rules.contract import recent
from companion.rules.games.unyielding_universe.cards import Card, LifeCompleteCard, UniverseCard, YearCard, describe
from companion.rules.games.unyielding_universe.lifeline import (balanced, cap, counted, ends_with_life_complete,
                                                                lives_well, span, years_lived)
from companion.rules.games.unyielding_universe.places import draw_pile_size, find_card, in_draw_pile
from companion.rules.games.unyielding_universe.scoring import (category_totals, places, round_points, totals,
                                                               winners)
from companion.rules.games.unyielding_universe.state import Lifeline, State


def card_view(state: State, card_id: str) -> dict[str, Any]:
    card = find_card(state, card_id)
    if isinstance(card, YearCard):
        return {"id": card.id, "kind": "year", "name": card.name, "label": describe(card), "year": card.year,
                "colour": card.colour, "feeling": card.feeling, "character": card.character}
    if isinstance(card, LifeCompleteCard):
        return {"id": card.id, "kind": "life_complete", "name": card.name, "label": describe(card), "age": card.age}
    return {"id": card.id, "kind": "universe", "name": card.name, "label": describe(card), "effect": card.effect,
            "target": card.target, "modifier": card.modifier, "one_time": card.one_time, "text": card.text}


def drawable(state: State) -> list[tuple[str, str, str]]:
    """(id, printed label, kind) of every card that can be in the draw pile now: what a player may have drawn."""
    cards: list[Card] = [*state.catalog.years, *state.catalog.life_completes, *state.catalog.universes]
    kinds = {YearCard: "year", LifeCompleteCard: "life_complete", UniverseCard: "universe"}
    return sorted(((c.id, describe(c), kinds[type(c)]) for c in cards
                   if c.id not in state.catalog.left_out and in_draw_pile(state, c.id)), key=lambda t: t[1].casefold())


def may_claim(state: State, player: int) -> bool:
    line = state.lifelines[player]
    waited = not state.constants.life_well_lived_on_following_turn or (
        line.qualified_since is not None and line.qualified_since < state.turn_number)
    return (not state.finished and not state.dealing() and player == state.turn and lives_well(state, line)
            and waited)


def lifeline_view(state: State, player: int, line: Lifeline) -> dict[str, Any]:
    """The lifeline left to right, from Life Begins, each Year card marked balanced (and counted: balanced
    and not older than the Life Complete cap)."""
    n_balanced, n_counted = len(balanced(state, line)), len(counted(state, line))
    cards: list[dict[str, Any]] = [{"position": 0, "kind": "life_begins", "name": "Life Begins",
                                    "year": state.constants.life_begins_year}]
    for position, card_id in enumerate(line.years, start=1):
        cards.append({"position": position, **card_view(state, card_id), "balanced": position <= n_balanced,
                      "counts": position <= n_counted})
    complete = None
    if line.life_complete is not None:
        complete = {"position": len(line.years) + 1, **card_view(state, line.life_complete),
                    "counts_as": cap(state, line)}
        cards.append(complete)
    return {"player": player, "name": state.name(player), "cards": cards, "life_complete": complete,
            "balanced": n_balanced, "counted": n_counted, "years_lived": years_lived(state, line),
            "span": span(state, line), "dealt": line.dealt,
            "can_end_round": ends_with_life_complete(state, line),
            "lives_well": lives_well(state, line), "may_claim_life_well_lived": may_claim(state, player)}


def view(state: State) -> dict[str, Any]:
    phase = "finished" if state.finished else "deal" if state.dealing() else "play"
    lines = [lifeline_view(state, p, line) for p, line in enumerate(state.lifelines)]
    pile = draw_pile_size(state)
    return {
        "round": state.round, "phase": phase, "players": list(state.players), "categories": list(state.categories),
        "turn": {"player": state.turn, "name": state.name(state.turn), "number": state.turn_number},
        "first_player": state.first_player, "last_mover": state.last_mover,
        "winning_score": state.constants.winning_score, "cards_dealt_at_setup": state.constants.cards_dealt_at_setup,
        "lifelines": lines,
        "universe": card_view(state, state.universe) if state.universe else None,
        "discard": {"count": len(state.discard),
                    "top": card_view(state, state.discard[-1]) if state.discard else None},
        "draw_pile": pile,
        "drawable": [list(option) for option in drawable(state)],
        "end_of_round": {
            "life_complete": [v["player"] for v in lines if v["can_end_round"]],
            "life_well_lived": [v["player"] for v in lines if v["lives_well"]],
            "may_claim_life_well_lived": [v["player"] for v in lines if v["may_claim_life_well_lived"]],
            "draw_pile_empty": pile <= 0,
        },
        "rounds": [{"round": r.number, "reason": r.reason, "by": r.by, "universe": r.universe,
                    "told": _round_told(state, r.reason, r.by),
                    "points": [dict(zip(state.categories, row), total=sum(row)) for row in r.points],
                    "lifelines": [list(line.years) + ([line.life_complete] if line.life_complete
                                                                          else []) for line in r.lifelines]}
                   for r in state.rounds],
        "left_out": list(state.catalog.left_out),
        "rolls": [list(r) for r in recent(state.rolls)], "notes": recent(state.notes), "finished": state.finished,
    }


def score(state: State) -> dict[str, Any]:
    """Running totals over the scored rounds (plus hand corrections); places share ties; winners once over."""
    scores = totals(state)
    place = places(scores)
    players = []
    for p, name in enumerate(state.players):
        now = None if state.finished else dict(zip(state.categories, round_points(state, p)))
        players.append({"name": name, "total": scores[p], "place": place[p],
                        "categories": dict(zip(state.categories, category_totals(state, p))),
                        "rounds": [sum(r.points[p]) for r in state.rounds],
                        "this_round": None if now is None else {**now, "total": sum(now.values())}})
    return {"players": players, "round": state.round, "winning_score": state.constants.winning_score,
            "winners": winners(state), "finished": state.finished}


def _round_told(state: State, reason: str, by: int | None) -> str:
    """How a round ended, in words."""
    who = state.name(by) if by is not None else "a player"
    return {"draw_pile_empty": "the draw pile ran out", "life_complete": f"{who} ended it with Life Complete",
            "life_well_lived": f"{who}: A Life Well Lived"}.get(reason, "it ended")
