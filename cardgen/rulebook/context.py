"""What a rulebook template sees: the game's data, counts and constants, never a retyped number."""

from __future__ import annotations

from typing import Any

from cardgen.gamedata import Game, thaw
from cardgen.gamedata.flows.text import score_lines

WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
         "sixteen seventeen eighteen nineteen twenty").split()
GALLERY = "[[gallery:{}]]"
FLOWCHART = "[[flowchart:{}]]"
BOARD = "[[board:{}]]"


def plural(count: int, noun: str, many: str | None = None) -> str:
    """`1 card`, `2 cards` (or the given plural)."""
    return f"{count} {noun if count == 1 else (many or noun + 's')}"


def words(number: int) -> str:
    """Numbers up to twenty as words, as rulebooks write them."""
    return WORDS[number] if isinstance(number, int) and 0 <= number < len(WORDS) else str(number)


def _cell(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def components_table(game: Game) -> str:
    """The component list as a Markdown table: every deck and token kind with its count."""
    rows = ["| Component | Count |", "|---|---:|"]
    rows += [f"| {_cell(deck.title)} | {deck.total} |" for deck in game.decks]
    rows += [f"| {_cell(token.title)} | {token.count} |" for token in game.tokens]
    return "\n".join(rows)


def context(game: Game) -> dict[str, Any]:
    decks: dict[str, dict[str, Any]] = {deck.id: {"id": deck.id, "title": deck.title, "total": deck.total, "distinct": deck.distinct,
                       "description": deck.description,
                       "cards": [{**thaw(card.fields), "count": card.count} for card in deck.cards]}
             for deck in game.decks}
    cards = {card["id"]: card for deck in decks.values() for card in deck["cards"]}

    def deck(deck_id: str) -> dict[str, Any]:
        if deck_id not in decks:
            raise KeyError(f"no deck {deck_id!r}; decks: {', '.join(decks)}")
        return decks[deck_id]

    def card(card_id: str) -> dict[str, Any]:
        if card_id not in cards:
            raise KeyError(f"no card {card_id!r}")
        return cards[card_id]

    def count(deck_id: str, **where: Any) -> int:
        return sum(c["count"] for c in deck(deck_id)["cards"] if all(c.get(k) == v for k, v in where.items()))

    def gallery(deck_id: str) -> str:
        deck(deck_id)
        return GALLERY.format(deck_id)

    def flowchart(flow_id: str) -> str:
        if flow_id not in {flow.id for flow in game.flows}:
            raise KeyError(f"no flowchart {flow_id!r}; flowcharts: {', '.join(f.id for f in game.flows) or 'none'}")
        return FLOWCHART.format(flow_id)

    def board(board_id: str) -> str:
        if board_id not in {b.id for b in game.boards}:
            raise KeyError(f"no board {board_id!r}; boards: {', '.join(b.id for b in game.boards) or 'none'}")
        return BOARD.format(board_id)

    return {
        "game": {"title": game.title, "subtitle": game.subtitle, "slug": game.slug, "players": list(game.players),
                 "minutes": list(game.minutes), "ages": game.ages, "designer": game.designer,
                 "version": game.version, "description": game.description},
        "constants": thaw(game.constants),
        "lab": {name: {**thaw(entry["figures"]), "command": entry["command"]} for name, entry in game.lab.items()},
        "decks": list(decks.values()),
        "deck": deck, "card": card, "count": count, "gallery": gallery, "flowchart": flowchart, "board": board,
        "boards": [{"id": b.id, "title": b.title, "kind": b.kind, "count": b.count, "size": [b.width, b.height]}
                   for b in game.boards],
        "flowcharts": [{"id": f.id, "title": f.title, "description": f.description,
                        "levels": [{"number": lv.number, "name": lv.name, "text": lv.text} for lv in f.levels],
                        "score": score_lines(f, game.constants)} for f in game.flows],
        "tokens": [{"id": t.id, "title": t.title, "count": t.count, "value": t.value, "front": t.front,
                    "back": t.back, "description": t.description} for t in game.tokens],
        "components": components_table(game),
        "icons": [{"name": name, "label": spec.label} for name, spec in game.icons.items()],
        "scoring": thaw(game.scoring),
    }
