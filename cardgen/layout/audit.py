"""What `cardgen check` finds in a game's layouts: every face of every card laid out, nothing written.

It lays cards out with the build's own Composer, which notes each box's problems instead of
stopping at the first: template errors, names no column has, art files that are not there, markup
that ate characters, text that does not fit, information inside the deck's safe zone and type under
6 pt (cardgen.layout.safe_zone); and, once the deck is done, the columns it declares that no box
read. Each finding names the layout file and line of the setting, and the card's deck, id, printed
name and CSV file:line (or the deck's header, for a column no card could have).

A problem that shows on many cards is one finding: its first card and how many more (`grouped`);
markup that ate characters is one finding per box, saying what each card lost; the copies of a repeated
box share one finding about their settings. The build groups its warnings the same way.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from pathlib import Path
from collections.abc import Iterable

from cardgen.gamedata import Card, Deck, Game
from cardgen.gamedata.tomlplaces import TomlPlaces
from cardgen.layout.compose import Composer, Note, layout_names
from cardgen.layout.template_names import IMPLICIT
from cardgen.layout.icons import check_glyphs
from cardgen.layout.markup import EATEN, eaten_on_cards
from cardgen.layout.safe_zone import Fact, describe
from cardgen.layout.spec import LayoutError, each_error

BLEED = 3.0  # the build's default: geometry over `bleed` is checked as it usually prints
_PLACED = re.compile(r"(.+?:\d+): (.*)", re.S)  # a message that starts with its own file:line


@dataclass(frozen=True)
class Seen:
    """Where a finding shows: one card, the back every card of a deck shares, or a deck as a whole."""

    deck: str       # the deck's id
    text: str       # the whole description, as a finding about one card ends
    short: str = ""  # a card's description once its deck is named ("card 'y-1' \"Year 1\" at years.csv:2")
    card: str = ""   # the card's id, for messages that list the cards

    @property
    def is_card(self) -> bool:
        return bool(self.short)


@dataclass(frozen=True)
class Finding:
    """One problem of a layout, where it is written and where it shows (`seen`: one place, or every card
    that shows it when it was grouped)."""

    level: str                    # "error" or "warning"
    place: str                    # the layout file:line of the setting ("" when the message names its own place)
    message: str
    seen: tuple[Seen, ...]
    facts: tuple[Fact, ...] = ()  # for measurements: what each card measured, in the order of `seen`
    subject: str = ""             # for measurements: "box 'name'", which the message starts with
    eaten: tuple[tuple[str, str], ...] = ()  # markup that ate characters: (card, what it ate there), per card

    def __str__(self) -> str:
        where = f"{self.place}: " if self.place else ""
        return f"{where}{self.level}: {self.message} [{self.where()}]"

    def text(self) -> str:
        """The finding without its level, as a build lists its warnings."""
        where = f"{self.place}: " if self.place else ""
        return f"{where}{self.message} [{self.where()}]"

    def where(self) -> str:
        """The place it shows, or for many cards: how many, of which decks, and the first."""
        if len(self.seen) == 1:
            return self.seen[0].text
        decks = list(dict.fromkeys(seen.deck for seen in self.seen))
        named = ", ".join(repr(deck) for deck in decks[:-1]) + (" and " if len(decks) > 1 else "") + repr(decks[-1])
        first = next((seen for seen in self.seen if seen.is_card), self.seen[0])
        noun = "cards" if all(seen.is_card for seen in self.seen) else "faces"
        return (f"{len(self.seen)} {noun} of deck{'s' if len(decks) > 1 else ''} {named}, first "
                f"{first.short or first.text}; cardgen check --verbose lists every card")

    def as_error(self) -> Finding:
        return replace(self, level="error")


def audit(game: Game, group: bool = True) -> list[Finding]:
    """Every layout problem of the game, errors and warnings, in the order the decks and cards come;
    a problem many cards show is one finding unless `group` is false."""
    composer = Composer(game, BLEED)
    composer.measure_ink = True
    found: list[Finding] = [Finding("error", f"{_shown(game.root / 'game.toml')}", problem, (Seen("", "every deck"),))
                            for problem in check_glyphs(game.icons)]
    for deck in game.decks:
        found += _deck(composer, deck)
    return grouped(found) if group else found


def seen_on(deck: Deck, card: Card | None) -> Seen:
    """Where a note about `card` of `deck` shows (the deck's shared back for None)."""
    if card is None:
        return Seen(deck.id, f"the back of deck {deck.id!r}")
    short = f"card {card.id!r} {_quoted(card.name)} at {_shown(card.file)}:{card.line}"
    return Seen(deck.id, f"card {card.id!r} {_quoted(card.name)} of deck {deck.id!r} at "
                         f"{_shown(card.file)}:{card.line}", short, card.id)


def note_finding(note: Note, seen: Seen, every_copy: bool = False) -> Finding:
    """A composer's note about one box on one face as a finding; `every_copy`: a note about a repeated box's
    settings, which every copy shares, names the box as written (so does one about its `repeat`)."""
    box = note.box
    subject = f"box {box.repeats if box.repeats and (every_copy or note.key == 'repeat') else box.name!r}"
    facts = (note.fact,) if note.fact else ()
    ate = ((f"card {seen.card!r}" if seen.card else seen.text, note.message),) \
        if note.message.startswith(f"{EATEN}: ") else ()
    return Finding(note.level, _shown_place(box.place(note.key)), f"{subject}: {note.message}", (seen,),
                   facts, subject, ate)


def grouped(found: Iterable[Finding]) -> list[Finding]:
    """One finding per problem, in the order they first show: the same message at the same place, or the
    same measurement of the same box (the safe zone, small type), with every card that shows it."""
    first: dict[tuple, Finding] = {}
    for finding in found:
        if finding.facts:
            fact = finding.facts[0]
            key: tuple = (finding.level, finding.place, finding.subject, fact.topic, fact.what, fact.limit)
        elif finding.eaten:  # once per box, whatever each card's text lost
            key = (finding.level, finding.place, finding.subject, EATEN)
        else:
            key = (finding.level, finding.place, finding.message)
        if key not in first:
            first[key] = finding
            continue
        earlier = first[key]
        facts, ate = earlier.facts + finding.facts, earlier.eaten + finding.eaten
        message = f"{earlier.subject}: {describe(facts)}" if facts else \
            f"{earlier.subject}: {eaten_on_cards(list(ate))}" if ate else earlier.message
        first[key] = replace(earlier, message=message, seen=earlier.seen + finding.seen, facts=facts, eaten=ate)
    return list(first.values())


def _deck(composer: Composer, deck: Deck) -> list[Finding]:
    header = Seen(deck.id, f"deck {deck.id!r}, header of {_shown(deck.file)}:1")
    broken: list[Finding] = []
    readable = set()
    for name in sorted(layout_names(deck)):  # every problem of every layout, not only the first layout's first
        try:
            composer.layout(name)
            readable.add(name)
        except LayoutError as error:
            broken += [_failed(single, header) for single in each_error(error)]
    try:
        static = composer.problems(deck, readable)
    except LayoutError as error:
        return broken + [_failed(single, header) for single in each_error(error)]
    named = {(note.box.place(note.key), note.box.name) for note in static}  # each card would say it again
    static = _once(static)
    if broken:  # a layout that cannot be read: its cards cannot be laid out, but the names the others use are said
        return broken + [note_finding(note, header, every_copy=True) for note in static]
    found = [note_finding(note, header, every_copy=True) for note in static]

    def lay_out(seen: Seen, faces) -> None:
        composer.notes = []
        for face in faces:  # the back is laid out even when the front could not be
            try:
                face()
            except LayoutError as error:
                found.extend(_failed(single, seen) for single in each_error(error))
        found.extend(note_finding(note, seen) for note in composer.notes
                     if (note.box.place(note.key), note.box.name) not in named)
        composer.notes = None

    try:
        varies = composer.back_varies(deck)
    except LayoutError as error:
        return found + [_failed(error, header)]
    composer.read = set()
    for index, card in enumerate(deck.cards, start=1):
        faces = [lambda: composer.front(deck, card, index)]  # noqa: B023 - lay_out calls the faces at once, in this iteration
        if varies:
            faces.append(lambda: composer.back(deck, card, index))  # noqa: B023
        lay_out(seen_on(deck, card), faces)
    if not varies:
        lay_out(seen_on(deck, None), [lambda: composer.back(deck)])
    read, composer.read = composer.read, None
    if deck.cards and not static and not any(f.level == "error" for f in found):  # every face laid out whole
        found += _unprinted(deck, read)
    return found


def _once(notes: list[Note]) -> list[Note]:
    """The notes, each copy of a repeated box's note once (its settings, and their names, are the copies')."""
    seen: set[tuple[str, str, str]] = set()
    kept = []
    for note in notes:
        key = (note.box.place(note.key), note.box.repeats or note.box.name, note.message)
        if key not in seen:
            seen.add(key)
            kept.append(note)
    return kept


def _unprinted(deck: Deck, read: set[str]) -> list[Finding]:
    """A warning for each column the deck declares that no box of its layouts read on any card."""
    toml = deck.file.parent / "game.toml"
    places = TomlPlaces(toml.read_text(encoding="utf-8")) if toml.is_file() else None
    found = []
    for column in deck.columns:
        if column.name in IMPLICIT or column.name in read or not column.printed:
            continue
        line = places.line("decks", deck.id, "columns", column.name) if places else None
        layouts = sorted({card.layout for card in deck.cards})
        found.append(Finding("warning", f"{_shown(toml)}:{line}" if line else _shown(toml),
                             f"column {column.name!r} is printed nowhere: no box of the layout"
                             f"{'s' if len(layouts) > 1 else ''} {', '.join(map(repr, layouts))} reads "
                             f"card.{column.name} (print it, or say printed = false in the column if it is data no "
                             "card shows)",
                             (Seen(deck.id, f"deck {deck.id!r}, header of {_shown(deck.file)}:1"),)))
    return found


def split_place(message: str) -> tuple[str, str]:
    """A message that starts with its own file:line as (that place as shown, the rest); ("", message) otherwise."""
    match = _PLACED.match(message)
    return (_shown_place(match.group(1)), match.group(2)) if match else ("", message)


def _failed(error: LayoutError, seen: Seen) -> Finding:
    """A layout that failed as a whole; its message starts with its own file:line, which becomes the place."""
    match = _PLACED.match(str(error))
    if match:
        return Finding("error", _shown_place(match.group(1)), match.group(2), (seen,))
    return Finding("error", "", str(error), (seen,))


def _quoted(name: str) -> str:
    return '"' + name.replace('"', "'") + '"'


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
