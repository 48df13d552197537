"""Card text markup: **bold**, *italic*, :icon:, [#c62828]colour[/] spans and line breaks, parsed into
styled pieces.

A colour span opens with `[#rrggbb]`, `[#rrggbbaa]` or `[name]` for a colour of the layout's [style],
and closes with `[/]`; spans nest. Like `:name:` for icons, brackets that are none of these print as
they are, so `[2]` or `[see below]` stay text.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from collections.abc import Mapping

_MARKUP = re.compile(r"[*:\\\n\[]")
_SPACES = re.compile(r"([ \t]+)")
_TOKEN = re.compile(r"\\\*|\*\*|\*|:([a-z][a-z0-9_-]*):|\[(#[0-9a-fA-F]{6}(?:[0-9a-fA-F]{2})?|[a-z][a-z0-9_-]*|/)\]"
                    r"|\n|[ \t]+|[^*:\n \t\\\[]+|.", re.S)


@dataclass(frozen=True)
class Piece:
    """A word fragment, a space, an icon or a line break, with the emphasis and colour in force."""

    kind: str  # "text", "space", "icon", "break"
    text: str = ""
    bold: bool = False
    italic: bool = False
    colour: str | None = None  # a span's colour; None: the box's own


_SPACE = Piece("space", " ")


def is_plain(source: str) -> bool:
    """Whether `source` has no markup at all: no emphasis, icons, colour spans, escapes or line breaks."""
    return not _MARKUP.search(source)


def parse(source: str, icons: frozenset[str] | set[str], colours: Mapping[str, str] | None = None) -> tuple[Piece, ...]:
    """Pieces of `source`; `:name:` becomes an icon only when `name` is in `icons`, `[name]` opens a
    colour span only when `name` is in `colours` (name -> "#rrggbb")."""
    return _parse(source, frozenset(icons), tuple(sorted((colours or {}).items())))


@functools.lru_cache(maxsize=8192)
def _parse(source: str, icons: frozenset[str], colours: tuple[tuple[str, str], ...] = ()) -> tuple[Piece, ...]:
    if not _MARKUP.search(source):  # plain words and spaces: most card text
        return tuple(_SPACE if part.isspace() else Piece("text", part) for part in _SPACES.split(source) if part)
    pieces: list[Piece] = []
    bold = italic = False
    named = dict(colours)
    spans: list[str] = []  # the open colour spans, innermost last
    for match in _TOKEN.finditer(source):
        token, span = match.group(0), match.group(2)
        colour = spans[-1] if spans else None
        if span == "/" and spans:
            spans.pop()
        elif span and span.startswith("#"):
            spans.append(span.lower())
        elif span and span in named:
            spans.append(named[span])
        elif token == "**":
            bold = not bold
        elif token == "*":
            italic = not italic
        elif token == "\\*":
            pieces.append(Piece("text", "*", bold, italic, colour))
        elif match.group(1) is not None and match.group(1) in icons:
            pieces.append(Piece("icon", match.group(1), bold, italic, colour))
        elif token == "\n":
            pieces.append(Piece("break"))
        elif token.isspace():
            pieces.append(Piece("space", " ", bold, italic, colour))
        else:
            pieces.append(Piece("text", token, bold, italic, colour))
    return tuple(_merge(pieces))


def _merge(pieces: list[Piece]) -> list[Piece]:
    merged: list[Piece] = []
    for piece in pieces:
        last = merged[-1] if merged else None
        if last and piece.kind == last.kind == "text" and \
                (piece.bold, piece.italic, piece.colour) == (last.bold, last.italic, last.colour):
            merged[-1] = Piece("text", last.text + piece.text, piece.bold, piece.italic, piece.colour)
        else:
            merged.append(piece)
    return merged


def plain(source: str) -> str:
    """The text without markup (icons keep their :name:), for searching and alt text."""
    return source.replace("**", "").replace("\\*", "\0").replace("*", "").replace("\0", "*")



_MARKERS = {"*": "italics", "**": "bold"}
EATEN = "markup ate characters"
ADVICE = "write \\* for a star that should print"


@functools.lru_cache(maxsize=8192)
def eaten(source: str) -> str | None:
    """A sentence about emphasis marks that vanished without making a proper span, or None.

    Marks never print: right for a span such as `*word*` (its marks touch the words inside), wrong
    for a lone `*` (the star is lost and the rest turns italic) or for `3 * 4 * 5` (a space inside
    the span). The sentence shows the source beside the visible text so the lost stars can be seen.
    """
    if "*" not in source:
        return None
    opened: dict[str, int] = {}
    bad: list[tuple[int, str, str]] = []
    for match in _TOKEN.finditer(source):
        token, start, end = match.group(0), match.start(), match.end()
        if token not in _MARKERS:
            continue
        if token not in opened:
            opened[token] = start
            if end >= len(source) or source[end].isspace():
                bad.append((start, token, "has a space after it"))
        else:
            first = opened.pop(token)
            if first + len(token) == start:
                bad.append((first, token, "is closed at once, so both marks vanish"))
            elif source[start - 1].isspace():
                bad.append((start, token, "closes a span with a space before it"))
    bad += [(start, token, f"is never closed, so all the text after it is in {_MARKERS[token]}")
            for token, start in opened.items()]
    if not bad:
        return None
    start, token, why = min(bad)
    shown = _window(source, start)
    return f"{EATEN}: {shown!r} prints as {_visible(shown)!r}: the {token!r} at character {start + 1} {why}; {ADVICE}"


def eaten_on_cards(sentences: list[tuple[str, str]], shown: int = 5) -> str:
    """One sentence for what markup ate in one box on several cards, from (card, `eaten` sentence) pairs: each
    card's own detail for the first `shown` cards, the rest by name."""
    cards = list(dict.fromkeys(card for card, _ in sentences))
    details = {card: sentence.removeprefix(f"{EATEN}: ").removesuffix(f"; {ADVICE}") for card, sentence in sentences}
    listed = "; ".join(f"{card}: {details[card]}" for card in cards[:shown])
    rest = f"; and on {', '.join(cards[shown:])}" if cards[shown:] else ""
    return f"{EATEN} on {len(cards)} cards: {listed}{rest}; {ADVICE}"


def _visible(source: str) -> str:
    return "".join("\n" if piece.kind == "break" else piece.text for piece in _parse(source, frozenset()))


def _window(text: str, at: int, reach: int = 24) -> str:
    """Up to `reach` characters either side of `at`, with ... where the text goes on."""
    low, high = max(0, at - reach), min(len(text), at + reach)
    return ("..." if low else "") + text[low:high] + ("..." if high < len(text) else "")
