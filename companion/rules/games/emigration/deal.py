"""Setup: the players' cards, the shuffled layout deck dealt into Card Layouts, the middle of the table.

`setup` only seats the players; the 'deal' event does the rest. The app shuffles and deals when the
event is added (`prepare`) and stores what the table can see: each player's Nationality, Destination
and Career, the face-up cards of every Card Layout, the Passports and Tickets laid out, and the
first-player rolls. Face-down cards and the cards removed unseen are not chosen yet (they are drawn
when turned face up), so the log never holds a hidden card.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

from companion.rules.contract import RuleError, SetupConfig
from companion.rules.games.emigration.data import PLACEHOLDER_KINDS, read
from companion.rules.games.emigration.layout import reveal
from companion.rules.games.emigration.outcomes import Recorder, Source
from companion.rules.games.emigration.state import HIDDEN, Player, State, entry, say


def setup(config: SetupConfig) -> State:
    data = read(config.game, len(config.players))
    return State(data=data, players=tuple(Player(name=p) for p in config.players),
                 lanes=(data.tokens_per_lane,) * data.lanes, tokens=data.border_tokens)


def check_packs(state: State, packs: Any) -> tuple[str, ...]:
    d, every = state.data, state.data.packs()
    packs = tuple(packs)
    for pack in packs:
        if pack not in every:
            raise RuleError(f"There is no Life card pack {pack!r}; the packs are {', '.join(every)}.")
    if len(set(packs)) != len(packs) or len(packs) != d.life_packs:
        raise RuleError(f"With {len(state.players)} players the game uses {d.life_packs} different Life card "
                        f"packs, not {len(packs)} (Setup: Required Number of Cards).")
    return packs


def deck(state: State, packs: tuple[str, ...]) -> list[str]:
    """The layout deck as unseen-card entries: Documents, Connections, the packs' Life cards, Paydays."""
    d = state.data
    life = [c.id for c in d.of_kind("life") if c.pack in packs for _ in range(c.count)]
    cards = ["document"] * d.documents + ["connection"] * d.connections + life + ["payday"] * d.paydays
    if len(cards) != d.total_cards:
        raise RuleError(f"The layout deck has {len(cards)} cards but should have {d.total_cards}.")
    return cards


def face_down(state: State) -> set[int]:
    rows = state.data.layout_rows
    return {sum(rows[:r]) + i for r in state.data.face_down_rows for i in range(rows[r])}


