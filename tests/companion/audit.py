"""What a player must never read on a page: internal ids, Python or JSON dumps, icon tokens, Markdown marks,
snake_case names. `problems(text, ids)` lists each offending piece with a little context."""

from __future__ import annotations

import re
from html.parser import HTMLParser

READ_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
CHECKS = (
    ("a Python or JSON dump", re.compile(r"""\{['"]|\[['"]|['"]\s*:\s|\bNone\b|\bTrue\b|\bFalse\b|\[\d+(, \d+)*\]""")),
    ("an icon token", re.compile(r"(?<![\w:/]):[a-z][a-z0-9_-]*:(?![\w/])")),
    ("a Markdown mark", re.compile(r"\*\*|(?<![\w*])\*(?=\w)|`|(?<!\w)__|\]\(")),
    ("a snake_case name", re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")),
    ("an empty bracket", re.compile(r"\(\s*\)")),
)


class _Visible(HTMLParser):
    """The text a person sees or hears on a page: text outside script and style, and read attributes."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "template"):
            self._skip += 1
        for name, value in attrs:
            if name in READ_ATTRIBUTES and value:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style", "template") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.parts.append(data.strip())


def visible_text(html: str) -> str:
    parser = _Visible()
    parser.feed(html)
    return "\n".join(parser.parts)


def problems(text: str, ids: set[str] = frozenset()) -> list[str]:
    """Each piece of `text` a player should not read, as "what: ...context...", in order."""
    found = []
    for what, pattern in CHECKS:
        for match in pattern.finditer(text):
            found.append(f"{what}: …{text[max(0, match.start() - 40):match.end() + 40]}…".replace("\n", " ⏎ "))
    if ids:
        for word in set(re.findall(r"[A-Za-z0-9][A-Za-z0-9_-]*[A-Za-z0-9]", text)) & ids:
            at = text.find(word)
            found.append(f"an internal id ({word}): …{text[max(0, at - 40):at + len(word) + 40]}…".replace("\n", " ⏎ "))
    return found


def internal_ids(game) -> set[str]:
    """The ids of a game's cards that a player could mistake for words: those that differ from every printed name."""
    names = {card.name.casefold() for deck in game.decks for card in deck.cards}
    return {card.id for deck in game.decks for card in deck.cards
            if card.id.casefold() not in names and ("-" in card.id or "_" in card.id or any(c.isdigit() for c in card.id))}
