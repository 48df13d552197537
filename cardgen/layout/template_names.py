"""What a layout's templates see of a card, its deck and the game, and which of those names a template uses."""

from __future__ import annotations

import functools
from types import SimpleNamespace
from typing import Any
from collections.abc import Mapping

from jinja2 import meta, nodes

from cardgen.gamedata import Deck, Game
from cardgen.gamedata.columns import IMPLICIT_COLUMNS
from cardgen.gamedata.flows.text import card_text, printed
from cardgen.layout.templating import environment

CONTEXT_NAMES = {"card", "deck", "game", "number", "index", "side", "body"}
IMPLICIT = {column.name for column in IMPLICIT_COLUMNS}  # id, name, count
CARD_NAMES = {"card", "number", "index", "body"}  # what differs from one card of a deck to the next


class ReadFields(SimpleNamespace):
    """A card's fields as templates see them (`card.power`), noting each one they read, for `cardgen check`'s
    warning about columns no layout prints."""

    def __init__(self, fields: Mapping[str, Any], read: set[str]):
        super().__init__(**fields)
        object.__setattr__(self, "__read__", read)

    def __getattribute__(self, name: str) -> Any:
        if not name.startswith("__"):
            object.__getattribute__(self, "__read__").add(name)
        return object.__getattribute__(self, name)


def deck_columns(deck: Deck) -> list[dict[str, Any]]:
    """`deck.columns` for templates: the columns game.toml declares for the deck (not id, name and count), so a
    shared layout can print each of them: name, type, description, printed (false for data no card prints)
    and a label ("max_hp" -> "Max hp")."""
    return [{"name": c.name, "type": c.type, "description": c.description, "printed": c.printed,
             "label": c.name.replace("_", " ").capitalize()} for c in deck.columns if c.name not in IMPLICIT]


def flow_context(flow: Any, game: Game) -> dict[str, Any]:
    """What a card layout may print of a flowchart: `game.flows.<id>.card(["Park step", "levels", "score"])`."""
    return {"title": flow.title, "description": printed(flow, flow.description, game.constants),
            "card": lambda parts: card_text(flow, parts, game.constants)}


@functools.lru_cache(maxsize=8192)
def names_used(source: str) -> frozenset[tuple[str, str]]:
    """("column", c) for each card.c / card['c'], ("name", n) for each free variable of a template (parsed once
    per process: every deck and every export asks about the same few templates)."""
    tree = environment().parse(source)
    used: set[tuple[str, str]] = set()
    for node in tree.find_all(nodes.Getattr):
        if isinstance(node.node, nodes.Name) and node.node.name == "card":
            used.add(("column", node.attr))
    for item in tree.find_all(nodes.Getitem):
        if isinstance(item.node, nodes.Name) and item.node.name == "card" and isinstance(item.arg, nodes.Const):
            used.add(("column", str(item.arg.value)))
    # Jinja's own names (loop inside a for, range, namespace...) are known; set/for variables are not free
    used |= {("name", name) for name in meta.find_undeclared_variables(tree) - set(environment().globals)}
    return frozenset(used)
