"""Action cards played as the turn's action: Boosts, Amnesty, attack Actions and table-wide Events.

Events hit every other player (Government Shutdown its own player too). Against an Event, a Lawyer
keeps its player out; the single Bureaucratic Blitz keeps its player out and turns the effect on
the player who played the Event.
"""

from __future__ import annotations


from companion.rules.plural import plural
from companion.rules.contract import RuleError
from companion.rules.games.unsettled_immigration import board
from companion.rules.games.unsettled_immigration.attacks import aimed
from companion.rules.games.unsettled_immigration.cards import OpCard
from companion.rules.games.unsettled_immigration.moves import by_effect
from companion.rules.games.unsettled_immigration.state import replace, Shutdown, State, card, check_player, discard_ops, \
    name, take_ops, with_player, current_turn
from companion.rules.games.unsettled_immigration.turns import act

EVENT_ONLY = ("lawyers", "blitz_by", "stacks")
AIMED_ONLY = ("target", "stack", "defense", "redirect_to", "redirect_stack")
UNUSED_EVENT = "is not an Event: nobody answers it with a Lawyer or a Bureaucratic Blitz"
UNUSED_AIMED = "is not played on an opponent: it has no target, stack or answer"


def play_action(state: State, p: dict) -> State:
    i, c = current_turn(state).player, card(state, p["card"])
    if c.kind == "defense":
        raise RuleError(f"{c.name} is not played as an action: it answers an opponent's card when that card is "
                        "played (choose it as that card's answer).")
    if c.kind != "action":
        raise RuleError(f"{c.name} is not an Action card.")
    if c.timing == "opponent_turn":
        raise RuleError(f"{c.name} is played on an opponent's turn as they buy a Milestone: record it as the "
                        "answer to their purchase.")
    unused = [f for f in (AIMED_ONLY if c.action_type != "attack" else ()) + (
        EVENT_ONLY if c.action_type != "event" else ()) if p.get(f) not in (None, [])]
    if unused:
        raise RuleError(f"{c.name} " + (UNUSED_EVENT if unused[0] in EVENT_ONLY else UNUSED_AIMED) + ".")
    if c.action != "nsa" and p.get("discard") is not None:
        raise RuleError(f"{c.name} discards no card from a hand: only NSA does.")
    if p.get("stacks"):
        raise RuleError("Each player hit by Natural Disaster chooses the stack they discard after it is played, "
                        "one at a time: play the card without naming stacks.")
    board.check_copies(state, c)
    state = discard_ops(take_ops(act(state, f"playing {c.name}"), i), c.id)
    who = name(state, i)
    if c.action_type == "attack":
        state, told, _ = aimed(state, c, p)
    elif c.action == "draw_resources":
        state = with_player(state, i, resources=state.players[i].resources + c.amount)
        told = f"{who} draws {c.amount} Resource cards."
    elif c.action == "draw_ops":
        state = with_player(state, i, ops=state.players[i].ops + c.amount)
        told = f"{who} draws {c.amount} Op cards."
    elif c.action == "extra_action":
        state = replace(state, turn=replace(current_turn(state), actions=current_turn(state).actions + c.amount))
        told = f"{who} takes {c.amount} more actions this turn."
    elif c.action == "amnesty":
        state, told = amnesty(state, i)
    else:
        state, told = event(state, c, p)
    if c.grants_action:
        state = replace(state, turn=replace(current_turn(state), actions=current_turn(state).actions + 1))
        told += f" {who} takes 1 more action."
    return replace(state, told=told)


def amnesty(state: State, i: int) -> tuple[State, str]:
    """Every Attack affecting the player's board is discarded, Deport included; the stacks splay out."""
    pl = state.players[i]
    attacks = [s.attack for s in pl.stacks if s.attack] + ([pl.deport] if pl.deport else [])
    stacks = board.splay(tuple(replace(s, attack=None) for s in pl.stacks))
    state = discard_ops(with_player(state, i, stacks=stacks, deport=None), *attacks)
    return state, f"Amnesty: {pl.name} discards {plural(len(attacks), 'Attack')}; their stacks splay out again."


