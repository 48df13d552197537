"""Emigration's legal moves: every move the rules accept now, each labelled as the players would say it.

At Setup the table deals its own cards and records each as it lies (by its printed name), or has the app deal the
rest; then whoever rolled highest starts. In Phase 1 the player whose turn it is may GRADUATE or SELL before the
Required Action: BUY, DISCARD or ACTIVATE an available card of any Card Layout, BUY a Passport or Ticket or SKIP A
TURN for one, buy another player's spare one, GO TO COLLEGE, or forfeit when none is possible. In Phase 2 each player
trades for Assurance, then crosses at a lane; the last crossing ends the game. The table may end the game early by
agreement. The contract (companion.rules.legal.offered) keeps of these only what `apply` accepts.
"""

from __future__ import annotations

from itertools import combinations

from companion.rules.games.emigration.border import most_sets
from companion.rules.games.emigration.deal import can_deal, next_step, step_words
from companion.rules.games.emigration.layout import (available, available_slots, can_turn_up, place_words, take,
                                                     waiting)
from companion.rules.games.emigration.life import DISCARDS, NAMES_A_PLAYER, ROLLS
from companion.rules.games.emigration.state import HIDDEN, State, holding, listed
from companion.rules.games.emigration.turns import can_go_to_college, required_action
from companion.rules.legal import Choice, Move

PAPERS = ("document", "connection")


def legal(state: State) -> list[Move]:
    """The moves the table may make now: the deal at Setup, the current player's actions in each phase, and ending
    the game by agreement once it has started; nothing once the game is over (corrections aside)."""
    if state.phase == "over":
        return []
    if state.phase == "setup":
        return _setup(state) + [Move("stop", "Stop here by agreement, before the game starts: nobody wins",
                                     group="end")]
    moves = _preparation(state) if state.phase == "preparation" else _border(state)
    entered = [p.name for p in state.players if p.entered]
    winners = listed(entered) + (" win" if len(entered) > 1 else " wins") if entered else "nobody wins"
    moves.append(Move("stop", f"Stop the game here by agreement: {winners} (only players who entered win)",
                      group="end"))
    return moves


def _label(state: State, card_id: str) -> str:
    return state.data.card(card_id).label


def _die(state: State, label: str = "The die, as it fell") -> Choice:
    return Choice("fell", label, "die", tuple((n, str(n)) for n in range(1, state.data.die + 1)), draw="Roll for us")


def _setup(state: State) -> list[Move]:
    d = state.data
    if not state.packs:
        recommended = tuple(p for p in d.recommended_packs if p in d.packs())
        combos = sorted(combinations(d.packs(), d.life_packs), key=lambda c: not set(recommended) <= set(c))
        options = tuple((list(c), listed(c) + (" (recommended)" if set(recommended) <= set(c) else ""))
                        for c in combos)
        return [
            Move("choose_packs", "We deal the cards ourselves: first, the Life card packs we shuffle in", {},
                 (Choice("packs", f"The {d.life_packs} Life card packs", "pick", options),), group="setup",
                 primary=True, submit="Shuffle these in",
                 help="Then the page asks for each card as you deal it, by its printed name."),
            Move("deal", "Deal for us: the app shuffles and deals every card and rolls for who starts", {},
                 (Choice("packs", "Life card packs (left empty: the recommended ones)", "pick", options,
                         optional=True),), group="setup", submit="Deal for us"),
        ]
    step = next_step(state)
    if step is None:
        seats = tuple((p, player.name) for p, player in enumerate(state.players))
        return [Move("deal", "Who starts? Each player rolls the die; the highest roll starts", {},
                     (Choice("first_player", "Who rolled highest", "seat", seats, draw="Roll for us"),),
                     group="setup", primary=True, submit="Start the game")]
    what, p, place = step
    fixed: dict[str, object] = {"what": what, "place": place}
    if p is not None:
        fixed["player"] = p
    cards = tuple((c, _label(state, c)) for c in dict.fromkeys(can_deal(state, step)))
    return [
        Move("deal_card", f"{step_words(state, step)}: which card was dealt?", fixed,
             (Choice("card", "The card, by its printed name", "card", cards, draw="Deal for us"),),
             group="setup", primary=True, submit="Record it"),
        Move("deal", "Deal the rest for us and roll for who starts", {}, group="setup"),
    ]


