"""The winners (everyone who entered), the Ultimate Winner, and the public view of the table.

Nothing hidden is shown: face-down cards appear as face down, and a lane shows how many tokens it
has left, never their values (the state does not know them before they are drawn).
"""

from __future__ import annotations

from typing import Any

from companion.rules.contract import recent
from companion.rules.games.emigration.border import most_sets
from companion.rules.games.emigration.data import TRADE
from companion.rules.games.emigration.deal import next_step, step_words
from companion.rules.games.emigration.layout import available, place_words, places, waiting
from companion.rules.games.emigration.state import HIDDEN, State, holding, listed, salary
from companion.rules.games.emigration.turns import required_action


def ultimate_winner(state: State, winners: list[int]) -> int | None:
    """The winner with the most assurance left, then the most money; None if they tie on both."""
    if not winners:
        return None
    best = max((state.players[p].assurance, state.players[p].money) for p in winners)
    top = [p for p in winners if (state.players[p].assurance, state.players[p].money) == best]
    return top[0] if len(top) == 1 else None


def score(state: State) -> dict[str, Any]:
    """Everyone who entered their destination wins (WINNING THE GAME): they share first place, and the one with the
    most Assurance left (then money) is the Ultimate Winner. Nobody else has a place once the game is over: they
    did not get in. While the game goes on, places follow Assurance, then money."""
    finished = state.phase == "over"
    winners = [p for p, player in enumerate(state.players) if player.entered] if finished else []
    keys = [(bool(player.entered), player.assurance, player.money) for player in state.players]
    rows = []
    for p, (player, key) in enumerate(zip(state.players, keys)):
        if finished:
            place = 1 if p in winners else None
        else:
            place = 1 + sum(1 for other in keys if other > key)
        rows.append({"name": player.name, "total": player.assurance, "assurance": player.assurance,
                     "money": player.money, "pay_raises": list(player.raises), "entered": player.entered,
                     "place": place})
    ultimate = ultimate_winner(state, winners) if finished else None
    out: dict[str, Any] = {"players": rows, "winners": winners, "ultimate_winner": ultimate, "finished": finished}
    if finished:
        out["result"] = result(state, winners, ultimate)
    return out


def result(state: State, winners: list[int], ultimate: int | None) -> str:
    """The end of the game in one sentence: who entered, and the Ultimate Winner."""
    names = [state.players[p].name for p in winners]
    early = "The table ended the game early. " if state.stopped else ""
    if not names:
        return early + "Nobody entered their destination: nobody won this game."
    entered = listed(names)
    said = f"{early}{entered} entered {'their destinations' if len(names) > 1 else 'their destination'} and " \
           f"{'win' if len(names) > 1 else 'wins'}"
    if len(names) == 1:
        return said + "."
    if ultimate is None:
        return said + "; they tie on Assurance and money, so there is no Ultimate Winner."
    return said + f"; {state.players[ultimate].name} is the Ultimate Winner, with the most Assurance left."


def _card(state: State, card_id: str) -> dict[str, Any]:
    card = state.data.card(card_id)
    shown: dict[str, Any] = {"card": card.id, "name": card.name, "label": card.label, "kind": card.kind,
                             "text": card.text}
    if card.kind in ("document", "connection", "passport", "ticket"):
        shown["price"] = card.price
    if card.kind == "life":
        shown.update(pack=card.pack, effect=card.effect, amount=card.amount or None)
    return shown


def _layout(state: State, owner: int) -> list[dict[str, Any]]:
    rows = places(state.data.layout_rows)
    shown = []
    for slot, card in enumerate(state.players[owner].layout):
        place = {"slot": slot, "row": rows[slot][0] + 1,
                 "face": "gone" if card is None else "down" if card == HIDDEN else "up"}
        if card is not None and place["face"] == "up":
            place.update(_card(state, card), available=available(state, owner, slot))
        shown.append(place)
    return shown


def _player(state: State, p: int) -> dict[str, Any]:
    d, player = state.data, state.players[p]
    shown: dict[str, Any] = {"name": player.name, "money": player.money, "assurance": player.assurance,
                             "pay_raises": list(player.raises), "in_college": player.in_college,
                             "stash": [_card(state, c) for c in player.stash],
                             "turned_card": _card(state, player.pending) if player.pending else None,
                             "layout": _layout(state, p), "withdrawn": player.withdrawn, "lane": player.lane,
                             "border_token": player.token, "entered": player.entered}
    if state.phase == "setup" or not (player.nationality and player.destination and player.career):
        return shown  # dealt nothing yet (or the table stopped before the deal ended)
    nat, dest, career = d.card(player.nationality), d.card(player.destination), d.card(player.career)
    shown.update(
        nationality={"card": nat.id, "country": nat.country, "money": nat.money},
        destination={"card": dest.id, "country": dest.country, **dict(zip(TRADE, dest.trade))},
        career={"card": career.id, "name": career.name, "salary": career.salary, "pay_raise_slots": career.slots},
        salary=salary(state, p), **{f"{kind}s": len(holding(state, p, kind))
                                    for kind in ("document", "connection", "passport", "ticket")})
    if state.phase == "border":
        shown["tradable_sets"] = dict(zip(("connection_sets", "money_sets", "document_sets"), most_sets(state, p)))
    return shown


def view(state: State) -> dict[str, Any]:
    drawn: dict[int, list[int]] = {}
    for lane, _, value in state.drawn:
        drawn.setdefault(lane, []).append(value)
    return {
        "phase": state.phase, "turn": state.turn, "packs": list(state.packs),
        "players": [_player(state, p) for p in range(len(state.players))],
        "middle": {"passports": [_card(state, c) for c in state.passports],
                   "tickets": [_card(state, c) for c in state.tickets]},
        "discard": list(state.discard), "unseen_cards": len(state.hidden),
        "exchange_rate_shocks": state.shocks,
        "lanes": [{"lane": i + 1, "tokens_left": left, "drawn": drawn.get(i + 1, [])}
                  for i, left in enumerate(state.lanes)],
        "first_rolls": [list(r) for r in state.first_rolls],
        "token_values": sorted(set(state.tokens)), "die": state.data.die, "owner_fee": state.data.owner_fee,
        "required_action": required_action(state, state.turn) if state.phase == "preparation" else None,
        "news": recent(state.news), "notes": recent(state.notes),
        "waiting": [{"owner": o, "slot": s, "where": place_words(state, o, s)} for o, s in waiting(state)]
        if state.phase == "preparation" else [],
        "dealt": [f"{step_words(state, (what, p, place))}: {state.data.card(card).label}"
                  for what, p, place, card in state.dealt] if state.phase == "setup" else [],
        "next_card": step_words(state, step) if (step := next_step(state)) else None,
        "stopped": state.stopped, "result": result(state, *_ends(state)) if state.phase == "over" else None,
    }


def _ends(state: State) -> tuple[list[int], int | None]:
    winners = [p for p, player in enumerate(state.players) if player.entered]
    return winners, ultimate_winner(state, winners)
