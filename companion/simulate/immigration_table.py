"""A seeded model of an Unsettled table: shuffled Op and Resource piles, every hand's real cards, the bots' answers.

The rules keep hands as counts; this model holds the cards themselves. After each event it moves the cards
the event moved (payments to the Resource discard, played cards out of hands, a Lawyer that answered), then
draws for every hand the rules say grew. The Op discard pile is the rules' own record of it; when the Op
pile runs out it is shuffled back and the rules are told (reshuffle_op_discard).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from companion.bots.flowrun import Bot, new_bot
from companion.bots.immigration_hand import World, new_world
from companion.bots.unsettled_immigration import ImmigrationHost
from companion.rules import Event, RuleError, SetupConfig, rules_for
from companion.rules.games.unsettled_immigration import board
from companion.rules.games.unsettled_immigration.cards import KINDS
from companion.rules.games.unsettled_immigration.state import current_turn
from companion.simulate.record import GameResult, Match, SimulationError
from companion.simulate.turns import play_turn

MAX_TURNS = 600  # a game this long has stalled: it is reported as "turn limit"


class ImmigrationTable:
    """The physical cards of one game: both draw piles, the Resource discard pile and each player's hand."""

    host: Callable[[int], ImmigrationHost]  # each seat's host, set by play_game

    def __init__(self, match: Match, rules: Any, world: World):
        game, self.rng, self.rules = match.game, match.rng, rules
        self.ops_pile = [c.id for c in game.deck("op").cards for _ in range(c.count)]
        self.res_pile = [c["resource"] for c in game.deck("resource").cards for _ in range(c.count)]
        self.rng.shuffle(self.ops_pile)
        self.rng.shuffle(self.res_pile)
        self.res_discard: list[str] = []
        self.hands: list[tuple[list[str], Counter[str]]] = [([], Counter()) for _ in world.state.players]
        self.lost: list[list[str]] = [[] for _ in world.state.players]   # cards each hand lost that its bot was not told of
        self.drawn: list[list[str]] = [[] for _ in world.state.players]  # cards each hand drew that its bot was not told of
        self.world = world
        self.asking = 0  # the seat placing its starting Milestone, before the first turn

    # -- events and the cards they move -------------------------------------------------------------
    def apply(self, kind: str, payload: dict[str, Any]) -> None:
        """A table event (not a bot's): applied by the rules, its cards moved."""
        before = self.world.state
        after = self.rules.apply(before, Event(0, kind, payload))
        self.world = self.world.with_state(self.witness(kind, payload, before, after))

    def witness(self, kind: str, payload: dict[str, Any], before: Any, after: Any) -> Any:
        """Moves the cards `kind` moved, then deals what the rules say each hand drew; returns the state once the
        table's own chores (an Op reshuffle) are recorded too."""
        # the seat whose cards the event moves; None for an event that moves none of a hand's cards
        mover: Any = before.turn.player if before.turn else payload.get("player")
        if "card" in payload and kind in ("place_starting_milestone", "buy_milestone", "play_attack", "play_action"):
            self.hands[mover][0].remove(payload["card"])
        for resource in KINDS:
            for _ in range(payload.get(resource) or 0):
                self.hands[mover][1][resource] -= 1
                self.res_discard.append(resource)
        if payload.get("defense"):
            self.hands[payload["target"]][0].remove(payload["defense"])
            self.lost[payload["target"]].append(payload["defense"])
        for seat, (player, was) in enumerate(zip(after.players, before.players)):
            lost = was.resources - player.resources - sum(payload.get(k) or 0 for k in KINDS) * (seat == mover)
            self.lose_resources(seat, lost, random=kind == "play_action")
        return self.deal(after)

    def lose_resources(self, seat: int, n: int, random: bool) -> None:
        """Resource cards a hand gives up to an opponent's card: at random, or the cheapest (its own choice)."""
        held = self.hands[seat][1]
        for _ in range(max(0, n)):
            cards = sorted(held.elements(), key=KINDS.index)
            lost = cards[self.rng.randrange(len(cards))] if random else cards[0]
            held[lost] -= 1
            self.res_discard.append(lost)
            self.lost[seat].append(lost)

    def deal(self, state: Any) -> Any:
        """Draws for every hand the rules say holds more cards than the table's; returns the state, with an Op
        reshuffle recorded if the Op pile ran out."""
        for seat, player in enumerate(state.players):
            ops, res = self.hands[seat]
            while len(ops) < player.ops:
                if not self.ops_pile:
                    self.ops_pile = list(state.op_discard)
                    self.rng.shuffle(self.ops_pile)
                    if state.op_discard:  # an empty discard pile is not shuffled (the rules refuse it)
                        state = self.rules.apply(state, Event(0, "reshuffle_op_discard", {}))
                if not self.ops_pile:  # every Op card is in a hand or on a board: the rules are told the truth
                    state = self.rules.apply(state, Event(0, "set_hand", {"player": seat, "ops": len(ops)}))
                    break
                ops.append(self.ops_pile.pop())
                self.drawn[seat].append(ops[-1])
            while sum(res.values()) < player.resources:
                if not self.res_pile:
                    self.res_pile, self.res_discard = self.res_discard, []
                    self.rng.shuffle(self.res_pile)
                if not self.res_pile:  # every Resource card is in a hand: the rules are told how many were drawn
                    state = self.rules.apply(state, Event(0, "set_hand", {"player": seat,
                                                                          "resources": sum(res.values())}))
                    break
                self.drawn[seat].append(self.res_pile.pop())
                res[self.drawn[seat][-1]] += 1
            if len(ops) != state.players[seat].ops or sum(res.values()) != state.players[seat].resources:
                raise SimulationError(f"The Unsettled table lost track of {player.name}'s hand.")
        return state

    # -- the bots' questions ------------------------------------------------------------------------
    def answer(self, node: str, world: World, bot: Bot) -> str:
        seat = world.state.turn.player if world.state.turn else self.asking
        numbers = {c.id: n for n, c in enumerate(world.state.cards, start=1)}
        if node in ("ask_lost_op", "ask_lost_resource", "ask_new_op", "ask_new_resource"):
            pending = self.lost[seat] if "lost" in node else self.drawn[seat]
            wanted = (lambda c: c not in KINDS) if node.endswith("_op") else (lambda c: c in KINDS)
            found = [i for i, c in enumerate(pending) if wanted(c)]
            if not found:  # a short draw (every Resource card in a hand): nothing else was lost
                return "0" if node.endswith("_op") else "none"
            card = pending.pop(found[0])
            return card if card in KINDS else str(numbers[card])
        if node == "ask_defense":
            target = [p.name for p in world.state.players].index(self.host(seat).facts(world, bot)["attack_target"])
            return "lawyer" if any(world.state.cards[numbers[c] - 1].defense == "block" for c in self.hands[target][0]) \
                else "no"
        raise SimulationError(f"The Unsettled table cannot answer the question {node!r}.")


