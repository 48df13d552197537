"""Unsettled's legal moves (companion.rules.legal): every move the rules accept now, in the players' words.

Setup: each player's starting Milestone (only those that may start: no Document icon) and mulligan, and starting
the game (naming the first player only on a tie). A turn: buying each Milestone the player can pay for, with the
payments that cover its price from the cards they hold (one choice: "2 Cash + 1 Time") and an opponent's
Processing Delay as the answer; paying off each Attack on their board; each Attack and Action card, aimed at the
opponents and stacks it may hit, with the target's Lawyer or Bureaucratic Blitz as separate moves (who may answer
depends on the target); the Milestone abilities used by hand; ending the turn. A Natural Disaster waits for each
player it hit to discard a stack. The table may shuffle the Op discard pile back and stop the game by agreement;
the VP cap ends it by itself. Cards are named as printed (the Op deck's names: no other deck shares them).

The candidates are exact (the rules' own checks made here first, so `offered` only confirms them): whether a
player holds an Op card, whether copies of a card are left, which stacks an Attack may target.
"""

from __future__ import annotations

from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.unsettled_immigration import board
from companion.rules.games.unsettled_immigration.attacks import NSA_OP
from companion.rules.games.unsettled_immigration.cards import KINDS, OpCard
from companion.rules.games.unsettled_immigration.moves import milestone_due, payoff_due
from companion.rules.games.unsettled_immigration.payment import payments, words
from companion.rules.games.unsettled_immigration.state import State, Stack, card
from companion.rules.games.unsettled_immigration.turns import may_buy, starting_cost
from companion.rules.legal import Choice, Move

# Fixes for when the table and the app disagree: offered apart, under More actions.
CORRECTIONS = ("note", "set_hand", "place_milestone", "remove_milestone", "remove_attack", "set_actions")
HAND_ABILITIES = ("cycle_op", "cycle_resource", "salvage_resource")  # the abilities a player uses by hand


def legal(state: State, only: str | None = None, card_id: str | None = None) -> list[Move]:
    """The moves of the phase the game is in (of the event `only`, of the card `card_id`, when given: a bot asks for
    a few); none once it is over."""
    if state.phase == "over":
        return []
    if state.phase == "setup":
        moves = _setup(state) + [_stop()]
    else:
        moves = _play(state, only, card_id) + _table(state)
    return [m for m in moves if (only is None or m.event == only)
            and (card_id is None or m.payload.get("card") in (None, card_id))]


# -- setup --------------------------------------------------------------------------------------------------------

def _setup(state: State) -> list[Move]:
    consts = state.consts
    free = tuple((c.id, c.name) for c in _distinct(state, "milestone")
                 if consts.start_document_allowed or not c.has_document)
    moves = []
    for i, pl in enumerate(state.players):
        if len(pl.starting) < consts.start_free_milestones and pl.ops > 0:
            moves.append(Move("place_starting_milestone", f"Starting Milestone for {pl.name}", {"player": i},
                              (Choice("card", "The Milestone from their starting hand", "card", free),),
                              group="setup", submit="Place it",
                              help="Free, once: a Milestone without a Document icon."))
        if not pl.starting and pl.mulligans < consts.mulligans:
            moves.append(Move("mulligan", f"Mulligan for {pl.name}", {"player": i}, group="setup",
                              help=f"Discard the whole starting hand and draw {consts.starting_op_cards} new Op "
                                   "cards (once)."))
    costs = [starting_cost(state, i) for i in range(len(state.players))]
    tied = [i for i, c in enumerate(costs) if c == min(costs)]
    names = [p.name for p in state.players]
    if len(tied) > 1:
        moves.append(Move("start_game", "Start the game: who goes first?", {}, (
            Choice("first_player", "First player", "seat", tuple((i, names[i]) for i in tied)),),
            group="setup", primary=True, submit="Start the game",
            help=(f"{' and '.join(names[i] for i in tied)} tie for the lowest-cost starting Milestone"
                  if any(p.starting for p in state.players) else "Nobody has placed a starting Milestone yet")
            + ": the one who has spent the least time in the country you are playing in goes first."))
    else:
        moves.append(Move("start_game", "Start the game", group="setup", primary=True,
                          help=f"{names[tied[0]]} goes first: the lowest-cost starting Milestone."))
    return moves


# -- the turn -----------------------------------------------------------------------------------------------------

