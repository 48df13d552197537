"""The Jinja2 filters the pages use: game text with its icons and emphasis, and value/label pairs for controls."""

from __future__ import annotations

import json
import re
from typing import Any
from collections.abc import Mapping, Iterable

from flask import Flask
from jinja2 import pass_context
from markupsafe import Markup, escape

from cardgen.layout.markup import parse
from cardgen.rulebook.html import svg
from companion.table.wording import humanise, rich_sentence


def pairs(values: Iterable[Any]) -> list[tuple[int, Any]]:
    """(index, value) pairs: a select of players whose value is the seat number."""
    return list(enumerate(values))


def choices(values: Iterable[Any]) -> list[tuple[str, Any]]:
    """(JSON, value) pairs: a select whose value the page sends as it is (text stays text, numbers numbers)."""
    return [(json.dumps(v), v) for v in values]


def named(ids: Iterable[str], names: dict[str, str]) -> list[tuple[str, str]]:
    """(card id, card name) pairs for a select of cards."""
    return [(i, names.get(i, "a card")) for i in ids]


def priced(items: Iterable[tuple[str, Any]], names: dict[str, str]) -> list[tuple[str, str]]:
    """(card id, "name: price") pairs for a select of cards to buy."""
    return [(i, f"{names.get(i, 'a card')}: {price}") for i, price in items]


def zip_same(values: Iterable[Any]) -> list[tuple[Any, Any]]:
    """Each value as its own label: (value, value) pairs for a select or a row of buttons."""
    return [(v, v) for v in values]


def die_faces(faces: Any) -> list[tuple[Any, str]]:
    """A die's faces as (value, label): a number of faces gives 1..n; a list of (value, label) stays as it is."""
    if isinstance(faces, int):
        return [(n, str(n)) for n in range(1, faces + 1)]
    return [(f[0], str(f[1])) if isinstance(f, (tuple, list)) else (f, str(f)) for f in faces]


def rich_text(source: Any, icons: dict[str, Any] | None = None) -> Markup:
    """Game text as a page shows it: `:icon:` as the game's icon (labelled for screen readers), **bold** and
    *italic* as emphasis, line breaks kept; an unknown `:name:` is shown as its words."""
    if source is None:
        return Markup("")
    icons = icons or {}
    out = []
    for piece in parse(str(source), frozenset(icons)):
        if piece.kind == "break":
            out.append(Markup("<br>"))
            continue
        if piece.kind == "icon":
            html = Markup(svg(icons.get(piece.text), piece.text))
        else:
            html = escape(piece.text)
        if piece.kind == "text" and ":" in piece.text:  # a :token: the game has no icon for: its words
            html = escape(_tokens_as_words(piece.text))
        if piece.italic:
            html = Markup("<em>%s</em>") % html
        if piece.bold:
            html = Markup("<strong>%s</strong>") % html
        out.append(html)
    return Markup("").join(out)


def _tokens_as_words(text: str) -> str:
    return re.sub(r":([a-z][a-z0-9_-]*):", lambda m: humanise(m.group(1)), text)


@pass_context
def rich(context: Any, source: Any) -> Markup:
    """`rich_text` with the icons of the game the page shows."""
    game = context.get("game_data")
    return rich_text(source, dict(game.icons) if game is not None else {})


FIRST_SENTENCE = re.compile(r"^(.*?(?<!\be\.g)(?<!\bi\.e)\.)(\s|$)", re.S)


def first_sentence(text: str) -> str:
    """The first sentence of an event's description, for a menu ("e.g." and "i.e." do not end it), without code
    marks."""
    found = FIRST_SENTENCE.match(text.strip())
    return (found.group(1) if found else text).rstrip(".").replace("`", "")


def fits(payload: Mapping[str, Any], where: Mapping[str, Any] | None) -> bool:
    """Whether a move's fixed payload has every value of `where` (None: any payload)."""
    return where is None or all(key in payload and payload[key] == value for key, value in where.items())


def install(app: Flask) -> None:
    app.jinja_env.filters.update(pairs=pairs, choices=choices, named=named, priced=priced, die_faces=die_faces, zip_same=zip_same,
                                 rich=rich, sentence=rich_sentence, words=humanise, fits=fits,
                                 first_sentence=first_sentence)
