"""Finds a game's rulebook template and renders it to Markdown, with the card appendix added."""

from __future__ import annotations

import traceback
from pathlib import Path

import jinja2

from cardgen.gamedata import Game, templates_dir
from cardgen.gamedata.containment import contained
from cardgen.rulebook.context import FLOWCHART, GALLERY, context
from cardgen.layout.templating import environment

NAME = "rulebook.md.j2"


class RulebookError(ValueError):
    """A rulebook that cannot be rendered; the message names the template file and line."""


def template_path(game: Game) -> Path | None:
    """The game folder's own rulebook.md.j2, else the bundled templates/rulebooks/<slug>/rulebook.md.j2."""
    for path in (game.root / NAME, templates_dir() / "rulebooks" / game.slug / NAME):
        if path.is_file():
            return path
    return None


def markdown(game: Game) -> str:
    """The rulebook's Markdown: the template rendered with the game's data, then the card appendix."""
    path = template_path(game)
    if path is None:
        raise RulebookError(f"{game.slug} has no rulebook: write {templates_dir() / 'rulebooks' / game.slug / NAME} "
                            f"or {game.root / NAME} (see docs/designers/rulebooks.md)")
    if path.parent == game.root and not contained(game.root, path):  # never read a file from outside
        raise RulebookError(f"{path}: a link to {path.resolve()}, outside the game folder; copy the file into "
                            "the folder")
    source = path.read_text(encoding="utf-8")
    env = environment()
    try:
        template = env.from_string(source)
    except jinja2.TemplateSyntaxError as error:
        raise RulebookError(f"{path}:{error.lineno}: {error.message}") from None
    try:
        text = template.render(**context(game))
    except Exception as error:  # noqa: BLE001 - a template's mistake, whatever it is, is reported with its line
        raise RulebookError(f"{path}:{_template_line(error)}: {type(error).__name__}: {error}") from None
    return text.rstrip() + "\n\n" + appendix(game)


def _template_line(error: Exception) -> str:
    lines = [frame.lineno for frame in traceback.extract_tb(error.__traceback__) if frame.filename == "<template>"]
    return str(lines[-1]) if lines else "?"


def _cell(text: object) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def appendix(game: Game) -> str:
    """Every card (name, copies, text) with a gallery per deck, and the legend of the game's icons."""
    parts = ["# Card reference", ""]
    for deck in game.decks:
        texts = [c.name for c in deck.columns if c.type == "text"]
        parts += [f"## {deck.title}", "", f"{deck.total} cards, {deck.distinct} different.", "",
                  "| Card | Copies | Text |", "|---|---:|---|"]
        for card in deck.cards:
            body = " ".join(str(card.get(name)) for name in texts if card.get(name))
            parts.append(f"| **{_cell(card.name)}** | {card.count} | {_cell(body)} |")
        parts += ["", GALLERY.format(deck.id), ""]
    for flow in game.flows:  # every flowchart the game folder has, even if the chapters forgot one
        parts += [f"## {flow.title}", "", flow.description, "", FLOWCHART.format(flow.id), ""]
    if game.icons:
        parts += ["## Icons", "", "| Icon | Meaning |", "|---|---|"]
        parts += [f"| :{name}: | {_cell(spec.label)} |" for name, spec in game.icons.items()]
    return "\n".join(parts) + "\n"
