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
from typing import Any

from companion.rules.contract import RuleError, SetupConfig
from companion.rules.games.emigration.data import PLACEHOLDER_KINDS, read
from companion.rules.games.emigration.layout import places, reveal
from companion.rules.games.emigration.outcomes import Recorder, Source
from companion.rules.games.emigration.state import HIDDEN, Player, State, entry, listed, replace, say


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


STEPS = ("passport", "ticket", "nationality", "destination", "career", "layout")
KINDS = {"passport": "Passport", "ticket": "Ticket", "nationality": "Nationality", "destination": "Destination",
         "career": "Career", "layout": "Card Layout"}
Step = tuple[str, int | None, int]  # (what, whose (None: the middle of the table), place)


def steps(state: State) -> list[Step]:
    """Every card the table deals, in the rulebook's order (Setup steps 2, 3 and 5): the Passports and Tickets of
    the middle, each player's Nationality, Destination and Career, then each Card Layout's face-up cards."""
    n, down = len(state.players), face_down(state)
    out: list[Step] = [(kind, None, i) for kind in ("passport", "ticket") for i in range(n)]
    out += [(kind, p, 0) for p in range(n) for kind in ("nationality", "destination", "career")]
    out += [("layout", p, slot) for p in range(n) for slot in range(state.data.dealt) if slot not in down]
    return out


def next_step(state: State) -> Step | None:
    """The card the table records next, or None once every card is recorded (or the packs are not chosen yet)."""
    if state.phase != "setup" or not state.packs:
        return None
    every = steps(state)
    return every[len(state.dealt)] if len(state.dealt) < len(every) else None


def recorded(state: State, what: str, p: int | None = None) -> list[str]:
    return [card for kind, q, _, card in state.dealt if kind == what and (p is None or q == p)]


def can_deal(state: State, step: Step) -> list[str]:
    """The cards that can be at `step`, given the packs and the cards recorded before it."""
    d = state.data
    what, p, _ = step
    if what in ("passport", "ticket"):
        taken = recorded(state, what)
        return [c.id for c in d.of_kind(what) if taken.count(c.id) < c.count]
    if what in ("nationality", "destination", "career"):
        taken = recorded(state, what)
        cards = [c for c in d.of_kind(what) if c.id not in taken]
        if what == "destination":
            home = d.card(recorded(state, "nationality", p)[0]).country
            cards = [c for c in cards if c.country != home]
        return [c.id for c in cards]
    left = Counter(deck(state, state.packs))
    shown = recorded(state, "layout")
    left.subtract(entry(d.card(c)) for c in shown)
    return [c.id for c in d.cards if c.kind in ("document", "connection", "life", "payday") and left[entry(c)] > 0
            and (c.kind == "life" or shown.count(c.id) < c.count)]


def step_words(state: State, step: Step) -> str:
    """The card a step records, in the players' words: "Ann's Card Layout, back row, card 2 of 5"."""
    what, p, place = step
    if p is None:
        return f"{KINDS[what]} {place + 1} of {len(state.players)} in the middle of the table"
    who = state.players[p].name
    if what != "layout":
        return f"{who}'s {KINDS[what]} card"
    rows = state.data.layout_rows
    row, i = places(rows)[place]
    where = "back row" if row == 0 else "front row" if row == len(rows) - 1 else f"row {row + 1} from the back"
    return f"{who}'s Card Layout, {where}, card {i + 1} of {rows[row]}"


def choose_packs(state: State, payload: dict[str, Any], source: Source) -> State:
    if state.phase != "setup":
        raise RuleError("The cards are dealt already: the Life card packs were chosen at Setup.")
    if state.packs:
        raise RuleError(f"The Life card packs are chosen already ({listed(state.packs)}): undo that choice "
                        "on the History page to choose others.")
    packs = check_packs(state, payload["packs"])
    return say(replace(state, packs=packs), f"The table shuffles the {listed(packs)} Life card packs into the "
                                            "layout deck.")


def deal_card(state: State, payload: dict[str, Any], source: Source) -> State:
    """The table records one card it dealt (or has the app deal that one card)."""
    if state.phase != "setup":
        raise RuleError("The cards are dealt already: a game is dealt once (Setup).")
    if not state.packs:
        raise RuleError("Choose the Life card packs first: the layout deck is shuffled from them (Setup step 4).")
    step = next_step(state)
    if step is None:
        raise RuleError("Every card is recorded already: say who starts (the highest roll of the die).")
    asked = (payload.get("what"), payload.get("player"), payload.get("place"))
    if asked != step:
        raise RuleError(f"The next card to record is {step_words(state, step)}: record the cards in the order "
                        "the page asks for them.")
    card_id = payload.get("card") or payload.get("dealt")
    if card_id is None:
        raise RuleError(f"Say which card is {step_words(state, step)}, or tap Deal for us.")
    card = state.data.card(card_id)
    if card.id not in can_deal(state, step):
        what = step[0]
        if what == "layout" and card.kind not in ("document", "connection", "life", "payday"):
            why = "a Card Layout holds Documents, Connections, Life cards and Paydays"
        elif what != "layout" and card.kind != what:
            why = f"it is not a {KINDS[what]} card"
        elif what == "destination" and card.country == state.data.card(recorded(state, "nationality", step[1])[0]).country:
            why = "a Destination is never the player's own country: draw a different Destination card"
        elif what == "layout" and card.kind == "life" and card.pack not in state.packs:
            why = f"its pack, {card.pack}, is not shuffled in ({listed(state.packs)} are)"
        else:
            why = "every copy of it is dealt already"
        raise RuleError(f"The {card.label} cannot be {step_words(state, step)}: {why}.")
    state = replace(state, dealt=state.dealt + ((step[0], step[1], step[2], card.id),))
    return say(state, f"{step_words(state, step)}: the {card.label}.")