def _play(state: State, only: str | None = None, card_id: str | None = None) -> list[Move]:
    assert state.turn is not None  # a game in play has a turn
    t = state.turn
    i, me = t.player, state.players[t.player]
    if state.disaster:
        return [_disaster(state, j) for j in state.disaster]
    moves: list[Move] = []
    if t.actions > 0:
        if only in (None, "buy_milestone"):
            moves += _buys(state, i, card_id)
        if only in (None, "pay_off_attack"):
            moves += _pay_offs(state, i)
        if me.ops > 0 and only in (None, "play_attack"):
            for c in _distinct(state, "attack"):
                if _left(state, c) and card_id in (None, c.id):
                    moves += _attack(state, i, c)
        if me.ops > 0 and only in (None, "play_action"):
            for c in _distinct(state, "action"):
                if _left(state, c) and c.timing == "own_turn" and card_id in (None, c.id):
                    moves += _action(state, i, c)
    moves += _abilities(state, i)
    moves.append(Move("end_turn", f"End {me.name}'s turn", seat=i, primary=t.actions == 0,
                      help="" if t.actions == 0 else f"{me.name} still has {t.actions} "
                                                     f"action{'s' if t.actions != 1 else ''} left."))
    return moves


def _table(state: State) -> list[Move]:
    moves = []
    if state.op_discard:
        moves.append(Move("reshuffle_op_discard", "Shuffle the Op discard pile back into the draw pile",
                          help="When the Op draw pile runs out."))
    moves.append(_stop())
    return moves


def _stop() -> Move:
    return Move("end_game", "Stop the game here: the most VP wins", group="end",
                help="By agreement: the VP on the boards as they stand decide; a tie shares the win.")


def _disaster(state: State, j: int) -> Move:
    pl = state.players[j]
    return Move("discard_stack", f"Natural Disaster: {pl.name} discards a Milestone stack", {"player": j}, (
        Choice("stack", "The stack they discard", "pick",
               tuple((k, _stack_words(state, s)) for k, s in enumerate(pl.stacks))),), primary=True,
        submit="Discard it")


def _pay_choice(pays: list[tuple[int, ...]]) -> Choice:
    return Choice("", "Pay with", "pick", tuple((dict(zip(KINDS, pay)), words(pay)) for pay in pays))


def _buys(state: State, i: int, card_id: str | None = None) -> list[Move]:
    me = state.players[i]
    if me.ops < 1 or not _ok(may_buy, state, i):
        return []
    moves = []
    for c in _distinct(state, "milestone"):
        if card_id not in (None, c.id) or not _left(state, c) or not _ok(board.check_only_one, state, i, c):
            continue
        amount = milestone_due(state, i, c)[0]
        pays = payments(amount, me.resources, state.consts)
        if not pays:
            continue
        pay, printed = _pay_choice(pays), f"{c.vp} VP; printed cost {words(c.cost)}."
        delayers = _delayers(state, i)
        delay = (Choice("processing_delay_by", "An opponent plays Processing Delay on it (if anyone does)", "seat",
                        delayers, optional=True),) if delayers else ()
        moves.append(Move("buy_milestone", f"{c.name} for {amount} Time units", {"card": c.id}, (pay,) + delay,
                          seat=i, submit=f"Buy {c.name}", help=printed))
        lawyer = _defense(state, "block")
        if delayers and lawyer is not None and me.ops >= 2:
            moves.append(Move("buy_milestone", f"{c.name} for {amount} Time units, stopping a Processing Delay "
                                               f"with a {lawyer.name}", {"card": c.id, "defense": lawyer.id},
                              (pay, Choice("processing_delay_by", "Who plays the Processing Delay", "seat",
                                           delayers)), seat=i, submit=f"Buy {c.name}", help=printed))
    return moves


def _delayers(state: State, i: int) -> tuple[tuple[int, str], ...]:
    """The opponents who may answer a purchase with a Processing Delay: they hold an Op card, and a copy is left."""
    delay = next((c for c in state.cards if c.action == "processing_delay"), None)
    if delay is None or not _left(state, delay):
        return ()
    return tuple((j, pl.name) for j, pl in enumerate(state.players) if j != i and pl.ops >= 1)