def play_game(match: Match) -> GameResult:
    """A whole game between bots: setup (each places a free Milestone), then turns until the VP cap."""
    rules = rules_for(match.game)
    names = tuple(f"Bot {i + 1}" for i in range(len(match.levels)))
    table = ImmigrationTable(match, rules, new_world(rules.setup(SetupConfig(names, dict(match.options), match.game))))
    hosts = [ImmigrationHost(rules, seat) for seat in range(len(names))]
    table.host = lambda seat: hosts[seat]
    for host in hosts:
        host.witness = table.witness
    bots = [new_bot(match.flow, level) for level in match.levels]
    table.world = table.world.with_state(table.deal(table.world.state))
    roll = lambda sides: match.rng.randint(1, sides)  # noqa: E731
    for seat in range(len(names)):
        table.asking = seat
        bots[seat], world, _ = play_turn(match.flow, bots[seat], table.world, hosts[seat], roll, table)
        table.world = world
    start(table)
    turns = 0
    while table.world.state.phase == "play" and turns < MAX_TURNS:
        seat = current_turn(table.world.state).player
        bots[seat], world, _ = play_turn(match.flow, bots[seat], table.world, hosts[seat], roll, table)
        table.world = world
        turns += 1
    state = table.world.state
    scores = tuple(board.vp(state, p) for p in range(len(names)))
    winners = state.winners or tuple(p for p, s in enumerate(scores) if s == max(scores))
    return GameResult(levels=tuple(match.levels), scores=scores, winners=tuple(winners), turns=turns,
                      rounds=turns // len(names), ends=("vp_cap" if state.phase == "over" else "turn_limit",))


def start(table: ImmigrationTable) -> None:
    """start_game; on a tie for the cheapest starting Milestone the table picks one of the tied players."""
    try:
        table.apply("start_game", {})
        return
    except RuleError:
        seats = list(range(len(table.world.state.players)))
        table.rng.shuffle(seats)
    for seat in seats:
        try:
            table.apply("start_game", {"first_player": seat})
            return
        except RuleError:
            continue
    raise SimulationError("No player could go first in the simulated game of Unsettled.")


def end_of(state: Any) -> str:
    """How a real game ended, in play_game's words: "vp_cap" when it reached its end, else "turn_limit"."""
    from companion.simulate.models import unwrap
    return "vp_cap" if getattr(unwrap(state, "phase"), "phase", None) == "over" else "turn_limit"