def defenders(state: State, c: OpCard, p: dict) -> tuple[list[int], int | None]:
    """The players answering an Event with a Lawyer, and the one with the Bureaucratic Blitz."""
    i, lawyers, blitz = current_turn(state).player, list(p["lawyers"] or []), p["blitz_by"]
    for j in lawyers + ([blitz] if blitz is not None else []):
        check_player(state, j)
        if j == i:
            raise RuleError(f"{name(state, i)} played {c.name}: a Defense answers someone else's card.")
    if len(set(lawyers)) != len(lawyers) or blitz in lawyers:
        raise RuleError("Each player answers an Event with one Defense card at most.")
    return lawyers, blitz


def event(state: State, c: OpCard, p: dict) -> tuple[State, str]:
    i = current_turn(state).player
    lawyers, blitz = defenders(state, c, p)
    lawyer, blitz_card = by_effect(state, "defense", "block"), by_effect(state, "defense", "redirect")
    for j in lawyers:
        board.check_copies(state, lawyer)
        state = discard_ops(take_ops(state, j), lawyer.id)
    if blitz is not None:
        board.check_copies(state, blitz_card)
        state = discard_ops(take_ops(state, blitz), blitz_card.id)
    safe = set(lawyers) | ({blitz} if blitz is not None else set())
    hit = [j for j in range(len(state.players)) if j not in safe and (j != i or blitz is not None
                                                                       or c.action == "government_shutdown")]
    names = ", ".join(name(state, j) for j in hit) or "nobody"
    told = f"{name(state, i)} plays {c.name}" + (f"; {', '.join(name(state, j) for j in sorted(safe))} "
                                                  "defended" if safe else "") + "."
    if c.action == "government_shutdown":
        state = replace(state, shutdowns=state.shutdowns + (Shutdown(i, 2, tuple(sorted(safe))),))
        return state, f"{told} No Milestones for {names} until the end of {name(state, i)}'s next turn."
    if c.action == "recession":
        for j in hit:
            state = with_player(state, j, resources=state.players[j].resources - state.players[j].resources // 2)
        return state, f"{told} {names} discard half their Resource cards (rounded down, their choice)."
    if c.action == "pandemic":
        for j in hit:
            state = with_player(state, j, skip_draw=True)
        return state, f"{told} {names} skip their Resource draw on their next turn."
    return natural_disaster(state, hit, told)


def natural_disaster(state: State, hit: list[int], told: str) -> tuple[State, str]:
    """Each player hit with a stack on their board must discard 1 stack of their choice (`discard_stack`, one
    move each); until they have, the turn waits."""
    waiting = tuple(j for j in hit if state.players[j].stacks)
    if not waiting:
        return state, f"{told} Nobody hit has a stack to discard."
    names = ", ".join(name(state, j) for j in waiting)
    return replace(state, disaster=waiting), f"{told} {names}: each discards 1 Milestone stack of their choice."


def discard_stack(state: State, p: dict) -> State:
    """A player hit by Natural Disaster discards the stack they chose; a covered stack takes its Attack with it,
    but never the Deport (unless game.toml says so)."""
    j, k = p["player"], p["stack"]
    pl = check_player(state, j)
    if j not in state.disaster:
        raise RuleError(f"{pl.name} has no stack to discard: only a player hit by a Natural Disaster discards one, "
                        "once." if state.disaster else "No Natural Disaster is waiting for a stack to be discarded.")
    if k is None or not 0 <= k < len(pl.stacks):
        raise RuleError(f"Choose one of {pl.name}'s stacks to discard.")
    s = pl.stacks[k]
    state = with_player(state, j, stacks=pl.stacks[:k] + pl.stacks[k + 1:])
    state = discard_ops(state, *s.cards, s.attack)
    if state.consts.deport_by_disaster and pl.deport:
        state = discard_ops(with_player(state, j, deport=None), pl.deport)
    waiting = tuple(i for i in state.disaster if i != j)
    told = f"{pl.name} discards their {s.type.replace('_', ' ').title()} stack" + (
        f" with its {card(state, s.attack).name}" if s.attack else "") + "."
    if waiting:
        told += f" Still to choose: {', '.join(name(state, i) for i in waiting)}."
    return replace(state, disaster=waiting, told=told)
