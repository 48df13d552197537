"""The immutable state of a game of Unsettled: boards, hand counts, the turn and lasting effects.

The physical cards stay on the table. The app knows each board exactly (every card on it is named
by its Op card id when it is played) and each hand only as counts, so there is no hidden
information in the state: what a player holds is never typed in.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.plural import plural
from companion.rules.contract import RuleError
from companion.rules.games.unsettled_immigration.cards import Consts, OpCard
from companion.rules.records import evolve as replace






@dataclass(frozen=True)
class Stack:
    """Milestones of one type stacked on a board; `attack` is the Attack covering (collapsing) it."""

    type: str
    cards: tuple[str, ...]
    attack: str | None = None


@dataclass(frozen=True)
class Player:
    """One player: hand counts, board (stacks, a Deport beside it) and effects waiting for their turn."""

    name: str
    ops: int
    resources: int
    stacks: tuple[Stack, ...] = ()
    deport: str | None = None
    mulligans: int = 0
    starting: tuple[str, ...] = ()   # Milestones placed free at setup
    skip_buying: bool = False        # Visa Backlog: no Milestones on their next turn
    skip_draw: bool = False          # Pandemic: no Resource draw on their next turn


@dataclass(frozen=True)
class Turn:
    """The turn in progress: whose, actions left, what was drawn and which abilities were used."""

    player: int
    number: int
    actions: int
    drew_resources: int
    drew_ops: int
    used: tuple[tuple[str, int], ...] = ()   # ability effect -> uses this turn
    bought: tuple[str, ...] = ()             # Milestones bought this turn
    no_buying: bool = False                  # Visa Backlog hit this turn

    def uses(self, effect: str) -> int:
        return dict(self.used).get(effect, 0)

    def use(self, effect: str, times: int = 1) -> Turn:
        used = dict(self.used)
        used[effect] = used.get(effect, 0) + times
        return replace(self, used=tuple(sorted(used.items())))


@dataclass(frozen=True)
class Shutdown:
    """A Government Shutdown: nobody but `exempt` buys Milestones until `player` ends `turns_left` turns."""

    player: int
    turns_left: int
    exempt: tuple[int, ...] = ()


@dataclass(frozen=True)
class State:
    """The whole game: its cards and constants, players, phase, turn and table-wide effects."""

    cards: tuple[OpCard, ...]
    consts: Consts
    vp_to_win: int
    players: tuple[Player, ...]
    phase: str = "setup"                      # setup, play, over
    first_player: int | None = None
    turn: Turn | None = None
    shutdowns: tuple[Shutdown, ...] = ()
    op_discard: tuple[str, ...] = ()          # Op cards seen going to the discard pile since its last reshuffle
    winners: tuple[int, ...] = ()
    told: str = ""                            # what the last event asks the table to do
    notes: tuple[str, ...] = ()
    disaster: tuple[int, ...] = ()            # players still to discard a stack for a Natural Disaster
    ended_by: str = ""                        # why the game ended early ("" for the VP cap)


def current_turn(state: State) -> Turn:
    """The turn in progress; a RuleError before the first turn has begun."""
    if state.turn is None:
        raise RuleError("No turn is in progress: the game has not started yet (the first player is chosen first).")
    return state.turn


def card(state: State, card_id: str) -> OpCard:
    """The Op card with this id; a RuleError naming the known ids otherwise."""
    for c in state.cards:
        if c.id == card_id:
            return c
    raise RuleError(f"Unsettled has no Op card called {card_id!r}: choose one by its printed name, "
                    f"such as {', '.join(c.name for c in state.cards[:3])}.")


def check_player(state: State, index: int) -> Player:
    if not 0 <= index < len(state.players):
        raise RuleError(f"This game has {len(state.players)} players; choose one of "
                        f"{', '.join(p.name for p in state.players)}.")
    return state.players[index]


def with_player(state: State, index: int, **changes) -> State:
    players = list(state.players)
    players[index] = replace(players[index], **changes)
    return replace(state, players=tuple(players))


def name(state: State, index: int) -> str:
    return state.players[index].name


def take_ops(state: State, index: int, n: int = 1) -> State:
    """`index` gives up n Op cards from hand; refused when the app counts fewer."""
    p = state.players[index]
    if p.ops < n:
        raise RuleError(f"{p.name} holds {plural(p.ops, 'Op card')} by the app's count, not {n}: "
                        "if the table disagrees, correct the hand under More actions (set how many cards a player holds).")
    return with_player(state, index, ops=p.ops - n)


def discard_ops(state: State, *card_ids: str | None) -> State:
    return replace(state, op_discard=state.op_discard + tuple(c for c in card_ids if c))