def prepare(state: State, payload: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    d, n = state.data, len(state.players)
    if state.phase != "setup":
        return payload
    every = d.packs()
    packs = payload.get("packs")
    if packs is None:
        recommended = [p for p in d.recommended_packs if p in every][:d.life_packs]
        packs = recommended + rng.sample([p for p in every if p not in recommended], d.life_packs - len(recommended))
    packs = check_packs(state, packs)
    cards = deck(state, packs)
    rng.shuffle(cards)
    copies = {kind: [c.id for c in d.of_kind(kind) for _ in range(c.count)] for kind in PLACEHOLDER_KINDS}
    for ids in copies.values():
        rng.shuffle(ids)
    down, layouts = face_down(state), []
    for p in range(n):
        hand = cards[d.removed + p * d.dealt: d.removed + (p + 1) * d.dealt]
        layouts.append([None if slot in down else copies[c].pop() if c in copies else c
                        for slot, c in enumerate(hand)])
    nationalities = rng.sample([c.id for c in d.of_kind("nationality")], n)
    destinations: list[str] = []
    for nat in nationalities:  # a Destination of the player's own country is put back and another drawn
        home = d.card(nat).country
        destinations.append(rng.choice([c.id for c in d.of_kind("destination")
                                        if c.country != home and c.id not in destinations]))
    careers = rng.sample([c.id for c in d.of_kind("career")], n)
    travel = {kind: rng.sample([c.id for c in d.of_kind(kind) for _ in range(c.count)], n)
              for kind in ("passport", "ticket")}
    rounds: list[list[int | None]] = []
    first = payload.get("first_player")
    if first is None:  # everyone rolls; the highest starts, the tied roll again
        contenders = list(range(n))
        while len(contenders) > 1:
            rolls = {p: rng.randint(1, d.die) for p in contenders}
            rounds.append([rolls.get(p) for p in range(n)])
            contenders = [p for p in contenders if rolls[p] == max(rolls.values())]
        first = contenders[0]
    dealt = {"packs": list(packs), "passports": travel["passport"], "tickets": travel["ticket"],
             "first_rolls": rounds, "first_player": first,
             "players": [{"nationality": nationalities[p], "destination": destinations[p], "career": careers[p],
                          "layout": layouts[p]} for p in range(n)]}
    recorder = Recorder(rng)
    apply(state, {**payload, "deal": dealt}, recorder)
    return {**payload, "deal": dealt, **recorder.outcome()}


def apply(state: State, payload: dict[str, Any], source: Source) -> State:
    if state.phase != "setup":
        raise RuleError("The cards are dealt already: a game is dealt once (Setup).")
    if payload.get("packs") is not None:
        check_packs(state, payload["packs"])
    dealt = payload.get("deal")
    if not isinstance(dealt, dict):
        raise RuleError("This 'deal' records no deal: the app shuffles and deals when the event is added.")
    try:
        return _dealt(state, dealt, source)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        raise RuleError("The deal recorded in this event is incomplete or malformed.") from None


def _kind(state: State, card_id: Any, kinds: tuple[str, ...], what: str) -> str:
    card = state.data.card(card_id)
    if card.kind not in kinds:
        raise RuleError(f"The deal gives a {card.kind} card ({card.name}) as {what}.")
    return card.id


def _dealt(state: State, dealt: dict[str, Any], source: Source) -> State:
    d, n = state.data, len(state.players)
    packs = check_packs(state, dealt["packs"])
    rows, first = list(dealt["players"]), dealt["first_player"]
    if len(rows) != n or not isinstance(first, int) or not 0 <= first < n:
        raise ValueError
    rounds = tuple(tuple(r) for r in dealt["first_rolls"])
    contenders = list(range(n))
    for rolls in rounds:  # the first player must be the one the recorded rolls name
        contenders = [p for p in contenders if rolls[p] == max(rolls[q] for q in contenders)]
    if rounds and contenders != [first]:
        raise RuleError("The recorded first-player rolls do not name the recorded first player.")
    down, players, shown = face_down(state), [], Counter[str]()
    for p, row in enumerate(rows):
        nat = _kind(state, row["nationality"], ("nationality",), "a Nationality")
        dest = _kind(state, row["destination"], ("destination",), "a Destination")
        if d.card(nat).country == d.card(dest).country:
            raise RuleError(f"{state.players[p].name}'s Destination cannot be their own country "
                            f"({d.card(nat).country}): draw a different Destination card (Setup).")
        layout = list(row["layout"])
        if len(layout) != d.dealt or any((c is None) != (s in down) for s, c in enumerate(layout)):
            raise RuleError(f"A Card Layout has {d.dealt} cards, face down exactly in rows "
                            f"{', '.join(str(r + 1) for r in d.face_down_rows)}.")
        layout = [HIDDEN if c is None else _kind(state, c, ("document", "connection", "life", "payday"),
                                                 "a layout card") for c in layout]
        shown.update(c for c in layout if c != HIDDEN)
        players.append(replace(state.players[p], nationality=nat, destination=dest, money=d.card(nat).money,
                               career=_kind(state, row["career"], ("career",), "a Career"), layout=tuple(layout)))
    passports = tuple(_kind(state, c, ("passport",), "a Passport") for c in dealt["passports"])
    tickets = tuple(_kind(state, c, ("ticket",), "a Ticket") for c in dealt["tickets"])
    shown.update(passports + tickets + tuple(x for p in players for x in (p.nationality, p.destination, p.career)))
    if len(passports) != n or len(tickets) != n or any(k > d.card(c).count for c, k in shown.items()):
        raise RuleError("The deal uses more copies of a card than the game has.")
    unseen = Counter(deck(state, packs))
    unseen.subtract(entry(d.card(c)) for p in players for c in p.layout if c != HIDDEN)
    if min(unseen.values(), default=0) < 0:
        raise RuleError("The face-up cards of the deal are not cards of the shuffled layout deck.")
    state = replace(state, players=tuple(players), phase="preparation", turn=first, packs=packs,
                    passports=passports, tickets=tickets, hidden=tuple(sorted(unseen.elements())),
                    first_rolls=rounds)
    state = say(state, *(f"{p.name} is from {d.card(p.nationality).country} ({p.money} money), moves to "
                         f"{d.card(p.destination).country} and works as {d.card(p.career).name}." for p in players),
                f"{d.removed} cards are removed unseen; {state.players[first].name} goes first.")
    return reveal(state, source)
