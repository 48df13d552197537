"""Phase 2, Crossing the Border: WITHDRAW ASSURANCE TOKENS by the Destination card, then CROSS THE BORDER.

Money on the Pay Raise slots is never traded (it is not part of `money`). The missing-Document
penalty counts the Documents held before trading, comes after the trades, and never takes
assurance below zero (rulebook "Our choice").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.emigration.outcomes import Source
from companion.rules.games.emigration.state import State, check_turn, holding, replace, say, update
from companion.rules.plural import plural


@dataclass(frozen=True)
class Trade:
    """What a withdrawal gives: sets of each kind, the assurance they buy, and the penalty."""

    connection_sets: int
    money_sets: int
    document_sets: int
    gained: int
    missing: int
    penalty: int

    @property
    def total(self) -> int:
        return self.gained - self.penalty


def most_sets(state: State, p: int) -> tuple[int, int, int]:
    """The most sets of Connections, Money and Documents `p` can trade at their destination."""
    cps, _, mps, _, dps, _, _, _ = state.data.card(state.players[p].destination).trade
    return (len(holding(state, p, "connection")) // cps, state.players[p].money // mps,
            len(holding(state, p, "document")) // dps)


def trade(state: State, p: int, connection_sets: int, money_sets: int, document_sets: int) -> Trade:
    _, cpa, _, mpa, _, dpa, required, per_missing = state.data.card(state.players[p].destination).trade
    missing = max(0, required - len(holding(state, p, "document")))
    return Trade(connection_sets, money_sets, document_sets,
                 gained=connection_sets * cpa + money_sets * mpa + document_sets * dpa,
                 missing=missing, penalty=missing * per_missing)


def withdraw(state: State, p: dict[str, Any], source: Source) -> State:
    me = p["player"]
    check_turn(state, me, "border")
    player, d = state.players[me], state.data
    if player.withdrawn:
        raise RuleError(f"{player.name} has withdrawn assurance already: now CROSS THE BORDER.")
    dest = d.card(player.destination)
    cps, _, mps, _, dps, _, _, _ = dest.trade
    most = most_sets(state, me)
    wanted = tuple(most[i] if p.get(key) is None else p[key]
                   for i, key in enumerate(("connection_sets", "money_sets", "document_sets")))
    for count, top, per, what in zip(wanted, most, (cps, mps, dps), ("Connections", "Money", "Documents")):
        if not 0 <= count <= top:
            raise RuleError(f"{player.name} can trade at most {top} set{'s' * (top != 1)} of {per} {what} "
                            f"at {dest.country}, not {count} (WITHDRAW ASSURANCE TOKENS).")
    deal = trade(state, me, *wanted)
    stash = list(player.stash)
    traded = []
    for kind, count in (("connection", wanted[0] * cps), ("document", wanted[2] * dps)):
        for card in holding(state, me, kind)[:count]:
            stash.remove(card)
            traded.append(card)
    assurance = max(0, player.assurance + deal.total)
    state = update(state, me, stash=tuple(stash), money=player.money - wanted[1] * mps, assurance=assurance,
                   withdrawn=True)
    state = replace(state, discard=state.discard + tuple(traded))
    return say(state, f"{player.name} trades {plural(wanted[0], 'set')} of Connections, {wanted[1]} of Money and "
                      f"{wanted[2]} of Documents for {deal.gained} assurance, and loses {deal.penalty} for "
                      f"{plural(deal.missing, 'missing Document')}: {assurance} assurance now.")


def cross(state: State, p: dict[str, Any], source: Source) -> State:
    me, lane = p["player"], p["lane"]
    check_turn(state, me, "border")
    player, d = state.players[me], state.data
    if not player.withdrawn:
        raise RuleError(f"{player.name} must WITHDRAW ASSURANCE TOKENS before CROSSING THE BORDER.")
    if not 1 <= lane <= d.lanes:
        raise RuleError(f"The Border Control lanes are numbered 1 to {d.lanes}; there is no lane {lane}.")
    if state.lanes[lane - 1] == 0:
        raise RuleError(f"Lane {lane} has no Border Control token left: choose another lane.")
    value = source.token(state.tokens)
    tokens = list(state.tokens)
    tokens.remove(value)
    lanes = list(state.lanes)
    lanes[lane - 1] -= 1
    papers = bool(holding(state, me, "passport")) and bool(holding(state, me, "ticket"))
    paid = value if player.assurance >= value else 0  # too few tokens: they cannot pay, and stay out
    entered = papers and player.assurance >= value
    state = replace(state, tokens=tuple(tokens), lanes=tuple(lanes), drawn=state.drawn + ((lane, me, value),))
    state = update(state, me, lane=lane, token=value, entered=entered, assurance=player.assurance - paid)
    why = "" if entered else (" lacking a Passport and a Ticket" if not papers else "") + \
        (" with too few Assurance tokens" if player.assurance < value else "")
    state = say(state, f"{player.name} draws a {value} at lane {lane} and "
                       + ("enters " + d.card(player.destination).country if entered else "is turned away," + why) + ".")
    following = [q % len(state.players) for q in range(me + 1, me + len(state.players) + 1)]
    waiting = [q for q in following if state.players[q].entered is None]
    if not waiting:
        return say(replace(state, phase="over"), "Every player has tried to cross the border: the game is over.")
    return replace(state, turn=waiting[0])
