"""Kaiju in the Market: entering, the attack roll each round, hits that earn silver medals, defeat, healing."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.unfair_chko.consts import KAIJU, Consts
from companion.rules.games.unfair_chko.state import (Attack, Kaiju, State, kaiju_at, pay, player, playing, replace,
                                                     with_player)


def attacks(health: int, dice: tuple[int, ...] | list[int]) -> bool:
    """A kaiju is strong enough to attack when any die shows at most its current health."""
    return any(value <= health for value in dice)


def chance(consts: Consts, health: int, dice: int | None = None) -> Fraction:
    """The chance that a kaiju at `health` attacks: 1 - ((sides - h) / sides) ** dice."""
    dice = consts.kaiju_dice if dice is None else dice
    missing = max(consts.die_sides - health, 0)
    return 1 - Fraction(missing, consts.die_sides) ** dice


def enter(state: State, card_id: str, space: int | None = None) -> State:
    """The kaiju takes the lowest-numbered Market space without a kaiju (or the one named), at full health."""
    card = state.consts.city_card(card_id)
    taken = {k.space for k in state.market}
    free = [s for s in range(1, state.consts.market_spaces + 1) if s not in taken]
    if space is None:
        if not free:
            raise RuleError("Every Market space already has a kaiju, so no other kaiju can enter.")
        space = free[0]
    elif space not in free:
        raise RuleError(f"Market space {space} cannot take a kaiju: the spaces are 1 to "
                        f"{state.consts.market_spaces} and a space holds one kaiju.")
    market = tuple(sorted(state.market + (Kaiju(card_id, space, card.health),), key=lambda k: k.space))
    return replace(state, market=market, told=f"{card.name} enters Market space {space}: discard the Park card "
                   f"there and set a Kaiju Health die to {card.health}.")


def prepare_roll(state: State, p: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The kaiju's dice as they fell on the table (`fell`: each kaiju's dice in Market order, checked), or rolled by
    the app; stored in the event with what the table entered, so undo never rolls again and an import can be
    checked by settling it again."""
    c = state.consts
    fell = p.get("fell")
    if fell is not None:
        if len(fell) != len(state.market) * c.kaiju_dice:
            raise RuleError(f"Enter {c.kaiju_dice} dice for each of the {len(state.market)} kaiju in the Market "
                            f"({len(state.market) * c.kaiju_dice} in all), or let the app roll.")
        if any(not 1 <= v <= c.die_sides for v in fell):
            raise RuleError(f"A die shows 1 to {c.die_sides}.")
        dice = [list(fell[i * c.kaiju_dice:(i + 1) * c.kaiju_dice]) for i in range(len(state.market))]
        return {**p, "dice": dice, "entered": True}
    return {**p, "dice": [[rng.randint(1, c.die_sides) for _ in range(c.kaiju_dice)] for _ in state.market]}


def roll(state: State, p: dict[str, Any]) -> State:
    """Each kaiju in Market order attacks if any of its dice is at most its current health; Teravore's
    healing field heals every kaiju once per round when it attacks."""
    playing(state, "The kaiju roll")
    c = state.consts
    if state.section != "City" or state.city_round != state.round:
        raise RuleError("Kaiju roll in the City section of the Events step, right after this round's City card "
                        "is revealed.")
    if state.rolled_round == state.round:
        raise RuleError("The kaiju have already rolled this round: each kaiju attacks at most once a round.")
    if not state.market:
        raise RuleError("There is no kaiju in the Market to roll for.")
    dice = p.get("dice")
    if (not isinstance(dice, list) or len(dice) != len(state.market)
            or any(not isinstance(d, list) or len(d) != c.kaiju_dice
                   or any(not isinstance(v, int) or not 1 <= v <= c.die_sides for v in d) for d in dice)):
        raise RuleError(f"The kaiju roll needs {c.kaiju_dice} dice for each of the {len(state.market)} kaiju.")
    for field, words in (("one_die", "rolls one die"), ("cannot_attack", "cannot attack")):
        spaces = list(p.get(field) or [])
        for space in spaces:
            kaiju_at(state, space)
        if len(set(spaces)) != len(spaces):
            raise RuleError(f"Name each kaiju that {words} once.")
    market, healed, results, told = list(state.market), False, [], []
    for i, values in enumerate(dice):
        k, card = market[i], c.city_card(market[i].card)
        counted = tuple(values[:1]) if k.space in (p.get("one_die") or []) else tuple(values)
        stopped = k.space in (p.get("cannot_attack") or [])
        made = card.heads if not stopped and attacks(k.health, counted) else 0
        heal = bool(made and card.heals_all and not healed)
        results.append(Attack(k.card, k.space, k.health, tuple(values), made, heal))
        told.append(_sentence(card.name, k.health, counted, made, stopped, card.heads) + (
            f" {card.text}" if made else ""))
        if heal:
            healed = True
            market = [replace(m, health=min(m.health + c.teravore_heal, c.die_sides)) for m in market]
            told.append(f"{card.name}'s healing field heals every kaiju by {c.teravore_heal} (once this round).")
    first = state.players[state.starting_player].name
    return replace(state, market=tuple(market), rolled_round=state.round, last_roll=tuple(results),
                   told=f"{first} rolls for the kaiju. " + " ".join(told))


