"""The City deck: built as the rulebook builds it with the Kaiju pack, and revealed one City card a round.

With the Kaiju pack, the deck from the bottom up is 1 "Unfair" City card from the other packs, 3 kaiju,
the Blueprint Closure card and 4 "Funfair" cards, so the kaiju always arrive in the second half. The
app shuffles it when the game starts and keeps it hidden until each card is revealed. Blueprint
Closure brings the next card with it, so the first kaiju arrives in round 5 of 8.
"""

from __future__ import annotations

import random
from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.unfair_chko import kaiju
from companion.rules.games.unfair_chko.consts import CLOSURE, FUNFAIR, KAIJU, UNFAIR, Consts
from companion.rules.games.unfair_chko.state import replace, State, playing

NAMED = "named:"  # a City card the table revealed from a deck the app does not keep


def kaiju_pack(consts: Consts) -> str:
    return next((card.pack for card in consts.city if card.type == KAIJU), "")


def pools(consts: Consts, packs: tuple[str, ...]) -> dict[str, list[str]]:
    """The City cards of the packs in play by type; the Kaiju pack has no "Unfair" cards."""
    pool: dict[str, list[str]] = {FUNFAIR: [], UNFAIR: [], KAIJU: [], CLOSURE: [CLOSURE]}
    for card in consts.city:
        if card.pack in packs:
            pool[card.type].append(card.id)
    in_data = {name for _, name in consts.packs}
    for pack in packs:
        if pack not in in_data:
            for kind, count in consts.cards_per_pack:
                pool[kind] += [f"{kind}:{pack}:{i}" for i in range(1, count + 1)]
    return pool


def build_deck(consts: Consts, packs: tuple[str, ...], rng: random.Random) -> list[str]:
    """The City deck, top first: each type's cards shuffled and dealt into the rulebook's order."""
    pool = pools(consts, packs)
    for cards in pool.values():
        cards.sort()
        rng.shuffle(cards)
    return [pool[kind].pop(0) for kind in consts.city_deck_order if pool[kind]]


def check_deck(consts: Consts, packs: tuple[str, ...], deck: Any) -> tuple[str, ...]:
    """The stored deck, refused unless it is made as the rulebook says from the packs in play."""
    pool = pools(consts, packs)
    wanted = list(consts.city_deck_order)
    if not isinstance(deck, list) or len(set(map(str, deck))) != len(deck):
        raise RuleError("The City deck is missing from this event, or names a card twice.")
    for card in deck:
        kind = next((k for k, cards in pool.items() if card in cards), None)
        if kind is None or kind not in wanted:
            raise RuleError(f"The City deck holds {card!r}, which does not belong in it with these packs.")
        del wanted[:wanted.index(kind) + 1]
    short = {kind: min(consts.city_deck_order.count(kind), len(cards)) for kind, cards in pool.items()}
    if any(sum(1 for c in deck if c in pool[kind]) != n for kind, n in short.items()):
        raise RuleError("The City deck does not have the rulebook's number of cards of each type.")
    return tuple(deck)


def left(state: State) -> list[str]:
    """The City cards the table's own deck may turn over now (when the app does not keep the deck): the cards of the
    packs in play not revealed yet; once all have been, the discard pile is shuffled into a new deck."""
    pool = [card for cards in pools(state.consts, state.packs).values() for card in cards]
    fresh = [card for card in pool if card not in state.city_seen]
    return fresh or [card for card in pool if card not in state.city_now]


def prepare_reveal(state: State, p: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """When the table keeps the City deck and names no card, the app draws one of the cards left for it; when the app
    keeps the deck, the event records the card(s) it turns over, so the history can name them."""
    if state.city_deck is not None:
        if p.get("card") or not state.city_deck:
            return p
        top = state.city_deck[:2] if state.city_deck[0] == CLOSURE and len(state.city_deck) > 1 else state.city_deck[:1]
        return {**p, "shown": list(top)}
    if p.get("card") or state.phase != "play":
        return p
    cards = left(state)
    return {**p, "card": rng.choice(sorted(cards))} if cards else p


def name(consts: Consts, card: str) -> str:
    return card[len(NAMED):] if card.startswith(NAMED) else consts.city_card(card).name


def reveal_city(state: State, p: dict[str, Any]) -> State:
    playing(state, "Revealing a City card")
    if state.section != "City":
        raise RuleError(f"A City card is revealed in the City section of the Events step, and this is the "
                        f"{state.step} step{' (' + state.section + ' section)' if state.section else ''}.")
    if state.city_round == state.round:
        raise RuleError("This round's City card is already revealed: one City card each round.")
    discard = state.city_discard + tuple(c for c in state.city_now if not c.startswith(NAMED)
                                         and state.consts.city_card(c).type != KAIJU)
    if state.city_deck is None:
        return _named(replace(state, city_discard=discard), p.get("card"))
    if p.get("card"):
        raise RuleError("The app keeps this game's City deck: reveal its top card without naming one.")
    if not state.city_deck:
        raise RuleError("The City deck is empty: there is no City card left to reveal.")
    shown = state.city_deck[:1]
    if shown[0] == CLOSURE and len(state.city_deck) > 1:
        shown = state.city_deck[:2]
    if p.get("shown") is not None and list(p["shown"]) != list(shown):
        raise RuleError("The City cards recorded in this event are not the top of the app's City deck.")
    state = replace(state, city_deck=state.city_deck[len(shown):], city_now=shown, city_seen=state.city_seen + shown,
                    city_discard=discard, city_round=state.round)
    told = []
    for card in shown:
        c = state.consts.city_card(card)
        if c.type == KAIJU:
            state = kaiju.enter(state, card)
            told.append(state.told)
        elif c.type == CLOSURE:
            told.append("Blueprint Closure is revealed, and the next City card with it.")
        else:
            told.append(f"City card: {c.name}. {c.text}")
    return replace(state, told=" ".join(told))


def _named(state: State, card: str | None) -> State:
    """A City card the table turned over from its own deck (by its id or printed name): one of the cards left of the
    packs in play; a kaiju named here enters the Market."""
    text = " ".join((card or "").split())
    cards = left(state)
    if not text:
        raise RuleError("Say which City card the table turned over, or let the app draw one for you.")
    known = next((c for c in cards if c == text or state.consts.city_card(c).name.lower() == text.lower()), None)
    if known is None:
        names = ", ".join(sorted({state.consts.city_card(c).name for c in cards}))
        raise RuleError(f"{text[:60]} is not a City card left in this game's deck (the cards left: {names}).")
    card_ = state.consts.city_card(known)
    state = replace(state, city_now=(known,), city_seen=state.city_seen + (known,), city_round=state.round,
                    told=f"City card: {card_.name}. {card_.text}".strip())
    if card_.type == KAIJU:
        state = kaiju.enter(state, known)
    return state
