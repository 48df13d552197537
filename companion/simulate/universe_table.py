"""A seeded model of an Unyielding Universe table: the shuffled draw pile, the deal, and the answers to the bot.

The rules module knows where every card is but not the order of the draw pile; this model holds that
order (a list, top last), deals each round as the rulebook says (a non-Year card is shuffled back), and
answers the bot's questions from the card it really drew. Every move goes through the rules' `apply`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.bots.flowrun import Bot, new_bot
from companion.bots.unyielding_universe import UniverseHost
from companion.rules import Event, SetupConfig, rules_for
from companion.rules.games.unyielding_universe.cards import Card, LifeCompleteCard, UniverseCard, YearCard, describe
from companion.rules.games.unyielding_universe.places import draw_pile_size, in_draw_pile
from companion.rules.games.unyielding_universe.scoring import totals, winners
from companion.rules.games.unyielding_universe.state import State
from companion.simulate.record import GameResult, Match, SimulationError
from companion.simulate.turns import play_turn

MAX_TURNS = 5000  # a game this long is stuck


class UniverseTable:
    """The physical table of one game: the draw pile's order and the card just drawn for the bot."""

    def __init__(self, match: Match, hosts: list[UniverseHost]):
        self.rng, self.hosts = match.rng, hosts
        self.pile: list[str] = []
        self.drawn: Card | None = None

    def shuffle_all(self, state: State) -> None:
        """Every card of the draw pile gathered and shuffled (a new round, or a reshuffle)."""
        cards = [card.id for group in (state.catalog.years, state.catalog.life_completes, state.catalog.universes)
                 for card in group for _ in range(in_draw_pile(state, card.id))]
        self.rng.shuffle(cards)
        self.pile = cards

    def follow(self, state: State) -> None:
        """Cards the rules put back into the draw pile (Forgiving Universe) are shuffled in."""
        if len(self.pile) != draw_pile_size(state):
            held = Counter(self.pile)
            every: list[Card] = [*state.catalog.years, *state.catalog.life_completes, *state.catalog.universes]
            back = [card_id for card_id, n in (Counter({c.id: in_draw_pile(state, c.id) for c in every}) - held).items()
                    for _ in range(n)]
            self.pile += back
            self.rng.shuffle(self.pile)

    def deal(self, state: State, rules: Any) -> State:
        """Each player is dealt Year cards one at a time; a non-Year card, or a year the player already has, goes
        back into the pile at a random place and another card is dealt."""
        self.shuffle_all(state)
        for player in range(len(state.players)):
            cards: list[str] = []
            while len(cards) < state.constants.cards_dealt_at_setup:
                card_id = self.pile.pop()
                card = state.catalog.find(card_id)
                if not isinstance(card, YearCard) or (
                        not state.constants.duplicate_years_allowed
                        and any(state.catalog.year(other).year == card.year for other in cards)):
                    self.pile.insert(self.rng.randrange(len(self.pile) + 1), card_id)
                    continue
                cards.append(card_id)
            state = rules.apply(state, Event(0, "deal", {"player": player, "cards": cards}))
        return state

    def answer(self, node: str, world: State, bot: Bot) -> str:
        """What the table sees, for each question of the bot's flowchart."""
        if node == "draw":
            self.drawn = world.catalog.find(self.pile.pop())
            return "life_complete" if isinstance(self.drawn, LifeCompleteCard) else \
                "universe" if isinstance(self.drawn, UniverseCard) else "year"
        if node == "which_year" and isinstance(self.drawn, YearCard):
            return str(self.drawn.year)
        if node == "which_age" and isinstance(self.drawn, LifeCompleteCard):
            return str(self.drawn.age)
        if node == "which_universe" and isinstance(self.drawn, UniverseCard):
            return self.drawn.id.removeprefix("univ-")
        if node == "ask_copy" and self.drawn is not None:
            asked = self.hosts[world.turn].facts(world, bot)["candidate_name"]
            return "yes" if asked == describe(self.drawn) else "no"
        raise SimulationError(f"The Unyielding Universe table cannot answer the question {node!r}.")


def play_game(match: Match) -> GameResult:
    """A whole game between bots, from the first deal to the winning score."""
    game, flow, levels, rng = match.game, match.flow, match.levels, match.rng
    rules = rules_for(game)
    state = rules.setup(SetupConfig(tuple(f"Bot {i + 1}" for i in range(len(levels))), dict(match.options), game))
    hosts = [UniverseHost(rules, seat) for seat in range(len(levels))]
    bots = [new_bot(flow, level) for level in levels]
    table = UniverseTable(match, hosts)
    turns = 0
    while not state.finished:
        if state.dealing():
            state = table.deal(state, rules)
        seat = state.turn
        bots[seat], state, _ = play_turn(flow, bots[seat], state, hosts[seat], lambda sides: rng.randint(1, sides),
                                         table)
        table.follow(state)
        turns += 1
        if turns > MAX_TURNS:
            raise SimulationError(f"An Unyielding Universe game ran past {MAX_TURNS} turns without a winner.")
    return GameResult(levels=tuple(levels), scores=tuple(totals(state)), winners=tuple(winners(state)),
                      turns=turns, rounds=turns // len(levels), ends=tuple(r.reason for r in state.rounds),
                      phases=len(state.rounds))


def end_of(state: Any) -> str:
    """How a real game ended, in play_game's words: each scored round's reason, joined by "; " (as_results splits
    them again into GameResult.ends)."""
    from companion.simulate.models import unwrap
    return "; ".join(r.reason for r in getattr(unwrap(state, "rounds"), "rounds", ()))
