"""Unyielding Universe's legal moves: what the table may do now, each card named as printed.

Before the first turn of a round: the deal (the cards each player was dealt, typed as printed, or "Deal for us")
and who starts. On a turn: the card drawn from the draw pile (typed as printed), placed at the end of the lifeline,
put in place of one of its Year cards (one move per card it can replace), let go, or played at once when it is a
Life Complete or Universe card; or the top card of the discard pile, taken without typing. The end of the round
(Life Complete, A Life Well Lived, the draw pile running out) is the turn's primary move, and the game's natural
end when its scoring reaches the winning score; stopping early by agreement is always there. The rules' own
`apply` narrows every choice (companion.rules.legal.offered), so the list and the rules cannot disagree; the
candidates below are already exact, so the narrowing only confirms them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from companion.rules.contract import RuleError
from companion.rules.games.unyielding_universe.cards import Card, LifeCompleteCard, UniverseCard, YearCard, describe
from companion.rules.games.unyielding_universe.lifeline import cap, ends_with_life_complete, lives_well
from companion.rules.games.unyielding_universe.places import draw_pile_size
from companion.rules.games.unyielding_universe.public import may_claim
from companion.rules.games.unyielding_universe.rounds import close_round
from companion.rules.games.unyielding_universe.state import Lifeline, State
from companion.rules.legal import Choice, Move

# the events offered apart, under More actions, as fixes when the table and the app disagree
CORRECTIONS = ("correct_card", "set_turn", "add_points", "set_points", "note", "rename_player", "roll")


def label(state: State, card: Card) -> str:
    """A card as printed (the companion's printed-label rule: its name; no name of this game's draw pile is printed on
    two decks), then what a Year card shows in its corner, a Life Complete card its age: 'First Night Home (0,
    green)', 'Life Complete 44', 'Vengeful Universe'."""
    return describe(card)


def fits(state: State, line: Lifeline, card: YearCard, instead_of: str | None) -> bool:
    """Whether the rules let `card` into the lifeline (in place of `instead_of`): the cap, the active Universe card,
    no two Year cards of one year."""
    return fitter(state, line)(card, instead_of)


def fitter(state: State, line: Lifeline) -> Callable[[YearCard, str | None], bool]:
    """`fits` for one lifeline as it stands, its cap, Universe card and years looked up once (the moves ask it for
    every card of the deck)."""
    limit = cap(state, line)
    blocker = None
    if state.universe and state.constants.remove_blocks_play:
        universe = state.catalog.universe(state.universe)
        blocker = universe if universe.removes else None
    mine: dict[int, list[str]] = {}
    if not state.constants.duplicate_years_allowed:
        for card_id in line.years:
            mine.setdefault(state.catalog.year(card_id).year, []).append(card_id)

    def fits_here(card: YearCard, instead_of: str | None) -> bool:
        if limit is not None and card.year > limit:
            return False
        if blocker is not None and blocker.hits(card):
            return False
        same = mine.get(card.year)
        return not same or same == [instead_of]
    return fits_here


def legal(state: State, only: str | None = None) -> list[Move]:
    """The moves the rules may accept now (the contract narrows them to what `apply` takes); with `only`, the moves
    of that event alone (what a bot checks its move against)."""
    if state.finished:
        return []
    moves: list[Move] = []
    if state.dealing():
        moves += _deal(state)
    elif draw_pile_size(state) > 0:
        moves += _turn(state, only)
    moves += _round_end(state)
    if state.turn_number == 0:
        moves.append(Move("choose_first_player", f"Who starts round {state.round}", {},
                          (Choice("player", "The starting player", "seat",
                                  tuple((p, name) for p, name in enumerate(state.players))),),
                          group="setup", submit="They start"))
    moves.append(Move("finish", "Stop the game here by agreement: the highest totals win", group="end"))
    return moves if only is None else [m for m in moves if m.event == only]