def prepare_card(state: State, payload: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A card left out is dealt by the app: one of the cards that can be there."""
    step = next_step(state)
    if payload.get("card") is not None or step is None:
        return payload
    options = can_deal(state, step)
    if step[0] == "layout":  # each card of the deck equally likely, as in a shuffled deck
        left = Counter(deck(state, state.packs))
        left.subtract(entry(state.data.card(c)) for c in recorded(state, "layout"))
        pick = rng.choice(sorted(left.elements()))
        pool = [c for c in options if entry(state.data.card(c)) == pick]
        return {**payload, "dealt": rng.choice(pool)} if pool else payload
    return {**payload, "dealt": rng.choice(options)} if options else payload


def prepare(state: State, payload: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The app deals what the table has not recorded: the rest of the cards, then the roll for who starts."""
    d, n = state.data, len(state.players)
    if state.phase != "setup":
        return payload
    every = d.packs()
    packs = state.packs or payload.get("packs")
    if not packs:
        recommended = [p for p in d.recommended_packs if p in every][:d.life_packs]
        packs = recommended + rng.sample([p for p in every if p not in recommended], d.life_packs - len(recommended))
    packs = check_packs(state, packs)
    table = {(what, p, place): card for what, p, place, card in state.dealt}
    shown = [card for (what, _, _), card in table.items() if what == "layout"]
    left = Counter(deck(state, packs))
    left.subtract(entry(d.card(c)) for c in shown)
    cards = sorted(left.elements())
    rng.shuffle(cards)
    copies = {kind: [c.id for c in d.of_kind(kind) for _ in range(c.count - shown.count(c.id))]
              for kind in PLACEHOLDER_KINDS}
    for ids in copies.values():
        rng.shuffle(ids)
    down, layouts = face_down(state), []
    for p in range(n):
        layout: list[str | None] = []
        for slot in range(d.dealt):
            if slot in down:
                layout.append(None)
            elif ("layout", p, slot) in table:
                layout.append(table[("layout", p, slot)])
            else:
                c = cards.pop()
                layout.append(copies[c].pop() if c in copies else c)
        layouts.append(layout)

    def drawn(what: str, p: int, pool: list[str]) -> str:
        return table.get((what, p, 0)) or rng.choice(pool)

    chosen: dict[str, list[str]] = {"nationality": [], "destination": [], "career": []}
    for p in range(n):  # a Destination of the player's own country is put back and another drawn
        for what in ("nationality", "destination", "career"):
            taken = [table[(what, q, 0)] for q in range(n) if (what, q, 0) in table] + chosen[what]
            pool = [c.id for c in d.of_kind(what) if c.id not in taken]
            if what == "destination":
                home = d.card(chosen["nationality"][p]).country
                pool = [c for c in pool if d.card(c).country != home]
            chosen[what].append(drawn(what, p, pool))
    travel = {}
    for kind in ("passport", "ticket"):
        mine = [table[(kind, None, i)] for i in range(n) if (kind, None, i) in table]
        pool = [c.id for c in d.of_kind(kind) for _ in range(c.count)]
        for c in mine:
            pool.remove(c)
        travel[kind] = mine + rng.sample(pool, n - len(mine))
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
             "players": [{"nationality": chosen["nationality"][p], "destination": chosen["destination"][p],
                          "career": chosen["career"][p], "layout": layouts[p]} for p in range(n)]}
    recorder = Recorder(rng)
    apply(state, {**payload, "deal": dealt}, recorder)
    return {**payload, "deal": dealt, **recorder.outcome()}


def apply(state: State, payload: dict[str, Any], source: Source) -> State:
    if state.phase != "setup":
        raise RuleError("The cards are dealt already: a game is dealt once (Setup).")
    if payload.get("packs") is not None:
        if state.packs:
            raise RuleError(f"The Life card packs are chosen already ({listed(state.packs)}): tap Deal for "
                            "us without choosing packs.")
        check_packs(state, payload["packs"])
    if payload.get("first_player") is not None and (not state.packs or next_step(state) is not None):
        raise RuleError("Roll for who starts once every card is dealt: record the rest of the deal first, or tap "
                        "Deal for us and the app deals the rest and rolls.")
    dealt = payload.get("deal")
    if not isinstance(dealt, dict):
        raise RuleError("This deal records no cards: the app shuffles and deals when the deal is added.")
    try:
        table = {(what, p, place): card for what, p, place, card in state.dealt}
        for (what, p, place), card in table.items():
            if what in ("passport", "ticket"):
                there = dealt[what + "s"][place]
            elif what == "layout":
                there = dealt["players"][p]["layout"][place]
            else:
                there = dealt["players"][p][what]
            if there != card:
                raise RuleError("This deal differs from the cards the table recorded: undo the recorded card on the "
                                "History page, or deal again.")
        if state.packs and tuple(dealt["packs"]) != state.packs:
            raise RuleError("This deal uses other Life card packs than the table chose.")
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