def _pay_offs(state: State, i: int) -> list[Move]:
    me = state.players[i]
    moves = []
    targets: list[tuple[dict[str, Any], str, str]] = []
    if me.deport:
        targets.append(({"deport": True}, me.deport, "beside your board"))
    targets += [({"stack": k}, s.attack, f"on your {_type(s)} stack") for k, s in enumerate(me.stacks) if s.attack]
    for fixed, attack_id, where in targets:
        attack = card(state, attack_id)
        amount = payoff_due(state, i, attack)[0]
        pays = payments(amount, me.resources, state.consts)
        if pays:
            moves.append(Move("pay_off_attack", f"Pay off {attack.name} {where}: {amount} Time units", fixed,
                              (_pay_choice(pays),), seat=i, submit="Pay it off"))
    return moves


def _abilities(state: State, i: int) -> list[Move]:
    me = state.players[i]
    if me.deport:
        return []
    moves = []
    ops = tuple((c.id, c.name) for c in _distinct(state))
    for c in _distinct(state, "milestone"):
        if c.ability not in HAND_ABILITIES or not any(c.id in s.cards for s in me.stacks):
            continue
        if board.available(state, i, c.ability) < 1:
            continue
        if c.ability == "cycle_op":
            if me.ops >= 1:
                moves.append(Move("use_ability", f"Use {c.name}: discard 1 Op card, draw 1", {"card": c.id}, (
                    Choice("discard", "The Op card discarded (if you want it on record)", "card", ops,
                           optional=True),), seat=i, submit="Use it"))
        elif c.ability == "cycle_resource":
            if me.resources >= 1:
                moves.append(Move("use_ability", f"Use {c.name}: discard 1 Resource card, draw 1", {"card": c.id},
                                  seat=i))
        else:
            moves.append(Move("use_ability", f"Use {c.name}: take the top Resource discard (Time or Cash)",
                              {"card": c.id}, seat=i))
    return moves


# -- Attacks and Actions ------------------------------------------------------------------------------------------

def _aims(state: State, i: int, c: OpCard, target: int, redirected: bool = False) -> list[tuple[dict[str, Any], str]]:
    """Where `c` may land on player `target`: (payload part, words) for each stack, or the player."""
    t = state.players[target]
    if c.attack == "deport":
        if t.deport or board.active(state, target, "deport_immune"):
            return []
        return [({}, t.name)]
    if c.attack in ("cover", "discard_stack"):
        out = []
        for k, s in enumerate(t.stacks):
            if _ok(board.target_stack, state, target, k, c):
                out.append(({"stack": k}, f"{t.name}'s {_stack_words(state, s)}"))
        return out
    if redirected and ((c.action == "nsa" and t.ops + t.resources == 0)
                       or (c.action == "discard_resources" and t.resources == 0)
                       or (c.action == "skip_milestones" and t.skip_buying)):
        return []
    return [({}, t.name)]


def _aimed(state: State, i: int, c: OpCard, event: str) -> list[Move]:
    """An Attack or an attack Action: on each target it may hit; stopped by the target's Lawyer; or sent on by
    their Bureaucratic Blitz to another player (one move per player it is sent to)."""
    players = range(len(state.players))
    opponents = [j for j in players if j != i]
    moves = []
    verb = f"Play {c.name}"
    if c.action == "nsa":
        for j in opponents:
            moves.append(_nsa(state, i, c, j))
    else:
        aims = [({"target": j, **part}, words) for j in opponents for part, words in _aims(state, i, c, j)]
        if aims:
            moves.append(Move(event, verb, {"card": c.id}, (Choice("", "On", "pick", tuple(aims)),), seat=i,
                              submit="Play it"))
    answering = [j for j in opponents if state.players[j].ops >= 1]
    lawyer, blitz = _defense(state, "block"), _defense(state, "redirect")
    if lawyer is not None:
        aims = [({"target": j, **part}, words) for j in answering for part, words in _aims(state, i, c, j)]
        if aims:
            moves.append(Move(event, f"{verb}: the player it hits stops it with a {lawyer.name}",
                              {"card": c.id, "defense": lawyer.id}, (Choice("", "On", "pick", tuple(aims)),), seat=i,
                              submit="Play it"))
    if blitz is not None:
        for k in players:
            lands = _aims(state, i, c, k, redirected=True)
            if not lands:
                continue
            aims = [({"target": j, **part}, words) for j in answering if j != k
                    for part, words in _aims(state, i, c, j)]
            if not aims:
                continue
            choices: tuple[Choice, ...] = (Choice("", "Played on", "pick", tuple(aims)),)
            if c.attack in ("cover", "discard_stack"):
                choices += (Choice("redirect_stack", f"The stack of {state.players[k].name}'s it hits", "pick",
                                   tuple((part["stack"], words) for part, words in lands)),)
            elif c.action == "nsa":
                choices += (Choice("discard", f"The card {state.players[k].name} discards", "pick",
                                   _hand_cards(state, k)),)
            moves.append(Move(event, f"{verb}: the {blitz.name} sends it to {state.players[k].name}",
                              {"card": c.id, "defense": blitz.id, "redirect_to": k}, choices, seat=i,
                              submit="Play it"))
    return moves


