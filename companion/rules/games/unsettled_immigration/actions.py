"""Action cards played as the turn's action: Boosts, Amnesty, attack Actions and table-wide Events.

Events hit every other player (Government Shutdown its own player too). Against an Event, a Lawyer
keeps its player out; the single Bureaucratic Blitz keeps its player out and turns the effect on
the player who played the Event.
"""

from __future__ import annotations

from dataclasses import replace

from companion.rules.plural import plural
from companion.rules.contract import RuleError
from companion.rules.games.unsettled_immigration import board
from companion.rules.games.unsettled_immigration.attacks import aimed
from companion.rules.games.unsettled_immigration.cards import OpCard
from companion.rules.games.unsettled_immigration.moves import by_effect
from companion.rules.games.unsettled_immigration.state import Shutdown, State, card, check_player, discard_ops, \
    name, take_ops, with_player, current_turn
from companion.rules.games.unsettled_immigration.turns import act

EVENT_ONLY = ("lawyers", "blitz_by", "stacks")
AIMED_ONLY = ("target", "stack", "discard", "defense", "redirect_to", "redirect_stack")


def play_action(state: State, p: dict) -> State:
    i, c = current_turn(state).player, card(state, p["card"])
    if c.kind == "defense":
        raise RuleError(f"{c.name} is not played as an action: it answers an opponent's card, given as that "
                        "card's `defense` (or in `lawyers` / `blitz_by` for an Event).")
    if c.kind != "action":
        raise RuleError(f"{c.name} is not an Action card.")
    if c.timing == "opponent_turn":
        raise RuleError(f"{c.name} is played on an opponent's turn as they buy a Milestone: give its player as "
                        "processing_delay_by on that buy_milestone.")
    unused = [f for f in (AIMED_ONLY if c.action_type != "attack" else ()) + (
        EVENT_ONLY if c.action_type != "event" else ()) if p.get(f) not in (None, [])]
    if unused:
        raise RuleError(f"{c.name} takes no `{unused[0]}`: "
                        + ("only Events are answered by several players." if unused[0] in EVENT_ONLY
                           else "only attack Actions are aimed at one opponent."))
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
    return natural_disaster(state, hit, p["stacks"], told)


def natural_disaster(state: State, hit: list[int], chosen: list[int] | None, told: str) -> tuple[State, str]:
    """Each player hit discards 1 stack of their choice (stacks[player], -1 for none); a covered stack
    takes its Attack with it, but never the Deport (unless game.toml says so)."""
    chosen = list(chosen or [-1] * len(state.players))
    if len(chosen) != len(state.players):
        raise RuleError(f"Natural Disaster: give one stack number per player ({len(state.players)}), -1 for none.")
    done = []
    for j, pl in enumerate(state.players):
        k = chosen[j]
        if j not in hit or not pl.stacks:
            if k != -1:
                raise RuleError(f"{pl.name} discards no stack in this Natural Disaster"
                                f"{'' if j in hit else ' (not hit)'}: give -1 for them.")
            continue
        if not 0 <= k < len(pl.stacks):
            raise RuleError(f"Natural Disaster: {pl.name} must discard 1 of their stacks: choose 0 to "
                            f"{len(pl.stacks) - 1}.")
        s = pl.stacks[k]
        state = with_player(state, j, stacks=pl.stacks[:k] + pl.stacks[k + 1:])
        state = discard_ops(state, *s.cards, s.attack)
        if state.consts.deport_by_disaster and pl.deport:
            state = discard_ops(with_player(state, j, deport=None), pl.deport)
        done.append(f"{pl.name} discards their {s.type.replace('_', ' ').title()} stack"
                    + (f" with its {card(state, s.attack).name}" if s.attack else ""))
    return state, f"{told} {'; '.join(done) or 'Nobody has a stack to discard'}."
