"""The deal and the turns: draw one card (draw pile or top of the discard pile), then place it at the end of
your lifeline, replace a Year card with it, or discard it; Life Complete and Universe cards are played at
once and are the whole turn. After each turn the next player's turn starts (Annoying Universe acts then)."""

from __future__ import annotations


from companion.rules import turn_order
from companion.rules.contract import RuleError
from companion.rules.games.unyielding_universe.cards import Card, LifeCompleteCard, UniverseCard, YearCard, describe
from companion.rules.games.unyielding_universe.lifeline import (annoy, balanced, cap, refresh_qualifications,
                                                                remove_years)
from companion.rules.games.unyielding_universe.places import draw_pile_size, find_card, take, to_discard
from companion.rules.games.unyielding_universe.state import State, with_lifeline, evolve as replace
from companion.rules.games.unyielding_universe.universe import check_not_forbidden, play_universe


def deal(state: State, player: int, card_ids: list[str] | None) -> State:
    """The cards dealt to a player at the start of the round, in the order received: each Year card goes into the
    lifeline; a Life Complete or Universe card, or a Year card of a year the lifeline already has, goes back into the
    draw pile (the rulebook's setup, step 4) and the player is owed another card."""
    n, name = state.constants.cards_dealt_at_setup, state.name(player)
    if state.turn_number > 0:
        raise RuleError("The deal is over: Year cards are dealt only before the first turn of the round.")
    owed = n - state.lifelines[player].dealt
    if owed <= 0:
        raise RuleError(f"{name} already has the {n} Year cards dealt at setup.")
    if not card_ids:
        raise RuleError(f"Say which cards {name} was dealt, as printed, or let the app deal them (Deal for us).")
    if len(card_ids) > owed:
        raise RuleError(f"{name} is dealt {n} Year cards at setup and has {n - owed}: enter at most {owed} more "
                        f"card{'s' if owed != 1 else ''} now, not {len(card_ids)} (a card that goes back into the draw "
                        "pile counts; enter the one dealt in its place next).")
    for card_id in card_ids:
        card = find_card(state, card_id)
        state, _ = take(state, card_id, "draw_pile")  # refused (with the card's name) when it cannot be there
        if goes_back(state, player, card):
            continue  # shuffled back into the draw pile: nothing changes but the words of the history
        line = state.lifelines[player]
        state = with_lifeline(state, player, replace(line, years=line.years + (card_id,), dealt=line.dealt + 1))
    return refresh_qualifications(state)


def goes_back(state: State, player: int, card: Card) -> bool:
    """Whether a card dealt at setup goes back into the draw pile: it is not a Year card, or the lifeline already
    has a Year card of its year (no duplicate years, unless the house rule allows them)."""
    if not isinstance(card, YearCard):
        return True
    if state.constants.duplicate_years_allowed:
        return False
    return any(state.catalog.year(other).year == card.year for other in state.lifelines[player].years)


def returned(state: State, player: int, card_ids: list[str]) -> list[str]:
    """The cards of a deal that go back into the draw pile, for the history (what `deal` does, without refusing)."""
    back = []
    for card_id in card_ids:
        card = state.catalog.find(card_id)
        if card is None:
            continue
        if goes_back(state, player, card):
            back.append(card_id)
        elif isinstance(card, YearCard):
            line = state.lifelines[player]
            state = with_lifeline(state, player, replace(line, years=line.years + (card_id,), dealt=line.dealt + 1))
    return back


def choose_first_player(state: State, player: int) -> State:
    if state.turn_number > 0:
        raise RuleError("The starting player is picked before the first turn of the round.")
    return replace(state, first_player=player, turn=player)


def place_at_end(state: State, player: int, card_id: str, source: str) -> State:
    state, card = _draw(state, player, card_id, source)
    card = _year(card, "placed in a lifeline")
    line = state.lifelines[player]
    limit = state.constants.max_lifeline_cards
    if limit and len(line.years) >= limit:
        raise RuleError(f"{state.name(player)}'s lifeline already holds {limit} Year cards, the most it may hold.")
    _check_playable(state, player, card, None)
    state = with_lifeline(state, player, replace(line, years=line.years + (card_id,)))
    return end_turn(state, player)


def replace_card(state: State, player: int, card_id: str, source: str, replaced: str) -> State:
    line = state.lifelines[player]
    if replaced not in line.years:
        found = state.catalog.find(replaced)
        raise RuleError(f"{describe(found) if found else 'That card'} is not a Year card in {state.name(player)}'s "
                        "lifeline: only a Year card of your own lifeline can be replaced (never Life Begins or Life "
                        "Complete).")
    state, card = _draw(state, player, card_id, source)
    card = _year(card, "put in place of a Year card")
    _check_playable(state, player, card, replaced)
    line = state.lifelines[player]
    index = line.years.index(replaced)
    state = with_lifeline(state, player, replace(line, years=line.years[:index] + (card_id,) + line.years[index + 1:]))
    return end_turn(to_discard(state, replaced), player)