def _preparation(state: State) -> list[Move]:
    d, p = state.data, state.turn
    pending = waiting(state)
    if pending:  # Revealing Cards: the table turns the uncovered card face up before anyone acts again
        owner, slot = pending[0]
        cards = tuple((c, _label(state, c)) for c in can_turn_up(state))
        return [Move("turn_up", f"{place_words(state, owner, slot)} is uncovered: which card is it, turned face up?",
                     {"owner": owner, "slot": slot},
                     (Choice("card", "The card, by its printed name", "card", cards, draw="Draw for us"),),
                     group="chance", primary=True, submit="Turn it face up")]
    me = state.players[p]
    who = {"player": p}
    moves: list[Move] = []
    # Optional Actions, before the Required Action
    if me.in_college and not state.graduation_tried:
        moves.append(Move("graduate", f"{me.name} tries to graduate ("
                          + ", ".join(str(r) for r in d.graduation_rolls[:-1]) + f" or {d.graduation_rolls[-1]} "
                          "graduates)", who, (_die(state),), seat=p, submit="Try to graduate",
                          help="Optional, before the Required Action."))
    for card in dict.fromkeys(c for c in me.stash if d.card(c).kind in PAPERS):
        moves.append(Move("sell", f"{me.name} sells the {_label(state, card)} for {d.sell_money} money",
                          {"player": p, "card": card}, seat=p, short="Sell"))
    # Required Actions
    for card in dict.fromkeys(state.passports + state.tickets):
        info = d.card(card)
        moves.append(Move("buy_travel", f"{me.name} buys the {info.label} for {info.price} money",
                          {"player": p, "card": card}, seat=p, short="Buy"))
        moves.append(Move("take_by_skipping", f"{me.name} skips a turn to take the {info.label}",
                          {"player": p, "card": card}, seat=p, short="Skip a turn for it"))
    for seller, other in enumerate(state.players):
        if seller == p:
            continue
        for kind in ("passport", "ticket"):
            spare = holding(state, seller, kind)
            if len(spare) < 2:
                continue
            for card in dict.fromkeys(spare):
                info = d.card(card)
                moves.append(Move("scalp", f"{me.name} buys {other.name}'s spare {info.label} for "
                                  f"{info.price + d.scalping_fee} money", {"player": p, "seller": seller, "card": card},
                                  seat=p, short="Buy it"))
    for owner in range(len(state.players)):
        for slot in available_slots(state, owner):
            moves += _layout_moves(state, owner, slot)
    home = d.card(me.nationality).money
    if can_go_to_college(state, p):  # (a move whose only choice is a die is kept by the contract even when refused)
        moves.append(Move("go_to_college", f"{me.name} goes to college (the tuition is the die plus {home})", who,
                          (_die(state),), seat=p, submit="Go to college"))
    moves.append(Move("forfeit", f"{me.name} can do no Required Action and forfeits the turn", who, seat=p,
                      primary=required_action(state, p) is None))
    return moves


def _layout_moves(state: State, owner: int, slot: int) -> list[Move]:
    """The moves on the available card at `slot` of `owner`'s Card Layout: BUY or DISCARD a Document or
    Connection, ACTIVATE a Life card or Payday (asking what its effect needs)."""
    d, p = state.data, state.turn
    me, card = state.players[p], d.card(state.players[owner].layout[slot])
    where = {"player": p, "owner": owner, "slot": slot}
    fee = d.owner_fee if owner != p else 0
    whose = "their own Card Layout" if owner == p else f"{state.players[owner].name}'s Card Layout"
    paid = f", and pays {state.players[owner].name} {fee}" if fee else ""
    if card.kind in PAPERS:
        return [Move("buy", f"{me.name} buys the {card.label} from {whose} for {card.price} money{paid}", where,
                     seat=p, short="Buy"),
                Move("discard", f"{me.name} discards the {card.label} from {whose} and takes {d.discard_money} "
                     f"money{paid}", where, seat=p, short="Discard")]
    if me.money < fee:
        return []  # a card from someone else's Card Layout costs its owner's fee to activate
    effect = "payday" if card.kind == "payday" else card.effect
    label = f"{me.name} activates the {card.label} from {whose}{paid}"
    choices: tuple[Choice, ...] = ()
    if effect in ROLLS:
        choices = (_die(state),)
    elif effect in NAMES_A_PLAYER:
        others = tuple((q, other.name) for q, other in enumerate(state.players) if q != p)
        choices = (Choice("target", "From which player", "seat", others),)
    elif effect in DISCARDS:
        kinds = ("life",) if effect == "discard_life_card" else PAPERS
        after = take(state, owner, slot)  # the activated card leaves its place first, and may uncover one
        targets = []
        for q, other in enumerate(after.players):
            for s, c in enumerate(other.layout):
                if c in (None, HIDDEN) or d.card(c).kind not in kinds:
                    continue
                if effect == "discard_available_card" and not available(after, q, s):
                    continue
                mine = "your own" if q == p else f"{other.name}'s"
                targets.append(({"target": q, "target_slot": s}, f"the {d.card(c).label} in {mine} Card Layout"))
        what = "Life card" if effect == "discard_life_card" else "Document or Connection"
        choices = () if not targets else (Choice("", f"Which {what} it discards (left empty: none)", "pick", tuple(targets),
                          optional=True),)
    if not choices:
        return [Move("activate", label, where, seat=p, short="Activate")]
    return [Move("activate", label, where, choices, seat=p, submit="Activate")]


def _border(state: State) -> list[Move]:
    d, p = state.data, state.turn
    me = state.players[p]
    who = {"player": p}
    country = d.card(me.destination).country
    if not me.withdrawn:
        most = most_sets(state, p)
        cps, _, mps, _, dps, _, _, _ = d.card(me.destination).trade
        sets = tuple(Choice(field, f"Sets of {per} {what}", "number", low=0, high=top, optional=True)
                     for field, per, what, top in (("connection_sets", cps, "Connections", most[0]),
                                                   ("money_sets", mps, "Money", most[1]),
                                                   ("document_sets", dps, "Documents", most[2])))
        return [Move("withdraw", f"{me.name} trades everything they can for Assurance at {country}", who, seat=p,
                     primary=True),
                Move("withdraw", f"{me.name} trades only some sets for Assurance", who, sets, seat=p,
                     submit="Trade these", help="A kind left empty is traded as far as it goes.")]
    waiting = [q for q, player in enumerate(state.players) if player.entered is None]
    last = waiting == [p]
    lanes = tuple((lane + 1, f"Lane {lane + 1} ({left} token{'s' if left != 1 else ''} left)")
                  for lane, left in enumerate(state.lanes) if left)
    tokens = tuple((v, str(v)) for v in sorted(set(state.tokens)))
    return [Move("cross_border", f"Last crossing: {me.name} into {country}" if last else
                 f"{me.name} crosses into {country}", who,
                 (Choice("lane", "At which lane", "pick", lanes),
                  Choice("drawn", "The Border Control token drawn, as printed", "die", tokens, draw="Draw for us")),
                 seat=p, group="end" if last else "turn", primary=True, submit="Cross here")]
