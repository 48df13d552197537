"""What the Unsettled bot knows of its own hand, and how it pays: Op card ids and Resource counts, learnt from the table.

The rules keep hands only as counts; a bot must know its cards to choose, so the table tells it each card it
draws and each card it loses. `World` carries the rules' State together with that knowledge, per seat.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.rules.games.unsettled_immigration.cards import KINDS
from companion.rules.games.unsettled_immigration.state import State


@dataclass(frozen=True)
class Hand:
    """A bot's cards as it knows them: Op card ids, and Resource cards counted per kind (time, cash, ...)."""

    ops: tuple[str, ...] = ()
    resources: tuple[int, ...] = (0, 0, 0, 0)


@dataclass(frozen=True)
class World:
    """The rules' state and each seat's known hand (seats that are not bots keep an empty one)."""

    state: State
    hands: tuple[Hand, ...]

    def hand(self, seat: int) -> Hand:
        return self.hands[seat]

    def with_hand(self, seat: int, hand: Hand) -> World:
        return replace(self, hands=self.hands[:seat] + (hand,) + self.hands[seat + 1:])

    def with_state(self, state: State) -> World:
        return replace(self, state=state)


def new_world(state: State) -> World:
    return World(state, tuple(Hand() for _ in state.players))


def add_resource(hand: Hand, kind: str, n: int) -> Hand:
    counts = list(hand.resources)
    counts[KINDS.index(kind)] += n
    if min(counts) < 0:
        raise ValueError(f"the bot holds no {kind} card to lose")
    return replace(hand, resources=tuple(counts))


def without_op(hand: Hand, card_id: str) -> Hand:
    ops = list(hand.ops)
    ops.remove(card_id)
    return replace(hand, ops=tuple(ops))


def payment(held: tuple[int, ...], amount: int, values: tuple[int, ...]
            ) -> tuple[int, ...] | None:
    """The cards that pay `amount` Time units losing least (no change is given), then using fewest cards;
    None when the hand is worth less."""
    if sum(n * v for n, v in zip(held, values)) < amount:
        return None
    best = None
    t_held, c_held, i_held, d_held = held
    vt, vc, vi, vd = values
    for d in range(d_held + 1):
        for i in range(i_held + 1):
            for c in range(c_held + 1):
                paid = d * vd + i * vi + c * vc
                t = max(0, -(-(amount - paid) // vt)) if paid < amount else 0
                if t > t_held:
                    continue
                pay = (t, c, i, d)
                key = (paid + t * vt - amount, sum(pay), d, i)
                if best is None or key < best[0]:
                    best = (key, pay)
                if paid >= amount:
                    break  # more Cash only overpays
    return best[1] if best else None
