"""The immutable state of a game of Emigration, and the small moves every rule makes with it.

Face-down cards and Border Control tokens hold no value in the state: what a face-down card is
gets drawn when it is turned face up, and what a lane's top token is gets drawn when it is taken.
The state only keeps what the table could count for itself (`hidden`, `tokens`), so no view, log
entry or export can give a hidden value away.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from companion.rules import turn_order
from companion.rules.contract import RuleError
from companion.rules.games.emigration.data import PLACEHOLDER_KINDS, CardInfo, Data
from companion.rules.records import evolve as replace





def listed(words) -> str:
    """Words as a sentence lists them: "Ann", "Ann and Bo", "Ann, Bo and Cy"."""
    words = [str(w) for w in words]
    return " and ".join(words) if len(words) < 3 else ", ".join(words[:-1]) + " and " + words[-1]


HIDDEN = "?"  # a face-down card in a Card Layout; None is an empty place


@dataclass(frozen=True)
class Player:
    """One player's cards, money and progress."""

    name: str
    nationality: str = ""
    destination: str = ""
    career: str = ""
    money: int = 0                       # never counts the Pay Raise tokens
    assurance: int = 0
    raises: tuple[int, ...] = ()         # Money tokens on the Pay Raise slots
    in_college: bool = False
    stash: tuple[str, ...] = ()          # bought Documents, Connections, Passports, Tickets
    pending: str | None = None           # a Passport or Ticket taken by skipping, turned upside down
    travel_bonus: bool = False           # the Passport-and-Ticket assurance was taken
    layout: tuple[str | None, ...] = ()  # card id, HIDDEN (face down) or None (gone)
    withdrawn: bool = False
    lane: int | None = None
    token: int | None = None
    entered: bool | None = None          # None until they tried to cross the border


@dataclass(frozen=True)
class State:
    """The whole table."""

    data: Data
    players: tuple[Player, ...]
    phase: str = "setup"                 # setup, preparation, border, over
    turn: int = 0
    graduation_tried: bool = False       # this turn
    packs: tuple[str, ...] = ()
    passports: tuple[str, ...] = ()      # in the middle of the table
    tickets: tuple[str, ...] = ()
    hidden: tuple[str, ...] = ()         # what the unseen cards are made of: a kind or a Life card id each
    discard: tuple[str, ...] = ()
    shocks: int = 0                      # Exchange Rate Shocks activated
    lanes: tuple[int, ...] = ()          # Border Control tokens left on each lane
    tokens: tuple[int, ...] = ()         # the values of the tokens not drawn yet, on whichever lane
    drawn: tuple[tuple[int, int, int], ...] = ()  # (lane, player, value)
    first_rolls: tuple[tuple[int, ...], ...] = ()
    dealt: tuple[tuple[str, int | None, int, str], ...] = ()  # setup: the cards the table dealt, recorded so far
    stopped: bool = False                # the table ended the game early
    news: tuple[str, ...] = ()           # what the last event did, in sentences
    notes: tuple[str, ...] = ()


def entry(card: CardInfo) -> str:
    """How a card counts among the unseen cards: its kind, or a Life card's own id."""
    return card.kind if card.kind in PLACEHOLDER_KINDS else card.id


def name(state: State, p: int) -> str:
    return state.players[p].name


def update(state: State, p: int, **changes) -> State:
    players = list(state.players)
    players[p] = replace(players[p], **changes)
    return replace(state, players=tuple(players))


def say(state: State, *sentences: str) -> State:
    return replace(state, news=state.news + sentences)


def gain(state: State, p: int, amount: int) -> State:
    return update(state, p, money=state.players[p].money + amount)


def pay(state: State, p: int, amount: int, to: int | None = None) -> tuple[State, int]:
    """`p` pays `amount` to player `to` (or the bank), or all they have if less (money never goes below 0)."""
    paid = min(amount, state.players[p].money)
    state = update(state, p, money=state.players[p].money - paid)
    if to is not None:
        state = gain(state, to, paid)
    return state, paid


def salary(state: State, p: int) -> int:
    player = state.players[p]
    return state.data.card(player.career).salary + sum(player.raises)


def holding(state: State, p: int, kind: str) -> tuple[str, ...]:
    """The cards of `kind` in player `p`'s Card Stash."""
    return tuple(c for c in state.players[p].stash if state.data.card(c).kind == kind)


def in_play(state: State, card_id: str) -> int:
    """Copies of a card that are face up somewhere: layouts, stashes, the middle or the discard pile."""
    return face_up(state)[card_id]


def face_up(state: State) -> Counter[str | None]:
    """How many copies of each card are face up somewhere: layouts, stashes, the middle or the discard pile."""
    shown: Counter[str | None] = Counter(state.discard)
    shown.update(state.passports)
    shown.update(state.tickets)
    for player in state.players:
        shown.update(player.layout)
        shown.update(player.stash)
        shown[player.pending] += 1
    return shown


def check_player(state: State, p: int, role: str = "player") -> None:
    if not 0 <= p < len(state.players):
        raise RuleError(f"There is no {role} {p}: the players are numbered 0 to {len(state.players) - 1}.")


def check_turn(state: State, p: int, phase: str) -> None:
    """RuleError unless it is `p`'s turn in `phase`."""
    check_player(state, p)
    if state.phase == "setup":
        raise RuleError("The cards are not dealt yet: tap Deal first.")
    if state.phase != phase:
        wanted = {"preparation": "Phase 1 (Preparation)", "border": "Phase 2 (Crossing the Border)"}[phase]
        now = {"preparation": "Phase 1 (Preparation)", "border": "Phase 2 (Crossing the Border)",
               "over": "the end of the game"}[state.phase]
        raise RuleError(f"That belongs to {wanted}, but the game is at {now}.")
    turn_order.check_turn(state.turn, p, lambda seat: name(state, seat), "play goes clockwise, one player at a time")