def _deal(state: State) -> list[Move]:
    """Each player still short of their dealt cards: the cards they were dealt, as printed, in the order received
    (any card of the draw pile: one that cannot stay goes back into it); or the app deals for the table."""
    n, pile = state.constants.cards_dealt_at_setup, _pile(state)
    catalog = state.catalog
    cards = _listed(state, [c for group in (catalog.years, catalog.life_completes, catalog.universes) for c in group
                            if c.id in pile])
    moves: list[Move] = []
    for player, line in enumerate(state.lifelines):
        if line.dealt >= n:
            continue
        left = n - line.dealt
        name = state.name(player)
        what = f"the {left} cards" if left > 1 else "the last card"
        moves.append(Move("deal", f"Cards dealt to {name}", {"player": player},
                          (Choice("cards", f"{what.capitalize()} {name} was dealt, in the order received", "cards",
                                  cards, low=1, high=left, draw="Deal for us"),),
                          group="setup", primary=not moves, submit="Record the deal",
                          help=f"A Life Complete or Universe card, or a year {name} already has, goes back into the "
                               f"draw pile: {name} is dealt another card."))
    return moves


def _turn(state: State, only: str | None = None) -> list[Move]:
    """The player whose turn it is: the card drawn from the draw pile, or the top card of the discard pile."""
    player, line = state.turn, state.lifelines[state.turn]
    name, fit, pile = state.name(player), fitter(state, line), _pile(state)
    years = [c for c in state.catalog.years if c.id in pile]
    drawn = {"player": player, "source": "draw_pile"}
    picked = "The card drawn, as printed"

    def wanted(event: str) -> bool:
        return only is None or only == event

    moves = []
    if wanted("place_at_end"):
        moves.append(Move("place_at_end", f"{name} drew a Year card: place it at the end of the lifeline", drawn,
                          (Choice("card", picked, "card", _listed(state, [c for c in years if fit(c, None)])),),
                          seat=player, submit="Place it at the end"))
    if wanted("replace_card") and line.years:
        moves += _replacing(state, player, line, years, fit, drawn, picked)
    if wanted("discard_drawn"):
        moves.append(Move("discard_drawn", f"{name} drew a Year card and lets it go", drawn,
                          (Choice("card", picked, "card", _listed(state, years)),), seat=player, submit="Discard it"))
    if wanted("play_life_complete"):
        moves.append(Move("play_life_complete", f"{name} drew a Life Complete card: it goes to {name}'s lifeline",
                          drawn, (Choice("card", picked, "card", _listed(state, [
                              c for c in state.catalog.life_completes if c.id in pile])),), seat=player,
                          submit="Play it"))
    if wanted("play_universe"):
        moves.append(Move("play_universe", f"{name} drew a Universe card: it goes beside the draw pile", drawn,
                          (Choice("card", picked, "card", _listed(state, [
                              c for c in state.catalog.universes if c.id in pile])),), seat=player, submit="Play it"))
    if state.discard:
        top = state.catalog.find(state.discard[-1])
        assert top is not None  # only the deck's cards reach the discard pile
        took = {"player": player, "source": "discard", "card": top.id}
        title = label(state, top)
        if isinstance(top, YearCard):
            if fit(top, None):
                moves.append(Move("place_at_end", f"{name} takes {title} from the discard pile and places it at the "
                                  "end of the lifeline", took, seat=player))
            for replaced in dict.fromkeys(line.years):
                if fit(top, replaced):
                    moves.append(Move("replace_card", f"{name} takes {title} from the discard pile: it replaces "
                                      f"{label(state, state.catalog.year(replaced))}",
                                      {**took, "replaced": replaced}, seat=player))
            moves.append(Move("discard_drawn", f"{name} takes {title} from the discard pile and lets it go again",
                              took, seat=player))
        elif isinstance(top, LifeCompleteCard):
            moves.append(Move("play_life_complete", f"{name} takes {title} from the discard pile and plays it",
                              took, seat=player))
        elif isinstance(top, UniverseCard):
            moves.append(Move("play_universe", f"{name} takes {title} from the discard pile and plays it", took,
                              seat=player))
    return [m for m in moves if wanted(m.event)]


