"""The Card Layout: which cards are covered or available, taking a card, turning uncovered cards face up.

Rows run from the back (row 0) to the front; a card of row r + 1 at place i sits across places i and
i + 1 of row r, so a card is covered while a card remains at place i - 1 or i of the row in front.
"""

from __future__ import annotations

from functools import lru_cache


from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.emigration.data import CardInfo
from companion.rules.games.emigration.outcomes import Source
from companion.rules.games.emigration.state import HIDDEN, State, entry, face_up, name, replace, say, update


@lru_cache(maxsize=64)
def places(rows: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """(row, place in row) of every slot, slot 0 being the back row's first card."""
    return tuple((r, i) for r, size in enumerate(rows) for i in range(size))


@lru_cache(maxsize=1024)
def coverers(rows: tuple[int, ...], slot: int) -> tuple[int, ...]:
    """The slots whose cards cover `slot` while they are there."""
    row, i = places(rows)[slot]
    if row + 1 >= len(rows):
        return ()
    start = sum(rows[:row + 1])
    return tuple(start + j for j in (i - 1, i) if 0 <= j < rows[row + 1])


def covered(state: State, owner: int, slot: int) -> bool:
    layout = state.players[owner].layout
    return any(layout[s] is not None for s in coverers(state.data.layout_rows, slot))


def available(state: State, owner: int, slot: int) -> bool:
    """Face up and not covered: the cards that can be bought, discarded or activated."""
    card = state.players[owner].layout[slot]
    return card not in (None, HIDDEN) and not covered(state, owner, slot)


def face_up_card(state: State, owner: int, slot: int, action: str) -> CardInfo:
    """The face-up card at (owner, slot); RuleError if there is none."""
    layout = state.players[owner].layout
    if not 0 <= slot < len(layout):
        raise RuleError(f"A Card Layout has places 0 to {len(layout) - 1}; there is no place {slot}.")
    if layout[slot] is None:
        raise RuleError(f"Place {slot} of {name(state, owner)}'s Card Layout is empty: that card is gone.")
    if layout[slot] == HIDDEN:
        raise RuleError(f"The card at place {slot} of {name(state, owner)}'s Card Layout is face down: it cannot "
                        f"be {action} before it is turned face up.")
    return state.data.card(layout[slot])


def available_card(state: State, owner: int, slot: int, action: str) -> CardInfo:
    card = face_up_card(state, owner, slot, action)
    if covered(state, owner, slot):
        raise RuleError(f"The {card.name} in {name(state, owner)}'s Card Layout is still covered: only "
                        f"available cards can be {action} (face up and not covered).")
    return card


def take(state: State, owner: int, slot: int) -> State:
    layout = list(state.players[owner].layout)
    layout[slot] = None
    return update(state, owner, layout=tuple(layout))


def available_slots(state: State, owner: int) -> tuple[int, ...]:
    return tuple(s for s in range(len(state.players[owner].layout)) if available(state, owner, s))


def empty(state: State) -> bool:
    return all(card is None for player in state.players for card in player.layout)


def unseen_ids(state: State, kind: str) -> tuple[str, ...]:
    """One id per copy of a `kind` card that is not face up anywhere (for drawing one of them)."""
    shown = face_up(state)
    return tuple(c.id for c in state.data.of_kind(kind) for _ in range(c.count - shown[c.id]))


def take_unseen(state: State, card_id: str) -> State:
    """Takes `card_id` out of the unseen cards; RuleError if it cannot be one of them."""
    card = state.data.card(card_id)
    hidden = list(state.hidden)
    if entry(card) not in hidden or (card.kind != "life" and card_id not in unseen_ids(state, card.kind)):
        raise RuleError(f"The {card.name} cannot be among the unseen cards: every copy of it is face up "
                        "already, or it is not in this game's deck.")
    hidden.remove(entry(card))
    return replace(state, hidden=tuple(hidden))


def waiting(state: State) -> list[tuple[int, int]]:
    """The face-down cards nothing covers any more, (owner, place) in play order: the table turns each face up and
    says what it is (Revealing Cards)."""
    return [(owner, slot) for owner, player in enumerate(state.players) if HIDDEN in player.layout
            for slot, card in enumerate(player.layout) if card == HIDDEN and not covered(state, owner, slot)]


def place_words(state: State, owner: int, slot: int) -> str:
    """A place of a Card Layout in the players' words: "Ann's Card Layout, row 2, card 3 of 4"."""
    rows = state.data.layout_rows
    row, i = places(rows)[slot]
    where = "back row" if row == 0 else "front row" if row == len(rows) - 1 else f"row {row + 1} from the back"
    return f"{name(state, owner)}'s Card Layout, {where}, card {i + 1} of {rows[row]}"


def turned_up(state: State, owner: int, slot: int, card_id: str) -> State:
    """The face-down card at (owner, slot) is `card_id`, turned face up; RuleError if it cannot be."""
    state = take_unseen(state, card_id)
    layout = list(state.players[owner].layout)
    layout[slot] = card_id
    state = update(state, owner, layout=tuple(layout))
    return say(state, f"In {name(state, owner)}'s Card Layout the {state.data.card(card_id).name} is turned face up.")


def reveal(state: State, source: Source) -> State:
    """Turns face up the uncovered face-down cards an event recorded (a log from before the table said what they
    are); otherwise they wait for the table to turn them face up (`turn_up`)."""
    for owner, slot in waiting(state):
        if not source.recorded_reveals():
            break
        card_id = source.reveal(state.hidden, lambda kind: unseen_ids(state, kind))  # noqa: B023 - reveal calls it at once, in this iteration
        state = turned_up(state, owner, slot, card_id)
    return state


def can_turn_up(state: State) -> list[str]:
    """The cards an uncovered face-down card can be: one of the cards the table has not seen yet."""
    out: list[str] = []
    for pick in dict.fromkeys(state.hidden):
        out += dict.fromkeys(unseen_ids(state, pick)) if pick in ("document", "connection", "payday") else [pick]
    return sorted(out, key=lambda c: state.data.card(c).label)


def turn_up(state: State, p: dict[str, Any], source: Source) -> State:
    """The table turns face up an uncovered face-down card and says which card it is (or has the app draw it)."""
    pending = waiting(state) if state.phase == "preparation" else []
    if not pending:
        raise RuleError("No face-down card is uncovered: there is nothing to turn face up now.")
    owner, slot = p["owner"], p["slot"]
    if (owner, slot) != pending[0]:
        raise RuleError(f"Turn face up the card at {place_words(state, *pending[0])} first.")
    card_id = p.get("card") or p.get("dealt")
    if card_id is None:
        raise RuleError(f"Say which card is turned face up at {place_words(state, owner, slot)}, or tap Draw for us.")
    card = state.data.card(card_id)
    if card.id not in can_turn_up(state):
        raise RuleError(f"The {card.label} cannot be face down in a Card Layout: every copy of it is face up "
                        "already, or it is not in this game's deck. Check the card's printed name.")
    return turned_up(state, owner, slot, card.id)


def prepare_turn_up(state: State, payload: dict[str, Any], rng: Any) -> dict[str, Any]:
    """A card left out is drawn by the app: any card the table has not seen yet, as likely as it is."""
    if payload.get("card") is not None or not state.hidden:
        return payload
    pick = rng.choice(state.hidden)
    card = rng.choice(unseen_ids(state, pick)) if pick in ("document", "connection", "payday") else pick
    return {**payload, "dealt": card}
