"""Cards as the table names them: each card's printed label, and a write's card fields taken by id or printed name."""

from __future__ import annotations

from typing import Any

from companion.rules.fields import EventSpec
from companion.table.errors import Invalid

_LABELS: dict[int, tuple[Any, dict[str, str]]] = {}


def printed_labels(game: Any) -> dict[str, str]:
    """Each card's name as printed; a name printed on cards of two decks adds the deck's title to tell them apart."""
    kept = _LABELS.get(id(game))
    if kept is not None and kept[0] is game:
        return kept[1]
    decks_of: dict[str, set[str]] = {}
    for deck in game.decks:
        for card in deck.cards:
            decks_of.setdefault(card.name.casefold(), set()).add(deck.id)
    labels = {card.id: card.name if len(decks_of[card.name.casefold()]) == 1 else f"{card.name} ({deck.title})"
              for deck in game.decks for card in deck.cards}
    _LABELS[id(game)] = (game, labels)
    return labels


def by_printed_name(spec: EventSpec, payload: Any, game: Any) -> Any:
    """The payload with each card field (`Field.card`) given by its printed name turned into the card's id: a value
    that is an id stays; a name printed on one card only becomes its id; a name printed on several cards is refused
    with a sentence naming the field; anything else is left for the rules to judge."""
    if not isinstance(payload, dict):
        return payload
    labels = printed_labels(game)
    named: dict[str, set[str]] = {}
    for cid, label in labels.items():
        for text in {label, label.split(" (")[0]}:
            named.setdefault(text.casefold().strip(), set()).add(cid)
    out = dict(payload)
    for name, field in spec.fields.items():
        card = field.card or (field.type == "array" and field.items is not None and field.items.card)
        if not card or name not in out:
            continue
        value = out[name]
        if isinstance(value, list):
            out[name] = [_card(f"payload.{name}[{i}]", item, labels, named) for i, item in enumerate(value)]
        else:
            out[name] = _card(f"payload.{name}", value, labels, named)
    return out


def _card(where: str, value: Any, labels: dict[str, str], named: dict[str, set[str]]) -> Any:
    if not isinstance(value, str) or value in labels:
        return value
    ids = named.get(value.casefold().strip(), set())
    if len(ids) > 1:
        printed = sorted({labels[i] for i in ids})
        raise Invalid(f"{value!r} is printed on {len(ids)} cards ({', '.join(printed[:4])}): send the card's id "
                      "(each legal move lists the ids of its cards with their printed names)", field=where)
    return next(iter(ids)) if ids else value