def discard_drawn(state: State, player: int, card_id: str, source: str) -> State:
    state, card = _draw(state, player, card_id, source)
    _year(card, "discarded")
    return end_turn(to_discard(state, card_id), player)


def play_life_complete(state: State, player: int, card_id: str, source: str) -> State:
    """The Life Complete card joins the end of the drawer's lifeline and removes the balanced cards older
    than its age; one already there is replaced only by a younger one, else the drawn card is discarded."""
    state, card = _draw(state, player, card_id, source)
    if not isinstance(card, LifeCompleteCard):
        raise RuleError(f"{describe(card)} is not a Life Complete card.")
    line = state.lifelines[player]
    if line.life_complete is not None:
        mine = state.catalog.life_complete(line.life_complete)
        if state.constants.life_complete_replace_only_by_younger and card.age >= mine.age:
            return end_turn(to_discard(state, card_id), player)  # it cannot replace; the turn is used
        state = to_discard(state, mine.id)
    keep = set(balanced(state, line))
    state = with_lifeline(state, player, replace(line, life_complete=card_id))
    state, removed = remove_years(state, lambda p, year: p == player and year.id in keep and year.year > card.age)
    return end_turn(to_discard(state, *removed), player)


def play_universe_card(state: State, player: int, card_id: str, source: str) -> State:
    state, card = _draw(state, player, card_id, source)
    if not isinstance(card, UniverseCard):
        raise RuleError(f"{describe(card)} is not a Universe card.")
    return end_turn(play_universe(state, card), player)


def check_turn(state: State, player: int) -> None:
    """Turns start once everyone is dealt, and go around the table in order."""
    if state.dealing():
        short = next(p for p, line in enumerate(state.lifelines) if line.dealt < state.constants.cards_dealt_at_setup)
        raise RuleError(f"The deal is not finished: each player is dealt {state.constants.cards_dealt_at_setup} "
                        f"Year cards before the first turn, and {state.name(short)} has "
                        f"{state.lifelines[short].dealt}.")
    turn_order.check_turn(state.turn, player, state.name, "players take turns in order around the table")


def end_turn(state: State, player: int) -> State:
    """The turn is over: the next player's turn starts, and Annoying Universe moves their Annoyed cards."""
    state = refresh_qualifications(state)
    following = turn_order.following(player, len(state.players))
    state = replace(state, turn=following, turn_number=state.turn_number + 1, last_mover=player)
    return refresh_qualifications(annoy(state, following))


def _draw(state: State, player: int, card_id: str, source: str) -> tuple[State, Card]:
    check_turn(state, player)
    if draw_pile_size(state) <= 0:
        raise RuleError("The draw pile has run out, so the round is over: end it (The draw pile ran out) and score "
                        "it. If the table still has cards in its draw pile, put them where the table has them under "
                        "More actions first.")
    return take(state, card_id, source)


def _year(card: Card, action: str) -> YearCard:
    if isinstance(card, LifeCompleteCard):
        raise RuleError(f"A drawn Life Complete card is played at once to your own lifeline (Play Life Complete); "
                        f"it cannot be {action}.")
    if isinstance(card, UniverseCard):
        raise RuleError(f"A drawn Universe card is played at once beside the draw pile (Play the Universe card); "
                        f"it cannot be {action}.")
    return card


def _check_playable(state: State, player: int, card: YearCard, instead_of: str | None) -> None:
    check_not_forbidden(state, card)
    line = state.lifelines[player]
    limit = cap(state, line)
    if limit is not None and card.year > limit:
        assert line.life_complete is not None  # cap() gives a limit only under a Life Complete card
        printed = state.catalog.life_complete(line.life_complete).age
        why = f"Life Complete {printed}"
        if limit != printed and state.universe is not None:  # a Universe card lowered the cap
            why += f" ({state.catalog.universe(state.universe).name} makes it count as {limit})"
        raise RuleError(f"{state.name(player)}'s lifeline is capped at {limit} by {why}: no card older than "
                        f"{limit} may be played into it.")
    _check_duplicate(state, player, card, instead_of, "")


def _check_duplicate(state: State, player: int, card: YearCard, instead_of: str | None, advice: str) -> None:
    if state.constants.duplicate_years_allowed:
        return
    others = list(state.lifelines[player].years)
    if instead_of is not None:
        others.remove(instead_of)
    for other in others:
        if state.catalog.year(other).year == card.year:
            raise RuleError(f"{state.name(player)}'s lifeline already has a year {card.year} card "
                            f"({state.catalog.year(other).name}): no duplicate years are allowed in a lifeline."
                            + advice)
