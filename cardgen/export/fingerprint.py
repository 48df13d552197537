"""Fingerprints of everything that shapes a card image, so unchanged images need not be redrawn.

A front's fingerprint covers the card's fields, its deck's declaration, the layout files of its
`extends` chain, the game's title, icons and constants, the font files (the game's own too), the source of the layout
and PNG rendering code, and the export's settings (DPI, bleed, pixel size...). Deck totals and
card numbers enter only when a layout of the chain mentions them, so changing one card's count
or adding a card does not redraw every other card of a deck that never prints them. Art files are
not here: which ones a face uses is only known once it is laid out, so the cache records them.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from pathlib import Path
from typing import Any

import cardgen
from cardgen import __version__
from cardgen.gamedata import Card, Deck, Game, thaw
from cardgen.layout import fonts

_PACKAGE = Path(cardgen.__file__).parent
CODE = ("layout/*.py", "render/png_*.py", "templating.py")  # the code that turns a card into pixels
DECK_WORDS = {"total": r"\btotal\b", "distinct": r"\b(distinct|number)\b", "index": r"\b(index|number)\b"}
EXTENDS = re.compile(r"""^\s*extends\s*=\s*["']([^"']+)["']""", re.MULTILINE)


def digest(*parts: Any) -> str:
    """A short stable hash of JSON-able parts."""
    text = json.dumps(parts, sort_keys=True, default=repr, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


@functools.cache
def code_digest() -> str:
    """The cardgen version, the font files and the source of the code that draws a card."""
    hasher = hashlib.sha256(__version__.encode())
    for path in [*fonts.FILES.values(), *sorted(p for pattern in CODE for p in _PACKAGE.glob(pattern))]:
        hasher.update(path.name.encode() + b"\0" + path.read_bytes())
    return hasher.hexdigest()[:32]


class Fingerprints:
    """Fingerprints of one game's faces under one set of export settings (`settings`, JSON-able)."""

    def __init__(self, game: Game, settings: Any):
        self.game = game
        self._shared = digest(code_digest(), settings, game.slug, game.title, game.subtitle, thaw(game.constants),
                              sorted((i.name, i.label, i.glyph, i.colour) for i in game.icons.values()),
                              [(flow.id, flow.file.read_text(encoding="utf-8")) for flow in game.flows],
                              sorted((name, family.digest) for name, family in game.fonts.items()))
        self._chains: dict[str, tuple[str, dict[str, bool]]] = {}

    def front(self, deck: Deck, card: Card, index: int) -> str:
        layout, uses = self._chain(card.layout)
        return digest(self._shared, "front", self._deck(deck, uses), layout, card.id, card.name, card.layout,
                      dict(card.fields), index if uses["index"] else None)

    def back(self, deck: Deck, card: Card | None = None, index: int = 0) -> str:
        """The deck's back, or `card`'s own back (for a back layout that prints the card's fields)."""
        layout, uses = self._chain(deck.back)
        mine = [card.id, card.name, dict(card.fields), index if uses["index"] else None] if card else None
        return digest(self._shared, "back", self._deck(deck, uses), layout, mine)

    def _deck(self, deck: Deck, uses: dict[str, bool]) -> list:
        return [deck.id, deck.title, deck.size.width, deck.size.height, [(c.name, c.type) for c in deck.columns],
                deck.total if uses["total"] else None, deck.distinct if uses["distinct"] else None]

    def _chain(self, name: str) -> tuple[str, dict[str, bool]]:
        """(hash of the layout's files along its `extends` chain, which deck words they mention).

        `extends` is read with a pattern, not a TOML parser: a layout the pattern misreads is still
        hashed whole, and the composer reports layouts that are broken.
        """
        if name not in self._chains:
            texts, seen, current = [], set(), name
            while current in self.game.layouts and current not in seen:
                seen.add(current)
                text = self.game.layouts[current].read_text(encoding="utf-8")
                texts.append(text)
                found = EXTENDS.search(text.split("\n[", 1)[0])
                current = found.group(1) if found else ""  # no layout is named ""
            together = "\n".join(texts)
            self._chains[name] = (digest(name, texts), {word: bool(re.search(pattern, together))
                                                         for word, pattern in DECK_WORDS.items()})
        return self._chains[name]
