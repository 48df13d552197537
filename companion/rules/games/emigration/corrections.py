"""Manual corrections for when the table and the app disagree, plus notes and renaming; all are logged.

A table that shuffled and dealt its own cards records them here: `set_card` puts the card the table
shows at a place of a Card Layout (the app's card goes back among the unseen cards).
"""

from __future__ import annotations

from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.emigration.layout import face_up_card, take_unseen
from companion.rules.games.emigration.outcomes import Source
from companion.rules.games.emigration.state import State, check_player, entry, name, replace, say, update


def _dealt(state: State) -> None:
    if state.phase == "setup":
        raise RuleError("The cards are not dealt yet: tap Deal first.")


def set_money(state: State, p: dict[str, Any], source: Source) -> State:
    _dealt(state)
    check_player(state, p["player"])
    state = update(state, p["player"], money=p["money"])
    return say(state, f"Correction: {name(state, p['player'])} has {p['money']} money.")


def set_assurance(state: State, p: dict[str, Any], source: Source) -> State:
    _dealt(state)
    check_player(state, p["player"])
    state = update(state, p["player"], assurance=p["assurance"])
    return say(state, f"Correction: {name(state, p['player'])} has {p['assurance']} assurance.")


def set_turn(state: State, p: dict[str, Any], source: Source) -> State:
    _dealt(state)
    check_player(state, p["player"])
    if state.phase == "border" and state.players[p["player"]].entered is not None:
        raise RuleError(f"{name(state, p['player'])} has crossed the border already: it cannot be their turn.")
    state = replace(state, turn=p["player"], graduation_tried=False)
    return say(state, f"Correction: it is {name(state, p['player'])}'s turn.")


def set_card(state: State, p: dict[str, Any], source: Source) -> State:
    """The face-up card at a place of a Card Layout is `card`, as the table shows it."""
    _dealt(state)
    owner, slot = p["owner"], p["slot"]
    check_player(state, owner, "Card Layout owner")
    old = face_up_card(state, owner, slot, "corrected")
    new = state.data.card(p["card"])
    if new.kind not in ("document", "connection", "life", "payday"):
        raise RuleError(f"The {new.name} is not a layout card (Documents, Connections, Life cards, Paydays).")
    layout = list(state.players[owner].layout)
    layout[slot] = None
    state = replace(update(state, owner, layout=tuple(layout)), hidden=state.hidden + (entry(old),))
    state = take_unseen(state, new.id)
    layout[slot] = new.id
    state = update(state, owner, layout=tuple(layout))
    return say(state, f"Correction: place {slot} of {name(state, owner)}'s Card Layout holds the {new.name}.")


def set_identity(state: State, p: dict[str, Any], source: Source) -> State:
    """A player's Nationality, Destination or Career card, as the table dealt it."""
    _dealt(state)
    me = p["player"]
    check_player(state, me)
    changes = {}
    for field, kind in (("nationality", "nationality"), ("destination", "destination"), ("career", "career")):
        if p.get(field) is None:
            continue
        card = state.data.card(p[field])
        if card.kind != kind:
            raise RuleError(f"The {card.name} is not a {kind} card.")
        if any(getattr(other, field) == card.id for q, other in enumerate(state.players) if q != me):
            raise RuleError(f"Another player holds the {card.name} {kind} card already.")
        changes[field] = card.id
    after = replace(state.players[me], **changes)
    if state.data.card(after.nationality).country == state.data.card(after.destination).country:
        raise RuleError("A player's Destination is never their own country (Setup).")
    state = update(state, me, **changes)
    return say(state, f"Correction: {after.name}'s cards changed ({', '.join(changes) or 'nothing'}).")


def note(state: State, p: dict[str, Any], source: Source) -> State:
    return replace(state, notes=state.notes + (p["text"],))


def rename_player(state: State, p: dict[str, Any], source: Source) -> State:
    check_player(state, p["player"])
    return update(state, p["player"], name=p["name"].strip() or state.players[p["player"]].name)
