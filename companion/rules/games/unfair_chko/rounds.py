"""The round tracker: steps and sections, turns in the Play section with Hard Pass, the six-step Cleanup
sequence, the Starting Player marker, coins and loans."""

from __future__ import annotations

import random
from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.unfair_chko import kaiju
from companion.rules.games.unfair_chko.state import replace, State, pay, player, playing, with_player


def _enter(state: State, stage: int) -> State:
    """The tracker on `stage`; the Play section starts with the starting player's turn."""
    state = replace(state, stage=stage, turn=None, play_over=False)
    if state.section == "Play":
        players = tuple(replace(p, passed=False) for p in state.players)
        state = replace(state, players=players, turn=state.starting_player)
        state = _skip_hard_passed(state)
    return state


def advance(state: State, p: dict[str, Any]) -> State:
    playing(state, "Going on to the next step")
    c = state.consts
    if state.section == "City":
        if state.city_round != state.round:
            raise RuleError("Reveal this round's City card before leaving the City section.")
        if state.market and state.rolled_round != state.round:
            raise RuleError("The kaiju in the Market attack after the City card: roll for them before the Play "
                            "section.")
    if state.section == "Play" and not state.play_over:
        waiting = [pl.name for pl in state.players if not (pl.passed or pl.hard_passed)]
        whose = state.players[state.turn].name if state.turn is not None else waiting[0]
        raise RuleError(f"The Play section goes on until everyone has passed: it is {whose}'s turn "
                        f"({', '.join(waiting)} {'has' if len(waiting) == 1 else 'have'} not passed yet). Play an "
                        "event or pass first.")
    if state.step == "Cleanup":
        if state.cleanup < len(c.cleanup_steps):
            raise RuleError(f"The Cleanup step has {len(c.cleanup_steps)} steps in a fixed order; step "
                            f"{state.cleanup + 1} is next: {c.cleanup_steps[state.cleanup]}")
        if state.round >= state.rounds:
            return replace(state, phase="scoring", turn=None, told=f"Round {state.round} was the last: score each "
                           "park (attractions, blueprints, panoramas, staff), then end the game.")
        state = replace(state, round=state.round + 1, cleanup=0)
        state = _enter(state, 0)
        return replace(state, told=f"Round {state.round} begins: Events step, Draw section.")
    state = _enter(state, state.stage + 1)
    where = f"{state.step} step" + (f", {state.section} section" if state.section else "")
    whose = f" {state.players[state.turn].name} plays first." if state.turn is not None else ""
    return replace(state, told=f"Round {state.round}: {where}.{whose}")


def _skip_hard_passed(state: State) -> State:
    """Moves the turn past players who hard passed; each gains the Hard Pass coin as their turn comes round."""
    income, gained = state.consts.hard_pass_income, []
    while state.turn is not None and state.players[state.turn].hard_passed:
        if all(pl.hard_passed for pl in state.players):
            return replace(state, turn=None, play_over=True)
        seat = state.turn
        who = state.players[seat]
        state = with_player(state, seat, coins=who.coins + income)
        gained.append(who.name)
        state = replace(state, turn=(seat + 1) % len(state.players))
    note = " ".join(f"{name} gains {income} coin (Hard Pass)." for name in gained)
    return replace(state, told=(state.told + " " + note).strip() if note else state.told)


def end_turn(state: State, p: dict[str, Any]) -> State:
    """The current player played an event, passed, or hard passed; the turn goes round the table."""
    playing(state, "A turn in the Play section")
    who = player(state, p["player"])
    if state.section != "Play" or state.play_over or state.turn is None:
        raise RuleError("Turns to play events happen in the Play section of the Events step, and there is none now.")
    if p["player"] != state.turn:
        raise RuleError(f"It is {state.players[state.turn].name}'s turn in the Play section, not {who.name}'s.")
    action = p["action"]
    if action == "hard_pass" and not state.uses(state.consts.hard_pass):
        raise RuleError(f"Hard passing needs the {state.consts.hard_pass} Game Changer, which this game does not use.")
    if action == "event":
        state = replace(state, players=tuple(replace(pl, passed=False) for pl in state.players))
        told = f"{who.name} plays an event."
    else:
        state = with_player(state, p["player"], passed=True, hard_passed=action == "hard_pass")
        told = f"{who.name} hard passes: no more events this round, but a coin each time their turn comes round." \
            if action == "hard_pass" else f"{who.name} passes."
    if all(pl.passed or pl.hard_passed for pl in state.players):
        return replace(state, turn=None, play_over=True, told=told + " Everyone has passed: the Play section is over.")
    state = replace(state, turn=(p["player"] + 1) % len(state.players), told=told)  # the player whose turn it was
    state = _skip_hard_passed(state)
    if state.turn is not None:
        state = replace(state, told=f"{state.told} {state.players[state.turn].name}'s turn.")
    return state


