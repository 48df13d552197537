"""A seeded model of a solo Unfair table against Quinn: the Park deck, the Market, the kaiju, and the answers.

One seat: the level is Quinn's. The model plays whole solo games through the Unfair rules with
Quinn's host around them, as the app does, event by event (Quinn's dice drawn by `prepare`, the
Kaiju City deck shuffled by `start_game`), and answers Quinn's questions from the real Park cards in
the modelled Market. The player's own park is not modelled: before Quinn shops, the player takes one
or two Market cards, and the result is Quinn's score, which is what tuning Quinn's levels needs.
"""

from __future__ import annotations

import random
from typing import Any

from companion.bots.seats import with_bots
from companion.rules import Event, SetupConfig, rules_for
from companion.simulate.record import GameResult, Match, SimulationError

PACKS = ("Kaiju", "Ocean")
MAX_EVENTS = 3000  # a solo game this long is stuck


class UnfairTable:
    """The Park deck (top last) and the Market's cards by space (None: empty or under a kaiju)."""

    def __init__(self, game: Any, rng: random.Random, spaces: int):
        self.rng = rng
        self.cards = [{"category": card["category"], "stars": card.get("stars") or 0}
                      for card in game.deck("park").cards for _ in range(card.count)]
        self.deck: list[dict] = []
        self.market: list[dict | None] = [None] * spaces

    def draw(self) -> dict:
        if not self.deck:
            self.deck = self.cards[:]
            self.rng.shuffle(self.deck)
        return self.deck.pop()

    def refill(self, kaiju_spaces: set[int]) -> None:
        """Cleanup step 4: the Market's park cards are discarded and every space without a kaiju refilled."""
        self.market = [None if space in kaiju_spaces else self.draw() for space in range(1, len(self.market) + 1)]

    def player_shops(self) -> None:
        """The player's Park step: one or two cards leave the Market before Quinn's turn."""
        for _ in range(self.rng.choice((1, 2))):
            filled = [i for i, card in enumerate(self.market) if card]
            if filled:
                self.market[self.rng.choice(filled)] = None

    def answer(self, node: str, space: int) -> str:
        """What the table sees, for each question of Quinn's flowchart."""
        here = self.market[space - 1]
        cards = [card for card in self.market if card]
        best = max((c["stars"] for c in cards if c["category"] == "attraction"), default=None)
        answers = {
            "shop_empty": here is not None, "shop_first_card": bool(cards), "best_left": best is not None,
            "shop_attraction": here is not None and here["category"] == "attraction",
            "stars_attraction": here and here["stars"], "stars_card": here and here["stars"],
            "best_stars": best, "take_lowest": cards[0]["stars"] if cards else None}
        if node not in answers or answers[node] is None:
            raise SimulationError(f"The Unfair table cannot answer Quinn's question {node!r} now.")
        value = answers[node]
        return ("yes" if value else "no") if isinstance(value, bool) else str(value)

    def carry_out(self, node: str, space: int) -> None:
        """Quinn's actions that take a card from the Market."""
        if node in ("take_attraction", "take_card"):
            self.market[space - 1] = None
        elif node in ("take_best", "take_lowest_card"):
            filled = [i for i, c in enumerate(self.market) if c and (node == "take_lowest_card"
                                                                     or c["category"] == "attraction")]
            stars = {i: c["stars"] for i, c in enumerate(self.market) if c}
            pick = filled[0] if node == "take_lowest_card" else max(filled, key=lambda i: (stars[i], -i))
            self.market[pick] = None


def play_game(match: Match) -> GameResult:
    """A whole solo game against Quinn at the seat's level; the seat's score is Quinn's."""
    if len(match.levels) != 1:
        raise SimulationError("Unfair's simulated games are solo games against Quinn: use --players 1.")
    rules = with_bots(match.game, rules_for(match.game))  # Quinn's events come with its host
    rng = match.rng
    options = {"solo": True, "packs": list(PACKS), "quinn_level": match.levels[0], **dict(match.options)}
    state = rules.setup(SetupConfig(("Player",), options, match.game))
    table = UnfairTable(match.game, rng, state.consts.market_spaces)
    table.refill(set())
    events = 0

    def act(kind: str, **payload: Any):
        nonlocal state, events
        events += 1
        if events > MAX_EVENTS:
            raise SimulationError(f"A solo game of Unfair ran past {MAX_EVENTS} events.")
        checked = rules.events[kind].check(payload)
        if rules.events[kind].random:
            checked = rules.prepare(state, kind, checked, rng)
        state = rules.apply(state, Event(events, kind, checked))

    def quinn() -> None:
        act("quinn_turn")
        seen = 0
        while True:
            bot = state.automa.bot
            for said in bot.turn[seen:]:
                table.carry_out(said.node, bot.get("space"))
            seen = len(bot.turn)
            if not bot.waiting:
                return
            act("quinn_answer", answer=table.answer(bot.waiting, bot.get("space")))

    act("start_game")
    turns = 0
    while state.phase == "play":
        if state.section == "City":
            act("reveal_city")
            for kaiju in state.market:
                table.market[kaiju.space - 1] = None
            if state.market:
                act("kaiju_roll")
        elif state.section == "Play":
            act("end_turn", player=0, action="pass")
        elif state.step == "Park":
            table.player_shops()
        elif state.step == "Cleanup":
            while state.cleanup < len(state.consts.cleanup_steps):
                act("cleanup")
            table.refill({kaiju.space for kaiju in state.market})
        if state.step in ("Events", "Park", "Guests", "Cleanup") and not state.automa.done_in(state) and (
                state.step != "Events" or state.section == "City"):
            quinn()
            turns += 1
        act("advance")
    sheet = rules.score(state)["automa"]
    return GameResult(levels=match.levels, scores=(sheet["total"],), winners=(), turns=turns, rounds=state.round,
                      ends=(f"after {state.round} rounds",))


def end_of(state: Any) -> str:
    """How a real game ended, in play_game's words: "after N rounds"."""
    from companion.simulate.models import unwrap
    inner: Any = unwrap(state, "round")
    return f"after {inner.round} rounds"