def _nsa(state: State, i: int, c: OpCard, j: int) -> Move:
    held = _hand_cards(state, j)
    name = state.players[j].name
    if not held:
        return Move("play_action", f"Play {c.name} on {name} (their hand is empty)", {"card": c.id, "target": j},
                    seat=i)
    return Move("play_action", f"Play {c.name} on {name}", {"card": c.id, "target": j},
                (Choice("discard", f"The card {name} discards", "pick", held),), seat=i, submit="Play it")


def _hand_cards(state: State, j: int) -> tuple[tuple[str, str], ...]:
    """What NSA may discard from player j's hand: a Resource card of each kind, or an Op card, as they hold them."""
    pl = state.players[j]
    out: tuple[tuple[str, str], ...] = ()
    if pl.ops:
        out += ((NSA_OP, "an Op card"),)
    if pl.resources:
        out += tuple((k, f"a {k.title()} card") for k in KINDS)
    return out


def _attack(state: State, i: int, c: OpCard) -> list[Move]:
    return _aimed(state, i, c, "play_attack")


def _action(state: State, i: int, c: OpCard) -> list[Move]:
    if c.action_type == "attack":
        return _aimed(state, i, c, "play_action")
    if c.action_type == "event":
        return _event(state, i, c)
    return [Move("play_action", f"Play {c.name}", {"card": c.id}, seat=i)]


def _event(state: State, i: int, c: OpCard) -> list[Move]:
    """An Event: played as it is, or answered by the Bureaucratic Blitz of one opponent holding an Op card (one move
    each); either way any other such opponents may stop it with a Lawyer each, as many as copies are left."""
    lawyer, blitz = _defense(state, "block"), _defense(state, "redirect")
    able = [j for j, pl in enumerate(state.players) if j != i and pl.ops >= 1]
    left = _copies_left(state, lawyer) if lawyer else 0
    names = [p.name for p in state.players]

    def lawyers(among: list[int]) -> tuple[Choice, ...]:
        if not among or left < 1:
            return ()
        return (Choice("lawyers", "Who stops it with a Lawyer (if anyone does)", "cards",
                       tuple((j, names[j]) for j in among), low=0, high=min(left, len(among)), optional=True),)

    moves = [Move("play_action", f"Play {c.name}", {"card": c.id}, lawyers(able), seat=i, submit="Play it")]
    if blitz is not None:
        for b in able:
            moves.append(Move("play_action", f"Play {c.name}: {names[b]} answers with the {blitz.name}",
                              {"card": c.id, "blitz_by": b}, lawyers([j for j in able if j != b]), seat=i,
                              submit="Play it"))
    return moves


# -- helpers ------------------------------------------------------------------------------------------------------

def _distinct(state: State, kind: str | None = None) -> list[OpCard]:
    """The Op cards (of one kind), by their printed names."""
    return sorted((c for c in state.cards if kind is None or c.kind == kind), key=lambda c: c.name)


def _copies_left(state: State, c: OpCard) -> int:
    limit = state.consts.blitz_count if c.defense == "redirect" else c.count
    return limit - board.visible_copies(state, c.id)


def _left(state: State, c: OpCard) -> bool:
    return _copies_left(state, c) > 0


def _defense(state: State, effect: str) -> OpCard | None:
    """The Lawyer ("block") or the Bureaucratic Blitz ("redirect"), while a copy is left to play."""
    c = next((c for c in state.cards if c.defense == effect), None)
    return c if c is not None and _left(state, c) else None


def _ok(check: Any, *args: Any) -> bool:
    try:
        check(*args)
    except RuleError:
        return False
    return True


def _type(s: Stack) -> str:
    return s.type.replace("_", " ").title()


def _stack_words(state: State, s: Stack) -> str:
    names = ", ".join(card(state, c).name for c in s.cards)
    covered = f", covered by {card(state, s.attack).name}" if s.attack else ""
    return f"{_type(s)} stack ({names}{covered})"