def cleanup(state: State, p: dict[str, Any]) -> State:
    """The next step of the Cleanup sequence; the app does what it tracks (kaiju regenerating and Hard Pass cards
    returned in step 3, the Starting Player marker in step 6)."""
    playing(state, "The Cleanup step")
    steps = state.consts.cleanup_steps
    if state.step != "Cleanup":
        raise RuleError(f"The Cleanup sequence belongs to the Cleanup step, and this is the {state.step} step.")
    if state.cleanup >= len(steps):
        raise RuleError("All the Cleanup steps are done: advance to the next round.")
    number = state.cleanup + 1
    if p.get("step") not in (None, number):
        raise RuleError(f"The Cleanup steps go in order: step {number} comes next ({steps[number - 1]})")
    told = f"Cleanup {number}: {steps[number - 1]}"
    if number == 3:
        state, healed = kaiju.regenerate(state)
        state = replace(state, players=tuple(replace(pl, hard_passed=False, passed=False) for pl in state.players))
        told += (" " + healed if healed else "") + (" Hard Pass cards are returned." if state.uses(
            state.consts.hard_pass) else "")
    if number == 4 and state.market:
        told += " Kaiju stay in the Market."
    if number == len(steps):
        state = replace(state, starting_player=(state.starting_player + 1) % len(state.players))
        told += f" {state.players[state.starting_player].name} now has the Starting Player marker."
    return replace(state, cleanup=number, told=told)


def set_round(state: State, p: dict[str, Any]) -> State:
    playing(state, "Moving the round tracker")
    if not p["round"] <= state.rounds or not p["stage"] < len(state.consts.stages):
        raise RuleError(f"This game has rounds 1 to {state.rounds} and stages 0 to {len(state.consts.stages) - 1}.")
    state = _enter(replace(state, round=p["round"], cleanup=0), p["stage"])
    return replace(state, told=f"The tracker is set to round {state.round}, {state.step} step.")


def set_starting_player(state: State, p: dict[str, Any]) -> State:
    who = player(state, p["player"])
    return replace(state, starting_player=p["player"], told=f"{who.name} has the Starting Player marker.")


def coins(state: State, p: dict[str, Any], kind: str) -> State:
    who = player(state, p["player"])
    if kind != "set_coins":
        playing(state, "Gaining or paying coins")
        if p["coins"] == 0:
            raise RuleError(f"{'Gaining' if kind == 'gain_coins' else 'Paying'} 0 coins changes nothing: enter how "
                            "many coins.")
    if kind == "gain_coins":
        return replace(with_player(state, p["player"], coins=who.coins + p["coins"]),
                       told=f"{who.name} gains {p['coins']} coins.")
    if kind == "pay_coins":
        return replace(pay(state, p["player"], p["coins"], ""), told=f"{who.name} pays {p['coins']} coins.")
    return replace(with_player(state, p["player"], coins=p["coins"]), told=f"{who.name} has {p['coins']} coins.")


def take_loan(state: State, p: dict[str, Any]) -> State:
    playing(state, "Taking a loan")
    who, c = player(state, p["player"]), state.consts
    if who.loans:
        raise RuleError(f"{who.name}'s Loan card is already flipped: a player has one loan, and it must be repaid "
                        "before it can be taken again.")
    state = with_player(state, p["player"], coins=who.coins + c.loan_coins, loans=who.loans + 1)
    return replace(state, told=f"{who.name} takes a loan: {c.loan_coins} coins now, {c.loan_penalty} points lost "
                   f"at game end unless {c.loan_repay} coins are repaid.")


def repay_loan(state: State, p: dict[str, Any]) -> State:
    who, c = player(state, p["player"]), state.consts
    if state.phase != "scoring":
        playing(state, "Repaying a loan")
    if who.loans == 0:
        raise RuleError(f"{who.name} has no loan to repay.")
    state = pay(state, p["player"], c.loan_repay, "to repay a loan")
    return replace(with_player(state, p["player"], loans=who.loans - 1), told=f"{who.name} repays a loan.")


def prepare_dice(state: State, p: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The dice as they fell at the table (`fell`, checked), or rolled by the app; stored, so undo never re-rolls."""
    c = state.consts
    fell = p.get("fell")
    if fell is not None:
        if len(fell) != c.dice_per_roll or any(not 1 <= v <= c.die_sides for v in fell):
            raise RuleError(f"A roll in Unfair is {c.dice_per_roll} dice of 1 to {c.die_sides}: enter each die as "
                            "it fell, or let the app roll.")
        return {**p, "dice": list(fell), "entered": True}
    return {**p, "dice": [rng.randint(1, c.die_sides) for _ in range(c.dice_per_roll)]}


def roll_dice(state: State, p: dict[str, Any]) -> State:
    playing(state, "Rolling dice for a card")
    dice = p.get("dice")
    if not isinstance(dice, list) or len(dice) != state.consts.dice_per_roll:
        raise RuleError(f"A roll in Unfair is always {state.consts.dice_per_roll} dice, and they are missing here.")
    total = sum(dice)
    return replace(state, dice=tuple(dice), told=f"Rolled {' and '.join(map(str, dice))}: result {total} "
                   f"({'odd' if total % 2 else 'even'}).")


def end_game(state: State, p: dict[str, Any]) -> State:
    """During the rounds: the table stops early by agreement and scores the parks as they stand; after the rounds
    (or after stopping): the parks are scored and the game is over."""
    if state.phase == "scoring":
        return replace(state, phase="over", turn=None, told="The game is over: the score sheets decide.")
    if state.phase == "setup":
        return replace(state, phase="over", told="The table stops before the game started: nothing is scored.")
    playing(state, "Ending the game")
    return replace(state, phase="scoring", turn=None, told=f"The table stops the game in round {state.round}: score "
                   "each park as it stands, then end the game.")
