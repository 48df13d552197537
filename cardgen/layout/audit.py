"""What `cardgen check` finds in a game's layouts: every face of every card laid out, nothing written.

It lays cards out with the build's own Composer, which notes each box's problems instead of
stopping at the first: template errors, names no column has, art files that are not there, and
markup that ate characters. Each finding names the layout file and line of the setting, and the
card's CSV file and line (or the deck's header, for a column no card could have).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from cardgen.gamedata import Card, Deck, Game
from cardgen.layout.compose import Composer, Note
from cardgen.layout.icons import check_glyphs
from cardgen.layout.spec import LayoutError

BLEED = 3.0  # the build's default: geometry over `bleed` is checked as it usually prints
_PLACED = re.compile(r"(.+?:\d+): (.*)", re.S)  # a message that starts with its own file:line


@dataclass(frozen=True)
class Finding:
    """One problem of a layout, where it is written and the first card it shows on."""

    level: str          # "error" or "warning"
    place: str          # the layout file:line of the setting ("" when the message names its own place)
    message: str
    card: str           # the card's CSV file:line, or the deck's header line
    more: int = 0       # how many more cards show the same problem

    def __str__(self) -> str:
        others = f", and {self.more} more card{'s' if self.more != 1 else ''}" if self.more else ""
        where = f"{self.place}: " if self.place else ""
        return f"{where}{self.level}: {self.message} [{self.card}{others}]"


def audit(game: Game) -> list[Finding]:
    """Every layout problem of the game, errors and warnings, in the order the decks and cards come."""
    composer = Composer(game, BLEED)
    found: list[Finding] = [Finding("error", f"{_shown(game.root / 'game.toml')}", problem, "every deck")
                            for problem in check_glyphs(game.icons)]
    for deck in game.decks:
        found += _deck(composer, deck)
    return _merged(found)


def _deck(composer: Composer, deck: Deck) -> list[Finding]:
    header = f"deck {deck.id!r}, header of {_shown(deck.file)}:1"
    try:
        static = composer.problems(deck)
    except LayoutError as error:  # a layout that cannot be read at all: nothing else to look at
        return [_failed(error, header)]
    found = [_finding(note, header) for note in static]
    named = {(note.box.place(note.key), note.box.name) for note in static}  # each card would say it again

    def lay_out(card: Card | None, faces) -> None:
        composer.notes = []
        where = f"card {card.id!r} at {_shown(card.file)}:{card.line}" if card else f"the back of deck {deck.id!r}"
        try:
            for face in faces:
                face()
        except LayoutError as error:
            found.append(_failed(error, where))
        found.extend(_finding(note, where) for note in composer.notes
                     if (note.box.place(note.key), note.box.name) not in named)
        composer.notes = None

    try:
        varies = composer.back_varies(deck)
    except LayoutError as error:
        return found + [_failed(error, header)]
    for index, card in enumerate(deck.cards, start=1):
        faces = [lambda: composer.front(deck, card, index)]
        if varies:
            faces.append(lambda: composer.back(deck, card, index))
        lay_out(card, faces)
    if not varies:
        lay_out(None, [lambda: composer.back(deck)])
    return found


def _finding(note: Note, card: str) -> Finding:
    return Finding(note.level, _shown_place(note.box.place(note.key)), f"box {note.box.name!r}: {note.message}",
                   card)


def _failed(error: LayoutError, card: str) -> Finding:
    """A layout that failed as a whole; its message starts with its own file:line, which becomes the place."""
    match = _PLACED.match(str(error))
    if match:
        return Finding("error", _shown_place(match.group(1)), match.group(2), card)
    return Finding("error", "", str(error), card)


def _merged(found: list[Finding]) -> list[Finding]:
    """One finding per problem: the first card that shows it, and how many more do."""
    first: dict[tuple[str, str, str], Finding] = {}
    for finding in found:
        key = (finding.level, finding.place, finding.message)
        if key in first:
            first[key] = Finding(*key, first[key].card, first[key].more + 1)
        else:
            first[key] = finding
    return list(first.values())


def _shown(path: Path) -> str:
    """A path relative to the working folder when it is inside it, as editors and terminals link it."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)
    return str(path) if relative.startswith("..") else relative


def _shown_place(place: str) -> str:
    path, sep, line = place.rpartition(":")
    return f"{_shown(Path(path))}:{line}" if sep and line.isdigit() else _shown(Path(place))
