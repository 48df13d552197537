"""Paying in Unsettled: what a cost is worth in Time units and whether a hand of Resources covers it.

Any mix of Resources pays any cost: a printed Document may be paid with 2 Influence, 4 Cash or
8 Time (the worths come from game.toml's resource_values). A Green Card removes the Document part
of a cost; ESL Classes and Rent an Apartment take a Time or a Cash off. No change is given.
Pure functions over plain numbers; `Pay` is a hand or a payment as counts per Resource.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.rules.plural import plural
from companion.rules.contract import RuleError
from companion.rules.games.unsettled_immigration.cards import KINDS, Consts

Pay = tuple[int, ...]  # Time, Cash, Influence, Document cards


def as_pay(counts: Mapping[str, int]) -> Pay:
    """Counts per Resource name (missing = 0) as a Pay tuple."""
    unknown = sorted(set(counts) - set(KINDS))
    if unknown:
        raise RuleError(f"{unknown[0]!r} is not a Resource; the Resources are {', '.join(KINDS)}.")
    return tuple(int(counts.get(k) or 0) for k in KINDS)


def units(pay: Pay, consts: Consts) -> int:
    """Worth in Time units of a cost or of a handful of Resource cards."""
    return sum(n * v for n, v in zip(pay, consts.values))


def without_documents(cost: Pay) -> Pay:
    """The Green Card rule: every Document in the cost is ignored."""
    return (cost[0], cost[1], cost[2], 0)


def due(cost: Pay, consts: Consts, green_card: bool = False, less_time: int = 0, less_cash: int = 0) -> int:
    """What a cost asks, in Time units, after a Green Card and n Time / n Cash taken off (never below 0)."""
    base = units(without_documents(cost) if green_card else cost, consts)
    return max(0, base - less_time * consts.value("time") - less_cash * consts.value("cash"))


def can_pay(hand: Pay, amount: int, consts: Consts) -> bool:
    """Whether a hand of Resources is worth at least `amount` Time units (any mix pays any cost)."""
    return units(hand, consts) >= amount


def describe(pay: Pay) -> str:
    parts = [f"{n} {k.title()}" for n, k in zip(pay, KINDS) if n]
    return ", ".join(parts) or "nothing"


def words(pay: Pay) -> str:
    """A payment as a player says it: "2 Cash + 1 Time" (the dearest cards first), "nothing" for none."""
    return " + ".join(f"{n} {k.title()}" for n, k in reversed(list(zip(pay, KINDS))) if n) or "nothing"


def payments(amount: int, held: int, consts: Consts) -> list[Pay]:
    """Every payment check_payment accepts for `amount` Time units from a hand of `held` Resource cards: worth the
    amount, no card left over that the cost does not need, at most `held` cards; the least overpaid first."""
    values = consts.values
    found: list[Pay] = []

    def fill(dearer: tuple[int, ...], worth: int, cards: int) -> None:
        k = len(values) - 1 - len(dearer)  # the kinds are tried dearest first; the cheapest count follows
        if k == 0:
            n = max(0, -(-(amount - worth) // values[0]))
            pay = (n,) + dearer
            total = worth + n * values[0]
            if cards + n <= held and not any(m and total - v >= amount for m, v in zip(pay, values)):
                found.append(pay)
            return
        most = -(-amount // values[k])  # more of one kind than covers the cost alone leaves a card unneeded
        for n in range(min(most, held - cards) + 1):
            fill((n,) + dearer, worth + n * values[k], cards + n)

    fill((), 0, 0)
    return sorted(found, key=lambda pay: (units(pay, consts), sum(pay), tuple(-n for n in reversed(pay))))


def check_payment(pay: Pay, amount: int, held: int, what: str, consts: Consts) -> str:
    """Refuses a payment that is short or needs more cards than the payer holds; says what is lost."""
    given = units(pay, consts)
    if given < amount:
        raise RuleError(f"{what} costs {amount} Time units, and {describe(pay)} is worth only {given}: "
                        "any mix of Resources may pay, but it must add up to the cost.")
    spare = next((k for k, n, v in zip(KINDS, pay, consts.values) if n and given - v >= amount), None)
    if spare is not None:
        raise RuleError(f"{what} costs {amount} Time units, and {describe(pay)} covers it even without one of the "
                        f"{spare.title()} cards: pay only the cards the cost needs (no change is given, so a card "
                        "the cost does not need stays in your hand).")
    if sum(pay) > held:
        raise RuleError(f"Paying {describe(pay)} takes {sum(pay)} Resource cards, but the app counts only "
                        f"{held} in hand: if the table disagrees, correct the hand under More actions (set how many cards a player holds).")
    if given > amount and not consts.change_given:
        return f" No change is given: {plural(given - amount, 'Time unit')} overpaid {'is' if given - amount == 1 else 'are'} lost."
    return ""