def _sentence(name: str, health: int, dice: tuple[int, ...], made: int, stopped: bool, heads: int) -> str:
    shown = " and ".join(map(str, dice))
    if stopped:
        return f"{name} cannot attack this round."
    if not made:
        return f"{name} (health {health}) rolls {shown}: every value is above its health, so the attack fails."
    times = "once" if made == 1 else f"{made} times ({heads} heads)"
    return f"{name} (health {health}) rolls {shown}: strong enough, it attacks {times}."


def hit(state: State, p: dict[str, Any]) -> State:
    """A hit lowers the kaiju's health; the player gains a silver medal per point, never more than its health."""
    playing(state, "Attacking a kaiju")
    c, who = state.consts, player(state, p["player"])
    if (state.step, state.section) != ("Events", "Play"):
        raise RuleError("Kaiju are attacked on your turn to play an event, in the Play section of the Events step.")
    if who.hard_passed:
        raise RuleError(f"{who.name} has hard passed and cannot play events again this round.")
    if state.play_over or state.turn is None:
        raise RuleError("Everyone has passed, so the Play section is over: no more events this round.")
    if state.turn != p["player"]:
        raise RuleError(f"It is {state.players[state.turn].name}'s turn to play an event, and a kaiju is attacked "
                        "on your own turn in the Play section.")
    source = " ".join((p.get("source") or "").split())
    mecha = source.lower() == c.mecha.lower()
    if p.get("damage") is not None and not mecha:
        raise RuleError(f"Only {c.mecha} can reduce a kaiju's health by more than {c.damage_per_hit} at a time; "
                        "any other card hits for 1, so leave the damage out.")
    if source and not mecha and source.lower() not in {name.lower() for name in hitters(state)}:
        raise RuleError(f"{source[:60]} is not a card that reduces a kaiju's health; those are: "
                        f"{', '.join(hitters(state) + [c.mecha])}.")
    damage = p.get("damage") or c.damage_per_hit
    k = kaiju_at(state, p["space"])
    removed = min(damage, k.health)
    medals = (removed if c.medals_capped else damage) * c.medals_per_health
    medals += c.final_hit_bonus if removed == k.health else 0
    if medals > state.supply_silver:
        raise RuleError(f"The City's supply has {state.supply_silver} silver medals, not the {medals} this hit earns: "
                        f"exchange {c.silver_per_gold} silver medals for a gold one to return silver to it.")
    state = pay(state, p["player"], p.get("coins_paid") or 0, f"to use {source or 'the card'}")
    state = with_player(state, p["player"], silver=state.players[p["player"]].silver + medals)
    state = replace(state, supply_silver=state.supply_silver - medals)
    name = c.city_card(k.card).name
    told = (f"{who.name} hits {name} for {removed}: health {k.health - removed}; {who.name} gains {medals} "
            f"silver medal{'' if medals == 1 else 's'}.")
    return set_to(state, k, k.health - removed, told)


def hitters(state: State) -> list[str]:
    """The printed names of the cards (other than Mecha-Rarrgon) whose text reduces a kaiju's health."""
    return list(state.consts.hitters)


def set_to(state: State, k: Kaiju, health: int, told: str) -> State:
    """The kaiju at `health`; at 0 it is defeated and leaves to the City discard pile."""
    if health > 0:
        market = tuple(replace(m, health=health) if m.space == k.space else m for m in state.market)
        return replace(state, market=market, told=told)
    name = state.consts.city_card(k.card).name
    return replace(state, market=tuple(m for m in state.market if m.space != k.space),
                   city_discard=state.city_discard + (k.card,),
                   told=f"{told} {name} is defeated and goes to the City discard pile: refill Market space "
                        f"{k.space} from the top of the Park deck.")


def set_health(state: State, p: dict[str, Any]) -> State:
    playing(state, "Setting a kaiju's health")
    if p["health"] > state.consts.die_sides:
        raise RuleError(f"A kaiju's health is at most {state.consts.die_sides}.")
    k = kaiju_at(state, p["space"])
    return set_to(state, k, p["health"], f"{state.consts.city_card(k.card).name}'s health is set to {p['health']}.")


def enters(state: State, p: dict[str, Any]) -> State:
    """Correction: a kaiju named by card name or id enters the Market; it leaves the City deck or discard."""
    playing(state, "Placing a kaiju")
    wanted = " ".join(p["kaiju"].split()).lower()
    card = next((c for c in state.consts.city if c.type == KAIJU and wanted in (c.id.lower(), c.name.lower())), None)
    if card is None:
        raise RuleError(f"{p['kaiju']!r} is not a kaiju; the kaiju are: "
                        + ", ".join(c.name for c in state.consts.city if c.type == KAIJU) + ".")
    if any(k.card == card.id for k in state.market):
        raise RuleError(f"{card.name} is already in the Market.")
    state = replace(state, city_discard=tuple(c for c in state.city_discard if c != card.id),
                    city_deck=None if state.city_deck is None else tuple(c for c in state.city_deck if c != card.id))
    return enter(state, card.id, p.get("space"))


def regenerate(state: State) -> tuple[State, str]:
    """Cleanup step: kaiju that regenerate (Gamigora) heal, up to their starting health."""
    market, told = [], []
    for k in state.market:
        card = state.consts.city_card(k.card)
        health = min(k.health + card.regenerates, max(card.health, k.health))
        if health != k.health:
            told.append(f"{card.name} regenerates to {health}.")
        market.append(replace(k, health=health))
    return replace(state, market=tuple(market)), " ".join(told)
