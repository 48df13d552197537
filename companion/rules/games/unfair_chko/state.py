"""The immutable state of a game of Unfair: setup choices, the round tracker, players, City, kaiju and medals.

The cards stay on the table. The app keeps what the table needs help with: the round and its steps,
coins, medals and the City's supply, the City deck it shuffled (hidden until revealed), the kaiju in
the Market, and each player's score sheet as the players enter it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.unfair_chko.consts import Consts
from companion.rules.records import evolve as replace






@dataclass(frozen=True)
class Sheet:
    """What a player's park shows at game end, as the players enter it."""

    icons: tuple[int, ...] = ()             # printed icon size of each attraction
    buried: tuple[int, ...] = ()            # cards buried under each attraction (same order)
    blueprints: tuple[int, ...] = ()        # points of each revealed blueprint
    staff: int = 0                          # staff points as the cards say
    panoramas: tuple[int, ...] = ()         # cards assembled in each panorama
    complete: tuple[bool, ...] = ()         # whether each panorama is complete
    other: int = 0


@dataclass(frozen=True)
class Player:
    name: str
    coins: int = 0
    silver: int = 0
    gold: int = 0
    loans: int = 0                          # loans taken and not repaid
    hard_passed: bool = False
    passed: bool = False                    # passed since the last event played in the Play section
    sheet: Sheet = Sheet()


@dataclass(frozen=True)
class Kaiju:
    """A kaiju rampaging in a Market space, with its current health."""

    card: str
    space: int
    health: int


@dataclass(frozen=True)
class Attack:
    """One kaiju's roll: its health when it rolled, the dice, and how many attacks it made (0: failed)."""

    card: str
    space: int
    health: int
    dice: tuple[int, ...]
    attacks: int
    healed: bool = False                    # Teravore's healing field went off


@dataclass(frozen=True)
class State:
    consts: Consts
    players: tuple[Player, ...]
    phase: str = "setup"                    # setup, play, scoring (after the last round), over
    packs: tuple[str, ...] = ()
    drawn_tokens: tuple[str, ...] = ()      # randomiser tokens drawn from the bag, in order
    game_changers: tuple[str, ...] = ()
    new_players: bool = False
    everyone_knows: bool = False            # the table confirms everyone knows the game (needed for 5)
    solo: bool = False
    automa: Any = None                      # the automated opponent's own state (Quinn: a later task)
    rounds: int = 0
    round: int = 0
    stage: int = 0                          # index into consts.stages
    starting_player: int = 0
    turn: int | None = None                 # whose turn it is in the Play section
    play_over: bool = False
    cleanup: int = 0                        # Cleanup steps done this round
    city_deck: tuple[str, ...] | None = None  # top first; None when the table keeps the City deck itself
    city_now: tuple[str, ...] = ()          # this round's City card(s)
    city_seen: tuple[str, ...] = ()         # every City card revealed, in order
    city_discard: tuple[str, ...] = ()
    city_round: int = 0                     # the round whose City card is revealed
    market: tuple[Kaiju, ...] = ()          # kaiju in the Market, by space
    rolled_round: int = 0                   # the round the kaiju last rolled in
    last_roll: tuple[Attack, ...] = ()
    supply_silver: int = 0
    supply_gold: int = 0
    dice: tuple[int, ...] = ()              # the last roll_dice
    told: str = ""                          # what the last event asks the table to do
    notes: tuple[str, ...] = ()

    @property
    def step(self) -> str:
        return self.consts.stages[self.stage][0]

    @property
    def section(self) -> str:
        return self.consts.stages[self.stage][1]

    def uses(self, changer: str) -> bool:
        return changer in self.game_changers


def player(state: State, index: int) -> Player:
    if not 0 <= index < len(state.players):
        raise RuleError(f"There is no player {index}: the players are numbered 0 to {len(state.players) - 1}.")
    return state.players[index]


def with_player(state: State, index: int, **changes: Any) -> State:
    players = list(state.players)
    players[index] = replace(player(state, index), **changes)
    return replace(state, players=tuple(players))


def pay(state: State, index: int, coins: int, why: str) -> State:
    """`index` pays `coins`; refused when they have fewer."""
    p = player(state, index)
    if coins > p.coins:
        raise RuleError(f"{p.name} has {p.coins} coins and cannot pay {coins} {why}: coins never go below 0.")
    return with_player(state, index, coins=p.coins - coins)


def playing(state: State, what: str) -> None:
    """Refuses `what` outside the rounds of play."""
    if state.phase == "setup":
        raise RuleError(f"The game has not started: {what} comes after setup (Start the game).")
    if state.phase == "scoring":
        raise RuleError(f"The rounds are over: {what} is no longer possible. Score each park, then end the game "
                        "(undo the last step on the History page if the table is still playing).")
    if state.phase == "over":
        raise RuleError(f"The game is over: {what} is no longer possible (undo the game's end to change it).")


def kaiju_at(state: State, space: int) -> Kaiju:
    for kaiju in state.market:
        if kaiju.space == space:
            return kaiju
    spaces = ", ".join(str(k.space) for k in state.market) or "none"
    raise RuleError(f"There is no kaiju in Market space {space} (kaiju are in spaces: {spaces}).")