def _replacing(state: State, player: int, line: Lifeline, years: list[YearCard],
               fit: Callable[[YearCard, str | None], bool], drawn: dict[str, object], picked: str) -> list[Move]:
    """A drawn Year card put in place of one of the lifeline's: any card that fits with any card it replaces (two
    independent choices), and apart, a card whose year the lifeline already has, which can replace only that card."""
    name = state.name(player)
    moves = [Move("replace_card", f"{name} drew a Year card: it replaces one of the lifeline", drawn,
                  (Choice("card", picked, "card", _listed(state, [c for c in years if fit(c, None)])),
                   Choice("replaced", "The Year card it replaces", "pick",
                          tuple((c, label(state, state.catalog.year(c))) for c in dict.fromkeys(line.years)))),
                  seat=player, submit="Replace it")]
    if not state.constants.duplicate_years_allowed:
        for replaced in dict.fromkeys(line.years):
            year = state.catalog.year(replaced).year
            twins = [c for c in years if c.year == year and c.id != replaced and fit(c, replaced)]
            if twins:
                moves.append(Move("replace_card", f"{name} drew a Year card of the same year: it replaces "
                                  f"{label(state, state.catalog.year(replaced))}", {**drawn, "replaced": replaced},
                                  (Choice("card", picked, "card", _listed(state, twins)),), seat=player,
                                  submit="Replace it"))
    return moves


def _pile(state: State) -> set[str]:
    """The ids of the cards in the draw pile now (at least one copy)."""
    used: dict[str, int] = {}
    for card_id in state.discard:
        used[card_id] = used.get(card_id, 0) + 1
    for line in state.lifelines:
        for card_id in (*line.years, *((line.life_complete,) if line.life_complete else ())):
            used[card_id] = used.get(card_id, 0) + 1
    if state.universe:
        used[state.universe] = used.get(state.universe, 0) + 1
    catalog = state.catalog
    return {card.id for group in (catalog.years, catalog.life_completes, catalog.universes) for card in group
            if card.id not in catalog.left_out and card.count > used.get(card.id, 0)}


def _listed(state: State, cards: Iterable[Card]) -> tuple[tuple[str, str], ...]:
    """The cards as options, each by its printed label, in the players' alphabetical order."""
    return tuple(sorted(((card.id, label(state, card)) for card in cards), key=lambda option: option[1].casefold()))


def _round_end(state: State) -> list[Move]:
    """The round's end, three ways; each is the game's natural end when its scoring reaches the winning score."""
    moves = []
    if not state.dealing():
        for player in dict.fromkeys(p for p in (state.turn, state.last_mover) if p is not None):
            if ends_with_life_complete(state, state.lifelines[player]):
                moves.append(_ending(state, "end_round", {"player": player}, player,
                                     f"{state.name(player)}'s life is complete: end the round"))
        if may_claim(state, state.turn) and lives_well(state, state.lifelines[state.turn]):
            moves.append(_ending(state, "claim_life_well_lived", {"player": state.turn}, state.turn,
                                 f"{state.name(state.turn)}: “A Life Well Lived!” End the round"))
        if draw_pile_size(state) <= 0:
            moves.append(_ending(state, "draw_pile_ran_out", {}, None, "The draw pile ran out: end the round"))
    return moves


def _ending(state: State, event: str, payload: dict[str, int], seat: int | None, words: str) -> Move:
    reason = {"end_round": "life_complete", "claim_life_well_lived": "life_well_lived"}.get(event, "draw_pile_empty")
    try:
        final = close_round(state, reason, seat).finished
    except RuleError:
        final = False
    if final:
        return Move(event, f"{words}: the winning score is reached, the game ends", payload, seat=seat, group="end",
                    primary=True)
    return Move(event, f"{words} and score it", payload, seat=seat, primary=True)
